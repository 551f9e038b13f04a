//! The IMP scale (Law 78B; the WBF's table of International Match Points), and what the
//! IMP forms of a pairs event share: butler ([`crate::butler`]) and cross-IMPs
//! ([`crate::cross_imps`]).
//!
//! A score difference earns IMPs by the WBF table: 0–10 points 0 IMPs, 20–40 1, 50–80 2,
//! … 3500–3990 23, 4000 and more 24. Differences are multiples of 10 in real play; a
//! difference between two steps (against an unrounded datum, say 15 or 45) belongs to the
//! lower step, so 19 is still 0 IMPs and 20 is 1.
//!
//! In the IMP forms a director's artificial score is a number of IMPs rather than a
//! percentage: average 0, average-plus +3, average-minus −3 by default ([`AdjustedImps`]).
//! A pair is judged on the boards it played: its total IMPs and its IMPs per board
//! (G-IMP, the figure the NBB-Clubranking takes for butler, SPEC section 6).

use crate::board::Side;
use crate::exact::Exact;
use crate::matchpoints::{Outcome, WeightedPart};
use crate::places::shared_places;
use crate::said::{FewerImps, Said, ShortBoard};
use crate::session::{Diagnostic, PairInfo, TableResult};
use num_rational::Ratio;
use num_traits::{Signed, Zero};
use std::collections::HashMap;

/// An exact number of IMPs: a cross-IMP average, a weighted score's share, a margin.
pub type Imps = Ratio<i64>;

/// The lowest score difference for 1, 2, … 24 IMPs (the WBF table, Law 78B).
pub const IMP_STEPS: [i64; 24] = [
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500, 1750,
    2000, 2250, 2500, 3000, 3500, 4000,
];

/// The IMPs for a score difference, with its sign: 230 → 6, −230 → −6, 4000 and more → 24.
pub fn imps(diff: i64) -> i32 {
    let n = IMP_STEPS.partition_point(|&s| s <= diff.saturating_abs()) as i32;
    if diff < 0 { -n } else { n }
}

/// The IMPs for an exact score difference (against an unrounded datum or an average).
pub fn imps_exact(diff: Ratio<i64>) -> i32 {
    let a = diff.abs();
    let n = IMP_STEPS.partition_point(|&s| Ratio::from_integer(s) <= a) as i32;
    if diff.is_negative() { -n } else { n }
}

/// The IMPs a director's artificial score is worth in an IMP form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AdjustedImps {
    /// A side given average (50 %).
    pub average: Ratio<i64>,
    /// A side given more than average (average-plus, 60 %).
    pub plus: Ratio<i64>,
    /// A side given less than average (average-minus, 40 %).
    pub minus: Ratio<i64>,
}

impl Default for AdjustedImps {
    fn default() -> Self {
        AdjustedImps {
            average: Ratio::zero(),
            plus: Ratio::from_integer(3),
            minus: Ratio::from_integer(-3),
        }
    }
}

impl AdjustedImps {
    /// Whether the IMP forms give `percent` IMPs: 60 (average-plus), 50 (average) and 40
    /// (average-minus) only; any other split is refused ([`undefined_split`]).
    pub fn defines(percent: u8) -> bool {
        matches!(percent, 40 | 50 | 60)
    }

    /// The IMPs for one side's percentage of an artificial score (60/40, 50/50, 60/50 …):
    /// one the IMP forms define ([`AdjustedImps::defines`]).
    pub fn for_percent(&self, percent: u8) -> Ratio<i64> {
        match percent.cmp(&50) {
            std::cmp::Ordering::Greater => self.plus,
            std::cmp::Ordering::Equal => self.average,
            std::cmp::Ordering::Less => self.minus,
        }
    }
}

/// The IMPs of one table result in an IMP form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ImpPoints {
    /// North-South's IMPs (after any reversal).
    pub ns: Ratio<i64>,
    /// East-West's IMPs.
    pub ew: Ratio<i64>,
}

