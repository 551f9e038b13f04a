//! klaver-web: a club night run from a laptop and the players' phones.
//!
//! `klaver serve` starts this web app on the club's database (klaver-store). It has
//! three kinds of pages:
//!
//! - public pages ([`public`]): each club's published sessions with the result list and
//!   travellers, every pair's own scorecard, and the season ranking, in English, Dutch
//!   or Turkish, for phones and desktops;
//! - the director's console ([`director`]), behind a login: create a night from the
//!   player list and a movement, print table cards with each table's QR code, enter and
//!   check travellers from the keyboard with the score and matchpoints shown as one
//!   types, adjust, correct with a reason, follow every table's progress live, publish;
//!   in the page's language too, the messages of its entry form included;
//! - the table pages ([`table`]): each table's phone opens its own secret link; North
//!   enters contract, declarer, lead and tricks for each board of the round and East
//!   confirms before the result is stored.
//!
//! Security ([`auth`]): passwords are kept as argon2 hashes; the login cookie is
//! HttpOnly, SameSite=Strict and (with `--secure-cookies`) Secure, and only its hash is
//! stored; every change a director makes carries the login's CSRF token; failed logins
//! are limited per address; a table's link lets its holder enter that table's results
//! in that session and nothing else. Every page is built with maud, which escapes all
//! text, and every query goes through the store's parameterised SQL. Responses carry a
//! strict Content-Security-Policy (no inline script) and no Referer, so a table's link
//! never leaks to another site.
//!
//! Scores are never computed here: a session is read back from the store and scored by
//! klaver-core with the options it keeps, exactly as `klaver session score` does.

pub mod auth;
pub mod demo;
pub mod director;
mod entry;
mod extract;
mod hands;
mod i18n;
mod layout;
pub mod public;
pub mod scoring;
pub mod table;

use axum::Router;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use klaver_store::{Store, StoreError};
use std::sync::Arc;

pub use i18n::Lang;

/// How the server runs.
#[derive(Debug, Clone)]
pub struct Options {
    /// Mark the login cookie Secure (behind HTTPS).
    pub secure_cookies: bool,
    /// The address phones use to reach the server, for the table cards' QR codes
    /// (`http://192.168.1.20:8080`); by default the address the director's browser used.
    pub public_url: Option<String>,
    /// How long a client may take to send a request's headers (also between requests on
    /// a kept-alive connection); then the connection is closed.
    pub header_timeout: std::time::Duration,
    /// How long a client may take to send a request's body; then it gets a 408.
    pub body_timeout: std::time::Duration,
    /// Keep a night's results unpublished when its last board is entered, until the
    /// director presses Publish (by default they are published then).
    pub hold_results: bool,
    /// After a board, show the table the board's traveller and percentages, once every
    /// table that plays it has entered it (off by default).
    pub show_travellers: bool,
    /// Minutes after publication during which a table may request a correction (the
    /// opponents confirming on the same phone); 0: none.
    pub correction_minutes: u32,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            secure_cookies: false,
            public_url: None,
            header_timeout: std::time::Duration::from_secs(10),
            body_timeout: std::time::Duration::from_secs(20),
            hold_results: false,
            show_travellers: false,
            correction_minutes: 30,
        }
    }
}

/// What every request handler shares.
#[derive(Clone)]
pub struct AppState {
    /// The club's database.
    pub store: Store,
    /// How the server runs.
    pub options: Arc<Options>,
    /// Failed logins per address.
    pub limiter: Arc<auth::LoginLimiter>,
}

impl AppState {
    /// The state for a store.
    pub fn new(store: Store, options: Options) -> AppState {
        AppState {
            store,
            options: Arc::new(options),
            limiter: Arc::new(auth::LoginLimiter::default()),
        }
    }
}

/// Every route of the app.
pub fn router(state: AppState) -> Router {
    Router::new()
        .merge(public::routes())
        .merge(auth::routes())
        .merge(director::routes().route_layer(axum::middleware::from_fn(refusals_in_page_lang)))
        .merge(table::routes())
        .merge(hands::routes())
        .route("/static/klaver.js", axum::routing::get(script))
        .route("/favicon.svg", axum::routing::get(icon))
        .route("/favicon.ico", axum::routing::get(icon))
        .fallback(no_page)
        .method_not_allowed_fallback(wrong_method)
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            body_in_time,
        ))
        .layer(axum::middleware::map_response(security_headers))
        .with_state(state)
}

