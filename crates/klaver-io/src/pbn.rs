//! PBN 2.1, the Portable Bridge Notation (Kees van den Broek and Tis Veugen's standard,
//! free of copyright): deals and the results of a scored event, in and out.
//!
//! Reading follows the standard's import format: tags in any order, several on a line or
//! one across lines, `;` and `{...}` commentary, `%` escape lines, games separated by a
//! semi-empty line, and tag value inheritance (`#` and `##`, section 4.8). From each game
//! klaver takes the deal (`Board`, `Dealer`, `Vulnerable`, `Deal`, section 3.4), the
//! scoring method (`Scoring`, 3.4.12) and the scored-event tables (`ScoreTable` 5.9 and
//! `TotalScoreTable` 5.10) with any set of columns, in any order, each with its optional
//! `\width` and `L`/`R` alignment (5.2). A game without a ScoreTable that names its pairs
//! and has a `Contract` and `Result` counts as one traveller line (as BBO and club
//! programs export a session, one game per table); the pairs are `PairNS` and `PairEW`,
//! or else the two players (`North` and `South`, `East` and `West`, in alphabetical
//! order, so that a pair that changes seats stays one pair, section 4.3.2). Such a game
//! with its board and pairs but no contract (a board not played to the end) is a warning
//! naming the pairs: it is not scored.
//!
//! Character set (section 2.2): the standard's default is ISO 8859-1 (Latin-1). A file
//! with a UTF-8 byte order mark, or a `%` line naming UTF-8, is read as UTF-8, and a byte
//! that is not UTF-8 is an error naming its line; a file without either that is valid
//! UTF-8 is read as UTF-8 too (Latin-1 names practically never form valid UTF-8). The
//! bytes 0x80-0x9F, which Latin-1 leaves unused, are read as Windows-1252 and reported.
//!
//! Table elements: `-` (irrelevant) and `?` (unknown) are empty; a `^` marks an artificial
//! score (5.2). klaver reads `^60%`, `^A`, `^A+`, `^A-` and `^NP` in the score columns
//! (the averages also without the `^`, as Magic Contest and Ruter write `"A="`), and
//! writes artificial scores as `^60%` / `^40%`. Besides the standard's columns klaver
//! reads and writes its own `Adjust` column (the adjustment exactly as the travellers CSV
//! writes it: `AVG+`, `60/40`, `REV`, `W 30% 4SN= 70% 4SN-1`) and `Section` column.
//! A ScoreTable column klaver does not read is a warning on the first table's line that
//! has it (its contents are ignored, and may change the result: ACBL Live names its
//! section column `Setion`), except the standard's `Rank`, which cannot change it.
//!
//! Conventions in `Scoring` (its modifiers are open-ended): `MP1` is the European scale
//! and `MP2` the ACBL scale (the standard's own); klaver adds `Neuberg` (artificial
//! scores left out and the rest Neuberg-scaled), `MissingTies` (on a board played fewer
//! times than expected each missing result is a tie for every pair that played it,
//! instead of Neuberg), `Rounded0.1` / `Truncated0.1` (each board's matchpoints to 0.1
//! before totalling), `Centred` (matchpoints published as scores beaten minus scores
//! lost), `Law12C2` (average-plus is the session percentage when higher than 60 %),
//! `TopIntegral` (every section's results compared with every other's) and
//! `SeparateFields` (North-South and East-West each ranked on their own).
//! A field klaver does not know is a warning on the tag's line: another scoring (IMPs,
//! board-a-match, rubber) says klaver scores by matchpoints unless `--form` says
//! otherwise, and a modifier klaver does not apply (`OldMP`, `Mitchell2`) is named as
//! left out.
//!
//! Writing follows the export format: CRLF line ends, the fifteen mandatory tags in their
//! order, tables with minimum widths, Latin-1 when every character fits (else UTF-8 with
//! a byte order mark).

use crate::exchange::{
    self, Convention, Deal, Figure, Imported, PublishedColumn, PublishedTotal, Row,
};
use crate::pbn_syntax::{Element, Game, Tag, read_games};
use crate::published_analysis;
use crate::report;
use crate::travellers::{Event, LineInfo, Penalty};
use klaver_core::board::{Board, Seat, Side, Vulnerability};
use klaver_core::contract::{Doubling, Strain};
use klaver_core::exact::Exact;
use klaver_core::matchpoints::{ArtificialRule, MissingRule, Outcome, Scale};
use klaver_core::said::Said;
use klaver_core::session::{
    BoardRounding, Diagnostic, PairInfo, PairResult, ResultPoints, ScoredBoard, SessionResult,
    Severity,
};
use klaver_core::text::same;
use num_rational::Ratio;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::io::Write;

/// A PBN file that cannot be read at all.
#[derive(Debug, thiserror::Error)]
pub enum PbnError {
    /// The bytes are not text in the file's character set.
    #[error("line {line}: {message}")]
    Encoding {
        /// The line of the first bad byte.
        line: u32,
        /// What is wrong and what to do.
        message: String,
    },
}

// ---------------------------------------------------------------------------------------
// Character set

/// Windows-1252's characters for the bytes 0x80-0x9F (0 where it has none).
const CP1252: [u32; 32] = [
    0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039,
    0x0152, 0, 0x017D, 0, 0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC,
    0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
];

/// The line (from 1) of a byte position.
pub(crate) fn line_at(data: &[u8], pos: usize) -> u32 {
    1 + memchr::memchr_iter(b'\n', &data[..pos.min(data.len())]).count() as u32
}

/// Decodes a PBN file's bytes: UTF-8 when marked or valid, else Latin-1. A file that
/// is not UTF-8 as a whole but holds UTF-8 text is refused: read either way, some of its
/// names would be garbled.
pub(crate) fn decode(data: &[u8], diags: &mut Vec<Diagnostic>) -> Result<String, PbnError> {
    if data.starts_with(&[0xFF, 0xFE]) || data.starts_with(&[0xFE, 0xFF]) {
        return Err(PbnError::Encoding {
            line: 1,
            message: "the file is UTF-16: save it as UTF-8 or Latin-1 (ISO 8859-1)".into(),
        });
    }
    let (body, marked) = match data.strip_prefix(&[0xEF, 0xBB, 0xBF]) {
        Some(rest) => (rest, true),
        None => (data, declares_utf8(data)),
    };
    match std::str::from_utf8(body) {
        Ok(s) => Ok(s.to_string()),
        Err(e) if marked => {
            let line = line_at(body, e.valid_up_to());
            Err(PbnError::Encoding {
                line,
                message: format!(
                    "byte 0x{:02X} is not UTF-8, though the file says it is UTF-8: save the file as UTF-8, or remove the UTF-8 mark if it is Latin-1",
                    body[e.valid_up_to()]
                ),
            })
        }
        Err(e) => match utf8_sequence(body) {
            Some(i) => Err(PbnError::Encoding {
                line: line_at(body, e.valid_up_to()),
                message: format!(
                    "byte 0x{:02X} is not UTF-8, but line {} holds UTF-8 text: read either way, the names of one of the two lines would be garbled ({}); save the whole file in one character set, UTF-8 best",
                    body[e.valid_up_to()],
                    line_at(body, i),
                    garbled(body, i)
                ),
            }),
            None => decode_latin1(body, diags),
        },
    }
}

/// [`decode`] for readers that answer with diagnostics: text that cannot be decoded is
/// an error on its line.
pub(crate) fn decode_or_refuse(
    data: &[u8],
    diags: &mut Vec<Diagnostic>,
) -> Result<String, Vec<Diagnostic>> {
    decode(data, diags).map_err(|e| {
        let PbnError::Encoding { line, message } = e;
        vec![Diagnostic::error(line, None, message)]
    })
}

/// The UTF-8 character at `at` beside what it would be read as in Latin-1:
/// `"ü" read as "Ã¼"`.
pub(crate) fn garbled(body: &[u8], at: usize) -> String {
    let len = match body[at] {
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        _ => 4,
    };
    let seq = &body[at..at + len];
    let latin1: String = seq.iter().map(|&b| char::from(b)).collect();
    format!("{:?} read as {latin1:?}", String::from_utf8_lossy(seq))
}

/// Where a file that is not UTF-8 as a whole still holds a UTF-8 encoded character (a
/// sign of a file that mixes the two character sets).
pub(crate) fn utf8_sequence(body: &[u8]) -> Option<usize> {
    body.iter().enumerate().position(|(i, &b)| {
        let len = match b {
            0xC2..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF4 => 4,
            _ => return false,
        };
        body.get(i..i + len)
            .is_some_and(|seq| std::str::from_utf8(seq).is_ok())
    })
}

/// Decodes Latin-1 text (ISO 8859-1), reading the bytes 0x80-0x9F as Windows-1252 and
/// reporting the first of them.
pub(crate) fn decode_latin1(body: &[u8], diags: &mut Vec<Diagnostic>) -> Result<String, PbnError> {
    let mut s = String::with_capacity(body.len());
    let mut reported = false;
    for (i, &b) in body.iter().enumerate() {
        if (0x80..0xA0).contains(&b) {
            let cp = CP1252[(b - 0x80) as usize];
            let Some(c) = char::from_u32(cp).filter(|_| cp != 0) else {
                return Err(PbnError::Encoding {
                    line: line_at(body, i),
                    message: format!(
                        "byte 0x{b:02X} is neither Latin-1 nor Windows-1252 text: the file is in another character set; save it as UTF-8 or Latin-1"
                    ),
                });
            };
            if !reported {
                reported = true;
                diags.push(Diagnostic::warning(
                    line_at(body, i),
                    None,
                    format!(
                        "byte 0x{b:02X} is not Latin-1 text; it was read as Windows-1252 {c:?} (and so were any others in the file): check the names"
                    ),
                ));
            }
            s.push(c);
        } else {
            s.push(char::from(b));
        }
    }
    Ok(s)
}

/// PBN text as the file's bytes: Latin-1, the standard's character set (section 2.2),
/// when every character fits, else UTF-8 with a byte order mark.
pub fn encode(text: &str) -> Vec<u8> {
    if text.chars().all(|c| (c as u32) < 0x100) {
        text.chars().map(|c| c as u32 as u8).collect()
    } else {
        let mut bytes = vec![0xEF, 0xBB, 0xBF];
        bytes.extend_from_slice(text.as_bytes());
        bytes
    }
}

/// Whether an escape line near the top says the file is UTF-8 (`% Charset: UTF-8`).
fn declares_utf8(data: &[u8]) -> bool {
    data.split(|&b| b == b'\n').take(20).any(|l| {
        l.first() == Some(&b'%') && {
            let lower: Vec<u8> = l.iter().map(u8::to_ascii_lowercase).collect();
            lower.windows(5).any(|w| w == b"utf-8") || lower.windows(4).any(|w| w == b"utf8")
        }
    })
}

// ---------------------------------------------------------------------------------------
// Deals

const RANKS: &str = "AKQJT98765432";

/// Reads a Deal tag value (`N:AKQ.JT9.876.5432 ...`) into North, East, South, West.
pub(crate) fn parse_deal(value: &str) -> Result<[String; 4], String> {
    let value = value.trim();
    let (first, rest) = value.split_once(':').ok_or(
        "a deal starts with the first hand's seat and a colon, e.g. N:AKQ.JT9.876.5432 ...",
    )?;
    let first = match first.trim().to_ascii_uppercase().as_str() {
        "N" => 0,
        "E" => 1,
        "S" => 2,
        "W" => 3,
        other => {
            return Err(format!(
                "{other:?} is not a seat: write N, E, S or W before the colon"
            ));
        }
    };
    let hands: Vec<&str> = rest.split_whitespace().collect();
    if hands.len() != 4 {
        return Err(format!(
            "a deal has four hands separated by spaces (- for a hand not given), not {}",
            hands.len()
        ));
    }
    let mut seen = [[None; 13]; 4];
    let mut out: [String; 4] = Default::default();
    for (k, hand) in hands.iter().enumerate() {
        let seat = (first + k) % 4;
        if *hand == "-" {
            out[seat] = "-".into();
            continue;
        }
        out[seat] = parse_hand(hand, seat, &mut seen)?;
    }
    if out.iter().all(|h| h != "-") {
        short_hand(&out, &seen)?;
    }
    Ok(out)
}

const SEATS: [&str; 4] = ["North", "East", "South", "West"];

/// A deal of four hands, none of more than 13 cards, with a hand of fewer (a card
/// missing): an error naming the hand and the cards no hand holds.
fn short_hand(hands: &[String; 4], seen: &[[Option<usize>; 13]; 4]) -> Result<(), String> {
    // A hand is its ranks and three dots.
    let Some(k) = hands.iter().position(|h| h.len() != 13 + 3) else {
        return Ok(());
    };
    let missing: Vec<String> = (0..4)
        .flat_map(|s| (0..13).map(move |r| (s, r)))
        .filter(|&(s, r)| seen[s][r].is_none())
        .map(|(s, r)| format!("{}{}", ["S", "H", "D", "C"][s], &RANKS[r..r + 1]))
        .collect();
    Err(format!(
        "{} holds {} cards, and no hand holds {}: every hand holds 13",
        SEATS[k],
        hands[k].len() - 3,
        missing.join(", ")
    ))
}

/// One hand of a Deal tag (`AKQ.JT9.876.5432`), `seat`'s (0 = North), with its ranks in
/// order, the cards of the hands before it marked in `seen` with their seat: a card
/// dealt twice (named with both hands), or more than 13 cards, is an error naming it.
fn parse_hand(
    hand: &str,
    seat: usize,
    seen: &mut [[Option<usize>; 13]; 4],
) -> Result<String, String> {
    let suits: Vec<&str> = hand.split('.').collect();
    if suits.len() != 4 {
        return Err(format!(
            "the hand {hand:?} needs four suits separated by dots (spades.hearts.diamonds.clubs)"
        ));
    }
    let mut count = 0;
    let mut parts = Vec::with_capacity(4);
    for (s, suit) in suits.iter().enumerate() {
        let mut ranks: Vec<usize> = Vec::new();
        for ch in suit.chars() {
            let r = RANKS.find(ch.to_ascii_uppercase()).ok_or_else(|| {
                format!("{ch:?} in the hand {hand:?} is not a card rank (AKQJT98765432)")
            })?;
            if let Some(other) = seen[s][r] {
                let twice = if other == seat {
                    SEATS[seat].to_string()
                } else {
                    format!("{} and {}", SEATS[other], SEATS[seat])
                };
                return Err(format!(
                    "the card {}{} is dealt twice ({twice})",
                    ["S", "H", "D", "C"][s],
                    &RANKS[r..r + 1]
                ));
            }
            seen[s][r] = Some(seat);
            ranks.push(r);
        }
        count += ranks.len();
        ranks.sort_unstable();
        parts.push(ranks.iter().map(|&r| &RANKS[r..r + 1]).collect::<String>());
    }
    if count > 13 {
        return Err(format!("the hand {hand:?} has {count} cards, not 13"));
    }
    Ok(parts.join("."))
}

/// North 0, East 1, South 2, West 3.
pub(crate) fn seat_index(s: Seat) -> usize {
    match s {
        Seat::North => 0,
        Seat::East => 1,
        Seat::South => 2,
        Seat::West => 3,
    }
}

/// The seats' letters in PBN (and USEBIO), North first.
pub(crate) const SEAT_LETTERS: [&str; 4] = ["N", "E", "S", "W"];

/// A Deal tag value with the dealer's hand first, as the export format wants; a hand
/// not given, or left blank, is `-` (3.4.11), so the tag always has its four hands.
fn deal_value(deal: Option<&Deal>, dealer: Seat) -> String {
    let d = seat_index(dealer);
    let mut s = format!("{}:", SEAT_LETTERS[d]);
    for k in 0..4 {
        if k > 0 {
            s.push(' ');
        }
        let hand = deal.map_or("", |x| x.hands[(d + k) % 4].trim());
        s.push_str(if hand.is_empty() { "-" } else { hand });
    }
    s
}

pub(crate) fn vul_value(v: Vulnerability) -> &'static str {
    match v {
        Vulnerability::None => "None",
        Vulnerability::NorthSouth => "NS",
        Vulnerability::EastWest => "EW",
        Vulnerability::Both => "All",
    }
}

pub(crate) fn parse_vul(v: &str) -> Option<Vulnerability> {
    match v.trim().to_ascii_lowercase().as_str() {
        "none" | "love" | "-" => Some(Vulnerability::None),
        "ns" => Some(Vulnerability::NorthSouth),
        "ew" => Some(Vulnerability::EastWest),
        "all" | "both" => Some(Vulnerability::Both),
        _ => None,
    }
}

// ---------------------------------------------------------------------------------------
// Conventions

/// The convention a Scoring tag states (see the module documentation for the words).
pub fn convention_from_scoring(value: &str) -> Convention {
    read_scoring(value).0
}

/// The convention a [Scoring] value states, and its fields klaver does not know.
fn read_scoring(value: &str) -> (Convention, Vec<&str>) {
    let mut c = Convention::default();
    let unknown = value
        .split(';')
        .map(str::trim)
        .filter(|field| !scoring_field(&mut c, field))
        .collect();
    (c, unknown)
}

/// Reads one field of a [Scoring] tag into `c`; false for a field klaver does not know.
fn scoring_field(c: &mut Convention, field: &str) -> bool {
    match field.trim().to_ascii_lowercase().as_str() {
        "" | "mp" | "matchpoints" => {}
        "mp1" | "emp" => c.scale = Some(Scale::European),
        "mp2" => c.scale = Some(Scale::Acbl),
        "neuberg" => c.artificial = Some(ArtificialRule::LeftOut),
        "missingties" => c.missing = Some(MissingRule::CountAsTies),
        "rounded0.1" | "round0.1" => c.rounding = Some(BoardRounding::RoundTenth),
        "truncated0.1" | "trunc0.1" => c.rounding = Some(BoardRounding::TruncateTenth),
        "centred" | "centered" => c.centred = Some(true),
        "law12c2" => c.avg_plus_session = Some(true),
        "topintegral" => c.top_integral = Some(true),
        "separatefields" => c.separate_fields = Some(true),
        _ => return false,
    }
    true
}

/// What a [Scoring] tag on line `line`, of fields `unknown` klaver does not know,
/// states that klaver does not follow, as a warning: a scoring other than matchpoints
/// (IMPs in any form the standard or a program writes, board-a-match, rubber), or
/// matchpoint modifiers klaver does not apply, named.
fn scoring_warning(value: &str, unknown: &[&str], line: u32) -> Option<Diagnostic> {
    let another_scoring = unknown.iter().any(|f| {
        let f = f.to_ascii_lowercase();
        f.contains("imp")
            || f.starts_with("butler")
            || f.starts_with("cross")
            || [
                "experts",
                "mean",
                "median",
                "cavendish",
                "chicago",
                "rubber",
                "bam",
                "instant",
            ]
            .contains(&f.as_str())
    });
    let message = match unknown {
        [] => return None,
        _ if another_scoring => {
            format!(
                "the file was scored by {value:?}: klaver scores by matchpoints unless --form names an IMP form"
            )
        }
        [one] => format!(
            "[Scoring {value:?}]: {one} is not a convention klaver applies; the file is scored without it"
        ),
        [first @ .., last] => format!(
            "[Scoring {value:?}]: {} and {last} are not conventions klaver applies; the file is scored without them",
            first.join(", ")
        ),
    };
    let warning = Diagnostic::warning(line, None, message);
    let in_imps = unknown
        .iter()
        .any(|f| f.to_ascii_lowercase().contains("imp"));
    Some(match in_imps {
        true => warning.saying(klaver_core::said::Said::ScoredInImps),
        false => warning,
    })
}

/// Completes the convention the [Scoring] tag states with what the file shows: matchpoints
/// published below zero are centred (scores beaten minus scores lost), and Ruter (the
/// Norwegian edition "Ruter i Norge" and the Swedish and Finnish one, "Ruter") leaves
/// artificial scores out of the field (Neuberg) and gives average-plus as the session
/// percentage when higher (Law 12C2), as its files show on every real session tried.
/// What the tag or the command line states wins.
fn fill_convention(imported: &mut Imported, rows: &[Row]) {
    let c = &mut imported.convention;
    let negative = |s: &str| s.trim().parse::<f64>().is_ok_and(|x| x < 0.0);
    // A penalty's points are taken off, below zero however the matchpoints are shown.
    let penalty = |r: &Row| {
        r.adjust
            .trim_start()
            .to_ascii_uppercase()
            .starts_with("PEN ")
    };
    if c.centred.is_none()
        && rows
            .iter()
            .any(|r| !penalty(r) && (negative(&r.mp_ns) || negative(&r.mp_ew)))
    {
        c.centred = Some(true);
    }
    let program = imported.program.to_ascii_lowercase();
    if program == "ruter" || program.starts_with("ruter ") {
        c.artificial.get_or_insert(ArtificialRule::LeftOut);
        c.avg_plus_session.get_or_insert(true);
    }
}

