//! A season of sessions for each playing moment, from session results to rankings and
//! the club championship (seed 002, "Het speelmoment en het speelseizoen").
//!
//! A playing moment is a group of players that meets (say "Tuesday evening") or one
//! competition form; each keeps its own rankings, side by side. A season is a period
//! (usually September to August) over which the rankings and the championship run. The
//! first season starts from the club's replacement rankings; every later season starts
//! from the previous season's final standing of the same playing moment.
//!
//! Sessions are ranked in date order. Everything the rules cannot rank (a line with one
//! pair, a percentage outside 0–100, a player in two pairs on one night, a team meeting
//! a team that is not there) is collected and reported with its source before any
//! ranking is made.
//!
//! For the pairs and threesomes championship a night counts as "together" when two of
//! the entrant's players played in the same pair (or the same team); a night on which
//! only one of them played, the others being absent, counts as a result with a
//! substitute ("invaller"), worth that player's points. A night on which two of them
//! played but each with someone else counts neither way: they could have played
//! together.
//!
//! A pair of one player id, the other seat a guest without an id, is an ordinary pair
//! of its line: its member earns its points as any player does; the guest is no player
//! (not ranked, not in the dynamic method's line mean), and the member's night is, for
//! the member's own pair, one with a substitute.
//!
//! So is a team with a guest without an id in a seat (left empty, `1001+1002+1003+`):
//! its strength is the mean ranking of its players with ids, each of them gets the
//! team's points, and the guest is no player. A team still has four seats or more,
//! guests included, and at least one player with an id: a team of guests only has no
//! strength.

use super::championship::{self, Standing};
use super::lines::layout;
use super::methods::group_points;
use super::rankings::{PlayedSession, PlayerLog, entrant_ranking, pair_ranking};
use super::teams_night::{TeamMatch, TeamNight, team_points};
use super::{
    ClubSettings, Form, IdKey, Method, Origin, PlayerId, Points, RankingError, SharedText,
    cmp_points, decimal2, int, mean,
};
use crate::text::same;
use rustc_hash::FxHashMap;
use std::collections::hash_map::Entry;
use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::ops::ControlFlow;

/// A playing moment: a group of players or a competition form with its own ranking.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Moment {
    /// The moment's name as sessions give it ("tuesday", "summer").
    pub name: String,
    /// The form its sessions are played in, unless a session says otherwise.
    pub form: Form,
}

/// A season: the first and last date (YYYY-MM-DD) of its sessions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeasonDates {
    /// The season's name ("2025-2026").
    pub name: String,
    /// The first day of the season.
    pub start: String,
    /// The last day of the season.
    pub end: String,
}

/// A club's whole ranking set-up.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Club {
    /// The ranking settings (G, B, S, L, method, ST, Z, min, x, me, inv, y).
    pub settings: ClubSettings,
    /// The playing moments; sessions of a moment not listed are refused.
    pub moments: Vec<Moment>,
    /// The seasons in date order; none means one season for all the sessions.
    pub seasons: Vec<SeasonDates>,
    /// Replacement rankings of named players for the first season (else the club's).
    pub replacements: BTreeMap<String, Points>,
    /// Threesomes competing for the pairs championship, three player ids each.
    pub threesomes: Vec<Vec<String>>,
    /// The club's fixed pairs, two player ids each: entrants of the pairs championship
    /// even in a playing moment without pairs nights, together on every night they
    /// played in one team (seed 002).
    pub pairs: Vec<[String; 2]>,
    /// Players' names by id, as printed next to the ids.
    pub names: BTreeMap<String, String>,
}

/// A pair's result in a pairs or butler session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairEntry {
    /// The line, or the letters of a top-integral group joined by `+` ("A+C").
    pub line: SharedText,
    /// The two players' ids.
    pub players: PlayerIds,
    /// The percentage or G-IMP.
    pub score: Points,
    /// Where the result came from.
    pub origin: Origin,
}

/// Players' ids: two kept in place, as a pair's row and award have them, or any other
/// number (a team's, or a pair's row the check refuses) in a list of their own. A
/// federation reads millions of rows: a list for each would be as much memory again as
/// the rows.
#[derive(Clone)]
pub struct PlayerIds(PlayersRepr);

#[derive(Clone)]
enum PlayersRepr {
    Two([PlayerId; 2]),
    /// (Behind a second box, so that this form takes one pointer, beside the first
    /// id's place that tells the two forms apart, and the two ids stay two pointers.)
    Other(Box<Box<[PlayerId]>>),
}

impl std::ops::Deref for PlayerIds {
    type Target = [PlayerId];

    fn deref(&self) -> &[PlayerId] {
        match &self.0 {
            PlayersRepr::Two(two) => two,
            PlayersRepr::Other(other) => other,
        }
    }
}

impl From<[PlayerId; 2]> for PlayerIds {
    fn from(two: [PlayerId; 2]) -> PlayerIds {
        PlayerIds(PlayersRepr::Two(two))
    }
}

impl From<Vec<PlayerId>> for PlayerIds {
    fn from(ids: Vec<PlayerId>) -> PlayerIds {
        match <[PlayerId; 2]>::try_from(ids) {
            Ok(two) => two.into(),
            Err(other) => PlayerIds(PlayersRepr::Other(Box::new(other.into()))),
        }
    }
}

impl FromIterator<PlayerId> for PlayerIds {
    fn from_iter<I: IntoIterator<Item = PlayerId>>(ids: I) -> PlayerIds {
        ids.into_iter().collect::<Vec<_>>().into()
    }
}

impl PartialEq for PlayerIds {
    fn eq(&self, other: &PlayerIds) -> bool {
        self[..] == other[..]
    }
}

impl Eq for PlayerIds {}

impl std::fmt::Debug for PlayerIds {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// One match of a team on a teams night.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamEntry {
    /// The team's name for the night.
    pub team: String,
    /// The team it met.
    pub opponent: String,
    /// The players' ids (four, or more when the team changed players), a guest's seat
    /// without an id not among them.
    pub players: Vec<PlayerId>,
    /// The seats of guests without an id in this row (`1001+1002+1003+` has one): no
    /// players, but seats of the team, so that a team of three ids is still refused
    /// unless its fourth seat is marked as a guest's.
    pub guests: usize,
    /// The victory points scored (0 to 20).
    pub vp: Points,
    /// Where the match came from.
    pub origin: Origin,
}

/// One session's results as read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionInput {
    /// The date, YYYY-MM-DD.
    pub date: String,
    /// The playing moment.
    pub moment: String,
    /// What the scores are.
    pub form: Form,
    /// The file it came from.
    pub origin: Origin,
    /// Pairs and butler results.
    pub pairs: Vec<PairEntry>,
    /// Teams matches.
    pub teams: Vec<TeamEntry>,
}

impl SessionInput {
    fn label(&self) -> String {
        format!("{} {}", self.date, self.moment)
    }

    /// Every player of the session, once per pair or team result they are in.
    fn players(&self) -> impl Iterator<Item = &PlayerId> {
        let pairs = self.pairs.iter().flat_map(|p| p.players.iter());
        pairs.chain(self.teams.iter().flat_map(|t| t.players.iter()))
    }
}

/// The ranking points a pair or team earned in a session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Award {
    /// The team's name; a pair is named by its players (see [`Award::unit`]).
    pub team: Option<String>,
    /// The players who get the points.
    pub players: PlayerIds,
    /// The line or top-integral group (empty for teams).
    pub line: SharedText,
    /// The score: percentage, G-IMP, or the mean VP of a team's matches.
    pub score: Points,
    /// The ranking points each player gets.
    pub points: Points,
    /// How a team's points came about (strength K, resistance W, Ri per match).
    /// (Boxed: a federation's millions of pairs awards need no room for it.)
    pub team_points: Option<Box<super::teams_night::TeamPoints>>,
}

impl Award {
    /// The pair (`1001+1002`) or team name. (A pair's is made when asked for: a
    /// federation's season has millions of pairs' awards and prints few of them.)
    pub fn unit(&self) -> std::borrow::Cow<'_, str> {
        match &self.team {
            Some(team) => team.as_str().into(),
            None => pair_name(&self.players).into(),
        }
    }
}

/// A pair's name: its players' ids joined by `+`, a guest's seat without an id left
/// empty (`1001+`), as a sessions CSV writes it.
pub fn pair_name(players: &[PlayerId]) -> String {
    match players {
        [] => "+".into(),
        [one] => format!("{one}+"),
        _ => players.join("+"),
    }
}

/// A ranked session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RankedSession {
    /// The date.
    pub date: String,
    /// The form played.
    pub form: Form,
    /// The points per pair or team, best first.
    pub awards: Vec<Award>,
}

/// A player's ranking, history and individual championship standing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerStanding {
    /// The player's id.
    pub player: PlayerId,
    /// The ranking at the end of the sessions given.
    pub ranking: Points,
    /// The sessions played and the ranking after each.
    pub log: PlayerLog,
    /// The individual championship.
    pub championship: Standing,
}

/// A pair's or threesome's ranking, history and championship standing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntrantStanding {
    /// The players' ids (two for a pair, three for a threesome).
    pub players: Vec<PlayerId>,
    /// The ranking now: the pair's sum, or 2/3 of the threesome's sum.
    pub ranking: Points,
    /// The ranking after each session of the season.
    pub history: Vec<Points>,
    /// Nights played together.
    pub together: usize,
    /// Nights on which only one of them played (with a substitute).
    pub with_substitute: usize,
    /// The pairs championship.
    pub championship: Standing,
}

/// One playing moment's season: its sessions, rankings and championships.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeasonStanding {
    /// The playing moment.
    pub moment: String,
    /// The season's name.
    pub season: String,
    /// The sessions, in date order.
    pub sessions: Vec<RankedSession>,
    /// Every player who played, by ranking (highest first).
    pub players: Vec<PlayerStanding>,
    /// Pairs that played together and the club's threesomes, by ranking.
    pub entrants: Vec<EntrantStanding>,
    /// The sessions a player needs for the individual championship this season (`min`,
    /// worked out from the season's club nights when it is a share).
    pub min_sessions: u32,
    /// The ranking each player started the season from.
    pub replacements: BTreeMap<String, Points>,
    /// The replacement ranking of a player not listed.
    pub default_replacement: Points,
}

impl SeasonStanding {
    /// A player's ranking now; a player who has not played has the replacement ranking.
    pub fn ranking_of(&self, player: &str) -> Points {
        match self.players.iter().find(|p| &*p.player == player) {
            Some(p) => p.ranking.clone(),
            None => self.replacement_of(player),
        }
    }

    fn replacement_of(&self, player: &str) -> Points {
        self.replacements
            .get(player)
            .cloned()
            .unwrap_or_else(|| self.default_replacement.clone())
    }
}

/// Whether `date` is a real calendar date written YYYY-MM-DD.
pub fn valid_date(date: &str) -> bool {
    let b = date.as_bytes();
    if b.len() != 10 || !date.is_ascii() || b[4] != b'-' || b[7] != b'-' {
        return false;
    }
    let num = |r: std::ops::Range<usize>| -> Option<u32> {
        let s = &date[r];
        s.bytes()
            .all(|c| c.is_ascii_digit())
            .then(|| s.parse().ok())?
    };
    let (Some(y), Some(m), Some(d)) = (num(0..4), num(5..7), num(8..10)) else {
        return false;
    };
    let leap = y % 4 == 0 && (y % 100 != 0 || y % 400 == 0);
    let days = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    (1..=days).contains(&d)
}

/// A line's or top-integral group's name as the director writes it: its letters joined
/// by `+` ("B", "A+C").
fn group_name(letters: &[char]) -> String {
    let mut name = String::with_capacity(2 * letters.len());
    for (k, c) in letters.iter().enumerate() {
        if k > 0 {
            name.push('+');
        }
        name.push(*c);
    }
    name
}

/// The line letters of a line or top-integral group ("B", "A+C", "" for a night of one
/// line): single letters A-Z (either case) joined by `+`, each once; `None` for any
/// other text.
pub fn group_letters(line: &str) -> Option<Vec<char>> {
    if line.trim().is_empty() {
        return Some(vec!['A']);
    }
    let mut letters = Vec::with_capacity(2);
    for part in line.split('+') {
        let mut chars = part.trim().chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_ascii_alphabetic() => letters.push(c.to_ascii_uppercase()),
            _ => return None,
        }
    }
    letters.sort_unstable();
    let n = letters.len();
    letters.dedup();
    (letters.len() == n).then_some(letters)
}

/// Checks the club set-up and every session; all problems at once, in the order of the
/// sessions. A federation's hundred thousand sessions are checked on every core.
fn check(club: &Club, sessions: &[SessionInput]) -> Vec<RankingError> {
    let moments: HashSet<&str> = club.moments.iter().map(|m| m.name.as_str()).collect();
    let check_all = |sessions: &[SessionInput]| {
        let mut errors = Vec::new();
        for s in sessions {
            check_session(club, &moments, s, &mut errors);
        }
        errors
    };
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(sessions.len().div_ceil(1024));
    if threads <= 1 {
        return check_all(sessions);
    }
    std::thread::scope(|scope| {
        let parts: Vec<_> = sessions
            .chunks(sessions.len().div_ceil(threads))
            .map(|part| crate::parts::start(scope, move || check_all(part)))
            .collect();
        parts.into_iter().flat_map(|p| p.join()).collect()
    })
}

/// The problems of one session (see [`check`]).
fn check_session(
    club: &Club,
    moments: &HashSet<&str>,
    s: &SessionInput,
    errors: &mut Vec<RankingError>,
) {
    let mut c = SessionCheck { s, errors };
    if !c.check_date() {
        return;
    }
    c.check_season(club);
    c.check_moment(club, moments);
    match s.form {
        Form::Pairs | Form::Butler => c.check_pairs(),
        Form::Teams => c.check_teams(),
    }
}

/// One session being checked, with the problems found so far. (The session's name,
/// its date and playing moment, is made only for a problem found: a federation checks
/// 100,000 sessions.)
struct SessionCheck<'a, 'e> {
    s: &'a SessionInput,
    errors: &'e mut Vec<RankingError>,
}

/// Each line text of a pairs night once: its group's letters (none if they are not
/// letters), how many pairs played in it, and the first of them.
type LineTexts<'a> = Vec<(&'a str, Option<Vec<char>>, usize, usize)>;

/// Where a row of the session came from, or the session's source when the row does
/// not say.
pub(crate) fn row_origin(s: &SessionInput, o: &Origin) -> Origin {
    if o.is_empty() {
        s.origin.clone()
    } else {
        o.clone()
    }
}

/// Where the session's first row came from, for what concerns the whole session.
pub(crate) fn first_origin(s: &SessionInput) -> Origin {
    s.pairs
        .first()
        .map(|p| &p.origin)
        .or(s.teams.first().map(|t| &t.origin))
        .map_or_else(|| s.origin.clone(), |o| row_origin(s, o))
}

