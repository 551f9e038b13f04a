//! Reading and writing contracts, declarers and results in English, Dutch and Turkish.
//!
//! The language is always chosen by the caller, never guessed: "K" is clubs in Dutch but
//! hearts (Kupa) or North (Kuzey) in Turkish, and "Z" is South in Dutch when it stands for
//! the declarer but notrump when it stands for the strain.
//!
//! | | English | Dutch | Turkish |
//! |---|---|---|---|
//! | strains | C D H S NT (N) | K R H S SA (Z, ZT, NT) | Trefl Karo Kupa Pik SA (T KA K P) |
//! | seats | N E S W | N O Z W | K D G B (Kuzey Doğu Güney Batı) |
//! | doubled | X, XX | !, !! (X, XX) | kontur, sürkontur (X, XX) |
//! | made exactly | = | C, = | bien, = |
//! | over / down | +1, -2 | +1, -2 | +1, -2, 1 fazla, 2 batar |
//! | passed out | PASS, P | PAS | Pas |
//!
//! Suit symbols (♠ ♥ ♦ ♣, also ♤ ♡ ♢ ♧) are read in every language, letters are read in
//! any case and Turkish words also without Turkish letters ("surkontur", "Dogu"). A plain
//! number as a result is the number of tricks declarer took (`4S N 10`).
//!
//! A whole table result ([`parse_entry`]) is written with the declarer before the contract
//! as on a control sheet (`N4S!-6`, `O2Z-2`, `NPAS`) or after it as a director types it
//! (`4S N +1`, `3NTX E -2`, `4 Pik kontur K 2 batar`). In [`Mode::Lenient`] the legacy forms
//! of old score sheets are read too, and every assumption made is reported.
//!
//! Reading does not allocate unless the text is refused or an assumption is reported.

use crate::board::{Seat, Vulnerability};
use crate::contract::{Contract, Doubling, Play, Strain};
use std::fmt::{self, Write as _};

/// The language a contract is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Language {
    /// English: 4S, 3NT, 4SX; declarer N/E/S/W; results =, +1, -2.
    #[default]
    English,
    /// Dutch: S H R K, SA or Z; declarer N O Z W; ! and !!; C for made.
    Dutch,
    /// Turkish: Pik, Kupa, Karo, Trefl, SA; K D G B; kontur, sürkontur.
    Turkish,
}

impl Language {
    /// All three notations.
    pub const ALL: [Language; 3] = [Language::English, Language::Dutch, Language::Turkish];

    /// The language's name in English ("Dutch").
    pub fn name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::Dutch => "Dutch",
            Language::Turkish => "Turkish",
        }
    }
}

/// How forgiving reading a table result is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Mode {
    /// Only complete results: a sign needs its number, made exactly is `=` (or C, bien).
    #[default]
    Strict,
    /// Also the legacy forms of old score sheets (`N2H-` for made exactly), each one
    /// reported as an [`Assumption`].
    Lenient,
}

/// One table's result on a board: passed out, or a contract played by a declarer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Entry {
    /// All four players passed: a real score of 0.
    Passed,
    /// A contract, its declarer and the tricks declarer took.
    Played(Play),
}

impl Entry {
    /// The played contract, or `None` for a passed board.
    pub fn play(&self) -> Option<Play> {
        match self {
            Entry::Passed => None,
            Entry::Played(p) => Some(*p),
        }
    }

    /// The duplicate score from North-South's point of view (0 for a passed board).
    pub fn score_ns(&self, vul: Vulnerability) -> i32 {
        match self {
            Entry::Passed => 0,
            Entry::Played(p) => p.score_ns(vul),
        }
    }
}

/// What a lenient reading took for granted about a legacy result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AssumptionKind {
    /// A result sign with no number after it (`N2H-`), read as made exactly.
    BareSign(char),
    /// A result of zero over or down (`+0`, `-0`, `0 batar`), read as made exactly.
    ZeroResult,
}

/// An assumption a lenient reading made, with the text it was made about.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Assumption {
    /// The table result as written.
    pub text: String,
    /// What was assumed.
    pub kind: AssumptionKind,
}

impl fmt::Display for Assumption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            AssumptionKind::BareSign(sign) => write!(
                f,
                "{:?}: the {sign:?} with no number after it is read as made exactly",
                self.text
            ),
            AssumptionKind::ZeroResult => write!(
                f,
                "{:?}: a result of zero tricks over or down is read as made exactly",
                self.text
            ),
        }
    }
}

/// Text that could not be read as a contract, seat or result.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot read {text:?} as {what}: expected {expected}")]
pub struct NotationError {
    /// The text as written (shortened when very long).
    pub text: String,
    /// What was being read ("a contract", "a declarer", "a result", "a table result").
    pub what: &'static str,
    /// What would have been accepted, and what was found instead.
    pub expected: String,
    /// What could not be read, for a message in another language than `expected`'s.
    pub misread: Misread,
}

/// What could not be read in a contract, so that a page in another language can say it
/// in its own words; [`NotationError`]'s message says it in English.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Misread {
    /// Nothing was written.
    Empty,
    /// No level where the contract begins.
    NoLevel,
    /// A level outside 1-7, as written.
    Level(String),
    /// No strain after the level.
    Strain(u8),
    /// More after what was read, as written from there.
    Trailing(String),
    /// No declarer where one belongs.
    NoDeclarer,
    /// Something else where the declarer belongs, as written.
    Declarer(String),
    /// No result after the contract.
    NoResult,
    /// Something else where the result belongs, as written.
    Result(String),
    /// A sign with no number after it (in a strict reading).
    SignWithoutNumber(char),
    /// A result of zero over or down (in a strict reading).
    ZeroResult,
    /// More over or down than the contract allows: the result, over (+) or down (-).
    ResultRange(Contract, i64),
    /// More over (`over`) or down than the contract allows, by a number too large to be
    /// read as one: the result as written (`+99999999999999999999`, shortened when very
    /// long), so that a message quotes it rather than the largest number read.
    ResultTooLarge {
        contract: Contract,
        over: bool,
        written: String,
    },
    /// A number of tricks above 13, as written.
    Tricks(String),
    /// Something else: a seat given twice, a seat before a pass, a vulnerability.
    Other,
}

/// Reads a contract such as `4S`, `3NTX` (English), `4S!` (Dutch) or `4 Pik kontur` (Turkish).
pub fn parse_contract(text: &str, lang: Language) -> Result<Contract, NotationError> {
    if let Some(c) = plain_contract(text.as_bytes(), lang) {
        return Ok(c);
    }
    let mut cur = Cursor::new(text, lang);
    cur.skip_ws();
    let parsed = contract(&mut cur).and_then(|c| cur.finish(c));
    parsed.map_err(|p| error(text, "a contract", lang, p))
}

/// Reads a declarer seat letter or word in the given language.
pub fn parse_seat(text: &str, lang: Language) -> Result<Seat, NotationError> {
    if let [b] = text.as_bytes()
        && let Some(seat) = plain_seat(*b, lang)
    {
        return Ok(seat);
    }
    let mut cur = Cursor::new(text, lang);
    cur.skip_ws();
    let parsed = match cur.eat_one(seats(lang)) {
        Some(seat) => cur.finish(seat),
        None if cur.at_end() => Err(Problem::NoDeclarer),
        None => Err(Problem::Declarer { at: cur.pos }),
    };
    parsed.map_err(|p| error(text, "a declarer", lang, p))
}

/// Reads a result relative to the contract (`=`, `+1`, `-2`, Dutch `C`, Turkish `bien`) or
/// a number of tricks taken, and returns the tricks declarer took.
pub fn parse_result(text: &str, contract: Contract, lang: Language) -> Result<u8, NotationError> {
    if let Some(tricks) = plain_result(text.as_bytes(), contract.tricks_needed()) {
        return Ok(tricks);
    }
    full_result(text, contract, lang)
}

/// Reads a contract followed by its result (`4SX -2`, `3NT 9`, Dutch `4S! C`, Turkish
/// `6 Karo kontur 2 batar`, `2 SA 1 fazla`), read as a table result's contract and
/// result are read when its declarer is known; returns the contract and the tricks
/// declarer took. A score pad line names the side, not the declarer, before this.
pub fn parse_contract_and_result(
    text: &str,
    lang: Language,
) -> Result<(Contract, u8), NotationError> {
    let mut cur = Cursor::new(text, lang);
    cur.skip_ws();
    let parsed = contract(&mut cur).and_then(|c| {
        let (tricks, _) = result(&mut cur, c, Mode::Strict)?;
        cur.finish((c, tricks))
    });
    parsed.map_err(|p| error(text, "a contract and its result", lang, p))
}

/// [`parse_result`] through the word tables.
fn full_result(text: &str, contract: Contract, lang: Language) -> Result<u8, NotationError> {
    let mut cur = Cursor::new(text, lang);
    let parsed = result(&mut cur, contract, Mode::Strict).and_then(|(t, _)| cur.finish(t));
    parsed.map_err(|p| error(text, "a result", lang, p))
}

/// The everyday results, read without the word tables: `=`, `+1`, `-2` or the tricks
/// taken (`9`), in every language. Anything else, and any result that cannot be, is left
/// to the full reader, which says what is wrong.
fn plain_result(b: &[u8], made: u8) -> Option<u8> {
    let number = |d: &[u8]| -> Option<i64> {
        match *d {
            [a] if a.is_ascii_digit() => Some(i64::from(a - b'0')),
            [a, c] if a.is_ascii_digit() && c.is_ascii_digit() => {
                Some(i64::from(a - b'0') * 10 + i64::from(c - b'0'))
            }
            _ => None,
        }
    };
    let tricks = match b {
        [b'='] => return Some(made),
        [b'+', rest @ ..] => i64::from(made) + number(rest).filter(|&r| r != 0)?,
        [b'-', rest @ ..] => i64::from(made) - number(rest).filter(|&r| r != 0)?,
        _ => number(b)?,
    };
    (0..=13).contains(&tricks).then_some(tricks as u8)
}

