//! Checking a session's travellers against its movement.
//!
//! With the movement known, the scorer can tell a wrong pair at a table or a result
//! entered for a board the pairs never played (errors, naming the line), a result that is
//! missing (a warning: the board is scored as played fewer times than the movement says,
//! brought up to the full top as the session's rules say, rather than silently getting a
//! lower top), and which round each result belongs to, for the round columns of the
//! result list.

use super::Movement;
use crate::session::{Diagnostic, PairInfo, TableResult};
use std::collections::{BTreeMap, HashMap, HashSet};

/// What the movement says about the travellers.
#[derive(Debug, Clone, Default)]
pub struct MovementCheck {
    /// How often each board should be played, by (section, board).
    pub expected: HashMap<(String, u32), usize>,
    /// For each result, its round and the board set's letter.
    pub rounds: Vec<Option<(u32, String)>>,
    /// Errors (wrong pairs, extra results) and warnings (missing results).
    pub diagnostics: Vec<Diagnostic>,
}

/// Checks the travellers against the movement. Each section (line) plays the movement
/// on its own: a pair is present, a board playable and a result missing within its
/// section, so two lines on the same Mitchell are each checked as a whole night.
pub fn check_travellers(
    movement: &Movement,
    pairs: &[PairInfo],
    results: &[TableResult],
) -> MovementCheck {
    let schedule = Schedule::of(movement);
    let mut check = MovementCheck {
        rounds: vec![None; results.len()],
        ..MovementCheck::default()
    };
    let mut sections: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for (i, r) in results.iter().enumerate() {
        sections
            .entry(pairs[r.ns_pair()].section.as_str())
            .or_default()
            .push(i);
    }
    for (section, indices) in sections {
        let section = Section {
            name: section,
            pairs,
            results,
            indices,
        };
        section.check(movement, &schedule, &mut check);
    }
    check
}

/// The results of one section, by index into the session's results.
struct Section<'a> {
    /// The section's name; empty when the session has one unnamed section.
    name: &'a str,
    pairs: &'a [PairInfo],
    results: &'a [TableResult],
    indices: Vec<usize>,
}

impl<'a> Section<'a> {
    /// The ids of the North-South and East-West pairs of result `i`.
    fn ids(&self, i: usize) -> (&'a str, &'a str) {
        let r = &self.results[i];
        (
            self.pairs[r.ns_pair()].id.as_str(),
            self.pairs[r.ew_pair()].id.as_str(),
        )
    }

    /// The message, naming the section when the session names its sections.
    fn say(&self, message: String) -> String {
        if self.name.is_empty() {
            message
        } else {
            format!("section {}: {message}", self.name)
        }
    }

    /// Checks the section's results against the movement, into `check`.
    fn check(&self, movement: &Movement, schedule: &Schedule<'_>, check: &mut MovementCheck) {
        // A pair of the schedule without a single result did not come (9 pairs on the
        // cards of 10): whoever meets it has a bye, and a board is expected only as
        // often as it was playable (seed 000 §2.3).
        let present: HashSet<&str> = self
            .indices
            .iter()
            .flat_map(|&i| {
                let (ns, ew) = self.ids(i);
                [ns, ew]
            })
            .collect();
        let absent = absent_pairs(movement, &present);
        if !absent.is_empty() {
            let mut warning = absent_warning(&absent);
            warning.message = self.say(warning.message);
            check.diagnostics.push(warning);
        }
        let mut seen: HashSet<(u32, &str, &str)> = HashSet::new();
        for &i in &self.indices {
            let (r, (ns, ew)) = (&self.results[i], self.ids(i));
            check
                .expected
                .entry((self.name.to_string(), r.board))
                .or_insert_with(|| schedule.playable(r.board, &present));
            if let Some(&(round, _)) = schedule.matches.get(&(r.board, ns, ew)) {
                let letter = movement.set_letter(r.board).unwrap_or_default();
                check.rounds[i] = Some((round, letter));
                seen.insert((r.board, ns, ew));
                continue;
            }
            let message = self.say(schedule.misplaced(&movement.name, r.board, ns, ew));
            check
                .diagnostics
                .push(Diagnostic::error(r.line, Some(r.board), message));
        }
        let played: HashSet<u32> = self
            .indices
            .iter()
            .map(|&i| self.results[i].board)
            .collect();
        let mut missing = schedule.missing(&seen, &present, &played);
        for d in &mut missing {
            d.message = self.say(std::mem::take(&mut d.message));
        }
        check.diagnostics.extend(missing);
    }
}

