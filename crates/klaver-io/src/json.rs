//! The scored session as JSON, for other programs.
//!
//! Numbers are not rounded for display: matchpoints, totals and percentages are the exact
//! fractions converted to the nearest double, so they are exact to well within 1e-9. A
//! result not played has `null` matchpoints; an artificial score has `score: null` and its
//! adjustment named, or, when the table entered a score the adjustment replaces, that
//! score (read back as the travellers CSV's score beside its adjustment). A pair's `percentage_exact` is the exact fraction ("400/7"), and
//! `players` the players' ids from the pairs file by seat (`null` for a guest without
//! a number), for the season ranking. A result's
//! `table` and `round` are written when the travellers give them. klaver reads all three
//! back. Contracts are written in English notation whatever the input was.
//!
//! `convention` says how the session was scored, in the command line's words: `scale`
//! (`european`, `acbl`), `artificial` (`ties`, `neuberg`), `missing` (`neuberg`,
//! `ties`), `rounding` (`exact`, `round`, `truncate`), `avg_plus_session`, `centred`,
//! `top_integral` and `fields` (`together`, `separate`); klaver reads it back and scores
//! the file by it. A centred session's figures are as the text shows them: each result's
//! matchpoints, each pair's points, its rounds' points and its penalty are centred
//! (scores beaten minus scores lost); `top` and `max` stay in matchpoints as scored, and
//! the percentages are the same either way, but for a director's penalty, which is read
//! in the units the session is shown in (on the ACBL scale a centred point is half a
//! matchpoint).

use crate::pretty_json::Compact;
use crate::travellers::Event;
use klaver_core::board::Side;
use klaver_core::contract::{Contract, Doubling, Strain};
use klaver_core::exact::Exact;
use klaver_core::lowest_terms::Reducer;
use klaver_core::matchpoints::Outcome;
use klaver_core::notation::{self, Language};
use klaver_core::session::{PairResult, ScoredBoard, SessionResult, Settings, UnrankedSession};
use num_rational::Ratio;
use serde::Serialize;
use std::io::Write;
use std::sync::OnceLock;

#[derive(Serialize)]
struct PenaltyJson<'a> {
    board: u32,
    section: &'a str,
    ns: &'a str,
    ew: &'a str,
    points_ns: String,
    points_ew: String,
}

/// How the session was scored, in the command line's words.
#[derive(Serialize)]
struct ConventionJson {
    scale: &'static str,
    artificial: &'static str,
    missing: &'static str,
    rounding: &'static str,
    avg_plus_session: bool,
    centred: bool,
    top_integral: bool,
    fields: &'static str,
}

impl ConventionJson {
    fn of(result: &SessionResult) -> ConventionJson {
        use klaver_core::matchpoints::{ArtificialRule, MissingRule, Scale};
        use klaver_core::session::BoardRounding;
        let rules = &result.rules;
        ConventionJson {
            scale: match rules.scale {
                Scale::European => "european",
                Scale::Acbl => "acbl",
            },
            artificial: match rules.artificial {
                ArtificialRule::CountAsTies => "ties",
                ArtificialRule::LeftOut => "neuberg",
            },
            missing: match rules.missing {
                MissingRule::Neuberg => "neuberg",
                MissingRule::CountAsTies => "ties",
            },
            rounding: match result.rounding {
                BoardRounding::Exact => "exact",
                BoardRounding::RoundTenth => "round",
                BoardRounding::TruncateTenth => "truncate",
            },
            avg_plus_session: result.avg_plus_session,
            centred: result.centred.is_some(),
            top_integral: !result.ranked_by_section,
            fields: if result.separate_fields {
                "separate"
            } else {
                "together"
            },
        }
    }
}

