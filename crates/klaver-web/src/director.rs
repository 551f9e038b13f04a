//! The director's console: the club's sessions, a new night from the player list and a
//! movement, fast keyboard entry of travellers with the score and matchpoints shown as
//! one types, corrections with a reason, every table's progress, table cards with QR
//! codes, the live result list, publishing.

use crate::auth::{DirectorSession, random_token, token_hash};
use crate::entry::{self, Typed};
use crate::extract::{Form, Path, Query};
use crate::i18n::{Desk, Field, Key, Lang, Nights, Notice, Refused};
use crate::layout::{PageLang, page};
use crate::{AppState, WebError, WebResult, public, scoring};
use axum::extract::State;
use axum::http::HeaderMap;
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Redirect};
use axum::routing::{get, post};
use axum::{Json, Router};
use klaver_core::movement::{self, Movement};
use klaver_store::{Line, LineAt, Session, SessionInfo, SessionPair};
use maud::{Markup, PreEscaped, html};

/// The console's routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/director", get(dashboard))
        .route("/director/nights/new", get(new_night_form))
        .route("/director/nights", post(create_night))
        .route("/director/s/{id}", get(console))
        .route("/director/s/{id}/check", get(check))
        .route("/director/s/{id}/lines", post(add_line))
        .route(
            "/director/s/{id}/lines/{line}",
            get(edit_line).post(correct_line),
        )
        .route("/director/s/{id}/progress", get(progress_fragment))
        .route("/director/s/{id}/results", get(live_results))
        .route("/director/s/{id}/publish", post(publish))
        .route("/director/s/{id}/clock", post(start_clock))
        .route("/director/s/{id}/refuse", post(refuse_request))
        .route(
            "/director/s/{id}/conflicts/{conflict}",
            post(resolve_conflict),
        )
        .route("/director/s/{id}/cards", post(table_cards))
        .route("/director/s/{id}/guide", get(guide_cards))
}

fn csrf_field(s: &DirectorSession) -> Markup {
    html! { input type="hidden" name="csrf" value=(s.csrf); }
}

fn logout_form(s: &DirectorSession, lang: Lang) -> Markup {
    html! {
        form.inline.noprint method="post" action="/logout" {
            (csrf_field(s))
            " " (s.director.login) " "
            button.secondary type="submit" { (lang.t(Key::Logout)) }
        }
    }
}

async fn dashboard(
    State(state): State<AppState>,
    PageLang(lang): PageLang,
    s: DirectorSession,
) -> WebResult {
    let sessions = state.store.sessions(&s.club).await?;
    // The public ranking page, as the public would get it: what stops it is shown here.
    let (ranking_problem, ranking_warnings) =
        match scoring::ranking_html(&state.store, &s.club, true, lang).await {
            Err(WebError::BadRequest(why)) => (Some(why), Vec::new()),
            Ok((_, warnings)) => (None, warnings),
            Err(_) => (None, Vec::new()),
        };
    Ok(page(
        lang,
        &format!("{} · {}", s.club.name, lang.t(Key::Director)),
        Some("/director"),
        html! {
            p { (logout_form(&s, lang)) }
            @if let Some(why) = &ranking_problem {
                p.error { (lang.say(Nights::RankingCannotBeBuilt)) (why) }
            }
            @if !ranking_warnings.is_empty() {
                p { (lang.say(Nights::RankingWarns)) }
                ul { @for w in &ranking_warnings { li { (w) } } }
            }
            h2 { (lang.say(Nights::NewNight)) }
            form method="get" action="/director/nights/new" {
                label { (lang.say(Nights::Date)) " " input type="date" name="date" required; } " "
                label { (lang.say(Nights::Movement)) " " input name="movement" placeholder="mitchell-7, howell-10" required; } " "
                label { (lang.say(Nights::BoardsPerRound)) " " input type="number" name="boards_per_round" min="1" max="8" value="3"; } " "
                button type="submit" { (lang.say(Nights::Next)) }
            }
            h2 { (lang.t(Key::Sessions)) }
            table {
                tr {
                    th { (lang.say(Nights::Date)) } th { (lang.say(Nights::Moment)) } th { (lang.say(Nights::Line)) }
                    th { (lang.say(Nights::Title)) } th.n { (lang.say(Nights::Lines)) } th { "" }
                }
                @for x in &sessions {
                    tr {
                        td { a href=(format!("/director/s/{}", x.info.id)) { (x.info.date) } }
                        td { (x.info.moment) } td { (x.info.line_name) } td { (x.info.title) }
                        td.n { (x.lines) }
                        td { @if x.info.published_at.is_some() { (lang.say(Nights::Published)) } @else { b { (lang.say(Nights::Open)) } } }
                    }
                }
            }
        },
    )
    .into_response())
}

#[derive(serde::Deserialize)]
struct NewNight {
    date: String,
    movement: String,
    #[serde(default = "three")]
    boards_per_round: u32,
}

fn three() -> u32 {
    3
}

fn load_movement(name: &str, bpr: u32) -> Result<Movement, WebError> {
    movement::named(name.trim(), bpr).map_err(|e| WebError::BadRequest(e.to_string()))
}

