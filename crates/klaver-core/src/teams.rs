//! Teams of four: matches in two rooms, IMPs per board, victory points, standings of a
//! round-robin or Swiss event, and the next Swiss round (SPEC glossary "viertallen";
//! Law 78B for the IMPs, the WBF scales of [`crate::vp`] for the victory points).
//!
//! In a match the home team sits North-South in the **open** room and East-West in the
//! **closed** room, the away team the other way round. On each board the home team's
//! score in both rooms is added (a North-South score counts for the North-South team,
//! its negative for the East-West team) and the sum is turned into IMPs. A board not
//! played in either room is left out of the match; a board not played in one room only
//! is scored as average in that room, with a warning (Law 12C2; the director may rule
//! otherwise, Law 86D, and write that room's artificial score). A board with an
//! artificial score in a room is worth the IMPs of [`AdjustedImps`] for that room
//! (average 0, average-plus +3, average-minus −3, Law 86A) instead of a comparison; a
//! weighted score compares each part in its proportion.
//!
//! Artificial scores need not balance: 40/40 (both sides at fault) costs each team 3
//! IMPs, 60/50 gives the home team 3 and the away team 0. Each team is then scored from
//! its own side: its own IMPs on the board, its own IMPs won and lost, its own margin and
//! so its own victory points, which no longer add up to the scale's total. (In a knockout
//! match Law 86B gives both teams the average of the two instead:
//! [`TeamMatch::knockout_margin`].) A match's margin becomes victory points on the WBF
//! continuous scale for the number of boards played (or a number the director sets).
//!
//! Standings are by total VP. Teams on the same VP are split by the VP they scored in
//! the matches between them, when every one of them met every other equally often (in a
//! Swiss event or a partial round-robin they often have not, and then this step is
//! left out), then by their IMP quotient (IMPs won / IMPs lost over all their matches);
//! teams equal on all three share the place.
//!
//! A match is the set of boards two teams played against each other: each pair of teams
//! meets at most once in an event read from one travellers file.
//!
//! The next **Swiss** round pairs the standings top down: each team plays the best-placed
//! team below it that it has not met yet, searching for a pairing without any repeat
//! match; only when none exists are repeats allowed (and reported). With an odd number of
//! teams the lowest-placed team that has not yet sat out gets the bye (a team with fewer
//! matches than the others is taken to have sat out already).

use crate::imps::{self, AdjustedImps};
use crate::matchpoints::Outcome;
use crate::places::shared_places;
use crate::session::{Diagnostic, PairInfo, SessionError, TableResult};
use crate::vp::{VpMax, VpScale};
use num_rational::Ratio;
use num_traits::{Signed, Zero};
use std::collections::hash_map::Entry;
use std::collections::{BTreeMap, HashMap, HashSet};

/// The room of a teams match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Room {
    /// The open room: the home team sits North-South.
    Open,
    /// The closed room: the home team sits East-West.
    Closed,
}

impl Room {
    /// Reads a room as written on a traveller: `open`, `closed` (also `o`, `c`, Dutch
    /// `gesloten`).
    pub fn parse(text: &str) -> Option<Room> {
        match text.trim().to_lowercase().as_str() {
            "open" | "o" | "open room" => Some(Room::Open),
            "closed" | "c" | "closed room" | "gesloten" | "g" => Some(Room::Closed),
            _ => None,
        }
    }

    /// The room's name.
    pub fn name(self) -> &'static str {
        match self {
            Room::Open => "open",
            Room::Closed => "closed",
        }
    }
}

/// The director's and the club's choices for a teams event.
#[derive(Debug, Clone, Default)]
pub struct TeamsSettings {
    /// The victory-point scale: 20 or 10 VP.
    pub max: VpMax,
    /// The number of boards the VP scale is for; by default the boards each match played.
    pub vp_boards: Option<u32>,
    /// The IMPs of artificial scores.
    pub adjusted: AdjustedImps,
    /// The victory points of a team that sits out a round (with an odd number of
    /// teams), as the conditions of contest set them (Law 80B); none by default.
    pub bye_vp: Option<Ratio<i64>>,
}

/// One board of a match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchBoard {
    /// The board number.
    pub board: u32,
    /// The open room's line: an index into the event's table results.
    pub open: usize,
    /// The closed room's line.
    pub closed: usize,
    /// The home team's net score over both rooms (its score in each room from its own
    /// side, added), when both rooms have plain scores: positive when the home team
    /// gained, also on a board where it sits East-West in the open room.
    pub difference: Option<i64>,
    /// The home team's IMPs on the board; `None` when the board was not played.
    pub imps: Option<Ratio<i64>>,
    /// The away team's IMPs on the board, from its own side: the negative of `imps`,
    /// unless the board's artificial scores do not balance (40/40, 60/50).
    pub imps_away: Option<Ratio<i64>>,
}

impl MatchBoard {
    /// Whether one team's IMPs on the board are the other's loss: false for artificial
    /// scores that do not balance, each team then being scored on its own.
    pub fn balances(&self) -> bool {
        self.imps.map(|x| -x) == self.imps_away
    }
}

/// A match between two teams.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamMatch {
    /// The round the match was played in, when the travellers say.
    pub round: Option<u32>,
    /// The home team (North-South in the open room): an index into the team list.
    pub home: usize,
    /// The away team.
    pub away: usize,
    /// The boards, in board order.
    pub boards: Vec<MatchBoard>,
    /// IMPs won by the home team (the sum of its winning boards).
    pub imps_home: Ratio<i64>,
    /// IMPs won by the away team.
    pub imps_away: Ratio<i64>,
    /// IMPs lost by the home team: `imps_away`, unless a board does not balance.
    pub lost_home: Ratio<i64>,
    /// IMPs lost by the away team: `imps_home`, unless a board does not balance.
    pub lost_away: Ratio<i64>,
    /// Boards scored (not-played boards left out).
    pub played: u32,
    /// The number of boards of the VP scale used.
    pub scale_boards: u32,
    /// The home team's victory points.
    pub vp_home: Ratio<i64>,
    /// The away team's victory points.
    pub vp_away: Ratio<i64>,
}

impl TeamMatch {
    /// The home team's margin in IMPs (negative when it lost).
    pub fn margin(&self) -> Ratio<i64> {
        self.imps_home - self.lost_home
    }

    /// The away team's margin in IMPs, from its own side: the negative of [`margin`],
    /// unless a board does not balance.
    ///
    /// [`margin`]: TeamMatch::margin
    pub fn margin_away(&self) -> Ratio<i64> {
        self.imps_away - self.lost_away
    }

    /// Whether every board balances, so that one team's IMPs are the other's loss.
    pub fn balances(&self) -> bool {
        self.boards.iter().all(MatchBoard::balances)
    }

    /// The home team's margin in a knockout match, where Law 86B gives both teams the
    /// average of their own margins on boards that do not balance.
    pub fn knockout_margin(&self) -> Ratio<i64> {
        (self.margin() - self.margin_away()) / 2
    }

    /// Whether `team` played in this match.
    pub fn involves(&self, team: usize) -> bool {
        self.home == team || self.away == team
    }

    /// `team`'s victory points, IMPs won and IMPs lost in this match.
    pub fn for_team(&self, team: usize) -> Option<(Ratio<i64>, Ratio<i64>, Ratio<i64>)> {
        if team == self.home {
            Some((self.vp_home, self.imps_home, self.lost_home))
        } else if team == self.away {
            Some((self.vp_away, self.imps_away, self.lost_away))
        } else {
            None
        }
    }

    /// The opponent of `team` in this match.
    pub fn opponent(&self, team: usize) -> Option<usize> {
        if team == self.home {
            Some(self.away)
        } else if team == self.away {
            Some(self.home)
        } else {
            None
        }
    }
}

/// A team's line in the standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamStanding {
    /// Index into the team list.
    pub team: usize,
    /// Matches played.
    pub matches: u32,
    /// Rounds sat out, each worth the bye's VP of [`TeamsSettings::bye_vp`] (0 without).
    pub byes: u32,
    /// Total victory points, a bye's included.
    pub vp: Ratio<i64>,
    /// IMPs won over all matches.
    pub imps_for: Ratio<i64>,
    /// IMPs lost over all matches.
    pub imps_against: Ratio<i64>,
    /// The place (ties share).
    pub rank: u32,
    /// Whether another team has the same place.
    pub tied: bool,
}

/// An IMP quotient for ordering: a team that lost no IMP is above every finite quotient.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Quotient {
    Finite(Ratio<i64>),
    Infinite,
}

impl TeamStanding {
    /// IMPs won divided by IMPs lost; `None` when no IMP was lost.
    pub fn quotient(&self) -> Option<Ratio<i64>> {
        (!self.imps_against.is_zero()).then(|| self.imps_for / self.imps_against)
    }

    fn quotient_key(&self) -> Quotient {
        match self.quotient() {
            Some(q) => Quotient::Finite(q),
            None if self.imps_for.is_positive() => Quotient::Infinite,
            None => Quotient::Finite(Ratio::from_integer(1)),
        }
    }
}

/// A scored teams event.
#[derive(Debug, Clone)]
pub struct TeamsResult {
    /// The matches, round by round (without rounds, in order of their first line), each
    /// round's in order of their first line.
    pub matches: Vec<TeamMatch>,
    /// The standings, best first.
    pub standings: Vec<TeamStanding>,
    /// The byes scored with [`TeamsSettings::bye_vp`], in round order.
    pub byes: Vec<Bye>,
    /// Things the director should look at.
    pub warnings: Vec<Diagnostic>,
}

/// A team that sat out a round and was given the bye's victory points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bye {
    /// The round sat out.
    pub round: u32,
    /// Index into the team list.
    pub team: usize,
    /// The victory points given.
    pub vp: Ratio<i64>,
}

/// The next round of a Swiss event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SwissRound {
    /// The matches: (home, away) team indices, the best-placed table first.
    pub tables: Vec<(usize, usize)>,
    /// The team that sits out, with an odd number of teams.
    pub bye: Option<usize>,
    /// Whether some teams had to meet again because no other pairing exists.
    pub repeats: bool,
}

/// The home team's score at a table: North-South's score, or its negative when the home
/// team sat East-West; a reversed result counts the other way.
fn sign(r: &TableResult, home: usize) -> i64 {
    let s = if r.ns_pair() == home { 1 } else { -1 };
    if r.reversed() { -s } else { s }
}

/// A board's IMPs for the home team and for the away team, each from its own side.
type BoardImps = (Option<i64>, Option<(Ratio<i64>, Ratio<i64>)>);

/// The IMPs of one board: the home team's score difference (both rooms plain scores) and
/// each team's IMPs; none when neither room played the board. A room with an artificial
/// score, or not played while the other room played, gives each team the IMPs of its
/// own percentage (not played: average), and then the real score of the other room
/// does not count.
fn board_imps(
    open: &TableResult,
    closed: &TableResult,
    home: usize,
    adjusted: &AdjustedImps,
) -> BoardImps {
    let rooms = [open, closed];
    let not_played = |r: &&TableResult| r.outcome == Outcome::NotPlayed;
    if rooms.iter().all(not_played) {
        return (None, None);
    }
    if rooms.iter().any(not_played)
        || rooms
            .iter()
            .any(|r| matches!(r.outcome, Outcome::Artificial { .. }))
    {
        let (mut h, mut a) = (Ratio::zero(), Ratio::zero());
        for r in rooms {
            let p = match r.outcome {
                Outcome::NotPlayed => imps::ImpPoints {
                    ns: adjusted.average,
                    ew: adjusted.average,
                },
                _ => match imps::adjusted(r, adjusted) {
                    Some(p) => p,
                    None => continue,
                },
            };
            let (mine, theirs) = if r.ns_pair() == home {
                (p.ns, p.ew)
            } else {
                (p.ew, p.ns)
            };
            h += mine;
            a += theirs;
        }
        return (None, Some((h, a)));
    }
    let (so, sc) = (sign(open, home), sign(closed, home));
    let difference = match (&open.outcome, &closed.outcome) {
        (Outcome::Score(a), Outcome::Score(b)) => Some(so * i64::from(*a) + sc * i64::from(*b)),
        _ => None,
    };
    let mut sum = Ratio::zero();
    for (wa, a) in imps::parts(&open.outcome) {
        for &(wb, b) in &imps::parts(&closed.outcome) {
            sum += wa * wb * i64::from(imps::imps(so * i64::from(a) + sc * i64::from(b)));
        }
    }
    (difference, Some((sum, -sum)))
}

