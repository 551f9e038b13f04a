//! Exact numbers for totals and percentages.
//!
//! Matchpoints are rational (ties give halves, Neuberg gives sevenths and other fractions),
//! and two pairs on the same exact percentage tie. [`Exact`] keeps a sum of such fractions
//! exactly: in 128-bit integers while they suffice, and in arbitrary precision beyond, so
//! that even a field with many differently-played boards never loses a digit.

use num_bigint::{BigInt, BigUint};
use num_rational::{BigRational, Ratio};
use num_traits::{CheckedAdd, CheckedMul, Signed, ToPrimitive, Zero};
use std::cmp::Ordering;
use std::fmt;

/// round(|r| × 10^decimals), half away from zero: (2 × |n| × 10^d + den) div (2 × den).
fn rounded_exactly(r: &BigRational, decimals: u32) -> BigInt {
    let n = r.numer().abs() * BigInt::from(10).pow(decimals) * 2 + r.denom().abs();
    n / (r.denom().abs() * 2)
}

/// [`rounded_exactly`] from floating point, when floating point is sure to agree.
///
/// The numerator and denominator as `f64` ([`f64_of`]) are each within a relative
/// 2⁻⁵³ + 2⁻⁶⁴ of the exact ones, and the quotient, the scaling by 10^d (exact for
/// d ≤ 22) and the added half each add at most 2⁻⁵³: the estimate of |r| × 10^d + ½ is
/// within a relative 2⁻⁵⁰, which below 10¹² is less than 10⁻³. An estimate farther than
/// that from a whole number therefore lies on the same side of it as the exact value,
/// and its floor is the exact rounding; otherwise (and for larger values) `None`.
fn rounded_estimate(r: &BigRational, decimals: u32) -> Option<u64> {
    const MARGIN: f64 = 1e-3;
    if decimals > 22 {
        return None;
    }
    let n = f64_of(r.numer().magnitude())?;
    let d = f64_of(r.denom().magnitude())?;
    let shifted = n / d * 10f64.powi(decimals as i32) + 0.5;
    if !(shifted.is_finite() && shifted < 1e12) {
        return None;
    }
    let q = shifted.floor();
    (shifted - q > MARGIN && q + 1.0 - shifted > MARGIN).then_some(q as u64)
}

/// A whole number as a floating-point number within a relative 2⁻⁵³ + 2⁻⁶⁴ of it: its
/// top 128 bits rounded to the nearest, the bits below them (less than 2⁻⁶⁴ of the
/// number) left out. A percentage's numerator and denominator in a large field take
/// several hundred bits, and this is a few instructions where the correctly rounded
/// conversion looks at every limb. `None` past the range of `f64`.
fn f64_of(n: &BigUint) -> Option<f64> {
    let mut digits = n.iter_u64_digits();
    let below = digits.len().saturating_sub(2);
    let (Some(high), Some(low)) = (digits.next_back(), digits.next_back()) else {
        // One limb or none.
        return n.to_u64().map(|n| n as f64);
    };
    let top = ((u128::from(high) << 64) | u128::from(low)) as f64;
    // Times 2^(64 × below), a power of two: exact while in range.
    let exponent = i32::try_from(below * 64).ok()?;
    Some(top * 2f64.powi(exponent)).filter(|x| x.is_finite())
}

/// Rounded digits written with `decimals` of them after the point, and zeros before
/// them when the number is below 1: `(true, "5", 2)` is "-0.05".
fn with_point(negative: bool, digits: &str, decimals: usize) -> String {
    let zeros = (decimals + 1).saturating_sub(digits.len());
    let mut out = String::with_capacity(digits.len() + zeros + 2);
    if negative {
        out.push('-');
    }
    if zeros > 0 {
        // Below 1: "0.", the zeros after the point, the digits.
        out.push('0');
        if decimals > 0 {
            out.push('.');
        }
        out.extend(std::iter::repeat_n('0', zeros - 1));
        out.push_str(digits);
    } else {
        let whole = digits.len() - decimals;
        out.push_str(&digits[..whole]);
        if decimals > 0 {
            out.push('.');
            out.push_str(&digits[whole..]);
        }
    }
    out
}

