//! The store's behaviour, on SQLite and (when configured) PostgreSQL alike.

mod common;

use common::{PAIRS, TRAVELLERS, locations, postgres_in_dutch, sqlite_location, stores};
use klaver_io::travellers::{ReadOptions, read_pairs, read_travellers};
use klaver_store::{
    Club, Line, LineAt, NewPlayer, NewSession, SessionInfo, Store, StoreError, lines_from_event,
    pairs_from_event, travellers_csv,
};

/// A value as the archive writes it (the database's own numbers left out).
fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap()
}

/// An archive's sessions as the archive writes them, without the numbers they had in
/// the database they came from (a club restored beside itself numbers them anew).
fn sessions_json(sessions: &[klaver_store::ArchivedSession]) -> String {
    let mut unnumbered = sessions.to_vec();
    unnumbered.iter_mut().for_each(|s| s.number = None);
    json(&unnumbered)
}

async fn club_with_players(store: &Store) -> Club {
    let club = store.init_club("kievit", "BC De Kievit").await.unwrap();
    let players: Vec<NewPlayer> = [
        ("1001", "Jan Jansen"),
        ("1002", "Piet de Vries"),
        ("1003", "Anna Bakker"),
        ("1004", "Kees Bakker"),
        ("", "Mulder"),
        ("1006", "Smit"),
        ("1007", "Els Visser"),
        ("1008", "Tom Visser"),
        ("1009", "Joke de Boer"),
        ("1010", "Henk de Boer"),
    ]
    .iter()
    .map(|(n, name)| NewPlayer {
        number: (!n.is_empty()).then(|| n.to_string()),
        name: name.to_string(),
    })
    .collect();
    store.import_players(&club, &players).await.unwrap();
    club
}

/// The test session, read from its files and matched to the club's players.
async fn session(store: &Store, club: &Club, date: &str, line: &str) -> NewSession {
    let mut event = read_travellers(TRAVELLERS.as_bytes(), ReadOptions::default()).unwrap();
    read_pairs(PAIRS.as_bytes(), &mut event).unwrap();
    assert!(!event.has_errors(), "{:?}", event.diagnostics);
    let players = store.players(club).await.unwrap();
    let (pairs, unknown) = pairs_from_event(&event, &players);
    assert_eq!(unknown.len(), 1, "only pair 6 is unknown: {unknown:?}");
    NewSession {
        info: SessionInfo {
            date: date.into(),
            line_name: line.into(),
            form: "pairs".into(),
            source: "travellers.csv (CSV)".into(),
            imported_by: "test".into(),
            ..SessionInfo::default()
        },
        pairs,
        lines: lines_from_event(&event),
        sit_outs: Vec::new(),
    }
}

#[tokio::test]
async fn clubs_and_players() {
    for store in stores("players").await {
        assert!(matches!(
            store.club(None).await,
            Err(StoreError::NotFound(_))
        ));
        let club = club_with_players(&store).await;
        assert!(matches!(
            store.init_club("kievit", "Again").await,
            Err(StoreError::Conflict(_))
        ));
        assert_eq!(store.club(None).await.unwrap(), club);
        store.init_club("zwaluw", "BC De Zwaluw").await.unwrap();
        let err = store.club(None).await.unwrap_err().to_string();
        assert!(err.contains("several clubs (kievit, zwaluw)"), "{err}");
        assert_eq!(store.club(Some("kievit")).await.unwrap(), club);

        let players = store.players(&club).await.unwrap();
        assert_eq!(players.len(), 10);
        assert_eq!(players[0].name, "Anna Bakker");
        let dup = store
            .add_player(
                &club,
                &NewPlayer {
                    number: Some("1001".into()),
                    name: "Someone Else".into(),
                },
            )
            .await
            .unwrap_err();
        assert_eq!(
            dup.to_string(),
            "federation number 1001 is already Jan Jansen's"
        );
        // A second import renames by number and adds only the new.
        let again = store
            .import_players(
                &club,
                &[
                    NewPlayer {
                        number: Some("1001".into()),
                        name: "Jan  Jansen-Smit".into(),
                    },
                    NewPlayer {
                        number: None,
                        name: "Mulder".into(),
                    },
                    NewPlayer {
                        number: Some("1011".into()),
                        name: "Nieuw Lid".into(),
                    },
                ],
            )
            .await
            .unwrap();
        assert_eq!((again.added, again.renamed, again.unchanged), (1, 1, 1));
        let players = store.players(&club).await.unwrap();
        assert!(players.iter().any(|p| p.name == "Jan Jansen-Smit"));
        // Another club's players are its own.
        let other = store.club(Some("zwaluw")).await.unwrap();
        assert!(store.players(&other).await.unwrap().is_empty());
    }
}

/// PostgreSQL put a player without a federation number after a namesake with one, where
/// SQLite puts it first, and orders names by the server's language: the club's lists
/// came out in another order on each database. They are now ordered alike.
#[tokio::test]
async fn the_players_are_listed_in_one_order_on_every_database() {
    for store in stores("player-order").await {
        let club = store.init_club("kievit", "BC De Kievit").await.unwrap();
        let players: Vec<NewPlayer> = [
            ("1001", "Jan Jansen"),
            ("", "Zo\u{eb} \u{dc}mit"),
            ("", "Jan Jansen"),
            ("", "\u{c5}got \u{d8}vreb\u{f8}"),
            ("1002", "anne van der berg"),
            ("", "\u{c9}ric D'Arcy"),
            ("1003", "Bert"),
        ]
        .iter()
        .map(|(n, name)| NewPlayer {
            number: (!n.is_empty()).then(|| n.to_string()),
            name: name.to_string(),
        })
        .collect();
        for p in &players {
            store.add_player(&club, p).await.unwrap();
        }
        let listed: Vec<(String, Option<String>)> = store
            .players(&club)
            .await
            .unwrap()
            .into_iter()
            .map(|p| (p.name, p.number))
            .collect();
        let want = [
            ("Bert", Some("1003")),
            ("Jan Jansen", None),
            ("Jan Jansen", Some("1001")),
            ("Zo\u{eb} \u{dc}mit", None),
            ("anne van der berg", Some("1002")),
            ("\u{c5}got \u{d8}vreb\u{f8}", None),
            ("\u{c9}ric D'Arcy", None),
        ]
        .map(|(name, n)| (name.to_string(), n.map(str::to_string)));
        assert_eq!(listed, want);
    }
}

/// A NUL character (byte 0) in a name, a line or a reason: SQLite kept it, PostgreSQL
/// refused it with its own raw message after the session had taken its number. Both
/// now refuse it alike, naming where it is, before anything is written.
#[tokio::test]
async fn a_nul_character_is_refused_alike_on_every_database() {
    for store in stores("nul").await {
        let club = club_with_players(&store).await;
        let player = NewPlayer {
            number: Some("4001".into()),
            name: "Nul\0Naam".into(),
        };
        let err = store.add_player(&club, &player).await.unwrap_err();
        assert!(matches!(err, StoreError::Invalid(_)), "{err}");
        assert!(err.to_string().contains("NUL character"), "{err}");
        let err = store.import_players(&club, &[player]).await.unwrap_err();
        assert!(matches!(err, StoreError::Invalid(_)), "{err}");
        assert_eq!(store.players(&club).await.unwrap().len(), 10);

        let mut new = session(&store, &club, "2025-09-02", "A").await;
        new.lines[0].lead = "H\0K".into();
        let err = store.import_session(&club, &new).await.unwrap_err();
        let said = err.to_string();
        assert!(matches!(err, StoreError::Invalid(_)), "{said}");
        assert!(said.contains("(board 1): the lead"), "{said}");
        // Nothing was stored, and no session number was used up.
        assert!(store.sessions(&club).await.unwrap().is_empty());
        let new = session(&store, &club, "2025-09-02", "A").await;
        let id = store.import_session(&club, &new).await.unwrap();
        assert_eq!(id, 1);

        let stored = store.session(&club, id).await.unwrap();
        let line = &stored.lines[0];
        let at = LineAt {
            session: id,
            line_no: line.line.line_no,
            version: line.version,
        };
        let err = store
            .correct(&club, at, &line.line, "td", "typo\0")
            .await
            .unwrap_err();
        assert!(err.to_string().contains("the reason"), "{err}");
        assert!(store.corrections(&club, id).await.unwrap().is_empty());

        // An archive holding one anywhere is refused whole, naming where it is.
        let mut archive = store.export_club(&club).await.unwrap();
        archive.club.name = "Club\0B".into();
        let err = store.import_club(&archive, Some("nul2")).await.unwrap_err();
        assert!(
            err.to_string()
                .contains("the archive's club.name holds a NUL"),
            "{err}"
        );
        let mut archive = store.export_club(&club).await.unwrap();
        archive.sessions[0].lines[0].line.lead = "S\0A".into();
        let err = store.import_club(&archive, Some("nul3")).await.unwrap_err();
        let said = err.to_string();
        assert!(said.contains("sessions[0].lines[0].lead holds"), "{said}");
        assert_eq!(store.clubs().await.unwrap().len(), 1);
    }
}

