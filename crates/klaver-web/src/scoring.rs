//! A stored session scored for the pages, by the same code and with the same options as
//! `klaver session score`.

use klaver_core::session::{Diagnostic, SessionResult, Severity};
use klaver_io::detect;
use klaver_io::exchange::Imported;
use klaver_io::options::{ScoringOptions, centred_weight, score_pairs};
use klaver_io::travellers::{self, ReadOptions};
use klaver_store::{Line, Session, pairs_csv, travellers_csv};

/// A session with its result.
pub struct Scored {
    /// The travellers and pairs as read back.
    pub imported: Imported,
    /// The result.
    pub result: SessionResult,
    /// Centred matchpoints, when the session is scored so.
    pub centred: Option<i64>,
    /// Boards per round.
    pub boards_per_round: Option<u32>,
}

/// Why a line being entered or corrected cannot be stored: its pair or section holds
/// a character that shows nothing (a line the database kept so before is read back as
/// kept, with a warning; a new one is refused, as storing it would be).
pub fn entered_line_refused(l: &Line) -> Option<String> {
    let refused = klaver_store::invisible_in_line(l)?;
    Some(format!("board {}: {refused}", l.board))
}

/// A stored session read back as a file would be (with `extra` lines added, for
/// checking an entry before it is stored). Every line is named by its stored number,
/// the one `session show` lists and a correction takes, not by its line in the CSV it
/// is read back from; an extra line by [`stored_number`].
pub fn read_back(session: &Session, extra: &[Line]) -> Result<Imported, String> {
    // The lines being entered are no lines the database kept.
    if let Some(refused) = extra.iter().find_map(entered_line_refused) {
        return Err(refused);
    }
    let mut with = session.clone();
    for (k, l) in extra.iter().enumerate() {
        let mut line = l.clone();
        line.line_no = stored_number(session, extra, k);
        with.lines.push(klaver_store::StoredLine {
            line,
            version: 1,
            entered_by: String::new(),
        });
    }
    let csv = travellers_csv(&with);
    let stored = ReadOptions {
        stored: true,
        ..ReadOptions::default()
    };
    let (_, mut imported) =
        detect::read(&csv, stored).map_err(|e| format!("the stored lines cannot be read: {e}"))?;
    number_as_stored(&mut imported.event, &csv, &with.lines);
    // A teams night keeps its teams without a result (a bye), as its import did.
    let teams = with.info.form == klaver_io::options::Choice::word(klaver_io::options::Form::Teams);
    let read_names = match teams {
        true => travellers::read_teams,
        false => travellers::read_pairs,
    };
    let warnings = read_names(pairs_csv(&with).as_slice(), &mut imported.event)
        .map_err(|e| format!("the stored pairs cannot be read: {e}"))?;
    // The pairs were written out only to be read back: a line of that text is no one's
    // to look up.
    let unlined = warnings.into_iter().map(|d| Diagnostic { line: None, ..d });
    imported.event.diagnostics.extend(unlined);
    Ok(imported)
}

/// The warnings of the sit-out lines kept with a stored session, as the reading of its
/// file gave them (each on its line of the file): scoring folds those that account for a
/// board's missing results into the board's warning, as it does for the file. They are
/// not among [`read_back`]'s warnings, which name the stored lines by their numbers.
pub fn sit_out_lines(session: &Session) -> Vec<Diagnostic> {
    session
        .sit_outs
        .iter()
        .map(|s| {
            let number = |n: i64| u32::try_from(n).unwrap_or(0);
            klaver_io::said::sat_out(number(s.source_line), number(s.board), &s.section, &s.pair)
        })
        .collect()
}

/// The number extra line `k` of [`read_back`] is named by: its own when it has one (a
/// stored line corrected), else the next after the last of `session`'s lines (the one
/// it would be stored with when `session` holds them all).
pub fn stored_number(session: &Session, extra: &[Line], k: usize) -> i64 {
    match extra[k].line_no {
        0 => {
            let last = session.lines.iter().map(|l| l.line.line_no).max();
            let before = extra[..k].iter().filter(|l| l.line_no == 0).count() as i64;
            last.unwrap_or(0) + 1 + before
        }
        own => own,
    }
}

