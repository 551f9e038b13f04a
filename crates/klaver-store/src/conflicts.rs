//! Two different results confirmed for one board, and the round clock.
//!
//! Two different results confirmed for one board: the second is not stored over the
//! first, and not dropped either. It is kept here until the director keeps the stored
//! line or takes the table's (a correction, with the audit trail), and a session with
//! an open conflict is not published.

use crate::clock::now;
use crate::model::{Club, Line};
use crate::sessions::LineAt;
use crate::{Store, StoreError, db};
use sqlx::Row;

/// A result that clashes with the line stored for its board.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Conflict {
    /// Its number (an archive's are numbered again when restored).
    #[serde(default, skip_serializing)]
    pub id: i64,
    /// The stored line it clashes with.
    pub line_no: i64,
    /// The line the table confirmed.
    pub offered: Line,
    /// Who confirmed it (`table 3`).
    pub offered_by: String,
    /// When.
    pub made_at: String,
    /// The director's decision, once made.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decided: Option<Decision>,
}

/// How the director decided a conflict.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Decision {
    /// When.
    pub at: String,
    /// Who (a director's login).
    pub by: String,
    /// Which result stands.
    pub outcome: Outcome,
}

/// Which result stands after a conflict is decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// The stored line.
    Kept,
    /// The table's result, as a correction of the stored line.
    Taken,
}

impl Outcome {
    /// Its word in the database and archives.
    pub fn word(self) -> &'static str {
        match self {
            Outcome::Kept => "kept",
            Outcome::Taken => "taken",
        }
    }
}

impl Store {
    /// Keeps a result that clashes with stored line `line_no` of a session. The same
    /// result confirmed again by the same table while the first is still open (a second
    /// tap, a second phone) is that conflict: its number is given, and no second row
    /// is added for the director.
    pub async fn add_conflict(
        &self,
        club: &Club,
        session: i64,
        line_no: i64,
        offered: &Line,
        by: &str,
    ) -> Result<i64, StoreError> {
        let context = "cannot keep the conflicting result";
        let json = serde_json::to_string(offered)
            .map_err(|e| StoreError::Invalid(format!("{context}: {e}")))?;
        let mut tx = self.write_club(club, context).await?;
        if let Some(id) = open_twin(&mut tx, (club, session, line_no), offered, by).await? {
            return Ok(id);
        }
        let id: Option<i64> = sqlx::query_scalar(
            "INSERT INTO entry_conflicts (session_id, line_no, offered, offered_by, made_at)
             SELECT id, $1, $2, $3, $4 FROM sessions WHERE id = $5 AND club_id = $6
             RETURNING id",
        )
        .bind(line_no)
        .bind(json)
        .bind(by)
        .bind(now())
        .bind(session)
        .bind(club.id)
        .fetch_optional(&mut *tx)
        .await
        .map_err(db(context))?;
        let id = id.ok_or_else(|| {
            StoreError::NotFound(format!("club {} has no session {session}", club.code))
        })?;
        tx.commit().await.map_err(db(context))?;
        Ok(id)
    }

    /// The session's conflicts the director has not decided yet, oldest first.
    pub async fn open_conflicts(
        &self,
        club: &Club,
        session: i64,
    ) -> Result<Vec<Conflict>, StoreError> {
        let mut all = self.conflicts(club, session).await?;
        all.retain(|c| c.decided.is_none());
        Ok(all)
    }

    /// All the session's conflicts, decided or not, oldest first.
    pub async fn conflicts(&self, club: &Club, session: i64) -> Result<Vec<Conflict>, StoreError> {
        let context = "cannot read the conflicting results";
        let mut conn = self.pool.acquire().await.map_err(db(context))?;
        conflicts_on(&mut conn, club, session).await
    }