impl<'a> SessionCheck<'a, '_> {
    /// Whether the session's date is a date written YYYY-MM-DD; if not, says so (and
    /// nothing more is checked).
    fn check_date(&mut self) -> bool {
        if valid_date(&self.s.date) {
            return true;
        }
        self.errors.push(RankingError::Date {
            origin: first_origin(self.s),
            what: format!(
                "session date `{}` is not a date written YYYY-MM-DD: correct the date",
                self.s.date
            ),
        });
        false
    }

    /// The session's date must lie in a season of the settings, when they give seasons.
    fn check_season(&mut self, club: &Club) {
        let date = self.s.date.as_str();
        if !club.seasons.is_empty()
            && !club
                .seasons
                .iter()
                .any(|x| x.start.as_str() <= date && date <= x.end.as_str())
        {
            self.errors.push(RankingError::Date {
                origin: first_origin(self.s),
                what: format!(
                    "session {} lies in no season of the settings: add a season that includes {}",
                    self.s.label(),
                    self.s.date
                ),
            });
        }
    }

    /// The session's playing moment must be one of the settings.
    fn check_moment(&mut self, club: &Club, moments: &HashSet<&str>) {
        if !moments.contains(self.s.moment.as_str()) {
            let known: Vec<&str> = club.moments.iter().map(|m| m.name.as_str()).collect();
            self.errors.push(RankingError::Moment {
                origin: first_origin(self.s),
                what: format!(
                    "session {}: playing moment `{}` is not in the settings (known: {}): add it or correct the moment",
                    self.s.label(),
                    self.s.moment,
                    known.join(", ")
                ),
            });
        }
    }

    /// A pairs or butler night: it has results, each pair row is sound (see
    /// [`SessionCheck::check_pair`]), and its lines and top-integral groups can be
    /// ranked.
    fn check_pairs(&mut self) {
        let s = self.s;
        if s.pairs.is_empty() {
            self.errors.push(RankingError::Session {
                origin: s.origin.clone(),
                session: self.s.label(),
                what: "no pair results: give the pairs' scores".into(),
            });
        }
        let mut letters_of: LineTexts<'a> = Vec::new();
        // The pair each player first appeared in; names are only made for errors.
        let mut pair_of: FxHashMap<IdKey<'a>, usize> =
            FxHashMap::with_capacity_and_hasher(2 * s.pairs.len(), Default::default());
        for (i, p) in s.pairs.iter().enumerate() {
            self.check_pair(i, p, &mut pair_of, &mut letters_of);
        }
        self.check_empty_lines(&letters_of);
        self.check_line_groups(&letters_of);
        if s.form == Form::Pairs {
            self.check_fractions(&letters_of);
        }
    }

    /// A pairs line whose every score is 1 % or less, some of them more than nothing,
    /// has its percentages written as fractions of one (0.6125 for 61.25 %): ranked, its
    /// average would be half a percent. Told at the line's first row. (A real line
    /// averages about 50 %: a few pairs under 1 % leave it alone.)
    fn check_fractions(&mut self, letters_of: &LineTexts<'a>) {
        let s = self.s;
        let one = int(1);
        for &(line, _, _, first) in letters_of {
            let scores = s
                .pairs
                .iter()
                .filter(|p| same(&p.line, line))
                .map(|p| &p.score);
            if !scores.clone().all(|x| *x <= one) {
                continue;
            }
            let Some(highest) = scores.clone().max().filter(|x| x.is_positive()) else {
                continue;
            };
            let on = if line.trim().is_empty() {
                "of the night".to_string()
            } else {
                format!("of line {line}")
            };
            self.errors.push(RankingError::Session {
                origin: row_origin(s, &s.pairs[first].origin),
                session: s.label(),
                what: format!(
                    "every score {on} is between 0 and 1, the highest {}: scores are percentages, not fractions of one: write 61.25 for 61.25 % (not 0.6125)",
                    decimal2(highest)
                ),
            });
        }
    }

    /// A night's rows all name a line, or none does (a night of one line): a row
    /// without one beside rows with one is in no known line.
    fn check_empty_lines(&mut self, letters_of: &LineTexts<'a>) {
        let s = self.s;
        let empty = |line: &str| line.trim().is_empty();
        let some_empty = letters_of.iter().any(|(l, ..)| empty(l));
        if !some_empty || letters_of.iter().all(|(l, ..)| empty(l)) {
            return;
        }
        for p in s.pairs.iter().filter(|p| empty(&p.line)) {
            self.errors.push(RankingError::Session {
                origin: row_origin(s, &p.origin),
                session: s.label(),
                what: format!(
                    "pair {} has no line while other pairs of the night have one: give its line letter",
                    pair_name(&p.players)
                ),
            });
        }
    }

    /// One pair's row: its players (see [`SessionCheck::check_pair_players`]), a
    /// percentage from 0 to 100 on a pairs night or IMPs a board from -24 to 24 on a
    /// butler night, and its line (see [`SessionCheck::check_pair_line`]).
    fn check_pair(
        &mut self,
        i: usize,
        p: &'a PairEntry,
        pair_of: &mut FxHashMap<IdKey<'a>, usize>,
        letters_of: &mut LineTexts<'a>,
    ) {
        let s = self.s;
        self.check_pair_players(i, p, pair_of);
        let (low, high, range) = match s.form {
            Form::Butler => (-24, 24, "-24 to 24 IMPs a board"),
            _ => (0, 100, "0 to 100 %"),
        };
        if cmp_points(&p.score, &int(low)).is_lt() || cmp_points(&p.score, &int(high)).is_gt() {
            self.errors.push(RankingError::ScoreOutOfRange {
                origin: row_origin(s, &p.origin),
                session: s.label(),
                score: decimal2(&p.score),
                range,
            });
        }
        self.check_pair_line(i, p, letters_of);
    }

    /// A pair is two player ids, or one beside a guest without an id (a seat left
    /// empty: the member is ranked, the guest is no player), neither of them in an
    /// earlier pair of the night. A pair of no id at all is refused: most often a pair
    /// not yet named (an import that could not tell who played, a pairs file without
    /// ids), and ranking it would lose two members' night. Notes the pair each player
    /// first appeared in.
    fn check_pair_players(
        &mut self,
        i: usize,
        p: &'a PairEntry,
        pair_of: &mut FxHashMap<IdKey<'a>, usize>,
    ) {
        let s = self.s;
        let n = p.players.len();
        if n == 0 || n > 2 || p.players.iter().any(|x| x.is_empty()) {
            let what = match n {
                0 => "names no player: give the two players' ids joined by `+` (1001+1002)",
                _ => "must be two player ids joined by `+` (1001+1002)",
            };
            self.errors.push(RankingError::Players {
                origin: row_origin(s, &p.origin),
                session: s.label(),
                what: format!("pair `{}` {what}", pair_name(&p.players)),
            });
        }
        for player in p.players.iter() {
            match pair_of.entry(IdKey(player)) {
                Entry::Occupied(first) => self.errors.push(RankingError::PlayerTwice {
                    origin: row_origin(s, &p.origin),
                    session: s.label(),
                    player: player.to_string(),
                    first: format!("pair {}", pair_name(&s.pairs[*first.get()].players)),
                }),
                Entry::Vacant(slot) => {
                    slot.insert(i);
                }
            }
        }
    }

    /// A pair's line is a line letter A-Z, or the letters of a top-integral group
    /// joined by `+`. Counts the pair in its line text.
    fn check_pair_line(&mut self, i: usize, p: &'a PairEntry, letters_of: &mut LineTexts<'a>) {
        // A night has a few lines, its rows usually sharing each one's text.
        let line: &str = &p.line;
        let known = letters_of
            .iter()
            .position(|(l, ..)| std::ptr::eq(*l, line) || same(l, line));
        let at = known.unwrap_or_else(|| {
            letters_of.push((line, group_letters(line), 0, i));
            letters_of.len() - 1
        });
        match &mut letters_of[at] {
            (_, Some(_), count, _) => *count += 1,
            (_, None, ..) => self.errors.push(RankingError::Session {
                origin: row_origin(self.s, &p.origin),
                session: self.s.label(),
                what: format!(
                    "line `{}` is not a line letter A-Z: give one letter (B), or the letters of a top-integral group joined by `+` (A+B)",
                    p.line
                ),
            }),
        }
    }

    /// The night's lines and top-integral groups: line texts with the same letters
    /// ("A+C", "C+A") are one group, named by its first pair; a group needs two pairs,
    /// and a line is in one group only.
    fn check_line_groups(&mut self, letters_of: &LineTexts<'a>) {
        let s = self.s;
        let mut groups: BTreeMap<&[char], (usize, usize)> = BTreeMap::new();
        for (_, letters, count, first) in letters_of {
            if let Some(g) = letters {
                let group = groups.entry(g).or_insert((0, *first));
                group.0 += count;
                group.1 = group.1.min(*first);
            }
        }
        for (g, (count, first)) in &groups {
            if *count < 2 {
                self.errors.push(RankingError::LonePair {
                    origin: row_origin(s, &s.pairs[*first].origin),
                    session: self.s.label(),
                    line: group_name(g),
                });
            }
        }
        self.check_groups_apart(&groups);
    }

    /// A line is in one group only: in the order of the groups' first rows, a group
    /// taking a line an earlier group took is told at its first row, naming both.
    fn check_groups_apart(&mut self, groups: &BTreeMap<&[char], (usize, usize)>) {
        let s = self.s;
        let mut by_row: Vec<(&[char], usize)> = groups.iter().map(|(g, c)| (*g, c.1)).collect();
        by_row.sort_unstable_by_key(|&(_, first)| first);
        // The group (and its first row) that took each line.
        let mut taken: BTreeMap<char, (&[char], usize)> = BTreeMap::new();
        for (g, first) in by_row {
            for c in g {
                let Some((earlier, at)) = taken.get(c).copied() else {
                    taken.insert(*c, (g, first));
                    continue;
                };
                let origin = row_origin(s, &s.pairs[first].origin);
                let earlier_row = row_origin(s, &s.pairs[at].origin).seen_from(&origin);
                self.errors.push(RankingError::Session {
                    what: format!(
                        "line {c} belongs to two groups, {} ({earlier_row}) and {}; a line is scored on its own or in one top-integral group: correct the line",
                        group_name(earlier),
                        group_name(g)
                    ),
                    origin,
                    session: s.label(),
                });
            }
        }
    }

    /// A teams night: it has matches, each match is sound (see
    /// [`SessionCheck::check_team_match`]), and each team has four players or more.
    fn check_teams(&mut self) {
        let s = self.s;
        if s.teams.is_empty() {
            self.errors.push(RankingError::Teams {
                origin: s.origin.clone(),
                session: self.s.label(),
                what: "no team matches: give each team's matches".into(),
            });
        }
        let teams: BTreeSet<&str> = s.teams.iter().map(|t| t.team.as_str()).collect();
        // The team each player first appeared in.
        let mut seen: BTreeMap<&str, String> = BTreeMap::new();
        for t in &s.teams {
            self.check_team_match(t, &teams, &mut seen);
        }
        self.check_match_sides(&teams);
        self.check_team_sizes(&teams);
    }

    /// Each match is one row of each team: every row of a team against an opponent
    /// goes with a row of the opponent against it. A row without one (given twice, or
    /// its opponent's row missing) would count as a match of its own.
    fn check_match_sides(&mut self, teams: &BTreeSet<&str>) {
        let s = self.s;
        let (_, alone) = match_rows(s, teams);
        for i in alone {
            let t = &s.teams[i];
            self.errors.push(RankingError::Teams {
                origin: row_origin(s, &t.origin),
                session: s.label(),
                what: format!(
                    "team {} meets {} here, but no row of team {} against {} goes with it: a match is one row of each team; give {}'s row, or remove this one if it is given twice",
                    t.team, t.opponent, t.opponent, t.team, t.opponent
                ),
            });
        }
    }

    /// One team's match: its players in no other team of the night, 0 to 20 VP, and
    /// an opponent that is another team of the night. Notes its players.
    fn check_team_match(
        &mut self,
        t: &'a TeamEntry,
        teams: &BTreeSet<&str>,
        seen: &mut BTreeMap<&'a str, String>,
    ) {
        let origin = row_origin(self.s, &t.origin);
        // A player written twice in one row is a mistyped id, not a fifth player.
        if let Some(twice) = t
            .players
            .iter()
            .enumerate()
            .find(|(k, p)| t.players[..*k].contains(p))
            .map(|(_, p)| p)
        {
            self.errors.push(RankingError::Teams {
                origin: origin.clone(),
                session: self.s.label(),
                what: format!(
                    "team {}: player {twice} is written twice in the row: correct the players",
                    t.team
                ),
            });
        }
        for player in &t.players {
            match seen.get(&**player) {
                Some(first) if *first != format!("team {}", t.team) => {
                    self.errors.push(RankingError::PlayerTwice {
                        origin: origin.clone(),
                        session: self.s.label(),
                        player: player.to_string(),
                        first: first.clone(),
                    })
                }
                Some(_) => {}
                None => {
                    seen.insert(&**player, format!("team {}", t.team));
                }
            }
        }
        if t.vp < int(0) || t.vp > int(20) {
            self.errors.push(RankingError::ScoreOutOfRange {
                origin: origin.clone(),
                session: self.s.label(),
                score: decimal2(&t.vp),
                range: "0 to 20 VP",
            });
        }
        if !teams.contains(t.opponent.as_str()) || t.opponent == t.team {
            self.errors.push(RankingError::Teams {
                origin,
                session: self.s.label(),
                what: format!(
                    "team {} meets `{}`, which is not another team of this night: correct the opponent",
                    t.team, t.opponent
                ),
            });
        }
    }

    /// Each team of the night, over all its matches, has at least four seats (its
    /// players, and the guests without an id of the row with the most) and at least
    /// one player with an id; a team short of either is told at its first row, naming
    /// its other rows.
    fn check_team_sizes(&mut self, teams: &BTreeSet<&str>) {
        let s = self.s;
        for team in teams {
            let rows: Vec<&TeamEntry> = s.teams.iter().filter(|t| t.team == *team).collect();
            let players: BTreeSet<&PlayerId> = rows.iter().flat_map(|t| &t.players).collect();
            let guests = rows.iter().map(|t| t.guests).max().unwrap_or(0);
            if !players.is_empty() && players.len() + guests >= 4 {
                continue;
            }
            let origin = row_origin(s, &rows[0].origin);
            let mut others: Vec<String> = Vec::new();
            for t in &rows[1..] {
                let other = row_origin(s, &t.origin);
                let name = other.seen_from(&origin);
                if other != origin && !others.contains(&name) {
                    others.push(name);
                }
            }
            let also = if others.is_empty() {
                String::new()
            } else {
                format!(" (its other rows: {})", others.join(", "))
            };
            self.errors.push(RankingError::Players {
                what: format!("team {team} {}", team_short(players.len(), guests, &also)),
                origin,
                session: s.label(),
            });
        }
    }
}

/// What a team of `players` players with ids and `guests` guests without one lacks,
/// its other rows given in `also`: a player whose ranking gives it a strength, or four
/// seats.
fn team_short(players: usize, guests: usize, also: &str) -> String {
    match (players, guests) {
        (0, 1..) => format!(
            "has only guests without an id{also}: with no player's ranking it has no strength; give its players' ids"
        ),
        (n, 0) => {
            format!("has {n} players{also}; a team has at least four: list all its players")
        }
        (n, g) => format!(
            "has {} and {} without an id{also}; a team has at least four: list all its players, a guest's seat left empty (1001+1002+1003+)",
            counted(n, "player"),
            counted(g, "guest")
        ),
    }
}

/// `1 player`, `2 players`.
fn counted(n: usize, what: &str) -> String {
    match n {
        1 => format!("1 {what}"),
        _ => format!("{n} {what}s"),
    }
}

/// The rows of a teams night that are the two sides of one match (the earlier row
/// first), and the rows without the other side's, in row order. A row whose opponent is
/// itself or not a team of the night is in neither.
fn match_rows(s: &SessionInput, teams: &BTreeSet<&str>) -> (Vec<(usize, usize)>, Vec<usize>) {
    // The rows of each team against each opponent not yet gone with.
    let mut open: BTreeMap<(&str, &str), Vec<usize>> = BTreeMap::new();
    let mut matches = Vec::new();
    for (i, t) in s.teams.iter().enumerate() {
        let (team, opponent) = (t.team.as_str(), t.opponent.as_str());
        if team == opponent || !teams.contains(opponent) {
            continue; // told by `check_team_match`
        }
        // The earliest waiting row goes with it: a row given twice is the later one.
        match open.get_mut(&(opponent, team)).filter(|w| !w.is_empty()) {
            Some(waiting) => matches.push((waiting.remove(0), i)),
            None => open.entry((team, opponent)).or_default().push(i),
        }
    }
    let mut alone: Vec<usize> = open.into_values().flatten().collect();
    alone.sort_unstable();
    (matches, alone)
}

/// The VP of a match on the 20-VP scale add up to 20 unless the scores were unbalanced
/// (artificial scores, Law 86B): each match whose two sides do not is a warning, told at
/// its second row and naming the first. (Scores outside 0 to 20 are errors of their own.)
pub fn vp_warnings(sessions: &[SessionInput]) -> Vec<String> {
    let mut out = Vec::new();
    for s in sessions.iter().filter(|s| s.form == Form::Teams) {
        let teams: BTreeSet<&str> = s.teams.iter().map(|t| t.team.as_str()).collect();
        let in_scale = |vp: &Points| *vp >= int(0) && *vp <= int(20);
        for (a, b) in match_rows(s, &teams).0 {
            let (x, y) = (&s.teams[a], &s.teams[b]);
            let total = &x.vp + &y.vp;
            if !in_scale(&x.vp) || !in_scale(&y.vp) || total == int(20) {
                continue;
            }
            let origin = row_origin(s, &y.origin);
            out.push(format!(
                "{origin}: session {}: teams {} and {} scored {} and {} VP in their match ({} and this row), {} together; on the 20-VP scale a match gives 20 VP together: correct the VP, unless unbalanced artificial scores (Law 86B) gave these",
                s.label(),
                x.team,
                y.team,
                decimal2(&x.vp),
                decimal2(&y.vp),
                row_origin(s, &x.origin).seen_from(&origin),
                decimal2(&total),
            ));
        }
    }
    out
}

