//! A standing field that grows club by club.
//!
//! In a simultaneous pairs event many clubs play the same boards on the same day and
//! every club's results are matchpointed across the whole field (the Common Game, club
//! simultaneous pairs). Clubs upload one after another, and after each upload every
//! player wants the new standings. Re-reading and re-scoring the whole field each time
//! repeats work: a [`Field`] keeps every board's results and its last matchpoints, so
//! an upload re-scores only the boards it touched, and the pair totals are added up
//! again from the kept matchpoints.
//!
//! The rules are those of a pairs session ([`crate::matchpoints`]): each board is scored
//! over all its results in the field, a board played fewer times than the most-played
//! board is brought up to the full top as the rules say (Neuberg-scaled by default), and
//! the ranking is by exact percentage.

use crate::exact::Exact;
use crate::matchpoints::{BoardScore, Outcome, Rules, Scratch, score_board};
use crate::totals::TotalsBuilder;
use num_rational::Ratio;

/// One result a club uploads: the board, the two pairs (numbered by the caller across
/// the whole field) and what happened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldResult {
    /// The board number (from 1).
    pub board: u32,
    /// North-South pair, an index into the field's pairs.
    pub ns: usize,
    /// East-West pair.
    pub ew: usize,
    /// The score or adjustment.
    pub outcome: Outcome,
}

impl FieldResult {
    /// The result as a line of one session's travellers (`line` numbers it), to score
    /// the field from scratch as one session; `None` when a pair's index is past what a
    /// table result holds (its pairs are 32-bit numbers).
    pub fn table_result(&self, line: u32) -> Option<crate::session::TableResult> {
        let (ns, ew) = (u32::try_from(self.ns).ok()?, u32::try_from(self.ew).ok()?);
        let outcome = self.outcome.clone();
        let result = crate::session::TableResult::new(self.board, (ns, ew), outcome);
        Some(result.at_line(line))
    }
}

/// An upload that cannot be taken: nothing of it was added.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FieldError {
    /// A board number of 0.
    #[error("result {index} of the upload: board 0 does not exist: boards are numbered from 1")]
    BoardZero {
        /// The result's position in the upload (from 1).
        index: usize,
    },
    /// The same pair on both sides.
    #[error(
        "result {index} of the upload: board {board}: pair {pair} is on both sides of the table"
    )]
    SamePair {
        /// The result's position in the upload (from 1).
        index: usize,
        /// The board.
        board: u32,
        /// The pair.
        pair: usize,
    },
    /// A pair that already has a result on the board.
    #[error(
        "result {index} of the upload: board {board}: pair {pair} already has a result on this board"
    )]
    PlayedTwice {
        /// The result's position in the upload (from 1).
        index: usize,
        /// The board.
        board: u32,
        /// The pair.
        pair: usize,
    },
}

#[derive(Debug, Clone, Default)]
struct FieldBoard {
    results: Vec<FieldResult>,
    /// The matchpoints of `results`, or `None` when they are out of date.
    score: Option<BoardScore>,
    /// How many results the board was last scored against.
    scored_against: usize,
}

/// A pair's line of the field's standings.
#[derive(Debug, Clone, PartialEq)]
pub struct Standing {
    /// The pair.
    pub pair: usize,
    /// Total matchpoints.
    pub total: Exact,
    /// Percentage of the maximum; `None` for a pair without a board.
    pub percentage: Option<Exact>,
    /// Rank by exact percentage (ties share).
    pub rank: Option<u32>,
    /// Boards played.
    pub boards: u32,
}

/// A simultaneous field: its boards, their results and their matchpoints.
#[derive(Debug, Clone, Default)]
pub struct Field {
    rules: Rules,
    boards: Vec<FieldBoard>,
    pairs: usize,
    /// Per pair and board, whether the pair has a result there (pair × board).
    played: Vec<Vec<bool>>,
    scratch: Scratch,
}

impl Field {
    /// An empty field scored with these rules.
    pub fn new(rules: Rules) -> Field {
        Field {
            rules,
            ..Field::default()
        }
    }

    /// The number of results in the field.
    pub fn len(&self) -> usize {
        self.boards.iter().map(|b| b.results.len()).sum()
    }

    /// Whether the field has no results yet.
    pub fn is_empty(&self) -> bool {
        self.boards.iter().all(|b| b.results.is_empty())
    }

