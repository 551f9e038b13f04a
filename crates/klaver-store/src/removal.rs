//! Sessions a director removes: a night stored by mistake (imported twice, the wrong
//! file) taken out of the club, and kept whole in the club's log of removed sessions
//! with who, when and why, so that no result entered is lost with it. The log goes
//! with the club's archive.

use crate::archive::{ArchivedLine, archived_lines};
use crate::clock::now;
use crate::conflicts::{Conflict, conflicts_on};
use crate::deals::{StoredDeal, deals_on};
use crate::model::{Club, SessionInfo, SessionPair, SitOut};
use crate::sessions::{corrections_on, session_info, session_lines, session_pairs};
use crate::sit_outs::sit_outs_on;
use crate::{Backend, Store, StoreError, db};
use serde::{Deserialize, Serialize};
use sqlx::Row;

type Tx = sqlx::Transaction<'static, sqlx::Any>;

/// A session as it stood when it was removed: its pairs with their players (by
/// federation number and name), its lines with their corrections, its file's sit-out
/// lines, the hands kept with it and the results tables confirmed against it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KeptSession {
    /// Its description.
    #[serde(flatten)]
    pub info: SessionInfo,
    /// Its pairs.
    pub pairs: Vec<SessionPair>,
    /// Its lines as they stood, with their corrections.
    pub lines: Vec<ArchivedLine>,
    /// The sit-out lines of its file.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sit_outs: Vec<SitOut>,
    /// The hands kept with it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub deals: Vec<StoredDeal>,
    /// Results a table confirmed that clashed with a stored line.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conflicts: Vec<Conflict>,
}

/// A session a director removed, as the club's log keeps it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RemovedSession {
    /// The number the session had (`klaver session list` showed it).
    pub number: i64,
    /// When it was removed.
    pub removed_at: String,
    /// Who removed it.
    pub removed_by: String,
    /// Why.
    pub reason: String,
    /// The session whole.
    pub session: KeptSession,
}

impl Store {
    /// Removes a session of the club, all or nothing, keeping it whole in the club's log
    /// of removed sessions with who removed it and why (a reason is required). What
    /// was removed is returned as the log keeps it.
    pub async fn delete_session(
        &self,
        club: &Club,
        id: i64,
        by: &str,
        reason: &str,
    ) -> Result<RemovedSession, StoreError> {
        if reason.trim().is_empty() {
            return Err(StoreError::Invalid(
                "a session is removed with a reason (--reason \"...\"): it is kept in the log with the session".into(),
            ));
        }
        let mut tx = self
            .write_club(club, "cannot start removing the session")
            .await?;
        self.hold_whole(&mut tx, club, id).await?;
        let removed = RemovedSession {
            number: id,
            removed_at: now(),
            removed_by: by.trim().to_string(),
            reason: reason.trim().to_string(),
            session: kept_session(&mut tx, club, id).await?,
        };
        let removed = insert_removed(&mut tx, club, &removed).await?;
        delete_rows(&mut tx, id).await?;
        tx.commit()
            .await
            .map_err(db("cannot commit the removal; nothing was removed"))?;
        Ok(removed)
    }

    /// The sessions the club's directors removed, oldest first.
    pub async fn removed_sessions(&self, club: &Club) -> Result<Vec<RemovedSession>, StoreError> {
        let context = "cannot read the removed sessions";
        let rows = sqlx::query(
            "SELECT session_number, removed_at, removed_by, reason, session
             FROM removed_sessions WHERE club_id = $1 ORDER BY id",
        )
        .bind(club.id)
        .fetch_all(&self.pool)
        .await
        .map_err(db(context))?;
        rows.iter()
            .map(|r| {
                let text: String = r.try_get(4).map_err(db(context))?;
                Ok(RemovedSession {
                    number: r.try_get(0).map_err(db(context))?,
                    removed_at: r.try_get(1).map_err(db(context))?,
                    removed_by: r.try_get(2).map_err(db(context))?,
                    reason: r.try_get(3).map_err(db(context))?,
                    session: read_kept(&text)?,
                })
            })
            .collect()
    }

