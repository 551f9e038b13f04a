//! Howell movements: every pair meets every other pair (SPEC section 5).
//!
//! The complete Howell for P pairs (P even, 4 to 20) has P−1 rounds on P/2 tables. The
//! highest pair stays North-South at table 1; the other pairs go round in a circle: in
//! round r pair P meets pair r, and pairs r+k and r−k (counted round the circle of P−1)
//! meet at table k+1. Every pair therefore meets every other pair exactly once.
//!
//! Directions are not even for every pair: the stationary pair sits North-South in all
//! P−1 rounds, and every other pair sits North-South in P/2 − 1 rounds and East-West in
//! P/2, one of them against the stationary pair at table 1 (over a partial Howell the
//! counts are those of the rounds played).
//!
//! Boards: table k+1 plays set r + s(k) in round r, so each table takes the next set every
//! round and each set is played once per table over the session. The offsets s(k) are
//! chosen so that every pair also plays every set exactly once (the "starter" of the
//! movement). For 8, 12, 14, 16, 18 and 20 pairs every table has its own set in every
//! round. For 4 and 6 pairs no such starter exists and all tables share one set each
//! round; for 10 pairs none exists either and tables 2 and 5 share a set every round, as
//! the standard 5-table Howell does. Shared boards pass between the sharing tables during
//! the round.
//!
//! With `same_boards`, all tables play set r in round r (the boards are duplicated), and
//! any number of rounds up to P−1 may be played: the seed's 14 pairs played 7 rounds of 4
//! boards this way. With fewer rounds and travelling boards the movement is a partial
//! Howell: the check reports how unevenly the boards are played.
//!
//! An odd number of pairs plays the movement of the next even number; the highest pair is
//! a phantom and whoever meets it has a bye, sitting alone in the East-West seat at
//! table 1. In a complete Howell every pair then plays as many rounds North-South as
//! East-West: P/2 − 1 each for the P of the even movement, besides the bye.

use super::{
    BoardRange, BoardSharing, Fields, Movement, MovementError, MovementKind, Round, TableRound,
};

/// The director's choices for a Howell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HowellOptions {
    /// The number of pairs (odd numbers play with a phantom pair).
    pub pairs: u32,
    /// Boards per round.
    pub boards_per_round: u32,
    /// Rounds to play; `None` for all of them (pairs − 1, or pairs with a phantom − 1).
    pub rounds: Option<u32>,
    /// All tables play the same (duplicated) boards in a round.
    pub same_boards: bool,
}

impl HowellOptions {
    /// A complete Howell for `pairs` pairs.
    pub fn new(pairs: u32, boards_per_round: u32) -> HowellOptions {
        HowellOptions {
            pairs,
            boards_per_round,
            rounds: None,
            same_boards: false,
        }
    }
}

/// Set offsets per table (index k = table k+1) for a complete Howell of 2(k+1) pairs.
fn starter(pairs: u32) -> Option<&'static [u32]> {
    Some(match pairs {
        4 => &[0, 0],
        6 => &[0, 0, 0],
        8 => &[0, 2, 4, 1],
        10 => &[0, 2, 6, 8, 2],
        12 => &[0, 3, 5, 9, 1, 4],
        14 => &[0, 3, 5, 9, 1, 6, 2],
        16 => &[0, 2, 7, 11, 6, 1, 13, 5],
        18 => &[0, 2, 6, 8, 3, 7, 4, 16, 5],
        20 => &[0, 2, 6, 10, 14, 7, 11, 4, 17, 5],
        _ => return None,
    })
}

pub fn check_boards(boards_per_round: u32) -> Result<(), MovementError> {
    if boards_per_round == 0 || boards_per_round > 52 {
        return Err(MovementError::BoardsPerRound(boards_per_round));
    }
    Ok(())
}

