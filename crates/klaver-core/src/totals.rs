//! Pair totals without a division per board.
//!
//! A pair's total is a sum of fractions: halves from ties on the ACBL scale, sevenths or
//! other fractions from Neuberg rescaling, hundredths from artificial scores. Adding such
//! fractions one by one as reduced fractions costs a greatest common divisor per
//! addition. Instead each total keeps an integer numerator over the least common multiple
//! of the denominators it has met so far: adding `n/d` is one multiply-add when `d`
//! already divides that multiple (nearly always), and a widening of the multiple
//! otherwise. Totals stay in 128-bit integers while they fit. A total that meets too many
//! different denominators (a pair in a huge field where every board was played a
//! different number of times) keeps one 128-bit sum per denominator instead, and at the
//! end each such total is put over the multiple of its own denominators in arbitrary
//! precision, so the expensive arithmetic happens once per pair rather than once per
//! board. Nothing is ever rounded.
//!
//! Ranking compares percentages. Two percentages that lie far apart are ordered by their
//! floating-point values, whose error is many orders of magnitude smaller than the gap;
//! only close ones (ties among them) are compared exactly.

use crate::exact::Exact;
use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use num_rational::{BigRational, Ratio};
use num_traits::{ToPrimitive, Zero};
use rustc_hash::FxHashMap;
use std::cmp::Ordering;

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

/// A total as a numerator over a common denominator.
#[derive(Debug, Clone, Copy)]
struct Small {
    numer: i128,
    denom: i128,
}

impl Small {
    const ZERO: Small = Small { numer: 0, denom: 1 };

    /// Adds `n / d` (d > 0); `None` when 128 bits no longer suffice.
    fn add(&mut self, n: i64, d: i64) -> Option<()> {
        // The common case: a denominator that fits 64 bits and already divides it.
        if let Ok(den) = u64::try_from(self.denom)
            && den % d as u64 == 0
        {
            let scaled = i128::from(n).checked_mul(i128::from(den / d as u64))?;
            self.numer = self.numer.checked_add(scaled)?;
            return Some(());
        }
        // The greatest common divisor of the multiple and d is that of d and the
        // multiple's remainder by d: one wide division, then 64-bit arithmetic.
        let du = d as u64;
        let rem = (self.denom as u128 % u128::from(du)) as u64;
        let (n, d) = (i128::from(n), i128::from(d));
        if rem == 0 {
            self.numer = self.numer.checked_add(n.checked_mul(self.denom / d)?)?;
        } else {
            let g = i128::from(rem.gcd(&du));
            let l = (self.denom / g).checked_mul(d)?;
            let scaled = self.numer.checked_mul(l / self.denom)?;
            self.numer = scaled.checked_add(n.checked_mul(l / d)?)?;
            self.denom = l;
        }
        Some(())
    }
}

/// Pair totals and maxima.
#[derive(Debug, Clone)]
pub struct PairTotals {
    small: Vec<Small>,
    /// Totals that outgrew 128 bits, each as a numerator over its own denominator.
    big: FxHashMap<usize, (BigInt, BigInt)>,
    /// Each pair's percentage as a floating-point number, to order pairs whose
    /// percentages are far apart without exact arithmetic (NaN when unknown).
    approx: Vec<f64>,
    /// The maximum each pair could have scored (sum of the tops of its boards).
    pub max: Vec<i64>,
    /// The number of boards each pair was scored on.
    pub boards: Vec<u32>,
}

/// Adds up pair totals one board result at a time, without keeping the contributions.
#[derive(Debug, Clone)]
pub struct TotalsBuilder {
    small: Vec<Small>,
    /// The totals that outgrew 128 bits, as sums per denominator, and where each
    /// pair's are (`u32::MAX` while its total fits).
    spilled: Spilled,
    spill_index: Vec<u32>,
    max: Vec<i64>,
    boards: Vec<u32>,
}

