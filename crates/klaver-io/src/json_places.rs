//! Where the results of klaver's JSON stand in the file, so that a message about one
//! names its line in the file as a text editor numbers it.

/// A container being read: an object (with whether its next string is a key, and its
/// last key), or an array (with the key it is the value of, and whether its next
/// character that is not a space starts an element).
enum Frame {
    Object { key: Vec<u8>, expect_key: bool },
    Array { key: Vec<u8>, expect_value: bool },
}

/// What the walk through the file meets: an element of an array starting with `byte`
/// (inside the containers `stack`, the array last), or a key of an object.
enum Seen<'a> {
    Element { byte: u8 },
    Key(&'a [u8]),
}

/// Walks valid JSON `data`, telling `seen` each array element and object key it meets,
/// with the containers it is in and its line (from 1).
fn walk(data: &[u8], mut seen: impl FnMut(&[Frame], Seen, u32)) {
    let mut stack: Vec<Frame> = Vec::new();
    let (mut line, mut i) = (1u32, 0);
    while i < data.len() {
        let byte = data[i];
        match byte {
            b'\n' => line += 1,
            b' ' | b'\t' | b'\r' => {}
            b':' => set_expect(&mut stack, false),
            b',' => set_expect(&mut stack, true),
            b'}' | b']' => {
                stack.pop();
            }
            _ => {
                if let Some(Frame::Array { expect_value, .. }) = stack.last_mut()
                    && *expect_value
                {
                    *expect_value = false;
                    seen(&stack, Seen::Element { byte }, line);
                }
                i = enter(data, i, &mut stack, &mut |s, k| seen(s, Seen::Key(k), line));
            }
        }
        i += 1;
    }
}

/// Takes the value or key starting at `i`: a string is skipped (and, as a key, told to
/// `key`), a container opened. Returns the index of its last byte read.
fn enter(
    data: &[u8],
    i: usize,
    stack: &mut Vec<Frame>,
    key: &mut dyn FnMut(&[Frame], &[u8]),
) -> usize {
    match data[i] {
        b'"' => {
            let end = string_end(data, i);
            if let Some(Frame::Object { expect_key, .. }) = stack.last()
                && *expect_key
            {
                key(stack, &data[i + 1..end]);
                if let Some(Frame::Object { key, .. }) = stack.last_mut() {
                    *key = data[i + 1..end].to_vec();
                }
            }
            end
        }
        b'{' => {
            stack.push(Frame::Object {
                key: Vec::new(),
                expect_key: true,
            });
            i
        }
        b'[' => {
            let key = match stack.last() {
                Some(Frame::Object { key, .. }) => key.clone(),
                _ => Vec::new(),
            };
            stack.push(Frame::Array {
                key,
                expect_value: true,
            });
            i
        }
        _ => i,
    }
}

/// The line (from 1) on which each object in the array at `path` starts, in the order
/// of the file: `["boards", "results"]` is every element of the `results` array of
/// every element of the top-level `boards` array. `data` is valid JSON (read before).
pub(crate) fn object_lines(data: &[u8], path: &[&str]) -> Vec<u32> {
    let mut found = Vec::new();
    walk(data, |stack, seen, line| {
        if matches!(seen, Seen::Element { byte: b'{' }) && at_path(stack, path) {
            found.push(line);
        }
    });
    found
}

/// The line on which each element of the array at `path` starts, whatever it is (an
/// object, a number, a list), in the order of the file.
pub(crate) fn element_lines(data: &[u8], path: &[&str]) -> Vec<u32> {
    let mut found = Vec::new();
    walk(data, |stack, seen, line| {
        if matches!(seen, Seen::Element { .. }) && at_path(stack, path) {
            found.push(line);
        }
    });
    found
}

/// The line of each key of the top-level object, in the order of the file.
pub(crate) fn top_key_lines(data: &[u8]) -> Vec<(String, u32)> {
    let mut found = Vec::new();
    walk(data, |stack, seen, line| {
        if let Seen::Key(key) = seen
            && stack.len() == 1
        {
            found.push((String::from_utf8_lossy(key).into_owned(), line));
        }
    });
    found
}

/// The index of the quote that closes the string opened at `start`.
fn string_end(data: &[u8], start: usize) -> usize {
    let mut j = start + 1;
    while j < data.len() && data[j] != b'"' {
        j += if data[j] == b'\\' { 2 } else { 1 };
    }
    j.min(data.len())
}

/// After a `:` (false) or a `,` (true): whether an object's next string is a key, or
/// an array's next value an element.
fn set_expect(stack: &mut [Frame], value: bool) {
    match stack.last_mut() {
        Some(Frame::Object { expect_key, .. }) => *expect_key = value,
        Some(Frame::Array { expect_value, .. }) => *expect_value = value,
        None => {}
    }
}

/// Whether a value starting now (inside `stack`, an array last) is an element of the
/// array at `path`.
fn at_path(stack: &[Frame], path: &[&str]) -> bool {
    stack.len() == 2 * path.len()
        && stack
            .chunks(2).zip(path).all(|(pair, want)| {
            matches!(pair, [Frame::Object { .. }, Frame::Array { key, .. }] if key == want.as_bytes())
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_are_found_on_their_lines() {
        let json = "{\n \"title\": \"a [b] {c}\",\n \"boards\": [\n  {\"board\": 1, \"results\": [\n   {\"ns\": \"1\"},\n   {\"ns\": \"2\", \"x\": {\"results\": [{}]}}\n  ]},\n  {\"results\": [{\"ns\": \"3\"}]}\n ],\n \"penalties\": [\n  {\"board\": 1}\n ],\n \"results\": [{}]\n}\n";
        assert_eq!(
            object_lines(json.as_bytes(), &["boards", "results"]),
            [5, 6, 8]
        );
        assert_eq!(object_lines(json.as_bytes(), &["penalties"]), [11]);
    }

    #[test]
    fn a_quote_escaped_in_a_string_does_not_end_it() {
        let json = "{\"boards\": [{\"results\": [\n{\"names\": \"a \\\" [ {\"},\n{}]}]}";
        assert_eq!(
            object_lines(json.as_bytes(), &["boards", "results"]),
            [2, 3]
        );
    }

    #[test]
    fn every_element_and_top_level_key_is_found_on_its_line() {
        let json = "{\"boards\": [\n 7,\n {\"results\": [\"x\", [1],\n null]},\n [ {} ]\n],\n\"pairs\": []}";
        assert_eq!(element_lines(json.as_bytes(), &["boards"]), [2, 3, 5]);
        assert_eq!(
            element_lines(json.as_bytes(), &["boards", "results"]),
            [3, 3, 4]
        );
        let keys = top_key_lines(json.as_bytes());
        assert_eq!(keys, [("boards".to_string(), 1), ("pairs".to_string(), 7)]);
    }
}