/// Names the results, penalties and messages of an event read from `csv` (written from
/// `lines`, one record each after the header) by the lines' stored numbers. A message
/// on no stored line (the header) keeps no line.
fn number_as_stored(event: &mut travellers::Event, csv: &[u8], lines: &[klaver_store::StoredLine]) {
    // The CSV line each stored line starts on, in order.
    let starts = travellers::record_lines(csv);
    let stored = |line: u32| -> Option<u32> {
        let record = starts.binary_search(&line).ok()?.checked_sub(1)?;
        u32::try_from(lines.get(record)?.line.line_no).ok()
    };
    for r in &mut event.results {
        r.set_line(stored(r.line()).unwrap_or(r.line()));
    }
    for p in &mut event.penalties {
        p.line = stored(p.line).unwrap_or(p.line);
    }
    for d in &mut event.diagnostics {
        d.line = d.line.and_then(stored);
    }
}

/// The movement a session is played on, if any: the schedule it keeps, or the movement
/// it names with its boards per round (a night created here), read as klaver read the
/// name when the night was stored ([`stored_name_note`] says what it now means).
pub fn session_movement(
    info: &klaver_store::SessionInfo,
) -> Option<klaver_core::movement::Movement> {
    let name = info.movement.as_deref()?;
    if let Some(schedule) = &info.schedule {
        let mut m = klaver_core::movement::parse_csv(schedule).ok()?;
        m.name = name.to_string();
        return Some(m);
    }
    let bpr = info.boards_per_round.and_then(|b| u32::try_from(b).ok())?;
    klaver_core::movement::named_as_stored(name, bpr)
        .ok()
        .map(|(m, _)| m)
}

/// A corrected line's table and round: those of the line before while it is the same
/// board between the same pairs; else, on a night played on a movement, where the
/// movement seats the new pairs for the board (a correction to the pairs who really
/// played it moves the line to their table and round). Without a movement, or where the
/// movement does not seat them, the line's own stand.
pub fn place_corrected(info: &klaver_store::SessionInfo, old: &Line, new: &mut Line) {
    new.table = old.table;
    new.round = old.round;
    if (new.board, &new.ns, &new.ew) == (old.board, &old.ns, &old.ew) {
        return;
    }
    let (Some(movement), Ok(board)) = (session_movement(info), u32::try_from(new.board)) else {
        return;
    };
    let Some(round) = movement.round_of(board, &new.ns, &new.ew) else {
        return;
    };
    if let Some(seat) = movement.table_for(round, &new.ns) {
        new.table = Some(i64::from(seat.table));
        new.round = Some(i64::from(round));
    }
}

/// How a stored session is scored: the options kept with it, its movement read from
/// the schedule it keeps. A session stored before schedules were kept reads its
/// schedule from the file it names ([`schedule_from_file`] says so); when that file is
/// not there, it is refused with how to keep the schedule.
pub fn stored_scoring(info: &klaver_store::SessionInfo) -> Result<ScoringOptions, String> {
    let mut scoring = ScoringOptions::from_words(&info.options)?;
    scoring.schedule = info.schedule.clone();
    scoring.stored = true;
    let Some(spec) = scoring.movement.as_deref() else {
        return Ok(scoring);
    };
    let lost = scoring.schedule.is_none()
        && !std::path::Path::new(spec).exists()
        && !is_stored_name(spec, scoring.boards_per_round);
    if !lost {
        return Ok(scoring);
    }
    let session = format!("session {} ({})", info.id, klaver_store::session_name(info));
    let keep = format!("`klaver session movement {} SCHEDULE.csv`", info.id);
    if !looks_like_a_file(spec) {
        return Err(format!(
            "{session} is played on the movement {spec}, which is not a movement name klaver knows, and keeps no schedule: keep the schedule it was played on with the session with {keep}"
        ));
    }
    Err(format!(
        "{session} is played on the schedule file {spec}, which is not there (looked for from {}), and keeps no copy of it, as sessions stored before klaver kept schedules do not: keep it with the session with {keep}, naming the schedule file",
        std::env::current_dir()
            .map(|d| d.display().to_string())
            .unwrap_or_else(|_| "here".into()),
    ))
}

