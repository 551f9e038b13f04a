//! Sessions: imported whole in one transaction, read back, corrected with a trace.

use crate::clock::{now, parse_date, weekday};
use crate::model::{
    Club, Correction, Line, NewPlayer, NewSession, Player, Session, SessionInfo, SessionPair,
    SessionSummary, StoredLine,
};
use crate::night_checks::{check_night, check_pair_players};
use crate::players::guests_in;
use crate::sit_outs::{insert_sit_outs, sit_outs_on};
use crate::{Store, StoreError, db};
use sqlx::Row;
use sqlx::any::AnyRow;
use std::borrow::Cow;
use std::fmt::Write as _;

type Tx = sqlx::Transaction<'static, sqlx::Any>;

/// Traveller lines written per INSERT statement (16 values each, well under either
/// database's limit on parameters).
const LINES_PER_INSERT: usize = 200;

const LINE_COLUMNS: &str = "line_no, source_line, section, board, table_no, round_no, ns, ew, \
                            room, contract, declarer, result, score, adjust, lead";

fn line_of(row: &AnyRow, at: usize) -> Result<Line, sqlx::Error> {
    Ok(Line {
        line_no: row.try_get(at)?,
        source_line: row.try_get(at + 1)?,
        section: row.try_get(at + 2)?,
        board: row.try_get(at + 3)?,
        table: row.try_get(at + 4)?,
        round: row.try_get(at + 5)?,
        ns: row.try_get(at + 6)?,
        ew: row.try_get(at + 7)?,
        room: row.try_get(at + 8)?,
        contract: row.try_get(at + 9)?,
        declarer: row.try_get(at + 10)?,
        result: row.try_get(at + 11)?,
        score: row.try_get(at + 12)?,
        adjust: row.try_get(at + 13)?,
        lead: row.try_get(at + 14)?,
    })
}

pub(crate) const INFO_COLUMNS: &str = "s.id, s.played_on, m.name, s.line_name, s.title, s.form, s.movement, \
                            s.boards_per_round, s.options, s.source, s.imported_at, s.imported_by, \
                            s.published_at, s.schedule";

pub(crate) fn info_of(row: &AnyRow) -> Result<SessionInfo, sqlx::Error> {
    let options: String = row.try_get(8)?;
    Ok(SessionInfo {
        id: row.try_get(0)?,
        date: row.try_get(1)?,
        moment: row.try_get(2)?,
        line_name: row.try_get(3)?,
        title: row.try_get(4)?,
        form: row.try_get(5)?,
        movement: row.try_get(6)?,
        boards_per_round: row.try_get(7)?,
        options: serde_json::from_str(&options).unwrap_or_default(),
        source: row.try_get(9)?,
        imported_at: row.try_get(10)?,
        imported_by: row.try_get(11)?,
        published_at: row.try_get(12)?,
        schedule: row.try_get(13)?,
    })
}

/// `session` with each placeholder player (id `-k`) replaced by `guests[k - 1]` (a
/// copy only when it has placeholders: a session may hold a million lines).
fn with_guests<'a>(
    session: &'a NewSession,
    guests: &[Player],
) -> Result<Cow<'a, NewSession>, StoreError> {
    let placeholders = |p: &SessionPair| p.players.iter().any(|p| p.id < 0);
    if !session.pairs.iter().any(placeholders) {
        return Ok(Cow::Borrowed(session));
    }
    let mut session = session.clone();
    for pair in &mut session.pairs {
        for player in pair.players.iter_mut().filter(|p| p.id < 0) {
            let guest = usize::try_from(-player.id - 1)
                .ok()
                .and_then(|k| guests.get(k))
                .ok_or_else(|| {
                    StoreError::Invalid(format!(
                        "pair {} names {} as a player to add, but no such player is added: nothing was stored",
                        pair.pair, player.name
                    ))
                })?;
            *player = guest.clone();
        }
    }
    Ok(Cow::Owned(session))
}

/// A line of a stored session as the corrector read it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineAt {
    /// The session's number.
    pub session: i64,
    /// The line's place in the session.
    pub line_no: i64,
    /// The line's version when it was read.
    pub version: i64,
}

/// How a session is named in messages: `2025-09-02 tuesday line A`.
pub fn describe(info: &SessionInfo) -> String {
    let mut s = format!("{} {}", info.date, info.moment);
    if !info.line_name.is_empty() {
        s.push_str(&format!(" line {}", info.line_name));
    }
    s
}

impl Store {
    /// Stores a session with its pairs and lines, all or nothing. The moment is created
    /// when new (an empty moment becomes the date's weekday). Returns the session's number.
    pub async fn import_session(
        &self,
        club: &Club,
        session: &NewSession,
    ) -> Result<i64, StoreError> {
        self.import_session_adding(club, session, &[])
            .await
            .map(|(id, _)| id)
    }

    /// Stores a session as [`Store::import_session`] does, adding `guests` to the
    /// club's players in the same transaction: a refused import adds no one. A pair's
    /// player with id `-k` stands for `guests[k - 1]`, which is the club's player of that
    /// number (or, without one, of that name without a number) when there is one by the
    /// time the session is stored, so that two imports at once add a guest once.
    /// Returns the session's number and how many players were added.
    pub async fn import_session_adding(
        &self,
        club: &Club,
        session: &NewSession,
        guests: &[NewPlayer],
    ) -> Result<(i64, usize), StoreError> {
        if session.lines.is_empty() {
            return Err(StoreError::Invalid(
                "the session has no traveller lines: nothing to store".into(),
            ));
        }
        let mut tx = self.write_club(club, "cannot start the import").await?;
        let (players, added) = guests_in(&mut tx, club.id, guests).await?;
        let session = with_guests(session, &players)?;
        check_night(&mut tx, club, &session).await?;
        let id = insert_session(&mut tx, club, &session, true).await?;
        tx.commit()
            .await
            .map_err(db("cannot commit the import; nothing was stored"))?;
        Ok((id, added))
    }