/// The Scoring tag value for a convention.
pub fn scoring_value(c: &Convention) -> String {
    let mut s = String::from("MP");
    s.push_str(match c.scale {
        Some(Scale::Acbl) => ";MP2",
        _ => ";MP1",
    });
    if c.artificial == Some(ArtificialRule::LeftOut) {
        s.push_str(";Neuberg");
    }
    if c.missing == Some(MissingRule::CountAsTies) {
        s.push_str(";MissingTies");
    }
    match c.rounding {
        Some(BoardRounding::RoundTenth) => s.push_str(";Rounded0.1"),
        Some(BoardRounding::TruncateTenth) => s.push_str(";Truncated0.1"),
        _ => {}
    }
    if c.centred == Some(true) {
        s.push_str(";Centred");
    }
    if c.avg_plus_session == Some(true) {
        s.push_str(";Law12C2");
    }
    if c.top_integral == Some(true) {
        s.push_str(";TopIntegral");
    }
    if c.separate_fields == Some(true) {
        s.push_str(";SeparateFields");
    }
    s
}

// ---------------------------------------------------------------------------------------
// Tables

/// A table's column: its name (without order sign), minimum width and alignment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Column {
    pub name: String,
    pub width: usize,
    pub align: Option<char>,
}

/// Reads a table's column names (section 3.2, 5.2): `+Name`, `-Name`, `Name\6R`.
pub(crate) fn parse_columns(spec: &str) -> Vec<Column> {
    spec.split(';')
        .map(|c| {
            let c = c.trim();
            let c = c.strip_prefix(['+', '-']).unwrap_or(c);
            match c.split_once('\\') {
                Some((name, fmt)) => {
                    let digits: String = fmt.chars().take_while(char::is_ascii_digit).collect();
                    let align = fmt[digits.len()..]
                        .chars()
                        .next()
                        .map(|a| a.to_ascii_uppercase())
                        .filter(|a| matches!(a, 'L' | 'R'));
                    Column {
                        name: name.trim().to_string(),
                        width: digits.parse().unwrap_or(0).min(255),
                        align,
                    }
                }
                None => Column {
                    name: c.to_string(),
                    width: 0,
                    align: None,
                },
            }
        })
        .collect()
}

/// A table's rows: each row's line and its cells, `-` and `?` read as empty.
pub(crate) struct Table {
    pub(crate) columns: Vec<Column>,
    pub(crate) rows: Vec<(u32, Vec<String>)>,
}

impl Table {
    pub(crate) fn read(tag: &Tag, diags: &mut Vec<Diagnostic>) -> Table {
        let columns = parse_columns(&tag.value);
        diags.extend(columns_given_twice(tag, &columns));
        let n = columns.len().max(1);
        let mut rows = Vec::new();
        let cell = |e: &Element| match e.text.as_str() {
            "-" | "?" => String::new(),
            t => t.to_string(),
        };
        // Rows are read line by line, so that a row with an element too many or too few
        // is reported on its own line instead of shifting every row after it; a row may
        // still continue on the next line (the import format allows it).
        let mut pending: Vec<&Element> = Vec::new();
        let mut k = 0;
        while k < tag.data.len() {
            let line = tag.data[k].line;
            // A row carried on from the lines before that ends inside this line is read
            // as the import format allows, and said: a line short of an element reads
            // the same way.
            let carried = !pending.is_empty();
            while k < tag.data.len() && tag.data[k].line == line {
                pending.push(&tag.data[k]);
                k += 1;
            }
            if pending.len() < n && k < tag.data.len() {
                continue;
            }
            if !pending.len().is_multiple_of(n) {
                let first = pending[0].line;
                let lines = if first == line {
                    format!("this line has {}", pending.len())
                } else {
                    format!("lines {first}-{line} have {}", pending.len())
                };
                diags.push(Diagnostic::error(
                    first,
                    None,
                    format!(
                        "a row of the {} does not fit its columns: {lines} elements where each row has {n} ({}); quote an element with spaces in it (\"De Vries\"), and write - for an empty one",
                        tag.name, tag.value
                    ),
                ));
                pending.clear();
                continue;
            }
            if carried && pending.len() > n {
                diags.push(row_runs_on(tag, &pending[..n], line));
            }
            for chunk in pending.chunks(n) {
                rows.push((chunk[0].line, chunk.iter().map(|e| cell(e)).collect()));
            }
            pending.clear();
        }
        Table { columns, rows }
    }

    fn col(&self, names: &[&str]) -> Option<usize> {
        self.columns
            .iter()
            .position(|c| names.iter().any(|n| c.name.eq_ignore_ascii_case(n)))
    }
}

/// An error for each column a table names twice (in any letters): which of the two
/// holds the figures cannot be told, and the second's used to be passed over.
fn columns_given_twice(tag: &Tag, columns: &[Column]) -> Vec<Diagnostic> {
    columns
        .iter()
        .enumerate()
        .filter(|(k, c)| {
            !c.name.is_empty()
                && columns[..*k]
                    .iter()
                    .any(|b| b.name.eq_ignore_ascii_case(&c.name))
        })
        .map(|(_, c)| {
            Diagnostic::error(
                tag.line,
                None,
                format!(
                    "the {} names the column {} twice: klaver cannot tell which of the two holds the figures; give each column once",
                    tag.name, c.name
                ),
            )
        })
        .collect()
}

/// The warning of a row that runs on from its line into one on which the next row
/// starts: what was read as the row, in case its own line is short of an element.
fn row_runs_on(tag: &Tag, row: &[&Element], line: u32) -> Diagnostic {
    let texts: Vec<&str> = row.iter().map(|e| e.text.as_str()).collect();
    Diagnostic::warning(
        row[0].line,
        None,
        format!(
            "a row of the {} runs on to line {line}, where the next row starts: read as {} ({}); if a line is short of an element, write - for it",
            tag.name,
            texts.join(" "),
            tag.value
        ),
    )
}

fn cell(row: &[String], col: Option<usize>) -> &str {
    col.and_then(|c| row.get(c)).map(|s| s.trim()).unwrap_or("")
}

/// One score cell of an artificial score, as far as it can be read.
enum ArtificialCell<'a> {
    Empty,
    NotPlayed,
    /// This side's percentage of the top: `A=` 50, `A+` 60, `A-` 40, `60%`.
    Percent(u8),
    Other(&'a str),
}

fn artificial_cell(text: &str) -> ArtificialCell<'_> {
    let t = text.trim();
    match t.to_ascii_uppercase().as_str() {
        "" => ArtificialCell::Empty,
        "NP" | "NG" | "NOT PLAYED" => ArtificialCell::NotPlayed,
        "A" | "AVG" | "A=" | "AVE" => ArtificialCell::Percent(50),
        "A+" | "AVG+" | "AVE+" => ArtificialCell::Percent(60),
        "A-" | "AVG-" | "AVE-" => ArtificialCell::Percent(40),
        // A percentage has its sign: `^100` is an artificial score of 100 points in the
        // standard's words, which klaver does not read.
        _ => match t.strip_suffix('%').map(str::trim) {
            Some(p) if !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()) => {
                match p.parse::<u8>() {
                    Ok(p) if p <= 100 => ArtificialCell::Percent(p),
                    _ => ArtificialCell::Other(t),
                }
            }
            _ => ArtificialCell::Other(t),
        },
    }
}

/// The adjustment an artificial score's cells stand for (`^60%`, `^A+`, `^NP`). The
/// averages are also read without the standard's `^`, as Magic Contest and Ruter write
/// them (`"A="` in both score columns): a word is never a score. Each side's cell gives
/// that side's percentage, so `A+` / `A+` is 60 % to both sides (neither at fault); a
/// side whose cell is empty gets the complement of the other's.
fn artificial(ns: &str, ew: &str) -> Option<String> {
    let is_word = |s: &str| {
        matches!(
            artificial_cell(s),
            ArtificialCell::NotPlayed | ArtificialCell::Percent(_)
        ) && s.trim().parse::<i32>().is_err()
    };
    let (a, b) = match (ns.strip_prefix('^'), ew.strip_prefix('^')) {
        (None, None) if is_word(ns) || is_word(ew) => (ns, ew),
        (None, None) => return None,
        (a, b) => (a.unwrap_or(""), b.unwrap_or("")),
    };
    use ArtificialCell::{Empty, NotPlayed, Other, Percent};
    Some(match (artificial_cell(a), artificial_cell(b)) {
        (NotPlayed, NotPlayed | Empty) | (Empty, NotPlayed) => "NP".into(),
        (Percent(x), Percent(y)) => format!("{x}/{y}"),
        (Percent(x), Empty) => format!("{x}/{}", 100 - x),
        (Empty, Percent(y)) => format!("{}/{y}", 100 - y),
        // Anything else is handed on as written, and refused there with its line.
        (Other(t), _) | (_, Other(t)) => t.to_string(),
        // Not played on one side only: refused as a split there.
        _ => format!("{}/{}", a.trim(), b.trim()),
    })
}

/// What a line's score cells stand for in Ruter's notations, as its PBN files write
/// them: `+0` is a side scored as if the result were 0 against the field (`+0` and `A+`:
/// the other side gets average-plus instead; `+0` on both sides is a plain 0), `Pen` in
/// both cells a director's penalty or compensation, its points in the matchpoint
/// columns. Gives the score and the adjustment as the travellers CSV writes them, `None`
/// for ordinary cells, and an error for a notation klaver does not read, such as a score
/// replaced by an average (`800>a`).
fn ruter_cells(
    (ns, ew): (&str, &str),
    (mp_ns, mp_ew): (&str, &str),
) -> Option<Result<(String, String), String>> {
    if ns.contains('>') || ew.contains('>') {
        return Some(Err(format!(
            "the score cells {ns:?} / {ew:?} hold a score replaced by an artificial score, which klaver does not read: enter the adjustment (AVG, 60/40) in its place"
        )));
    }
    let pen = |s: &str| s.eq_ignore_ascii_case("pen");
    if pen(ns) || pen(ew) {
        let points = |s: &str| {
            if s.is_empty() {
                "0".to_string()
            } else {
                s.to_string()
            }
        };
        return Some(if pen(ns) && pen(ew) {
            Ok((
                String::new(),
                format!("PEN {}/{}", points(mp_ns), points(mp_ew)),
            ))
        } else {
            Err(format!(
                "a penalty is written Pen in both score cells, not {ns:?} / {ew:?}"
            ))
        });
    }
    let plus = |s: &str| s.starts_with('+') && s.len() > 1;
    if !plus(ns) && !plus(ew) {
        return None;
    }
    let given = |s: &str| match artificial_cell(s) {
        ArtificialCell::Percent(p) if !plus(s) => Some(p),
        _ => None,
    };
    Some(match (ns, ew, given(ns), given(ew)) {
        ("+0", "+0", _, _) => Ok(("0".into(), String::new())),
        ("+0", _, _, Some(p)) => Ok(("0".into(), format!("EW {p}%"))),
        (_, "+0", Some(p), _) => Ok(("0".into(), format!("NS {p}%"))),
        _ => Err(format!(
            "the score cells {ns:?} / {ew:?} are no notation klaver reads: +0 stands beside +0 or an average (A=, A+, A-) of the other side"
        )),
    })
}

fn first_number(s: &str) -> Option<i32> {
    s.trim().trim_start_matches('^').parse().ok()
}

// ---------------------------------------------------------------------------------------
// Reading

/// Reads a PBN file: its deals, its results (the ScoreTables, or one game per table) and
/// its published result list. Problems with single games, rows or results are in the
/// event's diagnostics with their line; only undecodable text is an `Err`.
pub fn read(data: &[u8]) -> Result<Imported, PbnError> {
    let mut diags = Vec::new();
    let text = decode(data, &mut diags)?;
    let games = read_games(&text, &mut diags);
    let mut reading = Reading {
        diags,
        ..Reading::default()
    };
    for g in &games {
        reading.game(g);
    }
    Ok(reading.finish())
}

/// The hands of a PBN file read for them alone, and what the file says of their boards.
#[derive(Debug, Default)]
pub struct ReadHands {
    /// Each board's hands (a hand not given is `-`).
    pub deals: BTreeMap<u32, Deal>,
    /// The line of each board's `[Deal]`, for messages about its hands.
    pub lines: BTreeMap<u32, u32>,
    /// What the file gives that the travellers do not follow (a dealer or vulnerability
    /// other than the board number's), with its line.
    pub warnings: Vec<Diagnostic>,
}

/// Reads a PBN file for its hands alone, to show beside results read from elsewhere (a
/// dealing program's file, or a results file, whose results are not read). As a hand
/// record's reading does, it refuses the file for what would lose a board's hands or
/// show the wrong ones, each error with its line: a deal that cannot be read, a deal
/// without a board number, a board given again with other hands, a tag klaver cannot
/// read.
pub fn read_hands(data: &[u8]) -> Result<ReadHands, Vec<Diagnostic>> {
    let mut diags = Vec::new();
    let text = decode_or_refuse(data, &mut diags)?;
    let games = read_games(&text, &mut diags);
    let mut reading = Reading {
        diags,
        hands_only: true,
        ..Reading::default()
    };
    for g in &games {
        let board = game_board(g, &mut reading.diags);
        reading.deal(g, board);
        if let Some(b) = board {
            reading.dealer(g, b);
            reading.vulnerability(g, b);
        }
    }
    let mut diags = reading.diags;
    diags.sort_by_key(|d| d.line.unwrap_or(0));
    let (errors, warnings): (Vec<_>, Vec<_>) = diags
        .into_iter()
        .partition(|d| d.severity == Severity::Error);
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(ReadHands {
        deals: reading.imported.deals,
        lines: reading.deal_lines,
        warnings,
    })
}

/// What the games of a PBN file read so far give.
#[derive(Default)]
struct Reading {
    imported: Imported,
    rows: Vec<Row>,
    /// The names of each (section, pair id).
    names: Vec<PairNames>,
    /// The names a ScoreTable gives a (section, pair id) on the side it sits (true:
    /// North-South), which tell pairs numbered per direction apart.
    sides: Vec<SideName>,
    /// Whether a game had a [Scoring] tag (the first one counts).
    scoring_seen: bool,
    /// The line of each board's deal.
    deal_lines: BTreeMap<u32, u32>,
    /// The ScoreTable columns not read that a warning has named.
    unread_said: Vec<String>,
    diags: Vec<Diagnostic>,
    /// Whether the file is read for its hands alone: a deal not kept is an error.
    hands_only: bool,
}

impl Reading {
    /// Reads one game: the event's tags, the board's deal, dealer and vulnerability, and
    /// its results (score tables, or the game's own contract).
    fn game(&mut self, g: &Game) {
        let section = g.value("Section").unwrap_or("").trim().to_string();
        self.event_tags(g);
        let board = game_board(g, &mut self.diags);
        self.deal(g, board);
        if let Some(b) = board {
            self.dealer(g, b);
            self.vulnerability(g, b);
            let a = published_analysis::read_game(g, b.number(), &mut self.diags);
            if !a.is_empty() {
                self.imported.analyses.entry(b.number()).or_insert(a);
            }
        }
        self.results(g, board, &section);
    }

    /// The event's title, date, program and scoring: each from the first game with it.
    fn event_tags(&mut self, g: &Game) {
        let imported = &mut self.imported;
        if imported.title.is_empty()
            && let Some(e) = g.value("Event").filter(|e| !e.is_empty() && *e != "?")
        {
            imported.title = e.to_string();
        }
        if imported.date.is_empty()
            && let Some(d) = g
                .value("Date")
                .filter(|d| !d.contains('?') && !d.is_empty())
        {
            imported.date = d.to_string();
        }
        if imported.program.is_empty()
            && let Some(a) = g.value("Application").filter(|a| !a.trim().is_empty())
        {
            imported.program = a.trim().to_string();
        }
        if !self.scoring_seen
            && let Some(s) = g.value("Scoring")
        {
            self.scoring_seen = true;
            let (convention, unknown) = read_scoring(s);
            imported.convention = convention;
            let line = g.tag("Scoring").map(|t| t.line).unwrap_or(0);
            self.diags.extend(scoring_warning(s, &unknown, line));
        }
    }

    /// The game's deal, kept by its board (the first deal of a board counts).
    fn deal(&mut self, g: &Game, board: Option<Board>) {
        let Some(t) = g
            .tag("Deal")
            .filter(|t| !t.value.trim().is_empty() && t.value != "?")
        else {
            return;
        };
        match parse_deal(&t.value) {
            Ok(hands) if hands.iter().all(|h| h == "-") => {}
            Ok(hands) => match board {
                Some(b) => self.keep_deal(b.number(), hands, t.line),
                None if self.hands_only => self.diags.push(Diagnostic::error(
                    t.line,
                    None,
                    "a deal without a board number: add [Board \"n\"] to its game",
                )),
                None => self.diags.push(Diagnostic::warning(
                    t.line,
                    None,
                    "a deal without a board number was skipped: add [Board \"n\"] to its game",
                )),
            },
            Err(e) => self.diags.push(Diagnostic::error(
                t.line,
                board.map(|b| b.number()),
                format!("cannot read the deal: {e}"),
            )),
        }
    }

    /// Keeps the first deal of a board; a later one that differs is a warning, or when
    /// the file is read for its hands alone an error (which hands are the board's?).
    fn keep_deal(&mut self, n: u32, hands: [String; 4], line: u32) {
        match self.imported.deals.get(&n) {
            None => {
                self.imported.deals.insert(n, Deal { hands });
                self.deal_lines.insert(n, line);
            }
            Some(first) if first.hands != hands => {
                let first = self.deal_lines.get(&n).copied().unwrap_or(0);
                self.diags.push(if self.hands_only {
                    let m = format!(
                        "the board is given a second time with other hands than at line {first}: a file of hands holds each board once: give each section's boards numbers of their own, or put each section in a file of its own"
                    );
                    Diagnostic::error(line, Some(n), m)
                } else {
                    let m = format!(
                        "the board's deal here differs from the one at line {first}, which is the one read: give each board its own number"
                    );
                    Diagnostic::warning(line, Some(n), m)
                });
            }
            Some(_) => {}
        }
    }

    /// The game's dealer: a warning when it is not the board's by its number, or is
    /// not a seat.
    fn dealer(&mut self, g: &Game, b: Board) {
        let Some(t) = g
            .tag("Dealer")
            .filter(|t| !t.value.trim().is_empty() && t.value != "?")
        else {
            return;
        };
        let (given, n) = (t.value.trim(), b.number());
        let expected = SEAT_LETTERS[seat_index(b.dealer())];
        let m = if !SEAT_LETTERS.iter().any(|l| given.eq_ignore_ascii_case(l)) {
            format!("[Dealer {:?}] is not a seat (N, E, S or W)", t.value)
        } else if !given.eq_ignore_ascii_case(expected) {
            format!("the file has dealer {given} but board {n} is dealt by {expected}")
        } else {
            return;
        };
        let m = format!("{m}: klaver scores the board by its number");
        self.diags.push(Diagnostic::warning(t.line, Some(n), m));
    }

    /// The game's vulnerability: a warning when it is not the board's by its number, or
    /// cannot be read.
    fn vulnerability(&mut self, g: &Game, b: Board) {
        let Some(t) = g
            .tag("Vulnerable")
            .filter(|t| !t.value.trim().is_empty() && t.value != "?")
        else {
            return;
        };
        match parse_vul(&t.value) {
            Some(v) if v == b.vulnerability() => {}
            Some(_) => self.diags.push(Diagnostic::warning(
                t.line,
                Some(b.number()),
                format!(
                    "the file has vulnerability {} but board {} has {}: klaver scores the board by its number",
                    t.value.trim(),
                    b.number(),
                    vul_value(b.vulnerability())
                ),
            )),
            None => self.diags.push(Diagnostic::warning(
                t.line,
                Some(b.number()),
                format!("[Vulnerable {:?}] is not None, NS, EW or All", t.value),
            )),
        }
    }