    /// Adds a club's results, whole or not at all; the boards they touch are scored
    /// again at the next [`Field::standings`].
    pub fn upload(&mut self, results: &[FieldResult]) -> Result<(), FieldError> {
        let mut seen: Vec<(u32, usize)> = Vec::with_capacity(results.len() * 2);
        for (k, r) in results.iter().enumerate() {
            let index = k + 1;
            if r.board == 0 {
                return Err(FieldError::BoardZero { index });
            }
            if r.ns == r.ew {
                return Err(FieldError::SamePair {
                    index,
                    board: r.board,
                    pair: r.ns,
                });
            }
            for pair in [r.ns, r.ew] {
                if self.has_played(pair, r.board) || seen.contains(&(r.board, pair)) {
                    return Err(FieldError::PlayedTwice {
                        index,
                        board: r.board,
                        pair,
                    });
                }
                seen.push((r.board, pair));
            }
        }
        for r in results {
            let b = r.board as usize - 1;
            if self.boards.len() <= b {
                self.boards.resize_with(b + 1, FieldBoard::default);
            }
            for pair in [r.ns, r.ew] {
                if self.played.len() <= pair {
                    self.played.resize_with(pair + 1, Vec::new);
                }
                let row = &mut self.played[pair];
                if row.len() <= b {
                    row.resize(b + 1, false);
                }
                row[b] = true;
            }
            self.pairs = self.pairs.max(r.ns + 1).max(r.ew + 1);
            self.boards[b].results.push(r.clone());
            self.boards[b].score = None;
        }
        Ok(())
    }

    fn has_played(&self, pair: usize, board: u32) -> bool {
        self.played
            .get(pair)
            .and_then(|row| row.get(board as usize - 1))
            .copied()
            .unwrap_or(false)
    }