impl TotalsBuilder {
    /// Empty totals for `pairs` pairs.
    pub fn new(pairs: usize) -> TotalsBuilder {
        TotalsBuilder {
            small: vec![Small::ZERO; pairs],
            spilled: Spilled {
                capacity: pairs,
                ..Spilled::default()
            },
            spill_index: vec![u32::MAX; pairs],
            max: vec![0; pairs],
            boards: vec![0; pairs],
        }
    }

    /// Adds a pair's matchpoints on a board with the given top.
    pub fn add(&mut self, pair: usize, points: Ratio<i64>, top: i64) {
        self.max[pair] += top;
        self.boards[pair] += 1;
        self.add_points(pair, points);
    }

    /// Adds matchpoints to a pair's total that belong to no board (a director's penalty
    /// or compensation): the maximum stays as it is.
    pub fn add_points(&mut self, pair: usize, points: Ratio<i64>) {
        let (n, d) = (*points.numer(), *points.denom());
        let spill = self.spill_index[pair];
        if spill != u32::MAX {
            self.spilled.add(spill as usize, n, d);
        } else if self.small[pair].add(n, d).is_none() {
            // The total so far stays in `small`; what comes next is kept apart.
            let slot = self.spilled.open(pair);
            self.spill_index[pair] = slot as u32;
            self.spilled.add(slot, n, d);
        }
    }

    /// The totals: each spilled total is put over the multiple of its own denominators,
    /// once per pair.
    pub fn finish(self) -> PairTotals {
        // Spilled totals are independent of each other: a large field's are worked out
        // on every core.
        let (small, spilled) = (&self.small, &self.spilled);
        let slots = spilled.pairs.len();
        let threads = if slots >= 2048 {
            std::thread::available_parallelism().map_or(1, |n| n.get().min(8))
        } else {
            1
        };
        let per_thread = slots.div_ceil(threads).max(1);
        let ranges: Vec<std::ops::Range<usize>> = (0..slots)
            .step_by(per_thread)
            .map(|from| from..(from + per_thread).min(slots))
            .collect();
        let done: Vec<Vec<(usize, BigInt, BigInt, f64)>> = if ranges.len() <= 1 {
            ranges
                .into_iter()
                .map(|r| spilled_totals(small, spilled, r))
                .collect()
        } else {
            std::thread::scope(|s| {
                let handles: Vec<_> = ranges
                    .into_iter()
                    .map(|r| s.spawn(move || spilled_totals(small, spilled, r)))
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("adding up totals does not panic"))
                    .collect()
            })
        };
        let mut big: FxHashMap<usize, (BigInt, BigInt)> = FxHashMap::default();
        let mut big_approx: FxHashMap<usize, f64> = FxHashMap::default();
        for (pair, numer, denom, approx) in done.into_iter().flatten() {
            big_approx.insert(pair, approx);
            big.insert(pair, (numer, denom));
        }
        let approx = (0..self.small.len())
            .map(|pair| {
                let max = self.max[pair];
                if self.boards[pair] == 0 || max == 0 {
                    return f64::NAN;
                }
                let total = match big_approx.get(&pair) {
                    Some(&t) => t,
                    None => self.small[pair].numer as f64 / self.small[pair].denom as f64,
                };
                total * 100.0 / max as f64
            })
            .collect();
        PairTotals {
            small: self.small,
            big,
            approx,
            max: self.max,
            boards: self.boards,
        }
    }
}

impl PairTotals {
    /// Adds up the contributions for `pairs` pairs.
    pub fn compute(pairs: usize, contributions: &[Contribution]) -> PairTotals {
        let mut b = TotalsBuilder::new(pairs);
        for c in contributions {
            b.add(c.pair, c.points, c.top);
        }
        b.finish()
    }

    /// A pair's total matchpoints.
    pub fn total(&self, pair: usize) -> Exact {
        match self.big.get(&pair) {
            Some((n, d)) => Exact::Big(BigRational::new_raw(n.clone(), d.clone())),
            None => {
                let s = self.small[pair];
                Exact::Small(Ratio::new(s.numer, s.denom))
            }
        }
    }

