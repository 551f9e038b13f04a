//! The season ranking's files: the club's settings (TOML), session results (CSV, or the
//! JSON that `klaver score` writes) and tonight's pairs; and the ranking, championship
//! and line assignment as text, JSON or one HTML page (SPEC section 6, seed 002
//! "NBB-Clubranking").
//!
//! Every problem names its file and line (or the setting, session and player) and what
//! to fix; nothing is ranked while any remains. Numbers are read exactly ("63.5" is
//! 127/2) and rounded to two decimals only when printed.

use crate::html::{STYLE, escape};
use crate::plain_csv::{self, Fields, field};
use crate::pretty_json::Pretty;
use crate::report::ReportLang;
use crate::text::shown_width;
use klaver_core::places::{Place, shared_places};
use klaver_core::ranking::championship::{Shortfall, Standing, same_place};
use klaver_core::ranking::line_assignment::{AssignedLine, PresentPair, TooFewPairs, assign};
use klaver_core::ranking::season::{
    Award, Club, EntrantStanding, Moment, PairEntry, PlayerIds, PlayerStanding, RankedSession,
    SeasonDates, SeasonStanding, SessionInput, TeamEntry, merge, valid_date,
};
use klaver_core::ranking::{
    ClubSettings, Form, Method, MinSessions, Origin, PlayerId, Points, SharedText, decimal2, int,
    parse_decimal, to_f64,
};
use klaver_core::text::same;
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use toml::Spanned;

/// A ranking input that cannot be used; says which file, where, and what to fix.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RankingIoError {
    /// The settings file is not valid TOML, has an unknown key, or a value out of range.
    #[error("{file}: {message}")]
    Settings {
        /// The settings file (with line where known).
        file: String,
        /// What is wrong and what to do.
        message: String,
    },
    /// A line of a session CSV (or a pair in a session JSON) that cannot be read.
    #[error("{file} line {line}: {message}")]
    Line {
        /// The file.
        file: String,
        /// The line number (1 is the header).
        line: u64,
        /// What is wrong and what to do.
        message: String,
    },
    /// A whole file that cannot be read.
    #[error("{file}: {message}")]
    File {
        /// The file.
        file: String,
        /// What is wrong and what to do.
        message: String,
    },
}

/// A settings number: written as an integer, a decimal or a string ("63,5").
#[derive(Deserialize, Clone)]
#[serde(untagged)]
enum Num {
    Int(i64),
    Float(f64),
    Text(String),
}

/// `min` as a number of sessions (20) or a share of the club nights ("60%").
#[derive(Deserialize)]
#[serde(untagged)]
enum MinToml {
    Count(u32),
    Share(String),
}

#[derive(Deserialize)]
#[serde(untagged)]
enum DateText {
    Text(String),
    Date(toml::value::Datetime),
}

impl DateText {
    fn text(&self) -> String {
        match self {
            DateText::Text(s) => s.trim().to_string(),
            DateText::Date(d) => d.to_string(),
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MomentToml {
    name: Spanned<String>,
    #[serde(default)]
    form: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeasonToml {
    name: String,
    start: Spanned<DateText>,
    end: DateText,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct SettingsToml {
    g: Option<Num>,
    a: Option<Num>,
    b: Option<Num>,
    s: Option<Num>,
    lines: Option<u32>,
    method: Option<String>,
    st_pairs: Option<Num>,
    st_butler: Option<Num>,
    st_teams: Option<Num>,
    z: Option<u32>,
    replacement: Option<Num>,
    min: Option<MinToml>,
    x: Option<u32>,
    me: Option<u32>,
    inv: Option<u32>,
    y: Option<u32>,
    #[serde(default)]
    threesomes: Vec<String>,
    #[serde(default)]
    pairs: Vec<String>,
    #[serde(default)]
    replacement_players: BTreeMap<Spanned<String>, Num>,
    #[serde(default)]
    names: BTreeMap<String, String>,
    #[serde(default)]
    moment: Vec<MomentToml>,
    #[serde(default)]
    season: Vec<SeasonToml>,
}

/// The line of the settings text where `key` is set, for messages.
fn key_line(text: &str, key: &str) -> Option<usize> {
    text.lines().position(|l| {
        let l = l.trim_start();
        l.strip_prefix(key)
            .is_some_and(|rest| rest.trim_start().starts_with('='))
    })
}

/// Reads a club's ranking settings from TOML; `file` names it in messages.
pub fn read_settings(text: &str, file: &str) -> Result<Club, RankingIoError> {
    let raw: SettingsToml = toml::from_str(text).map_err(|e| RankingIoError::Settings {
        file: file.to_string(),
        message: e.to_string().trim_end().to_string(),
    })?;
    let r = SettingsText { text, file };
    let settings = r.club_settings(&raw)?;
    let replacements = r.replacements(&raw.replacement_players)?;
    let moments = r.moments(&raw.moment)?;
    let seasons = r.seasons(&raw.season)?;
    let threesomes = r.threesomes(&raw.threesomes)?;
    let pairs = r.pairs(&raw.pairs, &threesomes)?;
    Ok(Club {
        settings,
        moments,
        seasons,
        replacements,
        threesomes,
        pairs,
        names: raw.names,
    })
}

/// A club's settings as written, and the file they came from: each part is read in
/// turn, and the first problem found is told with the line of its setting.
struct SettingsText<'a> {
    text: &'a str,
    file: &'a str,
}

impl SettingsText<'_> {
    /// A problem with setting `key`, naming the line where it is set (or else the file).
    fn err(&self, key: &str, message: String) -> RankingIoError {
        let file = match key_line(self.text, key) {
            Some(n) => format!("{} line {}", self.file, n + 1),
            None => self.file.to_string(),
        };
        RankingIoError::Settings { file, message }
    }

    /// A problem with the setting written at byte `at` of the text (one of a table's
    /// keys or values, which may be written in several tables), naming its line.
    fn err_at(&self, at: usize, message: String) -> RankingIoError {
        let before = self.text.get(..at).unwrap_or(self.text);
        let line = memchr::memchr_iter(b'\n', before.as_bytes()).count() + 1;
        RankingIoError::Settings {
            file: format!("{} line {line}", self.file),
            message,
        }
    }

    /// A number setting, if given, read exactly ("63.5" is 127/2).
    fn num(&self, key: &str, v: &Option<Num>) -> Result<Option<Points>, RankingIoError> {
        num_setting(key, v).map_err(|message| self.err(key, message))
    }
}

/// A number setting, if given, read exactly ("63.5" is 127/2); else what is wrong.
fn num_setting(key: &str, v: &Option<Num>) -> Result<Option<Points>, String> {
    let Some(v) = v else { return Ok(None) };
    let text = match v {
        Num::Int(i) => i.to_string(),
        // Shortest decimal that reads back as the same number ("63.5"); nan and inf are
        // refused below.
        Num::Float(f) => f.to_string(),
        Num::Text(s) => s.clone(),
    };
    parse_decimal(&text)
        .map(Some)
        .ok_or_else(
            || match klaver_core::ranking::decimals_beyond_limit(&text) {
                Some(n) => format!(
                    "setting `{key}` = {text} has {n} decimals: klaver reads at most {}; round it",
                    klaver_core::ranking::MAX_DECIMALS
                ),
                None => format!("setting `{key}` = {text} is not a number: write it like 63.5"),
            },
        )
}

impl SettingsText<'_> {
    /// The ranking settings proper, each given one in place of the seed's default, and
    /// then checked for its range together.
    fn club_settings(&self, raw: &SettingsToml) -> Result<ClubSettings, RankingIoError> {
        let mut s = ClubSettings::default();
        self.line_scale(raw, &mut s)?;
        if let Some(v) = self.num("st_pairs", &raw.st_pairs)? {
            s.st_pairs = v;
        }
        if let Some(v) = self.num("st_butler", &raw.st_butler)? {
            s.st_butler = v;
        }
        if let Some(v) = self.num("st_teams", &raw.st_teams)? {
            s.st_teams = v;
        }
        s.replacement = self.num("replacement", &raw.replacement)?;
        if let Some(min) = self.min_sessions(&raw.min)? {
            s.min = min;
        }
        for (field, value) in [
            (&mut s.z, raw.z),
            (&mut s.x, raw.x),
            (&mut s.me, raw.me),
            (&mut s.inv, raw.inv),
            (&mut s.y, raw.y),
        ] {
            if let Some(v) = value {
                *field = v;
            }
        }
        // The substitutes' default (5) is at most the sessions together a club asks for.
        if raw.inv.is_none() {
            s.inv = s.inv.min(s.me);
        }
        s.validate().map_err(|e| self.out_of_range(e, raw, &s))?;
        Ok(s)
    }

    /// A setting out of range, named as the file writes it: G given as the A-line
    /// average is `a`.
    fn out_of_range(
        &self,
        e: klaver_core::ranking::SettingsError,
        raw: &SettingsToml,
        s: &ClubSettings,
    ) -> RankingIoError {
        if e.setting == "g" && raw.g.is_none() && raw.a.is_some() {
            let message = format!(
                "setting `a` = {} is out of range: the upper bound G = A + B/2 must be above 0: correct it in the settings",
                decimal2(&s.a_average())
            );
            return self.err("a", message);
        }
        self.err(e.setting, format!("{e}: correct it in the settings"))
    }

    /// The scale of the lines' points: the width B and step S, the upper bound G (or
    /// the A-line average A = G − B/2, not both), the number of lines and the method.
    fn line_scale(&self, raw: &SettingsToml, s: &mut ClubSettings) -> Result<(), RankingIoError> {
        if let Some(v) = self.num("b", &raw.b)? {
            s.width = v;
        }
        if let Some(v) = self.num("s", &raw.s)? {
            s.step = v;
        }
        match (self.num("g", &raw.g)?, self.num("a", &raw.a)?) {
            (Some(_), Some(_)) => {
                return Err(self.err(
                    "a",
                    "give either `g` (the upper bound G) or `a` (the A-line average A = G − B/2), not both".into(),
                ));
            }
            (Some(g), None) => s.top = g,
            (None, Some(a)) => s.top = a + &s.width / int(2),
            (None, None) => {}
        }
        if let Some(l) = raw.lines {
            s.lines = l;
        }
        if let Some(m) = &raw.method {
            s.method = Method::from_name(m).ok_or_else(|| {
                self.err(
                    "method",
                    format!("method `{m}` is not one of place, ratio, balanced, dynamic"),
                )
            })?;
        }
        Ok(())
    }

    /// `min`, if given: a number of sessions (20) or a share of the club nights ("60%").
    fn min_sessions(&self, min: &Option<MinToml>) -> Result<Option<MinSessions>, RankingIoError> {
        match min {
            Some(MinToml::Count(n)) => Ok(Some(MinSessions::Count(*n))),
            Some(MinToml::Share(text)) => {
                let percent = text
                    .trim()
                    .strip_suffix('%')
                    .and_then(|p| p.trim().parse::<u32>().ok())
                    .ok_or_else(|| {
                        self.err(
                            "min",
                            format!(
                                "setting `min` = {text:?} is neither a number of sessions (20) nor a share of the club nights (\"60%\")"
                            ),
                        )
                    })?;
                Ok(Some(MinSessions::Percent(percent)))
            }
            None => Ok(None),
        }
    }

    /// The replacement rankings of named players for the first season, none negative.
    fn replacements(
        &self,
        raw: &BTreeMap<Spanned<String>, Num>,
    ) -> Result<BTreeMap<String, Points>, RankingIoError> {
        let mut replacements = BTreeMap::new();
        for (key, v) in raw {
            let (player, at) = (key.get_ref(), key.span().start);
            let r = num_setting(player, &Some(v.clone()))
                .map_err(|message| self.err_at(at, message))?
                .unwrap_or_else(|| int(0));
            if r < int(0) {
                return Err(self.err_at(
                    at,
                    format!("replacement ranking of player {player} is negative"),
                ));
            }
            replacements.insert(player.clone(), r);
        }
        Ok(replacements)
    }

    /// The playing moments, each named once with a form of pairs, butler or teams;
    /// one pairs moment, `club`, when none is given.
    fn moments(&self, raw: &[MomentToml]) -> Result<Vec<Moment>, RankingIoError> {
        let mut moments = Vec::new();
        for m in raw {
            let (name, form_text) = (m.name.get_ref(), m.form.as_ref().map(|f| f.get_ref()));
            let form =
                Form::from_name(form_text.map_or("pairs", String::as_str)).ok_or_else(|| {
                    self.err_at(
                        m.form.as_ref().map_or(0, |f| f.span().start),
                        format!(
                            "playing moment `{name}`: form `{}` is not pairs, butler or teams",
                            form_text.map_or("", String::as_str)
                        ),
                    )
                })?;
            if name.trim().is_empty() || moments.iter().any(|x: &Moment| x.name == name.trim()) {
                return Err(self.err_at(
                    m.name.span().start,
                    format!("playing moment `{name}` is empty or given twice"),
                ));
            }
            moments.push(Moment {
                name: name.trim().to_string(),
                form,
            });
        }
        if moments.is_empty() {
            moments.push(Moment {
                name: "club".into(),
                form: Form::Pairs,
            });
        }
        Ok(moments)
    }

    /// The seasons, in date order: each runs from a real date to a later one, and no
    /// two overlap.
    fn seasons(&self, raw: &[SeasonToml]) -> Result<Vec<SeasonDates>, RankingIoError> {
        let mut seasons: Vec<SeasonDates> = Vec::new();
        for x in raw {
            let (start, end) = (x.start.get_ref().text(), x.end.text());
            let at = x.start.span().start;
            if !valid_date(&start) || !valid_date(&end) || start > end {
                return Err(self.err_at(
                    at,
                    format!(
                        "season `{}` runs from {start} to {end}: give dates YYYY-MM-DD, start before end",
                        x.name
                    ),
                ));
            }
            if seasons.iter().any(|o| o.name == x.name) {
                return Err(self.err_at(
                    at,
                    format!(
                        "season `{}` is named twice: give each season its own name",
                        x.name
                    ),
                ));
            }
            if let Some(o) = seasons.iter().find(|o| start <= o.end && o.start <= end) {
                return Err(
                    self.err_at(at, format!("seasons `{}` and `{}` overlap", o.name, x.name))
                );
            }
            seasons.push(SeasonDates {
                name: x.name.clone(),
                start,
                end,
            });
        }
        seasons.sort_by(|a, b| a.start.cmp(&b.start));
        Ok(seasons)
    }

    /// The threesomes of the pairs championship: three different player ids each, no
    /// two players in two threesomes.
    fn threesomes(&self, raw: &[String]) -> Result<Vec<Vec<String>>, RankingIoError> {
        let mut threesomes = Vec::new();
        for t in raw {
            let ids: Vec<String> = t.split('+').map(|x| x.trim().to_string()).collect();
            let distinct: BTreeSet<&String> = ids.iter().collect();
            if ids.len() != 3 || distinct.len() != 3 || ids.iter().any(|x| x.is_empty()) {
                return Err(self.err(
                    "threesomes",
                    format!("threesome `{t}` must be three different player ids joined by `+`"),
                ));
            }
            if threesomes
                .iter()
                .any(|o: &Vec<String>| o.iter().all(|x| distinct.contains(x)))
            {
                return Err(self.err(
                    "threesomes",
                    format!("threesome `{t}` is given twice: give each threesome once"),
                ));
            }
            // Two players in two threesomes: their nights together would count for both.
            for o in &threesomes {
                let shared: Vec<&String> = o.iter().filter(|x| distinct.contains(x)).collect();
                if let [a, b] = shared[..] {
                    return Err(self.err(
                        "threesomes",
                        format!(
                            "threesome `{t}` has {a} and {b} of threesome `{}` too: a night of {a} and {b} would count for both, so give each two players in one threesome at most",
                            o.join("+")
                        ),
                    ));
                }
            }
            threesomes.push(ids);
        }
        Ok(threesomes)
    }

    /// The club's fixed pairs: two different player ids each, each pair once and in
    /// none of the `threesomes`.
    fn pairs(
        &self,
        raw: &[String],
        threesomes: &[Vec<String>],
    ) -> Result<Vec<[String; 2]>, RankingIoError> {
        let mut pairs: Vec<[String; 2]> = Vec::new();
        for p in raw {
            let [a, b] = match p.split('+').map(str::trim).collect::<Vec<_>>()[..] {
                [a, b] if !a.is_empty() && !b.is_empty() && a != b => [a, b],
                _ => {
                    return Err(self.err(
                        "pairs",
                        format!("pair `{p}` must be two different player ids joined by `+`"),
                    ));
                }
            };
            let has = |ids: &[String]| ids.iter().any(|x| x == a) && ids.iter().any(|x| x == b);
            if pairs.iter().any(|o| has(o)) {
                let message = format!("pair `{p}` is given twice: give each pair once");
                return Err(self.err("pairs", message));
            }
            if let Some(t) = threesomes.iter().find(|t| has(t)) {
                let message = format!(
                    "pair `{p}` is inside threesome `{}`: an entrant is the pair or the threesome, so give it once",
                    t.join("+")
                );
                return Err(self.err("pairs", message));
            }
            pairs.push([a.to_string(), b.to_string()]);
        }
        Ok(pairs)
    }
}

/// The playing moment of sessions that name none: the first in the settings.
fn default_moment(club: &Club) -> &str {
    club.moments.first().map_or("club", |m| m.name.as_str())
}

/// The playing moment of a sessions CSV's rows that name none: the club's only one;
/// `None` when it has several, and a row must say which.
fn sole_moment(club: &Club) -> Option<&str> {
    (club.moments.len() <= 1).then(|| default_moment(club))
}

/// The names of the club's playing moments, for a message.
fn moment_names(club: &Club) -> String {
    let names: Vec<&str> = club.moments.iter().map(|m| m.name.as_str()).collect();
    names.join(", ")
}

/// Texts read many times (player ids, line letters) kept once: a federation's season
/// names each of its 100,000 players some forty times.
#[derive(Default)]
struct Kept(rustc_hash::FxHashSet<SharedText>);

impl Kept {
    fn get(&mut self, text: &str) -> SharedText {
        if let Some(kept) = self.0.get(text) {
            return kept.clone();
        }
        let kept: SharedText = text.into();
        self.0.insert(kept.clone());
        kept
    }
}

/// The players of `text` (`1001+1002`); `buf` is scratch space kept between rows. A
/// seat left empty (`1001+`, a guest without an id, as `+1002` in a pairs file) is no
/// player.
fn players_of(text: &str, kept: &mut Kept, buf: &mut Vec<PlayerId>) -> PlayerIds {
    // Nearly every row is a pair: its two ids go straight into their place.
    let mut plus = text.bytes().enumerate().filter(|&(_, c)| c == b'+');
    if let (Some((at, _)), None) = (plus.next(), plus.next()) {
        let (a, b) = (
            plain_csv::trim(&text[..at]),
            plain_csv::trim(&text[at + 1..]),
        );
        if !a.is_empty() && !b.is_empty() {
            return [kept.get(a), kept.get(b)].into();
        }
    }
    buf.clear();
    let ids = text
        .split('+')
        .map(plain_csv::trim)
        .filter(|x| !x.is_empty());
    buf.extend(ids.map(|x| kept.get(x)));
    // Moved, not cloned: no reference count is touched twice.
    buf.drain(..).collect()
}

/// The seats of `text` left empty (`1001+1002+1003+` has one): guests without an id. A
/// text without `+` has no seats to leave empty.
fn empty_seats(text: &str) -> usize {
    match text.contains('+') {
        true => text
            .split('+')
            .filter(|x| plain_csv::trim(x).is_empty())
            .count(),
        false => 0,
    }
}

/// Reads a CSV of session results: `date,moment,line,players,score`, and for teams
/// nights `team,opponent` (one row per match, `score` in VP); an optional `form` column
/// overrides the playing moment's form. Rows of the same date and moment form one
/// session.
///
/// A large file is read in parts on every core; the sessions are the same as read in
/// one go, and a file with any error is read again in one go so that its messages are
/// too.
pub fn read_sessions_csv(
    text: &str,
    file: &str,
    club: &Club,
) -> Result<Vec<SessionInput>, Vec<RankingIoError>> {
    // Below a few megabytes a second thread costs more than it saves.
    let parts = if text.len() < 4 << 20 {
        1
    } else {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    };
    read_sessions_csv_in(text, file, club, parts, true)
}

/// The warnings of a sessions CSV: the columns of its header klaver does not read (their
/// contents are ignored), named on the header's line. Read beside
/// [`read_sessions_csv`], which takes no notice of them.
pub fn sessions_csv_warnings(text: &str, file: &str) -> Vec<RankingIoError> {
    let mut rdr = csv_reader(text, true);
    let Ok(header) = rdr.headers().cloned() else {
        return Vec::new();
    };
    let unread: Vec<&str> = header
        .iter()
        .map(crate::plain_csv::header_name)
        .filter(|h| !h.is_empty() && !SESSION_COLUMNS.iter().any(|c| h.eq_ignore_ascii_case(c)))
        .collect();
    crate::travellers::unread_message(&unread)
        .map(|message| RankingIoError::Line {
            file: file.to_string(),
            line: header_line(text, rdr.position().byte()),
            message,
        })
        .into_iter()
        .collect()
}

/// The line a sessions CSV's header ends on, from where its rows start (comments may
/// stand before it).
fn header_line(text: &str, rows_at: u64) -> u64 {
    let line = usize::try_from(rows_at)
        .ok()
        .and_then(|at| text.get(..at))
        .map_or(1, count_lines) as u64;
    line.max(1)
}

/// The columns a sessions CSV may have.
const SESSION_COLUMNS: [&str; 8] = [
    "date", "moment", "line", "form", "players", "score", "team", "opponent",
];

/// An error for a sessions CSV header that names one of its columns twice (which of the
/// two to rank by is not klaver's to guess).
fn column_named_twice(
    header: &csv::StringRecord,
    (file, line): (&str, u64),
) -> Option<RankingIoError> {
    SESSION_COLUMNS.iter().find_map(|name| {
        let (first, second) = crate::plain_csv::column_of(header, &[name]).err()?;
        Some(RankingIoError::Line {
            file: file.to_string(),
            line,
            message: format!(
                "the header has two {name} columns (columns {first} and {second}): keep the one to rank"
            ),
        })
    })
}

/// Which columns of a sessions CSV hold what.
struct Columns {
    /// The number of columns the header names.
    width: usize,
    date: usize,
    players: usize,
    score: usize,
    moment: Option<usize>,
    line: Option<usize>,
    form: Option<usize>,
    team: Option<usize>,
    opponent: Option<usize>,
}

fn csv_reader(text: &str, headers: bool) -> csv::Reader<&[u8]> {
    csv::ReaderBuilder::new()
        .flexible(true)
        // Fields are trimmed as they are taken (most are not taken at all).
        .trim(csv::Trim::Headers)
        .comment(Some(b'#'))
        .has_headers(headers)
        .from_reader(text.as_bytes())
}

/// [`read_sessions_csv`] in at most `parts` parts; `plain`: whether rows without quotes
/// may be split at their commas rather than read by the csv crate.
fn read_sessions_csv_in(
    text: &str,
    file: &str,
    club: &Club,
    parts: usize,
    plain: bool,
) -> Result<Vec<SessionInput>, Vec<RankingIoError>> {
    let mut rdr = csv_reader(text, true);
    let cols = session_columns(&mut rdr, text, file, club)?;
    // The rows start after the header's line (and any comments before it).
    let data = usize::try_from(rdr.position().byte())
        .ok()
        .and_then(|at| text.get(at..).map(|rows| (at, rows)));
    let Some((at, rows)) = data else {
        return Ok(Vec::new());
    };
    let lines_before = count_lines(&text[..at]);
    let source: SharedText = file.into();
    let whole = || {
        let (sessions, errors) = read_rows(rows, lines_before, &cols, file, &source, club, plain);
        if errors.is_empty() {
            Ok(sessions)
        } else {
            Err(errors)
        }
    };
    let cuts = if parts > 1 {
        line_cuts(rows, parts)
    } else {
        Vec::new()
    };
    if cuts.is_empty() {
        return whole();
    }
    let mut pieces = Vec::with_capacity(cuts.len() + 1);
    let mut from = 0;
    for &to in cuts.iter().chain([&rows.len()]) {
        pieces.push(from..to);
        from = to;
    }
    let Some(read) = read_parts(rows, &pieces, lines_before, &cols, file, club, plain) else {
        return whole();
    };
    if read.iter().any(|(_, errors)| !errors.is_empty()) {
        return whole();
    }
    // The parts' sessions, each date and moment once, in the order first read; rows of
    // one session in two forms are an error, told with its line by the read in one go.
    let parts = read
        .into_iter()
        .flat_map(|(sessions, _)| sessions)
        .collect();
    merge(parts).or_else(|_| whole())
}

/// The columns of a session results CSV's header: `date`, `players` and `score`, and a
/// `moment` unless the club plays at one moment only; a column named twice is refused.
fn session_columns(
    rdr: &mut csv::Reader<&[u8]>,
    text: &str,
    file: &str,
    club: &Club,
) -> Result<Columns, Vec<RankingIoError>> {
    let file_err = |message: String| {
        vec![RankingIoError::File {
            file: file.to_string(),
            message,
        }]
    };
    let header = rdr
        .headers()
        .map_err(|e| file_err(format!("cannot read the header: {e}")))?
        .clone();
    // No column is named twice once the header's line is checked below.
    let col = |name: &str| crate::plain_csv::column_of(&header, &[name]).ok().flatten();
    let line = header_line(text, rdr.position().byte());
    if let Some(e) = column_named_twice(&header, (file, line)) {
        return Err(vec![e]);
    }
    let (Some(date), Some(players), Some(score)) = (col("date"), col("players"), col("score"))
    else {
        return Err(file_err(
            "the header must name the columns date, moment, line, players and score (teams: also team and opponent)".into(),
        ));
    };
    if col("moment").is_none() && sole_moment(club).is_none() {
        return Err(vec![RankingIoError::Line {
            file: file.to_string(),
            line,
            message: format!(
                "the header has no moment column: add one naming each row's playing moment ({})",
                moment_names(club)
            ),
        }]);
    }
    let cols = Columns {
        width: header.len(),
        date,
        players,
        score,
        moment: col("moment"),
        line: col("line"),
        form: col("form"),
        team: col("team"),
        opponent: col("opponent"),
    };
    Ok(cols)
}

/// Reads each of the `pieces` of `rows` (a sessions CSV's rows after `lines_before`
/// lines, cut at line breaks) on a thread of its own (a piece whose thread cannot be
/// started on this one); `None` when the rows hold a quote or a lone CR.
fn read_parts(
    rows: &str,
    pieces: &[std::ops::Range<usize>],
    lines_before: usize,
    cols: &Columns,
    file: &str,
    club: &Club,
    plain: bool,
) -> Option<Vec<PartRead>> {
    // Each part first counts its line breaks (where the next parts start) and looks for
    // quotes: a quoted field may hold a line break, so a file with quotes is not read
    // cut at line breaks but in one go. (Nor is one with a lone CR, which ends a row.)
    let looks = crate::plain_csv::look_at_parts(rows.as_bytes(), pieces);
    if !looks.iter().all(|l| l.plain) {
        return None;
    }
    let mut first_lines = Vec::with_capacity(pieces.len());
    let mut lines = lines_before;
    for look in &looks {
        first_lines.push(lines);
        lines += look.line_ends;
    }
    let read_part = |k: usize| {
        // Each part names the file with its own copy: every row's origin counts a
        // reference to it, and a count shared by the cores would pass back and forth
        // between them millions of times.
        let source: SharedText = file.into();
        let piece = &rows[pieces[k].clone()];
        read_rows(piece, first_lines[k], cols, file, &source, club, plain)
    };
    Some(std::thread::scope(|scope| {
        let read_part = &read_part;
        let started: Vec<_> = (0..pieces.len())
            .map(|k| klaver_core::parts::start(scope, move || read_part(k)))
            .collect();
        started.into_iter().map(|h| h.join()).collect()
    }))
}

/// A part's sessions and errors.
type PartRead = (Vec<SessionInput>, Vec<RankingIoError>);

/// The number of line breaks in `text`.
fn count_lines(text: &str) -> usize {
    memchr::memchr_iter(b'\n', text.as_bytes()).count()
}

/// Up to `parts - 1` places, each just after a line break, that cut `text` into parts
/// of about the same size.
fn line_cuts(text: &str, parts: usize) -> Vec<usize> {
    let bytes = text.as_bytes();
    let mut cuts: Vec<usize> = Vec::with_capacity(parts);
    for k in 1..parts {
        let aim = bytes.len() * k / parts;
        if let Some(nl) = memchr::memchr(b'\n', &bytes[aim..]) {
            let cut = aim + nl + 1;
            if cut < bytes.len() && cuts.last().is_none_or(|&c| c < cut) {
                cuts.push(cut);
            }
        }
    }
    cuts
}

/// The line each row of a CSV text starts on. The CSV reader gives the place where it
/// began looking for a row: before any blank or comment lines it skipped, and, in a
/// file with CRLF line ends, before the `\n` that ends the row above. The counter moves
/// on to the row's first character and counts the line breaks on the way, once over the
/// whole text.
struct LineCounter<'a> {
    text: &'a [u8],
    lines: crate::input::LineCursor<'a>,
}

impl<'a> LineCounter<'a> {
    fn new(text: &'a [u8]) -> LineCounter<'a> {
        LineCounter {
            text,
            lines: crate::input::LineCursor::new(text),
        }
    }

    /// The line of the row the reader found from byte `from` on.
    fn line_of(&mut self, from: u64) -> u64 {
        let text = self.text;
        let mut start = usize::try_from(from).unwrap_or(usize::MAX).min(text.len());
        // Line ends, and whole comment lines, before the row itself.
        loop {
            match text.get(start) {
                Some(b'\r' | b'\n') => start += 1,
                Some(b'#') if start == 0 || text[start - 1] == b'\n' => {
                    start = text[start..]
                        .iter()
                        .position(|&b| b == b'\n')
                        .map_or(text.len(), |nl| start + nl + 1);
                }
                _ => break,
            }
        }
        self.lines.line_at(start)
    }
}

/// Reads the rows of a sessions CSV (no header), the first of them on the line after
/// `lines_before`: the sessions in the order first seen, and every error. With `plain`,
/// rows without quotes are split at their commas where they lie; others are read by the
/// csv crate.
fn read_rows(
    rows: &str,
    lines_before: usize,
    cols: &Columns,
    file: &str,
    source: &SharedText,
    club: &Club,
    plain: bool,
) -> (Vec<SessionInput>, Vec<RankingIoError>) {
    let mut reader = RowReader::new(cols, file, source, club);
    // Lines are numbered in 32 bits when they fit, the last one included: the rows
    // have no more lines than bytes, which bounds them without counting them again.
    let first_line = u32::try_from(lines_before + 1)
        .ok()
        .filter(|_| u32::try_from(lines_before + 2 + rows.len()).is_ok());
    match first_line {
        Some(first) if plain && plain_csv::splits_plainly(rows.as_bytes()) => {
            plain_csv::each_line(rows, first, |fields, line| {
                // The csv crate skips a line that starts with `#` as a comment.
                if !fields[0].starts_with('#') {
                    reader.row(fields, u64::from(line));
                }
            });
        }
        _ => {
            let mut rdr = csv_reader(rows, false);
            let mut lines = LineCounter::new(rows.as_bytes());
            // One record, refilled row by row.
            let mut rec = csv::StringRecord::new();
            loop {
                match rdr.read_record(&mut rec) {
                    Ok(true) => {}
                    Ok(false) => break,
                    Err(e) => {
                        reader.file_error(e.to_string());
                        continue;
                    }
                }
                let at = rec.position().map_or(0, |p| p.byte());
                let line = lines.line_of(at) + lines_before as u64;
                let fields = rec.iter().map(str::as_bytes);
                match crate::quotes::runaway_quote(fields, line, cols.width) {
                    Some(message) => reader.line_error(line, message),
                    None => reader.row(&rec, line),
                }
            }
        }
    }
    (reader.sessions, reader.errors)
}

/// What reading the rows of a sessions CSV remembers from row to row.
struct RowReader<'a> {
    cols: &'a Columns,
    file: &'a str,
    source: &'a SharedText,
    club: &'a Club,
    /// The moment of a row without one, when the club has only one.
    sole_moment: Option<&'a str>,
    /// (Looked up for every new session: hashed the quick way, as the ids are.)
    moments: rustc_hash::FxHashMap<&'a str, &'a Moment>,
    /// The session of each date and moment, found without scanning the ones before.
    index: rustc_hash::FxHashMap<String, rustc_hash::FxHashMap<String, usize>>,
    /// The session of the last row taken, and that row's `form` text: a session's rows
    /// usually follow each other, and a row like it needs no new checks.
    last: Option<(usize, String)>,
    kept: Kept,
    /// The line of the row before: most rows have the same as the one before.
    line: Option<SharedText>,
    /// The players of the row being read.
    buf: Vec<PlayerId>,
    sessions: Vec<SessionInput>,
    errors: Vec<RankingIoError>,
}

impl<'a> RowReader<'a> {
    fn new(cols: &'a Columns, file: &'a str, source: &'a SharedText, club: &'a Club) -> Self {
        RowReader {
            cols,
            file,
            source,
            club,
            sole_moment: sole_moment(club),
            moments: club.moments.iter().map(|m| (m.name.as_str(), m)).collect(),
            index: Default::default(),
            last: None,
            kept: Kept::default(),
            line: None,
            buf: Vec::new(),
            sessions: Vec::new(),
            errors: Vec::new(),
        }
    }