    /// Every pair's total, percentage and rank, re-scoring only the boards that changed
    /// since the last call (and those whose expected number of results changed).
    pub fn standings(&mut self) -> Vec<Standing> {
        let expected = self
            .boards
            .iter()
            .map(|b| b.results.len())
            .max()
            .unwrap_or(0);
        let mut outcomes: Vec<&Outcome> = Vec::new();
        for board in &mut self.boards {
            if board.score.is_none() || board.scored_against != expected {
                outcomes.clear();
                outcomes.extend(board.results.iter().map(|r| &r.outcome));
                board.score = Some(score_board(
                    &outcomes,
                    expected,
                    self.rules,
                    &mut self.scratch,
                ));
                board.scored_against = expected;
            }
        }
        let denoms = self
            .boards
            .iter()
            .filter_map(|b| Some(b.score.as_ref()?.denom));
        let mut totals = TotalsBuilder::over(self.pairs, denoms);
        for board in &self.boards {
            let Some(score) = &board.score else { continue };
            for (k, r) in board.results.iter().enumerate() {
                if let Some(p) = score.results[k] {
                    totals.add(r.ns, Ratio::new(p.ns, score.denom), score.top);
                    totals.add(r.ew, Ratio::new(p.ew, score.denom), score.top);
                }
            }
        }
        let totals = totals.finish();
        let mut order: Vec<usize> = (0..self.pairs).collect();
        totals.sort_best_first(&mut order);
        let mut out: Vec<Standing> = Vec::with_capacity(order.len());
        for (k, &pair) in order.iter().enumerate() {
            let percentage = totals.percentage(pair);
            let rank = percentage.as_ref().map(|_| match out.last() {
                Some(prev)
                    if prev.rank.is_some() && totals.cmp_percentage(prev.pair, pair).is_eq() =>
                {
                    prev.rank.unwrap_or(1)
                }
                _ => k as u32 + 1,
            });
            out.push(Standing {
                pair,
                total: totals.total(pair),
                percentage,
                rank,
                boards: totals.boards[pair],
            });
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::{PairInfo, Settings, TableResult, score_session};

    fn club(first_pair: usize, tables: usize, boards: u32, seed: i32) -> Vec<FieldResult> {
        let mut out = Vec::new();
        for b in 1..=boards {
            for t in 0..tables {
                let score = ((b as i32 * 37 + t as i32 * 11 + seed * 5) % 17 - 8) * 30;
                out.push(FieldResult {
                    board: b,
                    ns: first_pair + 2 * t,
                    ew: first_pair + 2 * t + 1,
                    outcome: if (b as usize + t).is_multiple_of(23) {
                        Outcome::NotPlayed
                    } else {
                        Outcome::Score(score)
                    },
                });
            }
        }
        out
    }

    /// The same results scored as one session from scratch.
    fn from_scratch(results: &[FieldResult], pairs: usize) -> Vec<(usize, Exact)> {
        let infos: Vec<PairInfo> = (0..pairs)
            .map(|i| PairInfo {
                id: i.to_string(),
                ..PairInfo::default()
            })
            .collect();
        let table: Vec<TableResult> = results
            .iter()
            .enumerate()
            .map(|(i, r)| r.table_result(i as u32 + 2))
            .collect::<Option<_>>()
            .unwrap();
        let s = score_session(&infos, &table, &Settings::default()).unwrap();
        let mut v: Vec<(usize, Exact)> =
            s.pairs.iter().map(|p| (p.pair, p.total.clone())).collect();
        v.sort_by_key(|x| x.0);
        v
    }

    #[test]
    fn uploads_give_the_totals_of_scoring_everything_at_once() {
        let mut field = Field::new(Rules::default());
        let mut all = Vec::new();
        for (c, tables) in [5usize, 3, 7, 4].into_iter().enumerate() {
            let first = all
                .iter()
                .map(|r: &FieldResult| r.ew + 1)
                .max()
                .unwrap_or(0);
            let results = club(first, tables, 6, c as i32);
            field.upload(&results).unwrap();
            all.extend(results);
            let pairs = all.iter().map(|r| r.ew + 1).max().unwrap();
            let mut got: Vec<(usize, Exact)> = field
                .standings()
                .into_iter()
                .map(|s| (s.pair, s.total))
                .collect();
            got.sort_by_key(|x| x.0);
            assert_eq!(got, from_scratch(&all, pairs), "after club {c}");
        }
        assert_eq!(field.len(), all.len());
    }

    #[test]
    fn ranks_follow_the_percentages_and_ties_share() {
        let mut field = Field::new(Rules::default());
        field
            .upload(&[
                FieldResult {
                    board: 1,
                    ns: 0,
                    ew: 1,
                    outcome: Outcome::Score(420),
                },
                FieldResult {
                    board: 1,
                    ns: 2,
                    ew: 3,
                    outcome: Outcome::Score(420),
                },
                FieldResult {
                    board: 1,
                    ns: 4,
                    ew: 5,
                    outcome: Outcome::Score(-50),
                },
            ])
            .unwrap();
        let s = field.standings();
        let rank = |p: usize| s.iter().find(|x| x.pair == p).unwrap().rank;
        assert_eq!((rank(0), rank(2), rank(5)), (Some(2), Some(2), Some(1)));
        assert_eq!((rank(1), rank(3), rank(4)), (Some(4), Some(4), Some(6)));
    }

    #[test]
    fn a_bad_upload_adds_nothing() {
        let mut field = Field::new(Rules::default());
        field.upload(&club(0, 3, 2, 0)).unwrap();
        let before = field.len();
        let bad = [
            FieldResult {
                board: 1,
                ns: 10,
                ew: 11,
                outcome: Outcome::Score(100),
            },
            FieldResult {
                board: 2,
                ns: 0,
                ew: 12,
                outcome: Outcome::Score(100),
            },
        ];
        assert_eq!(
            field.upload(&bad).unwrap_err().to_string(),
            "result 2 of the upload: board 2: pair 0 already has a result on this board"
        );
        assert_eq!(field.len(), before);
        let same = [FieldResult {
            board: 3,
            ns: 7,
            ew: 7,
            outcome: Outcome::Score(0),
        }];
        assert!(matches!(
            field.upload(&same),
            Err(FieldError::SamePair { .. })
        ));
        let zero = [FieldResult {
            board: 0,
            ns: 7,
            ew: 8,
            outcome: Outcome::Score(0),
        }];
        assert!(matches!(
            field.upload(&zero),
            Err(FieldError::BoardZero { .. })
        ));
    }

    #[test]
    fn a_pair_past_32_bits_is_no_table_result() {
        let last = FieldResult {
            board: 1,
            ns: 0,
            ew: u32::MAX as usize,
            outcome: Outcome::Score(420),
        };
        assert_eq!(last.table_result(2).map(|t| t.ew), Some(u32::MAX));
        if let Some(past) = (u32::MAX as usize).checked_add(1) {
            let past = FieldResult { ew: past, ..last };
            assert_eq!(past.table_result(2), None);
        }
    }
}
