//! The travellers CSV: klaver's own simple format for what was played at each table.
//!
//! A header row names the columns, in any order; unknown columns are ignored:
//! `board`, `ns`, `ew` (pair ids), `section` (optional), then either `score` (also
//! `score_ns`: North-South's score) or `contract` + `declarer` + `result`, or both (the
//! entered score wins and a disagreement is reported), and optionally `adjust` (NP, AVG,
//! a split such as 60/40, REV, or a weighted score `W 30% 4SN= 70% 4SN-1`) and `lead`.
//! Line numbers in messages count the header as line 1, as an editor shows them.

use crate::invisible;
use crate::plain_csv::{Fields, field};
use klaver_core::board::{Board, Side, Vulnerability};
use klaver_core::contract::Play;
use klaver_core::matchpoints::{Outcome, WeightedPart};
use klaver_core::notation::{self, Entry, Language, Mode};
use klaver_core::said::{Disagreement, Hint, Said};
use klaver_core::score_check;
use klaver_core::session::{Diagnostic, PairInfo, Severity, TableResult};
use num_rational::Ratio;
use rustc_hash::FxHashMap;
use std::borrow::Cow;
use std::io::Read;
use std::mem::MaybeUninit;

mod penalty_check;
mod tricks_taken;

/// How to read a travellers file.
#[derive(Debug, Clone, Copy, Default)]
pub struct ReadOptions {
    /// The language of the contract, declarer and result columns.
    pub lang: Language,
    /// The lines are a session the club's database kept, read back: a pair or section
    /// holding a character that shows nothing, kept before klaver refused one, is a
    /// warning naming the line, and the line is scored as it was stored, rather than
    /// left out of every score and export of the night.
    pub stored: bool,
}

/// What a traveller line showed besides its outcome, for travellers and control sheets.
///
/// Most lines carry only a contract; the texts some lines carry (a lead, an adjustment,
/// published matchpoints) are kept apart, so that a field of a million lines stays small.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LineInfo {
    /// The contract as read, when the line had a readable contract.
    pub play: Option<Play>,
    /// Whether the line says the board was passed out.
    pub passed: bool,
    text: Option<Box<LineText>>,
}

/// The texts of a traveller line, as written.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LineText {
    /// The contract text when it could not be read (kept, never dropped).
    pub unread_contract: String,
    /// The opening lead.
    pub lead: String,
    /// The adjustment.
    pub adjust: String,
    /// Published North-South and East-West matchpoints, when the file carries them.
    pub published: Option<(String, String)>,
    /// The room of a teams match (`open`, `closed`); empty for pairs.
    pub room: String,
    /// The table the board was played at; 0 when the file does not say.
    pub table: u32,
    /// The round it was played in; 0 when the file does not say.
    pub round: u32,
    /// The score column's score on a line whose adjustment replaces it (kept, so that
    /// it is there when the adjustment proves a mistake).
    pub replaced_score: Option<i32>,
}

impl LineText {
    /// Whether the line has none of these texts (as `LineText::default()`).
    fn is_empty(&self) -> bool {
        let LineText {
            unread_contract,
            lead,
            adjust,
            published,
            room,
            table,
            round,
            replaced_score,
        } = self;
        unread_contract.is_empty()
            && lead.is_empty()
            && adjust.is_empty()
            && published.is_none()
            && room.is_empty()
            && *table == 0
            && *round == 0
            && replaced_score.is_none()
    }
}

impl LineInfo {
    /// A line with these texts (kept only when one of them is not empty).
    pub fn new(play: Option<Play>, passed: bool, text: LineText) -> LineInfo {
        let mut info = LineInfo {
            play,
            passed,
            text: None,
        };
        info.set_text(text);
        info
    }

    /// Replaces the line's texts.
    pub fn set_text(&mut self, text: LineText) {
        self.text = (!text.is_empty()).then(|| Box::new(text));
    }

    /// The line's texts, for changing them.
    pub fn text_mut(&mut self) -> &mut LineText {
        self.text.get_or_insert_with(Box::default)
    }

    fn text(&self) -> Option<&LineText> {
        self.text.as_deref()
    }

    /// The contract text when it could not be read.
    pub fn unread_contract(&self) -> &str {
        self.text().map_or("", |t| t.unread_contract.as_str())
    }

    /// The opening lead, as written.
    pub fn lead(&self) -> &str {
        self.text().map_or("", |t| t.lead.as_str())
    }

    /// The adjustment, as written.
    pub fn adjust(&self) -> &str {
        self.text().map_or("", |t| t.adjust.as_str())
    }

    /// Published North-South and East-West matchpoints, when the file carries them.
    pub fn published(&self) -> Option<(&str, &str)> {
        self.text()
            .and_then(|t| t.published.as_ref())
            .map(|(a, b)| (a.as_str(), b.as_str()))
    }

    /// The room of a teams match, as written; empty for pairs.
    pub fn room(&self) -> &str {
        self.text().map_or("", |t| t.room.as_str())
    }

    /// The table the board was played at, when the file says.
    pub fn table(&self) -> Option<u32> {
        self.text().map(|t| t.table).filter(|&t| t > 0)
    }

    /// The round the board was played in, when the file says.
    pub fn round(&self) -> Option<u32> {
        self.text().map(|t| t.round).filter(|&r| r > 0)
    }

    /// The score entered on a line whose adjustment replaces it.
    pub fn replaced_score(&self) -> Option<i32> {
        self.text().and_then(|t| t.replaced_score)
    }
}

/// A pairs event as read from a travellers file.
#[derive(Debug, Clone, Default)]
pub struct Event {
    /// The pairs, in order of first appearance.
    pub pairs: Vec<PairInfo>,
    /// One entry per traveller line.
    pub results: Vec<TableResult>,
    /// Display details, aligned with `results`.
    pub lines: Vec<LineInfo>,
    /// Errors and warnings found while reading.
    pub diagnostics: Vec<Diagnostic>,
    /// The players' ids (federation numbers) of each pair, aligned with `pairs`, when
    /// the pairs file gives them; the season ranking needs them. A pair's ids are by
    /// seat, in the order of its names, "" for a seat without a number (a guest), so
    /// that each id stays with its player; empty when no seat has one (see
    /// [`seat_ids`]).
    pub player_ids: Vec<Vec<String>>,
    /// The director's penalties and compensations (`PEN -3/0` in the adjust column).
    pub penalties: Vec<Penalty>,
    /// Whether the lines are a session the club's database kept, read back
    /// ([`ReadOptions::stored`]).
    pub stored: bool,
}

/// A director's line of points added to or taken from the two pairs of a table, on no
/// board (a procedural penalty, Law 90, is negative; a compensation positive), in the
/// units the session's matchpoints are shown in: `PEN -3/0` in the adjust column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Penalty {
    /// The North-South pair of the line.
    pub ns: usize,
    /// The East-West pair of the line.
    pub ew: usize,
    /// North-South's and East-West's points.
    pub points: (Ratio<i64>, Ratio<i64>),
    /// The board of the line it was written on.
    pub board: u32,
    /// The line it was written on.
    pub line: u32,
}

impl Penalty {
    /// Each pair's points, the pairs given none left out.
    pub fn per_pair(&self) -> impl Iterator<Item = (usize, Ratio<i64>)> {
        [(self.ns, self.points.0), (self.ew, self.points.1)]
            .into_iter()
            .filter(|(_, p)| *p != Ratio::from_integer(0))
    }
}

impl Event {
    /// Whether any error was found.
    pub fn has_errors(&self) -> bool {
        self.diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error)
    }

    /// The index of the unranked substitute pair (`-`) that played at `seat`: one pair per
    /// table and round when the file says them, else one per line.
    pub fn intern_substitute(
        &mut self,
        index: &mut PairIndex,
        section: &str,
        seat: SubstitutePlace,
    ) -> usize {
        if let Some(&i) = index.substitutes.get(&(section.to_string(), seat)) {
            return i;
        }
        let i = self.pairs.len();
        self.pairs.push(PairInfo {
            id: "-".into(),
            section: section.to_string(),
            unranked: true,
            ..PairInfo::default()
        });
        index.substitutes.insert((section.to_string(), seat), i);
        i
    }

    /// The index of the pair with this section and id, adding it when new.
    #[inline]
    pub fn intern_pair(&mut self, index: &mut PairIndex, section: &str, id: &str) -> usize {
        // The usual case, a plain number already met, without a call.
        if let Some(n) = PairIndex::number(section, id)
            && let Some(&i) = index.by_number.get(n)
            && i != usize::MAX
        {
            return i;
        }
        self.add_pair(index, section, id)
    }

    /// `intern_pair` of a pair not found by its plain number.
    #[inline(never)]
    fn add_pair(&mut self, index: &mut PairIndex, section: &str, id: &str) -> usize {
        let number = PairIndex::number(section, id);
        let known = match number {
            Some(n) => index.by_number.get(n).copied().filter(|&i| i != usize::MAX),
            None => index.by_name.get(section).and_then(|m| m.get(id)).copied(),
        };
        if let Some(i) = known {
            return i;
        }
        let i = self.pairs.len();
        self.pairs.push(PairInfo {
            id: id.to_string(),
            section: section.to_string(),
            ..PairInfo::default()
        });
        match number {
            Some(n) => {
                if index.by_number.len() <= n {
                    index.by_number.resize(n + 1, usize::MAX);
                }
                index.by_number[n] = i;
            }
            None => {
                index
                    .by_name
                    .entry(section.to_string())
                    .or_default()
                    .insert(id.to_string(), i);
            }
        }
        i
    }
}

/// Pair ids by section, for interning: plain pair numbers without a section in a table,
/// everything else (12A, NS3, sections) by name.
#[derive(Debug, Clone, Default)]
pub struct PairIndex {
    by_number: Vec<usize>,
    by_name: FxHashMap<String, FxHashMap<String, usize>>,
    /// Unranked substitute pairs, by section and where they sat.
    substitutes: FxHashMap<(String, SubstitutePlace), usize>,
}

/// Where an unranked substitute pair sat: a table and round, or one line of the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SubstitutePlace {
    /// The table and round, with the side (true for North-South).
    Table(u32, u32, bool),
    /// The line of the file.
    Line(u32, bool),
}

impl PairIndex {
    /// A pair number written plainly (1 to 999,999, no leading zero) in no section.
    #[inline]
    fn number(section: &str, id: &str) -> Option<usize> {
        let b = id.as_bytes();
        if !section.is_empty() || b.is_empty() || b.len() > 6 || b[0] == b'0' {
            return None;
        }
        b.iter().try_fold(0, |n: usize, &d| {
            d.is_ascii_digit().then(|| n * 10 + usize::from(d - b'0'))
        })
    }
}

/// A travellers file that cannot be read at all.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The CSV itself is broken.
    #[error("line {line}: {message}")]
    Csv {
        /// The line where reading stopped.
        line: u64,
        /// What went wrong.
        message: String,
    },
    /// A required column is missing.
    #[error(
        "the header has no `{0}` column: the travellers CSV needs board, ns, ew and either score or contract, declarer and result"
    )]
    MissingColumn(&'static str),
    /// The header is one field holding semicolons or tabs: the file's fields are
    /// separated by them (as a European spreadsheet saves a CSV), not by commas.
    #[error(
        "line 1: the fields are separated by {0}, not by commas: save the file as comma-separated CSV (in a spreadsheet: CSV UTF-8, comma delimited)"
    )]
    OtherSeparator(&'static str),
    /// A pairs (or teams) file's required column is missing.
    #[error(
        "the header has no `{0}` column: a pairs file needs pair and names (`pair,names`; a teams event's file may call the first column `team`)"
    )]
    MissingPairsColumn(&'static str),
    /// Two columns of the header name the same field.
    #[error(
        "the header has two {name} columns (columns {first} and {second}): keep the one to score"
    )]
    TwoColumns {
        /// The field's name.
        name: &'static str,
        /// The columns, counted from 1.
        first: usize,
        /// The second one.
        second: usize,
    },
}

#[derive(Debug, Clone)]
struct Columns {
    board: usize,
    ns: usize,
    ew: usize,
    section: Option<usize>,
    score: Option<usize>,
    contract: Option<usize>,
    declarer: Option<usize>,
    result: Option<usize>,
    adjust: Option<usize>,
    lead: Option<usize>,
    mp_ns: Option<usize>,
    mp_ew: Option<usize>,
    room: Option<usize>,
    table: Option<usize>,
    round: Option<usize>,
    /// Whether the result column is headed `tricks`: its numbers are the tricks taken
    /// by its name, never a level or a count a person may have meant.
    tricks: bool,
    /// The number of columns of the header.
    width: usize,
    /// The columns whose header is empty: what a line gives under them is not read.
    unnamed: Vec<usize>,
}

/// The names each column of a travellers CSV may have, the first the one klaver writes.
const COLUMN_NAMES: [&[&str]; 15] = [
    &["board", "gift", "bord"],
    &["ns", "pair_ns", "nz"],
    &["ew", "pair_ew", "ow"],
    &["section", "lijn", "line"],
    &["score", "score_ns"],
    &["contract"],
    &["declarer", "by"],
    &["result", "tricks"],
    &["adjust", "adjustment"],
    &["lead"],
    &["mp_ns"],
    &["mp_ew"],
    &["room", "zaal"],
    &["table", "tafel"],
    &["round", "ronde"],
];

impl Columns {
    /// Whether the file's lines may be [`clean_line`]s: it has the three columns of a
    /// contract, and none of the texts a clean line leaves out but the adjustment.
    fn has_clean_lines(&self) -> bool {
        let contract = [self.contract, self.declarer, self.result];
        let texts = [
            self.section,
            self.lead,
            self.mp_ns,
            self.mp_ew,
            self.room,
            self.table,
            self.round,
        ];
        contract.iter().all(Option::is_some) && texts.iter().all(Option::is_none)
    }

    fn from_header(header: &csv::StringRecord) -> Result<Columns, ReadError> {
        other_separator(header)?;
        let mut at = [None; COLUMN_NAMES.len()];
        for (slot, names) in at.iter_mut().zip(COLUMN_NAMES) {
            *slot = crate::plain_csv::column_of(header, names).map_err(|(first, second)| {
                ReadError::TwoColumns {
                    name: names[0],
                    first,
                    second,
                }
            })?;
        }
        let need = |k: usize| at[k].ok_or(ReadError::MissingColumn(COLUMN_NAMES[k][0]));
        let cols = Columns {
            board: need(0)?,
            ns: need(1)?,
            ew: need(2)?,
            section: at[3],
            score: at[4],
            contract: at[5],
            declarer: at[6],
            result: at[7],
            adjust: at[8],
            lead: at[9],
            mp_ns: at[10],
            mp_ew: at[11],
            room: at[12],
            table: at[13],
            round: at[14],
            tricks: at[7].is_some_and(|i| {
                crate::plain_csv::header_name(&header[i]).eq_ignore_ascii_case("tricks")
            }),
            width: header.len(),
            unnamed: crate::plain_csv::unnamed_columns(header),
        };
        if cols.score.is_none() && cols.contract.is_none() {
            return Err(ReadError::MissingColumn("score"));
        }
        Ok(cols)
    }

    /// Whether the line gives something under a column whose header is empty.
    #[inline]
    fn fills_unnamed<R: Fields + ?Sized>(&self, rec: &R) -> bool {
        self.unnamed
            .iter()
            .any(|&c| !field(rec, Some(c)).is_empty())
    }

    /// The line's result column as [`tricks_taken`] looks at it: empty when the column
    /// is headed `tricks`.
    fn typed_result<'a, R: Fields + ?Sized>(&self, rec: &'a R) -> &'a str {
        match self.tricks {
            true => "",
            false => field(rec, self.result),
        }
    }
}

/// The named columns of a header that are none of a travellers CSV's nor of `theirs`
/// (the columns a caller reads itself, such as an archive's session): a warning on the
/// header that their contents are not read (none when every column is read).
pub(crate) fn unread_columns(header: &csv::StringRecord, theirs: &[&str]) -> Option<Diagnostic> {
    let unread: Vec<&str> = header
        .iter()
        .map(crate::plain_csv::header_name)
        .filter(|h| {
            !h.is_empty()
                && !COLUMN_NAMES
                    .iter()
                    .chain(std::iter::once(&theirs))
                    .any(|names| names.iter().any(|n| h.eq_ignore_ascii_case(n)))
        })
        .collect();
    let message = unread_message(&unread)?;
    let archive = unread.iter().any(|h| h.eq_ignore_ascii_case("session"));
    let hint = if archive {
        " (several sessions in one file are scored with klaver archive)"
    } else {
        ""
    };
    Some(Diagnostic::warning(1, None, format!("{message}{hint}")))
}

/// The columns of a travellers CSV a butler or cross-IMP session does not read (`form`
/// as the option names it, `butler`): a teams match's `room`, and the published
/// matchpoints `mp_ns` and `mp_ew`. A warning on the header for each filled on some
/// line, as for a column klaver does not know, so that neither is ignored unsaid.
pub fn unread_by_imp_pairs(event: &Event, form: &str) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    if event.lines.iter().any(|l| !l.room().is_empty()) {
        out.push(Diagnostic::warning(
            1,
            None,
            format!(
                "the room column is not read with --form {form}: its contents are ignored (rooms are a teams match's, scored with --form teams)"
            ),
        ));
    }
    let published = |ew: bool| {
        event.lines.iter().any(|l| {
            l.published()
                .is_some_and(|(ns_points, ew_points)| match ew {
                    false => !ns_points.is_empty(),
                    true => !ew_points.is_empty(),
                })
        })
    };
    let filled: Vec<&str> = [("mp_ns", published(false)), ("mp_ew", published(true))]
        .into_iter()
        .filter_map(|(name, filled)| filled.then_some(name))
        .collect();
    let (columns, are, their) = match filled[..] {
        [] => return out,
        [one] => (format!("column {one}"), "is", "its"),
        _ => ("columns mp_ns and mp_ew".to_string(), "are", "their"),
    };
    out.push(Diagnostic::warning(
        1,
        None,
        format!(
            "the {columns} {are} not read with --form {form}: {their} contents are ignored (published matchpoints are compared with klaver score --compare, without --form)"
        ),
    ));
    out
}

/// What a CSV reader tells of the columns of its header it does not read; `None` when
/// it reads them all.
pub(crate) fn unread_message(unread: &[&str]) -> Option<String> {
    match unread {
        [] => None,
        [one] => Some(format!(
            "the column {one} is not read: its contents are ignored"
        )),
        [first @ .., last] => Some(format!(
            "the columns {} and {last} are not read: their contents are ignored",
            first.join(", ")
        )),
    }
}

/// A contract, declarer and result from their own columns, when each reads cleanly.
fn direct_play(contract: &str, declarer: &str, result: &str, lang: Language) -> Option<Play> {
    let c = notation::parse_contract(contract, lang).ok()?;
    let seat = notation::parse_seat(declarer, lang).ok()?;
    let tricks = notation::parse_result(result, c, lang).ok()?;
    Play::new(c, seat, tricks).ok()
}

/// An adjustment from the `adjust` column.
enum Adjust {
    None,
    Reverse,
    Outcome(Outcome),
    /// The score stands for the field and one side; the other side (this one) gets this
    /// percentage of the top instead (`EW 60%`, `NS AVG-`).
    Split(Side, u8),
    /// No result: points added to or taken from each pair's total (`PEN 0/-3`).
    Penalty(Ratio<i64>, Ratio<i64>),
}

/// Points as a decimal (`-3`, `6.8`, `-0,5`), exactly.
pub(crate) fn parse_points(text: &str) -> Option<Ratio<i64>> {
    let t = text.replace(',', ".");
    let (neg, digits) = match t.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, t.strip_prefix('+').unwrap_or(&t)),
    };
    let (whole, frac) = digits.split_once('.').unwrap_or((digits, ""));
    if whole.is_empty() || whole.len() > 9 || frac.len() > 6 {
        return None;
    }
    if !whole
        .bytes()
        .chain(frac.bytes())
        .all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let scale = 10i64.pow(frac.len() as u32);
    let n: i64 = format!("{whole}{frac}").parse().ok()?;
    let r = Ratio::new(n, scale);
    Some(if neg { -r } else { r })
}

/// The side an adjustment such as `EW 60%` gives its own artificial score.
pub(crate) fn split_side(upper: &str) -> Option<Side> {
    split_parts(upper).map(|(side, _)| side)
}

/// The side of a split (`EW 60%`, Dutch `OW 60%`, Turkish `D-B 60%`) and what follows
/// the side's name.
fn split_parts(upper: &str) -> Option<(Side, &str)> {
    let sides = [
        ("NS ", Side::NorthSouth),
        ("NZ ", Side::NorthSouth),
        ("K-G ", Side::NorthSouth),
        ("EW ", Side::EastWest),
        ("OW ", Side::EastWest),
        ("D-B ", Side::EastWest),
    ];
    sides
        .into_iter()
        .find_map(|(name, side)| Some((side, upper.strip_prefix(name)?)))
}

/// Whether `word` marks a reversed result in any notation (`REV`, Dutch `Reverse`,
/// Turkish `Ters`), in any case.
pub fn is_reverse_word(word: &str) -> bool {
    matches!(adjust_word(&word.to_uppercase()), Some(Adjust::Reverse))
}

