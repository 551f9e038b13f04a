//! Butler: a pairs event scored in IMPs against a datum (SPEC glossary "butler"; the
//! NBB-Clubranking takes its G-IMP, SPEC section 6).
//!
//! Per board the **datum** is the mean of the North-South scores after the highest and
//! the lowest are dropped, rounded to a multiple of 10:
//!
//! - how many are dropped at each end depends on the number of scores on the board; the
//!   default drops none below 5 scores, one from 5 scores and two from 10 scores, and at
//!   least one score always remains ([`DatumRule::drop`] sets other steps);
//! - the mean is rounded to the nearest multiple of [`DatumRule::round_to`] (10), a half
//!   away from zero (435 → 440, −435 → −440); 0 keeps the exact mean.
//!
//! Only real plain scores make the datum. Each result then earns the IMPs of its score
//! minus the datum for North-South, and the opposite for East-West; a weighted score
//! earns the weighted IMPs of its parts; an artificial score earns the IMPs of
//! [`AdjustedImps`] (average 0, average-plus +3, average-minus −3); a result not played
//! is left out for both pairs. A pair's result is its total and its IMPs per board
//! played (G-IMP), by which it is ranked. Boards are compared within the North-South
//! pair's section.

use crate::imps::{self, AdjustedImps, ImpPairResult, ImpPoints, imps_exact};
use crate::matchpoints::Outcome;
use crate::said::ShortBoard;
use crate::session::{Diagnostic, PairInfo, SessionError, Severity, TableResult};
use num_rational::Ratio;

/// How the datum of a board is made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DatumRule {
    /// Steps `(from scores, dropped at each end)`: with at least `from` scores on the
    /// board, that many of the highest and of the lowest are left out of the mean. The
    /// step with the largest `from` that applies wins.
    pub drop: Vec<(usize, usize)>,
    /// The datum is rounded to a multiple of this (10); 0 keeps the exact mean.
    pub round_to: i64,
}

impl Default for DatumRule {
    fn default() -> Self {
        DatumRule {
            drop: vec![(5, 1), (10, 2)],
            round_to: 10,
        }
    }
}

impl DatumRule {
    /// How many scores are dropped at each end of a board with `scores` scores.
    pub fn dropped(&self, scores: usize) -> usize {
        let d = self
            .drop
            .iter()
            .filter(|(from, _)| scores >= *from)
            .max_by_key(|(from, _)| *from)
            .map(|(_, d)| *d)
            .unwrap_or(0);
        // Always keep at least one score.
        d.min(scores.saturating_sub(1) / 2)
    }

    /// The datum of a board's North-South scores; `None` without a score.
    pub fn datum(&self, scores: &[i32]) -> Option<Ratio<i64>> {
        if scores.is_empty() {
            return None;
        }
        let mut sorted = scores.to_vec();
        sorted.sort_unstable();
        let d = self.dropped(sorted.len());
        let kept = &sorted[d..sorted.len() - d];
        let sum: i64 = kept.iter().map(|&s| i64::from(s)).sum();
        let mean = Ratio::new(sum, kept.len() as i64);
        if self.round_to <= 0 {
            return Some(mean);
        }
        let step = Ratio::from_integer(self.round_to);
        // Half away from zero, on multiples of `round_to`.
        let units = (mean / step).round();
        Some(units * step)
    }
}

/// The director's and the club's choices for a butler session.
#[derive(Debug, Clone, Default)]
pub struct ButlerSettings {
    /// How the datum is made.
    pub datum: DatumRule,
    /// The IMPs of artificial scores.
    pub adjusted: AdjustedImps,
}

/// One board of a butler session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ButlerBoard {
    /// The board number.
    pub board: u32,
    /// The section ("" for one section).
    pub section: String,
    /// The datum; `None` when the board has no plain score.
    pub datum: Option<Ratio<i64>>,
    /// Scores dropped at each end before the mean.
    pub dropped: usize,
    /// The results on this board: indices into the session's table results.
    pub entries: Vec<usize>,
}

/// A scored butler session.
#[derive(Debug, Clone)]
pub struct ButlerResult {
    /// Every board, in board order.
    pub boards: Vec<ButlerBoard>,
    /// IMPs per table result, in input order; `None` for results not played.
    pub points: Vec<Option<ImpPoints>>,
    /// Pairs in ranking order (by IMPs per board).
    pub pairs: Vec<ImpPairResult>,
    /// Things the director should look at.
    pub warnings: Vec<Diagnostic>,
}

