//! The director's cross-check (`klaver score --compare`): klaver's matchpoints, board
//! percentages, totals, percentages and ranks against the ones a file publishes.
//!
//! A figure agrees when it shows as the published one at the precision the file prints:
//! a percentage of 3.43 agrees with 24/7, a matchpoint figure printed with one decimal
//! agrees to the nearest tenth. A matchpoint figure printed as a whole number is exact
//! unless others of its column carry decimals (then it is that column's precision): 10
//! does not agree with 9.8. Percentages are always rounded to what is printed.

use crate::exchange::{Figure, Imported, PublishedTotal};
use klaver_core::imps::{ImpPairResult, ImpPoints};
use klaver_core::matchpoints::Outcome;
use klaver_core::session::{PairResult, SessionResult};
use num_rational::Ratio;
use std::collections::{BTreeMap, BTreeSet};

/// One difference between klaver's figures and the published ones.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Difference {
    /// The line (or element) of the file.
    pub line: Option<u32>,
    /// The board, for a traveller line.
    pub board: Option<u32>,
    /// What differs, with both figures.
    pub message: String,
}

impl std::fmt::Display for Difference {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Some(l) = self.line {
            write!(f, "line {l}: ")?;
        }
        if let Some(b) = self.board {
            write!(f, "board {b}: ")?;
        }
        f.write_str(&self.message)
    }
}

/// The outcome of the cross-check.
#[derive(Debug, Clone, Default)]
pub struct Comparison {
    /// Traveller lines with published matchpoints that were compared.
    pub lines_checked: usize,
    /// Pairs with a published total, percentage or rank that were compared.
    pub pairs_checked: usize,
    /// Every figure that differs.
    pub differences: Vec<Difference>,
    /// What the director should know that is not a difference (a tie the file breaks by
    /// a rule it does not state).
    pub notes: Vec<String>,
    /// Published figures that were not compared, each with why: a column klaver does not
    /// read, or figures of another scoring (IMPs in a matchpoint comparison).
    pub warnings: Vec<String>,
}

/// Why a file's master points are left out of a comparison.
const MASTER_POINTS_NOT_COMPARED: &str = "klaver does not work out master points";

/// The warnings of the published list's columns that a comparison leaves out: those
/// `compared` does not accept, each with why.
fn columns_not_compared(
    imported: &Imported,
    compared: impl Fn(Figure) -> bool,
    why: impl Fn(Figure) -> &'static str,
) -> Vec<String> {
    imported
        .total_columns
        .iter()
        .filter(|c| !compared(c.figure))
        .map(|c| {
            format!(
                "the published column {} (line {}) is not compared: {}",
                c.name,
                c.line,
                why(c.figure)
            )
        })
        .collect()
}

/// A published number: `^` (artificial), `%` and spaces are ignored; a decimal comma is
/// read as a point. Returns the value and the number of decimals printed.
pub(crate) fn published_number(text: &str) -> Option<(f64, usize)> {
    let t = text
        .trim()
        .trim_start_matches('^')
        .trim_end_matches('%')
        .trim()
        .replace(',', ".");
    let v: f64 = t.parse().ok()?;
    if !v.is_finite() {
        return None;
    }
    let decimals = t.split_once('.').map(|(_, d)| d.len()).unwrap_or(0);
    Some((v, decimals))
}

/// Whether a computed figure shows as the published one rounded to `decimals`.
fn agrees(computed: f64, published: f64, decimals: usize) -> bool {
    let tol = 0.5 * 10f64.powi(-(decimals.min(12) as i32)) + 1e-9;
    (computed - published).abs() <= tol
}

/// How a file prints its matchpoint figures.
#[derive(Clone, Copy)]
struct Printed {
    /// The most decimals printed in the column.
    column: usize,
    /// Whether the program rounds matchpoints to what it prints (Ruter prints whole
    /// numbers in a session whose boards all come out whole, though an average-plus at the
    /// pair's session percentage may not: 1.5 is printed 2).
    rounded: bool,
}