/// An exact rational number: a total, a maximum or a percentage.
#[derive(Clone, Debug)]
pub enum Exact {
    /// Numerator and denominator fit in 128 bits.
    Small(Ratio<i128>),
    /// Larger than 128 bits allow.
    Big(BigRational),
}

impl Default for Exact {
    fn default() -> Self {
        Exact::zero()
    }
}

/// A whole number in the reverse order of a double that is not NaN: the larger `x`, the
/// smaller the number, and equal doubles have equal numbers (−0 comes just after +0).
/// The sign bit turned over for a positive double and every bit for a negative one
/// order the doubles as their bits; the complement reverses that. A sort of such
/// numbers compares two integers a step.
pub(crate) fn descending_bits(x: f64) -> u64 {
    let bits = x.to_bits();
    let ascending = if bits >> 63 == 1 {
        !bits
    } else {
        bits | 1 << 63
    };
    !ascending
}

fn big(r: &Ratio<i128>) -> BigRational {
    BigRational::new_raw(BigInt::from(*r.numer()), BigInt::from(*r.denom()))
}

impl Exact {
    /// Zero.
    pub fn zero() -> Exact {
        Exact::Small(Ratio::from_integer(0))
    }

    /// The fraction `numer / denom`; `denom` must not be zero.
    pub fn new(numer: i64, denom: i64) -> Exact {
        Exact::Small(Ratio::new(i128::from(numer), i128::from(denom)))
    }

    /// A whole number.
    pub fn integer(n: i64) -> Exact {
        Exact::Small(Ratio::from_integer(i128::from(n)))
    }

    /// Whether this is zero.
    pub fn is_zero(&self) -> bool {
        match self {
            Exact::Small(r) => r.is_zero(),
            Exact::Big(r) => r.is_zero(),
        }
    }

    /// The exact value as an arbitrary-precision fraction.
    pub fn to_big(&self) -> BigRational {
        match self {
            Exact::Small(r) => big(r),
            Exact::Big(r) => r.clone(),
        }
    }

    fn from_big(r: BigRational) -> Exact {
        match (r.numer().to_i128(), r.denom().to_i128()) {
            (Some(n), Some(d)) => Exact::Small(Ratio::new_raw(n, d)),
            _ => Exact::Big(r),
        }
    }

    /// Adds `numer / denom` (denom > 0).
    pub fn add_fraction(&mut self, numer: i64, denom: i64) {
        let term = Ratio::new(i128::from(numer), i128::from(denom));
        match self {
            Exact::Small(r) => match r.checked_add(&term) {
                Some(sum) => *r = sum,
                None => *self = Exact::Big(big(r) + big(&term)),
            },
            Exact::Big(r) => *r += big(&term),
        }
    }

    /// The sum of two exact numbers.
    pub fn plus(&self, other: &Exact) -> Exact {
        if let (Exact::Small(a), Exact::Small(b)) = (self, other)
            && let Some(sum) = a.checked_add(b)
        {
            return Exact::Small(sum);
        }
        Exact::from_big(self.to_big() + other.to_big())
    }

    /// The product of two exact numbers.
    pub fn times(&self, other: &Exact) -> Exact {
        if let (Exact::Small(a), Exact::Small(b)) = (self, other)
            && let Some(p) = a.checked_mul(b)
        {
            return Exact::Small(p);
        }
        Exact::from_big(self.to_big() * other.to_big())
    }

    /// The quotient; `None` when dividing by zero.
    pub fn divided_by(&self, other: &Exact) -> Option<Exact> {
        if other.is_zero() {
            return None;
        }
        Some(Exact::from_big(self.to_big() / other.to_big()))
    }