/// The IMPs North-South earn with `outcome` against `datum` (a weighted score earns the
/// weighted IMPs of its parts).
fn against_datum(outcome: &Outcome, datum: Ratio<i64>) -> Ratio<i64> {
    imps::parts(outcome)
        .into_iter()
        .map(|(w, s)| w * i64::from(imps_exact(Ratio::from_integer(i64::from(s)) - datum)))
        .sum()
}

/// Scores a butler session: a datum per board, IMPs per result, totals and G-IMP.
pub fn score_butler(
    pairs: &[PairInfo],
    results: &[TableResult],
    settings: &ButlerSettings,
) -> Result<ButlerResult, SessionError> {
    let diagnostics = imps::validate(pairs, results);
    if diagnostics.iter().any(|d| d.severity == Severity::Error) {
        return Err(SessionError { diagnostics });
    }
    let mut warnings = diagnostics;
    let mut points: Vec<Option<ImpPoints>> = vec![None; results.len()];
    let mut boards = Vec::new();
    let groups = imps::board_groups(pairs, results);
    let most = imps::most_played(&groups);
    for ((section, board), entries) in groups {
        let scores: Vec<i32> = entries
            .iter()
            .filter_map(|&i| match results[i].outcome {
                Outcome::Score(s) | Outcome::ScoreAndArtificial { score: s, .. } => Some(s),
                _ => None,
            })
            .collect();
        let datum = settings.datum.datum(&scores);
        let real = entries
            .iter()
            .filter(|&&i| results[i].outcome.is_real())
            .count();
        if real > 0 && datum.is_none() {
            warnings.push(Diagnostic::warning(
                results[entries[0]].line(),
                Some(board),
                "no plain score on this board to make a datum: its weighted scores get no IMPs",
            ));
        }
        if scores.len() == 1 {
            warnings.push(Diagnostic::warning(
                results[entries[0]].line(),
                Some(board),
                "only one score on this board: it is its own datum and earns 0 IMPs; check for missing travellers",
            ));
        }
        let expected = most[&section];
        let at = (section.as_str(), board);
        warnings.extend(imps::short_board(
            at,
            &entries,
            results,
            expected,
            ShortBoard::Datum,
        ));
        for &i in &entries {
            let r = &results[i];
            let p = match &r.outcome {
                Outcome::NotPlayed => None,
                Outcome::Artificial { .. } => imps::adjusted(r, &settings.adjusted),
                real => datum.map(|d| {
                    let ns = against_datum(real, d);
                    let p = if r.reversed() {
                        ImpPoints { ns: -ns, ew: ns }
                    } else {
                        ImpPoints { ns, ew: -ns }
                    };
                    imps::with_artificial_side(r, p, &settings.adjusted)
                }),
            };
            points[i] = p;
        }
        boards.push(ButlerBoard {
            board,
            section,
            datum,
            dropped: settings.datum.dropped(scores.len()),
            entries,
        });
    }
    let pairs_out = imps::pair_totals(pairs, results, &points);
    Ok(ButlerResult {
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
    use crate::matchpoints::{Outcome::*, WeightedPart};
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

    #[test]
    fn datum_drops_the_extremes_and_rounds_to_ten() {
        let rule = DatumRule::default();
        // Seven scores: 650 and −100 are dropped; (140 + 170 + 3 × 620) / 5 = 434 → 430.
        let d = rule.datum(&[620, 620, 170, 650, -100, 140, 620]).unwrap();
        assert_eq!(d, Ratio::from_integer(430));
        assert_eq!(rule.dropped(4), 0);
        assert_eq!(rule.dropped(5), 1);
        assert_eq!(rule.dropped(10), 2);
        // A half rounds away from zero.
        assert_eq!(rule.datum(&[430, 440]), Some(Ratio::from_integer(440)));
        assert_eq!(rule.datum(&[-430, -440]), Some(Ratio::from_integer(-440)));
        let exact = DatumRule {
            round_to: 0,
            ..DatumRule::default()
        };
        assert_eq!(exact.datum(&[430, 440]), Some(Ratio::new(435, 1)));
        // Dropping never leaves a board without a score.
        let greedy = DatumRule {
            drop: vec![(1, 5)],
            round_to: 10,
        };
        assert_eq!(
            greedy.datum(&[100, 200, 600]),
            Some(Ratio::from_integer(200))
        );
    }

    #[test]
    fn a_hand_computed_board() {
        // Datum 430 (see above). North-South IMPs:
        // 620 − 430 = 190 → 5; 170 − 430 = −260 → −6; 650 − 430 = 220 → 6;
        // −100 − 430 = −530 → −11; 140 − 430 = −290 → −7.
        let res = vec![
            r(1, 1, 2, Score(620)),
            r(1, 3, 4, Score(620)),
            r(1, 5, 6, Score(170)),
            r(1, 7, 8, Score(650)),
            r(1, 9, 10, Score(-100)),
            r(1, 11, 12, Score(140)),
            r(1, 13, 14, Score(620)),
            r(1, 15, 16, Outcome::Artificial { ns: 60, ew: 40 }),
            r(1, 17, 18, NotPlayed),
        ];
        let s = score_butler(&pairs(18), &res, &ButlerSettings::default()).unwrap();
        let ns: Vec<Option<i64>> = s
            .points
            .iter()
            .map(|p| p.map(|p| p.ns.to_integer()))
            .collect();
        assert_eq!(
            ns,
            [
                Some(5),
                Some(5),
                Some(-6),
                Some(6),
                Some(-11),
                Some(-7),
                Some(5),
                Some(3),
                None
            ]
        );
        assert_eq!(s.points[7].unwrap().ew, Ratio::from_integer(-3));
        assert_eq!(s.boards[0].datum, Some(Ratio::from_integer(430)));
        // The pair of the not-played line played no board.
        let p17 = s.pairs.iter().find(|p| p.pair == 16).unwrap();
        assert_eq!((p17.boards, p17.per_board.clone()), (0, None));
        // Pair 10, East-West against the −100, is best with +11.
        assert_eq!(s.pairs[0].pair, 9);
        assert_eq!(s.pairs[0].total, Exact::integer(11));
    }

    #[test]
    fn g_imp_is_imps_per_board_played() {
        // Pair 1 plays two boards (+5, then −3 as average-minus), pair 3 one board.
        let res = vec![
            r(1, 1, 2, Score(420)),
            r(1, 3, 4, Score(220)),
            r(1, 5, 6, Score(420)),
            r(2, 1, 5, Outcome::Artificial { ns: 40, ew: 60 }),
            r(2, 4, 6, Score(100)),
            r(2, 2, 3, NotPlayed),
        ];
        let s = score_butler(&pairs(6), &res, &ButlerSettings::default()).unwrap();
        // Board 1: datum (420 + 220 + 420) / 3 = 353.3 → 350; 420 − 350 = 70 → 2.
        let p1 = s.pairs.iter().find(|p| p.pair == 0).unwrap();
        assert_eq!(p1.boards, 2);
        assert_eq!(p1.total, Exact::integer(-1));
        assert_eq!(p1.per_board, Some(Exact::new(-1, 2)));
        let p3 = s.pairs.iter().find(|p| p.pair == 2).unwrap();
        assert_eq!(p3.boards, 1);
    }

    #[test]
    fn reversed_and_weighted_results() {
        let mut res = vec![
            r(1, 1, 2, Score(420)),
            r(1, 3, 4, Score(-50)),
            r(
                1,
                5,
                6,
                Weighted(Box::new(vec![
                    WeightedPart {
                        percent: 50,
                        score: 420,
                    },
                    WeightedPart {
                        percent: 50,
                        score: -50,
                    },
                ])),
            ),
        ];
        res[0].set_reversed(true);
        let s = score_butler(&pairs(6), &res, &ButlerSettings::default()).unwrap();
        // Datum (420 − 50) / 2 = 185 → 190: 420 → +230 → 6 (reversed: NS −6);
        // the weighted score: ½ × 6 + ½ × (−240 → −6) = 0.
        assert_eq!(s.points[0].unwrap().ns, Ratio::from_integer(-6));
        assert_eq!(s.points[2].unwrap().ns, Ratio::from_integer(0));
    }

    #[test]
    fn a_substitute_counts_for_the_field_but_has_no_line() {
        // Pair 4 is the file's `-`: its 170 makes the datum and scores pair 1, yet it
        // is not on the list, however well it did.
        let mut ps = pairs(6);
        ps[3].unranked = true;
        let res = vec![
            r(1, 1, 2, Score(420)),
            r(1, 3, 4, Score(170)),
            r(1, 5, 6, Score(450)),
            r(2, 1, 4, Score(110)),
            r(2, 3, 2, Score(140)),
        ];
        let s = score_butler(&ps, &res, &ButlerSettings::default()).unwrap();
        assert!(s.pairs.iter().all(|p| p.pair != 3), "{:?}", s.pairs);
        assert_eq!(s.pairs.len(), 5);
        // Datum of board 1: (420 + 170 + 450) / 3 = 346.7 → 350; 170 → −180 → −5.
        assert_eq!(s.points[1].unwrap().ew, Ratio::from_integer(5));
        assert_eq!(s.pairs[0].rank, Some(1));
    }

    #[test]
    fn a_split_the_imp_forms_do_not_define_is_refused_with_its_line() {
        let mut res = vec![
            r(1, 1, 2, Score(420)),
            r(1, 3, 4, Outcome::Artificial { ns: 70, ew: 30 }),
            r(1, 5, 6, Outcome::Artificial { ns: 60, ew: 60 }),
            r(1, 7, 8, Outcome::Artificial { ns: 55, ew: 50 }),
        ];
        for (k, l) in res.iter_mut().enumerate() {
            l.set_line(k as u32 + 2);
        }
        let err = score_butler(&pairs(8), &res, &ButlerSettings::default())
            .unwrap_err()
            .to_string();
        let says = |split: &str| {
            format!(
                "board 1: the artificial score {split} has no IMPs in the IMP forms: they define average-plus (60 %), average (50 %) and average-minus (40 %) (--adjusted-imps); give each side one of those"
            )
        };
        assert_eq!(
            err,
            format!("line 3: {}\nline 5: {}", says("70/30"), says("55/50"))
        );
    }

    /// Board 1 played three times in each section, board 2 twice in section B (its
    /// lines numbered from 2 in order).
    fn short_in_section_b(second: Outcome) -> (Vec<PairInfo>, Vec<TableResult>) {
        let mut ps = pairs(12);
        for (k, p) in ps.iter_mut().enumerate() {
            p.section = if k < 6 { "A" } else { "B" }.into();
        }
        let mut res = Vec::new();
        for (first, score) in [(1, 420), (7, 450)] {
            for t in 0..3 {
                res.push(r(1, first + 2 * t, first + 2 * t + 1, Score(score)));
            }
        }
        for t in 0..3 {
            res.push(r(2, 1 + 2 * t, 2 + 2 * t, Score(110)));
        }
        res.push(r(2, 7, 8, Score(140)));
        res.push(r(2, 9, 10, second));
        for (k, x) in res.iter_mut().enumerate() {
            x.set_line(k as u32 + 2);
        }
        (ps, res)
    }

    #[test]
    fn a_board_played_fewer_times_than_the_others_of_its_section_is_a_warning() {
        let (ps, res) = short_in_section_b(Score(-50));
        let s = score_butler(&ps, &res, &ButlerSettings::default()).unwrap();
        let told: Vec<String> = s.warnings.iter().map(|w| w.to_string()).collect();
        assert_eq!(
            told,
            [
                "line 11: board 2: 2 results where 3 were expected in section B: the datum is made from the scores the board has, and each pair's IMPs per board are over the boards it played; enter the missing results or mark them NP"
            ]
        );
        assert!(matches!(
            s.warnings[0].said.as_deref(),
            Some(Said::FewerImpResults(FewerImps { results: 2, expected: 3, how: ShortBoard::Datum, group })) if group == "B"
        ));
        // The third result marked not played: nothing is missing.
        let (ps, mut res) = short_in_section_b(Score(-50));
        res.push(r(2, 11, 12, NotPlayed));
        let s = score_butler(&ps, &res, &ButlerSettings::default()).unwrap();
        assert!(s.warnings.is_empty(), "{:?}", s.warnings);
    }

    #[test]
    fn errors_name_the_line() {
        let mut bad = r(1, 2, 2, Score(420));
        bad.set_line(4);
        let err = score_butler(&pairs(2), &[bad], &ButlerSettings::default())
            .unwrap_err()
            .to_string();
        assert_eq!(
            err,
            "line 4: board 1: pair 2 is on both sides of the table: correct the ns or ew pair"
        );
    }

    proptest! {
        #[test]
        fn datum_lies_within_the_scores(scores in prop::collection::vec(-3000i32..3000, 1..20)) {
            let rule = DatumRule { round_to: 0, ..DatumRule::default() };
            let d = rule.datum(&scores).unwrap();
            let lo = Ratio::from_integer(i64::from(*scores.iter().min().unwrap()));
            let hi = Ratio::from_integer(i64::from(*scores.iter().max().unwrap()));
            prop_assert!(lo <= d && d <= hi);
        }
    }
}
