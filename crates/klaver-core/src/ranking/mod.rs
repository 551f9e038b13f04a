//! NBB-Clubranking: ranking points, rankings, line assignment and the club championship
//! (SPEC section 6; seed 002 "NBB-Clubranking", Thilo Kielmann and the Nederlandse
//! Bridge Bond).
//!
//! Every player earns ranking points for each session played. A pairs or butler session
//! turns a pair's percentage or G-IMP into points within the interval of the line it
//! played ([`lines`]: nominal lines, stretched lines on nights with fewer or more lines,
//! top-integral groups, line letters in alphabetical order) by one of four [`methods`]
//! (by place, by ratio, balanced, dynamic per line); a teams night gives each team the
//! strength of its opponents plus its victory-point margin ([`teams_night`]).
//!
//! A player's ranking is the mean of the points of the last `Z` sessions played, filled
//! up with a replacement ranking while fewer have been played ([`rankings`]); a pair's
//! ranking is the sum of its players' and a threesome's two thirds of the sum of its
//! three. Pair rankings put tonight's pairs into lines ([`line_assignment`]). Over a
//! season the points decide the individual and the pairs-and-threesomes club
//! championships ([`championship`]). Rankings are kept per playing moment and per
//! season; a new season starts from the last one's final standing ([`season`]).
//!
//! Points are exact rationals; only the method "by place" and the stretched line widths
//! are rounded to whole numbers, as the seed does.

pub mod championship;
pub mod input_warnings;
pub mod line_assignment;
pub mod lines;
pub mod methods;
pub mod rankings;
pub mod season;
pub mod teams_night;

pub mod points;

pub use points::Points;

use std::cmp::Ordering;
use std::fmt;

/// A player's id as a key of a hash table, compared by address first: the ids of one
/// file are kept once and shared by its rows, awards and standings, so equal ids are
/// nearly always the same text in memory, and comparing two addresses saves comparing
/// the bytes. Ids at different addresses are compared by their text, so the key means
/// what the text means.
#[derive(Debug, Clone, Copy, Eq)]
pub(crate) struct IdKey<'a>(pub(crate) &'a str);

impl PartialEq for IdKey<'_> {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.0, other.0) || self.0 == other.0
    }
}

impl std::hash::Hash for IdKey<'_> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

/// The order of two amounts of points (the same as `a.cmp(b)`).
pub fn cmp_points(a: &Points, b: &Points) -> Ordering {
    a.cmp(b)
}

/// `a + b`.
pub fn add(a: &Points, b: &Points) -> Points {
    a + b
}

/// `a − b`.
pub fn sub(a: &Points, b: &Points) -> Points {
    a - b
}

/// `a × b`.
pub fn mul(a: &Points, b: &Points) -> Points {
    a * b
}

/// `a / b` (`b` not zero).
pub fn div(a: &Points, b: &Points) -> Points {
    a / b
}

/// A whole number of points.
pub fn int(n: i64) -> Points {
    Points::int(n)
}

/// The fraction `numer / denom` (denom not zero).
pub fn frac(numer: i64, denom: i64) -> Points {
    Points::ratio(i128::from(numer), i128::from(denom))
}

/// Reads a decimal number as written by a club ("57.25", "-1,3", "64"), exactly.
pub fn parse_decimal(text: &str) -> Option<Points> {
    let t = text.trim();
    match scan_decimal(t.as_bytes())? {
        Some((n, places)) => Some(Points::decimal(n, places)),
        None => parse_long_decimal(t),
    }
}

/// A number read in one pass: an optional sign, digits with at most one `.` or `,` and
/// at least one digit. Gives its digits as a whole number and the number of decimal
/// places, or `Some(None)` when it has more than 18 digits (more than 64 bits hold);
/// `None` when it is not such a number.
fn scan_decimal(b: &[u8]) -> Option<Option<(i64, u32)>> {
    let (negative, digits) = match b.first() {
        Some(b'-') => (true, &b[1..]),
        Some(b'+') => (false, &b[1..]),
        _ => (false, b),
    };
    let (mut n, mut count, mut places): (i64, u32, Option<u32>) = (0, 0, None);
    for &c in digits {
        match c {
            b'0'..=b'9' => {
                count += 1;
                if count <= 18 {
                    n = n * 10 + i64::from(c - b'0');
                }
                if let Some(p) = &mut places {
                    *p += 1;
                }
            }
            b'.' | b',' if places.is_none() => places = Some(0),
            _ => return None,
        }
    }
    match count {
        0 => None,
        1..=18 => Some(Some((if negative { -n } else { n }, places.unwrap_or(0)))),
        _ => Some(None),
    }
}

