//! A whole club as one JSON document: the backup a club keeps, and the way a club moves
//! from its own SQLite file to a federation's PostgreSQL server and back.
//!
//! The archive holds the club, its players, partnerships, playing moments, seasons,
//! ranking settings and every session with its pairs, lines as they stand, the log of
//! corrections and its file's sit-out lines. Importing it is one transaction: the club lands whole or not at all.
//!
//! An archive is read strictly: a key klaver does not know is refused rather than
//! dropped (a misspelt `adjsut` would lose the line's adjustment without a word), and
//! what must hold together is checked before anything is written
//! ([`crate::archive_problems`]).

use crate::clock::now;
use crate::conflicts::{Conflict, insert_conflicts};
use crate::deals::{StoredDeal, insert_deals};
use crate::model::{
    Club, Correction, Line, NewSession, Partnership, Player, SessionInfo, SessionPair, SitOut,
    StoredLine,
};
use crate::players::{Season, club_code_taken, insert_player};
use crate::removal::{RemovedSession, insert_removed};
use crate::sessions::{insert_correction, insert_numbered_session};
use crate::{Store, StoreError, db};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// The `format` value of a club archive.
pub const ARCHIVE_FORMAT: &str = "klaver club archive";

/// The newest archive layout this klaver reads: 2 keeps sessions' schedules, 3 the
/// sessions a director removed, 4 lines added to a session after it was stored (a
/// logged correction with no line before), 5 the sit-out lines of a session's file, 6
/// two pairs of one name (two players of one name, each with the same partner).
const ARCHIVE_VERSION: i64 = 6;

/// The layout an archive is written in: the oldest that holds all it keeps, so that an
/// older klaver still restores it whole, and refuses one whose schedules, removed
/// sessions, added lines or sit-out lines it would drop, or whose pairs of one name it
/// would merge into one.
fn layout_for(
    partnerships: &[Partnership],
    sessions: &[ArchivedSession],
    removed: &[RemovedSession],
) -> i64 {
    let mut names: Vec<(&str, &str)> = partnerships
        .iter()
        .map(|p| (p.kind.as_str(), p.name.as_str()))
        .collect();
    names.sort_unstable();
    if names.windows(2).any(|w| w[0] == w[1]) {
        return 6;
    }
    let added = |lines: &[ArchivedLine]| {
        lines
            .iter()
            .flat_map(|l| &l.corrections)
            .any(|c| c.old.is_none())
    };
    let sat_out = sessions.iter().any(|s| !s.sit_outs.is_empty())
        || removed.iter().any(|r| !r.session.sit_outs.is_empty());
    if sat_out {
        5
    } else if sessions.iter().any(|s| added(&s.lines))
        || removed.iter().any(|r| added(&r.session.lines))
    {
        4
    } else if !removed.is_empty() {
        3
    } else if sessions.iter().any(|s| s.info.schedule.is_some()) {
        2
    } else {
        1
    }
}

/// A whole club.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClubArchive {
    /// Always [`ARCHIVE_FORMAT`].
    pub format: String,
    /// The archive layout's version.
    pub version: i64,
    /// When it was written.
    pub exported_at: String,
    /// The club.
    pub club: Club,
    /// Its players; sessions refer to them by their place in this list (from 0).
    pub players: Vec<Player>,
    /// Its pairs, threesomes and teams.
    pub partnerships: Vec<Partnership>,
    /// Its playing moments.
    pub moments: Vec<String>,
    /// Its seasons.
    pub seasons: Vec<Season>,
    /// Its ranking settings (TOML), if stored.
    pub ranking_settings: Option<String>,
    /// Its sessions, in the order they were stored (by their numbers).
    pub sessions: Vec<ArchivedSession>,
    /// The sessions its directors removed, kept whole, oldest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub removed_sessions: Vec<RemovedSession>,
}

/// A session in an archive.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArchivedSession {
    /// Its number in the club's database when it was archived (an earlier klaver's
    /// archive has none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number: Option<i64>,
    /// Its description.
    #[serde(flatten)]
    pub info: SessionInfo,
    /// Its pairs.
    pub pairs: Vec<ArchivedPair>,
    /// Its lines as they stand, with their corrections.
    pub lines: Vec<ArchivedLine>,
    /// The sit-out lines of its file (an earlier klaver's archive has none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sit_outs: Vec<SitOut>,
    /// The hands kept with it, with their double-dummy tricks when solved.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub deals: Vec<StoredDeal>,
    /// Results a table confirmed that clash with a stored line, decided or not.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conflicts: Vec<Conflict>,
}

