//! `klaver archive` and `klaver generate --archive-sessions`: many sessions in one file.

mod common;
use common::klaver;

fn temp(name: &str) -> String {
    common::temp_path("archive_cli", name).display().to_string()
}

#[test]
fn a_generated_archive_scores_session_by_session() {
    let archive = temp("archive.csv");
    let o = klaver(&[
        "generate",
        "--archive-sessions",
        "40",
        "--seed",
        "3",
        "-o",
        &archive,
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(&archive).unwrap();
    assert!(text.starts_with("session,board,ns,ew,"), "{}", &text[..80]);
    assert!(text.contains("\nS0000040,"));

    let out = temp("archive-out.csv");
    let o = klaver(&["archive", &archive, "-o", &out, "--quiet"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert!(err.contains("40 sessions, 40 scored"), "{err}");
    assert!(err.contains("0 left out with errors"), "{err}");
    let rows = std::fs::read_to_string(&out).unwrap();
    let mut lines = rows.lines();
    assert_eq!(
        lines.next(),
        Some("session,section,pair,points,max,percentage,rank,boards,club_points")
    );
    // Every session has exactly one winner line ranked 1 or tied first, in file order.
    let firsts: Vec<&str> = lines
        .filter(|l| l.split(',').nth(6).is_some_and(|r| r == "1" || r == "1="))
        .map(|l| l.split(',').next().unwrap())
        .collect();
    let mut sessions = firsts.clone();
    sessions.dedup();
    assert_eq!(sessions.len(), 40);
    assert!(sessions.windows(2).all(|w| w[0] < w[1]));

    // The same session scored on its own by klaver score gives the same winner.
    let header = text.lines().next().unwrap();
    let alone: String = std::iter::once(header)
        .chain(text.lines().filter(|l| l.starts_with("S0000012,")))
        .map(|l| format!("{l}\n"))
        .collect();
    let single = temp("single.csv");
    std::fs::write(&single, alone).unwrap();
    let o = klaver(&["score", &single, "--format", "json"]);
    let json = String::from_utf8_lossy(&o.stdout);
    let winner = rows
        .lines()
        .find(|l| l.starts_with("S0000012,"))
        .unwrap()
        .split(',')
        .collect::<Vec<_>>();
    let want = format!(r#"{{"pair":"{}","section":"""#, winner[2]);
    let first_pair = json.find(r#""pairs":[{"pair":"#).unwrap();
    assert!(
        json[first_pair + 9..].starts_with(&want),
        "{want} {}",
        &json[first_pair..first_pair + 60]
    );
}

#[test]
fn sessions_with_errors_are_named_and_left_out() {
    let archive = temp("bad-archive.csv");
    std::fs::write(
        &archive,
        "session,board,ns,ew,score\nA,1,1,2,420\nA,1,3,4,425\nB,1,1,2,100\nB,1,3,4,110\n",
    )
    .unwrap();
    let o = klaver(&["archive", &archive]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("error: session A: line 3: board 1: 425 is not a score"),
        "{err}"
    );
    assert!(err.contains("2 sessions, 1 scored"), "{err}");
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("\nB,,1,"), "{out}");
    assert!(!out.contains("\nA,"), "{out}");

    std::fs::write(&archive, "board,ns,ew,score\n1,1,2,420\n").unwrap();
    let o = klaver(&["archive", &archive]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("no session column"));
}

/// A line without its session's id was scored as a session of its own named "", the
/// summary saying "3 sessions ... 0 warnings": the run now stops naming the line. Ids
/// that differ only in letter case are two sessions, with a warning; a count of one is
/// said in the singular.
#[test]
fn a_line_without_a_session_stops_the_run_and_ids_in_other_letters_are_said() {
    let archive = temp("no-session.csv");
    std::fs::write(
        &archive,
        "session,board,ns,ew,score\nS1,1,1,2,420\nS1,1,3,4,450\n,2,1,2,-110\nS2,1,1,2,420\n",
    )
    .unwrap();
    let o = klaver(&["archive", &archive, "-o", &temp("no-session-out.csv")]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("line 4: the line names no session: give each line its session's id"),
        "{err}"
    );
    let archive = temp("cased.csv");
    std::fs::write(
        &archive,
        "session,board,ns,ew,score\nS1,1,1,2,420\nS1,1,3,4,450\ns1,1,1,2,420\ns1,1,3,4,400\n",
    )
    .unwrap();
    let o = klaver(&["archive", &archive, "-o", &temp("cased-out.csv")]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert!(
        err.contains("warning: session s1: line 4: the session id s1 differs from S1 (line 2) only in letter case"),
        "{err}"
    );
    assert!(
        err.contains(
            "2 sessions, 2 scored (4 results, 8 pair lines), 0 left out with errors, 1 warning\n"
        ),
        "{err}"
    );
}

/// A club archive (`klaver import`) whose partnership is of no kind a club keeps is
/// refused naming the partnership, as any archive that does not hold together, rather
/// than left to the database to refuse.
#[test]
fn a_club_archive_with_a_partnership_of_no_kind_is_refused() {
    let text = std::fs::read_to_string(common::repo(
        "crates/klaver-store/tests/data/club-archive.json",
    ))
    .unwrap();
    let edited = text.replacen("\"kind\": \"pair\"", "\"kind\": \"duo\"", 1);
    let file = common::temp_file("archive_cli", "club-duo.json", &edited);
    let db = temp("club-duo.db");
    let _ = std::fs::remove_file(&db);
    let o = klaver(&["import", file.to_str().unwrap(), "--database", &db]);
    let err = common::stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("nothing was restored:\n  the archive's partnership Anna Bakker - Kees Bakker is a \"duo\", which klaver does not keep"),
        "{err}"
    );
}