#[derive(Serialize)]
struct RoundJson {
    /// The round, when the rounds are known; without it the column is the set of boards
    /// `set`, which the pair may have played in any round.
    #[serde(skip_serializing_if = "Option::is_none")]
    round: Option<usize>,
    set: String,
    north_south: bool,
    points: f64,
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

/// Matchpoints out of `max` as the session shows them: centred (scores beaten minus
/// scores lost, `per_win` points each) when it is, else as scored.
fn centred(x: Ratio<i64>, max: i64, per_win: Option<i64>) -> Ratio<i64> {
    match per_win {
        Some(w) => (x - Ratio::new(max, 2)) * Ratio::new(2, w.max(1)),
        None => x,
    }
}

/// A total out of `max` as the session shows it (see [`centred`]).
fn centred_total(x: &Exact, max: i64, per_win: Option<i64>) -> f64 {
    match per_win {
        Some(w) => x
            .plus(&Exact::new(-max, 2))
            .times(&Exact::new(2, w.max(1)))
            .to_f64(),
        None => x.to_f64(),
    }
}

/// A contract in English notation. A session of a million results has a few hundred
/// different contracts: the texts of all 105 are made once, not once a result, and
/// found by the contract's level, strain and doubling.
fn contract_text(contract: Contract) -> &'static str {
    static TEXTS: OnceLock<Vec<String>> = OnceLock::new();
    let texts = TEXTS.get_or_init(|| {
        (1..=7)
            .flat_map(|level| {
                Strain::ALL.into_iter().flat_map(move |strain| {
                    Doubling::ALL.into_iter().map(move |dbl| {
                        Contract::new(level, strain, dbl)
                            .map(|c| notation::format_contract(c, Language::English))
                            .unwrap_or_default()
                    })
                })
            })
            .collect()
    });
    &texts[contract_index(contract)]
}

/// A contract's place in the table of [`contract_text`]: by level, then strain, then
/// doubling, in the order of `Strain::ALL` and `Doubling::ALL`.
fn contract_index(contract: Contract) -> usize {
    let (strains, doublings) = (Strain::ALL.len(), Doubling::ALL.len());
    let strain = Strain::ALL
        .iter()
        .position(|&s| s == contract.strain())
        .unwrap_or_default();
    let doubling = Doubling::ALL
        .iter()
        .position(|&d| d == contract.doubling())
        .unwrap_or_default();
    (usize::from(contract.level()) - 1) * strains * doublings + strain * doublings + doubling
}

/// One result of the session, on board `sb`: its pairs' section is written when it is
/// not the board's comparison group's (sections scored top-integral), and its
/// matchpoints centred when the session is.
fn result_json(
    w: &mut Compact,
    event: &Event,
    result: &SessionResult,
    (i, sb): (usize, &ScoredBoard),
) {
    let group = sb.group.as_str();
    let pairs = &event.pairs;
    let r = &event.results[i];
    let info = &event.lines[i];
    w.begin_object();
    w.key("line").count(r.line() as usize);
    let section = &pairs[r.ns_pair()].section;
    if !klaver_core::text::same(section, group) {
        w.key("section").string(section);
    }
    w.key("ns").string(&pairs[r.ns_pair()].id);
    w.key("ew").string(&pairs[r.ew_pair()].id);
    w.key("score");
    match written_score(r, info) {
        Some(s) => w.integer(i64::from(s)),
        None => w.null(),
    }
    if info.passed {
        w.key("contract").string("PASS");
    } else if let Some(p) = info.play {
        w.key("contract").string(contract_text(p.contract()));
    } else if !info.unread_contract().is_empty() {
        w.key("contract").string(info.unread_contract());
    }
    if let Some(p) = info.play {
        let seat = notation::seat_letter(p.declarer(), Language::English);
        w.key("declarer").string(seat);
        w.key("tricks").count(usize::from(p.tricks()));
    }
    if !info.lead().is_empty() {
        w.key("lead").string(info.lead());
    }
    if !info.adjust().is_empty() {
        w.key("adjustment")
            .string(&crate::exchange::adjust_as_written(r, info));
    }
    // Where and when the board was played, when the travellers say.
    if let Some(t) = info.table() {
        w.key("table").count(t as usize);
    }
    if let Some(n) = info.round() {
        w.key("round").count(n as usize);
    }
    w.key("reversed").boolean(r.reversed());
    match result.points[i] {
        Some(p) => {
            let shown = |x| f(centred(x, sb.top, result.centred));
            w.key("mp_ns").number(shown(p.ns));
            w.key("mp_ew").number(shown(p.ew));
        }
        None => {
            w.key("mp_ns").null();
            w.key("mp_ew").null();
        }
    }
    w.end_object();
}

