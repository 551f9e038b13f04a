//! The club's database from the command line: `klaver club`, `player`, `session`,
//! `export`, `import` and `ranking` without session files, on SQLite and (when
//! `KLAVER_TEST_POSTGRES` names a server) PostgreSQL alike.

mod common;
/// The store's tests' PostgreSQL databases that are dropped when a test is done with
/// them, shared rather than copied.
#[path = "../../klaver-store/tests/common/dropped.rs"]
#[allow(dead_code)]
mod dropped;

use common::{stderr, stdout, temp_file, temp_path};
use dropped::{Dropped, Location};
use std::io::{BufRead, BufReader};
use std::process::{Command, Output, Stdio};
use std::time::Duration;

/// Runs klaver against one database.
fn k(db: &str, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_klaver"))
        .args(args)
        .env("KLAVER_DATABASE_URL", db)
        .env_remove("KLAVER_CLUB")
        .output()
        .expect("the klaver binary runs")
}

/// Runs klaver and insists it succeeds.
fn ok(db: &str, args: &[&str]) -> String {
    let o = k(db, args);
    assert!(
        o.status.success(),
        "klaver {args:?} failed:\n{}{}",
        stdout(&o),
        stderr(&o)
    );
    stdout(&o)
}

/// A fresh database of each kind: a SQLite file, and a PostgreSQL database when a
/// server is configured (see the store's tests), removed or dropped when the test is
/// done with it.
fn databases(test: &str) -> Vec<Location> {
    let sqlite = temp_path("store-cli", &format!("{test}.db"));
    let mut out = vec![Location::sqlite(sqlite)];
    match std::env::var("KLAVER_TEST_POSTGRES") {
        Ok(admin) => out.push(postgres_database(&admin, test)),
        Err(_) => {
            assert!(
                std::env::var_os("KLAVER_REQUIRE_POSTGRES").is_none(),
                "KLAVER_REQUIRE_POSTGRES is set but KLAVER_TEST_POSTGRES names no server"
            );
            common::skipped(
                "the database commands were tested on SQLite only: set KLAVER_TEST_POSTGRES to test them on PostgreSQL too",
            );
        }
    }
    out
}

fn postgres_database(admin: &str, test: &str) -> Location {
    use sqlx::Connection;
    let name = format!("klaver_cli_{test}_{}", std::process::id()).replace('-', "_");
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(async {
            sqlx::any::install_default_drivers();
            let mut conn = sqlx::AnyConnection::connect(admin).await.unwrap();
            sqlx::raw_sql(&format!("DROP DATABASE IF EXISTS {name}"))
                .execute(&mut conn)
                .await
                .unwrap();
            sqlx::raw_sql(&format!("CREATE DATABASE {name}"))
                .execute(&mut conn)
                .await
                .unwrap();
        });
    let cut = admin.split('?').next().unwrap().rfind('/').unwrap();
    let url = format!("{}/{name}", &admin[..cut]);
    Location::new(url, Some(Dropped::new(admin.to_string(), name)))
}

const PLAYERS: &str = "bondsnummer,naam
1001,Jan Jansen
1002,Piet de Vries
1003,Anna Bakker
1004,Kees Bakker
1005,Els Visser
1006,Tom Visser
1007,Joke de Boer
1008,Henk de Boer
";

const TRAVELLERS: &str = "board,table,ns,ew,contract,declarer,result,score
1,1,1,2,4S,N,=,420
1,2,3,4,4S,N,+1,450
2,1,1,2,3NT,S,-1,-100
2,2,3,4,2H,E,=,-110
3,1,1,3,1NT,N,+1,120
3,2,2,4,PASS,,,0
4,1,1,3,4H,E,-2,200
4,2,2,4,4H,E,=,-620
";

const PAIRS: &str = "pair,names
1,Jan Jansen - Piet de Vries
2,A. Bakker & K. Bakker
3,Visser - Visser
4,Joke de Boer en Henk de Boer
";

fn club(db: &str) {
    ok(db, &["club", "init", "--name", "BC De Kievit"]);
    // A file of its own per call: tests run side by side, and one rewriting a shared
    // file while another's import reads it made that import see an empty file.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let players = temp_file("store-cli", &format!("players-{n}.csv"), PLAYERS);
    let out = ok(db, &["player", "import", players.to_str().unwrap()]);
    assert!(out.contains("8 added, 0 renamed, 0 unchanged"), "{out}");
}

#[test]
fn a_club_night_from_import_to_correction_and_backup() {
    let travellers = temp_file("store-cli", "night.csv", TRAVELLERS);
    let pairs = temp_file("store-cli", "night.pairs.csv", PAIRS);
    for db in databases("night") {
        club(&db);
        let o = k(
            &db,
            &[
                "session",
                "import",
                travellers.to_str().unwrap(),
                "--pairs",
                pairs.to_str().unwrap(),
                "--date",
                "2025-09-02",
                "--title",
                "Dinsdagavond",
            ],
        );
        assert!(o.status.success(), "{}", stderr(&o));
        // "Visser - Visser" could be either Visser: reported, not guessed.
        assert!(
            stderr(&o).contains("pair 3: \"Visser\" could be Els Visser or Tom Visser"),
            "{}",
            stderr(&o)
        );
        assert!(stdout(&o).contains("session 1 (2025-09-02 tuesday): 4 pairs, 8 traveller lines stored; 1 pair with names not matched to players"));

        let list = ok(&db, &["session", "list"]);
        assert!(list.contains("2025-09-02  tuesday"), "{list}");
        let show = ok(&db, &["session", "show", "1"]);
        assert!(show.contains("A. Bakker & K. Bakker"), "{show}");
        assert!(
            show.contains("Anna Bakker (1003), Kees Bakker (1004)"),
            "{show}"
        );

        // Scored from the database exactly as from the file.
        let from_file = stdout(&common::klaver(&[
            "score",
            travellers.to_str().unwrap(),
            "--pairs",
            pairs.to_str().unwrap(),
            "--title",
            "Dinsdagavond",
            "--date",
            "2025-09-02",
        ]));
        let stored = ok(&db, &["session", "score", "1"]);
        assert_eq!(stored, from_file);

        // A correction: the score of table 2 on board 1 was 420, not 450.
        let o = k(
            &db,
            &[
                "session",
                "correct",
                "1",
                "--board",
                "1",
                "--table",
                "2",
                "--result",
                "=",
                "--reason",
                "result copied wrongly",
                "--by",
                "td",
            ],
        );
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(
            stdout(&o).contains("line 2 board 1 corrected: 3 v 4: 4S N +1 450 -> 3 v 4: 4S N ="),
            "{}",
            stdout(&o)
        );
        let show = ok(&db, &["session", "show", "1"]);
        assert!(show.contains("by td: line 2 board 1"), "{show}");
        assert!(show.contains("(result copied wrongly)"), "{show}");
        let json = ok(&db, &["session", "score", "1", "--format", "json"]);
        assert!(
            json.contains("\"ns\":\"3\",\"ew\":\"4\",\"score\":420"),
            "{json}"
        );

        // A correction that makes the line impossible is refused, and nothing changes.
        let o = k(
            &db,
            &[
                "session", "correct", "1", "--board", "1", "--table", "1", "--score", "425",
                "--reason", "typo",
            ],
        );
        assert_eq!(o.status.code(), Some(2));
        assert!(stderr(&o).contains("nothing was changed"), "{}", stderr(&o));
        let o = k(
            &db,
            &[
                "session", "correct", "1", "--board", "1", "--reason", "x", "--lead", "SA",
            ],
        );
        assert_eq!(o.status.code(), Some(2));
        assert!(stderr(&o).contains("board 1 has 2 lines"), "{}", stderr(&o));

        // Exports: the travellers as they stand, and a PBN other programs read.
        let csv = temp_path("store-cli", "export.csv");
        ok(&db, &["session", "export", "1", csv.to_str().unwrap()]);
        let text = std::fs::read_to_string(&csv).unwrap();
        assert!(text.starts_with("board,table,ns,ew,contract"), "{text}");
        assert!(text.contains("1,2,3,4,4S,N,=,420"), "{text}");
        let pbn = temp_path("store-cli", "export.pbn");
        ok(&db, &["session", "export", "1", pbn.to_str().unwrap()]);
        assert!(
            std::fs::read_to_string(&pbn)
                .unwrap()
                .contains("[ScoreTable ")
        );

        // The same file again is refused.
        let o = k(
            &db,
            &[
                "session",
                "import",
                travellers.to_str().unwrap(),
                "--date",
                "2025-09-02",
            ],
        );
        assert_eq!(o.status.code(), Some(2));
        assert!(
            stderr(&o).contains("the session's 8 results are those of session 1 (2025-09-02 tuesday) as it was imported (a line was corrected since), stored already"),
            "{}",
            stderr(&o)
        );

        // The whole club to an archive and back under another code.
        let archive = temp_path("store-cli", "club.json");
        ok(&db, &["export", archive.to_str().unwrap()]);
        // Exported through a symbolic link, the link stays and its file gets the archive.
        #[cfg(unix)]
        {
            let link = temp_path("store-cli", "club-link.json");
            let target = temp_path("store-cli", "club-by-link.json");
            let _ = std::fs::remove_file(&link);
            std::fs::write(&target, "an older archive").unwrap();
            std::os::unix::fs::symlink(&target, &link).unwrap();
            ok(&db, &["export", link.to_str().unwrap()]);
            assert!(
                std::fs::symlink_metadata(&link)
                    .unwrap()
                    .file_type()
                    .is_symlink()
            );
            // The same archive but for the moment it was written.
            let body = |p: &std::path::Path| {
                let text = std::fs::read_to_string(p).unwrap();
                text.lines()
                    .filter(|l| !l.trim_start().starts_with("\"exported_at\""))
                    .collect::<Vec<_>>()
                    .join("\n")
            };
            assert!(body(&target).contains("\"players\""));
            assert_eq!(body(&target), body(&archive));
        }
        let out = ok(
            &db,
            &["import", archive.to_str().unwrap(), "--as", "kievit-2"],
        );
        assert!(out.contains("8 players, 1 sessions"), "{out}");
        let o = k(&db, &["session", "list"]);
        assert!(
            stderr(&o).contains("several clubs (bc-de-kievit, kievit-2)"),
            "{}",
            stderr(&o)
        );
        let restored = ok(&db, &["session", "score", "2", "--club", "kievit-2"]);
        let original = ok(&db, &["session", "score", "1", "--club", "bc-de-kievit"]);
        assert_eq!(restored, original);
        let log = ok(&db, &["session", "show", "2", "--club", "kievit-2"]);
        assert!(log.contains("(result copied wrongly)"), "{log}");
    }
}

#[test]
fn a_stored_pbn_session_keeps_the_convention_its_file_states() {
    // The file says [Scoring "MP;MP1;Neuberg"]: its artificial score is left out and the
    // real results Neuberg-scaled, also when scored from the database without the file.
    let file = common::repo("crates/klaver/tests/data/club-published.pbn");
    // (The stored session keeps the date as YYYY-MM-DD; the file writes 2024.03.05.)
    let scored = |args: &[&str]| stdout(&common::klaver(args)).replace("2024.03.05", "2024-03-05");
    let from_file = scored(&["score", &file]);
    for db in databases("pbn-convention") {
        club(&db);
        let o = k(&db, &["session", "import", &file]);
        assert!(o.status.success(), "{}", stderr(&o));
        let show = ok(&db, &["session", "show", "1"]);
        assert!(show.contains("--artificial=neuberg"), "{show}");
        assert_eq!(ok(&db, &["session", "score", "1"]), from_file);
        // Stated on the command line, the convention wins over the file's.
        let o = k(
            &db,
            &[
                "session",
                "import",
                &file,
                "--artificial",
                "ties",
                "--date",
                "2024-03-12",
            ],
        );
        assert!(o.status.success(), "{}", stderr(&o));
        let ties = scored(&["score", &file, "--artificial", "ties"]);
        assert_ne!(ties, from_file);
        let stored = ok(&db, &["session", "score", "2"]).replace("2024-03-12", "2024-03-05");
        assert_eq!(stored, ties);
    }
}

