//! The scored session as JSON, for other programs.
//!
//! Numbers are not rounded for display: matchpoints, totals and percentages are the exact
//! fractions converted to the nearest double, so they are exact to well within 1e-9. A
//! result not played has `null` matchpoints; an artificial score has `score: null` and its
//! adjustment named. A pair's `percentage_exact` is the exact fraction ("400/7"), and
//! `players` the players' ids from the pairs file, for the season ranking. Contracts are written in English notation whatever the input was.

use crate::travellers::Event;
use klaver_core::board::Side;
use klaver_core::exact::Exact;
use klaver_core::matchpoints::Outcome;
use klaver_core::notation::{self, Language};
use klaver_core::session::{PairResult, SessionResult, Severity};
use num_rational::Ratio;
use serde::Serialize;
use std::io::Write;

#[derive(Serialize)]
struct Doc<'a> {
    title: &'a str,
    date: &'a str,
    top: i64,
    boards: BoardsJson<'a>,
    pairs: Vec<PairJson<'a>>,
    /// The director's penalties and compensations, as written (in the session's shown
    /// units).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    penalties: Vec<PenaltyJson<'a>>,
    warnings: Vec<WarningJson<'a>>,
}

#[derive(Serialize)]
struct PenaltyJson<'a> {
    board: u32,
    section: &'a str,
    ns: &'a str,
    ew: &'a str,
    points_ns: String,
    points_ew: String,
}

/// Every board, written as it is made rather than built first: a field of a million
/// results is not held twice in memory.
struct BoardsJson<'a> {
    event: &'a Event,
    result: &'a SessionResult,
}

impl Serialize for BoardsJson<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.result.boards.iter().map(|sb| BoardJson {
            board: sb.board,
            section: &sb.group,
            top: sb.top,
            expected: sb.expected,
            neuberg: sb.neuberg,
            results: ResultsJson {
                event: self.event,
                result: self.result,
                entries: &sb.entries,
            },
        }))
    }
}

#[derive(Serialize)]
struct BoardJson<'a> {
    board: u32,
    section: &'a str,
    top: i64,
    expected: usize,
    neuberg: bool,
    results: ResultsJson<'a>,
}

/// A board's results, written as they are made.
struct ResultsJson<'a> {
    event: &'a Event,
    result: &'a SessionResult,
    entries: &'a [usize],
}

impl Serialize for ResultsJson<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(
            self.entries
                .iter()
                .map(|&i| result_json(self.event, self.result, i)),
        )
    }
}

#[derive(Serialize)]
struct ResultJson<'a> {
    line: u32,
    ns: &'a str,
    ew: &'a str,
    score: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    contract: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    declarer: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    tricks: Option<u8>,
    #[serde(skip_serializing_if = "str::is_empty")]
    lead: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    adjustment: Option<&'a str>,
    reversed: bool,
    mp_ns: Option<f64>,
    mp_ew: Option<f64>,
}

#[derive(Serialize)]
struct RoundJson {
    round: usize,
    set: String,
    north_south: bool,
    points: f64,
}

#[derive(Serialize)]
struct PairJson<'a> {
    pair: &'a str,
    section: &'a str,
    names: &'a str,
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    players: &'a [String],
    points: f64,
    max: f64,
    percentage: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    percentage_exact: Option<String>,
    rank: Option<u32>,
    tied: bool,
    boards: u32,
    club_points: f64,
    /// "NS" or "EW" when the directions are ranked as separate fields.
    #[serde(skip_serializing_if = "Option::is_none")]
    field: Option<&'static str>,
    rounds: Vec<RoundJson>,
    /// Matchpoints of the director's penalties and compensations, in `points`.
    #[serde(skip_serializing_if = "is_zero")]
    penalty: f64,
}

fn is_zero(x: &f64) -> bool {
    *x == 0.0
}

#[derive(Serialize)]
struct WarningJson<'a> {
    severity: &'static str,
    line: Option<u32>,
    board: Option<u32>,
    message: &'a str,
}

fn f(r: Ratio<i64>) -> f64 {
    *r.numer() as f64 / *r.denom() as f64
}

