//! The club championship (seed 002, "Clubkampioenschap").
//!
//! Individual: the champion has the highest mean of all the ranking points earned in the
//! season. A player is eligible after playing at least `min` sessions; above `min`, up to
//! `x` of the worst scores are dropped, but never so many that fewer than `min` count
//! (min 20, x 5: a player with 22 sessions drops 2).
//!
//! Pairs and threesomes: only sessions the partners played together count (a threesome:
//! any two of its three; a teams night: in the same team). An entrant is eligible after
//! `me` such results, of which at most `inv` may be nights where one of them played with a
//! substitute, the best of those counting. Once `me` results together without a
//! substitute exist, substitute results no longer count. Above `me`, up to `y` of the
//! worst are dropped, never below `me`.

use super::{Points, cmp_points, mean};
use std::fmt;

/// Why a player, pair or threesome is not (yet) eligible for the championship.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Shortfall {
    /// Too few sessions played (individual).
    Sessions {
        /// Sessions played this season.
        played: usize,
        /// `min`: sessions needed.
        needed: u32,
    },
    /// Too few results together, even with the substitute results allowed.
    Together {
        /// Results with the partners together.
        together: usize,
        /// Results with a substitute that may count (at most `inv`).
        substitutes: usize,
        /// `me`: results needed.
        needed: u32,
    },
}

impl fmt::Display for Shortfall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Shortfall::Sessions { played, needed } => write!(
                f,
                "played {played} of the {needed} sessions needed ({} to go)",
                (*needed as usize).saturating_sub(*played)
            ),
            Shortfall::Together {
                together,
                substitutes,
                needed,
            } => write!(
                f,
                "{together} together and {substitutes} with a substitute of the {needed} needed ({} to go)",
                (*needed as usize).saturating_sub(together + substitutes)
            ),
        }
    }
}

/// A player's, pair's or threesome's place in the championship.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Standing {
    /// The results that count, best first.
    pub counted: Vec<Points>,
    /// How many of the worst results were dropped.
    pub dropped: usize,
    /// How many results with a substitute are among those counted.
    pub substitutes: usize,
    /// The mean of the results counted; `None` without any result.
    pub average: Option<Points>,
    /// `None` when eligible, else why not (yet).
    pub shortfall: Option<Shortfall>,
}

impl Standing {
    /// Whether the entrant is eligible for the championship.
    pub fn eligible(&self) -> bool {
        self.shortfall.is_none()
    }
}

/// Appends the best `n` of some points to `out`, best first: the same as the first `n`
/// of all of them sorted, without ordering (or copying) the rest.
fn best_n_into(points: &[&Points], n: usize, out: &mut Vec<Points>) {
    if n == 0 || points.is_empty() {
        return;
    }
    if n <= 8 && n < points.len() {
        // A few of many (the best results with a substitute): one pass, kept in order.
        let mut top: [&Points; 8] = [points[0]; 8];
        let mut len = 0;
        for &p in points {
            if len < n || cmp_points(p, top[len - 1]).is_gt() {
                let at = top[..len].partition_point(|q| cmp_points(q, p).is_ge());
                // Those after it move down one; at `n` the last one falls off.
                let end = len.min(n - 1);
                top.copy_within(at..end, at + 1);
                top[at] = p;
                len = (len + 1).min(n);
            }
        }
        out.extend(top[..len].iter().map(|&p| p.clone()));
        return;
    }
    let from = out.len();
    out.extend(points.iter().map(|&p| p.clone()));
    let mine = &mut out[from..];
    if n < mine.len() {
        mine.select_nth_unstable_by(n - 1, |a, b| cmp_points(b, a));
        out.truncate(from + n);
    }
    out[from..].sort_unstable_by(|a, b| cmp_points(b, a));
}

/// Keeps the best `needed` results and drops up to `drop` of the worst beyond them.
fn drop_worst(mut counted: Vec<Points>, needed: u32, drop: u32) -> (Vec<Points>, usize) {
    let dropped = counted
        .len()
        .saturating_sub(needed as usize)
        .min(drop as usize);
    counted.truncate(counted.len() - dropped);
    (counted, dropped)
}

/// A player's individual championship standing from all the points of the season.
pub fn individual(points: &[Points], min: u32, x: u32) -> Standing {
    individual_of(points.to_vec(), min, x)
}

/// As [`individual`], taking the points (in any order) to keep the counted ones in.
pub fn individual_of(mut all: Vec<Points>, min: u32, x: u32) -> Standing {
    all.sort_unstable_by(|a, b| cmp_points(b, a));
    individual_best_first(all, min, x)
}