/// An adjustment written as one word, in English, Dutch or Turkish, as the reports in
/// each language print them (Dutch `NG`, `GEM`, `GEM+`, `Reverse`; Turkish `Oynanmadı`,
/// `Ortalama`, `Ters`); `word` is in capitals.
fn adjust_word(word: &str) -> Option<Adjust> {
    let artificial = |ns, ew| Adjust::Outcome(Outcome::Artificial { ns, ew });
    Some(match word {
        "REV" | "REVERSE" | "TERS" => Adjust::Reverse,
        "NP" | "NG" | "NOT PLAYED" | "OYNANMADI" => Adjust::Outcome(Outcome::NotPlayed),
        "AVG" | "A" | "GEM" | "AVERAGE" | "ORTALAMA" => Adjust::Outcome(Outcome::AVERAGE),
        "AVG+" | "A+" | "GEM+" | "ORTALAMA+" => artificial(60, 40),
        "AVG-" | "A-" | "GEM-" | "ORTALAMA-" => artificial(40, 60),
        _ => return None,
    })
}

/// A side's own artificial score in a split, as a percentage of the top: `60%`, or
/// an average's word (`AVG-`, Dutch `GEM-`, Turkish `ORTALAMA-`); `word` in capitals.
fn split_percent(word: &str) -> Option<u8> {
    match word.trim() {
        "AVG" | "A" | "A=" | "GEM" | "ORTALAMA" => Some(50),
        "AVG+" | "A+" | "GEM+" | "ORTALAMA+" => Some(60),
        "AVG-" | "A-" | "GEM-" | "ORTALAMA-" => Some(40),
        p => p
            .strip_suffix('%')
            .and_then(|p| p.trim().parse::<u8>().ok()),
    }
    .filter(|&p| p <= 100)
}

/// The word a weighted score begins with: English `W`, Dutch `Gewogen`, Turkish
/// `Ağırlıklı` (also without its Turkish letters); `word` in capitals.
fn is_weighted_word(word: &str) -> bool {
    matches!(word, "W" | "GEWOGEN" | "AĞIRLIKLI" | "AGIRLIKLI")
}

/// A weighted score's adjustment as an English reader reads it back: as written when
/// it reads so, else its parts as scores (`W 50% 420 50% -50`), which read in any
/// notation.
pub(crate) fn weighted_in_english(text: &str, board: u32, parts: &[WeightedPart]) -> String {
    let same = |o: &Outcome| matches!(o, Outcome::Weighted(w) if w.as_slice() == parts);
    let reads = Board::new(board)
        .ok()
        .and_then(|b| parse_adjust(text, b, Language::English).ok());
    if matches!(reads, Some(Adjust::Outcome(o)) if same(&o)) {
        return text.to_string();
    }
    let written: Vec<String> = parts
        .iter()
        .map(|p| format!("{}% {}", p.percent, p.score))
        .collect();
    format!("W {}", written.join(" "))
}

/// Whether `text` is written as an adjustment in any of klaver's languages: a word
/// (`AVG+`, `NG`, `GEM-`, `Ortalama`, `REV`), a split (`60/40`, `EW 60%`, `NZ GEM-`) or
/// a weighted score (`W ...`, `Gewogen ...`, `Ağırlıklı ...`). Whether it reads is for
/// [`adjustment_in_english`].
pub fn looks_like_adjustment(text: &str) -> bool {
    let t = text.trim();
    let upper = t.to_uppercase();
    let first = upper.split_whitespace().next().unwrap_or("");
    adjust_word(&upper).is_some()
        || split_parts(&t.to_ascii_uppercase()).is_some()
        || is_weighted_word(first)
        || (t.contains('/')
            && t.chars()
                .all(|c| c.is_ascii_digit() || c == '/' || c == '%' || c == ' '))
}

/// An adjustment typed in `lang`'s notation, written so that a travellers file read in
/// English notation (as stored lines are read back) means the same: the words and
/// splits read alike in every notation, and a weighted score's parts are written as
/// scores when its contracts read otherwise in English (`Gewogen 50% 3ZN= ...`).
pub fn adjustment_in_english(text: &str, board: u32, lang: Language) -> Result<String, String> {
    let b = Board::new(board).map_err(|e| e.to_string())?;
    match parse_adjust(text, b, lang)? {
        Adjust::Outcome(Outcome::Weighted(parts)) => Ok(weighted_in_english(text, board, &parts)),
        _ => Ok(text.trim().to_string()),
    }
}

/// A weighted score's parts as a report in `lang` prints them after its word (Dutch
/// `Gewogen`, Turkish `Ağırlıklı`): as written when they read so in `lang`'s notation,
/// else as scores (`30% 420 70% -50`), which read in any notation.
pub(crate) fn weighted_parts_in(
    text: &str,
    board: u32,
    parts: &[WeightedPart],
    lang: Language,
) -> String {
    let written = text
        .trim()
        .split_once(char::is_whitespace)
        .map_or("", |w| w.1);
    let reads = Board::new(board)
        .ok()
        .and_then(|b| parse_weighted(written, b, lang).ok());
    if reads.as_deref() == Some(parts) {
        return written.trim().to_string();
    }
    let scores: Vec<String> = parts
        .iter()
        .map(|p| format!("{}% {}", p.percent, p.score))
        .collect();
    scores.join(" ")
}

fn parse_adjust(text: &str, board: Board, lang: Language) -> Result<Adjust, String> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(Adjust::None);
    }
    // Capitals of every letter, so that the Turkish words read in any case.
    if let Some(adjust) = adjust_word(&t.to_uppercase()) {
        return Ok(adjust);
    }
    let upper = t.to_ascii_uppercase();
    if let Some(points) = upper.strip_prefix("PEN ") {
        let read = |p: &str| parse_points(p.trim());
        return match points.split_once('/').map(|(a, b)| (read(a), read(b))) {
            Some((Some(a), Some(b))) => Ok(Adjust::Penalty(a, b)),
            _ => Err(format!(
                "cannot read the penalty {t:?}: write PEN and the points North-South and East-West get, e.g. PEN -3/0"
            )),
        };
    }
    if let Some((a, b)) = t.split_once('/') {
        let pct = |s: &str| s.trim().trim_end_matches('%').trim().parse::<u8>().ok();
        if let (Some(ns), Some(ew)) = (pct(a), pct(b))
            && ns <= 100
            && ew <= 100
        {
            return Ok(Adjust::Outcome(Outcome::Artificial { ns, ew }));
        }
        return Err(format!(
            "cannot read the split {t:?}: write North-South's and East-West's percentages, e.g. 60/40"
        ));
    }
    if let Some((side, rest)) = split_parts(&upper) {
        return match split_percent(rest) {
            Some(p) => Ok(Adjust::Split(side, p)),
            None => Err(format!(
                "cannot read {t:?}: a side's own artificial score is written NS or EW and its percentage (EW 60%, NS AVG-), the score standing for the other side"
            )),
        };
    }
    let (word, parts) = t.split_once(char::is_whitespace).unwrap_or((t, ""));
    if is_weighted_word(&word.to_uppercase()) {
        return parse_weighted(parts, board, lang)
            .map(|w| Adjust::Outcome(Outcome::Weighted(Box::new(w))));
    }
    Err(format!(
        "unknown adjustment {t:?}: use NP, AVG, AVG+, AVG-, a split such as 60/40, REV, or W 30% 4SN= 70% 4SN-1"
    ))
}

fn parse_weighted(text: &str, board: Board, lang: Language) -> Result<Vec<WeightedPart>, String> {
    let mut parts = Vec::new();
    let mut tokens = text.split_whitespace();
    while let Some(p) = tokens.next() {
        let percent = p
            .strip_suffix('%')
            .and_then(|x| x.parse::<u8>().ok())
            .filter(|&x| x <= 100)
            .ok_or_else(|| {
                format!("in a weighted score, expected a percentage such as 30% but found {p:?}")
            })?;
        let what = tokens
            .next()
            .ok_or_else(|| format!("the weighted part {p} has no score or contract after it"))?;
        let score = match what.parse::<i32>() {
            Ok(s) if score_check::is_possible(s, board.vulnerability()) => s,
            Ok(s) => {
                return Err(format!(
                    "{s} in a weighted score is not a score North-South can get with {}: check the part's score",
                    vul_words(board.vulnerability())
                ));
            }
            Err(_) => match read_weighted_contract(what, lang) {
                Some(Entry::Passed) => 0,
                Some(Entry::Played(play)) => play.score_ns(board.vulnerability()),
                None => {
                    return Err(format!(
                        "cannot read {what:?} in a weighted score: write a score (420) or a contract with declarer and result (4SN=)"
                    ));
                }
            },
        };
        parts.push(WeightedPart { percent, score });
    }
    if parts.is_empty() {
        return Err("a weighted score needs parts, e.g. W 30% 4SN= 70% 4SN-1".into());
    }
    Ok(parts)
}

/// Reads a weighted part written with the declarer after the contract (`4SN=`) or before it.
fn read_weighted_contract(text: &str, lang: Language) -> Option<Entry> {
    if let Ok((e, _)) = notation::parse_entry(text, lang, Mode::Strict) {
        return Some(e);
    }
    // Contract, declarer letter, result: try each place the declarer could stand.
    for (i, ch) in text.char_indices().skip(1) {
        let end = i + ch.len_utf8();
        let (Ok(c), Ok(seat)) = (
            notation::parse_contract(&text[..i], lang),
            notation::parse_seat(&text[i..end], lang),
        ) else {
            continue;
        };
        if let Ok(tricks) = notation::parse_result(&text[end..], c, lang)
            && let Ok(play) = Play::new(c, seat, tricks)
        {
            return Some(Entry::Played(play));
        }
    }
    None
}

const VULS: [Vulnerability; 4] = [
    Vulnerability::None,
    Vulnerability::NorthSouth,
    Vulnerability::EastWest,
    Vulnerability::Both,
];

fn vul_clause(v: Vulnerability) -> &'static str {
    match v {
        Vulnerability::None => "nobody is vulnerable",
        Vulnerability::NorthSouth => "North-South are vulnerable",
        Vulnerability::EastWest => "East-West are vulnerable",
        Vulnerability::Both => "both sides are vulnerable",
    }
}

fn vul_words(v: Vulnerability) -> &'static str {
    match v {
        Vulnerability::None => "nobody vulnerable",
        Vulnerability::NorthSouth => "North-South vulnerable",
        Vulnerability::EastWest => "East-West vulnerable",
        Vulnerability::Both => "both sides vulnerable",
    }
}

/// Line numbers of CSV records as an editor shows them (the header is line 1), counted
/// from the bytes themselves: LF, CRLF and lone CR endings and blank lines all count.
pub(crate) struct LineCounter<'a> {
    data: &'a [u8],
    pos: usize,
    line: u32,
}

