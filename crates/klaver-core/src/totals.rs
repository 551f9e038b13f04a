//! Pair totals without a division per board.
//!
//! A pair's total is a sum of fractions: halves from ties on the ACBL scale, sevenths or
//! other fractions from Neuberg rescaling, hundredths from artificial scores. A
//! session's pair totals add into columns of 64-bit sums, one per denominator (a field
//! of 21,000 tables over 48 boards has a few dozen), where adding a board's matchpoints
//! is one addition, with no division and no allocation. Totals of a few fractions each
//! (a large field's round columns, one per pair and round) would leave such columns
//! mostly empty: each is kept in 128 bits over the multiple of its own denominators,
//! and spills into the columns only when it outgrows them. At the end each total in the
//! columns is put over the common multiple of the session's denominators, once per
//! pair: in 128-bit integers when that multiple fits 64 bits, else in 64-bit limbs
//! multiplied out by hand and handed to arbitrary precision as one number. A sum that
//! would overflow its column, or a denominator past the last column, is kept in the
//! total's own list and added exactly at the end. Nothing is ever rounded.
//!
//! Ranking compares percentages. Two percentages that lie far apart are ordered by their
//! floating-point values, whose error is many orders of magnitude smaller than the gap;
//! only close ones (ties among them) are compared exactly.

use crate::exact::Exact;
use num_bigint::{BigInt, Sign};
use num_integer::Integer;
use num_rational::{BigRational, Ratio};
use num_traits::{ToPrimitive, Zero};
use rustc_hash::{FxHashMap, FxHashSet};
use std::borrow::Cow;
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

    /// Adds `n / d`: whether its denominator widened the multiple; `None` (the total
    /// unchanged) when 128 bits no longer suffice or `d` is not positive.
    fn add(&mut self, n: i64, d: i64) -> Option<bool> {
        if d <= 0 {
            return None;
        }
        // The common case: a denominator that fits 64 bits and already divides it.
        if let Ok(den) = u64::try_from(self.denom)
            && (den == d as u64 || den % d as u64 == 0)
        {
            let scaled = i128::from(n).checked_mul(i128::from(den / d as u64))?;
            self.numer = self.numer.checked_add(scaled)?;
            return Some(false);
        }
        // The greatest common divisor of the multiple and d is that of d and the
        // multiple's remainder by d: one wide division, then 64-bit arithmetic.
        let du = d as u64;
        let rem = (self.denom as u128 % u128::from(du)) as u64;
        let (n, d) = (i128::from(n), i128::from(d));
        if rem == 0 {
            self.numer = self.numer.checked_add(n.checked_mul(self.denom / d)?)?;
            return Some(false);
        }
        let g = i128::from(rem.gcd(&du));
        let l = (self.denom / g).checked_mul(d)?;
        let scaled = self.numer.checked_mul(l / self.denom)?;
        self.numer = scaled.checked_add(n.checked_mul(l / d)?)?;
        self.denom = l;
        Some(true)
    }
}

/// A total past 128 bits: its numerator, and its denominator as an index into
/// [`PairTotals::big_denoms`] (most share the session's common multiple).
#[derive(Debug, Clone)]
struct BigTotal {
    numer: BigInt,
    denom: usize,
}

/// The totals that outgrew 128 bits, found by pair through a list of places rather
/// than a hash table: a large field's totals are all big, and each line of its list
/// looked one up (a cache miss a pair).
#[derive(Debug, Clone, Default)]
struct BigTotals {
    /// Each pair's place in `totals` plus one; 0 (or past the end) for none.
    place: Vec<u32>,
    totals: Vec<BigTotal>,
}

impl BigTotals {
    fn with_capacity(n: usize) -> BigTotals {
        BigTotals {
            place: Vec::new(),
            totals: Vec::with_capacity(n),
        }
    }

    fn get(&self, pair: &usize) -> Option<&BigTotal> {
        match self.place.get(*pair) {
            Some(&p) if p > 0 => Some(&self.totals[p as usize - 1]),
            _ => None,
        }
    }

    fn contains_key(&self, pair: &usize) -> bool {
        self.get(pair).is_some()
    }

    fn insert(&mut self, pair: usize, total: BigTotal) {
        if let Some(&p) = self.place.get(pair).filter(|&&p| p > 0) {
            self.totals[p as usize - 1] = total;
            return;
        }
        if self.place.len() <= pair {
            self.place.resize(pair + 1, 0);
        }
        self.totals.push(total);
        self.place[pair] = u32::try_from(self.totals.len()).expect("fewer totals than 2³²");
    }

    /// Takes a pair's big total away (its place is left unused).
    fn remove(&mut self, pair: &usize) {
        if let Some(p) = self.place.get_mut(*pair) {
            *p = 0;
        }
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.place.iter().filter(|&&p| p > 0).count()
    }

    /// The pairs' big totals, each with its pair.
    fn into_entries(self) -> impl Iterator<Item = (usize, BigTotal)> {
        let mut totals: Vec<Option<BigTotal>> = self.totals.into_iter().map(Some).collect();
        self.place
            .into_iter()
            .enumerate()
            .filter(|&(_, p)| p > 0)
            .filter_map(move |(pair, p)| totals[p as usize - 1].take().map(|t| (pair, t)))
    }
}

/// Pair totals and maxima.
#[derive(Debug, Clone)]
pub struct PairTotals {
    small: Vec<Small>,
    /// Totals that outgrew 128 bits.
    big: BigTotals,
    /// The denominators of the big totals.
    big_denoms: Vec<BigInt>,
    /// Each pair's percentage as a floating-point number, to order pairs whose
    /// percentages are far apart without exact arithmetic (NaN when unknown).
    approx: Vec<f64>,
    /// The maximum each pair could have scored (sum of the tops of its boards).
    pub max: Vec<i64>,
    /// The number of boards each pair was scored on.
    pub boards: Vec<u32>,
}

/// Matchpoints made ready by [`TotalsBuilder::term`] to be added to its totals.
#[derive(Debug, Clone, Copy)]
pub struct Term {
    points: Ratio<i64>,
    /// The index of its factor over the common multiple given in advance; `u32::MAX`
    /// when it is added another way (no multiple, a negative fraction, another
    /// denominator).
    factor: u32,
}

impl Term {
    /// The matchpoints.
    pub fn points(&self) -> Ratio<i64> {
        self.points
    }
}

/// Adds up pair totals one board result at a time, without keeping the contributions.
///
/// [`TotalsBuilder::new`] adds every total into the columns of sums per denominator;
/// [`TotalsBuilder::sparse`] keeps each in 128 bits over the multiple of its own
/// denominators until it outgrows them.
#[derive(Debug, Clone)]
pub struct TotalsBuilder {
    small: Vec<Small>,
    /// Each total's slot in the columns, `u32::MAX` while it has not spilled.
    slot: Vec<u32>,
    /// The denominators that widened a total kept in 128 bits: with the columns', their
    /// common multiple is one of every total, spilled ones' totals before they spilled
    /// included.
    widened: FxHashSet<i64>,
    sums: Columns,
    /// Totals over a common multiple given in advance ([`TotalsBuilder::over`]).
    announced: Option<Announced>,
    max: Vec<i64>,
    boards: Vec<u32>,
}

