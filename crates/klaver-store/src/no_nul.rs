//! Texts holding a NUL character (byte 0) are refused before anything is written.
//! PostgreSQL cannot keep one (it refused with its own raw message, after a session had
//! taken its number), SQLite kept it; no name, contract or reason holds one, so both
//! databases refuse it alike, naming where it is.
//!
//! A pair, a section or a player's name of a new session or line holding another
//! character that shows nothing (a zero-width space, a soft hyphen, a direction mark)
//! is refused too: it would look like the one written without it but be another, and a
//! player's season ranking, or a pair's results, would be split without a word.

use crate::StoreError;
use crate::archive::ClubArchive;
use crate::model::{Line, NewSession};

/// Refuses `text` when it holds a NUL character; `what` names it (`pair 3's names`).
pub(crate) fn without_nul(text: &str, what: impl FnOnce() -> String) -> Result<(), StoreError> {
    if !text.contains('\0') {
        return Ok(());
    }
    Err(StoreError::Invalid(format!(
        "{} {:?} holds a NUL character (byte 0), which is no text: remove it; nothing was stored",
        what(),
        text
    )))
}

/// Refuses `text`, a pair, a section or a player's number, when it holds a character
/// that shows nothing; `what` names it (`pair 3's section`), made only then.
fn without_invisible(text: &str, what: impl FnOnce() -> String) -> Result<(), StoreError> {
    if klaver_io::invisible::first_invisible(text).is_none() {
        return Ok(());
    }
    not_stored(klaver_io::invisible::refused(&what(), text))
}

/// Refuses a player's name, or a pair's names, holding a character that shows nothing
/// (a zero-width joiner or non-joiner is part of a name's spelling in some scripts).
fn name_without_invisible(text: &str, what: impl FnOnce() -> String) -> Result<(), StoreError> {
    if klaver_io::invisible::first_invisible_in_name(text).is_none() {
        return Ok(());
    }
    not_stored(klaver_io::invisible::refused_name(&what(), text))
}

/// The refusal of what `refused` says, when it says anything.
fn not_stored(refused: Option<String>) -> Result<(), StoreError> {
    match refused {
        None => Ok(()),
        Some(refused) => Err(StoreError::Invalid(format!(
            "{refused}; nothing was stored"
        ))),
    }
}

/// A line's texts, the line named by the file's line number when it has one.
pub(crate) fn line_without_nul(l: &Line) -> Result<(), StoreError> {
    let n = line_number(l);
    let fields = [
        ("section", &l.section),
        ("North-South pair", &l.ns),
        ("East-West pair", &l.ew),
        ("room", &l.room),
        ("contract", &l.contract),
        ("declarer", &l.declarer),
        ("result", &l.result),
        ("score", &l.score),
        ("adjustment", &l.adjust),
        ("lead", &l.lead),
    ];
    for (what, text) in fields {
        without_nul(text, || format!("line {n} (board {}): the {what}", l.board))?;
    }
    Ok(())
}

/// The number a line is named by: its file's line number when it has one, else its
/// number in the session.
fn line_number(l: &Line) -> i64 {
    if l.source_line > 0 {
        l.source_line
    } else {
        l.line_no
    }
}

/// A new or corrected line's pairs and section, refused when one holds a character
/// that shows nothing (a line the club's database kept before is read back as kept).
pub(crate) fn line_without_invisible(l: &Line) -> Result<(), StoreError> {
    match invisible_in_line(l) {
        None => Ok(()),
        Some(refused) => Err(StoreError::Invalid(format!(
            "line {} (board {}): {refused}; nothing was stored",
            line_number(l),
            l.board
        ))),
    }
}

/// Why a line cannot be stored as it is entered: its section or a pair holds a
/// character that shows nothing (`the North-South pair "3\u{200b}" holds an invisible
/// character (U+200B ZERO WIDTH SPACE): remove it`); `None` when neither does.
pub fn invisible_in_line(l: &Line) -> Option<String> {
    let ids = [
        ("the section", &l.section),
        ("the North-South pair", &l.ns),
        ("the East-West pair", &l.ew),
    ];
    ids.iter()
        .find_map(|(what, text)| klaver_io::invisible::refused(what, text))
}

/// A new session's texts: its description, its pairs and their players, its lines.
pub(crate) fn session_without_nul(s: &NewSession) -> Result<(), StoreError> {
    let i = &s.info;
    let described = [
        ("the session's title", &i.title),
        ("the playing moment", &i.moment),
        ("the line's name", &i.line_name),
        ("the session's source", &i.source),
        ("who imported it", &i.imported_by),
    ];
    for (what, text) in described {
        without_nul(text, || what.to_string())?;
    }
    for p in &s.pairs {
        without_nul(&p.pair, || "a pair's number".to_string())?;
        without_nul(&p.section, || format!("pair {}'s section", p.pair))?;
        without_nul(&p.names, || format!("pair {}'s names", p.pair))?;
        for player in &p.players {
            without_nul(&player.name, || format!("a player of pair {}", p.pair))?;
        }
    }
    s.lines.iter().try_for_each(line_without_nul)
}

/// A new session's pairs, sections and players' names, refused when one holds a
/// character that shows nothing. A club restored from its archive is restored as it
/// was kept: its sessions are read back as kept, such a pair said on its line.
pub(crate) fn session_without_invisible(s: &NewSession) -> Result<(), StoreError> {
    for p in &s.pairs {
        without_invisible(&p.pair, || "a pair's number".to_string())?;
        without_invisible(&p.section, || format!("pair {}'s section", p.pair))?;
        for player in &p.players {
            name_without_invisible(&player.name, || format!("a player of pair {}", p.pair))?;
            let number = player.number.as_deref().unwrap_or("");
            without_invisible(number, || {
                format!("the number of a player of pair {}", p.pair)
            })?;
        }
        name_without_invisible(&p.names, || format!("pair {}'s list of names", p.pair))?;
    }
    s.lines.iter().try_for_each(line_without_invisible)
}

/// A club's archive, whole: the first text holding a NUL character is named by where it
/// is in the archive's JSON (`sessions[2].lines[5].lead`).
pub(crate) fn archive_without_nul(archive: &ClubArchive) -> Result<(), StoreError> {
    let value = serde_json::to_value(archive).unwrap_or_default();
    match nul_at(&value) {
        None => Ok(()),
        Some(path) => Err(StoreError::Invalid(format!(
            "the archive's {path} holds a NUL character (byte 0, \\u0000 in the file), which is no text: remove it; nothing was restored"
        ))),
    }
}

/// Where in a JSON value a text holds a NUL character, if one does: a path of keys and
/// places (`sessions[2].lines[5].lead`), empty for the value itself.
fn nul_at(value: &serde_json::Value) -> Option<String> {
    use serde_json::Value;
    // A part of the path after a key or a place: `[3]` as it is, a key after a dot.
    let joined = |head: String, rest: String| match rest.chars().next() {
        None | Some('[') => format!("{head}{rest}"),
        Some(_) => format!("{head}.{rest}"),
    };
    match value {
        Value::String(s) => s.contains('\0').then(String::new),
        Value::Array(items) => items
            .iter()
            .enumerate()
            .find_map(|(i, v)| Some(joined(format!("[{i}]"), nul_at(v)?))),
        Value::Object(fields) => fields
            .iter()
            .find_map(|(k, v)| Some(joined(k.clone(), nul_at(v)?))),
        _ => None,
    }
}
