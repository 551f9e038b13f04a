//! [`Points`]: the exact fractions of the ranking (ranking points, scores, rankings,
//! championship averages).
//!
//! Nearly every such number is a fraction of a few digits (a percentage in hundredths,
//! points in 135ths, a ranking in 810ths), so it is kept in place as a 64-bit numerator
//! and denominator, and arithmetic runs in 128-bit integers, which hold any product or
//! cross-sum of two such fractions. Only a result that no longer fits in 64 bits moves to
//! an arbitrary-precision fraction on the heap; a big result that shrinks back moves
//! back. Every value is kept in lowest terms with a positive denominator, the same
//! fraction `BigRational` would hold, so nothing is ever rounded.

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};
use std::cmp::Ordering;
use std::num::NonZeroI64;
use std::ops::{Add, Div, Mul, Neg, Sub};

/// An exact rational number of any size; small ones need no heap.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Points(Repr);

/// The two forms. Which one a value takes follows from the value alone (`Small` whenever
/// both parts fit in 64 bits), so derived equality is equality of values.
#[derive(Clone, PartialEq, Eq, Hash)]
enum Repr {
    /// Numerator and denominator in lowest terms, the denominator positive. (A
    /// denominator is never zero, which leaves room to tell the big form apart: a value
    /// takes 16 bytes, and a federation's season keeps tens of millions.)
    Small { n: i64, d: NonZeroI64 },
    /// Anything larger, in lowest terms.
    Big(Box<BigRational>),
}

impl std::fmt::Debug for Points {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.0 {
            Repr::Small { n, d } if d.get() == 1 => write!(f, "{n}"),
            Repr::Small { n, d } => write!(f, "{n}/{d}"),
            Repr::Big(r) => write!(f, "{r}"),
        }
    }
}

/// The denominator of a whole number.
const ONE: NonZeroI64 = NonZeroI64::new(1).expect("one is not zero");

/// The greatest common divisor of two unsigned 128-bit numbers, in 64 bits when both fit.
fn gcd(a: u128, b: u128) -> u128 {
    match (u64::try_from(a), u64::try_from(b)) {
        (Ok(a), Ok(b)) => u128::from(a.gcd(&b)),
        _ => a.gcd(&b),
    }
}

impl Points {
    /// A whole number.
    pub fn int(n: i64) -> Points {
        Points(Repr::Small { n, d: ONE })
    }

    /// `n / d`, already in lowest terms with `d` positive, both in 64 bits.
    fn small_of(n: i64, d: i64) -> Points {
        let d = NonZeroI64::new(d).expect("a positive denominator");
        Points(Repr::Small { n, d })
    }

    /// `n / 10^places` in lowest terms, `places` at most 18: a number as written with
    /// decimals. The only factors the two can share are twos and fives, so no greatest
    /// common divisor is needed (a federation's season reads millions of scores).
    pub fn decimal(n: i64, places: u32) -> Points {
        assert!(places <= 18, "at most 18 decimal places");
        let twos = n.trailing_zeros().min(places);
        let (mut n, mut d) = (n >> twos, 10i64.pow(places) >> twos);
        for _ in 0..places {
            if n % 5 != 0 {
                break;
            }
            (n, d) = (n / 5, d / 5);
        }
        Points::small_of(n, d)
    }

