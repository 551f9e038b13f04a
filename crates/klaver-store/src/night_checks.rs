//! What a session must agree with on its night (its date and playing moment), as the
//! season ranking takes a night whole: its results stored once, whatever their line;
//! one session a line, and a line for each of the night's sessions or for none; and
//! each player in one pair a night. A night that breaks one of these was stored without
//! a word before, and the ranking then refused the club's whole season.

use crate::clock::{parse_date, weekday};
use crate::model::{Club, Line, NewSession, Player, SessionInfo, SessionPair};
use crate::sessions::{INFO_COLUMNS, describe, info_of, session_lines};
use crate::{StoreError, db};
use sqlx::Row;
use std::collections::HashMap;

/// A session of the night as stored, with its number of lines.
struct Stored {
    info: SessionInfo,
    lines: i64,
}

/// Refuses `new` when it does not fit the night it would be stored on: the checks
/// above, each naming the stored session it clashes with and what to do.
pub(crate) async fn check_night(
    conn: &mut sqlx::AnyConnection,
    club: &Club,
    new: &NewSession,
) -> Result<(), StoreError> {
    let seats = Seats::default();
    if let Some(clash) = seats.clash(&new.pairs, None) {
        return Err(StoreError::Invalid(clash));
    }
    let Some((date, moment)) = night_of(&new.info) else {
        return Ok(());
    };
    let night = night_sessions(conn, club, &date, &moment).await?;
    if night.is_empty() {
        return Ok(());
    }
    same_results(conn, &night, &new.lines).await?;
    same_line(conn, &night, new).await?;
    lines_throughout(&night, new.info.line_name.trim(), &date, &moment)?;
    let seats = night_seats(conn, club, &night, None).await?;
    match seats.clash(&new.pairs, None) {
        Some(clash) => Err(StoreError::Conflict(clash)),
        None => Ok(()),
    }
}

/// Refuses `players` for the pair `(section, pair)` of the stored session `session`
/// when one of them is twice in it or plays in another pair of the night.
pub(crate) async fn check_pair_players(
    conn: &mut sqlx::AnyConnection,
    club: &Club,
    session: &SessionInfo,
    (section, pair): (&str, &str),
    players: &[Player],
) -> Result<(), StoreError> {
    let night = night_sessions(conn, club, &session.date, &session.moment).await?;
    let seats = night_seats(conn, club, &night, Some((session.id, section, pair))).await?;
    let named = SessionPair {
        section: section.to_string(),
        pair: pair.to_string(),
        names: String::new(),
        players: players.to_vec(),
    };
    match seats.clash(std::slice::from_ref(&named), Some(session.id)) {
        Some(clash) => Err(StoreError::Invalid(clash)),
        None => Ok(()),
    }
}

/// The night a session is stored on: its date and playing moment (the date's weekday
/// when none is given); `None` for a date that is not one (refused when stored).
pub(crate) fn night_of(info: &SessionInfo) -> Option<(String, String)> {
    let date = parse_date(&info.date)?;
    let moment = match info.moment.trim() {
        "" => weekday(date).to_string(),
        m => m.to_string(),
    };
    Some((info.date.clone(), moment))
}

/// The club's sessions of one night, oldest first.
async fn night_sessions(
    conn: &mut sqlx::AnyConnection,
    club: &Club,
    date: &str,
    moment: &str,
) -> Result<Vec<Stored>, StoreError> {
    let context = "cannot read the night's sessions";
    let rows = sqlx::query(&format!(
        "SELECT {INFO_COLUMNS}, (SELECT COUNT(*) FROM results r WHERE r.session_id = s.id)
         FROM sessions s JOIN moments m ON m.id = s.moment_id
         WHERE s.club_id = $1 AND s.played_on = $2 AND m.name = $3
         ORDER BY s.id"
    ))
    .bind(club.id)
    .bind(date)
    .bind(moment)
    .fetch_all(&mut *conn)
    .await
    .map_err(db(context))?;
    rows.iter()
        .map(|r| {
            Ok(Stored {
                info: info_of(r)?,
                lines: r.try_get(14)?,
            })
        })
        .collect::<Result<_, sqlx::Error>>()
        .map_err(db(context))
}

/// A line as a result: everything but its place in the session and in its file.
fn result_of(line: &Line) -> String {
    let bare = Line {
        line_no: 0,
        source_line: 0,
        ..line.clone()
    };
    serde_json::to_string(&bare).unwrap_or_default()
}

/// A stored session's results, as they stand and as they were imported (a corrected
/// line as it was before its first correction), each with how often it is there.
struct Results {
    now: HashMap<String, usize>,
    imported: HashMap<String, usize>,
    corrected: usize,
}

