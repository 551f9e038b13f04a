//! Writers at once on one club: what SQLite guarantees by queueing its writers holds on
//! PostgreSQL too. Each test starts its writers together on connections of their own,
//! as separate klaver programs would, for several nights in a row, and asserts the
//! outcome a one-at-a-time order gives, whichever goes first.

mod common;

use common::{locations, postgres_location};
use klaver_io::travellers::{ReadOptions, read_pairs, read_travellers};
use klaver_store::{
    Backend, Club, NewPlayer, NewSession, Player, SessionInfo, Store, StoreError, lines_from_event,
    pairs_from_event,
};
use std::time::Duration;

/// Nights each test plays through: a race that goes one way on one night goes the
/// other way on another.
const ROUNDS: usize = 4;

/// Boards of a night: enough lines that two imports overlap.
const BOARDS: usize = 400;

const PLAYERS: &[(&str, &str)] = &[
    ("1001", "Jan Jansen"),
    ("1002", "Piet de Vries"),
    ("1003", "Anna Bakker"),
    ("1004", "Kees Bakker"),
    ("1005", "Mulder"),
    ("1006", "Smit"),
    ("1007", "Els Visser"),
    ("1008", "Tom Visser"),
    ("1009", "Joke de Boer"),
    ("1010", "Henk de Boer"),
];

const PAIRS: &str = "pair,names
1,Jan Jansen - Piet de Vries
2,Anna Bakker - Kees Bakker
3,Mulder - Smit
4,Els Visser - Tom Visser
5,Joke de Boer - Henk de Boer
6,Onbekend - Gast
";

/// The same players in other pairs: Jan Jansen partners Anna Bakker.
const OTHER_PAIRS: &str = "pair,names
1,Jan Jansen - Anna Bakker
2,Piet de Vries - Kees Bakker
3,Mulder - Smit
4,Els Visser - Tom Visser
5,Joke de Boer - Henk de Boer
6,Onbekend - Gast
";

async fn club(store: &Store) -> Club {
    let club = store.init_club("kievit", "BC De Kievit").await.unwrap();
    let players: Vec<NewPlayer> = PLAYERS
        .iter()
        .map(|(n, name)| NewPlayer {
            number: Some(n.to_string()),
            name: name.to_string(),
        })
        .collect();
    store.import_players(&club, &players).await.unwrap();
    club
}

/// A night of [`BOARDS`] boards at three tables; `variant` 1 changes one result, so
/// that the two variants are different results.
fn travellers(variant: usize) -> String {
    let mut csv = String::from("board,table,ns,ew,contract,declarer,result,score,adjust,lead\n");
    for board in 1..=BOARDS {
        let first = match (board, variant) {
            (1, 0) => "4S,N,=,420",
            (1, _) => "4S,N,+1,450",
            _ => "PASS,,,0",
        };
        csv.push_str(&format!("{board},1,1,2,{first},,\n"));
        csv.push_str(&format!("{board},2,3,4,PASS,,,0,,\n"));
        csv.push_str(&format!("{board},3,5,6,PASS,,,0,,\n"));
    }
    csv
}

/// A night as an import hands it to the store, its pairs matched to `players`.
fn night(date: &str, line: &str, variant: usize, pairs: &str, players: &[Player]) -> NewSession {
    let text = travellers(variant);
    let mut event = read_travellers(text.as_bytes(), ReadOptions::default()).unwrap();
    read_pairs(pairs.as_bytes(), &mut event).unwrap();
    assert!(!event.has_errors(), "{:?}", event.diagnostics);
    NewSession {
        info: SessionInfo {
            date: date.into(),
            moment: "wednesday".into(),
            line_name: line.into(),
            form: "pairs".into(),
            source: "travellers.csv (CSV)".into(),
            imported_by: "test".into(),
            ..SessionInfo::default()
        },
        pairs: pairs_from_event(&event, players).0,
        lines: lines_from_event(&event),
        sit_outs: Vec::new(),
    }
}

/// Runs two imports at once, each on a store (and so connections) of its own.
async fn both(
    loc: &str,
    club: &Club,
    first: (NewSession, Vec<NewPlayer>),
    second: (NewSession, Vec<NewPlayer>),
) -> [Result<i64, StoreError>; 2] {
    let run = |(session, guests): (NewSession, Vec<NewPlayer>)| {
        let (loc, club) = (loc.to_string(), club.clone());
        tokio::spawn(async move {
            let store = Store::open(&loc).await.unwrap();
            let done = if guests.is_empty() {
                store.import_session(&club, &session).await
            } else {
                let done = store.import_session_adding(&club, &session, &guests).await;
                done.map(|(id, _)| id)
            };
            store.close().await;
            done
        })
    };
    let (a, b) = (run(first), run(second));
    [a.await.unwrap(), b.await.unwrap()]
}

