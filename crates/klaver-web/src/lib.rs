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
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Mark the login cookie Secure (behind HTTPS).
    pub secure_cookies: bool,
    /// The address phones use to reach the server, for the table cards' QR codes
    /// (`http://192.168.1.20:8080`); by default the address the director's browser used.
    pub public_url: Option<String>,
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
        .merge(director::routes())
        .merge(table::routes())
        .route("/static/klaver.js", axum::routing::get(script))
        .route("/favicon.svg", axum::routing::get(icon))
        .route("/favicon.ico", axum::routing::get(icon))
        .layer(axum::middleware::map_response(security_headers))
        .with_state(state)
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

/// Serves the app on `addr` until the process is stopped (Ctrl-C).
pub async fn serve(
    state: AppState,
    listener: tokio::net::TcpListener,
) -> Result<(), std::io::Error> {
    let app = router(state).into_make_service_with_connect_info::<std::net::SocketAddr>();
    axum::serve(listener, app)
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
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
            WebError::Internal(m) => {
                eprintln!("klaver serve: {m}");
                (
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "the database could not be read or written; try again, and tell the director if it persists".to_string(),
                )
            }
        };
        let page = layout::page(
            Lang::En,
            status.canonical_reason().unwrap_or("Error"),
            None,
            maud::html! { p.error { (message) } p { a href="/" { "klaver" } } },
        );
        (status, page).into_response()
    }
}

/// What a handler returns.
pub type WebResult<T = Response> = Result<T, WebError>;
