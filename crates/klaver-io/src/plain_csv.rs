//! CSV files without quotes, split where they lie: in such a file (every line ending in
//! LF or CRLF) a line's fields are exactly the text between its commas, as the csv crate
//! reads them, so a reader of millions of lines need not copy each into a record.

/// A line's fields, however the CSV was split: by the csv crate, or at its commas.
pub(crate) trait Fields {
    /// Field `i`, untrimmed.
    fn get(&self, i: usize) -> Option<&str>;

    /// Whether every field is empty or spaces.
    fn is_blank(&self) -> bool;
}

impl Fields for csv::StringRecord {
    fn get(&self, i: usize) -> Option<&str> {
        csv::StringRecord::get(self, i)
    }

    fn is_blank(&self) -> bool {
        self.iter().all(|f| f.trim().is_empty())
    }
}

impl Fields for [&str] {
    #[inline]
    fn get(&self, i: usize) -> Option<&str> {
        <[&str]>::get(self, i).copied()
    }

    fn is_blank(&self) -> bool {
        self.iter().all(|f| trim(f).is_empty())
    }
}

/// `str::trim`, in two byte tests for the usual field that starts and ends with a
/// printable ASCII character (and so has nothing to trim).
#[inline]
pub(crate) fn trim(s: &str) -> &str {
    match (s.as_bytes().first(), s.as_bytes().last()) {
        (Some(a), Some(z)) if a.is_ascii_graphic() && z.is_ascii_graphic() => s,
        _ => s.trim(),
    }
}

/// A whole number of one to nine ASCII digits, with a leading `-` when negative, as
/// `str::parse` reads it, in a few instructions; `None` for any other text (which
/// `str::parse` then reads, or refuses, itself).
#[inline]
pub(crate) fn short_number(text: &str) -> Option<i32> {
    let (negative, digits) = match text.as_bytes() {
        [b'-', rest @ ..] => (true, rest),
        all => (false, all),
    };
    if digits.is_empty() || digits.len() > 9 {
        return None;
    }
    let mut n: i32 = 0;
    for &d in digits {
        let d = d.wrapping_sub(b'0');
        if d > 9 {
            return None;
        }
        n = n * 10 + i32::from(d);
    }
    Some(if negative { -n } else { n })
}

/// The trimmed text of a column; empty when the line or the file has none.
#[inline]
pub(crate) fn field<R: Fields + ?Sized>(rec: &R, col: Option<usize>) -> &str {
    col.and_then(|c| rec.get(c)).map(trim).unwrap_or("")
}

/// Whether `data` can be split at its commas and line ends: it has no quotes, and every
/// line ends in LF or CRLF (no lone CR, as old Mac files have).
pub(crate) fn splits_plainly(data: &[u8]) -> bool {
    splits_plainly_at(data, 0..data.len())
}

/// [`splits_plainly`] for the bytes of `data` in `range`: parts that cover a file
/// between them split plainly each exactly when the file does (a CR at a part's end
/// is looked past, into the next).
pub(crate) fn splits_plainly_at(data: &[u8], range: std::ops::Range<usize>) -> bool {
    // (memchr, not `contains`: a file of ten million lines is 300 MB, which the
    // standard library's search goes through several times slower.)
    let (from, part) = (range.start, &data[range]);
    memchr::memchr(b'"', part).is_none()
        && memchr::memchr_iter(b'\r', part).all(|i| data.get(from + i + 1) == Some(&b'\n'))
}

/// What a part of a file holds before it is read: its line ends, and whether it
/// splits plainly ([`splits_plainly_at`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Look {
    pub(crate) line_ends: usize,
    pub(crate) plain: bool,
}

/// Each part of `data` (ranges that cover it between them) looked at on a thread of its
/// own, the first on this one; a part whose thread cannot be started is looked at here.
pub(crate) fn look_at_parts(data: &[u8], parts: &[std::ops::Range<usize>]) -> Vec<Look> {
    let look = |range: &std::ops::Range<usize>| Look {
        line_ends: memchr::memchr_iter(b'\n', &data[range.clone()]).count(),
        plain: splits_plainly_at(data, range.clone()),
    };
    std::thread::scope(|s| {
        let look = &look;
        let others: Vec<_> = parts
            .iter()
            .skip(1)
            .map(|range| klaver_core::parts::start(s, move || look(range)))
            .collect();
        let first = parts.first().map(look);
        first
            .into_iter()
            .chain(others.into_iter().map(|h| h.join()))
            .collect()
    })
}

