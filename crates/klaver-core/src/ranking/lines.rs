//! The intervals of ranking points per line (seed 002, "Basisprincipes" and "Flexibele
//! lijnindeling met statische rekenmethoden").
//!
//! With nominal L lines of width B, a step S and the upper bound G, line k (A = 0) spans
//! G − k·S − B to G − k·S: with L = 3 the A line 100–60, B 90–50, C 80–40. A night
//! played in Lz lines instead stretches the lines by R = ((L − 1)·S + B) / ((Lz − 1)·S +
//! B) so that they still fill G down to g: Bz = B·R and Sz = S·R, rounded to whole
//! numbers (L = 3, Lz = 2: 48 and 12; Lz = 4: 34 and 9). A top-integral group of Lt
//! lines scored together takes the merged interval of its lines, Bt = Bz + (Lt − 1)·Sz.
//!
//! Line letters may be any of A to Z; they rank alphabetically (G, D, X: D is the
//! strongest line), and a top-integral group ranks by its letter nearest to A. Groups
//! take consecutive places from the top in that order.

use super::{ClubSettings, Points, int, round_whole};
use num_traits::One;

/// The interval of ranking points a line (or a top-integral group) awards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Interval {
    /// Rt: the points for the line's top score.
    pub top: Points,
    /// Rb: the points for the line's bottom score.
    pub bottom: Points,
}

impl Interval {
    /// The interval's width Rt − Rb.
    pub fn width(&self) -> Points {
        &self.top - &self.bottom
    }

    /// The middle (Rt + Rb) / 2: the points of an average score.
    pub fn mid(&self) -> Points {
        (&self.top + &self.bottom) / int(2)
    }
}

/// The interval of nominal line `k` (A = 0) on a night played in the nominal lines.
pub fn nominal_interval(settings: &ClubSettings, k: u32) -> Interval {
    let top = &settings.top - &settings.step * int(i64::from(k));
    Interval {
        bottom: &top - &settings.width,
        top,
    }
}

/// The stretch factor R for a night played in `lz` lines.
pub fn stretch_factor(settings: &ClubSettings, lz: u32) -> Points {
    let span = |l: u32| &settings.step * int(i64::from(l) - 1) + &settings.width;
    span(settings.lines) / span(lz)
}

/// The line width Bz and step Sz of a night played in some number of lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stretch {
    /// Bz: the width of one line that night.
    pub width: Points,
    /// Sz: the step between lines that night.
    pub step: Points,
}

impl Stretch {
    /// Bt = Bz + (Lt − 1) × Sz: the width of a top-integral group of `lt` lines.
    pub fn group_width(&self, lt: u32) -> Points {
        &self.width + &self.step * int(i64::from(lt.max(1)) - 1)
    }
}

/// Bz and Sz for a night of `lz` lines: the nominal B and S when `lz` is the nominal
/// number of lines, else B × R and S × R rounded to whole numbers.
pub fn stretch(settings: &ClubSettings, lz: u32) -> Stretch {
    let r = stretch_factor(settings, lz);
    if r.is_one() {
        return Stretch {
            width: settings.width.clone(),
            step: settings.step.clone(),
        };
    }
    Stretch {
        width: round_whole(&(&settings.width * &r)),
        step: round_whole(&(&settings.step * &r)),
    }
}

/// A group of lines scored together (one line, or a top-integral group) and its
/// interval of ranking points for the night.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineGroup {
    /// The line letters in the group, in alphabetical order.
    pub letters: Vec<char>,
    /// The place of the group's strongest line among the night's lines (A = 0).
    pub position: u32,
    /// The group's interval of ranking points.
    pub interval: Interval,
}