/// An address no page answers: a plain 404 in the page's language rather than an empty
/// answer.
async fn no_page(layout::PageLang(lang): layout::PageLang) -> Response {
    refused_in(
        lang,
        StatusCode::NOT_FOUND,
        lang.t(i18n::Key::BadAddress).to_string(),
    )
}

/// A page asked for the wrong way (a form's address opened as a link): 405, said plainly.
async fn wrong_method(layout::PageLang(lang): layout::PageLang) -> Response {
    refused_in(
        lang,
        StatusCode::METHOD_NOT_ALLOWED,
        lang.t(i18n::Key::BadAddress).to_string(),
    )
}

/// The one script: the console's live checks and progress (served as a file, so the
/// Content-Security-Policy can forbid inline script).
async fn script() -> Response {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        include_str!("../static/klaver.js"),
    )
        .into_response()
}

/// The club's tab and home-screen icon (a clover). Browsers ask for `/favicon.ico` on
/// every site, also on the result list pages that do not name an icon; without it each
/// page load logged a failed request in the browser.
async fn icon() -> Response {
    (
        [
            (header::CONTENT_TYPE, "image/svg+xml"),
            (header::CACHE_CONTROL, "public, max-age=86400"),
        ],
        include_str!("../static/favicon.svg"),
    )
        .into_response()
}

async fn security_headers(mut response: Response) -> Response {
    let h = response.headers_mut();
    let set = |h: &mut axum::http::HeaderMap, name: &'static str, value: &'static str| {
        h.insert(name, HeaderValue::from_static(value));
    };
    set(
        h,
        "content-security-policy",
        "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; \
         script-src 'self'; frame-ancestors 'none'; form-action 'self'; base-uri 'none'",
    );
    set(h, "x-content-type-options", "nosniff");
    set(h, "referrer-policy", "no-referrer");
    set(h, "x-frame-options", "DENY");
    if !h.contains_key(header::CACHE_CONTROL) {
        set(h, "cache-control", "no-store");
    }
    response
}

/// The largest request body: every form of the app is a few hundred bytes.
pub const BODY_LIMIT: usize = 64 * 1024;

/// Serves the app on `listener` until the process is stopped (Ctrl-C or SIGTERM). A connection that
/// does not send a request's headers within [`Options::header_timeout`] is closed, and
/// a body not sent within [`Options::body_timeout`] is answered 408: a half-sent
/// request is never held open (a phone on a bad connection simply retries).
pub async fn serve(
    state: AppState,
    listener: tokio::net::TcpListener,
) -> Result<(), std::io::Error> {
    let header_timeout = state.options.header_timeout;
    let app = router(state);
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    let mut stop = stop_signal();
    loop {
        let (stream, addr) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(x) => x,
                // Out of file descriptors or a connection reset before it was taken:
                // the server goes on with the next one.
                Err(_) => {
                    tokio::time::sleep(std::time::Duration::from_millis(20)).await;
                    continue;
                }
            },
            _ = &mut stop => break,
        };
        let app = app.clone();
        let service = hyper::service::service_fn(move |mut req: hyper::Request<_>| {
            req.extensions_mut()
                .insert(axum::extract::ConnectInfo(addr));
            tower::ServiceExt::oneshot(app.clone(), req)
        });
        let conn = hyper::server::conn::http1::Builder::new()
            .timer(hyper_util::rt::TokioTimer::new())
            .header_read_timeout(header_timeout)
            .serve_connection(hyper_util::rt::TokioIo::new(stream), service);
        let conn = graceful.watch(conn);
        tokio::spawn(async move {
            let _ = conn.await;
        });
    }
    // Requests under way are answered; a connection that does not finish in time is cut.
    let _ = tokio::time::timeout(std::time::Duration::from_secs(10), graceful.shutdown()).await;
    Ok(())
}