/// The everyday form of a contract, read without the word tables: a level and a strain
/// letter in English (`4S`, `3NT`, `3N`, `5CX`, `7NTXX`) or Dutch (`4S`, `3SA`, `3Z`,
/// `5K!`, `7SA!!`), upper or lower case. Anything else is left to the full reader.
fn plain_contract(b: &[u8], lang: Language) -> Option<Contract> {
    let (&level, rest) = b.split_first()?;
    if !(b'1'..=b'7').contains(&level) {
        return None;
    }
    let up = |i: usize| rest.get(i).map(u8::to_ascii_uppercase);
    let (strain, used) = match (lang, up(0)?, up(1)) {
        (Language::English, b'N', Some(b'T')) => (Strain::NoTrump, 2),
        (Language::English, b'N', _) => (Strain::NoTrump, 1),
        (Language::English, b'C', _) => (Strain::Clubs, 1),
        (Language::English, b'D', _) => (Strain::Diamonds, 1),
        (Language::Dutch, b'S', Some(b'A')) => (Strain::NoTrump, 2),
        (Language::Dutch, b'Z', _) => (Strain::NoTrump, 1),
        (Language::Dutch, b'K', _) => (Strain::Clubs, 1),
        (Language::Dutch, b'R', _) => (Strain::Diamonds, 1),
        (Language::English | Language::Dutch, b'H', _) => (Strain::Hearts, 1),
        (Language::English | Language::Dutch, b'S', _) => (Strain::Spades, 1),
        _ => return None,
    };
    let doubling = match (lang, &rest[used..]) {
        (_, []) => Doubling::Undoubled,
        (Language::English, [x]) if x.eq_ignore_ascii_case(&b'X') => Doubling::Doubled,
        (Language::English, [x, y])
            if x.eq_ignore_ascii_case(&b'X') && y.eq_ignore_ascii_case(&b'X') =>
        {
            Doubling::Redoubled
        }
        (Language::Dutch, [b'!']) => Doubling::Doubled,
        (Language::Dutch, [b'!', b'!']) => Doubling::Redoubled,
        _ => return None,
    };
    Contract::new(level - b'0', strain, doubling).ok()
}

/// A declarer written as one letter, read without the word tables.
fn plain_seat(b: u8, lang: Language) -> Option<Seat> {
    match (lang, b.to_ascii_uppercase()) {
        (Language::English | Language::Dutch, b'N') => Some(Seat::North),
        (Language::English, b'E') | (Language::Dutch, b'O') => Some(Seat::East),
        (Language::English, b'S') | (Language::Dutch, b'Z') => Some(Seat::South),
        (Language::English | Language::Dutch, b'W') => Some(Seat::West),
        _ => None,
    }
}

/// Reads a whole table result: `N4S!-6`, `4S N +1`, `3NTX E -2`, `PASS` (in the
/// language's notation), with every assumption a lenient reading made.
pub fn parse_entry(
    text: &str,
    lang: Language,
    mode: Mode,
) -> Result<(Entry, Vec<Assumption>), NotationError> {
    parse_entry_with_declarer(text, None, lang, mode)
}

/// Reads a table result whose declarer may be given separately (a traveller's declarer
/// column); a declarer in the text must then be the same seat.
pub fn parse_entry_with_declarer(
    text: &str,
    declarer: Option<Seat>,
    lang: Language,
    mode: Mode,
) -> Result<(Entry, Vec<Assumption>), NotationError> {
    let mut cur = Cursor::new(text, lang);
    match entry(&mut cur, mode, declarer) {
        Ok((e, None)) => Ok((e, Vec::new())),
        Ok((e, Some(kind))) => Ok((
            e,
            vec![Assumption {
                text: shorten(text),
                kind,
            }],
        )),
        Err(p) => Err(error(text, "a table result", lang, p)),
    }
}

/// Reads which sides are vulnerable: `none`, `ns`, `ew`, `both`/`all` and the Dutch
/// (`geen`, `NZ`, `OW`, `AL`) and Turkish (`yok`, `KG`, `DB`, `hepsi`) words, which never
/// mean different things in two of the languages.
pub fn parse_vulnerability(text: &str) -> Result<Vulnerability, NotationError> {
    let mut key = [0u8; 16];
    let mut n = 0;
    for c in text.chars() {
        if c.is_whitespace() || matches!(c, '-' | '/' | '_' | '.' | '+' | '&') {
            continue;
        }
        let f = fold(c, Language::Turkish);
        if !f.is_ascii_uppercase() || n == key.len() {
            n = key.len() + 1;
            break;
        }
        key[n] = f as u8;
        n += 1;
    }
    let key = if n <= key.len() { &key[..n] } else { &[][..] };
    let vul = match key {
        b"" if !text.trim().is_empty() && text.trim().chars().all(|c| c == '-') => {
            Some(Vulnerability::None)
        }
        b"NONE" | b"NIL" | b"LOVE" | b"GEEN" | b"NIEMAND" | b"YOK" | b"KIMSE" | b"HICBIRI" => {
            Some(Vulnerability::None)
        }
        b"NS" | b"NORTHSOUTH" | b"NZ" | b"NOORDZUID" | b"KG" | b"KUZEYGUNEY" => {
            Some(Vulnerability::NorthSouth)
        }
        b"EW" | b"EASTWEST" | b"OW" | b"OOSTWEST" | b"DB" | b"DOGUBATI" => {
            Some(Vulnerability::EastWest)
        }
        b"BOTH" | b"ALL" | b"AL" | b"ALLEN" | b"BEIDE" | b"BEIDEN" | b"HEPSI" | b"HERKES"
        | b"IKISI" => Some(Vulnerability::Both),
        _ => None,
    };
    vul.ok_or_else(|| NotationError {
        text: shorten(text),
        what: "a vulnerability",
        expected: "none, ns, ew or both (Dutch geen, NZ, OW, AL; Turkish yok, KG, DB, hepsi)"
            .to_string(),
        misread: Misread::Other,
    })
}

/// Writes a contract in the language's notation: `4SX`, Dutch `4S!`, Turkish `4 Pik kontur`.
pub fn format_contract(contract: Contract, lang: Language) -> String {
    let mut s = String::with_capacity(16);
    let _ = write_contract(&mut s, contract, lang);
    s
}

/// Writes a declarer as its seat letter: English `E`, Dutch `O`, Turkish `D`.
pub fn format_seat(seat: Seat, lang: Language) -> String {
    seat_letter(seat, lang).to_string()
}

/// The seat letter in the language's notation (`N`, Dutch `O`, Turkish `D`).
pub fn seat_letter(seat: Seat, lang: Language) -> &'static str {
    let i = seat_index(seat);
    match lang {
        Language::English => ["N", "E", "S", "W"][i],
        Language::Dutch => ["N", "O", "Z", "W"][i],
        Language::Turkish => ["K", "D", "G", "B"][i],
    }
}

/// The seat's full name in the language (North, Oost, Güney).
pub fn seat_name(seat: Seat, lang: Language) -> &'static str {
    let i = seat_index(seat);
    match lang {
        Language::English => ["North", "East", "South", "West"][i],
        Language::Dutch => ["Noord", "Oost", "Zuid", "West"][i],
        Language::Turkish => ["Kuzey", "Doğu", "Güney", "Batı"][i],
    }
}

/// Writes the tricks declarer took relative to the contract: `=` (Dutch `C`, Turkish
/// `bien`) for made exactly, else `+1` or `-2`.
pub fn format_result(tricks: u8, contract: Contract, lang: Language) -> String {
    let mut s = String::with_capacity(4);
    let _ = write_result(&mut s, tricks, contract, lang, false);
    s
}

/// Writes a whole table result the way it is read back by [`parse_entry`]: the control
/// sheet's `N4SX-2` (Dutch `N4S!-2`), Turkish `K 4 Pik kontur -2`; `PASS`, `PAS`, `Pas`.
pub fn format_entry(entry: &Entry, lang: Language) -> String {
    let mut s = String::with_capacity(16);
    let _ = write_entry(&mut s, entry, lang);
    s
}

/// Writes a contract into `out` without allocating (see [`format_contract`]).
pub fn write_contract<W: fmt::Write>(
    out: &mut W,
    contract: Contract,
    lang: Language,
) -> fmt::Result {
    let level = contract.level();
    match lang {
        Language::English | Language::Dutch => {
            let strain = match (lang, contract.strain()) {
                (Language::English, Strain::Clubs) => "C",
                (Language::English, Strain::Diamonds) => "D",
                (Language::English, Strain::NoTrump) => "NT",
                (_, Strain::Clubs) => "K",
                (_, Strain::Diamonds) => "R",
                (_, Strain::NoTrump) => "SA",
                (_, Strain::Hearts) => "H",
                (_, Strain::Spades) => "S",
            };
            let dbl = match (lang, contract.doubling()) {
                (_, Doubling::Undoubled) => "",
                (Language::English, Doubling::Doubled) => "X",
                (Language::English, Doubling::Redoubled) => "XX",
                (_, Doubling::Doubled) => "!",
                (_, Doubling::Redoubled) => "!!",
            };
            write!(out, "{level}{strain}{dbl}")
        }
        Language::Turkish => {
            let strain = match contract.strain() {
                Strain::Clubs => "Trefl",
                Strain::Diamonds => "Karo",
                Strain::Hearts => "Kupa",
                Strain::Spades => "Pik",
                Strain::NoTrump => "SA",
            };
            let dbl = match contract.doubling() {
                Doubling::Undoubled => "",
                Doubling::Doubled => " kontur",
                Doubling::Redoubled => " sürkontur",
            };
            write!(out, "{level} {strain}{dbl}")
        }
    }
}

/// Writes a table result into `out` without allocating (see [`format_entry`]).
pub fn write_entry<W: fmt::Write>(out: &mut W, entry: &Entry, lang: Language) -> fmt::Result {
    match entry {
        Entry::Passed => out.write_str(match lang {
            Language::English => "PASS",
            Language::Dutch => "PAS",
            Language::Turkish => "Pas",
        }),
        Entry::Played(p) => {
            out.write_str(seat_letter(p.declarer(), lang))?;
            if lang == Language::Turkish {
                out.write_char(' ')?;
            }
            write_contract(out, p.contract(), lang)?;
            if lang == Language::Turkish {
                out.write_char(' ')?;
            }
            write_result(out, p.tricks(), p.contract(), lang, true)
        }
    }
}

fn write_result<W: fmt::Write>(
    out: &mut W,
    tricks: u8,
    contract: Contract,
    lang: Language,
    in_entry: bool,
) -> fmt::Result {
    let diff = i32::from(tricks) - i32::from(contract.tricks_needed());
    match (diff, lang) {
        (0, Language::Dutch) if !in_entry => out.write_char('C'),
        (0, Language::Turkish) => out.write_str("bien"),
        (0, _) => out.write_char('='),
        (d, _) => write!(out, "{d:+}"),
    }
}

fn seat_index(seat: Seat) -> usize {
    match seat {
        Seat::North => 0,
        Seat::East => 1,
        Seat::South => 2,
        Seat::West => 3,
    }
}

// ---------------------------------------------------------------------------------------
// Words of each notation. Every table lists longer words before their prefixes, so that
// the first match is the longest one.

type Table<T> = &'static [(&'static str, T)];

const SYMBOLS: Table<Strain> = &[
    ("♠", Strain::Spades),
    ("♥", Strain::Hearts),
    ("♦", Strain::Diamonds),
    ("♣", Strain::Clubs),
];