    /// The game's results: its score tables and total score tables, or without a score
    /// table the game's own contract and pairs.
    fn results(&mut self, g: &Game, board: Option<Board>, section: &str) {
        let mut had_table = false;
        for t in &g.tags {
            if t.name.eq_ignore_ascii_case("ScoreTable") {
                had_table = true;
                let Some(b) = board else {
                    // A [Board] tag that is not a number has its own error already.
                    if g.tag("Board").is_none_or(|b| b.value.trim().is_empty()) {
                        self.diags.push(Diagnostic::error(
                            t.line,
                            None,
                            "a ScoreTable in a game without a board number: add [Board \"n\"] to its game",
                        ));
                    }
                    continue;
                };
                let table = Table::read(t, &mut self.diags);
                self.unread_columns(t, &table);
                score_table(
                    &table,
                    (b.number(), section),
                    &mut self.rows,
                    (&mut self.names, &mut self.sides),
                    &mut self.diags,
                );
            } else if t.name.eq_ignore_ascii_case("TotalScoreTable") {
                let table = Table::read(t, &mut self.diags);
                let totals = (&mut self.imported.totals, &mut self.names);
                total_table(&table, section, totals, &mut self.diags);
                for c in total_columns(&table, t.line) {
                    let known = &self.imported.total_columns;
                    if !known.iter().any(|k| k.name.eq_ignore_ascii_case(&c.name)) {
                        self.imported.total_columns.push(c);
                    }
                }
            }
        }
        if !had_table {
            let board_text = board.map(|b| b.number().to_string()).unwrap_or_default();
            game_result(g, &board_text, section, &mut self.rows, &mut self.diags);
        }
    }

    /// A warning on a ScoreTable's line naming its columns klaver does not read (see
    /// [`unread_score_columns`]), each once a file: the first table with it says it.
    fn unread_columns(&mut self, tag: &Tag, table: &Table) {
        let said = &mut self.unread_said;
        let mut new: Vec<&str> = Vec::new();
        for name in unread_score_columns(table) {
            if !said.iter().any(|s| s.eq_ignore_ascii_case(name)) {
                said.push(name.to_string());
                new.push(name);
            }
        }
        if let Some(message) = crate::travellers::unread_message(&new) {
            self.diags.push(Diagnostic::warning(
                tag.line,
                None,
                format!("{message} (klaver reads the standard's ScoreTable columns and Section, Table, Round, Lead and Adjust: rename a column that holds one of them)"),
            ));
        }
    }

    /// The event of every game read, with its messages in line order.
    fn finish(mut self) -> Imported {
        if self.rows.is_empty() && !self.diags.iter().any(|d| d.severity == Severity::Error) {
            self.diags.push(no_results(self.imported.deals.len()));
        }
        contradicted_sit_outs(&mut self.diags, &self.rows);
        self.one_section_is_none();
        numbered_per_direction(&mut self.rows, &mut self.names, &self.sides);
        let (mut imported, rows) = (self.imported, self.rows);
        fill_convention(&mut imported, &rows);
        let mut event = exchange::rows_to_event(&rows);
        imported.line_percentages = exchange::row_figures(&rows, |r| (&r.pct_ns, &r.pct_ew));
        imported.line_imps = exchange::row_figures(&rows, |r| (&r.imp_ns, &r.imp_ew));
        let index = exchange::PairIndex::of(&event);
        for n in &self.names {
            let pair = (n.section.as_str(), n.id.as_str());
            exchange::set_names(&mut event, &index, pair, &n.names, n.line);
        }
        for t in &imported.totals {
            exchange::set_ids(&mut event, &index, (&t.section, &t.pair), &t.ids);
        }
        self.diags.extend(totals_without_results(
            &imported.totals,
            &index,
            &self.names,
        ));
        event.diagnostics.extend(self.diags);
        event.diagnostics.sort_by_key(|d| d.line.unwrap_or(0));
        imported.event = event;
        imported
    }

    /// One section named in the file is no section at all.
    fn one_section_is_none(&mut self) {
        let mut sections: Vec<&str> = self
            .rows
            .iter()
            .map(|r| r.section.as_str())
            .chain(self.imported.totals.iter().map(|t| t.section.as_str()))
            .collect();
        sections.sort_unstable();
        sections.dedup();
        if sections.len() > 1 {
            return;
        }
        for r in &mut self.rows {
            r.section.clear();
        }
        for t in &mut self.imported.totals {
            t.section.clear();
        }
        for n in &mut self.names {
            n.section.clear();
        }
        for n in &mut self.sides {
            n.section.clear();
        }
    }
}

/// A warning for each pair of a TotalScoreTable that has no result on the boards (see
/// [`exchange::pair_without_results`]), with the names its row gave (in `names`). A
/// pair of a section numbered per direction has its results as `1NS` and `1EW`.
fn totals_without_results(
    totals: &[PublishedTotal],
    index: &exchange::PairIndex,
    names: &[PairNames],
) -> Vec<Diagnostic> {
    let played = |t: &PublishedTotal| {
        ["", "NS", "EW"].iter().any(|side| {
            index
                .at((&t.section, &format!("{}{side}", t.pair)))
                .is_some()
        })
    };
    let names_of = |t: &PublishedTotal| {
        names
            .iter()
            .find(|n| n.line == t.line && n.id == t.pair)
            .map_or("", |n| n.names.as_str())
    };
    totals
        .iter()
        .filter(|t| !played(t))
        .map(|t| {
            let pair = (t.section.as_str(), t.pair.as_str());
            let given = (names_of(t), &t.ids[..]);
            exchange::pair_without_results("TotalScoreTable", pair, given, t.line)
        })
        .collect()
}

/// The names a row gives a pair (section and id), and the row's line.
struct PairNames {
    section: String,
    id: String,
    names: String,
    line: u32,
}

/// The names a ScoreTable row gives a pair on the side it sits.
struct SideName {
    section: String,
    id: String,
    /// Whether the pair sits North-South.
    north_south: bool,
    names: String,
    line: u32,
}

/// Pairs numbered per direction, as a two-winner Mitchell numbers them (North-South
/// pair 1 and East-West pair 1 are two pairs), become `1NS` and `1EW`, each with its
/// names. A section is read so only when the names tell: every number on both sides has
/// one name North-South and another East-West. (A Howell's pair keeps its name on both
/// sides; a section of mixed evidence is read as written, and its clashes are errors.)
fn numbered_per_direction(rows: &mut [Row], names: &mut Vec<PairNames>, sides: &[SideName]) {
    let split = sections_per_direction(sides);
    if split.is_empty() {
        return;
    }
    let per_direction = |section: &str| split.contains(section);
    // (A substitute pair, written "-", stays one.)
    for r in rows.iter_mut().filter(|r| per_direction(&r.section)) {
        for (id, side) in [(&mut r.ns, "NS"), (&mut r.ew, "EW")] {
            if id.as_str() != "-" {
                id.push_str(side);
            }
        }
    }
    names.retain(|n| !per_direction(&n.section));
    for n in sides.iter().filter(|n| per_direction(&n.section)) {
        let side = if n.north_south { "NS" } else { "EW" };
        names.push(PairNames {
            section: n.section.clone(),
            id: format!("{}{side}", n.id),
            names: n.names.clone(),
            line: n.line,
        });
    }
}

/// The sections whose pairs are numbered per direction, by their names (see
/// [`numbered_per_direction`]).
fn sections_per_direction(sides: &[SideName]) -> HashSet<String> {
    // Per (section, id): the names seen North-South and East-West.
    let mut seen: HashMap<(&str, &str), [Vec<&str>; 2]> = HashMap::new();
    for n in sides {
        let names = &mut seen.entry((&n.section, &n.id)).or_default()[usize::from(!n.north_south)];
        if !names.contains(&n.names.as_str()) {
            names.push(&n.names);
        }
    }
    let mut verdict: HashMap<&str, bool> = HashMap::new();
    for ((section, _), [ns, ew]) in &seen {
        if ns.is_empty() || ew.is_empty() {
            continue;
        }
        let apart = ns.len() == 1 && ew.len() == 1 && ns[0] != ew[0];
        let v = verdict.entry(section).or_insert(true);
        *v &= apart;
    }
    verdict
        .into_iter()
        .filter(|&(_, apart)| apart)
        .map(|(s, _)| s.to_string())
        .collect()
}

/// The game's board; an error when its [Board] tag is not a board number, or holds a
/// character that shows nothing.
pub(crate) fn game_board(g: &Game, diags: &mut Vec<Diagnostic>) -> Option<Board> {
    let t = g.tag("Board")?;
    let board = Board::from_digits(t.value.trim());
    if board.is_none() && !t.value.trim().is_empty() {
        let refused = crate::invisible::refused("the [Board] tag", t.value.trim());
        let message = refused.unwrap_or_else(|| {
            format!(
                "[Board {:?}] is not a board number: write a number from 1",
                t.value
            )
        });
        diags.push(Diagnostic::error(t.line, None, message));
    }
    board
}

/// The error of a file without results (`deals`: how many boards it deals).
fn no_results(deals: usize) -> Diagnostic {
    Diagnostic::error(
        0,
        None,
        format!(
            "no results: the file has no ScoreTable and no game with a Contract and its pairs (PairNS and PairEW, or the players North, East, South and West){}",
            if deals == 0 {
                String::new()
            } else {
                format!(
                    "; it deals {deals} boards, which klaver score --deals shows on the travellers"
                )
            }
        ),
    )
}

/// Checks each sit-out line in `diags` against every line of its board in `rows` (in
/// any game of the file). When its pair plays the board (its number written as it may
/// be: `03` is pair 3), it is a warning that one of the two lines is wrong: the sit-out
/// must not account for a missing result of a board the pair played. When the board has
/// no result in its section, it is a warning too: the board's results are missing, not
/// sat out.
fn contradicted_sit_outs(diags: &mut [Diagnostic], rows: &[Row]) {
    if !diags.iter().any(Diagnostic::is_sit_out) {
        return;
    }
    // The lines of each board by section, so that a file of many sit-out lines is
    // checked in one pass over its lines.
    let mut by_board: HashMap<(&str, &str), Vec<&Row>> = HashMap::new();
    for r in rows {
        by_board.entry((&r.section, &r.board)).or_default().push(r);
    }
    for d in diags.iter_mut() {
        let (Some(Said::SatOut { section, pair }), Some(board)) = (d.said.as_deref(), d.board)
        else {
            continue;
        };
        let number = board.to_string();
        let on_board = by_board
            .get(&(section.as_str(), number.as_str()))
            .map_or(&[][..], Vec::as_slice);
        let plays =
            |r: &&&Row| crate::said::same_pair(&r.ns, pair) || crate::said::same_pair(&r.ew, pair);
        let (message, plays) = match on_board.iter().find(plays) {
            Some(r) => (
                format!(
                    "pair {pair} has a sit-out line here, but it plays the board on line {} ({} against {}): one of the two lines is wrong; correct it",
                    r.line, r.ns, r.ew
                ),
                Some((r.line, r.ns.clone(), r.ew.clone())),
            ),
            None if on_board.is_empty() => (
                format!(
                    "pair {pair} sat out this board (a sit-out line), but the board has no result at all: enter its results, or leave the board out of the file"
                ),
                None,
            ),
            None => continue,
        };
        let pair = pair.clone();
        *d = Diagnostic::warning(d.line.unwrap_or(0), Some(board), message)
            .saying(Said::SitOutContradicted { pair, plays });
    }
}

/// The rows of one board's ScoreTable (of `section` unless a row names its own), and
/// the names of their pairs.
fn score_table(
    t: &Table,
    (board, section): (u32, &str),
    rows: &mut Vec<Row>,
    (names, sides): (&mut Vec<PairNames>, &mut Vec<SideName>),
    diags: &mut Vec<Diagnostic>,
) {
    let c = ScoreColumns::of(t);
    if c.ns.is_none() || c.ew.is_none() {
        // An individual's table names the four players (PlayerId_North, ...).
        let message = match t.col(&["PlayerId_North", "PlayerId_South"]) {
            Some(_) => {
                "the ScoreTable gives the players (PlayerId_North, PlayerId_South, ...), as an individual event's does: klaver scores pairs and teams, whose every line names two pairs, not individuals"
            }
            None => {
                "the ScoreTable has no PairId_NS and PairId_EW columns: klaver needs the pairs of every line to score them"
            }
        };
        if let Some((line, _)) = t.rows.first() {
            diags.push(Diagnostic::error(*line, Some(board), message));
        }
        return;
    }
    for (line, row) in &t.rows {
        let section = match cell(row, c.section) {
            "" => section.to_string(),
            s => s.to_string(),
        };
        let (ns, ew) = match row_pairs(row, &c) {
            Ok(pairs) => pairs,
            Err(pair) => {
                // Checked against the board's lines once the whole file is read.
                diags.push(crate::said::sat_out(*line, board, &section, pair));
                continue;
            }
        };
        let (score, adjust) = match row_score(row, &c) {
            Ok(scored) => scored,
            Err(message) => {
                diags.push(Diagnostic::error(*line, Some(board), message));
                continue;
            }
        };
        rows.push(table_row(
            row,
            &c,
            (*line, board, &section),
            (ns, ew),
            (score, adjust),
        ));
        for (id, col, north_south) in [(ns, c.names_ns, true), (ew, c.names_ew, false)] {
            let n = cell(row, col);
            if !n.is_empty() {
                let n = n.replace(';', " - ");
                names.push(PairNames {
                    section: section.clone(),
                    id: id.to_string(),
                    names: n.clone(),
                    line: *line,
                });
                sides.push(SideName {
                    section: section.clone(),
                    id: id.to_string(),
                    north_south,
                    names: n,
                    line: *line,
                });
            }
        }
    }
}

/// The columns of a ScoreTable klaver reads, each `None` when the table lacks it.
#[derive(Clone)]
struct ScoreColumns {
    ns: Option<usize>,
    ew: Option<usize>,
    section: Option<usize>,
    contract: Option<usize>,
    declarer: Option<usize>,
    result: Option<usize>,
    lead: Option<usize>,
    table: Option<usize>,
    round: Option<usize>,
    score: [Option<usize>; 2],
    mp: [Option<usize>; 2],
    pct: [Option<usize>; 2],
    imp: [Option<usize>; 2],
    adjust: Option<usize>,
    names_ns: Option<usize>,
    names_ew: Option<usize>,
    multiplicity: Option<usize>,
}

impl ScoreColumns {
    fn of(t: &Table) -> ScoreColumns {
        let both = |ns: &str, ew: &str| [t.col(&[ns]), t.col(&[ew])];
        ScoreColumns {
            ns: t.col(&["PairId_NS"]),
            ew: t.col(&["PairId_EW"]),
            section: t.col(&["Section"]),
            contract: t.col(&["Contract"]),
            declarer: t.col(&["Declarer"]),
            result: t.col(&["Result"]),
            lead: t.col(&["Lead"]),
            table: t.col(&["Table"]),
            round: t.col(&["Round"]),
            score: both("Score_NS", "Score_EW"),
            mp: both("MP_NS", "MP_EW"),
            pct: both("Percentage_NS", "Percentage_EW"),
            imp: both("IMP_NS", "IMP_EW"),
            adjust: t.col(&["Adjust"]),
            names_ns: t.col(&["Names_NS"]),
            names_ew: t.col(&["Names_EW"]),
            multiplicity: t.col(&["Multiplicity"]),
        }
    }

    /// The positions of the columns read.
    fn read(&self) -> impl Iterator<Item = usize> {
        let one = [
            self.ns,
            self.ew,
            self.section,
            self.contract,
            self.declarer,
            self.result,
            self.lead,
            self.table,
            self.round,
            self.adjust,
            self.names_ns,
            self.names_ew,
            self.multiplicity,
        ];
        let both = [self.score, self.mp, self.pct, self.imp];
        one.into_iter().chain(both.into_iter().flatten()).flatten()
    }
}

/// The columns of the standard's ScoreTable (section 5.9) that klaver does not read,
/// since they cannot change a result: the rank follows from the scores.
const STANDARD_NOT_READ: &[&str] = &["Rank"];

/// The columns of a ScoreTable klaver does not read and the standard does not define:
/// their contents are ignored, and may change the result (a section column under
/// another name, as ACBL Live writes `Setion`, or a program's own adjustment column).
/// (A column given twice is an error of its own: [`columns_given_twice`].)
fn unread_score_columns(t: &Table) -> Vec<&str> {
    let read: Vec<&str> = ScoreColumns::of(t)
        .read()
        .map(|i| t.columns[i].name.as_str())
        .chain(STANDARD_NOT_READ.iter().copied())
        .collect();
    t.columns
        .iter()
        .map(|c| c.name.as_str())
        .filter(|name| !name.is_empty() && !read.iter().any(|r| r.eq_ignore_ascii_case(name)))
        .collect()
}

/// A line's two pairs; a line with one pair but a real result was played against a
/// substitute pair that is not ranked (written `-`). `Err` with the pair of a sit-out
/// line (one pair and no result).
fn row_pairs<'r>(row: &'r [String], c: &ScoreColumns) -> Result<(&'r str, &'r str), &'r str> {
    let (mut ns, mut ew) = (cell(row, c.ns), cell(row, c.ew));
    let played = !cell(row, c.contract).is_empty()
        || c.score
            .iter()
            .any(|&col| !cell(row, col).is_empty() && !cell(row, col).eq_ignore_ascii_case("bye"));
    if ns.is_empty() != ew.is_empty() && played {
        if ns.is_empty() {
            ns = "-";
        } else {
            ew = "-";
        }
    }
    if ns.is_empty() != ew.is_empty() {
        return Err(if ns.is_empty() { ew } else { ns });
    }
    Ok((ns, ew))
}

/// A line's score and adjustment: from its score columns, as Ruter writes artificial
/// scores in them, or its Adjust column; `Err` with what is wrong.
fn row_score(row: &[String], c: &ScoreColumns) -> Result<(String, String), String> {
    let (sns, sew) = (cell(row, c.score[0]), cell(row, c.score[1]));
    let mut adjust = cell(row, c.adjust).to_string();
    match cell(row, c.multiplicity) {
        "" | "1" => {}
        m => {
            return Err(format!(
                "Multiplicity {m}: klaver reads each row as the result of one table; write the row once for each table"
            ));
        }
    }
    let score = match (first_number(sns), first_number(sew)) {
        _ if sns.starts_with('^') || sew.starts_with('^') => String::new(),
        (Some(a), Some(b)) if a.checked_neg() != Some(b) => {
            return Err(format!(
                "Score_NS {a} and Score_EW {b} disagree: give one of them, or East-West's as North-South's with the sign turned"
            ));
        }
        (Some(s), _) => s.to_string(),
        (None, Some(s)) => s.checked_neg().map(|s| s.to_string()).unwrap_or_default(),
        (None, None) => String::new(),
    };
    match ruter_cells((sns, sew), (cell(row, c.mp[0]), cell(row, c.mp[1]))) {
        Some(result) => result,
        None => {
            if let Some(e) = unread_score(sns, "Score_NS").or_else(|| unread_score(sew, "Score_EW"))
            {
                return Err(e);
            }
            if adjust.is_empty() {
                adjust = artificial(sns, sew).unwrap_or_default();
            }
            Ok((score, adjust))
        }
    }
}

/// Why a score cell is neither a score, no score (empty, `-` irrelevant, `?` unknown),
/// nor an artificial score (`^60%`, `A+`, `NP`): a typing slip such as `42O`, `1,430`,
/// or a number past any score. `None` for a cell that reads.
fn unread_score(cell: &str, column: &str) -> Option<String> {
    let t = cell.trim();
    let reads = t.is_empty()
        || t == "-"
        || t == "?"
        || t.starts_with('^')
        || first_number(t).is_some()
        || !matches!(artificial_cell(t), ArtificialCell::Other(_));
    (!reads).then(|| {
        format!("{column} {t:?} is not a score: write the points as a whole number (420, -50), or leave the cell empty or - when the contract gives the score")
    })
}

/// Whether a ScoreTable line is Bridgewebs' average: `A` in the Contract column, and in
/// the Declarer and Result columns as far as the table has them (`A A A`, board 21 of
/// tests/data/bridgewebs-2025-04-09-welwyn-garden-city.pbn), with no score or adjustment.
fn bridgewebs_average(row: &[String], c: &ScoreColumns, (score, adjust): (&str, &str)) -> bool {
    let a = |col: Option<usize>| cell(row, col).eq_ignore_ascii_case("A");
    let a_or_none = |col: Option<usize>| col.is_none() || a(col);
    a(c.contract)
        && a_or_none(c.declarer)
        && a_or_none(c.result)
        && score.is_empty()
        && adjust.is_empty()
}

