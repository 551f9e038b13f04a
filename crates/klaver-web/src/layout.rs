//! The page shell every page shares: language, title, navigation, style for phones and
//! desktops; and the page language taken from the request.

use crate::i18n::Lang;
use axum::extract::{FromRequestParts, Query};
use axum::http::request::Parts;
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum_extra::extract::CookieJar;
use axum_extra::extract::cookie::{Cookie, SameSite};
use maud::{DOCTYPE, Markup, PreEscaped, html};
use std::convert::Infallible;

const STYLE: &str = "
body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;margin:0;color:#1b1b1b;background:#fafaf7}
header{background:#14532d;color:#fff;padding:.6rem 1rem;display:flex;flex-wrap:wrap;gap:.8rem;align-items:center}
header a{color:#fff;text-decoration:none}
header .langs{margin-left:auto;font-size:.85rem}
main{padding:1rem;max-width:60rem;margin:auto}
table{border-collapse:collapse;margin:.5rem 0}
td,th{border-bottom:1px solid #ddd;padding:.3rem .5rem;text-align:left}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
.error{color:#a40000;font-weight:600}
.ok{color:#14532d;font-weight:600}
.muted{color:#666}
form.inline{display:inline}
input,select,button{font-size:1rem;padding:.35rem .5rem;margin:.15rem 0}
button{background:#14532d;color:#fff;border:0;border-radius:.3rem;cursor:pointer}
button.secondary{background:#666}
.big input,.big select,.big button{font-size:1.25rem;padding:.6rem;width:100%;box-sizing:border-box}
.cards{display:flex;flex-wrap:wrap;gap:1rem}
.card{border:1px solid #999;padding:.8rem;width:15rem;break-inside:avoid}
.card svg{width:12rem;height:12rem}
.card a,.card small{overflow-wrap:anywhere}
.scroll{overflow-x:auto;max-width:100%}
@media (max-width:32rem){main{padding:.5rem}td,th{padding:.25rem .3rem}}
@media print{header,.noprint{display:none}}
";

/// A whole page.
pub fn page(lang: Lang, title: &str, here: Option<&str>, body: Markup) -> Html<String> {
    let markup = html! {
        (DOCTYPE)
        html lang=(lang.code()) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (title) " · klaver" }
                link rel="icon" type="image/svg+xml" href="/favicon.svg";
                style { (PreEscaped(STYLE)) }
            }
            body {
                header {
                    a href="/" { b { "klaver" } }
                    span { (title) }
                    @if let Some(here) = here {
                        span.langs {
                            @for l in Lang::ALL {
                                @if l == lang {
                                    b { (l.name()) } " "
                                } @else {
                                    a href=(format!("/lang/{}?back={}", l.code(), encode(here))) { (l.name()) } " "
                                }
                            }
                        }
                    }
                }
                main { (body) }
            }
        }
    };
    Html(markup.into_string())
}

/// A path for a query string.
fn encode(path: &str) -> String {
    let mut out = String::new();
    for b in path.bytes() {
        if b.is_ascii_alphanumeric() || b"-_./~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// The page language of a request: the `lang` cookie, else the browser's
/// Accept-Language, else English.
pub struct PageLang(pub Lang);

impl<S: Send + Sync> FromRequestParts<S> for PageLang {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let jar = CookieJar::from_headers(&parts.headers);
        let lang = jar
            .get("lang")
            .and_then(|c| Lang::from_code(c.value()))
            .or_else(|| {
                parts
                    .headers
                    .get("accept-language")
                    .and_then(|v| v.to_str().ok())
                    .and_then(Lang::from_accept)
            })
            .unwrap_or_default();
        Ok(PageLang(lang))
    }
}

#[derive(serde::Deserialize)]
pub struct Back {
    back: Option<String>,
}

/// Whether `back` is a path on this site and nothing else: it starts with one `/` and
/// holds only visible ASCII. Browsers drop tabs and line breaks from a URL, so
/// `/\t/evil.example/` would leave the site as `//evil.example/`; a line break would
/// not even make a valid header.
fn is_local_path(back: &str) -> bool {
    back.starts_with('/')
        && back.len() <= 2000
        && back.bytes().all(|b| b.is_ascii_graphic() && b != b'\\')
        && !back[1..].starts_with('/')
}

/// `/lang/{code}?back=/path`: remembers the language and goes back to the page.
pub async fn set_lang(
    axum::extract::Path(code): axum::extract::Path<String>,
    Query(q): Query<Back>,
    jar: CookieJar,
) -> Response {
    let back = q
        .back
        .filter(|b| is_local_path(b))
        .unwrap_or_else(|| "/".into());
    match Lang::from_code(&code) {
        Some(lang) => {
            let cookie = Cookie::build(("lang", lang.code()))
                .path("/")
                .same_site(SameSite::Lax)
                .permanent()
                .build();
            (jar.add(cookie), Redirect::to(&back)).into_response()
        }
        None => Redirect::to(&back).into_response(),
    }
}
