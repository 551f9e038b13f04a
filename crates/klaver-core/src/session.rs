//! A pairs session from travellers to the result list (SPEC sections 3 and 4; seed 000
//! "De Uitslag").
//!
//! The travellers are checked (a pair on both sides of a table, a pair playing a board
//! twice, pairs from different sections at one table), every board is matchpointed within
//! its comparison group (a section, or the whole field when the sections are scored
//! top-integral), and each pair gets its total, its maximum (the top times the boards it
//! played), its percentage, its rank by exact percentage, its club points and one column
//! per round with the board-set letter (capital when it sat North-South).

use crate::board::Side;
use crate::club_points::club_points_for_ties;
use crate::exact::Exact;
use crate::matchpoints::{BoardScore, MissingRule, Outcome, Rules, Scratch, score_board};
pub use crate::result_points::{PointsList, ResultPoints};
use crate::said::Said;
use crate::text::Numbering;
use crate::totals::{Contribution, PairTotals, Term, TotalsBuilder};
use num_rational::Ratio;
use num_traits::Zero;
use rustc_hash::FxHashMap;
use std::collections::{BTreeMap, HashMap};
use std::fmt;

/// A pair taking part in the session.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PairInfo {
    /// The pair's number or code as the club writes it (7, 12A, NS3).
    pub id: String,
    /// The section (line) the pair plays in; empty when there is only one.
    pub section: String,
    /// The players' names, as printed on the result list.
    pub names: String,
    /// A substitute pair that is not ranked (a file's `-` beside a real result): its
    /// results are compared with the field and its opponents scored, but it has no line
    /// on the result list and takes no club points.
    pub unranked: bool,
}

/// One line of a traveller: a board played (or not) at one table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableResult {
    /// The board number.
    pub board: u32,
    /// Index of the North-South pair in the session's pair list, in 32 bits to keep a
    /// result small ([`TableResult::ns_pair`] gives it as a `usize`).
    pub ns: u32,
    /// Index of the East-West pair in the session's pair list, in 32 bits
    /// ([`TableResult::ew_pair`] gives it as a `usize`).
    pub ew: u32,
    /// The score or the director's adjustment.
    pub outcome: Outcome,
    /// Where the line came from (a file's line number, 0 when unknown), for messages,
    /// and in the top bit whether the director reversed the result: a bool of its own
    /// would take a result from 32 bytes to 40.
    line_reversed: u32,
}

// A field of a million results holds a million of these: an outcome in 16 bytes (a
// weighted score is boxed), the two pairs as 32-bit numbers and the reversal in the
// line number's top bit keep a result in 32.
const _: () = assert!(std::mem::size_of::<Outcome>() <= 16);
const _: () = assert!(std::mem::size_of::<TableResult>() <= 32);

/// The top bit of [`TableResult`]'s line number: the result is reversed.
const REVERSED: u32 = 1 << 31;

impl TableResult {
    /// A result of `board` between the North-South and East-West pairs at those
    /// indices in the session's pair list, not reversed, from no known line.
    pub fn new(board: u32, (ns, ew): (u32, u32), outcome: Outcome) -> TableResult {
        TableResult {
            board,
            ns,
            ew,
            outcome,
            line_reversed: 0,
        }
    }

    /// The result from line `line` of its file.
    pub fn at_line(mut self, line: u32) -> TableResult {
        self.set_line(line);
        self
    }

    /// Where the line came from (a file's line number), for messages; 0 when unknown.
    #[inline]
    pub fn line(&self) -> u32 {
        self.line_reversed & !REVERSED
    }

    /// Sets the line the result came from: a line past 2,147,483,647 (a file of tens of
    /// gigabytes) is said as that line.
    pub fn set_line(&mut self, line: u32) {
        self.line_reversed = (self.line_reversed & REVERSED) | line.min(REVERSED - 1);
    }

    /// Whether the director reversed the result: the two sides' matchpoints swap.
    #[inline]
    pub fn reversed(&self) -> bool {
        self.line_reversed & REVERSED != 0
    }

    /// Reverses the result, or takes the reversal back.
    pub fn set_reversed(&mut self, reversed: bool) {
        self.line_reversed = self.line() | if reversed { REVERSED } else { 0 };
    }

    /// The North-South pair's index in the session's pair list.
    #[inline]
    pub fn ns_pair(&self) -> usize {
        self.ns as usize
    }

    /// The East-West pair's index in the session's pair list.
    #[inline]
    pub fn ew_pair(&self) -> usize {
        self.ew as usize
    }
}

/// How per-board matchpoints are rounded before they are added up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum BoardRounding {
    /// Exact fractions (the seed's rule).
    #[default]
    Exact,
    /// Rounded half up to one decimal.
    RoundTenth,
    /// Truncated to one decimal.
    TruncateTenth,
}

/// The director's and the club's choices for scoring a session.
#[derive(Debug, Clone, Default)]
pub struct Settings {
    /// Scale and treatment of artificial scores.
    pub rules: Rules,
    /// Rounding of each board's matchpoints before totalling.
    pub rounding: BoardRounding,
    /// The points per comparison won (2 European, 1 ACBL) when the matchpoints are
    /// published centred (scores beaten minus scores lost): the rounding then applies to
    /// the centred figure, half away from zero, so that a board's two sides round to the
    /// same size (+3.8 and -3.8 for +3.75 and -3.75). `None` rounds the matchpoints.
    pub centred: Option<i64>,
    /// Law 12C2: average-plus is 60 % or the pair's session percentage if higher, and
    /// average-minus 40 % or the session percentage if lower.
    pub avg_plus_session: bool,
    /// Score all sections together on each board (top-integral).
    pub top_integral: bool,
    /// Rank the North-South and the East-West pairs of each section in two lists of
    /// their own, each with its own club points (a Mitchell without an arrow switch, where
    /// each direction is a field). The matchpoints are the same either way.
    pub separate_fields: bool,
    /// Boards per round, for the per-round columns.
    pub boards_per_round: Option<u32>,
    /// How often each board should have been played, by (section, board); boards not
    /// listed use the most-played board of their group.
    pub expected: HashMap<(String, u32), usize>,
    /// The round and board-set letter of each result, from the movement; without it the
    /// round columns follow the board sets of `boards_per_round`.
    pub result_rounds: Option<Vec<Option<(u32, String)>>>,
    /// The number of pairs the guide cards and travellers are printed for, when a
    /// movement says (10 on a 9-pair night played from the cards of 10).
    pub card_pairs: Option<usize>,
    /// Matchpoints the director adds to or takes from a pair's total, on no board: a
    /// procedural penalty (Law 90, negative) or a compensation. The pair's maximum stays.
    pub penalties: Vec<(usize, Ratio<i64>)>,
}

/// How serious a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// Nothing to fix, said for the director to see (a board a pair sat out, its
    /// missing results all accounted for): not a warning, and `--strict` passes it.
    Note,
    /// Scored, but the director should look.
    Warning,
    /// Cannot be scored until fixed.
    Error,
}

impl Severity {
    /// The word a message of this severity starts with: `note`, `warning` or `error`.
    pub fn word(self) -> &'static str {
        match self {
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// A finding about the input, naming the line, board or pair and what to fix.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Note, warning or error.
    pub severity: Severity,
    /// The input line, when known.
    pub line: Option<u32>,
    /// The board concerned.
    pub board: Option<u32>,
    /// What is wrong and what to do.
    pub message: String,
    /// What was found, for a report to word in its own language, when the finding is
    /// one of those ([`crate::said`]); `message` says it in English.
    pub said: Option<Box<crate::said::Said>>,
}

impl Diagnostic {
    /// An error on an input line.
    pub fn error(line: u32, board: Option<u32>, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            line: (line > 0).then_some(line),
            board,
            message: crate::notation::cut_long_quotes(message.into()),
            said: None,
        }
    }

    /// The diagnostic with what it found, for a report in another language.
    pub fn saying(self, said: crate::said::Said) -> Diagnostic {
        Diagnostic {
            said: Some(Box::new(said)),
            ..self
        }
    }

    /// Whether this is a note (said, but not a warning: `--strict` passes it).
    pub fn is_note(&self) -> bool {
        self.severity == Severity::Note
    }

    /// Whether this is a sit-out line of a results file (a pair that sat out a board).
    pub fn is_sit_out(&self) -> bool {
        matches!(self.said.as_deref(), Some(crate::said::Said::SatOut { .. }))
    }

    /// A warning on an input line.
    pub fn warning(line: u32, board: Option<u32>, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(line, board, message)
        }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(line) = self.line {
            write!(f, "line {line}: ")?;
        }
        if let Some(board) = self.board {
            write!(f, "board {board}: ")?;
        }
        f.write_str(&self.message)
    }
}

/// The scoring of one board within one comparison group.
#[derive(Debug, Clone)]
pub struct ScoredBoard {
    /// The board number.
    pub board: u32,
    /// The comparison group's section ("" for one section or top-integral).
    pub group: String,
    /// How many results the board should have had.
    pub expected: usize,
    /// The results on this board: indices into the session's table results (their
    /// matchpoints are in [`SessionResult::points`]).
    pub entries: Vec<u32>,
    /// The full top of the board (after any Neuberg rescaling), in the scale's points.
    pub top: i64,
    /// Whether the real scores were rescaled with the Neuberg formula.
    pub neuberg: bool,
}

impl ScoredBoard {
    /// The indices of the board's results in the session's table results.
    pub fn results(&self) -> impl ExactSizeIterator<Item = usize> + '_ {
        self.entries.iter().map(|&i| i as usize)
    }
}

/// One round column of the result list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundCell {
    /// The board set's letter (A = boards 1-4 with 4 boards a round).
    pub set: String,
    /// Whether the pair sat North-South (capital letter) or East-West (small letter).
    pub north_south: bool,
    /// The points of that round.
    pub points: Exact,
    /// The most the pair could have scored that round.
    pub max: i64,
}

/// A pair's line on the result list.
#[derive(Debug, Clone)]
pub struct PairResult {
    /// Index into the session's pair list.
    pub pair: usize,
    /// Total matchpoints.
    pub total: Exact,
    /// The maximum: the top of every board the pair played.
    pub max: i64,
    /// Percentage of the maximum; `None` when the pair played no board.
    pub percentage: Option<Exact>,
    /// Rank within its group by exact percentage (ties share); `None` without a percentage.
    pub rank: Option<u32>,
    /// Whether another pair has the same rank.
    pub tied: bool,
    /// Club points.
    pub club_points: Ratio<i64>,
    /// Boards the pair was scored on.
    pub boards: u32,
    /// One column per round (board set); `None` where the pair did not play.
    pub rounds: Vec<Option<RoundCell>>,
    /// The direction the pair played in, when the directions are ranked as separate
    /// fields ([`Settings::separate_fields`]).
    pub field: Option<Side>,
    /// The director's penalties and compensations, included in the total.
    pub penalty: Ratio<i64>,
}

/// A scored session.
#[derive(Debug, Clone)]
pub struct SessionResult {
    /// Every board in every comparison group, in board order.
    pub boards: Vec<ScoredBoard>,
    /// Matchpoints per table result, in input order (`None` for results not played),
    /// and the top of each one's board.
    pub points: PointsList,
    /// Pairs in ranking order (by group, then rank).
    pub pairs: Vec<PairResult>,
    /// Warnings found while scoring.
    pub warnings: Vec<Diagnostic>,
    /// Whether pairs of the list are ranked in fields of their direction: some pair's
    /// [`PairResult::field`] is set ([`Settings::separate_fields`] with its pairs' directions
    /// known). Known before the pairs are ranked.
    pub separate_fields: bool,
    /// Number of round columns.
    pub rounds: usize,
    /// Whether the round columns are the sets of boards (boards 1 to 4, 5 to 8, ...)
    /// because the rounds are not known (no movement, no round column): in a Mitchell
    /// the set of boards 1 to 4 is not every pair's first round.
    pub columns_are_board_sets: bool,
    /// The usual top (of the most common board), for the header of the result list.
    pub top: i64,
    /// Whether each section is ranked on its own (not top-integral).
    pub ranked_by_section: bool,
    /// The number of pairs the travellers are printed for, when a movement says.
    pub card_pairs: Option<usize>,
    /// The rules the boards were matchpointed by (scale, artificial and missing results).
    pub rules: Rules,
    /// How each board's matchpoints were rounded before they were added up.
    pub rounding: BoardRounding,
    /// The points per comparison won when the matchpoints were rounded as published
    /// centred ([`Settings::centred`]); `None` when they are published as scored.
    pub centred: Option<i64>,
    /// Whether average-plus was the session percentage when higher (Law 12C2).
    pub avg_plus_session: bool,
}

impl SessionResult {
    /// The average per round: top × boards per round / 2 (20 in the seed's 13-pair event).
    pub fn average_per_round(&self, boards_per_round: u32) -> Ratio<i64> {
        Ratio::new(self.top * i64::from(boards_per_round), 2)
    }
}

