//! A pair is its players: two players of one name each make their own pair, in the
//! database, in the club's archive and in a database an earlier klaver left.

mod common;

use common::{locations, stores};
use klaver_store::{
    Club, ClubArchive, Line, NewPlayer, NewSession, Partnership, Player, SessionInfo, SessionPair,
    Store,
};

/// A club with two players called Jan de Wit.
async fn club_of_namesakes(store: &Store) -> (Club, Vec<Player>) {
    let club = store.init_club("h", "H").await.unwrap();
    let players: Vec<NewPlayer> = [
        ("7001", "Jan de Wit"),
        ("7002", "Jan de Wit"),
        ("7003", "Piet Smit"),
        ("7004", "Kees Smit"),
        ("7005", "Anna Bos"),
    ]
    .iter()
    .map(|(n, name)| NewPlayer {
        number: Some(n.to_string()),
        name: name.to_string(),
    })
    .collect();
    store.import_players(&club, &players).await.unwrap();
    let players = store.players(&club).await.unwrap();
    (club, players)
}

fn by_number(players: &[Player], n: &str) -> Player {
    let found = players.iter().find(|p| p.number.as_deref() == Some(n));
    found.cloned().unwrap()
}

/// A night of two pairs: pair 1 of players `one`, pair 2 Kees Smit and Anna Bos.
fn night(date: &str, players: &[Player], one: [&str; 2]) -> NewSession {
    // (A test that gives no players gives each pair its own afterwards.)
    let pair = |id: &str, numbers: [&str; 2]| SessionPair {
        pair: id.into(),
        names: String::new(),
        players: match players {
            [] => Vec::new(),
            _ => numbers.iter().map(|n| by_number(players, n)).collect(),
        },
        ..Default::default()
    };
    NewSession {
        info: SessionInfo {
            date: date.into(),
            form: "pairs".into(),
            ..SessionInfo::default()
        },
        pairs: vec![pair("1", one), pair("2", ["7004", "7005"])],
        lines: vec![Line {
            line_no: 1,
            board: 1,
            ns: "1".into(),
            ew: "2".into(),
            contract: "4S".into(),
            declarer: "N".into(),
            result: "=".into(),
            score: "420".into(),
            ..Line::default()
        }],
        sit_outs: Vec::new(),
    }
}

fn pair(name: &str, players: &[&str]) -> Partnership {
    Partnership {
        kind: "pair".into(),
        name: name.into(),
        players: players.iter().map(|p| p.to_string()).collect(),
    }
}

/// What the club's pairs should be after the two nights.
fn two_jans() -> Vec<Partnership> {
    vec![
        pair("Anna Bos - Kees Smit", &["7005", "7004"]),
        pair("Jan de Wit - Piet Smit", &["7001", "7003"]),
        pair("Jan de Wit - Piet Smit", &["7002", "7003"]),
    ]
}

#[tokio::test]
async fn two_players_of_one_name_make_two_pairs() {
    for store in stores("namesakes").await {
        let (club, players) = club_of_namesakes(&store).await;
        for (date, jan) in [
            ("2025-09-02", "7001"),
            ("2025-09-09", "7002"),
            ("2025-09-16", "7001"),
        ] {
            let n = night(date, &players, [jan, "7003"]);
            store.import_session(&club, &n).await.unwrap();
        }
        assert_eq!(store.partnerships(&club).await.unwrap(), two_jans());

        // The archive keeps them apart, in a layout an earlier klaver refuses rather
        // than merges, and a restore brings them back as they were.
        let archive = store.export_club(&club).await.unwrap();
        assert_eq!(archive.partnerships, two_jans());
        assert_eq!(archive.version, 6);
        for loc in locations("namesakes-target").await {
            let target = Store::open(&loc).await.unwrap();
            let restored = target.import_club(&archive, None).await.unwrap();
            assert_eq!(target.partnerships(&restored).await.unwrap(), two_jans());
            let back = target.export_club(&restored).await.unwrap();
            assert_eq!(back.partnerships, archive.partnerships);
        }
    }
}

/// An archive an earlier klaver wrote lists the two pairs as one of three players; it
/// is restored as the two pairs its sessions show.
#[tokio::test]
async fn an_earlier_archive_of_a_merged_pair_restores_two_pairs() {
    for store in stores("merged-archive").await {
        let (club, players) = club_of_namesakes(&store).await;
        for (date, jan) in [("2025-09-02", "7001"), ("2025-09-09", "7002")] {
            let n = night(date, &players, [jan, "7003"]);
            store.import_session(&club, &n).await.unwrap();
        }
        let mut archive: ClubArchive = store.export_club(&club).await.unwrap();
        archive.version = 5;
        archive.partnerships = vec![
            pair("Anna Bos - Kees Smit", &["7005", "7004"]),
            pair("Jan de Wit - Piet Smit", &["7001", "7002", "7003"]),
        ];
        let restored = store.import_club(&archive, Some("h2")).await.unwrap();
        assert_eq!(store.partnerships(&restored).await.unwrap(), two_jans());
    }
}

