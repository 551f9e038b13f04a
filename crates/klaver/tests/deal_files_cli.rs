//! `klaver deal --file` and `klaver analyse` on files that are damaged or say more than a
//! hand record holds: each problem is named with its line, a board is never lost or
//! changed without a word, and a file klaver cannot read whole is refused.

mod common;
use common::{klaver, stderr, stdout, temp_file};

const HANDS_1: &str = "N:AKQ.JT9.876.5432 JT98.AKQ.5432.76 7654.8765.AKQ.AK 32.432.JT9.QJT98";
const HANDS_3: &str = "S:7654.8765.AKQ.AK 32.432.JT9.QJT98 AKQ.JT9.876.5432 JT98.AKQ.5432.76";

/// Runs klaver and expects it to refuse (exit code 2); returns what it said.
fn refused(args: &[&str]) -> String {
    let out = klaver(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
    assert!(out.stdout.is_empty(), "nothing is written when refused");
    stderr(&out)
}

/// A tag written without its quotes made board 2 vanish from the hand record, and
/// `[Vulnerable All]` / `[Dealer S]` were ignored: each is an error with its line.
#[test]
fn a_badly_formed_tag_refuses_the_file_naming_its_line() {
    let t1 = format!(
        "% PBN 2.1\n[Event \"Test\"]\n[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"{HANDS_1}\"]\n\n\
         [Board \"2\"]\n[Dealer \"E\"]\n[Vulnerable \"NS\"]\n\
         [Deal E:JT98.AKQ.5432.76 7654.8765.AKQ.AK 32.432.JT9.QJT98 AKQ.JT9.876.5432]\n\n\
         [Board \"3\"]\n[Dealer \"S\"]\n[Vulnerable \"EW\"]\n[Deal \"{HANDS_3}\"]\n"
    );
    let p = temp_file("deal_files_cli", "t1.pbn", &t1);
    let p = p.to_str().unwrap();
    for args in [vec!["deal", "--file", p], vec!["analyse", p, "-o", "-"]] {
        let said = refused(&args);
        assert!(
            said.contains("line 11: a tag must be [Name \"value\"]"),
            "{said}"
        );
    }
    let mal = format!(
        "% PBN 2.1\n[Board \"1\"]\n[Vulnerable All]\n[Dealer S]\n[Deal \"{HANDS_1}\"]\n\n[Board 3]\n[Deal \"{HANDS_1}\"]\n"
    );
    let p = temp_file("deal_files_cli", "mal.pbn", &mal);
    let said = refused(&["deal", "--file", p.to_str().unwrap()]);
    for line in [3, 4, 7] {
        assert!(said.contains(&format!("line {line}: ")), "{said}");
    }
}

#[test]
fn a_well_formed_file_still_reads() {
    let good = format!(
        "% PBN 2.1\n[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"{HANDS_1}\"]\n"
    );
    let p = temp_file("deal_files_cli", "good.pbn", &good);
    let out = klaver(&["deal", "--file", p.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("[Board \"1\"]"));
}

/// "West holds 12 cards" named no line.
#[test]
fn a_deal_with_a_card_missing_names_its_line() {
    let text = "[Board \"1\"]\n[Dealer \"N\"]\n\
                [Deal \"N:AKQ.JT9.876.5432 JT98.AKQ.5432.76 7654.8765.AKQ.AK 32.432.JT9.QJT9\"]\n";
    let p = temp_file("deal_files_cli", "short.pbn", text);
    let said = refused(&["deal", "--file", p.to_str().unwrap()]);
    assert!(said.contains("line 3: board 1: "), "{said}");
    assert!(said.contains("12 cards"), "{said}");
}

/// Two sections both with a board 5 of their own were put together into one board: the
/// first section's deal with the second's dealer and vulnerability.
#[test]
fn a_board_given_twice_differently_is_refused_naming_both_lines() {
    let text = format!(
        "% PBN 2.1\n[Event \"Two sections\"]\n[Section \"A\"]\n[Board \"5\"]\n[Dealer \"N\"]\n[Vulnerable \"NS\"]\n[Deal \"{HANDS_1}\"]\n\n\
         [Section \"B\"]\n[Board \"5\"]\n[Dealer \"W\"]\n[Vulnerable \"All\"]\n\
         [Deal \"W:AKQ.JT9.876.5432 JT98.AKQ.5432.76 7654.8765.AKQ.AK 32.432.JT9.QJT98\"]\n"
    );
    let p = temp_file("deal_files_cli", "t3.pbn", &text);
    let said = refused(&["deal", "--file", p.to_str().unwrap()]);
    assert!(said.contains("line 10: board 5: "), "{said}");
    assert!(said.contains("line 4"), "{said}");
    // The same board given again, the same in every way (one game per table), is one board.
    let again =
        format!("[Board \"1\"]\n[Deal \"{HANDS_1}\"]\n\n[Board \"1\"]\n[Deal \"{HANDS_1}\"]\n");
    let p = temp_file("deal_files_cli", "again.pbn", &again);
    let out = klaver(&["deal", "--file", p.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out).matches("[Board \"1\"]").count(), 1);
}

/// `[Dealer "North"]` silently gave board 2 its number's dealer, East, and `[Dealer "X"]`
/// had no word; `[Vulnerable "Favourable"]` only a warning while the board went on with
/// its number's vulnerability.
#[test]
fn a_dealer_or_vulnerability_klaver_cannot_read_is_an_error() {
    for (tag, line) in [
        ("[Dealer \"North\"]", 2),
        ("[Dealer \"X\"]", 2),
        ("[Vulnerable \"Favourable\"]", 2),
    ] {
        let text = format!("[Board \"2\"]\n{tag}\n[Deal \"{HANDS_1}\"]\n");
        let p = temp_file("deal_files_cli", "dealer.pbn", &text);
        let said = refused(&["deal", "--file", p.to_str().unwrap()]);
        assert!(
            said.contains(&format!("line {line}: board 2: ")),
            "{tag}: {said}"
        );
    }
}

/// A board whose file gives it another dealer and vulnerability than its number keeps
/// them, and says so; a dealing machine's file, which has no place for them, says that
/// its board goes by the number.
#[test]
fn a_dealer_and_vulnerability_other_than_the_numbers_are_said() {
    let text = "[Board \"1\"]\n[Dealer \"E\"]\n[Vulnerable \"All\"]\n\
         [Deal \"E:JT98.AKQ.5432.76 7654.8765.AKQ.AK 32.432.JT9.QJT98 AKQ.JT9.876.5432\"]\n";
    let p = temp_file("deal_files_cli", "t2.pbn", text);
    let p = p.to_str().unwrap();
    let out = klaver(&["deal", "--file", p]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("[Dealer \"E\"]\r\n[Vulnerable \"All\"]"));
    let said = stderr(&out);
    assert!(said.contains("line 2: board 1: "), "{said}");
    assert!(said.contains("line 3: board 1: "), "{said}");
    let dlm = common::temp_path("deal_files_cli", "t2.dlm");
    let out = klaver(&["deal", "--file", p, "-o", dlm.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let said = stderr(&out);
    assert!(said.contains("board 1") && said.contains(".dlm"), "{said}");
}

const SEVEN_NT: &str = "N:AKQ.AKQ.AKQ.AKQJ JT98.JT9.JT9.T98 765.8765.876.765 432.432.5432.432";

/// A published par contract was never compared with klaver's par.
#[test]
fn a_published_par_contract_that_disagrees_is_said() {
    // North-South make 7NT; the file says East-West go down in 4 spades doubled.
    let text = format!(
        "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"{SEVEN_NT}\"]\n\
         [ParContract \"EW 4SX-3\"]\n\n\
         [Board \"2\"]\n[Dealer \"E\"]\n[Vulnerable \"NS\"]\n[Deal \"{SEVEN_NT}\"]\n\
         [OptimumContract \"6N N 12\"]\n\n\
         [Board \"3\"]\n[Dealer \"S\"]\n[Vulnerable \"EW\"]\n[Deal \"{SEVEN_NT}\"]\n\
         [ParContract \"NS 7NT\"]\n[OptimumContract \"7N S 13\"]\n"
    );
    let p = temp_file("deal_files_cli", "t4.pbn", &text);
    let out = klaver(&["analyse", p.to_str().unwrap(), "-o", "-"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let said = stderr(&out);
    assert!(
        said.contains(
            "line 5: board 1: the file's ParContract is EW 4SX-3; klaver's par is NS 1520 (NS 7NT)"
        ),
        "{said}"
    );
    assert!(
        said.contains("line 11: board 2: the file's OptimumContract is 6N N 12; klaver's par is NS 2220 (NS 7NT)"),
        "{said}"
    );
    assert!(!said.contains("board 3"), "board 3's par agrees: {said}");
}

/// Converting a PBN hand record threw away the file's own analysis, and the other tags
/// (the site, the players, the contract) without a word.
#[test]
fn a_converted_file_keeps_its_analysis_and_names_what_it_drops() {
    let made = common::temp_path("deal_files_cli", "a3.pbn");
    let made = made.to_str().unwrap();
    let out = klaver(&[
        "deal",
        "--boards",
        "3",
        "--seed",
        "3",
        "--analyse",
        "-o",
        made,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(made).unwrap();
    let text = text
        .replacen("[Site \"\"]", "[Site \"Utrecht\"]", 1)
        .replacen("[North \"\"]", "[North \"Jansen\"]", 1)
        .replacen("[Contract \"\"]", "[Contract \"4S\"]", 1);
    std::fs::write(made, &text).unwrap();
    let tricks = |t: &str| -> Vec<String> {
        t.lines()
            .filter(|l| l.starts_with("[DoubleDummyTricks") || l.starts_with("[ParContract"))
            .map(String::from)
            .collect()
    };
    let out = klaver(&["deal", "--file", made]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(tricks(&stdout(&out)), tricks(&text));
    assert_eq!(tricks(&text).len(), 6);
    let said = stderr(&out);
    for tag in ["Site", "North", "Contract"] {
        assert!(said.contains(tag), "{tag}: {said}");
    }
    let html = klaver(&["deal", "--file", made, "--format", "html"]);
    assert_eq!(stdout(&html).matches("<p class=\"par\">").count(), 3);
}

/// `--first` with `--file` was accepted and ignored.
#[test]
fn first_is_refused_with_a_file() {
    let p = temp_file(
        "deal_files_cli",
        "s.pbn",
        &format!("[Board \"3\"]\n[Deal \"{HANDS_1}\"]\n"),
    );
    let out = klaver(&["deal", "--file", p.to_str().unwrap(), "--first", "20"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("--first"), "{}", stderr(&out));
}

/// A `.dlm` file fills the boards outside its range with a deal of their own, each line
/// with its checksum as the range's have. A damaged line inside the range refused the
/// file by its line, but one outside it was passed over without a word: the checksum
/// that tells a damaged line from a whole one is checked on every board line.
#[test]
fn a_damaged_dlm_filler_line_is_refused_by_line() {
    let dlm = common::temp_path("deal_files_cli", "filler.dlm");
    let dlm = dlm.to_str().unwrap();
    let out = klaver(&["deal", "--boards", "3", "--seed", "1", "-o", dlm]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(dlm).unwrap();
    // Ten header lines, then a Duplicates and a Board line for each board: board 50's
    // is line 110.
    let filler = text.lines().find(|l| l.starts_with("Board 50=")).unwrap();
    // Its checksum (board 50 XOR the letters of the sorted filler deal: 060) misread.
    assert!(filler.ends_with("060"), "{filler}");
    let damaged = format!("{}061", &filler[..filler.len() - 3]);
    let bad = temp_file(
        "deal_files_cli",
        "filler-bad.dlm",
        &text.replace(filler, &damaged),
    );
    let said = refused(&["deal", "--file", bad.to_str().unwrap()]);
    assert!(
        said.contains("line 110: board 50: the checksum \"061\" does not fit its cards"),
        "{said}"
    );
    let cut = temp_file(
        "deal_files_cli",
        "filler-cut.dlm",
        &text.replace(filler, "Board 50=aaaa"),
    );
    let said = refused(&["deal", "--file", cut.to_str().unwrap()]);
    assert!(
        said.contains("line 110: board 50: \"aaaa\" is not 26 letters a-p and a checksum"),
        "{said}"
    );
    let whole = klaver(&["deal", "--file", dlm, "--format", "pbn"]);
    assert!(whole.status.success(), "{}", stderr(&whole));
}

/// Two boards run together without the blank line that ends a game: the second's tags
/// were repeats, ignored as the import format says, and the board vanished from the
/// analysis and the rewritten file ("analysed 2 boards" of 3). The file is refused,
/// naming the line to put the blank line before.
#[test]
fn boards_run_together_without_a_blank_line_are_refused() {
    let text = format!(
        "% PBN 2.1\n[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"{HANDS_1}\"]\n\
         [Board \"3\"]\n[Dealer \"S\"]\n[Vulnerable \"EW\"]\n[Deal \"{HANDS_3}\"]\n"
    );
    let p = temp_file("deal_files_cli", "run-on.pbn", &text);
    let p = p.to_str().unwrap();
    for args in [
        &["analyse", p][..],
        &["deal", "--file", p, "--format", "pbn"][..],
    ] {
        let e = refused(args);
        assert!(
            e.contains("line 6: a second [Board] in one game (the first at line 2): a blank line ends a game, so the tags from here on were not read as a game of their own; put a blank line before this [Board]"),
            "{args:?}: {e}"
        );
    }
}