    /// The nearest `f64`, for output where exactness is not promised.
    ///
    /// Correctly rounded, so that the same value gives the same `f64` however it is kept:
    /// a quotient of two integers below 2^53 is (each converts exactly, and the division
    /// rounds once); larger parts go through the arbitrary-precision conversion.
    pub fn to_f64(&self) -> f64 {
        const EXACT: u128 = 1 << 53;
        match self {
            Exact::Small(r)
                if r.numer().unsigned_abs() <= EXACT && r.denom().unsigned_abs() <= EXACT =>
            {
                *r.numer() as f64 / *r.denom() as f64
            }
            Exact::Small(r) => big(r).to_f64().unwrap_or(f64::NAN),
            Exact::Big(r) => r.to_f64().unwrap_or(f64::NAN),
        }
    }

    /// Written with `decimals` digits after the point, rounded half away from zero.
    pub fn to_decimal(&self, decimals: u32) -> String {
        // round(|n| × 10^d / den) = (2 × |n| × 10^d + den) div (2 × den): integer division
        // only, no greatest common divisor, so even huge fractions print quickly.
        let places = decimals as usize;
        let mut buffer = itoa::Buffer::new();
        match self {
            Exact::Small(r) => {
                let scaled = 10i128
                    .checked_pow(decimals)
                    .and_then(|p| r.numer().unsigned_abs().checked_mul(p as u128))
                    .and_then(|n| n.checked_mul(2))
                    .and_then(|n| n.checked_add(r.denom().unsigned_abs()));
                let Some(n) = scaled else {
                    return Exact::Big(big(r)).to_decimal(decimals);
                };
                let rounded = n / (2 * r.denom().unsigned_abs());
                let negative = (*r.numer() < 0) != (*r.denom() < 0) && rounded != 0;
                // (In 64 bits when it fits: a large field's report prints hundreds of
                // thousands, and a 128-bit number is written by dividing in 128 bits.)
                let digits = match u64::try_from(rounded) {
                    Ok(n) => buffer.format(n),
                    Err(_) => buffer.format(rounded),
                };
                with_point(negative, digits, places)
            }
            Exact::Big(r) => {
                let negative = r.numer().is_negative() != r.denom().is_negative();
                match rounded_estimate(r, decimals) {
                    Some(q) => with_point(negative && q != 0, buffer.format(q), places),
                    None => {
                        let rounded = rounded_exactly(r, decimals);
                        let digits = rounded.to_string();
                        with_point(negative && !rounded.is_zero(), &digits, places)
                    }
                }
            }
        }
    }

    /// [`Exact::to_fraction_string`], a big fraction reduced by `reducer` (fast when
    /// many share a denominator, as a session's percentages do).
    pub fn to_fraction_string_with(&self, reducer: &mut crate::lowest_terms::Reducer) -> String {
        match self {
            Exact::Small(_) => self.to_fraction_string(),
            Exact::Big(r) => reducer.reduced(r).to_string(),
        }
    }

    /// The fraction in lowest terms, a whole number without `/1`: `12`, `7/2`, `35/3`.
    pub fn to_fraction_string(&self) -> String {
        match self {
            // Kept in lowest terms; a fraction's Display leaves out a denominator of 1.
            Exact::Small(r) => r.to_string(),
            // A total past 128 bits is kept over the common multiple of its
            // denominators, not in lowest terms: reduced here, once, for display.
            Exact::Big(r) => r.reduced().to_string(),
        }
    }
}

impl From<Ratio<i64>> for Exact {
    fn from(r: Ratio<i64>) -> Exact {
        Exact::Small(Ratio::new_raw(
            i128::from(*r.numer()),
            i128::from(*r.denom()),
        ))
    }
}

