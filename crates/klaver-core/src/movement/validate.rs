//! Checking a movement before anybody sits down (SPEC section 5).
//!
//! Errors, each naming its round and table: a table number used twice in a round, a pair
//! at two places in one round, a pair playing a board it has already played, a board set
//! at two tables at once when the sets are not declared shared or duplicated (and shared
//! sets need a board for every sharing table).
//!
//! Warnings and measures: a pair missing from a round without a bye line, two pairs
//! meeting more than once, boards played unequally often, how often each two pairs meet
//! and on how many boards each two pairs of a field are compared (both sat the same way
//! on the board): the closer the least and most compared, the better balanced.

use super::{BoardRange, BoardSharing, Direction, Fields, Movement, PairKey, Round, TableRound};
use crate::session::Severity;
use std::collections::{BTreeMap, HashMap};
use std::fmt;

/// A finding about a movement, naming the round and table and saying what to fix.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// Error (the movement cannot be played) or warning (it can, but look).
    pub severity: Severity,
    /// The round concerned.
    pub round: Option<u32>,
    /// The table concerned.
    pub table: Option<u32>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.round, self.table) {
            (Some(r), Some(t)) => write!(f, "round {r}, table {t}: ")?,
            (Some(r), None) => write!(f, "round {r}: ")?,
            (None, Some(t)) => write!(f, "table {t}: ")?,
            (None, None) => {}
        }
        f.write_str(&self.message)
    }
}

/// The outcome of checking a movement: problems found and how it plays.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Check {
    /// Errors and warnings, errors first, each in round and table order.
    pub problems: Vec<Problem>,
    /// How often each board is played (matches, not byes), by board.
    pub plays: BTreeMap<u32, usize>,
    /// Boards played by each pair, in pair order.
    pub boards_per_pair: Vec<(String, usize)>,
    /// The fewest times two pairs that can meet do meet.
    pub meetings_min: usize,
    /// The most times two pairs meet.
    pub meetings_max: usize,
    /// The fewest boards on which two pairs of a field are compared.
    pub comparisons_min: usize,
    /// The most boards on which two pairs of a field are compared.
    pub comparisons_max: usize,
}

impl Check {
    /// Whether the movement can be played: no errors (warnings allowed).
    pub fn is_valid(&self) -> bool {
        self.errors().next().is_none()
    }

    /// The errors.
    pub fn errors(&self) -> impl Iterator<Item = &Problem> {
        self.problems
            .iter()
            .filter(|p| p.severity == Severity::Error)
    }

    /// The warnings.
    pub fn warnings(&self) -> impl Iterator<Item = &Problem> {
        self.problems
            .iter()
            .filter(|p| p.severity == Severity::Warning)
    }

    /// The fewest and most times a board is played.
    pub fn plays_range(&self) -> (usize, usize) {
        let min = self.plays.values().copied().min().unwrap_or(0);
        let max = self.plays.values().copied().max().unwrap_or(0);
        (min, max)
    }
}

fn problem(severity: Severity, round: u32, table: Option<u32>, message: String) -> Problem {
    Problem {
        severity,
        round: Some(round),
        table,
        message,
    }
}

/// Boards as a short list of ranges: `1-4, 9, 11-12`.
pub fn board_list(boards: &[u32]) -> String {
    let mut parts = Vec::new();
    let mut i = 0;
    while i < boards.len() {
        let mut j = i;
        while j + 1 < boards.len() && boards[j + 1] == boards[j] + 1 {
            j += 1;
        }
        parts.push(
            BoardRange {
                first: boards[i],
                last: boards[j],
            }
            .to_string(),
        );
        i = j + 1;
    }
    parts.join(", ")
}