/// As [`individual_of`], the points already best first.
pub fn individual_best_first(all: Vec<Points>, min: u32, x: u32) -> Standing {
    debug_assert!(all.is_sorted_by(|a, b| cmp_points(a, b).is_ge()));
    let played = all.len();
    if all.len() < min as usize {
        return Standing {
            average: mean(&all),
            counted: all,
            dropped: 0,
            substitutes: 0,
            shortfall: Some(Shortfall::Sessions {
                played,
                needed: min,
            }),
        };
    }
    let (counted, dropped) = drop_worst(all, min, x);
    Standing {
        average: mean(&counted),
        counted,
        dropped,
        substitutes: 0,
        shortfall: None,
    }
}

/// A pair's or threesome's championship standing from its results together and its
/// results with a substitute.
pub fn together(together: &[Points], substitute: &[Points], me: u32, inv: u32, y: u32) -> Standing {
    let together: Vec<&Points> = together.iter().collect();
    let substitute: Vec<&Points> = substitute.iter().collect();
    together_of(&together, &substitute, me, inv, y)
}

/// As [`together`], from the results themselves wherever they are kept: only the
/// results that count are copied.
pub fn together_of(
    together: &[&Points],
    substitute: &[&Points],
    me: u32,
    inv: u32,
    y: u32,
) -> Standing {
    let me_ = me as usize;
    // Room for the results together and any with a substitute, in one allocation.
    let mut mine: Vec<Points> = Vec::with_capacity(if together.len() >= me_ {
        together.len()
    } else {
        together.len() + (me_ - together.len()).min(inv as usize)
    });
    mine.extend(together.iter().map(|&p| p.clone()));
    mine.sort_unstable_by(|a, b| cmp_points(b, a));
    if mine.len() >= me_ {
        let (counted, dropped) = drop_worst(mine, me, y);
        return Standing {
            average: mean(&counted),
            counted,
            dropped,
            substitutes: 0,
            shortfall: None,
        };
    }
    let room = (me_ - mine.len()).min(inv as usize);
    let together_n = mine.len();
    let mut counted = mine;
    best_n_into(substitute, room, &mut counted);
    let substitutes = counted.len() - together_n;
    let eligible = counted.len() >= me_;
    let shortfall = (!eligible).then_some(Shortfall::Together {
        together: together_n,
        substitutes,
        needed: me,
    });
    if substitutes > 0 && together_n > 0 {
        counted.sort_unstable_by(|a, b| cmp_points(b, a));
    }
    Standing {
        average: mean(&counted),
        counted,
        dropped: 0,
        substitutes,
        shortfall,
    }
}

/// Whether two standings share a place in the championship's [`order`]: both eligible or
/// both not, with equal averages (or neither an average).
pub fn same_place(a: &Standing, b: &Standing) -> bool {
    a.eligible() == b.eligible() && a.average == b.average
}

/// The order of a championship: eligible entrants first by average (highest first), then
/// the others by average; `None` averages last.
pub fn order(standings: &[&Standing]) -> Vec<usize> {
    // Each one's group (eligible first, and within each the ones with an average
    // first), its average's descending key and its place, sorted as integers; only
    // averages of equal keys are then compared exactly. Equal places' order is kept.
    let mut keyless = false;
    let mut keyed: Vec<(u8, u64, u32)> = (0u32..)
        .zip(standings)
        .map(|(i, s)| {
            let group = 2 * u8::from(!s.eligible()) + u8::from(s.average.is_none());
            let key = s.average.as_ref().map_or(Some(0), Points::descending_key);
            keyless |= key.is_none();
            (group, key.unwrap_or(0), i)
        })
        .collect();
    if keyless {
        return order_by_comparing(standings);
    }
    let exact = |i: u32| standings[i as usize].average.as_ref();
    keyed.sort_unstable();
    for run in keyed.chunk_by_mut(|a, b| (a.0, a.1) == (b.0, b.1)) {
        if run.len() > 1 {
            // The same group: both averages or neither.
            run.sort_by(|a, b| exact(b.2).cmp(&exact(a.2)));
        }
    }
    keyed.into_iter().map(|(_, _, i)| i as usize).collect()
}