impl PartialEq for Exact {
    fn eq(&self, other: &Exact) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Exact {}

impl PartialOrd for Exact {
    fn partial_cmp(&self, other: &Exact) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Exact {
    fn cmp(&self, other: &Exact) -> Ordering {
        match (self, other) {
            (Exact::Small(a), Exact::Small(b)) => a.cmp(b),
            _ => self.to_big().cmp(&other.to_big()),
        }
    }
}

impl fmt::Display for Exact {
    /// Two decimals, the way result lists print points and percentages.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_decimal(2))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_past_64_bits_are_written_whole() {
        let past = Exact::Small(Ratio::new(i128::from(u64::MAX) * 1000 + 7, 1000));
        assert_eq!(past.to_decimal(3), format!("{}.007", u64::MAX));
    }

    #[test]
    fn sums_stay_exact_past_128_bits() {
        let mut e = Exact::zero();
        let primes = [
            20_011i64, 20_021, 20_023, 20_029, 20_047, 20_051, 20_063, 20_071, 20_089, 20_101,
            20_107, 20_113, 20_117, 20_123, 20_129, 20_143,
        ];
        for p in primes {
            e.add_fraction(1, p);
        }
        assert!(matches!(e, Exact::Big(_)));
        for p in primes {
            e.add_fraction(-1, p);
        }
        assert!(e.is_zero());
    }

    proptest::proptest! {
        #[test]
        fn the_floating_point_rounding_agrees_with_the_exact_one_or_abstains(
            k in 0i64..1_000_000,
            delta in -1000i64..1000,
            scale_bits in 0u32..1100,
            decimals in 0u32..4,
            far in proptest::prelude::any::<bool>(),
            extra in 0i64..1_000_000_007,
        ) {
            // Values at a rounding boundary (k + ½) / 10^d, give or take delta parts in
            // a denominator of hundreds of bits, or anywhere in between.
            let p = BigInt::from(3).pow(scale_bits / 2) << (scale_bits / 2);
            let ten = BigInt::from(10).pow(decimals);
            let (n, d) = if far {
                (BigInt::from(k) * &p + extra, &p * &ten)
            } else {
                (BigInt::from(2 * k + 1) * &p + delta, &p * &ten * 2)
            };
            let r = BigRational::new_raw(n, d);
            if let Some(q) = rounded_estimate(&r, decimals) {
                proptest::prop_assert_eq!(BigInt::from(q), rounded_exactly(&r, decimals));
            }
        }
    }

    proptest::proptest! {
        #[test]
        fn a_whole_number_as_f64_is_within_a_unit_of_the_nearest(
            limbs in proptest::collection::vec(proptest::prelude::any::<u64>(), 0..12),
            top in 1u64..=u64::MAX,
        ) {
            // The nearest double (num-bigint rounds correctly), and at most one unit in
            // the last place away from it when bits below the top 128 are left out.
            let mut all = limbs;
            all.push(top);
            let n = BigUint::from_slice(
                &all.iter().flat_map(|&l| [l as u32, (l >> 32) as u32]).collect::<Vec<_>>(),
            );
            let nearest = n.to_f64().unwrap();
            let ours = f64_of(&n).unwrap();
            proptest::prop_assert!(nearest.to_bits().abs_diff(ours.to_bits()) <= 1);
            if all.len() <= 2 {
                proptest::prop_assert_eq!(ours.to_bits(), nearest.to_bits());
            }
        }
    }

    proptest::proptest! {
        #[test]
        fn the_point_goes_where_splitting_the_padded_digits_puts_it(
            negative in proptest::prelude::any::<bool>(),
            digits in "[1-9][0-9]{0,12}|0",
            decimals in 0usize..6,
        ) {
            let padded = format!("{digits:0>width$}", width = decimals + 1);
            let (whole, frac) = padded.split_at(padded.len() - decimals);
            let sign = if negative { "-" } else { "" };
            let want = if decimals == 0 {
                format!("{sign}{whole}")
            } else {
                format!("{sign}{whole}.{frac}")
            };
            proptest::prop_assert_eq!(with_point(negative, &digits, decimals), want);
        }
    }