/// Scores a teams event: every match's IMPs and VPs, and the standings. `rooms` gives
/// each table result's room (`None` when the line has none), aligned with `results`;
/// `teams` plays the part of the pair list (a result's `ns` and `ew` are teams).
pub fn score_teams(
    teams: &[PairInfo],
    results: &[TableResult],
    rooms: &[Option<Room>],
    settings: &TeamsSettings,
) -> Result<TeamsResult, SessionError> {
    score_teams_in_rounds(teams, results, rooms, &[], settings)
}

/// Scores a teams event as [`score_teams`] does, with each line's round (aligned with
/// `results`; empty, or all `None`, when the travellers give no round): two teams that
/// meet in two rounds play two matches. Without rounds, two teams meeting on boards that
/// are not one run are warned about, as they may have played twice.
pub fn score_teams_in_rounds(
    teams: &[PairInfo],
    results: &[TableResult],
    rooms: &[Option<Room>],
    rounds: &[Option<u32>],
    settings: &TeamsSettings,
) -> Result<TeamsResult, SessionError> {
    let mut errors = Vec::new();
    let rounds = if rounds.iter().any(Option::is_some) {
        rounds
    } else {
        &[]
    };
    let by_match = sort_into_matches(teams, results, rooms, rounds, &mut errors);
    let mut matches = Vec::new();
    let mut board_warnings = Vec::new();
    for key in &by_match.order {
        let boards = &by_match.boards[key];
        matches.push(score_match(
            *key,
            boards,
            teams,
            results,
            &settings.adjusted,
            &mut errors,
            &mut board_warnings,
        ));
    }
    if !errors.is_empty() {
        errors.sort_by_key(|d| d.line);
        // A section written two ways splits its matches into halves: say why.
        errors.extend(crate::session::sections_written_two_ways(
            teams, results, "teams",
        ));
        return Err(SessionError {
            diagnostics: errors,
        });
    }
    let mut warnings = award_victory_points(&mut matches, teams, results, settings)?;
    warnings.extend(board_warnings);
    if rounds.is_empty() {
        warnings.extend(
            matches
                .iter()
                .filter_map(|m| boards_apart(m, teams, results)),
        );
    }
    warnings.extend(consecutive_meetings(&matches, teams, results));
    warnings.extend(short_matches(&matches, teams, results));
    warnings.extend(crowded_rounds(&matches, teams, results));
    warnings.extend(crate::session::teams_written_two_ways(teams, results));
    warnings.extend(crate::session::sections_written_two_ways(
        teams, results, "teams",
    ));
    let byes = match settings.bye_vp {
        Some(vp) => byes(teams, &matches, results, vp)?,
        None => Vec::new(),
    };
    if settings.bye_vp.is_some() && byes.is_empty() {
        warnings.push(Diagnostic::warning(
            0,
            None,
            "a bye's VP (--bye-vp) was given, but every team played in every round: a team that sat out is known only from the teams file (--pairs), which names every team",
        ));
    }
    let standings = standings_with_byes(teams.len(), &matches, &byes);
    Ok(TeamsResult {
        matches,
        standings,
        byes,
        warnings,
    })
}

/// The team that sat out each round, given `vp`: in each round of the matches, the one
/// team of the event that played no match. A round that more than one team sat out is
/// refused (which of them had the bye, and which were absent, is the director's to
/// say), and so are matches without rounds.
fn byes(
    teams: &[PairInfo],
    matches: &[TeamMatch],
    results: &[TableResult],
    vp: Ratio<i64>,
) -> Result<Vec<Bye>, SessionError> {
    let refused = |line: u32, message: String| SessionError {
        diagnostics: vec![Diagnostic::error(line, None, message)],
    };
    let first_line = |m: &TeamMatch| m.boards.first().map_or(0, |b| results[b.open].line());
    let mut rounds: Vec<u32> = Vec::new();
    for m in matches {
        match m.round {
            Some(r) => rounds.push(r),
            None => return Err(refused(
                first_line(m),
                "a bye's VP (--bye-vp) needs the travellers' round column, to know who sat out which round: add it".into(),
            )),
        }
    }
    rounds.sort_unstable();
    rounds.dedup();
    let mut byes = Vec::new();
    for round in rounds {
        let played: HashSet<usize> = matches
            .iter()
            .filter(|m| m.round == Some(round))
            .flat_map(|m| [m.home, m.away])
            .collect();
        let out: Vec<usize> = (0..teams.len()).filter(|t| !played.contains(t)).collect();
        match out.as_slice() {
            [] => {}
            &[team] => byes.push(Bye { round, team, vp }),
            several => {
                let line = matches
                    .iter()
                    .filter(|m| m.round == Some(round))
                    .map(first_line)
                    .min()
                    .unwrap_or(0);
                let names: Vec<String> = several.iter().map(|&t| team_name(teams, t)).collect();
                return Err(refused(
                    line,
                    format!(
                        "round {round}: teams {} played no match, and a bye's VP (--bye-vp) goes to the one team that sits out a round: add the missing match, or leave --bye-vp out and announce the VP with the standings",
                        names.join(", ")
                    ),
                ));
            }
        }
    }
    unequal_byes(teams, &byes, matches, results)?;
    Ok(byes)
}

/// Refuses byes that do not go round the field: a bye goes to a team that has not sat
/// out yet, so no team sits out twice more often than another. A team that sits out
/// every round (one that withdrew, still in the teams file) would otherwise be given
/// the bye's VP each time.
fn unequal_byes(
    teams: &[PairInfo],
    byes: &[Bye],
    matches: &[TeamMatch],
    results: &[TableResult],
) -> Result<(), SessionError> {
    let mut count = vec![0u32; teams.len()];
    for b in byes {
        count[b.team] += 1;
    }
    let fewest = count.iter().copied().min().unwrap_or(0);
    let Some(most) = (0..teams.len()).find(|&t| count[t] >= fewest + 2) else {
        return Ok(());
    };
    let fewer = (0..teams.len()).find(|&t| count[t] == fewest).unwrap_or(0);
    let rounds: Vec<String> = byes
        .iter()
        .filter(|b| b.team == most)
        .map(|b| b.round.to_string())
        .collect();
    let line = matches
        .iter()
        .flat_map(|m| m.boards.first())
        .map(|b| results[b.open].line())
        .min()
        .unwrap_or(0);
    Err(SessionError {
        diagnostics: vec![Diagnostic::error(
            line,
            None,
            format!(
                "team {} sat out rounds {} while team {} sat out {}: a bye goes round the field, so a bye's VP (--bye-vp) cannot be given; a team that withdrew belongs out of the teams file",
                team_name(teams, most),
                rounds.join(", "),
                team_name(teams, fewer),
                if fewest == 0 {
                    "none".to_string()
                } else {
                    format!("{fewest}")
                },
            ),
        )],
    })
}

/// A team's name as the travellers give it, after its section (`A1`) when the teams
/// play in more than one section, as the result list names it; `?` for a number that
/// is no team.
fn team_name(teams: &[PairInfo], i: usize) -> String {
    let Some(t) = teams.get(i) else {
        return "?".into();
    };
    let sections = teams
        .iter()
        .any(|o| !crate::text::same(&o.section, &teams[0].section));
    match sections {
        true => format!("{}{}", t.section, t.id),
        false => t.id.clone(),
    }
}

/// One match's traveller lines: for each board, the line of each room (an index into the
/// event's table results).
type MatchLines = HashMap<u32, HashMap<Room, usize>>;

/// A match: its round (when the travellers give rounds) and its two teams (the lower
/// team number first).
type MatchKey = (Option<u32>, usize, usize);

/// The travellers sorted into matches.
struct ByMatch {
    /// Each match's lines.
    boards: HashMap<MatchKey, MatchLines>,
    /// The matches round by round, each round's in the order of their first line.
    order: Vec<MatchKey>,
}

/// Sorts the traveller lines into matches, by round when `rounds` is not empty, board by
/// board and room by room. A line that cannot be part of a match (an unknown team, a team
/// against itself, a split score, no room or no round, a second result for the same
/// room) is an error in `errors` and is left out.
fn sort_into_matches(
    teams: &[PairInfo],
    results: &[TableResult],
    rooms: &[Option<Room>],
    rounds: &[Option<u32>],
    errors: &mut Vec<Diagnostic>,
) -> ByMatch {
    let mut by_match = ByMatch {
        boards: HashMap::new(),
        order: Vec::new(),
    };
    let mut played = BoardsPlayed::default();
    let mut refused = HashSet::new();
    for (i, r) in results.iter().enumerate() {
        let room = match line_room(teams, r, rooms.get(i).copied().flatten()) {
            Ok(room) => room,
            Err(e) => {
                errors.push(e);
                refused.insert(refused_key(r));
                continue;
            }
        };
        let round = rounds.get(i).copied().flatten();
        if !rounds.is_empty() && round.is_none() {
            errors.push(Diagnostic::error(
                r.line(),
                Some(r.board),
                "no round on this line, while other lines give theirs: write the round of the match",
            ));
            refused.insert(refused_key(r));
            continue;
        }
        let (ns, ew) = (r.ns_pair(), r.ew_pair());
        errors.extend(played.again(teams, results, round, i));
        let key = (round, ns.min(ew), ns.max(ew));
        if !by_match.boards.contains_key(&key) {
            by_match.order.push(key);
        }
        let board = by_match
            .boards
            .entry(key)
            .or_default()
            .entry(r.board)
            .or_default();
        if let Some(&prev) = board.get(&room) {
            errors.push(Diagnostic::error(
                r.line(),
                Some(r.board),
                format!(
                    "teams {} and {} have a second {} room result for board {} (also on line {}): remove or correct one of the two lines",
                    team_name(teams, key.1),
                    team_name(teams, key.2),
                    room.name(),
                    r.board,
                    results[prev].line()
                ),
            ));
            continue;
        }
        board.insert(room, i);
    }
    // (A stable sort: each round's matches stay in the order of their first line.)
    by_match.order.sort_by_key(|k| k.0);
    drop_halves_of_refused(&mut by_match, &refused);
    by_match
}

/// A refused line's two teams (the lower number first) and board.
fn refused_key(r: &TableResult) -> (usize, usize, u32) {
    let (ns, ew) = (r.ns_pair(), r.ew_pair());
    (ns.min(ew), ns.max(ew), r.board)
}

/// Leaves out of their matches the boards with one room's line whose other room's line
/// was refused: that line's error already names the board, and the board is not then
/// told a second time as having only one room's result. (Nothing is scored while a line
/// is refused.)
fn drop_halves_of_refused(by_match: &mut ByMatch, refused: &HashSet<(usize, usize, u32)>) {
    if refused.is_empty() {
        return;
    }
    for (key, boards) in by_match.boards.iter_mut() {
        boards.retain(|&b, rooms| rooms.len() != 1 || !refused.contains(&(key.1, key.2, b)));
    }
}