/// Whether a stored movement `spec` looks like a file's path (`club/sched.csv`) rather
/// than a movement name.
pub fn looks_like_a_file(spec: &str) -> bool {
    spec.contains('/') || spec.contains('\\') || spec.to_ascii_lowercase().ends_with(".csv")
}

/// Whether `spec` is a movement name a stored night may keep: one klaver knows now, or
/// one it read when the night was stored ([`klaver_core::movement::named_as_stored`]).
pub fn is_stored_name(spec: &str, boards_per_round: Option<u32>) -> bool {
    klaver_core::movement::named_as_stored(spec, boards_per_round.unwrap_or(4)).is_ok()
}

/// What the director is told of how a stored session is scored: its schedule read from
/// a file ([`schedule_from_file`]), or a movement name klaver now refuses
/// ([`stored_name_note`]). Said by `klaver session score`, the ranking's warnings and
/// the director's console and result list, never on a public page.
pub fn stored_notes(info: &klaver_store::SessionInfo) -> Vec<String> {
    schedule_from_file(info)
        .into_iter()
        .chain(stored_name_note(info))
        .collect()
}

/// What a session that keeps a movement name klaver now refuses (`mitchell-7-skip`,
/// stored by an earlier klaver) is told: the name is read as it was read then, what it
/// now means, and how to keep a clean movement with it. `None` for any other session.
pub fn stored_name_note(info: &klaver_store::SessionInfo) -> Option<String> {
    let (spec, _, clean, bpr) = refused_name(info)?;
    // A Howell past 120 pairs: klaver generates none for new nights, but the night's
    // export writes the one it is scored on ([`unmade_schedule`]).
    let keep = match klaver_core::movement::named(&clean, bpr) {
        Ok(_) => format!(
            "To keep a clean movement with the session: `{} --format csv -o {clean}.csv`, then `klaver session movement {} {clean}.csv`",
            generate_command(&clean, bpr),
            info.id
        ),
        Err(_) => format!(
            "klaver makes no new Howell of more than 120 pairs; to keep the one the night is scored on with it, `klaver session export {id} NIGHT.csv` writes it to NIGHT.schedule.csv, then `klaver session movement {id} NIGHT.schedule.csv` keeps it with the session",
            id = info.id
        ),
    };
    Some(format!(
        "session {} ({}) keeps the movement name {spec}, which klaver now refuses; it is scored as klaver read it when the night was stored, as {clean}. {keep}",
        info.id,
        klaver_store::session_name(info),
    ))
}

/// The schedule a session that keeps a movement name is scored on, as a schedule file
/// holds it, when klaver makes no movement of the name it now means (a Howell of more
/// than 120 pairs, stored by an earlier klaver): `session export` writes it beside the
/// travellers for `klaver session movement` to keep. `None` for any other session.
pub fn unmade_schedule(info: &klaver_store::SessionInfo) -> Option<String> {
    let (_, movement, clean, bpr) = refused_name(info)?;
    match klaver_core::movement::named(&clean, bpr) {
        Ok(_) => None,
        Err(_) => Some(klaver_core::movement::to_csv(&movement)),
    }
}

/// A session that keeps, without a schedule, a movement name klaver now refuses: the
/// name, the movement it is scored on, the clean name that means now, and the boards
/// per round. `None` for any other session.
fn refused_name(
    info: &klaver_store::SessionInfo,
) -> Option<(&str, klaver_core::movement::Movement, String, u32)> {
    let spec = info.movement.as_deref()?;
    if info.schedule.is_some() || std::path::Path::new(spec).exists() {
        return None;
    }
    let bpr = info
        .boards_per_round
        .and_then(|b| u32::try_from(b).ok())
        .unwrap_or(4);
    let (movement, clean) = klaver_core::movement::named_as_stored(spec, bpr).ok()?;
    Some((spec, movement, clean?, bpr))
}

/// The `klaver movement` command that generates the movement of a clean name.
fn generate_command(clean: &str, bpr: u32) -> String {
    let mut parts = clean.split('-');
    let kind = parts.next().unwrap_or_default();
    let size = parts.next().unwrap_or_default();
    let mut words = if kind == "mitchell" {
        format!("klaver movement mitchell --tables {size}")
    } else {
        format!("klaver movement howell --pairs {size}")
    };
    for p in parts {
        words.push_str(&match p {
            "skip" | "relay" => format!(" --even {p}"),
            "arrow" => " --arrow-switch".to_string(),
            "same" => " --same-boards".to_string(),
            rounds => format!(" --rounds {rounds}"),
        });
    }
    words.push_str(&format!(" --boards-per-round {bpr}"));
    words
}