/// A session's pair in an archive.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArchivedPair {
    /// The section.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub section: String,
    /// The pair.
    pub pair: String,
    /// The names as written.
    pub names: String,
    /// Its players: places in the archive's player list.
    #[serde(default)]
    pub players: Vec<usize>,
}

fn imported() -> String {
    "import".into()
}

/// A line in an archive.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArchivedLine {
    /// The line as it stands.
    #[serde(flatten)]
    pub line: Line,
    /// Its version (1 + corrections).
    pub version: i64,
    /// Who entered it.
    #[serde(default = "imported")]
    pub entered_by: String,
    /// Its corrections, oldest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub corrections: Vec<Correction>,
}

impl Store {
    /// The whole club as an archive.
    pub async fn export_club(&self, club: &Club) -> Result<ClubArchive, StoreError> {
        let players = self.players(club).await?;
        let place: HashMap<i64, usize> =
            players.iter().enumerate().map(|(i, p)| (p.id, i)).collect();
        let mut summaries = self.sessions(club).await?;
        // In the order they were stored, so that a restore numbers them in that order.
        summaries.sort_by_key(|s| s.info.id);
        let mut sessions = Vec::with_capacity(summaries.len());
        for s in summaries {
            let session = self.session(club, s.info.id).await?;
            let corrections = self.corrections(club, s.info.id).await?;
            sessions.push(ArchivedSession {
                number: Some(s.info.id),
                info: session.info,
                pairs: session
                    .pairs
                    .into_iter()
                    .map(|p| ArchivedPair {
                        section: p.section,
                        pair: p.pair,
                        names: p.names,
                        players: p
                            .players
                            .iter()
                            .filter_map(|pl| place.get(&pl.id).copied())
                            .collect(),
                    })
                    .collect(),
                lines: archived_lines(session.lines, corrections),
                sit_outs: session.sit_outs,
                deals: self.deals(club, s.info.id).await?,
                conflicts: self.conflicts(club, s.info.id).await?,
            });
        }
        let removed_sessions = self.removed_sessions(club).await?;
        let partnerships = self.partnerships(club).await?;
        Ok(ClubArchive {
            format: ARCHIVE_FORMAT.to_string(),
            version: layout_for(&partnerships, &sessions, &removed_sessions),
            exported_at: now(),
            club: club.clone(),
            partnerships,
            moments: self.moments(club).await?,
            seasons: self.seasons(club).await?,
            ranking_settings: self.ranking_settings(club).await?,
            players,
            sessions,
            removed_sessions,
        })
    }