const EN_STRAINS: Table<Strain> = &[
    ("NOTRUMPS", Strain::NoTrump),
    ("NOTRUMP", Strain::NoTrump),
    ("DIAMONDS", Strain::Diamonds),
    ("HEARTS", Strain::Hearts),
    ("SPADES", Strain::Spades),
    ("CLUBS", Strain::Clubs),
    ("NT", Strain::NoTrump),
    ("N", Strain::NoTrump),
    ("S", Strain::Spades),
    ("H", Strain::Hearts),
    ("D", Strain::Diamonds),
    ("C", Strain::Clubs),
];

const NL_STRAINS: Table<Strain> = &[
    ("KLAVEREN", Strain::Clubs),
    ("SCHOPPEN", Strain::Spades),
    ("KLAVER", Strain::Clubs),
    ("HARTEN", Strain::Hearts),
    ("RUITEN", Strain::Diamonds),
    ("SA", Strain::NoTrump),
    ("ZT", Strain::NoTrump),
    ("NT", Strain::NoTrump),
    ("Z", Strain::NoTrump),
    ("S", Strain::Spades),
    ("H", Strain::Hearts),
    ("R", Strain::Diamonds),
    ("K", Strain::Clubs),
];

const TR_STRAINS: Table<Strain> = &[
    ("TREFL", Strain::Clubs),
    ("KUPA", Strain::Hearts),
    ("KARO", Strain::Diamonds),
    ("KOR", Strain::Hearts),
    ("PIK", Strain::Spades),
    ("SA", Strain::NoTrump),
    ("KA", Strain::Diamonds),
    ("P", Strain::Spades),
    ("K", Strain::Hearts),
    ("T", Strain::Clubs),
];

const EN_SEATS: Table<Seat> = &[
    ("NORTH", Seat::North),
    ("SOUTH", Seat::South),
    ("EAST", Seat::East),
    ("WEST", Seat::West),
    ("N", Seat::North),
    ("E", Seat::East),
    ("S", Seat::South),
    ("W", Seat::West),
];

const NL_SEATS: Table<Seat> = &[
    ("NOORD", Seat::North),
    ("OOST", Seat::East),
    ("ZUID", Seat::South),
    ("WEST", Seat::West),
    ("N", Seat::North),
    ("O", Seat::East),
    ("Z", Seat::South),
    ("W", Seat::West),
];

const TR_SEATS: Table<Seat> = &[
    ("KUZEY", Seat::North),
    ("GUNEY", Seat::South),
    ("DOGU", Seat::East),
    ("BATI", Seat::West),
    ("K", Seat::North),
    ("D", Seat::East),
    ("G", Seat::South),
    ("B", Seat::West),
];

const EN_DOUBLING: Table<Doubling> = &[
    ("XX", Doubling::Redoubled),
    ("X", Doubling::Doubled),
    ("**", Doubling::Redoubled),
    ("*", Doubling::Doubled),
];

const NL_DOUBLING: Table<Doubling> = &[
    ("!!", Doubling::Redoubled),
    ("!", Doubling::Doubled),
    ("XX", Doubling::Redoubled),
    ("X", Doubling::Doubled),
];

const TR_DOUBLING: Table<Doubling> = &[
    ("SURKONTUR", Doubling::Redoubled),
    ("KONTUR", Doubling::Doubled),
    ("XX", Doubling::Redoubled),
    ("X", Doubling::Doubled),
];

// `PO` (passed out) as Bridgewebs writes a passed-out board in its PBN files.
const EN_PASS: Table<()> = &[("PASSED", ()), ("PASS", ()), ("PO", ()), ("P", ())];
const NL_PASS: Table<()> = &[("GEPAST", ()), ("PASS", ()), ("PAS", ())];
const TR_PASS: Table<()> = &[("PASS", ()), ("PAS", ())];

const EN_MADE: Table<()> = &[("=", ())];
const NL_MADE: Table<()> = &[("=", ()), ("C", ())];
const TR_MADE: Table<()> = &[("=", ()), ("BIEN", ())];

fn strains(lang: Language) -> Table<Strain> {
    match lang {
        Language::English => EN_STRAINS,
        Language::Dutch => NL_STRAINS,
        Language::Turkish => TR_STRAINS,
    }
}

fn seats(lang: Language) -> Table<Seat> {
    match lang {
        Language::English => EN_SEATS,
        Language::Dutch => NL_SEATS,
        Language::Turkish => TR_SEATS,
    }
}

fn doublings(lang: Language) -> Table<Doubling> {
    match lang {
        Language::English => EN_DOUBLING,
        Language::Dutch => NL_DOUBLING,
        Language::Turkish => TR_DOUBLING,
    }
}

fn passes(lang: Language) -> Table<()> {
    match lang {
        Language::English => EN_PASS,
        Language::Dutch => NL_PASS,
        Language::Turkish => TR_PASS,
    }
}

fn made_words(lang: Language) -> Table<()> {
    match lang {
        Language::English => EN_MADE,
        Language::Dutch => NL_MADE,
        Language::Turkish => TR_MADE,
    }
}

/// One character as the notation compares it: letters in upper case, Turkish letters
/// (in Turkish) as their plain Latin letter, outline suit symbols as solid ones, and the
/// typographic minus and dash as a hyphen.
fn fold(c: char, lang: Language) -> char {
    match c {
        'a'..='z' => c.to_ascii_uppercase(),
        '♤' => '♠',
        '♡' => '♥',
        '♢' => '♦',
        '♧' => '♣',
        '−' | '–' => '-',
        _ if lang == Language::Turkish => match c {
            'ı' | 'İ' => 'I',
            'ş' | 'Ş' => 'S',
            'ğ' | 'Ğ' => 'G',
            'ü' | 'Ü' => 'U',
            'ö' | 'Ö' => 'O',
            'ç' | 'Ç' => 'C',
            _ => c,
        },
        _ => c,
    }
}

// ---------------------------------------------------------------------------------------
// The reader: a cursor over the text and one function per part of a table result.

#[derive(Clone)]
struct Cursor<'a> {
    text: &'a str,
    pos: usize,
    lang: Language,
}

impl<'a> Cursor<'a> {
    fn new(text: &'a str, lang: Language) -> Cursor<'a> {
        Cursor { text, pos: 0, lang }
    }

    fn rest(&self) -> &'a str {
        &self.text[self.pos..]
    }

    fn at_end(&self) -> bool {
        self.pos >= self.text.len()
    }

    fn skip_ws(&mut self) {
        let rest = self.rest();
        self.pos += rest.len() - rest.trim_start().len();
    }

    /// The byte length of `word` at the cursor, compared character by folded character.
    fn matches(&self, word: &str) -> Option<usize> {
        let rest = self.rest();
        // Table words are upper case; plain ASCII text compares byte by byte.
        let (wb, rb) = (word.as_bytes(), rest.as_bytes());
        if word.is_ascii() && rb.len() >= wb.len() && rb[..wb.len()].is_ascii() {
            let same = rb[..wb.len()]
                .iter()
                .zip(wb)
                .all(|(r, w)| r.to_ascii_uppercase() == *w);
            return same.then_some(wb.len());
        }
        if wb.first().is_some_and(|&b| b.is_ascii_alphanumeric())
            && rb
                .first()
                .is_some_and(|&b| b.is_ascii() && b.to_ascii_uppercase() != wb[0])
        {
            return None;
        }
        let mut chars = rest.char_indices();
        for w in word.chars() {
            let (_, c) = chars.next()?;
            if fold(c, self.lang) != w {
                return None;
            }
        }
        Some(chars.next().map_or(rest.len(), |(i, _)| i))
    }

    fn eat(&mut self, word: &str) -> bool {
        match self.matches(word) {
            Some(n) => {
                self.pos += n;
                true
            }
            None => false,
        }
    }

    fn eat_one<T: Copy>(&mut self, table: Table<T>) -> Option<T> {
        table.iter().find_map(|&(word, value)| {
            let n = self.matches(word)?;
            self.pos += n;
            Some(value)
        })
    }

    /// ASCII digits at the cursor, saturating instead of overflowing.
    fn number(&mut self) -> Option<u32> {
        let digits = self.rest().bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            return None;
        }
        let n = self.rest().as_bytes()[..digits].iter().fold(0u32, |n, d| {
            n.saturating_mul(10).saturating_add(u32::from(d - b'0'))
        });
        self.pos += digits;
        Some(n)
    }

    /// `value` if only blanks are left, else a complaint about what follows.
    fn finish<T>(&mut self, value: T) -> Result<T, Problem> {
        self.skip_ws();
        if self.at_end() {
            Ok(value)
        } else {
            Err(Problem::Trailing { at: self.pos })
        }
    }
}

/// Why reading stopped; turned into a [`NotationError`] only when the reading fails.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Problem {
    Empty,
    NoLevel {
        at: usize,
    },
    Level {
        at: usize,
    },
    Strain {
        level: u8,
        at: usize,
    },
    NoDeclarer,
    Declarer {
        at: usize,
    },
    DeclarerTwice(Seat, Seat),
    NoResult,
    Result {
        at: usize,
    },
    SignWithoutNumber(char),
    ZeroResult,
    ResultRange {
        contract: Contract,
        result: i64,
        /// Where the result is written, when its number was too large to be read.
        written: Option<(usize, usize)>,
    },
    Tricks {
        at: usize,
    },
    Trailing {
        at: usize,
    },
    /// A seat before the one-letter pass (`NP`, `E P`): not played, or a pass-out?
    SeatBeforePass,
}

fn contract(cur: &mut Cursor) -> Result<Contract, Problem> {
    let at = cur.pos;
    let level = match cur.number() {
        None if cur.at_end() => return Err(Problem::Empty),
        None => return Err(Problem::NoLevel { at }),
        Some(n @ 1..=7) => n as u8,
        Some(_) => return Err(Problem::Level { at }),
    };
    cur.skip_ws();
    let strain = cur
        .eat_one(SYMBOLS)
        .or_else(|| cur.eat_one(strains(cur.lang)))
        .ok_or(Problem::Strain { level, at: cur.pos })?;
    let before = cur.pos;
    cur.skip_ws();
    let doubling = match cur.eat_one(doublings(cur.lang)) {
        Some(d) => d,
        None => {
            cur.pos = before;
            Doubling::Undoubled
        }
    };
    Contract::new(level, strain, doubling).map_err(|_| Problem::Level { at })
}

