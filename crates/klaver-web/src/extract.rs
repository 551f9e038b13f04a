//! The request's form, address and query read as axum reads them, but refused with a
//! plain message in the page's language and an error status: a missing form field or a
//! malformed address (`/director/s/abc`) never shows the web framework's own text.

use crate::i18n::{Key, Lang};
use crate::layout::PageLang;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::StatusCode;
use axum::http::request::Parts;
use axum::response::Response;
use serde::de::DeserializeOwned;

/// A form's fields; a form that cannot be read is answered 400.
pub struct Form<T>(pub T);

/// The values in the address's path; an address that cannot be read is answered 404:
/// there is no such page.
pub struct Path<T>(pub T);

/// The address's query; a query that cannot be read is answered 400.
pub struct Query<T>(pub T);

/// The language a request asks for.
async fn lang_of(parts: &mut Parts) -> Lang {
    match PageLang::from_request_parts(parts, &()).await {
        Ok(PageLang(lang)) => lang,
        Err(never) => match never {},
    }
}

/// The page refusing a request, in `lang`.
fn refusal(lang: Lang, status: StatusCode, key: Key) -> Response {
    crate::refused_in(lang, status, lang.t(key).to_string())
}

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for Form<T> {
    type Rejection = Response;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let (mut parts, body) = req.into_parts();
        let lang = lang_of(&mut parts).await;
        let req = Request::from_parts(parts, body);
        match axum::Form::<T>::from_request(req, state).await {
            Ok(axum::Form(value)) => Ok(Form(value)),
            Err(_) => Err(refusal(lang, StatusCode::BAD_REQUEST, Key::BadForm)),
        }
    }
}

impl<T: DeserializeOwned + Send, S: Send + Sync> FromRequestParts<S> for Path<T> {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match axum::extract::Path::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Path(value)) => Ok(Path(value)),
            Err(_) => {
                let lang = lang_of(parts).await;
                Err(refusal(lang, StatusCode::NOT_FOUND, Key::BadAddress))
            }
        }
    }
}

impl<T: DeserializeOwned + Send, S: Send + Sync> FromRequestParts<S> for Query<T> {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match axum::extract::Query::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Query(value)) => Ok(Query(value)),
            Err(_) => {
                let lang = lang_of(parts).await;
                Err(refusal(lang, StatusCode::BAD_REQUEST, Key::BadForm))
            }
        }
    }
}
