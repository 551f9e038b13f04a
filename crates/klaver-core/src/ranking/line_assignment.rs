//! Putting tonight's pairs into lines (seed 002, "Paren": "De op een zitting aanwezige
//! paren met de hoogste ranking spelen in de hoogste lijn").
//!
//! The pairs present are ordered by pair ranking (the sum of the players' rankings),
//! highest first, and dealt into the night's lines from A down: every line gets the same
//! number of pairs, and the pairs left over go one each to the highest lines. Pairs on
//! the same exact ranking keep the order in which they were listed, and where that splits
//! them between two lines the director is told ([`ties_across_lines`]). A line needs at
//! least two pairs.

use super::Points;

/// A pair present tonight, with its ranking.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PresentPair {
    /// The players' ids: two, or one beside a guest without an id.
    pub players: Vec<String>,
    /// The pair's ranking: the sum of its players' rankings (a guest's the replacement
    /// ranking).
    pub ranking: Points,
}

impl PresentPair {
    /// The pair's name: its ids joined by `+`, a guest's seat left empty (`1001+`).
    pub fn name(&self) -> String {
        match &self.players[..] {
            [one] => format!("{one}+"),
            ids => ids.join("+"),
        }
    }
}

/// One of tonight's lines and the pairs put into it, highest ranking first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AssignedLine {
    /// The line letter (A is the strongest).
    pub letter: char,
    /// The pairs in the line.
    pub pairs: Vec<PresentPair>,
}

/// Why tonight's pairs cannot be put into the lines asked for.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{pairs} pairs cannot play in {lines} lines: a line needs at least two pairs; play in at most {most} lines"
)]
pub struct TooFewPairs {
    /// The pairs present.
    pub pairs: usize,
    /// The lines asked for.
    pub lines: u32,
    /// The most lines these pairs fill.
    pub most: usize,
}

/// Deals the pairs present into `lines` lines by pair ranking.
pub fn assign(pairs: &[PresentPair], lines: u32) -> Result<Vec<AssignedLine>, TooFewPairs> {
    let n = pairs.len();
    let l = lines.clamp(1, 26) as usize;
    if n < 2 * l {
        return Err(TooFewPairs {
            pairs: n,
            lines,
            most: n / 2,
        });
    }
    let mut order: Vec<&PresentPair> = pairs.iter().collect();
    order.sort_by(|a, b| b.ranking.cmp(&a.ranking));
    let (size, extra) = (n / l, n % l);
    let mut it = order.into_iter();
    Ok((0..l)
        .map(|k| AssignedLine {
            letter: (b'A' + k as u8) as char,
            pairs: it
                .by_ref()
                .take(size + usize::from(k < extra))
                .cloned()
                .collect(),
        })
        .collect())
}

