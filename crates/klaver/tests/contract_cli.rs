//! `klaver contract` as a user runs it: scores, JSON output, the three notations, and
//! the errors a mistyped contract gets (exit code 2 with a message naming the problem).

use std::process::{Command, Output};

fn klaver(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_klaver"))
        .arg("contract")
        .args(args)
        .output()
        .expect("the klaver binary runs")
}

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

/// The value of `"key": value` in the pretty JSON output, as text.
fn field<'a>(json: &'a str, key: &str) -> &'a str {
    let tag = format!("\"{key}\": ");
    let start = json.find(&tag).unwrap_or_else(|| panic!("{key} in {json}")) + tag.len();
    let rest = &json[start..];
    let end = rest.find([',', '\n']).unwrap_or(rest.len());
    rest[..end].trim()
}

#[test]
fn four_spades_doubled_two_down_vulnerable() {
    let out = ok(&["4SX-2", "--declarer", "N", "--vul", "ns"]);
    assert!(
        out.starts_with("4SX-2 by North, North-South vulnerable: -500 for North-South\n"),
        "{out}"
    );
    assert!(
        out.contains("undertricks          -500  2 down, doubled, vulnerable"),
        "{out}"
    );
}

#[test]
fn three_notrump_on_board_one() {
    let out = ok(&["3NT=", "--declarer", "S", "--board", "1"]);
    assert!(out.contains("+400 for North-South"), "{out}");
    assert!(out.contains("board 1, nobody vulnerable"), "{out}");
    assert!(out.contains("trick score           100"), "{out}");
    assert!(out.contains("game bonus            300"), "{out}");
}

#[test]
fn declarer_in_the_contract_and_result_as_a_separate_word() {
    let out = ok(&["4S", "+1", "-d", "E", "--board", "2"]);
    assert!(
        out.contains("+450 for East-West (-450 for North-South)"),
        "{out}"
    );
    let out = ok(&["W6SX+1", "--vul", "all"]);
    assert!(out.contains("+1860 for East-West"), "{out}");
}

#[test]
fn json_scores_from_north_south_for_an_east_west_declarer() {
    let out = ok(&["4S=", "--declarer", "E", "--vul", "ew", "--format", "json"]);
    assert_eq!(field(&out, "score_ns"), "-620");
    assert_eq!(field(&out, "score_declarer"), "620");
    assert_eq!(field(&out, "declarer"), "\"E\"");
    assert_eq!(field(&out, "contract"), "\"4S\"");
    assert_eq!(field(&out, "tricks"), "10");
    assert_eq!(field(&out, "result"), "0");
    assert_eq!(field(&out, "vulnerable"), "true");
    assert_eq!(field(&out, "trick_score"), "120");
    assert_eq!(field(&out, "game_bonus"), "500");
    assert_eq!(field(&out, "undertricks"), "0");

    let out = ok(&["3NTX-3", "-d", "W", "--board", "1", "--format", "json"]);
    assert_eq!(field(&out, "score_ns"), "500");
    assert_eq!(field(&out, "score_declarer"), "-500");
    assert_eq!(field(&out, "undertricks"), "500");
    assert_eq!(field(&out, "vulnerable"), "false");
}

#[test]
fn dutch_notation() {
    // The control sheet's form: declarer, contract, "!" for doubled, result.
    let out = ok(&["N4S!-6", "--notation", "nl", "--board", "3"]);
    assert!(out.contains("-1400 for North-South"), "{out}");
    let out = ok(&["3SAC", "--declarer", "Z", "--notation", "nl", "--vul", "NZ"]);
    assert!(out.contains("3NT= by South"), "{out}");
    assert!(out.contains("+600 for North-South"), "{out}");
    let out = ok(&[
        "O2Z-2",
        "--notation",
        "nl",
        "--vul",
        "OW",
        "--format",
        "json",
    ]);
    assert_eq!(field(&out, "score_ns"), "200");
    // The legacy "made exactly" is read only when asked for, and said.
    let out = klaver(&["N2H-", "--notation", "nl", "--lenient"]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("+110 for North-South"));
    assert!(String::from_utf8_lossy(&out.stderr).contains("read as made exactly"));
    let err = refused(&["N2H-", "--notation", "nl"]);
    assert!(err.contains("\"N2H-\""), "{err}");
}

#[test]
fn turkish_notation() {
    let out = ok(&[
        "4",
        "Pik",
        "kontur",
        "2",
        "batar",
        "--declarer",
        "K",
        "--notation",
        "tr",
        "--vul",
        "hepsi",
    ]);
    assert!(out.contains("-500 for North-South"), "{out}");
    let out = ok(&[
        "3 SA sürkontur bien",
        "-d",
        "Doğu",
        "--notation",
        "tr",
        "--format",
        "json",
    ]);
    assert_eq!(field(&out, "score_ns"), "-800");
    assert_eq!(field(&out, "contract"), "\"3NTXX\"");
}

#[test]
fn a_passed_board_scores_nothing() {
    let out = ok(&["PAS", "--notation", "nl"]);
    assert!(out.contains("Passed out"), "{out}");
}

/// `klaver contract PASS --declarer N` printed a pass-out and dropped the declarer
/// without a word; a pass-out with a declarer is refused, as the session store's is.
#[test]
fn a_pass_out_with_a_declarer_is_refused() {
    let err = refused(&["PASS", "--declarer", "N"]);
    assert!(
        err.contains("a passed-out board has no declarer: leave out --declarer, or give the contract that was played"),
        "{err}"
    );
}

#[test]
fn level_eight_is_refused() {
    let err = refused(&["8S=", "--declarer", "N"]);
    assert!(err.contains("\"8S=\""), "{err}");
    assert!(err.contains("not level 8"), "{err}");
}

#[test]
fn fourteen_tricks_are_refused() {
    let err = refused(&["7NT+1", "--declarer", "N"]);
    assert!(err.contains("would be 14 tricks"), "{err}");
}

#[test]
fn an_unknown_strain_is_refused() {
    let err = refused(&["4Q=", "--declarer", "N"]);
    assert!(
        err.contains("a strain (C D H S NT) after the level 4, not \"Q\""),
        "{err}"
    );
}

#[test]
fn a_declarer_of_another_language_is_refused() {
    let err = refused(&["4S=", "--declarer", "O"]);
    assert!(err.contains("a declarer (N E S W), not \"O\""), "{err}");
    assert!(err.contains("East in Dutch"), "{err}");
    let err = refused(&["E4S=", "--notation", "nl"]);
    assert!(err.contains("a declarer (N O Z W), not \"E\""), "{err}");
}

#[test]
fn other_mistakes_are_refused() {
    let err = refused(&["4SX-2"]);
    assert!(err.contains("--declarer"), "{err}");
    let err = refused(&["4S=", "-d", "N", "--vul", "maybe"]);
    assert!(err.contains("as a vulnerability"), "{err}");
    let err = refused(&["4S=", "-d", "N", "--board", "0"]);
    assert!(err.contains("board number 0"), "{err}");
    let err = refused(&["N4S=", "-d", "E"]);
    assert!(err.contains("one declarer"), "{err}");
    refused(&["4S=", "-d", "N", "--vul", "ns", "--board", "3"]);
    refused(&[""]);
    refused(&["🂡"]);
}