/// A session that cannot be scored, with every error found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionError {
    /// The errors (and any warnings found on the way).
    pub diagnostics: Vec<Diagnostic>,
}

impl fmt::Display for SessionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.diagnostics.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl std::error::Error for SessionError {}

/// The letter(s) of board set `index` (0 = A, 25 = Z, 26 = AA).
pub fn set_letters(index: usize) -> String {
    let mut n = index;
    let mut s = Vec::new();
    loop {
        s.push(b'A' + (n % 26) as u8);
        if n < 26 {
            break;
        }
        n = n / 26 - 1;
    }
    s.reverse();
    String::from_utf8(s).unwrap_or_default()
}

/// One side's matchpoints on a board of top `top`, rounded to a tenth. Plain matchpoints
/// round half up; centred ones (`per_win` points per comparison) round half away from
/// zero, and truncate towards zero, on the centred figure.
fn round_tenth(
    x: Ratio<i64>,
    top: i64,
    rounding: BoardRounding,
    centred: Option<i64>,
) -> Ratio<i64> {
    let to_tenth = |tenths: Ratio<i64>| match rounding {
        BoardRounding::Exact => tenths,
        BoardRounding::RoundTenth => tenths.round(),
        BoardRounding::TruncateTenth => tenths.trunc(),
    };
    match centred {
        Some(w) => {
            let (half, w) = (Ratio::new(top, 2), Ratio::from_integer(w.max(1)));
            let c = (x - half) * 2 / w;
            half + to_tenth(c * 10) / 10 * w / 2
        }
        // Matchpoints are never negative: half up and half away from zero agree.
        None => to_tenth(x * 10) / 10,
    }
}

/// The errors [`score_session`] refuses a session for, found without scoring it (to
/// check a session before it is stored).
pub fn session_errors(
    pairs: &[PairInfo],
    results: &[TableResult],
    settings: &Settings,
) -> Vec<Diagnostic> {
    validate(pairs, results, settings)
}

/// The errors of each result on its own that [`score_session`] refuses a session for: a
/// board 0, a pair on both sides of the table or meeting another section's, a split
/// over 100 %, weights that do not add up. A corrected line is checked so before it is
/// kept (a pair playing a board twice is left to the caller: swapping two lines' pairs
/// passes through it).
pub fn line_errors(
    pairs: &[PairInfo],
    results: &[TableResult],
    settings: &Settings,
) -> Vec<Diagnostic> {
    line_checks(pairs, results, settings)
}

/// Checks the travellers for errors that make scoring impossible.
fn validate(pairs: &[PairInfo], results: &[TableResult], settings: &Settings) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    // Results are numbered in 32 bits (as lines are) while they are scored.
    if u32::try_from(results.len()).is_err() {
        out.push(Diagnostic::error(
            0,
            None,
            format!(
                "{} results in one session: more than {} cannot be scored together; split the session",
                results.len(),
                u32::MAX
            ),
        ));
        return out;
    }
    // The lines' own checks and the boards played twice, each a pass over every result,
    // side by side for a large session.
    let tasks = crate::parts::ranges(2, results.len());
    let mut out: Vec<Diagnostic> = crate::parts::each(&tasks, |tasks| {
        tasks
            .clone()
            .flat_map(|task| match task {
                0 => line_checks(pairs, results, settings),
                _ => boards_played_twice(pairs, results),
            })
            .collect::<Vec<_>>()
    })
    .into_iter()
    .flatten()
    .collect();
    if settings.separate_fields {
        out.extend(directions_changed(pairs, results));
    }
    out.sort_by_key(|d| d.line);
    out
}

/// What is wrong with each result on its own: its board, its pairs, its split.
fn line_checks(
    pairs: &[PairInfo],
    results: &[TableResult],
    settings: &Settings,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let name = |i: usize| pairs.get(i).map(|p| p.id.as_str()).unwrap_or("?");
    // Sections as small numbers, compared once per line.
    let mut sections = Numbering::default();
    let section: Vec<u32> = pairs.iter().map(|p| sections.number(&p.section)).collect();
    for r in results {
        if r.board == 0 {
            out.push(Diagnostic::error(
                r.line(),
                None,
                "board 0 does not exist: boards are numbered from 1",
            ));
            continue;
        }
        let (ns, ew) = (r.ns_pair(), r.ew_pair());
        if ns >= pairs.len() || ew >= pairs.len() {
            out.push(Diagnostic::error(r.line(), Some(r.board), "unknown pair"));
            continue;
        }
        if ns == ew {
            out.push(Diagnostic::error(
                r.line(),
                Some(r.board),
                format!(
                    "pair {} is on both sides of the table: correct the ns or ew pair",
                    name(ns)
                ),
            ));
            continue;
        }
        if !settings.top_integral && section[ns] != section[ew] {
            out.push(Diagnostic::error(
                r.line(),
                Some(r.board),
                format!(
                    "pair {} (section {}) cannot meet pair {} (section {}) when sections are scored separately",
                    name(ns),
                    pairs[ns].section,
                    name(ew),
                    pairs[ew].section
                ),
            ));
        }
        if let Outcome::Artificial { ns, ew } = r.outcome
            && (ns > 100 || ew > 100)
        {
            out.push(Diagnostic::error(
                r.line(),
                Some(r.board),
                format!("split {ns}/{ew} is over 100 %: give each side 0 to 100"),
            ));
        }
        if let Outcome::Weighted(parts) = &r.outcome {
            let sum: u32 = parts.iter().map(|p| u32::from(p.percent)).sum();
            if sum != 100 {
                out.push(Diagnostic::error(
                    r.line(),
                    Some(r.board),
                    format!("the weights of a weighted score add up to {sum} %, not 100 %"),
                ));
            }
        }
    }
    out
}

/// The direction each pair played in: the side of its first result.
fn pair_fields(pairs: &[PairInfo], results: &[TableResult]) -> Vec<Option<(Side, u32)>> {
    let mut field: Vec<Option<(Side, u32)>> = vec![None; pairs.len()];
    for r in results {
        for (pair, side) in [
            (r.ns_pair(), Side::NorthSouth),
            (r.ew_pair(), Side::EastWest),
        ] {
            if let Some(f) = field.get_mut(pair)
                && f.is_none()
            {
                *f = Some((side, r.line()));
            }
        }
    }
    field
}

/// Pairs and sections written two ways ([`pairs_written_two_ways`],
/// [`sections_written_two_ways`]).
/// `one_field`: the sections are scored as one field (`Settings::top_integral`), so a
/// section written two ways makes no field of its own.
pub(crate) fn written_two_ways(
    pairs: &[PairInfo],
    results: &[TableResult],
    one_field: bool,
) -> Vec<Diagnostic> {
    let mut out = pairs_written_two_ways(pairs, results);
    if !one_field {
        out.extend(sections_written_two_ways(pairs, results, "pairs"));
    }
    out
}

/// Sections whose names differ only in letter case or spaces (`a` and `A`, `Lijn A`
/// and `LIJN  A`), and pairs in no section beside pairs in named ones: read as written
/// each is a field of its own, which a club almost never means. Each is a warning on the first line of the later
/// spelling (or of the pairs without a section). `noun` names the pairs (`pairs`, or
/// `teams` for a teams event's).
pub(crate) fn sections_written_two_ways(
    pairs: &[PairInfo],
    results: &[TableResult],
    noun: &str,
) -> Vec<Diagnostic> {
    let ranked = || pairs.iter().filter(|p| !p.unranked);
    let Some(first) = ranked().next() else {
        return Vec::new();
    };
    if ranked().all(|p| crate::text::same(&p.section, &first.section)) {
        return Vec::new();
    }
    // Each section's first line: the first of its pairs' (a pair on no line has none).
    let mut first_line: BTreeMap<&str, u32> = BTreeMap::new();
    for (p, line) in pairs.iter().zip(first_lines(pairs.len(), results)) {
        if !p.unranked && line != u32::MAX {
            let first = first_line.entry(p.section.as_str()).or_insert(line);
            *first = (*first).min(line);
        }
    }
    let named: Vec<(&str, u32)> = first_line
        .iter()
        .filter(|(s, _)| !s.is_empty())
        .map(|(s, l)| (*s, *l))
        .collect();
    let mut out = Vec::new();
    if let Some(&line) = first_line.get("") {
        let names: Vec<&str> = named.iter().map(|(s, _)| *s).collect();
        out.push(Diagnostic::warning(
            line,
            None,
            format!(
                "this line's {noun} are in no section while the others' are in section {}, and are scored as a field of their own: give every line its section",
                names.join(", ")
            ),
        ));
    }
    for (i, &(a, la)) in named.iter().enumerate() {
        for &(b, lb) in &named[i + 1..] {
            if plain_section(a) == plain_section(b) {
                let ((later, line), (earlier, _)) = if la > lb {
                    ((a, la), (b, lb))
                } else {
                    ((b, lb), (a, la))
                };
                out.push(Diagnostic::warning(
                    line,
                    None,
                    format!(
                        "section {later} and section {earlier} are written differently and scored as two fields: if they are one section, write its name the same way on every line"
                    ),
                ));
            }
        }
    }
    out
}

/// The first line each of `pair_count` pairs is on; `u32::MAX` for a pair on none.
fn first_lines(pair_count: usize, results: &[TableResult]) -> Vec<u32> {
    let mut first_line = vec![u32::MAX; pair_count];
    for r in results {
        for p in [r.ns_pair(), r.ew_pair()] {
            if let Some(line) = first_line.get_mut(p) {
                *line = (*line).min(r.line());
            }
        }
    }
    first_line
}

/// Pairs whose ids differ only in leading zeros or in letter case (`01` and `1`, `3a`
/// and `3A`) in one section: read as written they are two pairs, which a club almost
/// never means, so each later spelling is a warning on the first line it is on.
pub(crate) fn pairs_written_two_ways(
    pairs: &[PairInfo],
    results: &[TableResult],
) -> Vec<Diagnostic> {
    written_two_ways_as(pairs, results, "pair")
}

/// Team numbers written two ways (`01` and `1`), as [`pairs_written_two_ways`]: each
/// later spelling is a warning on the first line it is on.
pub(crate) fn teams_written_two_ways(
    teams: &[PairInfo],
    results: &[TableResult],
) -> Vec<Diagnostic> {
    written_two_ways_as(teams, results, "team")
}

/// A warning for each ranked pair that played fewer than half the boards that half the
/// pairs of its section played, or more (a pair number typed wrong makes a pair of one
/// board, which may top the list): named with its lines when it played three or fewer.
/// `boards`: each pair's boards scored.
fn few_boards(pairs: &[PairInfo], results: &[TableResult], boards: &[u32]) -> Vec<Diagnostic> {
    let ranked = |i: &usize| !pairs[*i].unranked && boards.get(*i).is_some_and(|&b| b > 0);
    // No section's median is above the most boards any pair played: when the fewest are
    // half of that or more, no pair is short, and no pair's section is looked at.
    let (fewest, most) = (0..pairs.len())
        .filter(ranked)
        .fold((u32::MAX, 0), |(lo, hi), i| {
            (lo.min(boards[i]), hi.max(boards[i]))
        });
    if fewest.saturating_mul(2) >= most {
        return Vec::new();
    }
    let mut by_section: FxHashMap<&str, Vec<u32>> = FxHashMap::default();
    for i in (0..pairs.len()).filter(ranked) {
        by_section
            .entry(&pairs[i].section)
            .or_default()
            .push(boards[i]);
    }
    let median: FxHashMap<&str, u32> = by_section
        .into_iter()
        .map(|(section, mut b)| {
            b.sort_unstable();
            (section, b[b.len() / 2])
        })
        .collect();
    let few: Vec<usize> = (0..pairs.len())
        .filter(ranked)
        .filter(|&i| boards[i] * 2 < median[pairs[i].section.as_str()])
        .collect();
    if few.is_empty() {
        return Vec::new();
    }
    let mut lines: FxHashMap<usize, Vec<(u32, u32)>> =
        few.iter().map(|&i| (i, Vec::new())).collect();
    for r in results {
        for pair in [r.ns_pair(), r.ew_pair()] {
            if let Some(l) = lines.get_mut(&pair) {
                l.push((r.line(), r.board));
            }
        }
    }
    few.into_iter()
        .map(|i| {
            few_boards_warning(
                &pairs[i],
                boards[i],
                median[pairs[i].section.as_str()],
                &lines[&i],
            )
        })
        .collect()
}

/// The warning of [`few_boards`] for `pair`, which played `played` boards (on `lines`:
/// line and board) where half its section played `median` or more.
fn few_boards_warning(
    pair: &PairInfo,
    played: u32,
    median: u32,
    lines: &[(u32, u32)],
) -> Diagnostic {
    let boards = if played == 1 { "board" } else { "boards" };
    let (first, board) = lines.first().copied().unwrap_or((0, 0));
    let section = match pair.section.as_str() {
        "" => String::new(),
        s => format!(" of section {s}"),
    };
    let (which, these) = match lines {
        [_] => ("this line".to_string(), "this line"),
        few if few.len() <= 3 => {
            let all: Vec<String> = few.iter().map(|(l, _)| l.to_string()).collect();
            (format!("lines {}", all.join(", ")), "those lines")
        }
        _ => (format!("from line {first}"), "its lines"),
    };
    Diagnostic::warning(
        first,
        (lines.len() == 1).then_some(board),
        format!(
            "pair {} played {played} {boards} ({which}), where half the pairs{section} played {median} or more: unless it came late or left early, check the pair number on {these}",
            pair.id
        ),
    )
}

