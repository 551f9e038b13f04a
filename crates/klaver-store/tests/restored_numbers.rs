//! A club restored from its archive keeps its sessions' numbers, the removed ones' too:
//! session 4 is session 4 again, and a removed session's number is no live one's.

mod common;

use common::{locations, postgres_location, sqlite_location, stores};
use klaver_store::{
    Club, ClubArchive, Line, LineAt, NewSession, SessionInfo, SessionPair, SitOut, Store,
};
use sqlx::Connection;

/// A night of two pairs and one line.
fn night(date: &str) -> NewSession {
    let pair = |id: &str| SessionPair {
        pair: id.into(),
        ..Default::default()
    };
    NewSession {
        info: SessionInfo {
            date: date.into(),
            form: "pairs".into(),
            ..SessionInfo::default()
        },
        pairs: vec![pair("1"), pair("2")],
        lines: vec![Line {
            line_no: 1,
            board: 1,
            ns: "1".into(),
            ew: "2".into(),
            contract: "4S".into(),
            declarer: "N".into(),
            result: "=".into(),
            score: "420".into(),
            ..Line::default()
        }],
        sit_outs: Vec::new(),
    }
}

/// The numbers of the club's sessions, and of its removed ones.
async fn numbers(store: &Store, club: &Club) -> (Vec<i64>, Vec<i64>) {
    let mut live: Vec<i64> = (store.sessions(club).await.unwrap())
        .iter()
        .map(|s| s.info.id)
        .collect();
    live.sort_unstable();
    let removed = (store.removed_sessions(club).await.unwrap())
        .iter()
        .map(|r| r.number)
        .collect();
    (live, removed)
}

/// A club of five nights, the second removed.
async fn club_with_a_removed_night(store: &Store) -> Club {
    let club = store.init_club("arc", "Arc").await.unwrap();
    for day in 2..=6 {
        let date = format!("2025-09-0{day}");
        store.import_session(&club, &night(&date)).await.unwrap();
    }
    store.delete_session(&club, 2, "td", "twice").await.unwrap();
    club
}

#[tokio::test]
async fn a_restored_club_keeps_its_session_numbers() {
    for store in stores("numbers").await {
        let club = club_with_a_removed_night(&store).await;
        assert_eq!(numbers(&store, &club).await, (vec![1, 3, 4, 5], vec![2]));
        let archive = store.export_club(&club).await.unwrap();
        for loc in locations("numbers-target").await {
            let target = Store::open(&loc).await.unwrap();
            let restored = target.import_club(&archive, None).await.unwrap();
            assert_eq!(
                numbers(&target, &restored).await,
                (vec![1, 3, 4, 5], vec![2])
            );
            // The next session is numbered after them all, as in the original.
            let next = target.import_session(&restored, &night("2025-09-09")).await;
            assert_eq!(next.unwrap(), 6);
        }
    }
}

/// Restored beside itself, the club's numbers are taken: its sessions are numbered
/// after the database's, and its removed session's number is still no live one's.
#[tokio::test]
async fn a_club_restored_beside_itself_is_numbered_after_it() {
    for store in stores("numbers-beside").await {
        let club = club_with_a_removed_night(&store).await;
        let archive = store.export_club(&club).await.unwrap();
        let copy = store.import_club(&archive, Some("copy")).await.unwrap();
        let (live, removed) = numbers(&store, &copy).await;
        assert_eq!(live.len(), 4);
        assert!(live.iter().all(|n| *n > 5), "{live:?}");
        assert_eq!(removed.len(), 1);
        assert!(removed[0] > 5 && !live.contains(&removed[0]), "{removed:?}");
        let next = store.import_session(&copy, &night("2025-09-09")).await;
        let next = next.unwrap();
        assert!(!live.contains(&next) && next != removed[0], "{next}");
    }
}

