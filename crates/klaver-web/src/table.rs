//! The table's phone: its secret link shows the boards of the table's current round;
//! North enters contract, declarer, lead and tricks; East sees the result and the score
//! and confirms; only then is the line stored. The link allows entering this table's
//! boards of this session, with the pairs the movement seats there, and nothing else.

use crate::auth::token_hash;
use crate::entry::{self, Typed};
use crate::i18n::{Key, Lang};
use crate::layout::{PageLang, page};
use crate::{AppState, WebError, WebResult, scoring};
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Redirect};
use axum::routing::{get, post};
use axum::{Form, Router};
use klaver_core::movement::{Movement, TableRound};
use klaver_store::{Club, Line, Session};
use maud::html;

/// The table routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/t/{token}", get(table_page))
        .route("/t/{token}/enter", post(enter))
        .route("/t/{token}/confirm", post(confirm))
}

/// What a link opens, checked.
struct AtTable {
    club: Club,
    session: Session,
    table: u32,
    movement: Movement,
    /// The session's entered boards: board, North-South, East-West.
    entered: Vec<(i64, String, String)>,
}

async fn open(state: &AppState, token: &str) -> Result<AtTable, WebError> {
    let link = state
        .store
        .table_link(&token_hash(token))
        .await?
        .ok_or_else(|| {
            WebError::NotFound(
                "this table link is not valid (the director may have made new table cards)".into(),
            )
        })?;
    let club = state.store.club_by_id(link.club_id).await?;
    // The night's description and pairs, and which boards are entered; the lines of a
    // board are read only when one is entered.
    let session = state.store.session_boards(&club, link.session, &[]).await?;
    if session.info.published_at.is_some() {
        return Err(WebError::Forbidden(
            "the director has published the results: entry is closed".into(),
        ));
    }
    let movement = scoring::session_movement(&session.info)
        .ok_or_else(|| WebError::BadRequest("this session has no movement".into()))?;
    let entered = state.store.entered(&club, link.session).await?;
    let table = u32::try_from(link.table).unwrap_or(0);
    Ok(AtTable {
        club,
        session,
        table,
        movement,
        entered,
    })
}

impl AtTable {
    fn entered(&self, board: u32, ns: &str, ew: &str) -> bool {
        scoring::is_entered(&self.entered, board, ns, ew)
    }

    /// The rounds this table plays, with their seating.
    fn rounds(&self) -> Vec<(u32, &TableRound)> {
        self.movement
            .rounds
            .iter()
            .filter_map(|r| {
                r.tables
                    .iter()
                    .find(|t| t.table == self.table && t.is_match())
                    .map(|t| (r.number, t))
            })
            .collect()
    }

    /// The first round with boards still to enter, and those boards.
    fn current(&self) -> Option<(u32, &TableRound, Vec<u32>)> {
        self.rounds().into_iter().find_map(|(n, t)| {
            let (ns, ew) = (t.ns.as_deref()?, t.ew.as_deref()?);
            let open: Vec<u32> = t
                .boards
                .boards()
                .filter(|b| !self.entered(*b, ns, ew))
                .collect();
            (!open.is_empty()).then_some((n, t, open))
        })
    }
}

async fn table_page(
    State(state): State<AppState>,
    PageLang(lang): PageLang,
    Path(token): Path<String>,
) -> WebResult {
    let at = open(&state, &token).await?;
    Ok(board_form(lang, &token, &at, None).into_response())
}

fn board_form(
    lang: Lang,
    token: &str,
    at: &AtTable,
    error: Option<&str>,
) -> axum::response::Html<String> {
    let title = format!("{} {}", lang.t(Key::Table), at.table);
    let here = format!("/t/{token}");
    let Some((round, seat, open)) = at.current() else {
        return page(
            lang,
            &title,
            Some(&here),
            html! { p.ok { (lang.t(Key::AllDone)) } },
        );
    };
    page(
        lang,
        &title,
        Some(&here),
        html! {
            p { b { (at.club.name) } " · " (at.session.info.date) }
            h1 { (lang.t(Key::Table)) " " (at.table) " · " (lang.t(Key::Round)) " " (round) }
            p { "NS " b { (seat.ns.as_deref().unwrap_or("")) } " – EW " b { (seat.ew.as_deref().unwrap_or("")) } }
            @if error.is_none() && round != at.rounds().first().map_or(round, |r| r.0)
                && open.len() as u32 == seat.boards.len() {
                p.ok { (lang.t(Key::RoundDone)) }
            }
            @if let Some(e) = error { p.error { (e) } }
            form.big method="post" action=(format!("/t/{token}/enter")) {
                label { (lang.t(Key::Board)) select name="board" {
                    @for b in &open { option value=(b) { (b) } }
                } }
                label { (lang.t(Key::Contract)) input name="contract" placeholder=(match lang { Lang::Nl => "4S, 3SA, pas", Lang::Tr => "4 Pik, 3 SA, pas", Lang::En => "4S, 3NT, pass" }) autocomplete="off" required; }
                label { (lang.t(Key::Declarer)) select name="declarer" {
                    option value="" { "—" }
                    @for s in seats(lang) { option value=(s) { (s) } }
                } }
                label { (lang.t(Key::Lead)) input name="lead" size="4" autocomplete="off"; }
                label { (lang.t(Key::Tricks)) select name="tricks" {
                    option value="" { "—" }
                    @for n in 0..=13 { option value=(n) { (n) } }
                } }
                button type="submit" { (lang.t(Key::Enter)) }
            }
        },
    )
}