impl<'a> LineCounter<'a> {
    /// A counter at the start of `data`.
    pub(crate) fn new(data: &'a [u8]) -> LineCounter<'a> {
        LineCounter::starting_at(data, 1)
    }

    /// A counter for `data` whose first line is line `line` of the file.
    pub(crate) fn starting_at(data: &'a [u8], line: u32) -> LineCounter<'a> {
        LineCounter { data, pos: 0, line }
    }

    /// The line of the record the CSV reader says starts at `offset` (the reader may
    /// point at the line ending or blank lines before it); offsets must not decrease.
    pub(crate) fn line_of(&mut self, offset: u64) -> u32 {
        let mut start = (offset as usize).min(self.data.len());
        while start < self.data.len() && matches!(self.data[start], b'\r' | b'\n') {
            start += 1;
        }
        if self.pos < start {
            // Only line endings matter: memchr finds them many bytes at a time.
            for i in memchr::memchr2_iter(b'\n', b'\r', &self.data[self.pos..start]) {
                let at = self.pos + i;
                if self.data[at] == b'\n' || self.data.get(at + 1) != Some(&b'\n') {
                    self.line += 1;
                }
            }
            self.pos = start;
        }
        self.line
    }
}

fn read_all<R: Read>(mut input: R) -> Result<Vec<u8>, ReadError> {
    let mut data = Vec::new();
    input.read_to_end(&mut data).map_err(|e| ReadError::Csv {
        line: 0,
        message: format!("cannot read the file: {e}"),
    })?;
    Ok(data)
}

/// Reads a travellers CSV. Lines with errors are reported in the event's diagnostics with
/// their line number; only a file that cannot be read at all is an `Err`.
pub fn read_travellers<R: Read>(input: R, options: ReadOptions) -> Result<Event, ReadError> {
    read_travellers_bytes(&read_all(input)?, options)
}

/// Reads a travellers CSV already in memory (a whole file), without copying it first.
pub fn read_travellers_bytes(data: &[u8], options: ReadOptions) -> Result<Event, ReadError> {
    check_line_count(data)?;
    let (text, notes) = as_text(data)?;
    let mut event = read_bytes(&text, options, PARALLEL_BYTES)?;
    event.diagnostics.splice(0..0, notes);
    Ok(event)
}

/// A CSV as text, checked once: a UTF-8 file as it is, one that is not decoded as
/// Latin-1 (as Excel saves a CSV on Windows), with a warning saying so. A byte that is
/// text in neither is an error naming its line.
fn as_text(data: &[u8]) -> Result<(Cow<'_, str>, Vec<Diagnostic>), ReadError> {
    crate::input::text_or_latin1(data, "check the names, or save the file as CSV UTF-8").map_err(
        |e| ReadError::Csv {
            line: e.line.into(),
            message: e.message,
        },
    )
}

/// The most line ends a travellers file may have: its lines are numbered from 1 in 32
/// bits, and the last line comes after the last line end.
const MAX_LINE_ENDS: usize = u32::MAX as usize - 1;

/// Refuses a file with more lines than klaver numbers, so that no line number wraps.
/// Only a file of that many bytes can have that many lines: others are not counted.
fn check_line_count(data: &[u8]) -> Result<(), ReadError> {
    if data.len() <= MAX_LINE_ENDS {
        return Ok(());
    }
    line_ends_fit(line_ends(data))
}

/// The line ends of `data`: LF, CRLF or a lone CR, as `LineCounter` counts them.
pub(crate) fn line_ends(data: &[u8]) -> usize {
    memchr::memchr2_iter(b'\n', b'\r', data)
        .filter(|&i| data[i] == b'\n' || data.get(i + 1) != Some(&b'\n'))
        .count()
}

/// Whether a file of `line_ends` line ends has its lines numbered in 32 bits.
fn line_ends_fit(line_ends: usize) -> Result<(), ReadError> {
    if line_ends <= MAX_LINE_ENDS {
        Ok(())
    } else {
        Err(too_many_lines())
    }
}

/// A file with more lines than klaver numbers.
fn too_many_lines() -> ReadError {
    ReadError::Csv {
        line: 0,
        message: format!(
            "the file has more than {} lines, the most klaver numbers: split it into its sessions",
            u32::MAX
        ),
    }
}

/// The file's line `line_ends` line ends after its line `first_line`; `None` past the
/// 32 bits lines are numbered in (never for a file [`check_line_count`] let through).
fn line_after(first_line: u32, line_ends: usize) -> Option<u32> {
    u32::try_from(line_ends).ok()?.checked_add(first_line)
}

/// Reads a travellers CSV held in memory, on two threads from `parallel_from` bytes on.
fn read_bytes(data: &str, options: ReadOptions, parallel_from: usize) -> Result<Event, ReadError> {
    read_bytes_with(data, options, parallel_from, true)
}

/// `read_bytes`; `plain`: whether a file without quotes may be split at its commas
/// (`read_plain`) rather than read by the csv crate.
fn read_bytes_with(
    text: &str,
    options: ReadOptions,
    parallel_from: usize,
    plain: bool,
) -> Result<Event, ReadError> {
    let data = text.as_bytes();
    let mut lines = LineCounter::new(data);
    // Fields are trimmed as they are read (`field`), not record by record.
    let mut rdr = csv::ReaderBuilder::new().flexible(true).from_reader(data);
    let header = rdr.headers().map_err(csv_error)?.clone();
    refuse_runaway_header(&header)?;
    let body = rdr.position().byte() as usize;
    let mut reader = TravellersReader::new(&header, options)?;
    reader
        .event
        .diagnostics
        .extend(unread_columns(&header, &[]));
    // A large file without quoted fields is read in two halves on two threads, cut at a
    // line ending; the second half's pairs are then numbered on from the first's, so
    // the event is the same as one read from start to end.
    if plain {
        match read_plain(text, body, reader, parallel_from) {
            Ok(event) => return Ok(event),
            Err(back) => reader = *back,
        }
    }
    let newlines = line_ends(data);
    let quotes = memchr::memchr(b'"', data).is_some();
    let cut = (data.len() >= parallel_from && !quotes)
        .then(|| half_cut(data, body))
        .flatten();
    let Some(cut) = cut else {
        // One result a line: room for all of them at once rather than growing by copying.
        reader.reserve(newlines);
        read_records(&mut rdr, &mut lines, &mut reader)?;
        return Ok(reader.finish());
    };
    // (The cut is just after an LF, so no CRLF is cut in two.)
    let first_lines = line_ends(&data[..cut]);
    let second_line = line_after(1, first_lines).ok_or_else(too_many_lines)?;
    // The first half's reader gets room for the whole file, so appending the second
    // half's lines copies them once.
    reader.reserve(newlines);
    let mut second = TravellersReader::new(&header, options)?;
    second.reserve(newlines - first_lines);
    let (first, rest) = std::thread::scope(|s| {
        let rest = klaver_core::parts::start(s, || {
            let mut rdr = csv::ReaderBuilder::new()
                .flexible(true)
                .has_headers(false)
                .from_reader(&data[cut..]);
            let mut lines = LineCounter::starting_at(&data[cut..], second_line);
            read_records(&mut rdr, &mut lines, &mut second).map(|()| second)
        });
        let mut rdr = csv::ReaderBuilder::new()
            .flexible(true)
            .from_reader(&data[..cut]);
        let first = match rdr.headers() {
            Ok(_) => read_records(&mut rdr, &mut lines, &mut reader),
            Err(e) => Err(csv_error(e)),
        };
        (first, rest.join())
    });
    first?;
    reader.append(rest?);
    Ok(reader.finish())
}

/// Files from this size on are read on two threads.
const PARALLEL_BYTES: usize = 4 << 20;

/// Where to cut `data` after `body` into two halves: just after the line ending nearest
/// past the middle; `None` when there is no such line ending before the end.
fn half_cut(data: &[u8], body: usize) -> Option<usize> {
    if body >= data.len() {
        return None;
    }
    let mid = body + (data.len() - body) / 2;
    memchr::memchr(b'\n', &data[mid..])
        .map(|p| mid + p + 1)
        .filter(|&cut| cut < data.len())
}

/// Reads the lines after the header (which ends at `body`) of a CSV without quotes, in
/// which every line ends in LF or CRLF: such a file's fields are exactly the text
/// between its commas, as the csv crate reads them, so each line is split where it is
/// rather than copied into a record. A large file is read in two halves on two threads,
/// each of which first looks at its own bytes. A file that does not split plainly
/// gives the reader back.
fn read_plain(
    text: &str,
    body: usize,
    mut reader: TravellersReader,
    parallel_from: usize,
) -> Result<Event, Box<TravellersReader>> {
    let data = text.as_bytes();
    // The csv crate may stop between a header's CR and LF.
    let body = if body > 0 && data[body - 1] == b'\r' && data.get(body) == Some(&b'\n') {
        body + 1
    } else {
        body
    };
    let first_line = crate::pbn::line_at(data, body);
    let cut = (data.len() >= parallel_from)
        .then(|| half_cut(data, body))
        .flatten();
    let Some(cut) = cut else {
        if !crate::plain_csv::splits_plainly(data) {
            return Err(Box::new(reader));
        }
        // One result a line: room for all of them at once rather than growing by copying.
        reader.reserve(memchr::memchr_iter(b'\n', &data[body..]).count() + 1);
        read_plain_lines(&text[body..], first_line, &mut reader);
        return Ok(reader.finish());
    };
    // Each half (and the header, here) splits plainly; each counts its line ends.
    let [first, second] = crate::plain_csv::look_at_parts(data, &[body..cut, cut..data.len()])[..]
    else {
        unreachable!("a look for each of two parts")
    };
    if !(first.plain && second.plain && crate::plain_csv::splits_plainly_at(data, 0..body)) {
        return Err(Box::new(reader));
    }
    let (first_ends, second_ends) = (first.line_ends, second.line_ends);
    let Some(second_line) = line_after(first_line, first_ends) else {
        return Err(Box::new(reader));
    };
    // Both cuts are just after an ASCII byte (a line end), so on a character boundary.
    let halves = [
        (&text[body..cut], first_line, first_ends),
        (&text[cut..], second_line, second_ends),
    ];
    Ok(read_plain_halves(halves, reader))
}

/// Reads two halves of a CSV without quotes (each with the file's line number of its
/// first line and its number of line ends) on two threads, each half's results put straight into its part of the
/// event's lists: the lists are made once at their full size, every line a slot, and
/// the slots left over (blank lines, errors, penalties) are taken out at the end. The
/// slots are written as the lines are read, not filled beforehand, so a large file's
/// lists take memory as the file read so far is given back.
fn read_plain_halves(halves: [(&str, u32, usize); 2], mut reader: TravellersReader) -> Event {
    // A slot per line: per line end, and one for a last line without one (the first
    // half is cut just after a line end, so all its slots are used when every line
    // gives a result, and the second half's results need not be moved up).
    let slots = halves.map(|(part, _, line_ends)| line_ends + usize::from(!part.ends_with('\n')));
    let mut results: Vec<TableResult> = Vec::with_capacity(slots[0] + slots[1]);
    let mut lines: Vec<LineInfo> = Vec::with_capacity(slots[0] + slots[1]);
    let mut second = reader.clone_empty();
    // How many slots each half filled.
    let (n1, n2) = {
        let (r1, r2) = results.spare_capacity_mut().split_at_mut(slots[0]);
        let (l1, l2) = lines.spare_capacity_mut().split_at_mut(slots[0]);
        std::thread::scope(|s| {
            let (part, line, _) = halves[1];
            let second = &mut second;
            let rest =
                klaver_core::parts::start(s, move || read_plain_into(part, line, second, (r2, l2)));
            let (part, line, _) = halves[0];
            let first = read_plain_into(part, line, &mut reader, (r1, l1));
            (first, rest.join())
        })
    };
    // SAFETY: `read_plain_into` wrote the first n1 slots of the first half (slots[0]
    // long) and the first n2 of the second, which starts at slots[0].
    unsafe {
        keep_filled(&mut results, n1, slots[0], n2);
        keep_filled(&mut lines, n1, slots[0], n2);
    }
    let renumber = reader.absorb(second);
    for r in &mut results[n1..] {
        (r.ns, r.ew) = (renumber[r.ns_pair()], renumber[r.ew_pair()]);
    }
    reader.event.results = results;
    reader.event.lines = lines;
    reader.finish()
}

/// Makes an empty list hold the slots of its spare room two halves filled: the first
/// `n1`, and the `n2` from `second` on, moved up right after them.
///
/// # Safety
///
/// Slots `0..n1` and `second..second + n2` of the list's spare room hold values written
/// into it (each value is then owned by the list, and must not be used elsewhere).
unsafe fn keep_filled<T>(list: &mut Vec<T>, n1: usize, second: usize, n2: usize) {
    assert!(list.is_empty() && n1 <= second && n2 <= list.capacity() - second);
    // SAFETY: the two runs hold values (the caller's promise). The second run is moved
    // bit for bit right after the first (`ptr::copy` allows the runs to overlap), so
    // slots 0..n1 + n2 hold values, each once; the slots past them are spare room
    // again, never read or dropped.
    unsafe {
        let base = list.as_mut_ptr();
        std::ptr::copy(base.add(second), base.add(n1), n2);
        list.set_len(n1 + n2);
    }
}

/// Reads lines of a CSV without quotes into the given slots, one per line at most;
/// returns how many were filled (the first ones).
fn read_plain_into(
    part: &str,
    first_line: u32,
    reader: &mut TravellersReader,
    (results, lines): (
        &mut [MaybeUninit<TableResult>],
        &mut [MaybeUninit<LineInfo>],
    ),
) -> usize {
    let mut n = 0;
    crate::plain_csv::each_line(part, first_line, |fields, line| {
        if let Some((result, info)) = reader.line(fields, line) {
            results[n].write(result);
            lines[n].write(info);
            n += 1;
        }
    });
    n
}

/// Reads lines of a CSV without quotes, the first of them the file's line `first_line`.
fn read_plain_lines(part: &str, first_line: u32, reader: &mut TravellersReader) {
    crate::plain_csv::each_line(part, first_line, |fields, line| {
        reader.read_fields(fields, line)
    });
}

/// The line each record of a CSV starts on, numbered as the reader numbers them (the
/// header, the first record, is line 1): for a caller that wrote the CSV itself and
/// names its lines otherwise. Stops at a record the CSV reader cannot read.
pub fn record_lines(data: &[u8]) -> Vec<u32> {
    let mut lines = LineCounter::new(data);
    let mut rdr = csv::ReaderBuilder::new()
        .flexible(true)
        .has_headers(false)
        .from_reader(data);
    let mut rec = csv::ByteRecord::new();
    let mut out = Vec::new();
    while let Ok(true) = rdr.read_byte_record(&mut rec) {
        out.push(lines.line_of(rec.position().map(|p| p.byte()).unwrap_or(0)));
    }
    out
}

/// Reads every record of `rdr` into `reader`, numbering lines with `lines`.
fn read_records(
    rdr: &mut csv::Reader<&[u8]>,
    lines: &mut LineCounter,
    reader: &mut TravellersReader,
) -> Result<(), ReadError> {
    let mut rec = csv::StringRecord::new();
    while rdr.read_record(&mut rec).map_err(csv_error)? {
        let line = lines.line_of(rec.position().map(|p| p.byte()).unwrap_or(0));
        refuse_runaway_quote(&rec, line, reader.cols.width)?;
        reader.read(&rec, line);
    }
    Ok(())
}

/// The error of a record read from line `line`, under a header of `columns` columns,
/// whose quoted field takes in a line of its own (which would vanish into that field).
fn refuse_runaway_quote(
    rec: &csv::StringRecord,
    line: u32,
    columns: usize,
) -> Result<(), ReadError> {
    let fields = rec.iter().map(str::as_bytes);
    match crate::quotes::runaway_quote(fields, line.into(), columns) {
        Some(message) => Err(ReadError::Csv {
            line: line.into(),
            message,
        }),
        None => Ok(()),
    }
}

/// The error of a header whose quoted field takes in the lines after it.
fn refuse_runaway_header(header: &csv::StringRecord) -> Result<(), ReadError> {
    let fields = header.iter().map(str::as_bytes);
    match crate::quotes::runaway_quote_in_header(fields, 1) {
        Some(message) => Err(ReadError::Csv { line: 1, message }),
        None => Ok(()),
    }
}

/// Reads travellers line by line, for a caller that parses the CSV itself (an archive
/// holding many sessions in one file).
#[derive(Debug)]
pub struct TravellersReader {
    cols: Columns,
    lang: Language,
    state: LineState,
    event: Event,
    /// Whether a line is first tried as a [`clean_line`]: the file has no column a
    /// clean line leaves out.
    clean: bool,
}

impl TravellersReader {
    /// A reader for lines under this header; an error when a needed column is missing.
    pub fn new(header: &csv::StringRecord, options: ReadOptions) -> Result<Self, ReadError> {
        let cols = Columns::from_header(header)?;
        Ok(TravellersReader {
            clean: cols.has_clean_lines(),
            cols,
            lang: options.lang,
            state: LineState::default(),
            event: Event {
                stored: options.stored,
                ..Event::default()
            },
        })
    }

    /// Makes room for this many lines.
    pub fn reserve(&mut self, lines: usize) {
        self.event.results.reserve(lines);
        self.event.lines.reserve(lines);
    }

    /// A reader for the same columns and language that has read nothing.
    fn clone_empty(&self) -> TravellersReader {
        TravellersReader {
            cols: self.cols.clone(),
            lang: self.lang,
            state: LineState::default(),
            event: Event {
                stored: self.event.stored,
                ..Event::default()
            },
            clean: self.clean,
        }
    }

    /// Reads one CSV record, the file's line `line`; blank records are passed over.
    pub fn read(&mut self, rec: &csv::StringRecord, line: u32) {
        self.read_fields(rec, line);
    }

    /// Reads one line's fields, the file's line `line`; blank lines are passed over.
    fn read_fields<R: Fields + ?Sized>(&mut self, rec: &R, line: u32) {
        if let Some((result, info)) = self.line(rec, line) {
            self.event.results.push(result);
            self.event.lines.push(info);
        }
    }

    /// The result of one line's fields, the file's line `line`: `None` for a blank
    /// line, a penalty or a line with an error (kept in the event).
    fn line<R: Fields + ?Sized>(&mut self, rec: &R, line: u32) -> Option<(TableResult, LineInfo)> {
        if self.clean
            && let Some(read) = clean_line(
                rec,
                line,
                &self.cols,
                self.lang,
                &mut self.state,
                &mut self.event,
            )
        {
            return Some(read);
        }
        if rec.is_blank() {
            return None;
        }
        let (cols, lang, event) = (&self.cols, self.lang, &mut self.event);
        read_line(rec, line, cols, lang, event, &mut self.state).unwrap_or_else(
            |(board, message)| {
                event
                    .diagnostics
                    .push(Diagnostic::error(line, board, message));
                None
            },
        )
    }

    /// Adds the lines another reader read after this one's (the rest of the same file).
    pub fn append(&mut self, mut other: TravellersReader) {
        let results = std::mem::take(&mut other.event.results);
        let lines = std::mem::take(&mut other.event.lines);
        let renumber = self.absorb(other);
        self.event.results.extend(results.into_iter().map(|mut r| {
            r.ns = renumber[r.ns_pair()];
            r.ew = renumber[r.ew_pair()];
            r
        }));
        self.event.lines.extend(lines);
    }

    /// Takes over another reader's pairs (numbered on from this one's, as one reading
    /// from start to end numbers them), messages and penalties, but not its results:
    /// returns the new number of each of its pairs. A pair numbered past what a result
    /// holds is an error (and is given the last number).
    fn absorb(&mut self, other: TravellersReader) -> Vec<u32> {
        // Where each substitute sat, by its number in the other half.
        let mut seats: Vec<Option<(String, SubstitutePlace)>> = vec![None; other.event.pairs.len()];
        for (key, i) in other.state.index.substitutes {
            seats[i] = Some(key);
        }
        // In the order they were met, as one reading from start to end numbers them.
        let mut too_many = false;
        let renumber: Vec<u32> = other
            .event
            .pairs
            .iter()
            .zip(seats)
            .map(|(p, seat)| {
                if let Some((section, seat)) = seat {
                    return self
                        .event
                        .intern_substitute(&mut self.state.index, &section, seat);
                }
                let i = self
                    .event
                    .intern_pair(&mut self.state.index, &p.section, &p.id);
                if self.event.pairs[i].names.is_empty() {
                    self.event.pairs[i].names.clone_from(&p.names);
                }
                i
            })
            .map(|i| {
                u32::try_from(i).unwrap_or_else(|_| {
                    too_many = true;
                    u32::MAX
                })
            })
            .collect();
        if too_many {
            self.event
                .diagnostics
                .push(Diagnostic::error(0, None, too_many_pairs()));
        }
        self.state.past_header += other.state.past_header;
        self.state.unnamed += other.state.unnamed;
        let other = other.event;
        self.event.diagnostics.extend(other.diagnostics);
        self.event
            .penalties
            .extend(other.penalties.into_iter().map(|mut p| {
                (p.ns, p.ew) = (renumber[p.ns] as usize, renumber[p.ew] as usize);
                p
            }));
        renumber
    }

    /// The event read, its penalty lines checked against its traveller lines.
    pub fn finish(mut self) -> Event {
        let penalties = penalty_check::check(&self.event);
        self.event.diagnostics.extend(penalties);
        let unnamed = self.state.unnamed;
        if unnamed > PAST_HEADER_SHOWN {
            self.event.diagnostics.push(Diagnostic::warning(
                0,
                None,
                format!(
                    "{unnamed} lines in all have fields under a column with no name in the header (only the first are named): name the column, or remove the fields"
                ),
            ));
        }
        let past = self.state.past_header;
        if past > PAST_HEADER_SHOWN {
            self.event.diagnostics.push(Diagnostic::warning(
                0,
                None,
                format!(
                    "{past} lines in all have fields past the header's columns (only the first are named): add the missing column to the header, or remove the extra fields"
                ),
            ));
        }
        self.event
    }
}

fn csv_error(e: csv::Error) -> ReadError {
    let line = e.position().map(|p| p.line()).unwrap_or(0);
    ReadError::Csv {
        line,
        message: e.to_string(),
    }
}

/// What one reader remembers between lines.
#[derive(Debug, Default)]
struct LineState {
    index: PairIndex,
    contracts: ContractMemo,
    /// Lines with fields past the header's columns: the first few (of each half of a
    /// file read in two) are each a warning, the rest only counted (a header short of a
    /// column every line fills).
    past_header: usize,
    /// Lines with fields under a column whose header is empty, told as `past_header`.
    unnamed: usize,
}

/// How many lines with fields past the header are each a warning of their own.
const PAST_HEADER_SHOWN: usize = 10;

/// What is said of the first of `fields` (each named, with its text) that holds a
/// character that shows nothing: on a file's line an error (it would print as another
/// pair's id, or player's, and make one of its own); on a line the club's database
/// kept before klaver refused it ([`Event::stored`]) a warning, the line read as kept.
fn invisible_said(fields: &[(&str, &str)], line: u32, stored: bool) -> Option<Diagnostic> {
    let (what, held) =
        (fields.iter()).find_map(|&(what, text)| Some((what, invisible::held(what, text)?)))?;
    if !stored {
        return Some(Diagnostic::error(line, None, format!("{held}: remove it")));
    }
    let mend = match what {
        "the players" => {
            "a player who looks like another; give the pair's players again (klaver session players)"
        }
        _ => {
            "another pair than the one it looks like; correct the line's pair, or import the night again"
        }
    };
    let message = format!(
        "{held}: the club's database kept it so before klaver refused it, and it is scored as {mend}"
    );
    Some(Diagnostic::warning(line, None, message))
}

/// The line's two pairs; `-` is an unranked substitute pair (one per table and round
/// when the file says them). An error when a pair is missing, both are substitutes, or
/// a pair or the section holds a character that shows nothing (it would print as
/// another pair's id and make a pair of its own).
fn line_pairs<R: Fields + ?Sized>(
    rec: &R,
    line: u32,
    cols: &Columns,
    (table, round): (u32, u32),
    event: &mut Event,
    index: &mut PairIndex,
) -> Result<(usize, usize), String> {
    let (ns_id, ew_id) = (field(rec, Some(cols.ns)), field(rec, Some(cols.ew)));
    if ns_id.is_empty() || ew_id.is_empty() || (is_substitute(ns_id) && is_substitute(ew_id)) {
        return Err("the ns or ew pair is empty: every line needs both pairs (write - for a substitute pair that is not ranked)".into());
    }
    let section = field(rec, cols.section);
    let named = [
        ("the section", section),
        ("the NS pair", ns_id),
        ("the EW pair", ew_id),
    ];
    if let Some(said) = invisible_said(&named, line, event.stored) {
        if said.severity == Severity::Error {
            return Err(said.message);
        }
        event.diagnostics.push(said);
    }
    let mut pair = |id: &str, north_south: bool| {
        if !is_substitute(id) {
            return event.intern_pair(index, section, id);
        }
        let seat = if table > 0 && round > 0 {
            SubstitutePlace::Table(table, round, north_south)
        } else {
            SubstitutePlace::Line(line, north_south)
        };
        event.intern_substitute(index, section, seat)
    };
    Ok((pair(ns_id, true), pair(ew_id, false)))
}

/// Whether a pair id is `-`, an unranked substitute pair: also written with the dashes
/// a word processor puts for it (en dash, minus sign, em dash).
fn is_substitute(id: &str) -> bool {
    matches!(id, "-" | "\u{2013}" | "\u{2212}" | "\u{2014}")
}

/// An error of a line: its board when known, and the message.
type LineError = (Option<u32>, String);

/// Reads one traveller line: its result, or `None` for a penalty (kept in the event).
/// An error names what to fix; the line then adds no result.
fn read_line<R: Fields + ?Sized>(
    rec: &R,
    line: u32,
    cols: &Columns,
    lang: Language,
    event: &mut Event,
    state: &mut LineState,
) -> Result<Option<(TableResult, LineInfo)>, LineError> {
    let board = line_board(field(rec, Some(cols.board)))?;
    let b = Some(board.number());
    if rec.len() > cols.width {
        fields_past_the_header(rec, cols.width, (line, b), event, &mut state.past_header);
    }
    if cols.fills_unnamed(rec) {
        fields_without_a_column(rec, cols, (line, b), event, &mut state.unnamed);
    }
    let mut text = line_text(rec, cols).map_err(|m| (b, m))?;
    if !text.lead.is_empty() {
        text.lead = read_lead(&text.lead, lang, (line, b), event);
    }
    let (ns, ew) = line_pairs(
        rec,
        line,
        cols,
        (text.table, text.round),
        event,
        &mut state.index,
    )
    .map_err(|m| (b, m))?;
    let adjust = if text.adjust.is_empty() {
        Adjust::None
    } else {
        parse_adjust(text.adjust, board, lang).map_err(|m| (b, m))?
    };
    let at = Where { line, board };
    let read = read_contract(rec, cols, lang, at, event, &mut state.contracts)?;
    let entered = entered_score(field(rec, cols.score)).map_err(|m| (b, m))?;
    let computed = match &read {
        Contract::Passed => Some(0),
        Contract::Played(p) => Some(p.score_ns(board.vulnerability())),
        Contract::None | Contract::Unread(_) => None,
    };
    if let Contract::Played(p) = &read {
        let result = cols.typed_result(rec);
        let note = tricks_taken::note(result, p.play, entered, board.vulnerability(), lang);
        let said = note.map(|m| Diagnostic::warning(line, b, m));
        event.diagnostics.extend(said);
    }
    let (play, passed, unread) = match read {
        Contract::Played(p) => (Some(p.play), false, String::new()),
        Contract::Passed => (None, true, String::new()),
        Contract::None => (None, false, String::new()),
        Contract::Unread(contract) => (None, false, contract),
    };
    let mut info = LineInfo {
        play,
        passed,
        text: text.owned(unread),
    };
    let reversed = matches!(adjust, Adjust::Reverse);
    let replaces = matches!(adjust, Adjust::Outcome(_)) && entered.is_some();
    let scores = (entered, computed);
    let Some(outcome) = line_outcome(adjust, scores, &info, at, lang, event, (ns, ew)) else {
        return Ok(None);
    };
    if replaces {
        info.text_mut().replaced_score = entered;
    }
    // A result holds its pairs in 32 bits.
    let (Ok(ns), Ok(ew)) = (u32::try_from(ns), u32::try_from(ew)) else {
        return Err((b, too_many_pairs()));
    };
    let mut result = TableResult::new(board.number(), (ns, ew), outcome).at_line(line);
    result.set_reversed(reversed);
    Ok(Some((result, info)))
}

/// The usual line read the short way: a board, two pairs, a contract read directly from
/// its three columns whose score the score column agrees with (or leaves empty), no
/// adjustment and nothing past the header. `None` for any other line, which
/// [`read_line`] then reads. A line read here is read as `read_line` reads it, by the
/// same helpers, and is a line it has nothing to say of.
#[inline]
fn clean_line<R: Fields + ?Sized>(
    rec: &R,
    line: u32,
    cols: &Columns,
    lang: Language,
    state: &mut LineState,
    event: &mut Event,
) -> Option<(TableResult, LineInfo)> {
    if rec.len() > cols.width || !field(rec, cols.adjust).is_empty() || cols.fills_unnamed(rec) {
        return None;
    }
    let board = line_board(field(rec, Some(cols.board))).ok()?;
    let (ns_id, ew_id) = (field(rec, Some(cols.ns)), field(rec, Some(cols.ew)));
    // A pair holding a character that shows nothing is refused, by the long way.
    if [ns_id, ew_id]
        .iter()
        .any(|id| id.is_empty() || is_substitute(id) || invisible::first_invisible(id).is_some())
    {
        return None;
    }
    let (contract, declarer, result) = (
        field(rec, cols.contract),
        field(rec, cols.declarer),
        field(rec, cols.result),
    );
    if contract.is_empty() || (declarer.is_empty() && result.is_empty()) {
        return None;
    }
    let play = state.contracts.direct(contract, declarer, result, lang)?;
    let score = play.score_ns(board.vulnerability());
    let entered = entered_score(field(rec, cols.score)).ok()?;
    if entered.is_some_and(|s| s != score) {
        return None;
    }
    // A small number that may be meant otherwise than as tricks taken, which no score
    // confirms: said, by the long way.
    if entered.is_none() && !cols.tricks && tricks_taken::may_mean_otherwise(result, play.play) {
        return None;
    }
    // The pairs are numbered last, as `read_line` numbers them: only for a line read.
    let ns = event.intern_pair(&mut state.index, "", ns_id);
    let ew = event.intern_pair(&mut state.index, "", ew_id);
    let (ns, ew) = (u32::try_from(ns).ok()?, u32::try_from(ew).ok()?);
    let result = TableResult::new(board.number(), (ns, ew), Outcome::Score(score)).at_line(line);
    let info = LineInfo {
        play: Some(play.play),
        passed: false,
        text: None,
    };
    Some((result, info))
}

/// The error of a pair numbered past the 2^32 pairs a result can name.
#[cold]
fn too_many_pairs() -> String {
    format!(
        "more than {} pairs in one session: no more can be scored together; split the session",
        u64::from(u32::MAX) + 1
    )
}

/// A warning for a line with more fields than the header has columns, when any of
/// the fields past them holds something (a trailing comma is left alone); past the
/// first [`PAST_HEADER_SHOWN`] such lines of a file, they are only counted (`seen`).
#[cold]
fn fields_past_the_header<R: Fields + ?Sized>(
    rec: &R,
    width: usize,
    (line, board): (u32, Option<u32>),
    event: &mut Event,
    seen: &mut usize,
) {
    if (width..rec.len()).all(|i| {
        rec.get(i)
            .is_none_or(|f| crate::plain_csv::trim(f).is_empty())
    }) {
        return;
    }
    *seen += 1;
    if *seen > PAST_HEADER_SHOWN {
        return;
    }
    let extra: Vec<&str> = (width..rec.len())
        .filter_map(|i| rec.get(i).map(crate::plain_csv::trim))
        .filter(|f| !f.is_empty())
        .collect();
    let (what, verb) = match extra.as_slice() {
        [] => return,
        [one] => (one.to_string(), "is"),
        [first @ .., last] => (format!("{} and {last}", first.join(", ")), "are"),
    };
    event.diagnostics.push(Diagnostic::warning(
        line,
        board,
        format!(
            "the line has {} fields and the header {width}: {what} {verb} not read; check for a comma inside a field or a column the header lacks",
            rec.len()
        ),
    ));
}

/// A warning for each field of a line under a column whose header is empty, which is
/// not read; past the first [`PAST_HEADER_SHOWN`] such lines of a file, they are only
/// counted (`seen`).
#[cold]
fn fields_without_a_column<R: Fields + ?Sized>(
    rec: &R,
    cols: &Columns,
    (line, board): (u32, Option<u32>),
    event: &mut Event,
    seen: &mut usize,
) {
    *seen += 1;
    if *seen > PAST_HEADER_SHOWN {
        return;
    }
    for &c in &cols.unnamed {
        let text = field(rec, Some(c));
        if text.is_empty() {
            continue;
        }
        event.diagnostics.push(Diagnostic::warning(
            line,
            board,
            format!(
                "column {} has no name in the header: {text} is not read; name the column (contract, declarer, result, ...) or remove the field",
                c + 1
            ),
        ));
    }
}

/// The board of a line.
fn line_board(text: &str) -> Result<Board, LineError> {
    let board = match crate::plain_csv::short_number(text) {
        Some(n) => u32::try_from(n).ok().and_then(|n| Board::new(n).ok()),
        None => Board::from_digits(text),
    };
    // A board is ASCII digits: only text that is none may hold a character that shows
    // nothing, which is then what to remove.
    board.ok_or_else(|| {
        let refused = invisible::refused("board", text);
        let message = refused.unwrap_or_else(|| {
            format!("board {text:?} is not a board number: write a number from 1")
        });
        (None, message)
    })
}

/// The texts a line carries besides its result: table, round, lead, adjustment, room
/// and published matchpoints.
fn line_text<'a, R: Fields + ?Sized>(rec: &'a R, cols: &Columns) -> Result<LineFields<'a>, String> {
    let mut text = LineFields {
        lead: Cow::Borrowed(field(rec, cols.lead)),
        adjust: field(rec, cols.adjust),
        room: field(rec, cols.room),
        published: None,
        table: 0,
        round: 0,
    };
    for (col, what, slot) in [
        (cols.table, "table", &mut text.table),
        (cols.round, "round", &mut text.round),
    ] {
        let t = field(rec, col);
        // Digits only: a sign is refused, as on a board number; and from 1 (a 0 would
        // be taken for no number, which the line keeps as 0).
        let number = t
            .bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| t.parse::<u32>().ok().filter(|&n| n > 0));
        match number.flatten() {
            Some(n) => *slot = n,
            None if t.is_empty() => {}
            None => {
                return Err(format!(
                    "{what} {t:?} is not a {what} number: write a number from 1, or leave it empty"
                ));
            }
        }
    }
    // Either column is read alone: the other side is then not published.
    if cols.mp_ns.is_some() || cols.mp_ew.is_some() {
        let (a, c) = (field(rec, cols.mp_ns), field(rec, cols.mp_ew));
        if !a.is_empty() || !c.is_empty() {
            text.published = Some((a, c));
        }
    }
    Ok(text)
}

