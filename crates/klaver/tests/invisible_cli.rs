//! A character that shows nothing (a zero-width space, a soft hyphen) in a pair id or a
//! player's name, from the command line: a pair holding one is refused when scored, and
//! a player's name holding one is refused by `player add`, `player import` and a
//! session's import into the club's database, where the season ranking would take it
//! for another player who looks the same.

mod common;

use common::{stderr, stdout, temp_file, temp_path};
use std::process::{Command, Output};

const ZWSP: &str = "\u{200b}";

/// Runs klaver against the SQLite database `db`.
fn k(db: &str, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_klaver"))
        .args(args)
        .env("KLAVER_DATABASE_URL", db)
        .env_remove("KLAVER_CLUB")
        .output()
        .expect("the klaver binary runs")
}

/// A fresh club database of the test's own.
fn club(test: &str) -> String {
    let db = temp_path("invisible-cli", &format!("{test}.db"));
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
    }
    let db = db.display().to_string();
    let o = k(&db, &["club", "init", "--name", "BC Test"]);
    assert!(o.status.success(), "{}", stderr(&o));
    db
}

#[test]
fn a_pair_holding_a_zero_width_space_is_refused_when_scored() {
    let file = temp_file(
        "invisible-cli",
        "zw.csv",
        &format!("board,ns,ew,score\n1,1,2,420\n1,3,4,450\n2,1{ZWSP},2,110\n2,3,4,140\n"),
    );
    let o = common::klaver(&["score", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert!(
        stderr(&o).contains(
            "line 4: board 2: the NS pair \"1\\u{200b}\" holds an invisible character (U+200B ZERO WIDTH SPACE): remove it"
        ),
        "{}",
        stderr(&o)
    );
}

#[test]
fn player_add_and_import_refuse_a_name_holding_an_invisible_character() {
    let db = club("players");
    let o = k(&db, &["player", "add", &format!("Jan{ZWSP} Smit")]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains(
            "the name \"Jan\\u{200b} Smit\" holds an invisible character (U+200B ZERO WIDTH SPACE): remove it"
        ),
        "{}",
        stderr(&o)
    );
    let o = k(
        &db,
        &["player", "add", "Jan Smit", "--number", "10\u{ad}01"],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("U+00AD SOFT HYPHEN"), "{}", stderr(&o));
    let players = temp_file(
        "invisible-cli",
        "players.csv",
        "number,name\n1001,Jan Smit\n1002,Piet\u{ad} Bos\n",
    );
    let o = k(&db, &["player", "import", players.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("line 3: the name \"Piet\\u{ad} Bos\" holds an invisible character (U+00AD SOFT HYPHEN): remove it"),
        "{}",
        stderr(&o)
    );
    let o = k(&db, &["player", "list"]);
    assert!(stdout(&o).contains("0 players"), "{}", stdout(&o));
}

#[test]
fn a_session_whose_names_hold_an_invisible_character_is_not_stored() {
    let db = club("session");
    let travellers = temp_file(
        "invisible-cli",
        "night.csv",
        "board,ns,ew,score\n1,1,2,420\n1,3,4,450\n",
    );
    let pairs = temp_file(
        "invisible-cli",
        "night.pairs.csv",
        &format!("pair,names\n1,Jan{ZWSP} Smit - Piet Bos\n2,A - B\n3,C - D\n4,E - F\n"),
    );
    let args = [
        "session",
        "import",
        travellers.to_str().unwrap(),
        "--pairs",
        pairs.to_str().unwrap(),
        "--date",
        "2026-01-05",
        "--add-players",
    ];
    let o = k(&db, &args);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert!(
        stderr(&o).contains("holds an invisible character (U+200B ZERO WIDTH SPACE)")
            && stderr(&o).contains("nothing was stored"),
        "{}",
        stderr(&o)
    );
    let o = k(&db, &["player", "list"]);
    assert!(stdout(&o).contains("0 players"), "{}", stdout(&o));
}

/// A night the club's database kept before klaver refused a pair holding a character
/// that shows nothing (its archive, made then: pair `3` with a zero-width space, pair
/// 1's names with a soft hyphen) was refused when restored, scored or exported, and its
/// export left pair 3's lines out with exit 0. It is restored, scored and exported as
/// kept, each such line said.
#[test]
fn a_night_kept_before_is_restored_scored_and_exported_whole() {
    let db = temp_path("invisible-cli", "kept-before.db");
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
    }
    let db = db.display().to_string();
    let archive = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/invisible/kept-before.json"
    );
    let o = k(&db, &["import", archive]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = k(&db, &["session", "score", "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("the club's database kept it so before klaver refused it"),
        "{}",
        stderr(&o)
    );
    let out = temp_path("invisible-cli", "kept-before.csv");
    let o = k(&db, &["session", "export", "1", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let csv = std::fs::read_to_string(&out).unwrap();
    assert_eq!(csv.lines().count(), 7, "{csv}");
    assert!(csv.contains(&format!(",3{ZWSP},")), "{csv}");
}

/// A line added to a night with a pair holding a character that shows nothing was first
/// read as one the club's database kept ("kept it so before klaver refused it"), and
/// then refused: it is refused at once, without the warning.
#[test]
fn a_line_added_with_an_invisible_pair_is_refused_without_a_stored_lines_warning() {
    let db = club("add");
    let night = temp_file(
        "invisible-cli",
        "add.csv",
        "board,ns,ew,score\n1,1,2,420\n1,3,4,450\n",
    );
    let o = k(
        &db,
        &[
            "session",
            "import",
            night.to_str().unwrap(),
            "--date",
            "2026-01-12",
        ],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let ns = format!("3{ZWSP}");
    let args = [
        "session",
        "add",
        "1",
        "--board",
        "2",
        "--ns-pair",
        &ns,
        "--ew-pair",
        "4",
        "--score",
        "100",
        "--reason",
        "late",
    ];
    let o = k(&db, &args);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert!(
        stderr(&o).contains("U+200B ZERO WIDTH SPACE"),
        "{}",
        stderr(&o)
    );
    assert!(!stderr(&o).contains("kept it so"), "{}", stderr(&o));
}