    fn file_error(&mut self, message: String) {
        self.errors.push(RankingIoError::File {
            file: self.file.to_string(),
            message,
        });
    }

    fn line_error(&mut self, line: u64, message: String) {
        self.errors.push(RankingIoError::Line {
            file: self.file.to_string(),
            line,
            message,
        });
    }

    /// Reads one row, or tells what is wrong with it.
    fn row<R: Fields + ?Sized>(&mut self, rec: &R, line: u64) {
        if rec.is_blank() {
            return;
        }
        let cols = self.cols;
        if rec.len() > cols.width
            && (cols.width..rec.len()).any(|c| !field(rec, Some(c)).is_empty())
        {
            return self.line_error(line, too_many_fields(rec, cols));
        }
        let date = field(rec, Some(cols.date));
        let moment = match (field(rec, cols.moment), self.sole_moment) {
            ("", Some(sole)) => sole,
            ("", None) => return self.line_error(line, self.no_moment()),
            (m, _) => m,
        };
        let form_text = field(rec, cols.form);
        let same = self.last.as_ref().and_then(|(i, form)| {
            let s = &self.sessions[*i];
            (same(&s.date, date) && same(&s.moment, moment) && same(form, form_text)).then_some(*i)
        });
        let form = match same {
            Some(i) => self.sessions[i].form,
            None => match self.row_form(date, moment, form_text) {
                Ok(form) => form,
                Err(message) => return self.line_error(line, message),
            },
        };
        let score_text = field(rec, Some(cols.score));
        let Some(score) = parse_decimal(score_text) else {
            return self.line_error(line, bad_score(score_text, form));
        };
        // Only a row with a good date, form and score finds or starts its session.
        let i = match same {
            Some(i) => i,
            None => self.session_of(date, moment, form),
        };
        if self.sessions[i].form != form {
            let message = format!(
                "session {date} {moment} is {} on its earlier rows but {} here: a session has one form",
                self.sessions[i].form.name(),
                form.name()
            );
            return self.line_error(line, message);
        }
        if let Err(message) = self.take(rec, i, score, line) {
            return self.line_error(line, message);
        }
        if same.is_none() {
            self.last = Some((i, form_text.to_string()));
        }
    }

    /// What is wrong with a row that names no playing moment when the club has several.
    fn no_moment(&self) -> String {
        format!(
            "the row names no playing moment: give one of {}",
            moment_names(self.club)
        )
    }

    /// The form of a row of a night not like the row before (its `form` column, else
    /// its moment's); or what is wrong with its date or form.
    fn row_form(&self, date: &str, moment_name: &str, form_text: &str) -> Result<Form, String> {
        if !valid_date(date) {
            return Err(format!(
                "date `{date}` is not a day of the calendar written YYYY-MM-DD"
            ));
        }
        match form_text {
            "" => Ok(self
                .moments
                .get(moment_name)
                .map_or(Form::Pairs, |m| m.form)),
            f => Form::from_name(f)
                .ok_or_else(|| format!("form `{f}` is not pairs, butler or teams")),
        }
    }

