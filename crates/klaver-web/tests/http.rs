//! Every route of `klaver serve` over HTTP, including the ones that must refuse: no
//! login, a wrong or missing CSRF token, another club's session, a stale table link, a
//! published night, too many failed logins, unsafe redirects and unescaped names.

mod common;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use common::Scratch;
use http_body_util::BodyExt;
use klaver_store::{Club, SessionInfo, SessionPair, Store};
use klaver_web::auth::{hash_password, token_hash};
use klaver_web::{AppState, Options, router};
use tower::ServiceExt;

struct Reply {
    status: StatusCode,
    headers: axum::http::HeaderMap,
    body: String,
}

impl Reply {
    fn location(&self) -> &str {
        self.headers
            .get(header::LOCATION)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
    }

    fn cookie(&self) -> Option<String> {
        self.headers
            .get(header::SET_COOKIE)
            .and_then(|v| v.to_str().ok())
            .map(String::from)
    }

    /// The value of the first hidden `csrf` field.
    fn csrf(&self) -> String {
        let at = self
            .body
            .find("name=\"csrf\" value=\"")
            .expect("a csrf field")
            + 19;
        self.body[at..].split('"').next().unwrap().to_string()
    }
}

async fn send(app: &Router, req: Request<Body>) -> Reply {
    let res = app.clone().oneshot(req).await.unwrap();
    let status = res.status();
    let headers = res.headers().clone();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    Reply {
        status,
        headers,
        body: String::from_utf8_lossy(&bytes).into_owned(),
    }
}

async fn get(app: &Router, path: &str, cookie: Option<&str>) -> Reply {
    let mut req = Request::get(path);
    if let Some(c) = cookie {
        req = req.header(header::COOKIE, c);
    }
    send(app, req.body(Body::empty()).unwrap()).await
}

async fn post(app: &Router, path: &str, form: &[(&str, &str)], cookie: Option<&str>) -> Reply {
    let body = form
        .iter()
        .map(|(k, v)| format!("{}={}", enc(k), enc(v)))
        .collect::<Vec<_>>()
        .join("&");
    let mut req =
        Request::post(path).header(header::CONTENT_TYPE, "application/x-www-form-urlencoded");
    if let Some(c) = cookie {
        req = req.header(header::COOKIE, c);
    }
    send(app, req.body(Body::from(body)).unwrap()).await
}

