//! A session's sit-out lines: which pair sat out which board, as the file it was
//! imported from said, kept so that the night's boards are said as the file's are.

use crate::model::SitOut;
use crate::sessions::{ROWS_PER_INSERT, values};
use crate::{StoreError, db};
use sqlx::Row;

/// Keeps a new session's sit-out lines, many rows a statement.
pub(crate) async fn insert_sit_outs(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    sqlite: bool,
    session: i64,
    sit_outs: &[SitOut],
) -> Result<(), StoreError> {
    for chunk in sit_outs.chunks(ROWS_PER_INSERT) {
        let sql = format!(
            "INSERT INTO session_sit_outs (session_id, section, board, pair, source_line) VALUES {}",
            values(sqlite, chunk.len(), 5, "")
        );
        let mut q = sqlx::query(&sql);
        for s in chunk {
            q = q
                .bind(session)
                .bind(&s.section)
                .bind(s.board)
                .bind(&s.pair)
                .bind(s.source_line);
        }
        q.execute(&mut **tx)
            .await
            .map_err(db("cannot store the session's sit-out lines"))?;
    }
    Ok(())
}

/// A session's sit-out lines in the order stored (the file's), read on `conn`.
pub(crate) async fn sit_outs_on(
    conn: &mut sqlx::AnyConnection,
    session: i64,
) -> Result<Vec<SitOut>, StoreError> {
    let context = "cannot read the session's sit-out lines";
    let rows = sqlx::query(
        "SELECT section, board, pair, source_line FROM session_sit_outs
         WHERE session_id = $1 ORDER BY source_line, id",
    )
    .bind(session)
    .fetch_all(&mut *conn)
    .await
    .map_err(db(context))?;
    rows.iter()
        .map(|r| {
            Ok(SitOut {
                section: r.try_get(0)?,
                board: r.try_get(1)?,
                pair: r.try_get(2)?,
                source_line: r.try_get(3)?,
            })
        })
        .collect::<Result<_, sqlx::Error>>()
        .map_err(db(context))
}