fn result(
    cur: &mut Cursor,
    contract: Contract,
    mode: Mode,
) -> Result<(u8, Option<AssumptionKind>), Problem> {
    let made = contract.tricks_needed();
    cur.skip_ws();
    if cur.at_end() {
        return Err(Problem::NoResult);
    }
    let start = cur.pos;
    if cur.eat_one(made_words(cur.lang)).is_some() {
        return Ok((made, None));
    }
    let sign = if cur.eat("+") {
        Some('+')
    } else if cur.eat("-") {
        Some('-')
    } else {
        None
    };
    let at = cur.pos;
    let Some(n) = cur.number() else {
        return match sign {
            Some(s) => {
                let mut probe = cur.clone();
                if mode == Mode::Lenient && probe.finish(()).is_ok() {
                    Ok((made, Some(AssumptionKind::BareSign(s))))
                } else {
                    Err(Problem::SignWithoutNumber(s))
                }
            }
            None => Err(Problem::Result { at }),
        };
    };
    let relative = match sign {
        Some('-') => Some(-i64::from(n)),
        Some(_) => Some(i64::from(n)),
        None if cur.lang == Language::Turkish => {
            let before = cur.pos;
            cur.skip_ws();
            if cur.eat("FAZLA") {
                Some(i64::from(n))
            } else if cur.eat("BATAR") {
                Some(-i64::from(n))
            } else {
                cur.pos = before;
                None
            }
        }
        None => None,
    };
    match relative {
        Some(0) if mode == Mode::Lenient => Ok((made, Some(AssumptionKind::ZeroResult))),
        Some(0) => Err(Problem::ZeroResult),
        Some(result) => {
            let tricks = relative_tricks(contract, result, n == u32::MAX, (start, cur.pos))?;
            Ok((tricks, None))
        }
        None if n <= 13 => Ok((n as u8, None)),
        None => Err(Problem::Tricks { at }),
    }
}

/// The tricks declarer took for `result` over (+) or down (-) in `contract`; else why
/// not, with where the result is `written` when its number stopped at the largest
/// [`Cursor::number`] reads (`largest`): a message then quotes it as written.
fn relative_tricks(
    contract: Contract,
    result: i64,
    largest: bool,
    written: (usize, usize),
) -> Result<u8, Problem> {
    let tricks = i64::from(contract.tricks_needed()) + result;
    if (0..=13).contains(&tricks) {
        return Ok(tricks as u8);
    }
    Err(Problem::ResultRange {
        contract,
        result,
        written: largest.then_some(written),
    })
}

fn entry(
    cur: &mut Cursor,
    mode: Mode,
    known: Option<Seat>,
) -> Result<(Entry, Option<AssumptionKind>), Problem> {
    let lang = cur.lang;
    cur.skip_ws();
    if cur.at_end() {
        return Err(Problem::Empty);
    }
    let start = cur.pos;
    let mut before = cur.eat_one(seats(lang));
    cur.skip_ws();
    let pass_at = cur.pos;
    if cur.eat_one(passes(lang)).is_some() {
        // `NP` is a board not played far more often than North's pass (`NPASS` is
        // read as one).
        if before.is_some() && cur.pos - pass_at == 1 {
            return Err(Problem::SeatBeforePass);
        }
        return cur.finish((Entry::Passed, None));
    }
    if before.is_none() {
        // A word that is no seat, followed by the level: a declarer of another notation.
        let letters = cur.rest().chars().take_while(|c| c.is_alphabetic()).count();
        if letters > 0 {
            let after: usize = cur.rest().chars().take(letters).map(char::len_utf8).sum();
            let next = cur.rest()[after..].trim_start().bytes().next();
            if next.is_some_and(|b| b.is_ascii_digit()) {
                return Err(Problem::Declarer { at: start });
            }
        }
    }
    let c = contract(cur).map_err(|p| match p {
        Problem::Empty if before.is_some() => Problem::NoLevel { at: cur.pos },
        p => p,
    })?;
    cur.skip_ws();
    if before.is_none() {
        // The declarer after the contract, unless what follows is the result alone.
        let mut probe = cur.clone();
        let as_result = result(&mut probe, c, mode);
        if as_result.is_err() || probe.finish(()).is_err() {
            before = cur.eat_one(seats(lang));
            if before.is_none() && known.is_none() {
                return Err(match as_result {
                    Err(Problem::Result { at }) => Problem::Declarer { at },
                    _ => Problem::NoDeclarer,
                });
            }
        }
    }
    let declarer = match (before, known) {
        (Some(a), Some(b)) if a != b => return Err(Problem::DeclarerTwice(a, b)),
        (Some(s), _) | (None, Some(s)) => s,
        (None, None) => return Err(Problem::NoDeclarer),
    };
    let (tricks, assumption) = result(cur, c, mode)?;
    let play = Play::new(c, declarer, tricks).map_err(|_| Problem::Tricks { at: cur.pos })?;
    cur.finish((Entry::Played(play), assumption))
}

// ---------------------------------------------------------------------------------------
// Error messages: built only when reading fails.

const MAX_QUOTE: usize = 60;

fn shorten(text: &str) -> String {
    match text.char_indices().nth(MAX_QUOTE) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.to_string(),
    }
}

/// A message with every quoted field (`"..."`, as `{:?}` writes one) longer than 60
/// characters cut to its first 60 and `…`, so that a 50-million-digit score is named,
/// not repeated. Every diagnostic and command error goes through it. A field ends on its
/// line: a quote mark with no closing one before the line's end is a character of the
/// message, not the start of a field.
pub fn cut_long_quotes(message: String) -> String {
    if message.len() <= MAX_QUOTE + 2 {
        return message;
    }
    let mut out = String::with_capacity(message.len().min(4096));
    let mut rest = message.as_str();
    while let Some(open) = rest.find('"') {
        out.push_str(&rest[..=open]);
        rest = &rest[open + 1..];
        let close = match closing_quote(rest) {
            Ok(close) => close,
            Err(Some(line_end)) => {
                out.push_str(&rest[..=line_end]);
                rest = &rest[line_end + 1..];
                continue;
            }
            Err(None) => break,
        };
        let field = &rest[..close];
        match field.char_indices().nth(MAX_QUOTE) {
            Some((cut, _)) => {
                out.push_str(&field[..cut]);
                out.push('…');
            }
            None => out.push_str(field),
        }
        out.push('"');
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}

/// Where the quoted field that `rest` starts ends: its closing quote, the first one not
/// escaped by a backslash; else `Err` with the end of its line, if it has one.
fn closing_quote(rest: &str) -> Result<usize, Option<usize>> {
    let mut escaped = false;
    for (i, c) in rest.char_indices() {
        match c {
            '\\' if !escaped => escaped = true,
            '"' if !escaped => return Ok(i),
            '\n' => return Err(Some(i)),
            _ => escaped = false,
        }
    }
    Err(None)
}

/// The word, number or symbol that starts at byte `at`, for quoting in a message.
fn token_at(text: &str, at: usize) -> &str {
    let rest = text.get(at..).unwrap_or("");
    let Some(first) = rest.chars().next() else {
        return rest;
    };
    let signed = matches!(first, '+' | '-');
    let same_kind = |c: char| {
        if first.is_alphabetic() {
            c.is_alphabetic()
        } else if signed || first.is_ascii_digit() {
            c.is_ascii_digit()
        } else {
            c == first
        }
    };
    let end = rest
        .char_indices()
        .take(20)
        .skip(1)
        .find(|&(_, c)| !same_kind(c))
        .map_or_else(
            || rest.char_indices().nth(20).map_or(rest.len(), |(i, _)| i),
            |(i, _)| i,
        );
    &rest[..end]
}

/// What `token` means in the other two notations, e.g. `"O" is East in Dutch notation`;
/// nothing when the token is a word of the chosen notation for the part being read: it
/// is then only misplaced.
fn other_meanings(token: &str, lang: Language, part: Part) -> String {
    let mut out = String::new();
    let cur = Cursor::new(token, lang);
    let whole = |word: &str| cur.matches(word) == Some(token.len());
    let known = match part {
        Part::Seat => seats(lang).iter().any(|(w, _)| whole(w)),
        Part::Strain => strains(lang).iter().any(|(w, _)| whole(w)),
        Part::Any => !meanings(token, lang).is_empty(),
    };
    if token.is_empty() || known {
        return out;
    }
    for other in Language::ALL {
        if other == lang {
            continue;
        }
        let found = meanings(token, other);
        if !found.is_empty() {
            let _ = write!(
                out,
                "; {token:?} is {} in {} notation",
                found.join(" or "),
                other.name()
            );
        }
    }
    if !out.is_empty() {
        out.push_str(": is the text written in another notation?");
    }
    out
}

/// The part of a table result a message is about.
#[derive(Clone, Copy)]
enum Part {
    Seat,
    Strain,
    Any,
}

/// The meanings of `token` as a whole word of the language's notation.
fn meanings(token: &str, lang: Language) -> Vec<&'static str> {
    let cur = Cursor::new(token, lang);
    let whole = |word: &str| cur.matches(word) == Some(token.len());
    let mut found = Vec::new();
    if let Some(&(_, s)) = seats(lang).iter().find(|(w, _)| whole(w)) {
        found.push(seat_name(s, Language::English));
    }
    if let Some(&(_, s)) = strains(lang).iter().find(|(w, _)| whole(w)) {
        found.push(strain_name(s));
    }
    if let Some(&(_, d)) = doublings(lang).iter().find(|(w, _)| whole(w)) {
        found.push(if d == Doubling::Redoubled {
            "redoubled"
        } else {
            "doubled"
        });
    }
    if made_words(lang).iter().any(|(w, _)| whole(w)) {
        found.push("made exactly");
    }
    if passes(lang).iter().any(|(w, _)| whole(w)) {
        found.push("passed out");
    }
    found
}

fn strain_name(s: Strain) -> &'static str {
    match s {
        Strain::Clubs => "clubs",
        Strain::Diamonds => "diamonds",
        Strain::Hearts => "hearts",
        Strain::Spades => "spades",
        Strain::NoTrump => "notrump",
    }
}

fn strain_list(lang: Language) -> &'static str {
    match lang {
        Language::English => "C D H S NT",
        Language::Dutch => "K R H S SA, or Z for notrump",
        Language::Turkish => "Trefl Karo Kupa Pik SA",
    }
}

fn seat_list(lang: Language) -> &'static str {
    match lang {
        Language::English => "N E S W",
        Language::Dutch => "N O Z W",
        Language::Turkish => "K D G B",
    }
}

fn result_list(lang: Language) -> &'static str {
    match lang {
        Language::English => "= for made exactly, +1, -2, or the tricks taken 0-13",
        Language::Dutch => "C or = for made exactly, +1, -2, or the tricks taken 0-13",
        Language::Turkish => {
            "bien or = for made exactly, +1 or 1 fazla, -2 or 2 batar, or the tricks taken 0-13"
        }
    }
}

