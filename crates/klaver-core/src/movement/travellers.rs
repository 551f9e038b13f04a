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
use std::collections::HashMap;

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

/// Checks the travellers against the movement.
pub fn check_travellers(
    movement: &Movement,
    pairs: &[PairInfo],
    results: &[TableResult],
) -> MovementCheck {
    // Every board of every match: (board, ns, ew) -> (round, table).
    let mut matches: HashMap<(u32, &str, &str), (u32, u32)> = HashMap::new();
    let mut by_pair: HashMap<(u32, &str), (u32, u32, &str, &str)> = HashMap::new();
    for round in &movement.rounds {
        for t in &round.tables {
            let (Some(ns), Some(ew)) = (t.ns.as_deref(), t.ew.as_deref()) else {
                continue;
            };
            for b in t.boards.boards() {
                matches.insert((b, ns, ew), (round.number, t.table));
                by_pair.insert((b, ns), (round.number, t.table, ns, ew));
                by_pair.insert((b, ew), (round.number, t.table, ns, ew));
            }
        }
    }
    let mut check = MovementCheck {
        rounds: vec![None; results.len()],
        ..MovementCheck::default()
    };
    let mut seen: HashMap<(u32, &str, &str), ()> = HashMap::new();
    for (i, r) in results.iter().enumerate() {
        let (ns, ew) = (pairs[r.ns].id.as_str(), pairs[r.ew].id.as_str());
        check
            .expected
            .entry((pairs[r.ns].section.clone(), r.board))
            .or_insert_with(|| movement.expected_plays(r.board));
        if let Some(&(round, _)) = matches.get(&(r.board, ns, ew)) {
            let letter = movement.set_letter(r.board).unwrap_or_default();
            check.rounds[i] = Some((round, letter));
            seen.insert((r.board, ns, ew), ());
            continue;
        }
        let message = if matches.contains_key(&(r.board, ew, ns)) {
            format!(
                "pairs {ns} and {ew} are entered the wrong way round: in the movement pair {ew} sits North-South; swap them and check the sign of the score"
            )
        } else {
            let whereabouts = |p: &str| match by_pair.get(&(r.board, p)) {
                Some((round, table, n, e)) => format!(
                    "pair {p} plays board {} in round {round} at table {table} ({n} against {e})",
                    r.board
                ),
                None => format!("pair {p} does not play board {} in the movement", r.board),
            };
            format!(
                "pairs {ns} and {ew} do not meet on board {} in the movement {}: {}; {}. Correct the pairs or the board number",
                r.board,
                movement.name,
                whereabouts(ns),
                whereabouts(ew)
            )
        };
        check
            .diagnostics
            .push(Diagnostic::error(r.line, Some(r.board), message));
    }
    let mut missing: Vec<_> = matches
        .iter()
        .filter(|(k, _)| !seen.contains_key(*k))
        .collect();
    missing.sort_by_key(|((b, _, _), (round, table))| (*b, *round, *table));
    let played: std::collections::HashSet<u32> = results.iter().map(|r| r.board).collect();
    for ((board, ns, ew), (round, table)) in missing {
        if !played.contains(board) {
            // A board nobody entered at all is a board the session did not use.
            continue;
        }
        check.diagnostics.push(Diagnostic::warning(
            0,
            Some(*board),
            format!(
                "no result for {ns} against {ew} (round {round}, table {table}): the board is scored as played without it; enter the result or mark it NP"
            ),
        ));
    }
    check
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
            .entry((round, r.ns, r.ew))
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
            ns: ns - 1,
            ew: ew - 1,
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
        let res = vec![r(2, b, ns, ew), r(3, b, ew, ns), r(4, b, ns, other_ew)];
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