    /// Restores a club from an archive, under its own code or `code` when given; the code
    /// must be new on this database. All or nothing. Each session, live or removed, keeps
    /// its number, so that session 4 is session 4 again and a removed session's number
    /// is no live one's; where this database already uses one of the archive's numbers
    /// (a club restored beside others), or the archive has none, the sessions are
    /// numbered after the database's in the order they were stored, and the removed
    /// ones after them. On PostgreSQL the same holds where the database has given one
    /// of the numbers before (to an import under way, say), or the archive's lie more
    /// than [`RESTORE_NUMBERS_AHEAD`] past its next: an import into another club at the
    /// same time never gets a number a restored session has.
    pub async fn import_club(
        &self,
        archive: &ClubArchive,
        code: Option<&str>,
    ) -> Result<Club, StoreError> {
        check_archive(archive)?;
        crate::no_nul::archive_without_nul(archive)?;
        let problems = crate::archive_checks::archive_problems(archive);
        if !problems.is_empty() {
            return Err(StoreError::Invalid(format!(
                "the archive does not hold together; nothing was restored:\n  {}",
                problems.join("\n  ")
            )));
        }
        let code = crate::players::checked_code(code.unwrap_or(&archive.club.code))?;
        let mut tx = self
            .write_new_club("cannot start restoring the club")
            .await?;
        if club_code_taken(&mut tx, code).await? {
            return Err(StoreError::Conflict(format!(
                "{} already has a club with code {code}: restore under another code with --as CODE",
                self.location()
            )));
        }
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO clubs (code, name, created_at) VALUES ($1, $2, $3) RETURNING id",
        )
        .bind(code)
        .bind(&archive.club.name)
        .bind(&archive.club.created_at)
        .fetch_one(&mut *tx)
        .await
        .map_err(db("cannot create the club"))?;
        let club = Club {
            id,
            code: code.to_string(),
            ..archive.club.clone()
        };
        let mut players = Vec::with_capacity(archive.players.len());
        for p in &archive.players {
            players.push(insert_player(&mut tx, id, p.number.as_deref(), &p.name).await?);
        }
        restore_partnerships(&mut tx, id, &archive.partnerships, &players).await?;
        restore_calendar(&mut tx, id, archive).await?;
        let keep = numbers_free(&mut tx, archive).await?;
        for s in in_stored_order(&archive.sessions) {
            let number = s.number.filter(|_| keep);
            restore_session(&mut tx, &club, s, &players, number).await?;
        }
        for r in &archive.removed_sessions {
            let number = match keep {
                true => r.number,
                false => fresh_session_number(&mut tx).await?,
            };
            insert_removed(
                &mut tx,
                &club,
                &RemovedSession {
                    number,
                    ..r.clone()
                },
            )
            .await?;
        }
        // An earlier klaver's archive may hold pairs it merged by their names.
        crate::merged_pairs::split_merged_pairs(&mut tx, Some(id)).await?;
        crate::merged_pairs::merge_kept_twice(&mut tx, Some(id)).await?;
        tx.commit()
            .await
            .map_err(db("cannot commit the restored club; nothing was stored"))?;
        Ok(club)
    }
}

type Tx = sqlx::Transaction<'static, sqlx::Any>;

/// A session's lines as an archive keeps them: each with its corrections (`corrections`
/// are the session's, oldest first).
pub(crate) fn archived_lines(
    lines: Vec<StoredLine>,
    corrections: Vec<Correction>,
) -> Vec<ArchivedLine> {
    let mut by_line: HashMap<i64, Vec<Correction>> = HashMap::new();
    for c in corrections {
        by_line.entry(c.new.line_no).or_default().push(c);
    }
    lines
        .into_iter()
        .map(|l| ArchivedLine {
            corrections: by_line.remove(&l.line.line_no).unwrap_or_default(),
            line: l.line,
            version: l.version,
            entered_by: l.entered_by,
        })
        .collect()
}

/// Refuses what is not a klaver club archive, or one of a layout no klaver writes (below
/// 1) or newer than this klaver.
fn check_archive(archive: &ClubArchive) -> Result<(), StoreError> {
    if archive.format != ARCHIVE_FORMAT {
        return Err(StoreError::Invalid(format!(
            "this is not a klaver club archive (format {:?})",
            archive.format
        )));
    }
    if archive.version < 1 {
        return Err(StoreError::Invalid(format!(
            "the archive has layout version {}, which no klaver writes: write the version the archive was written in, from 1 to {ARCHIVE_VERSION}",
            archive.version
        )));
    }
    if archive.version > ARCHIVE_VERSION {
        return Err(StoreError::Invalid(format!(
            "the archive has layout version {}, this klaver reads up to {ARCHIVE_VERSION}: use a newer klaver",
            archive.version
        )));
    }
    Ok(())
}

/// An archive's sessions in the order they were stored, for the restore to number
/// them in that order: by their numbers; in an earlier klaver's archive, which has none
/// and lists a night's lines backwards, by when they were imported, a night's lines by
/// their letters.
fn in_stored_order(sessions: &[ArchivedSession]) -> Vec<&ArchivedSession> {
    let mut order: Vec<&ArchivedSession> = sessions.iter().collect();
    if order.iter().all(|s| s.number.is_some()) {
        order.sort_by_key(|s| s.number);
    } else {
        order.sort_by_key(|s| {
            let i = &s.info;
            (&i.imported_at, &i.date, &i.moment, &i.line_name)
        });
    }
    order
}