/// Pairs (or teams, as `noun` says) written two ways.
fn written_two_ways_as(pairs: &[PairInfo], results: &[TableResult], noun: &str) -> Vec<Diagnostic> {
    let loose = |p: &PairInfo| !p.unranked && written_loosely(&p.id);
    if !pairs.iter().any(loose) {
        return Vec::new();
    }
    let mut first: HashMap<(&str, String), usize> = HashMap::new();
    // (the later pair, the earlier one written the other way)
    let mut twins = Vec::new();
    for (i, p) in pairs.iter().enumerate().filter(|(_, p)| !p.unranked) {
        let earlier = *first
            .entry((p.section.as_str(), plain_id(&p.id)))
            .or_insert(i);
        if pairs[earlier].id != p.id {
            twins.push((i, earlier));
        }
    }
    if twins.is_empty() {
        return Vec::new();
    }
    let first_line = first_lines(pairs.len(), results);
    let in_section = |p: &PairInfo| match p.section.as_str() {
        "" => String::new(),
        s => format!(" (section {s})"),
    };
    twins
        .into_iter()
        .map(|(later, earlier)| {
            let (a, b) = (&pairs[later], &pairs[earlier]);
            Diagnostic::warning(
                // A pair on no line (a caller's list) has no line to name.
                Some(first_line[later]).filter(|&l| l != u32::MAX).unwrap_or(0),
                None,
                format!(
                    "{noun} {}{} and {noun} {} are written differently and scored as two {noun}s: if they are one {noun}, write its number the same way on every line",
                    a.id,
                    in_section(a),
                    b.id
                ),
            )
        })
        .collect()
}

/// Whether a pair id has a lower-case letter or a space, or a number written with a
/// leading zero or a plus sign.
fn written_loosely(id: &str) -> bool {
    let b = id.as_bytes();
    b.iter().any(u8::is_ascii_lowercase)
        || id.chars().any(char::is_whitespace)
        || b.windows(2).enumerate().any(|(i, w)| {
            matches!(w[0], b'0' | b'+')
                && w[1].is_ascii_digit()
                && (i == 0 || !b[i - 1].is_ascii_digit())
        })
}

/// A section's name in upper case without its spaces: two sections of the same plain
/// name are one written two ways (`Lijn A`, `LIJN  A`).
fn plain_section(section: &str) -> String {
    section
        .chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_uppercase)
        .collect()
}

/// A pair id in upper case without its spaces, with every number in it written without
/// leading zeros or a plus sign: two ids with the same plain form are one pair written
/// two ways (`01`, `+1` and `1`; `12 A` and `12A`).
pub fn plain_id(id: &str) -> String {
    let mut out = String::with_capacity(id.len());
    let mut chars = id.chars().filter(|c| !c.is_whitespace()).peekable();
    // Whether no digit of the current number has been kept yet.
    let mut number_starts = true;
    while let Some(c) = chars.next() {
        let digit_follows = chars.peek().is_some_and(char::is_ascii_digit);
        if matches!(c, '0' | '+') && number_starts && digit_follows {
            continue;
        }
        number_starts = !c.is_ascii_digit();
        out.push(c.to_ascii_uppercase());
    }
    out
}

/// With separate fields, a pair that sat in both directions (an arrow switch, or the
/// pair ids entered the wrong way round) cannot be placed in either field.
fn directions_changed(pairs: &[PairInfo], results: &[TableResult]) -> Vec<Diagnostic> {
    let fields = pair_fields(pairs, results);
    let mut reported = vec![false; pairs.len()];
    let mut out = Vec::new();
    for r in results {
        for (pair, side) in [
            (r.ns_pair(), Side::NorthSouth),
            (r.ew_pair(), Side::EastWest),
        ] {
            let Some(Some((first, line))) = fields.get(pair) else {
                continue;
            };
            if *first != side && !reported[pair] {
                reported[pair] = true;
                out.push(Diagnostic::error(
                    r.line(),
                    Some(r.board),
                    format!(
                        "pair {} sits {} here but {} on line {line}: with the directions ranked as separate fields each pair keeps its direction; correct the pair ids or rank the pairs together",
                        pairs[pair].id,
                        side_name(side),
                        side_name(*first)
                    ),
                ));
            }
        }
    }
    out
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::NorthSouth => "North-South",
        Side::EastWest => "East-West",
    }
}

/// A pair that appears twice on one board: found by visiting the results board by board
/// (in input order within a board) and remembering where each pair was last seen.
fn boards_played_twice(pairs: &[PairInfo], results: &[TableResult]) -> Vec<Diagnostic> {
    // Lines with a bad board or pair are reported on their own and left out here.
    let valid = |r: &TableResult| {
        r.board > 0 && r.ns_pair() < pairs.len() && r.ew_pair() < pairs.len() && r.ns != r.ew
    };
    // Travellers are usually in board order already: then no order is made.
    let in_order = results.windows(2).all(|w| w[0].board <= w[1].board);
    let mut order: Vec<u32> = Vec::new();
    if !in_order {
        order.extend((0..results.len() as u32).filter(|&i| valid(&results[i as usize])));
        order.sort_by_key(|&i| results[i as usize].board);
    }
    let by_board: Box<dyn Iterator<Item = &TableResult>> = if in_order {
        Box::new(results.iter().filter(|r| valid(r)))
    } else {
        Box::new(order.iter().map(|&i| &results[i as usize]))
    };
    // (board, line) of each pair's latest result.
    let mut last: Vec<(u32, u32)> = vec![(0, 0); pairs.len()];
    let mut out = Vec::new();
    for r in by_board {
        for p in [r.ns_pair(), r.ew_pair()] {
            let (board, line) = last[p];
            if board == r.board {
                out.push(Diagnostic::error(
                    r.line(),
                    Some(r.board),
                    format!(
                        "pair {} plays board {} twice (also on line {line}): remove or correct one of the two lines",
                        pairs[p].id, r.board
                    ),
                ));
            }
            last[p] = (r.board, r.line());
        }
    }
    out
}

/// The values of a board's results already in the session's [`PointsList`], by
/// matchpoint numerators and reversal: a board's results share a few dozen.
struct BoardValues {
    slots: [Option<(ValueKey, u32)>; 64],
}

/// A result's North-South and East-West numerators over the board's denominator, and
/// whether it was reversed.
type ValueKey = (i64, i64, bool);

impl BoardValues {
    fn new() -> BoardValues {
        BoardValues { slots: [None; 64] }
    }

    /// The value of these numerators, made by `make` when it is not remembered.
    fn get(&mut self, key: ValueKey, make: impl FnOnce() -> u32) -> u32 {
        let hash = (key.0 as u64)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add((key.1 as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F))
            .wrapping_add(u64::from(key.2));
        let slot = &mut self.slots[(hash >> 58) as usize];
        match *slot {
            Some((k, v)) if k == key => v,
            _ => {
                let v = make();
                *slot = Some((key, v));
                v
            }
        }
    }
}

/// Scores a pairs session: matchpoints per board, totals, percentages, ranks, club points.
pub fn score_session(
    pairs: &[PairInfo],
    results: &[TableResult],
    settings: &Settings,
) -> Result<SessionResult, SessionError> {
    Ok(score_session_unranked(pairs, results, settings)?.ranked(pairs, settings))
}

/// [`score_session`] of table results the caller has no further use for: they are given
/// back as soon as the pairs' totals are added up, before the pairs are ranked (in a
/// large field they are most of the memory scoring holds).
pub fn score_session_taking(
    pairs: &[PairInfo],
    results: Vec<TableResult>,
    settings: &Settings,
) -> Result<SessionResult, SessionError> {
    let added = score_session_unranked(pairs, &results, settings)?;
    // A large session's results are freed beside the ranking; a small one's at once.
    let len = results.len();
    crate::parts::free_behind_if_long(results, len);
    Ok(added.ranked(pairs, settings))
}

/// A session scored up to its pairs' totals: every board matchpointed and the warnings
/// found, the pairs not ranked yet. A report that needs the table results only for the
/// boards (the JSON, which writes them before the pairs) can let them go before the
/// pairs are ranked: in a large field they are most of the memory.
pub struct UnrankedSession {
    /// The session so far: its [`SessionResult::pairs`] is empty until it is ranked.
    result: SessionResult,
    sums: Sums,
    /// The direction each pair played in, when the directions are ranked apart.
    fields: Vec<Option<Side>>,
}

/// Checks a session, matchpoints every board and adds up the pairs' totals: what
/// [`score_session`] does before it ranks the pairs.
pub fn score_session_unranked(
    pairs: &[PairInfo],
    results: &[TableResult],
    settings: &Settings,
) -> Result<UnrankedSession, SessionError> {
    // The results are grouped by board while they are checked (for a large session, on
    // a thread of its own): a session with errors is rare, and then the groups are
    // simply let go.
    let (errors, buckets) = if crate::parts::long_work(results.len()) {
        std::thread::scope(|s| {
            let buckets = crate::parts::start(s, || board_buckets(pairs, results, settings));
            (validate(pairs, results, settings), buckets.join())
        })
    } else {
        (
            validate(pairs, results, settings),
            board_buckets(pairs, results, settings),
        )
    };
    if !errors.is_empty() {
        return Err(SessionError {
            diagnostics: errors,
        });
    }
    let mut warnings = written_two_ways(pairs, results, settings.top_integral);
    let (boards, mut points, top) = score_boards(buckets, results, settings, &mut warnings);
    if settings.avg_plus_session {
        apply_law_12c2(pairs.len(), results, &mut points);
    }
    if settings.rounding != BoardRounding::Exact {
        points.map(|p, top| ResultPoints {
            ns: round_tenth(p.ns, top, settings.rounding, settings.centred),
            ew: round_tenth(p.ew, top, settings.rounding, settings.centred),
        });
    }
    let sums = add_up(pairs.len(), results, &points, settings);
    warnings.extend(few_boards(pairs, results, &sums.totals.boards));
    let fields = if settings.separate_fields {
        pair_fields(pairs, results)
            .into_iter()
            .map(|f| f.map(|(side, _)| side))
            .collect()
    } else {
        vec![None; pairs.len()]
    };
    let separate_fields = (pairs.iter().zip(&fields)).any(|(p, f)| !p.unranked && f.is_some());
    let result = SessionResult {
        boards,
        points,
        pairs: Vec::new(),
        warnings,
        separate_fields,
        rounds: sums.rounds,
        columns_are_board_sets: settings.result_rounds.is_none(),
        top,
        ranked_by_section: !settings.top_integral,
        card_pairs: settings.card_pairs,
        rules: settings.rules,
        rounding: settings.rounding,
        centred: settings.centred,
        avg_plus_session: settings.avg_plus_session,
    };
    Ok(UnrankedSession {
        result,
        sums,
        fields,
    })
}

impl UnrankedSession {
    /// The session scored so far, without its pairs.
    pub fn result(&self) -> &SessionResult {
        &self.result
    }

    /// The session scored so far, for changing its warnings.
    pub fn result_mut(&mut self) -> &mut SessionResult {
        &mut self.result
    }

    /// The scored session: its pairs ranked, as [`score_session`] gives it for the same
    /// `pairs` and `settings`.
    pub fn ranked(self, pairs: &[PairInfo], settings: &Settings) -> SessionResult {
        let mut result = self.result;
        result.pairs = rank_pairs(pairs, settings, &self.sums, &self.fields);
        result
    }
}

/// The results of one board in one comparison group: (group, board) and the results'
/// indices.
type Bucket<'a> = ((&'a str, u32), Vec<u32>);

