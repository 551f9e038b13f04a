//! `klaver movement` on generated movements, the seed's 14-pair schedule and bad files.

mod common;
use common::klaver;

use std::path::PathBuf;

fn run_ok(args: &[&str]) -> String {
    let out = klaver(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "klaver {args:?} failed: {stderr}");
    String::from_utf8(out.stdout).expect("output is UTF-8")
}

/// Runs a command that must fail with exit code 2 and returns its message.
fn run_bad(args: &[&str]) -> String {
    let out = klaver(args);
    assert_eq!(
        out.status.code(),
        Some(2),
        "klaver {args:?} should exit with 2"
    );
    String::from_utf8(out.stderr).expect("message is UTF-8")
}

fn scratch(name: &str, text: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("movement_cli_{name}"));
    std::fs::write(&path, text).expect("scratch file is written");
    path
}

fn seed_schedule() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../klaver-core/tests/data/fonteintje-14-pairs.csv")
}

#[test]
fn mitchell_seven_tables_text() {
    let out = run_ok(&[
        "movement",
        "mitchell",
        "--tables",
        "7",
        "--boards-per-round",
        "4",
    ]);
    assert!(
        out.starts_with(
            "Mitchell, 7 tables\n  14 pairs, 7 tables, 7 rounds, boards 1-28\n  valid (0 warnings)"
        ),
        "{out}"
    );
    assert!(out.contains("\nPair 8\nRound  Table  Dir  Opponents  Boards\n1      1      EW   1          1-4\n2      2      EW   2          9-12\n"), "{out}");
    assert!(
        out.contains(
            "\nTable 1\nRound  NS  EW  Boards  Boards go to\n1      1   8   1-4     table 7\n"
        ),
        "{out}"
    );
}

#[test]
fn mitchell_csv_reads_back_through_check() {
    let csv = run_ok(&[
        "movement", "mitchell", "--tables", "6", "--even", "relay", "--format", "csv",
    ]);
    assert!(
        // The boards on the bye stand in each round are written first, so that the
        // relay's cards read back the same.
        csv.starts_with("round,table,ns,ew,boards\n1,bye,,,13-16\n1,1,1,7,1-4\n"),
        "{csv}"
    );
    let file = scratch("relay.csv", &csv);
    let file = file.to_str().unwrap();
    // The relay shares boards between tables 1 and 6: only valid when declared.
    let msg = run_bad(&["movement", "check", file, "--cards", "none"]);
    assert!(
        msg.contains("round 1, table 6: boards 1-4 are also at table 1"),
        "{msg}"
    );
    let out = run_ok(&[
        "movement", "check", file, "--boards", "shared", "--cards", "none",
    ]);
    assert!(out.contains("valid (0 warnings); boards shared"), "{out}");
}

#[test]
fn howell_fourteen_pairs_seven_rounds_same_boards() {
    let out = run_ok(&[
        "movement",
        "howell",
        "--pairs",
        "14",
        "--rounds",
        "7",
        "--boards-per-round",
        "4",
        "--same-boards",
        "--cards",
        "schedule",
    ]);
    assert!(
        out.starts_with("Howell, 14 pairs, 7 rounds, same boards at all tables\n"),
        "{out}"
    );
    assert!(out.contains("plays per board: 7"), "{out}");
    assert!(out.contains("\n1      14-1 (1-4)"), "{out}");
}

#[test]
fn howell_nine_pairs_has_a_bye() {
    let out = run_ok(&[
        "movement",
        "howell",
        "--pairs",
        "9",
        "--boards-per-round",
        "3",
        "--cards",
        "pairs",
    ]);
    assert!(
        out.contains("Pair 1\nRound  Table  Dir  Opponents  Boards\n1      1      EW   bye\n"),
        "{out}"
    );
}

#[test]
fn seed_schedule_checks_with_duplicated_boards() {
    let file = seed_schedule();
    let file = file.to_str().unwrap();
    let out = run_ok(&[
        "movement",
        "check",
        file,
        "--boards",
        "duplicated",
        "--lang",
        "nl",
    ]);
    assert!(
        out.contains("14 paren, 7 tafels, 7 ronden, spellen 1-28"),
        "{out}"
    );
    assert!(
        out.contains("in orde (0 waarschuwingen); spellen gedupliceerd"),
        "{out}"
    );
    assert!(
        out.contains(
            "Paar 7\nRonde  Tafel  Richting  Tegen  Spellen\n1      3      OW        4      1-4\n"
        ),
        "{out}"
    );
    let msg = run_bad(&["movement", "check", file, "--cards", "none"]);
    assert!(
        msg.contains("round 1, table 2: boards 1-4 are also at table 1 this round"),
        "{msg}"
    );
}