impl TotalsBuilder {
    /// Empty totals for `pairs` pairs, each of a session's boards: every total adds
    /// into the columns from the start (in a field whose boards were played by different
    /// numbers of tables, each pair's would outgrow 128 bits after a few boards).
    pub fn new(pairs: usize) -> TotalsBuilder {
        let mut b = TotalsBuilder::sparse(pairs);
        for (pair, slot) in b.slot.iter_mut().enumerate() {
            // A total past u32 slots (never in practice) stays in 128 bits first: the
            // same totals either way.
            if let Ok(s) = u32::try_from(pair)
                && s != u32::MAX
            {
                *slot = s;
                b.sums.open(pair, Small::ZERO);
            }
        }
        b
    }

    /// Empty totals for many totals of a few fractions each (a large field's round
    /// columns, one per pair and round): each is kept in 128 bits while that suffices,
    /// and only one that outgrows them gets its sums in the columns.
    pub fn sparse(totals: usize) -> TotalsBuilder {
        TotalsBuilder {
            small: vec![Small::ZERO; totals],
            slot: vec![u32::MAX; totals],
            widened: FxHashSet::default(),
            sums: Columns::new(),
            announced: None,
            max: vec![0; totals],
            boards: vec![0; totals],
        }
    }

    /// Empty totals for `pairs` pairs whose fractions are known to have one of `denoms`
    /// as denominator (a session's, once its boards are scored): each total is one
    /// number over their common multiple, in a few 64-bit limbs, and adding a fraction
    /// is one multiplication into it; the columns are not needed. When that multiple
    /// takes more than [`Announced::MOST_LIMBS`] limbs, the totals add into columns as
    /// with [`TotalsBuilder::new`]. A fraction of another denominator, or a negative one,
    /// is kept as in [`TotalsBuilder::sparse`] and added in at the end.
    pub fn over(pairs: usize, denoms: impl IntoIterator<Item = i64>) -> TotalsBuilder {
        match Announced::new(pairs, denoms) {
            Some(announced) => TotalsBuilder {
                announced: Some(announced),
                ..TotalsBuilder::sparse(pairs)
            },
            None => TotalsBuilder::new(pairs),
        }
    }

    /// `points` made ready to be added to any of these totals ([`TotalsBuilder::add_term`]):
    /// the factor that puts it over the common multiple is looked up once, not at every
    /// addition. A session's results share a few thousand values at most.
    pub fn term(&mut self, points: Ratio<i64>) -> Term {
        let (n, d) = (*points.numer(), *points.denom());
        let factor = match &mut self.announced {
            Some(announced) if n > 0 => announced.factor_index(d),
            _ => usize::MAX,
        };
        Term {
            points,
            factor: u32::try_from(factor).unwrap_or(u32::MAX),
        }
    }

    /// [`TotalsBuilder::add`] of a term these totals made.
    #[inline(always)]
    pub fn add_term(&mut self, pair: usize, term: Term, top: i64) {
        self.max[pair] += top;
        self.boards[pair] += 1;
        match &mut self.announced {
            Some(announced) if term.factor != u32::MAX => {
                announced.add_times(pair, *term.points.numer() as u64, term.factor as usize);
            }
            _ => self.add_points(pair, term.points),
        }
    }

    /// Adds a pair's matchpoints on a board with the given top.
    pub fn add(&mut self, pair: usize, points: Ratio<i64>, top: i64) {
        let term = self.term(points);
        self.add_term(pair, term, top);
    }

    /// Adds matchpoints to a pair's total that belong to no board (a director's penalty
    /// or compensation): the maximum stays as it is.
    pub fn add_points(&mut self, pair: usize, points: Ratio<i64>) {
        let (n, d) = (*points.numer(), *points.denom());
        if n > 0
            && let Some(announced) = &mut self.announced
            && announced.add(pair, n, d)
        {
            return;
        }
        let slot = self.slot[pair];
        if slot != u32::MAX {
            self.sums.add(slot as usize, n, d);
        } else if let Some(widened) = self.small[pair].add(n, d) {
            if widened {
                self.widened.insert(d);
            }
        } else {
            // The total so far moves into its new slot, and the fraction follows it.
            let slot = self.sums.open(pair, self.small[pair]);
            self.slot[pair] = slot as u32;
            self.small[pair] = Small::ZERO;
            self.sums.add(slot, n, d);
        }
    }

    /// The totals: each spilled one put over the common multiple of the denominators,
    /// once per pair.
    pub fn finish(self) -> PairTotals {
        let common = Common::of(&self.sums.denoms, &self.widened);
        let slots = self.sums.totals_of.len();
        // Spilled totals are independent of each other: a large field's are worked out
        // on every core.
        let threads = if slots >= 4096 {
            std::thread::available_parallelism().map_or(1, |n| n.get().min(8))
        } else {
            1
        };
        let per_thread = slots.div_ceil(threads).max(1);
        let ranges: Vec<std::ops::Range<usize>> = (0..slots)
            .step_by(per_thread)
            .map(|from| from..(from + per_thread).min(slots))
            .collect();
        let (sums, common) = (&self.sums, &common);
        let done: Vec<Vec<(Total, f64)>> = if ranges.len() <= 1 {
            ranges.into_iter().map(|r| sums.totals(r, common)).collect()
        } else {
            std::thread::scope(|s| {
                let handles: Vec<_> = ranges
                    .into_iter()
                    .map(|r| crate::parts::start(s, move || sums.totals(r, common)))
                    .collect();
                handles.into_iter().map(|h| h.join()).collect()
            })
        };
        let mut small = self.small;
        let mut approx: Vec<f64> = small
            .iter()
            .map(|s| s.numer as f64 / s.denom as f64)
            .collect();
        // (Made at its size: a large field's totals are all big.)
        let bigs = done.iter().flatten();
        let bigs = bigs.filter(|(t, _)| matches!(t, Total::Big(..))).count();
        let mut big = BigTotals::with_capacity(bigs);
        let mut big_denoms = vec![common.denom.clone()];
        for (slot, (total, a)) in done.into_iter().flatten().enumerate() {
            let pair = self.sums.totals_of[slot];
            approx[pair] = a;
            match total {
                Total::Small(s) => small[pair] = s,
                Total::Big(numer, own) => {
                    small[pair] = Small::ZERO;
                    let denom = match own {
                        Some(d) => {
                            big_denoms.push(d);
                            big_denoms.len() - 1
                        }
                        None => 0,
                    };
                    big.insert(pair, BigTotal { numer, denom });
                }
            }
        }
        // Each total's estimate, until it is made a percentage's below.
        let mut totals = PairTotals {
            small,
            big,
            big_denoms,
            approx,
            max: self.max,
            boards: self.boards,
        };
        if let Some(announced) = &self.announced {
            announced.add_into(&mut totals);
        }
        for (pair, a) in totals.approx.iter_mut().enumerate() {
            let max = totals.max[pair];
            *a = if totals.boards[pair] == 0 || max == 0 {
                f64::NAN
            } else {
                *a * 100.0 / max as f64
            };
        }
        totals
    }
}

