//! Club points ("CP", seed 000 "De Uitslag", column 5).
//!
//! The key 4, 3, 2, 1.6, 1.4, 1.2, 1, 0.8, 0.6 is multiplied by the number of pairs and
//! rounded half up. The best `pairs / 3` pairs (rounded down, at most the nine places the
//! key has) get the key's values in order; every other pair gets 1. Pairs on the same
//! exact percentage share the average of the places they occupy.

use crate::exact::Exact;
use num_rational::Ratio;

/// The key in tenths: 4, 3, 2, 1.6, 1.4, 1.2, 1, 0.8, 0.6.
const KEY_TENTHS: [i64; 9] = [40, 30, 20, 16, 14, 12, 10, 8, 6];

/// The club points of the place `place` (0 = first) among `pairs` pairs, before ties.
pub fn place_points(place: usize, pairs: usize) -> i64 {
    let k = (pairs / 3).min(KEY_TENTHS.len());
    if place < k {
        // Half up: (key × n + 5) / 10 in tenths.
        (KEY_TENTHS[place] * pairs as i64 + 5) / 10
    } else {
        1
    }
}

/// Club points by place for a ranking given as its tie groups in order (sizes of the
/// groups of pairs on the same percentage, best first): pairs in a group share the
/// average of the places they occupy.
pub fn club_points_for_ties(group_sizes: &[usize]) -> Vec<Ratio<i64>> {
    let n: usize = group_sizes.iter().sum();
    let mut out = Vec::with_capacity(n);
    let mut start = 0;
    for &size in group_sizes {
        let sum: i64 = (start..start + size).map(|p| place_points(p, n)).sum();
        let share = Ratio::new(sum, size.max(1) as i64);
        out.extend(std::iter::repeat_n(share, size));
        start += size;
    }
    out
}

/// Club points for every pair, given each pair's exact percentage (same order as given).
pub fn club_points(percentages: &[Exact]) -> Vec<Ratio<i64>> {
    let n = percentages.len();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| percentages[b].cmp(&percentages[a]));
    let mut sizes = Vec::new();
    let mut start = 0;
    while start < n {
        let mut end = start + 1;
        while end < n && percentages[order[end]] == percentages[order[start]] {
            end += 1;
        }
        sizes.push(end - start);
        start = end;
    }
    let by_place = club_points_for_ties(&sizes);
    let mut out = vec![Ratio::from_integer(0); n];
    for (place, &i) in order.iter().enumerate() {
        out[i] = by_place[place];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_thirteen_pairs() {
        // 13 pairs: 52, 39, 26, 21, then 1.
        let pct: Vec<Exact> = (0..13).map(|i| Exact::integer(70 - i)).collect();
        let cp = club_points(&pct);
        let want: Vec<Ratio<i64>> = [52, 39, 26, 21, 1, 1, 1, 1, 1, 1, 1, 1, 1]
            .iter()
            .map(|&x| Ratio::from_integer(x))
            .collect();
        assert_eq!(cp, want);
    }

    #[test]
    fn ties_share_the_average() {
        let pct = [
            Exact::integer(60),
            Exact::integer(60),
            Exact::integer(50),
            Exact::integer(40),
            Exact::integer(40),
            Exact::integer(30),
        ];
        // 6 pairs, k = 2: 24, 18, then 1.
        let cp = club_points(&pct);
        assert_eq!(cp[0], Ratio::from_integer(21));
        assert_eq!(cp[1], Ratio::from_integer(21));
        assert_eq!(cp[2], Ratio::from_integer(1));
    }

    #[test]
    fn the_key_has_nine_places() {
        assert_eq!(place_points(8, 40), 24);
        assert_eq!(place_points(9, 40), 1);
        assert_eq!(place_points(0, 2), 1);
    }
}