/// The most decimals [`parse_decimal`] reads: a number with more is refused.
pub const MAX_DECIMALS: usize = 30;

/// The number of decimals of `text` when it is a number [`parse_decimal`] refuses only for
/// having more than [`MAX_DECIMALS`] of them; `None` otherwise.
pub fn decimals_beyond_limit(text: &str) -> Option<usize> {
    let t = text.trim();
    let digits = t.strip_prefix(['-', '+']).unwrap_or(t);
    let (whole, fraction) = digits.split_once(['.', ',']).unwrap_or((digits, ""));
    let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    (all_digits(whole) && all_digits(fraction) && fraction.len() > MAX_DECIMALS)
        .then_some(fraction.len())
}

/// [`parse_decimal`] of a number of more than 18 digits (trimmed), in big integers.
fn parse_long_decimal(t: &str) -> Option<Points> {
    let t = t.replace(',', ".");
    let (negative, digits) = match t.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, t.strip_prefix('+').unwrap_or(&t)),
    };
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    if fraction.len() > MAX_DECIMALS {
        return None;
    }
    let numer: num_bigint::BigInt = format!("{whole}{fraction}").parse().ok()?;
    let denom = num_bigint::BigInt::from(10).pow(fraction.len() as u32);
    let r = Points::from_big(num_rational::BigRational::new(numer, denom));
    Some(if negative { -r } else { r })
}

/// Rounded to the nearest whole number, halves away from zero.
pub fn round_whole(r: &Points) -> Points {
    r.round_whole()
}

/// The mean of some points; `None` for none.
pub fn mean(values: &[Points]) -> Option<Points> {
    if values.is_empty() {
        return None;
    }
    Some(Points::sum_over(values, values.len() as i64))
}

/// Written with two decimals, rounded half away from zero, the way rankings are printed.
pub fn decimal2(r: &Points) -> String {
    let (negative, digits) = match r.hundredths_small() {
        Some(n) => (n < 0, format!("{:03}", n.unsigned_abs())),
        None => {
            let n = r.hundredths();
            (
                n.sign() == num_bigint::Sign::Minus,
                format!("{:03}", n.magnitude()),
            )
        }
    };
    let (whole, frac) = digits.split_at(digits.len() - 2);
    format!("{}{whole}.{frac}", if negative { "-" } else { "" })
}

/// The nearest `f64`, for JSON.
pub fn to_f64(r: &Points) -> f64 {
    r.to_f64()
}

/// How a club turns session scores into ranking points (seed 002, "Rekenmethoden").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Method {
    /// Evenly by place in the line, rounded to whole numbers.
    Place,
    /// By ratio of the scores between the line's best and worst score.
    Ratio,
    /// By ratio of the scores, balanced around the average score (the usual choice).
    #[default]
    Balanced,
    /// Dynamic per line: around the mean ranking of the players in the line.
    Dynamic,
}

impl Method {
    /// The method's name in the settings file.
    pub fn name(self) -> &'static str {
        match self {
            Method::Place => "place",
            Method::Ratio => "ratio",
            Method::Balanced => "balanced",
            Method::Dynamic => "dynamic",
        }
    }

    /// The method named in a settings file (`place`, `ratio`, `balanced`, `dynamic`).
    pub fn from_name(name: &str) -> Option<Method> {
        match name.trim().to_ascii_lowercase().as_str() {
            "place" | "plaats" => Some(Method::Place),
            "ratio" | "rato" => Some(Method::Ratio),
            "balanced" | "gebalanceerd" => Some(Method::Balanced),
            "dynamic" | "dynamisch" => Some(Method::Dynamic),
            _ => None,
        }
    }
}

/// The competition form of a session: what its scores are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Form {
    /// A pairs session scored in matchpoint percentages.
    #[default]
    Pairs,
    /// A butler session scored in G-IMP (IMPs per board against a datum).
    Butler,
    /// A teams night scored in victory points on the 20-VP scale.
    Teams,
}