    /// A pair's percentage of its maximum; `None` when it played no board.
    pub fn percentage(&self, pair: usize) -> Option<Exact> {
        let max = self.max[pair];
        if self.boards[pair] == 0 || max == 0 {
            return None;
        }
        if !self.big.contains_key(&pair) {
            let s = self.small[pair];
            if let (Some(n), Some(d)) = (
                s.numer.checked_mul(100),
                s.denom.checked_mul(i128::from(max)),
            ) {
                return Some(Exact::Small(Ratio::new(n, d)));
            }
        }
        let (n, d) = self.big_parts(pair);
        Some(Exact::Big(BigRational::new_raw(n * 100, d * max)))
    }

    fn big_parts(&self, pair: usize) -> (BigInt, BigInt) {
        match self.big.get(&pair) {
            Some((n, d)) => (n.clone(), d.clone()),
            None => (
                BigInt::from(self.small[pair].numer),
                BigInt::from(self.small[pair].denom),
            ),
        }
    }

    /// Compares two pairs' percentages exactly (pairs without boards compare lowest).
    ///
    /// Percentages whose floating-point values differ by far more than their rounding
    /// error (a relative 10⁻⁹ against an error below 10⁻¹⁵) are ordered by those
    /// values; closer ones, ties among them, are compared exactly.
    pub fn cmp_percentage(&self, a: usize, b: usize) -> Ordering {
        let (ma, mb) = (self.max[a], self.max[b]);
        match (ma > 0 && self.boards[a] > 0, mb > 0 && self.boards[b] > 0) {
            (false, false) => return Ordering::Equal,
            (true, false) => return Ordering::Greater,
            (false, true) => return Ordering::Less,
            _ => {}
        }
        let (fa, fb) = (self.approx[a], self.approx[b]);
        if (fa - fb).abs() > 1e-9 * fa.abs().max(fb.abs()).max(1.0) {
            return fa.partial_cmp(&fb).unwrap_or(Ordering::Equal);
        }
        // na / (da × ma) against nb / (db × mb): cross-multiply.
        if !self.big.contains_key(&a) && !self.big.contains_key(&b) {
            let (x, y) = (self.small[a], self.small[b]);
            let lhs = x
                .numer
                .checked_mul(y.denom)
                .and_then(|v| v.checked_mul(i128::from(mb)));
            let rhs = y
                .numer
                .checked_mul(x.denom)
                .and_then(|v| v.checked_mul(i128::from(ma)));
            if let (Some(l), Some(r)) = (lhs, rhs) {
                return l.cmp(&r);
            }
        }
        let (na, da) = self.big_parts(a);
        let (nb, db) = self.big_parts(b);
        (na * db * mb).cmp(&(nb * da * ma))
    }
}

/// The totals that outgrew 128 bits, as sums per denominator.
///
/// A session has few different denominators (a field of 21,000 tables, 33 over 48
/// boards, a pair about 17 of them), so the first [`Spilled::COLUMNS`] each get a column
/// with one 64-bit sum per spilled total: adding is one addition, with no search and
/// no allocation. A further denominator, or a sum that would overflow, goes to the
/// total's own short list (`add_part`).
#[derive(Debug, Clone, Default)]
struct Spilled {
    /// The most totals that can spill (the builder's pairs): each column is made at that
    /// size, so that it never moves (its pages are only touched as totals spill).
    capacity: usize,
    /// The pair of each spilled total (its slot).
    pairs: Vec<usize>,
    /// The denominator of each column.
    denoms: Vec<i64>,
    /// Each column's sums, one per slot.
    columns: Vec<Vec<i64>>,
    /// The last denominator looked up and its column, for the run of equal ones.
    last: Option<(i64, usize)>,
    /// Sums that have no column, per slot in denominator order (mostly empty).
    rest: Vec<Vec<(i64, i64)>>,
}

impl Spilled {
    const COLUMNS: usize = 64;

    /// A slot for a pair's total, its sums zero.
    fn open(&mut self, pair: usize) -> usize {
        self.pairs.push(pair);
        for column in &mut self.columns {
            column.push(0);
        }
        self.rest.push(Vec::new());
        self.pairs.len() - 1
    }

