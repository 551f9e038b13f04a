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

use super::championship::{self, Standing};
use super::lines::layout;
use super::methods::group_points;
use super::rankings::{PlayedSession, PlayerLog, entrant_ranking};
use super::teams_night::{TeamMatch, TeamNight, team_points};
use super::{
    ClubSettings, Form, Method, Origin, Points, RankingError, cmp_points, decimal2, int, mean,
};
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

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
    /// Players' names by id, as printed next to the ids.
    pub names: BTreeMap<String, String>,
}

/// A pair's result in a pairs or butler session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairEntry {
    /// The line, or the letters of a top-integral group joined by `+` ("A+C").
    pub line: String,
    /// The two players' ids.
    pub players: Vec<String>,
    /// The percentage or G-IMP.
    pub score: Points,
    /// Where the result came from.
    pub origin: Origin,
}

/// One match of a team on a teams night.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamEntry {
    /// The team's name for the night.
    pub team: String,
    /// The team it met.
    pub opponent: String,
    /// The players' ids (four, or more when the team changed players).
    pub players: Vec<String>,
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
}

/// The ranking points a pair or team earned in a session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Award {
    /// The pair (`1001+1002`) or team name.
    pub unit: String,
    /// The players who get the points.
    pub players: Vec<String>,
    /// The line or top-integral group (empty for teams).
    pub line: String,
    /// The score: percentage, G-IMP, or the mean VP of a team's matches.
    pub score: Points,
    /// The ranking points each player gets.
    pub points: Points,
    /// How a team's points came about (strength K, resistance W, Ri per match).
    pub team_points: Option<super::teams_night::TeamPoints>,
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
    pub player: String,
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
    pub players: Vec<String>,
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
    /// The ranking each player started the season from.
    pub replacements: BTreeMap<String, Points>,
    /// The replacement ranking of a player not listed.
    pub default_replacement: Points,
}