/// A pair's line on an IMP result list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImpPairResult {
    /// Index into the session's pair list.
    pub pair: usize,
    /// Total IMPs over the boards played.
    pub total: Exact,
    /// Boards the pair was scored on (not-played boards are left out).
    pub boards: u32,
    /// IMPs per board played (G-IMP); `None` when the pair played no board.
    pub per_board: Option<Exact>,
    /// Rank by IMPs per board (ties share); `None` without a board.
    pub rank: Option<u32>,
    /// Whether another pair has the same rank.
    pub tied: bool,
}

/// A real result as weighted parts: a plain score is one part of weight 1.
pub(crate) fn parts(outcome: &Outcome) -> Vec<(Ratio<i64>, i32)> {
    match outcome {
        Outcome::Score(s) | Outcome::ScoreAndArtificial { score: s, .. } => {
            vec![(Ratio::from_integer(1), *s)]
        }
        Outcome::Weighted(ws) => ws
            .iter()
            .map(|WeightedPart { percent, score }| (Ratio::new(i64::from(*percent), 100), *score))
            .collect(),
        _ => Vec::new(),
    }
}

/// The results of each board in input order, grouped by the North-South pair's section
/// and board number, in (section, board) order.
pub(crate) fn board_groups(
    pairs: &[PairInfo],
    results: &[TableResult],
) -> Vec<((String, u32), Vec<usize>)> {
    let mut groups: HashMap<(String, u32), Vec<usize>> = HashMap::new();
    for (i, r) in results.iter().enumerate() {
        groups
            .entry((pairs[r.ns_pair()].section.clone(), r.board))
            .or_default()
            .push(i);
    }
    let mut out: Vec<_> = groups.into_iter().collect();
    out.sort_by(|a, b| (a.0.1, &a.0.0).cmp(&(b.0.1, &b.0.0)));
    out
}

/// The number of results of the most-played board of each section of `groups` (see
/// [`board_groups`]): the number a board of the section is expected to have.
pub(crate) fn most_played(groups: &[((String, u32), Vec<usize>)]) -> HashMap<String, usize> {
    let mut most: HashMap<String, usize> = HashMap::new();
    for ((section, _), entries) in groups {
        let m = most.entry(section.clone()).or_default();
        *m = (*m).max(entries.len());
    }
    most
}

/// A warning when board `board` of `section` has fewer results (`entries`) than
/// `expected` and none is marked not played, on the board's first line, saying how the
/// form scores it (`how`).
pub(crate) fn short_board(
    (section, board): (&str, u32),
    entries: &[usize],
    results: &[TableResult],
    expected: usize,
    how: ShortBoard,
) -> Option<Diagnostic> {
    // A line marked NP accounts for its own table alone.
    let n = entries.len();
    if n >= expected {
        return None;
    }
    let fewer = FewerImps {
        results: n,
        expected,
        how,
        group: section.to_string(),
    };
    let d = Diagnostic::warning(results[entries[0]].line(), Some(board), fewer_text(&fewer));
    Some(d.saying(Said::FewerImpResults(fewer)))
}

/// How an IMP form scores a board played fewer times than the others, in English: what
/// a [`FewerImps`] warning says after the count, and a board pairs sat out too.
pub fn short_board_scored(how: ShortBoard) -> String {
    let how = match how {
        ShortBoard::Datum => "the datum is made from the scores the board has",
        ShortBoard::CrossAveraged => {
            "each result is compared with the fewer results the board has and averaged over them"
        }
        ShortBoard::CrossSummed => {
            "each result's IMPs are summed over the fewer comparisons the board has, so that it weighs less than a board played in full"
        }
    };
    format!("{how}, and each pair's IMPs per board are over the boards it played")
}

/// The English of a [`FewerImps`] warning.
fn fewer_text(f: &FewerImps) -> String {
    format!(
        "{} {} where {} were expected{}: {}; enter the missing results or mark them NP",
        f.results,
        if f.results == 1 { "result" } else { "results" },
        f.expected,
        match f.group.as_str() {
            "" => String::new(),
            g => format!(" in section {g}"),
        },
        short_board_scored(f.how),
    )
}