async fn new_night_form(
    State(state): State<AppState>,
    PageLang(lang): PageLang,
    s: DirectorSession,
    Query(q): Query<NewNight>,
) -> WebResult {
    let m = load_movement(&q.movement, q.boards_per_round)?;
    let players = state.store.players(&s.club).await?;
    let player_select = |name: String| {
        html! {
            select name=(name) {
                option value="" { "—" }
                @for p in &players {
                    option value=(p.id) { (p.name) @if let Some(n) = &p.number { " (" (n) ")" } }
                }
            }
        }
    };
    Ok(page(
        lang,
        lang.say(Nights::NewNight),
        None,
        html! {
            p { a href="/director" { "← " (lang.t(Key::Director)) } }
            form method="post" action="/director/nights" {
                (csrf_field(&s))
                input type="hidden" name="date" value=(q.date);
                input type="hidden" name="movement" value=(q.movement.trim());
                input type="hidden" name="boards_per_round" value=(q.boards_per_round);
                p { (q.date) " · " (m.name) " · " (lang.night_size(m.rounds.len(), m.boards().len())) }
                label { (lang.say(Nights::Title)) " " input name="title"; } " "
                label { (lang.say(Nights::Moment)) " " input name="moment" placeholder=(lang.say(Nights::MomentExample)); } " "
                label { (lang.say(Nights::Line)) " " input name="line" size="3"; }
                table {
                    tr { th { (lang.t(Key::Pair)) } th { (lang.say(Nights::Player)) " 1" } th { (lang.say(Nights::Player)) " 2" } }
                    @for p in m.pairs() {
                        tr {
                            td { (p) }
                            td { (player_select(format!("p{p}_1"))) }
                            td { (player_select(format!("p{p}_2"))) }
                        }
                    }
                }
                button type="submit" { (lang.say(Nights::CreateNight)) }
            }
        },
    )
    .into_response())
}

async fn create_night(
    State(state): State<AppState>,
    PageLang(lang): PageLang,
    s: DirectorSession,
    Form(form): Form<Vec<(String, String)>>,
) -> WebResult {
    let get = |k: &str| {
        form.iter()
            .find(|(key, _)| key == k)
            .map(|(_, v)| v.trim().to_string())
            .unwrap_or_default()
    };
    s.check(&get("csrf"))?;
    for (what, key) in [
        (Field::Date, "date"),
        (Field::Title, "title"),
        (Field::Moment, "moment"),
        (Field::Line, "line"),
    ] {
        entry::check_length_in(lang.say(what), &get(key), entry::MAX_FIELD, lang)
            .map_err(WebError::BadRequest)?;
    }
    let refused = |why: Refused| WebError::BadRequest(lang.refused(&why));
    let bpr: u32 = get("boards_per_round")
        .parse()
        .map_err(|_| refused(Refused::BoardsPerRound))?;
    let m = load_movement(&get("movement"), bpr)?;
    let players = state.store.players(&s.club).await?;
    let mut pairs = Vec::new();
    for p in m.pairs() {
        let mut chosen = Vec::new();
        for seat in 1..=2 {
            let v = get(&format!("p{p}_{seat}"));
            if v.is_empty() {
                continue;
            }
            let id: i64 = v
                .parse()
                .map_err(|_| refused(Refused::NotAPlayer(p.to_string())))?;
            let player = players
                .iter()
                .find(|x| x.id == id)
                .ok_or_else(|| refused(Refused::NotTheClubs(p.to_string())))?;
            if let Some(other) = pairs
                .iter()
                .find(|q: &&SessionPair| q.players.iter().any(|x| x.id == id))
                .map(|q| q.pair.clone())
                .or_else(|| {
                    chosen
                        .iter()
                        .any(|x: &klaver_store::Player| x.id == id)
                        .then(|| p.to_string())
                })
            {
                return Err(refused(Refused::ChosenTwice(
                    player.name.clone(),
                    other,
                    p.to_string(),
                )));
            }
            chosen.push(player.clone());
        }
        pairs.push(SessionPair {
            section: String::new(),
            pair: p.to_string(),
            names: chosen
                .iter()
                .map(|x| x.name.as_str())
                .collect::<Vec<_>>()
                .join(" - "),
            players: chosen,
        });
    }
    let options = vec![
        format!("--movement={}", get("movement")),
        format!("--boards-per-round={bpr}"),
    ];
    let info = SessionInfo {
        date: get("date"),
        moment: get("moment"),
        line_name: get("line"),
        title: get("title"),
        form: "pairs".into(),
        movement: Some(get("movement")),
        boards_per_round: Some(i64::from(bpr)),
        options,
        source: "klaver serve".into(),
        imported_by: s.director.login.clone(),
        ..SessionInfo::default()
    };
    let id = state.store.create_night(&s.club, &info, &pairs).await?;
    Ok(Redirect::to(&format!("/director/s/{id}")).into_response())
}

async fn own_session(state: &AppState, s: &DirectorSession, id: i64) -> Result<Session, WebError> {
    Ok(state.store.session(&s.club, id).await?)
}

/// The entered boards of a session read whole.
fn entered_of(session: &Session) -> Vec<(i64, String, String)> {
    session
        .lines
        .iter()
        .map(|l| (l.line.board, l.line.ns.clone(), l.line.ew.clone()))
        .collect()
}

/// Every table's progress through the rounds: boards entered of the boards to play.
fn progress(info: &SessionInfo, entered: &scoring::Entered, lang: Lang) -> Markup {
    let Some(m) = scoring::session_movement(info) else {
        return html! { p.muted { (lang.say(Notice::NoMovement)) } };
    };
    html! {
        table {
            tr { th { (lang.t(Key::Table)) } @for r in &m.rounds { th.n { (lang.say(Notice::RoundShort)) (r.number) } } }
            @for t in m.tables() {
                tr {
                    td { (t) }
                    @for r in &m.rounds {
                        @let tr_ = r.tables.iter().find(|x| x.table == t);
                        @match tr_.and_then(|x| Some((x.ns.as_deref()?, x.ew.as_deref()?, x.boards))) {
                            Some((ns, ew, boards)) => {
                                @let done = boards.boards().filter(|b| scoring::is_entered(entered, *b, ns, ew)).count();
                                td.n { @if done as u32 == boards.len() { "✓" } @else { (done) "/" (boards.len()) } }
                            }
                            None => { td.n.muted { "–" } }
                        }
                    }
                }
            }
        }
    }
}

#[derive(serde::Deserialize, Default)]
struct EntryForm {
    #[serde(default)]
    csrf: String,
    #[serde(default)]
    board: String,
    #[serde(default)]
    ns: String,
    #[serde(default)]
    ew: String,
    #[serde(default)]
    result: String,
    #[serde(default)]
    lead: String,
}

/// The console's query: the line a correction just stored (`?corrected=3`), which the
/// correction redirects to so that its checks' warnings are shown.
#[derive(serde::Deserialize, Default)]
struct ConsoleQuery {
    #[serde(default)]
    corrected: Option<i64>,
}