impl Form {
    /// The form's name in input files.
    pub fn name(self) -> &'static str {
        match self {
            Form::Pairs => "pairs",
            Form::Butler => "butler",
            Form::Teams => "teams",
        }
    }

    /// The form named in an input file (`pairs`, `butler`, `teams`).
    pub fn from_name(name: &str) -> Option<Form> {
        match name.trim().to_ascii_lowercase().as_str() {
            "" | "pairs" | "paren" => Some(Form::Pairs),
            "butler" => Some(Form::Butler),
            "teams" | "viertallen" => Some(Form::Teams),
            _ => None,
        }
    }
}

/// The most sessions a ranking averages (`z`).
pub const Z_MOST: u32 = 1000;

/// A club's settings for one ranking, with the seed's defaults.
#[derive(Debug, Clone, PartialEq)]
pub struct ClubSettings {
    /// G: the upper bound of ranking points, the top of the A line (100).
    pub top: Points,
    /// B: the width of a line (40).
    pub width: Points,
    /// S: the step from one line's top to the next (10).
    pub step: Points,
    /// L: the nominal number of lines the club plays in (3).
    pub lines: u32,
    /// How scores become ranking points.
    pub method: Method,
    /// ST for pairs: the percentage that earns the top of the line (63.5 %).
    pub st_pairs: Points,
    /// ST for butler: the G-IMP that earn the top of the line (2.0).
    pub st_butler: Points,
    /// ST for teams: the victory points that earn the full half width (17 VP).
    pub st_teams: Points,
    /// Z: the number of most recent sessions a player's ranking averages (6), at most
    /// [`Z_MOST`].
    pub z: u32,
    /// The replacement ranking for players without one of their own; `None` for the
    /// middle of the nominal scale.
    pub replacement: Option<Points>,
    /// min: sessions a player needs for the individual championship (20), or a share
    /// of the season's club nights (the seed recommends 60 %).
    pub min: MinSessions,
    /// x: worst scores a player may drop above `min` (5).
    pub x: u32,
    /// me: sessions together a pair or threesome needs for the championship (20).
    pub me: u32,
    /// inv: of those, how many may be results with a substitute (5).
    pub inv: u32,
    /// y: worst scores a pair or threesome may drop above `me` (5).
    pub y: u32,
}

impl Default for ClubSettings {
    fn default() -> Self {
        ClubSettings {
            top: int(100),
            width: int(40),
            step: int(10),
            lines: 3,
            method: Method::Balanced,
            st_pairs: frac(635, 10),
            st_butler: int(2),
            st_teams: int(17),
            z: 6,
            replacement: None,
            min: MinSessions::Count(20),
            x: 5,
            me: 20,
            inv: 5,
            y: 5,
        }
    }
}

/// The sessions a player needs for the individual championship (`min`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MinSessions {
    /// A number of sessions.
    Count(u32),
    /// A percentage of the club nights of the playing moment's season.
    Percent(u32),
}

impl MinSessions {
    /// The sessions needed in a season of `nights` club nights: a share is rounded up,
    /// and is at least one session.
    pub fn of(self, nights: usize) -> u32 {
        match self {
            MinSessions::Count(n) => n,
            MinSessions::Percent(p) => {
                let nights = u64::try_from(nights).unwrap_or(u64::MAX);
                let needed = (nights.saturating_mul(u64::from(p))).div_ceil(100);
                u32::try_from(needed).unwrap_or(u32::MAX).max(1)
            }
        }
    }
}

impl fmt::Display for MinSessions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MinSessions::Count(n) => write!(f, "{n}"),
            MinSessions::Percent(p) => write!(f, "{p} %"),
        }
    }
}

/// A setting outside what the rules allow.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("setting `{setting}` = {value} is out of range: {rule}")]
pub struct SettingsError {
    /// The setting's name in the settings file.
    pub setting: &'static str,
    /// The value given.
    pub value: String,
    /// What the value must be.
    pub rule: &'static str,
}

impl ClubSettings {
    /// The A-line average A = G − B/2 (80 with the defaults).
    pub fn a_average(&self) -> Points {
        &self.top - &self.width / int(2)
    }

    /// The lower bound g = G − B − (L − 1) × S of the nominal lines (40 with the defaults).
    pub fn bottom(&self) -> Points {
        &self.top - &self.width - &self.step * int(i64::from(self.lines) - 1)
    }