/// Checks the travellers of a butler or cross-IMP session: a pair on both sides, a pair
/// playing a board twice, impossible splits and weights.
pub(crate) fn validate(pairs: &[PairInfo], results: &[TableResult]) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let name = |i: usize| pairs.get(i).map(|p| p.id.as_str()).unwrap_or("?");
    let mut seen: HashMap<(usize, u32), u32> = HashMap::new();
    for r in results {
        if r.board == 0 {
            out.push(Diagnostic::error(
                r.line(),
                None,
                "board 0 does not exist: boards are numbered from 1",
            ));
            continue;
        }
        let (ns, ew) = (r.ns_pair(), r.ew_pair());
        if ns >= pairs.len() || ew >= pairs.len() {
            out.push(Diagnostic::error(r.line(), Some(r.board), "unknown pair"));
            continue;
        }
        if ns == ew {
            out.push(Diagnostic::error(
                r.line(),
                Some(r.board),
                format!(
                    "pair {} is on both sides of the table: correct the ns or ew pair",
                    name(ns)
                ),
            ));
            continue;
        }
        if let Outcome::Artificial { ns, ew } = r.outcome
            && (ns > 100 || ew > 100)
        {
            out.push(Diagnostic::error(
                r.line(),
                Some(r.board),
                format!("split {ns}/{ew} is over 100 %: give each side 0 to 100"),
            ));
        } else {
            out.extend(undefined_split(r));
        }
        if let Outcome::Weighted(ws) = &r.outcome {
            let sum: u32 = ws.iter().map(|p| u32::from(p.percent)).sum();
            if sum != 100 {
                out.push(Diagnostic::error(
                    r.line(),
                    Some(r.board),
                    format!("the weights of a weighted score add up to {sum} %, not 100 %"),
                ));
            }
        }
        for p in [ns, ew] {
            if let Some(prev) = seen.insert((p, r.board), r.line()) {
                out.push(Diagnostic::error(
                    r.line(),
                    Some(r.board),
                    format!(
                        "pair {} plays board {} twice (also on line {prev}): remove or correct one of the two lines",
                        name(p),
                        r.board
                    ),
                ));
            }
        }
    }
    // A warning only beside no errors, as in a matchpointed session: errors are
    // listed as such.
    if out
        .iter()
        .all(|d| d.severity != crate::session::Severity::Error)
    {
        out.extend(crate::session::written_two_ways(pairs, results, false));
    }
    out
}

/// The error for an artificial score whose split the IMP forms give no IMPs (70/30, 55/50):
/// they define average-plus, average and average-minus only.
pub(crate) fn undefined_split(r: &TableResult) -> Option<Diagnostic> {
    let split = match r.outcome {
        Outcome::Artificial { ns, ew }
            if !AdjustedImps::defines(ns) || !AdjustedImps::defines(ew) =>
        {
            format!("{ns}/{ew}")
        }
        Outcome::ScoreAndArtificial { percent, .. } if !AdjustedImps::defines(percent) => {
            format!("{percent} %")
        }
        _ => return None,
    };
    Some(Diagnostic::error(
        r.line(),
        Some(r.board),
        format!(
            "the artificial score {split} has no IMPs in the IMP forms: they define average-plus (60 %), average (50 %) and average-minus (40 %) (--adjusted-imps); give each side one of those"
        ),
    ))
}

/// The IMPs of an artificial score for both sides, after any reversal.
pub(crate) fn adjusted(r: &TableResult, adj: &AdjustedImps) -> Option<ImpPoints> {
    let Outcome::Artificial { ns, ew } = r.outcome else {
        return None;
    };
    let (ns, ew) = (adj.for_percent(ns), adj.for_percent(ew));
    Some(if r.reversed() {
        ImpPoints { ns: ew, ew: ns }
    } else {
        ImpPoints { ns, ew }
    })
}

/// A result's IMPs with the side that got an artificial score instead of the real one
/// (Ruter's `+0` beside an average) given that percentage's IMPs.
pub(crate) fn with_artificial_side(r: &TableResult, p: ImpPoints, adj: &AdjustedImps) -> ImpPoints {
    let Outcome::ScoreAndArtificial { side, percent, .. } = r.outcome else {
        return p;
    };
    let given = adj.for_percent(percent);
    match side {
        Side::NorthSouth => ImpPoints { ns: given, ..p },
        Side::EastWest => ImpPoints { ew: given, ..p },
    }
}