/// A restore with an account that may read and write the tables but not create them
/// (nor change the sequence that numbers the sessions) keeps the sessions' numbers.
#[tokio::test]
async fn a_club_is_restored_without_the_right_to_create_tables() {
    let Some(url) = postgres_location("numbers-no-create").await else {
        return;
    };
    let file = sqlite_location("numbers-no-create");
    let source = Store::open(&file).await.unwrap();
    let club = club_with_a_removed_night(&source).await;
    let archive = source.export_club(&club).await.unwrap();
    let owner = Store::open(&url).await.unwrap();
    let Some((_, app_url)) = common::app_role(&owner, &url).await else {
        return;
    };
    let app = Store::open(&app_url).await.unwrap();
    let restored = app.import_club(&archive, None).await.unwrap();
    assert_eq!(numbers(&app, &restored).await, (vec![1, 3, 4, 5], vec![2]));
    let next = app.import_session(&restored, &night("2025-09-09")).await;
    assert_eq!(next.unwrap(), 6);
    app.close().await;
}

/// On PostgreSQL an archive numbered far past the database's next number is numbered
/// anew, rather than the restore take every number up to its own.
#[tokio::test]
async fn an_archive_numbered_far_ahead_is_numbered_anew_on_postgres() {
    let Some(url) = postgres_location("numbers-far").await else {
        return;
    };
    let file = sqlite_location("numbers-far");
    let source = Store::open(&file).await.unwrap();
    let club = club_with_a_removed_night(&source).await;
    let mut archive = source.export_club(&club).await.unwrap();
    let far = klaver_store::RESTORE_NUMBERS_AHEAD + 10;
    for s in &mut archive.sessions {
        s.number = s.number.map(|n| n + far);
    }
    for r in &mut archive.removed_sessions {
        r.number += far;
    }
    let store = Store::open(&url).await.unwrap();
    let restored = store.import_club(&archive, None).await.unwrap();
    assert_eq!(
        numbers(&store, &restored).await,
        (vec![1, 2, 3, 4], vec![5])
    );
}

/// A PostgreSQL database with club `a` of sessions 1 and 2, and the archive of club `b`
/// whose two sessions are numbered 3 and 4, the first with a corrected line.
async fn club_a_and_archive_of_b(url: &str) -> (Store, Club, ClubArchive) {
    let store = Store::open(url).await.unwrap();
    let a = store.init_club("a", "A").await.unwrap();
    for date in ["2025-09-01", "2025-09-02"] {
        store.import_session(&a, &night(date)).await.unwrap();
    }
    let file = sqlite_location("club-b");
    let source = Store::open(&file).await.unwrap();
    let b = source.init_club("b", "B").await.unwrap();
    for date in ["2025-10-01", "2025-10-02"] {
        source.import_session(&b, &night(date)).await.unwrap();
    }
    let line = Line {
        result: "+1".into(),
        score: "450".into(),
        ..night("").lines[0].clone()
    };
    let at = LineAt {
        session: 1,
        line_no: 1,
        version: 1,
    };
    source
        .correct(&b, at, &line, "td", "an overtrick")
        .await
        .unwrap();
    let mut archive = source.export_club(&b).await.unwrap();
    for (s, n) in archive.sessions.iter_mut().zip(3..) {
        s.number = Some(n);
    }
    (store, a, archive)
}

/// How many of the database's sessions wait for a lock of the `kind` given (a table's,
/// `relation`, or another transaction's end, `transactionid`).
async fn waiting(store: &Store, kind: &str) -> i64 {
    sqlx::query_scalar(
        "SELECT COUNT(*) FROM pg_locks WHERE NOT granted AND locktype = $1
         AND (database IS NULL OR database = (SELECT oid FROM pg_database WHERE datname = current_database()))",
    )
    .bind(kind)
    .fetch_one(store.pool())
    .await
    .unwrap()
}