    /// `n / d` in lowest terms; `d` must not be zero.
    pub fn ratio(n: i128, d: i128) -> Points {
        assert!(d != 0, "denominator of zero");
        if let (Ok(n), Ok(d)) = (i64::try_from(n), i64::try_from(d)) {
            // The usual case, in 64-bit integers throughout.
            let g = n.unsigned_abs().gcd(&d.unsigned_abs());
            let (un, ud) = (n.unsigned_abs() / g, d.unsigned_abs() / g);
            let un = i128::from(un);
            let n = if (n < 0) != (d < 0) { -un } else { un };
            return Points::from_reduced(n, i128::from(ud));
        }
        let g = gcd(n.unsigned_abs(), d.unsigned_abs());
        // Neither quotient nor the change of sign can overflow unless g = 1 and a part
        // is i128::MIN; the arbitrary-precision form takes that case.
        let reduced = match (n.checked_div(g as i128), d.checked_div(g as i128)) {
            (Some(n), Some(d)) if g <= i128::MAX as u128 && d < 0 => {
                n.checked_neg().zip(d.checked_neg())
            }
            (Some(n), Some(d)) if g <= i128::MAX as u128 => Some((n, d)),
            _ => None,
        };
        match reduced {
            Some((n, d)) => Points::from_reduced(n, d),
            None => Points::from_big(BigRational::new(BigInt::from(n), BigInt::from(d))),
        }
    }

    /// `n / d`, already in lowest terms with `d` positive.
    fn from_reduced(n: i128, d: i128) -> Points {
        match (i64::try_from(n), i64::try_from(d)) {
            (Ok(n), Ok(d)) => Points::small_of(n, d),
            _ => Points(Repr::Big(Box::new(BigRational::new_raw(
                BigInt::from(n),
                BigInt::from(d),
            )))),
        }
    }

    /// The same value as an arbitrary-precision fraction (in lowest terms).
    pub fn from_big(r: BigRational) -> Points {
        match (r.numer().to_i64(), r.denom().to_i64()) {
            (Some(n), Some(d)) => Points::small_of(n, d),
            _ => Points(Repr::Big(Box::new(r))),
        }
    }

    /// The value as an arbitrary-precision fraction.
    pub fn to_big(&self) -> BigRational {
        match &self.0 {
            Repr::Small { n, d } => BigRational::new_raw(BigInt::from(*n), BigInt::from(d.get())),
            Repr::Big(r) => (**r).clone(),
        }
    }

    /// Numerator and denominator when both fit in 64 bits (always in lowest terms).
    pub fn small(&self) -> Option<(i64, i64)> {
        match self.0 {
            Repr::Small { n, d } => Some((n, d.get())),
            Repr::Big(_) => None,
        }
    }

    /// Whether the value needed arbitrary precision.
    pub fn is_big(&self) -> bool {
        matches!(self.0, Repr::Big(_))
    }

    /// Whether the value is above zero.
    pub fn is_positive(&self) -> bool {
        match &self.0 {
            Repr::Small { n, .. } => *n > 0,
            Repr::Big(r) => r.is_positive(),
        }
    }

    /// Whether the value is below zero.
    pub fn is_negative(&self) -> bool {
        match &self.0 {
            Repr::Small { n, .. } => *n < 0,
            Repr::Big(r) => r.is_negative(),
        }
    }

    /// Rounded to the nearest whole number, halves away from zero.
    pub fn round_whole(&self) -> Points {
        match self.0 {
            Repr::Small { n, d } => {
                let (n, d) = (i128::from(n), i128::from(d.get()));
                let q = (2 * n.abs() + d) / (2 * d);
                Points::from_reduced(if n < 0 { -q } else { q }, 1)
            }
            Repr::Big(_) => {
                let r = self.to_big();
                let twice: BigInt = r.numer() * BigInt::from(2);
                let d: BigInt = r.denom() * BigInt::from(2);
                let (q, _) = (twice.abs() + r.denom()).div_rem(&d);
                Points::from_big(BigRational::from_integer(if r.is_negative() {
                    -q
                } else {
                    q
                }))
            }
        }
    }

    /// Hundredths, rounded half away from zero: the number printed with two decimals.
    pub fn hundredths(&self) -> BigInt {
        match self.0 {
            Repr::Small { .. } => BigInt::from(self.hundredths_small().expect("small")),
            Repr::Big(ref r) => {
                let hundred: BigInt = r.numer() * BigInt::from(100);
                let d: BigInt = r.denom() * BigInt::from(2);
                let (q, _) = (hundred.abs() * BigInt::from(2) + r.denom()).div_rem(&d);
                if hundred.is_negative() { -q } else { q }
            }
        }
    }