/// A database an earlier klaver left with a merged pair: brought forward, the pair is
/// split into the pairs its sessions show.
#[tokio::test]
async fn an_earlier_database_of_a_merged_pair_is_split() {
    for loc in locations("merged-database").await {
        let old = Store::open_at_version(&loc, 7).await.unwrap();
        let (club, players) = club_of_namesakes(&old).await;
        let pool = old.pool();
        for (date, jan) in [("2025-09-02", "7001"), ("2025-09-09", "7002")] {
            // Stored without players, then given them as that klaver did.
            let mut n = night(date, &players, [jan, "7003"]);
            let seats: Vec<Vec<Player>> =
                n.pairs.iter_mut().map(|p| p.players.split_off(0)).collect();
            let id = old.import_session(&club, &n).await.unwrap();
            for (pair, seats) in n.pairs.iter().zip(seats) {
                for (seat, p) in seats.iter().enumerate() {
                    sqlx::query(
                        "INSERT INTO session_pair_players (session_pair_id, seat, player_id)
                         SELECT id, $1, $2 FROM session_pairs WHERE session_id = $3 AND pair = $4",
                    )
                    .bind(seat as i64 + 1)
                    .bind(p.id)
                    .bind(id)
                    .bind(&pair.pair)
                    .execute(pool)
                    .await
                    .unwrap();
                }
            }
        }
        for (name, numbers) in [
            ("Anna Bos - Kees Smit", &["7004", "7005"][..]),
            ("Jan de Wit - Piet Smit", &["7001", "7002", "7003"][..]),
        ] {
            let id: i64 = sqlx::query_scalar(
                "INSERT INTO partnerships (club_id, kind, name) VALUES ($1, 'pair', $2) RETURNING id",
            )
            .bind(club.id)
            .bind(name)
            .fetch_one(pool)
            .await
            .unwrap();
            for n in numbers {
                sqlx::query(
                    "INSERT INTO partnership_members (partnership_id, player_id) VALUES ($1, $2)",
                )
                .bind(id)
                .bind(by_number(&players, n).id)
                .execute(pool)
                .await
                .unwrap();
            }
        }
        old.close().await;
        let store = Store::open(&loc).await.unwrap();
        assert_eq!(store.partnerships(&club).await.unwrap(), two_jans());
        // A night after that finds its pair among them.
        let n = night("2025-09-16", &players, ["7002", "7003"]);
        store.import_session(&club, &n).await.unwrap();
        assert_eq!(store.partnerships(&club).await.unwrap(), two_jans());
    }
}

/// A pair of two players of one name, one of them a guest without a federation number
/// (a father and his son): PostgreSQL listed the member first, SQLite the guest. The
/// pair's players are now listed alike on every database, the guest first.
#[tokio::test]
async fn a_pairs_players_are_listed_in_one_order_on_every_database() {
    for store in stores("pair-player-order").await {
        let club = store.init_club("j", "J").await.unwrap();
        for (number, name) in [(Some("8001"), "Jan Jansen"), (None, "Jan Jansen")] {
            let player = NewPlayer {
                number: number.map(str::to_string),
                name: name.into(),
            };
            store.add_player(&club, &player).await.unwrap();
        }
        let mut other = Vec::new();
        for (number, name) in [("8002", "Kees Smit"), ("8003", "Anna Bos")] {
            let player = NewPlayer {
                number: Some(number.into()),
                name: name.into(),
            };
            other.push(store.add_player(&club, &player).await.unwrap());
        }
        let jansens = store.players(&club).await.unwrap()[1..3].to_vec();
        let mut new = night("2025-09-02", &[], ["", ""]);
        new.pairs[0].players = jansens;
        new.pairs[1].players = other;
        store.import_session(&club, &new).await.unwrap();
        let listed = store.partnerships(&club).await.unwrap();
        let jans = listed.iter().find(|p| p.name == "Jan Jansen - Jan Jansen");
        assert_eq!(jans.unwrap().players, ["Jan Jansen", "8001"], "{listed:?}");
    }
}