/// The boards each team played, by round: a team plays a board in one match a round.
#[derive(Default)]
struct BoardsPlayed {
    /// (round, team, board) → the opponent and the first line it was played on.
    first: HashMap<(Option<u32>, usize, u32), (usize, usize)>,
    /// (round, team, board, other opponent) already told.
    told: HashSet<(Option<u32>, usize, u32, usize)>,
}

impl BoardsPlayed {
    /// The error for line `i` when one of its teams played its board against another
    /// team earlier in the same round (or in the event, without rounds), once for each
    /// such pair of matches.
    fn again(
        &mut self,
        teams: &[PairInfo],
        results: &[TableResult],
        round: Option<u32>,
        i: usize,
    ) -> Option<Diagnostic> {
        let r = &results[i];
        let (ns, ew) = (r.ns_pair(), r.ew_pair());
        let mut error = None;
        for (team, opponent) in [(ns, ew), (ew, ns)] {
            let (other, first) = *self
                .first
                .entry((round, team, r.board))
                .or_insert((opponent, i));
            if other == opponent || !self.told.insert((round, team, r.board, opponent)) {
                continue;
            }
            let when = match round {
                Some(n) => format!("in round {n}"),
                None => "without a round column".to_string(),
            };
            let fix = match round {
                Some(_) => {
                    "a team plays a board in one match a round: correct the team, board or round of one of the two lines"
                }
                None => {
                    "if the matches were in different rounds, add a round column; otherwise correct the team or board of one of the two lines"
                }
            };
            error.get_or_insert(Diagnostic::error(
                r.line(),
                Some(r.board),
                format!(
                    "team {} plays board {} {when} against {} (line {}) and against {} (this line): {fix}",
                    team_name(teams, team),
                    r.board,
                    team_name(teams, other),
                    results[first].line(),
                    team_name(teams, opponent),
                ),
            ));
        }
        error
    }
}

/// The room a traveller line was played in, or why the line cannot be part of a match:
/// a team the event does not have, a team playing itself, a score for one side beside an
/// artificial score for the other, a split without IMPs, or no room written.
fn line_room(teams: &[PairInfo], r: &TableResult, room: Option<Room>) -> Result<Room, Diagnostic> {
    if r.ns_pair() >= teams.len() || r.ew_pair() >= teams.len() {
        return Err(Diagnostic::error(r.line(), Some(r.board), "unknown team"));
    }
    if r.ns == r.ew {
        return Err(Diagnostic::error(
            r.line(),
            Some(r.board),
            format!(
                "team {} plays itself: correct the ns or ew team",
                team_name(teams, r.ns_pair())
            ),
        ));
    }
    if let Outcome::ScoreAndArtificial { .. } = r.outcome {
        return Err(Diagnostic::error(
            r.line(),
            Some(r.board),
            "a score for one side beside an artificial score for the other is not scored in a teams match: give both sides an artificial score (60/40) or the score",
        ));
    }
    if let Some(e) = imps::undefined_split(r) {
        return Err(e);
    }
    room.ok_or_else(|| {
        Diagnostic::error(
            r.line(),
            Some(r.board),
            "no room on this line: write open or closed in the room column",
        )
    })
}

/// One match's boards in board order, each with its IMPs for the home team (the team
/// North-South in the open room of the first board), and the IMPs each team won. A board
/// with only one room's result, or with the same team North-South in both rooms, is an
/// error in `errors` and is left out of the match.
fn score_match(
    key: MatchKey,
    boards: &MatchLines,
    teams: &[PairInfo],
    results: &[TableResult],
    adjusted: &AdjustedImps,
    errors: &mut Vec<Diagnostic>,
    warnings: &mut Vec<Diagnostic>,
) -> TeamMatch {
    let mut numbers: Vec<u32> = boards.keys().copied().collect();
    numbers.sort_unstable();
    let home = numbers
        .first()
        .and_then(|b| boards[b].get(&Room::Open))
        .map(|&i| results[i].ns_pair())
        .unwrap_or(key.1);
    let mut m = TeamMatch {
        round: key.0,
        home,
        away: if home == key.1 { key.2 } else { key.1 },
        boards: Vec::new(),
        imps_home: Ratio::zero(),
        imps_away: Ratio::zero(),
        lost_home: Ratio::zero(),
        lost_away: Ratio::zero(),
        played: 0,
        scale_boards: 0,
        vp_home: Ratio::zero(),
        vp_away: Ratio::zero(),
    };
    for b in numbers {
        let (open, closed) = match board_rooms(b, &boards[&b], &m, teams, results) {
            Ok(lines) => lines,
            Err(Some(e)) => {
                errors.push(e);
                continue;
            }
            Err(None) => continue,
        };
        let (difference, imps) = board_imps(&results[open], &results[closed], m.home, adjusted);
        if let Some((home, away)) = imps {
            m.played += 1;
            add_imps(home, &mut m.imps_home, &mut m.lost_home);
            add_imps(away, &mut m.imps_away, &mut m.lost_away);
        }
        warnings.extend(played_in_one_room(
            &m,
            b,
            [open, closed],
            teams,
            results,
            adjusted,
        ));
        m.boards.push(MatchBoard {
            board: b,
            open,
            closed,
            difference,
            imps: imps.map(|x| x.0),
            imps_away: imps.map(|x| x.1),
        });
    }
    m
}

/// Adds a team's IMPs on a board to the IMPs it won or to the IMPs it lost.
fn add_imps(x: Ratio<i64>, won: &mut Ratio<i64>, lost: &mut Ratio<i64>) {
    if x.is_positive() {
        *won += x;
    } else {
        *lost -= x;
    }
}

/// The warning for board `b` of match `m` not played in one room while the other room
/// has a result: the board is scored as average for the room that did not play it.
fn played_in_one_room(
    m: &TeamMatch,
    b: u32,
    lines: [usize; 2],
    teams: &[PairInfo],
    results: &[TableResult],
    adjusted: &AdjustedImps,
) -> Option<Diagnostic> {
    let [open, closed] = lines.map(|i| &results[i]);
    let ((missing, lacks), (played, has)) = match (&open.outcome, &closed.outcome) {
        (Outcome::NotPlayed, Outcome::NotPlayed) => return None,
        (Outcome::NotPlayed, _) => ((open, "open"), (closed, "closed")),
        (_, Outcome::NotPlayed) => ((closed, "closed"), (open, "open")),
        _ => return None,
    };
    Some(Diagnostic::warning(
        missing.line(),
        Some(b),
        format!(
            "board {b} of {} v {} was not played in the {lacks} room but was in the {has} room (line {}): scored as average in the {lacks} room, {} IMPs to each team, and counted among the match's boards (Law 12C2); if the director rules otherwise (Law 86D lets the score be based on the {has} room's result), write the {lacks} room's artificial score (60/40, 40/60 ...) in place of NP, or NP in both rooms to leave the board out",
            team_name(teams, m.home),
            team_name(teams, m.away),
            played.line(),
            adjusted.average,
        ),
    ))
}

/// The open and closed room's lines of board `b` of match `m`; the error when only one
/// room has a result or the teams did not change seats between the rooms (`None` for a
/// board with neither room, which is not in the match).
fn board_rooms(
    b: u32,
    rooms_of: &HashMap<Room, usize>,
    m: &TeamMatch,
    teams: &[PairInfo],
    results: &[TableResult],
) -> Result<(usize, usize), Option<Diagnostic>> {
    let name = |i: usize| team_name(teams, i);
    let (open, closed) = match (rooms_of.get(&Room::Open), rooms_of.get(&Room::Closed)) {
        (Some(&o), Some(&c)) => (o, c),
        (Some(&only), None) | (None, Some(&only)) => {
            let (has, lacks) = if rooms_of.contains_key(&Room::Open) {
                ("open", "closed")
            } else {
                ("closed", "open")
            };
            return Err(Some(Diagnostic::error(
                results[only].line(),
                Some(b),
                format!(
                    "board {b} of {} v {} has only the {has} room's result: enter the {lacks} room's result, or mark the board NP in both rooms",
                    name(m.home),
                    name(m.away)
                ),
            )));
        }
        (None, None) => return Err(None),
    };
    if results[open].ns == results[closed].ns {
        return Err(Some(Diagnostic::error(
            results[closed].line(),
            Some(b),
            format!(
                "team {} sits North-South in both rooms on board {b} (also on line {}): in the closed room the teams change seats",
                name(results[open].ns_pair()),
                results[open].line()
            ),
        )));
    }
    Ok((open, closed))
}

/// A warning when the two teams of `m` played boards that are not one run (1-2 and 9-10):
/// without rounds, two matches between them cannot be told apart.
fn boards_apart(m: &TeamMatch, teams: &[PairInfo], results: &[TableResult]) -> Option<Diagnostic> {
    let mut runs: Vec<(u32, u32)> = Vec::new();
    for b in m.boards.iter().map(|b| b.board) {
        match runs.last_mut() {
            Some(run) if run.1 + 1 == b => run.1 = b,
            _ => runs.push((b, b)),
        }
    }
    if runs.len() < 2 {
        return None;
    }
    let mut text: Vec<String> = runs
        .iter()
        .map(|&(a, b)| {
            if a == b {
                a.to_string()
            } else {
                format!("{a}-{b}")
            }
        })
        .collect();
    let last = text.pop().unwrap_or_default();
    Some(Diagnostic::warning(
        results[m.boards[0].open].line(),
        None,
        format!(
            "{} v {} play boards {} and {last}, which are not one run of boards: if they met in two rounds, add a round column so that each round is its own match; scored as one match",
            team_name(teams, m.home),
            team_name(teams, m.away),
            text.join(", ")
        ),
    ))
}

/// A warning for each match with results for fewer boards than the longest match of its
/// round (of the event, without rounds): more often a board whose results were not
/// entered than a shorter match, and it would be scored on a shorter VP scale unsaid.
/// Matches need not play the same boards, so the missing boards are named only when
/// the longest match played them all.
fn short_matches(
    matches: &[TeamMatch],
    teams: &[PairInfo],
    results: &[TableResult],
) -> Vec<Diagnostic> {
    let mut longest: HashMap<Option<u32>, &TeamMatch> = HashMap::new();
    for m in matches {
        let known = longest.entry(m.round).or_insert(m);
        if m.boards.len() > known.boards.len() {
            *known = m;
        }
    }
    let mut out = Vec::new();
    for m in matches {
        let long = longest[&m.round];
        // (A match of which no board was played is told as a draw already.)
        let Some(first) = m.boards.first() else {
            continue;
        };
        if m.boards.len() >= long.boards.len() || m.played == 0 {
            continue;
        }
        let round = m.round.map_or(String::new(), |n| format!(" (round {n})"));
        out.push(Diagnostic::warning(
            results[first.open].line(),
            None,
            format!(
                "{}{round}: {}; the match is scored on {}, on the VP scale of {}",
                match_names(m, teams),
                what_is_short(m, long, teams),
                boards_count(m.played),
                boards_count(m.scale_boards)
            ),
        ));
    }
    out
}