/// Checks a movement, generated or loaded; see the module documentation.
pub fn validate(m: &Movement) -> Check {
    let mut problems = Vec::new();
    let pairs = m.pairs();
    check_rounds(m, &pairs, &mut problems);
    if m.fields == Fields::Two {
        check_directions(m, &pairs, &mut problems);
    }

    // Boards played, meetings and comparisons.
    let tally = Tally::of(m);
    warn_repeated_meetings(&tally.meetings, &mut problems);
    warn_unequal_plays(&tally.plays, &mut problems);
    let fields = fields_of(m, &pairs);
    let (meetings_min, meetings_max) = meetings_range(m, &pairs, &fields, &tally.meetings);
    let (comparisons_min, comparisons_max) = comparisons_range(&pairs, &fields, &tally.by_board);
    problems.sort_by_key(|p| {
        (
            std::cmp::Reverse(p.severity),
            p.round.is_none(),
            p.round,
            p.table,
        )
    });
    Check {
        problems,
        plays: tally.plays,
        boards_per_pair: pairs
            .iter()
            .map(|p| (p.to_string(), tally.per_pair.get(p).copied().unwrap_or(0)))
            .collect(),
        meetings_min,
        meetings_max,
        comparisons_min,
        comparisons_max,
    }
}

/// Where each pair has played each board: (round, table).
type Played<'a> = HashMap<(&'a str, u32), (u32, u32)>;

/// Checks the seating and boards of every round, round by round: the errors at each
/// table, table by table, then a warning for each pair that does not play in the round
/// and has no bye line.
fn check_rounds<'a>(m: &'a Movement, pairs: &[&str], problems: &mut Vec<Problem>) {
    let mut played: Played<'a> = HashMap::new();
    for round in &m.rounds {
        let seated = check_round(m, round, &mut played, problems);
        for p in pairs {
            if !seated.contains_key(p) {
                problems.push(problem(
                    Severity::Warning,
                    round.number,
                    None,
                    format!("pair {p} does not play and has no bye line"),
                ));
            }
        }
    }
}

/// Checks each table of one round: its number used once, its pairs seated once, its
/// boards not at another table unless the club shares or duplicates them, and no pair
/// playing a board again. Returns where each pair sits this round.
fn check_round<'a>(
    m: &Movement,
    round: &'a Round,
    played: &mut Played<'a>,
    problems: &mut Vec<Problem>,
) -> HashMap<&'a str, u32> {
    let r = round.number;
    let mut tables_seen: HashMap<u32, usize> = HashMap::new();
    let mut seated: HashMap<&str, u32> = HashMap::new();
    let mut sets_at: Vec<(BoardRange, u32)> = Vec::new();
    for t in &round.tables {
        if tables_seen.insert(t.table, 1).is_some() {
            problems.push(problem(
                Severity::Error,
                r,
                Some(t.table),
                "holds two matches; give each match its own table number".into(),
            ));
        }
        check_seats(r, t, &mut seated, problems);
        if t.is_match() {
            check_board_sets(m.sharing, r, t, &sets_at, problems);
            sets_at.push((t.boards, t.table));
            check_boards_again(r, t, played, problems);
        }
    }
    seated
}

/// Errors for a pair sitting both ways at one table, or at two tables in one round;
/// notes where each pair at the table sits.
fn check_seats<'a>(
    r: u32,
    t: &'a TableRound,
    seated: &mut HashMap<&'a str, u32>,
    problems: &mut Vec<Problem>,
) {
    if let (Some(ns), Some(ew)) = (&t.ns, &t.ew)
        && ns == ew
    {
        problems.push(problem(
            Severity::Error,
            r,
            Some(t.table),
            format!("pair {ns} sits both North-South and East-West"),
        ));
    }
    for p in [t.ns.as_deref(), t.ew.as_deref()].into_iter().flatten() {
        if let Some(other) = seated.insert(p, t.table)
            && other != t.table
        {
            problems.push(problem(
                Severity::Error,
                r,
                Some(t.table),
                format!("pair {p} also plays at table {other} this round"),
            ));
        }
    }
}

/// Errors for a match's boards that are also at an earlier table this round, unless
/// the club duplicates its boards or shares this very set; and, when sets are shared,
/// for more tables sharing a set than it has boards.
fn check_board_sets(
    sharing: BoardSharing,
    r: u32,
    t: &TableRound,
    sets_at: &[(BoardRange, u32)],
    problems: &mut Vec<Problem>,
) {
    for (other_set, other_table) in sets_at {
        if !other_set.overlaps(&t.boards) {
            continue;
        }
        let allowed = match sharing {
            BoardSharing::Duplicated => true,
            BoardSharing::Shared => *other_set == t.boards,
            BoardSharing::Single => false,
        };
        if !allowed {
            let fix = if sharing == BoardSharing::Shared {
                "tables that share must play the same range"
            } else {
                "declare shared or duplicated boards if that is meant"
            };
            problems.push(problem(
                Severity::Error,
                r,
                Some(t.table),
                format!(
                    "boards {} are also at table {other_table} this round; {fix}",
                    t.boards
                ),
            ));
            break;
        }
    }
    if sharing == BoardSharing::Shared {
        let sharing = 1 + sets_at.iter().filter(|(s, _)| *s == t.boards).count();
        if sharing as u32 > t.boards.len() {
            problems.push(problem(
                Severity::Error,
                r,
                Some(t.table),
                format!(
                    "{sharing} tables share boards {}, fewer boards than tables; \
                     play more boards a round or duplicate them",
                    t.boards
                ),
            ));
        }
    }
}

