//! A club night at full stretch on loopback: 50 tables' phones entering their boards at
//! once (100 pairs in a 50-table Mitchell, 9 rounds of 3 boards: 27 boards a table,
//! 1,350 results), each board as a phone does it: the table's page, North's entry, East's
//! confirmation. Prints the latency of each kind of request (p50, p99, max), the errors
//! (there must be none) and the time the whole night took.
//!
//!     cargo bench -p klaver-web --bench load
//!
//! The database is a fresh SQLite file (`KLAVER_BENCH_DATABASE` may name another, e.g. a
//! PostgreSQL URL of an empty database).

use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use klaver_store::{SessionInfo, SessionPair, Store};
use klaver_web::auth::token_hash;
use klaver_web::{AppState, Options};
use std::time::{Duration, Instant};

const TABLES: u32 = 50;
const ROUNDS: u32 = 9;
const BOARDS_PER_ROUND: u32 = 3;

#[derive(Default)]
struct Timings {
    page: Vec<Duration>,
    enter: Vec<Duration>,
    confirm: Vec<Duration>,
    errors: Vec<String>,
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i]
}

fn main() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(run());
}

async fn run() {
    let location = std::env::var("KLAVER_BENCH_DATABASE").unwrap_or_else(|_| {
        let p = std::env::temp_dir().join(format!("klaver-load-{}.db", std::process::id()));
        p.display().to_string()
    });
    let store = Store::open(&location).await.expect("the database opens");
    let club = store
        .init_club("load", "Load test club")
        .await
        .expect("a club");
    let pairs: Vec<SessionPair> = (1..=2 * TABLES)
        .map(|p| SessionPair {
            pair: p.to_string(),
            names: format!("Pair {p}"),
            ..SessionPair::default()
        })
        .collect();
    let movement = format!("mitchell-{TABLES}");
    let night = store
        .create_night(
            &club,
            &SessionInfo {
                date: "2025-11-25".into(),
                form: "pairs".into(),
                movement: Some(movement.clone()),
                boards_per_round: Some(i64::from(BOARDS_PER_ROUND)),
                options: vec![
                    format!("--movement={movement}"),
                    format!("--boards-per-round={BOARDS_PER_ROUND}"),
                ],
                ..SessionInfo::default()
            },
            &pairs,
        )
        .await
        .expect("the night");
    let mut tokens = Vec::new();
    for t in 1..=TABLES {
        let token = format!("load-table-{t}-{}", std::process::id());
        store
            .set_table_link(&club, night, i64::from(t), &token_hash(&token))
            .await
            .expect("a table link");
        tokens.push(token);
    }
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a port");
    let addr = listener.local_addr().expect("an address");
    let server = tokio::spawn(klaver_web::serve(
        AppState::new(store.clone(), Options::default()),
        listener,
    ));

    let client: Client<_, Full<Bytes>> = Client::builder(TokioExecutor::new()).build_http();
    let started = Instant::now();
    let mut tasks = Vec::new();
    for token in tokens {
        let client = client.clone();
        tasks.push(tokio::spawn(async move {
            let mut t = Timings::default();
            let base = format!("http://{addr}/t/{token}");
            for _ in 0..ROUNDS * BOARDS_PER_ROUND {
                // The phone shows the page with the boards still to enter.
                let (took, status, body) = request(&client, &base, None).await;
                t.page.push(took);
                if status != 200 {
                    t.errors.push(format!("page {status}"));
                    break;
                }
                let Some(board) = first_option(&body) else {
                    t.errors.push("no board to enter".into());
                    break;
                };
                // Everyone makes 3NT by South with an overtrick now and then.
                let tricks = 9 + board % 2;
                let form = format!("board={board}&contract=3NT&declarer=S&lead=H4&tricks={tricks}");
                let (took, status, body) =
                    request(&client, &format!("{base}/enter"), Some(&form)).await;
                t.enter.push(took);
                if status != 200 || !body.contains("/confirm") {
                    t.errors.push(format!("enter {status}"));
                    break;
                }
                let (took, status, _) =
                    request(&client, &format!("{base}/confirm"), Some(&form)).await;
                t.confirm.push(took);
                if status != 303 {
                    t.errors.push(format!("confirm {status}"));
                    break;
                }
            }
            t
        }));
    }
    let mut all = Timings::default();
    for task in tasks {
        let t = task.await.expect("a table's phone");
        all.page.extend(t.page);
        all.enter.extend(t.enter);
        all.confirm.extend(t.confirm);
        all.errors.extend(t.errors);
    }
    let elapsed = started.elapsed();
    let stored = store
        .session(&club, night)
        .await
        .expect("the night reads back")
        .lines
        .len();
    server.abort();

    println!(
        "{TABLES} tables, {} boards each, {} results on loopback ({}):",
        ROUNDS * BOARDS_PER_ROUND,
        TABLES * ROUNDS * BOARDS_PER_ROUND,
        store.location()
    );
    for (name, list) in [
        ("table page", &mut all.page),
        ("North's entry", &mut all.enter),
        ("East's confirmation", &mut all.confirm),
    ] {
        list.sort_unstable();
        println!(
            "  {name:<20} {:>5} requests  p50 {:>7.1} ms  p99 {:>7.1} ms  max {:>7.1} ms",
            list.len(),
            percentile(list, 0.50).as_secs_f64() * 1e3,
            percentile(list, 0.99).as_secs_f64() * 1e3,
            list.last().copied().unwrap_or_default().as_secs_f64() * 1e3
        );
    }
    let requests = all.page.len() + all.enter.len() + all.confirm.len();
    println!(
        "  errors: {}; results stored: {stored}; the night took {:.1} s ({:.0} requests/s)",
        all.errors.len(),
        elapsed.as_secs_f64(),
        requests as f64 / elapsed.as_secs_f64()
    );
    if !all.errors.is_empty() || stored != (TABLES * ROUNDS * BOARDS_PER_ROUND) as usize {
        eprintln!("first errors: {:?}", &all.errors[..all.errors.len().min(5)]);
        std::process::exit(1);
    }
}

/// The first board the table page offers.
fn first_option(body: &str) -> Option<u32> {
    let at = body.find("name=\"board\"")?;
    let rest = &body[at..];
    let v = rest.find("<option value=\"")? + 15;
    rest[v..].split('"').next()?.parse().ok()
}

async fn request(
    client: &Client<hyper_util::client::legacy::connect::HttpConnector, Full<Bytes>>,
    url: &str,
    form: Option<&str>,
) -> (Duration, u16, String) {
    let started = Instant::now();
    let req = match form {
        Some(f) => hyper::Request::post(url)
            .header("content-type", "application/x-www-form-urlencoded")
            .body(Full::new(Bytes::from(f.to_string()))),
        None => hyper::Request::get(url).body(Full::new(Bytes::new())),
    }
    .expect("a request");
    match client.request(req).await {
        Ok(res) => {
            let status = res.status().as_u16();
            let body = res
                .into_body()
                .collect()
                .await
                .map(|b| String::from_utf8_lossy(&b.to_bytes()).into_owned())
                .unwrap_or_default();
            (started.elapsed(), status, body)
        }
        Err(e) => (started.elapsed(), 0, e.to_string()),
    }
}