/// One of two outcomes stored, the other refused as the one-at-a-time order refuses it.
fn one_lands(outcome: &[Result<i64, StoreError>; 2], refusal: &str) {
    let landed = outcome.iter().filter(|r| r.is_ok()).count();
    assert_eq!(landed, 1, "exactly one import is stored: {outcome:?}");
    let err = outcome.iter().find_map(|r| r.as_ref().err()).unwrap();
    assert!(matches!(err, StoreError::Conflict(_)), "{err}");
    assert!(err.to_string().contains(refusal), "{err}");
}

/// The same results imported as line A and as line B at once are stored once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_same_results_imported_twice_at_once_are_stored_once() {
    for loc in locations("same-results-at-once").await {
        let store = Store::open(&loc).await.unwrap();
        let club = club(&store).await;
        let players = store.players(&club).await.unwrap();
        for round in 0..ROUNDS {
            let date = format!("2025-09-{:02}", round + 1);
            let a = night(&date, "A", 0, PAIRS, &players);
            let b = night(&date, "B", 0, PAIRS, &players);
            let outcome = both(&loc, &club, (a, vec![]), (b, vec![])).await;
            one_lands(
                &outcome,
                "stored already: a night's results are stored once",
            );
        }
        assert_eq!(store.sessions(&club).await.unwrap().len(), ROUNDS);
    }
}

/// Two lines of one night imported at once, with a player in a pair of each, are not
/// both stored: the season ranking would refuse the club.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_lines_at_once_keep_a_player_in_one_pair_a_night() {
    for loc in locations("one-pair-at-once").await {
        let store = Store::open(&loc).await.unwrap();
        let club = club(&store).await;
        let players = store.players(&club).await.unwrap();
        for round in 0..ROUNDS {
            let date = format!("2025-09-{:02}", round + 1);
            let a = night(&date, "A", 0, PAIRS, &players);
            let b = night(&date, "B", 1, OTHER_PAIRS, &players);
            let outcome = both(&loc, &club, (a, vec![]), (b, vec![])).await;
            one_lands(
                &outcome,
                "the same night: a player plays in one pair a night",
            );
        }
        assert_eq!(store.sessions(&club).await.unwrap().len(), ROUNDS);
    }
}

/// Two nights imported at once that start the same playing moment and the same pairs
/// are both stored, the moment and each partnership once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_nights_at_once_share_a_new_moment_and_new_pairs() {
    for loc in locations("new-moment-at-once").await {
        let store = Store::open(&loc).await.unwrap();
        let club = club(&store).await;
        let players = store.players(&club).await.unwrap();
        for round in 0..ROUNDS {
            let mut a = night(&format!("2025-09-{:02}", round + 1), "", 0, PAIRS, &players);
            let mut b = night(&format!("2025-10-{:02}", round + 1), "", 1, PAIRS, &players);
            a.info.moment = format!("moment {round}");
            b.info.moment = format!("moment {round}");
            let outcome = both(&loc, &club, (a, vec![]), (b, vec![])).await;
            assert!(outcome.iter().all(Result::is_ok), "{outcome:?}");
        }
        assert_eq!(store.sessions(&club).await.unwrap().len(), 2 * ROUNDS);
        assert_eq!(store.moments(&club).await.unwrap().len(), ROUNDS);
        assert_eq!(store.partnerships(&club).await.unwrap().len(), 5);
    }
}

/// The two unknown names of pair 6, as guests, and the club's players with them under
/// the placeholder ids an import matches them by.
fn guests(players: &[Player]) -> (Vec<NewPlayer>, Vec<Player>) {
    let new = ["Onbekend", "Gast"].map(|name| NewPlayer {
        number: None,
        name: name.into(),
    });
    let mut would_be = players.to_vec();
    for (k, n) in (1..).zip(&new) {
        would_be.push(Player {
            id: -k,
            number: None,
            name: n.name.clone(),
        });
    }
    (new.to_vec(), would_be)
}

