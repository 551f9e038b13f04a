//! Where the results of klaver's JSON stand in the file, so that a message about one
//! names its line in the file as a text editor numbers it.

/// A container being read: an object (with whether its next string is a key, and its
/// last key), or an array (with the key it is the value of).
enum Frame {
    Object { key: Vec<u8>, expect_key: bool },
    Array { key: Vec<u8> },
}

/// The line (from 1) on which each object in the array at `path` starts, in the order
/// of the file: `["boards", "results"]` is every element of the `results` array of
/// every element of the top-level `boards` array. `data` is valid JSON (read before).
pub(crate) fn object_lines(data: &[u8], path: &[&str]) -> Vec<u32> {
    let mut stack: Vec<Frame> = Vec::new();
    let (mut line, mut found) = (1u32, Vec::new());
    let mut i = 0;
    while i < data.len() {
        match data[i] {
            b'\n' => line += 1,
            b'"' => {
                let end = string_end(data, i);
                if let Some(Frame::Object { key, expect_key }) = stack.last_mut()
                    && *expect_key
                {
                    *key = data[i + 1..end].to_vec();
                }
                i = end;
            }
            b':' => set_expect_key(&mut stack, false),
            b',' => set_expect_key(&mut stack, true),
            b'{' => {
                if at_path(&stack, path) {
                    found.push(line);
                }
                stack.push(Frame::Object {
                    key: Vec::new(),
                    expect_key: true,
                });
            }
            b'[' => {
                let key = match stack.last() {
                    Some(Frame::Object { key, .. }) => key.clone(),
                    _ => Vec::new(),
                };
                stack.push(Frame::Array { key });
            }
            b'}' | b']' => {
                stack.pop();
            }
            _ => {}
        }
        i += 1;
    }
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

fn set_expect_key(stack: &mut [Frame], value: bool) {
    if let Some(Frame::Object { expect_key, .. }) = stack.last_mut() {
        *expect_key = value;
    }
}

/// Whether an object opened now is an element of the array at `path`.
fn at_path(stack: &[Frame], path: &[&str]) -> bool {
    stack.len() == 2 * path.len()
        && stack.chunks(2).zip(path).all(|(pair, want)| {
            matches!(pair, [Frame::Object { .. }, Frame::Array { key }] if key == want.as_bytes())
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
}
