//! Texts holding a NUL character (byte 0) are refused before anything is written.
//! PostgreSQL cannot keep one (it refused with its own raw message, after a session had
//! taken its number), SQLite kept it; no name, contract or reason holds one, so both
//! databases refuse it alike, naming where it is.

use crate::StoreError;
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

/// A line's texts, the line named by the file's line number when it has one.
pub(crate) fn line_without_nul(l: &Line) -> Result<(), StoreError> {
    let n = if l.source_line > 0 {
        l.source_line
    } else {
        l.line_no
    };
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