    /// The session of a date and moment, started with `form` if new. The form is
    /// checked against the session's by the caller.
    fn session_of(&mut self, date: &str, moment_name: &str, form: Form) -> usize {
        let found = self
            .index
            .get(moment_name)
            .and_then(|dates| dates.get(date))
            .copied();
        if let Some(i) = found {
            return i;
        }
        self.index
            .entry(moment_name.to_string())
            .or_default()
            .insert(date.to_string(), self.sessions.len());
        // Sized as the session before (nights of a club are alike), so that a large
        // file's rows are not moved again and again as a session grows.
        let like = self.sessions.last().map_or(0, |s| s.pairs.len());
        self.sessions.push(SessionInput {
            date: date.to_string(),
            moment: moment_name.to_string(),
            form,
            origin: Origin::new(self.source.clone()),
            pairs: Vec::with_capacity(if form == Form::Teams { 0 } else { like }),
            teams: Vec::new(),
        });
        self.sessions.len() - 1
    }

    /// The line (letters) of a row, kept once.
    fn line_of(&mut self, text: &str) -> SharedText {
        match &self.line {
            Some(line) if same(line, text) => line.clone(),
            _ => self.line.insert(self.kept.get(text)).clone(),
        }
    }

    /// Adds a row's pair or team to session `i`.
    fn take<R: Fields + ?Sized>(
        &mut self,
        rec: &R,
        i: usize,
        score: Points,
        line: u64,
    ) -> Result<(), String> {
        let cols = self.cols;
        // An id holding a character that shows nothing is another player who looks the
        // same, ranked apart.
        let text = field(rec, Some(cols.players));
        if let Some(refused) = crate::invisible::refused("the players", text) {
            return Err(refused);
        }
        let players = players_of(text, &mut self.kept, &mut self.buf);
        let origin = Origin::at_line(self.source, line as usize);
        if self.sessions[i].form != Form::Teams {
            let line = self.line_of(field(rec, cols.line));
            self.sessions[i].pairs.push(PairEntry {
                line,
                players,
                score,
                origin,
            });
            return Ok(());
        }
        let (team, opponent) = (field(rec, cols.team), field(rec, cols.opponent));
        if team.is_empty() || opponent.is_empty() {
            return Err("a teams row needs the `team` and `opponent` columns filled".into());
        }
        self.sessions[i].teams.push(TeamEntry {
            team: team.to_string(),
            opponent: opponent.to_string(),
            players: players.to_vec(),
            guests: empty_seats(field(rec, Some(cols.players))),
            vp: score,
            origin,
        });
        Ok(())
    }
}

/// What is wrong with a row that has more fields than the header has columns: most
/// often a score written with a decimal comma and no quotes.
fn too_many_fields<R: Fields + ?Sized>(rec: &R, cols: &Columns) -> String {
    let score = field(rec, Some(cols.score));
    let next = field(rec, Some(cols.score + 1));
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    let hint = if digits(score) && digits(next) {
        format!(
            "a decimal comma splits a number in two: write the score with a point ({score}.{next}) or quoted (\"{score},{next}\")"
        )
    } else {
        "put a text with a comma in quotes, or leave out the extra comma".to_string()
    };
    format!(
        "the row has {} fields but the header {} columns: {hint}",
        rec.len(),
        cols.width
    )
}

/// What is wrong with a score that is not a number, and what to give; a number with more
/// decimals than are read says so.
fn bad_score(text: &str, form: Form) -> String {
    if let Some(n) = klaver_core::ranking::decimals_beyond_limit(text) {
        return format!(
            "score `{text}` has {n} decimals: klaver reads at most {}; round it",
            klaver_core::ranking::MAX_DECIMALS
        );
    }
    format!(
        "score `{text}` is not a number: give the {}",
        match form {
            Form::Pairs => "percentage (57.25)",
            Form::Butler => "G-IMP (-1.3)",
            Form::Teams => "victory points (12.5)",
        }
    )
}

/// Reads the JSON that `klaver score --format json` writes for a pairs or butler
/// session (scored with a pairs file that gives the player ids) as one session of
/// `moment`, which only a club of one playing moment may leave out.
pub fn read_score_json(
    text: &str,
    file: &str,
    club: &Club,
    moment: Option<&str>,
) -> Result<SessionInput, Vec<RankingIoError>> {
    read_score_json_with_warnings(text, file, club, moment).1
}

/// The warnings of `klaver score`'s JSON (each pair without a score, which is left out:
/// it played no board, or its boards had no other result to compare with, as a section
/// of one table has), and the session as [`read_score_json`] reads it, from one reading
/// of the file. The warnings are said of any file that reads as JSON of a pairs or
/// butler session, whether or not the session is read.
pub fn read_score_json_with_warnings(
    text: &str,
    file: &str,
    club: &Club,
    moment: Option<&str>,
) -> (
    Vec<RankingIoError>,
    Result<SessionInput, Vec<RankingIoError>>,
) {
    let doc = crate::json_once::value_of(text.as_bytes());
    let warnings = match &doc {
        Ok(doc) => (twice_warnings(doc, text, file).into_iter())
            .chain(unscored_warnings(doc, file))
            .collect(),
        Err(_) => Vec::new(),
    };
    (warnings, score_json_session(doc, file, club, moment))
}

/// The session of `klaver score`'s JSON `doc` (or what kept the file from reading as
/// JSON), as [`read_score_json`] reads it.
fn score_json_session(
    doc: serde_json::Result<serde_json::Value>,
    file: &str,
    club: &Club,
    moment: Option<&str>,
) -> Result<SessionInput, Vec<RankingIoError>> {
    let fail = |message: String| {
        vec![RankingIoError::File {
            file: file.to_string(),
            message,
        }]
    };
    let Some(moment) = moment.or(sole_moment(club)) else {
        return Err(fail(format!(
            "the club plays at several moments ({}) and the file does not say which this night was: give it with --moment",
            moment_names(club)
        )));
    };
    let doc = doc.map_err(|e| {
        fail(match e.classify() {
            serde_json::error::Category::Data => crate::json_once::said(&e),
            _ => format!("not the JSON of `klaver score --format json`: {e}"),
        })
    })?;
    let date = doc["date"].as_str().unwrap_or("").trim().to_string();
    if !valid_date(&date) {
        return Err(fail(format!(
            "the session's date `{date}` is not a day of the calendar written YYYY-MM-DD: score it with `klaver score --date 2025-09-02`"
        )));
    }
    let Some((form, keys)) = score_keys(&doc) else {
        return Err(fail(format!(
            "a {} session cannot be ranked from its JSON: give pairs or butler sessions, or the teams night as a session CSV",
            doc["form"].as_str().unwrap_or("")
        )));
    };
    let Some(pairs) = doc["pairs"].as_array() else {
        return Err(fail(
            "no `pairs`: not the JSON of `klaver score --format json`".into(),
        ));
    };
    let entries = pair_entries(&doc, pairs, keys, file)?;
    Ok(SessionInput {
        date,
        moment: moment.to_string(),
        form,
        origin: Origin::new(file),
        pairs: entries,
        teams: Vec::new(),
    })
}

/// Each pair's entry in a session of `klaver score`'s JSON `doc`: its players and
/// score, on its line (its section, or every section joined when they were scored
/// together). A pair without player ids, or whose score does not read, is an error; one
/// without a score (it played no board) is left out.
fn pair_entries(
    doc: &serde_json::Value,
    pairs: &[serde_json::Value],
    keys: (&str, &str),
    file: &str,
) -> Result<Vec<PairEntry>, Vec<RankingIoError>> {
    // Sections scored together (every board's comparison group is the whole field) form
    // one top-integral group.
    let sections: BTreeSet<&str> = pairs.iter().filter_map(|p| p["section"].as_str()).collect();
    let top_integral = sections.len() > 1
        && doc["boards"]
            .as_array()
            .is_some_and(|b| !b.is_empty() && b.iter().all(|b| b["section"].as_str() == Some("")));
    let all_lines = sections.iter().copied().collect::<Vec<_>>().join("+");
    let mut entries = Vec::new();
    let mut errors = Vec::new();
    let again: BTreeSet<usize> = given_again(pairs).into_iter().map(|(k, _)| k).collect();
    // A pair given again is ranked on its first entry, as `klaver score` reads it.
    for (_, p) in pairs.iter().enumerate().filter(|(k, _)| !again.contains(k)) {
        let id = p["pair"].as_str().unwrap_or("?");
        let origin = Origin::new(format!("{file}: pair {id}"));
        let players: Vec<PlayerId> = p["players"]
            .as_array()
            .map(|a| {
                // A guest's seat without a number (`null`, or "") is no player.
                a.iter()
                    .filter_map(|x| x.as_str().filter(|id| !id.is_empty()))
                    .map(PlayerId::from)
                    .collect()
            })
            .unwrap_or_default();
        if players.is_empty() {
            errors.push(RankingIoError::File {
                file: file.to_string(),
                message: format!(
                    "pair {id} has no player ids: name its players, in the pairs file's `players` column (1001+1002) or, for a stored session, with `klaver session players`"
                ),
            });
            continue;
        }
        let score = match pair_score(p, keys) {
            Ok(Some(score)) => score,
            // A pair that played no board has no score and earns no points (warned of
            // by `unscored_warnings`).
            Ok(None) => continue,
            Err(message) => {
                errors.push(RankingIoError::File {
                    file: file.to_string(),
                    message: format!("pair {id}: {message}"),
                });
                continue;
            }
        };
        entries.push(PairEntry {
            line: if top_integral {
                all_lines.as_str().into()
            } else {
                p["section"].as_str().unwrap_or("").into()
            },
            players: players.into(),
            score,
            origin,
        });
    }
    if errors.is_empty() {
        Ok(entries)
    } else {
        Err(errors)
    }
}

/// The warnings of `klaver score`'s JSON `doc`: each pair without a score, which
/// [`read_score_json`] leaves out (it played no board, or its boards had no other
/// result to compare with, as a section of one table has).
fn unscored_warnings(doc: &serde_json::Value, file: &str) -> Vec<RankingIoError> {
    let (Some((_, keys)), Some(pairs)) = (score_keys(doc), doc["pairs"].as_array()) else {
        return Vec::new();
    };
    let again: BTreeSet<usize> = given_again(pairs).into_iter().map(|(k, _)| k).collect();
    (pairs.iter().enumerate())
        .filter(|(k, _)| !again.contains(k))
        .map(|(_, p)| p)
        .filter(|p| matches!(pair_score(p, keys), Ok(None)))
        .map(|p| RankingIoError::File {
            file: file.to_string(),
            message: format!("pair {}: not ranked", unscored_pair(p)),
        })
        .collect()
}

/// The entries of a pairs list that give a pair (its section and number) an earlier
/// entry gave, each with that first entry: `(again, first)`, from 0.
fn given_again(pairs: &[serde_json::Value]) -> Vec<(usize, usize)> {
    let mut first: BTreeMap<(&str, &str), usize> = BTreeMap::new();
    let mut again = Vec::new();
    for (k, p) in pairs.iter().enumerate() {
        let key = (
            p["section"].as_str().unwrap_or(""),
            p["pair"].as_str().unwrap_or(""),
        );
        match first.get(&key) {
            Some(&j) => again.push((k, j)),
            None => {
                first.insert(key, k);
            }
        }
    }
    again
}

/// A warning on its line for each entry of `klaver score`'s JSON `doc` (in `text`) that
/// gives a pair again with anything other than its first entry: the first is ranked, as
/// `klaver score` reads it, and the other is not. An entry given again as it was says
/// nothing new and is passed over without a word.
fn twice_warnings(doc: &serde_json::Value, text: &str, file: &str) -> Vec<RankingIoError> {
    let Some(pairs) = doc["pairs"].as_array() else {
        return Vec::new();
    };
    let again: Vec<(usize, usize)> = (given_again(pairs).into_iter())
        .filter(|&(k, j)| pairs[k] != pairs[j])
        .collect();
    if again.is_empty() {
        return Vec::new();
    }
    let lines = crate::json_places::element_lines(text.as_bytes(), &["pairs"]);
    again
        .into_iter()
        .map(|(k, j)| RankingIoError::Line {
            file: file.to_string(),
            line: lines.get(k).copied().map_or(0, u64::from),
            message: format!(
                "pair {} is given twice in the pairs list (entries {} and {}, with other players or scores): entry {} is ranked and entry {} is not; remove the one that is wrong",
                json_pair_name(&pairs[k]),
                j + 1,
                k + 1,
                j + 1,
                k + 1
            ),
        })
        .collect()
}

/// A pair of `klaver score`'s JSON as a message names it: `5`, or `5 (section B)`.
fn json_pair_name(p: &serde_json::Value) -> String {
    let pair = p["pair"].as_str().unwrap_or("?");
    match p["section"].as_str() {
        Some(s) if !s.is_empty() => format!("{pair} (section {s})"),
        _ => pair.to_string(),
    }
}

/// A pair of `klaver score`'s JSON without a score: who, and why.
fn unscored_pair(p: &serde_json::Value) -> String {
    let pair = json_pair_name(p);
    match p["boards"].as_u64() {
        Some(0) | None => format!("{pair} played no board"),
        Some(n) => {
            format!("{pair} has no score: its {n} boards had no other result to compare with")
        }
    }
}

/// The form of `klaver score`'s JSON and the keys of a pair's exact and rounded score;
/// `None` for a form that is not ranked from its JSON.
fn score_keys(doc: &serde_json::Value) -> Option<(Form, (&'static str, &'static str))> {
    match doc["form"].as_str() {
        None | Some("pairs") => Some((Form::Pairs, ("percentage_exact", "percentage"))),
        Some("butler") => Some((Form::Butler, ("imps_per_board_exact", "imps_per_board"))),
        Some(_) => None,
    }
}

/// A pair's score in `klaver score`'s JSON: `None` when it has none (it played no
/// board, or had nothing to compare with: [`unscored_warnings`] says so), or what is
/// wrong with it.
fn pair_score(
    p: &serde_json::Value,
    (exact_key, key): (&str, &str),
) -> Result<Option<Points>, String> {
    let (exact, rounded) = (&p[exact_key], &p[key]);
    if exact.is_null() && rounded.is_null() {
        return Ok(None);
    }
    let score = match exact.as_str() {
        Some(text) => parse_fraction(text),
        None if exact.is_null() => rounded.as_f64().and_then(|f| parse_decimal(&f.to_string())),
        None => None,
    };
    score.map(Some).ok_or_else(|| {
        let given = if exact.is_null() { rounded } else { exact };
        let decimals = rounded
            .as_f64()
            .filter(|_| exact.is_null())
            .and_then(|f| klaver_core::ranking::decimals_beyond_limit(&f.to_string()));
        let what = match decimals {
            Some(n) => format!(
                "has {n} decimals: klaver reads at most {}",
                klaver_core::ranking::MAX_DECIMALS
            ),
            None => "is not a number".into(),
        };
        format!(
            "the score `{given}` (`{}`) {what}: score the session again with `klaver score --format json`",
            if exact.is_null() { key } else { exact_key }
        )
    })
}

/// An exact fraction written "400/7" or "57".
fn parse_fraction(text: &str) -> Option<Points> {
    match text.split_once('/') {
        Some((n, d)) => {
            let n: num_bigint::BigInt = n.trim().parse().ok()?;
            let d: num_bigint::BigInt = d.trim().parse().ok()?;
            (d != num_bigint::BigInt::from(0))
                .then(|| Points::from_big(num_rational::BigRational::new(n, d)))
        }
        None => parse_decimal(text),
    }
}

/// Reads tonight's pairs: player ids joined by `+`, one pair a line or separated by
/// commas; `#` starts a comment. Errors name the line of `source`.
pub fn read_present(text: &str, source: &str) -> Result<Vec<Vec<String>>, RankingIoError> {
    let mut pairs = Vec::new();
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("");
        for item in line.split(',').map(str::trim).filter(|x| !x.is_empty()) {
            let pair = present_pair(item, n + 1, "on line", &mut seen).map_err(|message| {
                RankingIoError::Line {
                    file: source.to_string(),
                    line: n as u64 + 1,
                    message,
                }
            })?;
            pairs.push(pair);
        }
    }
    some_present(pairs, source)
}

/// Reads tonight's pairs from the command line's `--present` list: pairs separated by
/// commas. Errors name the item (`--present item 2`), as the list has no lines.
pub fn read_present_list(list: &str) -> Result<Vec<Vec<String>>, RankingIoError> {
    let mut pairs = Vec::new();
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let items = list.split(',').map(str::trim).filter(|x| !x.is_empty());
    for (n, item) in items.enumerate() {
        let pair = present_pair(item, n + 1, "in item", &mut seen).map_err(|message| {
            RankingIoError::File {
                file: format!("--present item {}", n + 1),
                message,
            }
        })?;
        pairs.push(pair);
    }
    some_present(pairs, "--present")
}

/// One present pair, `item` (at place `n`, `at` saying where as "on line" or "in item"):
/// two player ids joined by `+`, or one beside a seat left empty for a guest without an
/// id (`1001+`, kept as the member's id alone), neither already in a pair in `seen`.
fn present_pair(
    item: &str,
    n: usize,
    at: &str,
    seen: &mut BTreeMap<String, usize>,
) -> Result<Vec<String>, String> {
    let seats: Vec<&str> = item.split('+').map(str::trim).collect();
    let players: Vec<String> = seats
        .iter()
        .filter(|x| !x.is_empty())
        .map(|x| x.to_string())
        .collect();
    if seats.len() != 2 || players.is_empty() {
        return Err(format!(
            "`{item}` is not a pair: write two player ids joined by `+` (1001+1002), a guest without an id as a seat left empty (1001+)"
        ));
    }
    for p in &players {
        if let Some(first) = seen.insert(p.clone(), n) {
            return Err(format!(
                "player {p} is already in a pair {at} {first}: a player plays in one pair a night"
            ));
        }
    }
    Ok(players)
}

/// The pairs present, or the error that there are none.
fn some_present(pairs: Vec<Vec<String>>, source: &str) -> Result<Vec<Vec<String>>, RankingIoError> {
    if pairs.is_empty() {
        return Err(RankingIoError::File {
            file: source.to_string(),
            message: "no pairs present: list tonight's pairs as 1001+1002".into(),
        });
    }
    Ok(pairs)
}