/// Whether `spec` names a movement klaver knows (`mitchell-7`), rather than a file.
pub fn is_movement_name(spec: &str, boards_per_round: Option<u32>) -> bool {
    klaver_core::movement::named(spec, boards_per_round.unwrap_or(4)).is_ok()
}

/// What a session stored before schedules were kept, whose movement is a schedule file,
/// is told: its schedule is read from that file, as the file reads now, and how to keep
/// it with the session. `None` for a session that keeps its schedule, or has a named
/// movement or none.
pub fn schedule_from_file(info: &klaver_store::SessionInfo) -> Option<String> {
    let spec = info.movement.as_deref()?;
    if info.schedule.is_some() || !std::path::Path::new(spec).exists() {
        return None;
    }
    Some(format!(
        "session {} ({}) keeps no copy of its schedule (it was stored before klaver kept them): the schedule is read from the file {spec}, as that file reads now; keep it with the session with `klaver session movement {} {spec}`",
        info.id,
        klaver_store::session_name(info),
        info.id
    ))
}

/// A session's entered boards: board, North-South, East-West.
pub type Entered = [(i64, String, String)];

/// Whether `board` is entered between these two pairs (either way round).
pub fn is_entered(entered: &Entered, board: u32, ns: &str, ew: &str) -> bool {
    entered
        .iter()
        .any(|(b, n, e)| *b == i64::from(board) && ((n == ns && e == ew) || (n == ew && e == ns)))
}

/// Whether every board the movement gives every table is entered.
pub fn night_complete(movement: &klaver_core::movement::Movement, entered: &Entered) -> bool {
    movement.rounds.iter().all(|r| {
        r.tables.iter().filter(|t| t.is_match()).all(|t| {
            let (Some(ns), Some(ew)) = (t.ns.as_deref(), t.ew.as_deref()) else {
                return true;
            };
            t.boards.boards().all(|b| is_entered(entered, b, ns, ew))
        })
    })
}

/// Publishes a night once its last board is entered, when it scores cleanly and the club
/// does not hold results back; says whether it did. A night that does not score, has a
/// conflict to decide, or a board a table marked not played, waits for the director.
pub async fn publish_when_complete(
    state: &crate::AppState,
    club: &klaver_store::Club,
    id: i64,
) -> bool {
    if state.options.hold_results {
        return false;
    }
    // Which boards are entered is cheap to read on every confirmation; the whole night
    // is read and scored only once the last board is in.
    let (Ok(head), Ok(entered)) = (
        state.store.session_boards(club, id, &[]).await,
        state.store.entered(club, id).await,
    ) else {
        return false;
    };
    let Some(movement) = session_movement(&head.info) else {
        return false;
    };
    if head.info.published_at.is_some() || !night_complete(&movement, &entered) {
        return false;
    }
    let Ok(session) = state.store.session(club, id).await else {
        return false;
    };
    // Published as read and checked: a line entered meanwhile leaves it for the next
    // confirmation (or the director) to publish.
    !awaits_director(&session)
        && matches!(score(&session, &[]), Ok(Some(_)))
        && matches!(state.store.publish_as_read(club, &session).await, Ok(true))
}

/// Whether a table marked a board "not played (call the director)" and the director
/// has not yet touched that line: the night is not published before the director
/// decides.
fn awaits_director(session: &Session) -> bool {
    session.lines.iter().any(|l| {
        l.version == 1
            && l.entered_by.starts_with("table ")
            && l.line.adjust.eq_ignore_ascii_case("NP")
    })
}

/// A stored session read back, refused when any line has an error.
fn read_clean(session: &Session, extra: &[Line]) -> Result<Imported, String> {
    let imported = read_back(session, extra)?;
    if let Some(d) = imported
        .event
        .diagnostics
        .iter()
        .find(|d| d.severity == Severity::Error)
    {
        return Err(d.to_string());
    }
    Ok(imported)
}