/// A line's lead as PBN writes the card (`HK`, `ST`), read in the file's notation
/// `lang` (Dutch `HV` is `HQ`). A lead that is not one card is kept as written, since
/// what was meant is not klaver's to guess and the director may know it, and said,
/// naming the line.
fn read_lead(
    lead: &str,
    lang: Language,
    (line, board): (u32, Option<u32>),
    event: &mut Event,
) -> Cow<'static, str> {
    if let Some(card) = klaver_core::lead::read_card(lead, lang) {
        return Cow::Owned(card);
    }
    event.diagnostics.push(Diagnostic::warning(
        line,
        board,
        format!(
            "the lead {lead:?} is not one card: write the suit and then the rank ({}), or leave it empty; it is kept as written",
            klaver_core::lead::examples(lang)
        ),
    ));
    Cow::Owned(lead.to_string())
}

/// A line's texts where they stand in its fields: copied only when one is not empty (a
/// field of a million lines mostly has none).
struct LineFields<'a> {
    lead: Cow<'a, str>,
    adjust: &'a str,
    room: &'a str,
    published: Option<(&'a str, &'a str)>,
    table: u32,
    round: u32,
}

impl LineFields<'_> {
    /// The texts to keep with the line, with the contract text when it could not be read.
    fn owned(&self, unread_contract: String) -> Option<Box<LineText>> {
        let none = unread_contract.is_empty()
            && self.lead.is_empty()
            && self.adjust.is_empty()
            && self.room.is_empty()
            && self.published.is_none()
            && self.table == 0
            && self.round == 0;
        (!none).then(|| {
            Box::new(LineText {
                unread_contract,
                lead: self.lead.to_string(),
                adjust: self.adjust.to_string(),
                published: self.published.map(|(a, c)| (a.to_string(), c.to_string())),
                room: self.room.to_string(),
                table: self.table,
                round: self.round,
                replaced_score: None,
            })
        })
    }
}

/// A line's contract as read.
enum Contract {
    /// The line has no contract.
    None,
    /// Passed out.
    Passed,
    Played(PlayScores),
    /// A contract that could not be read, kept as written (the entered score is used).
    Unread(String),
}

/// The line's contract, with a warning for anything the reading had to assume; an
/// unreadable one is an error unless the line has a score.
fn read_contract<R: Fields + ?Sized>(
    rec: &R,
    cols: &Columns,
    lang: Language,
    at: Where,
    event: &mut Event,
    memo: &mut ContractMemo,
) -> Result<Contract, LineError> {
    let contract_text = field(rec, cols.contract);
    if contract_text.is_empty() {
        event
            .diagnostics
            .extend(play_without_contract(rec, cols, at));
        return Ok(Contract::None);
    }
    let (declarer, result) = (field(rec, cols.declarer), field(rec, cols.result));
    let read = if declarer.is_empty() && result.is_empty() {
        notation::parse_entry(contract_text, lang, Mode::Lenient)
    } else {
        // Three clean columns read directly; anything else goes through the lenient
        // reading of the whole entry, which reports what it had to assume.
        match memo.direct(contract_text, declarer, result, lang) {
            Some(play) => return Ok(Contract::Played(play)),
            None => {
                let joined = format!("{contract_text} {declarer} {result}");
                notation::parse_entry(joined.trim(), lang, Mode::Lenient)
            }
        }
    };
    let b = Some(at.board.number());
    match read {
        Ok((entry, assumptions)) => {
            for a in assumptions {
                let d = Diagnostic::warning(at.line, b, a.to_string());
                event.diagnostics.push(d.saying(Said::Assumed(a)));
            }
            Ok(match entry {
                Entry::Passed => Contract::Passed,
                Entry::Played(play) => Contract::Played(PlayScores::of(play)),
            })
        }
        Err(e) if !field(rec, cols.score).is_empty() => {
            let texts = (contract_text, field(rec, cols.score));
            unread_contract(e, texts, at, event)
        }
        Err(e) => {
            let fix = if cols.score.is_some() {
                "correct the contract or enter the score"
            } else {
                "correct the contract (the file has no score column)"
            };
            Err((b, format!("{e}: {fix}")))
        }
    }
}

/// The warning of a line that gives a declarer or a result but no contract: they
/// cannot be read without it, and the line is scored by what else it gives.
#[cold]
fn play_without_contract<R: Fields + ?Sized>(
    rec: &R,
    cols: &Columns,
    at: Where,
) -> Option<Diagnostic> {
    let (declarer, result) = (field(rec, cols.declarer), field(rec, cols.result));
    let (what, given, they) = match (declarer.is_empty(), result.is_empty()) {
        (true, true) => return None,
        (false, true) => (format!("declarer {declarer}"), "is", "it is"),
        (true, false) => (format!("result {result}"), "is", "it is"),
        (false, false) => (
            format!("declarer {declarer} and result {result}"),
            "are",
            "they are",
        ),
    };
    let used = match field(rec, cols.score) {
        "" => String::new(),
        score => format!(" and the entered score {score} is used"),
    };
    Some(Diagnostic::warning(
        at.line,
        Some(at.board.number()),
        format!(
            "{what} {given} given without a contract: {they} not read{used}; write the contract in the contract column"
        ),
    ))
}

/// A contract that cannot be read on a line with a score: the entered score is used,
/// with a warning, when North-South can get it; when they cannot, nothing stands in for
/// the contract and the line is an error.
fn unread_contract(
    e: notation::NotationError,
    (contract, score): (&str, &str),
    at: Where,
    event: &mut Event,
) -> Result<Contract, LineError> {
    let (b, vul) = (Some(at.board.number()), at.board.vulnerability());
    if let Ok(Some(s)) = entered_score(score)
        && !score_check::is_possible(s, vul)
    {
        return Err((
            b,
            format!(
                "{e}, and the entered score {s} is not a score North-South can get with {}: nothing is scored until the line is corrected: correct the contract or the score",
                vul_words(vul)
            ),
        ));
    }
    let said = Said::Unread {
        text: e.text.clone(),
        misread: e.misread.clone(),
    };
    let d = Diagnostic::warning(at.line, b, format!("{e}; the entered score is used"));
    event.diagnostics.push(d.saying(said));
    Ok(Contract::Unread(contract.to_string()))
}

/// The entered score, when the line has one.
fn entered_score(text: &str) -> Result<Option<i32>, String> {
    if text.is_empty() {
        return Ok(None);
    }
    if let Some(n) = crate::plain_csv::short_number(text) {
        return Ok(Some(n));
    }
    text.parse::<i32>().map(Some).map_err(|_| {
        format!("score {text:?} is not a number: write North-South's score, e.g. 420 or -50")
    })
}

/// The outcome of a line from its adjustment and score; `None` when the line adds no
/// result (a penalty, kept apart, or a score that is an error).
fn line_outcome(
    adjust: Adjust,
    (entered, computed): (Option<i32>, Option<i32>),
    info: &LineInfo,
    at: Where,
    lang: Language,
    event: &mut Event,
    (ns, ew): (usize, usize),
) -> Option<Outcome> {
    match adjust {
        // (A 0 in the score column of a line without a contract is an empty cell as a
        // spreadsheet fills it, not a result.)
        Adjust::Penalty(..) if entered.is_some_and(|s| s != 0) || computed.is_some() => {
            event.diagnostics.push(Diagnostic::error(
                at.line,
                Some(at.board.number()),
                format!(
                    "a penalty ({}) goes on a line of its own, with no score or contract: here it would take the place of this line's result; write it on a new line for the same pairs",
                    info.adjust()
                ),
            ));
            None
        }
        Adjust::Penalty(to_ns, to_ew) => {
            event.penalties.push(Penalty {
                ns,
                ew,
                points: (to_ns, to_ew),
                board: at.board.number(),
                line: at.line,
            });
            None
        }
        Adjust::Outcome(o) => {
            if entered.is_some() || computed.is_some() {
                event.diagnostics.push(Diagnostic::warning(
                    at.line,
                    Some(at.board.number()),
                    format!(
                        "the adjustment {} replaces the score on this line",
                        info.adjust()
                    ),
                ));
            }
            Some(o)
        }
        Adjust::None | Adjust::Reverse | Adjust::Split(..) => {
            let score = line_score(entered, computed, info, at, lang, event)?;
            Some(match adjust {
                Adjust::Split(side, percent) => Outcome::ScoreAndArtificial {
                    score,
                    side,
                    percent,
                },
                _ => Outcome::Score(score),
            })
        }
    }
}

/// The contracts of clean contract, declarer and result columns already read, by their
/// texts: a field of a million lines has a few hundred different ones.
#[derive(Debug)]
struct ContractMemo {
    slots: Vec<Option<(u128, Option<PlayScores>)>>,
}

/// A played contract's score for North-South, not vulnerable and vulnerable (the
/// declarer's side's vulnerability decides): worked out once per contract text, not once
/// per line.
#[derive(Debug, Clone, Copy)]
struct PlayScores {
    play: Play,
    not_vulnerable: i32,
    vulnerable: i32,
}

impl PlayScores {
    fn of(play: Play) -> PlayScores {
        PlayScores {
            play,
            not_vulnerable: play.score_ns(Vulnerability::None),
            vulnerable: play.score_ns(Vulnerability::Both),
        }
    }

    /// `Play::score_ns` on a board of this vulnerability.
    fn score_ns(&self, vul: Vulnerability) -> i32 {
        if vul.is_vulnerable(self.play.declarer().side()) {
            self.vulnerable
        } else {
            self.not_vulnerable
        }
    }
}

impl Default for ContractMemo {
    fn default() -> ContractMemo {
        ContractMemo {
            slots: vec![None; 1024],
        }
    }
}

impl ContractMemo {
    /// `direct_play` of these texts with its scores, remembered when the texts are short
    /// enough to be a key.
    fn direct(
        &mut self,
        contract: &str,
        declarer: &str,
        result: &str,
        lang: Language,
    ) -> Option<PlayScores> {
        let read = || direct_play(contract, declarer, result, lang).map(PlayScores::of);
        let Some(key) = memo_key(contract, declarer, result) else {
            return read();
        };
        let slot = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C835) >> 118) as usize;
        match self.slots[slot] {
            Some((k, entry)) if k == key => entry,
            _ => {
                let entry = read();
                self.slots[slot] = Some((key, entry));
                entry
            }
        }
    }
}

/// The three texts packed into one number: their bytes one after the other, and their
/// lengths in the last two bytes (so no two triples share a key); `None` when one takes
/// more than 8 bytes or all more than 13.
fn memo_key(contract: &str, declarer: &str, result: &str) -> Option<u128> {
    let (c, d, r) = (contract.as_bytes(), declarer.as_bytes(), result.as_bytes());
    let (cd, all) = (c.len() + d.len(), c.len() + d.len() + r.len());
    if all > 13 || c.len() > 8 || d.len() > 8 || r.len() > 8 {
        return None;
    }
    let texts = u128::from(short_word(c))
        | u128::from(short_word(d)) << (8 * c.len())
        | u128::from(short_word(r)) << (8 * cd);
    // Each length is at most 8: four bits.
    let lengths = (c.len() | d.len() << 4 | r.len() << 8) as u128;
    Some(texts | lengths << 112)
}

/// The bytes of a text of at most 8 bytes as a little-endian number, read in at most
/// two loads that may overlap (a byte read twice lands in the same place).
#[inline(always)]
fn short_word(b: &[u8]) -> u64 {
    let n = b.len();
    if n >= 4 {
        let first = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
        let last = u32::from_le_bytes([b[n - 4], b[n - 3], b[n - 2], b[n - 1]]);
        u64::from(first) | u64::from(last) << (8 * (n - 4))
    } else if n > 0 {
        u64::from(b[0])
            | u64::from(b[n / 2]) << (8 * (n / 2))
            | u64::from(b[n - 1]) << (8 * (n - 1))
    } else {
        0
    }
}

/// A traveller line's place, for messages.
#[derive(Clone, Copy)]
struct Where {
    line: u32,
    board: Board,
}

/// The line's score: the entered one, else the contract's. A contract that disagrees with
/// the entered score is a warning (the entered score is used); a line with neither, or a
/// score nobody can get with the board's vulnerability (the contract disagreeing with
/// it or not), is an error and gives `None`.
fn line_score(
    entered: Option<i32>,
    computed: Option<i32>,
    info: &LineInfo,
    at: Where,
    lang: Language,
    event: &mut Event,
) -> Option<i32> {
    let (line, b, vul) = (at.line, at.board.number(), at.board.vulnerability());
    let score = match (entered, computed) {
        (Some(s), Some(c)) if s != c => {
            let (possible, message, found) = disagreement(s, c, info, vul, lang);
            if !possible {
                event
                    .diagnostics
                    .push(Diagnostic::error(line, Some(b), message));
                return None;
            }
            let said = Said::ScoreDisagrees(found);
            event
                .diagnostics
                .push(Diagnostic::warning(line, Some(b), message).saying(said));
            s
        }
        (Some(s), Some(_)) => s,
        (Some(s), None) => s,
        (None, Some(c)) => c,
        (None, None) => {
            event.diagnostics.push(Diagnostic::error(
                line,
                Some(b),
                "no score and no contract: enter the score, the contract with declarer and result, PASS, or an adjustment such as NP or AVG",
            ));
            return None;
        }
    };
    // A contract's own score is always one North-South can get.
    if computed != Some(score) && !score_check::is_possible(score, vul) {
        let hint = other_vulnerability_hint(score, vul);
        event.diagnostics.push(Diagnostic::error(
            line,
            Some(b),
            format!(
                "{score} is not a score North-South can get with {}{hint}: check the score and the board number",
                vul_words(vul)
            ),
        ));
        return None;
    }
    Some(score)
}

/// What a director reads when a line's contract scores `computed` but `entered` was
/// entered: with a hint when the score fits another vulnerability or the result with its
/// sign the wrong way round. The entered score is used when North-South can get it with
/// the board's vulnerability (the first value); when they cannot, nothing is scored
/// until the line is corrected, and the message says so.
fn disagreement(
    entered: i32,
    computed: i32,
    info: &LineInfo,
    vul: Vulnerability,
    lang: Language,
) -> (bool, String, Disagreement) {
    let s = entered;
    let what = info
        .play
        .map(|p| notation::format_entry(&Entry::Played(p), lang))
        .unwrap_or_else(|| "pass".into());
    let found = Disagreement {
        play: info.play,
        computed,
        entered,
        vulnerability: vul,
        hint: disagreement_hint(info.play, entered, vul),
    };
    let hint = match found.hint {
        Some(Hint::OtherVulnerability(v)) => format!(" ({s} is its score when {})", vul_clause(v)),
        Some(Hint::SignFlipped(q)) => format!(
            " ({} would score {s}: is the result's sign the wrong way round?)",
            notation::format_entry(&Entry::Played(q), lang)
        ),
        None => String::new(),
    };
    let vul_text = vul_words(vul);
    let mismatch = format!(
        "the contract {what} scores {computed} for North-South with {vul_text} but {s} was entered{hint}"
    );
    if score_check::is_possible(s, vul) {
        let used = "the entered score is used: correct the contract, the score or the board number";
        return (true, format!("{mismatch}; {used}"), found);
    }
    let hint = if hint.is_empty() {
        other_vulnerability_hint(s, vul)
    } else {
        String::new()
    };
    (
        false,
        format!(
            "{mismatch}, and {s} is not a score North-South can get with {vul_text}{hint}: nothing is scored until the line is corrected: correct the contract, the score or the board number"
        ),
        found,
    )
}

/// What an entered score that disagrees with the contract played would fit: the
/// contract with another vulnerability, else the result's sign the other way round.
fn disagreement_hint(play: Option<Play>, entered: i32, vul: Vulnerability) -> Option<Hint> {
    let p = play?;
    if let Some(v) = VULS
        .into_iter()
        .find(|&v| v != vul && p.score_ns(v) == entered)
    {
        return Some(Hint::OtherVulnerability(v));
    }
    let c = p.contract();
    let tricks = c.tricks_for_result(-p.result()).ok()?;
    let q = Play::new(c, p.declarer(), tricks).ok()?;
    (p.result() != 0 && q.score_ns(vul) == entered).then_some(Hint::SignFlipped(q))
}

/// " (630 is 3NT+1 by North with North-South vulnerable)" when the score fits another
/// vulnerability, so a wrong board number or a misremembered vulnerability is obvious.
fn other_vulnerability_hint(score: i32, vul: Vulnerability) -> String {
    for other in VULS {
        if other == vul {
            continue;
        }
        if let Some(p) = score_check::contracts_scoring(score, other, 1).first() {
            return format!(
                " ({score} is {} with {})",
                notation::format_entry(&Entry::Played(*p), Language::English),
                vul_words(other)
            );
        }
    }
    String::new()
}

/// Reads a pairs CSV (`pair,names`, optionally `section`, and `players`: the players'
/// ids joined by `+`, 1001+1002) and puts the names and ids on the event's pairs. Returns
/// warnings for the lines the travellers have no pair for and for the pairs that played
/// but are not in the file.
pub fn read_pairs<R: Read>(input: R, event: &mut Event) -> Result<Vec<Diagnostic>, ReadError> {
    read_names_file(input, event, Entrants::PAIRS)
}

/// How [`read_names`] reads a names file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NamesFile {
    /// A teams event's file, read as [`read_teams`] reads it; else a pairs file.
    pub teams: bool,
    /// How a player given twice is told: twice for one pair, or for two pairs (a
    /// player plays in one pair, or team, a night). A warning when the event is only
    /// scored; an error when it is to be stored, where the season ranking would refuse
    /// it.
    pub players_twice: Severity,
}