    /// Refuses a session that does not fit the night it would be stored on, as
    /// [`Store::import_session`] would, before anything is changed: an import checks
    /// it before adding its names as guests.
    pub async fn check_session(&self, club: &Club, session: &NewSession) -> Result<(), StoreError> {
        let mut conn = self
            .pool
            .acquire()
            .await
            .map_err(db("cannot read the night's sessions"))?;
        check_night(&mut conn, club, session).await
    }

    /// How many traveller lines a session holds, counted in the database.
    pub async fn line_count(&self, club: &Club, id: i64) -> Result<i64, StoreError> {
        sqlx::query_scalar(
            "SELECT COUNT(*) FROM results r JOIN sessions s ON s.id = r.session_id
             WHERE s.club_id = $1 AND r.session_id = $2",
        )
        .bind(club.id)
        .bind(id)
        .fetch_one(&self.pool)
        .await
        .map_err(db("cannot count the session's lines"))
    }

    /// The club's sessions, newest first.
    pub async fn sessions(&self, club: &Club) -> Result<Vec<SessionSummary>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {INFO_COLUMNS},
                (SELECT COUNT(*) FROM session_pairs p WHERE p.session_id = s.id),
                (SELECT COUNT(*) FROM results r WHERE r.session_id = s.id),
                (SELECT COUNT(*) FROM corrections c JOIN results r ON r.id = c.result_id
                  WHERE r.session_id = s.id)
             FROM sessions s JOIN moments m ON m.id = s.moment_id
             WHERE s.club_id = $1
             ORDER BY s.id"
        ))
        .bind(club.id)
        .fetch_all(&self.pool)
        .await
        .map_err(db("cannot list the sessions"))?;
        let mut sessions = rows
            .iter()
            .map(|r| {
                Ok(SessionSummary {
                    info: info_of(r)?,
                    pairs: r.try_get(14)?,
                    lines: r.try_get(15)?,
                    corrections: r.try_get(16)?,
                })
            })
            .collect::<Result<Vec<_>, sqlx::Error>>()
            .map_err(db("cannot read the sessions"))?;
        // Ordered here, not by the database, so that every database gives one order.
        sessions.sort_by(|a, b| {
            let (a, b) = (&a.info, &b.info);
            b.date
                .cmp(&a.date)
                .then_with(|| a.moment.cmp(&b.moment))
                .then_with(|| a.line_name.cmp(&b.line_name))
        });
        Ok(sessions)
    }

    /// A session with its pairs and lines.
    pub async fn session(&self, club: &Club, id: i64) -> Result<Session, StoreError> {
        self.session_with_boards(club, id, None).await
    }

    /// A session with its pairs and only the lines of these boards: what a table's
    /// entry needs from a night of many results.
    pub async fn session_boards(
        &self,
        club: &Club,
        id: i64,
        boards: &[i64],
    ) -> Result<Session, StoreError> {
        self.session_with_boards(club, id, Some(boards)).await
    }

    /// Which boards of a session are entered, and between which pairs (board, NS, EW):
    /// a table's progress without reading every line. A director's penalty line is not
    /// a result: the board it is on is still the table's to enter.
    pub async fn entered(
        &self,
        club: &Club,
        id: i64,
    ) -> Result<Vec<(i64, String, String)>, StoreError> {
        let rows = sqlx::query(
            "SELECT r.board, r.ns, r.ew, r.adjust FROM results r JOIN sessions s ON s.id = r.session_id
             WHERE s.club_id = $1 AND r.session_id = $2",
        )
        .bind(club.id)
        .bind(id)
        .fetch_all(&self.pool)
        .await
        .map_err(db("cannot read the session's lines"))?;
        let lines = rows
            .iter()
            .map(|r| Ok((r.try_get(0)?, r.try_get(1)?, r.try_get(2)?, r.try_get(3)?)))
            .collect::<Result<Vec<(i64, String, String, String)>, sqlx::Error>>()
            .map_err(db("cannot read the session's lines"))?;
        Ok(lines
            .into_iter()
            .filter(|(.., adjust)| !crate::model::is_penalty_adjust(adjust))
            .map(|(board, ns, ew, _)| (board, ns, ew))
            .collect())
    }

    async fn session_with_boards(
        &self,
        club: &Club,
        id: i64,
        boards: Option<&[i64]>,
    ) -> Result<Session, StoreError> {
        let mut conn = self
            .pool
            .acquire()
            .await
            .map_err(db("cannot read the session"))?;
        let info = session_info(&mut conn, club, id).await?;
        let pairs = session_pairs(&mut conn, id).await?;
        let lines = session_lines(&mut conn, id, boards).await?;
        let mut sit_outs = sit_outs_on(&mut conn, id).await?;
        if let Some(boards) = boards {
            sit_outs.retain(|s| boards.contains(&s.board));
        }
        Ok(Session {
            info,
            pairs,
            lines,
            sit_outs,
        })
    }

    /// Changes one line of a session and logs the change with who and why. The line must
    /// still be at `version` (as read): a line someone else corrected meanwhile is not
    /// overwritten (a [`StoreError::Conflict`] says to look again).
    pub async fn correct(
        &self,
        club: &Club,
        at: LineAt,
        new: &Line,
        by: &str,
        reason: &str,
    ) -> Result<Correction, StoreError> {
        crate::no_nul::line_without_nul(new)?;
        crate::no_nul::line_without_invisible(new)?;
        crate::no_nul::without_nul(reason, || "the reason".to_string())?;
        crate::no_nul::without_nul(by, || "who corrected the line".to_string())?;
        let mut tx = self.write_club(club, "cannot start the correction").await?;
        let correction = correct_in(&mut tx, club, at, new, by, reason).await?;
        tx.commit()
            .await
            .map_err(db("cannot commit the correction; nothing was changed"))?;
        Ok(correction)
    }

    /// Keeps `schedule` (a schedule file's text) with a session whose movement names a
    /// schedule file, in place of any kept: from then on it is scored from this text,
    /// never from the file. A session stored without a movement is refused: keeping a
    /// schedule would change how it is scored.
    pub async fn set_schedule(
        &self,
        club: &Club,
        session: i64,
        schedule: &str,
    ) -> Result<(), StoreError> {
        let mut tx = self
            .write_club(club, "cannot start keeping the schedule")
            .await?;
        let movement: Option<Option<String>> =
            sqlx::query_scalar("SELECT movement FROM sessions WHERE club_id = $1 AND id = $2")
                .bind(club.id)
                .bind(session)
                .fetch_optional(&mut *tx)
                .await
                .map_err(db("cannot read the session"))?;
        match movement {
            None => {
                return Err(StoreError::NotFound(format!(
                    "club {} has no session {session}: `klaver session list` shows them",
                    club.code
                )));
            }
            Some(None) => {
                return Err(StoreError::Invalid(format!(
                    "session {session} was stored without a movement: a schedule is kept only for the movement it was scored with"
                )));
            }
            Some(Some(_)) => {}
        }
        sqlx::query("UPDATE sessions SET schedule = $1 WHERE club_id = $2 AND id = $3")
            .bind(schedule)
            .bind(club.id)
            .bind(session)
            .execute(&mut *tx)
            .await
            .map_err(db("cannot keep the schedule"))?;
        tx.commit()
            .await
            .map_err(db("cannot commit the schedule; nothing was changed"))
    }

    /// Names the players of one pair of a stored session, in seat order, in place of any
    /// recognised at import: the director's answer to a name the import could not match
    /// ("Visser" could be Els or Tom). The pair becomes one of the club's partnerships,
    /// as a pair recognised at import does. A teams night's teams keep their own players.
    pub async fn set_pair_players(
        &self,
        club: &Club,
        session: i64,
        (section, pair): (&str, &str),
        players: &[Player],
    ) -> Result<(), StoreError> {
        let mut tx = self
            .write_club(club, "cannot start naming the pair's players")
            .await?;
        let found: Option<(i64, String)> = sqlx::query_as(
            "SELECT p.id, s.form FROM session_pairs p JOIN sessions s ON s.id = p.session_id
             WHERE s.club_id = $1 AND s.id = $2 AND p.section = $3 AND p.pair = $4",
        )
        .bind(club.id)
        .bind(session)
        .bind(section)
        .bind(pair)
        .fetch_optional(&mut *tx)
        .await
        .map_err(db("cannot read the session's pairs"))?;
        let Some((pair_id, form)) = found else {
            return Err(StoreError::NotFound(format!(
                "session {session} has no pair {pair}{}: `klaver session show {session}` lists its pairs",
                if section.is_empty() {
                    String::new()
                } else {
                    format!(" in section {section}")
                }
            )));
        };
        if form == "teams" {
            return Err(StoreError::Invalid(
                "a teams night's players are its teams' players: name them in the teams file and import it again".into(),
            ));
        }
        let info = session_info(&mut tx, club, session).await?;
        check_pair_players(&mut tx, club, &info, (section, pair), players).await?;
        sqlx::query("DELETE FROM session_pair_players WHERE session_pair_id = $1")
            .bind(pair_id)
            .execute(&mut *tx)
            .await
            .map_err(db("cannot change the pair's players"))?;
        for (seat, player) in players.iter().enumerate() {
            sqlx::query(
                "INSERT INTO session_pair_players (session_pair_id, seat, player_id) VALUES ($1, $2, $3)",
            )
            .bind(pair_id)
            .bind(seat as i64 + 1)
            .bind(player.id)
            .execute(&mut *tx)
            .await
            .map_err(db("cannot change the pair's players"))?;
        }
        // The pair is one the club has seen play, as an import's recognised pairs are
        // (and as a restore of the club's archive makes it).
        let named = SessionPair {
            section: section.to_string(),
            pair: pair.to_string(),
            names: String::new(),
            players: players.to_vec(),
        };
        let partnerships = partnerships_of(&info, std::slice::from_ref(&named));
        let sqlite = tx.backend_name() == "SQLite";
        remember_partnerships(&mut tx, sqlite, club.id, &partnerships).await?;
        tx.commit()
            .await
            .map_err(db("cannot commit the pair's players; nothing was changed"))
    }

    /// Every correction of a session, oldest first.
    pub async fn corrections(
        &self,
        club: &Club,
        session: i64,
    ) -> Result<Vec<Correction>, StoreError> {
        let mut conn = (self.pool.acquire().await).map_err(db("cannot read the corrections"))?;
        corrections_on(&mut conn, club, session).await
    }
}

