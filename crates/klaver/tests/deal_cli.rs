//! `klaver deal` and `klaver analyse` as a director uses them: a night dealt from a
//! seed in every format, read back, analysed, and a file's own figures checked.

mod common;
use common::{klaver, stderr, stdout, temp_path};

fn ok(args: &[&str]) -> std::process::Output {
    let out = klaver(args);
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    out
}

fn deals(pbn: &str) -> Vec<String> {
    pbn.lines()
        .filter(|l| l.starts_with("[Deal "))
        .map(String::from)
        .collect()
}

#[test]
fn the_same_seed_deals_the_same_night() {
    let a = stdout(&ok(&["deal", "--boards", "28", "--seed", "11"]));
    let b = stdout(&ok(&["deal", "--boards", "28", "--seed", "11"]));
    assert_eq!(a, b);
    assert_eq!(deals(&a).len(), 28);
    assert!(a.contains("[Board \"28\"]\r\n"));
    assert!(
        a.contains("[Dealer \"W\"]\r\n[Vulnerable \"All\"]"),
        "board 4's dealer and vulnerability"
    );
    let other = stdout(&ok(&["deal", "--boards", "28", "--seed", "12"]));
    assert_ne!(deals(&a), deals(&other));
}

#[test]
fn without_a_seed_every_night_differs() {
    let a = stdout(&ok(&["deal", "--boards", "4"]));
    let b = stdout(&ok(&["deal", "--boards", "4"]));
    assert_ne!(deals(&a), deals(&b));
}

#[test]
fn machine_files_read_back_to_the_same_deals() {
    let pbn = stdout(&ok(&[
        "deal", "--boards", "24", "--first", "9", "--seed", "3",
    ]));
    for ext in ["dup", "dlm"] {
        let path = temp_path("deal_cli", &format!("night.{ext}"));
        let p = path.to_str().unwrap();
        ok(&[
            "deal", "--boards", "24", "--first", "9", "--seed", "3", "-o", p,
        ]);
        let back = stdout(&ok(&["deal", "--file", p, "--format", "pbn"]));
        assert_eq!(deals(&back), deals(&pbn), "{ext}");
    }
}

#[test]
fn an_analysed_night_carries_tables_and_par_and_checks_a_file() {
    let path = temp_path("deal_cli", "analysed.pbn");
    let p = path.to_str().unwrap();
    let out = ok(&["deal", "--boards", "6", "--seed", "5", "--analyse", "-o", p]);
    assert!(stderr(&out).contains("analysed 6 boards double dummy"));
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text.matches("[DoubleDummyTricks \"").count(), 6);
    assert_eq!(text.matches("[OptimumScore \"").count(), 6);
    assert_eq!(
        text.matches(r#"[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]"#)
            .count(),
        6
    );
    // The file agrees with a fresh analysis; a changed figure is named with its line.
    let clean = ok(&["analyse", p, "-o", "-"]);
    assert!(!stderr(&clean).contains("warning"), "{}", stderr(&clean));
    let row = text.lines().position(|l| l.starts_with("W  C ")).unwrap();
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let tricks: u8 = lines[row][5..].trim().parse().unwrap();
    lines[row] = format!("W  C {:>2}", (tricks + 1) % 14);
    std::fs::write(&path, lines.join("\r\n")).unwrap();
    let warned = stderr(&ok(&["analyse", p, "-o", "-"]));
    let expected = format!(
        "line {}: board 1: the file's OptimumResultTable gives West",
        row + 1
    );
    assert!(warned.contains(&expected), "{warned}");
}

#[test]
fn printable_hand_records() {
    let html = stdout(&ok(&[
        "deal",
        "--boards",
        "2",
        "--seed",
        "1",
        "--analyse",
        "--format",
        "html",
    ]));
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert_eq!(html.matches("<section class=\"board\">").count(), 2);
    assert!(html.contains("Par NS 420: NS 4H"), "seed 1's first board");
    let pdf = ok(&["deal", "--boards", "8", "--seed", "1", "--format", "pdf"]);
    assert!(pdf.stdout.starts_with(b"%PDF-"));
}

