//! Fractions put in lowest terms quickly when many share a denominator.
//!
//! A session's exact percentages are each pair's total over the session's common
//! multiple of denominators, times 100 over the pair's maximum: a few different
//! denominators of a few hundred bits, each shared by thousands of pairs. A greatest
//! common divisor of two such numbers (num-bigint's binary algorithm) costs tens of
//! thousands of instructions. Instead each different denominator is divided once by
//! every prime below 2^20; a fraction over it then tests only those primes against its
//! numerator, a few at a time (one remainder of the numerator by their product), and a
//! greatest common divisor with what is left of the denominator (nearly always 1)
//! finishes it. The result is the same fraction `BigRational::reduced` gives.

use num_bigint::{BigInt, BigUint, Sign};
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Zero};
use rustc_hash::FxHashMap;
use std::sync::OnceLock;

/// Primes below this are tried.
const BOUND: u64 = 1 << 20;

/// At most this many different denominators are factored, and at most [`SCANS`] of
/// them with every prime (those whose part without known primes is past 64 bits, each
/// some milliseconds); fractions over any other are reduced by a greatest common
/// divisor.
const MOST: usize = 4096;
const SCANS: usize = 8;

/// The primes below [`BOUND`] in groups whose product fits 64 bits: (product, primes).
fn groups() -> &'static [(u64, Vec<u64>)] {
    static GROUPS: OnceLock<Vec<(u64, Vec<u64>)>> = OnceLock::new();
    GROUPS.get_or_init(|| {
        let n = BOUND as usize;
        let mut composite = vec![false; n];
        let mut groups: Vec<(u64, Vec<u64>)> = Vec::new();
        for p in 2..n {
            if composite[p] {
                continue;
            }
            for m in (p * p..n).step_by(p) {
                composite[m] = true;
            }
            let p = p as u64;
            match groups.last_mut() {
                Some((product, primes)) if product.checked_mul(p).is_some() => {
                    *product *= p;
                    primes.push(p);
                }
                _ => groups.push((p, vec![p])),
            }
        }
        groups
    })
}

/// The remainder of a number (64-bit limbs, least significant first) by `m`.
fn rem(limbs: &[u64], m: u64) -> u64 {
    let m = u128::from(m);
    limbs.iter().rev().fold(0u64, |r, &limb| {
        (((u128::from(r) << 64) | u128::from(limb)) % m) as u64
    })
}

/// Divides a number (64-bit limbs, least significant first) by `m` in place.
fn divide(limbs: &mut [u64], m: u64) {
    let m = u128::from(m);
    let mut r = 0u128;
    for limb in limbs.iter_mut().rev() {
        let cur = (r << 64) | u128::from(*limb);
        *limb = (cur / m) as u64;
        r = cur % m;
    }
}

/// A denominator's primes below [`BOUND`] with their powers, by group, and the part of
/// it that has no such prime.
struct Factored {
    groups: Vec<(u64, Vec<(u64, u32)>)>,
    rest: BigUint,
}

impl Factored {
    /// Factors `denom`, trying first the primes `known` (those of the denominators met
    /// before: a session's share its common multiple, and differ in a maximum of a few
    /// dozen bits). What is left is factored by trial division in 64 bits when it fits
    /// them, else by every group of primes while fewer than [`SCANS`] were (`None` after).
    fn of(denom: &BigUint, known: &[u64], scans: &mut usize) -> Option<Factored> {
        let mut limbs = denom.to_u64_digits();
        let mut powers: Vec<(u64, u32)> = Vec::new();
        for &p in known {
            strip(&mut limbs, p, &mut powers);
        }
        while limbs.last() == Some(&0) {
            limbs.pop();
        }
        match limbs.as_slice() {
            [] => {}
            // Past 2^32 trial division may try tens of thousands of primes: a scan.
            [rest] if *rest > 1 << 32 && *scans >= SCANS => return None,
            [rest] => {
                let mut rest = *rest;
                if rest > 1 << 32 {
                    *scans += 1;
                }
                for (_, primes) in groups() {
                    for &p in primes {
                        if p * p > rest {
                            break;
                        }
                        let mut e = 0;
                        while rest % p == 0 {
                            rest /= p;
                            e += 1;
                        }
                        if e > 0 {
                            powers.push((p, e));
                        }
                    }
                    if primes.last().is_some_and(|&p| p * p > rest) {
                        break;
                    }
                }
                limbs = vec![rest];
                // A rest below BOUND squared with no smaller prime is a prime itself.
                if rest > 1 && rest < BOUND * BOUND {
                    powers.push((rest, 1));
                    limbs = vec![1];
                }
            }
            _ if *scans >= SCANS => return None,
            _ => {
                *scans += 1;
                for (product, primes) in groups() {
                    let r = rem(&limbs, *product);
                    for &p in primes.iter().filter(|&&p| r.is_multiple_of(p)) {
                        strip(&mut limbs, p, &mut powers);
                    }
                }
            }
        }
        // Groups of primes whose product fits 64 bits, for one remainder each.
        let mut groups: Vec<(u64, Vec<(u64, u32)>)> = Vec::new();
        for (p, e) in powers {
            match groups.last_mut() {
                Some((product, group)) if product.checked_mul(p).is_some() => {
                    *product *= p;
                    group.push((p, e));
                }
                _ => groups.push((p, vec![(p, e)])),
            }
        }
        Some(Factored {
            groups,
            rest: biguint_of(&limbs),
        })
    }
}