    /// As [`Points::hundredths`], for a small value.
    pub fn hundredths_small(&self) -> Option<i128> {
        let Repr::Small { n, d } = self.0 else {
            return None;
        };
        let (n, d) = (i128::from(n), i128::from(d.get()));
        let q = (200 * n.abs() + d) / (2 * d);
        Some(if n < 0 { -q } else { q })
    }

    /// The nearest `f64`.
    pub fn to_f64(&self) -> f64 {
        // Numerator and denominator below 2^53 are exact doubles, and one division rounds
        // their quotient to the nearest double.
        const EXACT: u64 = 1 << 53;
        match self.0 {
            Repr::Small { n, d } if n.unsigned_abs() < EXACT && d.get().unsigned_abs() < EXACT => {
                n as f64 / d.get() as f64
            }
            _ => self.to_big().to_f64().unwrap_or(f64::NAN),
        }
    }

    /// A double for ordering: the nearest double of a value whose numerator and
    /// denominator are below 2^53, NaN for any other. Rounding to the nearest keeps the
    /// order, so two values whose keys differ (and are not NaN) are in the keys' order;
    /// see [`Points::cmp_keyed`].
    pub fn order_key(&self) -> f64 {
        const EXACT: u64 = 1 << 53;
        match self.0 {
            Repr::Small { n, d } if n.unsigned_abs() < EXACT && d.get().unsigned_abs() < EXACT => {
                n as f64 / d.get() as f64
            }
            _ => f64::NAN,
        }
    }

    /// A whole number in the reverse order of the value's [`Points::order_key`]: where
    /// two values' numbers differ, the smaller number is the larger value; equal values
    /// have equal numbers, and equal numbers say nothing (compare the values). `None`
    /// for a value whose key is not a number. A sort of such numbers, each with its
    /// place beside it, compares two integers a step.
    pub fn descending_key(&self) -> Option<u64> {
        let key = self.order_key();
        if key.is_nan() {
            return None;
        }
        // A key is never −0: a value of zero has the key +0.
        Some(crate::exact::descending_bits(key))
    }

    /// `a.cmp(b)`, given their [`Points::order_key`]s: the keys decide where they differ,
    /// the exact values where they do not. A sort that compares values many times
    /// makes their keys once.
    pub fn cmp_keyed((a, ka): (&Points, f64), (b, kb): (&Points, f64)) -> Ordering {
        match ka.partial_cmp(&kb) {
            Some(Ordering::Less) => Ordering::Less,
            Some(Ordering::Greater) => Ordering::Greater,
            _ => a.cmp(b),
        }
    }
}

impl Ord for Points {
    fn cmp(&self, other: &Points) -> Ordering {
        match (&self.0, &other.0) {
            (Repr::Small { n: an, d: ad }, Repr::Small { n: bn, d: bd }) => {
                if ad == bd {
                    an.cmp(bn)
                } else {
                    (i128::from(*an) * i128::from(bd.get()))
                        .cmp(&(i128::from(*bn) * i128::from(ad.get())))
                }
            }
            // Both denominators are positive: cross-multiplying keeps the order, and is
            // much cheaper than the general comparison's continued fractions.
            _ => {
                let (a, b) = (self.to_big(), other.to_big());
                (a.numer() * b.denom()).cmp(&(b.numer() * a.denom()))
            }
        }
    }
}

