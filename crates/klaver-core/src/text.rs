//! The short texts of a large event (section letters, group names, dates, line letters),
//! compared and numbered in place. A few bytes compared byte by byte cost far less than
//! a call of the C library's comparison, which a field of tens of thousands of pairs or
//! a federation's millions of rows would make once each. Two empty texts (a field
//! without sections) are the worst case: the C library's comparison on processors with
//! AVX-512 reads through the empty text's placeholder address under an all-off mask,
//! which the processor completes slowly, about 100 ns a call (a quarter of a million
//! results' JSON time when each result's section was compared so).

use rustc_hash::FxHashMap;

/// `a == b`, compared byte by byte in place.
pub fn same(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).all(|(x, y)| x == y)
}

/// Numbers texts 0, 1, 2, ... in the order first given. A text like the one before (a
/// field's pairs come section by section) is not looked up again.
#[derive(Debug, Default)]
pub struct Numbering<'a> {
    numbers: FxHashMap<&'a str, u32>,
    texts: Vec<&'a str>,
    last: Option<(&'a str, u32)>,
}

impl<'a> Numbering<'a> {
    /// The number of `text`, a new one if it was not given before.
    ///
    /// # Panics
    /// With more than `u32::MAX` different texts.
    pub fn number(&mut self, text: &'a str) -> u32 {
        if let Some((last, n)) = self.last
            && same(last, text)
        {
            return n;
        }
        let next = u32::try_from(self.texts.len()).expect("fewer than 2^32 texts");
        let n = *self.numbers.entry(text).or_insert(next);
        if n == next {
            self.texts.push(text);
        }
        self.last = Some((text, n));
        n
    }

    /// The text numbered `n`.
    ///
    /// # Panics
    /// If no text has that number.
    pub fn text(&self, n: u32) -> &'a str {
        self.texts[n as usize]
    }

    /// How many different texts were numbered.
    pub fn len(&self) -> usize {
        self.texts.len()
    }

    /// Whether none was.
    pub fn is_empty(&self) -> bool {
        self.texts.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        #[test]
        fn same_is_equality(a in "[a-c0-9\u{e9}-]{0,12}", b in "[a-c0-9\u{e9}-]{0,12}") {
            proptest::prop_assert_eq!(same(&a, &b), a == b);
            proptest::prop_assert!(same(&a, &a.clone()));
        }

        /// Numbers as a list of the texts seen, in order: each text's place in it.
        #[test]
        fn texts_are_numbered_in_the_order_first_given(
            texts in proptest::collection::vec("[abc]{0,2}", 0..40)
        ) {
            let mut numbering = Numbering::default();
            let mut seen: Vec<&str> = Vec::new();
            for t in &texts {
                let want = match seen.iter().position(|s| s == t) {
                    Some(at) => at,
                    None => {
                        seen.push(t);
                        seen.len() - 1
                    }
                };
                let got = numbering.number(t);
                proptest::prop_assert_eq!(got as usize, want);
                proptest::prop_assert_eq!(numbering.text(got), t.as_str());
            }
            proptest::prop_assert_eq!(numbering.len(), seen.len());
        }
    }
}