    /// The replacement ranking for a player without one of their own.
    pub fn default_replacement(&self) -> Points {
        self.replacement
            .clone()
            .unwrap_or_else(|| (&self.top + self.bottom()) / int(2))
    }

    /// The average score (50 % or 0 G-IMP) and the top score ST of a pairs or butler
    /// session.
    pub fn average_and_top(&self, form: Form) -> (Points, Points) {
        match form {
            Form::Pairs => (int(50), self.st_pairs.clone()),
            Form::Butler => (int(0), self.st_butler.clone()),
            Form::Teams => (int(10), self.st_teams.clone()),
        }
    }

    /// Checks every setting against the rules' ranges.
    pub fn validate(&self) -> Result<(), SettingsError> {
        self.validate_lines()?;
        self.validate_tops()?;
        self.validate_championship()
    }

    /// The lines: their width B, step S and number, and the upper bound G.
    fn validate_lines(&self) -> Result<(), SettingsError> {
        let (b, s) = (&self.width, &self.step);
        check(
            b.is_positive(),
            "b",
            || decimal2(b),
            "the line width B must be above 0",
        )?;
        check(
            !s.is_negative(),
            "s",
            || decimal2(s),
            "the step between lines cannot be negative",
        )?;
        check(
            s <= b,
            "s",
            || decimal2(s),
            "the step cannot exceed the line width B, or neighbouring lines would not overlap",
        )?;
        check(
            (1..=26).contains(&self.lines),
            "lines",
            || self.lines.to_string(),
            "a club plays in 1 to 26 lines (A to Z)",
        )?;
        check(
            self.top.is_positive(),
            "g",
            || decimal2(&self.top),
            "the upper bound G must be above 0",
        )
    }

    /// The scores ST of each form that make the upper bound.
    fn validate_tops(&self) -> Result<(), SettingsError> {
        let (pairs, butler, teams) = (&self.st_pairs, &self.st_butler, &self.st_teams);
        check(
            *pairs > int(50) && *pairs <= int(100),
            "st_pairs",
            || decimal2(pairs),
            "ST for pairs lies above 50 % and at most 100 %",
        )?;
        check(
            butler.is_positive(),
            "st_butler",
            || decimal2(butler),
            "ST for butler lies above 0 G-IMP",
        )?;
        check(
            *teams > int(10) && *teams <= int(20),
            "st_teams",
            || decimal2(teams),
            "ST for teams lies above 10 VP and at most 20 VP",
        )
    }

    /// The sessions a ranking averages, the championships' minimums and the
    /// replacement ranking.
    fn validate_championship(&self) -> Result<(), SettingsError> {
        check(
            self.z > 0,
            "z",
            || "0".into(),
            "a ranking averages at least 1 session",
        )?;
        // (Each ranking adds Z values: a Z of millions took minutes on a file of four
        // lines.)
        check(
            self.z <= Z_MOST,
            "z",
            || self.z.to_string(),
            "a ranking averages at most 1000 sessions (twenty years of a club night a week)",
        )?;
        match self.min {
            MinSessions::Count(n) => check(
                n > 0,
                "min",
                || "0".into(),
                "the individual championship needs at least 1 session",
            )?,
            MinSessions::Percent(p) => check(
                p > 0 && p <= 100,
                "min",
                || format!("{p} %"),
                "a share of the club nights lies above 0 % and at most 100 %",
            )?,
        }
        check(
            self.me > 0,
            "me",
            || "0".into(),
            "the pairs championship needs at least 1 session together",
        )?;
        check(
            self.inv <= self.me,
            "inv",
            || self.inv.to_string(),
            "at most `me` of the sessions counted may be played with a substitute",
        )?;
        match &self.replacement {
            Some(r) => check(
                !r.is_negative(),
                "replacement",
                || decimal2(r),
                "a replacement ranking cannot be negative",
            ),
            None => Ok(()),
        }
    }
}

/// `Ok` when a setting keeps its rule, else the error naming it, its value and the rule.
fn check(
    holds: bool,
    setting: &'static str,
    value: impl FnOnce() -> String,
    rule: &'static str,
) -> Result<(), SettingsError> {
    match holds {
        true => Ok(()),
        false => Err(SettingsError {
            setting,
            value: value(),
            rule,
        }),
    }
}