/// Each pair's total, boards and IMPs per board, ranked by IMPs per board (best first;
/// pairs without a board last, by index). A substitute pair (`-`) has no line: its
/// results scored the field and its opponents only.
pub(crate) fn pair_totals(
    pairs: &[PairInfo],
    results: &[TableResult],
    points: &[Option<ImpPoints>],
) -> Vec<ImpPairResult> {
    let mut acc: Vec<ImpPairResult> = (0..pairs.len())
        .map(|pair| ImpPairResult {
            pair,
            total: Exact::zero(),
            boards: 0,
            per_board: None,
            rank: None,
            tied: false,
        })
        .collect();
    for (r, p) in results.iter().zip(points) {
        let Some(p) = p else { continue };
        for (pair, imps) in [(r.ns_pair(), p.ns), (r.ew_pair(), p.ew)] {
            acc[pair].total.add_fraction(*imps.numer(), *imps.denom());
            acc[pair].boards += 1;
        }
    }
    acc.retain(|a| !pairs[a.pair].unranked);
    for a in &mut acc {
        a.per_board = a
            .total
            .divided_by(&Exact::integer(i64::from(a.boards)))
            .filter(|_| a.boards > 0);
    }
    acc.sort_by(|a, b| match (&a.per_board, &b.per_board) {
        (Some(x), Some(y)) => y.cmp(x).then(a.pair.cmp(&b.pair)),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => a.pair.cmp(&b.pair),
    });
    let ranked = acc.iter().filter(|a| a.per_board.is_some()).count();
    let places = shared_places(ranked, |k| acc[k].per_board == acc[k - 1].per_board);
    for (a, place) in acc.iter_mut().zip(places) {
        a.rank = Some(place.rank);
        a.tied = place.tied;
    }
    acc
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn every_step_of_the_table() {
        // (lowest difference, highest difference, IMPs) as the WBF table prints them.
        let table: [(i64, i64, i32); 25] = [
            (0, 10, 0),
            (20, 40, 1),
            (50, 80, 2),
            (90, 120, 3),
            (130, 160, 4),
            (170, 210, 5),
            (220, 260, 6),
            (270, 310, 7),
            (320, 360, 8),
            (370, 420, 9),
            (430, 490, 10),
            (500, 590, 11),
            (600, 740, 12),
            (750, 890, 13),
            (900, 1090, 14),
            (1100, 1290, 15),
            (1300, 1490, 16),
            (1500, 1740, 17),
            (1750, 1990, 18),
            (2000, 2240, 19),
            (2250, 2490, 20),
            (2500, 2990, 21),
            (3000, 3490, 22),
            (3500, 3990, 23),
            (4000, 7600, 24),
        ];
        for (lo, hi, n) in table {
            assert_eq!(imps(lo), n, "{lo}");
            assert_eq!(imps(hi), n, "{hi}");
            assert_eq!(imps(-lo), -n, "-{lo}");
            assert_eq!(imps(-hi), -n, "-{hi}");
        }
        assert_eq!(imps(230), 6);
        assert_eq!(imps(i64::MIN), -24);
    }

    #[test]
    fn between_the_steps_belongs_to_the_lower_step() {
        assert_eq!(imps(19), 0);
        assert_eq!(imps_exact(Ratio::new(39, 2)), 0);
        assert_eq!(imps_exact(Ratio::from_integer(20)), 1);
        assert_eq!(imps_exact(Ratio::new(-91, 2)), -1);
        assert_eq!(imps_exact(Ratio::new(8001, 2)), 24);
    }

    #[test]
    fn artificial_scores_in_imps() {
        let a = AdjustedImps::default();
        assert_eq!(a.for_percent(60), Ratio::from_integer(3));
        assert_eq!(a.for_percent(50), Ratio::zero());
        assert_eq!(a.for_percent(40), Ratio::from_integer(-3));
    }

    proptest! {
        #[test]
        fn the_scale_is_odd_and_never_falls(d in -10_000i64..10_000) {
            prop_assert_eq!(imps(-d), -imps(d));
            prop_assert!(imps(d + 10) >= imps(d));
            prop_assert_eq!(imps_exact(Ratio::from_integer(d)), imps(d));
        }
    }
}