/// A ScoreTable line as a row of the event: `^` marks (published by some programs
/// before a figure) are left off, a passed-out board has no declarer or result, and
/// Bridgewebs' `A A A` is the average it stands for.
fn table_row(
    row: &[String],
    c: &ScoreColumns,
    (line, board, section): (u32, u32, &str),
    (ns, ew): (&str, &str),
    (score, adjust): (String, String),
) -> Row {
    let plain;
    let (c, adjust) = match bridgewebs_average(row, c, (&score, &adjust)) {
        true => {
            plain = ScoreColumns {
                contract: None,
                declarer: None,
                result: None,
                ..c.clone()
            };
            (&plain, "A".to_string())
        }
        false => (c, adjust),
    };
    let contract = match cell(row, c.contract) {
        s if s.eq_ignore_ascii_case("pass") || s.eq_ignore_ascii_case("ap") => "PASS".to_string(),
        s => s.trim_start_matches('^').to_string(),
    };
    let strip = |col: Option<usize>| cell(row, col).trim_start_matches('^').to_string();
    let played = |col: Option<usize>| {
        if contract == "PASS" {
            String::new()
        } else {
            strip(col)
        }
    };
    Row {
        line,
        section: section.to_string(),
        board: board.to_string(),
        ns: ns.to_string(),
        ew: ew.to_string(),
        score,
        declarer: played(c.declarer),
        result: played(c.result),
        contract,
        adjust,
        lead: cell(row, c.lead).to_string(),
        mp_ns: strip(c.mp[0]),
        mp_ew: strip(c.mp[1]),
        pct_ns: strip(c.pct[0]),
        pct_ew: strip(c.pct[1]),
        imp_ns: strip(c.imp[0]),
        imp_ew: strip(c.imp[1]),
        table: cell(row, c.table).to_string(),
        round: cell(row, c.round).to_string(),
    }
}

/// The TotalScoreTable columns klaver reads as totals, percentages and IMPs (Ruter writes
/// `TotalScoreMP` and `TotalScoreIMP`, the standard `TotalMP` and `TotalIMP`).
const TOTAL_MP: [&str; 2] = ["TotalMP", "TotalScoreMP"];
const PERCENTAGE: [&str; 3] = ["TotalPercentage", "Percentage", "MeanPercentage"];
const TOTAL_IMP: [&str; 2] = ["TotalIMP", "TotalScoreIMP"];
const MEAN_IMP: [&str; 1] = ["MeanIMP"];

/// TotalScoreTable columns that name or describe a pair rather than publish a result.
const DESCRIPTIVE: [&str; 19] = [
    "PairId",
    "PlayerId",
    "Section",
    "Table",
    "Direction",
    "Names",
    "Name",
    "NrBoards",
    "Club",
    "Team",
    "MemberID",
    "MemberID1",
    "MemberID2",
    "Sex",
    "Sex1",
    "Sex2",
    "CountryISO",
    "CountryIOC",
    "Center",
];

/// The columns of figures of a TotalScoreTable whose tag is on `line`, with what klaver
/// reads each as: `--compare` names those it does not compare.
fn total_columns(t: &Table, line: u32) -> Vec<PublishedColumn> {
    let is = |name: &str, list: &[&str]| list.iter().any(|n| n.eq_ignore_ascii_case(name));
    t.columns
        .iter()
        .map(|c| c.name.as_str())
        .filter(|name| !name.is_empty() && !is(name, &DESCRIPTIVE))
        .map(|name| {
            let figure = match name {
                n if is(n, &["Rank", "RankTie"]) => Figure::Rank,
                n if is(n, &TOTAL_MP) => Figure::Total,
                n if is(n, &PERCENTAGE) => Figure::Percentage,
                n if is(n, &TOTAL_IMP) || is(n, &MEAN_IMP) => Figure::Imps,
                _ => Figure::Unread,
            };
            PublishedColumn {
                line,
                name: name.to_string(),
                figure,
            }
        })
        .collect()
}

/// The published result list of a TotalScoreTable, with its pairs' names and their
/// players' member numbers; a row that gives no pair is a warning on its line.
fn total_table(
    t: &Table,
    section: &str,
    (totals, names): (&mut Vec<PublishedTotal>, &mut Vec<PairNames>),
    diags: &mut Vec<Diagnostic>,
) {
    let c_ids = (t.col(&["MemberID1"]), t.col(&["MemberID2"]));
    let c_pair = t.col(&["PairId"]);
    let c_section = t.col(&["Section"]);
    let c_rank = t.col(&["Rank"]);
    let c_total = t.col(&TOTAL_MP);
    let c_pct = t.col(&PERCENTAGE);
    let (c_imps, c_mean) = (t.col(&TOTAL_IMP), t.col(&MEAN_IMP));
    let c_tie = t.col(&["RankTie"]);
    let c_names = t.col(&["Names"]);
    for (line, row) in &t.rows {
        let pair = cell(row, c_pair);
        if pair.is_empty() {
            diags.extend(no_pair_in_row(row, cell(row, c_names), *line));
            continue;
        }
        let section = match cell(row, c_section) {
            "" => section.to_string(),
            s => s.to_string(),
        };
        let n = cell(row, c_names);
        if !n.is_empty() {
            names.push(PairNames {
                section: section.clone(),
                id: pair.to_string(),
                names: n.replace(';', " - "),
                line: *line,
            });
        }
        totals.push(PublishedTotal {
            line: *line,
            section,
            pair: pair.to_string(),
            rank: cell(row, c_rank).to_string(),
            total: cell(row, c_total).to_string(),
            percentage: cell(row, c_pct).to_string(),
            imps: cell(row, c_imps).to_string(),
            mean_imps: cell(row, c_mean).to_string(),
            rank_tie: cell(row, c_tie).to_string(),
            ids: member_ids(row, c_ids),
            ..PublishedTotal::default()
        });
    }
}

/// The warning of a TotalScoreTable row that gives no PairId, naming the `names` it
/// gives; none for a row with nothing in it.
fn no_pair_in_row(row: &[String], names: &str, line: u32) -> Option<Diagnostic> {
    if row.iter().all(|c| matches!(c.trim(), "" | "-")) {
        return None;
    }
    let given = match names {
        "" | "-" => "what it gives is".to_string(),
        n => format!("its names ({}) are", n.replace(';', " - ")),
    };
    let message = format!(
        "the TotalScoreTable row gives no PairId: {given} not read; write its pair's number"
    );
    Some(Diagnostic::warning(line, None, message))
}

/// A pair's players' member numbers on a row of a published list (Ruter's `MemberID1`
/// and `MemberID2` columns `c`, as in tests/data/ruter-2019-10-14-spiren.pbn), by seat:
/// a guest without one (`-`, Ruter's `+` and `+54`, or only zeros) keeps its seat
/// empty, as the pairs file does (`+45215`), so the other number stays with its player.
fn member_ids(row: &[String], c: (Option<usize>, Option<usize>)) -> Vec<String> {
    let ids = [c.0, c.1]
        .into_iter()
        .map(|col| cell(row, col).trim())
        .map(|id| match crate::travellers::no_number(id) {
            true => String::new(),
            // Ruter's marks for a player without a number: `+` unknown, `+54` a guest
            // number of the night (given again to other people on other nights).
            false if id.trim_start_matches('0').starts_with('+') => String::new(),
            false => id.to_string(),
        })
        .collect();
    crate::travellers::seat_ids(ids)
}

/// North-South's score of a `[Score]` tag: `NS 420`, `EW -420`, or (the standard's
/// first form) the declarer's score alone, turned by the declarer's side; empty when it
/// cannot be told (the contract's score is then used).
fn north_south_score(score: &str, declarer: &str) -> String {
    let negated = |v: &str| {
        v.parse::<i32>()
            .ok()
            .and_then(i32::checked_neg)
            .map(|x| x.to_string())
            .unwrap_or_default()
    };
    let t: Vec<&str> = score.split_whitespace().collect();
    match t.as_slice() {
        ["NS", v, ..] => v.to_string(),
        ["EW", v, ..] => negated(v),
        [v] => match (v.parse::<i32>(), declarer.trim().trim_start_matches('^')) {
            (Ok(_), "N" | "S") => v.to_string(),
            (Ok(_), "E" | "W") => negated(v),
            // A pass-out has no declarer, and scores 0 for either side.
            (Ok(0), _) => "0".into(),
            _ => String::new(),
        },
        _ => String::new(),
    }
}

/// The warning of a table's result that names no pairs, which is not read.
fn no_pairs(g: &Game, board: &str, contract: &str) -> Diagnostic {
    let line = g.tag("Contract").or(g.tag("Score")).map_or(0, |t| t.line);
    let board = board.parse().ok();
    Diagnostic::warning(
        line,
        board,
        format!(
            "the table's result ({}) names no pairs and was not read: give [PairNS] and [PairEW], or all four players",
            if contract.is_empty() {
                "a score"
            } else {
                contract
            }
        ),
    )
}

/// The warning of a table's game that has its board and pairs but no contract (a board
/// not played to the end, as BBO exports it), which is not scored; `None` for a game
/// without a board or pairs, such as a hand record's deal.
fn no_contract(g: &Game, board: &str) -> Option<Diagnostic> {
    let number = board.parse().ok()?;
    let (ns, ew) = game_pairs(g)?;
    let (ns, ew) = (ns.trim(), ew.trim());
    if ns.is_empty() || ew.is_empty() {
        return None;
    }
    Some(Diagnostic::warning(
        g.tag("Board").map_or(0, |t| t.line),
        Some(number),
        format!(
            "the game of North-South {ns} against East-West {ew} has no contract and is not scored (a board not played to the end?): give its Contract and Result"
        ),
    ))
}

/// A game that is one table's play of a board (PairNS, PairEW, Contract, Result, Score).
/// Without PairNS and PairEW a pair is known by its two players (section 4.3.2: the pair
/// tags hold the players' names when the seats are unknown); the names are put in
/// alphabetical order, so that a pair that changes seats or directions stays one pair.
fn game_result(
    g: &Game,
    board: &str,
    section: &str,
    rows: &mut Vec<Row>,
    diags: &mut Vec<Diagnostic>,
) {
    let contract = g.value("Contract").unwrap_or("").trim();
    if contract.is_empty() && g.value("Score").is_none() {
        return diags.extend(no_contract(g, board));
    }
    let Some((ns, ew)) = game_pairs(g) else {
        return diags.push(no_pairs(g, board, contract));
    };
    let score = game_score(g, board, diags);
    let passed = contract.eq_ignore_ascii_case("pass");
    let line = g
        .tag("Contract")
        .or(g.tag("PairNS"))
        .map(|t| t.line)
        .unwrap_or(0);
    let declarer = g
        .value("Declarer")
        .unwrap_or("")
        .trim()
        .trim_start_matches('^');
    let result = match g.value("Result").map(|r| declarer_tricks(r, declarer)) {
        None | Some(Ok(None)) => String::new(),
        Some(Ok(Some(tricks))) => tricks.to_string(),
        Some(Err(why)) => {
            let (line, number) = (g.tag("Result").map_or(line, |t| t.line), board.parse().ok());
            let value = g.value("Result").unwrap_or("");
            let message = format!("[Result \"{value}\"]: {why}");
            return diags.push(Diagnostic::error(line, number, message));
        }
    };
    rows.push(Row {
        line,
        section: section.to_string(),
        board: board.to_string(),
        ns: ns.trim().to_string(),
        ew: ew.trim().to_string(),
        score,
        contract: if passed {
            "PASS".into()
        } else {
            contract.to_string()
        },
        declarer: if passed {
            String::new()
        } else {
            declarer.to_string()
        },
        result: if passed { String::new() } else { result },
        lead: String::new(),
        adjust: String::new(),
        ..Row::default()
    });
}

/// The declarer's tricks of a Result tag in any of the standard's forms (section
/// 3.4.15): the declarer's tricks (`10`), a side's (`NS 10`, `EW 3`), or both sides'
/// (`NS 10 EW 3`), with or without a leading `^`; `None` for an empty value (a board
/// passed out). A side's tricks are the declarer's or 13 less, by the declarer's seat.
fn declarer_tricks(value: &str, declarer: &str) -> Result<Option<u8>, String> {
    let unread =
        || "not a number of tricks (0 to 13), nor NS or EW with one (NS 10, EW 3)".to_string();
    let value = value.trim().trim_start_matches('^');
    // The standard's irrelevant (`-`) and unknown (`?`) are no result, as an empty value.
    if matches!(value, "-" | "?") {
        return Ok(None);
    }
    let words: Vec<&str> = value.split_whitespace().collect();
    let tricks = |w: &str| w.parse::<u8>().ok().filter(|t| *t <= 13);
    let mut sides: [Option<u8>; 2] = [None, None];
    match words.as_slice() {
        [] => return Ok(None),
        [n] => return tricks(n).map(Some).ok_or_else(unread),
        pairs if pairs.len() % 2 == 0 && pairs.len() <= 4 => {
            for pair in pairs.chunks(2) {
                let side = match pair[0].to_ascii_uppercase().as_str() {
                    "NS" => 0,
                    "EW" => 1,
                    _ => return Err(unread()),
                };
                if sides[side].is_some() {
                    return Err(unread());
                }
                sides[side] = Some(tricks(pair[1]).ok_or_else(unread)?);
            }
        }
        _ => return Err(unread()),
    }
    if let [Some(ns), Some(ew)] = sides
        && ns + ew != 13
    {
        return Err(format!(
            "NS {ns} and EW {ew} tricks make {}, not 13",
            ns + ew
        ));
    }
    let ns_declares = match declarer.to_ascii_uppercase().as_str() {
        "N" | "S" => true,
        "E" | "W" => false,
        _ => {
            return Err(
                "a side's tricks, but the game names no declarer to tell whose: give its [Declarer]"
                    .into(),
            );
        }
    };
    let ns = sides[0].or(sides[1].map(|ew| 13 - ew));
    Ok(ns.map(|ns| if ns_declares { ns } else { 13 - ns }))
}

/// The pairs of a game's table: its PairNS and PairEW, else each pair by its two players,
/// in alphabetical order (see [`game_result`]); `None` when neither tells them.
fn game_pairs(g: &Game) -> Option<(String, String)> {
    if let (Some(ns), Some(ew)) = (g.value("PairNS"), g.value("PairEW")) {
        return Some((ns.to_string(), ew.to_string()));
    }
    let player = |seat: &str| {
        g.value(seat)
            .map(str::trim)
            .filter(|v| !v.is_empty() && *v != "?" && *v != "-")
    };
    let by_players = |a: &str, b: &str| -> Option<String> {
        let (a, b) = (player(a)?, player(b)?);
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        Some(format!("{a} - {b}"))
    };
    Some((by_players("North", "South")?, by_players("East", "West")?))
}

/// A game's score for North-South; empty when it has none, or one that could not be
/// read, which is warned of saying how to write it.
fn game_score(g: &Game, board: &str, diags: &mut Vec<Diagnostic>) -> String {
    let score = g
        .value("Score")
        .map(|s| north_south_score(s, g.value("Declarer").unwrap_or("")))
        .unwrap_or_default();
    if let Some(t) = g
        .tag("Score")
        .filter(|t| score.is_empty() && !t.value.trim().is_empty())
    {
        diags.push(Diagnostic::warning(
            t.line,
            board.parse().ok(),
            format!(
                "the score {:?} was not read: write NS 420, EW -420, or the declarer's score with the declarer given",
                t.value
            ),
        ));
    }
    score
}

// ---------------------------------------------------------------------------------------
// Writing

/// What the PBN writer needs besides the scored session.
#[derive(Debug, Clone, Default)]
pub struct WriteOptions<'a> {
    /// The event's name ([Event]).
    pub title: &'a str,
    /// The date as the club writes it; written as YYYY.MM.DD when it can be read.
    pub date: &'a str,
    /// The hands of the boards, when known.
    pub deals: Option<&'a BTreeMap<u32, Deal>>,
    /// The boards' double-dummy tables and par, when analysed: written as
    /// `DoubleDummyTricks`, `OptimumScore`, `ParContract` and `OptimumResultTable`, as
    /// Bridgewebs and the dealing programs read them.
    pub analyses: Option<&'a BTreeMap<u32, crate::hand_record::BoardRecord>>,
}

/// A date as PBN writes it (`2024.03.05`), from `2024-03-05`, `05-03-2024` and the like.
pub(crate) fn pbn_date(date: &str) -> String {
    match exchange::date_parts(date) {
        Some((y, m, d)) => format!("{y}.{m}.{d}"),
        None => "????.??.??".into(),
    }
}

