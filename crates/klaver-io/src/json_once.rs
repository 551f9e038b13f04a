//! JSON read as a `serde_json::Value` with each key of an object given once: serde_json
//! keeps the last of a key given twice without a word, and a hand-edited result whose
//! `"score"` is given twice would be scored with whichever came last.

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::map::Entry;
use serde_json::{Map, Value};
use std::fmt;

/// The document in `text`, refused (with its line and column) when an object in it
/// gives a key twice. A byte order mark at the start (an editor on Windows may save one)
/// is the file's, not the document's.
pub(crate) fn value_of(text: &[u8]) -> serde_json::Result<Value> {
    let text = text.strip_prefix("\u{feff}".as_bytes()).unwrap_or(text);
    let mut de = serde_json::Deserializer::from_slice(text);
    let Once(value) = Once::deserialize(&mut de)?;
    de.end()?;
    Ok(value)
}

/// What keeps `text` from being read, on its line: a key given twice as such, anything
/// else as text that is not klaver's JSON.
pub(crate) fn said(e: &serde_json::Error) -> String {
    let line = e.line();
    if e.classify() != serde_json::error::Category::Data {
        return format!("line {line}: not klaver JSON: {e}");
    }
    // The message without the place serde_json adds after it: the line comes first.
    let text = e.to_string();
    let message = text
        .rfind(" at line ")
        .map_or(&text[..], |end| &text[..end]);
    format!("line {line}: {message}")
}

/// A value whose objects give each key once.
struct Once(Value);

impl<'de> Deserialize<'de> for Once {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Once, D::Error> {
        d.deserialize_any(OnceVisitor)
    }
}

struct OnceVisitor;

impl<'de> Visitor<'de> for OnceVisitor {
    type Value = Once;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Once, E> {
        Ok(Once(Value::Bool(v)))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Once, E> {
        Ok(Once(Value::from(v)))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Once, E> {
        Ok(Once(Value::from(v)))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Once, E> {
        Ok(Once(Value::from(v)))
    }

    fn visit_str<E>(self, v: &str) -> Result<Once, E> {
        Ok(Once(Value::String(v.to_owned())))
    }

    fn visit_string<E>(self, v: String) -> Result<Once, E> {
        Ok(Once(Value::String(v)))
    }

    fn visit_unit<E>(self) -> Result<Once, E> {
        Ok(Once(Value::Null))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Once, A::Error> {
        let mut list = Vec::with_capacity(seq.size_hint().unwrap_or(0));
        while let Some(Once(v)) = seq.next_element()? {
            list.push(v);
        }
        Ok(Once(Value::Array(list)))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Once, A::Error> {
        let mut object = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            let Once(value) = map.next_value()?;
            match object.entry(key) {
                Entry::Vacant(slot) => {
                    slot.insert(value);
                }
                Entry::Occupied(had) => {
                    return Err(de::Error::custom(format!(
                        "the object gives the key \"{}\" twice, and klaver would read only one of them: keep the one that is right and remove the other",
                        had.key()
                    )));
                }
            }
        }
        Ok(Once(Value::Object(object)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whatever serde_json reads, this reads the same, objects with each key once.
    #[test]
    fn reads_what_serde_json_reads() {
        let text = br#"{"a": [1, -2, 3.5, 1e300, "x\u00e9", null, true, {}, []],
            "b": {"c": 18446744073709551615, "d": -9223372036854775808}}"#;
        let plain: Value = serde_json::from_slice(text).unwrap();
        assert_eq!(value_of(text).unwrap(), plain);
    }

    #[test]
    fn a_key_given_twice_is_refused_with_its_line() {
        let text = b"{\"a\": 1,\n \"b\": {\"c\": 1, \"c\": 2}}";
        let e = value_of(text).unwrap_err();
        assert_eq!(e.line(), 2);
        assert!(e.to_string().contains("the key \"c\" twice"), "{e}");
        // Keys that only look alike are two keys.
        assert!(value_of(br#"{"c": 1, "C": 2, "c ": 3}"#).is_ok());
        // Trailing text is refused as serde_json refuses it.
        assert!(value_of(b"{} x").is_err());
    }
}