#[tokio::test]
async fn a_session_comes_back_as_it_went_in() {
    for store in stores("session").await {
        let club = club_with_players(&store).await;
        let new = session(&store, &club, "2025-09-02", "A").await;
        let id = store.import_session(&club, &new).await.unwrap();
        let stored = store.session(&club, id).await.unwrap();
        assert_eq!(
            stored.info.moment, "tuesday",
            "the weekday when no moment is given"
        );
        assert_eq!(stored.info.line_name, "A");
        assert_eq!(
            stored
                .lines
                .iter()
                .map(|l| l.line.clone())
                .collect::<Vec<_>>(),
            new.lines
        );
        assert!(stored.lines.iter().all(|l| l.version == 1));
        assert_eq!(stored.lines[0].line.table, Some(1));
        assert_eq!(stored.lines[0].line.lead, "HK");
        assert_eq!(stored.lines[5].line.adjust, "AVG");
        assert_eq!(stored.pairs.len(), 6);
        assert_eq!(
            stored.pairs[0]
                .players
                .iter()
                .map(|p| p.name.as_str())
                .collect::<Vec<_>>(),
            ["Jan Jansen", "Piet de Vries"]
        );
        assert!(stored.pairs[5].players.is_empty());
        assert_eq!(stored.pairs[5].names, "Onbekend - Gast");
        // Written back as travellers, the lines read as they were entered.
        let back =
            read_travellers(travellers_csv(&stored).as_slice(), ReadOptions::default()).unwrap();
        assert!(!back.has_errors());
        assert_eq!(lines_from_event(&back).len(), 6);
        for (a, b) in lines_from_event(&back).iter().zip(&new.lines) {
            assert_eq!(
                Line {
                    source_line: 0,
                    ..a.clone()
                },
                Line {
                    source_line: 0,
                    ..b.clone()
                }
            );
        }
        // The pairs that played are remembered as the club's partnerships.
        let partnerships = store.partnerships(&club).await.unwrap();
        assert_eq!(partnerships.len(), 5);
        assert!(
            partnerships
                .iter()
                .any(|p| p.name == "Jan Jansen - Piet de Vries" && p.players == ["1001", "1002"])
        );

        // The same session again is refused and changes nothing.
        let err = store.import_session(&club, &new).await.unwrap_err();
        assert!(matches!(err, StoreError::Conflict(_)), "{err}");
        assert!(
            err.to_string().contains(&format!(
                "are those of session {id} (2025-09-02 tuesday line A), stored already"
            )),
            "{err}"
        );
        let list = store.sessions(&club).await.unwrap();
        assert_eq!(list.len(), 1);
        assert_eq!(
            (list[0].pairs, list[0].lines, list[0].corrections),
            (6, 6, 0)
        );
        // Another line of the same night, with other pairs, is a session of its own.
        let mut b = other_results(&store, &club, "2025-09-02", "B").await;
        b.pairs.iter_mut().for_each(|p| p.players.clear());
        store.import_session(&club, &b).await.unwrap();
        assert_eq!(store.sessions(&club).await.unwrap().len(), 2);
        assert_eq!(store.moments(&club).await.unwrap(), ["tuesday"]);
    }
}

#[tokio::test]
async fn an_import_that_fails_half_way_leaves_nothing() {
    for store in stores("atomic").await {
        let club = club_with_players(&store).await;
        let mut new = session(&store, &club, "2025-09-09", "").await;
        // A player the database does not know: the insert fails after the session row
        // and the first pairs were written.
        new.pairs[3].players[0].id = 999_999;
        let err = store.import_session(&club, &new).await.unwrap_err();
        assert!(matches!(err, StoreError::Database { .. }), "{err}");
        assert!(store.sessions(&club).await.unwrap().is_empty());
        assert!(store.moments(&club).await.unwrap().is_empty());
        let orphans: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM session_pairs")
            .fetch_one(store.pool())
            .await
            .unwrap();
        assert_eq!(orphans, 0);
        // Bad dates and empty sessions are refused before anything is written.
        let mut bad = session(&store, &club, "2025-02-30", "").await;
        assert!(matches!(
            store.import_session(&club, &bad).await,
            Err(StoreError::Invalid(_))
        ));
        bad.info.date = "2025-02-28".into();
        bad.lines.clear();
        assert!(matches!(
            store.import_session(&club, &bad).await,
            Err(StoreError::Invalid(_))
        ));
    }
}

#[tokio::test]
async fn corrections_are_logged_and_never_lost() {
    for store in stores("correct").await {
        let club = club_with_players(&store).await;
        let id = store
            .import_session(&club, &session(&store, &club, "2025-09-16", "").await)
            .await
            .unwrap();
        let before = store.session(&club, id).await.unwrap();
        let line = &before.lines[1];
        let new = Line {
            result: "=".into(),
            score: "420".into(),
            ..line.line.clone()
        };
        let c = store
            .correct(
                &club,
                LineAt {
                    session: id,
                    line_no: 2,
                    version: line.version,
                },
                &new,
                "director",
                "result entered as +1; it was =",
            )
            .await
            .unwrap();
        assert_eq!(c.old.unwrap().score, "450");
        assert_eq!(c.new.score, "420");
        // A second director working from the same old reading is stopped.
        let stale = Line {
            score: "-100".into(),
            ..line.line.clone()
        };
        let err = store
            .correct(
                &club,
                LineAt {
                    session: id,
                    line_no: 2,
                    version: line.version,
                },
                &stale,
                "other",
                "typo",
            )
            .await
            .unwrap_err();
        assert!(matches!(err, StoreError::Conflict(_)), "{err}");
        // No reason, no correction; an unchanged line is not a correction.
        assert!(matches!(
            store
                .correct(
                    &club,
                    LineAt {
                        session: id,
                        line_no: 3,
                        version: 1
                    },
                    &before.lines[2].line,
                    "d",
                    "same"
                )
                .await,
            Err(StoreError::Invalid(_))
        ));
        assert!(matches!(
            store
                .correct(
                    &club,
                    LineAt {
                        session: id,
                        line_no: 3,
                        version: 1
                    },
                    &new,
                    "d",
                    " "
                )
                .await,
            Err(StoreError::Invalid(_))
        ));
        let after = store.session(&club, id).await.unwrap();
        assert_eq!(after.lines[1].line.score, "420");
        assert_eq!(after.lines[1].version, 2);
        let log = store.corrections(&club, id).await.unwrap();
        assert_eq!(log.len(), 1);
        assert_eq!(log[0].made_by, "director");
        assert_eq!(log[0].reason, "result entered as +1; it was =");
        assert_eq!(log[0].old.as_ref(), Some(&line.line));
        assert_eq!(store.sessions(&club).await.unwrap()[0].corrections, 1);
        // A line of another club's session cannot be reached.
        let other = store.init_club("zwaluw", "BC De Zwaluw").await.unwrap();
        assert!(matches!(
            store
                .correct(
                    &other,
                    LineAt {
                        session: id,
                        line_no: 2,
                        version: 2
                    },
                    &new,
                    "x",
                    "y"
                )
                .await,
            Err(StoreError::NotFound(_))
        ));
    }
}

#[tokio::test]
async fn a_club_survives_export_and_import() {
    for store in stores("archive").await {
        let club = club_with_players(&store).await;
        store
            .add_season(
                &club,
                &klaver_store::Season {
                    name: "2025-2026".into(),
                    starts_on: "2025-08-01".into(),
                    ends_on: "2026-07-31".into(),
                },
            )
            .await
            .unwrap();
        store
            .set_ranking_settings(&club, "method = \"balanced\"\n")
            .await
            .unwrap();
        let id = store
            .import_session(&club, &session(&store, &club, "2025-09-02", "A").await)
            .await
            .unwrap();
        let s = store.session(&club, id).await.unwrap();
        let fixed = Line {
            score: "-100".into(),
            result: "-1".into(),
            contract: "4S".into(),
            declarer: "N".into(),
            ..s.lines[2].line.clone()
        };
        store
            .correct(
                &club,
                LineAt {
                    session: id,
                    line_no: 3,
                    version: 1,
                },
                &fixed,
                "director",
                "wrong traveller",
            )
            .await
            .unwrap();
        let archive = store.export_club(&club).await.unwrap();
        // No session keeps a schedule: the first layout, which every klaver reads.
        assert_eq!(archive.version, 1);
        let text = serde_json::to_string_pretty(&archive).unwrap();
        assert!(!text.contains("\"schedule\""), "{text}");
        let read: klaver_store::ClubArchive = serde_json::from_str(&text).unwrap();
        assert_eq!(serde_json::to_string_pretty(&read).unwrap(), text);

        // Restored under another code on the same database, and on a fresh one.
        let copy = store.import_club(&read, Some("kievit-copy")).await.unwrap();
        let again = store.export_club(&copy).await.unwrap();
        assert_eq!(
            sessions_json(&again.sessions),
            sessions_json(&archive.sessions)
        );
        assert_eq!(json(&again.players), json(&archive.players));
        assert_eq!(again.partnerships, archive.partnerships);
        assert_eq!(again.moments, archive.moments);
        assert_eq!(again.seasons, archive.seasons);
        assert_eq!(again.ranking_settings, archive.ranking_settings);
        assert_eq!(again.sessions[0].lines[2].version, 2);
        assert_eq!(again.sessions[0].lines[2].corrections.len(), 1);
        assert!(matches!(
            store.import_club(&read, None).await,
            Err(StoreError::Conflict(_))
        ));
        for loc in locations("archive-target").await {
            let target = Store::open(&loc).await.unwrap();
            let restored = target.import_club(&read, None).await.unwrap();
            assert_eq!(restored.code, "kievit");
            let back = target.export_club(&restored).await.unwrap();
            assert_eq!(
                sessions_json(&back.sessions),
                sessions_json(&archive.sessions)
            );
        }
        // A damaged archive restores nothing.
        let mut broken = read.clone();
        broken.sessions[0].pairs[0].players = vec![999];
        assert!(store.import_club(&broken, Some("broken")).await.is_err());
        assert!(store.club(Some("broken")).await.is_err());
        // What is not an archive klaver reads is refused with what to do.
        let refused =
            async |a: &klaver_store::ClubArchive| match store.import_club(a, Some("x")).await {
                Err(StoreError::Invalid(m)) => m,
                other => panic!("{other:?}"),
            };
        let mut other = read.clone();
        other.format = "something-else".into();
        assert!(refused(&other).await.contains("not a klaver club archive"));
        let mut newer = read.clone();
        // Layout 2 keeps sessions' schedules, 3 removed sessions, 4 lines added after
        // the import, 5 the sit-out lines of a session's file, 6 two pairs of one name;
        // 7 is the first this klaver does not read.
        newer.version = 7;
        assert!(refused(&newer).await.contains("use a newer klaver"));
        let mut stray = read.clone();
        stray.partnerships[0].players.push("no-such-member".into());
        let m = refused(&stray).await;
        assert!(
            m.contains("names no-such-member, who is not among its players"),
            "{m}"
        );
        assert!(store.club(Some("x")).await.is_err());
    }
}