    /// Decides a conflict: keep the stored line, or take the table's result in its place
    /// (a correction of the stored line, kept with who and why).
    pub async fn resolve_conflict(
        &self,
        club: &Club,
        session: i64,
        id: i64,
        take_offered: bool,
        by: &str,
    ) -> Result<(), StoreError> {
        let conflict = self
            .open_conflicts(club, session)
            .await?
            .into_iter()
            .find(|c| c.id == id)
            .ok_or_else(|| {
                StoreError::NotFound(format!(
                    "session {session} has no open conflict {id} (it may have been decided)"
                ))
            })?;
        // The decision and the correction it makes are one step: a second director
        // deciding the same conflict meanwhile finds it decided.
        let context = "cannot record the decision";
        let mut tx = self.write_club(club, context).await?;
        let outcome = if take_offered {
            Outcome::Taken
        } else {
            Outcome::Kept
        };
        let claimed = sqlx::query(
            "UPDATE entry_conflicts SET resolved_at = $1, resolved_by = $2, decision = $3
             WHERE id = $4 AND session_id = $5 AND resolved_at IS NULL",
        )
        .bind(now())
        .bind(by)
        .bind(outcome.word())
        .bind(id)
        .bind(session)
        .execute(&mut *tx)
        .await
        .map_err(db(context))?;
        if claimed.rows_affected() != 1 {
            return Err(StoreError::Conflict(format!(
                "board {}'s conflict was decided by someone else meanwhile: look at the night again",
                conflict.offered.board
            )));
        }
        if take_offered {
            take_offered_line(&mut tx, club, session, &conflict, by).await?;
        }
        tx.commit().await.map_err(db(context))
    }
}

impl Store {
    /// Starts the round clock of a session: every board gets `seconds`; the clock's start
    /// is `started` (seconds since 1970).
    pub async fn start_clock(
        &self,
        club: &Club,
        session: i64,
        started: i64,
        seconds: i64,
    ) -> Result<(), StoreError> {
        let context = "cannot start the round clock";
        if !(1..=3600).contains(&seconds) {
            return Err(StoreError::Invalid(format!(
                "{seconds} seconds a board: give 1 to 3600 (7 minutes is 420)"
            )));
        }
        let mut tx = self.write_club(club, context).await?;
        let done = sqlx::query(
            "UPDATE sessions SET clock_started_at = $1, clock_seconds = $2 WHERE id = $3 AND club_id = $4",
        )
        .bind(started)
        .bind(seconds)
        .bind(session)
        .bind(club.id)
        .execute(&mut *tx)
        .await
        .map_err(db(context))?;
        if done.rows_affected() == 0 {
            return Err(StoreError::NotFound(format!(
                "club {} has no session {session}",
                club.code
            )));
        }
        tx.commit().await.map_err(db(context))
    }

    /// The round clock: when it was started (seconds since 1970) and the seconds a board
    /// gets; `None` when the director has not started it.
    pub async fn clock(&self, club: &Club, session: i64) -> Result<Option<(i64, i64)>, StoreError> {
        let context = "cannot read the round clock";
        let row = sqlx::query(
            "SELECT clock_started_at, clock_seconds FROM sessions WHERE id = $1 AND club_id = $2",
        )
        .bind(session)
        .bind(club.id)
        .fetch_optional(&self.pool)
        .await
        .map_err(db(context))?;
        let Some(row) = row else {
            return Ok(None);
        };
        let started: Option<i64> = row.try_get(0).map_err(db(context))?;
        let seconds: Option<i64> = row.try_get(1).map_err(db(context))?;
        Ok(started.zip(seconds))
    }
}

/// The open conflict on stored line `line_no` with the same result from the same
/// table, when there is one.
async fn open_twin(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    (club, session, line_no): (&Club, i64, i64),
    offered: &Line,
    by: &str,
) -> Result<Option<i64>, StoreError> {
    let context = "cannot read the conflicting results";
    let rows = sqlx::query(
        "SELECT c.id, c.offered FROM entry_conflicts c JOIN sessions s ON s.id = c.session_id
         WHERE s.club_id = $1 AND c.session_id = $2 AND c.line_no = $3 AND c.offered_by = $4
           AND c.resolved_at IS NULL",
    )
    .bind(club.id)
    .bind(session)
    .bind(line_no)
    .bind(by)
    .fetch_all(&mut **tx)
    .await
    .map_err(db(context))?;
    for row in rows {
        let id: i64 = row.try_get(0).map_err(db(context))?;
        let json: String = row.try_get(1).map_err(db(context))?;
        if serde_json::from_str::<Line>(&json).is_ok_and(|l| &l == offered) {
            return Ok(Some(id));
        }
    }
    Ok(None)
}