/// Every correction of a session, oldest first, read on `conn`.
pub(crate) async fn corrections_on(
    conn: &mut sqlx::AnyConnection,
    club: &Club,
    session: i64,
) -> Result<Vec<Correction>, StoreError> {
    let rows = sqlx::query(
        "SELECT c.made_at, c.made_by, c.reason, c.old_line, c.new_line
             FROM corrections c
             JOIN results r ON r.id = c.result_id
             JOIN sessions s ON s.id = r.session_id
             WHERE s.club_id = $1 AND s.id = $2
             ORDER BY c.id",
    )
    .bind(club.id)
    .bind(session)
    .fetch_all(&mut *conn)
    .await
    .map_err(db("cannot read the corrections"))?;
    rows.iter()
        .map(|r| {
            let read = || -> Result<(String, String, String, String, String), sqlx::Error> {
                Ok((
                    r.try_get(0)?,
                    r.try_get(1)?,
                    r.try_get(2)?,
                    r.try_get(3)?,
                    r.try_get(4)?,
                ))
            };
            let (made_at, made_by, reason, old, new) =
                read().map_err(db("cannot read the corrections"))?;
            Ok(Correction {
                made_at,
                made_by,
                reason,
                old: logged_line(&old)?,
                new: logged_line(&new)?,
            })
        })
        .collect()
}