/// An archive edited by hand is checked before anything is written, by the store
/// itself: a form klaver does not score, a player in two pairs of a night, a number
/// given twice were stored as they stood or refused by the database naming none of it.
/// A key klaver does not know is refused when the archive is read.
#[tokio::test]
async fn an_archive_that_does_not_hold_together_restores_nothing() {
    for store in stores("archive-checks").await {
        let club = club_with_players(&store).await;
        let new = session(&store, &club, "2025-09-02", "A").await;
        store.import_session(&club, &new).await.unwrap();
        let read = store.export_club(&club).await.unwrap();
        let refused = async |a: &klaver_store::ClubArchive| {
            let m = match store.import_club(a, Some("edited")).await {
                Err(StoreError::Invalid(m)) => m,
                other => panic!("{other:?}"),
            };
            assert!(store.club(Some("edited")).await.is_err());
            m
        };
        let at = "session 1 (2025-09-02 tuesday line A): ";
        let mut rubber = read.clone();
        rubber.sessions[0].info.form = "rubber".into();
        let m = refused(&rubber).await;
        assert!(
            m.contains(&format!("{at}the form \"rubber\" is not one")),
            "{m}"
        );
        let mut seats = read.clone();
        seats.sessions[0].pairs[0].players = vec![0, 1];
        seats.sessions[0].pairs[1].players = vec![1, 2];
        let m = refused(&seats).await;
        assert!(m.contains(at), "{m}");
        assert!(
            m.contains("of pair 2 already plays in pair 1 of this session"),
            "{m}"
        );
        let mut lines = read.clone();
        lines.sessions[0].lines[1].line.line_no = 1;
        let m = refused(&lines).await;
        assert!(m.contains(&format!("{at}line 1 is there twice")), "{m}");
        let mut players = read.clone();
        players.players.push(players.players[0].clone());
        let m = refused(&players).await;
        assert!(m.contains("players 1 and "), "{m}");
        let mut keys = serde_json::to_value(&read).unwrap();
        keys["sessions"][0]["lines"][0]["adjsut"] = "AVG".into();
        let e = serde_json::from_value::<klaver_store::ClubArchive>(keys).unwrap_err();
        assert!(e.to_string().contains("unknown field `adjsut`"), "{e}");
    }
}

/// A three-table schedule, as a schedule file holds it.
const SCHEDULE: &str = "round,table,ns,ew,boards
1,1,1,4,1-2
1,2,2,5,3-4
1,3,3,6,5-6
";

#[tokio::test]
async fn a_sessions_schedule_is_kept_with_it_and_in_its_archive() {
    for store in stores("schedule").await {
        let club = club_with_players(&store).await;
        let mut new = session(&store, &club, "2025-09-02", "A").await;
        new.info.movement = Some("../schedules/three-tables.csv".into());
        new.info.schedule = Some(SCHEDULE.into());
        let a = store.import_session(&club, &new).await.unwrap();
        let stored = store.session(&club, a).await.unwrap();
        assert_eq!(stored.info.schedule.as_deref(), Some(SCHEDULE));
        assert_eq!(
            stored.info.movement.as_deref(),
            Some("../schedules/three-tables.csv")
        );
        let list = store.sessions(&club).await.unwrap();
        assert_eq!(list[0].info.schedule.as_deref(), Some(SCHEDULE));
        assert_eq!(
            (list[0].pairs, list[0].lines, list[0].corrections),
            (6, 6, 0)
        );

        // A session stored naming its file, without the schedule, has it kept later.
        let mut old = session(&store, &club, "2025-09-09", "B").await;
        old.info.movement = Some("three-tables.csv".into());
        let b = store.import_session(&club, &old).await.unwrap();
        assert_eq!(store.session(&club, b).await.unwrap().info.schedule, None);
        store.set_schedule(&club, b, SCHEDULE).await.unwrap();
        let kept = store.session(&club, b).await.unwrap();
        assert_eq!(kept.info.schedule.as_deref(), Some(SCHEDULE));
        // Not for a session without a movement, nor another club's.
        let plain = store
            .import_session(&club, &session(&store, &club, "2025-09-16", "C").await)
            .await
            .unwrap();
        let err = store
            .set_schedule(&club, plain, SCHEDULE)
            .await
            .unwrap_err();
        assert!(
            err.to_string().contains("stored without a movement"),
            "{err}"
        );
        assert_eq!(
            store.session(&club, plain).await.unwrap().info.schedule,
            None
        );
        let other = store.init_club("zwaluw", "BC De Zwaluw").await.unwrap();
        assert!(matches!(
            store.set_schedule(&other, a, "x").await,
            Err(StoreError::NotFound(_))
        ));

        // The archive carries the schedules, in the layout that keeps them.
        let archive = store.export_club(&club).await.unwrap();
        assert_eq!(archive.version, 2);
        let text = serde_json::to_string(&archive).unwrap();
        let read: klaver_store::ClubArchive = serde_json::from_str(&text).unwrap();
        for loc in locations("schedule-target").await {
            let target = Store::open(&loc).await.unwrap();
            let restored = target.import_club(&read, None).await.unwrap();
            let back = target.export_club(&restored).await.unwrap();
            assert_eq!(
                sessions_json(&back.sessions),
                sessions_json(&archive.sessions)
            );
            let schedules: Vec<Option<String>> = back
                .sessions
                .iter()
                .map(|s| s.info.schedule.clone())
                .collect();
            // Sessions A, B and C, in the order they were stored.
            assert_eq!(
                schedules,
                [Some(SCHEDULE.to_string()), Some(SCHEDULE.to_string()), None]
            );
        }
    }
}

#[tokio::test]
async fn schema_versions() {
    for loc in locations("schema").await {
        let store = Store::open(&loc).await.unwrap();
        let latest = klaver_store::migrate::latest();
        assert_eq!(
            klaver_store::migrate::version(&store).await.unwrap(),
            latest
        );
        store.close().await;
        // Opening again changes nothing.
        let store = Store::open(&loc).await.unwrap();
        assert_eq!(
            klaver_store::migrate::version(&store).await.unwrap(),
            latest
        );
        // A database from a newer klaver is refused, not damaged.
        sqlx::query("INSERT INTO klaver_schema (version, description, applied_at) VALUES ($1, 'future', 'x')")
            .bind(latest + 1)
            .execute(store.pool())
            .await
            .unwrap();
        store.close().await;
        let err = Store::open(&loc).await.unwrap_err();
        assert!(matches!(err, StoreError::NewerSchema { .. }), "{err}");
    }
}