/// Tonight's lines from the pairs present and their rankings in `standing`: the sum of
/// its two players' rankings, a guest without an id (a pair of one id) counted at the
/// replacement ranking, as a player who has played no session yet.
pub fn line_assignment(
    standing: &SeasonStanding,
    present: &[Vec<String>],
    lines: u32,
) -> Result<Vec<AssignedLine>, TooFewPairs> {
    let pairs: Vec<PresentPair> = present
        .iter()
        .map(|p| {
            let guests = 2usize.saturating_sub(p.len());
            let guest = std::iter::repeat_n(standing.default_replacement.clone(), guests);
            PresentPair {
                players: p.clone(),
                ranking: p.iter().map(|x| standing.ranking_of(x)).chain(guest).sum(),
            }
        })
        .collect();
    assign(&pairs, lines)
}

/// What `klaver ranking` shows: the standings chosen and, optionally, tonight's lines.
pub struct RankingReport<'a> {
    /// The club's set-up.
    pub club: &'a Club,
    /// The playing moments' seasons to show, side by side.
    pub standings: Vec<&'a SeasonStanding>,
    /// Tonight's lines (for the first standing's playing moment), when asked for.
    pub lines: Option<Vec<AssignedLine>>,
    /// Whether to list every session's ranking points (text and HTML).
    pub sessions: bool,
    /// The language of the text and HTML labels (JSON keys stay English).
    pub lang: ReportLang,
}

/// The labels of the ranking reports.
#[derive(Clone, Copy)]
enum Label {
    PlayerRanking,
    PairRanking,
    Player,
    Pair,
    Ranking,
    Played,
    LastPoints,
    History,
    Average,
    Counted,
    Dropped,
    Eligible,
    Together,
    Substitutes,
    Team,
    Players,
    Strength,
    Resistance,
    PerMatch,
    Points,
    Line,
    Score,
    LinesTonight,
    Yes,
    NotYet,
    PageTitle,
}

/// A label in the report's language: the NBB's own Dutch words (seed 002: ranking,
/// rankingpunten, zitting, invaller, lijnindeling, clubkampioenschap) and the Turkish of
/// the result lists (Sıralama, Çift, Puan, Grup).
fn label(lang: ReportLang, key: Label) -> &'static str {
    use Label::*;
    let (en, nl, tr) = match key {
        PlayerRanking => ("Player ranking", "Ranking spelers", "Oyuncu sıralaması"),
        PairRanking => (
            "Pair and threesome ranking",
            "Ranking paren en driemanschappen",
            "Çift ve üçlü sıralaması",
        ),
        Player => ("Player", "Speler", "Oyuncu"),
        Pair => ("Pair", "Paar", "Çift"),
        Ranking => ("Ranking", "Ranking", "Sıralama"),
        Played => ("Played", "Gespeeld", "Oynanan"),
        LastPoints => ("Last points", "Laatste punten", "Son puanlar"),
        History => ("History", "Verloop", "Geçmiş"),
        Average => ("Average", "Gemiddelde", "Ortalama"),
        Counted => ("Counted", "Geteld", "Sayılan"),
        Dropped => ("Dropped", "Afvalscores", "Atılan"),
        Eligible => ("Eligible", "In aanmerking", "Hak kazandı"),
        Together => ("Together", "Met elkaar", "Birlikte"),
        Substitutes => ("Substitutes", "Met invaller", "Yedekle"),
        Team => ("Team", "Team", "Takım"),
        Players => ("Players", "Spelers", "Oyuncular"),
        Strength => ("Strength", "Kracht", "Güç"),
        Resistance => ("Resistance", "Weerstand", "Rakip gücü"),
        PerMatch => ("Per match", "Per wedstrijd", "Maç başına"),
        Points => ("Points", "Rankingpunten", "Puan"),
        Line => ("Line", "Lijn", "Grup"),
        Score => ("Score", "Score", "Skor"),
        LinesTonight => (
            "Lines for tonight",
            "Lijnindeling vanavond",
            "Bu akşamın grupları",
        ),
        Yes => ("yes", "ja", "evet"),
        NotYet => ("not yet", "nog niet", "henüz değil"),
        PageTitle => ("Club ranking", "Clubranking", "Kulüp sıralaması"),
    };
    match lang {
        ReportLang::En => en,
        ReportLang::Nl => nl,
        ReportLang::Tr => tr,
    }
}

/// A calculation method's name in the report's language (seed 002's Dutch names).
fn method_name(lang: ReportLang, method: Method) -> &'static str {
    match (lang, method) {
        (ReportLang::En, m) => m.name(),
        (ReportLang::Nl, Method::Place) => "naar plaats",
        (ReportLang::Nl, Method::Ratio) => "naar rato",
        (ReportLang::Nl, Method::Balanced) => "naar rato, gebalanceerd",
        (ReportLang::Nl, Method::Dynamic) => "dynamisch per lijn",
        (ReportLang::Tr, Method::Place) => "sıraya göre",
        (ReportLang::Tr, Method::Ratio) => "skor oranına göre",
        (ReportLang::Tr, Method::Balanced) => "skor oranına göre, dengeli",
        (ReportLang::Tr, Method::Dynamic) => "dinamik, grup başına",
    }
}

/// A competition form's name in the report's language.
fn form_name(lang: ReportLang, form: Form) -> &'static str {
    match (lang, form) {
        (ReportLang::En, f) => f.name(),
        (ReportLang::Nl, Form::Pairs) => "paren",
        (ReportLang::Nl, Form::Butler) => "butler",
        (ReportLang::Nl, Form::Teams) => "viertallen",
        (ReportLang::Tr, Form::Pairs) => "çiftler",
        (ReportLang::Tr, Form::Butler) => "butler",
        (ReportLang::Tr, Form::Teams) => "takımlar",
    }
}

/// A pair's or player's ids and names: `1001+1002 Jansen - de Vries`; a player of a
/// partly named pair whose id the settings name no one is shown as `9999 (unknown)`, so
/// that the pair is not read as the named player's alone.
fn who<Id: std::borrow::Borrow<str>>(club: &Club, ids: &[Id]) -> String {
    let names: Vec<Option<&str>> = ids
        .iter()
        .map(|id| club.names.get(id.borrow()).map(String::as_str))
        .collect();
    if names.iter().all(Option::is_none) {
        return ids.join("+");
    }
    let names: Vec<String> = ids
        .iter()
        .zip(names)
        .map(|(id, name)| match name {
            Some(n) => n.to_string(),
            None => format!("{} (unknown)", id.borrow()),
        })
        .collect();
    format!("{} {}", ids.join("+"), names.join(" - "))
}

/// A pair as [`who`] names it, a guest's seat without an id left empty (`1001+`), as
/// [`klaver_core::ranking::season::pair_name`] writes it.
fn pair_who<Id: std::borrow::Borrow<str>>(club: &Club, players: &[Id]) -> String {
    match players {
        [one] => {
            let one = one.borrow();
            format!("{one}+{}", &who(club, players)[one.len()..])
        }
        _ => who(club, players),
    }
}

/// A team's players as [`who`] names them, a seat for each guest without an id left
/// empty after them (`1001+1002+1003+ Jansen - de Vries - Bakker`), as a sessions CSV
/// writes it.
fn team_who(club: &Club, players: &[PlayerId], guests: usize) -> String {
    let named = who(club, players);
    let ids = players.iter().map(|p| p.len() + 1).sum::<usize>().max(1) - 1;
    format!("{}{}{}", &named[..ids], "+".repeat(guests), &named[ids..])
}

fn d2(p: &Points) -> String {
    decimal2(p)
}

fn average(s: &Standing) -> String {
    s.average.as_ref().map_or("-".into(), d2)
}

fn title(lang: ReportLang, s: &SeasonStanding) -> String {
    let (moment, season) = match lang {
        ReportLang::En => ("Playing moment", "season"),
        ReportLang::Nl => ("Speelmoment", "seizoen"),
        ReportLang::Tr => ("Turnuva", "sezon"),
    };
    if s.season.is_empty() {
        format!("{moment} {}", s.moment)
    } else {
        format!("{moment} {}, {season} {}", s.moment, s.season)
    }
}

fn method_line(lang: ReportLang, settings: &ClubSettings) -> String {
    let (method, lines, replacement) = match lang {
        ReportLang::En => ("Method", "lines", "replacement ranking"),
        ReportLang::Nl if settings.lines == 1 => ("Rekenmethode", "lijn", "vervangende ranking"),
        ReportLang::Nl => ("Rekenmethode", "lijnen", "vervangende ranking"),
        ReportLang::Tr => ("Yöntem", "grup", "başlangıç sıralaması"),
    };
    format!(
        "{method} {}; G {}, B {}, S {}, {} {lines}; Z {}; {replacement} {}",
        method_name(lang, settings.method),
        d2(&settings.top),
        d2(&settings.width),
        d2(&settings.step),
        settings.lines,
        settings.z,
        d2(&settings.default_replacement())
    )
}

fn sessions_word(lang: ReportLang, n: usize) -> String {
    match (lang, n) {
        (ReportLang::En, 1) => "1 session".into(),
        (ReportLang::En, n) => format!("{n} sessions"),
        (ReportLang::Nl, 1) => "1 zitting".into(),
        (ReportLang::Nl, n) => format!("{n} zittingen"),
        // Turkish counts with the singular.
        (ReportLang::Tr, n) => format!("{n} oturum"),
    }
}

/// Why an entrant is not yet eligible, in the report's language.
fn shortfall(lang: ReportLang, why: &Shortfall) -> String {
    match (lang, why) {
        (ReportLang::En, why) => why.to_string(),
        (ReportLang::Nl, Shortfall::Sessions { played, needed }) => format!(
            "{played} van de {needed} benodigde zittingen gespeeld (nog {})",
            (*needed as usize).saturating_sub(*played)
        ),
        (ReportLang::Tr, Shortfall::Sessions { played, needed }) => format!(
            "gereken {needed} oturumun {played} tanesi oynandı ({} kaldı)",
            (*needed as usize).saturating_sub(*played)
        ),
        (
            ReportLang::Nl,
            Shortfall::Together {
                together,
                substitutes,
                needed,
            },
        ) => format!(
            "{together} met elkaar en {substitutes} met een invaller van de {needed} benodigde (nog {})",
            (*needed as usize).saturating_sub(together + substitutes)
        ),
        (
            ReportLang::Tr,
            Shortfall::Together {
                together,
                substitutes,
                needed,
            },
        ) => format!(
            "gereken {needed} oturumun {together} tanesi birlikte, {substitutes} tanesi yedek oyuncuyla ({} kaldı)",
            (*needed as usize).saturating_sub(together + substitutes)
        ),
    }
}

fn reason(lang: ReportLang, s: &Standing) -> String {
    match &s.shortfall {
        None => label(lang, Label::Yes).into(),
        Some(why) => format!("{}: {}", label(lang, Label::NotYet), shortfall(lang, why)),
    }
}

/// One table of the report: a heading, column names and rows of printed cells.
struct Table {
    heading: String,
    head: Vec<&'static str>,
    /// Which columns hold numbers (right-aligned).
    numeric: Vec<bool>,
    rows: Vec<Vec<String>>,
}