/// Keeps an archive's conflicts, decided or not, with its restored session.
pub(crate) async fn insert_conflicts(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    session: i64,
    conflicts: &[Conflict],
) -> Result<(), StoreError> {
    let context = "cannot restore the conflicting results";
    for c in conflicts {
        let json = serde_json::to_string(&c.offered)
            .map_err(|e| StoreError::Invalid(format!("{context}: {e}")))?;
        let d = c.decided.as_ref();
        sqlx::query(
            "INSERT INTO entry_conflicts (session_id, line_no, offered, offered_by, made_at,
                resolved_at, resolved_by, decision)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(session)
        .bind(c.line_no)
        .bind(json)
        .bind(&c.offered_by)
        .bind(&c.made_at)
        .bind(d.map(|d| d.at.clone()))
        .bind(d.map(|d| d.by.clone()))
        .bind(d.map(|d| d.outcome.word()))
        .execute(&mut **tx)
        .await
        .map_err(db(context))?;
    }
    Ok(())
}

/// A conflict as the database has it; a decision klaver did not write is an error.
fn conflict_of(r: &sqlx::any::AnyRow) -> Result<Conflict, String> {
    let text = |i: usize| r.try_get::<String, _>(i).map_err(|e| e.to_string());
    let maybe = |i: usize| r.try_get::<Option<String>, _>(i).map_err(|e| e.to_string());
    let decided = match (maybe(5)?, maybe(6)?, maybe(7)?) {
        (None, _, _) => None,
        (Some(at), by, decision) => {
            let outcome = match decision.as_deref() {
                Some("kept") => Outcome::Kept,
                Some("taken") => Outcome::Taken,
                other => {
                    return Err(format!(
                        "a decision {other:?} that is neither kept nor taken"
                    ));
                }
            };
            Some(Decision {
                at,
                by: by.unwrap_or_default(),
                outcome,
            })
        }
    };
    Ok(Conflict {
        id: r.try_get(0).map_err(|e| e.to_string())?,
        line_no: r.try_get(1).map_err(|e| e.to_string())?,
        offered: serde_json::from_str(&text(2)?).map_err(|e| e.to_string())?,
        offered_by: text(3)?,
        made_at: text(4)?,
        decided,
    })
}

/// All the session's conflicts, decided or not, oldest first, read on `conn`.
pub(crate) async fn conflicts_on(
    conn: &mut sqlx::AnyConnection,
    club: &Club,
    session: i64,
) -> Result<Vec<Conflict>, StoreError> {
    let context = "cannot read the conflicting results";
    let rows = sqlx::query(
        "SELECT c.id, c.line_no, c.offered, c.offered_by, c.made_at, c.resolved_at,
                c.resolved_by, c.decision
         FROM entry_conflicts c JOIN sessions s ON s.id = c.session_id
         WHERE s.club_id = $1 AND c.session_id = $2
         ORDER BY c.id",
    )
    .bind(club.id)
    .bind(session)
    .fetch_all(&mut *conn)
    .await
    .map_err(db(context))?;
    rows.iter()
        .map(|r| conflict_of(r).map_err(|e| StoreError::Invalid(format!("{context}: {e}"))))
        .collect()
}

/// The table's result of `conflict` in place of the stored line it clashes with, as a
/// correction with who and why.
async fn take_offered_line(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    club: &Club,
    session: i64,
    conflict: &Conflict,
    by: &str,
) -> Result<(), StoreError> {
    let version: Option<i64> =
        sqlx::query_scalar("SELECT version FROM results WHERE session_id = $1 AND line_no = $2")
            .bind(session)
            .bind(conflict.line_no)
            .fetch_optional(&mut **tx)
            .await
            .map_err(db("cannot read the line"))?;
    let version = version.ok_or_else(|| {
        StoreError::NotFound(format!(
            "session {session} has no line {}",
            conflict.line_no
        ))
    })?;
    let at = LineAt {
        session,
        line_no: conflict.line_no,
        version,
    };
    let reason = format!(
        "two results confirmed for board {}: {}'s of {} taken",
        conflict.offered.board, conflict.offered_by, conflict.made_at
    );
    crate::sessions::correct_in(tx, club, at, &conflict.offered, by, &reason).await?;
    Ok(())
}