#[tokio::test]
async fn an_older_database_is_brought_forward() {
    for loc in locations("forward").await {
        // The database as the first klaver with a store (schema 1) left it, written
        // with that version's statements.
        let old = Store::open_at_version(&loc, 1).await.unwrap();
        let club = club_with_players(&old).await;
        let new = session(&old, &club, "2025-09-02", "").await;
        let pool = old.pool();
        let moment: i64 = sqlx::query_scalar(
            "INSERT INTO moments (club_id, name) VALUES ($1, 'tuesday') RETURNING id",
        )
        .bind(club.id)
        .fetch_one(pool)
        .await
        .unwrap();
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO sessions (club_id, played_on, moment_id, line_name, title, form, options,
                source, imported_at, imported_by)
             VALUES ($1, '2025-09-02', $2, '', '', 'pairs', '[]', 'old.csv (CSV)',
                '2025-09-03T08:00:00Z', 'td') RETURNING id",
        )
        .bind(club.id)
        .bind(moment)
        .fetch_one(pool)
        .await
        .unwrap();
        for l in &new.lines {
            sqlx::query(
                "INSERT INTO results (session_id, line_no, source_line, section, board, table_no,
                    round_no, ns, ew, room, contract, declarer, result, score, adjust, lead, version)
                 VALUES ($1, $2, $3, '', $4, $5, NULL, $6, $7, '', $8, $9, $10, $11, $12, $13, 1)",
            )
            .bind(id)
            .bind(l.line_no)
            .bind(l.source_line)
            .bind(l.board)
            .bind(l.table)
            .bind(&l.ns)
            .bind(&l.ew)
            .bind(&l.contract)
            .bind(&l.declarer)
            .bind(&l.result)
            .bind(&l.score)
            .bind(&l.adjust)
            .bind(&l.lead)
            .execute(pool)
            .await
            .unwrap();
        }
        old.close().await;
        let store = Store::open(&loc).await.unwrap();
        assert_eq!(
            klaver_store::migrate::version(&store).await.unwrap(),
            klaver_store::migrate::latest()
        );
        let club = store.club(None).await.unwrap();
        assert_eq!(store.players(&club).await.unwrap().len(), 10);
        let s = store.session(&club, id).await.unwrap();
        assert_eq!(s.lines.len(), 6);
        // Version 5 keeps no schedule for a session stored before it.
        assert_eq!(s.info.schedule, None);
        // Version 7 keeps no sit-out lines for a session stored before it.
        assert!(s.sit_outs.is_empty());
        // Version 2 counts imported sessions as published and lines as imported, and
        // numbers new lines after the old ones.
        assert_eq!(
            s.info.published_at.as_deref(),
            Some(s.info.imported_at.as_str())
        );
        assert!(s.lines.iter().all(|l| l.entered_by == "import"));
        let extra = Line {
            board: 3,
            ns: "5".into(),
            ew: "6".into(),
            contract: "PASS".into(),
            ..Line::default()
        };
        assert_eq!(store.add_line(&club, id, &extra, "td").await.unwrap(), 7);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn writers_at_once_all_land() {
    for loc in locations("concurrent").await {
        let first = Store::open(&loc).await.unwrap();
        let club = club_with_players(&first).await;
        let base = first
            .import_session(&club, &session(&first, &club, "2025-10-07", "").await)
            .await
            .unwrap();
        // Separate connections, as separate klaver processes would have.
        let mut tasks = Vec::new();
        for i in 0..6 {
            let loc = loc.to_string();
            let club = club.clone();
            tasks.push(tokio::spawn(async move {
                let store = Store::open(&loc).await.unwrap();
                if i % 2 == 0 {
                    let new = session(&store, &club, &format!("2025-11-{:02}", i + 1), "").await;
                    store.import_session(&club, &new).await.map(|_| ())
                } else {
                    // Corrections of different lines of one session, at the same time.
                    let s = store.session(&club, base).await.unwrap();
                    let line = &s.lines[i];
                    let new = Line {
                        lead: format!("S{i}"),
                        ..line.line.clone()
                    };
                    store
                        .correct(
                            &club,
                            LineAt {
                                session: base,
                                line_no: line.line.line_no,
                                version: line.version,
                            },
                            &new,
                            "td",
                            "lead",
                        )
                        .await
                        .map(|_| ())
                }
            }));
        }
        for t in tasks {
            t.await.unwrap().unwrap();
        }
        assert_eq!(first.sessions(&club).await.unwrap().len(), 4);
        assert_eq!(first.corrections(&club, base).await.unwrap().len(), 3);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_night_entered_from_every_table_at_once() {
    for loc in locations("night").await {
        let store = Store::open(&loc).await.unwrap();
        let club = club_with_players(&store).await;
        let pairs: Vec<klaver_store::SessionPair> = (1..=20)
            .map(|p| klaver_store::SessionPair {
                pair: p.to_string(),
                ..Default::default()
            })
            .collect();
        let info = SessionInfo {
            date: "2025-10-14".into(),
            form: "pairs".into(),
            movement: Some("mitchell-10".into()),
            ..SessionInfo::default()
        };
        let id = store.create_night(&club, &info, &pairs).await.unwrap();
        let night = store.session(&club, id).await.unwrap();
        assert!(night.lines.is_empty());
        assert_eq!(night.info.published_at, None);
        // Ten tables enter three boards each at the same moment.
        let mut tasks = Vec::new();
        for table in 1..=10i64 {
            let loc = loc.to_string();
            let club = club.clone();
            tasks.push(tokio::spawn(async move {
                let store = Store::open(&loc).await.unwrap();
                let mut numbers = Vec::new();
                for board in 1..=3 {
                    let line = Line {
                        board,
                        table: Some(table),
                        round: Some(1),
                        ns: table.to_string(),
                        ew: (table + 10).to_string(),
                        contract: "3NT".into(),
                        declarer: "N".into(),
                        result: "=".into(),
                        ..Line::default()
                    };
                    numbers.push(
                        store
                            .add_line(&club, id, &line, &format!("table {table}"))
                            .await
                            .unwrap(),
                    );
                }
                numbers
            }));
        }
        let mut all = Vec::new();
        for t in tasks {
            all.extend(t.await.unwrap());
        }
        all.sort_unstable();
        assert_eq!(all, (1..=30).collect::<Vec<i64>>());
        let night = store.session(&club, id).await.unwrap();
        assert_eq!(night.lines.len(), 30);
        assert!(night.lines.iter().any(|l| l.entered_by == "table 7"));
        // The same board between the same pairs again, either way round, is refused.
        let again = Line {
            board: 2,
            ns: "13".into(),
            ew: "3".into(),
            contract: "PASS".into(),
            ..Line::default()
        };
        assert!(matches!(
            store.add_line(&club, id, &again, "td").await,
            Err(StoreError::Conflict(_))
        ));
        store.publish(&club, id, true).await.unwrap();
        assert!(
            store
                .session(&club, id)
                .await
                .unwrap()
                .info
                .published_at
                .is_some()
        );
        store.publish(&club, id, false).await.unwrap();
        assert!(
            store
                .session(&club, id)
                .await
                .unwrap()
                .info
                .published_at
                .is_none()
        );
        let other = store.init_club("zwaluw", "BC De Zwaluw").await.unwrap();
        assert!(matches!(
            store.add_line(&other, id, &again, "td").await,
            Err(StoreError::NotFound(_))
        ));
    }
}

#[tokio::test]
async fn directors_logins_and_table_links() {
    for store in stores("directors").await {
        let club = club_with_players(&store).await;
        let d = store
            .add_director(&club, "marijke", "$argon2id$hash")
            .await
            .unwrap();
        assert!(matches!(
            store.add_director(&club, "marijke", "x").await,
            Err(StoreError::Conflict(_))
        ));
        assert_eq!(
            store.director(&club, "marijke").await.unwrap(),
            Some(d.clone())
        );
        assert_eq!(store.director(&club, "nobody").await.unwrap(), None);
        store
            .start_login(&d, "hash-1", "csrf-1", "2999-01-01T00:00:00Z")
            .await
            .unwrap();
        store
            .start_login(&d, "hash-old", "csrf-2", "2000-01-01T00:00:00Z")
            .await
            .unwrap();
        let l = store.logged_in("hash-1").await.unwrap().unwrap();
        assert_eq!(
            (l.director.login.as_str(), l.csrf.as_str()),
            ("marijke", "csrf-1")
        );
        assert_eq!(store.logged_in("hash-old").await.unwrap(), None, "expired");
        assert_eq!(store.logged_in("nonsense").await.unwrap(), None);
        store.end_login("hash-1").await.unwrap();
        assert_eq!(store.logged_in("hash-1").await.unwrap(), None);
        store
            .start_login(&d, "hash-2", "csrf", "2999-01-01T00:00:00Z")
            .await
            .unwrap();
        store
            .set_director_password(&d, "$argon2id$new")
            .await
            .unwrap();
        assert_eq!(
            store.logged_in("hash-2").await.unwrap(),
            None,
            "a new password ends logins"
        );

        let id = store
            .create_night(
                &club,
                &SessionInfo {
                    date: "2025-10-21".into(),
                    form: "pairs".into(),
                    ..SessionInfo::default()
                },
                &[],
            )
            .await
            .unwrap();
        store.set_table_link(&club, id, 3, "t3").await.unwrap();
        let link = store.table_link("t3").await.unwrap().unwrap();
        assert_eq!((link.session, link.table, link.club_id), (id, 3, club.id));
        store.set_table_link(&club, id, 3, "t3-new").await.unwrap();
        assert_eq!(
            store.table_link("t3").await.unwrap(),
            None,
            "the old link stops"
        );
        assert!(store.table_link("t3-new").await.unwrap().is_some());
        let other = store.init_club("zwaluw", "BC De Zwaluw").await.unwrap();
        assert!(matches!(
            store.set_table_link(&other, id, 1, "x").await,
            Err(StoreError::NotFound(_))
        ));
    }
}

/// A federation's server is reached over the network: the connection is encrypted when
/// the URL asks for it (`sslmode=require`).
#[tokio::test]
async fn postgres_over_tls() {
    let Some(url) = common::postgres_location("tls").await else {
        return;
    };
    let sep = if url.contains('?') { '&' } else { '?' };
    let store = Store::open(&format!("{url}{sep}sslmode=require"))
        .await
        .unwrap();
    let encrypted: bool =
        sqlx::query_scalar("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()")
            .fetch_one(store.pool())
            .await
            .unwrap();
    assert!(encrypted);
    let club = club_with_players(&store).await;
    assert_eq!(store.players(&club).await.unwrap().len(), 10);
}

#[tokio::test]
async fn a_teams_night_remembers_its_teams() {
    for store in stores("teams").await {
        let club = club_with_players(&store).await;
        let players = store.players(&club).await.unwrap();
        let by_number = |n: &str| {
            players
                .iter()
                .find(|p| p.number.as_deref() == Some(n))
                .cloned()
                .unwrap()
        };
        let team = |id: &str, name: &str, numbers: &[&str]| klaver_store::SessionPair {
            pair: id.into(),
            names: name.into(),
            players: numbers.iter().map(|n| by_number(n)).collect(),
            ..Default::default()
        };
        let night = |date: &str, oranje: &[&str]| NewSession {
            info: SessionInfo {
                date: date.into(),
                form: "teams".into(),
                ..SessionInfo::default()
            },
            pairs: vec![
                team("1", "Oranje", oranje),
                team("2", "Blauw", &["1006", "1007", "1008"]),
            ],
            lines: vec![
                Line {
                    line_no: 1,
                    board: 1,
                    ns: "1".into(),
                    ew: "2".into(),
                    room: "open".into(),
                    score: "420".into(),
                    ..Line::default()
                },
                Line {
                    line_no: 2,
                    board: 1,
                    ns: "2".into(),
                    ew: "1".into(),
                    room: "closed".into(),
                    score: "-420".into(),
                    ..Line::default()
                },
            ],
            sit_outs: Vec::new(),
        };
        store
            .import_session(
                &club,
                &night("2025-10-01", &["1001", "1002", "1003", "1004"]),
            )
            .await
            .unwrap();
        store
            .import_session(
                &club,
                &night("2025-10-08", &["1001", "1002", "1009", "1010"]),
            )
            .await
            .unwrap();
        let teams: Vec<_> = store
            .partnerships(&club)
            .await
            .unwrap()
            .into_iter()
            .filter(|p| p.kind == "team")
            .collect();
        assert_eq!(teams.len(), 2);
        let oranje = teams.iter().find(|t| t.name == "Oranje").unwrap();
        assert_eq!(oranje.players.len(), 6, "everyone who played for the team");
    }
}

#[tokio::test]
async fn conflicts_and_the_round_clock_are_kept() {
    for loc in locations("conflicts").await {
        let store = Store::open(&loc).await.unwrap();
        let club = club_with_players(&store).await;
        let pairs: Vec<klaver_store::SessionPair> = (1..=4)
            .map(|p| klaver_store::SessionPair {
                pair: p.to_string(),
                ..Default::default()
            })
            .collect();
        let info = SessionInfo {
            date: "2025-10-21".into(),
            form: "pairs".into(),
            ..SessionInfo::default()
        };
        let id = store.create_night(&club, &info, &pairs).await.unwrap();
        let stored = Line {
            board: 1,
            ns: "1".into(),
            ew: "2".into(),
            contract: "4S".into(),
            declarer: "N".into(),
            result: "=".into(),
            ..Line::default()
        };
        let line_no = store.add_line(&club, id, &stored, "table 1").await.unwrap();
        let offered = Line {
            contract: "3NT".into(),
            declarer: "S".into(),
            result: "+1".into(),
            ..stored.clone()
        };
        store
            .add_conflict(&club, id, line_no, &offered, "table 1")
            .await
            .unwrap();
        let open = store.open_conflicts(&club, id).await.unwrap();
        assert_eq!(open.len(), 1);
        assert_eq!(open[0].offered, offered);
        // A backup keeps the open conflict (it was lost on the way), and who entered
        // the line.
        let archive = store.export_club(&club).await.unwrap();
        let copy = store
            .import_club(&archive, Some("conflicts-copy"))
            .await
            .unwrap();
        let restored = store.export_club(&copy).await.unwrap();
        assert_eq!(
            sessions_json(&restored.sessions),
            sessions_json(&archive.sessions)
        );
        assert_eq!(restored.sessions[0].conflicts.len(), 1);
        assert_eq!(restored.sessions[0].lines[0].entered_by, "table 1");
        // Publishing waits for the decision.
        let refused = store.publish(&club, id, true).await.unwrap_err();
        assert!(
            refused.to_string().contains("decide which stands"),
            "{refused}"
        );
        store
            .resolve_conflict(&club, id, open[0].id, true, "td")
            .await
            .unwrap();
        assert!(store.open_conflicts(&club, id).await.unwrap().is_empty());
        let decided = store.conflicts(&club, id).await.unwrap();
        let decision = decided[0].decided.as_ref().expect("the decision is kept");
        assert_eq!(
            (decision.by.as_str(), decision.outcome),
            ("td", klaver_store::Outcome::Taken)
        );
        let night = store.session(&club, id).await.unwrap();
        assert_eq!(night.lines[0].line.contract, "3NT");
        assert_eq!(night.lines[0].version, 2);
        store.publish(&club, id, true).await.unwrap();

        assert_eq!(store.clock(&club, id).await.unwrap(), None);
        assert!(
            store
                .start_clock(&club, id, 1_700_000_000, 0)
                .await
                .is_err()
        );
        store
            .start_clock(&club, id, 1_700_000_000, 420)
            .await
            .unwrap();
        assert_eq!(
            store.clock(&club, id).await.unwrap(),
            Some((1_700_000_000, 420))
        );
    }
}

/// A night of four pairs with one line, board 1 between pairs 1 and 2, entered by
/// table 1: its id and the line's number.
async fn night_with_one_line(store: &Store, club: &Club) -> (i64, i64) {
    let pairs: Vec<klaver_store::SessionPair> = (1..=4)
        .map(|p| klaver_store::SessionPair {
            pair: p.to_string(),
            ..Default::default()
        })
        .collect();
    let info = SessionInfo {
        date: "2025-10-21".into(),
        form: "pairs".into(),
        ..SessionInfo::default()
    };
    let id = store.create_night(club, &info, &pairs).await.unwrap();
    let line = Line {
        board: 1,
        ns: "1".into(),
        ew: "2".into(),
        contract: "4S".into(),
        declarer: "N".into(),
        result: "=".into(),
        ..Line::default()
    };
    let line_no = store.add_line(club, id, &line, "table 1").await.unwrap();
    (id, line_no)
}

/// A table confirming a different result while the night is being published: the
/// publication waits for it and is refused, instead of publishing a night with a
/// decision open (the check and the publication were two steps).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_conflict_confirmed_while_publishing_holds_the_publication() {
    use sqlx::Connection;
    sqlx::any::install_default_drivers();
    for loc in locations("publish_race").await {
        let store = Store::open(&loc).await.unwrap();
        let club = club_with_players(&store).await;
        let (id, line_no) = night_with_one_line(&store, &club).await;
        // The table's confirmation, on a connection of its own, is under way (its write
        // begun, not yet committed) when the director publishes.
        let (url, begin) = match loc.contains("://") {
            true => (loc.to_string(), "BEGIN"),
            false => (format!("sqlite://{loc}"), "BEGIN IMMEDIATE"),
        };
        let mut table = sqlx::AnyConnection::connect(&url).await.unwrap();
        sqlx::raw_sql(begin).execute(&mut table).await.unwrap();
        sqlx::query(
            "INSERT INTO entry_conflicts (session_id, line_no, offered, offered_by, made_at)
             VALUES ($1, $2, $3, 'table 2', '2025-10-21T21:00:00Z')",
        )
        .bind(id)
        .bind(line_no)
        .bind(json(&Line {
            board: 1,
            ns: "1".into(),
            ew: "2".into(),
            contract: "3NT".into(),
            declarer: "S".into(),
            result: "=".into(),
            ..Line::default()
        }))
        .execute(&mut table)
        .await
        .unwrap();
        let publishing = {
            let (store, club) = (store.clone(), club.clone());
            tokio::spawn(async move { store.publish(&club, id, true).await })
        };
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        sqlx::raw_sql("COMMIT").execute(&mut table).await.unwrap();
        let published = publishing.await.unwrap();
        let night = store.session(&club, id).await.unwrap();
        assert!(
            published.is_err() && night.info.published_at.is_none(),
            "published with a conflict open: {published:?}"
        );
    }
}

/// Two directors deciding one conflict at once, one keeping the stored line and one
/// taking the table's: whichever decides first stands, and the record says what the
/// line is (the correction and the decision were two steps, and a "kept" could be
/// recorded over a line already taken).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_conflict_decided_twice_at_once_is_decided_once() {
    use sqlx::Connection;
    sqlx::any::install_default_drivers();
    for loc in locations("decided_twice").await {
        let store = Store::open(&loc).await.unwrap();
        let club = club_with_players(&store).await;
        let (id, line_no) = night_with_one_line(&store, &club).await;
        let (url, begin) = match loc.contains("://") {
            true => (loc.to_string(), "BEGIN"),
            false => (format!("sqlite://{loc}"), "BEGIN IMMEDIATE"),
        };
        for round in 0..4 {
            let stored = store.session(&club, id).await.unwrap().lines[0]
                .line
                .clone();
            let offered = Line {
                lead: format!("H{}", round + 2),
                ..stored.clone()
            };
            store
                .add_conflict(&club, id, line_no, &offered, "table 1")
                .await
                .unwrap();
            let conflict = store.open_conflicts(&club, id).await.unwrap()[0].id;
            // Another writer holds the database while both directors decide.
            let mut other = sqlx::AnyConnection::connect(&url).await.unwrap();
            sqlx::raw_sql(begin).execute(&mut other).await.unwrap();
            sqlx::query("UPDATE sessions SET title = title WHERE id = $1")
                .bind(id)
                .execute(&mut other)
                .await
                .unwrap();
            let decide = |take: bool, by: &'static str| {
                let (store, club) = (store.clone(), club.clone());
                tokio::spawn(
                    async move { store.resolve_conflict(&club, id, conflict, take, by).await },
                )
            };
            let (take, keep) = (decide(true, "td-a"), decide(false, "td-b"));
            tokio::time::sleep(std::time::Duration::from_millis(300)).await;
            sqlx::raw_sql("COMMIT").execute(&mut other).await.unwrap();
            let (took, kept) = (take.await.unwrap(), keep.await.unwrap());
            assert!(took.is_ok() != kept.is_ok(), "{took:?} {kept:?}");
            let line = store.session(&club, id).await.unwrap().lines[0]
                .line
                .clone();
            let decided = store.conflicts(&club, id).await.unwrap();
            let outcome = decided.last().unwrap().decided.as_ref().unwrap().outcome;
            assert_eq!(
                outcome == klaver_store::Outcome::Taken,
                line.lead == offered.lead,
                "round {round}: recorded {outcome:?}, line has lead {}",
                line.lead
            );
        }
    }
}

