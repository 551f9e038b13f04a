//! Result lists of the IMP forms: butler and cross-IMP pairs (IMPs and G-IMP per pair,
//! the datum and IMPs per board) and teams (every match with its IMPs and victory points,
//! the standings, the next Swiss round), as plain text and as JSON.
//!
//! As in [`crate::json`], JSON numbers are the exact figures converted to the nearest
//! double (IMPs, G-IMP, VP in hundredths), never rounded for display; text rounds to two
//! decimals where a figure is not whole.

use crate::html::{STYLE, escape, said_box};
use crate::pdf;
use crate::report::{ReportLang, Word};
use crate::text::shown_width;
use crate::travellers::Event;
use klaver_core::butler::ButlerResult;
use klaver_core::cross_imps::CrossImpResult;
use klaver_core::exact::Exact;
use klaver_core::imps::{ImpPairResult, ImpPoints};
use klaver_core::matchpoints::Outcome;
use klaver_core::session::Diagnostic;
use klaver_core::teams::{SwissRound, TeamMatch, TeamsResult};
use num_rational::Ratio;
use serde::Serialize;
use std::fmt::Write as _;
use std::io::Write;

/// Title and date printed above an IMP result list.
#[derive(Debug, Clone, Default)]
pub struct ImpReportOptions {
    /// The event's title.
    pub title: String,
    /// The event's date, as it should be printed.
    pub date: String,
    /// Print every board after the result list (text).
    pub boards: bool,
    /// The language of the headings and words (English unless told).
    pub lang: ReportLang,
}

fn f(r: Ratio<i64>) -> f64 {
    *r.numer() as f64 / *r.denom() as f64
}

/// A figure as printed: whole numbers plainly, others with two decimals.
fn show(r: Ratio<i64>) -> String {
    if r.is_integer() {
        r.to_integer().to_string()
    } else {
        Exact::from(r).to_decimal(2)
    }
}

/// How the figures of one column are printed: all with two decimals when any of them is
/// not whole, so that a column never sets `-1` beside `-0.17`; all whole when they are.
#[derive(Clone, Copy)]
struct Column {
    decimals: bool,
}

impl Column {
    /// The column of `figures`.
    fn of(figures: impl IntoIterator<Item = Ratio<i64>>) -> Column {
        Column {
            decimals: figures.into_iter().any(|r| !r.is_integer()),
        }
    }

    /// The column of a result's IMPs per line, over all its boards.
    fn of_points(points: &[Option<ImpPoints>]) -> Column {
        Column::of(points.iter().flatten().flat_map(|p| [p.ns, p.ew]))
    }

    fn show(self, r: Ratio<i64>) -> String {
        if self.decimals || !r.is_integer() {
            Exact::from(r).to_decimal(2)
        } else {
            r.to_integer().to_string()
        }
    }
}

/// Victory points, always with two decimals.
fn vp(r: Ratio<i64>) -> String {
    Exact::from(r).to_decimal(2)
}

fn show_exact(e: &Exact) -> String {
    let whole = e.to_fraction_string();
    if whole.contains('/') {
        e.to_decimal(2)
    } else {
        whole
    }
}

