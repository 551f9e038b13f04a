//! CSV files without quotes, split where they lie: in such a file (every line ending in
//! LF or CRLF) a line's fields are exactly the text between its commas, as the csv crate
//! reads them, so a reader of millions of lines need not copy each into a record.

/// A line's fields, however the CSV was split: by the csv crate, or at its commas.
pub(crate) trait Fields {
    /// Field `i`, untrimmed.
    fn get(&self, i: usize) -> Option<&str>;

    /// Whether every field is empty or spaces.
    fn is_blank(&self) -> bool;

    /// The number of fields.
    fn len(&self) -> usize;
}

impl Fields for csv::StringRecord {
    fn get(&self, i: usize) -> Option<&str> {
        csv::StringRecord::get(self, i)
    }

    fn is_blank(&self) -> bool {
        self.iter().all(|f| f.trim().is_empty())
    }

    fn len(&self) -> usize {
        csv::StringRecord::len(self)
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

    #[inline]
    fn len(&self) -> usize {
        <[&str]>::len(self)
    }
}

/// A header field as compared with column names: trimmed, without a byte order mark.
pub(crate) fn header_name(h: &str) -> &str {
    h.trim().trim_start_matches('\u{feff}')
}

/// The columns (from 0) of a CSV header that have no name: what stands under them is
/// not read, and is said.
pub(crate) fn unnamed_columns(header: &csv::StringRecord) -> Vec<usize> {
    (header.iter().enumerate())
        .filter(|(_, h)| header_name(h).is_empty())
        .map(|(i, _)| i)
        .collect()
}

/// The column of a CSV header named by one of `names` (compared without regard to case,
/// trimmed, without a byte order mark); `Err` with both columns (counted from 1) when
/// two are: which of them holds the field is not klaver's to guess.
pub(crate) fn column_of(
    header: &csv::StringRecord,
    names: &[&str],
) -> Result<Option<usize>, (usize, usize)> {
    let mut found = header
        .iter()
        .map(header_name)
        .enumerate()
        .filter(|(_, h)| names.iter().any(|n| h.eq_ignore_ascii_case(n)))
        .map(|(i, _)| i);
    match (found.next(), found.next()) {
        (Some(first), Some(second)) => Err((first + 1, second + 1)),
        (first, _) => Ok(first),
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
    let bytes = text.as_bytes();
    let mut fields: Vec<&str> = Vec::with_capacity(16);
    let mut line = first_line;
    // Where the line and its current field start, and how much has been given back.
    let (mut start, mut from, mut released) = (0, 0, 0);
    // SAFETY (each `get_unchecked`): `from` is 0 or just past a comma or line end, and
    // `at` the place of a later one (`each_break` finds them in order), or the end of
    // the text: both next to an ASCII byte or at an end, so at character boundaries.
    each_break(bytes, |at, byte| {
        if byte == b',' {
            fields.push(unsafe { text.get_unchecked(from..at) });
            from = at + 1;
            return;
        }
        // A CR before the line end is not part of the line (nor of its last field).
        let end = if at > from && bytes[at - 1] == b'\r' {
            at - 1
        } else {
            at
        };
        fields.push(unsafe { text.get_unchecked(from..end) });
        each(&fields, line);
        fields.clear();
        (start, from, line) = (at + 1, at + 1, line + 1);
        if start - released >= RELEASE_EVERY {
            crate::input::release(&bytes[released..start]);
            released = start;
        }
    });
    // The last line, after the last line end (empty when the text ends in one).
    let end = if text.len() > from && text.ends_with('\r') {
        text.len() - 1
    } else {
        text.len()
    };
    fields.push(unsafe { text.get_unchecked(from..end) });
    each(&fields, line);
}

/// Calls `found` with the place and byte of each comma and line end (LF) in `bytes`, in
/// order. They are found eight bytes at a time: a word's bytes that equal a comma or a
/// line end are marked in one sum each, without a test per byte.
#[inline]
fn each_break(bytes: &[u8], mut found: impl FnMut(usize, u8)) {
    let (commas, ends) = (
        u64::from_ne_bytes([b','; 8]),
        u64::from_ne_bytes([b'\n'; 8]),
    );
    let mut words = bytes.chunks_exact(8);
    let mut base = 0;
    for word in &mut words {
        let w = u64::from_le_bytes(word.try_into().expect("eight bytes"));
        let mut marks = zero_bytes(w ^ commas) | zero_bytes(w ^ ends);
        while marks != 0 {
            let k = marks.trailing_zeros() as usize / 8;
            found(base + k, word[k]);
            marks &= marks - 1;
        }
        base += 8;
    }
    for (k, &b) in words.remainder().iter().enumerate() {
        if b == b',' || b == b'\n' {
            found(base + k, b);
        }
    }
}

/// The top bit of each byte of `x` that is zero, and no other bit: a byte's low seven
/// bits plus 0x7F carry into the top bit unless all are zero, and the byte's own top
/// bit counts too; no carry crosses into the next byte.
#[inline(always)]
fn zero_bytes(x: u64) -> u64 {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    !(((x & LOW7) + LOW7) | x | LOW7)
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        #[test]
        fn commas_and_line_ends_are_found_where_they_are(bytes in proptest::collection::vec(
            proptest::prop_oneof![proptest::prelude::Just(b','), proptest::prelude::Just(b'\n'), proptest::num::u8::ANY], 0..40
        )) {
            let mut got = Vec::new();
            each_break(&bytes, |at, byte| got.push((at, byte)));
            let want: Vec<(usize, u8)> = (0..bytes.len())
                .filter(|&k| bytes[k] == b',' || bytes[k] == b'\n')
                .map(|k| (k, bytes[k]))
                .collect();
            proptest::prop_assert_eq!(got, want);
        }

        #[test]
        fn lines_and_fields_are_cut_where_their_ends_and_commas_are(
            text in "[aa,\r\n\u{e9}]{0,90}", first in 1u32..5
        ) {
            let mut got = Vec::new();
            each_line(&text, first, |fields, line| {
                got.push((fields.iter().map(|f| f.to_string()).collect::<Vec<_>>(), line));
            });
            let want: Vec<(Vec<String>, u32)> = text
                .split('\n')
                .zip(first..)
                .map(|(raw, line)| {
                    let raw = raw.strip_suffix('\r').unwrap_or(raw);
                    (raw.split(',').map(str::to_string).collect(), line)
                })
                .collect();
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
