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
//! SQLite write transactions start with `BEGIN IMMEDIATE` and wait up to a minute
//! ([`WRITE_WAIT`]) for another writer; on PostgreSQL a club's writers take turns by an
//! advisory lock on the club, waiting as long at most, so a check made before a write (a
//! night's results stored once) holds for it. A writer that waited that long gives up
//! with a message that asks to try again. Corrections check the line's version so two
//! directors correcting the same line at once cannot lose one another's change. A database written by an older
//! klaver is migrated forward when opened; one written by a newer klaver is refused.
//! Opening waits for a lock another program holds on the database as long as a writer
//! waits, then gives up saying so (see [`migrate`]).

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
pub use no_nul::invisible_in_line;
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

/// How long a change waits for another change to the same club (or, on SQLite, to the
/// same file) to finish before it gives up and asks to be tried again: SQLite's busy
/// time-out, and on PostgreSQL the limit on waiting for the club's turn to write.
pub const WRITE_WAIT: Duration = Duration::from_secs(60);

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
    /// use, a line corrected by someone else meanwhile), or another change to the same
    /// club kept it waiting longer than [`WRITE_WAIT`] (try again).
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
    /// How long a writer waits for another writer ([`WRITE_WAIT`] but in tests).
    write_wait: Duration,
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
        Store::open_waiting(location, WRITE_WAIT).await
    }

    /// Opens the database as [`Store::open`] does, with writers that wait at most `wait`
    /// for one another instead of [`WRITE_WAIT`] (for testing a writer that gives up
    /// without waiting a minute).
    #[doc(hidden)]
    pub async fn open_waiting(location: &str, wait: Duration) -> Result<Store, StoreError> {
        let store = Store::connect(location, wait).await?;
        migrate::run(&store, None).await?;
        Ok(store)
    }

    /// Opens the database and migrates it only up to `version` (for testing that an
    /// older klaver's database is brought forward).
    #[doc(hidden)]
    pub async fn open_at_version(location: &str, version: i64) -> Result<Store, StoreError> {
        let store = Store::connect(location, WRITE_WAIT).await?;
        migrate::run(&store, Some(version)).await?;
        Ok(store)
    }

    async fn connect(location: &str, write_wait: Duration) -> Result<Store, StoreError> {
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
        let busy_timeout = format!("PRAGMA busy_timeout = {}", write_wait.as_millis());
        let pool = AnyPoolOptions::new()
            .max_connections(if backend == Backend::Sqlite { 4 } else { 8 })
            .acquire_timeout(Duration::from_secs(60))
            .after_connect(move |conn, _| {
                let busy_timeout = busy_timeout.clone();
                Box::pin(async move {
                    if backend == Backend::Sqlite {
                        // Wait for another writer rather than fail at once; keep every
                        // commit on disk before it is reported done.
                        conn.execute(busy_timeout.as_str()).await?;
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
            write_wait,
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
    /// up instead of one failing half-way. A SQLite writer that waited [`WRITE_WAIT`] for
    /// another gives up with a [`StoreError::Conflict`] that asks to try again.
    pub(crate) async fn write(
        &self,
        context: &str,
    ) -> Result<sqlx::Transaction<'static, sqlx::Any>, StoreError> {
        let begin = match self.backend {
            Backend::Sqlite => "BEGIN IMMEDIATE",
            Backend::Postgres => "BEGIN",
        };
        match self.pool.begin_with(begin).await {
            Ok(tx) => Ok(tx),
            Err(e) if self.backend == Backend::Sqlite && is_sqlite_busy(&error_code(&e)) => {
                let busy = format!("another change to the database {}", self.location);
                Err(waited_too_long(context, &busy, self.write_wait))
            }
            Err(e) => Err(db(context)(e)),
        }
    }

    /// Starts a write transaction on one club's data that holds, until it ends, the
    /// club's turn to write: on PostgreSQL a transaction-scoped advisory lock on the
    /// club, taken before anything is read. A writer that checks what is stored before
    /// it adds to it (a night's results stored once, a player in one pair a night, a
    /// moment, pair or player created once) then sees every earlier writer's work and
    /// none of a later one's, as on SQLite, where `BEGIN IMMEDIATE` queues all writers.
    /// Other clubs on the same server are not held up. A writer waits for its turn at
    /// most [`WRITE_WAIT`] on either database, then gives up with a
    /// [`StoreError::Conflict`] that asks to try again.
    pub(crate) async fn write_club(
        &self,
        club: &Club,
        context: &str,
    ) -> Result<sqlx::Transaction<'static, sqlx::Any>, StoreError> {
        let busy = format!("another change to club {}", club.code);
        self.write_turn(club_key(club.id), context, &busy).await
    }

    /// Starts a write transaction that creates a club under a code, holding the turn of
    /// every writer that creates a club on PostgreSQL (as [`Store::write_club`] does for
    /// one club), so that two clubs cannot take one code at once.
    pub(crate) async fn write_new_club(
        &self,
        context: &str,
    ) -> Result<sqlx::Transaction<'static, sqlx::Any>, StoreError> {
        let busy = "the creation of another club";
        self.write_turn(NEW_CLUB_KEY, context, busy).await
    }

    /// Holds `club`'s turn to write until the returned transaction ends, as a change to
    /// the club does (for testing a writer that has to wait for another).
    #[doc(hidden)]
    pub async fn hold_club_turn(
        &self,
        club: &Club,
    ) -> Result<sqlx::Transaction<'static, sqlx::Any>, StoreError> {
        self.write_club(club, "cannot take the club's turn to write")
            .await
    }

    /// Starts a write transaction holding the turn `key` (see [`Store::write_club`]);
    /// `busy` says on PostgreSQL who held the turn too long. On SQLite every writer of
    /// the file holds the turn (see [`Store::write`]).
    async fn write_turn(
        &self,
        key: i32,
        context: &str,
        busy: &str,
    ) -> Result<sqlx::Transaction<'static, sqlx::Any>, StoreError> {
        let mut tx = self.write(context).await?;
        if self.backend == Backend::Postgres
            && let Err(e) = lock_turn(&mut tx, key, self.write_wait).await
        {
            return Err(match error_code(&e) == LOCK_NOT_AVAILABLE {
                true => waited_too_long(context, busy, self.write_wait),
                false => db(context)(e),
            });
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

/// PostgreSQL's code for a lock not had within `lock_timeout`.
const LOCK_NOT_AVAILABLE: &str = "55P03";

/// Whether `code` is SQLite's "busy" (another connection writes), extended or not.
fn is_sqlite_busy(code: &str) -> bool {
    code.parse::<i32>().is_ok_and(|n| n & 0xff == 5)
}

/// The database's own code for the error, if it gave one.
fn error_code(e: &sqlx::Error) -> String {
    let code = e.as_database_error().and_then(|d| d.code());
    code.map(|c| c.into_owned()).unwrap_or_default()
}

/// A writer that gave up after waiting `wait` for another one: `busy` says which.
fn waited_too_long(context: &str, busy: &str, wait: Duration) -> StoreError {
    StoreError::Conflict(format!(
        "{context}: {busy} is under way and did not finish within {}; try again when it is done",
        waited(wait)
    ))
}

/// `wait` in words: whole seconds, or milliseconds under a second.
fn waited(wait: Duration) -> String {
    match wait.as_secs() {
        0 => format!("{} ms", wait.as_millis()),
        secs => format!("{secs} seconds"),
    }
}

/// Waits at most `wait` for, and holds until the transaction ends, the PostgreSQL
/// advisory lock `(WRITER_LOCKS, key)`. The limit is PostgreSQL's `lock_timeout`, set
/// for this wait only: `SET LOCAL` ends with the transaction at the latest (a pooled
/// connection never keeps it), and it is taken off again once the turn is had, so the
/// transaction's own statements run as without it. One round trip, as before.
async fn lock_turn(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    key: i32,
    wait: Duration,
) -> Result<(), sqlx::Error> {
    // `lock_timeout = 0` would mean no limit at all.
    let millis = wait.as_millis().max(1);
    let sql = format!(
        "SET LOCAL lock_timeout = {millis}; \
         SELECT pg_advisory_xact_lock({WRITER_LOCKS}, {key}); \
         SET LOCAL lock_timeout = DEFAULT"
    );
    tx.execute(sql.as_str()).await.map(|_| ())
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

    /// The message the README shows for a writer that waited its full minute.
    #[test]
    fn a_writer_that_waited_a_minute_says_so() {
        let busy = "another change to club kievit";
        let e = waited_too_long("cannot add the player", busy, WRITE_WAIT);
        assert_eq!(
            e.to_string(),
            "cannot add the player: another change to club kievit is under way and did not \
             finish within 60 seconds; try again when it is done"
        );
    }

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