/// Every board of every match of a movement.
struct Schedule<'a> {
    /// (board, ns, ew) -> (round, table).
    matches: HashMap<(u32, &'a str, &'a str), (u32, u32)>,
    /// (board, pair) -> (round, table, ns, ew) of the match the pair plays it in.
    by_pair: HashMap<(u32, &'a str), (u32, u32, &'a str, &'a str)>,
}

impl<'a> Schedule<'a> {
    fn of(movement: &'a Movement) -> Schedule<'a> {
        let mut schedule = Schedule {
            matches: HashMap::new(),
            by_pair: HashMap::new(),
        };
        for round in &movement.rounds {
            for t in &round.tables {
                let (Some(ns), Some(ew)) = (t.ns.as_deref(), t.ew.as_deref()) else {
                    continue;
                };
                for b in t.boards.boards() {
                    let at = (round.number, t.table);
                    schedule.matches.insert((b, ns, ew), at);
                    schedule.by_pair.insert((b, ns), (at.0, at.1, ns, ew));
                    schedule.by_pair.insert((b, ew), (at.0, at.1, ns, ew));
                }
            }
        }
        schedule
    }

    /// How many matches of the movement play `board` between two pairs present.
    fn playable(&self, board: u32, present: &HashSet<&str>) -> usize {
        self.matches
            .keys()
            .filter(|(b, ns, ew)| *b == board && present.contains(*ns) && present.contains(*ew))
            .count()
    }

    /// Why a result of `ns` against `ew` on `board` is not where the movement `name`
    /// puts them: the pairs the wrong way round, or where each plays the board.
    fn misplaced(&self, name: &str, board: u32, ns: &str, ew: &str) -> String {
        if self.matches.contains_key(&(board, ew, ns)) {
            return format!(
                "pairs {ns} and {ew} are entered the wrong way round: in the movement pair {ew} sits North-South; swap them and check the sign of the score"
            );
        }
        let whereabouts = |p: &str| match self.by_pair.get(&(board, p)) {
            Some((round, table, n, e)) => format!(
                "pair {p} plays board {board} in round {round} at table {table} ({n} against {e})"
            ),
            None => format!("pair {p} does not play board {board} in the movement"),
        };
        format!(
            "pairs {ns} and {ew} do not meet on board {board} in the movement {name}: {}; {}. Correct the pairs or the board number",
            whereabouts(ns),
            whereabouts(ew)
        )
    }

    /// A warning for each match of two pairs present with no result (`seen` holds those
    /// with one), by board, round and table; a board nobody entered at all (in
    /// `played`) is one the session did not use.
    fn missing(
        &self,
        seen: &HashSet<(u32, &str, &str)>,
        present: &HashSet<&str>,
        played: &HashSet<u32>,
    ) -> Vec<Diagnostic> {
        let mut missing: Vec<_> = self
            .matches
            .iter()
            .filter(|(k, _)| !seen.contains(*k))
            .filter(|((b, ns, ew), _)| {
                played.contains(b) && present.contains(*ns) && present.contains(*ew)
            })
            .collect();
        missing.sort_by_key(|((b, _, _), (round, table))| (*b, *round, *table));
        missing
            .into_iter()
            .map(|((board, ns, ew), (round, table))| {
                Diagnostic::warning(
                    0,
                    Some(*board),
                    format!(
                        "no result for {ns} against {ew} (round {round}, table {table}): the board is scored as played without it; enter the result or mark it NP"
                    ),
                )
            })
            .collect()
    }
}

/// The warning that pairs of the movement have no result at all.
fn absent_warning(absent: &[&str]) -> Diagnostic {
    let one = absent.len() == 1;
    Diagnostic::warning(
        0,
        None,
        format!(
            "{} of the movement {} no result at all: taken as absent, so the pairs that meet {} have a bye; enter {} results if {} played",
            plural(absent, "pair", "pairs"),
            if one { "has" } else { "have" },
            if one { "it" } else { "them" },
            if one { "its" } else { "their" },
            if one { "it" } else { "they" },
        ),
    )
}

/// The pairs the movement seats that have no result in the travellers, in the
/// movement's order.
fn absent_pairs<'a>(movement: &'a Movement, present: &HashSet<&str>) -> Vec<&'a str> {
    let mut absent: Vec<&str> = Vec::new();
    for t in movement.rounds.iter().flat_map(|r| &r.tables) {
        for p in [t.ns.as_deref(), t.ew.as_deref()].into_iter().flatten() {
            if !present.contains(p) && !absent.contains(&p) {
                absent.push(p);
            }
        }
    }
    absent
}

