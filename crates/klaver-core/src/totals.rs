//! Pair totals over one common denominator.
//!
//! A pair's total is a sum of fractions: halves from ties on the ACBL scale, sevenths or
//! other fractions from Neuberg rescaling, hundredths from artificial scores. Adding such
//! fractions one by one costs a greatest-common-divisor per addition and, in a large field
//! where many boards were played a different number of times, numbers that outgrow every
//! machine integer. Instead every matchpoint is put over the least common multiple `L` of
//! all denominators in the session once: each pair's total is then an integer numerator
//! over `L`, summed without any division, in 128-bit integers when `L` is small enough and
//! in arbitrary precision otherwise. Totals and percentages stay exact; comparisons of
//! percentages are cross-multiplications of integers.

use crate::exact::Exact;
use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::{BigRational, Ratio};
use rustc_hash::FxHashMap;
use std::cmp::Ordering;
use std::collections::HashMap;

/// Pair totals, each a numerator over the common denominator, with the pair's maximum.
#[derive(Debug, Clone)]
pub struct PairTotals {
    numer: Numerators,
    /// The maximum each pair could have scored (sum of the tops of its boards).
    pub max: Vec<i64>,
    /// The number of boards each pair was scored on.
    pub boards: Vec<u32>,
}

#[derive(Debug, Clone)]
enum Numerators {
    Small { l: i128, numer: Vec<i128> },
    Big { l: BigInt, numer: Vec<BigInt> },
}

/// One contribution to the totals: a pair, its matchpoints and the board's top.
#[derive(Debug, Clone, Copy)]
pub struct Contribution {
    /// The pair's index.
    pub pair: usize,
    /// Its matchpoints on the board.
    pub points: Ratio<i64>,
    /// The board's top.
    pub top: i64,
}

impl PairTotals {
    /// Adds up the contributions for `pairs` pairs.
    pub fn compute(pairs: usize, contributions: &[Contribution]) -> PairTotals {
        let mut max = vec![0i64; pairs];
        let mut boards = vec![0u32; pairs];
        let mut denoms: Vec<i64> = Vec::new();
        let mut seen: FxHashMap<i64, ()> = FxHashMap::default();
        let mut last_denom = 0i64;
        let mut cap: i128 = 0;
        for c in contributions {
            max[c.pair] += c.top;
            boards[c.pair] += 1;
            cap += i128::from(c.top.unsigned_abs().max(c.points.numer().unsigned_abs()) as i64);
            let d = *c.points.denom();
            if d != last_denom {
                last_denom = d;
                if seen.insert(d, ()).is_none() {
                    denoms.push(d);
                }
            }
        }
        // The least common multiple, in 128 bits while it fits.
        let mut l_small: Option<i128> = Some(1);
        let mut l_big = BigInt::from(1);
        for &d in &denoms {
            l_big = l_big.lcm(&BigInt::from(d));
            l_small = l_small.and_then(|l| {
                let d = i128::from(d);
                (l / l.gcd(&d)).checked_mul(d)
            });
        }
        // Totals (and 100 × totals, for percentages) must fit beside the multiplier.
        let fits = l_small.and_then(|l| l.checked_mul(cap.max(1))?.checked_mul(1000));
        let numer = match (l_small, fits) {
            (Some(l), Some(_)) => {
                let factor: HashMap<i64, i128> =
                    denoms.iter().map(|&d| (d, l / i128::from(d))).collect();
                let mut numer = vec![0i128; pairs];
                let mut last = (0i64, 0i128);
                for c in contributions {
                    let d = *c.points.denom();
                    if d != last.0 {
                        last = (d, factor[&d]);
                    }
                    numer[c.pair] += i128::from(*c.points.numer()) * last.1;
                }
                Numerators::Small { l, numer }
            }
            _ => {
                // Sum each pair's numerators per denominator in 128 bits, then combine
                // the few sums per pair in arbitrary precision.
                let index: HashMap<i64, usize> =
                    denoms.iter().enumerate().map(|(i, &d)| (d, i)).collect();
                let factor: Vec<BigInt> = denoms.iter().map(|&d| &l_big / d).collect();
                let mut per_pair: Vec<Vec<(usize, i128)>> = vec![Vec::new(); pairs];
                for c in contributions {
                    let k = index[c.points.denom()];
                    let sums = &mut per_pair[c.pair];
                    match sums.iter_mut().find(|(i, _)| *i == k) {
                        Some(s) => s.1 += i128::from(*c.points.numer()),
                        None => sums.push((k, i128::from(*c.points.numer()))),
                    }
                }
                let numer = per_pair
                    .iter()
                    .map(|sums| {
                        sums.iter()
                            .map(|&(k, s)| &factor[k] * BigInt::from(s))
                            .sum()
                    })
                    .collect();
                Numerators::Big { l: l_big, numer }
            }
        };
        PairTotals { numer, max, boards }
    }