/// A line as the log of corrections keeps it (JSON).
fn logged_line<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, StoreError> {
    serde_json::from_str(text)
        .map_err(|e| StoreError::Invalid(format!("a logged correction cannot be read: {e}")))
}

/// Logs a correction of the line `result_id`.
pub(crate) async fn insert_correction(
    tx: &mut Tx,
    result_id: i64,
    c: &Correction,
) -> Result<(), StoreError> {
    let json = |line: Option<&Line>| serde_json::to_string(&line).unwrap_or_default();
    sqlx::query(
        "INSERT INTO corrections (result_id, made_at, made_by, reason, old_line, new_line)
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(result_id)
    .bind(&c.made_at)
    .bind(&c.made_by)
    .bind(&c.reason)
    .bind(json(c.old.as_ref()))
    .bind(json(Some(&c.new)))
    .execute(&mut **tx)
    .await
    .map_err(db("cannot log the correction"))?;
    Ok(())
}

/// Writes a session inside a transaction (shared with the archive import and the club
/// nights run in klaver); `publish` marks a session without a publication date as
/// published now (an imported file's results are already final). What the night's
/// other sessions require of it is checked by the callers that take new sessions
/// ([`check_night`]); a club restored from its archive is restored as it was.
pub(crate) async fn insert_session(
    tx: &mut Tx,
    club: &Club,
    session: &NewSession,
    publish: bool,
) -> Result<i64, StoreError> {
    crate::no_nul::session_without_invisible(session)?;
    insert_numbered_session(tx, club, session, publish, None).await
}

/// Writes a session as [`insert_session`] does, under `number` when given (a club
/// restored from its archive keeps its sessions' numbers), else the next free one.
pub(crate) async fn insert_numbered_session(
    tx: &mut Tx,
    club: &Club,
    session: &NewSession,
    publish: bool,
    number: Option<i64>,
) -> Result<i64, StoreError> {
    crate::no_nul::session_without_nul(session)?;
    let info = &session.info;
    let Some(date) = parse_date(&info.date) else {
        return Err(StoreError::Invalid(format!(
            "the session's date {:?} is not a date: write YYYY-MM-DD",
            info.date
        )));
    };
    let moment = if info.moment.trim().is_empty() {
        weekday(date).to_string()
    } else {
        info.moment.trim().to_string()
    };
    let moment_id = moment_id(tx, club, &moment).await?;
    let line_name = info.line_name.trim().to_string();
    let described = describe(&SessionInfo {
        moment: moment.clone(),
        line_name: line_name.clone(),
        ..info.clone()
    });
    let existing: Option<i64> = sqlx::query_scalar(
        "SELECT id FROM sessions WHERE club_id = $1 AND played_on = $2 AND moment_id = $3 AND line_name = $4",
    )
    .bind(club.id)
    .bind(&info.date)
    .bind(moment_id)
    .bind(&line_name)
    .fetch_optional(&mut **tx)
    .await
    .map_err(db("cannot look up the session"))?;
    if let Some(id) = existing {
        return Err(StoreError::Conflict(format!(
            "the session of {described} is stored already (session {id})"
        )));
    }
    let place = SessionPlace {
        number,
        club: club.id,
        moment_id,
        line_name: &line_name,
        described: &described,
    };
    let id = insert_session_row(tx, info, &place, publish).await?;
    let sqlite = tx.backend_name() == "SQLite";
    store_pairs(tx, sqlite, id, &session.pairs).await?;
    let partnerships = partnerships_of(info, &session.pairs);
    remember_partnerships(tx, sqlite, club.id, &partnerships).await?;
    sqlx::query("UPDATE sessions SET last_line = $1 WHERE id = $2")
        .bind(session.lines.iter().map(|l| l.line_no).max().unwrap_or(0))
        .bind(id)
        .execute(&mut **tx)
        .await
        .map_err(db("cannot store the session"))?;
    insert_lines(tx, sqlite, id, &session.lines, &described).await?;
    insert_sit_outs(tx, sqlite, id, &session.sit_outs).await?;
    Ok(id)
}

/// The club's playing moment of this name, added when new.
async fn moment_id(tx: &mut Tx, club: &Club, moment: &str) -> Result<i64, StoreError> {
    let known =
        sqlx::query_scalar::<_, i64>("SELECT id FROM moments WHERE club_id = $1 AND name = $2")
            .bind(club.id)
            .bind(moment)
            .fetch_optional(&mut **tx)
            .await
            .map_err(db("cannot look up the playing moment"))?;
    match known {
        Some(id) => Ok(id),
        None => {
            sqlx::query_scalar("INSERT INTO moments (club_id, name) VALUES ($1, $2) RETURNING id")
                .bind(club.id)
                .bind(moment)
                .fetch_one(&mut **tx)
                .await
                .map_err(db("cannot add the playing moment"))
        }
    }
}

/// Where a new session belongs: its club, playing moment and line, and its description
/// for messages.
struct SessionPlace<'a> {
    /// The number it is to have, when it keeps one it had.
    number: Option<i64>,
    club: i64,
    moment_id: i64,
    line_name: &'a str,
    described: &'a str,
}