/// The score a result's JSON keeps: the table's (beside a one-sided adjustment too,
/// which scores the other side), or the score the table entered, which an adjustment
/// replaces: kept, as the travellers CSV keeps it, for when the adjustment proves a
/// mistake.
pub(crate) fn written_score(
    r: &klaver_core::session::TableResult,
    info: &crate::travellers::LineInfo,
) -> Option<i32> {
    match r.outcome {
        Outcome::Score(s) | Outcome::ScoreAndArtificial { score: s, .. } => Some(s),
        _ => info.replaced_score(),
    }
}

/// Writes every pair of the result list, in ranking order, as a JSON list, a piece of
/// `piece_size` pairs at a time: a field of tens of thousands of pairs is not held a
/// second time as JSON. Each exact percentage is a fraction in lowest terms: reducing
/// one that outgrew 128 bits takes a greatest common divisor of numbers of a few hundred
/// bits, and a large Neuberg-scaled field has tens of thousands of them, so a large
/// field's pieces are made in one part per core (the percentages share a few
/// denominators, the session's multiple times each maximum: each part remembers their
/// factors).
fn write_pairs<W: Write>(
    out: &mut W,
    event: &Event,
    result: &SessionResult,
    (from, piece_size): (usize, usize),
) -> serde_json::Result<()> {
    out.write_all(b"[").map_err(serde_json::Error::io)?;
    // Every piece of a large field in parts, however small the last.
    let long = if result.pairs.len() >= from {
        0
    } else {
        usize::MAX
    };
    for (k, piece) in result.pairs.chunks(piece_size.max(1)).enumerate() {
        let made = klaver_core::parts::in_parts_from(piece, long, |part| {
            let mut reducer = Reducer::new();
            part.iter()
                .map(|p| {
                    let how = (&mut reducer, result.centred, result.columns_are_board_sets);
                    pair_json(event, p, how)
                })
                .collect::<Vec<_>>()
        });
        for (j, pair) in made.iter().flatten().enumerate() {
            if k > 0 || j > 0 {
                out.write_all(b",").map_err(serde_json::Error::io)?;
            }
            serde_json::to_writer(&mut *out, pair)?;
        }
    }
    out.write_all(b"]").map_err(serde_json::Error::io)
}

/// A pair's line of the result list, its points (and its rounds' and penalty) centred
/// when the session is.
fn pair_json<'a>(
    event: &'a Event,
    p: &PairResult,
    (reducer, per_win, board_sets): (&mut Reducer, Option<i64>, bool),
) -> PairJson<'a> {
    let pairs = &event.pairs;
    PairJson {
        pair: &pairs[p.pair].id,
        section: &pairs[p.pair].section,
        names: &pairs[p.pair].names,
        players: event.player_ids.get(p.pair).map_or(&[][..], |v| &v[..]),
        points: centred_total(&p.total, p.max, per_win),
        max: p.max as f64,
        percentage: p.percentage.as_ref().map(|x| x.to_f64()),
        percentage_exact: p
            .percentage
            .as_ref()
            .map(|x| x.to_fraction_string_with(reducer)),
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
                    round: (!board_sets).then_some(i + 1),
                    set: c.set.clone(),
                    north_south: c.north_south,
                    points: centred_total(&c.points, c.max, per_win),
                })
            })
            .collect(),
        penalty: f(match per_win {
            Some(w) => p.penalty * 2 / w.max(1),
            None => p.penalty,
        }),
    }
}

/// Writes the scored session as JSON.
pub fn write<W: Write>(
    out: W,
    event: &Event,
    result: &SessionResult,
    title: &str,
    date: &str,
) -> serde_json::Result<()> {
    write_with(
        out,
        event,
        result,
        (title, date),
        (PARALLEL_RESULTS, PARALLEL_PAIRS, PIECE_RESULTS),
    )
}