/// A connection holding `table` in a transaction of its own: no one else reads or
/// writes it until the transaction ends (`COMMIT`).
async fn hold_table(url: &str, table: &str) -> sqlx::AnyConnection {
    let mut conn = sqlx::AnyConnection::connect(url).await.unwrap();
    let sql = format!("BEGIN; LOCK TABLE {table} IN ACCESS EXCLUSIVE MODE");
    sqlx::raw_sql(&sql).execute(&mut conn).await.unwrap();
    conn
}

/// Waits until `task` is done or a session waits for another transaction's end.
async fn done_or_waiting<T>(store: &Store, task: &tokio::task::JoinHandle<T>) {
    for _ in 0..3000 {
        if task.is_finished() || waiting(store, "transactionid").await > 0 {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    panic!("the writer neither finished nor waited for another within a minute");
}

/// Waits until a session waits for a table another holds.
async fn held_up(store: &Store) {
    for _ in 0..3000 {
        if waiting(store, "relation").await > 0 {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    panic!("no writer reached the held table within a minute");
}

/// The numbers of every session, live or removed, of each of the two clubs: no number
/// is both clubs'.
async fn apart(store: &Store, a: &Club, b: &Club) {
    let (mut of_a, removed) = numbers(store, a).await;
    of_a.extend(removed);
    let (mut of_b, removed) = numbers(store, b).await;
    of_b.extend(removed);
    assert!(of_a.iter().all(|n| !of_b.contains(n)), "{of_a:?} {of_b:?}");
}

/// An import into another club while a restore is under way is not given a number the
/// restore keeps for one of its sessions.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_import_during_a_restore_gets_a_number_of_its_own() {
    let Some(url) = postgres_location("numbers-race").await else {
        return;
    };
    let (store, a, archive) = club_a_and_archive_of_b(&url).await;
    let (restorer, importer) = (
        Store::open(&url).await.unwrap(),
        Store::open(&url).await.unwrap(),
    );
    let mut hold = hold_table(&url, "corrections").await;
    let restore = tokio::spawn(async move { restorer.import_club(&archive, None).await });
    held_up(&store).await;
    let a2 = a.clone();
    let import =
        tokio::spawn(async move { importer.import_session(&a2, &night("2025-09-03")).await });
    done_or_waiting(&store, &import).await;
    sqlx::raw_sql("COMMIT").execute(&mut hold).await.unwrap();
    let imported = import.await.unwrap();
    let b = restore.await.unwrap().unwrap();
    let imported = imported.unwrap();
    assert_eq!(numbers(&store, &b).await, (vec![3, 4], vec![]));
    assert!(imported > 4, "{imported}");
    apart(&store, &a, &b).await;
}

/// A restore while an import into another club holds a number it has not stored yet
/// does not take that number: it numbers its sessions anew.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restore_during_an_import_leaves_the_import_its_number() {
    let Some(url) = postgres_location("numbers-race-back").await else {
        return;
    };
    let (store, a, archive) = club_a_and_archive_of_b(&url).await;
    let (restorer, importer) = (
        Store::open(&url).await.unwrap(),
        Store::open(&url).await.unwrap(),
    );
    let mut hold = hold_table(&url, "session_sit_outs").await;
    let mut sat_out = night("2025-09-03");
    sat_out.sit_outs.push(SitOut {
        section: String::new(),
        board: 2,
        pair: "1".into(),
        source_line: 3,
    });
    let a2 = a.clone();
    let import = tokio::spawn(async move { importer.import_session(&a2, &sat_out).await });
    held_up(&store).await;
    let restore = tokio::spawn(async move { restorer.import_club(&archive, None).await });
    done_or_waiting(&store, &restore).await;
    sqlx::raw_sql("COMMIT").execute(&mut hold).await.unwrap();
    let restored = restore.await.unwrap();
    let imported = import.await.unwrap().unwrap();
    let b = restored.unwrap();
    assert_eq!(imported, 3);
    assert_eq!(numbers(&store, &b).await.0.len(), 2);
    apart(&store, &a, &b).await;
}