/// The session's own row: its number.
async fn insert_session_row(
    tx: &mut Tx,
    info: &SessionInfo,
    place: &SessionPlace<'_>,
    publish: bool,
) -> Result<i64, StoreError> {
    let imported_at = if info.imported_at.is_empty() {
        now()
    } else {
        info.imported_at.clone()
    };
    // SQLite numbers a row one past the highest number in the table, so a removed
    // session's number (the highest, when the last one is removed) would be given to
    // the next; the numbers of removed sessions are kept out of it. PostgreSQL's
    // numbers are never given twice.
    let id = match (place.number, tx.backend_name()) {
        (Some(n), _) => n.to_string(),
        (None, "SQLite") => {
            "(SELECT MAX(n) + 1 FROM (SELECT COALESCE(MAX(id), 0) AS n FROM sessions
              UNION ALL SELECT COALESCE(MAX(session_number), 0) FROM removed_sessions))"
                .to_string()
        }
        (None, _) => "DEFAULT".to_string(),
    };
    sqlx::query_scalar(&format!(
        "INSERT INTO sessions (id, club_id, played_on, moment_id, line_name, title, form,
            movement, boards_per_round, options, source, imported_at, imported_by,
            published_at, schedule)
         VALUES ({id}, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
         RETURNING id"
    ))
    .bind(place.club)
    .bind(&info.date)
    .bind(place.moment_id)
    .bind(place.line_name)
    .bind(&info.title)
    .bind(&info.form)
    .bind(info.movement.as_deref())
    .bind(info.boards_per_round)
    .bind(serde_json::to_string(&info.options).unwrap_or_else(|_| "[]".into()))
    .bind(&info.source)
    .bind(&imported_at)
    .bind(&info.imported_by)
    .bind(
        info.published_at
            .clone()
            .or_else(|| publish.then(|| imported_at.clone())),
    )
    .bind(info.schedule.as_deref())
    .fetch_one(&mut **tx)
    .await
    .map_err(db(format!(
        "cannot store the session of {}",
        place.described
    )))
}

/// The partnerships a session's pairs make: a teams night's teams with all their
/// players, else each pair of two players (or a threesome), named by their names. A pair
/// is its players: two players of one name make two pairs with the same partner.
pub(crate) fn partnerships_of<'a>(
    info: &SessionInfo,
    pairs: &'a [SessionPair],
) -> Vec<(&'static str, String, &'a [Player])> {
    let mut partnerships = Vec::new();
    for pair in pairs {
        if info.form == "teams" && !pair.players.is_empty() {
            // A teams night's "pairs" are its teams, with all their players.
            let name = if pair.names.trim().is_empty() {
                pair.pair.as_str()
            } else {
                pair.names.trim()
            };
            partnerships.push(("team", name.to_string(), &pair.players[..]));
        } else if pair.players.len() >= 2 {
            let mut players: Vec<&Player> = pair.players.iter().collect();
            players.sort_by_key(|p| p.id);
            players.dedup_by_key(|p| p.id);
            let kind = match players.len() {
                2 => "pair",
                3 => "threesome",
                _ => continue,
            };
            let mut names: Vec<&str> = players.iter().map(|p| p.name.as_str()).collect();
            names.sort_unstable();
            partnerships.push((kind, names.join(" - "), &pair.players[..]));
        }
    }
    partnerships
}

/// The session's traveller lines, [`LINES_PER_INSERT`] to a statement, each at version 1.
async fn insert_lines(
    tx: &mut Tx,
    sqlite: bool,
    id: i64,
    lines: &[Line],
    described: &str,
) -> Result<(), StoreError> {
    for chunk in lines.chunks(LINES_PER_INSERT) {
        let sql = format!(
            "INSERT INTO results ({LINE_COLUMNS}, session_id, version) VALUES {}",
            values(sqlite, chunk.len(), 16, ", 1")
        );
        let mut q = sqlx::query(&sql);
        for l in chunk {
            q = q
                .bind(l.line_no)
                .bind(l.source_line)
                .bind(&l.section)
                .bind(l.board)
                .bind(l.table)
                .bind(l.round)
                .bind(&l.ns)
                .bind(&l.ew)
                .bind(&l.room)
                .bind(&l.contract)
                .bind(&l.declarer)
                .bind(&l.result)
                .bind(&l.score)
                .bind(&l.adjust)
                .bind(&l.lead)
                .bind(id);
        }
        q.execute(&mut **tx).await.map_err(db(format!(
            "cannot store the traveller lines of {described}"
        )))?;
    }
    Ok(())
}

/// `rows` rows of `cols` parameters for a multi-row INSERT, each row ending in `extra`:
/// `(?, ?), (?, ?)` for SQLite, `($1, $2), ($3, $4)` for PostgreSQL. SQLite looks a
/// numbered parameter (`$7`) up by walking the statement's list of names, once per
/// parameter bound: a statement of 3,200 of them spent 80 % of an import there. Its plain
/// `?` parameters have no names and bind by position.
pub(crate) fn values(sqlite: bool, rows: usize, cols: usize, extra: &str) -> String {
    let mut sql = String::with_capacity(rows * cols * 6);
    for r in 0..rows {
        sql.push_str(if r == 0 { "(" } else { ", (" });
        for c in 0..cols {
            if c > 0 {
                sql.push_str(", ");
            }
            if sqlite {
                sql.push('?');
            } else {
                let _ = write!(sql, "${}", r * cols + c + 1);
            }
        }
        sql.push_str(extra);
        sql.push(')');
    }
    sql
}

/// Rows a multi-row INSERT of small rows takes at once.
pub(crate) const ROWS_PER_INSERT: usize = 500;