impl PartialOrd for Points {
    fn partial_cmp(&self, other: &Points) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// `an/ad + bn/bd` of two small values in lowest terms (Knuth, TAOCP 4.5.1): the
/// common factor of the denominators is found first, so that the sum's reduction needs
/// a greatest common divisor of small numbers only, or none when the denominators have
/// no factor in common.
fn add_small(an: i64, ad: i64, bn: i64, bd: i64) -> Points {
    let (an, ad, bn, bd) = (
        i128::from(an),
        i128::from(ad),
        i128::from(bn),
        i128::from(bd),
    );
    if ad == bd {
        return Points::ratio(an + bn, ad);
    }
    // Both denominators are positive and below 2^63.
    let g = (ad as u64).gcd(&(bd as u64)) as i128;
    if g == 1 {
        // Already in lowest terms. Each product is below 2^126: no overflow.
        return Points::from_reduced(an * bd + bn * ad, ad * bd);
    }
    let t = an * (bd / g) + bn * (ad / g);
    if t == 0 {
        return Points::int(0);
    }
    let g2 = ((t.unsigned_abs() % g as u128) as u64).gcd(&(g as u64)) as i128;
    Points::from_reduced(t / g2, (ad / g) * (bd / g2))
}

impl Add<&Points> for &Points {
    type Output = Points;
    fn add(self, other: &Points) -> Points {
        match (&self.0, &other.0) {
            (&Repr::Small { n: an, d: ad }, &Repr::Small { n: bn, d: bd }) => {
                add_small(an, ad.get(), bn, bd.get())
            }
            _ => Points::from_big(self.to_big() + other.to_big()),
        }
    }
}

impl Sub<&Points> for &Points {
    type Output = Points;
    fn sub(self, other: &Points) -> Points {
        match (&self.0, &other.0) {
            // `-bn` overflows only for i64::MIN, which the general form takes.
            (&Repr::Small { n: an, d: ad }, &Repr::Small { n: bn, d: bd }) if bn != i64::MIN => {
                add_small(an, ad.get(), -bn, bd.get())
            }
            _ => Points::from_big(self.to_big() - other.to_big()),
        }
    }
}

impl Mul<&Points> for &Points {
    type Output = Points;
    fn mul(self, other: &Points) -> Points {
        match (&self.0, &other.0) {
            (&Repr::Small { n: an, d: ad }, &Repr::Small { n: bn, d: bd }) => Points::ratio(
                i128::from(an) * i128::from(bn),
                i128::from(ad.get()) * i128::from(bd.get()),
            ),
            _ => Points::from_big(self.to_big() * other.to_big()),
        }
    }
}

impl Div<&Points> for &Points {
    type Output = Points;
    /// Panics when dividing by zero, as any division does.
    fn div(self, other: &Points) -> Points {
        match (&self.0, &other.0) {
            (&Repr::Small { n: an, d: ad }, &Repr::Small { n: bn, d: bd }) => {
                assert!(bn != 0, "division by zero");
                Points::ratio(
                    i128::from(an) * i128::from(bd.get()),
                    i128::from(ad.get()) * i128::from(bn),
                )
            }
            _ => Points::from_big(self.to_big() / other.to_big()),
        }
    }
}

impl Neg for &Points {
    type Output = Points;
    fn neg(self) -> Points {
        match self.0 {
            Repr::Small { n, d } => Points::from_reduced(-i128::from(n), i128::from(d.get())),
            Repr::Big(ref r) => Points::from_big(-(**r).clone()),
        }
    }
}

impl Neg for Points {
    type Output = Points;
    fn neg(self) -> Points {
        -&self
    }
}

/// The owned forms of each operator, through the borrowed one.
macro_rules! owned_forms {
    ($($trait:ident $method:ident),*) => {$(
        impl $trait<Points> for Points {
            type Output = Points;
            fn $method(self, other: Points) -> Points {
                (&self).$method(&other)
            }
        }
        impl $trait<&Points> for Points {
            type Output = Points;
            fn $method(self, other: &Points) -> Points {
                (&self).$method(other)
            }
        }
        impl $trait<Points> for &Points {
            type Output = Points;
            fn $method(self, other: Points) -> Points {
                self.$method(&other)
            }
        }
    )*};
}

owned_forms!(Add add, Sub sub, Mul mul, Div div);

impl Points {
    /// `self × factor + addend`, reduced once instead of after the product and again
    /// after the sum: the balanced and dynamic methods give each pair of a line its
    /// score times the line's factor plus the line's constant.
    pub fn mul_add(&self, factor: &Points, addend: &Points) -> Points {
        if let (
            &Repr::Small { n: a, d: b },
            &Repr::Small { n: c, d },
            &Repr::Small { n: e, d: g },
        ) = (&self.0, &factor.0, &addend.0)
        {
            // a/b × c/d + e/g = (a c g + e b d) / (b d g); each product of two parts is
            // below 2^126, a third one may overflow, and then the steps are taken apart.
            let (a, b, c, d, e, g) = (
                i128::from(a),
                i128::from(b.get()),
                i128::from(c),
                i128::from(d.get()),
                i128::from(e),
                i128::from(g.get()),
            );
            let bd = b * d;
            let n = (a * c)
                .checked_mul(g)
                .zip(e.checked_mul(bd))
                .and_then(|(x, y)| x.checked_add(y));
            if let (Some(n), Some(den)) = (n, bd.checked_mul(g)) {
                return Points::ratio(n, den);
            }
        }
        &(self * factor) + addend
    }