/// An error for each pair of a match that plays boards it has already played, naming
/// where it first played one of them; notes the boards it plays for the first time.
fn check_boards_again<'a>(
    r: u32,
    t: &'a TableRound,
    played: &mut Played<'a>,
    problems: &mut Vec<Problem>,
) {
    for p in [t.ns.as_deref(), t.ew.as_deref()].into_iter().flatten() {
        let mut again: Vec<u32> = Vec::new();
        let mut first_at = None;
        for b in t.boards.boards() {
            if let Some(&at) = played.get(&(p, b)) {
                again.push(b);
                first_at.get_or_insert(at);
            } else {
                played.insert((p, b), (r, t.table));
            }
        }
        if let Some((r0, t0)) = first_at {
            problems.push(problem(
                Severity::Error,
                r,
                Some(t.table),
                format!(
                    "pair {p} plays board {} again (already in round {r0} at table {t0})",
                    board_list(&again)
                ),
            ));
        }
    }
}

/// What the matches of a movement add up to: how often each board is played, how many
/// boards each pair plays, the rounds in which each two pairs meet, and who sits
/// North-South and East-West on each board.
struct Tally<'a> {
    /// How often each board is played, by board (every board of the movement).
    plays: BTreeMap<u32, usize>,
    /// Boards played by each pair.
    per_pair: HashMap<&'a str, usize>,
    /// The rounds in which two pairs meet, the pair first in the club's order first.
    meetings: HashMap<(&'a str, &'a str), Vec<u32>>,
    /// The North-South and the East-West pairs that play each board.
    by_board: BTreeMap<u32, (Vec<&'a str>, Vec<&'a str>)>,
}