/// Scores a pairs session; `Ok(None)` while it has no results yet.
pub fn score(session: &Session, extra: &[Line]) -> Result<Option<Scored>, String> {
    if session.info.form != "pairs" {
        return Err(format!(
            "this is a {} session: its result list comes from `klaver session score {}`",
            session.info.form, session.info.id
        ));
    }
    if session.lines.is_empty() && extra.is_empty() {
        return Ok(None);
    }
    let mut imported = read_clean(session, extra)?;
    imported.event.diagnostics.extend(sit_out_lines(session));
    let scoring = stored_scoring(&session.info)?;
    let convention = imported.convention;
    let name = klaver_store::session_name(&session.info);
    let (result, convention, boards_per_round) =
        score_pairs(&scoring, &mut imported.event, &convention, &name)?;
    Ok(Some(Scored {
        imported,
        result,
        centred: centred_weight(&convention),
        boards_per_round,
    }))
}

/// Every pairs and butler session of the club in the database (only the published ones
/// when `published_only`), scored as it was imported, as the season ranking's input:
/// the lines of one night (A, B, ...) form one session. Teams and cross-IMP nights are
/// left out with a warning each (the second value).
pub async fn ranking_sessions(
    store: &klaver_store::Store,
    club: &klaver_store::Club,
    settings: &klaver_core::ranking::season::Club,
    published_only: bool,
) -> Result<(Vec<klaver_core::ranking::season::SessionInput>, Vec<String>), String> {
    use klaver_core::ranking::season::SessionInput;
    use std::collections::BTreeMap;
    let mut list = store.sessions(club).await.map_err(|e| e.to_string())?;
    list.reverse();
    let mut nights: BTreeMap<(String, String), SessionInput> = BTreeMap::new();
    let mut errors = Vec::new();
    let mut warnings = Vec::new();
    for summary in &list {
        let info = &summary.info;
        if published_only && info.published_at.is_none() {
            continue;
        }
        let name = format!("session {} ({})", info.id, klaver_store::session_name(info));
        warnings.extend(stored_notes(info));
        let session = store
            .session(club, info.id)
            .await
            .map_err(|e| e.to_string())?;
        let json = match info.form.as_str() {
            "pairs" => {
                let named = |e: String| match e.starts_with(&name) {
                    true => e,
                    false => format!("{name}: {e}"),
                };
                let Some(scored) = score(&session, &[]).map_err(named)? else {
                    continue;
                };
                let mut json = Vec::new();
                klaver_io::json::write(
                    &mut json,
                    &scored.imported.event,
                    &scored.result,
                    &info.title,
                    &info.date,
                )
                .map_err(|e| format!("{name}: {e}"))?;
                json
            }
            "butler" => butler_json(&session).map_err(|e| format!("{name}: {e}"))?,
            other => {
                warnings.push(format!(
                    "{name} is a {other} session: teams and cross-IMP nights are not ranked from the database; give the night's session CSV to rank it"
                ));
                continue;
            }
        };
        let text = String::from_utf8_lossy(&json);
        let (unscored, read) = klaver_io::ranking_io::read_score_json_with_warnings(
            &text,
            &name,
            settings,
            Some(&info.moment),
        );
        warnings.extend(unscored.iter().map(ToString::to_string));
        match read {
            Ok(mut input) => {
                for p in &mut input.pairs {
                    if p.line.is_empty() {
                        p.line = info.line_name.as_str().into();
                    }
                }
                match nights.entry((info.date.clone(), info.moment.clone())) {
                    std::collections::btree_map::Entry::Vacant(v) => {
                        v.insert(input);
                    }
                    std::collections::btree_map::Entry::Occupied(mut o) => {
                        o.get_mut().pairs.extend(input.pairs);
                    }
                }
            }
            Err(e) => errors.extend(e.iter().map(|e| e.to_string())),
        }
    }
    if !errors.is_empty() {
        let mut msg = "the stored sessions have errors; nothing was ranked:".to_string();
        for e in errors {
            msg.push_str(&format!("\n  {e}"));
        }
        return Err(msg);
    }
    Ok((nights.into_values().collect(), warnings))
}

