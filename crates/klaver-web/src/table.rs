//! The table's phone: its secret link shows the boards of the table's current round;
//! North enters contract, declarer, lead and tricks; East sees the result and the score
//! and confirms; only then is the line stored. The link allows entering this table's
//! boards of this session, with the pairs the movement seats there, and nothing else.

use crate::auth::token_hash;
use crate::entry::{self, Typed};
use crate::extract::{Form, Path, Query};
use crate::i18n::{BoardRefused, Field, Key, Lang};
use crate::layout::{PageLang, page};
use crate::{AppState, WebError, WebResult, scoring};
use axum::Router;
use axum::extract::State;
use axum::response::{IntoResponse, Redirect};
use axum::routing::{get, post};
use klaver_core::movement::{Movement, TableRound};
use klaver_core::notation;
use klaver_store::{Club, Line, Session};
use maud::html;
use std::collections::HashMap;

/// The table routes.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/t/{token}", get(table_page))
        .route("/t/{token}/enter", post(enter))
        .route("/t/{token}/confirm", post(confirm))
}

/// What a link opens, checked.
pub(crate) struct AtTable {
    pub(crate) club: Club,
    pub(crate) session: Session,
    pub(crate) table: u32,
    movement: Movement,
    /// The session's entered boards: board, North-South, East-West.
    entered: Vec<(i64, String, String)>,
    /// When the round ends (seconds since 1970), when the director runs the clock.
    deadline: Option<i64>,
    /// The results are published and the club's correction period has not ended.
    corrections_open: bool,
    /// The night's hands kept with the session, read only where an entry needs them
    /// ([`AtTable::load_hands`]): a table's page does not.
    pub(crate) hands: Vec<klaver_store::StoredDeal>,
}

pub(crate) async fn open(state: &AppState, token: &str) -> Result<AtTable, WebError> {
    let at = open_any(state, token).await?;
    if at.session.info.published_at.is_some() {
        return Err(WebError::Forbidden(
            "the results are published: entry is closed (ask the director for a correction)".into(),
        ));
    }
    Ok(at)
}

