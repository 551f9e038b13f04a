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