/// Stores a session's pairs and their recognised players, many rows a statement.
async fn store_pairs(
    tx: &mut Tx,
    sqlite: bool,
    session: i64,
    pairs: &[crate::model::SessionPair],
) -> Result<(), StoreError> {
    for chunk in pairs.chunks(ROWS_PER_INSERT) {
        let sql = format!(
            "INSERT INTO session_pairs (session_id, section, pair, names) VALUES {}",
            values(sqlite, chunk.len(), 4, "")
        );
        let mut q = sqlx::query(&sql);
        for p in chunk {
            q = q
                .bind(session)
                .bind(&p.section)
                .bind(&p.pair)
                .bind(&p.names);
        }
        q.execute(&mut **tx)
            .await
            .map_err(db("cannot store the session's pairs"))?;
    }
    let rows = sqlx::query("SELECT id, section, pair FROM session_pairs WHERE session_id = $1")
        .bind(session)
        .fetch_all(&mut **tx)
        .await
        .map_err(db("cannot read the session's pairs"))?;
    let mut ids = std::collections::HashMap::with_capacity(rows.len());
    for r in &rows {
        let id: i64 = r.try_get(0).map_err(db("cannot read a pair"))?;
        let section: String = r.try_get(1).map_err(db("cannot read a pair"))?;
        let pair: String = r.try_get(2).map_err(db("cannot read a pair"))?;
        ids.insert((section, pair), id);
    }
    let seats: Vec<(i64, i64, i64)> = pairs
        .iter()
        .flat_map(|p| {
            let id = ids
                .get(&(p.section.clone(), p.pair.clone()))
                .copied()
                .unwrap_or(0);
            p.players
                .iter()
                .enumerate()
                .map(move |(seat, player)| (id, seat as i64 + 1, player.id))
        })
        .collect();
    for chunk in seats.chunks(ROWS_PER_INSERT) {
        let sql = format!(
            "INSERT INTO session_pair_players (session_pair_id, seat, player_id) VALUES {}",
            values(sqlite, chunk.len(), 3, "")
        );
        let mut q = sqlx::query(&sql);
        for (pair, seat, player) in chunk {
            q = q.bind(*pair).bind(*seat).bind(*player);
        }
        q.execute(&mut **tx)
            .await
            .map_err(db("cannot store the players of the session's pairs"))?;
    }
    Ok(())
}

/// Makes sure the club knows these pairs, threesomes and teams (kind, name, players),
/// with their players among the members: the club's partnerships are read once, and
/// only what is new is added. A pair or threesome is known by its players, a team by
/// its name.
pub(crate) async fn remember_partnerships(
    tx: &mut Tx,
    sqlite: bool,
    club: i64,
    wanted: &[(&str, String, &[crate::Player])],
) -> Result<(), StoreError> {
    if wanted.is_empty() {
        return Ok(());
    }
    let known = club_partnerships(tx, club).await?;
    let mut ids: std::collections::HashMap<PartnershipKey, i64> =
        known.iter().map(|k| (k.key(), k.id)).collect();
    let mut have: std::collections::HashSet<(i64, i64)> = known
        .iter()
        .flat_map(|k| k.players.iter().map(|&p| (k.id, p)))
        .collect();
    let keys: Vec<PartnershipKey> = wanted
        .iter()
        .map(|(kind, name, players)| PartnershipKey::of(kind, name, players.iter().map(|p| p.id)))
        .collect();
    let mut new: Vec<(&str, &str, &PartnershipKey)> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for ((kind, name, _), key) in wanted.iter().zip(&keys) {
        if !ids.contains_key(key) && seen.insert(key) {
            new.push((kind, name, key));
        }
    }
    for (key, id) in insert_partnerships(tx, sqlite, club, &new).await? {
        ids.insert(key.clone(), id);
    }
    rename_known(
        tx,
        &known,
        &ids,
        wanted.iter().map(|w| w.1.as_str()).zip(&keys),
    )
    .await?;
    // A team's line-up changes from night to night: every player who played is kept.
    let mut add = Vec::new();
    for ((_, _, players), key) in wanted.iter().zip(&keys) {
        let id = ids[key];
        for p in players.iter() {
            if have.insert((id, p.id)) {
                add.push((id, p.id));
            }
        }
    }
    for chunk in add.chunks(ROWS_PER_INSERT) {
        let sql = format!(
            "INSERT INTO partnership_members (partnership_id, player_id) VALUES {}",
            values(sqlite, chunk.len(), 2, "")
        );
        let mut q = sqlx::query(&sql);
        for (id, player) in chunk {
            q = q.bind(*id).bind(*player);
        }
        q.execute(&mut **tx)
            .await
            .map_err(db("cannot add the pairs' players"))?;
    }
    Ok(())
}

/// Gives a known pair or threesome the name its players have now (`named`: each wanted
/// partnership's name with its key), when one of them was renamed since it was kept.
async fn rename_known<'a>(
    tx: &mut Tx,
    known: &[KnownPartnership],
    ids: &std::collections::HashMap<PartnershipKey, i64>,
    named: impl Iterator<Item = (&'a str, &'a PartnershipKey)>,
) -> Result<(), StoreError> {
    let names: std::collections::HashMap<i64, &str> =
        known.iter().map(|k| (k.id, k.name.as_str())).collect();
    let mut renamed = std::collections::HashSet::new();
    for (name, key) in named {
        let id = ids[key];
        let was = names.get(&id).copied();
        if matches!(key, PartnershipKey::Players(..))
            && was.is_some_and(|w| w != name)
            && renamed.insert(id)
        {
            sqlx::query("UPDATE partnerships SET name = $1 WHERE id = $2")
                .bind(name)
                .bind(id)
                .execute(&mut **tx)
                .await
                .map_err(db("cannot rename a pair"))?;
        }
    }
    Ok(())
}

