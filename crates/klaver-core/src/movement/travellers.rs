//! Checking a session's travellers against its movement.
//!
//! With the movement known, the scorer can tell a wrong pair at a table or a result
//! entered for a board the pairs never played (errors, naming the line), a result that is
//! missing (a warning: the board is scored as played fewer times than the movement says,
//! brought up to the full top as the session's rules say, rather than silently getting a
//! lower top), and which round each result belongs to, for the round columns of the
//! result list.

use super::Movement;
use super::validate::board_list;
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
                .push(Diagnostic::error(r.line(), Some(r.board), message));
        }
        let played: HashSet<u32> = self
            .indices
            .iter()
            .map(|&i| self.results[i].board)
            .collect();
        let mut missing = schedule.unentered(&movement.name, &present, &played);
        missing.extend(schedule.missing(&seen, &present, &played));
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

    /// Warnings for the boards the movement `name` has two pairs present play that have
    /// no result at all (none in `played`): a forgotten round of travellers, or a board
    /// left out, would otherwise be scored as a shorter night without a word. Boards
    /// played in the same rounds are named together (a round's set: `boards 25-28`).
    fn unentered(
        &self,
        name: &str,
        present: &HashSet<&str>,
        played: &HashSet<u32>,
    ) -> Vec<Diagnostic> {
        let mut rounds: BTreeMap<u32, Vec<u32>> = BTreeMap::new();
        for ((board, ns, ew), (round, _)) in &self.matches {
            if !played.contains(board) && present.contains(*ns) && present.contains(*ew) {
                rounds.entry(*board).or_default().push(*round);
            }
        }
        let mut groups: Vec<(Vec<u32>, Vec<u32>)> = Vec::new();
        for (board, mut in_rounds) in rounds {
            in_rounds.sort_unstable();
            in_rounds.dedup();
            match groups.last_mut() {
                Some((boards, r)) if *r == in_rounds && boards.last() == Some(&(board - 1)) => {
                    boards.push(board);
                }
                _ => groups.push((vec![board], in_rounds)),
            }
        }
        groups
            .iter()
            .map(|(boards, in_rounds)| unentered_warning(name, boards, in_rounds))
            .collect()
    }

    /// A warning for each match of two pairs present with no result (`seen` holds those
    /// with one), by board, round and table; a board nobody entered at all (not in
    /// `played`) is named once by [`Schedule::unentered`].
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