/// The night published as it was read and checked: a result that came in after the
/// reading leaves it unpublished (for the next confirmation or the director).
#[tokio::test]
async fn a_night_is_published_only_as_it_was_checked() {
    for store in stores("publish_as_read").await {
        let club = club_with_players(&store).await;
        let (id, _) = night_with_one_line(&store, &club).await;
        let read = store.session(&club, id).await.unwrap();
        let late = Line {
            board: 1,
            ns: "3".into(),
            ew: "4".into(),
            adjust: "NP".into(),
            ..Line::default()
        };
        store.add_line(&club, id, &late, "table 2").await.unwrap();
        assert!(!store.publish_as_read(&club, &read).await.unwrap());
        let night = store.session(&club, id).await.unwrap();
        assert!(night.info.published_at.is_none());
        assert!(store.publish_as_read(&club, &night).await.unwrap());
        let night = store.session(&club, id).await.unwrap();
        assert!(night.info.published_at.is_some());
    }
}

#[tokio::test]
async fn a_sessions_deals_are_kept_and_replaced() {
    for loc in locations("deals").await {
        let store = Store::open(&loc).await.unwrap();
        let club = club_with_players(&store).await;
        let info = SessionInfo {
            date: "2025-10-28".into(),
            form: "pairs".into(),
            ..SessionInfo::default()
        };
        let id = store.create_night(&club, &info, &[]).await.unwrap();
        assert!(store.deals(&club, id).await.unwrap().is_empty());
        let deal = |board: i64, tricks: Option<&str>| klaver_store::StoredDeal {
            board,
            deal: "N:AT987.64.AJ4.K65 QJ5.Q72.T85.JT98 62.AJT985.K3.432 K43.K3.Q9762.AQ7".into(),
            tricks: tricks.map(String::from),
        };
        store
            .set_deals(
                &club,
                id,
                &[deal(2, None), deal(1, Some("98a6798a674536645366"))],
            )
            .await
            .unwrap();
        let kept = store.deals(&club, id).await.unwrap();
        assert_eq!(kept, [deal(1, Some("98a6798a674536645366")), deal(2, None)]);
        store.set_deals(&club, id, &[deal(3, None)]).await.unwrap();
        assert_eq!(store.deals(&club, id).await.unwrap(), [deal(3, None)]);
        assert!(
            store
                .set_deals(&club, id + 99, &[deal(1, None)])
                .await
                .is_err()
        );
    }
}

