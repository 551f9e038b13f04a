//! The exchange formats from the command line: `klaver score` reading PBN, USEBIO and
//! JSON by content, `--compare` against published figures, `--deals` on the HTML
//! travellers, and `klaver convert` round trips that keep every result.

mod common;
use common::{klaver, repo, stderr, stdout};

use std::path::PathBuf;

fn data(name: &str) -> String {
    repo(&format!("crates/klaver/tests/data/{name}"))
}

fn seed() -> String {
    repo("crates/klaver-io/tests/data/fonteintje-controlestaat.csv")
}

fn temp(name: &str) -> PathBuf {
    common::temp_path("exchange_cli", name)
}

/// The scored session as JSON, without the title and date.
fn scored(path: &str, extra: &[&str]) -> serde_json::Value {
    let mut args = vec!["score", path, "--format", "json"];
    args.extend_from_slice(extra);
    let o = klaver(&args);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let mut v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    v["title"] = serde_json::Value::Null;
    v["date"] = serde_json::Value::Null;
    v
}

/// Every board's results (pairs, score, adjustment, matchpoints) and every pair's total,
/// in a form that does not depend on the notation the contracts were written in.
fn results(v: &serde_json::Value) -> Vec<String> {
    let mut out = Vec::new();
    for b in v["boards"].as_array().unwrap() {
        for r in b["results"].as_array().unwrap() {
            out.push(format!(
                "board {} {}-{} score {} adj {} mp {}/{}",
                b["board"], r["ns"], r["ew"], r["score"], r["adjustment"], r["mp_ns"], r["mp_ew"]
            ));
        }
    }
    for p in v["pairs"].as_array().unwrap() {
        out.push(format!(
            "pair {} rank {} total {} pct {}",
            p["pair"], p["rank"], p["points"], p["percentage"]
        ));
    }
    out.sort();
    out
}