/// The results grouped by comparison group (a section, or the field when
/// top-integral) and board, in board order.
fn board_buckets<'a>(
    pairs: &'a [PairInfo],
    results: &[TableResult],
    settings: &Settings,
) -> Vec<Bucket<'a>> {
    let group_of = |pair: usize| group_of_pair(&pairs[pair], settings);
    // Each pair's group as a small number, so that a board's bucket is found by a cheap
    // integer key; the last bucket is remembered, as travellers come board by board.
    let mut groups = Numbering::default();
    let pair_group: Vec<u32> = (0..pairs.len())
        .map(|p| groups.number(group_of(p)))
        .collect();
    let mut bucket_index: FxHashMap<(u32, u32), usize> = FxHashMap::default();
    let mut buckets: Vec<Bucket<'a>> = Vec::new();
    let mut last: Option<((u32, u32), usize)> = None;
    // Each result's bucket, counted first so that every bucket's list is made at its
    // size (a large field's boards have tens of thousands of results each).
    let mut bucket_of = Vec::with_capacity(results.len());
    let mut sizes: Vec<usize> = Vec::new();
    for r in results {
        // A pair past the list is an error `validate` reports: nothing is scored.
        let Some(&group) = pair_group.get(r.ns_pair()) else {
            return Vec::new();
        };
        let key = (group, r.board);
        let b = match last {
            Some((k, b)) if k == key => b,
            _ => *bucket_index.entry(key).or_insert_with(|| {
                buckets.push(((group_of(r.ns_pair()), r.board), Vec::new()));
                sizes.push(0);
                buckets.len() - 1
            }),
        };
        last = Some((key, b));
        sizes[b] += 1;
        bucket_of.push(b as u32);
    }
    for (bucket, size) in buckets.iter_mut().zip(sizes) {
        bucket.1.reserve_exact(size);
    }
    // A result's index fits 32 bits: `validate` refuses more results than that.
    for (i, &b) in bucket_of.iter().enumerate() {
        buckets[b as usize].1.push(i as u32);
    }
    buckets.sort_by(|a, b| (a.0.1, a.0.0).cmp(&(b.0.1, b.0.0)));
    buckets
}

/// Matchpoints every board: the scored boards, each result's matchpoints, and the usual
/// top (of the most common board). A board with a single result or with fewer results
/// than expected is a warning. A large field's boards are scored in one part per core,
/// and their values then numbered in the session's list in board order, as if scored
/// one after another.
fn score_boards(
    buckets: Vec<Bucket<'_>>,
    results: &[TableResult],
    settings: &Settings,
    warnings: &mut Vec<Diagnostic>,
) -> (Vec<ScoredBoard>, PointsList, i64) {
    // The most-played board of each group sets the expected number of results.
    let mut most_played: HashMap<&str, usize> = HashMap::new();
    for ((group, _), entries) in &buckets {
        let m = most_played.entry(group).or_insert(0);
        *m = (*m).max(entries.len());
    }
    warnings.extend(played_once(&buckets, results, settings, &most_played));
    let cuts = crate::parts::ranges(buckets.len(), results.len());
    let parts = crate::parts::each(&cuts, |range| {
        score_part(&buckets[range.clone()], results, settings, &most_played)
    });
    let mut points = PointsList::new(results.len());
    let mut boards = Vec::with_capacity(buckets.len());
    let mut top_counts: HashMap<i64, usize> = HashMap::new();
    let mut buckets = buckets.into_iter();
    for part in parts {
        let value: Vec<u32> = part
            .values
            .values()
            .map(|(p, top)| points.intern(p, top))
            .collect();
        let mut at = part.at.iter();
        for mut board in part.boards {
            let (_, entries) = buckets.next().expect("a bucket for every scored board");
            for (&i, &v) in entries.iter().zip(at.by_ref()) {
                points.set(i as usize, value[v as usize]);
            }
            *top_counts.entry(board.top).or_insert(0) += entries.len();
            board.entries = entries;
            boards.push(board);
        }
        warnings.extend(part.warnings);
    }
    let top = top_counts
        .iter()
        .max_by_key(|&(t, c)| (*c, *t))
        .map(|(t, _)| *t)
        .unwrap_or(0);
    (boards, points, top)
}

/// Groups in which every board was played once (and no movement expects more): with
/// nothing to compare their pairs get no percentage and no rank. A column of line
/// numbers read as the section makes every line such a group. One warning for all, on
/// the first line of the first.
fn played_once(
    buckets: &[Bucket<'_>],
    results: &[TableResult],
    settings: &Settings,
    most_played: &HashMap<&str, usize>,
) -> Option<Diagnostic> {
    if most_played.values().all(|&m| m > 1) {
        return None;
    }
    // Each group played once: its first line.
    let mut once: HashMap<&str, u32> = HashMap::new();
    for &((group, board), ref entries) in buckets {
        let expected = settings.expected.get(&(group.to_string(), board));
        // Pairs in no section beside named ones have a warning of their own.
        let unnamed = group.is_empty() && most_played.len() > 1;
        if unnamed || most_played[group] > 1 || expected.is_some_and(|&e| e > 1) {
            continue;
        }
        for &i in entries {
            let line = once.entry(group).or_insert(u32::MAX);
            *line = (*line).min(results[i as usize].line());
        }
    }
    let mut groups: Vec<(u32, &str)> = once.into_iter().map(|(g, l)| (l, g)).collect();
    groups.sort_unstable();
    let &(line, _) = groups.first()?;
    let what = match groups.as_slice() {
        [(_, "")] => "every board was played once: with nothing to compare, no pair gets a percentage or a rank; enter the other tables' results".to_string(),
        _ => {
            const SHOWN: usize = 5;
            let names: Vec<&str> = groups.iter().take(SHOWN).map(|(_, g)| *g).collect();
            let named = match (names.split_last(), groups.len()) {
                (Some((last, [])), _) => format!("section {last}"),
                (Some((last, rest)), n) if n <= SHOWN => {
                    format!("sections {} and {last}", rest.join(", "))
                }
                (_, n) => format!("sections {} and {} more", names.join(", "), n - SHOWN),
            };
            format!(
                "in {named} every board was played once: with nothing to compare, their pairs get no percentage and no rank; check that the section column holds sections, or enter the other tables' results"
            )
        }
    };
    Some(Diagnostic::warning(line, None, what))
}

/// Consecutive boards scored on their own: each board (its results' indices left out),
/// the warnings, and the value of every result, in board order, in a list of their own.
struct ScoredPart {
    boards: Vec<ScoredBoard>,
    warnings: Vec<Diagnostic>,
    values: PointsList,
    at: Vec<u32>,
}

fn score_part(
    buckets: &[Bucket<'_>],
    results: &[TableResult],
    settings: &Settings,
    most_played: &HashMap<&str, usize>,
) -> ScoredPart {
    let mut part = ScoredPart {
        boards: Vec::with_capacity(buckets.len()),
        warnings: Vec::new(),
        values: PointsList::new(0),
        at: Vec::with_capacity(buckets.iter().map(|(_, e)| e.len()).sum()),
    };
    let mut scratch = Scratch::default();
    let mut outcomes: Vec<&Outcome> = Vec::new();
    for &((group, board), ref entries) in buckets {
        let expected = settings
            .expected
            .get(&(group.to_string(), board))
            .copied()
            .unwrap_or(most_played[group]);
        outcomes.clear();
        outcomes.extend(entries.iter().map(|&i| &results[i as usize].outcome));
        let score = score_board(&outcomes, expected, settings.rules, &mut scratch);
        part.warnings.extend(board_warnings(
            &outcomes,
            results[entries[0] as usize].line(),
            (group, board),
            expected,
            settings,
        ));
        put_points(&mut part, entries, results, &score);
        part.boards.push(ScoredBoard {
            board,
            group: group.to_string(),
            expected,
            entries: Vec::new(),
            top: score.top,
            neuberg: score.neuberg,
        });
    }
    part
}

/// What a director should check on a board with these outcomes (its first line given):
/// a single result, or fewer results than expected and none marked not played.
fn board_warnings(
    outcomes: &[&Outcome],
    first_line: u32,
    (group, board): (&str, u32),
    expected: usize,
    settings: &Settings,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let real = outcomes.iter().filter(|o| o.is_real()).count();
    if real == 1 && expected > 1 {
        out.push(
            Diagnostic::warning(
                first_line,
                Some(board),
                "only one result on this board: it gets the average; check for missing travellers",
            )
            .saying(Said::OnlyOneResult),
        );
    }
    // A line marked NP accounts for its own table alone: a board short of lines is said
    // whatever else its lines are.
    let n = outcomes.len();
    if n < expected {
        let rule = settings.rules.missing;
        let d = Diagnostic::warning(
            first_line,
            Some(board),
            format!(
                "{n} {} where {expected} were expected{}: {}; enter the missing results or mark them NP",
                if n == 1 { "result" } else { "results" },
                match group {
                    "" => String::new(),
                    g => format!(" in section {g}"),
                },
                match rule {
                    MissingRule::Neuberg => "the board is Neuberg-scaled to the full top",
                    MissingRule::CountAsTies =>
                        "each missing result counts as a tie for every pair that played the board",
                }
            ),
        );
        let fewer = crate::said::Fewer {
            results: n,
            expected,
            rule,
            group: group.to_string(),
        };
        out.push(d.saying(Said::FewerResults(fewer)));
    }
    out
}

/// Puts a scored board's matchpoints on its results (`entries`, in the board's order),
/// each as a value of the part's list: a board's results share a few dozen.
fn put_points(part: &mut ScoredPart, entries: &[u32], results: &[TableResult], score: &BoardScore) {
    let mut found = BoardValues::new();
    let points = &mut part.values;
    let not_played = points.intern(None, score.top);
    for (k, i) in entries.iter().map(|&i| i as usize).enumerate() {
        let Some(p) = score.results[k] else {
            part.at.push(not_played);
            continue;
        };
        let reversed = results[i].reversed();
        let value = found.get((p.ns, p.ew, reversed), || {
            let (ns, ew) = (Ratio::new(p.ns, score.denom), Ratio::new(p.ew, score.denom));
            let (ns, ew) = if reversed { (ew, ns) } else { (ns, ew) };
            points.intern(Some(ResultPoints { ns, ew }), score.top)
        });
        part.at.push(value);
    }
}

/// Every pair's totals and maxima, and its totals per round column.
struct Sums {
    totals: PairTotals,
    /// One cell per pair and round: `pair * rounds + round`.
    round_totals: PairTotals,
    /// The side and board-set letter of each cell (its first board decides).
    round_side: Vec<Option<(bool, String)>>,
    rounds: usize,
    /// The director's penalties and compensations of each pair, in its total.
    penalty: Vec<Ratio<i64>>,
}

/// Adds up every pair's matchpoints, each over one common denominator, with the
/// director's penalties, and the round columns. A large field's pairs are added up in
/// one part per core, each part going through every result for its own pairs.
fn add_up(
    pair_count: usize,
    results: &[TableResult],
    points: &PointsList,
    settings: &Settings,
) -> Sums {
    let rounds = round_columns(results, settings);
    // Every board is scored: the denominators the totals will meet are known.
    let penalties = settings.penalties.iter().map(|(_, p)| *p.denom());
    let denoms: Vec<i64> = points.denominators().chain(penalties).collect();
    let parts = crate::parts::ranges(pair_count, results.len());
    let added = crate::parts::each(&parts, |pairs| {
        PartSums {
            rounds,
            denoms: &denoms,
            pairs: pairs.clone(),
        }
        .add_up(results, points, settings)
    });
    let mut penalty = vec![Ratio::zero(); pair_count];
    for &(pair, points) in settings.penalties.iter().filter(|(p, _)| *p < pair_count) {
        penalty[pair] += points;
    }
    let (mut totals, mut round_totals) = (Vec::new(), Vec::new());
    let mut round_side = Vec::with_capacity(pair_count * rounds);
    for (t, r, side) in added {
        totals.push(t);
        round_totals.push(r);
        round_side.extend(side);
    }
    Sums {
        totals: PairTotals::concat(totals),
        round_totals: PairTotals::concat(round_totals),
        round_side,
        rounds,
        penalty,
    }
}

/// One part of the pairs, added up on its own: its pairs numbered from its first.
struct PartSums<'a> {
    rounds: usize,
    denoms: &'a [i64],
    pairs: std::ops::Range<usize>,
}

impl PartSums<'_> {
    /// The part's totals, round totals and round sides, each pair's cells together.
    fn add_up(
        &self,
        results: &[TableResult],
        points: &PointsList,
        settings: &Settings,
    ) -> (PairTotals, PairTotals, Vec<Option<(bool, String)>>) {
        let (rounds, pairs) = (self.rounds, &self.pairs);
        let bpr = settings.boards_per_round.filter(|&b| b > 0);
        // Each result's round column (0-based).
        let round_of = |i: usize, board: u32| -> Option<usize> {
            match &settings.result_rounds {
                Some(rr) => rr
                    .get(i)
                    .and_then(Option::as_ref)
                    .map(|(r, _)| (*r).max(1) as usize - 1),
                None => bpr.map(|b| ((board - 1) / b) as usize),
            }
        };
        // The letter of the board set a result was played in.
        let letter_of = |i: usize, set: usize| -> String {
            match &settings.result_rounds {
                Some(rr) => rr
                    .get(i)
                    .and_then(Option::as_ref)
                    .map(|(_, letter)| letter.clone())
                    .unwrap_or_default(),
                None => set_letters(set),
            }
        };
        let n = pairs.len();
        let mut totals = TotalsBuilder::over(n, self.denoms.iter().copied());
        let mut round_totals = TotalsBuilder::sparse(n * rounds);
        let mut round_side: Vec<Option<(bool, String)>> = vec![None; n * rounds];
        // Each value of the session's table made ready to add once, not per result.
        let terms: Vec<Option<(Term, Term, i64)>> = points
            .values()
            .map(|(p, top)| p.map(|p| (totals.term(p.ns), totals.term(p.ew), top)))
            .collect();
        for (i, r) in results.iter().enumerate() {
            if !pairs.contains(&r.ns_pair()) && !pairs.contains(&r.ew_pair()) {
                continue;
            }
            let Some((ns, ew, top)) = terms[points.value_index(i)] else {
                continue;
            };
            let round = if rounds > 0 {
                round_of(i, r.board).filter(|&set| set < rounds)
            } else {
                None
            };
            for (pair, term, ns_side) in [(r.ns_pair(), ns, true), (r.ew_pair(), ew, false)] {
                if !pairs.contains(&pair) {
                    continue;
                }
                let pair = pair - pairs.start;
                totals.add_term(pair, term, top);
                if let Some(set) = round {
                    let cell = pair * rounds + set;
                    if round_side[cell].is_none() {
                        round_side[cell] = Some((ns_side, letter_of(i, set)));
                    }
                    round_totals.add(cell, term.points(), top);
                }
            }
        }
        for &(pair, points) in settings.penalties.iter().filter(|(p, _)| pairs.contains(p)) {
            totals.add_points(pair - pairs.start, points);
        }
        (totals.finish(), round_totals.finish(), round_side)
    }
}