async fn console(
    State(state): State<AppState>,
    PageLang(lang): PageLang,
    s: DirectorSession,
    Path(id): Path<i64>,
    Query(q): Query<ConsoleQuery>,
) -> WebResult {
    let session = own_session(&state, &s, id).await?;
    let notices = notices(&state, &s, id, lang).await?;
    let said = q.corrected.and_then(|n| corrected_said(&session, n, lang));
    let page = console_page(lang, &s, &session, said, &EntryForm::default(), notices);
    Ok(page.into_response())
}

/// What the console says of line `line_no` after its correction: that it was corrected,
/// with what the night's checks find of it (a score its contract does not make), as the
/// entry's check says them; an error when a later change of the night makes it one. The
/// checks are run again on the stored line, so that a link cannot put words on the page.
/// `None` for a line the night no longer has.
fn corrected_said(session: &Session, line_no: i64, lang: Lang) -> Option<(bool, String)> {
    let line = &session
        .lines
        .iter()
        .find(|l| l.line.line_no == line_no)?
        .line;
    let mut others = session.clone();
    others.lines.retain(|l| l.line.line_no != line_no);
    let (ok, found) = match entry::check_in(&others, line, true, lang) {
        Ok(warnings) => (true, warnings),
        Err(error) => (false, vec![error]),
    };
    let mut said = format!("{}: {}", lang.line_no(line_no), lang.t(Key::Corrected));
    for f in found {
        said.push_str(&format!(" · {f}"));
    }
    Some((ok, said))
}

/// What waits for the director's decision: two results for one board, and corrections
/// the tables requested after publication. The page's polling shows them too.
async fn notices(
    state: &AppState,
    s: &DirectorSession,
    id: i64,
    lang: Lang,
) -> Result<Markup, WebError> {
    let (decided, open): (Vec<_>, Vec<_>) = state
        .store
        .conflicts(&s.club, id)
        .await?
        .into_iter()
        .partition(|c| c.decided.is_some());
    let requests = standing_requests(state, s, id).await?;
    let stored = conflict_lines(state, s, id, &open, &decided).await?;
    Ok(html! {
        (conflicts_block(s, id, &open, &stored, lang))
        (decided_block(&decided, &stored, lang))
        (requests_block(s, id, &requests, lang))
    })
}

fn console_page(
    lang: Lang,
    s: &DirectorSession,
    session: &Session,
    message: Option<(bool, String)>,
    form: &EntryForm,
    notices: Markup,
) -> Html<String> {
    let id = session.info.id;
    let i = &session.info;
    let (ns, ew) = lang.report().sides();
    page(
        lang,
        &format!("{} {}", i.date, i.title),
        Some(&format!("/director/s/{id}")),
        html! {
            p.noprint { a href="/director" { "← " (lang.t(Key::Director)) } " " (logout_form(s, lang)) }
            h1 { (i.date) " " (i.moment) " " (i.line_name) " " (i.title) }
            @for note in scoring::stored_notes(i) {
                p.error { (note) }
            }
            p {
                a href=(format!("/director/s/{id}/results")) { (lang.t(Key::Results)) }
                @if i.movement.is_some() {
                    " · " a href=(format!("/director/s/{id}/guide")) { (lang.say(Desk::GuideCards)) }
                    " · "
                    form.inline method="post" action=(format!("/director/s/{id}/cards")) {
                        (csrf_field(s))
                        button.secondary type="submit" { (lang.say(Desk::MakeTableCards)) }
                    }
                }
                " · "
                form.inline method="post" action=(format!("/director/s/{id}/publish")) {
                    (csrf_field(s))
                    @if i.published_at.is_some() {
                        input type="hidden" name="on" value="0";
                        (lang.say(Nights::Published)) " " button.secondary type="submit" { (lang.say(Desk::Withdraw)) }
                    } @else {
                        input type="hidden" name="on" value="1";
                        button type="submit" { (lang.say(Desk::Publish)) }
                    }
                }
            }
            @if i.movement.is_some() && i.published_at.is_none() {
                form.noprint method="post" action=(format!("/director/s/{id}/clock")) {
                    (csrf_field(s))
                    (lang.say(Desk::RoundClock))
                    label { input type="number" name="seconds" min="1" max="3600" value="420" size="5"; (lang.say(Desk::SecondsABoard)) }
                    button.secondary type="submit" { (lang.say(Desk::StartClock)) }
                }
            }
            h2 { (lang.say(Desk::Progress)) }
            div id="progress" data-src=(format!("/director/s/{id}/progress")) { (notices) (progress(&session.info, &entered_of(session), lang)) }
            h2 { (lang.t(Key::Enter)) }
            @if let Some((ok, m)) = &message {
                p class=(if *ok { "ok" } else { "error" }) { (m) }
            }
            form id="entry" method="post" action=(format!("/director/s/{id}/lines"))
                data-check=(format!("/director/s/{id}/check")) {
                (csrf_field(s))
                label { (lang.t(Key::Board)) " " input name="board" size="3" value=(form.board) autofocus required; } " "
                label { (ns) " " input name="ns" size="4" value=(form.ns) required; } " "
                label { (ew) " " input name="ew" size="4" value=(form.ew) required; } " "
                label { (lang.t(Key::Score)) " " input name="result" size="14" placeholder=(lang.say(Desk::ResultExample)) value=(form.result) required; } " "
                label { (lang.t(Key::Lead)) " " input name="lead" size="4" value=(form.lead); } " "
                button type="submit" { (lang.t(Key::Enter)) }
            }
            p id="check" class="muted" { (lang.say(Desk::Examples)) }
            h2 { (lang.say(Nights::Lines)) }
            table {
                tr {
                    th.n { "#" } th.n { (lang.t(Key::Board)) } th.n { (lang.t(Key::Table)) } th { (ns) } th { (ew) }
                    th { (lang.t(Key::Contract)) } th.n { (lang.t(Key::Score)) } th { (lang.say(Desk::Adjusted)) } th { (lang.t(Key::Lead)) } th { "" } th { "" }
                }
                @for l in session.lines.iter().rev() {
                    tr {
                        td.n { (l.line.line_no) }
                        td.n { (l.line.board) }
                        td.n { @if let Some(t) = l.line.table { (t) } }
                        td { (l.line.ns) } td { (l.line.ew) }
                        td { (entry::played_in(&l.line, lang.notation())) }
                        td.n { (l.line.score) } td { (l.line.adjust) } td { (klaver_core::lead::written(&l.line.lead, lang.notation())) }
                        td.muted { (l.entered_by) @if l.version > 1 { " *" } }
                        td { a href=(format!("/director/s/{id}/lines/{}", l.line.line_no)) { (lang.say(Desk::CorrectLink)) } }
                    }
                }
            }
            script src="/static/klaver.js" {}
        },
    )
}

