//! The matchpoints of every table result of a session, kept small.
//!
//! A board played at thousands of tables shares a few dozen different matchpoints (one
//! per different score), so each result keeps only the index of its value in the
//! session's table of values: a million results take 4 MB rather than the 48 MB of a
//! pair of fractions and a top each.

use num_rational::Ratio;
use rustc_hash::FxHashMap;
use std::ops::Index;

/// The matchpoints of one table result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ResultPoints {
    /// North-South's matchpoints as counted (after reversal and any rounding).
    pub ns: Ratio<i64>,
    /// East-West's matchpoints as counted.
    pub ew: Ratio<i64>,
}

/// One value of the table: a result's matchpoints (`None` when it was not played) and
/// its board's top.
#[derive(Debug, Clone, Copy)]
struct Value {
    points: Option<ResultPoints>,
    top: i64,
}

impl Value {
    /// The value's numbers as written: two fractions' numerators and denominators and the
    /// top. A fraction's own hash works out a continued fraction so that 1/2 and 2/4
    /// hash alike, a dozen divisions per value; the table compares values by their
    /// parts instead (fractions made by `Ratio::new` are in lowest terms, so equal
    /// values have equal parts; were one not, it would only be kept twice).
    fn parts(&self) -> (bool, [i64; 4], i64) {
        match self.points {
            None => (false, [0; 4], self.top),
            Some(p) => (
                true,
                [*p.ns.numer(), *p.ns.denom(), *p.ew.numer(), *p.ew.denom()],
                self.top,
            ),
        }
    }
}

impl PartialEq for Value {
    fn eq(&self, other: &Value) -> bool {
        self.parts() == other.parts()
    }
}

impl Eq for Value {}

impl std::hash::Hash for Value {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.parts().hash(state);
    }
}

/// Each table result's matchpoints and its board's top, in input order.
#[derive(Debug, Clone, Default)]
pub struct PointsList {
    at: Vec<u32>,
    values: Vec<Value>,
    known: FxHashMap<Value, u32>,
}

impl PointsList {
    /// `len` results, none of them played, on boards with a top of 0.
    pub(crate) fn new(len: usize) -> PointsList {
        let mut list = PointsList {
            at: Vec::new(),
            values: Vec::new(),
            known: FxHashMap::default(),
        };
        let none = list.intern(None, 0);
        list.at = vec![none; len];
        list
    }

    /// The index of a value in the table, added when it is new.
    pub(crate) fn intern(&mut self, points: Option<ResultPoints>, top: i64) -> u32 {
        let value = Value { points, top };
        *self.known.entry(value).or_insert_with(|| {
            self.values.push(value);
            (self.values.len() - 1) as u32
        })
    }

    /// Gives result `i` the value `intern` returned.
    pub(crate) fn set(&mut self, i: usize, value: u32) {
        self.at[i] = value;
    }

    /// Replaces result `i`'s matchpoints, keeping its top.
    pub(crate) fn replace(&mut self, i: usize, points: Option<ResultPoints>) {
        let top = self.top(i);
        let value = self.intern(points, top);
        self.at[i] = value;
    }

    /// Changes every value (each is a function of the matchpoints and the top alone, so
    /// results that shared a value still do).
    pub(crate) fn map(&mut self, mut f: impl FnMut(ResultPoints, i64) -> ResultPoints) {
        for v in &mut self.values {
            v.points = v.points.map(|p| f(p, v.top));
        }
        self.known.clear();
        for (k, v) in self.values.iter().enumerate() {
            self.known.entry(*v).or_insert(k as u32);
        }
    }