/// Pairs of the same exact ranking that the lines split: for each two neighbouring
/// lines whose last and first pairs tie, what the director is told (which pairs went to
/// which line, by their order in the list of pairs present), so that the director can
/// decide. The assignment itself stands.
pub fn ties_across_lines(lines: &[AssignedLine]) -> Vec<String> {
    let mut out = Vec::new();
    for w in lines.windows(2) {
        let (above, below) = (&w[0], &w[1]);
        let (Some(last), Some(first)) = (above.pairs.last(), below.pairs.first()) else {
            continue;
        };
        if last.ranking != first.ranking {
            continue;
        }
        let tied = |line: &AssignedLine| {
            let ids: Vec<String> = line
                .pairs
                .iter()
                .filter(|p| p.ranking == last.ranking)
                .map(PresentPair::name)
                .collect();
            format!("{} in line {}", ids.join(", "), line.letter)
        };
        out.push(format!(
            "pairs of the same ranking {} are split between lines {} and {}: {}, {}, by their order in the pairs present; to put another of them in line {}, list it earlier",
            super::decimal2(&last.ranking),
            above.letter,
            below.letter,
            tied(above),
            tied(below),
            above.letter
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ranking::int;
    use proptest::prelude::*;

    fn pair(a: &str, r: i64) -> PresentPair {
        PresentPair {
            players: vec![a.to_string(), format!("{a}'")],
            ranking: int(r),
        }
    }

    #[test]
    fn highest_pairs_play_in_the_highest_line() {
        let p = [
            pair("a", 120),
            pair("b", 160),
            pair("c", 140),
            pair("d", 100),
            pair("e", 150),
        ];
        let got = assign(&p, 2).unwrap();
        let ids = |l: &AssignedLine| {
            l.pairs
                .iter()
                .map(|p| p.players[0].clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(ids(&got[0]), vec!["b", "e", "c"]);
        assert_eq!(ids(&got[1]), vec!["a", "d"]);
        assert_eq!(got[1].letter, 'B');
    }

    /// Pairs of equal ranking on both sides of a line boundary are told, with the line
    /// each went to; a tie within one line is not.
    #[test]
    fn pairs_tied_across_a_line_boundary_are_told() {
        let p = [
            pair("a", 160),
            pair("b", 140),
            pair("c", 140),
            pair("d", 140),
            pair("e", 100),
            pair("f", 100),
        ];
        let got = assign(&p, 2).unwrap();
        assert_eq!(
            ties_across_lines(&got),
            [
                "pairs of the same ranking 140.00 are split between lines A and B: b+b', c+c' in line A, d+d' in line B, by their order in the pairs present; to put another of them in line A, list it earlier"
            ]
        );
        let apart = [
            pair("a", 160),
            pair("b", 140),
            pair("c", 120),
            pair("d", 120),
        ];
        assert!(ties_across_lines(&assign(&apart, 2).unwrap()).is_empty());
    }

    /// A pair of a member and a guest without an id is named with the guest's seat
    /// empty.
    #[test]
    fn a_pair_with_a_guest_is_named_with_an_empty_seat() {
        let guest = PresentPair {
            players: vec!["c".into()],
            ranking: int(140),
        };
        let p = [pair("a", 160), pair("b", 140), guest, pair("d", 100)];
        let got = assign(&p, 2).unwrap();
        assert_eq!(
            ties_across_lines(&got),
            [
                "pairs of the same ranking 140.00 are split between lines A and B: b+b' in line A, c+ in line B, by their order in the pairs present; to put another of them in line A, list it earlier"
            ]
        );
    }

    #[test]
    fn a_line_needs_two_pairs() {
        let p = [pair("a", 1), pair("b", 2), pair("c", 3)];
        let e = assign(&p, 2).unwrap_err();
        assert_eq!(e.most, 1);
        assert!(e.to_string().contains("at most 1 lines"), "{e}");
    }

    proptest! {
        #[test]
        fn every_pair_plays_once_and_higher_lines_are_stronger(
            rankings in prop::collection::vec(80i64..=200, 2..60),
            lines in 1u32..6,
        ) {
            let pairs: Vec<PresentPair> = rankings
                .iter()
                .enumerate()
                .map(|(i, &r)| pair(&i.to_string(), r))
                .collect();
            match assign(&pairs, lines) {
                Err(e) => prop_assert!(pairs.len() < 2 * lines as usize, "{e}"),
                Ok(got) => {
                    prop_assert_eq!(got.len(), lines as usize);
                    let sizes: Vec<usize> = got.iter().map(|l| l.pairs.len()).collect();
                    prop_assert_eq!(sizes.iter().sum::<usize>(), pairs.len());
                    prop_assert!(sizes.iter().all(|&n| n >= 2));
                    prop_assert!(sizes.windows(2).all(|w| w[0] >= w[1] && w[0] - w[1] <= 1));
                    for w in got.windows(2) {
                        let weakest = w[0].pairs.iter().map(|p| &p.ranking).min().unwrap();
                        let strongest = w[1].pairs.iter().map(|p| &p.ranking).max().unwrap();
                        prop_assert!(weakest >= strongest);
                    }
                }
            }
        }
    }
}