/// A player's id ("1001"), kept once however often the player appears: every row,
/// result and standing of the player shares it (a federation's season names 100,000
/// players four million times).
pub type PlayerId = SharedText;

/// A text kept once and shared by everything that names it (a player id, a line's
/// letters, a file name), behind a single pointer: a federation's season keeps millions
/// of rows, and a pointer and length for each of their texts would be a third of them.
pub type SharedText = arcstr::ArcStr;

/// Where an input item came from (a file or source, and the line in it), for messages.
/// The source is shared by all the items read from it: a federation's season has
/// millions of rows, and each keeps only its line number.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Origin {
    source: SharedText,
    /// The line, from 1; 0 for the source as a whole.
    line: usize,
}

impl Origin {
    /// A whole file or source ("sessions.csv", "results.json: pair 3").
    pub fn new(source: impl Into<SharedText>) -> Origin {
        Origin {
            source: source.into(),
            line: 0,
        }
    }

    /// Line `line` (from 1) of `source`, which is shared.
    pub fn at_line(source: &SharedText, line: usize) -> Origin {
        Origin {
            source: source.clone(),
            line,
        }
    }

    /// How a message told at `here` names this item: by its line alone when it is in
    /// the same source ("line 2"), else in full.
    pub fn seen_from(&self, here: &Origin) -> String {
        if self.line > 0 && self.source == here.source {
            format!("line {}", self.line)
        } else {
            self.to_string()
        }
    }

    /// The line, from 1; 0 when the item is a whole source.
    pub fn line(&self) -> usize {
        self.line
    }

    /// Whether nothing says where the item came from.
    pub fn is_empty(&self) -> bool {
        self.source.is_empty() && self.line == 0
    }
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.source.is_empty(), self.line) {
            (true, 0) => f.write_str("input"),
            (_, 0) => f.write_str(&self.source),
            (_, line) => write!(f, "{} line {line}", self.source),
        }
    }
}

