//! Matchpoints for one board of a pairs event (SPEC section 3; seed 000/001 "Bepaling van
//! de punten", seed 003 "Turnuvalarda Puanlama").
//!
//! Every result on a board is compared with every other: a better North-South score wins
//! 2 points, an equal one 1 (the European scale; the ACBL scale gives 1 and ½). The top
//! is 2 × (scores − 1), and North-South plus East-West is the top on every line.
//!
//! What a director can put on a traveller instead of a plain score:
//! - a pass-out is a real score of 0;
//! - a result **not played** is left out for both pairs; a board played fewer times than
//!   expected (a result not played, a late table, a movement with a short board) has its
//!   results rescaled to the full top with the Neuberg formula `M = N/S × (X + 1) − 1`,
//!   or, by the simpler rule some club programs use (ScoreBridge, by clubs' guides to
//!   it), each missing result counts as a tie for every pair that played the board;
//! - an **artificial score** (average 50/50, average-plus 60/40, any split) gives each side
//!   its percentage of the top; under the seed's rule every real score counts it as a tie,
//!   under the EBU/French/New Zealand rule it is left out and the rest Neuberg-scaled;
//! - a **weighted score** (Law 12C1c) is a mix of scores, each matchpointed against the
//!   field and weighted; the other results compare with each part in the same proportion.
//!
//! All arithmetic is integer: each board's matchpoints are numerators over one common
//! denominator, so nothing is rounded here.

use crate::board::Side;
use num_rational::Ratio;

/// The scale of points per comparison.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Scale {
    /// 2 for each score beaten, 1 for each tie; top = 2 × (scores − 1).
    #[default]
    European,
    /// 1 for each score beaten, ½ for each tie; top = scores − 1.
    Acbl,
}

/// How artificial scores (averages and other splits) affect the real scores on a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ArtificialRule {
    /// Each real score counts each artificial score as a tie (seed 000, section 2.5).
    #[default]
    CountAsTies,
    /// Artificial scores are left out, as if the board had not been played at that table,
    /// and the real scores brought up to the full top as for a board played fewer times
    /// (Neuberg-scaled by default; EBU White Book, French and New Zealand programs).
    LeftOut,
}

/// How a board played fewer times than expected is scored: its top stays the full top
/// of the board played every time, and the results it has are brought up to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum MissingRule {
    /// The results are rescaled to the full top with the Neuberg formula
    /// `M = N/S × (X + 1) − 1` (WBF, EBU White Book, most scoring programs).
    #[default]
    Neuberg,
    /// Each missing result counts as a tie for every pair that played the board: 1
    /// European point (half a comparison) per missing result on top of the matchpoints
    /// among the results played, with no rescaling (ScoreBridge's default by clubs'
    /// guides to it, and the way clubs score such a board by hand). On a board of four
    /// tables played three times a top is 4 + 1 = 5 of 6, where Neuberg gives 5.67.
    CountAsTies,
}

/// One part of a weighted score: a percentage of weight and a North-South score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WeightedPart {
    /// Weight in percent (the parts of one weighted score add up to 100).
    pub percent: u8,
    /// The North-South score this part stands for.
    pub score: i32,
}

/// What a traveller line says about one table's play of a board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// A real score from North-South's point of view; a pass-out is 0.
    Score(i32),
    /// The board was not played at this table; neither pair is scored on it.
    NotPlayed,
    /// An artificial adjusted score: each side's percentage of the top (50/50 = average).
    Artificial {
        /// North-South's percentage of the top.
        ns: u8,
        /// East-West's percentage of the top.
        ew: u8,
    },
    /// A real score for the field and for one side, while the other side gets an
    /// artificial percentage of the top instead (Ruter's `+0` beside `A+`: the side not
    /// at fault gets average-plus, the side at fault is scored as if the result were 0).
    ScoreAndArtificial {
        /// The score from North-South's point of view, compared with the field.
        score: i32,
        /// The side that gets the artificial score.
        side: Side,
        /// That side's percentage of the top.
        percent: u8,
    },
    /// A weighted score (Law 12C1c): parts whose percentages add up to 100. Boxed so
    /// that an outcome takes 16 bytes: a large field holds a million of them, and
    /// weighted scores are rare.
    #[allow(clippy::box_collection)]
    Weighted(Box<Vec<WeightedPart>>),
}

impl Outcome {
    /// The director's average: 50 % of the top to both sides.
    pub const AVERAGE: Outcome = Outcome::Artificial { ns: 50, ew: 50 };

    /// Whether this is a real result compared with the others (a score or weighted score).
    pub fn is_real(&self) -> bool {
        matches!(
            self,
            Outcome::Score(_) | Outcome::Weighted(_) | Outcome::ScoreAndArtificial { .. }
        )
    }
}

/// The rules a board is matchpointed by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Rules {
    /// European (2 per score beaten) or ACBL (1 per score beaten).
    pub scale: Scale,
    /// How artificial scores affect the real ones.
    pub artificial: ArtificialRule,
    /// How a board played fewer times than expected is brought up to the full top.
    pub missing: MissingRule,
}

/// The matchpoints of one result as numerators over the board's common denominator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MpPair {
    /// North-South's matchpoints × denominator.
    pub ns: i64,
    /// East-West's matchpoints × denominator.
    pub ew: i64,
}

/// The matchpoints of every result on one board.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct BoardScore {
    /// The full top of the board (after any Neuberg rescaling), in the scale's points.
    pub top: i64,
    /// The common denominator of every figure in `results`.
    pub denom: i64,
    /// One entry per outcome, in input order; `None` for a result not played.
    pub results: Vec<Option<MpPair>>,
    /// Whether the real scores were rescaled with the Neuberg formula (never when the
    /// missing results count as ties).
    pub neuberg: bool,
}