fn seats(lang: Lang) -> [&'static str; 4] {
    match lang {
        Lang::En => ["N", "E", "S", "W"],
        Lang::Nl => ["N", "O", "Z", "W"],
        Lang::Tr => ["K", "D", "G", "B"],
    }
}

#[derive(serde::Deserialize, Clone)]
struct Entered {
    board: u32,
    #[serde(default)]
    contract: String,
    #[serde(default)]
    declarer: String,
    #[serde(default)]
    lead: String,
    #[serde(default)]
    tricks: String,
}

/// The line a table's entry stands for, checked with the session.
async fn line_of(
    state: &AppState,
    at: &AtTable,
    e: &Entered,
    lang: Lang,
) -> Result<(Line, Typed), String> {
    let Some((round, seat, open)) = at.current() else {
        return Err(lang.t(Key::AllDone).into());
    };
    if !open.contains(&e.board) {
        return Err(format!(
            "board {} is not one of this round's boards still to enter",
            e.board
        ));
    }
    let tricks = e.tricks.trim().parse::<u8>().ok();
    let typed = entry::read_table_entry(&e.contract, &e.declarer, tricks, lang.notation())?;
    let line = Line {
        board: i64::from(e.board),
        table: Some(i64::from(at.table)),
        round: Some(i64::from(round)),
        ns: seat.ns.clone().unwrap_or_default(),
        ew: seat.ew.clone().unwrap_or_default(),
        contract: typed.contract.clone(),
        declarer: typed.declarer.clone(),
        result: typed.result.clone(),
        lead: e.lead.trim().to_string(),
        ..Line::default()
    };
    let board_lines = state
        .store
        .session_boards(&at.club, at.session.info.id, &[line.board])
        .await
        .map_err(|e| e.to_string())?;
    entry::check(&board_lines, &line, false)?;
    Ok((line, typed))
}

async fn enter(
    State(state): State<AppState>,
    PageLang(lang): PageLang,
    Path(token): Path<String>,
    Form(e): Form<Entered>,
) -> WebResult {
    let at = open(&state, &token).await?;
    let (line, typed) = match line_of(&state, &at, &e, lang).await {
        Ok(x) => x,
        Err(msg) => return Ok(board_form(lang, &token, &at, Some(&msg)).into_response()),
    };
    let score = entry::score_of(&typed, e.board).unwrap_or(0);
    let title = format!("{} {}", lang.t(Key::Table), at.table);
    Ok(page(
        lang,
        &title,
        None,
        html! {
            h1 { (lang.t(Key::Board)) " " (e.board) }
            p { "NS " b { (line.ns) } " – EW " b { (line.ew) } }
            p.big {
                @if line.contract == "PASS" { (lang.t(Key::Passed)) } @else {
                    (line.contract) " " (line.declarer) " " (line.result)
                    @if !line.lead.is_empty() { " · " (lang.t(Key::Lead)) " " (line.lead) }
                }
            }
            p { (lang.t(Key::Score)) " NS: " b { (format!("{score:+}")) } }
            h2 { (lang.t(Key::EastConfirms)) }
            form.big method="post" action=(format!("/t/{token}/confirm")) {
                input type="hidden" name="board" value=(e.board);
                input type="hidden" name="contract" value=(e.contract);
                input type="hidden" name="declarer" value=(e.declarer);
                input type="hidden" name="lead" value=(e.lead);
                input type="hidden" name="tricks" value=(e.tricks);
                button type="submit" { (lang.t(Key::Confirm)) }
            }
            p { a href=(format!("/t/{token}")) { (lang.t(Key::Back)) } }
        },
    )
    .into_response())
}

async fn confirm(
    State(state): State<AppState>,
    PageLang(lang): PageLang,
    Path(token): Path<String>,
    Form(e): Form<Entered>,
) -> WebResult {
    let at = open(&state, &token).await?;
    let line = match line_of(&state, &at, &e, lang).await {
        Ok((line, _)) => line,
        Err(msg) => return Ok(board_form(lang, &token, &at, Some(&msg)).into_response()),
    };
    match state
        .store
        .add_line(
            &at.club,
            at.session.info.id,
            &line,
            &format!("table {}", at.table),
        )
        .await
    {
        Ok(_) => Ok(Redirect::to(&format!("/t/{token}")).into_response()),
        Err(klaver_store::StoreError::Conflict(m)) => {
            let at = open(&state, &token).await?;
            Ok(board_form(lang, &token, &at, Some(&m)).into_response())
        }
        Err(e) => Err(e.into()),
    }
}