/// A file that says its sections were scored together and its directions ranked apart
/// (klaver's JSON, PBN's [Scoring]) is stored with those options, and scored by them
/// from the database.
#[test]
fn a_stored_session_keeps_the_top_integral_and_fields_its_file_states() {
    let csv = temp_file(
        "store-cli",
        "two-fields.csv",
        "section,board,ns,ew,score\nA,1,1,2,420\nA,1,3,4,450\nA,2,1,4,-100\nA,2,3,2,110\n\
         B,1,1,2,-50\nB,1,3,4,420\nB,2,1,4,140\nB,2,3,2,-100\n",
    );
    let grouping = ["--top-integral", "--fields", "separate"];
    let mut args = vec!["score", csv.to_str().unwrap(), "--format", "json"];
    args.extend(grouping);
    let o = common::klaver(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    let json = temp_path("store-cli", "two-fields.json");
    std::fs::write(&json, &o.stdout).unwrap();
    let mut args = vec!["score", csv.to_str().unwrap()];
    args.extend(grouping);
    let from_file = stdout(&common::klaver(&args));
    for db in databases("json-grouping") {
        club(&db);
        let o = k(
            &db,
            &[
                "session",
                "import",
                json.to_str().unwrap(),
                "--date",
                "2024-03-05",
            ],
        );
        assert!(o.status.success(), "{}", stderr(&o));
        let show = ok(&db, &["session", "show", "1"]);
        assert!(
            show.contains("--top-integral") && show.contains("--fields=separate"),
            "{show}"
        );
        let stored = ok(&db, &["session", "score", "1"]).replace("2024-03-05   ", "");
        assert_eq!(stored, from_file);
    }
}

/// A stored session scores as its file does. A director's penalty line was not
/// stored (a real Ruter file's lost its 4 points); a session whose every line was in
/// section A lost its pairs' names and players on the way back; and one with
/// substitutes at two tables (another real Ruter file) could not be stored at all.
#[test]
fn a_stored_session_keeps_its_penalties_section_and_substitutes() {
    let ruter = common::repo("crates/klaver-io/tests/data/ruter-2016-08-10-spiren.pbn");
    let substitutes = common::repo("crates/klaver-io/tests/data/ruter-2019-10-14-spiren.pbn");
    let travellers = temp_file(
        "store-cli",
        "penalty-section.csv",
        "section,board,table,ns,ew,contract,declarer,result,score,adjust
A,1,1,1,2,4S,N,=,420,
A,1,2,3,4,4S,N,+1,450,
A,2,1,1,2,3NT,S,-1,-100,
A,2,2,3,4,2H,E,=,-110,
A,2,2,3,4,,,,,PEN -3/0
A,3,1,1,3,1NT,N,+1,120,
A,3,2,2,4,PASS,,,0,
",
    );
    let pairs = temp_file(
        "store-cli",
        "penalty-section.pairs.csv",
        "section,pair,names
A,1,Jan Jansen - Piet de Vries
A,2,A. Bakker & K. Bakker
A,3,Visser - Visser
A,4,Joke de Boer en Henk de Boer
",
    );
    let (travellers, pairs) = (travellers.to_str().unwrap(), pairs.to_str().unwrap());
    let from_file = stdout(&common::klaver(&[
        "score",
        travellers,
        "--pairs",
        pairs,
        "--date",
        "2025-09-02",
    ]));
    assert!(from_file.contains("Jan Jansen"), "{from_file}");
    // (The stored session keeps the date as YYYY-MM-DD; the file writes 2016.08.10.)
    let ruter_scored =
        stdout(&common::klaver(&["score", &ruter])).replace("2016.08.10", "2016-08-10");
    let substitutes_scored =
        stdout(&common::klaver(&["score", &substitutes])).replace("2019.10.14", "2019-10-14");
    for db in databases("penalty-section") {
        club(&db);
        let import = ["session", "import", travellers, "--pairs", pairs];
        ok(&db, &[&import[..], &["--date", "2025-09-02"]].concat());
        assert_eq!(ok(&db, &["session", "score", "1"]), from_file);
        // A penalty line is no second result of its pairs on the board: correcting the
        // board's result says nothing of it.
        let (_, err) = run(
            &db,
            &[
                "session",
                "correct",
                "1",
                "--board",
                "2",
                "--table",
                "2",
                "--score",
                "-140",
                "--contract",
                "3H",
                "--declarer",
                "E",
                "--result",
                "=",
                "--reason",
                "x",
            ],
            0,
        );
        assert_eq!(err, "");
        ok(&db, &["session", "import", &ruter, "--add-players"]);
        assert_eq!(ok(&db, &["session", "score", "2"]), ruter_scored);
        let o = k(&db, &["session", "import", &substitutes, "--add-players"]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(!stderr(&o).contains("pair -"), "{}", stderr(&o));
        assert_eq!(ok(&db, &["session", "score", "3"]), substitutes_scored);
    }
}

/// With several playing moments, a session imported without `--moment` went to a new
/// moment named after its weekday, beside the same night already stored; and a refused
/// import with `--add-players` had added its guests all the same.
#[test]
fn an_import_that_is_refused_adds_no_players_and_names_no_moment_itself() {
    let travellers = temp_file("store-cli", "moments.csv", TRAVELLERS);
    let guests = temp_file(
        "store-cli",
        "moments.pairs.csv",
        &PAIRS.replace("Visser - Visser", "Ann Guest - Bob Guest"),
    );
    let (t, g) = (travellers.to_str().unwrap(), guests.to_str().unwrap());
    for db in databases("moments") {
        club(&db);
        let import = ["session", "import", t, "--date", "2025-09-02"];
        ok(&db, &[&import[..], &["--moment", "dinsdag"]].concat());
        ok(
            &db,
            &[
                "session",
                "import",
                t,
                "--date",
                "2025-09-04",
                "--moment",
                "donderdag",
            ],
        );
        let (out, err) = run(&db, &import, 2);
        assert_eq!(out, "");
        // The names beside the travellers, not given with --pairs, are said to be unread.
        assert!(
            err.contains("moments.pairs.csv beside it was not read"),
            "{err}"
        );
        assert!(
            err.ends_with(
                "klaver: the club plays on more than one moment (dinsdag, donderdag): say which this session belongs to with --moment\n"
            ),
            "{err}"
        );
        // A moment the club does not have yet is said as it is started.
        let o = k(
            &db,
            &[
                "session",
                "import",
                t,
                "--date",
                "2025-09-09",
                "--moment",
                "vrijdag",
            ],
        );
        assert!(
            stderr(&o).contains("klaver: the playing moment vrijdag is new: the session starts it beside the club's dinsdag, donderdag"),
            "{}",
            stderr(&o)
        );
        let players = ok(&db, &["player", "list"]);
        let again = [
            &import[..],
            &["--moment", "dinsdag", "--pairs", g, "--add-players"],
        ]
        .concat();
        let (_, err) = run(&db, &again, 2);
        assert!(
            err.contains("results are those of session 1 (2025-09-02 dinsdag), stored already"),
            "{err}"
        );
        assert!(!err.contains("added as players"), "{err}");
        assert_eq!(ok(&db, &["player", "list"]), players);
    }
}

/// A pair of two guests by one name was refused as one player twice, after
/// `--add-players` had added every guest of the night.
#[test]
fn a_pair_of_two_guests_by_one_name_is_refused_before_any_guest_is_added() {
    let travellers = temp_file("store-cli", "same-guest.csv", TRAVELLERS);
    let guests = temp_file(
        "store-cli",
        "same-guest.pairs.csv",
        &PAIRS.replace("Visser - Visser", "Piet Gast - Piet Gast"),
    );
    let (t, g) = (travellers.to_str().unwrap(), guests.to_str().unwrap());
    for db in databases("same-guest") {
        club(&db);
        let players = ok(&db, &["player", "list"]);
        let import = ["session", "import", t, "--date", "2025-09-02"];
        let import = [&import[..], &["--pairs", g, "--add-players"]].concat();
        let (out, err) = run(&db, &import, 2);
        assert_eq!(out, "");
        assert!(err.contains("has Piet Gast twice"), "{err}");
        assert!(!err.contains("added as players"), "{err}");
        assert_eq!(ok(&db, &["player", "list"]), players);
        assert!(!ok(&db, &["session", "list"]).contains("2025"));
    }
}

/// A players file with one federation number on two lines renamed the first player to
/// the second without a word; a name cut by an unquoted comma was stored cut; a number
/// column klaver does not know was not read, silently; and a line after a blank one was
/// named wrongly.
#[test]
fn a_players_file_klaver_cannot_read_faithfully_is_refused_or_said() {
    for db in databases("players-file") {
        ok(&db, &["club", "init", "--name", "BC De Kievit"]);
        let import = |name: &str, text: &str| {
            let file = temp_file("store-cli", name, text);
            run(&db, &["player", "import", file.to_str().unwrap()], 2).1
        };
        let err = import(
            "players-twice.csv",
            "bondsnummer,naam\n2001,Jan Jansen\n\n2002,Els Visser\n2001,Piet de Vries\n",
        );
        assert!(
            err.contains("line 5: number 2001 is also on line 2"),
            "{err}"
        );
        // One number written with and without its leading zeros (as a spreadsheet drops
        // them) made two players; so did one player without a number given twice.
        let err = import(
            "zeros.csv",
            "number,name\n01003,Anna Bakker\n1003,Anna Bakker\n",
        );
        assert!(
            err.contains("line 3: number 1003 is also on line 2, written 01003: each player once, with their own number"),
            "{err}"
        );
        let err = import(
            "guest.csv",
            "number,name\n,Gast Een\n2001,Jan Jansen\n,Gast Een\n",
        );
        assert!(
            err.contains("line 4: Gast Een without a number is also on line 2: each player once; give two players of one name their numbers"),
            "{err}"
        );
        // A file saved with CR LF line ends names the same lines (it named each one line
        // early).
        let err = import(
            "crlf.csv",
            "number,name\r\n2001,Jan Jansen\r\n\r\n2002,Els Visser\r\n2001,Piet de Vries\r\n",
        );
        assert!(
            err.contains("line 5: number 2001 is also on line 2"),
            "{err}"
        );
        // A quote never closed took the players after it into one name.
        let err = import(
            "quote.csv",
            "number,name\n2001,\"Jan Jansen\n2002,Els Visser\n2003,Piet de Vries\n",
        );
        assert!(
            err.contains("line 2: a quote opens a field on this line that takes in line 3 "),
            "{err}"
        );
        // An address over two lines (a spreadsheet's Alt+Enter) is read as before.
        let file = temp_file(
            "store-cli",
            "address.csv",
            "number,name,address\n2001,Ann Ash,\"Street 1\n1234 AB Town\"\n",
        );
        let (_, err) = run(&db, &["player", "import", file.to_str().unwrap()], 0);
        assert!(err.contains("column `address` is not read"), "{err}");
        let err = import("comma.csv", "number,name\n2001,Jansen, Jan\n");
        assert!(
            err.contains("line 2: 3 fields where the header has 2"),
            "{err}"
        );
        let file = temp_file("store-cli", "lid.csv", "lidnummer,naam\n2001,Jan Jansen\n");
        let (_, err) = run(&db, &["player", "import", file.to_str().unwrap()], 0);
        assert!(err.contains("column `lidnummer` is not read"), "{err}");
        let list = ok(&db, &["player", "list"]);
        assert_eq!(list.lines().count(), 3, "{list}");
        assert!(list.contains("Ann Ash"), "{list}");
    }
}

/// A players file with its two columns swapped (the names under `bondsnummer`, the
/// numbers under `naam`) was stored as it stood: eight players named 1001 to 1008, with
/// their names for federation numbers. A name that is only digits is a membership
/// number, and a federation number is digits: each such line is refused, naming it and
/// saying the columns may be swapped, and nothing is stored.
#[test]
fn a_players_file_with_its_columns_swapped_is_refused() {
    for db in databases("players-swapped") {
        ok(&db, &["club", "init", "--name", "BC De Kievit"]);
        let import = |name: &str, text: &str| {
            let file = temp_file("store-cli", name, text);
            run(&db, &["player", "import", file.to_str().unwrap()], 2).1
        };
        let swapped: String = PLAYERS
            .lines()
            .skip(1)
            .map(|l| {
                let (number, name) = l.split_once(',').unwrap();
                format!("{name},{number}\n")
            })
            .collect();
        let err = import("swapped.csv", &format!("bondsnummer,naam\n{swapped}"));
        assert!(
            err.contains("line 2: the name is \"1001\" and the number \"Jan Jansen\": the columns look swapped"),
            "{err}"
        );
        let err = import("digits.csv", "number,name\n1001,Jan Jansen\n1002,1002\n");
        assert!(
            err.contains(
                "line 3: the name \"1002\" is only digits, a membership number and not a name"
            ),
            "{err}"
        );
        let err = import("names-only.csv", "name\nJan Jansen\n1002\n");
        assert!(
            err.contains("line 3: the name \"1002\" is only digits"),
            "{err}"
        );
        let err = import(
            "lettered.csv",
            "number,name\n1001,Jan Jansen\nPiet,de Vries\n",
        );
        assert!(
            err.contains("line 3: the number \"Piet\" has no digit, so it is no federation number"),
            "{err}"
        );
        assert!(err.contains("swapped"), "{err}");
        let listed = ok(&db, &["player", "list"]);
        assert_eq!(listed, "0 players\n", "nothing is stored");
        // A number with a letter before its digits, as some federations give, is one.
        let file = temp_file(
            "store-cli",
            "lettered-ok.csv",
            "number,name\nJ123456,Jan Jansen\n",
        );
        let out = ok(&db, &["player", "import", file.to_str().unwrap()]);
        assert!(out.contains("1 added"), "{out}");
        // `player add` stores no player that `player list --format csv` could not give
        // back to `player import`.
        let (_, err) = run(&db, &["player", "add", "1234", "--number", "Jan"], 2);
        assert_eq!(
            err,
            "klaver: player add \"1234\" --number \"Jan\": a name is not only digits and a federation number has digits: give the name first and the number with --number\n"
        );
        run(
            &db,
            &["player", "add", "Piet de Vries", "--number", "Piet"],
            2,
        );
        let list = temp_path("store-cli", "players-listed.csv");
        let csv = ok(&db, &["player", "list", "--format", "csv"]);
        std::fs::write(&list, csv).unwrap();
        ok(&db, &["player", "import", list.to_str().unwrap()]);
    }
}

/// An archive edited by hand was restored as it stood: a 425, a line whose version its
/// log of corrections does not bear out, a player who is not in the archive. Each is now
/// refused, naming the session and line. A pair playing a board twice is restored: a
/// correction may leave a session so until the next, and a backup taken then must
/// restore.
#[test]
fn an_archive_that_does_not_hold_together_is_refused() {
    let travellers = temp_file("store-cli", "edited.csv", TRAVELLERS);
    let archive = temp_path("store-cli", "edited.json");
    let edited = temp_path("store-cli", "edited-bad.json");
    let (t, a, e) = (
        travellers.to_str().unwrap(),
        archive.to_str().unwrap(),
        edited.to_str().unwrap(),
    );
    for db in databases("edited") {
        club(&db);
        ok(&db, &["session", "import", t, "--date", "2025-09-02"]);
        ok(&db, &["export", a]);
        let whole: serde_json::Value =
            serde_json::from_slice(&std::fs::read(&archive).unwrap()).unwrap();
        type Edit = fn(&mut serde_json::Value);
        let edits: [(Edit, &str); 4] = [
            (
                |v| v["sessions"][0]["lines"][0]["score"] = "425".into(),
                "line 1: board 1: the contract N4S= scores 420 for North-South with nobody vulnerable but 425 was entered, and 425 is not a score North-South can get",
            ),
            (
                |v| v["sessions"][0]["lines"][2]["version"] = 2.into(),
                "line 3 is at version 2 but has 0 corrections",
            ),
            (
                |v| v["sessions"][0]["pairs"][0]["players"] = serde_json::json!([99]),
                "players [99] of the archive's 8",
            ),
            (
                |v| {
                    let mut offered = v["sessions"][0]["lines"][0].clone();
                    let line = offered.as_object_mut().unwrap();
                    line.remove("version");
                    line.remove("entered_by");
                    v["sessions"][0]["conflicts"] = serde_json::json!([{"line_no": 99,
                        "offered": offered,
                        "offered_by": "table 1", "made_at": "2025-09-02 21:40:00"}])
                },
                "clashes with line 99, which the session does not have",
            ),
        ];
        for (edit, said) in edits {
            let mut v = whole.clone();
            edit(&mut v);
            std::fs::write(&edited, serde_json::to_vec(&v).unwrap()).unwrap();
            let (_, err) = run(&db, &["import", e, "--as", "edited"], 2);
            assert!(err.contains("session 1 (2025-09-02"), "{err}");
            assert!(err.contains(said), "{said}: {err}");
        }
        let mut v = whole.clone();
        v["sessions"][0]["lines"][1]["ns"] = "1".into();
        std::fs::write(&edited, serde_json::to_vec(&v).unwrap()).unwrap();
        ok(&db, &["import", e, "--as", "twice"]);
        // The archive as written is restored.
        ok(&db, &["import", a, "--as", "edited"]);
    }
}

/// A club with a night stored (its pairs named) and a second night removed, and its
/// archive: the database and the archive as JSON, for each kind of database.
fn club_with_archive(test: &str) -> Vec<(Location, serde_json::Value, std::path::PathBuf)> {
    let travellers = temp_file("store-cli", &format!("{test}.csv"), TRAVELLERS);
    let pairs = temp_file("store-cli", &format!("{test}.pairs.csv"), PAIRS);
    let archive = temp_path("store-cli", &format!("{test}.json"));
    let (t, p, a) = (
        travellers.to_str().unwrap(),
        pairs.to_str().unwrap(),
        archive.to_str().unwrap(),
    );
    let mut out = Vec::new();
    for db in databases(test) {
        club(&db);
        let night = ["session", "import", t, "--pairs", p, "--date", "2025-09-02"];
        ok(&db, &night);
        ok(&db, &["session", "import", t, "--date", "2025-09-09"]);
        ok(
            &db,
            &["session", "delete", "2", "--reason", "the wrong night"],
        );
        ok(&db, &["export", a]);
        let whole = serde_json::from_slice(&std::fs::read(&archive).unwrap()).unwrap();
        out.push((db, whole, archive.clone()));
    }
    out
}

/// Restores the archive `whole` edited by `edit`, which must be refused with each of
/// `said` and restore nothing: the archive as written then restores under the same code.
fn refused_edit(test: &str, edit: impl Fn(&mut serde_json::Value), said: &[&str]) {
    let edited = temp_path("store-cli", &format!("{test}-edited.json"));
    let e = edited.to_str().unwrap();
    for (db, whole, archive) in club_with_archive(test) {
        let mut v = whole.clone();
        edit(&mut v);
        std::fs::write(&edited, serde_json::to_vec_pretty(&v).unwrap()).unwrap();
        let (_, err) = run(&db, &["import", e, "--as", "edited"], 2);
        for s in said {
            assert!(err.contains(s), "{s}: {err}");
        }
        ok(
            &db,
            &["import", archive.to_str().unwrap(), "--as", "edited"],
        );
    }
}

/// A session of a form klaver does not score (a hand-edited `rubber`) was stored as
/// it stood and scored as pairs.
#[test]
fn an_archived_session_of_a_form_klaver_does_not_score_is_refused() {
    refused_edit(
        "archive-form",
        |v| v["sessions"][0]["form"] = "rubber".into(),
        &[
            "session 1 (2025-09-02 tuesday)",
            "form \"rubber\" is not one klaver scores sessions in (pairs, butler, cross-imps, teams)",
        ],
    );
}

/// A player given to two pairs of one night is refused as `session import` and
/// `session players` refuse it.
#[test]
fn an_archived_player_in_two_pairs_of_a_night_is_refused() {
    refused_edit(
        "archive-seats",
        |v| {
            v["sessions"][0]["pairs"][1]["players"] =
                v["sessions"][0]["pairs"][0]["players"].clone()
        },
        &[
            "session 1 (2025-09-02 tuesday)",
            "Jan Jansen (1001) of pair 2 already plays in pair 1 of this session",
        ],
    );
}

/// A pair playing against itself is refused as a correction refuses it.
#[test]
fn an_archived_line_with_a_pair_against_itself_is_refused() {
    refused_edit(
        "archive-self",
        |v| v["sessions"][0]["lines"][0]["ew"] = "1".into(),
        &[
            "session 1 (2025-09-02 tuesday)",
            "line 1: board 1: pair 1 is on both sides of the table",
        ],
    );
}

/// A removed session is checked as the others: it can be brought back.
#[test]
fn an_archived_removed_session_is_checked_as_the_others() {
    refused_edit(
        "archive-removed",
        |v| v["removed_sessions"][0]["session"]["lines"][1]["score"] = "42x".into(),
        &["removed session 2 (2025-09-09 tuesday)", "line 2: board 1"],
    );
}

/// A key klaver does not know (a misspelt `adjsut` would lose the adjustment) is
/// refused, naming where it is.
#[test]
fn an_archive_with_a_key_klaver_does_not_know_is_refused() {
    refused_edit(
        "archive-key-line",
        |v| v["sessions"][0]["lines"][2]["adjsut"] = "AVG".into(),
        &[
            "session 1 (2025-09-02 tuesday), line 3",
            "unknown field `adjsut`",
        ],
    );
    refused_edit(
        "archive-key-removed",
        |v| v["removed_sessions"][0]["session"]["pairs"][0]["colour"] = "red".into(),
        &[
            "removed session 2 (2025-09-09 tuesday), pair 1",
            "unknown field `colour`",
        ],
    );
    refused_edit(
        "archive-key-club",
        |v| v["club"]["colour"] = "red".into(),
        &["the club: unknown field `colour`"],
    );
}

/// A player's number or a session's line number given twice was refused by the
/// database, naming neither.
#[test]
fn an_archive_with_a_number_given_twice_is_refused_naming_it() {
    refused_edit(
        "archive-dup-player",
        |v| {
            let copy = v["players"][0].clone();
            v["players"].as_array_mut().unwrap().push(copy)
        },
        &["players 1 and 9", "both have federation number 1003"],
    );
    refused_edit(
        "archive-dup-line",
        |v| v["sessions"][0]["lines"][1]["line_no"] = 1.into(),
        &["session 1 (2025-09-02 tuesday): line 1 is there twice"],
    );
}

/// The players `session players` names make a partnership of the club, as the
/// import's recognised players do and a restore of the club's archive does.
#[test]
fn a_pair_named_by_session_players_is_among_the_clubs_pairs() {
    let travellers = temp_file("store-cli", "named-pair.csv", TRAVELLERS);
    let t = travellers.to_str().unwrap();
    for db in databases("named-pair") {
        club(&db);
        ok(&db, &["session", "import", t, "--date", "2025-09-02"]);
        ok(&db, &["session", "players", "1", "3", "1005+1006"]);
        let pairs = ok(&db, &["player", "pairs"]);
        assert!(pairs.contains("Els Visser - Tom Visser"), "{pairs}");
    }
}

/// Results the tables confirmed against a stored line: the open ones are said when the
/// session is scored, all are listed with the session, and a decided one keeps its
/// decision through a backup (a "keep the stored line" left no trace at all).
#[test]
fn results_confirmed_against_a_stored_line_are_kept_and_said() {
    let travellers = temp_file("store-cli", "conflicts.csv", TRAVELLERS);
    let archive = temp_path("store-cli", "conflicts.json");
    let edited = temp_path("store-cli", "conflicts-edited.json");
    let again = temp_path("store-cli", "conflicts-again.json");
    let (t, a, e, g) = (
        travellers.to_str().unwrap(),
        archive.to_str().unwrap(),
        edited.to_str().unwrap(),
        again.to_str().unwrap(),
    );
    for (db, copy) in databases("conflicts")
        .into_iter()
        .zip(databases("conflicts-copy"))
    {
        club(&db);
        ok(&db, &["session", "import", t, "--date", "2025-09-02"]);
        ok(&db, &["export", a]);
        let mut v: serde_json::Value =
            serde_json::from_slice(&std::fs::read(&archive).unwrap()).unwrap();
        let offered = |board: i64, ns: &str, ew: &str, contract: &str| {
            serde_json::json!({"line_no": 0, "source_line": 0, "board": board, "ns": ns,
                "ew": ew, "contract": contract, "declarer": "S", "result": "=", "score": ""})
        };
        v["sessions"][0]["conflicts"] = serde_json::json!([
            {"line_no": 1, "offered": offered(1, "1", "2", "3NT"), "offered_by": "table 1",
             "made_at": "2025-09-02 21:40:00"},
            {"line_no": 4, "offered": offered(2, "3", "4", "3NT"), "offered_by": "table 2",
             "made_at": "2025-09-02 21:41:00",
             "decided": {"at": "2025-09-02 22:00:00", "by": "td", "outcome": "kept"}},
        ]);
        std::fs::write(&edited, serde_json::to_vec(&v).unwrap()).unwrap();
        ok(&copy, &["import", e]);
        let shown = ok(&copy, &["session", "show", "1"]);
        for said in [
            "board 1, line 1 (1 v 2): table 1 confirmed 3NT S = at 2025-09-02 21:40:00: not decided",
            "board 2, line 4 (3 v 4): table 2 confirmed 3NT S = at 2025-09-02 21:41:00: the stored line kept by td at 2025-09-02 22:00:00",
        ] {
            assert!(shown.contains(said), "{said}\n{shown}");
        }
        let (_, err) = run(&copy, &["session", "score", "1"], 0);
        assert!(
            err.contains("board 1, line 1: table 1 confirmed another result (3NT S =) that the director has not decided: the score has the stored line"),
            "{err}"
        );
        assert!(!err.contains("board 2, line 4"), "{err}");
        ok(&copy, &["export", g]);
        let back: serde_json::Value =
            serde_json::from_slice(&std::fs::read(&again).unwrap()).unwrap();
        assert_eq!(
            back["sessions"][0]["conflicts"],
            v["sessions"][0]["conflicts"]
        );
    }
}

/// A score that fits another board's vulnerability asks the director to correct "the
/// board number", and `session correct` had no way to: `--set-board` moves the line.
#[test]
fn a_line_filed_under_the_wrong_board_is_moved() {
    let travellers = temp_file(
        "store-cli",
        "wrong-board.csv",
        &TRAVELLERS.replace(
            "2,2,3,4,2H,E,=,-110",
            "2,2,3,4,2H,E,=,-110\n2,3,5,6,3NT,S,=,400",
        ),
    );
    for db in databases("wrong-board") {
        club(&db);
        let o = k(
            &db,
            &[
                "session",
                "import",
                travellers.to_str().unwrap(),
                "--date",
                "2025-09-02",
            ],
        );
        assert!(
            stderr(&o).contains("line 6: board 2: the contract S3NT= scores 600"),
            "{}",
            stderr(&o)
        );
        let (out, err) = run(
            &db,
            &[
                "session",
                "correct",
                "1",
                "--board",
                "2",
                "--table",
                "3",
                "--set-board",
                "1",
                "--reason",
                "traveller of board 1",
                "--by",
                "td",
            ],
            0,
        );
        assert_eq!(
            out,
            "session 1 line 5 board 2 corrected: 5 v 6: 3NT S = 400 -> board 1: 5 v 6: 3NT S = 400 (traveller of board 1, by td)\n"
        );
        assert_eq!(err, "");
        let show = ok(&db, &["session", "show", "1"]);
        assert!(show.contains("traveller of board 1"), "{show}");
        // A teams session is checked in its form: a board left with one room's result
        // is said (it was kept without a word, and the session no longer scored).
        let teams = common::repo("crates/klaver/tests/data/teams-swiss.csv");
        let import = [
            "session",
            "import",
            &teams,
            "--form",
            "teams",
            "--date",
            "2025-09-09",
        ];
        ok(&db, &import);
        let (_, err) = run(
            &db,
            &[
                "session",
                "correct",
                "2",
                "--board",
                "1",
                "--line",
                "2",
                "--set-board",
                "9",
                "--reason",
                "x",
            ],
            0,
        );
        assert!(
            err.contains("the session cannot be scored until this is mended"),
            "{err}"
        );
    }
}

/// A line moved to a board the night has no other result on is most often a typo
/// (`--set-board 99` on a night of four boards): it is said, naming the board, and the
/// history shows the move, as every other field a correction changes.
#[test]
fn a_line_moved_to_a_board_the_night_does_not_have_is_said_and_kept_in_the_history() {
    let travellers = temp_file("store-cli", "board-99.csv", TRAVELLERS);
    for db in databases("board-99") {
        club(&db);
        let t = travellers.to_str().unwrap();
        ok(&db, &["session", "import", t, "--date", "2025-09-02"]);
        let (out, err) = run(
            &db,
            &[
                "session",
                "correct",
                "1",
                "--board",
                "1",
                "--table",
                "1",
                "--set-board",
                "99",
                "--reason",
                "wrong board",
                "--by",
                "td",
            ],
            0,
        );
        assert_eq!(
            out,
            "session 1 line 1 board 1 corrected: 1 v 2: 4S N = 420 -> board 99: 1 v 2: 4S N = 420 (wrong board, by td)\n"
        );
        assert_eq!(
            err,
            "warning: line 1 of board 1: board 99 has no other result in the session (its boards are 1-4): if that is a slip, correct the line again with --set-board\n"
        );
        let show = ok(&db, &["session", "show", "1"]);
        assert!(
            show.contains(
                "by td: line 1 board 1: 1 v 2: 4S N = 420 -> board 99: 1 v 2: 4S N = 420 (wrong board)"
            ),
            "{show}"
        );
        // Moved back onto a board the night has: nothing to say.
        let (_, err) = run(
            &db,
            &[
                "session",
                "correct",
                "1",
                "--board",
                "99",
                "--line",
                "1",
                "--set-board",
                "1",
                "--reason",
                "back",
            ],
            0,
        );
        assert_eq!(err, "");
    }
}

/// A lead is one card, read in the file's notation (`--notation nl`: `HV`) and stored
/// as PBN writes it (`HQ`), as contracts are stored in English; a lead that is not one
/// card is kept as written and said, naming its line; `session correct --lead` refuses
/// one, since the director is typing it.
#[test]
fn a_lead_is_stored_as_one_card_whatever_the_files_notation() {
    let dutch = temp_file(
        "store-cli",
        "lead-nl.csv",
        "board,table,ns,ew,contract,declarer,result,score,lead\n\
         1,1,1,2,4S,N,=,420,HV\n1,2,3,4,4S,N,+1,450,SB\n\
         2,1,1,2,3SA,Z,-1,-100,KA\n2,2,3,4,2H,O,=,-110,RH\n",
    );
    let bad = temp_file(
        "store-cli",
        "lead-bad.csv",
        "board,table,ns,ew,contract,declarer,result,score,lead\n\
         1,1,1,2,4S,N,=,420,ZZ\n1,2,3,4,4S,N,+1,450,S1\n\
         2,1,1,2,3NT,S,-1,-100,10H\n2,2,3,4,2H,E,=,-110,CA\n",
    );
    for db in databases("leads") {
        club(&db);
        let d = dutch.to_str().unwrap();
        let import = [
            "session",
            "import",
            d,
            "--notation",
            "nl",
            "--date",
            "2025-09-02",
        ];
        let (_, err) = run(&db, &import, 0);
        assert!(!err.contains("not one card"), "{err}");
        let show = ok(&db, &["session", "show", "1"]);
        for stored in [
            "420           HQ",
            "450           SJ",
            "-100           CA",
            "-110           DK",
        ] {
            assert!(show.contains(stored), "{stored}: {show}");
        }
        let b = bad.to_str().unwrap();
        let (_, err) = run(&db, &["session", "import", b, "--date", "2025-09-09"], 0);
        for said in [
            "line 2: board 1: the lead \"ZZ\" is not one card: write the suit and then the rank (HK, S10), or leave it empty; it is kept as written",
            "line 3: board 1: the lead \"S1\" is not one card",
        ] {
            assert!(err.contains(said), "{said}: {err}");
        }
        let show = ok(&db, &["session", "show", "2"]);
        for stored in ["420           ZZ", "450           S1", "-100           HT"] {
            assert!(show.contains(stored), "{stored}: {show}");
        }
        let correct = |lead: &str| {
            k(
                &db,
                &[
                    "session", "correct", "1", "--board", "1", "--table", "1", "--lead", lead,
                    "--reason", "lead", "--by", "td",
                ],
            )
        };
        let o = correct("ZZ");
        assert_eq!(o.status.code(), Some(2));
        assert_eq!(
            stderr(&o),
            "klaver: the lead \"ZZ\" of line 1 of board 1 is not one card: write the suit and then the rank (HK, S10; KH and 10H are read too), or --lead \"\" for none; nothing was changed\n"
        );
        let o = correct("kh");
        assert_eq!(
            stdout(&o),
            "session 1 line 1 board 1 corrected: 1 v 2: 4S N = 420 HQ -> 1 v 2: 4S N = 420 HK (lead, by td)\n"
        );
        let o = correct("");
        assert_eq!(
            stdout(&o),
            "session 1 line 1 board 1 corrected: 1 v 2: 4S N = 420 HK -> 1 v 2: 4S N = 420 (lead, by td)\n"
        );
        let add = [
            "session",
            "add",
            "1",
            "--board",
            "2",
            "--ns-pair",
            "1",
            "--ew-pair",
            "4",
            "--score",
            "0",
            "--lead",
            "S1",
            "--reason",
            "x",
        ];
        let o = k(&db, &add);
        assert_eq!(o.status.code(), Some(2));
        assert!(
            stderr(&o).contains("the lead \"S1\" of line 5 of board 2 is not one card"),
            "{}",
            stderr(&o)
        );
        assert!(
            stderr(&o).ends_with("nothing was added\n"),
            "{}",
            stderr(&o)
        );
        // The PBN export writes each lead as the card it is.
        let pbn = temp_path("store-cli", "leads.pbn");
        ok(&db, &["session", "export", "1", pbn.to_str().unwrap()]);
        let text = std::fs::read_to_string(&pbn).unwrap();
        assert!(text.contains(" SJ ") && text.contains(" DK "), "{text}");
    }
}

/// A teams line entered under the wrong room could only be mended by deleting the night
/// and importing it again: `session correct --room` moves it, checked in the form, and
/// logged; a pairs night's lines have no room.
#[test]
fn a_teams_line_is_moved_to_its_room() {
    let teams = common::repo("crates/klaver/tests/data/teams-swiss.csv");
    let pairs = temp_file("store-cli", "room-pairs.csv", TRAVELLERS);
    for db in databases("room") {
        club(&db);
        let import = [
            "session",
            "import",
            &teams,
            "--form",
            "teams",
            "--date",
            "2025-09-09",
        ];
        ok(&db, &import);
        let correct = |line: &'static str, room: &'static str| {
            [
                "session",
                "correct",
                "1",
                "--board",
                "1",
                "--line",
                line,
                "--room",
                room,
                "--reason",
                "rooms swapped",
                "--by",
                "td",
            ]
        };
        // Line 2 first: board 1 of A v B then has two open rooms, said as the form says it.
        let (out, err) = run(&db, &correct("2", "open"), 0);
        assert_eq!(
            out,
            "session 1 line 2 board 1 corrected: B v A (closed room): 170 -> B v A (open room): 170 (rooms swapped, by td)\n"
        );
        assert!(
            err.contains("cannot be scored until this is mended"),
            "{err}"
        );
        let (out, err) = run(&db, &correct("1", "closed"), 0);
        assert!(
            out.contains("A v B (open room): 420 -> A v B (closed room): 420"),
            "{out}"
        );
        assert_eq!(err, "");
        let (show, _) = run(&db, &["session", "show", "1"], 0);
        assert!(show.contains("(rooms swapped)"), "{show}");
        assert!(
            show.contains("line board table   ns   ew room    contr."),
            "{show}"
        );
        assert!(
            show.contains("*    1     1          A    B closed             "),
            "{show}"
        );
        let (json, _) = run(&db, &["session", "score", "1", "--format", "json"], 0);
        assert!(json.contains("\"open_score\":170"), "{json}");
        // A room that is neither, and a room on a pairs night, are refused.
        let (_, err) = run(&db, &correct("1", "kitchen"), 2);
        assert!(err.contains("--room open or --room closed"), "{err}");
        ok(
            &db,
            &[
                "session",
                "import",
                pairs.to_str().unwrap(),
                "--date",
                "2025-09-02",
            ],
        );
        let (_, err) = run(
            &db,
            &[
                "session", "correct", "2", "--board", "1", "--table", "1", "--room", "open",
                "--reason", "x",
            ],
            2,
        );
        assert!(
            err.contains("its lines have no room; leave out --room"),
            "{err}"
        );
    }
}

#[test]
fn bad_input_stores_nothing() {
    let bad = temp_file(
        "store-cli",
        "bad.csv",
        "board,ns,ew,score\n1,1,2,420\n1,3,4,425\n",
    );
    let good = temp_file("store-cli", "good.csv", TRAVELLERS);
    let pairs = temp_file("store-cli", "good.pairs.csv", PAIRS);
    for db in databases("bad") {
        let o = k(&db, &["session", "list"]);
        assert_eq!(o.status.code(), Some(2));
        assert!(stderr(&o).contains("klaver club init"), "{}", stderr(&o));
        club(&db);
        let o = k(
            &db,
            &[
                "session",
                "import",
                bad.to_str().unwrap(),
                "--date",
                "2025-09-02",
            ],
        );
        assert_eq!(o.status.code(), Some(2));
        assert!(stderr(&o).contains("nothing was stored"), "{}", stderr(&o));
        assert!(stderr(&o).contains("line 3"), "{}", stderr(&o));
        let o = k(&db, &["session", "import", good.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(2));
        assert!(
            stderr(&o).contains("give --date YYYY-MM-DD"),
            "{}",
            stderr(&o)
        );
        let o = k(
            &db,
            &[
                "session",
                "import",
                good.to_str().unwrap(),
                "--pairs",
                pairs.to_str().unwrap(),
                "--date",
                "2025-09-02",
                "--strict-names",
            ],
        );
        assert_eq!(o.status.code(), Some(2));
        assert!(stderr(&o).contains("nothing was stored"), "{}", stderr(&o));
        assert!(ok(&db, &["session", "list"]).contains("0 sessions"));
        // With --add-players the unknown names become guests; an ambiguous one stays.
        let o = k(
            &db,
            &[
                "session",
                "import",
                good.to_str().unwrap(),
                "--pairs",
                pairs.to_str().unwrap(),
                "--date",
                "2025-09-02",
                "--add-players",
            ],
        );
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(ok(&db, &["session", "list"]).contains("1 sessions"));
    }
}

#[test]
fn the_ranking_reads_the_database() {
    let travellers = temp_file("store-cli", "rank.csv", TRAVELLERS);
    let pairs = temp_file(
        "store-cli",
        "rank.pairs.csv",
        "pair,names,players\n1,,1001+1002\n2,,1003+1004\n3,,1005+1006\n4,,1007+1008\n",
    );
    let settings = temp_file(
        "store-cli",
        "rank.toml",
        "lines = 1\nz = 2\nmin = 1\nx = 0\nme = 1\ninv = 0\ny = 0\n\n[[moment]]\nname = \"tuesday\"\n",
    );
    for db in databases("rank") {
        club(&db);
        let o = k(&db, &["ranking"]);
        assert_eq!(o.status.code(), Some(2));
        assert!(
            stderr(&o).contains("keeps no ranking settings"),
            "{}",
            stderr(&o)
        );
        ok(
            &db,
            &["club", "settings", "--ranking", settings.to_str().unwrap()],
        );
        for date in ["2025-09-02", "2025-09-09"] {
            ok(
                &db,
                &[
                    "session",
                    "import",
                    travellers.to_str().unwrap(),
                    "--pairs",
                    pairs.to_str().unwrap(),
                    "--date",
                    date,
                    "--moment",
                    "tuesday",
                ],
            );
        }
        // A butler night is ranked from the database as well.
        ok(
            &db,
            &[
                "session",
                "import",
                travellers.to_str().unwrap(),
                "--pairs",
                pairs.to_str().unwrap(),
                "--date",
                "2025-09-16",
                "--moment",
                "tuesday",
                "--form",
                "butler",
            ],
        );
        // The same sessions scored to JSON files give the same ranking.
        let mut files = Vec::new();
        for id in ["1", "2", "3"] {
            let json = ok(&db, &["session", "score", id, "--format", "json"]);
            files.push(temp_file("store-cli", &format!("rank-{id}.json"), &json));
        }
        let from_db = ok(&db, &["ranking"]);
        // The database names the players as the club's list does; the files' ranking
        // takes the same names from its settings.
        let named = temp_file(
            "store-cli",
            "rank-named.toml",
            &format!(
                "{}\n[names]\n{}",
                std::fs::read_to_string(&settings).unwrap(),
                PLAYERS
                    .lines()
                    .skip(1)
                    .map(|l| {
                        let (number, name) = l.split_once(',').unwrap();
                        format!("{number} = \"{name}\"\n")
                    })
                    .collect::<String>()
            ),
        );
        let from_files = stdout(&common::klaver(&[
            "ranking",
            "--settings",
            named.to_str().unwrap(),
            files[0].to_str().unwrap(),
            files[1].to_str().unwrap(),
            files[2].to_str().unwrap(),
        ]));
        assert_eq!(from_db, from_files);
        assert!(from_db.contains("1001"), "{from_db}");
        assert!(from_db.contains("tuesday: 3 sessions"), "{from_db}");
    }
}

/// Runs klaver, insists on `code`, and gives standard output and standard error.
fn run(db: &str, args: &[&str], code: i32) -> (String, String) {
    let o = k(db, args);
    assert_eq!(o.status.code(), Some(code), "{args:?}: {}", stderr(&o));
    (stdout(&o), stderr(&o))
}

/// `klaver session import` and `correct` say word for word what they refused, warned
/// of and did: files that cannot be opened, a date klaver cannot read, names that are
/// not the club's players, a line that is not there or not the only one, and
/// corrections of every field.
#[test]
fn session_import_and_correct_say_exactly_what_they_did() {
    let travellers = temp_file("store-cli", "exact.csv", TRAVELLERS);
    let pairs = temp_file(
        "store-cli",
        "exact.pairs.csv",
        &PAIRS.replace(
            "Joke de Boer en Henk de Boer",
            "Joke de Boer en Ghost Player",
        ),
    );
    let published = common::repo("crates/klaver/tests/data/club-published.pbn");
    // The file is Latin-1: its date is replaced byte for byte.
    let mut bytes = std::fs::read(published).unwrap();
    let date = b"[Date \"2024.03.05\"]";
    let at = bytes.windows(date.len()).position(|w| w == date).unwrap();
    bytes.splice(at..at + date.len(), b"[Date \"spring\"]".iter().copied());
    let odd_date = temp_path("store-cli", "odd-date.pbn");
    std::fs::write(&odd_date, bytes).unwrap();
    let missing = temp_path("store-cli", "missing.csv");
    let _ = std::fs::remove_file(&missing);
    let (t, p, m) = (
        travellers.to_str().unwrap(),
        pairs.to_str().unwrap(),
        missing.to_str().unwrap(),
    );
    let refused = |db: &str, args: &[&str], message: &str| {
        assert_eq!(
            run(db, args, 2),
            (String::new(), format!("klaver: {message}\n"))
        );
    };
    let no_such_file = "No such file or directory (os error 2)";
    for db in databases("exact") {
        club(&db);
        refused(
            &db,
            &["session", "import", m],
            &format!("cannot open {m}: {no_such_file}"),
        );
        refused(
            &db,
            &["session", "import", t, "--pairs", m],
            &format!("cannot open {m}: {no_such_file}"),
        );
        refused(
            &db,
            &["session", "import", odd_date.to_str().unwrap()],
            &format!(
                "{} does not say when it was played in a form klaver reads (\"spring\"): give --date YYYY-MM-DD",
                odd_date.display()
            ),
        );
        let visser = format!(
            "{t}: pair 3: \"Visser\" could be Els Visser or Tom Visser: write the full name or the federation number"
        );
        let ghost = format!("{t}: pair 4: \"Ghost Player\" is not one of the club's players");
        let import = ["session", "import", t, "--pairs", p, "--date", "2025-09-02"];
        let (out, err) = run(&db, &[&import[..], &["--strict-names"]].concat(), 2);
        assert_eq!(out, "");
        assert_eq!(
            err,
            format!(
                "error: {visser}\nerror: {ghost}\nklaver: 2 pairs have names that are not the club's players; nothing was stored: add the players (klaver player add) or import with --add-players\n"
            )
        );
        let (out, err) = run(&db, &[&import[..], &["--add-players"]].concat(), 0);
        assert_eq!(
            out,
            "session 1 (2025-09-02 tuesday): 4 pairs, 8 traveller lines stored; 1 pair with names not matched to players\n"
        );
        // The guest is said to be added once the session that needs it is stored.
        let (warned, storing) = err.split_once("storing ").unwrap();
        assert_eq!(warned, format!("warning: {visser}\n"));
        let (storing, added) = storing.split_once('\n').unwrap();
        assert!(
            storing.starts_with("8 traveller lines and 4 pairs in "),
            "{storing}"
        );
        assert_eq!(
            added,
            "1 names added as players (guests without a number)\n"
        );

        fn correct<'a>(args: &[&'a str]) -> Vec<&'a str> {
            [&["session", "correct", "1"], args].concat()
        }
        let lists = "`klaver session show 1` lists the lines";
        for (which, said) in [
            (["--table", "7"], " at table 7"),
            (["--ns-pair", "9"], " with pair 9 North-South"),
            (["--line", "99"], " numbered 99"),
        ] {
            refused(
                &db,
                &correct(&[&["--board", "1", "--reason", "x"], &which[..]].concat()),
                &format!("session 1 has no line of board 1{said}: {lists}"),
            );
        }
        refused(
            &db,
            &correct(&["--board", "9", "--reason", "x"]),
            &format!("session 1 has no line of board 9: {lists}"),
        );
        refused(
            &db,
            &correct(&["--board", "1", "--reason", "x"]),
            "board 1 has 2 lines in session 1: say which with --table, --ns-pair or --line (line 1: 1 v 2: 4S N = 420; line 2: 3 v 4: 4S N +1 450)",
        );
        refused(
            &db,
            &correct(&[
                "--board", "1", "--table", "1", "--score", "425", "--reason", "x",
            ]),
            "the corrected line 1 of board 1 is not valid; nothing was changed:\n  the contract N4S= scores 420 for North-South with nobody vulnerable but 425 was entered, and 425 is not a score North-South can get with nobody vulnerable: nothing is scored until the line is corrected: correct the contract, the score or the board number",
        );
        // A pair against itself cannot be scored; it was stored, and then the session
        // could not be scored at all.
        refused(
            &db,
            &correct(&[
                "--board", "1", "--table", "2", "--set-ns", "4", "--reason", "x",
            ]),
            "the corrected line 2 of board 1 is not valid; nothing was changed:\n  pair 4 is on both sides of the table: correct the ns or ew pair",
        );
        // A pair the session does not have (a slip of the finger) was ranked as a new
        // pair without a word; a pair joining late is still possible.
        let (out, err) = run(
            &db,
            &correct(&[
                "--board", "1", "--table", "2", "--set-ns", "11", "--reason", "x", "--by", "td",
            ]),
            0,
        );
        assert_eq!(
            out,
            "session 1 line 2 board 1 corrected: 3 v 4: 4S N +1 450 -> 11 v 4: 4S N +1 450 (x, by td)\n"
        );
        assert_eq!(
            err,
            "warning: line 2 of board 1: pair 11 is not one of the session's pairs (1, 2, 3, 4) and is scored as a new pair: if that is a slip, correct the line again\n"
        );
        run(
            &db,
            &correct(&[
                "--board", "1", "--line", "2", "--set-ns", "3", "--reason", "x", "--by", "td",
            ]),
            0,
        );
        // A pair moved onto a board it already plays elsewhere is said at once (the
        // session cannot be scored so), but kept: swapping two lines' pairs passes
        // through it.
        let (out, err) = run(
            &db,
            &correct(&[
                "--board", "1", "--table", "1", "--set-ns", "3", "--reason", "x", "--by", "td",
            ]),
            0,
        );
        assert_eq!(
            out,
            "session 1 line 1 board 1 corrected: 1 v 2: 4S N = 420 -> 3 v 2: 4S N = 420 (x, by td)\n"
        );
        assert_eq!(
            err,
            "warning: line 1 of board 1: pair 3 now plays board 1 twice (also on line 2: 3 v 4): the session cannot be scored until one of the two lines is corrected\n"
        );
        // Scoring it then names the lines as `session show` numbers them, the numbers
        // `--line` takes.
        let (out, err) = run(&db, &["session", "score", "1"], 2);
        assert_eq!(out, "");
        assert_eq!(
            err,
            "klaver: session 1 (2025-09-02 tuesday) cannot be scored:\nline 2: board 1: pair 3 plays board 1 twice (also on line 1): remove or correct one of the two lines\n"
        );
        let (out, err) = run(
            &db,
            &correct(&[
                "--board", "1", "--line", "1", "--set-ns", "1", "--reason", "x", "--by", "td",
            ]),
            0,
        );
        assert_eq!(
            (out.as_str(), err.as_str()),
            (
                "session 1 line 1 board 1 corrected: 3 v 2: 4S N = 420 -> 1 v 2: 4S N = 420 (x, by td)\n",
                ""
            )
        );
        let by = ["--by", "td"];
        let (out, err) = run(
            &db,
            &correct(
                &[
                    &[
                        "--board",
                        "3",
                        "--ns-pair",
                        "2",
                        "--contract",
                        "pass",
                        "--adjust",
                        "AVG",
                        "--lead",
                        "SA",
                        "--reason",
                        "x",
                    ],
                    &by[..],
                ]
                .concat(),
            ),
            0,
        );
        assert_eq!(
            out,
            "session 1 line 6 board 3 corrected: 2 v 4: PASS 0 -> 2 v 4: pass AVG SA (x, by td)\n"
        );
        assert_eq!(
            err,
            "warning: line 6 of board 3: the adjustment AVG replaces the score on this line\n"
        );
        let (out, err) = run(
            &db,
            &correct(
                &[
                    &[
                        "--board", "3", "--line", "6", "--adjust", "none", "--score", "0",
                        "--set-ns", "4", "--set-ew", "2", "--reason", "y",
                    ],
                    &by[..],
                ]
                .concat(),
            ),
            0,
        );
        assert_eq!(
            out,
            "session 1 line 6 board 3 corrected: 2 v 4: pass AVG SA -> 4 v 2: pass 0 SA (y, by td)\n"
        );
        assert_eq!(err, "");
        let (out, err) = run(
            &db,
            &correct(
                &[
                    &[
                        "--board",
                        "4",
                        "--table",
                        "2",
                        "--contract",
                        " 3H ",
                        "--declarer",
                        "W",
                        "--result",
                        "+1",
                        "--reason",
                        "z",
                    ],
                    &by[..],
                ]
                .concat(),
            ),
            0,
        );
        assert_eq!(
            out,
            "session 1 line 8 board 4 corrected: 2 v 4: 4H E = -620 -> 2 v 4: 3H W +1 (z, by td)\n"
        );
        assert_eq!(err, "");
    }
}