/// A line from the entry form, or what is wrong with it.
fn line_from(form: &EntryForm, lang: Lang) -> Result<(Line, Typed), String> {
    for (what, text) in [
        (Field::Board, &form.board),
        (Field::NorthSouth, &form.ns),
        (Field::EastWest, &form.ew),
        (Field::Result, &form.result),
    ] {
        entry::check_length_in(lang.say(what), text, entry::MAX_FIELD, lang)?;
    }
    let lead = entry::read_lead(&form.lead, lang.notation())?;
    let board: i64 = form
        .board
        .trim()
        .parse()
        .ok()
        .filter(|b| *b >= 1)
        .ok_or(lang.type_the_board())?;
    if form.ns.trim().is_empty() || form.ew.trim().is_empty() {
        return Err(lang.type_both_pairs().into());
    }
    let board_number = u32::try_from(board).map_err(|_| lang.type_the_board())?;
    let typed = entry::read_typed_in(&form.result, board_number, lang)?;
    Ok((
        Line {
            board,
            ns: form.ns.trim().to_string(),
            ew: form.ew.trim().to_string(),
            contract: typed.contract.clone(),
            declarer: typed.declarer.clone(),
            result: typed.result.clone(),
            score: typed.score.clone(),
            adjust: typed.adjust.clone(),
            lead,
            ..Line::default()
        },
        typed,
    ))
}

/// The line's score and, when the board has other results, its matchpoints.
fn describe_line(session: &Session, line: &Line, typed: &Typed, lang: Lang) -> String {
    let board = u32::try_from(line.board).unwrap_or(0);
    let mut text = lang.line_score(board, entry::score_of(typed, board), &line.adjust);
    if let Ok(Some(scored)) = scoring::score(session, std::slice::from_ref(line)) {
        let at = scored.result.points.len().saturating_sub(1);
        if let (Some(Some(p)), Some(top)) = (
            scored.result.points.get(at),
            scored.result.points.get_top(at),
        ) {
            text.push_str(&lang.line_matchpoints(
                &klaver_core::exact::Exact::from(p.ns).to_decimal(2),
                &klaver_core::exact::Exact::from(p.ew).to_decimal(2),
                top,
            ));
        }
    }
    text
}

#[derive(serde::Serialize)]
struct CheckAnswer {
    ok: bool,
    message: String,
}

async fn check(
    State(state): State<AppState>,
    PageLang(lang): PageLang,
    s: DirectorSession,
    Path(id): Path<i64>,
    Query(form): Query<EntryForm>,
) -> WebResult {
    let session = own_session(&state, &s, id).await?;
    let answer = match line_from(&form, lang).and_then(|(line, typed)| {
        let warnings = entry::check_in(&session, &line, true, lang)?;
        let mut m = describe_line(&session, &line, &typed, lang);
        for w in warnings {
            m.push_str(&format!(" · {w}"));
        }
        Ok(m)
    }) {
        Ok(message) => CheckAnswer { ok: true, message },
        Err(message) => CheckAnswer { ok: false, message },
    };
    Ok(Json(answer).into_response())
}

async fn add_line(
    State(state): State<AppState>,
    PageLang(lang): PageLang,
    s: DirectorSession,
    Path(id): Path<i64>,
    Form(form): Form<EntryForm>,
) -> WebResult {
    s.check(&form.csrf)?;
    let session = own_session(&state, &s, id).await?;
    let refused = Refusal {
        state: &state,
        s: &s,
        session: &session,
        form: &form,
        lang,
    };
    let (line, typed) = match line_from(&form, lang) {
        Ok(x) => x,
        Err(e) => return refused.page(StatusCode::BAD_REQUEST, e).await,
    };
    if let Err(e) = entry::check_in(&session, &line, true, lang) {
        return refused.page(StatusCode::BAD_REQUEST, e).await;
    }
    let said = describe_line(&session, &line, &typed, lang);
    match add_to_night(&state, &s, &session, &line).await {
        Ok(n) => {
            let session = own_session(&state, &s, id).await?;
            let next = EntryForm {
                board: form.board.clone(),
                ..EntryForm::default()
            };
            let notices = notices(&state, &s, id, lang).await?;
            Ok(console_page(
                lang,
                &s,
                &session,
                Some((true, format!("{}: {said}", lang.line_no(n)))),
                &next,
                notices,
            )
            .into_response())
        }
        Err(klaver_store::StoreError::Conflict(m)) => refused.page(StatusCode::CONFLICT, m).await,
        Err(e) => Err(e.into()),
    }
}

/// A director's entry the console refuses: the console again, with what was typed and
/// why, under an error status (400 for what cannot be stored, 409 for a clash with what
/// is).
struct Refusal<'a> {
    state: &'a AppState,
    s: &'a DirectorSession,
    session: &'a Session,
    form: &'a EntryForm,
    lang: Lang,
}

impl Refusal<'_> {
    async fn page(&self, status: StatusCode, why: String) -> WebResult {
        let id = self.session.info.id;
        let notices = notices(self.state, self.s, id, self.lang).await?;
        let why = Some((false, why));
        let page = console_page(self.lang, self.s, self.session, why, self.form, notices);
        Ok((status, page).into_response())
    }
}