/// Whether a computed matchpoint figure is the published one: exact for a whole number
/// in a column of whole numbers (unless the program rounds), else at the column's
/// precision.
fn agrees_points(computed: f64, (published, decimals): (f64, usize), printed: Printed) -> bool {
    match decimals.max(printed.column) {
        0 if !printed.rounded => (computed - published).abs() <= 1e-6,
        d => agrees(computed, published, d),
    }
}

fn ratio_f64(r: Ratio<i64>) -> f64 {
    *r.numer() as f64 / *r.denom() as f64
}

fn fmt2(x: f64) -> String {
    let s = format!("{x:.2}");
    s.strip_suffix(".00").map(str::to_string).unwrap_or(s)
}

/// A published cell: `None` when it cannot be read, `Some(None)` when it is empty.
fn cell(s: &str) -> Option<Option<(f64, usize)>> {
    let t = s.trim().trim_start_matches('^');
    if t.is_empty() || t == "-" || t == "--" {
        Some(None)
    } else {
        published_number(t).map(Some)
    }
}

/// A published cell as a message shows it: `-` when the file leaves it empty (a file
/// that publishes one side's matchpoints only).
fn cell_shown(s: &str) -> &str {
    match s.trim() {
        "" => "-",
        t => t,
    }
}

/// The most decimals printed in a column of published figures.
fn column_decimals<'a>(cells: impl Iterator<Item = &'a str>) -> usize {
    cells
        .filter_map(|c| published_number(c).map(|(_, d)| d))
        .max()
        .unwrap_or(0)
}

/// Compares klaver's figures with the file's published ones. `centred` is the points per
/// comparison won (2 European, 1 ACBL) when the file publishes centred matchpoints.
pub fn compare(imported: &Imported, result: &SessionResult, centred: Option<i64>) -> Comparison {
    let check = Check {
        imported,
        result,
        centred,
        line_decimals: column_decimals(
            imported
                .event
                .lines
                .iter()
                .filter_map(|l| l.published())
                .flat_map(|(a, b)| [a, b]),
        ),
        total_decimals: column_decimals(imported.totals.iter().map(|t| t.total.as_str())),
        session_boards: session_boards(imported),
        totals_are_percentages: false,
        places_apart: places_apart(imported, result),
    };
    let check = Check {
        totals_are_percentages: check.totals_are_percentages(),
        ..check
    };
    let mut out = Comparison {
        warnings: columns_not_compared(
            imported,
            |f| matches!(f, Figure::Rank | Figure::Total | Figure::Percentage),
            |f| match f {
                Figure::Imps => "it holds IMPs; give --form cross-imps or butler to compare it",
                Figure::MasterPoints => MASTER_POINTS_NOT_COMPARED,
                _ => "klaver does not read it",
            },
        ),
        ..Comparison::default()
    };
    if !imported.line_imps.is_empty() {
        out.warnings.push(
            "the traveller lines' published IMPs are not compared with matchpoints: give --form cross-imps or butler to compare them".into(),
        );
    }
    if check.places_apart {
        out.warnings.push(
            "the file places North-South and East-West apart (a place 1 in each direction): its places were not compared with klaver's one ranking; give --fields separate to compare them".into(),
        );
    }
    if check.totals_are_percentages {
        out.notes.push(
            "the file's totals are percentages (as some programs write USEBIO's TOTAL_SCORE): they are compared with klaver's percentages".into(),
        );
    }
    for i in 0..imported.event.results.len() {
        check.line_percentages(i, &mut out);
        check.line_points(i, &mut out);
    }
    if let Some(why) = check.totals_beyond_this_file() {
        // A list of an event's totals over several sessions: not this file's to check.
        out.notes.push(format!(
            "the published list holds more than this file's boards ({why}): its totals are the whole event's, so only the traveller lines are compared"
        ));
        return out;
    }
    for t in &imported.totals {
        check.total(t, &mut out);
    }
    out
}

/// What the cross-check compares, and the precision of the file's columns.
struct Check<'a> {
    imported: &'a Imported,
    result: &'a SessionResult,
    centred: Option<i64>,
    /// Decimals printed in the traveller lines' matchpoints.
    line_decimals: usize,
    /// Decimals printed in the totals.
    total_decimals: usize,
    /// The boards of each section's session: every board with a line in the section,
    /// whether or not any one pair played them all.
    session_boards: BTreeMap<String, u32>,
    /// The published totals are the pairs' percentages.
    totals_are_percentages: bool,
    /// The file places each direction on its own while klaver ranks them together.
    places_apart: bool,
}

