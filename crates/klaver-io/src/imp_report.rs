//! Result lists of the IMP forms: butler and cross-IMP pairs (IMPs and G-IMP per pair,
//! the datum and IMPs per board) and teams (every match with its IMPs and victory points,
//! the standings, the next Swiss round), as plain text and as JSON.
//!
//! As in [`crate::json`], JSON numbers are the exact figures converted to the nearest
//! double (IMPs, G-IMP, VP in hundredths), never rounded for display; text rounds to two
//! decimals where a figure is not whole.

use crate::travellers::Event;
use klaver_core::butler::ButlerResult;
use klaver_core::cross_imps::CrossImpResult;
use klaver_core::exact::Exact;
use klaver_core::imps::{ImpPairResult, ImpPoints};
use klaver_core::matchpoints::Outcome;
use klaver_core::session::{Diagnostic, Severity};
use klaver_core::teams::{SwissRound, TeamsResult};
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
fn table(out: &mut String, header: &[&str], rows: &[Vec<String>], right: &[bool]) {
    let mut width: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for row in rows {
        for (c, cell) in row.iter().enumerate() {
            width[c] = width[c].max(cell.chars().count());
        }
    }
    let header: Vec<String> = header.iter().map(|h| h.to_string()).collect();
    for row in std::iter::once(&header).chain(rows.iter()) {
        let mut line = String::new();
        for (c, cell) in row.iter().enumerate() {
            if c > 0 {
                line.push_str("  ");
            }
            let pad = " ".repeat(width[c] - cell.chars().count());
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

fn score_text(event: &Event, i: usize) -> String {
    let info = &event.lines[i];
    match &event.results[i].outcome {
        Outcome::Score(s) => s.to_string(),
        _ => info.adjust.clone(),
    }
}

fn pair_list(out: &mut String, event: &Event, pairs: &[ImpPairResult]) {
    let rows: Vec<Vec<String>> = pairs
        .iter()
        .map(|p| {
            let info = &event.pairs[p.pair];
            let rank = match p.rank {
                Some(r) if p.tied => format!("{r}=({})", info.id),
                Some(r) => format!("{r}({})", info.id),
                None => format!("({})", info.id),
            };
            vec![
                rank,
                info.names.clone(),
                show_exact(&p.total),
                p.boards.to_string(),
                p.per_board
                    .as_ref()
                    .map(|g| g.to_decimal(2))
                    .unwrap_or_default(),
            ]
        })
        .collect();
    table(
        out,
        &["Rank (Pair)", "Names", "IMPs", "Boards", "IMPs/board"],
        &rows,
        &[false, false, true, true, true],
    );
}

fn board_rows(event: &Event, entries: &[usize], points: &[Option<ImpPoints>]) -> Vec<Vec<String>> {
    entries
        .iter()
        .map(|&i| {
            let r = &event.results[i];
            let p = points[i];
            vec![
                event.pairs[r.ns].id.clone(),
                event.pairs[r.ew].id.clone(),
                score_text(event, i),
                p.map(|p| show(p.ns)).unwrap_or_default(),
                p.map(|p| show(p.ew)).unwrap_or_default(),
                if r.reversed {
                    "REV".into()
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
    heading(&mut out, opts, "Butler (IMPs against the datum)");
    pair_list(&mut out, event, &result.pairs);
    if opts.boards {
        for b in &result.boards {
            let section = if b.section.is_empty() {
                String::new()
            } else {
                format!("  Section {}", b.section)
            };
            let datum = b.datum.map(show).unwrap_or_else(|| "none".into());
            let _ = writeln!(
                out,
                "\nBoard {}{section}   Datum: {datum}   Dropped at each end: {}",
                b.board, b.dropped
            );
            let rows = board_rows(event, &b.entries, &result.points);
            table(
                &mut out,
                &["NS", "EW", "Score NS", "IMPs NS", "IMPs EW", ""],
                &rows,
                &[true, true, true, true, true, false],
            );
        }
    }
    out
}

/// A cross-IMP session's result list as plain text.
pub fn cross_imps_text(event: &Event, result: &CrossImpResult, opts: &ImpReportOptions) -> String {
    let mut out = String::new();
    heading(&mut out, opts, "Cross-IMPs");
    pair_list(&mut out, event, &result.pairs);
    if opts.boards {
        for b in &result.boards {
            let section = if b.section.is_empty() {
                String::new()
            } else {
                format!("  Section {}", b.section)
            };
            let _ = writeln!(
                out,
                "\nBoard {}{section}   Results compared: {}",
                b.board, b.compared
            );
            let rows = board_rows(event, &b.entries, &result.points);
            table(
                &mut out,
                &["NS", "EW", "Score NS", "IMPs NS", "IMPs EW", ""],
                &rows,
                &[true, true, true, true, true, false],
            );
        }
    }
    out
}

/// A teams event as plain text: the matches, the standings and the next Swiss round.
pub fn teams_text(
    event: &Event,
    result: &TeamsResult,
    next: Option<&SwissRound>,
    opts: &ImpReportOptions,
) -> String {
    let mut out = String::new();
    heading(&mut out, opts, "Teams");
    let name = |t: usize| event.pairs[t].id.as_str();
    let _ = writeln!(out, "Matches\n");
    let rows: Vec<Vec<String>> = result
        .matches
        .iter()
        .map(|m| {
            vec![
                format!("{} v {}", name(m.home), name(m.away)),
                format!("{} - {}", show(m.imps_home), show(m.imps_away)),
                format!("{} - {}", vp(m.vp_home), vp(m.vp_away)),
                m.played.to_string(),
                m.scale_boards.to_string(),
            ]
        })
        .collect();
    table(
        &mut out,
        &["Match", "IMPs", "VP", "Boards", "Scale"],
        &rows,
        &[false, true, true, true, true],
    );
    if opts.boards {
        for m in &result.matches {
            let _ = writeln!(out, "\n{} v {}", name(m.home), name(m.away));
            let rows: Vec<Vec<String>> = m
                .boards
                .iter()
                .map(|b| {
                    let imps = b.imps;
                    vec![
                        b.board.to_string(),
                        score_text(event, b.open),
                        score_text(event, b.closed),
                        b.difference.map(|d| d.to_string()).unwrap_or_default(),
                        imps.filter(|x| *x > Ratio::from_integer(0))
                            .map(show)
                            .unwrap_or_default(),
                        imps.filter(|x| *x < Ratio::from_integer(0))
                            .map(|x| show(-x))
                            .unwrap_or_default(),
                        if imps.is_none() {
                            "NP".into()
                        } else {
                            String::new()
                        },
                    ]
                })
                .collect();
            table(
                &mut out,
                &[
                    "Board",
                    "Open NS",
                    "Closed NS",
                    "Diff",
                    "IMPs home",
                    "IMPs away",
                    "",
                ],
                &rows,
                &[true, true, true, true, true, true, false],
            );
        }
    }
    let _ = writeln!(out, "\nStandings\n");
    let rows: Vec<Vec<String>> = result
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
                info.id.clone(),
                info.names.clone(),
                s.matches.to_string(),
                vp(s.vp),
                show(s.imps_for),
                show(s.imps_against),
                s.quotient()
                    .map(|q| Exact::from(q).to_decimal(3))
                    .unwrap_or_else(|| "-".into()),
            ]
        })
        .collect();
    table(
        &mut out,
        &[
            "Rank", "Team", "Names", "Matches", "VP", "IMPs+", "IMPs-", "Quotient",
        ],
        &rows,
        &[true, false, false, true, true, true, true, true],
    );
    if let Some(next) = next {
        let _ = writeln!(out, "\nNext Swiss round\n");
        for (k, &(a, b)) in next.tables.iter().enumerate() {
            let _ = writeln!(out, "  Table {}: {} v {}", k + 1, name(a), name(b));
        }
        if let Some(bye) = next.bye {
            let _ = writeln!(out, "  Bye: {}", name(bye));
        }
        if next.repeats {
            let _ = writeln!(
                out,
                "  (no pairing without a repeat match exists: some teams meet again)"
            );
        }
    }
    out
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
            severity: match d.severity {
                Severity::Warning => "warning",
                Severity::Error => "error",
            },
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
    imps: f64,
    boards: u32,
    imps_per_board: Option<f64>,
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
                line: r.line,
                ns: &event.pairs[r.ns].id,
                ew: &event.pairs[r.ew].id,
                score: match r.outcome {
                    Outcome::Score(s) => Some(s),
                    _ => None,
                },
                adjustment: (!info.adjust.is_empty()).then_some(info.adjust.as_str()),
                reversed: r.reversed,
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
            imps: p.total.to_f64(),
            boards: p.boards,
            imps_per_board: p.per_board.as_ref().map(|g| g.to_f64()),
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
    difference: Option<i64>,
    imps: Option<f64>,
}

#[derive(Serialize)]
struct MatchJson<'a> {
    home: &'a str,
    away: &'a str,
    imps_home: f64,
    imps_away: f64,
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
    names: &'a str,
    matches: u32,
    vp: f64,
    imps_for: f64,
    imps_against: f64,
    quotient: Option<f64>,
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
                home: name(m.home),
                away: name(m.away),
                imps_home: f(m.imps_home),
                imps_away: f(m.imps_away),
                vp_home: f(m.vp_home),
                vp_away: f(m.vp_away),
                played: m.played,
                scale_boards: m.scale_boards,
                boards: m
                    .boards
                    .iter()
                    .map(|b| MatchBoardJson {
                        board: b.board,
                        open_line: event.results[b.open].line,
                        closed_line: event.results[b.closed].line,
                        open_score: score(b.open),
                        closed_score: score(b.closed),
                        difference: b.difference,
                        imps: b.imps.map(f),
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
                names: &event.pairs[s.team].names,
                matches: s.matches,
                vp: f(s.vp),
                imps_for: f(s.imps_for),
                imps_against: f(s.imps_against),
                quotient: s.quotient().map(f),
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
    }

    #[test]
    fn teams_text_shows_matches_and_standings() {
        let e = read(
            "board,ns,ew,room,score\n1,A,B,open,420\n1,B,A,closed,170\n2,A,B,open,-100\n2,B,A,closed,-100\n",
        );
        assert!(!e.has_errors(), "{:?}", e.diagnostics);
        let rooms: Vec<Option<Room>> = e.lines.iter().map(|l| Room::parse(&l.room)).collect();
        let r = score_teams(&e.pairs, &e.results, &rooms, &TeamsSettings::default()).unwrap();
        let text = teams_text(&e, &r, None, &ImpReportOptions::default());
        // Board 1: +250 → 6; board 2: −100 + 100 = 0.
        assert!(text.contains("A v B  6 - 0"), "{text}");
        let mut buf = Vec::new();
        teams_json(&mut buf, &e, &r, None, &ImpReportOptions::default()).unwrap();
        let json = String::from_utf8(buf).unwrap();
        assert!(json.contains("\"difference\":250"), "{json}");
    }
}