/// Ctrl-C, or (on Unix) the SIGTERM a service manager or `kill` sends: either stops the
/// server the same orderly way, so that what it must clean up (a demo's database) is.
/// Both are listened for from this call on, not from the future's first poll: a signal
/// sent as soon as the first page is answered is not left to end the process unclean.
fn stop_signal() -> std::pin::Pin<Box<dyn std::future::Future<Output = ()> + Send>> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let (term, int) = (
            signal(SignalKind::terminate()),
            signal(SignalKind::interrupt()),
        );
        if let (Ok(mut term), Ok(mut int)) = (term, int) {
            return Box::pin(async move {
                tokio::select! {
                    _ = int.recv() => {}
                    _ = term.recv() => {}
                }
            });
        }
    }
    Box::pin(async {
        let _ = tokio::signal::ctrl_c().await;
    })
}

/// Reads a request's body within [`Options::body_timeout`] and [`BODY_LIMIT`] before any
/// handler sees it, so that a client sending slowly or endlessly is answered and let go.
async fn body_in_time(
    axum::extract::State(state): axum::extract::State<AppState>,
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let (parts, body) = req.into_parts();
    let read = axum::body::to_bytes(body, BODY_LIMIT);
    let bytes = match tokio::time::timeout(state.options.body_timeout, read).await {
        Ok(Ok(b)) => b,
        Ok(Err(_)) => {
            return refused(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!(
                    "the form sent is larger than {} KB: no field of a result, a name or a reason needs that much; shorten what was typed",
                    BODY_LIMIT / 1024
                ),
            );
        }
        Err(_) => {
            return refused(
                StatusCode::REQUEST_TIMEOUT,
                "the form did not arrive in time: send it again".into(),
            );
        }
    };
    next.run(axum::extract::Request::from_parts(
        parts,
        axum::body::Body::from(bytes),
    ))
    .await
}

fn refused(status: StatusCode, message: String) -> Response {
    refused_in(Lang::En, status, message)
}

/// A page refusing a request with `message`, in `lang`.
fn refused_in(lang: Lang, status: StatusCode, message: String) -> Response {
    let page = layout::page(
        lang,
        lang.status_title(status),
        None,
        maud::html! { p.error { (message) } p { a href="/" { "klaver" } } },
    );
    (status, page).into_response()
}

/// A request that cannot be answered, as the user sees it.
#[derive(Debug)]
pub enum WebError {
    /// 404: no such club, session, pair or link.
    NotFound(String),
    /// 400: the request itself is wrong.
    BadRequest(String),
    /// 403: not allowed (bad CSRF token, another club's session).
    Forbidden(String),
    /// 409: clashes with what is stored.
    Conflict(String),
    /// 503: a public page that cannot be built until the director fixes something.
    Unavailable(String),
    /// 500: the database failed.
    Internal(String),
}

impl From<StoreError> for WebError {
    fn from(e: StoreError) -> WebError {
        match e {
            StoreError::NotFound(m) => WebError::NotFound(m),
            StoreError::Conflict(m) => WebError::Conflict(m),
            StoreError::Invalid(m) => WebError::BadRequest(m),
            other => WebError::Internal(other.to_string()),
        }
    }
}

impl IntoResponse for WebError {
    fn into_response(self) -> Response {
        let (status, message) = match self {
            WebError::NotFound(m) => (StatusCode::NOT_FOUND, m),
            WebError::BadRequest(m) => (StatusCode::BAD_REQUEST, m),
            WebError::Forbidden(m) => (StatusCode::FORBIDDEN, m),
            WebError::Conflict(m) => (StatusCode::CONFLICT, m),
            WebError::Unavailable(m) => (StatusCode::SERVICE_UNAVAILABLE, m),
            WebError::Internal(m) => {
                eprintln!("klaver serve: {m}");
                (
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "the database could not be read or written; try again, and tell the director if it persists".to_string(),
                )
            }
        };
        let mut response = refused(status, message.clone());
        response.extensions_mut().insert(Refusal(message));
        response
    }
}

/// The message of a refused request, kept with its English page so that a page in
/// another language can be made of it ([`refusals_in_page_lang`]).
#[derive(Clone)]
struct Refusal(String);

/// Shows a request's refusal (a [`WebError`]) in the page's language: its title, and its
/// message as the handler said it (in the page's language where it has the words).
async fn refusals_in_page_lang(
    layout::PageLang(lang): layout::PageLang,
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let response = next.run(req).await;
    match response.extensions().get::<Refusal>() {
        Some(Refusal(message)) if lang != Lang::En => {
            refused_in(lang, response.status(), message.clone())
        }
        _ => response,
    }
}

/// What a handler returns.
pub type WebResult<T = Response> = Result<T, WebError>;