/// The boards played in each section (by the section of the North-South pair of each
/// line): the boards over which a program such as Ruter restates the totals of pairs
/// that sat out some of them.
fn session_boards(imported: &Imported) -> BTreeMap<String, u32> {
    let e = &imported.event;
    let mut boards: BTreeMap<&str, BTreeSet<u32>> = BTreeMap::new();
    for r in &e.results {
        if let Some(p) = e.pairs.get(r.ns_pair()) {
            boards.entry(&p.section).or_default().insert(r.board);
        }
    }
    boards
        .into_iter()
        .map(|(section, b)| (section.to_string(), b.len() as u32))
        .collect()
}

/// Whether the published list places North-South and East-West each on its own (a
/// place 1 in each direction of a section) while `result` ranks them together.
fn places_apart(imported: &Imported, result: &SessionResult) -> bool {
    result.pairs.iter().all(|p| p.field.is_none())
        && crate::exchange::placed_per_direction(&imported.totals)
}

impl Check<'_> {
    /// How the file prints a column of matchpoint figures with these decimals.
    fn printed(&self, column: usize) -> Printed {
        Printed {
            column,
            rounded: self.imported.program.starts_with("Ruter"),
        }
    }

    /// Matchpoints as the file shows them: centred (beaten minus lost) or plain.
    fn shown(&self, mp: Ratio<i64>, top: i64) -> f64 {
        match self.centred {
            Some(w) => (ratio_f64(mp) - top as f64 / 2.0) * 2.0 / w.max(1) as f64,
            None => ratio_f64(mp),
        }
    }

    /// "NS 3 v EW 7", for messages.
    fn names(&self, i: usize) -> String {
        let e = &self.imported.event;
        let r = &e.results[i];
        format!(
            "NS {} v EW {}",
            e.pairs[r.ns_pair()].id,
            e.pairs[r.ew_pair()].id
        )
    }

    fn differ(out: &mut Comparison, line: u32, board: Option<u32>, message: String) {
        out.differences.push(Difference {
            line: (line > 0).then_some(line),
            board,
            message,
        });
    }

    /// A traveller line's published board percentages (PBN `Percentage_NS`/`_EW`).
    fn line_percentages(&self, i: usize, out: &mut Comparison) {
        let e = &self.imported.event;
        let r = &e.results[i];
        let Some((pns, pew)) = self
            .imported
            .line_percentages
            .get(&r.line())
            .filter(|_| r.line() > 0)
        else {
            return;
        };
        let top = self.result.points.get_top(i).unwrap_or(0);
        let Some(p) = self
            .result
            .points
            .get(i)
            .copied()
            .flatten()
            .filter(|_| top > 0)
        else {
            return;
        };
        let pct = |x: Ratio<i64>| ratio_f64(x) * 100.0 / top as f64;
        let (cns, cew) = (pct(p.ns), pct(p.ew));
        let read = |s: &str| published_number(s.trim().trim_start_matches('^'));
        let ok = read(pns).is_none_or(|(v, d)| agrees(cns, v, d))
            && read(pew).is_none_or(|(v, d)| agrees(cew, v, d));
        if e.lines.get(i).is_none_or(|l| l.published().is_none()) {
            out.lines_checked += 1;
        }
        if !ok {
            let message = format!(
                "{}: published {} / {} %, klaver {} / {} %",
                self.names(i),
                cell_shown(pns),
                cell_shown(pew),
                fmt2(cns),
                fmt2(cew)
            );
            Self::differ(out, r.line(), Some(r.board), message);
        }
    }

    /// A traveller line's published matchpoints.
    fn line_points(&self, i: usize, out: &mut Comparison) {
        let e = &self.imported.event;
        let r = &e.results[i];
        let Some((pns, pew)) = e.lines.get(i).and_then(|l| l.published()) else {
            return;
        };
        out.lines_checked += 1;
        let names = self.names(i);
        let top = self.result.points.get_top(i).unwrap_or(0);
        let computed = self.result.points.get(i).copied().flatten();
        let message = match (cell(pns), cell(pew), computed) {
            (None, _, _) | (_, None, _) => Some(format!(
                "{names}: cannot read the published matchpoints {pns:?} / {pew:?}"
            )),
            (Some(None), Some(None), None) => None,
            (Some(a), Some(b), Some(p)) => {
                let (cns, cew) = (self.shown(p.ns, top), self.shown(p.ew, top));
                let printed = self.printed(self.line_decimals);
                let ok = a.is_none_or(|v| agrees_points(cns, v, printed))
                    && b.is_none_or(|v| agrees_points(cew, v, printed));
                (!ok).then(|| {
                    format!(
                        "{names}: published {} / {} matchpoints, klaver {} / {}",
                        cell_shown(pns),
                        cell_shown(pew),
                        fmt2(cns),
                        fmt2(cew)
                    )
                })
            }
            (Some(_), Some(_), None) => Some(format!(
                "{names}: published {} / {} matchpoints, but klaver does not score this line ({})",
                cell_shown(pns),
                cell_shown(pew),
                match r.outcome {
                    Outcome::NotPlayed => "not played",
                    _ => "no matchpoints",
                }
            )),
        };
        if let Some(m) = message {
            Self::differ(out, r.line(), Some(r.board), m);
        }
    }

    /// A pair's published total, percentage and rank.
    fn total(&self, t: &PublishedTotal, out: &mut Comparison) {
        let e = &self.imported.event;
        let Some(pi) = e
            .pairs
            .iter()
            .position(|p| p.id == t.pair && p.section == t.section)
        else {
            let message = format!(
                "pair {} is on the published list but has no results",
                t.pair
            );
            return Self::differ(out, t.line, None, message);
        };
        let Some(pr) = self.result.pairs.iter().find(|p| p.pair == pi) else {
            return;
        };
        out.pairs_checked += 1;
        let problems = self.total_problems(t, pr, &mut out.notes);
        if !problems.is_empty() {
            let message = format!("pair {}: {}", t.pair, problems.join("; "));
            Self::differ(out, t.line, None, message);
        }
    }

    /// Why the published totals cannot come from this file's boards alone, if they cannot:
    /// at least two, and at least half, of the published totals are more than any pair
    /// could score here (a list that spans several sessions). Only plain (not centred)
    /// totals can tell.
    fn totals_beyond_this_file(&self) -> Option<String> {
        if self.centred.is_some() || self.totals_are_percentages {
            return None;
        }
        // The most any pair could score from this file's boards.
        let max = self
            .result
            .pairs
            .iter()
            .map(|p| p.max as f64 * self.restated(p))
            .fold(0.0, f64::max);
        let totals: Vec<(&PublishedTotal, f64)> = self
            .imported
            .totals
            .iter()
            .filter_map(|t| Some((t, published_number(&t.total)?.0)))
            .collect();
        let beyond: Vec<&(&PublishedTotal, f64)> =
            totals.iter().filter(|(_, v)| *v > max + 0.5).collect();
        // One impossible figure is a wrong figure; most of the list is another event.
        if beyond.len() < 2 || beyond.len() * 2 < totals.len() {
            return None;
        }
        let (t, _) = beyond[0];
        Some(format!(
            "pair {}: {} published, at most {} here",
            t.pair,
            t.total.trim(),
            fmt2(max)
        ))
    }

    /// Whether the file's total column holds percentages: more of its figures agree
    /// with klaver's percentages than with its totals, and at least half do. A single
    /// pair's figure is never taken either way on its own.
    fn totals_are_percentages(&self) -> bool {
        let e = &self.imported.event;
        let (mut as_points, mut as_percent, mut n) = (0, 0, 0);
        for t in &self.imported.totals {
            let Some(v) = published_number(&t.total) else {
                continue;
            };
            let Some(pr) = e
                .pairs
                .iter()
                .position(|p| p.id == t.pair && p.section == t.section)
                .and_then(|pi| self.result.pairs.iter().find(|p| p.pair == pi))
            else {
                continue;
            };
            n += 1;
            let (total, percentage) = self.total_as_published(pr);
            as_points += usize::from(agrees_points(total, v, self.printed(self.total_decimals)));
            as_percent += usize::from(percentage.is_some_and(|c| agrees(c, v.0, v.1)));
        }
        as_percent > as_points && as_percent * 2 >= n
    }

    /// How many times its own boards a pair's total is restated: Ruter restates a pair
    /// that played fewer boards over every board of its section's session, each board it
    /// did not play credited with its own average. 1 for other programs.
    fn restated(&self, pr: &PairResult) -> f64 {
        if !self.imported.program.starts_with("Ruter") || pr.boards == 0 {
            return 1.0;
        }
        let session = self
            .session_boards
            .get(section_of(self.imported, pr.pair))
            .copied()
            .unwrap_or(pr.boards);
        f64::from(session.max(pr.boards)) / f64::from(pr.boards)
    }

    /// A pair's total and percentage as the file states them, restated over the
    /// session's boards (the director's penalties left out of the restating, and added
    /// after).
    fn total_as_published(&self, pr: &PairResult) -> (f64, Option<f64>) {
        let scale = self.restated(pr);
        let penalty = ratio_f64(pr.penalty);
        let total = (pr.total.to_f64() - penalty) * scale + penalty;
        let max = pr.max as f64 * scale;
        let percentage = pr.percentage.as_ref().map(|_| total * 100.0 / max);
        let shown = match self.centred {
            Some(w) => (total - max / 2.0) * 2.0 / w.max(1) as f64,
            None => total,
        };
        (shown, percentage)
    }

    fn total_problems(
        &self,
        t: &PublishedTotal,
        pr: &PairResult,
        notes: &mut Vec<String>,
    ) -> Vec<String> {
        let mut problems = Vec::new();
        let (total, percentage) = self.total_as_published(pr);
        if let Some(v) = published_number(&t.total) {
            let (c, ok) = if self.totals_are_percentages {
                let c = percentage.unwrap_or(f64::NAN);
                (c, agrees(c, v.0, v.1))
            } else {
                (
                    total,
                    agrees_points(total, v, self.printed(self.total_decimals)),
                )
            };
            if !ok {
                problems.push(format!(
                    "total published {}, klaver {}",
                    t.total.trim(),
                    fmt2(c)
                ));
            }
        }
        if let Some((v, d)) = published_number(&t.percentage) {
            let c = percentage;
            if c.is_none_or(|c| !agrees(c, v, d)) {
                problems.push(format!(
                    "percentage published {}, klaver {}",
                    t.percentage.trim(),
                    c.map(fmt2).unwrap_or_else(|| "none".into())
                ));
            }
        }
        let tie = self
            .result
            .pairs
            .iter()
            .filter(|p| p.rank == pr.rank && p.field == pr.field)
            .filter(|p| section_of(self.imported, p.pair) == section_of(self.imported, pr.pair))
            .count();
        match rank_check(t, pr.rank, tie) {
            _ if self.places_apart => {}
            Ok(None) => {}
            Ok(Some(note)) => notes.push(format!("pair {}: {note}", t.pair)),
            Err(message) => problems.push(message),
        }
        problems
    }
}