/// The JSON of a session whose pairs are ranked only once its boards are written: the
/// table results and lines of `event`, which only the boards need and which are most of
/// a large field's memory, are given back before the pairs are ranked. The JSON is
/// [`write`]'s of the ranked session, which is returned (its warnings are printed with
/// the reading's); `event` keeps its pairs, diagnostics and penalties.
pub fn write_ranking_last<W: Write>(
    out: W,
    event: &mut Event,
    scored: UnrankedSession,
    settings: &Settings,
    (title, date): (&str, &str),
) -> serde_json::Result<SessionResult> {
    let sizes = (PARALLEL_RESULTS, PARALLEL_PAIRS, PIECE_RESULTS);
    let mut out = std::io::BufWriter::with_capacity(1 << 16, out);
    write_head_and_boards(&mut out, event, scored.result(), (title, date), sizes)?;
    let written = (
        std::mem::take(&mut event.results),
        std::mem::take(&mut event.lines),
    );
    let len = written.0.len();
    klaver_core::parts::free_behind_if_long(written, len);
    let result = scored.ranked(&event.pairs, settings);
    write_tail(&mut out, event, &result, sizes)?;
    out.flush().map_err(serde_json::Error::io)?;
    Ok(result)
}

/// `write`, with the boards written on two threads from `parallel_from` results on, in
/// pieces of `piece_size` results, and the pairs made on every core from `pairs_from`
/// pairs on.
fn write_with<W: Write>(
    out: W,
    event: &Event,
    result: &SessionResult,
    heading: (&str, &str),
    sizes: (usize, usize, usize),
) -> serde_json::Result<()> {
    let mut out = std::io::BufWriter::with_capacity(1 << 16, out);
    write_head_and_boards(&mut out, event, result, heading, sizes)?;
    write_tail(&mut out, event, result, sizes)?;
    out.flush().map_err(serde_json::Error::io)
}

fn put<W: Write>(out: &mut W, bytes: &[u8]) -> serde_json::Result<()> {
    out.write_all(bytes).map_err(serde_json::Error::io)
}

/// The JSON up to its boards' closing bracket: the title, date, top, convention and
/// every board with its results (what needs the table results and lines).
fn write_head_and_boards<W: Write>(
    out: &mut W,
    event: &Event,
    result: &SessionResult,
    (title, date): (&str, &str),
    (parallel_from, _, piece_size): (usize, usize, usize),
) -> serde_json::Result<()> {
    put(out, b"{\"title\":")?;
    serde_json::to_writer(&mut *out, title)?;
    put(out, b",\"date\":")?;
    serde_json::to_writer(&mut *out, date)?;
    put(out, b",\"top\":")?;
    serde_json::to_writer(&mut *out, &result.top)?;
    put(out, b",\"convention\":")?;
    serde_json::to_writer(&mut *out, &ConventionJson::of(result))?;
    put(out, b",\"boards\":[")?;
    write_boards(out, event, result, (parallel_from, piece_size))?;
    put(out, b"]")
}

/// The JSON after its boards: the ranked pairs, the penalties and the warnings.
fn write_tail<W: Write>(
    out: &mut W,
    event: &Event,
    result: &SessionResult,
    (_, pairs_from, piece_size): (usize, usize, usize),
) -> serde_json::Result<()> {
    let pairs = &event.pairs;
    let penalties: Vec<PenaltyJson> = event
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
    let warnings: Vec<WarningJson> = event
        .diagnostics
        .iter()
        .chain(result.warnings.iter())
        .map(|d| WarningJson {
            severity: d.severity.word(),
            line: d.line,
            board: d.board,
            message: &d.message,
        })
        .collect();
    put(out, b",\"pairs\":")?;
    write_pairs(out, event, result, (pairs_from, piece_size))?;
    // The director's penalties and compensations, as written (in the session's shown
    // units), when there are any.
    if !penalties.is_empty() {
        put(out, b",\"penalties\":[")?;
        for (k, p) in penalties.iter().enumerate() {
            // Each on a line of its own, as the results are.
            put(out, if k == 0 { b"\n" } else { b",\n" })?;
            serde_json::to_writer(&mut *out, p)?;
        }
        put(out, b"]")?;
    }
    put(out, b",\"warnings\":")?;
    serde_json::to_writer(&mut *out, &warnings)?;
    put(out, b"}")
}