/// "pair 10" or "pairs 9 and 10".
fn plural(ids: &[&str], one: &str, many: &str) -> String {
    match ids {
        [id] => format!("{one} {id}"),
        [rest @ .., last] => format!("{many} {} and {last}", rest.join(", ")),
        [] => String::new(),
    }
}

/// The rounds the travellers' own round column gives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TravellerRounds {
    /// For each result, its round and the board set's letter.
    pub rounds: Vec<Option<(u32, String)>>,
    /// The boards per round, when every board set has as many.
    pub boards_per_round: Option<u32>,
}

/// The round columns of a session whose travellers give every result's round (a
/// `round` column) but no movement: each result's round and the letter of its board set,
/// and the boards per round when every set has as many. A board set is the boards two
/// pairs play against each other in a round (boards linked through any such meeting
/// belong to one set), lettered A, B, ... from the lowest board. `None` when a result
/// has no round.
pub fn rounds_from_travellers(
    results: &[TableResult],
    rounds: &[Option<u32>],
) -> Option<TravellerRounds> {
    let rounds: Vec<u32> = rounds
        .iter()
        .map(|r| r.filter(|&r| r > 0))
        .collect::<Option<_>>()?;
    if results.is_empty() || rounds.len() != results.len() {
        return None;
    }
    // Union-find over the boards: the boards of one meeting are one set.
    let mut parent: HashMap<u32, u32> = HashMap::new();
    fn root(parent: &mut HashMap<u32, u32>, b: u32) -> u32 {
        let mut x = b;
        while let Some(&p) = parent.get(&x).filter(|&&p| p != x) {
            x = p;
        }
        parent.insert(b, x);
        x
    }
    let mut first_of_meeting: HashMap<(u32, usize, usize), u32> = HashMap::new();
    for (r, &round) in results.iter().zip(&rounds) {
        parent.entry(r.board).or_insert(r.board);
        let first = *first_of_meeting
            .entry((round, r.ns_pair(), r.ew_pair()))
            .or_insert(r.board);
        let (a, b) = (root(&mut parent, first), root(&mut parent, r.board));
        // The lower board is the set's root, so that a set is known by its first board.
        parent.insert(a.max(b), a.min(b));
    }
    let mut sets: HashMap<u32, u32> = HashMap::new();
    let boards: Vec<u32> = parent.keys().copied().collect();
    for b in boards {
        let r = root(&mut parent, b);
        *sets.entry(r).or_default() += 1;
    }
    let mut firsts: Vec<u32> = sets.keys().copied().collect();
    firsts.sort_unstable();
    let sizes: Vec<u32> = firsts.iter().map(|f| sets[f]).collect();
    let per_round = sizes.iter().all(|&s| s == sizes[0]).then_some(sizes[0]);
    let letters: HashMap<u32, String> = firsts
        .iter()
        .enumerate()
        .map(|(i, &f)| (f, crate::session::set_letters(i)))
        .collect();
    let rounds = results
        .iter()
        .zip(&rounds)
        .map(|(r, &round)| Some((round, letters[&root(&mut parent, r.board)].clone())))
        .collect();
    Some(TravellerRounds {
        rounds,
        boards_per_round: per_round,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matchpoints::Outcome;
    use crate::movement::{MitchellOptions, mitchell};

    fn pairs(n: usize) -> Vec<PairInfo> {
        (1..=n)
            .map(|i| PairInfo {
                id: i.to_string(),
                ..PairInfo::default()
            })
            .collect()
    }

    fn r(line: u32, board: u32, ns: usize, ew: usize) -> TableResult {
        TableResult {
            board,
            ns: (ns - 1) as u32,
            ew: (ew - 1) as u32,
            outcome: Outcome::Score(420),
            reversed: false,
            line,
        }
    }

    #[test]
    fn wrong_pairs_missing_and_swapped_results_are_named() {
        // Mitchell, 3 tables, 1 board a round: round 1 has 1-4, 2-5, 3-6 on boards 1, 2, 3.
        let m = mitchell(&MitchellOptions::new(3, 1)).unwrap();
        let table1 = m.rounds[0].tables[0].clone();
        let b = table1.boards.first;
        let ns: usize = table1.ns.as_deref().unwrap().parse().unwrap();
        let ew: usize = table1.ew.as_deref().unwrap().parse().unwrap();
        let other_ew = if ew == 6 { 5 } else { 6 };
        let mut res = vec![r(2, b, ns, ew), r(3, b, ew, ns), r(4, b, ns, other_ew)];
        // The other tables of round 1 entered their boards: every pair came.
        for t in &m.rounds[0].tables[1..] {
            let id = |p: &Option<String>| p.as_deref().unwrap().parse().unwrap();
            res.push(r(
                res.len() as u32 + 2,
                t.boards.first,
                id(&t.ns),
                id(&t.ew),
            ));
        }
        let c = check_travellers(&m, &pairs(6), &res);
        assert_eq!(c.rounds[0], Some((1, "A".to_string())));
        assert_eq!(c.expected[&(String::new(), b)], 3);
        let msgs: Vec<String> = c.diagnostics.iter().map(|d| d.to_string()).collect();
        assert!(
            msgs.iter()
                .any(|m| m.starts_with("line 3: ") && m.contains("wrong way round")),
            "{msgs:?}"
        );
        assert!(
            msgs.iter()
                .any(|m| m.starts_with("line 4: ") && m.contains("do not meet")),
            "{msgs:?}"
        );
        assert!(msgs.iter().any(|m| m.contains("no result for")), "{msgs:?}");
    }

    #[test]
    fn a_pair_missing_from_the_schedule_gives_byes_not_missing_results() {
        // Seed 000 §2.3, example 3: 9 pairs play from the cards of 10; whoever meets pair
        // 10 has a bye, so each board has 4 results and a top of 6 (6, 4, 2, 0), not 5
        // results Neuberg-scaled to a top of 8.
        let m = mitchell(&MitchellOptions::new(5, 1)).unwrap();
        let seed_scores = [550, 400, 130, 100];
        let mut res = Vec::new();
        for round in &m.rounds {
            for t in &round.tables {
                let (ns, ew) = (t.ns.as_deref().unwrap(), t.ew.as_deref().unwrap());
                if ew == "10" {
                    continue;
                }
                let board = t.boards.first;
                let k = res
                    .iter()
                    .filter(|x: &&TableResult| x.board == board)
                    .count();
                res.push(TableResult {
                    outcome: Outcome::Score(seed_scores[k]),
                    ..r(
                        res.len() as u32 + 2,
                        board,
                        ns.parse().unwrap(),
                        ew.parse().unwrap(),
                    )
                });
            }
        }
        let ps = pairs(10);
        let c = check_travellers(&m, &ps, &res);
        let msgs: Vec<String> = c.diagnostics.iter().map(|d| d.to_string()).collect();
        assert_eq!(
            msgs,
            [
                "pair 10 of the movement has no result at all: taken as absent, so the pairs that meet it have a bye; enter its results if it played"
            ]
        );
        assert!(c.expected.values().all(|&n| n == 4), "{:?}", c.expected);
        let settings = crate::session::Settings {
            expected: c.expected,
            ..Default::default()
        };
        let s = crate::session::score_session(&ps, &res, &settings).unwrap();
        let board1: Vec<i64> = (0..res.len())
            .filter(|&i| res[i].board == 1)
            .map(|i| s.points[i].unwrap().ns.to_integer())
            .collect();
        assert_eq!(board1, [6, 4, 2, 0]);
        assert!(s.points.tops().all(|t| t == 6));
        // A pair that did come but lost one result still leaves that result missing.
        let mut short = res.clone();
        short.remove(0);
        let c = check_travellers(&m, &ps, &short);
        assert!(
            c.diagnostics
                .iter()
                .any(|d| d.message.starts_with("no result for 1 against 6")),
            "{:?}",
            c.diagnostics
        );
        assert_eq!(c.expected[&(String::new(), 1)], 4);
    }

    #[test]
    fn each_section_is_checked_against_the_movement_on_its_own() {
        // Two lines play the same 3-table Mitchell, one board a round; pair 6 of section
        // A did not come. Section A's pairs 1-6 meetings are byes, not missing results,
        // and its boards are expected twice; section B's three times.
        let m = mitchell(&MitchellOptions::new(3, 1)).unwrap();
        let mut ps = Vec::new();
        for section in ["A", "B"] {
            for i in 1..=6 {
                ps.push(PairInfo {
                    id: i.to_string(),
                    section: section.to_string(),
                    ..PairInfo::default()
                });
            }
        }
        let mut res = Vec::new();
        for (offset, section) in [(0, "A"), (6, "B")] {
            for t in m.rounds.iter().flat_map(|r| &r.tables) {
                let (ns, ew) = (t.ns.as_deref().unwrap(), t.ew.as_deref().unwrap());
                if section == "A" && ew == "6" {
                    continue;
                }
                let id = |p: &str| p.parse::<usize>().unwrap() + offset;
                res.push(r(res.len() as u32 + 2, t.boards.first, id(ns), id(ew)));
            }
        }
        let c = check_travellers(&m, &ps, &res);
        let msgs: Vec<String> = c.diagnostics.iter().map(|d| d.to_string()).collect();
        assert_eq!(
            msgs,
            [
                "section A: pair 6 of the movement has no result at all: taken as absent, so the pairs that meet it have a bye; enter its results if it played"
            ]
        );
        for b in 1..=3 {
            assert_eq!(c.expected[&("A".to_string(), b)], 2, "board {b}");
            assert_eq!(c.expected[&("B".to_string(), b)], 3, "board {b}");
        }
        assert!(c.rounds.iter().all(Option::is_some));
    }

    #[test]
    fn rounds_and_board_sets_from_the_travellers_round_column() {
        // Two tables, two rounds of two boards: boards 1-2 (set A) and 3-4 (set B).
        let res = vec![
            r(2, 1, 1, 2),
            r(3, 2, 1, 2),
            r(4, 3, 3, 4),
            r(5, 4, 3, 4),
            r(6, 3, 1, 4),
            r(7, 4, 1, 4),
            r(8, 1, 3, 2),
            r(9, 2, 3, 2),
        ];
        let rounds = [1, 1, 1, 1, 2, 2, 2, 2].map(Some);
        let got = rounds_from_travellers(&res, &rounds).unwrap();
        let letters: Vec<(u32, &str)> = got
            .rounds
            .iter()
            .map(|x| x.as_ref().map(|(r, l)| (*r, l.as_str())).unwrap())
            .collect();
        assert_eq!(
            letters,
            [
                (1, "A"),
                (1, "A"),
                (1, "B"),
                (1, "B"),
                (2, "B"),
                (2, "B"),
                (2, "A"),
                (2, "A")
            ]
        );
        assert_eq!(got.boards_per_round, Some(2));
        // A meeting that lost a result still finds its set through the other meetings.
        let mut short = res.clone();
        short.remove(7);
        let got = rounds_from_travellers(&short, &rounds[..7]).unwrap();
        assert_eq!(got.boards_per_round, Some(2));
        // A result without its round: the rounds are not known.
        let mut partial = rounds;
        partial[3] = None;
        assert!(rounds_from_travellers(&res, &partial).is_none());
    }
}