/// Adds the new partnerships, without players, many rows a statement; returns each
/// one's number. Partnerships of one kind and name are alike until their players are
/// added, so each new one takes a number of its kind and name (the smallest left), in
/// whatever order the database gives them back.
async fn insert_partnerships<'k>(
    tx: &mut Tx,
    sqlite: bool,
    club: i64,
    new: &[(&str, &str, &'k PartnershipKey)],
) -> Result<Vec<(&'k PartnershipKey, i64)>, StoreError> {
    let mut numbers: std::collections::HashMap<(String, String), Vec<i64>> =
        std::collections::HashMap::new();
    for chunk in new.chunks(ROWS_PER_INSERT) {
        let sql = format!(
            "INSERT INTO partnerships (club_id, kind, name) VALUES {} RETURNING id, kind, name",
            values(sqlite, chunk.len(), 3, "")
        );
        let mut q = sqlx::query(&sql);
        for (kind, name, _) in chunk {
            q = q.bind(club).bind(*kind).bind(*name);
        }
        let rows = q
            .fetch_all(&mut **tx)
            .await
            .map_err(db("cannot add the pairs"))?;
        for r in &rows {
            let read = || -> Result<(i64, String, String), sqlx::Error> {
                Ok((r.try_get(0)?, r.try_get(1)?, r.try_get(2)?))
            };
            let (id, kind, name) = read().map_err(db("cannot read a new pair's number"))?;
            numbers.entry((kind, name)).or_default().push(id);
        }
    }
    // The smallest number first, so that pairs of one name are listed in the order met.
    numbers
        .values_mut()
        .for_each(|n| n.sort_unstable_by(|a, b| b.cmp(a)));
    let mut out = Vec::with_capacity(new.len());
    for (kind, name, key) in new {
        let number = numbers
            .get_mut(&(kind.to_string(), name.to_string()))
            .and_then(Vec::pop)
            .ok_or_else(|| StoreError::Conflict(format!("the {kind} {name} was not added")))?;
        out.push((*key, number));
    }
    Ok(out)
}

/// What makes a partnership the same one again: a team its name (its line-up changes
/// from night to night), a pair or threesome its players (by their numbers in the
/// database, so that two players of one name are two players).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum PartnershipKey {
    Team(String),
    Players(String, Vec<i64>),
}

impl PartnershipKey {
    pub(crate) fn of(kind: &str, name: &str, players: impl Iterator<Item = i64>) -> Self {
        if kind == "team" {
            return PartnershipKey::Team(name.to_string());
        }
        let mut ids: Vec<i64> = players.collect();
        ids.sort_unstable();
        ids.dedup();
        PartnershipKey::Players(kind.to_string(), ids)
    }
}

/// A partnership as the club has it.
#[derive(Debug, Clone)]
pub(crate) struct KnownPartnership {
    pub id: i64,
    pub kind: String,
    pub name: String,
    /// Its players' numbers in the database.
    pub players: Vec<i64>,
}

impl KnownPartnership {
    pub(crate) fn key(&self) -> PartnershipKey {
        PartnershipKey::of(&self.kind, &self.name, self.players.iter().copied())
    }
}

/// The club's partnerships with their players.
pub(crate) async fn club_partnerships(
    tx: &mut Tx,
    club: i64,
) -> Result<Vec<KnownPartnership>, StoreError> {
    let rows = sqlx::query(
        "SELECT p.id, p.kind, p.name, m.player_id FROM partnerships p
         LEFT JOIN partnership_members m ON m.partnership_id = p.id
         WHERE p.club_id = $1 ORDER BY p.id",
    )
    .bind(club)
    .fetch_all(&mut **tx)
    .await
    .map_err(db("cannot look up the pairs"))?;
    let mut out: Vec<KnownPartnership> = Vec::new();
    for r in &rows {
        let id: i64 = r.try_get(0).map_err(db("cannot read a pair"))?;
        let player: Option<i64> = r.try_get(3).map_err(db("cannot read a pair's player"))?;
        if out.last().is_none_or(|k| k.id != id) {
            out.push(KnownPartnership {
                id,
                kind: r.try_get(1).map_err(db("cannot read a pair"))?,
                name: r.try_get(2).map_err(db("cannot read a pair"))?,
                players: Vec::new(),
            });
        }
        if let (Some(p), Some(last)) = (player, out.last_mut()) {
            last.players.push(p);
        }
    }
    Ok(out)
}

/// A correction of one line inside the caller's transaction: the line at `at.version`
/// changed to `new` and the change logged with who and why.
pub(crate) async fn correct_in(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    club: &Club,
    at: LineAt,
    new: &Line,
    by: &str,
    reason: &str,
) -> Result<Correction, StoreError> {
    let LineAt {
        session,
        line_no,
        version,
    } = at;
    if reason.trim().is_empty() {
        return Err(StoreError::Invalid(
            "a correction needs a reason (--reason \"...\"): it is kept with the change".into(),
        ));
    }
    let (result_id, current, old) = line_to_correct(tx, club, session, line_no).await?;
    let mut new = new.clone();
    new.line_no = old.line_no;
    new.source_line = old.source_line;
    if new == old {
        return Err(StoreError::Invalid(format!(
            "line {line_no} (board {}) already reads like that: nothing to correct",
            old.board
        )));
    }
    let updated = update_line(tx, result_id, version, &new).await?;
    if current != version || updated != 1 {
        return Err(StoreError::Conflict(format!(
            "line {line_no} (board {}) was corrected by someone else meanwhile: look at it again and repeat the correction if it is still needed",
            old.board
        )));
    }
    let correction = Correction {
        made_at: now(),
        made_by: by.trim().to_string(),
        reason: reason.trim().to_string(),
        old: Some(old),
        new,
    };
    insert_correction(tx, result_id, &correction).await?;
    Ok(correction)
}