impl BoardScore {
    /// A result's North-South and East-West matchpoints as exact fractions.
    pub fn matchpoints(&self, index: usize) -> Option<(Ratio<i64>, Ratio<i64>)> {
        self.results[index].map(|p| (Ratio::new(p.ns, self.denom), Ratio::new(p.ew, self.denom)))
    }

    /// The top as an exact fraction (always a whole number).
    pub fn top_ratio(&self) -> Ratio<i64> {
        Ratio::from_integer(self.top)
    }
}

/// The Neuberg formula in European points: `N/S × (X + 1) − 1` for a score worth `x` on a
/// board with `s` scores that should have had `n`.
pub fn neuberg(x: Ratio<i64>, n: i64, s: i64) -> Ratio<i64> {
    (x + 1) * Ratio::new(n, s) - 1
}

/// Scratch space reused from board to board so that scoring a large field allocates
/// nothing per board.
#[derive(Debug, Clone, Default)]
pub struct Scratch {
    plain: Vec<i32>,
    weighted: Vec<usize>,
    /// For a board with many results: the European points of every score between the
    /// lowest and the highest, so that each result's points are one look-up.
    table: Vec<u32>,
    /// The lowest score, the first entry of `table`, when the table is in use.
    table_min: Option<i32>,
    /// Tests compare the table with binary search by turning it off.
    #[cfg(test)]
    no_table: bool,
}

impl Scratch {
    /// Prepares `points_against` for the collected plain scores: a table of points when
    /// the board has many results spread over a range not much wider than their number
    /// (a large field), else the scores sorted for binary search.
    fn rank_plain(&mut self) {
        self.table_min = None;
        let n = self.plain.len();
        #[cfg(test)]
        let n = if self.no_table { 0 } else { n };
        if n >= 64 {
            let (lo, hi) = self
                .plain
                .iter()
                .fold((i32::MAX, i32::MIN), |(lo, hi), &s| (lo.min(s), hi.max(s)));
            let range = (i64::from(hi) - i64::from(lo) + 1) as usize;
            if range <= 4 * n + 4096 {
                self.table.clear();
                self.table.resize(range, 0);
                for &s in &self.plain {
                    self.table[(s - lo) as usize] += 1;
                }
                // Each score: twice the scores below it plus the scores equal to it.
                let mut below = 0u32;
                for t in &mut self.table {
                    let count = *t;
                    *t = 2 * below + count;
                    below += count;
                }
                self.table_min = Some(lo);
                return;
            }
        }
        self.plain.sort_unstable();
    }

    /// Twice the number of plain scores below `s` plus the number equal to it: the
    /// European points `s` earns against all of them (its own copy included once).
    fn points_against(&self, s: i32) -> i64 {
        match self.table_min {
            Some(lo) => {
                let i = i64::from(s) - i64::from(lo);
                if i < 0 {
                    0
                } else if i as usize >= self.table.len() {
                    2 * self.plain.len() as i64
                } else {
                    i64::from(self.table[i as usize])
                }
            }
            None => points_against(&self.plain, s),
        }
    }
}

/// 2 when `a` beats `b`, 1 when equal, 0 when beaten (European points for one comparison).
fn cmp2(a: i32, b: i32) -> i64 {
    match a.cmp(&b) {
        std::cmp::Ordering::Greater => 2,
        std::cmp::Ordering::Equal => 1,
        std::cmp::Ordering::Less => 0,
    }
}

/// Twice the number of `plain` scores below `s` plus the number equal to it:
/// the European points `s` earns against all of them (its own copy included once).
fn points_against(sorted: &[i32], s: i32) -> i64 {
    let below = sorted.partition_point(|&x| x < s);
    let upto = below + sorted[below..].partition_point(|&x| x <= s);
    (2 * below + (upto - below)) as i64
}

/// Matchpoints one board.
///
/// `outcomes` are the board's results within one comparison group; `expected` is how many
/// results the board should have had (from the movement, or the most-played board), so
/// that a board with fewer is brought up to the full top as `rules.missing` says.
pub fn score_board(
    outcomes: &[&Outcome],
    expected: usize,
    rules: Rules,
    scratch: &mut Scratch,
) -> BoardScore {
    let tally = scratch.collect(outcomes);
    scratch.rank_plain();
    let board = Figures::new(
        outcomes,
        expected,
        rules,
        tally,
        !scratch.weighted.is_empty(),
    );
    let mut results = Vec::with_capacity(outcomes.len());
    for (i, o) in outcomes.iter().enumerate() {
        let mp = match o {
            Outcome::NotPlayed => None,
            Outcome::Artificial { ns, ew } => {
                let scale = board.denom / 100;
                Some(MpPair {
                    ns: i64::from(*ns) * board.top_e * scale,
                    ew: i64::from(*ew) * board.top_e * scale,
                })
            }
            Outcome::Score(sc) | Outcome::ScoreAndArtificial { score: sc, .. } => {
                Some(board.real(o, *sc, outcomes, scratch))
            }
            Outcome::Weighted(parts) => Some(board.weighted(i, parts, outcomes, scratch)),
        };
        results.push(mp);
    }
    let mut denom = board.denom;
    let top = match rules.scale {
        Scale::European => board.top_e,
        Scale::Acbl => {
            denom *= 2;
            board.n - 1
        }
    };
    BoardScore {
        top,
        denom,
        results,
        neuberg: board.neuberg,
    }
}

/// How many of a board's results are real, artificial and not played.
#[derive(Debug, Clone, Copy)]
struct Tally {
    real: usize,
    artificial: usize,
    not_played: usize,
}