/// Sessions from this many results on have their boards written on two threads.
const PARALLEL_RESULTS: usize = 50_000;

/// Sessions from this many pairs on have their pairs made on every core.
const PARALLEL_PAIRS: usize = 4096;

/// Results written in one piece of the boards' JSON: a board of a large field (tens of
/// thousands of results, megabytes of JSON) is written in several, so that the pieces
/// on their way to the file take a few megabytes, not a few boards. The pairs are
/// written as many at a time.
const PIECE_RESULTS: usize = 4096;

/// A piece of the boards' JSON: the results `from..to` (in the board's order) of board
/// `board`, with the board's opening before its first result and its closing after its
/// last.
#[derive(Clone, Copy)]
struct Piece {
    board: usize,
    from: usize,
    to: usize,
}

/// The boards cut into pieces of at most `size` results, in the order they are
/// written; a board without results is one piece.
fn pieces(boards: &[ScoredBoard], size: usize) -> impl Iterator<Item = Piece> + '_ {
    boards.iter().enumerate().flat_map(move |(board, sb)| {
        let len = sb.results().len();
        (0..len.div_ceil(size).max(1)).map(move |k| Piece {
            board,
            from: k * size,
            to: ((k + 1) * size).min(len),
        })
    })
}

/// One piece of the boards, after the comma that separates it from the board before.
fn piece_json(out: &mut Vec<u8>, event: &Event, result: &SessionResult, piece: Piece) {
    let sb = &result.boards[piece.board];
    if piece.from == 0 && piece.board > 0 {
        out.push(b',');
    }
    // A piece after a board's first goes on inside the board and its list of results.
    let mut w = match piece.from {
        0 => Compact::compact(out),
        _ => Compact::compact_inside(out, 2),
    };
    if piece.from == 0 {
        w.begin_object();
        w.key("board").count(sb.board as usize);
        w.key("section").string(&sb.group);
        w.key("top").integer(sb.top);
        w.key("expected").count(sb.expected);
        w.key("neuberg").boolean(sb.neuberg);
        w.key("results").begin_array();
    }
    for i in sb.results().skip(piece.from).take(piece.to - piece.from) {
        w.item_on_its_line();
        result_json(&mut w, event, result, (i, sb));
    }
    if piece.to == sb.results().len() {
        w.end_array();
        w.end_object();
    }
}