fn enc(s: &str) -> String {
    s.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

struct Club1 {
    app: Router,
    store: Store,
    club: Club,
    night: i64,
    tokens: Vec<String>,
    /// The database's file, removed after the store is dropped.
    _db: Scratch,
}

/// A club with a director, a published scored session and an open three-table night.
async fn setup(test: &str) -> Club1 {
    let db = Scratch::new(&format!("{test}.db"));
    let store = Store::open(&db.location()).await.unwrap();
    let club = store.init_club("kievit", "BC De Kievit").await.unwrap();
    store
        .add_director(&club, "td", &hash_password("geheim-123").unwrap())
        .await
        .unwrap();
    let pairs: Vec<SessionPair> = (1..=6)
        .map(|p| SessionPair {
            pair: p.to_string(),
            names: if p == 1 {
                "<script>alert(1)</script> & Co".into()
            } else {
                format!("Pair {p}")
            },
            ..SessionPair::default()
        })
        .collect();
    let night = store
        .create_night(
            &club,
            &SessionInfo {
                date: "2025-10-07".into(),
                moment: "tuesday".into(),
                title: "Dinsdag".into(),
                form: "pairs".into(),
                movement: Some("mitchell-3".into()),
                boards_per_round: Some(2),
                options: vec![
                    "--movement=mitchell-3".into(),
                    "--boards-per-round=2".into(),
                ],
                ..SessionInfo::default()
            },
            &pairs,
        )
        .await
        .unwrap();
    let mut tokens = Vec::new();
    for t in 1..=3 {
        let token = format!("table-secret-{t}-{test}");
        store
            .set_table_link(&club, night, t, &token_hash(&token))
            .await
            .unwrap();
        tokens.push(token);
    }
    let app = router(AppState::new(store.clone(), Options::default()));
    Club1 {
        app,
        store,
        club,
        night,
        tokens,
        _db: db,
    }
}

async fn login(app: &Router) -> String {
    let r = post(
        app,
        "/login",
        &[
            ("club", "kievit"),
            ("login", "td"),
            ("password", "geheim-123"),
        ],
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    assert_eq!(r.location(), "/director");
    let cookie = r.cookie().unwrap();
    assert!(cookie.contains("HttpOnly"), "{cookie}");
    assert!(cookie.contains("SameSite=Strict"), "{cookie}");
    cookie.split(';').next().unwrap().to_string()
}

#[tokio::test]
async fn public_pages() {
    let c = setup("public").await;
    let app = &c.app;
    let r = get(app, "/", None).await;
    assert_eq!(
        (r.status, r.location()),
        (StatusCode::SEE_OTHER, "/c/kievit")
    );
    // Security headers on every answer.
    let csp = r
        .headers
        .get("content-security-policy")
        .unwrap()
        .to_str()
        .unwrap();
    assert!(csp.contains("script-src 'self'") && csp.contains("frame-ancestors 'none'"));
    assert_eq!(r.headers.get("referrer-policy").unwrap(), "no-referrer");
    assert_eq!(r.headers.get("x-content-type-options").unwrap(), "nosniff");

    let r = get(app, "/c/kievit", None).await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(r.body.contains("No published sessions yet"), "{}", r.body);
    assert!(!r.body.contains("Dinsdag"), "an open night is not listed");
    assert_eq!(
        get(app, "/c/nobody", None).await.status,
        StatusCode::NOT_FOUND
    );
    let s = format!("/c/kievit/s/{}", c.night);
    assert_eq!(
        get(app, &s, None).await.status,
        StatusCode::NOT_FOUND,
        "not published"
    );
    assert_eq!(
        get(app, &format!("{s}/pair/1"), None).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        get(app, "/c/kievit/ranking", None).await.status,
        StatusCode::NOT_FOUND
    );
    let js = get(app, "/static/klaver.js", None).await;
    assert_eq!(js.status, StatusCode::OK);
    assert!(
        js.headers
            .get("content-type")
            .unwrap()
            .to_str()
            .unwrap()
            .starts_with("text/javascript")
    );

    // The language switch remembers the choice and goes back only within the site.
    let r = get(app, "/lang/nl?back=/c/kievit", None).await;
    assert_eq!(
        (r.status, r.location()),
        (StatusCode::SEE_OTHER, "/c/kievit")
    );
    assert!(r.cookie().unwrap().starts_with("lang=nl"));
    let r = get(app, "/c/kievit", Some("lang=nl")).await;
    assert!(r.body.contains("<html lang=\"nl\">") && r.body.contains("Zittingen"));
    let r = get(app, "/c/kievit", Some("lang=tr")).await;
    assert!(r.body.contains("Oturumlar"));
    // Browsers drop tabs and line breaks from a URL: "/\t/evil.example/" is
    // "//evil.example/" to them; a line break would not even make a header (a 500).
    for evil in [
        "//evil.example/x",
        "https://evil.example",
        "/\\evil",
        "/\t/evil.example/",
        "/\n/evil.example/",
        "/\r\nSet-Cookie: x=1",
        "/ /evil.example/",
    ] {
        let r = get(app, &format!("/lang/en?back={}", enc(evil)), None).await;
        assert_eq!(
            (r.status, r.location()),
            (StatusCode::SEE_OTHER, "/"),
            "{evil:?}"
        );
    }
}

#[tokio::test]
async fn an_empty_database_says_what_to_do() {
    let db = Scratch::new("empty.db");
    let store = Store::open(&db.location()).await.unwrap();
    let app = router(AppState::new(store, Options::default()));
    let r = get(&app, "/", None).await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(r.body.contains("klaver club init"), "{}", r.body);
}

#[tokio::test]
async fn logins_are_checked_and_limited() {
    let c = setup("login").await;
    let app = &c.app;
    assert_eq!(get(app, "/login", None).await.status, StatusCode::OK);
    for path in [
        "/director",
        "/director/s/1",
        "/director/s/1/progress",
        "/director/s/1/results",
    ] {
        let r = get(app, path, None).await;
        assert_eq!(
            (r.status, r.location()),
            (StatusCode::SEE_OTHER, "/login"),
            "{path}"
        );
    }
    let r = get(app, "/director", Some("klaver_login=forged")).await;
    assert_eq!(r.location(), "/login");
    let wrong = [("club", "kievit"), ("login", "td"), ("password", "wrong")];
    let r = post(app, "/login", &wrong, None).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    assert!(r.body.contains("wrong login or password"));
    assert!(r.cookie().is_none());
    let nobody = [("club", "kievit"), ("login", "nobody"), ("password", "x")];
    assert_eq!(
        post(app, "/login", &nobody, None).await.status,
        StatusCode::UNAUTHORIZED
    );
    for _ in 0..3 {
        post(app, "/login", &wrong, None).await;
    }
    // Five failures: even the right password waits now.
    let right = [
        ("club", "kievit"),
        ("login", "td"),
        ("password", "geheim-123"),
    ];
    let r = post(app, "/login", &right, None).await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(r.cookie().is_none());
}

#[tokio::test]
async fn a_night_from_the_console_and_the_tables() {
    let c = setup("night").await;
    let app = &c.app;
    let cookie = login(app).await;
    let ck = Some(cookie.as_str());
    let dash = get(app, "/director", ck).await;
    assert_eq!(dash.status, StatusCode::OK);
    assert!(dash.body.contains("2025-10-07"));
    let csrf = dash.csrf();

    // A new night: the movement's pairs with the club's players to choose from.
    let r = get(
        app,
        "/director/nights/new?date=2025-10-14&movement=howell-4&boards_per_round=2",
        ck,
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert!(r.body.contains("name=\"p4_2\""));
    let r = get(
        app,
        "/director/nights/new?date=2025-10-14&movement=circle-4&boards_per_round=2",
        ck,
    )
    .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    let form = [
        ("csrf", csrf.as_str()),
        ("date", "2025-10-14"),
        ("movement", "howell-4"),
        ("boards_per_round", "2"),
        ("title", "Extra"),
    ];
    let mut bad = form;
    bad[0].1 = "forged";
    assert_eq!(
        post(app, "/director/nights", &bad, ck).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        post(app, "/director/nights", &form, None).await.location(),
        "/login"
    );
    let r = post(app, "/director/nights", &form, ck).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER);
    assert!(r.location().starts_with("/director/s/"));

    // Keyboard entry with checks as one types.
    let s = format!("/director/s/{}", c.night);
    let console = get(app, &s, ck).await;
    assert_eq!(console.status, StatusCode::OK);
    assert!(console.body.contains("id=\"progress\""));
    let check = get(
        app,
        &format!("{s}/check?board=1&ns=1&ew=4&result=4S%20N%20%2B1"),
        ck,
    )
    .await;
    assert_eq!(check.status, StatusCode::OK);
    assert!(
        check.body.contains("\"ok\":true") && check.body.contains("NS +450"),
        "{}",
        check.body
    );
    let check = get(app, &format!("{s}/check?board=1&ns=2&ew=5&result=PASS"), ck).await;
    assert!(
        check.body.contains("\"ok\":false") && check.body.contains("do not meet"),
        "{}",
        check.body
    );
    let check = get(app, &format!("{s}/check?board=1&ns=1&ew=4&result=425"), ck).await;
    assert!(check.body.contains("\"ok\":false"), "{}", check.body);
    // A weighted score whose weights do not add up to 100 % was taken, and the night
    // could then not be scored.
    let weighted = enc("W 30% 4SN= 30% 4SN-1");
    let check = get(
        app,
        &format!("{s}/check?board=1&ns=1&ew=4&result={weighted}"),
        ck,
    )
    .await;
    assert!(
        check.body.contains("\"ok\":false") && check.body.contains("add up to 60 %"),
        "{}",
        check.body
    );

    let entry = |board: &'static str, ns: &'static str, ew: &'static str, result: &'static str| {
        [
            ("csrf", csrf.clone()),
            ("board", board.to_string()),
            ("ns", ns.to_string()),
            ("ew", ew.to_string()),
            ("result", result.to_string()),
            ("lead", String::new()),
        ]
    };
    let as_ref = |f: &[(&'static str, String); 6]| -> Vec<(&'static str, String)> { f.to_vec() };
    let r = post_owned(
        app,
        &format!("{s}/lines"),
        &as_ref(&entry("1", "1", "4", "4S N +1")),
        ck,
    )
    .await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(
        r.body.contains("class=\"ok\">line 1: board 1: NS +450"),
        "{}",
        r.body
    );
    let r = post_owned(
        app,
        &format!("{s}/lines"),
        &as_ref(&entry("1", "4", "1", "3NT S =")),
        ck,
    )
    .await;
    assert!(r.body.contains("entered the wrong way round"), "{}", r.body);
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    let r = post_owned(
        app,
        &format!("{s}/lines"),
        &as_ref(&entry("1", "1", "4", "3NT S =")),
        ck,
    )
    .await;
    assert!(r.body.contains("class=\"error\""), "{}", r.body);
    assert_eq!(r.status, StatusCode::CONFLICT, "already entered");
    assert_eq!(
        c.store.session(&c.club, c.night).await.unwrap().lines.len(),
        1
    );
    let mut forged = entry("2", "1", "4", "PASS");
    forged[0].1 = "x".into();
    assert_eq!(
        post_owned(app, &format!("{s}/lines"), &as_ref(&forged), ck)
            .await
            .status,
        StatusCode::FORBIDDEN
    );

    // The tables' phones: North enters, East confirms.
    let t1 = format!("/t/{}", c.tokens[0]);
    let page = get(app, &t1, None).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(
        page.body.contains("Round 1") && page.body.contains("value=\"2\""),
        "{}",
        page.body
    );
    assert!(
        !page
            .body
            .contains("<option value=\"1\">1</option></select>"),
        "board 1 is entered"
    );
    let north = [
        ("board", "2"),
        ("contract", "3NT"),
        ("declarer", "S"),
        ("lead", "H4"),
        ("tricks", "8"),
    ];
    let r = post(app, &format!("{t1}/enter"), &north, None).await;
    assert!(
        r.body.contains("East: check and confirm") && r.body.contains("-100"),
        "{}",
        r.body
    );
    let r = post(app, &format!("{t1}/confirm"), &north, None).await;
    assert_eq!(
        (r.status, r.location()),
        (StatusCode::SEE_OTHER, format!("{t1}?stored=2").as_str())
    );
    let back = get(app, r.location(), None).await;
    assert!(back.body.contains("Board 2: Stored"), "{}", back.body);
    // Board 2 was the round's last: the phone says so, with the next round's pairs.
    assert!(
        back.body.contains("This round is complete"),
        "{}",
        back.body
    );
    assert!(
        back.body
            .contains("EW <b>6</b> <span class=\"muted\">Pair 6</span>"),
        "{}",
        back.body
    );
    // Another round's board, or an impossible result, is refused with a reason.
    let r = post(
        app,
        &format!("{t1}/enter"),
        &[("board", "5"), ("contract", "PASS")],
        None,
    )
    .await;
    assert!(r.body.contains("not one of this round"), "{}", r.body);
    let r = post(
        app,
        &format!("{t1}/enter"),
        &[("board", "5"), ("contract", "PASS")],
        Some("lang=nl"),
    )
    .await;
    assert!(
        r.body
            .contains("spel 5 hoort niet bij de spellen van deze ronde"),
        "{}",
        r.body
    );
    let r = post(
        app,
        &format!("{t1}/enter"),
        &[
            ("board", "3"),
            ("contract", "7NT"),
            ("declarer", "N"),
            ("tricks", "14"),
        ],
        None,
    )
    .await;
    assert!(r.body.contains("class=\"error\""), "{}", r.body);
    assert_eq!(
        get(app, "/t/not-a-link", None).await.status,
        StatusCode::NOT_FOUND
    );

    // Progress, live results and a correction with a reason.
    let p = get(app, &format!("{s}/progress"), ck).await;
    assert!(p.body.contains("✓"), "{}", p.body);
    let live = get(app, &format!("{s}/results"), ck).await;
    assert_eq!(live.status, StatusCode::OK);
    assert!(
        live.body.contains("http-equiv=\"refresh\""),
        "the live list follows the entries"
    );
    assert!(
        live.body
            .contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co"),
        "names are escaped"
    );
    assert!(!live.body.contains("<script>alert(1)"));
    let edit = get(app, &format!("{s}/lines/1"), ck).await;
    assert_eq!(edit.status, StatusCode::OK);
    let version = "1";
    let fix = [
        ("csrf", csrf.as_str()),
        ("version", version),
        ("board", "1"),
        ("ns", "1"),
        ("ew", "4"),
        ("result", "4S N ="),
        ("lead", ""),
        ("reason", ""),
    ];
    assert_eq!(
        post(app, &format!("{s}/lines/1"), &fix, ck).await.status,
        StatusCode::BAD_REQUEST
    );
    let mut fix = fix;
    fix[7].1 = "result was =";
    let r = post(app, &format!("{s}/lines/1"), &fix, ck).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    assert_eq!(
        c.store.corrections(&c.club, c.night).await.unwrap().len(),
        1
    );
    // Another correction made from the same (now old) version is refused.
    fix[5].1 = "4S N -1";
    assert_eq!(
        post(app, &format!("{s}/lines/1"), &fix, ck).await.status,
        StatusCode::CONFLICT
    );

    // Table cards: a QR code and a new link per table; the old links stop.
    let cards = post(app, &format!("{s}/cards"), &[("csrf", csrf.as_str())], ck).await;
    assert_eq!(cards.status, StatusCode::OK);
    assert_eq!(cards.body.matches("<svg").count(), 3);
    assert!(cards.body.contains("http://localhost:8080/t/") || cards.body.contains("/t/"));
    assert_eq!(get(app, &t1, None).await.status, StatusCode::NOT_FOUND);
    assert_eq!(
        get(app, &format!("{s}/guide"), ck).await.status,
        StatusCode::OK
    );

    // Publishing: the public page appears; the tables' entry closes.
    let bad = post(
        app,
        &format!("{s}/publish"),
        &[("csrf", "x"), ("on", "1")],
        ck,
    )
    .await;
    assert_eq!(bad.status, StatusCode::FORBIDDEN);
    let r = post(
        app,
        &format!("{s}/publish"),
        &[("csrf", csrf.as_str()), ("on", "1")],
        ck,
    )
    .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER);
    let public = get(app, &format!("/c/kievit/s/{}", c.night), None).await;
    assert_eq!(public.status, StatusCode::OK);
    assert!(public.body.contains("Pair 4"));
    let card = get(app, &format!("/c/kievit/s/{}/pair/4", c.night), None).await;
    assert_eq!(card.status, StatusCode::OK, "{}", card.body);
    assert!(card.body.contains("Scorecard"));
    assert_eq!(
        get(app, &format!("/c/kievit/s/{}/pair/99", c.night), None)
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    let t2 = format!("/t/{}", c.tokens[1]);
    // (t2's link was replaced by the cards as well.)
    assert_eq!(get(app, &t2, None).await.status, StatusCode::NOT_FOUND);

    // Another club's director sees none of this club's sessions.
    let other = c.store.init_club("zwaluw", "BC De Zwaluw").await.unwrap();
    c.store
        .add_director(&other, "td2", &hash_password("anders-456").unwrap())
        .await
        .unwrap();
    let r = post(
        app,
        "/login",
        &[
            ("club", "zwaluw"),
            ("login", "td2"),
            ("password", "anders-456"),
        ],
        None,
    )
    .await;
    let other_cookie = r.cookie().unwrap().split(';').next().unwrap().to_string();
    assert_eq!(
        get(app, &s, Some(&other_cookie)).await.status,
        StatusCode::NOT_FOUND
    );

    // Logging out ends the login.
    let r = post(app, "/logout", &[("csrf", "x")], ck).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    let r = post(app, "/logout", &[("csrf", csrf.as_str())], ck).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER);
    assert_eq!(get(app, "/director", ck).await.location(), "/login");
}

async fn post_owned(
    app: &Router,
    path: &str,
    form: &[(&'static str, String)],
    cookie: Option<&str>,
) -> Reply {
    let f: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
    post(app, path, &f, cookie).await
}

#[tokio::test]
async fn a_closed_night_takes_no_more_results() {
    let c = setup("closed").await;
    c.store.publish(&c.club, c.night, true).await.unwrap();
    // The table's page says so and offers no form.
    let r = get(&c.app, &format!("/t/{}", c.tokens[0]), None).await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(r.body.contains("the results are published") && !r.body.contains("<form"));
    let r = post(
        &c.app,
        &format!("/t/{}/confirm", c.tokens[0]),
        &[("board", "1"), ("contract", "PASS")],
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    assert!(
        c.store
            .session(&c.club, c.night)
            .await
            .unwrap()
            .lines
            .is_empty()
    );
}

#[tokio::test]
async fn the_ranking_page_speaks_the_pages_language() {
    let c = setup("ranking").await;
    let mut players = Vec::new();
    for (number, name) in [
        ("1001", "Jan Jansen"),
        ("1002", "Piet de Vries"),
        ("1003", "Kees Bakker"),
        ("1004", "Anna Visser"),
        ("1005", "Ria Smit"),
        ("1006", "Bert Meijer"),
        ("1007", "Els de Boer"),
        ("1008", "Tom Mulder"),
    ] {
        let p = klaver_store::NewPlayer {
            number: Some(number.into()),
            name: name.into(),
        };
        players.push(c.store.add_player(&c.club, &p).await.unwrap());
    }
    let event = klaver_io::travellers::read_travellers(
        "board,table,ns,ew,contract,declarer,result,score\n\
         1,1,1,2,4S,N,=,420\n1,2,3,4,4S,N,+1,450\n\
         2,1,1,2,3NT,S,-1,-100\n2,2,3,4,2H,E,=,-110\n"
            .as_bytes(),
        klaver_io::travellers::ReadOptions::default(),
    )
    .unwrap();
    let pairs = players
        .chunks(2)
        .enumerate()
        .map(|(i, two)| SessionPair {
            pair: (i + 1).to_string(),
            names: format!("{} - {}", two[0].name, two[1].name),
            players: two.to_vec(),
            ..SessionPair::default()
        })
        .collect();
    let id = c
        .store
        .import_session(
            &c.club,
            &klaver_store::NewSession {
                info: SessionInfo {
                    date: "2025-09-02".into(),
                    moment: "tuesday".into(),
                    title: "Dinsdag".into(),
                    form: "pairs".into(),
                    ..SessionInfo::default()
                },
                pairs,
                lines: klaver_store::lines_from_event(&event),
                sit_outs: Vec::new(),
            },
        )
        .await
        .unwrap();
    c.store.publish(&c.club, id, true).await.unwrap();
    c.store
        .set_ranking_settings(&c.club, "lines = 1\n\n[[moment]]\nname = \"tuesday\"\n")
        .await
        .unwrap();
    let app = &c.app;
    let en = get(app, "/c/kievit/ranking", None).await;
    assert_eq!(en.status, StatusCode::OK, "{}", en.body);
    assert!(en.body.contains("<html lang=\"en\">"), "{}", en.body);
    assert!(en.body.contains("<h2>Player ranking</h2>"), "{}", en.body);
    let nl = get(app, "/c/kievit/ranking", Some("lang=nl")).await;
    assert_eq!(nl.status, StatusCode::OK, "{}", nl.body);
    for words in [
        "<html lang=\"nl\">",
        "<title>Clubranking</title>",
        "<h2>Ranking spelers</h2>",
        "<h2>Clubkampioenschap, paren en driemanschappen (me 20, inv 5, y 5)</h2>",
        "<th>Speler</th>",
        "nog niet: 1 van de 20 benodigde zittingen gespeeld (nog 19)",
        "Speelmoment tuesday",
    ] {
        assert!(nl.body.contains(words), "{words} not in {}", nl.body);
    }
    assert!(!nl.body.contains("Player"), "{}", nl.body);
    let tr = get(app, "/c/kievit/ranking", Some("lang=tr")).await;
    assert!(tr.body.contains("<html lang=\"tr\">"), "{}", tr.body);
    assert!(
        tr.body.contains("<h2>Oyuncu sıralaması</h2>"),
        "{}",
        tr.body
    );

    // A threesome of the settings with a player in no session (a mistyped id): the
    // public page is built as before, and the director's console says which.
    c.store
        .set_ranking_settings(
            &c.club,
            "lines = 1\nthreesomes = [\"1001+1002+1099\"]\n\n[[moment]]\nname = \"tuesday\"\n",
        )
        .await
        .unwrap();
    assert_eq!(
        get(app, "/c/kievit/ranking", None).await.status,
        StatusCode::OK
    );
    let cookie = login(app).await;
    let dash = get(app, "/director", Some(&cookie)).await;
    assert!(
        dash.body.contains(
            "threesome 1001+1002+1099: player 1099 plays in none of the sessions: check the id"
        ),
        "{}",
        dash.body
    );
    c.store
        .set_ranking_settings(&c.club, "lines = 1\n\n[[moment]]\nname = \"tuesday\"\n")
        .await
        .unwrap();

    // One night that cannot be ranked (its pairs name no club players): the public page
    // says so plainly, without internal messages or commands; the director sees why.
    let unnamed = (1..=4)
        .map(|p| SessionPair {
            pair: p.to_string(),
            names: format!("Guest {p}"),
            ..SessionPair::default()
        })
        .collect();
    let night = c
        .store
        .import_session(
            &c.club,
            &klaver_store::NewSession {
                info: SessionInfo {
                    date: "2025-09-09".into(),
                    moment: "tuesday".into(),
                    title: "Dinsdag".into(),
                    form: "pairs".into(),
                    ..SessionInfo::default()
                },
                pairs: unnamed,
                lines: klaver_store::lines_from_event(&event),
                sit_outs: Vec::new(),
            },
        )
        .await
        .unwrap();
    c.store.publish(&c.club, night, true).await.unwrap();
    let r = get(app, "/c/kievit/ranking", None).await;
    assert_eq!(r.status, StatusCode::SERVICE_UNAVAILABLE, "{}", r.body);
    assert!(
        r.body.contains("cannot be shown at the moment"),
        "{}",
        r.body
    );
    for internal in ["klaver session", "klaver ranking", "`", "--"] {
        assert!(!r.body.contains(internal), "{internal:?} in {}", r.body);
    }
    let cookie = login(app).await;
    let dash = get(app, "/director", Some(&cookie)).await;
    assert!(
        dash.body
            .contains("The public ranking page cannot be built"),
        "{}",
        dash.body
    );
}

/// Reads what the server sends until it closes the connection, or gives up after `wait`.
async fn until_closed(stream: &mut tokio::net::TcpStream, wait: std::time::Duration) -> String {
    use tokio::io::AsyncReadExt;
    let mut got = Vec::new();
    let read = tokio::time::timeout(wait, stream.read_to_end(&mut got)).await;
    assert!(
        read.is_ok(),
        "the server still held the connection after {wait:?}"
    );
    String::from_utf8_lossy(&got).into_owned()
}

#[tokio::test]
async fn half_sent_requests_are_let_go() {
    use tokio::io::AsyncWriteExt;
    let c = setup("timeouts").await;
    let options = Options {
        header_timeout: std::time::Duration::from_millis(500),
        body_timeout: std::time::Duration::from_millis(500),
        ..Options::default()
    };
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let server = tokio::spawn(klaver_web::serve(
        AppState::new(c.store.clone(), options),
        listener,
    ));
    let wait = std::time::Duration::from_secs(5);

    // Headers never finished: the connection is closed.
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    s.write_all(b"GET / HTTP/1.1\r\nHost: club\r\n")
        .await
        .unwrap();
    until_closed(&mut s, wait).await;

    // A body announced and never sent: 408, and the connection is let go.
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    s.write_all(
        b"POST /login HTTP/1.1\r\nHost: club\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nclub=kie",
    )
    .await
    .unwrap();
    let reply = until_closed(&mut s, wait).await;
    assert!(reply.starts_with("HTTP/1.1 408"), "{reply}");
    assert!(reply.contains("did not arrive in time"), "{reply}");

    // A body larger than any form: 413 with what to do.
    let lead = "H".repeat(100_000);
    let r = post(
        &c.app,
        &format!("/t/{}/enter", c.tokens[0]),
        &[("board", "1"), ("contract", "4S"), ("lead", &lead)],
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::PAYLOAD_TOO_LARGE, "{}", r.body);
    assert!(r.body.contains("larger than 64 KB"), "{}", r.body);
    server.abort();
}

/// The first open board on a table's page, if any.
fn first_open_board(body: &str) -> Option<String> {
    let at = body.find("name=\"board\"")?;
    let rest = &body[at..];
    let v = rest.find("<option value=\"")? + 15;
    let board = rest[v..].split('"').next()?;
    (!board.is_empty()).then(|| board.to_string())
}

#[tokio::test]
async fn a_second_phone_never_loses_or_overwrites_a_result() {
    let c = setup("phones").await;
    let app = &c.app;
    let t1 = format!("/t/{}", c.tokens[0]);
    let pass = |board: &str| {
        vec![
            ("board", board.to_string()),
            ("contract", "PASS".to_string()),
        ]
    };

    // Phone A enters every board of table 1, round after round.
    let mut last = String::new();
    while let Some(board) = first_open_board(&get(app, &t1, None).await.body) {
        let r = post_owned(app, &format!("{t1}/confirm"), &pass(&board), None).await;
        assert_eq!(r.location(), format!("{t1}?stored={board}"), "{}", r.body);
        last = board;
    }
    let lines = c.store.session(&c.club, c.night).await.unwrap().lines.len();
    assert!(lines >= 4, "{lines}");
    // The same result confirmed again (a second tap) is simply "stored".
    let r = post_owned(app, &format!("{t1}/confirm"), &pass(&last), None).await;
    assert_eq!(r.location(), format!("{t1}?stored={last}"));

    // Phone B, with a stale page, confirms a different result for the last board: it is
    // not stored, the phone says so (not "every board is entered"), and the director has it.
    let other = [
        ("board", last.as_str()),
        ("contract", "3NT"),
        ("declarer", "S"),
        ("tricks", "9"),
        ("lead", "SQ"),
    ];
    let r = post(app, &format!("{t1}/confirm"), &other, None).await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
    assert!(r.body.contains("NOT stored"), "{}", r.body);
    assert!(!r.body.contains("Thank you"), "{}", r.body);
    let session = c.store.session(&c.club, c.night).await.unwrap();
    assert_eq!(session.lines.len(), lines, "nothing overwritten");
    let conflicts = c.store.open_conflicts(&c.club, c.night).await.unwrap();
    assert_eq!(conflicts.len(), 1);
    assert_eq!(conflicts[0].offered.contract, "3NT");
    assert_eq!(conflicts[0].offered_by, "table 1");

    // The director sees it, cannot publish until it is decided, and takes the table's.
    let cookie = login(app).await;
    let ck = Some(cookie.as_str());
    let s = format!("/director/s/{}", c.night);
    let console = get(app, &s, ck).await;
    assert!(
        console.body.contains("Two results for one board"),
        "{}",
        console.body
    );
    let csrf = console.csrf();
    let progress = get(app, &format!("{s}/progress"), ck).await;
    assert!(
        progress.body.contains("Take this result"),
        "{}",
        progress.body
    );
    let r = post(
        app,
        &format!("{s}/publish"),
        &[("csrf", &csrf), ("on", "1")],
        ck,
    )
    .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
    assert!(r.body.contains("decide which stands"), "{}", r.body);
    let path = format!("{s}/conflicts/{}", conflicts[0].id);
    // Only 1 (take the table's) and 0 (keep the stored line) decide; 7 was taken as keep.
    let r = post(app, &path, &[("csrf", &csrf), ("take", "7")], ck).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    let r = post(app, &path, &[("csrf", &csrf), ("take", "1")], ck).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    assert!(
        c.store
            .open_conflicts(&c.club, c.night)
            .await
            .unwrap()
            .is_empty()
    );
    // The console still shows the decision: what was taken, by whom.
    let console = get(app, &s, ck).await;
    assert!(
        !console.body.contains("Take this result"),
        "{}",
        console.body
    );
    assert!(console.body.contains("Decided"), "{}", console.body);
    assert!(
        console.body.contains("taken (the table&#39;s result) by")
            || console.body.contains("taken (the table's result) by"),
        "{}",
        console.body
    );
    let session = c.store.session(&c.club, c.night).await.unwrap();
    let line = session
        .lines
        .iter()
        .find(|l| l.line.board.to_string() == last && l.line.table == Some(1))
        .unwrap();
    assert_eq!((line.line.contract.as_str(), line.version), ("3NT", 2));
    let corrections = c.store.corrections(&c.club, c.night).await.unwrap();
    assert!(
        corrections[0].reason.contains("table 1's"),
        "{:?}",
        corrections[0]
    );
}

#[tokio::test]
async fn what_a_table_typed_survives_an_error_and_back() {
    let c = setup("typed").await;
    let app = &c.app;
    let t1 = format!("/t/{}", c.tokens[0]);
    // Board 2 (not the first open board) with a lead that is no card.
    let typed = [
        ("board", "2"),
        ("contract", "4S"),
        ("declarer", "N"),
        ("lead", "XX"),
        ("tricks", "10"),
    ];
    let r = post(app, &format!("{t1}/enter"), &typed, None).await;
    assert!(
        r.body.contains("&quot;XX&quot; is not a card"),
        "{}",
        r.body
    );
    for kept in [
        "<option value=\"2\" selected>",
        "name=\"contract\" value=\"4S\"",
        "<option value=\"N\" selected>",
        "value=\"XX\"",
        "<option value=\"10\" selected>",
    ] {
        assert!(r.body.contains(kept), "{kept} in {}", r.body);
    }
    // A 1.9 MB lead never reaches the database; a long one is refused by name.
    let r = post(
        app,
        &format!("{t1}/enter"),
        &[
            ("board", "2"),
            ("contract", "4S"),
            ("lead", &"H".repeat(300)),
        ],
        None,
    )
    .await;
    assert!(r.body.contains("the lead is too long"), "{}", r.body);

    // "Back" from East's confirmation keeps everything, board 2 included.
    let typed = [
        ("board", "2"),
        ("contract", "4S"),
        ("declarer", "N"),
        ("lead", "HK"),
        ("tricks", "10"),
    ];
    let r = post(app, &format!("{t1}/enter"), &typed, None).await;
    let at = r.body.find("Back</a>").unwrap();
    let href_at = r.body[..at].rfind("href=\"").unwrap() + 6;
    let href = r.body[href_at..at]
        .split('"')
        .next()
        .unwrap()
        .replace("&amp;", "&");
    let back = get(app, &href, None).await;
    for kept in [
        "<option value=\"2\" selected>",
        "name=\"contract\" value=\"4S\"",
        "value=\"HK\"",
        "<option value=\"10\" selected>",
    ] {
        assert!(back.body.contains(kept), "{kept} in {}", back.body);
    }
    // A board that is no longer open is never swapped for another: the table chooses.
    let r = post(app, &format!("{t1}/confirm"), &typed, None).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER);
    let r = post(
        app,
        &format!("{t1}/enter"),
        &[
            ("board", "2"),
            ("contract", "4H"),
            ("declarer", "N"),
            ("tricks", "10"),
        ],
        None,
    )
    .await;
    assert!(
        r.body.contains("<option value=\"\" selected>—</option>"),
        "{}",
        r.body
    );
}

#[tokio::test]
async fn a_night_is_checked_before_it_is_made_or_published() {
    let c = setup("checked").await;
    let app = &c.app;
    let cookie = login(app).await;
    let ck = Some(cookie.as_str());
    let dash = get(app, "/director", ck).await;
    let csrf = dash.csrf();
    // The open night has no result yet: nothing to publish.
    let s = format!("/director/s/{}", c.night);
    let r = post(
        app,
        &format!("{s}/publish"),
        &[("csrf", &csrf), ("on", "1")],
        ck,
    )
    .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    assert!(r.body.contains("no results yet"), "{}", r.body);
    // One player chosen for two pairs is refused, naming both.
    let p = c
        .store
        .add_player(
            &c.club,
            &klaver_store::NewPlayer {
                number: Some("2001".into()),
                name: "Jan Jansen".into(),
            },
        )
        .await
        .unwrap();
    let id = p.id.to_string();
    let form = [
        ("csrf", csrf.as_str()),
        ("date", "2025-10-21"),
        ("movement", "howell-4"),
        ("boards_per_round", "2"),
        ("p1_1", id.as_str()),
        ("p3_2", id.as_str()),
    ];
    let r = post(app, "/director/nights", &form, ck).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    assert!(
        r.body
            .contains("Jan Jansen is chosen for pair 1 and again for pair 3"),
        "{}",
        r.body
    );
    let r = post(
        app,
        "/director/nights",
        &[
            ("csrf", csrf.as_str()),
            ("date", "2025-10-21"),
            ("movement", "howell-4"),
            ("boards_per_round", "2"),
            ("title", &"x".repeat(500)),
        ],
        ck,
    )
    .await;
    assert!(r.body.contains("the title is too long"), "{}", r.body);
}

/// Every table enters a pass-out on each of its boards, round after round.
async fn every_table_passes(app: &Router, tokens: &[String]) {
    for token in tokens {
        let t = format!("/t/{token}");
        while let Some(board) = first_open_board(&get(app, &t, None).await.body) {
            let r = post(
                app,
                &format!("{t}/confirm"),
                &[("board", &board), ("contract", "PASS")],
                None,
            )
            .await;
            assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
        }
    }
}

#[tokio::test]
async fn a_night_is_published_as_its_last_board_is_entered() {
    let c = setup("autopublish").await;
    let app = &c.app;
    every_table_passes(app, &c.tokens[..2]).await;
    let info = |s: klaver_store::Session| s.info.published_at;
    assert_eq!(info(c.store.session(&c.club, c.night).await.unwrap()), None);
    every_table_passes(app, &c.tokens[2..]).await;
    assert!(info(c.store.session(&c.club, c.night).await.unwrap()).is_some());
    let t3 = get(app, &format!("/t/{}", c.tokens[2]), None).await;
    assert!(t3.body.contains("the results are published"), "{}", t3.body);
    assert!(
        t3.body.contains(&format!("/c/kievit/s/{}", c.night)),
        "{}",
        t3.body
    );
    // Entry is closed after it.
    let r = post(
        app,
        &format!("/t/{}/confirm", c.tokens[2]),
        &[("board", "1"), ("contract", "PASS")],
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);

    // A club that holds its results back publishes when the director says so.
    let c = setup("held").await;
    let options = Options {
        hold_results: true,
        ..Options::default()
    };
    let app = router(AppState::new(c.store.clone(), options));
    every_table_passes(&app, &c.tokens).await;
    assert_eq!(info(c.store.session(&c.club, c.night).await.unwrap()), None);

    // "Not played (call the director)" from a phone waits for the director: the night
    // was published at once, the board Neuberg-scaled before anyone decided.
    let c = setup("np-waits").await;
    let app = &c.app;
    let t1 = format!("/t/{}", c.tokens[0]);
    let board = first_open_board(&get(app, &t1, None).await.body).unwrap();
    let np = [("board", board.as_str()), ("np", "1")];
    let r = post(app, &format!("{t1}/confirm"), &np, None).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    every_table_passes(app, &c.tokens).await;
    assert_eq!(info(c.store.session(&c.club, c.night).await.unwrap()), None);
    // Once the director has corrected that line, the night is published on its own
    // (it stayed unpublished until Publish was pressed, though the README said so).
    let night = c.store.session(&c.club, c.night).await.unwrap();
    let np_line = night
        .lines
        .iter()
        .map(|l| &l.line)
        .find(|l| l.adjust.eq_ignore_ascii_case("NP"))
        .unwrap()
        .clone();
    let (cookie, s, csrf) = console(&c).await;
    let line_no = np_line.line_no.to_string();
    let board = np_line.board.to_string();
    let fix = [
        ("csrf", csrf.as_str()),
        ("version", "1"),
        ("board", board.as_str()),
        ("ns", np_line.ns.as_str()),
        ("ew", np_line.ew.as_str()),
        ("result", "PASS"),
        ("reason", "passed out, the table says"),
    ];
    let r = post(
        app,
        &format!("{s}/lines/{line_no}"),
        &fix,
        Some(cookie.as_str()),
    )
    .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    assert!(info(c.store.session(&c.club, c.night).await.unwrap()).is_some());
}

#[tokio::test]
async fn a_table_corrects_its_round_and_marks_a_board_not_played() {
    let c = setup("fixes").await;
    let app = &c.app;
    let t1 = format!("/t/{}", c.tokens[0]);
    let four_spades = [
        ("board", "1"),
        ("contract", "4S"),
        ("declarer", "N"),
        ("tricks", "10"),
        ("lead", "HK"),
    ];
    let r = post(app, &format!("{t1}/confirm"), &four_spades, None).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let page = get(app, &t1, None).await;
    assert!(page.body.contains("Entered this round"), "{}", page.body);
    assert!(
        page.body.contains("Board 1: 4S N = · NS +420"),
        "{}",
        page.body
    );
    // The Correct link opens the board with what is stored.
    let at = page.body.find(">Correct</a>").unwrap();
    let href_at = page.body[..at].rfind("href=\"").unwrap() + 6;
    let href = page.body[href_at..at]
        .split('"')
        .next()
        .unwrap()
        .replace("&amp;", "&");
    let form = get(app, &href, None).await;
    for shown in [
        "<h2>Correct Board 1</h2>",
        "name=\"fix\" value=\"1\"",
        "<option value=\"1\" selected>1</option></select>",
        "name=\"contract\" value=\"4S\"",
        "<option value=\"10\" selected>",
        "value=\"HK\"",
    ] {
        assert!(form.body.contains(shown), "{shown} in {}", form.body);
    }
    // North changes the tricks, East confirms: a correction with who and why.
    let mut fixed = four_spades.to_vec();
    fixed[3].1 = "11";
    fixed.push(("fix", "1"));
    let r = post(app, &format!("{t1}/enter"), &fixed, None).await;
    assert!(
        r.body.contains("4S N +1") && r.body.contains("+450"),
        "{}",
        r.body
    );
    let r = post(app, &format!("{t1}/confirm"), &fixed, None).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let session = c.store.session(&c.club, c.night).await.unwrap();
    assert_eq!(session.lines.len(), 1);
    assert_eq!(
        (
            session.lines[0].line.result.as_str(),
            session.lines[0].version
        ),
        ("+1", 2)
    );
    let corrections = c.store.corrections(&c.club, c.night).await.unwrap();
    assert_eq!(corrections[0].made_by, "table 1");
    assert!(
        corrections[0]
            .reason
            .contains("corrected at the table in round 1")
    );

    // Board 2 not played: recorded for the director, no score guessed.
    let r = post(
        app,
        &format!("{t1}/confirm"),
        &[("board", "2"), ("np", "1")],
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let session = c.store.session(&c.club, c.night).await.unwrap();
    let np = session.lines.iter().find(|l| l.line.board == 2).unwrap();
    assert_eq!(
        (np.line.adjust.as_str(), np.line.contract.as_str()),
        ("NP", "")
    );
    let page = get(app, &t1, None).await;
    assert!(
        page.body
            .contains("Board 2: Not played: the director is called"),
        "{}",
        page.body
    );

    // Once the next round has started, round 1 is the director's to correct.
    let next = first_open_board(&page.body).unwrap();
    let r = post(
        app,
        &format!("{t1}/confirm"),
        &[("board", next.as_str()), ("contract", "PASS")],
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let r = post(app, &format!("{t1}/enter"), &fixed, None).await;
    assert!(
        r.body.contains("can no longer be corrected at the table"),
        "{}",
        r.body
    );
}

#[tokio::test]
async fn a_result_far_from_the_field_gets_the_likely_one_proposed() {
    let c = setup("plausible").await;
    let app = &c.app;
    // Board 1's field so far: 4S by East, -420 and -450.
    for (ns, ew, result) in [("2", "5", "="), ("3", "6", "+1")] {
        let line = klaver_store::Line {
            board: 1,
            ns: ns.into(),
            ew: ew.into(),
            contract: "4S".into(),
            declarer: "E".into(),
            result: result.into(),
            ..klaver_store::Line::default()
        };
        c.store
            .add_line(&c.club, c.night, &line, "td")
            .await
            .unwrap();
    }
    let t1 = format!("/t/{}", c.tokens[0]);
    let north = [
        ("board", "1"),
        ("contract", "4S"),
        ("declarer", "N"),
        ("tricks", "10"),
    ];
    let r = post(app, &format!("{t1}/enter"), &north, None).await;
    assert!(
        r.body.contains("far from the others on this board"),
        "{}",
        r.body
    );
    assert!(r.body.contains("Did you mean 4S E =?"), "{}", r.body);
    // The proposal enters 4S by East for East to confirm; what was entered may still be
    // confirmed as it is.
    let r = post(
        app,
        &format!("{t1}/enter"),
        &[
            ("board", "1"),
            ("contract", "4S"),
            ("declarer", "E"),
            ("tricks", "10"),
        ],
        None,
    )
    .await;
    assert!(!r.body.contains("far from the others"), "{}", r.body);
    assert!(r.body.contains("-420"), "{}", r.body);
    let r = post(app, &format!("{t1}/confirm"), &north, None).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
}

#[tokio::test]
async fn a_board_is_shown_to_the_table_once_every_table_has_played_it() {
    let c = setup("travellers").await;
    let options = Options {
        show_travellers: true,
        hold_results: true,
        ..Options::default()
    };
    let app = router(AppState::new(c.store.clone(), options));
    let t1 = format!("/t/{}", c.tokens[0]);
    let r = post(
        &app,
        &format!("{t1}/confirm"),
        &[("board", "1"), ("contract", "PASS")],
        None,
    )
    .await;
    let page = get(&app, r.location(), None).await;
    assert!(
        page.body.contains("shown once every table has played it"),
        "{}",
        page.body
    );
    assert!(!page.body.contains("NS %"), "{}", page.body);
    every_table_passes(&app, &c.tokens).await;
    let page = get(&app, &format!("{t1}?stored=1"), None).await;
    assert!(page.body.contains("<h2>Board 1</h2>"), "{}", page.body);
    assert!(
        page.body.contains("<th class=\"n\">NS %</th>"),
        "{}",
        page.body
    );
    // Three pass-outs: 50 % each.
    assert_eq!(
        page.body.matches("<td class=\"n\">50</td>").count(),
        3,
        "{}",
        page.body
    );
    // Off by default.
    let page = get(&c.app, &format!("{t1}?stored=1"), None).await;
    assert!(!page.body.contains("NS %"), "{}", page.body);
}

/// The board's percentages on the phone are the night's own: a reversed result (REV)
/// counts with its matchpoints swapped, as the result list scores it. It was shown
/// without a percentage and left out of the others' comparisons.
#[tokio::test]
async fn a_board_shown_to_the_table_has_the_nights_percentages() {
    let c = setup("travellers-rev").await;
    let options = Options {
        show_travellers: true,
        hold_results: true,
        ..Options::default()
    };
    let app = router(AppState::new(c.store.clone(), options));
    let movement = klaver_core::movement::named("mitchell-3", 2).unwrap();
    let tables: Vec<(String, String)> = movement
        .rounds
        .iter()
        .flat_map(|r| &r.tables)
        .filter(|t| t.boards.boards().any(|b| b == 1))
        .map(|t| (t.ns.clone().unwrap(), t.ew.clone().unwrap()))
        .collect();
    assert_eq!(tables.len(), 3);
    // 420 and 450 as played; -50 reversed by the director: North-South get the top.
    for ((ns, ew), (result, adjust)) in tables.iter().zip([("=", ""), ("+1", ""), ("-1", "REV")]) {
        let line = klaver_store::Line {
            board: 1,
            ns: ns.clone(),
            ew: ew.clone(),
            contract: "4S".into(),
            declarer: "N".into(),
            result: result.into(),
            adjust: adjust.into(),
            ..klaver_store::Line::default()
        };
        c.store
            .add_line(&c.club, c.night, &line, "td")
            .await
            .unwrap();
    }
    let t1 = format!("/t/{}", c.tokens[0]);
    let page = get(&app, &format!("{t1}?stored=1"), None).await;
    let cells: Vec<&str> = page
        .body
        .split("<td class=\"n\">")
        .skip(1)
        .filter_map(|c| c.split('<').next())
        .collect();
    // Each line: its score, then North-South's percentage.
    assert_eq!(
        cells,
        ["+420", "50", "+450", "100", "-50", "100"],
        "{}",
        page.body
    );
}

#[tokio::test]
async fn the_directors_round_clock_is_on_every_phone() {
    let c = setup("clock").await;
    let app = &c.app;
    let t1 = format!("/t/{}", c.tokens[0]);
    assert!(!get(app, &t1, None).await.body.contains("data-deadline"));
    let cookie = login(app).await;
    let ck = Some(cookie.as_str());
    let s = format!("/director/s/{}", c.night);
    let console = get(app, &s, ck).await;
    assert!(
        console.body.contains("Start this round's clock"),
        "{}",
        console.body
    );
    let csrf = console.csrf();
    let r = post(
        app,
        &format!("{s}/clock"),
        &[("csrf", &csrf), ("seconds", "0")],
        ck,
    )
    .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    let r = post(
        app,
        &format!("{s}/clock"),
        &[("csrf", "x"), ("seconds", "420")],
        ck,
    )
    .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    let r = post(
        app,
        &format!("{s}/clock"),
        &[("csrf", &csrf), ("seconds", "420")],
        ck,
    )
    .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    // Two boards a round at 7 minutes: 14 minutes on every table's phone, counting down.
    for token in &c.tokens {
        let page = get(app, &format!("/t/{token}"), None).await;
        assert!(
            page.body.contains("Time left in this round"),
            "{}",
            page.body
        );
        assert!(
            page.body.contains(">14:00</b>") || page.body.contains(">13:59</b>"),
            "{}",
            page.body
        );
        assert!(
            page.body.contains("src=\"/static/klaver.js\""),
            "{}",
            page.body
        );
    }
}

#[tokio::test]
async fn a_table_requests_a_correction_after_publication_and_the_director_may_refuse_it() {
    let c = setup("requests").await;
    let app = &c.app;
    every_table_passes(app, &c.tokens).await;
    let published = |s: klaver_store::Session| s.info.published_at.is_some();
    assert!(published(c.store.session(&c.club, c.night).await.unwrap()));
    let t1 = format!("/t/{}", c.tokens[0]);
    let page = get(app, &t1, None).await;
    assert!(page.body.contains("Request a correction"), "{}", page.body);
    // Board 1 was 4S by North making, not a pass-out.
    let request = [
        ("board", "1"),
        ("contract", "4S"),
        ("declarer", "N"),
        ("tricks", "10"),
        ("req", "1"),
    ];
    let form = get(app, &format!("{t1}?board=1&contract=PASS&req=1"), None).await;
    assert!(
        form.body.contains("Request a correction: Board 1"),
        "{}",
        form.body
    );
    let r = post(app, &format!("{t1}/enter"), &request, None).await;
    assert!(
        r.body.contains("East: check and confirm") && r.body.contains("+420"),
        "{}",
        r.body
    );
    // East's Confirm sends the page's own form: it must still say it is a request, or
    // the published night refuses it.
    assert!(
        r.body
            .contains("<input type=\"hidden\" name=\"req\" value=\"1\">"),
        "{}",
        r.body
    );
    let r = post(app, &format!("{t1}/confirm"), &request, None).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let board1 = |s: &klaver_store::Session| {
        s.lines
            .iter()
            .find(|l| l.line.board == 1 && l.line.ns == "1")
            .map(|l| l.line.contract.clone())
    };
    let session = c.store.session(&c.club, c.night).await.unwrap();
    assert_eq!(board1(&session).as_deref(), Some("4S"));
    let corrections = c.store.corrections(&c.club, c.night).await.unwrap();
    assert!(
        corrections[0]
            .reason
            .starts_with("correction requested after publication at table 1")
    );

    // The director sees it and refuses it: the line is as it was, with both changes kept.
    let cookie = login(app).await;
    let ck = Some(cookie.as_str());
    let s = format!("/director/s/{}", c.night);
    let console = get(app, &s, ck).await;
    assert!(
        console.body.contains("Corrections requested at the tables"),
        "{}",
        console.body
    );
    let csrf = console.csrf();
    let made_at = corrections[0].made_at.clone();
    let r = post(
        app,
        &format!("{s}/refuse"),
        &[
            ("csrf", &csrf),
            (
                "line_no",
                &session
                    .lines
                    .iter()
                    .find(|l| l.line.board == 1 && l.line.ns == "1")
                    .unwrap()
                    .line
                    .line_no
                    .to_string(),
            ),
            ("made_at", &made_at),
        ],
        ck,
    )
    .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let session = c.store.session(&c.club, c.night).await.unwrap();
    assert_eq!(board1(&session).as_deref(), Some("PASS"));
    assert_eq!(
        c.store.corrections(&c.club, c.night).await.unwrap().len(),
        2
    );
    assert!(
        !get(app, &s, ck)
            .await
            .body
            .contains("Corrections requested at the tables")
    );

    // A club without a correction period: no requests from the tables.
    let closed = router(AppState::new(
        c.store.clone(),
        Options {
            correction_minutes: 0,
            ..Options::default()
        },
    ));
    assert!(
        !get(&closed, &t1, None)
            .await
            .body
            .contains("Request a correction")
    );
    let r = post(&closed, &format!("{t1}/confirm"), &request, None).await;
    assert!(
        r.body.contains("the correction period is over"),
        "{}",
        r.body
    );
    let session = c.store.session(&c.club, c.night).await.unwrap();
    assert_eq!(board1(&session).as_deref(), Some("PASS"));
}

/// A night of `travellers` (a travellers CSV) and pairs 1 to `pairs` without names,
/// stored as `info` says: its id.
async fn store_night(c: &Club1, travellers: &str, pairs: u32, info: SessionInfo) -> i64 {
    let event = klaver_io::travellers::read_travellers(
        travellers.as_bytes(),
        klaver_io::travellers::ReadOptions::default(),
    )
    .unwrap();
    let pairs = (1..=pairs)
        .map(|p| SessionPair {
            pair: p.to_string(),
            ..SessionPair::default()
        })
        .collect();
    let night = klaver_store::NewSession {
        info,
        pairs,
        lines: klaver_store::lines_from_event(&event),
        sit_outs: Vec::new(),
    };
    c.store.import_session(&c.club, &night).await.unwrap()
}

#[tokio::test]
async fn a_session_the_web_cannot_show_says_so_without_commands() {
    let c = setup("teamsnight").await;
    let info = SessionInfo {
        date: "2025-09-16".into(),
        form: "butler".into(),
        ..SessionInfo::default()
    };
    let id = store_night(&c, "board,ns,ew,score\n1,1,2,420\n1,3,4,450\n", 4, info).await;
    c.store.publish(&c.club, id, true).await.unwrap();
    let r = get(&c.app, &format!("/c/kievit/s/{id}"), None).await;
    assert_eq!(r.status, StatusCode::SERVICE_UNAVAILABLE, "{}", r.body);
    assert!(
        r.body.contains("cannot be shown at the moment"),
        "{}",
        r.body
    );
    assert!(!r.body.contains("klaver session"), "{}", r.body);
}

/// A night stored with a movement name klaver now refuses (`mitchell-3-skip`, from an
/// earlier klaver) scores as it did; the director's console says so, as `klaver session
/// score` does, and the public page shows its results without the note.
#[tokio::test]
async fn the_console_tells_what_the_command_line_tells_of_a_stored_night() {
    let c = setup("stored-note").await;
    let info = SessionInfo {
        date: "2025-09-16".into(),
        form: "pairs".into(),
        movement: Some("mitchell-3-skip".into()),
        boards_per_round: Some(2),
        options: vec![
            "--movement=mitchell-3-skip".into(),
            "--boards-per-round=2".into(),
        ],
        ..SessionInfo::default()
    };
    let travellers = "board,ns,ew,score\n1,1,4,420\n1,3,5,450\n1,2,6,100\n";
    let id = store_night(&c, travellers, 6, info).await;
    let cookie = login(&c.app).await;
    let console = get(&c.app, &format!("/director/s/{id}"), Some(&cookie)).await;
    assert_eq!(console.status, StatusCode::OK, "{}", console.body);
    assert!(
        console
            .body
            .contains("keeps the movement name mitchell-3-skip, which klaver now refuses"),
        "{}",
        console.body
    );
    c.store.publish(&c.club, id, true).await.unwrap();
    let r = get(&c.app, &format!("/c/kievit/s/{id}"), None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert!(!r.body.contains("klaver now refuses"), "{}", r.body);
}

/// A stored odd-pairs night's public result list shows the boards a pair sat out under
/// Notes, apart from the warnings and not counted with them: an odd number of pairs is
/// no problem to fix.
#[tokio::test]
async fn a_stored_nights_sit_outs_are_notes_on_its_result_list() {
    let c = setup("sit-out-notes").await;
    let info = SessionInfo {
        date: "2025-09-16".into(),
        form: "pairs".into(),
        ..SessionInfo::default()
    };
    // Board 2 has two results of three, and pair 5 sat out it.
    let travellers = "board,ns,ew,score\n1,1,2,420\n1,3,4,450\n1,5,6,100\n2,1,2,110\n2,3,4,140\n";
    let event = klaver_io::travellers::read_travellers(
        travellers.as_bytes(),
        klaver_io::travellers::ReadOptions::default(),
    )
    .unwrap();
    let night = klaver_store::NewSession {
        info,
        pairs: (1..=6)
            .map(|p| SessionPair {
                pair: p.to_string(),
                ..SessionPair::default()
            })
            .collect(),
        lines: klaver_store::lines_from_event(&event),
        sit_outs: vec![klaver_store::SitOut {
            section: String::new(),
            board: 2,
            pair: "5".into(),
            source_line: 9,
        }],
    };
    let id = c.store.import_session(&c.club, &night).await.unwrap();
    c.store.publish(&c.club, id, true).await.unwrap();
    let r = get(&c.app, &format!("/c/kievit/s/{id}"), None).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert!(
        r.body.contains("<summary>Notes (1)</summary>"),
        "{}",
        r.body
    );
    assert!(
        r.body
            .contains("as pair 5 sat out this board (a sit-out line, line 9 of the file)"),
        "{}",
        r.body
    );
    assert!(!r.body.contains("Warnings ("), "{}", r.body);
}

/// The director's result list of a stored night says what `klaver session score` says
/// of it, among its warnings and escaped as any text there: a schedule read from its
/// file (a night stored before schedules were kept), a movement name klaver now refuses.
/// The public result list shows neither.
#[tokio::test]
async fn the_directors_result_list_tells_how_a_stored_night_is_scored() {
    let c = setup("stored-notes-results").await;
    let travellers = "board,ns,ew,score\n1,1,4,420\n1,3,5,450\n1,2,6,100\n";
    let on = |movement: &str, line: &str| SessionInfo {
        date: "2025-09-16".into(),
        line_name: line.into(),
        form: "pairs".into(),
        movement: Some(movement.into()),
        boards_per_round: Some(2),
        options: vec![
            format!("--movement={movement}"),
            "--boards-per-round=2".into(),
        ],
        ..SessionInfo::default()
    };
    // A folder whose name a page must escape.
    let dir = Scratch::new("r&d <schedule>");
    std::fs::create_dir_all(dir.path()).unwrap();
    let file = dir.path().join("sched.csv");
    let mitchell = klaver_core::movement::named("mitchell-3", 2).unwrap();
    std::fs::write(&file, klaver_core::movement::to_csv(&mitchell)).unwrap();
    let path = file.display().to_string();
    let from_file = store_night(&c, travellers, 6, on(&path, "A")).await;
    // Line B's results are its own: a night's results are stored once.
    let line_b = travellers.replace("1,2,6,100", "1,2,6,110");
    let old_name = store_night(&c, &line_b, 6, on("mitchell-3-skip", "B")).await;
    let cookie = login(&c.app).await;
    let escaped = path
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;");
    for (id, said) in [
        (
            from_file,
            format!("the schedule is read from the file {escaped}, as that file reads now"),
        ),
        (
            old_name,
            "keeps the movement name mitchell-3-skip, which klaver now refuses".into(),
        ),
    ] {
        let r = get(&c.app, &format!("/director/s/{id}/results"), Some(&cookie)).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
        let warnings = r
            .body
            .split("class=\"warnings\"")
            .nth(1)
            .unwrap_or_default();
        assert!(warnings.contains(&said), "{}", r.body);
        assert!(!r.body.contains("r&d <"), "{}", r.body);
        c.store.publish(&c.club, id, true).await.unwrap();
        let public = get(&c.app, &format!("/c/kievit/s/{id}"), None).await;
        assert_eq!(public.status, StatusCode::OK, "{}", public.body);
        assert!(!public.body.contains("klaver session"), "{}", public.body);
    }
}

/// Board 1 as `klaver deal --boards 1 --seed 1 --analyse` deals and solves it.
fn board_one() -> klaver_store::StoredDeal {
    klaver_store::StoredDeal {
        board: 1,
        deal: "N:AT987.64.AJ4.K65 QJ5.Q72.T85.JT98 62.AJT985.K3.432 K43.K3.Q9762.AQ7".into(),
        tricks: Some("98a6798a674536645366".into()),
    }
}

#[tokio::test]
async fn the_kept_hands_check_the_lead_and_show_on_the_results() {
    let c = setup("hands").await;
    let app = &c.app;
    c.store
        .set_deals(&c.club, c.night, &[board_one()])
        .await
        .unwrap();
    let t1 = format!("/t/{}", c.tokens[0]);
    // Declarer North: East leads, and the ace of spades is North's own.
    let wrong = [
        ("board", "1"),
        ("contract", "4S"),
        ("declarer", "N"),
        ("tricks", "10"),
        ("lead", "SA"),
    ];
    let r = post(app, &format!("{t1}/enter"), &wrong, None).await;
    assert!(
        r.body.contains("the lead SA is not in East&#39;s hand")
            || r.body.contains("the lead SA is not in East's hand"),
        "{}",
        r.body
    );
    // In the page's language (it was English on every page), the lead as typed.
    for (lang, (contract, declarer, lead), said) in [
        (
            "nl",
            ("4S", "N", "SA"),
            "de uitkomst SA zit niet in de hand van Oost",
        ),
        (
            "tr",
            ("4P", "K", "PA"),
            "PA açılışı Doğu oyuncusunun elinde değil",
        ),
    ] {
        let cookie = format!("lang={lang}");
        let mut wrong = wrong;
        (wrong[1].1, wrong[2].1, wrong[4].1) = (contract, declarer, lead);
        let r = post(app, &format!("{t1}/enter"), &wrong, Some(&cookie)).await;
        assert!(r.body.contains(said), "{lang}: {}", r.body);
    }
    let right = [
        ("board", "1"),
        ("contract", "4S"),
        ("declarer", "N"),
        ("tricks", "10"),
        ("lead", "SQ"),
    ];
    let r = post(app, &format!("{t1}/enter"), &right, None).await;
    assert!(r.body.contains("East: check and confirm"), "{}", r.body);
    // A board whose hands are not kept takes any card.
    let other = [
        ("board", "2"),
        ("contract", "3NT"),
        ("declarer", "S"),
        ("tricks", "9"),
        ("lead", "CA"),
    ];
    let r = post(app, &format!("{t1}/enter"), &other, None).await;
    assert!(r.body.contains("East: check and confirm"), "{}", r.body);

    // Published, the result list shows board 1's hands, its tricks table and par.
    every_table_passes(app, &c.tokens).await;
    let page = get(app, &format!("/c/kievit/s/{}", c.night), None).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert!(page.body.contains("class=\"par\""), "{}", page.body);
    assert!(page.body.contains("class=\"dd\""), "{}", page.body);
    // Each hand with its high-card points: North's AT987.64.AJ4.K65 has 12.
    assert!(
        page.body
            .contains("<b>North</b> <span class=\"hcp\">12</span>"),
        "{}",
        page.body
    );
    assert_eq!(
        page.body.matches("class=\"par\"").count(),
        1,
        "only board 1 has hands"
    );
    // Each result against par: the three pass-outs of board 1 are 420 below its par.
    assert!(page.body.contains("\u{b1} par</th>"), "{}", page.body);
    assert_eq!(
        page.body.matches("<td class=\"n b\">-420</td>").count(),
        3,
        "{}",
        page.body
    );
}

#[tokio::test]
async fn a_table_without_a_dealing_machine_enters_its_hands() {
    let c = setup("handentry").await;
    let app = &c.app;
    let t1 = format!("/t/{}", c.tokens[0]);
    let page = get(app, &t1, None).await;
    assert!(page.body.contains(&format!("{t1}/hands")), "{}", page.body);
    let form = get(app, &format!("{t1}/hands"), None).await;
    assert!(form.body.contains("name=\"n\""), "{}", form.body);
    // A card twice is refused, naming it; what was typed stays.
    let twice = [
        ("board", "1"),
        ("n", "AT987.64.AJ4.K65"),
        ("e", "QJ5.Q72.T85.JT98"),
        ("s", "62.AJT985.K3.432"),
        ("w", "K43.K3.Q9762.AQ6"),
    ];
    let r = post(app, &format!("{t1}/hands"), &twice, None).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    assert!(r.body.contains("class=\"error\""), "{}", r.body);
    assert!(r.body.contains("value=\"K43.K3.Q9762.AQ6\""), "{}", r.body);
    assert!(c.store.deals(&c.club, c.night).await.unwrap().is_empty());
    // The right hands (10 written as 10 is read too): checked, solved and kept.
    let right = [
        ("board", "1"),
        ("n", "A 10 9 8 7.64.AJ4.K65"),
        ("e", "QJ5.Q72.T85.JT98"),
        ("s", "62.AJT985.K3.432"),
        ("w", "K43.K3.Q9762.AQ7"),
    ];
    let r = post(app, &format!("{t1}/hands"), &right, None).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let kept = c.store.deals(&c.club, c.night).await.unwrap();
    assert_eq!(kept, [board_one()]);
    // Kept once: the board is no longer offered, and the lead is now checked against it.
    let form = get(app, &format!("{t1}/hands"), None).await;
    assert!(!form.body.contains("<option value=\"1\""), "{}", form.body);
    let wrong = [
        ("board", "1"),
        ("contract", "4S"),
        ("declarer", "N"),
        ("tricks", "10"),
        ("lead", "SA"),
    ];
    let r = post(app, &format!("{t1}/enter"), &wrong, None).await;
    assert!(r.body.contains("the lead SA is not in East"), "{}", r.body);
}

/// A line whose entered score disagrees with its contract lost its score when the
/// director corrected something else on it (the lead): the edit form shows the
/// contract, and the line was stored again from that alone. A result left as the form
/// shows it now keeps the line's score and adjustment.
#[tokio::test]
async fn a_correction_that_leaves_the_result_keeps_its_score() {
    let c = setup("keeps-score").await;
    let app = &c.app;
    let entered = klaver_store::Line {
        board: 2,
        ns: "1".into(),
        ew: "4".into(),
        contract: "2H".into(),
        declarer: "E".into(),
        result: "+1".into(),
        score: "50".into(),
        ..klaver_store::Line::default()
    };
    let line_no = c
        .store
        .add_line(&c.club, c.night, &entered, "td")
        .await
        .unwrap();
    let (cookie, s, csrf) = console(&c).await;
    let ck = Some(cookie.as_str());
    let edit = get(app, &format!("{s}/lines/{line_no}"), ck).await;
    assert!(edit.body.contains("2H E +1"), "{}", edit.body);
    let fix = [
        ("csrf", csrf.as_str()),
        ("version", "1"),
        ("board", "2"),
        ("ns", "1"),
        ("ew", "4"),
        ("result", "2H E +1"),
        ("lead", "HK"),
        ("reason", "lead added"),
    ];
    let r = post(app, &format!("{s}/lines/{line_no}"), &fix, ck).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let night = c.store.session(&c.club, c.night).await.unwrap();
    let line = &night
        .lines
        .iter()
        .find(|l| l.line.line_no == line_no)
        .unwrap()
        .line;
    assert_eq!((line.score.as_str(), line.lead.as_str()), ("50", "HK"));
}

/// A correction moving a line onto a board its two pairs already have a line of was
/// kept: the board then had the pairs twice and the night could not be scored, while
/// the console said nothing.
#[tokio::test]
async fn a_correction_onto_a_board_its_pairs_already_played_is_refused() {
    let c = setup("onto-board").await;
    let app = &c.app;
    let line = |board: i64| klaver_store::Line {
        board,
        ns: "1".into(),
        ew: "4".into(),
        contract: "PASS".into(),
        ..klaver_store::Line::default()
    };
    let first = c
        .store
        .add_line(&c.club, c.night, &line(1), "td")
        .await
        .unwrap();
    let second = c
        .store
        .add_line(&c.club, c.night, &line(2), "td")
        .await
        .unwrap();
    let (cookie, s, csrf) = console(&c).await;
    let ck = Some(cookie.as_str());
    let fix = [
        ("csrf", csrf.as_str()),
        ("version", "1"),
        ("board", "2"),
        ("ns", "1"),
        ("ew", "4"),
        ("result", "PASS"),
        ("lead", ""),
        ("reason", "wrong board"),
    ];
    let r = post(app, &format!("{s}/lines/{first}"), &fix, ck).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    assert!(r.body.contains(&format!("line {second}")), "{}", r.body);
}

/// A correction moving a line to a board the night does not have (board 99 of a night
/// of two boards) was kept without a word: most often a typo, it is refused naming the
/// board, as a pair the night does not have is; on a night with a movement, the
/// movement's boards are the night's.
#[tokio::test]
async fn a_correction_onto_a_board_the_night_does_not_have_is_refused() {
    let c = setup("no-such-board").await;
    let app = &c.app;
    let pairs: Vec<SessionPair> = (1..=4)
        .map(|p| SessionPair {
            pair: p.to_string(),
            ..SessionPair::default()
        })
        .collect();
    let info = SessionInfo {
        date: "2025-10-08".into(),
        moment: "wednesday".into(),
        form: "pairs".into(),
        ..SessionInfo::default()
    };
    let night = c.store.create_night(&c.club, &info, &pairs).await.unwrap();
    let line = |board: i64, ns: &str, ew: &str| klaver_store::Line {
        board,
        ns: ns.into(),
        ew: ew.into(),
        contract: "PASS".into(),
        ..klaver_store::Line::default()
    };
    for (board, ns, ew) in [(1, "1", "2"), (1, "3", "4"), (2, "1", "3"), (2, "2", "4")] {
        let l = line(board, ns, ew);
        c.store.add_line(&c.club, night, &l, "td").await.unwrap();
    }
    let (cookie, _, _) = console(&c).await;
    let ck = Some(cookie.as_str());
    let s = format!("/director/s/{night}");
    let csrf = get(app, &s, ck).await.csrf();
    let fix = [
        ("csrf", csrf.as_str()),
        ("version", "1"),
        ("board", "99"),
        ("ns", "1"),
        ("ew", "2"),
        ("result", "PASS"),
        ("lead", ""),
        ("reason", "wrong board"),
    ];
    let r = post(app, &format!("{s}/lines/1"), &fix, ck).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    assert!(
        r.body
            .contains("board 99 is not one of the night's boards (1-2)"),
        "{}",
        r.body
    );
    let kept = c.store.session(&c.club, night).await.unwrap();
    assert_eq!(kept.lines[0].line.board, 1);
    // The night with a movement: board 99 is none of its boards 1-6.
    let first = c
        .store
        .add_line(&c.club, c.night, &line(1, "1", "4"), "td")
        .await
        .unwrap();
    let s = format!("/director/s/{}", c.night);
    let csrf = get(app, &s, ck).await.csrf();
    let fix = [
        ("csrf", csrf.as_str()),
        ("version", "1"),
        ("board", "99"),
        ("ns", "1"),
        ("ew", "4"),
        ("result", "PASS"),
        ("lead", ""),
        ("reason", "wrong board"),
    ];
    let r = post(app, &format!("{s}/lines/{first}"), &fix, ck).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    assert!(r.body.contains("board 99"), "{}", r.body);
}

/// The director logged in on the night's console: the cookie, the console's address and
/// its form token.
async fn console(c: &Club1) -> (String, String, String) {
    let cookie = login(&c.app).await;
    let s = format!("/director/s/{}", c.night);
    let csrf = get(&c.app, &s, Some(cookie.as_str())).await.csrf();
    (cookie, s, csrf)
}

/// A table's phone listed the director's ruling on its board among its own lines and
/// let the table "correct" it, replacing the ruling. A line the table did not enter
/// (or one already corrected) now goes to the director as a conflict.
#[tokio::test]
async fn a_table_cannot_overwrite_the_directors_ruling() {
    let c = setup("ruling").await;
    let app = &c.app;
    let ruling = klaver_store::Line {
        board: 2,
        ns: "1".into(),
        ew: "4".into(),
        score: "-100".into(),
        ..klaver_store::Line::default()
    };
    c.store
        .add_line(&c.club, c.night, &ruling, "td")
        .await
        .unwrap();
    let t1 = format!("/t/{}", c.tokens[0]);
    let fix = [
        ("board", "2"),
        ("contract", "3NT"),
        ("declarer", "S"),
        ("tricks", "9"),
        ("fix", "1"),
    ];
    let r = post(app, &format!("{t1}/confirm"), &fix, None).await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
    let night = c.store.session(&c.club, c.night).await.unwrap();
    assert_eq!(night.lines[0].line.score, "-100");
    let open = c.store.open_conflicts(&c.club, c.night).await.unwrap();
    assert_eq!(open.len(), 1);
    assert_eq!(open[0].offered.contract, "3NT");
}

/// A night removed with `klaver session delete` while its tables still hold their
/// links: every page of it answers that it is not there (a table's link as a link no
/// longer valid), and the club's other pages go on without it.
#[tokio::test]
async fn a_removed_night_is_gone_from_every_page() {
    let c = setup("removed").await;
    let cookie = login(&c.app).await;
    let before = get(&c.app, "/director", Some(&cookie)).await;
    assert!(
        before.body.contains(&format!("/director/s/{}", c.night)),
        "{}",
        before.body
    );
    c.store
        .delete_session(&c.club, c.night, "td", "created twice")
        .await
        .unwrap();
    let table = format!("/t/{}", c.tokens[0]);
    let r = get(&c.app, &table, None).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "{}", r.body);
    assert!(
        r.body.contains("this table link is not valid"),
        "{}",
        r.body
    );
    let r = post(
        &c.app,
        &format!("{table}/enter"),
        &[("board", "1"), ("result", "4S N =")],
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "{}", r.body);
    for page in ["console", "results", "progress"] {
        let path = match page {
            "console" => format!("/director/s/{}", c.night),
            other => format!("/director/s/{}/{other}", c.night),
        };
        let r = get(&c.app, &path, Some(&cookie)).await;
        assert_eq!(r.status, StatusCode::NOT_FOUND, "{path}: {}", r.body);
    }
    let r = get(&c.app, &format!("/c/kievit/s/{}", c.night), None).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "{}", r.body);
    let after = get(&c.app, "/director", Some(&cookie)).await;
    assert_eq!(after.status, StatusCode::OK, "{}", after.body);
    assert!(
        !after.body.contains(&format!("/director/s/{}", c.night)),
        "{}",
        after.body
    );
    for path in ["/c/kievit", "/c/kievit/ranking"] {
        let r = get(&c.app, path, None).await;
        assert!(
            r.status != StatusCode::INTERNAL_SERVER_ERROR,
            "{path}: {}",
            r.body
        );
    }
}

/// After publication a table's request replaced the director's ruling on its line at
/// once (a REV dropped, an adjusted score overwritten), where before publication such a
/// line is never stored over from a phone. The request now goes to the director as two
/// results for one board, and the ruling stands.
#[tokio::test]
async fn a_request_after_publication_does_not_overwrite_the_directors_ruling() {
    let c = setup("request-ruling").await;
    let app = &c.app;
    every_table_passes(app, &c.tokens).await;
    let night = c.store.session(&c.club, c.night).await.unwrap();
    assert!(night.info.published_at.is_some());
    let stored = night
        .lines
        .iter()
        .find(|l| l.line.board == 1 && l.line.ns == "1")
        .unwrap();
    let ruling = klaver_store::Line {
        contract: String::new(),
        adjust: "AVG".into(),
        ..stored.line.clone()
    };
    let at = klaver_store::LineAt {
        session: c.night,
        line_no: stored.line.line_no,
        version: stored.version,
    };
    c.store
        .correct(&c.club, at, &ruling, "td", "slow play")
        .await
        .unwrap();
    let t1 = format!("/t/{}", c.tokens[0]);
    let request = [
        ("board", "1"),
        ("contract", "4S"),
        ("declarer", "N"),
        ("tricks", "10"),
        ("req", "1"),
    ];
    let r = post(app, &format!("{t1}/confirm"), &request, None).await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
    let night = c.store.session(&c.club, c.night).await.unwrap();
    let line = night
        .lines
        .iter()
        .find(|l| l.line.line_no == stored.line.line_no)
        .unwrap();
    assert_eq!(line.line.adjust, "AVG");
    let conflicts = c.store.conflicts(&c.club, c.night).await.unwrap();
    assert_eq!(conflicts.len(), 1);
}

/// A pass-out entered with a declarer or tricks was stored as "All pass" and the rest
/// dropped without a word. It is now refused in the page's language, with what the
/// table typed kept for the correction; nothing is stored.
#[tokio::test]
async fn a_pass_out_with_a_declarer_or_tricks_is_refused() {
    let c = setup("pass-declarer").await;
    let app = &c.app;
    let t1 = format!("/t/{}", c.tokens[0]);
    for (lang, declarer, tricks, said) in [
        (
            "en",
            "N",
            "10",
            "a passed-out board has no declarer and no tricks",
        ),
        (
            "nl",
            "O",
            "",
            "een gepast spel heeft geen leider en geen slagen",
        ),
        (
            "tr",
            "",
            "7",
            "pas geçilen boardun deklaranı ve lövesi yoktur",
        ),
    ] {
        let cookie = format!("lang={lang}");
        let typed = [
            ("board", "1"),
            ("contract", "pass"),
            ("declarer", declarer),
            ("tricks", tricks),
        ];
        for step in ["enter", "confirm"] {
            let r = post(app, &format!("{t1}/{step}"), &typed, Some(&cookie)).await;
            assert!(r.body.contains(said), "{lang} {step}: {}", r.body);
            assert!(
                r.body.contains("name=\"contract\" value=\"pass\""),
                "{}",
                r.body
            );
            if !declarer.is_empty() {
                let kept = format!("<option value=\"{declarer}\" selected>");
                assert!(r.body.contains(&kept), "{lang}: {}", r.body);
            }
            if !tricks.is_empty() {
                let kept = format!("<option value=\"{tricks}\" selected>");
                assert!(r.body.contains(&kept), "{lang}: {}", r.body);
            }
        }
    }
    let night = c.store.session(&c.club, c.night).await.unwrap();
    assert!(night.lines.is_empty(), "{:?}", night.lines);
    // A pass-out alone is stored as before.
    let r = post(
        app,
        &format!("{t1}/confirm"),
        &[
            ("board", "1"),
            ("contract", "pass"),
            ("declarer", ""),
            ("tricks", ""),
        ],
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
}

/// "Not played" pressed with a contract, declarer or tricks typed stored the board as
/// not played and dropped what was typed without a word: which of the two the table
/// meant is not klaver's to guess. It is refused in the page's language, what was typed
/// kept; with nothing typed the board is marked not played as before.
#[tokio::test]
async fn not_played_with_a_contract_typed_is_refused() {
    let c = setup("np-typed").await;
    let app = &c.app;
    let t1 = format!("/t/{}", c.tokens[0]);
    for (lang, said) in [
        (
            "en",
            "a contract is typed: clear it to mark the board not played",
        ),
        (
            "nl",
            "er is een contract ingevuld: maak het leeg om het spel als niet gespeeld te melden",
        ),
        (
            "tr",
            "bir kontrat yazılmış: boardu oynanmadı olarak bildirmek için silin",
        ),
    ] {
        let cookie = format!("lang={lang}");
        let typed = [
            ("board", "1"),
            ("contract", "4S"),
            ("declarer", "N"),
            ("tricks", "10"),
            ("np", "1"),
        ];
        for step in ["enter", "confirm"] {
            let r = post(app, &format!("{t1}/{step}"), &typed, Some(&cookie)).await;
            assert!(r.body.contains(said), "{lang} {step}: {}", r.body);
            assert!(
                r.body.contains("name=\"contract\" value=\"4S\""),
                "{}",
                r.body
            );
        }
    }
    let night = c.store.session(&c.club, c.night).await.unwrap();
    assert!(night.lines.is_empty(), "{:?}", night.lines);
    let r = post(
        app,
        &format!("{t1}/confirm"),
        &[
            ("board", "1"),
            ("contract", ""),
            ("declarer", ""),
            ("tricks", ""),
            ("np", "1"),
        ],
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let night = c.store.session(&c.club, c.night).await.unwrap();
    assert_eq!(night.lines[0].line.adjust, "NP");
}

/// The director's entry and correction forms refuse a pass-out with a declarer or a
/// result after it as plainly as a table's phone.
#[tokio::test]
async fn the_director_cannot_type_a_pass_out_with_a_declarer() {
    let c = setup("pass-director").await;
    let app = &c.app;
    let (cookie, s, csrf) = console(&c).await;
    let ck = Some(cookie.as_str());
    for typed in ["PASS N =", "pass N 10", "PASS E -1"] {
        let form = [
            ("csrf", csrf.as_str()),
            ("board", "1"),
            ("ns", "1"),
            ("ew", "4"),
            ("result", typed),
        ];
        let r = post(app, &format!("{s}/lines"), &form, ck).await;
        assert!(
            r.body
                .contains("a passed-out board has no declarer and no tricks"),
            "{typed}: {}",
            r.body
        );
        // A refused entry answers with an error status, as the README says.
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{typed}");
    }
    let night = c.store.session(&c.club, c.night).await.unwrap();
    assert!(night.lines.is_empty());
}

/// The director's ruling on `board`'s line between pairs 1 and 4 (table 1, round 1):
/// `adjust` (and `score`) in place of what the table entered.
async fn rule(c: &Club1, board: i64, contract: &str, adjust: &str, score: &str) {
    let night = c.store.session(&c.club, c.night).await.unwrap();
    let stored = night
        .lines
        .iter()
        .find(|l| l.line.board == board && l.line.ns == "1")
        .unwrap();
    let ruling = klaver_store::Line {
        contract: contract.into(),
        declarer: if contract.is_empty() { "" } else { "N" }.into(),
        result: if contract.is_empty() { "" } else { "=" }.into(),
        adjust: adjust.into(),
        score: score.into(),
        ..stored.line.clone()
    };
    let at = klaver_store::LineAt {
        session: c.night,
        line_no: stored.line.line_no,
        version: stored.version,
    };
    c.store
        .correct(&c.club, at, &ruling, "td", "ruling")
        .await
        .unwrap();
}

/// The phone's lists and its "not stored" page left out a line's REV and showed an
/// adjusted score as nothing: "Stored: 4S N = ≠ 4S N =". Two different results now
/// never read the same, on the phone or in the director's list of conflicts.
#[tokio::test]
async fn a_reversed_or_adjusted_line_reads_as_such_on_the_phone() {
    let c = setup("rev-shown").await;
    let app = &c.app;
    let t1 = format!("/t/{}", c.tokens[0]);
    let four_spades = [
        ("board", "1"),
        ("contract", "4S"),
        ("declarer", "N"),
        ("tricks", "10"),
    ];
    let r = post(app, &format!("{t1}/confirm"), &four_spades, None).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let pass2 = [("board", "2"), ("contract", "PASS")];
    let r = post(app, &format!("{t1}/confirm"), &pass2, None).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    rule(&c, 1, "4S", "REV", "").await;
    rule(&c, 2, "", "60/40", "").await;
    let page = get(app, &t1, None).await;
    assert!(page.body.contains("Board 1: 4S N = REV"), "{}", page.body);
    assert!(page.body.contains("Board 2: 60/40"), "{}", page.body);
    let nl = get(app, &t1, Some("lang=nl")).await;
    assert!(nl.body.contains("Spel 1: 4S N C Reverse"), "{}", nl.body);

    // The table confirms its 4S N = again: not the stored line, and the page says how.
    let r = post(app, &format!("{t1}/confirm"), &four_spades, None).await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
    assert!(r.body.contains("<b>4S N = REV"), "{}", r.body);
    assert!(r.body.contains("≠ <b>4S N = · NS +420"), "{}", r.body);
    // The director sees the stored line's result beside the table's.
    let (cookie, s, _) = console(&c).await;
    let console = get(app, &s, Some(&cookie)).await;
    let conflicts = &console.body[console.body.find("id=\"conflicts\"").unwrap()..];
    assert!(conflicts.contains("4S N = REV"), "{conflicts}");

    // A score the director typed reads as that score, not as nothing.
    rule(&c, 2, "", "", "-100").await;
    let page = get(app, &t1, None).await;
    assert!(page.body.contains("Board 2: NS -100"), "{}", page.body);
    rule(&c, 2, "", "EW 60%", "420").await;
    let page = get(app, &t1, None).await;
    assert!(
        page.body.contains("Board 2: NS +420 · EW 60%"),
        "{}",
        page.body
    );
}

/// The same differing result confirmed twice gave the director two identical rows; a
/// conflict the table's own later entry settled (it now agrees with the stored line)
/// stayed open and held the night's publication. The record stays in the director's
/// view as decided.
#[tokio::test]
async fn a_conflict_is_kept_once_and_settled_by_the_tables_later_entry() {
    let c = setup("conflict-once").await;
    let app = &c.app;
    let t1 = format!("/t/{}", c.tokens[0]);
    let four_spades = [
        ("board", "1"),
        ("contract", "4S"),
        ("declarer", "N"),
        ("tricks", "10"),
    ];
    let three_nt = [
        ("board", "1"),
        ("contract", "3NT"),
        ("declarer", "S"),
        ("tricks", "9"),
    ];
    let r = post(app, &format!("{t1}/confirm"), &four_spades, None).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    for _ in 0..2 {
        let r = post(app, &format!("{t1}/confirm"), &three_nt, None).await;
        assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
    }
    let open = c.store.open_conflicts(&c.club, c.night).await.unwrap();
    assert_eq!(open.len(), 1, "{open:?}");
    // Another result is another row.
    let mut four_hearts = four_spades;
    four_hearts[1].1 = "4H";
    let r = post(app, &format!("{t1}/confirm"), &four_hearts, None).await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
    assert_eq!(
        c.store
            .open_conflicts(&c.club, c.night)
            .await
            .unwrap()
            .len(),
        2
    );

    // The table enters the stored result again: it agrees with the stored line, and
    // its earlier different results are settled, kept in view as decided.
    let r = post(app, &format!("{t1}/confirm"), &four_spades, None).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    assert!(
        c.store
            .open_conflicts(&c.club, c.night)
            .await
            .unwrap()
            .is_empty()
    );
    let all = c.store.conflicts(&c.club, c.night).await.unwrap();
    assert_eq!(all.len(), 2);
    let (cookie, s, _) = console(&c).await;
    let console = get(app, &s, Some(&cookie)).await;
    assert!(console.body.contains("Decided"), "{}", console.body);
    assert!(
        console
            .body
            .contains("table 1 (its later entry agrees with the stored line)"),
        "{}",
        console.body
    );
    let night = c.store.session(&c.club, c.night).await.unwrap();
    assert_eq!(night.lines[0].line.contract, "4S");

    // A conflict the table's own correction settles the other way: the stored line
    // becomes the result kept for the director.
    let r = post(app, &format!("{t1}/confirm"), &three_nt, None).await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
    let mut fix = three_nt.to_vec();
    fix.push(("fix", "1"));
    let r = post(app, &format!("{t1}/confirm"), &fix, None).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    assert!(
        c.store
            .open_conflicts(&c.club, c.night)
            .await
            .unwrap()
            .is_empty()
    );
    let night = c.store.session(&c.club, c.night).await.unwrap();
    assert_eq!(night.lines[0].line.contract, "3NT");
}

/// The director's guide cards were English on a Dutch console; they are the Dutch
/// cards (NZ/OW, Ronde, Tafel), as `klaver movement --lang nl` prints them. Turkish has
/// no cards of its own and gets the English ones.
#[tokio::test]
async fn the_guide_cards_follow_the_consoles_language() {
    let c = setup("guide-lang").await;
    let app = &c.app;
    let (cookie, s, _) = console(&c).await;
    let nl = format!("{cookie}; lang=nl");
    let r = get(app, &format!("{s}/guide"), Some(&nl)).await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(
        r.body.contains("Ronde") && r.body.contains("NZ"),
        "{}",
        r.body
    );
    let r = get(app, &format!("{s}/guide"), Some(&cookie)).await;
    assert!(
        r.body.contains("Round") && !r.body.contains("Ronde"),
        "{}",
        r.body
    );
}

/// A missing form field or a malformed address showed the web framework's own text
/// ("Failed to deserialize form body"), and the phone's form shown again after an error
/// answered 200. Both now answer an error status with a plain message in the page's
/// language.
#[tokio::test]
async fn malformed_requests_get_a_plain_message_and_an_error_status() {
    let c = setup("malformed").await;
    let app = &c.app;
    let (cookie, s, csrf) = console(&c).await;
    let ck = Some(cookie.as_str());
    let raw = [
        "Failed to",
        "deserialize",
        "Cannot parse",
        "Invalid URL",
        "missing field",
    ];
    let plain = |r: &Reply| raw.iter().all(|w| !r.body.contains(w));
    let r = get(app, "/director/s/abc", ck).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "{}", r.body);
    assert!(plain(&r) && r.body.contains("this address"), "{}", r.body);
    let r = get(app, "/director/s/abc", Some(&format!("{cookie}; lang=nl"))).await;
    assert!(plain(&r) && r.body.contains("dit adres"), "{}", r.body);
    let r = post(
        app,
        &format!("{s}/conflicts/1"),
        &[("csrf", csrf.as_str())],
        ck,
    )
    .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    assert!(plain(&r) && r.body.contains("the form"), "{}", r.body);
    let r = post(
        app,
        &format!("{s}/clock"),
        &[("csrf", csrf.as_str()), ("seconds", "soon")],
        ck,
    )
    .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
    assert!(plain(&r), "{}", r.body);
    let r = get(app, &format!("/c/kievit/s/x{}", c.night), None).await;
    assert!(r.status.is_client_error() && plain(&r), "{}", r.body);
    // No page at all, or a page asked for the wrong way: said, not an empty answer.
    for (r, status) in [
        (
            get(app, "/nowhere", Some("lang=tr")).await,
            StatusCode::NOT_FOUND,
        ),
        (
            get(app, &format!("/t/{}/confirm", c.tokens[0]), Some("lang=tr")).await,
            StatusCode::METHOD_NOT_ALLOWED,
        ),
    ] {
        assert_eq!(r.status, status, "{}", r.body);
        assert!(r.body.contains("bu adreste sayfa yok"), "{}", r.body);
    }

    // The phone: an entry that is refused answers an error status, the form kept.
    let t1 = format!("/t/{}", c.tokens[0]);
    let typed = [
        ("board", "1"),
        ("contract", "9S"),
        ("declarer", "N"),
        ("tricks", "10"),
    ];
    for step in ["enter", "confirm"] {
        let r = post(app, &format!("{t1}/{step}"), &typed, Some("lang=tr")).await;
        assert!(
            r.status.is_client_error(),
            "{step}: {} {}",
            r.status,
            r.body
        );
        assert!(
            r.body.contains("name=\"contract\" value=\"9S\""),
            "{}",
            r.body
        );
    }
    let r = post(app, &format!("{t1}/enter"), &[("board", "1")], None).await;
    assert!(r.status.is_client_error(), "{} {}", r.status, r.body);
}

/// A line the director adds on the console to a night already published changed the
/// published results without a trace; it is now logged as `klaver session add` logs
/// one, with who added it and when.
#[tokio::test]
async fn a_line_added_after_publication_is_logged() {
    let c = setup("added-after-publication").await;
    let app = &c.app;
    let cookie = login(app).await;
    let ck = Some(cookie.as_str());
    let s = format!("/director/s/{}", c.night);
    // Before publication a line is entered as the tables enter theirs, not logged.
    let csrf = get(app, &s, ck).await.csrf();
    let form = |board: &str, ns: &str, ew: &str, result: &str| {
        [
            ("csrf", csrf.clone()),
            ("board", board.to_string()),
            ("ns", ns.to_string()),
            ("ew", ew.to_string()),
            ("result", result.to_string()),
            ("lead", String::new()),
        ]
    };
    let r = post_owned(
        app,
        &format!("{s}/lines"),
        &form("1", "1", "4", "4S N +1"),
        ck,
    )
    .await;
    assert!(r.body.contains("class=\"ok\">line 1"), "{}", r.body);
    assert!(
        c.store
            .corrections(&c.club, c.night)
            .await
            .unwrap()
            .is_empty()
    );
    c.store.publish(&c.club, c.night, true).await.unwrap();
    let r = post_owned(
        app,
        &format!("{s}/lines"),
        &form("2", "1", "4", "3NT S ="),
        ck,
    )
    .await;
    assert!(r.body.contains("class=\"ok\">line 2"), "{}", r.body);
    let log = c.store.corrections(&c.club, c.night).await.unwrap();
    assert_eq!(log.len(), 1, "{log:?}");
    assert!(log[0].old.is_none() && log[0].new.line_no == 2, "{log:?}");
    assert_eq!(log[0].made_by, "td");
    assert!(
        log[0].reason.contains("after publication"),
        "{}",
        log[0].reason
    );
}

/// A director's penalty on a board before the table entered it closed the board for
/// the table: its phone moved on to the next round, an entry of the board was refused,
/// and the night was complete without the result. A penalty is not a result.
#[tokio::test]
async fn a_penalty_does_not_close_a_board_for_its_table() {
    let c = setup("penalty-open").await;
    let app = &c.app;
    let t1 = format!("/t/{}", c.tokens[0]);
    let page = get(app, &t1, None).await;
    let board = first_open_board(&page.body).unwrap();
    // The table's pairs in round 1 of the three-table Mitchell.
    let (ns, ew) = ("1", "4");
    let penalty = klaver_store::Line {
        board: board.parse().unwrap(),
        ns: ns.into(),
        ew: ew.into(),
        adjust: "PEN -3/0".into(),
        ..klaver_store::Line::default()
    };
    c.store
        .add_logged_line(&c.club, c.night, &penalty, "td", "slow play")
        .await
        .unwrap();
    let page = get(app, &t1, None).await;
    assert_eq!(
        first_open_board(&page.body),
        Some(board.clone()),
        "{}",
        page.body
    );
    let r = post(
        app,
        &format!("{t1}/confirm"),
        &[("board", board.as_str()), ("contract", "PASS")],
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let session = c.store.session(&c.club, c.night).await.unwrap();
    assert_eq!(session.lines.len(), 2);
}

/// A board not played (NP) showed on the pair's scorecard as 0.00 matchpoints and 0 %,
/// where it is not counted for the pair at all; and an East-West pair's card showed
/// North-South's score as its own.
#[tokio::test]
async fn a_scorecard_shows_a_board_not_played_as_unscored_and_each_pairs_own_score() {
    let c = setup("np-card").await;
    for (ns, ew, contract, result, adjust) in [
        ("1", "4", "4S", "=", ""),
        ("3", "5", "", "", "NP"),
        ("2", "6", "4S", "+1", ""),
    ] {
        let line = klaver_store::Line {
            board: 1,
            ns: ns.into(),
            ew: ew.into(),
            contract: contract.into(),
            declarer: if contract.is_empty() { "" } else { "N" }.into(),
            result: result.into(),
            adjust: adjust.into(),
            ..klaver_store::Line::default()
        };
        c.store
            .add_line(&c.club, c.night, &line, "td")
            .await
            .unwrap();
    }
    // A split score on board 3, North-South's 60 % and East-West's 40 %.
    let split = klaver_store::Line {
        board: 3,
        ns: "2".into(),
        ew: "5".into(),
        adjust: "60/40".into(),
        ..klaver_store::Line::default()
    };
    c.store
        .add_line(&c.club, c.night, &split, "td")
        .await
        .unwrap();
    c.store.publish(&c.club, c.night, true).await.unwrap();
    let card = get(&c.app, &format!("/c/kievit/s/{}/pair/5", c.night), None).await;
    let row = card
        .body
        .split("<tr>")
        .find(|r| r.starts_with("<td class=\"n\">3</td>"))
        .unwrap();
    assert!(row.contains(">40/60<"), "East-West's own split: {row}");
    assert_eq!(card.status, StatusCode::OK, "{}", card.body);
    let row = card
        .body
        .split("<tr>")
        .find(|r| r.contains(">NP<"))
        .unwrap();
    assert!(!row.contains("0.00"), "{row}");
    let card = get(&c.app, &format!("/c/kievit/s/{}/pair/4", c.night), None).await;
    let row = card
        .body
        .split("<tr>")
        .find(|r| r.contains("4S N ="))
        .unwrap();
    assert!(row.contains(">-420<"), "{row}");
}

/// East's confirmation page showed the result in klaver's stored English notation on a
/// Dutch or Turkish phone (Dutch `3SA O 10` read "3NT E +1"): East confirms what North
/// typed, in the page's words.
#[tokio::test]
async fn east_confirms_the_result_in_the_pages_notation() {
    let c = setup("east-notation").await;
    let t1 = format!("/t/{}", c.tokens[0]);
    let typed = [
        ("board", "1"),
        ("contract", "3SA"),
        ("declarer", "O"),
        ("tricks", "10"),
        ("lead", "HV"),
    ];
    let r = post(&c.app, &format!("{t1}/enter"), &typed, Some("lang=nl")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let shown = r.body.split("<p class=\"big\">").nth(1).unwrap();
    let shown = shown.split("</p>").next().unwrap();
    assert!(shown.contains("3SA O +1"), "{shown}");
    assert!(shown.contains("HV"), "{shown}");
    // Confirmed, the Correct link's form shows the lead as the page writes it (it showed
    // HQ, which a Dutch page refuses as no card), and sent back as shown it is taken.
    let r = post(&c.app, &format!("{t1}/confirm"), &typed, Some("lang=nl")).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let page = get(&c.app, &t1, Some("lang=nl")).await;
    let href = page
        .body
        .split("href=\"")
        .find(|h| h.contains("fix="))
        .unwrap();
    let href = href.split('"').next().unwrap().replace("&amp;", "&");
    let form = get(&c.app, &href, Some("lang=nl")).await;
    assert!(form.body.contains("value=\"HV\""), "{}", form.body);
    let mut again = typed.to_vec();
    again.push(("fix", "1"));
    let r = post(&c.app, &format!("{t1}/enter"), &again, Some("lang=nl")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert!(!r.body.contains("class=\"error\""), "{}", r.body);
}

/// A line corrected to the pairs who really played it kept the table and round of the
/// pairs it first named: the line said table 1, round 1 for pairs the movement seats at
/// table 3 in round 2, and a later correction could not find it by its table.
#[tokio::test]
async fn a_line_corrected_to_other_pairs_takes_their_table_and_round() {
    let c = setup("moved-pairs").await;
    let app = &c.app;
    let line = klaver_store::Line {
        board: 1,
        table: Some(1),
        round: Some(1),
        ns: "1".into(),
        ew: "4".into(),
        contract: "PASS".into(),
        ..klaver_store::Line::default()
    };
    c.store
        .add_line(&c.club, c.night, &line, "td")
        .await
        .unwrap();
    let (cookie, _, _) = console(&c).await;
    let ck = Some(cookie.as_str());
    let s = format!("/director/s/{}", c.night);
    let csrf = get(app, &s, ck).await.csrf();
    let fix = [
        ("csrf", csrf.as_str()),
        ("version", "1"),
        ("board", "1"),
        ("ns", "3"),
        ("ew", "5"),
        ("result", "PASS"),
        ("lead", ""),
        ("reason", "the pairs who played it"),
    ];
    let r = post(app, &format!("{s}/lines/1"), &fix, ck).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let kept = c.store.session(&c.club, c.night).await.unwrap();
    let l = &kept.lines[0].line;
    assert_eq!(
        (l.ns.as_str(), l.ew.as_str(), l.table, l.round),
        ("3", "5", Some(3), Some(2))
    );
}

/// A correction the checks warn of is stored, and the console the director is sent
/// back to says so, with the warnings: the redirect showed nothing, and the director
/// never saw that the line's 450 is not the 420 of its contract, 4S made.
#[tokio::test]
async fn a_corrections_warnings_reach_the_console_after_the_redirect() {
    let c = setup("correct-warns").await;
    let app = &c.app;
    let line = klaver_store::Line {
        board: 1,
        ns: "1".into(),
        ew: "4".into(),
        contract: "4S".into(),
        declarer: "N".into(),
        result: "=".into(),
        score: "450".into(),
        ..klaver_store::Line::default()
    };
    let n = c
        .store
        .add_line(&c.club, c.night, &line, "td")
        .await
        .unwrap();
    let (cookie, s, csrf) = console(&c).await;
    let ck = Some(cookie.as_str());
    let edit = get(app, &format!("{s}/lines/{n}"), ck).await;
    let at = edit.body.find("name=\"result\" value=\"").unwrap() + 21;
    let shown = edit.body[at..].split('"').next().unwrap().to_string();
    let fix = [
        ("csrf", csrf.as_str()),
        ("version", "1"),
        ("board", "1"),
        ("ns", "1"),
        ("ew", "4"),
        ("result", shown.as_str()),
        ("lead", "HK"),
        ("reason", "the lead was left out"),
    ];
    let r = post(app, &format!("{s}/lines/{n}"), &fix, ck).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let back = get(app, r.location(), ck).await;
    assert_eq!(back.status, StatusCode::OK);
    assert!(
        back.body.contains(&format!("line {n}: Corrected")),
        "{}",
        back.body
    );
    let said = format!(
        "line {n}: Corrected · the contract N4S= scores 420 for North-South with nobody vulnerable but 450 was entered; the entered score is used"
    );
    assert!(back.body.contains(&said), "{}", back.body);
    // The console on its own says nothing of the correction.
    let plain = get(app, &s, ck).await;
    assert!(!plain.body.contains("450 was entered"), "{}", plain.body);
}

/// A test's database file, the files SQLite keeps beside it and a test's folder are
/// removed when the test is done with them, also when it fails: test runs do not fill
/// the temporary folder.
#[test]
fn a_test_s_files_are_removed_when_it_fails() {
    let mut kept = Vec::new();
    let failed = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let db = Scratch::new("removed.db");
        let dir = Scratch::new("removed folder");
        std::fs::create_dir_all(dir.path()).unwrap();
        kept.push(dir.path().join("sched.csv"));
        for suffix in ["", "-wal", "-shm"] {
            kept.push(format!("{}{suffix}", db.location()).into());
        }
        for path in &kept {
            std::fs::write(path, "").unwrap();
        }
        kept.push(dir.path().to_path_buf());
        panic!("a failing test");
    }));
    assert!(failed.is_err());
    assert_eq!(kept.len(), 5);
    for path in &kept {
        assert!(path.starts_with(std::env::temp_dir()), "{}", path.display());
        assert!(!path.exists(), "{} was left", path.display());
    }
}
