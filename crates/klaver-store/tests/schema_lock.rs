//! Opening a database whose schema another program keeps locked: a second klaver
//! bringing the schema up to date, or a database tool's transaction left open. klaver
//! waits a bounded time (its writers' wait, shortened here), then gives up with a
//! message that says who holds it up and what to do, instead of waiting without end.

mod common;

use common::{postgres_location, sqlite_location};
use klaver_store::{Store, StoreError};
use sqlx::{Connection, Executor};
use std::time::Duration;

/// How long the store under test waits for the lock.
const SHORT_WAIT: Duration = Duration::from_millis(300);

/// Far longer than [`SHORT_WAIT`]: an open still waiting then is waiting without end
/// (this bounds the test, it does not time klaver).
const HUNG: Duration = Duration::from_secs(60);

/// Opens `loc` with writers that wait [`SHORT_WAIT`], and the error it gave up with.
async fn open_held_up(loc: &str) -> StoreError {
    let opened = tokio::time::timeout(HUNG, Store::open_waiting(loc, SHORT_WAIT))
        .await
        .unwrap_or_else(|_| panic!("opening {loc} waited for the lock without end"));
    match opened {
        Ok(_) => panic!("opening {loc} did not wait for the lock another program holds"),
        Err(e) => e,
    }
}

/// The message names the database (a SQLite file, a PostgreSQL database without its
/// password) and says what holds it up and what to do.
fn assert_says_who_and_what_to_do(e: &StoreError, loc: &str) {
    assert!(matches!(e, StoreError::Conflict(_)), "{e:?}");
    let msg = e.to_string();
    let database = loc.rsplit('/').next().unwrap_or(loc);
    for part in [
        database,
        "another program holds a lock",
        "another klaver bringing its schema up to date",
        "did not let go within 300 ms",
        "try again when it is done",
    ] {
        assert!(msg.contains(part), "{part:?} not in: {msg}");
    }
}

/// A connection of another program to `url`, with `sql` run and left open.
async fn holding(url: &str, sql: &str) -> sqlx::AnyConnection {
    sqlx::any::install_default_drivers();
    let mut other = sqlx::AnyConnection::connect(url).await.unwrap();
    sqlx::raw_sql(sql).execute(&mut other).await.unwrap();
    other
}

/// A second klaver that is bringing a new database's schema up to date holds the
/// schema's lock (as klaver takes it) for as long as it takes.
#[tokio::test]
async fn postgres_a_schema_update_under_way_elsewhere_is_waited_for_a_bounded_time() {
    let Some(loc) = postgres_location("lock_schema").await else {
        return;
    };
    let mut other = holding(&loc, "BEGIN; SELECT pg_advisory_xact_lock(7405301)").await;
    let e = open_held_up(&loc).await;
    assert_says_who_and_what_to_do(&e, &loc);
    assert!(
        e.to_string().contains("end that program's transaction"),
        "{e}"
    );
    // Once the other program is done, the database opens and is brought up to date.
    other.execute("ROLLBACK").await.unwrap();
    let store = Store::open_waiting(&loc, SHORT_WAIT).await.unwrap();
    let version = klaver_store::migrate::version(&store).await.unwrap();
    assert_eq!(version, klaver_store::migrate::latest());
    store.close().await;
}

/// A database tool's transaction that read a table the update changes keeps the
/// update from changing it (PostgreSQL's table lock, not klaver's).
#[tokio::test]
async fn postgres_an_open_transaction_on_a_table_the_update_changes_is_waited_for_a_bounded_time() {
    let Some(loc) = postgres_location("lock_table").await else {
        return;
    };
    Store::open_at_version(&loc, 7).await.unwrap().close().await;
    let _other = holding(&loc, "BEGIN; SELECT COUNT(*) FROM partnerships").await;
    let e = open_held_up(&loc).await;
    assert_says_who_and_what_to_do(&e, &loc);
}

/// A database tool's transaction that locked the schema's own table keeps even an
/// up-to-date database from being read.
#[tokio::test]
async fn postgres_a_locked_schema_table_is_waited_for_a_bounded_time() {
    let Some(loc) = postgres_location("lock_version").await else {
        return;
    };
    Store::open(&loc).await.unwrap().close().await;
    let sql = "BEGIN; LOCK TABLE klaver_schema IN ACCESS EXCLUSIVE MODE";
    let _other = holding(&loc, sql).await;
    let e = open_held_up(&loc).await;
    assert_says_who_and_what_to_do(&e, &loc);
}

/// SQLite: another program writing to a new file (in either journal mode) holds up the
/// schema's creation for SQLite's busy time-out, then klaver says so.
#[tokio::test]
async fn sqlite_a_change_under_way_elsewhere_is_waited_for_a_bounded_time() {
    for (name, journal) in [("lock_wal", "WAL"), ("lock_rollback", "DELETE")] {
        let path = sqlite_location(name);
        let url = format!("sqlite://{path}?mode=rwc");
        let sql = format!("PRAGMA journal_mode = {journal}; BEGIN IMMEDIATE");
        let mut other = holding(&url, &sql).await;
        let e = open_held_up(&path).await;
        assert_says_who_and_what_to_do(&e, &path);
        other.execute("ROLLBACK").await.unwrap();
        let store = Store::open_waiting(&path, SHORT_WAIT).await.unwrap();
        store.close().await;
    }
}

/// SQLite: an older file, while another program writes to it, is not brought up to
/// date until that program is done.
#[tokio::test]
async fn sqlite_an_older_file_being_written_elsewhere_is_waited_for_a_bounded_time() {
    let path = sqlite_location("lock_older");
    Store::open_at_version(&path, 7)
        .await
        .unwrap()
        .close()
        .await;
    let url = format!("sqlite://{path}");
    let _other = holding(&url, "BEGIN IMMEDIATE").await;
    let e = open_held_up(&path).await;
    assert_says_who_and_what_to_do(&e, &path);
}