    /// The column of denominator `d`, made when there is room.
    fn column(&mut self, d: i64) -> Option<usize> {
        if let Some((k, c)) = self.last
            && k == d
        {
            return Some(c);
        }
        let c = match self.denoms.iter().position(|&k| k == d) {
            Some(c) => c,
            None if self.denoms.len() < Self::COLUMNS => {
                self.denoms.push(d);
                let mut column = Vec::with_capacity(self.capacity);
                column.resize(self.pairs.len(), 0);
                self.columns.push(column);
                self.denoms.len() - 1
            }
            None => return None,
        };
        self.last = Some((d, c));
        Some(c)
    }

    /// Adds `n / d` to slot `slot`.
    fn add(&mut self, slot: usize, n: i64, d: i64) {
        if let Some(c) = self.column(d) {
            let sum = &mut self.columns[c][slot];
            if let Some(s) = sum.checked_add(n) {
                *sum = s;
                return;
            }
        }
        add_part(&mut self.rest[slot], d, n);
    }

    /// Slot `slot`'s sums as (denominator, sum), in denominator order, with `before`
    /// (the total before it spilled) among them.
    fn sums(&self, slot: usize, before: Small, order: &[usize], out: &mut Vec<(i128, i128)>) {
        out.clear();
        add_sum(out, before.numer, before.denom);
        for &c in order {
            let s = self.columns[c][slot];
            if s != 0 {
                let d = i128::from(self.denoms[c]);
                match out.last_mut() {
                    Some((k, sum)) if *k == d => *sum += i128::from(s),
                    _ => add_sum(out, i128::from(s), d),
                }
            }
        }
        for &(d, n) in &self.rest[slot] {
            add_sum(out, i128::from(n), i128::from(d));
        }
    }
}

/// Adds `n / d` to a spilled total's sums per denominator, kept in denominator order;
/// a sum that would overflow gets a second entry for the same denominator, and `finish`
/// adds them up.
fn add_part(parts: &mut Vec<(i64, i64)>, d: i64, n: i64) {
    match parts.binary_search_by_key(&d, |&(k, _)| k) {
        Ok(i) => match parts[i].1.checked_add(n) {
            Some(sum) => parts[i].1 = sum,
            None => parts.insert(i, (d, n)),
        },
        Err(i) => parts.insert(i, (d, n)),
    }
}

/// The exact totals of pairs whose totals outgrew 128 bits: each pair's total before it
/// spilled plus the fractions since, summed per denominator, over the multiple of its
/// denominators; with the total in floating point.
fn spilled_totals(
    small: &[Small],
    spilled: &Spilled,
    slots: std::ops::Range<usize>,
) -> Vec<(usize, BigInt, BigInt, f64)> {
    // Pairs that played the same boards share their set of denominators (in a field
    // where every table plays every board, all of them do): the multiple and each
    // denominator's factor are worked out once per set.
    let mut multiples: FxHashMap<Vec<i128>, (BigInt, Vec<BigUint>)> = FxHashMap::default();
    let mut out = Vec::with_capacity(slots.len());
    // Each factor × sum is made in this one value, so that a term costs no allocation.
    let mut term = BigUint::zero();
    // The columns in denominator order, so that each total's sums come out in order.
    let mut order: Vec<usize> = (0..spilled.denoms.len()).collect();
    order.sort_by_key(|&c| spilled.denoms[c]);
    let (mut sums, mut key): (Vec<(i128, i128)>, Vec<i128>) = (Vec::new(), Vec::new());
    for slot in slots {
        let pair = spilled.pairs[slot];
        spilled.sums(slot, small[pair], &order, &mut sums);
        key.clear();
        key.extend(sums.iter().map(|&(d, _)| d));
        if !multiples.contains_key(&key[..]) {
            let denom = multiple(&key);
            let factors = key
                .iter()
                .map(|&d| match u64::try_from(d) {
                    Ok(d) => denom.magnitude() / d,
                    Err(_) => denom.magnitude() / d.unsigned_abs(),
                })
                .collect();
            multiples.insert(key.clone(), (denom, factors));
        }
        let (denom, factors) = &multiples[&key[..]];
        // Terms of either sign are added up apart, each in place.
        let (mut plus, mut minus) = (BigUint::zero(), BigUint::zero());
        for (f, &(_, s)) in factors.iter().zip(&sums) {
            term.clone_from(f);
            match u64::try_from(s.unsigned_abs()) {
                Ok(m) => term *= m,
                Err(_) => term *= s.unsigned_abs(),
            }
            if s < 0 {
                minus += &term;
            } else {
                plus += &term;
            }
        }
        let numer = BigInt::from(plus) - BigInt::from(minus);
        // The total in floating point: a sum of terms of one sign (matchpoints are never
        // negative) is within a relative 10⁻¹⁴ of the exact sum; should terms ever
        // cancel, comparisons fall back on the exact totals.
        let (sum, abs) = sums.iter().fold((0.0f64, 0.0f64), |(sum, abs), &(d, s)| {
            let t = s as f64 / d as f64;
            (sum + t, abs + t.abs())
        });
        let approx = if abs <= 2.0 * sum.abs() {
            sum
        } else {
            f64::NAN
        };
        out.push((pair, numer, denom.clone(), approx));
    }
    out
}