/// The test session with other results: line 2 (3 v 4) made `4S N =` for 420.
async fn other_results(store: &Store, club: &Club, date: &str, line: &str) -> NewSession {
    let mut s = session(store, club, date, line).await;
    s.lines[1].result = "=".into();
    s.lines[1].score = "420".into();
    s
}

/// A night's file imported twice, once more "as another line" as the refusal
/// suggested, stored every result twice, and a night stored without a line beside one
/// with a line made the season ranking refuse the whole club: the same results are
/// refused as stored already (whatever their line), a line on a night stored without
/// one and no line on a night with lines are refused, naming the stored session.
#[tokio::test]
async fn a_nights_results_are_stored_once_and_its_lines_hold_together() {
    for store in stores("night-once").await {
        let club = club_with_players(&store).await;
        let night = session(&store, &club, "2025-09-02", "").await;
        let id = store.import_session(&club, &night).await.unwrap();
        for line in ["", "A"] {
            let mut again = night.clone();
            again.info.line_name = line.into();
            let err = store.import_session(&club, &again).await.unwrap_err();
            assert!(matches!(err, StoreError::Conflict(_)), "{err}");
            assert_eq!(
                err.to_string(),
                format!(
                    "the session's 6 results are those of session {id} (2025-09-02 tuesday), stored already: a night's results are stored once; correct a line of it with `klaver session correct {id} ...`, or delete it first to store it again with other options (`klaver session delete {id} --reason ...`)"
                )
            );
        }
        // Other results for the night stored without a line.
        let other = other_results(&store, &club, "2025-09-02", "").await;
        let err = store.import_session(&club, &other).await.unwrap_err();
        assert_eq!(
            err.to_string(),
            format!(
                "session {id} (2025-09-02 tuesday) is stored already, without a line, and 1 of these 6 results is not among its lines: if this session replaces it, delete it first (`klaver session delete {id} --reason ...`); if the night had more than one line, delete it and import each line with its letter (--line A, --line B)"
            )
        );
        let other = other_results(&store, &club, "2025-09-02", "B").await;
        let err = store.import_session(&club, &other).await.unwrap_err();
        assert_eq!(
            err.to_string(),
            format!(
                "the night of 2025-09-02 tuesday is stored as session {id}, without a line: a night's sessions have a line each or none has; to store the night's lines, delete session {id} (`klaver session delete {id} --reason ...`) and import each line with its letter (--line A, --line B)"
            )
        );
        assert_eq!(store.sessions(&club).await.unwrap().len(), 1);
        // A night with lines: another line's results are refused without a line, and
        // other results for a stored line are told apart from the same ones.
        let a = store
            .import_session(&club, &session(&store, &club, "2025-09-09", "A").await)
            .await
            .unwrap();
        let mut unnamed = other_results(&store, &club, "2025-09-09", "").await;
        unnamed.pairs.iter_mut().for_each(|p| p.players.clear());
        let err = store.import_session(&club, &unnamed).await.unwrap_err();
        assert_eq!(
            err.to_string(),
            format!(
                "the night of 2025-09-09 tuesday has lines stored (session {a} line A): give this session its line letter (--line)"
            )
        );
        unnamed.info.line_name = "A".into();
        let err = store.import_session(&club, &unnamed).await.unwrap_err();
        assert_eq!(
            err.to_string(),
            format!(
                "session {a} (2025-09-09 tuesday line A) is stored already, and 1 of these 6 results is not among its lines: if this is another line of the night, give it that line's letter (--line); if it replaces session {a}, delete that first (`klaver session delete {a} --reason ...`)"
            )
        );
        unnamed.info.line_name = "B".into();
        store.import_session(&club, &unnamed).await.unwrap();
        assert_eq!(store.sessions(&club).await.unwrap().len(), 3);
    }
}

