//! klaver-store: a club's season kept in a real database.
//!
//! One schema and one set of queries serve two databases: SQLite (one file, created on
//! first use, write-ahead log, foreign keys on) for a club's laptop, and PostgreSQL for a
//! federation that hosts many clubs on one server. Both go through sqlx's `Any` driver, so
//! every query is the same text with `$1` parameters; the only place the two differ is the
//! primary-key column type in the migrations (see [`migrate`]).
//!
//! What is kept: clubs, players (with their federation numbers), pairs, threesomes and
//! teams, playing moments, seasons, sessions (date, line, form, movement, scoring options),
//! the traveller lines as entered with the director's adjustments, the sit-out lines of
//! the file a session came from (which pair sat out which board), and every correction
//! (who, when, why, the line before and after; nothing is overwritten without a trace).
//! A session a director removes is kept whole in the club's log of removed sessions.
//! The store never computes a score: sessions come in as klaver's travellers lines and go
//! out the same way, to be scored by `klaver-core` like any file.
//!
//! Safety: every import and every correction is one transaction, so it lands whole or not
//! at all, and a process killed half-way leaves what was committed before it untouched.
//! SQLite write transactions start with `BEGIN IMMEDIATE` and wait up to a minute for
//! another writer; on PostgreSQL a club's writers take turns by an advisory lock on the
//! club, so a check made before a write (a night's results stored once) holds for it; corrections check the line's version so two directors correcting the
//! same line at once cannot lose one another's change. A database written by an older
//! klaver is migrated forward when opened; one written by a newer klaver is refused.

mod archive;
mod archive_checks;
mod archive_read;
mod clock;
mod conflicts;
mod deals;
pub mod import;
mod merged_pairs;
pub mod migrate;
mod model;
mod night_checks;
mod nights;
mod no_nul;
mod players;
mod removal;
mod sessions;
mod sit_outs;

pub use archive::{
    ARCHIVE_FORMAT, ArchivedLine, ArchivedPair, ArchivedSession, ClubArchive, RESTORE_NUMBERS_AHEAD,
};
pub use archive_checks::archive_problems;
pub use archive_read::read_archive;
pub use clock::{now, now_plus, unix_seconds};
pub use conflicts::{Conflict, Decision, Outcome};
pub use deals::StoredDeal;
pub use import::{
    NameMatch, UnknownNames, fields_of, lines_from_event, match_pair_names, pairs_csv,
    pairs_from_event, sit_outs_from_event, travellers_csv,
};
pub use model::*;
pub use nights::{Director, LoggedIn, Revision, TableLink, session_name};
pub use players::Season;
pub use removal::{KeptSession, RemovedSession};
pub use sessions::LineAt;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::{AnyPool, Executor};
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

/// How long opening a database may take before klaver gives up with the reason.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// Opens one connection and reads the schema, to fail at once with the database's own
/// message: a pool retries a failing connection until its time-out (a minute) and then
/// says only that it timed out, for a server that is down and a file that is not a
/// database alike.
async fn check_reachable(
    options: &AnyConnectOptions,
    backend: Backend,
    shown: &str,
) -> Result<(), StoreError> {
    use sqlx::Connection;
    let cannot = || format!("cannot open the database {shown}");
    let probe = async {
        let mut conn = sqlx::AnyConnection::connect_with(options).await?;
        let schema = match backend {
            Backend::Sqlite => "SELECT count(*) FROM sqlite_master",
            Backend::Postgres => "SELECT 1",
        };
        conn.execute(schema).await?;
        conn.close().await
    };
    match tokio::time::timeout(CONNECT_TIMEOUT, probe).await {
        Ok(result) => result.map_err(db(cannot())),
        Err(_) => Err(StoreError::Database {
            context: cannot(),
            source: sqlx::Error::Io(std::io::Error::new(
                std::io::ErrorKind::TimedOut,
                format!(
                    "no answer within {} seconds: check that the server is running and reachable",
                    CONNECT_TIMEOUT.as_secs()
                ),
            )),
        }),
    }
}

/// The two databases klaver runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// One file on the club's computer.
    Sqlite,
    /// A server shared by many clubs.
    Postgres,
}

/// What went wrong with the database, in words a director can act on.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database could not be reached, read or written.
    #[error("{context}: {source}")]
    Database {
        /// What klaver was doing.
        context: String,
        /// The database's own message.
        #[source]
        source: sqlx::Error,
    },
    /// The database was written by a newer klaver.
    #[error(
        "the database has schema version {found}, but this klaver knows only up to {known}: use a newer klaver"
    )]
    NewerSchema {
        /// The version in the database.
        found: i64,
        /// The newest version this klaver has.
        known: i64,
    },
    /// Something asked for does not exist.
    #[error("{0}")]
    NotFound(String),
    /// The change would clash with what is stored (the same session twice, a club code in
    /// use, a line corrected by someone else meanwhile).
    #[error("{0}")]
    Conflict(String),
    /// The request itself is wrong (a bad date, an empty name).
    #[error("{0}")]
    Invalid(String),
}