/// Left-aligned text columns and right-aligned number columns.
fn table(out: &mut String, header: &[String], rows: &[Vec<String>], right: &[bool]) {
    let mut width: Vec<usize> = header.iter().map(|h| shown_width(h)).collect();
    for row in rows {
        for (c, cell) in row.iter().enumerate() {
            width[c] = width[c].max(shown_width(cell));
        }
    }
    for row in std::iter::once(header).chain(rows.iter().map(Vec::as_slice)) {
        let mut line = String::new();
        for (c, cell) in row.iter().enumerate() {
            if c > 0 {
                line.push_str("  ");
            }
            let pad = " ".repeat(width[c] - shown_width(cell));
            if right[c] {
                line.push_str(&pad);
                line.push_str(cell);
            } else {
                line.push_str(cell);
                line.push_str(&pad);
            }
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
}

fn heading(out: &mut String, opts: &ImpReportOptions, what: &str) {
    let mut parts = Vec::new();
    if !opts.date.is_empty() {
        parts.push(opts.date.clone());
    }
    if !opts.title.is_empty() {
        parts.push(opts.title.clone());
    }
    parts.push(what.to_string());
    let _ = writeln!(out, "{}\n", parts.join("   "));
}

/// A line's score, or its adjustment in the report's words.
fn score_text(event: &Event, i: usize, l: ReportLang) -> String {
    match &event.results[i].outcome {
        // A reversed result counts the other way round: said beside the score written.
        Outcome::Score(s) if event.results[i].reversed() => {
            format!("{s} {}", l.word(Word::Reverse))
        }
        Outcome::Score(s) => s.to_string(),
        _ => crate::report::adjustment_note(l, &event.lines[i], &event.results[i]),
    }
}

/// Headings in the report's language.
fn words<const N: usize>(l: ReportLang, words: [Word; N]) -> Vec<String> {
    words.iter().map(|&w| l.word(w).to_string()).collect()
}

fn pair_header(l: ReportLang) -> Vec<String> {
    use Word::*;
    words(l, [Rank, Names, Imps, Boards, ImpsPerBoard])
}

const PAIR_RIGHT: [bool; 5] = [false, false, true, true, true];

fn pair_rows(event: &Event, pairs: &[ImpPairResult]) -> Vec<Vec<String>> {
    let label = crate::report::pair_labeller(&event.pairs);
    let fractions = pairs
        .iter()
        .any(|p| p.total.to_fraction_string().contains('/'));
    let total = |e: &Exact| {
        if fractions {
            e.to_decimal(2)
        } else {
            show_exact(e)
        }
    };
    pairs
        .iter()
        .map(|p| {
            let info = &event.pairs[p.pair];
            let id = label(p.pair);
            let rank = match p.rank {
                Some(r) if p.tied => format!("{r}=({id})"),
                Some(r) => format!("{r}({id})"),
                None => format!("({id})"),
            };
            vec![
                rank,
                info.names.clone(),
                total(&p.total),
                p.boards.to_string(),
                p.per_board
                    .as_ref()
                    .map(|g| g.to_decimal(2))
                    .unwrap_or_default(),
            ]
        })
        .collect()
}

fn pair_list(out: &mut String, event: &Event, pairs: &[ImpPairResult], l: ReportLang) {
    table(out, &pair_header(l), &pair_rows(event, pairs), &PAIR_RIGHT);
}

/// NS, EW, the North-South score, each side's IMPs and the adjustment.
fn board_header(l: ReportLang) -> Vec<String> {
    let (ns, ew) = l.sides();
    let (score, imps) = (l.word(Word::Score), l.word(Word::Imps));
    vec![
        ns.into(),
        ew.into(),
        format!("{score} {ns}"),
        format!("{imps} {ns}"),
        format!("{imps} {ew}"),
        String::new(),
    ]
}

const BOARD_RIGHT: [bool; 6] = [true, true, true, true, true, false];

/// "Board 3  Section A" and the board's details, as headed in the result list.
fn butler_board_head(b: &klaver_core::butler::ButlerBoard, l: ReportLang) -> (String, String) {
    let datum = b.datum.map(show);
    let datum = datum.unwrap_or_else(|| l.word(Word::NoDatum).into());
    (
        board_title(b.board, &b.section, l),
        format!(
            "{}: {datum}   {}: {}",
            l.word(Word::Datum),
            l.word(Word::DroppedAtEachEnd),
            b.dropped
        ),
    )
}

fn cross_board_head(b: &klaver_core::cross_imps::CrossImpBoard, l: ReportLang) -> (String, String) {
    (
        board_title(b.board, &b.section, l),
        format!("{}: {}", l.word(Word::ResultsCompared), b.compared),
    )
}

fn board_title(board: u32, section: &str, l: ReportLang) -> String {
    let title = format!("{} {board}", l.word(Word::Board));
    if section.is_empty() {
        title
    } else {
        format!("{title}  {} {section}", l.word(Word::Section))
    }
}

fn board_rows(
    event: &Event,
    entries: &[usize],
    points: &[Option<ImpPoints>],
    (imps, l): (Column, ReportLang),
) -> Vec<Vec<String>> {
    entries
        .iter()
        .map(|&i| {
            let r = &event.results[i];
            let p = points[i];
            vec![
                event.pairs[r.ns_pair()].id.clone(),
                event.pairs[r.ew_pair()].id.clone(),
                score_text(event, i, l),
                p.map(|p| imps.show(p.ns)).unwrap_or_default(),
                p.map(|p| imps.show(p.ew)).unwrap_or_default(),
                if r.reversed() {
                    l.word(Word::Reverse).into()
                } else {
                    String::new()
                },
            ]
        })
        .collect()
}

/// A butler session's result list as plain text.
pub fn butler_text(event: &Event, result: &ButlerResult, opts: &ImpReportOptions) -> String {
    let mut out = String::new();
    let l = opts.lang;
    let imps = Column::of_points(&result.points);
    heading(&mut out, opts, l.word(Word::ButlerForm));
    pair_list(&mut out, event, &result.pairs, l);
    if opts.boards {
        for b in &result.boards {
            let (title, details) = butler_board_head(b, l);
            let _ = writeln!(out, "\n{title}   {details}");
            let rows = board_rows(event, &b.entries, &result.points, (imps, l));
            table(&mut out, &board_header(l), &rows, &BOARD_RIGHT);
        }
    }
    out
}

/// A cross-IMP session's result list as plain text.
pub fn cross_imps_text(event: &Event, result: &CrossImpResult, opts: &ImpReportOptions) -> String {
    let mut out = String::new();
    let l = opts.lang;
    let imps = Column::of_points(&result.points);
    heading(&mut out, opts, l.word(Word::CrossImpsForm));
    pair_list(&mut out, event, &result.pairs, l);
    if opts.boards {
        for b in &result.boards {
            let (title, details) = cross_board_head(b, l);
            let _ = writeln!(out, "\n{title}   {details}");
            let rows = board_rows(event, &b.entries, &result.points, (imps, l));
            table(&mut out, &board_header(l), &rows, &BOARD_RIGHT);
        }
    }
    out
}

fn match_header(l: ReportLang) -> Vec<String> {
    use Word::*;
    words(l, [Match, Imps, VictoryPoints, Boards, Scale])
}

const MATCH_RIGHT: [bool; 5] = [false, true, true, true, true];

/// Board, each room's North-South score, the home team's net score over both rooms (its
/// score where it sits North-South, minus the North-South score where it sits East-West,
/// whichever room that is: positive when it gained), each team's IMPs and a note.
fn match_board_header(l: ReportLang) -> Vec<String> {
    let ns = l.sides().0;
    let mut header = words(l, [Word::Board, Word::OpenRoom, Word::ClosedRoom]);
    header[1] = format!("{} {ns}", header[1]);
    header[2] = format!("{} {ns}", header[2]);
    header.extend(words(l, [Word::HomeNet, Word::ImpsHome, Word::ImpsAway]));
    header.push(String::new());
    header
}

const MATCH_BOARD_RIGHT: [bool; 7] = [true, true, true, true, true, true, false];

fn standing_header(l: ReportLang) -> Vec<String> {
    use Word::*;
    words(
        l,
        [
            RankShort,
            Team,
            Names,
            Matches,
            VictoryPoints,
            ImpsFor,
            ImpsAgainst,
            Quotient,
        ],
    )
}

const STANDING_RIGHT: [bool; 8] = [true, false, false, true, true, true, true, true];

/// A team as the result list names it: its section and number (A1, B1) when the teams
/// play in more than one section, else its number, as the pairs forms name a pair.
fn team_label(event: &Event, t: usize) -> String {
    crate::report::pair_labeller(&event.pairs)(t)
}

fn match_title(event: &Event, m: &TeamMatch, l: ReportLang) -> String {
    let (home, away) = (team_label(event, m.home), team_label(event, m.away));
    let teams = format!("{home} {} {away}", l.word(Word::Versus));
    match m.round {
        Some(round) => format!("{teams} ({} {round})", l.word(Word::RoundWord)),
        None => teams,
    }
}

/// A match's IMPs: the home team's and the away team's; when a board does not balance,
/// each team's own IMPs won and lost, the home team's first (`19 - 3 / 0 - 22`).
fn match_imps(m: &TeamMatch, col: Column) -> String {
    if m.balances() {
        format!("{} - {}", col.show(m.imps_home), col.show(m.imps_away))
    } else {
        format!(
            "{} - {} / {} - {}",
            col.show(m.imps_home),
            col.show(m.lost_home),
            col.show(m.imps_away),
            col.show(m.lost_away)
        )
    }
}

/// The column of the matches' IMPs.
fn match_imps_column(result: &TeamsResult) -> Column {
    let figures = |m: &TeamMatch| [m.imps_home, m.imps_away, m.lost_home, m.lost_away];
    Column::of(result.matches.iter().flat_map(figures))
}

/// The column of the IMPs of every match's boards.
fn board_imps_column(result: &TeamsResult) -> Column {
    let boards = result.matches.iter().flat_map(|m| &m.boards);
    Column::of(boards.flat_map(|b| b.imps.into_iter().chain(b.imps_away)))
}

/// A note under the matches for each match with boards whose artificial scores do not
/// balance: how each team was scored, and what a knockout match would count instead.
fn unbalanced_notes(event: &Event, result: &TeamsResult, l: ReportLang) -> Vec<String> {
    let name = |t: usize| team_label(event, t);
    result
        .matches
        .iter()
        .filter(|m| !m.balances())
        .map(|m| {
            let boards: Vec<String> = m
                .boards
                .iter()
                .filter(|b| !b.balances())
                .map(|b| b.board.to_string())
                .collect();
            let knockout = m.knockout_margin();
            let zero = Ratio::from_integer(0);
            let counted = match knockout.cmp(&zero) {
                std::cmp::Ordering::Equal => "a draw".to_string(),
                std::cmp::Ordering::Less => format!("{} by {} IMPs", name(m.away), show(-knockout)),
                std::cmp::Ordering::Greater => format!("{} by {} IMPs", name(m.home), show(knockout)),
            };
            format!(
                "{}: the artificial scores of board {} do not balance, so each team is scored from its own side (Law 86B): {} on IMPs {} - {}, {} on IMPs {} - {}, and the VP do not add up to the scale's total; in a knockout match both would get the average, {counted}",
                match_title(event, m, l),
                boards.join(", "),
                name(m.home),
                show(m.imps_home),
                show(m.lost_home),
                name(m.away),
                show(m.imps_away),
                show(m.lost_away),
            )
        })
        .collect()
}

fn match_rows(event: &Event, result: &TeamsResult, l: ReportLang) -> Vec<Vec<String>> {
    let imps = match_imps_column(result);
    result
        .matches
        .iter()
        .map(|m| {
            vec![
                match_title(event, m, l),
                match_imps(m, imps),
                format!("{} - {}", vp(m.vp_home), vp(m.vp_away)),
                m.played.to_string(),
                m.scale_boards.to_string(),
            ]
        })
        .collect()
}

fn match_board_rows(
    event: &Event,
    m: &TeamMatch,
    (col, l): (Column, ReportLang),
) -> Vec<Vec<String>> {
    m.boards
        .iter()
        .map(|b| {
            let imps = b.imps;
            let (home, away, note) = match (imps, b.imps_away) {
                (Some(h), Some(a)) if !b.balances() => (
                    col.show(h),
                    col.show(a),
                    l.word(Word::EachTeamOwn).to_string(),
                ),
                _ => (
                    imps.filter(|x| *x > Ratio::from_integer(0))
                        .map(|x| col.show(x))
                        .unwrap_or_default(),
                    imps.filter(|x| *x < Ratio::from_integer(0))
                        .map(|x| col.show(-x))
                        .unwrap_or_default(),
                    if imps.is_none() {
                        l.word(Word::NotPlayed).into()
                    } else if [b.open, b.closed]
                        .iter()
                        .any(|&i| event.results[i].outcome == Outcome::NotPlayed)
                    {
                        l.word(Word::NotPlayedOneRoom).into()
                    } else {
                        String::new()
                    },
                ),
            };
            vec![
                b.board.to_string(),
                score_text(event, b.open, l),
                score_text(event, b.closed, l),
                b.difference.map(|d| d.to_string()).unwrap_or_default(),
                home,
                away,
                note,
            ]
        })
        .collect()
}

fn standing_rows(event: &Event, result: &TeamsResult) -> Vec<Vec<String>> {
    let imps_for = Column::of(result.standings.iter().map(|s| s.imps_for));
    let imps_against = Column::of(result.standings.iter().map(|s| s.imps_against));
    result
        .standings
        .iter()
        .map(|s| {
            let info = &event.pairs[s.team];
            vec![
                if s.tied {
                    format!("{}=", s.rank)
                } else {
                    s.rank.to_string()
                },
                team_label(event, s.team),
                info.names.clone(),
                s.matches.to_string(),
                vp(s.vp),
                imps_for.show(s.imps_for),
                imps_against.show(s.imps_against),
                s.quotient()
                    .map(|q| Exact::from(q).to_decimal(3))
                    .unwrap_or_else(|| "-".into()),
            ]
        })
        .collect()
}

/// A note under the standings for each bye scored with the conditions' VP.
fn bye_notes(event: &Event, result: &TeamsResult, l: ReportLang) -> Vec<String> {
    result
        .byes
        .iter()
        .map(|b| {
            format!(
                "{}: {} ({} {}): {} {}",
                l.word(Word::Bye),
                team_label(event, b.team),
                l.word(Word::RoundWord),
                b.round,
                vp(b.vp),
                l.word(Word::VictoryPoints)
            )
        })
        .collect()
}

/// The next Swiss round: one line per table, the bye, and a note on repeat matches.
fn next_lines(
    event: &Event,
    next: &SwissRound,
    l: ReportLang,
) -> (Vec<(String, String)>, Vec<String>) {
    let name = |t: usize| team_label(event, t);
    let (table, versus) = (l.word(Word::Table), l.word(Word::Versus));
    let tables = next
        .tables
        .iter()
        .enumerate()
        .map(|(k, &(a, b))| {
            (
                format!("{table} {}", k + 1),
                format!("{} {versus} {}", name(a), name(b)),
            )
        })
        .collect();
    let mut notes = Vec::new();
    if let Some(bye) = next.bye {
        notes.push(format!("{}: {}", l.word(Word::Bye), name(bye)));
    }
    if next.repeats {
        notes.push(l.word(Word::RepeatMatches).into());
    }
    (tables, notes)
}

/// A teams event as plain text: the matches, the standings and the next Swiss round.
pub fn teams_text(
    event: &Event,
    result: &TeamsResult,
    next: Option<&SwissRound>,
    opts: &ImpReportOptions,
) -> String {
    let mut out = String::new();
    let l = opts.lang;
    heading(&mut out, opts, l.word(Word::TeamsForm));
    let _ = writeln!(out, "{}\n", l.word(Word::Matches));
    let rows = match_rows(event, result, l);
    table(&mut out, &match_header(l), &rows, &MATCH_RIGHT);
    for note in unbalanced_notes(event, result, l) {
        let _ = writeln!(out, "  {note}");
    }
    if opts.boards {
        let imps = board_imps_column(result);
        for m in &result.matches {
            let _ = writeln!(out, "\n{}", match_title(event, m, l));
            let rows = match_board_rows(event, m, (imps, l));
            table(&mut out, &match_board_header(l), &rows, &MATCH_BOARD_RIGHT);
        }
    }
    let _ = writeln!(out, "\n{}\n", l.word(Word::Standings));
    let rows = standing_rows(event, result);
    table(&mut out, &standing_header(l), &rows, &STANDING_RIGHT);
    for note in bye_notes(event, result, l) {
        let _ = writeln!(out, "  {note}");
    }
    if let Some(next) = next {
        let _ = writeln!(out, "\n{}\n", l.word(Word::NextSwissRound));
        let (tables, notes) = next_lines(event, next, l);
        for (table, teams) in tables {
            let _ = writeln!(out, "  {table}: {teams}");
        }
        for note in notes {
            let _ = writeln!(out, "  {note}");
        }
    }
    out
}

/// A table of an IMP result list as the HTML and PDF show it.
#[derive(Debug, Clone, Default)]
pub struct ViewTable {
    /// A title over the table ("Board 3", "A v B"); empty for none.
    pub title: String,
    /// A line of details under the title.
    pub details: String,
    /// Column headings.
    pub header: Vec<String>,
    /// Which columns hold numbers (right-aligned).
    pub right: Vec<bool>,
    /// The rows.
    pub rows: Vec<Vec<String>>,
    /// The column of names, which may wrap.
    pub names: Option<usize>,
}

impl ViewTable {
    /// Leaves out the names column when no row has a name.
    fn without_empty_names(mut self) -> ViewTable {
        if let Some(c) = self.names
            && self
                .rows
                .iter()
                .all(|r| r.get(c).is_none_or(String::is_empty))
        {
            self.header.remove(c);
            self.right.remove(c);
            for r in &mut self.rows {
                if c < r.len() {
                    r.remove(c);
                }
            }
            self.names = None;
        }
        self
    }

    fn new(header: Vec<String>, right: &[bool], rows: Vec<Vec<String>>) -> ViewTable {
        ViewTable {
            header,
            right: right.to_vec(),
            rows,
            ..ViewTable::default()
        }
    }
}

/// A part of an IMP result list: a heading, its tables and notes under them.
#[derive(Debug, Clone, Default)]
pub struct ViewSection {
    /// The heading.
    pub heading: String,
    /// The tables; with `titled` set, small tables each with its title (boards, matches).
    pub tables: Vec<ViewTable>,
    /// The tables are one per board or match, shown side by side where they fit.
    pub titled: bool,
    /// Lines under the tables.
    pub notes: Vec<String>,
}

/// An IMP result list ready to print: the same figures as the text, in sections.
#[derive(Debug, Clone, Default)]
pub struct ImpView {
    /// The event's title.
    pub title: String,
    /// The event's date.
    pub date: String,
    /// The form, e.g. "Butler (IMPs against the datum)".
    pub form: String,
    /// The result list, then the details.
    pub sections: Vec<ViewSection>,
    /// The warnings on the travellers and the scoring.
    pub warnings: Vec<String>,
    /// The notes: what a director likes to see but need not fix (a board a pair sat
    /// out), listed apart from the warnings.
    pub notes: Vec<String>,
    /// The language of the headings and words.
    pub lang: ReportLang,
}

/// The notes (`notes`) or the warnings on the travellers and the scoring, in `lang`.
fn said_texts(
    event: &Event,
    warnings: &[Diagnostic],
    lang: ReportLang,
    notes: bool,
) -> Vec<String> {
    event
        .diagnostics
        .iter()
        .chain(warnings)
        .filter(|d| d.is_note() == notes)
        .map(|d| crate::said::warning_in(d, lang))
        .collect()
}

fn pairs_view(
    event: &Event,
    pairs: &[ImpPairResult],
    boards: Vec<ViewTable>,
    warnings: &[Diagnostic],
    opts: &ImpReportOptions,
    form: &str,
) -> ImpView {
    let l = opts.lang;
    let mut ranking = ViewTable::new(pair_header(l), &PAIR_RIGHT, pair_rows(event, pairs));
    ranking.names = Some(1);
    let ranking = ranking.without_empty_names();
    ImpView {
        title: opts.title.clone(),
        date: opts.date.clone(),
        form: form.into(),
        sections: vec![
            ViewSection {
                heading: l.word(Word::ResultList).into(),
                tables: vec![ranking],
                ..ViewSection::default()
            },
            ViewSection {
                heading: l.word(Word::BoardsHeading).into(),
                tables: boards,
                titled: true,
                ..ViewSection::default()
            },
        ],
        warnings: said_texts(event, warnings, l, false),
        notes: said_texts(event, warnings, l, true),
        lang: l,
    }
}

/// A butler session for HTML and PDF: the result list and every board with its datum.
pub fn butler_view(event: &Event, result: &ButlerResult, opts: &ImpReportOptions) -> ImpView {
    let l = opts.lang;
    let imps = Column::of_points(&result.points);
    let boards = result
        .boards
        .iter()
        .map(|b| {
            let (title, details) = butler_board_head(b, l);
            let rows = board_rows(event, &b.entries, &result.points, (imps, l));
            ViewTable {
                title,
                details,
                ..ViewTable::new(board_header(l), &BOARD_RIGHT, rows)
            }
        })
        .collect();
    let form = l.word(Word::ButlerForm);
    pairs_view(event, &result.pairs, boards, &result.warnings, opts, form)
}

/// A cross-IMP session for HTML and PDF: the result list and every board.
pub fn cross_imps_view(event: &Event, result: &CrossImpResult, opts: &ImpReportOptions) -> ImpView {
    let l = opts.lang;
    let imps = Column::of_points(&result.points);
    let boards = result
        .boards
        .iter()
        .map(|b| {
            let (title, details) = cross_board_head(b, l);
            let rows = board_rows(event, &b.entries, &result.points, (imps, l));
            ViewTable {
                title,
                details,
                ..ViewTable::new(board_header(l), &BOARD_RIGHT, rows)
            }
        })
        .collect();
    let form = l.word(Word::CrossImpsForm);
    pairs_view(event, &result.pairs, boards, &result.warnings, opts, form)
}

/// A teams event for HTML and PDF: the standings, the next Swiss round, the matches and
/// every match's boards.
pub fn teams_view(
    event: &Event,
    result: &TeamsResult,
    next: Option<&SwissRound>,
    opts: &ImpReportOptions,
) -> ImpView {
    let l = opts.lang;
    let columns = (match_imps_column(result), board_imps_column(result));
    let mut standings = ViewTable::new(
        standing_header(l),
        &STANDING_RIGHT,
        standing_rows(event, result),
    );
    standings.names = Some(2);
    let standings = standings.without_empty_names();
    let mut sections = vec![ViewSection {
        heading: l.word(Word::Standings).into(),
        tables: vec![standings],
        notes: bye_notes(event, result, l),
        ..ViewSection::default()
    }];
    if let Some(next) = next {
        sections.push(next_round_section(event, next, l));
    }
    sections.push(ViewSection {
        heading: l.word(Word::Matches).into(),
        tables: vec![ViewTable::new(
            match_header(l),
            &MATCH_RIGHT,
            match_rows(event, result, l),
        )],
        notes: unbalanced_notes(event, result, l),
        ..ViewSection::default()
    });
    sections.push(ViewSection {
        heading: l.word(Word::BoardsHeading).into(),
        tables: result
            .matches
            .iter()
            .map(|m| match_boards(event, m, (columns, l)))
            .collect(),
        titled: true,
        ..ViewSection::default()
    });
    ImpView {
        title: opts.title.clone(),
        date: opts.date.clone(),
        form: l.word(Word::TeamsForm).into(),
        sections,
        warnings: said_texts(event, &result.warnings, l, false),
        notes: said_texts(event, &result.warnings, l, true),
        lang: l,
    }
}

/// The next Swiss round: a table and a match on each line, the bye under them.
fn next_round_section(event: &Event, next: &SwissRound, l: ReportLang) -> ViewSection {
    let (tables, notes) = next_lines(event, next, l);
    ViewSection {
        heading: l.word(Word::NextSwissRound).into(),
        tables: vec![ViewTable::new(
            words(l, [Word::Table, Word::Match]),
            &[false, false],
            tables.into_iter().map(|(t, m)| vec![t, m]).collect(),
        )],
        notes,
        ..ViewSection::default()
    }
}

/// A match's boards, under its title and its IMPs and victory points.
fn match_boards(
    event: &Event,
    m: &TeamMatch,
    ((match_col, board_col), l): ((Column, Column), ReportLang),
) -> ViewTable {
    let (imps, vps) = (l.word(Word::Imps), l.word(Word::VictoryPoints));
    ViewTable {
        title: match_title(event, m, l),
        details: format!(
            "{imps} {}   {vps} {} - {}",
            match_imps(m, match_col),
            vp(m.vp_home),
            vp(m.vp_away)
        ),
        ..ViewTable::new(
            match_board_header(l),
            &MATCH_BOARD_RIGHT,
            match_board_rows(event, m, (board_col, l)),
        )
    }
}

impl ImpView {
    /// The heading of the document: the title, or the form when there is none.
    fn heading(&self) -> &str {
        if self.title.is_empty() {
            &self.form
        } else {
            &self.title
        }
    }

    /// The line under the heading: date and form.
    fn meta(&self) -> String {
        let mut meta = Vec::new();
        if !self.date.is_empty() {
            meta.push(self.date.as_str());
        }
        if !self.title.is_empty() {
            meta.push(self.form.as_str());
        }
        meta.join("  ·  ")
    }
}

fn html_table(out: &mut String, t: &ViewTable) {
    out.push_str("<div class=\"scroll\">\n<table>\n<thead><tr>");
    for (i, h) in t.header.iter().enumerate() {
        let class = if t.right.get(i) == Some(&true) {
            " class=\"n\""
        } else {
            ""
        };
        let _ = write!(out, "<th{class}>{}</th>", escape(h));
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for row in &t.rows {
        out.push_str("<tr>");
        for (i, cell) in row.iter().enumerate() {
            let class = if t.right.get(i) == Some(&true) {
                " class=\"n\""
            } else if t.names == Some(i) {
                " class=\"name\""
            } else {
                ""
            };
            let _ = write!(out, "<td{class}>{}</td>", escape(cell));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody>\n</table>\n</div>\n");
}

/// An IMP result list as one self-contained HTML page, for phones and for printing.
pub fn html(view: &ImpView) -> String {
    let heading = view.heading();
    let page_title = if view.date.is_empty() {
        heading.to_string()
    } else {
        format!("{heading} – {}", view.date)
    };
    let mut out = String::with_capacity(16 * 1024);
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<main>\n\
         <header>\n<h1>{}</h1>\n",
        view.lang.code(),
        escape(&page_title),
        escape(heading)
    );
    let meta = view.meta();
    if !meta.is_empty() {
        let _ = writeln!(out, "<p class=\"meta\">{}</p>", escape(&meta));
    }
    out.push_str("</header>\n");
    for (k, section) in view.sections.iter().enumerate() {
        if section.tables.is_empty() {
            continue;
        }
        let _ = writeln!(
            out,
            "<section class=\"part\">\n<h2>{}</h2>",
            escape(&section.heading)
        );
        if section.titled {
            out.push_str("<div class=\"travellers\">\n");
            for t in &section.tables {
                let _ = writeln!(
                    out,
                    "<article class=\"traveller\">\n<h3>{}</h3>\n<p class=\"meta\">{}</p>",
                    escape(&t.title),
                    escape(&t.details.replace("   ", " · "))
                );
                html_table(&mut out, t);
                out.push_str("</article>\n");
            }
            out.push_str("</div>\n");
        } else {
            for t in &section.tables {
                html_table(&mut out, t);
            }
        }
        for note in &section.notes {
            let _ = writeln!(out, "<p class=\"avg\">{}</p>", escape(note));
        }
        if k == 0 {
            let warnings = format!("\u{26a0} {}", view.lang.word(Word::Warnings));
            said_box(&mut out, "warnings", &warnings, &view.warnings);
            said_box(&mut out, "notes", view.lang.word(Word::Notes), &view.notes);
        }
        out.push_str("</section>\n");
    }
    out.push_str("</main>\n</body>\n</html>\n");
    out
}

fn pdf_table(t: &ViewTable, size: f32) -> pdf::Table {
    let columns = t
        .header
        .iter()
        .enumerate()
        .map(|(i, h)| {
            let c = if t.right.get(i) == Some(&true) {
                pdf::Column::num(h)
            } else {
                pdf::Column::text(h)
            };
            if t.names == Some(i) { c.wrapping() } else { c }
        })
        .collect();
    pdf::Table {
        columns,
        rows: t.rows.clone(),
        base_size: size,
        ..pdf::Table::default()
    }
}

/// An IMP result list as a PDF on A4: the result list first, then the details, each part
/// on new pages; board and match tables stand two side by side where they fit.
pub fn pdf(view: &ImpView) -> Result<Vec<u8>, pdf::PdfError> {
    use pdf::{Block, Grid, PdfDocument, Span, Tone};
    let heading = view.heading().to_string();
    let mut title = heading.clone();
    if !view.date.is_empty() {
        title.push_str(&format!(" – {}", view.date));
    }
    let mut doc = PdfDocument::new(title, view.lang.code());
    doc.page_label = pdf::page_word(view.lang).into();
    doc.footer = heading.clone();
    if !view.date.is_empty() {
        doc.footer.push_str(&format!("  ·  {}", view.date));
    }
    doc.push(Block::Paragraph(
        Span::new(heading, 16.0).bold().tone(Tone::Accent),
    ));
    let meta = view.meta();
    if !meta.is_empty() {
        doc.push(Block::Gap(2.0));
        doc.push(Block::Paragraph(Span::new(meta, 10.0).tone(Tone::Muted)));
    }
    doc.push(Block::Gap(8.0));
    for (k, section) in view.sections.iter().enumerate() {
        if section.tables.is_empty() {
            continue;
        }
        if section.titled {
            doc.push(Block::PageBreak);
        } else if k > 0 {
            doc.push(Block::Gap(12.0));
        }
        doc.push(Block::Heading(section.heading.clone()));
        if section.titled {
            let items = section
                .tables
                .iter()
                .map(|t| {
                    vec![
                        Block::Caption {
                            title: Span::new(t.title.clone(), 10.0).bold().tone(Tone::Accent),
                            lines: vec![Span::new(t.details.clone(), 8.0).tone(Tone::Muted)],
                        },
                        Block::Table(pdf_table(t, 8.5)),
                    ]
                })
                .collect();
            doc.push(Block::Grid(Grid {
                lone_full_width: true,
                ..Grid::new(2, items)
            }));
        } else {
            for t in &section.tables {
                let mut table = pdf_table(t, 9.0);
                table.bold_first = true;
                doc.push(Block::Table(table));
            }
        }
        for note in &section.notes {
            doc.push(Block::Gap(4.0));
            doc.push(Block::Paragraph(Span::new(note.clone(), 9.0)));
        }
        if k == 0 {
            said_notices(&mut doc, view);
        }
    }
    doc.render()
}

/// The PDF's boxes of warnings and of notes, each with its count; none for an empty list.
fn said_notices(doc: &mut pdf::PdfDocument, view: &ImpView) {
    let warnings = format!("\u{26a0} {}", view.lang.word(Word::Warnings));
    let notes = view.lang.word(Word::Notes).to_string();
    for (heading, items) in [(warnings, &view.warnings), (notes, &view.notes)] {
        if items.is_empty() {
            continue;
        }
        doc.push(pdf::Block::Gap(10.0));
        doc.push(pdf::Block::Notice {
            heading: format!("{heading} ({})", items.len()),
            items: items.clone(),
        });
    }
}

#[derive(Serialize)]
struct WarningJson<'a> {
    severity: &'static str,
    line: Option<u32>,
    board: Option<u32>,
    message: &'a str,
}

fn warnings_json<'a>(event: &'a Event, warnings: &'a [Diagnostic]) -> Vec<WarningJson<'a>> {
    event
        .diagnostics
        .iter()
        .chain(warnings)
        .map(|d| WarningJson {
            severity: d.severity.word(),
            line: d.line,
            board: d.board,
            message: &d.message,
        })
        .collect()
}

#[derive(Serialize)]
struct ResultJson<'a> {
    line: u32,
    ns: &'a str,
    ew: &'a str,
    score: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    adjustment: Option<&'a str>,
    reversed: bool,
    imps_ns: Option<f64>,
    imps_ew: Option<f64>,
}

#[derive(Serialize)]
struct BoardJson<'a> {
    board: u32,
    section: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    datum: Option<Option<f64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    dropped: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    compared: Option<usize>,
    results: Vec<ResultJson<'a>>,
}

#[derive(Serialize)]
struct PairJson<'a> {
    pair: &'a str,
    section: &'a str,
    names: &'a str,
    #[serde(
        skip_serializing_if = "<[String]>::is_empty",
        serialize_with = "crate::exchange::seat_ids_json"
    )]
    players: &'a [String],
    imps: f64,
    boards: u32,
    imps_per_board: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    imps_per_board_exact: Option<String>,
    rank: Option<u32>,
    tied: bool,
}