    /// Every value in the list's table, in the order first given: points and top.
    pub(crate) fn values(&self) -> impl Iterator<Item = (Option<ResultPoints>, i64)> + '_ {
        self.values.iter().map(|v| (v.points, v.top))
    }

    /// The denominators of the matchpoints in the table (with repeats).
    pub fn denominators(&self) -> impl Iterator<Item = i64> + '_ {
        self.values
            .iter()
            .filter_map(|v| v.points)
            .flat_map(|p| [*p.ns.denom(), *p.ew.denom()])
    }

    /// The index in the table ([`PointsList::values`]) of result `i`'s value (panics when
    /// there is no such result).
    pub(crate) fn value_index(&self, i: usize) -> usize {
        self.at[i] as usize
    }

    /// The number of results.
    pub fn len(&self) -> usize {
        self.at.len()
    }

    /// Whether there are no results.
    pub fn is_empty(&self) -> bool {
        self.at.is_empty()
    }

    /// Result `i`'s matchpoints; `None` when there is no such result.
    pub fn get(&self, i: usize) -> Option<&Option<ResultPoints>> {
        self.at.get(i).map(|&v| &self.values[v as usize].points)
    }

    /// The top of result `i`'s board (panics when there is no such result).
    pub fn top(&self, i: usize) -> i64 {
        self.values[self.at[i] as usize].top
    }

    /// The top of result `i`'s board; `None` when there is no such result.
    pub fn get_top(&self, i: usize) -> Option<i64> {
        self.at.get(i).map(|&v| self.values[v as usize].top)
    }

    /// Every result's matchpoints, in input order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = &Option<ResultPoints>> + '_ {
        self.at.iter().map(|&v| &self.values[v as usize].points)
    }

    /// Every result's top, in input order.
    pub fn tops(&self) -> impl ExactSizeIterator<Item = i64> + '_ {
        self.at.iter().map(|&v| self.values[v as usize].top)
    }
}

impl Index<usize> for PointsList {
    type Output = Option<ResultPoints>;

    fn index(&self, i: usize) -> &Option<ResultPoints> {
        &self.values[self.at[i] as usize].points
    }
}

/// Two lists are equal when every result has the same matchpoints and top, however the
/// values are stored.
impl PartialEq for PointsList {
    fn eq(&self, other: &PointsList) -> bool {
        self.len() == other.len()
            && self
                .at
                .iter()
                .zip(&other.at)
                .all(|(&a, &b)| self.values[a as usize] == other.values[b as usize])
    }
}

impl Eq for PointsList {}

#[cfg(test)]
mod tests {
    use super::*;

    fn points(ns: i64, ew: i64) -> Option<ResultPoints> {
        Some(ResultPoints {
            ns: Ratio::from_integer(ns),
            ew: Ratio::from_integer(ew),
        })
    }

    #[test]
    fn values_are_told_apart_by_their_parts_and_read_back_equal() {
        let mut list = PointsList::new(3);
        let half = |n, d| {
            Some(ResultPoints {
                ns: Ratio::new_raw(n, d),
                ew: Ratio::new(1, 2),
            })
        };
        let a = list.intern(half(1, 2), 1);
        assert_eq!(list.intern(half(1, 2), 1), a);
        assert_ne!(
            list.intern(half(1, 2), 2),
            a,
            "another top is another value"
        );
        assert_ne!(list.intern(None, 1), a);
        // An unreduced fraction is kept apart; it still reads back as the same number.
        let b = list.intern(half(2, 4), 1);
        list.set(0, a);
        list.set(1, b);
        assert_eq!(list[0], list[1]);
    }

    #[test]
    fn results_share_values_and_keep_their_own() {
        let mut list = PointsList::new(4);
        let a = list.intern(points(4, 2), 6);
        let b = list.intern(points(2, 4), 6);
        assert_eq!(list.intern(points(4, 2), 6), a);
        list.set(0, a);
        list.set(1, b);
        list.set(2, a);
        assert_eq!(list[0], points(4, 2));
        assert_eq!(list[1], points(2, 4));
        assert_eq!(list[3], None);
        assert_eq!(list.tops().collect::<Vec<_>>(), [6, 6, 6, 0]);
        list.replace(2, points(5, 1));
        assert_eq!(
            (list[0], list[2], list.top(2)),
            (points(4, 2), points(5, 1), 6)
        );
        assert_eq!(list.get(4), None);
    }

    #[test]
    fn a_change_of_every_value_keeps_the_results_apart() {
        let mut list = PointsList::new(2);
        let a = list.intern(points(4, 2), 6);
        list.set(0, a);
        let b = list.intern(points(3, 3), 6);
        list.set(1, b);
        list.map(|p, top| ResultPoints {
            ns: p.ns + Ratio::from_integer(top),
            ew: p.ew,
        });
        assert_eq!((list[0], list[1]), (points(10, 2), points(9, 3)));
        // A value made again after the change is found, not added twice.
        assert_eq!(list.intern(points(10, 2), 6), a);
    }

    #[test]
    fn lists_are_equal_by_content() {
        let mut one = PointsList::new(2);
        let mut two = PointsList::new(2);
        let x = one.intern(points(1, 1), 2);
        one.set(1, x);
        two.intern(points(9, 9), 18);
        let y = two.intern(points(1, 1), 2);
        two.set(1, y);
        assert_eq!(one, two);
        two.replace(0, points(0, 2));
        assert_ne!(one, two);
    }
}
