//! A session's deals, kept with it: each board's hands and, once solved, its
//! double-dummy tricks, so that the result pages show them without solving again.

use crate::model::Club;
use crate::{Store, StoreError, db};
use sqlx::Row;

/// One board's deal as kept: the hands as PBN writes them (`N:AKQ... ...`) and its
/// double-dummy tricks as PBN's `DoubleDummyTricks` (20 hexadecimal digits), when solved.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StoredDeal {
    /// The board.
    pub board: i64,
    /// The four hands.
    pub deal: String,
    /// The tricks each declarer takes in each strain, when solved.
    pub tricks: Option<String>,
}

impl Store {
    /// Keeps a session's deals in place of any it had.
    pub async fn set_deals(
        &self,
        club: &Club,
        session: i64,
        deals: &[StoredDeal],
    ) -> Result<(), StoreError> {
        let context = "cannot keep the session's deals";
        let mut tx = self.write_club(club, context).await?;
        Store::club_session(&mut tx, club, session).await?;
        sqlx::query("DELETE FROM session_deals WHERE session_id = $1")
            .bind(session)
            .execute(&mut *tx)
            .await
            .map_err(db(context))?;
        insert_deals(&mut tx, session, deals).await?;
        tx.commit().await.map_err(db(context))
    }

    /// Keeps one board's deal, unless the session already has one for the board: a deal
    /// entered once (at a table, or from the dealing program's file) is not replaced from
    /// a phone. Says whether it was kept.
    pub async fn add_deal(
        &self,
        club: &Club,
        session: i64,
        deal: &StoredDeal,
    ) -> Result<bool, StoreError> {
        let context = "cannot keep the board's deal";
        let mut tx = self.write_club(club, context).await?;
        Store::club_session(&mut tx, club, session).await?;
        let there: Option<i64> = sqlx::query_scalar(
            "SELECT board FROM session_deals WHERE session_id = $1 AND board = $2",
        )
        .bind(session)
        .bind(deal.board)
        .fetch_optional(&mut *tx)
        .await
        .map_err(db(context))?;
        if there.is_some() {
            return Ok(false);
        }
        sqlx::query(
            "INSERT INTO session_deals (session_id, board, deal, tricks) VALUES ($1, $2, $3, $4)",
        )
        .bind(session)
        .bind(deal.board)
        .bind(&deal.deal)
        .bind(deal.tricks.as_deref())
        .execute(&mut *tx)
        .await
        .map_err(db(context))?;
        tx.commit().await.map_err(db(context))?;
        Ok(true)
    }

    /// A session's deals, by board.
    pub async fn deals(&self, club: &Club, session: i64) -> Result<Vec<StoredDeal>, StoreError> {
        let context = "cannot read the session's deals";
        let mut conn = self.pool.acquire().await.map_err(db(context))?;
        deals_on(&mut conn, club, session).await
    }
}

/// A session's deals, by board, read on `conn`.
pub(crate) async fn deals_on(
    conn: &mut sqlx::AnyConnection,
    club: &Club,
    session: i64,
) -> Result<Vec<StoredDeal>, StoreError> {
    let context = "cannot read the session's deals";
    let rows = sqlx::query(
        "SELECT d.board, d.deal, d.tricks FROM session_deals d
         JOIN sessions s ON s.id = d.session_id
         WHERE s.club_id = $1 AND d.session_id = $2 ORDER BY d.board",
    )
    .bind(club.id)
    .bind(session)
    .fetch_all(&mut *conn)
    .await
    .map_err(db(context))?;
    rows.iter()
        .map(|r| {
            Ok(StoredDeal {
                board: r.try_get(0).map_err(db(context))?,
                deal: r.try_get(1).map_err(db(context))?,
                tricks: r.try_get(2).map_err(db(context))?,
            })
        })
        .collect()
}

/// Keeps `deals` with a session that has none yet.
pub(crate) async fn insert_deals(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    session: i64,
    deals: &[StoredDeal],
) -> Result<(), StoreError> {
    for d in deals {
        sqlx::query(
            "INSERT INTO session_deals (session_id, board, deal, tricks) VALUES ($1, $2, $3, $4)",
        )
        .bind(session)
        .bind(d.board)
        .bind(&d.deal)
        .bind(d.tricks.as_deref())
        .execute(&mut **tx)
        .await
        .map_err(db("cannot keep the session's deals"))?;
    }
    Ok(())
}
