//! A quoted field that takes in the lines after it.
//!
//! In a CSV a quote opens a field that may hold commas and line ends until the quote
//! closes: a remark typed over two lines in a spreadsheet is written so. A quote typed
//! by mistake (`"late` in a lead, a name written `"Jansen`) that is never closed, or
//! closed lines later, makes the lines after it part of that one field: the results or
//! names on them vanish into it. A record is refused when a line inside one of its
//! fields holds as many commas as a line of the file's columns: that line was meant as
//! a line of its own.

/// What is wrong with a record read from line `line` under a header of `columns`
/// columns: a quote opened on that line took in a later line that reads as a line of
/// its own (at least one comma fewer than the columns, and at least one). `None` when no
/// field holds such a line.
pub fn runaway_quote<'a>(
    fields: impl IntoIterator<Item = &'a [u8]>,
    line: u64,
    columns: usize,
) -> Option<String> {
    let commas = columns.saturating_sub(1).max(1);
    let mut at = line;
    for field in fields {
        for (k, part) in field_lines(field).enumerate() {
            if k == 0 {
                continue;
            }
            at = at.saturating_add(1);
            if memchr::memchr_iter(b',', part).count() >= commas {
                return Some(taken_in(at));
            }
        }
    }
    None
}

/// What is wrong with a header one of whose fields holds a line end: a quote opened in
/// it took in the lines after it, and the header's columns are not known.
pub fn runaway_quote_in_header<'a>(
    fields: impl IntoIterator<Item = &'a [u8]>,
    line: u64,
) -> Option<String> {
    let lines = fields
        .into_iter()
        .map(|f| field_lines(f).count() - 1)
        .sum::<usize>();
    (lines > 0).then(|| taken_in(line + 1))
}

fn taken_in(line: u64) -> String {
    format!(
        "a quote opens a field on this line that takes in line {line} and what follows it up to where the quote closes: those lines are read as part of that one field, not as lines of their own; close the quote on the line where it opens, or take it out"
    )
}

/// The lines of a field's text: parted at each LF, CRLF, and CR not before an LF (as
/// the CSV reader ends lines).
fn field_lines(field: &[u8]) -> impl Iterator<Item = &[u8]> {
    field
        .split(|&b| b == b'\n')
        .flat_map(|l| l.strip_suffix(b"\r").unwrap_or(l).split(|&b| b == b'\r'))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn said(fields: &[&str], line: u64, columns: usize) -> Option<String> {
        runaway_quote(fields.iter().map(|f| f.as_bytes()), line, columns)
    }

    #[test]
    fn a_field_on_one_line_takes_in_no_line() {
        assert_eq!(said(&["1", "late, very late", ""], 3, 3), None);
    }

    #[test]
    fn a_line_taken_in_with_the_columns_commas_is_named() {
        let m = said(&["1", "late\n1,5\r\n1,5,6\n1,7,8\n"], 3, 3).unwrap();
        assert!(m.contains("takes in line 5 "), "{m}");
        assert!(said(&["a\r1,2"], 10, 2).unwrap().contains("line 11 "));
    }

    /// A remark over two lines (a spreadsheet's Alt+Enter) is a field like another.
    #[test]
    fn a_field_over_lines_of_text_is_read() {
        assert_eq!(said(&["director called:\nrevoke, no damage"], 2, 5), None);
        assert_eq!(said(&["late\n"], 7, 8), None);
        assert_eq!(said(&["Street 1\r\n1234 AB Town"], 2, 3), None);
    }

    #[test]
    fn a_header_over_lines_is_named() {
        let header = ["board", "ns", "lead\n1,1,2,420,SA\n"];
        let m = runaway_quote_in_header(header.iter().map(|f| f.as_bytes()), 1).unwrap();
        assert!(m.contains("takes in line 2 "), "{m}");
        let plain = ["board", "ns"];
        assert_eq!(
            runaway_quote_in_header(plain.iter().map(|f| f.as_bytes()), 1),
            None
        );
    }
}