impl<'a> Tally<'a> {
    /// Adds up the matches (not byes) of every round.
    fn of(m: &'a Movement) -> Tally<'a> {
        let mut plays: BTreeMap<u32, usize> = BTreeMap::new();
        let mut per_pair: HashMap<&str, usize> = HashMap::new();
        let mut meetings: HashMap<(&str, &str), Vec<u32>> = HashMap::new();
        let mut by_board: BTreeMap<u32, (Vec<&str>, Vec<&str>)> = BTreeMap::new();
        for b in m.boards() {
            plays.insert(b, 0);
        }
        for round in &m.rounds {
            for t in &round.tables {
                let (Some(ns), Some(ew)) = (t.ns.as_deref(), t.ew.as_deref()) else {
                    continue;
                };
                let key = if PairKey(ns) < PairKey(ew) {
                    (ns, ew)
                } else {
                    (ew, ns)
                };
                meetings.entry(key).or_default().push(round.number);
                for b in t.boards.boards() {
                    *plays.entry(b).or_default() += 1;
                    *per_pair.entry(ns).or_default() += 1;
                    *per_pair.entry(ew).or_default() += 1;
                    let e = by_board.entry(b).or_default();
                    e.0.push(ns);
                    e.1.push(ew);
                }
            }
        }
        Tally {
            plays,
            per_pair,
            meetings,
            by_board,
        }
    }
}

/// A warning for each two pairs that meet more than once, in the order of the rounds
/// they meet in (then of the pairs, so that every run tells them in one order), set in
/// the round of their second meeting.
fn warn_repeated_meetings(meetings: &HashMap<(&str, &str), Vec<u32>>, problems: &mut Vec<Problem>) {
    let mut repeated: Vec<_> = meetings.iter().filter(|(_, rs)| rs.len() > 1).collect();
    repeated.sort_by(|((a1, b1), r1), ((a2, b2), r2)| {
        r1.cmp(r2)
            .then_with(|| PairKey(a1).cmp(&PairKey(a2)))
            .then_with(|| PairKey(b1).cmp(&PairKey(b2)))
    });
    for ((a, b), rs) in repeated {
        let list: Vec<String> = rs.iter().map(u32::to_string).collect();
        problems.push(problem(
            Severity::Warning,
            rs[1],
            None,
            format!(
                "pairs {a} and {b} meet {} times (rounds {})",
                rs.len(),
                list.join(", ")
            ),
        ));
    }
}

/// Boards played unequally often: a warning naming the boards off the most common
/// count, for each other count.
fn warn_unequal_plays(plays: &BTreeMap<u32, usize>, problems: &mut Vec<Problem>) {
    let mut by_count: BTreeMap<usize, Vec<u32>> = BTreeMap::new();
    for (&b, &n) in plays {
        by_count.entry(n).or_default().push(b);
    }
    if by_count.len() > 1 {
        let common = by_count
            .iter()
            .max_by_key(|(n, bs)| (bs.len(), **n))
            .map(|(n, _)| *n)
            .unwrap_or(0);
        for (n, bs) in &by_count {
            if *n != common {
                problems.push(Problem {
                    severity: Severity::Warning,
                    round: None,
                    table: None,
                    message: format!(
                        "board {} played {n} times, most boards {common} times",
                        board_list(bs)
                    ),
                });
            }
        }
    }
}

/// With two fields (North-South and East-West ranked apart), an error for each pair
/// that changes direction, at the first round it sits the other way: it would belong to
/// neither field, as scoring such a movement in two fields refuses it.
fn check_directions(m: &Movement, pairs: &[&str], problems: &mut Vec<Problem>) {
    for p in pairs {
        let mut seatings = m.rounds.iter().filter_map(|r| m.table_for(r.number, p));
        let Some(first) = seatings.next() else {
            continue;
        };
        if let Some(s) = seatings.find(|s| s.direction != first.direction) {
            let way = |d: Direction| match d {
                Direction::NorthSouth => "North-South",
                Direction::EastWest => "East-West",
            };
            problems.push(problem(
                Severity::Error,
                s.round,
                Some(s.table),
                format!(
                    "pair {p} sits {} here but {} in round {}: in two fields every pair keeps its direction; rank them as one field or correct the schedule",
                    way(s.direction),
                    way(first.direction),
                    first.round
                ),
            ));
        }
    }
}

/// The field of each pair: everyone in one field; in two, the way the pair first sits.
fn fields_of<'a>(m: &Movement, pairs: &[&'a str]) -> HashMap<&'a str, Direction> {
    let field = |p: &str| -> Direction {
        if m.fields == Fields::One {
            return Direction::NorthSouth;
        }
        m.rounds
            .iter()
            .find_map(|r| m.table_for(r.number, p))
            .map(|s| s.direction)
            .unwrap_or(Direction::NorthSouth)
    };
    pairs.iter().map(|p| (*p, field(p))).collect()
}

/// The fewest and most times two pairs that can meet do meet: any two in one field,
/// a North-South pair and an East-West pair in two (0 and 0 when none can).
fn meetings_range(
    m: &Movement,
    pairs: &[&str],
    fields: &HashMap<&str, Direction>,
    meetings: &HashMap<(&str, &str), Vec<u32>>,
) -> (usize, usize) {
    let (mut meetings_min, mut meetings_max) = (usize::MAX, 0);
    for (i, a) in pairs.iter().enumerate() {
        for b in &pairs[i + 1..] {
            if m.fields == Fields::One || fields[a] != fields[b] {
                let n = meetings.get(&(*a, *b)).map_or(0, Vec::len);
                meetings_min = meetings_min.min(n);
                meetings_max = meetings_max.max(n);
            }
        }
    }
    if meetings_min == usize::MAX {
        (0, meetings_max)
    } else {
        (meetings_min, meetings_max)
    }
}

