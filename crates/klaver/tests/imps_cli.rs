//! The IMP forms as a director runs them: `klaver imps`, `klaver vp`, and `klaver score
//! --form butler|cross-imps|teams` on small travellers files, with the errors bad input
//! gets (exit code 2 and a message naming the line).

mod common;
use common::{klaver, squeezed};

use std::path::PathBuf;

fn ok(args: &[&str]) -> String {
    let out = klaver(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn refused(args: &[&str]) -> String {
    let out = klaver(args);
    assert_eq!(out.status.code(), Some(2), "{args:?} should be refused");
    assert!(out.stdout.is_empty(), "{args:?}");
    String::from_utf8(out.stderr).unwrap()
}

fn data(name: &str) -> String {
    let p: PathBuf = [env!("CARGO_MANIFEST_DIR"), "tests", "data", name]
        .iter()
        .collect();
    p.display().to_string()
}

#[test]
fn imps_of_a_difference() {
    assert_eq!(ok(&["imps", "230"]), "6\n");
    assert_eq!(ok(&["imps", "-230"]), "-6\n");
    assert_eq!(ok(&["imps", "10"]), "0\n");
    assert_eq!(ok(&["imps", "4000"]), "24\n");
}

#[test]
fn victory_points_of_a_margin() {
    assert_eq!(ok(&["vp", "15", "--boards", "16"]), "13.97 - 6.03\n");
    assert_eq!(ok(&["vp", "-15", "--boards", "16"]), "13.97 - 6.03\n");
    assert_eq!(ok(&["vp", "0", "--boards", "16"]), "10.00 - 10.00\n");
    assert_eq!(ok(&["vp", "2", "--boards", "20"]), "10.55 - 9.45\n");
    assert_eq!(ok(&["vp", "99", "--boards", "8"]), "20.00 - 0.00\n");
    assert_eq!(
        ok(&["vp", "15", "--boards", "16", "--format", "json"]),
        "{\"imps\":15,\"vp\":[13.97,6.03]}\n"
    );
    assert_eq!(
        ok(&["vp", "0", "--boards", "16", "--max", "10"]),
        "5.00 - 5.00\n"
    );
    let e = refused(&["vp", "fifteen", "--boards", "16"]);
    assert!(e.contains("\"fifteen\" is not an IMP margin"), "{e}");
    let e = refused(&["vp", "15", "--boards", "0"]);
    assert!(e.contains("0 boards"), "{e}");
}

#[test]
fn butler_board_against_the_datum() {
    let f = data("butler-board.csv");
    let text = ok(&["score", &f, "--form", "butler", "--per-board"]);
    // Datum 430 (650 and −100 dropped, mean 434); East-West 10 against −100 get +11.
    assert!(text.contains("Datum: 430"), "{text}");
    assert!(
        text.lines()
            .any(|l| l.starts_with("1(10)") && l.contains(" 11 ")),
        "{text}"
    );
    // Average-plus is +3 IMPs; the not-played pairs have no board.
    assert!(text.lines().any(|l| l.starts_with("(17)")), "{text}");
    let json = ok(&["score", &f, "--form", "butler", "--format", "json"]);
    assert!(json.contains("\"datum\":430.0"), "{json}");
    assert!(json.contains("\"imps_ns\":3.0,\"imps_ew\":-3.0"), "{json}");
    // An exact datum: (140 + 170 + 620 × 3) / 5 = 434, so 620 is 186 up: 5 IMPs still.
    let json = ok(&[
        "score",
        &f,
        "--form",
        "butler",
        "--format",
        "json",
        "--datum-round",
        "0",
    ]);
    assert!(json.contains("\"datum\":434.0"), "{json}");
}

#[test]
fn cross_imps_averaged_and_summed() {
    let f = data("cross-imps-board.csv");
    let json = ok(&["score", &f, "--form", "cross-imps", "--format", "json"]);
    // 420 against 420, 170, −50: (0 + 6 + 10) / 3.
    assert!(json.contains("\"imps_ns\":5.333333333333333"), "{json}");
    let json = ok(&[
        "score",
        &f,
        "--form",
        "cross-imps",
        "--cross-imps",
        "sum",
        "--format",
        "json",
    ]);
    assert!(json.contains("\"imps_ns\":16.0"), "{json}");
}

#[test]
fn a_small_swiss_teams_event() {
    let f = data("teams-swiss.csv");
    let text = ok(&["score", &f, "--form", "teams", "--swiss"]);
    // Columns are aligned: compare with single spaces.
    let text = text
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect::<Vec<_>>()
        .join("\n");
    // Round 1: A beat B 6-0, C beat D 11-0. Round 2: C beat A 13-1, B and D drew 1-1.
    assert!(text.contains("A v B 6 - 0 14.39 - 5.61"), "{text}");
    assert!(text.contains("C v D 11 - 0"), "{text}");
    assert!(text.contains("A v C 1 - 13"), "{text}");
    assert!(text.contains("B v D 1 - 1 10.00 - 10.00"), "{text}");
    // C leads; it has met D and A, so it plays B next, and A plays D.
    let standings = text.split("Standings").nth(1).unwrap();
    assert!(standings.contains("\n1 C 2 34.21 24 1 24.000"), "{text}");
    assert!(text.contains("Table 1: C v B"), "{text}");
    assert!(text.contains("Table 2: A v D"), "{text}");
    let json = ok(&[
        "score", &f, "--form", "teams", "--format", "json", "--swiss",
    ]);
    assert!(
        json.contains("\"tables\":[[\"C\",\"B\"],[\"A\",\"D\"]]"),
        "{json}"
    );
    assert!(json.contains("\"vp_home\":10.0,\"vp_away\":10.0"), "{json}");
}

/// Artificial scores that do not balance (Law 86B): each team is scored from its own
/// side, on the board (both IMP columns, marked), in the match (each team's IMPs won and
/// lost, its own VP) and in the standings. Boards 1 and 3 give the home team 13 and 6.
#[test]
fn artificial_scores_that_do_not_balance_are_scored_for_each_team() {
    // (file, the board's row, the match's row, the away team's standings row)
    let cases = [
        (
            "teams-split-40-40.csv",
            "2 40/40 -100 -3 -3 each team its own (Law 86B)",
            "1 v 2 19 - 3 / 0 - 22 17.71 - 0.77 3 3",
            "2 2 1 0.77 0 22 0.000",
        ),
        (
            "teams-split-50-40.csv",
            "2 50/40 -100 0 -3 each team its own (Law 86B)",
            "1 v 2 19 - 0 / 0 - 22 18.54 - 0.77 3 3",
            "2 2 1 0.77 0 22 0.000",
        ),
        (
            "teams-split-60-50.csv",
            "2 60/50 -100 3 0 each team its own (Law 86B)",
            "1 v 2 22 - 0 / 0 - 19 19.23 - 1.46 3 3",
            "2 2 1 1.46 0 19 0.000",
        ),
        (
            "teams-split-60-60.csv",
            "2 60/60 -100 3 3 each team its own (Law 86B)",
            "1 v 2 22 - 0 / 3 - 19 19.23 - 2.29 3 3",
            "2 2 1 2.29 3 19 0.158",
        ),
    ];
    for (file, board, matched, away) in cases {
        let f = data(file);
        let text = squeezed(&ok(&["score", &f, "--form", "teams", "--per-board"]));
        assert!(text.contains(&format!("\n{board}\n")), "{file}: {text}");
        assert!(text.contains(&format!("\n{matched}\n")), "{file}: {text}");
        assert!(
            text.contains("1 v 2: the artificial scores of board 2 do not balance"),
            "{file}: {text}"
        );
        assert!(text.ends_with(away), "{file}: {text}");
    }
    let json = ok(&[
        "score",
        &data("teams-split-40-40.csv"),
        "--form",
        "teams",
        "--format",
        "json",
    ]);
    assert!(
        json.contains("\"imps_home\":19.0,\"imps_away\":0.0,\"lost_home\":3.0,\"lost_away\":22.0,\"vp_home\":17.71,\"vp_away\":0.77"),
        "{json}"
    );
    assert!(json.contains("\"imps\":-3.0,\"imps_away\":-3.0"), "{json}");
    let html = ok(&[
        "score",
        &data("teams-split-40-40.csv"),
        "--form",
        "teams",
        "--format",
        "html",
    ]);
    assert!(html.contains("do not balance"), "{html}");
}

/// A board not played in one room while the other room played it is not lost: average
/// in that room, on the scale of 3 boards, and a warning naming its line, so that
/// `--strict` fails.
#[test]
fn a_board_not_played_in_one_room_is_average_with_a_warning() {
    let f = data("teams-np-one-room.csv");
    let out = klaver(&["score", &f, "--form", "teams", "--per-board", "--strict"]);
    assert_eq!(out.status.code(), Some(1));
    let text = squeezed(&String::from_utf8(out.stdout).unwrap());
    assert!(text.contains("\n1 v 2 11 - 1 15.58 - 4.42 3 3\n"), "{text}");
    assert!(
        text.contains("\n2 -100 NP NP in one room: average\n"),
        "{text}"
    );
    // The notes are in the report's language (they were English in every one).
    let nl = squeezed(&ok(&[
        "score",
        &f,
        "--form",
        "teams",
        "--per-board",
        "--lang",
        "nl",
    ]));
    assert!(
        nl.contains("\n2 -100 NG NG in één zaal: gemiddeld\n"),
        "{nl}"
    );
    let split = data("teams-split-40-40.csv");
    let tr = squeezed(&ok(&[
        "score",
        &split,
        "--form",
        "teams",
        "--per-board",
        "--lang",
        "tr",
    ]));
    assert!(tr.contains("her takım kendi IMP'sini alır (86B)"), "{tr}");
    let e = String::from_utf8(out.stderr).unwrap();
    assert!(
        e.contains("line 5: board 2: board 2 of 1 v 2 was not played in the closed room but was in the open room (line 4): scored as average in the closed room, 0 IMPs to each team"),
        "{e}"
    );
}

/// A team playing the same boards in two matches of one round is refused, naming both
/// lines.
#[test]
fn a_team_playing_a_board_in_two_matches_of_a_round_is_refused() {
    let e = refused(&[
        "score",
        &data("teams-board-twice-in-a-round.csv"),
        "--form",
        "teams",
    ]);
    assert!(
        e.contains("line 6: board 1: team 1 plays board 1 in round 1 against 2 (line 2) and against 3 (this line)"),
        "{e}"
    );
    assert!(
        e.contains("line 8: board 2: team 1 plays board 2 in round 1 against 2 (line 4) and against 3 (this line)"),
        "{e}"
    );
}

/// Options that contradict themselves are refused, saying what to write: two datum
/// steps for one number of scores, average-plus below average-minus.
#[test]
fn contradictory_imp_options_are_refused() {
    let e = refused(&[
        "score",
        &data("butler-board.csv"),
        "--form",
        "butler",
        "--datum-drop",
        "5:1,5:2",
    ]);
    assert!(
        e.contains("--datum-drop: two steps for 5 scores (5:1 and 5:2): give each number of scores one step, e.g. 5:1,10:2"),
        "{e}"
    );
    let e = refused(&[
        "score",
        &data("teams-swiss.csv"),
        "--form",
        "teams",
        "--adjusted-imps",
        "-3,0,3",
    ]);
    assert!(
        e.contains("--adjusted-imps \"-3,0,3\": average-plus, average and average-minus are given in that order, from most to least, e.g. 3,0,-3"),
        "{e}"
    );
}

/// A teams file naming the teams may call its first column `team`; a names file without
/// that column is named, with what a pairs file needs, not taken for the travellers.
#[test]
fn a_teams_names_file_may_say_team() {
    let f = data("teams-np-one-room.csv");
    let names = common::temp_file(
        "imps_cli",
        "team-names.csv",
        "team,names\n1,Alpha\n2,Beta\n",
    );
    let text = ok(&[
        "score",
        &f,
        "--form",
        "teams",
        "--pairs",
        names.to_str().unwrap(),
    ]);
    assert!(text.contains("Alpha") && text.contains("Beta"), "{text}");
    let bad = common::temp_file("imps_cli", "team-numbers.csv", "number,names\n1,Alpha\n");
    let bad = bad.to_str().unwrap();
    let e = refused(&["score", &f, "--form", "teams", "--pairs", bad]);
    assert_eq!(
        e,
        format!(
            "klaver: {bad}: the header has no `pair` column: a pairs file needs pair and names (`pair,names`; a teams event's file may call the first column `team`)\n"
        )
    );
}

/// Five teams, four of which played round 1: the fifth, named in the teams file, had
/// the bye. It stays in the event: listed in the standings with no match, paired in
/// round 2, and the bye goes to the lowest-placed team that has not sat out.
#[test]
fn a_swiss_teams_bye_stays_in_the_event_and_is_paired_next() {
    let f = data("teams-swiss-odd.csv");
    let names = data("teams-swiss-odd.pairs.csv");
    let out = klaver(&[
        "score", &f, "--form", "teams", "--swiss", "--pairs", &names, "--strict",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = squeezed(&String::from_utf8(out.stdout).unwrap());
    assert!(text.contains("\n5 5 Epsilon 0 0.00 0 0 -\n"), "{text}");
    assert!(text.contains("Table 1: 3 v 1"), "{text}");
    assert!(text.contains("Table 2: 2 v 5"), "{text}");
    assert!(text.contains("Bye: 4"), "{text}");
    // Without the teams file the bye team is unknown: four teams, no bye.
    let text = ok(&["score", &f, "--form", "teams", "--swiss"]);
    assert!(!text.contains("Bye"), "{text}");
}

/// The conditions of contest's VP for a bye (`--bye-vp`): the team that sat out round
/// 1 gets them, is ranked by them, and the note and the JSON say so; a value the scale
/// cannot hold, or the option with another form, is refused.
#[test]
fn a_bye_scores_the_vp_the_director_gives() {
    let f = data("teams-swiss-odd.csv");
    let names = data("teams-swiss-odd.pairs.csv");
    let args = ["score", &f, "--form", "teams", "--swiss", "--pairs", &names];
    let text = squeezed(&ok(&[&args[..], &["--bye-vp", "12"]].concat()));
    assert!(text.contains("\n2 5 Epsilon 0 12.00 0 0 -\n"), "{text}");
    assert!(text.contains("Bye: 5 (round 1): 12.00 VP"), "{text}");
    // Epsilon sat out already: the next bye goes to the lowest team that has not.
    assert!(text.contains("Bye: 4"), "{text}");
    let json = ok(&[&args[..], &["--bye-vp", "10.5", "--format", "json"]].concat());
    let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(
        doc["byes"],
        serde_json::json!([{"round": 1, "team": "5", "section": "", "vp": 10.5}])
    );
    let epsilon = doc["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["team"] == "5")
        .unwrap();
    assert_eq!(
        (epsilon["byes"].as_u64(), epsilon["vp"].as_f64()),
        (Some(1), Some(10.5))
    );

    // Without the teams file no team is known to have sat out: said.
    let out = klaver(&["score", &f, "--form", "teams", "--bye-vp", "12", "--strict"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("every team played in every round"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for (bad, said) in [
        (
            &["--form", "teams", "--bye-vp", "21"][..],
            "--bye-vp \"21\": give the VP a team gets for sitting out a round, from 0 to 20 with at most two decimals, e.g. 12 or 10.5\n",
        ),
        (
            &["--form", "teams", "--vp-max", "10", "--bye-vp", "12"],
            "from 0 to 10 with at most two decimals, e.g. 6 or 5.5\n",
        ),
        (
            &["--form", "teams", "--bye-vp", "12.345"],
            "at most two decimals",
        ),
        (
            &["--bye-vp", "12"],
            "--bye-vp does not apply to --form pairs",
        ),
    ] {
        let out = klaver(&[&["score", &f][..], bad].concat());
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(said), "{bad:?}: {err}");
    }
}

#[test]
fn the_imp_forms_speak_the_language_asked_for() {
    let f = data("butler-board.csv");
    let text = ok(&[
        "score",
        &f,
        "--form",
        "butler",
        "--per-board",
        "--lang",
        "nl",
    ]);
    for word in [
        "Butler (IMP's tegen de datum)",
        "Rang (Paar)",
        "G-IMP",
        "Gift 2   Datum: 430",
        "Score NZ",
        "GEM+",
        "NG",
    ] {
        assert!(text.contains(word), "{word:?} not in\n{text}");
    }
    assert!(!text.contains("AVG") && !text.contains("NP"), "{text}");
    let f = data("teams-swiss.csv");
    let text = ok(&["score", &f, "--form", "teams", "--swiss", "--lang", "tr"]);
    for word in ["Takımlar", "Puan Durumu", "Masa 1: C - B", "Masa 2: A - D"] {
        assert!(text.contains(word), "{word:?} not in\n{text}");
    }
    assert!(!text.contains("Standings"), "{text}");
}

#[test]
fn bad_teams_travellers_name_the_line() {
    let f = data("teams-bad.csv");
    let e = refused(&["score", &f, "--form", "teams"]);
    assert!(
        e.contains("line 4: board 2: board 2 of A v B has only the open room's result"),
        "{e}"
    );
    assert!(e.contains("line 5: board 3: team C plays itself"), "{e}");
}

#[test]
fn a_vp_scale_klaver_cannot_make_names_the_option_and_keeps_the_warnings() {
    // A column the travellers have and klaver does not read is a warning; it is still
    // printed when the session then cannot be scored.
    let text = std::fs::read_to_string(data("teams-swiss.csv")).unwrap();
    let text = text.replacen('\n', ",note\n", 1);
    let f = common::temp_path("imps_cli", "teams-note.csv");
    std::fs::write(&f, text).unwrap();
    let f = f.to_str().unwrap();
    for n in ["0", "2000"] {
        let e = refused(&["score", f, "--form", "teams", "--vp-boards", n]);
        assert!(
            e.contains(&format!("--vp-boards {n}: a match of {n} boards")),
            "{e}"
        );
        assert!(
            e.contains("warning: ") && e.contains("line 1: the column note is not read"),
            "{e}"
        );
        assert!(!e.contains("no board was played"), "{e}");
    }
}

#[test]
fn an_unknown_form_is_refused() {
    let f = data("butler-board.csv");
    let out = klaver(&["score", &f, "--form", "rubber"]);
    assert_eq!(out.status.code(), Some(2));
    let e = String::from_utf8(out.stderr).unwrap();
    assert!(
        e.contains("invalid value 'rubber' for '--form <FORM>'"),
        "{e}"
    );
}

#[test]
fn imp_forms_as_html_and_pdf() {
    let f = data("teams-swiss.csv");
    let page = ok(&[
        "score",
        &f,
        "--form",
        "teams",
        "--swiss",
        "--format",
        "html",
        "--title",
        "<i>Viertallen</i>",
    ]);
    assert!(page.starts_with("<!DOCTYPE html>"), "{page}");
    assert!(
        page.contains("<h1>&lt;i&gt;Viertallen&lt;/i&gt;</h1>"),
        "{page}"
    );
    assert!(!page.contains("<i>"), "{page}");
    assert!(page.contains("<h2>Next Swiss round</h2>"), "{page}");
    assert!(page.contains("<td>Table 1</td><td>C v B</td>"), "{page}");
    for (form, file) in [
        ("teams", "teams-swiss.csv"),
        ("butler", "butler-board.csv"),
        ("cross-imps", "cross-imps-board.csv"),
    ] {
        let f = data(file);
        let out = klaver(&["score", &f, "--form", form, "--format", "pdf"]);
        assert!(
            out.status.success(),
            "{form}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(out.stdout.starts_with(b"%PDF-"), "{form}");
        let page = ok(&["score", &f, "--form", form, "--format", "html"]);
        assert!(page.contains("<h2>Boards</h2>"), "{form}: {page}");
    }
    let page = ok(&[
        "score",
        &data("butler-board.csv"),
        "--form",
        "butler",
        "--format",
        "html",
    ]);
    assert!(
        page.contains("Datum: 430 · Dropped at each end: 1"),
        "{page}"
    );
}

#[test]
fn a_run_that_fails_leaves_the_earlier_report_as_it_was() {
    let report = common::temp_path("imps_cli", "teams-report.txt");
    std::fs::write(&report, "last week's result list\n").unwrap();
    let partial = report.with_file_name("teams-report.txt.partial");
    let r = report.to_str().unwrap();
    let e = refused(&["score", &data("teams-bad.csv"), "--form", "teams", "-o", r]);
    assert!(e.contains("team C plays itself"), "{e}");
    assert_eq!(
        std::fs::read_to_string(&report).unwrap(),
        "last week's result list\n"
    );
    assert!(!partial.exists(), "no half file is left beside it");

    let ok = klaver(&[
        "score",
        &data("teams-swiss.csv"),
        "--form",
        "teams",
        "-o",
        r,
    ]);
    assert!(ok.status.success(), "{}", common::stderr(&ok));
    let text = std::fs::read_to_string(&report).unwrap();
    assert!(!text.contains("last week"), "{text}");
    assert!(!partial.exists());
}

#[cfg(target_os = "linux")]
#[test]
fn a_report_that_cannot_be_written_names_the_file() {
    for (file, form) in [
        ("teams-swiss.csv", "teams"),
        ("butler-board.csv", "butler"),
        ("cross-imps-board.csv", "cross-imps"),
    ] {
        let e = refused(&["score", &data(file), "--form", form, "-o", "/dev/full"]);
        assert!(e.contains("cannot write /dev/full"), "{form}: {e}");
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_message_that_cannot_be_written_is_an_error_not_a_panic() {
    for args in [
        &["imps", "230"][..],
        &["vp", "--boards", "8", "20"],
        &["contract", "4SX=", "--declarer", "N"],
        &["demo"],
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_klaver"))
            .args(args)
            .stdout(std::fs::File::create("/dev/full").unwrap())
            .output()
            .unwrap();
        let e = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {e}");
        assert!(e.contains("cannot write standard output"), "{args:?}: {e}");
        assert!(!e.contains("panicked"), "{args:?}: {e}");
    }
}

#[test]
fn a_match_longer_than_any_played_is_refused_at_once() {
    let err = refused(&["vp", "1000000", "--boards", "4294967295"]);
    assert!(err.contains("at most 1000 boards"), "{err}");
}

/// A room that is neither open nor closed names its line, word for word; a warning
/// follows the report in every IMP form and, with `--strict`, ends it with exit code 1.
#[test]
fn a_bad_room_and_the_warnings_of_the_imp_forms_are_said_exactly() {
    let text = std::fs::read_to_string(data("teams-swiss.csv")).unwrap();
    let room = common::temp_file(
        "imps_cli",
        "room.csv",
        &text.replacen("1,B,A,closed,170", "1,B,A,kitchen,170", 1),
    );
    let room = room.to_str().unwrap();
    assert_eq!(
        refused(&["score", room, "--form", "teams"]),
        format!(
            "klaver: {room} cannot be scored:\nline 3: board 1: room \"kitchen\" is not open or closed\n"
        )
    );
    for (form, file) in [
        ("teams", "teams-swiss.csv"),
        ("butler", "butler-board.csv"),
        ("cross-imps", "cross-imps-board.csv"),
    ] {
        let text = std::fs::read_to_string(data(file)).unwrap();
        let noted = common::temp_file(
            "imps_cli",
            &format!("noted-{file}"),
            &text.replacen('\n', ",note\n", 1),
        );
        let noted = noted.to_str().unwrap();
        let warning = format!(
            "warning: {noted}: line 1: the column note is not read: its contents are ignored\n"
        );
        for format in ["text", "json", "html"] {
            let plain = klaver(&["score", noted, "--form", form, "--format", format]);
            assert_eq!(plain.status.code(), Some(0), "{form} {format}");
            assert_eq!(String::from_utf8(plain.stderr).unwrap(), warning);
            let strict = klaver(&[
                "score", noted, "--form", form, "--format", format, "--strict",
            ]);
            assert_eq!(strict.status.code(), Some(1), "{form} {format}");
            assert_eq!(String::from_utf8(strict.stderr).unwrap(), warning);
            assert_eq!(strict.stdout, plain.stdout, "{form} {format}");
        }
    }
}

/// A director's penalty is not dropped by an IMP form: each is refused with its line.
#[test]
fn a_directors_penalty_is_refused_by_the_imp_forms_with_its_line() {
    let pairs = "board,ns,ew,score,adjust\n1,1,2,420,\n1,3,4,170,\n1,5,6,450,\n1,5,6,,PEN 4/0\n2,1,3,110,\n2,5,7,140,\n";
    let pairs = common::temp_file("imps_cli", "penalty-pairs.csv", pairs);
    let pairs = pairs.to_str().unwrap();
    for form in ["butler", "cross-imps"] {
        let e = refused(&["score", pairs, "--form", form]);
        assert!(
            e.contains(&format!(
                "line 5: board 1: the director's penalty PEN 4/0 is not applied in the {form} form"
            )),
            "{e}"
        );
    }
    let teams = "board,ns,ew,room,score,adjust\n1,A,B,open,0,PEN -3/0\n1,A,B,open,420,\n1,B,A,closed,170,\n";
    let teams = common::temp_file("imps_cli", "penalty-teams.csv", teams);
    let teams = teams.to_str().unwrap();
    let e = refused(&["score", teams, "--form", "teams"]);
    assert!(
        e.contains(
            "line 2: board 1: the director's penalty PEN -3/0 is not applied in the teams form"
        ),
        "{e}"
    );
}

/// Two teams that meet in rounds 1 and 5 play two matches, each on its own VP scale.
#[test]
fn a_round_column_makes_each_meeting_its_own_match() {
    let csv = "board,ns,ew,room,round,score\n1,A,B,open,1,420\n1,B,A,closed,1,170\n2,A,B,open,1,-100\n2,B,A,closed,1,-100\n9,B,A,open,5,420\n9,A,B,closed,5,170\n10,B,A,open,5,600\n10,A,B,closed,5,100\n";
    let f = common::temp_file("imps_cli", "teams-rounds.csv", csv);
    let out = ok(&["score", f.to_str().unwrap(), "--form", "teams"]);
    assert!(out.contains("A v B (round 1)   6 - 0"), "{out}");
    assert!(out.contains("B v A (round 5)  17 - 0"), "{out}");
}

/// An option of another form is refused, naming it, rather than left unused.
#[test]
fn an_option_of_another_form_is_refused() {
    let butler = data("butler-board.csv");
    for (extra, says) in [
        (
            &["--form", "butler", "--top-integral"][..],
            "--top-integral does not apply to --form butler: it is an option of the pairs form; leave it out",
        ),
        (
            &["--form", "cross-imps", "--movement", "mitchell-7"][..],
            "--movement does not apply to --form cross-imps: it is an option of the pairs form; leave it out",
        ),
        (
            &["--form", "butler", "--swiss"][..],
            "--swiss does not apply to --form butler: it is an option of the teams form; leave it out",
        ),
        (
            &["--form", "teams", "--datum-drop", "5:1"][..],
            "--datum-drop does not apply to --form teams: it is an option of the butler form; leave it out",
        ),
        (
            &["--datum-round", "0"][..],
            "--datum-round does not apply to --form pairs: it is an option of the butler form; leave it out",
        ),
        (
            &["--form", "butler", "--control"][..],
            "--control does not apply to --form butler: it is an option of the pairs form; leave it out",
        ),
        // Given with its default value, an option is as much another form's.
        (
            &["--vp-max", "20"][..],
            "--vp-max does not apply to --form pairs: it is an option of the teams form; leave it out",
        ),
        (
            &["--form", "teams", "--fields", "together"][..],
            "--fields does not apply to --form teams: it is an option of the pairs form; leave it out",
        ),
        (
            &["--form", "cross-imps", "--datum-drop", "5:1,10:2"][..],
            "--datum-drop does not apply to --form cross-imps: it is an option of the butler form; leave it out",
        ),
        (
            &["--form", "butler", "--cross-imps", "average"][..],
            "--cross-imps does not apply to --form butler: it is an option of the cross-imps form; leave it out",
        ),
        (
            &["--datum-round", "10"][..],
            "--datum-round does not apply to --form pairs: it is an option of the butler form; leave it out",
        ),
        (
            &["--adjusted-imps", "3,0,-3"][..],
            "--adjusted-imps does not apply to --form pairs: it is an option of the IMP forms; leave it out",
        ),
    ] {
        let mut args = vec!["score", butler.as_str()];
        args.extend_from_slice(extra);
        let e = refused(&args);
        assert_eq!(e, format!("klaver: {says}\n"), "{args:?}");
    }
    // What a form honours stays allowed, its default value too.
    ok(&[
        "score",
        &butler,
        "--form",
        "butler",
        "--adjusted-imps",
        "2,0,-2",
        "--datum-round",
        "10",
        "--per-board",
    ]);
    ok(&["score", &butler, "--fields", "together"]);
}

fn warned(args: &[&str], code: i32) -> String {
    let out = klaver(args);
    assert_eq!(out.status.code(), Some(code), "{args:?}");
    String::from_utf8(out.stderr).unwrap()
}

/// A teams file without the travellers' sections made two extra teams that played no
/// match, and left the real teams without names, without a word.
#[test]
fn a_teams_file_without_the_travellers_sections_is_said_line_by_line() {
    let f = data("teams-sections.csv");
    let names = data("teams-sections-unsectioned.names.csv");
    let args = ["score", &f, "--form", "teams", "--pairs", &names];
    let text = ok(&args);
    assert!(!text.contains("Alpha") && !text.contains("Beta"), "{text}");
    assert_eq!(
        squeezed(&text).matches(" 0 0.00 0 0 -").count(),
        0,
        "{text}"
    );
    let e = warned(&args, 0);
    let hint = "has no section, but the travellers' teams are in sections A and B: give each team its section in a section column (section,team,names)";
    assert!(
        e.contains(&format!("{names}: line 2: team 1 in the teams file {hint}")),
        "{e}"
    );
    assert!(
        e.contains(&format!("{names}: line 3: team 2 in the teams file {hint}")),
        "{e}"
    );
    assert!(
        e.contains(&format!(
            "{names}: teams A1, A2, B1 and B2 are not in the teams file"
        )),
        "{e}"
    );
    let strict = [&args[..], &["--strict"]].concat();
    warned(&strict, 1);
    // With its sections, each team has its names and there is nothing to say.
    let names = data("teams-sections.names.csv");
    let args = [
        "score", &f, "--form", "teams", "--pairs", &names, "--strict",
    ];
    let text = ok(&args);
    for name in ["Alpha", "Beta", "Gamma", "Delta"] {
        assert!(text.contains(name), "{text}");
    }
    assert_eq!(warned(&args, 0), "");
}

/// A team that played but is not in the teams file was listed without names, and
/// `--strict` passed it.
#[test]
fn a_team_missing_from_the_teams_file_is_said() {
    let f = data("teams-unequal.csv");
    let names = data("teams-unequal-three.names.csv");
    let args = [
        "score", &f, "--form", "teams", "--pairs", &names, "--strict",
    ];
    let e = warned(&args, 1);
    assert!(
        e.contains(&format!(
            "{names}: team 4 is not in the teams file: it is listed without names; add a line for it"
        )),
        "{e}"
    );
}

/// Teams of two sections were listed as "1 v 2" twice and as "1", "1", "2", "2" in the
/// standings: each is labelled with its section, as butler labels its pairs.
#[test]
fn teams_of_two_sections_are_labelled_with_their_section() {
    let f = data("teams-sections.csv");
    let text = squeezed(&ok(&["score", &f, "--form", "teams"]));
    assert!(text.contains("A1 v A2 13 - 0 19.34 - 0.66"), "{text}");
    assert!(text.contains("B1 v B2 11 - 0 18.55 - 1.45"), "{text}");
    for row in ["1 A1 1 19.34", "2 B1 1 18.55", "3 B2 1 1.45", "4 A2 1 0.66"] {
        assert!(text.contains(row), "{row}: {text}");
    }
    let json = ok(&["score", &f, "--form", "teams", "--format", "json"]);
    assert!(
        json.contains("\"section\":\"B\",\"home\":\"1\",\"away\":\"2\""),
        "{json}"
    );
    assert!(
        json.contains("\"team\":\"1\",\"section\":\"B\",\"names\":\"\""),
        "{json}"
    );
    let page = ok(&["score", &f, "--form", "teams", "--format", "html"]);
    assert!(page.contains("B1 v B2"), "{page}");
    // A Swiss round pairs one field: two sections are refused, with what to do.
    let e = refused(&["score", &f, "--form", "teams", "--swiss"]);
    assert!(
        e.contains("--swiss pairs the teams of one field, but these teams play in sections A, B: score each section's travellers in a file of its own"),
        "{e}"
    );
}

/// A column of IMPs set `-1` beside `-0.17` and `-2` beside `-2.86`: where a column
/// holds fractions, each of its figures has two decimals.
#[test]
fn a_column_of_imps_prints_its_figures_alike() {
    let f = data("cross-imps-fractions.csv");
    let text = squeezed(&ok(&["score", &f, "--form", "cross-imps", "--per-board"]));
    assert!(text.contains("\n9(6) -1.00 4 -0.25\n"), "{text}");
    assert!(text.contains("\n10 7 80 -2.00 2.00\n"), "{text}");
    assert!(text.contains("\n15 11 170 4.00 -4.00\n"), "{text}");
    let page = ok(&["score", &f, "--form", "cross-imps", "--format", "html"]);
    assert!(page.contains(">-1.00<") && !page.contains(">-1<"), "{page}");
    // A weighted score gives a teams match half an IMP: its columns follow.
    let f = data("teams-weighted.csv");
    let text = squeezed(&ok(&["score", &f, "--form", "teams", "--per-board"]));
    assert!(
        text.contains("\n1 v 2 15.50 - 0.00 18.53 - 1.47 2 2\n"),
        "{text}"
    );
    assert!(text.contains("\n2 100 -100 200 5.00\n"), "{text}");
    assert!(text.contains("\n1 1 1 18.53 15.50 0.00 -"), "{text}");
}

/// A match whose artificial scores do not balance, level on the knockout margin, was
/// said to be won "by 0 IMPs".
#[test]
fn a_level_knockout_margin_is_a_draw() {
    let file = common::temp_file(
        "imps_cli",
        "knockout-level.csv",
        "board,ns,ew,room,score,adjust\n1,1,2,open,,40/40\n1,2,1,closed,,40/40\n\
         2,1,2,open,620,\n2,2,1,closed,620,\n",
    );
    let out = ok(&["score", file.to_str().unwrap(), "--form", "teams"]);
    assert!(
        out.contains("in a knockout match both would get the average, a draw"),
        "{out}"
    );
    assert!(!out.contains("by 0 IMPs"), "{out}");
}

/// A penalty the teams form does not apply was first said to be "applied as written",
/// then refused.
#[test]
fn a_penalty_the_form_refuses_is_not_first_said_to_be_applied() {
    let file = common::temp_file(
        "imps_cli",
        "teams-pen.csv",
        "board,ns,ew,room,score,adjust\n1,1,2,open,420,\n1,2,1,closed,-420,\n3,1,2,open,,PEN -3/0\n",
    );
    let out = klaver(&["score", file.to_str().unwrap(), "--form", "teams"]);
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("is not applied in the teams form"), "{err}");
    assert!(!err.contains("applied as written"), "{err}");
}

/// A substitute (`-`) in a teams file was taken for a team ("against - ... and against
/// -").
#[test]
fn a_substitute_in_a_teams_match_is_refused_as_such() {
    let file = common::temp_file(
        "imps_cli",
        "teams-substitute.csv",
        "board,ns,ew,room,score\n1,1,2,open,420\n1,2,1,closed,-420\n2,1,-,open,-100\n2,-,1,closed,100\n",
    );
    let err = refused(&["score", file.to_str().unwrap(), "--form", "teams"]);
    assert!(
        err.contains("line 4: board 2: a substitute (-) has no place in a teams match"),
        "{err}"
    );
    assert!(!err.contains("against -"), "{err}");
}

/// The match list followed each match's first line in the file, so a file written
/// round 2 first listed round 2 before round 1.
#[test]
fn matches_are_listed_in_round_order() {
    let file = common::temp_file(
        "imps_cli",
        "teams-rounds-backwards.csv",
        "board,round,ns,ew,room,score\n\
         3,2,1,3,open,-100\n3,2,3,1,closed,100\n4,2,2,4,open,110\n4,2,4,2,closed,-110\n\
         1,1,1,2,open,420\n1,1,2,1,closed,-420\n2,1,3,4,open,-100\n2,1,4,3,closed,100\n",
    );
    let out = ok(&["score", file.to_str().unwrap(), "--form", "teams"]);
    let rounds: Vec<&str> = out
        .lines()
        .filter_map(|l| l.split("(round ").nth(1))
        .map(|r| &r[..1])
        .collect();
    assert_eq!(rounds, ["1", "1", "2", "2"], "{out}");
}

/// The per-board column beside each room's North-South score is the home team's net
/// score over both rooms, and says so: on board 2 the home team (1) sits East-West in the
/// open room, so its net is -110 + -140 = -250, not the open room's score minus the
/// closed room's (250), and the 6 IMPs go to the away team.
#[test]
fn the_per_board_net_is_the_home_teams_in_every_seating() {
    let f = data("teams-home-ew-in-open.csv");
    let text = squeezed(&ok(&["score", &f, "--form", "teams", "--per-board"]));
    assert!(
        text.contains("\nBoard Open NS Closed NS Net home IMPs home IMPs away\n"),
        "{text}"
    );
    assert!(text.contains("\n1 420 -420 840 13\n"), "{text}");
    assert!(text.contains("\n2 110 -140 -250 6\n"), "{text}");
    let nl = squeezed(&ok(&[
        "score",
        &f,
        "--form",
        "teams",
        "--per-board",
        "--lang",
        "nl",
    ]));
    assert!(nl.contains(" Saldo thuis IMP's thuis "), "{nl}");
}

/// A reversed result's score was shown in the per-board list as if it counted as
/// written, while the net beside it counts it reversed (board 1: 420 and -420 net 0).
#[test]
fn a_reversed_result_is_marked_in_the_per_board_list() {
    let f = data("teams-reversed.csv");
    let text = squeezed(&ok(&["score", &f, "--form", "teams", "--per-board"]));
    assert!(text.contains("\n1 420 -420 REV 0\n"), "{text}");
    assert!(text.contains("\n2 100 -100 200 5\n"), "{text}");
}

/// A line with a score for one side and an artificial score for the other is refused;
/// the other room's line of the same board is not then also said to be the board's only
/// result, as the line it lacks is the refused one.
#[test]
fn a_refused_line_is_not_also_a_missing_room() {
    let f = data("teams-split-one-side.csv");
    let e = refused(&["score", &f, "--form", "teams"]);
    let file = data("teams-split-one-side.csv");
    assert_eq!(
        e,
        format!(
            "klaver: {file} cannot be scored:\n\
             line 4: board 2: a score for one side beside an artificial score for the other is not scored in a teams match: give both sides an artificial score (60/40) or the score\n"
        )
    );
}

/// A margin that is a number but larger than klaver reads is told as too large, with the
/// limit, and one with too many decimals as such, not as "not an IMP margin".
#[test]
fn a_huge_margin_is_too_large_not_a_non_number() {
    for m in ["1000000000", "-1000000000", "99999999999999999999"] {
        let e = refused(&["vp", m, "--boards", "16"]);
        assert_eq!(
            e,
            format!(
                "klaver: {m:?} IMPs is too large a margin: klaver reads margins up to 999999999 IMPs either way\n"
            ),
            "{m}"
        );
    }
    assert_eq!(
        ok(&["vp", "000000000015", "--boards", "16"]),
        "13.97 - 6.03\n"
    );
    let e = refused(&["vp", "15.1234567", "--boards", "16"]);
    assert_eq!(
        e,
        "klaver: \"15.1234567\" has 7 decimals: an IMP margin is read with at most 6\n"
    );
    let e = refused(&["vp", "1e9", "--boards", "16"]);
    assert!(e.contains("\"1e9\" is not an IMP margin"), "{e}");
}

fn edge(name: &str) -> String {
    data(&format!("imp-edges/{name}"))
}

/// Six teams on 20.00 VP after two rounds: team 1 beat team 2 and met no other tied
/// team; teams 3, 4, 7 and 8 drew both their matches among the tied. They have not all
/// met, so the matches between them do not count, and with equal quotients all six
/// share second place.
#[test]
fn tied_teams_that_have_not_all_met_share_a_place_on_an_equal_quotient() {
    let f = edge("teams-six-tied.csv");
    let text = squeezed(&ok(&["score", &f, "--form", "teams", "--swiss"]));
    for team in [3, 4, 7, 8] {
        assert!(text.contains(&format!("2= {team} 2 20.00 0 0 -")), "{text}");
    }
    for team in [1, 2] {
        assert!(
            text.contains(&format!("2= {team} 2 20.00 6 6 1.000")),
            "{text}"
        );
    }
}

/// Board 3 played twice where boards 1 and 2 were played six times: butler and
/// cross-IMPs say so, as the pairs form does, and `--strict` fails.
#[test]
fn a_board_played_fewer_times_is_warned_of_in_butler_and_cross_imps() {
    let f = edge("pairs-board-played-twice.csv");
    for (form, how) in [
        ("butler", "the datum is made from the scores the board has"),
        (
            "cross-imps",
            "each result is compared with the fewer results the board has and averaged over them",
        ),
    ] {
        let out = klaver(&["score", &f, "--form", form, "--strict"]);
        assert_eq!(out.status.code(), Some(1), "{form}");
        assert_eq!(
            common::stderr(&out),
            format!(
                "warning: {f}: line 14: board 3: 2 results where 6 were expected: {how}, and each pair's IMPs per board are over the boards it played; enter the missing results or mark them NP\n"
            )
        );
    }
}

/// A 12-board match scored with `--vp-boards 8` is warned about on its first line, with
/// the boards played and the scale; `--strict` fails.
#[test]
fn a_match_longer_than_the_vp_scale_set_is_warned_of() {
    let f = edge("teams-twelve-boards.csv");
    let out = klaver(&[
        "score",
        &f,
        "--form",
        "teams",
        "--vp-boards",
        "8",
        "--strict",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        common::stderr(&out),
        format!(
            "warning: {f}: line 2: 1 v 2: 12 boards were played, more than the 8 boards of the VP scale set (--vp-boards 8): the match is scored on the 8-board scale; set the scale of the longest match, or check the match's lines\n"
        )
    );
    let text = squeezed(&common::stdout(&out));
    assert!(text.contains("1 v 2 78 - 68 13.78 - 6.22 12 8"), "{text}");
    // Its own length, or a longer scale, says nothing.
    for n in ["12", "16"] {
        let out = klaver(&["score", &f, "--form", "teams", "--vp-boards", n, "--strict"]);
        assert!(out.status.success(), "{n}: {}", common::stderr(&out));
    }
}

/// Butler and cross-IMPs read neither a room column nor published matchpoints: each
/// is warned of, as a column klaver does not know is.
#[test]
fn butler_and_cross_imps_warn_of_the_room_and_matchpoint_columns_they_do_not_read() {
    let rooms = edge("pairs-with-rooms.csv");
    let points = edge("pairs-with-matchpoints.csv");
    for form in ["butler", "cross-imps"] {
        let out = klaver(&["score", &rooms, "--form", form, "--strict"]);
        assert_eq!(out.status.code(), Some(1), "{form}");
        assert_eq!(
            common::stderr(&out),
            format!(
                "warning: {rooms}: line 1: the room column is not read with --form {form}: its contents are ignored (rooms are a teams match's, scored with --form teams)\n"
            )
        );
        let out = klaver(&["score", &points, "--form", form, "--strict"]);
        assert_eq!(out.status.code(), Some(1), "{form}");
        assert_eq!(
            common::stderr(&out),
            format!(
                "warning: {points}: line 1: the columns mp_ns and mp_ew are not read with --form {form}: their contents are ignored (published matchpoints are compared with klaver score --compare, without --form)\n"
            )
        );
    }
}

/// klaver's own JSON of a teams event is refused as the result it is, not as a file
/// klaver did not write.
#[test]
fn a_teams_json_file_is_refused_as_a_result_not_an_input() {
    let f = edge("teams-result.json");
    let e = refused(&["score", &f, "--form", "teams"]);
    assert_eq!(
        e,
        format!(
            "klaver: {f} (read as klaver's JSON, since it starts with {{ or [): it is klaver's JSON of a scored teams event, a result that klaver does not read back (it reads the JSON of a pairs, butler or cross-IMP session): score the teams event from its travellers\n"
        )
    );
}

/// A teams match whose section is written `A` on one line and `a` on the other: the
/// errors name the teams with their sections, and the section's two spellings are said.
#[test]
fn a_teams_section_written_two_ways_is_said_with_the_errors() {
    let f = edge("teams-section-two-ways.csv");
    let e = refused(&["score", &f, "--form", "teams"]);
    assert_eq!(
        e,
        format!(
            "warning: {f}: line 3: section a and section A are written differently and scored as two fields: if they are one section, write its name the same way on every line\n\
             klaver: {f} cannot be scored:\n\
             line 2: board 1: board 1 of A1 v A2 has only the open room's result: enter the closed room's result, or mark the board NP in both rooms\n\
             line 3: board 1: board 1 of a2 v a1 has only the closed room's result: enter the open room's result, or mark the board NP in both rooms\n"
        )
    );
}

/// A Ruter night of the repository's test data as Ruter would write it scored in IMPs:
/// without the published matchpoints and percentages of its traveller lines (which an
/// IMP form does not read, and warns of), and without its lines `gone` (from 1).
fn ruter_imp_night(file: &str, name: &str, gone: &[usize]) -> String {
    let f = common::repo(&format!("crates/klaver-io/tests/data/{file}"));
    let bytes = std::fs::read(f).unwrap();
    let mut table = false;
    let mut lines: Vec<Vec<u8>> = Vec::new();
    for (i, line) in bytes.split(|&b| b == b'\n').enumerate() {
        let text = String::from_utf8_lossy(line);
        let text = text.trim_end();
        if gone.contains(&(i + 1)) {
            continue;
        }
        if let Some(columns) = text.strip_prefix("[ScoreTable \"") {
            let kept: Vec<&str> = (columns.trim_end_matches("\"]").split(';'))
                .filter(|c| !c.starts_with("MP_") && !c.starts_with("Percentage_"))
                .collect();
            lines.push(format!("[ScoreTable \"{}\"]", kept.join(";")).into_bytes());
            table = true;
            continue;
        }
        table &= !text.is_empty() && !text.starts_with('[');
        if table {
            let fields: Vec<&str> = text.split_whitespace().collect();
            lines.push(fields[..fields.len() - 4].join(" ").into_bytes());
        } else {
            lines.push(line.to_vec());
        }
    }
    let out = common::temp_path("imps_cli", name);
    std::fs::write(&out, lines.join(&b'\n')).unwrap();
    out.display().to_string()
}

/// An odd number of pairs is a normal club night, and the pairs form says its sit-out
/// lines as notes; the butler and cross-IMP forms said each as a warning, and a board
/// a pair sat out as "fewer results than expected ... enter the missing results", so
/// that `--strict` failed every such night. A board whose missing results its sit-out
/// lines account for is one note now, and a sit-out line on a board short of no result
/// is a note: `--strict` passes them.
#[test]
fn an_odd_pairs_night_passes_strict_in_the_imp_forms() {
    // Spiren, 14 October 2019: boards 7 to 24 have 10 results and a sit-out line, where
    // boards 1 to 6 have 11.
    let f = ruter_imp_night("ruter-2019-10-14-spiren.pbn", "spiren-imps.pbn", &[]);
    for (form, how) in [
        ("butler", "the datum is made from the scores the board has"),
        (
            "cross-imps",
            "each result is compared with the fewer results the board has and averaged over them",
        ),
    ] {
        let o = klaver(&["score", &f, "--form", form, "--strict", "-o", "/dev/null"]);
        let err = common::stderr(&o);
        assert_eq!(o.status.code(), Some(0), "{form}: {err}");
        assert_eq!(err.lines().count(), 18, "{form}: {err}");
        assert!(
            err.lines().all(|l| l.starts_with("note: ")),
            "{form}: {err}"
        );
        assert!(!err.contains("enter the missing results"), "{form}: {err}");
        let board7 = format!(
            "note: {f}: line 281: board 7: 10 results where 11 were expected, as pair 15 sat out this board (a sit-out line, line 291 of the file): {how}, and each pair's IMPs per board are over the boards it played\n"
        );
        assert!(err.starts_with(&board7), "{form}: {err}");
    }
    // Bridgekameratene, 1 October 2015: nine pairs, a pair sits out every board, and no
    // board is short of a result. Each sit-out line is a note on its line.
    let nine = ruter_imp_night("ruter-2015-10-01-bridgekam.pbn", "bridgekam-imps.pbn", &[]);
    for form in ["butler", "cross-imps"] {
        let o = klaver(&[
            "score",
            &nine,
            "--form",
            form,
            "--strict",
            "-o",
            "/dev/null",
        ]);
        let err = common::stderr(&o);
        assert_eq!(o.status.code(), Some(0), "{form}: {err}");
        assert!(err.lines().count() >= 24, "{form}: {err}");
        let line78 = format!(
            "note: {nine}: line 78: board 1: pair 9 sat out this board (a sit-out line): it is not a result and is not scored\n"
        );
        assert!(err.starts_with(&line78), "{form}: {err}");
        assert!(
            err.lines()
                .all(|l| l.starts_with("note: ") && l.contains("sat out this board")),
            "{form}: {err}"
        );
    }
    // The file as Ruter wrote it, scored by matchpoints: its published matchpoints are
    // the one warning.
    let real = common::repo("crates/klaver-io/tests/data/ruter-2019-10-14-spiren.pbn");
    let o = klaver(&["score", &real, "--form", "butler", "-o", "/dev/null"]);
    let err = common::stderr(&o);
    let warned: Vec<&str> = err.lines().filter(|l| l.starts_with("warning: ")).collect();
    assert_eq!(warned.len(), 1, "{err}");
    assert!(
        warned[0].contains("the columns mp_ns and mp_ew are not read"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 19, "{err}");
}

/// A board short of a result its sit-out lines do not account for stays a warning in
/// the IMP forms, with its sit-out line, and `--strict` fails on it.
#[test]
fn a_result_missing_beside_the_sit_outs_is_a_warning_in_the_imp_forms() {
    let night = "ruter-2019-10-14-spiren.pbn";
    // Line 282: the second result of board 7, which pair 15 sat out (9 results and a
    // sit-out line where 11 were expected); line 90: a result of board 1, which no pair
    // sat out.
    let board7 = ruter_imp_night(night, "spiren-imps-board-7-short.pbn", &[282]);
    let board1 = ruter_imp_night(night, "spiren-imps-board-1-short.pbn", &[90]);
    for form in ["butler", "cross-imps"] {
        let o = klaver(&[
            "score",
            &board7,
            "--form",
            form,
            "--strict",
            "-o",
            "/dev/null",
        ]);
        let err = common::stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{form}: {err}");
        let said: Vec<&str> = err.lines().filter(|l| l.contains(" board 7: ")).collect();
        assert_eq!(said.len(), 2, "{form}: {err}");
        assert!(said.iter().all(|l| l.starts_with("warning: ")), "{err}");
        assert!(
            said.iter().any(
                |l| l.contains("board 7: 9 results where 11 were expected: ")
                    && l.ends_with("; enter the missing results or mark them NP")
            ),
            "{form}: {err}"
        );
        let sat = "board 7: pair 15 sat out this board (a sit-out line)";
        assert!(said.iter().any(|l| l.contains(sat)), "{form}: {err}");
        let notes = err.lines().filter(|l| l.starts_with("note: ")).count();
        assert_eq!((notes, err.lines().count()), (17, 19), "{form}: {err}");

        let o = klaver(&[
            "score",
            &board1,
            "--form",
            form,
            "--strict",
            "-o",
            "/dev/null",
        ]);
        let err = common::stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{form}: {err}");
        let first = err.lines().next().unwrap();
        assert!(
            first.starts_with("warning: ")
                && first.contains("board 1: 10 results where 11 were expected: "),
            "{form}: {err}"
        );
        let notes = err.lines().filter(|l| l.starts_with("note: ")).count();
        assert_eq!((notes, err.lines().count()), (18, 19), "{form}: {err}");
    }
    // Nine pairs, pair 9 out of board 1: without the result of pairs 3 and 4 (line 76)
    // the board's 3 results and a sit-out line seem to make up the 4 expected, but pairs
    // 3 and 4 have no line on it: a warning, as in the pairs form.
    let nine = "ruter-2015-10-01-bridgekam.pbn";
    let short = ruter_imp_night(nine, "bridgekam-imps-board-1-short.pbn", &[76]);
    for form in ["butler", "cross-imps"] {
        let o = klaver(&[
            "score",
            &short,
            "--form",
            form,
            "--strict",
            "-o",
            "/dev/null",
        ]);
        let err = common::stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{form}: {err}");
        let said: Vec<&str> = err.lines().filter(|l| l.contains(" board 1: ")).collect();
        assert_eq!(said.len(), 2, "{form}: {err}");
        assert!(said.iter().all(|l| l.starts_with("warning: ")), "{err}");
        let short = "board 1: 3 results where 4 were expected: ";
        assert!(said.iter().any(|l| l.contains(short)), "{form}: {err}");
    }
}

/// The reports of the IMP forms list the notes apart from the warnings, as the pairs
/// reports do: under Opmerkingen in a Dutch page, Notlar in a Turkish one, and with
/// severity "note" in the JSON.
#[test]
fn the_imp_reports_list_the_notes_apart() {
    let f = ruter_imp_night("ruter-2019-10-14-spiren.pbn", "spiren-imps-report.pbn", &[]);
    for form in ["butler", "cross-imps"] {
        let o = klaver(&[
            "score", &f, "--form", form, "--lang", "nl", "--format", "html",
        ]);
        let page = common::stdout(&o);
        assert!(
            page.contains("<summary>Opmerkingen (18)</summary>"),
            "{page}"
        );
        assert!(!page.contains("Waarschuwingen"), "{page}");
        let said = "<li>regel 281: gift 7: 10 uitslagen waar er 11 verwacht werden, want paar 15 zat deze gift uit (een uitzitregel, regel 291 van het bestand): ";
        assert!(page.contains(said), "{said}\n{page}");
        assert!(!page.contains("voer de ontbrekende uitslagen in"), "{page}");
        let o = klaver(&[
            "score", &f, "--form", form, "--lang", "tr", "--format", "html",
        ]);
        let page = common::stdout(&o);
        assert!(page.contains("<summary>Notlar (18)</summary>"), "{page}");
        let said = "<li>satır 281: board 7: 11 sonuç beklenirken 10 sonuç var, çünkü 15 numaralı çift bu boardu oynamadı (bye satırı, dosyanın 291. satırı): ";
        assert!(page.contains(said), "{said}\n{page}");
        let o = klaver(&["score", &f, "--form", form, "--format", "json"]);
        let doc: serde_json::Value = serde_json::from_str(&common::stdout(&o)).unwrap();
        let said = doc["warnings"].as_array().unwrap();
        assert_eq!(said.len(), 18, "{said:?}");
        assert!(said.iter().all(|w| w["severity"] == "note"), "{said:?}");
        assert_eq!(said[0]["board"], 7, "{said:?}");
    }
    // A board short of a result beside them: a warning, listed apart from the notes.
    let short = ruter_imp_night(
        "ruter-2019-10-14-spiren.pbn",
        "spiren-imps-short.pbn",
        &[90],
    );
    let o = klaver(&[
        "score", &short, "--form", "butler", "--lang", "nl", "--format", "html",
    ]);
    let page = common::stdout(&o);
    assert!(page.contains("Waarschuwingen (1)</summary>"), "{page}");
    assert!(
        page.contains("<summary>Opmerkingen (18)</summary>"),
        "{page}"
    );
}

/// `session import` of an odd-pairs night in an IMP form said each sit-out line as a
/// warning, where `klaver score` says them as notes.
#[test]
fn an_odd_pairs_night_imported_in_an_imp_form_says_its_sit_outs_as_notes() {
    let f = ruter_imp_night("ruter-2019-10-14-spiren.pbn", "spiren-imps-import.pbn", &[]);
    for form in ["butler", "cross-imps"] {
        let db = common::Scratch::new(&format!("imps-import-{form}.db"));
        let run = |args: &[&str]| {
            std::process::Command::new(env!("CARGO_BIN_EXE_klaver"))
                .args(args)
                .env("KLAVER_DATABASE_URL", db.path())
                .output()
                .unwrap()
        };
        assert!(run(&["club", "init", "--name", "BK"]).status.success());
        let o = run(&[
            "session",
            "import",
            &f,
            "--form",
            form,
            "--date",
            "2019-10-14",
        ]);
        let err = common::stderr(&o);
        assert!(o.status.success(), "{form}: {err}");
        let said: Vec<&str> = err.lines().filter(|l| l.contains("sat out")).collect();
        assert_eq!(said.len(), 18, "{form}: {err}");
        assert!(
            said.iter().all(|l| l.starts_with("note: ")),
            "{form}: {err}"
        );
    }
}

/// A night the butler or cross-IMP form refuses (a 70/30 the IMP forms give no IMPs)
/// printed its sit-out lines as warnings before the error, where the scored night says
/// them as notes: an odd number of pairs is nothing to fix. They are notes in the
/// refusal too, and the error is the refusal's.
#[test]
fn a_refused_imp_night_says_its_sit_out_lines_as_notes() {
    let f = common::temp_file(
        "imps_cli",
        "refused-sit-outs.pbn",
        "[Event \"\"]\n[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
         [ScoreTable \"PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW\"]\n\
         1 2 4S N 10 420 -\n3 4 4S N 11 450 -\n5 - - - - - -\n\n\
         [Event \"\"]\n[Board \"2\"]\n[Dealer \"E\"]\n[Vulnerable \"NS\"]\n\
         [ScoreTable \"PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW\"]\n\
         1 2 3NT N 8 - 100\n3 4 - - - \"^70%\" \"^30%\"\n5 - - - - - -\n",
    );
    let f = f.display().to_string();
    for form in ["butler", "cross-imps"] {
        let o = klaver(&["score", &f, "--form", form]);
        let err = common::stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{form}: {err}");
        for (line, board) in [(8, 1), (17, 2)] {
            let note = format!(
                "note: {f}: line {line}: board {board}: pair 5 sat out this board (a sit-out line): it is not a result and is not scored\n"
            );
            assert!(err.contains(&note), "{form}: {err}");
        }
        assert!(!err.contains("warning: "), "{form}: {err}");
        assert!(
            err.contains("line 16: board 2: the artificial score 70/30 has no IMPs"),
            "{form}: {err}"
        );
    }
}

/// A butler or cross-IMP session's JSON left out the table's score of a one-sided
/// adjustment (`"score":null,"adjustment":"EW 60%"`), and klaver then refused its own
/// file: "no score and no contract". It keeps the score, as the pairs JSON does, and
/// reads back to the same IMPs.
#[test]
fn an_imp_sessions_json_with_a_one_sided_adjustment_reads_back() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../klaver-io/tests/data/ruter-2016-05-18-spiren.pbn"
    );
    for form in ["butler", "cross-imps"] {
        let json = common::temp_path("imps_cli", &format!("spiren-{form}.json"));
        let json = json.to_str().unwrap();
        ok(&[
            "score", "--form", form, "--format", "json", file, "-o", json,
        ]);
        let first = ok(&["score", "--form", form, file]);
        let again = ok(&["score", "--form", form, json]);
        assert_eq!(again, first, "{form}");
    }
}

/// Pairs tied on their score are ranked in the order they first appear in the
/// travellers. The JSON writes its results board by board, so a file entered in another
/// order (here board 2 before board 1) came back with its tied pairs in another order
/// than the one written; the JSON's ranking now keeps it, read back once or twice.
#[test]
fn tied_pairs_read_back_from_the_json_keep_their_order() {
    let csv = "board,ns,ew,contract,declarer,result,score\n\
               2,3,4,3NT,N,=,600\n2,1,2,3NT,N,=,600\n\
               1,1,2,4S,S,=,420\n1,3,4,4S,S,=,420\n";
    let travellers = common::temp_file("tied-json", "tied.csv", csv);
    let travellers = travellers.display().to_string();
    for form in ["butler", "cross-imps", "pairs"] {
        let first = ok(&["score", &travellers, "--form", form]);
        assert!(first.contains("1=(3)"), "{first}");
        let mut json = ok(&["score", &travellers, "--form", form, "--format", "json"]);
        for round in 1..=2 {
            let name = format!("{form}-{round}.json");
            let file = common::temp_file("tied-json", &name, &json);
            let file = file.display().to_string();
            let back = ok(&["score", &file, "--form", form]);
            assert_eq!(back, first, "{form}, read back {round} times");
            json = ok(&["score", &file, "--form", form, "--format", "json"]);
        }
    }
}

/// A butler session's JSON scored again without `--form` was matchpointed without a
/// word: its numbers of another kind than the ones it was published with.
#[test]
fn a_json_scored_in_another_form_than_it_states_is_said() {
    let csv = "board,ns,ew,contract,declarer,result,score\n\
               1,1,2,4S,S,=,420\n1,3,4,4S,S,+1,450\n1,5,6,4S,S,-1,-50\n\
               2,1,2,3NT,N,=,600\n2,3,4,3NT,N,-1,-100\n2,5,6,2NT,N,=,120\n";
    let travellers = common::temp_file("form-json", "night.csv", csv);
    let travellers = travellers.display().to_string();
    for form in ["butler", "cross-imps"] {
        let json = ok(&["score", &travellers, "--form", form, "--format", "json"]);
        let file = common::temp_file("form-json", &format!("{form}.json"), &json);
        let file = file.display().to_string();
        let o = klaver(&["score", &file]);
        assert_eq!(o.status.code(), Some(0));
        let err = String::from_utf8_lossy(&o.stderr);
        let line = json.lines().position(|l| l.contains("\"form\"")).unwrap() + 1;
        assert!(
            err.contains(&format!("line {line}: the file was scored as {form}; without --form it is scored as pairs: give --form {form}")),
            "{err}"
        );
        // --strict stops on it; asked for by --form, either form says nothing.
        let strict = klaver(&["score", &file, "--strict"]);
        assert_ne!(strict.status.code(), Some(0));
        for asked in [form, "pairs"] {
            let o = klaver(&["score", &file, "--form", asked]);
            assert_eq!(String::from_utf8_lossy(&o.stderr), "", "--form {asked}");
        }
    }
    // A pairs session's JSON scored as pairs says nothing.
    let json = ok(&["score", &travellers, "--format", "json"]);
    let file = common::temp_file("form-json", "pairs.json", &json);
    let o = klaver(&["score", file.to_str().unwrap()]);
    assert_eq!(String::from_utf8_lossy(&o.stderr), "");
}

/// A test's file in the temporary folder, and the files SQLite keeps beside a database,
/// are removed when the test is done with it, also when it fails: test runs do not fill
/// the temporary folder.
#[test]
fn a_test_s_files_are_removed_when_it_fails() {
    let mut kept = Vec::new();
    let failed = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let db = common::Scratch::new("removed.db");
        for suffix in ["", "-wal", "-shm"] {
            let path = PathBuf::from(format!("{}{suffix}", db.path().display()));
            std::fs::write(&path, "").unwrap();
            kept.push(path);
        }
        panic!("a failing test");
    }));
    assert!(failed.is_err());
    assert_eq!(kept.len(), 3);
    for path in &kept {
        assert!(path.starts_with(std::env::temp_dir()), "{}", path.display());
        assert!(!path.exists(), "{} was left", path.display());
    }
}
