//! The demo club `klaver serve --demo` creates in an empty database, so that a new user
//! sees real results at once: the 't Fonteintje club night of 1 February 2008 (14 pairs,
//! 28 boards, published), a director's login, and tonight's night of six pairs in a
//! three-table Mitchell waiting for results from the tables' phones.

use crate::WebError;
use crate::auth::{hash_password, random_token, token_hash};
use klaver_core::notation::Language;
use klaver_io::travellers::{ReadOptions, read_travellers};
use klaver_store::{NewSession, SessionInfo, SessionPair, Store, lines_from_event};

const SESSION: &str = include_str!("../../../examples/fonteintje-2008-02-01.csv");

/// What the demo made: the director's login and password, and each table's link path.
pub struct Demo {
    /// The director's login.
    pub login: String,
    /// The director's password (random, shown once).
    pub password: String,
    /// Tonight's table links (`/t/...`), by table.
    pub tables: Vec<(u32, String)>,
}

/// Creates the demo club when the database has no club; `None` when it has one.
pub async fn ensure(store: &Store, today: &str) -> Result<Option<Demo>, WebError> {
    if !store.clubs().await?.is_empty() {
        return Ok(None);
    }
    let club = store
        .init_club("fonteintje", "Bridgeclub 't Fonteintje (demo)")
        .await?;
    let event = read_travellers(
        SESSION.as_bytes(),
        ReadOptions {
            lang: Language::Dutch,
            ..ReadOptions::default()
        },
    )
    .map_err(|e| WebError::Internal(e.to_string()))?;
    let (pairs, _) = klaver_store::pairs_from_event(&event, &[]);
    store
        .import_session(
            &club,
            &NewSession {
                info: SessionInfo {
                    date: "2008-02-01".into(),
                    moment: "friday".into(),
                    title: "Clubavond".into(),
                    form: "pairs".into(),
                    boards_per_round: Some(4),
                    options: vec!["--boards-per-round=4".into()],
                    source: "the seed's club night (embedded)".into(),
                    imported_by: "demo".into(),
                    ..SessionInfo::default()
                },
                pairs,
                lines: lines_from_event(&event),
                sit_outs: Vec::new(),
            },
        )
        .await?;
    let password = random_token()[..12].to_string();
    store
        .add_director(&club, "director", &hash_password(&password)?)
        .await?;
    let names = [
        "Jansen - De Vries",
        "Bakker - Visser",
        "Smit - Mulder",
        "De Boer - Peters",
        "Hendriks - Dekker",
        "Van Dijk - Bos",
    ];
    let pairs: Vec<SessionPair> = ["1", "2", "3", "4", "5", "6"]
        .iter()
        .zip(names)
        .map(|(p, n)| SessionPair {
            pair: p.to_string(),
            names: n.to_string(),
            ..SessionPair::default()
        })
        .collect();
    let tonight = store
        .create_night(
            &club,
            &SessionInfo {
                date: today.into(),
                moment: "friday".into(),
                title: "Tonight".into(),
                form: "pairs".into(),
                movement: Some("mitchell-3".into()),
                boards_per_round: Some(3),
                options: vec![
                    "--movement=mitchell-3".into(),
                    "--boards-per-round=3".into(),
                ],
                source: "klaver serve --demo".into(),
                imported_by: "demo".into(),
                ..SessionInfo::default()
            },
            &pairs,
        )
        .await?;
    let mut tables = Vec::new();
    for t in 1..=3u32 {
        let token = random_token();
        store
            .set_table_link(&club, tonight, i64::from(t), &token_hash(&token))
            .await?;
        tables.push((t, format!("/t/{token}")));
    }
    Ok(Some(Demo {
        login: "director".into(),
        password,
        tables,
    }))
}