/// The least common multiple of positive denominators: in 128 bits while it fits, then
/// growing by d / gcd(multiple, d), the greatest common divisor taken of d and the
/// multiple's remainder by d.
fn multiple(ds: &[i128]) -> BigInt {
    let mut small: u128 = 1;
    let mut big: Option<BigInt> = None;
    for &d in ds {
        let d = d.unsigned_abs();
        // gcd(multiple, d) = gcd(multiple mod d, d): in 64 bits when d fits them (it nearly
        // always does), with a one-digit remainder of the arbitrary-precision multiple.
        let narrow = u64::try_from(d).ok();
        match &mut big {
            None => {
                let g = match narrow {
                    Some(d64) => u128::from(((small % d) as u64).gcd(&d64)),
                    None => small.gcd(&d),
                };
                match small.checked_mul(d / g) {
                    Some(l) => small = l,
                    None => big = Some(BigInt::from(small) * (d / g)),
                }
            }
            Some(b) => {
                let g = match narrow {
                    Some(d64) => {
                        let rem = (b.magnitude() % d64).to_u64().unwrap_or(0);
                        u128::from(rem.gcd(&d64))
                    }
                    None => (b.magnitude() % d).to_u128().unwrap_or(0).gcd(&d),
                };
                *b *= d / g;
            }
        }
    }
    big.unwrap_or_else(|| BigInt::from(small))
}