/// Reads a pairs or teams file as [`read_pairs`] and [`read_teams`] do, and says each
/// player given for a second pair or team, naming the line that gave the player first.
pub fn read_names<R: Read>(
    input: R,
    event: &mut Event,
    how: NamesFile,
) -> Result<Vec<Diagnostic>, ReadError> {
    let entrants = if how.teams {
        Entrants::TEAMS
    } else {
        Entrants::PAIRS
    };
    let entrants = Entrants {
        players_twice: Some(how.players_twice),
        ..entrants
    };
    read_names_file(input, event, entrants)
}

/// Reads a teams event's names file as [`read_pairs`] does, keeping the teams that have
/// no result in the travellers: a team with a bye in the rounds played so far still
/// takes part, is listed in the standings and is paired in the next Swiss round. Such a
/// team is kept only in a section the travellers have: a line of another section (or
/// without one when the travellers are in sections) is a warning, never a new team.
pub fn read_teams<R: Read>(input: R, event: &mut Event) -> Result<Vec<Diagnostic>, ReadError> {
    read_names_file(input, event, Entrants::TEAMS)
}

/// What a names file names, in its messages: pairs, or teams, whose entries without
/// results are kept as teams with a bye.
#[derive(Clone, Copy)]
struct Entrants {
    noun: &'static str,
    keep_idle: bool,
    /// How a player given for two of them is told; `None`: not looked for.
    players_twice: Option<Severity>,
}

impl Entrants {
    const PAIRS: Entrants = Entrants {
        noun: "pair",
        keep_idle: false,
        players_twice: None,
    };
    const TEAMS: Entrants = Entrants {
        noun: "team",
        keep_idle: true,
        players_twice: None,
    };
}

/// The columns of a names file.
/// A header read as one field that holds semicolons or tabs: a file whose fields are
/// separated by them.
fn other_separator(header: &csv::StringRecord) -> Result<(), ReadError> {
    match header.iter().collect::<Vec<_>>()[..] {
        [one] if one.contains(';') => Err(ReadError::OtherSeparator("';'")),
        [one] if one.contains('\t') => Err(ReadError::OtherSeparator("tabs")),
        _ => Ok(()),
    }
}

struct NamesColumns {
    pair: usize,
    names: usize,
    ids: Option<usize>,
    section: Option<usize>,
    /// The number of columns of the header.
    width: usize,
    /// The columns whose header is empty.
    unnamed: Vec<usize>,
}

/// The names of a names file's columns: the pair (or team), the names, the players'
/// ids (`players` holds the ids beside a names column, else the names) and the section.
const NAMES_PAIR: &[&str] = &["pair", "paar", "id", "team"];
const NAMES_NAMES: &[&str] = &["names", "naam", "name"];
const NAMES_IDS: &[&str] = &["ids", "player_ids", "bondsnummers"];
const NAMES_PLAYERS: &[&str] = &["players", "spelers"];
const NAMES_IDS_BESIDE_NAMES: &[&str] =
    &["ids", "player_ids", "bondsnummers", "players", "spelers"];
const NAMES_SECTION: &[&str] = &["section", "lijn"];

impl NamesColumns {
    fn find(header: &csv::StringRecord) -> Result<NamesColumns, ReadError> {
        other_separator(header)?;
        let find = |names: &'static [&str]| {
            crate::plain_csv::column_of(header, names).map_err(|(first, second)| {
                ReadError::TwoColumns {
                    name: names[0],
                    first,
                    second,
                }
            })
        };
        let pair = find(NAMES_PAIR)?.ok_or(ReadError::MissingPairsColumn("pair"))?;
        let (names, ids) = match find(NAMES_NAMES)? {
            Some(names) => (Some(names), find(NAMES_IDS_BESIDE_NAMES)?),
            None => (find(NAMES_PLAYERS)?, find(NAMES_IDS)?),
        };
        Ok(NamesColumns {
            pair,
            names: names.ok_or(ReadError::MissingPairsColumn("names"))?,
            ids,
            section: find(NAMES_SECTION)?,
            width: header.len(),
            unnamed: crate::plain_csv::unnamed_columns(header),
        })
    }

    /// A warning on the header for its named columns that are none of a names file's.
    fn unread(header: &csv::StringRecord) -> Option<Diagnostic> {
        let known = [
            NAMES_PAIR,
            NAMES_NAMES,
            NAMES_IDS,
            NAMES_PLAYERS,
            NAMES_SECTION,
        ];
        let unread: Vec<&str> = header
            .iter()
            .map(crate::plain_csv::header_name)
            .filter(|h| {
                !h.is_empty()
                    && !known
                        .iter()
                        .flat_map(|k| k.iter())
                        .any(|n| h.eq_ignore_ascii_case(n))
            })
            .collect();
        let message = unread_message(&unread)?;
        Some(Diagnostic::warning(
            1,
            None,
            format!(
                "{message} (the players' ids are read from a column ids, player_ids, bondsnummers or, beside names, players)"
            ),
        ))
    }

    /// A warning for a line's fields that are not read: past the header's columns (a
    /// name with a comma, not in quotes), or under a column whose header is empty.
    fn unread_fields(&self, rec: &csv::StringRecord, line: u32) -> Option<Diagnostic> {
        let past: Vec<&str> = rec
            .iter()
            .skip(self.width)
            .filter(|f| !f.is_empty())
            .collect();
        if !past.is_empty() {
            return Some(Diagnostic::warning(
                line,
                None,
                format!(
                    "the line has {} fields and the header {}: {} not read; put a name that holds a comma in quotes (\"Jansen, Piet\"), or add the column to the header",
                    rec.len(),
                    self.width,
                    spoken_verb(&past)
                ),
            ));
        }
        let unnamed: Vec<&str> = (self.unnamed.iter())
            .map(|&c| field(rec, Some(c)))
            .filter(|f| !f.is_empty())
            .collect();
        (!unnamed.is_empty()).then(|| {
            Diagnostic::warning(
                line,
                None,
                format!(
                    "{} under a column with no name in the header and {} not read: name the column, or remove the field",
                    spoken_verb(&unnamed),
                    if unnamed.len() == 1 { "is" } else { "are" }
                ),
            )
        })
    }
}

/// `x is`, `x and y are`: fields named with the verb that fits their number.
fn spoken_verb(fields: &[&str]) -> String {
    let listed: Vec<String> = fields.iter().map(|f| f.to_string()).collect();
    let verb = if fields.len() == 1 { "is" } else { "are" };
    format!("{} {verb}", spoken_list(&listed))
}

/// Reads a pairs or teams file into `event`.
fn read_names_file<R: Read>(
    input: R,
    event: &mut Event,
    entrants: Entrants,
) -> Result<Vec<Diagnostic>, ReadError> {
    let data = read_all(input)?;
    let (text, mut warnings) = as_text(&data)?;
    let data = text.as_bytes();
    let mut lines = LineCounter::new(data);
    let mut rdr = csv::ReaderBuilder::new()
        .flexible(true)
        .trim(csv::Trim::All)
        .from_reader(data);
    let header = rdr.headers().map_err(csv_error)?;
    refuse_runaway_header(header)?;
    let width = header.len();
    let cols = NamesColumns::find(header)?;
    warnings.extend(NamesColumns::unread(header));
    let mut names = NamesReader::new(event, entrants);
    for rec in rdr.records() {
        let rec = rec.map_err(csv_error)?;
        let line = lines.line_of(rec.position().map(|p| p.byte()).unwrap_or(0));
        refuse_runaway_quote(&rec, line, width)?;
        warnings.extend(names.read_line(event, &rec, &cols, line));
    }
    warnings.extend(names.unnamed(event));
    Ok(warnings)
}

/// The travellers' pairs or teams as a names file's lines are matched to them.
struct NamesReader {
    entrants: Entrants,
    /// Each pair found by its section and number at once: a field of 42,000 pairs was
    /// searched from the start for every line of its pairs file.
    index: std::collections::HashMap<(String, String), usize>,
    /// The travellers' sections ("" for none).
    sections: std::collections::BTreeSet<String>,
    /// The travellers' pairs in plain form, made at the first pair not found.
    plain: Option<FxHashMap<(String, String), usize>>,
    /// The line each pair was first given on.
    given: FxHashMap<usize, u32>,
    /// Each player id with the pair it was first given for, and that line.
    players: FxHashMap<String, (String, u32)>,
}

impl NamesReader {
    fn new(event: &Event, entrants: Entrants) -> NamesReader {
        let ranked = || event.pairs.iter().filter(|p| !p.unranked);
        NamesReader {
            entrants,
            index: (event.pairs.iter().enumerate())
                .map(|(i, p)| ((p.section.clone(), p.id.clone()), i))
                .collect(),
            sections: ranked().map(|p| p.section.clone()).collect(),
            plain: None,
            given: FxHashMap::default(),
            players: FxHashMap::default(),
        }
    }

    /// Puts one line's names on its pair; a warning when the travellers have no such
    /// pair (for teams, a team of a section they have is kept, with a bye).
    fn read_line(
        &mut self,
        event: &mut Event,
        rec: &csv::StringRecord,
        cols: &NamesColumns,
        line: u32,
    ) -> Vec<Diagnostic> {
        let id = field(rec, Some(cols.pair));
        let section = field(rec, cols.section);
        let unread = cols.unread_fields(rec, line);
        if id.is_empty() {
            return unread
                .into_iter()
                .chain(self.no_pair(rec, cols, line))
                .collect();
        }
        let mut said: Vec<Diagnostic> = unread.into_iter().collect();
        // A pair or section holding a character that shows nothing names no pair of the
        // travellers, though it prints as one.
        // (A player's id holding one is another player who looks the same.)
        let noun = format!("the {}", self.entrants.noun);
        let ids = cols.ids.map_or("", |col| field(rec, Some(col)));
        let named = [
            (noun.as_str(), id),
            ("the section", section),
            ("the players", ids),
        ];
        if let Some(invisible) = invisible_said(&named, line, event.stored) {
            let refused = invisible.severity == Severity::Error;
            said.push(invisible);
            if refused {
                return said;
            }
        }
        said.extend(self.named(event, rec, cols, (id, section), line));
        said
    }

    /// The warning of a line that gives names but no pair; none for a blank line.
    fn no_pair(
        &self,
        rec: &csv::StringRecord,
        cols: &NamesColumns,
        line: u32,
    ) -> Option<Diagnostic> {
        let names = field(rec, Some(cols.names));
        let noun = self.entrants.noun;
        let what = match names {
            "" if rec.iter().all(str::is_empty) => return None,
            "" => "what it gives is".to_string(),
            names => format!("its names, {names}, are"),
        };
        Some(Diagnostic::warning(
            line,
            None,
            format!("the line gives no {noun}: {what} not read; write the {noun}'s number"),
        ))
    }

    /// Puts the names of a line with its pair (or team) `id` in `section` on it.
    fn named(
        &mut self,
        event: &mut Event,
        rec: &csv::StringRecord,
        cols: &NamesColumns,
        (id, section): (&str, &str),
        line: u32,
    ) -> Vec<Diagnostic> {
        let key = (section.to_string(), id.to_string());
        let noun = self.entrants.noun;
        if !self.index.contains_key(&key) {
            if let Some(hint) = self.section_hint(section) {
                let message = format!("{noun} {id} in the {noun}s file {hint}");
                return vec![Diagnostic::warning(line, None, message)];
            }
            let otherwise = written_otherwise(&mut self.plain, &event.pairs, section, id, noun);
            if !self.entrants.keep_idle || !otherwise.is_empty() {
                let message = format!(
                    "{noun} {id} in the {noun}s file has no results in the travellers{otherwise}"
                );
                return vec![Diagnostic::warning(line, None, message)];
            }
            self.index.insert(key.clone(), event.pairs.len());
            event.pairs.push(PairInfo {
                id: id.to_string(),
                section: section.to_string(),
                ..PairInfo::default()
            });
        }
        let i = self.index[&key];
        let names = field(rec, Some(cols.names));
        let ids_text = cols.ids.map(|col| field(rec, Some(col)));
        let mut ids = ids_text.map(player_ids);
        let zero = ids.as_mut().and_then(|ids| zero_ids(id, ids, line, noun));
        let ids = ids.map(seat_ids);
        if let Some(&first) = self.given.get(&i) {
            return given_again(event, i, (names, ids), (line, first), noun)
                .into_iter()
                .collect();
        }
        self.given.insert(i, line);
        let severity = self.entrants.players_twice.unwrap_or(Severity::Warning);
        let mut said: Vec<Diagnostic> = zero.into_iter().collect();
        said.extend(player_twice(id, ids.as_deref(), line, severity));
        if let (Some(text), Some(ids)) = (ids_text, ids.as_deref()) {
            said.extend(seats_past_players((id, names), (text, ids), line, noun));
        }
        let pair = format!("{}{}", event.pairs[i].section, event.pairs[i].id);
        let whose = format!("{noun} {pair}'s names");
        said.extend(invisible::names_warning(line, &whose, names));
        said.extend(self.in_another(pair, ids.as_deref(), line));
        event.pairs[i].names = names.to_string();
        if let Some(ids) = ids {
            if event.player_ids.len() <= i {
                event.player_ids.resize(i + 1, Vec::new());
            }
            event.player_ids[i] = ids;
        }
        said
    }

    /// Each of `ids`, the players the file gives for `pair` on `line`, that an earlier
    /// line gave for another pair, when that is looked for; the first pair stands.
    fn in_another(&mut self, pair: String, ids: Option<&[String]>, line: u32) -> Vec<Diagnostic> {
        let (Some(severity), Some(ids)) = (self.entrants.players_twice, ids) else {
            return Vec::new();
        };
        let noun = self.entrants.noun;
        let mut said = Vec::new();
        for id in ids.iter().filter(|id| !id.is_empty()) {
            match self.players.get(id) {
                Some((first, at)) if *first != pair => {
                    let message = format!(
                        "player {id} of {noun} {pair} is also given for {noun} {first} (line {at}): a player plays in one {noun} a night; correct the players of the {noun} that is wrong"
                    );
                    said.push(Diagnostic {
                        severity,
                        ..Diagnostic::warning(line, None, message)
                    });
                }
                Some(_) => {}
                None => {
                    self.players.insert(id.clone(), (pair.clone(), line));
                }
            }
        }
        said
    }

    /// What is wrong with a names file's `section` when the travellers have no such
    /// section, and what to write instead; None when they have it.
    fn section_hint(&self, section: &str) -> Option<String> {
        if self.sections.is_empty() || self.sections.contains(section) {
            return None;
        }
        let noun = self.entrants.noun;
        let theirs: Vec<String> = self.sections.iter().cloned().collect();
        Some(if section.is_empty() {
            format!(
                "has no section, but the travellers' {noun}s are in sections {}: give each {noun} its section in a section column (section,{noun},names)",
                spoken_list(&theirs)
            )
        } else if theirs == [""] {
            format!(
                "is in section {section}, but the travellers have no sections: leave the section out"
            )
        } else {
            format!(
                "is in section {section}, which the travellers do not have (theirs are {}): correct its section",
                spoken_list(&theirs)
            )
        })
    }

    /// One warning for the pairs that played but are not in the file, which are listed
    /// without names.
    fn unnamed(&self, event: &Event) -> Option<Diagnostic> {
        let missing: Vec<String> = (event.pairs.iter().enumerate())
            .filter(|(i, p)| !p.unranked && !self.given.contains_key(i))
            .map(|(_, p)| format!("{}{}", p.section, p.id))
            .collect();
        let noun = self.entrants.noun;
        let message = match missing.len() {
            0 => return None,
            1 => format!(
                "{noun} {} is not in the {noun}s file: it is listed without names; add a line for it",
                missing[0]
            ),
            _ => format!(
                "{noun}s {} are not in the {noun}s file: they are listed without names; add a line for each",
                spoken_list(&missing)
            ),
        };
        Some(Diagnostic::warning(0, None, message))
    }
}

/// "4", "4 and 5", "4, 5 and 6"; past twenty items, the first twenty and how many more.
pub(crate) fn spoken_list(items: &[String]) -> String {
    const SHOWN: usize = 20;
    match items {
        [] => String::new(),
        [one] => one.clone(),
        _ if items.len() > SHOWN => {
            let more = items.len() - SHOWN;
            format!("{} and {more} more", items[..SHOWN].join(", "))
        }
        [first @ .., last] => format!("{} and {last}", first.join(", ")),
    }
}

/// A pairs file's player ids (`1001+1002`) by seat: a guest without a number keeps its
/// seat empty (`+1002`), so the other id stays with its player.
fn player_ids(text: &str) -> Vec<String> {
    seat_ids(text.split('+').map(|x| x.trim().to_string()).collect())
}

/// A warning when pair `id`'s players on `line` of a pairs file give an id of only
/// zeros or `-`, which other programs write for a guest: each such seat is made one
/// without a number, as a PBN or USEBIO file's is read, so that guests are not all taken
/// for one player "0".
fn zero_ids(id: &str, ids: &mut [String], line: u32, noun: &str) -> Option<Diagnostic> {
    let zero = ids.iter().find(|x| !x.is_empty() && no_number(x))?.clone();
    for x in ids.iter_mut().filter(|x| no_number(x)) {
        x.clear();
    }
    Some(Diagnostic::warning(
        line,
        None,
        format!(
            "{noun} {id} in the {noun}s file gives {zero} as a player's id: read as a seat without a number (a guest), as other programs write one; leave the seat empty to say so (+1002)"
        ),
    ))
}

/// Whether a player's id as a scoring program wrote it means "no number": nothing, `-`,
/// or only zeros (Compscore's and Ruter's 0 for a guest). Such a seat is kept empty, so
/// that guests are not all taken for one player "0".
pub(crate) fn no_number(id: &str) -> bool {
    matches!(id.trim().trim_start_matches('0'), "" | "-")
}

/// The players' names of a pair or team as written: `Jansen - De Vries`, `A & B`,
/// `A / B`, `A en B`, `A and B`. A name without spaces around its hyphen
/// (`Smit-Jansen`) is one player's double name, and a slash between two single letters
/// (`J. v/d Berg`, `v/h Veld`: Dutch for van der, van het) is part of one name.
pub fn split_names(names: &str) -> Vec<String> {
    let mut text = keep_name_slashes(names);
    for sep in [" – ", " - ", "&", "/", ";", " + ", " en ", " and "] {
        text = text.replace(sep, "\u{1}");
    }
    text.split('\u{1}')
        .map(|s| {
            s.split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
                .replace('\u{2}', "/")
        })
        .filter(|s| !s.is_empty())
        .collect()
}

/// `names` with each slash that is part of a name (between two letters that each stand
/// alone: `v/d`) put as `\u{2}`, so that it is not taken for one between players.
fn keep_name_slashes(names: &str) -> String {
    let chars: Vec<char> = names.chars().collect();
    // A letter at `i` with no letter or digit beside it on the side away from the slash.
    let lone = |i: Option<usize>, outward: isize| {
        let Some(c) = i.and_then(|i| chars.get(i)) else {
            return false;
        };
        let beyond = i
            .and_then(|i| i.checked_add_signed(outward))
            .and_then(|j| chars.get(j));
        c.is_alphabetic() && !beyond.is_some_and(|b| b.is_alphanumeric())
    };
    (0..chars.len())
        .map(|i| match chars[i] {
            '/' if lone(i.checked_sub(1), -1) && lone(Some(i + 1), 1) => '\u{2}',
            c => c,
        })
        .collect()
}

/// The warning for a pairs file line that gives pair `id` more seats than it has
/// players: more than two for a pair, or more than a team's names list (a team named
/// by one name, such as `Alpha`, is not counted). A typo such as `1005++1006` reads
/// as three seats; the ids are kept as given, for the director to correct the file.
fn seats_past_players(
    (id, names): (&str, &str),
    (text, ids): (&str, &[String]),
    line: u32,
    noun: &str,
) -> Option<Diagnostic> {
    let players = split_names(names).len();
    let why = match noun {
        "pair" if ids.len() > 2 => "a pair has 2 players".to_string(),
        "pair" => return None,
        _ if players >= 2 && ids.len() > players => {
            format!("its names give {players} ({names})")
        }
        _ => return None,
    };
    let seats: Vec<&str> = ids
        .iter()
        .map(|id| match id.as_str() {
            "" => "a seat without a number",
            id => id,
        })
        .collect();
    let message = format!(
        "{noun} {id} in the {noun}s file gives its players as {text}, which reads as {} seats: {} (kept as given); {why}: write one id for each player, + between them (a guest without a number keeps its seat empty: +1002)",
        ids.len(),
        seats.join(", ")
    );
    Some(Diagnostic::warning(line, None, message))
}

/// A pair's players' ids by seat, "" for a seat without a number: kept as they are,
/// each in its seat, or none at all when no seat has a number.
pub fn seat_ids(ids: Vec<String>) -> Vec<String> {
    if ids.iter().all(String::is_empty) {
        Vec::new()
    } else {
        ids
    }
}

