//! Reading a club archive (`klaver import`): a key klaver does not know, or a value
//! it cannot read, is refused naming the session, line or pair it is in (and the file's
//! line and column), so that a hand edit is mended where it was made.

use crate::session_name as describe;
use crate::{ClubArchive, SessionInfo};
use serde_json::Value;
use serde_path_to_error::Segment;

/// The archive in `data` (the file `name`), or what keeps it from being read and where.
pub fn read_archive(name: &str, data: &[u8]) -> Result<ClubArchive, String> {
    let mut de = serde_json::Deserializer::from_slice(data);
    serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let inner = e.inner().to_string();
        let unknown = inner.starts_with("unknown field");
        let mut path: Vec<&Segment> = e.path().iter().collect();
        // An unknown key's path ends in the key itself, which the error names.
        if unknown && matches!(path.last(), Some(Segment::Map { .. })) {
            path.pop();
        }
        // Where it is, when the text is JSON at all.
        let at = serde_json::from_slice::<Value>(data)
            .map(|doc| place_words(&doc, path))
            .unwrap_or_default();
        if unknown {
            format!(
                "{name} cannot be restored: {at}: {inner}: a key klaver does not know is refused rather than lost (a misspelt key would drop what it holds); mend or remove it; nothing was restored"
            )
        } else {
            format!(
                "{name} is not a klaver club archive (written by `klaver export`): {at}: {inner}"
            )
        }
    })
}

/// A place in the archive in words: `session 2 (2025-09-09 tuesday), line 1`.
fn place_words(doc: &Value, path: Vec<&Segment>) -> String {
    let mut words: Vec<String> = Vec::new();
    let mut at = doc;
    let mut steps = path.into_iter().peekable();
    while let Some(step) = steps.next() {
        let key = match step {
            Segment::Map { key } => key.as_str(),
            Segment::Seq { index } => {
                at = &at[*index];
                words.push(format!("item {}", index + 1));
                continue;
            }
            _ => break,
        };
        let index = match steps.peek() {
            Some(Segment::Seq { index }) => Some(*index),
            _ => None,
        };
        at = &at[key];
        let Some(i) = index else {
            words.extend(field_words(key));
            continue;
        };
        steps.next();
        at = &at[i];
        words.push(item_words(key, i, at));
    }
    match words.is_empty() {
        true => "the archive".to_string(),
        false => words.join(", "),
    }
}

/// The item `i` of the archive's list `key`, which is `item`, in words.
fn item_words(key: &str, i: usize, item: &Value) -> String {
    let text = |k: &str| match &item[k] {
        Value::String(s) => s.clone(),
        v => v.to_string(),
    };
    match key {
        "sessions" => format!("session {} ({})", i + 1, session_words(item)),
        "removed_sessions" => format!(
            "removed session {} ({})",
            text("number"),
            session_words(&item["session"])
        ),
        "lines" => format!("line {}", text("line_no")),
        "pairs" => format!("pair {}", text("pair")),
        "players" => format!("player {} of the list ({})", i + 1, text("name")),
        "deals" => format!("the hands of board {}", text("board")),
        "sit_outs" => format!(
            "the sit-out of pair {} on board {}",
            text("pair"),
            text("board")
        ),
        "conflicts" => format!("the result confirmed against line {}", text("line_no")),
        "corrections" => format!("correction {}", i + 1),
        "partnerships" => format!("the {} {}", text("kind"), text("name")),
        "seasons" => format!("the season {}", text("name")),
        other => format!("{other} item {}", i + 1),
    }
}

/// A field of the archive that is not a list, in words: none for a removed session's
/// session, which its place in the list names.
fn field_words(key: &str) -> Option<String> {
    match key {
        "club" => Some("the club".to_string()),
        "session" => None,
        k => Some(k.to_string()),
    }
}

/// A session as messages name it, from its JSON (`2025-09-09 tuesday`).
fn session_words(session: &Value) -> String {
    serde_json::from_value::<SessionInfo>(session.clone())
        .map(|info| describe(&info))
        .unwrap_or_else(|_| "its description cannot be read".to_string())
}
