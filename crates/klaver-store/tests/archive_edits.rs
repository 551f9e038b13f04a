//! A hand-edited archive is checked whole before anything of it is restored: a value
//! klaver would not read back later (a kept deal, a room, the scoring options, a table
//! number) is refused naming its session, rather than stored to break scoring later.

mod common;

use common::sqlite_location;
use klaver_store::{ClubArchive, Store, StoreError, read_archive};

/// A club of three sessions, as `klaver export` wrote it: a pairs night with its kept
/// hands, a teams night and a pairs night with scoring options.
const ARCHIVE: &[u8] = include_bytes!("data/club-archive.json");

fn archive() -> ClubArchive {
    read_archive("club-archive.json", ARCHIVE).unwrap()
}

/// Why `edit` of the archive is refused; nothing of the club is restored.
async fn refused(test: &str, edit: impl FnOnce(&mut ClubArchive)) -> String {
    let mut a = archive();
    edit(&mut a);
    let file = sqlite_location(test);
    let store = Store::open(&file).await.unwrap();
    let m = match store.import_club(&a, Some("edited")).await {
        Err(StoreError::Invalid(m)) => m,
        other => panic!("{other:?}"),
    };
    assert!(store.club(Some("edited")).await.is_err(), "{m}");
    m
}

fn says(m: &str, want: &str) {
    assert!(m.contains(want), "{want:?} not in:\n{m}");
}

const FIRST: &str = "session 1 (2025-09-02 tuesday): ";
const TEAMS: &str = "session 2 (2025-09-04 teams): ";

#[tokio::test]
async fn the_archive_as_written_restores() {
    let file = sqlite_location("edits-none");
    let store = Store::open(&file).await.unwrap();
    let club = store.import_club(&archive(), None).await.unwrap();
    assert_eq!(store.sessions(&club).await.unwrap().len(), 3);
}

#[tokio::test]
async fn a_kept_deal_that_is_no_deal_is_refused() {
    let m = refused("edits-deal", |a| a.sessions[0].deals[0].deal = "zzz".into()).await;
    says(
        &m,
        &format!("{FIRST}the kept hands of board 1: \"zzz\" is not a deal"),
    );
}

#[tokio::test]
async fn kept_hands_on_board_0_are_refused() {
    let m = refused("edits-board-0", |a| a.sessions[0].deals[0].board = 0).await;
    says(&m, &format!("{FIRST}the hands of board 0 are kept for"));
}

#[tokio::test]
async fn kept_hands_on_a_board_past_the_numbers_are_refused() {
    let m = refused("edits-board-huge", |a| {
        a.sessions[0].deals[0].board = 99_999_999_999
    })
    .await;
    says(
        &m,
        &format!("{FIRST}the hands of board 99999999999 are kept for"),
    );
}

#[tokio::test]
async fn a_room_neither_open_nor_closed_is_refused() {
    let m = refused("edits-room", |a| {
        a.sessions[1].lines[0].line.room = "zzz".into()
    })
    .await;
    says(
        &m,
        &format!("{TEAMS}line 1: room \"zzz\" is not open or closed"),
    );
}

#[tokio::test]
async fn stored_options_klaver_cannot_read_are_refused() {
    let m = refused("edits-options", |a| {
        a.sessions[1].info.options = vec!["zzz".into()]
    })
    .await;
    says(
        &m,
        &format!("{TEAMS}the stored scoring options [\"zzz\"] cannot be read"),
    );
}

#[tokio::test]
async fn a_partnership_of_no_kind_klaver_keeps_is_refused() {
    let m = refused("edits-kind", |a| a.partnerships[0].kind = "duo".into()).await;
    says(
        &m,
        "the archive's partnership Anna Bakker - Kees Bakker is a \"duo\"",
    );
}

#[tokio::test]
async fn a_table_past_the_numbers_is_refused() {
    let m = refused("edits-table-huge", |a| {
        a.sessions[0].lines[0].line.table = Some(99_999_999_999)
    })
    .await;
    says(
        &m,
        &format!("{FIRST}line 1: table 99999999999 is not a table number"),
    );
}

#[tokio::test]
async fn a_table_below_1_is_refused() {
    let m = refused("edits-table-neg", |a| {
        a.sessions[0].lines[0].line.table = Some(-1)
    })
    .await;
    says(
        &m,
        &format!("{FIRST}line 1: table -1 is not a table number"),
    );
}

#[tokio::test]
async fn a_round_past_the_numbers_is_refused() {
    let m = refused("edits-round-huge", |a| {
        a.sessions[0].lines[0].line.round = Some(99_999_999_999)
    })
    .await;
    says(
        &m,
        &format!("{FIRST}line 1: round 99999999999 is not a round number"),
    );
}

#[tokio::test]
async fn a_round_below_1_is_refused() {
    let m = refused("edits-round-neg", |a| {
        a.sessions[0].lines[0].line.round = Some(-1)
    })
    .await;
    says(
        &m,
        &format!("{FIRST}line 1: round -1 is not a round number"),
    );
}

#[tokio::test]
async fn a_layout_version_below_1_is_refused() {
    for v in [0, -1] {
        let m = refused(&format!("edits-version{v}"), |a| a.version = v).await;
        says(&m, &format!("layout version {v}"));
    }
}

#[tokio::test]
async fn a_session_number_below_1_is_refused() {
    let m = refused("edits-number", |a| a.sessions[0].number = Some(-1)).await;
    says(&m, &format!("{FIRST}its number -1 is no session number"));
}

#[tokio::test]
async fn an_empty_club_code_is_refused() {
    let m = refused("edits-code", |a| a.club.code = String::new()).await;
    says(&m, "the club code \"\" must be one word");
}