/// The number of round columns: from the results' own rounds when known, else from
/// the boards per round.
fn round_columns(results: &[TableResult], settings: &Settings) -> usize {
    match &settings.result_rounds {
        Some(rr) => rr
            .iter()
            .flatten()
            .map(|(r, _)| *r as usize)
            .max()
            .unwrap_or(0),
        None => {
            let max_board = results.iter().map(|r| r.board).max().unwrap_or(0);
            settings
                .boards_per_round
                .filter(|&b| b > 0)
                .map(|b| max_board.div_ceil(b) as usize)
                .unwrap_or(0)
        }
    }
}

/// Ranks the pairs and gives club points within each ranking group: a section, or one
/// direction of a section when the directions are separate fields. Pairs in ranking
/// order, by group.
fn rank_pairs(
    pairs: &[PairInfo],
    settings: &Settings,
    sums: &Sums,
    fields: &[Option<Side>],
) -> Vec<PairResult> {
    let mut names = Numbering::default();
    let mut by_group: FxHashMap<(u32, u8), Vec<usize>> = FxHashMap::default();
    for (i, p) in pairs.iter().enumerate().filter(|(_, p)| !p.unranked) {
        let field = match fields[i] {
            None => 0,
            Some(Side::NorthSouth) => 1,
            Some(Side::EastWest) => 2,
        };
        by_group
            .entry((names.number(group_of_pair(p, settings)), field))
            .or_default()
            .push(i);
    }
    let mut groups: Vec<((&str, u8), Vec<usize>)> = by_group
        .into_iter()
        .map(|((name, field), members)| ((names.text(name), field), members))
        .collect();
    groups.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    let mut placed = Vec::with_capacity(pairs.len());
    for (_, members) in groups {
        rank_group(members, &sums.totals, &mut placed);
    }
    // Each pair's line of the list on its own: a large field's on every core.
    crate::parts::map(&placed, |(pair, place)| {
        pair_result(*pair, sums, place, fields[*pair])
    })
}

/// Ranks one group's pairs by exact percentage (ties share a rank and their club
/// points), pairs without a board last and unranked: each pair with its place, in the
/// order of the list.
fn rank_group(mut members: Vec<usize>, totals: &PairTotals, placed: &mut Vec<(usize, Place)>) {
    totals.sort_best_first(&mut members);
    let ranked = members
        .iter()
        .position(|&m| totals.boards[m] == 0 || totals.max[m] == 0)
        .unwrap_or(members.len());
    // Tie groups: consecutive pairs on the same exact percentage.
    let mut sizes = Vec::new();
    let mut k = 0;
    while k < ranked {
        let mut end = k + 1;
        while end < ranked
            && totals.cmp_percentage(members[k], members[end]) == std::cmp::Ordering::Equal
        {
            end += 1;
        }
        sizes.push(end - k);
        k = end;
    }
    let cps = club_points_for_ties(&sizes);
    let mut k = 0;
    for size in sizes {
        for j in k..k + size {
            let place = Place {
                rank: Some(k as u32 + 1),
                tied: size > 1,
                club_points: cps[j],
            };
            placed.push((members[j], place));
        }
        k += size;
    }
    placed.extend(
        members[ranked..]
            .iter()
            .map(|&pair| (pair, Place::UNRANKED)),
    );
}

/// A pair's place in its group.
struct Place {
    rank: Option<u32>,
    tied: bool,
    club_points: Ratio<i64>,
}

impl Place {
    const UNRANKED: Place = Place {
        rank: None,
        tied: false,
        club_points: Ratio::new_raw(0, 1),
    };
}

/// A pair's line of the result list from the totals.
fn pair_result(pair: usize, sums: &Sums, place: &Place, field: Option<Side>) -> PairResult {
    let (totals, rounds) = (&sums.totals, sums.rounds);
    PairResult {
        pair,
        total: totals.total(pair),
        max: totals.max[pair],
        percentage: totals.percentage(pair),
        rank: place.rank,
        tied: place.tied,
        club_points: place.club_points,
        boards: totals.boards[pair],
        rounds: (0..rounds)
            .map(|set| {
                let cell = pair * rounds + set;
                sums.round_side[cell]
                    .as_ref()
                    .map(|(north_south, letter)| RoundCell {
                        set: letter.clone(),
                        north_south: *north_south,
                        points: sums.round_totals.total(cell),
                        max: sums.round_totals.max[cell],
                    })
            })
            .collect(),
        field,
        penalty: sums.penalty[pair],
    }
}

fn group_of_pair<'a>(p: &'a PairInfo, settings: &Settings) -> &'a str {
    if settings.top_integral {
        ""
    } else {
        p.section.as_str()
    }
}

