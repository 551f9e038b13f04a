//! Directors' logins: argon2 password hashes, a login cookie of which only the hash is
//! stored, a CSRF token per login that every change must carry, and a limit on failed
//! logins per address.

use crate::extract::Form;
use crate::i18n::Key;
use crate::layout::{PageLang, page};
use crate::{AppState, WebError, WebResult};
use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use axum::Router;
use axum::extract::{ConnectInfo, FromRequestParts, State};
use axum::http::StatusCode;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum_extra::extract::CookieJar;
use axum_extra::extract::cookie::{Cookie, SameSite};
use base64::Engine;
use klaver_store::{Club, Director};
use maud::html;
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The login cookie's name.
pub const LOGIN_COOKIE: &str = "klaver_login";

/// How long a login lasts: a club night and then some.
const LOGIN_HOURS: i64 = 12;

/// Failed logins allowed per address in [`FAILURE_WINDOW`].
const MAX_FAILURES: usize = 5;
const FAILURE_WINDOW: Duration = Duration::from_secs(10 * 60);

/// An argon2id hash of a password (PHC string with its own random salt).
pub fn hash_password(password: &str) -> Result<String, WebError> {
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).map_err(|e| WebError::Internal(format!("no randomness: {e}")))?;
    let salt = SaltString::encode_b64(&salt)
        .map_err(|e| WebError::Internal(format!("cannot make a salt: {e}")))?;
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| WebError::Internal(format!("cannot hash the password: {e}")))
}

/// Whether `password` is the one `hash` was made from.
pub fn verify_password(password: &str, hash: &str) -> bool {
    PasswordHash::new(hash)
        .map(|h| {
            Argon2::default()
                .verify_password(password.as_bytes(), &h)
                .is_ok()
        })
        .unwrap_or(false)
}

/// A fresh secret: 32 random bytes, URL-safe base64.
pub fn random_token() -> String {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).expect("the operating system provides randomness");
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// What the database keeps of a secret: its SHA-256, hex.
pub fn token_hash(token: &str) -> String {
    let digest = Sha256::digest(token.as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// Whether two secrets are equal, taking the same time wherever they differ.
pub fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

/// Failed logins per address.
#[derive(Debug, Default)]
pub struct LoginLimiter {
    failures: Mutex<HashMap<String, Vec<Instant>>>,
}

impl LoginLimiter {
    /// Whether `who` may try again now.
    pub fn allowed(&self, who: &str) -> bool {
        let mut map = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        let now = Instant::now();
        let list = map.entry(who.to_string()).or_default();
        list.retain(|t| now.duration_since(*t) < FAILURE_WINDOW);
        list.len() < MAX_FAILURES
    }

    /// Counts a failed login of `who`.
    pub fn failed(&self, who: &str) {
        let mut map = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        map.entry(who.to_string()).or_default().push(Instant::now());
    }

    /// Forgets `who`'s failures after a good login.
    pub fn succeeded(&self, who: &str) {
        let mut map = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        map.remove(who);
    }
}

/// A logged-in director on a request.
#[derive(Debug, Clone)]
pub struct DirectorSession {
    /// The director.
    pub director: Director,
    /// The director's club.
    pub club: Club,
    /// The token every form must carry.
    pub csrf: String,
}

impl DirectorSession {
    /// Refuses a change whose form does not carry this login's token.
    pub fn check(&self, csrf: &str) -> Result<(), WebError> {
        if same_secret(csrf, &self.csrf) {
            Ok(())
        } else {
            Err(WebError::Forbidden(
                "this form is out of date or came from another site: reload the page and try again"
                    .into(),
            ))
        }
    }
}

/// Without a login, a director's page sends the browser to the login page.
pub struct LoginRequired;

impl IntoResponse for LoginRequired {
    fn into_response(self) -> Response {
        Redirect::to("/login").into_response()
    }
}

impl FromRequestParts<AppState> for DirectorSession {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Response> {
        let jar = CookieJar::from_headers(&parts.headers);
        let Some(cookie) = jar.get(LOGIN_COOKIE) else {
            return Err(LoginRequired.into_response());
        };
        let login = state
            .store
            .logged_in(&token_hash(cookie.value()))
            .await
            .map_err(|e| WebError::from(e).into_response())?;
        let Some(login) = login else {
            return Err(LoginRequired.into_response());
        };
        let club = state
            .store
            .club_by_id(login.director.club_id)
            .await
            .map_err(|e| WebError::from(e).into_response())?;
        Ok(DirectorSession {
            director: login.director,
            club,
            csrf: login.csrf,
        })
    }
}

/// The login routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/login", get(login_page).post(login))
        .route("/logout", post(logout))
        .route("/lang/{code}", get(crate::layout::set_lang))
}

async fn login_page(State(state): State<AppState>, PageLang(lang): PageLang) -> WebResult {
    let clubs = state.store.clubs().await?;
    Ok(login_form(lang, &clubs, None).into_response())
}

fn login_form(
    lang: crate::Lang,
    clubs: &[Club],
    error: Option<&str>,
) -> axum::response::Html<String> {
    page(
        lang,
        lang.t(Key::Login),
        Some("/login"),
        html! {
            @if let Some(e) = error { p.error { (e) } }
            form method="post" action="/login" {
                @if clubs.len() > 1 {
                    label { "Club " select name="club" {
                        @for c in clubs { option value=(c.code) { (c.name) } }
                    } }
                    br;
                } @else if let Some(c) = clubs.first() {
                    input type="hidden" name="club" value=(c.code);
                    p { (c.name) }
                }
                label { (lang.t(Key::Director)) " " input name="login" autocomplete="username" required; }
                br;
                label { (lang.t(Key::Password)) " " input name="password" type="password" autocomplete="current-password" required; }
                br;
                button type="submit" { (lang.t(Key::Login)) }
            }
        },
    )
}

#[derive(serde::Deserialize)]
struct LoginForm {
    #[serde(default)]
    club: String,
    login: String,
    password: String,
}

/// The address a request came from (`local` when the server was not given one, as in
/// tests).
pub struct ClientAddr(pub String);

impl<S: Send + Sync> FromRequestParts<S> for ClientAddr {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(ClientAddr(
            parts
                .extensions
                .get::<ConnectInfo<SocketAddr>>()
                .map_or_else(|| "local".to_string(), |a| a.0.ip().to_string()),
        ))
    }
}