    proptest::proptest! {
        #[test]
        fn the_same_value_gives_the_same_double_however_it_is_kept(
            n in proptest::prelude::any::<i64>(),
            d in 1i64..i64::MAX,
            scale in proptest::prelude::any::<u32>(),
        ) {
            // n/d in lowest terms and scaled up (past 2^53, within 128 bits), small and big.
            let reduced = Ratio::new(i128::from(n), i128::from(d));
            let k = i128::from(scale) + 1;
            let scaled = Ratio::new_raw(reduced.numer() * k, reduced.denom() * k);
            let want = Exact::Small(reduced).to_f64();
            proptest::prop_assert_eq!(Exact::Small(scaled).to_f64().to_bits(), want.to_bits());
            proptest::prop_assert_eq!(Exact::Big(big(&scaled)).to_f64().to_bits(), want.to_bits());
        }
    }

    #[test]
    fn huge_numbers_are_rounded_exactly() {
        // Past the range of f64, and past 10^12: the exact division answers.
        let big = BigInt::from(7).pow(400);
        let r = BigRational::new_raw(big.clone() * 3 + 1, big.clone() * 2);
        assert_eq!(rounded_estimate(&r, 2), None);
        assert_eq!(Exact::Big(r).to_decimal(2), "1.50");
        let r = BigRational::new_raw(BigInt::from(10).pow(20) + 1, BigInt::from(3));
        assert_eq!(rounded_estimate(&r, 2), None);
        assert_eq!(Exact::Big(r).to_decimal(2), "33333333333333333333.67");
    }

    #[test]
    fn decimals_round_half_up() {
        assert_eq!(Exact::new(71, 6).to_decimal(2), "11.83");
        assert_eq!(Exact::new(1, 6).to_decimal(2), "0.17");
        assert_eq!(Exact::new(1, 8).to_decimal(2), "0.13");
        assert_eq!(Exact::new(-1, 8).to_decimal(2), "-0.13");
        assert_eq!(Exact::new(5, 2).to_decimal(0), "3");
        assert_eq!(Exact::new(13, 200).to_decimal(2), "0.07");
        assert_eq!(Exact::integer(65).to_decimal(2), "65.00");
        assert_eq!(Exact::new(-1, 1000).to_decimal(2), "0.00");
        assert_eq!(Exact::new(1, 20).to_decimal(2), "0.05");
        assert_eq!(Exact::new(-7, 1000).to_decimal(3), "-0.007");
        let big = Exact::Big(BigRational::new_raw(
            BigInt::from(10).pow(40) * 71,
            BigInt::from(10).pow(40) * 6,
        ));
        assert_eq!(big.to_decimal(2), "11.83");
        let neg = Exact::Big(BigRational::new_raw(BigInt::from(-5), BigInt::from(8)));
        assert_eq!(neg.to_decimal(2), "-0.63");
    }

    #[test]
    fn order_and_equality_are_exact() {
        assert_eq!(Exact::new(2, 6), Exact::new(1, 3));
        assert!(Exact::new(1, 3) < Exact::new(334, 1000));
        assert_eq!(Exact::new(7, 2).to_fraction_string(), "7/2");
    }

    #[test]
    fn a_large_fraction_is_written_in_lowest_terms() {
        // A spilled total is kept over a common multiple: 71·10^40 / 6·10^40 is 71/6.
        let big = Exact::Big(BigRational::new_raw(
            BigInt::from(10).pow(40) * 71,
            BigInt::from(10).pow(40) * 6,
        ));
        assert_eq!(big.to_fraction_string(), "71/6");
        let whole = Exact::Big(BigRational::new_raw(
            BigInt::from(2).pow(200) * -3,
            BigInt::from(2).pow(200),
        ));
        assert_eq!(whole.to_fraction_string(), "-3");
        let wide = BigInt::from(3).pow(100);
        let kept = Exact::Big(BigRational::new_raw(wide.clone() + 1, wide.clone()));
        assert_eq!(
            kept.to_fraction_string(),
            format!("{}/{}", wide.clone() + 1, wide)
        );
    }
}