#[derive(Serialize)]
struct PairsDoc<'a> {
    title: &'a str,
    date: &'a str,
    form: &'static str,
    boards: Vec<BoardJson<'a>>,
    pairs: Vec<PairJson<'a>>,
    warnings: Vec<WarningJson<'a>>,
}

fn results_json<'a>(
    event: &'a Event,
    entries: &[usize],
    points: &[Option<ImpPoints>],
) -> Vec<ResultJson<'a>> {
    entries
        .iter()
        .map(|&i| {
            let r = &event.results[i];
            let info = &event.lines[i];
            ResultJson {
                line: r.line(),
                ns: &event.pairs[r.ns_pair()].id,
                ew: &event.pairs[r.ew_pair()].id,
                score: crate::json::written_score(r, info),
                adjustment: (!info.adjust().is_empty()).then_some(info.adjust()),
                reversed: r.reversed(),
                imps_ns: points[i].map(|p| f(p.ns)),
                imps_ew: points[i].map(|p| f(p.ew)),
            }
        })
        .collect()
}

fn pairs_json<'a>(event: &'a Event, pairs: &[ImpPairResult]) -> Vec<PairJson<'a>> {
    pairs
        .iter()
        .map(|p| PairJson {
            pair: &event.pairs[p.pair].id,
            section: &event.pairs[p.pair].section,
            names: &event.pairs[p.pair].names,
            players: event.player_ids.get(p.pair).map_or(&[][..], |v| &v[..]),
            imps: p.total.to_f64(),
            boards: p.boards,
            imps_per_board: p.per_board.as_ref().map(|g| g.to_f64()),
            imps_per_board_exact: p.per_board.as_ref().map(Exact::to_fraction_string),
            rank: p.rank,
            tied: p.tied,
        })
        .collect()
}