/// The fewest and most boards on which two pairs of one field are compared: both sat
/// the same way on the board (0 and 0 when no two pairs share a field).
fn comparisons_range(
    pairs: &[&str],
    fields: &HashMap<&str, Direction>,
    by_board: &BTreeMap<u32, (Vec<&str>, Vec<&str>)>,
) -> (usize, usize) {
    let mut compared: HashMap<(&str, &str), usize> = HashMap::new();
    for (i, a) in pairs.iter().enumerate() {
        for b in &pairs[i + 1..] {
            if fields[a] == fields[b] {
                compared.insert((a, b), 0);
            }
        }
    }
    for (ns_side, ew_side) in by_board.values() {
        for side in [ns_side, ew_side] {
            for (i, a) in side.iter().enumerate() {
                for b in &side[i + 1..] {
                    let key = if PairKey(a) < PairKey(b) {
                        (*a, *b)
                    } else {
                        (*b, *a)
                    };
                    if let Some(n) = compared.get_mut(&key) {
                        *n += 1;
                    }
                }
            }
        }
    }
    let min = compared.values().copied().min().unwrap_or(0);
    let max = compared.values().copied().max().unwrap_or(0);
    (min, max)
}

#[cfg(test)]
mod tests {
    use super::super::{EvenTables, HowellOptions, MitchellOptions, howell, mitchell, parse_csv};
    use super::*;
    use proptest::prelude::*;
    use std::collections::HashSet;

    fn load(text: &str) -> Movement {
        parse_csv(&format!("round,table,ns,ew,boards\n{text}")).expect("reads")
    }

    #[test]
    fn pair_twice_in_a_round_names_round_and_table() {
        let m = load("1,1,1,2,1-2\n1,2,3,1,3-4\n");
        let c = validate(&m);
        let e: Vec<String> = c.errors().map(ToString::to_string).collect();
        assert_eq!(
            e,
            ["round 1, table 2: pair 1 also plays at table 1 this round"]
        );
    }

    #[test]
    fn table_twice_in_a_round() {
        let c = validate(&load("1,3,1,2,5-6\n2,3,1,2,1-2\n2,3,4,5,3-4\n"));
        assert_eq!(
            c.errors().next().unwrap().to_string(),
            "round 2, table 3: holds two matches; give each match its own table number"
        );
    }

    #[test]
    fn board_played_twice_names_both_places() {
        let c = validate(&load("1,1,1,2,1-4\n2,1,1,3,3-6\n"));
        let e: Vec<String> = c.errors().map(ToString::to_string).collect();
        assert_eq!(
            e,
            ["round 2, table 1: pair 1 plays board 3-4 again (already in round 1 at table 1)"]
        );
    }

    #[test]
    fn set_at_two_tables_needs_a_declaration() {
        let mut m = load("1,1,1,2,1-4\n1,2,3,4,1-4\n");
        let c = validate(&m);
        assert!(
            c.errors()
                .next()
                .unwrap()
                .message
                .contains("declare shared")
        );
        m.sharing = BoardSharing::Shared;
        assert!(validate(&m).is_valid());
        m = load("1,1,1,2,1-2\n1,2,3,4,1-2\n1,3,5,6,1-2\n");
        m.sharing = BoardSharing::Shared;
        let c = validate(&m);
        assert!(
            c.errors()
                .next()
                .unwrap()
                .message
                .contains("3 tables share")
        );
        m.sharing = BoardSharing::Duplicated;
        assert!(validate(&m).is_valid());
    }

    #[test]
    fn warnings_for_repeat_meetings_missing_pairs_and_uneven_boards() {
        let c = validate(&load(
            "1,1,1,2,1-2\n1,2,3,4,3-4\n2,1,1,2,3-4\n2,2,3,4,5-6\n",
        ));
        assert!(c.is_valid());
        let w: Vec<String> = c.warnings().map(ToString::to_string).collect();
        assert!(w.contains(&"round 2: pairs 1 and 2 meet 2 times (rounds 1, 2)".to_string()));
        assert!(
            w.contains(&"board 3-4 played 2 times, most boards 1 times".to_string()),
            "{w:?}"
        );
        let c = validate(&load("1,1,1,2,1-2\n2,1,1,3,3-4\n"));
        assert!(
            c.warnings()
                .any(|p| p.to_string() == "round 2: pair 2 does not play and has no bye line")
        );
    }