/// The club's season ranking as one HTML page (the latest season of every playing
/// moment), from its published sessions, with its labels in `lang`; and its warnings,
/// for the director (a night not ranked from the database, a threesome or fixed pair
/// with a player in no session, the pairs that played with a guest without an id).
pub async fn ranking_html(
    store: &klaver_store::Store,
    club: &klaver_store::Club,
    published_only: bool,
    lang: crate::Lang,
) -> Result<(String, Vec<String>), crate::WebError> {
    use crate::WebError;
    let Some(text) = store.ranking_settings(club).await? else {
        return Err(WebError::NotFound(format!(
            "{} has no ranking settings",
            club.name
        )));
    };
    let settings = klaver_io::ranking_io::read_settings(&text, "the club's ranking settings")
        .map_err(|e| WebError::BadRequest(e.to_string()))?;
    let (sessions, mut warnings) = ranking_sessions(store, club, &settings, published_only)
        .await
        .map_err(WebError::BadRequest)?;
    warnings.extend(klaver_core::ranking::season::entrants_not_playing(
        &settings, &sessions,
    ));
    // Who was not ranked: the guests without an id (their members are).
    warnings.extend(klaver_core::ranking::input_warnings::guests_without_id(
        &sessions,
    ));
    let standings =
        klaver_core::ranking::season::rank_with(&settings, sessions, true).map_err(|e| {
            WebError::BadRequest(
                e.iter()
                    .map(|x| x.to_string())
                    .collect::<Vec<_>>()
                    .join("; "),
            )
        })?;
    let chosen: Vec<_> = settings
        .moments
        .iter()
        .filter_map(|m| {
            standings
                .iter()
                .filter(|s| s.moment == m.name)
                .rev()
                .find(|s| !s.sessions.is_empty())
        })
        .collect();
    if chosen.is_empty() {
        return Err(WebError::NotFound(
            "no published sessions to rank yet".into(),
        ));
    }
    let report = klaver_io::ranking_io::RankingReport {
        club: &settings,
        standings: chosen,
        lines: None,
        sessions: false,
        lang: lang.report(),
    };
    Ok((klaver_io::ranking_io::render_html(&report), warnings))
}

/// A butler session scored with its own options, as the JSON `klaver score --form
/// butler --format json` writes (what the ranking reads).
fn butler_json(session: &Session) -> Result<Vec<u8>, String> {
    let imported = read_clean(session, &[])?;
    let scoring = stored_scoring(&session.info)?;
    let settings = klaver_core::butler::ButlerSettings {
        datum: scoring.form.datum_rule()?,
        adjusted: scoring.form.adjusted()?,
    };
    let event = &imported.event;
    let penalties =
        klaver_io::options::penalties_not_applied(event, klaver_io::options::Form::Butler);
    if let Some(first) = penalties.first() {
        return Err(first.to_string());
    }
    let result = klaver_core::butler::score_butler(&event.pairs, &event.results, &settings)
        .map_err(|e| e.to_string())?;
    let mut json = Vec::new();
    klaver_io::imp_report::butler_json(
        &mut json,
        event,
        &result,
        &klaver_io::imp_report::ImpReportOptions {
            title: session.info.title.clone(),
            date: session.info.date.clone(),
            boards: false,
            lang: klaver_io::report::ReportLang::En,
        },
    )
    .map_err(|e| e.to_string())?;
    Ok(json)
}

#[cfg(test)]
mod tests {
    use super::*;
    use klaver_store::{SessionInfo, SessionPair, StoredLine};

    #[test]
    fn a_session_that_keeps_its_schedule_is_played_on_it_wherever_it_is_read() {
        let info = SessionInfo {
            id: 4,
            date: "2025-09-02".into(),
            moment: "tuesday".into(),
            movement: Some("no-such-folder/sched.csv".into()),
            schedule: Some("round,table,ns,ew,boards\n1,1,1,2,1-2\n2,1,1,2,3-4\n".into()),
            options: vec!["--movement=no-such-folder/sched.csv".into()],
            ..SessionInfo::default()
        };
        let m = session_movement(&info).unwrap();
        assert_eq!(
            (m.name.as_str(), m.rounds.len()),
            ("no-such-folder/sched.csv", 2)
        );
        let scoring = stored_scoring(&info).unwrap();
        assert_eq!(scoring.schedule, info.schedule);
        assert_eq!(schedule_from_file(&info), None);
        // Stored before schedules were kept, with its file gone: refused, saying how
        // to keep it.
        let old = SessionInfo {
            schedule: None,
            ..info.clone()
        };
        assert_eq!(session_movement(&old).map(|m| m.name), None);
        let err = stored_scoring(&old).unwrap_err();
        assert!(
            err.contains("`klaver session movement 4 SCHEDULE.csv`"),
            "{err}"
        );
        // A named movement needs no file.
        let named = SessionInfo {
            movement: Some("mitchell-3".into()),
            boards_per_round: Some(2),
            options: vec![
                "--movement=mitchell-3".into(),
                "--boards-per-round=2".into(),
            ],
            ..old
        };
        assert!(stored_scoring(&named).is_ok());
        assert_eq!(schedule_from_file(&named), None);
        assert_eq!(session_movement(&named).unwrap().rounds.len(), 3);
    }