/// Adds a line the director entered: as a table's entry while the night is open, and
/// logged with who added it, as `klaver session add` logs one, once the results are
/// published (they change a published list). The new line's number.
async fn add_to_night(
    state: &AppState,
    s: &DirectorSession,
    session: &Session,
    line: &Line,
) -> Result<i64, klaver_store::StoreError> {
    let (store, club, id, by) = (&state.store, &s.club, session.info.id, &s.director.login);
    if session.info.published_at.is_none() {
        return store.add_line(club, id, line, by).await;
    }
    let reason = "added on the director's console after publication";
    Ok(store
        .add_logged_line(club, id, line, by, reason)
        .await?
        .new
        .line_no)
}

/// A line's result as the edit form shows it, in the page's notation: the contract (or
/// the score), REV after it, or the adjustment.
fn shown_result(line: &Line, lang: Lang) -> String {
    let played = if !line.contract.is_empty() {
        entry::played_in(line, lang.notation())
    } else {
        line.score.clone()
    };
    match line.adjust.as_str() {
        "" => played,
        a if a.eq_ignore_ascii_case("rev") => format!("{played} REV"),
        a => a.to_string(),
    }
}

async fn edit_line(
    State(state): State<AppState>,
    PageLang(lang): PageLang,
    s: DirectorSession,
    Path((id, line_no)): Path<(i64, i64)>,
) -> WebResult {
    let session = own_session(&state, &s, id).await?;
    let l = session
        .lines
        .iter()
        .find(|l| l.line.line_no == line_no)
        .ok_or_else(|| WebError::NotFound(lang.refused(&Refused::NoSuchLine(id, line_no))))?;
    let typed = shown_result(&l.line, lang);
    let (ns, ew) = lang.report().sides();
    Ok(page(
        lang,
        &lang.line_no(line_no),
        None,
        html! {
            p { a href=(format!("/director/s/{id}")) { "← " (session.info.date) } }
            h2 { (lang.t(Key::Board)) " " (l.line.board) ": " (l.line.ns) " – " (l.line.ew) }
            form method="post" action=(format!("/director/s/{id}/lines/{line_no}")) {
                (csrf_field(&s))
                input type="hidden" name="version" value=(l.version);
                input type="hidden" name="board" value=(l.line.board);
                label { (ns) " " input name="ns" size="4" value=(l.line.ns); } " "
                label { (ew) " " input name="ew" size="4" value=(l.line.ew); } " "
                label { (lang.t(Key::Score)) " " input name="result" value=(typed); } " "
                label { (lang.t(Key::Lead)) " " input name="lead" size="4" value=(klaver_core::lead::written(&l.line.lead, lang.notation())); } br;
                label { (lang.say(Desk::Reason)) " " input name="reason" size="40" required; } " "
                button type="submit" { (lang.t(Key::Correct)) }
            }
            p.muted { (lang.say(Desk::WeightedHelp)) }
        },
    )
    .into_response())
}

#[derive(serde::Deserialize)]
struct CorrectForm {
    csrf: String,
    version: i64,
    board: String,
    ns: String,
    ew: String,
    result: String,
    #[serde(default)]
    lead: String,
    reason: String,
}

async fn correct_line(
    State(state): State<AppState>,
    PageLang(lang): PageLang,
    s: DirectorSession,
    Path((id, line_no)): Path<(i64, i64)>,
    Form(form): Form<CorrectForm>,
) -> WebResult {
    s.check(&form.csrf)?;
    let reason = lang.say(Field::Reason);
    entry::check_length_in(reason, &form.reason, entry::MAX_FIELD, lang)
        .map_err(WebError::BadRequest)?;
    let session = own_session(&state, &s, id).await?;
    let old = session
        .lines
        .iter()
        .find(|l| l.line.line_no == line_no)
        .ok_or_else(|| WebError::NotFound(lang.refused(&Refused::NoSuchLine(id, line_no))))?;
    let entry_form = EntryForm {
        board: form.board.clone(),
        ns: form.ns.clone(),
        ew: form.ew.clone(),
        result: form.result.clone(),
        lead: form.lead.clone(),
        ..EntryForm::default()
    };
    let (mut new, _) = line_from(&entry_form, lang).map_err(WebError::BadRequest)?;
    scoring::place_corrected(&session.info, &old.line, &mut new);
    new.section = old.line.section.clone();
    // A result left as the form showed it keeps what the form could not show: an
    // entered score beside its contract, a contract beside an adjustment.
    if form.result.trim() == shown_result(&old.line, lang) {
        new.contract = old.line.contract.clone();
        new.declarer = old.line.declarer.clone();
        new.result = old.line.result.clone();
        new.score = old.line.score.clone();
        new.adjust = old.line.adjust.clone();
    }
    // Checked with every other line, as an import would be; the same two pairs on
    // another line of the board too (a table's second result is a conflict, but a
    // director's correction would make the board's pairs play it twice).
    let mut others = session.clone();
    others.lines.retain(|l| l.line.line_no != line_no);
    if new.board != old.line.board {
        check_night_board(&others, new.board, lang).map_err(WebError::BadRequest)?;
    }
    entry::check_in(&others, &new, true, lang).map_err(WebError::BadRequest)?;
    if let Some((pair, other)) = others
        .lines
        .iter()
        .find_map(|l| new.pair_also_on(&l.line).map(|p| (p, &l.line)))
    {
        return Err(WebError::BadRequest(lang.already_plays(
            pair,
            new.board,
            other.line_no,
        )));
    }
    state
        .store
        .correct(
            &s.club,
            LineAt {
                session: id,
                line_no,
                version: form.version,
            },
            &new,
            &s.director.login,
            &form.reason,
        )
        .await?;
    // The director's decision may be the last the night waited for (a board a table
    // marked not played): it is then published as a table's last result publishes it.
    scoring::publish_when_complete(&state, &s.club, id).await;
    // The console says what the checks find of the corrected line.
    Ok(Redirect::to(&format!("/director/s/{id}?corrected={line_no}")).into_response())
}