fn example(lang: Language) -> &'static str {
    match lang {
        Language::English => "N4SX-2, 4S N +1 or PASS",
        Language::Dutch => "N4S!-2, 4S N +1 or PAS",
        Language::Turkish => "K 4 Pik kontur -2, 4 Pik K 1 fazla or Pas",
    }
}

fn found(text: &str, at: usize) -> String {
    let token = token_at(text, at);
    if token.is_empty() {
        " but the text ends there".to_string()
    } else {
        format!(", not {token:?}")
    }
}

fn error(text: &str, what: &'static str, lang: Language, problem: Problem) -> NotationError {
    let expected = match problem {
        Problem::Empty if what == "a table result" => {
            format!(
                "a table result such as {}, not an empty text",
                example(lang)
            )
        }
        Problem::Empty
        | Problem::NoLevel { .. }
        | Problem::Level { .. }
        | Problem::Strain { .. } => contract_expected(text, lang, problem),
        Problem::NoDeclarer | Problem::Declarer { .. } | Problem::DeclarerTwice(..) => {
            declarer_expected(text, what, lang, problem)
        }
        Problem::SeatBeforePass => format!(
            "a passed-out board written without a seat ({}); NP, a board not played, is an adjustment, not a contract",
            passes(lang)[1].0
        ),
        Problem::Trailing { at } => {
            let token = token_at(text, at);
            format!(
                "nothing more after {what}{}{}",
                found(text, at),
                other_meanings(token, lang, Part::Any)
            )
        }
        _ => result_expected(text, lang, problem),
    };
    NotationError {
        text: shorten(text),
        what,
        expected,
        misread: misread(text, problem),
    }
}

/// [`Misread`] of a problem found in `text`.
fn misread(text: &str, problem: Problem) -> Misread {
    match problem {
        Problem::Empty => Misread::Empty,
        Problem::NoLevel { .. } => Misread::NoLevel,
        Problem::Level { at } => Misread::Level(token_at(text, at).to_string()),
        Problem::Strain { level, .. } => Misread::Strain(level),
        Problem::Trailing { at } => Misread::Trailing(shorten(text.get(at..).unwrap_or(""))),
        Problem::NoDeclarer => Misread::NoDeclarer,
        Problem::Declarer { at } => Misread::Declarer(token_at(text, at).to_string()),
        Problem::NoResult => Misread::NoResult,
        Problem::Result { at } => Misread::Result(token_at(text, at).to_string()),
        Problem::SignWithoutNumber(sign) => Misread::SignWithoutNumber(sign),
        Problem::ZeroResult => Misread::ZeroResult,
        Problem::ResultRange {
            contract,
            result,
            written: None,
        } => Misread::ResultRange(contract, result),
        Problem::ResultRange {
            contract,
            result,
            written: Some((start, end)),
        } => Misread::ResultTooLarge {
            contract,
            over: result > 0,
            written: shorten(text.get(start..end).unwrap_or("")),
        },
        Problem::Tricks { at } => Misread::Tricks(token_at(text, at).to_string()),
        Problem::DeclarerTwice(..) | Problem::SeatBeforePass => Misread::Other,
    }
}

/// What was expected where a contract's level or strain could not be read.
fn contract_expected(text: &str, lang: Language, problem: Problem) -> String {
    let strains = strain_list(lang);
    if let Problem::Strain { level, at } = problem {
        let token = token_at(text, at);
        return format!(
            "a strain ({strains}) after the level {level}{}{}",
            found(text, at),
            other_meanings(token, lang, Part::Strain)
        );
    }
    let mut s = format!("a level 1-7 followed by a strain ({strains})");
    match problem {
        Problem::NoLevel { at } => {
            s += &found(text, at);
            s += &other_meanings(token_at(text, at), lang, Part::Any);
        }
        Problem::Level { at } => {
            let _ = write!(s, ", not level {}", token_at(text, at));
        }
        _ => s += ", not an empty text",
    }
    s
}

/// What was expected where the declarer could not be read (`what`: the text read).
fn declarer_expected(text: &str, what: &str, lang: Language, problem: Problem) -> String {
    match problem {
        Problem::NoDeclarer if what == "a declarer" => {
            format!("a declarer ({}), not an empty text", seat_list(lang))
        }
        Problem::Declarer { at } => {
            let token = token_at(text, at);
            format!(
                "a declarer ({}){}{}",
                seat_list(lang),
                found(text, at),
                other_meanings(token, lang, Part::Seat)
            )
        }
        Problem::DeclarerTwice(a, b) => format!(
            "one declarer, not {} in the text and {} given apart",
            seat_name(a, Language::English),
            seat_name(b, Language::English)
        ),
        _ => format!(
            "a declarer ({}) before or after the contract",
            seat_list(lang)
        ),
    }
}

/// What was expected where the result could not be read, or cannot be one of the
/// contract's.
fn result_expected(text: &str, lang: Language, problem: Problem) -> String {
    match problem {
        Problem::Result { at } => {
            let token = token_at(text, at);
            format!(
                "a result ({}){}{}",
                result_list(lang),
                found(text, at),
                other_meanings(token, lang, Part::Any)
            )
        }
        Problem::SignWithoutNumber(sign) => {
            let made = match lang {
                Language::English => "=",
                Language::Dutch => "C",
                Language::Turkish => "bien",
            };
            format!("a number of tricks after {sign:?}; write {made} for made exactly")
        }
        Problem::ZeroResult => {
            "a result of at least one trick over or down; write = for made exactly".to_string()
        }
        Problem::ResultRange {
            contract,
            result,
            written,
        } => {
            let written = written.map(|(start, end)| shorten(text.get(start..end).unwrap_or("")));
            result_out_of_range(contract, result, written.as_deref(), lang)
        }
        Problem::Tricks { at } => format!(
            "the tricks taken 0-13, not {}: a deal has 13 tricks",
            token_at(text, at)
        ),
        _ => format!("a result after the contract ({})", result_list(lang)),
    }
}