impl Results {
    /// How many of `lines` are not among the session's results, as they stand or as
    /// they were imported, whichever has more of them.
    fn missing(&self, lines: &[Line]) -> usize {
        let count = |have: &HashMap<String, usize>| {
            let mut have = have.clone();
            let mut missing = 0;
            for l in lines {
                match have.get_mut(&result_of(l)) {
                    Some(n) if *n > 0 => *n -= 1,
                    _ => missing += 1,
                }
            }
            missing
        };
        count(&self.now).min(count(&self.imported))
    }
}

/// The stored session `id`'s results (see [`Results`]).
async fn stored_results(conn: &mut sqlx::AnyConnection, id: i64) -> Result<Results, StoreError> {
    let context = "cannot read the session's corrections";
    let rows = sqlx::query(
        "SELECT r.line_no, c.old_line FROM corrections c JOIN results r ON r.id = c.result_id
         WHERE r.session_id = $1 ORDER BY c.id",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await
    .map_err(db(context))?;
    // Each corrected line as imported; `None` for a line added after the import.
    let mut first: HashMap<i64, Option<String>> = HashMap::new();
    for r in &rows {
        let line_no: i64 = r.try_get(0).map_err(db(context))?;
        let old: String = r.try_get(1).map_err(db(context))?;
        let old: Option<Line> = serde_json::from_str(&old)
            .map_err(|e| StoreError::Invalid(format!("a logged correction cannot be read: {e}")))?;
        first
            .entry(line_no)
            .or_insert_with(|| old.as_ref().map(result_of));
    }
    let mut results = Results {
        now: HashMap::new(),
        imported: HashMap::new(),
        corrected: first.values().filter(|f| f.is_some()).count(),
    };
    for l in session_lines(conn, id, None).await? {
        let now = result_of(&l.line);
        let imported = first.remove(&l.line.line_no).unwrap_or(Some(now.clone()));
        *results.now.entry(now).or_default() += 1;
        if let Some(imported) = imported {
            *results.imported.entry(imported).or_default() += 1;
        }
    }
    Ok(results)
}

/// Refuses results the night has stored already, in a session of any line (as they
/// stand, or as they were imported before a correction).
async fn same_results(
    conn: &mut sqlx::AnyConnection,
    night: &[Stored],
    lines: &[Line],
) -> Result<(), StoreError> {
    let n = lines.len();
    for s in night.iter().filter(|s| n > 0 && s.lines == n as i64) {
        let id = s.info.id;
        let stored = stored_results(conn, id).await?;
        if stored.missing(lines) > 0 {
            continue;
        }
        let since = match stored.corrected {
            0 => String::new(),
            1 => " as it was imported (a line was corrected since)".to_string(),
            c => format!(" as it was imported ({c} lines were corrected since)"),
        };
        return Err(StoreError::Conflict(format!(
            "the session's {n} results are those of session {id} ({}){since}, stored already: a night's results are stored once; correct a line of it with `klaver session correct {id} ...`, or delete it first to store it again with other options (`klaver session delete {id} --reason ...`)",
            describe(&s.info)
        )));
    }
    Ok(())
}

/// Refuses a second session of the night's line, saying how many of its results the
/// stored one does not have and what to do in either case.
async fn same_line(
    conn: &mut sqlx::AnyConnection,
    night: &[Stored],
    new: &NewSession,
) -> Result<(), StoreError> {
    let line = new.info.line_name.trim();
    let Some(s) = night.iter().find(|s| s.info.line_name == line) else {
        return Ok(());
    };
    let id = s.info.id;
    let n = new.lines.len();
    let k = stored_results(conn, id).await?.missing(&new.lines);
    let differ = match n {
        0 => String::new(),
        _ => format!(
            ", and {k} of these {n} results {} not among its lines",
            if k == 1 { "is" } else { "are" }
        ),
    };
    let delete = format!("`klaver session delete {id} --reason ...`");
    let described = describe(&s.info);
    Err(StoreError::Conflict(if line.is_empty() {
        format!(
            "session {id} ({described}) is stored already, without a line{differ}: if this session replaces it, delete it first ({delete}); if the night had more than one line, delete it and import each line with its letter (--line A, --line B)"
        )
    } else {
        format!(
            "session {id} ({described}) is stored already{differ}: if this is another line of the night, give it that line's letter (--line); if it replaces session {id}, delete that first ({delete})"
        )
    }))
}

/// Refuses a line on a night stored without one, and a session without a line on a
/// night with lines: the ranking could not put the night's pairs in lines.
fn lines_throughout(
    night: &[Stored],
    line: &str,
    date: &str,
    moment: &str,
) -> Result<(), StoreError> {
    let lineless = night.iter().find(|s| s.info.line_name.is_empty());
    match lineless {
        Some(s) if !line.is_empty() => {
            let id = s.info.id;
            Err(StoreError::Conflict(format!(
                "the night of {date} {moment} is stored as session {id}, without a line: a night's sessions have a line each or none has; to store the night's lines, delete session {id} (`klaver session delete {id} --reason ...`) and import each line with its letter (--line A, --line B)"
            )))
        }
        None if line.is_empty() => {
            let lined: Vec<String> = night
                .iter()
                .map(|s| format!("session {} line {}", s.info.id, s.info.line_name))
                .collect();
            Err(StoreError::Conflict(format!(
                "the night of {date} {moment} has lines stored ({}): give this session its line letter (--line)",
                lined.join(", ")
            )))
        }
        _ => Ok(()),
    }
}

/// The first player of a night's sessions not stored yet (each named, with its pairs)
/// who is twice in a pair or plays in two pairs of the night: the place of the session
/// it is said for, and what is wrong, in words. A club's archive is checked so before
/// it is restored, as an import is against the night stored.
pub(crate) fn first_clash(night: &[(String, Vec<SessionPair>)]) -> Option<(usize, String)> {
    let mut seats = Seats::default();
    for (k, (session, pairs)) in night.iter().enumerate() {
        let at = Some(k as i64);
        if let Some(clash) = seats.clone().clash(pairs, at) {
            return Some((k, clash));
        }
        for p in pairs {
            let here = format!("{} of {session}", pair_words(&p.section, &p.pair));
            for player in &p.players {
                seats.by_player.insert(player.id, (at, here.clone()));
            }
        }
    }
    None
}

/// Where a player plays on the night: the pair, and the session when another.
#[derive(Default, Clone)]
struct Seats {
    by_player: HashMap<i64, (Option<i64>, String)>,
}

/// A pair as messages name it: `pair 3`, `pair 3 of section B`.
fn pair_words(section: &str, pair: &str) -> String {
    match section {
        "" => format!("pair {pair}"),
        s => format!("pair {pair} of section {s}"),
    }
}

/// A player as messages name them: `Jan Jansen (1001)`.
fn player_words(p: &Player) -> String {
    match &p.number {
        Some(n) => format!("{} ({n})", p.name),
        None => p.name.clone(),
    }
}

impl Seats {
    /// The first player of `pairs` (pairs of the session `session`, or of a session
    /// not stored yet) who is twice in a pair, or plays in a pair seated before: what
    /// is wrong, in words.
    fn clash(mut self, pairs: &[SessionPair], session: Option<i64>) -> Option<String> {
        for p in pairs {
            let here = pair_words(&p.section, &p.pair);
            let twice = (p.players.iter().enumerate())
                .find(|(k, player)| p.players[..*k].iter().any(|q| q.id == player.id));
            if let Some((_, player)) = twice {
                let who = player_words(player);
                return Some(format!(
                    "{here} has {who} twice: a pair is two different players"
                ));
            }
            for player in &p.players {
                if let Some((other, there)) = self.by_player.get(&player.id) {
                    let there = match other {
                        Some(id) if Some(*id) != session => format!("{there}, the same night"),
                        _ => format!("{there} of this session"),
                    };
                    return Some(format!(
                        "{} of {here} already plays in {there}: a player plays in one pair a night; correct the players of the pair that is wrong",
                        player_words(player)
                    ));
                }
            }
            for player in &p.players {
                self.by_player.insert(player.id, (session, here.clone()));
            }
        }
        None
    }
}

/// The players of the night's stored pairs, each with their pair and session, but
/// those of the pair `skip` (a session's pair being named again).
async fn night_seats(
    conn: &mut sqlx::AnyConnection,
    club: &Club,
    night: &[Stored],
    skip: Option<(i64, &str, &str)>,
) -> Result<Seats, StoreError> {
    let context = "cannot read the players of the night's pairs";
    let mut seats = Seats::default();
    for s in night {
        let rows = sqlx::query(
            "SELECT p.section, p.pair, sp.player_id FROM session_pairs p
             JOIN sessions s ON s.id = p.session_id
             JOIN session_pair_players sp ON sp.session_pair_id = p.id
             WHERE s.club_id = $1 AND s.id = $2",
        )
        .bind(club.id)
        .bind(s.info.id)
        .fetch_all(&mut *conn)
        .await
        .map_err(db(context))?;
        for r in &rows {
            let section: String = r.try_get(0).map_err(db(context))?;
            let pair: String = r.try_get(1).map_err(db(context))?;
            let player: i64 = r.try_get(2).map_err(db(context))?;
            if skip == Some((s.info.id, section.as_str(), pair.as_str())) {
                continue;
            }
            let words = pair_words(&section, &pair);
            let at = match s.info.id {
                id if skip.is_some_and(|(this, ..)| this == id) => words,
                id => format!("{words} of session {id} ({})", describe(&s.info)),
            };
            seats
                .by_player
                .entry(player)
                .or_insert((Some(s.info.id), at));
        }
    }
    Ok(seats)
}