/// The warning for pair `i` given again on `line` (first on `first`) with other names
/// or players; the first line's stand.
fn given_again(
    event: &Event,
    i: usize,
    (names, ids): (&str, Option<Vec<String>>),
    (line, first): (u32, u32),
    noun: &str,
) -> Option<Diagnostic> {
    let same_ids = ids.is_none_or(|ids| event.player_ids.get(i).is_some_and(|had| *had == ids));
    if event.pairs[i].names == names && same_ids {
        return None;
    }
    Some(Diagnostic::warning(
        line,
        None,
        format!(
            "{noun} {} is given twice in the {noun}s file (also on line {first}, with other names or players): the names and players of line {first} are used; remove the line that is wrong",
            event.pairs[i].id
        ),
    ))
}

/// The warning for a pair whose players name one of them twice.
fn player_twice(
    pair: &str,
    ids: Option<&[String]>,
    line: u32,
    severity: Severity,
) -> Option<Diagnostic> {
    let ids = ids?;
    let twice = ids
        .iter()
        .enumerate()
        .find(|(k, id)| !id.is_empty() && ids[..*k].contains(id))?
        .1;
    let message = format!("pair {pair} has player {twice} twice: give each of its players once");
    Some(Diagnostic {
        severity,
        ..Diagnostic::warning(line, None, message)
    })
}