/// A player id as compared to tell one written two ways: a number without its leading
/// zeros or a spreadsheet's decimals of zeros (`01001` and `1001.0` are `1001`), a name's
/// runs of spaces as one (`Jan  Jansen`), in small letters (`P1` is `p1`).
pub(crate) fn id_key(id: &str) -> String {
    let (whole, decimals) = id.split_once('.').unwrap_or((id, ""));
    let number = !whole.is_empty()
        && whole.bytes().all(|b| b.is_ascii_digit())
        && decimals.bytes().all(|b| b == b'0');
    if number {
        return whole.trim_start_matches('0').to_string();
    }
    if id.contains(char::is_whitespace) {
        return id
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .to_lowercase();
    }
    id.to_lowercase()
}

/// Player ids written two ways across the sessions (`1001` and `01001` or `1001.0`, `p1`
/// and `P1`, `Jan Jansen` and `Jan  Jansen`):
/// most often one player, whose season the two ids split in two. One warning for each
/// other way an id is written, naming where it was first written the first way.
pub fn ids_written_two_ways(sessions: &[SessionInput]) -> Vec<String> {
    let mut first: FxHashMap<String, (&PlayerId, &Origin)> = FxHashMap::default();
    let mut told: rustc_hash::FxHashSet<&str> = Default::default();
    // An id's text is kept once and shared by every row naming it: each is looked at
    // once (a federation's season names 100,000 players in millions of rows).
    let mut seen: rustc_hash::FxHashSet<*const u8> = Default::default();
    let mut out = Vec::new();
    let pairs = sessions.iter().flat_map(|s| &s.pairs);
    let rows = pairs
        .flat_map(|p| p.players.iter().map(move |id| (id, &p.origin)))
        .chain(
            sessions
                .iter()
                .flat_map(|s| &s.teams)
                .flat_map(|t| t.players.iter().map(move |id| (id, &t.origin))),
        );
    for (id, origin) in rows {
        if !seen.insert(id.as_ptr()) {
            continue;
        }
        let (was, at) = *first.entry(id_key(id)).or_insert((id, origin));
        if was != id && told.insert(id.as_str()) {
            out.push(format!(
                "{origin}: player {id} is written {was} on {}: most often one player, whose season the two ids split in two; write the id one way",
                at.seen_from(origin)
            ));
        }
    }
    out
}

/// Joins the sessions of the same date and playing moment (read from several files, or
/// from parts of one), keeping the order in which they were first given and their rows'
/// order; a session given in two forms is an error.
pub fn merge(mut sessions: Vec<SessionInput>) -> Result<Vec<SessionInput>, Vec<RankingError>> {
    // Where each session goes: the place of the first one of its date and moment, as
    // those are numbered in the order first given.
    let mut first: FxHashMap<(&str, &str), usize> =
        FxHashMap::with_capacity_and_hasher(sessions.len(), Default::default());
    let into: Vec<usize> = sessions
        .iter()
        .map(|s| {
            let next = first.len();
            *first
                .entry((s.date.as_str(), s.moment.as_str()))
                .or_insert(next)
        })
        .collect();
    // Usually each date and moment comes once (a file read in one go, or already
    // joined): nothing to do, and nothing moved to find that out.
    if first.len() == sessions.len() {
        return Ok(sessions);
    }
    drop(first);
    // Joined in place: the first `kept` places hold the sessions kept so far, each
    // later one's rows are moved into the one it joins.
    let mut errors = Vec::new();
    let mut kept = 0;
    for (i, &k) in into.iter().enumerate() {
        if k == kept {
            sessions.swap(kept, i);
            kept += 1;
            continue;
        }
        let (done, rest) = sessions.split_at_mut(i);
        let (m, s) = (&mut done[k], &mut rest[0]);
        if m.form != s.form {
            errors.push(RankingError::Session {
                origin: s.origin.clone(),
                session: s.label(),
                what: format!(
                    "this session is {} here but {} in {}: a session has one form",
                    s.form.name(),
                    m.form.name(),
                    m.origin
                ),
            });
            continue;
        }
        let origin = &s.origin;
        m.pairs
            .extend(std::mem::take(&mut s.pairs).into_iter().map(|mut p| {
                if p.origin.is_empty() {
                    p.origin = origin.clone();
                }
                p
            }));
        m.teams.append(&mut s.teams);
    }
    sessions.truncate(kept);
    if errors.is_empty() {
        Ok(sessions)
    } else {
        Err(errors)
    }
}

/// Whether each date and moment comes once (a file read in one go, or already joined).
fn all_distinct(sessions: &[SessionInput]) -> bool {
    let mut seen: rustc_hash::FxHashSet<(&str, &str)> = Default::default();
    sessions
        .iter()
        .all(|s| seen.insert((s.date.as_str(), s.moment.as_str())))
}

/// One playing moment's seasons, or what stopped them.
type MomentResult = Result<Vec<SeasonStanding>, Vec<RankingError>>;

/// Ranks every playing moment's seasons: each standing in the order of the club's
/// moments and seasons. Nothing is ranked while any session has an error.
pub fn rank(
    club: &Club,
    sessions: Vec<SessionInput>,
) -> Result<Vec<SeasonStanding>, Vec<RankingError>> {
    rank_with(club, sessions, true)
}

/// As [`rank`]; without `histories` the players', pairs' and threesomes' rankings after
/// every session ([`PlayerLog::history`], [`EntrantStanding::history`]) are left empty,
/// which saves most of the work for a large federation that does not print them.
/// Everything else is the same.
pub fn rank_with(
    club: &Club,
    sessions: Vec<SessionInput>,
    histories: bool,
) -> Result<Vec<SeasonStanding>, Vec<RankingError>> {
    // A night given in parts is joined here, where the sessions are owned, rather than
    // in a copy by `rank_each` (which tells a settings error first).
    let sessions = if club.settings.validate().is_ok() {
        merge(sessions)?
    } else {
        sessions
    };
    let mut out = Vec::new();
    rank_each(
        club,
        &sessions,
        histories,
        |_| true,
        |_, seasons| seasons,
        |seasons| {
            out.extend(seasons);
            ControlFlow::Continue(())
        },
    )?;
    Ok(out)
}

/// Ranks the playing moments `wanted` picks, as [`rank_with`] does, and hands each
/// moment's seasons over as soon as they are ranked, so that a federation's thousand
/// clubs need never be held in memory at once.
///
/// Moments are ranked side by side on as many threads as the machine has. On the thread
/// that ranked it, `work` turns a moment's seasons (in date order) into what the caller
/// keeps of them (a report, say); `each` then receives that, on the caller's thread and
/// in the order of the club's moments, and may stop the ranking there (when the report
/// can no longer be written, say). A thread ranks at most a moment or two ahead of
/// `each`.
///
/// Every session is checked first, also those of moments not wanted; nothing is ranked
/// while any has an error.
pub fn rank_each<T: Send>(
    club: &Club,
    sessions: &[SessionInput],
    histories: bool,
    wanted: impl Fn(&Moment) -> bool,
    work: impl Fn(&Moment, Vec<SeasonStanding>) -> T + Sync,
    mut each: impl FnMut(T) -> ControlFlow<()>,
) -> Result<(), Vec<RankingError>> {
    if let Err(e) = club.settings.validate() {
        return Err(vec![RankingError::Settings {
            origin: Origin::default(),
            error: e,
        }]);
    }
    // Sessions given in parts (one file per line, say) are joined in a copy: the
    // caller's sessions are only read.
    let joined;
    let sessions = if all_distinct(sessions) {
        sessions
    } else {
        joined = merge(sessions.to_vec())?;
        &joined[..]
    };
    let errors = check(club, sessions);
    if !errors.is_empty() {
        return Err(errors);
    }
    let default_seasons = [SeasonDates {
        name: String::new(),
        start: String::new(),
        end: "9999-99-99".into(),
    }];
    let seasons = if club.seasons.is_empty() {
        &default_seasons[..]
    } else {
        &club.seasons[..]
    };
    let (picked, inputs) = wanted_sessions(club, sessions, wanted);
    let rank = |k: usize, mine: Vec<&SessionInput>| -> Result<T, Vec<RankingError>> {
        let moment = &club.moments[picked[k]];
        Ok(work(
            moment,
            rank_moment(club, seasons, moment, mine, histories)?,
        ))
    };
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(picked.len());
    if threads <= 1 {
        for (k, mine) in inputs.into_iter().enumerate() {
            if each(rank(k, mine)?).is_break() {
                break;
            }
        }
        return Ok(());
    }
    rank_on_threads(threads, inputs, &rank, each)
}

/// Each playing moment `wanted` picks (its place among the club's moments) with its
/// sessions in the order given; the thread that ranks a moment puts them in date order.
fn wanted_sessions<'s>(
    club: &Club,
    sessions: &'s [SessionInput],
    wanted: impl Fn(&Moment) -> bool,
) -> (Vec<usize>, Vec<Vec<&'s SessionInput>>) {
    let picked: Vec<usize> = (0..club.moments.len())
        .filter(|&i| wanted(&club.moments[i]))
        .collect();
    let index: FxHashMap<&str, usize> = picked
        .iter()
        .enumerate()
        .map(|(k, &i)| (club.moments[i].name.as_str(), k))
        .collect();
    let mut inputs: Vec<Vec<&SessionInput>> = picked.iter().map(|_| Vec::new()).collect();
    for s in sessions {
        // Every session's moment is known (`check` refuses the others); those of moments
        // not wanted are left out.
        if let Some(&k) = index.get(s.moment.as_str()) {
            inputs[k].push(s);
        }
    }
    (picked, inputs)
}

/// One playing moment's standing in each season (the club's, or one of every date), in
/// order; each season starts from the players' rankings at the end of the one before.
fn rank_moment(
    club: &Club,
    seasons: &[SeasonDates],
    moment: &Moment,
    mut mine: Vec<&SessionInput>,
    histories: bool,
) -> MomentResult {
    // Stable: sessions of one date keep the order given.
    mine.sort_by(|a, b| a.date.cmp(&b.date));
    let mut replacements = club.replacements.clone();
    let mut out = Vec::with_capacity(seasons.len());
    for season in seasons {
        let these: Vec<&SessionInput> = mine
            .iter()
            .copied()
            .filter(|s| {
                season.start.as_str() <= s.date.as_str() && s.date.as_str() <= season.end.as_str()
            })
            .collect();
        let standing = rank_season(club, moment, season, &these, &replacements, histories)?;
        for p in &standing.players {
            replacements.insert(p.player.to_string(), p.ranking.clone());
        }
        out.push(standing);
    }
    Ok(out)
}

/// The moments one thread ranks in turn, each with its place among the moments wanted
/// and its sessions.
type Bucket<'s> = std::vec::IntoIter<(usize, Vec<&'s SessionInput>)>;

/// Ranks the moments wanted (`inputs`, each one's sessions) with `rank` on `threads`
/// threads and hands each over to `each` on this thread, in the moments' order, until
/// a moment has an error or `each` stops.
fn rank_on_threads<'s, T: Send>(
    threads: usize,
    inputs: Vec<Vec<&'s SessionInput>>,
    rank: &(impl Fn(usize, Vec<&'s SessionInput>) -> Result<T, Vec<RankingError>> + Sync),
    mut each: impl FnMut(T) -> ControlFlow<()>,
) -> Result<(), Vec<RankingError>> {
    let moments = inputs.len();
    let slots = bucket_slots(threads, inputs);
    let take = |t: usize| {
        slots[t]
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .take()
    };
    std::thread::scope(|scope| {
        let mut here: Vec<_> = (0..threads).map(|_| None).collect();
        let queues: Vec<_> = (0..threads)
            .map(|t| {
                let (send, receive) = std::sync::mpsc::sync_channel(1);
                let take = &take;
                let worker = crate::parts::start(scope, move || {
                    for (k, mine) in take(t).into_iter().flatten() {
                        let ranked = rank(k, mine);
                        let failed = ranked.is_err();
                        if send.send(ranked).is_err() || failed {
                            break;
                        }
                    }
                });
                if !worker.on_its_own_thread() {
                    here[t] = take(t);
                }
                receive
            })
            .collect();
        // Returning early (an error, or `each` stopping) lets go of the queues, which
        // ends the threads at their next moment.
        for k in 0..moments {
            let t = k % threads;
            let ranked = match &mut here[t] {
                Some(bucket) => {
                    let (k, mine) = bucket.next().expect("a bucket holds every k-th moment");
                    rank(k, mine)
                }
                // A thread ends early only after sending an error, which ends this loop,
                // or when it panics, which the scope carries on once the threads are
                // joined.
                None => match queues[t].recv() {
                    Ok(ranked) => ranked,
                    Err(_) => break,
                },
            };
            if each(ranked?).is_break() {
                break;
            }
        }
        Ok(())
    })
}

/// The moments dealt out over `threads` buckets, each in a slot its thread takes it from.
fn bucket_slots(
    threads: usize,
    inputs: Vec<Vec<&SessionInput>>,
) -> Vec<std::sync::Mutex<Option<Bucket<'_>>>> {
    // Thread t ranks moments t, t + n, t + 2n, ... in turn and passes each on through
    // its own short queue; taking from the queues in turn restores the moments' order.
    let mut buckets: Vec<Vec<(usize, Vec<&SessionInput>)>> =
        (0..threads).map(|_| Vec::new()).collect();
    for (k, mine) in inputs.into_iter().enumerate() {
        buckets[k % threads].push((k, mine));
    }
    // Each bucket in a slot its thread takes it from: a bucket whose thread the system
    // would not start is still there, and its moments are ranked here in turn.
    buckets
        .into_iter()
        .map(|b| std::sync::Mutex::new(Some(b.into_iter())))
        .collect()
}

fn rank_season(
    club: &Club,
    moment: &Moment,
    season: &SeasonDates,
    sessions: &[&SessionInput],
    replacements: &BTreeMap<String, Points>,
    histories: bool,
) -> Result<SeasonStanding, Vec<RankingError>> {
    let settings = &club.settings;
    let default_replacement = settings.default_replacement();
    let replacement_of = |p: &str| {
        replacements
            .get(p)
            .cloned()
            .unwrap_or_else(|| default_replacement.clone())
    };
    let mut logs = SeasonLogs::of(sessions);
    let mut ranked = Vec::with_capacity(sessions.len());
    let mut keyed = Vec::new();
    for (session, s) in sessions.iter().enumerate() {
        let before = |p: &str| {
            logs.ranking(p, settings.z)
                .unwrap_or_else(|| replacement_of(p))
        };
        let mut awards = match s.form {
            Form::Pairs | Form::Butler => pairs_awards(settings, s, before),
            Form::Teams => teams_awards(settings, s, before)?,
        };
        sort_best_first(&mut awards, &mut keyed);
        logs.record(session, &awards, (settings.z, histories), replacement_of);
        ranked.push(RankedSession {
            date: s.date.clone(),
            form: s.form,
            awards,
        });
    }
    let mut players = standings_of(logs.logs, settings.z);
    // Each player's results best first, once: for the individual championship and for
    // the pairs' results with a substitute.
    let best = BestFirst::of(&players);
    let min_sessions = settings.min.of(ranked.len());
    for (i, p) in players.iter_mut().enumerate() {
        let pts: Vec<Points> = best
            .of_player(i)
            .iter()
            .map(|&e| p.log.played[e as usize].points.clone())
            .collect();
        p.championship = championship::individual_best_first(pts, min_sessions, settings.x);
    }
    let entrants = entrants(club, &ranked, &players, &best, histories, |p| {
        replacement_of(p)
    });
    Ok(SeasonStanding {
        moment: moment.name.clone(),
        season: season.name.clone(),
        sessions: ranked,
        players,
        entrants,
        min_sessions,
        replacements: replacements.clone(),
        default_replacement,
    })
}

/// Every player's log of a season as its sessions are ranked one by one, each made at
/// the size of the sessions the player plays, and where to find it.
struct SeasonLogs<'a> {
    /// Each player's place in `logs`.
    index: FxHashMap<IdKey<'a>, usize>,
    /// How many sessions each player plays.
    appearances: Vec<usize>,
    /// Each player's log, from the first session the player plays.
    logs: Vec<Option<PlayerLog>>,
}