/// [`order`] by comparing the standings, for averages that have no order key.
fn order_by_comparing(standings: &[&Standing]) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..standings.len()).collect();
    // Each average's order key, made once (a federation's moment has thousands).
    let keys: Vec<f64> = standings
        .iter()
        .map(|s| s.average.as_ref().map_or(f64::NAN, Points::order_key))
        .collect();
    // And each one's group: eligible first, and within each the ones with an average
    // first. The standings themselves are only looked at when two keys do not differ.
    let group: Vec<u8> = standings
        .iter()
        .map(|s| 2 * u8::from(!s.eligible()) + u8::from(s.average.is_none()))
        .collect();
    idx.sort_by(|&a, &b| {
        group[a]
            .cmp(&group[b])
            .then_with(|| match keys[b].partial_cmp(&keys[a]) {
                Some(o) if o.is_ne() => o,
                // The same group: both averages or neither.
                _ => match (&standings[b].average, &standings[a].average) {
                    (Some(ya), Some(xa)) => ya.cmp(xa),
                    _ => std::cmp::Ordering::Equal,
                },
            })
    });
    idx
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ranking::{frac, int};
    use proptest::prelude::*;

    fn pts(v: &[i64]) -> Vec<Points> {
        v.iter().map(|&p| int(p)).collect()
    }

    #[test]
    fn seed_min_20_x_5_with_22_played_drops_2() {
        // 22 sessions: 20 at 70, and two bad nights at 40 and 45.
        let mut p = vec![70; 20];
        p.extend([40, 45]);
        let s = individual(&pts(&p), 20, 5);
        assert!(s.eligible());
        assert_eq!(s.dropped, 2);
        assert_eq!(s.counted.len(), 20);
        assert_eq!(s.average, Some(int(70)));
    }

    #[test]
    fn seed_me_20_y_5_with_22_together_drops_2() {
        // Seed 002: "Voorbeeld: me = 20 en y = 5. Als een paar 22 keer met elkaar gespeeld
        // heeft, dan vallen de 2 slechtste scores af." (me = 20 and y = 5: a pair that
        // played together 22 times drops its 2 worst scores.)
        let mut p = vec![70; 20];
        p.extend([40, 45]);
        let s = together(&pts(&p), &[], 20, 0, 5);
        assert!(s.eligible());
        assert_eq!((s.dropped, s.counted.len(), s.substitutes), (2, 20, 0));
        assert_eq!(s.average, Some(int(70)));
        // Substitute results do not count once there are 20 together.
        let s = together(&pts(&p), &pts(&[90, 90]), 20, 2, 5);
        assert_eq!((s.dropped, s.substitutes), (2, 0));
        assert_eq!(s.average, Some(int(70)));
    }

    #[test]
    fn individual_drops_at_most_x() {
        let s = individual(&pts(&[60; 30]), 20, 5);
        assert_eq!((s.dropped, s.counted.len()), (5, 25));
        let s = individual(&pts(&[60; 20]), 20, 5);
        assert_eq!(s.dropped, 0);
    }

    #[test]
    fn individual_not_yet_eligible_says_why() {
        let s = individual(&pts(&[80, 70, 60]), 20, 5);
        assert!(!s.eligible());
        assert_eq!(s.average, Some(int(70)));
        assert_eq!(
            s.shortfall.unwrap().to_string(),
            "played 3 of the 20 sessions needed (17 to go)"
        );
    }

    #[test]
    fn pairs_with_substitutes_by_hand() {
        // me 5, inv 2, y 1. Together 60, 70, 72; with a substitute 50, 80, 66.
        // The best two substitute results (80, 66) fill up to five: mean
        // (72 + 70 + 60 + 80 + 66) / 5 = 69.6.
        let s = together(&pts(&[60, 70, 72]), &pts(&[50, 80, 66]), 5, 2, 1);
        assert!(s.eligible());
        assert_eq!(s.substitutes, 2);
        assert_eq!(s.counted, pts(&[80, 72, 70, 66, 60]));
        assert_eq!(s.average, Some(frac(348, 5)));
        // Only two together: 2 + 2 substitutes is short of 5.
        let s = together(&pts(&[60, 70]), &pts(&[50, 80, 66]), 5, 2, 1);
        assert!(!s.eligible());
        assert_eq!(
            s.shortfall.unwrap().to_string(),
            "2 together and 2 with a substitute of the 5 needed (1 to go)"
        );
        // Five together: substitute results no longer count; six together drop one.
        let s = together(&pts(&[60, 70, 72, 64, 58]), &pts(&[90]), 5, 2, 1);
        assert_eq!((s.substitutes, s.dropped), (0, 0));
        assert_eq!(s.average, Some(frac(324, 5)));
        let s = together(&pts(&[60, 70, 72, 64, 58, 68]), &pts(&[90]), 5, 2, 1);
        assert_eq!((s.substitutes, s.dropped), (0, 1));
        assert_eq!(s.average, Some(frac(334, 5)));
    }

    #[test]
    fn order_puts_eligible_first() {
        let a = individual(&pts(&[90]), 2, 0);
        let b = individual(&pts(&[60, 62]), 2, 0);
        let c = individual(&pts(&[70, 72]), 2, 0);
        assert_eq!(order(&[&a, &b, &c]), vec![2, 1, 0]);
    }

    proptest! {
        /// The order is that of the rule as written: eligible first, then by average
        /// (highest first, exactly), no average last; ties keep their places.
        #[test]
        fn order_is_the_rule_as_written(
            entries in prop::collection::vec(
                (any::<bool>(), prop::option::of(prop_oneof![
                    8 => (0i64..40, 1i64..4).prop_map(|(n, d)| frac(n, d)),
                    // Values whose doubles are equal: 1 + 1/m and 1 + 2/m.
                    2 => (1i64..3).prop_map(|k| frac((1i64 << 53) - 5 + k, (1i64 << 53) - 5)),
                    // Past the order keys' 53 bits, and values a key cannot tell apart.
                    1 => (0i64..4).prop_map(|k| frac((1i64 << 60) + k, 3)),
                ])),
                0..60,
            )
        ) {
            let standings: Vec<Standing> = entries
                .iter()
                .map(|(eligible, average)| Standing {
                    average: average.clone(),
                    shortfall: (!eligible).then_some(Shortfall::Sessions { played: 0, needed: 1 }),
                    ..Standing::default()
                })
                .collect();
            let refs: Vec<&Standing> = standings.iter().collect();
            let mut want: Vec<usize> = (0..refs.len()).collect();
            want.sort_by(|&a, &b| {
                let (x, y) = (refs[a], refs[b]);
                y.eligible().cmp(&x.eligible()).then_with(|| match (&y.average, &x.average) {
                    (Some(ya), Some(xa)) => ya.cmp(xa),
                    (ya, xa) => ya.is_some().cmp(&xa.is_some()),
                })
            });
            prop_assert_eq!(order(&refs), want);
        }

        #[test]
        fn the_best_n_are_the_first_n_of_all_sorted(
            p in prop::collection::vec((0i64..=100, 1i64..=4), 0..30),
            n in 0usize..12,
            before in 0usize..3,
        ) {
            let all: Vec<Points> = p.iter().map(|&(a, b)| frac(a, b)).collect();
            let refs: Vec<&Points> = all.iter().collect();
            let mut out = vec![int(-1); before];
            best_n_into(&refs, n, &mut out);
            let mut want = all.clone();
            want.sort_by(|a, b| b.cmp(a));
            want.truncate(n);
            prop_assert!(out[..before].iter().all(|x| *x == int(-1)));
            prop_assert_eq!(&out[before..], &want[..]);
        }

        #[test]
        fn together_counts_as_the_rules_say(
            t in prop::collection::vec(0i64..=100, 0..12),
            sub in prop::collection::vec(0i64..=100, 0..12),
            me in 1u32..10,
            inv in 0u32..5,
            y in 0u32..4,
        ) {
            let got = together(&pts(&t), &pts(&sub), me, inv, y);
            let desc = |mut v: Vec<i64>| { v.sort_by(|a, b| b.cmp(a)); v };
            let (t, sub) = (desc(t), desc(sub));
            let (me, inv, y) = (me as usize, inv as usize, y as usize);
            let (counted, dropped, substitutes) = if t.len() >= me {
                let dropped = (t.len() - me).min(y);
                (t[..t.len() - dropped].to_vec(), dropped, 0)
            } else {
                let room = (me - t.len()).min(inv).min(sub.len());
                (desc([&t[..], &sub[..room]].concat()), 0, room)
            };
            prop_assert_eq!(&got.counted, &pts(&counted));
            prop_assert_eq!(got.dropped, dropped);
            prop_assert_eq!(got.substitutes, substitutes);
            prop_assert_eq!(got.eligible(), counted.len() >= me);
            prop_assert_eq!(got.average, mean(&pts(&counted)));
        }

        #[test]
        fn never_fewer_than_min_counted(p in prop::collection::vec(0i64..=100, 0..40), min in 1u32..30, x in 0u32..8) {
            let s = individual(&pts(&p), min, x);
            if s.eligible() {
                prop_assert!(s.counted.len() >= min as usize);
                prop_assert!(s.dropped <= x as usize);
                prop_assert_eq!(s.counted.len() + s.dropped, p.len());
            } else {
                prop_assert!(p.len() < min as usize);
            }
        }
    }
}