impl Scratch {
    /// Collects a board's plain scores and the places of its weighted scores, and
    /// counts its results of each kind.
    fn collect(&mut self, outcomes: &[&Outcome]) -> Tally {
        let mut real = 0usize;
        let mut artificial = 0usize;
        let mut not_played = 0usize;
        self.plain.clear();
        self.weighted.clear();
        for (i, o) in outcomes.iter().enumerate() {
            match o {
                Outcome::Score(s) | Outcome::ScoreAndArtificial { score: s, .. } => {
                    real += 1;
                    self.plain.push(*s);
                }
                Outcome::Weighted(_) => {
                    real += 1;
                    self.weighted.push(i);
                }
                Outcome::Artificial { .. } => artificial += 1,
                Outcome::NotPlayed => not_played += 1,
            }
        }
        Tally {
            real,
            artificial,
            not_played,
        }
    }
}

/// What every result on a board is scored with: its size, scale and ties.
#[derive(Debug, Clone, Copy)]
struct Figures {
    /// How many results the board should have had (at least those it has).
    n: i64,
    /// How many scores each real result is compared with, its own included.
    s: i64,
    /// The factor European points are worked in.
    h: i64,
    /// The ties every real result gets on top of its comparisons.
    tie_credit: i64,
    /// Whether the real results are Neuberg-scaled onto the full top.
    neuberg: bool,
    /// The common denominator (before the ACBL scale halves the points).
    denom: i64,
    /// The full top in European points.
    top_e: i64,
}

impl Figures {
    /// The figures of a board of `outcomes` counted in `tally`; `weighted` when it has
    /// weighted scores.
    fn new(
        outcomes: &[&Outcome],
        expected: usize,
        rules: Rules,
        tally: Tally,
        weighted: bool,
    ) -> Figures {
        let Tally {
            real,
            artificial,
            not_played,
        } = tally;
        let n = expected.max(real + artificial + not_played).max(1) as i64;
        let (s, tie_credit) = match rules.artificial {
            ArtificialRule::CountAsTies => ((real + artificial) as i64, artificial as i64),
            ArtificialRule::LeftOut => (real as i64, 0),
        };
        // Work in European points scaled by `h`: 1 for plain boards, 100 when percentages
        // appear, 10,000 when two weights can multiply.
        let percentages = artificial > 0
            || outcomes
                .iter()
                .any(|o| matches!(o, Outcome::ScoreAndArtificial { .. }));
        let h: i64 = if weighted {
            10_000
        } else if percentages {
            100
        } else {
            1
        };
        // Fewer results than expected: Neuberg-scaled, or each missing one a tie.
        let short = s > 0 && s < n;
        let neuberg = short && rules.missing == MissingRule::Neuberg;
        let tie_credit = if short && rules.missing == MissingRule::CountAsTies {
            tie_credit + (n - s)
        } else {
            tie_credit
        };
        let denom = if neuberg { h * s } else { h };
        Figures {
            n,
            s,
            h,
            tie_credit,
            neuberg,
            denom,
            top_e: 2 * (n - 1),
        }
    }

    /// European points × h of a real result, rescaled onto the full top.
    #[inline]
    fn finish(&self, raw_h: i64) -> i64 {
        if self.neuberg {
            (raw_h + self.h) * self.n - self.h * self.s
        } else {
            raw_h
        }
    }

    /// The matchpoints of the real score `sc` of outcome `o` (a plain score, or one that
    /// gives one side an artificial score instead).
    #[inline]
    fn real(&self, o: &Outcome, sc: i32, outcomes: &[&Outcome], scratch: &Scratch) -> MpPair {
        let (h, denom, top_e) = (self.h, self.denom, self.top_e);
        // Against the plain scores, minus the comparison with itself.
        let mut raw = (scratch.points_against(sc) - 1) * h;
        for &w in &scratch.weighted {
            for part in weighted_parts(outcomes, w) {
                raw += i64::from(part.percent) * 100 * cmp2(sc, part.score);
            }
        }
        raw += self.tie_credit * h;
        let ns = self.finish(raw);
        let mut mp = MpPair {
            ns,
            ew: top_e * denom - ns,
        };
        if let Outcome::ScoreAndArtificial { side, percent, .. } = o {
            let given = i64::from(*percent) * top_e * (denom / 100);
            match side {
                Side::NorthSouth => mp.ns = given,
                Side::EastWest => mp.ew = given,
            }
        }
        mp
    }

    /// The matchpoints of the weighted score at place `i`, of `parts`: each part against
    /// the plain scores and the other weighted scores' parts.
    #[inline]
    fn weighted(
        &self,
        i: usize,
        parts: &[WeightedPart],
        outcomes: &[&Outcome],
        scratch: &Scratch,
    ) -> MpPair {
        let mut raw = 0i64;
        for part in parts.iter() {
            let p = i64::from(part.percent) * 100;
            raw += p * scratch.points_against(part.score);
            for &w in &scratch.weighted {
                if w == i {
                    continue;
                }
                for q in weighted_parts(outcomes, w) {
                    raw +=
                        i64::from(part.percent) * i64::from(q.percent) * cmp2(part.score, q.score);
                }
            }
        }
        raw += self.tie_credit * self.h;
        let ns = self.finish(raw);
        MpPair {
            ns,
            ew: self.top_e * self.denom - ns,
        }
    }
}

