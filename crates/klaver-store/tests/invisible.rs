//! A pair, section or player's name holding a character that shows nothing (a
//! zero-width space, a soft hyphen) is refused before anything is written, on SQLite and
//! (when configured) PostgreSQL alike: it would look like the one written without it
//! but be another, splitting a pair's results or a player's season ranking.

mod common;

use common::{PAIRS, TRAVELLERS, stores};
use klaver_io::travellers::{ReadOptions, read_pairs, read_travellers};
use klaver_store::{
    LineAt, NewSession, SessionInfo, Store, StoreError, lines_from_event, pairs_from_event,
};

/// The test session with `pairs` as its pairs file, every player new to the club.
async fn session(store: &Store, club: &klaver_store::Club, pairs: &str) -> NewSession {
    let mut event = read_travellers(TRAVELLERS.as_bytes(), ReadOptions::default()).unwrap();
    read_pairs(pairs.as_bytes(), &mut event).unwrap();
    let players = store.players(club).await.unwrap();
    let (pairs, _) = pairs_from_event(&event, &players);
    NewSession {
        info: SessionInfo {
            date: "2025-09-02".into(),
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
async fn a_name_or_pair_holding_an_invisible_character_is_not_stored() {
    for store in stores("invisible").await {
        let club = store.init_club("kievit", "BC De Kievit").await.unwrap();
        let names = PAIRS.replace("Jan Jansen", "Jan\u{200b} Jansen");
        let new = session(&store, &club, &names).await;
        let err = store.import_session(&club, &new).await.unwrap_err();
        assert!(matches!(err, StoreError::Invalid(_)), "{err}");
        assert_eq!(
            err.to_string(),
            "pair 1's list of names \"Jan\\u{200b} Jansen - Piet de Vries\" holds an invisible character (U+200B ZERO WIDTH SPACE): remove it; nothing was stored"
        );
        assert!(store.sessions(&club).await.unwrap().is_empty());

        // A correction typed by hand is refused alike.
        let id = store
            .import_session(&club, &session(&store, &club, PAIRS).await)
            .await
            .unwrap();
        let stored = store.session(&club, id).await.unwrap();
        let line = &stored.lines[0];
        let at = LineAt {
            session: id,
            line_no: line.line.line_no,
            version: line.version,
        };
        let mut typed = line.line.clone();
        typed.ew = "2\u{ad}".into();
        let err = store
            .correct(&club, at, &typed, "td", "typo")
            .await
            .unwrap_err();
        assert!(
            err.to_string().contains(
                "(board 1): the East-West pair \"2\\u{ad}\" holds an invisible character (U+00AD SOFT HYPHEN)"
            ),
            "{err}"
        );
        assert!(store.corrections(&club, id).await.unwrap().is_empty());
    }
}