/// What match `m` lacks that `long`, the longest of its round, has: the boards, when
/// `long` played every board `m` did, or else how many.
fn what_is_short(m: &TeamMatch, long: &TeamMatch, teams: &[PairInfo]) -> String {
    let played = |x: &TeamMatch, b: u32| x.boards.iter().any(|x| x.board == b);
    let other = match_names(long, teams);
    if !m.boards.iter().all(|b| played(long, b.board)) {
        return format!(
            "results for {}, where {other} played {}: enter the missing results, or NP for both rooms where a board was not played",
            boards_count(m.boards.len() as u32),
            long.boards.len()
        );
    }
    let missing: Vec<String> = long
        .boards
        .iter()
        .filter(|b| !played(m, b.board))
        .map(|b| b.board.to_string())
        .collect();
    let (boards, have, its, it_was) = match missing.len() {
        1 => ("board", "has", "its", "it was"),
        _ => ("boards", "have", "their", "one was"),
    };
    format!(
        "{boards} {} {have} no result in this match, which {other} played: enter {its} results, or NP for both rooms if {it_was} not played",
        and_list(&missing)
    )
}

/// A match's teams: `A v B`.
fn match_names(m: &TeamMatch, teams: &[PairInfo]) -> String {
    format!(
        "{} v {}",
        team_name(teams, m.home),
        team_name(teams, m.away)
    )
}

/// `1 board`, `3 boards`.
fn boards_count(n: u32) -> String {
    format!("{n} board{}", if n == 1 { "" } else { "s" })
}

/// A warning for each team that plays more than one match in a round (on different
/// boards: the same board twice is an error already), unless the round is a triangle
/// (the team's two opponents meet each other too): more often a round number mistyped.
fn crowded_rounds(
    matches: &[TeamMatch],
    teams: &[PairInfo],
    results: &[TableResult],
) -> Vec<Diagnostic> {
    let mut of: BTreeMap<(u32, usize), Vec<&TeamMatch>> = BTreeMap::new();
    for m in matches {
        if let Some(round) = m.round {
            for team in [m.home, m.away] {
                of.entry((round, team)).or_default().push(m);
            }
        }
    }
    let opponent = |m: &TeamMatch, team: usize| if m.home == team { m.away } else { m.home };
    let meet = |round: u32, a: usize, b: usize| {
        of.get(&(round, a))
            .is_some_and(|ms| ms.iter().any(|m| opponent(m, a) == b))
    };
    let first_line = |m: &TeamMatch| m.boards.first().map(|b| results[b.open].line());
    let mut out = Vec::new();
    for (&(round, team), ms) in &of {
        let triangle =
            matches!(ms[..], [x, y] if meet(round, opponent(x, team), opponent(y, team)));
        if ms.len() < 2 || triangle {
            continue;
        }
        let against: Vec<String> = ms
            .iter()
            .map(|m| {
                let line = first_line(m).map_or(String::new(), |l| format!(" (line {l})"));
                format!("against {}{line}", team_name(teams, opponent(m, team)))
            })
            .collect();
        out.push(Diagnostic::warning(
            first_line(ms[1]).unwrap_or(0),
            None,
            format!(
                "team {} plays {} matches in round {round}, {}: a team plays one match a round, or two in a round of three teams that each meet the other two (a triangle); correct the round or the teams of one of the matches",
                team_name(teams, team),
                ms.len(),
                and_list(&against)
            ),
        ));
    }
    out
}

/// `items` as a sentence lists them: `4`, `4 and 5`, `2, 3 and 4`.
fn and_list(items: &[String]) -> String {
    match items.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => items.join(""),
    }
}

/// Two teams meeting in rounds one after the other: more often one match played over
/// rounds (segments) than a Swiss repeat, so each such later match is a warning on its
/// first line.
fn consecutive_meetings(
    matches: &[TeamMatch],
    teams: &[PairInfo],
    results: &[TableResult],
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (k, m) in matches.iter().enumerate() {
        let Some(round) = m.round else { continue };
        let same_teams = |o: &&TeamMatch| {
            (o.home.min(o.away), o.home.max(o.away)) == (m.home.min(m.away), m.home.max(m.away))
        };
        let before = matches[..k]
            .iter()
            .filter(same_teams)
            .find(|o| o.round.is_some_and(|r| r + 1 == round));
        if let (Some(before), Some(first)) = (before, m.boards.first()) {
            out.push(Diagnostic::warning(
                results[first.open].line(),
                None,
                format!(
                    "{} v {} meet again in round {round}, after round {}, and are scored as two matches: if it is one match played over rounds (segments), leave the round column out",
                    team_name(teams, m.home),
                    team_name(teams, m.away),
                    before.round.unwrap_or(0)
                ),
            ));
        }
    }
    out
}

/// Each match's victory points on the WBF scale for its number of boards (the boards it
/// played, or the number the director set); a match of which no board was played is a
/// draw, with a warning. Returns the warnings; a scale that cannot be made is an error
/// naming the match's first line (or the director's number), kept with the warnings
/// found before it.
fn award_victory_points(
    matches: &mut [TeamMatch],
    teams: &[PairInfo],
    results: &[TableResult],
    settings: &TeamsSettings,
) -> Result<Vec<Diagnostic>, SessionError> {
    let mut warnings = Vec::new();
    let mut scales: HashMap<u32, VpScale> = HashMap::new();
    if let Some(n) = settings.vp_boards {
        let s = VpScale::wbf(n, settings.max).map_err(|e| SessionError {
            diagnostics: vec![Diagnostic::error(
                0,
                None,
                format!("the victory-point scale set for {n} boards: {e}"),
            )],
        })?;
        scales.insert(n, s);
    }
    for m in matches {
        m.scale_boards = settings.vp_boards.unwrap_or(m.played);
        let half = Ratio::new(settings.max.points(), 2);
        let line = m
            .boards
            .first()
            .map(|b| results[b.open].line())
            .unwrap_or(0);
        let names = format!(
            "{} v {}",
            team_name(teams, m.home),
            team_name(teams, m.away)
        );
        warnings.extend(longer_than_scale(m, settings.vp_boards, line, &names));
        if m.scale_boards == 0 {
            warnings.push(Diagnostic::warning(
                line,
                None,
                format!("{names}: no board was played, so the match is a draw in VP"),
            ));
            (m.vp_home, m.vp_away) = (half, half);
            continue;
        }
        let scale = match scales.entry(m.scale_boards) {
            Entry::Occupied(s) => s.into_mut(),
            Entry::Vacant(v) => match VpScale::wbf(m.scale_boards, settings.max) {
                Ok(s) => v.insert(s),
                Err(e) => {
                    warnings.push(Diagnostic::error(line, None, format!("{names}: {e}")));
                    return Err(SessionError {
                        diagnostics: warnings,
                    });
                }
            },
        };
        // Each team's VP from its own margin: the same as the scale's split of the home
        // team's margin, unless a board does not balance.
        (m.vp_home, m.vp_away) = (scale.vp(m.margin()).0, scale.vp(m.margin_away()).0);
    }
    Ok(warnings)
}

/// A warning, on the match's first line, when the match played more boards than the VP
/// scale the director set (`vp_boards`) is for: a 12-board match on the 8-board scale
/// wins more VP for its margin than its length earns, more often a wrong scale or lines
/// of another match than a choice.
fn longer_than_scale(
    m: &TeamMatch,
    vp_boards: Option<u32>,
    line: u32,
    names: &str,
) -> Option<Diagnostic> {
    let n = vp_boards.filter(|&n| m.played > n)?;
    Some(Diagnostic::warning(
        line,
        None,
        format!(
            "{names}: {} were played, more than the {} of the VP scale set (--vp-boards {n}): the match is scored on the {n}-board scale; set the scale of the longest match, or check the match's lines",
            boards_count(m.played),
            boards_count(n),
        ),
    ))
}

/// The standings of `team_count` teams after `matches`: by VP, then VP between the tied
/// teams when every tied team met every other as often, then IMP quotient; teams that
/// played no match are listed last.
pub fn standings(team_count: usize, matches: &[TeamMatch]) -> Vec<TeamStanding> {
    standings_with_byes(team_count, matches, &[])
}

/// [`standings`] with each bye's VP added to its team's.
fn standings_with_byes(
    team_count: usize,
    matches: &[TeamMatch],
    byes: &[Bye],
) -> Vec<TeamStanding> {
    let mut rows: Vec<TeamStanding> = (0..team_count)
        .map(|team| TeamStanding {
            team,
            matches: 0,
            byes: 0,
            vp: Ratio::zero(),
            imps_for: Ratio::zero(),
            imps_against: Ratio::zero(),
            rank: 0,
            tied: false,
        })
        .collect();
    for m in matches {
        for team in [m.home, m.away] {
            if let Some((vp, won, lost)) = m.for_team(team) {
                let row = &mut rows[team];
                row.matches += 1;
                row.vp += vp;
                row.imps_for += won;
                row.imps_against += lost;
            }
        }
    }
    for bye in byes {
        rows[bye.team].byes += 1;
        rows[bye.team].vp += bye.vp;
    }
    // Teams without a match (or a bye) go last, in team order, sharing the place after
    // the others: they are ranked apart, so that none takes a place among those that
    // played (on 0 VP, a quotient of nothing once put one above a team that lost).
    let (mut played, idle): (Vec<_>, Vec<_>) =
        rows.into_iter().partition(|r| r.matches > 0 || r.byes > 0);
    rank_played(&mut played, matches);
    let (first_idle, shared) = (played.len() as u32 + 1, idle.len() > 1);
    played.extend(idle.into_iter().map(|mut r| {
        r.rank = first_idle;
        r.tied = shared;
        r
    }));
    played
}

/// Sorts and ranks the standings of teams that played: by VP, then VP between the tied
/// teams (when they all met each other), then IMP quotient; teams equal in all three
/// share a place.
fn rank_played(rows: &mut [TeamStanding], matches: &[TeamMatch]) {
    rows.sort_by(|a, b| b.vp.cmp(&a.vp).then(a.team.cmp(&b.team)));
    // Split groups on the same VP by their matches against each other, then quotient.
    let mut start = 0;
    while start < rows.len() {
        let mut end = start + 1;
        while end < rows.len() && rows[end].vp == rows[start].vp {
            end += 1;
        }
        if end - start > 1 {
            rank_tied_group(&mut rows[start..end], start, matches);
        } else {
            rows[start].rank = start as u32 + 1;
        }
        start = end;
    }
}

/// Orders and ranks `group`, teams on the same VP from place `start + 1` on: by the VP
/// of their matches against each other when every one of them met every other the same
/// number of times (see [`head_to_head`]), then IMP quotient.
fn rank_tied_group(group: &mut [TeamStanding], start: usize, matches: &[TeamMatch]) {
    let between = head_to_head(group, matches);
    let key = |r: &TeamStanding| {
        (
            between.get(&r.team).copied().unwrap_or_default(),
            r.quotient_key(),
        )
    };
    group.sort_by(|a, b| key(b).cmp(&key(a)).then(a.team.cmp(&b.team)));
    let keys: Vec<_> = group.iter().map(key).collect();
    let places = shared_places(keys.len(), |k| keys[k] == keys[k - 1]);
    for (row, place) in group.iter_mut().zip(places) {
        row.rank = start as u32 + place.rank;
        row.tied = place.tied;
    }
}