/// A player stored in two pairs of one night (two pairs of a session, or pairs of two
/// lines), or partnering himself, was stored without a word, and the season ranking
/// then refused the whole club: the import and `set_pair_players` refuse it, naming
/// the player and both pairs.
#[tokio::test]
async fn a_player_plays_in_one_pair_a_night() {
    for store in stores("night-players").await {
        let club = club_with_players(&store).await;
        let mut twice = session(&store, &club, "2025-09-02", "").await;
        let jan = twice.pairs[0].players[0].clone();
        twice.pairs[1].players[1] = jan.clone();
        let err = store.import_session(&club, &twice).await.unwrap_err();
        assert!(matches!(err, StoreError::Invalid(_)), "{err}");
        assert_eq!(
            err.to_string(),
            "Jan Jansen (1001) of pair 2 already plays in pair 1 of this session: a player plays in one pair a night; correct the players of the pair that is wrong"
        );
        twice.pairs[1].players[0] = jan.clone();
        let err = store.import_session(&club, &twice).await.unwrap_err();
        assert_eq!(
            err.to_string(),
            "pair 2 has Jan Jansen (1001) twice: a pair is two different players"
        );
        let a = store
            .import_session(&club, &session(&store, &club, "2025-09-02", "A").await)
            .await
            .unwrap();
        let mut b = other_results(&store, &club, "2025-09-02", "B").await;
        b.pairs.rotate_left(1);
        for (k, p) in b.pairs.iter_mut().enumerate() {
            p.pair = (k + 1).to_string();
        }
        let err = store.import_session(&club, &b).await.unwrap_err();
        assert!(matches!(err, StoreError::Conflict(_)), "{err}");
        assert_eq!(
            err.to_string(),
            format!(
                "Anna Bakker (1003) of pair 1 already plays in pair 2 of session {a} (2025-09-02 tuesday line A), the same night: a player plays in one pair a night; correct the players of the pair that is wrong"
            )
        );
        assert_eq!(store.sessions(&club).await.unwrap().len(), 1);
        // Naming a pair's players: not one of another pair, and not one player twice.
        let players = store.players(&club).await.unwrap();
        let jan_and_tom: Vec<_> = players
            .iter()
            .filter(|p| matches!(p.number.as_deref(), Some("1001" | "1008")))
            .cloned()
            .collect();
        let err = store
            .set_pair_players(&club, a, ("", "6"), &jan_and_tom)
            .await
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "Jan Jansen (1001) of pair 6 already plays in pair 1 of this session: a player plays in one pair a night; correct the players of the pair that is wrong"
        );
        for (number, name) in [("1011", "Nieuw Lid"), ("1012", "Ander Lid")] {
            let player = NewPlayer {
                number: Some(number.into()),
                name: name.into(),
            };
            store.add_player(&club, &player).await.unwrap();
        }
        let players = store.players(&club).await.unwrap();
        let named = |n: &str| {
            let found = players.iter().find(|p| p.number.as_deref() == Some(n));
            found.unwrap().clone()
        };
        let err = store
            .set_pair_players(&club, a, ("", "6"), &[named("1011"), named("1011")])
            .await
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "pair 6 has Nieuw Lid (1011) twice: a pair is two different players"
        );
        // Another line's pair: the players of the night's other session are taken.
        let mut b = other_results(&store, &club, "2025-09-02", "B").await;
        b.pairs.iter_mut().for_each(|p| p.players.clear());
        let b = store.import_session(&club, &b).await.unwrap();
        let new = [named("1011"), named("1012")];
        store
            .set_pair_players(&club, b, ("", "6"), &new)
            .await
            .unwrap();
        let err = store
            .set_pair_players(&club, a, ("", "6"), &new)
            .await
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            format!(
                "Nieuw Lid (1011) of pair 6 already plays in pair 6 of session {b} (2025-09-02 tuesday line B), the same night: a player plays in one pair a night; correct the players of the pair that is wrong"
            )
        );
        // A pair named again with its own players is no clash.
        store
            .set_pair_players(&club, b, ("", "6"), &new)
            .await
            .unwrap();
        assert!(
            store.session(&club, a).await.unwrap().pairs[5]
                .players
                .is_empty()
        );
    }
}

/// A session stored by mistake could not be removed: the ranking stayed blocked until
/// a backup was edited by hand. A director removes it with a reason; it is kept whole in
/// the club's log of removed sessions (pairs and players, lines with their corrections,
/// hands, results confirmed against it), which the club's archive carries; its table
/// links stop working, and the night's other sessions are untouched.
#[tokio::test]
async fn a_session_stored_by_mistake_is_removed_and_kept_in_the_log() {
    for store in stores("remove").await {
        let club = club_with_players(&store).await;
        let a = store
            .import_session(&club, &session(&store, &club, "2025-09-02", "A").await)
            .await
            .unwrap();
        let mut b = other_results(&store, &club, "2025-09-02", "B").await;
        b.pairs.iter_mut().for_each(|p| p.players.clear());
        let b_id = store.import_session(&club, &b).await.unwrap();
        let line = store.session(&club, b_id).await.unwrap().lines[1]
            .line
            .clone();
        let fixed = Line {
            score: "450".into(),
            result: "+1".into(),
            ..line.clone()
        };
        let at = LineAt {
            session: b_id,
            line_no: 2,
            version: 1,
        };
        store
            .correct(&club, at, &fixed, "td", "typo")
            .await
            .unwrap();
        let deal = klaver_store::StoredDeal {
            board: 1,
            deal: "N:AT987.64.AJ4.K65 QJ5.Q72.T85.JT98 62.AJT985.K3.432 K43.K3.Q9762.AQ7".into(),
            tricks: None,
        };
        store.set_deals(&club, b_id, &[deal]).await.unwrap();
        store
            .add_conflict(&club, b_id, 1, &line, "table 1")
            .await
            .unwrap();
        store
            .set_table_link(&club, b_id, 1, "hash-b1")
            .await
            .unwrap();

        // A reason is kept with it; a session that is not the club's is not there.
        let err = store
            .delete_session(&club, b_id, "td", " ")
            .await
            .unwrap_err();
        assert!(matches!(err, StoreError::Invalid(_)), "{err}");
        let other = store.init_club("zwaluw", "BC De Zwaluw").await.unwrap();
        for (club, id) in [(&club, b_id + 99), (&other, b_id)] {
            let err = store.delete_session(club, id, "td", "x").await.unwrap_err();
            assert!(matches!(err, StoreError::NotFound(_)), "{err}");
        }
        let removed = store
            .delete_session(&club, b_id, "td", "imported twice")
            .await
            .unwrap();
        assert_eq!(
            (
                removed.number,
                removed.removed_by.as_str(),
                removed.reason.as_str()
            ),
            (b_id, "td", "imported twice")
        );
        let kept = &removed.session;
        assert_eq!(
            (kept.info.date.as_str(), kept.info.line_name.as_str()),
            ("2025-09-02", "B")
        );
        assert_eq!((kept.pairs.len(), kept.lines.len()), (6, 6));
        assert_eq!(kept.lines[1].corrections.len(), 1);
        assert_eq!(kept.lines[1].line.score, "450");
        assert_eq!((kept.deals.len(), kept.conflicts.len()), (1, 1));

        // Gone from the club, its rows and its table link with it.
        assert!(matches!(
            store.session(&club, b_id).await,
            Err(StoreError::NotFound(_))
        ));
        let left: Vec<i64> = store
            .sessions(&club)
            .await
            .unwrap()
            .iter()
            .map(|s| s.info.id)
            .collect();
        assert_eq!(left, [a]);
        assert_eq!(store.table_link("hash-b1").await.unwrap(), None);
        for table in [
            "results",
            "session_pairs",
            "session_deals",
            "entry_conflicts",
            "table_links",
        ] {
            let n: i64 = sqlx::query_scalar(&format!(
                "SELECT COUNT(*) FROM {table} WHERE session_id = $1"
            ))
            .bind(b_id)
            .fetch_one(store.pool())
            .await
            .unwrap();
            assert_eq!(n, 0, "{table}");
        }
        assert_eq!(store.session(&club, a).await.unwrap().lines.len(), 6);
        assert_eq!(
            store.removed_sessions(&club).await.unwrap(),
            std::slice::from_ref(&removed)
        );
        assert!(store.removed_sessions(&other).await.unwrap().is_empty());
        // The line can be stored again, under a number of its own: an old printout or
        // table link naming the removed session never reaches the new one.
        let again = store.import_session(&club, &b).await.unwrap();
        assert!(
            again > b_id,
            "the removed session's number {b_id} was given again"
        );

        // The archive carries the log, in a layout an older klaver refuses rather
        // than restore the club without it.
        let archive = store.export_club(&club).await.unwrap();
        assert_eq!(archive.version, 3);
        assert_eq!(archive.removed_sessions, std::slice::from_ref(&removed));
        let text = serde_json::to_string(&archive).unwrap();
        let read: klaver_store::ClubArchive = serde_json::from_str(&text).unwrap();
        for loc in locations("remove-target").await {
            let target = Store::open(&loc).await.unwrap();
            let restored = target.import_club(&read, None).await.unwrap();
            let log = target.removed_sessions(&restored).await.unwrap();
            assert_eq!(log, std::slice::from_ref(&removed));
        }
    }
}

/// The sessions' dates and lines, in the order of their numbers.
async fn in_order(store: &Store, club: &Club) -> Vec<(String, String)> {
    let mut list = store.sessions(club).await.unwrap();
    list.sort_by_key(|s| s.info.id);
    let named = list.into_iter().map(|s| (s.info.date, s.info.line_name));
    named.collect()
}