/// A PBN string token (`"..."` with `\"` and `\\`).
pub(crate) fn quoted(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\t' | '\r' | '\n' => out.push(' '),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A table element: `-` when empty, a string token when it is not a plain section token.
fn element(s: &str) -> String {
    if s.is_empty() {
        "-".into()
    } else if s.chars().any(|c| {
        c.is_whitespace()
            || !c.is_ascii_graphic()
            || matches!(c, '[' | ']' | '{' | '}' | ';' | '"' | '%')
    }) {
        quoted(s)
    } else {
        s.to_string()
    }
}

/// A table section: the tag with widths and alignments, then the rows lined up.
fn write_table(out: &mut String, name: &str, columns: &[(&str, bool)], rows: &[Vec<String>]) {
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(|r| r.iter().map(|c| element(c)).collect())
        .collect();
    let widths: Vec<usize> = (0..columns.len())
        .map(|k| {
            cells
                .iter()
                .map(|r| r.get(k).map(|c| c.chars().count()).unwrap_or(1))
                .max()
                .unwrap_or(1)
                .max(1)
        })
        .collect();
    let spec: Vec<String> = columns
        .iter()
        .zip(&widths)
        .map(|((n, right), w)| format!("{n}\\{w}{}", if *right { 'R' } else { 'L' }))
        .collect();
    out.push_str(&format!("[{name} {}]\r\n", quoted(&spec.join(";"))));
    for r in &cells {
        let mut line = String::new();
        for (k, c) in r.iter().enumerate() {
            if k > 0 {
                line.push(' ');
            }
            let pad = widths[k].saturating_sub(c.chars().count());
            if columns[k].1 {
                line.push_str(&" ".repeat(pad));
                line.push_str(c);
            } else {
                line.push_str(c);
                line.push_str(&" ".repeat(pad));
            }
        }
        out.push_str(line.trim_end());
        out.push_str("\r\n");
    }
}

/// A contract as PBN writes it: `4S`, `3NTX`, `6HXX`.
pub(crate) fn pbn_contract(c: klaver_core::contract::Contract) -> String {
    let strain = match c.strain() {
        Strain::Clubs => "C",
        Strain::Diamonds => "D",
        Strain::Hearts => "H",
        Strain::Spades => "S",
        Strain::NoTrump => "NT",
    };
    let risk = match c.doubling() {
        Doubling::Undoubled => "",
        Doubling::Doubled => "X",
        Doubling::Redoubled => "XX",
    };
    format!("{}{strain}{risk}", c.level())
}

fn centre(x: Ratio<i64>, top: i64, per_win: i64) -> Ratio<i64> {
    (x - Ratio::new(top, 2)) * Ratio::new(2, per_win.max(1))
}

/// Writes a scored session as PBN: one game per board with its deal and ScoreTable, and
/// the result list as a TotalScoreTable in the first game.
pub fn write<W: Write>(
    mut out: W,
    event: &Event,
    result: &SessionResult,
    opts: &WriteOptions,
) -> std::io::Result<()> {
    out.write_all(&encode(&to_string(event, result, opts)))
}

/// The PBN text of a scored session (see [`write`]).
pub fn to_string(event: &Event, result: &SessionResult, opts: &WriteOptions) -> String {
    let multi = has_sections(&event.pairs);
    let seats = Layout {
        multi,
        tables: event.lines.iter().any(|l| l.table().is_some()),
        rounds: event.lines.iter().any(|l| l.round().is_some()),
        adjusted: false,
    };
    // The [Scoring] tag and the figures both follow how the session was scored.
    let convention = Convention::scored(result);
    let shown = ShownPoints::new(&convention);
    let mut out = String::new();
    out.push_str("% PBN 2.1\r\n% EXPORT\r\n");
    let date = pbn_date(opts.date);
    let scoring = scoring_value(&convention);
    for (k, sb) in result.boards.iter().enumerate() {
        let Ok(board) = Board::new(sb.board) else {
            continue;
        };
        if k > 0 {
            out.push_str("\r\n");
        }
        push_game_tags(&mut out, opts, board, &date, &scoring);
        if let Some(a) = opts
            .analyses
            .and_then(|m| m.get(&sb.board))
            .and_then(|b| b.analysis.as_ref())
        {
            crate::hand_record::push_analysis(&mut out, a);
        }
        let layout = Layout {
            adjusted: sb.results().any(|i| !event.lines[i].adjust().is_empty()),
            ..seats
        };
        let columns = score_columns(layout);
        let mut rows = Vec::with_capacity(sb.entries.len());
        for i in sb.results() {
            let mut row = Vec::with_capacity(columns.len());
            push_score_row(&mut row, event, result, sb, i, layout, shown);
            rows.push(row);
        }
        let penalties = event.penalties.iter().filter(|p| penalty_on(event, p, sb));
        rows.extend(penalty_rows(event, penalties, layout));
        rows.extend(sit_out_rows(event, sb, layout));
        write_table(&mut out, "ScoreTable", &columns, &rows);
        if k == 0 {
            push_total_table(&mut out, event, result, multi, shown);
        }
    }
    for (number, penalties) in unplaced_penalties(event, result) {
        let Ok(board) = Board::new(number) else {
            continue;
        };
        out.push_str("\r\n");
        push_game_tags(&mut out, opts, board, &date, &scoring);
        let rows = penalty_rows(event, penalties.into_iter(), seats);
        write_table(&mut out, "ScoreTable", &score_columns(seats), &rows);
    }
    out
}

/// Whether the session's pairs play in more than one section: each table of the file
/// then names the section of its pairs.
fn has_sections(pairs: &[PairInfo]) -> bool {
    let mut s: Vec<&str> = pairs.iter().map(|p| p.section.as_str()).collect();
    s.sort_unstable();
    s.dedup();
    s.len() > 1
}

/// How the file shows matchpoints: as scored, or centred on zero (an average board is 0,
/// a top is half the top) in the scale's points per pair beaten.
#[derive(Clone, Copy)]
struct ShownPoints {
    centred: bool,
    per_win: i64,
}

impl ShownPoints {
    /// As the session's scoring convention asks: centred or not, European or ACBL scale.
    fn new(convention: &Convention) -> ShownPoints {
        let per_win = match convention.scale {
            Some(Scale::Acbl) => 1,
            _ => 2,
        };
        ShownPoints {
            centred: convention.centred == Some(true),
            per_win,
        }
    }

    /// A result's matchpoints on a board with this top.
    fn board(self, x: Ratio<i64>, top: i64) -> String {
        if self.centred {
            report::ratio(centre(x, top, self.per_win))
        } else {
            report::ratio(x)
        }
    }

    /// A pair's total over the session.
    fn total(self, p: &PairResult) -> String {
        if self.centred {
            let max = p.max;
            report::points(
                &p.total
                    .plus(&Exact::new(-max, 2))
                    .times(&Exact::new(2, self.per_win)),
            )
        } else {
            report::points(&p.total)
        }
    }
}

/// The tags of a board's game: the event, date, board, dealer, vulnerability, hands and
/// scoring, with the seats, declarer, contract and result left empty (the results are in
/// the ScoreTable).
fn push_game_tags(out: &mut String, opts: &WriteOptions, board: Board, date: &str, scoring: &str) {
    let number = board.number();
    let deal = opts.deals.and_then(|d| d.get(&number));
    let tags: [(&str, String); 15] = [
        ("Event", opts.title.to_string()),
        ("Site", String::new()),
        ("Date", date.to_string()),
        ("Board", number.to_string()),
        ("West", String::new()),
        ("North", String::new()),
        ("East", String::new()),
        ("South", String::new()),
        (
            "Dealer",
            SEAT_LETTERS[seat_index(board.dealer())].to_string(),
        ),
        ("Vulnerable", vul_value(board.vulnerability()).to_string()),
        ("Deal", deal_value(deal, board.dealer())),
        ("Scoring", scoring.to_string()),
        ("Declarer", String::new()),
        ("Contract", String::new()),
        ("Result", String::new()),
    ];
    for (name, value) in &tags {
        out.push_str(&format!("[{name} {}]\r\n", quoted(value)));
    }
}

/// The columns of a board's ScoreTable, and whether each is right-aligned: the section
/// when there are several, and the adjustment when a result on the board has one.
/// The optional columns of a board's ScoreTable: the section when the session has
/// several, the table and round when the travellers gave them (written first, as Ruter
/// writes them), and the adjustment when a line of the board has one.
#[derive(Debug, Clone, Copy)]
struct Layout {
    multi: bool,
    tables: bool,
    rounds: bool,
    adjusted: bool,
}

fn score_columns(layout: Layout) -> Vec<(&'static str, bool)> {
    let mut columns: Vec<(&str, bool)> = Vec::new();
    if layout.tables {
        columns.push(("Table", true));
    }
    if layout.rounds {
        columns.push(("Round", true));
    }
    if layout.multi {
        columns.push(("Section", false));
    }
    columns.extend([
        ("PairId_NS", true),
        ("PairId_EW", true),
        ("Contract", false),
        ("Declarer", false),
        ("Result", true),
        ("Lead", false),
        ("Score_NS", true),
        ("Score_EW", true),
        ("MP_NS", true),
        ("MP_EW", true),
        ("Percentage_NS", true),
        ("Percentage_EW", true),
    ]);
    if layout.adjusted {
        columns.push(("Adjust", false));
    }
    columns
}

/// One table's line on a board's ScoreTable, in the columns of [`score_columns`]: the
/// pairs, the contract as played, the score, and each side's matchpoints and percentage
/// (marked `^` for an artificial score).
fn push_score_row(
    row: &mut Vec<String>,
    event: &Event,
    result: &SessionResult,
    sb: &ScoredBoard,
    i: usize,
    layout: Layout,
    shown: ShownPoints,
) {
    let pairs = &event.pairs;
    let r = &event.results[i];
    let info = &event.lines[i];
    let number = |n: Option<u32>| n.map_or_else(|| "-".to_string(), |n| n.to_string());
    if layout.tables {
        row.push(number(info.table()));
    }
    if layout.rounds {
        row.push(number(info.round()));
    }
    if layout.multi {
        row.push(pairs[r.ns_pair()].section.clone());
    }
    row.push(pairs[r.ns_pair()].id.clone());
    row.push(pairs[r.ew_pair()].id.clone());
    let (contract, declarer, tricks) = contract_cells(info);
    row.extend([contract, declarer, tricks, info.lead().to_string()]);
    let (sns, sew) = score_cells(&r.outcome);
    row.extend([sns, sew]);
    push_points_cells(
        row,
        result.points[i],
        sb.top,
        artificial_sides(&r.outcome),
        shown,
    );
    if layout.adjusted {
        row.push(crate::exchange::adjust_as_written(r, info));
    }
}

/// The contract, declarer and tricks of a table's line: `Pass` for a passed-out board,
/// and the contract as written when klaver could not read it.
fn contract_cells(info: &LineInfo) -> (String, String, String) {
    if info.passed {
        ("Pass".to_string(), String::new(), String::new())
    } else if let Some(p) = info.play {
        (
            pbn_contract(p.contract()),
            SEAT_LETTERS[seat_index(p.declarer())].to_string(),
            p.tricks().to_string(),
        )
    } else {
        (
            info.unread_contract().to_string(),
            String::new(),
            String::new(),
        )
    }
}

/// North-South's and East-West's score cells: the score on the side that made it, `0` in
/// both for a zero, `^60%` for an artificial score, `^NP` for a board not played, and
/// nothing for a weighted score (it is in the adjustment).
fn score_cells(outcome: &Outcome) -> (String, String) {
    match outcome {
        Outcome::Score(s) | Outcome::ScoreAndArtificial { score: s, .. } if *s > 0 => {
            (s.to_string(), String::new())
        }
        Outcome::Score(s) | Outcome::ScoreAndArtificial { score: s, .. } if *s < 0 => {
            (String::new(), s.unsigned_abs().to_string())
        }
        Outcome::Score(_) | Outcome::ScoreAndArtificial { .. } => {
            ("0".to_string(), "0".to_string())
        }
        Outcome::Artificial { ns, ew } => (format!("^{ns}%"), format!("^{ew}%")),
        Outcome::NotPlayed => ("^NP".into(), "^NP".into()),
        Outcome::Weighted(_) => (String::new(), String::new()),
    }
}

/// Which sides' figures of a result are artificial (North-South's, East-West's): both
/// for an artificial score or a board not played, the one side given its own in a split.
fn artificial_sides(outcome: &Outcome) -> (bool, bool) {
    match outcome {
        Outcome::Artificial { .. } | Outcome::NotPlayed => (true, true),
        Outcome::ScoreAndArtificial { side, .. } => {
            (*side == Side::NorthSouth, *side == Side::EastWest)
        }
        _ => (false, false),
    }
}

/// Each side's matchpoints and percentage of the top, marked `^` where the side's score
/// is artificial (`art`: North-South's, East-West's); empty for a board not played, and
/// the percentages empty on a board without a top.
fn push_points_cells(
    row: &mut Vec<String>,
    points: Option<ResultPoints>,
    top: i64,
    art: (bool, bool),
    shown: ShownPoints,
) {
    let caret = |a: bool| if a { "^" } else { "" };
    let (ns, ew) = (caret(art.0), caret(art.1));
    match points {
        Some(p) => {
            row.push(format!("{ns}{}", shown.board(p.ns, top)));
            row.push(format!("{ew}{}", shown.board(p.ew, top)));
            if top > 0 {
                let pct = |x: Ratio<i64>| Exact::from(x * 100 / top).to_decimal(2);
                row.push(format!("{ns}{}", pct(p.ns)));
                row.push(format!("{ew}{}", pct(p.ew)));
            } else {
                row.extend([String::new(), String::new()]);
            }
        }
        None => row.extend([String::new(), String::new(), String::new(), String::new()]),
    }
}

/// The result list, written in the first game as a TotalScoreTable: each pair's rank,
/// total, percentage, boards played and names, by section when there are several.
fn push_total_table(
    out: &mut String,
    event: &Event,
    result: &SessionResult,
    multi: bool,
    shown: ShownPoints,
) {
    let mut columns: Vec<(&str, bool)> = Vec::new();
    if multi {
        columns.push(("Section", false));
    }
    columns.extend([
        ("Rank", true),
        ("PairId", true),
        ("TotalMP", true),
        ("TotalPercentage", true),
        ("NrBoards", true),
        ("Names", false),
    ]);
    // The players' ids as Ruter writes them: a pair's two in MemberID1 and MemberID2.
    let ids = crate::exchange::has_player_ids(event);
    if ids {
        columns.extend([("MemberID1", true), ("MemberID2", true)]);
    }
    let rows: Vec<Vec<String>> = result
        .pairs
        .iter()
        .map(|p| {
            let info = &event.pairs[p.pair];
            let mut row = Vec::new();
            if multi {
                row.push(info.section.clone());
            }
            row.extend([
                p.rank.map(|r| r.to_string()).unwrap_or_default(),
                info.id.clone(),
                shown.total(p),
                p.percentage
                    .as_ref()
                    .map(|x| x.to_decimal(2))
                    .unwrap_or_default(),
                p.boards.to_string(),
                info.names.clone(),
            ]);
            if ids {
                row.extend(member_cells(event.player_ids.get(p.pair)));
            }
            row
        })
        .collect();
    write_table(out, "TotalScoreTable", &columns, &rows);
}

/// A pair's MemberID1 and MemberID2 cells: its players' ids by seat, empty (written
/// `-`, as Ruter writes a guest's) for a seat without one; a pair of more than two ids
/// has none written (`klaver convert` says so).
fn member_cells(ids: Option<&Vec<String>>) -> [String; 2] {
    match ids.map(Vec::as_slice) {
        Some([a]) => [a.clone(), String::new()],
        Some([a, b]) => [a.clone(), b.clone()],
        _ => [String::new(), String::new()],
    }
}

/// The director's penalties written on a board's ScoreTable as Ruter writes them: `Pen`
/// in both score cells and the points in the matchpoint columns. A penalty written on a
/// board without results goes on the first board's table.
/// Whether the director's penalty `p` is written on board `sb`'s table: its board, and
/// its section's (every section's when the board's group is the whole field).
fn penalty_on(event: &Event, p: &Penalty, sb: &ScoredBoard) -> bool {
    p.board == sb.board && (sb.group.is_empty() || same(&event.pairs[p.ns].section, &sb.group))
}

/// The penalties of boards nobody played (in their section), by board: each is written
/// in a game of its own for its board, so that it keeps its board.
fn unplaced_penalties<'a>(
    event: &'a Event,
    result: &SessionResult,
) -> BTreeMap<u32, Vec<&'a Penalty>> {
    let mut out: BTreeMap<u32, Vec<&Penalty>> = BTreeMap::new();
    for p in &event.penalties {
        if !result.boards.iter().any(|sb| penalty_on(event, p, sb)) {
            out.entry(p.board).or_default().push(p);
        }
    }
    out
}

fn penalty_rows<'a>(
    event: &Event,
    penalties: impl Iterator<Item = &'a Penalty>,
    layout: Layout,
) -> Vec<Vec<String>> {
    let pairs = &event.pairs;
    penalties
        .map(|p| {
            let mut row = unseated_row(layout, &pairs[p.ns].section);
            row.extend([pairs[p.ns].id.clone(), pairs[p.ew].id.clone()]);
            row.extend(["-", "-", "-", "-", "Pen", "Pen"].map(String::from));
            row.push(exchange::points_text(p.points.0));
            row.push(exchange::points_text(p.points.1));
            end_without_percentages(&mut row, layout);
            row
        })
        .collect()
}

/// The sit-out lines the event was read with (a pair that sat out the board, `Said::
/// SatOut`) on board `sb`'s table, as Ruter writes them: the pair North-South and no
/// opponents, nothing played; read back as sit-out lines.
fn sit_out_rows(event: &Event, sb: &ScoredBoard, layout: Layout) -> Vec<Vec<String>> {
    event
        .diagnostics
        .iter()
        .filter(|d| d.board == Some(sb.board))
        .filter_map(|d| match d.said.as_deref() {
            Some(klaver_core::said::Said::SatOut { section, pair })
                if sb.group.is_empty() || same(section, &sb.group) =>
            {
                Some((section, pair))
            }
            _ => None,
        })
        .map(|(section, pair)| {
            let mut row = unseated_row(layout, section);
            row.push(pair.clone());
            row.extend(std::iter::repeat_n("-".to_string(), 9));
            end_without_percentages(&mut row, layout);
            row
        })
        .collect()
}

/// The start of a ScoreTable row that is not a table's result (a penalty, a sit-out):
/// no table or round (`-`), and the section when the file has several.
fn unseated_row(layout: Layout, section: &str) -> Vec<String> {
    let seat_cells = usize::from(layout.tables) + usize::from(layout.rounds);
    let mut row = vec!["-".to_string(); seat_cells];
    if layout.multi {
        row.push(section.to_string());
    }
    row
}

/// The end of such a row: no percentages, and no adjustment when the table has the
/// column.
fn end_without_percentages(row: &mut Vec<String>, layout: Layout) {
    row.extend([String::new(), String::new()]);
    if layout.adjusted {
        row.push(String::new());
    }
}

/// Whether any error was found while reading (the event's diagnostics).
pub fn has_errors(imported: &Imported) -> bool {
    imported
        .event
        .diagnostics
        .iter()
        .any(|d| d.severity == Severity::Error)
}

#[cfg(test)]
mod tests {
    use super::*;

    use klaver_core::session::{Settings, score_session};

    const SAMPLE: &str = "% PBN 2.1\r\n% EXPORT\r\n\
[Event \"Club pairs\"]\r\n[Date \"2024.03.05\"]\r\n[Board \"1\"]\r\n[Dealer \"N\"]\r\n[Vulnerable \"None\"]\r\n\
[Deal \"N:AKQ.JT9.876.5432 JT98.AKQ.5432.76 7654.8765.AKQ.AK 32.432.JT9.QJT98\"]\r\n\
[Scoring \"MP;MP1\"]\r\n\
[ScoreTable \"PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;Score_NS\\5R;Score_EW\\5R;MP_NS\\4R;MP_EW\\4R\"]\r\n\
 1  2 4S   N 10   420     -    2    0\r\n\
 3  4 4S   N  9     -    50    0    2\r\n\
\r\n\
[Board \"2\"]\r\n[Dealer \"E\"]\r\n[Vulnerable \"NS\"]\r\n\
[ScoreTable \"Contract;Declarer;Result;PairId_NS;PairId_EW;Score_NS;Score_EW\"]\r\n\
3NT S 9 1 2 600 -\r\nPass - - 3 4 0 0\r\n\
[TotalScoreTable \"Rank\\2R;PairId\\2R;TotalMP\\4R;TotalPercentage\\6R;Names\\20L\"]\r\n\
 1  1    3  75.00 \"Jansen;De Vries\"\r\n 2  4    2  50.00 -\r\n";

    #[test]
    fn reads_deals_tables_and_totals() {
        let imp = read(SAMPLE.as_bytes()).unwrap();
        let e = &imp.event;
        assert!(e.diagnostics.is_empty(), "{:?}", e.diagnostics);
        assert_eq!(e.results.len(), 4);
        assert_eq!(e.results[0].outcome, Outcome::Score(420));
        assert_eq!(e.results[1].outcome, Outcome::Score(-50));
        assert_eq!(e.results[2].outcome, Outcome::Score(600));
        assert_eq!(e.results[3].outcome, Outcome::Score(0));
        assert_eq!(e.results[0].line(), 11);
        assert_eq!(e.lines[0].published(), Some(("2", "0")));
        assert_eq!(imp.deals[&1].hands[1], "JT98.AKQ.5432.76");
        assert_eq!(imp.totals.len(), 2);
        assert_eq!(e.pairs[0].names, "Jansen - De Vries");
        assert_eq!(imp.title, "Club pairs");
        assert_eq!(imp.convention.scale, Some(Scale::European));
    }