fn section_of(imported: &Imported, pair: usize) -> &str {
    imported
        .event
        .pairs
        .get(pair)
        .map_or("", |p| p.section.as_str())
}

/// A shared rank's published last place (PBN `RankTie`) against klaver's tie of `tie`
/// pairs at rank `r`: a file that states places 4-6 where klaver ties two pairs differs.
fn shared_places(t: &PublishedTotal, r: u32, tie: usize) -> Result<Option<String>, String> {
    let Ok(last) = t.rank_tie.trim().parse::<u32>() else {
        return Ok(None);
    };
    let ours = r + tie.max(1) as u32 - 1;
    if last == ours {
        return Ok(None);
    }
    let shown = if ours == r {
        format!("{r}, not shared")
    } else {
        format!("{r}-{ours}")
    };
    Err(format!(
        "places published {}-{last}, klaver {shown}",
        t.rank.trim()
    ))
}

/// A published rank against klaver's, whose rank is shared by `tie` pairs: `Ok(None)`
/// when they agree, `Ok(Some(note))` when the file ranks apart pairs that klaver ties
/// exactly (a tie-break the file does not name: klaver leaves the tie shared), `Err`
/// when they differ.
fn rank_check(t: &PublishedTotal, rank: Option<u32>, tie: usize) -> Result<Option<String>, String> {
    let published = &t.rank;
    let digits: String = published.chars().filter(char::is_ascii_digit).collect();
    let Ok(p) = digits.parse::<u32>() else {
        return Ok(None);
    };
    match rank {
        Some(r) if r == p => shared_places(t, r, tie),
        Some(r) if tie > 1 && p > r && p < r + tie as u32 => Ok(Some(format!(
            "ranked {p} in the file and {r}= by klaver: it ties exactly with {}, and the file breaks the tie by a rule it does not state; klaver leaves the tie shared",
            match tie - 1 {
                1 => "another pair".to_string(),
                n => format!("{n} other pairs"),
            }
        ))),
        _ => Err(format!(
            "rank published {}, klaver {}",
            published.trim(),
            rank.map(|r| r.to_string()).unwrap_or_else(|| "none".into())
        )),
    }
}