/// Wraps a database error with what klaver was doing.
pub(crate) fn db(context: impl Into<String>) -> impl FnOnce(sqlx::Error) -> StoreError {
    let context = context.into();
    move |source| StoreError::Database { context, source }
}

/// A club's database.
#[derive(Debug, Clone)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
    location: String,
}

/// The database file used when none is given: `klaver.db` in the user's data directory
/// (`$XDG_DATA_HOME/klaver`, else `~/.local/share/klaver`).
pub fn default_database() -> PathBuf {
    let base = std::env::var_os("XDG_DATA_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| Path::new(&h).join(".local/share")))
        .unwrap_or_else(|| PathBuf::from("."));
    base.join("klaver").join("klaver.db")
}

impl Store {
    /// Opens (creating when needed) the database at `location`: a `postgres://` URL, a
    /// `sqlite:` URL or the path of a SQLite file, and brings its schema up to date.
    pub async fn open(location: &str) -> Result<Store, StoreError> {
        let store = Store::connect(location).await?;
        migrate::run(&store, None).await?;
        Ok(store)
    }

    /// Opens the database and migrates it only up to `version` (for testing that an
    /// older klaver's database is brought forward).
    #[doc(hidden)]
    pub async fn open_at_version(location: &str, version: i64) -> Result<Store, StoreError> {
        let store = Store::connect(location).await?;
        migrate::run(&store, Some(version)).await?;
        Ok(store)
    }

    async fn connect(location: &str) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        let lower = location.to_ascii_lowercase();
        let (backend, url, shown) =
            if lower.starts_with("postgres://") || lower.starts_with("postgresql://") {
                (Backend::Postgres, location.to_string(), redact(location))
            } else {
                let path = match location.strip_prefix("sqlite://") {
                    Some(p) => PathBuf::from(p.split('?').next().unwrap_or(p)),
                    None => PathBuf::from(location.strip_prefix("sqlite:").unwrap_or(location)),
                };
                if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                    std::fs::create_dir_all(dir).map_err(|e| {
                        StoreError::Invalid(format!(
                            "cannot create the folder {} for the database: {e}",
                            dir.display()
                        ))
                    })?;
                }
                let opts = sqlx::sqlite::SqliteConnectOptions::new()
                    .filename(&path)
                    .create_if_missing(true);
                let url = sqlx::ConnectOptions::to_url_lossy(&opts).to_string();
                (Backend::Sqlite, url, path.display().to_string())
            };
        let options = AnyConnectOptions::from_str(&url)
            .map_err(db(format!("the database address {shown} is not valid")))?;
        check_reachable(&options, backend, &shown).await?;
        let pool = AnyPoolOptions::new()
            .max_connections(if backend == Backend::Sqlite { 4 } else { 8 })
            .acquire_timeout(Duration::from_secs(60))
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if backend == Backend::Sqlite {
                        // Wait for another writer rather than fail; keep every commit on
                        // disk before it is reported done.
                        conn.execute("PRAGMA busy_timeout = 60000").await?;
                        conn.execute("PRAGMA synchronous = FULL").await?;
                        conn.execute("PRAGMA foreign_keys = ON").await?;
                    }
                    Ok(())
                })
            })
            .connect_with(options)
            .await
            .map_err(db(format!("cannot open the database {shown}")))?;
        Ok(Store {
            pool,
            backend,
            location: shown,
        })
    }

    /// Which database this is.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Where the database is, for messages (a PostgreSQL password is not shown).
    pub fn location(&self) -> &str {
        &self.location
    }

    /// The connection pool, for the web server and tests.
    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// Refuses, as not found, a session that is not this club's (checked inside the
    /// transaction that is about to change it).
    pub(crate) async fn club_session(
        tx: &mut sqlx::Transaction<'static, sqlx::Any>,
        club: &Club,
        session: i64,
    ) -> Result<(), StoreError> {
        let known: Option<i64> =
            sqlx::query_scalar("SELECT id FROM sessions WHERE id = $1 AND club_id = $2")
                .bind(session)
                .bind(club.id)
                .fetch_optional(&mut **tx)
                .await
                .map_err(db("cannot look up the session"))?;
        match known {
            Some(_) => Ok(()),
            None => Err(StoreError::NotFound(format!(
                "club {} has no session {session}",
                club.code
            ))),
        }
    }

    /// Starts a write transaction: `BEGIN IMMEDIATE` on SQLite, so that two writers queue
    /// up instead of one failing half-way.
    pub(crate) async fn write(
        &self,
        context: &str,
    ) -> Result<sqlx::Transaction<'static, sqlx::Any>, StoreError> {
        let begin = match self.backend {
            Backend::Sqlite => "BEGIN IMMEDIATE",
            Backend::Postgres => "BEGIN",
        };
        self.pool.begin_with(begin).await.map_err(db(context))
    }

    /// Starts a write transaction on one club's data that holds, until it ends, the
    /// club's turn to write: on PostgreSQL a transaction-scoped advisory lock on the
    /// club, taken before anything is read. A writer that checks what is stored before
    /// it adds to it (a night's results stored once, a player in one pair a night, a
    /// moment, pair or player created once) then sees every earlier writer's work and
    /// none of a later one's, as on SQLite, where `BEGIN IMMEDIATE` queues all writers.
    /// Other clubs on the same server are not held up.
    pub(crate) async fn write_club(
        &self,
        club: i64,
        context: &str,
    ) -> Result<sqlx::Transaction<'static, sqlx::Any>, StoreError> {
        let mut tx = self.write(context).await?;
        if self.backend == Backend::Postgres {
            lock_turn(&mut tx, club_key(club), context).await?;
        }
        Ok(tx)
    }

    /// Starts a write transaction that creates a club under a code, holding the turn of
    /// every writer that creates a club on PostgreSQL (as [`Store::write_club`] does for
    /// one club), so that two clubs cannot take one code at once.
    pub(crate) async fn write_new_club(
        &self,
        context: &str,
    ) -> Result<sqlx::Transaction<'static, sqlx::Any>, StoreError> {
        let mut tx = self.write(context).await?;
        if self.backend == Backend::Postgres {
            lock_turn(&mut tx, NEW_CLUB_KEY, context).await?;
        }
        Ok(tx)
    }

    /// Closes every connection (waiting for running queries).
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

