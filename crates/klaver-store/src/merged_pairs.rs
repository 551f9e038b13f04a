//! Pairs an earlier klaver merged or kept twice. It knew a pair by its players' names,
//! so two players of one name (two Jan de Wits) who each played with Piet Smit became
//! one "pair" of three players, and a pair whose player was renamed between nights was
//! kept a second time under the new name. A merged partnership is split into the pairs
//! the club's sessions show (Jan de Wit 7001 with Piet Smit, Jan de Wit 7002 with Piet
//! Smit), and the same players kept twice become one pair under the name it was last
//! kept under, when a database is brought forward and when an archive of that klaver
//! is restored.

use crate::model::{Player, SessionInfo, SessionPair};
use crate::sessions::{
    KnownPartnership, PartnershipKey, club_partnerships, partnerships_of, remember_partnerships,
};
use crate::{StoreError, db};
use sqlx::Row;

type Tx = sqlx::Transaction<'static, sqlx::Any>;

/// Splits the merged pairs and threesomes of one club (or of every club): the pairs its
/// sessions show are added, and a merged one is removed once each of its players is in
/// one of them of the same kind and name. One no session explains (its nights were
/// removed) is kept as it is rather than guessed at.
pub(crate) async fn split_merged_pairs(tx: &mut Tx, club: Option<i64>) -> Result<(), StoreError> {
    for club in clubs_with_merged(tx, club).await? {
        let sqlite = tx.backend_name() == "SQLite";
        let pairs = played_pairs(tx, club).await?;
        let info = SessionInfo {
            form: "pairs".into(),
            ..SessionInfo::default()
        };
        remember_partnerships(tx, sqlite, club, &partnerships_of(&info, &pairs)).await?;
        let known = club_partnerships(tx, club).await?;
        for merged in known.iter().filter(|k| is_merged(k)) {
            if explained(merged, &known) {
                remove_partnership(tx, merged.id).await?;
            }
        }
    }
    Ok(())
}

/// A pair of more than two players, or a threesome of more than three.
fn is_merged(k: &KnownPartnership) -> bool {
    match k.kind.as_str() {
        "pair" => k.players.len() > 2,
        "threesome" => k.players.len() > 3,
        _ => false,
    }
}

/// Whether each player of a merged partnership is in another of its kind and name.
fn explained(merged: &KnownPartnership, known: &[KnownPartnership]) -> bool {
    merged.players.iter().all(|p| {
        known.iter().any(|k| {
            k.id != merged.id
                && !is_merged(k)
                && k.kind == merged.kind
                && k.name == merged.name
                && k.players.contains(p)
        })
    })
}

/// The clubs (of `club` alone when given) with a merged pair or threesome.
async fn clubs_with_merged(tx: &mut Tx, club: Option<i64>) -> Result<Vec<i64>, StoreError> {
    let sql =
        format!(
        "SELECT p.club_id FROM partnerships p JOIN partnership_members m ON m.partnership_id = p.id
         WHERE p.kind IN ('pair', 'threesome') {}
         GROUP BY p.id, p.club_id, p.kind
         HAVING COUNT(*) > CASE p.kind WHEN 'pair' THEN 2 ELSE 3 END",
        if club.is_some() { "AND p.club_id = $1" } else { "" }
    );
    let mut q = sqlx::query(&sql);
    if let Some(club) = club {
        q = q.bind(club);
    }
    let rows = (q.fetch_all(&mut **tx).await).map_err(db("cannot look up the pairs"))?;
    let mut clubs = Vec::with_capacity(rows.len());
    for r in &rows {
        clubs.push(r.try_get::<i64, _>(0).map_err(db("cannot read a pair"))?);
    }
    clubs.sort_unstable();
    clubs.dedup();
    Ok(clubs)
}

/// The pairs of the club's sessions (not its teams nights), with their players.
async fn played_pairs(tx: &mut Tx, club: i64) -> Result<Vec<SessionPair>, StoreError> {
    let rows = sqlx::query(
        "SELECT sp.id, pl.id, pl.number, pl.name FROM sessions s
         JOIN session_pairs sp ON sp.session_id = s.id
         JOIN session_pair_players spp ON spp.session_pair_id = sp.id
         JOIN players pl ON pl.id = spp.player_id
         WHERE s.club_id = $1 AND s.form <> 'teams'
         ORDER BY sp.id, spp.seat",
    )
    .bind(club)
    .fetch_all(&mut **tx)
    .await
    .map_err(db("cannot read the sessions' pairs"))?;
    let mut out: Vec<(i64, SessionPair)> = Vec::new();
    for r in &rows {
        let read = || -> Result<(i64, Player), sqlx::Error> {
            let player = Player {
                id: r.try_get(1)?,
                number: r.try_get(2)?,
                name: r.try_get(3)?,
            };
            Ok((r.try_get(0)?, player))
        };
        let (pair, player) = read().map_err(db("cannot read a pair's player"))?;
        if out.last().is_none_or(|(last, _)| *last != pair) {
            out.push((pair, SessionPair::default()));
        }
        if let Some((_, last)) = out.last_mut() {
            last.players.push(player);
        }
    }
    Ok(out.into_iter().map(|(_, p)| p).collect())
}

/// Removes a partnership and its players' membership of it.
async fn remove_partnership(tx: &mut Tx, id: i64) -> Result<(), StoreError> {
    for sql in [
        "DELETE FROM partnership_members WHERE partnership_id = $1",
        "DELETE FROM partnerships WHERE id = $1",
    ] {
        sqlx::query(sql)
            .bind(id)
            .execute(&mut **tx)
            .await
            .map_err(db("cannot split a merged pair"))?;
    }
    Ok(())
}

/// Makes the pairs and threesomes kept more than once with the same players (under the
/// names they had before a player was renamed) one, of every club or of `club`: the one
/// kept last, whose name is the newest, stays.
pub(crate) async fn merge_kept_twice(tx: &mut Tx, club: Option<i64>) -> Result<(), StoreError> {
    let clubs: Vec<i64> = match club {
        Some(c) => vec![c],
        None => sqlx::query_scalar("SELECT DISTINCT club_id FROM partnerships")
            .fetch_all(&mut **tx)
            .await
            .map_err(db("cannot look up the pairs"))?,
    };
    for club in clubs {
        let known = club_partnerships(tx, club).await?;
        let kept: Vec<(PartnershipKey, i64)> = known
            .iter()
            .filter(|k| k.kind != "team")
            .map(|k| (k.key(), k.id))
            .collect();
        // The last kept of each players' pair or threesome (they come in the order kept).
        let last: std::collections::HashMap<&PartnershipKey, i64> =
            kept.iter().map(|(key, id)| (key, *id)).collect();
        for (key, id) in &kept {
            if last[key] != *id {
                remove_partnership(tx, *id).await?;
            }
        }
    }
    Ok(())
}