/// A writer killed in the middle of an import leaves either the whole session or none
/// of it, and what was stored before is untouched.
#[test]
fn a_writer_killed_mid_import_loses_nothing() {
    let big = temp_path("store-cli", "big.csv");
    let o = common::klaver(&[
        "generate",
        "--pairs",
        "3000",
        "--boards",
        "27",
        "-o",
        big.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let small = temp_file("store-cli", "small.csv", TRAVELLERS);
    let lines_in_big = std::fs::read_to_string(&big).unwrap().lines().count() as i64 - 1;
    for db in databases("kill") {
        club(&db);
        ok(
            &db,
            &[
                "session",
                "import",
                small.to_str().unwrap(),
                "--date",
                "2025-01-07",
            ],
        );
        for (round, delay) in [0u64, 50, 200, 600].into_iter().enumerate() {
            let date = format!("2025-02-{:02}", round + 1);
            let mut child = Command::new(env!("CARGO_BIN_EXE_klaver"))
                .args(["session", "import", big.to_str().unwrap(), "--date", &date])
                .env("KLAVER_DATABASE_URL", &*db)
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            let mut err = BufReader::new(child.stderr.take().unwrap());
            let mut line = String::new();
            // Wait until the writing has begun, then kill it at some point of it.
            while err.read_line(&mut line).unwrap() > 0 && !line.contains("storing") {
                line.clear();
            }
            std::thread::sleep(Duration::from_millis(delay));
            let _ = child.kill();
            let _ = child.wait();
            // The database opens, the earlier session is whole, and the killed import is
            // either all there or not there at all.
            let list = ok(&db, &["session", "list"]);
            assert!(list.contains("2025-01-07"), "{list}");
            let row = list.lines().find(|l| l.contains(&date));
            // Killed as the writing began, the import cannot have finished (it takes
            // seconds): this is the case the test is for.
            if delay == 0 {
                assert!(row.is_none(), "{list}");
            }
            if let Some(row) = row {
                let cols: Vec<&str> = row.split_whitespace().collect();
                assert_eq!(cols[5].parse::<i64>().unwrap(), lines_in_big, "{row}");
            }
            let show = ok(&db, &["session", "show", "1"]);
            assert!(show.contains("Lines"), "{show}");
        }
        // After all that, the import goes through.
        ok(
            &db,
            &[
                "session",
                "import",
                big.to_str().unwrap(),
                "--date",
                "2025-03-04",
            ],
        );
    }
}

#[test]
fn a_database_that_cannot_be_opened_says_why_at_once() {
    // A pool retries a failing connection for a minute and then says only "pool timed
    // out"; klaver gives the database's own reason and exit code 3.
    let not_a_database = temp_file(
        "store_cli",
        "not-a-database.db",
        "a letter, not a database\n",
    );
    let o = k(not_a_database.to_str().unwrap(), &["player", "list"]);
    assert_eq!(o.status.code(), Some(3));
    assert!(
        stderr(&o).contains(
            "not-a-database.db: error returned from database: (code: 26) file is not a database"
        ),
        "{}",
        stderr(&o)
    );
    // Nothing listens on port 1 of this machine.
    let o = k("postgres://klaver:x@127.0.0.1:1/none", &["player", "list"]);
    assert_eq!(o.status.code(), Some(3));
    let err = stderr(&o);
    assert!(
        err.contains("cannot open the database postgres://klaver:***@127.0.0.1:1/none: "),
        "{err}"
    );
    assert!(!err.contains("pool timed out"), "{err}");
}

#[test]
fn a_pair_the_import_could_not_name_is_named_and_ranked() {
    let travellers = temp_file("store-cli", "visser.csv", TRAVELLERS);
    let pairs = temp_file("store-cli", "visser.pairs.csv", PAIRS);
    let settings = temp_file(
        "store-cli",
        "visser.toml",
        "lines = 1\nz = 2\nmin = 1\nx = 0\nme = 1\ninv = 0\ny = 0\n\n[names]\n1005 = \"Smit\"\n\n[[moment]]\nname = \"tuesday\"\n",
    );
    for db in databases("visser") {
        club(&db);
        ok(
            &db,
            &["club", "settings", "--ranking", settings.to_str().unwrap()],
        );
        ok(
            &db,
            &[
                "session",
                "import",
                travellers.to_str().unwrap(),
                "--pairs",
                pairs.to_str().unwrap(),
                "--date",
                "2025-09-02",
            ],
        );
        // "Visser - Visser" could be either Visser: pair 3 has no players yet.
        let o = k(&db, &["ranking"]);
        assert_eq!(o.status.code(), Some(2));
        assert!(
            stderr(&o).contains("pair 3 has no player ids: name its players"),
            "{}",
            stderr(&o)
        );
        // An ambiguous name is refused, never guessed; a pair that is not there too.
        let o = k(&db, &["session", "players", "1", "3", "Visser+1006"]);
        assert_eq!(o.status.code(), Some(2));
        assert!(stderr(&o).contains("\"Visser\" could be"), "{}", stderr(&o));
        let o = k(&db, &["session", "players", "1", "9", "1005+1006"]);
        assert_eq!(o.status.code(), Some(2));
        assert!(stderr(&o).contains("has no pair 9"), "{}", stderr(&o));
        let out = ok(&db, &["session", "players", "1", "3", "Els Visser+1006"]);
        assert_eq!(
            out,
            "session 1 pair 3: Els Visser (1005), Tom Visser (1006)\n"
        );
        let show = ok(&db, &["session", "show", "1"]);
        assert!(
            show.contains("Els Visser (1005), Tom Visser (1006)"),
            "{show}"
        );
        // The ranking names the players as the club's list does, over the settings' names.
        let ranking = ok(&db, &["ranking"]);
        assert!(ranking.contains("1005 Els Visser"), "{ranking}");
        assert!(
            ranking.contains("1001+1002 Jan Jansen - Piet de Vries"),
            "{ranking}"
        );
    }
}

#[test]
fn a_sessions_hands_are_kept_and_solved_once() {
    // The night's results, and a dealing program's file with four boards' hands.
    let results = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/club-published.pbn");
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/tourcalc-260902.pbn"
    );
    for db in databases("deals") {
        ok(&db, &["club", "init", "--name", "BC Hands"]);
        ok(&db, &["session", "import", results, "--date", "2026-09-02"]);
        let said = ok(&db, &["session", "deals", "1", file]);
        assert!(
            said.starts_with("session 1: the hands of 4 boards kept"),
            "{said}"
        );
        assert!(said.contains("solved double dummy in"), "{said}");
        let o = k(&db, &["session", "deals", "7", file]);
        assert!(!o.status.success(), "{}", stdout(&o));
        // The session's PBN export carries the kept hands with their tricks and par,
        // for Bridgewebs and the like; nothing is solved again.
        let out = temp_path("store-cli", "deals-export.pbn");
        ok(&db, &["session", "export", "1", out.to_str().unwrap()]);
        let text = String::from_utf8_lossy(&std::fs::read(&out).unwrap()).into_owned();
        assert!(text.contains("[Deal \"N:"), "{text}");
        assert_eq!(text.matches("[DoubleDummyTricks ").count(), 2, "{text}");
        // Imported again elsewhere, the export's hands are named, with how to keep them:
        // they were left behind without a word.
        let again = &databases("deals-again")[0];
        ok(again, &["club", "init", "--name", "BC Again"]);
        let import = [
            "session",
            "import",
            out.to_str().unwrap(),
            "--date",
            "2026-09-02",
        ];
        let o = k(again, &import);
        assert!(
            stderr(&o).contains(&format!(
                "carries the hands of 2 boards, which are not kept with the session: keep them, solved double dummy, with `klaver session deals 1 {}`",
                out.display()
            )),
            "{}",
            stderr(&o)
        );
        // A board without all four hands is not one `session deals` keeps: not counted.
        let start = text.find("[Deal \"N:").unwrap() + 9;
        let end = start + text[start..].find(' ').unwrap();
        let partial = format!("{}-{}", &text[..start], &text[end..]);
        let partial_file = temp_path("store-cli", "deals-partial.pbn");
        std::fs::write(&partial_file, partial).unwrap();
        let again = &databases("deals-partial")[0];
        ok(again, &["club", "init", "--name", "BC Partial"]);
        let import = [
            "session",
            "import",
            partial_file.to_str().unwrap(),
            "--date",
            "2026-09-02",
        ];
        let o = k(again, &import);
        assert!(
            stderr(&o).contains("carries the hands of 1 board, which are not kept"),
            "{}",
            stderr(&o)
        );
        assert_eq!(text.matches("[OptimumScore ").count(), 2, "{text}");
        // `klaver session score` draws them on the travellers too, with tricks and par.
        let html = ok(&db, &["session", "score", "1", "--format", "html"]);
        assert_eq!(html.matches("class=\"par\"").count(), 2, "{html}");
        // A backup keeps them, and who entered each line: they were lost on the way.
        let archive = temp_path("store-cli", "deals-archive.json");
        let a = archive.to_str().unwrap();
        ok(&db, &["export", a]);
        let mut v: serde_json::Value =
            serde_json::from_slice(&std::fs::read(&archive).unwrap()).unwrap();
        v["sessions"][0]["lines"][0]["entered_by"] = "table 3".into();
        std::fs::write(&archive, serde_json::to_vec(&v).unwrap()).unwrap();
        ok(&db, &["import", a, "--as", "hands-2"]);
        let restored = ok(
            &db,
            &[
                "session", "score", "2", "--format", "html", "--club", "hands-2",
            ],
        );
        assert_eq!(restored, html);
        ok(&db, &["export", a, "--club", "hands-2"]);
        let back: serde_json::Value =
            serde_json::from_slice(&std::fs::read(&archive).unwrap()).unwrap();
        assert_eq!(back["sessions"][0]["lines"][0]["entered_by"], "table 3");
        assert_eq!(back["sessions"][0]["deals"], v["sessions"][0]["deals"]);
    }
}

/// A board whose deal leaves a hand out (`-`) was left out of the kept hands, and so of
/// the travellers' tricks and par, with only a count: the board is named, with its line
/// and the hands not given.
#[test]
fn a_board_left_out_of_the_kept_hands_is_named_also_when_refused() {
    let results = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/club-published.pbn");
    let hands = temp_file(
        "store-cli",
        "part-hands.pbn",
        "[Board \"1\"]\n\
         [Deal \"N:AKQ.JT9.876.5432 JT98.AKQ.5432.76 7654.8765.AKQ.AK 32.432.JT9.QJT98\"]\n\n\
         [Board \"2\"]\n\
         [Deal \"E:- 7654.8765.AKQ.AK - AKQ.JT9.876.5432\"]\n",
    );
    let hands = hands.to_str().unwrap();
    for db in databases("part-deals") {
        ok(&db, &["club", "init", "--name", "BC Hands"]);
        ok(&db, &["session", "import", results, "--date", "2026-09-02"]);
        let o = k(&db, &["session", "deals", "1", hands]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(
            stdout(&o).starts_with("session 1: the hands of 1 board kept"),
            "{}",
            stdout(&o)
        );
        assert!(
            stdout(&o).contains("; 1 board without all four hands left out (board 2)\n"),
            "{}",
            stdout(&o)
        );
        let said = format!(
            "warning: {hands}: line 5: board 2: East's and West's hands are not given (\"-\"), so the board is left out: its hands, tricks and par are not kept with the session; give all four hands to keep them\n"
        );
        assert!(stderr(&o).contains(&said), "{said}{}", stderr(&o));
        // Refused by the store (no session 9), the board left out is still named.
        let o = k(&db, &["session", "deals", "9", hands]);
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        assert!(stderr(&o).contains(&said), "{said}{}", stderr(&o));
    }
}

/// A director's penalty line is checked against the night's lines as `klaver score`
/// checks it, when the night is imported and when a line is corrected: a pair on no
/// line refuses the import or the correction (it would join the result list with the
/// penalty alone), and a penalty off its table's line is said.
#[test]
fn a_penalty_line_is_checked_against_the_nights_lines_on_import_and_correction() {
    let board_1 = "board,ns,ew,contract,declarer,result,score,adjust\n\
                   1,1,2,4S,N,=,420,\n1,3,4,4S,N,=,420,\n";
    let ghost = temp_file(
        "store-cli",
        "pen-ghost.csv",
        &format!("{board_1}1,98,99,,,,,PEN -3/2\n"),
    );
    let wrong = temp_file(
        "store-cli",
        "pen-wrong.csv",
        &format!("{board_1}1,1,4,,,,,PEN -3/0\n"),
    );
    let (ghost, wrong) = (ghost.to_str().unwrap(), wrong.to_str().unwrap());
    let date = ["--date", "2025-09-02"];
    for db in databases("penalty-check") {
        club(&db);
        let (_, err) = run(&db, &[&["session", "import", ghost][..], &date].concat(), 2);
        assert!(
            err.contains("line 4: board 1: the penalty PEN -3/2 (98 v 99) names pairs 98 and 99, which are on no traveller line"),
            "{err}"
        );
        assert!(
            run(&db, &["session", "list"], 0)
                .0
                .ends_with("\n0 sessions\n")
        );
        let (_, err) = run(&db, &[&["session", "import", wrong][..], &date].concat(), 0);
        assert!(
            err.contains(&format!("warning: {wrong}: line 4: board 1: pairs 1 and 4 did not play each other on board 1")),
            "{err}"
        );
        let correct = ["session", "correct", "1", "--board", "1", "--line", "3"];
        let (_, err) = run(
            &db,
            &[&correct[..], &["--set-ew", "99", "--reason", "typo"]].concat(),
            2,
        );
        assert!(
            err.contains("names pair 99, which is on no traveller line"),
            "{err}"
        );
        let (_, err) = run(
            &db,
            &[
                &correct[..],
                &["--set-ns", "2", "--set-ew", "1", "--reason", "typo"],
            ]
            .concat(),
            0,
        );
        assert!(
            err.contains("warning: line 3 of board 1: on board 1 pair 1 sat North-South and pair 2 East-West: the penalty PEN -3/0 (2 v 1)"),
            "{err}"
        );
        let (_, err) = run(
            &db,
            &[
                &correct[..],
                &["--set-ns", "3", "--set-ew", "4", "--reason", "typo"],
            ]
            .concat(),
            0,
        );
        assert_eq!(err, "");
        // A correction of the table's result line that takes the penalty off it says so
        // on the penalty's line, though that line is not the one corrected.
        let swap = ["session", "correct", "1", "--board", "1", "--line", "2"];
        let (_, err) = run(
            &db,
            &[
                &swap[..],
                &["--set-ns", "4", "--set-ew", "3", "--reason", "seats"],
            ]
            .concat(),
            0,
        );
        assert_eq!(
            err,
            "warning: line 3 of board 1: on board 1 pair 4 sat North-South and pair 3 East-West: the penalty PEN -3/0 (3 v 4) is applied as written, North-South's points to pair 3 and East-West's to pair 4; write it with the board and the pairs of the table it was given at, North-South first\n"
        );
    }
}

/// A file `klaver score` refuses (a pair playing a board twice) is not stored either: the
/// session would be in the database and never score.
#[test]
fn a_session_that_cannot_be_scored_is_not_stored() {
    let twice = temp_file(
        "store-cli",
        "twice.csv",
        &TRAVELLERS.replace("1,2,3,4,4S,N,+1,450", "1,2,1,4,4S,N,+1,450"),
    );
    let t = twice.to_str().unwrap();
    for db in databases("unscorable") {
        club(&db);
        let (out, err) = run(&db, &["session", "import", t, "--date", "2025-09-02"], 2);
        assert_eq!(out, "");
        assert_eq!(
            err,
            format!(
                "klaver: {t} has errors; nothing was stored:\n  line 3: board 1: pair 1 plays board 1 twice (also on line 2): remove or correct one of the two lines\n"
            )
        );
        assert!(
            run(&db, &["session", "list"], 0)
                .0
                .ends_with("\n0 sessions\n")
        );
    }
}

/// An IMP-form session is checked the way `klaver score --form` scores it before it is
/// stored: a teams file with a room that is neither open nor closed, a board played in
/// one room only or a team playing itself, and a butler or cross-IMP session with a
/// pair playing a board twice, are refused with the lines to correct; nothing is stored.
#[test]
fn an_imp_session_that_cannot_be_scored_is_not_stored() {
    let teams = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/teams-swiss.csv"),
    )
    .unwrap();
    let room = temp_file(
        "store-cli",
        "imp-room.csv",
        &teams.replacen("1,B,A,closed,170", "1,B,A,kitchen,170", 1),
    );
    let one_room =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/teams-bad.csv");
    let twice = temp_file(
        "store-cli",
        "imp-twice.csv",
        &TRAVELLERS.replace("1,2,3,4,4S,N,+1,450", "1,2,1,4,4S,N,+1,450"),
    );
    let (room, one_room, twice) = (
        room.to_str().unwrap(),
        one_room.to_str().unwrap(),
        twice.to_str().unwrap(),
    );
    let refused = |file: &str, lines: &str| {
        format!("klaver: {file} has errors; nothing was stored:\n{lines}")
    };
    let cases = [
        (
            room,
            "teams",
            refused(
                room,
                "  line 3: board 1: room \"kitchen\" is not open or closed\n",
            ),
        ),
        (
            one_room,
            "teams",
            refused(
                one_room,
                "  line 4: board 2: board 2 of A v B has only the open room's result: enter the closed room's result, or mark the board NP in both rooms\n  \
                 line 5: board 3: team C plays itself: correct the ns or ew team\n  \
                 line 6: board 3: board 3 of C v D has only the closed room's result: enter the open room's result, or mark the board NP in both rooms\n",
            ),
        ),
        (
            twice,
            "butler",
            refused(
                twice,
                "  line 3: board 1: pair 1 plays board 1 twice (also on line 2): remove or correct one of the two lines\n",
            ),
        ),
        (
            twice,
            "cross-imps",
            refused(
                twice,
                "  line 3: board 1: pair 1 plays board 1 twice (also on line 2): remove or correct one of the two lines\n",
            ),
        ),
    ];
    for db in databases("imp-unscorable") {
        club(&db);
        for (file, form, want) in &cases {
            let args = [
                "session",
                "import",
                file,
                "--date",
                "2025-09-02",
                "--form",
                form,
            ];
            let (out, err) = run(&db, &args, 2);
            assert_eq!(out, "", "{form} {file}");
            let err: String = err
                .lines()
                .filter(|l| !l.starts_with("warning: "))
                .map(|l| format!("{l}\n"))
                .collect();
            assert_eq!(&err, want, "{form} {file}");
        }
        assert!(
            run(&db, &["session", "list"], 0)
                .0
                .ends_with("\n0 sessions\n")
        );
    }
}

/// A session stored in an IMP form is not exported with pairs matchpoints: PBN, USEBIO
/// and the JSON publish a pairs session's scores, so those are refused, naming the form
/// and what to use instead; its travellers export as CSV.
#[test]
fn an_imp_session_is_not_exported_as_matchpoints() {
    let butler =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/butler-board.csv");
    let dir = temp_path("store-cli", "imp-export");
    std::fs::create_dir_all(&dir).unwrap();
    for db in databases("imp-export") {
        club(&db);
        let file = butler.to_str().unwrap();
        run(
            &db,
            &[
                "session",
                "import",
                file,
                "--date",
                "2025-09-02",
                "--form",
                "butler",
            ],
            0,
        );
        for ext in ["pbn", "xml", "json"] {
            let out = dir.join(format!("night.{ext}"));
            let _ = std::fs::remove_file(&out);
            let (stdout, err) = run(&db, &["session", "export", "1", out.to_str().unwrap()], 2);
            assert_eq!(stdout, "");
            assert_eq!(
                err,
                "klaver: session 1 is scored in the butler form, and klaver writes only a pairs session's scores to PBN, USEBIO and its JSON: export it --to csv for its travellers, or print its IMPs with klaver session score 1 --format json\n",
                "{ext}"
            );
            assert!(!out.exists(), "{ext}");
        }
        let out = dir.join("night.csv");
        run(&db, &["session", "export", "1", out.to_str().unwrap()], 0);
        assert!(std::fs::read_to_string(&out).unwrap().starts_with("board,"));
    }
}

/// `session export` scores a session as `session score` does, with every option kept
/// with it: here the directions ranked as separate fields, which an export scored by
/// the conventions alone ranked as one field (other places and club points).
#[test]
fn an_exported_session_has_the_figures_session_score_prints() {
    let csv = temp_path("store-cli", "fields.csv");
    let csv_name = csv.to_str().unwrap();
    ok(
        "unused",
        &["generate", "--pairs", "8", "--boards", "6", "-o", csv_name],
    );
    let exported = temp_path("store-cli", "fields-export.json");
    let export_name = exported.to_str().unwrap();
    for db in databases("export-fields") {
        club(&db);
        let import = ["session", "import", csv_name, "--date", "2025-09-02"];
        ok(
            &db,
            &[&import[..], &["--add-players", "--fields", "separate"]].concat(),
        );
        let scored = ok(&db, &["session", "score", "1", "--format", "json"]);
        assert!(scored.contains("\"field\":\"NS\""), "{scored}");
        ok(&db, &["session", "export", "1", export_name]);
        assert_eq!(std::fs::read_to_string(&exported).unwrap(), scored);
    }
}

/// Runs klaver against one database from the folder `dir`.
fn k_in(db: &str, dir: &std::path::Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_klaver"))
        .args(args)
        .current_dir(dir)
        .env("KLAVER_DATABASE_URL", db)
        .env_remove("KLAVER_CLUB")
        .output()
        .expect("the klaver binary runs")
}

/// Runs one SQL statement on a test database, as an older klaver left it.
fn execute(db: &str, statement: &str) {
    use sqlx::Connection;
    let url = if db.starts_with("postgres") {
        db.to_string()
    } else {
        format!("sqlite:{db}")
    };
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(async {
            sqlx::any::install_default_drivers();
            let mut conn = sqlx::AnyConnection::connect(&url).await.unwrap();
            sqlx::raw_sql(statement).execute(&mut conn).await.unwrap();
            let _ = conn.close().await;
        });
}

/// A three-table Mitchell of two boards a round, as a schedule file holds it.
const MITCHELL_3: &str = "round,table,ns,ew,boards
1,1,1,4,1-2
1,2,2,5,3-4
1,3,3,6,5-6
2,1,1,6,3-4
2,2,2,4,5-6
2,3,3,5,1-2
3,1,1,5,5-6
3,2,2,6,1-2
3,3,3,4,3-4
";

/// The night played on [`MITCHELL_3`].
const ON_MITCHELL_3: &str = "board,ns,ew,score
1,1,4,-90
1,2,6,-120
1,3,5,110
2,1,4,120
2,2,6,-120
2,3,5,120
3,1,6,90
3,2,5,-120
3,3,4,90
4,1,6,-90
4,2,5,90
4,3,4,120
5,1,5,90
5,2,4,110
5,3,6,90
6,1,5,90
6,2,4,90
6,3,6,110
";

/// A club whose night, played on [`MITCHELL_3`], was imported with it as `sched.csv`
/// in a folder of the test's own: the schedule file, and what the import printed.
fn night_on_mitchell(db: &str, test: &str, n: usize) -> (std::path::PathBuf, String) {
    let file = temp_path(&format!("store-cli-{test}-{n}"), "sched.csv");
    let dir = file.parent().unwrap().to_path_buf();
    std::fs::write(&file, MITCHELL_3).unwrap();
    let travellers = temp_file(
        "store-cli",
        &format!("{test}-on-mitchell-{n}.csv"),
        ON_MITCHELL_3,
    );
    let imported = club_night(
        db,
        &dir,
        travellers.to_str().unwrap(),
        &["--movement", "sched.csv"],
    );
    (file, imported)
}

/// A club (see [`club`]) whose night, the travellers file `travellers` played on
/// 2025-09-02, was imported from the folder `dir` with the options `with` (its
/// movement, boards per round): what the import printed.
fn club_night(db: &str, dir: &std::path::Path, travellers: &str, with: &[&str]) -> String {
    club(db);
    let mut import = vec![
        "session",
        "import",
        travellers,
        "--date",
        "2025-09-02",
        "--add-players",
    ];
    import.extend_from_slice(with);
    ok_in(db, dir, &import)
}

/// Session 1 as an earlier klaver stored it: by the movement name `name` where it was
/// imported with the movement `was`, and without a copy of its schedule.
fn stored_by_name(db: &str, was: &str, name: &str) {
    execute(
        db,
        &format!(
            "UPDATE sessions SET movement = '{name}', options = REPLACE(options, '={was}', '={name}'), schedule = NULL"
        ),
    );
}

/// The result list of a scored session, from its column headings on.
fn result_list(out: &str) -> &str {
    &out[out
        .find("Rank")
        .unwrap_or_else(|| panic!("no result list: {out}"))..]
}

/// A session imported with a schedule file keeps the schedule: scored from another
/// folder, with the file changed or gone, after an export and after a backup and
/// restore, it scores the same. A session stored before schedules were kept reads the
/// file, says so, and keeps it with `klaver session movement`.
#[test]
fn a_stored_night_keeps_its_schedule() {
    for (n, db) in databases("schedule").into_iter().enumerate() {
        let (file, imported) = night_on_mitchell(&db, "schedule", n);
        let dir = file.parent().unwrap().to_path_buf();
        // The same rounds numbered the other way: a file edited after the night.
        let edited = MITCHELL_3
            .lines()
            .map(|l| match l.split_once(',') {
                Some(("1", rest)) => format!("3,{rest}\n"),
                Some(("3", rest)) => format!("1,{rest}\n"),
                _ => format!("{l}\n"),
            })
            .collect::<String>();
        assert!(
            imported.contains(
                "6 pairs, 18 traveller lines stored, the schedule of sched.csv kept with them"
            ),
            "{imported}"
        );

        // Scored from another folder: the schedule kept, not a file named sched.csv.
        let o = k(&db, &["session", "score", "1"]);
        assert!(o.status.success(), "{}", stderr(&o));
        let first = stdout(&o);
        assert!(first.contains("Round3"), "{first}");
        assert!(!stderr(&o).contains("schedule"), "{}", stderr(&o));
        std::fs::write(&file, &edited).unwrap();
        assert_eq!(ok_in(&db, &dir, &["session", "score", "1"]), first);
        std::fs::remove_file(&file).unwrap();
        assert_eq!(ok_in(&db, &dir, &["session", "score", "1"]), first);
        let shown = ok(&db, &["session", "show", "1"]);
        assert!(
            shown.contains("Movement: sched.csv (its schedule kept with the session)"),
            "{shown}"
        );

        // Exported as travellers, the schedule goes beside them, and the hint scores
        // them on it.
        let csv = temp_path("store-cli", &format!("schedule-export-{n}.csv"));
        let o = k(&db, &["session", "export", "1", csv.to_str().unwrap()]);
        assert!(o.status.success(), "{}", stderr(&o));
        let beside = csv.with_extension("schedule.csv");
        assert_eq!(std::fs::read_to_string(&beside).unwrap(), MITCHELL_3);
        let hint = format!(
            "score {} with --movement {} to play it on the same movement",
            csv.display(),
            beside.display()
        );
        assert!(stderr(&o).contains(&hint), "{}", stderr(&o));
        let rescored = ok(
            &db,
            &[
                "score",
                csv.to_str().unwrap(),
                "--movement",
                beside.to_str().unwrap(),
            ],
        );
        assert_eq!(result_list(&rescored), result_list(&first));
        // PBN and klaver's JSON have no place for it either: it was dropped without a
        // word, and the file read back scored on no movement.
        for ext in ["pbn", "json"] {
            let out = temp_path("store-cli", &format!("schedule-export-{n}.{ext}"));
            let o = k(&db, &["session", "export", "1", out.to_str().unwrap()]);
            assert!(o.status.success(), "{}", stderr(&o));
            let beside = out.with_extension("schedule.csv");
            assert_eq!(std::fs::read_to_string(&beside).unwrap(), MITCHELL_3);
            assert!(
                stderr(&o).contains("has no place for the movement: score"),
                "{ext}: {}",
                stderr(&o)
            );
        }

        // A session stored before klaver kept schedules reads the file, and says so.
        execute(&db, "UPDATE sessions SET schedule = NULL");
        std::fs::write(&file, &edited).unwrap();
        let o = k_in(&db, &dir, &["session", "score", "1"]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(
            stderr(&o).contains(
                "warning: session 1 (2025-09-02 tuesday) keeps no copy of its schedule (it was stored before klaver kept them): the schedule is read from the file sched.csv, as that file reads now; keep it with the session with `klaver session movement 1 sched.csv`"
            ),
            "{}",
            stderr(&o)
        );
        assert_ne!(stdout(&o), first, "the edited file is read");
        let shown = ok_in(&db, &dir, &["session", "show", "1"]);
        assert!(
            shown.contains("Movement: sched.csv (read from that file: its schedule is not kept with the session; `klaver session movement 1 sched.csv` keeps it)"),
            "{shown}"
        );
        // From another folder the file is not there: refused, saying what to do.
        let o = k(&db, &["session", "score", "1"]);
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        assert!(
            stderr(&o).contains("session 1 (2025-09-02 tuesday) is played on the schedule file sched.csv, which is not there"),
            "{}",
            stderr(&o)
        );
        assert!(stderr(&o).contains("`klaver session movement 1 SCHEDULE.csv`"));
        // A schedule the night does not fit is not kept.
        let other = temp_file(
            "store-cli",
            &format!("other-schedule-{n}.csv"),
            "round,table,ns,ew,boards\n1,1,1,2,1-6\n",
        );
        let o = k(&db, &["session", "movement", "1", other.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        assert!(stderr(&o).contains("was not kept"), "{}", stderr(&o));
        // What does not fit is told against the file given, not the stored name.
        let against = format!("does not fit the movement {}:", other.display());
        assert!(stderr(&o).contains(&against), "{}", stderr(&o));
        assert!(!stderr(&o).contains("movement sched.csv"), "{}", stderr(&o));
        std::fs::write(&file, MITCHELL_3).unwrap();
        let kept = ok(&db, &["session", "movement", "1", file.to_str().unwrap()]);
        assert!(kept.contains("(3 rounds) kept with the session"), "{kept}");
        std::fs::remove_file(&file).unwrap();
        let o = k(&db, &["session", "score", "1"]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert_eq!(stdout(&o), first);
        assert!(!stderr(&o).contains("schedule"), "{}", stderr(&o));

        // Backed up and restored, the schedule comes along.
        let archive = temp_path("store-cli", &format!("schedule-club-{n}.json"));
        ok(&db, &["export", archive.to_str().unwrap()]);
        ok(
            &db,
            &["import", archive.to_str().unwrap(), "--as", "kievit-2"],
        );
        let restored = ok(&db, &["session", "score", "2", "--club", "kievit-2"]);
        assert_eq!(restored, first);
    }
}

/// Runs klaver from the folder `dir` and insists it succeeds.
fn ok_in(db: &str, dir: &std::path::Path, args: &[&str]) -> String {
    let o = k_in(db, dir, args);
    assert!(
        o.status.success(),
        "klaver {args:?} failed:\n{}",
        stderr(&o)
    );
    stdout(&o)
}

/// The season ranking from the database plays a night on the schedule it keeps, and
/// says so when a night stored before klaver kept schedules reads it from its file.
#[test]
fn the_ranking_says_when_a_night_reads_its_schedule_from_a_file() {
    for (n, db) in databases("schedule-rank").into_iter().enumerate() {
        let file = temp_path(&format!("store-cli-schedule-rank-{n}"), "sched.csv");
        let dir = file.parent().unwrap().to_path_buf();
        std::fs::write(&file, MITCHELL_3).unwrap();
        let players: String = (1..=12)
            .map(|p| format!("{},Player {p}\n", 2000 + p))
            .collect();
        let players = temp_file(
            "store-cli",
            &format!("rank-players-{n}.csv"),
            &format!("bondsnummer,naam\n{players}"),
        );
        let pairs: String = (1..=6)
            .map(|p| format!("{p},,{}+{}\n", 1999 + 2 * p, 2000 + 2 * p))
            .collect();
        let pairs = temp_file(
            "store-cli",
            &format!("rank-pairs-{n}.csv"),
            &format!("pair,names,players\n{pairs}"),
        );
        let settings = temp_file(
            "store-cli",
            &format!("rank-schedule-{n}.toml"),
            "lines = 1\nz = 2\nmin = 1\nx = 0\nme = 1\ninv = 0\ny = 0\n\n[[moment]]\nname = \"tuesday\"\n",
        );
        let travellers = temp_file(
            "store-cli",
            &format!("rank-on-mitchell-{n}.csv"),
            ON_MITCHELL_3,
        );
        ok(&db, &["club", "init", "--name", "BC De Kievit"]);
        ok(&db, &["player", "import", players.to_str().unwrap()]);
        ok(
            &db,
            &["club", "settings", "--ranking", settings.to_str().unwrap()],
        );
        ok_in(
            &db,
            &dir,
            &[
                "session",
                "import",
                travellers.to_str().unwrap(),
                "--pairs",
                pairs.to_str().unwrap(),
                "--date",
                "2025-09-02",
                "--movement",
                "sched.csv",
            ],
        );
        let o = k(&db, &["ranking"]);
        assert!(o.status.success(), "{}", stderr(&o));
        let ranked = stdout(&o);
        assert!(!stderr(&o).contains("schedule"), "{}", stderr(&o));

        execute(&db, "UPDATE sessions SET schedule = NULL");
        let o = k_in(&db, &dir, &["ranking"]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert_eq!(stdout(&o), ranked);
        assert!(
            stderr(&o)
                .contains("warning: session 1 (2025-09-02 tuesday) keeps no copy of its schedule"),
            "{}",
            stderr(&o)
        );
        let o = k(&db, &["ranking"]);
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        assert!(
            stderr(&o).starts_with("klaver: session 1 (2025-09-02 tuesday) is played on the schedule file sched.csv, which is not there"),
            "{}",
            stderr(&o)
        );

        // Stored by an earlier klaver under a name klaver now refuses: ranked as it was,
        // saying so as session score does.
        execute(
            &db,
            r#"UPDATE sessions SET movement = 'mitchell-3-skip', boards_per_round = 2, options = REPLACE(options, '=sched.csv"', '=mitchell-3-skip","--boards-per-round=2"')"#,
        );
        let o = k(&db, &["ranking"]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert_eq!(stdout(&o), ranked);
        assert!(
            stderr(&o).contains("warning: session 1 (2025-09-02 tuesday) keeps the movement name mitchell-3-skip, which klaver now refuses"),
            "{}",
            stderr(&o)
        );
    }
}

/// A night an earlier klaver stored with a movement name it read leniently
/// (`mitchell-3-skip`: the skip left out on an odd number of tables) scores as it did,
/// saying what the name now means and how to keep a clean movement; a stored name that
/// never was one is called that, not a schedule file that is not there.
#[test]
fn a_night_stored_with_a_name_klaver_now_refuses_scores_as_it_did() {
    for (n, db) in databases("old-name").into_iter().enumerate() {
        let travellers = temp_file("store-cli", &format!("old-name-{n}.csv"), ON_MITCHELL_3);
        let on = ["--movement", "mitchell-3", "--boards-per-round", "2"];
        club_night(
            &db,
            std::path::Path::new("."),
            travellers.to_str().unwrap(),
            &on,
        );
        let first = ok(&db, &["session", "score", "1"]);
        stored_by_name(&db, "mitchell-3", "mitchell-3-skip");
        let o = k(&db, &["session", "score", "1"]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert_eq!(stdout(&o), first);
        let want = "warning: session 1 (2025-09-02 tuesday) keeps the movement name mitchell-3-skip, which klaver now refuses; it is scored as klaver read it when the night was stored, as mitchell-3. To keep a clean movement with the session: `klaver movement mitchell --tables 3 --boards-per-round 2 --format csv -o mitchell-3.csv`, then `klaver session movement 1 mitchell-3.csv`";
        assert!(stderr(&o).contains(want), "{}", stderr(&o));
        assert!(!stderr(&o).contains("not there"), "{}", stderr(&o));
        let shown = ok(&db, &["session", "show", "1"]);
        assert!(
            shown.contains("Movement: mitchell-3-skip (a name klaver now refuses: "),
            "{shown}"
        );
        assert!(!shown.contains("not there"), "{shown}");
        // New input with that name stays refused.
        let o = k(
            &db,
            &[
                "score",
                travellers.to_str().unwrap(),
                "--movement",
                "mitchell-3-skip",
            ],
        );
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));

        // A stored name that never was one is called that.
        stored_by_name(&db, "mitchell-3-skip", "mitchell-3-fast");
        let o = k(&db, &["session", "score", "1"]);
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        assert!(
            stderr(&o).contains("session 1 (2025-09-02 tuesday) is played on the movement mitchell-3-fast, which is not a movement name klaver knows"),
            "{}",
            stderr(&o)
        );
        assert!(!stderr(&o).contains("schedule file"), "{}", stderr(&o));
        let shown = ok(&db, &["session", "show", "1"]);
        assert!(
            shown.contains("Movement: mitchell-3-fast (not a movement name klaver knows"),
            "{shown}"
        );
        // One that looks like a file's path is a schedule file that is not there.
        stored_by_name(&db, "mitchell-3-fast", "club/gone.csv");
        let o = k(&db, &["session", "score", "1"]);
        assert!(
            stderr(&o).contains("is played on the schedule file club/gone.csv, which is not there"),
            "{}",
            stderr(&o)
        );
    }
}

/// A night played on a movement is corrected as the director names its lines: by board
/// and table, the table found in the movement when the travellers had no table column;
/// a correction that puts pairs on a board they do not meet on in the movement is
/// refused, since the night could no longer be scored.
#[test]
fn a_correction_follows_the_nights_movement() {
    for (n, db) in databases("correct-movement").into_iter().enumerate() {
        night_on_mitchell(&db, "correct-movement", n);

        // Board 1 at table 2 is 2 v 6 in round 3 of the movement.
        let said = ok(
            &db,
            &[
                "session",
                "correct",
                "1",
                "--board",
                "1",
                "--table",
                "2",
                "--score",
                "-110",
                "--reason",
                "score copied wrongly",
            ],
        );
        assert!(
            said.contains("session 1 line 2 board 1 corrected: 2 v 6: -120 -> 2 v 6: -110"),
            "{said}"
        );
        // No table 4 in the movement.
        let o = k(
            &db,
            &[
                "session", "correct", "1", "--board", "1", "--table", "4", "--score", "0",
                "--reason", "test",
            ],
        );
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        assert!(
            stderr(&o).contains("session 1 has no line of board 1 at table 4"),
            "{}",
            stderr(&o)
        );

        // Pairs 1 and 5 play board 1, but not against each other.
        let o = k(
            &db,
            &[
                "session",
                "correct",
                "1",
                "--board",
                "1",
                "--ns-pair",
                "1",
                "--set-ew",
                "5",
                "--reason",
                "test",
            ],
        );
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        let err = stderr(&o);
        assert!(err.contains("nothing was changed"), "{err}");
        assert!(
            err.contains("pairs 1 and 5 do not meet on board 1 in the movement sched.csv"),
            "{err}"
        );
        let shown = ok(&db, &["session", "show", "1"]);
        assert!(!shown.contains("*    1"), "{shown}");
        ok(&db, &["session", "score", "1"]);
    }
}

/// A teams night keeps every team its teams file names, the one that sat out a round
/// included: stored, shown, scored (with the bye's VP the night was imported with) and
/// exported, as `klaver score` keeps it.
#[test]
fn a_stored_teams_night_keeps_the_team_that_sat_out() {
    let travellers = common::repo("crates/klaver/tests/data/teams-swiss-odd.csv");
    let teams = common::repo("crates/klaver/tests/data/teams-swiss-odd.pairs.csv");
    for (n, db) in databases("teams-bye").into_iter().enumerate() {
        club(&db);
        let o = k(
            &db,
            &[
                "session",
                "import",
                &travellers,
                "--pairs",
                &teams,
                "--form",
                "teams",
                "--bye-vp",
                "12",
                "--date",
                "2025-09-02",
                "--add-players",
            ],
        );
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(
            stdout(&o).contains("5 pairs, 16 traveller lines stored"),
            "{}",
            stdout(&o)
        );
        assert!(!stderr(&o).contains("no results"), "{}", stderr(&o));
        let shown = ok(&db, &["session", "show", "1"]);
        assert!(shown.contains("Epsilon"), "{shown}");
        let o = k(&db, &["session", "score", "1"]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(stderr(&o).is_empty(), "{}", stderr(&o));
        let scored = common::squeezed(&stdout(&o));
        assert!(scored.contains("\n2 5 Epsilon 0 12.00 0 0 -\n"), "{scored}");
        assert!(scored.contains("Bye: 5 (round 1): 12.00 VP"), "{scored}");
        let csv = temp_path("store-cli", &format!("teams-bye-export-{n}.csv"));
        let o = k(&db, &["session", "export", "1", csv.to_str().unwrap()]);
        assert!(o.status.success(), "{}", stderr(&o));
        let names = std::fs::read_to_string(csv.with_extension("pairs.csv")).unwrap();
        assert!(names.contains("Epsilon"), "{names}");
    }
}

/// A night an earlier klaver stored on a Howell of more than 120 pairs (which klaver no
/// longer makes) is told a way to keep its movement that works: the schedule it is
/// scored on, written by `session export`, kept with `session movement`; after that it
/// scores the same without the warning, and the exported night scores on the schedule
/// file export names.
#[test]
fn a_stored_howell_past_120_pairs_is_told_how_to_keep_its_movement() {
    let (name, bpr) = ("howell-130-7-same", 2);
    let (howell, _) = klaver_core::movement::named_as_stored(name, bpr).unwrap();
    let mut travellers = String::from("board,round,table,ns,ew,score\n");
    for t in &howell.rounds[0].tables {
        let (Some(ns), Some(ew)) = (&t.ns, &t.ew) else {
            continue;
        };
        let score = [420, 450, -50][t.table as usize % 3];
        travellers.push_str(&format!("1,1,{},{ns},{ew},{score}\n", t.table));
    }
    let schedule = klaver_core::movement::to_csv(&howell);
    for (n, db) in databases("large-howell").into_iter().enumerate() {
        let file = |what: &str, text: &str| {
            let f = temp_file("store-cli", &format!("large-howell-{n}.{what}"), text);
            f.display().to_string()
        };
        let (night, played_on) = (file("csv", &travellers), file("played.csv", &schedule));
        let on = ["--movement", played_on.as_str(), "--boards-per-round", "2"];
        club_night(&db, std::path::Path::new("."), &night, &on);
        stored_by_name(&db, &played_on, name);
        let o = k(&db, &["session", "score", "1"]);
        assert!(o.status.success(), "{}", stderr(&o));
        let first = stdout(&o);
        let out = temp_path("store-cli", &format!("large-howell-{n}.out.csv"));
        let out = out.display().to_string();
        let kept = out.replace(".out.csv", ".out.schedule.csv");
        let advice = "`klaver session export 1 NIGHT.csv` writes it to NIGHT.schedule.csv, then `klaver session movement 1 NIGHT.schedule.csv` keeps it with the session";
        assert!(stderr(&o).contains(advice), "{}", stderr(&o));
        assert!(
            !stderr(&o).contains("klaver movement howell"),
            "{}",
            stderr(&o)
        );

        // The advice followed.
        let o = k(&db, &["session", "export", "1", &out]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(
            stderr(&o).contains(&format!(
                "score {out} with --movement {kept} --boards-per-round 2"
            )),
            "{}",
            stderr(&o)
        );
        let o = k(
            &db,
            &[
                "score",
                &out,
                "--movement",
                &kept,
                "--boards-per-round",
                "2",
            ],
        );
        assert!(o.status.success(), "{}", stderr(&o));
        ok(&db, &["session", "movement", "1", &kept]);
        let o = k(&db, &["session", "score", "1"]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert_eq!(stdout(&o), first);
        assert!(!stderr(&o).contains("now refuses"), "{}", stderr(&o));
    }
}

/// The night's pairs by their players' federation numbers.
const PLAYERS_PAIRS: &str =
    "pair,names,players\n1,,1001+1002\n2,,1003+1004\n3,,1005+1006\n4,,1007+1008\n";

/// The ranking settings of the club's tuesday, one line a night.
const TUESDAY: &str =
    "lines = 1\nz = 2\nmin = 1\nx = 0\nme = 1\ninv = 0\ny = 0\n\n[[moment]]\nname = \"tuesday\"\n";

/// A night's file imported twice was refused with "or import this file as another line
/// with --line"; doing so stored every result again, and the ranking then refused the
/// whole club (a player in two pairs, a pair without a line beside pairs with one).
/// The same results are refused as stored already, a line on a night stored without
/// one is refused naming the session, and so is a player already playing that night.
#[test]
fn a_night_imported_twice_is_refused_whatever_its_line() {
    let travellers = temp_file("store-cli", "night-twice.csv", TRAVELLERS);
    let other = temp_file(
        "store-cli",
        "night-twice-b.csv",
        &TRAVELLERS.replace("1,2,3,4,4S,N,+1,450", "1,2,3,4,4S,N,=,420"),
    );
    let pairs = temp_file("store-cli", "night-twice.pairs.csv", PLAYERS_PAIRS);
    let settings = temp_file("store-cli", "night-twice.toml", TUESDAY);
    let (t, o, p) = (
        travellers.to_str().unwrap(),
        other.to_str().unwrap(),
        pairs.to_str().unwrap(),
    );
    for db in databases("night-twice") {
        club(&db);
        ok(
            &db,
            &["club", "settings", "--ranking", settings.to_str().unwrap()],
        );
        let import = ["session", "import", t, "--pairs", p, "--date", "2025-09-02"];
        ok(&db, &import);
        for again in [&import[..], &[&import[..], &["--line", "A"]].concat()] {
            let (_, err) = run(&db, again, 2);
            assert!(!err.contains("storing"), "{err}");
            assert!(
                err.ends_with("klaver: the session's 8 results are those of session 1 (2025-09-02 tuesday), stored already: a night's results are stored once; correct a line of it with `klaver session correct 1 ...`, or delete it first to store it again with other options (`klaver session delete 1 --reason ...`)\n"),
                "{err}"
            );
        }
        let lined = [
            "session",
            "import",
            o,
            "--pairs",
            p,
            "--date",
            "2025-09-02",
            "--line",
            "B",
        ];
        let (_, err) = run(&db, &lined, 2);
        assert!(
            err.contains("the night of 2025-09-02 tuesday is stored as session 1, without a line: a night's sessions have a line each or none has"),
            "{err}"
        );
        assert!(ok(&db, &["session", "list"]).contains("1 sessions"));
        ok(&db, &["ranking"]);
        // A night of two lines: the second line's players are the first line's.
        let a = [
            "session",
            "import",
            t,
            "--pairs",
            p,
            "--date",
            "2025-09-09",
            "--line",
            "A",
        ];
        ok(&db, &a);
        let b = [
            "session",
            "import",
            o,
            "--pairs",
            p,
            "--date",
            "2025-09-09",
            "--line",
            "B",
        ];
        let (_, err) = run(&db, &b, 2);
        assert!(
            err.ends_with("klaver: Jan Jansen (1001) of pair 1 already plays in pair 1 of session 2 (2025-09-09 tuesday line A), the same night: a player plays in one pair a night; correct the players of the pair that is wrong\n"),
            "{err}"
        );
        let unlined = ["session", "import", o, "--date", "2025-09-09"];
        let (_, err) = run(&db, &unlined, 2);
        assert!(
            err.ends_with("klaver: the night of 2025-09-09 tuesday has lines stored (session 2 line A): give this session its line letter (--line)\n"),
            "{err}"
        );
        assert!(ok(&db, &["session", "list"]).contains("2 sessions"));
        ok(&db, &["ranking"]);
    }
}

/// `session players` took a pair's players when another pair of the night already had
/// them, and a player partnering himself; a pairs file giving player 1001 to two pairs
/// was stored without a word. Each made the ranking refuse the whole club: each is
/// refused, naming the other pair or the pairs file's lines.
#[test]
fn a_player_is_stored_in_one_pair_a_night() {
    let travellers = temp_file("store-cli", "one-pair.csv", TRAVELLERS);
    let pairs = temp_file("store-cli", "one-pair.pairs.csv", PAIRS);
    let twice = temp_file(
        "store-cli",
        "one-pair-twice.pairs.csv",
        "pair,names,players\n1,a,1001+1002\n2,b,1001+1003\n3,c,1005+1005\n4,d,1007+1008\n",
    );
    for db in databases("one-pair") {
        club(&db);
        let import = |pairs: &std::path::Path| {
            k(
                &db,
                &[
                    "session",
                    "import",
                    travellers.to_str().unwrap(),
                    "--pairs",
                    pairs.to_str().unwrap(),
                    "--date",
                    "2025-09-02",
                ],
            )
        };
        let o = import(&twice);
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        let err = stderr(&o);
        let file = twice.display();
        for said in [
            format!(
                "{file}: line 3: player 1001 of pair 2 is also given for pair 1 (line 2): a player plays in one pair a night; correct the players of the pair that is wrong"
            ),
            format!("{file}: line 4: pair 3 has player 1005 twice: give each of its players once"),
        ] {
            assert!(err.contains(&said), "{err}");
        }
        assert!(err.contains("has errors; nothing was stored"), "{err}");
        assert!(ok(&db, &["session", "list"]).contains("0 sessions"));
        assert!(import(&pairs).status.success());
        let before = ok(&db, &["session", "show", "1"]);
        let (_, err) = run(&db, &["session", "players", "1", "3", "1001+1002"], 2);
        assert_eq!(
            err,
            "klaver: Jan Jansen (1001) of pair 3 already plays in pair 1 of this session: a player plays in one pair a night; correct the players of the pair that is wrong\n"
        );
        let (_, err) = run(&db, &["session", "players", "1", "3", "1006+1006"], 2);
        assert_eq!(
            err,
            "klaver: pair 3 has Tom Visser (1006) twice: a pair is two different players\n"
        );
        assert_eq!(ok(&db, &["session", "show", "1"]), before);
        ok(&db, &["session", "players", "1", "3", "1005+1006"]);
    }
}

/// A session stored by mistake could not be removed: a night stored twice by an earlier
/// klaver, once without a line and once as line A, kept the ranking refusing the whole
/// club until a backup was edited by hand. `session delete` removes it, saying what it
/// removes; it is kept whole in the log `session removed` lists, which the club's
/// backup carries, and the ranking runs again.
#[test]
fn a_session_stored_by_mistake_is_deleted_and_the_ranking_runs_again() {
    let travellers = temp_file("store-cli", "mistake.csv", TRAVELLERS);
    let pairs = temp_file("store-cli", "mistake.pairs.csv", PLAYERS_PAIRS);
    let settings = temp_file("store-cli", "mistake.toml", TUESDAY);
    let archive = temp_path("store-cli", "mistake.json");
    let (t, p) = (travellers.to_str().unwrap(), pairs.to_str().unwrap());
    for db in databases("mistake") {
        club(&db);
        ok(
            &db,
            &["club", "settings", "--ranking", settings.to_str().unwrap()],
        );
        ok(
            &db,
            &["session", "import", t, "--pairs", p, "--date", "2025-09-02"],
        );
        let a = [
            "session",
            "import",
            t,
            "--pairs",
            p,
            "--date",
            "2025-09-09",
            "--line",
            "A",
        ];
        ok(&db, &a);
        // As an earlier klaver stored it: the same night again, as line A.
        execute(
            &db,
            "UPDATE sessions SET played_on = '2025-09-02' WHERE id = 2",
        );
        let (_, err) = run(&db, &["ranking"], 2);
        assert!(
            err.contains("player 1001 also plays in pair 1001+1002"),
            "{err}"
        );

        let (_, err) = run(&db, &["session", "delete", "9", "--reason", "x"], 2);
        assert_eq!(
            err,
            "klaver: club bc-de-kievit has no session 9: `klaver session list` shows them\n"
        );
        let (_, err) = run(&db, &["session", "delete", "2"], 2);
        assert!(err.contains("--reason"), "{err}");
        let (out, _) = run(
            &db,
            &[
                "session",
                "delete",
                "2",
                "--reason",
                "imported twice",
                "--by",
                "td",
            ],
            0,
        );
        assert_eq!(
            out,
            "session 2 removed: 2025-09-02 tuesday line A, 4 pairs, 8 traveller lines; kept whole in the club's log of removed sessions (klaver session removed)\n"
        );
        let list = ok(&db, &["session", "list"]);
        assert!(list.contains("1 sessions"), "{list}");
        let (_, err) = run(&db, &["session", "show", "2"], 2);
        assert!(err.contains("has no session 2"), "{err}");
        ok(&db, &["ranking"]);
        let removed = ok(&db, &["session", "removed"]);
        let said = "by td: session 2 (2025-09-02 tuesday line A), 4 pairs, 8 traveller lines: imported twice\n";
        assert!(removed.ends_with(said), "{removed}");

        // The backup carries the log. Restored beside the club, whose numbers this
        // database uses already, the removed session is numbered anew after the
        // restored one (3), as no other session's.
        ok(&db, &["export", archive.to_str().unwrap()]);
        ok(&db, &["import", archive.to_str().unwrap(), "--as", "copy"]);
        let copied = ok(&db, &["session", "removed", "--club", "copy"]);
        assert_eq!(copied, removed.replace("session 2 (", "session 4 ("));
    }
}

/// The number `session list` gives each line of the night of 2025-09-02.
fn line_numbers(list: &str) -> Vec<(String, i64)> {
    let mut found: Vec<(String, i64)> = list
        .lines()
        .filter(|l| l.contains("2025-09-02"))
        .map(|l| {
            let fields: Vec<&str> = l.split_whitespace().collect();
            (fields[3].to_string(), fields[0].parse().unwrap())
        })
        .collect();
    found.sort();
    found
}

/// `klaver export` then `klaver import` gave a night's lines in reverse order of
/// their numbers (line A, session 1, came back after line B), so a director's printouts
/// of "session 1" no longer matched: the restore keeps the order they were stored in.
#[test]
fn a_restored_club_numbers_its_sessions_in_the_order_they_were_stored() {
    let a = temp_file("store-cli", "order-a.csv", TRAVELLERS);
    let b = temp_file(
        "store-cli",
        "order-b.csv",
        &TRAVELLERS.replace("1,2,3,4,4S,N,+1,450", "1,2,3,4,4S,N,=,420"),
    );
    let archive = temp_path("store-cli", "order.json");
    for db in databases("order") {
        club(&db);
        for (file, line) in [(&a, "A"), (&b, "B")] {
            let file = file.to_str().unwrap();
            ok(
                &db,
                &[
                    "session",
                    "import",
                    file,
                    "--date",
                    "2025-09-02",
                    "--line",
                    line,
                ],
            );
        }
        let stored = line_numbers(&ok(&db, &["session", "list"]));
        assert_eq!(stored, [("A".to_string(), 1), ("B".to_string(), 2)]);
        ok(&db, &["export", archive.to_str().unwrap()]);
        ok(&db, &["import", archive.to_str().unwrap(), "--as", "copy"]);
        let copied = line_numbers(&ok(&db, &["session", "list", "--club", "copy"]));
        assert_eq!(copied, [("A".to_string(), 3), ("B".to_string(), 4)]);
    }
}

/// `klaver export` then `klaver import` into an empty database gave the removed
/// session's number to a live one (session 2 removed, session 3 restored as 2): a
/// restore keeps every session's number, and says so when the database already uses
/// them and they are given anew.
#[test]
fn a_restored_club_keeps_its_session_numbers() {
    let night = temp_file("store-cli", "numbers.csv", TRAVELLERS);
    let night = night.to_str().unwrap();
    let archive = temp_path("store-cli", "numbers.json");
    let archive = archive.to_str().unwrap();
    for (k, db) in databases("numbers").into_iter().enumerate() {
        club(&db);
        for date in ["2025-09-02", "2025-09-09", "2025-09-16"] {
            ok(&db, &["session", "import", night, "--date", date]);
        }
        let why = ["--reason", "wrong file", "--by", "td"];
        ok(&db, &[&["session", "delete", "2"][..], &why].concat());
        ok(&db, &["export", archive]);
        let fresh = temp_path("store-cli", &format!("numbers-restored-{k}.db"));
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", fresh.display()));
        }
        let fresh = fresh.display().to_string();
        let out = ok(&fresh, &["import", archive]);
        assert!(out.ends_with(": 8 players, 2 sessions\n"), "{out}");
        let ids = |list: &str| -> Vec<String> {
            let rows = list.lines().skip(1).filter(|l| l.contains("2025-"));
            rows.map(|l| l.split_whitespace().next().unwrap().to_string())
                .collect()
        };
        assert_eq!(ids(&ok(&fresh, &["session", "list"])), ["3", "1"]);
        let removed = ok(&fresh, &["session", "removed"]);
        assert!(removed.contains(": session 2 (2025-09-09"), "{removed}");

        // Beside itself the numbers are taken: given anew, and said.
        let out = ok(&db, &["import", archive, "--as", "copy"]);
        assert!(
            out.ends_with("\nthis database has given some of the archive's session numbers already, or they lie too far past its own, so the restored sessions are numbered anew, from 4 (`klaver session list --club copy` shows them)\n"),
            "{out}"
        );
        let copied = ids(&ok(&db, &["session", "list", "--club", "copy"]));
        assert_eq!(copied, ["5", "4"]);
        let removed = ok(&db, &["session", "removed", "--club", "copy"]);
        assert!(removed.contains(": session 6 (2025-09-09"), "{removed}");
    }
}

/// A passed-out board has no declarer and no tricks: a pass-out (`PASS`, or `P` as a
/// traveller writes it) given with a result or a declarer is refused in the phone's
/// words, naming the line, and nothing is stored; the result was dropped without a word
/// when a line was added. A pass-out stored, a declarer or result corrected onto it is
/// refused alike; a correction to a pass-out alone is clear, and says what it drops.
#[test]
fn a_pass_out_with_a_result_or_declarer_is_refused() {
    let night = temp_file(
        "store-cli",
        "pass-night.csv",
        "board,ns,ew,contract,declarer,result,score\n\
         1,1,2,4S,N,=,420\n1,3,4,4S,N,+1,450\n2,1,4,3NT,S,=,600\n",
    );
    let want = "a passed-out board has no declarer and no tricks: leave out --declarer and --result, or give the contract that was played";
    for db in databases("pass-with-result") {
        club(&db);
        run(
            &db,
            &[
                "session",
                "import",
                night.to_str().unwrap(),
                "--date",
                "2025-09-02",
            ],
            0,
        );
        for (pass, extra) in [
            ("PASS", &["--result", "+1"][..]),
            ("PASS", &["--declarer", "N"]),
            ("PASS", &["--declarer", "N", "--result", "="]),
            ("p", &["--declarer", "N", "--result", "+1"]),
        ] {
            let add = [
                &[
                    "session",
                    "add",
                    "1",
                    "--board",
                    "2",
                    "--ns-pair",
                    "3",
                    "--ew-pair",
                    "2",
                ][..],
                &["--contract", pass, "--reason", "found later"],
                extra,
            ]
            .concat();
            let (out, err) = run(&db, &add, 2);
            let added =
                format!("the added line 4 of board 2 is not valid; nothing was added:\n  {want}\n");
            assert!(out.is_empty() && err.ends_with(&added), "{extra:?}: {err}");
            let correct = [
                &["session", "correct", "1", "--board", "1", "--ns-pair", "3"][..],
                &["--contract", pass, "--reason", "passed out"],
                extra,
            ]
            .concat();
            let (out, err) = run(&db, &correct, 2);
            let corrected = format!(
                "the corrected line 2 of board 1 is not valid; nothing was changed:\n  {want}\n"
            );
            assert!(
                out.is_empty() && err.ends_with(&corrected),
                "{extra:?}: {err}"
            );
        }
        // Nothing was added or changed.
        let (show, _) = run(&db, &["session", "show", "1"], 0);
        assert!(!show.contains("PASS") && !show.contains(" pass"), "{show}");
        // A pass-out alone is added, and a correction to one drops the line's tricks.
        let (out, _) = run(
            &db,
            &[
                "session",
                "add",
                "1",
                "--board",
                "2",
                "--ns-pair",
                "3",
                "--ew-pair",
                "2",
                "--contract",
                "PASS",
                "--reason",
                "found later",
                "--by",
                "td",
            ],
            0,
        );
        assert_eq!(
            out,
            "session 1 line 4 board 2 added: 3 v 2: PASS (found later, by td)\n"
        );
        // A declarer or a result given to the stored pass-out is refused alike.
        for extra in [["--declarer", "N"], ["--result", "+1"]] {
            let correct = [
                &["session", "correct", "1", "--board", "2", "--ns-pair", "3"][..],
                &extra,
                &["--reason", "typo"],
            ]
            .concat();
            let (out, err) = run(&db, &correct, 2);
            let corrected = format!(
                "the corrected line 4 of board 2 is not valid; nothing was changed:\n  {want}\n"
            );
            assert!(
                out.is_empty() && err.ends_with(&corrected),
                "{extra:?}: {err}"
            );
        }
        let (out, _) = run(
            &db,
            &[
                "session",
                "correct",
                "1",
                "--board",
                "1",
                "--ns-pair",
                "3",
                "--contract",
                "PASS",
                "--reason",
                "passed out",
                "--by",
                "td",
            ],
            0,
        );
        assert_eq!(
            out,
            "session 1 line 2 board 1 corrected: 3 v 4: 4S N +1 450 -> 3 v 4: PASS, dropping declarer N, result +1 and score 450 (passed out, by td)\n"
        );
    }
}

/// A traveller found after the night was stored, or a director's penalty given later,
/// could only reach a stored night by deleting it and importing it again (its
/// corrections then logged with the removed session, not with the night).
#[test]
fn a_line_found_later_is_added_checked_and_logged() {
    let night = temp_file(
        "store-cli",
        "add-night.csv",
        "board,ns,ew,contract,declarer,result,score\n\
         1,1,2,4S,N,=,420\n1,3,4,4S,N,+1,450\n2,1,4,3NT,S,=,600\n",
    );
    fn add<'a>(rest: &[&'a str]) -> Vec<&'a str> {
        [
            &["session", "add", "1", "--board", "2", "--by", "td"][..],
            rest,
        ]
        .concat()
    }
    for db in databases("add-line") {
        club(&db);
        run(
            &db,
            &[
                "session",
                "import",
                night.to_str().unwrap(),
                "--date",
                "2025-09-02",
            ],
            0,
        );
        // An impossible score is refused, naming the line, and nothing is stored.
        let (_, err) = run(
            &db,
            &add(&[
                "--ns-pair",
                "3",
                "--ew-pair",
                "2",
                "--contract",
                "3NT",
                "--declarer",
                "S",
                "--result",
                "=",
                "--score",
                "425",
                "--reason",
                "found in the box",
            ]),
            2,
        );
        assert!(
            err.contains("the added line 4 of board 2 is not valid; nothing was added"),
            "{err}"
        );
        let (out, _) = run(
            &db,
            &add(&[
                "--ns-pair",
                "3",
                "--ew-pair",
                "2",
                "--contract",
                "3NT",
                "--declarer",
                "S",
                "--result",
                "+1",
                "--reason",
                "found in the box",
            ]),
            0,
        );
        assert_eq!(
            out,
            "session 1 line 4 board 2 added: 3 v 2: 3NT S +1 (found in the box, by td)\n"
        );
        // The board now has two results: 630 beats 600.
        let (json, _) = run(&db, &["session", "score", "1", "--format", "json"], 0);
        assert!(
            json.contains("\"ns\":\"3\",\"ew\":\"2\",\"score\":630"),
            "{json}"
        );
        // The same board of the same pairs again is refused: a correction changes it.
        let (_, err) = run(
            &db,
            &add(&[
                "--ns-pair",
                "2",
                "--ew-pair",
                "3",
                "--contract",
                "PASS",
                "--reason",
                "x",
            ]),
            2,
        );
        assert!(
            err.contains("already entered (line 4): correct that line instead"),
            "{err}"
        );
        // A director's penalty shares its pairs with their line.
        run(
            &db,
            &add(&[
                "--ns-pair",
                "3",
                "--ew-pair",
                "2",
                "--adjust",
                "PEN -3/0",
                "--reason",
                "slow play",
            ]),
            0,
        );
        let (show, _) = run(&db, &["session", "show", "1"], 0);
        assert!(
            show.contains("by td: line 4 board 2 added: 3 v 2: 3NT S +1 (found in the box)"),
            "{show}"
        );
        assert!(
            show.contains("by td: line 5 board 2 added: 3 v 2: PEN -3/0 (slow play)"),
            "{show}"
        );
        // The night's file again is still the same night, as it was imported.
        let (_, err) = run(
            &db,
            &[
                "session",
                "import",
                night.to_str().unwrap(),
                "--date",
                "2025-09-02",
            ],
            2,
        );
        assert!(err.contains("stored already"), "{err}");
        // The archive keeps the added lines and their log, and reads back whole.
        let archive = temp_path("store-cli", "add-line.json");
        run(&db, &["export", archive.to_str().unwrap()], 0);
        let text = std::fs::read_to_string(&archive).unwrap();
        assert!(text.contains("\"version\": 4"), "{text}");
        run(
            &db,
            &["import", archive.to_str().unwrap(), "--as", "again"],
            0,
        );
        let (again, _) = run(&db, &["session", "show", "2", "--club", "again"], 0);
        assert!(
            again.contains("line 5 board 2 added: 3 v 2: PEN -3/0 (slow play)"),
            "{again}"
        );
        let score = |club: &str, id: &str| run(&db, &["session", "score", id, "--club", club], 0).0;
        assert_eq!(score("again", "2"), score("bc-de-kievit", "1"));
        // A teams match's closed room, found later: the room is given and checked.
        let kievit = ["--club", "bc-de-kievit"];
        let teams = temp_file(
            "store-cli",
            "add-teams.csv",
            "board,ns,ew,room,score\n1,1,2,open,420\n1,2,1,closed,-420\n",
        );
        let import = [
            "session",
            "import",
            teams.to_str().unwrap(),
            "--form",
            "teams",
        ];
        let date = ["--date", "2025-09-09"];
        let (out, _) = run(&db, &[&import[..], &kievit, &date].concat(), 0);
        // (The club restored beside it took session 2.)
        assert!(out.starts_with("session 3 "), "{out}");
        let add = [
            "session",
            "add",
            "3",
            "--board",
            "2",
            "--reason",
            "found later",
        ];
        let open = ["--ns-pair", "1", "--ew-pair", "2", "--score", "110"];
        let (_, err) = run(&db, &[&add[..], &kievit, &open].concat(), 2);
        assert_eq!(
            err,
            "klaver: session 3 is a teams match: give the room the board was played in, --room open or --room closed\n"
        );
        let open = [&open[..], &["--room", "open"]].concat();
        run(&db, &[&add[..], &kievit, &open].concat(), 0);
        let closed = [
            "--ns-pair",
            "2",
            "--ew-pair",
            "1",
            "--room",
            "closed",
            "--score",
            "-140",
        ];
        let (out, _) = run(&db, &[&add[..], &kievit, &closed].concat(), 0);
        assert!(
            out.contains("line 4 board 2 added: 2 v 1 (closed room): -140"),
            "{out}"
        );
        let (text, _) = run(&db, &[&["session", "score", "3"][..], &kievit].concat(), 0);
        // 840 and 250 points: 13 and 6 IMPs.
        assert!(text.contains("1 v 2  19 - 0"), "{text}");
    }
}

/// A club whose ranking settings name one playing moment ("avond") stored a night
/// imported without --moment under its weekday, and the ranking then refused it.
#[test]
fn a_night_takes_the_one_moment_the_ranking_settings_name() {
    let night = temp_file(
        "store-cli",
        "moment-night.csv",
        "board,ns,ew,score\n1,1,2,420\n1,3,4,450\n",
    );
    let settings = temp_file(
        "store-cli",
        "moment-avond.toml",
        "lines = 1\n[[moment]]\nname = \"avond\"\n",
    );
    let pairs = temp_file(
        "store-cli",
        "moment-night.pairs.csv",
        "pair,names,players\n1,a,1001+1002\n2,b,1003+1004\n3,c,1005+1006\n4,d,1007+1008\n",
    );
    for db in databases("one-moment") {
        club(&db);
        ok(
            &db,
            &["club", "settings", "--ranking", settings.to_str().unwrap()],
        );
        let night = night.to_str().unwrap();
        let pairs = ["--pairs", pairs.to_str().unwrap()];
        let (out, _) = run(
            &db,
            &[
                &["session", "import", night, "--date", "2025-09-03"][..],
                &pairs,
            ]
            .concat(),
            0,
        );
        assert!(out.contains("(2025-09-03 avond)"), "{out}");
        run(&db, &["ranking"], 0);
    }
}

/// `--add-players` with a pairs file whose `players` column gives numbers the club does
/// not know added the names as guests without those numbers, and the pair stayed
/// without players (the ranking then asked for the column already filled in).
#[test]
fn guests_added_from_a_players_column_keep_their_numbers() {
    let night = temp_file("store-cli", "guests-night.csv", TRAVELLERS);
    let pairs = temp_file(
        "store-cli",
        "guests-night.pairs.csv",
        "pair,names,players\n1,Jan Jansen - Piet de Vries,1001+1002\n\
         2,Karel Appel - Bram Bos,2001+2002\n3,Els Visser - Tom Visser,1005+1006\n\
         4,Joke de Boer - Henk de Boer,1007+1008\n",
    );
    for db in databases("guests-numbers") {
        club(&db);
        let import = [
            "session",
            "import",
            night.to_str().unwrap(),
            "--pairs",
            pairs.to_str().unwrap(),
            "--date",
            "2025-09-02",
            "--add-players",
        ];
        run(&db, &import, 0);
        let show = ok(&db, &["session", "show", "1"]);
        assert!(
            show.contains("Karel Appel (2001), Bram Bos (2002)"),
            "{show}"
        );
        let list = ok(&db, &["player", "list"]);
        assert!(
            list.contains("2001") && list.contains("Karel Appel"),
            "{list}"
        );
    }
}

/// The sit-out warnings of `said` (klaver's stderr), each from its board on: a stored
/// night names its results by their stored numbers and a file by its lines, and the
/// boards are said alike.
fn sit_out_boards(said: &str) -> Vec<String> {
    said.lines()
        .filter(|l| l.contains("sat out this board"))
        .map(|l| l[l.find(" board ").unwrap() + 1..].to_string())
        .collect()
}

/// A night with a pair sitting out (Ruter's PBN, 22 pairs and a sit-out line on each
/// board but four) was stored without its sit-out lines: `session score` then said
/// "10 results where 11 were expected ... enter the missing results or mark them NP" of
/// each board, advice that is wrong for a board a pair sat out. The stored night keeps
/// its sit-out lines and says each such board as `klaver score` says it of the file, in
/// every command that scores or shows it, in the backup and after a removal.
#[test]
fn a_stored_night_says_a_board_a_pair_sat_out_as_its_file_does() {
    let f = common::repo("crates/klaver-io/tests/data/ruter-2019-10-14-spiren.pbn");
    let from_file = stderr(&common::klaver(&["score", &f, "-o", "/dev/null"]));
    let boards = sit_out_boards(&from_file);
    assert_eq!(boards.len(), 18, "{from_file}");
    assert!(
        boards[0].starts_with("board 7: 10 results where 11 were expected, as pair 15 sat out this board (a sit-out line, line 291 of the file)"),
        "{from_file}"
    );
    let archive = temp_path("store-cli", "sit-outs.json");
    for db in databases("sit-outs") {
        ok(&db, &["club", "init", "--name", "Spiren"]);
        // The import says the boards as `klaver score` does, on the file's lines.
        let o = k(&db, &["session", "import", &f]);
        assert!(o.status.success(), "{}", stderr(&o));
        let said = stderr(&o);
        let board7 = format!(
            "note: {f}: line 281: board 7: 10 results where 11 were expected, as pair 15 sat out this board (a sit-out line, line 291 of the file): the board is Neuberg-scaled to the full top"
        );
        assert!(said.contains(&board7), "{said}");
        assert_eq!(sit_out_boards(&said), boards, "{said}");
        let o = k(&db, &["session", "score", "1", "-o", "/dev/null"]);
        let scored = stderr(&o);
        assert_eq!(sit_out_boards(&scored), boards, "{scored}");
        assert!(!scored.contains("enter the missing results"), "{scored}");
        let nl = ok(
            &db,
            &["session", "score", "1", "--lang", "nl", "--format", "html"],
        );
        let dutch = "gift 7: 10 uitslagen waar er 11 verwacht werden, want paar 15 zat deze gift uit (een uitzitregel, regel 291 van het bestand)";
        assert!(nl.contains(dutch), "{nl}");
        for out in ["sit-outs.pbn", "sit-outs.xml", "sit-outs.json"] {
            let out = temp_path("store-cli", out);
            let o = k(&db, &["session", "export", "1", out.to_str().unwrap()]);
            assert_eq!(sit_out_boards(&stderr(&o)), boards, "{}", stderr(&o));
        }
        let show = ok(&db, &["session", "show", "1"]);
        assert!(
            show.contains("line 291: board 7: pair 15 sat out this board"),
            "{show}"
        );
        // The backup carries them.
        ok(&db, &["export", archive.to_str().unwrap()]);
        ok(&db, &["import", archive.to_str().unwrap(), "--as", "copy"]);
        let o = k(
            &db,
            &["session", "score", "2", "--club", "copy", "-o", "/dev/null"],
        );
        assert_eq!(sit_out_boards(&stderr(&o)), boards, "{}", stderr(&o));
        // Removed, the session takes its sit-out lines with it, and keeps them in the log.
        ok(
            &db,
            &[
                "session", "delete", "1", "--reason", "test", "--club", "spiren",
            ],
        );
        ok(
            &db,
            &[
                "session", "delete", "2", "--reason", "test", "--club", "copy",
            ],
        );
        ok(
            &db,
            &["export", archive.to_str().unwrap(), "--club", "copy"],
        );
        let kept = std::fs::read_to_string(&archive).unwrap();
        assert!(kept.contains("\"sit_outs\""), "{kept}");
    }
}

/// A stored odd-pairs night says the boards its sit-out lines account for as notes,
/// as `klaver score` says them of its file: on import and when scored, where they were
/// warnings, and `session score --strict` passes on it.
#[test]
fn a_stored_odd_pairs_night_says_its_sit_outs_as_notes() {
    let f = common::repo("crates/klaver-io/tests/data/ruter-2019-10-14-spiren.pbn");
    let board7 = "board 7: 10 results where 11 were expected, as pair 15 sat out this board (a sit-out line, line 291 of the file): the board is Neuberg-scaled to the full top";
    for db in databases("sit-out-notes") {
        ok(&db, &["club", "init", "--name", "Spiren"]);
        let (_, said) = run(&db, &["session", "import", &f], 0);
        let notes: Vec<&str> = said.lines().filter(|l| l.starts_with("note: ")).collect();
        assert_eq!(notes.len(), 18, "{said}");
        assert_eq!(notes[0], format!("note: {f}: line 281: {board7}"), "{said}");
        assert!(
            !said.contains("sat out this board (a sit-out line)"),
            "{said}"
        );
        assert!(
            !said
                .lines()
                .any(|l| l.starts_with("warning: ") && l.contains("sat out")),
            "{said}"
        );
        let (_, scored) = run(
            &db,
            &["session", "score", "1", "--strict", "-o", "/dev/null"],
            0,
        );
        let notes: Vec<&str> = scored.lines().filter(|l| l.starts_with("note: ")).collect();
        assert_eq!(notes.len(), 18, "{scored}");
        assert!(notes[0].ends_with(board7), "{scored}");
        assert!(!scored.contains("warning"), "{scored}");
    }
}

/// A Ruter night's players carry their member numbers (MemberID1, MemberID2): the
/// players `--add-players` adds are stored with them, and the message says so, where it
/// said they were all guests without a number.
#[test]
fn players_added_from_a_file_keep_its_member_numbers() {
    for db in databases("added-numbers") {
        ok(&db, &["club", "init", "--name", "Spiren"]);
        let f = common::repo("crates/klaver-io/tests/data/ruter-2019-10-14-spiren.pbn");
        let (_, err) = run(&db, &["session", "import", &f, "--add-players"], 0);
        assert!(
            err.contains("42 names added as players (41 with the number the file gives, 1 guest without a number)"),
            "{err}"
        );
        let list = ok(&db, &["player", "list"]);
        assert!(
            list.contains("42167") && list.contains("Ann Kvistad"),
            "{list}"
        );
    }
}

/// Ruter's pair 20 is a guest without a number (`-`) and Odd Mikalsen (45215): the
/// guest was matched by nothing and left out of the pair, which was stored with one
/// player and no word. The guest's seat is matched by its name, the member's by number.
#[test]
fn a_guest_beside_a_member_is_matched_by_name_in_its_seat() {
    for (k, db) in databases("guest-seat").iter().enumerate() {
        let db = db.to_string();
        ok(&db, &["club", "init", "--name", "Spiren"]);
        let f = common::repo("crates/klaver-io/tests/data/ruter-2019-10-14-spiren.pbn");
        let (_, err) = run(&db, &["session", "import", &f, "--add-players"], 0);
        assert!(
            err.contains("42 names added as players (41 with the number the file gives, 1 guest without a number)"),
            "{err}"
        );
        assert!(!err.contains("pair 20"), "{err}");
        let show = ok(&db, &["session", "show", "1"]);
        assert!(show.contains("Terje, Odd Mikalsen (45215)"), "{show}");
        // Exported, the guest's seat has no number: the club knows Terje by name only,
        // and a name in a federation number's field is no number to another program.
        let pbn = common::temp_path("guest-seat", &format!("export-{k}.pbn"));
        run(&db, &["session", "export", "1", pbn.to_str().unwrap()], 0);
        let text = String::from_utf8_lossy(&std::fs::read(&pbn).unwrap()).into_owned();
        let row = text
            .lines()
            .find(|l| l.contains("\"Terje - Odd Mikalsen\""))
            .unwrap();
        assert!(row.ends_with("- 45215"), "{row}");
        let xml = pbn.with_extension("xml");
        run(&db, &["session", "export", "1", xml.to_str().unwrap()], 0);
        let text = std::fs::read_to_string(&xml).unwrap();
        assert!(!text.contains("<NATIONAL_ID_NUMBER>Terje<"), "{text}");
        assert!(text.contains("<NATIONAL_ID_NUMBER>45215<"), "{text}");
        let json = pbn.with_extension("json");
        run(&db, &["session", "export", "1", json.to_str().unwrap()], 0);
        let text = std::fs::read_to_string(&json).unwrap();
        assert!(
            text.contains(r#""players": [null, "45215"]"#)
                || text.contains(r#""players":[null,"45215"]"#),
            "{text}"
        );
    }
    // Ruter's "+ - +": two players it did not know, marked + (and + in MemberID1/2).
    // They were added as one guest named "+", whom the pair then had twice, and the
    // import was refused after adding its guests.
    for db in databases("guest-plus") {
        ok(&db, &["club", "init", "--name", "Spiren"]);
        let f = common::repo("crates/klaver-io/tests/data/ruter-2015-11-11-spiren.pbn");
        let (_, err) = run(&db, &["session", "import", &f, "--add-players"], 0);
        assert!(err.contains("pair 11: \"+\" names no player"), "{err}");
        let players = ok(&db, &["player", "list"]);
        assert!(
            !players.lines().any(|l| l.trim().ends_with(" +")),
            "{players}"
        );
        assert!(players.contains("Mads Vilhelm Lindstjørn"), "{players}");
        let show = ok(&db, &["session", "show", "1"]);
        assert!(
            show.contains("Fredd Kristiansen (17936), Mads Vilhelm Lindstjørn"),
            "{show}"
        );
    }
    // A club that knows both players finds both.
    for db in databases("guest-seat-known") {
        ok(&db, &["club", "init", "--name", "Spiren"]);
        ok(&db, &["player", "add", "Terje"]);
        ok(&db, &["player", "add", "Odd Mikalsen", "--number", "45215"]);
        let f = common::repo("crates/klaver-io/tests/data/ruter-2019-10-14-spiren.pbn");
        let (_, err) = run(&db, &["session", "import", &f], 0);
        assert!(!err.contains("pair 20"), "{err}");
        let show = ok(&db, &["session", "show", "1"]);
        assert!(show.contains("Terje, Odd Mikalsen (45215)"), "{show}");
    }
}

/// A stored night's adjusted lines keep the score the table entered beside the
/// adjustment (450 beside 60/40, 630 beside NP): `session export` to JSON wrote only
/// the adjustment, so the night imported from the file had lost the score, and PBN and
/// USEBIO dropped it without a word. They have no place for both (their score cell
/// holds the artificial score other programs read), and now name each line they write
/// without the score.
#[test]
fn an_exported_night_keeps_the_score_entered_beside_an_adjustment() {
    let travellers = temp_file(
        "store-cli",
        "entered-beside-adjustment.csv",
        "board,ns,ew,contract,declarer,result,score,adjust
1,1,2,4S,N,=,420,
1,3,4,4S,N,+1,450,60/40
1,5,6,3NT,S,=,400,
2,1,2,3NT,N,=,600,
2,3,4,3NT,N,+1,630,NP
2,5,6,3NT,N,-1,-100,
2,7,8,,,,,AVG
",
    );
    let csv_of = |db: &str, id: &str| {
        let out = temp_path("store-cli", &format!("entered-{id}.csv"));
        ok(db, &["session", "export", id, out.to_str().unwrap()]);
        std::fs::read_to_string(&out).unwrap()
    };
    for db in databases("entered-beside-adjustment") {
        ok(&db, &["club", "init", "--name", "BC Entered"]);
        let import = ["session", "import", travellers.to_str().unwrap()];
        ok(&db, &[&import[..], &["--date", "2026-09-02"]].concat());
        let stored = csv_of(&db, "1");
        assert!(stored.contains("450,60/40"), "{stored}");
        // Each export imported by another club (the night is stored once in a club).
        let out = temp_path("store-cli", "entered-export.json");
        ok(&db, &["session", "export", "1", out.to_str().unwrap()]);
        let other = &databases("entered-from-json")[0];
        ok(other, &["club", "init", "--name", "BC Other"]);
        let again = ["session", "import", out.to_str().unwrap()];
        ok(other, &[&again[..], &["--date", "2026-09-02"]].concat());
        assert_eq!(csv_of(other, "1"), stored);
        for format in ["xml", "pbn"] {
            let out = temp_path("store-cli", &format!("entered-export.{format}"));
            let (_, said) = run(&db, &["session", "export", "1", out.to_str().unwrap()], 0);
            for line in [
                "board 1, pairs 3 and 4: the score 450 entered beside the adjustment 60/40 is not written",
                "board 2, pairs 3 and 4: the score 630 entered beside the adjustment NP is not written",
            ] {
                assert!(said.contains(line), "{format}: {said}");
            }
            assert!(!said.contains("pairs 7 and 8"), "{said}");
        }
    }
}
