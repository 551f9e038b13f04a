//! The four methods that turn a pair's score into ranking points (seed 002,
//! "Rankingpunten toekennen voor paren- en butlerwedstrijden").
//!
//! A pair's score S is its percentage, or its G-IMP in a butler session; Rt and Rb are
//! the top and bottom of its line's interval (see [`super::lines`]). Both players of the
//! pair get the same points.
//!
//! 1. By place: RP = Rt − (Rt − Rb) / (P − 1) × (p − 1), rounded to whole numbers (P
//!    pairs, place p). Pairs on the same score share the average of their places.
//! 2. By ratio: RR = Rt − (Rt − Rb) × (St − S) / (St − Sb), St and Sb the line's best
//!    and worst score; not rounded. When every pair has the same score they all get the
//!    middle of the interval.
//! 3. Balanced: RB = (Rt + Rb) / 2 + (S − S̄) / (ST − S̄) × Bz / 2, with S̄ = 50 % or
//!    0 G-IMP and ST the club's top score (63.5 % or 2.0 G-IMP). It can go above Rt and
//!    below Rb. For a top-integral group the group's width Bt takes the place of Bz, so
//!    that ST still earns the group's top.
//! 4. Dynamic per line: Rd = Rl + (S − S̄) / (ST − S̄) × B / 2, Rl the mean ranking of
//!    the players in the line before the night, B always the nominal width.

use super::lines::Interval;
use super::{ClubSettings, Form, Method, Points, int, round_whole};
use num_traits::Zero;

/// Points by place for the scores of one line (in the given order; best score first
/// place), rounded to whole numbers; tied scores share the average of their places.
pub fn by_place(interval: &Interval, scores: &[Points]) -> Vec<Points> {
    let n = scores.len();
    if n < 2 {
        return vec![interval.top.clone(); n];
    }
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| scores[b].cmp(&scores[a]));
    let step = interval.width() / int(n as i64 - 1);
    let mut out = vec![Points::zero(); n];
    let mut start = 0;
    while start < n {
        let mut end = start + 1;
        while end < n && scores[order[end]] == scores[order[start]] {
            end += 1;
        }
        // Places start+1 ..= end share their mean place; p − 1 is its offset from 1.
        let offset = Points::ratio((start + end - 1) as i128, 2);
        let rp = round_whole(&(&interval.top - &step * offset));
        for &i in &order[start..end] {
            out[i] = rp.clone();
        }
        start = end;
    }
    out
}

/// Points by ratio of the scores between the line's best and worst score.
pub fn by_ratio(interval: &Interval, scores: &[Points]) -> Vec<Points> {
    let (Some(best), Some(worst)) = (scores.iter().max(), scores.iter().min()) else {
        return Vec::new();
    };
    if best == worst {
        return vec![interval.mid(); scores.len()];
    }
    let spread = best - worst;
    scores
        .iter()
        .map(|s| &interval.top - interval.width() * (best - s) / &spread)
        .collect()
}

/// Balanced points around `centre`: centre + (S − S̄) / (ST − S̄) × width / 2.
pub fn balanced(
    centre: &Points,
    width: &Points,
    score: &Points,
    average: &Points,
    top: &Points,
) -> Points {
    centre + (score - average) / (top - average) * width / int(2)
}

/// The ranking points of each pair in one line or top-integral group, in the order of
/// `scores`, by the club's method. `line_mean` is the mean ranking of the line's players
/// before the night (the dynamic method's Rl).
pub fn group_points(
    settings: &ClubSettings,
    form: Form,
    interval: &Interval,
    scores: &[Points],
    line_mean: &Points,
) -> Vec<Points> {
    let (average, top) = settings.average_and_top(form);
    match settings.method {
        Method::Place => by_place(interval, scores),
        Method::Ratio => by_ratio(interval, scores),
        // centre + (S − S̄) × width / (2 (ST − S̄)) = S × factor + (centre − S̄ × factor):
        // the factor and the constant once for the line.
        Method::Balanced => {
            let factor = interval.width() / ((&top - &average) * int(2));
            times_plus(scores, &factor, &(interval.mid() - &average * &factor))
        }
        Method::Dynamic => {
            let factor = &settings.width / ((&top - &average) * int(2));
            times_plus(scores, &factor, &(line_mean - &average * &factor))
        }
    }
}

