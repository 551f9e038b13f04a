//! A quoted field that runs over line ends.
//!
//! In a CSV a quote opens a field that may hold commas and line ends until the quote
//! closes. A quote typed by mistake (`"late` in a remark, a name written `"Jansen`) that
//! is never closed, or closed lines later, makes every line after it part of that one
//! field: the results or names on them vanish into it. None of klaver's CSV files (the
//! travellers, a pairs or players list, a sessions file, an archive) has a field that
//! spans lines, so a record that holds a line end is refused, naming where the quote
//! opened and how far it ran.

/// What is wrong with a record, read from line `line`, one of whose fields holds a line
/// end: a quote opened on that line and ran on to a later one. `None` when no field
/// holds one.
pub fn runaway_quote<'a>(fields: impl IntoIterator<Item = &'a [u8]>, line: u64) -> Option<String> {
    let (mut ends, mut last_ends_line) = (0, false);
    for field in fields {
        let here = line_ends(field);
        if here > 0 {
            ends += here;
            last_ends_line = matches!(field.last(), Some(b'\n' | b'\r'));
        }
    }
    // A quote never closed takes the file's last line end too, which ends no line of
    // the field's own.
    let last = line.saturating_add(ends - u64::from(last_ends_line));
    (ends > 0).then(|| match last == line {
        true => "a quote opens a field on this line and is not closed: close it or take it out"
            .to_string(),
        false => format!(
            "a quote opens a field on this line that runs on to line {last}: the lines in between are read as part of that one field, not as lines of their own; close the quote on the line where it opens, or take it out"
        ),
    })
}

/// The line ends in a field: each LF, and each CR not before an LF (as the CSV reader
/// ends lines).
fn line_ends(field: &[u8]) -> u64 {
    let lf = memchr::memchr_iter(b'\n', field).count();
    let lone_cr = memchr::memchr_iter(b'\r', field)
        .filter(|&i| field.get(i + 1) != Some(&b'\n'))
        .count();
    (lf + lone_cr) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn said(fields: &[&str], line: u64) -> Option<String> {
        runaway_quote(fields.iter().map(|f| f.as_bytes()), line)
    }

    #[test]
    fn a_field_without_a_line_end_is_no_runaway_quote() {
        assert_eq!(said(&["1", "late, very late", ""], 3), None);
    }

    #[test]
    fn a_field_with_line_ends_names_the_line_it_runs_to() {
        let m = said(&["1", "late\n1,5,6\r\n1,7,8\n"], 3).unwrap();
        assert!(m.contains("runs on to line 5"), "{m}");
        let m = said(&["1", "late\n1,5,6\r\n1,7,8", ""], 3).unwrap();
        assert!(m.contains("runs on to line 5"), "{m}");
        assert!(said(&["a\rb"], 10).unwrap().contains("line 11"));
        assert!(said(&["late\n"], 7).unwrap().contains("is not closed"));
    }
}