/// Session input that cannot be ranked; every variant names where it came from and what
/// to fix. No ranking is produced while any exists.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RankingError {
    /// A line (or top-integral group) with a single pair.
    #[error(
        "{origin}: session {session}: line {line} has only one pair; a line needs at least two pairs to give ranking points: merge it with another line or correct the line letter"
    )]
    LonePair {
        /// Where the pair came from.
        origin: Origin,
        /// The session (date and playing moment).
        session: String,
        /// The line letter or top-integral group.
        line: String,
    },
    /// A score the session's form cannot have.
    #[error("{origin}: session {session}: score {score} is outside {range}: correct the score")]
    ScoreOutOfRange {
        /// Where the score came from.
        origin: Origin,
        /// The session.
        session: String,
        /// The score as given.
        score: String,
        /// The allowed range.
        range: &'static str,
    },
    /// A player in two pairs or teams on one night.
    #[error(
        "{origin}: session {session}: player {player} also plays in {first}; a player plays in one pair (or team) a night: correct the players"
    )]
    PlayerTwice {
        /// Where the second appearance came from.
        origin: Origin,
        /// The session.
        session: String,
        /// The player id.
        player: String,
        /// The first pair or team the player appeared in.
        first: String,
    },
    /// A pair without exactly two players, or a team with fewer than four.
    #[error("{origin}: session {session}: {what}")]
    Players {
        /// Where the pair or team came from.
        origin: Origin,
        /// The session.
        session: String,
        /// What is wrong and what to do.
        what: String,
    },
    /// A teams night that does not fit together.
    #[error("{origin}: session {session}: {what}")]
    Teams {
        /// Where the match came from.
        origin: Origin,
        /// The session.
        session: String,
        /// What is wrong and what to do.
        what: String,
    },
    /// A session that does not fit together (no results, a line in two groups, two
    /// forms, a line letter that is not A-Z).
    #[error("{origin}: session {session}: {what}")]
    Session {
        /// Where the session came from.
        origin: Origin,
        /// The session.
        session: String,
        /// What is wrong and what to do.
        what: String,
    },
    /// A session of a playing moment the settings do not list.
    #[error("{origin}: {what}")]
    Moment {
        /// Where the session came from.
        origin: Origin,
        /// What is wrong and what to do.
        what: String,
    },
    /// A date that is not YYYY-MM-DD, or that lies in no season.
    #[error("{origin}: {what}")]
    Date {
        /// Where the date came from.
        origin: Origin,
        /// What is wrong and what to do.
        what: String,
    },
    /// A settings value out of range.
    #[error("{origin}: {error}")]
    Settings {
        /// The settings file (and playing moment).
        origin: Origin,
        /// The setting.
        error: SettingsError,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each setting out of its range is refused, naming the setting, its value and the
    /// rule; the defaults, and each bound itself, are kept.
    #[test]
    fn every_setting_is_held_to_its_range() {
        assert_eq!(ClubSettings::default().validate(), Ok(()));
        let refused = |change: &dyn Fn(&mut ClubSettings)| {
            let mut s = ClubSettings::default();
            change(&mut s);
            s.validate().err().map(|e| (e.setting, e.value))
        };
        type Case<'a> = (&'a dyn Fn(&mut ClubSettings), Option<(&'a str, &'a str)>);
        let cases: [Case; 20] = [
            (&|s| s.width = int(0), Some(("b", "0.00"))),
            (&|s| s.step = int(-1), Some(("s", "-1.00"))),
            (&|s| s.step = int(41), Some(("s", "41.00"))),
            (&|s| s.step = int(40), None),
            (&|s| s.lines = 0, Some(("lines", "0"))),
            (&|s| s.lines = 27, Some(("lines", "27"))),
            (&|s| s.lines = 26, None),
            (&|s| s.top = int(0), Some(("g", "0.00"))),
            (&|s| s.st_pairs = int(50), Some(("st_pairs", "50.00"))),
            (&|s| s.st_pairs = int(100), None),
            (&|s| s.st_butler = int(0), Some(("st_butler", "0.00"))),
            (&|s| s.st_teams = int(21), Some(("st_teams", "21.00"))),
            (&|s| s.z = 0, Some(("z", "0"))),
            (&|s| s.z = 1001, Some(("z", "1001"))),
            (&|s| s.z = Z_MOST, None),
            (&|s| s.min = MinSessions::Count(0), Some(("min", "0"))),
            (
                &|s| s.min = MinSessions::Percent(101),
                Some(("min", "101 %")),
            ),
            (&|s| s.me = 0, Some(("me", "0"))),
            (&|s| s.inv = s.me + 1, Some(("inv", "21"))),
            (
                &|s| s.replacement = Some(int(-1)),
                Some(("replacement", "-1.00")),
            ),
        ];
        for (k, (change, want)) in cases.iter().enumerate() {
            let got = refused(change);
            let got = got.as_ref().map(|(s, v)| (*s, v.as_str()));
            assert_eq!(got, *want, "case {k}");
        }
    }

    /// A row named beside another is named by its line in the same file, in full in
    /// another file or without a line.
    #[test]
    fn a_row_seen_from_another_names_its_file_only_when_it_differs() {
        let (a, b): (SharedText, SharedText) = ("a.csv".into(), "b.csv".into());
        let here = Origin::at_line(&a, 9);
        assert_eq!(Origin::at_line(&a, 2).seen_from(&here), "line 2");
        assert_eq!(Origin::at_line(&b, 2).seen_from(&here), "b.csv line 2");
        assert_eq!(Origin::new("a.csv").seen_from(&here), "a.csv");
    }

    #[test]
    fn ids_are_the_same_key_wherever_their_text_is() {
        let (a, b): (SharedText, String) = ("1001".into(), "1001".to_string());
        let mut keys: rustc_hash::FxHashMap<IdKey, usize> = Default::default();
        keys.insert(IdKey(&a), 7);
        assert_eq!(keys.get(&IdKey(&a)), Some(&7));
        assert_eq!(keys.get(&IdKey(&b)), Some(&7));
        assert_eq!(keys.get(&IdKey("100")), None);
        // The same address with another length is another id.
        assert_ne!(IdKey(&a[..3]), IdKey(&a));
    }

    #[test]
    fn decimals_read_exactly() {
        assert_eq!(parse_decimal("57.25"), Some(frac(229, 4)));
        assert_eq!(parse_decimal("-1,3"), Some(frac(-13, 10)));
        assert_eq!(parse_decimal("64"), Some(int(64)));
        assert_eq!(parse_decimal("abc"), None);
        assert_eq!(parse_decimal(""), None);
        assert_eq!(parse_decimal("."), None);
    }

    #[test]
    fn rounding_is_half_away_from_zero() {
        assert_eq!(round_whole(&frac(5, 2)), int(3));
        assert_eq!(round_whole(&frac(-5, 2)), int(-3));
        assert_eq!(round_whole(&frac(240, 7)), int(34));
        assert_eq!(decimal2(&frac(1, 8)), "0.13");
        assert_eq!(decimal2(&frac(-1, 8)), "-0.13");
        assert_eq!(decimal2(&int(70)), "70.00");
    }

    /// `parse_decimal` as it was first written, for comparison.
    fn parse_decimal_by_parts(text: &str) -> Option<Points> {
        let t = text.trim().replace(',', ".");
        let (negative, digits) = match t.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, t.strip_prefix('+').unwrap_or(&t)),
        };
        let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
        if whole.is_empty() && fraction.is_empty()
            || !whole.bytes().all(|b| b.is_ascii_digit())
            || !fraction.bytes().all(|b| b.is_ascii_digit())
            || fraction.len() > 30
        {
            return None;
        }
        let numer: num_bigint::BigInt = format!("{whole}{fraction}").parse().unwrap_or_default();
        let denom = num_bigint::BigInt::from(10).pow(fraction.len() as u32);
        let r = Points::from_big(num_rational::BigRational::new(numer, denom));
        Some(if negative { -r } else { r })
    }

    #[test]
    fn long_decimals_read_exactly() {
        let long = "123456789012345678.5";
        assert_eq!(parse_decimal(long), parse_decimal_by_parts(long));
        assert!(parse_decimal(long).is_some());
        assert_eq!(
            parse_decimal("1234567890123456789"),
            parse_decimal_by_parts("1234567890123456789")
        );
        assert_eq!(parse_decimal("0.0000000000000000000000000000001"), None);
        assert_eq!(parse_decimal("-0000000000000000000,25"), Some(frac(-1, 4)));
        assert_eq!(parse_decimal("1.2.3"), None);
        assert_eq!(parse_decimal("-+5"), None);
        assert_eq!(parse_decimal("5."), Some(int(5)));
        assert_eq!(parse_decimal(" .5 "), Some(frac(1, 2)));
    }

    proptest::proptest! {
        /// Read in one pass, a number is the same as read by its parts, long or short,
        /// written well or not.
        #[test]
        fn decimals_read_in_one_pass_as_by_parts(
            text in "[ ]?[-+]?[0-9]{0,24}([.,][0-9]{0,34})?[.,x]?[ ]?",
            other in "[-+0-9., a]{0,12}",
        ) {
            proptest::prop_assert_eq!(parse_decimal(&text), parse_decimal_by_parts(&text));
            proptest::prop_assert_eq!(parse_decimal(&other), parse_decimal_by_parts(&other));
        }

        /// An origin kept as a shared file name and a line number reads as the text it
        /// replaced ("sessions.csv line 12"; the file alone; "input" for nothing).
        #[test]
        fn origins_read_as_before(file in "[ -~]{0,12}", line in 1usize..10_000_000) {
            let source: SharedText = file.as_str().into();
            proptest::prop_assert_eq!(
                Origin::at_line(&source, line).to_string(),
                format!("{file} line {line}")
            );
            let whole = if file.is_empty() { "input".to_string() } else { file.clone() };
            proptest::prop_assert_eq!(Origin::new(file.as_str()).to_string(), whole);
            proptest::prop_assert!(!Origin::at_line(&source, line).is_empty());
        }
    }

    #[test]
    fn seed_defaults() {
        let s = ClubSettings::default();
        assert_eq!(s.a_average(), int(80));
        assert_eq!(s.bottom(), int(40));
        assert_eq!(s.default_replacement(), int(70));
        assert!(s.validate().is_ok());
    }

    #[test]
    fn settings_out_of_range_are_named() {
        let s = ClubSettings {
            st_pairs: int(45),
            ..ClubSettings::default()
        };
        let e = s.validate().unwrap_err();
        assert_eq!(e.setting, "st_pairs");
        let s = ClubSettings {
            inv: 30,
            ..ClubSettings::default()
        };
        assert_eq!(s.validate().unwrap_err().setting, "inv");
    }
}