    #[test]
    fn pairs_meeting_in_the_same_rounds_are_warned_of_in_the_pairs_order() {
        // Pairs 1-2 and 3-4 both meet in rounds 1 and 2, as do 10-12 and 9-11 later:
        // the warnings come in the order of the rounds, then of the pairs, on every run.
        let m = load(
            "1,1,1,2,1-2\n1,2,3,4,3-4\n2,1,1,2,3-4\n2,2,3,4,5-6\n\
             3,1,10,12,1-2\n3,2,9,11,3-4\n4,1,10,12,3-4\n4,2,9,11,5-6\n",
        );
        let meetings = |c: &Check| -> Vec<String> {
            c.warnings()
                .map(ToString::to_string)
                .filter(|w| w.contains(" meet "))
                .collect()
        };
        let want = [
            "round 2: pairs 1 and 2 meet 2 times (rounds 1, 2)",
            "round 2: pairs 3 and 4 meet 2 times (rounds 1, 2)",
            "round 4: pairs 9 and 11 meet 2 times (rounds 3, 4)",
            "round 4: pairs 10 and 12 meet 2 times (rounds 3, 4)",
        ];
        for _ in 0..20 {
            assert_eq!(meetings(&validate(&m)), want);
        }
        // Ids equal as numbers ("1" and "01") are told apart as written. A schedule file
        // refuses them; a movement made otherwise is checked as it stands.
        let mut m = load("1,1,a,2,1-2\n1,2,1,b,3-4\n2,1,a,2,3-4\n2,2,1,b,5-6\n");
        for t in m.rounds.iter_mut().flat_map(|r| &mut r.tables) {
            for seat in [&mut t.ns, &mut t.ew].into_iter().flatten() {
                match seat.as_str() {
                    "a" => *seat = "01".into(),
                    "b" => *seat = "02".into(),
                    _ => {}
                }
            }
        }
        let want = [
            "round 2: pairs 01 and 2 meet 2 times (rounds 1, 2)",
            "round 2: pairs 1 and 02 meet 2 times (rounds 1, 2)",
        ];
        for _ in 0..20 {
            assert_eq!(meetings(&validate(&m)), want);
        }
    }

    #[test]
    fn errors_at_one_table_come_in_the_order_checked() {
        use super::super::{Round, TableRound};
        let table = |table, ns: &str, ew: &str, first, last| TableRound {
            table,
            ns: Some(ns.to_string()),
            ew: Some(ew.to_string()),
            boards: BoardRange { first, last },
        };
        let mut m = Movement::new(
            "test",
            vec![Round {
                number: 1,
                tables: vec![table(1, "1", "2", 1, 2), table(2, "3", "3", 2, 3)],
            }],
        );
        m.sharing = BoardSharing::Shared;
        let e: Vec<String> = validate(&m).errors().map(ToString::to_string).collect();
        assert_eq!(
            e,
            [
                "round 1, table 2: pair 3 sits both North-South and East-West",
                "round 1, table 2: boards 2-3 are also at table 1 this round; \
                 tables that share must play the same range",
                "round 1, table 2: pair 3 plays board 2-3 again (already in round 1 at table 2)",
            ]
        );
    }

    #[test]
    fn two_fields_refuse_a_pair_that_changes_direction() {
        let mut m = load("1,1,1,2,1-2\n1,2,3,4,3-4\n2,1,2,1,3-4\n2,2,3,4,1-2\n");
        assert!(validate(&m).is_valid());
        m.fields = Fields::Two;
        let e: Vec<String> = validate(&m).errors().map(ToString::to_string).collect();
        assert_eq!(
            e,
            [
                "round 2, table 1: pair 1 sits East-West here but North-South in round 1: in two fields every pair keeps its direction; rank them as one field or correct the schedule",
                "round 2, table 1: pair 2 sits North-South here but East-West in round 1: in two fields every pair keeps its direction; rank them as one field or correct the schedule",
            ]
        );
    }

    #[test]
    fn board_lists_are_short() {
        assert_eq!(board_list(&[1, 2, 3, 4, 9, 11, 12]), "1-4, 9, 11-12");
        assert_eq!(board_list(&[]), "");
    }