    #[test]
    fn a_night_stored_with_a_name_klaver_now_refuses_keeps_its_tables() {
        let stored = |name: &str| SessionInfo {
            id: 1,
            date: "2025-09-02".into(),
            moment: "tuesday".into(),
            movement: Some(name.into()),
            boards_per_round: Some(4),
            options: vec![format!("--movement={name}"), "--boards-per-round=4".into()],
            ..SessionInfo::default()
        };
        let old = stored("mitchell-7-skip");
        let plain = klaver_core::movement::named("mitchell-7", 4).unwrap();
        assert_eq!(session_movement(&old), Some(plain));
        let scoring = stored_scoring(&old).unwrap();
        assert!(scoring.stored);
        let note = stored_name_note(&old).unwrap();
        assert!(
            note.starts_with("session 1 (2025-09-02 tuesday) keeps the movement name mitchell-7-skip, which klaver now refuses; it is scored as klaver read it when the night was stored, as mitchell-7."),
            "{note}"
        );
        assert!(note.contains("`klaver movement mitchell --tables 7 --boards-per-round 4 --format csv -o mitchell-7.csv`"), "{note}");
        assert_eq!(stored_name_note(&stored("mitchell-7")), None);
        // A Howell of more than 120 pairs was stored by an earlier klaver, which had no
        // limit; `klaver movement howell` makes none now, so its schedule is written out
        // by the session's export instead.
        let large = stored("howell-130-7-same");
        assert!(session_movement(&large).is_some());
        let note = stored_name_note(&large).unwrap();
        assert!(note.contains("as howell-130-7-same."), "{note}");
        assert!(!note.contains("klaver movement howell"), "{note}");
        assert!(
            note.ends_with("klaver makes no new Howell of more than 120 pairs; to keep the one the night is scored on with it, `klaver session export 1 NIGHT.csv` writes it to NIGHT.schedule.csv, then `klaver session movement 1 NIGHT.schedule.csv` keeps it with the session"),
            "{note}"
        );
        let schedule = unmade_schedule(&large).unwrap();
        assert_eq!(
            klaver_core::movement::parse_csv(&schedule).unwrap().rounds,
            session_movement(&large).unwrap().rounds
        );
        // A name whose clean movement klaver makes has no schedule of its own to keep.
        assert_eq!(unmade_schedule(&old), None);
        // A name that never was one is called that; a path is a file that is not there.
        let err = stored_scoring(&stored("mitchell-7-fast")).unwrap_err();
        assert!(
            err.contains("mitchell-7-fast, which is not a movement name klaver knows"),
            "{err}"
        );
        assert!(!err.contains("schedule file"), "{err}");
        let err = stored_scoring(&stored("club/gone.csv")).unwrap_err();
        assert!(
            err.contains("the schedule file club/gone.csv, which is not there"),
            "{err}"
        );
    }

