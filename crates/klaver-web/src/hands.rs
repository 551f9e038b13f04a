//! The hands of a board dealt at a table without a dealing machine: one of the players
//! types the four hands on the table's phone, the server checks that the 52 cards are
//! each there once, solves the board double dummy and keeps it with the session, so that
//! the result pages show it and the lead of every later table is checked against it.

use crate::extract::{Form, Path};
use crate::i18n::{Key, Lang};
use crate::layout::{PageLang, page};
use crate::table::{AtTable, open};
use crate::{AppState, WebError, WebResult};
use axum::Router;
use axum::extract::State;
use axum::response::{IntoResponse, Redirect};
use maud::html;

/// The route of the hands form.
pub fn routes() -> Router<AppState> {
    Router::new().route(
        "/t/{token}/hands",
        axum::routing::get(hands_page).post(keep_hands),
    )
}

#[derive(serde::Deserialize, Default)]
struct Hands {
    #[serde(default)]
    board: String,
    #[serde(default)]
    n: String,
    #[serde(default)]
    e: String,
    #[serde(default)]
    s: String,
    #[serde(default)]
    w: String,
}

/// The boards of this table's current round whose hands are not kept yet.
fn open_boards(at: &AtTable) -> Vec<u32> {
    let Some((_, seat, _)) = at.current() else {
        return Vec::new();
    };
    seat.boards
        .boards()
        .filter(|b| !at.hands.iter().any(|d| d.board == i64::from(*b)))
        .collect()
}

fn form(lang: Lang, token: &str, at: &AtTable, typed: &Hands, error: Option<&str>) -> maud::Markup {
    let boards = open_boards(at);
    let field = |name: &str, label: &str, value: &str| {
        html! {
            label { (label) input name=(name) value=(value) placeholder="AKQ.JT9.876.5432" autocomplete="off" maxlength="40" required; }
        }
    };
    html! {
        h1 { (lang.t(Key::Table)) " " (at.table) ": " (lang.t(Key::EnterHands)) }
        p { (lang.t(Key::HandsHint)) }
        @if let Some(e) = error { p.error { (e) } }
        @if boards.is_empty() {
            p.ok { (lang.t(Key::HandsKept)) }
        } @else {
            form.big method="post" action=(format!("/t/{token}/hands")) {
                label { (lang.t(Key::Board)) select name="board" required {
                    @for b in &boards { option value=(b) selected[typed.board == b.to_string()] { (b) } }
                } }
                (field("n", "N", &typed.n)) (field("e", "E", &typed.e))
                (field("s", "S", &typed.s)) (field("w", "W", &typed.w))
                button type="submit" { (lang.t(Key::Enter)) }
            }
        }
        p { a href=(format!("/t/{token}")) { (lang.t(Key::Back)) } }
    }
}

async fn hands_page(
    State(state): State<AppState>,
    PageLang(lang): PageLang,
    Path(token): Path<String>,
) -> WebResult {
    let mut at = open(&state, &token).await?;
    at.load_hands(&state).await?;
    let title = format!("{} {}", lang.t(Key::Table), at.table);
    Ok(page(
        lang,
        &title,
        None,
        form(lang, &token, &at, &Hands::default(), None),
    )
    .into_response())
}

async fn keep_hands(
    State(state): State<AppState>,
    PageLang(lang): PageLang,
    Path(token): Path<String>,
    Form(h): Form<Hands>,
) -> WebResult {
    let mut at = open(&state, &token).await?;
    at.load_hands(&state).await?;
    let title = format!("{} {}", lang.t(Key::Table), at.table);
    // The form again with what was typed and why it is refused, as a refusal (400).
    let again = |msg: String| {
        let shown = page(lang, &title, None, form(lang, &token, &at, &h, Some(&msg)));
        Ok((axum::http::StatusCode::BAD_REQUEST, shown).into_response())
    };
    let Some(board) = h
        .board
        .trim()
        .parse::<u32>()
        .ok()
        .filter(|b| open_boards(&at).contains(b))
    else {
        return again(format!(
            "board {:?} is not one of this round's boards without hands",
            h.board
        ));
    };
    // Spaces are allowed between a suit's cards; the dots separate the suits.
    let hand = |s: &str| {
        s.split_whitespace()
            .collect::<String>()
            .to_uppercase()
            .replace("10", "T")
    };
    let text = format!(
        "N:{} {} {} {}",
        hand(&h.n),
        hand(&h.e),
        hand(&h.s),
        hand(&h.w)
    );
    let deal = match klaver_deal::Deal::from_pbn(&text) {
        Ok(d) => d,
        Err(e) => return again(format!("board {board}: {e}")),
    };
    // Solving takes a tenth of a second: off the server's threads that answer requests.
    let table = tokio::task::spawn_blocking(move || klaver_deal::analyse(&deal))
        .await
        .map_err(|e| WebError::Internal(format!("the double-dummy solver failed: {e}")))?;
    let kept = klaver_store::StoredDeal {
        board: i64::from(board),
        deal: deal.to_pbn(klaver_core::Seat::North),
        tricks: Some(table.to_pbn_tricks()),
    };
    if !state
        .store
        .add_deal(&at.club, at.session.info.id, &kept)
        .await?
    {
        return again(format!("board {board}'s hands are already kept"));
    }
    Ok(Redirect::to(&format!("/t/{token}/hands")).into_response())
}