    #[test]
    fn quotes_and_backslashes_in_strings_are_read_and_written_escaped() {
        let src = SAMPLE.replace(
            "[Event \"Club pairs\"]",
            r#"[Event "The \"Spring\" pairs \\ A"]"#,
        );
        let imp = read(src.as_bytes()).unwrap();
        assert_eq!(imp.title, r#"The "Spring" pairs \ A"#);
        let res =
            score_session(&imp.event.pairs, &imp.event.results, &Settings::default()).unwrap();
        let opts = WriteOptions {
            title: &imp.title,
            date: "2024-03-05",
            deals: None,
            analyses: None,
        };
        let text = to_string(&imp.event, &res, &opts);
        assert!(
            text.contains(r#"[Event "The \"Spring\" pairs \\ A"]"#),
            "{text}"
        );
        assert_eq!(read(text.as_bytes()).unwrap().title, imp.title);
    }

    #[test]
    fn scoring_modifiers_are_read_and_written_alike() {
        let c = convention_from_scoring("MP;MP1;Neuberg;MissingTies;Law12C2");
        assert_eq!(c.scale, Some(Scale::European));
        assert_eq!(c.artificial, Some(ArtificialRule::LeftOut));
        assert_eq!(c.missing, Some(MissingRule::CountAsTies));
        assert_eq!(c.avg_plus_session, Some(true));
        assert_eq!(scoring_value(&c), "MP;MP1;Neuberg;MissingTies;Law12C2");
        assert_eq!(convention_from_scoring(&scoring_value(&c)), c);
        // Neuberg for the missing results is the default and is not written.
        let c = Convention {
            missing: Some(MissingRule::Neuberg),
            ..Convention::default()
        };
        assert_eq!(scoring_value(&c), "MP;MP1");
        assert_eq!(convention_from_scoring("MP;MP1").missing, None);
        assert_eq!(
            convention_from_scoring(" missingties ").missing,
            Some(MissingRule::CountAsTies)
        );
    }

    /// One game per table (no ScoreTable): the pairs in PairNS and PairEW, a score for
    /// either side, a passed-out board with and without a Score tag, and a Scoring tag
    /// with every modifier, which the written file keeps.
    #[test]
    fn games_without_a_score_table_are_read_scored_and_written_back() {
        let text = r#"% PBN 2.1
[Event "Games"]
[Scoring "MP;MP1;MissingTies;Centred;Law12C2"]
[Board "1"]
[PairNS "1"]
[PairEW "2"]
[Contract "4S"]
[Declarer "N"]
[Result "10"]
[Score "NS 420"]

[Board "1"]
[PairNS "3"]
[PairEW "4"]
[Contract "3NT"]
[Declarer "W"]
[Result "9"]
[Score "EW 400"]

[Board "1"]
[PairNS "5"]
[PairEW "6"]
[Contract "Pass"]
[Score "NS 0"]

[Board "2"]
[PairNS "1"]
[PairEW "4"]
[Contract "2H"]
[Declarer "E"]
[Result "7"]
[Score "NS 50"]

[Board "2"]
[PairNS "3"]
[PairEW "6"]
[Contract "2H"]
[Declarer "E"]
[Result "8"]
[Score "EW 110"]

[Board "2"]
[PairNS "5"]
[PairEW "2"]
[Contract "Pass"]
"#;
        let imp = read(text.as_bytes()).unwrap();
        let e = &imp.event;
        assert!(e.diagnostics.is_empty(), "{:?}", e.diagnostics);
        let got: Vec<_> = e
            .results
            .iter()
            .map(|r| {
                (
                    e.pairs[r.ns_pair()].id.as_str(),
                    e.pairs[r.ew_pair()].id.as_str(),
                    r.outcome.clone(),
                )
            })
            .collect();
        assert_eq!(
            got,
            [
                ("1", "2", Outcome::Score(420)),
                ("3", "4", Outcome::Score(-400)),
                ("5", "6", Outcome::Score(0)),
                ("1", "4", Outcome::Score(50)),
                ("3", "6", Outcome::Score(-110)),
                ("5", "2", Outcome::Score(0)),
            ]
        );
        let c = imp.convention;
        assert_eq!(c.missing, Some(MissingRule::CountAsTies));
        assert_eq!((c.centred, c.avg_plus_session), (Some(true), Some(true)));

        let mut settings = Settings::default();
        c.apply(&mut settings);
        let res = score_session(&e.pairs, &e.results, &settings).unwrap();
        let opts = WriteOptions {
            title: &imp.title,
            date: &imp.date,
            deals: None,
            analyses: None,
        };
        let out = to_string(e, &res, &opts);
        assert!(
            out.contains("[Scoring \"MP;MP1;MissingTies;Centred;Law12C2\"]"),
            "{out}"
        );
        // Centred: pair 1 beat both other North-South pairs on board 1 (4 of 4
        // matchpoints), written as +2 for North-South and -2 for East-West.
        let row = out
            .lines()
            .map(|l| l.split_whitespace().collect::<Vec<_>>())
            .find(|t| t.starts_with(&["1", "2", "4S"]))
            .unwrap_or_else(|| panic!("no row for pairs 1 and 2 on board 1:\n{out}"));
        assert_eq!((row[8], row[9]), ("2", "-2"), "{out}");
        let back = read(out.as_bytes()).unwrap();
        assert!(
            back.event.diagnostics.is_empty(),
            "{:?}",
            back.event.diagnostics
        );
        assert_eq!(back.convention, c);
        let outcomes = |e: &Event| {
            e.results
                .iter()
                .map(|r| r.outcome.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(outcomes(&back.event), outcomes(e));
    }

    /// A weighted score (Law 12C1(c)) in klaver's Adjust column: read, scored, and written
    /// back in the same column with the score columns left empty.
    #[test]
    fn a_weighted_score_in_the_adjust_column_is_read_and_written_back() {
        let text = r#"% PBN 2.1
[Event "Weighted"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW;Adjust"]
1 2 4S N 10 420 - -
3 4 - - - - - "W 30% 4SN= 70% 4SN-1"
5 6 4S N 9 - 50 -
"#;
        let imp = read(text.as_bytes()).unwrap();
        let e = &imp.event;
        assert!(e.diagnostics.is_empty(), "{:?}", e.diagnostics);
        // 30 % of 4S= (+420) and 70 % of 4S-1 (-50).
        let weighted = [(30, 420), (70, -50)];
        assert_eq!(exchange::weighted_parts(&e.results[1].outcome), weighted);
        let res = score_session(&e.pairs, &e.results, &Settings::default()).unwrap();
        let opts = WriteOptions {
            title: &imp.title,
            date: &imp.date,
            deals: None,
            analyses: None,
        };
        let out = to_string(e, &res, &opts);
        assert!(out.contains("\"W 30% 4SN= 70% 4SN-1\""), "{out}");
        let back = read(out.as_bytes()).unwrap();
        assert!(
            back.event.diagnostics.is_empty(),
            "{:?}",
            back.event.diagnostics
        );
        assert_eq!(back.event.results.len(), 3);
        assert_eq!(
            exchange::weighted_parts(&back.event.results[1].outcome),
            weighted
        );
    }

    #[test]
    fn columns_with_widths_and_alignment() {
        let c = parse_columns("+Rank\\2R;PairId\\3L;-Names;Score_NS\\12");
        assert_eq!(
            c[0],
            Column {
                name: "Rank".into(),
                width: 2,
                align: Some('R')
            }
        );
        assert_eq!(c[1].align, Some('L'));
        assert_eq!(c[2].name, "Names");
        assert_eq!((c[3].width, c[3].align), (12, None));
    }

    #[test]
    fn latin1_names_are_decoded_and_bad_utf8_is_reported() {
        let mut text = b"[Board \"1\"]\n[ScoreTable \"PairId_NS;PairId_EW;Score_NS;Names_NS\"]\n1 2 420 \"M\xfcller;Ren\xe9e\"\n".to_vec();
        let imp = read(&text).unwrap();
        assert_eq!(imp.event.pairs[0].names, "Müller - Renée");
        text.splice(0..0, [0xEF, 0xBB, 0xBF]);
        let err = read(&text).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("line 3: byte 0xFC is not UTF-8"),
            "{err}"
        );
        // Unmarked valid UTF-8 is read as UTF-8.
        let imp = read("[Board \"1\"]\n[ScoreTable \"PairId_NS;PairId_EW;Score_NS;Names_NS\"]\n1 2 420 \"Müller\"\n".as_bytes()).unwrap();
        assert_eq!(imp.event.pairs[0].names, "Müller");
    }

    #[test]
    fn a_file_mixing_utf8_and_latin1_is_refused() {
        let text = b"[Board \"1\"]\n[ScoreTable \"PairId_NS;PairId_EW;Score_NS;Names_NS\"]\n1 2 420 \"M\xfcller\"\n3 4 400 \"M\xc3\xbcller\"\n";
        let err = read(text).unwrap_err().to_string();
        assert!(
            err.starts_with("line 3: byte 0xFC is not UTF-8, but line 4 holds UTF-8 text"),
            "{err}"
        );
        // A plain Latin-1 file says nothing.
        let imp = read(b"[Board \"1\"]\n[ScoreTable \"PairId_NS;PairId_EW;Score_NS;Names_NS\"]\n1 2 420 \"Ren\xe9e\"\n").unwrap();
        assert!(exchange::messages(&imp).is_empty());
    }

    #[test]
    fn inheritance_and_comments() {
        let text = "[Event \"##Club\"]\n[Board \"1\"] ; comment\n{ a comment\n\nspanning a blank line }\n[ScoreTable \"PairId_NS;PairId_EW;Score_NS\"]\n1 2 420\n\n[Board \"2\"]\n[Section \"#\"]\n[ScoreTable \"PairId_NS;PairId_EW;Score_NS\"]\n1 2 -100\n";
        let imp = read(text.as_bytes()).unwrap();
        assert_eq!(imp.title, "Club");
        assert_eq!(imp.event.results.len(), 2);
        assert!(
            imp.event.diagnostics.is_empty(),
            "{:?}",
            imp.event.diagnostics
        );
    }

    #[test]
    fn artificial_scores_and_sit_outs() {
        let text = "[Board \"1\"]\n[ScoreTable \"PairId_NS;PairId_EW;Contract;Score_NS;Score_EW\"]\n1 2 - ^60% ^40%\n3 4 - ^A ^A\n5 6 - ^NP ^NP\n7 - - - -\n9 10 4S 420 -\n";
        let imp = read(text.as_bytes()).unwrap();
        let e = &imp.event;
        assert_eq!(e.results[0].outcome, Outcome::Artificial { ns: 60, ew: 40 });
        assert_eq!(e.results[1].outcome, Outcome::AVERAGE);
        assert_eq!(e.results[2].outcome, Outcome::NotPlayed);
        assert_eq!(e.results.len(), 4);
        assert!(e.diagnostics.iter().any(|d| d.message.contains("sat out")));
    }

    use crate::test_support::{refused_on, said};

    /// A sit-out line was checked against the results read before it: with a board's
    /// lines in two games, a sit-out line in the first for a pair that plays the board in
    /// the second was taken as a sit-out; and a pair written `03` on its sit-out line
    /// and `3` where it plays was taken as another pair.
    #[test]
    fn a_sit_out_line_is_checked_against_every_line_of_its_board() {
        let head =
            "[ScoreTable \"PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW\"]";
        let text = format!(
            "[Board \"1\"]\n{head}\n3 - - - - - -\n5 6 4S N 10 420 -\n\n[Board \"1\"]\n{head}\n1 3 4S N 10 420 -\n"
        );
        let e = read(text.as_bytes()).unwrap().event;
        let d = &e.diagnostics[0];
        assert_eq!(
            (d.line, d.severity, d.is_sit_out()),
            (Some(3), Severity::Warning, false),
            "{:?}",
            e.diagnostics
        );
        assert!(
            d.message
                .contains("plays the board on line 8 (1 against 3)"),
            "{}",
            d.message
        );
        let text = "[Board \"1\"]\n[ScoreTable \"PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW\"]\n1 3 4S N 10 420 -\n03 - - - - - -\n";
        let e = read(text.as_bytes()).unwrap().event;
        let d = e.diagnostics.iter().find(|d| d.line == Some(4)).unwrap();
        assert!(!d.is_sit_out(), "{d:?}");
        assert!(
            d.message
                .starts_with("pair 03 has a sit-out line here, but it plays the board on line 3"),
            "{}",
            d.message
        );
    }

    /// A sit-out line for a pair that also has a result on the board contradicts it: the
    /// sit-out was taken as accounting for a missing result, a note `--strict` passed.
    #[test]
    fn a_sit_out_line_of_a_pair_that_played_the_board_is_a_warning() {
        let text = "[Board \"1\"]\n[ScoreTable \"PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW\"]\n1 3 4S N 10 420 -\n3 - - - - - -\n5 6 4S N 10 420 -\n";
        let e = read(text.as_bytes()).unwrap().event;
        assert_eq!(e.results.len(), 2);
        assert_eq!(
            said(&e),
            [(Some(4), Severity::Warning)],
            "{:?}",
            e.diagnostics
        );
        let d = &e.diagnostics[0];
        assert!(!d.is_sit_out(), "{d:?}");
        assert_eq!(
            d.message,
            "pair 3 has a sit-out line here, but it plays the board on line 3 (1 against 3): one of the two lines is wrong; correct it"
        );
        // A Dutch or Turkish list says it in its own words.
        use crate::report::ReportLang;
        assert_eq!(
            crate::said::warning_in(d, ReportLang::Nl),
            "regel 4: gift 1: paar 3 heeft hier een uitzitregel, maar speelt de gift op regel 3 (1 tegen 3): een van beide regels is fout; verbeter die"
        );
        assert!(
            crate::said::warning_in(d, ReportLang::Tr).contains("3. satırda oynuyor (1 - 3)"),
            "{}",
            crate::said::warning_in(d, ReportLang::Tr)
        );
        // Only the sit-out line on the board: its results are missing, not sat out.
        let only = format!(
            "{text}\n[Board \"2\"]\n[ScoreTable \"PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW\"]\n7 - - - - - -\n"
        );
        let e = read(only.as_bytes()).unwrap().event;
        let last = e.diagnostics.last().unwrap();
        assert_eq!(
            (last.line, last.severity),
            (Some(9), Severity::Warning),
            "{:?}",
            e.diagnostics
        );
        assert!(!last.is_sit_out());
        assert!(
            crate::said::warning_in(last, crate::report::ReportLang::Nl)
                .contains("maar de gift heeft geen enkele uitslag"),
        );
        assert!(
            last.message.contains("has no result at all"),
            "{}",
            last.message
        );
        // A pair that did not play the board: the sit-out line as before.
        let text = text.replace("3 - - - - - -", "7 - - - - - -");
        let e = read(text.as_bytes()).unwrap().event;
        assert!(matches!(
            e.diagnostics[0].said.as_deref(),
            Some(klaver_core::said::Said::SatOut { .. })
        ));
    }

    /// Rows after a blank line inside a ScoreTable (which ends the game) were dropped
    /// without a word: a pair's results could vanish from the session.
    #[test]
    fn rows_cut_off_from_their_table_by_a_blank_line_are_said() {
        let text = "[Board \"1\"]\n[ScoreTable \"PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW\"]\n1 2 4S N 10 420 -\n3 4 4S N 9 - 50\n\n5 6 3NT S 9 400 -\n7 8 3NT S 9 400 -\n";
        let e = read(text.as_bytes()).unwrap().event;
        refused_on(&e, 6, "blank line");
    }

    /// Without PairNS and PairEW each pair is its two players, whichever seats they
    /// took: two players who swap seats on the next board are still one pair.
    #[test]
    fn a_pair_known_by_its_players_stays_one_pair_across_seats() {
        let game = |board: u32, [n, e, s, w]: [&str; 4]| {
            format!(
                "[Board \"{board}\"]\n[North \"{n}\"]\n[East \"{e}\"]\n[South \"{s}\"]\n[West \"{w}\"]\n[Contract \"4S\"]\n[Declarer \"N\"]\n[Result \"10\"]\n[Score \"NS 420\"]\n\n"
            )
        };
        // Boards 1 and 17 are both played by nobody vulnerable.
        let text = game(1, ["Ann", "Cid", "Bob", "Dan"]) + &game(17, ["Bob", "Dan", "Ann", "Cid"]);
        let e = read(text.as_bytes()).unwrap().event;
        assert!(e.diagnostics.is_empty(), "{:?}", e.diagnostics);
        let pairs: Vec<(&str, &str)> = e
            .results
            .iter()
            .map(|r| {
                (
                    e.pairs[r.ns_pair()].id.as_str(),
                    e.pairs[r.ew_pair()].id.as_str(),
                )
            })
            .collect();
        assert_eq!(pairs, [("Ann - Bob", "Cid - Dan"); 2]);
    }

    /// A table's result whose pairs are not given was dropped without a word.
    #[test]
    fn a_game_whose_pairs_are_not_known_is_said() {
        let text = "[Board \"1\"]\n[PairNS \"1\"]\n[PairEW \"2\"]\n[Contract \"4S\"]\n[Declarer \"N\"]\n[Result \"10\"]\n\n[Board \"1\"]\n[PairNS \"5\"]\n[Contract \"3NT\"]\n[Declarer \"S\"]\n[Result \"9\"]\n";
        let e = read(text.as_bytes()).unwrap().event;
        assert_eq!(e.results.len(), 1);
        assert_eq!(
            said(&e),
            [(Some(10), Severity::Warning)],
            "{:?}",
            e.diagnostics
        );
        assert!(
            e.diagnostics[0].message.contains("PairEW"),
            "{}",
            e.diagnostics[0]
        );
    }

    /// A BBO game with its board and four players but no contract (a board not played
    /// to the end) was dropped without a word, and where the missing games balanced
    /// across boards nothing showed it. It is a warning on the game's line naming its
    /// pairs; a game of a hand record, which names no players, is not a table's game.
    #[test]
    fn a_game_without_a_contract_is_said() {
        let game = |board: u32, [n, e, s, w]: [&str; 4], play: &str| {
            format!(
                "[Board \"{board}\"]\n[North \"{n}\"]\n[East \"{e}\"]\n[South \"{s}\"]\n[West \"{w}\"]\n{play}\n"
            )
        };
        let played = "[Contract \"4S\"]\n[Declarer \"N\"]\n[Result \"10\"]\n";
        let text = game(1, ["A1", "B1", "A2", "B2"], "[Dealer \"N\"]\n")
            + &game(1, ["C1", "D1", "C2", "D2"], played)
            + &game(
                2,
                ["A1", "B1", "A2", "B2"],
                "[Contract \"\"]\n[Result \"\"]\n",
            )
            + &game(2, ["C1", "D1", "C2", "D2"], played)
            + "[Board \"3\"]\n[Deal \"N:AKQ.JT9.876.5432 JT98.AKQ.5432.76 7654.8765.AKQ.AK 32.432.JT9.QJT98\"]\n";
        let e = read(text.as_bytes()).unwrap().event;
        assert_eq!(e.results.len(), 2);
        assert_eq!(
            said(&e),
            [(Some(1), Severity::Warning), (Some(17), Severity::Warning)],
            "{:?}",
            e.diagnostics
        );
        assert_eq!(
            e.diagnostics[0].message,
            "the game of North-South A1 - A2 against East-West B1 - B2 has no contract and is not scored (a board not played to the end?): give its Contract and Result"
        );
        assert_eq!(e.diagnostics[1].board, Some(2));
    }

    /// A ScoreTable column klaver does not read was ignored without a word, though a
    /// section under another name (ACBL Live writes `Setion`) or an adjustment column
    /// changes the result. It is said once a file, on the first table that has it.
    #[test]
    fn score_table_columns_klaver_does_not_read_are_said() {
        let text = "[Board \"1\"]\n[ScoreTable \"Rank;Setion;PairId_NS;PairId_EW;Score_NS;Adjustment\"]\n1 A 1 2 420 AVG\n2 B 3 4 400 -\n\n[Board \"17\"]\n[ScoreTable \"Setion;PairId_NS;PairId_EW;Score_NS;Club\"]\nA 1 2 420 X\nB 3 4 400 Y\n";
        let e = read(text.as_bytes()).unwrap().event;
        assert_eq!(e.results.len(), 4);
        assert_eq!(
            said(&e),
            [(Some(2), Severity::Warning), (Some(7), Severity::Warning)],
            "{:?}",
            e.diagnostics
        );
        let m: Vec<&str> = e.diagnostics.iter().map(|d| d.message.as_str()).collect();
        assert!(
            m[0].starts_with(
                "the columns Setion and Adjustment are not read: their contents are ignored"
            ),
            "{}",
            m[0]
        );
        assert!(
            m[1].starts_with("the column Club is not read: its contents are ignored"),
            "{}",
            m[1]
        );
    }

    /// The standard's ScoreTable columns, and those klaver reads besides them, are read
    /// without a word: `Rank` is not read, but follows from the scores.
    #[test]
    fn the_standards_score_table_columns_are_not_said() {
        let columns = "Rank;PairId_NS;PairId_EW;Names_NS;Names_EW;Contract;Declarer;Result;Score_NS;Score_EW;IMP_NS;IMP_EW;MP_NS;MP_EW;Percentage_NS;Percentage_EW;Multiplicity;Section;Table;Round;Lead;Adjust";
        let text = format!(
            "[Board \"1\"]\n[ScoreTable \"{columns}\"]\n1 1 2 \"A;B\" \"C;D\" 4S N 10 420 - - - 1 0 100 0 1 A 1 1 HK -\n2 3 4 \"E;F\" \"G;H\" 4S N 9 - 50 - - 0 1 0 100 1 A 2 1 HK -\n"
        );
        let e = read(text.as_bytes()).unwrap().event;
        assert_eq!(e.results.len(), 2);
        assert!(e.diagnostics.is_empty(), "{:?}", e.diagnostics);
    }

    /// A short row went on into the next line's elements, so that the next line's row
    /// was read one row on without a word: results could land on the wrong pairs. The
    /// import format allows a row to run on (any number of elements a line), so such
    /// rows are read, and where a row starts inside a line is said with what was read.
    #[test]
    fn a_row_that_runs_on_into_the_next_lines_row_is_said() {
        let text = "[Board \"1\"]\n[ScoreTable \"PairId_NS;PairId_EW;Score_NS;Score_EW\"]\n1 2 420\n3 4 - 50 -\n5 6 400 -\n";
        let e = read(text.as_bytes()).unwrap().event;
        assert_eq!(
            said(&e),
            // Here the row read, 420 against 3, is refused besides.
            [(Some(3), Severity::Warning), (Some(3), Severity::Error)],
            "{:?}",
            e.diagnostics
        );
        assert!(
            e.diagnostics[0].message.contains("1 2 420 3"),
            "{}",
            e.diagnostics[0]
        );
        // A row written over two lines is still one row.
        let text = "[Board \"1\"]\n[ScoreTable \"PairId_NS;PairId_EW;Score_NS;Score_EW\"]\n1 2\n420 -\n3 4 - 50\n";
        let e = read(text.as_bytes()).unwrap().event;
        assert!(e.diagnostics.is_empty(), "{:?}", e.diagnostics);
        assert_eq!(e.results.len(), 2);
    }

    /// `^100` is an artificial score of 100 points in the standard's words, not a
    /// percentage: it was read as a top. A percentage is written `^60%`.
    #[test]
    fn an_artificial_score_without_a_percent_sign_is_not_a_percentage() {
        let text = "[Board \"1\"]\n[ScoreTable \"PairId_NS;PairId_EW;Score_NS;Score_EW\"]\n1 2 420 -\n3 4 - 50\n5 6 ^100 -\n";
        let e = read(text.as_bytes()).unwrap().event;
        assert_eq!(
            said(&e),
            [(Some(5), Severity::Error)],
            "{:?}",
            e.diagnostics
        );
    }

    /// A second ScoreTable in one game was skipped (the import format ignores a tag
    /// that occurs again), and its rows with it, without a word; one written in other
    /// letters was read.
    #[test]
    fn a_second_score_table_in_a_game_is_said() {
        for tag in ["ScoreTable", "scoretable"] {
            let text = format!(
                "[Board \"1\"]\n[ScoreTable \"PairId_NS;PairId_EW;Score_NS;Score_EW\"]\n1 2 420 -\n[{tag} \"PairId_NS;PairId_EW;Score_NS;Score_EW\"]\n5 6 400 -\n"
            );
            let e = read(text.as_bytes()).unwrap().event;
            assert_eq!(
                said(&e),
                [(Some(4), Severity::Error)],
                "{tag}: {:?}",
                e.diagnostics
            );
        }
    }

    /// Ruter's TotalScoreTable gives each pair's players' member numbers (MemberID1,
    /// MemberID2), which were passed over as descriptive: a night read from PBN lost the
    /// ids the season ranking matches players by. They are read as the pair's players'
    /// ids by seat; a guest without one (`-`) keeps the seat empty, as the pairs file
    /// does (`+45215`), so 45215 stays Odd Mikalsen's, the second name's.
    #[test]
    fn a_total_score_tables_member_ids_are_read() {
        let data = include_bytes!("../tests/data/ruter-2018-06-18-spiren.pbn");
        let e = read(data).unwrap().event;
        let i = e.pairs.iter().position(|p| p.id == "9").unwrap();
        assert_eq!(e.player_ids[i], ["42387", "40352"]);
        let data = include_bytes!("../tests/data/ruter-2019-10-14-spiren.pbn");
        let e = read(data).unwrap().event;
        let i = e.pairs.iter().position(|p| p.id == "20").unwrap();
        assert_eq!(e.pairs[i].names, "Terje - Odd Mikalsen");
        assert_eq!(e.player_ids[i], ["", "45215"]);
    }

    /// A TotalScoreTable row for a pair with no result on the boards had its names and
    /// players dropped without a word: a warning on its row names the pair and what it
    /// gives, as the pairs file's pair without results is said.
    #[test]
    fn a_total_score_tables_pair_without_results_is_said() {
        let src = SAMPLE.replace(
            " 2  4    2  50.00 -\r\n",
            " 2  4    2  50.00 -\r\n 3  9    0   0.00 \"Smit;Visser\"\r\n",
        );
        let e = read(src.as_bytes()).unwrap().event;
        assert_eq!(e.pairs.len(), 4);
        let row = src.lines().position(|l| l.contains("Smit")).unwrap() as u32 + 1;
        let said: Vec<String> = e.diagnostics.iter().map(|d| d.to_string()).collect();
        assert_eq!(
            said,
            [format!(
                "line {row}: pair 9 of the TotalScoreTable has no results on the boards: its names (Smit - Visser) are not read; correct its number if it played"
            )]
        );
        assert_eq!(e.diagnostics[0].severity, Severity::Warning);
    }

    /// A TotalScoreTable row without its PairId was passed over without a word.
    #[test]
    fn a_total_score_table_row_without_a_pair_is_said() {
        let src = SAMPLE.replace(
            " 2  4    2  50.00 -\r\n",
            " 2  4    2  50.00 -\r\n 3  -    0   0.00 \"Smit;Visser\"\r\n",
        );
        let e = read(src.as_bytes()).unwrap().event;
        let row = src.lines().position(|l| l.contains("Smit")).unwrap() as u32 + 1;
        let said: Vec<String> = e.diagnostics.iter().map(|d| d.to_string()).collect();
        assert_eq!(
            said,
            [format!(
                "line {row}: the TotalScoreTable row gives no PairId: its names (Smit - Visser) are not read; write its pair's number"
            )]
        );
    }

    /// Bridgewebs writes an average as `A A A` in the Contract, Declarer and Result
    /// columns (board 21 of its Welwyn Garden City session; BriAn's USEBIO of the same
    /// session gives A5050): the whole file was refused as a contract not read.
    #[test]
    fn bridgewebs_average_is_read() {
        let data = include_bytes!("../tests/data/bridgewebs-2025-04-09-welwyn-garden-city.pbn");
        let e = read(data).unwrap().event;
        assert!(e.diagnostics.is_empty(), "{:?}", e.diagnostics);
        let averages: Vec<_> = e
            .results
            .iter()
            .filter(|r| r.outcome == Outcome::AVERAGE)
            .collect();
        assert_eq!(averages.len(), 1);
        assert_eq!((averages[0].board, averages[0].line()), (21, 941));
        // An A beside a real contract or result is not an average.
        let text = "[Board \"1\"]\n[ScoreTable \"PairId_NS;PairId_EW;Contract;Declarer;Result\"]\n1 2 A N 10\n3 4 4S N 10\n";
        let e = read(text.as_bytes()).unwrap().event;
        assert_eq!(e.diagnostics.len(), 1, "{:?}", e.diagnostics);
        assert_eq!(e.diagnostics[0].severity, Severity::Error);
    }

    /// Ruter writes a player without a federation number as `+` (unknown) or `+54` (a
    /// guest number it hands out again on other nights, to other people): read as ids,
    /// two people were one player in the season ranking, and `+` joined ids in the pairs
    /// file (`17936++54`). Each is a seat without a number.
    #[test]
    fn ruters_plus_marks_are_seats_without_a_number() {
        let data = include_bytes!("../tests/data/ruter-2015-11-11-spiren.pbn");
        let e = read(data).unwrap().event;
        let ids = |pair: &str| {
            let i = e.pairs.iter().position(|p| p.id == pair).unwrap();
            e.player_ids[i].clone()
        };
        assert_eq!(ids("5"), ["17936", ""]);
        assert!(ids("11").is_empty(), "{:?}", ids("11"));
        assert_eq!(ids("9"), ["27336", "42766"]);
    }

    /// Two games run together without the blank line that ends a game: the second's
    /// tags were repeats, ignored as the import format says, and its table result was
    /// lost without a word. A second [Board] in one game is now an error, and so is any
    /// tag repeated with another value; a tag repeated with its own value loses nothing,
    /// and Note tags may repeat.
    #[test]
    fn a_tag_repeated_in_one_game_is_said() {
        let game = |pairs: (u32, u32), result: u32| {
            format!(
                "[Board \"1\"]\n[Dealer \"N\"]\n[PairNS \"{}\"]\n[PairEW \"{}\"]\n[Declarer \"N\"]\n[Contract \"4S\"]\n[Result \"{result}\"]\n",
                pairs.0, pairs.1
            )
        };
        let run_on = format!("{}{}", game((1, 2), 10), game((3, 4), 11));
        let e = read(run_on.as_bytes()).unwrap().event;
        let messages: Vec<String> = e.diagnostics.iter().map(ToString::to_string).collect();
        assert_eq!(
            messages,
            [
                "line 8: a second [Board] in one game (the first at line 1): a blank line ends a game, so the tags from here on were not read as a game of their own; put a blank line before this [Board]",
            ]
        );
        assert!(e.diagnostics.iter().all(|d| d.severity == Severity::Error));
        // Within one game, a tag given again with another value.
        let twice = format!(
            "{}[Result \"11\"]\n[Scoring \"MP1\"]\n[Scoring \"MP2\"]\n",
            game((1, 2), 10)
        );
        let e = read(twice.as_bytes()).unwrap().event;
        let messages: Vec<String> = e.diagnostics.iter().map(ToString::to_string).collect();
        assert_eq!(
            messages,
            [
                "line 8: [Result \"11\"] repeats this game's [Result \"10\"] (line 7) with another value, and was not read: give each tag once in a game",
                "line 10: [Scoring \"MP2\"] repeats this game's [Scoring \"MP1\"] (line 9) with another value, and was not read: give each tag once in a game",
            ]
        );
        // A tag again with the same value, and notes, lose nothing.
        let same = "[Board \"1\"]\n[Dealer \"N\"]\n[Dealer \"N\"]\n[Note \"1:x\"]\n[Note \"2:y\"]\n[PairNS \"1\"]\n[PairEW \"2\"]\n[Contract \"4S\"]\n[Declarer \"N\"]\n[Result \"10\"]\n";
        let e = read(same.as_bytes()).unwrap().event;
        assert!(e.diagnostics.is_empty(), "{:?}", e.diagnostics);
        assert_eq!(e.results.len(), 1);
    }

    /// A score cell that is not a number (`42O`, `1,430`, `420,0`, a minus that is not
    /// `-`, a number past any score) was passed over without a word, and the row scored
    /// from its contract. Each is an error naming the cell; a cell left empty, `-`
    /// (irrelevant) or `?` (unknown) is no score, as the standard says.
    #[test]
    fn a_score_cell_that_is_not_a_number_is_refused() {
        for (cells, said) in [
            ("42O -", "Score_NS \"42O\""),
            ("- 42O", "Score_EW \"42O\""),
            ("\"1,430\" -", "Score_NS \"1,430\""),
            ("- \u{2212}420", "Score_EW \"\u{2212}420\""),
            ("4294967716 -", "Score_NS \"4294967716\""),
        ] {
            let text = format!(
                "[Board \"1\"]\n[ScoreTable \"PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW\"]\n1 2 4S N 10 {cells}\n3 4 4S N 11 450 -\n"
            );
            let e = read(text.as_bytes()).unwrap().event;
            let messages: Vec<String> = e.diagnostics.iter().map(ToString::to_string).collect();
            assert_eq!(
                messages,
                [format!(
                    "line 3: board 1: {said} is not a score: write the points as a whole number (420, -50), or leave the cell empty or - when the contract gives the score"
                )],
                "{cells}"
            );
            assert_eq!(e.diagnostics[0].severity, Severity::Error);
        }
        for cells in ["- -", "? -", "420 ?", "\"\" -420"] {
            let text = format!(
                "[Board \"1\"]\n[ScoreTable \"PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW\"]\n1 2 4S N 10 {cells}\n"
            );
            let e = read(text.as_bytes()).unwrap().event;
            assert!(e.diagnostics.is_empty(), "{cells}: {:?}", e.diagnostics);
            assert_eq!(e.results.len(), 1);
        }
    }

    /// A column given twice in a table (`Score_NS;Score_NS`, `Contract;contract`) was
    /// read from the first and the second passed over without a word: klaver cannot
    /// tell which holds the figures, and refuses the table naming the column.
    #[test]
    fn a_column_given_twice_is_refused() {
        for (columns, row, name) in [
            (
                "PairId_NS;PairId_EW;Score_NS;Score_NS",
                "1 2 420 450",
                "Score_NS",
            ),
            (
                "PairId_NS;PairId_EW;Contract;contract;Declarer;Result",
                "3 4 4S 3S N 10",
                "contract",
            ),
        ] {
            let text = format!("[Board \"1\"]\n[ScoreTable \"{columns}\"]\n{row}\n");
            let e = read(text.as_bytes()).unwrap().event;
            let messages: Vec<String> = e.diagnostics.iter().map(ToString::to_string).collect();
            assert!(
                messages.contains(&format!("line 2: the ScoreTable names the column {name} twice: klaver cannot tell which of the two holds the figures; give each column once")),
                "{messages:?}"
            );
            assert!(e.has_errors());
        }
    }

    /// The standard's other forms of the Result tag (tricks won by a side: `NS 10`,
    /// `EW 3`, or both) were refused as "expected a result after the contract", naming
    /// no tag. They are read as the declarer's tricks; a value that reads as none of the
    /// forms, or two sides' tricks that do not add up to 13, is an error quoting it.
    #[test]
    fn a_result_given_as_a_sides_tricks_is_read() {
        let game = |declarer: &str, result: &str| {
            format!(
                "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[PairNS \"1\"]\n[PairEW \"2\"]\n[Declarer \"{declarer}\"]\n[Contract \"4S\"]\n[Result \"{result}\"]\n"
            )
        };
        for (declarer, result, score) in [
            ("N", "NS 10", 420),
            ("S", "EW 3", 420),
            ("N", "NS 11 EW 2", 450),
            ("W", "EW 2 NS 11", 400),
            ("E", "^EW 10", -420),
            ("E", "9", 50),
        ] {
            let imported = read(game(declarer, result).as_bytes()).unwrap();
            let e = &imported.event;
            assert!(e.diagnostics.is_empty(), "{result}: {:?}", e.diagnostics);
            assert_eq!(e.results[0].outcome, Outcome::Score(score), "{result}");
        }
        // `-` (irrelevant) and `?` (unknown) are no result, as an empty value is.
        for result in ["-", "?", ""] {
            let text = game("N", result).replace("[Contract \"4S\"]", "[Contract \"Pass\"]");
            let e = read(text.as_bytes()).unwrap().event;
            assert!(e.diagnostics.is_empty(), "{result}: {:?}", e.diagnostics);
            assert_eq!(e.results[0].outcome, Outcome::Score(0), "{result}");
        }
        // A side's tricks need the declarer to tell whose they are.
        let e = read(game("", "NS 10").as_bytes()).unwrap().event;
        let messages: Vec<String> = e.diagnostics.iter().map(ToString::to_string).collect();
        assert_eq!(
            messages,
            [
                "line 8: board 1: [Result \"NS 10\"]: a side's tricks, but the game names no declarer to tell whose: give its [Declarer]"
            ]
        );
        for (result, why) in [
            ("NS 10 EW 4", "NS 10 and EW 4 tricks make 14, not 13"),
            (
                "10*",
                "not a number of tricks (0 to 13), nor NS or EW with one (NS 10, EW 3)",
            ),
            (
                "NS 14",
                "not a number of tricks (0 to 13), nor NS or EW with one (NS 10, EW 3)",
            ),
        ] {
            let e = read(game("N", result).as_bytes()).unwrap().event;
            let messages: Vec<String> = e.diagnostics.iter().map(ToString::to_string).collect();
            assert_eq!(
                messages,
                [format!("line 8: board 1: [Result \"{result}\"]: {why}")],
            );
            assert!(e.has_errors());
        }
    }

    /// Both score cells filled and disagreeing: North-South's was used without a word.
    #[test]
    fn score_cells_that_disagree_are_refused() {
        let text = "[Board \"1\"]\n[ScoreTable \"PairId_NS;PairId_EW;Score_NS;Score_EW\"]\n1 2 420 -420\n3 4 50 420\n5 6 0 0\n";
        let e = read(text.as_bytes()).unwrap().event;
        assert_eq!(
            said(&e),
            [(Some(4), Severity::Error)],
            "{:?}",
            e.diagnostics
        );
        assert_eq!(e.results.len(), 2);
    }

    /// `[Board "+1"]` was read as board 1: a sign is no part of a board number.
    #[test]
    fn a_board_tag_with_a_sign_is_refused() {
        let text =
            "[Board \"+1\"]\n[ScoreTable \"PairId_NS;PairId_EW;Score_NS\"]\n1 2 420\n3 4 450\n";
        let e = read(text.as_bytes()).unwrap().event;
        refused_on(&e, 1, "+1");
    }

    /// A row's Multiplicity (the standard's count of tables with that result) was not
    /// read: a row marked 2 counted once.
    #[test]
    fn a_multiplicity_other_than_one_is_refused() {
        let text = "[Board \"1\"]\n[ScoreTable \"PairId_NS;PairId_EW;Score_NS;Score_EW;Multiplicity\"]\n1 2 420 - 1\n3 4 - 50 2\n5 6 400 - -\n";
        let e = read(text.as_bytes()).unwrap().event;
        refused_on(&e, 4, "Multiplicity");
    }

    /// The standard's plain `[Score "-100"]` is the declarer's score; it was dropped, and
    /// the contract's score used without comparing the two.
    #[test]
    fn a_declarers_score_is_read_as_north_south_s() {
        let game = |score: &str| {
            format!(
                "[Board \"2\"]\n[PairNS \"1\"]\n[PairEW \"2\"]\n[Declarer \"E\"]\n[Contract \"4S\"]\n[Result \"9\"]\n[Score \"{score}\"]\n"
            )
        };
        // East down one, not vulnerable: -50 for East, +50 for North-South.
        for agrees in ["-50", "NS 50", "EW -50"] {
            let e = read(game(agrees).as_bytes()).unwrap().event;
            assert!(e.diagnostics.is_empty(), "{agrees}: {:?}", e.diagnostics);
            assert_eq!(e.results[0].outcome, Outcome::Score(50));
        }
        let e = read(game("-100").as_bytes()).unwrap().event;
        assert_eq!(
            said(&e),
            [(Some(5), Severity::Warning)],
            "{:?}",
            e.diagnostics
        );
        assert_eq!(e.results[0].outcome, Outcome::Score(100));
        // The standard's pass-out: no declarer, and the declarer's score 0.
        let text = "[Board \"1\"]\n[PairNS \"1\"]\n[PairEW \"2\"]\n[Declarer \"\"]\n[Contract \"Pass\"]\n[Result \"\"]\n[Score \"0\"]\n";
        let e = read(text.as_bytes()).unwrap().event;
        assert!(e.diagnostics.is_empty(), "{:?}", e.diagnostics);
        assert_eq!(e.results[0].outcome, Outcome::Score(0));
        // A score that cannot be read is said, and the contract's score used.
        let e = read(game("minus 50").as_bytes()).unwrap().event;
        assert_eq!(
            said(&e),
            [(Some(7), Severity::Warning)],
            "{:?}",
            e.diagnostics
        );
        assert_eq!(e.results[0].outcome, Outcome::Score(50));
    }

    #[test]
    fn averages_written_without_the_artificial_mark() {
        // Ruter i Norge and Magic Contest write an average as "A=" in both score columns,
        // with "-" for the contract, declarer and result.
        let text = "[Board \"1\"]\n[ScoreTable \"PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW\"]\n1 2 - - - \"A=\" \"A=\"\n3 4 - - - \"A+\" \"A-\"\n5 6 - - - - \"A+\"\n7 8 4S N 10 \"420\" -\n";
        let imp = read(text.as_bytes()).unwrap();
        let e = &imp.event;
        assert!(!e.has_errors(), "{:?}", e.diagnostics);
        assert_eq!(e.results[0].outcome, Outcome::AVERAGE);
        assert_eq!(e.results[1].outcome, Outcome::Artificial { ns: 60, ew: 40 });
        assert_eq!(e.results[2].outcome, Outcome::Artificial { ns: 40, ew: 60 });
        assert_eq!(e.results[3].outcome, Outcome::Score(420));
    }

    #[test]
    fn each_side_of_an_artificial_score_is_read_from_its_own_cell() {
        // Both sides not at fault get average-plus each (A+ / A+, 60 % and 60 %); the
        // programs write each side's own average, and the two need not add up to 100 %.
        let text = "[Board \"1\"]\n[ScoreTable \"PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW\"]\n1 2 - - - \"A+\" \"A+\"\n3 4 - - - \"A-\" \"A-\"\n5 6 - - - \"A=\" \"A+\"\n7 8 - - - ^NP ^60%\n9 10 4S N 10 \"420\" -\n";
        let imp = read(text.as_bytes()).unwrap();
        let e = &imp.event;
        let art = |ns, ew| Outcome::Artificial { ns, ew };
        assert_eq!(e.results[0].outcome, art(60, 60));
        assert_eq!(e.results[1].outcome, art(40, 40));
        assert_eq!(e.results[2].outcome, art(50, 60));
        // Not played on one side and a percentage on the other is no score klaver knows.
        assert_eq!(
            exchange::messages(&imp),
            [
                "line 6: board 1: cannot read the split \"NP/60%\": write North-South's and East-West's percentages, e.g. 60/40"
            ]
        );
    }

    #[test]
    fn ruter_splits_penalties_and_replaced_scores() {
        // As Ruter i Norge writes them (tests/data/ruter-2016-08-10-spiren.pbn, board 11, table 2 in round 4):
        // `A=` / `+0` is average to North-South while East-West is scored as if the
        // result were 0; `Pen` / `Pen` gives the points in the MP columns.
        let text = "[Board \"4\"]\n[ScoreTable \"PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW;MP_NS;MP_EW\"]\n1 8 7NT E 13 - \"2220\" -4.0 4.0\n6 10 - - - \"A=\" \"+0\" 0.0 -4.0\n6 10 - - - \"Pen\" \"Pen\" 4.0 0.0\n3 5 - - - \"+0\" \"+0\" - -\n7 9 3NT N 9 \"800>a\" - - -\n11 12 - - - \"Pen\" - - -\n";
        let imp = read(text.as_bytes()).unwrap();
        let e = &imp.event;
        let outcomes: Vec<&Outcome> = e.results.iter().map(|r| &r.outcome).collect();
        assert_eq!(outcomes[0], &Outcome::Score(-2220));
        assert_eq!(
            outcomes[1],
            &Outcome::ScoreAndArtificial {
                score: 0,
                side: klaver_core::board::Side::NorthSouth,
                percent: 50
            }
        );
        assert_eq!(outcomes[2], &Outcome::Score(0));
        assert_eq!(outcomes.len(), 3);
        assert_eq!(e.penalties.len(), 1);
        let four = Ratio::from_integer(4);
        assert_eq!(e.penalties[0].points, (four, Ratio::from_integer(0)));
        assert_eq!(e.penalties[0].line, 5);
        // A cell klaver does not read is an error with its line, never a number.
        let m = exchange::messages(&imp);
        assert_eq!(m.len(), 2, "{m:?}");
        assert!(
            m[0].starts_with("line 7: board 4: the score cells \"800>a\""),
            "{m:?}"
        );
        assert!(
            m[1].starts_with("line 8: board 4: a penalty is written Pen in both"),
            "{m:?}"
        );
    }

    /// A penalty's points are below zero whether or not the matchpoints are centred: a
    /// file is taken as centred only from its results' matchpoints.
    #[test]
    fn a_penalty_does_not_make_a_file_centred() {
        let text = "[Board \"1\"]\n[ScoreTable \"PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW;MP_NS;MP_EW\"]\n1 2 4S N 10 420 - 2 0\n3 4 4S N 9 - 50 0 2\n3 4 - - - Pen Pen -1 0\n";
        let imp = read(text.as_bytes()).unwrap();
        assert!(
            imp.event.diagnostics.is_empty(),
            "{:?}",
            imp.event.diagnostics
        );
        assert_eq!(imp.event.penalties.len(), 1);
        assert_eq!(imp.convention.centred, None);
        let centred = text
            .replace("420 - 2 0", "420 - 1 -1")
            .replace("50 0 2", "50 -1 1");
        assert_eq!(
            read(centred.as_bytes()).unwrap().convention.centred,
            Some(true)
        );
    }

    /// A [Scoring] field klaver does not know is said on the tag's line rather than
    /// passed over: an IMP or other scoring (any of the standard's, and the spellings
    /// programs write, such as `Cross-IMPs`) says klaver scores by matchpoints unless
    /// told an IMP form; a matchpoint modifier klaver does not apply (`OldMP`, `Mitchell2`) is named
    /// as left out. The fields klaver knows say nothing.
    #[test]
    fn scoring_fields_klaver_does_not_know_are_said() {
        let with = |scoring: &str| {
            let text = format!(
                "[Event \"x\"]\n[Scoring \"{scoring}\"]\n[Board \"1\"]\n[ScoreTable \"PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW\"]\n1 2 4S N 10 420 -\n3 4 4S N 9 - 50\n"
            );
            let read = read(text.as_bytes()).unwrap();
            exchange::messages(&read)
        };
        for known in [
            "",
            "MP",
            "MatchPoints;MP1",
            "MP;MP2;Centred",
            "MP;EMP;Neuberg;MissingTies;Rounded0.1;Law12C2",
            "mp;trunc0.1;Centered",
        ] {
            assert_eq!(with(known), Vec::<String>::new(), "{known}");
        }
        for imps in [
            "IMP",
            "IMP;Butler",
            "Cross-IMPs",
            "IMP;Cross1",
            "BAM",
            "Rubber",
            "MP;Instant",
        ] {
            assert_eq!(
                with(imps),
                [format!(
                    "line 2: the file was scored by {imps:?}: klaver scores by matchpoints unless --form names an IMP form"
                )],
                "{imps}"
            );
        }
        assert_eq!(
            with("MP;MP1;OldMP;Mitchell2"),
            [
                "line 2: [Scoring \"MP;MP1;OldMP;Mitchell2\"]: OldMP and Mitchell2 are not conventions klaver applies; the file is scored without them"
            ]
        );
    }

    #[test]
    fn bad_rows_name_their_line() {
        let text = "[Board \"1\"]\n[ScoreTable \"PairId_NS;PairId_EW;Score_NS\"]\n1 2 425\n3 4\n";
        let imp = read(text.as_bytes()).unwrap();
        let m = exchange::messages(&imp);
        assert!(
            m.iter()
                .any(|m| m.starts_with("line 3: board 1: 425 is not a score")),
            "{m:?}"
        );
        assert!(
            m.iter()
                .any(|m| m.starts_with("line 4: a row of the ScoreTable does not fit")),
            "{m:?}"
        );
    }

    #[test]
    fn a_bad_row_does_not_shift_the_rows_after_it() {
        let text = "[Board \"1\"]\n[ScoreTable \"PairId_NS;PairId_EW;Score_NS;Names_NS\"]\n1 2 420 Jansen\n3 4 400 De Vries\n5 6 \n-50 Smit\n7 8 170 Bos\n";
        let imp = read(text.as_bytes()).unwrap();
        let e = &imp.event;
        let m: Vec<String> = e.diagnostics.iter().map(|d| d.to_string()).collect();
        assert!(
            m.iter().any(|m| m.starts_with(
                "line 4: a row of the ScoreTable does not fit its columns: this line has 5 elements"
            )),
            "{m:?}"
        );
        // The row spread over lines 5 and 6 is read, and so is the one after it.
        let lines: Vec<u32> = e.results.iter().map(|r| r.line()).collect();
        assert_eq!(lines, vec![3, 5, 7]);
    }

    #[test]
    fn deals_are_checked() {
        assert!(parse_deal("N:AKQ.JT9.876.5432 - - -").is_ok());
        assert!(parse_deal("N:AKQ.JT9.876.5432 A.-.-.- - -").is_err());
        assert!(
            parse_deal("N:AKQ.JT9.876.5432 AKQ.-.-.- - -")
                .unwrap_err()
                .contains("twice")
        );
        let d = parse_deal("W:- 2.3.4.5 - -").unwrap();
        assert_eq!(d[0], "2.3.4.5");
        // A hand's ranks are put in order; what is wrong with a hand is named.
        let d = parse_deal("N:QKA.9TJ.678.2345 - - -").unwrap();
        assert_eq!(d[0], "AKQ.JT9.876.5432");
        for (deal, says) in [
            ("N:AKQ.JT9.876 - - -", "needs four suits"),
            ("N:AKX.JT9.876.5432 - - -", "'X' in the hand"),
            ("N:AKQJT98765432.A.. - - -", "has 14 cards, not 13"),
        ] {
            let e = parse_deal(deal).unwrap_err();
            assert!(e.contains(says), "{deal}: {e}");
        }
    }

    /// Two sections each with a board 1 of its own: the travellers show the first deal,
    /// and the second was dropped without a word.
    #[test]
    fn a_board_dealt_twice_differently_is_said() {
        let game = |deal: &str, ns: &str| {
            format!(
                "[Board \"1\"]\n[Deal \"{deal}\"]\n[PairNS \"{ns}\"]\n[PairEW \"9\"]\n[Contract \"3NT\"]\n[Declarer \"N\"]\n[Result \"9\"]\n"
            )
        };
        let a = "N:AKQ.JT9.876.5432 JT98.AKQ.5432.76 7654.8765.AKQ.AK 32.432.JT9.QJT98";
        let b = "E:AKQ.JT9.876.5432 JT98.AKQ.5432.76 7654.8765.AKQ.AK 32.432.JT9.QJT98";
        let same = format!("{}\n{}", game(a, "1"), game(a, "2"));
        assert!(read(same.as_bytes()).unwrap().event.diagnostics.is_empty());
        let text = format!("{}\n{}", game(a, "1"), game(b, "2"));
        let said: Vec<String> = read(text.as_bytes())
            .unwrap()
            .event
            .diagnostics
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(
            said,
            [
                "line 10: board 1: the board's deal here differs from the one at line 2, which is the one read: give each board its own number"
            ]
        );
    }

    /// A hand left blank in a deal is a hand not given: written `-` as the standard says
    /// (3.4.11), so that the Deal tag has its four hands and reads back as written.
    #[test]
    fn a_blank_hand_is_written_as_not_given() {
        let imp = read(SAMPLE.as_bytes()).unwrap();
        let res =
            score_session(&imp.event.pairs, &imp.event.results, &Settings::default()).unwrap();
        let hands = ["AKQ.JT9.876.5432", "", "-", " "].map(String::from);
        let deals = BTreeMap::from([(1, Deal { hands })]);
        let opts = WriteOptions {
            deals: Some(&deals),
            ..WriteOptions::default()
        };
        let text = to_string(&imp.event, &res, &opts);
        assert!(
            text.contains("[Deal \"N:AKQ.JT9.876.5432 - - -\"]"),
            "{text}"
        );
        let back = read(text.as_bytes()).unwrap();
        assert!(
            back.event.diagnostics.is_empty(),
            "{:?}",
            back.event.diagnostics
        );
        let given = ["AKQ.JT9.876.5432", "-", "-", "-"].map(String::from);
        assert_eq!(back.deals[&1].hands, given);
    }

    /// A session scored top-integral with its directions ranked apart was written with
    /// a [Scoring] tag that said neither: scored again from the file, its matchpoints
    /// and ranks changed.
    #[test]
    fn top_integral_and_separate_fields_are_written_and_read_back() {
        let csv = "section,board,ns,ew,score\nA,1,1,2,420\nA,1,3,4,450\nB,1,1,2,-50\nB,1,3,4,420\n";
        let e = crate::travellers::read_travellers(csv.as_bytes(), Default::default()).unwrap();
        let settings = Settings {
            top_integral: true,
            separate_fields: true,
            ..Settings::default()
        };
        let res = score_session(&e.pairs, &e.results, &settings).unwrap();
        let text = to_string(&e, &res, &WriteOptions::default());
        assert!(
            text.contains("[Scoring \"MP;MP1;TopIntegral;SeparateFields\"]"),
            "{text}"
        );
        let back = read(text.as_bytes()).unwrap();
        assert_eq!(back.convention.top_integral, Some(true));
        assert_eq!(back.convention.separate_fields, Some(true));
        let mut again = Settings::default();
        back.convention.apply(&mut again);
        let again = score_session(&back.event.pairs, &back.event.results, &again).unwrap();
        let cmp = exchange::compare(&back, &again, None);
        assert!(cmp.differences.is_empty(), "{:?}", cmp.differences);
        // Scored by section with one list, the tag says nothing of either.
        let res = score_session(&e.pairs, &e.results, &Settings::default()).unwrap();
        let text = to_string(&e, &res, &WriteOptions::default());
        assert!(text.contains("[Scoring \"MP;MP1\"]"), "{text}");
    }

    /// A card dealt twice is named with the hands that hold it.
    /// An individual event's ScoreTable (the four players, no pairs) was refused as
    /// one without PairId_NS and PairId_EW, as if they had been left out; it says what
    /// the event is.
    #[test]
    fn an_individual_score_table_is_refused_as_one() {
        let text = "[Board \"1\"]\n[ScoreTable \"PlayerId_North;PlayerId_South;PlayerId_East;PlayerId_West;Score_NS\"]\n1 2 3 4 420\n";
        let e = read(text.as_bytes()).unwrap().event;
        let errors: Vec<String> = e
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .map(|d| d.to_string())
            .collect();
        assert_eq!(
            errors,
            [
                "line 3: board 1: the ScoreTable gives the players (PlayerId_North, PlayerId_South, ...), as an individual event's does: klaver scores pairs and teams, whose every line names two pairs, not individuals"
            ]
        );
    }

    /// Pairs are read per direction only when their names say so: a pair with one name
    /// on both sides (a Howell) stays one pair, and a section where the names disagree
    /// with each other is read as written.
    #[test]
    fn pairs_are_read_per_direction_only_when_their_names_say_so() {
        let table = |rows: &str| {
            format!(
                "[Board \"1\"]\n[ScoreTable \"PairId_NS;PairId_EW;Score_NS;Names_NS;Names_EW\"]\n{rows}"
            )
        };
        let ids = |text: String| {
            let e = read(text.as_bytes()).unwrap().event;
            let mut ids: Vec<String> = e.pairs.iter().map(|p| p.id.clone()).collect();
            ids.sort();
            ids
        };
        // Two-winner numbering: NS 1 and EW 1 are different pairs.
        let mitchell = table("1 1 420 Ann Bob\n2 2 400 Cas Dirk\n1 2 100 Ann Dirk\n");
        assert_eq!(ids(mitchell), ["1EW", "1NS", "2EW", "2NS"]);
        // A Howell: pair 1 is Ann on both sides.
        let howell = table("1 2 420 Ann Bob\n2 1 400 Bob Ann\n");
        assert_eq!(ids(howell), ["1", "2"]);
        // Pair 1 apart, pair 2 not: read as written.
        let mixed = table("1 1 420 Ann Bob\n2 3 400 Cas Dirk\n3 2 100 Eva Cas\n");
        assert_eq!(ids(mixed), ["1", "2", "3"]);
    }

    #[test]
    fn a_card_dealt_twice_names_its_hands() {
        let twice = parse_deal("W:AKQ.JT9.876.5432 A.KQ.AKQ.AKQJT98 - -").unwrap_err();
        assert_eq!(twice, "the card SA is dealt twice (West and North)");
        let own = parse_deal("N:AAK.JT9.876.5432 - - -").unwrap_err();
        assert_eq!(own, "the card SA is dealt twice (North)");
    }

    /// A deal of four hands with a card missing was read as it was, and refused only
    /// when its board was analysed, without the line: "North holds 12 cards".
    #[test]
    fn a_deal_with_a_card_missing_names_the_hand_and_the_card() {
        let short = "N:AKQ.JT9.876.543 JT98.AKQ.5432.76 7654.8765.AKQ.AK 32.432.JT9.QJT98";
        assert_eq!(
            parse_deal(short).unwrap_err(),
            "North holds 12 cards, and no hand holds C2: every hand holds 13"
        );
        // A partial deal, with hands not given, is read as it is.
        assert!(parse_deal("N:AKQ.JT9.876.543 - - -").is_ok());
        let text = format!("[Board \"3\"]\n[Deal \"{short}\"]\n");
        let imp = read(text.as_bytes()).unwrap();
        assert!(imp.deals.is_empty());
        let said = imp.event.diagnostics[0].to_string();
        assert_eq!(
            said,
            "line 2: board 3: cannot read the deal: North holds 12 cards, and no hand holds C2: every hand holds 13"
        );
    }

    /// Read for its hands alone, a results file gives its deals and nothing of its
    /// results; a partial deal and a board repeated for each table with the same hands
    /// are read, a board given again with other hands refuses the file.
    #[test]
    fn a_file_read_for_its_hands_keeps_each_board_once() {
        let read = read_hands(SAMPLE.as_bytes()).unwrap();
        assert_eq!(read.deals.len(), 1);
        assert!(read.warnings.is_empty(), "{:?}", read.warnings);
        let a = "N:AKQ.JT9.876.5432 JT98.AKQ.5432.76 7654.8765.AKQ.AK 32.432.JT9.QJT98";
        let game = |n: u32, deal: &str| format!("[Board \"{n}\"]\n[Deal \"{deal}\"]\n\n");
        let text = [game(1, a), game(1, a), game(2, "N:AKQ.JT9.876.5432 - - -")].concat();
        let read = read_hands(text.as_bytes()).unwrap();
        assert_eq!(read.deals.len(), 2);
        assert_eq!(read.deals[&2].hands[1], "-");
        let other = [game(1, a), game(1, &a.replacen('N', "E", 1))].concat();
        let said: Vec<String> = read_hands(other.as_bytes())
            .unwrap_err()
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(said.len(), 1, "{said:?}");
        assert!(
            said[0].starts_with(
                "line 5: board 1: the board is given a second time with other hands than at line 2"
            ),
            "{said:?}"
        );
    }

    /// `[Dealer "North"]` was said as "the file has dealer North but board 1 is dealt
    /// by N", as if North were not N.
    #[test]
    fn a_dealer_that_is_not_a_seat_is_said_so() {
        let text = "[Board \"1\"]\n[Dealer \"North\"]\n[Deal \"N:AKQ.JT9.876.5432 - - -\"]\n";
        let read = read_hands(text.as_bytes()).unwrap();
        let said: Vec<String> = read.warnings.iter().map(ToString::to_string).collect();
        assert_eq!(
            said,
            [
                "line 2: board 1: [Dealer \"North\"] is not a seat (N, E, S or W): klaver scores the board by its number"
            ]
        );
    }

    /// A penalty given on a board nobody played keeps its board through PBN: it is
    /// written in a game of its own for that board, not on the first board's table.
    #[test]
    fn a_penalty_on_a_board_not_played_keeps_its_board() {
        let csv = "board,ns,ew,score,adjust\n1,1,2,420,\n1,3,4,400,\n2,1,2,100,\n2,3,4,110,\n3,1,2,,PEN -1/0\n";
        let e = crate::travellers::read_travellers(csv.as_bytes(), Default::default()).unwrap();
        let res = score_session(&e.pairs, &e.results, &Settings::default()).unwrap();
        let text = to_string(&e, &res, &WriteOptions::default());
        let back = read(text.as_bytes()).unwrap();
        assert!(!back.event.has_errors(), "{:?}", back.event.diagnostics);
        let boards: Vec<u32> = back.event.penalties.iter().map(|p| p.board).collect();
        assert_eq!(boards, [3], "{text}");
        assert_eq!(back.event.results.len(), 4);
        // Sections scored as one field: a section's penalty on a played board is on
        // that board's one table.
        let csv = "section,board,ns,ew,score,adjust\nA,1,1,2,420,\nA,1,3,4,400,\nB,1,1,2,100,\nB,1,3,4,110,\nB,1,3,4,,PEN -1/0\n";
        let e = crate::travellers::read_travellers(csv.as_bytes(), Default::default()).unwrap();
        let settings = Settings {
            top_integral: true,
            ..Settings::default()
        };
        let res = score_session(&e.pairs, &e.results, &settings).unwrap();
        let text = to_string(&e, &res, &WriteOptions::default());
        let back = read(text.as_bytes()).unwrap();
        let written: Vec<(u32, &str)> = back
            .event
            .penalties
            .iter()
            .map(|p| (p.board, back.event.pairs[p.ns].section.as_str()))
            .collect();
        assert_eq!(written, [(1, "B")], "{text}");
    }

    /// A split (`EW 60%`: the score stands for North-South, East-West get 60 %) was
    /// written with every figure unmarked, as if both sides' were real, where the
    /// standard marks an artificial score's elements with `^` (5.2) as the averages get.
    #[test]
    fn a_split_marks_the_artificial_sides_figures() {
        let csv = "board,ns,ew,score,adjust\n1,1,2,420,\n1,3,4,-50,\n1,5,6,0,EW 60%\n";
        let e = crate::travellers::read_travellers(csv.as_bytes(), Default::default()).unwrap();
        let res = score_session(&e.pairs, &e.results, &Settings::default()).unwrap();
        let text = to_string(&e, &res, &WriteOptions::default());
        let row = text.lines().find(|l| l.starts_with("5 6")).unwrap();
        let cells: Vec<&str> = row.split_whitespace().collect();
        // Pairs, contract, declarer, result, lead, scores, MP and percentages, adjustment.
        assert_eq!(
            cells[6..12],
            ["0", "0", "2", "^2.40", "50.00", "^60.00"],
            "{row}"
        );
        let back = read(text.as_bytes()).unwrap();
        assert!(
            back.event.diagnostics.is_empty(),
            "{:?}",
            back.event.diagnostics
        );
        assert_eq!(back.event.results[2].outcome, e.results[2].outcome);
        let cmp = exchange::compare(&back, &res, None);
        assert!(cmp.differences.is_empty(), "{:?}", cmp.differences);
        // As klaver wrote it before, unmarked, it reads the same.
        let old = read(text.replace('^', " ").as_bytes()).unwrap();
        assert!(
            old.event.diagnostics.is_empty(),
            "{:?}",
            old.event.diagnostics
        );
        assert_eq!(old.event.results, back.event.results);
    }

    #[test]
    fn written_pbn_reads_back_with_every_result() {
        let imp = read(SAMPLE.as_bytes()).unwrap();
        let res =
            score_session(&imp.event.pairs, &imp.event.results, &Settings::default()).unwrap();
        let text = to_string(
            &imp.event,
            &res,
            &WriteOptions {
                title: "Club pairs",
                date: "2024-03-05",
                deals: Some(&imp.deals),
                analyses: None,
            },
        );
        assert!(text.contains("[Date \"2024.03.05\"]"));
        assert!(text.contains("[Deal \"N:AKQ.JT9.876.5432 JT98.AKQ.5432.76"));
        assert!(text.lines().all(|l| l.len() < 255));
        let back = read(text.as_bytes()).unwrap();
        assert!(
            back.event.diagnostics.is_empty(),
            "{:?}\n{text}",
            back.event.diagnostics
        );
        assert_eq!(back.event.results.len(), imp.event.results.len());
        for (a, b) in back.event.results.iter().zip(&imp.event.results) {
            assert_eq!(a.outcome, b.outcome);
        }
        assert_eq!(back.deals, imp.deals);
        let cmp = exchange::compare(&back, &res, None);
        assert!(cmp.differences.is_empty(), "{:?}", cmp.differences);
        assert_eq!(cmp.lines_checked, 4);
    }
}
