//! JSON laid out as serde_json's pretty printer lays it out (two spaces a level), or as
//! its compact writer does, written value by value: a federation's ranking report runs
//! to a gigabyte and more, a million results' session to 180 MB, and most of their time
//! went into serde's machinery around millions of short keys, ids and numbers. Numbers
//! and texts that need escaping are still written by serde_json, so every value reads
//! exactly as before.

use std::fmt::Write as _;

/// A line break and the indentation of the deepest levels written without a loop.
const BREAK: &[u8] = b",\n                                                                ";

/// A JSON document, or a part of one, written into memory; `COMPACT` without line
/// breaks or indentation, as `serde_json::to_writer` writes.
pub(crate) struct Pretty<'a, const COMPACT: bool = false> {
    out: &'a mut Vec<u8>,
    /// How many objects and arrays are open (a part starts deeper).
    level: usize,
    /// Whether the innermost open object or array has no value yet.
    empty: bool,
    /// Room for a text made by `Display`.
    scratch: String,
}

/// A writer of compact JSON.
pub(crate) type Compact<'a> = Pretty<'a, true>;

impl<'a> Pretty<'a> {
    /// A writer whose first value is inside `level` open objects and arrays.
    pub(crate) fn new(out: &'a mut Vec<u8>, level: usize) -> Pretty<'a> {
        Pretty {
            out,
            level,
            empty: false,
            scratch: String::new(),
        }
    }
}

impl<'a> Compact<'a> {
    /// A writer of compact JSON, as `serde_json::to_writer` writes it.
    pub(crate) fn compact(out: &'a mut Vec<u8>) -> Compact<'a> {
        Compact::compact_inside(out, 0)
    }

    /// A writer of compact JSON that goes on inside `level` open objects and arrays,
    /// after a value written before.
    pub(crate) fn compact_inside(out: &'a mut Vec<u8>, level: usize) -> Compact<'a> {
        Pretty {
            out,
            level,
            empty: false,
            scratch: String::new(),
        }
    }
}

impl<const COMPACT: bool> Pretty<'_, COMPACT> {
    /// Starts a line for the next key or array value.
    #[inline]
    fn next(&mut self) {
        let comma = !self.empty;
        self.empty = false;
        if !COMPACT {
            self.line_break(comma);
        } else if comma {
            self.out.push(b',');
        }
    }

    /// A line break (after a comma) and the indentation of the current level.
    #[inline]
    fn line_break(&mut self, comma: bool) {
        /// Copied whole and cut to length: a copy of known size takes a few moves, a
        /// copy of any size a call (and reports write tens of millions of lines).
        const SHORT: usize = 32;
        let from = if comma { 0 } else { 1 };
        let n = 2 * self.level;
        if n + 2 - from <= SHORT {
            let end = self.out.len() + n + 2 - from;
            self.out.extend_from_slice(&BREAK[from..from + SHORT]);
            self.out.truncate(end);
        } else if n + 2 <= BREAK.len() {
            self.out.extend_from_slice(&BREAK[from..n + 2]);
        } else {
            self.out.extend_from_slice(&BREAK[from..2]);
            self.out.resize(self.out.len() + n, b' ');
        }
    }

    fn open(&mut self, c: u8) {
        self.out.push(c);
        self.level += 1;
        self.empty = true;
    }

    /// Closes the innermost object or array: on a line of its own after its values.
    fn close(&mut self, c: u8) {
        self.level -= 1;
        if !self.empty && !COMPACT {
            self.line_break(false);
        }
        self.out.push(c);
        self.empty = false;
    }

    pub(crate) fn begin_object(&mut self) {
        self.open(b'{');
    }

    pub(crate) fn end_object(&mut self) {
        self.close(b'}');
    }

    pub(crate) fn begin_array(&mut self) {
        self.open(b'[');
    }

    pub(crate) fn end_array(&mut self) {
        self.close(b']');
    }

    /// The key of the next field of the open object (a name that needs no escaping);
    /// its value follows. (Inlined: the key's length is then known where it is
    /// written.)
    #[inline(always)]
    pub(crate) fn key(&mut self, key: &'static str) -> &mut Self {
        debug_assert!(plain(key));
        self.next();
        self.out.push(b'"');
        self.out.extend_from_slice(key.as_bytes());
        self.out
            .extend_from_slice(if COMPACT { b"\":" } else { b"\": " });
        self
    }

    /// The place of the next value of the open array; the value follows.
    pub(crate) fn item(&mut self) -> &mut Self {
        self.next();
        self
    }

    /// The next array value on a line of its own, in compact JSON too: a result of a
    /// session written compactly is then found by its line, as messages name it.
    pub(crate) fn item_on_its_line(&mut self) -> &mut Self {
        self.next();
        if COMPACT {
            self.out.push(b'\n');
        }
        self
    }

    /// A text, escaped as serde_json escapes it.
    pub(crate) fn string(&mut self, s: &str) {
        if plain(s) {
            self.out.push(b'"');
            self.out.extend_from_slice(s.as_bytes());
            self.out.push(b'"');
        } else {
            serde(self.out, s);
        }
    }

    /// Texts joined by `sep` as one JSON text.
    pub(crate) fn joined<S: AsRef<str>>(&mut self, parts: &[S], sep: &str) {
        if plain(sep) && parts.iter().all(|p| plain(p.as_ref())) {
            self.out.push(b'"');
            for (i, p) in parts.iter().enumerate() {
                if i > 0 {
                    self.out.extend_from_slice(sep.as_bytes());
                }
                self.out.extend_from_slice(p.as_ref().as_bytes());
            }
            self.out.push(b'"');
        } else {
            let whole: Vec<&str> = parts.iter().map(|p| p.as_ref()).collect();
            serde(self.out, &whole.join(sep));
        }
    }

    /// A value's `Display` text as a JSON text.
    pub(crate) fn display(&mut self, v: &impl std::fmt::Display) {
        let mut text = std::mem::take(&mut self.scratch);
        text.clear();
        let _ = write!(text, "{v}");
        self.string(&text);
        self.scratch = text;
    }

    /// A number as serde_json writes it (`null` when not finite).
    pub(crate) fn number(&mut self, x: f64) {
        serde(self.out, &x);
    }

    pub(crate) fn count(&mut self, n: usize) {
        serde(self.out, &n);
    }

    pub(crate) fn integer(&mut self, n: i64) {
        serde(self.out, &n);
    }

    pub(crate) fn boolean(&mut self, b: bool) {
        self.out
            .extend_from_slice(if b { b"true" } else { b"false" });
    }

    pub(crate) fn null(&mut self) {
        self.out.extend_from_slice(b"null");
    }

    /// An array of texts.
    pub(crate) fn strings<S: AsRef<str>>(&mut self, items: &[S]) {
        self.begin_array();
        for s in items {
            self.item().string(s.as_ref());
        }
        self.end_array();
    }

    /// An array of numbers.
    pub(crate) fn numbers(&mut self, items: impl IntoIterator<Item = f64>) {
        self.begin_array();
        for x in items {
            self.item().number(x);
        }
        self.end_array();
    }

    /// Raw bytes, already JSON.
    pub(crate) fn raw(&mut self, bytes: &[u8]) {
        self.out.extend_from_slice(bytes);
    }
}

/// Whether serde_json writes `s` as it is between quotes: no quote, backslash or
/// control character.
fn plain(s: &str) -> bool {
    !s.bytes().any(|b| b < 0x20 || b == b'"' || b == b'\\')
}

/// A scalar as serde_json writes it.
fn serde<T: serde::Serialize + ?Sized>(out: &mut Vec<u8>, v: &T) {
    // A number or text written into memory cannot fail.
    let _ = serde_json::to_writer(out, v);
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::Value;

    const KEYS: [&str; 4] = ["a", "players", "x y", "é"];

    /// Writes `v` value by value, as the reports write theirs.
    fn write<const C: bool>(w: &mut Pretty<'_, C>, v: &Value) {
        match v {
            Value::Null => w.null(),
            Value::Bool(b) => w.boolean(*b),
            Value::Number(n) => match (n.as_u64(), n.as_i64()) {
                (Some(n), _) => w.count(n as usize),
                (None, Some(n)) => w.integer(n),
                _ => w.number(n.as_f64().unwrap()),
            },
            Value::String(s) => w.string(s),
            Value::Array(items) => {
                w.begin_array();
                for x in items {
                    w.item();
                    write(w, x);
                }
                w.end_array();
            }
            Value::Object(map) => {
                w.begin_object();
                for (k, x) in map {
                    let key = KEYS.iter().find(|&&s| s == k).unwrap();
                    w.key(key);
                    write(w, x);
                }
                w.end_object();
            }
        }
    }

    fn value() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            (0u64..1000).prop_map(Value::from),
            (-1000i64..0).prop_map(Value::from),
            (-1e6f64..1e6).prop_map(Value::from),
            "[a-z\"\\\\\t\n\u{1}\u{7f}é/<>+]{0,6}".prop_map(Value::String),
        ];
        leaf.prop_recursive(4, 40, 5, |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
                proptest::collection::btree_map(proptest::sample::select(&KEYS[..]), inner, 0..4)
                    .prop_map(|m| Value::Object(
                        m.into_iter().map(|(k, v)| (k.to_string(), v)).collect()
                    )),
            ]
        })
    }

    proptest! {
        /// Any document reads byte for byte as serde_json's pretty printer writes it.
        #[test]
        fn written_as_serde_json_writes_it(v in value()) {
            let mut out = Vec::new();
            write(&mut Pretty::new(&mut out, 0), &v);
            prop_assert_eq!(
                String::from_utf8(out).unwrap(),
                serde_json::to_string_pretty(&v).unwrap()
            );
        }

        /// Written compactly, any document reads byte for byte as serde_json writes it.
        #[test]
        fn written_compactly_as_serde_json_writes_it(v in value()) {
            let mut out = Vec::new();
            write(&mut Compact::compact(&mut out), &v);
            prop_assert_eq!(String::from_utf8(out).unwrap(), serde_json::to_string(&v).unwrap());
        }

        /// Texts joined as one read as the joined text.
        #[test]
        fn joined_texts_read_as_the_joined_text(parts in proptest::collection::vec("[a-z\"\\\\\t]{0,3}", 0..4)) {
            let mut out = Vec::new();
            Pretty::new(&mut out, 0).joined(&parts, "+");
            prop_assert_eq!(out, serde_json::to_vec(&parts.join("+")).unwrap());
        }
    }

    #[test]
    fn every_byte_that_needs_escaping_is_found_anywhere_in_a_text() {
        for b in 0u8..=0x7f {
            let needs = b < 0x20 || b == b'"' || b == b'\\';
            for len in 1..20 {
                for at in 0..len {
                    let mut text = vec![b'a'; len];
                    text[at] = b;
                    let text = String::from_utf8(text).unwrap();
                    assert_eq!(plain(&text), !needs, "byte {b:#x} at {at} of {len}");
                }
            }
        }
        assert!(plain("") && plain("100097+100033") && plain("é ~ ÿ"));
    }

    #[test]
    fn deep_levels_after_a_comma_are_indented_too() {
        // Three values at every level: a line after a comma at every depth, across the
        // indentation copied whole (to level 15) and the longer ones.
        let mut v = Value::from(1);
        for depth in 0..44 {
            v = Value::Array(vec![Value::from(depth), v, Value::from("x")]);
        }
        let mut out = Vec::new();
        write(&mut Pretty::new(&mut out, 0), &v);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            serde_json::to_string_pretty(&v).unwrap()
        );
    }

    #[test]
    fn deep_levels_are_indented_too() {
        let mut v = Value::from(1);
        for _ in 0..40 {
            v = Value::Array(vec![v]);
        }
        let mut out = Vec::new();
        write(&mut Pretty::new(&mut out, 0), &v);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            serde_json::to_string_pretty(&v).unwrap()
        );
    }
}
