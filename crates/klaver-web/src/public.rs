//! The pages anyone may see: the clubs, each club's published sessions, a session's
//! result list and travellers, each pair's scorecard and the season ranking.

use crate::extract::{Path, Query};
use crate::i18n::{Key, Lang};
use crate::layout::{PageLang, page};
use crate::scoring::{self, Scored};
use crate::{AppState, WebError, WebResult};
use axum::Router;
use axum::extract::State;
use axum::response::{Html, IntoResponse, Redirect};
use axum::routing::get;
use klaver_io::report::{self, ReportOptions};
use klaver_store::{Club, Session};
use maud::html;

/// The public routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/", get(index))
        .route("/c/{club}", get(club_page))
        .route("/c/{club}/s/{id}", get(session_page))
        .route("/c/{club}/s/{id}/pair/{pair}", get(scorecard))
        .route("/c/{club}/ranking", get(ranking))
}

async fn index(State(state): State<AppState>, PageLang(lang): PageLang) -> WebResult {
    let clubs = state.store.clubs().await?;
    if let [only] = clubs.as_slice() {
        return Ok(Redirect::to(&format!("/c/{}", only.code)).into_response());
    }
    if clubs.is_empty() {
        return Ok(page(
            lang,
            lang.t(Key::Clubs),
            Some("/"),
            html! {
                p { "This database has no club yet. On the club's computer:" }
                pre { "klaver club init --name \"BC De Kievit\"\nklaver club director marijke   (the password on standard input)" }
                p { "or try klaver with a demo club: " code { "klaver serve --demo" } }
            },
        )
        .into_response());
    }
    Ok(page(
        lang,
        lang.t(Key::Clubs),
        Some("/"),
        html! {
            ul { @for c in &clubs { li { a href=(format!("/c/{}", c.code)) { (c.name) } } } }
            p.muted { a href="/login" { (lang.t(Key::Director)) } }
        },
    )
    .into_response())
}

pub(crate) async fn find_club(state: &AppState, code: &str) -> Result<Club, WebError> {
    state
        .store
        .clubs()
        .await?
        .into_iter()
        .find(|c| c.code == code)
        .ok_or_else(|| WebError::NotFound(format!("there is no club {code} here")))
}

async fn club_page(
    State(state): State<AppState>,
    PageLang(lang): PageLang,
    Path(code): Path<String>,
) -> WebResult {
    let club = find_club(&state, &code).await?;
    let sessions: Vec<_> = state
        .store
        .sessions(&club)
        .await?
        .into_iter()
        .filter(|s| s.info.published_at.is_some())
        .collect();
    let ranked = state.store.ranking_settings(&club).await?.is_some();
    let here = format!("/c/{code}");
    Ok(page(
        lang,
        &club.name,
        Some(&here),
        html! {
            h1 { (club.name) }
            @if ranked { p { a href=(format!("/c/{code}/ranking")) { (lang.t(Key::Ranking)) } } }
            h2 { (lang.t(Key::Sessions)) }
            @if sessions.is_empty() { p.muted { (lang.t(Key::NoSessions)) } }
            table {
                @for s in &sessions {
                    tr {
                        td { a href=(format!("/c/{code}/s/{}", s.info.id)) { (s.info.date) } }
                        td { (s.info.moment) " " (s.info.line_name) }
                        td { (s.info.title) }
                        td.n { (s.pairs) " " (lang.t(Key::Pair).to_lowercase()) }
                    }
                }
            }
            p.muted { a href="/login" { (lang.t(Key::Director)) } }
        },
    )
    .into_response())
}

/// A session anyone may see: published.
async fn published(state: &AppState, code: &str, id: i64) -> Result<(Club, Session), WebError> {
    let club = find_club(state, code).await?;
    let session = state.store.session(&club, id).await?;
    if session.info.published_at.is_none() {
        return Err(WebError::NotFound(
            "the results of this session are not published yet".into(),
        ));
    }
    Ok((club, session))
}

/// A published session scored for the public: what stops it is for the director (the
/// console shows it), never an internal message or a command on a public page.
fn scored(session: &Session) -> Result<Scored, WebError> {
    scoring::score(session, &[])
        .map_err(|why| {
            eprintln!("klaver serve: session {} cannot be shown: {why}", session.info.id);
            WebError::Unavailable(
                "The results of this session cannot be shown at the moment; the director has been told.".into(),
            )
        })?
        .ok_or_else(|| WebError::NotFound("this session has no results yet".into()))
}