/// Writes a butler session as JSON.
pub fn butler_json<W: Write>(
    out: W,
    event: &Event,
    result: &ButlerResult,
    opts: &ImpReportOptions,
) -> serde_json::Result<()> {
    let doc = PairsDoc {
        title: &opts.title,
        date: &opts.date,
        form: "butler",
        boards: result
            .boards
            .iter()
            .map(|b| BoardJson {
                board: b.board,
                section: &b.section,
                datum: Some(b.datum.map(f)),
                dropped: Some(b.dropped),
                compared: None,
                results: results_json(event, &b.entries, &result.points),
            })
            .collect(),
        pairs: pairs_json(event, &result.pairs),
        warnings: warnings_json(event, &result.warnings),
    };
    serde_json::to_writer(out, &doc)
}

/// Writes a cross-IMP session as JSON.
pub fn cross_imps_json<W: Write>(
    out: W,
    event: &Event,
    result: &CrossImpResult,
    opts: &ImpReportOptions,
) -> serde_json::Result<()> {
    let doc = PairsDoc {
        title: &opts.title,
        date: &opts.date,
        form: "cross-imps",
        boards: result
            .boards
            .iter()
            .map(|b| BoardJson {
                board: b.board,
                section: &b.section,
                datum: None,
                dropped: None,
                compared: Some(b.compared),
                results: results_json(event, &b.entries, &result.points),
            })
            .collect(),
        pairs: pairs_json(event, &result.pairs),
        warnings: warnings_json(event, &result.warnings),
    };
    serde_json::to_writer(out, &doc)
}