impl PairTotals {
    /// The totals of consecutive parts of the pairs as one list, each part's pairs
    /// numbered on from the part before (a large field's parts are added up on every
    /// core). A big total keeps its own part's denominator.
    pub fn concat(parts: Vec<PairTotals>) -> PairTotals {
        let n: usize = parts.iter().map(|p| p.small.len()).sum();
        let mut parts = parts.into_iter();
        let mut all = parts
            .next()
            .unwrap_or_else(|| TotalsBuilder::sparse(0).finish());
        // Room for every part at once, so that joining them copies each once.
        let more = n - all.small.len();
        all.small.reserve_exact(more);
        all.approx.reserve_exact(more);
        all.max.reserve_exact(more);
        all.boards.reserve_exact(more);
        for part in parts {
            let (first, denoms) = (all.small.len(), all.big_denoms.len());
            all.big_denoms.extend(part.big_denoms);
            for (pair, b) in part.big.into_entries() {
                let denom = b.denom + denoms;
                all.big.insert(first + pair, BigTotal { denom, ..b });
            }
            all.small.extend(part.small);
            all.approx.extend(part.approx);
            all.max.extend(part.max);
            all.boards.extend(part.boards);
        }
        all
    }

    /// Adds up the contributions for `pairs` pairs.
    pub fn compute(pairs: usize, contributions: &[Contribution]) -> PairTotals {
        let mut b = TotalsBuilder::new(pairs);
        for c in contributions {
            b.add(c.pair, c.points, c.top);
        }
        b.finish()
    }

    /// A big total's numerator and denominator.
    fn big_of(&self, pair: usize) -> Option<(&BigInt, &BigInt)> {
        self.big
            .get(&pair)
            .map(|b| (&b.numer, &self.big_denoms[b.denom]))
    }

    /// Replaces a pair's total.
    fn set(&mut self, pair: usize, total: Exact) {
        match total {
            Exact::Small(r) => {
                self.big.remove(&pair);
                self.small[pair] = Small {
                    numer: *r.numer(),
                    denom: *r.denom(),
                };
            }
            Exact::Big(r) => {
                let (numer, denom) = r.into_raw();
                self.big_denoms.push(denom);
                let denom = self.big_denoms.len() - 1;
                self.small[pair] = Small::ZERO;
                self.big.insert(pair, BigTotal { numer, denom });
            }
        }
    }