/// The night's groups, strongest first, with their intervals: `groups` lists the line
/// letters of each group (one letter for a line scored on its own).
pub fn layout(settings: &ClubSettings, groups: &[Vec<char>]) -> Vec<LineGroup> {
    let mut sorted: Vec<Vec<char>> = groups
        .iter()
        .map(|g| {
            let mut g = g.clone();
            g.sort_unstable();
            g.dedup();
            g
        })
        .filter(|g| !g.is_empty())
        .collect();
    sorted.sort_by_key(|g| g[0]);
    let lz: u32 = sorted.iter().map(|g| g.len() as u32).sum();
    let st = stretch(settings, lz);
    let mut position = 0u32;
    sorted
        .into_iter()
        .map(|letters| {
            let lt = letters.len() as u32;
            let top = &settings.top - &st.step * int(i64::from(position));
            let group = LineGroup {
                position,
                interval: Interval {
                    bottom: &top - st.group_width(lt),
                    top,
                },
                letters,
            };
            position += lt;
            group
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ranking::frac;

    fn iv(top: i64, bottom: i64) -> Interval {
        Interval {
            top: int(top),
            bottom: int(bottom),
        }
    }

    #[test]
    fn seed_line_table_for_three_lines() {
        let s = ClubSettings::default();
        assert_eq!(nominal_interval(&s, 0), iv(100, 60));
        assert_eq!(nominal_interval(&s, 1), iv(90, 50));
        assert_eq!(nominal_interval(&s, 2), iv(80, 40));
    }

    #[test]
    fn seed_stretch_for_two_and_four_lines() {
        let s = ClubSettings::default();
        assert_eq!(stretch_factor(&s, 2), frac(6, 5));
        assert_eq!(
            stretch(&s, 2),
            Stretch {
                width: int(48),
                step: int(12)
            }
        );
        assert_eq!(stretch_factor(&s, 4), frac(6, 7));
        assert_eq!(
            stretch(&s, 4),
            Stretch {
                width: int(34),
                step: int(9)
            }
        );
        // Two lines still fill 100 down to 40.
        let two = layout(&s, &[vec!['A'], vec!['B']]);
        assert_eq!(two[0].interval, iv(100, 52));
        assert_eq!(two[1].interval, iv(88, 40));
    }

    #[test]
    fn seed_top_integral_widths() {
        let s = ClubSettings::default();
        let st = stretch(&s, 3);
        assert_eq!(st.group_width(3), int(60));
        assert_eq!(st.group_width(2), int(50));
        let all = layout(&s, &[vec!['A', 'B', 'C']]);
        assert_eq!(all[0].interval, iv(100, 40));
        let two = layout(&s, &[vec!['C'], vec!['A', 'B']]);
        assert_eq!(two[0].interval, iv(100, 50));
        assert_eq!(two[1].interval, iv(80, 40));
        let other = layout(&s, &[vec!['A'], vec!['B', 'C']]);
        assert_eq!(other[0].interval, iv(100, 60));
        assert_eq!(other[1].interval, iv(90, 40));
    }

    #[test]
    fn seed_letters_rank_alphabetically() {
        let s = ClubSettings::default();
        let g = layout(&s, &[vec!['G'], vec!['D'], vec!['X']]);
        let order: Vec<char> = g.iter().map(|g| g.letters[0]).collect();
        assert_eq!(order, vec!['D', 'G', 'X']);
        assert_eq!(g[0].interval, iv(100, 60));
        // A and C together rank above B, because A comes before B.
        let g = layout(&s, &[vec!['B'], vec!['C', 'A']]);
        assert_eq!(g[0].letters, vec!['A', 'C']);
        assert_eq!(g[0].interval, iv(100, 50));
        assert_eq!(g[1].letters, vec!['B']);
        assert_eq!(g[1].interval, iv(80, 40));
    }

    #[test]
    fn intervals_for_any_nominal_number_of_lines() {
        for l in 1..=8u32 {
            let s = ClubSettings {
                lines: l,
                ..ClubSettings::default()
            };
            let last = nominal_interval(&s, l - 1);
            assert_eq!(last.bottom, s.bottom());
            for lz in 1..=8u32 {
                let letters: Vec<Vec<char>> =
                    (0..lz).map(|i| vec![(b'A' + i as u8) as char]).collect();
                let g = layout(&s, &letters);
                assert_eq!(g[0].interval.top, s.top);
                // Rounding keeps the bottom within a few points of g.
                let gap = &g[lz as usize - 1].interval.bottom - s.bottom();
                assert!(
                    gap <= int(i64::from(lz)) && gap >= int(-i64::from(lz)),
                    "{l} {lz}"
                );
            }
        }
    }
}