/// Divides out every power of `p` from a number in limbs, noting it in `powers`.
fn strip(limbs: &mut [u64], p: u64, powers: &mut Vec<(u64, u32)>) {
    let mut e = 0;
    while rem(limbs, p) == 0 {
        divide(limbs, p);
        e += 1;
    }
    if e > 0 {
        powers.push((p, e));
    }
}

/// A number given in 64-bit limbs, least significant first (as num-bigint takes 32-bit
/// digits); zero limbs at the top are left out.
pub(crate) fn biguint_of(limbs: &[u64]) -> BigUint {
    let used = limbs.iter().rposition(|&l| l != 0).map_or(0, |i| i + 1);
    let mut digits = Vec::with_capacity(2 * used);
    for &l in &limbs[..used] {
        digits.push(l as u32);
        digits.push((l >> 32) as u32);
    }
    BigUint::new(digits)
}

/// Puts fractions in lowest terms, remembering the factors of the denominators met.
#[derive(Default)]
pub struct Reducer {
    /// The denominators met, factored (`None`: left to a greatest common divisor).
    known: FxHashMap<BigUint, Option<Factored>>,
    /// How many were factored with every prime.
    scans: usize,
    /// Every prime the factored denominators have, each once.
    primes: Vec<u64>,
}

impl Reducer {
    /// A new reducer that has met no denominator.
    pub fn new() -> Reducer {
        Reducer::default()
    }