/// Each score × `factor` + `constant`.
fn times_plus(scores: &[Points], factor: &Points, constant: &Points) -> Vec<Points> {
    scores.iter().map(|s| s.mul_add(factor, constant)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ranking::lines::layout;
    use crate::ranking::{frac, parse_decimal};
    use proptest::prelude::*;

    fn a_line() -> Interval {
        Interval {
            top: int(100),
            bottom: int(60),
        }
    }

    fn descending(n: i64) -> Vec<Points> {
        (0..n).map(|i| int(70 - i)).collect()
    }

    fn ints(v: &[i64]) -> Vec<Points> {
        v.iter().map(|&x| int(x)).collect()
    }

    #[test]
    fn seed_place_table_for_twelve_pairs() {
        assert_eq!(
            by_place(&a_line(), &descending(12)),
            ints(&[100, 96, 93, 89, 85, 82, 78, 75, 71, 67, 64, 60])
        );
    }

    #[test]
    fn seed_place_table_for_fourteen_pairs() {
        assert_eq!(
            by_place(&a_line(), &descending(14)),
            ints(&[100, 97, 94, 91, 88, 85, 82, 78, 75, 72, 69, 66, 63, 60])
        );
    }

    #[test]
    fn place_ties_share_the_mean_place() {
        // Five pairs, 10 points a place; places 2 and 3 tied share place 2.5: 85.
        let s = ints(&[60, 55, 55, 50, 40]);
        assert_eq!(by_place(&a_line(), &s), ints(&[100, 85, 85, 70, 60]));
    }

    #[test]
    fn ratio_by_hand() {
        // B line 90-50; scores 62, 55, 50, 42: best 62 → 90, worst 42 → 50,
        // 55 → 90 − 40 × 7/20 = 76, 50 → 90 − 40 × 12/20 = 66.
        let b_line = Interval {
            top: int(90),
            bottom: int(50),
        };
        assert_eq!(
            by_ratio(&b_line, &ints(&[62, 55, 50, 42])),
            ints(&[90, 76, 66, 50])
        );
        // Everyone equal: the middle.
        assert_eq!(by_ratio(&b_line, &ints(&[50, 50])), ints(&[70, 70]));
    }

    #[test]
    fn balanced_by_hand() {
        let s = ClubSettings::default();
        let iv = a_line();
        // 63.5 % earns Rt, 50 % the middle 80, 36.5 % Rb, 70 % goes above the top.
        let got = group_points(
            &s,
            Form::Pairs,
            &iv,
            &[frac(635, 10), int(50), frac(365, 10), int(70), int(57)],
            &int(0),
        );
        // 57 %: 80 + 7 / 13.5 × 20 = 80 + 280/27.
        assert_eq!(
            got,
            vec![
                int(100),
                int(80),
                int(60),
                int(80) + frac(800, 27),
                int(80) + frac(280, 27)
            ]
        );
        // Butler: +1 G-IMP in the C line (80-40): 60 + 1/2 × 20 = 70.
        let c = Interval {
            top: int(80),
            bottom: int(40),
        };
        assert_eq!(
            group_points(&s, Form::Butler, &c, &[int(1)], &int(0)),
            ints(&[70])
        );
    }

    #[test]
    fn dynamic_by_hand() {
        let s = ClubSettings {
            method: Method::Dynamic,
            ..ClubSettings::default()
        };
        // Line players' mean ranking 72.5; 56.75 % → 72.5 + 6.75/13.5 × 20 = 82.5,
        // whatever the line's interval; −1 G-IMP in butler → 72.5 − 10 = 62.5.
        let rl = frac(145, 2);
        let got = group_points(
            &s,
            Form::Pairs,
            &a_line(),
            &[parse_decimal("56.75").unwrap()],
            &rl,
        );
        assert_eq!(got, vec![frac(165, 2)]);
        let got = group_points(&s, Form::Butler, &a_line(), &[int(-1)], &rl);
        assert_eq!(got, vec![frac(125, 2)]);
    }

    #[test]
    fn seed_custom_scale_gives_the_percentage_plus_seven_per_line() {
        // Balanced, ST = 64 %, A = 64, B = 28, S = 7: G = A + B/2 = 78.
        let s = ClubSettings {
            top: int(78),
            width: int(28),
            step: int(7),
            st_pairs: int(64),
            ..ClubSettings::default()
        };
        assert_eq!(s.a_average(), int(64));
        let groups = layout(&s, &[vec!['A'], vec!['B'], vec!['C']]);
        for pct in ["37.5", "50", "58.33", "64", "71.2"] {
            let p = parse_decimal(pct).unwrap();
            for (g, plus) in groups.iter().zip([14, 7, 0]) {
                let got = group_points(
                    &s,
                    Form::Pairs,
                    &g.interval,
                    std::slice::from_ref(&p),
                    &int(0),
                );
                assert_eq!(got[0], &p + int(plus), "{pct} in line {:?}", g.letters);
            }
        }
    }

    proptest! {
        #[test]
        fn static_methods_stay_in_the_line_and_keep_the_order(
            raw in prop::collection::vec(0i64..=10_000, 2..30),
        ) {
            let scores: Vec<Points> = raw.iter().map(|&x| frac(x, 100)).collect();
            let iv = a_line();
            for pts in [by_place(&iv, &scores), by_ratio(&iv, &scores)] {
                for (i, p) in pts.iter().enumerate() {
                    prop_assert!(*p >= iv.bottom && *p <= iv.top);
                    for (j, q) in pts.iter().enumerate() {
                        if scores[i] > scores[j] {
                            prop_assert!(p >= q);
                        }
                    }
                }
            }
        }

        #[test]
        fn balanced_is_symmetric_around_the_average(d in 0i64..5000) {
            let s = ClubSettings::default();
            let iv = a_line();
            let up = frac(5000 + d, 100);
            let down = frac(5000 - d, 100);
            let pts = group_points(&s, Form::Pairs, &iv, &[up, down], &int(0));
            prop_assert_eq!(&pts[0] + &pts[1], int(160));
        }
    }
}
