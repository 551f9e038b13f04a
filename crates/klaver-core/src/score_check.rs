//! Which duplicate scores can exist on a board, to catch entry mistakes.
//!
//! A score such as 425 cannot come from any contract, and 630 cannot be scored by
//! North-South when they are not vulnerable (it is 3NT+1 vulnerable). The tables are built
//! once from every contract, declarer and number of tricks under each vulnerability.

use crate::board::{Seat, Vulnerability};
use crate::contract::{Contract, Doubling, Play, Strain};
use std::sync::OnceLock;

const VULS: [Vulnerability; 4] = [
    Vulnerability::None,
    Vulnerability::NorthSouth,
    Vulnerability::EastWest,
    Vulnerability::Both,
];

fn vul_index(v: Vulnerability) -> usize {
    VULS.iter().position(|&x| x == v).unwrap_or(0)
}

/// Every play that is possible, once.
fn all_plays() -> impl Iterator<Item = Play> {
    (1..=7u8).flat_map(|level| {
        Strain::ALL.into_iter().flat_map(move |strain| {
            Doubling::ALL.into_iter().flat_map(move |dbl| {
                Seat::ALL.into_iter().flat_map(move |seat| {
                    (0..=13u8).filter_map(move |tricks| {
                        let c = Contract::new(level, strain, dbl).ok()?;
                        Play::new(c, seat, tricks).ok()
                    })
                })
            })
        })
    })
}

fn tables() -> &'static [Vec<i32>; 4] {
    static TABLES: OnceLock<[Vec<i32>; 4]> = OnceLock::new();
    TABLES.get_or_init(|| {
        VULS.map(|v| {
            let mut scores: Vec<i32> = all_plays().map(|p| p.score_ns(v)).collect();
            scores.push(0);
            scores.sort_unstable();
            scores.dedup();
            scores
        })
    })
}

/// Whether North-South can score `score` (pass-out 0 included) under this vulnerability.
pub fn is_possible(score: i32, vul: Vulnerability) -> bool {
    tables()[vul_index(vul)].binary_search(&score).is_ok()
}

/// Every play by North or East under each vulnerability with its score for
/// North-South, ordered by score and then simplest first (undoubled first, then by
/// result and level), so that a score's explanations are one slice.
fn explanations() -> &'static [Vec<(i32, Play)>; 4] {
    static TABLES: OnceLock<[Vec<(i32, Play)>; 4]> = OnceLock::new();
    TABLES.get_or_init(|| {
        VULS.map(|v| {
            let mut plays: Vec<(i32, Play)> = all_plays()
                .filter(|p| matches!(p.declarer(), Seat::North | Seat::East))
                .map(|p| (p.score_ns(v), p))
                .collect();
            // A stable sort: plays that tie keep the order in which they were made.
            plays.sort_by_key(|(score, p)| {
                (
                    *score,
                    p.contract().doubling(),
                    p.result().abs(),
                    p.contract().level(),
                )
            });
            plays
        })
    })
}

/// The simplest contracts that give North-South `score` under `vul`, for messages
/// (undoubled first, then by overtricks or undertricks, then by level); at most `limit`.
pub fn contracts_scoring(score: i32, vul: Vulnerability, limit: usize) -> Vec<Play> {
    let plays = &explanations()[vul_index(vul)];
    let from = plays.partition_point(|(s, _)| *s < score);
    plays[from..]
        .iter()
        .take_while(|(s, _)| *s == score)
        .take(limit)
        .map(|(_, p)| *p)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn impossible_and_wrong_vulnerability_scores() {
        assert!(!is_possible(425, Vulnerability::None));
        assert!(is_possible(630, Vulnerability::NorthSouth));
        // 630 with nobody vulnerable is only 3HX+1 or 3SX+1.
        assert!(is_possible(630, Vulnerability::None));
        assert!(!is_possible(15, Vulnerability::Both));
        assert!(is_possible(-630, Vulnerability::EastWest));
        assert!(is_possible(0, Vulnerability::None));
        assert!(is_possible(-7600, Vulnerability::Both));
        assert!(is_possible(110, Vulnerability::Both));
    }

    #[test]
    fn explains_a_score() {
        let p = contracts_scoring(630, Vulnerability::NorthSouth, 3);
        let found: Vec<String> = p
            .iter()
            .map(|p| format!("{}{:+}", p.contract(), p.result()))
            .collect();
        assert_eq!(found[..2], ["4NT+0", "3NT+1"]);
        let p = contracts_scoring(630, Vulnerability::None, 3);
        assert_eq!(p[0].contract().to_string(), "3HX");
    }

    #[test]
    fn explanations_are_every_play_that_scores_it_simplest_first() {
        for (v, scores) in VULS.iter().zip(tables()) {
            for &score in scores {
                let mut brute: Vec<Play> = all_plays()
                    .filter(|p| p.score_ns(*v) == score)
                    .filter(|p| matches!(p.declarer(), Seat::North | Seat::East))
                    .collect();
                brute.sort_by_key(|p| {
                    (
                        p.contract().doubling(),
                        p.result().abs(),
                        p.contract().level(),
                    )
                });
                assert_eq!(
                    contracts_scoring(score, *v, usize::MAX),
                    brute,
                    "{score} {v:?}"
                );
            }
        }
    }
}