    /// A teams night read back keeps every team it was stored with, the one that sat out
    /// the round included, as `klaver score --form teams` does.
    #[test]
    fn a_stored_teams_night_is_read_back_with_the_team_that_sat_out() {
        let line = |board, ns: &str, ew: &str, room: &str, score: &str| StoredLine {
            line: Line {
                board,
                round: Some(1),
                ns: ns.into(),
                ew: ew.into(),
                room: room.into(),
                score: score.into(),
                ..Line::default()
            },
            version: 1,
            entered_by: String::new(),
        };
        let team = |id: &str, names: &str| SessionPair {
            pair: id.into(),
            names: names.into(),
            ..SessionPair::default()
        };
        let session = Session {
            info: SessionInfo {
                form: "teams".into(),
                ..SessionInfo::default()
            },
            pairs: vec![
                team("1", "Alpha"),
                team("2", "Beta"),
                team("3", "Gamma"),
                team("4", "Delta"),
                team("5", "Epsilon"),
            ],
            lines: vec![
                line(1, "1", "2", "open", "420"),
                line(1, "2", "1", "closed", "-400"),
                line(1, "3", "4", "open", "100"),
                line(1, "4", "3", "closed", "-110"),
            ],
            sit_outs: Vec::new(),
        };
        let event = read_back(&session, &[]).unwrap().event;
        let teams: Vec<(&str, &str)> = event
            .pairs
            .iter()
            .map(|p| (p.id.as_str(), p.names.as_str()))
            .collect();
        assert_eq!(
            teams,
            [
                ("1", "Alpha"),
                ("2", "Beta"),
                ("3", "Gamma"),
                ("4", "Delta"),
                ("5", "Epsilon")
            ]
        );
        assert!(event.diagnostics.is_empty(), "{:?}", event.diagnostics);
    }

    /// A stored night's result page said a board a pair sat out was short of a result
    /// to enter; with the sit-out line kept, it says the board as the file's list does:
    /// a note, no warning.
    #[test]
    fn a_board_a_pair_sat_out_is_said_as_its_file_says_it() {
        let line = |board, ns: &str, ew: &str, score: &str| StoredLine {
            line: Line {
                board,
                ns: ns.into(),
                ew: ew.into(),
                score: score.into(),
                ..Line::default()
            },
            version: 1,
            entered_by: String::new(),
        };
        let mut session = Session {
            info: SessionInfo {
                form: "pairs".into(),
                ..SessionInfo::default()
            },
            lines: vec![
                line(1, "1", "2", "420"),
                line(1, "3", "4", "400"),
                line(1, "5", "6", "450"),
                line(2, "1", "2", "110"),
                line(2, "3", "4", "-100"),
            ],
            ..Session::default()
        };
        for (n, l) in session.lines.iter_mut().enumerate() {
            l.line.line_no = n as i64 + 1;
        }
        let warnings = |session: &Session| -> Vec<String> {
            let scored = score(session, &[]).unwrap().unwrap();
            let event = &scored.imported.event;
            let said = event.diagnostics.iter().chain(&scored.result.warnings);
            said.filter(|d| d.board == Some(2))
                .map(|d| format!("{}: {d}", d.severity.word()))
                .collect()
        };
        let short = warnings(&session);
        assert!(
            short
                .iter()
                .any(|w| w.contains("enter the missing results")),
            "{short:?}"
        );
        session.sit_outs = vec![klaver_store::SitOut {
            section: String::new(),
            board: 2,
            pair: "5".into(),
            source_line: 40,
        }];
        assert_eq!(
            warnings(&session),
            [
                "note: line 4: board 2: 2 results where 3 were expected, as pair 5 sat out this board (a sit-out line, line 40 of the file): the board is Neuberg-scaled to the full top"
            ]
        );
    }

    #[test]
    fn a_stored_pair_without_results_is_a_warning_without_a_line_no_one_can_see() {
        let line = |board, ns: &str, ew: &str, score: &str| StoredLine {
            line: Line {
                board,
                ns: ns.into(),
                ew: ew.into(),
                score: score.into(),
                ..Line::default()
            },
            version: 1,
            entered_by: String::new(),
        };
        let pair = |id: &str| SessionPair {
            pair: id.into(),
            names: format!("pair {id}"),
            ..SessionPair::default()
        };
        let session = Session {
            pairs: vec![pair("1"), pair("2"), pair("3"), pair("4"), pair("9")],
            lines: vec![line(1, "1", "2", "420"), line(1, "3", "4", "400")],
            ..Session::default()
        };
        let imported = read_back(&session, &[]).unwrap();
        let said: Vec<String> = imported
            .event
            .diagnostics
            .iter()
            .map(|d| d.to_string())
            .collect();
        assert_eq!(
            said,
            ["pair 9 in the pairs file has no results in the travellers"]
        );
    }
}