/// Compares an IMP form's figures with the ones the file publishes: each line's IMPs
/// (PBN `IMP_NS`/`IMP_EW`) and each pair's total IMPs, IMPs per board and rank (PBN
/// `TotalIMP`, `MeanIMP`, `Rank`), each at the precision printed.
pub fn compare_imps(
    imported: &Imported,
    points: &[Option<ImpPoints>],
    pairs: &[ImpPairResult],
) -> Comparison {
    let e = &imported.event;
    let mut out = Comparison::default();
    for (i, r) in e.results.iter().enumerate() {
        let Some((pns, pew)) = imported.line_imps.get(&r.line()).filter(|_| r.line() > 0) else {
            continue;
        };
        out.lines_checked += 1;
        let computed = points.get(i).copied().flatten();
        let ok = match (cell(pns), cell(pew), computed) {
            (Some(a), Some(b), Some(p)) => {
                a.is_none_or(|(v, d)| agrees(ratio_f64(p.ns), v, d))
                    && b.is_none_or(|(v, d)| agrees(ratio_f64(p.ew), v, d))
            }
            (Some(None), Some(None), None) => true,
            _ => false,
        };
        if !ok {
            let shown = |p: Option<ImpPoints>| match p {
                Some(p) => format!("{} / {}", fmt2(ratio_f64(p.ns)), fmt2(ratio_f64(p.ew))),
                None => "none (not played)".into(),
            };
            let message = format!(
                "NS {} v EW {}: published {} / {} IMPs, klaver {}",
                e.pairs[r.ns_pair()].id,
                e.pairs[r.ew_pair()].id,
                cell_shown(pns),
                cell_shown(pew),
                shown(computed)
            );
            Check::differ(&mut out, r.line(), Some(r.board), message);
        }
    }
    // A list of matchpoint totals says nothing about IMPs, not even its ranks.
    let imp_list = imported
        .totals
        .iter()
        .any(|t| !t.imps.trim().is_empty() || !t.mean_imps.trim().is_empty());
    let boards = session_boards(imported);
    for t in imported.totals.iter().filter(|_| imp_list) {
        imp_total(imported, t, pairs, &boards, &mut out);
    }
    out.warnings = imp_warnings(imported, imp_list);
    out
}