/// Refuses a line moved to a board that is not one of the night's: its movement's
/// boards, or without a movement the boards its other lines (`others`) are on. Most
/// often a typo (board 99 on a night of two boards), it is refused as a pair the night
/// does not have is; a night with no other line has nothing to go by.
fn check_night_board(others: &Session, board: i64, lang: Lang) -> Result<(), String> {
    let boards: Vec<u32> = match scoring::session_movement(&others.info) {
        Some(m) => m.boards(),
        None => {
            let mut on: Vec<u32> = others
                .lines
                .iter()
                .filter_map(|l| u32::try_from(l.line.board).ok())
                .collect();
            on.sort_unstable();
            on.dedup();
            on
        }
    };
    let known = u32::try_from(board).is_ok_and(|b| boards.contains(&b));
    if boards.is_empty() || known {
        return Ok(());
    }
    let list = movement::validate::board_list(&boards);
    Err(lang.not_a_board_of_the_night(board, &list))
}

async fn progress_fragment(
    State(state): State<AppState>,
    PageLang(lang): PageLang,
    s: DirectorSession,
    Path(id): Path<i64>,
) -> WebResult {
    // Polled every few seconds: the night's description and which boards are entered,
    // not every line.
    let head = state.store.session_boards(&s.club, id, &[]).await?;
    let entered = state.store.entered(&s.club, id).await?;
    let block = html! {
        (notices(&state, &s, id, lang).await?)
        (progress(&head.info, &entered, lang))
    };
    Ok(Html(block.into_string()).into_response())
}

/// The stored lines the conflicts are about, read only when there are conflicts.
async fn conflict_lines(
    state: &AppState,
    s: &DirectorSession,
    id: i64,
    open: &[klaver_store::Conflict],
    decided: &[klaver_store::Conflict],
) -> Result<Vec<Line>, WebError> {
    let mut boards: Vec<i64> = open
        .iter()
        .chain(decided)
        .map(|c| c.offered.board)
        .collect();
    if boards.is_empty() {
        return Ok(Vec::new());
    }
    boards.sort_unstable();
    boards.dedup();
    let lines = state.store.session_boards(&s.club, id, &boards).await?;
    Ok(lines.lines.into_iter().map(|l| l.line).collect())
}