/// Law 12C2: a side given average-plus gets its session percentage when that is higher
/// than 60 %, a side given average-minus its session percentage when lower than 40 %.
/// The session percentage is taken over the pair's real results.
fn apply_law_12c2(pair_count: usize, results: &[TableResult], points: &mut PointsList) {
    let mut contributions = Vec::new();
    for (i, r) in results.iter().enumerate() {
        let (true, Some(p)) = (r.outcome.is_real(), points[i]) else {
            continue;
        };
        let artificial_side = match r.outcome {
            Outcome::ScoreAndArtificial { side, .. } => Some(side),
            _ => None,
        };
        for (pair, mp, side) in [
            (r.ns_pair(), p.ns, Side::NorthSouth),
            (r.ew_pair(), p.ew, Side::EastWest),
        ] {
            if artificial_side == Some(side) {
                continue;
            }
            contributions.push(Contribution {
                pair,
                points: mp,
                top: points.top(i),
            });
        }
    }
    let totals = PairTotals::compute(pair_count, &contributions);
    // The session fraction as a ratio of 64-bit integers, close enough when it is not exact.
    let fraction = |pair: usize| -> Option<Ratio<i64>> {
        let f = totals.percentage(pair)?.divided_by(&Exact::integer(100))?;
        match f {
            Exact::Small(r) => {
                let (n, d) = (i64::try_from(*r.numer()), i64::try_from(*r.denom()));
                match (n, d) {
                    (Ok(n), Ok(d)) => Some(Ratio::new(n, d)),
                    _ => Some(Ratio::new((f.to_f64() * 1e9).round() as i64, 1_000_000_000)),
                }
            }
            Exact::Big(_) => Some(Ratio::new((f.to_f64() * 1e9).round() as i64, 1_000_000_000)),
        }
    };
    for (i, r) in results.iter().enumerate() {
        // The percentages given, North-South's and East-West's (none for a real side).
        let (ns, ew) = match r.outcome {
            Outcome::Artificial { ns, ew } => (ns, ew),
            Outcome::ScoreAndArtificial {
                side: Side::NorthSouth,
                percent,
                ..
            } => (percent, 0),
            Outcome::ScoreAndArtificial { percent, .. } => (0, percent),
            _ => continue,
        };
        let Some(mut p) = points[i] else {
            continue;
        };
        let top = Ratio::from_integer(points.top(i));
        let adjust = |pct: u8, pair: usize, current: Ratio<i64>| -> Ratio<i64> {
            match (pct, fraction(pair)) {
                (60, Some(f)) if f * 100 > Ratio::from_integer(60) => f * top,
                (40, Some(f)) if f * 100 < Ratio::from_integer(40) => f * top,
                _ => current,
            }
        };
        // A reversed artificial score has already swapped sides: follow the pairs.
        let (ns_pct, ew_pct) = if r.reversed() { (ew, ns) } else { (ns, ew) };
        p.ns = adjust(ns_pct, r.ns_pair(), p.ns);
        p.ew = adjust(ew_pct, r.ew_pair(), p.ew);
        points.replace(i, Some(p));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matchpoints::Outcome::{NotPlayed, Score};
    use crate::matchpoints::Scale;

    fn pairs(n: usize) -> Vec<PairInfo> {
        (1..=n)
            .map(|i| PairInfo {
                id: i.to_string(),
                ..PairInfo::default()
            })
            .collect()
    }

    fn r(board: u32, ns: usize, ew: usize, outcome: Outcome) -> TableResult {
        TableResult::new(board, ((ns - 1) as u32, (ew - 1) as u32), outcome)
    }

    /// A result keeps its line and its reversal in one number: either is set without
    /// the other changing, and a line past what it holds is said as the last it holds.
    #[test]
    fn a_results_line_and_reversal_are_kept_apart() {
        let mut r = TableResult::new(3, (1, 2), Outcome::Score(420)).at_line(77);
        assert_eq!((r.line(), r.reversed()), (77, false));
        r.set_reversed(true);
        assert_eq!((r.line(), r.reversed()), (77, true));
        r.set_line(u32::MAX);
        assert_eq!((r.line(), r.reversed()), (2_147_483_647, true));
        r.set_line(0);
        r.set_reversed(false);
        assert_eq!(
            (r.line(), r.reversed(), r.board, r.ns, r.ew),
            (0, false, 3, 1, 2)
        );
    }

    #[test]
    fn reverse_swaps_the_matchpoints() {
        let mut res = vec![
            r(1, 1, 2, Score(420)),
            r(1, 3, 4, Score(170)),
            r(1, 5, 6, Score(-50)),
        ];
        let s = score_session(&pairs(6), &res, &Settings::default()).unwrap();
        assert_eq!(s.points[0].unwrap().ns, Ratio::from_integer(4));
        res[0].set_reversed(true);
        let s = score_session(&pairs(6), &res, &Settings::default()).unwrap();
        let p = s.points[0].unwrap();
        assert_eq!(
            (p.ns, p.ew),
            (Ratio::from_integer(0), Ratio::from_integer(4))
        );
        // The others are untouched.
        assert_eq!(s.points[1].unwrap().ns, Ratio::from_integer(2));
    }

    /// A three-table Mitchell: pairs 1-3 North-South, 4-6 East-West, three boards.
    fn three_table_mitchell() -> Vec<TableResult> {
        vec![
            r(1, 1, 4, Score(420)),
            r(1, 2, 5, Score(170)),
            r(1, 3, 6, Score(-50)),
            r(2, 1, 6, Score(100)),
            r(2, 2, 4, Score(100)),
            r(2, 3, 5, Score(-100)),
            r(3, 1, 5, Score(-200)),
            r(3, 2, 6, Score(110)),
            r(3, 3, 4, Score(140)),
        ]
    }

    #[test]
    fn results_given_up_score_the_same_session() {
        // A three-table Mitchell, a board not played at one table; the results given up
        // are dropped before the pairs are ranked, with or without separate fields.
        let mut res = three_table_mitchell();
        res[4] = r(2, 2, 4, NotPlayed);
        for separate_fields in [false, true] {
            let settings = Settings {
                separate_fields,
                ..Settings::default()
            };
            let kept = score_session(&pairs(6), &res, &settings).unwrap();
            let taken = score_session_taking(&pairs(6), res.clone(), &settings).unwrap();
            // Compared as printed: the pairs and boards have no equality of their own.
            assert_eq!(format!("{:?}", taken.pairs), format!("{:?}", kept.pairs));
            assert_eq!(format!("{:?}", taken.boards), format!("{:?}", kept.boards));
            assert_eq!(taken.points, kept.points);
            assert_eq!(taken.warnings, kept.warnings);
            assert_eq!((taken.top, taken.rounds), (kept.top, kept.rounds));
        }
    }

    #[test]
    fn separate_fields_rank_each_direction_on_its_own() {
        let res = three_table_mitchell();
        let together = score_session(&pairs(6), &res, &Settings::default()).unwrap();
        let settings = Settings {
            separate_fields: true,
            ..Settings::default()
        };
        let s = score_session(&pairs(6), &res, &settings).unwrap();
        // The matchpoints do not change.
        assert_eq!(s.points, together.points);
        let list = |f: Side| -> Vec<(String, Option<u32>)> {
            s.pairs
                .iter()
                .filter(|p| p.field == Some(f))
                .map(|p| (format!("{}", p.pair + 1), p.rank))
                .collect()
        };
        // North-South: pair 1 has 4 + 3 + 0 = 7, pair 2 has 2 + 3 + 2 = 7, pair 3 has
        // 0 + 0 + 4 = 4 (of 12).
        assert_eq!(
            list(Side::NorthSouth),
            [
                ("1".to_string(), Some(1)),
                ("2".to_string(), Some(1)),
                ("3".to_string(), Some(3))
            ]
        );
        // East-West: pair 4 has 0 + 1 + 0 = 1, pair 5 has 2 + 4 + 4 = 10, pair 6 has
        // 4 + 1 + 2 = 7.
        assert_eq!(
            list(Side::EastWest),
            [
                ("5".to_string(), Some(1)),
                ("6".to_string(), Some(2)),
                ("4".to_string(), Some(3))
            ]
        );
        // Each field has its own winner's club points (3 pairs: 4 × 3 = 12).
        let cp = |pair: usize| s.pairs.iter().find(|p| p.pair == pair).unwrap().club_points;
        assert_eq!(cp(4), Ratio::from_integer(12));
        assert_eq!(cp(0), cp(1));
        assert!(together.pairs.iter().all(|p| p.field.is_none()));
    }

    #[test]
    fn separate_fields_refuse_a_pair_that_changed_direction() {
        let mut res = vec![
            r(1, 1, 4, Score(420)),
            r(1, 2, 5, Score(170)),
            r(2, 4, 2, Score(100)),
            r(2, 5, 1, Score(100)),
        ];
        for (i, x) in res.iter_mut().enumerate() {
            x.set_line(i as u32 + 2);
        }
        let settings = Settings {
            separate_fields: true,
            ..Settings::default()
        };
        let err = score_session(&pairs(5), &res, &settings).unwrap_err();
        let text = err.to_string();
        assert!(
            text.contains("line 4: board 2: pair 4 sits North-South here but East-West on line 2"),
            "{text}"
        );
        assert_eq!(err.diagnostics.len(), 4, "{text}");
        assert!(score_session(&pairs(5), &res, &Settings::default()).is_ok());
    }

    #[test]
    fn a_board_played_fewer_times_is_scored_and_named_by_the_rule() {
        // Board 1 played four times, board 2 three times (top 6 on both).
        let res = vec![
            r(1, 1, 2, Score(420)),
            r(1, 3, 4, Score(170)),
            r(1, 5, 6, Score(-50)),
            r(1, 7, 8, Score(-100)),
            r(2, 1, 4, Score(100)),
            r(2, 3, 6, Score(110)),
            r(2, 5, 8, Score(-200)),
        ];
        let neuberg = score_session(&pairs(8), &res, &Settings::default()).unwrap();
        let settings = Settings {
            rules: Rules {
                missing: MissingRule::CountAsTies,
                ..Rules::default()
            },
            ..Settings::default()
        };
        let ties = score_session(&pairs(8), &res, &settings).unwrap();
        // Board 2's top: 4 + 1 = 5 of 6 with ties, (4 + 1) × 4/3 − 1 = 17/3 by Neuberg.
        assert_eq!(ties.points[5].unwrap().ns, Ratio::from_integer(5));
        assert_eq!(neuberg.points[5].unwrap().ns, Ratio::new(17, 3));
        assert_eq!(ties.points[6].unwrap().ew, Ratio::from_integer(5));
        // Board 1 is the same either way.
        assert!(ties.points.iter().take(4).eq(neuberg.points.iter().take(4)));
        // Pair 3: 4 + 5 = 9 of 12.
        let p3 = ties.pairs.iter().find(|p| p.pair == 2).unwrap();
        assert_eq!(p3.total, Exact::integer(9));
        assert_eq!(p3.max, 12);
        let warning = |s: &SessionResult| {
            s.warnings
                .iter()
                .map(|w| w.to_string())
                .find(|w| w.contains("3 results where 4 were expected"))
                .unwrap()
        };
        assert!(warning(&neuberg).contains("the board is Neuberg-scaled to the full top"));
        let w = warning(&ties);
        assert!(
            w.contains("each missing result counts as a tie for every pair that played the board"),
            "{w}"
        );
        assert!(!w.contains("Neuberg"), "{w}");
    }

    #[test]
    fn percentage_on_the_boards_played() {
        // Pair 1 plays two boards, pair 7 only board 2 (a bye on board 1).
        let res = vec![
            r(1, 1, 2, Score(420)),
            r(1, 3, 4, Score(170)),
            r(1, 5, 6, Score(-50)),
            r(2, 1, 7, Score(100)),
            r(2, 3, 2, Score(100)),
            r(2, 5, 4, Score(-100)),
            r(2, 6, 8, NotPlayed),
        ];
        let s = score_session(&pairs(8), &res, &Settings::default()).unwrap();
        let p1 = s.pairs.iter().find(|p| p.pair == 0).unwrap();
        assert_eq!(p1.boards, 2);
        assert_eq!(p1.max, 12);
        let p8 = s.pairs.iter().find(|p| p.pair == 7).unwrap();
        assert_eq!(p8.percentage, None);
        assert_eq!(p8.rank, None);
    }

    /// A section written in other letters (`a` beside `A`), or left out on some lines,
    /// made a field of its own without a word: its pairs compared with nobody else.
    /// A CSV column of line numbers headed `line` (the English of `lijn`) made every
    /// line a section of its own: every board played once, no pair ranked, and not a
    /// word said.
    #[test]
    fn sections_where_every_board_was_played_once_are_a_warning() {
        let line = |mut t: TableResult, n: u32| {
            t.set_line(n);
            t
        };
        let results = [
            line(r(1, 1, 2, Score(100)), 2),
            line(r(1, 3, 4, Score(120)), 3),
            line(r(2, 5, 6, Score(90)), 4),
            line(r(2, 7, 8, Score(-50)), 5),
        ];
        let mut ps = pairs(8);
        for (p, section) in ps.iter_mut().zip(["1", "1", "2", "2", "3", "3", "4", "4"]) {
            p.section = section.into();
        }
        let s = score_session(&ps, &results, &Settings::default()).unwrap();
        let said: Vec<String> = s.warnings.iter().map(|d| d.to_string()).collect();
        assert_eq!(
            said,
            [
                "line 2: in sections 1, 2, 3 and 4 every board was played once: with nothing to compare, their pairs get no percentage and no rank; check that the section column holds sections, or enter the other tables' results"
            ],
        );
        // One section of one table, and a whole session played once.
        for sections in [["1", "1", "1", "1", "2", "2", "2", "2"], [""; 8]] {
            for (p, section) in ps.iter_mut().zip(sections) {
                p.section = section.into();
            }
            let results = [
                line(r(1, 1, 2, Score(100)), 2),
                line(r(2, 3, 4, Score(120)), 3),
            ];
            let s = score_session(&ps, &results, &Settings::default()).unwrap();
            let said: Vec<String> = s.warnings.iter().map(|d| d.to_string()).collect();
            assert_eq!(said.len(), 1, "{said:?}");
            assert!(said[0].contains("played once"), "{said:?}");
        }
    }

    #[test]
    fn sections_written_two_ways_or_left_out_are_a_warning() {
        let line = |mut t: TableResult, n: u32| {
            t.set_line(n);
            t
        };
        let results = [
            line(r(1, 1, 2, Score(100)), 2),
            line(r(1, 3, 4, Score(120)), 3),
            line(r(1, 5, 6, Score(90)), 4),
            line(r(2, 1, 2, Score(100)), 5),
            line(r(2, 3, 4, Score(-50)), 6),
            line(r(2, 5, 6, Score(90)), 7),
        ];
        for (one, other) in [("A", "a"), ("Lijn A", "Lijn  A"), ("Lijn A", "LIJN\u{a0}A")] {
            let mut ps = pairs(6);
            for (p, section) in ps.iter_mut().zip([one, one, one, one, other, other]) {
                p.section = section.into();
            }
            let s = score_session(&ps, &results, &Settings::default()).unwrap();
            let said: Vec<String> = s.warnings.iter().map(|d| d.to_string()).collect();
            assert_eq!(
                said,
                [
                    format!(
                        "line 4: section {other} and section {one} are written differently and scored as two fields: if they are one section, write its name the same way on every line"
                    ),
                    format!(
                        "line 4: in section {other} every board was played once: with nothing to compare, their pairs get no percentage and no rank; check that the section column holds sections, or enter the other tables' results"
                    ),
                ],
            );
        }
        let mut ps = pairs(6);
        for (p, section) in ps.iter_mut().zip(["A", "A", "", "", "A", "A"]) {
            p.section = section.into();
        }
        let s = score_session(&ps, &results, &Settings::default()).unwrap();
        let said: Vec<String> = s.warnings.iter().map(|d| d.to_string()).collect();
        assert_eq!(
            said,
            [
                "line 3: this line's pairs are in no section while the others' are in section A, and are scored as a field of their own: give every line its section"
            ],
        );
        // With the tops made integral every section is one field: nothing to say.
        let one_field = Settings {
            top_integral: true,
            ..Settings::default()
        };
        let s = score_session(&ps, &results, &one_field).unwrap();
        assert!(s.warnings.is_empty(), "{:?}", s.warnings);
    }

    /// A pair written `+1` beside pair 1 was scored as a second pair without a word.
    #[test]
    fn a_pair_number_written_with_a_sign_is_a_pair_written_two_ways() {
        let mut ps = pairs(5);
        ps[4].id = "+1".into();
        let results = [
            r(1, 1, 2, Score(100)),
            r(1, 3, 4, Score(120)),
            r(2, 5, 2, Score(100)),
            r(2, 3, 4, Score(120)),
        ];
        let s = score_session(&ps, &results, &Settings::default()).unwrap();
        let said: Vec<&str> = s.warnings.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(
            said,
            [
                "pair +1 and pair 1 are written differently and scored as two pairs: if they are one pair, write its number the same way on every line"
            ]
        );
    }

    #[test]
    fn a_pair_that_played_a_fraction_of_the_boards_is_said() {
        // Four tables, eight boards: pairs 1-4 North-South against 5-8.
        let mut ps = pairs(9);
        ps[8].id = "x".into();
        let mut results = Vec::new();
        for b in 1..=8u32 {
            for t in 0..4usize {
                let mut line = r(b, t + 1, 5 + (t + b as usize) % 4, Score(100 * t as i32));
                line.set_line(results.len() as u32 + 2);
                results.push(line);
            }
        }
        // One line's North-South typed as x: pair x plays one board, pair 2 seven.
        results[1].ns = 8;
        let s = score_session(&ps, &results, &Settings::default()).unwrap();
        let said: Vec<String> = s.warnings.iter().map(|d| d.to_string()).collect();
        assert_eq!(
            said,
            [
                "line 3: board 1: pair x played 1 board (this line), where half the pairs played 8 or more: unless it came late or left early, check the pair number on this line"
            ]
        );
        // Every pair on its boards says nothing.
        results[1].ns = 1;
        let s = score_session(&pairs(8), &results, &Settings::default()).unwrap();
        assert!(s.warnings.is_empty(), "{:?}", s.warnings);
    }

    #[test]
    fn pair_numbers_written_two_ways_are_a_warning_on_the_later_ones_first_line() {
        let mut ps = pairs(6);
        ps[3].id = "01".into();
        ps[4].id = "3a".into();
        ps[5].id = "3A".into();
        let line = |mut t: TableResult, n: u32| {
            t.set_line(n);
            t
        };
        let results = [
            line(r(1, 1, 2, Score(100)), 2),
            line(r(1, 3, 5, Score(120)), 3),
            line(r(2, 4, 2, Score(100)), 4),
            line(r(2, 3, 6, Score(-50)), 5),
            line(r(3, 4, 6, Score(90)), 6),
            line(r(3, 1, 5, Score(50)), 7),
        ];
        let s = score_session(&ps, &results, &Settings::default()).unwrap();
        let said: Vec<String> = s.warnings.iter().map(|d| d.to_string()).collect();
        assert_eq!(
            said,
            [
                "line 4: pair 01 and pair 1 are written differently and scored as two pairs: if they are one pair, write its number the same way on every line",
                "line 5: pair 3A and pair 3a are written differently and scored as two pairs: if they are one pair, write its number the same way on every line",
            ]
        );
        // A space inside a pair's id made a pair of its own, ranked beside itself,
        // without a word.
        let mut spaced = pairs(6);
        spaced[2].id = "3A".into();
        spaced[5].id = "3 A".into();
        let s = score_session(&spaced, &results, &Settings::default()).unwrap();
        let said: Vec<String> = s.warnings.iter().map(|d| d.to_string()).collect();
        assert_eq!(
            said,
            [
                "line 5: pair 3 A and pair 3A are written differently and scored as two pairs: if they are one pair, write its number the same way on every line"
            ]
        );
        // The same numbers written one way, and substitutes (all `-`), say nothing.
        let mut subs = pairs(6);
        subs[4].id = "-".into();
        subs[4].unranked = true;
        subs[5].id = "-".into();
        subs[5].unranked = true;
        subs[3].id = "07".into();
        let s = score_session(&subs, &results, &Settings::default()).unwrap();
        assert!(s.warnings.is_empty(), "{:?}", s.warnings);
    }

    #[test]
    fn a_plain_id_drops_leading_zeros_plus_signs_spaces_and_case_only() {
        for (id, plain) in [
            ("007", "7"),
            ("100", "100"),
            ("0", "0"),
            ("00", "0"),
            ("a01", "A1"),
            ("ns03", "NS3"),
            ("10b", "10B"),
            ("1-02", "1-2"),
            ("+1", "1"),
            ("+01", "1"),
            ("A+3", "A3"),
            ("1+2", "1+2"),
            ("+", "+"),
            ("12 A", "12A"),
            ("12\u{a0}a", "12A"),
            ("NS 03", "NS3"),
        ] {
            assert_eq!(plain_id(id), plain, "{id}");
            assert_eq!(written_loosely(id), plain != id, "{id}");
        }
    }

    #[test]
    fn errors_name_the_line() {
        let mut bad = r(1, 2, 2, Score(420));
        bad.set_line(7);
        let mut twice = r(1, 1, 3, Score(100));
        twice.set_line(9);
        let mut first = r(1, 1, 4, Score(100));
        first.set_line(8);
        let err = score_session(&pairs(4), &[bad, first, twice], &Settings::default())
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("line 7: board 1: pair 2 is on both sides"),
            "{err}"
        );
        assert!(
            err.contains("line 9: board 1: pair 1 plays board 1 twice (also on line 8)"),
            "{err}"
        );
    }

    #[test]
    fn a_board_played_twice_is_found_in_any_order_of_the_travellers() {
        let line = |mut t: TableResult, n: u32| {
            t.set_line(n);
            t
        };
        let first = line(r(1, 1, 2, Score(100)), 2);
        let other = line(r(2, 1, 3, Score(100)), 3);
        let twice = line(r(1, 1, 4, Score(100)), 4);
        for results in [
            vec![first.clone(), other.clone(), twice.clone()],
            vec![first, twice, other],
        ] {
            let err = score_session(&pairs(4), &results, &Settings::default())
                .unwrap_err()
                .to_string();
            assert!(
                err.contains("line 4: board 1: pair 1 plays board 1 twice (also on line 2)"),
                "{err}"
            );
        }
    }

    #[test]
    fn set_letters_go_past_z() {
        assert_eq!(set_letters(0), "A");
        assert_eq!(set_letters(25), "Z");
        assert_eq!(set_letters(26), "AA");
    }

    #[test]
    fn law_12c2_gives_the_session_percentage_when_higher() {
        // Pair 1 scores tops on boards 1 and 2, then gets average-plus on board 3.
        let res = vec![
            r(1, 1, 2, Score(420)),
            r(1, 3, 4, Score(170)),
            r(2, 1, 3, Score(420)),
            r(2, 2, 4, Score(170)),
            r(3, 1, 4, Outcome::Artificial { ns: 60, ew: 40 }),
            r(3, 2, 3, Score(100)),
        ];
        let settings = Settings {
            avg_plus_session: true,
            ..Settings::default()
        };
        let s = score_session(&pairs(4), &res, &settings).unwrap();
        // Top 2; pair 1 had 100 %, so its average-plus becomes 2 of 2.
        assert_eq!(s.points[4].unwrap().ns, Ratio::from_integer(2));
        let plain = score_session(&pairs(4), &res, &Settings::default()).unwrap();
        assert_eq!(plain.points[4].unwrap().ns, Ratio::new(6, 5));
    }

    #[test]
    fn rounding_to_a_tenth_before_totalling() {
        let res = vec![
            r(1, 1, 2, Score(510)),
            r(1, 3, 4, Score(480)),
            r(1, 5, 6, Score(-100)),
            r(1, 7, 8, NotPlayed),
        ];
        let settings = Settings {
            rounding: BoardRounding::TruncateTenth,
            ..Settings::default()
        };
        let s = score_session(&pairs(8), &res, &settings).unwrap();
        // 3 of 4 scores: 4 -> 4/3 × 5 - 1 = 17/3 = 5.666 -> 5.6.
        assert_eq!(s.points[0].unwrap().ns, Ratio::new(56, 10));
    }

    #[test]
    fn centred_matchpoints_round_half_away_from_zero_on_both_sides() {
        // 4 results where 5 were expected: Neuberg gives 7.75, 5.25, 2.75, 0.25 of 8,
        // centred +3.75, +1.25, -1.25, -3.75. Programs that print centred points round
        // each side half away from zero: +3.8 and -3.8, never +3.8 and -3.7.
        let res = vec![
            r(1, 1, 2, Score(600)),
            r(1, 3, 4, Score(500)),
            r(1, 5, 6, Score(400)),
            r(1, 7, 8, Score(300)),
            r(1, 9, 10, NotPlayed),
        ];
        let settings = Settings {
            rounding: BoardRounding::RoundTenth,
            centred: Some(2),
            ..Settings::default()
        };
        let s = score_session(&pairs(10), &res, &settings).unwrap();
        let centred = |x: Ratio<i64>| x - 4;
        let got: Vec<_> = (0..4)
            .map(|i| {
                let p = s.points[i].unwrap();
                (centred(p.ns), centred(p.ew))
            })
            .collect();
        let tenth = |n: i64| Ratio::new(n, 10);
        assert_eq!(
            got,
            vec![
                (tenth(38), tenth(-38)),
                (tenth(13), tenth(-13)),
                (tenth(-13), tenth(13)),
                (tenth(-38), tenth(38)),
            ]
        );
        // Not centred, the Dutch tenth rounds half up: 7.75 -> 7.8, 0.25 -> 0.3.
        let plain = score_session(
            &pairs(10),
            &res,
            &Settings {
                rounding: BoardRounding::RoundTenth,
                ..Settings::default()
            },
        )
        .unwrap();
        assert_eq!(plain.points[3].unwrap().ns, tenth(3));
        assert_eq!(plain.points[0].unwrap().ns, tenth(78));
        // On the ACBL scale a centred point is one comparison: 2 x mp - top.
        let acbl = score_session(
            &pairs(10),
            &res,
            &Settings {
                rules: Rules {
                    scale: Scale::Acbl,
                    ..Rules::default()
                },
                rounding: BoardRounding::RoundTenth,
                centred: Some(1),
                ..Settings::default()
            },
        )
        .unwrap();
        // ACBL top 4; Neuberg 3.875 -> centred 3.75 -> 3.8 -> 3.9 of 4.
        assert_eq!(acbl.points[0].unwrap().ns, Ratio::new(39, 10));
        assert_eq!(acbl.points[3].unwrap().ns, Ratio::new(1, 10));
    }

    #[test]
    fn seed_percentages_on_a_bye_pair_maximum() {
        // 24 boards, 6 results each (top 10). Pair A (index 0) plays boards 1-20 and
        // scores 130, pair B (index 1) plays all 24 and scores 144; the other tables are
        // filled by pairs that play one board each.
        let mut ps = vec![
            PairInfo {
                id: "A".into(),
                ..PairInfo::default()
            },
            PairInfo {
                id: "B".into(),
                ..PairInfo::default()
            },
        ];
        let mut res = Vec::new();
        let filler = |ps: &mut Vec<PairInfo>| {
            ps.push(PairInfo {
                id: format!("f{}", ps.len()),
                ..PairInfo::default()
            });
            ps.len() - 1
        };
        // North-South scores by rank: 10, 8, 6, 4, 2, 0 points.
        let by_rank = [600, 500, 400, 300, 200, 100];
        for board in 1..=24u32 {
            let a_rank = match board {
                1..=5 => Some(0),
                6..=10 => Some(1),
                11..=20 => Some(3),
                _ => None,
            };
            for (rank, &sc) in by_rank.iter().enumerate() {
                let ns = if Some(rank) == a_rank {
                    0
                } else if rank == 2 {
                    1
                } else {
                    filler(&mut ps)
                };
                let ew = filler(&mut ps);
                res.push(TableResult::new(board, (ns as u32, ew as u32), Score(sc)));
            }
        }
        let s = score_session(&ps, &res, &Settings::default()).unwrap();
        let a = s.pairs.iter().find(|p| p.pair == 0).unwrap();
        let b = s.pairs.iter().find(|p| p.pair == 1).unwrap();
        assert_eq!((a.total.clone(), a.max), (Exact::integer(130), 200));
        assert_eq!(a.percentage.as_ref().unwrap().to_decimal(2), "65.00");
        assert_eq!((b.total.clone(), b.max), (Exact::integer(144), 240));
        assert_eq!(b.percentage.as_ref().unwrap().to_decimal(2), "60.00");
        assert_eq!(s.top, 10);
        assert_eq!(s.average_per_round(4), Ratio::from_integer(20));
        // Ranked by percentage, not by total: A (130) above B (144).
        assert!(a.rank < b.rank);
    }

    #[test]
    fn seed_thirteen_pairs_over_seven_rounds_out_of_280_or_240() {
        // Seed 000 §2.3: "13 paren spelen 7 rondes. Het totaal te behalen per ronde is 40
        // punten. [...] Totaal behaald / 280 x 100. De paren die een ronde bye waren,
        // krijgen een percentage: Totaal behaald / 240 x 100." (13 pairs play 7 rounds,
        // 40 points to be had per round: out of 280, or out of 240 after a bye round.)
        // Pair k sits out round k (pairs 1-7), pairs 8-13 play all seven rounds; every
        // table of a round plays the round's four boards.
        let mut res = Vec::new();
        for round in 1..=7usize {
            let playing: Vec<usize> = (1..=13).filter(|&p| p != round).collect();
            for (t, table) in playing.chunks(2).enumerate() {
                for k in 0..4 {
                    let board = (4 * (round - 1) + k + 1) as u32;
                    let score = [420, 170, 140, -50, -100, -420][(t + k + round) % 6];
                    res.push(r(board, table[0], table[1], Score(score)));
                }
            }
        }
        let settings = Settings {
            boards_per_round: Some(4),
            ..Settings::default()
        };
        let s = score_session(&pairs(13), &res, &settings).unwrap();
        assert_eq!((s.top, s.rounds), (10, 7));
        assert_eq!(s.average_per_round(4) * 2, Ratio::from_integer(40));
        let by_pair: HashMap<usize, &PairResult> = s.pairs.iter().map(|p| (p.pair, p)).collect();
        for p in &s.pairs {
            let (max, boards) = if p.pair < 7 { (240, 24) } else { (280, 28) };
            assert_eq!((p.max, p.boards), (max, boards), "pair {}", p.pair + 1);
            let pct = p
                .total
                .times(&Exact::integer(100))
                .divided_by(&Exact::integer(max));
            assert_eq!(p.percentage, pct, "pair {}", p.pair + 1);
            // A round played is worth 40 points, a bye round nothing.
            let rounds: Vec<i64> = p
                .rounds
                .iter()
                .map(|c| c.as_ref().map_or(0, |c| c.max))
                .collect();
            assert_eq!(
                rounds.iter().filter(|&&m| m == 40).count() as u32,
                boards / 4
            );
            assert_eq!(rounds.iter().sum::<i64>(), max);
        }
        // The two pairs of a table share the round's 40 points.
        for t in res.iter().step_by(4) {
            let round = (t.board as usize - 1) / 4;
            let cell = |i: usize| by_pair[&i].rounds[round].clone().unwrap().points;
            assert_eq!(
                cell(t.ns_pair()).plus(&cell(t.ew_pair())),
                Exact::integer(40)
            );
        }
    }

    /// Seed 000 §4's session of 13 pairs, 6 rounds and 24 boards: round, North-South
    /// pair, East-West pair and North-South's scores on the round's four boards. Every
    /// table of a round plays the same boards (top 10), and each pair scores in each round
    /// the points of the seed's result list, North-South where its letter is a capital.
    const SEED_13_PAIRS: [(u32, usize, usize, [i32; 4]); 36] = [
        // Round 1, boards 1-4.
        (1, 1, 2, [620, 620, -620, -620]),
        (1, 8, 3, [140, 110, 90, -200]),
        (1, 9, 12, [-200, -420, 620, 620]),
        (1, 6, 4, [-100, -420, 140, 90]),
        (1, 5, 11, [-620, 110, -100, 140]),
        (1, 7, 10, [90, -100, -200, -100]),
        // Round 2, boards 5-8.
        (2, 1, 8, [620, 620, 90, -200]),
        (2, 5, 2, [-100, -420, 140, -100]),
        (2, 3, 4, [-620, -100, -620, -620]),
        (2, 6, 9, [140, 110, -100, 140]),
        (2, 12, 7, [90, 110, 620, 620]),
        (2, 11, 13, [-200, -420, -200, 90]),
        // Round 3, boards 9-12.
        (3, 10, 1, [-200, 420, -620, -620]),
        (3, 9, 2, [140, -140, 620, -100]),
        (3, 3, 12, [-620, 420, 140, 620]),
        (3, 4, 7, [620, -620, 90, 140]),
        (3, 5, 6, [90, -140, -200, 90]),
        (3, 13, 8, [-100, 90, -100, -200]),
        // Round 4, boards 13-16.
        (4, 1, 6, [-100, -140, 140, -100]),
        (4, 2, 11, [140, 90, -100, 140]),
        (4, 3, 10, [620, -140, 620, 90]),
        (4, 4, 13, [-620, 420, -620, -620]),
        (4, 5, 12, [-200, 420, 90, 620]),
        (4, 7, 8, [90, -620, -200, -200]),
        // Round 5, boards 17-20.
        (5, 7, 2, [-200, 420, -100, 140]),
        (5, 3, 6, [-620, -50, 90, -200]),
        (5, 11, 4, [620, -420, 620, 90]),
        (5, 8, 5, [140, 420, -620, -100]),
        (5, 9, 10, [-100, -50, -200, -620]),
        (5, 13, 12, [90, -420, 140, 620]),
        // Round 6, boards 21-24.
        (6, 1, 4, [-100, 620, 620, 140]),
        (6, 2, 3, [-620, -100, 140, -100]),
        (6, 10, 5, [140, -620, -100, 90]),
        (6, 13, 6, [90, 110, 90, 620]),
        (6, 9, 8, [-200, -200, -200, -620]),
        (6, 11, 12, [620, 110, -620, -200]),
    ];

    #[test]
    fn seed_result_list_of_13_pairs() {
        // Seed 000 §4: "Dit is de uitslag van een toernooi met 13 paren, 6 rondes, 24
        // giften" (the result list of an event of 13 pairs, 6 rounds, 24 boards); "Maximum
        // = 10 x 4 x 6 = 240 punten (Voor een Bye-paar: 10 x 4 x 5 = 200)" (the maximum is
        // 240 points, 200 for a pair with a bye); ranked by percentage, not by points.
        let mut res = Vec::new();
        for &(round, ns, ew, scores) in &SEED_13_PAIRS {
            for (k, &score) in (1..).zip(&scores) {
                res.push(r(4 * (round - 1) + k, ns, ew, Score(score)));
            }
        }
        let settings = Settings {
            boards_per_round: Some(4),
            ..Settings::default()
        };
        let s = score_session(&pairs(13), &res, &settings).unwrap();
        assert_eq!(s.top, 10);
        // "gemiddelde per ronde: 20" (average per round: 20).
        assert_eq!(s.average_per_round(4), Ratio::from_integer(20));
        let got: Vec<String> = s
            .pairs
            .iter()
            .map(|p| {
                assert_eq!(p.max, 10 * i64::from(p.boards));
                let rounds: Vec<String> = p
                    .rounds
                    .iter()
                    .map(|c| match c {
                        Some(c) if c.north_south => {
                            format!("{} {}", c.points.to_fraction_string(), c.set)
                        }
                        Some(c) => {
                            format!("{} {}", c.points.to_fraction_string(), c.set.to_lowercase())
                        }
                        None => "-".into(),
                    })
                    .collect();
                format!(
                    "{}({}) {} {} {} {} | {}",
                    p.rank.unwrap(),
                    pairs(13)[p.pair].id,
                    p.total.to_fraction_string(),
                    p.percentage.as_ref().unwrap().to_decimal(2),
                    p.club_points,
                    p.boards,
                    rounds.join(" | ")
                )
            })
            .collect();
        // Rang (Paar), PTN, %, CP, #gft and the six rounds as the seed prints them, but
        // for four round letters the seed gives that would have a pair play boards twice
        // (pair 7 "16 D" and pair 10 "24 d" in round 1, who play D again in round 4;
        // pair 5 "27 A" and pair 12 "13 a" in round 4, who played A in round 1): here they
        // are the letters of the boards of their round.
        let want = [
            "1(13) 130 65.00 52 20 | - | 29 b | 16 C | 31 d | 25 E | 29 F",
            "2(1) 128 64.00 39 20 | 20 A | 28 B | 29 c | 19 D | - | 32 F",
            "3(8) 144 60.00 26 24 | 23 A | 12 b | 24 c | 30 d | 21 E | 34 f",
            "4(6) 128 53.33 21 24 | 19 A | 27 B | 23 c | 21 d | 27 e | 11 f",
            "5(5) 121 50.42 1 24 | 19 A | 17 B | 17 C | 27 D | 19 e | 22 f",
            "6(2) 117 48.75 1 24 | 20 a | 23 b | 15 c | 26 D | 17 e | 16 F",
            "7(3) 114 47.50 1 24 | 17 a | 4 B | 27 C | 29 D | 13 E | 24 f",
            "8(12) 112 46.67 1 24 | 17 a | 33 B | 13 c | 13 d | 15 e | 21 f",
            "9(10) 93 46.50 1 20 | 24 a | - | 11 C | 11 d | 29 e | 18 F",
            "10(4) 111 46.25 1 24 | 21 a | 36 b | 24 C | 9 D | 13 e | 8 f",
            "11(11) 92 46.00 1 20 | 21 a | 11 B | - | 14 d | 27 E | 19 F",
            "12(9) 78 39.00 1 20 | 23 A | 13 b | 25 C | - | 11 E | 6 F",
            "13(7) 72 36.00 1 20 | 16 A | 7 b | 16 c | 10 D | 23 E | -",
        ];
        assert_eq!(got, want);
    }

    #[test]
    fn sections_scored_apart_or_top_integral() {
        let mut ps = Vec::new();
        for section in ["A", "B"] {
            for i in 1..=4 {
                ps.push(PairInfo {
                    id: i.to_string(),
                    section: section.into(),
                    ..PairInfo::default()
                });
            }
        }
        // Section A: pairs 0-3, section B: pairs 4-7; board 1 at two tables in each.
        let res = vec![
            r(1, 1, 2, Score(420)),
            r(1, 3, 4, Score(400)),
            r(1, 5, 6, Score(450)),
            r(1, 7, 8, Score(-50)),
        ];
        let apart = score_session(&ps, &res, &Settings::default()).unwrap();
        assert_eq!(apart.boards.len(), 2);
        assert_eq!(apart.points[0].unwrap().ns, Ratio::from_integer(2));
        assert_eq!(apart.points[2].unwrap().ns, Ratio::from_integer(2));
        // Each section has its own ranking, so both section winners are first.
        let firsts = apart.pairs.iter().filter(|p| p.rank == Some(1)).count();
        assert_eq!(
            firsts, 4,
            "two NS winners and two EW winners tied... per section"
        );
        let together = Settings {
            top_integral: true,
            ..Settings::default()
        };
        let field = score_session(&ps, &res, &together).unwrap();
        assert_eq!(field.boards.len(), 1);
        assert_eq!(field.boards[0].top, 6);
        // 420 beats 400 and -50, loses to 450: 4 of 6.
        assert_eq!(field.points[0].unwrap().ns, Ratio::from_integer(4));
        assert_eq!(field.points[2].unwrap().ns, Ratio::from_integer(6));
        // A table may not mix sections unless they are scored together.
        let mixed = vec![r(1, 1, 6, Score(420)), r(1, 3, 4, Score(400))];
        assert!(score_session(&ps, &mixed, &Settings::default()).is_err());
        assert!(score_session(&ps, &mixed, &together).is_ok());
    }

    mod properties {
        use super::*;
        use proptest::prelude::*;

        /// A Mitchell-like event: `tables` tables, every table plays every board, East-West
        /// pairs move one table a board; outcomes drawn from a small set.
        fn event(tables: usize, boards: u32, codes: &[u8]) -> (Vec<PairInfo>, Vec<TableResult>) {
            let ps = pairs(tables * 2);
            let mut res = Vec::new();
            let mut k = 0;
            for b in 1..=boards {
                for t in 0..tables {
                    let ew = tables + (t + b as usize) % tables;
                    let code = codes[k % codes.len()];
                    k += 1;
                    let outcome = match code % 10 {
                        0 => Outcome::NotPlayed,
                        1 => Outcome::AVERAGE,
                        2 => Outcome::Artificial { ns: 60, ew: 40 },
                        c => Score((i32::from(code) - 128) * 10 + i32::from(c)),
                    };
                    res.push({
                        let mut r = TableResult::new(b, (t as u32, ew as u32), outcome)
                            .at_line(res.len() as u32 + 2);
                        r.set_reversed(code.is_multiple_of(17));
                        r
                    });
                }
            }
            (ps, res)
        }

        proptest! {
            #[test]
            fn remembered_values_are_the_ones_made_for_their_key(
                keys in prop::collection::vec(
                    (prop_oneof![-300i64..300, any::<i64>()], -300i64..300, any::<bool>()),
                    1..200,
                )
            ) {
                // A value as a function of its key, so that a wrong slot would show.
                let make = |k: ValueKey| (k.0 as u32).wrapping_mul(31) ^ (k.1 as u32) ^ u32::from(k.2);
                let mut found = BoardValues::new();
                // Each key twice, the second time usually found in its slot.
                for &k in keys.iter().chain(&keys) {
                    prop_assert_eq!(found.get(k, || make(k)), make(k));
                }
            }

            #[test]
            fn permuting_the_travellers_changes_nothing(
                tables in 2usize..7, boards in 1u32..6,
                codes in prop::collection::vec(any::<u8>(), 1..40), seed in any::<u64>()
            ) {
                let (ps, res) = event(tables, boards, &codes);
                let settings = Settings { boards_per_round: Some(2), ..Settings::default() };
                let a = score_session(&ps, &res, &settings).unwrap();
                let mut perm: Vec<usize> = (0..res.len()).collect();
                let mut x = seed | 1;
                for i in (1..perm.len()).rev() {
                    x ^= x << 13; x ^= x >> 7; x ^= x << 17;
                    perm.swap(i, (x % (i as u64 + 1)) as usize);
                }
                let shuffled: Vec<TableResult> = perm.iter().map(|&i| res[i].clone()).collect();
                let b = score_session(&ps, &shuffled, &settings).unwrap();
                for (j, &i) in perm.iter().enumerate() {
                    prop_assert_eq!(a.points[i], b.points[j]);
                }
                for pa in &a.pairs {
                    let pb = b.pairs.iter().find(|p| p.pair == pa.pair).unwrap();
                    prop_assert_eq!(&pa.total, &pb.total);
                    prop_assert_eq!(&pa.percentage, &pb.percentage);
                    prop_assert_eq!(pa.rank, pb.rank);
                    prop_assert_eq!(pa.club_points, pb.club_points);
                }
            }

            #[test]
            fn scoring_in_parts_is_scoring_in_one(
                tables in 2usize..9, boards in 1u32..7,
                codes in prop::collection::vec(any::<u8>(), 1..60),
                rounds in any::<bool>(), separate_fields in any::<bool>(),
                penalty in prop::option::of((0usize..4, -3i64..3)),
                defect in (0usize..5, any::<prop::sample::Index>()),
            ) {
                // Every list split from two items on: the checks, the boards, the pairs'
                // totals and their lines each in one part per core.
                let (ps, mut res) = event(tables, boards, &codes);
                // A line in error, told the same way: a board played twice, a pair on both
                // sides, board 0, a pair past the list.
                let at = defect.1.index(res.len());
                match defect.0 {
                    1 => res.push(res[at].clone().at_line(9_999)),
                    2 => res[at].ew = res[at].ns,
                    3 => res[at].board = 0,
                    4 => res[at].ns = (ps.len() + 3) as u32,
                    _ => {}
                }
                let settings = Settings {
                    boards_per_round: rounds.then_some(2),
                    separate_fields,
                    penalties: penalty.map(|(p, n)| (p, Ratio::new(n, 2))).into_iter().collect(),
                    ..Settings::default()
                };
                let one = score_session(&ps, &res, &settings);
                let parts = crate::parts::split_from(2, || score_session(&ps, &res, &settings));
                // Compared as printed: the pairs and boards have no equality of their own.
                prop_assert_eq!(format!("{one:?}"), format!("{parts:?}"));
            }

            #[test]
            fn every_real_line_adds_up_to_the_top(
                tables in 2usize..7, boards in 1u32..6,
                codes in prop::collection::vec(any::<u8>(), 1..40)
            ) {
                let (ps, res) = event(tables, boards, &codes);
                let s = score_session(&ps, &res, &Settings::default()).unwrap();
                for (i, r) in res.iter().enumerate() {
                    if r.outcome.is_real() {
                        let p = s.points[i].unwrap();
                        prop_assert_eq!(p.ns + p.ew, Ratio::from_integer(s.points.top(i)));
                    }
                }
                // A pair's percentage lies within 0 and 100.
                for p in &s.pairs {
                    if let Some(pct) = &p.percentage {
                        prop_assert!(*pct >= Exact::zero() && *pct <= Exact::integer(100));
                    }
                }
            }
        }
    }
}