/// Whether the archive's sessions, live and removed, can keep their numbers here: each
/// has one, no two the same, this database uses none of them for a session of any
/// club, live or removed, and on PostgreSQL they are this restore's own
/// ([`numbers_reserved`]).
async fn numbers_free(tx: &mut Tx, archive: &ClubArchive) -> Result<bool, StoreError> {
    let live = archive.sessions.iter().map(|s| s.number);
    let removed = archive.removed_sessions.iter().map(|r| Some(r.number));
    let Some(mut wanted) = live.chain(removed).collect::<Option<Vec<i64>>>() else {
        return Ok(false);
    };
    wanted.sort_unstable();
    if wanted.windows(2).any(|w| w[0] == w[1]) {
        return Ok(false);
    }
    let used: Vec<i64> = sqlx::query_scalar(
        "SELECT id FROM sessions UNION SELECT session_number FROM removed_sessions",
    )
    .fetch_all(&mut **tx)
    .await
    .map_err(db("cannot read the database's session numbers"))?;
    if used.iter().any(|n| wanted.binary_search(n).is_ok()) {
        return Ok(false);
    }
    // SQLite's writers queue: no one numbers a session before this restore commits.
    if tx.backend_name() == "SQLite" {
        return Ok(true);
    }
    numbers_reserved(tx, &wanted).await
}

/// How far past a PostgreSQL database's next session number a restore keeps an
/// archive's numbers: it takes every number up to the highest it keeps, so an archive
/// numbered further on is numbered anew rather than take them by the million.
pub const RESTORE_NUMBERS_AHEAD: i64 = 100_000;

/// On PostgreSQL, whether every `wanted` number (in order, no two the same) is now this
/// restore's own. The numbers are taken from the sequence that numbers the sessions,
/// as an import takes its session's, from the next one up to the highest wanted, so
/// that no import into another club, meanwhile or later, is given one of them, and no
/// number an import under way holds is kept. Taking numbers needs no right beyond an
/// import's; the sequence is never set back or forward.
async fn numbers_reserved(tx: &mut Tx, wanted: &[i64]) -> Result<bool, StoreError> {
    let (Some(&low), Some(&high)) = (wanted.first(), wanted.last()) else {
        return Ok(true);
    };
    let given: Option<i64> = sqlx::query_scalar(
        "SELECT pg_sequence_last_value(pg_get_serial_sequence('sessions', 'id')::regclass)",
    )
    .fetch_one(&mut **tx)
    .await
    .map_err(db("cannot read the database's next session number"))?;
    let next = given.unwrap_or(0) + 1;
    if low < next || high - next > RESTORE_NUMBERS_AHEAD {
        return Ok(false);
    }
    let mut ours: Vec<i64> = sqlx::query_scalar(
        "SELECT n FROM (SELECT nextval(pg_get_serial_sequence('sessions', 'id')) AS n
                        FROM generate_series(1, $1)) AS taken
         WHERE n BETWEEN $2 AND $3",
    )
    .bind(high - next + 1)
    .bind(low)
    .bind(high)
    .fetch_all(&mut **tx)
    .await
    .map_err(db("cannot take the archive's session numbers"))?;
    ours.sort_unstable();
    Ok(wanted.iter().all(|n| ours.binary_search(n).is_ok()))
}

/// A session number no session, live or removed, has had, for a removed session whose
/// own number this database already uses.
async fn fresh_session_number(tx: &mut Tx) -> Result<i64, StoreError> {
    let sql = match tx.backend_name() {
        "SQLite" => {
            "SELECT MAX(n) + 1 FROM (SELECT COALESCE(MAX(id), 0) AS n FROM sessions
             UNION ALL SELECT COALESCE(MAX(session_number), 0) FROM removed_sessions) AS t"
        }
        _ => "SELECT nextval(pg_get_serial_sequence('sessions', 'id'))",
    };
    sqlx::query_scalar(sql)
        .fetch_one(&mut **tx)
        .await
        .map_err(db("cannot number a removed session"))
}