/// The line `line_no` of the club's session `session` as stored: its row's id, its
/// version and the line.
async fn line_to_correct(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    club: &Club,
    session: i64,
    line_no: i64,
) -> Result<(i64, i64, Line), StoreError> {
    let row = sqlx::query(&format!(
        "SELECT r.id, r.version, {LINE_COLUMNS}
         FROM results r JOIN sessions s ON s.id = r.session_id
         WHERE s.club_id = $1 AND r.session_id = $2 AND r.line_no = $3"
    ))
    .bind(club.id)
    .bind(session)
    .bind(line_no)
    .fetch_optional(&mut **tx)
    .await
    .map_err(db("cannot read the line to correct"))?
    .ok_or_else(|| StoreError::NotFound(format!("session {session} has no line {line_no}")))?;
    let result_id: i64 = row.try_get(0).map_err(db("cannot read the line"))?;
    let current: i64 = row.try_get(1).map_err(db("cannot read the line"))?;
    let old = line_of(&row, 2).map_err(db("cannot read the line"))?;
    Ok((result_id, current, old))
}

/// Writes `new` over the result row `result_id` if it is still at `version`, counting it
/// one version on: the number of rows changed (0 when someone changed it meanwhile).
async fn update_line(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    result_id: i64,
    version: i64,
    new: &Line,
) -> Result<u64, StoreError> {
    let updated = sqlx::query(
        "UPDATE results SET section = $1, board = $2, table_no = $3, round_no = $4, ns = $5,
            ew = $6, room = $7, contract = $8, declarer = $9, result = $10, score = $11,
            adjust = $12, lead = $13, version = version + 1
         WHERE id = $14 AND version = $15",
    )
    .bind(&new.section)
    .bind(new.board)
    .bind(new.table)
    .bind(new.round)
    .bind(&new.ns)
    .bind(&new.ew)
    .bind(&new.room)
    .bind(&new.contract)
    .bind(&new.declarer)
    .bind(&new.result)
    .bind(&new.score)
    .bind(&new.adjust)
    .bind(&new.lead)
    .bind(result_id)
    .bind(version)
    .execute(&mut **tx)
    .await
    .map_err(db("cannot correct the line"))?;
    Ok(updated.rows_affected())
}

/// A session's details; a session the club does not have is [`StoreError::NotFound`].
pub(crate) async fn session_info(
    conn: &mut sqlx::AnyConnection,
    club: &Club,
    id: i64,
) -> Result<SessionInfo, StoreError> {
    let row = sqlx::query(&format!(
        "SELECT {INFO_COLUMNS} FROM sessions s JOIN moments m ON m.id = s.moment_id
         WHERE s.club_id = $1 AND s.id = $2"
    ))
    .bind(club.id)
    .bind(id)
    .fetch_optional(&mut *conn)
    .await
    .map_err(db("cannot read the session"))?
    .ok_or_else(|| {
        StoreError::NotFound(format!(
            "club {} has no session {id}: `klaver session list` shows them",
            club.code
        ))
    })?;
    info_of(&row).map_err(db("cannot read the session"))
}

/// A session's pairs in the order stored, each with its players in seat order.
pub(crate) async fn session_pairs(
    conn: &mut sqlx::AnyConnection,
    id: i64,
) -> Result<Vec<SessionPair>, StoreError> {
    let pair_rows = sqlx::query(
        "SELECT p.id, p.section, p.pair, p.names, pl.id, pl.number, pl.name
         FROM session_pairs p
         LEFT JOIN session_pair_players sp ON sp.session_pair_id = p.id
         LEFT JOIN players pl ON pl.id = sp.player_id
         WHERE p.session_id = $1
         ORDER BY p.id, sp.seat",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await
    .map_err(db("cannot read the session's pairs"))?;
    let mut pairs: Vec<(i64, SessionPair)> = Vec::new();
    for r in &pair_rows {
        let mut read = || -> Result<(), sqlx::Error> {
            let pid: i64 = r.try_get(0)?;
            if pairs.last().is_none_or(|(last, _)| *last != pid) {
                pairs.push((
                    pid,
                    SessionPair {
                        section: r.try_get(1)?,
                        pair: r.try_get(2)?,
                        names: r.try_get(3)?,
                        players: Vec::new(),
                    },
                ));
            }
            let player: Option<i64> = r.try_get(4)?;
            if let (Some(id), Some((_, last))) = (player, pairs.last_mut()) {
                last.players.push(crate::Player {
                    id,
                    number: r.try_get(5)?,
                    name: r.try_get(6)?,
                });
            }
            Ok(())
        };
        read().map_err(db("cannot read the session's pairs"))?;
    }
    Ok(pairs.into_iter().map(|(_, p)| p).collect())
}

/// A session's lines in line order: all of them, or those of `boards`.
pub(crate) async fn session_lines(
    conn: &mut sqlx::AnyConnection,
    id: i64,
    boards: Option<&[i64]>,
) -> Result<Vec<StoredLine>, StoreError> {
    let only = match boards {
        Some([]) => " AND 1 = 0".to_string(),
        Some(list) => format!(
            " AND board IN ({})",
            (0..list.len())
                .map(|i| format!("${}", i + 2))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        None => String::new(),
    };
    let sql = format!(
        "SELECT {LINE_COLUMNS}, version, entered_by FROM results WHERE session_id = $1{only} ORDER BY line_no"
    );
    let mut query = sqlx::query(&sql).bind(id);
    for b in boards.unwrap_or_default() {
        query = query.bind(*b);
    }
    let line_rows = query
        .fetch_all(&mut *conn)
        .await
        .map_err(db("cannot read the session's lines"))?;
    line_rows
        .iter()
        .map(|r| {
            Ok(StoredLine {
                line: line_of(r, 0)?,
                version: r.try_get(15)?,
                entered_by: r.try_get(16)?,
            })
        })
        .collect::<Result<_, sqlx::Error>>()
        .map_err(db("cannot read the session's lines"))
}