#[derive(Serialize)]
struct MatchBoardJson {
    board: u32,
    open_line: u32,
    closed_line: u32,
    open_score: Option<i32>,
    closed_score: Option<i32>,
    /// The home team's net score over both rooms (not the open room's score minus the
    /// closed room's when the home team sits East-West in the open room).
    difference: Option<i64>,
    imps: Option<f64>,
    /// The away team's own IMPs, on a board whose artificial scores do not balance.
    #[serde(skip_serializing_if = "Option::is_none")]
    imps_away: Option<f64>,
}

#[derive(Serialize)]
struct MatchJson<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    round: Option<u32>,
    /// The section both teams play in ("" for one section).
    section: &'a str,
    home: &'a str,
    away: &'a str,
    imps_home: f64,
    imps_away: f64,
    /// IMPs each team lost, when a board does not balance (else the other's IMPs won).
    #[serde(skip_serializing_if = "Option::is_none")]
    lost_home: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    lost_away: Option<f64>,
    vp_home: f64,
    vp_away: f64,
    played: u32,
    scale_boards: u32,
    boards: Vec<MatchBoardJson>,
}

#[derive(Serialize)]
struct StandingJson<'a> {
    rank: u32,
    tied: bool,
    team: &'a str,
    section: &'a str,
    names: &'a str,
    matches: u32,
    /// Rounds sat out with the conditions' VP (`--bye-vp`), included in `vp`.
    #[serde(skip_serializing_if = "is_zero")]
    byes: u32,
    vp: f64,
    imps_for: f64,
    imps_against: f64,
    quotient: Option<f64>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