/// The results confirmed at a table for a board that already had another one: the
/// director keeps the stored line or takes the table's, and publishing waits.
fn conflicts_block(
    s: &DirectorSession,
    id: i64,
    conflicts: &[klaver_store::Conflict],
    stored: &[Line],
    lang: Lang,
) -> Markup {
    html! {
        @if !conflicts.is_empty() {
            div.error id="conflicts" {
                h2 { (lang.say(Notice::TwoResults)) }
                p { (lang.say(Notice::TwoResultsWhy)) }
                table {
                    (conflict_header("", lang))
                    @for c in conflicts {
                        tr {
                            (conflict_cells(c, stored, lang))
                            td {
                                form.inline method="post" action=(format!("/director/s/{id}/conflicts/{}", c.id)) {
                                    (csrf_field(s))
                                    input type="hidden" name="take" value="0";
                                    button.secondary type="submit" { (lang.say(Notice::KeepStored)) }
                                }
                                " "
                                form.inline method="post" action=(format!("/director/s/{id}/conflicts/{}", c.id)) {
                                    (csrf_field(s))
                                    input type="hidden" name="take" value="1";
                                    button type="submit" { (lang.say(Notice::TakeResult)) }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The conflict tables' heading row, the last column headed `last`.
fn conflict_header(last: &str, lang: Lang) -> Markup {
    let (ns, ew) = lang.report().sides();
    html! {
        tr {
            th { (lang.t(Key::Board)) } th { (ns) } th { (ew) } th { (lang.say(Notice::StoredLine)) }
            th { (lang.say(Notice::ConfirmedLater)) } th { (lang.say(Notice::By)) } th { (last) }
        }
    }
}

/// A conflict's cells in the conflict tables: the board, the pairs, the stored line's
/// number and result as it reads now, the result confirmed later, and who confirmed it
/// when. Both results are written alike, REV and adjustments included, so that two
/// different results never look the same.
fn conflict_cells(c: &klaver_store::Conflict, stored: &[Line], lang: Lang) -> Markup {
    let shown = |l: &Line| {
        let text = crate::table::line_text(l, lang);
        match klaver_core::lead::written(&l.lead, lang.notation()).as_str() {
            "" => text,
            lead => format!("{text} · {} {lead}", lang.t(Key::Lead).to_lowercase()),
        }
    };
    let l = &c.offered;
    let now = stored.iter().find(|s| s.line_no == c.line_no);
    html! {
        td { (l.board) } td { (l.ns) } td { (l.ew) }
        td { (lang.line_no(c.line_no)) @if let Some(now) = now { ": " (shown(now)) } }
        td { (shown(l)) }
        td { (c.offered_by) " " span.muted { (c.made_at) } }
    }
}

/// The conflicts the director has decided, with what stands and who decided it: the
/// record stays in view after the buttons are gone.
fn decided_block(decided: &[klaver_store::Conflict], stored: &[Line], lang: Lang) -> Markup {
    html! {
        @if !decided.is_empty() {
            div id="decided-conflicts" {
                h2 { (lang.say(Notice::Decided)) }
                table {
                    (conflict_header(lang.say(Notice::Decision), lang))
                    @for c in decided {
                        @if let Some(d) = &c.decided {
                            tr {
                                (conflict_cells(c, stored, lang))
                                td {
                                    @match d.outcome {
                                        klaver_store::Outcome::Kept => (lang.say(Notice::Kept)),
                                        klaver_store::Outcome::Taken => (lang.say(Notice::Taken)),
                                    }
                                    (lang.say(Notice::DecidedBy)) (d.by) " " span.muted { (d.at) }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The corrections tables requested after publication that still stand (the line reads
/// as the request left it), newest first.
async fn standing_requests(
    state: &AppState,
    s: &DirectorSession,
    id: i64,
) -> Result<Vec<klaver_store::Correction>, WebError> {
    let requested: Vec<klaver_store::Correction> = state
        .store
        .corrections(&s.club, id)
        .await?
        .into_iter()
        // (A line added to the night has no line before to restore.)
        .filter(|c| c.old.is_some() && c.reason.starts_with(crate::table::REQUESTED))
        .collect();
    if requested.is_empty() {
        return Ok(requested);
    }
    // Only the boards the requests are about are read.
    let mut boards: Vec<i64> = requested.iter().map(|c| c.new.board).collect();
    boards.sort_unstable();
    boards.dedup();
    let lines = state.store.session_boards(&s.club, id, &boards).await?;
    let standing = |c: &klaver_store::Correction| {
        lines
            .lines
            .iter()
            .any(|l| l.line.line_no == c.new.line_no && same_result(&l.line, &c.new))
    };
    Ok(requested.into_iter().rev().filter(standing).collect())
}

/// Whether two lines hold the same result.
fn same_result(a: &Line, b: &Line) -> bool {
    (
        &a.contract,
        &a.declarer,
        &a.result,
        &a.score,
        &a.adjust,
        &a.lead,
    ) == (
        &b.contract,
        &b.declarer,
        &b.result,
        &b.score,
        &b.adjust,
        &b.lead,
    )
}

/// The corrections tables requested after publication, each with "Refuse".
fn requests_block(
    s: &DirectorSession,
    id: i64,
    requests: &[klaver_store::Correction],
    lang: Lang,
) -> Markup {
    let (ns, ew) = lang.report().sides();
    let show = |l: &Line| {
        format!(
            "{} {} {}",
            entry::played_in(l, lang.notation()),
            l.adjust,
            l.lead
        )
    };
    html! {
        @if !requests.is_empty() {
            div id="requests" {
                h2 { (lang.say(Notice::Requested)) }
                p { (lang.say(Notice::RequestsWhy)) }
                table {
                    tr {
                        th { (lang.t(Key::Board)) } th { (ns) } th { (ew) } th { (lang.say(Notice::Was)) }
                        th { (lang.say(Notice::Now)) } th { (lang.say(Notice::RequestedBy)) } th {}
                    }
                    @for c in requests {
                        tr {
                            td { (c.new.board) } td { (c.new.ns) } td { (c.new.ew) }
                            td { (c.old.as_ref().map(show).unwrap_or_default()) } td { (show(&c.new)) }
                            td { (c.made_by) " " span.muted { (c.made_at) } }
                            td {
                                form.inline method="post" action=(format!("/director/s/{id}/refuse")) {
                                    (csrf_field(s))
                                    input type="hidden" name="line_no" value=(c.new.line_no);
                                    input type="hidden" name="made_at" value=(c.made_at);
                                    button.secondary type="submit" { (lang.say(Notice::Refuse)) }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

#[derive(serde::Deserialize)]
struct RefuseForm {
    csrf: String,
    line_no: i64,
    made_at: String,
}

/// Refuses a correction a table requested after publication: the line is restored as it
/// was, itself a correction with the director's name and the reason.
async fn refuse_request(
    State(state): State<AppState>,
    PageLang(lang): PageLang,
    s: DirectorSession,
    Path(id): Path<i64>,
    Form(form): Form<RefuseForm>,
) -> WebResult {
    s.check(&form.csrf)?;
    let request = standing_requests(&state, &s, id)
        .await?
        .into_iter()
        .find(|c| c.new.line_no == form.line_no && c.made_at == form.made_at);
    // (A standing request is a correction, which has the line before it.)
    let Some((request, Some(old))) = request.as_ref().map(|r| (r, &r.old)) else {
        return Err(WebError::Conflict(lang.refused(&Refused::RequestGone)));
    };
    let board = state
        .store
        .session_boards(&s.club, id, &[request.new.board])
        .await?;
    let version = board
        .lines
        .iter()
        .find(|l| l.line.line_no == form.line_no)
        .map_or(0, |l| l.version);
    let at = LineAt {
        session: id,
        line_no: form.line_no,
        version,
    };
    let reason = format!(
        "the correction {} requested at {} refused by the director",
        request.made_by, request.made_at
    );
    state
        .store
        .correct(&s.club, at, old, &s.director.login, &reason)
        .await?;
    Ok(Redirect::to(&format!("/director/s/{id}")).into_response())
}

#[derive(serde::Deserialize)]
struct ClockForm {
    csrf: String,
    seconds: i64,
}

/// Starts the round's clock: every phone shows the time left, counting down.
async fn start_clock(
    State(state): State<AppState>,
    s: DirectorSession,
    Path(id): Path<i64>,
    Form(form): Form<ClockForm>,
) -> WebResult {
    s.check(&form.csrf)?;
    let now = klaver_store::unix_seconds();
    state
        .store
        .start_clock(&s.club, id, now, form.seconds)
        .await?;
    Ok(Redirect::to(&format!("/director/s/{id}")).into_response())
}

#[derive(serde::Deserialize)]
struct ConflictForm {
    csrf: String,
    take: u8,
}

async fn resolve_conflict(
    State(state): State<AppState>,
    PageLang(lang): PageLang,
    s: DirectorSession,
    Path((id, conflict)): Path<(i64, i64)>,
    Form(form): Form<ConflictForm>,
) -> WebResult {
    s.check(&form.csrf)?;
    if form.take > 1 {
        return Err(WebError::BadRequest(lang.refused(&Refused::TakeWhich)));
    }
    own_session(&state, &s, id).await?;
    state
        .store
        .resolve_conflict(&s.club, id, conflict, form.take == 1, &s.director.login)
        .await?;
    scoring::publish_when_complete(&state, &s.club, id).await;
    Ok(Redirect::to(&format!("/director/s/{id}")).into_response())
}

async fn live_results(
    State(state): State<AppState>,
    PageLang(lang): PageLang,
    s: DirectorSession,
    Path(id): Path<i64>,
) -> WebResult {
    let session = own_session(&state, &s, id).await?;
    match scoring::score(&session, &[]).map_err(WebError::BadRequest)? {
        Some(scored) => {
            let deals = state.store.deals(&s.club, id).await?;
            // What `klaver session score` says of how the night is scored.
            let notes = scoring::stored_notes(&session.info);
            let back = format!("/director/s/{id}");
            let page = public::report_page(lang, &s.club, &session, &scored, &deals, &back, &notes);
            // While the night is played the director's result list follows the entries
            // by itself (every 15 s); it has nothing to type in.
            let live = if session.info.published_at.is_none() {
                page.0.replacen(
                    "<head>",
                    "<head><meta http-equiv=\"refresh\" content=\"15\">",
                    1,
                )
            } else {
                page.0
            };
            Ok(Html(live).into_response())
        }
        None => Err(WebError::NotFound(lang.refused(&Refused::NoResultsYet))),
    }
}

#[derive(serde::Deserialize)]
struct PublishForm {
    csrf: String,
    on: u8,
}

async fn publish(
    State(state): State<AppState>,
    PageLang(lang): PageLang,
    s: DirectorSession,
    Path(id): Path<i64>,
    Form(form): Form<PublishForm>,
) -> WebResult {
    s.check(&form.csrf)?;
    let session = own_session(&state, &s, id).await?;
    if form.on != 1 {
        state.store.publish(&s.club, id, false).await?;
    } else {
        // Only what scores may be published, and not a night without results: the
        // night as it was scored, not with a line that came in meanwhile.
        if scoring::score(&session, &[])
            .map_err(WebError::BadRequest)?
            .is_none()
        {
            return Err(WebError::BadRequest(
                lang.refused(&Refused::NothingToPublish),
            ));
        }
        if !state.store.publish_as_read(&s.club, &session).await? {
            return Err(WebError::BadRequest(
                lang.refused(&Refused::CameInMeanwhile),
            ));
        }
    }
    Ok(Redirect::to(&format!("/director/s/{id}")).into_response())
}

#[derive(serde::Deserialize)]
struct CsrfOnly {
    csrf: String,
}

/// The address phones reach the server at: `--public-url`, else the one the director's
/// browser used.
fn base_url(state: &AppState, headers: &HeaderMap) -> String {
    if let Some(u) = &state.options.public_url {
        return u.trim_end_matches('/').to_string();
    }
    let host = headers
        .get("host")
        .and_then(|h| h.to_str().ok())
        .filter(|h| {
            h.chars()
                .all(|c| c.is_ascii_alphanumeric() || ".:-[]".contains(c))
        })
        .unwrap_or("localhost:8080");
    format!("http://{host}")
}

fn qr_svg(text: &str) -> String {
    match qrcode::QrCode::new(text.as_bytes()) {
        Ok(code) => code
            .render::<qrcode::render::svg::Color<'_>>()
            .min_dimensions(180, 180)
            .build(),
        Err(_) => String::new(),
    }
}

/// Makes a new secret link for every table (the old ones stop working) and shows the
/// cards to print: the link is shown once, here.
async fn table_cards(
    State(state): State<AppState>,
    PageLang(lang): PageLang,
    s: DirectorSession,
    headers: HeaderMap,
    Path(id): Path<i64>,
    Form(form): Form<CsrfOnly>,
) -> WebResult {
    s.check(&form.csrf)?;
    let session = own_session(&state, &s, id).await?;
    let m = scoring::session_movement(&session.info)
        .ok_or_else(|| WebError::BadRequest(lang.refused(&Refused::NoTablesToLink)))?;
    let base = base_url(&state, &headers);
    let mut cards = Vec::new();
    for t in m.tables() {
        let token = random_token();
        state
            .store
            .set_table_link(&s.club, id, i64::from(t), &token_hash(&token))
            .await?;
        let url = format!("{base}/t/{token}");
        let seats: Vec<String> = m
            .rounds
            .iter()
            .filter_map(|r| {
                r.tables
                    .iter()
                    .find(|x| x.table == t)
                    .map(|x| (r.number, x))
            })
            .map(|(n, x)| {
                format!(
                    "{} {n}: {} – {} ({} {})",
                    lang.t(Key::Round),
                    x.ns.as_deref().unwrap_or("–"),
                    x.ew.as_deref().unwrap_or("–"),
                    lang.t(Key::Boards).to_lowercase(),
                    movement::validate::board_list(&x.boards.boards().collect::<Vec<_>>())
                )
            })
            .collect();
        cards.push((t, url, seats));
    }
    Ok(page(
        lang,
        lang.say(Nights::TableCards),
        None,
        html! {
            p.noprint { a href=(format!("/director/s/{id}")) { "← " (session.info.date) } " · " (lang.say(Nights::PrintNow)) }
            div.cards {
                @for (t, url, seats) in &cards {
                    div.card {
                        h2 { (lang.t(Key::Table)) " " (t) }
                        (PreEscaped(qr_svg(url)))
                        p { small { a href=(url) { (url) } } }
                        @for line in seats { div { small { (line) } } }
                    }
                }
            }
        },
    )
    .into_response())
}

/// The night's guide cards, in the console's language (Dutch cards on a Dutch console;
/// English otherwise, as there are no Turkish cards).
async fn guide_cards(
    State(state): State<AppState>,
    s: DirectorSession,
    PageLang(lang): PageLang,
    Path(id): Path<i64>,
) -> WebResult {
    let session = own_session(&state, &s, id).await?;
    let m = scoring::session_movement(&session.info)
        .ok_or_else(|| WebError::BadRequest(lang.refused(&Refused::NoMovement)))?;
    let check = movement::validate::validate(&m);
    let options = klaver_io::guide_cards::CardOptions {
        lang: match lang {
            Lang::Nl => klaver_io::guide_cards::CardLang::Dutch,
            Lang::En | Lang::Tr => klaver_io::guide_cards::CardLang::English,
        },
        ..klaver_io::guide_cards::CardOptions::default()
    };
    Ok(Html(klaver_io::guide_cards::html(&m, &check, &options)).into_response())
}