/// The warning that `boards`, which the movement `name` plays in `rounds`, have no
/// result at all.
fn unentered_warning(name: &str, boards: &[u32], rounds: &[u32]) -> Diagnostic {
    let rounds = format!(
        "{} {}",
        if rounds.len() == 1 { "round" } else { "rounds" },
        board_list(rounds)
    );
    let (list, one) = (board_list(boards), boards.len() == 1);
    let message = format!(
        "no result at all, while the movement ({name}) plays {} in {rounds}: {} left out of the scoring; enter {} results, or score the night with the movement it played",
        if one { "it" } else { "them" },
        if one { "it is" } else { "they are" },
        if one { "its" } else { "their" },
    );
    match boards {
        [board] => Diagnostic::warning(0, Some(*board), message),
        _ => Diagnostic::warning(0, None, format!("boards {list}: {message}")),
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

/// Warnings for traveller lines whose round or table column contradicts the movement,
/// naming the line: the movement's round is used for the round columns, and the column
/// should be corrected. `written` holds each result's round and table as its line gives
/// them (`None` when the file does not say).
pub fn check_written_places(
    movement: &Movement,
    pairs: &[PairInfo],
    results: &[TableResult],
    written: &[(Option<u32>, Option<u32>)],
) -> Vec<Diagnostic> {
    let schedule = Schedule::of(movement);
    let mut warnings = Vec::new();
    for (r, &(round, table)) in results.iter().zip(written) {
        let (ns, ew) = (
            pairs[r.ns_pair()].id.as_str(),
            pairs[r.ew_pair()].id.as_str(),
        );
        let Some(&(m_round, m_table)) = schedule.matches.get(&(r.board, ns, ew)) else {
            continue;
        };
        let at = format!(
            "in the movement pairs {ns} and {ew} play board {} in round {m_round} at table {m_table}",
            r.board
        );
        if let Some(round) = round.filter(|&w| w != m_round) {
            warnings.push(Diagnostic::warning(
                r.line(),
                Some(r.board),
                format!(
                    "the round column says round {round}, but {at}: the movement's round is used; correct the round column"
                ),
            ));
        }
        if let Some(table) = table.filter(|&w| w != m_table) {
            warnings.push(Diagnostic::warning(
                r.line(),
                Some(r.board),
                format!("the table column says table {table}, but {at}: correct the table column"),
            ));
        }
    }
    warnings
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
/// belong to one set), lettered A, B, ... from the lowest board. `Ok(None)` when a
/// result has no round.
///
/// Rounds that cannot be right are errors naming the lines: a pair meeting two
/// opponents in one round, or playing one board set in two rounds.
pub fn rounds_from_travellers(
    pairs: &[PairInfo],
    results: &[TableResult],
    rounds: &[Option<u32>],
) -> Result<Option<TravellerRounds>, Vec<Diagnostic>> {
    let Some(rounds) = rounds
        .iter()
        .map(|r| r.filter(|&r| r > 0))
        .collect::<Option<Vec<u32>>>()
    else {
        return Ok(None);
    };
    if results.is_empty() || rounds.len() != results.len() {
        return Ok(None);
    }
    // A board played by a pair against two opponents (a board number mistyped) is named
    // first: read as board sets, it would join two sets and make other lines' rounds
    // look wrong.
    let twice = one_opponent_a_board(pairs, results);
    if !twice.is_empty() {
        return Err(twice);
    }
    let errors = one_opponent_a_round(pairs, results, &rounds);
    if !errors.is_empty() {
        return Err(errors);
    }
    let mut sets = BoardSets::of(results, &rounds);
    let errors = one_round_a_set(pairs, results, &rounds, &mut sets);
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(Some(sets.lettered(results, &rounds)))
}

/// A pair as the messages name it: its number, after its section's when it has one.
fn pair_name(p: &PairInfo) -> String {
    if p.section.is_empty() {
        p.id.clone()
    } else {
        format!("{}{}", p.section, p.id)
    }
}

/// An error for each line on which a pair plays a board it played against another
/// opponent on an earlier line. (The same two meeting on a board twice is a teams
/// match's two rooms, or a line entered twice, which scoring tells.)
fn one_opponent_a_board(pairs: &[PairInfo], results: &[TableResult]) -> Vec<Diagnostic> {
    // (pair, board) -> (opponent, line) of the first line seen.
    let mut first: HashMap<(usize, u32), (usize, u32)> = HashMap::new();
    let mut errors = Vec::new();
    for r in results {
        for (pair, opponent) in [(r.ns_pair(), r.ew_pair()), (r.ew_pair(), r.ns_pair())] {
            let (other, line) = *first.entry((pair, r.board)).or_insert((opponent, r.line()));
            if other != opponent {
                errors.push(Diagnostic::error(
                    r.line(),
                    Some(r.board),
                    format!(
                        "pair {} plays board {} twice (also on line {line}): remove or correct one of the two lines",
                        pair_name(&pairs[pair]),
                        r.board
                    ),
                ));
            }
        }
    }
    errors
}

/// An error for the first line on which a pair meets another opponent than on an
/// earlier line of the same round (once for each such opponent, once a line).
fn one_opponent_a_round(
    pairs: &[PairInfo],
    results: &[TableResult],
    rounds: &[u32],
) -> Vec<Diagnostic> {
    // (pair, round) -> (opponent, line) of the first line seen.
    let mut met: HashMap<(usize, u32), (usize, u32)> = HashMap::new();
    let mut told: HashSet<(usize, u32, usize)> = HashSet::new();
    let mut errors = Vec::new();
    for (r, &round) in results.iter().zip(rounds) {
        for (pair, opponent) in [(r.ns_pair(), r.ew_pair()), (r.ew_pair(), r.ns_pair())] {
            let (first, line) = *met.entry((pair, round)).or_insert((opponent, r.line()));
            if first != opponent && told.insert((pair, round, opponent)) {
                errors.push(Diagnostic::error(
                    r.line(),
                    Some(r.board),
                    format!(
                        "round {round}: pair {} meets pair {} here but pair {} on line {line}; a pair meets one opponent a round: correct the round",
                        pair_name(&pairs[pair]),
                        pair_name(&pairs[opponent]),
                        pair_name(&pairs[first]),
                    ),
                ));
                break;
            }
        }
    }
    errors
}

/// An error for the first line on which a pair plays a board set it played in another
/// round on an earlier line (once for each such round, once a line).
fn one_round_a_set(
    pairs: &[PairInfo],
    results: &[TableResult],
    rounds: &[u32],
    sets: &mut BoardSets,
) -> Vec<Diagnostic> {
    // (pair, set) -> (round, line) of the first line seen.
    let mut played: HashMap<(usize, u32), (u32, u32)> = HashMap::new();
    let mut told: HashSet<(usize, u32, u32)> = HashSet::new();
    let mut errors = Vec::new();
    for (r, &round) in results.iter().zip(rounds) {
        let set = sets.root(r.board);
        for pair in [r.ns_pair(), r.ew_pair()] {
            let (first, line) = *played.entry((pair, set)).or_insert((round, r.line()));
            if first != round && told.insert((pair, set, round)) {
                errors.push(Diagnostic::error(
                    r.line(),
                    Some(r.board),
                    format!(
                        "round {round}: pair {} plays boards {} here and in round {first} on line {line}; a pair plays a board set in one round: correct the round",
                        pair_name(&pairs[pair]),
                        board_list(&sets.boards_of(set)),
                    ),
                ));
                break;
            }
        }
    }
    errors
}

/// The board sets of the travellers: the boards two pairs play against each other in a
/// round are one set, and so are boards linked through any such meeting (union-find,
/// each set known by its lowest board).
struct BoardSets {
    parent: HashMap<u32, u32>,
}

impl BoardSets {
    fn of(results: &[TableResult], rounds: &[u32]) -> BoardSets {
        let mut sets = BoardSets {
            parent: HashMap::new(),
        };
        let mut first_of_meeting: HashMap<(u32, usize, usize), u32> = HashMap::new();
        for (r, &round) in results.iter().zip(rounds) {
            sets.parent.entry(r.board).or_insert(r.board);
            let first = *first_of_meeting
                .entry((round, r.ns_pair(), r.ew_pair()))
                .or_insert(r.board);
            let (a, b) = (sets.root(first), sets.root(r.board));
            // The lower board is the set's root, so that a set is known by its first board.
            sets.parent.insert(a.max(b), a.min(b));
        }
        sets
    }

    /// The lowest board of the board's set.
    fn root(&mut self, board: u32) -> u32 {
        let mut x = board;
        while let Some(&p) = self.parent.get(&x).filter(|&&p| p != x) {
            x = p;
        }
        self.parent.insert(board, x);
        x
    }

    /// The boards of the set whose lowest board is `root`, in order.
    fn boards_of(&mut self, root: u32) -> Vec<u32> {
        let boards: Vec<u32> = self.parent.keys().copied().collect();
        let mut of: Vec<u32> = boards
            .into_iter()
            .filter(|&b| self.root(b) == root)
            .collect();
        of.sort_unstable();
        of
    }

    /// Each result's round and set letter, and the boards per round when every set has
    /// as many.
    fn lettered(&mut self, results: &[TableResult], rounds: &[u32]) -> TravellerRounds {
        let mut sizes: HashMap<u32, u32> = HashMap::new();
        let boards: Vec<u32> = self.parent.keys().copied().collect();
        for b in boards {
            *sizes.entry(self.root(b)).or_default() += 1;
        }
        let mut firsts: Vec<u32> = sizes.keys().copied().collect();
        firsts.sort_unstable();
        let first_size = sizes[&firsts[0]];
        let per_round = sizes
            .values()
            .all(|&s| s == first_size)
            .then_some(first_size);
        let letters: HashMap<u32, String> = firsts
            .iter()
            .enumerate()
            .map(|(i, &f)| (f, crate::session::set_letters(i)))
            .collect();
        let rounds = results
            .iter()
            .zip(rounds)
            .map(|(r, &round)| Some((round, letters[&self.root(r.board)].clone())))
            .collect();
        TravellerRounds {
            rounds,
            boards_per_round: per_round,
        }
    }
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
        TableResult::new(
            board,
            ((ns - 1) as u32, (ew - 1) as u32),
            Outcome::Score(420),
        )
        .at_line(line)
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

    /// Every match of the movement's pairs on each board `keep` allows, as results.
    fn results_of(m: &Movement, keep: impl Fn(u32) -> bool) -> Vec<TableResult> {
        let mut res = Vec::new();
        for t in m.rounds.iter().flat_map(|round| &round.tables) {
            let id = |p: &Option<String>| p.as_deref().unwrap().parse().unwrap();
            for b in t.boards.boards().filter(|&b| keep(b)) {
                res.push(r(res.len() as u32 + 2, b, id(&t.ns), id(&t.ew)));
            }
        }
        res
    }

    #[test]
    fn a_board_of_the_movement_without_a_single_result_is_named() {
        // Mitchell, 3 tables, 2 boards a round: boards 1-6, each played 3 times. Board 4
        // has no result at all: it was left out of the scoring without a word.
        let m = mitchell(&MitchellOptions::new(3, 2)).unwrap();
        let c = check_travellers(&m, &pairs(6), &results_of(&m, |b| b != 4));
        let msgs: Vec<String> = c.diagnostics.iter().map(|d| d.to_string()).collect();
        assert_eq!(
            msgs,
            [
                "board 4: no result at all, while the movement (Mitchell, 3 tables) plays it in rounds 1-3: it is left out of the scoring; enter its results, or score the night with the movement it played"
            ]
        );
        // Every board entered: nothing to say.
        let c = check_travellers(&m, &pairs(6), &results_of(&m, |_| true));
        assert!(c.diagnostics.is_empty(), "{:?}", c.diagnostics);
    }

    #[test]
    fn a_round_of_the_movement_without_a_single_result_is_named() {
        // Every table plays the same boards each round (a Howell on the same boards):
        // the last round's boards 5-6 were not entered.
        let m = crate::movement::parse_csv(
            "round,table,ns,ew,boards\n1,1,1,2,1-2\n1,2,3,4,1-2\n2,1,1,3,3-4\n2,2,4,2,3-4\n3,1,1,4,5-6\n3,2,2,3,5-6\n",
        )
        .unwrap();
        let c = check_travellers(&m, &pairs(4), &results_of(&m, |b| b < 5));
        let msgs: Vec<String> = c.diagnostics.iter().map(|d| d.to_string()).collect();
        assert_eq!(msgs.len(), 1, "{msgs:?}");
        assert_eq!(
            msgs[0],
            "boards 5-6: no result at all, while the movement (custom schedule) plays them in round 3: they are left out of the scoring; enter their results, or score the night with the movement it played"
        );
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
                let line = res.len() as u32 + 2;
                let mut result = r(line, board, ns.parse().unwrap(), ew.parse().unwrap());
                result.outcome = Outcome::Score(seed_scores[k]);
                res.push(result);
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
    fn rounds_that_cannot_be_right_are_errors_naming_the_lines() {
        // Pair 1 meets pairs 2 and 4 in round 1; then pairs 3 and 4 play boards 1-2 in
        // rounds 1 and 2.
        let res = vec![r(2, 1, 1, 2), r(3, 2, 1, 4)];
        let e = rounds_from_travellers(&pairs(4), &res, &[Some(1), Some(1)]).unwrap_err();
        let msgs: Vec<String> = e.iter().map(ToString::to_string).collect();
        assert_eq!(
            msgs,
            [
                "line 3: board 2: round 1: pair 1 meets pair 4 here but pair 2 on line 2; a pair meets one opponent a round: correct the round"
            ]
        );
        let res = vec![r(2, 1, 1, 2), r(3, 2, 1, 2), r(4, 1, 3, 4), r(5, 2, 3, 4)];
        let rounds = [1, 1, 1, 2].map(Some);
        let e = rounds_from_travellers(&pairs(4), &res, &rounds).unwrap_err();
        assert_eq!(e.len(), 1, "{e:?}");
        assert_eq!(
            e[0].to_string(),
            "line 5: board 2: round 2: pair 3 plays boards 1-2 here and in round 1 on line 4; a pair plays a board set in one round: correct the round"
        );
    }

    #[test]
    fn a_board_played_twice_is_named_before_the_rounds_it_confuses() {
        // Round 2's last line has board 1 for board 4: pairs 3 and 2 play board 1 twice.
        // Read as a board set, it joined boards 1-4 into one set, and the rounds were
        // wrong on other lines, while line 9 went unnamed.
        let res = vec![
            r(2, 1, 1, 2),
            r(3, 2, 1, 2),
            r(4, 1, 3, 4),
            r(5, 2, 3, 4),
            r(6, 3, 1, 4),
            r(7, 4, 1, 4),
            r(8, 3, 3, 2),
            r(9, 1, 3, 2),
        ];
        let rounds = [1, 1, 1, 1, 2, 2, 2, 2].map(Some);
        let e = rounds_from_travellers(&pairs(4), &res, &rounds).unwrap_err();
        let msgs: Vec<String> = e.iter().map(ToString::to_string).collect();
        assert_eq!(
            msgs,
            [
                "line 9: board 1: pair 3 plays board 1 twice (also on line 4): remove or correct one of the two lines",
                "line 9: board 1: pair 2 plays board 1 twice (also on line 2): remove or correct one of the two lines"
            ]
        );
    }

    #[test]
    fn a_round_or_table_against_the_movement_is_a_warning() {
        // Mitchell, 3 tables, 1 board a round: pairs 1 and 4 play board 1 in round 1 at
        // table 1.
        let m = mitchell(&MitchellOptions::new(3, 1)).unwrap();
        let res = vec![r(2, 1, 1, 4), r(3, 1, 1, 4), r(4, 1, 1, 4)];
        let written = [(Some(1), Some(1)), (None, None), (Some(2), Some(3))];
        let w = check_written_places(&m, &pairs(6), &res, &written);
        let msgs: Vec<String> = w.iter().map(ToString::to_string).collect();
        assert_eq!(
            msgs,
            [
                "line 4: board 1: the round column says round 2, but in the movement pairs 1 and 4 play board 1 in round 1 at table 1: the movement's round is used; correct the round column",
                "line 4: board 1: the table column says table 3, but in the movement pairs 1 and 4 play board 1 in round 1 at table 1: correct the table column",
            ]
        );
        assert!(
            w.iter()
                .all(|d| d.severity == crate::session::Severity::Warning)
        );
    }

    #[test]
    fn rounds_and_board_sets_from_the_travellers_round_column() {
        // Two tables, two rounds of two boards: boards 1-2 (set A) and 3-4 (set B),
        // the sets swapping tables in round 2.
        let res = vec![
            r(2, 1, 1, 2),
            r(3, 2, 1, 2),
            r(4, 3, 3, 4),
            r(5, 4, 3, 4),
            r(6, 3, 1, 2),
            r(7, 4, 1, 2),
            r(8, 1, 3, 4),
            r(9, 2, 3, 4),
        ];
        let rounds = [1, 1, 1, 1, 2, 2, 2, 2].map(Some);
        let got = rounds_from_travellers(&pairs(4), &res, &rounds)
            .unwrap()
            .unwrap();
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
        let got = rounds_from_travellers(&pairs(4), &short, &rounds[..7])
            .unwrap()
            .unwrap();
        assert_eq!(got.boards_per_round, Some(2));
        // A result without its round: the rounds are not known.
        let mut partial = rounds;
        partial[3] = None;
        assert_eq!(rounds_from_travellers(&pairs(4), &res, &partial), Ok(None));
    }
}