impl Table {
    fn new(heading: String, head: &[(&'static str, bool)], rows: Vec<Vec<String>>) -> Table {
        Table {
            heading,
            head: head.iter().map(|h| h.0).collect(),
            numeric: head.iter().map(|h| h.1).collect(),
            rows,
        }
    }
}

/// The championship's heading with its settings: individual (min, x) or pairs and
/// threesomes (me, inv, y).
fn championship_heading(lang: ReportLang, pairs: bool, set: &ClubSettings, min: u32) -> String {
    // A share of the club nights is shown with the sessions it comes to this season.
    let min = match set.min {
        MinSessions::Count(_) => min.to_string(),
        share => format!("{share} = {min}"),
    };
    match (lang, pairs) {
        (ReportLang::En, false) => {
            format!("Club championship, individual (min {min}, x {})", set.x)
        }
        (ReportLang::En, true) => format!(
            "Club championship, pairs and threesomes (me {}, inv {}, y {})",
            set.me, set.inv, set.y
        ),
        (ReportLang::Nl, false) => {
            format!("Clubkampioenschap, individueel (min {min}, x {})", set.x)
        }
        (ReportLang::Nl, true) => format!(
            "Clubkampioenschap, paren en driemanschappen (me {}, inv {}, y {})",
            set.me, set.inv, set.y
        ),
        (ReportLang::Tr, false) => {
            format!("Kulüp şampiyonası, bireysel (min {min}, x {})", set.x)
        }
        (ReportLang::Tr, true) => format!(
            "Kulüp şampiyonası, çiftler ve üçlüler (me {}, inv {}, y {})",
            set.me, set.inv, set.y
        ),
    }
}

/// The tables of one playing moment's season, in the order printed: those with rows (a
/// moment of teams nights only has no pairs, and prints no pair tables).
fn tables(r: &RankingReport, s: &SeasonStanding, with_lines: bool) -> Vec<Table> {
    let mut out = vec![
        player_ranking(r, s),
        pair_ranking(r, s),
        individual_championship(r, s),
        pair_championship(r, s),
    ];
    if r.sessions {
        for x in &s.sessions {
            out.push(session_points(r, x));
        }
    }
    if with_lines && let Some(lines) = &r.lines {
        out.push(lines_tonight(r, lines));
    }
    out.retain(|t| !t.rows.is_empty());
    out
}

/// The players by ranking, with the sessions they played and the ranking points of the
/// last Z of them.
fn player_ranking(r: &RankingReport, s: &SeasonStanding) -> Table {
    let set = &r.club.settings;
    let l = |key| label(r.lang, key);
    Table::new(
        l(Label::PlayerRanking).into(),
        &[
            ("#", true),
            (l(Label::Player), false),
            (l(Label::Ranking), true),
            (l(Label::Played), true),
            (l(Label::LastPoints), false),
        ],
        s.players
            .iter()
            .zip(player_places(s))
            .map(|(p, place)| {
                let played = &p.log.played;
                let last: Vec<String> = played[played.len().saturating_sub(set.z as usize)..]
                    .iter()
                    .map(|x| d2(&x.points))
                    .collect();
                vec![
                    place_text(place),
                    who(r.club, std::slice::from_ref(&p.player)),
                    d2(&p.ranking),
                    played.len().to_string(),
                    last.join(" "),
                ]
            })
            .collect(),
    )
}

/// The pairs and threesomes by ranking, with their ranking after each session.
fn pair_ranking(r: &RankingReport, s: &SeasonStanding) -> Table {
    let l = |key| label(r.lang, key);
    Table::new(
        l(Label::PairRanking).into(),
        &[
            ("#", true),
            (l(Label::Pair), false),
            (l(Label::Ranking), true),
            (l(Label::History), false),
        ],
        s.entrants
            .iter()
            .zip(entrant_places(s))
            .map(|(e, place)| {
                let hist: Vec<String> = e.history.iter().map(d2).collect();
                vec![
                    place_text(place),
                    who(r.club, &e.players),
                    d2(&e.ranking),
                    hist.join(" "),
                ]
            })
            .collect(),
    )
}

/// The individual club championship: each player's average, the sessions counted and
/// dropped, and whether the player is eligible yet.
fn individual_championship(r: &RankingReport, s: &SeasonStanding) -> Table {
    let l = |key| label(r.lang, key);
    Table::new(
        championship_heading(r.lang, false, &r.club.settings, s.min_sessions),
        &[
            ("#", true),
            (l(Label::Player), false),
            (l(Label::Average), true),
            (l(Label::Counted), true),
            (l(Label::Dropped), true),
            (l(Label::Eligible), false),
        ],
        individual_order(s)
            .into_iter()
            .map(|(p, place)| {
                let c = &p.championship;
                vec![
                    place_text(place),
                    who(r.club, std::slice::from_ref(&p.player)),
                    average(c),
                    c.counted.len().to_string(),
                    c.dropped.to_string(),
                    reason(r.lang, c),
                ]
            })
            .collect(),
    )
}

/// The pairs and threesomes club championship: each entrant's average, the sessions
/// played together and with a substitute, those dropped, and whether it is eligible yet.
fn pair_championship(r: &RankingReport, s: &SeasonStanding) -> Table {
    let l = |key| label(r.lang, key);
    Table::new(
        championship_heading(r.lang, true, &r.club.settings, s.min_sessions),
        &[
            ("#", true),
            (l(Label::Pair), false),
            (l(Label::Average), true),
            (l(Label::Together), true),
            (l(Label::Substitutes), true),
            (l(Label::Dropped), true),
            (l(Label::Eligible), false),
        ],
        entrant_order(s)
            .into_iter()
            .map(|(e, place)| {
                let c = &e.championship;
                vec![
                    place_text(place),
                    who(r.club, &e.players),
                    average(c),
                    e.together.to_string(),
                    c.substitutes.to_string(),
                    c.dropped.to_string(),
                    reason(r.lang, c),
                ]
            })
            .collect(),
    )
}

/// One session's ranking points, headed by its date and form: per team for a teams
/// night, per pair (with its line and score) otherwise.
fn session_points(r: &RankingReport, x: &RankedSession) -> Table {
    let session = match r.lang {
        ReportLang::En => "Session",
        ReportLang::Nl => "Zitting",
        ReportLang::Tr => "Oturum",
    };
    let heading = format!("{session} {} ({})", x.date, form_name(r.lang, x.form));
    if x.form == Form::Teams {
        team_session_points(r, heading, &x.awards)
    } else {
        pair_session_points(r, heading, &x.awards)
    }
}

/// A teams night's ranking points: each team's players, its strength, the strength of
/// the teams it met, its result per match and the points each player gets.
fn team_session_points(r: &RankingReport, heading: String, awards: &[Award]) -> Table {
    let l = |key| label(r.lang, key);
    Table::new(
        heading,
        &[
            (l(Label::Team), false),
            (l(Label::Players), false),
            (l(Label::Strength), true),
            (l(Label::Resistance), true),
            (l(Label::PerMatch), false),
            (l(Label::Points), true),
        ],
        awards
            .iter()
            .map(|a| {
                let t = a.team_points.as_ref();
                let per: Vec<String> =
                    t.map_or(Vec::new(), |t| t.per_match.iter().map(d2).collect());
                vec![
                    a.unit().into_owned(),
                    team_who(r.club, &a.players, t.map_or(0, |t| t.guests)),
                    t.map_or(String::new(), |t| d2(&t.strength)),
                    t.map_or(String::new(), |t| d2(&t.resistance)),
                    per.join(" "),
                    d2(&a.points),
                ]
            })
            .collect(),
    )
}

/// A pairs or butler night's ranking points: each pair's line, its score and the points
/// it gets.
fn pair_session_points(r: &RankingReport, heading: String, awards: &[Award]) -> Table {
    let l = |key| label(r.lang, key);
    Table::new(
        heading,
        &[
            (l(Label::Line), false),
            (l(Label::Pair), false),
            (l(Label::Score), true),
            (l(Label::Points), true),
        ],
        awards
            .iter()
            .map(|a| {
                vec![
                    a.line.to_string(),
                    pair_who(r.club, &a.players),
                    d2(&a.score),
                    d2(&a.points),
                ]
            })
            .collect(),
    )
}

/// Tonight's lines: the pairs present in each line, strongest line first, with their
/// rankings.
fn lines_tonight(r: &RankingReport, lines: &[AssignedLine]) -> Table {
    let l = |key| label(r.lang, key);
    Table::new(
        l(Label::LinesTonight).into(),
        &[
            (l(Label::Line), false),
            (l(Label::Pair), false),
            (l(Label::Ranking), true),
        ],
        lines
            .iter()
            .flat_map(|l| {
                l.pairs.iter().map(move |p| {
                    vec![
                        l.letter.to_string(),
                        pair_who(r.club, &p.players),
                        d2(&p.ranking),
                    ]
                })
            })
            .collect(),
    )
}

/// The report as plain text: for each playing moment its rankings and championship,
/// then tonight's lines.
pub fn render_text(r: &RankingReport) -> String {
    let mut out = String::new();
    for (k, s) in r.standings.iter().enumerate() {
        if k > 0 {
            out.push('\n');
        }
        let _ = writeln!(
            out,
            "{}: {}",
            title(r.lang, s),
            sessions_word(r.lang, s.sessions.len())
        );
        let _ = writeln!(out, "{}", method_line(r.lang, &r.club.settings));
        for t in tables(r, s, k == 0) {
            let _ = writeln!(out, "\n{}", t.heading);
            let mut widths: Vec<usize> = t.head.iter().map(|h| shown_width(h)).collect();
            for row in &t.rows {
                for (w, cell) in widths.iter_mut().zip(row) {
                    *w = (*w).max(shown_width(cell));
                }
            }
            let last = t.head.len() - 1;
            let mut line = |cells: Vec<&str>| {
                let mut l = String::new();
                for (i, cell) in cells.iter().enumerate() {
                    let pad = widths[i].saturating_sub(shown_width(cell));
                    l.push_str("  ");
                    if t.numeric[i] {
                        l.push_str(&" ".repeat(pad));
                        l.push_str(cell);
                    } else {
                        l.push_str(cell);
                        if i < last {
                            l.push_str(&" ".repeat(pad));
                        }
                    }
                }
                let _ = writeln!(out, "{}", l.trim_end());
            };
            line(t.head.clone());
            for row in &t.rows {
                line(row.iter().map(String::as_str).collect());
            }
        }
    }
    out
}

/// A place as the tables print it: `3`, or `3=` when another entry shares it.
fn place_text(place: Place) -> String {
    if place.tied {
        format!("{}=", place.rank)
    } else {
        place.rank.to_string()
    }
}

/// The players' places in the ranking: equal rankings share one.
fn player_places(s: &SeasonStanding) -> Vec<Place> {
    let p = &s.players;
    shared_places(p.len(), |i| p[i].ranking == p[i - 1].ranking)
}

/// The pairs' and threesomes' places in the ranking: equal rankings share one.
fn entrant_places(s: &SeasonStanding) -> Vec<Place> {
    let e = &s.entrants;
    shared_places(e.len(), |i| e[i].ranking == e[i - 1].ranking)
}

/// The players in the individual championship's order, with their places.
fn individual_order(s: &SeasonStanding) -> Vec<(&PlayerStanding, Place)> {
    let st: Vec<&Standing> = s.players.iter().map(|p| &p.championship).collect();
    championship_order(&st, |i| &s.players[i])
}

/// The pairs and threesomes in the pairs championship's order, with their places.
fn entrant_order(s: &SeasonStanding) -> Vec<(&EntrantStanding, Place)> {
    let st: Vec<&Standing> = s.entrants.iter().map(|p| &p.championship).collect();
    championship_order(&st, |i| &s.entrants[i])
}

/// The entries of a championship (`standings`, each entry's found by `entry`) in its
/// order, with their places: eligible entries of equal averages share one, as do the
/// others of equal averages.
fn championship_order<'a, T>(
    standings: &[&Standing],
    entry: impl Fn(usize) -> &'a T,
) -> Vec<(&'a T, Place)> {
    let order = klaver_core::ranking::championship::order(standings);
    let places = shared_places(order.len(), |k| {
        same_place(standings[order[k]], standings[order[k - 1]])
    });
    order.into_iter().map(entry).zip(places).collect()
}

/// A standing's fields, in an object already open: `moment`, `season`, `sessions`,
/// `players`, `pairs` and `championship`. Histories keep their last `history` entries
/// (all for `None`).
fn standing_fields(
    w: &mut Pretty,
    s: &SeasonStanding,
    names: &BTreeMap<String, String>,
    history: Option<usize>,
) {
    // How many entries of a history of `n` to leave out.
    let skip = |n: usize| n.saturating_sub(history.unwrap_or(n));
    w.key("moment").string(&s.moment);
    w.key("season").string(&s.season);
    w.key("sessions").begin_array();
    for x in &s.sessions {
        w.item().begin_object();
        w.key("date").string(&x.date);
        w.key("form").string(x.form.name());
        w.key("awards").begin_array();
        for a in &x.awards {
            w.item();
            award_json(w, a);
        }
        w.end_array();
        w.end_object();
    }
    w.end_array();
    w.key("players").begin_array();
    for (p, place) in s.players.iter().zip(player_places(s)) {
        w.item();
        player_json(w, (p, place), s, names, skip(p.log.played.len()));
    }
    w.end_array();
    w.key("pairs").begin_array();
    for (e, place) in s.entrants.iter().zip(entrant_places(s)) {
        w.item().begin_object();
        w.key("players").strings(&e.players);
        w.key("ranking").number(to_f64(&e.ranking));
        place_json(w, place);
        w.key("history")
            .numbers(e.history[skip(e.history.len())..].iter().map(to_f64));
        w.end_object();
    }
    w.end_array();
    // The reasons for not being eligible, each written once: a federation's thousands
    // of entrants have a few dozen.
    let mut reasons = rustc_hash::FxHashMap::default();
    w.key("championship").begin_object();
    w.key("individual").begin_array();
    for (p, place) in individual_order(s) {
        w.item();
        let who = (Some(&*p.player), None);
        champion_json(w, who, (&p.championship, place), &mut reasons);
    }
    w.end_array();
    w.key("pairs").begin_array();
    for (e, place) in entrant_order(s) {
        w.item();
        let who = (None, Some(&e.players[..]));
        champion_json(w, who, (&e.championship, place), &mut reasons);
    }
    w.end_array();
    w.end_object();
}

/// A pair's or team's name as `Award::unit` makes it (the team's, or the players' ids
/// joined by `+`), written without making the text first.
fn unit_json(w: &mut Pretty, a: &Award) {
    match &a.team {
        Some(team) => w.string(team),
        None if a.players.len() == 2 => w.joined(&a.players, "+"),
        None => w.string(&a.unit()),
    }
}

fn award_json(w: &mut Pretty, a: &Award) {
    w.begin_object();
    w.key("unit");
    unit_json(w, a);
    w.key("players").strings(&a.players);
    if !a.line.is_empty() {
        w.key("line").string(&a.line);
    }
    w.key("score").number(to_f64(&a.score));
    w.key("points").number(to_f64(&a.points));
    if let Some(t) = &a.team_points {
        w.key("strength").number(to_f64(&t.strength));
        w.key("resistance").number(to_f64(&t.resistance));
        w.key("per_match").numbers(t.per_match.iter().map(to_f64));
        if t.guests > 0 {
            w.key("guests").count(t.guests);
        }
    }
    w.end_object();
}

/// A player's ranking and history, leaving out the first `skip` entries.
fn player_json(
    w: &mut Pretty,
    (p, place): (&PlayerStanding, Place),
    s: &SeasonStanding,
    names: &BTreeMap<String, String>,
    skip: usize,
) {
    w.begin_object();
    w.key("player").string(&p.player);
    if let Some(name) = names.get(&*p.player) {
        w.key("name").string(name);
    }
    w.key("ranking").number(to_f64(&p.ranking));
    place_json(w, place);
    w.key("played").count(p.log.played.len());
    w.key("history").begin_array();
    for (x, r) in p.log.played.iter().zip(&p.log.history).skip(skip) {
        let session = &s.sessions[x.session];
        w.item().begin_object();
        w.key("date").string(&session.date);
        w.key("unit");
        unit_json(w, &session.awards[x.award]);
        w.key("points").number(to_f64(&x.points));
        w.key("ranking").number(to_f64(r));
        w.end_object();
    }
    w.end_array();
    w.end_object();
}

/// A place's `rank` and whether another entry shares it (`tied`), as a session's
/// result list writes them.
fn place_json(w: &mut Pretty, place: Place) {
    w.key("rank").count(place.rank as usize);
    w.key("tied").boolean(place.tied);
}

/// A player's (`player`) or pair's (`players`) standing `c` and place in the
/// championship; `reasons` keeps each reason for not being eligible as a JSON text,
/// made once.
fn champion_json(
    w: &mut Pretty,
    (player, players): (Option<&str>, Option<&[PlayerId]>),
    (c, place): (&Standing, Place),
    reasons: &mut rustc_hash::FxHashMap<Shortfall, Vec<u8>>,
) {
    w.begin_object();
    if let Some(player) = player {
        w.key("player").string(player);
    }
    if let Some(players) = players {
        w.key("players").strings(players);
    }
    match &c.average {
        Some(average) => w.key("average").number(to_f64(average)),
        None => w.key("average").null(),
    }
    place_json(w, place);
    w.key("counted").count(c.counted.len());
    w.key("dropped").count(c.dropped);
    w.key("substitutes").count(c.substitutes);
    w.key("eligible").boolean(c.eligible());
    if let Some(why) = &c.shortfall {
        let text = reasons.entry(why.clone()).or_insert_with(|| {
            let mut text = Vec::new();
            Pretty::new(&mut text, 0).string(&why.to_string());
            text
        });
        w.key("reason").raw(text);
    }
    w.end_object();
}

/// The report as JSON: the first playing moment's ranking at the top level (`players`,
/// `pairs`, `championship`, `sessions`, and `lines` for tonight), and every playing
/// moment's under `rankings`. Numbers are the exact values to the nearest double.
pub fn render_json(r: &RankingReport) -> Result<String, serde_json::Error> {
    render_json_with(r, None)
}

/// As [`render_json`], with at most the last `history` entries of each player's and
/// pair's history (all for `None`): a federation's full histories run to gigabytes.
pub fn render_json_with(
    r: &RankingReport,
    history: Option<usize>,
) -> Result<String, serde_json::Error> {
    let mut out = Vec::new();
    write_json(r, history, &mut out)?;
    Ok(String::from_utf8(out).expect("serde_json writes UTF-8"))
}

/// As [`render_json_with`], written straight to `out` (no trailing newline), so that a
/// federation's report need not be held in memory whole. The playing moments under
/// `rankings` are turned into JSON on every core at once and written in their order.
pub fn write_json<W: std::io::Write>(
    r: &RankingReport,
    history: Option<usize>,
    mut out: W,
) -> Result<(), serde_json::Error> {
    let Some(first) = r.standings.first() else {
        return serde_json::to_writer(out, &serde_json::json!({}));
    };
    out.write_all(&json_head(first, r.club, r.lines.as_deref(), history)?)
        .map_err(serde_json::Error::io)?;
    let moment = |i: usize| {
        let mut buf = json_before_moment(i == 0).to_vec();
        buf.extend(json_moment(r.standings[i], r.club, history)?);
        Ok::<_, serde_json::Error>(buf)
    };
    let n = r.standings.len();
    let workers = std::thread::available_parallelism()
        .map_or(1, |c| c.get())
        .min(n);
    if workers <= 1 {
        for i in 0..n {
            out.write_all(&moment(i)?).map_err(serde_json::Error::io)?;
        }
    } else {
        let taken = std::sync::atomic::AtomicUsize::new(0);
        let (send, receive) = std::sync::mpsc::sync_channel(2 * workers);
        std::thread::scope(|scope| -> Result<(), serde_json::Error> {
            for _ in 0..workers {
                let send = send.clone();
                let (taken, moment) = (&taken, &moment);
                let worker = klaver_core::parts::start(scope, move || {
                    loop {
                        let i = taken.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        if i >= n || send.send((i, moment(i))).is_err() {
                            break;
                        }
                    }
                });
                // A worker the system gave no thread is let go (its end of the queue
                // with it): the others take its moments, or this thread does below.
                drop(worker);
            }
            drop(send);
            // Written in order as they come; one that is ready early waits its turn.
            let mut waiting: BTreeMap<usize, Vec<u8>> = BTreeMap::new();
            let mut next = 0;
            for (i, buf) in receive.iter() {
                waiting.insert(i, buf?);
                while let Some(buf) = waiting.remove(&next) {
                    out.write_all(&buf).map_err(serde_json::Error::io)?;
                    next += 1;
                }
            }
            // The moments no worker took: all of them when no thread was started.
            for i in next..n {
                out.write_all(&moment(i)?).map_err(serde_json::Error::io)?;
            }
            Ok(())
        })?;
    }
    out.write_all(JSON_TAIL).map_err(serde_json::Error::io)
}

/// The start of the JSON report ([`write_json`]) up to the list of playing moments:
/// the first moment's standing `first` and tonight's lines. The moments follow, each
/// from [`json_moment`], and then [`JSON_TAIL`]; so a federation's report can be written
/// moment by moment as they are ranked, none of them kept.
pub fn json_head(
    first: &SeasonStanding,
    club: &Club,
    lines: Option<&[AssignedLine]>,
    history: Option<usize>,
) -> Result<Vec<u8>, serde_json::Error> {
    let mut head = Vec::new();
    let mut w = Pretty::new(&mut head, 0);
    w.begin_object();
    standing_fields(&mut w, first, &club.names, history);
    if let Some(lines) = lines {
        w.key("lines").begin_array();
        for l in lines {
            w.item().begin_object();
            w.key("line").display(&l.letter);
            w.key("pairs").begin_array();
            for p in &l.pairs {
                // A pair present tonight, as an entrant is written.
                w.item().begin_object();
                w.key("players").strings(&p.players);
                w.key("ranking").number(to_f64(&p.ranking));
                w.key("history").numbers([]);
                w.end_object();
            }
            w.end_array();
            w.end_object();
        }
        w.end_array();
    }
    // The moments follow the `[`, each indented two levels deep.
    w.key("rankings").raw(b"[");
    Ok(head)
}

/// One playing moment's standing in the JSON report's list of moments (see
/// [`json_head`]), to be written after [`json_before_moment`].
pub fn json_moment(
    standing: &SeasonStanding,
    club: &Club,
    history: Option<usize>,
) -> Result<Vec<u8>, serde_json::Error> {
    // Room for the whole at once (about what a pair's award, a player and an entrant take,
    // each with its place in the championship), rather than growing it by copying.
    let awards: usize = standing.sessions.iter().map(|x| x.awards.len()).sum();
    let (players, entrants) = (standing.players.len(), standing.entrants.len());
    let mut buf = Vec::with_capacity(300 * awards + 600 * players + 620 * entrants);
    let mut w = Pretty::new(&mut buf, 2);
    w.begin_object();
    standing_fields(&mut w, standing, &club.names, history);
    w.end_object();
    Ok(buf)
}

/// What goes before a playing moment in the JSON report's list of moments: a new line,
/// after a comma unless it is the `first`.
pub fn json_before_moment(first: bool) -> &'static [u8] {
    if first { b"\n    " } else { b",\n    " }
}

/// The end of the JSON report, after the last moment (see [`json_head`]).
pub const JSON_TAIL: &[u8] = b"\n  ]\n}";