/// Two new pairs of one name in one night (two Jan de Wits, each with his own Piet
/// Smit) are added together and stay two pairs, each with its own players.
#[tokio::test]
async fn two_new_pairs_of_one_name_in_one_night_stay_apart() {
    for store in stores("namesakes-one-night").await {
        let (club, _) = club_of_namesakes(&store).await;
        let piet = NewPlayer {
            number: Some("7006".into()),
            name: "Piet Smit".into(),
        };
        store.add_player(&club, &piet).await.unwrap();
        let players = store.players(&club).await.unwrap();
        let mut n = night("2025-09-02", &players, ["7001", "7003"]);
        n.pairs[1].players = ["7002", "7006"].map(|p| by_number(&players, p)).to_vec();
        store.import_session(&club, &n).await.unwrap();
        let want = vec![
            pair("Jan de Wit - Piet Smit", &["7001", "7003"]),
            pair("Jan de Wit - Piet Smit", &["7002", "7006"]),
        ];
        let mut got = store.partnerships(&club).await.unwrap();
        got.sort_by(|a, b| a.players.cmp(&b.players));
        assert_eq!(got, want);
    }
}

/// An earlier klaver kept a pair a second time when one of its players was renamed
/// (Piet Smit, later Piet Smid): its archive lists the same players twice, and the
/// restore refused it ("lists the pair twice"). It is restored as one pair, under its
/// players' names.
#[tokio::test]
async fn an_earlier_archive_of_a_pair_kept_under_two_names_restores_one() {
    for store in stores("kept-twice-archive").await {
        let (club, players) = club_of_namesakes(&store).await;
        let n = night("2025-09-02", &players, ["7001", "7003"]);
        store.import_session(&club, &n).await.unwrap();
        let mut archive: ClubArchive = store.export_club(&club).await.unwrap();
        archive.version = 5;
        archive.partnerships = vec![
            pair("Anna Bos - Kees Smit", &["7005", "7004"]),
            pair("Jan de Wit - Piet Smit", &["7001", "7003"]),
            pair("Jan de Wit - Piet Smid", &["7001", "7003"]),
        ];
        let mut piet = archive.players.iter_mut();
        let piet = piet.find(|p| p.number.as_deref() == Some("7003"));
        piet.unwrap().name = "Piet Smid".into();
        let restored = store.import_club(&archive, Some("h2")).await.unwrap();
        let want = vec![
            pair("Anna Bos - Kees Smit", &["7005", "7004"]),
            pair("Jan de Wit - Piet Smid", &["7001", "7003"]),
        ];
        assert_eq!(store.partnerships(&restored).await.unwrap(), want);
    }
}

/// A pair whose player is renamed keeps being one pair, under its players' new names.
#[tokio::test]
async fn a_pair_takes_its_renamed_players_name() {
    for store in stores("renamed-pair").await {
        let (club, players) = club_of_namesakes(&store).await;
        let n = night("2025-09-02", &players, ["7001", "7003"]);
        store.import_session(&club, &n).await.unwrap();
        let renamed = NewPlayer {
            number: Some("7003".into()),
            name: "Piet Smid".into(),
        };
        store.import_players(&club, &[renamed]).await.unwrap();
        let players = store.players(&club).await.unwrap();
        let n = night("2025-09-09", &players, ["7001", "7003"]);
        store.import_session(&club, &n).await.unwrap();
        let listed = store.partnerships(&club).await.unwrap();
        let want = vec![
            pair("Anna Bos - Kees Smit", &["7005", "7004"]),
            pair("Jan de Wit - Piet Smid", &["7001", "7003"]),
        ];
        assert_eq!(listed, want);
    }
}

/// A database an earlier klaver left with a pair kept twice, under its player's old
/// and new name: brought forward, it is one pair under the name it was kept under last.
#[tokio::test]
async fn an_earlier_database_of_a_pair_kept_under_two_names_has_one() {
    for loc in locations("kept-twice-database").await {
        let old = Store::open_at_version(&loc, 7).await.unwrap();
        let (club, players) = club_of_namesakes(&old).await;
        let n = night("2025-09-02", &players, ["7001", "7003"]);
        old.import_session(&club, &n).await.unwrap();
        let pool = old.pool();
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO partnerships (club_id, kind, name) VALUES ($1, 'pair', $2) RETURNING id",
        )
        .bind(club.id)
        .bind("Jan de Wit - Piet Smid")
        .fetch_one(pool)
        .await
        .unwrap();
        for n in ["7001", "7003"] {
            sqlx::query(
                "INSERT INTO partnership_members (partnership_id, player_id) VALUES ($1, $2)",
            )
            .bind(id)
            .bind(by_number(&players, n).id)
            .execute(pool)
            .await
            .unwrap();
        }
        old.close().await;
        let store = Store::open(&loc).await.unwrap();
        let want = vec![
            pair("Anna Bos - Kees Smit", &["7005", "7004"]),
            pair("Jan de Wit - Piet Smid", &["7001", "7003"]),
        ];
        assert_eq!(store.partnerships(&club).await.unwrap(), want);
    }
}