/// The club's partnerships with their players, found among the restored `players` by
/// member number (or by name for a player without one).
async fn restore_partnerships(
    tx: &mut Tx,
    club: i64,
    partnerships: &[Partnership],
    players: &[Player],
) -> Result<(), StoreError> {
    let by_key: HashMap<&str, i64> = players
        .iter()
        .map(|p| (p.number.as_deref().unwrap_or(p.name.as_str()), p.id))
        .collect();
    for p in partnerships {
        let pid: i64 = sqlx::query_scalar(
            "INSERT INTO partnerships (club_id, kind, name) VALUES ($1, $2, $3) RETURNING id",
        )
        .bind(club)
        .bind(&p.kind)
        .bind(&p.name)
        .fetch_one(&mut **tx)
        .await
        .map_err(db(format!("cannot restore the {} {}", p.kind, p.name)))?;
        for key in &p.players {
            let Some(player) = by_key.get(key.as_str()) else {
                return Err(StoreError::Invalid(format!(
                    "the archive's {} {} names {key}, who is not among its players",
                    p.kind, p.name
                )));
            };
            sqlx::query(
                "INSERT INTO partnership_members (partnership_id, player_id) VALUES ($1, $2)",
            )
            .bind(pid)
            .bind(player)
            .execute(&mut **tx)
            .await
            .map_err(db("cannot restore a partnership's players"))?;
        }
    }
    Ok(())
}

/// The club's playing moments, seasons and ranking settings.
async fn restore_calendar(tx: &mut Tx, club: i64, archive: &ClubArchive) -> Result<(), StoreError> {
    for m in &archive.moments {
        sqlx::query("INSERT INTO moments (club_id, name) VALUES ($1, $2)")
            .bind(club)
            .bind(m)
            .execute(&mut **tx)
            .await
            .map_err(db("cannot restore the playing moments"))?;
    }
    for s in &archive.seasons {
        sqlx::query(
            "INSERT INTO seasons (club_id, name, starts_on, ends_on) VALUES ($1, $2, $3, $4)",
        )
        .bind(club)
        .bind(&s.name)
        .bind(&s.starts_on)
        .bind(&s.ends_on)
        .execute(&mut **tx)
        .await
        .map_err(db("cannot restore the seasons"))?;
    }
    if let Some(settings) = &archive.ranking_settings {
        sqlx::query("INSERT INTO club_settings (club_id, ranking, updated_at) VALUES ($1, $2, $3)")
            .bind(club)
            .bind(settings)
            .bind(now())
            .execute(&mut **tx)
            .await
            .map_err(db("cannot restore the ranking settings"))?;
    }
    Ok(())
}

/// One archived session, under `number` when given: its pairs with their players (by
/// their place in the archive's list), its lines, and each corrected line's version and
/// corrections.
async fn restore_session(
    tx: &mut Tx,
    club: &Club,
    s: &ArchivedSession,
    players: &[Player],
    number: Option<i64>,
) -> Result<(), StoreError> {
    let mut pairs = Vec::with_capacity(s.pairs.len());
    for p in &s.pairs {
        let mut found = Vec::with_capacity(p.players.len());
        for &i in &p.players {
            found.push(players.get(i).cloned().ok_or_else(|| {
                StoreError::Invalid(format!(
                    "the archive's session of {} names player {i}, but it lists only {} players",
                    s.info.date,
                    players.len()
                ))
            })?);
        }
        pairs.push(SessionPair {
            section: p.section.clone(),
            pair: p.pair.clone(),
            names: p.names.clone(),
            players: found,
        });
    }
    let new = NewSession {
        info: s.info.clone(),
        pairs,
        lines: s.lines.iter().map(|l| l.line.clone()).collect(),
        sit_outs: s.sit_outs.clone(),
    };
    let session = insert_numbered_session(tx, club, &new, false, number).await?;
    insert_deals(tx, session, &s.deals).await?;
    insert_conflicts(tx, session, &s.conflicts).await?;
    let as_imported = |l: &&ArchivedLine| {
        l.version == 1 && l.corrections.is_empty() && l.entered_by == imported()
    };
    for l in s.lines.iter().filter(|l| !as_imported(l)) {
        let result: i64 = sqlx::query_scalar(
            "UPDATE results SET version = $1, entered_by = $2 WHERE session_id = $3 AND line_no = $4 RETURNING id",
        )
        .bind(l.version)
        .bind(&l.entered_by)
        .bind(session)
        .bind(l.line.line_no)
        .fetch_one(&mut **tx)
        .await
        .map_err(db("cannot restore a line's version"))?;
        for c in &l.corrections {
            insert_correction(tx, result, c).await?;
        }
    }
    Ok(())
}