    /// `r` in lowest terms, its denominator positive.
    pub fn reduced(&mut self, r: &BigRational) -> BigRational {
        let (numer, denom) = (r.numer(), r.denom());
        if denom.sign() != Sign::Plus || numer.is_zero() {
            return r.reduced();
        }
        let magnitude = denom.magnitude();
        if !self.known.contains_key(magnitude) {
            if self.known.len() >= MOST {
                return r.reduced();
            }
            let factored = Factored::of(magnitude, &self.primes, &mut self.scans);
            if let Some(f) = &factored {
                for (_, group) in &f.groups {
                    for &(p, _) in group {
                        if !self.primes.contains(&p) {
                            self.primes.push(p);
                        }
                    }
                }
            }
            self.known.insert(magnitude.clone(), factored);
        }
        let Some(factored) = &self.known[magnitude] else {
            return r.reduced();
        };
        let mut limbs = numer.magnitude().to_u64_digits();
        let mut divisor = BigUint::one();
        for (product, powers) in &factored.groups {
            let r = rem(&limbs, *product);
            for &(p, e) in powers {
                if !r.is_multiple_of(p) {
                    continue;
                }
                let mut k = 0;
                while k < e && rem(&limbs, p) == 0 {
                    divide(&mut limbs, p);
                    divisor *= p;
                    k += 1;
                }
            }
        }
        let mut n = biguint_of(&limbs);
        let mut d = magnitude / &divisor;
        if !factored.rest.is_one() {
            let g = n.gcd(&factored.rest);
            if !g.is_one() {
                n /= &g;
                d /= &g;
            }
        }
        BigRational::new_raw(BigInt::from_biguint(numer.sign(), n), BigInt::from(d))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_groups_hold_every_prime_below_the_bound_once() {
        let primes: Vec<u64> = groups().iter().flat_map(|(_, p)| p.clone()).collect();
        assert_eq!(primes.len(), 82_025);
        assert_eq!((primes[0], primes[primes.len() - 1]), (2, 1_048_573));
        for (product, primes) in groups() {
            assert_eq!(primes.iter().product::<u64>(), *product);
        }
    }

    fn big(digits: &[u32]) -> BigInt {
        BigInt::from_biguint(Sign::Plus, BigUint::new(digits.to_vec()))
    }

    #[test]
    fn past_the_scans_fractions_are_still_reduced() {
        // Denominators each with a large prime of its own past 64 bits: after SCANS full
        // scans the rest are reduced by a greatest common divisor, the same fractions.
        let mut reducer = Reducer::new();
        let big_prime = BigInt::from(2u8).pow(89) - 1; // a Mersenne prime
        for k in 1..(SCANS as u64 + 5) {
            let denom = &big_prime * BigInt::from(k * 6 + 1) * BigInt::from(1u128 << 70);
            let r = BigRational::new_raw(BigInt::from(k * 14) * &big_prime, denom);
            assert_eq!(reducer.reduced(&r), r.reduced(), "{k}");
        }
        assert_eq!(reducer.scans, SCANS);
    }

    #[test]
    fn long_trial_divisions_count_as_scans() {
        // Denominators with a prime of 61 bits of their own: trial division tries every
        // prime below 2^20 for each, so after SCANS of them a gcd takes over.
        let mut reducer = Reducer::new();
        let prime = BigInt::from(2_305_843_009_213_693_951u64); // 2^61 - 1
        for k in 1..(SCANS as u64 + 3) {
            let r = BigRational::new_raw(
                BigInt::from(k * 3) * &prime,
                &prime * BigInt::from(k * 6 + 1),
            );
            assert_eq!(reducer.reduced(&r), r.reduced(), "{k}");
        }
        assert_eq!(reducer.scans, SCANS);
    }

    proptest! {
        #[test]
        fn fractions_are_reduced_as_by_a_greatest_common_divisor(
            n in proptest::collection::vec(any::<u32>(), 1..12),
            d in proptest::collection::vec(any::<u32>(), 1..12),
            small in proptest::collection::vec(prop_oneof![Just(2u64), Just(3), Just(5), Just(7), Just(1_048_573), Just(1_048_583), 2u64..2_000_000], 0..12),
            common in proptest::collection::vec(0usize..12, 0..6),
            negative in any::<bool>(),
        ) {
            // Denominators made of small primes (and a few past the bound), numerators
            // sharing some of them, and random parts on both.
            let mut denom = big(&d) + 1;
            for &s in &small {
                denom *= s;
            }
            let mut numer = big(&n);
            for &i in &common {
                if let Some(&s) = small.get(i) {
                    numer *= s;
                }
            }
            if negative {
                numer = -numer;
            }
            let r = BigRational::new_raw(numer, denom);
            let mut reducer = Reducer::new();
            let want = r.reduced();
            let got = reducer.reduced(&r);
            prop_assert_eq!(got.numer(), want.numer());
            prop_assert_eq!(got.denom(), want.denom());
            // Again, with the denominator's factors remembered.
            let again = reducer.reduced(&r);
            prop_assert_eq!(again.numer(), want.numer());
        }

        #[test]
        fn a_session_s_percentages_are_reduced_as_by_a_greatest_common_divisor(
            multiple in proptest::collection::vec(prop_oneof![2u64..50, 20_000u64..20_100, 400_000u64..420_000, 1_040_000u64..1_060_000], 1..40),
            maxima in proptest::collection::vec(1u64..5_000_000, 1..8),
            numers in proptest::collection::vec(proptest::collection::vec(any::<u32>(), 1..14), 1..8),
        ) {
            // Denominators sharing a common multiple of a few hundred bits, each times
            // another maximum, through one reducer as the JSON uses it.
            let common: BigInt = multiple.iter().fold(BigInt::one(), |acc, &m| acc * m);
            let mut reducer = Reducer::new();
            for (max, n) in maxima.iter().zip(numers.iter().cycle()) {
                let r = BigRational::new_raw(big(n) * 100, &common * *max);
                let want = r.reduced();
                let got = reducer.reduced(&r);
                prop_assert_eq!(got.numer(), want.numer());
                prop_assert_eq!(got.denom(), want.denom());
            }
        }
    }
}