/// The result list, travellers and control sheet as one page (klaver's HTML report),
/// with links to each pair's scorecard; `notes` are shown among its warnings.
pub(crate) fn report_page(
    lang: Lang,
    club: &Club,
    session: &Session,
    scored: &Scored,
    deals: &[klaver_store::StoredDeal],
    back: &str,
    notes: &[String],
) -> Html<String> {
    let event = &scored.imported.event;
    let opts = ReportOptions {
        title: if session.info.title.is_empty() {
            club.name.clone()
        } else {
            session.info.title.clone()
        },
        date: session.info.date.clone(),
        lang: lang.report(),
        boards_per_round: scored.boards_per_round,
        ranking_only: false,
        centred: scored.centred,
        ..ReportOptions::default()
    };
    let mut rep = report::build(event, &scored.result, &opts);
    rep.warnings.extend_from_slice(notes);
    with_hands(&mut rep, session, deals);
    let body = klaver_io::html::render(&rep);
    let nav = html! {
        p.noprint {
            a href=(back) { "← " (club.name) }
            " · " (lang.t(Key::Scorecard)) ": "
            @for p in &event.pairs {
                a href=(format!("/c/{}/s/{}/pair/{}{}", club.code, session.info.id, p.id,
                    if p.section.is_empty() { String::new() } else { format!("?section={}", p.section) })) { (p.section) (p.id) }
                " "
            }
        }
    };
    Html(body.replacen("<body>", &format!("<body>{}", nav.into_string()), 1))
}

/// The session's kept hands on its travellers, with each board's tricks table and par;
/// a kept deal that does not read is logged and the hands left off, never the results.
fn with_hands(rep: &mut report::Report, session: &Session, deals: &[klaver_store::StoredDeal]) {
    if deals.is_empty() {
        return;
    }
    let kept: Vec<klaver_io::hand_record::KeptDeal> = deals
        .iter()
        .map(|d| klaver_io::hand_record::KeptDeal {
            board: u32::try_from(d.board).unwrap_or(0),
            deal: d.deal.clone(),
            tricks: d.tricks.clone(),
        })
        .collect();
    match klaver_io::hand_record::from_kept(&kept) {
        Ok((hands, records)) => {
            report::set_hands(rep, &hands);
            report::set_analyses(rep, &records);
        }
        Err(e) => eprintln!(
            "klaver serve: session {}: the kept hands cannot be shown: {e}",
            session.info.id
        ),
    }
}

async fn session_page(
    State(state): State<AppState>,
    PageLang(lang): PageLang,
    Path((code, id)): Path<(String, i64)>,
) -> WebResult {
    let (club, session) = published(&state, &code, id).await?;
    let scored = scored(&session)?;
    let deals = state.store.deals(&club, id).await?;
    let back = format!("/c/{code}");
    // The notes on how a stored night is scored name commands: the director's, not the
    // players'.
    let page = report_page(lang, &club, &session, &scored, &deals, &back, &[]);
    Ok(page.into_response())
}

#[derive(serde::Deserialize)]
struct SectionQuery {
    #[serde(default)]
    section: String,
}

/// One line of a pair's scorecard.
struct CardLine {
    board: u64,
    direction: &'static str,
    opponent: String,
    contract: String,
    /// The pair's own score (East-West's is North-South's negated), or the adjustment.
    score: String,
    /// The pair's matchpoints; `None` on a board not counted for it (not played).
    mp: Option<f64>,
    top: f64,
}

/// An adjustment as the pair it is shown to has it: a split written North-South first
/// (`60/40`) is East-West's the other way round (`40/60`); any other as written.
fn own_split(adjustment: &str, direction: &str) -> String {
    match adjustment.split_once('/') {
        Some((ns, ew))
            if direction == "EW"
                && [ns, ew]
                    .iter()
                    .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit())) =>
        {
            format!("{ew}/{ns}")
        }
        _ => adjustment.to_string(),
    }
}

