//! A club restored from its archive keeps its sessions' numbers, the removed ones' too:
//! session 4 is session 4 again, and a removed session's number is no live one's.

mod common;

use common::{locations, stores};
use klaver_store::{Club, Line, NewSession, SessionInfo, SessionPair, Store};

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
