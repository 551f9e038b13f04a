//! The same tests against SQLite and PostgreSQL.
//!
//! SQLite databases are temporary files, removed when the test is done with them (see
//! [`Location`]). PostgreSQL tests run when
//! `KLAVER_TEST_POSTGRES` names a server (`postgres://user@localhost/postgres`, a role
//! that may create databases): each test gets a database of its own, dropped (with any
//! role made for it) when the test is done with it, passed or failed, so that test runs
//! do not fill the server. Without it they are skipped with a note, unless
//! `KLAVER_REQUIRE_POSTGRES` is set (CI sets both), in which case they fail.

#![allow(dead_code)]

pub mod dropped;

use dropped::Dropped;
pub use dropped::Location;
use klaver_store::Store;
use sqlx::Connection;
use std::sync::atomic::{AtomicU32, Ordering};

static COUNTER: AtomicU32 = AtomicU32::new(0);

/// A fresh name for a test's database.
fn fresh_name(test: &str) -> String {
    format!(
        "klaver_test_{}_{}_{}",
        test,
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    )
}

/// A new, empty SQLite database file's path in the temporary folder, removed with the
/// files SQLite keeps beside it when the returned `Location` goes: keep it as long as
/// the test uses the database.
pub fn sqlite_location(test: &str) -> Location {
    let name = format!("klaver-store-{}.db", fresh_name(test));
    Location::sqlite(std::env::temp_dir().join(name))
}

/// Says once per test program, on the terminal itself (the test harness keeps what a
/// passing test prints with `eprintln!` to itself), that tests were skipped.
pub fn skipped(what: &str) {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        use std::io::Write;
        let _ = writeln!(std::io::stderr(), "SKIPPED: {what}");
    });
}

/// A new, empty PostgreSQL database's URL, or `None` when no server is configured.
pub async fn postgres_location(test: &str) -> Option<Location> {
    postgres_created(test, "").await
}

/// A new, empty PostgreSQL database whose texts are compared as in Dutch (ICU's
/// `nl-NL`), as a club's server may be set up; `None` when no server is configured.
pub async fn postgres_in_dutch(test: &str) -> Option<Location> {
    let dutch = " TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'nl-NL' LOCALE 'C.UTF-8'";
    postgres_created(test, dutch).await
}

/// A new PostgreSQL database made with `options` after its name.
async fn postgres_created(test: &str, options: &str) -> Option<Location> {
    let Ok(admin) = std::env::var("KLAVER_TEST_POSTGRES") else {
        assert!(
            std::env::var_os("KLAVER_REQUIRE_POSTGRES").is_none(),
            "KLAVER_REQUIRE_POSTGRES is set but KLAVER_TEST_POSTGRES names no server"
        );
        skipped(
            "these tests ran on SQLite only: set KLAVER_TEST_POSTGRES to run them on PostgreSQL too",
        );
        return None;
    };
    sqlx::any::install_default_drivers();
    let name = fresh_name(test)
        .to_lowercase()
        .replace(|c: char| !c.is_ascii_alphanumeric(), "_");
    let mut conn = sqlx::AnyConnection::connect(&admin)
        .await
        .unwrap_or_else(|e| panic!("cannot reach the test server {admin}: {e}"));
    sqlx::raw_sql(&format!("CREATE DATABASE {name}{options}"))
        .execute(&mut conn)
        .await
        .expect("create the test database");
    let _ = conn.close().await;
    let (base, query) = match admin.split_once('?') {
        Some((b, q)) => (b, format!("?{q}")),
        None => (admin.as_str(), String::new()),
    };
    let cut = base.rfind('/').expect("a URL with a database");
    let url = format!("{}/{name}{query}", &base[..cut]);
    Some(Location::new(url, Some(Dropped::new(admin, name))))
}

/// A database of each kind: SQLite always, PostgreSQL when configured.
pub async fn locations(test: &str) -> Vec<Location> {
    let mut out = vec![sqlite_location(test)];
    out.extend(postgres_location(test).await);
    out
}

/// A store opened on a test's database, which lives (see [`Location`]) as long as it.
pub struct TestStore {
    store: Store,
    _location: Location,
}

impl std::ops::Deref for TestStore {
    type Target = Store;

    fn deref(&self) -> &Store {
        &self.store
    }
}

/// Opens a new database of each kind.
pub async fn stores(test: &str) -> Vec<TestStore> {
    let mut out = Vec::new();
    for loc in locations(test).await {
        let store = Store::open(&loc).await.expect("open the test database");
        out.push(TestStore {
            store,
            _location: loc,
        });
    }
    out
}

/// A session's travellers and pairs, as a club's files give them.
pub const TRAVELLERS: &str = "board,table,ns,ew,contract,declarer,result,score,adjust,lead
1,1,1,2,4S,N,=,420,,HK
1,2,3,4,4S,N,+1,450,,
1,3,5,6,3NT,S,=,400,,
2,1,1,2,PASS,,,0,,
2,2,3,4,2H,E,-1,100,,
2,3,5,6,,,,,AVG,
";

/// The pairs of [`TRAVELLERS`], with the sixth pair's names unknown to the club.
pub const PAIRS: &str = "pair,names
1,Jan Jansen - Piet de Vries
2,Anna Bakker & Kees Bakker
3,Mulder / Smit
4,Els Visser en Tom Visser
5,Joke de Boer - Henk de Boer
6,Onbekend - Gast
";

/// A PostgreSQL role that may read and write the tables of the database at `url` but
/// not create tables (the usual account of a program), and the URL that logs in as it;
/// `owner` is that database opened by its owner. The role is dropped with the database.
/// `None`, with a note, when the test server's role may not create roles.
pub async fn app_role(owner: &Store, url: &Location) -> Option<(String, String)> {
    let role = url.rsplit('/').next()?.split('?').next()?;
    let role = format!("{role}_app");
    url.drops_role(&role);
    let grants = format!(
        "CREATE ROLE {role} LOGIN PASSWORD 'app';
         REVOKE CREATE ON SCHEMA public FROM PUBLIC;
         GRANT USAGE ON SCHEMA public TO {role};
         GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO {role};
         GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO {role};"
    );
    if let Err(e) = sqlx::raw_sql(&grants).execute(owner.pool()).await {
        skipped(&format!(
            "a role without CREATE was not tried: the test server's role may not create roles ({e})"
        ));
        return None;
    }
    let (scheme, rest) = url.split_once("://")?;
    let host = rest.rsplit_once('@').map_or(rest, |(_, host)| host);
    Some((role.clone(), format!("{scheme}://{role}:app@{host}")))
}