    /// A pair's total matchpoints.
    pub fn total(&self, pair: usize) -> Exact {
        match self.big_of(pair) {
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
        let (n, d) = self.parts_of(pair);
        Some(Exact::Big(BigRational::new_raw(&*n * 100, &*d * max)))
    }

    /// Sorts pairs best first: by exact percentage, highest first (pairs without boards
    /// last), then by index: the order of `cmp_percentage`. The pairs are sorted by each
    /// one's floating-point percentage, two integers compared a step; only runs of
    /// percentages too close for those to order are then sorted exactly.
    pub fn sort_best_first(&self, pairs: &mut [usize]) {
        let Some(mut keyed) = self.descending_keys(pairs) else {
            // A percentage without an estimate: every comparison exact.
            pairs.sort_by(|&a, &b| self.cmp_percentage(b, a).then(a.cmp(&b)));
            return;
        };
        keyed.sort_unstable();
        // Neighbours whose estimates lie far apart are in order, and so is each pair
        // before such a gap with each after it: only a run of close ones may be out.
        let close = |&(ka, a): &(u64, usize), &(kb, b): &(u64, usize)| {
            ka != u64::MAX && kb != u64::MAX && far_apart(self.approx[a], self.approx[b]).is_none()
        };
        for run in keyed.chunk_by_mut(close).filter(|run| run.len() > 1) {
            run.sort_by(|&(_, a), &(_, b)| self.cmp_percentage(b, a).then(a.cmp(&b)));
        }
        for (slot, (_, p)) in pairs.iter_mut().zip(keyed) {
            *slot = p;
        }
    }

    /// Each pair with a whole number in the reverse order of its estimated percentage
    /// (the larger the percentage, the smaller the number), `u64::MAX` for a pair without
    /// boards; `None` when a pair with boards has no estimate.
    fn descending_keys(&self, pairs: &[usize]) -> Option<Vec<(u64, usize)>> {
        let mut keyed = Vec::with_capacity(pairs.len());
        for &p in pairs {
            if self.max[p] <= 0 || self.boards[p] == 0 {
                keyed.push((u64::MAX, p));
                continue;
            }
            let estimate = self.approx[p];
            if estimate.is_nan() {
                return None;
            }
            // Never u64::MAX: that would be a NaN's.
            keyed.push((crate::exact::descending_bits(estimate), p));
        }
        Some(keyed)
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
        if let Some(order) = far_apart(self.approx[a], self.approx[b]) {
            return order;
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
        let (na, da) = self.parts_of(a);
        let (nb, db) = self.parts_of(b);
        if da == db {
            // Over the same denominator (a session's big totals nearly all are).
            return (&*na * mb).cmp(&(&*nb * ma));
        }
        (&*na * &*db * mb).cmp(&(&*nb * &*da * ma))
    }

    /// A pair's total as numerator and denominator in arbitrary precision, borrowed
    /// when it is big.
    fn parts_of(&self, pair: usize) -> (Cow<'_, BigInt>, Cow<'_, BigInt>) {
        match self.big_of(pair) {
            Some((n, d)) => (Cow::Borrowed(n), Cow::Borrowed(d)),
            None => {
                let s = self.small[pair];
                (Cow::Owned(s.numer.into()), Cow::Owned(s.denom.into()))
            }
        }
    }
}

/// The order of two floating-point percentages that differ by far more than their
/// rounding error (a relative 10⁻⁹ against an error below 10⁻¹⁵); `None` for close ones
/// and for unknown ones (NaN: no boards, or terms that cancel).
fn far_apart(fa: f64, fb: f64) -> Option<Ordering> {
    if (fa - fb).abs() > 1e-9 * fa.abs().max(fb.abs()).max(1.0) {
        fa.partial_cmp(&fb)
    } else {
        None
    }
}

/// Sums per denominator of the totals that spilled: one column of 64-bit sums per
/// different denominator, one sum per spilled total (its slot) in each.
///
/// A session has few different denominators, so the first [`Columns::MOST`] each get a
/// column: adding is one addition, found by the denominator of the fraction before (a
/// board's results come together) or a small table. A further denominator, a sum that
/// would overflow, or a denominator that is not positive goes to the slot's own list.
#[derive(Debug, Clone)]
struct Columns {
    /// The total of each slot, and its total before it spilled.
    totals_of: Vec<usize>,
    before: Vec<Small>,
    /// The denominator of each column.
    denoms: Vec<i64>,
    /// Each column's sums, one per total.
    sums: Vec<Vec<i64>>,
    /// The column of each denominator.
    index: FxHashMap<i64, usize>,
    /// The last denominator looked up and its column (0 before any: no denominator is 0).
    last: (i64, usize),
    /// Fractions (numerator, denominator) with no room in a column, per slot (rare).
    rest: FxHashMap<usize, Vec<(i128, i128)>>,
}

impl Columns {
    const MOST: usize = 64;

    fn new() -> Columns {
        Columns {
            totals_of: Vec::new(),
            before: Vec::new(),
            denoms: Vec::new(),
            sums: Vec::new(),
            index: FxHashMap::default(),
            last: (0, 0),
            rest: FxHashMap::default(),
        }
    }

    /// A slot for total `total`, holding `before` (its total so far).
    fn open(&mut self, total: usize, before: Small) -> usize {
        let slot = self.totals_of.len();
        self.totals_of.push(total);
        self.before.push(before);
        for column in &mut self.sums {
            column.push(0);
        }
        slot
    }

    /// Adds `n / d` to slot `slot`.
    #[inline(always)]
    fn add(&mut self, slot: usize, n: i64, d: i64) {
        if n == 0 {
            return;
        }
        let column = if self.last.0 == d {
            Some(self.last.1)
        } else {
            self.column(d)
        };
        if let Some(c) = column {
            let sum = &mut self.sums[c][slot];
            if let Some(s) = sum.checked_add(n) {
                *sum = s;
                return;
            }
        }
        self.keep_apart(slot, n, d);
    }

    /// Keeps `n / d` in slot `slot`'s own list (no column for it, or its sum is full).
    #[cold]
    fn keep_apart(&mut self, slot: usize, n: i64, d: i64) {
        self.rest
            .entry(slot)
            .or_default()
            .push((i128::from(n), i128::from(d)));
    }

    /// The column of denominator `d`, made when there is room.
    fn column(&mut self, d: i64) -> Option<usize> {
        if d <= 0 {
            return None;
        }
        let c = match self.index.get(&d) {
            Some(&c) => c,
            None if self.denoms.len() < Self::MOST => {
                self.denoms.push(d);
                // As long as the slots so far; it grows as totals spill.
                self.sums.push(vec![0; self.totals_of.len()]);
                self.index.insert(d, self.denoms.len() - 1);
                self.denoms.len() - 1
            }
            None => return None,
        };
        self.last = (d, c);
        Some(c)
    }

    /// The totals of slots `range` over the common multiple `common`, each with its
    /// value in floating point.
    fn totals(&self, range: std::ops::Range<usize>, common: &Common) -> Vec<(Total, f64)> {
        let mut limbs = Limbs::new(common.limbs.len());
        range
            .map(|slot| match self.rest.get(&slot) {
                None => (self.total(slot, common, &mut limbs), self.approx(slot)),
                Some(rest) => {
                    let exact = self.exact_total(slot, rest);
                    let approx = exact.to_f64();
                    (Total::of(exact, common), approx)
                }
            })
            .collect()
    }

    /// A total in floating point: a sum of terms of one sign (matchpoints are never
    /// negative) is within a relative 10⁻¹⁴ of the exact sum; should terms ever cancel,
    /// NaN, and comparisons fall back on the exact totals.
    fn approx(&self, slot: usize) -> f64 {
        let before = self.before[slot];
        let t = before.numer as f64 / before.denom as f64;
        let (mut sum, mut abs) = (t, t.abs());
        for (column, &d) in self.sums.iter().zip(&self.denoms) {
            let s = column[slot];
            if s != 0 {
                let t = s as f64 / d as f64;
                sum += t;
                abs += t.abs();
            }
        }
        if abs <= 2.0 * sum.abs() {
            sum
        } else {
            f64::NAN
        }
    }

    /// A total without fractions of its own, over the common multiple: in 128 bits when
    /// the multiple fits 64 and the numerator 128, else in limbs.
    fn total(&self, slot: usize, common: &Common, limbs: &mut Limbs) -> Total {
        if let Some((denom, factors)) = &common.small
            && let Some(numer) = self.small_numer(slot, *denom, factors)
        {
            return Total::Small(Small {
                numer,
                denom: i128::from(*denom),
            });
        }
        let numer = limbs.numer(self, slot, common) + self.before_over(slot, common);
        match (numer.to_i128(), common.denom.to_i128()) {
            (Some(numer), Some(denom)) => Total::Small(Small { numer, denom }),
            _ => Total::Big(numer, None),
        }
    }

    /// The numerator over a common multiple that fits 64 bits, when it fits 128.
    fn small_numer(&self, slot: usize, multiple: u64, factors: &[u64]) -> Option<i128> {
        let before = self.before[slot];
        // The total before it spilled is over a divisor of the multiple.
        let factor = i128::from(multiple) / before.denom;
        let mut numer = before.numer.checked_mul(factor)?;
        for (column, &f) in self.sums.iter().zip(factors) {
            let s = column[slot];
            if s != 0 {
                numer = numer.checked_add(i128::from(s).checked_mul(i128::from(f))?)?;
            }
        }
        Some(numer)
    }

    /// The total before it spilled as a numerator over the common multiple, of which
    /// its denominator is a divisor.
    fn before_over(&self, slot: usize, common: &Common) -> BigInt {
        let before = self.before[slot];
        if before.numer == 0 {
            return BigInt::default();
        }
        let factor = common.denom.magnitude() / before.denom.unsigned_abs();
        BigInt::from(before.numer) * BigInt::from_biguint(Sign::Plus, factor)
    }

    /// A total with fractions of its own (`rest`), added up exactly one by one.
    fn exact_total(&self, slot: usize, rest: &[(i128, i128)]) -> Exact {
        let before = self.before[slot];
        let mut exact = Exact::Small(Ratio::new(before.numer, before.denom));
        for (column, &d) in self.sums.iter().zip(&self.denoms) {
            if column[slot] != 0 {
                exact.add_fraction(column[slot], d);
            }
        }
        for &(n, d) in rest {
            exact = exact.plus(&Exact::Big(BigRational::new(n.into(), d.into())));
        }
        exact
    }
}

/// Totals over a common multiple of denominators given in advance, each a fixed
/// number of 64-bit limbs (least significant first): adding `n / d` adds
/// `n × (multiple / d)`. Only positive numerators of those denominators are added here.
#[derive(Debug, Clone)]
struct Announced {
    /// The common multiple.
    denom: BigInt,
    /// Limbs per total: the multiple's, and two more, room for up to 2^64 terms each
    /// below 2^63 times the multiple.
    width: usize,
    /// Each denominator's factor (the multiple divided by it) in `width - 2` limbs.
    factors: Vec<u64>,
    /// The factor of each denominator met, `usize::MAX` for one that does not divide the
    /// multiple.
    index: FxHashMap<i64, usize>,
    /// The last denominator looked up and its factor (0 before any: none is 0).
    last: (i64, usize),
    /// The totals, `width` limbs each.
    limbs: Vec<u64>,
}

impl Announced {
    /// The most limbs of a common multiple whose totals are kept this way: 512 bits, a
    /// total in 80 bytes (the columns take 8 bytes per total and denominator).
    const MOST_LIMBS: usize = 8;

    /// Zero totals for `totals` totals over the multiple of `denoms` (those that are
    /// positive); `None` when it takes more than [`Announced::MOST_LIMBS`] limbs.
    fn new(totals: usize, denoms: impl IntoIterator<Item = i64>) -> Option<Announced> {
        let mut ds: Vec<i64> = denoms.into_iter().filter(|&d| d > 0).collect();
        ds.sort_unstable();
        ds.dedup();
        let wide: Vec<i128> = ds.iter().map(|&d| i128::from(d)).collect();
        let denom = multiple(&wide);
        let own = denom.magnitude().to_u64_digits();
        if own.len() > Self::MOST_LIMBS {
            return None;
        }
        let mut factors = Vec::with_capacity(ds.len() * own.len());
        for &d in &ds {
            let mut f = (denom.magnitude() / d.unsigned_abs()).to_u64_digits();
            f.resize(own.len(), 0);
            factors.extend(f);
        }
        let width = own.len() + 2;
        Some(Announced {
            index: ds.iter().enumerate().map(|(k, &d)| (d, k)).collect(),
            denom,
            width,
            factors,
            last: (0, 0),
            limbs: vec![0; totals * width],
        })
    }

    /// Adds `n / d` (`n` positive) to total `total`; false when `d` does not divide the
    /// multiple.
    #[inline(always)]
    fn add(&mut self, total: usize, n: i64, d: i64) -> bool {
        let k = self.factor_index(d);
        if k == usize::MAX {
            return false;
        }
        self.add_times(total, n as u64, k);
        true
    }

    /// The index of `d`'s factor; `usize::MAX` when `d` does not divide the multiple.
    #[inline(always)]
    fn factor_index(&mut self, d: i64) -> usize {
        if self.last.0 == d {
            return self.last.1;
        }
        let k = match self.index.get(&d) {
            Some(&k) => k,
            None => self.factor_of(d),
        };
        if k != usize::MAX {
            self.last = (d, k);
        }
        k
    }

    /// Adds `n` times factor `k` (an index [`Announced::factor_index`] gave) to total
    /// `total`.
    #[inline(always)]
    fn add_times(&mut self, total: usize, n: u64, k: usize) {
        let own = self.width - 2;
        let factor = &self.factors[k * own..(k + 1) * own];
        let at = total * self.width;
        let acc = &mut self.limbs[at..at + self.width];
        // Each length of multiple with a loop of its own (unrolled, without bounds
        // checks): there are at most `MOST_LIMBS`.
        match own {
            1 => mul_add_fixed::<1>(acc, factor, n),
            2 => mul_add_fixed::<2>(acc, factor, n),
            3 => mul_add_fixed::<3>(acc, factor, n),
            4 => mul_add_fixed::<4>(acc, factor, n),
            5 => mul_add_fixed::<5>(acc, factor, n),
            6 => mul_add_fixed::<6>(acc, factor, n),
            7 => mul_add_fixed::<7>(acc, factor, n),
            8 => mul_add_fixed::<8>(acc, factor, n),
            _ => mul_add(acc, factor, n),
        }
    }

    /// The factor of a denominator not given, made when it divides the multiple (a
    /// divisor of one given: a fraction in lowest terms); `usize::MAX` when it does not.
    #[cold]
    fn factor_of(&mut self, d: i64) -> usize {
        let magnitude = self.denom.magnitude();
        let k = if d > 0 && (magnitude % d.unsigned_abs()).is_zero() {
            let mut f = (magnitude / d.unsigned_abs()).to_u64_digits();
            f.resize(self.width - 2, 0);
            self.factors.extend(f);
            self.factors.len() / (self.width - 2) - 1
        } else {
            usize::MAX
        };
        self.index.insert(d, k);
        k
    }

    /// Adds each total to the one worked out from the other fractions.
    fn add_into(&self, totals: &mut PairTotals) {
        let denom_f64 = self.denom.to_f64().unwrap_or(f64::INFINITY);
        let small_denom = self.denom.to_i128();
        let mut big_denom = None;
        for (pair, limbs) in self.limbs.chunks_exact(self.width).enumerate() {
            if limbs.iter().all(|&l| l == 0) {
                continue;
            }
            let small_numer = (limbs[2..].iter().all(|&l| l == 0))
                .then(|| (u128::from(limbs[1]) << 64) | u128::from(limbs[0]))
                .and_then(|n| i128::try_from(n).ok());
            let had = totals.small[pair].numer != 0 || totals.big.contains_key(&pair);
            if !had {
                totals.approx[pair] = f64_of_limbs(limbs) / denom_f64;
                if let (Some(numer), Some(denom)) = (small_numer, small_denom) {
                    totals.small[pair] = Small { numer, denom };
                } else {
                    let denom = *big_denom.get_or_insert_with(|| {
                        totals.big_denoms.push(self.denom.clone());
                        totals.big_denoms.len() - 1
                    });
                    let numer = big_of_limbs(limbs);
                    totals.big.insert(pair, BigTotal { numer, denom });
                }
                continue;
            }
            // Rare: a negative fraction or one of another denominator came too.
            let here = Exact::Big(BigRational::new(big_of_limbs(limbs), self.denom.clone()));
            let sum = totals.total(pair).plus(&here);
            totals.approx[pair] = sum.to_f64();
            totals.set(pair, sum);
        }
    }
}

/// A non-negative number given in 64-bit limbs as a floating-point number, within a
/// relative 10⁻¹⁴ of it (a rounding per limb).
fn f64_of_limbs(limbs: &[u64]) -> f64 {
    limbs
        .iter()
        .rev()
        .fold(0.0, |acc, &l| acc * 18_446_744_073_709_551_616.0 + l as f64)
}

/// A worked-out total: in 128 bits, or a numerator past them over the common multiple
/// (`None`) or over its own denominator.
enum Total {
    Small(Small),
    Big(BigInt, Option<BigInt>),
}

impl Total {
    fn of(exact: Exact, common: &Common) -> Total {
        match exact {
            Exact::Small(r) => Total::Small(Small {
                numer: *r.numer(),
                denom: *r.denom(),
            }),
            Exact::Big(r) => {
                let (n, d) = r.into_raw();
                let own = (d != common.denom).then_some(d);
                Total::Big(n, own)
            }
        }
    }
}

/// The common multiple of a session's denominators and each denominator's factor (the
/// multiple divided by it): in 64 bits when the multiple fits them, and always in
/// 64-bit limbs, least significant first.
struct Common {
    denom: BigInt,
    small: Option<(u64, Vec<u64>)>,
    limbs: Vec<u64>,
    factors: Vec<Vec<u64>>,
}

impl Common {
    /// Of the columns' denominators and the others (`widened`) totals met.
    fn of(denoms: &[i64], widened: &FxHashSet<i64>) -> Common {
        let mut wide: Vec<i128> = denoms
            .iter()
            .chain(widened)
            .map(|&d| i128::from(d))
            .collect();
        wide.sort_unstable();
        wide.dedup();
        let denom = multiple(&wide);
        let magnitude = denom.magnitude();
        let factors: Vec<Vec<u64>> = denoms
            .iter()
            .map(|&d| (magnitude / d.unsigned_abs()).to_u64_digits())
            .collect();
        let small = magnitude.to_u64().map(|m| {
            let f = factors
                .iter()
                .map(|f| f.first().copied().unwrap_or(0))
                .collect();
            (m, f)
        });
        Common {
            limbs: magnitude.to_u64_digits(),
            denom,
            small,
            factors,
        }
    }
}

/// Scratch numbers for a numerator in 64-bit limbs: the sums of the positive and of the
/// negative terms, each `factor × |sum|` multiplied in place.
struct Limbs {
    plus: Vec<u64>,
    minus: Vec<u64>,
}

impl Limbs {
    fn new(len: usize) -> Limbs {
        // Up to 64 terms, each below 2^63 times the multiple: two limbs of headroom.
        Limbs {
            plus: vec![0; len + 2],
            minus: vec![0; len + 2],
        }
    }

    /// The numerator of a total over the common multiple.
    fn numer(&mut self, sums: &Columns, slot: usize, common: &Common) -> BigInt {
        self.plus.fill(0);
        self.minus.fill(0);
        for (c, factor) in common.factors.iter().enumerate() {
            let s = sums.sums[c][slot];
            let acc = if s < 0 {
                &mut self.minus
            } else {
                &mut self.plus
            };
            if s != 0 {
                mul_add(acc, factor, s.unsigned_abs());
            }
        }
        let plus = big_of_limbs(&self.plus);
        if self.minus.iter().all(|&l| l == 0) {
            plus
        } else {
            plus - big_of_limbs(&self.minus)
        }
    }
}

/// `acc += factor × m`, in 64-bit limbs, least significant first; `acc` has room.
fn mul_add(acc: &mut [u64], factor: &[u64], m: u64) {
    let mut carry: u128 = 0;
    for (a, &f) in acc.iter_mut().zip(factor) {
        // At most (2^64 - 1)^2 + 2 (2^64 - 1) = 2^128 - 1: no overflow.
        let t = u128::from(f) * u128::from(m) + u128::from(*a) + carry;
        *a = t as u64;
        carry = t >> 64;
    }
    for a in &mut acc[factor.len()..] {
        if carry == 0 {
            break;
        }
        let t = u128::from(*a) + carry;
        *a = t as u64;
        carry = t >> 64;
    }
}

/// `mul_add` of a factor of `N` limbs into an accumulator of `N` + 2.
#[inline(always)]
fn mul_add_fixed<const N: usize>(acc: &mut [u64], factor: &[u64], m: u64) {
    let (Ok(low), Ok(factor)) = (
        <&mut [u64; N]>::try_from(&mut acc[..N]),
        <&[u64; N]>::try_from(factor),
    ) else {
        return mul_add(acc, factor, m);
    };
    let mut carry: u128 = 0;
    for (a, &f) in low.iter_mut().zip(factor) {
        let t = u128::from(f) * u128::from(m) + u128::from(*a) + carry;
        *a = t as u64;
        carry = t >> 64;
    }
    // The two limbs above: the carry is below 2^64, so at most one more carries on.
    if carry != 0 {
        let t = u128::from(acc[N]) + carry;
        acc[N] = t as u64;
        acc[N + 1] += (t >> 64) as u64;
    }
}

/// A non-negative number given in 64-bit limbs, least significant first.
fn big_of_limbs(limbs: &[u64]) -> BigInt {
    BigInt::from_biguint(Sign::Plus, crate::lowest_terms::biguint_of(limbs))
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

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::{Just, prop_oneof};

    /// Twelve primes near 20,000: Neuberg-like denominators whose multiple is 172 bits.
    const TWELVE_PRIMES: [i64; 12] = [
        20_011, 20_021, 20_023, 20_029, 20_047, 20_051, 20_063, 20_071, 20_089, 20_101, 20_107,
        20_113,
    ];

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
        let primes = TWELVE_PRIMES;
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
        let primes = TWELVE_PRIMES;
        // Enough pairs to be worked out on several threads.
        let pairs = 4_200;
        let mut cs = Vec::new();
        for pair in 0..pairs {
            for (k, &p) in primes.iter().enumerate() {
                cs.push(c(pair, (pair as i64 * 7 + k as i64) % 50, p, 10));
            }
        }
        let t = PairTotals::compute(pairs, &cs);
        assert_eq!(t.big.len(), pairs);
        for pair in [0, 1, 2_099, 2_100, 4_199] {
            let mut want = Exact::zero();
            for (k, &p) in primes.iter().enumerate() {
                want.add_fraction((pair as i64 * 7 + k as i64) % 50, p);
            }
            assert_eq!(t.total(pair), want, "pair {pair}");
        }
    }

    #[test]
    fn spilled_sums_per_denominator_stay_exact_past_64_bits() {
        let primes = TWELVE_PRIMES;
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
    fn totals_of_a_few_fractions_each_take_no_columns() {
        // Round columns: many totals, each of a few boards with Neuberg denominators of
        // their own. They stay in 128 bits, so no column of sums is made for them all.
        let primes = [
            20_011i64, 20_021, 20_023, 20_029, 20_047, 20_051, 20_063, 20_071,
        ];
        let cells = 50_000;
        let mut b = TotalsBuilder::sparse(cells);
        for cell in 0..cells {
            for k in 0..4 {
                let d = primes[(cell + k * 3) % primes.len()];
                b.add(cell, Ratio::new((cell % 7) as i64 + 1, d), 2);
            }
        }
        assert!(b.sums.totals_of.is_empty() && b.sums.sums.is_empty());
        let t = b.finish();
        let mut want = Exact::zero();
        for k in 0..4 {
            want.add_fraction(1, primes[(k * 3) % primes.len()]);
        }
        assert_eq!(t.total(0), want);
    }

    #[test]
    fn totals_over_a_multiple_given_in_advance_take_a_few_limbs_each() {
        // Twelve prime denominators near 20,000: a multiple of 172 bits, three limbs.
        let primes = TWELVE_PRIMES;
        let pairs = 1_000;
        let mut b = TotalsBuilder::over(pairs, primes);
        for pair in 0..pairs {
            for (k, &p) in primes.iter().enumerate() {
                b.add(
                    pair,
                    Ratio::new((pair as i64 * 7 + k as i64) % 50 + 1, p),
                    10,
                );
            }
        }
        // A penalty of a denominator not given, and a negative one, are added in too;
        // a whole one divides the multiple and is added into the limbs.
        b.add_points(3, Ratio::new(-1, 2));
        b.add_points(4, Ratio::new(1, 3));
        b.add_points(5, Ratio::from_integer(2));
        let announced = b.announced.as_ref().expect("a multiple of three limbs");
        assert_eq!((announced.width, announced.limbs.len()), (5, 5 * pairs));
        assert_eq!(announced.index[&1], 12);
        assert!(b.sums.sums.is_empty());
        let t = b.finish();
        for pair in [0, 3, 4, 5, 999] {
            let mut want = Exact::zero();
            for (k, &p) in primes.iter().enumerate() {
                want.add_fraction((pair as i64 * 7 + k as i64) % 50 + 1, p);
            }
            match pair {
                3 => want.add_fraction(-1, 2),
                4 => want.add_fraction(1, 3),
                5 => want.add_fraction(2, 1),
                _ => {}
            }
            assert_eq!(t.total(pair), want, "pair {pair}");
        }
    }

    #[test]
    fn totals_over_multiples_of_five_to_eight_limbs_are_exact() {
        // Primes from 20,011 on, 14.3 bits each: 20 of them need a multiple of five
        // limbs, 35 of eight.
        let primes: Vec<i64> = (20_011i64..)
            .filter(|&n| (2..).take_while(|k| k * k <= n).all(|k| n % k != 0))
            .take(35)
            .collect();
        for (count, limbs) in [(20, 5), (24, 6), (29, 7), (35, 8)] {
            let denoms = &primes[..count];
            let mut b = TotalsBuilder::over(4, denoms.iter().copied());
            assert_eq!(b.announced.as_ref().map(|a| a.width - 2), Some(limbs));
            let mut want = vec![Exact::zero(); 4];
            for (k, &d) in denoms.iter().enumerate() {
                for (pair, want) in want.iter_mut().enumerate() {
                    let n = (k as i64 * 13 + pair as i64 * 7) % (d - 1) + 1;
                    if (k + pair) % 2 == 0 {
                        b.add(pair, Ratio::new(n, d), 1);
                    } else {
                        let term = b.term(Ratio::new(n, d));
                        b.add_term(pair, term, 1);
                    }
                    want.add_fraction(n, d);
                }
            }
            let t = b.finish();
            for (pair, want) in want.iter().enumerate() {
                assert_eq!(&t.total(pair), want, "{count} denominators, pair {pair}");
            }
        }
    }

    #[test]
    fn a_multiple_past_the_most_limbs_adds_into_columns() {
        // 150 primes from 20,011 on: a multiple of over 2,000 bits.
        let primes: Vec<i64> = (20_011i64..)
            .filter(|&n| (2..142).all(|k| n % k != 0))
            .take(150)
            .collect();
        let mut b = TotalsBuilder::over(2, primes.iter().copied());
        assert!(b.announced.is_none());
        for &p in &primes {
            b.add(0, Ratio::new(1, p), 2);
        }
        let t = b.finish();
        let mut want = Exact::zero();
        for &p in &primes {
            want.add_fraction(1, p);
        }
        assert_eq!(t.total(0), want);
    }

    #[test]
    fn percentages_whose_doubles_are_equal_are_ranked_exactly() {
        let mut b = TotalsBuilder::new(3);
        for pair in 0..3 {
            b.add(pair, Ratio::from_integer(7), 12);
        }
        b.add_points(1, Ratio::new(1, 1_000_000_000_000_000_003));
        b.add_points(2, Ratio::new(-1, 999_999_999_999_999_989));
        let t = b.finish();
        assert_eq!(t.approx[0], t.approx[1]);
        assert_eq!(t.approx[0], t.approx[2]);
        let mut order = vec![0, 1, 2];
        t.sort_best_first(&mut order);
        assert_eq!(order, [1, 0, 2]);
        assert!(t.cmp_percentage(0, 2).is_gt() && t.cmp_percentage(1, 0).is_gt());
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
        fn sorting_best_first_orders_as_the_exact_comparison(
            parts in proptest::collection::vec(
                (0usize..12, -50i64..200, prop_oneof![Just(1i64), Just(2), 1i64..30, 20_000i64..20_100], 1i64..4),
                0..120,
            )
        ) {
            // Twelve pairs, some without boards, with ties, near-ties and big totals.
            let cs: Vec<Contribution> =
                parts.iter().map(|&(p, n, d, t)| c(p, n, d, 2 * t)).collect();
            let t = PairTotals::compute(12, &cs);
            let mut want: Vec<usize> = (0..12).collect();
            want.sort_by(|&a, &b| t.cmp_percentage(b, a).then(a.cmp(&b)));
            let mut got: Vec<usize> = (0..12).rev().collect();
            t.sort_best_first(&mut got);
            proptest::prop_assert_eq!(got, want);
        }

        #[test]
        fn ranking_by_estimates_orders_and_ties_as_a_plain_exact_sort(
            shapes in proptest::collection::vec(
                (0i64..3, 0usize..6, prop_oneof![Just(12i64), Just(24)], 0usize..3),
                1..40,
            ),
            over in proptest::prelude::any::<bool>(),
        ) {
            // Pairs on a few whole totals, each nudged by nothing, by a fraction too small
            // to move its percentage's double, or by Neuberg-like fractions that make big
            // totals: exact ties (the same value reached on tops of 12 and of 24),
            // percentages whose doubles are equal but which differ, and near-ties.
            let nudges: [&[(i64, i64)]; 6] = [
                &[],
                &[(1, 1_000_000_000_000_000_003)],
                &[(-1, 999_999_999_999_999_989)],
                &[(1, 1_000_000_000_000_000_003), (-1, 999_999_999_999_999_989)],
                &[(1, TWELVE_PRIMES[0]), (1, TWELVE_PRIMES[1]), (-1, TWELVE_PRIMES[2])],
                &[(2, TWELVE_PRIMES[3]), (-1, TWELVE_PRIMES[4]), (1, 1_000_000_000_000_000_003)],
            ];
            let n = shapes.len();
            let mut b = if over {
                TotalsBuilder::over(n, TWELVE_PRIMES)
            } else {
                TotalsBuilder::new(n)
            };
            for (pair, &(base, nudge, top, boards)) in shapes.iter().enumerate() {
                // Boards of (6 + base) × top / 12 each: the same percentage on either top.
                for _ in 0..boards {
                    b.add(pair, Ratio::from_integer((6 + base) * top / 12), top);
                }
                if boards > 0 {
                    for &(num, den) in nudges[nudge] {
                        b.add_points(pair, Ratio::new(num, den));
                    }
                }
            }
            let t = b.finish();
            let mut want: Vec<usize> = (0..n).collect();
            want.sort_by(|&a, &b| match (t.percentage(a), t.percentage(b)) {
                (Some(x), Some(y)) => y.cmp(&x),
                (x, y) => y.is_some().cmp(&x.is_some()),
            }
            .then(a.cmp(&b)));
            let mut got: Vec<usize> = (0..n).rev().collect();
            t.sort_best_first(&mut got);
            proptest::prop_assert_eq!(&got, &want);
            for w in got.windows(2) {
                let same = t.percentage(w[0]) == t.percentage(w[1]);
                proptest::prop_assert_eq!(t.cmp_percentage(w[0], w[1]).is_eq(), same);
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
        fn limbs_multiply_and_add_as_arbitrary_precision_does(
            acc in proptest::collection::vec(proptest::num::u64::ANY, 5..8),
            factor in proptest::collection::vec(prop_oneof![Just(u64::MAX), proptest::num::u64::ANY], 1..3),
            m in prop_oneof![Just(u64::MAX), proptest::num::u64::ANY],
        ) {
            // Room for the product: the accumulator's top two limbs start at zero.
            let mut acc = acc;
            let n = acc.len();
            acc[n - 2..].fill(0);
            let want = big_of_limbs(&acc) + big_of_limbs(&factor) * BigInt::from(m);
            mul_add(&mut acc, &factor, m);
            proptest::prop_assert_eq!(big_of_limbs(&acc), want);
        }

        #[test]
        fn limbs_of_a_fixed_length_multiply_and_add_as_any_length_does(
            acc in proptest::collection::vec(prop_oneof![Just(u64::MAX), proptest::num::u64::ANY], 10),
            factor in proptest::collection::vec(prop_oneof![Just(u64::MAX), proptest::num::u64::ANY], 8),
            m in prop_oneof![Just(u64::MAX), proptest::num::u64::ANY],
            n in 1usize..=Announced::MOST_LIMBS,
        ) {
            // The top limb is kept below its maximum, as room for the carries is.
            let mut acc = acc[..n + 2].to_vec();
            acc[n + 1] >>= 1;
            let (mut fixed, mut any) = (acc.clone(), acc);
            let factor = &factor[..n];
            match n {
                1 => mul_add_fixed::<1>(&mut fixed, factor, m),
                2 => mul_add_fixed::<2>(&mut fixed, factor, m),
                3 => mul_add_fixed::<3>(&mut fixed, factor, m),
                4 => mul_add_fixed::<4>(&mut fixed, factor, m),
                5 => mul_add_fixed::<5>(&mut fixed, factor, m),
                6 => mul_add_fixed::<6>(&mut fixed, factor, m),
                7 => mul_add_fixed::<7>(&mut fixed, factor, m),
                _ => mul_add_fixed::<8>(&mut fixed, factor, m),
            }
            mul_add(&mut any, factor, m);
            proptest::prop_assert_eq!(fixed, any);
        }

        #[test]
        fn totals_equal_fraction_by_fraction_sums(
            parts in proptest::collection::vec((0usize..3, -500i64..500, 1i64..40), 0..60)
        ) {
            agrees_fraction_by_fraction(&parts)?;
        }
    }

    proptest::proptest! {
        #[test]
        fn totals_added_up_in_parts_are_the_totals_of_the_whole(
            parts in proptest::collection::vec(
                (0usize..6, prop_oneof![-500i64..500, Just(i64::MAX / 2)], prop_oneof![1i64..40, 20_000i64..20_090]),
                0..150,
            ),
            cut in 0usize..=6,
            over in proptest::bool::ANY,
        ) {
            // Pairs 0..cut in one part and cut..6 in the other, each over the
            // denominators announced or in 128 bits until they spill.
            let builder = |n: usize| if over {
                TotalsBuilder::over(n, parts.iter().map(|&(_, _, d)| d))
            } else {
                TotalsBuilder::sparse(n)
            };
            let (mut whole, mut first, mut second) = (builder(6), builder(cut), builder(6 - cut));
            for &(p, n, d) in &parts {
                let (points, top) = (Ratio::new(n, d), 2 + p as i64);
                whole.add(p, points, top);
                if p < cut {
                    first.add(p, points, top);
                } else {
                    second.add(p - cut, points, top);
                }
            }
            let whole = whole.finish();
            let joined = PairTotals::concat(vec![first.finish(), second.finish()]);
            proptest::prop_assert_eq!(&joined.max, &whole.max);
            proptest::prop_assert_eq!(&joined.boards, &whole.boards);
            for pair in 0..6 {
                proptest::prop_assert_eq!(joined.total(pair), whole.total(pair));
                proptest::prop_assert_eq!(joined.percentage(pair), whole.percentage(pair));
                for other in 0..6 {
                    proptest::prop_assert_eq!(
                        joined.cmp_percentage(pair, other),
                        whole.cmp_percentage(pair, other)
                    );
                }
            }
        }
    }

    /// Each of three pairs' totals of these (pair, numerator, denominator) equals their
    /// sum worked out one fraction at a time.
    fn agrees_fraction_by_fraction(
        parts: &[(usize, i64, i64)],
    ) -> Result<(), proptest::test_runner::TestCaseError> {
        // Every way of keeping totals: in the columns from the start (0), in 128 bits
        // until they spill (1), over the multiple of every denominator given in advance
        // (2), and over that of only some, the odd ones (3).
        // Each way with the fractions added as they come, and made into terms first.
        // The sums one fraction at a time, and the percentages, worked out once.
        let wants: Vec<(Exact, Option<Exact>)> = (0..3)
            .map(|pair| {
                let mut want = Exact::zero();
                let mut max = 0;
                for &(p, n, d) in parts {
                    if p == pair {
                        want.add_fraction(n, d);
                        max += 10;
                    }
                }
                let percentage = want
                    .times(&Exact::integer(100))
                    .divided_by(&Exact::integer(max));
                (want, percentage)
            })
            .collect();
        let denoms = || parts.iter().map(|&(_, _, d)| d);
        for way in 0..8 {
            let mut b = match way % 4 {
                0 => TotalsBuilder::new(3),
                1 => TotalsBuilder::sparse(3),
                2 => TotalsBuilder::over(3, denoms()),
                _ => TotalsBuilder::over(3, denoms().filter(|d| d % 2 == 1)),
            };
            for &(p, n, d) in parts {
                if way < 4 {
                    b.add(p, Ratio::new(n, d), 10);
                } else {
                    let term = b.term(Ratio::new(n, d));
                    b.add_term(p, term, 10);
                }
            }
            let t = b.finish();
            for (pair, (want, percentage)) in wants.iter().enumerate() {
                proptest::prop_assert_eq!(&t.total(pair), want, "way {}", way);
                proptest::prop_assert_eq!(&t.percentage(pair), percentage, "way {}", way);
            }
            let mut order: Vec<usize> = (0..3).collect();
            order.sort_by(|&a, &b| {
                let key = |p: usize| t.percentage(p);
                key(b).cmp(&key(a)).then(a.cmp(&b))
            });
            let mut sorted: Vec<usize> = (0..3).collect();
            t.sort_best_first(&mut sorted);
            proptest::prop_assert_eq!(sorted, order, "way {}", way);
        }
        Ok(())
    }
}