/// The most tables that play one set at once: tables with the same offset, leaving out
/// table 1 when it holds the bye against the phantom pair (it plays no boards).
fn widest_sharing(offsets: &[u32], phantom: bool) -> u32 {
    let playing = if phantom { &offsets[1..] } else { offsets };
    playing
        .iter()
        .map(|o| playing.iter().filter(|x| *x == o).count() as u32)
        .max()
        .unwrap_or(1)
}

/// Generates a Howell movement.
pub fn howell(opts: &HowellOptions) -> Result<Movement, MovementError> {
    howell_up_to(opts, 120)
}

/// Generates a Howell movement of at most `most` pairs (120 for new movements; a night
/// stored before that limit may have more).
pub(super) fn howell_up_to(opts: &HowellOptions, most: u32) -> Result<Movement, MovementError> {
    check_boards(opts.boards_per_round)?;
    let asked = opts.pairs;
    if asked < 3 {
        return Err(MovementError::Size(format!(
            "a Howell needs 3 or more pairs, not {asked}"
        )));
    }
    if asked > most {
        return Err(MovementError::Size(format!(
            "a Howell of {asked} pairs is too large: at most 120 pairs (60 tables); split the \
             field into sections"
        )));
    }
    let pairs = asked + asked % 2;
    let m = pairs - 1;
    let max_rounds = m;
    let rounds_n = opts.rounds.unwrap_or(max_rounds);
    if rounds_n == 0 || rounds_n > max_rounds {
        return Err(MovementError::Size(format!(
            "{asked} pairs can play 1 to {max_rounds} rounds of a Howell, not {rounds_n}"
        )));
    }
    let offsets: Vec<u32> = if opts.same_boards {
        vec![0; (pairs / 2) as usize]
    } else {
        starter(pairs)
            .ok_or_else(|| {
                MovementError::Size(format!(
                    "klaver has complete Howells for 4 to 20 pairs, not {asked}; \
                     use --same-boards (duplicated boards) or a Mitchell"
                ))
            })?
            .to_vec()
    };
    let bpr = opts.boards_per_round;
    let rounds = howell_rounds(pairs, rounds_n, &offsets, opts);
    let widest = widest_sharing(&offsets, asked % 2 == 1);
    let shared = !opts.same_boards && widest > 1;
    if shared && widest > bpr {
        return Err(MovementError::Size(format!(
            "in the Howell for {asked} pairs {widest} tables share a set, so it needs at \
             least {widest} boards a round, not {bpr}; or use --same-boards"
        )));
    }
    let movement = Movement {
        name: howell_name(asked, rounds_n, max_rounds, opts.same_boards),
        rounds,
        sharing: if opts.same_boards {
            BoardSharing::Duplicated
        } else if shared {
            BoardSharing::Shared
        } else {
            BoardSharing::Single
        },
        fields: Fields::One,
        absent: Vec::new(),
        bye_stand: false,
        kind: MovementKind::Howell {
            pairs: asked,
            rounds: (rounds_n != max_rounds).then_some(rounds_n),
            same_boards: opts.same_boards,
        },
    };
    Ok(if asked % 2 == 1 {
        movement.without_pair(&pairs.to_string())
    } else {
        movement
    })
}

/// The rounds of a Howell of `pairs` (even) pairs round a circle of `pairs - 1`, the
/// last pair at table 1 throughout, each table's set moved on by its offset.
fn howell_rounds(pairs: u32, rounds_n: u32, offsets: &[u32], opts: &HowellOptions) -> Vec<Round> {
    let m = pairs - 1;
    // Pair for position `i` round the circle (0-based): pair i+1.
    let pair = |i: u32| (i % m + 1).to_string();
    let mut rounds = Vec::with_capacity(rounds_n as usize);
    for r in 0..rounds_n {
        let mut tables = Vec::with_capacity(offsets.len());
        for (k, &off) in offsets.iter().enumerate() {
            let k = k as u32;
            let (ns, ew) = if k == 0 {
                (pairs.to_string(), pair(r))
            } else {
                let up = pair(r + k);
                let down = pair(r + m - k);
                if k % 2 == 1 { (down, up) } else { (up, down) }
            };
            let set = if opts.same_boards {
                r + 1
            } else {
                (r + off) % m + 1
            };
            tables.push(TableRound {
                table: k + 1,
                ns: Some(ns),
                ew: Some(ew),
                boards: BoardRange::set(set, opts.boards_per_round),
            });
        }
        rounds.push(Round {
            number: r + 1,
            tables,
        });
    }
    rounds
}