/// Calls `each` with every line's fields and the file's line number, the first line
/// being `first_line`; a line is the text between line ends (without a CR before the
/// LF), its fields the text between commas.
///
/// The part of a mapped file read so far is given back every few megabytes
/// ([`crate::input::release`]): no line's fields are kept past the line.
pub(crate) fn each_line(text: &str, first_line: u32, mut each: impl FnMut(&[&str], u32)) {
    const RELEASE_EVERY: usize = 2 << 20;
    let mut fields: Vec<&str> = Vec::with_capacity(16);
    let mut line = first_line;
    let mut start = 0;
    let mut released = 0;
    // Line ends and commas are single bytes, so every cut is at a character boundary.
    let ends = memchr::memchr_iter(b'\n', text.as_bytes()).chain(std::iter::once(text.len()));
    for end in ends {
        if start - released >= RELEASE_EVERY {
            crate::input::release(&text.as_bytes()[released..start]);
            released = start;
        }
        let raw = &text[start..end];
        let raw = raw.strip_suffix('\r').unwrap_or(raw);
        fields.clear();
        let mut from = 0;
        each_comma(raw.as_bytes(), |comma| {
            // SAFETY: `from` is 0 or just past a comma, and `comma` is the place of one
            // after it (`each_comma` finds them in order, within the line): both are
            // within the line and next to an ASCII byte, so at character boundaries.
            fields.push(unsafe { raw.get_unchecked(from..comma) });
            from = comma + 1;
        });
        fields.push(&raw[from..]);
        each(&fields, line);
        (start, line) = (end + 1, line + 1);
    }
}

/// Calls `found` with the place of each comma in `bytes`, in order. A line's commas
/// are found eight bytes at a time: a word's bytes that equal a comma are marked in one
/// sum, without a test per byte.
#[inline]
fn each_comma(bytes: &[u8], mut found: impl FnMut(usize)) {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let commas = u64::from_ne_bytes([b','; 8]);
    let mut words = bytes.chunks_exact(8);
    let mut base = 0;
    for word in &mut words {
        let x = u64::from_le_bytes(word.try_into().expect("eight bytes")) ^ commas;
        // A byte's top bit set exactly where x's byte is zero: its low seven bits
        // plus 0x7F carry into the top bit unless all are zero, and the byte's own
        // top bit counts too; no carry crosses into the next byte.
        let mut zeros = !(((x & LOW7) + LOW7) | x | LOW7);
        while zeros != 0 {
            found(base + zeros.trailing_zeros() as usize / 8);
            zeros &= zeros - 1;
        }
        base += 8;
    }
    for (k, &b) in words.remainder().iter().enumerate() {
        if b == b',' {
            found(base + k);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        #[test]
        fn commas_are_found_where_they_are(bytes in proptest::collection::vec(
            proptest::prop_oneof![proptest::prelude::Just(b','), proptest::num::u8::ANY], 0..40
        )) {
            let mut got = Vec::new();
            each_comma(&bytes, |at| got.push(at));
            let want: Vec<usize> = (0..bytes.len()).filter(|&k| bytes[k] == b',').collect();
            proptest::prop_assert_eq!(got, want);
        }

        #[test]
        fn short_numbers_are_read_as_parse_reads_them(s in "[-+]?[0-9]{0,11}|[-+0-9a ]{0,4}") {
            if let Some(n) = short_number(&s) {
                proptest::prop_assert_eq!(Ok(n), s.parse::<i32>());
            }
            let digits = s.trim_start_matches('-').len();
            if s.parse::<i32>().is_ok() && digits <= 9 && !s.starts_with('+') {
                proptest::prop_assert!(short_number(&s).is_some());
            }
        }

        #[test]
        fn fields_are_trimmed_as_str_trim_trims(s in "[ \t\u{a0}\u{3000}a-z0-9=+-]{0,6}") {
            proptest::prop_assert_eq!(trim(&s), s.trim());
        }
    }
}