    /// The exact sum of `values` divided by `by` (not zero). Fractions are added over
    /// their common denominator and reduced once at the end, instead of once for every
    /// value: the ranking's means and sums are of values whose denominators share a few
    /// small factors, so after the first few values each one costs a remainder, a
    /// product and a sum. A sum that outgrows 128 bits is made value by value instead.
    pub fn sum_over<'a>(values: impl IntoIterator<Item = &'a Points> + Clone, by: i64) -> Points {
        assert!(by != 0, "division by zero");
        // The sum so far is n / d, d the least common multiple of the denominators.
        let (mut n, mut d) = (0i128, 1i64);
        let mut fits = true;
        for v in values.clone() {
            let Repr::Small { n: vn, d: vd } = v.0 else {
                fits = false;
                break;
            };
            let vd = vd.get();
            // Most values share the sum's denominator (or are whole): no division then.
            let step = if vd == d {
                Some(i128::from(vn))
            } else if vd == 1 {
                i128::from(vn).checked_mul(i128::from(d))
            } else if d % vd == 0 {
                i128::from(vn).checked_mul(i128::from(d / vd))
            } else {
                let g = (d as u64).gcd(&(vd as u64)) as i64;
                match (d / g).checked_mul(vd) {
                    Some(lcm) => {
                        let widened = n.checked_mul(i128::from(lcm / d));
                        d = lcm;
                        widened.and_then(|w| {
                            n = w;
                            i128::from(vn).checked_mul(i128::from(lcm / vd))
                        })
                    }
                    None => None,
                }
            };
            match step.and_then(|x| n.checked_add(x)) {
                Some(sum) => n = sum,
                None => {
                    fits = false;
                    break;
                }
            }
        }
        if fits {
            return Points::ratio(n, i128::from(d) * i128::from(by));
        }
        let sum = values.into_iter().fold(Points::int(0), |acc, v| &acc + v);
        &sum / &Points::int(by)
    }
}

impl std::iter::Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::int(0), |acc, x| acc + x)
    }
}

impl Zero for Points {
    fn zero() -> Points {
        Points::int(0)
    }
    fn is_zero(&self) -> bool {
        matches!(self.0, Repr::Small { n: 0, .. })
    }
}