/// One result of the session.
fn result_json<'a>(event: &'a Event, result: &SessionResult, i: usize) -> ResultJson<'a> {
    let pairs = &event.pairs;
    let r = &event.results[i];
    let info = &event.lines[i];
    let p = result.points[i];
    ResultJson {
        line: r.line,
        ns: &pairs[r.ns].id,
        ew: &pairs[r.ew].id,
        score: match r.outcome {
            Outcome::Score(s) | Outcome::ScoreAndArtificial { score: s, .. } => Some(s),
            _ => None,
        },
        contract: if info.passed {
            Some("PASS".into())
        } else {
            info.play
                .map(|p| notation::format_contract(p.contract(), Language::English))
                .or_else(|| {
                    (!info.unread_contract().is_empty()).then(|| info.unread_contract().to_string())
                })
        },
        declarer: info
            .play
            .map(|p| notation::format_seat(p.declarer(), Language::English)),
        tricks: info.play.map(|p| p.tricks()),
        lead: info.lead(),
        adjustment: (!info.adjust().is_empty()).then_some(info.adjust()),
        reversed: r.reversed,
        mp_ns: p.map(|p| f(p.ns)),
        mp_ew: p.map(|p| f(p.ew)),
    }
}

/// Each pair's exact percentage as a fraction in lowest terms. Reducing one that outgrew
/// 128 bits takes a greatest common divisor of numbers of a few hundred bits, and a
/// large Neuberg-scaled field has tens of thousands of them: those are worked out on two
/// threads.
fn exact_percentages(pairs: &[PairResult]) -> Vec<Option<String>> {
    let one = |p: &PairResult| p.percentage.as_ref().map(Exact::to_fraction_string);
    if pairs.len() < 4096 {
        return pairs.iter().map(one).collect();
    }
    let (first, second) = pairs.split_at(pairs.len() / 2);
    std::thread::scope(|s| {
        let rest = s.spawn(|| second.iter().map(one).collect::<Vec<_>>());
        let mut out: Vec<_> = first.iter().map(one).collect();
        out.extend(rest.join().expect("writing fractions does not panic"));
        out
    })
}

/// Writes the scored session as JSON.
pub fn write<W: Write>(
    out: W,
    event: &Event,
    result: &SessionResult,
    title: &str,
    date: &str,
) -> serde_json::Result<()> {
    let pairs = &event.pairs;
    let pairs_json = result
        .pairs
        .iter()
        .zip(exact_percentages(&result.pairs))
        .map(|(p, percentage_exact)| PairJson {
            pair: &pairs[p.pair].id,
            section: &pairs[p.pair].section,
            names: &pairs[p.pair].names,
            players: event.player_ids.get(p.pair).map_or(&[][..], |v| &v[..]),
            points: p.total.to_f64(),
            max: p.max.to_f64(),
            percentage: p.percentage.as_ref().map(|x| x.to_f64()),
            percentage_exact,
            rank: p.rank,
            tied: p.tied,
            boards: p.boards,
            club_points: f(p.club_points),
            field: p.field.map(|s| match s {
                Side::NorthSouth => "NS",
                Side::EastWest => "EW",
            }),
            rounds: p
                .rounds
                .iter()
                .enumerate()
                .filter_map(|(i, c)| {
                    c.as_ref().map(|c| RoundJson {
                        round: i + 1,
                        set: c.set.clone(),
                        north_south: c.north_south,
                        points: c.points.to_f64(),
                    })
                })
                .collect(),
            penalty: f(p.penalty),
        })
        .collect();
    let penalties = event
        .penalties
        .iter()
        .map(|p| PenaltyJson {
            board: p.board,
            section: &pairs[p.ns].section,
            ns: &pairs[p.ns].id,
            ew: &pairs[p.ew].id,
            points_ns: crate::exchange::points_text(p.points.0),
            points_ew: crate::exchange::points_text(p.points.1),
        })
        .collect();
    let warnings = event
        .diagnostics
        .iter()
        .chain(result.warnings.iter())
        .map(|d| WarningJson {
            severity: match d.severity {
                Severity::Warning => "warning",
                Severity::Error => "error",
            },
            line: d.line,
            board: d.board,
            message: &d.message,
        })
        .collect();
    let doc = Doc {
        title,
        date,
        top: result.top,
        boards: BoardsJson { event, result },
        pairs: pairs_json,
        penalties,
        warnings,
    };
    // The JSON writer makes many small writes: a buffer of its own keeps them cheap
    // whatever `out` is.
    let mut buffered = std::io::BufWriter::with_capacity(1 << 16, out);
    serde_json::to_writer(&mut buffered, &doc)?;
    buffered.flush().map_err(serde_json::Error::io)
}