    /// A pair's total matchpoints.
    pub fn total(&self, pair: usize) -> Exact {
        match &self.numer {
            Numerators::Small { l, numer } => Exact::Small(Ratio::new(numer[pair], *l)),
            Numerators::Big { l, numer } => {
                Exact::Big(BigRational::new_raw(numer[pair].clone(), l.clone()))
            }
        }
    }

    /// A pair's percentage of its maximum; `None` when it played no board.
    pub fn percentage(&self, pair: usize) -> Option<Exact> {
        let max = self.max[pair];
        if self.boards[pair] == 0 || max == 0 {
            return None;
        }
        Some(match &self.numer {
            Numerators::Small { l, numer } => {
                Exact::Small(Ratio::new(numer[pair] * 100, *l * i128::from(max)))
            }
            Numerators::Big { l, numer } => Exact::Big(BigRational::new_raw(
                &numer[pair] * 100,
                l * BigInt::from(max),
            )),
        })
    }

    /// Compares two pairs' percentages exactly (pairs without boards compare lowest).
    pub fn cmp_percentage(&self, a: usize, b: usize) -> Ordering {
        let (ma, mb) = (self.max[a], self.max[b]);
        match (ma > 0 && self.boards[a] > 0, mb > 0 && self.boards[b] > 0) {
            (false, false) => return Ordering::Equal,
            (true, false) => return Ordering::Greater,
            (false, true) => return Ordering::Less,
            _ => {}
        }
        // numer_a / (l × ma) against numer_b / (l × mb): cross-multiply by the maxima.
        match &self.numer {
            Numerators::Small { numer, .. } => {
                match (
                    numer[a].checked_mul(i128::from(mb)),
                    numer[b].checked_mul(i128::from(ma)),
                ) {
                    (Some(x), Some(y)) => x.cmp(&y),
                    _ => (BigInt::from(numer[a]) * mb).cmp(&(BigInt::from(numer[b]) * ma)),
                }
            }
            Numerators::Big { numer, .. } => (&numer[a] * mb).cmp(&(&numer[b] * ma)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(pair: usize, n: i64, d: i64, top: i64) -> Contribution {
        Contribution {
            pair,
            points: Ratio::new(n, d),
            top,
        }
    }

    #[test]
    fn sums_and_percentages_are_exact() {
        let t = PairTotals::compute(2, &[c(0, 71, 6, 12), c(0, 5, 2, 12), c(1, 12, 1, 12)]);
        assert_eq!(t.total(0), Exact::new(71 + 15, 6));
        assert_eq!(t.max[0], 24);
        assert_eq!(t.percentage(1), Some(Exact::integer(100)));
        assert_eq!(t.cmp_percentage(0, 1), Ordering::Less);
    }

    #[test]
    fn many_denominators_go_to_arbitrary_precision_and_stay_exact() {
        let primes = [
            20_011i64, 20_021, 20_023, 20_029, 20_047, 20_051, 20_063, 20_071, 20_089, 20_101,
            20_107, 20_113,
        ];
        let mut cs: Vec<Contribution> = primes.iter().map(|&p| c(0, 1, p, 10)).collect();
        cs.extend(primes.iter().map(|&p| c(1, 2, p, 10)));
        let t = PairTotals::compute(2, &cs);
        let mut want = Exact::zero();
        for p in primes {
            want.add_fraction(1, p);
        }
        assert_eq!(t.total(0), want);
        assert_eq!(t.cmp_percentage(1, 0), Ordering::Greater);
        assert_eq!(
            t.percentage(1).unwrap(),
            want.times(&Exact::integer(200))
                .divided_by(&Exact::integer(120))
                .unwrap()
        );
    }

    #[test]
    fn a_pair_without_boards_has_no_percentage() {
        let t = PairTotals::compute(2, &[c(0, 1, 1, 2)]);
        assert_eq!(t.percentage(1), None);
        assert_eq!(t.cmp_percentage(1, 0), Ordering::Less);
    }
}