#[test]
fn html_output_is_a_page() {
    let out = run_ok(&[
        "movement", "mitchell", "--tables", "3", "--format", "html", "--lang", "nl",
    ]);
    assert!(
        out.starts_with("<!DOCTYPE html>\n<html lang=\"nl\">"),
        "{out}"
    );
    assert!(out.contains("<h2>Loopkaarten</h2>"));
}

#[test]
fn bad_input_says_what_to_fix() {
    let msg = run_bad(&["movement", "mitchell", "--tables", "2"]);
    assert!(msg.contains("3 or more tables"), "{msg}");
    let msg = run_bad(&["movement", "howell", "--pairs", "24"]);
    assert!(msg.contains("--same-boards"), "{msg}");
    let file = scratch(
        "twice.csv",
        "round,table,ns,ew,boards\n1,1,1,2,1-4\n1,2,1,3,5-8\n",
    );
    let msg = run_bad(&["movement", "check", file.to_str().unwrap()]);
    assert!(
        msg.contains("round 1, table 2: pair 1 also plays at table 1 this round"),
        "{msg}"
    );
    let file = scratch("header.csv", "board,ns,ew\n1,1,2\n");
    let msg = run_bad(&["movement", "check", file.to_str().unwrap()]);
    assert!(
        msg.contains("line 1: the header must be `round,table,ns,ew,boards`"),
        "{msg}"
    );
}

