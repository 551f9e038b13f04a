//! The director's console in the page's language: every page of it, and every message
//! its entry form gives of a line it refuses, in Dutch and Turkish as well as English.

mod common;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use common::Scratch;
use http_body_util::BodyExt;
use klaver_store::{Club, Line, LineAt, SessionInfo, SessionPair, Store};
use klaver_web::auth::hash_password;
use klaver_web::{AppState, Options, router};
use tower::ServiceExt;

struct Reply {
    status: StatusCode,
    headers: axum::http::HeaderMap,
    body: String,
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

async fn get(app: &Router, path: &str, cookie: &str) -> Reply {
    let req = Request::get(path).header(header::COOKIE, cookie);
    send(app, req.body(Body::empty()).unwrap()).await
}

async fn post(app: &Router, path: &str, form: &[(&str, &str)], cookie: &str) -> Reply {
    let body = form
        .iter()
        .map(|(k, v)| format!("{}={}", enc(k), enc(v)))
        .collect::<Vec<_>>()
        .join("&");
    let req = Request::post(path)
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .header(header::COOKIE, cookie);
    send(app, req.body(Body::from(body)).unwrap()).await
}

fn enc(s: &str) -> String {
    s.bytes()
        .map(
            |b| match b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
                true => (b as char).to_string(),
                false => format!("%{b:02X}"),
            },
        )
        .collect()
}