/// The published figures an IMP comparison leaves out: matchpoint and percentage
/// columns (and the ranks of a list without IMPs), columns klaver does not read, and
/// the traveller lines' matchpoints or percentages.
fn imp_warnings(imported: &Imported, imp_list: bool) -> Vec<String> {
    let mut warnings = columns_not_compared(
        imported,
        |f| f == Figure::Imps || (imp_list && f == Figure::Rank),
        |f| match f {
            Figure::Unread => "klaver does not read it",
            Figure::MasterPoints => MASTER_POINTS_NOT_COMPARED,
            Figure::Rank => "the list publishes no IMPs, so its places follow another scoring",
            _ => "it holds matchpoints or percentages, not IMPs; compare it without --form",
        },
    );
    let line_points = imported.event.lines.iter().any(|l| l.published().is_some());
    if line_points || !imported.line_percentages.is_empty() {
        warnings.push(
            "the traveller lines' published matchpoints or percentages are not compared with IMPs: compare them without --form".into(),
        );
    }
    warnings
}

/// A pair's published total IMPs, IMPs per board and rank.
fn imp_total(
    imported: &Imported,
    t: &PublishedTotal,
    pairs: &[ImpPairResult],
    session_boards: &BTreeMap<String, u32>,
    out: &mut Comparison,
) {
    let e = &imported.event;
    let Some(pr) = e
        .pairs
        .iter()
        .position(|p| p.id == t.pair && p.section == t.section)
        .and_then(|pi| pairs.iter().find(|p| p.pair == pi))
    else {
        let message = format!(
            "pair {} is on the published list but has no results",
            t.pair
        );
        return Check::differ(out, t.line, None, message);
    };
    out.pairs_checked += 1;
    let mut problems = Vec::new();
    let restated = session_boards
        .get(&t.section)
        .filter(|&&n| n > pr.boards && pr.boards > 0)
        .map(|&n| (n, pr.total.to_f64() * f64::from(n) / f64::from(pr.boards)));
    let figures = [
        ("total", &t.imps, Some(pr.total.to_f64())),
        (
            "IMPs per board",
            &t.mean_imps,
            pr.per_board.as_ref().map(|x| x.to_f64()),
        ),
    ];
    for (what, published, computed) in figures {
        if let Some((v, d)) = published_number(published)
            && computed.is_none_or(|c| !agrees(c, v, d))
        {
            // A pair that sat out: the file may state its total over every board.
            let over = match restated.filter(|_| what == "total") {
                Some((n, r)) => format!(
                    " (over its {} boards; {} restated over the session's {n})",
                    pr.boards,
                    fmt2(r)
                ),
                None => String::new(),
            };
            problems.push(format!(
                "{what} published {}, klaver {}{over}",
                published.trim(),
                computed.map(fmt2).unwrap_or_else(|| "none".into())
            ));
        }
    }
    let tie = pairs.iter().filter(|p| p.rank == pr.rank).count();
    match rank_check(t, pr.rank, tie) {
        Ok(None) => {}
        Ok(Some(note)) => out.notes.push(format!("pair {}: {note}", t.pair)),
        Err(message) => problems.push(message),
    }
    if !problems.is_empty() {
        let message = format!("pair {}: {}", t.pair, problems.join("; "));
        Check::differ(out, t.line, None, message);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn published_numbers_at_their_precision() {
        assert_eq!(published_number("^3,43%"), Some((3.43, 2)));
        assert!(agrees(24.0 / 7.0, 3.43, 2));
        assert!(!agrees(24.0 / 7.0, 3.42, 2));
        assert!(agrees(7.5, 7.5, 1));
        assert_eq!(published_number("abc"), None);
        assert_eq!(published_number("NaN"), None);
    }

    #[test]
    fn a_whole_number_of_matchpoints_is_exact_unless_its_column_prints_decimals() {
        let exact = |column| Printed {
            column,
            rounded: false,
        };
        // 10 printed in a column of whole numbers: 9.8 does not agree.
        assert!(!agrees_points(9.8, (10.0, 0), exact(0)));
        assert!(agrees_points(10.0, (10.0, 0), exact(0)));
        // 10 in a column that prints tenths (9.8, 10, 4.3) stands for 10.0.
        assert!(agrees_points(9.96, (10.0, 0), exact(1)));
        assert!(!agrees_points(9.8, (10.0, 0), exact(1)));
        // A program that rounds to what it prints: 1.5 is printed 2, 1.4 is not.
        let rounded = Printed {
            column: 0,
            rounded: true,
        };
        assert!(agrees_points(1.5, (2.0, 0), rounded));
        assert!(!agrees_points(1.4, (2.0, 0), rounded));
        assert_eq!(column_decimals(["9.8", "10", "^4.25", "-"].into_iter()), 2);
    }
}
