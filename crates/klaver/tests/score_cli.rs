//! `klaver score` from the command line: the result list, its formats, and what a
//! director sees when the travellers are wrong.

mod common;
use common::{klaver, repo, stderr, stdout};

use std::path::{Path, PathBuf};

fn fixture() -> String {
    repo("crates/klaver-io/tests/data/fonteintje-controlestaat.csv")
}

/// Writes `text` to a fresh file in the target directory and returns its path.
fn temp_file(name: &str, text: &str) -> PathBuf {
    common::temp_file("score_cli", name, text)
}

#[test]
fn the_seed_session_result_list() {
    let o = klaver(&[
        "score",
        &fixture(),
        "--notation",
        "nl",
        "--lang",
        "nl",
        "--boards-per-round",
        "4",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("Rang (Paar)"), "{out}");
    let first = out.lines().find(|l| l.starts_with("1(")).unwrap();
    assert!(first.starts_with("1(7)"), "{first}");
    assert!(first.contains("216") && first.contains("64.29"), "{first}");
    assert!(out.contains("6=(13)") && out.contains("6=(5)"), "{out}");
    assert!(out.contains("Gemiddelde per ronde: 24"), "{out}");
    // The fixture's noisy contracts are reported on standard error, with line numbers.
    assert!(stderr(&o).contains("line 20: board 3"), "{}", stderr(&o));
}

#[test]
fn turkish_reports() {
    let base = ["score", &fixture(), "--notation", "nl", "--lang", "tr"];
    let o = klaver(
        &[
            &base[..],
            &["--boards-per-round", "4", "--control", "--travellers"],
        ]
        .concat(),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    for word in [
        "28 board\n",
        "Sıra (Çift)",
        // Without a round column or movement, the columns are the board sets ("Grup"
        // is a section).
        "Set A",
        "Tur başına ortalama: 24",
        "Kontrol Tablosu",
        "Board Sonuçları",
        "Dağıtan: K   Zonda: Kimse",
        // Board 5, table 1-8 of seed 000's control sheet, N4S!-6, in Turkish notation.
        "0 12 -1700 K 4 Pik kontur -6",
        "Kontrol: her satırda K-G + D-B = top",
    ] {
        assert!(out.contains(word), "{word:?} not in\n{out}");
    }
    let first = out.lines().find(|l| l.starts_with("1(")).unwrap();
    assert!(
        first.starts_with("1(7)") && first.contains("64.29"),
        "{first}"
    );

    let o = klaver(&[&base[..], &["--format", "html"]].concat());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let page = stdout(&o);
    assert!(page.contains("<html lang=\"tr\">"), "{page}");
    assert!(page.contains("<h2>Sıralama</h2>"), "{page}");

    let pdf = temp_file("turkish.pdf", "");
    let o = klaver(&[&base[..], &["--format", "pdf", "-o", pdf.to_str().unwrap()]].concat());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let bytes = std::fs::read(&pdf).unwrap();
    assert!(bytes.starts_with(b"%PDF-"));
    assert!(bytes.windows(10).any(|w| w == b"/Lang (tr)"));
}

#[test]
fn strict_turns_warnings_into_exit_code_1() {
    let o = klaver(&["score", &fixture(), "--notation", "nl", "--strict"]);
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn control_sheet_and_travellers() {
    let o = klaver(&[
        "score",
        &fixture(),
        "--notation",
        "nl",
        "--lang",
        "nl",
        "--control",
        "--travellers",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    assert!(out.contains("Controlestaat"));
    // Board 5, table 1-8: N4S!-6, -1700, 0 and 12 points (seed 000's control sheet).
    assert!(out.contains("0 12 -1700 N4S!-6"), "{out}");
    assert!(
        out.contains("checkSom: NZ + OW = top op elke lijn"),
        "{out}"
    );
}

#[test]
fn the_seed_traveller_of_board_1_for_10_pairs() {
    // Seed 000 §1, "Gift: 1  N / --  Paren: 10": the five lines of the scorebriefje
    // (traveller), East-West declaring every time ("Door paar" 2, 3, 4, 10, 5), scored
    // from the contracts alone: "Er zijn dus 10 - 2 = 8 punten te verdelen" (8 points to
    // share on every board).
    let f = temp_file(
        "seed-board-1.csv",
        "board,ns,ew,contract,declarer,result\n\
         1,1,2,3S,O,+1\n1,6,3,3S,O,C\n1,7,4,2S,O,+3\n1,8,10,4S,O,C\n1,9,5,3S,O,C\n",
    );
    let o = klaver(&[
        "score",
        f.to_str().unwrap(),
        "--notation",
        "nl",
        "--lang",
        "nl",
        "--travellers",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("Gift 1   Gever: N   Kwetsbaar: --   Paren: 10   Top: 8"),
        "{out}"
    );
    // The scores stand in the East-West column (right-aligned under "Score OW").
    let header = out.lines().find(|l| l.starts_with("NZ  OW")).unwrap();
    let ew_score_end = header.find("Score OW").unwrap() + "Score OW".len();
    // NZ, OW, contract, by pair, result, score OW, points NZ and OW, as the seed's lines
    // (the traveller lists them by score).
    for (line, score) in [
        ("1 2 3S 2 (O) +1 170 4 4", "170"),
        ("6 3 3S 3 (O) C 140 7 1", "140"),
        ("7 4 2S 4 (O) +3 200 2 6", "200"),
        ("8 10 4S 10 (O) C 420 0 8", "420"),
        ("9 5 3S 5 (O) C 140 7 1", "140"),
    ] {
        let row = out
            .lines()
            .find(|l| l.split_whitespace().collect::<Vec<_>>().join(" ") == line)
            .unwrap_or_else(|| panic!("{line:?} not in\n{out}"));
        assert!(row[..ew_score_end].ends_with(score), "{row}\n{header}");
    }
}

#[test]
fn the_dutch_control_sheet_as_the_seed_prints_it() {
    // Seed 000 §5: a box with the event's line and the pairs' numbers, and notrump
    // written Z in the contracts (O3Z+2) with --notrump z.
    let args = [
        "score",
        &fixture(),
        "--notation",
        "nl",
        "--lang",
        "nl",
        "--control",
        "--boards-per-round",
        "4",
        "--title",
        "Fonteintje *** Clubtoernooi",
        "--date",
        "01/02/2008",
    ];
    let o = klaver(&[&args[..], &["--notrump", "z"]].concat());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    for line in [
        "| Fonteintje *** Clubtoernooi *** 4 giften per ronde *** 01/02/2008 |",
        "|  1    2    3    4                                                 |",
        "| 13   14                                                           |",
    ] {
        assert!(out.contains(line), "{line}\n{out}");
    }
    assert!(out.contains("11 1 200 O3Z+2"), "{out}");
    assert!(!out.contains("SA"), "{out}");
    // SA stays the default, and Z belongs to the Dutch reports only.
    let o = klaver(&args);
    assert!(stdout(&o).contains("11 1 200 O3SA+2"), "{}", stdout(&o));
    let o = klaver(&["score", &fixture(), "--notation", "nl", "--notrump", "z"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--lang nl"), "{}", stderr(&o));
}

#[test]
fn json_keeps_exact_numbers() {
    let o = klaver(&["score", &fixture(), "--notation", "nl", "--format", "json"]);
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let boards = v["boards"].as_array().unwrap();
    assert_eq!(boards.len(), 28);
    assert_eq!(boards[0]["top"], 12);
    let r = &boards[0]["results"][0];
    assert_eq!(r["ns"], "1");
    assert_eq!(r["score"], 110);
    assert_eq!(
        r["mp_ns"].as_f64().unwrap() + r["mp_ew"].as_f64().unwrap(),
        12.0
    );
    let pairs = v["pairs"].as_array().unwrap();
    assert_eq!(pairs[0]["pair"], "7");
    assert!((pairs[0]["percentage"].as_f64().unwrap() - 216.0 / 336.0 * 100.0).abs() < 1e-9);
    assert_eq!(pairs[0]["club_points"], 56.0);
}

#[test]
fn adjustments_in_json() {
    let csv = temp_file(
        "adjust.csv",
        "board,ns,ew,score,adjust\n1,1,2,420,\n1,3,4,,AVG\n1,5,6,,NP\n1,7,8,-50,\n",
    );
    let o = klaver(&["score", csv.to_str().unwrap(), "--format", "json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let res = v["boards"][0]["results"].as_array().unwrap();
    let avg = res.iter().find(|r| r["ns"] == "3").unwrap();
    assert!(avg["score"].is_null());
    assert_eq!(avg["adjustment"], "AVG");
    let np = res.iter().find(|r| r["ns"] == "5").unwrap();
    assert!(np["mp_ns"].is_null() && np["mp_ew"].is_null());
}

#[test]
fn errors_name_the_line_and_exit_2() {
    let csv = temp_file(
        "bad.csv",
        "board,ns,ew,score\n1,1,2,425\n1,3,3,420\n2,1,2,100\n2,1,4,100\n",
    );
    let o = klaver(&["score", csv.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains("line 2: board 1: 425 is not a score"), "{err}");
    assert!(err.contains("nothing was scored"), "{err}");
    let csv = temp_file(
        "bad2.csv",
        "board,ns,ew,score\n1,1,2,420\n1,3,3,420\n2,1,2,100\n2,1,4,100\n",
    );
    let o = klaver(&["score", csv.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("line 3: board 1: pair 3 is on both sides"),
        "{err}"
    );
    assert!(
        err.contains("line 5: board 2: pair 1 plays board 2 twice (also on line 4)"),
        "{err}"
    );
}

#[test]
fn a_board_with_a_single_result_is_a_warning() {
    let csv = temp_file(
        "single.csv",
        "board,ns,ew,score\n1,1,2,420\n1,3,4,400\n2,1,2,100\n",
    );
    let o = klaver(&["score", csv.to_str().unwrap(), "--strict"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("line 4: board 2: only one result"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_pair_number_written_with_a_leading_zero_is_a_warning_not_a_silent_second_pair() {
    // Pair 1 is written `01` on board 2's traveller: klaver scores what is written (two
    // pairs) and says so on the line, for the director to correct.
    let csv = temp_file(
        "leading_zero.csv",
        "board,ns,ew,score\n1,1,2,420\n1,3,4,400\n2,01,2,100\n2,3,4,110\n",
    );
    let o = klaver(&["score", csv.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o)
            .contains("line 4: pair 01 and pair 1 are written differently and scored as two pairs"),
        "{}",
        stderr(&o)
    );
    let o = klaver(&["score", csv.to_str().unwrap(), "--strict"]);
    assert_eq!(o.status.code(), Some(1));
}

/// A pairs file that gave player 1001 to pairs 1 and 2 was scored without a word; the
/// season ranking then refused the club's whole season. The result list is still
/// printed, with a warning naming both lines of the pairs file.
#[test]
fn a_player_given_for_two_pairs_is_a_warning_naming_both_lines() {
    let csv = temp_file(
        "two_pairs_travellers.csv",
        "board,ns,ew,score\n1,1,2,420\n1,3,4,450\n2,1,3,600\n2,2,4,-100\n",
    );
    let pairs = temp_file(
        "two_pairs_names.csv",
        "pair,names,players\n1,a,1001+1002\n2,b,1001+1003\n3,c,1005+1006\n4,d,1007+1008\n",
    );
    let o = klaver(&[
        "score",
        csv.to_str().unwrap(),
        "--pairs",
        pairs.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("Rank"), "{}", stdout(&o));
    let said = format!(
        "warning: {}: {}: line 3: player 1001 of pair 2 is also given for pair 1 (line 2): a player plays in one pair a night; correct the players of the pair that is wrong",
        csv.display(),
        pairs.display()
    );
    assert!(stderr(&o).contains(&said), "{}", stderr(&o));
}

#[test]
fn a_pairs_file_line_that_matches_no_pair_is_named_in_the_pairs_file() {
    // The warning's line is the pairs file's: it was printed with the travellers' name.
    let csv = temp_file(
        "pairs_file_travellers.csv",
        "board,ns,ew,score\n1,1,2,420\n1,3,4,400\n2,1,2,100\n2,3,4,110\n",
    );
    let pairs = temp_file(
        "pairs_file_names.csv",
        "pair,names\n01,Ann - Bob\n2,Cor - Dirk\n3,Eva - Fay\n4,Gijs - Hans\n",
    );
    let o = klaver(&[
        "score",
        csv.to_str().unwrap(),
        "--pairs",
        pairs.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let said = format!(
        "{}: line 2: pair 01 in the pairs file has no results in the travellers (pair 1 has: write its number the same way in both files)",
        pairs.display()
    );
    assert!(
        stderr(&o).contains(&format!("warning: {}: {said}", csv.display())),
        "{}",
        stderr(&o)
    );
    assert!(
        !stderr(&o).contains(&format!("{}: line 2", csv.display())),
        "{}",
        stderr(&o)
    );
    // The reports keep it, as every warning of the session.
    let o = klaver(&[
        "score",
        csv.to_str().unwrap(),
        "--pairs",
        pairs.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert!(stdout(&o).contains(&said), "{}", stdout(&o));
    let o = klaver(&[
        "score",
        csv.to_str().unwrap(),
        "--pairs",
        pairs.to_str().unwrap(),
        "--strict",
    ]);
    assert_eq!(o.status.code(), Some(1));
}

/// A pairs file whose names hold a comma not in quotes gave pair 1 the names `Jansen`
/// without a word, and one naming the names column twice read the first. The first is
/// a warning naming the line and what was not read; the second is refused.
#[test]
fn a_pairs_file_not_read_whole_is_said() {
    let csv = temp_file(
        "comma_travellers.csv",
        "board,ns,ew,contract,declarer,result,score\n1,1,2,4S,N,=,420\n1,3,4,4S,N,+1,450\n",
    );
    let pairs = temp_file(
        "comma_names.csv",
        "pair,names\n1,Jansen, Piet - de Vries, Jan\n2,B\n3,C\n4,D\n",
    );
    let o = klaver(&[
        "score",
        csv.to_str().unwrap(),
        "--pairs",
        pairs.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let said = format!(
        "warning: {}: {}: line 2: the line has 4 fields and the header 2: Piet - de Vries and Jan are not read",
        csv.display(),
        pairs.display()
    );
    assert!(stderr(&o).contains(&said), "{}", stderr(&o));
    let twice = temp_file("twice_names.csv", "pair,names,names\n1,A,X\n2,B,Y\n");
    let o = klaver(&[
        "score",
        csv.to_str().unwrap(),
        "--pairs",
        twice.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert!(
        stderr(&o).contains("the header has two names columns (columns 2 and 3)"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn html_and_pdf() {
    let o = klaver(&["score", &fixture(), "--notation", "nl", "--format", "html"]);
    assert_eq!(o.status.code(), Some(0));
    let page = stdout(&o);
    assert!(
        page.starts_with("<!DOCTYPE html>"),
        "{}",
        &page[..40.min(page.len())]
    );
    let pdf = temp_file("out.pdf", "");
    let o = klaver(&[
        "score",
        &fixture(),
        "--notation",
        "nl",
        "--format",
        "pdf",
        "-o",
        pdf.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(std::fs::read(&pdf).unwrap().starts_with(b"%PDF-"));
}

#[test]
fn movement_checks_the_travellers() {
    let schedule = repo("crates/klaver-core/tests/data/fonteintje-14-pairs.csv");
    let o = klaver(&[
        "score",
        &fixture(),
        "--notation",
        "nl",
        "--movement",
        &schedule,
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // A traveller line with pairs that never meet on that board.
    let mut text = std::fs::read_to_string(fixture()).unwrap();
    text = text.replacen("\n1,1,2,110,", "\n1,1,3,110,", 1);
    let bad = temp_file("wrong-pair.csv", &text);
    let o = klaver(&[
        "score",
        bad.to_str().unwrap(),
        "--notation",
        "nl",
        "--movement",
        &schedule,
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("line 2: board 1: pairs 1 and 3 do not meet on board 1"),
        "{}",
        stderr(&o)
    );
}

/// A schedule with pair 1 also written 01 was read as a movement of two pairs 1: it is
/// refused, naming the line and both spellings.
#[test]
fn a_schedule_with_a_pair_written_two_ways_is_refused() {
    let schedule = repo("crates/klaver/tests/data/movement-pair-written-two-ways.csv");
    let o = klaver(&[
        "score",
        &fixture(),
        "--notation",
        "nl",
        "--movement",
        &schedule,
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("line 3: pair 1 and pair 01 are written differently"),
        "{}",
        stderr(&o)
    );
}

/// `--movement mitchell-+5` was read as mitchell-5: a movement name's numbers are digits.
#[test]
fn a_movement_name_with_a_signed_number_is_refused() {
    let o = klaver(&[
        "score",
        &fixture(),
        "--notation",
        "nl",
        "--movement",
        "mitchell-+5",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("unknown movement \"mitchell-+5\""),
        "{}",
        stderr(&o)
    );
}

/// A round of travellers never entered was scored as a shorter night, without a word
/// and with `--strict` passing. The file is the 14-pair Howell on the same boards with
/// round 7 (boards 25-28) left out.
#[test]
fn a_round_the_movement_plays_without_a_result_is_said() {
    let file = repo("crates/klaver/tests/data/howell-14-same-round-7-missing.csv");
    let o = klaver(&["score", &file, "--movement", "howell-14-7-same", "--strict"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("boards 25-28: no result at all, while the movement (Howell, 14 pairs, 7 rounds, same boards at all tables) plays them in round 7"),
        "{}",
        stderr(&o)
    );
    assert!(stdout(&o).contains("24 boards"), "{}", stdout(&o));
}

#[test]
fn generated_events_score() {
    let csv = Path::new(env!("CARGO_TARGET_TMPDIR")).join("generated.csv");
    let o = klaver(&[
        "generate",
        "--pairs",
        "27",
        "--boards",
        "24",
        "--seed",
        "3",
        "-o",
        csv.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0));
    let o = klaver(&["score", csv.to_str().unwrap(), "--boards-per-round", "4"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().filter(|l| l.contains('(')).count(), 28);
}

#[test]
fn centred_matchpoints() {
    let o = klaver(&["score", &fixture(), "--notation", "nl", "--centred"]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    // Pair 7: 216 of 336 is 48 comparisons won more than lost.
    let first = out.lines().find(|l| l.starts_with("1(7)")).unwrap();
    assert!(first.split_whitespace().nth(1) == Some("48"), "{first}");
}

#[test]
fn mitchell_fields_ranked_separately() {
    let f = temp_file(
        "mitchell3.csv",
        "board,ns,ew,score\n\
         1,1,4,420\n1,2,5,170\n1,3,6,-50\n\
         2,1,6,100\n2,2,4,100\n2,3,5,-100\n\
         3,1,5,-200\n3,2,6,110\n3,3,4,140\n",
    );
    let f = f.to_str().unwrap();
    let o = klaver(&["score", f, "--fields", "separate"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    let ns = text.find("North-South").expect("a North-South list");
    let ew = text.find("East-West").expect("an East-West list");
    assert!(ns < ew, "{text}");
    // Each field has its own winner: pairs 1 and 2 tie in North-South, pair 5 wins
    // East-West; each winner gets 4 × 3 club points.
    assert!(text[ns..ew].contains("1=(1)"), "{text}");
    assert!(text[ns..ew].contains("1=(2)"), "{text}");
    assert!(text[ew..].contains("1(5)"), "{text}");
    let json = stdout(&klaver(&[
        "score", f, "--fields", "separate", "--format", "json",
    ]));
    assert!(
        json.contains(r#""pair":"5","section":"","names":"","points":10.0"#),
        "{json}"
    );
    assert!(json.contains(r#""field":"EW""#), "{json}");
    // Together, one list without headings.
    let text = stdout(&klaver(&["score", f]));
    assert!(!text.contains("North-South"), "{text}");
    let html = stdout(&klaver(&[
        "score", f, "--fields", "separate", "--format", "html",
    ]));
    assert!(html.contains("<h3>East-West</h3>"), "{html}");

    // A pair that changed direction cannot be put in a field.
    let g = temp_file(
        "arrow.csv",
        "board,ns,ew,score\n1,1,4,420\n1,2,5,170\n2,4,2,100\n2,5,1,100\n",
    );
    let o = klaver(&["score", g.to_str().unwrap(), "--fields", "separate"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o)
            .contains("line 4: board 2: pair 4 sits North-South here but East-West on line 2"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn the_round_column_gives_the_round_columns_without_a_movement() {
    // A three-table Mitchell of one board a round, the travellers' round column filled:
    // the result list shows each round's points and board set (capital North-South)
    // without --boards-per-round or --movement.
    let f = temp_file(
        "rounds.csv",
        "board,table,round,ns,ew,score\n\
         1,1,1,1,4,420\n2,2,1,2,5,170\n3,3,1,3,6,-50\n\
         3,1,2,1,5,100\n1,2,2,2,6,-100\n2,3,2,3,4,140\n\
         2,1,3,1,6,-200\n3,2,3,2,4,110\n1,3,3,3,5,450\n",
    );
    let o = klaver(&["score", f.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("Round1  Round2  Round3"), "{out}");
    let pair2 = out.lines().find(|l| l.starts_with("2(2)")).unwrap();
    assert!(pair2.ends_with("4 B     0 A     4 C"), "{pair2}");
    let pair6 = out.lines().find(|l| l.starts_with("1(6)")).unwrap();
    assert!(pair6.ends_with("4 c     4 a     4 b"), "{pair6}");
    assert!(out.contains("Average per round: 2"), "{out}");
    // Without the round column nothing tells the rounds: no round columns.
    let plain = temp_file(
        "no-rounds.csv",
        &without_round_column(&std::fs::read_to_string(&f).unwrap()),
    );
    let o = klaver(&["score", plain.to_str().unwrap()]);
    assert!(!stdout(&o).contains("Round1"), "{}", stdout(&o));
    // With --boards-per-round alone the columns are the board sets, and said to be:
    // pair 2 played board 1 (set A) in round 2.
    let plain = plain.to_str().unwrap();
    let o = klaver(&["score", plain, "--boards-per-round", "1"]);
    let out = stdout(&o);
    assert!(out.contains("Set A  Set B  Set C"), "{out}");
    let pair2 = out.lines().find(|l| l.starts_with("2(2)")).unwrap();
    assert!(pair2.ends_with("0 A    4 B    4 C"), "{pair2}");
    let o = klaver(&[
        "score",
        plain,
        "--boards-per-round",
        "1",
        "--format",
        "json",
    ]);
    let json: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let first = &json["pairs"][0]["rounds"][0];
    assert!(
        first.get("round").is_none() && first["set"] == "A",
        "{first}"
    );
    let o = klaver(&["score", f.to_str().unwrap(), "--format", "json"]);
    let json: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(json["pairs"][0]["rounds"][0]["round"], 1);
}

#[test]
fn nine_pairs_on_the_cards_of_ten_have_byes() {
    // Seed 000 §2.3: with 9 pairs the cards of 10 are used and the line of pair 10 stays
    // empty; whoever meets pair 10 has a bye. Each board has 4 results and a top of 6.
    let mut schedule = String::from("round,table,ns,ew,boards\n");
    let mut travellers = String::from("board,ns,ew,score\n");
    let scores = [550, 400, 130, 100, -100, 300, 200, -300, -200, -100];
    let mut k = 0;
    for round in 0..5u32 {
        for table in 0..5u32 {
            let (board, ew) = ((table + 5 - round) % 5 + 1, 6 + (table + round) % 5);
            schedule.push_str(&format!(
                "{},{},{},{ew},{board}\n",
                round + 1,
                table + 1,
                table + 1
            ));
            if ew != 10 {
                travellers.push_str(&format!("{board},{},{ew},{}\n", table + 1, scores[k % 10]));
                k += 1;
            }
        }
    }
    let s = temp_file("ten-pair-cards.csv", &schedule);
    let t = temp_file("nine-pairs.csv", &travellers);
    let o = klaver(&[
        "score",
        t.to_str().unwrap(),
        "--movement",
        s.to_str().unwrap(),
        "--travellers",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let (out, err) = (stdout(&o), stderr(&o));
    assert_eq!(
        err.lines().collect::<Vec<_>>(),
        [format!(
            "warning: {}: pair 10 of the movement has no result at all: taken as absent, so the pairs that meet it have a bye; enter its results if it played",
            t.display()
        )]
    );
    assert_eq!(out.matches("Top: 6").count(), 5, "{out}");
    // The travellers are printed for the 10 pairs of the cards (seed 000 §1).
    assert_eq!(out.matches("Pairs: 10").count(), 5, "{out}");
    assert!(!out.contains("Top: 8"), "{out}");
}

#[test]
fn a_long_field_is_named_not_repeated() {
    let digits = "9".repeat(100_000);
    let f = temp_file(
        "long-fields.csv",
        &format!("board,ns,ew,score\n1,1,2,{digits}\n{digits},3,4,420\n"),
    );
    let o = klaver(&["score", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.len() < 600, "{} bytes: {err}", err.len());
    assert!(
        err.contains(&format!("score \"{}…\" is not a number", &digits[..60])),
        "{err}"
    );
    assert!(err.contains("line 3: board \"999"), "{err}");
}

#[test]
fn an_unreadable_contract_gets_one_true_message() {
    // Without a score column nothing else can stand in for the contract: one error,
    // not "the entered score is used" followed by "no score and no contract".
    let f = temp_file(
        "no-score-column.csv",
        "board,ns,ew,contract,declarer,result\n1,1,2,4Q,N,=\n1,3,4,4S,N,=\n",
    );
    let o = klaver(&["score", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 2, "{err}");
    assert!(
        err.contains("line 2: board 1: cannot read \"4Q N =\" as a table result: expected a strain (C D H S NT) after the level 4, not \"Q\": correct the contract (the file has no score column)"),
        "{err}"
    );
    // With a score column but this line's score left empty: the same, with its fix.
    let f = temp_file(
        "empty-score.csv",
        "board,ns,ew,contract,declarer,result,score\n1,1,2,4Q,N,=,\n1,3,4,4S,N,=,420\n",
    );
    let err = stderr(&klaver(&["score", f.to_str().unwrap()]));
    assert_eq!(err.lines().count(), 2, "{err}");
    assert!(
        err.contains("correct the contract or enter the score"),
        "{err}"
    );
    assert!(!err.contains("entered score is used"), "{err}");
}

#[test]
fn two_sections_on_the_same_boards_count_each_board_once() {
    // Sections A and B each play boards 1 and 2, scored apart: two boards, two lists.
    let mut text = String::from("section,board,ns,ew,score\n");
    for section in ["A", "B"] {
        for board in [1, 2] {
            text.push_str(&format!(
                "{section},{board},1,2,110\n{section},{board},3,4,140\n"
            ));
        }
    }
    let path = temp_file("two-sections.csv", &text);
    let o = klaver(&["score", path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with("2 boards"), "{out}");
    assert!(out.contains("(A3)") && out.contains("(B3)"), "{out}");
}

#[test]
fn two_sections_on_one_movement_are_each_checked_against_it() {
    // Two lines play the same 3-table Mitchell; pair 6 of section A did not come. Its
    // opponents had a bye: section A's boards are played twice, not three times with
    // a result missing, and nothing is Neuberg-scaled.
    let schedule = temp_file(
        "mitchell-3-schedule.csv",
        "round,table,ns,ew,boards\n\
         1,1,1,4,1-2\n1,2,2,5,3-4\n1,3,3,6,5-6\n\
         2,1,1,6,3-4\n2,2,2,4,5-6\n2,3,3,5,1-2\n\
         3,1,1,5,5-6\n3,2,2,6,1-2\n3,3,3,4,3-4\n",
    );
    let travellers = temp_file(
        "two-sections-one-movement.csv",
        "board,ns,ew,score,section\n\
         1,1,4,110,A\n1,3,5,-90,A\n2,1,4,-90,A\n2,3,5,-120,A\n\
         3,2,5,-90,A\n3,3,4,110,A\n4,2,5,110,A\n4,3,4,120,A\n\
         5,1,5,120,A\n5,2,4,120,A\n6,1,5,-120,A\n6,2,4,90,A\n\
         1,1,4,-90,B\n1,2,6,-120,B\n1,3,5,110,B\n2,1,4,120,B\n2,2,6,-120,B\n2,3,5,120,B\n\
         3,1,6,90,B\n3,2,5,-120,B\n3,3,4,90,B\n4,1,6,-90,B\n4,2,5,90,B\n4,3,4,120,B\n\
         5,1,5,90,B\n5,2,4,110,B\n5,3,6,90,B\n6,1,5,90,B\n6,2,4,90,B\n6,3,6,110,B\n",
    );
    let o = klaver(&[
        "score",
        travellers.to_str().unwrap(),
        "--movement",
        schedule.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stderr(&o).lines().collect::<Vec<_>>(),
        [format!(
            "warning: {}: section A: pair 6 of the movement has no result at all: taken as absent, so the pairs that meet it have a bye; enter its results if it played",
            travellers.display()
        )]
    );
    let out = stdout(&o);
    let a5 = out.lines().find(|l| l.starts_with("1(A5)")).unwrap();
    assert!(a5.contains("91.67"), "{out}");
}

/// A three-table Mitchell of one board a round, the travellers' round column filled.
const THREE_TABLE_ROUNDS: &str = "board,table,round,ns,ew,score\n\
     1,1,1,1,4,420\n2,2,1,2,5,170\n3,3,1,3,6,-50\n\
     3,1,2,1,5,100\n1,2,2,2,6,-100\n2,3,2,3,4,140\n\
     2,1,3,1,6,-200\n3,2,3,2,4,110\n1,3,3,3,5,450\n";

/// A travellers CSV with its third column (the round) left out.
fn without_round_column(csv: &str) -> String {
    csv.lines()
        .map(|l| {
            let mut c: Vec<&str> = l.split(',').collect();
            c.remove(2);
            c.join(",") + "\n"
        })
        .collect()
}

#[test]
fn a_round_column_that_cannot_be_right_is_refused() {
    // Line 5 says round 3 for pairs 1 and 5, who met in round 2: pair 1 would meet
    // pairs 5 and 6 in round 3.
    let typo = temp_file(
        "round-typo.csv",
        &THREE_TABLE_ROUNDS.replace("3,1,2,1,5,100", "3,1,3,1,5,100"),
    );
    let o = klaver(&["score", typo.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    let err = stderr(&o);
    assert!(
        err.contains(
            "line 8: board 2: round 3: pair 1 meets pair 6 here but pair 5 on line 5; a pair meets one opponent a round: correct the round"
        ),
        "{err}"
    );
    // Every line in round 1: every pair meets three opponents in one round.
    let one = temp_file(
        "round-all-one.csv",
        &THREE_TABLE_ROUNDS
            .lines()
            .map(|l| {
                let mut c: Vec<&str> = l.split(',').collect();
                if c[2] != "round" {
                    c[2] = "1";
                }
                c.join(",") + "\n"
            })
            .collect::<String>(),
    );
    let o = klaver(&["score", one.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert!(
        stderr(&o)
            .contains("line 5: board 3: round 1: pair 1 meets pair 5 here but pair 4 on line 2"),
        "{}",
        stderr(&o)
    );
    // A pair that plays one board set in two rounds: pairs 1 and 4 play boards 1-2, one
    // of them written in round 5.
    let split = temp_file(
        "round-split-set.csv",
        "board,table,round,ns,ew,score\n1,1,1,1,4,420\n2,1,5,1,4,400\n1,2,1,2,5,100\n2,2,1,2,5,110\n",
    );
    let o = klaver(&["score", split.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert!(
        stderr(&o).contains(
            "line 3: board 2: round 5: pair 1 plays boards 1-2 here and in round 1 on line 2; a pair plays a board set in one round: correct the round"
        ),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_round_or_table_column_against_the_movement_is_named() {
    let schedule = temp_file(
        "three-table-schedule.csv",
        "round,table,ns,ew,boards\n\
         1,1,1,4,1\n1,2,2,5,2\n1,3,3,6,3\n\
         2,1,1,5,3\n2,2,2,6,1\n2,3,3,4,2\n\
         3,1,1,6,2\n3,2,2,4,3\n3,3,3,5,1\n",
    );
    let schedule = schedule.to_str().unwrap();
    let good = temp_file("three-table-rounds.csv", THREE_TABLE_ROUNDS);
    let o = klaver(&[
        "score",
        good.to_str().unwrap(),
        "--movement",
        schedule,
        "--strict",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let bad = temp_file(
        "three-table-rounds-typo.csv",
        &THREE_TABLE_ROUNDS
            .replace("3,1,2,1,5,100", "3,1,3,1,5,100")
            .replace("2,3,2,3,4,140", "2,2,2,3,4,140"),
    );
    let o = klaver(&[
        "score",
        bad.to_str().unwrap(),
        "--movement",
        schedule,
        "--strict",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains("line 5: board 3: the round column says round 3, but in the movement pairs 1 and 5 play board 3 in round 2 at table 1: the movement's round is used; correct the round column"),
        "{err}"
    );
    assert!(
        err.contains("line 7: board 2: the table column says table 2, but in the movement pairs 3 and 4 play board 2 in round 2 at table 3: correct the table column"),
        "{err}"
    );
}

#[test]
fn boards_per_round_against_the_movement_is_refused() {
    // The schedule plays one board a round; --boards-per-round 2 would halve the rounds
    // of the control sheet and double the average per round.
    let schedule = temp_file(
        "one-board-schedule.csv",
        "round,table,ns,ew,boards\n\
         1,1,1,4,1\n1,2,2,5,2\n1,3,3,6,3\n\
         2,1,1,5,3\n2,2,2,6,1\n2,3,3,4,2\n\
         3,1,1,6,2\n3,2,2,4,3\n3,3,3,5,1\n",
    );
    let schedule = schedule.to_str().unwrap();
    let travellers = temp_file("one-board-rounds.csv", THREE_TABLE_ROUNDS);
    let t = travellers.to_str().unwrap();
    let o = klaver(&[
        "score",
        t,
        "--movement",
        schedule,
        "--boards-per-round",
        "1",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = klaver(&[
        "score",
        t,
        "--movement",
        schedule,
        "--boards-per-round",
        "2",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert!(
        stderr(&o).contains(&format!(
            "--boards-per-round 2 contradicts the movement {schedule}, which plays 1 board a round: leave --boards-per-round out or make it 1"
        )),
        "{}",
        stderr(&o)
    );
}

/// A Dutch result list listed the night's warnings in English. The common ones, a
/// score that disagrees with its contract and a result read as made exactly, are now in
/// Dutch (Turkish in a Turkish list), with the line and board; the command line's own
/// warnings stay English.
#[test]
fn a_dutch_list_gives_the_common_warnings_in_dutch() {
    let f = repo("examples/fonteintje-2008-02-01.csv");
    // (The text list leaves the warnings to the command line.)
    let o = klaver(&[
        "score",
        &f,
        "--notation",
        "nl",
        "--lang",
        "nl",
        "--format",
        "html",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o).replace("&quot;", "\"").replace("&#39;", "'");
    assert!(
        out.contains(
            "regel 2: gift 1: \"N2H-\": de '-' zonder getal erachter is gelezen als precies gemaakt"
        ),
        "{out}"
    );
    assert!(
        out.contains("regel 19: gift 2: het contract O2H+1 geeft Noord-Zuid -140 bij Noord-Zuid kwetsbaar maar er is 50 ingevoerd (O2H-1 geeft 50: staat het teken van het resultaat verkeerd om?); de ingevoerde score telt"),
        "{out}"
    );
    assert!(!out.contains("read as made exactly"), "{out}");
    // The command line says them as before.
    assert!(
        stderr(&o).contains(
            "line 2: board 1: \"N2H-\": the '-' with no number after it is read as made exactly"
        ),
        "{}",
        stderr(&o)
    );
}

/// A Dutch list of a night with a sit-out pair (Ruter's PBN) gave its sit-out lines
/// and its boards played fewer times in English; they are in Dutch now.
///
/// Each board a pair sat out had two warnings: the sit-out line, and "10 results where
/// 11 were expected ... enter the missing results or mark them NP", advice that is wrong
/// for a board the sit-out accounts for. It is one note saying so, with no advice.
#[test]
fn a_board_a_pair_sat_out_is_one_note_in_the_lists_language() {
    let f = repo("crates/klaver-io/tests/data/ruter-2019-10-14-spiren.pbn");
    let o = klaver(&["score", &f, "-o", "/dev/null"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let err = stderr(&o);
    let board7: Vec<&str> = err.lines().filter(|l| l.contains(" board 7: ")).collect();
    assert_eq!(
        board7,
        [format!(
            "note: {f}: line 281: board 7: 10 results where 11 were expected, as pair 15 sat out this board (a sit-out line, line 291 of the file): the board is Neuberg-scaled to the full top"
        )],
        "{err}"
    );
    assert!(!err.contains("enter the missing results"), "{err}");
    assert_eq!(err.lines().count(), 18, "{err}");
    // Converted to a scored format, the file is said the same way.
    let o = klaver(&["convert", &f, "/dev/null", "--to", "pbn"]);
    let converted = stderr(&o);
    let said: Vec<&str> = converted
        .lines()
        .filter(|l| l.starts_with("note:"))
        .collect();
    assert_eq!(said, err.lines().collect::<Vec<_>>(), "{converted}");
    // PBN carries the sit-out lines; the other formats do not, which is said.
    assert!(!converted.contains("sit-out lines ("), "{converted}");
    let o = klaver(&["convert", &f, "/dev/null", "--to", "json"]);
    assert!(
        stderr(&o).contains("klaver: /dev/null is written without the file's 18 sit-out lines (a pair that sat out a board): scored from it, those boards read as short of results; keep the file for them"),
        "{}",
        stderr(&o)
    );
    let o = klaver(&["score", &f, "--lang", "nl", "--format", "html"]);
    let out = stdout(&o);
    let said = "<li>regel 281: gift 7: 10 uitslagen waar er 11 verwacht werden, want paar 15 zat deze gift uit (een uitzitregel, regel 291 van het bestand): de gift is met Neuberg naar de volle top geschaald</li>";
    assert!(out.contains(said), "{said}\n{out}");
    assert!(!out.contains("<li>line"), "{out}");
    // Under their own heading, not among the warnings (there are none).
    assert!(out.contains("<summary>Opmerkingen (18)</summary>"), "{out}");
    assert!(!out.contains("Waarschuwingen"), "{out}");
    let o = klaver(&["score", &f, "--lang", "tr", "--format", "html"]);
    let out = stdout(&o);
    let said = "<li>satır 281: board 7: 11 sonuç beklenirken 10 sonuç var, çünkü 15 numaralı çift bu boardu oynamadı (bye satırı, dosyanın 291. satırı): board Neuberg ile tam topa ölçeklendi</li>";
    assert!(out.contains(said), "{said}\n{out}");
    assert!(out.contains("<summary>Notlar (18)</summary>"), "{out}");
    assert!(!out.contains("Uyarılar"), "{out}");
    // The JSON keeps them in its list of what was said, each with severity "note".
    let o = klaver(&["score", &f, "--format", "json"]);
    let doc: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let said = doc["warnings"].as_array().unwrap();
    assert_eq!(said.len(), 18, "{said:?}");
    assert!(said.iter().all(|w| w["severity"] == "note"), "{said:?}");
    assert_eq!(said[0]["board"], 7, "{said:?}");
}

/// The kind (`note` or `warning`) and board of each of `said`'s lines (klaver's
/// stderr) that names a board, in order.
fn kinds_by_board(said: &str) -> Vec<(String, u32)> {
    said.lines()
        .filter_map(|l| {
            let (kind, rest) = l.split_once(": ")?;
            let at = rest.find(" board ")? + " board ".len();
            let board = rest[at..].split(':').next()?.parse().ok()?;
            Some((kind.to_string(), board))
        })
        .collect()
}

/// A Ruter file with its line `n` (from 1) left out, written as a file of the tests'.
fn ruter_without_line(name: &str, n: usize) -> String {
    ruter_file_without_lines("ruter-2019-10-14-spiren.pbn", name, &[n])
}

/// A Ruter file of the repository's test data without its lines `gone` (counted from 1).
fn ruter_file_without_lines(file: &str, name: &str, gone: &[usize]) -> String {
    let f = repo(&format!("crates/klaver-io/tests/data/{file}"));
    let bytes = std::fs::read(f).unwrap();
    let lines: Vec<&[u8]> = (bytes.split(|&b| b == b'\n').enumerate())
        .filter(|(i, _)| !gone.contains(&(i + 1)))
        .map(|(_, l)| l)
        .collect();
    let out = common::temp_path("score_cli", name);
    std::fs::write(&out, lines.join(&b'\n')).unwrap();
    out.display().to_string()
}

/// An odd number of pairs is a normal club night: Ruter writes a sit-out line for each
/// board a pair sat out, and a board whose missing results those lines account for was
/// a warning, so that `--strict` failed every such night. Each is a note now: said, but
/// not counted by `--strict`. A night where a pair sat out every board (no board short
/// of a result) says its sit-out lines as notes too.
#[test]
fn an_odd_pairs_night_passes_strict_its_sit_outs_said_as_notes() {
    let f = repo("crates/klaver-io/tests/data/ruter-2019-10-14-spiren.pbn");
    let o = klaver(&["score", &f, "--strict", "-o", "/dev/null"]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(0), "{err}");
    let said = kinds_by_board(&err);
    let expected: Vec<(String, u32)> = (7..=24).map(|b| ("note".to_string(), b)).collect();
    assert_eq!(said, expected, "{err}");
    assert!(
        err.starts_with(&format!(
            "note: {f}: line 281: board 7: 10 results where 11 were expected, as pair 15 sat out this board (a sit-out line, line 291 of the file): the board is Neuberg-scaled to the full top\n"
        )),
        "{err}"
    );
    let every_board = repo("crates/klaver-io/tests/data/ruter-2016-08-10-spiren.pbn");
    let o = klaver(&["score", &every_board, "--strict", "-o", "/dev/null"]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert_eq!(err.lines().count(), 24, "{err}");
    assert!(
        err.lines()
            .all(|l| l.starts_with("note: ") && l.contains("sat out this board")),
        "{err}"
    );
}

/// A board short of a result no sit-out line accounts for stays a warning, and
/// `--strict` fails on it, beside the boards the sit-outs account for (notes); so does
/// a board a pair sat out that is short of one result more.
#[test]
fn a_result_missing_beside_the_sit_outs_is_a_warning_strict_fails_on() {
    // Nine pairs (bridgekam, 2015-10-01): pair 9 sits out every board, so each board has
    // four results and a sit-out line. Board 1 without the result of pairs 3 and 4 was
    // "3 results where 4 were expected, as pair 9 sat out": a note, and the result was
    // lost with --strict passing. Pairs 3 and 4 have no line on it: a warning.
    let nine = "ruter-2015-10-01-bridgekam.pbn";
    let short = ruter_file_without_lines(nine, "bridgekam-board-1-short.pbn", &[76]);
    let o = klaver(&["score", &short, "--strict", "-o", "/dev/null"]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("warning: ") && err.contains("board 1: 3 results where 4 were expected: the board is Neuberg-scaled to the full top; enter the missing results"), "{err}");
    // Board 1 without any result, only pair 9's sit-out line: its results are missing.
    let gone = ruter_file_without_lines(nine, "bridgekam-board-1-gone.pbn", &[74, 75, 76, 77]);
    let o = klaver(&["score", &gone, "--strict", "-o", "/dev/null"]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("board 1: pair 9 sat out this board (a sit-out line), but the board has no result at all"), "{err}");

    // Line 90: the second result of board 1, which no pair sat out.
    let short = ruter_without_line("ruter-board-1-short.pbn", 90);
    let o = klaver(&["score", &short, "--strict", "-o", "/dev/null"]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    let said = kinds_by_board(&err);
    assert_eq!(said[0], ("warning".to_string(), 1), "{err}");
    assert!(
        err.lines().next().unwrap().ends_with(
            "board 1: 10 results where 11 were expected: the board is Neuberg-scaled to the full top; enter the missing results or mark them NP"
        ),
        "{err}"
    );
    assert!(
        said[1..].iter().all(|(kind, b)| kind == "note" && *b >= 7),
        "{err}"
    );
    assert_eq!(said.len(), 19, "{err}");
    // Line 282: the second result of board 7, which pair 15 sat out.
    let short = ruter_without_line("ruter-board-7-short.pbn", 282);
    let o = klaver(&["score", &short, "--strict", "-o", "/dev/null"]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    let board7: Vec<&str> = err.lines().filter(|l| l.contains(" board 7: ")).collect();
    assert_eq!(board7.len(), 2, "{err}");
    assert!(board7.iter().all(|l| l.starts_with("warning: ")), "{err}");
    assert!(
        board7.iter().any(|l| l.ends_with(
            "board 7: 9 results where 11 were expected: the board is Neuberg-scaled to the full top; enter the missing results or mark them NP"
        )),
        "{err}"
    );
    assert!(
        board7
            .iter()
            .any(|l| l.contains("board 7: pair 15 sat out this board (a sit-out line)")),
        "{err}"
    );
    assert_eq!(
        kinds_by_board(&err)
            .iter()
            .filter(|(kind, _)| kind == "note")
            .count(),
        17,
        "{err}"
    );
}

/// A file read but not scorable listed every error (387 lines for one real file),
/// where a file that cannot be read lists the first 50 and counts the rest, as the
/// README says of every refusal.
#[test]
fn a_night_that_cannot_be_scored_lists_the_first_fifty_errors() {
    let mut csv = String::from("board,ns,ew,score\n");
    for b in 1..=60 {
        csv.push_str(&format!("{b},1,1,0\n{b},2,3,0\n"));
    }
    let f = temp_file("sixty-errors.csv", &csv);
    let o = klaver(&["score", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    let err = stderr(&o);
    assert_eq!(
        err.matches("is on both sides of the table").count(),
        50,
        "{err}"
    );
    assert!(
        err.contains("\n... and 10 more (60 errors in all)"),
        "{err}"
    );
    assert!(
        err.contains("line 2: board 1: pair 1 is on both sides"),
        "{err}"
    );
}

/// `--boards-per-round 0` printed "Average per round: 0" and no round columns; 53 and
/// more are no night's rounds either. Both are refused, as `klaver movement` refuses them.
#[test]
fn boards_per_round_out_of_range_is_refused() {
    let travellers = temp_file("range-rounds.csv", THREE_TABLE_ROUNDS);
    let t = travellers.to_str().unwrap();
    for n in ["0", "53"] {
        let o = klaver(&["score", t, "--boards-per-round", n]);
        assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
        assert!(
            stderr(&o).contains(&format!(
                "boards per round must be between 1 and 52, not {n}"
            )),
            "{}",
            stderr(&o)
        );
        assert!(stdout(&o).is_empty(), "{}", stdout(&o));
    }
}

/// Without rounds on the travellers, the round columns and the control sheet's blocks
/// are the board sets of `--boards-per-round`. A number that does not divide the boards
/// made a last round of one board (28 boards at 3 a round) or one round of every board,
/// without a word. It is a warning naming the odd set, and `--strict` counts it.
#[test]
fn boards_per_round_that_does_not_divide_the_boards_is_warned_of() {
    let plain = without_round_column(THREE_TABLE_ROUNDS);
    let f = temp_file("undivided.csv", &plain);
    let f = f.to_str().unwrap();
    let o = klaver(&["score", f, "--boards-per-round", "2"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("--boards-per-round 2 does not divide boards 1 to 3 into rounds: board 3 would be a round of its own; give the boards each round played"),
        "{}",
        stderr(&o)
    );
    let o = klaver(&["score", f, "--boards-per-round", "2", "--strict"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let o = klaver(&["score", f, "--boards-per-round", "4"]);
    assert!(
        stderr(&o).contains("--boards-per-round 4 is more than the 3 boards played (1 to 3): they would all be one round; give the boards each round played"),
        "{}",
        stderr(&o)
    );
    // A number that divides them says nothing; nor does a second half's boards 4 to 6.
    let o = klaver(&["score", f, "--boards-per-round", "1"]);
    assert!(!stderr(&o).contains("boards-per-round"), "{}", stderr(&o));
    let later = temp_file(
        "later-half.csv",
        "board,table,ns,ew,score\n\
         4,1,1,4,0\n5,2,2,5,0\n6,3,3,6,0\n\
         6,1,1,5,0\n4,2,2,6,0\n5,3,3,4,0\n\
         5,1,1,6,0\n6,2,2,4,0\n4,3,3,5,0\n",
    );
    let o = klaver(&["score", later.to_str().unwrap(), "--boards-per-round", "3"]);
    assert!(!stderr(&o).contains("boards-per-round"), "{}", stderr(&o));
    let o = klaver(&["score", later.to_str().unwrap(), "--boards-per-round", "2"]);
    assert!(
        stderr(&o).contains("--boards-per-round 2 does not divide boards 4 to 6 into rounds: board 4 would be a round of its own"),
        "{}",
        stderr(&o)
    );
}

/// Without a movement, a round column or `--boards-per-round`, the control sheet's box
/// said "4 boards a round", a number nothing gave. The blocks are still of four boards,
/// but the box claims no number of boards a round.
#[test]
fn the_control_sheet_claims_no_boards_per_round_it_was_not_given() {
    let plain = without_round_column(THREE_TABLE_ROUNDS);
    let f = temp_file("control-unknown.csv", &plain);
    let f = f.to_str().unwrap();
    let o = klaver(&["score", f, "--control"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("Control sheet"), "{out}");
    assert!(!out.contains("a round"), "{out}");
    // Nor an empty line in its place.
    let empty = |l: &str| l.starts_with('|') && l.trim_matches(|c| c == '|' || c == ' ').is_empty();
    assert!(!out.lines().any(empty), "{out}");
    let o = klaver(&["score", f, "--control", "--boards-per-round", "1"]);
    assert!(stdout(&o).contains("| 1 board a round "), "{}", stdout(&o));
    // The round column tells it.
    let rounds = temp_file("control-rounds.csv", THREE_TABLE_ROUNDS);
    let o = klaver(&["score", rounds.to_str().unwrap(), "--control"]);
    assert!(stdout(&o).contains("| 1 board a round "), "{}", stdout(&o));
}

/// The travellers' round column shows one board a round; `--boards-per-round 2` drew the
/// control sheet in blocks of two and doubled the average per round. It is refused as a
/// number against the movement is.
#[test]
fn boards_per_round_against_the_round_column_is_refused() {
    let travellers = temp_file("round-column-one.csv", THREE_TABLE_ROUNDS);
    let t = travellers.to_str().unwrap();
    let o = klaver(&["score", t, "--boards-per-round", "1"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = klaver(&["score", t, "--boards-per-round", "2"]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert!(
        stderr(&o).contains("--boards-per-round 2 contradicts the travellers' round column, which plays 1 board a round: leave --boards-per-round out or make it 1"),
        "{}",
        stderr(&o)
    );
}

/// A schedule file that cannot be played (pair 1 at two tables in round 1) was scored
/// on: pair 1's two matches were added up under one set of boards. It is refused, as
/// `klaver movement check` refuses it.
#[test]
fn a_night_on_a_schedule_that_cannot_be_played_is_refused() {
    let schedule = temp_file(
        "two-places.schedule.csv",
        "round,table,ns,ew,boards\n\
         1,1,1,2,1-2\n1,2,1,3,3-4\n1,3,4,5,5-6\n\
         2,1,4,2,3-4\n2,2,5,3,1-2\n2,3,2,3,5-6\n",
    );
    let night = temp_file(
        "two-places.csv",
        "board,ns,ew,score\n1,1,2,110\n2,1,2,140\n3,1,3,120\n4,1,3,-100\n\
         5,4,5,620\n6,4,5,-50\n3,4,2,100\n4,4,2,200\n1,5,3,-110\n2,5,3,50\n\
         5,2,3,600\n6,2,3,-100\n",
    );
    let shown = schedule.to_str().unwrap();
    let o = klaver(&["score", night.to_str().unwrap(), "--movement", shown]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    let err = stderr(&o);
    assert!(
        err.contains(&format!("{shown} cannot be played (3 errors): round 1, table 2: pair 1 also plays at table 1 this round")),
        "{err}"
    );
    assert!(stdout(&o).is_empty());
    let check = klaver(&["movement", "check", shown]);
    assert_eq!(check.status.code(), Some(2));
}

/// With standard error closed (`klaver score x.csv 2>&1 | true`) an error was lost in a
/// panic, exit code 101; the exit code still says what happened.
#[test]
fn an_error_with_standard_error_closed_still_exits_two() {
    for args in [
        &["score", "no-such-file.csv"][..],
        &["movement", "mitchell", "--tables", "2"][..],
    ] {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_klaver"))
            .args(args)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stderr.take());
        assert_eq!(child.wait().unwrap().code(), Some(2), "{args:?}");
    }
}

/// A movement name is read with 4 boards a round: a night of 2 boards a round fitted
/// nowhere, in 84 errors that did not say why. The error now says how the name was
/// read, and with the boards per round given the night scores.
#[test]
fn a_movement_name_says_it_was_read_with_four_boards_a_round() {
    let night = repo("crates/klaver/tests/data/mitchell-7-two-boards-a-round.csv");
    let o = klaver(&["score", &night, "--movement", "mitchell-7"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("does not fit the movement Mitchell, 7 tables (read with 4 boards a round: give --boards-per-round if the night played another number):"),
        "{err}"
    );
    let o = klaver(&[
        "score",
        &night,
        "--movement",
        "mitchell-7",
        "--boards-per-round",
        "2",
        "--strict",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

/// A pair that played but is not in the pairs file was listed without names, and
/// `--strict` passed it.
#[test]
fn a_pair_missing_from_the_pairs_file_is_said() {
    let csv = temp_file(
        "pair_missing_travellers.csv",
        "board,ns,ew,score\n1,1,2,420\n1,3,4,400\n",
    );
    let pairs = temp_file(
        "pair_missing_names.csv",
        "pair,names\n1,Ann - Bob\n2,Cor - Dirk\n3,Eva - Fay\n",
    );
    let args = [
        "score",
        csv.to_str().unwrap(),
        "--pairs",
        pairs.to_str().unwrap(),
        "--strict",
    ];
    let o = klaver(&args);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let said = format!(
        "{}: pair 4 is not in the pairs file: it is listed without names; add a line for it",
        pairs.display()
    );
    assert!(stderr(&o).contains(&said), "{}", stderr(&o));
}

/// A contract that disagrees with a score nobody can get: one error saying what
/// happens (nothing is scored until the line is corrected), not "the entered score is
/// used" beside "nothing was scored".
#[test]
fn an_impossible_score_beside_its_contract_says_nothing_is_scored() {
    let f = temp_file(
        "impossible-beside-contract.csv",
        "board,ns,ew,contract,declarer,result,score\n1,1,2,4S,N,=,420\n1,3,4,3NT,S,+1,430\n1,5,6,4S,N,=,425\n",
    );
    let o = klaver(&["score", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(!err.contains("entered score is used"), "{err}");
    assert!(
        err.contains("line 4: board 1: the contract N4S= scores 420 for North-South with nobody vulnerable but 425 was entered, and 425 is not a score North-South can get with nobody vulnerable: nothing is scored until the line is corrected: correct the contract, the score or the board number"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 2, "{err}");
}

/// A pairs file with one name in UTF-8 and another in Latin-1 garbles one of them
/// whichever way it is read: it is refused, naming both lines, and nothing is scored.
#[test]
fn a_pairs_file_mixing_character_sets_is_refused() {
    let csv = temp_file("mixed.csv", "board,ns,ew,score\n1,1,2,420\n1,3,4,400\n");
    let pairs = temp_file("mixed.pairs.csv", "");
    std::fs::write(
        &pairs,
        b"pair,names\n1,Jan M\xc3\xbcller - Piet\n2,Els Vi\xdfer - Tom\n3,A - B\n4,C - D\n",
    )
    .unwrap();
    let o = klaver(&[
        "score",
        csv.to_str().unwrap(),
        "--pairs",
        pairs.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("line 3: byte 0xDF is not UTF-8, but line 2 holds UTF-8 text"),
        "{err}"
    );
    assert!(stdout(&o).is_empty());
}

/// Matchpoints rounded to a tenth on each side (`--rounding round`) may add up to the
/// top plus or minus a tenth: 7.75 and 0.25 print as 7.80 and 0.30. The travellers'
/// check allows that rounding and says so, rather than reporting a fault.
#[test]
fn the_travellers_check_allows_each_side_s_rounding() {
    let csv = temp_file(
        "rounded.csv",
        "board,ns,ew,score\n1,1,2,420\n1,3,4,400\n1,5,6,300\n1,7,8,100\n1,9,10,-50\n\
         2,1,2,620\n2,3,4,600\n2,5,6,300\n2,7,8,100\n",
    );
    for (rounding, lang, said) in [
        (
            "round",
            "en",
            "Check: NS + EW = top on every line, but for each side's rounding to 0.1",
        ),
        (
            "truncate",
            "en",
            "Check: NS + EW = top on every line, but for each side's rounding to 0.1",
        ),
        (
            "round",
            "nl",
            "checkSom: NZ + OW = top op elke lijn, op de afronding van elke kant op 0,1 na",
        ),
    ] {
        let o = klaver(&[
            "score",
            csv.to_str().unwrap(),
            "--rounding",
            rounding,
            "--travellers",
            "--lang",
            lang,
        ]);
        let out = stdout(&o);
        assert!(out.contains(said), "{rounding} {lang}: {out}");
        assert!(!out.contains("FAILED") && !out.contains("FOUT"), "{out}");
    }
    // Exact matchpoints need no such allowance.
    let o = klaver(&["score", csv.to_str().unwrap(), "--travellers"]);
    let out = stdout(&o);
    assert!(
        out.contains("Check: NS + EW = top on every line\n"),
        "{out}"
    );
}

/// A director's penalty is read in the units the result list shows: centred on the ACBL
/// scale, `PEN -1` is one centred point, half an ACBL matchpoint (the README says so).
#[test]
fn a_penalty_is_read_in_the_units_the_list_shows() {
    let csv = temp_file(
        "pen_acbl.csv",
        "board,ns,ew,score,adjust\n1,1,2,420,\n1,3,4,400,\n1,5,6,-50,\n1,1,2,,PEN -1/0\n\
         2,1,2,620,\n2,3,4,600,\n2,5,6,-100,\n",
    );
    let pct = |extra: &[&str]| {
        let mut args = vec![
            "score",
            csv.to_str().unwrap(),
            "--scale",
            "acbl",
            "--format",
            "json",
        ];
        args.extend_from_slice(extra);
        let out = stdout(&klaver(&args));
        let pair = out.find("{\"pair\":\"1\"").unwrap();
        let at = pair + out[pair..].find("\"percentage_exact\":").unwrap();
        out[at..].split(',').next().unwrap().to_string()
    };
    // 4 of 4 ACBL matchpoints less 1: 3/4; centred, 4 less half a matchpoint: 7/8.
    assert_eq!(pct(&[]), "\"percentage_exact\":\"75\"");
    assert_eq!(pct(&["--centred"]), "\"percentage_exact\":\"175/2\"");
}

/// A file refused for its errors lists its warnings too, each marked as one, so that a
/// director tells what stopped the scoring from what only needs a look.
#[test]
fn a_refused_file_marks_its_warnings_among_the_errors() {
    let csv = temp_file(
        "zero_score.csv",
        "board,ns,ew,contract,declarer,result,score,adjust\n1,1,2,4S,N,=,0,\n1,3,4,4S,N,=,420,\n1,7,8,,,,,\n",
    );
    let o = klaver(&["score", csv.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("\n  warning: line 2: board 1: the contract N4S= scores 420"),
        "{err}"
    );
    assert!(
        err.contains("\n  line 4: board 1: no score and no contract"),
        "{err}"
    );
}

/// A director's penalty line was applied to whatever pairs it named, and nothing was
/// said even with `--strict`: a mistyped pair put a pair that never played on the result
/// list, and penalties off their table's line, on a board nobody played or given to a
/// substitute (where they vanish) went by unseen. The audit's four files.
#[test]
fn a_penalty_line_is_checked_against_the_travellers() {
    let board_1 = "board,ns,ew,contract,declarer,result,score,adjust\n\
                   1,1,2,4S,N,=,420,\n1,3,4,4S,N,=,420,\n1,5,6,4S,N,-1,-50,\n";
    let ghost = temp_file("pen_ghost.csv", &format!("{board_1}1,98,99,,,,,PEN -3/2\n"));
    let o = klaver(&["score", ghost.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert!(
        stderr(&o).contains("\n  line 5: board 1: the penalty PEN -3/2 (98 v 99) names pairs 98 and 99, which are on no traveller line"),
        "{}",
        stderr(&o)
    );
    for (name, lines, said) in [
        (
            "pen_wrong_opp.csv",
            "1,1,4,,,,,PEN -3/2\n1,5,2,,,,,PEN -1/0\n",
            &[
                "line 5: board 1: pairs 1 and 4 did not play each other on board 1 (pair 1 played pair 2; pair 4 played pair 3)",
                "line 6: board 1: pairs 5 and 2 did not play each other on board 1",
            ][..],
        ),
        (
            "pen_board_unplayed.csv",
            "2,1,2,,,,,PEN -3/2\n",
            &[
                "line 5: board 2: board 2 is on no traveller line: the penalty PEN -3/2 (1 v 2) is applied as written",
            ],
        ),
        (
            "pen_subst.csv",
            "1,-,8,4S,N,=,420,\n1,-,8,,,,,PEN -3/0\n",
            &[
                "line 6: board 1: the penalty PEN -3/0 (- v 8) gives North-South's -3 to a substitute pair (-), which is not ranked: it is not applied to anyone",
            ],
        ),
    ] {
        let csv = temp_file(name, &format!("{board_1}{lines}"));
        let o = klaver(&["score", csv.to_str().unwrap(), "--strict"]);
        assert_eq!(o.status.code(), Some(1), "{name}: {}", stderr(&o));
        let err = stderr(&o);
        for s in said {
            assert!(err.contains(&format!(": {s}")), "{name}: {err}");
        }
    }
    // A penalty on its table's line says nothing.
    let fine = temp_file("pen_fine.csv", &format!("{board_1}1,3,4,,,,,PEN -3/2\n"));
    let o = klaver(&["score", fine.to_str().unwrap(), "--strict"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stderr(&o), "");
}

/// A bare number in the result column is read as tricks taken: with no score column,
/// `4S,N,4` was scored 4S down 6 and `3NT,S,3` 3NT down 6 without a word, where a
/// person writing 4 may mean made 4. The audit's `result_tricks.csv`.
#[test]
fn a_small_number_in_the_result_column_is_said_as_read() {
    let csv = temp_file(
        "result_tricks.csv",
        "board,ns,ew,contract,declarer,result\n1,1,2,4S,N,4\n1,3,4,4S,N,=\n1,5,6,3NT,S,3\n",
    );
    let o = klaver(&["score", csv.to_str().unwrap(), "--strict"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let err = stderr(&o);
    for said in [
        "line 2: board 1: 4 is read as 4 tricks taken: 4S by N down 6, -300 for North-South; write = or +N / -N for made / over / down",
        "line 4: board 1: 3 is read as 3 tricks taken: 3NT by S down 6",
    ] {
        assert!(err.contains(said), "{err}");
    }
    // Headed `tricks`, the column says what it holds.
    let tricks = temp_file(
        "result_tricks_headed.csv",
        "board,ns,ew,contract,declarer,tricks\n1,1,2,4S,N,4\n1,3,4,4S,N,10\n1,5,6,3NT,S,3\n",
    );
    let o = klaver(&["score", tricks.to_str().unwrap(), "--strict"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

/// A CSV saved with semicolons or tabs between its fields (as a European spreadsheet
/// saves one) is named for what it is, travellers and pairs file alike.
#[test]
fn a_csv_with_semicolons_says_to_save_it_with_commas() {
    let night = temp_file(
        "semicolons.csv",
        "board;ns;ew;score\n1;1;2;420\n1;3;4;400\n",
    );
    let o = klaver(&["score", night.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("line 1: the fields are separated by ';', not by commas: save the file as comma-separated CSV"),
        "{err}"
    );
    let tabs = temp_file("tabs.csv", "board\tns\tew\tscore\n1\t1\t2\t420\n");
    let err = stderr(&klaver(&["score", tabs.to_str().unwrap()]));
    assert!(
        err.contains("the fields are separated by tabs, not by commas"),
        "{err}"
    );
    let csv = temp_file("plain.csv", "board,ns,ew,score\n1,1,2,420\n1,3,4,400\n");
    let pairs = temp_file("semicolons.pairs.csv", "pair;names\n1;A - B\n");
    let o = klaver(&[
        "score",
        csv.to_str().unwrap(),
        "--pairs",
        pairs.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("the fields are separated by ';', not by commas"),
        "{err}"
    );
}

/// A board with a line marked NP and another table's line missing (3 lines where the
/// others have 4): the NP line was taken to account for every missing table, and the
/// board was Neuberg-scaled without a word, in every form. It accounts for its own
/// table alone, and the board is said to be short.
#[test]
fn a_line_marked_np_does_not_hide_another_tables_missing_line() {
    let csv = temp_file(
        "np-and-missing.csv",
        "board,ns,ew,score,adjust\n1,1,2,420,\n1,3,4,450,\n1,5,6,100,\n1,7,8,-50,\n2,1,4,620,\n2,3,6,,NP\n2,5,8,-100,\n",
    );
    for form in ["pairs", "butler", "cross-imps"] {
        let o = klaver(&["score", csv.to_str().unwrap(), "--form", form, "--strict"]);
        assert_eq!(o.status.code(), Some(1), "{form}: {}", stderr(&o));
        let said = stderr(&o);
        assert!(
            said.contains("board 2: 3 results where 4 were expected"),
            "{form}: {said}"
        );
    }
}

/// A penalty line entered twice (`1,3,4,,PEN -3/0` on two lines) cost pair 3 six points
/// without a word, where every other line given twice is refused. Both are still
/// applied (a director may give the same penalty twice), and the second is said.
#[test]
fn a_penalty_line_given_twice_is_said() {
    let csv = temp_file(
        "pen-twice.csv",
        "board,ns,ew,score,adjust\n1,1,2,420,\n1,3,4,450,\n1,5,6,-50,\n1,3,4,,PEN -3/0\n1,3,4,,PEN -3/0\n2,1,2,100,\n2,3,4,110,\n2,5,6,120,\n",
    );
    let o = klaver(&["score", csv.to_str().unwrap(), "--strict"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("line 6: board 1: the same penalty as line 5 (pairs 3 and 4, -3/0)"),
        "{}",
        stderr(&o)
    );
}

/// A sit-out line naming a pair the night does not have (pair 99 for 15, in Ruter's
/// PBN) was taken to account for the board's missing table, and the board was one note:
/// `--strict` passed. A sit-out of a pair the section does not have accounts for no
/// one: the board stays short and its sit-out line a warning.
#[test]
fn a_sit_out_line_of_a_pair_the_night_does_not_have_accounts_for_no_one() {
    let f = repo("crates/klaver-io/tests/data/ruter-2019-10-14-spiren.pbn");
    // (The file is Latin-1, as Ruter writes it: edited as bytes.)
    let bytes = std::fs::read(&f).unwrap();
    let mut lines: Vec<Vec<u8>> = bytes
        .split_inclusive(|&b| b == b'\n')
        .map(<[u8]>::to_vec)
        .collect();
    assert!(
        lines[290].starts_with(b"10 3 15 "),
        "line 291 is board 7's sit-out line"
    );
    lines[290].splice(5..7, *b"99");
    let pbn = common::Scratch::new("sit-out-99.pbn");
    std::fs::write(pbn.path(), lines.concat()).unwrap();
    let o = klaver(&[
        "score",
        pbn.path().to_str().unwrap(),
        "--strict",
        "-o",
        "/dev/null",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let err = stderr(&o);
    for said in [
        "warning: ",
        "line 291: board 7: pair 99 sat out this board",
        "line 281: board 7: 10 results where 11 were expected: the board is Neuberg-scaled",
    ] {
        assert!(err.contains(said), "{said}: {err}");
    }
}

/// A quote typed in a lead and never closed made the lines after it one field: two
/// results of six were scored, with a warning about the lead only.
#[test]
fn a_quote_that_runs_over_lines_refuses_the_travellers_on_its_line() {
    let file = temp_file(
        "runaway-quote.csv",
        "board,ns,ew,contract,declarer,result,score,lead\n\
         1,1,2,4S,N,=,420,SA\n\
         1,3,4,4S,N,+1,450,\"late\n\
         1,5,6,4S,N,-1,-50,\n\
         2,1,2,4S,N,=,620,\n\
         2,3,4,4S,N,=,620,\n",
    );
    let o = klaver(&["score", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert!(
        stderr(&o).contains("line 3: a quote opens a field on this line that takes in line 4 "),
        "{}",
        stderr(&o)
    );
    assert_eq!(stdout(&o), "");
}