    /// Holds the club's session and all its rows for the rest of the transaction, so
    /// that what is logged is what is removed: SQLite's write transaction holds the
    /// whole database already; PostgreSQL locks the session's row and its rows (a
    /// table's line, a correction or a decision waits, and then finds it gone).
    async fn hold_whole(&self, tx: &mut Tx, club: &Club, id: i64) -> Result<(), StoreError> {
        self.lock_session(tx, club, id).await.map_err(|e| match e {
            StoreError::NotFound(_) => StoreError::NotFound(format!(
                "club {} has no session {id}: `klaver session list` shows them",
                club.code
            )),
            e => e,
        })?;
        if self.backend == Backend::Postgres {
            for table in [
                "results",
                "entry_conflicts",
                "session_deals",
                "session_sit_outs",
                "table_links",
            ] {
                sqlx::query(&format!(
                    "SELECT session_id FROM {table} WHERE session_id = $1 FOR UPDATE"
                ))
                .bind(id)
                .fetch_all(&mut **tx)
                .await
                .map_err(db("cannot hold the session to remove it"))?;
            }
        }
        Ok(())
    }
}

/// The session `id` whole, read inside the removal's transaction.
async fn kept_session(tx: &mut Tx, club: &Club, id: i64) -> Result<KeptSession, StoreError> {
    let info = session_info(tx, club, id).await?;
    let pairs = session_pairs(tx, id).await?;
    let lines = session_lines(tx, id, None).await?;
    let corrections = corrections_on(tx, club, id).await?;
    Ok(KeptSession {
        info,
        pairs,
        lines: archived_lines(lines, corrections),
        sit_outs: sit_outs_on(tx, id).await?,
        deals: deals_on(tx, club, id).await?,
        conflicts: conflicts_on(tx, club, id).await?,
    })
}

/// A logged session read back; one the log cannot read is named as such.
fn read_kept(text: &str) -> Result<KeptSession, StoreError> {
    serde_json::from_str(text).map_err(|e| {
        StoreError::Invalid(format!("a removed session in the log cannot be read: {e}"))
    })
}

/// Keeps a removed session in the club's log; returns it as the log keeps it (its
/// players by number and name, without the database's own numbers).
pub(crate) async fn insert_removed(
    tx: &mut Tx,
    club: &Club,
    removed: &RemovedSession,
) -> Result<RemovedSession, StoreError> {
    let text = serde_json::to_string(&removed.session)
        .map_err(|e| StoreError::Invalid(format!("cannot keep the removed session: {e}")))?;
    sqlx::query(
        "INSERT INTO removed_sessions (club_id, session_number, removed_at, removed_by, reason, session)
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(club.id)
    .bind(removed.number)
    .bind(&removed.removed_at)
    .bind(&removed.removed_by)
    .bind(&removed.reason)
    .bind(&text)
    .execute(&mut **tx)
    .await
    .map_err(db("cannot keep the removed session in the log"))?;
    Ok(RemovedSession {
        session: read_kept(&text)?,
        ..removed.clone()
    })
}

/// Deletes the session's rows, those that refer to others first.
async fn delete_rows(tx: &mut Tx, id: i64) -> Result<(), StoreError> {
    for sql in [
        "DELETE FROM corrections WHERE result_id IN (SELECT id FROM results WHERE session_id = $1)",
        "DELETE FROM session_pair_players
         WHERE session_pair_id IN (SELECT id FROM session_pairs WHERE session_id = $1)",
        "DELETE FROM results WHERE session_id = $1",
        "DELETE FROM session_pairs WHERE session_id = $1",
        "DELETE FROM table_links WHERE session_id = $1",
        "DELETE FROM entry_conflicts WHERE session_id = $1",
        "DELETE FROM session_deals WHERE session_id = $1",
        "DELETE FROM session_sit_outs WHERE session_id = $1",
        "DELETE FROM sessions WHERE id = $1",
    ] {
        sqlx::query(sql)
            .bind(id)
            .execute(&mut **tx)
            .await
            .map_err(db("cannot remove the session"))?;
    }
    Ok(())
}