/// Adds `n / d` to per-denominator sums (few denominators: a short list suffices).
fn add_sum(sums: &mut Vec<(i128, i128)>, n: i128, d: i128) {
    // Kept in order of denominator: a binary search finds the place.
    match sums.binary_search_by_key(&d, |&(k, _)| k) {
        Ok(i) => sums[i].1 += n,
        Err(i) => sums.insert(i, (d, n)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::{Just, prop_oneof};

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
        assert!(t.big.contains_key(&0));
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
    fn many_spilled_totals_are_added_up_on_several_threads_exactly() {
        let primes = [
            20_011i64, 20_021, 20_023, 20_029, 20_047, 20_051, 20_063, 20_071, 20_089, 20_101,
            20_107, 20_113,
        ];
        let pairs = 2_100;
        let mut cs = Vec::new();
        for pair in 0..pairs {
            for (k, &p) in primes.iter().enumerate() {
                cs.push(c(pair, (pair as i64 * 7 + k as i64) % 50, p, 10));
            }
        }
        let t = PairTotals::compute(pairs, &cs);
        assert_eq!(t.big.len(), pairs);
        for pair in [0, 1, 1_049, 2_099] {
            let mut want = Exact::zero();
            for (k, &p) in primes.iter().enumerate() {
                want.add_fraction((pair as i64 * 7 + k as i64) % 50, p);
            }
            assert_eq!(t.total(pair), want, "pair {pair}");
        }
    }

    #[test]
    fn spilled_sums_per_denominator_stay_exact_past_64_bits() {
        let primes = [
            20_011i64, 20_021, 20_023, 20_029, 20_047, 20_051, 20_063, 20_071, 20_089, 20_101,
            20_107, 20_113,
        ];
        // Spilled after a dozen prime denominators; then the same denominators again,
        // in mixed order and with numerators whose sums per denominator outgrow 64 bits
        // (eight of a third of 2^63 for the first).
        let mut parts: Vec<(i64, i64)> = primes.iter().map(|&p| (1, p)).collect();
        let big = i64::MAX / 3;
        for round in 0..8 {
            for &p in primes.iter().rev().step_by(round + 1) {
                parts.push((big - round as i64, p));
                parts.push((-7, p));
            }
        }
        let cs: Vec<Contribution> = parts.iter().map(|&(n, d)| c(0, n, d, 10)).collect();
        let t = PairTotals::compute(1, &cs);
        assert!(t.big.contains_key(&0));
        let mut want = Exact::zero();
        for &(n, d) in &parts {
            want.add_fraction(n, d);
        }
        assert_eq!(t.total(0), want);
    }

    #[test]
    fn a_pair_without_boards_has_no_percentage() {
        let t = PairTotals::compute(2, &[c(0, 1, 1, 2)]);
        assert_eq!(t.percentage(1), None);
        assert_eq!(t.cmp_percentage(1, 0), Ordering::Less);
    }

    proptest::proptest! {
        #[test]
        fn comparisons_agree_with_the_exact_percentages(
            parts in proptest::collection::vec(
                (0usize..4, -200i64..200, prop_oneof![Just(1i64), Just(2), 1i64..30, 20_000i64..20_100], 1i64..4),
                1..80,
            )
        ) {
            // Tops of 2 × (1..4) and whole, halved or Neuberg-scaled points, so that
            // near-ties, exact ties and spilled totals all occur.
            let cs: Vec<Contribution> =
                parts.iter().map(|&(p, n, d, t)| c(p, n, d, 2 * t)).collect();
            let t = PairTotals::compute(4, &cs);
            for a in 0..4 {
                for b in 0..4 {
                    let want = match (t.percentage(a), t.percentage(b)) {
                        (Some(x), Some(y)) => x.cmp(&y),
                        (x, y) => x.is_some().cmp(&y.is_some()),
                    };
                    proptest::prop_assert_eq!(t.cmp_percentage(a, b), want, "{} {}", a, b);
                }
            }
        }

        #[test]
        fn spilled_totals_equal_fraction_by_fraction_sums(
            parts in proptest::collection::vec(
                (0usize..3, prop_oneof![-500i64..500, Just(i64::MAX / 2), Just(i64::MIN / 2)], 20_000i64..20_090),
                0..200,
            )
        ) {
            // Up to 90 denominators near 20,000: totals spill after a few, fill the
            // columns, go past them, and some sums overflow 64 bits.
            agrees_fraction_by_fraction(&parts)?;
        }

        #[test]
        fn totals_equal_fraction_by_fraction_sums(
            parts in proptest::collection::vec((0usize..3, -500i64..500, 1i64..40), 0..60)
        ) {
            agrees_fraction_by_fraction(&parts)?;
        }
    }

    /// Each of three pairs' totals of these (pair, numerator, denominator) equals their
    /// sum worked out one fraction at a time.
    fn agrees_fraction_by_fraction(
        parts: &[(usize, i64, i64)],
    ) -> Result<(), proptest::test_runner::TestCaseError> {
        let cs: Vec<Contribution> = parts.iter().map(|&(p, n, d)| c(p, n, d, 10)).collect();
        let t = PairTotals::compute(3, &cs);
        for pair in 0..3 {
            let mut want = Exact::zero();
            for &(p, n, d) in parts {
                if p == pair {
                    want.add_fraction(n, d);
                }
            }
            proptest::prop_assert_eq!(t.total(pair), want);
        }
        Ok(())
    }
}