/// The parts of the weighted score at place `i` of `outcomes` (none for any other).
#[inline]
fn weighted_parts<'o>(outcomes: &[&'o Outcome], i: usize) -> &'o [WeightedPart] {
    match outcomes[i] {
        Outcome::Weighted(parts) => parts,
        _ => &[],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn score(outcomes: &[Outcome], expected: usize, rules: Rules) -> BoardScore {
        let refs: Vec<&Outcome> = outcomes.iter().collect();
        score_board(&refs, expected, rules, &mut Scratch::default())
    }

    /// North-South and East-West matchpoints as (f64, f64) rounded to 2 decimals.
    fn mps(b: &BoardScore) -> Vec<Option<(f64, f64)>> {
        (0..b.results.len())
            .map(|i| {
                b.matchpoints(i).map(|(ns, ew)| {
                    let r = |x: Ratio<i64>| {
                        (*x.numer() as f64 / *x.denom() as f64 * 100.0).round() / 100.0
                    };
                    (r(ns), r(ew))
                })
            })
            .collect()
    }

    fn ns_points(b: &BoardScore) -> Vec<Ratio<i64>> {
        (0..b.results.len())
            .filter_map(|i| b.matchpoints(i).map(|m| m.0))
            .collect()
    }

    fn ints(v: &[i64]) -> Vec<Ratio<i64>> {
        v.iter().map(|&x| Ratio::from_integer(x)).collect()
    }

    use Outcome::Score;

    #[test]
    fn seed_example_1_normal_board_top_8() {
        let b = score(
            &[Score(800), Score(550), Score(400), Score(130), Score(100)],
            5,
            Rules::default(),
        );
        assert_eq!(b.top, 8);
        assert_eq!(ns_points(&b), ints(&[8, 6, 4, 2, 0]));
        // The second table: 800, 400, 200, E/W 150, and a last row the seed prints as
        // "-200 | 300" (N/S -200, E/W 300): either reading is the lowest N/S score.
        for last in [-200, -300] {
            let b = score(
                &[Score(800), Score(400), Score(200), Score(-150), Score(last)],
                5,
                Rules::default(),
            );
            assert_eq!(ns_points(&b), ints(&[8, 6, 4, 2, 0]));
        }
    }

    #[test]
    fn seed_example_2_pass_is_a_real_zero() {
        // The second table's last row is printed "-200 | 300" as in example 1.
        for last in [-200, -300] {
            let b = score(
                &[Score(800), Score(400), Score(0), Score(-150), Score(last)],
                5,
                Rules::default(),
            );
            assert_eq!(ns_points(&b), ints(&[8, 6, 4, 2, 0]));
        }
        let b = score(
            &[Score(800), Score(550), Score(400), Score(130), Score(0)],
            5,
            Rules::default(),
        );
        assert_eq!(ns_points(&b), ints(&[8, 6, 4, 2, 0]));
    }

    #[test]
    fn seed_example_3_bye_top_follows_the_scores_present() {
        // 9 pairs: 4 scores on the board, top 6.
        let b = score(
            &[Score(550), Score(400), Score(130), Score(100)],
            4,
            Rules::default(),
        );
        assert_eq!(b.top, 6);
        assert_eq!(ns_points(&b), ints(&[6, 4, 2, 0]));
        // "9 paren, 8 spelende en 1 Bye, Top = 8-2 = 6 pnt." (9 pairs, 8 playing and a
        // bye, top 6). The second table: 800, 400, 200, E/W 300, "rust" (the bye):
        // N/S 6, 4, 2, 0 and E/W 0, 2, 4, 6.
        let b = score(
            &[Score(800), Score(400), Score(200), Score(-300)],
            4,
            Rules::default(),
        );
        assert_eq!(b.top, 6);
        assert_eq!(
            mps(&b),
            [
                Some((6.0, 0.0)),
                Some((4.0, 2.0)),
                Some((2.0, 4.0)),
                Some((0.0, 6.0))
            ]
        );
        // 13 pairs: 12 playing, 6 scores, top 10.
        let six: Vec<Outcome> = (0..6).map(|i| Score(i * 10)).collect();
        assert_eq!(score(&six, 6, Rules::default()).top, 10);
    }

    #[test]
    fn seed_example_4_neuberg_semi_bye() {
        // 14 pairs, 7 scores expected, one not played.
        let b = score(
            &[
                Score(510),
                Score(480),
                Score(450),
                Score(420),
                Outcome::NotPlayed,
                Score(-50),
                Score(-100),
            ],
            7,
            Rules::default(),
        );
        assert_eq!(b.top, 12);
        assert!(b.neuberg);
        let got = mps(&b);
        let want = [
            Some((11.83, 0.17)),
            Some((9.5, 2.5)),
            Some((7.17, 4.83)),
            Some((4.83, 7.17)),
            None,
            Some((2.5, 9.5)),
            Some((0.17, 11.83)),
        ];
        assert_eq!(got, want);
        assert_eq!(b.matchpoints(0).unwrap().0, Ratio::new(71, 6));
        assert_eq!(neuberg(Ratio::from_integer(10), 7, 6), Ratio::new(71, 6));
        assert_eq!(neuberg(Ratio::from_integer(0), 7, 6), Ratio::new(1, 6));
    }

    #[test]
    fn seed_example_5_averages() {
        let b = score(
            &[
                Score(550),
                Score(400),
                Score(130),
                Score(100),
                Outcome::AVERAGE,
            ],
            5,
            Rules::default(),
        );
        assert_eq!(b.top, 8);
        assert_eq!(ns_points(&b), ints(&[7, 5, 3, 1, 4]));
        assert_eq!(b.matchpoints(4).unwrap().1, Ratio::from_integer(4));
        let b = score(
            &[
                Score(800),
                Score(400),
                Score(-300),
                Outcome::AVERAGE,
                Outcome::AVERAGE,
            ],
            5,
            Rules::default(),
        );
        assert_eq!(ns_points(&b), ints(&[6, 4, 2, 4, 4]));
    }

    #[test]
    fn turkish_seed_unfinished_table_shares_the_top() {
        // Seed 003: "o masadaki iki ekip toplam puan olan 6 puanı 3-3 paylaşırlar. [...]
        // en iyi performansı gösteren ekip 6 değil 5 puan kazanır, ikinci ekip 3, üçüncü
        // ekip 1 puan kazanır" (the two teams of the unfinished table share the 6 points
        // 3-3; the best team gets 5 instead of 6, the second 3, the third 1). The seed's
        // table of 4 tables (N/S +50, E/W 420, pass, E/W 170), the third one unfinished.
        let b = score(
            &[Score(50), Score(-420), Outcome::AVERAGE, Score(-170)],
            4,
            Rules::default(),
        );
        let got = mps(&b);
        assert_eq!(
            got,
            [
                Some((5.0, 1.0)),
                Some((1.0, 5.0)),
                Some((3.0, 3.0)),
                Some((3.0, 3.0))
            ]
        );
        // Seed 003's tables: 50, -420, -450, -170 and with a pass.
        let b = score(
            &[Score(50), Score(-420), Score(-450), Score(-170)],
            4,
            Rules::default(),
        );
        assert_eq!(ns_points(&b), ints(&[6, 2, 0, 4]));
        let b = score(
            &[Score(50), Score(-420), Score(0), Score(-170)],
            4,
            Rules::default(),
        );
        assert_eq!(ns_points(&b), ints(&[6, 0, 4, 2]));
    }

    #[test]
    fn turkish_seed_top_grows_by_two_a_table_and_ties_share() {
        // Seed 003: "iki masa için bir ekibin bir oyunda kazanacağı maksimum maç puanı
        // 2'dir. Ondan sonra ilave her masa için 2 puan ilave edilir. Mesela 4 masa
        // oynanıyorsa, maksimum oyun puanı 6 'dır." (with two tables the most a team can
        // win on a board is 2, then 2 more for each further table: 6 with 4 tables.)
        let tables = [Score(50), Score(-420), Score(-450), Score(-170)];
        for (n, top) in [(2, 2), (3, 4), (4, 6)] {
            assert_eq!(score(&tables[..n], n, Rules::default()).top, top);
        }
        let b = score(&tables[..2], 2, Rules::default());
        assert_eq!(mps(&b), [Some((2.0, 0.0)), Some((0.0, 2.0))]);
        // "3.Ekip 4 Pik'i 1 fazla çıkarmamış ve Bien yapmış olsaydı, 2.Ekiple sayıları
        // eşit (420) olacaktı. [...] her ikisi de (6+4)/2=5 puan kazanmış olacaklar,
        // rakipleri de 1'er puan alacaklardı." (had team 3 made 4S exactly, it would tie
        // with team 2 on 420: each gets (6+4)/2 = 5, their opponents 1 each.)
        let b = score(
            &[Score(50), Score(-420), Score(-420), Score(-170)],
            4,
            Rules::default(),
        );
        assert_eq!(
            mps(&b),
            [
                Some((6.0, 0.0)),
                Some((1.0, 5.0)),
                Some((1.0, 5.0)),
                Some((4.0, 2.0))
            ]
        );
        // "tüm masalarda aynı oyunun oynanıp aynı puanların alınması halinde tüm ekiplerin
        // 3 puan kazanmış olacağını" (the same score at every table gives every team 3).
        let b = score(&[const { Score(-420) }; 4], 4, Rules::default());
        assert_eq!(mps(&b), [Some((3.0, 3.0)); 4]);
    }

    #[test]
    fn seed_example_6_ties_share() {
        let b = score(
            &[Score(-200), Score(-170), Score(-140), Score(-140)],
            4,
            Rules::default(),
        );
        assert_eq!(ns_points(&b), ints(&[0, 2, 5, 5]));
        let b = score(
            &[Score(100), Score(100), Score(100), Score(-620)],
            4,
            Rules::default(),
        );
        assert_eq!(ns_points(&b), ints(&[4, 4, 4, 0]));
        let b = score(&[const { Score(-100) }; 4], 4, Rules::default());
        assert_eq!(ns_points(&b), ints(&[3, 3, 3, 3]));
        // Top 6 with 140, 140 on top: (4 + 6) / 2 = 5 each.
        let b = score(
            &[Score(140), Score(140), Score(100), Score(50)],
            4,
            Rules::default(),
        );
        assert_eq!(ns_points(&b), ints(&[5, 5, 2, 0]));
    }

    #[test]
    fn acbl_scale_halves_the_points() {
        let rules = Rules {
            scale: Scale::Acbl,
            ..Rules::default()
        };
        let b = score(&[Score(140), Score(140), Score(100), Score(50)], 4, rules);
        assert_eq!(b.top, 3);
        assert_eq!(
            ns_points(&b),
            vec![
                Ratio::new(5, 2),
                Ratio::new(5, 2),
                Ratio::from_integer(1),
                Ratio::from_integer(0)
            ]
        );
    }

    #[test]
    fn splits_give_their_percentage_of_the_top() {
        let b = score(
            &[
                Score(420),
                Score(170),
                Outcome::Artificial { ns: 60, ew: 40 },
                Outcome::Artificial { ns: 40, ew: 40 },
            ],
            4,
            Rules::default(),
        );
        // Top 6: 60 % = 3.6, 40 % = 2.4; real scores count both as ties.
        let got = mps(&b);
        assert_eq!(got[2], Some((3.6, 2.4)));
        assert_eq!(got[3], Some((2.4, 2.4)));
        assert_eq!(got[0], Some((4.0, 2.0)));
        assert_eq!(got[1], Some((2.0, 4.0)));
    }

    #[test]
    fn a_split_scores_one_side_with_the_field_and_gives_the_other_its_percentage() {
        // Ruter's `+0` beside `A+`: the result 0 is compared with the field for
        // North-South, East-West (not at fault) gets 60 % of the top instead.
        let b = score(
            &[
                Score(420),
                Score(-50),
                Outcome::ScoreAndArtificial {
                    score: 0,
                    side: Side::EastWest,
                    percent: 60,
                },
            ],
            3,
            Rules::default(),
        );
        // Top 4: 0 beats -50 and loses to 420, so 2 for North-South; East-West gets
        // 60 % of 4 = 2.4, not the complement 2. The field sees 0 as a real score:
        // 420 beats it and -50 loses to it.
        let got = mps(&b);
        assert_eq!(got[2], Some((2.0, 2.4)));
        assert_eq!(got[0], Some((4.0, 0.0)));
        assert_eq!(got[1], Some((0.0, 4.0)));
    }

    #[test]
    fn artificial_left_out_rescales_the_rest() {
        let rules = Rules {
            artificial: ArtificialRule::LeftOut,
            ..Rules::default()
        };
        let b = score(
            &[
                Score(550),
                Score(400),
                Score(130),
                Score(100),
                Outcome::AVERAGE,
            ],
            5,
            rules,
        );
        // 4 real scores (top 6) rescaled to 5 results (top 8): 6 -> 7.75 ... 0 -> 0.25.
        assert!(b.neuberg);
        assert_eq!(
            ns_points(&b),
            vec![
                Ratio::new(31, 4),
                Ratio::new(21, 4),
                Ratio::new(11, 4),
                Ratio::new(1, 4),
                Ratio::from_integer(4)
            ]
        );
    }

    #[test]
    fn weighted_score_is_matchpointed_against_the_field() {
        // Four tables; one weighted 30 % of 420 and 70 % of -50.
        let w = Outcome::Weighted(Box::new(vec![
            WeightedPart {
                percent: 30,
                score: 420,
            },
            WeightedPart {
                percent: 70,
                score: -50,
            },
        ]));
        let b = score(
            &[Score(420), Score(100), Score(-100), w],
            4,
            Rules::default(),
        );
        let got: Vec<Ratio<i64>> = ns_points(&b);
        // 420 as a score: 1 tie and 2 wins = 5; -50: beats -100 only = 2.
        // Weighted: 0.3 × 5 + 0.7 × 2 = 2.9.
        assert_eq!(got[3], Ratio::new(29, 10));
        // 420 vs weighted: 0.3 × 1 + 0.7 × 2 = 1.7, plus 4 against the other two.
        assert_eq!(got[0], Ratio::new(57, 10));
        for i in 0..4 {
            let (ns, ew) = b.matchpoints(i).unwrap();
            assert_eq!(ns + ew, Ratio::from_integer(6));
        }
        let total: Ratio<i64> = got.iter().sum();
        assert_eq!(total, Ratio::from_integer(12));
    }

    #[test]
    fn single_result_gets_the_average() {
        let b = score(&[Score(420), Outcome::NotPlayed], 2, Rules::default());
        assert_eq!(
            b.matchpoints(0).unwrap(),
            (Ratio::from_integer(1), Ratio::from_integer(1))
        );
    }

    fn ties() -> Rules {
        Rules {
            missing: MissingRule::CountAsTies,
            ..Rules::default()
        }
    }

    #[test]
    fn missing_results_count_as_ties_on_a_board_played_three_times_of_four() {
        // Four tables, top 6; the board was played three times. Among the three results a
        // top is 4, a middle 2, a bottom 0; the missing result is a tie (1) for each.
        let played = [Score(420), Score(170), Score(-50), Outcome::NotPlayed];
        let b = score(&played, 4, ties());
        assert_eq!(b.top, 6);
        assert!(!b.neuberg);
        assert_eq!(ns_points(&b), ints(&[5, 3, 1]));
        assert_eq!(b.results[3], None);
        for i in 0..3 {
            let (ns, ew) = b.matchpoints(i).unwrap();
            assert_eq!(ns + ew, Ratio::from_integer(6));
        }
        // The same without the NP line: the fourth result simply never came.
        let b = score(&played[..3], 4, ties());
        assert_eq!(ns_points(&b), ints(&[5, 3, 1]));
        assert!(!b.neuberg);
        // Neuberg: (4 + 1) × 4/3 − 1 = 17/3 = 5.67 for the top.
        let b = score(&played[..3], 4, Rules::default());
        assert!(b.neuberg);
        assert_eq!(
            ns_points(&b),
            vec![Ratio::new(17, 3), Ratio::from_integer(3), Ratio::new(1, 3)]
        );
    }

    #[test]
    fn missing_results_count_as_ties_on_the_acbl_scale() {
        // Top 3; the top among three is 2, plus ½ for the missing result.
        let rules = Rules {
            scale: Scale::Acbl,
            ..ties()
        };
        let b = score(&[Score(420), Score(170), Score(-50)], 4, rules);
        assert_eq!(b.top, 3);
        assert!(!b.neuberg);
        assert_eq!(
            ns_points(&b),
            vec![Ratio::new(5, 2), Ratio::new(3, 2), Ratio::new(1, 2)]
        );
        for i in 0..3 {
            let (ns, ew) = b.matchpoints(i).unwrap();
            assert_eq!(ns + ew, Ratio::from_integer(3));
        }
        // Played twice of four: the better result 1 + 2 × ½ = 2, the other 0 + 1 = 1.
        let b = score(&[Score(-100), Score(140)], 4, rules);
        assert_eq!(ns_points(&b), ints(&[1, 2]));
    }

    #[test]
    fn a_board_played_twice_of_four_gives_two_ties() {
        // Top 6: the better of two results 2 + 2 = 4, the other 0 + 2 = 2.
        let b = score(&[Score(140), Score(-100)], 4, ties());
        assert_eq!(ns_points(&b), ints(&[4, 2]));
        assert_eq!(b.matchpoints(1).unwrap().1, Ratio::from_integer(4));
        // One result of four: three ties, the average.
        let b = score(&[Score(140)], 4, ties());
        assert_eq!(ns_points(&b), ints(&[3]));
    }

    #[test]
    fn missing_results_and_averages_are_both_ties() {
        // Five tables, top 8; played four times, one of them an average. Every real score
        // counts the average and the missing result as a tie each; the average is 4.
        let board = [Score(550), Score(400), Outcome::AVERAGE, Score(100)];
        let b = score(&board, 5, ties());
        assert_eq!(b.top, 8);
        assert!(!b.neuberg);
        assert_eq!(ns_points(&b), ints(&[6, 4, 4, 2]));
        // An average left out is a missing result like any other.
        let rules = Rules {
            artificial: ArtificialRule::LeftOut,
            ..ties()
        };
        assert_eq!(ns_points(&score(&board, 5, rules)), ints(&[6, 4, 4, 2]));
        // A 60/40 split keeps its percentage of the full top.
        let board = [
            Score(550),
            Score(400),
            Outcome::Artificial { ns: 60, ew: 40 },
            Score(100),
        ];
        let got = mps(&score(&board, 5, ties()));
        assert_eq!(got[2], Some((4.8, 3.2)));
        assert_eq!(got[0], Some((6.0, 2.0)));
    }

    #[test]
    fn a_weighted_score_on_a_short_board_gets_the_ties_too() {
        // The weighted example above on a board of five tables: each real result gains
        // 1 for the missing result, the top is 8.
        let w = Outcome::Weighted(Box::new(vec![
            WeightedPart {
                percent: 30,
                score: 420,
            },
            WeightedPart {
                percent: 70,
                score: -50,
            },
        ]));
        let b = score(&[Score(420), Score(100), Score(-100), w], 5, ties());
        assert_eq!(b.top, 8);
        let got = ns_points(&b);
        assert_eq!(got[3], Ratio::new(39, 10));
        assert_eq!(got[0], Ratio::new(67, 10));
        for i in 0..4 {
            let (ns, ew) = b.matchpoints(i).unwrap();
            assert_eq!(ns + ew, Ratio::from_integer(8));
        }
    }

    #[test]
    fn a_full_board_is_the_same_under_both_rules() {
        let board = [
            Score(800),
            Score(550),
            Outcome::AVERAGE,
            Score(130),
            Score(100),
        ];
        assert_eq!(score(&board, 5, ties()), score(&board, 5, Rules::default()));
    }

    fn outcome() -> impl Strategy<Value = Outcome> {
        prop_oneof![
            8 => (-30i32..30).prop_map(|s| Score(s * 10)),
            1 => Just(Outcome::NotPlayed),
            1 => (0u8..=100, 0u8..=100).prop_map(|(ns, ew)| Outcome::Artificial { ns, ew }),
            1 => ((0u8..=100), -20i32..20, -20i32..20).prop_map(|(p, a, b)| Outcome::Weighted(Box::new(vec![
                WeightedPart { percent: p, score: a * 10 },
                WeightedPart { percent: 100 - p, score: b * 10 },
            ]))),
        ]
    }

    fn rules() -> impl Strategy<Value = Rules> {
        (any::<bool>(), any::<bool>(), any::<bool>()).prop_map(|(a, b, c)| Rules {
            scale: if a { Scale::Acbl } else { Scale::European },
            artificial: if b {
                ArtificialRule::LeftOut
            } else {
                ArtificialRule::CountAsTies
            },
            missing: if c {
                MissingRule::CountAsTies
            } else {
                MissingRule::Neuberg
            },
        })
    }

    /// A large field's board: many results over a narrow or a wide range of scores.
    fn large_board() -> impl Strategy<Value = Vec<Outcome>> {
        (1i32..800).prop_flat_map(|spread| {
            prop::collection::vec(
                prop_oneof![
                    12 => (-spread..=spread).prop_map(|s| Score(s * 10)),
                    1 => Just(Outcome::NotPlayed),
                    1 => (0u8..=100).prop_map(|ns| Outcome::Artificial { ns, ew: 100 - ns }),
                    1 => (0u8..=100, -900i32..900).prop_map(move |(p, a)| Outcome::Weighted(Box::new(vec![
                        WeightedPart { percent: p, score: a * 10 },
                        WeightedPart { percent: 100 - p, score: 0 },
                    ]))),
                ],
                60..400,
            )
        })
    }

    proptest! {
        #[test]
        fn the_table_of_a_large_board_gives_what_binary_search_gives(
            v in large_board(), extra in 0usize..3, r in rules()
        ) {
            let refs: Vec<&Outcome> = v.iter().collect();
            let mut table = Scratch::default();
            let mut search = Scratch { no_table: true, ..Scratch::default() };
            let a = score_board(&refs, v.len() + extra, r, &mut table);
            let b = score_board(&refs, v.len() + extra, r, &mut search);
            prop_assert_eq!(a, b);
        }

        #[test]
        fn ns_plus_ew_is_the_top_on_every_real_result(
            v in prop::collection::vec(outcome(), 1..30), extra in 0usize..4, r in rules()
        ) {
            let b = score(&v, v.len() + extra, r);
            for (i, o) in v.iter().enumerate() {
                match (o, b.results[i]) {
                    (Outcome::NotPlayed, None) => {}
                    (Outcome::Artificial { ns, ew }, Some(p)) => {
                        prop_assert_eq!(p.ns * 100, i64::from(*ns) * b.top * b.denom);
                        prop_assert_eq!(p.ew * 100, i64::from(*ew) * b.top * b.denom);
                    }
                    (_, Some(p)) => prop_assert_eq!(p.ns + p.ew, b.top * b.denom),
                    _ => prop_assert!(false, "not played must have no matchpoints"),
                }
            }
        }

        #[test]
        fn real_results_share_their_part_of_the_top(
            v in prop::collection::vec(outcome(), 1..30), extra in 0usize..4, r in rules()
        ) {
            // With artificial scores counted as ties and no rescaling, the real results
            // together hold their comparisons with each other plus one tie per average
            // and one per missing result.
            let b = score(&v, v.len() + extra, r);
            let real: Vec<usize> = (0..v.len()).filter(|&i| v[i].is_real()).collect();
            let k = real.len() as i64;
            let sum: Ratio<i64> = real.iter().map(|&i| b.matchpoints(i).unwrap().0).sum();
            let per_win = match r.scale {
                Scale::European => Ratio::from_integer(1),
                Scale::Acbl => Ratio::new(1, 2),
            };
            if !b.neuberg && r.artificial == ArtificialRule::CountAsTies {
                let art = v.iter().filter(|o| matches!(o, Outcome::Artificial{..})).count() as i64;
                // Results the board should have had but has not (marked NP or absent).
                let missing = v.len() as i64 + extra as i64 - k - art;
                if r.missing == MissingRule::Neuberg {
                    prop_assert!(k == 0 || missing == 0);
                }
                // Each pair of real results shares one comparison (2 European points),
                // each real result against an artificial score or a missing result a
                // tie (1 point).
                let european = Ratio::from_integer(k * (k - 1) + k * art + k * missing);
                prop_assert_eq!(sum, european * per_win);
            }
            // Under either rule the real results average exactly half the full top.
            prop_assert_eq!(sum, Ratio::from_integer(b.top * k) / 2);
            if r.missing == MissingRule::CountAsTies {
                prop_assert!(!b.neuberg);
            }
            // Every comparison is within the full top.
            for &i in &real {
                let p = b.results[i].unwrap();
                prop_assert!(p.ns >= 0 && p.ns <= b.top * b.denom);
            }
        }

        #[test]
        fn order_of_input_changes_nothing(
            v in prop::collection::vec(outcome(), 1..20), seed in any::<u64>(), r in rules()
        ) {
            let n = v.len();
            let b = score(&v, n, r);
            let mut perm: Vec<usize> = (0..n).collect();
            let mut x = seed | 1;
            for i in (1..n).rev() {
                x ^= x << 13; x ^= x >> 7; x ^= x << 17;
                perm.swap(i, (x % (i as u64 + 1)) as usize);
            }
            let shuffled: Vec<Outcome> = perm.iter().map(|&i| v[i].clone()).collect();
            let b2 = score(&shuffled, n, r);
            for (j, &i) in perm.iter().enumerate() {
                prop_assert_eq!(b.matchpoints(i), b2.matchpoints(j));
            }
        }

        #[test]
        fn missing_ties_add_half_a_comparison_per_missing_result(
            v in prop::collection::vec(outcome(), 1..30), extra in 1usize..4, r in rules()
        ) {
            // The same board expected `extra` more times: every real result gains exactly
            // `extra` ties, every artificial score keeps its percentage of the new top.
            let r = Rules { missing: MissingRule::CountAsTies, ..r };
            let full = score(&v, v.len(), r);
            let short = score(&v, v.len() + extra, r);
            prop_assert!(!short.neuberg);
            let tie = match r.scale {
                Scale::European => Ratio::from_integer(1),
                Scale::Acbl => Ratio::new(1, 2),
            };
            for (i, o) in v.iter().enumerate() {
                if o.is_real() {
                    let (ns, ew) = full.matchpoints(i).unwrap();
                    let (ns2, ew2) = short.matchpoints(i).unwrap();
                    let gained = tie * extra as i64;
                    prop_assert_eq!(ns2, ns + gained);
                    prop_assert_eq!(ew2, ew + gained);
                }
            }
        }

        #[test]
        fn a_short_board_keeps_the_order_of_the_scores(
            scores in prop::collection::vec(-20i32..20, 1..25), missing in 1usize..5,
            ties in any::<bool>()
        ) {
            let v: Vec<Outcome> = scores.iter().map(|&s| Score(s * 10)).collect();
            let rules = if ties {
                Rules { missing: MissingRule::CountAsTies, ..Rules::default() }
            } else {
                Rules::default()
            };
            let b = score(&v, v.len() + missing, rules);
            prop_assert_eq!(b.neuberg, !ties);
            for i in 0..v.len() {
                for j in 0..v.len() {
                    let (a, c) = (b.matchpoints(i).unwrap().0, b.matchpoints(j).unwrap().0);
                    prop_assert_eq!(scores[i].cmp(&scores[j]), a.cmp(&c));
                }
            }
            let sum: Ratio<i64> = (0..v.len()).map(|i| b.matchpoints(i).unwrap().0).sum();
            // The rescaled results average exactly half the full top.
            prop_assert_eq!(sum, Ratio::from_integer(b.top) * Ratio::new(v.len() as i64, 2));
        }
    }
}