/// The report as one self-contained HTML page, styled like the session reports.
pub fn render_html(r: &RankingReport) -> String {
    let mut out = format!(
        "<!DOCTYPE html>\n<html lang=\"{}\"><head><meta charset=\"utf-8\">",
        r.lang.code()
    );
    out.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">");
    let _ = write!(
        out,
        "<title>{}</title><style>",
        label(r.lang, Label::PageTitle)
    );
    out.push_str(STYLE);
    out.push_str("</style></head><body><main>\n");
    for (k, s) in r.standings.iter().enumerate() {
        let _ = writeln!(
            out,
            "<section class=\"part\"><header><h1>{}</h1><p class=\"meta\">{}. {}</p></header>",
            escape(&title(r.lang, s)),
            sessions_word(r.lang, s.sessions.len()),
            escape(&method_line(r.lang, &r.club.settings))
        );
        for t in tables(r, s, k == 0) {
            let _ = write!(
                out,
                "<h2>{}</h2>\n<div class=\"scroll\"><table class=\"ranking\"><thead><tr>",
                escape(&t.heading)
            );
            let class = |i: usize| if t.numeric[i] { " class=\"n\"" } else { "" };
            for (i, h) in t.head.iter().enumerate() {
                let _ = write!(out, "<th{}>{}</th>", class(i), escape(h));
            }
            out.push_str("</tr></thead><tbody>");
            for row in &t.rows {
                out.push_str("<tr>");
                for (i, cell) in row.iter().enumerate() {
                    let _ = write!(out, "<td{}>{}</td>", class(i), escape(cell));
                }
                out.push_str("</tr>");
            }
            out.push_str("</tbody></table></div>\n");
        }
        out.push_str("</section>\n");
    }
    out.push_str("</main></body></html>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use klaver_core::ranking::frac;
    use klaver_core::ranking::season::rank;

    #[test]
    fn players_are_the_ids_between_the_plus_signs_trimmed_an_empty_one_no_player() {
        let (mut kept, mut buf) = (Kept::default(), Vec::new());
        for text in [
            "1001+1002",
            " 1001 + 1002 ",
            "1001\u{a0}+\u{3000}1002",
            "a+b",
            "1001",
            "",
            "+",
            "+1002",
            "1001+",
            "1001+1002+1003",
            " x +y+ z ",
            "é+ü",
        ] {
            let got = players_of(text, &mut kept, &mut buf);
            // An empty seat (`1001+`, a guest without an id) is no player.
            let want: Vec<&str> = text
                .split('+')
                .map(str::trim)
                .filter(|id| !id.is_empty())
                .collect();
            let got: Vec<&str> = got.iter().map(|p| &**p).collect();
            assert_eq!(got, want, "{text:?}");
        }
    }

    const SETTINGS: &str = r#"
a = 80
b = 40
s = 10
lines = 3
method = "balanced"
st_pairs = 63.5
z = 2
min = 2
x = 1
me = 2
inv = 1
y = 1
threesomes = ["p1+p2+p5"]

[replacement_players]
p7 = 75

[[moment]]
name = "tuesday"
form = "pairs"

[[moment]]
name = "teams"
form = "teams"

[[season]]
name = "2025-2026"
start = "2025-09-01"
end = 2026-08-31
"#;

    /// An entrant given twice, a fixed pair inside a threesome, or a season named twice
    /// would make two entrants or seasons of one: each is refused, naming the setting.
    #[test]
    fn settings_giving_an_entrant_or_season_twice_are_refused() {
        let told = |text: &str| read_settings(text, "club.toml").unwrap_err().to_string();
        assert_eq!(
            told("threesomes = [\"a+b+c\", \"c+a+b\"]\n"),
            "club.toml line 1: threesome `c+a+b` is given twice: give each threesome once"
        );
        assert_eq!(
            told("threesomes = [\"a+b+c\", \"b+a+d\"]\n"),
            "club.toml line 1: threesome `b+a+d` has a and b of threesome `a+b+c` too: a night of a and b would count for both, so give each two players in one threesome at most"
        );
        assert_eq!(
            told("pairs = [\"a+b\", \"b+a\"]\n"),
            "club.toml line 1: pair `b+a` is given twice: give each pair once"
        );
        assert_eq!(
            told("threesomes = [\"a+b+c\"]\npairs = [\"c+a\"]\n"),
            "club.toml line 2: pair `c+a` is inside threesome `a+b+c`: an entrant is the pair or the threesome, so give it once"
        );
        let seasons = "[[season]]\nname = \"s\"\nstart = 2024-09-01\nend = 2025-08-31\n\
            [[season]]\nname = \"s\"\nstart = 2025-09-01\nend = 2026-08-31\n";
        assert_eq!(
            told(seasons),
            "club.toml line 7: season `s` is named twice: give each season its own name"
        );
    }

    /// A setting out of range is named as the file writes it, on its line.
    #[test]
    fn a_setting_out_of_range_is_named_by_its_key() {
        let told = |text: &str| read_settings(text, "club.toml").unwrap_err().to_string();
        assert_eq!(
            told("lines = 2\ns = 50\n"),
            "club.toml line 2: setting `s` = 50.00 is out of range: the step cannot exceed the line width B, or neighbouring lines would not overlap: correct it in the settings"
        );
        assert_eq!(
            told("a = -30\n"),
            "club.toml line 1: setting `a` = -30.00 is out of range: the upper bound G = A + B/2 must be above 0: correct it in the settings"
        );
    }

    #[test]
    fn settings_with_the_seed_defaults() {
        let club = read_settings("", "club.toml").unwrap();
        assert_eq!(club.settings, ClubSettings::default());
        assert_eq!(club.moments[0].name, "club");
        let club = read_settings(SETTINGS, "club.toml").unwrap();
        assert_eq!(club.settings.top, int(100));
        assert_eq!(club.settings.st_pairs, frac(127, 2));
        assert_eq!(club.replacements["p7"], int(75));
        assert_eq!(club.seasons[0].end, "2026-08-31");
        assert_eq!(club.moments[1].form, Form::Teams);
        assert_eq!(club.threesomes[0], vec!["p1", "p2", "p5"]);
    }

    #[test]
    fn a_quote_that_runs_over_lines_is_an_error_on_its_line() {
        let club = read_settings("", "club.toml").unwrap();
        let csv = "date,line,players,score,remark\n\
                   2025-09-02,A,a1+a2,57.5,\"late\n\
                   2025-09-02,A,a3+a4,42.5,\n\
                   2025-09-02,A,a5+a6,50,\n";
        let Err(errors) = read_sessions_csv(csv, "s.csv", &club) else {
            panic!("the rows in a runaway quote were read");
        };
        let said: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
        assert_eq!(said.len(), 1, "{said:?}");
        assert!(
            said[0].starts_with(
                "s.csv line 2: a quote opens a field on this line that takes in line 3 "
            ),
            "{said:?}"
        );
    }

    #[test]
    fn a_sessions_csv_naming_a_column_twice_is_refused_on_its_header() {
        let club = read_settings("", "club.toml").unwrap();
        for (before, line) in [("", 1), ("# exported by the club\n", 2)] {
            let csv =
                format!("{before}date,line,players,score,Score\n2025-09-02,A,a1+a2,57.5,42.5\n");
            let Err(errors) = read_sessions_csv(&csv, "s.csv", &club) else {
                panic!("a header with two score columns was read");
            };
            let said: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
            assert_eq!(
                said,
                [format!(
                    "s.csv line {line}: the header has two score columns (columns 4 and 5): keep the one to rank"
                )]
            );
        }
    }

    #[test]
    fn columns_not_read_are_a_warning_on_the_header_line() {
        let csv =
            "# sessions\ndate,Notes,moment,players,score,,Room\n2025-09-02,x,tuesday,p1+p2,60,,\n";
        let w: Vec<String> = sessions_csv_warnings(csv, "s.csv")
            .iter()
            .map(|w| w.to_string())
            .collect();
        assert_eq!(
            w,
            ["s.csv line 2: the columns Notes and Room are not read: their contents are ignored"]
        );
        let read = "date,moment,line,form,players,score,team,opponent\n";
        assert!(sessions_csv_warnings(read, "s.csv").is_empty());
    }

    #[test]
    fn seed_custom_scale_from_the_a_line_average() {
        // The seed's appendix: balanced, ST 64 %, A 64, B 28, S 7, three lines: C-line
        // points equal the percentage, B +7, A +14.
        let text =
            "method = \"balanced\"\nst_pairs = 64\na = 64\nb = 28\ns = 7\nlines = 3\nz = 1\n";
        let club = read_settings(text, "custom.toml").unwrap();
        assert_eq!(club.settings.top, int(78));
        let csv = "date,line,players,score\n\
            2025-09-02,A,a1+a2,57.5\n2025-09-02,A,a3+a4,42.5\n\
            2025-09-02,B,b1+b2,61.25\n2025-09-02,B,b3+b4,38.75\n\
            2025-09-02,C,c1+c2,50\n2025-09-02,C,c3+c4,50\n";
        let got = rank(&club, read_sessions_csv(csv, "s.csv", &club).unwrap()).unwrap();
        let s = &got[0];
        assert_eq!(s.ranking_of("a1"), frac(1430, 20));
        assert_eq!(s.ranking_of("a3"), frac(1130, 20));
        assert_eq!(s.ranking_of("b1"), frac(6825, 100));
        assert_eq!(s.ranking_of("b4"), frac(4575, 100));
        assert_eq!(s.ranking_of("c1"), int(50));
    }

    #[test]
    fn bad_settings_name_the_line() {
        let e = read_settings("z = 6\nst_pairs = 45\n", "club.toml").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("club.toml line 2: setting `st_pairs`"),
            "{e}"
        );
        let e = read_settings("zz = 6\n", "club.toml").unwrap_err();
        assert!(e.to_string().contains("unknown field `zz`"), "{e}");
        let e = read_settings("g = 100\na = 80\n", "club.toml").unwrap_err();
        assert!(e.to_string().contains("not both"), "{e}");
        let e = read_settings("method = \"best\"\n", "club.toml").unwrap_err();
        assert!(e.to_string().contains("club.toml line 1"), "{e}");
        // `me` below the substitutes' default: the default follows it; a given `inv`
        // above `me` is still refused.
        let club = read_settings("me = 4\n", "club.toml").unwrap();
        assert_eq!((club.settings.me, club.settings.inv), (4, 4));
        let e = read_settings("me = 4\ninv = 5\n", "club.toml").unwrap_err();
        assert!(e.to_string().contains("setting `inv`"), "{e}");
        let club = read_settings("pairs = [\"1001+1002\"]\n", "club.toml").unwrap();
        assert_eq!(club.pairs, [["1001".to_string(), "1002".to_string()]]);
        let e = read_settings("z = 6\npairs = [\"1001+1001\"]\n", "club.toml").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("club.toml line 2: pair `1001+1001` must be two different player ids"),
            "{e}"
        );
    }

    /// Each part of the settings is checked in turn, and the first problem is told with
    /// the line of its setting.
    #[test]
    fn the_first_problem_in_the_settings_is_told() {
        for (text, want) in [
            (
                "[replacement_players]\np1 = 75\np2 = -3\n",
                "club.toml line 3: replacement ranking of player p2 is negative",
            ),
            (
                "[replacement_players]\np3 = \"x\"\n",
                "club.toml line 2: setting `p3` = x is not a number: write it like 63.5",
            ),
            (
                "[[moment]]\nname = \"x\"\nform = \"golf\"\n",
                "club.toml line 3: playing moment `x`: form `golf` is not pairs, butler or teams",
            ),
            (
                "[[moment]]\nname = \"tue\"\n[[moment]]\nname = \"tue\"\nform = \"teams\"\n",
                "club.toml line 4: playing moment `tue` is empty or given twice",
            ),
            (
                "[[moment]]\nname = \"x\"\nform = \"pairs\"\n[[moment]]\nname = \"y\"\nform = \"golf\"\n",
                "club.toml line 6: playing moment `y`: form `golf` is not pairs, butler or teams",
            ),
            (
                "[names]\np2 = \"Piet\"\n[replacement_players]\np1 = 75\np2 = -3\n",
                "club.toml line 5: replacement ranking of player p2 is negative",
            ),
            (
                "[[season]]\nname = \"c\"\nstart = \"2026-13-01\"\nend = \"2026-12-31\"\n",
                "club.toml line 3: season `c` runs from 2026-13-01 to 2026-12-31: give dates YYYY-MM-DD, start before end",
            ),
            (
                "[[season]]\nname = \"a\"\nstart = \"2025-09-01\"\nend = 2026-08-31\n[[season]]\nname = \"b\"\nstart = \"2026-01-01\"\nend = \"2026-12-31\"\n",
                "club.toml line 7: seasons `a` and `b` overlap",
            ),
            (
                "threesomes = [\"p1+p2+p3\", \"p1+p1+p3\"]\n",
                "club.toml line 1: threesome `p1+p1+p3` must be three different player ids joined by `+`",
            ),
            (
                "min = \"x\"\n",
                "club.toml line 1: setting `min` = \"x\" is neither a number of sessions (20) nor a share of the club nights (\"60%\")",
            ),
            (
                "st_butler = \"q\"\nst_pairs = \"w\"\n",
                "club.toml line 2: setting `st_pairs` = w is not a number: write it like 63.5",
            ),
            (
                "z = 0\nreplacement = \"y\"\n",
                "club.toml line 2: setting `replacement` = y is not a number: write it like 63.5",
            ),
            (
                "lines = 0\nz = 0\n",
                "club.toml line 1: setting `lines` = 0 is out of range: a club plays in 1 to 26 lines (A to Z): correct it in the settings",
            ),
            (
                "replacement = \"63.0000000000000000000000000000005\"\n",
                "club.toml line 1: setting `replacement` = 63.0000000000000000000000000000005 has 31 decimals: klaver reads at most 30; round it",
            ),
            (
                "method = \"best\"\nb = \"x\"\n",
                "club.toml line 2: setting `b` = x is not a number: write it like 63.5",
            ),
            (
                "pairs = [\"1\"]\nthreesomes = [\"a+b\"]\n[[moment]]\nname = \" \"\n",
                "club.toml line 4: playing moment ` ` is empty or given twice",
            ),
        ] {
            let e = read_settings(text, "club.toml").unwrap_err();
            assert_eq!(e.to_string(), want, "{text}");
        }
    }

    #[test]
    fn a_player_read_many_times_is_kept_once() {
        let club = read_settings("[[moment]]\nname = \"tue\"\n", "c.toml").unwrap();
        let csv = "date,moment,line,players,score\n\
                   2025-09-02,tue,A,1001+1002,55\n\
                   2025-09-02,tue,A,1003+1004,45\n\
                   2025-09-09,tue,A,1002+1003,60\n";
        let s = read_sessions_csv(csv, "s.csv", &club).unwrap();
        let (first, again) = (&s[0].pairs[0].players[1], &s[1].pairs[0].players[0]);
        assert_eq!(&**first, "1002");
        assert!(SharedText::ptr_eq(first, again));
        assert!(SharedText::ptr_eq(&s[0].pairs[0].line, &s[1].pairs[0].line));
        assert_eq!(s[1].pairs[0].origin.to_string(), "s.csv line 4");
    }

    #[test]
    fn spaces_around_fields_and_names_are_not_part_of_them() {
        let club = read_settings("[[moment]]\nname = \"tue\"\n", "c.toml").unwrap();
        let clean = "date,moment,line,players,score,form\n\
                     2025-09-02,tue,A,1001+1002,55,pairs\n\
                     2025-09-02,tue,A,1003+1004,45,pairs\n";
        let spaced = " date , moment ,line,\tplayers,score , form\n\
                      \t2025-09-02 , tue ,  A , 1001 + 1002 , 55 , pairs \n\
                      2025-09-02,tue,A ,1003+ 1004,\t45\t,pairs\n";
        let (a, b) = (
            read_sessions_csv(clean, "s.csv", &club).unwrap(),
            read_sessions_csv(spaced, "s.csv", &club).unwrap(),
        );
        assert_eq!(a, b);
        assert_eq!(&*b[0].pairs[1].players[1], "1004");
    }

    #[test]
    fn sessions_csv_to_rankings() {
        let club = read_settings(SETTINGS, "club.toml").unwrap();
        let csv = "date,moment,line,players,score\n\
            2025-09-02,tuesday,A,p1+p2,63.5\n\
            2025-09-02,tuesday,A,p3+p4,36.5\n\
            2025-09-09,tuesday,A,p1+p3,50\n\
            2025-09-09,tuesday,A,p2+p4,50\n";
        let sessions = read_sessions_csv(csv, "s.csv", &club).unwrap();
        assert_eq!(sessions.len(), 2);
        assert_eq!(sessions[0].pairs[1].origin.to_string(), "s.csv line 3");
        let got = rank(&club, sessions).unwrap();
        // One line of nominal three: 100-40. p1: 100 then 70: ranking 85.
        assert_eq!(got[0].ranking_of("p1"), int(85));
        let report = RankingReport {
            club: &club,
            standings: vec![&got[0]],
            lines: None,
            sessions: true,
            lang: ReportLang::En,
        };
        let json: serde_json::Value = serde_json::from_str(&render_json(&report).unwrap()).unwrap();
        assert_eq!(json["players"][0]["player"], "p1");
        assert_eq!(json["players"][0]["ranking"], 85.0);
        assert!(json["championship"]["individual"][0]["eligible"].is_boolean());
        let text = render_text(&report);
        assert!(text.contains("Player ranking"), "{text}");
        let html = render_html(&report);
        assert!(html.contains("<h2>Player ranking</h2>"));
    }

    #[test]
    fn min_as_a_share_of_the_club_nights() {
        // Five club nights; the seed recommends min = 60 % of them: 3 sessions.
        let club = read_settings("z = 2\nmin = \"60%\"\nx = 1\n", "club.toml").unwrap();
        assert_eq!(club.settings.min, MinSessions::Percent(60));
        let mut csv = String::from("date,line,players,score\n");
        for (day, played) in [(2, true), (9, true), (16, true), (23, false), (30, false)] {
            if played {
                csv.push_str(&format!("2025-09-{day:02},A,p1+p2,55\n"));
            }
            csv.push_str(&format!("2025-09-{day:02},A,p3+p4,45\n"));
            csv.push_str(&format!("2025-09-{day:02},A,p5+p6,50\n"));
        }
        let got = rank(&club, read_sessions_csv(&csv, "s.csv", &club).unwrap()).unwrap();
        let s = &got[0];
        assert_eq!(s.min_sessions, 3);
        let p1 = s.players.iter().find(|p| &*p.player == "p1").unwrap();
        assert!(p1.championship.eligible(), "{:?}", p1.championship);
        let report = RankingReport {
            club: &club,
            standings: vec![s],
            lines: None,
            sessions: false,
            lang: ReportLang::En,
        };
        let text = render_text(&report);
        assert!(
            text.contains("Club championship, individual (min 60 % = 3, x 1)"),
            "{text}"
        );
        // Two nights of five: 60 % of them is 1.2, rounded up to 2 sessions.
        let two: String = csv.lines().take(7).map(|l| format!("{l}\n")).collect();
        let got = rank(&club, read_sessions_csv(&two, "s.csv", &club).unwrap()).unwrap();
        assert_eq!(got[0].min_sessions, 2);
        for bad in ["min = \"0%\"", "min = \"120%\"", "min = \"sixty\""] {
            let e = read_settings(bad, "club.toml").unwrap_err().to_string();
            assert!(
                e.starts_with("club.toml line 1: setting `min`"),
                "{bad}: {e}"
            );
        }
    }

    /// A small season in `lang`: a pair not yet together often enough, a player not yet
    /// in enough sessions, every session's points and tonight's lines.
    fn small_season(lang: ReportLang) -> (String, String) {
        let club = read_settings(SETTINGS, "club.toml").unwrap();
        let csv = "date,moment,line,players,score\n\
            2025-09-02,tuesday,A,p1+p2,63.5\n\
            2025-09-02,tuesday,A,p3+p4,36.5\n\
            2025-09-09,tuesday,A,p1+p3,50\n\
            2025-09-09,tuesday,A,p2+p4,50\n\
            2025-09-16,tuesday,A,p1+p5,55\n\
            2025-09-16,tuesday,A,p2+p6,45\n";
        let got = rank(&club, read_sessions_csv(csv, "s.csv", &club).unwrap()).unwrap();
        let tuesday = got.iter().find(|s| s.moment == "tuesday").unwrap();
        let present = read_present("p1+p2,p3+p4", "--present").unwrap();
        let report = RankingReport {
            club: &club,
            standings: vec![tuesday],
            lines: Some(line_assignment(tuesday, &present, 1).unwrap()),
            sessions: true,
            lang,
        };
        (render_text(&report), render_html(&report))
    }

    #[test]
    fn a_dutch_ranking_speaks_the_nbbs_dutch() {
        let (text, html) = small_season(ReportLang::Nl);
        for words in [
            "Speelmoment tuesday, seizoen 2025-2026: 3 zittingen\n",
            "Rekenmethode naar rato, gebalanceerd; G 100.00, B 40.00, S 10.00, 3 lijnen; Z 2; vervangende ranking 70.00\n",
            "\nRanking spelers\n   #  Speler  Ranking  Gespeeld  Laatste punten\n",
            "\nRanking paren en driemanschappen\n  #  Paar      Ranking  Verloop\n",
            "\nClubkampioenschap, individueel (min 2, x 1)\n   #  Speler  Gemiddelde  Geteld  Afvalscores  In aanmerking\n",
            "  ja\n",
            "nog niet: 1 van de 2 benodigde zittingen gespeeld (nog 1)\n",
            "\nClubkampioenschap, paren en driemanschappen (me 2, inv 1, y 1)\n",
            "Met elkaar  Met invaller  Afvalscores  In aanmerking\n",
            "nog niet: 1 met elkaar en 0 met een invaller van de 2 benodigde (nog 1)\n",
            "\nZitting 2025-09-02 (paren)\n  Lijn  Paar   Score  Rankingpunten\n  A     p1+p2  63.50         100.00\n",
            "\nLijnindeling vanavond\n  Lijn  Paar   Ranking\n  A     p1+p2   140.00\n",
        ] {
            assert!(text.contains(words), "{words:?} not in\n{text}");
        }
        for english in [
            "Player", "Pair", "Played", "Eligible", "yes", "not yet", "Session", "tonight",
            "Method", "season",
        ] {
            assert!(!text.contains(english), "{english} in\n{text}");
            assert!(!html.contains(english), "{english} in\n{html}");
        }
        assert!(html.contains("<html lang=\"nl\">"), "{html}");
        assert!(html.contains("<title>Clubranking</title>"), "{html}");
        assert!(html.contains("<h2>Lijnindeling vanavond</h2>"), "{html}");
        assert!(html.contains("<p class=\"meta\">3 zittingen. Rekenmethode naar rato"));
    }

    #[test]
    fn a_turkish_ranking_speaks_turkish() {
        let (text, html) = small_season(ReportLang::Tr);
        for words in [
            "Turnuva tuesday, sezon 2025-2026: 3 oturum\n",
            "Yöntem skor oranına göre, dengeli; G 100.00, B 40.00, S 10.00, 3 grup; Z 2; başlangıç sıralaması 70.00\n",
            "\nOyuncu sıralaması\n   #  Oyuncu  Sıralama  Oynanan  Son puanlar\n",
            "\nÇift ve üçlü sıralaması\n  #  Çift      Sıralama  Geçmiş\n",
            "\nKulüp şampiyonası, bireysel (min 2, x 1)\n   #  Oyuncu  Ortalama  Sayılan  Atılan  Hak kazandı\n",
            "  evet\n",
            "henüz değil: gereken 2 oturumun 1 tanesi oynandı (1 kaldı)\n",
            "\nKulüp şampiyonası, çiftler ve üçlüler (me 2, inv 1, y 1)\n",
            "Birlikte  Yedekle  Atılan  Hak kazandı\n",
            "henüz değil: gereken 2 oturumun 1 tanesi birlikte, 0 tanesi yedek oyuncuyla (1 kaldı)\n",
            "\nOturum 2025-09-02 (çiftler)\n  Grup  Çift    Skor    Puan\n",
            "\nBu akşamın grupları\n  Grup  Çift   Sıralama\n  A     p1+p2    140.00\n",
        ] {
            assert!(text.contains(words), "{words:?} not in\n{text}");
        }
        for english in [
            "Player", "Pair", "Played", "Eligible", "yes", "not yet", "Session", "tonight",
            "Method", "season", "Ranking",
        ] {
            assert!(!text.contains(english), "{english} in\n{text}");
            assert!(!html.contains(english), "{english} in\n{html}");
        }
        assert!(html.contains("<html lang=\"tr\">"), "{html}");
        assert!(html.contains("<title>Kulüp sıralaması</title>"), "{html}");
        assert!(html.contains("<th>Oyuncu</th>"), "{html}");
    }

    #[test]
    fn an_english_ranking_is_unchanged() {
        let (text, html) = small_season(ReportLang::En);
        assert!(text.starts_with("Playing moment tuesday, season 2025-2026: 3 sessions\nMethod balanced; G 100.00, B 40.00, S 10.00, 3 lines; Z 2; replacement ranking 70.00\n"), "{text}");
        assert!(text.contains("not yet: played 1 of the 2 sessions needed (1 to go)\n"));
        assert!(
            text.contains("\nLines for tonight\n  Line  Pair   Ranking\n"),
            "{text}"
        );
        assert!(html.starts_with("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>Club ranking</title><style>"));
    }

    #[test]
    fn bad_rows_name_their_line() {
        let club = read_settings(SETTINGS, "club.toml").unwrap();
        let csv = "date,moment,line,players,score\n2025-09-02,tuesday,A,p1+p2,abc\n2025-9-2,tuesday,A,p1+p2,50\n";
        let e = read_sessions_csv(csv, "s.csv", &club).unwrap_err();
        assert!(
            e[0].to_string().starts_with("s.csv line 2: score `abc`"),
            "{}",
            e[0]
        );
        assert!(
            e[1].to_string().starts_with("s.csv line 3: date"),
            "{}",
            e[1]
        );
    }

    /// A decimal comma in an unquoted score splits it in two fields: the row is refused,
    /// not ranked on the part before the comma.
    #[test]
    fn a_row_with_more_fields_than_the_header_is_refused() {
        let club = read_settings(SETTINGS, "club.toml").unwrap();
        let csv = "date,moment,line,players,score\n\
            2025-09-02,tuesday,A,p1+p2,55,3\n\
            2025-09-02,tuesday,A,p3+p4,45\n";
        for plain in [true, false] {
            let e = read_sessions_csv_in(csv, "s.csv", &club, 1, plain).unwrap_err();
            let told: Vec<String> = e.iter().map(|e| e.to_string()).collect();
            assert_eq!(told.len(), 1, "{told:?}");
            assert!(
                told[0].starts_with("s.csv line 2: the row has 6 fields but the header 5"),
                "{told:?}"
            );
            assert!(told[0].contains("\"55,3\""), "{told:?}");
        }
        let quoted = csv.replace("55,3", "\"55,3\"");
        let s = read_sessions_csv(&quoted, "s.csv", &club).unwrap();
        assert_eq!(s[0].pairs[0].score, frac(553, 10));
        // Empty fields past the header (a spreadsheet's trailing comma) hold nothing.
        let trailing = csv.replace("55,3", "55.3,").replace("45\n", "45,,\n");
        let s = read_sessions_csv(&trailing, "s.csv", &club).unwrap();
        assert_eq!(s[0].pairs[0].score, frac(553, 10));
        // A name cut by a comma is no decimal comma: no score to suggest.
        let cut = csv.replace("p1+p2,55,3", "Jansen, Jan,55.3");
        let e = read_sessions_csv_in(&cut, "s.csv", &club, 1, true).unwrap_err();
        assert!(
            !e[0].to_string().contains("write the score with a point"),
            "{e:?}"
        );
    }

    /// With several playing moments a row must say which it is played in: it is not
    /// put in the first.
    #[test]
    fn a_row_without_a_moment_is_refused_when_the_settings_have_several() {
        let club = read_settings(SETTINGS, "club.toml").unwrap();
        let csv = "date,moment,line,players,score\n\
            2025-09-02,tuesday,A,p1+p2,55\n\
            2025-09-02,,A,p3+p4,45\n";
        for plain in [true, false] {
            let e = read_sessions_csv_in(csv, "s.csv", &club, 1, plain).unwrap_err();
            let told: Vec<String> = e.iter().map(|e| e.to_string()).collect();
            assert_eq!(
                told,
                ["s.csv line 3: the row names no playing moment: give one of tuesday, teams"]
            );
        }
        let no_column = "date,line,players,score\n2025-09-02,A,p1+p2,55\n";
        let e = read_sessions_csv(no_column, "s.csv", &club).unwrap_err();
        assert_eq!(
            e[0].to_string(),
            "s.csv line 1: the header has no moment column: add one naming each row's playing moment (tuesday, teams)"
        );
        // A club of one playing moment needs none.
        let one = read_settings("[[moment]]\nname = \"friday\"\n", "one.toml").unwrap();
        let s = read_sessions_csv(no_column, "s.csv", &one).unwrap();
        assert_eq!(s[0].moment, "friday");
    }

    /// A row refused for its score leaves no session behind: a later row of the same
    /// night in another form is not told that the refused row set the night's form.
    #[test]
    fn a_row_refused_for_its_score_starts_no_session() {
        let club = read_settings(SETTINGS, "club.toml").unwrap();
        let csv = "date,moment,line,players,score,form\n\
            2025-09-02,tuesday,A,p1+p2,fifty,pairs\n\
            2025-09-02,tuesday,A,p3+p4,50,butler\n";
        for plain in [true, false] {
            let e = read_sessions_csv_in(csv, "s.csv", &club, 1, plain).unwrap_err();
            let told: Vec<String> = e.iter().map(|e| e.to_string()).collect();
            assert_eq!(told.len(), 1, "{told:?}");
            assert!(
                told[0].starts_with("s.csv line 2: score `fifty`"),
                "{told:?}"
            );
        }
    }

    #[test]
    fn a_file_read_in_parts_gives_the_sessions_read_in_one_go() {
        use crate::generate::{SeasonOptions, season};
        let (csv, club) = season(SeasonOptions {
            players: 300,
            seed: 7,
        });
        // A comment before the header, and one row of a session far from its others.
        let mut csv = format!("# season\n{csv}");
        let late = csv.lines().nth(2).unwrap().to_string();
        csv.push_str(&late);
        csv.push('\n');
        // The same with comments and blank lines among the rows, and with CRLF line ends.
        let mut spaced = String::new();
        for (i, line) in csv.lines().enumerate() {
            spaced.push_str(line);
            spaced.push('\n');
            if i > 1 && i % 37 == 0 {
                spaced.push_str("# a comment\n\n");
            }
        }
        let crlf = spaced.replace('\n', "\r\n");
        for text in [&csv, &spaced, &crlf] {
            let whole = read_sessions_csv_in(text, "s.csv", &club, 1, false).unwrap();
            for parts in [1, 2, 3, 7, 40] {
                for plain in [false, true] {
                    let read = read_sessions_csv_in(text, "s.csv", &club, parts, plain).unwrap();
                    assert!(read == whole, "read in {parts} parts, plain: {plain}");
                    let alone = klaver_core::parts::without_threads(|| {
                        read_sessions_csv_in(text, "s.csv", &club, parts, plain).unwrap()
                    });
                    assert!(
                        alone == whole,
                        "{parts} parts without threads, plain: {plain}"
                    );
                }
            }
            // Every row names the line it is on.
            let mut named: Vec<String> = whole
                .iter()
                .flat_map(|s| &s.pairs)
                .map(|p| p.origin.to_string())
                .collect();
            let mut rows: Vec<String> = text
                .lines()
                .enumerate()
                .filter(|(_, l)| l.starts_with("20"))
                .map(|(i, _)| format!("s.csv line {}", i + 1))
                .collect();
            named.sort();
            rows.sort();
            assert!(named == rows, "the rows' lines");
        }
        // An error in any part is told exactly as when read in one go.
        let bad = csv
            .replacen(",A,", ",A,x", 1)
            .replacen("2026-06-13,", "2026-06-31,", 1)
            + "2025-09-02,club0001,A,p1+p2,fifty\n";
        let text = |parts, plain| match read_sessions_csv_in(&bad, "s.csv", &club, parts, plain) {
            Ok(_) => panic!("errors not found"),
            Err(e) => e.iter().map(|e| e.to_string()).collect::<Vec<_>>(),
        };
        let one = text(1, false);
        assert_eq!(one.len(), 2, "{one:?}");
        assert_eq!(text(4, false), one);
        assert_eq!(text(1, true), one);
        assert_eq!(text(4, true), one);
    }

    #[test]
    fn a_report_of_many_moments_without_threads_is_the_same_report() {
        use crate::generate::{SeasonOptions, season};
        let (csv, club) = season(SeasonOptions {
            players: 300,
            seed: 11,
        });
        let sessions = read_sessions_csv(&csv, "s.csv", &club).unwrap();
        let standings = rank(&club, sessions).unwrap();
        assert!(standings.len() >= 2, "moments enough for workers");
        let report = RankingReport {
            club: &club,
            standings: standings.iter().collect(),
            lines: None,
            sessions: true,
            lang: ReportLang::En,
        };
        let on_threads = render_json(&report).unwrap();
        let alone = klaver_core::parts::without_threads(|| render_json(&report).unwrap());
        assert!(alone == on_threads, "the same report");
        assert!(on_threads.contains(&*standings[1].moment));
    }

    /// A quoted field may hold a line break, so a file with quotes is read in one go,
    /// never cut at a line break inside quotes: here each row's last field holds a line
    /// break followed by what would read as a row of its own.
    #[test]
    fn a_file_with_quotes_is_read_in_one_go() {
        use crate::generate::{SeasonOptions, season};
        let (csv, club) = season(SeasonOptions {
            players: 300,
            seed: 3,
        });
        let mut text = String::new();
        for (i, line) in csv.lines().enumerate() {
            text.push_str(line);
            if i == 0 {
                text.push_str(",note\n");
                continue;
            }
            let session: Vec<&str> = line.split(',').take(2).collect();
            let _ = writeln!(text, ",\"ok\n{},A,9{i}1+9{i}2,50,x\"", session.join(","));
        }
        // Each quote runs over a line end: every row is refused on its own line, the
        // row inside its quote never read as a row, however many parts are asked for.
        let whole = read_sessions_csv_in(&text, "s.csv", &club, 1, true).unwrap_err();
        assert_eq!(whole.len(), csv.lines().count() - 1);
        assert!(
            whole[1]
                .to_string()
                .starts_with("s.csv line 4: a quote opens")
        );
        for parts in [2, 3, 7, 40] {
            let got = read_sessions_csv_in(&text, "s.csv", &club, parts, true).unwrap_err();
            assert!(got == whole, "read in {parts} parts");
        }
        // Closed on its own line, each quote is a field like any other.
        let text = text.replace("\"ok\n", "\"ok\"\n").replace(",x\"\n", ",x\n");
        let whole = read_sessions_csv_in(&text, "s.csv", &club, 1, true).unwrap();
        let read: usize = whole.iter().map(|s| s.pairs.len()).sum();
        assert_eq!(read, 2 * (csv.lines().count() - 1));
        for parts in [2, 3, 7, 40] {
            let got = read_sessions_csv_in(&text, "s.csv", &club, parts, true).unwrap();
            assert!(got == whole, "read in {parts} parts");
        }
    }

    #[test]
    fn teams_rows() {
        let club = read_settings(SETTINGS, "club.toml").unwrap();
        let csv = "date,moment,players,score,team,opponent\n\
            2025-09-04,teams,a+b+c+d,17,X,Y\n\
            2025-09-04,teams,e+f+g+h,3,Y,X\n";
        let sessions = read_sessions_csv(csv, "t.csv", &club).unwrap();
        assert_eq!(sessions[0].form, Form::Teams);
        let got = rank(&club, sessions).unwrap();
        let teams = got.iter().find(|s| s.moment == "teams").unwrap();
        assert_eq!(teams.ranking_of("a"), int(80));
    }

    /// A teams row's seat left empty is a guest without an id: no player, but a seat of
    /// the team, shown empty in the report; a row of three ids has no guest.
    #[test]
    fn a_teams_rows_empty_seat_is_a_guest() {
        let club = read_settings(SETTINGS, "club.toml").unwrap();
        let csv = "date,moment,players,score,team,opponent\n\
            2025-09-04,teams,a+b+c+ ,17,X,Y\n\
            2025-09-04,teams,e+f+g+h,3,Y,X\n\
            2025-09-11,teams,a+ +b+c,17,X,Y\n\
            2025-09-11,teams,e+f+g,3,Y,X\n";
        let sessions = read_sessions_csv(csv, "t.csv", &club).unwrap();
        let rows: Vec<(usize, usize)> = sessions
            .iter()
            .flat_map(|s| s.teams.iter().map(|t| (t.players.len(), t.guests)))
            .collect();
        assert_eq!(rows, [(3, 1), (4, 0), (3, 1), (3, 0)]);
        let first = sessions.into_iter().take(1).collect();
        let got = rank(&club, first).unwrap();
        let teams = got.iter().find(|s| s.moment == "teams").unwrap();
        let report = RankingReport {
            club: &club,
            standings: vec![teams],
            lines: None,
            sessions: true,
            lang: ReportLang::En,
        };
        let text = render_text(&report);
        assert!(text.contains("\n  X     a+b+c+ "), "{text}");
        assert!(!text.contains("a+b+c++"), "{text}");
    }

    /// A player's id holding a character that shows nothing made another player who
    /// looks the same, ranked apart without a word.
    #[test]
    fn a_player_id_holding_an_invisible_character_is_refused() {
        let club = read_settings(SETTINGS, "club.toml").unwrap();
        let csv = "date,moment,line,players,score\n\
            2025-09-02,tuesday,A,1001\u{200b}+1002,55\n\
            2025-09-02,tuesday,A,1003+1004,45\n";
        let e = read_sessions_csv(csv, "s.csv", &club).unwrap_err();
        assert_eq!(
            e[0].to_string(),
            "s.csv line 2: the players \"1001\\u{200b}+1002\" holds an invisible character (U+200B ZERO WIDTH SPACE): remove it"
        );
    }

    /// A moment of teams nights only, without the club's fixed pairs, has no pairs: its
    /// report shows the players and the teams nights, and no empty pair tables.
    #[test]
    fn a_moment_of_teams_nights_prints_no_empty_pair_tables() {
        let club = read_settings(SETTINGS, "club.toml").unwrap();
        let csv = "date,moment,players,score,team,opponent\n\
            2025-09-04,teams,a+b+c+d,17,X,Y\n\
            2025-09-04,teams,e+f+g+h,3,Y,X\n";
        let got = rank(&club, read_sessions_csv(csv, "t.csv", &club).unwrap()).unwrap();
        let teams = got.iter().find(|s| s.moment == "teams").unwrap();
        assert!(teams.entrants.is_empty());
        let report = RankingReport {
            club: &club,
            standings: vec![teams],
            lines: None,
            sessions: true,
            lang: ReportLang::En,
        };
        let text = render_text(&report);
        assert!(text.contains("\nPlayer ranking\n"), "{text}");
        assert!(text.contains("Club championship, individual"), "{text}");
        assert!(text.contains("\nSession 2025-09-04 (teams)\n"), "{text}");
        assert!(!text.contains("Pair and threesome ranking"), "{text}");
        assert!(!text.contains("pairs and threesomes"), "{text}");
        let html = render_html(&report);
        assert!(html.contains("<h2>Player ranking</h2>"), "{html}");
        assert!(!html.contains("Pair and threesome ranking"), "{html}");
        assert!(!html.contains("pairs and threesomes"), "{html}");
    }

    #[test]
    fn bad_teams_rows_are_named() {
        let club = read_settings(SETTINGS, "club.toml").unwrap();
        let csv = "date,moment,players,score,team,opponent\n\
            2025-09-04,teams,a+b+c+d,21,X,Y\n\
            2025-09-04,teams,e+f+g,3,Y,Z\n\
            2025-09-04,teams,h+i+j+k,3,,X\n";
        let e = read_sessions_csv(csv, "t.csv", &club).unwrap_err();
        assert!(
            e[0].to_string()
                .starts_with("t.csv line 4: a teams row needs"),
            "{}",
            e[0]
        );
        let csv = csv.rsplit_once("2025-09-04,teams,h").unwrap().0;
        let sessions = read_sessions_csv(csv, "t.csv", &club).unwrap();
        let text: Vec<String> = rank(&club, sessions)
            .unwrap_err()
            .iter()
            .map(|e| e.to_string())
            .collect();
        assert!(
            text.iter().any(|t| t.starts_with(
                "t.csv line 2: session 2025-09-04 teams: score 21.00 is outside 0 to 20 VP"
            )),
            "{text:?}"
        );
        assert!(
            text.iter()
                .any(|t| t.starts_with("t.csv line 3: session 2025-09-04 teams: team Y meets `Z`")),
            "{text:?}"
        );
        assert!(
            text.iter()
                .any(|t| t == "t.csv line 3: session 2025-09-04 teams: team Y has 3 players; a team has at least four: list all its players"),
            "{text:?}"
        );
    }

    /// A pair whose score cannot be read is an error naming it, never left out of the
    /// night; a pair that played no board is left out with a warning.
    #[test]
    fn score_json_pairs_without_a_readable_score_are_told() {
        let club = read_settings(SETTINGS, "club.toml").unwrap();
        let json = r#"{"date":"2025-09-02","boards":[],"pairs":[
            {"pair":"1","section":"","players":["p1","p2"],"percentage_exact":"55","boards":2},
            {"pair":"2","section":"","players":["p3","p4"],"percentage_exact":"45","boards":2},
            {"pair":"5","section":"","players":["p5","p6"],"percentage":null,"boards":0},
            {"pair":"1","section":"C","players":["p7","p8"],"percentage":null,"boards":2}]}"#;
        let s = read_score_json(json, "night.json", &club, Some("tuesday")).unwrap();
        assert_eq!(s.pairs.len(), 2);
        // The club plays on two moments: a night that does not say which is refused, as
        // a sessions CSV row is.
        let e = read_score_json(json, "night.json", &club, None).unwrap_err();
        assert_eq!(
            e[0].to_string(),
            "night.json: the club plays at several moments (tuesday, teams) and the file does not say which this night was: give it with --moment"
        );
        let (warnings, read) = read_score_json_with_warnings(json, "night.json", &club, None);
        assert_eq!(read.unwrap_err(), e);
        let warned: Vec<String> = warnings.iter().map(|w| w.to_string()).collect();
        // (A section of one table: its boards had nothing to compare with.)
        assert_eq!(
            warned,
            [
                "night.json: pair 5 played no board: not ranked",
                "night.json: pair 1 (section C) has no score: its 2 boards had no other result to compare with: not ranked"
            ]
        );
        for bad in [r#""percentage_exact":"fifty""#, r#""percentage":"50""#] {
            let text = json.replace(r#""percentage_exact":"45""#, bad);
            let e = read_score_json(&text, "night.json", &club, Some("tuesday")).unwrap_err();
            assert!(
                e[0].to_string()
                    .starts_with("night.json: pair 2: the score"),
                "{}",
                e[0]
            );
        }
        // A byte order mark at the start was refused, where `klaver score` reads it.
        let marked = format!("\u{feff}{json}");
        assert!(read_score_json(&marked, "night.json", &club, Some("tuesday")).is_ok());
        // A pair giving its score twice was ranked on the last of them, without a word.
        let text = json.replace(
            r#""percentage_exact":"45""#,
            r#""percentage_exact":"45","percentage_exact":"65""#,
        );
        let e = read_score_json(&text, "night.json", &club, Some("tuesday")).unwrap_err();
        assert!(
            e[0].to_string().starts_with(
                "night.json: line 3: the object gives the key \"percentage_exact\" twice"
            ),
            "{}",
            e[0]
        );
        // A rounded score read back with more decimals than are read says so.
        let text = json.replace(r#""percentage_exact":"45""#, r#""percentage":1e-31"#);
        let e = read_score_json(&text, "night.json", &club, Some("tuesday")).unwrap_err();
        assert_eq!(
            e[0].to_string(),
            "night.json: pair 2: the score `1e-31` (`percentage`) has 31 decimals: klaver reads at most 30: score the session again with `klaver score --format json`"
        );
    }

    /// A pair given twice in a night's JSON pairs list was ranked twice, its second
    /// entry's players taking the pair's place beside the first without a word: the
    /// first entry is ranked, as `klaver score` reads the list, and the other is said on
    /// its line; an entry given again as it was is passed over.
    #[test]
    fn score_json_pair_given_twice_is_ranked_on_its_first_entry() {
        let club = read_settings(SETTINGS, "club.toml").unwrap();
        let json = r#"{"date":"2025-09-02","boards":[],"pairs":[
            {"pair":"1","section":"","players":["p1","p2"],"percentage_exact":"55","boards":2},
            {"pair":"2","section":"","players":["p3","p4"],"percentage_exact":"45","boards":2},
            {"pair":"2","section":"","players":["p3","p4"],"percentage_exact":"45","boards":2},
            {"pair":"1","section":"","players":["p7","p8"],"percentage_exact":"60","boards":2},
            {"pair":"1","section":"B","players":["p9","p10"],"percentage_exact":"50","boards":2}]}"#;
        let (warnings, read) =
            read_score_json_with_warnings(json, "n.json", &club, Some("tuesday"));
        let s = read.unwrap();
        let ranked: Vec<(String, Points)> = (s.pairs.iter())
            .map(|p| {
                (
                    klaver_core::ranking::season::pair_name(&p.players),
                    p.score.clone(),
                )
            })
            .collect();
        assert_eq!(
            ranked,
            [
                ("p1+p2".to_string(), int(55)),
                ("p3+p4".to_string(), int(45)),
                ("p9+p10".to_string(), int(50)),
            ]
        );
        let said: Vec<String> = warnings.iter().map(ToString::to_string).collect();
        assert_eq!(
            said,
            [
                "n.json line 5: pair 1 is given twice in the pairs list (entries 1 and 4, with other players or scores): entry 1 is ranked and entry 4 is not; remove the one that is wrong"
            ]
        );
    }

    /// A night's JSON is read once for its warnings and its session: a file with both
    /// pairs left out and errors says each, the warnings in the order of the list, and
    /// a file that is no JSON has no warnings and its error as before.
    #[test]
    fn score_json_warnings_and_errors_come_from_one_reading() {
        let club = read_settings(SETTINGS, "club.toml").unwrap();
        let json = r#"{"date":"2025-09-02","boards":[],"pairs":[
            {"pair":"7","section":"","players":["p1","p2"],"percentage":null,"boards":0},
            {"pair":"2","section":"","players":[],"percentage_exact":"45","boards":2},
            {"pair":"3","section":"B","players":["p3","p4"],"percentage":null,"boards":2},
            {"pair":"4","section":"","players":["p5","p6"],"percentage_exact":"x","boards":2}]}"#;
        let said = |list: &[RankingIoError]| -> Vec<String> {
            list.iter().map(ToString::to_string).collect()
        };
        let (warnings, read) =
            read_score_json_with_warnings(json, "n.json", &club, Some("tuesday"));
        assert_eq!(
            said(&warnings),
            [
                "n.json: pair 7 played no board: not ranked",
                "n.json: pair 3 (section B) has no score: its 2 boards had no other result to compare with: not ranked"
            ]
        );
        let errors = said(&read.unwrap_err());
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert!(errors[0].starts_with("n.json: pair 2 has no player ids"));
        assert!(errors[1].starts_with("n.json: pair 4: the score"));
        // Without the moment: the same warnings, and the moment is asked for first.
        let (again, read) = read_score_json_with_warnings(json, "n.json", &club, None);
        assert_eq!(said(&again), said(&warnings));
        assert!(said(&read.unwrap_err())[0].contains("give it with --moment"));
        // Not JSON: no warnings, and the error of the reading.
        let (none, read) =
            read_score_json_with_warnings("{\"date\":", "n.json", &club, Some("tuesday"));
        assert!(none.is_empty());
        let errors = said(&read.unwrap_err());
        assert!(
            errors[0].starts_with("n.json: not the JSON of `klaver score --format json`: EOF"),
            "{errors:?}"
        );
    }

    #[test]
    fn score_json_with_player_ids() {
        let club = read_settings(SETTINGS, "club.toml").unwrap();
        let json = r#"{"title":"","date":"2025-09-02","top":10,"boards":[{"section":"A"}],
            "pairs":[{"pair":"1","section":"A","players":["p1","p2"],"percentage":57.142857142857146,"percentage_exact":"400/7"},
                     {"pair":"2","section":"A","players":["p3","p4"],"percentage":42.857142857142854,"percentage_exact":"300/7"}]}"#;
        let s = read_score_json(json, "night.json", &club, Some("tuesday")).unwrap();
        assert_eq!(s.pairs[0].score, frac(400, 7));
        assert_eq!(s.moment, "tuesday");
        // Sections scored top-integral (every board's group is the whole field).
        let two = r#"{"date":"2025-09-02","boards":[{"section":""}],
            "pairs":[{"pair":"1","section":"A","players":["p1","p2"],"percentage_exact":"55"},
                     {"pair":"1","section":"B","players":["p3","p4"],"percentage_exact":"45"}]}"#;
        let s = read_score_json(two, "night.json", &club, Some("tuesday")).unwrap();
        assert_eq!(&*s.pairs[1].line, "A+B");
        let butler = r#"{"date":"2025-09-02","form":"butler","boards":[],
            "pairs":[{"pair":"1","section":"","players":["p1","p2"],"imps_per_board_exact":"-1/2"}]}"#;
        let s = read_score_json(butler, "night.json", &club, Some("tuesday")).unwrap();
        assert_eq!(
            (s.form, s.pairs[0].score.clone()),
            (Form::Butler, frac(-1, 2))
        );
        let missing = json.replace(r#""players":["p1","p2"],"#, "");
        let e = read_score_json(&missing, "night.json", &club, Some("tuesday")).unwrap_err();
        assert!(
            e[0].to_string().contains("pair 1 has no player ids"),
            "{}",
            e[0]
        );
    }

    /// A guest's seat without a number (`null`, or `""` written by hand) is no player:
    /// the member beside it is ranked alone, and two guests are no pair of players.
    #[test]
    fn score_json_a_guests_seat_is_no_player() {
        let club = read_settings(SETTINGS, "club.toml").unwrap();
        let json = r#"{"title":"","date":"2025-09-02","top":10,"boards":[{"section":"A"}],
            "pairs":[{"pair":"1","section":"A","players":[null,"p2"],"percentage_exact":"400/7"},
                     {"pair":"2","section":"A","players":["p3",""],"percentage_exact":"300/7"}]}"#;
        let s = read_score_json(json, "night.json", &club, Some("tuesday")).unwrap();
        let ids = |i: usize| {
            s.pairs[i]
                .players
                .iter()
                .map(|p| p.to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(
            (ids(0), ids(1)),
            (vec!["p2".to_string()], vec!["p3".to_string()])
        );
        let guests = json.replace(r#"[null,"p2"]"#, r#"["",null]"#);
        let e = read_score_json(&guests, "night.json", &club, Some("tuesday")).unwrap_err();
        assert!(
            e[0].to_string().contains("pair 1 has no player ids"),
            "{}",
            e[0]
        );
    }

    #[test]
    fn butler_rows_and_escaped_ids() {
        let club = read_settings(SETTINGS, "club.toml").unwrap();
        // Butler in G-IMP, one line of nominal three: 100-40, Bz 60, mid 70:
        // +1 G-IMP is 70 + 1/2 × 30 = 85, −1 is 55.
        let csv = "date,moment,line,players,score,form\n\
            2025-09-02,tuesday,A,<b>+p2,1.0,butler\n\
            2025-09-02,tuesday,A,p3+p4,-1,butler\n";
        let sessions = read_sessions_csv(csv, "b.csv", &club).unwrap();
        assert_eq!(sessions[0].form, Form::Butler);
        let got = rank(&club, sessions).unwrap();
        assert_eq!(got[0].sessions[0].awards[0].points, int(85));
        assert_eq!(got[0].sessions[0].awards[1].points, int(55));
        let report = RankingReport {
            club: &club,
            standings: vec![&got[0]],
            lines: None,
            sessions: true,
            lang: ReportLang::En,
        };
        let html = render_html(&report);
        assert!(html.contains("<td>&lt;b&gt;</td>"), "{html}");
        assert!(!html.contains("<b>"));
    }

    proptest::proptest! {
        #[test]
        fn any_text_is_read_or_refused_without_panicking(text in "\\PC{0,200}") {
            let club = read_settings(SETTINGS, "club.toml").unwrap();
            let _ = read_settings(&text, "club.toml");
            let csv = format!("date,moment,line,players,score,team,opponent,form\n{text}");
            if let Ok(sessions) = read_sessions_csv(&csv, "s.csv", &club) {
                let _ = rank(&club, sessions);
            }
            let _ = read_score_json(&text, "n.json", &club, Some("tuesday"));
            let _ = read_present(&text, "--present");
        }

        #[test]
        fn rows_of_plausible_fields_never_panic(
            rows in proptest::collection::vec(
                ("20[0-9]{2}-[01][0-9]-[0-3][0-9]", "tuesday|teams|x|", "[A-D+]{0,3}", "p[0-9]\\+p[0-9]|p1|", "-?[0-9]{1,3}(\\.[0-9])?", "T[1-3]|", "T[1-3]|"),
                0..12,
            )
        ) {
            let club = read_settings(SETTINGS, "club.toml").unwrap();
            let mut csv = String::from("date,moment,line,players,score,team,opponent\n");
            for r in &rows {
                csv.push_str(&format!("{},{},{},{},{},{},{}\n", r.0, r.1, r.2, r.3, r.4, r.5, r.6));
            }
            if let Ok(sessions) = read_sessions_csv(&csv, "s.csv", &club) {
                let _ = rank(&club, sessions);
            }
        }

        /// Rows without quotes split at their commas read as the csv crate reads them:
        /// the same sessions, or the same errors on the same lines, in one part or more.
        #[test]
        fn rows_split_at_their_commas_read_as_by_the_csv_crate(
            rows in proptest::collection::vec(
                (
                    "20[0-9]{2}-[01][0-9]-[0-3][0-9]|2025-09-0[12]|x",
                    "tuesday|teams| tuesday|",
                    "[AB]|A+B| B |",
                    "p[0-9]\\+p[0-9]| p1 + p2 |p1|",
                    "-?[0-9]{1,3}([.,][0-9]{1,2})?|x| 50 ",
                    "T[1-3]|",
                    "T[1-3]|",
                    "pairs|teams|butler|bridge|",
                    "\n|\r\n|\n\n|\n# note\n|\n \n|,,\n",
                ),
                0..16,
            ),
            last_newline: bool,
        ) {
            let club = read_settings(SETTINGS, "club.toml").unwrap();
            let mut csv = String::from("date,moment,line,players,score,team,opponent,form\n");
            for r in &rows {
                csv.push_str(&format!("{},{},{},{},{},{},{},{}{}", r.0, r.1, r.2, r.3, r.4, r.5, r.6, r.7, r.8));
            }
            if !last_newline {
                csv.truncate(csv.trim_end_matches(['\r', '\n']).len());
            }
            let read = |parts, plain| {
                read_sessions_csv_in(&csv, "s.csv", &club, parts, plain)
                    .map_err(|e| e.iter().map(|e| e.to_string()).collect::<Vec<_>>())
            };
            let by_csv = read(1, false);
            proptest::prop_assert_eq!(&read(1, true), &by_csv);
            proptest::prop_assert_eq!(&read(3, true), &by_csv);
        }
    }

    #[test]
    fn present_pairs() {
        let p = read_present("p1+p2, p3+p4\n# late\np5+p6\n", "--present").unwrap();
        assert_eq!(p.len(), 3);
        let e = read_present("p1+p2\np2+p3\n", "tonight.txt").unwrap_err();
        assert!(
            e.to_string().starts_with("tonight.txt line 2: player p2"),
            "{e}"
        );
    }
}