/// The hint for a pairs file's pair the travellers have written another way (`01` in
/// one file, `1` in the other); empty when they have no such pair. The travellers'
/// pairs are put in plain form once, at the first pair not found.
fn written_otherwise(
    plain: &mut Option<FxHashMap<(String, String), usize>>,
    pairs: &[PairInfo],
    section: &str,
    id: &str,
    noun: &str,
) -> String {
    let plain = plain.get_or_insert_with(|| {
        let mut by_plain = FxHashMap::default();
        for (i, p) in pairs.iter().enumerate().filter(|(_, p)| !p.unranked) {
            let key = (p.section.clone(), klaver_core::session::plain_id(&p.id));
            by_plain.entry(key).or_insert(i);
        }
        by_plain
    });
    plain
        .get(&(section.to_string(), klaver_core::session::plain_id(id)))
        .map(|&i| {
            format!(
                " ({noun} {} has: write its number the same way in both files)",
                pairs[i].id
            )
        })
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(csv: &str) -> Event {
        read_travellers(csv.as_bytes(), ReadOptions::default()).unwrap()
    }

    fn messages(e: &Event) -> Vec<String> {
        e.diagnostics.iter().map(|d| d.to_string()).collect()
    }

    /// `v/d` (van der) in a Dutch name is one name, where a slash between two names
    /// parts the players.
    #[test]
    fn a_slash_between_two_lone_letters_is_part_of_a_name() {
        for (names, want) in [
            ("J. v/d Berg - P. Bakker", vec!["J. v/d Berg", "P. Bakker"]),
            ("v/h Veld / Smit", vec!["v/h Veld", "Smit"]),
            ("Jansen/De Vries", vec!["Jansen", "De Vries"]),
            ("Jansen / De Vries", vec!["Jansen", "De Vries"]),
            ("A. v/d Berg/B. Smit", vec!["A. v/d Berg", "B. Smit"]),
            ("Jan v/d", vec!["Jan v/d"]),
            ("x/yz", vec!["x", "yz"]),
            ("/", vec![]),
        ] {
            assert_eq!(split_names(names), want, "{names}");
        }
    }

    /// A quote typed by mistake and never closed makes the lines after it one field: the
    /// file is refused on the quote's line, not read as two results of six.
    #[test]
    fn a_quote_that_runs_over_lines_refuses_the_file_on_its_line() {
        let csv = "board,ns,ew,contract,declarer,result,score,lead\n\
                   1,1,2,4S,N,=,420,SA\n\
                   1,3,4,4S,N,+1,450,\"late\n\
                   1,5,6,4S,N,-1,-50,\n\
                   1,7,8,4S,N,=,420,\n\
                   2,1,2,4S,N,=,620,\n\
                   2,3,4,4S,N,=,620,\n";
        let e = read_travellers(csv.as_bytes(), ReadOptions::default()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 3: a quote opens a field on this line that takes in line 4 and what follows it up to where the quote closes: those lines are read as part of that one field, not as lines of their own; close the quote on the line where it opens, or take it out"
        );
        // Closed two lines on, the two lines between would vanish just the same.
        let closed = csv.replace("-1,-50,\n", "-1,-50,\"\n");
        let e = read_travellers(closed.as_bytes(), ReadOptions::default()).unwrap_err();
        assert!(e.to_string().starts_with("line 3: "), "{e}");
        assert!(e.to_string().contains("takes in line 4 "), "{e}");
        // A quoted field on one line is read as before; so is a remark over two lines
        // of text (a spreadsheet's Alt+Enter), under a column klaver does not read.
        let quoted = csv.replace("\"late\n", "\"late, very\"\n");
        assert_eq!(read(&quoted).results.len(), 6);
        let remark = "board,ns,ew,score,remark\n1,1,2,420,\"director called:\nrevoke, no damage\"\n\
                      1,3,4,400,\n";
        let e = read(remark);
        assert_eq!(e.results.len(), 2);
        assert_eq!(e.results[1].line(), 4);
        // A quote in the header took every line into a column klaver does not read.
        let header = "board,ns,ew,score,\"lead\n1,1,2,420,SA\n1,3,4,450,\n";
        let e = read_travellers(header.as_bytes(), ReadOptions::default()).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("line 1: a quote opens a field on this line that takes in line 2 "),
            "{e}"
        );
    }

    /// The same in a pairs file: its pairs after the quote are not taken for missing.
    #[test]
    fn a_quote_that_runs_over_lines_refuses_the_pairs_file_on_its_line() {
        let mut e = read("board,ns,ew,score\n1,1,2,420\n1,3,4,400\n");
        let pairs = "pair,names\n1,\"Jansen - de Vries\n2,A - B\n3,C - D\n4,E - F\n";
        let err = read_pairs(pairs.as_bytes(), &mut e)
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("line 2: a quote opens a field on this line that takes in line 3 "),
            "{err}"
        );
    }

    /// Lines are numbered in 32 bits: a file with more lines is refused before it is
    /// read, and no line number is ever taken past the last one (never wrapped).
    #[test]
    fn a_file_of_more_lines_than_klaver_numbers_is_refused() {
        assert!(line_ends_fit(MAX_LINE_ENDS).is_ok());
        let e = line_ends_fit(MAX_LINE_ENDS + 1).unwrap_err().to_string();
        assert!(
            e.contains("more than 4294967295 lines") && e.contains("split it"),
            "{e}"
        );
        assert_eq!(line_after(2, 5), Some(7));
        assert_eq!(line_after(1, MAX_LINE_ENDS), Some(u32::MAX));
        assert_eq!(line_after(2, MAX_LINE_ENDS), None);
        assert_eq!(line_after(1, usize::MAX), None);
        // A small file is not counted; a file of a few lines fits.
        assert!(check_line_count(b"board,ns,ew,score\n1,1,2,420\r\n\r").is_ok());
    }

    #[test]
    fn a_column_named_twice_is_an_error_naming_both() {
        for header in ["board,ns,ew,score,score", "board,ns,ew,score,score_ns"] {
            let csv = format!("{header}\n1,1,2,420,100\n");
            let err = read_travellers(csv.as_bytes(), ReadOptions::default())
                .unwrap_err()
                .to_string();
            assert!(
                err.contains(
                    "the header has two score columns (columns 4 and 5): keep the one to score"
                ),
                "{header}: {err}"
            );
        }
    }

    #[test]
    fn a_column_klaver_does_not_read_is_a_warning_on_the_header() {
        let e = read("board,ns,ew,score,notes,session\n1,1,2,420,x,A\n1,3,4,400,,A\n");
        assert_eq!(
            messages(&e),
            [
                "line 1: the columns notes and session are not read: their contents are ignored (several sessions in one file are scored with klaver archive)"
            ]
        );
        let e = read("board,ns,ew,score,notes\n1,1,2,420,x\n");
        assert_eq!(
            messages(&e),
            ["line 1: the column notes is not read: its contents are ignored"]
        );
    }

    #[test]
    fn fields_past_the_header_on_every_line_are_counted_after_the_first_ten() {
        let mut csv = String::from("board,ns,ew,score\n");
        for pair in 1..=30 {
            csv.push_str(&format!("1,{},{},420,remark\n", 2 * pair - 1, 2 * pair));
        }
        // Read whole, and in two halves from any size on.
        for parallel_from in [usize::MAX, 0] {
            let e = read_bytes(&csv, ReadOptions::default(), parallel_from).unwrap();
            let said = messages(&e);
            // Each half of a file read in two names its own first ten.
            let most = if parallel_from == 0 { 21 } else { 11 };
            assert!((11..=most).contains(&said.len()), "{said:?}");
            assert!(
                said[0].starts_with("line 2: board 1: the line has 5 fields"),
                "{said:?}"
            );
            assert_eq!(
                said.last().unwrap(),
                "30 lines in all have fields past the header's columns (only the first are named): add the missing column to the header, or remove the extra fields"
            );
            assert_eq!(e.results.len(), 30);
        }
    }

    #[test]
    fn fields_past_the_header_are_a_warning_on_their_line() {
        // Lines of both readers: split at commas, and through the csv crate (quotes).
        for quote in ["", "\""] {
            let e = read(&format!(
                "board,ns,ew,score\n1,1,2,420,99\n1,3,4,{quote}400{quote}\n1,5,6,400,,\n"
            ));
            assert_eq!(
                messages(&e),
                [
                    "line 2: board 1: the line has 5 fields and the header 4: 99 is not read; check for a comma inside a field or a column the header lacks"
                ],
                "{quote:?}"
            );
            assert_eq!(e.results.len(), 3);
        }
    }

    #[test]
    fn a_split_and_a_penalty_are_read_and_written_back() {
        // A result scored for North-South while East-West gets its own 60 %, and a
        // director's penalty of 3 points to North-South of another table.
        let e = read(
            "board,ns,ew,score,adjust\n1,1,2,0,EW 60%\n1,3,4,420,\n1,3,4,,PEN -3/0\n1,7,8,-50,NS AVG-\n",
        );
        assert!(messages(&e).is_empty(), "{:?}", messages(&e));
        let outcomes: Vec<&Outcome> = e.results.iter().map(|r| &r.outcome).collect();
        assert_eq!(
            outcomes[0],
            &Outcome::ScoreAndArtificial {
                score: 0,
                side: Side::EastWest,
                percent: 60
            }
        );
        assert_eq!(
            outcomes[2],
            &Outcome::ScoreAndArtificial {
                score: -50,
                side: Side::NorthSouth,
                percent: 40
            }
        );
        assert_eq!(e.penalties.len(), 1);
        assert_eq!(
            e.penalties[0].points,
            (Ratio::from_integer(-3), Ratio::from_integer(0))
        );
        assert_eq!(e.penalties[0].line, 4);
        let mut out = Vec::new();
        crate::exchange::write_csv(&mut out, &e).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("EW 60%"), "{text}");
        assert!(text.contains("PEN -3/0"), "{text}");
        let back = read(&text);
        assert_eq!(back.results.len(), e.results.len());
        assert_eq!(back.penalties[0].points, e.penalties[0].points);
        for (a, b) in back.results.iter().zip(&e.results) {
            assert_eq!(a.outcome, b.outcome);
        }
        let bad = read("board,ns,ew,score,adjust\n1,1,2,0,EW 160%\n1,3,4,,PEN x/0\n");
        let m = messages(&bad);
        assert_eq!(m.len(), 2, "{m:?}");
        assert!(
            m[0].starts_with("line 2: board 1: cannot read \"EW 160%\""),
            "{m:?}"
        );
        assert!(
            m[1].starts_with("line 3: board 1: cannot read the penalty"),
            "{m:?}"
        );
    }

    #[test]
    fn tables_and_rounds_are_kept_and_written_back() {
        let e = read("board,table,round,ns,ew,score\n1,3,2,1,2,420\n1,,,3,4,450\n");
        assert_eq!(e.lines[0].table(), Some(3));
        assert_eq!(e.lines[0].round(), Some(2));
        assert_eq!(e.lines[1].table(), None);
        let mut out = Vec::new();
        crate::exchange::write_csv(&mut out, &e).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.starts_with("board,table,round,ns,ew,contract"),
            "{text}"
        );
        assert!(text.contains("\n1,3,2,1,2,,,,420,,\n"), "{text}");
        let bad = read("board,table,ns,ew,score\n1,T3,1,2,420\n");
        assert_eq!(
            messages(&bad),
            [
                "line 2: board 1: table \"T3\" is not a table number: write a number from 1, or leave it empty"
            ]
        );
        // Signed numbers are refused, as a signed board number is.
        let bad = read("board,table,round,ns,ew,score\n1,+3,2,1,2,420\n1,3,+2,3,4,420\n");
        assert_eq!(
            messages(&bad),
            [
                "line 2: board 1: table \"+3\" is not a table number: write a number from 1, or leave it empty",
                "line 3: board 1: round \"+2\" is not a round number: write a number from 1, or leave it empty",
            ]
        );
        // A 0 was read as no number at all: a file whose rounds were all 0 was scored
        // as one without rounds.
        let bad =
            read("board,table,round,ns,ew,score\n1,0,1,1,2,420\n1,1,0,3,4,420\n1,00,1,5,6,400\n");
        assert_eq!(
            messages(&bad),
            [
                "line 2: board 1: table \"0\" is not a table number: write a number from 1, or leave it empty",
                "line 3: board 1: round \"0\" is not a round number: write a number from 1, or leave it empty",
                "line 4: board 1: table \"00\" is not a table number: write a number from 1, or leave it empty",
            ]
        );
    }

    #[test]
    fn columns_in_any_order_and_unknown_ones_ignored_with_a_warning() {
        let e = read("score,ew,remark,ns,board\n420,2,nice,1,1\n-50,4,,3,1\n");
        assert_eq!(e.results.len(), 2);
        assert_eq!(e.results[0].outcome, Outcome::Score(420));
        assert_eq!(e.pairs[e.results[1].ns_pair()].id, "3");
        assert_eq!(
            messages(&e),
            ["line 1: the column remark is not read: its contents are ignored"]
        );
    }

    #[test]
    fn contract_gives_the_score() {
        let e = read(
            "board,ns,ew,contract,declarer,result\n1,1,2,4S,N,+1\n2,3,4,3NTX,E,-2\n3,5,6,PASS,,\n",
        );
        assert!(e.diagnostics.is_empty(), "{:?}", messages(&e));
        assert_eq!(e.results[0].outcome, Outcome::Score(450));
        // Board 2: North-South vulnerable, East-West not: 3NTX-2 = 300 for North-South.
        assert_eq!(e.results[1].outcome, Outcome::Score(300));
        assert_eq!(e.results[2].outcome, Outcome::Score(0));
    }

    #[test]
    fn disagreeing_contract_is_reported_and_the_score_kept() {
        let e = read("board,ns,ew,score,contract,declarer,result\n1,1,2,450,4S,N,=\n");
        assert_eq!(e.results[0].outcome, Outcome::Score(450));
        let m = messages(&e);
        assert!(m[0].starts_with("line 2: board 1: the contract"), "{m:?}");
        assert!(m[0].contains("scores 420"), "{m:?}");
    }

    /// A score nobody can get is not used in place of the contract it disagrees with,
    /// nor of one that cannot be read: one error says that nothing is scored until the
    /// line is corrected, never "the entered score is used".
    #[test]
    fn an_impossible_entered_score_is_one_error_saying_nothing_is_scored() {
        let e = read(
            "board,ns,ew,contract,declarer,result,score\n1,1,2,4S,N,=,420\n1,5,6,4S,N,=,425\n1,3,4,4Q,N,=,425\n",
        );
        assert_eq!(
            messages(&e),
            [
                "line 3: board 1: the contract N4S= scores 420 for North-South with nobody vulnerable but 425 was entered, and 425 is not a score North-South can get with nobody vulnerable: nothing is scored until the line is corrected: correct the contract, the score or the board number",
                "line 4: board 1: cannot read \"4Q N =\" as a table result: expected a strain (C D H S NT) after the level 4, not \"Q\", and the entered score 425 is not a score North-South can get with nobody vulnerable: nothing is scored until the line is corrected: correct the contract or the score",
            ]
        );
        assert!(e.has_errors());
        // A score North-South can get is still used, with a warning.
        let e = read("board,ns,ew,contract,declarer,result,score\n1,3,4,4Q,N,=,420\n");
        assert!(!e.has_errors());
        assert!(messages(&e)[0].ends_with("; the entered score is used"));
    }

    #[test]
    fn impossible_scores_name_the_line() {
        // A score only North-South vulnerable can get, entered on board 1 (nobody vul).
        let vul_only = (1..300)
            .map(|k| k * 10)
            .find(|&s| {
                !score_check::is_possible(s, Vulnerability::None)
                    && score_check::is_possible(s, Vulnerability::NorthSouth)
            })
            .unwrap();
        let e = read(&format!("board,ns,ew,score\n1,1,2,425\n1,3,4,{vul_only}\n"));
        let m = messages(&e);
        assert!(
            m[0].starts_with("line 2: board 1: 425 is not a score"),
            "{m:?}"
        );
        let start = format!("line 3: board 1: {vul_only} is not a score");
        assert!(m[1].starts_with(&start), "{m:?}");
        assert!(m[1].contains("North-South vulnerable"), "{m:?}");
        assert!(e.has_errors());
    }

    #[test]
    fn vulnerable_score_on_a_non_vulnerable_board() {
        // Board 1: nobody vulnerable; 3NT+1 makes 430, but 630 was entered.
        let e = read("board,ns,ew,score,contract,declarer,result\n1,1,2,630,3NT,N,+1\n");
        let m = messages(&e);
        assert!(
            m[0].starts_with("line 2: board 1: the contract N3NT+1 scores 430"),
            "{m:?}"
        );
        assert!(
            m[0].contains("630 is its score when North-South are vulnerable"),
            "{m:?}"
        );
        assert_eq!(e.results[0].outcome, Outcome::Score(630));
        // A "+" written for a "-": the sign is pointed out.
        let e = read("board,ns,ew,score,contract,declarer,result\n2,1,2,50,2H,E,+1\n");
        let m = messages(&e);
        assert!(m[0].contains("E2H-1 would score 50"), "{m:?}");
    }

    #[test]
    fn adjustments() {
        let e = read(
            "board,ns,ew,score,adjust\n1,1,2,,NP\n1,3,4,,AVG\n1,5,6,,60/40\n1,7,8,420,REV\n1,9,10,,W 30% 4SN= 70% 4SN-1\n\
             1,11,12,,W 50% PASS 25% 100 25% N3NT=\n",
        );
        assert!(!e.has_errors(), "{:?}", messages(&e));
        assert_eq!(e.results[0].outcome, Outcome::NotPlayed);
        assert_eq!(e.results[1].outcome, Outcome::AVERAGE);
        assert_eq!(e.results[2].outcome, Outcome::Artificial { ns: 60, ew: 40 });
        assert!(e.results[3].reversed());
        assert_eq!(
            e.results[4].outcome,
            Outcome::Weighted(Box::new(vec![
                WeightedPart {
                    percent: 30,
                    score: 420
                },
                WeightedPart {
                    percent: 70,
                    score: -50
                }
            ]))
        );
        // A part may be a passed-out board, a score or a contract with declarer first.
        assert_eq!(
            crate::exchange::weighted_parts(&e.results[5].outcome),
            [(50, 0), (25, 100), (25, 400)]
        );
    }

    /// The words the Dutch and Turkish reports print for the director's adjustments
    /// read back in those notations, each meaning what its English word means.
    #[test]
    fn adjustments_in_dutch_and_turkish_words() {
        let english = "board,ns,ew,contract,declarer,result,score,adjust\n\
                       1,1,2,,,,,NP\n1,3,4,,,,,AVG\n1,5,6,,,,,AVG+\n1,7,8,,,,,AVG-\n\
                       1,9,10,3NT,S,-1,,REV\n1,11,12,4S,N,=,,EW 60%\n\
                       1,13,14,4S,N,=,,NS AVG-\n1,15,16,,,,,W 30% 420 70% -50\n";
        let in_words = |lang: Language, words: [&str; 8], contract: [&str; 3]| {
            let [c3, c4, result] = contract;
            use klaver_core::board::Seat;
            let seat = |s| notation::format_seat(s, lang);
            let csv = format!(
                "board,ns,ew,contract,declarer,result,score,adjust\n\
                 1,1,2,,,,,{}\n1,3,4,,,,,{}\n1,5,6,,,,,{}\n1,7,8,,,,,{}\n\
                 1,9,10,{c3},{},-1,,{}\n1,11,12,{c4},{},{result},,{}\n\
                 1,13,14,{c4},{},{result},,{}\n1,15,16,,,,,{}\n",
                words[0],
                words[1],
                words[2],
                words[3],
                seat(Seat::South),
                words[4],
                seat(Seat::North),
                words[5],
                seat(Seat::North),
                words[6],
                words[7],
            );
            read_travellers(
                csv.as_bytes(),
                ReadOptions {
                    lang,
                    ..ReadOptions::default()
                },
            )
            .unwrap()
        };
        let expected = read(english);
        let dutch = in_words(
            Language::Dutch,
            [
                "NG",
                "GEM",
                "GEM+",
                "gem-",
                "Reverse",
                "OW 60%",
                "NZ GEM-",
                "Gewogen 30% 420 70% -50",
            ],
            ["3SA", "4S", "C"],
        );
        let turkish = in_words(
            Language::Turkish,
            [
                "Oynanmadı",
                "Ortalama",
                "ORTALAMA+",
                "ortalama-",
                "Ters",
                "D-B 60%",
                "K-G Ortalama-",
                "Ağırlıklı 30% 420 70% -50",
            ],
            ["3 SA", "4 Pik", "bien"],
        );
        for e in [&dutch, &turkish] {
            assert!(!e.has_errors(), "{:?}", messages(e));
            assert_eq!(e.results, expected.results);
        }
        // Turkish words typed without the Turkish letters read too.
        let e =
            read("board,ns,ew,score,adjust\n1,1,2,,OYNANMADI\n1,3,4,,Agirlikli 50% 420 50% 0\n");
        assert!(!e.has_errors(), "{:?}", messages(&e));
        assert_eq!(e.results[0].outcome, Outcome::NotPlayed);
    }

    #[test]
    fn unknown_adjustment_is_an_error() {
        let e = read("board,ns,ew,score,adjust\n1,1,2,420,XYZ\n");
        assert!(e.has_errors());
        assert!(messages(&e)[0].contains("unknown adjustment \"XYZ\""));
    }

    #[test]
    fn line_numbers_count_the_header_and_blank_lines_whatever_the_endings() {
        for text in [
            "board,ns,ew,score\r\n1,1,2,420\r\n\r\n1,3,4,425\r\n",
            "board,ns,ew,score\n1,1,2,420\n\n1,3,4,425\n",
            "board,ns,ew,score\r1,1,2,420\r\r1,3,4,425\r",
        ] {
            let e = read(text);
            let lines: Vec<u32> = e.results.iter().map(|r| r.line()).collect();
            assert_eq!(lines, [2], "{text:?}");
            assert!(
                messages(&e)[0].starts_with("line 4: board 1: 425"),
                "{text:?}"
            );
        }
    }

    #[test]
    fn two_halves_read_on_two_threads_give_the_event_read_in_one() {
        let mut text = String::from("board,ns,ew,contract,declarer,result,score,lead\n");
        for b in 1..=40u32 {
            for t in 1..=6u32 {
                // Pairs appear for the first time in both halves; a few bad lines.
                let ew = 100 + (t + b) % 9;
                let line = match (b, t) {
                    (33, 2) => format!("{b},{t},{ew},4S,N,=,425,\n"),
                    (5, 3) => format!("{b},{t},{t},4S,N,=,420,\n"),
                    _ => format!(
                        "{b},{t},{ew},4S,N,=,{},H{b}\n",
                        if Board::new(b)
                            .unwrap()
                            .vulnerability()
                            .is_vulnerable(klaver_core::board::Side::NorthSouth)
                        {
                            620
                        } else {
                            420
                        }
                    ),
                };
                text.push_str(&line);
                if t == 4 {
                    text.push('\n');
                }
            }
        }
        let one = read_bytes(&text, ReadOptions::default(), usize::MAX).unwrap();
        let two = read_bytes(&text, ReadOptions::default(), 0).unwrap();
        assert_eq!(one.pairs, two.pairs);
        assert_eq!(one.results, two.results);
        assert_eq!(one.lines, two.lines);
        assert_eq!(messages(&one), messages(&two));
        // The same when the system gives no second thread, read plainly or (with a lone
        // CR, which the csv crate reads) by the csv crate.
        let with_cr = text.replacen(",H7\n", ",H7\r", 1);
        for text in [&text, &with_cr] {
            let two = read_bytes(text, ReadOptions::default(), 0).unwrap();
            let alone = klaver_core::parts::without_threads(|| {
                read_bytes(text, ReadOptions::default(), 0).unwrap()
            });
            assert_eq!(alone.pairs, two.pairs);
            assert_eq!(alone.results, two.results);
            assert_eq!(alone.lines, two.lines);
            assert_eq!(messages(&alone), messages(&two));
        }
        assert!(!one.diagnostics.is_empty());
        assert_eq!(one.results.len(), 240 - 2);
    }

    #[test]
    fn slots_filled_in_two_runs_become_one_list() {
        // Strings own memory: a value kept twice or lost would show (or crash).
        let mut list: Vec<String> = Vec::with_capacity(10);
        let (first, second) = list.spare_capacity_mut().split_at_mut(6);
        for (k, slot) in first.iter_mut().take(4).enumerate() {
            slot.write(format!("a{k}"));
        }
        for (k, slot) in second.iter_mut().take(3).enumerate() {
            slot.write(format!("b{k}"));
        }
        // SAFETY: slots 0..4 and 6..9 were written just above.
        unsafe { keep_filled(&mut list, 4, 6, 3) };
        assert_eq!(list, ["a0", "a1", "a2", "a3", "b0", "b1", "b2"]);
    }

    proptest::proptest! {
        #[test]
        fn a_file_without_quotes_split_at_its_commas_reads_as_the_csv_crate_reads_it(
            lines in proptest::collection::vec(
                (
                    proptest::sample::select(vec!["1", " 2 ", "27", "0", "x", "", "-", "\"1\""]),
                    proptest::sample::select(vec!["1", "2", " 3", "A1", "-", ""]),
                    proptest::sample::select(vec!["2", "4", "B2 ", "-", "1"]),
                    proptest::sample::select(vec!["4S", "3NT", " 2h", "PASS", "", "9Z", "4SX"]),
                    proptest::sample::select(vec!["N", "e", "", "Q"]),
                    proptest::sample::select(vec!["=", "-1", "+1", "", "3"]),
                    proptest::sample::select(vec!["420", "-50", "", "abc", "650", " 0 "]),
                    proptest::sample::select(vec!["", "NP", "AVG+", "REV", "60/40", "?"]),
                ),
                0..40,
            ),
            ends in proptest::collection::vec(
                proptest::sample::select(vec!["\n", "\r\n", "\n\n", ",\n", ",,,\r\n", "\n   \n", "\n", "\n", "\n", "\r"]),
                40,
            ),
            header_end in proptest::sample::select(vec!["\n", "\r\n", "\n\n"]),
            last_end in proptest::bool::ANY,
        ) {
            let mut text = format!("board,ns,ew,contract,declarer,result,score,adjust{header_end}");
            for (k, f) in lines.iter().enumerate() {
                text.push_str(&[f.0, f.1, f.2, f.3, f.4, f.5, f.6, f.7].join(","));
                if k + 1 < lines.len() || last_end {
                    text.push_str(ends[k]);
                }
            }
            for parallel_from in [usize::MAX, 0] {
                let split = read_bytes_with(&text, ReadOptions::default(), parallel_from, true).unwrap();
                let crate_read = read_bytes_with(&text, ReadOptions::default(), parallel_from, false).unwrap();
                proptest::prop_assert_eq!(format!("{split:?}"), format!("{crate_read:?}"));
            }
        }
    }

    /// The lines after a header read as `read_plain_lines` reads them, clean lines the
    /// short way or every line the long way.
    fn read_lines(header: &[&str], body: &str, clean: bool) -> String {
        let header = csv::StringRecord::from(header.to_vec());
        let mut reader = TravellersReader::new(&header, ReadOptions::default()).unwrap();
        reader.clean &= clean;
        read_plain_lines(body, 2, &mut reader);
        format!("{:?}", reader.finish())
    }

    proptest::proptest! {
        #[test]
        fn a_line_read_the_short_way_is_read_as_the_long_way_reads_it(
            lines in proptest::collection::vec(
                (
                    proptest::sample::select(vec!["1", "2", "3", "16", "0", "01", "x", " 3", "-1"]),
                    proptest::sample::select(vec!["1", "2", "3", "12", "-", "", "A1", "007", " 4"]),
                    proptest::sample::select(vec!["2", "1", "4", "13", "-", "", "B2", " 3"]),
                    proptest::sample::select(vec!["4S", "3NT", "4H", "1C", "PASS", "", "9Z", "4SX", " 2h", "5c"]),
                    proptest::sample::select(vec!["N", "E", "S", "W", "", "Q", " N", "e"]),
                    proptest::sample::select(vec!["=", "-1", "+1", "10", "", "x", "-13", "=1", "4", "7"]),
                    proptest::sample::select(vec!["420", "-420", "-50", "50", "100", "-100", "90", "", "", "abc", " 0 ", "0", "450", "-300"]),
                    proptest::sample::select(vec!["", "", "", "NP", "AVG+", "REV", "PEN -3/0", " "]),
                    proptest::sample::select(vec!["", "", "", ",x", ","]),
                ),
                0..40,
            ),
            header in proptest::sample::select(vec![
                "board,ns,ew,contract,declarer,result,score,adjust",
                "board,ns,ew,contract,declarer,tricks,score",
                "board,ns,ew,contract,declarer,result,score",
                "ns,ew,board,score,adjust,result,declarer,contract",
                "board,ns,ew,contract,declarer,result",
                "board,ns,ew,contract,declarer,result,score,adjust,lead",
                "board,ns,ew,contract,declarer,result,score,notes",
            ]),
        ) {
            let header: Vec<&str> = header.split(',').collect();
            let mut body = String::new();
            for l in &lines {
                let value = |name: &str| match name {
                    "board" => l.0,
                    "ns" => l.1,
                    "ew" => l.2,
                    "contract" => l.3,
                    "declarer" => l.4,
                    "result" | "tricks" => l.5,
                    "score" => l.6,
                    "adjust" => l.7,
                    _ => "",
                };
                let fields: Vec<&str> = header.iter().map(|h| value(h)).collect();
                body.push_str(&fields.join(","));
                body.push_str(l.8);
                body.push('\n');
            }
            let short = read_lines(&header, &body, true);
            proptest::prop_assert_eq!(short, read_lines(&header, &body, false));
        }
    }

    #[test]
    fn only_a_clean_line_is_read_the_short_way() {
        let header = "board,ns,ew,contract,declarer,result,score,adjust";
        let header = csv::StringRecord::from(header.split(',').collect::<Vec<_>>());
        let mut reader = TravellersReader::new(&header, ReadOptions::default()).unwrap();
        let mut clean = |line: &str| {
            let fields: Vec<&str> = line.split(',').collect();
            let TravellersReader {
                cols,
                lang,
                state,
                event,
                ..
            } = &mut reader;
            clean_line(&fields[..], 2, cols, *lang, state, event).is_some()
        };
        assert!(clean("1,1,2,4S,N,=,420,"));
        assert!(clean("1,1,2,4S,N,=,,"));
        assert!(clean("2,3,4,3NT,W,-1,50"));
        assert!(clean("2,3,4,3NT,N,-1,-100"));
        // The score disagrees with the contract: said, by the long way.
        assert!(!clean("1,1,2,4S,N,=,450,"));
        assert!(!clean("1,1,2,PASS,,,0,"));
        assert!(!clean("1,1,2,4S,N,=,420,AVG"));
        assert!(!clean("1,1,2,4S,N,=,420,,x"));
        assert!(!clean("1,-,2,4S,N,=,420,"));
        assert!(!clean("0,1,2,4S,N,=,420,"));
        assert!(!clean("1,1,2,4S,Q,=,420,"));
        // A small number of tricks no score confirms: said, by the long way.
        assert!(!clean("1,1,2,4S,N,4,,"));
        assert!(clean("1,1,2,4S,N,4,-300,"));
        assert!(clean("1,1,2,4S,N,10,,"));
    }

    use crate::test_support::refused_on;

    /// `NP` in the contract column was read as North and a pass: a passed-out board
    /// scored 0, where a director means a board not played.
    #[test]
    fn np_in_the_contract_column_is_not_a_pass_out() {
        for np in ["NP", "np", "N P", "EP", "w p"] {
            let e = read(&format!(
                "board,ns,ew,contract,declarer,result,score\n1,1,2,4S,N,=,420\n1,5,6,{np},,,\n"
            ));
            refused_on(&e, 3, "adjustment");
        }
        // A seat before a whole pass word is still North's pass.
        for pass in ["PASS", "P", "NPASS", "W PASS"] {
            let e = read(&format!(
                "board,ns,ew,contract,declarer,result,score\n1,5,6,{pass},,,\n"
            ));
            assert!(e.diagnostics.is_empty(), "{pass}: {:?}", e.diagnostics);
            assert_eq!(e.results[0].outcome, Outcome::Score(0));
        }
    }

    /// A penalty written on the line of a board's result took the line's place, and
    /// the result entered on it was dropped without a word.
    #[test]
    fn a_penalty_on_a_result_line_does_not_drop_the_result() {
        let e = read(
            "board,ns,ew,contract,declarer,result,score,adjust\n1,1,2,4S,N,=,420,PEN -3/0\n1,3,4,4S,N,+1,450,\n",
        );
        refused_on(&e, 2, "PEN");
        // A penalty on a line of its own stands, also with a 0 in its score column (as
        // a spreadsheet fills an empty cell).
        for score in ["", "0"] {
            let e = read(&format!(
                "board,ns,ew,contract,declarer,result,score,adjust\n1,1,2,,,,{score},PEN -3/0\n1,1,2,4S,N,=,420,\n1,3,4,4S,N,+1,450,\n"
            ));
            assert!(e.diagnostics.is_empty(), "{score}: {:?}", e.diagnostics);
            assert_eq!(e.penalties.len(), 1);
        }
    }

    /// A board written `+1` was read as board 1 without a word: a sign is no part of a
    /// board number, and a line whose board is not plainly written is a guess.
    #[test]
    fn a_board_written_with_a_sign_is_refused() {
        let e = read("board,ns,ew,score\n1,1,2,420\n+1,3,4,450\n");
        refused_on(&e, 3, "+1");
        let e = read("board,ns,ew,score\n01,1,2,420\n1,3,4,450\n");
        assert!(e.diagnostics.is_empty(), "{:?}", e.diagnostics);
        assert_eq!(e.results.len(), 2);
    }

    /// A part of a weighted score is a score North-South can get, as a line's score is.
    #[test]
    fn a_weighted_part_that_no_one_can_score_is_refused() {
        let e = read(
            "board,ns,ew,contract,declarer,result,score,adjust\n1,1,2,,,,,W 50% 4200 50% 420\n",
        );
        refused_on(&e, 2, "4200");
    }

    /// A substitute written with a dash of another kind (– or −, as a word processor
    /// makes it) was one ranked pair named "–".
    #[test]
    fn a_substitute_written_with_another_dash_is_a_substitute() {
        for dash in ["\u{2013}", "\u{2212}"] {
            let e = read(&format!(
                "board,table,round,ns,ew,score\n1,2,1,3,{dash},450\n2,2,2,{dash},4,630\n"
            ));
            assert!(e.pairs.iter().all(|p| p.id != dash), "{:?}", e.pairs);
            assert_eq!(
                e.pairs.iter().filter(|p| p.unranked).count(),
                2,
                "{:?}",
                e.pairs
            );
        }
    }

    /// A large file read on two threads by the csv crate (a lone CR is no plain line
    /// end) numbered the second half's lines by its line feeds alone, where a lone CR ends a line too.
    #[test]
    fn lone_carriage_returns_count_in_a_file_read_in_two() {
        let mut text =
            String::from("board,ns,ew,contract,declarer,result,score\r1,1,2,4S,N,=,420\r");
        for k in 0..40 {
            text.push_str(&format!(
                "{},{},{},4S,N,=,420\n",
                k % 3 + 1,
                2 * k + 3,
                2 * k + 4
            ));
        }
        text.push_str("1,201,202,4S,N,=,999\n");
        let e = read_bytes(&text, ReadOptions::default(), 0).unwrap();
        let lines: Vec<Option<u32>> = e
            .diagnostics
            .iter()
            .filter(|d| d.message.contains("999"))
            .map(|d| d.line)
            .collect();
        // One error: the contract disagrees with a score nobody can get.
        assert_eq!(lines, [Some(43)], "{:?}", e.diagnostics);
    }

    #[test]
    fn contract_texts_make_different_keys() {
        let triples = [
            ("4S", "N", "="),
            ("4S", "", "N="),
            ("4SN", "", "="),
            ("4S", "N=", ""),
            ("", "4S", "N="),
            ("3NTXX", "W", "-13"),
        ];
        let keys: Vec<_> = triples.iter().map(|&(c, d, r)| memo_key(c, d, r)).collect();
        assert!(keys.iter().all(Option::is_some));
        for (i, a) in keys.iter().enumerate() {
            assert!(keys[i + 1..].iter().all(|b| b != a), "{:?}", triples[i]);
        }
        assert_eq!(memo_key("7NTXX", "South", "+13!!"), None);
        assert_ne!(memo_key("4S\0", "N", "="), memo_key("4S", "N", "="));
        assert_ne!(memo_key("4S", "\0N", "="), memo_key("4S", "N", "="));
    }

    #[test]
    fn spaces_around_fields_and_a_byte_order_mark() {
        let e = read("\u{feff}board , ns, ew ,score\n 1 , 1 , 2 , 420 \n");
        assert!(e.diagnostics.is_empty(), "{:?}", messages(&e));
        assert_eq!(e.results[0].outcome, Outcome::Score(420));
        assert_eq!(e.pairs[0].id, "1");
    }

    /// A lead is one card, read in the file's notation and kept as PBN writes a card
    /// (`HK`, `ST`): Dutch leads were kept as written beside contracts translated to
    /// English, and text that is no card (`ZZ`, `S1`) without a word. Such text is kept
    /// as written (the director may know what was meant) and said, naming its line.
    #[test]
    fn a_lead_is_one_card_in_the_files_notation_kept_as_pbn_writes_it() {
        let read = |csv: &str, lang| {
            read_travellers(
                csv.as_bytes(),
                ReadOptions {
                    lang,
                    ..ReadOptions::default()
                },
            )
            .unwrap()
        };
        let leads = |e: &Event| {
            e.lines
                .iter()
                .map(|l| l.lead().to_string())
                .collect::<Vec<_>>()
        };
        let english = read(
            "board,ns,ew,contract,declarer,result,lead\n\
             1,1,2,4S,N,=,ZZ\n1,3,4,4S,N,+1,S1\n2,1,2,3NT,S,-1,10H\n\
             2,3,4,2H,E,=, kh \n3,1,2,1NT,N,=,\u{2665}q\n3,3,4,1NT,N,=,\n",
            Language::English,
        );
        assert_eq!(leads(&english), ["ZZ", "S1", "HT", "HK", "HQ", ""]);
        assert_eq!(
            messages(&english),
            [
                "line 2: board 1: the lead \"ZZ\" is not one card: write the suit and then the rank (HK, S10), or leave it empty; it is kept as written",
                "line 3: board 1: the lead \"S1\" is not one card: write the suit and then the rank (HK, S10), or leave it empty; it is kept as written",
            ]
        );
        let dutch = read(
            "board,ns,ew,contract,declarer,result,lead\n\
             1,1,2,4S,N,=,HV\n1,3,4,4S,N,+1,SB\n2,1,2,3SA,Z,-1,KA\n2,3,4,2H,O,=,RH\n",
            Language::Dutch,
        );
        assert_eq!(leads(&dutch), ["HQ", "SJ", "CA", "DK"]);
        assert_eq!(messages(&dutch), Vec::<String>::new());
        let turkish = read(
            "board,ns,ew,contract,declarer,result,lead\n1,1,2,4 Pik,K,=,PK\n1,3,4,4 Pik,K,=,KA10\n",
            Language::Turkish,
        );
        assert_eq!(leads(&turkish), ["SQ", "DT"]);
        // An English lead in a Dutch file is said: V is no rank in English, K no suit.
        let mixed = read(
            "board,ns,ew,contract,declarer,result,lead\n1,1,2,4S,N,=,HQ\n",
            Language::Dutch,
        );
        assert_eq!(leads(&mixed), ["HQ"]);
        assert!(
            messages(&mixed)[0].contains(
                "the lead \"HQ\" is not one card: write the suit and then the rank (HV, S10)"
            ),
            "{:?}",
            messages(&mixed)
        );
    }

    #[test]
    fn latin1_travellers_and_pairs_are_read_with_a_warning() {
        // As Excel saves a CSV on Windows: é and ë are single bytes.
        let csv = b"board,ns,ew,score,lead\n1,1,2,420,H2\n1,3,4,450,S\xe9\n";
        let mut e = read_travellers(&csv[..], ReadOptions::default()).unwrap();
        assert_eq!(
            messages(&e),
            [
                "line 3: the file is not UTF-8 and was read as Latin-1 (ISO 8859-1), the first such character on this line: check the names, or save the file as CSV UTF-8",
                "line 3: board 1: the lead \"S\u{e9}\" is not one card: write the suit and then the rank (HK, S10), or leave it empty; it is kept as written",
            ]
        );
        assert_eq!(e.results.len(), 2);
        assert_eq!(e.lines[1].lead(), "S\u{e9}");
        let pairs = b"pair,names\n1,Ren\xe9e - Bo\xebl\n2,A\n3,B\n4,C\n";
        let w = read_pairs(&pairs[..], &mut e).unwrap();
        assert_eq!(w.len(), 1, "{w:?}");
        assert_eq!(w[0].line, Some(2));
        assert_eq!(e.pairs[0].names, "Ren\u{e9}e - Bo\u{eb}l");
        // A byte that is text in no character set klaver knows names its line.
        let bad = b"board,ns,ew,score\n1,1,2,420\n1,3,4,450,\x81\n";
        let err = read_travellers(&bad[..], ReadOptions::default()).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("line 3: byte 0x81 is neither Latin-1 nor Windows-1252 text"),
            "{err}"
        );
    }

    #[test]
    fn a_substitute_pair_is_compared_with_the_field_and_not_ranked() {
        // Table 3 played board 1 against a substitute pair written `-`: its 450 is a
        // result the field is compared with, pair 6 is scored, and `-` is no pair of the
        // result list. Another substitute at another table is another pair.
        let csv = "board,table,round,ns,ew,score\n1,1,1,1,2,420\n1,2,1,3,4,400\n1,3,1,-,6,450\n\
                   2,1,1,1,2,100\n2,2,1,3,4,-100\n2,3,1,-,6,140\n2,4,2,7,-,200\n1,4,2,7,-,-50\n";
        let e = read(csv);
        assert!(!e.has_errors(), "{:?}", messages(&e));
        let subs: Vec<usize> = (0..e.pairs.len())
            .filter(|&i| e.pairs[i].unranked)
            .collect();
        assert_eq!(subs.len(), 2);
        assert!(subs.iter().all(|&i| e.pairs[i].id == "-"));
        assert_eq!(e.results[2].ns, e.results[5].ns);
        assert_ne!(e.results[2].ns, e.results[6].ew);
        assert_eq!(e.results[6].ew, e.results[7].ew);
        let s =
            klaver_core::session::score_session(&e.pairs, &e.results, &Default::default()).unwrap();
        // Board 1: 450 beats 420 and 400: pair 6 (East-West) gets 0 of 4.
        assert_eq!(
            s.points[2].unwrap().ew,
            num_rational::Ratio::from_integer(0)
        );
        assert!(s.pairs.iter().all(|p| !e.pairs[p.pair].unranked));
        assert_eq!(s.pairs.len(), 6);
        // A line with two substitutes, or none at all, is refused.
        let e = read("board,ns,ew,score\n1,-,-,420\n1,,2,420\n");
        assert_eq!(
            messages(&e),
            [
                "line 2: board 1: the ns or ew pair is empty: every line needs both pairs (write - for a substitute pair that is not ranked)",
                "line 3: board 1: the ns or ew pair is empty: every line needs both pairs (write - for a substitute pair that is not ranked)"
            ]
        );
    }

    #[test]
    fn missing_columns() {
        let err =
            read_travellers("board,ns,score\n".as_bytes(), ReadOptions::default()).unwrap_err();
        assert!(err.to_string().contains("no `ew` column"));
    }

    #[test]
    fn pairs_file_gives_names_and_player_ids() {
        let mut e = read("board,ns,ew,score\n1,1,2,420\n");
        let pairs =
            "pair,names,players\n2,Bakker - Smit,1003+1004\n1,Jansen - de Vries,1001 + 1002\n";
        let w = read_pairs(pairs.as_bytes(), &mut e).unwrap();
        assert!(w.is_empty(), "{w:?}");
        assert_eq!(e.pairs[0].names, "Jansen - de Vries");
        assert_eq!(e.player_ids[0], vec!["1001", "1002"]);
        assert_eq!(e.player_ids[1], vec!["1003", "1004"]);
        // Without a names column, `players` still holds the names.
        let mut e = read("board,ns,ew,score\n1,1,2,420\n");
        read_pairs("pair,players\n1,Jansen - de Vries\n".as_bytes(), &mut e).unwrap();
        assert_eq!(e.pairs[0].names, "Jansen - de Vries");
        assert!(e.player_ids.is_empty());
    }

    /// A typo in a pair's players (`1005++1006`) was read as three seats without a word,
    /// and the pair's ids were then left out of the PBN and USEBIO written. A pair given
    /// more than two seats, or a team more seats than the players its names list, is a
    /// warning naming the line and saying how it was read; the ids are kept as given.
    /// A team named by one name (`Alpha`) is not counted against its players.
    #[test]
    fn more_seats_than_players_in_the_pairs_file_is_said() {
        let travellers = "board,ns,ew,score\n1,1,2,420\n1,3,4,400\n";
        let mut e = read(travellers);
        let pairs = "pair,names,players\n1,Ann A - Bob B,1001+1002\n2,Cid C - Dan D,+1004\n3,Eve X - Fay Y,1005++1006\n4,Gus G,1007+1008\n";
        let w = read_pairs(pairs.as_bytes(), &mut e).unwrap();
        assert_eq!(w.len(), 1, "{w:?}");
        assert_eq!(w[0].line, Some(4));
        assert_eq!(
            w[0].message,
            "pair 3 in the pairs file gives its players as 1005++1006, which reads as 3 seats: 1005, a seat without a number, 1006 (kept as given); a pair has 2 players: write one id for each player, + between them (a guest without a number keeps its seat empty: +1002)"
        );
        let i = e.pairs.iter().position(|p| p.id == "3").unwrap();
        assert_eq!(e.player_ids[i], ["1005", "", "1006"]);
        let mut e = read(travellers);
        let teams = "team,names,players\n1,Alpha,1001+1002+1003+1004\n2,Ann A - Bob B - Cid C - Dan D,1005+1006+1007+1008\n3,Eve X - Fay Y - Gus G - Hal H,1009+1010++1011+1012\n4,Ivo I - Jan J,1013+\n";
        let w = read_teams(teams.as_bytes(), &mut e).unwrap();
        let said: Vec<_> = w.iter().map(|d| (d.line, d.message.as_str())).collect();
        assert_eq!(
            said,
            [(
                Some(4),
                "team 3 in the teams file gives its players as 1009+1010++1011+1012, which reads as 5 seats: 1009, 1010, a seat without a number, 1011, 1012 (kept as given); its names give 4 (Eve X - Fay Y - Gus G - Hal H): write one id for each player, + between them (a guest without a number keeps its seat empty: +1002)"
            )]
        );
    }

    /// A player id of 0 in the pairs file was read as a real number, so that two pairs
    /// with a guest written 0 had one player "0" between them. It is a seat without a
    /// number, as PBN and USEBIO files write a guest, and said with its line.
    #[test]
    fn a_zero_id_in_the_pairs_file_is_a_guest_seat_and_said() {
        let travellers = "board,ns,ew,score\n1,1,2,420\n1,3,4,400\n";
        let mut e = read(travellers);
        let pairs = "pair,names,players\n1,Ann A - Gast,1001+0\n2,Gast - Bob B,0+1002\n3,Cid C - Dan D,1003+1004\n4,Gast - Gast,0+0\n";
        let w = read_pairs(pairs.as_bytes(), &mut e).unwrap();
        let said: Vec<_> = w.iter().map(|d| (d.line, d.message.as_str())).collect();
        assert_eq!(
            said,
            [
                (
                    Some(2),
                    "pair 1 in the pairs file gives 0 as a player's id: read as a seat without a number (a guest), as other programs write one; leave the seat empty to say so (+1002)"
                ),
                (
                    Some(3),
                    "pair 2 in the pairs file gives 0 as a player's id: read as a seat without a number (a guest), as other programs write one; leave the seat empty to say so (+1002)"
                ),
                (
                    Some(5),
                    "pair 4 in the pairs file gives 0 as a player's id: read as a seat without a number (a guest), as other programs write one; leave the seat empty to say so (+1002)"
                ),
            ]
        );
        let ids = |p: &str| &e.player_ids[e.pairs.iter().position(|x| x.id == p).unwrap()];
        assert_eq!(ids("1"), &["1001", ""]);
        assert_eq!(ids("2"), &["", "1002"]);
        assert_eq!(ids("3"), &["1003", "1004"]);
        assert!(ids("4").is_empty());
    }

    /// A teams event keeps the teams of its names file that have no result (a bye),
    /// where a pairs event warns of them.
    #[test]
    fn a_teams_file_keeps_the_teams_without_results() {
        let file = "team,names\n1,Alpha\n2,Beta\n5,Epsilon\n5,Epsilon\n";
        let mut e = read("board,ns,ew,score\n1,1,2,420\n");
        let w = read_teams(file.as_bytes(), &mut e).unwrap();
        assert!(w.is_empty(), "{w:?}");
        let ids: Vec<(&str, &str)> = e
            .pairs
            .iter()
            .map(|p| (p.id.as_str(), p.names.as_str()))
            .collect();
        assert_eq!(ids, [("1", "Alpha"), ("2", "Beta"), ("5", "Epsilon")]);
        let mut e = read("board,ns,ew,score\n1,1,2,420\n");
        let w = read_pairs(file.as_bytes(), &mut e).unwrap();
        assert_eq!(e.pairs.len(), 2);
        assert!(
            w[0].message
                .starts_with("pair 5 in the pairs file has no results"),
            "{w:?}"
        );
    }

    /// A pair given twice in the pairs file took the names of its last line without a
    /// word, and a player given twice for one pair was taken as written.
    #[test]
    fn a_pair_or_player_given_twice_in_the_pairs_file_is_said() {
        let mut e = read("board,ns,ew,score\n1,1,2,420\n");
        let pairs = "pair,names,players\n1,Jansen - de Vries,1001+1002\n2,Bakker - Bakker,1003+1003\n1,Smit - Visser,1005+1006\n1,Jansen - de Vries,1001+1002\n";
        let w = read_pairs(pairs.as_bytes(), &mut e).unwrap();
        let said: Vec<String> = w.iter().map(ToString::to_string).collect();
        assert_eq!(
            said,
            [
                "line 3: pair 2 has player 1003 twice: give each of its players once",
                "line 4: pair 1 is given twice in the pairs file (also on line 2, with other names or players): the names and players of line 2 are used; remove the line that is wrong",
            ]
        );
        assert_eq!(e.pairs[0].names, "Jansen - de Vries");
        assert_eq!(e.player_ids[0], vec!["1001", "1002"]);
    }

    /// A pairs file that gave player 1001 to pairs 1 and 2 was read without a word, and
    /// the season ranking then refused the club's whole season: each second pair is
    /// said with the line that gave the player first, as a warning when scoring and an
    /// error when the file is to be stored.
    #[test]
    fn a_player_given_for_two_pairs_is_said_with_both_lines() {
        let travellers = "board,ns,ew,score\n1,1,2,420\n1,3,4,450\n";
        let pairs =
            "pair,names,players\n1,a,1001+1002\n2,b,1001+1003\n3,c,1005+1005\n4,d,1007+1008\n";
        for severity in [Severity::Warning, Severity::Error] {
            let mut e = read(travellers);
            let how = NamesFile {
                teams: false,
                players_twice: severity,
            };
            let said = read_names(pairs.as_bytes(), &mut e, how).unwrap();
            let text: Vec<String> = said.iter().map(ToString::to_string).collect();
            assert_eq!(
                text,
                [
                    "line 3: player 1001 of pair 2 is also given for pair 1 (line 2): a player plays in one pair a night; correct the players of the pair that is wrong",
                    "line 4: pair 3 has player 1005 twice: give each of its players once",
                ]
            );
            assert!(said.iter().all(|d| d.severity == severity), "{said:?}");
        }
        // Teams are told as teams.
        let mut e = read(travellers);
        let teams =
            "team,names,players\n1,A,1001+1002+1003+1004\n2,B,1005+1006+1007+1004\n3,C,\n4,D,\n";
        let how = NamesFile {
            teams: true,
            players_twice: Severity::Warning,
        };
        let said = read_names(teams.as_bytes(), &mut e, how).unwrap();
        assert_eq!(
            said.iter().map(ToString::to_string).collect::<Vec<_>>(),
            [
                "line 3: player 1004 of team 2 is also given for team 1 (line 2): a player plays in one team a night; correct the players of the team that is wrong"
            ]
        );
    }

    /// A teams file without sections against travellers in sections A and B made two
    /// extra teams that played no match, and left the real ones nameless: each of its
    /// lines is said instead, with what to write.
    #[test]
    fn a_names_file_without_the_travellers_sections_adds_no_team() {
        let travellers = "section,board,ns,ew,score\nA,1,1,2,420\nB,1,1,2,-170\n";
        let mut e = read(travellers);
        let w = read_teams("team,names\n1,Alpha\n2,Beta\n".as_bytes(), &mut e).unwrap();
        assert_eq!(e.pairs.len(), 4);
        assert!(e.pairs.iter().all(|p| p.names.is_empty()));
        let said: Vec<String> = w.iter().map(ToString::to_string).collect();
        assert_eq!(
            said[..2],
            [
                "line 2: team 1 in the teams file has no section, but the travellers' teams are in sections A and B: give each team its section in a section column (section,team,names)",
                "line 3: team 2 in the teams file has no section, but the travellers' teams are in sections A and B: give each team its section in a section column (section,team,names)",
            ]
        );
        // A section the travellers do not have is said too, in a pairs file as well.
        let mut e = read(travellers);
        let w = read_pairs("section,pair,names\nC,1,Alpha\n".as_bytes(), &mut e).unwrap();
        assert_eq!(
            w[0].to_string(),
            "line 2: pair 1 in the pairs file is in section C, which the travellers do not have (theirs are A and B): correct its section"
        );
        let mut e = read("board,ns,ew,score\n1,1,2,420\n");
        let w = read_teams("section,team,names\nA,3,Gamma\n".as_bytes(), &mut e).unwrap();
        assert_eq!(e.pairs.len(), 2);
        assert_eq!(
            w[0].to_string(),
            "line 2: team 3 in the teams file is in section A, but the travellers have no sections: leave the section out"
        );
        // With the sections given, every team gets its names.
        let mut e = read(travellers);
        let file = "section,team,names\nA,1,Alpha\nA,2,Beta\nB,1,Gamma\nB,2,Delta\nB,3,Eta\n";
        let w = read_teams(file.as_bytes(), &mut e).unwrap();
        assert!(w.is_empty(), "{w:?}");
        let names: Vec<&str> = e.pairs.iter().map(|p| p.names.as_str()).collect();
        assert_eq!(names, ["Alpha", "Beta", "Gamma", "Delta", "Eta"]);
        // A team written another way than in the travellers is not a new team either.
        let mut e = read("board,ns,ew,score\n1,1,2,420\n");
        let w = read_teams("team,names\n01,Alpha\n2,Beta\n".as_bytes(), &mut e).unwrap();
        assert_eq!(e.pairs.len(), 2);
        assert_eq!(
            w[0].to_string(),
            "line 2: team 01 in the teams file has no results in the travellers (team 1 has: write its number the same way in both files)"
        );
    }

    /// A team or pair that played but is not in the names file was listed without names
    /// and without a word.
    #[test]
    fn a_team_or_pair_missing_from_the_names_file_is_said() {
        let travellers = "board,ns,ew,score\n1,1,2,420\n1,3,4,-170\n";
        let mut e = read(travellers);
        let w = read_teams("team,names\n1,A\n2,B\n3,C\n".as_bytes(), &mut e).unwrap();
        let said: Vec<String> = w.iter().map(ToString::to_string).collect();
        assert_eq!(
            said,
            ["team 4 is not in the teams file: it is listed without names; add a line for it"]
        );
        let mut e = read(travellers);
        let w = read_pairs("pair,names\n1,A\n".as_bytes(), &mut e).unwrap();
        let said: Vec<String> = w.iter().map(ToString::to_string).collect();
        assert_eq!(
            said,
            [
                "pairs 2, 3 and 4 are not in the pairs file: they are listed without names; add a line for each"
            ]
        );
        let mut e = read("section,board,ns,ew,score\nA,1,1,2,420\nB,1,1,2,-170\n");
        let w = read_pairs("section,pair,names\nA,1,X\nA,2,Y\n".as_bytes(), &mut e).unwrap();
        assert_eq!(
            w[0].to_string(),
            "pairs B1 and B2 are not in the pairs file: they are listed without names; add a line for each"
        );
    }

    /// Data under a column whose header is empty (`board,ns,ew,,score`) was passed over
    /// without a word; an empty column with nothing in it stays unsaid.
    #[test]
    fn data_under_a_column_without_a_name_is_said() {
        for parallel_from in [usize::MAX, 0] {
            let csv = "board,ns,ew,,score\n1,1,2,4S,420\n1,3,4,,450\n1,5,6,X,400\n";
            let e = read_bytes(csv, ReadOptions::default(), parallel_from).unwrap();
            assert_eq!(
                messages(&e),
                [
                    "line 2: board 1: column 4 has no name in the header: 4S is not read; name the column (contract, declarer, result, ...) or remove the field",
                    "line 4: board 1: column 4 has no name in the header: X is not read; name the column (contract, declarer, result, ...) or remove the field"
                ]
            );
            assert_eq!(e.results.len(), 3);
        }
        let e = read("board,ns,ew,,contract,declarer,result\n1,1,2,,4S,N,=\n");
        assert!(messages(&e).is_empty(), "{:?}", messages(&e));
    }

    /// `mp_ns` without `mp_ew` was not read at all (so `--compare` found no published
    /// matchpoints); each column is read alone, the other side left unpublished.
    #[test]
    fn published_matchpoints_of_one_side_are_read() {
        let e = read(
            "board,ns,ew,contract,declarer,result,score,mp_ns\n1,1,2,4S,N,=,420,4\n1,3,4,4S,N,+1,450,2\n",
        );
        assert!(messages(&e).is_empty(), "{:?}", messages(&e));
        assert_eq!(e.lines[0].published(), Some(("4", "")));
        assert_eq!(e.lines[1].published(), Some(("2", "")));
        let e = read("board,ns,ew,score,mp_ew\n1,1,2,420,0\n");
        assert_eq!(e.lines[0].published(), Some(("", "0")));
    }

    /// A declarer or result given while the contract is empty was passed over without a
    /// word (the score alone was read).
    #[test]
    fn a_declarer_or_result_without_a_contract_is_said() {
        let e = read(
            "board,ns,ew,contract,declarer,result,score\n1,1,2,,N,+1,420\n1,3,4,,,4S=,450\n1,5,6,3NT,S,=,400\n",
        );
        assert_eq!(
            messages(&e),
            [
                "line 2: board 1: declarer N and result +1 are given without a contract: they are not read and the entered score 420 is used; write the contract in the contract column",
                "line 3: board 1: result 4S= is given without a contract: it is not read and the entered score 450 is used; write the contract in the contract column"
            ]
        );
        assert_eq!(e.results.len(), 3);
    }

    /// The messages of reading pairs file `pairs` for the travellers of pairs 1 to 4.
    fn pairs_file_messages(pairs: &str) -> (Result<Vec<String>, String>, Event) {
        let mut e = read("board,ns,ew,score\n1,1,2,420\n1,3,4,450\n");
        let said = read_pairs(pairs.as_bytes(), &mut e)
            .map(|w| w.iter().map(ToString::to_string).collect())
            .map_err(|e| e.to_string());
        (said, e)
    }

    /// A pairs file's line with more fields than its header (a name with a comma, not
    /// in quotes) kept its first field as the names without a word.
    #[test]
    fn a_pairs_line_past_the_header_is_said() {
        let (said, e) =
            pairs_file_messages("pair,names\n1,Jansen, Piet - de Vries, Jan\n2,B\n3,C\n4,D\n");
        assert_eq!(
            said.unwrap(),
            [
                "line 2: the line has 4 fields and the header 2: Piet - de Vries and Jan are not read; put a name that holds a comma in quotes (\"Jansen, Piet\"), or add the column to the header"
            ]
        );
        assert_eq!(e.pairs[0].names, "Jansen");
        let (said, _) = pairs_file_messages("pair,names,\n1,A,x\n2,B,\n3,C\n4,D\n");
        assert_eq!(
            said.unwrap(),
            [
                "line 2: x is under a column with no name in the header and is not read: name the column, or remove the field"
            ]
        );
    }

    /// A pairs file's column klaver does not read (`bondsnummer`, where the ids column
    /// is `bondsnummers`) was passed over without a word, and the players' ids with it.
    #[test]
    fn a_pairs_column_not_read_is_said() {
        let (said, e) =
            pairs_file_messages("pair,names,bondsnummer\n1,A,1001+1002\n2,B,1\n3,C,2\n4,D,3\n");
        assert_eq!(
            said.unwrap(),
            [
                "line 1: the column bondsnummer is not read: its contents are ignored (the players' ids are read from a column ids, player_ids, bondsnummers or, beside names, players)"
            ]
        );
        assert!(e.player_ids.is_empty());
    }

    /// A pairs file naming a column twice (`pair,names,names`, or `team,pair`) read the
    /// first without a word.
    #[test]
    fn a_pairs_column_given_twice_is_refused() {
        let (said, _) = pairs_file_messages("pair,names,names\n1,A,X\n");
        assert_eq!(
            said.unwrap_err(),
            "the header has two names columns (columns 2 and 3): keep the one to score"
        );
        let (said, _) = pairs_file_messages("team,pair,names\n1,1,A\n");
        assert_eq!(
            said.unwrap_err(),
            "the header has two pair columns (columns 1 and 2): keep the one to score"
        );
    }

    /// A pairs file's line with names and no pair was passed over without a word.
    #[test]
    fn a_pairs_line_without_its_pair_is_said() {
        let (said, _) = pairs_file_messages("pair,names\n1,A\n,B\n3,C\n4,D\n,\n");
        assert_eq!(
            said.unwrap(),
            [
                "line 3: the line gives no pair: its names, B, are not read; write the pair's number",
                "pair 2 is not in the pairs file: it is listed without names; add a line for it"
            ]
        );
    }
}