impl<'a> SeasonLogs<'a> {
    /// No logs yet, a place for every player of `sessions`.
    fn of(sessions: &[&'a SessionInput]) -> SeasonLogs<'a> {
        let mut index: FxHashMap<IdKey, usize> = FxHashMap::default();
        let mut appearances: Vec<usize> = Vec::new();
        for s in sessions {
            for p in s.players() {
                let i = *index.entry(IdKey(p)).or_insert(appearances.len());
                if i == appearances.len() {
                    appearances.push(0);
                }
                appearances[i] += 1;
            }
        }
        let logs = (0..appearances.len()).map(|_| None).collect();
        SeasonLogs {
            index,
            appearances,
            logs,
        }
    }

    /// A player's ranking so far; `None` before the player's first session.
    fn ranking(&self, p: &str, z: u32) -> Option<Points> {
        let &i = self.index.get(&IdKey(p))?;
        self.logs[i].as_ref().map(|l| l.ranking(z))
    }

    /// Records session `session`'s awards, best first, in their players' logs: with
    /// `histories`, each player's ranking after it too (over the last `z`).
    fn record(
        &mut self,
        session: usize,
        awards: &[Award],
        (z, histories): (u32, bool),
        replacement_of: impl Fn(&str) -> Points,
    ) {
        for (award, a) in awards.iter().enumerate() {
            for p in a.players.iter() {
                let i = self.index[&IdKey(p)];
                let appearances = self.appearances[i];
                let log = self.logs[i].get_or_insert_with(|| {
                    let mut log = PlayerLog::new(p.clone(), replacement_of(p));
                    log.played.reserve_exact(appearances);
                    if histories {
                        log.history.reserve_exact(appearances);
                    }
                    log
                });
                let played = PlayedSession {
                    session,
                    award,
                    points: a.points.clone(),
                };
                if histories {
                    log.record(played, z);
                } else {
                    log.record_played(played);
                }
            }
        }
    }
}

/// The players of the season's logs, by ranking (best first; equal rankings by id).
fn standings_of(logs: Vec<Option<PlayerLog>>, z: u32) -> Vec<PlayerStanding> {
    let mut players: Vec<PlayerStanding> = logs
        .into_iter()
        .flatten()
        .map(|log| PlayerStanding {
            player: log.player.clone(),
            ranking: log.ranking(z),
            championship: Standing::default(),
            log,
        })
        .collect();
    players.sort_unstable_by(|a, b| {
        cmp_points(&b.ranking, &a.ranking).then_with(|| a.player.cmp(&b.player))
    });
    players
}

fn pairs_awards(
    settings: &ClubSettings,
    s: &SessionInput,
    before: impl Fn(&str) -> Points,
) -> Vec<Award> {
    // The letters of each line as written are worked out once (a night has a few lines),
    // not once for every pair.
    let mut letters_of: Vec<(&str, Vec<char>)> = Vec::new();
    let mut groups: BTreeMap<Vec<char>, Vec<&PairEntry>> = BTreeMap::new();
    for p in &s.pairs {
        let at = match letters_of.iter().position(|(line, _)| *line == &*p.line) {
            Some(at) => at,
            None => {
                let g = group_letters(&p.line).unwrap_or_else(|| vec!['A']);
                letters_of.push((&p.line, g));
                letters_of.len() - 1
            }
        };
        let g = &letters_of[at].1;
        match groups.get_mut(g.as_slice()) {
            Some(entries) => entries.push(p),
            None => {
                groups.insert(g.clone(), vec![p]);
            }
        }
    }
    let letters: Vec<Vec<char>> = groups.keys().cloned().collect();
    let mut awards = Vec::with_capacity(s.pairs.len());
    for g in layout(settings, &letters) {
        let entries = &groups[&g.letters];
        let scores: Vec<Points> = entries.iter().map(|p| p.score.clone()).collect();
        // Only the dynamic method looks at the players' rankings before the night.
        let line_mean = if settings.method == Method::Dynamic {
            let rankings: Vec<Points> = entries
                .iter()
                .flat_map(|p| p.players.iter().map(|x| before(x)))
                .collect();
            mean(&rankings).unwrap_or_else(|| int(0))
        } else {
            int(0)
        };
        let points = group_points(settings, s.form, &g.interval, &scores, &line_mean);
        let line: SharedText = group_name(&g.letters).into();
        for (p, pts) in entries.iter().zip(points) {
            awards.push(Award {
                team: None,
                players: p.players.clone(),
                line: line.clone(),
                score: p.score.clone(),
                points: pts,
                team_points: None,
            });
        }
    }
    awards
}

fn teams_awards(
    settings: &ClubSettings,
    s: &SessionInput,
    before: impl Fn(&str) -> Points,
) -> Result<Vec<Award>, Vec<RankingError>> {
    let mut nights: Vec<TeamNight> = Vec::new();
    for t in &s.teams {
        let i = match nights.iter().position(|n| n.team == t.team) {
            Some(i) => i,
            None => {
                nights.push(TeamNight {
                    team: t.team.clone(),
                    players: Vec::new(),
                    guests: 0,
                    matches: Vec::new(),
                });
                nights.len() - 1
            }
        };
        let n = &mut nights[i];
        n.guests = n.guests.max(t.guests);
        for p in &t.players {
            if !n.players.contains(p) {
                n.players.push(p.clone());
            }
        }
        n.matches.push(TeamMatch {
            opponent: t.opponent.clone(),
            vp: t.vp.clone(),
        });
    }
    let points = team_points(settings, &nights, before).map_err(|(i, what)| {
        vec![RankingError::Teams {
            origin: s.origin.clone(),
            session: format!("{} {} (team {})", s.date, s.moment, nights[i].team),
            what,
        }]
    })?;
    Ok(nights
        .into_iter()
        .zip(points)
        .map(|(n, tp)| {
            let vps: Vec<Points> = n.matches.iter().map(|m| m.vp.clone()).collect();
            Award {
                team: Some(n.team),
                players: n.players.into(),
                line: "".into(),
                score: mean(&vps).unwrap_or_else(|| int(0)),
                points: tp.points.clone(),
                team_points: Some(Box::new(tp)),
            }
        })
        .collect())
}

/// Pairs that played together (not already a club threesome) and the club's threesomes,
/// with rankings, history (when asked for) and the championship.
fn entrants(
    club: &Club,
    sessions: &[RankedSession],
    players: &[PlayerStanding],
    best: &BestFirst,
    histories: bool,
    replacement_of: impl Fn(&str) -> Points,
) -> Vec<EntrantStanding> {
    entrants_by(
        club,
        sessions,
        players,
        Some(best),
        histories,
        replacement_of,
    )
}

/// As [`entrants`]. Each threesome walks its players' nights one by one (from their
/// logs); given the players' results best first (`quick`), a pair's nights are found
/// from what the whole season shows at once (who played together, who played which
/// night, each player's results best first), so that the work does not grow with every
/// partner times every night; without it pairs walk their nights too. Both give the
/// same standings.
fn entrants_by(
    club: &Club,
    sessions: &[RankedSession],
    players: &[PlayerStanding],
    quick: Option<&BestFirst>,
    histories: bool,
    replacement_of: impl Fn(&str) -> Points,
) -> Vec<EntrantStanding> {
    // Players by their place in `players`; every player of an award has one.
    let standing_of: FxHashMap<IdKey, usize> = players
        .iter()
        .enumerate()
        .map(|(i, p)| (IdKey(&p.player), i))
        .collect();
    let pairs = pairs_played(club, sessions, players.len(), &standing_of);
    // (Only the club's fixed pairs look for the pairs made.)
    let pairs_made: Vec<[usize; 2]> = if club.pairs.is_empty() {
        Vec::new()
    } else {
        let mut made: Vec<[usize; 2]> = pairs.iter().map(|&[x, y]| [x.min(y), x.max(y)]).collect();
        sort_by_places(&mut made, players.len(), |&p| p);
        made
    };
    let season = quick.map(|best| SeasonNights::new(sessions, players, best, &standing_of));
    let mut make = EntrantMaker {
        settings: &club.settings,
        sessions: sessions.len(),
        histories,
        replacement_of,
        walk: NightWalk::default(),
        together: Vec::new(),
        substitute: Vec::new(),
    };
    let mut out = Vec::with_capacity(pairs.len() + club.threesomes.len() + club.pairs.len());
    for [x, y] in pairs {
        out.push(make.pair(players, season.as_ref(), x, y));
    }
    // The club's fixed pairs that no pairs night has made entrants already (a moment of
    // teams nights only) are walked night by night, as threesomes are.
    let named = fixed_pairs_not_made(club, &pairs_made, &standing_of);
    for t in club.threesomes.iter().chain(&named) {
        out.push(make.walked(players, &standing_of, t));
    }
    // A threesome none of whose players played this season has nothing to show yet.
    out.retain(|e| e.together + e.with_substitute > 0);
    in_ranking_order(out)
}

/// The club's threesomes and fixed pairs with a player who plays in none of
/// `sessions` (a mistyped id, most often: it would quietly change the pairs
/// championship), one message for each such player, naming the entry; nothing when
/// there are no sessions at all. (`[replacement_players]` are not looked for: a new
/// member is given a start before their first night.)
pub fn entrants_not_playing(club: &Club, sessions: &[SessionInput]) -> Vec<String> {
    let entries: Vec<(&str, &[String])> = club
        .threesomes
        .iter()
        .map(|t| ("threesome", t.as_slice()))
        .chain(club.pairs.iter().map(|p| ("pair", p.as_slice())))
        .collect();
    let ids: Vec<&str> = entries
        .iter()
        .flat_map(|(_, ids)| ids.iter())
        .map(String::as_str)
        .collect();
    let missing = players_not_playing(&ids, sessions);
    let mut out = Vec::new();
    for (what, ids) in entries {
        for id in ids.iter().filter(|id| missing.contains(&id.as_str())) {
            out.push(format!(
                "{what} {}: player {id} plays in none of the sessions: check the id",
                ids.join("+")
            ));
        }
    }
    out
}

/// Those of `ids` who play in none of `sessions`, in the order given; none when there
/// are no sessions at all. Only these few ids are looked for, each row's players
/// compared with them until all are found.
pub fn players_not_playing<'a>(ids: &[&'a str], sessions: &[SessionInput]) -> Vec<&'a str> {
    if sessions.is_empty() {
        return Vec::new();
    }
    let mut missing: rustc_hash::FxHashSet<&str> = ids.iter().copied().collect();
    for id in sessions.iter().flat_map(SessionInput::players) {
        if missing.is_empty() {
            break;
        }
        missing.remove(id.as_str());
    }
    ids.iter()
        .copied()
        .filter(|id| missing.contains(id))
        .collect()
}

/// The pairs that played together on pairs nights (not already a club threesome), each
/// once, with its players' places in `players` in the order of their ids.
fn pairs_played(
    club: &Club,
    sessions: &[RankedSession],
    players: usize,
    standing_of: &FxHashMap<IdKey, usize>,
) -> Vec<[usize; 2]> {
    let in_threesome = |a: &str, b: &str| {
        club.threesomes
            .iter()
            .any(|t| t.iter().any(|x| x == a) && t.iter().any(|x| x == b))
    };
    // The pairs, each with its players in the order of their ids.
    let mut pairs: Vec<[usize; 2]> = Vec::new();
    for s in sessions.iter().filter(|s| s.form != Form::Teams) {
        for a in &s.awards {
            if let [x, y] = &a.players[..] {
                let (x, y) = if x <= y { (x, y) } else { (y, x) };
                if !in_threesome(x, y) {
                    pairs.push([standing_of[&IdKey(x)], standing_of[&IdKey(y)]]);
                }
            }
        }
    }
    sort_by_places(&mut pairs, players, |&p| p);
    pairs.dedup();
    pairs
}

/// The club's fixed pairs that are not among `pairs_made` (the pairs that played
/// together, by their places, sorted), in the club's order.
fn fixed_pairs_not_made(
    club: &Club,
    pairs_made: &[[usize; 2]],
    standing_of: &FxHashMap<IdKey, usize>,
) -> Vec<Vec<String>> {
    club.pairs
        .iter()
        .filter(|[a, b]| {
            let place = |p: &str| standing_of.get(&IdKey(p)).copied();
            match (place(a), place(b)) {
                (Some(x), Some(y)) => pairs_made.binary_search(&[x.min(y), x.max(y)]).is_err(),
                _ => true,
            }
        })
        .map(|p| p.to_vec())
        .collect()
}

/// The entrants best first, those of equal rankings by their players' ids.
fn in_ranking_order(out: Vec<EntrantStanding>) -> Vec<EntrantStanding> {
    // Ordered by their places (the standings themselves are large to move around), and
    // the rankings by their order keys, made once: a moment has thousands of pairs.
    let keys: Vec<f64> = out.iter().map(|e| e.ranking.order_key()).collect();
    let mut order: Vec<usize> = (0..out.len()).collect();
    order.sort_unstable_by(|&a, &b| {
        let (x, y) = (&out[a], &out[b]);
        Points::cmp_keyed((&y.ranking, keys[b]), (&x.ranking, keys[a]))
            .then_with(|| x.players.cmp(&y.players))
    });
    let mut slots: Vec<Option<EntrantStanding>> = out.into_iter().map(Some).collect();
    order
        .into_iter()
        .map(|i| slots[i].take().expect("each place once"))
        .collect()
}

/// Makes the standings of the pairs and threesomes of a season one by one: their
/// ranking, nights together and with a substitute, championship, and history (when
/// asked for). Its buffers serve every entrant.
struct EntrantMaker<'a, F> {
    settings: &'a ClubSettings,
    /// How many sessions the season has.
    sessions: usize,
    histories: bool,
    /// The ranking of a player who has not played this season.
    replacement_of: F,
    walk: NightWalk<'a>,
    /// The points of the entrant's nights together and with a substitute.
    together: Vec<&'a Points>,
    substitute: Vec<&'a Points>,
}

impl<'a, F: Fn(&str) -> Points> EntrantMaker<'a, F> {
    /// The standing of the pair of `players` at places `x` and `y`, who played together:
    /// its nights found from the whole season at once (`season`), or walked one by one.
    fn pair(
        &mut self,
        players: &'a [PlayerStanding],
        season: Option<&SeasonNights<'a>>,
        x: usize,
        y: usize,
    ) -> EntrantStanding {
        let logs = [Some(&players[x]), Some(&players[y])];
        self.together.clear();
        self.substitute.clear();
        let (me, inv) = (self.settings.me, self.settings.inv);
        let with_substitute = match season {
            Some(season) => season.pair(x, y, me, inv, &mut self.together, &mut self.substitute),
            None => {
                self.walk.walk(
                    &[(Some(x), &logs[0]), (Some(y), &logs[1])],
                    &mut self.together,
                    &mut self.substitute,
                );
                self.substitute.len()
            }
        };
        let names = vec![players[x].player.clone(), players[y].player.clone()];
        self.standing(names, &logs, with_substitute)
    }

    /// The standing of a threesome or fixed pair of the players named `t`, its nights
    /// walked one by one.
    fn walked(
        &mut self,
        players: &'a [PlayerStanding],
        standing_of: &FxHashMap<IdKey, usize>,
        t: &[String],
    ) -> EntrantStanding {
        let members: Vec<Option<usize>> = t
            .iter()
            .map(|p| standing_of.get(&IdKey(p)).copied())
            .collect();
        let logs: Vec<Option<&PlayerStanding>> =
            members.iter().map(|i| i.map(|i| &players[i])).collect();
        let walked: Vec<(Option<usize>, &Option<&PlayerStanding>)> =
            members.iter().copied().zip(&logs).collect();
        self.together.clear();
        self.substitute.clear();
        self.walk
            .walk(&walked, &mut self.together, &mut self.substitute);
        let with_substitute = self.substitute.len();
        self.standing(
            t.iter().map(|p| PlayerId::from(p.as_str())).collect(),
            &logs,
            with_substitute,
        )
    }

    /// The standing of the entrant of players `names` (their standings `logs`, if they
    /// played), of the nights now in `together` and `substitute`.
    fn standing(
        &self,
        names: Vec<PlayerId>,
        logs: &[Option<&PlayerStanding>],
        with_substitute: usize,
    ) -> EntrantStanding {
        let history = if self.histories {
            entrant_history(self.sessions, &names, logs, &self.replacement_of)
        } else {
            Vec::new()
        };
        let ranking = match logs {
            // A pair that played together: both have played this season.
            [Some(a), Some(b)] => pair_ranking(&a.ranking, &b.ranking),
            _ => {
                let now: Vec<Points> = names
                    .iter()
                    .zip(logs)
                    .map(|(p, l)| match l {
                        Some(l) => l.ranking.clone(),
                        None => (self.replacement_of)(p),
                    })
                    .collect();
                entrant_ranking(&now)
            }
        };
        let (me, inv, y) = (self.settings.me, self.settings.inv, self.settings.y);
        EntrantStanding {
            ranking,
            championship: championship::together_of(&self.together, &self.substitute, me, inv, y),
            together: self.together.len(),
            with_substitute,
            players: names,
            history,
        }
    }
}