/// Each tied team's VP in its matches against the other tied teams, when every tied team
/// met every other the same number of times; empty otherwise. In a Swiss event or a
/// partial round-robin tied teams have often not all met, and counting only the matches
/// played would put a team above another for having met more of the tied teams: the
/// IMP quotient alone decides then.
fn head_to_head(group: &[TeamStanding], matches: &[TeamMatch]) -> HashMap<usize, Ratio<i64>> {
    let teams: HashSet<usize> = group.iter().map(|r| r.team).collect();
    let mut between: HashMap<usize, Ratio<i64>> = HashMap::new();
    let mut meetings: HashMap<(usize, usize), u32> = HashMap::new();
    for m in matches {
        if teams.contains(&m.home) && teams.contains(&m.away) {
            *between.entry(m.home).or_default() += m.vp_home;
            *between.entry(m.away).or_default() += m.vp_away;
            *meetings
                .entry((m.home.min(m.away), m.home.max(m.away)))
                .or_default() += 1;
        }
    }
    let pairs = teams.len() * (teams.len() - 1) / 2;
    let times: HashSet<u32> = meetings.values().copied().collect();
    if meetings.len() == pairs && times.len() == 1 {
        between
    } else {
        HashMap::new()
    }
}

/// Pairs the next round of a Swiss event from the standings (best first) and the
/// matches played so far.
pub fn swiss_pairing(standings: &[TeamStanding], matches: &[TeamMatch]) -> SwissRound {
    let met: HashSet<(usize, usize)> = matches
        .iter()
        .map(|m| (m.home.min(m.away), m.home.max(m.away)))
        .collect();
    let mut order: Vec<usize> = standings.iter().map(|s| s.team).collect();
    let mut bye = None;
    if order.len() % 2 == 1 {
        let most = standings.iter().map(|s| s.matches).max().unwrap_or(0);
        let pick = standings
            .iter()
            .rev()
            .find(|s| s.matches == most)
            .map(|s| s.team)
            .unwrap_or(order[order.len() - 1]);
        order.retain(|&t| t != pick);
        bye = Some(pick);
    }
    let mut steps = 0u32;
    let mut used = vec![false; order.len()];
    let mut tables = Vec::new();
    let met_fn = |a: usize, b: usize| met.contains(&(a.min(b), a.max(b)));
    if pair_up(&order, &mut used, &mut tables, &met_fn, &mut steps) {
        return SwissRound {
            tables,
            bye,
            repeats: false,
        };
    }
    // No pairing without repeats: pair in order, 1 v 2, 3 v 4 ….
    let tables = order.chunks(2).map(|c| (c[0], c[1])).collect::<Vec<_>>();
    let repeats = tables.iter().any(|&(a, b)| met_fn(a, b));
    SwissRound {
        tables,
        bye,
        repeats,
    }
}

