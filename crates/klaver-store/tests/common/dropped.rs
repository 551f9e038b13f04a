//! A test's database that is dropped (PostgreSQL) or removed (a SQLite file) when the
//! test is done with it.

use sqlx::{Connection, Executor};
use std::path::PathBuf;
use std::sync::{Condvar, Mutex};

/// Where a test's database is: a SQLite file's path or a PostgreSQL URL, used as a
/// `&str`. A PostgreSQL database is dropped, with the roles made for it, and a SQLite
/// file removed, when its `Location` goes: at the end of the test, passed or failed (a
/// failing test unwinds).
pub struct Location {
    url: String,
    dropped: Option<Dropped>,
    _removed: Option<Removed>,
}

impl Location {
    pub(super) fn new(url: String, dropped: Option<Dropped>) -> Location {
        Location {
            url,
            dropped,
            _removed: None,
        }
    }

    /// The SQLite file at `path`, none there yet, removed when the `Location` goes.
    pub(super) fn sqlite(path: PathBuf) -> Location {
        let removed = Removed(path);
        removed.remove();
        Location {
            url: removed.0.display().to_string(),
            dropped: None,
            _removed: Some(removed),
        }
    }

    /// Drops `role` too, after the database (which holds the role's rights).
    pub fn drops_role(&self, role: &str) {
        if let Some(dropped) = &self.dropped {
            let mut roles = dropped.roles.lock().unwrap_or_else(|e| e.into_inner());
            roles.push(role.to_string());
        }
    }
}

/// A SQLite database file, removed with the files SQLite keeps beside it.
struct Removed(PathBuf);

impl Removed {
    /// Removes the file, its write-ahead log, shared memory and rollback journal.
    fn remove(&self) {
        for suffix in ["", "-wal", "-shm", "-journal"] {
            let mut path = self.0.clone().into_os_string();
            path.push(suffix);
            let _ = std::fs::remove_file(path);
        }
    }
}

impl Drop for Removed {
    fn drop(&mut self) {
        self.remove();
    }
}

impl std::ops::Deref for Location {
    type Target = str;

    fn deref(&self) -> &str {
        &self.url
    }
}

impl std::fmt::Display for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.url)
    }
}

impl std::fmt::Debug for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", self.url)
    }
}

/// A PostgreSQL database (and roles) to drop from the server at `admin`.
pub(super) struct Dropped {
    admin: String,
    name: String,
    roles: Mutex<Vec<String>>,
}

impl Dropped {
    pub(super) fn new(admin: String, name: String) -> Dropped {
        DROPS.lock().unwrap_or_else(|e| e.into_inner()).live += 1;
        let roles = Mutex::new(Vec::new());
        Dropped { admin, name, roles }
    }
}

/// The test program's databases: how many are in use, and how many are being dropped.
///
/// Dropping a database makes PostgreSQL write a checkpoint, which takes from a tenth of
/// a second to several while other tests write; so a test does not wait for its drop:
/// each database is dropped on a thread of its own while the next tests run (drops
/// that wait at once share a checkpoint). The last test done with its database waits
/// for every drop, so that none is cut off when the test program ends.
struct Drops {
    live: usize,
    dropping: usize,
}

static DROPS: Mutex<Drops> = Mutex::new(Drops {
    live: 0,
    dropping: 0,
});
static DROPPED: Condvar = Condvar::new();

impl Drop for Dropped {
    /// Drops the database on a thread of its own with a runtime of its own: `drop` cannot
    /// wait for a future, and may run on a test's runtime (which must not be blocked
    /// inside) or outside any. Never panics (a panic while a failing test unwinds would
    /// abort the tests); a database that cannot be dropped is named on the terminal.
    fn drop(&mut self) {
        let (admin, name) = (self.admin.clone(), self.name.clone());
        let roles = std::mem::take(&mut *self.roles.lock().unwrap_or_else(|e| e.into_inner()));
        let mut drops = DROPS.lock().unwrap_or_else(|e| e.into_inner());
        drops.dropping += 1;
        let dropping = std::thread::Builder::new().spawn(move || {
            let _done = DropDone;
            if let Err(e) = drop_now(&admin, &name, &roles) {
                left_on_server(&name, &e);
            }
        });
        if let Err(e) = dropping {
            drops.dropping -= 1;
            left_on_server(&self.name, &e.to_string());
        }
        drops.live -= 1;
        while drops.live == 0 && drops.dropping > 0 {
            drops = DROPPED.wait(drops).unwrap_or_else(|e| e.into_inner());
        }
    }
}

/// Waits until every database that tests are done with has been dropped.
pub fn wait_for_drops() {
    let mut drops = DROPS.lock().unwrap_or_else(|e| e.into_inner());
    while drops.dropping > 0 {
        drops = DROPPED.wait(drops).unwrap_or_else(|e| e.into_inner());
    }
}

/// Counts a drop done, however it ended (a panic included: the last test waits for it).
struct DropDone;

impl Drop for DropDone {
    fn drop(&mut self) {
        DROPS.lock().unwrap_or_else(|e| e.into_inner()).dropping -= 1;
        DROPPED.notify_all();
    }
}

/// Says on the terminal (not kept by the test harness) that a database was not dropped.
fn left_on_server(name: &str, why: &str) {
    use std::io::Write;
    let _ = writeln!(
        std::io::stderr(),
        "the test database {name} was left on the server: {why}"
    );
}

/// How often a drop is tried while autovacuum works in the database.
const TRIES: usize = 20;

/// Drops the database `name`. `WITH (FORCE)` ends the connections a test left open, but
/// refuses (to a role that is not a superuser) while autovacuum works in the database;
/// autovacuum soon moves on, so the drop is tried again a moment later.
async fn drop_database(conn: &mut sqlx::AnyConnection, name: &str) -> Result<(), sqlx::Error> {
    let database = format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)");
    let mut tries = 1;
    loop {
        match conn.execute(database.as_str()).await {
            Err(e) if tries < TRIES && autovacuum_in_the_way(&e) => {
                tries += 1;
                // This thread is the drop's own: nothing else waits on its runtime.
                std::thread::sleep(std::time::Duration::from_millis(250));
            }
            done => return done.map(|_| ()),
        }
    }
}

/// Whether PostgreSQL refused to end a process it may not end: autovacuum's.
fn autovacuum_in_the_way(e: &sqlx::Error) -> bool {
    let code = e.as_database_error().and_then(|d| d.code());
    code.is_some_and(|c| c == "42501")
}

/// Drops the database `name` and then its `roles` through a new connection to `admin`.
fn drop_now(admin: &str, name: &str, roles: &[String]) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    sqlx::any::install_default_drivers();
    runtime
        .block_on(async {
            let mut conn = sqlx::AnyConnection::connect(admin).await?;
            drop_database(&mut conn, name).await?;
            for role in roles {
                let role = format!("DROP ROLE IF EXISTS {role}");
                conn.execute(role.as_str()).await?;
            }
            conn.close().await
        })
        .map_err(|e: sqlx::Error| e.to_string())
}