/// A table's link, also after the results are published (the page then says so).
async fn open_any(state: &AppState, token: &str) -> Result<AtTable, WebError> {
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
    let movement = scoring::session_movement(&session.info)
        .ok_or_else(|| WebError::BadRequest("this session has no movement".into()))?;
    let entered = state.store.entered(&club, link.session).await?;
    let table = u32::try_from(link.table).unwrap_or(0);
    let bpr = session.info.boards_per_round.unwrap_or(1);
    let deadline = state
        .store
        .clock(&club, link.session)
        .await?
        .map(|(started, seconds)| started + seconds * bpr);
    let minutes = i64::from(state.options.correction_minutes);
    let corrections_open = minutes > 0
        && session
            .info
            .published_at
            .as_deref()
            .is_some_and(|at| at >= klaver_store::now_plus(-minutes * 60).as_str());
    Ok(AtTable {
        club,
        session,
        table,
        movement,
        entered,
        deadline,
        corrections_open,
        hands: Vec::new(),
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

    /// Reads the night's kept hands, for the lead check and the hands form.
    pub(crate) async fn load_hands(&mut self, state: &AppState) -> Result<(), WebError> {
        self.hands = state.store.deals(&self.club, self.session.info.id).await?;
        Ok(())
    }

    /// When the board's hands are known: the lead (`HK`, as stored; `typed` as the
    /// table wrote it, for the message) must be a card of the opening leader, the player
    /// on declarer's left.
    fn check_lead(
        &self,
        board: u32,
        (lead, typed): (&str, &str),
        declarer: &str,
        lang: Lang,
    ) -> Result<(), String> {
        let mut chars = lead.chars();
        let (Some(suit), Some(rank)) = (chars.next(), chars.next()) else {
            return Ok(());
        };
        let Some(kept) = self.hands.iter().find(|d| d.board == i64::from(board)) else {
            return Ok(());
        };
        let (Ok(deal), Ok(declarer)) = (
            klaver_deal::Deal::from_pbn(&kept.deal),
            notation::parse_seat(declarer, notation::Language::English),
        ) else {
            return Ok(());
        };
        let card = klaver_deal::Suit::ALL
            .into_iter()
            .find(|s| s.letter() == suit)
            .and_then(|s| klaver_deal::Card::new(s, rank));
        let leader = declarer.next();
        match card {
            Some(c) if deal.owner(c) != leader => Err(lang.lead_not_in_hand(
                typed,
                notation::seat_name(leader, lang.notation()),
                notation::seat_name(declarer, lang.notation()),
            )),
            _ => Ok(()),
        }
    }

    /// The round whose results the table may still correct: the current round once a
    /// board of it is entered, else the round just finished (until the next one starts).
    fn correctable_round(&self) -> Option<(u32, &TableRound)> {
        let rounds = self.rounds();
        match self.current() {
            Some((n, t, open)) if (open.len() as u32) < t.boards.len() => Some((n, t)),
            Some((n, _, _)) => rounds.into_iter().rev().find(|(r, _)| *r < n),
            None => rounds.last().copied(),
        }
    }

    /// The round in which this table plays `board`, with its seating.
    fn seat_of(&self, board: u32) -> Option<(u32, &TableRound)> {
        self.rounds()
            .into_iter()
            .find(|(_, t)| t.boards.boards().any(|b| b == board))
    }

    /// The first round with boards still to enter, and those boards.
    pub(crate) fn current(&self) -> Option<(u32, &TableRound, Vec<u32>)> {
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

/// What the table page is opened with: the values typed before an error or "Back", so
/// that nothing has to be typed again and the board chosen stays chosen; `stored`, the
/// board just stored.
#[derive(serde::Deserialize, Default)]
struct Shown {
    #[serde(flatten)]
    typed: Entered,
    #[serde(default)]
    stored: String,
}

async fn table_page(
    State(state): State<AppState>,
    PageLang(lang): PageLang,
    Path(token): Path<String>,
    Query(shown): Query<Shown>,
) -> WebResult {
    let at = open_any(&state, &token).await?;
    let stored = shown
        .stored
        .trim()
        .parse()
        .ok()
        .and_then(|b| stored_text(&at, b, lang));
    let round_lines = round_lines(&state, &at).await?;
    let traveller = match shown.stored.trim().parse::<u32>() {
        Ok(b) if state.options.show_travellers => traveller(&state, &at, b, lang).await?,
        _ => html! {},
    };
    let page = board_form(
        lang,
        &token,
        &at,
        Form2 {
            error: None,
            typed: &shown.typed,
            stored: stored.as_deref(),
            round_lines: &round_lines,
            traveller,
        },
    );
    Ok(page.into_response())
}

/// The pairs that play `board`, from the movement: (North-South, East-West).
fn players_of(movement: &Movement, board: u32) -> Vec<(&str, &str)> {
    movement
        .rounds
        .iter()
        .flat_map(|r| &r.tables)
        .filter(|t| t.is_match() && t.boards.boards().any(|b| b == board))
        .filter_map(|t| Some((t.ns.as_deref()?, t.ew.as_deref()?)))
        .collect()
}

/// The board's traveller with North-South's percentages, as the phone shows it after
/// the board when the club allows it: held back until every table that plays the board
/// has entered it, so that no table sees a board it has still to play. The percentages
/// are the night's own (its conventions, adjustments and reversed results); while the
/// night cannot be scored they are left out rather than guessed.
async fn traveller(
    state: &AppState,
    at: &AtTable,
    board: u32,
    lang: Lang,
) -> WebResult<maud::Markup> {
    let pairs = players_of(&at.movement, board);
    if pairs.iter().any(|(ns, ew)| !at.entered(board, ns, ew)) {
        return Ok(html! { p.muted { (lang.t(Key::TravellerLater)) } });
    }
    let session = state.store.session(&at.club, at.session.info.id).await?;
    let percentages = ns_percentages(&session, board);
    let lines: Vec<&Line> = session
        .lines
        .iter()
        .map(|l| &l.line)
        .filter(|l| l.board == i64::from(board))
        .collect();
    let mine = at.seat_of(board).and_then(|(_, t)| t.ns.clone());
    Ok(html! {
        h2 { (lang.t(Key::Board)) " " (board) }
        table {
            tr { th { "NS" } th { "EW" } th { (lang.t(Key::Contract)) } th.n { (lang.t(Key::Score)) } th.n { "NS %" } }
            @for l in &lines {
                tr {
                    td { @if mine.as_deref() == Some(l.ns.as_str()) { b { (l.ns) } } @else { (l.ns) } }
                    td { (l.ew) }
                    td { (line_text(l, lang)) }
                    td.n { @if let Some(s) = played_score(l, board) { (format!("{s:+}")) } }
                    td.n { @if let Some(p) = percentages.get(&l.line_no) { (format!("{p:.0}")) } }
                }
            }
        }
    })
}

/// The score a line was played to, when it has one (a reversed result has; an average
/// has not).
fn played_score(l: &Line, board: u32) -> Option<i32> {
    let typed = Typed {
        contract: l.contract.clone(),
        declarer: l.declarer.clone(),
        result: l.result.clone(),
        score: l.score.clone(),
        adjust: String::new(),
    };
    entry::score_of(&typed, board)
}

/// North-South's percentage on each line of `board`, by its stored number, as the night
/// is scored; none while it cannot be scored.
fn ns_percentages(session: &klaver_store::Session, board: u32) -> HashMap<i64, f64> {
    let Ok(Some(scored)) = scoring::score(session, &[]) else {
        return HashMap::new();
    };
    let (result, results) = (&scored.result, &scored.imported.event.results);
    result
        .boards
        .iter()
        .filter(|b| b.board == board)
        .flat_map(|b| b.results())
        .filter_map(|i| {
            let points = result.points.get(i)?.as_ref()?;
            let top = result.points.top(i);
            let ns = *points.ns.numer() as f64 / *points.ns.denom() as f64;
            (top > 0).then(|| (i64::from(results[i].line()), ns * 100.0 / top as f64))
        })
        .collect()
}

/// This table's stored lines of the round it may still correct.
async fn round_lines(
    state: &AppState,
    at: &AtTable,
) -> Result<Vec<klaver_store::StoredLine>, WebError> {
    if at.session.info.published_at.is_some() {
        return table_lines(state, at).await;
    }
    let Some((_, seat)) = at.correctable_round() else {
        return Ok(Vec::new());
    };
    let (Some(ns), Some(ew)) = (seat.ns.as_deref(), seat.ew.as_deref()) else {
        return Ok(Vec::new());
    };
    let boards: Vec<i64> = seat.boards.boards().map(i64::from).collect();
    let lines = state
        .store
        .session_boards(&at.club, at.session.info.id, &boards)
        .await?;
    Ok(lines
        .lines
        .into_iter()
        .filter(|l| same_pairs(&l.line, ns, ew))
        .collect())
}

/// Every stored line played at this table, round after round.
async fn table_lines(
    state: &AppState,
    at: &AtTable,
) -> Result<Vec<klaver_store::StoredLine>, WebError> {
    let session = state.store.session(&at.club, at.session.info.id).await?;
    let rounds = at.rounds();
    Ok(session
        .lines
        .into_iter()
        .filter(|l| {
            rounds.iter().any(|(_, t)| {
                let (Some(ns), Some(ew)) = (t.ns.as_deref(), t.ew.as_deref()) else {
                    return false;
                };
                t.boards.boards().any(|b| i64::from(b) == l.line.board)
                    && same_pairs(&l.line, ns, ew)
            })
        })
        .collect())
}

/// Whether a line is between these two pairs, either way round.
fn same_pairs(line: &Line, ns: &str, ew: &str) -> bool {
    (line.ns == ns && line.ew == ew) || (line.ns == ew && line.ew == ns)
}

/// A stored line as the phone and the director's list of conflicts show it: the played
/// result with its score ("4S N +1 · NS +450"), REV after a reversed one (in the page's
/// language, as the reports print it), the score the director typed ("NS -100"), and
/// an adjustment as stored ("60/40", "NS +420 · EW 60%"): two different results never
/// read the same.
pub(crate) fn line_text(line: &Line, lang: Lang) -> String {
    if line.adjust == "NP" {
        return lang.t(Key::NotPlayed).to_string();
    }
    let reversed = line.adjust.eq_ignore_ascii_case("rev");
    let mut played = match line.contract.as_str() {
        "" => String::new(),
        "PASS" => lang.t(Key::Passed).to_string(),
        _ => crate::entry::played_in(line, lang.notation()),
    };
    if reversed {
        played.push(' ');
        played.push_str(lang.report().word(klaver_io::report::Word::Reverse));
    }
    // An artificial score replaces the played one; a side's split keeps the score.
    let artificial = !line.adjust.is_empty() && !reversed && line.score.is_empty();
    let score = u32::try_from(line.board)
        .ok()
        .and_then(|b| played_score(line, b))
        .filter(|_| !artificial && line.contract != "PASS")
        .map(|s| format!("{} {s:+}", lang.report().sides().0));
    let adjust = (!line.adjust.is_empty() && !reversed).then(|| line.adjust.clone());
    [Some(played.trim().to_string()), score, adjust]
        .into_iter()
        .flatten()
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join(" · ")
}

/// The time left in the round as the page is sent ("12:30"); the page's script counts
/// it down.
fn time_left(deadline: i64, lang: Lang) -> String {
    let now = klaver_store::unix_seconds();
    match deadline - now {
        left if left > 0 => format!("{}:{:02}", left / 60, left % 60),
        _ => lang.t(Key::TimeUp).to_string(),
    }
}

/// "Board 5 stored: 4S N +1", when this table's line of the board is stored.
fn stored_text(at: &AtTable, board: u32, lang: Lang) -> Option<String> {
    let (_, seat) = at.seat_of(board)?;
    let (ns, ew) = (seat.ns.as_deref()?, seat.ew.as_deref()?);
    at.entered(board, ns, ew)
        .then(|| format!("{} {board}: {}", lang.t(Key::Board), lang.t(Key::Stored)))
}

/// What the board form shows besides the boards: an error, what was typed, what was
/// just stored.
struct Form2<'a> {
    error: Option<&'a str>,
    typed: &'a Entered,
    stored: Option<&'a str>,
    /// The table's lines it may still correct.
    round_lines: &'a [klaver_store::StoredLine],
    /// The board just played, when the club shows it after the board.
    traveller: maud::Markup,
}

fn board_form(lang: Lang, token: &str, at: &AtTable, f: Form2<'_>) -> axum::response::Html<String> {
    let title = format!("{} {}", lang.t(Key::Table), at.table);
    let here = format!("/t/{token}");
    if at.session.info.published_at.is_some() {
        return page(
            lang,
            &title,
            Some(&here),
            published_body(lang, token, at, &f),
        );
    }
    let Some((round, seat, open)) = at.current() else {
        return page(
            lang,
            &title,
            Some(&here),
            html! {
                @if let Some(s) = f.stored { p.ok { (s) } }
                (f.traveller)
                // An error is never hidden behind "every board is entered".
                @if let Some(e) = f.error { p.error { (e) } }
                p.ok { (lang.t(Key::AllDone)) }
            },
        );
    };
    let round_done = f.error.is_none()
        && round != at.rounds().first().map_or(round, |r| r.0)
        && open.len() as u32 == seat.boards.len();
    page(
        lang,
        &title,
        Some(&here),
        html! {
            p { b { (at.club.name) } " · " (at.session.info.date) }
            h1 { (lang.t(Key::Table)) " " (at.table) " · " (lang.t(Key::Round)) " " (round) }
            @if let Some(deadline) = at.deadline {
                p { (lang.t(Key::TimeLeft)) ": " b data-deadline=(deadline) data-up=(lang.t(Key::TimeUp)) { (time_left(deadline, lang)) } }
                script src="/static/klaver.js" {}
            }
            p { "NS " (pair_names(at, seat.ns.as_deref())) br; "EW " (pair_names(at, seat.ew.as_deref())) }
            @if let Some(s) = f.stored { p.ok { (s) } }
            (f.traveller)
            @if round_done { p.ok { (lang.t(Key::RoundDone)) } }
            @if let Some(e) = f.error { p.error { (e) } }
            @if f.typed.fixing() { h2 { (lang.t(Key::Correct)) " " (lang.t(Key::Board)) " " (f.typed.board) } }
            (entry_form(lang, token, f.typed, open))
            p { a href=(format!("/t/{token}/hands")) { (lang.t(Key::EnterHands)) } }
            (round_list(lang, token, f.round_lines))
        },
    )
}

/// A pair's number and names, as the phone shows them.
fn pair_names(at: &AtTable, pair: Option<&str>) -> maud::Markup {
    let pair = pair.unwrap_or("");
    let names = at
        .session
        .pairs
        .iter()
        .find(|p| p.pair == pair)
        .map_or("", |p| p.names.as_str());
    html! { b { (pair) } @if !names.is_empty() { " " span.muted { (names) } } }
}

/// North's form: the board, contract, declarer, lead and tricks, with what was typed.
/// A correction (or a correction request) is of its one board.
fn entry_form(lang: Lang, token: &str, typed: &Entered, open: Vec<u32>) -> maud::Markup {
    let open: Vec<u32> = match typed.board.trim().parse::<u32>() {
        Ok(b) if typed.fixing() || typed.requesting() => vec![b],
        _ => open,
    };
    let chosen = typed
        .board
        .trim()
        .parse::<u32>()
        .ok()
        .filter(|b| open.contains(b));
    // A board typed before that is no longer open is never swapped for another one:
    // the table chooses again.
    let must_choose = chosen.is_none() && !typed.board.trim().is_empty();
    html! {
        form.big method="post" action=(format!("/t/{token}/enter")) {
            @if typed.fixing() { input type="hidden" name="fix" value="1"; }
            @if typed.requesting() { input type="hidden" name="req" value="1"; }
            label { (lang.t(Key::Board)) select name="board" required {
                @if must_choose { option value="" selected { "—" } }
                @for b in &open { option value=(b) selected[chosen == Some(*b)] { (b) } }
            } }
            label { (lang.t(Key::Contract)) input name="contract" value=(typed.contract) placeholder=(match lang { Lang::Nl => "4S, 3SA, pas", Lang::Tr => "4 Pik, 3 SA, pas", Lang::En => "4S, 3NT, pass" }) autocomplete="off" required maxlength="40"; }
            label { (lang.t(Key::Declarer)) select name="declarer" {
                option value="" { "—" }
                @for s in seats(lang) { option value=(s) selected[typed.declarer == s] { (s) } }
            } }
            label { (lang.t(Key::Lead)) input name="lead" size="4" value=(typed.lead) autocomplete="off" maxlength="8"; }
            label { (lang.t(Key::Tricks)) select name="tricks" {
                option value="" { "—" }
                @for n in 0..=13u8 { option value=(n) selected[typed.tricks.trim() == n.to_string()] { (n) } }
            } }
            button type="submit" { (lang.t(Key::Enter)) }
            button.secondary type="submit" name="np" value="1" formnovalidate { (lang.t(Key::NotPlayedButton)) }
        }
    }
}

/// The table's page once the results are published: the way to them and, within the
/// club's correction period, the table's results with a "Request a correction" link
/// (or the request's form).
fn published_body(lang: Lang, token: &str, at: &AtTable, f: &Form2<'_>) -> maud::Markup {
    let results = format!("/c/{}/s/{}", at.club.code, at.session.info.id);
    html! {
        @if let Some(s) = f.stored { p.ok { (s) } }
        @if let Some(e) = f.error { p.error { (e) } }
        p.ok { (lang.t(Key::Published)) }
        p { a href=(results) { (lang.t(Key::Results)) } }
        @if at.corrections_open {
            @if f.typed.requesting() {
                h2 { (lang.t(Key::RequestCorrection)) ": " (lang.t(Key::Board)) " " (f.typed.board) }
                (entry_form(lang, token, f.typed, Vec::new()))
            } @else if !f.round_lines.is_empty() {
                p { (lang.t(Key::CorrectionPeriod)) }
                ul {
                    @for l in f.round_lines {
                        li {
                            (lang.t(Key::Board)) " " (l.line.board) ": " (line_text(&l.line, lang))
                            " · " a href=(format!("/t/{token}?{}", Entered::of_line(&l.line, lang).request_query())) { (lang.t(Key::RequestCorrection)) }
                        }
                    }
                }
            }
        }
    }
}

/// The table's results of the round it may still correct, each with its "Correct" link.
fn round_list(lang: Lang, token: &str, lines: &[klaver_store::StoredLine]) -> maud::Markup {
    html! {
        @if !lines.is_empty() {
            h2 { (lang.t(Key::EnteredThisRound)) }
            ul {
                @for l in lines {
                    li {
                        (lang.t(Key::Board)) " " (l.line.board) ": " (line_text(&l.line, lang))
                        @if l.version > 1 { " (" (lang.t(Key::Corrected)) ")" }
                        " · " a href=(format!("/t/{token}?{}", Entered::of_line(&l.line, lang).fix_query())) { (lang.t(Key::Correct)) }
                    }
                }
            }
        }
    }
}

fn seats(lang: Lang) -> [&'static str; 4] {
    match lang {
        Lang::En => ["N", "E", "S", "W"],
        Lang::Nl => ["N", "O", "Z", "W"],
        Lang::Tr => ["K", "D", "G", "B"],
    }
}

#[derive(serde::Deserialize, Clone, Default)]
struct Entered {
    #[serde(default)]
    board: String,
    #[serde(default)]
    contract: String,
    #[serde(default)]
    declarer: String,
    #[serde(default)]
    lead: String,
    #[serde(default)]
    tricks: String,
    /// "1": the board was not played (the director is called).
    #[serde(default)]
    np: String,
    /// "1": a correction of this table's stored line of the board, before the round ends.
    #[serde(default)]
    fix: String,
    /// "1": a correction requested after the results are published.
    #[serde(default)]
    req: String,
}

impl Entered {
    fn not_played(&self) -> bool {
        self.np == "1"
    }

    fn fixing(&self) -> bool {
        self.fix == "1"
    }

    fn requesting(&self) -> bool {
        self.req == "1"
    }

    /// The query of the link that opens this line for a correction request.
    fn request_query(mut self) -> String {
        self.req = "1".into();
        self.query()
    }

    /// A stored line as the phone shows it typed, in the page's notation.
    fn of_line(line: &Line, lang: Lang) -> Entered {
        let n = lang.notation();
        let mut e = Entered {
            board: line.board.to_string(),
            lead: klaver_core::lead::written(&line.lead, n),
            np: if line.adjust == "NP" {
                "1".into()
            } else {
                String::new()
            },
            ..Entered::default()
        };
        if line.contract == "PASS" {
            e.contract = "PASS".into();
            return e;
        }
        let joined = format!("{} {} {}", line.contract, line.declarer, line.result);
        if let Ok((notation::Entry::Played(p), _)) =
            notation::parse_entry(&joined, notation::Language::English, notation::Mode::Strict)
        {
            e.contract = notation::format_contract(p.contract(), n);
            e.declarer = notation::format_seat(p.declarer(), n);
            e.tricks = p.tricks().to_string();
        }
        e
    }

    fn board(&self, lang: Lang) -> Result<u32, String> {
        self.board
            .trim()
            .parse()
            .map_err(|_| lang.t(Key::ChooseBoard).to_string())
    }

    /// The values as a form's fields.
    fn fields(&self) -> [(&'static str, &str); 8] {
        [
            ("board", &self.board),
            ("contract", &self.contract),
            ("declarer", &self.declarer),
            ("lead", &self.lead),
            ("tricks", &self.tricks),
            ("np", &self.np),
            ("fix", &self.fix),
            ("req", &self.req),
        ]
    }

    /// The query of the link that opens this line for a correction.
    fn fix_query(mut self) -> String {
        self.fix = "1".into();
        self.query()
    }

    /// The values as the query of a link back to the form.
    fn query(&self) -> String {
        let enc = |s: &str| -> String {
            s.bytes()
                .map(|b| match b {
                    b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => {
                        (b as char).to_string()
                    }
                    _ => format!("%{b:02X}"),
                })
                .collect()
        };
        format!(
            "board={}&contract={}&declarer={}&lead={}&tricks={}&np={}&fix={}&req={}",
            enc(&self.board),
            enc(&self.contract),
            enc(&self.declarer),
            enc(&self.lead),
            enc(&self.tricks),
            enc(&self.np),
            enc(&self.fix),
            enc(&self.req)
        )
    }
}

/// The line a table's entry stands for at its seat in `round`, read but not yet checked
/// with the session.
fn typed_line(
    at: &AtTable,
    e: &Entered,
    (round, seat): (u32, &TableRound),
    lang: Lang,
) -> Result<(Line, Typed), String> {
    for (what, text) in [
        (Field::Contract, &e.contract),
        (Field::Declarer, &e.declarer),
    ] {
        entry::check_length_in(lang.say(what), text, entry::MAX_FIELD, lang)?;
    }
    let board = e.board(lang)?;
    let lead = entry::read_lead(&e.lead, lang.notation())?;
    let tricks = e.tricks.trim().parse::<u8>().ok();
    let typed = if e.not_played() {
        // Which the table meant, the result typed or "not played", is not klaver's to guess.
        if [&e.contract, &e.declarer, &e.tricks]
            .iter()
            .any(|t| !t.trim().is_empty())
        {
            return Err(lang.t(Key::NotPlayedWithPlay).into());
        }
        Typed {
            adjust: "NP".into(),
            ..Typed::default()
        }
    } else {
        entry::read_table_entry(&e.contract, &e.declarer, tricks, lang)?
    };
    at.check_lead(board, (&lead, e.lead.trim()), &typed.declarer, lang)?;
    let line = Line {
        board: i64::from(board),
        table: Some(i64::from(at.table)),
        round: Some(i64::from(round)),
        ns: seat.ns.clone().unwrap_or_default(),
        ew: seat.ew.clone().unwrap_or_default(),
        contract: typed.contract.clone(),
        declarer: typed.declarer.clone(),
        result: typed.result.clone(),
        adjust: typed.adjust.clone(),
        lead,
        ..Line::default()
    };
    Ok((line, typed))
}

/// The line a table's entry stands for, checked with the session.
async fn line_of(
    state: &AppState,
    at: &AtTable,
    e: &Entered,
    lang: Lang,
) -> Result<(Line, Typed), String> {
    if e.fixing() {
        let (round, seat, _) = fixable(state, at, e, lang).await?;
        return typed_line(at, e, (round, seat), lang);
    }
    if e.requesting() {
        let (round, seat, _) = requestable(state, at, e, lang).await?;
        return typed_line(at, e, (round, seat), lang);
    }
    let Some((round, seat, open)) = at.current() else {
        return Err(lang.t(Key::AllDone).into());
    };
    let board = e.board(lang)?;
    if !open.contains(&board) {
        return Err(lang.board_refused(board, BoardRefused::NotOpen));
    }
    let (line, typed) = typed_line(at, e, (round, seat), lang)?;
    let board_lines = state
        .store
        .session_boards(&at.club, at.session.info.id, &[line.board])
        .await
        .map_err(|e| e.to_string())?;
    entry::check_in(&board_lines, &line, false, lang)?;
    Ok((line, typed))
}

/// The table's stored line that a correction is for: a board of the round it may still
/// correct (the round in play, or the one just finished until the next starts).
async fn fixable<'a>(
    state: &AppState,
    at: &'a AtTable,
    e: &Entered,
    lang: Lang,
) -> Result<(u32, &'a TableRound, klaver_store::StoredLine), String> {
    let board = e.board(lang)?;
    let too_late = || lang.board_refused(board, BoardRefused::TooLate);
    let (round, seat) = at.correctable_round().ok_or_else(too_late)?;
    if !seat.boards.boards().any(|b| b == board) {
        return Err(too_late());
    }
    let (Some(ns), Some(ew)) = (seat.ns.as_deref(), seat.ew.as_deref()) else {
        return Err(too_late());
    };
    let stored = stored_line(state, at, board, (ns, ew), lang).await?;
    Ok((round, seat, stored))
}

/// The stored line of `board` between these two pairs, for a correction.
async fn stored_line(
    state: &AppState,
    at: &AtTable,
    board: u32,
    (ns, ew): (&str, &str),
    lang: Lang,
) -> Result<klaver_store::StoredLine, String> {
    let lines = state
        .store
        .session_boards(&at.club, at.session.info.id, &[i64::from(board)])
        .await
        .map_err(|e| e.to_string())?;
    lines
        .lines
        .into_iter()
        .find(|l| same_pairs(&l.line, ns, ew))
        .ok_or_else(|| lang.board_refused(board, BoardRefused::NothingToCorrect))
}

/// The table's stored line that a correction request after publication is for: any
/// board the table played, within the club's correction period.
async fn requestable<'a>(
    state: &AppState,
    at: &'a AtTable,
    e: &Entered,
    lang: Lang,
) -> Result<(u32, &'a TableRound, klaver_store::StoredLine), String> {
    if !at.corrections_open {
        return Err(lang.t(Key::CorrectionsClosed).to_string());
    }
    let board = e.board(lang)?;
    let (round, seat) = at
        .seat_of(board)
        .ok_or_else(|| lang.board_refused(board, BoardRefused::NotAtTable))?;
    let (Some(ns), Some(ew)) = (seat.ns.as_deref(), seat.ew.as_deref()) else {
        return Err(lang.board_refused(board, BoardRefused::NotAtTable));
    };
    let stored = stored_line(state, at, board, (ns, ew), lang).await?;
    Ok((round, seat, stored))
}

/// The table for an entry: a correction request may come after publication.
async fn open_for(state: &AppState, token: &str, e: &Entered) -> Result<AtTable, WebError> {
    let mut at = if e.requesting() {
        open_any(state, token).await?
    } else {
        open(state, token).await?
    };
    at.load_hands(state).await?;
    Ok(at)
}

async fn enter(
    State(state): State<AppState>,
    PageLang(lang): PageLang,
    Path(token): Path<String>,
    Form(e): Form<Entered>,
) -> WebResult {
    let at = open_for(&state, &token, &e).await?;
    let (line, typed) = match line_of(&state, &at, &e, lang).await {
        Ok(x) => x,
        Err(msg) => return Ok(form_again(lang, &token, &at, &msg, &e)),
    };
    let score = entry::score_of(&typed, u32::try_from(line.board).unwrap_or(0)).unwrap_or(0);
    let title = format!("{} {}", lang.t(Key::Table), at.table);
    let proposal = proposal(&state, &at, &line, &e, lang, &token).await?;
    Ok(page(
        lang,
        &title,
        None,
        html! {
            h1 { (lang.t(Key::Board)) " " (line.board) }
            p { "NS " b { (line.ns) } " – EW " b { (line.ew) } }
            @if e.fixing() { h2 { (lang.t(Key::Correct)) } }
            (proposal)
            p.big {
                @if line.adjust == "NP" { (lang.t(Key::NotPlayed)) }
                @else if line.contract == "PASS" { (lang.t(Key::Passed)) } @else {
                    // What North typed, in the page's notation, for East to confirm.
                    (entry::played_in(&line, lang.notation()))
                    @if !line.lead.is_empty() { " · " (lang.t(Key::Lead)) " " (e.lead.trim()) }
                }
            }
            @if line.adjust != "NP" { p { (lang.t(Key::Score)) " NS: " b { (format!("{score:+}")) } } }
            h2 { (lang.t(Key::EastConfirms)) }
            form.big method="post" action=(format!("/t/{token}/confirm")) {
                input type="hidden" name="board" value=(e.board);
                input type="hidden" name="contract" value=(e.contract);
                input type="hidden" name="declarer" value=(e.declarer);
                input type="hidden" name="lead" value=(e.lead);
                input type="hidden" name="tricks" value=(e.tricks);
                input type="hidden" name="np" value=(e.np);
                input type="hidden" name="fix" value=(e.fix);
                @if e.requesting() { input type="hidden" name="req" value="1"; }
                button type="submit" { (lang.t(Key::Confirm)) }
            }
            // Back to the form with everything typed still there.
            p { a href=(format!("/t/{token}?{}", e.query())) { (lang.t(Key::Back)) } }
        },
    )
    .into_response())
}

/// When the entered result is far out of line with the board's field, the likelier
/// result as a button that enters it instead ("did you mean 4S by E?"); the table may
/// also confirm what it entered.
async fn proposal(
    state: &AppState,
    at: &AtTable,
    line: &Line,
    e: &Entered,
    lang: Lang,
    token: &str,
) -> WebResult<maud::Markup> {
    let empty = html! {};
    let Some((_, seat)) = u32::try_from(line.board).ok().and_then(|b| at.seat_of(b)) else {
        return Ok(empty);
    };
    let boards: Vec<i64> = seat.boards.boards().map(i64::from).collect();
    let lines = state
        .store
        .session_boards(&at.club, at.session.info.id, &boards)
        .await?;
    let of = |b: i64| -> Vec<Line> {
        lines
            .lines
            .iter()
            .filter(|l| l.line.board == b)
            .map(|l| l.line.clone())
            .collect()
    };
    let round: Vec<(u32, Vec<Line>)> = boards
        .iter()
        .map(|&b| (u32::try_from(b).unwrap_or(0), of(b)))
        .collect();
    let Some(p) = entry::plausibility(line, &of(line.board), &round) else {
        return Ok(empty);
    };
    let mut instead = e.clone();
    let text = match p {
        entry::Plausible::Declarer(seat) => {
            instead.declarer = notation::format_seat(seat, lang.notation());
            format!("{} {} {}", e.contract, instead.declarer, line.result)
        }
        entry::Plausible::Board(b) => {
            instead.board = b.to_string();
            format!("{} {b}", lang.t(Key::Board))
        }
    };
    Ok(html! {
        p.error { (lang.t(Key::FarFromField)) }
        form.big method="post" action=(format!("/t/{token}/enter")) {
            @for (name, value) in instead.fields() { input type="hidden" name=(name) value=(value); }
            button.secondary type="submit" { (lang.t(Key::DidYouMean)) " " (text) "?" }
        }
    })
}

/// The board form again after an error, with what was typed: answered 400, as a
/// refusal (a store's clash is made 409 where it is met).
fn form_again(
    lang: Lang,
    token: &str,
    at: &AtTable,
    error: &str,
    e: &Entered,
) -> axum::response::Response {
    let form = board_form(
        lang,
        token,
        at,
        Form2 {
            error: Some(error),
            typed: e,
            stored: None,
            round_lines: &[],
            traveller: html! {},
        },
    );
    (axum::http::StatusCode::BAD_REQUEST, form).into_response()
}

/// A refusal made a clash with what is stored (409).
fn clash(mut refusal: axum::response::Response) -> axum::response::Response {
    *refusal.status_mut() = axum::http::StatusCode::CONFLICT;
    refusal
}

async fn confirm(
    State(state): State<AppState>,
    PageLang(lang): PageLang,
    Path(token): Path<String>,
    Form(e): Form<Entered>,
) -> WebResult {
    let at = open_for(&state, &token, &e).await?;
    if e.fixing() || e.requesting() {
        return correct_at_table(&state, &at, &e, lang, &token).await;
    }
    if let Some(answer) = already_stored(&state, &at, &e, lang, &token).await? {
        return Ok(answer);
    }
    let line = match line_of(&state, &at, &e, lang).await {
        Ok((line, _)) => line,
        Err(msg) => return Ok(form_again(lang, &token, &at, &msg, &e)),
    };
    let by = format!("table {}", at.table);
    match state
        .store
        .add_line(&at.club, at.session.info.id, &line, &by)
        .await
    {
        Ok(_) => {
            scoring::publish_when_complete(&state, &at.club, at.session.info.id).await;
            Ok(Redirect::to(&format!("/t/{token}?stored={}", line.board)).into_response())
        }
        Err(klaver_store::StoreError::Conflict(m)) => {
            // Another phone stored this board a moment ago: the same answer as above.
            let at = open_for(&state, &token, &e).await?;
            match already_stored(&state, &at, &e, lang, &token).await? {
                Some(answer) => Ok(answer),
                None => Ok(clash(form_again(lang, &token, &at, &m, &e))),
            }
        }
        Err(e) => Err(e.into()),
    }
}

/// How a correction requested after publication begins its reason: the director's
/// console lists these, each with its "Refuse" button.
pub const REQUESTED: &str = "correction requested after publication";

/// A correction the table made before its round ended, East confirming: stored as a
/// correction of the line, with who and why, like the director's.
async fn correct_at_table(
    state: &AppState,
    at: &AtTable,
    e: &Entered,
    lang: Lang,
    token: &str,
) -> WebResult {
    let fixed = async {
        let (round, seat, stored) = if e.requesting() {
            requestable(state, at, e, lang).await?
        } else {
            fixable(state, at, e, lang).await?
        };
        let (new, _) = typed_line(at, e, (round, seat), lang)?;
        Ok::<_, String>((round, stored, new))
    };
    let (round, stored, mut new) = match fixed.await {
        Ok(x) => x,
        Err(msg) => return Ok(form_again(lang, token, at, &msg, e)),
    };
    let done = Redirect::to(&format!("/t/{token}?stored={}", new.board)).into_response();
    new.section.clone_from(&stored.line.section);
    let by = format!("table {}", at.table);
    if same_result(&stored.line, &new) {
        settle_conflicts(state, at, &stored.line, &by).await?;
        return Ok(done);
    }
    // A line this table did not enter, or one already corrected (a director's ruling),
    // is not overwritten from a phone, before publication or after (a request): the
    // table's result goes to the director.
    if stored.entered_by != by || stored.version > 1 {
        let session = at.session.info.id;
        let line_no = stored.line.line_no;
        state
            .store
            .add_conflict(&at.club, session, line_no, &new, &by)
            .await?;
        return Ok(not_stored(lang, at, token, &stored.line, &new));
    }
    let at_line = klaver_store::LineAt {
        session: at.session.info.id,
        line_no: stored.line.line_no,
        version: stored.version,
    };
    let reason = if e.requesting() {
        format!(
            "{REQUESTED} at table {} (round {round}), the opponents confirming",
            at.table
        )
    } else {
        format!("corrected at the table in round {round}, East confirming")
    };
    match state
        .store
        .correct(&at.club, at_line, &new, &by, &reason)
        .await
    {
        Ok(_) => {
            new.line_no = stored.line.line_no;
            settle_conflicts(state, at, &new, &by).await?;
            Ok(done)
        }
        Err(klaver_store::StoreError::Conflict(m)) => Ok(clash(form_again(lang, token, at, &m, e))),
        Err(err) => Err(err.into()),
    }
}

/// A confirmation for a board this table already has a line for: the same result again
/// (a second tap, another phone) is "stored"; a different one is kept for the director
/// as a conflict and the phone is told plainly that it was not stored.
async fn already_stored(
    state: &AppState,
    at: &AtTable,
    e: &Entered,
    lang: Lang,
    token: &str,
) -> WebResult<Option<axum::response::Response>> {
    let Ok(board) = e.board(lang) else {
        return Ok(None);
    };
    let Some((round, seat)) = at.seat_of(board) else {
        return Ok(None);
    };
    let (Some(ns), Some(ew)) = (seat.ns.as_deref(), seat.ew.as_deref()) else {
        return Ok(None);
    };
    if !at.entered(board, ns, ew) {
        return Ok(None);
    }
    let (mut offered, _) = match typed_line(at, e, (round, seat), lang) {
        Ok(x) => x,
        Err(msg) => return Ok(Some(form_again(lang, token, at, &msg, e))),
    };
    let lines = state
        .store
        .session_boards(&at.club, at.session.info.id, &[i64::from(board)])
        .await?;
    let Some(stored) = lines
        .lines
        .iter()
        .map(|l| &l.line)
        .find(|l| (l.ns == ns && l.ew == ew) || (l.ns == ew && l.ew == ns))
    else {
        return Ok(None);
    };
    let by = format!("table {}", at.table);
    if same_result(stored, &offered) {
        settle_conflicts(state, at, stored, &by).await?;
        return Ok(Some(
            Redirect::to(&format!("/t/{token}?stored={board}")).into_response(),
        ));
    }
    offered.section.clone_from(&stored.section);
    state
        .store
        .add_conflict(&at.club, at.session.info.id, stored.line_no, &offered, &by)
        .await?;
    Ok(Some(not_stored(lang, at, token, stored, &offered)))
}

/// After this table's entry for a stored line that now agrees with it (the same result
/// again, or a correction East confirmed): the line's open conflicts it settles are
/// marked decided, the stored line kept, with the table named, so that the director
/// still sees what was entered. Settled are the ones whose result is the stored line's,
/// and this table's own earlier different results, which its later entry replaces.
async fn settle_conflicts(
    state: &AppState,
    at: &AtTable,
    now: &Line,
    by: &str,
) -> Result<(), WebError> {
    let (club, session) = (&at.club, at.session.info.id);
    let open = state.store.open_conflicts(club, session).await?;
    let settled = open
        .iter()
        .filter(|c| c.line_no == now.line_no)
        .filter(|c| c.offered_by == by || same_result(now, &c.offered));
    let mut any = false;
    for c in settled {
        let who = format!("{by} (its later entry agrees with the stored line)");
        match state
            .store
            .resolve_conflict(club, session, c.id, false, &who)
            .await
        {
            // Decided meanwhile by the director: their decision stands.
            Ok(()) => any = true,
            Err(klaver_store::StoreError::NotFound(_) | klaver_store::StoreError::Conflict(_)) => {}
            Err(e) => return Err(e.into()),
        }
    }
    if any {
        scoring::publish_when_complete(state, club, session).await;
    }
    Ok(())
}

/// The phone's page for a result kept for the director rather than stored: the stored
/// line and the table's.
fn not_stored(
    lang: Lang,
    at: &AtTable,
    token: &str,
    stored: &Line,
    offered: &Line,
) -> axum::response::Response {
    let show = |l: &Line| line_text(l, lang);
    let title = format!("{} {}", lang.t(Key::Table), at.table);
    let page = page(
        lang,
        &title,
        None,
        html! {
            h1 { (lang.t(Key::Board)) " " (offered.board) }
            p.error { (lang.t(Key::NotStored)) }
            p { (lang.t(Key::Stored)) ": " b { (show(stored)) } }
            p { "≠ " b { (show(offered)) } }
            p { a href=(format!("/t/{token}")) { (lang.t(Key::Back)) } }
        },
    );
    (axum::http::StatusCode::CONFLICT, page).into_response()
}

/// Whether a table's result is the one stored for its board: the same contract, lead
/// and adjustment, and the same score where either has no contract (a director's
/// -100 is not the table's "not played").
fn same_result(stored: &Line, offered: &Line) -> bool {
    fn played(l: &Line) -> (&str, &str, &str, &str, &str) {
        (&l.contract, &l.declarer, &l.result, &l.lead, &l.adjust)
    }
    played(stored) == played(offered)
        && (stored.score == offered.score
            || !(stored.contract.is_empty() || offered.contract.is_empty()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A table's "not played" against the director's score for the board was taken as
    /// the same result and dropped, where it is a conflict for the director.
    #[test]
    fn not_played_is_not_the_directors_score() {
        let score = Line {
            board: 3,
            ns: "1".into(),
            ew: "4".into(),
            score: "-100".into(),
            ..Line::default()
        };
        let np = Line {
            adjust: "NP".into(),
            score: String::new(),
            ..score.clone()
        };
        assert!(!same_result(&score, &np));
        let avg = Line {
            adjust: "AVG".into(),
            ..np.clone()
        };
        assert!(!same_result(&avg, &np));
        // A contract with the score it makes, and the table's same contract: the same.
        let made = Line {
            contract: "4S".into(),
            declarer: "N".into(),
            result: "=".into(),
            score: "420".into(),
            ..np.clone()
        };
        let typed = Line {
            adjust: String::new(),
            score: String::new(),
            ..made.clone()
        };
        let made = Line {
            adjust: String::new(),
            ..made
        };
        assert!(same_result(&made, &typed));
    }
}