#[derive(Serialize)]
struct ByeJson<'a> {
    round: u32,
    team: &'a str,
    section: &'a str,
    vp: f64,
}

#[derive(Serialize)]
struct NextJson<'a> {
    tables: Vec<[&'a str; 2]>,
    bye: Option<&'a str>,
    repeats: bool,
}

#[derive(Serialize)]
struct TeamsDoc<'a> {
    title: &'a str,
    date: &'a str,
    form: &'static str,
    matches: Vec<MatchJson<'a>>,
    standings: Vec<StandingJson<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    byes: Vec<ByeJson<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    next_round: Option<NextJson<'a>>,
    warnings: Vec<WarningJson<'a>>,
}

/// Writes a teams event as JSON.
pub fn teams_json<W: Write>(
    out: W,
    event: &Event,
    result: &TeamsResult,
    next: Option<&SwissRound>,
    opts: &ImpReportOptions,
) -> serde_json::Result<()> {
    let name = |t: usize| event.pairs[t].id.as_str();
    let score = |i: usize| match event.results[i].outcome {
        Outcome::Score(s) => Some(s),
        _ => None,
    };
    let doc = TeamsDoc {
        title: &opts.title,
        date: &opts.date,
        form: "teams",
        matches: result
            .matches
            .iter()
            .map(|m| MatchJson {
                round: m.round,
                section: &event.pairs[m.home].section,
                home: name(m.home),
                away: name(m.away),
                imps_home: f(m.imps_home),
                imps_away: f(m.imps_away),
                lost_home: (!m.balances()).then(|| f(m.lost_home)),
                lost_away: (!m.balances()).then(|| f(m.lost_away)),
                vp_home: f(m.vp_home),
                vp_away: f(m.vp_away),
                played: m.played,
                scale_boards: m.scale_boards,
                boards: m
                    .boards
                    .iter()
                    .map(|b| MatchBoardJson {
                        board: b.board,
                        open_line: event.results[b.open].line(),
                        closed_line: event.results[b.closed].line(),
                        open_score: score(b.open),
                        closed_score: score(b.closed),
                        difference: b.difference,
                        imps: b.imps.map(f),
                        imps_away: b.imps_away.filter(|_| !b.balances()).map(f),
                    })
                    .collect(),
            })
            .collect(),
        standings: result
            .standings
            .iter()
            .map(|s| StandingJson {
                rank: s.rank,
                tied: s.tied,
                team: name(s.team),
                section: &event.pairs[s.team].section,
                names: &event.pairs[s.team].names,
                matches: s.matches,
                byes: s.byes,
                vp: f(s.vp),
                imps_for: f(s.imps_for),
                imps_against: f(s.imps_against),
                quotient: s.quotient().map(f),
            })
            .collect(),
        byes: result
            .byes
            .iter()
            .map(|b| ByeJson {
                round: b.round,
                team: name(b.team),
                section: &event.pairs[b.team].section,
                vp: f(b.vp),
            })
            .collect(),
        next_round: next.map(|n| NextJson {
            tables: n.tables.iter().map(|&(a, b)| [name(a), name(b)]).collect(),
            bye: n.bye.map(name),
            repeats: n.repeats,
        }),
        warnings: warnings_json(event, &result.warnings),
    };
    serde_json::to_writer(out, &doc)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::travellers::{ReadOptions, read_travellers};
    use klaver_core::butler::{ButlerSettings, score_butler};
    use klaver_core::teams::{Room, TeamsSettings, score_teams};

    fn read(csv: &str) -> Event {
        read_travellers(csv.as_bytes(), ReadOptions::default()).unwrap()
    }

    #[test]
    fn butler_text_and_json() {
        let e = read("board,ns,ew,score\n1,1,2,420\n1,3,4,170\n1,5,6,-50\n");
        let r = score_butler(&e.pairs, &e.results, &ButlerSettings::default()).unwrap();
        let opts = ImpReportOptions {
            title: "Club".into(),
            boards: true,
            ..ImpReportOptions::default()
        };
        let text = butler_text(&e, &r, &opts);
        // Datum (420 + 170 − 50) / 3 = 180; 420 → +240 → 6 IMPs.
        assert!(text.contains("Datum: 180"), "{text}");
        assert!(text.starts_with("Club   Butler"), "{text}");
        let mut buf = Vec::new();
        butler_json(&mut buf, &e, &r, &opts).unwrap();
        let json = String::from_utf8(buf).unwrap();
        assert!(json.contains("\"datum\":180.0"), "{json}");
        assert!(json.contains("\"imps_ns\":6.0"), "{json}");
        // Exact IMPs a board as a fraction in lowest terms, a whole number without "/1".
        assert!(json.contains("\"imps_per_board_exact\":\"6\""), "{json}");
        assert!(json.contains("\"imps_per_board_exact\":\"-6\""), "{json}");
    }

    #[test]
    fn pairs_of_two_sections_are_labelled_with_their_section() {
        let e =
            read("board,section,ns,ew,score\n1,A,1,2,420\n1,A,3,4,170\n1,B,1,2,450\n1,B,3,4,-50\n");
        let r = score_butler(&e.pairs, &e.results, &ButlerSettings::default()).unwrap();
        let text = butler_text(&e, &r, &ImpReportOptions::default());
        for pair in ["(A1)", "(A4)", "(B1)", "(B4)"] {
            assert!(text.contains(pair), "{pair}: {text}");
        }
        let page = html(&butler_view(&e, &r, &ImpReportOptions::default()));
        assert!(page.contains("(B4)"), "{page}");
    }

    #[test]
    fn teams_text_shows_matches_and_standings() {
        let e = read(
            "board,ns,ew,room,score\n1,A,B,open,420\n1,B,A,closed,170\n2,A,B,open,-100\n2,B,A,closed,-100\n",
        );
        assert!(!e.has_errors(), "{:?}", e.diagnostics);
        let rooms: Vec<Option<Room>> = e.lines.iter().map(|l| Room::parse(l.room())).collect();
        let r = score_teams(&e.pairs, &e.results, &rooms, &TeamsSettings::default()).unwrap();
        let text = teams_text(&e, &r, None, &ImpReportOptions::default());
        // Board 1: +250 → 6; board 2: −100 + 100 = 0.
        assert!(text.contains("A v B  6 - 0"), "{text}");
        let mut buf = Vec::new();
        teams_json(&mut buf, &e, &r, None, &ImpReportOptions::default()).unwrap();
        let json = String::from_utf8(buf).unwrap();
        assert!(json.contains("\"difference\":250"), "{json}");
    }

    /// Teams of two sections were listed as "1 v 2" twice and "1", "1", "2", "2" in the
    /// standings: they are labelled with their section, as the pairs of the other forms
    /// are, and the JSON gives each match's and standing's section as the pairs JSON does.
    #[test]
    fn teams_of_two_sections_are_labelled_with_their_section() {
        let e = read(
            "section,board,ns,ew,room,score\nA,1,1,2,open,420\nA,1,2,1,closed,-420\nB,1,1,2,open,420\nB,1,2,1,closed,-170\n",
        );
        assert!(!e.has_errors(), "{:?}", e.diagnostics);
        let rooms: Vec<Option<Room>> = e.lines.iter().map(|l| Room::parse(l.room())).collect();
        let r = score_teams(&e.pairs, &e.results, &rooms, &TeamsSettings::default()).unwrap();
        let opts = ImpReportOptions {
            boards: true,
            ..ImpReportOptions::default()
        };
        let text = teams_text(&e, &r, None, &opts);
        assert!(text.contains("\nA1 v A2  13 - 0"), "{text}");
        assert!(text.contains("\nB1 v B2  11 - 0"), "{text}");
        let standings: Vec<&str> = text.split("Standings").nth(1).unwrap().lines().collect();
        let teams: Vec<&str> = standings[3..]
            .iter()
            .map(|l| l.split_whitespace().nth(1).unwrap())
            .collect();
        assert_eq!(teams, ["A1", "B1", "B2", "A2"], "{text}");
        let page = html(&teams_view(&e, &r, None, &opts));
        assert!(page.contains("B1 v B2"), "{page}");
        assert!(page.contains("<td>B2</td>"), "{page}");
        let mut buf = Vec::new();
        teams_json(&mut buf, &e, &r, None, &opts).unwrap();
        let doc: serde_json::Value = serde_json::from_slice(&buf).unwrap();
        assert_eq!(doc["matches"][1]["section"], "B");
        assert_eq!(doc["matches"][1]["home"], "1");
        assert_eq!(doc["standings"][1]["section"], "B");
        assert_eq!(doc["standings"][1]["team"], "1");
    }

    /// A column of IMPs set `5` beside `5.67`: where any figure of a column has
    /// decimals, all of them have two; a column of whole figures stays whole.
    #[test]
    fn a_column_of_imps_prints_its_figures_alike() {
        use klaver_core::cross_imps::{CrossImpSettings, score_cross_imps};
        // 420 against 170, −50 and 400: (6 + 10 + 1) / 3; 400: (−1 + 6 + 10) / 3 = 5.
        let e = read("board,ns,ew,score\n1,1,2,420\n1,3,4,170\n1,5,6,-50\n1,7,8,400\n");
        let r = score_cross_imps(&e.pairs, &e.results, &CrossImpSettings::default()).unwrap();
        let opts = ImpReportOptions {
            boards: true,
            ..ImpReportOptions::default()
        };
        let text = squeezed(&cross_imps_text(&e, &r, &opts));
        assert!(text.contains("\n2(1) 5.67 1 5.67\n"), "{text}");
        assert!(text.contains("\n3(7) 5.00 1 5.00\n"), "{text}");
        assert!(text.ends_with("\n7 8 400 5.00 -5.00"), "{text}");
        let page = html(&cross_imps_view(&e, &r, &opts));
        assert!(page.contains(">-5.00<") && !page.contains(">-5<"), "{page}");
        // Butler IMPs against a whole datum are whole, and stay so.
        let r = score_butler(&e.pairs, &e.results, &ButlerSettings::default()).unwrap();
        let text = squeezed(&butler_text(&e, &r, &opts));
        assert!(!text.contains(".00 "), "{text}");
    }

    /// A text's lines with their runs of spaces made one.
    fn squeezed(text: &str) -> String {
        text.lines()
            .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Headings and words of the English IMP result lists that no Dutch or Turkish one
    /// prints.
    const ENGLISH: [&str; 24] = [
        "Rank",
        "Names",
        "IMPs",
        "Boards",
        "against the datum",
        "Dropped at each end",
        "Results compared",
        "Result list",
        "Score NS",
        "Standings",
        "Matches",
        "Quotient",
        "Next Swiss round",
        "Table",
        "Bye",
        "Open NS",
        "Closed NS",
        "home",
        "away",
        " v ",
        "Warnings",
        "REV",
        "AVG",
        "Page",
    ];

    /// The English word `text` still holds, if any.
    fn english_in(text: &str) -> Option<&'static str> {
        ENGLISH.into_iter().find(|w| text.contains(w))
    }

    /// A butler session with a reversed result and an average, in every output.
    fn butler_outputs(lang: ReportLang) -> [String; 3] {
        let e = read(
            "board,ns,ew,score,adjust\n1,1,2,420,\n1,3,4,170,\n1,5,6,-50,REV\n1,7,8,,AVG\n\
             2,1,4,110,\n2,3,6,140,\n2,5,8,-100,\n",
        );
        assert!(!e.has_errors(), "{:?}", e.diagnostics);
        let r = score_butler(&e.pairs, &e.results, &ButlerSettings::default()).unwrap();
        let opts = ImpReportOptions {
            boards: true,
            lang,
            ..ImpReportOptions::default()
        };
        let view = butler_view(&e, &r, &opts);
        let pdf = crate::pdf::tests::page_texts(&pdf(&view).unwrap()).join("\n");
        // (The page writes the apostrophe of IMP's as &#39;.)
        let page = html(&view).replace("&#39;", "'");
        [butler_text(&e, &r, &opts), page, pdf]
    }

    #[test]
    fn a_butler_result_list_in_dutch_and_turkish() {
        let [text, page, pdf] = butler_outputs(ReportLang::En);
        for out in [&text, &page, &pdf] {
            assert!(out.contains("IMPs/board") && out.contains("REV"), "{out}");
        }
        for (lang, words) in [
            (
                ReportLang::Nl,
                [
                    "Butler (IMP's tegen de datum)",
                    "Rang (Paar)",
                    "G-IMP",
                    "Gift 1",
                    "Weggelaten aan elke kant: ",
                    "Reverse",
                    "GEM",
                ],
            ),
            (
                ReportLang::Tr,
                [
                    "Butler (datuma karşı IMP)",
                    "Sıra (Çift)",
                    "Board başına IMP",
                    "Board 1",
                    "Her uçtan atılan: ",
                    "Ters",
                    "Ortalama",
                ],
            ),
        ] {
            let [text, page, pdf] = butler_outputs(lang);
            for out in [&text, &page, &pdf] {
                for w in words {
                    assert!(out.contains(w), "{lang:?}: {w:?} not in\n{out}");
                }
                assert_eq!(english_in(out), None, "{lang:?}:\n{out}");
            }
            assert!(page.contains(&format!("<html lang=\"{}\">", lang.code())));
        }
    }

    /// A teams event with a board played in one room only and the next Swiss round, in
    /// every output.
    fn teams_outputs(lang: ReportLang) -> [String; 3] {
        let e = read(
            "board,ns,ew,room,score,adjust\n1,A,B,open,420,\n1,B,A,closed,170,\n\
             2,A,B,open,,NP\n2,B,A,closed,,NP\n\
             1,C,D,open,110,\n1,D,C,closed,140,\n2,C,D,open,110,\n2,D,C,closed,-100,\n",
        );
        assert!(!e.has_errors(), "{:?}", e.diagnostics);
        let rooms: Vec<Option<Room>> = e.lines.iter().map(|l| Room::parse(l.room())).collect();
        let r = score_teams(&e.pairs, &e.results, &rooms, &TeamsSettings::default()).unwrap();
        let next = klaver_core::teams::swiss_pairing(&r.standings, &r.matches);
        let opts = ImpReportOptions {
            boards: true,
            lang,
            ..ImpReportOptions::default()
        };
        let view = teams_view(&e, &r, Some(&next), &opts);
        let pdf = crate::pdf::tests::page_texts(&pdf(&view).unwrap()).join("\n");
        let page = html(&view).replace("&#39;", "'");
        [teams_text(&e, &r, Some(&next), &opts), page, pdf]
    }

    #[test]
    fn a_teams_result_list_in_dutch_and_turkish() {
        let [text, ..] = teams_outputs(ReportLang::En);
        assert!(text.contains("A v B") && text.contains("NP"), "{text}");
        for (lang, words) in [
            (
                ReportLang::Nl,
                [
                    "Viertallen",
                    "Wedstrijden",
                    "Stand",
                    "Quotiënt",
                    "Volgende Zwitserse ronde",
                    "Tafel 1",
                    "A - B",
                    "Open NZ",
                    "IMP's thuis",
                    "NG",
                ],
            ),
            (
                ReportLang::Tr,
                [
                    "Takımlar",
                    "Maçlar",
                    "Puan Durumu",
                    "Oran",
                    "Sonraki İsviçre turu",
                    "Masa 1",
                    "A - B",
                    "Açık K-G",
                    "IMP ev sahibi",
                    "Oynanmadı",
                ],
            ),
        ] {
            for out in teams_outputs(lang) {
                for w in words {
                    assert!(out.contains(w), "{lang:?}: {w:?} not in\n{out}");
                }
                assert_eq!(english_in(&out), None, "{lang:?}:\n{out}");
            }
        }
    }

    const HOSTILE: &str = "<script>alert('x')</script> & \"Zn\"";

    fn teams_event() -> Event {
        let mut e = read(
            "board,ns,ew,room,score\n1,A,B,open,420\n1,B,A,closed,170\n2,A,B,open,-100\n2,B,A,closed,-100\n",
        );
        for p in &mut e.pairs {
            p.names = format!("{HOSTILE} {}", p.id);
        }
        e
    }

    #[test]
    fn html_escapes_names_and_title() {
        let e = teams_event();
        let rooms: Vec<Option<Room>> = e.lines.iter().map(|l| Room::parse(l.room())).collect();
        let r = score_teams(&e.pairs, &e.results, &rooms, &TeamsSettings::default()).unwrap();
        let opts = ImpReportOptions {
            title: "Viertallen <b>&".into(),
            ..ImpReportOptions::default()
        };
        let next = klaver_core::teams::swiss_pairing(&r.standings, &r.matches);
        let page = html(&teams_view(&e, &r, Some(&next), &opts));
        assert!(!page.contains("<script") && !page.contains("<b>"), "{page}");
        assert!(
            page.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;Zn&quot; A")
        );
        assert!(
            page.contains("<h1>Viertallen &lt;b&gt;&amp;</h1>"),
            "{page}"
        );
        for section in ["Standings", "Next Swiss round", "Matches", "Boards"] {
            assert!(page.contains(&format!("<h2>{section}</h2>")), "{section}");
        }
        assert!(
            page.contains("<td>A v B</td><td class=\"n\">6 - 0</td>"),
            "{page}"
        );
        assert!(page.ends_with("</html>\n"));
    }

    /// The HTML and PDF of an IMP form list the notes (a sit-out line on a board short of
    /// no result) under their own heading, apart from the warnings, as a pairs report
    /// does; a list with neither shows neither box.
    #[test]
    fn the_notes_are_listed_apart_from_the_warnings() {
        use crate::pdf::tests::page_texts;
        let mut e = read("board,ns,ew,score\n1,1,2,420\n1,3,4,170\n2,1,2,100\n2,3,4,-600\n");
        let r = score_butler(&e.pairs, &e.results, &ButlerSettings::default()).unwrap();
        let opts = ImpReportOptions {
            lang: ReportLang::Nl,
            ..ImpReportOptions::default()
        };
        let page = html(&butler_view(&e, &r, &opts));
        assert!(!page.contains("Opmerkingen") && !page.contains("Waarschuwingen"));
        let mut note = crate::said::sat_out(9, 1, "", "5");
        note.severity = klaver_core::session::Severity::Note;
        e.diagnostics = vec![note, Diagnostic::warning(1, None, "a warning")];
        let view = butler_view(&e, &r, &opts);
        assert_eq!((view.warnings.len(), view.notes.len()), (1, 1));
        let page = html(&view);
        assert!(
            page.contains("<summary>\u{26a0} Waarschuwingen (1)</summary>"),
            "{page}"
        );
        let said = "<summary>Opmerkingen (1)</summary>\n<ul>\n<li>regel 9: gift 1: paar 5 zat";
        assert!(page.contains(said), "{page}");
        let text = page_texts(&super::pdf(&view).unwrap()).join("\n");
        assert!(text.contains("Waarschuwingen (1)"), "{text}");
        assert!(text.contains("Opmerkingen (1)"), "{text}");
    }

    #[test]
    fn pdf_of_every_form() {
        use crate::pdf::tests::{page_count, page_texts};
        let e = read("board,ns,ew,score\n1,1,2,420\n1,3,4,170\n1,5,6,-50\n2,1,2,100\n2,3,4,-600\n");
        let opts = ImpReportOptions::default();
        let butler = score_butler(&e.pairs, &e.results, &ButlerSettings::default()).unwrap();
        let doc = super::pdf(&butler_view(&e, &butler, &opts)).unwrap();
        assert!(doc.starts_with(b"%PDF-"));
        let n = page_count(&doc);
        assert!((1..=3).contains(&n), "{n}");
        let text = page_texts(&doc).join("\n");
        assert!(text.contains("Datum: 180"), "{text}");
        assert_eq!(
            text.lines().filter(|l| *l == "Board 1").count(),
            1,
            "{text}"
        );
        let cross = klaver_core::cross_imps::score_cross_imps(
            &e.pairs,
            &e.results,
            &klaver_core::cross_imps::CrossImpSettings::default(),
        )
        .unwrap();
        let doc = super::pdf(&cross_imps_view(&e, &cross, &opts)).unwrap();
        assert!(page_texts(&doc).join("\n").contains("Results compared"));

        let e = teams_event();
        let rooms: Vec<Option<Room>> = e.lines.iter().map(|l| Room::parse(l.room())).collect();
        let r = score_teams(&e.pairs, &e.results, &rooms, &TeamsSettings::default()).unwrap();
        let doc = super::pdf(&teams_view(&e, &r, None, &opts)).unwrap();
        let text = page_texts(&doc).join("\n");
        assert!(text.contains(HOSTILE), "{text}");
        assert!(
            text.contains("Standings") && text.contains("A v B"),
            "{text}"
        );
    }
}