/// Writes every board, separated by commas, a piece at a time as each is made: a field
/// of a million results is not held twice in memory. A large session's pieces are made
/// on two threads, every other piece each, and written in order as they come; the
/// buffers go back to the thread that made them, so that their memory is filled again
/// rather than asked for anew.
fn write_boards<W: Write>(
    out: &mut W,
    event: &Event,
    result: &SessionResult,
    (parallel_from, piece_size): (usize, usize),
) -> serde_json::Result<()> {
    let boards = &result.boards;
    if result.points.len() < parallel_from || boards.len() < 2 {
        let mut buf = Vec::new();
        for piece in pieces(boards, piece_size) {
            buf.clear();
            piece_json(&mut buf, event, result, piece);
            out.write_all(&buf).map_err(serde_json::Error::io)?;
        }
        return Ok(());
    }
    std::thread::scope(|s| {
        let mut made = Vec::new();
        let mut spent = Vec::new();
        for first in 0..2 {
            let (full_tx, full_rx) = std::sync::mpsc::sync_channel::<Vec<u8>>(1);
            let (empty_tx, empty_rx) = std::sync::mpsc::channel::<Vec<u8>>();
            let writer = klaver_core::parts::start(s, move || {
                for piece in pieces(boards, piece_size).skip(first).step_by(2) {
                    let mut buf = empty_rx.try_recv().unwrap_or_default();
                    buf.clear();
                    piece_json(&mut buf, event, result, piece);
                    if full_tx.send(buf).is_err() {
                        return;
                    }
                }
            });
            // A writer without a thread of its own: its pieces are made here, in turn.
            made.push(writer.on_its_own_thread().then_some(full_rx));
            spent.push(empty_tx);
        }
        let mut here = Vec::new();
        for (k, piece) in pieces(boards, piece_size).enumerate() {
            let buf = match &made[k % 2] {
                Some(from) => from
                    .recv()
                    .expect("a board's writer sends every piece it is given"),
                None => {
                    let mut buf = std::mem::take(&mut here);
                    buf.clear();
                    piece_json(&mut buf, event, result, piece);
                    buf
                }
            };
            out.write_all(&buf).map_err(serde_json::Error::io)?;
            // A writer that has finished no longer takes buffers back.
            match made[k % 2] {
                Some(_) => {
                    let _ = spent[k % 2].send(buf);
                }
                None => here = buf,
            }
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{GenerateOptions, write_event};
    use crate::travellers::{ReadOptions, read_travellers_bytes};
    use klaver_core::session::{score_session, score_session_unranked};

    /// Scored `--centred`, the text showed centred matchpoints and the JSON of the same
    /// command the uncentred ones, with nothing to tell them apart: the JSON now shows
    /// what the text shows, and says it is centred.
    #[test]
    fn a_centred_session_has_the_texts_figures() {
        let text = "board,ns,ew,score,adjust\n1,1,2,420,\n1,3,4,450,\n1,5,6,-50,\n2,1,4,-110,\n2,3,6,-140,\n2,5,2,90,\n2,3,2,,PEN -1/0\n";
        let event = read_travellers_bytes(text.as_bytes(), ReadOptions::default()).unwrap();
        let w = 1; // ACBL: a matchpoint is 2 centred points
        let settings = Settings {
            rules: klaver_core::matchpoints::Rules {
                scale: klaver_core::matchpoints::Scale::Acbl,
                ..Default::default()
            },
            centred: Some(w),
            penalties: vec![(2, num_rational::Ratio::new(-1, 2))],
            ..Settings::default()
        };
        let result = score_session(&event.pairs, &event.results, &settings).unwrap();
        let mut out = Vec::new();
        write(&mut out, &event, &result, "", "").unwrap();
        let doc: serde_json::Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(doc["convention"]["centred"], true);
        let opts = crate::report::ReportOptions {
            centred: Some(w),
            ..Default::default()
        };
        let rep = crate::report::build(&event, &result, &opts);
        let shown = |v: &serde_json::Value| {
            let s = format!("{:.2}", v.as_f64().unwrap());
            s.strip_suffix(".00").map(str::to_string).unwrap_or(s)
        };
        for (row, pair) in rep.ranking.iter().zip(doc["pairs"].as_array().unwrap()) {
            assert_eq!(row.points, shown(&pair["points"]), "{pair}");
            let penalty = row.rounds.last().unwrap();
            if pair["pair"] == "3" {
                assert_eq!(
                    (penalty.as_str(), pair["penalty"].as_f64()),
                    ("-1", Some(-1.0))
                );
            }
        }
        let lines: Vec<_> = rep.travellers.iter().flat_map(|t| &t.lines).collect();
        let boards = doc["boards"].as_array().unwrap();
        let results: Vec<_> = boards
            .iter()
            .flat_map(|b| b["results"].as_array().unwrap())
            .collect();
        assert_eq!(lines.len(), results.len());
        for r in results {
            let line = lines
                .iter()
                .find(|l| r["ns"] == l.ns && r["ew"] == l.ew)
                .unwrap();
            let json = (shown(&r["mp_ns"]), shown(&r["mp_ew"]));
            assert_eq!((line.mp_ns.clone(), line.mp_ew.clone()), json, "{r}");
        }
    }

    #[test]
    fn every_contract_is_written_as_the_notation_writes_it() {
        for level in 1..=7 {
            for strain in Strain::ALL {
                for dbl in Doubling::ALL {
                    let c = Contract::new(level, strain, dbl).unwrap();
                    let want = notation::format_contract(c, Language::English);
                    assert_eq!(contract_text(c), want);
                }
            }
        }
    }

    /// The JSON that ranks the pairs once the boards are written (and the table results
    /// let go) is the JSON of the session ranked first, whatever the settings: with the
    /// directions ranked apart its convention said "together" before this was known
    /// without the pairs.
    #[test]
    fn ranking_after_the_boards_writes_the_same_bytes() {
        let mut csv = Vec::new();
        let opts = GenerateOptions {
            pairs: 24,
            boards: 8,
            boards_per_round: 2,
            seed: 3,
        };
        write_event(&mut csv, opts).unwrap();
        csv.extend_from_slice(b"1,1,2,,,,,PEN 0/-3\n");
        let event = read_travellers_bytes(&csv, ReadOptions::default()).unwrap();
        let settings = [
            Settings::default(),
            Settings {
                separate_fields: true,
                ..Settings::default()
            },
            Settings {
                avg_plus_session: true,
                centred: Some(2),
                ..Settings::default()
            },
        ];
        for (k, settings) in settings.iter().enumerate() {
            let ranked = score_session(&event.pairs, &event.results, settings).unwrap();
            let mut first = Vec::new();
            write(&mut first, &event, &ranked, "t", "d").unwrap();
            let mut last_event = event.clone();
            let scored = score_session_unranked(&event.pairs, &event.results, settings).unwrap();
            let mut last = Vec::new();
            let result =
                write_ranking_last(&mut last, &mut last_event, scored, settings, ("t", "d"))
                    .unwrap();
            assert_eq!(
                String::from_utf8_lossy(&last),
                String::from_utf8_lossy(&first),
                "{k}"
            );
            assert_eq!(result.pairs.len(), ranked.pairs.len());
            assert_eq!(result.separate_fields, k == 1);
            // The table results and lines are given back; the pairs and penalties kept.
            assert!(last_event.results.is_empty() && last_event.lines.is_empty());
            assert_eq!(last_event.pairs, event.pairs);
            assert_eq!(last_event.penalties.len(), 1);
        }
    }

    #[test]
    fn boards_and_pairs_written_on_two_threads_are_the_same_bytes() {
        let mut csv = Vec::new();
        let opts = GenerateOptions {
            pairs: 40,
            boards: 9,
            boards_per_round: 3,
            seed: 7,
        };
        write_event(&mut csv, opts).unwrap();
        // A penalty line and a line with an error-free warning keep those parts in.
        csv.extend_from_slice(b"1,1,2,,,,,PEN 0/-3\n");
        let event = read_travellers_bytes(&csv, ReadOptions::default()).unwrap();
        let result = score_session(&event.pairs, &event.results, &Settings::default()).unwrap();
        let write = |(results, pairs), piece| {
            let mut bytes = Vec::new();
            let parts = (results, pairs, piece);
            write_with(&mut bytes, &event, &result, ("t \"1\"", "d"), parts).unwrap();
            bytes
        };
        // Boards on two threads, and the pairs in parts, give the bytes of one thread,
        // and so do boards and pairs written in pieces of any size.
        let one = write((usize::MAX, usize::MAX), usize::MAX);
        for piece in [1, 2, 3, 5, 100] {
            assert_eq!(write((usize::MAX, usize::MAX), piece), one, "{piece}");
            assert_eq!(write((0, usize::MAX), piece), one, "{piece}");
            assert_eq!(write((usize::MAX, 0), piece), one, "{piece}");
        }
        assert_eq!(write((usize::MAX, 0), 4), one);
        // When the system gives no thread, every board is made on this one.
        let here = klaver_core::parts::without_threads(|| write((0, 0), 3));
        assert_eq!(here, one);
        let doc: serde_json::Value = serde_json::from_slice(&one).unwrap();
        assert_eq!(doc["title"], "t \"1\"");
        assert_eq!(doc["boards"].as_array().unwrap().len(), 9);
        assert_eq!(doc["pairs"].as_array().unwrap().len(), 40);
        assert_eq!(doc["penalties"].as_array().unwrap().len(), 1);
        assert!(doc["warnings"].is_array());
    }
}