/// Why `result` (over or down) cannot be a result of `contract`; `written`, the result
/// as written, when its number was too large to be read (and `result` is not it).
fn result_out_of_range(
    contract: Contract,
    result: i64,
    written: Option<&str>,
    lang: Language,
) -> String {
    let needed = i64::from(contract.tricks_needed());
    let c = format_contract(contract, lang);
    let gap = if lang == Language::Turkish { " " } else { "" };
    let not = written.map_or(String::new(), |w| format!(", not {w:?}"));
    if result > 0 {
        let most = match 13 - needed {
            0 => format!("no overtricks in {c}"),
            n => format!("at most {n} over in {c}"),
        };
        match written {
            Some(_) => format!("{most}{not}: a deal has 13 tricks"),
            None => format!(
                "{most}: {c}{gap}{result:+} would be {} tricks, and a deal has 13",
                needed.saturating_add(result)
            ),
        }
    } else {
        format!(
            "at most {needed} down in {c}{not}: declarer needs {needed} tricks and cannot take fewer than 0"
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_quoted_fields_are_cut_in_messages() {
        let long = "x".repeat(70);
        let msg = format!(
            "score {long:?} and {:?} and \"short\"",
            format!("a\"{long}")
        );
        assert_eq!(
            cut_long_quotes(msg),
            format!(
                "score \"{}…\" and \"a\\\"{}…\" and \"short\"",
                &long[..60],
                &long[..57]
            )
        );
        // An unclosed quote is left as it is; short messages are untouched.
        assert_eq!(cut_long_quotes(format!("\"{long}")), format!("\"{long}"));
        assert_eq!(cut_long_quotes("ok".into()), "ok");
    }

    /// A quote mark a message holds as a character is not a quoted field, even where a
    /// later line of the same error has quotes: a field never runs over a line's end.
    #[test]
    fn a_lone_quote_mark_is_not_paired_with_the_next_line_s() {
        let long = "x".repeat(70);
        let msg = format!(
            "  line 80: closed with \" before the end: {long}\n  line 80: a tag is [Name \"value\"]"
        );
        assert_eq!(cut_long_quotes(msg.clone()), msg);
        let msg = format!("a \" alone\n{:?}", long);
        assert_eq!(
            cut_long_quotes(msg),
            format!("a \" alone\n\"{}…\"", &long[..60])
        );
    }

    use Language::*;
    use proptest::prelude::*;

    fn c(level: u8, strain: Strain, d: Doubling) -> Contract {
        Contract::new(level, strain, d).unwrap()
    }

    fn play(level: u8, strain: Strain, d: Doubling, seat: Seat, tricks: u8) -> Entry {
        Entry::Played(Play::new(c(level, strain, d), seat, tricks).unwrap())
    }

    fn strict(text: &str, lang: Language) -> Entry {
        match parse_entry(text, lang, Mode::Strict) {
            Ok((e, a)) => {
                assert!(a.is_empty(), "{text}: {a:?}");
                e
            }
            Err(e) => panic!("{text}: {e}"),
        }
    }

    fn err(text: &str, lang: Language) -> String {
        match parse_entry(text, lang, Mode::Lenient) {
            Ok(e) => panic!("{text} was read as {e:?}"),
            Err(e) => e.to_string(),
        }
    }

    use Doubling::*;
    use Seat::*;
    use Strain::*;

    #[test]
    fn tables_list_longer_words_first() {
        fn check<T>(name: &str, t: Table<T>) {
            for (i, (a, _)) in t.iter().enumerate() {
                for (b, _) in &t[i + 1..] {
                    assert!(!b.starts_with(a) || a == b, "{name}: {a} before {b}");
                }
            }
        }
        for lang in Language::ALL {
            check("strains", strains(lang));
            check("seats", seats(lang));
            check("doublings", doublings(lang));
            check("passes", passes(lang));
            check("made", made_words(lang));
        }
    }

    /// A contract and its result are read as in a table result whose declarer is known:
    /// the result words of each notation (Turkish `2 batar`, `1 fazla`, `bien`; Dutch
    /// `C`), and nothing that table result would refuse.
    #[test]
    fn a_contract_and_its_result_read_as_in_a_table_result() {
        let cases = [
            (
                "6 Karo kontur 2 batar",
                Turkish,
                Some((c(6, Diamonds, Doubled), 10)),
            ),
            ("2 SA 1 fazla", Turkish, Some((c(2, NoTrump, Undoubled), 9))),
            (
                "3 SA kontur 1 fazla",
                Turkish,
                Some((c(3, NoTrump, Doubled), 10)),
            ),
            (
                "6 Karo kontur 2batar",
                Turkish,
                Some((c(6, Diamonds, Doubled), 10)),
            ),
            (
                "4 Pik sürkontur bien",
                Turkish,
                Some((c(4, Spades, Redoubled), 10)),
            ),
            ("4 Pik -1", Turkish, Some((c(4, Spades, Undoubled), 9))),
            ("2 SA 9", Turkish, Some((c(2, NoTrump, Undoubled), 9))),
            ("4S! C", Dutch, Some((c(4, Spades, Doubled), 10))),
            ("3SA +1", Dutch, Some((c(3, NoTrump, Undoubled), 10))),
            ("4 S !! -2", Dutch, Some((c(4, Spades, Redoubled), 8))),
            ("4SX -2", English, Some((c(4, Spades, Doubled), 8))),
            ("4 S X =", English, Some((c(4, Spades, Doubled), 10))),
            ("3NT 9", English, Some((c(3, NoTrump, Undoubled), 9))),
            // Result words belong to their notation; a sign needs its number.
            ("4S 2 batar", English, None),
            ("4S C", English, None),
            ("4 Pik 1 fazla ek", Turkish, None),
            ("4S = extra", English, None),
            ("4S +", English, None),
            ("4S", English, None),
            ("8S =", English, None),
            ("7S +1", English, None),
        ];
        for (text, lang, want) in cases {
            let read = parse_contract_and_result(text, lang);
            assert_eq!(read.as_ref().ok(), want.as_ref(), "{text}: {read:?}");
            // The same reading as `klaver contract TEXT --declarer N`.
            let entry = parse_entry_with_declarer(text, Some(North), lang, Mode::Strict);
            let as_entry = entry.ok().and_then(|(e, _)| e.play());
            let as_entry = as_entry.map(|p| (p.contract(), p.tricks()));
            assert_eq!(as_entry, want, "{text}");
        }
        let e = parse_contract_and_result("4 Pik 3 batr", Turkish).unwrap_err();
        assert!(
            e.to_string().contains("as a contract and its result"),
            "{e}"
        );
    }

    // ----- English

    #[test]
    fn english_contracts() {
        let cases = [
            ("4S", c(4, Spades, Undoubled)),
            ("3NT", c(3, NoTrump, Undoubled)),
            ("3N", c(3, NoTrump, Undoubled)),
            ("3nt", c(3, NoTrump, Undoubled)),
            ("4♠", c(4, Spades, Undoubled)),
            ("2♥", c(2, Hearts, Undoubled)),
            ("5♦X", c(5, Diamonds, Doubled)),
            ("1♣xx", c(1, Clubs, Redoubled)),
            ("6♡", c(6, Hearts, Undoubled)),
            ("4SX", c(4, Spades, Doubled)),
            ("4sxx", c(4, Spades, Redoubled)),
            ("7NTXX", c(7, NoTrump, Redoubled)),
            (" 4 S X ", c(4, Spades, Doubled)),
            ("2 hearts", c(2, Hearts, Undoubled)),
            ("1 notrump", c(1, NoTrump, Undoubled)),
            ("3D*", c(3, Diamonds, Doubled)),
        ];
        for (text, want) in cases {
            assert_eq!(parse_contract(text, English), Ok(want), "{text}");
        }
    }

    #[test]
    fn english_seats() {
        for (t, s) in [
            ("N", North),
            ("e", East),
            ("S", South),
            ("w", West),
            ("North", North),
        ] {
            assert_eq!(parse_seat(t, English), Ok(s));
        }
        assert!(parse_seat("O", English).is_err());
        assert!(parse_seat("", English).is_err());
        assert!(parse_seat("NE", English).is_err());
    }

    #[test]
    fn english_results() {
        let k = c(4, Spades, Undoubled);
        assert_eq!(parse_result("=", k, English), Ok(10));
        assert_eq!(parse_result("+1", k, English), Ok(11));
        assert_eq!(parse_result("-2", k, English), Ok(8));
        assert_eq!(parse_result("−2", k, English), Ok(8));
        assert_eq!(parse_result("10", k, English), Ok(10));
        assert_eq!(parse_result("0", k, English), Ok(0));
        assert_eq!(parse_result("13", k, English), Ok(13));
        assert_eq!(parse_result("+3", k, English), Ok(13));
        assert_eq!(parse_result("-10", k, English), Ok(0));
        assert!(parse_result("+4", k, English).is_err());
        assert!(parse_result("-11", k, English).is_err());
        assert!(parse_result("14", k, English).is_err());
        assert!(parse_result("-", k, English).is_err());
        assert!(parse_result("+0", k, English).is_err());
        assert!(parse_result("C", k, English).is_err());
        assert!(parse_result("", k, English).is_err());
    }

    #[test]
    fn english_entries() {
        assert_eq!(
            strict("4S N +1", English),
            play(4, Spades, Undoubled, North, 11)
        );
        assert_eq!(
            strict("3NTX E -2", English),
            play(3, NoTrump, Doubled, East, 7)
        );
        assert_eq!(
            strict("N4SX-2", English),
            play(4, Spades, Doubled, North, 8)
        );
        assert_eq!(
            strict("S3NT=", English),
            play(3, NoTrump, Undoubled, South, 9)
        );
        assert_eq!(
            strict("3NS=", English),
            play(3, NoTrump, Undoubled, South, 9)
        );
        assert_eq!(
            strict("4SN=", English),
            play(4, Spades, Undoubled, North, 10)
        );
        assert_eq!(
            strict("4S S 10", English),
            play(4, Spades, Undoubled, South, 10)
        );
        assert_eq!(
            strict("w 6♥xx +1", English),
            play(6, Hearts, Redoubled, West, 13)
        );
        assert_eq!(
            strict("1C South =", English),
            play(1, Clubs, Undoubled, South, 7)
        );
        assert_eq!(strict("PASS", English), Entry::Passed);
        assert_eq!(strict(" p ", English), Entry::Passed);
        assert_eq!(strict("NPASS", English), Entry::Passed);
        // Bridgewebs writes a passed-out board "PO" (its PBN of the Welwyn Garden City
        // BC session of 9 April 2025, whose USEBIO from BriAn has PASS on those lines).
        assert_eq!(strict("PO", English), Entry::Passed);
        assert_eq!(strict("po", English), Entry::Passed);
    }

    // ----- Dutch

    #[test]
    fn dutch_contracts() {
        let cases = [
            ("4S", c(4, Spades, Undoubled)),
            ("4H", c(4, Hearts, Undoubled)),
            ("5R", c(5, Diamonds, Undoubled)),
            ("3K", c(3, Clubs, Undoubled)),
            ("3SA", c(3, NoTrump, Undoubled)),
            ("3Z", c(3, NoTrump, Undoubled)),
            ("3ZT", c(3, NoTrump, Undoubled)),
            ("4S!", c(4, Spades, Doubled)),
            ("4S!!", c(4, Spades, Redoubled)),
            ("2sa!!", c(2, NoTrump, Redoubled)),
            ("4 schoppen", c(4, Spades, Undoubled)),
            ("2 klaveren !", c(2, Clubs, Doubled)),
            ("4HX", c(4, Hearts, Doubled)),
        ];
        for (text, want) in cases {
            assert_eq!(parse_contract(text, Dutch), Ok(want), "{text}");
        }
        assert!(parse_contract("4D", Dutch).is_err());
        assert!(parse_contract("4C", Dutch).is_err());
    }

    #[test]
    fn dutch_seats_and_results() {
        for (t, s) in [
            ("N", North),
            ("O", East),
            ("z", South),
            ("W", West),
            ("Oost", East),
        ] {
            assert_eq!(parse_seat(t, Dutch), Ok(s));
        }
        assert!(parse_seat("E", Dutch).is_err());
        assert!(parse_seat("S", Dutch).is_err());
        let k = c(3, NoTrump, Undoubled);
        assert_eq!(parse_result("C", k, Dutch), Ok(9));
        assert_eq!(parse_result("c", k, Dutch), Ok(9));
        assert_eq!(parse_result("=", k, Dutch), Ok(9));
        assert_eq!(parse_result("+1", k, Dutch), Ok(10));
        assert_eq!(parse_result("-2", k, Dutch), Ok(7));
    }

    #[test]
    fn dutch_control_sheet_forms() {
        assert_eq!(strict("N4S!-6", Dutch), play(4, Spades, Doubled, North, 4));
        assert_eq!(strict("O3S+2", Dutch), play(3, Spades, Undoubled, East, 11));
        assert_eq!(strict("O2Z-2", Dutch), play(2, NoTrump, Undoubled, East, 6));
        assert_eq!(strict("O1Z+1", Dutch), play(1, NoTrump, Undoubled, East, 8));
        assert_eq!(
            strict("N3R=", Dutch),
            play(3, Diamonds, Undoubled, North, 9)
        );
        assert_eq!(
            strict("N3RC", Dutch),
            play(3, Diamonds, Undoubled, North, 9)
        );
        assert_eq!(strict("Z3ZC", Dutch), play(3, NoTrump, Undoubled, South, 9));
        assert_eq!(strict("O5H!+1", Dutch), play(5, Hearts, Doubled, East, 12));
        assert_eq!(strict("W2K!!=", Dutch), play(2, Clubs, Redoubled, West, 8));
        assert_eq!(
            strict("3SA Z -1", Dutch),
            play(3, NoTrump, Undoubled, South, 8)
        );
        assert_eq!(strict("3ZZ=", Dutch), play(3, NoTrump, Undoubled, South, 9));
        assert_eq!(strict("PAS", Dutch), Entry::Passed);
        assert_eq!(strict("NPAS", Dutch), Entry::Passed);
        assert_eq!(strict("pas", Dutch), Entry::Passed);
    }

    #[test]
    fn lenient_reads_a_bare_sign_as_made_and_says_so() {
        let (e, a) = parse_entry("N2H-", Dutch, Mode::Lenient).unwrap();
        assert_eq!(e, play(2, Hearts, Undoubled, North, 8));
        assert_eq!(a.len(), 1);
        assert_eq!(a[0].kind, AssumptionKind::BareSign('-'));
        assert_eq!(
            a[0].to_string(),
            "\"N2H-\": the '-' with no number after it is read as made exactly"
        );
        let (e, a) = parse_entry("O1S+ ", Dutch, Mode::Lenient).unwrap();
        assert_eq!(e, play(1, Spades, Undoubled, East, 7));
        assert_eq!(a[0].kind, AssumptionKind::BareSign('+'));
        let (e, a) = parse_entry("4S N +0", English, Mode::Lenient).unwrap();
        assert_eq!(e, play(4, Spades, Undoubled, North, 10));
        assert_eq!(a[0].kind, AssumptionKind::ZeroResult);
        let msg = parse_entry("N2H-", Dutch, Mode::Strict)
            .unwrap_err()
            .to_string();
        assert!(
            msg.contains("\"N2H-\"") && msg.contains("for made exactly"),
            "{msg}"
        );
        assert!(parse_entry("4S N +0", English, Mode::Strict).is_err());
        // A sign followed by something else is not a bare sign.
        assert!(parse_entry("N2H-x", Dutch, Mode::Lenient).is_err());
    }

    #[test]
    fn the_fixture_noise_that_cannot_be_read_is_refused() {
        let msg = err("N4K+1-4", Dutch);
        assert!(msg.contains("N4K+1-4"), "{msg}");
        assert!(msg.contains("not \"-4\""), "{msg}");
    }

    // ----- Turkish

    #[test]
    fn turkish_contracts() {
        let cases = [
            ("4 Pik", c(4, Spades, Undoubled)),
            ("4 pik kontur", c(4, Spades, Doubled)),
            ("3 SA sürkontur", c(3, NoTrump, Redoubled)),
            ("3 sa SURKONTUR", c(3, NoTrump, Redoubled)),
            ("2 Kupa", c(2, Hearts, Undoubled)),
            ("2 Kör", c(2, Hearts, Undoubled)),
            ("5 Karo", c(5, Diamonds, Undoubled)),
            ("1 Trefl", c(1, Clubs, Undoubled)),
            ("4PİK", c(4, Spades, Undoubled)),
            ("4K", c(4, Hearts, Undoubled)),
            ("4KA", c(4, Diamonds, Undoubled)),
            ("4♠X", c(4, Spades, Doubled)),
            ("6 Trefl XX", c(6, Clubs, Redoubled)),
        ];
        for (text, want) in cases {
            assert_eq!(parse_contract(text, Turkish), Ok(want), "{text}");
        }
    }

    #[test]
    fn turkish_seats_and_results() {
        for (t, s) in [
            ("K", North),
            ("D", East),
            ("G", South),
            ("B", West),
            ("Kuzey", North),
            ("Doğu", East),
            ("DOGU", East),
            ("Güney", South),
            ("Batı", West),
            ("BATI", West),
        ] {
            assert_eq!(parse_seat(t, Turkish), Ok(s), "{t}");
        }
        assert!(parse_seat("N", Turkish).is_err());
        let k = c(4, Spades, Doubled);
        assert_eq!(parse_result("bien", k, Turkish), Ok(10));
        assert_eq!(parse_result("BİEN", k, Turkish), Ok(10));
        assert_eq!(parse_result("=", k, Turkish), Ok(10));
        assert_eq!(parse_result("1 fazla", k, Turkish), Ok(11));
        assert_eq!(parse_result("2 batar", k, Turkish), Ok(8));
        assert_eq!(parse_result("2batar", k, Turkish), Ok(8));
        assert_eq!(parse_result("+1", k, Turkish), Ok(11));
        assert_eq!(parse_result("-2", k, Turkish), Ok(8));
        assert_eq!(parse_result("9", k, Turkish), Ok(9));
        assert!(parse_result("4 fazla", k, Turkish).is_err());
        assert!(parse_result("0 batar", k, Turkish).is_err());
    }

    #[test]
    fn turkish_entries() {
        assert_eq!(
            strict("4 Pik kontur K 2 batar", Turkish),
            play(4, Spades, Doubled, North, 8)
        );
        assert_eq!(
            strict("K 4 Pik kontur -2", Turkish),
            play(4, Spades, Doubled, North, 8)
        );
        assert_eq!(
            strict("3 SA sürkontur G bien", Turkish),
            play(3, NoTrump, Redoubled, South, 9)
        );
        assert_eq!(
            strict("4 Kupa Batı 1 fazla", Turkish),
            play(4, Hearts, Undoubled, West, 11)
        );
        assert_eq!(
            strict("4 K K =", Turkish),
            play(4, Hearts, Undoubled, North, 10)
        );
        assert_eq!(
            strict("4 Pik B bien", Turkish),
            play(4, Spades, Undoubled, West, 10)
        );
        assert_eq!(
            strict("D4KA-1", Turkish),
            play(4, Diamonds, Undoubled, East, 9)
        );
        assert_eq!(strict("Pas", Turkish), Entry::Passed);
        let msg = err("4 Pik bien", Turkish);
        assert!(
            msg.contains("a declarer (K D G B) before or after"),
            "{msg}"
        );
    }

    // ----- Errors

    #[test]
    fn level_eight_is_refused_with_the_text_quoted() {
        let e = parse_contract("8S", English).unwrap_err();
        assert_eq!(
            e.to_string(),
            "cannot read \"8S\" as a contract: expected a level 1-7 followed by a strain (C D H S NT), not level 8"
        );
        assert!(parse_contract("0S", English).is_err());
        let msg = err("N8S=", English);
        assert!(msg.contains("not level 8"), "{msg}");
        let msg = err("99999999999999999999999S N =", English);
        assert!(msg.contains("not level 9999"), "{msg}");
    }

    #[test]
    fn fourteen_tricks_are_refused() {
        let msg = err("7NT N +1", English);
        assert!(
            msg.contains("no overtricks in 7NT: 7NT+1 would be 14 tricks, and a deal has 13"),
            "{msg}"
        );
        let msg = err("K 6 Kupa 2 fazla", Turkish);
        assert!(
            msg.contains("at most 1 over in 6 Kupa: 6 Kupa +2 would be 14 tricks"),
            "{msg}"
        );
        let msg = err("4S N 14", English);
        assert!(msg.contains("the tricks taken 0-13, not 14"), "{msg}");
        let msg = err("1C N -8", English);
        assert!(msg.contains("at most 7 down"), "{msg}");
        let msg = err("N4S+99999999999999999999", English);
        assert!(msg.contains("at most 3 over in 4S"), "{msg}");
        assert!(err("N4S-99999999999999999999", English).contains("at most 10 down"));
    }

    /// A result over or down by a number too large to read is quoted as it was typed,
    /// with the contract's limit, not as the largest number klaver reads (4294967295).
    #[test]
    fn an_over_large_result_is_quoted_as_written() {
        let nines = "99999999999999999999";
        for (text, lang, said) in [
            (
                format!("N4S+{nines}"),
                English,
                format!("at most 3 over in 4S, not \"+{nines}\": a deal has 13 tricks"),
            ),
            (
                format!("7NT N +{nines}"),
                English,
                format!("no overtricks in 7NT, not \"+{nines}\": a deal has 13 tricks"),
            ),
            (
                format!("N4S -{nines}"),
                English,
                format!(
                    "at most 10 down in 4S, not \"-{nines}\": declarer needs 10 tricks and \
                     cannot take fewer than 0"
                ),
            ),
            (
                format!("K 4 Pik {nines} fazla"),
                Turkish,
                format!("at most 3 over in 4 Pik, not \"{nines} fazla\": a deal has 13 tricks"),
            ),
        ] {
            let msg = err(&text, lang);
            assert!(msg.contains(&said), "{msg}");
            assert!(!msg.contains(&u32::MAX.to_string()), "{msg}");
        }
        // The largest number read, typed as it is, is quoted as written too; a smaller
        // one is told with the tricks it would make.
        let msg = err("N4S+4294967295", English);
        assert!(msg.contains("not \"+4294967295\""), "{msg}");
        let msg = err("N4S+4294967294", English);
        assert!(
            msg.contains("4S+4294967294 would be 4294967304 tricks"),
            "{msg}"
        );
    }

    #[test]
    fn unknown_strains_are_named() {
        let e = parse_contract("4Q", English).unwrap_err();
        assert_eq!(
            e.to_string(),
            "cannot read \"4Q\" as a contract: expected a strain (C D H S NT) after the level 4, not \"Q\""
        );
        let msg = parse_contract("4R", English).unwrap_err().to_string();
        assert!(msg.contains("\"R\" is diamonds in Dutch notation"), "{msg}");
        let msg = parse_contract("4 Pik", English).unwrap_err().to_string();
        assert!(
            msg.contains("\"Pik\" is spades in Turkish notation"),
            "{msg}"
        );
        let msg = parse_contract("4", English).unwrap_err().to_string();
        assert!(
            msg.contains("after the level 4 but the text ends there"),
            "{msg}"
        );
        let msg = parse_contract("3N", Dutch).unwrap_err().to_string();
        assert!(
            msg.contains("\"N\" is North or notrump in English notation"),
            "{msg}"
        );
        let msg = parse_contract("4D", Dutch).unwrap_err().to_string();
        assert!(msg.contains("(K R H S SA, or Z for notrump)"), "{msg}");
        assert!(msg.contains("East in Turkish"), "{msg}");
    }

    #[test]
    fn declarers_of_another_language_are_refused() {
        let msg = err("4S O =", English);
        assert!(msg.contains("a declarer (N E S W), not \"O\""), "{msg}");
        assert!(msg.contains("\"O\" is East in Dutch notation"), "{msg}");
        let msg = err("O4S=", English);
        assert!(msg.contains("a declarer (N E S W), not \"O\""), "{msg}");
        let msg = err("E4S=", Dutch);
        assert!(msg.contains("a declarer (N O Z W), not \"E\""), "{msg}");
        assert!(msg.contains("East in English"), "{msg}");
        let msg = err("N4S=", Turkish);
        assert!(msg.contains("a declarer (K D G B), not \"N\""), "{msg}");
        let msg = parse_seat("S", Dutch).unwrap_err().to_string();
        assert!(
            msg.contains("\"S\" is South or spades in English notation"),
            "{msg}"
        );
        // Z is South in Dutch as a seat, notrump as a strain; English has neither.
        let msg = err("Z3Z=", English);
        assert!(
            msg.contains("\"Z\" is South or notrump in Dutch notation"),
            "{msg}"
        );
    }

    #[test]
    fn other_entry_errors() {
        assert!(err("", English).contains("not an empty text"));
        assert!(err("   ", Dutch).contains("N4S!-2"));
        assert!(err("4S", English).contains("a declarer"));
        assert!(err("4S N", English).contains("a result after the contract"));
        assert!(err("N4S", English).contains("a result after the contract"));
        assert!(err("4S =", English).contains("a declarer (N E S W) before or after"));
        assert!(err("N4S!-2", English).contains("\"!\" is doubled in Dutch notation"));
        let msg = err("N4S=X", English);
        assert!(
            msg.contains("nothing more after a table result, not \"X\""),
            "{msg}"
        );
        assert!(!msg.contains("notation"), "{msg}");
        assert!(err("N", English).contains("a level 1-7"));
        assert!(err("PASS N", English).contains("nothing more"));
        let e = parse_entry_with_declarer("N4S=", Some(East), English, Mode::Strict)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("not North in the text and East given apart"),
            "{e}"
        );
    }

    #[test]
    fn a_declarer_given_apart() {
        let d = Some(East);
        let read = |t| parse_entry_with_declarer(t, d, English, Mode::Strict).map(|r| r.0);
        let want = play(4, Spades, Doubled, East, 8);
        assert_eq!(read("4SX-2"), Ok(want));
        assert_eq!(read("4SX -2"), Ok(want));
        assert_eq!(read("E4SX-2"), Ok(want));
        assert_eq!(read("4SX E -2"), Ok(want));
        assert_eq!(read("PASS"), Ok(Entry::Passed));
        let e = parse_entry_with_declarer("7NT+1", d, English, Mode::Strict).unwrap_err();
        assert!(e.to_string().contains("would be 14 tricks"), "{e}");
        let e = parse_entry_with_declarer("4S+1-4", d, English, Mode::Strict).unwrap_err();
        assert!(e.to_string().contains("not \"-4\""), "{e}");
        let e = parse_entry("7NT+1", English, Mode::Strict).unwrap_err();
        assert!(
            e.to_string()
                .contains("a declarer (N E S W) before or after"),
            "{e}"
        );
        let r = parse_entry_with_declarer("N4S!-6", Some(North), Dutch, Mode::Strict);
        assert_eq!(r.unwrap().0, play(4, Spades, Doubled, North, 4));
    }

    #[test]
    fn vulnerabilities() {
        use Vulnerability as V;
        for (t, v) in [
            ("none", V::None),
            ("--", V::None),
            ("-", V::None),
            ("Geen", V::None),
            ("yok", V::None),
            ("NS", V::NorthSouth),
            ("n-s", V::NorthSouth),
            ("NZ", V::NorthSouth),
            ("K-G", V::NorthSouth),
            ("ew", V::EastWest),
            ("O-W", V::EastWest),
            ("D-B", V::EastWest),
            ("both", V::Both),
            ("All", V::Both),
            ("AL", V::Both),
            ("hepsi", V::Both),
        ] {
            assert_eq!(parse_vulnerability(t), Ok(v), "{t}");
        }
        for t in [
            "",
            "x",
            "nse",
            "ns ew",
            "a very long word indeed that is no vulnerability",
        ] {
            assert!(parse_vulnerability(t).is_err(), "{t}");
        }
    }

    #[test]
    fn printing() {
        let k = c(4, Spades, Doubled);
        assert_eq!(format_contract(k, English), "4SX");
        assert_eq!(format_contract(k, Dutch), "4S!");
        assert_eq!(format_contract(k, Turkish), "4 Pik kontur");
        assert_eq!(format_contract(c(3, NoTrump, Redoubled), English), "3NTXX");
        assert_eq!(format_contract(c(3, NoTrump, Redoubled), Dutch), "3SA!!");
        assert_eq!(
            format_contract(c(3, NoTrump, Redoubled), Turkish),
            "3 SA sürkontur"
        );
        assert_eq!(format_seat(East, English), "E");
        assert_eq!(format_seat(East, Dutch), "O");
        assert_eq!(format_seat(East, Turkish), "D");
        assert_eq!(format_result(10, k, English), "=");
        assert_eq!(format_result(10, k, Dutch), "C");
        assert_eq!(format_result(10, k, Turkish), "bien");
        assert_eq!(format_result(8, k, Turkish), "-2");
        assert_eq!(format_result(11, k, Dutch), "+1");
        let e = play(4, Spades, Doubled, North, 4);
        assert_eq!(format_entry(&e, English), "N4SX-6");
        assert_eq!(format_entry(&e, Dutch), "N4S!-6");
        assert_eq!(format_entry(&e, Turkish), "K 4 Pik kontur -6");
        let e = play(3, Diamonds, Undoubled, North, 9);
        assert_eq!(format_entry(&e, Dutch), "N3R=");
        assert_eq!(format_entry(&Entry::Passed, Dutch), "PAS");
    }

    #[test]
    fn odd_text_never_panics() {
        for t in [
            "",
            " ",
            "\u{0}",
            "🂡",
            "4🂡",
            "N4",
            "4S N +",
            "é",
            "İ",
            "ı",
            "4 İ",
            "N4S+\u{301}",
            "\u{FEFF}4S N =",
            "44444444444444444444444444",
            "+",
            "-",
            "=",
            "!!!!",
            "4S!!!",
            "4 pik kontur kontur",
            "N4S-0",
            "4♠ N ＝",
            "N4S+1٣",
            "７S",
        ] {
            for lang in Language::ALL {
                for mode in [Mode::Strict, Mode::Lenient] {
                    let _ = parse_entry(t, lang, mode);
                }
                let _ = parse_contract(t, lang);
                let _ = parse_seat(t, lang);
                let _ = parse_result(t, c(1, Clubs, Undoubled), lang);
            }
            let _ = parse_vulnerability(t);
        }
    }

    fn any_contract() -> impl Strategy<Value = Contract> {
        (1u8..=7, 0usize..5, 0usize..3)
            .prop_map(|(l, s, d)| Contract::new(l, Strain::ALL[s], Doubling::ALL[d]).unwrap())
    }

    fn any_lang() -> impl Strategy<Value = Language> {
        (0usize..3).prop_map(|i| Language::ALL[i])
    }

    fn any_entry() -> impl Strategy<Value = Entry> {
        prop_oneof![
            1 => Just(Entry::Passed),
            12 => (any_contract(), 0usize..4, 0u8..=13).prop_map(|(c, s, t)| {
                Entry::Played(Play::new(c, Seat::ALL[s], t).unwrap())
            }),
        ]
    }

    #[test]
    fn the_plain_forms_read_as_the_full_reader_reads_them() {
        for lang in [Language::English, Language::Dutch] {
            for level in 1..=7u8 {
                for strain in Strain::ALL {
                    for dbl in Doubling::ALL {
                        let c = Contract::new(level, strain, dbl).unwrap();
                        let text = format_contract(c, lang);
                        for t in [text.clone(), text.to_lowercase()] {
                            assert_eq!(plain_contract(t.as_bytes(), lang), Some(c), "{t}");
                            let mut cur = Cursor::new(&t, lang);
                            let full = contract(&mut cur).and_then(|c| cur.finish(c));
                            assert_eq!(full.ok(), Some(c), "{t}");
                        }
                    }
                }
            }
            for seat in Seat::ALL {
                let t = format_seat(seat, lang);
                assert_eq!(plain_seat(t.as_bytes()[0], lang), Some(seat));
            }
        }
        assert_eq!(plain_contract(b"8S", Language::English), None);
        assert_eq!(plain_contract(b"4SXXX", Language::English), None);
        assert_eq!(plain_seat(b'O', Language::English), None);
        assert_eq!(plain_seat(b'E', Language::Dutch), None);
    }

    #[test]
    fn plain_results_read_as_the_full_reader_reads_them() {
        // Every text of up to three characters from the results' alphabet, against
        // every level and language: the plain reading, where it answers, is the full one.
        let alphabet: Vec<char> = "=+-0123456789C ".chars().collect();
        let mut texts: Vec<String> = alphabet.iter().map(|c| c.to_string()).collect();
        for _ in 0..2 {
            let longer: Vec<String> = texts
                .iter()
                .flat_map(|t| alphabet.iter().map(move |c| format!("{t}{c}")))
                .collect();
            texts.extend(longer);
        }
        let mut answered = 0;
        for lang in [Language::English, Language::Dutch, Language::Turkish] {
            for level in 1..=7u8 {
                let c = Contract::new(level, Strain::Spades, Doubling::Undoubled).unwrap();
                for t in &texts {
                    if let Some(tricks) = plain_result(t.as_bytes(), c.tricks_needed()) {
                        answered += 1;
                        assert_eq!(full_result(t, c, lang), Ok(tricks), "{t} after {level}S");
                    }
                }
            }
        }
        assert!(answered > 3 * 7 * 30, "{answered}");
        assert_eq!(plain_result(b"+0", 10), None);
        assert_eq!(plain_result(b"-11", 10), None);
        assert_eq!(plain_result(b"14", 10), None);
    }

    proptest! {
        #[test]
        fn contracts_read_back(k in any_contract(), lang in any_lang()) {
            prop_assert_eq!(parse_contract(&format_contract(k, lang), lang), Ok(k));
        }

        #[test]
        fn seats_read_back(s in 0usize..4, lang in any_lang()) {
            let seat = Seat::ALL[s];
            prop_assert_eq!(parse_seat(&format_seat(seat, lang), lang), Ok(seat));
            prop_assert_eq!(parse_seat(seat_name(seat, lang), lang), Ok(seat));
        }

        #[test]
        fn results_read_back(k in any_contract(), tricks in 0u8..=13, lang in any_lang()) {
            prop_assert_eq!(parse_result(&format_result(tricks, k, lang), k, lang), Ok(tricks));
        }

        #[test]
        fn entries_read_back(e in any_entry(), lang in any_lang()) {
            let text = format_entry(&e, lang);
            for mode in [Mode::Strict, Mode::Lenient] {
                let read = parse_entry(&text, lang, mode);
                prop_assert_eq!(read, Ok((e, Vec::new())), "{}", text);
            }
            // The spaced form a director types reads back too.
            if let Entry::Played(p) = e {
                let spaced = format!(
                    "{} {} {}",
                    format_contract(p.contract(), lang),
                    seat_name(p.declarer(), lang),
                    format_result(p.tricks(), p.contract(), lang)
                );
                prop_assert_eq!(parse_entry(&spaced, lang, Mode::Strict), Ok((e, Vec::new())), "{}", spaced);
                let lower = text.to_lowercase();
                prop_assert_eq!(parse_entry(&lower, lang, Mode::Strict), Ok((e, Vec::new())), "{}", lower);
            }
        }

        #[test]
        fn reading_never_panics(text in ".{0,24}", lang in any_lang(), k in any_contract()) {
            for mode in [Mode::Strict, Mode::Lenient] {
                let _ = parse_entry(&text, lang, mode);
            }
            let _ = parse_contract(&text, lang);
            let _ = parse_seat(&text, lang);
            let _ = parse_result(&text, k, lang);
            let _ = parse_vulnerability(&text);
        }

        #[test]
        fn reading_notation_like_text_never_panics(
            text in "[NOZWESKDGBPACHRTXnozwes0-9!=+\\-♠♥ İıü]{0,14}",
            lang in any_lang(),
        ) {
            for mode in [Mode::Strict, Mode::Lenient] {
                if let Ok((e, _)) = parse_entry(&text, lang, mode) {
                    // Whatever is read prints and reads back the same.
                    let again = format_entry(&e, lang);
                    prop_assert_eq!(parse_entry(&again, lang, Mode::Strict).map(|r| r.0), Ok(e));
                } else {
                    let msg = parse_entry(&text, lang, mode).unwrap_err().to_string();
                    prop_assert!(msg.starts_with("cannot read"));
                }
            }
        }
    }
}