#[test]
fn csv_to_pbn_to_csv_keeps_every_result() {
    let pbn = temp("seed.pbn");
    let csv = temp("seed-back.csv");
    let o = klaver(&[
        "convert",
        &seed(),
        pbn.to_str().unwrap(),
        "--notation",
        "nl",
        "--title",
        "Bridgeclub 't Fonteintje",
        "--date",
        "2008-02-01",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = std::fs::read_to_string(&pbn).unwrap();
    assert!(text.starts_with("% PBN 2.1\r\n% EXPORT\r\n[Event \"Bridgeclub 't Fonteintje\"]"));
    assert_eq!(text.matches("[ScoreTable ").count(), 28);
    assert_eq!(text.matches("[TotalScoreTable ").count(), 1);
    let o = klaver(&["convert", pbn.to_str().unwrap(), csv.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let original = scored(&seed(), &["--notation", "nl"]);
    assert_eq!(
        results(&scored(pbn.to_str().unwrap(), &[])),
        results(&original)
    );
    assert_eq!(
        results(&scored(csv.to_str().unwrap(), &[])),
        results(&original)
    );
    assert_eq!(original["boards"].as_array().unwrap().len(), 28);
}

#[test]
fn usebio_to_json_to_usebio_is_unchanged() {
    let xml = temp("seed.xml");
    let json = temp("seed.json");
    let xml2 = temp("seed2.xml");
    let o = klaver(&[
        "convert",
        &seed(),
        xml.to_str().unwrap(),
        "--notation",
        "nl",
        "--title",
        "Fonteintje",
        "--date",
        "01-02-2008",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    for (from, to) in [(&xml, &json), (&json, &xml2)] {
        let o = klaver(&["convert", from.to_str().unwrap(), to.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    }
    let a = std::fs::read_to_string(&xml).unwrap();
    let b = std::fs::read_to_string(&xml2).unwrap();
    assert!(a.contains("<USEBIO Version=\"1.2\">"));
    assert!(a.contains("<DATE>01/02/2008</DATE>"));
    assert_eq!(a.matches("<TRAVELLER_LINE>").count(), 196);
    assert_eq!(a, b);
    let original = scored(&seed(), &["--notation", "nl"]);
    assert_eq!(
        results(&scored(xml.to_str().unwrap(), &[])),
        results(&original)
    );
}

#[test]
fn the_seed_through_pbn_and_usebio_agrees_with_the_club() {
    // The club's own control sheet carries its published matchpoints; after a trip through
    // PBN or USEBIO klaver still re-scores every one of them to the club's figure.
    for ext in ["pbn", "xml"] {
        let out = temp(&format!("seed-compare.{ext}"));
        let o = klaver(&[
            "convert",
            &seed(),
            out.to_str().unwrap(),
            "--notation",
            "nl",
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let o = klaver(&["score", out.to_str().unwrap(), "--compare"]);
        assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
        let s = stdout(&o);
        assert!(
            s.contains("compared 196 traveller lines and 14 pairs"),
            "{s}"
        );
        assert!(
            s.contains("klaver agrees with every published figure"),
            "{s}"
        );
    }
}

#[test]
fn formats_are_told_by_content_not_name() {
    let misnamed = temp("results.txt");
    std::fs::copy(data("club-published.pbn"), &misnamed).unwrap();
    let o = klaver(&["score", misnamed.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let s = stdout(&o);
    assert!(s.starts_with("2024.03.05   Clubavond   2 boards"), "{s}");
    // Latin-1 names in the file are decoded, not mangled.
    assert!(s.contains("Jansen - Müller"), "{s}");
    assert!(s.contains("Renée - Boël"), "{s}");
}

#[test]
fn compare_reports_every_differing_figure_with_its_line() {
    let o = klaver(&["score", &data("club-published.pbn"), "--compare"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let s = stdout(&o);
    assert!(
        s.contains(
            "compared 7 traveller lines and 2 pairs with the published figures (MP;MP1;Neuberg)"
        ),
        "{s}"
    );
    assert!(
        s.contains(
            "  line 22: board 2: NS 5 v EW 6: published 2.0 / 4.0 matchpoints, klaver 1 / 5\n"
        ),
        "{s}"
    );
    assert!(
        s.contains("1 published figure differs from klaver's"),
        "{s}"
    );
    // With -o the same cross-check is in the file, though the exit code says it differs.
    let file = temp("club-published-compare.txt");
    let o = klaver(&[
        "score",
        &data("club-published.pbn"),
        "--compare",
        "-o",
        file.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), s);
    // The file's [Scoring] says Neuberg; stating another convention overrides it, and then
    // board 1 (with its artificial score) no longer matches.
    let o = klaver(&[
        "score",
        &data("club-published.pbn"),
        "--compare",
        "--artificial",
        "ties",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let s = stdout(&o);
    assert!(s.contains("(MP;MP1)"), "{s}");
    assert!(s.contains("line 11: board 1: NS 1 v EW 2"), "{s}");
}

#[test]
fn a_real_ruter_session_agrees_with_every_published_figure() {
    // A Norwegian club's whole session as "Ruter i Norge" exported it (origin beside the
    // file): centred matchpoints, an unmarked "A=" average left out and Neuberg-scaled.
    // The file states only "MatchPoints;MP1"; the rest is Ruter's own convention, which
    // klaver takes from the file's [Application] and its published figures.
    let file = repo("crates/klaver-io/tests/data/ruter-2015-09-16-spiren.pbn");
    let o = klaver(&["score", &file, "--compare"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let s = stdout(&o);
    assert!(
        s.contains(
            "compared 126 traveller lines and 12 pairs with the published figures (MP;MP1;Neuberg;Centred;Law12C2)"
        ),
        "{s}"
    );
    assert!(
        s.contains("klaver agrees with every published figure"),
        "{s}"
    );
    // Another convention on the command line wins, and the director sees where it
    // differs from the published figures: board 13, with the average.
    let o = klaver(&["score", &file, "--compare", "--artificial", "ties"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o)
            .contains("board 13: NS 2 v EW 7: published 4.8 / -4.8 matchpoints, klaver 4 / -4"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn a_real_scorebridge_session_agrees_when_missing_results_are_ties() {
    // A Forest of Dean BC session as ScoreBridge wrote it in USEBIO (origin beside the
    // file): seventeen boards played fewer times than the rest, each missing result a
    // tie for the pairs that played the board.
    let file = repo("crates/klaver-io/tests/data/scorebridge-2025-07-30-forest-of-dean.xml");
    let o = klaver(&["score", &file, "--compare", "--missing", "ties"]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    let s = stdout(&o);
    assert!(
        s.contains(
            "compared 94 traveller lines and 8 pairs with the published figures (MP;MP1;MissingTies)\n"
        ),
        "{s}"
    );
    // The pairs' master points (the national body's awards) are not klaver's to work
    // out: the comparison says it left them out.
    assert!(
        s.ends_with(
            "  warning: the published column MASTER_POINTS (line 27) is not compared: klaver does not work out master points\n\
             klaver agrees with every published figure it compared (not those warned of)\n"
        ),
        "{s}"
    );
    // The warnings say how the short boards were scored.
    let e = stderr(&o);
    assert!(
        e.contains("board 12: 2 results where 4 were expected: each missing result counts as a tie for every pair that played the board"),
        "{e}"
    );
    assert!(!e.contains("Neuberg"), "{e}");
    // By klaver's default (Neuberg) the short boards differ; stated, the default gives
    // the same as saying nothing.
    for extra in [&[][..], &["--missing", "neuberg"][..]] {
        let mut args = vec!["score", file.as_str(), "--compare"];
        args.extend_from_slice(extra);
        let o = klaver(&args);
        assert_eq!(o.status.code(), Some(1));
        let s = stdout(&o);
        assert!(
            s.contains(
                "line 572: board 9: NS 1 v EW 4: published 5 / 1 matchpoints, klaver 5.67 / 0.33"
            ),
            "{s}"
        );
        assert!(
            s.contains("45 published figures differ from klaver's"),
            "{s}"
        );
    }
}

#[test]
fn the_missing_result_rule_travels_in_the_pbn_scoring_tag() {
    // Converted to PBN with `--missing ties`, the file says so, and scoring it again
    // without the option applies it.
    let file = repo("crates/klaver-io/tests/data/scorebridge-2025-07-30-forest-of-dean.xml");
    let pbn = temp("forest-of-dean.pbn");
    let pbn = pbn.to_str().unwrap();
    let o = klaver(&["convert", &file, pbn, "--missing", "ties"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = std::fs::read_to_string(pbn).unwrap();
    assert!(
        text.contains("[Scoring \"MP;MP1;MissingTies\"]"),
        "{}",
        &text[..text.len().min(2000)]
    );
    let o = klaver(&["score", pbn, "--compare"]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    assert!(
        stdout(&o).contains("(MP;MP1;MissingTies)"),
        "{}",
        stdout(&o)
    );
    assert_eq!(
        results(&scored(pbn, &[])),
        results(&scored(&file, &["--missing", "ties"]))
    );
    // The command line still overrides the file.
    let o = klaver(&["score", pbn, "--compare", "--missing", "neuberg"]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
}

#[test]
fn compare_needs_published_figures() {
    let csv = temp("plain.csv");
    std::fs::write(&csv, "board,ns,ew,score\n1,1,2,420\n1,3,4,400\n").unwrap();
    let o = klaver(&["score", csv.to_str().unwrap(), "--compare"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("publishes no matchpoints"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn deals_show_on_the_html_travellers() {
    let csv = temp("four-boards.csv");
    std::fs::write(
        &csv,
        "board,ns,ew,score\n1,1,2,420\n1,3,4,400\n2,1,2,-100\n2,3,4,110\n3,1,2,100\n3,3,4,-110\n4,1,2,620\n4,3,4,-200\n",
    )
    .unwrap();
    let o = klaver(&[
        "score",
        csv.to_str().unwrap(),
        "--format",
        "html",
        "--deals",
        &data("tourcalc-260902.pbn"),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let html = stdout(&o);
    assert_eq!(html.matches("<div class=\"deal\">").count(), 4);
    // Board 1's North hand: J8632.6.KT765.53, 4 high-card points.
    assert!(
        html.contains(
            "<b>North</b> <span class=\"hcp\">4</span><br><span>\u{2660}</span> J8632<br><span class=\"red\">\u{2665}</span> 6"
        ),
        "{html}"
    );
    let o = klaver(&["score", csv.to_str().unwrap(), "--deals", &seed()]);
    assert_eq!(o.status.code(), Some(2));
    // A file of deals alone has nothing to score, and says what it is good for.
    let o = klaver(&["score", &data("tourcalc-260902.pbn")]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("no results: the file has no ScoreTable and no game with a Contract and its pairs (PairNS and PairEW, or the players North, East, South and West); it deals 4 boards, which klaver score --deals shows on the travellers"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn bad_files_name_the_file_and_line() {
    let bad = temp("bad.xml");
    std::fs::write(
        &bad,
        b"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<USEBIO Version=\"1.2\">\n<EVENT>\n<PARTICIPANTS><PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PLAYER><PLAYER_NAME>Ren\xe9e</PLAYER_NAME></PLAYER></PAIR></PARTICIPANTS>\n</EVENT></USEBIO>\n",
    )
    .unwrap();
    let o = klaver(&["score", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(
        e.contains(
            "bad.xml (read as USEBIO XML, since it starts with <): line 4: byte 0xE9 is not UTF-8"
        ),
        "{e}"
    );

    let pbn = temp("bad.pbn");
    std::fs::write(
        &pbn,
        "[Board \"1\"]\n[ScoreTable \"PairId_NS;PairId_EW;Score_NS\"]\n1 2 425\n3 4 420\n",
    )
    .unwrap();
    let o = klaver(&["score", pbn.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(e.contains("bad.pbn has errors; nothing was scored"), "{e}");
    assert!(e.contains("line 3: board 1: 425 is not a score"), "{e}");
}

#[test]
fn a_result_in_klavers_json_is_named_by_its_line_in_the_file() {
    // klaver's JSON holds each result (and penalty) on a line of its own; a result
    // edited there is named by that line, as an editor numbers it.
    let json = temp("lines.json");
    let o = klaver(&["score", &seed(), "--notation", "nl", "--format", "json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.contains("\"ns\":\"3\",\"ew\":\"4\""))
        .unwrap();
    let edited = lines[at].replace("\"ns\":\"3\"", "\"ns\":\"1\"");
    let mut all = lines.clone();
    all[at] = &edited;
    std::fs::write(&json, all.join("\n")).unwrap();
    let o = klaver(&["score", json.to_str().unwrap()]);
    assert!(!o.status.success(), "{}", stdout(&o));
    let e = stderr(&o);
    let named = format!(
        "board 5: pair 1 plays board 5 twice (also on line {})",
        at + 1
    );
    assert!(e.contains(&named), "{e}");
    // A file with its results on one line has them numbered in order instead.
    let v: serde_json::Value = serde_json::from_str(&all.join("\n")).unwrap();
    std::fs::write(&json, serde_json::to_string(&v).unwrap()).unwrap();
    let o = klaver(&["score", json.to_str().unwrap()]);
    let e = stderr(&o);
    assert!(!e.contains(&named), "{e}");
    assert!(e.contains("board 5: pair 1 plays board 5 twice"), "{e}");
}

#[test]
fn convert_needs_a_format_it_can_tell() {
    let o = klaver(&["convert", &seed(), "out.unknown", "--notation", "nl"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("--to csv|pbn|usebio|json"),
        "{}",
        stderr(&o)
    );
    let o = klaver(&["convert", &seed(), "-", "--to", "pbn", "--notation", "nl"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).starts_with("% PBN 2.1"));
}

#[test]
fn a_file_refused_names_the_format_it_was_taken_for_and_counts_past_fifty() {
    let many = common::temp_file("exchange_cli", "many-bad-tags.pbn", &"[A\n".repeat(100_000));
    let o = klaver(&["score", many.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.starts_with(&format!(
            "klaver: {} has errors; nothing was scored (read as PBN, since it starts with [, % or ;):\n",
            many.display()
        )),
        "{err}"
    );
    assert_eq!(err.lines().count(), 52, "{err}");
    assert!(
        err.ends_with("  ... and 99950 more (100000 errors in all)\n"),
        "{err}"
    );
    // A JSON array is JSON, not a PBN tag.
    let array = common::temp_file("exchange_cli", "array.json", "[{\"boards\": 1}]");
    let o = klaver(&["score", array.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("(read as klaver's JSON, since it starts with { or [)"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn an_artificial_score_of_average_plus_to_both_sides_is_scored_and_written_back() {
    // A+ / A+: both sides not at fault get 60 % each; NS + EW is 120 % of the top on
    // that line, which the check allows and names.
    let pbn = common::temp_file(
        "exchange_cli",
        "both-plus.pbn",
        "[Event \"x\"]\n[Board \"1\"]\n[ScoreTable \"PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW\"]\n1 2 - - - \"A+\" \"A+\"\n3 4 4S N 10 \"420\" -\n5 6 4S N 9 - \"50\"\n7 8 3NT N 9 \"400\" -\n",
    );
    let o = klaver(&["score", pbn.to_str().unwrap(), "--travellers"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let line = out
        .lines()
        .find(|l| l.trim_start().starts_with("1   2"))
        .unwrap();
    assert!(line.ends_with("3.60   3.60  60/60"), "{line}");
    assert!(
        out.contains("Check: NS + EW = top on every line, except where the director gave a side an artificial score of its own: board 1 (1-2: 60 % / 60 %)"),
        "{out}"
    );
    let back = temp("both-plus-back.pbn");
    let o = klaver(&["convert", pbn.to_str().unwrap(), back.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let written = std::fs::read_to_string(&back).unwrap();
    assert!(written.contains("\"^60%\" \"^60%\""), "{written}");
    let again = stdout(&klaver(&["score", back.to_str().unwrap(), "--travellers"]));
    assert!(again.contains("3.60   3.60  60/60"), "{again}");
}

#[test]
fn a_ruter_session_is_compared_by_ruters_own_conventions() {
    // Ruter i Norge publishes centred matchpoints, leaves averages out of the field and
    // gives average-plus as the session percentage (Law 12C2); its file states only
    // "MatchPoints;MP1". `--compare` takes the rest from the file and agrees with every
    // figure, penalties (Pen rows) and +0 splits included.
    let file = repo("crates/klaver-io/tests/data/ruter-2016-08-10-spiren.pbn");
    let o = klaver(&["score", &file, "--compare"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    let s = stdout(&o);
    assert!(
        s.contains("compared 120 traveller lines and 11 pairs with the published figures (MP;MP1;Neuberg;Centred;Law12C2)"),
        "{s}"
    );
    assert!(
        s.contains("klaver agrees with every published figure"),
        "{s}"
    );
}

/// The Swedish and Finnish edition of Ruter ("Ruter", not "Ruter i Norge") leaves an
/// artificial score out of the field as the Norwegian one does; its files were scored
/// counting averages in, without a word, and ranked pairs 3 and 29 the other way round
/// from the file's own list (56 figures differed).
#[test]
fn a_finnish_ruter_session_is_compared_by_ruters_own_conventions() {
    let file = repo("crates/klaver-io/tests/data/ruter-2014-10-04-sm-pairs-session1.pbn");
    let o = klaver(&["score", &file, "--compare"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    let s = stdout(&o);
    assert!(s.contains("(MP;MP1;Neuberg;Law12C2)"), "{s}");
    assert!(
        s.contains("klaver agrees with every published figure"),
        "{s}"
    );
}

#[test]
fn cross_imps_are_compared_result_by_result_and_pair_by_pair() {
    let file = data("cross-imps-published.pbn");
    let o = klaver(&["score", &file, "--compare", "--form", "cross-imps"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    let s = stdout(&o);
    assert!(s.contains("compared 3 traveller lines and 6 pairs"), "{s}");
    let text = std::fs::read_to_string(&file).unwrap();
    let wrong = temp("cross-imps-wrong.pbn");
    std::fs::write(&wrong, text.replace("-11 11\n", "-10 10\n")).unwrap();
    let o = klaver(&[
        "score",
        wrong.to_str().unwrap(),
        "--compare",
        "--form",
        "cross-imps",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(
        stdout(&o)
            .contains("line 13: board 1: NS 5 v EW 6: published -10 / 10 IMPs, klaver -11 / 11"),
        "{}",
        stdout(&o)
    );
    // A file that publishes matchpoints only has no IMPs to compare with.
    let o = klaver(&[
        "score",
        &data("club-published.pbn"),
        "--compare",
        "--form",
        "cross-imps",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert!(
        stderr(&o).contains("publishes no IMP figures"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_published_list_of_several_sessions_is_not_taken_for_this_ones() {
    // The same club file with the event's totals over two sessions (23.4 and 20.3
    // matchpoints, where a pair can score at most 12 from the file's two boards): only the traveller lines are compared, and the
    // note says why; the deliberately wrong line 22 is still found.
    let bytes = std::fs::read(data("club-published.pbn")).unwrap();
    let text: Vec<u8> = String::from_utf8_lossy(&bytes)
        .replace(" 1  1 11.7  97.22", " 1  1 23.4  62.10")
        .replace(" 8  2  0.3   2.78", " 8  2 20.3  40.00")
        .into_bytes();
    let file = temp("two-sessions.pbn");
    std::fs::write(&file, text).unwrap();
    let o = klaver(&["score", file.to_str().unwrap(), "--compare"]);
    let s = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{s}");
    assert!(s.contains("note: the published list holds more than this file's boards (pair 1: 23.4 published, at most 12 here)"), "{s}");
    assert!(s.contains("line 22: board 2"), "{s}");
    // The totals (lines 25 and 26) are not reported as differences.
    assert!(
        !s.contains("  line 25:") && !s.contains("  line 26:"),
        "{s}"
    );
}

#[test]
fn a_converted_session_carries_its_boards_tricks_and_par() {
    // The results with a dealing program's hands, solved on the way: each board's
    // DoubleDummyTricks, OptimumScore, ParContract and OptimumResultTable, which klaver's
    // own reading of published figures then finds agreeing.
    let out = temp("analysed.pbn");
    let o = klaver(&[
        "convert",
        &data("club-published.pbn"),
        out.to_str().unwrap(),
        "--deals",
        &data("tourcalc-260902.pbn"),
        "--analyse",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("analysed 4 boards double dummy"),
        "{}",
        stderr(&o)
    );
    // PBN is written in Latin-1, as the standard asks.
    let text = String::from_utf8_lossy(&std::fs::read(&out).unwrap()).into_owned();
    for tag in [
        "[DoubleDummyTricks ",
        "[OptimumScore ",
        "[ParContract ",
        "[OptimumResultTable ",
    ] {
        assert_eq!(
            text.matches(tag).count(),
            2,
            "{tag} once for each of the 2 boards played:\n{text}"
        );
    }
    let o = klaver(&["analyse", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // The one warning is that the hand record does not carry the results.
    let said = stderr(&o);
    let warnings: Vec<&str> = said.lines().filter(|l| l.starts_with("warning")).collect();
    assert_eq!(warnings.len(), 1, "{said}");
    assert!(warnings[0].contains("not carried into the hand record"));
    assert!(warnings[0].contains("ScoreTable (2 games)"));
    // Without hands there is nothing to analyse, and it says so.
    let o = klaver(&["convert", &seed(), out.to_str().unwrap(), "--analyse"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
}

#[test]
fn a_converted_file_publishes_totals_with_the_directors_penalties() {
    // The PBN file writes the penalty on its board's table; its totals include it, as
    // `klaver score` does, so that the file re-scored agrees with itself.
    let csv = temp("penalty.csv");
    std::fs::write(
        &csv,
        "board,ns,ew,contract,declarer,result,score,adjust\n\
         1,1,2,4S,N,=,420,\n1,3,4,4S,N,-1,-50,\n1,5,6,3NT,S,=,400,\n\
         2,1,4,2H,W,=,-110,\n2,3,6,2H,W,+1,-140,\n2,5,2,1NT,N,=,90,\n\
         2,3,2,,,,,PEN -2/0\n",
    )
    .unwrap();
    // USEBIO carries it too: in the pair's ADJUSTMENT and in a PENALTY of klaver's own,
    // read back (the file re-scored once gave pair 2 its 2 points back).
    for name in ["penalty.pbn", "penalty.xml"] {
        let out = temp(name);
        let o = klaver(&["convert", csv.to_str().unwrap(), out.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let o = klaver(&["score", out.to_str().unwrap(), "--compare"]);
        assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
        assert_eq!(
            results(&scored(out.to_str().unwrap(), &[])),
            results(&scored(csv.to_str().unwrap(), &[])),
            "{name}"
        );
    }
}

/// Scored centred, the JSON held uncentred matchpoints while the text of the same command
/// showed centred ones, and said neither; `convert --centred` to USEBIO was silent that
/// the file's matchpoints are not centred.
#[test]
fn centred_figures_are_what_each_format_says_they_are() {
    let centred = repo("crates/klaver-io/tests/data/written/centred.pbn");
    let json = temp("centred.json");
    let o = klaver(&[
        "score",
        &centred,
        "--format",
        "json",
        "-o",
        json.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let doc: serde_json::Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    assert_eq!(doc["convention"]["centred"], true);
    // The text's points of the first pair, and its JSON's.
    let text = stdout(&klaver(&["score", &centred]));
    let first = text
        .lines()
        .find(|l| l.starts_with("1("))
        .unwrap()
        .to_string();
    let points = format!("{:.2}", doc["pairs"][0]["points"].as_f64().unwrap());
    assert!(first.contains(&format!(" {points} ")), "{first} / {points}");
    let o = klaver(&["score", json.to_str().unwrap(), "--compare"]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    let xml = temp("centred.xml");
    let o = klaver(&["convert", &seed(), xml.to_str().unwrap(), "--centred"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("figures are not centred"),
        "{}",
        stderr(&o)
    );
}

/// The travellers CSV dropped --title and --date without a word, and PBN wrote a date it
/// could not read as unknown (`????.??.??`).
#[test]
fn a_title_or_date_a_format_cannot_keep_is_said() {
    let csv = temp("titled.csv");
    let args = ["--title", "Spring pairs", "--date", "2025-03-04"];
    let travellers = seed();
    let mut convert = vec!["convert", &travellers, csv.to_str().unwrap()];
    convert.extend(args);
    let o = klaver(&convert);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains(
            "no place for the event's title (\"Spring pairs\") and date (\"2025-03-04\")"
        ),
        "{}",
        stderr(&o)
    );
    // A date given that cannot be read is refused for PBN and USEBIO, naming it.
    for name in ["dated.pbn", "dated.xml"] {
        let out = temp(name);
        let o = klaver(&[
            "convert",
            &seed(),
            out.to_str().unwrap(),
            "--date",
            "4 March 2025",
        ]);
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        assert!(
            stderr(&o).contains("--date \"4 March 2025\""),
            "{}",
            stderr(&o)
        );
        assert!(!out.exists());
    }
    // A file's own date that cannot be read is said.
    let json = temp("dated.json");
    let o = klaver(&[
        "convert",
        &seed(),
        json.to_str().unwrap(),
        "--date",
        "4 March 2025",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let pbn = temp("dated-from-json.pbn");
    let o = klaver(&["convert", json.to_str().unwrap(), pbn.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("the date \"4 March 2025\" cannot be read"),
        "{}",
        stderr(&o)
    );
}

/// A travellers CSV's names are in a pairs CSV beside it (convert writes OUT.pairs.csv):
/// convert had no --pairs, and PBN to CSV to PBN lost every name without a word.
#[test]
fn convert_reads_the_names_of_a_travellers_csv() {
    let csv = temp("named.csv");
    let o = klaver(&[
        "convert",
        &data("club-published.pbn"),
        csv.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let names = temp("named.pairs.csv");
    assert!(names.exists());
    let pbn = temp("named-again.pbn");
    let (c, p, n) = (
        csv.to_str().unwrap(),
        pbn.to_str().unwrap(),
        names.to_str().unwrap(),
    );
    // Without --pairs the names beside it are not read, and that is said.
    let o = klaver(&["convert", c, p]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains(&format!("{n} beside it was not read: give --pairs {n}")),
        "{}",
        stderr(&o)
    );
    let o = klaver(&["score", c]);
    assert!(
        stderr(&o).contains("beside it was not read"),
        "{}",
        stderr(&o)
    );
    // With --pairs they are written, as `klaver score --pairs` reads them.
    let o = klaver(&["convert", c, p, "--pairs", n]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(!stderr(&o).contains("not read"), "{}", stderr(&o));
    let text = String::from_utf8_lossy(&std::fs::read(&pbn).unwrap()).into_owned();
    assert!(text.contains("Jansen - M"), "{text}");
}

/// A travellers CSV has no place for the players' names: they go beside it in
/// OUTPUT.pairs.csv, and written to standard output it says they were not written.
#[test]
fn converted_travellers_keep_the_names_beside_them() {
    let travellers = temp("names-night.csv");
    std::fs::write(
        &travellers,
        "board,ns,ew,score\n1,1,2,420\n1,3,4,450\n2,1,2,-100\n2,3,4,-110\n",
    )
    .unwrap();
    let pairs = temp("names-night-pairs.csv");
    std::fs::write(
        &pairs,
        "pair,names\n1,Jan Jansen - Piet de Vries\n2,Anna Bakker - Kees Bakker\n",
    )
    .unwrap();
    let (input, names) = (travellers.to_str().unwrap(), pairs.to_str().unwrap());
    let out = temp("names-out.csv");
    let o = klaver(&["convert", input, out.to_str().unwrap(), "--pairs", names]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let beside = out.with_extension("pairs.csv");
    let said = format!("klaver: the players' names are in {}", beside.display());
    assert!(stderr(&o).contains(&said), "{}", stderr(&o));
    let written = std::fs::read_to_string(&beside).unwrap();
    assert!(written.contains("Anna Bakker - Kees Bakker"), "{written}");

    let o = klaver(&["convert", input, "-", "--to", "csv", "--pairs", names]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("board,"), "{}", stdout(&o));
    assert!(
        stderr(&o).contains("the players' names were not written: give an OUTPUT file name"),
        "{}",
        stderr(&o)
    );
}

/// A BBO game with its board and players but no contract (a board not finished) was
/// dropped without a word; with one such game on each board nothing showed it, and
/// `--strict` passed the file. It is a warning on the game's line.
#[test]
fn a_game_without_a_contract_is_a_warning_with_its_line() {
    let game = |board: u32, players: [&str; 4], play: &str| {
        let [n, e, s, w] = players;
        format!(
            "[Board \"{board}\"]\n[North \"{n}\"]\n[East \"{e}\"]\n[South \"{s}\"]\n[West \"{w}\"]\n{play}\n"
        )
    };
    let (ab, cd, ef) = (
        ["A1", "B1", "A2", "B2"],
        ["C1", "D1", "C2", "D2"],
        ["E1", "F1", "E2", "F2"],
    );
    let (four, five) = (
        "[Declarer \"N\"]\n[Contract \"4S\"]\n[Result \"10\"]\n",
        "[Declarer \"N\"]\n[Contract \"4S\"]\n[Result \"11\"]\n",
    );
    let text = game(1, ab, "")
        + &game(1, cd, four)
        + &game(1, ef, five)
        + &game(2, ab, four)
        + &game(2, cd, five)
        + &game(2, ef, "");
    let pbn = temp("unfinished.pbn");
    std::fs::write(&pbn, text).unwrap();
    let o = klaver(&["score", pbn.to_str().unwrap(), "--strict"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let e = stderr(&o);
    for (line, board, ns, ew) in [(1, 1, "A1 - A2", "B1 - B2"), (43, 2, "E1 - E2", "F1 - F2")] {
        let said = format!(
            "line {line}: board {board}: the game of North-South {ns} against East-West {ew} has no contract and is not scored"
        );
        assert!(e.contains(&said), "{e}");
    }
}

/// A ScoreTable column klaver does not read was ignored without a word: ACBL Live
/// writes its section column `Setion`, and a file in two sections was scored as one
/// field. It is a warning on the table's line, which `--strict` stops on.
#[test]
fn a_score_table_column_klaver_does_not_read_is_a_warning_with_its_line() {
    let pbn = temp("setion.pbn");
    std::fs::write(
        &pbn,
        "[Board \"1\"]\n[ScoreTable \"Setion;PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW\"]\nA 1 2 4S N 10 420 -\nA 3 4 4S N 11 450 -\nB 5 6 4S N 9 - 50\nB 7 8 4S N 10 420 -\n",
    )
    .unwrap();
    let o = klaver(&["score", pbn.to_str().unwrap(), "--strict"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let e = stderr(&o);
    assert!(
        e.contains("line 2: the column Setion is not read: its contents are ignored"),
        "{e}"
    );
}

/// A night's tables and rounds travel through PBN (as Ruter writes them, `Table` and
/// `Round` first in the ScoreTable) and come back on every line.
#[test]
fn tables_and_rounds_travel_through_pbn() {
    let csv = temp("rounds.csv");
    std::fs::write(
        &csv,
        "board,table,round,ns,ew,score\n1,1,1,1,2,420\n1,2,2,3,4,400\n2,1,1,1,2,-100\n2,2,2,3,4,110\n",
    )
    .unwrap();
    let pbn = temp("rounds.pbn");
    let back = temp("rounds-back.csv");
    let o = klaver(&["convert", csv.to_str().unwrap(), pbn.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = std::fs::read_to_string(&pbn).unwrap();
    assert!(
        text.contains(r#"[ScoreTable "Table\\1R;Round\\1R;PairId_NS"#),
        "{text}"
    );
    let o = klaver(&["convert", pbn.to_str().unwrap(), back.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let back = std::fs::read_to_string(&back).unwrap();
    let seats: Vec<String> = back
        .lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            format!("{} {} {}", f[0], f[1], f[2])
        })
        .collect();
    assert_eq!(seats, ["1 1 1", "1 2 2", "2 1 1", "2 2 2"], "{back}");
}

/// `klaver convert` had no `--top-integral`, `--fields` or `--movement`: a night scored
/// over both sections, with two winners or on its movement's board counts could only be
/// written scored another way, its PBN and USEBIO figures unlike the club's result list.
#[test]
fn convert_scores_as_score_does_with_the_same_options() {
    let csv = temp("two-sections.csv");
    std::fs::write(
        &csv,
        "section,board,ns,ew,score\n\
         A,1,1,2,420\nA,1,3,4,450\nA,1,5,6,-50\n\
         B,1,1,2,400\nB,1,3,4,420\nB,1,5,6,-100\n\
         A,2,1,4,-110\nA,2,3,6,-140\nA,2,5,2,90\n\
         B,2,1,4,-110\nB,2,3,6,110\nB,2,5,2,-200\n",
    )
    .unwrap();
    let csv = csv.to_str().unwrap();
    for options in [
        &["--top-integral"][..],
        &["--fields", "separate"],
        &["--top-integral", "--fields", "separate"],
    ] {
        let club = results(&scored(csv, options));
        assert_ne!(club, results(&scored(csv, &[])), "{options:?}");
        for name in ["two-sections.pbn", "two-sections.xml", "two-sections.json"] {
            let out = temp(name);
            let mut args = vec!["convert", csv, out.to_str().unwrap()];
            args.extend_from_slice(options);
            let o = klaver(&args);
            assert_eq!(o.status.code(), Some(0), "{options:?} {}", stderr(&o));
            // USEBIO has no place for how the sections were compared: the options
            // that score it the same way are named, and score it so.
            let again: &[&str] = if name.ends_with(".xml") {
                let said = stderr(&o);
                assert!(options.iter().all(|w| said.contains(w)), "{said}");
                options
            } else {
                &[]
            };
            let out = out.to_str().unwrap();
            let mut args = vec!["score", out, "--compare"];
            args.extend_from_slice(again);
            let o = klaver(&args);
            assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
            assert_eq!(results(&scored(out, again)), club, "{name} {options:?}");
        }
    }
}

/// The movement given to `klaver convert` checks the travellers as `klaver score` does.
#[test]
fn convert_checks_the_travellers_against_the_movement() {
    let csv = data("mitchell-7-two-boards-a-round.csv");
    let out = temp("mitchell-7.pbn");
    let out = out.to_str().unwrap();
    let o = klaver(&["convert", &csv, out, "--movement", "mitchell-7"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("does not fit the movement Mitchell, 7 tables"),
        "{}",
        stderr(&o)
    );
    let o = klaver(&[
        "convert",
        &csv,
        out,
        "--movement",
        "mitchell-7",
        "--boards-per-round",
        "2",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

/// Ruter writes a cross-IMP session's totals as `TotalScoreIMP`
/// (`data/ruter-2015-09-03-bridgekam-cross-imps.pbn`: Bridgekameratene, 3 September 2015,
/// Ruter i Norge 4.10, from lindsjorn/bridgeRanking, impFiles/bridgekam_2015-09-03 at
/// b6607f52): `--compare` compares them and the ranks with klaver's, and a changed total
/// and rank are reported, not agreed with.
#[test]
fn ruter_s_cross_imp_totals_are_compared() {
    let file = data("ruter-2015-09-03-bridgekam-cross-imps.pbn");
    let args = |f: &str| {
        let mut a = vec!["score", f, "--form", "cross-imps", "--cross-imps", "sum"];
        a.extend(["--adjusted-imps", "9,0,-9", "--compare"]);
        a.into_iter().map(str::to_string).collect::<Vec<_>>()
    };
    let run = |f: &str| {
        let a = args(f);
        klaver(&a.iter().map(String::as_str).collect::<Vec<_>>())
    };
    let o = run(&file);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(
        stdout(&o).contains("compared 270 traveller lines and 20 pairs"),
        "{}",
        stdout(&o)
    );
    let bytes = std::fs::read(&file).unwrap();
    let (from, to) = (&b" 1 10  5 \"E-W\"  454"[..], &b" 7 10  5 \"E-W\"  999"[..]);
    let at = bytes.windows(from.len()).position(|w| w == from).unwrap();
    let altered = temp("bridgekam-total-altered.pbn");
    std::fs::write(
        &altered,
        [&bytes[..at], to, &bytes[at + from.len()..]].concat(),
    )
    .unwrap();
    let o = run(altered.to_str().unwrap());
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(
        stdout(&o).contains(
            "line 64: pair 10: total published 999, klaver 454; rank published 7, klaver 1"
        ),
        "{}",
        stdout(&o)
    );
}

/// A published column `--compare` does not compare is a warning naming it, never part of
/// A file that says it was scored in IMPs is warned of when scored by matchpoints, and
/// was warned of too when the IMP form was asked for: `--strict` failed on a clean file.
#[test]
fn a_file_scored_in_imps_is_not_warned_of_in_an_imp_form() {
    let file = data("ruter-2015-09-03-bridgekam-cross-imps.pbn");
    let said = "klaver scores by matchpoints unless --form names an IMP form";
    let o = klaver(&["score", &file, "-o", "/dev/null"]);
    assert!(stderr(&o).contains(said), "{}", stderr(&o));
    let args = [
        "--cross-imps",
        "sum",
        "--adjusted-imps",
        "9,0,-9",
        "--strict",
    ];
    let o = klaver(&[&["score", &file, "--form", "cross-imps"][..], &args].concat());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(!stderr(&o).contains(said), "{}", stderr(&o));
    let xml = data("pianola-cross-imps.xml");
    let o = klaver(&["score", &xml, "--form", "cross-imps"]);
    assert!(!stderr(&o).contains(said), "{}", stderr(&o));
}

/// a silent "agrees": the IMP totals of a cross-IMP file compared as matchpoints, and a
/// total list column klaver does not read.
#[test]
fn published_columns_not_compared_are_named() {
    let file = data("ruter-2015-09-03-bridgekam-cross-imps.pbn");
    let o = klaver(&["score", &file, "--compare"]);
    assert!(
        stdout(&o).contains(
            "warning: the published column TotalScoreIMP (line 63) is not compared: it holds IMPs; give --form cross-imps or butler to compare it"
        ),
        "{}",
        stdout(&o)
    );
    let text = std::fs::read_to_string(data("cross-imps-published.pbn")).unwrap();
    let extra = temp("cross-imps-extra-column.pbn");
    let (head, list) = text.split_once("[TotalScoreTable").unwrap();
    let list: String = list
        .replace("TotalIMP\"]", "TotalIMP;TotalScoreVP\"]")
        .lines()
        .enumerate()
        .map(|(i, l)| {
            if i == 0 {
                format!("{l}\n")
            } else {
                format!("{l} 10\n")
            }
        })
        .collect();
    std::fs::write(&extra, format!("{head}[TotalScoreTable{list}")).unwrap();
    let o = klaver(&[
        "score",
        extra.to_str().unwrap(),
        "--compare",
        "--form",
        "cross-imps",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(
        stdout(&o).contains(
            "warning: the published column TotalScoreVP (line 14) is not compared: klaver does not read it"
        ),
        "{}",
        stdout(&o)
    );
}

/// Pianola's USEBIO cross-IMP file (`data/pianola-cross-imps.xml`, from
/// jacquicollier/ukbridge-club-website at 9ddfd310, .../payloads/cross-imp-pairs/usebio.xml)
/// publishes each line's NS_CROSS_IMP_POINTS / EW_CROSS_IMP_POINTS: all 192 agree with
/// klaver's. Its TOTAL_SCOREs are compared as IMPs: pairs 2, 4 and 16 sat out eight boards
/// and the file restates their totals over all 24 (klaver does not), and pairs 16 and 17
/// differ otherwise; each difference shows the restated figure.
#[test]
fn pianola_s_cross_imps_are_compared_and_its_restated_totals_shown() {
    let file = data("pianola-cross-imps.xml");
    let o = klaver(&["score", &file, "--form", "cross-imps", "--compare"]);
    let s = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{s}{}", stderr(&o));
    assert!(
        s.contains("compared 192 traveller lines and 17 pairs"),
        "{s}"
    );
    let differing: Vec<&str> = s.lines().filter(|l| l.contains(": pair ")).collect();
    assert_eq!(
        differing,
        [
            "  line 36: pair 2: total published -1.94, klaver -1.29 (over its 16 boards; -1.93 restated over the session's 24)",
            "  line 66: pair 4: total published 8.57, klaver 5.71 (over its 16 boards; 8.57 restated over the session's 24)",
            "  line 248: pair 16: total published 53.57, klaver 37.43 (over its 16 boards; 56.14 restated over the session's 24)",
            "  line 264: pair 17: total published 21.29, klaver 28.14",
        ],
        "{s}"
    );
}

/// A USEBIO list of one ranking that shares first place between a North-South and an
/// East-West pair (places 1=, 3, 4, 1=) was read as a winner in each direction and
/// ranked in two lists; so was a list whose WINNER_TYPE says one winner. Both are one
/// list, as written.
#[test]
fn a_shared_first_place_is_not_two_winners() {
    let file = data("one-winner-shared-first.xml");
    let o = klaver(&["score", &file]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(!stdout(&o).contains("North-South"), "{}", stdout(&o));
    let two = std::fs::read_to_string(data("two-winner-places.xml")).unwrap();
    let one = two.replace(
        "<EVENT EVENT_TYPE=\"MP_PAIRS\">",
        "<EVENT EVENT_TYPE=\"MP_PAIRS\">\n<WINNER_TYPE>1</WINNER_TYPE>",
    );
    let path = temp("winner-type-1.xml");
    std::fs::write(&path, one).unwrap();
    let o = klaver(&["score", path.to_str().unwrap()]);
    assert!(!stdout(&o).contains("North-South"), "{}", stdout(&o));
}

/// A USEBIO file with a winner in each direction (every `PAIR` with its `DIRECTION`, a
/// place 1 North-South and a place 1 East-West, as Compscore writes a two-winner
/// Mitchell) is ranked in two lists as the file ranks it, and its places are compared.
/// `--fields together` on the command line overrules the file, as every convention
/// given there does, for this file and for a PBN file that states `SeparateFields`.
#[test]
fn a_file_ranking_each_direction_apart_is_ranked_so_unless_the_command_line_says() {
    let file = data("two-winner-places.xml");
    let o = klaver(&["score", &file, "--compare"]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    assert!(
        stdout(&o).contains("compared 0 traveller lines and 4 pairs with the published figures (MP;MP1;SeparateFields)\nklaver agrees with every published figure\n"),
        "{}",
        stdout(&o)
    );
    let o = klaver(&["score", &file]);
    let s = stdout(&o);
    assert!(
        s.contains("North-South\n") && s.contains("East-West\n"),
        "{s}"
    );
    let pbn = temp("two-winner-places.pbn");
    let o = klaver(&["convert", &file, pbn.to_str().unwrap(), "--to", "pbn"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    for input in [file.as_str(), pbn.to_str().unwrap()] {
        let o = klaver(&["score", input, "--fields", "together"]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let s = stdout(&o);
        assert!(
            !s.contains("North-South") && s.contains("1=(1NS)"),
            "{input}: {s}"
        );
    }
    // Ranked together, the file's places are not compared, and the last line says so.
    let o = klaver(&["score", &file, "--fields", "together", "--compare"]);
    let s = stdout(&o);
    assert!(
        s.contains("  warning: the file places North-South and East-West apart")
            && s.ends_with(
                "klaver agrees with every published figure it compared (not those warned of)\n"
            ),
        "{s}"
    );
    {}
}

/// A USEBIO file of two sessions, each with its boards 1 and 2, was scored as one field
/// (board 1 of the second session matchpointed against board 1 of the first, another
/// deal). It is refused, naming the sessions, and nothing is scored.
#[test]
fn a_usebio_file_of_two_sessions_is_refused() {
    let o = klaver(&["score", &data("usebio-two-sessions.xml")]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    let err = stderr(&o);
    assert!(
        err.contains("line 124: the file holds 2 sessions with results, SESSION_ID 1 (line 10) and 2 (line 124)"),
        "{err}"
    );
    assert!(stdout(&o).is_empty(), "{}", stdout(&o));
}

/// A travellers CSV with `mp_ns` and no `mp_ew` was said to publish no matchpoints:
/// the column was not read. North-South's published matchpoints are compared.
#[test]
fn compare_reads_one_sides_published_matchpoints() {
    let csv = temp("mp-ns-only.csv");
    std::fs::write(
        &csv,
        "board,ns,ew,contract,declarer,result,score,mp_ns\n1,1,2,4S,N,=,420,4\n1,3,4,4S,N,+1,450,4\n1,5,6,3NT,S,=,400,4\n",
    )
    .unwrap();
    let o = klaver(&["score", csv.to_str().unwrap(), "--compare"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("compared 3 traveller lines"), "{out}");
    assert!(
        out.contains("line 2: board 1: NS 1 v EW 2: published 4 / - matchpoints, klaver 2 / 2"),
        "{out}"
    );
}

/// A night with each line's table and round, and the pairs file with the players' ids.
fn seated_night(name: &str) -> (String, String) {
    let csv = temp(&format!("{name}.csv"));
    std::fs::write(
        &csv,
        "board,ns,ew,contract,declarer,result,score,table,round\n1,1,2,4S,N,=,420,1,1\n1,3,4,4S,N,+1,450,2,1\n2,1,4,2H,E,=,-110,1,2\n2,3,2,2H,E,+1,-140,2,2\n",
    )
    .unwrap();
    let pairs = temp(&format!("{name}-pairs.csv"));
    std::fs::write(
        &pairs,
        "pair,names,players\n1,A - B,1001+1002\n2,C - D,1003+1004\n3,E - F,1005+1006\n4,G - H,1007+1008\n",
    )
    .unwrap();
    (
        csv.to_str().unwrap().to_string(),
        pairs.to_str().unwrap().to_string(),
    )
}

/// `klaver convert` wrote `pair,names` beside a travellers CSV: the players' ids the
/// pairs file gave (which `klaver ranking` needs) were dropped without a word.
#[test]
fn converted_travellers_keep_the_players_ids_beside_them() {
    let (csv, pairs) = seated_night("ids-night");
    let out = temp("ids-out.csv");
    let o = klaver(&["convert", &csv, out.to_str().unwrap(), "--pairs", &pairs]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let beside = std::fs::read_to_string(out.with_extension("pairs.csv")).unwrap();
    assert_eq!(
        beside.lines().take(2).collect::<Vec<_>>(),
        ["pair,names,players", "1,A - B,1001+1002"],
        "{beside}"
    );
}

/// `klaver score --format json` wrote no line's table or round, and its JSON read back
/// no players' ids: converted onward to a travellers CSV, all three were gone.
#[test]
fn a_scored_json_converted_keeps_tables_rounds_and_players() {
    let (csv, pairs) = seated_night("json-night");
    let o = klaver(&["score", &csv, "--pairs", &pairs, "--format", "json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let json = temp("json-night.json");
    std::fs::write(&json, &o.stdout).unwrap();
    let back = temp("json-night-back.csv");
    let o = klaver(&["convert", json.to_str().unwrap(), back.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let travellers = std::fs::read_to_string(&back).unwrap();
    assert_eq!(
        travellers.lines().take(2).collect::<Vec<_>>(),
        [
            "board,table,round,ns,ew,contract,declarer,result,score,adjust,lead",
            "1,1,1,1,2,4S,N,=,420,,"
        ],
        "{travellers}"
    );
    let beside = std::fs::read_to_string(back.with_extension("pairs.csv")).unwrap();
    assert!(beside.contains("1,A - B,1001+1002"), "{beside}");
}

/// What a format has no place for is said, naming it: USEBIO has no table or round of
/// a line, and klaver's PBN no players' ids.
#[test]
fn what_a_format_cannot_keep_is_said() {
    let (csv, pairs) = seated_night("left-out-night");
    let xml = temp("left-out.xml");
    let o = klaver(&["convert", &csv, xml.to_str().unwrap(), "--pairs", &pairs]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("USEBIO has no place for the lines' tables and rounds"),
        "{}",
        stderr(&o)
    );
    assert!(!stderr(&o).contains("players' ids"), "{}", stderr(&o));
    let pbn = temp("left-out.pbn");
    let o = klaver(&["convert", &csv, pbn.to_str().unwrap(), "--pairs", &pairs]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // PBN keeps the ids (MemberID1, MemberID2) and the tables and rounds.
    assert!(!stderr(&o).contains("players' ids"), "{}", stderr(&o));
    assert!(!stderr(&o).contains("tables and rounds"), "{}", stderr(&o));
    // JSON and the travellers CSV keep all of it, and say nothing of it.
    for name in ["kept.json", "kept.csv"] {
        let out = temp(name);
        let o = klaver(&["convert", &csv, out.to_str().unwrap(), "--pairs", &pairs]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        assert!(!stderr(&o).contains("without"), "{}", stderr(&o));
        assert!(!stderr(&o).contains("no place"), "{}", stderr(&o));
    }
}

/// Ruter's pair 20 is a guest without a number (`-`) and Odd Mikalsen (45215). The
/// guest's seat was dropped from the pair's ids, so PBN wrote 45215 as MemberID1 (the
/// guest's), the pairs file and the JSON put it first, and USEBIO left it out. Each
/// format now keeps 45215 in the second seat, and reads it back there.
#[test]
fn a_guests_seat_survives_every_format() {
    let ruter = repo("crates/klaver-io/tests/data/ruter-2019-10-14-spiren.pbn");
    let seat = |v: &serde_json::Value| -> serde_json::Value {
        let pairs = v["pairs"].as_array().unwrap();
        pairs.iter().find(|p| p["pair"] == "20").unwrap()["players"].clone()
    };
    assert_eq!(seat(&scored(&ruter, &[]))[1], "45215");
    assert!(seat(&scored(&ruter, &[]))[0].is_null());
    for name in ["guest.pbn", "guest.usebio", "guest.json", "guest.csv"] {
        let out = temp(name);
        let o = klaver(&["convert", &ruter, out.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        assert!(
            !stderr(&o).contains("players' ids"),
            "{name}: {}",
            stderr(&o)
        );
        let back = if name.ends_with(".csv") {
            // Not scored: the sit-out lines are notes, as their boards are when scored.
            let sat_out = "note: {ruter}: line 291: board 7: pair 15 sat out this board";
            let sat_out = sat_out.replace("{ruter}", &ruter);
            assert!(stderr(&o).contains(&sat_out), "{}", stderr(&o));
            assert!(!stderr(&o).contains("warning:"), "{}", stderr(&o));
            let pairs = out.with_extension("pairs.csv");
            let text = std::fs::read_to_string(&pairs).unwrap();
            assert!(text.contains("20,Terje - Odd Mikalsen,+45215\n"), "{text}");
            scored(out.to_str().unwrap(), &["--pairs", pairs.to_str().unwrap()])
        } else {
            scored(out.to_str().unwrap(), &[])
        };
        assert_eq!(seat(&back), seat(&scored(&ruter, &[])), "{name}");
    }
    let pbn = std::fs::read(temp("guest.pbn")).unwrap();
    let pbn = String::from_utf8_lossy(&pbn);
    let row = pbn.lines().find(|l| l.contains("Mikalsen")).unwrap();
    let cells: Vec<&str> = row.split_whitespace().collect();
    assert_eq!(cells[cells.len() - 2..], ["-", "45215"], "{row}");
}
