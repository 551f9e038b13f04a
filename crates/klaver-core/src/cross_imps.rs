//! Cross-IMPs: a pairs event scored in IMPs, every result against every other (the IMP
//! counterpart of matchpoints, SPEC section 3's "every result is compared with every
//! other result").
//!
//! On each board North-South's score is IMPed against each other real score on the
//! board (IMPs of the difference, Law 78B), and the IMPs are **averaged** over the
//! comparisons, so that a board played 5 times weighs the same as a board played 9 times;
//! [`CrossImpTotal::Sum`] adds them up instead, as some clubs do. East-West get the
//! opposite. A weighted score compares each of its parts in its proportion; an artificial
//! score earns the IMPs of [`AdjustedImps`] and is not compared with; a result not played
//! is left out. A board with one real result gives it 0 IMPs, with a warning. Boards are
//! compared within the North-South pair's section; pairs are ranked by IMPs per board played.

use crate::imps::{self, AdjustedImps, ImpPairResult, ImpPoints};
use crate::said::ShortBoard;
use crate::session::{Diagnostic, PairInfo, SessionError, Severity, TableResult};
use num_rational::Ratio;
use num_traits::Zero;

/// How a result's IMPs against the other results make its board score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CrossImpTotal {
    /// The mean over the comparisons (boards with different numbers of results compare
    /// fairly).
    #[default]
    Average,
    /// The sum over the comparisons.
    Sum,
}

/// The director's and the club's choices for a cross-IMP session.
#[derive(Debug, Clone, Default)]
pub struct CrossImpSettings {
    /// Averaged or summed.
    pub total: CrossImpTotal,
    /// The IMPs of artificial scores.
    pub adjusted: AdjustedImps,
}

/// One board of a cross-IMP session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CrossImpBoard {
    /// The board number.
    pub board: u32,
    /// The section ("" for one section).
    pub section: String,
    /// The number of real results compared.
    pub compared: usize,
    /// The results on this board: indices into the session's table results.
    pub entries: Vec<usize>,
}

/// A scored cross-IMP session.
#[derive(Debug, Clone)]
pub struct CrossImpResult {
    /// Every board, in board order.
    pub boards: Vec<CrossImpBoard>,
    /// IMPs per table result, in input order; `None` for results not played.
    pub points: Vec<Option<ImpPoints>>,
    /// Pairs in ranking order (by IMPs per board).
    pub pairs: Vec<ImpPairResult>,
    /// Things the director should look at.
    pub warnings: Vec<Diagnostic>,
}