/// Walks the nights of an entrant's players, in session order: a night is together when
/// two of them played in one pair or team (the points of that pair or team), with a
/// substitute when only one of them played (that player's points), and neither when
/// two or more played but each with someone else. Its buffers serve every entrant.
#[derive(Default)]
struct NightWalk<'a> {
    next: Vec<usize>,
    night: Vec<(Option<usize>, &'a PlayedSession)>,
}

impl<'a> NightWalk<'a> {
    /// `members`: each player's place among the standings and standing, if played.
    fn walk(
        &mut self,
        members: &[(Option<usize>, &Option<&'a PlayerStanding>)],
        together: &mut Vec<&'a Points>,
        substitute: &mut Vec<&'a Points>,
    ) {
        let lists: Vec<&'a [PlayedSession]> = members
            .iter()
            .map(|(_, l)| l.map_or(&[][..], |l| &l.log.played[..]))
            .collect();
        self.next.clear();
        self.next.resize(lists.len(), 0);
        let next = &mut self.next;
        let night = &mut self.night;
        loop {
            let session = (0..lists.len())
                .filter_map(|k| lists[k].get(next[k]).map(|x| x.session))
                .min();
            let Some(session) = session else { break };
            night.clear();
            for k in 0..lists.len() {
                if let Some(x) = lists[k].get(next[k]).filter(|x| x.session == session) {
                    night.push((members[k].0, x));
                    next[k] += 1;
                }
            }
            // Two of them in one pair or team: the points of that pair or team.
            let with_two = night
                .iter()
                .enumerate()
                .filter(|&(k, &(who, a))| {
                    night[k + 1..]
                        .iter()
                        .any(|&(other, b)| b.award == a.award && other != who)
                })
                .map(|(_, &(_, a))| &a.points)
                .max_by(|a, b| cmp_points(a, b));
            match (with_two, &night[..]) {
                (Some(p), _) => together.push(p),
                (None, [(_, alone)]) => substitute.push(&alone.points),
                _ => {}
            }
        }
    }
}

/// What a season shows of every pair of players at once: the nights each player
/// played, the points of every two players who played in one pair or team, and each
/// player's results best first.
struct SeasonNights<'a> {
    players: &'a [PlayerStanding],
    /// 64-bit words per player in `played`.
    words: usize,
    /// Bit `s` of player `i`'s words: whether the player played session `s`.
    played: Vec<u64>,
    /// Two players (their places, the lower first) and the points of a night they
    /// played in one pair or team, by players.
    with: Vec<([usize; 2], &'a Points)>,
    /// Where each first player's nights start in `with` (and, last, its length).
    with_from: Vec<usize>,
    /// Each player's results best first.
    best: &'a BestFirst,
}

/// Sorts `items` by the two places (below `n`) that `places` gives of each, as
/// `sort_unstable_by_key(places)` does: by the first place in one counting pass, then
/// the few items of each first place by the second. (A moment's season has thousands
/// of pairs, a federation a thousand moments.) Returns where each first place's items
/// start, and, last, their number.
fn sort_by_places<T: Copy>(
    items: &mut Vec<T>,
    n: usize,
    places: impl Fn(&T) -> [usize; 2],
) -> Vec<usize> {
    let Some(&any) = items.first() else {
        return vec![0; n + 1];
    };
    // Where each first place's items start, then where the next one of each goes.
    let mut start = vec![0usize; n + 1];
    for x in items.iter() {
        start[places(x)[0] + 1] += 1;
    }
    for i in 0..n {
        start[i + 1] += start[i];
    }
    let mut next = start.clone();
    let mut sorted = vec![any; items.len()];
    for x in items.iter() {
        let at = &mut next[places(x)[0]];
        sorted[*at] = *x;
        *at += 1;
    }
    for run in start.windows(2) {
        sorted[run[0]..run[1]].sort_unstable_by_key(|x| places(x)[1]);
    }
    *items = sorted;
    start
}

/// Each player's results (indices into the log), best first.
struct BestFirst {
    /// Player `i`'s are `order[start[i]..start[i + 1]]`.
    order: Vec<u32>,
    start: Vec<usize>,
}

impl BestFirst {
    fn of(players: &[PlayerStanding]) -> BestFirst {
        let mut order = Vec::with_capacity(players.iter().map(|p| p.log.played.len()).sum());
        let mut start = Vec::with_capacity(players.len() + 1);
        let mut keyed = Vec::new();
        for p in players {
            start.push(order.len());
            let played = &p.log.played;
            best_first(played.len(), |i| &played[i].points, &mut keyed, &mut order);
        }
        start.push(order.len());
        BestFirst { order, start }
    }

    /// Player `i`'s results, best first.
    fn of_player(&self, i: usize) -> &[u32] {
        &self.order[self.start[i]..self.start[i + 1]]
    }
}

/// Appends the places (0 to `n`) of `n` values, best first, equal values in the order
/// of their places; `keyed` is scratch room.
///
/// The values are sorted by their [`Points::descending_key`]s with their places beside
/// them: a comparison is then one of two integers, where comparing doubles and going
/// back to the values for equal ones took most of the season's sorting, and equal keys
/// keep their places' order. Values of equal keys are put in their exact order
/// afterwards; values of which one has no key are sorted by the exact values throughout.
fn best_first<'a>(
    n: usize,
    value: impl Fn(usize) -> &'a Points,
    keyed: &mut Vec<(u64, u32)>,
    order: &mut Vec<u32>,
) {
    let exact = |i: u32| value(i as usize);
    let mut keyless = false;
    keyed.clear();
    keyed.extend((0..n as u32).map(|i| match exact(i).descending_key() {
        Some(key) => (key, i),
        None => {
            keyless = true;
            (0, i)
        }
    }));
    if keyless {
        keyed.sort_by(|&(_, a), &(_, b)| exact(b).cmp(exact(a)));
    } else {
        keyed.sort_unstable();
        for run in keyed.chunk_by_mut(|a, b| a.0 == b.0) {
            if run.len() > 1 {
                run.sort_by(|&(_, a), &(_, b)| exact(b).cmp(exact(a)));
            }
        }
    }
    order.extend(keyed.iter().map(|&(_, i)| i));
}

/// Puts a session's awards best first, equal points in the order given: by their
/// places (see [`best_first`]), each award then moved once, where sorting the awards
/// themselves moved each many times.
fn sort_best_first(awards: &mut Vec<Award>, keyed: &mut Vec<(u64, u32)>) {
    let mut order = Vec::with_capacity(awards.len());
    best_first(awards.len(), |i| &awards[i].points, keyed, &mut order);
    if order.windows(2).all(|w| w[0] < w[1]) {
        return;
    }
    let mut slots: Vec<Option<Award>> = std::mem::take(awards).into_iter().map(Some).collect();
    awards.extend(order.iter().map(|&i| {
        slots[i as usize]
            .take()
            .expect("each award is in the order once")
    }));
}

impl<'a> SeasonNights<'a> {
    fn new(
        sessions: &'a [RankedSession],
        players: &'a [PlayerStanding],
        best: &'a BestFirst,
        standing_of: &FxHashMap<IdKey, usize>,
    ) -> SeasonNights<'a> {
        let words = sessions.len().div_ceil(64);
        let mut played = vec![0u64; words * players.len()];
        for (i, p) in players.iter().enumerate() {
            for x in &p.log.played {
                played[i * words + x.session / 64] |= 1 << (x.session % 64);
            }
        }
        let twos = |n: usize| n * n.saturating_sub(1) / 2;
        let mut with = Vec::with_capacity(
            sessions
                .iter()
                .flat_map(|s| &s.awards)
                .map(|a| twos(a.players.len()))
                .sum(),
        );
        let mut at: Vec<usize> = Vec::new();
        for a in sessions.iter().flat_map(|s| &s.awards) {
            at.clear();
            at.extend(a.players.iter().map(|p| standing_of[&IdKey(p)]));
            for (k, &x) in at.iter().enumerate() {
                for &y in &at[k + 1..] {
                    if x != y {
                        with.push(([x.min(y), x.max(y)], &a.points));
                    }
                }
            }
        }
        let with_from = sort_by_places(&mut with, players.len(), |w| w.0);
        SeasonNights {
            players,
            words,
            played,
            with,
            with_from,
            best,
        }
    }

    fn plays(&self, player: usize, session: usize) -> bool {
        self.played[player * self.words + session / 64] & (1 << (session % 64)) != 0
    }

    /// The nights of pair `x`, `y`: its results together, and of its results with a
    /// substitute those that can count (the best `inv`, and only while fewer than `me`
    /// are together); returns how many results with a substitute it has.
    fn pair(
        &self,
        x: usize,
        y: usize,
        me: u32,
        inv: u32,
        together: &mut Vec<&'a Points>,
        substitute: &mut Vec<&'a Points>,
    ) -> usize {
        // The nights of the lower player with others, then those with the higher.
        let (low, high) = (x.min(y), x.max(y));
        let nights = &self.with[self.with_from[low]..self.with_from[low + 1]];
        let from = nights.partition_point(|w| w.0[1] < high);
        together.extend(
            nights[from..]
                .iter()
                .take_while(|w| w.0[1] == high)
                .map(|w| w.1),
        );
        let room = if together.len() >= me as usize {
            0
        } else {
            (me as usize - together.len()).min(inv as usize)
        };
        for (a, b) in [(x, y), (y, x)] {
            let log = &self.players[a].log.played;
            let alone = self
                .best
                .of_player(a)
                .iter()
                .map(|&e| &log[e as usize])
                .filter(|e| !self.plays(b, e.session))
                .take(room);
            substitute.extend(alone.map(|e| &e.points));
        }
        let (wx, wy) = (
            &self.played[x * self.words..][..self.words],
            &self.played[y * self.words..][..self.words],
        );
        let both: u32 = wx.iter().zip(wy).map(|(a, b)| (a & b).count_ones()).sum();
        let count = |w: &[u64]| w.iter().map(|a| a.count_ones()).sum::<u32>();
        (count(wx) + count(wy) - 2 * both) as usize
    }
}