    /// Every invariant the club relies on, for a movement meant to be complete.
    fn assert_sound(m: &Movement, rounds: usize) {
        let c = validate(m);
        assert!(c.is_valid(), "{}: {:?}", m.name, c.problems);
        assert!(c.problems.is_empty(), "{}: {:?}", m.name, c.problems);
        assert_eq!(m.rounds.len(), rounds);
        // Every pair in every round, at one table, on boards it has not played.
        for r in &m.rounds {
            let mut seen = HashSet::new();
            let mut tables = HashSet::new();
            for t in &r.tables {
                assert!(tables.insert(t.table));
                for p in [&t.ns, &t.ew].into_iter().flatten() {
                    assert!(seen.insert(p.clone()));
                }
            }
            assert_eq!(seen.len(), m.pairs().len());
        }
        let (lo, hi) = c.plays_range();
        assert_eq!(lo, hi, "{}: every board equally often", m.name);
        assert!(c.meetings_max <= 1, "{}", m.name);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn every_mitchell_is_sound(tables in 3u32..=30, bpr in 2u32..=4, relay: bool, arrow: bool) {
            let mut o = MitchellOptions::new(tables, bpr);
            o.arrow_switch = arrow;
            let even = tables % 2 == 0;
            // A relay is for an even number of tables only.
            let relay = relay && even;
            if relay {
                o.even = EvenTables::RelayByeStand;
            }
            let m = mitchell(&o).unwrap();
            let rounds = if even && !relay { tables - 1 } else { tables };
            assert_sound(&m, rounds as usize);
            let c = validate(&m);
            if !arrow {
                // Every EW pair meets every NS pair once, except the one a skip leaves out.
                prop_assert_eq!(c.meetings_min, usize::from(!even || relay));
                // Two fields: every two NS pairs are compared on the same boards.
                prop_assert_eq!(c.comparisons_min, c.comparisons_max);
            }
            for (_, n) in &c.boards_per_pair {
                prop_assert_eq!(*n, (rounds * bpr) as usize);
            }
        }

        #[test]
        fn every_complete_howell_is_sound(half in 2u32..=10, bpr in 3u32..=4) {
            let pairs = 2 * half;
            let m = howell(&HowellOptions::new(pairs, bpr)).unwrap();
            assert_sound(&m, (pairs - 1) as usize);
            let c = validate(&m);
            prop_assert_eq!((c.meetings_min, c.meetings_max), (1, 1));
            // Each pair plays each set exactly once and each set at every table once.
            prop_assert!(c.plays.values().all(|&n| n == half as usize));
            for (_, n) in &c.boards_per_pair {
                prop_assert_eq!(*n, ((pairs - 1) * bpr) as usize);
            }
            // Every pair sits North-South in about half its rounds.
            for p in m.pairs() {
                let ns = m.rounds.iter().filter(|r| m.table_for(r.number, p).unwrap().direction == Direction::NorthSouth).count();
                prop_assert!(ns + 1 >= half as usize && ns < pairs as usize);
            }
        }

        #[test]
        fn every_same_boards_howell_is_sound(pairs in 3u32..=30, rounds in 1u32..=29, bpr in 1u32..=4) {
            let even = pairs + pairs % 2;
            let rounds = rounds.min(even - 1);
            let mut o = HowellOptions::new(pairs, bpr);
            o.rounds = Some(rounds);
            o.same_boards = true;
            let m = howell(&o).unwrap();
            let c = validate(&m);
            prop_assert!(c.is_valid(), "{:?}", c.problems);
            prop_assert!(c.warnings().next().is_none(), "{:?}", c.problems);
            prop_assert!(c.meetings_max <= 1);
            let per_board = (pairs / 2) as usize;
            prop_assert!(c.plays.values().all(|&n| n == per_board));
        }

        #[test]
        fn odd_howells_give_one_bye_a_round(half in 2u32..=9, bpr in 3u32..=4) {
            let pairs = 2 * half + 1;
            let m = howell(&HowellOptions::new(pairs, bpr)).unwrap();
            let c = validate(&m);
            prop_assert!(c.is_valid(), "{:?}", c.problems);
            for r in &m.rounds {
                prop_assert_eq!(r.tables.iter().filter(|t| t.bye().is_some()).count(), 1);
            }
            // Each real pair has exactly one bye over the complete movement.
            for (_, n) in &c.boards_per_pair {
                prop_assert_eq!(*n, ((pairs - 1) * bpr) as usize);
            }
        }
    }
}