/// A Howell's name: its pairs, the bye's pair, its rounds when fewer than all, and
/// whether every table plays the same boards.
fn howell_name(asked: u32, rounds_n: u32, max_rounds: u32, same_boards: bool) -> String {
    let pairs = asked + asked % 2;
    let mut name = format!("Howell, {asked} pairs");
    if asked != pairs {
        name.push_str(&format!(" (a bye against pair {pairs})"));
    }
    if rounds_n != max_rounds {
        let rounds = if rounds_n == 1 { "round" } else { "rounds" };
        name.push_str(&format!(", {rounds_n} {rounds}"));
    }
    if same_boards {
        name.push_str(", same boards at all tables");
    }
    name
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn fourteen_pairs_meet_everyone_once_on_every_set() {
        let m = howell(&HowellOptions::new(14, 2)).unwrap();
        assert_eq!(m.rounds.len(), 13);
        assert_eq!(m.sharing, BoardSharing::Single);
        let c = m.check();
        assert!(c.is_valid(), "{:?}", c.problems);
        assert!(c.problems.is_empty(), "{:?}", c.problems);
        assert!(c.plays.values().all(|&n| n == 7));
        assert_eq!((c.meetings_min, c.meetings_max), (1, 1));
    }

    #[test]
    fn stationary_pair_sits_north_south_at_table_one() {
        let m = howell(&HowellOptions::new(8, 3)).unwrap();
        for r in &m.rounds {
            assert_eq!(r.tables[0].ns.as_deref(), Some("8"));
            assert_eq!(
                r.tables[0].ew.as_deref(),
                Some(r.number.to_string().as_str())
            );
        }
    }

    /// The rounds `pair` plays North-South and East-West, counting a bye (an empty seat
    /// opposite) apart.
    fn directions(m: &Movement, pair: &str) -> (usize, usize, usize) {
        let tables = m.rounds.iter().flat_map(|r| &r.tables);
        let (mut ns, mut ew, mut bye) = (0, 0, 0);
        for t in tables {
            let seats = (t.ns.as_deref() == Some(pair), t.ew.as_deref() == Some(pair));
            match (seats, t.is_match()) {
                ((true, _), true) => ns += 1,
                ((_, true), true) => ew += 1,
                ((true, _), false) | ((_, true), false) => bye += 1,
                _ => {}
            }
        }
        (ns, ew, bye)
    }

    #[test]
    fn directions_are_as_the_module_says() {
        for pairs in 3..=20u32 {
            let mut o = HowellOptions::new(pairs, 3);
            o.same_boards = true;
            let m = howell(&o).unwrap();
            let even = pairs + pairs % 2;
            let half = (even / 2) as usize;
            for p in 1..pairs {
                let got = directions(&m, &p.to_string());
                let want = if pairs % 2 == 1 {
                    (half - 1, half - 1, 1)
                } else {
                    (half - 1, half, 0)
                };
                assert_eq!(got, want, "pair {p} of {pairs}");
            }
            let last = directions(&m, &pairs.to_string());
            let want = if pairs % 2 == 1 {
                (half - 1, half - 1, 1)
            } else {
                (even as usize - 1, 0, 0)
            };
            assert_eq!(last, want, "pair {pairs} of {pairs}");
        }
    }

    #[test]
    fn ten_pairs_share_boards_at_tables_two_and_five() {
        let m = howell(&HowellOptions::new(10, 3)).unwrap();
        assert_eq!(m.sharing, BoardSharing::Shared);
        for r in &m.rounds {
            assert_eq!(r.tables[1].boards, r.tables[4].boards);
            let sets: BTreeSet<_> = r.tables.iter().map(|t| t.boards).collect();
            assert_eq!(sets.len(), 4);
        }
        assert!(m.check().is_valid());
    }

    #[test]
    fn seed_event_shape_same_boards_seven_rounds() {
        let mut o = HowellOptions::new(14, 4);
        o.rounds = Some(7);
        o.same_boards = true;
        let m = howell(&o).unwrap();
        assert_eq!(m.rounds.len(), 7);
        assert_eq!(m.sharing, BoardSharing::Duplicated);
        for r in &m.rounds {
            assert!(
                r.tables
                    .iter()
                    .all(|t| t.boards == BoardRange::set(r.number, 4))
            );
        }
        let c = m.check();
        assert!(c.is_valid());
        assert_eq!(c.plays.get(&28), Some(&7));
        assert_eq!(c.meetings_max, 1);
    }

    #[test]
    fn thirteen_pairs_play_with_a_phantom() {
        let mut o = HowellOptions::new(13, 4);
        o.rounds = Some(6);
        o.same_boards = true;
        let m = howell(&o).unwrap();
        assert_eq!(m.absent, ["14"]);
        assert!(
            m.rounds
                .iter()
                .all(|r| r.tables.iter().filter(|t| t.bye().is_some()).count() == 1)
        );
        assert_eq!(m.expected_plays(1), 6);
    }

    #[test]
    fn one_round_is_named_in_the_singular() {
        let mut o = HowellOptions::new(18, 2);
        o.rounds = Some(1);
        assert_eq!(howell(&o).unwrap().name, "Howell, 18 pairs, 1 round");
        o.rounds = Some(2);
        assert_eq!(howell(&o).unwrap().name, "Howell, 18 pairs, 2 rounds");
    }

    #[test]
    fn more_than_sixty_tables_is_refused() {
        for pairs in [121, 3000, u32::MAX] {
            let mut o = HowellOptions::new(pairs, 2);
            o.same_boards = true;
            o.rounds = Some(1);
            let e = howell(&o).unwrap_err().to_string();
            assert_eq!(
                e,
                format!(
                    "a Howell of {pairs} pairs is too large: at most 120 pairs (60 tables); \
                     split the field into sections"
                )
            );
        }
        let mut o = HowellOptions::new(120, 2);
        o.same_boards = true;
        o.rounds = Some(2);
        assert_eq!(howell(&o).unwrap().rounds[0].tables.len(), 60);
    }

    #[test]
    fn the_bye_table_does_not_share_the_boards() {
        // Five pairs play the 6-pair Howell: table 1 always holds the bye, so only two
        // tables share a set and two boards a round do; three pairs share nothing.
        let m = howell(&HowellOptions::new(5, 2)).unwrap();
        assert_eq!(m.sharing, BoardSharing::Shared);
        assert!(m.check().is_valid(), "{:?}", m.check().problems);
        let m = howell(&HowellOptions::new(3, 1)).unwrap();
        assert_eq!(m.sharing, BoardSharing::Single);
        assert!(m.check().is_valid(), "{:?}", m.check().problems);
        let e = howell(&HowellOptions::new(5, 1)).unwrap_err().to_string();
        assert!(
            e.starts_with("in the Howell for 5 pairs 2 tables share a set, so it needs at least 2 boards a round, not 1"),
            "{e}"
        );
    }

    #[test]
    fn sizes_without_a_complete_howell_say_what_to_use() {
        let e = howell(&HowellOptions::new(22, 2)).unwrap_err();
        assert!(e.to_string().contains("--same-boards"), "{e}");
        let mut o = HowellOptions::new(22, 2);
        o.same_boards = true;
        assert!(howell(&o).is_ok());
        let mut o = HowellOptions::new(10, 2);
        o.rounds = Some(10);
        assert!(
            howell(&o)
                .unwrap_err()
                .to_string()
                .contains("1 to 9 rounds")
        );
    }
}
