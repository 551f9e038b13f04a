//! `klaver ranking` from the command line: a season's rankings, championship and
//! tonight's lines from the example club, and what a director sees when the input is
//! wrong.

mod common;
use common::{klaver, repo, stderr, stdout};

use std::path::PathBuf;
use std::process::Output;

/// Writes `text` to a fresh file in the target directory and returns its path.
fn temp_file(name: &str, text: &str) -> PathBuf {
    common::temp_file("ranking_cli", name, text)
}

/// `klaver ranking` of the example club's settings with the sessions in `sessions`.
fn with_club(sessions: &std::path::Path, extra: &[&str]) -> Output {
    let settings = repo("examples/club.toml");
    let mut args = vec![
        "ranking",
        "--settings",
        &settings,
        sessions.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    klaver(&args)
}

/// `klaver ranking` of the example club with its example sessions.
fn example(extra: &[&str]) -> Output {
    with_club(
        std::path::Path::new(&repo("examples/ranking-sessions.csv")),
        extra,
    )
}

const TONIGHT: &str =
    "1001+1002,1003+1004,1005+1006,1007+1008,1009+1010,1011+1012,1013+1014,1015+1016,1017+1018";

#[test]
fn the_example_club_in_text() {
    let o = example(&["--present", TONIGHT]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.starts_with("Playing moment tuesday, season 2025-2026: 4 sessions"),
        "{out}"
    );
    // 1001 started from 78: 92.34 87.72 93.74 81.54 and one replacement 78, Z = 5.
    assert!(
        out.contains("   1  1001 Jansen         86.67       4  92.34 87.72 93.74 81.54"),
        "{out}"
    );
    // min 3, x 1: four sessions played drop the worst one. The two players of a fixed
    // pair, equal in everything, share the first place: neither is champion by the
    // order of their ids.
    assert!(
        out.contains("   1=  1001 Jansen         91.27        3        1  yes\n   1=  1002 de Vries       91.27        3        1  yes\n   3=  1009"),
        "{out}"
    );
    // Equal rankings share their place too; a player alone on a ranking has his own.
    assert!(
        out.contains("    2  1002 de Vries       82.72       4  92.34 87.72 93.74 63.82\n   3=  1009 de Groot       82.39       4  86.98 84.64 81.06 89.26\n   3=  1010 Bos            82.39       4  86.98 84.64 81.06 89.26\n    5  1003 Bakker"),
        "{out}"
    );
    assert!(out.contains("  18  1018 Dijkstra       63.82        1        0  not yet: played 1 of the 3 sessions needed (2 to go)"), "{out}");
    // me 4, inv 1: three nights together and one with a substitute (1004 away) count;
    // a night on which both played with someone else does not.
    assert!(
        out.contains("   2  1003+1004 Bakker - Visser                         81.23         3            1        0  yes"),
        "{out}"
    );
    assert!(out.contains("   8  1001+1002 Jansen - de Vries                       91.27         3            0        0  not yet: 3 together and 0 with a substitute of the 4 needed (1 to go)"), "{out}");
    // The threesome counts the nights any two of its three played together.
    assert!(
        out.contains("   6  1013+1014+1017 Hendriks - van Leeuwen - de Wit    67.75         4            0        0  yes"),
        "{out}"
    );
    assert!(
        out.contains("Lines for tonight\n  Line  Pair                              Ranking\n  A     1001+1002 Jansen - de Vries        169.39\n  A     1009+1010 de Groot - Bos           164.77\n"),
        "{out}"
    );
    // The teams moment is ranked side by side: T1 (strength 73.5) met two teams of 70.
    assert!(
        out.contains("Playing moment teams, season 2025-2026: 1 session\n"),
        "{out}"
    );
    assert!(
        out.contains("   1  1001 Jansen      77.26       1  74.29"),
        "{out}"
    );
}

#[test]
fn the_example_club_as_json() {
    let o = example(&[
        "--format",
        "json",
        "--moment",
        "tuesday",
        "--present",
        TONIGHT,
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let doc: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(doc["moment"], "tuesday");
    assert_eq!(doc["players"][0]["player"], "1001");
    assert_eq!(doc["players"][0]["name"], "Jansen");
    let r = doc["players"][0]["ranking"].as_f64().unwrap();
    assert!((r - 86.668).abs() < 0.01, "{r}");
    let first = &doc["championship"]["individual"][0];
    assert_eq!(first["player"], "1001");
    assert_eq!(first["eligible"], true);
    let last = doc["championship"]["pairs"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()
        .clone();
    assert_eq!(last["eligible"], false);
    assert!(
        last["reason"]
            .as_str()
            .unwrap()
            .contains("with a substitute")
    );
    assert_eq!(doc["lines"][1]["line"], "B");
    assert_eq!(doc["rankings"].as_array().unwrap().len(), 1);
    // The top-integral night gives the group A+B 100-50.
    let night = &doc["sessions"][2];
    assert_eq!(night["awards"][0]["line"], "A+B");
}

#[test]
fn the_example_club_as_html() {
    let o = example(&["--format", "html"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with("<!DOCTYPE html>"));
    assert!(out.contains("<h2>Club championship, individual (min 3, x 1)</h2>"));
    assert!(
        out.contains("<td>1001 Jansen</td><td class=\"n\">86.67</td>"),
        "{out}"
    );
}

#[test]
fn the_example_club_in_dutch() {
    let o = example(&["--moment", "tuesday", "--present", TONIGHT, "--lang", "nl"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.starts_with("Speelmoment tuesday, seizoen 2025-2026: 4 zittingen\nRekenmethode naar rato, gebalanceerd; G 100.00, B 40.00, S 10.00, 2 lijnen; Z 5; vervangende ranking 70.00\n\nRanking spelers\n    #  Speler            Ranking  Gespeeld  Laatste punten\n    1  1001 Jansen         86.67         4  92.34 87.72 93.74 81.54\n"),
        "{out}"
    );
    for line in [
        "\nRanking paren en driemanschappen\n   #  Paar                                            Ranking  Verloop\n",
        "\nClubkampioenschap, individueel (min 3, x 1)\n    #  Speler            Gemiddelde  Geteld  Afvalscores  In aanmerking\n   1=  1001 Jansen            91.27       3            1  ja\n",
        "  18  1018 Dijkstra          63.82       1            0  nog niet: 1 van de 3 benodigde zittingen gespeeld (nog 2)\n",
        "\nClubkampioenschap, paren en driemanschappen (me 4, inv 1, y 1)\n",
        "   8  1001+1002 Jansen - de Vries                          91.27           3             0            0  nog niet: 3 met elkaar en 0 met een invaller van de 4 benodigde (nog 1)\n",
        "\nLijnindeling vanavond\n  Lijn  Paar                              Ranking\n  A     1001+1002 Jansen - de Vries        169.39\n",
    ] {
        assert!(out.contains(line), "{line:?} not in\n{out}");
    }
    let o = example(&["--moment", "tuesday", "--points", "--lang", "nl"]);
    assert!(
        stdout(&o).contains("\nZitting 2025-09-02 (paren)\n  Lijn  Paar                              Score  Rankingpunten\n"),
        "{}",
        stdout(&o)
    );
    let o = example(&["--moment", "teams", "--points", "--lang", "nl"]);
    assert!(
        stdout(&o).contains("(viertallen)\n  Team  Spelers"),
        "{}",
        stdout(&o)
    );
    let html = stdout(&example(&["--format", "html", "--lang", "nl"]));
    assert!(html.contains("<html lang=\"nl\">"), "{html}");
    assert!(html.contains("<h2>Clubkampioenschap, individueel (min 3, x 1)</h2>"));
    // The JSON is for programs: its keys and reasons stay as they are.
    assert_eq!(
        stdout(&example(&["--format", "json", "--lang", "nl"])),
        stdout(&example(&["--format", "json"]))
    );
}

#[test]
fn bad_sessions_are_reported_and_nothing_is_ranked() {
    let bad = temp_file(
        "bad.csv",
        "date,moment,line,players,score\n\
         2025-09-02,tuesday,A,1001+1002,58\n\
         2025-09-02,tuesday,A,1003+1001,101\n\
         2025-09-02,tuesday,B,1005+1006,50\n",
    );
    let o = with_club(&bad, &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stdout(&o).is_empty());
    let err = stderr(&o);
    assert!(err.contains("nothing was ranked"), "{err}");
    assert!(
        err.contains(
            "bad.csv line 3: session 2025-09-02 tuesday: player 1001 also plays in pair 1001+1002"
        ),
        "{err}"
    );
    assert!(
        err.contains(
            "bad.csv line 3: session 2025-09-02 tuesday: score 101.00 is outside 0 to 100 %"
        ),
        "{err}"
    );
    assert!(
        err.contains("bad.csv line 4: session 2025-09-02 tuesday: line B has only one pair"),
        "{err}"
    );
    // Written YYYY-MM-DD, but no day of the calendar: said so, not that it is miswritten.
    let no_day = temp_file(
        "no-day.csv",
        "date,moment,line,players,score\n2025-02-29,tuesday,A,1001+1002,58\n2025-02-29,tuesday,A,1003+1004,42\n",
    );
    let err = stderr(&with_club(&no_day, &[]));
    assert!(
        err.contains(
            "no-day.csv line 2: date `2025-02-29` is not a day of the calendar written YYYY-MM-DD"
        ),
        "{err}"
    );
}

/// A top-integral group is named as the director writes it, `A+B`, never `AB` (which
/// the sessions file refuses as a line).
#[test]
fn a_lone_top_integral_group_is_named_with_its_plus() {
    let bad = temp_file(
        "lone-group.csv",
        "date,moment,line,players,score\n\
         2025-09-02,tuesday,C,1001+1002,58\n\
         2025-09-02,tuesday,C,1003+1004,42\n\
         2025-09-02,tuesday,A+B,1005+1006,50\n",
    );
    let o = with_club(&bad, &[]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains(
            "lone-group.csv line 4: session 2025-09-02 tuesday: line A+B has only one pair;"
        ),
        "{err}"
    );
}

/// A line scored both on its own and in a top-integral group is told at the row that
/// makes the conflict, with the group that took the line first.
#[test]
fn a_line_in_two_groups_names_the_row() {
    let bad = temp_file(
        "two-groups.csv",
        "date,moment,line,players,score\n\
         2025-09-02,tuesday,A+B,1001+1002,58\n\
         2025-09-02,tuesday,A+B,1003+1004,42\n\
         2025-09-02,tuesday,B,1005+1006,50\n\
         2025-09-02,tuesday,B,1007+1008,50\n",
    );
    let o = with_club(&bad, &[]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("two-groups.csv line 4: session 2025-09-02 tuesday: line B belongs to two groups, A+B (line 2) and B;"),
        "{err}"
    );
}

/// A team of three is told at its first row, with its other rows.
#[test]
fn a_team_of_three_names_its_rows() {
    let bad = temp_file(
        "team-of-three.csv",
        "date,moment,players,score,team,opponent\n\
         2025-09-04,teams,1001+1002+1003+1004,14,T1,T2\n\
         2025-09-04,teams,1005+1006+1007,6,T2,T1\n\
         2025-09-04,teams,1001+1002+1003+1004,10,T1,T2\n\
         2025-09-04,teams,1005+1006,10,T2,T1\n",
    );
    let o = with_club(&bad, &[]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("team-of-three.csv line 3: session 2025-09-04 teams: team T2 has 3 players (its other rows: line 5); a team has at least four: list all its players"),
        "{err}"
    );
}

/// A match whose VP do not add up to 20 is ranked as given, with a warning; the example
/// club's matches, which do, give none.
#[test]
fn a_match_not_adding_up_to_20_vp_is_warned_of() {
    let odd = temp_file(
        "odd-vp.csv",
        "date,moment,players,score,team,opponent\n\
         2025-09-04,teams,1001+1002+1003+1004,14,T1,T2\n\
         2025-09-04,teams,1005+1006+1007+1008,14,T2,T1\n",
    );
    let o = with_club(&odd, &["--moment", "teams"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains("odd-vp.csv line 3: session 2025-09-04 teams: teams T1 and T2 scored 14.00 and 14.00 VP in their match (line 2 and this row), 28.00 together; on the 20-VP scale a match gives 20 VP together"),
        "{err}"
    );
    assert!(!stderr(&example(&["--moment", "teams"])).contains("VP"));
}

/// New pairs, all on the replacement ranking, split between two lines by the order they
/// are listed in: the director is told which went where, and the lines stand.
#[test]
fn pairs_tied_across_a_line_boundary_are_warned_of() {
    let o = example(&[
        "--moment",
        "tuesday",
        "--present",
        "1001+1002,2001+2002,2003+2004,2005+2006,2007+2008",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains("warning: --present: pairs of the same ranking 140.00 are split between lines A and B: 2001+2002, 2003+2004 in line A, 2005+2006, 2007+2008 in line B, by their order in the pairs present; to put another of them in line A, list it earlier"),
        "{err}"
    );
    let out = stdout(&o);
    assert!(
        out.contains("  A     2003+2004                     140.00\n  B     2005+2006"),
        "{out}"
    );
    assert!(!stderr(&example(&["--present", TONIGHT])).contains("same ranking"));
}

#[test]
fn a_sessions_file_that_is_not_utf8_names_its_line() {
    let path = common::temp_path("ranking_cli", "latin1.csv");
    let mut bytes = b"date,moment,line,players,score\n2025-09-02,tuesday,A,1001+1002,58\n".to_vec();
    bytes.extend_from_slice(b"2025-09-02,tuesday,A,1003+1004,42 # M\xfcller\n");
    std::fs::write(&path, bytes).unwrap();
    let o = with_club(&path, &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stdout(&o).is_empty());
    let err = stderr(&o);
    assert!(
        err.contains("latin1.csv line 3: not UTF-8 text") && err.contains("CSV UTF-8"),
        "{err}"
    );
}

#[test]
fn a_setting_out_of_range_names_its_line() {
    let toml = std::fs::read_to_string(repo("examples/club.toml"))
        .unwrap()
        .replace("st_pairs = 63.5", "st_pairs = 45");
    let settings = temp_file("club.toml", &toml);
    let o = klaver(&[
        "ranking",
        "--settings",
        settings.to_str().unwrap(),
        &repo("examples/ranking-sessions.csv"),
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("club.toml line 14: setting `st_pairs` = 45.00 is out of range"),
        "{err}"
    );
}

/// The refusals before anything is ranked, word for word: settings missing beside session
/// files, a playing moment the settings do not have, a file that cannot be read, and
/// files without a session in each format.
#[test]
fn what_is_refused_before_ranking_is_said_exactly() {
    let settings = repo("examples/club.toml");
    let sessions = repo("examples/ranking-sessions.csv");
    let refused = |args: &[&str], message: &str| {
        let mut all = vec!["ranking"];
        all.extend_from_slice(args);
        let o = klaver(&all);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stdout(&o).is_empty(), "{args:?}");
        assert_eq!(stderr(&o), format!("klaver: {message}\n"), "{args:?}");
    };
    refused(
        &[&sessions],
        "--settings is needed with session files: the club's ranking settings (TOML)",
    );
    refused(
        &["--settings", &settings, "--moment", "friday", &sessions],
        &format!("--moment friday: no such playing moment in {settings}"),
    );
    let missing = common::temp_path("ranking_cli", "missing.csv");
    let _ = std::fs::remove_file(&missing);
    let missing = missing.to_str().unwrap();
    refused(
        &["--settings", &settings, missing],
        &format!("cannot read {missing}: No such file or directory (os error 2)"),
    );
    let empty = temp_file("empty.csv", "date,moment,line,players,score\n");
    for format in ["text", "json", "html"] {
        refused(
            &[
                "--settings",
                &settings,
                empty.to_str().unwrap(),
                "--format",
                format,
            ],
            "no sessions to rank: give session files",
        );
    }
}

#[test]
fn too_few_pairs_for_the_lines() {
    let o = example(&["--present", "1001+1002,1003+1004,1005+1006", "--lines", "2"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("3 pairs cannot play in 2 lines"),
        "{}",
        stderr(&o)
    );
}

/// `--lines` is 1 to 26 and puts tonight's pairs (`--present`) into lines: any other
/// number, or `--lines` alone, is refused rather than cut or ignored.
#[test]
fn lines_out_of_range_or_without_present_are_refused() {
    for (extra, said) in [
        (
            &["--present", TONIGHT, "--lines", "0"][..],
            "--lines 0: tonight's pairs play in 1 to 26 lines (A to Z)",
        ),
        (
            &["--present", TONIGHT, "--lines", "27"][..],
            "--lines 27: tonight's pairs play in 1 to 26 lines (A to Z)",
        ),
        (
            &["--lines", "2"][..],
            "--lines needs --present: give tonight's pairs to put into lines",
        ),
    ] {
        let o = example(extra);
        assert_eq!(o.status.code(), Some(2), "{extra:?}: {}", stderr(&o));
        assert!(stdout(&o).is_empty(), "{extra:?}");
        assert!(stderr(&o).contains(said), "{extra:?}: {}", stderr(&o));
    }
}

/// Scores `travellers` with `klaver score` (plus `form` arguments) and a pairs file that
/// gives pairs 1 to `pairs` the player ids `base + 2p` and `base + 2p + 1`, then ranks
/// the JSON with the example club: both JSON documents.
fn score_then_rank(
    name: &str,
    travellers: &str,
    form: &[&str],
    pairs: u32,
    base: u32,
) -> (serde_json::Value, serde_json::Value) {
    let mut file = String::from("pair,names,players\n");
    for p in 1..=pairs {
        file.push_str(&format!(
            "{p},Pair {p},{}+{}\n",
            base + 2 * p,
            base + 2 * p + 1
        ));
    }
    let pairs = temp_file(&format!("{name}-pairs.csv"), &file);
    let json = temp_file(&format!("{name}.json"), "");
    let mut args = vec!["score", travellers];
    args.extend_from_slice(form);
    args.extend_from_slice(&[
        "--pairs",
        pairs.to_str().unwrap(),
        "--date",
        "2025-09-30",
        "--format",
        "json",
        "--output",
        json.to_str().unwrap(),
    ]);
    let o = klaver(&args);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let scored = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let settings = repo("examples/club.toml");
    let o = klaver(&[
        "ranking",
        "--settings",
        &settings,
        json.to_str().unwrap(),
        "--moment",
        "tuesday",
        "--format",
        "json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    (scored, serde_json::from_str(&stdout(&o)).unwrap())
}

#[test]
fn a_session_scored_by_klaver_score() {
    // The seed's session, scored with player ids in the pairs file, then ranked.
    let travellers = repo("crates/klaver-io/tests/data/fonteintje-controlestaat.csv");
    let (scored, doc) = score_then_rank("night", &travellers, &["--notation", "nl"], 14, 2000);
    assert_eq!(
        scored["pairs"][0]["players"],
        serde_json::json!(["2014", "2015"])
    );
    assert_eq!(scored["pairs"][0]["percentage_exact"], "450/7");
    // Pair 7 won with 450/7 %: one line of nominal two (100-50, mid 75, Bz 50):
    // 75 + (450/7 − 50) / 13.5 × 25 = 75 + 2500/94.5, and Z = 5 with 70 replacements.
    assert_eq!(doc["players"][0]["player"], "2014");
    let pts = doc["sessions"][0]["awards"][0]["points"].as_f64().unwrap();
    assert!((pts - (75.0 + 2500.0 / 94.5)).abs() < 1e-9, "{pts}");
}

/// Seed 002: "De samenvoeging van lijnen tot top-integrale groepen heeft als gevolg het
/// samenvoegen van de intervallen voor rankingpunten" (lines merged into a top-integral
/// group merge their intervals). In the balanced formula the group's width Bt takes
/// the place of the line width Bz, so that ST still earns the group's top: three lines
/// (100-60, 90-50, 80-40) scored as one group span 100-40, Bt = 60, middle 70.
#[test]
fn a_top_integral_group_is_balanced_over_its_merged_interval() {
    let settings = temp_file(
        "group.toml",
        "lines = 3\nmethod = \"balanced\"\nz = 1\nmin = 1\nx = 0\n[[moment]]\nname = \"m\"\nform = \"pairs\"\n",
    );
    let sessions = temp_file(
        "group.csv",
        "date,moment,line,players,score\n\
         2025-09-02,m,A+B+C,p1+p2,63.5\n\
         2025-09-02,m,A+B+C,p3+p4,50\n\
         2025-09-02,m,A+B+C,p5+p6,36.5\n\
         2025-09-02,m,A+B+C,p7+p8,57\n",
    );
    let out = klaver(&[
        "ranking",
        sessions.to_str().unwrap(),
        "--settings",
        settings.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let doc: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let awards = doc["sessions"][0]["awards"].as_array().unwrap();
    let points = |unit: &str| {
        let a = awards.iter().find(|a| a["unit"] == unit).unwrap();
        a["points"].as_f64().unwrap()
    };
    // 70 + (S − 50) / 13.5 × 30: 63.5 % earns the group's top, 36.5 % its bottom.
    assert_eq!(points("p1+p2"), 100.0);
    assert_eq!(points("p3+p4"), 70.0);
    assert_eq!(points("p5+p6"), 40.0);
    assert!((points("p7+p8") - (70.0 + 7.0 / 13.5 * 30.0)).abs() < 1e-9);
}

#[test]
fn a_butler_session_scored_by_klaver_score() {
    let travellers = repo("crates/klaver/tests/data/butler-board.csv");
    let (scored, doc) = score_then_rank("butler", &travellers, &["--form", "butler"], 18, 3000);
    assert_eq!(doc["sessions"][0]["form"], "butler");
    // One line of nominal two: 100-50, Bz 50; balanced: 75 + G-IMP / 2.0 × 25.
    for p in scored["pairs"].as_array().unwrap() {
        let Some(g) = p["imps_per_board"].as_f64() else {
            continue;
        };
        let unit = p["players"].as_array().unwrap();
        let unit = format!(
            "{}+{}",
            unit[0].as_str().unwrap(),
            unit[1].as_str().unwrap()
        );
        let award = doc["sessions"][0]["awards"]
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["unit"] == unit.as_str())
            .unwrap();
        let pts = award["points"].as_f64().unwrap();
        assert!(
            (pts - (75.0 + g * 12.5)).abs() < 1e-9,
            "{unit}: {pts} for {g}"
        );
    }
}

#[test]
fn each_session_with_points_and_a_teams_night_in_detail() {
    let o = example(&["--moment", "teams", "--points"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    // T1: strength (78 + 76 + 70 + 70) / 4 = 73.5 against two teams of 70: 14 and 9 VP
    // are 4/7 × 20 and −1/7 × 20, so 70 + 30/7 = 74.29.
    assert!(
        out.contains("  T1    1001+1002+1003+1004 Jansen - de Vries - Bakker - Visser     73.50       70.00  11.43 -2.86   74.29"),
        "{out}"
    );
}

#[test]
fn a_new_season_starts_from_last_seasons_standing() {
    let toml = "z = 2\n[[season]]\nname = \"2024-2025\"\nstart = 2024-09-01\nend = 2025-08-31\n\
                [[season]]\nname = \"2025-2026\"\nstart = 2025-09-01\nend = 2026-08-31\n";
    let settings = temp_file("seasons.toml", toml);
    let csv = temp_file(
        "seasons.csv",
        "date,line,players,score\n\
         2025-05-06,A,1+2,63.5\n2025-05-06,A,3+4,36.5\n\
         2025-09-02,A,1+3,50\n2025-09-02,A,2+4,50\n",
    );
    let run = |extra: &[&str]| {
        let mut args = vec![
            "ranking",
            "--settings",
            settings.to_str().unwrap(),
            csv.to_str().unwrap(),
            "--format",
            "json",
        ];
        args.extend_from_slice(extra);
        let o = klaver(&args);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        serde_json::from_str::<serde_json::Value>(&stdout(&o)).unwrap()
    };
    let ranking = |doc: &serde_json::Value, id: &str| {
        doc["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["player"] == id)
            .unwrap()["ranking"]
            .as_f64()
            .unwrap()
    };
    // Last season, one line of nominal three (100-40): 63.5 % is 100, so player 1 ends
    // at (70 + 100) / 2 = 85; this season starts there: 50 % is 70, (85 + 70) / 2.
    let old = run(&["--season", "2024-2025"]);
    assert_eq!(old["season"], "2024-2025");
    assert_eq!(ranking(&old, "1"), 85.0);
    let new = run(&[]);
    assert_eq!(new["season"], "2025-2026");
    assert_eq!(ranking(&new, "1"), 77.5);
    assert_eq!(ranking(&new, "4"), 62.5);
}

#[test]
fn every_moment_in_one_json_report_as_each_alone() {
    let o = example(&["--format", "json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let doc: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let rankings = doc["rankings"].as_array().unwrap();
    let moments: Vec<&str> = rankings
        .iter()
        .map(|r| r["moment"].as_str().unwrap())
        .collect();
    assert_eq!(moments, ["tuesday", "teams"]);
    // The report opens with the first moment's standing.
    for (key, value) in rankings[0].as_object().unwrap() {
        assert_eq!(&doc[key], value, "{key}");
    }
    // Each moment ranked alone is the same as in the whole club's report.
    for (i, moment) in moments.iter().enumerate() {
        let o = example(&["--format", "json", "--moment", moment]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let alone: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
        assert_eq!(alone["rankings"][0], rankings[i], "{moment}");
    }
}

#[test]
fn a_report_that_cannot_be_made_writes_no_file() {
    let out = common::temp_file("ranking_cli", "never.json", "");
    std::fs::remove_file(&out).unwrap();
    let o = example(&[
        "--format",
        "json",
        "--season",
        "1999",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("--season 1999: no such season"),
        "{}",
        stderr(&o)
    );
    assert!(!out.exists());
    // Tonight's lines cannot be made: the report fails at its head, and the report
    // written before stays as it was.
    let earlier = common::temp_file("ranking_cli", "earlier.json", "{}\n");
    let o = example(&[
        "--format",
        "json",
        "--present",
        "1001+1002,1003+1004,1005+1006",
        "--lines",
        "2",
        "-o",
        earlier.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("3 pairs cannot play in 2 lines"),
        "{}",
        stderr(&o)
    );
    assert_eq!(std::fs::read_to_string(&earlier).unwrap(), "{}\n");
    let dir = earlier.parent().unwrap();
    assert!(!dir.join("earlier.json.partial").exists());
    // A session that only the ranking's checks refuse, of a playing moment not asked
    // for, stops the ranking too: every session is checked.
    let bad = temp_file(
        "lone-pair.csv",
        "date,moment,line,players,score\n\
         2025-09-02,tuesday,A,1001+1002,58\n\
         2025-09-02,tuesday,A,1003+1004,42\n\
         2025-09-02,tuesday,B,1005+1006,50\n",
    );
    let o = with_club(
        &bad,
        &[
            "--moment",
            "teams",
            "--format",
            "json",
            "-o",
            out.to_str().unwrap(),
        ],
    );
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    let err = stderr(&o);
    assert!(err.contains("nothing was ranked"), "{err}");
    assert!(err.contains("line B has only one pair"), "{err}");
    assert!(!out.exists());
}

#[test]
fn a_json_report_to_a_file_is_whole() {
    let out = common::temp_file("ranking_cli", "whole.json", "an older report");
    let o = example(&["--format", "json", "-o", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let written = std::fs::read_to_string(&out).unwrap();
    assert_eq!(written, stdout(&example(&["--format", "json"])));
    assert!(!out.parent().unwrap().join("whole.json.partial").exists());
}

#[cfg(unix)]
#[test]
fn a_json_report_through_a_symbolic_link_keeps_the_link() {
    let target = common::temp_file("ranking_cli", "linked.json", "an older report");
    let link = common::temp_path("ranking_cli", "link.json");
    let _ = std::fs::remove_file(&link);
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let o = example(&["--format", "json", "-o", link.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    let written = std::fs::read_to_string(&target).unwrap();
    assert_eq!(written, stdout(&example(&["--format", "json"])));
}

/// Equal standings share a place in the JSON as in the text: `rank` and `tied` on every
/// player, pair and championship entry.
#[test]
fn equal_standings_share_their_place_in_the_json() {
    let o = example(&["--moment", "tuesday", "--format", "json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let places = |list: &serde_json::Value, n: usize| -> Vec<(u64, bool)> {
        let list = list.as_array().unwrap();
        let place = |e: &serde_json::Value| (e["rank"].as_u64().unwrap(), e["tied"] == true);
        list.iter().take(n).map(place).collect()
    };
    assert_eq!(
        places(&v["championship"]["individual"], 5),
        [(1, true), (1, true), (3, true), (3, true), (5, false)]
    );
    assert_eq!(
        places(&v["players"], 5),
        [(1, false), (2, false), (3, true), (3, true), (5, false)]
    );
    assert_eq!(places(&v["pairs"], 2), [(1, false), (2, false)]);
    assert_eq!(places(&v["championship"]["pairs"], 1), [(1, false)]);
}

/// The JSON report byte for byte as stored in `tests/data/ranking-json` (laid out as the
/// serde_json pretty printer the report was first made with lays it out): the example club with
/// tonight's lines and every history, with only the last history entry, and a club
/// whose player ids JSON must escape (a quote, a backslash, a tab) or need not (`é`,
/// `/`, `~`, `</script>`). (An id holding DEL, a character that shows nothing, is
/// refused when read.)
#[test]
fn the_json_report_is_written_byte_for_byte_as_stored() {
    let data = |name: &str| repo(&format!("crates/klaver/tests/data/{name}"));
    let odd = data("ranking-odd-ids.csv");
    let cases: [(&[&str], &str); 3] = [
        (
            &["--present", TONIGHT, "--points", "--format", "json"],
            "example-tonight.json",
        ),
        (
            &["--history", "1", "--format", "json"],
            "example-history-1.json",
        ),
        (&["--format", "json"], "odd-ids.json"),
    ];
    for (k, (args, stored)) in cases.into_iter().enumerate() {
        let o = if k == 2 {
            with_club(std::path::Path::new(&odd), args)
        } else {
            example(args)
        };
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let want = std::fs::read_to_string(data(&format!("ranking-json/{stored}"))).unwrap();
        assert!(stdout(&o) == want, "{stored} differs");
    }
}

/// Every `history` array in a JSON report, taken out.
fn take_histories(v: &mut serde_json::Value, out: &mut Vec<serde_json::Value>) {
    match v {
        serde_json::Value::Object(map) => {
            out.extend(map.remove("history"));
            for x in map.values_mut() {
                take_histories(x, out);
            }
        }
        serde_json::Value::Array(items) => {
            for x in items {
                take_histories(x, out);
            }
        }
        _ => {}
    }
}

/// Without histories (`--history 0`, which leaves the rankings after every night
/// unmade) every ranking, championship and award is what it is with them. Two seasons
/// (the second starts from the first's final rankings), a teams night, a threesome, and
/// the dynamic method (which ranks a night's lines by the rankings before it).
#[test]
fn rankings_without_histories_are_the_same() {
    let toml = std::fs::read_to_string(repo("examples/club.toml")).unwrap();
    let seasons = "[[season]]\nname = \"early\"\nstart = 2025-09-01\nend = 2025-09-10\n\n\
                   [[season]]\nname = \"late\"\nstart = 2025-09-11\nend = 2026-08-31\n";
    let head = &toml[..toml.find("[[season]]").unwrap()];
    assert!(head.contains("method = \"balanced\"") && head.contains("threesomes"));
    for method in ["balanced", "dynamic"] {
        let text = format!("{head}{seasons}")
            .replace("method = \"balanced\"", &format!("method = \"{method}\""));
        let settings = temp_file(&format!("two-seasons-{method}.toml"), &text);
        let run = |extra: &[&str]| {
            let sessions = repo("examples/ranking-sessions.csv");
            let mut args = vec!["ranking", "--settings", settings.to_str().unwrap()];
            args.extend_from_slice(&[&sessions, "--format", "json"]);
            args.extend_from_slice(extra);
            let o = klaver(&args);
            assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
            serde_json::from_str::<serde_json::Value>(&stdout(&o)).unwrap()
        };
        for season in ["early", "late"] {
            let (mut with, mut without) = (
                run(&["--season", season]),
                run(&["--season", season, "--history", "0"]),
            );
            let (mut kept, mut left_out) = (Vec::new(), Vec::new());
            take_histories(&mut with, &mut kept);
            take_histories(&mut without, &mut left_out);
            assert!(
                kept.iter()
                    .any(|h| h.as_array().is_some_and(|h| !h.is_empty()))
            );
            assert!(left_out.iter().all(|h| h == &serde_json::json!([])));
            assert_eq!(kept.len(), left_out.len());
            assert_eq!(with, without, "method {method}, season {season}");
        }
    }
}

/// A night's rows given in two files, one per line (and a teams night's matches, half
/// in each), are one session: the report is the one the rows give in one file, as text
/// and as JSON.
#[test]
fn a_nights_rows_in_two_files_are_one_session() {
    let text = std::fs::read_to_string(repo("examples/ranking-sessions.csv")).unwrap();
    let (header, rows) = text.split_once('\n').unwrap();
    // Each night's rows in the order given, with their line (none on a teams night).
    let mut nights: Vec<(&str, Vec<(&str, &str)>)> = Vec::new();
    for row in rows.lines() {
        let fields: Vec<&str> = row.splitn(4, ',').collect();
        let night = &row[..fields[0].len() + 1 + fields[1].len()];
        match nights.last_mut() {
            Some((n, rows)) if *n == night => rows.push((fields[2], row)),
            _ => nights.push((night, vec![(fields[2], row)])),
        }
    }
    let split = |rows: &[(&str, &str)]| -> usize {
        match rows[0].0 {
            // A teams night: its first matches in one file, the rest in the other.
            "" => rows.len() / 2,
            // A pairs night: its first line in one file, its other lines in the other.
            first => rows.iter().take_while(|(line, _)| *line == first).count(),
        }
    };
    assert!(nights.iter().filter(|(_, r)| split(r) < r.len()).count() > 3);
    let (mut first, mut second) = (format!("{header}\n"), format!("{header}\n"));
    for (_, rows) in &nights {
        let (a, b) = rows.split_at(split(rows));
        for (_, row) in a {
            first.push_str(row);
            first.push('\n');
        }
        for (_, row) in b {
            second.push_str(row);
            second.push('\n');
        }
    }
    let first = temp_file("first-halves.csv", &first);
    let second = temp_file("second-halves.csv", &second);
    let settings = repo("examples/club.toml");
    for format in ["text", "json"] {
        let whole = example(&["--format", format]);
        let parts = klaver(&[
            "ranking",
            "--settings",
            &settings,
            first.to_str().unwrap(),
            second.to_str().unwrap(),
            "--format",
            format,
        ]);
        assert_eq!(whole.status.code(), Some(0), "{}", stderr(&whole));
        assert_eq!(parts.status.code(), Some(0), "{}", stderr(&parts));
        assert_eq!(stdout(&parts), stdout(&whole), "{format}");
    }
}

#[test]
fn a_column_klaver_does_not_read_is_a_warning_on_the_header() {
    // A sessions file with a column of notes: ranked as without it, and the director
    // told that the column is not read.
    let text = std::fs::read_to_string(repo("examples/ranking-sessions.csv")).unwrap();
    let mut lines = text.lines();
    let header = lines.next().unwrap();
    let mut with_notes = format!("# the club's sessions\n{header},notes\n");
    for l in lines {
        with_notes.push_str(&format!("{l},\n"));
    }
    let f = temp_file("sessions-with-notes.csv", &with_notes);
    let o = with_club(&f, &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let plain = example(&[]);
    assert_eq!(stdout(&o), stdout(&plain));
    let e = stderr(&o);
    assert!(
        e.contains("warning: ")
            && e.contains("sessions-with-notes.csv line 2: the column notes is not read"),
        "{e}"
    );
    assert!(!stderr(&plain).contains("warning"), "{}", stderr(&plain));
}

/// A threesome or fixed pair in the settings with a player who plays in none of the
/// sessions ranked (a mistyped id, most often) is a warning naming the entry and the
/// player: it would otherwise quietly change the championship (the real threesome
/// split into pairs, a pair of one player ranked). The example's own threesome, whose
/// players all play, says nothing.
#[test]
fn a_threesome_or_pair_with_a_player_in_no_session_is_said() {
    let settings = std::fs::read_to_string(repo("examples/club.toml")).unwrap();
    let mistyped = settings.replace(
        "threesomes = [\"1013+1014+1017\"]",
        "threesomes = [\"1013+1014+1071\"]\npairs = [\"1001+1002\", \"1099+1003\"]",
    );
    assert_ne!(mistyped, settings);
    let f = temp_file("club-mistyped.toml", &mistyped);
    let sessions = repo("examples/ranking-sessions.csv");
    let o = klaver(&["ranking", "--settings", f.to_str().unwrap(), &sessions]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let name = f.display();
    assert_eq!(
        stderr(&o),
        format!(
            "warning: {name}: threesome 1013+1014+1071: player 1071 plays in none of the sessions: check the id\n\
             warning: {name}: pair 1099+1003: player 1099 plays in none of the sessions: check the id\n"
        )
    );
    assert_eq!(stderr(&example(&[])), "");
}

/// A player present tonight who plays in none of the sessions (a mistyped id, most
/// often) is a warning naming the player. A replacement ranking for such a player is
/// not: a new member is given a start before their first night.
#[test]
fn a_present_player_in_no_session_is_said() {
    let settings = std::fs::read_to_string(repo("examples/club.toml")).unwrap();
    let mistyped = settings.replace("1002 = 76", "1002 = 76\n1020 = 65");
    assert_ne!(mistyped, settings);
    let f = temp_file("club-replacement.toml", &mistyped);
    let sessions = repo("examples/ranking-sessions.csv");
    let present = "1001+1002,1003+1004,1005+1006,1007+1099";
    let o = klaver(&[
        "ranking",
        "--settings",
        f.to_str().unwrap(),
        &sessions,
        "--present",
        present,
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        format!(
            "warning: --present: player 1099 plays in none of the sessions: check the id (a player new to the club starts from the replacement ranking)\n"
        )
    );
}

/// A pair of `klaver score`'s JSON that played no board is not ranked, and is said.
#[test]
fn a_pair_that_played_no_board_is_a_warning() {
    let json = temp_file(
        "no-board.json",
        r#"{"date":"2025-09-02","boards":[],"pairs":[
            {"pair":"1","section":"","players":["1001","1002"],"percentage_exact":"55","boards":2},
            {"pair":"2","section":"","players":["1003","1004"],"percentage_exact":"45","boards":2},
            {"pair":"5","section":"","players":["1009","1010"],"percentage":null,"boards":0}]}"#,
    );
    let o = with_club(&json, &["--moment", "tuesday"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains("warning: ")
            && err.contains("no-board.json: pair 5 played no board: not ranked"),
        "{err}"
    );
}

/// A night's JSON with pairs not ranked and errors says the warnings first, in the
/// order of its pairs list, then the errors, and ranks nothing; without the moment the
/// warnings are said all the same, before the moment is asked for.
#[test]
fn a_json_nights_warnings_come_before_its_errors() {
    let json = temp_file(
        "warned-and-refused.json",
        r#"{"date":"2025-09-02","boards":[],"pairs":[
            {"pair":"6","section":"","players":["1001","1002"],"percentage":null,"boards":0},
            {"pair":"2","section":"","players":[],"percentage_exact":"45","boards":2},
            {"pair":"5","section":"","players":["1009","1010"],"percentage":null,"boards":0}]}"#,
    );
    let file = json.display().to_string();
    let o = with_club(&json, &["--moment", "tuesday"]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert_eq!(
        stderr(&o),
        format!(
            "warning: {file}: pair 6 played no board: not ranked\n\
             warning: {file}: pair 5 played no board: not ranked\n\
             klaver: the sessions have errors; nothing was ranked:\n  \
             {file}: pair 2 has no player ids: name its players, in the pairs file's `players` column (1001+1002) or, for a stored session, with `klaver session players`\n"
        )
    );
    let o = with_club(&json, &[]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    let err = stderr(&o);
    assert!(
        err.starts_with(&format!(
            "warning: {file}: pair 6 played no board: not ranked\n\
             warning: {file}: pair 5 played no board: not ranked\n\
             klaver: the sessions have errors; nothing was ranked:\n  \
             {file}: the club plays at several moments"
        )),
        "{err}"
    );
}

/// Two lines of one night scored each in a file of its own, without their letters,
/// were put on one line without a word: each JSON is a whole scored field, and the two
/// fields' percentages were ranked on one interval.
#[test]
fn two_scored_fields_of_one_night_on_one_line_are_refused() {
    let a = temp_file(
        "field-a.csv",
        "board,ns,ew,score\n1,3,2,130\n1,4,1,90\n2,3,2,-110\n2,4,1,-140\n",
    );
    let b = temp_file(
        "field-b.csv",
        "board,ns,ew,score\n1,1,4,140\n1,3,2,-200\n2,1,4,130\n2,3,2,140\n",
    );
    let names = [
        "pair,names,players\n1,x,1013+1008\n2,x,1017+1009\n3,x,1014+1005\n4,x,1011+1006\n",
        "pair,names,players\n1,x,1003+1001\n2,x,1010+1018\n3,x,1012+1007\n4,x,1015+1016\n",
    ];
    let mut json = Vec::new();
    for (csv, (names, out)) in [a, b].iter().zip(names.iter().zip(["field-a", "field-b"])) {
        let pairs = temp_file(&format!("{out}.pairs.csv"), names);
        let out = common::temp_path("ranking_cli", &format!("{out}.json"));
        let o = klaver(&[
            "score",
            csv.to_str().unwrap(),
            "--pairs",
            pairs.to_str().unwrap(),
            "--date",
            "2025-09-02",
            "--format",
            "json",
            "-o",
            out.to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        json.push(out);
    }
    let settings = repo("examples/club.toml");
    let o = klaver(&[
        "ranking",
        "--settings",
        &settings,
        json[0].to_str().unwrap(),
        json[1].to_str().unwrap(),
        "--moment",
        "tuesday",
    ]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{}{err}", stdout(&o));
    assert!(
        err.contains("field-b.json: the night 2025-09-02 tuesday is scored in")
            && err.contains("field-a.json too, on the same line"),
        "{err}"
    );
}

/// A player's id written two ways (`1001` and `01001`, `p1` and `P1`) split the player's
/// season in two without a word; pair numbers written so in a travellers file are warned
/// of.
#[test]
fn a_player_id_written_two_ways_is_warned_of() {
    let two = temp_file(
        "ids-two-ways.csv",
        "date,moment,line,players,score\n\
         2025-09-02,tuesday,A,1001+1002,58\n\
         2025-09-02,tuesday,A,1003+1004,42\n\
         2025-09-09,tuesday,A,01001+1002,55\n\
         2025-09-09,tuesday,A,1003+1004,45\n",
    );
    let o = with_club(&two, &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains("ids-two-ways.csv line 4: player 01001 is written 1001 on line 2"),
        "{err}"
    );
}

/// A score with more decimals than klaver reads is a number: it is told as having too
/// many decimals, with how many are read, not as "not a number".
#[test]
fn a_score_with_too_many_decimals_says_so() {
    let many = format!("58.{}", "3".repeat(31));
    let path = temp_file(
        "many-decimals.csv",
        &format!("date,moment,line,players,score\n2025-09-02,tuesday,A,1001+1002,{many}\n"),
    );
    let err = stderr(&with_club(&path, &[]));
    assert!(
        err.contains(&format!(
            "many-decimals.csv line 2: score `{many}` has 31 decimals: klaver reads at most 30; round it"
        )),
        "{err}"
    );
    let ok = format!("58.{}", "3".repeat(30));
    let path = temp_file(
        "thirty-decimals.csv",
        &format!(
            "date,moment,line,players,score\n2025-09-02,tuesday,A,1001+1002,{ok}\n2025-09-02,tuesday,A,1003+1004,41\n"
        ),
    );
    assert_eq!(with_club(&path, &[]).status.code(), Some(0));
}

/// A settings file saved in Latin-1 names the line of its first byte that is not UTF-8.
#[test]
fn a_settings_file_that_is_not_utf8_names_its_line() {
    let path = common::temp_path("ranking_cli", "latin1.toml");
    let mut bytes = std::fs::read(repo("examples/club.toml")).unwrap();
    bytes.extend_from_slice(b"# M\xfcller\n");
    let line = bytes.iter().filter(|&&b| b == b'\n').count();
    std::fs::write(&path, bytes).unwrap();
    let sessions = repo("examples/ranking-sessions.csv");
    let o = klaver(&["ranking", "--settings", path.to_str().unwrap(), &sessions]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains(&format!("latin1.toml line {line}: not UTF-8 text")),
        "{err}"
    );
}

/// The pairs of a `--present` list are its items, not lines.
#[test]
fn a_present_list_names_its_items() {
    let o = example(&["--present", "1001+1002,1003"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "klaver: --present item 2: `1003` is not a pair: write two player ids joined by `+` (1001+1002), a guest without an id as a seat left empty (1001+)\n"
    );
    let o = example(&["--present", "1001+1002,1003+1002"]);
    assert_eq!(
        stderr(&o),
        "klaver: --present item 2: player 1002 is already in a pair in item 1: a player plays in one pair a night\n"
    );
}

/// A present pair of a known player and an unknown id shows the unknown id as unknown,
/// not the pair under the known player's name alone.
#[test]
fn a_present_pair_with_an_unknown_id_names_it_unknown() {
    let o = example(&[
        "--moment",
        "tuesday",
        "--present",
        "1001+9999,1003+1004,1005+1006,1007+1008",
        "--lines",
        "1",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("  A     1001+9999 Jansen - 9999 (unknown)"),
        "{out}"
    );
    assert!(
        stderr(&o).contains("warning: --present: player 9999 plays in none of the sessions"),
        "{}",
        stderr(&o)
    );
}

/// A member present tonight with a guest without an id (`1001+`) is put into a line by
/// the pair's ranking: the member's, plus the club's replacement ranking for the guest,
/// who has played no session; a pair of no id at all is refused.
#[test]
fn a_present_member_with_a_guest_is_put_into_a_line() {
    let o = example(&[
        "--moment",
        "tuesday",
        "--present",
        "1003+1004,+1001,1005+1006,1007+1008",
        "--lines",
        "1",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // 1001's 86.67 and the replacement ranking 70.
    let out = stdout(&o);
    assert!(
        out.lines()
            .any(|l| l.starts_with("  A     1001+ Jansen  ") && l.ends_with(" 156.67")),
        "{out}"
    );
    assert!(!stderr(&o).contains("plays in none"), "{}", stderr(&o));
    let o = example(&["--present", "1003+1004,+,1005+1006"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("--present item 2: `+` is not a pair"),
        "{}",
        stderr(&o)
    );
}

/// With the ratio method a line whose scores are all equal has no best and worst to
/// scale between: every pair gets the middle of the line's interval (the A line of two,
/// 100-60: 80; the B line, 90-50: 70), whatever the score.
#[test]
fn a_line_of_equal_scores_by_ratio_earns_the_middle() {
    let settings = temp_file(
        "ratio-equal.toml",
        "lines = 2\nmethod = \"ratio\"\nz = 1\nmin = 1\nx = 0\n[[moment]]\nname = \"m\"\nform = \"pairs\"\n",
    );
    let sessions = temp_file(
        "ratio-equal.csv",
        "date,moment,line,players,score\n\
         2025-09-02,m,A,p1+p2,61\n\
         2025-09-02,m,A,p3+p4,61\n\
         2025-09-02,m,B,p5+p6,50\n\
         2025-09-02,m,B,p7+p8,50\n\
         2025-09-02,m,B,p9+p10,50\n",
    );
    let out = klaver(&[
        "ranking",
        sessions.to_str().unwrap(),
        "--settings",
        settings.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let doc: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let awards = doc["sessions"][0]["awards"].as_array().unwrap();
    let points: Vec<(String, f64)> = awards
        .iter()
        .map(|a| {
            (
                a["unit"].as_str().unwrap().to_string(),
                a["points"].as_f64().unwrap(),
            )
        })
        .collect();
    let want = [
        ("p1+p2", 80.0),
        ("p3+p4", 80.0),
        ("p5+p6", 70.0),
        ("p7+p8", 70.0),
        ("p9+p10", 70.0),
    ];
    for (unit, p) in want {
        assert!(
            points.contains(&(unit.to_string(), p)),
            "{unit}: {points:?}"
        );
    }
}

/// The settings and sessions an outside check of the ranking's input wrote, kept in
/// `tests/data/ranking-inputs`.
fn input(name: &str) -> String {
    repo(&format!("crates/klaver/tests/data/ranking-inputs/{name}"))
}

/// A spreadsheet writes a number column's ids as `1001.0`; beside `1001` elsewhere the
/// player's season was split in two without a word. So were a name's ids written with
/// two spaces in one place.
#[test]
fn a_player_id_written_as_a_decimal_or_with_double_spaces_is_warned_of() {
    let o = klaver(&[
        "ranking",
        "--settings",
        &input("place.toml"),
        &input("float_ids.csv"),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains("float_ids.csv line 5: player 1001.0 is written 1001 on line 3")
            && err.contains("float_ids.csv line 6: player 1002.0 is written 1002 on line 3"),
        "{err}"
    );
    let names = temp_file(
        "names-two-ways.csv",
        "date,moment,line,players,score\n\
         2025-09-02,tue,A,Jan Jansen+Piet Bos,60\n\
         2025-09-02,tue,A,Kees Vos+Ria Smit,40\n\
         2025-09-09,tue,A,Jan  Jansen+Kees Vos,55\n\
         2025-09-09,tue,A,Piet Bos+Ria Smit,45\n",
    );
    let o = klaver(&[
        "ranking",
        "--settings",
        &input("place.toml"),
        names.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains(
            "names-two-ways.csv line 4: player Jan  Jansen is written Jan Jansen on line 2"
        ),
        "{err}"
    );
}

/// A replacement ranking or name keyed `"01001"` or `"P7"` in the settings, while the
/// sessions write 1001 and p7, was not used, without a word. A key of no player at all
/// stays unsaid (a new member's start: see above).
#[test]
fn a_settings_key_written_another_way_than_the_sessions_is_said() {
    let settings = input("rp.toml");
    let o = klaver(&["ranking", "--settings", &settings, &input("rp.csv")]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let csv = input("rp.csv");
    assert_eq!(
        stderr(&o),
        format!(
            "warning: {settings}: [replacement_players] key \"01001\" is not used: the sessions write this player 1001 ({csv} line 3); write the key as the sessions write the id\n\
             warning: {settings}: [replacement_players] key \"P7\" is not used: the sessions write this player p7 ({csv} line 4); write the key as the sessions write the id\n\
             warning: {settings}: [names] key \"01001\" is not used: the sessions write this player 1001 ({csv} line 3); write the key as the sessions write the id\n"
        )
    );
}

/// A night's results copied under a second date were counted twice without a word.
#[test]
fn a_night_copied_under_a_second_date_is_warned_of() {
    let copied = input("copied_night.csv");
    let o = klaver(&["ranking", "--settings", &input("place.toml"), &copied]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        format!(
            "warning: {copied} line 11: session 2025-09-09 tue has the same pairs and scores as session 2025-09-02 tue (line 3), every one of them: most often one night's results given twice; remove the copy, or give the night's own results\n"
        )
    );
}

/// Percentages written as fractions of one (0.6125 for 61.25 %) were ranked as scores
/// of half a percent. A line with a few pairs under 1 % is a real line, and ranked.
#[test]
fn scores_written_as_fractions_of_one_are_refused() {
    let fractions = input("fractions.csv");
    let o = klaver(&["ranking", "--settings", &input("place.toml"), &fractions]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert_eq!(
        stderr(&o),
        format!(
            "klaver: the sessions have errors; nothing was ranked:\n  \
             {fractions} line 3: session 2025-09-02 tue: every score of line A is between 0 and 1, the highest 0.61: scores are percentages, not fractions of one: write 61.25 for 61.25 % (not 0.6125)\n"
        )
    );
    let low = temp_file(
        "low-scores.csv",
        "date,moment,line,players,score\n\
         2025-09-02,tue,A,1+2,98.5\n\
         2025-09-02,tue,A,3+4,0.75\n\
         2025-09-02,tue,A,5+6,0.75\n",
    );
    let o = klaver(&[
        "ranking",
        "--settings",
        &input("place.toml"),
        low.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

/// Two separately scored fields of one night, each in a sessions file of its own on the
/// same line, were ranked as one line of eight pairs without a word. They are refused,
/// naming both files, as two of `klaver score`'s JSON files are.
#[test]
fn one_nights_line_in_two_sessions_files_is_refused() {
    let (one, two) = (input("night_field1.csv"), input("night_field2.csv"));
    let o = klaver(&[
        "ranking",
        "--settings",
        &input("place.toml"),
        &one,
        &two,
        "--points",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert_eq!(
        stderr(&o),
        format!(
            "klaver: the sessions have errors; nothing was ranked:\n  \
             {two} line 3: session 2025-09-02 tue: the night is given in {one} line 3 too, on the same line A: one line's scores come from one scored field, and two files' rows of a line are most often two fields, each averaging 50 %, which cannot be ranked as one; give each field its own line letter (A, B), correct the date, or give the line's rows in one file\n"
        )
    );
    // The same line written `a` in the second file is the same line, as the ranking
    // reads it: it was ranked as one field.
    let lower = std::fs::read_to_string(&two)
        .unwrap()
        .replace(",tue,A,", ",tue,a,");
    let lower = temp_file("night_field2_line_a.csv", &lower);
    let o = klaver(&[
        "ranking",
        "--settings",
        &input("place.toml"),
        &one,
        lower.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert!(
        stderr(&o).contains("too, on the same line a:"),
        "{}",
        stderr(&o)
    );
    // Given as lines A and B of the night, the two fields are ranked.
    let b = std::fs::read_to_string(&two)
        .unwrap()
        .replace(",tue,A,", ",tue,B,");
    let b = temp_file("night_field2_line_b.csv", &b);
    let o = klaver(&[
        "ranking",
        "--settings",
        &input("two.toml"),
        &one,
        b.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

/// A night's rows in two blocks of one file, another night's rows between them (here a
/// second field of 2025-09-02 after the rows of 2025-09-09), were one line without a
/// word. A night's rows may stand apart, so it is ranked, with a warning at the row
/// where the night starts again.
#[test]
fn a_night_starting_again_further_down_its_file_is_warned_of() {
    let twice = input("night_dated_twice.csv");
    let o = klaver(&["ranking", "--settings", &input("place.toml"), &twice]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        format!(
            "warning: {twice} line 9: session 2025-09-02 tue starts again here, after rows of session 2025-09-09 tue (line 7): its rows above and these are ranked as one night; if they are another field or another night, correct the line letter or the date, else keep the night's rows together\n"
        )
    );
}

/// A seat left empty in a sessions CSV (`1001+`, a guest without an id, as `+1002` is in
/// a pairs file and `null` in klaver score's JSON) is no player: a pair's member is
/// ranked alone (a team's seat, see `a_team_with_a_guest_is_ranked_and_the_guest_is_not`).
#[test]
fn an_empty_seat_in_a_sessions_csv_is_no_player() {
    let pairs = temp_file(
        "empty-seat-pair.csv",
        "date,moment,line,players,score\n\
         2025-09-02,tuesday,A,1001+,60\n\
         2025-09-02,tuesday,A,1003+1004,40\n",
    );
    let o = with_club(&pairs, &["--format", "json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let doc: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let players: Vec<&str> = doc["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["player"].as_str().unwrap())
        .collect();
    assert_eq!(players, ["1001", "1003", "1004"]);
}

/// The example club's teams night with T1's fourth seat `seat` (`1004`; empty for a
/// guest without an id) and T2's players `t2`.
fn teams_night_with(seat: &str, t2: &str, extra: &[&str]) -> Output {
    let csv = temp_file(
        &format!("teams-guest-{seat}-{t2}.csv"),
        &format!(
            "date,moment,players,score,team,opponent\n\
             2025-09-04,teams,1001+1002+1003+{seat},14,T1,T2\n\
             2025-09-04,teams,{t2},6,T2,T1\n\
             2025-09-04,teams,1001+1002+1003+{seat},9,T1,T3\n\
             2025-09-04,teams,1009+1010+1011+1012,11,T3,T1\n\
             2025-09-04,teams,{t2},12,T2,T3\n\
             2025-09-04,teams,1009+1010+1011+1012,8,T3,T2\n"
        ),
    );
    let mut args = vec!["--moment", "teams"];
    args.extend_from_slice(extra);
    with_club(&csv, &args)
}

const T2: &str = "1005+1006+1007+1008";

/// A team that played with a guest without an id, its seat left empty (`1001+1002+1003+`),
/// is ranked: its strength is the mean ranking of its players with ids, each of them
/// gets the team's points, the guest is no player, and the run says so once. One guest
/// refused the whole season.
#[test]
fn a_team_with_a_guest_is_ranked_and_the_guest_is_not() {
    let o = teams_night_with("", T2, &["--points"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let err = stderr(&o);
    let notes: Vec<&str> = err.lines().filter(|l| l.starts_with("note:")).collect();
    assert_eq!(notes.len(), 1, "{err}");
    assert!(
        notes[0].starts_with("note: 1 team played with a guest without an id (")
            && notes[0].ends_with(
                "teams-guest--1005+1006+1007+1008.csv line 2, team T1): its members are ranked, the guest is not"
            ),
        "{err}"
    );
    let out = stdout(&o);
    // T1: K = (78 + 76 + 70) / 3 = 74.67 (with 1004 at 70 it was 73.50); W = 70 (T2
    // and T3); 14 and 9 VP are 4/7 × 20 = 11.43 and −1/7 × 20 = −2.86: 70 + 30/7 = 74.29.
    // T2: W = (224/3 + 70) / 2 = 217/3 = 72.33; 6 and 12 VP are −11.43 and 5.71:
    // 217/3 − 20/7 = 1459/21 = 69.48. T3: W = 72.33; 11 and 8 VP are 2.86 and −5.71:
    // 217/3 − 10/7 = 1489/21 = 70.90.
    for line in [
        "  T1    1001+1002+1003+ Jansen - de Vries - Bakker               74.67       70.00  11.43 -2.86   74.29",
        "  T3    1009+1010+1011+1012 de Groot - Bos - Vos - Peters        70.00       72.33  2.86 -5.71    70.90",
        "  T2    1005+1006+1007+1008 Smit - Meijer - de Boer - Mulder     70.00       72.33  -11.43 5.71   69.48",
    ] {
        assert!(out.contains(line), "{line}\n{out}");
    }
    let o = teams_night_with("", T2, &["--format", "json"]);
    let doc: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let players: Vec<(&str, f64)> = doc["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["player"].as_str().unwrap(),
                p["history"][0]["points"].as_f64().unwrap(),
            )
        })
        .collect();
    assert_eq!(players.len(), 11, "{players:?}");
    for id in ["1001", "1002", "1003"] {
        let points = players.iter().find(|p| p.0 == id).unwrap().1;
        assert!((points - 520.0 / 7.0).abs() < 0.005, "{id} {points}");
    }
    let t1 = &doc["sessions"][0]["awards"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["unit"] == "T1")
        .unwrap();
    assert_eq!(t1["players"], serde_json::json!(["1001", "1002", "1003"]));
    assert_eq!(t1["guests"], 1);
}

/// A team whose seat is not marked as a guest's stays a team of three (a player
/// forgotten, most often), and a team of guests only has no strength: both are refused,
/// naming the team and its row.
#[test]
fn a_team_of_three_ids_or_of_guests_only_is_refused() {
    let forgotten = teams_night_with("", "1005+1006+1007", &[]);
    assert_eq!(forgotten.status.code(), Some(2));
    assert!(
        stderr(&forgotten).contains("teams-guest--1005+1006+1007.csv line 3: session 2025-09-04 teams: team T2 has 3 players (its other rows: line 6); a team has at least four: list all its players"),
        "{}",
        stderr(&forgotten)
    );
    let guests = teams_night_with("", "+++", &[]);
    assert_eq!(guests.status.code(), Some(2));
    // T1's guest is noted; T2, refused, is not said to be ranked.
    assert!(
        stderr(&guests).contains("note: 1 team played with a guest without an id ("),
        "{}",
        stderr(&guests)
    );
    assert!(
        stderr(&guests).contains("teams-guest--+++.csv line 3: session 2025-09-04 teams: team T2 has only guests without an id (its other rows: line 6): with no player's ranking it has no strength; give its players' ids"),
        "{}",
        stderr(&guests)
    );
    let short = teams_night_with("", "1005++", &[]);
    assert_eq!(short.status.code(), Some(2));
    assert!(
        stderr(&short).contains("teams-guest--1005++.csv line 3: session 2025-09-04 teams: team T2 has 1 player and 2 guests without an id (its other rows: line 6); a team has at least four: list all its players, a guest's seat left empty (1001+1002+1003+)"),
        "{}",
        stderr(&short)
    );
}

/// A season where member 1001 plays with a guest without an id (`1001+`, `+1001`)
/// while his partner 1002 stays home, as `klaver ranking` of its sessions CSV: a season
/// of `partner` in the guest's seat (empty for the guest).
fn season_with_guest(partner: &str, extra: &[&str]) -> Output {
    let csv = temp_file(
        &format!("guest-{partner}.csv"),
        &format!(
            "date,moment,line,players,score\n\
             2025-09-02,tuesday,A,1001+1002,60\n\
             2025-09-02,tuesday,A,1003+1004,40\n\
             2025-09-09,tuesday,A,1001+{partner},63.5\n\
             2025-09-09,tuesday,A,1003+1004,50\n\
             2025-09-09,tuesday,A,1005+1006,36.5\n\
             2025-09-16,tuesday,A,{partner}+1001,55\n\
             2025-09-16,tuesday,A,1003+1004,45\n"
        ),
    );
    with_club(&csv, extra)
}

/// The member beside a guest without an id earns the pair's points, as with a
/// partner's id in the seat; the guest is not ranked; the pair 1001+1002 counts the
/// nights as with a substitute; and the run says so once, without failing.
#[test]
fn a_member_with_a_guest_is_ranked_and_the_guest_is_not() {
    let json = ["--format", "json"];
    let (guest, partner) = (
        season_with_guest("", &json),
        season_with_guest("1009", &json),
    );
    assert_eq!(guest.status.code(), Some(0), "{}", stderr(&guest));
    let err = stderr(&guest);
    let note = err.lines().last().unwrap();
    assert!(
        note.starts_with("note: 2 pairs played with a guest without an id (")
            && note.contains("guest-.csv line 4, 1001+; ")
            && note.ends_with(
                "guest-.csv line 7, 1001+): their members are ranked, the guests are not"
            ),
        "{err}"
    );
    assert_eq!(stderr(&guest).matches("note:").count(), 1);
    assert!(!stderr(&partner).contains("note:"), "{}", stderr(&partner));
    let (g, p): (serde_json::Value, serde_json::Value) = (
        serde_json::from_str(&stdout(&guest)).unwrap(),
        serde_json::from_str(&stdout(&partner)).unwrap(),
    );
    // A player's ranking and points night by night (the nights name the pair too).
    let player = |doc: &serde_json::Value, id: &str| {
        let x = doc["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|x| x["player"] == id)?;
        let nights = x["history"].as_array().unwrap().iter();
        let points: Vec<_> = nights
            .map(|n| (n["points"].clone(), n["ranking"].clone()))
            .collect();
        Some((x["ranking"].clone(), points))
    };
    assert_eq!(player(&g, "1001"), player(&p, "1001"));
    assert!(player(&g, "1001").is_some());
    assert_eq!(player(&g, "1009"), None);
    assert_eq!(g["sessions"][1]["awards"][0]["unit"], "1001+");
    assert_eq!(
        g["sessions"][1]["awards"][0]["players"],
        serde_json::json!(["1001"])
    );
    // me 4, inv 1: together once, and the best of the two nights with a guest.
    let pair = &g["championship"]["pairs"][0];
    assert_eq!(pair["players"], serde_json::json!(["1001", "1002"]));
    assert_eq!(
        (&pair["counted"], &pair["substitutes"]),
        (&2.into(), &1.into())
    );
    assert_eq!(
        pair["reason"],
        "1 together and 1 with a substitute of the 4 needed (2 to go)"
    );
    // In the text, the pair is written with the guest's seat empty.
    let text = season_with_guest("", &["--points"]);
    assert!(
        stdout(&text).contains("  A     1001+ Jansen               63.50  100.00"),
        "{}",
        stdout(&text)
    );
}

/// A night Ruter scored with a guest without a federation number (MemberID `-`, which
/// `klaver score`'s JSON writes `[null, "45215"]`) is ranked: the member is, the guest
/// is not.
#[test]
fn a_ruter_night_with_a_guest_is_ranked() {
    let ruter = repo("crates/klaver-io/tests/data/ruter-2019-10-14-spiren.pbn");
    let json = temp_file("ruter-guest.json", "");
    let o = klaver(&[
        "score",
        &ruter,
        "--format",
        "json",
        "--date",
        "2025-09-02",
        "-o",
        json.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let scored: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let twenty = scored["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["pair"] == "20")
        .unwrap();
    assert_eq!(twenty["players"], serde_json::json!([null, "45215"]));
    let o = with_club(&json, &["--moment", "tuesday", "--points"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let name = json.display();
    assert!(
        stderr(&o).contains(&format!(
            "note: 1 pair played with a guest without an id ({name}: pair 20, 45215+): its member is ranked, the guest is not\n"
        )),
        "{}",
        stderr(&o)
    );
    let out = stdout(&o);
    assert!(
        out.contains("   13  45215     71.65       1  78.24"),
        "{out}"
    );
    assert!(out.contains("  A     45215+       51.75   78.24"), "{out}");
}