impl SeasonStanding {
    /// A player's ranking now; a player who has not played has the replacement ranking.
    pub fn ranking_of(&self, player: &str) -> Points {
        match self.players.iter().find(|p| p.player == player) {
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

/// The line letters of a line or top-integral group ("B", "A+C", "" for a single line).
pub fn group_letters(line: &str) -> Option<Vec<char>> {
    let mut letters: Vec<char> = line
        .chars()
        .filter(|c| *c != '+' && !c.is_whitespace())
        .map(|c| c.to_ascii_uppercase())
        .collect();
    if letters.is_empty() {
        return Some(vec!['A']);
    }
    if !letters.iter().all(|c| c.is_ascii_uppercase()) {
        return None;
    }
    letters.sort_unstable();
    let n = letters.len();
    letters.dedup();
    (letters.len() == n).then_some(letters)
}

/// Checks the club set-up and every session; all problems at once.
fn check(club: &Club, sessions: &[SessionInput]) -> Vec<RankingError> {
    let mut errors = Vec::new();
    let moments: HashSet<&str> = club.moments.iter().map(|m| m.name.as_str()).collect();
    for s in sessions {
        let session = s.label();
        let err_origin = |o: &Origin| {
            if o.0.is_empty() {
                s.origin.clone()
            } else {
                o.clone()
            }
        };
        // The session's first row, for what concerns the whole session.
        let first = s
            .pairs
            .first()
            .map(|p| &p.origin)
            .or(s.teams.first().map(|t| &t.origin))
            .map_or_else(|| s.origin.clone(), err_origin);
        if !valid_date(&s.date) {
            errors.push(RankingError::Date {
                origin: first.clone(),
                what: format!(
                    "session date `{}` is not a date written YYYY-MM-DD: correct the date",
                    s.date
                ),
            });
            continue;
        }
        if !club.seasons.is_empty()
            && !club
                .seasons
                .iter()
                .any(|x| x.start.as_str() <= s.date.as_str() && s.date.as_str() <= x.end.as_str())
        {
            errors.push(RankingError::Date {
                origin: first.clone(),
                what: format!(
                    "session {session} lies in no season of the settings: add a season that includes {}",
                    s.date
                ),
            });
        }
        if !moments.contains(s.moment.as_str()) {
            let known: Vec<&str> = club.moments.iter().map(|m| m.name.as_str()).collect();
            errors.push(RankingError::Moment {
                origin: first.clone(),
                what: format!(
                    "session {session}: playing moment `{}` is not in the settings (known: {}): add it or correct the moment",
                    s.moment,
                    known.join(", ")
                ),
            });
        }
        let mut seen: BTreeMap<&str, String> = BTreeMap::new();
        match s.form {
            Form::Pairs | Form::Butler => {
                if s.pairs.is_empty() {
                    errors.push(RankingError::Session {
                        origin: s.origin.clone(),
                        session: session.clone(),
                        what: "no pair results: give the pairs' scores".into(),
                    });
                }
                let mut groups: BTreeMap<Vec<char>, (usize, Origin)> = BTreeMap::new();
                // The pair each player first appeared in; names are only made for errors.
                let mut pair_of: HashMap<&str, usize> = HashMap::with_capacity(2 * s.pairs.len());
                let (zero, hundred) = (int(0), int(100));
                for (i, p) in s.pairs.iter().enumerate() {
                    let origin = || err_origin(&p.origin);
                    if p.players.len() != 2 || p.players.iter().any(|x| x.is_empty()) {
                        errors.push(RankingError::Players {
                            origin: origin(),
                            session: session.clone(),
                            what: format!(
                                "pair `{}` must be two player ids joined by `+` (1001+1002)",
                                p.players.join("+")
                            ),
                        });
                    }
                    for player in &p.players {
                        if let Some(&first) = pair_of.get(player.as_str()) {
                            errors.push(RankingError::PlayerTwice {
                                origin: origin(),
                                session: session.clone(),
                                player: player.clone(),
                                first: format!("pair {}", s.pairs[first].players.join("+")),
                            });
                        } else {
                            pair_of.insert(player, i);
                        }
                    }
                    if s.form == Form::Pairs
                        && (cmp_points(&p.score, &zero).is_lt()
                            || cmp_points(&p.score, &hundred).is_gt())
                    {
                        errors.push(RankingError::ScoreOutOfRange {
                            origin: origin(),
                            session: session.clone(),
                            score: decimal2(&p.score),
                            range: "0 to 100 %",
                        });
                    }
                    match group_letters(&p.line) {
                        Some(g) => groups.entry(g).or_insert_with(|| (0, origin())).0 += 1,
                        None => errors.push(RankingError::Session {
                            origin: origin(),
                            session: session.clone(),
                            what: format!(
                                "line `{}` is not a line letter A-Z (or letters of a top-integral group joined by `+`)",
                                p.line
                            ),
                        }),
                    }
                }
                let mut letter_seen = BTreeSet::new();
                for (g, (count, origin)) in &groups {
                    let name: String = g.iter().collect();
                    if *count < 2 {
                        errors.push(RankingError::LonePair {
                            origin: origin.clone(),
                            session: session.clone(),
                            line: name.clone(),
                        });
                    }
                    for c in g {
                        if !letter_seen.insert(*c) {
                            errors.push(RankingError::Session {
                                origin: s.origin.clone(),
                                session: session.clone(),
                                what: format!(
                                    "line {c} belongs to two groups; a line is scored on its own or in one top-integral group"
                                ),
                            });
                        }
                    }
                }
            }
            Form::Teams => {
                if s.teams.is_empty() {
                    errors.push(RankingError::Teams {
                        origin: s.origin.clone(),
                        session: session.clone(),
                        what: "no team matches: give each team's matches".into(),
                    });
                }
                let teams: BTreeSet<&str> = s.teams.iter().map(|t| t.team.as_str()).collect();
                for t in &s.teams {
                    let origin = err_origin(&t.origin);
                    for player in &t.players {
                        match seen.get(player.as_str()) {
                            Some(first) if *first != format!("team {}", t.team) => {
                                errors.push(RankingError::PlayerTwice {
                                    origin: origin.clone(),
                                    session: session.clone(),
                                    player: player.clone(),
                                    first: first.clone(),
                                })
                            }
                            Some(_) => {}
                            None => {
                                seen.insert(player, format!("team {}", t.team));
                            }
                        }
                    }
                    if t.vp < int(0) || t.vp > int(20) {
                        errors.push(RankingError::ScoreOutOfRange {
                            origin: origin.clone(),
                            session: session.clone(),
                            score: decimal2(&t.vp),
                            range: "0 to 20 VP",
                        });
                    }
                    if !teams.contains(t.opponent.as_str()) || t.opponent == t.team {
                        errors.push(RankingError::Teams {
                            origin,
                            session: session.clone(),
                            what: format!(
                                "team {} meets `{}`, which is not another team of this night: correct the opponent",
                                t.team, t.opponent
                            ),
                        });
                    }
                }
                for team in teams {
                    let players: BTreeSet<&String> = s
                        .teams
                        .iter()
                        .filter(|t| t.team == team)
                        .flat_map(|t| &t.players)
                        .collect();
                    if players.len() < 4 {
                        errors.push(RankingError::Players {
                            origin: s.origin.clone(),
                            session: session.clone(),
                            what: format!(
                                "team {team} has {} players; a team has at least four: list all its players",
                                players.len()
                            ),
                        });
                    }
                }
            }
        }
    }
    errors
}

/// Merges sessions of the same date and playing moment (say one file per line).
fn merge(sessions: Vec<SessionInput>) -> Result<Vec<SessionInput>, Vec<RankingError>> {
    let mut merged: Vec<SessionInput> = Vec::new();
    // Where each date and playing moment went: one look-up per session, not a scan.
    let mut index: HashMap<(String, String), usize> = HashMap::new();
    let mut errors = Vec::new();
    for s in sessions {
        let key = (s.date.clone(), s.moment.clone());
        let found = index.get(&key).copied();
        if found.is_none() {
            index.insert(key, merged.len());
        }
        match found.map(|i| &mut merged[i]) {
            Some(m) if m.form != s.form => errors.push(RankingError::Session {
                origin: s.origin.clone(),
                session: s.label(),
                what: format!(
                    "this session is {} here but {} in {}: a session has one form",
                    s.form.name(),
                    m.form.name(),
                    m.origin
                ),
            }),
            Some(m) => {
                let origin = s.origin.clone();
                m.pairs.extend(s.pairs.into_iter().map(|mut p| {
                    if p.origin.0.is_empty() {
                        p.origin = origin.clone();
                    }
                    p
                }));
                m.teams.extend(s.teams);
            }
            None => merged.push(s),
        }
    }
    if errors.is_empty() {
        Ok(merged)
    } else {
        Err(errors)
    }
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

/// As [`rank`]; without `histories` the pairs' and threesomes' rankings after every
/// session ([`EntrantStanding::history`]) are left empty, which saves most of the work
/// for a large federation that does not print them. Everything else is the same.
pub fn rank_with(
    club: &Club,
    sessions: Vec<SessionInput>,
    histories: bool,
) -> Result<Vec<SeasonStanding>, Vec<RankingError>> {
    if let Err(e) = club.settings.validate() {
        return Err(vec![RankingError::Settings {
            origin: Origin::default(),
            error: e,
        }]);
    }
    let mut sessions = merge(sessions)?;
    let errors = check(club, &sessions);
    if !errors.is_empty() {
        return Err(errors);
    }
    sessions.sort_by(|a, b| a.date.cmp(&b.date));
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
    // Each playing moment's sessions, in date order; each moment's thread owns them and
    // lets them go as soon as they are ranked.
    let index: HashMap<&str, usize> = club
        .moments
        .iter()
        .enumerate()
        .map(|(i, m)| (m.name.as_str(), i))
        .collect();
    let mut inputs: Vec<Vec<SessionInput>> = club.moments.iter().map(|_| Vec::new()).collect();
    for s in sessions {
        // Every session's moment is known: `check` refuses the others.
        if let Some(&i) = index.get(s.moment.as_str()) {
            inputs[i].push(s);
        }
    }
    let moment_seasons = |moment: &Moment, mine: Vec<SessionInput>| -> MomentResult {
        let mut replacements = club.replacements.clone();
        let mut out = Vec::with_capacity(seasons.len());
        for season in seasons {
            let these: Vec<&SessionInput> = mine
                .iter()
                .filter(|s| {
                    season.start.as_str() <= s.date.as_str()
                        && s.date.as_str() <= season.end.as_str()
                })
                .collect();
            let standing = rank_season(club, moment, season, &these, &replacements, histories)?;
            for p in &standing.players {
                replacements.insert(p.player.clone(), p.ranking.clone());
            }
            out.push(standing);
        }
        Ok(out)
    };
    // Playing moments keep their own rankings: they are ranked side by side, on as many
    // threads as the machine has (each thread takes every n-th moment).
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(club.moments.len().max(1));
    let mut per_moment: Vec<Option<MomentResult>> = (0..club.moments.len()).map(|_| None).collect();
    if threads <= 1 {
        for ((slot, m), mine) in per_moment.iter_mut().zip(&club.moments).zip(inputs) {
            *slot = Some(moment_seasons(m, mine));
        }
    } else {
        let mut buckets: Vec<Vec<(usize, Vec<SessionInput>)>> =
            (0..threads).map(|_| Vec::new()).collect();
        for (i, mine) in inputs.into_iter().enumerate() {
            buckets[i % threads].push((i, mine));
        }
        let done: Vec<Vec<(usize, MomentResult)>> = std::thread::scope(|scope| {
            let handles: Vec<_> = buckets
                .into_iter()
                .map(|bucket| {
                    let moment_seasons = &moment_seasons;
                    let moments = &club.moments;
                    scope.spawn(move || {
                        bucket
                            .into_iter()
                            .map(|(i, mine)| (i, moment_seasons(&moments[i], mine)))
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a ranking thread panicked"))
                .collect()
        });
        for (i, r) in done.into_iter().flatten() {
            per_moment[i] = Some(r);
        }
    }
    let mut out = Vec::new();
    for r in per_moment.into_iter().flatten() {
        out.extend(r?);
    }
    Ok(out)
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
    let mut logs: BTreeMap<String, PlayerLog> = BTreeMap::new();
    // How many sessions each player plays, so that each log is made once at its size.
    let mut appearances: HashMap<&str, usize> = HashMap::new();
    for s in sessions {
        let players = s
            .pairs
            .iter()
            .flat_map(|p| &p.players)
            .chain(s.teams.iter().flat_map(|t| &t.players));
        for p in players {
            *appearances.entry(p.as_str()).or_default() += 1;
        }
    }
    let mut ranked = Vec::new();
    for (index, s) in sessions.iter().enumerate() {
        let before = |logs: &BTreeMap<String, PlayerLog>, p: &str| match logs.get(p) {
            Some(l) => l.ranking(settings.z),
            None => replacement_of(p),
        };
        let mut awards = match s.form {
            Form::Pairs | Form::Butler => pairs_awards(settings, s, |p| before(&logs, p)),
            Form::Teams => teams_awards(settings, s, |p| before(&logs, p))?,
        };
        awards.sort_by(|a, b| cmp_points(&b.points, &a.points));
        for a in &awards {
            for p in &a.players {
                let partners = a.players.iter().filter(|q| *q != p).cloned().collect();
                if !logs.contains_key(p.as_str()) {
                    // Room for every session the player plays this season at once.
                    let mut log = PlayerLog::new(p, replacement_of(p));
                    let n = appearances.get(p.as_str()).copied().unwrap_or(0);
                    log.played.reserve_exact(n);
                    log.history.reserve_exact(n);
                    logs.insert(p.clone(), log);
                }
                logs.get_mut(p.as_str()).expect("just made").record(
                    PlayedSession {
                        session: index,
                        points: a.points.clone(),
                        partners,
                        unit: a.unit.clone(),
                    },
                    settings.z,
                );
            }
        }
        ranked.push(RankedSession {
            date: s.date.clone(),
            form: s.form,
            awards,
        });
    }
    let mut players: Vec<PlayerStanding> = logs
        .into_values()
        .map(|log| {
            let pts: Vec<Points> = log.played.iter().map(|p| p.points.clone()).collect();
            PlayerStanding {
                player: log.player.clone(),
                ranking: log.ranking(settings.z),
                championship: championship::individual(&pts, settings.min, settings.x),
                log,
            }
        })
        .collect();
    players
        .sort_by(|a, b| cmp_points(&b.ranking, &a.ranking).then_with(|| a.player.cmp(&b.player)));
    let entrants = entrants(club, &ranked, &players, histories, |p| replacement_of(p));
    Ok(SeasonStanding {
        moment: moment.name.clone(),
        season: season.name.clone(),
        sessions: ranked,
        players,
        entrants,
        replacements: replacements.clone(),
        default_replacement,
    })
}

fn pairs_awards(
    settings: &ClubSettings,
    s: &SessionInput,
    before: impl Fn(&str) -> Points,
) -> Vec<Award> {
    let mut groups: BTreeMap<Vec<char>, Vec<&PairEntry>> = BTreeMap::new();
    for p in &s.pairs {
        let g = group_letters(&p.line).unwrap_or_else(|| vec!['A']);
        groups.entry(g).or_default().push(p);
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
        let line: String = g
            .letters
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join("+");
        for (p, pts) in entries.iter().zip(points) {
            awards.push(Award {
                unit: p.players.join("+"),
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
                    matches: Vec::new(),
                });
                nights.len() - 1
            }
        };
        let n = &mut nights[i];
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
                unit: n.team,
                players: n.players,
                line: String::new(),
                score: mean(&vps).unwrap_or_else(|| int(0)),
                points: tp.points.clone(),
                team_points: Some(tp),
            }
        })
        .collect())
}

/// Pairs that played together (not already a club threesome) and the club's threesomes,
/// with rankings, history (when asked for) and the championship.
///
/// Each entrant walks only its own players' sessions (from their logs), so the work
/// grows with the sessions they played, not with every session of the season.
fn entrants(
    club: &Club,
    sessions: &[RankedSession],
    players: &[PlayerStanding],
    histories: bool,
    replacement_of: impl Fn(&str) -> Points,
) -> Vec<EntrantStanding> {
    let settings = &club.settings;
    let in_threesome = |a: &str, b: &str| {
        club.threesomes
            .iter()
            .any(|t| t.iter().any(|x| x == a) && t.iter().any(|x| x == b))
    };
    let mut groups: BTreeSet<Vec<String>> = BTreeSet::new();
    for s in sessions.iter().filter(|s| s.form != Form::Teams) {
        for a in &s.awards {
            if let [x, y] = &a.players[..] {
                let (x, y) = if x <= y { (x, y) } else { (y, x) };
                if !in_threesome(x, y) {
                    groups.insert(vec![x.clone(), y.clone()]);
                }
            }
        }
    }
    let mut list: Vec<Vec<String>> = groups.into_iter().collect();
    list.extend(club.threesomes.iter().cloned());
    let standing_of: HashMap<&str, &PlayerStanding> =
        players.iter().map(|p| (p.player.as_str(), p)).collect();
    let mut out: Vec<EntrantStanding> = list
        .into_iter()
        .map(|members| {
            let logs: Vec<Option<&PlayerStanding>> = members
                .iter()
                .map(|p| standing_of.get(p.as_str()).copied())
                .collect();
            // Every session one of them played: (session, member, what they played).
            // Each log is in session order: merge them, the first member first on a tie.
            let lists: Vec<&[PlayedSession]> = logs
                .iter()
                .map(|l| l.map_or(&[][..], |l| &l.log.played[..]))
                .collect();
            let mut next = vec![0usize; lists.len()];
            let total = lists.iter().map(|l| l.len()).sum();
            let mut played: Vec<(usize, usize, &PlayedSession)> = Vec::with_capacity(total);
            while played.len() < total {
                let k = (0..lists.len())
                    .filter(|&k| next[k] < lists[k].len())
                    .min_by_key(|&k| (lists[k][next[k]].session, k))
                    .expect("sessions left");
                let x = &lists[k][next[k]];
                played.push((x.session, k, x));
                next[k] += 1;
            }
            let mut together = Vec::with_capacity(played.len() / 2);
            let mut substitute = Vec::with_capacity(played.len());
            for night in played.chunk_by(|a, b| a.0 == b.0) {
                // Two of them in one pair or team: the points of that pair or team.
                let with_two = night
                    .iter()
                    .enumerate()
                    .filter(|&(k, &(_, _, a))| {
                        night[k + 1..]
                            .iter()
                            .any(|&(_, m, _)| a.partners.contains(&members[m]))
                    })
                    .map(|(_, &(_, _, a))| &a.points)
                    .max_by(|a, b| cmp_points(a, b));
                match (with_two, night) {
                    (Some(p), _) => together.push(p),
                    (None, [(_, _, alone)]) => substitute.push(&alone.points),
                    _ => {}
                }
            }
            let history = if histories {
                entrant_history(sessions.len(), &members, &logs, &replacement_of)
            } else {
                Vec::new()
            };
            let now: Vec<Points> = members
                .iter()
                .zip(&logs)
                .map(|(p, l)| match l {
                    Some(l) => l.ranking.clone(),
                    None => replacement_of(p),
                })
                .collect();
            EntrantStanding {
                ranking: entrant_ranking(&now),
                championship: championship::together_of(
                    &together,
                    &substitute,
                    settings.me,
                    settings.inv,
                    settings.y,
                ),
                together: together.len(),
                with_substitute: substitute.len(),
                players: members,
                history,
            }
        })
        .collect();
    // A threesome none of whose players played this season has nothing to show yet.
    out.retain(|e| e.together + e.with_substitute > 0);
    out.sort_by(|a, b| cmp_points(&b.ranking, &a.ranking).then_with(|| a.players.cmp(&b.players)));
    out
}

/// An entrant's ranking after every session of the season; it moves only after a night
/// one of its players played.
fn entrant_history(
    sessions: usize,
    members: &[String],
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
    use crate::ranking::{Method, frac, parse_decimal};

    /// A team's match on a teams night: team, opponent, players `a+b+c+d`, VP.
    fn team(t: &str, o: &str, players: &str, vp: i64) -> TeamEntry {
        TeamEntry {
            team: t.into(),
            opponent: o.into(),
            players: players.split('+').map(String::from).collect(),
            vp: int(vp),
            origin: Origin::default(),
        }
    }

    fn club(z: u32) -> Club {
        Club {
            settings: ClubSettings {
                z,
                min: 2,
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
            origin: Origin("sessions.csv".into()),
            pairs: rows
                .iter()
                .enumerate()
                .map(|(i, (line, players, score))| PairEntry {
                    line: line.to_string(),
                    players: players.split('+').map(String::from).collect(),
                    score: parse_decimal(score).unwrap(),
                    origin: Origin(format!("sessions.csv line {}", i + 2)),
                })
                .collect(),
            teams: Vec::new(),
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

    fn points_of(s: &SeasonStanding, player: &str) -> Vec<Points> {
        let p = s.players.iter().find(|p| p.player == player).unwrap();
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
        assert_eq!(s.entrants[0].players, vec!["p1", "p2"]);
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
            origin: Origin("teams.csv".into()),
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
            .find(|e| e.players == ["p1", "p2"])
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
            .find(|e| e.players == ["p1", "p2"])
            .unwrap();
        assert_eq!((e.together, e.with_substitute), (1, 1));
        // p3+p4 played together twice: eligible without substitutes.
        let e = got[0]
            .entrants
            .iter()
            .find(|e| e.players == ["p3", "p4"])
            .unwrap();
        // 76 on night 1; night 2: 70 − 6.75/13.5 × 30 = 55.
        assert_eq!(e.championship.average, Some(frac(131, 2)));
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
            origin: Origin("teams.csv".into()),
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
                .find(|e| e.players == ids)
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
        assert!(!got[0].entrants.iter().any(|e| e.players == ["p1", "p2"]));
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
    }
}