#[test]
fn pdf_guide_cards_to_stdout_and_to_a_file() {
    let out = klaver(&["movement", "mitchell", "--tables", "5", "--format", "pdf"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stdout.starts_with(b"%PDF-"));
    assert!(out.stdout.len() > 10_000 && out.stdout.len() < 200_000);
    let file = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("movement_cli_cards.pdf");
    let path = file.to_str().unwrap();
    let out = run_ok(&[
        "movement", "howell", "--pairs", "10", "--lang", "nl", "--format", "pdf", "-o", path,
    ]);
    assert!(out.is_empty());
    let pdf = std::fs::read(&file).unwrap();
    assert!(pdf.starts_with(b"%PDF-") && pdf.trim_ascii_end().ends_with(b"%%EOF"));
    // An invalid schedule still prints its cards, and exits 2.
    let bad = scratch(
        "twice-pdf.csv",
        "round,table,ns,ew,boards\n1,1,1,2,1-4\n1,2,1,3,5-8\n",
    );
    let out = klaver(&[
        "movement",
        "check",
        bad.to_str().unwrap(),
        "--format",
        "pdf",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.starts_with(b"%PDF-"));
}

#[test]
fn two_fields_need_every_pair_in_one_direction() {
    // The arrow switch turns the last round: pair 1 sits East-West in round 3. Scored in
    // two fields such a movement is refused, so its check is too.
    let csv = run_ok(&[
        "movement",
        "mitchell",
        "--tables",
        "3",
        "--arrow-switch",
        "--format",
        "csv",
    ]);
    let arrow = scratch("arrow.csv", &csv);
    let msg = run_bad(&[
        "movement",
        "check",
        arrow.to_str().unwrap(),
        "--two-fields",
        "--cards",
        "none",
    ]);
    assert!(
        msg.contains(
            "round 3, table 1: pair 1 sits East-West here but North-South in round 1: in two fields every pair keeps its direction; rank them as one field or correct the schedule"
        ),
        "{msg}"
    );
    run_ok(&[
        "movement",
        "check",
        arrow.to_str().unwrap(),
        "--cards",
        "none",
    ]);
    let plain = run_ok(&["movement", "mitchell", "--tables", "3", "--format", "csv"]);
    let plain = scratch("plain-mitchell.csv", &plain);
    run_ok(&[
        "movement",
        "check",
        plain.to_str().unwrap(),
        "--two-fields",
        "--cards",
        "none",
    ]);
}

#[test]
fn relay_table_cards_name_the_bye_stand() {
    let cards = |lang: &str| {
        run_ok(&[
            "movement",
            "mitchell",
            "--tables",
            "6",
            "--even",
            "relay",
            "--cards",
            "tables",
            "--boards-per-round",
            "2",
            "--lang",
            lang,
        ])
    };
    let out = cards("en");
    assert!(
        out.contains(
            "\nTable 3\nRound  NS  EW  Boards                  Boards go to\n\
             1      3   9   5-6                     table 2\n\
             2      3   8   7-8 (from bye stand)    table 2\n"
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "\nTable 4\nRound  NS  EW  Boards  Boards go to\n1      4   10  9-10    bye stand\n"
        ),
        "{out}"
    );
    // Only the boards resting in the last round, played by every table, go back.
    assert_eq!(out.matches("director").count(), 1, "{out}");
    assert!(out.contains("5      4   12  5-6     director\n"), "{out}");
    let out = cards("nl");
    assert!(out.contains("7-8 (van rusttafel)"), "{out}");
    assert!(out.contains("9-10     rusttafel\n"), "{out}");
}

#[test]
fn numbers_out_of_range_are_refused_up_front() {
    let out = klaver(&["movement", "mitchell", "--tables", "5", "--ew-from", "2"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty(), "no cards are printed");
    let msg = String::from_utf8(out.stderr).unwrap();
    assert!(msg.contains("use --ew-from 5 to 4294967290"), "{msg}");
    let msg = run_bad(&[
        "movement",
        "mitchell",
        "--tables",
        "5",
        "--ew-from",
        "4294967295",
    ]);
    assert!(msg.contains("use --ew-from 5 to 4294967290"), "{msg}");
    for pairs in ["4294967295", "3000"] {
        let msg = run_bad(&["movement", "howell", "--pairs", pairs, "--same-boards"]);
        assert!(msg.contains("at most 120 pairs (60 tables)"), "{msg}");
    }
}

#[test]
fn even_is_refused_with_an_odd_number_of_tables() {
    for even in ["skip", "relay"] {
        let msg = run_bad(&["movement", "mitchell", "--tables", "7", "--even", even]);
        assert!(
            msg.contains("--even is for an even number of tables; 7 tables play every round without a skip or relay: leave --even out"),
            "{msg}"
        );
    }
    run_ok(&[
        "movement", "mitchell", "--tables", "8", "--even", "skip", "--cards", "none",
    ]);
}

/// The summary said "1 rounds", and in Dutch named the boards' use in English
/// ("spellen single").
#[test]
fn the_summary_counts_in_words_of_one_and_more() {
    let out = run_ok(&["movement", "howell", "--pairs", "8", "--rounds", "1"]);
    assert!(out.contains("8 pairs, 4 tables, 1 round, boards"), "{out}");
    // The title said "Howell, 18 pairs, 1 rounds".
    let out = run_ok(&[
        "movement", "howell", "--pairs", "18", "--rounds", "1", "--cards", "none",
    ]);
    assert!(out.starts_with("Howell, 18 pairs, 1 round\n"), "{out}");
    let out = run_ok(&["movement", "howell", "--pairs", "8", "--lang", "nl"]);
    assert!(
        out.contains("in orde (0 waarschuwingen); spellen niet gedeeld"),
        "{out}"
    );
    let out = run_ok(&["movement", "mitchell", "--tables", "3", "--lang", "nl"]);
    assert!(out.contains("6 paren, 3 tafels, 3 ronden"), "{out}");
}

/// The Dutch cards had an English title ("Howell, 9 pairs (a bye against pair 10)").
#[test]
fn dutch_cards_have_a_dutch_title() {
    let first = |args: &[&str]| {
        let all = [args, &["--lang", "nl", "--cards", "none"]].concat();
        run_ok(&all).lines().next().unwrap_or_default().to_string()
    };
    let howell = ["movement", "howell", "--pairs"];
    assert_eq!(first(&[&howell[..], &["10"]].concat()), "Howell, 10 paren");
    assert_eq!(
        first(&[&howell[..], &["9", "--boards-per-round", "2"]].concat()),
        "Howell, 9 paren (rust tegen paar 10)"
    );
    assert_eq!(
        first(&["movement", "mitchell", "--tables", "8", "--even", "relay"]),
        "Mitchell, 8 tafels, relay en rusttafel"
    );
    let file = seed_schedule();
    let file = file.to_str().unwrap();
    let check = ["movement", "check", file, "--boards", "duplicated"];
    assert_eq!(first(&check), format!("Schema {file}"));
    let english = run_ok(&check);
    assert!(
        english.starts_with(&format!("Schedule {file}\n")),
        "{english}"
    );
}

fn data(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
        .display()
        .to_string()
}

/// Pair 4 written "01" beside pair 1 was counted as 8 pairs, with each card three
/// times: a schedule names each pair one way, and the file is refused.
#[test]
fn a_schedule_with_a_pair_written_two_ways_is_refused() {
    let file = data("movement-pair-written-two-ways.csv");
    let msg = run_bad(&["movement", "check", &file, "--boards", "shared"]);
    assert!(
        msg.contains(&format!(
            "{file}: line 3: pair 1 and pair 01 are written differently: a schedule names \
             each pair one way"
        )),
        "{msg}"
    );
}

/// A bye stand line naming boards 99-100 passed as valid and was written back as the
/// set the movement leaves there (5-6).
#[test]
fn a_bye_stand_line_with_other_boards_is_refused() {
    let file = data("movement-relay-bad-bye-stand.csv");
    let msg = run_bad(&["movement", "check", &file, "--boards", "shared"]);
    assert!(
        msg.contains(&format!(
            "{file}: line 4: round 1 puts boards 99-100 on the bye stand, but the boards no \
             table plays that round are 5-6: write 5-6 on the bye stand line"
        )),
        "{msg}"
    );
}