/// A club exported and restored gave a night's lines in reverse order of their numbers
/// (line A, session 1, came back as session 2), and a director's printouts no longer
/// matched: the archive lists the sessions in the order they were stored, with their
/// numbers, and the restore stores them in that order. An archive of an earlier
/// klaver (sessions by date, a night's lines backwards, no numbers) is restored in the
/// order they were imported, a night's lines by their letters.
#[tokio::test]
async fn a_restored_club_keeps_its_sessions_in_order() {
    for store in stores("order").await {
        let club = club_with_players(&store).await;
        let mut later = session(&store, &club, "2025-09-09", "").await;
        later.pairs.iter_mut().for_each(|p| p.players.clear());
        store.import_session(&club, &later).await.unwrap();
        for line in ["A", "B"] {
            let mut s = match line {
                "A" => session(&store, &club, "2025-09-02", line).await,
                _ => other_results(&store, &club, "2025-09-02", line).await,
            };
            s.pairs.iter_mut().for_each(|p| p.players.clear());
            store.import_session(&club, &s).await.unwrap();
        }
        let stored = in_order(&store, &club).await;
        let as_stored = |a: &[(&str, &str)]| {
            let owned = a.iter().map(|(d, l)| (d.to_string(), l.to_string()));
            owned.collect::<Vec<_>>()
        };
        assert_eq!(
            stored,
            as_stored(&[("2025-09-09", ""), ("2025-09-02", "A"), ("2025-09-02", "B")])
        );
        let archive = store.export_club(&club).await.unwrap();
        let numbers: Vec<Option<i64>> = archive.sessions.iter().map(|s| s.number).collect();
        let mut ids: Vec<i64> = (store.sessions(&club).await.unwrap())
            .iter()
            .map(|s| s.info.id)
            .collect();
        ids.sort_unstable();
        assert_eq!(numbers, ids.into_iter().map(Some).collect::<Vec<_>>());
        for loc in locations("order-target").await {
            let target = Store::open(&loc).await.unwrap();
            let restored = target.import_club(&archive, None).await.unwrap();
            assert_eq!(in_order(&target, &restored).await, stored);
        }
        // An earlier klaver's archive: by date, a night's lines backwards, no numbers;
        // the night of the 9th was imported first.
        let mut earlier = archive.clone();
        earlier.sessions.iter_mut().for_each(|s| s.number = None);
        earlier.sessions[0].info.imported_at = "2025-09-10T08:00:00Z".into();
        for s in &mut earlier.sessions[1..] {
            s.info.imported_at = "2025-09-11T08:00:00Z".into();
        }
        earlier.sessions.rotate_left(1);
        earlier.sessions.swap(0, 1);
        let restored = store.import_club(&earlier, Some("earlier")).await.unwrap();
        assert_eq!(in_order(&store, &restored).await, stored);
    }
}

/// A night's sit-out lines (which pair sat out which board, on which line of its file)
/// are kept with it, read back with it and with the boards asked for, carried by the
/// archive in the layout that keeps them, taken with it when it is removed and kept
/// in the log; an archive of an earlier klaver, without them, still restores.
#[tokio::test]
async fn a_nights_sit_out_lines_are_kept_with_it() {
    for store in stores("sit-outs").await {
        let club = club_with_players(&store).await;
        let mut new = session(&store, &club, "2025-09-02", "").await;
        let sat = |board: i64, pair: &str, source_line: i64| klaver_store::SitOut {
            section: String::new(),
            board,
            pair: pair.into(),
            source_line,
        };
        new.sit_outs = vec![sat(1, "6", 12), sat(2, "5", 20)];
        let id = store.import_session(&club, &new).await.unwrap();
        let stored = store.session(&club, id).await.unwrap();
        assert_eq!(stored.sit_outs, new.sit_outs);
        let board_2 = store.session_boards(&club, id, &[2]).await.unwrap();
        assert_eq!(board_2.sit_outs, [sat(2, "5", 20)]);

        let archive = store.export_club(&club).await.unwrap();
        assert_eq!(archive.version, 5);
        assert_eq!(archive.sessions[0].sit_outs, new.sit_outs);
        let text = serde_json::to_string(&archive).unwrap();
        let read: klaver_store::ClubArchive = serde_json::from_str(&text).unwrap();
        let copy = store.import_club(&read, Some("copy")).await.unwrap();
        let restored = store.session(&copy, id + 1).await.unwrap();
        assert_eq!(restored.sit_outs, new.sit_outs);
        // An earlier klaver's archive has no sit-out lines, and a layout before 5.
        let mut earlier: serde_json::Value = serde_json::from_str(&text).unwrap();
        earlier["version"] = 4.into();
        earlier["sessions"][0]
            .as_object_mut()
            .unwrap()
            .remove("sit_outs");
        let earlier: klaver_store::ClubArchive = serde_json::from_value(earlier).unwrap();
        let old = store.import_club(&earlier, Some("earlier")).await.unwrap();
        let list = store.sessions(&old).await.unwrap();
        let plain = store.session(&old, list[0].info.id).await.unwrap();
        assert!(plain.sit_outs.is_empty());

        let removed = store.delete_session(&club, id, "td", "test").await.unwrap();
        assert_eq!(removed.session.sit_outs, new.sit_outs);
        let left: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM session_sit_outs WHERE session_id = $1")
                .bind(id)
                .fetch_one(store.pool())
                .await
                .unwrap();
        assert_eq!(left, 0);
    }
}

/// A club restored under a code with a space (`--as "KB 3"`) was stored under it, where
/// `club init` refuses such a code; the restore refuses it the same way.
#[tokio::test]
async fn a_club_is_restored_only_under_a_code_of_one_word() {
    for store in stores("restore-code").await {
        let club = club_with_players(&store).await;
        let archive = store.export_club(&club).await.unwrap();
        let err = store.import_club(&archive, Some("KB 3")).await.unwrap_err();
        assert!(matches!(err, StoreError::Invalid(_)), "{err}");
        assert!(err.to_string().contains("one word without spaces"), "{err}");
        assert_eq!(store.clubs().await.unwrap().len(), 1);
        let restored = store.import_club(&archive, Some(" kb3 ")).await.unwrap();
        assert_eq!(restored.code, "kb3");
    }
}

/// On a PostgreSQL server that compares texts as in Dutch, the clubs and the playing
/// moments came out in another order than on SQLite (`dinsdag` before `Donderdag`);
/// every list is now in one order on every database, SQLite's.
#[tokio::test]
async fn lists_keep_one_order_on_a_server_set_to_dutch() {
    let mut locations = vec![sqlite_location("dutch-order")];
    locations.extend(postgres_in_dutch("dutch-order").await);
    for loc in locations {
        let store = Store::open(&loc).await.unwrap();
        let club = club_with_players(&store).await;
        store.init_club("Zwaluw", "BC De Zwaluw").await.unwrap();
        let codes: Vec<String> = store
            .clubs()
            .await
            .unwrap()
            .into_iter()
            .map(|c| c.code)
            .collect();
        assert_eq!(codes, ["Zwaluw", "kievit"], "{loc}");
        for (date, moment) in [("2025-09-02", "dinsdag"), ("2025-09-04", "Donderdag")] {
            let mut new = session(&store, &club, date, "A").await;
            new.info.moment = moment.into();
            store.import_session(&club, &new).await.unwrap();
        }
        assert_eq!(
            store.moments(&club).await.unwrap(),
            ["Donderdag", "dinsdag"],
            "{loc}"
        );
        let names: Vec<String> = store
            .players(&club)
            .await
            .unwrap()
            .into_iter()
            .map(|p| p.name)
            .collect();
        let mut sorted = names.clone();
        sorted.sort();
        assert_eq!(names, sorted, "{loc}");
    }
}

/// Every test run left its PostgreSQL databases (and a failed test its role) on the
/// server, which grew to 24 GB; a test's database and the roles made for it are now
/// dropped when the test is done with it.
#[tokio::test]
async fn a_test_database_is_dropped_with_its_role_when_the_test_is_done() {
    let Some(url) = common::postgres_location("dropped").await else {
        return;
    };
    let store = Store::open(&url).await.unwrap();
    let name = url.rsplit('/').next().unwrap().split('?').next().unwrap();
    let name = name.to_string();
    let Some((role, _)) = common::app_role(&store, &url).await else {
        return;
    };
    drop(url);
    common::dropped::wait_for_drops();
    let admin = std::env::var("KLAVER_TEST_POSTGRES").unwrap();
    let mut admin = <sqlx::AnyConnection as sqlx::Connection>::connect(&admin)
        .await
        .unwrap();
    let left: i64 = sqlx::query_scalar(
        "SELECT (SELECT count(*) FROM pg_database WHERE datname = $1)
              + (SELECT count(*) FROM pg_roles WHERE rolname = $2)",
    )
    .bind(&name)
    .bind(&role)
    .fetch_one(&mut admin)
    .await
    .unwrap();
    assert_eq!(left, 0, "{name} or {role} is still on the server");
}

/// A test's SQLite file, and the files SQLite keeps beside it, are removed when the test
/// is done with it, also when it fails: test runs do not fill the temporary folder.
#[test]
fn a_test_s_sqlite_files_are_removed_when_it_fails() {
    let mut kept = String::new();
    let failed = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let loc = sqlite_location("removed");
        kept = loc.to_string();
        for suffix in ["", "-wal", "-shm"] {
            std::fs::write(format!("{loc}{suffix}"), "").unwrap();
        }
        panic!("a failing test");
    }));
    assert!(failed.is_err());
    assert!(kept.starts_with(&*std::env::temp_dir().to_string_lossy()));
    for suffix in ["", "-wal", "-shm"] {
        let path = format!("{kept}{suffix}");
        assert!(!std::path::Path::new(&path).exists(), "{path} was left");
    }
}