/// An entrant's ranking after every session of the season; it moves only after a night
/// one of its players played.
fn entrant_history(
    sessions: usize,
    members: &[PlayerId],
    logs: &[Option<&PlayerStanding>],
    replacement_of: &impl Fn(&str) -> Points,
) -> Vec<Points> {
    let mut now: Vec<Points> = members
        .iter()
        .zip(logs)
        .map(|(p, l)| match l {
            Some(l) => l.log.replacement.clone(),
            None => replacement_of(p),
        })
        .collect();
    let mut next = vec![0usize; members.len()];
    let mut history: Vec<Points> = Vec::with_capacity(sessions);
    for i in 0..sessions {
        let mut moved = false;
        for (k, l) in logs.iter().enumerate() {
            let Some(l) = l else { continue };
            while next[k] < l.log.played.len() && l.log.played[next[k]].session <= i {
                now[k] = l.log.history[next[k]].clone();
                next[k] += 1;
                moved = true;
            }
        }
        match history.last() {
            Some(last) if !moved => history.push(last.clone()),
            _ => history.push(entrant_ranking(&now)),
        }
    }
    history
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ranking::{Method, MinSessions, frac, parse_decimal};

    /// Players' ids as text, to compare with what a test expects.
    fn names(ids: &[PlayerId]) -> Vec<&str> {
        ids.iter().map(|p| &**p).collect()
    }

    /// A team's match on a teams night: team, opponent, players `a+b+c+d` (a seat left
    /// empty, `a+b+c+`, a guest without an id, as the sessions CSV reads it), VP.
    fn team(t: &str, o: &str, players: &str, vp: i64) -> TeamEntry {
        TeamEntry {
            team: t.into(),
            opponent: o.into(),
            players: players
                .split('+')
                .filter(|x| !x.is_empty())
                .map(PlayerId::from)
                .collect(),
            guests: match players.contains('+') {
                true => players.split('+').filter(|x| x.is_empty()).count(),
                false => 0,
            },
            vp: int(vp),
            origin: Origin::default(),
        }
    }

    fn club(z: u32) -> Club {
        Club {
            settings: ClubSettings {
                z,
                min: MinSessions::Count(2),
                x: 1,
                me: 2,
                inv: 1,
                y: 1,
                ..ClubSettings::default()
            },
            moments: vec![Moment {
                name: "tuesday".into(),
                form: Form::Pairs,
            }],
            ..Club::default()
        }
    }

    fn session(date: &str, rows: &[(&str, &str, &str)]) -> SessionInput {
        SessionInput {
            date: date.into(),
            moment: "tuesday".into(),
            form: Form::Pairs,
            origin: Origin::new("sessions.csv"),
            pairs: rows
                .iter()
                .enumerate()
                .map(|(i, (line, players, score))| PairEntry {
                    line: (*line).into(),
                    // A seat left empty (`1001+`) is a guest without an id, no player,
                    // as the sessions CSV reads it.
                    players: players
                        .split('+')
                        .filter(|x| !x.is_empty())
                        .map(PlayerId::from)
                        .collect(),
                    score: parse_decimal(score).unwrap(),
                    origin: Origin::at_line(&"sessions.csv".into(), i + 2),
                })
                .collect(),
            teams: Vec::new(),
        }
    }

    #[test]
    fn an_id_written_another_way_has_the_same_key() {
        for (a, b) in [
            ("1001", "01001"),
            ("1001", "1001.0"),
            ("1001", "01001.00"),
            ("p1", "P1"),
            ("Jan Jansen", "jan  jansen"),
        ] {
            assert_eq!(id_key(a), id_key(b), "{a} and {b}");
        }
        for (a, b) in [
            ("1001", "1001.5"),
            ("1001", "10010"),
            ("p1", "p 1"),
            ("1.0", "1.0.0"),
        ] {
            assert_ne!(id_key(a), id_key(b), "{a} and {b}");
        }
    }

    fn first_night() -> SessionInput {
        // Two lines on a night of nominal three: A 100-52 and B 88-40, Bz = 48.
        session(
            "2025-09-02",
            &[
                ("A", "p1+p2", "63.5"),
                ("A", "p3+p4", "50"),
                ("A", "p5+p6", "36.5"),
                ("B", "p7+p8", "56.75"),
                ("B", "p9+p10", "43.25"),
            ],
        )
    }

    proptest::proptest! {
        /// Sorted by places as the standard sort sorts them: the same keys in the same
        /// order (items with the same places may come in any order).
        #[test]
        fn sorted_by_places_as_by_the_standard_sort(
            items in proptest::collection::vec((0usize..12, 0usize..12, 0u8..4), 0..200)
        ) {
            let mut got = items.clone();
            let from = sort_by_places(&mut got, 12, |&(x, y, _)| [x, y]);
            // Where each first place's items start.
            let want_from: Vec<usize> = (0..=12).map(|x| items.iter().filter(|i| i.0 < x).count()).collect();
            proptest::prop_assert_eq!(from, want_from);
            let mut want = items.clone();
            want.sort_unstable_by_key(|&(x, y, _)| [x, y]);
            let keys = |v: &[(usize, usize, u8)]| v.iter().map(|&(x, y, _)| [x, y]).collect::<Vec<_>>();
            proptest::prop_assert_eq!(keys(&got), keys(&want));
            got.sort_unstable();
            want.sort_unstable();
            proptest::prop_assert_eq!(got, want);
        }
    }

    #[test]
    fn a_nights_lines_are_grouped_by_their_letters_however_written() {
        // `a+c` and `C+A` are one group of two pairs; line A also plays on its own, and
        // line B has a single pair, told with its row.
        let night = session(
            "2025-09-02",
            &[
                ("a+c", "p1+p2", "50"),
                ("A", "p3+p4", "60"),
                ("C+A", "p5+p6", "50"),
                ("B", "p7+p8", "50"),
                ("A", "p9+p10", "40"),
            ],
        );
        let errors: Vec<String> = check(&club(6), &[night])
            .iter()
            .map(|e| e.to_string())
            .collect();
        assert_eq!(errors.len(), 2, "{errors:?}");
        // Told at the row that makes the conflict: line A on its own (line 3) after the
        // group A+C (line 2).
        assert_eq!(
            errors[1],
            "sessions.csv line 3: session 2025-09-02 tuesday: line A belongs to two groups, A+C (line 2) and A; a line is scored on its own or in one top-integral group: correct the line",
        );
        assert!(
            errors[0].starts_with(
                "sessions.csv line 5: session 2025-09-02 tuesday: line B has only one pair"
            ),
            "{errors:?}"
        );
    }

    #[test]
    fn player_ids_are_the_ids_given_two_of_them_in_place() {
        let ids = |n: usize| {
            (0..n)
                .map(|i| PlayerId::from(format!("p{i}")))
                .collect::<Vec<_>>()
        };
        for n in 0..5 {
            let got: PlayerIds = ids(n).into();
            assert_eq!(&got[..], &ids(n)[..]);
            assert_eq!(got, ids(n).into_iter().collect::<PlayerIds>());
            assert_eq!(format!("{got:?}"), format!("{:?}", ids(n)));
            assert_eq!(matches!(got.0, PlayersRepr::Two(_)), n == 2);
        }
        let [a, b] = [PlayerId::from("1001"), PlayerId::from("1002")];
        assert_eq!(
            PlayerIds::from([a.clone(), b.clone()]),
            PlayerIds::from(vec![a, b])
        );
        // A pair's two ids take no more room than the two ids, each one pointer; a
        // pair's row takes seven (line, ids, score and where it came from).
        assert_eq!(
            std::mem::size_of::<PlayerId>(),
            std::mem::size_of::<usize>()
        );
        assert_eq!(
            std::mem::size_of::<PlayerIds>(),
            2 * std::mem::size_of::<PlayerId>()
        );
        if cfg!(target_pointer_width = "64") {
            assert_eq!(std::mem::size_of::<PairEntry>(), 56);
        }
    }

    proptest::proptest! {
        /// A player's results best first: every one once, in the exact order, also
        /// where values are equal, differ by less than their doubles tell apart, or
        /// are too large for a double's key.
        #[test]
        fn results_are_put_best_first(
            values in proptest::collection::vec(
                (0usize..5, -2_000i64..2_000, 1i64..2_000),
                0..60,
            ),
        ) {
            // 1 + 1/m and 1 + 2/m round to the same double.
            let m = (1i128 << 53) - 5;
            let points: Vec<Points> = values
                .iter()
                .map(|&(form, n, d)| match form {
                    0 => Points::ratio(n.into(), 27),
                    1 => Points::ratio((n % 7).into(), 1),
                    // Too close for their doubles to differ, or to have a key.
                    2 => Points::ratio(m + 1 + i128::from(n.rem_euclid(3)), m),
                    3 if n % 50 == 0 => Points::ratio(i128::MAX - i128::from(d), 3),
                    _ => Points::ratio(n.into(), d.into()),
                })
                .collect();
            let played: Vec<PlayedSession> = points
                .iter()
                .enumerate()
                .map(|(session, p)| PlayedSession { session, award: 0, points: p.clone() })
                .collect();
            let (mut keyed, mut order) = (Vec::new(), vec![7]);
            best_first(played.len(), |i| &played[i].points, &mut keyed, &mut order);
            proptest::prop_assert_eq!(order[0], 7);
            let mut seen = order[1..].to_vec();
            seen.sort_unstable();
            proptest::prop_assert_eq!(seen, (0..played.len() as u32).collect::<Vec<_>>());
            for w in order[1..].windows(2) {
                proptest::prop_assert!(points[w[0] as usize] >= points[w[1] as usize]);
            }
            // Awards are put in the order a stable sort gives: equal points as given.
            let mut awards: Vec<Award> = points
                .iter()
                .enumerate()
                .map(|(i, p)| Award {
                    team: Some(i.to_string()),
                    players: Vec::new().into(),
                    line: "A".into(),
                    score: int(0),
                    points: p.clone(),
                    team_points: None,
                })
                .collect();
            let mut stable = awards.clone();
            stable.sort_by(|a, b| b.points.cmp(&a.points));
            sort_best_first(&mut awards, &mut keyed);
            proptest::prop_assert_eq!(awards, stable);
        }

        /// Sessions are joined in place as by joining them one by one into a new list:
        /// each date and moment once, in the order first given, its rows in the order
        /// given, a row without a line of its own named by its session; a session in
        /// another form than the first of its date and moment is an error.
        #[test]
        fn sessions_are_joined_as_one_by_one(
            given in proptest::collection::vec((0u8..3, 0u8..2, proptest::bool::ANY, 0usize..3), 0..30)
        ) {
            let sessions: Vec<SessionInput> = given
                .iter()
                .enumerate()
                .map(|(i, &(date, moment, teams, rows))| SessionInput {
                    date: format!("2025-09-0{}", date + 1),
                    moment: format!("m{moment}"),
                    form: if teams { Form::Teams } else { Form::Pairs },
                    origin: Origin::new(format!("file{i}.csv")),
                    pairs: (0..rows)
                        .map(|r| PairEntry {
                            line: "A".into(),
                            players: [format!("{i}.{r}").into(), "x".into()].into(),
                            score: int(50),
                            origin: if r == 0 {
                                Origin::default()
                            } else {
                                Origin::at_line(&format!("file{i}.csv").into(), r + 2)
                            },
                        })
                        .collect(),
                    teams: Vec::new(),
                })
                .collect();
            let mut want: Vec<SessionInput> = Vec::new();
            let mut errors = 0;
            for s in sessions.clone() {
                match want.iter_mut().find(|w| w.date == s.date && w.moment == s.moment) {
                    None => want.push(s),
                    Some(w) if w.form != s.form => errors += 1,
                    Some(w) => {
                        for mut p in s.pairs {
                            if p.origin.is_empty() {
                                p.origin = s.origin.clone();
                            }
                            w.pairs.push(p);
                        }
                    }
                }
            }
            match merge(sessions) {
                Ok(got) => {
                    proptest::prop_assert_eq!(errors, 0);
                    proptest::prop_assert_eq!(got, want);
                }
                Err(e) => proptest::prop_assert_eq!(e.len(), errors),
            }
        }
    }

    fn points_of(s: &SeasonStanding, player: &str) -> Vec<Points> {
        let p = s.players.iter().find(|p| &*p.player == player).unwrap();
        p.log.played.iter().map(|x| x.points.clone()).collect()
    }

    #[test]
    fn balanced_on_a_stretched_night_by_hand() {
        let got = rank(&club(2), vec![first_night()]).unwrap();
        let s = &got[0];
        // A: mid 76 + (S − 50) / 13.5 × 24; B: mid 64 + (S − 50) / 13.5 × 24.
        assert_eq!(points_of(s, "p1"), vec![int(100)]);
        assert_eq!(points_of(s, "p3"), vec![int(76)]);
        assert_eq!(points_of(s, "p6"), vec![int(52)]);
        assert_eq!(points_of(s, "p7"), vec![int(76)]);
        assert_eq!(points_of(s, "p10"), vec![int(52)]);
        // Z = 2 and a replacement ranking of 70: p1 is at (70 + 100) / 2 = 85.
        assert_eq!(s.ranking_of("p1"), int(85));
        assert_eq!(s.ranking_of("nobody"), int(70));
        // The pair p1+p2 is 170, first in the pair ranking.
        assert_eq!(names(&s.entrants[0].players), ["p1", "p2"]);
        assert_eq!(s.entrants[0].ranking, int(170));
    }

    #[test]
    fn dynamic_uses_the_rankings_before_the_night() {
        let mut c = club(2);
        c.settings.method = Method::Dynamic;
        let second = session(
            "2025-09-09",
            &[("A", "p1+p3", "63.5"), ("A", "p2+p4", "36.5")],
        );
        let got = rank(&c, vec![second, first_night()]).unwrap();
        let s = &got[0];
        // Night 1: every line mean is 70 (all replacement): p1 gets 70 + 20 = 90, p3 70.
        assert_eq!(points_of(s, "p1")[0], int(90));
        assert_eq!(points_of(s, "p3")[0], int(70));
        // Before night 2: p1 80, p2 80, p3 70, p4 70; Rl = 75. p1+p3 get 95, p2+p4 55.
        assert_eq!(points_of(s, "p1")[1], int(95));
        assert_eq!(points_of(s, "p4")[1], int(55));
        assert_eq!(s.ranking_of("p1"), frac(185, 2));
    }

    #[test]
    fn teams_night_in_a_season() {
        let mut c = club(2);
        c.moments[0].form = Form::Teams;
        let night = SessionInput {
            date: "2025-10-07".into(),
            moment: "tuesday".into(),
            form: Form::Teams,
            origin: Origin::new("teams.csv"),
            pairs: Vec::new(),
            teams: vec![team("X", "Y", "a+b+c+d", 17), team("Y", "X", "e+f+g+h", 3)],
        };
        let got = rank(&c, vec![night]).unwrap();
        // Everyone 70 before: X gets 70 + 20 = 90, Y 70 − 20 = 50.
        assert_eq!(points_of(&got[0], "a"), vec![int(90)]);
        assert_eq!(points_of(&got[0], "h"), vec![int(50)]);
        let x = &got[0].sessions[0].awards[0];
        assert_eq!(x.team_points.as_ref().unwrap().resistance, int(70));
    }

    /// A teams night of three teams, two matches each; T1 played with a guest without
    /// an id in its fourth seat.
    fn teams_night_with_a_guest(t1: &str) -> SessionInput {
        let mut night = session("2025-10-07", &[]);
        night.form = Form::Teams;
        night.teams = vec![
            team("T1", "T2", t1, 15),
            team("T2", "T1", "p5+p6+p7+p8", 5),
            team("T1", "T3", t1, 8),
            team("T3", "T1", "p9+p10+p11+p12", 12),
            team("T2", "T3", "p5+p6+p7+p8", 10),
            team("T3", "T2", "p9+p10+p11+p12", 10),
        ];
        night
    }

    /// A team that played with a guest without an id is ranked: its strength is the
    /// mean ranking of its players with ids, each of them gets the team's points, and
    /// the guest is no player.
    #[test]
    fn a_team_with_a_guest_is_ranked_by_its_players_with_ids() {
        let mut c = club(2);
        c.moments[0].form = Form::Teams;
        for (p, r) in [("p1", 82), ("p2", 76), ("p5", 60)] {
            c.replacements.insert(p.into(), int(r));
        }
        let got = rank(&c, vec![teams_night_with_a_guest("p1+p2+p3+")]).unwrap();
        let s = &got[0];
        let award = |team: &str| s.sessions[0].awards.iter().find(|a| a.unit() == team);
        let of = |team: &str| award(team).unwrap().team_points.as_deref().unwrap().clone();
        let (t1, t2, t3) = (of("T1"), of("T2"), of("T3"));
        // K: T1 (82 + 76 + 70) / 3 = 76, the guest left out (counted at 70 it would be
        // 74.5); T2 (60 + 3 × 70) / 4 = 67.5; T3 70.
        assert_eq!(t1.strength, int(76));
        assert_eq!(t2.strength, frac(135, 2));
        assert_eq!(t3.strength, int(70));
        // W: T1 (67.5 + 70) / 2 = 68.75; T2 (76 + 70) / 2 = 73; T3 (76 + 67.5) / 2 = 71.75.
        assert_eq!(t1.resistance, frac(275, 4));
        assert_eq!(t2.resistance, int(73));
        assert_eq!(t3.resistance, frac(287, 4));
        // Ri = (VP − 10) / (17 − 10) × 40 / 2: T1 15 and 8 VP give 100/7 and −40/7; T2 5
        // and 10 give −100/7 and 0; T3 12 and 10 give 40/7 and 0.
        assert_eq!(t1.per_match, [frac(100, 7), frac(-40, 7)]);
        assert_eq!(t2.per_match, [frac(-100, 7), int(0)]);
        assert_eq!(t3.per_match, [frac(40, 7), int(0)]);
        // Points: T1 275/4 + 30/7 = 2045/28 (73.04); T2 73 − 50/7 = 461/7 (65.86);
        // T3 287/4 + 20/7 = 2089/28 (74.61).
        for p in ["p1", "p2", "p3"] {
            assert_eq!(points_of(s, p), [frac(2045, 28)], "{p}");
        }
        assert_eq!(points_of(s, "p8"), [frac(461, 7)]);
        assert_eq!(points_of(s, "p12"), [frac(2089, 28)]);
        // Eleven players: the guest is in no list.
        assert_eq!(s.players.len(), 11);
        assert!(s.players.iter().all(|p| !p.player.is_empty()));
        assert_eq!(names(&award("T1").unwrap().players), ["p1", "p2", "p3"]);
    }

    /// Each match is one row from each side: a row given twice, or one without its
    /// opponent's row, is not counted as a match of its own.
    #[test]
    fn a_teams_row_without_its_opponents_row_is_refused() {
        let mut c = club(2);
        c.moments[0].form = Form::Teams;
        let at = |mut t: TeamEntry, line: usize| {
            t.origin = Origin::at_line(&"teams.csv".into(), line);
            t
        };
        let night = |teams: Vec<TeamEntry>| SessionInput {
            date: "2025-10-07".into(),
            moment: "tuesday".into(),
            form: Form::Teams,
            origin: Origin::new("teams.csv"),
            pairs: Vec::new(),
            teams,
        };
        let (x, y, z) = ("a+b+c+d", "e+f+g+h", "i+j+k+l");
        let twice = night(vec![
            at(team("X", "Y", x, 14), 2),
            at(team("Y", "X", y, 6), 3),
            at(team("X", "Y", x, 14), 4),
        ]);
        let unpaired = night(vec![
            at(team("X", "Y", x, 14), 2),
            at(team("Y", "X", y, 6), 3),
            at(team("X", "Z", x, 12), 4),
            at(team("Z", "Y", z, 8), 5),
        ]);
        // The copy given before the opponent's row: the copy is named, not the original.
        let copy_first = night(vec![
            at(team("X", "Y", x, 14), 2),
            at(team("X", "Y", x, 14), 3),
            at(team("Y", "X", y, 6), 4),
        ]);
        for (night, lines) in [
            (twice, vec![4]),
            (copy_first, vec![3]),
            (unpaired, vec![4, 5]),
        ] {
            let errors = rank(&c, vec![night]).unwrap_err();
            let text: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
            assert_eq!(text.len(), lines.len(), "{text:?}");
            for (t, line) in text.iter().zip(lines) {
                assert!(
                    t.contains(&format!("teams.csv line {line}")) && t.contains("no row of team"),
                    "{text:?}"
                );
            }
        }
    }

    #[test]
    fn fixed_pairs_compete_in_a_moment_of_teams_nights_only() {
        // Seed 002: partners in one team play together. Without pairs nights nothing
        // made a pair entrant; the club's fixed pairs are entrants, together on every
        // night they played in one team.
        let mut c = club(2);
        c.moments[0].form = Form::Teams;
        c.pairs = vec![["a".into(), "b".into()], ["c".into(), "e".into()]];
        let night = |date: &str, x: &str, y: &str, vp: i64| SessionInput {
            date: date.into(),
            moment: "tuesday".into(),
            form: Form::Teams,
            origin: Origin::new("teams.csv"),
            pairs: Vec::new(),
            teams: vec![team("X", "Y", x, vp), team("Y", "X", y, 20 - vp)],
        };
        let got = rank(
            &c,
            vec![
                night("2025-10-07", "a+b+c+d", "e+f+g+h", 17),
                night("2025-10-14", "a+b+e+c", "d+f+g+h", 10),
            ],
        )
        .unwrap();
        let s = &got[0];
        assert_eq!(s.entrants.len(), 2, "{:?}", s.entrants);
        let ab = s
            .entrants
            .iter()
            .find(|e| names(&e.players) == ["a", "b"])
            .unwrap();
        assert_eq!((ab.together, ab.with_substitute), (2, 0));
        // c and e were in opposing teams on night 1 (neither together nor with a
        // substitute), in one team on night 2.
        let ce = s
            .entrants
            .iter()
            .find(|e| names(&e.players) == ["c", "e"])
            .unwrap();
        assert_eq!((ce.together, ce.with_substitute), (1, 0));
        // The pair's results are its team's points, the ones a and b both earned.
        let a = points_of(s, "a");
        assert_eq!(a, points_of(s, "b"));
        assert_eq!(ab.championship.counted.len(), 2);
        assert!(ab.championship.counted.iter().all(|p| a.contains(p)));
    }

    #[test]
    fn fixed_pairs_on_pairs_nights_are_entrants_once() {
        // p1+p2 (given the other way round) played together: an entrant once, as the
        // pair made. p3 played without zz, who never came: a night with a substitute.
        // p5 and p7 each played with someone else: nothing to show, no entrant.
        let mut c = club(2);
        c.pairs = vec![
            ["p2".into(), "p1".into()],
            ["p3".into(), "zz".into()],
            ["p5".into(), "p7".into()],
        ];
        let got = rank(&c, vec![first_night()]).unwrap();
        let shown: Vec<(Vec<&str>, usize, usize)> = got[0]
            .entrants
            .iter()
            .map(|e| (names(&e.players), e.together, e.with_substitute))
            .collect();
        assert_eq!(
            shown,
            [
                (vec!["p1", "p2"], 1, 0),
                (vec!["p3", "p4"], 1, 0),
                (vec!["p7", "p8"], 1, 0),
                (vec!["p3", "zz"], 0, 1),
                (vec!["p10", "p9"], 1, 0),
                (vec!["p5", "p6"], 1, 0),
            ]
        );
        let ranking = |who: &[&str]| {
            let e = got[0].entrants.iter().find(|e| names(&e.players) == who);
            e.unwrap().ranking.clone()
        };
        assert_eq!(ranking(&["p1", "p2"]), int(170));
        assert_eq!(ranking(&["p3", "zz"]), got[0].ranking_of("p3") + int(70));
    }

    #[test]
    fn pairs_championship_with_a_substitute_night() {
        // me 2, inv 1: p1+p2 together once (100), p1 with a substitute once.
        let second = session(
            "2025-09-09",
            &[("A", "p1+p9", "56.75"), ("A", "p3+p4", "43.25")],
        );
        let got = rank(&club(2), vec![first_night(), second]).unwrap();
        let e = got[0]
            .entrants
            .iter()
            .find(|e| names(&e.players) == ["p1", "p2"])
            .unwrap();
        assert_eq!((e.together, e.with_substitute), (1, 1));
        // History (Z = 2): 85 + 85 after night 1; p1 (100 + 85) / 2 after night 2.
        assert_eq!(e.history, vec![int(170), frac(355, 2)]);
        // Night 2, one line of nominal three: 100-40, width 60: 70 + 6.75/13.5 × 30 = 85.
        assert!(e.championship.eligible());
        assert_eq!(e.championship.average, Some(frac(185, 2)));
        // A night on which both played, each with someone else, counts neither way.
        let third = session("2025-09-16", &[("A", "p1+p5", "50"), ("A", "p2+p6", "50")]);
        let more = rank(
            &club(2),
            vec![
                first_night(),
                session(
                    "2025-09-09",
                    &[("A", "p1+p9", "56.75"), ("A", "p3+p4", "43.25")],
                ),
                third,
            ],
        )
        .unwrap();
        let e = more[0]
            .entrants
            .iter()
            .find(|e| names(&e.players) == ["p1", "p2"])
            .unwrap();
        assert_eq!((e.together, e.with_substitute), (1, 1));
        // p3+p4 played together twice: eligible without substitutes.
        let e = got[0]
            .entrants
            .iter()
            .find(|e| names(&e.players) == ["p3", "p4"])
            .unwrap();
        // 76 on night 1; night 2: 70 − 6.75/13.5 × 30 = 55.
        assert_eq!(e.championship.average, Some(frac(131, 2)));
    }

    /// A night of three pairs in line A, 1001's partner `partner` (empty: a guest
    /// without an id).
    fn night_with(date: &str, partner: &str) -> SessionInput {
        session(
            date,
            &[
                ("A", &format!("1001+{partner}"), "63.5"),
                ("A", "1003+1004", "50"),
                ("A", "1005+1006", "36.5"),
            ],
        )
    }

    /// A member who played with a guest without an id earns the pair's ranking points,
    /// the same as with a partner's id in the guest's seat, by place, by ratio and
    /// balanced; the guest is no player, and the pair no entrant.
    #[test]
    fn a_member_with_a_guest_earns_the_pairs_points() {
        for method in [Method::Place, Method::Ratio, Method::Balanced] {
            let mut c = club(2);
            c.settings.method = method;
            let guest = rank(&c, vec![night_with("2025-09-02", "")]).unwrap();
            let partner = rank(&c, vec![night_with("2025-09-02", "1002")]).unwrap();
            let (guest, partner) = (&guest[0], &partner[0]);
            for p in ["1001", "1003", "1006"] {
                assert_eq!(points_of(guest, p), points_of(partner, p), "{method:?} {p}");
            }
            assert_eq!(guest.players.len(), 5, "{method:?}");
            assert_eq!(guest.ranking_of("1001"), partner.ranking_of("1001"));
            assert_eq!(guest.sessions[0].awards[0].unit(), "1001+");
            assert!(guest.entrants.iter().all(|e| e.players.len() == 2));
            assert!(
                !guest
                    .entrants
                    .iter()
                    .any(|e| names(&e.players).contains(&"1001"))
            );
        }
    }

    /// The dynamic method's line mean is that of the players present: a guest without
    /// an id is not one, and is not counted at a replacement ranking.
    #[test]
    fn the_dynamic_line_mean_leaves_the_guest_out() {
        let mut c = club(2);
        c.settings.method = Method::Dynamic;
        c.replacements.insert("1001".into(), int(100));
        // Five players: (100 + 4 × 70) / 5 = 76; the top score earns 76 + 20.
        let got = rank(&c, vec![night_with("2025-09-02", "")]).unwrap();
        assert_eq!(points_of(&got[0], "1001"), [int(96)]);
        assert_eq!(points_of(&got[0], "1003"), [int(76)]);
        assert_eq!(points_of(&got[0], "1006"), [int(56)]);
        // With a partner at 70 in the seat, six players: (100 + 5 × 70) / 6 = 75.
        let got = rank(&c, vec![night_with("2025-09-02", "1002")]).unwrap();
        assert_eq!(points_of(&got[0], "1003"), [int(75)]);
    }

    /// A night 1001 played with a guest and 1002 did not play is, for the pair
    /// 1001+1002 (and a threesome of theirs), a night with a substitute, worth 1001's
    /// points; a night 1002 played with someone else counts neither way.
    #[test]
    fn a_night_with_a_guest_is_a_substitute_night_for_the_pair() {
        let together = night_with("2025-09-02", "1002");
        let guest = night_with("2025-09-09", "");
        // (A pair of a club threesome is no entrant of its own.)
        let mut threesome = club(2);
        threesome.threesomes = vec![vec!["1001".into(), "1002".into(), "1007".into()]];
        for (c, who) in [
            (club(2), &["1001", "1002"][..]),
            (threesome, &["1001", "1002", "1007"]),
        ] {
            let got = rank(&c, vec![together.clone(), guest.clone()]).unwrap();
            let e = got[0]
                .entrants
                .iter()
                .find(|e| names(&e.players) == who)
                .unwrap();
            assert_eq!((e.together, e.with_substitute), (1, 1), "{who:?}");
            // me 2, inv 1: 1001+1002's 100 together and 1001's 100 with the guest.
            assert!(e.championship.eligible(), "{who:?}");
            assert_eq!(e.championship.average, Some(int(100)), "{who:?}");
        }
        let mut apart = guest;
        apart.pairs[1].players = [PlayerId::from("1002"), PlayerId::from("1004")].into();
        apart.pairs[2].players = [PlayerId::from("1003"), PlayerId::from("1006")].into();
        apart.pairs.push(PairEntry {
            players: [PlayerId::from("1005"), PlayerId::from("1008")].into(),
            ..apart.pairs[2].clone()
        });
        let got = rank(&club(2), vec![together, apart]).unwrap();
        let e = got[0]
            .entrants
            .iter()
            .find(|e| names(&e.players) == ["1001", "1002"])
            .unwrap();
        assert_eq!((e.together, e.with_substitute), (1, 0));
    }

    /// A pair of one player id (the other seat a guest without an id) is ranked; a
    /// pair of no id at all is still refused: most often a pair not yet named (an
    /// import that could not tell who played), whose two members' night would be lost.
    #[test]
    fn a_pair_of_one_id_is_ranked_and_of_none_refused() {
        let night = session(
            "2025-09-02",
            &[("A", "1001+", "55"), ("A", "+1003", "45"), ("A", "+", "50")],
        );
        let errors: Vec<String> = check(&club(2), &[night])
            .iter()
            .map(|e| e.to_string())
            .collect();
        assert_eq!(
            errors,
            [
                "sessions.csv line 4: session 2025-09-02 tuesday: pair `+` names no player: give the two players' ids joined by `+` (1001+1002)"
            ]
        );
    }

    #[test]
    fn a_teams_night_counts_as_together_for_team_mates() {
        // p1+p2 play a pairs night, then a teams night in the same team; p3+p4 end up in
        // different teams.
        let mut c = club(2);
        c.threesomes = vec![vec!["p5".into(), "p6".into(), "p9".into()]];
        let teams = SessionInput {
            date: "2025-09-09".into(),
            moment: "tuesday".into(),
            form: Form::Teams,
            origin: Origin::new("teams.csv"),
            pairs: Vec::new(),
            teams: vec![
                team("X", "Y", "p1+p2+p3+p5+p9", 12),
                team("Y", "X", "p4+p7+p8+p10", 8),
            ],
        };
        let got = rank(&c, vec![first_night(), teams]).unwrap();
        let find = |ids: &[&str]| {
            got[0]
                .entrants
                .iter()
                .find(|e| names(&e.players) == ids)
                .unwrap()
                .clone()
        };
        assert_eq!(find(&["p1", "p2"]).together, 2);
        let p34 = find(&["p3", "p4"]);
        assert_eq!((p34.together, p34.with_substitute), (1, 0));
        // The threesome: p5+p6 as a pair on night 1, p5 and p9 in one team on night 2.
        let three = find(&["p5", "p6", "p9"]);
        assert_eq!((three.together, three.with_substitute), (2, 0));
    }

    #[test]
    fn threesome_ranks_as_two_thirds_of_its_sum() {
        let mut c = club(1);
        c.threesomes = vec![vec!["p1".into(), "p2".into(), "p5".into()]];
        let got = rank(&c, vec![first_night()]).unwrap();
        let t = got[0]
            .entrants
            .iter()
            .find(|e| e.players.len() == 3)
            .unwrap();
        // Z = 1: p1 100, p2 100, p5 52: 2 × 252 / 3 = 168.
        assert_eq!(t.ranking, int(168));
        assert_eq!(t.together, 1);
        // p1+p2 compete as the threesome, not as a pair.
        assert!(
            !got[0]
                .entrants
                .iter()
                .any(|e| names(&e.players) == ["p1", "p2"])
        );
    }

    #[test]
    fn a_new_season_starts_from_the_final_standing() {
        let mut c = club(2);
        c.seasons = vec![
            SeasonDates {
                name: "2024-2025".into(),
                start: "2024-09-01".into(),
                end: "2025-08-31".into(),
            },
            SeasonDates {
                name: "2025-2026".into(),
                start: "2025-09-01".into(),
                end: "2026-08-31".into(),
            },
        ];
        let old = session(
            "2025-05-06",
            &[("A", "p1+p2", "63.5"), ("A", "p3+p4", "36.5")],
        );
        let got = rank(&c, vec![first_night(), old]).unwrap();
        assert_eq!(got.len(), 2);
        // Last season, one line of nominal three (100-40, Bz = 60): 63.5 % is 100, so
        // p1 ends at (70 + 100) / 2 = 85, which starts the new season: (85 + 100) / 2.
        assert_eq!(got[0].ranking_of("p1"), int(85));
        assert_eq!(got[1].ranking_of("p1"), frac(185, 2));
        assert_eq!(got[1].ranking_of("p7"), frac(146, 2));
    }

    #[test]
    fn bad_sessions_are_all_reported_with_their_source() {
        let bad = session(
            "2025-09-02",
            &[
                ("A", "p1+p2", "63.5"),
                ("A", "p3+p1", "101"),
                ("B", "p5+p6", "50"),
            ],
        );
        let errors = rank(&club(2), vec![bad]).unwrap_err();
        let text: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
        assert!(
            text.iter().any(|t| t.contains("sessions.csv line 3")
                && t.contains("player p1 also plays in pair p1+p2")),
            "{text:?}"
        );
        assert!(
            text.iter()
                .any(|t| t.contains("score 101.00 is outside 0 to 100 %")),
            "{text:?}"
        );
        assert!(
            text.iter().any(|t| t.contains("line B has only one pair")),
            "{text:?}"
        );
        let mut other = first_night();
        other.moment = "friday".into();
        other.date = "2025-13-01".into();
        let errors = rank(&club(2), vec![other]).unwrap_err();
        assert!(errors[0].to_string().contains("YYYY-MM-DD"), "{errors:?}");
    }

    /// A player written twice in one team's row is a mistyped id: refused, where it was
    /// taken as one player and the team ranked.
    /// A match whose two sides' VP do not add up to 20 is ranked as given, with a
    /// warning naming both rows, the teams and their VP.
    #[test]
    fn a_match_of_more_or_less_than_20_vp_is_a_warning() {
        let at = |mut t: TeamEntry, line: usize| {
            t.origin = Origin::at_line(&"teams.csv".into(), line);
            t
        };
        let mut night = session("2025-09-04", &[]);
        night.form = Form::Teams;
        night.teams = vec![
            at(team("T1", "T2", "p1+p2+p3+p4", 14), 2),
            at(team("T2", "T1", "p5+p6+p7+p8", 6), 3),
            at(team("T1", "T3", "p1+p2+p3+p4", 14), 4),
            at(team("T3", "T1", "p9+p10+p11+p12", 14), 5),
        ];
        assert_eq!(
            vp_warnings(std::slice::from_ref(&night)),
            [
                "teams.csv line 5: session 2025-09-04 tuesday: teams T1 and T3 scored 14.00 and 14.00 VP in their match (line 4 and this row), 28.00 together; on the 20-VP scale a match gives 20 VP together: correct the VP, unless unbalanced artificial scores (Law 86B) gave these"
            ]
        );
        assert!(check(&club(2), &[night]).is_empty());
    }

    /// A team with fewer than four players over its matches is told at its first row,
    /// naming its other rows.
    #[test]
    fn a_team_of_three_names_its_rows() {
        let at = |mut t: TeamEntry, line: usize| {
            t.origin = Origin::at_line(&"teams.csv".into(), line);
            t
        };
        let mut night = session("2025-09-04", &[]);
        night.form = Form::Teams;
        night.teams = vec![
            at(team("T1", "T2", "p1+p2+p3+p4", 14), 2),
            at(team("T2", "T1", "p5+p6+p7", 6), 3),
            at(team("T3", "T2", "p9+p10+p11+p12", 10), 4),
            at(team("T2", "T3", "p5+p6", 10), 5),
            at(team("T1", "T3", "p1+p2+p3+p4", 10), 6),
            at(team("T3", "T1", "p9+p10+p11+p12", 10), 7),
        ];
        let errors: Vec<String> = check(&club(2), &[night])
            .iter()
            .map(|e| e.to_string())
            .collect();
        assert_eq!(
            errors,
            [
                "teams.csv line 3: session 2025-09-04 tuesday: team T2 has 3 players (its other rows: line 5); a team has at least four: list all its players"
            ]
        );
    }

    /// Only a seat marked as a guest's (left empty) counts: a team of three ids is
    /// still short of a player, a team of three seats with a guest too, and a team of
    /// guests only has no strength; each is told at its first row.
    #[test]
    fn a_team_short_of_seats_or_of_players_with_ids_is_refused() {
        let told = |t1: &str| -> Vec<String> {
            let mut night = teams_night_with_a_guest(t1);
            for (k, t) in night.teams.iter_mut().enumerate() {
                t.origin = Origin::at_line(&"teams.csv".into(), k + 2);
            }
            check(&club(2), &[night])
                .iter()
                .map(|e| e.to_string())
                .collect()
        };
        let head = "teams.csv line 2: session 2025-10-07 tuesday: team T1";
        assert_eq!(told("p1+p2+p3+"), Vec::<String>::new());
        assert_eq!(told("+p1+p2+p3"), Vec::<String>::new());
        assert_eq!(told("p1++p2++"), Vec::<String>::new());
        assert_eq!(
            told("p1+p2+p3"),
            [format!(
                "{head} has 3 players (its other rows: line 4); a team has at least four: list all its players"
            )]
        );
        assert_eq!(
            told("p1++"),
            [format!(
                "{head} has 1 player and 2 guests without an id (its other rows: line 4); a team has at least four: list all its players, a guest's seat left empty (1001+1002+1003+)"
            )]
        );
        assert_eq!(
            told("+++"),
            [format!(
                "{head} has only guests without an id (its other rows: line 4): with no player's ranking it has no strength; give its players' ids"
            )]
        );
    }

    #[test]
    fn a_player_twice_in_a_team_row_is_refused() {
        let mut night = session("2025-09-02", &[]);
        night.form = Form::Teams;
        night.teams = vec![
            team("T1", "T2", "p1+p1+p2+p3+p4", 15),
            team("T2", "T1", "p5+p6+p7+p8", 5),
        ];
        let errors: Vec<String> = check(&club(6), &[night])
            .iter()
            .map(|e| e.to_string())
            .collect();
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(
            errors[0]
                .contains("team T1: player p1 is written twice in the row: correct the players"),
            "{errors:?}"
        );
    }

    /// Every problem of a night, in the order they are told: the date's, the playing
    /// moment's, then each row's in turn, then the lines' or the teams'.
    #[test]
    fn a_nights_problems_are_told_in_order() {
        let mut c = club(2);
        c.seasons = vec![SeasonDates {
            name: "2024-2025".into(),
            start: "2024-09-01".into(),
            end: "2025-08-31".into(),
        }];
        let mut pairs = session(
            "2025-09-02",
            &[
                ("A", "p1+p2", "50"),
                ("1", "p3+p1", "101"),
                ("B", "p4+p7+p8", "50"),
                ("C+B", "p5+p6", "50"),
            ],
        );
        pairs.moment = "friday".into();
        let mut teams = session("2025-05-06", &[]);
        teams.form = Form::Teams;
        teams.teams = vec![
            team("T1", "T2", "p1+p2+p3+p4", 21),
            team("T2", "T3", "p1+p5+p6", 10),
            team("T2", "T2", "p5", 10),
        ];
        let mut no_matches = session("2025-05-13", &[]);
        no_matches.form = Form::Teams;
        let no_pairs = session("2025-05-20", &[]);
        let no_date = session("2025-05-32", &[("A", "p1", "101")]);
        let errors: Vec<String> = check(&c, &[pairs, teams, no_matches, no_pairs, no_date])
            .iter()
            .map(|e| e.to_string())
            .collect();
        assert_eq!(
            errors,
            [
                "sessions.csv line 2: session 2025-09-02 friday lies in no season of the settings: add a season that includes 2025-09-02",
                "sessions.csv line 2: session 2025-09-02 friday: playing moment `friday` is not in the settings (known: tuesday): add it or correct the moment",
                "sessions.csv line 3: session 2025-09-02 friday: player p1 also plays in pair p1+p2; a player plays in one pair (or team) a night: correct the players",
                "sessions.csv line 3: session 2025-09-02 friday: score 101.00 is outside 0 to 100 %: correct the score",
                "sessions.csv line 3: session 2025-09-02 friday: line `1` is not a line letter A-Z: give one letter (B), or the letters of a top-integral group joined by `+` (A+B)",
                "sessions.csv line 4: session 2025-09-02 friday: pair `p4+p7+p8` must be two player ids joined by `+` (1001+1002)",
                "sessions.csv line 2: session 2025-09-02 friday: line A has only one pair; a line needs at least two pairs to give ranking points: merge it with another line or correct the line letter",
                "sessions.csv line 4: session 2025-09-02 friday: line B has only one pair; a line needs at least two pairs to give ranking points: merge it with another line or correct the line letter",
                "sessions.csv line 5: session 2025-09-02 friday: line B+C has only one pair; a line needs at least two pairs to give ranking points: merge it with another line or correct the line letter",
                "sessions.csv line 5: session 2025-09-02 friday: line B belongs to two groups, B (line 4) and B+C; a line is scored on its own or in one top-integral group: correct the line",
                "sessions.csv: session 2025-05-06 tuesday: score 21.00 is outside 0 to 20 VP: correct the score",
                "sessions.csv: session 2025-05-06 tuesday: player p1 also plays in team T1; a player plays in one pair (or team) a night: correct the players",
                "sessions.csv: session 2025-05-06 tuesday: team T2 meets `T3`, which is not another team of this night: correct the opponent",
                "sessions.csv: session 2025-05-06 tuesday: team T2 meets `T2`, which is not another team of this night: correct the opponent",
                "sessions.csv: session 2025-05-06 tuesday: team T1 meets T2 here, but no row of team T2 against T1 goes with it: a match is one row of each team; give T2's row, or remove this one if it is given twice",
                "sessions.csv: session 2025-05-06 tuesday: team T2 has 3 players; a team has at least four: list all its players",
                "sessions.csv: session 2025-05-13 tuesday: no team matches: give each team's matches",
                "sessions.csv: session 2025-05-20 tuesday: no pair results: give the pairs' scores",
                "sessions.csv line 2: session date `2025-05-32` is not a date written YYYY-MM-DD: correct the date",
            ]
        );
    }

    /// A top-integral group is named in messages as the director writes it, its
    /// letters joined by `+`, however its rows wrote them.
    #[test]
    fn a_top_integral_group_is_named_with_its_plus() {
        let night = session(
            "2025-09-02",
            &[
                ("A", "p1+p2", "60"),
                ("A", "p3+p4", "40"),
                ("c+b", "p5+p6", "50"),
            ],
        );
        let errors: Vec<String> = check(&club(2), &[night])
            .iter()
            .map(|e| e.to_string())
            .collect();
        assert_eq!(
            errors,
            [
                "sessions.csv line 4: session 2025-09-02 tuesday: line B+C has only one pair; a line needs at least two pairs to give ranking points: merge it with another line or correct the line letter"
            ]
        );
    }

    #[test]
    fn any_line_letters_rank_alphabetically() {
        // Lines G and D on a night of nominal three: D is the stronger ("A") line.
        let night = session(
            "2025-09-02",
            &[
                ("G", "p1+p2", "63.5"),
                ("G", "p3+p4", "36.5"),
                ("D", "p5+p6", "63.5"),
                ("D", "p7+p8", "36.5"),
            ],
        );
        let got = rank(&club(1), vec![night]).unwrap();
        // Two lines stretched: D 100-52, G 88-40.
        assert_eq!(points_of(&got[0], "p5"), vec![int(100)]);
        assert_eq!(points_of(&got[0], "p8"), vec![int(52)]);
        assert_eq!(points_of(&got[0], "p1"), vec![int(88)]);
        assert_eq!(points_of(&got[0], "p4"), vec![int(40)]);
    }

    #[test]
    fn dates_and_groups() {
        assert!(valid_date("2024-02-29"));
        assert!(!valid_date("2025-02-29"));
        assert!(!valid_date("2025-9-1"));
        assert!(!valid_date("20é5-01-1"));
        assert_eq!(group_letters("c+a"), Some(vec!['A', 'C']));
        assert_eq!(group_letters(""), Some(vec!['A']));
        assert_eq!(group_letters("A+A"), None);
        assert_eq!(group_letters("1"), None);
        assert_eq!(group_letters(" b + a "), Some(vec!['A', 'B']));
    }

    /// Only single letters joined by `+` are a line or group: nothing else is taken
    /// for one.
    #[test]
    fn line_texts_other_than_letters_joined_by_plus_are_refused() {
        for text in ["AB", "BA", "A B", "+", "A+", "+A", "A++B", "A+BC", "É"] {
            assert_eq!(group_letters(text), None, "{text:?}");
        }
        let night = session(
            "2025-09-02",
            &[("AB", "p1+p2", "60"), ("AB", "p3+p4", "40")],
        );
        let errors = rank(&club(2), vec![night]).unwrap_err();
        let text: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
        assert!(
            text.iter()
                .any(|t| t.contains("sessions.csv line 2") && t.contains("line `AB`")),
            "{text:?}"
        );
    }

    /// A butler score is IMPs per board: never more than 24 either way.
    #[test]
    fn a_butler_score_beyond_24_imps_a_board_is_refused() {
        let mut c = club(2);
        c.moments[0].form = Form::Butler;
        let mut night = session(
            "2025-09-02",
            &[
                ("A", "p1+p2", "24"),
                ("A", "p3+p4", "-24"),
                ("A", "p5+p6", "-24.5"),
            ],
        );
        night.form = Form::Butler;
        let errors = rank(&c, vec![night]).unwrap_err();
        let text: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
        assert_eq!(
            text,
            [
                "sessions.csv line 4: session 2025-09-02 tuesday: score -24.50 is outside -24 to 24 IMPs a board: correct the score"
            ]
        );
    }

    /// A row without a line on a night whose other rows have one is not put in line A.
    #[test]
    fn an_empty_line_beside_lettered_lines_is_refused() {
        let night = session(
            "2025-09-02",
            &[
                ("A", "p1+p2", "60"),
                ("A", "p3+p4", "40"),
                ("", "p5+p6", "50"),
            ],
        );
        let errors = rank(&club(2), vec![night]).unwrap_err();
        let text: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
        assert_eq!(text.len(), 1, "{text:?}");
        assert!(
            text[0].contains("sessions.csv line 4") && text[0].contains("no line"),
            "{text:?}"
        );
        // A night whose rows name no line at all is one line.
        let one = session("2025-09-02", &[("", "p1+p2", "60"), ("", "p3+p4", "40")]);
        assert!(rank(&club(2), vec![one]).is_ok());
    }

    /// A night of pairs or of two teams among eight players, drawn from `draw`: which
    /// players come, how they pair up, and the scores.
    fn random_night(day: usize, teams: bool, draw: &[u8]) -> SessionInput {
        let mut players: Vec<String> = (1..=8).map(|i| format!("p{i}")).collect();
        for (i, &d) in draw.iter().enumerate() {
            players.swap(i % 8, usize::from(d) % 8);
        }
        let date = format!("2025-09-{:02}", day + 1);
        if teams {
            let vp = i64::from(draw[0] % 21);
            let mut s = session(&date, &[]);
            s.form = Form::Teams;
            s.teams = vec![
                team("T1", "T2", &players[..4].join("+"), vp),
                team("T2", "T1", &players[4..].join("+"), 20 - vp),
            ];
            return s;
        }
        let come = 4 + 2 * usize::from(draw[1] % 3);
        let mut rows: Vec<(String, String)> = players[..come]
            .chunks(2)
            .enumerate()
            .map(|(k, p)| (p.join("+"), format!("{}", 30 + (draw[k + 2] % 41))))
            .collect();
        // Some nights a member plays with a guest without an id.
        if draw[10].is_multiple_of(3) {
            rows[0].0 = format!("{}+", players[0]);
        }
        let rows: Vec<(&str, &str, &str)> = rows
            .iter()
            .map(|(p, score)| ("A", p.as_str(), score.as_str()))
            .collect();
        session(&date, &rows)
    }

    /// A club of seven playing moments, each with nights of its own, and their sessions.
    fn club_of_moments(nights: &[(bool, Vec<u8>)]) -> (Club, Vec<SessionInput>) {
        let mut c = club(3);
        c.moments = (0..7)
            .map(|i| Moment {
                name: format!("m{i}"),
                form: Form::Pairs,
            })
            .collect();
        let sessions = nights
            .iter()
            .enumerate()
            .map(|(day, (teams, draw))| {
                let mut s = random_night(day % 28, *teams, draw);
                s.moment = format!("m{}", usize::from(draw[3]) % 7);
                s
            })
            .collect();
        (c, sessions)
    }

    #[test]
    fn each_moment_is_handed_over_in_the_clubs_order() {
        let nights: Vec<(bool, Vec<u8>)> = (0..40u8)
            .map(|i| {
                (
                    i % 5 == 0,
                    (0..12).map(|k| i.wrapping_mul(37) ^ k).collect(),
                )
            })
            .collect();
        let (c, sessions) = club_of_moments(&nights);
        let all = rank(&c, sessions.clone()).unwrap();
        let mut got = Vec::new();
        let mut order = Vec::new();
        rank_each(
            &c,
            &sessions,
            true,
            |_| true,
            |m, seasons| (m.name.clone(), seasons),
            |(name, seasons)| {
                order.push(name);
                got.extend(seasons);
                ControlFlow::Continue(())
            },
        )
        .unwrap();
        assert_eq!(order, ["m0", "m1", "m2", "m3", "m4", "m5", "m6"]);
        assert_eq!(got, all);
        // When the system gives no thread, the moments are ranked on this one, the same.
        let alone = crate::parts::without_threads(|| rank(&c, sessions.clone())).unwrap();
        assert_eq!(alone, all);
        // Only the moments wanted are ranked, each as when all are.
        let mut some = Vec::new();
        rank_each(
            &c,
            &sessions,
            true,
            |m| m.name == "m2" || m.name == "m5",
            |_, seasons| seasons,
            |seasons| {
                some.extend(seasons);
                ControlFlow::Continue(())
            },
        )
        .unwrap();
        let wanted: Vec<SeasonStanding> = all
            .into_iter()
            .filter(|s| s.moment == "m2" || s.moment == "m5")
            .collect();
        assert_eq!(some, wanted);
    }

    #[test]
    fn the_caller_can_stop_the_ranking_after_any_moment() {
        let nights: Vec<(bool, Vec<u8>)> = (0..40u8)
            .map(|i| (false, (0..12).map(|k| i.wrapping_mul(29) ^ k).collect()))
            .collect();
        let (c, sessions) = club_of_moments(&nights);
        for stop in 1..=3 {
            let mut handed = Vec::new();
            rank_each(
                &c,
                &sessions,
                false,
                |_| true,
                |m, _| m.name.clone(),
                |name| {
                    handed.push(name);
                    if handed.len() == stop {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                },
            )
            .unwrap();
            let want: Vec<String> = (0..stop).map(|i| format!("m{i}")).collect();
            assert_eq!(handed, want);
        }
    }

    #[test]
    fn a_bad_session_of_a_moment_not_wanted_still_stops_the_ranking() {
        let nights: Vec<(bool, Vec<u8>)> = (0..10u8).map(|i| (false, vec![i; 12])).collect();
        let (c, mut sessions) = club_of_moments(&nights);
        sessions[0].moment = "m6".into();
        sessions[0].date = "2025-13-01".into();
        let mut handed = 0;
        let got = rank_each(
            &c,
            &sessions,
            false,
            |m| m.name == "m0",
            |_, _| (),
            |()| {
                handed += 1;
                ControlFlow::Continue(())
            },
        );
        assert!(matches!(&got.unwrap_err()[..], [RankingError::Date { .. }]));
        assert_eq!(handed, 0);
    }

    #[test]
    fn a_setting_out_of_range_stops_the_ranking_before_any_moment() {
        let mut c = club(3);
        c.settings.width = int(0);
        let mut handed = 0;
        let got = rank_each(
            &c,
            &[first_night()],
            true,
            |_| true,
            |_, _| (),
            |()| {
                handed += 1;
                ControlFlow::Continue(())
            },
        );
        let error = c.settings.validate().unwrap_err();
        assert_eq!(
            got.unwrap_err(),
            [RankingError::Settings {
                origin: Origin::default(),
                error,
            }]
        );
        assert_eq!(handed, 0);
    }

    #[test]
    fn a_night_in_parts_is_ranked_by_rank_each_as_one_session() {
        let whole = first_night();
        let (mut a, mut b) = (whole.clone(), whole.clone());
        let half = whole.pairs.len() / 2;
        a.pairs.truncate(half);
        b.pairs.drain(..half);
        let parts = vec![
            a,
            b,
            session("2025-09-09", &[("A", "p1+p3", "55"), ("A", "p2+p4", "45")]),
        ];
        let mut got = Vec::new();
        rank_each(
            &club(2),
            &parts,
            true,
            |_| true,
            |_, seasons| seasons,
            |seasons| {
                got.extend(seasons);
                ControlFlow::Continue(())
            },
        )
        .unwrap();
        let joined = vec![whole, parts[2].clone()];
        assert_eq!(got, rank(&club(2), joined).unwrap());
        assert_eq!(got[0].sessions.len(), 2);
        // Parts in two forms cannot be joined: that is the ranking's error.
        let mut teams = parts[1].clone();
        teams.form = Form::Teams;
        let got = rank_each(
            &club(2),
            &[parts[0].clone(), teams.clone()],
            true,
            |_| true,
            |_, _| (),
            |()| ControlFlow::Continue(()),
        );
        let want = merge(vec![parts[0].clone(), teams]).unwrap_err();
        assert_eq!(want.len(), 1);
        assert_eq!(got.unwrap_err(), want);
    }

    proptest::proptest! {
        #[test]
        fn pairs_found_at_once_match_pairs_walking_their_nights(
            nights in proptest::collection::vec(
                (proptest::bool::weighted(0.2), proptest::collection::vec(0u8..=255, 12)),
                1..25,
            ),
            me in 1u32..6,
            inv in 0u32..4,
        ) {
            let mut c = club(3);
            c.settings.me = me;
            c.settings.inv = inv.min(me);
            c.threesomes = vec![vec!["p1".into(), "p2".into(), "p3".into()]];
            let sessions: Vec<SessionInput> = nights
                .iter()
                .enumerate()
                .map(|(day, (teams, draw))| random_night(day, *teams, draw))
                .collect();
            let got = rank(&c, sessions).unwrap();
            let s = &got[0];
            let walked = entrants_by(
                &c,
                &s.sessions,
                &s.players,
                None,
                true,
                |p| s.replacement_of(p),
            );
            proptest::prop_assert_eq!(&s.entrants, &walked);
        }
    }
}