impl One for Points {
    fn one() -> Points {
        Points::int(1)
    }
    fn is_one(&self) -> bool {
        matches!(self.0, Repr::Small { n: 1, d } if d.get() == 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Numerators and denominators from every range that matters: small, around the
    /// 64-bit limits (where sums and products overflow into big numbers), 128-bit, and
    /// beyond 128 bits.
    fn part() -> impl Strategy<Value = BigInt> {
        prop_oneof![
            (-1000i64..1000).prop_map(BigInt::from),
            any::<i32>().prop_map(BigInt::from),
            any::<i64>().prop_map(BigInt::from),
            (0i64..1000).prop_map(|k| BigInt::from(i64::MAX - k)),
            (0i64..1000).prop_map(|k| BigInt::from(i64::MIN + k)),
            any::<i128>().prop_map(BigInt::from),
            (any::<i128>(), any::<u64>()).prop_map(|(a, b)| BigInt::from(a) * BigInt::from(b) + 1),
        ]
    }

    fn rational() -> impl Strategy<Value = BigRational> {
        (part(), part()).prop_filter_map("a denominator of zero", |(n, d)| {
            (!d.is_zero()).then(|| BigRational::new(n, d))
        })
    }

    /// The same value in the same form: small exactly when both parts fit in 64 bits.
    fn agrees(p: &Points, r: &BigRational) -> bool {
        let fits = r.numer().to_i64().is_some() && r.denom().to_i64().is_some();
        p.to_big() == *r && p.is_big() != fits
    }

    /// Fractions whose denominators share factors, as the ranking's do (hundredths,
    /// 135ths, 810ths), also at the 64-bit limits.
    fn shared() -> impl Strategy<Value = BigRational> {
        let numerator = prop_oneof![
            (-100_000i64..100_000).prop_map(BigInt::from),
            any::<i64>().prop_map(BigInt::from),
        ];
        let denominator =
            (0u32..12, 0u32..8, 0u32..6, 0u32..3, 0u32..4).prop_map(|(a, b, c, d, e)| {
                BigInt::from(2u64.pow(a) * 3u64.pow(b) * 5u64.pow(c) * 7u64.pow(d) * 11u64.pow(e))
            });
        let big_denominator = (0u32..40, 0u32..20)
            .prop_map(|(a, b)| BigInt::from(2u64.pow(a)) * BigInt::from(3u64.pow(b)));
        (numerator, prop_oneof![denominator, big_denominator])
            .prop_map(|(n, d)| BigRational::new(n, d))
    }

    proptest! {
        /// Compared by their order keys, values are in the exact order: near each other
        /// (ranking points of close denominators), at the 53-bit limit, and big.
        #[test]
        fn order_keys_keep_the_exact_order(
            a in rational(),
            b in rational(),
            n in -1_000_000i64..1_000_000,
            d in 1i64..10_000,
            k in -3i64..4,
            e in 1i64..10_000,
        ) {
            let near = (Points::ratio(n.into(), d.into()), Points::ratio((n * e / d + k).into(), e.into()));
            let edge = (Points::ratio((1i128 << 53) - 1 - i128::from(k.abs()), 3), Points::ratio((1i128 << 53) - 2, 3));
            // 1 + 1/m and 1 + 2/m have the same double.
            let m = (1i128 << 53) - 5;
            let same_double = (Points::ratio(m + 1, m), Points::ratio(m + 1 + i128::from(k.rem_euclid(2)), m));
            for (x, y) in [(Points::from_big(a.clone()), Points::from_big(b.clone())), near, edge, same_double] {
                let keyed = Points::cmp_keyed((&x, x.order_key()), (&y, y.order_key()));
                prop_assert_eq!(keyed, x.cmp(&y));
                prop_assert_eq!(x.descending_key().is_none(), x.order_key().is_nan());
                if let (Some(kx), Some(ky)) = (x.descending_key(), y.descending_key()) {
                    if kx != ky {
                        prop_assert_eq!(ky.cmp(&kx), x.cmp(&y));
                    }
                    if x == y {
                        prop_assert_eq!(kx, ky);
                    }
                }
            }
        }

        #[test]
        fn a_decimal_is_its_ratio_in_lowest_terms(
            n in prop_oneof![any::<i64>(), -100_000i64..100_000, Just(0), Just(i64::MIN)],
            places in 0u32..=18,
        ) {
            prop_assert_eq!(
                Points::decimal(n, places),
                Points::ratio(n.into(), 10i128.pow(places))
            );
        }

        #[test]
        fn the_most_negative_numerator_over_a_negative_denominator(d in 1i64..1000) {
            let got = Points::ratio(i128::MIN, -i128::from(2 * d + 1));
            let want = BigRational::new(BigInt::from(i128::MIN), BigInt::from(-(2 * d + 1)));
            prop_assert!(agrees(&got, &want));
        }

        #[test]
        fn sums_over_a_count_agree_with_big_rationals(
            values in proptest::collection::vec(prop_oneof![shared(), rational()], 0..12),
            by in prop_oneof![1i64..50, Just(i64::MAX), Just(-3i64)],
        ) {
            let points: Vec<Points> = values.iter().cloned().map(Points::from_big).collect();
            let sum = values.iter().fold(BigRational::zero(), |acc, v| acc + v);
            let want = sum / BigRational::from_integer(BigInt::from(by));
            prop_assert!(agrees(&Points::sum_over(&points, by), &want));
        }

        #[test]
        fn sums_of_shared_denominators_agree_with_big_rationals(a in shared(), b in shared()) {
            let (pa, pb) = (Points::from_big(a.clone()), Points::from_big(b.clone()));
            prop_assert!(agrees(&(&pa + &pb), &(&a + &b)));
            prop_assert!(agrees(&(&pa - &pb), &(&a - &b)));
            prop_assert!(agrees(&(&pa - &pa), &BigRational::zero()));
        }

        #[test]
        fn a_product_and_sum_in_one_is_the_two_in_turn(
            a in prop_oneof![shared(), rational()],
            b in prop_oneof![shared(), rational()],
            c in prop_oneof![shared(), rational()],
        ) {
            let (pa, pb, pc) = (Points::from_big(a.clone()), Points::from_big(b.clone()), Points::from_big(c.clone()));
            prop_assert!(agrees(&pa.mul_add(&pb, &pc), &(&a * &b + &c)));
        }

        #[test]
        fn arithmetic_agrees_with_big_rationals(a in rational(), b in rational()) {
            let (pa, pb) = (Points::from_big(a.clone()), Points::from_big(b.clone()));
            prop_assert!(agrees(&pa, &a));
            prop_assert!(agrees(&(&pa + &pb), &(&a + &b)));
            prop_assert!(agrees(&(&pa - &pb), &(&a - &b)));
            prop_assert!(agrees(&(&pa * &pb), &(&a * &b)));
            if !b.is_zero() {
                prop_assert!(agrees(&(&pa / &pb), &(&a / &b)));
            }
            prop_assert!(agrees(&-&pa, &-a.clone()));
            prop_assert_eq!(pa.cmp(&pb), a.cmp(&b));
            prop_assert_eq!(pa == pb, a == b);
            prop_assert_eq!(pa.to_f64(), a.to_f64().unwrap_or(f64::NAN));
        }

        #[test]
        fn small_parts_agree(n in any::<i128>(), d in any::<i128>()) {
            prop_assume!(d != 0);
            let r = BigRational::new(BigInt::from(n), BigInt::from(d));
            prop_assert!(agrees(&Points::ratio(n, d), &r));
        }

        #[test]
        fn rounding_agrees_with_big_rationals(a in rational()) {
            let p = Points::from_big(a.clone());
            let big = Points(Repr::Big(Box::new(a.clone())));
            prop_assert_eq!(p.round_whole(), big.round_whole());
            prop_assert_eq!(p.hundredths(), big.hundredths());
        }
    }

    #[test]
    fn the_limits_of_64_bits() {
        let max = Points::int(i64::MAX);
        let one = Points::int(1);
        let sum = &max + &one;
        assert!(sum.is_big());
        assert_eq!(&sum - &one, max);
        assert!(!(&sum - &one).is_big());
        let min = Points::int(i64::MIN);
        assert!((-&min).is_big());
        assert_eq!(-(-&min), min);
        assert!((&min * &min).is_big());
        assert_eq!(Points::ratio(i128::MIN, i128::MIN), one);
        assert_eq!(
            Points::ratio(i128::MIN, 1).to_big(),
            BigRational::from_integer(BigInt::from(i128::MIN))
        );
        assert_eq!(Points::ratio(6, -4), Points::ratio(-3, 2));
        assert_eq!(Points::ratio(-3, 2).round_whole(), Points::int(-2));
    }
}