/// The text a page shows, as its words in order, each with a space either side (tags
/// and punctuation left out), so that a phrase is found only as whole words.
fn words(body: &str) -> String {
    let mut text = String::new();
    let body = match (body.find("<style>"), body.find("</style>")) {
        (Some(from), Some(to)) => format!("{}{}", &body[..from], &body[to..]),
        _ => body.to_string(),
    };
    let mut in_tag = false;
    for c in body.chars() {
        match c {
            '<' => in_tag = true,
            '>' => {
                in_tag = false;
                text.push(' ');
            }
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    spaced(&text)
}

fn spaced(text: &str) -> String {
    let words: Vec<&str> = text
        .split(|c: char| !c.is_alphanumeric() && c != '\'')
        .filter(|w| !w.is_empty())
        .collect();
    format!(" {} ", words.join(" "))
}

/// The console's English, as its pages showed it whatever the page's language.
const ENGLISH: &[&str] = &[
    "The public ranking page",
    "New night",
    "Date",
    "Movement",
    "Boards per round",
    "Next",
    "Title",
    "Lines",
    "published",
    "rounds",
    "Player 1",
    "Create the night",
    "Guide cards",
    "Make table cards",
    "new links",
    "Withdraw",
    "Publish",
    "Round clock",
    "seconds a board",
    "Start this round's clock",
    "Progress",
    "correct",
    "Adj",
    "Two results for one board",
    "A table confirmed a result",
    "Keep the stored line",
    "Take this result",
    "Stored line",
    "Confirmed later",
    "By",
    "Decided",
    "Decision",
    "kept",
    "the stored line",
    "Corrections requested at the tables",
    "Applied to the published results",
    "Now",
    "Requested",
    "Refuse",
    "line",
    "Reason",
    "Weighted scores",
    "splits",
    "Table cards",
    "Print this page",
    "No movement",
    "matchpoints",
    "NS",
    "EW",
    "Board",
    "Bad Request",
    "Not Found",
];

/// The English words that are also the page's own: Turkish says board.
fn also_ours(lang: &str, phrase: &str) -> bool {
    lang == "tr" && phrase == "Board"
}

fn no_english(lang: &str, what: &str, r: &Reply) {
    assert!(
        r.status.is_success(),
        "{lang} {what}: {} {}",
        r.status,
        r.body
    );
    let text = words(&r.body);
    for phrase in ENGLISH.iter().filter(|p| !also_ours(lang, p)) {
        assert!(
            !text.contains(&spaced(phrase)),
            "{lang} {what}: {phrase:?} is English: {text}"
        );
    }
    // (The progress that the console polls is a part of a page.)
    let whole = r.body.starts_with("<!DOCTYPE");
    assert!(
        !whole || r.body.contains(&format!("<html lang=\"{lang}\">")),
        "{what}"
    );
}

struct Night {
    app: Router,
    store: Store,
    club: Club,
    night: i64,
    /// The database's file, removed after the store is dropped.
    _db: Scratch,
}

fn line(board: i64, ns: &str, ew: &str, contract: &str, declarer: &str, result: &str) -> Line {
    Line {
        board,
        ns: ns.into(),
        ew: ew.into(),
        contract: contract.into(),
        declarer: declarer.into(),
        result: result.into(),
        ..Line::default()
    }
}

/// A three-table night (mitchell-3, two boards a round) with two lines, a result a table
/// confirmed for a board that had one (still open), another the director decided, and a
/// correction a table requested.
async fn night(test: &str) -> Night {
    let db = Scratch::new(&format!("{test}.db"));
    let store = Store::open(&db.location()).await.unwrap();
    let club = store.init_club("kievit", "BC De Kievit").await.unwrap();
    let hash = hash_password("geheim-123").unwrap();
    store.add_director(&club, "td", &hash).await.unwrap();
    let pairs: Vec<SessionPair> = (1..=6)
        .map(|p| SessionPair {
            pair: p.to_string(),
            names: format!("Speler {p}a - Speler {p}b"),
            ..SessionPair::default()
        })
        .collect();
    let info = SessionInfo {
        date: "2025-10-07".into(),
        moment: "dinsdag".into(),
        title: "Dinsdag".into(),
        form: "pairs".into(),
        movement: Some("mitchell-3".into()),
        boards_per_round: Some(2),
        options: vec![
            "--movement=mitchell-3".into(),
            "--boards-per-round=2".into(),
        ],
        ..SessionInfo::default()
    };
    let night = store.create_night(&club, &info, &pairs).await.unwrap();
    let n = Night {
        app: router(AppState::new(store.clone(), Options::default())),
        store,
        club,
        night,
        _db: db,
    };
    n.lines_and_notices().await;
    n
}

impl Night {
    async fn lines_and_notices(&self) {
        let (store, club, night) = (&self.store, &self.club, self.night);
        let first = line(1, "1", "4", "4S", "N", "=");
        let second = line(3, "2", "5", "3NT", "S", "+1");
        store
            .add_line(club, night, &first, "table 1")
            .await
            .unwrap();
        store
            .add_line(club, night, &second, "table 2")
            .await
            .unwrap();
        let other = line(1, "1", "4", "4S", "N", "+1");
        store
            .add_conflict(club, night, 1, &other, "table 1")
            .await
            .unwrap();
        let other = line(3, "2", "5", "3NT", "S", "=");
        let decided = store
            .add_conflict(club, night, 2, &other, "table 2")
            .await
            .unwrap();
        store
            .resolve_conflict(club, night, decided, false, "td")
            .await
            .unwrap();
        let at = LineAt {
            session: night,
            line_no: 2,
            version: 1,
        };
        let requested = line(3, "2", "5", "3NT", "S", "+2");
        let reason = "correction requested after publication at table 2";
        store
            .correct(club, at, &requested, "table 2", reason)
            .await
            .unwrap();
    }

    /// The login cookie with the page's language.
    async fn cookie(&self, lang: &str) -> String {
        let form = [
            ("club", "kievit"),
            ("login", "td"),
            ("password", "geheim-123"),
        ];
        let r = post(&self.app, "/login", &form, "").await;
        assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
        let set = r.headers.get(header::SET_COOKIE).unwrap().to_str().unwrap();
        format!("{}; lang={lang}", set.split(';').next().unwrap())
    }

    fn at(&self, path: &str) -> String {
        format!("/director/s/{}{path}", self.night)
    }

    /// The night's console, and its CSRF token.
    async fn csrf(&self, cookie: &str) -> String {
        let body = get(&self.app, &self.at(""), cookie).await.body;
        let at = body.find("name=\"csrf\" value=\"").unwrap() + 19;
        body[at..].split('"').next().unwrap().to_string()
    }

    /// What the console says of a line typed into its entry form (its error or its
    /// confirmation).
    async fn enter(&self, cookie: &str, fields: &[(&str, &str)]) -> String {
        let csrf = self.csrf(cookie).await;
        let mut form = vec![
            ("csrf", csrf.as_str()),
            ("board", "5"),
            ("ns", "3"),
            ("ew", "6"),
            ("result", "-100"),
            ("lead", ""),
        ];
        for (k, v) in fields {
            form.retain(|(key, _)| key != k);
            form.push((k, v));
        }
        let r = post(&self.app, &self.at("/lines"), &form, cookie).await;
        let refused = r.body.split("<p class=\"error\">").nth(1);
        // A refused line answers with an error status; a stored one with the console.
        let status = match refused {
            Some(_) => [StatusCode::BAD_REQUEST, StatusCode::CONFLICT].contains(&r.status),
            None => r.status == StatusCode::OK,
        };
        assert!(status, "{}: {}", r.status, r.body);
        let said = refused
            .or_else(|| r.body.split("<p class=\"ok\">").nth(1))
            .expect("a message");
        said.split("</p>").next().unwrap().replace("&quot;", "\"")
    }
}

#[tokio::test]
async fn every_page_of_the_console_speaks_dutch_and_turkish() {
    let n = night("console-lang-pages").await;
    let app = &n.app;
    for lang in ["nl", "tr"] {
        let cookie = n.cookie(lang).await;
        let c = cookie.as_str();
        no_english(lang, "club", &get(app, "/director", c).await);
        let new = "/director/nights/new?date=2025-10-14&movement=mitchell-3&boards_per_round=2";
        let r = get(app, new, c).await;
        no_english(lang, "new night", &r);
        assert!(!r.body.contains("tuesday"), "{}", r.body);
        let r = get(app, &n.at(""), c).await;
        no_english(lang, "console", &r);
        for part in ["conflicts", "decided-conflicts", "requests"] {
            assert!(r.body.contains(&format!("id=\"{part}\"")), "{part}");
        }
        no_english(lang, "line", &get(app, &n.at("/lines/1"), c).await);
        no_english(lang, "progress", &get(app, &n.at("/progress"), c).await);
        // The live result list is the report the public pages show, in the page's
        // language (its warnings that have no Dutch or Turkish form stay English).
        let r = get(app, &n.at("/results"), c).await;
        assert!(
            r.body.contains(&format!("<html lang=\"{lang}\">")),
            "{}",
            r.body
        );
        let csrf = n.csrf(c).await;
        let r = post(app, &n.at("/cards"), &[("csrf", &csrf)], c).await;
        no_english(lang, "table cards", &r);
    }
    // Dutch guide cards (there are no Turkish ones: a Turkish console prints English).
    let nl = n.cookie("nl").await;
    let r = get(app, &n.at("/guide"), &nl).await;
    assert!(words(&r.body).contains(" Ronde "), "{}", r.body);
}

/// The pages keep their English for an English console.
#[tokio::test]
async fn the_english_console_is_as_it_was() {
    let n = night("console-lang-en").await;
    let c = n.cookie("en").await;
    let r = get(&n.app, &n.at(""), &c).await;
    for phrase in [
        "Two results for one board",
        "Keep the stored line",
        "Corrections requested at the tables",
        "Refuse",
        "Guide cards",
        "Progress",
        ">correct<",
        "Decided: two results for one board",
        "kept (the stored line) by td",
        "line 1: 4S N = · NS +420",
    ] {
        assert!(r.body.contains(phrase), "{phrase}: {}", r.body);
    }
    let said = n.enter(&c, &[("board", "")]).await;
    assert_eq!(said, "board: type the board number");
    let said = n.enter(&c, &[("result", "4S N =")]).await;
    assert_eq!(
        said,
        "line 3: board 5: NS +620 · matchpoints NS 2.00 EW 2.00 of 4"
    );
}

/// A refusal page of the console (a night's line that is not there, a form that cannot
/// make a night) has the page's language: its title and its message.
#[tokio::test]
async fn a_refused_request_is_said_in_the_pages_language() {
    let n = night("console-lang-refused").await;
    let nl = n.cookie("nl").await;
    let r = get(&n.app, &n.at("/lines/99"), &nl).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert!(r.body.contains("<html lang=\"nl\">"), "{}", r.body);
    assert!(r.body.contains("Niet gevonden"), "{}", r.body);
    let no_line = format!("zitting {} heeft geen regel 99", n.night);
    assert!(r.body.contains(&no_line), "{}", r.body);
    let csrf = n.csrf(&nl).await;
    let form = [
        ("csrf", csrf.as_str()),
        ("date", "2025-10-14"),
        ("movement", "mitchell-3"),
        ("boards_per_round", "twee"),
    ];
    let r = post(&n.app, "/director/nights", &form, &nl).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(
        r.body.contains("spellen per ronde moet een getal zijn"),
        "{}",
        r.body
    );
    assert!(r.body.contains("Onjuist verzoek"), "{}", r.body);
    let tr = n.cookie("tr").await;
    let r = get(&n.app, &n.at("/lines/99"), &tr).await;
    assert!(r.body.contains("Bulunamadı"), "{}", r.body);
    let no_line = format!("{} numaralı oturumda 99 numaralı satır yok", n.night);
    assert!(r.body.contains(&no_line), "{}", r.body);
}

/// Every kind of line the console's entry form refuses, as a Dutch console says it.
#[tokio::test]
async fn a_refused_line_is_said_in_dutch() {
    let n = night("console-lang-nl").await;
    let nl = n.cookie("nl").await;
    let long = "x".repeat(201);
    let cases: &[(&[(&str, &str)], &str)] = &[
        (&[("board", "")], "spel: typ het spelnummer"),
        (&[("ew", " ")], "typ beide paren: Noord-Zuid en Oost-West"),
        (
            &[("result", long.as_str())],
            "uitslag is te lang (201 tekens): er worden er hoogstens 200 aangenomen",
        ),
        (&[("lead", "XX")], "\"XX\" is geen kaart: typ de uitkomst"),
        (
            &[("result", " ")],
            "typ een uitslag: 4S N +1, 3SAX O -2, PAS",
        ),
        (
            &[("result", "Reverse")],
            "REV keert een gespeelde uitslag om",
        ),
        (
            &[("result", "PAS N =")],
            "een gepast spel heeft geen leider en geen slagen: typ alleen PAS",
        ),
        (
            &[("result", "4S N -")],
            "\"4S N -\": de '-' zonder getal erachter is gelezen als precies gemaakt: typ = voor precies gemaakt",
        ),
        (
            &[("result", "8S N =")],
            "\"8S N =\" is niet te lezen als uitslag: het niveau is 1 tot en met 7, niet 8",
        ),
        (&[("ew", "9")], "paar 3 of 9 speelt niet in deze zitting"),
        (&[("ew", "3")], "paar 3 kan niet tegen zichzelf spelen"),
        (
            &[("board", "1"), ("ns", "1"), ("ew", "5")],
            "paar 1 speelde spel 1 al (1 tegen 4): verbeter liever die regel",
        ),
        (
            &[("result", "4S N =")],
            "regel 3: spel 5: NZ +620 · matchpunten NZ 2.00 OW 2.00 van 4",
        ),
    ];
    for (fields, want) in cases {
        let said = n.enter(&nl, fields).await;
        assert!(said.starts_with(want), "{fields:?}: {said}");
    }
    // As the form is typed, before it is sent.
    let check = n.at("/check?board=5&ns=3&ew=6&result=8S");
    let r = get(&n.app, &check, &nl).await;
    assert!(
        r.body.contains("is niet te lezen als uitslag"),
        "{}",
        r.body
    );
}

/// A correction that would have a pair play a board twice, and a reason too long, as a
/// Dutch console refuses them.
#[tokio::test]
async fn a_refused_correction_is_said_in_dutch() {
    let n = night("console-lang-correct").await;
    let nl = n.cookie("nl").await;
    let csrf = n.csrf(&nl).await;
    let long = "x".repeat(201);
    let correct = |reason: String| {
        let form = [
            ("csrf", csrf.clone()),
            ("version", "2".into()),
            ("board", "1".into()),
            ("ns", "1".into()),
            ("ew", "4".into()),
            ("result", "4S N =".into()),
            ("reason", reason),
        ];
        let (n, nl) = (&n, &nl);
        async move {
            let form: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
            post(&n.app, &n.at("/lines/2"), &form, nl).await
        }
    };
    let r = correct("spel verkeerd".into()).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    let want = "paar 1 speelt spel 1 al op regel 1: verbeter die regel, of geef deze regel zijn eigen spel";
    assert!(r.body.contains(want), "{}", r.body);
    let r = correct(long).await;
    assert!(
        r.body.contains("reden is te lang (201 tekens)"),
        "{}",
        r.body
    );
}

/// The refusals of the entry form as a Turkish console says them.
#[tokio::test]
async fn a_refused_line_is_said_in_turkish() {
    let n = night("console-lang-tr").await;
    let tr = n.cookie("tr").await;
    let cases: &[(&[(&str, &str)], &str)] = &[
        (&[("board", "")], "board: board numarasını yazın"),
        (
            &[("ns", "")],
            "iki çifti de yazın: Kuzey-Güney ve Doğu-Batı",
        ),
        (&[("lead", "XX")], "\"XX\" bir kart değil"),
        (&[("result", "")], "bir sonuç yazın"),
        (
            &[("result", "Ters")],
            "Ters, oynanmış bir sonucu tersine çevirir",
        ),
        (
            &[("result", "PAS K =")],
            "pas geçilen boardun deklaranı ve lövesi yoktur",
        ),
        (
            &[("result", "8 Pik K =")],
            "\"8 Pik K =\" sonuç olarak okunamadı: seviye 1 ile 7 arasında olmalı, 8 değil",
        ),
        (
            &[("ew", "9")],
            "3 ya da 9 numaralı çift bu oturumda oynamıyor",
        ),
        (&[("ew", "3")], "3 numaralı çift kendisine karşı oynayamaz"),
        (
            &[("board", "1"), ("ns", "1"), ("ew", "5")],
            "1 numaralı çift 1 numaralı boardu zaten oynadı (1 - 4)",
        ),
        (
            &[("result", "4 Pik K =")],
            "satır 3: board 5: K-G +620 · maç puanı K-G 2.00 D-B 2.00 / 4",
        ),
    ];
    for (fields, want) in cases {
        let said = n.enter(&tr, fields).await;
        assert!(said.starts_with(want), "{fields:?}: {said}");
    }
}

/// A line's edit form shows its result in the page's notation, and sent back as shown it
/// is read as the same result: a correction of the lead alone goes through in every
/// language, and the lines table shows the contract as the edit form does.
#[tokio::test]
async fn a_result_shown_for_correction_reads_back_in_every_language() {
    let shown = [
        ("en", "4S N =", "SA"),
        ("nl", "4S N C", "SA"),
        ("tr", "4 Pik K bien", "PA"),
    ];
    for (lang, want, lead) in shown {
        let n = night(&format!("console-lang-shown-{lang}")).await;
        let cookie = n.cookie(lang).await;
        let csrf = n.csrf(&cookie).await;
        let edit = get(&n.app, &n.at("/lines/1"), &cookie).await;
        assert_eq!(edit.status, StatusCode::OK, "{lang}: {}", edit.body);
        let at = edit.body.find("name=\"result\" value=\"").unwrap() + 21;
        let value = edit.body[at..].split('"').next().unwrap().to_string();
        assert_eq!(value, want, "{lang}");
        let console = get(&n.app, &n.at(""), &cookie).await;
        assert!(
            console.body.contains(&format!("<td>{want}</td>")),
            "{lang}: {}",
            console.body
        );
        let form = [
            ("csrf", csrf.as_str()),
            ("version", "1"),
            ("board", "1"),
            ("ns", "1"),
            ("ew", "4"),
            ("result", value.as_str()),
            ("lead", lead),
            ("reason", "the lead"),
        ];
        let r = post(&n.app, &n.at("/lines/1"), &form, &cookie).await;
        assert_eq!(r.status, StatusCode::SEE_OTHER, "{lang}: {}", r.body);
        let session = n.store.session(&n.club, n.night).await.unwrap();
        let line = &session
            .lines
            .iter()
            .find(|l| l.line.line_no == 1)
            .unwrap()
            .line;
        let stored = (
            line.contract.as_str(),
            line.declarer.as_str(),
            line.result.as_str(),
        );
        assert_eq!(stored, ("4S", "N", "="), "{lang}");
        assert_eq!(line.lead, "SA", "{lang}");
    }
}