/// Scores a cross-IMP session.
pub fn score_cross_imps(
    pairs: &[PairInfo],
    results: &[TableResult],
    settings: &CrossImpSettings,
) -> Result<CrossImpResult, SessionError> {
    let diagnostics = imps::validate(pairs, results);
    if diagnostics.iter().any(|d| d.severity == Severity::Error) {
        return Err(SessionError { diagnostics });
    }
    let mut warnings = diagnostics;
    let mut points: Vec<Option<ImpPoints>> = vec![None; results.len()];
    let mut boards = Vec::new();
    let groups = imps::board_groups(pairs, results);
    let how = match settings.total {
        CrossImpTotal::Average => ShortBoard::CrossAveraged,
        CrossImpTotal::Sum => ShortBoard::CrossSummed,
    };
    let most = imps::most_played(&groups);
    for ((section, board), entries) in groups {
        let real: Vec<usize> = entries
            .iter()
            .copied()
            .filter(|&i| results[i].outcome.is_real())
            .collect();
        let parts: Vec<Vec<(Ratio<i64>, i32)>> = real
            .iter()
            .map(|&i| imps::parts(&results[i].outcome))
            .collect();
        if real.len() == 1 {
            warnings.push(Diagnostic::warning(
                results[real[0]].line(),
                Some(board),
                "only one result on this board to compare: it earns 0 IMPs; check for missing travellers",
            ));
        }
        let at = (section.as_str(), board);
        warnings.extend(imps::short_board(
            at,
            &entries,
            results,
            most[&section],
            how,
        ));
        for (k, &i) in real.iter().enumerate() {
            let mut sum = Ratio::zero();
            for (j, other) in parts.iter().enumerate() {
                if j == k {
                    continue;
                }
                for &(wa, a) in &parts[k] {
                    for &(wb, b) in other {
                        sum += wa * wb * i64::from(imps::imps(i64::from(a) - i64::from(b)));
                    }
                }
            }
            let ns = match settings.total {
                CrossImpTotal::Sum => sum,
                CrossImpTotal::Average if real.len() > 1 => sum / (real.len() as i64 - 1),
                CrossImpTotal::Average => Ratio::zero(),
            };
            let p = if results[i].reversed() {
                ImpPoints { ns: -ns, ew: ns }
            } else {
                ImpPoints { ns, ew: -ns }
            };
            points[i] = Some(imps::with_artificial_side(
                &results[i],
                p,
                &settings.adjusted,
            ));
        }
        for &i in &entries {
            if let Some(p) = imps::adjusted(&results[i], &settings.adjusted) {
                points[i] = Some(p);
            }
        }
        boards.push(CrossImpBoard {
            board,
            section,
            compared: real.len(),
            entries,
        });
    }
    let pairs_out = imps::pair_totals(pairs, results, &points);
    Ok(CrossImpResult {
        boards,
        points,
        pairs: pairs_out,
        warnings,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact::Exact;
    use crate::matchpoints::Outcome::{self, *};
    use crate::said::{FewerImps, Said};
    use proptest::prelude::*;

    fn pairs(n: usize) -> Vec<PairInfo> {
        (1..=n)
            .map(|i| PairInfo {
                id: i.to_string(),
                ..PairInfo::default()
            })
            .collect()
    }

    fn r(board: u32, ns: usize, ew: usize, outcome: Outcome) -> TableResult {
        TableResult::new(board, ((ns - 1) as u32, (ew - 1) as u32), outcome)
    }

    fn board(scores: &[i32], total: CrossImpTotal) -> Vec<Ratio<i64>> {
        let res: Vec<TableResult> = scores
            .iter()
            .enumerate()
            .map(|(k, &s)| r(1, 2 * k + 1, 2 * k + 2, Score(s)))
            .collect();
        let settings = CrossImpSettings {
            total,
            ..CrossImpSettings::default()
        };
        score_cross_imps(&pairs(2 * scores.len()), &res, &settings)
            .unwrap()
            .points
            .iter()
            .map(|p| p.unwrap().ns)
            .collect()
    }

    #[test]
    fn a_hand_computed_board() {
        // 420 against 420, 170, −50: 0 + 6 (250) + 10 (470) = 16, averaged over 3.
        // 170 against 420, 420, −50: −6 − 6 + 6 (220) = −6 → −2.
        // −50 against 420, 420, 170: −10 − 10 − 6 = −26 → −26/3.
        let avg = board(&[420, 420, 170, -50], CrossImpTotal::Average);
        assert_eq!(
            avg,
            [
                Ratio::new(16, 3),
                Ratio::new(16, 3),
                Ratio::from_integer(-2),
                Ratio::new(-26, 3)
            ]
        );
        let sum = board(&[420, 420, 170, -50], CrossImpTotal::Sum);
        assert_eq!(sum[2], Ratio::from_integer(-6));
    }

    #[test]
    fn averages_make_short_and_long_boards_alike() {
        // The same spread of results played twice as often gives the same averages.
        let short = board(&[420, -50], CrossImpTotal::Average);
        let long = board(&[420, -50, 420, -50], CrossImpTotal::Average);
        // 420 against −50 is 10 IMPs; on the long board 420 meets 420 once (0) and
        // −50 twice: 20 / 3.
        assert_eq!(short[0], Ratio::from_integer(10));
        assert_eq!(long[0], Ratio::new(20, 3));
    }

    #[test]
    fn adjusted_and_not_played_results() {
        let res = vec![
            r(1, 1, 2, Score(420)),
            r(1, 3, 4, Score(-50)),
            r(1, 5, 6, Outcome::AVERAGE),
            r(1, 7, 8, NotPlayed),
            r(2, 1, 3, Outcome::Artificial { ns: 60, ew: 40 }),
        ];
        let s = score_cross_imps(&pairs(8), &res, &CrossImpSettings::default()).unwrap();
        assert_eq!(s.points[0].unwrap().ns, Ratio::from_integer(10));
        assert_eq!(s.points[2].unwrap().ns, Ratio::from_integer(0));
        assert_eq!(s.points[3], None);
        let p1 = s.pairs.iter().find(|p| p.pair == 0).unwrap();
        assert_eq!((p1.total.clone(), p1.boards), (Exact::integer(13), 2));
        assert_eq!(s.boards[0].compared, 2);
    }

    #[test]
    fn a_substitute_counts_for_the_field_but_has_no_line() {
        let mut ps = pairs(6);
        ps[3].unranked = true;
        let res = vec![
            r(1, 1, 2, Score(420)),
            r(1, 3, 4, Score(-50)),
            r(1, 5, 6, Score(420)),
        ];
        let s = score_cross_imps(&ps, &res, &CrossImpSettings::default()).unwrap();
        assert!(s.pairs.iter().all(|p| p.pair != 3), "{:?}", s.pairs);
        // Pair 3's −50 still scores its opponents, and pair 4 as the best of the rest.
        assert_eq!(s.points[1].unwrap().ew, Ratio::from_integer(10));
        assert_eq!(s.pairs.len(), 5);
    }

    #[test]
    fn a_board_played_fewer_times_than_the_others_is_a_warning() {
        let mut res: Vec<TableResult> = (0..4)
            .map(|t| r(1, 2 * t + 1, 2 * t + 2, Score(420 - 100 * t as i32)))
            .collect();
        res.push(r(2, 1, 2, Score(110)));
        res.push(r(2, 3, 4, Score(-100)));
        for (k, x) in res.iter_mut().enumerate() {
            x.set_line(k as u32 + 2);
        }
        let told = |total| {
            let settings = CrossImpSettings {
                total,
                ..CrossImpSettings::default()
            };
            let s = score_cross_imps(&pairs(8), &res, &settings).unwrap();
            let said = matches!(
                s.warnings[0].said.as_deref(),
                Some(Said::FewerImpResults(FewerImps {
                    results: 2,
                    expected: 4,
                    ..
                }))
            );
            assert!(said, "{:?}", s.warnings);
            s.warnings.iter().map(|w| w.to_string()).collect::<Vec<_>>()
        };
        assert_eq!(
            told(CrossImpTotal::Average),
            [
                "line 6: board 2: 2 results where 4 were expected: each result is compared with the fewer results the board has and averaged over them, and each pair's IMPs per board are over the boards it played; enter the missing results or mark them NP"
            ]
        );
        assert_eq!(
            told(CrossImpTotal::Sum),
            [
                "line 6: board 2: 2 results where 4 were expected: each result's IMPs are summed over the fewer comparisons the board has, so that it weighs less than a board played in full, and each pair's IMPs per board are over the boards it played; enter the missing results or mark them NP"
            ]
        );
    }

    #[test]
    fn a_board_with_one_result_is_a_warning() {
        let mut res = vec![
            r(1, 1, 2, Score(420)),
            r(1, 3, 4, Score(-50)),
            r(2, 1, 4, Score(110)),
        ];
        res[2].set_line(4);
        let s = score_cross_imps(&pairs(4), &res, &CrossImpSettings::default()).unwrap();
        let w: Vec<String> = s.warnings.iter().map(|d| d.to_string()).collect();
        assert_eq!(
            w,
            [
                "line 4: board 2: only one result on this board to compare: it earns 0 IMPs; check for missing travellers",
                "line 4: board 2: 1 result where 2 were expected: each result is compared with the fewer results the board has and averaged over them, and each pair's IMPs per board are over the boards it played; enter the missing results or mark them NP",
            ]
        );
    }

    proptest! {
        #[test]
        fn a_board_adds_up_to_nothing(scores in prop::collection::vec((-300i32..300).prop_map(|s| s * 10), 1..12)) {
            for total in [CrossImpTotal::Average, CrossImpTotal::Sum] {
                let ns = board(&scores, total);
                prop_assert_eq!(ns.iter().sum::<Ratio<i64>>(), Ratio::zero());
            }
        }
    }
}