/// A pair's boards from the session's JSON (the exact figures klaver publishes).
fn card_lines(
    scored: &Scored,
    section: &str,
    pair: &str,
) -> Result<(Vec<CardLine>, serde_json::Value), WebError> {
    let mut json = Vec::new();
    klaver_io::json::write(&mut json, &scored.imported.event, &scored.result, "", "")
        .map_err(|e| WebError::Internal(e.to_string()))?;
    let doc: serde_json::Value =
        serde_json::from_slice(&json).map_err(|e| WebError::Internal(e.to_string()))?;
    let mut lines = Vec::new();
    for b in doc["boards"].as_array().into_iter().flatten() {
        if b["section"].as_str().unwrap_or("") != section
            && !b["section"].as_str().unwrap_or("").is_empty()
        {
            continue;
        }
        let top = b["top"].as_f64().unwrap_or(0.0);
        for r in b["results"].as_array().into_iter().flatten() {
            let (ns, ew) = (
                r["ns"].as_str().unwrap_or(""),
                r["ew"].as_str().unwrap_or(""),
            );
            let (direction, opponent, mp) = if ns == pair {
                ("NS", ew, r["mp_ns"].as_f64())
            } else if ew == pair {
                ("EW", ns, r["mp_ew"].as_f64())
            } else {
                continue;
            };
            let mut contract = [&r["contract"], &r["declarer"]]
                .iter()
                .filter_map(|v| v.as_str())
                .collect::<Vec<_>>()
                .join(" ");
            // The result beside the contract: tricks over or under the book of six.
            let level = r["contract"]
                .as_str()
                .and_then(|c| c.chars().next())
                .and_then(|c| c.to_digit(10));
            if let (Some(level), Some(tricks)) = (level, r["tricks"].as_i64()) {
                let over = tricks - i64::from(level) - 6;
                contract.push(' ');
                contract.push_str(&if over == 0 {
                    "=".to_string()
                } else {
                    format!("{over:+}")
                });
            }
            lines.push(CardLine {
                board: b["board"].as_u64().unwrap_or(0),
                direction,
                opponent: opponent.to_string(),
                contract,
                score: r["score"]
                    .as_i64()
                    .map(|s| if direction == "EW" { -s } else { s }.to_string())
                    .unwrap_or_else(|| {
                        own_split(r["adjustment"].as_str().unwrap_or(""), direction)
                    }),
                mp,
                top,
            });
        }
    }
    let me = doc["pairs"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|p| {
            p["pair"].as_str() == Some(pair) && p["section"].as_str().unwrap_or("") == section
        })
        .cloned()
        .ok_or_else(|| WebError::NotFound(format!("pair {pair} did not play in this session")))?;
    Ok((lines, me))
}

async fn scorecard(
    State(state): State<AppState>,
    PageLang(lang): PageLang,
    Path((code, id, pair)): Path<(String, i64, String)>,
    Query(q): Query<SectionQuery>,
) -> WebResult {
    let (_, session) = published(&state, &code, id).await?;
    let scored = scored(&session)?;
    let (lines, me) = card_lines(&scored, &q.section, &pair)?;
    let here = format!("/c/{code}/s/{id}/pair/{pair}");
    Ok(page(
        lang,
        &format!("{} {} {}", lang.t(Key::Scorecard), lang.t(Key::Pair).to_lowercase(), pair),
        Some(&here),
        html! {
            p { a href=(format!("/c/{code}/s/{id}")) { "← " (session.info.date) " " (session.info.title) } }
            h1 { (lang.t(Key::Pair)) " " (pair) }
            p { (me["names"].as_str().unwrap_or("")) }
            p {
                b { (format!("{:.2}", me["percentage"].as_f64().unwrap_or(0.0))) " %" }
                " · " (me["points"].as_f64().map(|p| format!("{p:.2}")).unwrap_or_default())
                " / " (me["max"].as_f64().map(|p| format!("{p:.0}")).unwrap_or_default())
                " · #" (me["rank"].as_u64().unwrap_or(0))
            }
            // Narrow enough for a phone: short headings, and a table that scrolls on
            // its own rather than widening the page.
            div.scroll { table {
                tr {
                    th.n { (lang.t(Key::Board)) } th { "" } th { (lang.t(Key::Against)) }
                    th { (lang.t(Key::Contract)) } th.n { (lang.t(Key::Score)) }
                    th.n { abbr title=(lang.t(Key::Matchpoints)) { "MP" } } th.n { "%" }
                }
                @for l in &lines {
                    tr {
                        td.n { (l.board) } td { (l.direction) } td { (l.opponent) }
                        td { (l.contract) } td.n { (l.score) }
                        td.n { @if let Some(mp) = l.mp { (format!("{mp:.2}")) } }
                        td.n { @if let (Some(mp), true) = (l.mp, l.top > 0.0) { (format!("{:.0}", 100.0 * mp / l.top)) } }
                    }
                }
            } }
        },
    )
    .into_response())
}

async fn ranking(
    State(state): State<AppState>,
    PageLang(lang): PageLang,
    Path(code): Path<String>,
) -> WebResult {
    let club = find_club(&state, &code).await?;
    match scoring::ranking_html(&state.store, &club, true, lang).await {
        Ok((html, _)) => Ok(Html(html).into_response()),
        // What is wrong is for the director (the console lists it), not the public: no
        // internal message or command reaches this page.
        Err(WebError::BadRequest(why)) => {
            eprintln!(
                "klaver serve: the ranking of {} cannot be built: {why}",
                club.code
            );
            Err(WebError::Unavailable(format!(
                "The season ranking of {} cannot be shown at the moment; the director has been told. The session results are on the club's page.",
                club.name
            )))
        }
        Err(e) => Err(e),
    }
}