/// The guests an import adds are added with it, or not at all: a refused import leaves
/// no player behind, and two imports at once add a guest once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn guests_are_added_with_the_import_or_not_at_all() {
    for loc in locations("guests-at-once").await {
        let store = Store::open(&loc).await.unwrap();
        let club = club(&store).await;
        let players = store.players(&club).await.unwrap();
        let (new, would_be) = guests(&players);
        // Refused: the night's results are stored already.
        let stored = night("2025-08-26", "", 0, PAIRS, &players);
        store.import_session(&club, &stored).await.unwrap();
        let again = night("2025-08-26", "", 0, PAIRS, &would_be);
        let err = store
            .import_session_adding(&club, &again, &new)
            .await
            .unwrap_err();
        assert!(matches!(err, StoreError::Conflict(_)), "{err}");
        assert_eq!(store.players(&club).await.unwrap().len(), PLAYERS.len());
        for round in 0..ROUNDS {
            let a = night(
                &format!("2025-09-{:02}", round + 1),
                "",
                0,
                PAIRS,
                &would_be,
            );
            let b = night(
                &format!("2025-10-{:02}", round + 1),
                "",
                1,
                PAIRS,
                &would_be,
            );
            let outcome = both(&loc, &club, (a, new.clone()), (b, new.clone())).await;
            assert!(outcome.iter().all(Result::is_ok), "{outcome:?}");
        }
        let players = store.players(&club).await.unwrap();
        assert_eq!(players.len(), PLAYERS.len() + 2, "{players:?}");
        // Every stored night names the guests as the players they are.
        for s in store.sessions(&club).await.unwrap() {
            let session = store.session(&club, s.info.id).await.unwrap();
            let six = session.pairs.iter().find(|p| p.pair == "6").unwrap();
            let expected = if s.info.date == "2025-08-26" { 0 } else { 2 };
            assert_eq!(six.players.len(), expected, "{six:?}");
            assert!(six.players.iter().all(|p| p.id > 0), "{six:?}");
        }
        assert_eq!(store.partnerships(&club).await.unwrap().len(), 6);
    }
}

/// A PostgreSQL role that may read and write the club's tables but not create tables
/// (the usual account of a program) opens an up-to-date database and works with it.
/// Skipped, with a note, when the test server's role may not create roles.
#[tokio::test]
async fn an_up_to_date_database_opens_without_the_right_to_create_tables() {
    let Some(url) = postgres_location("no-create").await else {
        return;
    };
    let owner = Store::open(&url).await.unwrap();
    let club = club(&owner).await;
    let Some((_, app_url)) = common::app_role(&owner, &url).await else {
        return;
    };
    let app = Store::open(&app_url).await.unwrap();
    let club = app.club(Some(&club.code)).await.unwrap();
    let players = app.players(&club).await.unwrap();
    assert_eq!(players.len(), PLAYERS.len());
    app.import_session(&club, &night("2025-09-02", "", 0, PAIRS, &players))
        .await
        .unwrap();
    assert_eq!(app.sessions(&club).await.unwrap().len(), 1);
    app.close().await;
}

/// How long a writer waits for another in [`a_writer_kept_waiting_too_long_gives_up`]:
/// short, so that the test does not wait the minute a club's writer waits.
const SHORT_WAIT: Duration = Duration::from_millis(300);

/// A change kept waiting by another change to the same club gives up, on SQLite and
/// PostgreSQL alike, with a message that says so and asks to try again (not a raw
/// database message), and goes through once the other change is done. On PostgreSQL
/// the limit on the wait is not kept by the connection, nor by the transaction once it
/// has its turn.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_writer_kept_waiting_too_long_gives_up() {
    for loc in locations("kept-waiting").await {
        let store = Store::open_waiting(&loc, SHORT_WAIT).await.unwrap();
        let club = club(&store).await;
        let mut turn = store.hold_club_turn(&club).await.unwrap();
        let guest = NewPlayer {
            number: None,
            name: "Gast".into(),
        };
        // Only so that a writer that waits without limit fails the test instead of
        // hanging it.
        let waited = tokio::time::timeout(HANG, store.add_player(&club, &guest)).await;
        let err = waited.expect("the writer waits without limit").unwrap_err();
        let message = err.to_string();
        assert!(matches!(err, StoreError::Conflict(_)), "{message}");
        assert!(
            message.starts_with("cannot add the player: another change to "),
            "{message}"
        );
        assert!(
            message.contains("is under way") && message.contains("try again"),
            "{message}"
        );
        if store.backend() == Backend::Postgres {
            assert!(message.contains("club kievit"), "{message}");
            assert!(
                lock_timeout_as_set(&mut turn).await,
                "kept after the turn was had"
            );
        }
        turn.rollback().await.unwrap();
        store.add_player(&club, &guest).await.unwrap();
        if store.backend() == Backend::Postgres {
            no_connection_keeps_a_lock_timeout(&store).await;
        }
    }
}

/// Asserts that every connection of `store`'s pool has `lock_timeout` as the server
/// sets it, not the limit a writer waited with.
async fn no_connection_keeps_a_lock_timeout(store: &Store) {
    let mut all = Vec::new();
    for _ in 0..store.pool().size() {
        all.push(store.pool().acquire().await.unwrap());
    }
    for conn in &mut all {
        assert!(lock_timeout_as_set(conn).await, "kept by a connection");
    }
}

/// Longer than any writer in these tests waits, but for one that waits without limit.
const HANG: Duration = Duration::from_secs(120);

/// Whether PostgreSQL's `lock_timeout` on a connection is as the server sets it.
async fn lock_timeout_as_set(conn: &mut sqlx::AnyConnection) -> bool {
    sqlx::query_scalar("SELECT setting = reset_val FROM pg_settings WHERE name = 'lock_timeout'")
        .fetch_one(conn)
        .await
        .unwrap()
}