#[test]
fn bad_requests_are_refused_with_a_reason() {
    let out = klaver(&["deal", "--boards", "0"]);
    assert_eq!(out.status.code(), Some(2));
    // A date that is not one printed on the hand record and went into the PBN as
    // ????.??.?? without a word.
    for bad in ["yesterday", "2025-13-45", "2025-02-29"] {
        let out = klaver(&["deal", "--boards", "1", "--date", bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        let err = stderr(&out);
        assert!(
            err.contains(&format!("--date \"{bad}\" is not a date")),
            "{err}"
        );
    }
    // The analysis asked for and a machine's file to write: said, not dropped.
    let dlm = temp_path("deal_cli", "analysed.dlm");
    let out = ok(&[
        "deal",
        "--boards",
        "2",
        "--analyse",
        "-o",
        dlm.to_str().unwrap(),
    ]);
    let err = stderr(&out);
    assert!(
        err.contains("the analysis of 2 boards (tricks and par) is not written: a .dlm file holds the hands alone"),
        "{err}"
    );
    let out = ok(&["deal", "--boards", "1", "--date", "2025-09-02"]);
    assert!(
        stdout(&out).contains("[Date \"2025.09.02\"]"),
        "{}",
        stdout(&out)
    );
    let out = klaver(&["deal", "--boards", "120", "--format", "dlm"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("boards up to 99"), "{}", stderr(&out));
    // A count no hand record needs is refused before anything is dealt (it aborted,
    // asking for 96 GB).
    let out = klaver(&[
        "deal",
        "--boards",
        "1000000000",
        "--seed",
        "1",
        "-o",
        "/dev/null",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out)
            .contains("--boards 1000000000 is more than klaver deals at once (100000 boards)"),
        "{}",
        stderr(&out)
    );
    let bad = temp_path("deal_cli", "bad.pbn");
    std::fs::write(
        &bad,
        "[Board \"1\"]\n[Deal \"N:AKQ.JT9.876.5432 AKQ.-.-.- - -\"]\n",
    )
    .unwrap();
    let out = klaver(&["analyse", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("line 2"), "{}", stderr(&out));
}

#[test]
fn travellers_show_the_tricks_and_par_of_the_hands_given() {
    let file = common::repo("crates/klaver/tests/data/club-published.pbn");
    let html = stdout(&ok(&["score", &file, "--deals", &file, "--format", "html"]));
    // Board 1 has its four hands; board 2 in that file has not.
    assert_eq!(html.matches("<div class=\"dd\">").count(), 1);
    assert!(
        html.contains("<p class=\"par\">Par NS 400: NS 3NT</p>"),
        "{html}"
    );
    let plain = stdout(&ok(&["score", &file, "--format", "html"]));
    assert!(!plain.contains("<div class=\"dd\">"));
    let pdf = ok(&["score", &file, "--deals", &file, "--format", "pdf"]);
    assert!(pdf.stdout.starts_with(b"%PDF-"));
}

/// The hands are drawn on the travellers of the HTML and PDF reports only: asked for
/// with the text result list or JSON, they are said to be left out rather than the
/// option passing without effect (and `--strict` counts it).
#[test]
fn hands_asked_for_where_they_are_not_shown_are_said_to_be_left_out() {
    let file = common::repo("crates/klaver/tests/data/club-published.pbn");
    for (format, what) in [("text", "the text result list"), ("json", "the JSON")] {
        let out = ok(&["score", &file, "--deals", &file, "--format", format]);
        let want = format!(
            "warning: --deals: the hands are drawn on the travellers of --format html and pdf only; {what} leaves them out"
        );
        assert!(stderr(&out).contains(&want), "{format}: {}", stderr(&out));
        let strict = klaver(&[
            "score", &file, "--deals", &file, "--format", format, "--strict",
        ]);
        assert_eq!(strict.status.code(), Some(1), "{format}");
    }
    let html = ok(&["score", &file, "--deals", &file, "--format", "html"]);
    assert!(
        !stderr(&html).contains("leaves them out"),
        "{}",
        stderr(&html)
    );
}

#[test]
fn a_deals_file_whose_par_differs_is_named_by_line() {
    let file = common::repo("crates/klaver/tests/data/club-published.pbn");
    let mut data = std::fs::read(&file).unwrap();
    let at = data.windows(6).position(|w| w == b"[Deal ").unwrap();
    let end = at + data[at..].iter().position(|b| *b == b'\n').unwrap() + 1;
    data.splice(end..end, b"[OptimumScore \"NS 600\"]\r\n".iter().copied());
    let line = data[..end].iter().filter(|b| **b == b'\n').count() + 1;
    let deals = temp_path("deal_cli", "deals-with-par.pbn");
    std::fs::write(&deals, &data).unwrap();
    let out = ok(&[
        "score",
        &file,
        "--deals",
        deals.to_str().unwrap(),
        "--format",
        "html",
    ]);
    let expected = format!(
        "line {line}: board 1: the file's OptimumScore is NS 600; klaver's par is NS 400 (NS 3NT)"
    );
    assert!(stderr(&out).contains(&expected), "{}", stderr(&out));
}

#[test]
fn hand_records_speak_the_clubs_language() {
    let nl = stdout(&ok(&[
        "deal",
        "--boards",
        "2",
        "--seed",
        "1",
        "--analyse",
        "--format",
        "html",
        "--lang",
        "nl",
    ]));
    assert!(nl.contains("<title>Spelverdelingen</title>"));
    assert!(
        nl.contains("Gift 2</h2><div class=\"sub\">Gever Oost · Kwetsbaar N-Z"),
        "{nl}"
    );
    assert!(nl.contains("<b>Zuid</b>"));
    let tr = stdout(&ok(&[
        "deal",
        "--boards",
        "1",
        "--seed",
        "1",
        "--analyse",
        "--format",
        "html",
        "--lang",
        "tr",
    ]));
    assert!(tr.contains("Dağıtan Kuzey · Zonda Kimse"), "{tr}");
    assert!(tr.contains("<tr><th>G</th>"), "South's row of tricks");
}

/// The hand record's PBN was written as UTF-8 without a mark, where PBN's character set
/// is Latin-1: written as the results' PBN is, Latin-1, or UTF-8 marked when a character
/// is not Latin-1.
#[test]
fn a_hand_record_is_written_in_pbns_character_set() {
    let latin = ok(&["deal", "--boards", "1", "--seed", "1", "--title", "Café Ø"]).stdout;
    let title = b"[Event \"Caf\xe9 \xd8\"]";
    assert!(latin.windows(title.len()).any(|w| w == title));
    assert!(!latin.starts_with(&[0xEF, 0xBB, 0xBF]));
    let wide = ok(&["deal", "--boards", "1", "--seed", "1", "--title", "Łódź"]).stdout;
    assert!(wide.starts_with(&[0xEF, 0xBB, 0xBF]));
    assert!(String::from_utf8_lossy(&wide).contains("[Event \"Łódź\"]"));
}

/// The par line and the notrump heading stayed English on a Dutch or Turkish page.
#[test]
fn the_par_and_the_notrump_heading_speak_the_pages_language() {
    let page = |lang: &str| {
        stdout(&ok(&[
            "deal",
            "--boards",
            "1",
            "--seed",
            "1",
            "--analyse",
            "--format",
            "html",
            "--lang",
            lang,
        ]))
    };
    let nl = page("nl");
    assert!(
        nl.contains("<p class=\"par\">Par NZ 420: NZ 4H</p>"),
        "{nl}"
    );
    assert!(nl.contains("<th>SA</th>"), "{nl}");
    let tr = page("tr");
    assert!(
        tr.contains("<p class=\"par\">Par K-G 420: K-G 4 Kupa</p>"),
        "{tr}"
    );
    assert!(tr.contains("<th>SA</th>"), "{tr}");
}

/// A hands file whose deal cannot be right (a card dealt twice) is refused naming its
/// line, as `klaver deal --file` refuses it, rather than scored with that board's hands
/// left out without a word.
#[test]
fn a_deals_file_with_a_card_dealt_twice_is_refused_by_line() {
    let file = common::repo("crates/klaver/tests/data/club-published.pbn");
    // (The file is Latin-1; its names do not matter here.)
    let text = String::from_utf8_lossy(&std::fs::read(&file).unwrap()).into_owned();
    let at = text.find("[Deal \"").unwrap();
    let end = at + text[at..].find('\n').unwrap();
    let line = text[..at].matches('\n').count() + 1;
    // North's first spade given to East as well.
    let deal = &text[at..end];
    let spade = deal.split(':').nth(1).unwrap().chars().next().unwrap();
    let colon = deal.find(':').unwrap();
    let east = colon + deal[colon..].find(' ').unwrap() + 1;
    let bad_deal = format!("{}{spade}{}", &deal[..east], &deal[east..]);
    let bad = temp_path("deal_cli", "twice.pbn");
    std::fs::write(&bad, format!("{}{bad_deal}{}", &text[..at], &text[end..])).unwrap();
    let csv = common::repo("examples/club-night.csv");
    for args in [
        vec!["score", csv.as_str(), "--deals", bad.to_str().unwrap()],
        vec![
            "score",
            file.as_str(),
            "--deals",
            bad.to_str().unwrap(),
            "--format",
            "html",
        ],
    ] {
        let out = klaver(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        let err = stderr(&out);
        assert!(
            err.contains(&format!(
                "line {line}: board 1: cannot read the deal: the card S{spade} is dealt twice (North and East)"
            )),
            "{err}"
        );
    }
}

/// A published table of tricks that cannot be right (East takes all 13 in notrump where
/// North takes 8) refused the conversion as "the solver's par contract Contract { level:
/// 7, .. }": no file, no line, Rust's debug text, and the solver blamed. Like a table
/// the file gives in part, it is a warning naming the file, the tag and its line, and is
/// not carried; the rest of the hand record is written.
#[test]
fn a_published_table_that_cannot_be_right_is_named_by_line() {
    let game = "[Board \"4\"]\n[Dealer \"W\"]\n[Vulnerable \"All\"]\n\
         [Deal \"N:AT987.64.AJ4.K65 QJ5.Q72.T85.JT98 62.AJT985.K3.432 K43.K3.Q9762.AQ7\"]\n";
    let tricks = "8a40764675dda2296c31";
    let rows: String = ["N", "S", "E", "W"]
        .iter()
        .enumerate()
        .flat_map(|(d, seat)| {
            ["NT", "S", "H", "D", "C"]
                .iter()
                .enumerate()
                .map(move |(s, strain)| {
                    let n = u8::from_str_radix(&tricks[d * 5 + s..d * 5 + s + 1], 16).unwrap();
                    format!("{seat} {strain} {n}\n")
                })
        })
        .collect();
    // The table's tag, or for an OptimumResultTable its first row, is named.
    for (tag, text, line) in [
        (
            "DoubleDummyTricks",
            format!("{game}[DoubleDummyTricks \"{tricks}\"]\n"),
            5,
        ),
        (
            "OptimumResultTable",
            format!("{game}[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\n{rows}"),
            6,
        ),
    ] {
        let bad = common::temp_file("deal_cli", "wild.pbn", &text);
        let bad = bad.to_str().unwrap();
        let out = klaver(&["deal", "--file", bad, "--format", "pbn"]);
        assert!(out.status.success(), "{tag}: {}", stderr(&out));
        let err = stderr(&out);
        assert!(
            err.contains(&format!(
                "warning: {bad}: line {line}: board 4: the file's {tag} cannot be right"
            )),
            "{err}"
        );
        assert!(err.contains("--analyse analyses the board"), "{err}");
        assert!(
            !err.contains("Contract {") && !err.contains("(+0)"),
            "{err}"
        );
        let pbn = stdout(&out);
        assert!(pbn.contains("[Board \"4\"]"), "{pbn}");
        assert!(!pbn.contains("[DoubleDummyTricks"), "{pbn}");
    }
}

/// A hands file with a card missing from a deal (North 12 cards, the others 13) was
/// refused only when the board was analysed, as "board 1: North holds 12 cards" without
/// the line, and a text report or a conversion used its hands without a word.
#[test]
fn a_deals_file_with_a_card_missing_is_refused_by_line() {
    let bad = common::temp_file(
        "deal_cli",
        "short.pbn",
        "[Event \"Short\"]\n[Board \"1\"]\n\
         [Deal \"N:AKQ.JT9.876.543 JT98.AKQ.5432.76 7654.8765.AKQ.AK 32.432.JT9.QJT98\"]\n",
    );
    let bad = bad.to_str().unwrap();
    let csv = common::repo("examples/club-night.csv");
    let out_pbn = temp_path("deal_cli", "short-out.pbn");
    for args in [
        vec!["score", csv.as_str(), "--deals", bad],
        vec!["score", csv.as_str(), "--deals", bad, "--format", "html"],
        vec![
            "convert",
            csv.as_str(),
            out_pbn.to_str().unwrap(),
            "--deals",
            bad,
        ],
    ] {
        let out = klaver(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        let err = stderr(&out);
        assert!(
            err.contains("line 3: board 1: cannot read the deal: North holds 12 cards"),
            "{args:?}: {err}"
        );
        assert!(err.contains("no hand holds C2"), "{args:?}: {err}");
    }
}

/// A hands file is read as `klaver deal --file` reads it: a deal the travellers would
/// lose or show wrongly refuses it with its line. A deal without a board number, or
/// under `[Board "0"]`, was skipped without a word; a board given a second time with
/// other hands kept the first with only a warning, and a vulnerability other than the
/// board number's was not said (a dealer was).
#[test]
fn a_deals_file_that_would_lose_a_board_is_refused_by_line() {
    const A: &str = "N:AKQ.JT9.876.5432 JT98.AKQ.5432.76 7654.8765.AKQ.AK 32.432.JT9.QJT98";
    const B: &str = "E:AKQ.JT9.876.5432 JT98.AKQ.5432.76 7654.8765.AKQ.AK 32.432.JT9.QJT98";
    let csv = common::repo("examples/club-night.csv");
    let board1 = format!("[Board \"1\"]\n[Deal \"{A}\"]\n\n");
    for (text, said) in [
        (
            format!("{board1}[Event \"\"]\n[Deal \"{B}\"]\n"),
            "line 5: a deal without a board number: add [Board \"n\"] to its game",
        ),
        (
            format!("{board1}[Board \"0\"]\n[Deal \"{B}\"]\n"),
            "line 4: [Board \"0\"] is not a board number",
        ),
        (
            format!("{board1}[Board \"1\"]\n[Deal \"{B}\"]\n"),
            "line 5: board 1: the board is given a second time with other hands than at line 2",
        ),
        (
            format!("{board1}[Board \"2\"]\n[Deal {B}]\n"),
            "line 5: a tag must be [Name \"value\"]",
        ),
    ] {
        let bad = common::temp_file("deal_cli", "lost.pbn", &text);
        let out = klaver(&["score", &csv, "--deals", bad.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{text}: {}", stderr(&out));
        let err = stderr(&out);
        assert!(
            err.contains("has errors; nothing was used for its hands"),
            "{err}"
        );
        assert!(err.contains(said), "{said}: {err}");
    }
    let text = format!("[Board \"1\"]\n[Dealer \"S\"]\n[Vulnerable \"All\"]\n[Deal \"{A}\"]\n");
    let other = common::temp_file("deal_cli", "other.pbn", &text);
    let out = klaver(&["score", &csv, "--deals", other.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let err = stderr(&out);
    for line in [
        "line 2: board 1: the file has dealer S",
        "line 3: board 1: the file has vulnerability All",
    ] {
        assert!(err.contains(line), "{line}: {err}");
    }
}

/// A hands file in which one board's deal leaves a hand out (`-`) lost the figures every
/// other board publishes: the file's figures were read again as a hand record, which
/// refuses such a deal, so board 1's OptimumScore, which klaver's par contradicts, said
/// nothing. The other boards' figures are checked, and the board without its four hands
/// is named with its line, as it gets no tricks or par on the travellers.
#[test]
fn a_deals_file_with_a_hand_not_given_keeps_the_other_boards_figures() {
    const A: &str = "N:AKQ.JT9.876.5432 JT98.AKQ.5432.76 7654.8765.AKQ.AK 32.432.JT9.QJT98";
    const PART: &str = "N:AKQ.JT9.876.5432 - 7654.8765.AKQ.AK 32.432.JT9.QJT98";
    let text = format!(
        "[Board \"1\"]\n[Deal \"{A}\"]\n[OptimumScore \"NS 600\"]\n\n[Board \"2\"]\n[Deal \"{PART}\"]\n"
    );
    let hands = common::temp_file("deal_cli", "part.pbn", &text);
    let hands = hands.to_str().unwrap();
    let csv = common::repo("examples/club-night.csv");
    let out = ok(&["score", &csv, "--deals", hands, "--format", "html"]);
    let err = stderr(&out);
    for said in [
        format!(
            "warning: {hands}: line 3: board 1: the file's OptimumScore is NS 600; klaver's par is NS 400 (NS 3NT)"
        ),
        format!(
            "warning: {hands}: line 6: board 2: East's hand is not given (\"-\"), so the board is not analysed: its traveller shows no tricks or par"
        ),
    ] {
        assert!(err.contains(&said), "{said}\n{err}");
    }
}

/// A board of the hands file with a hand not given was named only with the HTML and
/// PDF reports, where its traveller is drawn; the text result list and JSON passed it
/// over. Every format names it with its line, in the same words, once.
#[test]
fn a_hand_not_given_is_named_in_every_format() {
    const PART: &str = "N:AKQ.JT9.876.5432 - 7654.8765.AKQ.AK 32.432.JT9.QJT98";
    let text = format!("[Board \"2\"]\n[Deal \"{PART}\"]\n");
    let hands = common::temp_file("deal_cli", "part-every.pbn", &text);
    let hands = hands.to_str().unwrap();
    // The club's night without its pairs file beside it, which would be a warning.
    let night = std::fs::read_to_string(common::repo("examples/club-night.csv")).unwrap();
    let csv = common::temp_file("deal_cli", "part-every-night.csv", &night);
    let csv = csv.to_str().unwrap();
    let said = format!(
        "warning: {hands}: line 2: board 2: East's hand is not given (\"-\"), so the board is not analysed: its traveller shows no tricks or par\n"
    );
    for format in ["text", "json", "html", "pdf"] {
        let out = ok(&["score", csv, "--deals", hands, "--format", format]);
        let err = stderr(&out);
        assert_eq!(err.matches(&said).count(), 1, "{format}: {err}");
        let strict = klaver(&[
            "score", csv, "--deals", hands, "--format", format, "--strict",
        ]);
        assert_eq!(strict.status.code(), Some(1), "{format}");
    }
}

/// `klaver convert --deals` wrote a board whose deal leaves a hand out without a word
/// (three hands in USEBIO, a `-` in PBN), and `--analyse` passed it over ("analysed 0
/// boards"). Each such board is named with its line, saying what becomes of it.
#[test]
fn convert_names_a_board_whose_hand_is_not_given() {
    const PART: &str = "N:AKQ.JT9.876.5432 - 7654.8765.AKQ.AK 32.432.JT9.QJT98";
    let text = format!("[Board \"2\"]\n[Deal \"{PART}\"]\n");
    let hands = common::temp_file("deal_cli", "part-convert.pbn", &text);
    let hands = hands.to_str().unwrap();
    let night = std::fs::read_to_string(common::repo("examples/club-night.csv")).unwrap();
    let csv = common::temp_file("deal_cli", "part-convert-night.csv", &night);
    let csv = csv.to_str().unwrap();
    for (to, so) in [
        ("usebio", "so it is written without that hand"),
        ("pbn", "so it is written without that hand"),
    ] {
        let out = temp_path("deal_cli", &format!("part-converted.{to}"));
        let o = ok(&[
            "convert",
            csv,
            out.to_str().unwrap(),
            "--to",
            to,
            "--deals",
            hands,
        ]);
        let said =
            format!("warning: {hands}: line 2: board 2: East's hand is not given (\"-\"), {so}\n");
        assert_eq!(stderr(&o).matches(&said).count(), 1, "{to}: {}", stderr(&o));
    }
    let out = temp_path("deal_cli", "part-convert-analysed.pbn");
    let o = ok(&[
        "convert",
        csv,
        out.to_str().unwrap(),
        "--deals",
        hands,
        "--analyse",
    ]);
    let said = format!(
        "warning: {hands}: line 2: board 2: East's hand is not given (\"-\"), so it is written without that hand and not analysed\n"
    );
    assert_eq!(stderr(&o).matches(&said).count(), 1, "{}", stderr(&o));
}

/// `--strict` makes any warning exit code 1, but those of reading the `--deals` file
/// (a dealer other than the board number's) and of checking its figures were printed
/// and not counted.
#[test]
fn strict_counts_the_warnings_of_the_deals_file() {
    const A: &str = "N:AKQ.JT9.876.5432 JT98.AKQ.5432.76 7654.8765.AKQ.AK 32.432.JT9.QJT98";
    // The club's night without its pairs file beside it, which would be a warning.
    let night = std::fs::read_to_string(common::repo("examples/club-night.csv")).unwrap();
    let csv = common::temp_file("deal_cli", "strict-night.csv", &night);
    let csv = csv.to_str().unwrap().to_string();
    let clean = ok(&["score", &csv, "--strict"]);
    assert_eq!(stderr(&clean), "", "the travellers alone warn of nothing");
    for (name, text, format) in [
        (
            "strict-dealer.pbn",
            format!("[Board \"1\"]\n[Dealer \"S\"]\n[Deal \"{A}\"]\n"),
            "text",
        ),
        (
            "strict-par.pbn",
            format!("[Board \"1\"]\n[Deal \"{A}\"]\n[OptimumScore \"NS 600\"]\n"),
            "html",
        ),
    ] {
        let hands = common::temp_file("deal_cli", name, &text);
        let hands = hands.to_str().unwrap();
        let out = klaver(&[
            "score", &csv, "--deals", hands, "--format", format, "--strict",
        ]);
        assert!(
            stderr(&out).contains(&format!("warning: {hands}: line ")),
            "{}",
            stderr(&out)
        );
        assert_eq!(out.status.code(), Some(1), "{name}: {}", stderr(&out));
        let loose = klaver(&["score", &csv, "--deals", hands, "--format", format]);
        assert_eq!(loose.status.code(), Some(0), "{name}: {}", stderr(&loose));
    }
}

/// A file whose DoubleDummyTricks and OptimumResultTable disagree, converted without
/// --analyse, was told "klaver's analysis gives" the DoubleDummyTricks' figure, which no
/// analysis had found, and that table was carried into the file written. The file
/// contradicts itself: both figures are named as the file's, and neither table is
/// carried.
#[test]
fn a_file_whose_tables_contradict_each_other_carries_neither() {
    let path = temp_path("deal_cli", "contradicts.pbn");
    let p = path.to_str().unwrap();
    ok(&["deal", "--boards", "1", "--seed", "7", "--analyse", "-o", p]);
    let text = std::fs::read_to_string(&path).unwrap();
    let tag = text
        .lines()
        .find(|l| l.starts_with("[DoubleDummyTricks \""))
        .unwrap();
    // North's notrump count, the first digit, one more than the table says.
    let n = u8::from_str_radix(&tag[20..21], 16).unwrap();
    let changed = format!("{}{:x}{}", &tag[..20], (n + 1) % 14, &tag[21..]);
    std::fs::write(&path, text.replace(tag, &changed)).unwrap();
    let out = ok(&["deal", "--file", p, "--format", "pbn"]);
    let err = stderr(&out);
    assert!(!err.contains("klaver's analysis"), "{err}");
    assert!(
        err.contains(&format!(
            "board 1: the file's OptimumResultTable gives North {n} tricks in notrump; its DoubleDummyTricks gives {}",
            (n + 1) % 14
        )),
        "{err}"
    );
    assert!(
        err.contains("not carried: --analyse analyses the board"),
        "{err}"
    );
    let written = stdout(&out);
    assert!(!written.contains("[DoubleDummyTricks"), "{written}");
    assert!(!written.contains("[OptimumResultTable"), "{written}");
    // A published optimum score that is not the table's par is said; the table, which
    // agrees with itself, goes on with its own par.
    let score = text
        .lines()
        .find(|l| l.starts_with("[OptimumScore \""))
        .unwrap();
    std::fs::write(&path, text.replace(score, "[OptimumScore \"NS 9990\"]")).unwrap();
    let out = ok(&["deal", "--file", p, "--format", "pbn"]);
    let err = stderr(&out);
    assert!(
        err.contains("the file's OptimumScore is NS 9990; the par of its DoubleDummyTricks is"),
        "{err}"
    );
    assert!(!err.contains("not carried"), "{err}");
    assert!(stdout(&out).contains(tag), "the table is carried");
}