/// The first half of klaver's two-part PostgreSQL advisory lock keys for writers (the
/// schema's lock is a one-part key: PostgreSQL keeps the two kinds apart).
const WRITER_LOCKS: i32 = 7_405_302;

/// The second half of the lock key of the writers that create a club.
const NEW_CLUB_KEY: i32 = -1;

/// The second half of a club's lock key: its number, folded into 32 bits (two clubs
/// that share a key only wait for each other).
fn club_key(club: i64) -> i32 {
    (club.rem_euclid(i64::from(i32::MAX))) as i32
}

/// Waits for, and holds until the transaction ends, the PostgreSQL advisory lock
/// `(WRITER_LOCKS, key)`.
async fn lock_turn(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    key: i32,
    context: &str,
) -> Result<(), StoreError> {
    sqlx::query("SELECT pg_advisory_xact_lock($1, $2)")
        .bind(WRITER_LOCKS)
        .bind(key)
        .execute(&mut **tx)
        .await
        .map(|_| ())
        .map_err(db(format!(
            "{context}: cannot wait for the club's other writers"
        )))
}

/// A PostgreSQL URL with its password replaced by `***`.
fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(s), Some(at)) if at > s => {
            let user = &url[s + 3..at];
            match user.find(':') {
                Some(c) => format!("{}{}:***{}", &url[..s + 3], &user[..c], &url[at..]),
                None => url.to_string(),
            }
        }
        _ => url.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_are_not_shown() {
        assert_eq!(
            redact("postgres://klaver:secret@localhost/club"),
            "postgres://klaver:***@localhost/club"
        );
        assert_eq!(
            redact("postgres://localhost/club"),
            "postgres://localhost/club"
        );
    }
}

#[cfg(test)]
mod send_check {
    use super::*;
    fn send<T: Send>(_: T) {}
    #[allow(dead_code)]
    fn futures_are_send(s: Store, c: Club, n: NewSession, l: Line, a: ClubArchive) {
        send(s.import_session(&c, &n));
        send(s.session(&c, 1));
        send(s.sessions(&c));
        send(s.correct(
            &c,
            LineAt {
                session: 1,
                line_no: 1,
                version: 1,
            },
            &l,
            "",
            "",
        ));
        send(s.corrections(&c, 1));
        send(s.delete_session(&c, 1, "", ""));
        send(s.removed_sessions(&c));
        send(s.export_club(&c));
        send(s.import_club(&a, None));
        send(s.players(&c));
        send(s.import_players(&c, &[]));
        send(s.add_player(&c, &NewPlayer::default()));
        send(s.partnerships(&c));
        send(Store::open(""));
    }
}