/// Backtracking search: the best-placed free team meets the best-placed free team below
/// it that it has not met. Gives up after a bounded number of steps.
fn pair_up(
    order: &[usize],
    used: &mut [bool],
    tables: &mut Vec<(usize, usize)>,
    met: &dyn Fn(usize, usize) -> bool,
    steps: &mut u32,
) -> bool {
    let Some(first) = used.iter().position(|u| !u) else {
        return true;
    };
    used[first] = true;
    for second in first + 1..order.len() {
        *steps += 1;
        if *steps > 200_000 {
            break;
        }
        if used[second] || met(order[first], order[second]) {
            continue;
        }
        used[second] = true;
        tables.push((order[first], order[second]));
        if pair_up(order, used, tables, met, steps) {
            return true;
        }
        tables.pop();
        used[second] = false;
    }
    used[first] = false;
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matchpoints::Outcome::{self, *};
    use crate::session::Severity;

    fn teams(ids: &[&str]) -> Vec<PairInfo> {
        ids.iter()
            .map(|id| PairInfo {
                id: id.to_string(),
                ..PairInfo::default()
            })
            .collect()
    }

    /// A line: board, NS team, EW team, room, outcome, line number.
    fn t(
        board: u32,
        ns: usize,
        ew: usize,
        room: Room,
        outcome: Outcome,
        line: u32,
    ) -> (TableResult, Option<Room>) {
        (
            TableResult::new(board, (ns as u32, ew as u32), outcome).at_line(line),
            Some(room),
        )
    }

    fn score(
        names: &[&str],
        lines: Vec<(TableResult, Option<Room>)>,
        settings: &TeamsSettings,
    ) -> Result<TeamsResult, SessionError> {
        let (results, rooms): (Vec<_>, Vec<_>) = lines.into_iter().unzip();
        score_teams(&teams(names), &results, &rooms, settings)
    }

    #[test]
    fn a_hand_computed_match() {
        use Room::*;
        // A v B. Board 1: 4S by A's North-South makes 620, B's North-South only 170:
        // A +620 − 170 = 450 → 10 IMPs. Board 2: 3NT both rooms, 0 IMPs. Board 3: B
        // brings home 1100 in the open room's defence (−1100 for A), A's East-West let
        // B make 620 (−620): −1720 → 17 IMPs to B. Board 4: not played in the open
        // room, so average there, 0 IMPs, whatever the closed room scored.
        let lines = vec![
            t(1, 0, 1, Open, Score(620), 2),
            t(1, 1, 0, Closed, Score(170), 3),
            t(2, 0, 1, Open, Score(400), 4),
            t(2, 1, 0, Closed, Score(400), 5),
            t(3, 0, 1, Open, Score(-1100), 6),
            t(3, 1, 0, Closed, Score(620), 7),
            t(4, 0, 1, Open, NotPlayed, 8),
            t(4, 1, 0, Closed, Score(100), 9),
        ];
        let settings = TeamsSettings {
            vp_boards: Some(16),
            ..TeamsSettings::default()
        };
        let r = score(&["A", "B"], lines, &settings).unwrap();
        let m = &r.matches[0];
        assert_eq!((m.home, m.away), (0, 1));
        let imps: Vec<Option<i64>> = m
            .boards
            .iter()
            .map(|b| b.imps.map(|x| x.to_integer()))
            .collect();
        assert_eq!(imps, [Some(10), Some(0), Some(-17), Some(0)]);
        assert_eq!(m.boards[0].difference, Some(450));
        assert_eq!(
            (m.imps_home, m.imps_away),
            (Ratio::from_integer(10), Ratio::from_integer(17))
        );
        assert_eq!(m.played, 4);
        assert!(m.balances());
        // Lost by 7 on the 16-board scale: the formula gives 12.03 for the winner.
        assert_eq!(
            (m.vp_home, m.vp_away),
            (Ratio::new(797, 100), Ratio::new(1203, 100))
        );
        assert_eq!(r.standings[0].team, 1);
    }

    /// A board's net score is the home team's in every seating: on board 2 the home team
    /// A sits East-West in the open room (B's North-South make 110 there) and North-South
    /// in the closed room (B's East-West make 140, -140 for A): -110 - 140 = -250, not the
    /// open room's score minus the closed room's.
    #[test]
    fn the_net_score_is_the_home_teams_also_east_west_in_the_open_room() {
        use Room::*;
        let lines = vec![
            t(1, 0, 1, Open, Score(420), 2),
            t(1, 1, 0, Closed, Score(-420), 3),
            t(2, 1, 0, Open, Score(110), 4),
            t(2, 0, 1, Closed, Score(-140), 5),
        ];
        let r = score(&["A", "B"], lines, &TeamsSettings::default()).unwrap();
        let m = &r.matches[0];
        assert_eq!((m.home, m.away), (0, 1));
        let nets: Vec<Option<i64>> = m.boards.iter().map(|b| b.difference).collect();
        assert_eq!(nets, [Some(840), Some(-250)]);
        assert_eq!(m.boards[1].imps, Some(Ratio::from_integer(-6)));
    }

    /// A match too long for a victory-point scale is an error naming the match and its
    /// first line; the warnings found before it are kept with it.
    #[test]
    fn a_match_without_a_scale_names_its_line_and_keeps_the_warnings() {
        use Room::*;
        let mut lines = vec![
            t(1, 0, 1, Open, NotPlayed, 2),
            t(1, 1, 0, Closed, NotPlayed, 3),
        ];
        let long = crate::vp::MAX_BOARDS + 1;
        for b in 1..=long {
            lines.push(t(b, 2, 3, Open, Score(420), 2 + 2 * b));
            lines.push(t(b, 3, 2, Closed, Score(-420), 3 + 2 * b));
        }
        let e = score(&["A", "B", "C", "D"], lines, &TeamsSettings::default()).unwrap_err();
        let d = &e.diagnostics;
        assert_eq!(d.len(), 2, "{e}");
        assert_eq!((d[0].severity, d[0].line), (Severity::Warning, Some(2)));
        assert!(d[0].message.contains("A v B: no board was played"), "{e}");
        assert_eq!((d[1].severity, d[1].line), (Severity::Error, Some(4)));
        assert!(
            d[1].message.starts_with("C v D: a match of 1001 boards"),
            "{e}"
        );
    }

    /// A scale the director sets must be one klaver makes: 0 boards is no scale, not a
    /// draw in every match.
    #[test]
    fn a_match_longer_than_the_scale_set_is_a_warning() {
        let settings = TeamsSettings {
            vp_boards: Some(1),
            ..TeamsSettings::default()
        };
        let mut lines = one_board(1, 0, 1, 450, 2);
        lines.extend(one_board(2, 0, 1, 0, 4));
        let r = score(&["1", "2"], lines.clone(), &settings).unwrap();
        let told: Vec<String> = r.warnings.iter().map(|w| w.to_string()).collect();
        assert_eq!(
            told,
            [
                "line 2: 1 v 2: 2 boards were played, more than the 1 board of the VP scale set (--vp-boards 1): the match is scored on the 1-board scale; set the scale of the longest match, or check the match's lines"
            ]
        );
        assert_eq!(r.matches[0].scale_boards, 1);
        // A match of the scale's length, or shorter, is not.
        for n in [2, 3] {
            let settings = TeamsSettings {
                vp_boards: Some(n),
                ..TeamsSettings::default()
            };
            let r = score(&["1", "2"], lines.clone(), &settings).unwrap();
            assert!(r.warnings.is_empty(), "{:?}", r.warnings);
        }
    }

    #[test]
    fn a_scale_of_no_boards_is_refused() {
        use Room::*;
        let lines = vec![
            t(1, 0, 1, Open, Score(620), 2),
            t(1, 1, 0, Closed, Score(170), 3),
        ];
        let settings = TeamsSettings {
            vp_boards: Some(0),
            ..TeamsSettings::default()
        };
        let e = score(&["A", "B"], lines, &settings).unwrap_err();
        assert_eq!(e.diagnostics.len(), 1, "{e}");
        assert_eq!(e.diagnostics[0].severity, Severity::Error);
        assert!(e.to_string().contains("0 boards"), "{e}");
    }

    #[test]
    fn artificial_scores_in_a_match() {
        use Room::*;
        let lines = vec![
            t(1, 0, 1, Open, Outcome::Artificial { ns: 60, ew: 40 }, 2),
            t(1, 1, 0, Closed, Score(170), 3),
            t(2, 0, 1, Open, Outcome::AVERAGE, 4),
            t(2, 1, 0, Closed, Outcome::Artificial { ns: 40, ew: 60 }, 5),
        ];
        let r = score(&["A", "B"], lines, &TeamsSettings::default()).unwrap();
        let imps: Vec<Option<Ratio<i64>>> = r.matches[0].boards.iter().map(|b| b.imps).collect();
        // Board 1: A gets average-plus in the open room: +3. Board 2: average, and A
        // (East-West in the closed room) gets 60 %: +3.
        assert_eq!(
            imps,
            [Some(Ratio::from_integer(3)), Some(Ratio::from_integer(3))]
        );
    }

    /// Board 1 a plain 13 IMPs to A, board 2 the artificial score `split` in the open
    /// room beside −100 in the closed room, board 3 6 IMPs to A, on a 3-board scale.
    fn split_on_board_two(split: (u8, u8)) -> TeamMatch {
        use Room::*;
        let lines = vec![
            t(1, 0, 1, Open, Score(420), 2),
            t(1, 1, 0, Closed, Score(-420), 3),
            t(
                2,
                0,
                1,
                Open,
                Artificial {
                    ns: split.0,
                    ew: split.1,
                },
                4,
            ),
            t(2, 1, 0, Closed, Score(-100), 5),
            t(3, 0, 1, Open, Score(110), 6),
            t(3, 1, 0, Closed, Score(-110), 7),
        ];
        let r = score(&["A", "B"], lines, &TeamsSettings::default()).unwrap();
        assert!(r.warnings.is_empty(), "{:?}", r.warnings);
        r.matches[0].clone()
    }

    fn int(n: i64) -> Ratio<i64> {
        Ratio::from_integer(n)
    }

    /// Artificial scores that do not balance (Law 86B) are scored for each team from its
    /// own side: 40/40 costs both teams 3 IMPs, and each team's VP follow its own margin.
    #[test]
    fn both_sides_average_minus_cost_both_teams_three_imps() {
        let m = split_on_board_two((40, 40));
        let b = &m.boards[1];
        assert_eq!((b.imps, b.imps_away), (Some(int(-3)), Some(int(-3))));
        assert!(!b.balances() && !m.balances());
        // A: won 19, lost 3, margin 16; B: won 0, lost 22, margin −22.
        assert_eq!((m.imps_home, m.lost_home), (int(19), int(3)));
        assert_eq!((m.imps_away, m.lost_away), (int(0), int(22)));
        assert_eq!((m.margin(), m.margin_away()), (int(16), int(-22)));
        let scale = VpScale::wbf(3, VpMax::Twenty).unwrap();
        assert_eq!(m.vp_home, scale.vp(int(16)).0);
        assert_eq!(m.vp_away, scale.vp(int(22)).1);
        assert_ne!(m.vp_home + m.vp_away, int(20));
        // In a knockout both get the average: A by (16 + 22) / 2 = 19.
        assert_eq!(m.knockout_margin(), int(19));
    }

    #[test]
    fn average_plus_beside_average_gives_the_home_team_three_and_the_away_team_none() {
        let m = split_on_board_two((60, 50));
        let b = &m.boards[1];
        assert_eq!((b.imps, b.imps_away), (Some(int(3)), Some(int(0))));
        assert_eq!((m.imps_home, m.lost_home), (int(22), int(0)));
        assert_eq!((m.imps_away, m.lost_away), (int(0), int(19)));
        let m = split_on_board_two((60, 60));
        assert_eq!(
            (m.boards[1].imps, m.boards[1].imps_away),
            (Some(int(3)), Some(int(3)))
        );
        // A balancing split stays one team's gain and the other's loss.
        let m = split_on_board_two((60, 40));
        assert!(m.balances());
        assert_eq!(m.vp_home + m.vp_away, int(20));
    }

    /// A board not played in one room while the other room has a result is not lost from
    /// the match: average in that room (0 IMPs each), counted on the scale, with a
    /// warning naming the line and what to write instead.
    #[test]
    fn a_board_not_played_in_one_room_is_average_with_a_warning() {
        use Room::*;
        let lines = vec![
            t(1, 0, 1, Open, Score(420), 2),
            t(1, 1, 0, Closed, Score(-170), 3),
            t(2, 0, 1, Open, Score(-100), 4),
            t(2, 1, 0, Closed, NotPlayed, 5),
            t(3, 0, 1, Open, Score(110), 6),
            t(3, 1, 0, Closed, Score(140), 7),
        ];
        let r = score(&["A", "B"], lines, &TeamsSettings::default()).unwrap();
        let m = &r.matches[0];
        assert_eq!(m.boards[1].imps, Some(int(0)));
        assert_eq!((m.played, m.scale_boards), (3, 3));
        let w: Vec<String> = r.warnings.iter().map(|d| d.to_string()).collect();
        assert_eq!(
            w,
            [
                "line 5: board 2: board 2 of A v B was not played in the closed room but was in the open room (line 4): scored as average in the closed room, 0 IMPs to each team, and counted among the match's boards (Law 12C2); if the director rules otherwise (Law 86D lets the score be based on the open room's result), write the closed room's artificial score (60/40, 40/60 ...) in place of NP, or NP in both rooms to leave the board out"
            ]
        );
    }

    /// One team playing the same boards against two teams in one round is refused,
    /// naming both lines, once for each board.
    #[test]
    fn a_team_playing_a_board_in_two_matches_of_a_round_is_refused() {
        use Room::*;
        let lines = vec![
            t(1, 0, 1, Open, Score(420), 2),
            t(1, 1, 0, Closed, Score(400), 3),
            t(2, 0, 1, Open, Score(110), 4),
            t(2, 1, 0, Closed, Score(-110), 5),
            t(1, 0, 2, Open, Score(420), 6),
            t(1, 2, 0, Closed, Score(-420), 7),
            t(2, 0, 2, Open, Score(140), 8),
            t(2, 2, 0, Closed, Score(-110), 9),
        ];
        let (results, rooms): (Vec<_>, Vec<_>) = lines.into_iter().unzip();
        let names = teams(&["1", "2", "3"]);
        let err = score_teams_in_rounds(
            &names,
            &results,
            &rooms,
            &[Some(1); 8],
            &TeamsSettings::default(),
        )
        .unwrap_err()
        .to_string();
        assert_eq!(
            err,
            "line 6: board 1: team 1 plays board 1 in round 1 against 2 (line 2) and against 3 (this line): a team plays a board in one match a round: correct the team, board or round of one of the two lines\n\
             line 8: board 2: team 1 plays board 2 in round 1 against 2 (line 4) and against 3 (this line): a team plays a board in one match a round: correct the team, board or round of one of the two lines"
        );
        let err = score_teams(&names, &results, &rooms, &TeamsSettings::default())
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("line 6: board 1: team 1 plays board 1 without a round column against 2 (line 2) and against 3 (this line): if the matches were in different rounds, add a round column"),
            "{err}"
        );
    }

    #[test]
    fn a_split_the_imp_forms_do_not_define_is_refused_with_its_line() {
        use Room::*;
        let lines = vec![
            t(1, 0, 1, Open, Outcome::Artificial { ns: 100, ew: 0 }, 2),
            t(1, 1, 0, Closed, Score(170), 3),
        ];
        let err = score(&["A", "B"], lines, &TeamsSettings::default())
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with(
                "line 2: board 1: the artificial score 100/0 has no IMPs in the IMP forms"
            ),
            "{err}"
        );
    }

    /// The closed room's line of a board whose open room's line is refused is not told
    /// as the board's only result: the refused line is what it lacks.
    #[test]
    fn a_refused_line_is_not_also_a_missing_room() {
        use Room::*;
        let lines = vec![
            t(1, 0, 1, Open, Outcome::Artificial { ns: 100, ew: 0 }, 2),
            t(1, 1, 0, Closed, Score(170), 3),
            t(2, 0, 1, Open, Score(100), 4),
        ];
        let err = score(&["A", "B"], lines, &TeamsSettings::default())
            .unwrap_err()
            .to_string();
        let want = [
            "line 2: board 1: the artificial score 100/0 has no IMPs in the IMP forms: they define average-plus (60 %), average (50 %) and average-minus (40 %) (--adjusted-imps); give each side one of those",
            "line 4: board 2: board 2 of A v B has only the open room's result: enter the closed room's result, or mark the board NP in both rooms",
        ];
        assert_eq!(err, want.join("\n"));
    }

    #[test]
    fn bad_travellers_name_the_line() {
        use Room::*;
        let lines = vec![
            t(1, 0, 1, Open, Score(620), 2),
            t(2, 0, 1, Open, Score(100), 3),
            t(2, 1, 0, Closed, Score(100), 4),
            t(3, 2, 2, Open, Score(100), 5),
            t(4, 0, 1, Open, Score(100), 6),
            t(4, 0, 1, Closed, Score(100), 7),
        ];
        let err = score(&["A", "B", "C"], lines, &TeamsSettings::default())
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("line 5: board 3: team C plays itself"),
            "{err}"
        );
        assert!(
            err.contains("line 2: board 1: board 1 of A v B has only the open room's result"),
            "{err}"
        );
        assert!(
            err.contains("line 7: board 4: team A sits North-South in both rooms on board 4"),
            "{err}"
        );
        let (mut results, mut rooms): (Vec<_>, Vec<_>) =
            vec![t(1, 0, 1, Open, Score(620), 2)].into_iter().unzip();
        rooms[0] = None;
        results[0].set_line(2);
        let err = score_teams(
            &teams(&["A", "B"]),
            &results,
            &rooms,
            &TeamsSettings::default(),
        )
        .unwrap_err()
        .to_string();
        assert_eq!(
            err,
            "line 2: board 1: no room on this line: write open or closed in the room column"
        );
    }

    #[test]
    fn rooms_as_written() {
        assert_eq!(Room::parse(" Open "), Some(Room::Open));
        assert_eq!(Room::parse("gesloten"), Some(Room::Closed));
        assert_eq!(Room::parse("lobby"), None);
    }

    /// A one-board match: `home` beats `away` by `diff` points (home's North-South score
    /// in the open room, a pass-out in the closed room).
    fn one_board(
        board: u32,
        home: usize,
        away: usize,
        diff: i32,
        line: u32,
    ) -> Vec<(TableResult, Option<Room>)> {
        vec![
            t(board, home, away, Room::Open, Score(diff), line),
            t(board, away, home, Room::Closed, Score(0), line + 1),
        ]
    }

    #[test]
    fn a_small_swiss_event() {
        // Four teams. Round 1 (board 1): A beats B by 10 IMPs (450), C beats D by 5
        // (200). Round 2 (board 2), paired by the standings A, C, B, D: A v C, B v D.
        let names = ["A", "B", "C", "D"];
        let settings = TeamsSettings {
            vp_boards: Some(8),
            ..TeamsSettings::default()
        };
        let mut lines = one_board(1, 0, 1, 450, 2);
        lines.extend(one_board(1, 2, 3, 200, 4));
        let r1 = score(&names, lines.clone(), &settings).unwrap();
        let order: Vec<usize> = r1.standings.iter().map(|s| s.team).collect();
        assert_eq!(order, [0, 2, 3, 1]);
        // 8-board scale: 10 IMPs 13.78, 5 IMPs 12.05.
        assert_eq!(r1.standings[0].vp, Ratio::new(1378, 100));
        assert_eq!(r1.standings[1].vp, Ratio::new(1205, 100));
        let next = swiss_pairing(&r1.standings, &r1.matches);
        assert_eq!(next.tables, [(0, 2), (3, 1)]);
        assert_eq!((next.bye, next.repeats), (None, false));

        // Round 2: C beats A by 10 IMPs, B and D draw. A: 13.78 + 6.22 = 20.00;
        // C: 12.05 + 13.78 = 25.83; B: 6.22 + 10; D: 7.95 + 10.
        lines.extend(one_board(2, 2, 0, 450, 6));
        lines.extend(one_board(2, 1, 3, 0, 8));
        let r2 = score(&names, lines, &settings).unwrap();
        let order: Vec<usize> = r2.standings.iter().map(|s| s.team).collect();
        assert_eq!(order, [2, 0, 3, 1]);
        assert_eq!(r2.standings[1].vp, Ratio::from_integer(20));
        // Round 3: C has met D and A, so C plays B; A plays D.
        let next = swiss_pairing(&r2.standings, &r2.matches);
        assert_eq!(next.tables, [(2, 1), (0, 3)]);
        assert!(!next.repeats);
    }

    /// Rounds 1 and 5 of a Swiss event: A and B meet twice, and each match has its own
    /// VP; A wins the first by 10 IMPs and loses the second by 10.
    fn two_meetings() -> Vec<(TableResult, Option<Room>)> {
        let mut lines = one_board(1, 0, 1, 450, 2);
        lines.extend(one_board(9, 1, 0, 450, 4));
        lines
    }

    #[test]
    fn two_teams_meeting_in_two_rounds_play_two_matches() {
        let settings = TeamsSettings {
            vp_boards: Some(8),
            ..TeamsSettings::default()
        };
        let (results, rooms): (Vec<_>, Vec<_>) = two_meetings().into_iter().unzip();
        let rounds = [Some(1), Some(1), Some(5), Some(5)];
        let r = score_teams_in_rounds(&teams(&["A", "B"]), &results, &rooms, &rounds, &settings)
            .unwrap();
        assert_eq!(r.matches.len(), 2, "{:?}", r.matches);
        assert_eq!(r.matches[0].round, Some(1));
        assert_eq!(r.matches[1].round, Some(5));
        assert_eq!(r.matches[0].vp_home, Ratio::new(1378, 100));
        assert_eq!(r.matches[1].vp_home, Ratio::new(1378, 100));
        assert_eq!(r.matches[1].home, 1);
        assert_eq!(r.standings[0].vp, Ratio::from_integer(20));
        assert!(r.warnings.is_empty(), "{:?}", r.warnings);
    }

    /// Two teams meeting in rounds one after the other are more often one match played
    /// over two rounds (segments) than a Swiss repeat: scored as two, with a warning.
    #[test]
    fn two_teams_meeting_in_consecutive_rounds_is_a_warning() {
        let (results, rooms): (Vec<_>, Vec<_>) = two_meetings().into_iter().unzip();
        let rounds = [Some(1), Some(1), Some(2), Some(2)];
        let r = score_teams_in_rounds(
            &teams(&["A", "B"]),
            &results,
            &rooms,
            &rounds,
            &TeamsSettings::default(),
        )
        .unwrap();
        assert_eq!(r.matches.len(), 2);
        let w: Vec<String> = r.warnings.iter().map(|d| d.to_string()).collect();
        assert_eq!(
            w,
            [
                "line 4: B v A meet again in round 2, after round 1, and are scored as two matches: if it is one match played over rounds (segments), leave the round column out"
            ]
        );
    }

    #[test]
    fn two_teams_meeting_on_boards_apart_without_rounds_is_a_warning() {
        let r = score(&["A", "B"], two_meetings(), &TeamsSettings::default()).unwrap();
        assert_eq!(r.matches.len(), 1);
        let w: Vec<String> = r.warnings.iter().map(|d| d.to_string()).collect();
        assert_eq!(
            w,
            [
                "line 2: A v B play boards 1 and 9, which are not one run of boards: if they met in two rounds, add a round column so that each round is its own match; scored as one match"
            ]
        );
    }

    #[test]
    fn a_line_without_its_round_beside_lines_with_one_is_an_error() {
        let (results, rooms): (Vec<_>, Vec<_>) = two_meetings().into_iter().unzip();
        let rounds = [Some(1), Some(1), None, Some(5)];
        let err = score_teams_in_rounds(
            &teams(&["A", "B"]),
            &results,
            &rooms,
            &rounds,
            &TeamsSettings::default(),
        )
        .unwrap_err()
        .to_string();
        // The other room's line of board 9 (line 5) lacks only the refused line: it is
        // not told again.
        assert_eq!(
            err,
            "line 4: board 9: no round on this line, while other lines give theirs: write the round of the match"
        );
    }

    #[test]
    fn a_team_number_written_two_ways_is_a_warning() {
        let mut lines = one_board(1, 0, 1, 420, 2);
        lines.extend(one_board(2, 2, 1, -100, 4));
        let r = score(&["1", "2", "01"], lines, &TeamsSettings::default()).unwrap();
        let w: Vec<String> = r.warnings.iter().map(|d| d.to_string()).collect();
        assert_eq!(
            w,
            [
                "line 4: team 01 and team 1 are written differently and scored as two teams: if they are one team, write its number the same way on every line"
            ]
        );
    }

    /// Teams in sections `A` and `a`: one match read as two half matches. The errors
    /// name each team with its section, and say that the section is written two ways.
    #[test]
    fn a_section_written_two_ways_is_named_in_a_matchs_errors() {
        let mut ts = teams(&["1", "2", "2", "1"]);
        for (t, section) in ts.iter_mut().zip(["A", "A", "a", "a"]) {
            t.section = section.into();
        }
        let lines = [
            t(1, 0, 1, Room::Open, Score(420), 2),
            t(1, 2, 3, Room::Closed, Score(-420), 3),
        ];
        let (results, rooms): (Vec<_>, Vec<_>) = lines.into_iter().unzip();
        let e = score_teams(&ts, &results, &rooms, &TeamsSettings::default()).unwrap_err();
        let told: Vec<String> = e.diagnostics.iter().map(|d| d.to_string()).collect();
        assert_eq!(
            told,
            [
                "line 2: board 1: board 1 of A1 v A2 has only the open room's result: enter the closed room's result, or mark the board NP in both rooms",
                "line 3: board 1: board 1 of a2 v a1 has only the closed room's result: enter the open room's result, or mark the board NP in both rooms",
                "line 3: section a and section A are written differently and scored as two fields: if they are one section, write its name the same way on every line",
            ]
        );
    }

    #[test]
    fn ties_are_split_by_the_match_between_the_teams_then_quotient() {
        let names = ["A", "B", "C", "D"];
        let settings = TeamsSettings {
            vp_boards: Some(8),
            ..TeamsSettings::default()
        };
        // A beat B, B beat C, C beat A, each by 10 IMPs: 20 VP each, 10 VP each in the
        // matches between them, quotient 1 each: a three-way tie for first. D is last.
        let mut lines = one_board(1, 0, 1, 450, 2);
        lines.extend(one_board(2, 1, 2, 450, 4));
        lines.extend(one_board(3, 2, 0, 450, 6));
        let r = score(&names, lines, &settings).unwrap();
        let top: Vec<(usize, u32, bool)> = r
            .standings
            .iter()
            .take(3)
            .map(|s| (s.team, s.rank, s.tied))
            .collect();
        assert_eq!(top, [(0, 1, true), (1, 1, true), (2, 1, true)]);
        assert_eq!((r.standings[3].team, r.standings[3].rank), (3, 4));

        // B beat A by 10, A beat C by 10, D beat B by 10: A and B both on 20 VP with
        // the same quotient; B won their match and is placed above A.
        let mut lines = one_board(1, 1, 0, 450, 2);
        lines.extend(one_board(2, 0, 2, 450, 4));
        lines.extend(one_board(3, 3, 1, 450, 6));
        let r = score(&names, lines, &settings).unwrap();
        let top: Vec<(usize, u32, bool)> = r
            .standings
            .iter()
            .take(2)
            .map(|s| (s.team, s.rank, s.tied))
            .collect();
        assert_eq!(top, [(1, 1, false), (0, 2, false)]);
        assert_eq!(r.standings[0].vp, Ratio::from_integer(20));
    }

    /// Six teams on the one-board scale: B beats A by 22 IMPs, A beats E by 24, D beats
    /// B by 24 and draws with F. A and B have 20 VP each; A's quotient is 24/22, B's
    /// 22/24.
    fn a_and_b_tied_after_meeting() -> Vec<(TableResult, Option<Room>)> {
        let mut lines = one_board(1, 1, 0, 3000, 2);
        lines.extend(one_board(2, 0, 4, 4000, 4));
        lines.extend(one_board(3, 3, 1, 4000, 6));
        lines.extend(one_board(4, 3, 5, 0, 8));
        lines
    }

    fn places(r: &TeamsResult) -> Vec<(usize, u32, bool)> {
        r.standings
            .iter()
            .map(|s| (s.team, s.rank, s.tied))
            .collect()
    }

    #[test]
    fn tied_teams_that_all_met_are_split_by_their_matches_before_the_quotient() {
        let names = ["A", "B", "C", "D", "E", "F"];
        let settings = TeamsSettings {
            vp_boards: Some(1),
            ..TeamsSettings::default()
        };
        let r = score(&names, a_and_b_tied_after_meeting(), &settings).unwrap();
        // D 30 VP; B above A for winning their match, although A's quotient is higher.
        let top: Vec<_> = places(&r).into_iter().take(3).collect();
        assert_eq!(top, [(3, 1, false), (1, 2, false), (0, 3, false)]);
        assert!(r.standings[2].quotient() > r.standings[1].quotient());
    }

    #[test]
    fn tied_teams_that_have_not_all_met_are_split_by_the_quotient() {
        let names = ["A", "B", "C", "D", "E", "F"];
        let settings = TeamsSettings {
            vp_boards: Some(1),
            ..TeamsSettings::default()
        };
        // C beats F by 24 IMPs: C joins A and B on 20 VP without having met either, so
        // the match between A and B no longer counts: C (no IMP lost), A, B by quotient.
        let mut lines = a_and_b_tied_after_meeting();
        lines.extend(one_board(5, 2, 5, 4000, 10));
        let r = score(&names, lines, &settings).unwrap();
        let top: Vec<_> = places(&r).into_iter().take(4).collect();
        assert_eq!(
            top,
            [(3, 1, false), (2, 2, false), (0, 3, false), (1, 4, false)]
        );
    }

    #[test]
    fn tied_teams_of_a_swiss_event_that_drew_share_their_place() {
        // Round 1: 1 beats 2 by 6 IMPs, 3-4, 5-6 and 7-8 draw. Round 2: 5 beats 1 by 6, 2
        // beats 6 by 6, 3-7 and 4-8 draw. Six teams on 20 VP: 1 met 2 (and no other
        // tied team), 3, 4, 7 and 8 drew their two matches among the tied. Not all met:
        // by quotient (1 each) they share second place.
        let names = ["1", "2", "3", "4", "5", "6", "7", "8"];
        let mut lines = Vec::new();
        for (k, (home, away, diff)) in [
            (0, 1, 250),
            (2, 3, 0),
            (4, 5, 0),
            (6, 7, 0),
            (4, 0, 250),
            (1, 5, 250),
            (2, 6, 0),
            (3, 7, 0),
        ]
        .into_iter()
        .enumerate()
        {
            lines.extend(one_board(k as u32 + 1, home, away, diff, 2 * k as u32 + 2));
        }
        let r = score(&names, lines, &TeamsSettings::default()).unwrap();
        let shared: Vec<_> = places(&r)[1..7]
            .iter()
            .map(|&(t, rank, tied)| (rank, tied, t))
            .collect();
        assert!(
            shared.iter().all(|&(rank, tied, _)| rank == 2 && tied),
            "{shared:?}"
        );
        assert_eq!((r.standings[0].team, r.standings[7].team), (4, 5));
    }

    #[test]
    fn a_team_that_played_no_match_takes_no_place_from_those_that_did() {
        // A beat B 20-0; C, in the teams file, played no match. On 0 VP, C's quotient
        // (none) once sorted it above B, so B was given place 3 and place 2 was nobody's.
        // (One board: 17 IMPs are past the blitz.)
        let settings = TeamsSettings {
            vp_boards: Some(1),
            ..TeamsSettings::default()
        };
        let r = score(&["A", "B", "C"], one_board(1, 0, 1, 2000, 2), &settings).unwrap();
        assert_eq!(r.standings[1].vp, Ratio::from_integer(0));
        let places: Vec<(usize, u32, bool)> = r
            .standings
            .iter()
            .map(|s| (s.team, s.rank, s.tied))
            .collect();
        assert_eq!(places, [(0, 1, false), (1, 2, false), (2, 3, false)]);
        // Two teams that played no match share the place after the others.
        let r = score(
            &["A", "B", "C", "D"],
            one_board(1, 0, 1, 2000, 2),
            &settings,
        )
        .unwrap();
        let places: Vec<(usize, u32, bool)> = r
            .standings
            .iter()
            .map(|s| (s.team, s.rank, s.tied))
            .collect();
        assert_eq!(
            places,
            [(0, 1, false), (1, 2, false), (2, 3, true), (3, 3, true)]
        );
    }

    #[test]
    fn an_odd_field_gives_the_bye_to_the_lowest_team_that_has_not_sat_out() {
        let names = ["A", "B", "C", "D", "E"];
        let mut lines = one_board(1, 0, 1, 450, 2);
        lines.extend(one_board(1, 2, 3, 200, 4));
        let r = score(&names, lines, &TeamsSettings::default()).unwrap();
        // E sat out round 1 (no match): the bye goes to the lowest team that played.
        let next = swiss_pairing(&r.standings, &r.matches);
        assert_eq!(next.bye, Some(1));
        assert_eq!(next.tables.len(), 2);
        assert!(next.tables.iter().all(|&(a, b)| a != 1 && b != 1));
    }

    #[test]
    fn a_match_with_fewer_boards_than_the_others_of_its_round_is_told() {
        // A v B played boards 1 and 2; C v D has no line of board 2: its result was not
        // entered, and the match would be scored on a one-board VP scale unsaid.
        let names = ["A", "B", "C", "D"];
        let mut lines = one_board(1, 0, 1, 450, 2);
        lines.extend(one_board(2, 0, 1, 100, 4));
        lines.extend(one_board(1, 2, 3, 420, 6));
        let r = score(&names, lines, &TeamsSettings::default()).unwrap();
        let told: Vec<&str> = r.warnings.iter().map(|w| w.message.as_str()).collect();
        assert_eq!(
            told,
            [
                "C v D: board 2 has no result in this match, which A v B played: enter its results, or NP for both rooms if it was not played; the match is scored on 1 board, on the VP scale of 1 board"
            ]
        );
        assert_eq!(r.warnings[0].line, Some(6));
        // By rounds: only the matches of one round are compared.
        let mut lines = in_round(1, one_board(1, 0, 1, 450, 2));
        lines.extend(in_round(1, one_board(2, 0, 1, 100, 4)));
        lines.extend(in_round(1, one_board(1, 2, 3, 420, 6)));
        lines.extend(in_round(1, one_board(2, 2, 3, 420, 8)));
        lines.extend(in_round(2, one_board(3, 0, 2, 420, 10)));
        lines.extend(in_round(2, one_board(3, 1, 3, 420, 12)));
        let settings = TeamsSettings {
            vp_boards: Some(2),
            ..TeamsSettings::default()
        };
        let r = score_in_rounds(&names, lines, &settings).unwrap();
        assert!(r.warnings.is_empty(), "{:?}", r.warnings);
        // Matches need not play the same boards (each is scored on its own): only a
        // match with fewer boards is told, and its missing boards named when they are
        // the longer match's.
        let mut lines = in_round(1, one_board(1, 0, 1, 450, 2));
        lines.extend(in_round(1, one_board(2, 0, 1, 100, 4)));
        lines.extend(in_round(1, one_board(5, 2, 3, 420, 6)));
        lines.extend(in_round(1, one_board(6, 2, 3, 420, 8)));
        lines.extend(in_round(2, one_board(3, 0, 2, 420, 10)));
        lines.extend(in_round(2, one_board(4, 0, 2, 420, 12)));
        lines.extend(in_round(2, one_board(7, 1, 3, 420, 14)));
        let r = score_in_rounds(&names, lines, &TeamsSettings::default()).unwrap();
        let told: Vec<&str> = r.warnings.iter().map(|w| w.message.as_str()).collect();
        assert_eq!(
            told,
            [
                "B v D (round 2): results for 1 board, where A v C played 2: enter the missing results, or NP for both rooms where a board was not played; the match is scored on 1 board, on the VP scale of 1 board"
            ]
        );
        assert_eq!(r.warnings[0].line, Some(14));
    }

    #[test]
    fn a_team_in_two_matches_of_a_round_is_told_unless_three_teams_play_a_triangle() {
        let names = ["A", "B", "C", "D"];
        let settings = TeamsSettings {
            vp_boards: Some(1),
            ..TeamsSettings::default()
        };
        // Round 1: A v B on board 1 and A v C on board 8: a round number mistyped.
        let mut lines = in_round(1, one_board(1, 0, 1, 450, 2));
        lines.extend(in_round(1, one_board(8, 0, 2, 420, 4)));
        let r = score_in_rounds(&names, lines.clone(), &settings).unwrap();
        let told: Vec<&str> = r.warnings.iter().map(|w| w.message.as_str()).collect();
        assert_eq!(
            told,
            [
                "team A plays 2 matches in round 1, against B (line 2) and against C (line 4): a team plays one match a round, or two in a round of three teams that each meet the other two (a triangle); correct the round or the teams of one of the matches"
            ]
        );
        assert_eq!(r.warnings[0].line, Some(4));
        // A triangle: A, B and C each meet the other two in round 1.
        lines.extend(in_round(1, one_board(5, 1, 2, 420, 6)));
        let r = score_in_rounds(&names, lines, &settings).unwrap();
        assert!(r.warnings.is_empty(), "{:?}", r.warnings);
    }

    /// `lines` scored with each line's round.
    fn score_in_rounds(
        names: &[&str],
        lines: Vec<(TableResult, Option<Room>, u32)>,
        settings: &TeamsSettings,
    ) -> Result<TeamsResult, SessionError> {
        let results: Vec<_> = lines.iter().map(|l| l.0.clone()).collect();
        let rooms: Vec<_> = lines.iter().map(|l| l.1).collect();
        let rounds: Vec<_> = lines.iter().map(|l| Some(l.2)).collect();
        score_teams_in_rounds(&teams(names), &results, &rooms, &rounds, settings)
    }

    /// `one_board`'s two lines, in `round`.
    fn in_round(
        round: u32,
        lines: Vec<(TableResult, Option<Room>)>,
    ) -> Vec<(TableResult, Option<Room>, u32)> {
        lines.into_iter().map(|(t, r)| (t, r, round)).collect()
    }

    #[test]
    fn a_bye_scores_the_vp_the_conditions_set() {
        // Five teams, VP on the scale of 8 boards. Round 1: A v B (A by 10 IMPs), C v D
        // (C by 5), E sits out. Round 2: A v C, B v E, D sits out.
        let names = ["A", "B", "C", "D", "E"];
        let twelve = Ratio::from_integer(12);
        let settings = TeamsSettings {
            vp_boards: Some(8),
            bye_vp: Some(twelve),
            ..TeamsSettings::default()
        };
        let mut lines = in_round(1, one_board(1, 0, 1, 450, 2));
        lines.extend(in_round(1, one_board(1, 2, 3, 200, 4)));
        let r = score_in_rounds(&names, lines.clone(), &settings).unwrap();
        assert_eq!(
            r.byes,
            [Bye {
                round: 1,
                team: 4,
                vp: twelve
            }]
        );
        let e = r.standings.iter().find(|s| s.team == 4).unwrap();
        assert_eq!((e.matches, e.byes, e.vp), (0, 1, twelve));
        // Ranked by its VP among the teams that played, not listed last.
        let order: Vec<usize> = r.standings.iter().map(|s| s.team).collect();
        let vp: Vec<Ratio<i64>> = r.standings.iter().map(|s| s.vp).collect();
        assert!(vp.windows(2).all(|w| w[0] >= w[1]), "{vp:?}");
        assert_ne!(order.last(), Some(&4), "{order:?}");

        lines.extend(in_round(2, one_board(2, 0, 2, 0, 6)));
        lines.extend(in_round(2, one_board(2, 1, 4, 0, 8)));
        let r = score_in_rounds(&names, lines.clone(), &settings).unwrap();
        assert_eq!(
            r.byes,
            [
                Bye {
                    round: 1,
                    team: 4,
                    vp: twelve
                },
                Bye {
                    round: 2,
                    team: 3,
                    vp: twelve
                }
            ]
        );
        // E: 12 for the bye and a 10 - 10 draw with B.
        let e = r.standings.iter().find(|s| s.team == 4).unwrap();
        assert_eq!((e.matches, e.byes, e.vp), (1, 1, Ratio::from_integer(22)));

        // Every team played: the option is said to have found no bye.
        let four = ["A", "B", "C", "D"];
        let mut full = in_round(1, one_board(1, 0, 1, 450, 2));
        full.extend(in_round(1, one_board(1, 2, 3, 200, 4)));
        let r = score_in_rounds(&four, full, &settings).unwrap();
        assert!(r.byes.is_empty());
        assert!(
            r.warnings
                .iter()
                .any(|w| w.message.contains("every team played in every round")),
            "{:?}",
            r.warnings
        );

        // Without the option a bye scores nothing, as before.
        let r = score_in_rounds(
            &names,
            lines,
            &TeamsSettings {
                bye_vp: None,
                ..settings
            },
        )
        .unwrap();
        assert!(r.byes.is_empty());
        let e = r.standings.iter().find(|s| s.team == 4).unwrap();
        assert_eq!((e.byes, e.vp), (0, Ratio::from_integer(10)));
    }

    #[test]
    fn a_bye_is_given_only_where_it_is_known() {
        let settings = TeamsSettings {
            bye_vp: Some(Ratio::from_integer(12)),
            ..TeamsSettings::default()
        };
        // Six teams, two of them out in round 1: which had a bye is not klaver's to say.
        let names = ["A", "B", "C", "D", "E", "F"];
        let mut lines = in_round(1, one_board(1, 0, 1, 450, 2));
        lines.extend(in_round(1, one_board(1, 2, 3, 200, 4)));
        let e = score_in_rounds(&names, lines, &settings).unwrap_err();
        assert_eq!(e.diagnostics.len(), 1);
        assert_eq!(e.diagnostics[0].line, Some(2));
        assert!(
            e.diagnostics[0]
                .message
                .starts_with("round 1: teams E, F played no match"),
            "{}",
            e.diagnostics[0].message
        );
        // A team that sits out round after round (it withdrew) is not given a bye each
        // time.
        let names = ["A", "B", "C", "D", "E"];
        let mut lines = in_round(1, one_board(1, 0, 1, 450, 2));
        lines.extend(in_round(1, one_board(1, 2, 3, 200, 4)));
        lines.extend(in_round(2, one_board(2, 0, 2, 0, 6)));
        lines.extend(in_round(2, one_board(2, 1, 3, 0, 8)));
        let e = score_in_rounds(&names, lines, &settings).unwrap_err();
        assert!(
            e.diagnostics[0]
                .message
                .starts_with("team E sat out rounds 1, 2 while team A sat out none"),
            "{}",
            e.diagnostics[0].message
        );
        // Without rounds no one is known to have sat out.
        let names = ["A", "B", "C"];
        let e = score(&names, one_board(1, 0, 1, 450, 2), &settings).unwrap_err();
        assert!(
            e.diagnostics[0]
                .message
                .contains("needs the travellers' round column"),
            "{}",
            e.diagnostics[0].message
        );
    }
}