async fn login(
    State(state): State<AppState>,
    PageLang(lang): PageLang,
    ClientAddr(who): ClientAddr,
    jar: CookieJar,
    Form(form): Form<LoginForm>,
) -> WebResult {
    let clubs = state.store.clubs().await?;
    if !state.limiter.allowed(&who) {
        return Ok((
            StatusCode::TOO_MANY_REQUESTS,
            login_form(
                lang,
                &clubs,
                Some("too many failed logins from this address: wait ten minutes"),
            ),
        )
            .into_response());
    }
    let club = clubs.iter().find(|c| c.code == form.club);
    let director = match club {
        Some(c) => state.store.director(c, &form.login).await?,
        None => None,
    };
    let good = match &director {
        Some(d) => verify_password(&form.password, &d.password_hash),
        None => {
            // The same work as a real check, so that a wrong name takes as long as a
            // wrong password.
            let _ = verify_password(&form.password, dummy_hash());
            false
        }
    };
    let (Some(director), true) = (director, good) else {
        state.limiter.failed(&who);
        return Ok((
            StatusCode::UNAUTHORIZED,
            login_form(lang, &clubs, Some("wrong login or password")),
        )
            .into_response());
    };
    state.limiter.succeeded(&who);
    let token = random_token();
    state
        .store
        .start_login(
            &director,
            &token_hash(&token),
            &random_token(),
            &klaver_store::now_plus(LOGIN_HOURS * 3600),
        )
        .await?;
    let cookie = Cookie::build((LOGIN_COOKIE, token))
        .path("/")
        .http_only(true)
        .same_site(SameSite::Strict)
        .secure(state.options.secure_cookies)
        .build();
    Ok((jar.add(cookie), Redirect::to("/director")).into_response())
}

/// A hash of no real password, to spend the same time on an unknown login.
fn dummy_hash() -> &'static str {
    static HASH: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    HASH.get_or_init(|| hash_password(&random_token()).unwrap_or_default())
}

#[derive(serde::Deserialize)]
struct CsrfForm {
    csrf: String,
}

async fn logout(
    State(state): State<AppState>,
    session: DirectorSession,
    jar: CookieJar,
    Form(form): Form<CsrfForm>,
) -> WebResult {
    session.check(&form.csrf)?;
    if let Some(c) = jar.get(LOGIN_COOKIE) {
        state.store.end_login(&token_hash(c.value())).await?;
    }
    let jar = jar.remove(Cookie::build(LOGIN_COOKIE).path("/"));
    Ok((jar, Redirect::to("/")).into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_tokens_and_limits() {
        let h = hash_password("correct horse").unwrap();
        assert!(h.starts_with("$argon2id$"));
        assert!(verify_password("correct horse", &h));
        assert!(!verify_password("Correct horse", &h));
        assert!(!verify_password("x", "not a hash"));
        assert_ne!(
            hash_password("same").unwrap(),
            hash_password("same").unwrap()
        );
        let t = random_token();
        assert_eq!(t.len(), 43);
        assert_ne!(t, random_token());
        assert_eq!(token_hash("abc").len(), 64);
        assert!(same_secret("abc", "abc") && !same_secret("abc", "abd") && !same_secret("a", "ab"));
        let l = LoginLimiter::default();
        for _ in 0..MAX_FAILURES {
            assert!(l.allowed("1.2.3.4"));
            l.failed("1.2.3.4");
        }
        assert!(!l.allowed("1.2.3.4"));
        assert!(l.allowed("5.6.7.8"));
        l.succeeded("1.2.3.4");
        assert!(l.allowed("1.2.3.4"));
    }
}
