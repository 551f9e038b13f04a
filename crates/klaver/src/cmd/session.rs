//! `klaver session`: a club night's results in the database: imported from its files,
//! shown, scored, exported, and corrected with a reason that is kept.

use super::club::{DbArgs, block_on, store_error};
use super::convert::{ToArg, write_converted};
use super::score::{ReportArgs, score_imported};
use super::scoring_args::ScoringArgs;
use super::{CliError, CmdResult, LangArg};
use clap::Subcommand;
use klaver_core::session::{Diagnostic, score_session};
use klaver_io::detect;
use klaver_io::exchange::{Imported, date_parts};
use klaver_io::options::{Choice, Form, ScoringOptions};
use klaver_io::travellers::ReadOptions;
use klaver_store::session_name as describe;
use klaver_store::{
    Club, Line, LineAt, NewPlayer, NewSession, Session, SessionInfo, Store, fields_of,
    lines_from_event, pairs_from_event, sit_outs_from_event,
};
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `klaver session`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Store a session from its travellers CSV, PBN or USEBIO file, all or nothing; the
    /// pairs' names are matched to the club's players and unknown names reported.
    Import(ImportArgs),
    /// List the club's sessions, newest first.
    List {
        #[command(flatten)]
        db: DbArgs,
    },
    /// Show a session: its pairs and players, every line, and the corrections made.
    Show {
        /// The session's number (from `klaver session list`).
        id: i64,
        #[command(flatten)]
        db: DbArgs,
    },
    /// Score a stored session, with the options it was imported with.
    Score {
        /// The session's number.
        id: i64,
        #[command(flatten)]
        report: ReportArgs,
        #[command(flatten)]
        db: DbArgs,
    },
    /// Write a stored session as travellers CSV, PBN, USEBIO or JSON.
    Export {
        /// The session's number.
        id: i64,
        /// Where to write; `-` for standard output.
        output: PathBuf,
        /// The format [default: from OUTPUT's extension].
        #[arg(long, value_enum)]
        to: Option<ToArg>,
        #[command(flatten)]
        db: DbArgs,
    },
    /// Correct one line of a session; the line before and after, who and why are kept.
    Correct(CorrectArgs),
    /// Add a line to a stored session (a traveller found later, a director's penalty
    /// such as --adjust "PEN -3/0"); who and why are kept, as for a correction.
    Add(AddArgs),
    /// Remove a session stored by mistake (a night imported twice, the wrong file): it
    /// is kept whole in the club's log of removed sessions, with who, when and why, and
    /// goes with the club's backup.
    Delete {
        /// The session's number (from `klaver session list`).
        id: i64,
        /// Why it is removed (kept with it).
        #[arg(long)]
        reason: String,
        /// Who removes it [default: $USER].
        #[arg(long)]
        by: Option<String>,
        #[command(flatten)]
        db: DbArgs,
    },
    /// List the sessions removed from the club, with who removed them, when and why.
    Removed {
        #[command(flatten)]
        db: DbArgs,
    },
    /// Name the players of one pair of a session (a name the import could not match).
    Players {
        /// The session's number.
        id: i64,
        /// The pair, as the session numbers it.
        pair: String,
        /// The players, by federation number or name, joined by `+` (1005+1006, or
        /// "Els Visser+Tom Visser").
        players: String,
        /// The pair's section, when there are several.
        #[arg(long, default_value = "")]
        section: String,
        #[command(flatten)]
        db: DbArgs,
    },
    /// Keep the night's hands with a session (a PBN file with [Deal]s, a dealing program's
    /// or the results file itself), each board solved double dummy once; the result
    /// pages then show the hands, the tricks table and the par.
    Deals {
        /// The session's number.
        id: i64,
        /// The PBN file with the hands.
        file: PathBuf,
        #[command(flatten)]
        db: DbArgs,
    },
    /// Keep a schedule file with a session that names it but keeps no copy (stored
    /// before klaver kept schedules), or in place of the one it keeps: the night is
    /// scored from the copy kept, never from the file again.
    Movement {
        /// The session's number.
        id: i64,
        /// The schedule file (round,table,ns,ew,boards).
        file: PathBuf,
        #[command(flatten)]
        db: DbArgs,
    },
}

/// Arguments of `klaver session import`.
#[derive(clap::Args)]
struct ImportArgs {
    /// The results: travellers CSV, PBN or USEBIO (told by content).
    file: PathBuf,
    /// A pairs CSV with the players' names (pair,names[,players]).
    #[arg(long)]
    pairs: Option<PathBuf>,
    /// The date played, YYYY-MM-DD [default: the date the file gives].
    #[arg(long)]
    date: Option<String>,
    /// The playing moment [default: the club's only moment, or the date's weekday for its
    /// first; a club with several must say which].
    #[arg(long)]
    moment: Option<String>,
    /// The line (A, B, ...) when the night had several.
    #[arg(long, default_value = "")]
    line: String,
    /// The event's title [default: the file's].
    #[arg(long)]
    title: Option<String>,
    /// The language the contracts of a travellers CSV are written in.
    #[arg(long, value_enum, default_value = "en")]
    notation: LangArg,
    /// Add names that match no player as new players: guests, with the number the pairs
    /// file's `players` column gives them, else without one.
    #[arg(long)]
    add_players: bool,
    /// Refuse the import when a name matches no player.
    #[arg(long, conflicts_with = "add_players")]
    strict_names: bool,
    /// Who imports (kept with the session) [default: $USER].
    #[arg(long)]
    by: Option<String>,
    /// How the session is scored; kept with it.
    #[command(flatten)]
    scoring: ScoringArgs,
    #[command(flatten)]
    db: DbArgs,
}

/// Arguments of `klaver session correct`.
#[derive(clap::Args)]
struct CorrectArgs {
    /// The session's number.
    id: i64,
    /// The board of the line to correct.
    #[arg(long)]
    board: i64,
    /// The table the board was played at.
    #[arg(long, group = "which")]
    table: Option<i64>,
    /// North-South's pair on the line (instead of --table).
    #[arg(long = "ns-pair", group = "which", value_name = "PAIR")]
    ns_pair: Option<String>,
    /// The line's number as `klaver session show` lists it (instead of --table).
    #[arg(long, group = "which", value_name = "N")]
    line: Option<i64>,
    /// The section of the pair or table, when there are several.
    #[arg(long)]
    section: Option<String>,
    /// The contract (4S, 3NTX, PASS).
    #[arg(long)]
    contract: Option<String>,
    /// The declarer (N, E, S, W).
    #[arg(long)]
    declarer: Option<String>,
    /// The result (=, +1, -2).
    #[arg(long, allow_hyphen_values = true)]
    result: Option<String>,
    /// North-South's score; with a new contract and no score, the score is the
    /// contract's.
    #[arg(long, allow_hyphen_values = true)]
    score: Option<String>,
    /// The adjustment (NP, AVG, AVG+, 60/40, REV, a weighted score); `none` clears it.
    #[arg(long)]
    adjust: Option<String>,
    /// The opening lead.
    #[arg(long)]
    lead: Option<String>,
    /// The pair that really sat North-South.
    #[arg(long = "set-ns", value_name = "PAIR")]
    set_ns: Option<String>,
    /// The pair that really sat East-West.
    #[arg(long = "set-ew", value_name = "PAIR")]
    set_ew: Option<String>,
    /// The board the line really belongs to (a traveller filed under the wrong board).
    #[arg(long = "set-board", value_name = "BOARD")]
    set_board: Option<u32>,
    /// The room a teams match's board was really played in (open, closed).
    #[arg(long)]
    room: Option<String>,
    /// Why the line is corrected (kept with the change).
    #[arg(long)]
    reason: String,
    /// Who corrects [default: $USER].
    #[arg(long)]
    by: Option<String>,
    #[command(flatten)]
    db: DbArgs,
}

/// Arguments of `klaver session add`.
#[derive(clap::Args)]
struct AddArgs {
    /// The session's number.
    id: i64,
    /// The board.
    #[arg(long)]
    board: i64,
    /// North-South's pair.
    #[arg(long = "ns-pair", value_name = "PAIR")]
    ns_pair: String,
    /// East-West's pair.
    #[arg(long = "ew-pair", value_name = "PAIR")]
    ew_pair: String,
    /// The section of the pairs, when there are several.
    #[arg(long, default_value = "")]
    section: String,
    /// The table the board was played at.
    #[arg(long)]
    table: Option<i64>,
    /// The round it was played in.
    #[arg(long)]
    round: Option<i64>,
    /// The room of a teams match (open, closed).
    #[arg(long, default_value = "")]
    room: String,
    /// The contract (4S, 3NTX, PASS).
    #[arg(long, default_value = "")]
    contract: String,
    /// The declarer (N, E, S, W).
    #[arg(long, default_value = "")]
    declarer: String,
    /// The result (=, +1, -2).
    #[arg(long, allow_hyphen_values = true, default_value = "")]
    result: String,
    /// North-South's score; without one, the score is the contract's.
    #[arg(long, allow_hyphen_values = true, default_value = "")]
    score: String,
    /// The adjustment (NP, AVG, AVG+, 60/40, REV, a weighted score, a penalty PEN -3/0).
    #[arg(long, allow_hyphen_values = true, default_value = "")]
    adjust: String,
    /// The opening lead.
    #[arg(long, default_value = "")]
    lead: String,
    /// Why the line is added (kept with it).
    #[arg(long)]
    reason: String,
    /// Who adds it [default: $USER].
    #[arg(long)]
    by: Option<String>,
    #[command(flatten)]
    db: DbArgs,
}

impl AddArgs {
    /// The line to add, as the session stores lines (its number is the store's to give).
    fn line(&self, next: i64) -> Line {
        Line {
            line_no: next,
            source_line: next,
            section: self.section.trim().to_string(),
            board: self.board,
            table: self.table,
            round: self.round,
            ns: self.ns_pair.trim().to_string(),
            ew: self.ew_pair.trim().to_string(),
            room: self.room.trim().to_ascii_lowercase(),
            contract: self.contract.trim().to_string(),
            declarer: self.declarer.trim().to_string(),
            result: self.result.trim().to_string(),
            score: self.score.trim().to_string(),
            adjust: self.adjust.trim().to_string(),
            lead: self.lead.trim().to_string(),
        }
    }
}

/// Refuses a room session `id`'s form has no place for: a teams match's line is played
/// in the open or the closed room, a pairs line in none.
fn check_room(id: i64, form: &str, room: &str) -> Result<(), CliError> {
    let room = room.trim().to_ascii_lowercase();
    match (form == "teams", room.as_str()) {
        (true, "open" | "closed") | (false, "") => Ok(()),
        (true, _) => Err(CliError::input(format!(
            "session {id} is a teams match: give the room the board was played in, --room open or --room closed"
        ))),
        (false, _) => Err(CliError::input(format!(
            "session {id} is scored as {form}: its lines have no room; leave out --room"
        ))),
    }
}

/// Whether a contract as entered is a pass-out, in any of the travellers' notations
/// (`PASS`, `P`, `PAS`, `GEPAST`).
fn passed_out(contract: &str) -> bool {
    use klaver_core::notation::{Entry, Language, Mode, parse_entry};
    [Language::English, Language::Dutch, Language::Turkish]
        .into_iter()
        .any(|lang| {
            matches!(
                parse_entry(contract.trim(), lang, Mode::Strict),
                Ok((Entry::Passed, _))
            )
        })
}

/// Why a line is a pass-out given with a declarer or a result, which a passed-out board
/// does not have: which of the two was meant is not klaver's to guess.
fn pass_out_with_play(line: &Line) -> Option<&'static str> {
    let play = !(line.declarer.trim().is_empty() && line.result.trim().is_empty());
    (play && passed_out(&line.contract)).then_some(
        "a passed-out board has no declarer and no tricks: leave out --declarer and --result, or give the contract that was played",
    )
}

/// What a correction to a pass-out drops of the line's play, as the change says it:
/// `, dropping declarer N, result +1 and score 450` (empty when nothing goes).
fn dropped_by_pass_out(old: &Line, new: &Line) -> String {
    if !passed_out(&new.contract) || passed_out(&old.contract) {
        return String::new();
    }
    let gone: Vec<String> = [
        ("declarer", &old.declarer, &new.declarer),
        ("result", &old.result, &new.result),
        ("score", &old.score, &new.score),
    ]
    .into_iter()
    .filter(|(_, was, is)| !was.trim().is_empty() && is.trim().is_empty())
    .map(|(what, was, _)| format!("{what} {}", was.trim()))
    .collect();
    match gone.as_slice() {
        [] => String::new(),
        [one] => format!(", dropping {one}"),
        [rest @ .., last] => format!(", dropping {} and {last}", rest.join(", ")),
    }
}

fn who(by: Option<String>) -> String {
    by.or_else(|| std::env::var("USER").ok())
        .filter(|s| !s.trim().is_empty())
        .unwrap_or_else(|| "director".into())
}

/// Runs `klaver session`.
pub fn run(args: Args) -> CmdResult {
    match args.command {
        Command::Import(a) => import(a),
        Command::List { db } => block_on(list(db)),
        Command::Show { id, db } => block_on(show(id, db)),
        Command::Score { id, report, db } => {
            let (session, name) = block_on(load(id, &db))?;
            block_on(warn_open_conflicts(&session, &db, &name))?;
            let scoring = stored_scoring(&session)?;
            let mut imported = scored_of(&session)?;
            // The hands kept with the session are drawn on its travellers, with their
            // tricks and par.
            let (hands, analyses) = block_on(kept_deals(id, &db))?;
            imported.deals.extend(hands);
            let analyses = (!analyses.is_empty()).then_some(&analyses);
            score_imported(&scoring, &report, &name, imported, analyses)
        }
        Command::Export { id, output, to, db } => {
            let (session, name) = block_on(load(id, &db))?;
            block_on(warn_open_conflicts(&session, &db, &name))?;
            let mut scoring = stored_scoring(&session)?;
            let to = ToArg::chosen(to, &output)?;
            let form = scoring.form.form;
            if form != Form::Pairs && to != ToArg::Csv {
                return Err(CliError::input(format!(
                    "session {id} is scored in the {} form, and klaver writes only a pairs session's scores to PBN, USEBIO and its JSON: export it --to csv for its travellers, or print its IMPs with klaver session score {id} --format json",
                    form.word()
                )));
            }
            let mut imported = scored_of(&session)?;
            federation_numbers_only(&mut imported, &session);
            // The hands kept with the session go with it, their tricks and par in PBN.
            let (hands, analyses) = block_on(kept_deals(id, &db))?;
            imported.deals.extend(hands);
            let analyses = (!analyses.is_empty()).then_some(&analyses);
            // Scored exactly as `session score` scores it: with every option kept with
            // the session (movement, fields, top), not only the conventions.
            let convention = imported.convention;
            let (settings, _, _) = klaver_io::options::pair_settings(
                &scoring,
                &mut imported.event,
                &convention,
                &name,
            )?;
            let done = write_converted(&imported, &settings, to, (&name, &output), analyses)?;
            // No format has a place for the movement. A movement klaver no longer makes
            // goes out as its schedule, to be kept.
            if scoring.schedule.is_none() {
                scoring.schedule = klaver_web::scoring::unmade_schedule(&session.info);
            }
            say_movement(&scoring, to, &output)?;
            Ok(done)
        }
        Command::Correct(a) => block_on(correct(a)),
        Command::Add(a) => block_on(add(a)),
        Command::Delete { id, reason, by, db } => block_on(delete(id, &reason, who(by), db)),
        Command::Removed { db } => block_on(removed(db)),
        Command::Players {
            id,
            pair,
            players,
            section,
            db,
        } => block_on(name_players(id, (&section, &pair), &players, db)),
        Command::Deals { id, file, db } => block_on(keep_deals(id, &file, db)),
        Command::Movement { id, file, db } => block_on(keep_schedule(id, &file, db)),
    }
}

/// How a stored session is scored, its movement from the schedule it keeps; a session
/// that reads its schedule from a file is told so.
fn stored_scoring(session: &Session) -> Result<ScoringOptions, CliError> {
    for said in klaver_web::scoring::stored_notes(&session.info) {
        tell!("warning: {said}");
    }
    Ok(klaver_web::scoring::stored_scoring(&session.info)?)
}

/// No format klaver writes has a place for the movement (which decides how many results
/// a board expects, and so its matchpoints): the session's schedule is written beside
/// OUTPUT (OUTPUT.schedule.csv) and the options that score the written file on the same
/// movement are named.
fn say_movement(scoring: &ScoringOptions, to: ToArg, output: &std::path::Path) -> CmdResult {
    let Some(spec) = &scoring.movement else {
        return Ok(ExitCode::SUCCESS);
    };
    let bpr = scoring.boards_per_round;
    let schedule = match &scoring.schedule {
        Some(kept) => Some(kept.clone()),
        None if klaver_web::scoring::is_stored_name(spec, bpr) => None,
        None => klaver_io::options::schedule_file(spec).map_err(CliError::input)?,
    };
    let movement = match schedule {
        // A name an earlier klaver stored is given as the name it means now.
        None => klaver_core::movement::named_as_stored(spec, bpr.unwrap_or(4))
            .ok()
            .and_then(|(_, clean)| clean)
            .unwrap_or_else(|| spec.clone()),
        Some(_) if super::output::names_stdout(Some(output)) => {
            tell!(
                "klaver: the session's schedule {spec} was not written: give an OUTPUT file name to get it in OUTPUT.schedule.csv"
            );
            return Ok(ExitCode::SUCCESS);
        }
        Some(text) => {
            let path = output.with_extension("schedule.csv");
            std::fs::write(&path, text)
                .map_err(|e| CliError::input(format!("cannot write {}: {e}", path.display())))?;
            tell!("klaver: the session's schedule is in {}", path.display());
            path.display().to_string()
        }
    };
    let format = match to {
        ToArg::Csv => "the travellers CSV",
        ToArg::Usebio => "USEBIO",
        ToArg::Pbn => "PBN",
        ToArg::Json => "klaver's JSON",
    };
    tell!(
        "klaver: {format} has no place for the movement: score {} with --movement {movement}{} to play it on the same movement",
        output.display(),
        bpr.map(|b| format!(" --boards-per-round {b}"))
            .unwrap_or_default()
    );
    Ok(ExitCode::SUCCESS)
}

/// `klaver session movement`: a schedule file kept with a session that is played on a
/// schedule file, once it reads as a schedule and the session's lines fit it.
async fn keep_schedule(id: i64, file: &std::path::Path, db: DbArgs) -> CmdResult {
    let (session, name) = load(id, &db).await?;
    let shown = file.display().to_string();
    let text = std::fs::read_to_string(file)
        .map_err(|e| CliError::input(format!("cannot read {shown}: {e}")))?;
    let schedule = klaver_core::movement::parse_csv(&text)
        .map_err(|e| CliError::input(format!("{shown}: {e}")))?;
    let mut scoring = ScoringOptions::from_words(&session.info.options)?;
    let spec = match scoring.movement.clone() {
        None => {
            return Err(CliError::input(format!(
                "{name} was stored without a movement: it has no schedule to keep"
            )));
        }
        Some(spec) if klaver_web::scoring::is_movement_name(&spec, scoring.boards_per_round) => {
            return Err(CliError::input(format!(
                "{name} is played on {spec}, a movement klaver knows by name: it has no schedule file to keep"
            )));
        }
        Some(spec) => spec,
    };
    if session.info.schedule.as_deref() == Some(text.as_str()) {
        say!("{name} already keeps the schedule of {shown}");
        return Ok(ExitCode::SUCCESS);
    }
    // The night's lines must fit the schedule, as they had to when it was imported.
    scoring.schedule = Some(text.clone());
    // Whatever does not fit is told against the file given, not the stored name.
    scoring.movement = Some(shown.clone());
    let mut imported = imported_of(&session)?;
    let convention = imported.convention;
    klaver_io::options::pair_settings(&scoring, &mut imported.event, &convention, &name)
        .map_err(|e| CliError::input(format!("{e}\nthe schedule of {shown} was not kept")))?;
    let (store, club) = db.club().await?;
    store
        .set_schedule(&club, id, &text)
        .await
        .map_err(store_error)?;
    say!(
        "{name}: the schedule of {shown} ({} rounds) kept with the session{}; it is scored from it, not from {spec}",
        schedule.rounds.len(),
        if session.info.schedule.is_some() {
            ", in place of the one it kept"
        } else {
            ""
        }
    );
    Ok(ExitCode::SUCCESS)
}

/// `klaver session deals`: the hands read, every complete deal solved on both cores, and
/// both kept with the session in place of any it had; each board left out for a hand not
/// given is a warning naming its line.
async fn keep_deals(id: i64, file: &std::path::Path, db: DbArgs) -> CmdResult {
    let (deals, read) = super::score::read_deals(file)?;
    let started = std::time::Instant::now();
    let kept = klaver_io::hand_record::solve_for_keeping(&deals)
        .map_err(|e| CliError::input(format!("{}: {e}", file.display())))?;
    let took = started.elapsed().as_secs_f64();
    // Said before anything is stored, so that a command refused names them too.
    let so = "the board is left out: its hands, tricks and par are not kept with the session; give all four hands to keep them";
    read.say_not_all_hands(&deals, so);
    let (store, club) = db.club().await?;
    let stored: Vec<klaver_store::StoredDeal> = kept
        .iter()
        .map(|k| klaver_store::StoredDeal {
            board: i64::from(k.board),
            deal: k.deal.clone(),
            tricks: k.tricks.clone(),
        })
        .collect();
    store
        .set_deals(&club, id, &stored)
        .await
        .map_err(store_error)?;
    let left_out: Vec<String> = deals
        .keys()
        .filter(|n| !kept.iter().any(|k| k.board == **n))
        .map(u32::to_string)
        .collect();
    say!(
        "session {id}: the hands of {} kept, solved double dummy in {took:.2} s{}",
        boards(kept.len()),
        match left_out.len() {
            0 => String::new(),
            1 => format!(
                "; 1 board without all four hands left out (board {})",
                left_out[0]
            ),
            n => format!(
                "; {n} boards without all four hands left out (boards {})",
                left_out.join(", ")
            ),
        }
    );
    Ok(ExitCode::SUCCESS)
}

/// "1 board", "4 boards".
fn boards(n: usize) -> String {
    format!("{n} board{}", if n == 1 { "" } else { "s" })
}

/// `klaver session players`: each player found by federation number or by name, as the
/// import matches them; any that fits nobody, or more than one player, is refused.
async fn name_players(
    id: i64,
    (section, pair): (&str, &str),
    players: &str,
    db: DbArgs,
) -> CmdResult {
    let (store, club) = db.club().await?;
    let known = store.players(&club).await.map_err(store_error)?;
    let mut found = Vec::new();
    let mut problems = Vec::new();
    for part in players.split('+').map(str::trim).filter(|p| !p.is_empty()) {
        let by_number = part.bytes().all(|b| b.is_ascii_digit());
        let m = if by_number {
            klaver_store::match_pair_names("", &[part.to_string()], &known)
        } else {
            klaver_store::match_pair_names(part, &[], &known)
        };
        found.extend(m.players);
        problems.extend(m.problems);
    }
    if !problems.is_empty() || found.is_empty() {
        return Err(CliError::input(format!(
            "pair {pair}'s players were not changed: {}; `klaver player list` shows the club's players",
            if problems.is_empty() {
                "no players given".to_string()
            } else {
                problems.join("; ")
            }
        )));
    }
    store
        .set_pair_players(&club, id, (section, pair), &found)
        .await
        .map_err(store_error)?;
    let named: Vec<String> = found
        .iter()
        .map(|p| match &p.number {
            Some(n) => format!("{} ({n})", p.name),
            None => p.name.clone(),
        })
        .collect();
    say!("session {id} pair {pair}: {}", named.join(", "));
    Ok(ExitCode::SUCCESS)
}

/// The hands kept with a session, and their boards' tricks and par.
#[allow(clippy::type_complexity)]
async fn kept_deals(
    id: i64,
    db: &DbArgs,
) -> Result<
    (
        std::collections::BTreeMap<u32, klaver_io::exchange::Deal>,
        std::collections::BTreeMap<u32, klaver_io::hand_record::BoardRecord>,
    ),
    CliError,
> {
    let (store, club) = db.club().await?;
    let kept: Vec<klaver_io::hand_record::KeptDeal> = store
        .deals(&club, id)
        .await
        .map_err(store_error)?
        .into_iter()
        .map(|d| klaver_io::hand_record::KeptDeal {
            board: u32::try_from(d.board).unwrap_or(0),
            deal: d.deal,
            tricks: d.tricks,
        })
        .collect();
    klaver_io::hand_record::from_kept(&kept)
        .map_err(|e| CliError::input(format!("session {id}'s kept hands: {e}")))
}

/// A stored session and how messages name it (`session 3 (2025-09-02 tuesday)`).
async fn load(id: i64, db: &DbArgs) -> Result<(Session, String), CliError> {
    let (store, club) = db.club().await?;
    let session = store.session(&club, id).await.map_err(store_error)?;
    let name = format!("session {id} ({})", describe(&session.info));
    Ok((session, name))
}

/// Warns of each result a table confirmed against a stored line that the director has
/// not decided: the session is scored with the stored line meanwhile.
async fn warn_open_conflicts(session: &Session, db: &DbArgs, name: &str) -> Result<(), CliError> {
    let (store, club) = db.club().await?;
    let open = store
        .open_conflicts(&club, session.info.id)
        .await
        .map_err(store_error)?;
    for c in &open {
        tell!(
            "warning: {name}: board {}, line {}: {} confirmed another result ({}) that the director has not decided: the score has the stored line",
            c.offered.board,
            c.line_no,
            c.offered_by,
            result_words(&c.offered)
        );
    }
    Ok(())
}

/// The session's conflicts for `session show`: each table's result beside the stored
/// line it clashed with, and what the director decided.
fn show_conflicts(session: &Session, conflicts: &[klaver_store::Conflict]) -> Result<(), CliError> {
    if conflicts.is_empty() {
        return Ok(());
    }
    say!();
    say!("Results confirmed against a stored line");
    for c in conflicts {
        let pairs = session
            .lines
            .iter()
            .find(|l| l.line.line_no == c.line_no)
            .map(|l| format!(" ({} v {})", l.line.ns, l.line.ew))
            .unwrap_or_default();
        let decision = match &c.decided {
            None => "not decided".to_string(),
            Some(d) => format!(
                "{} by {} at {}",
                match d.outcome {
                    klaver_store::Outcome::Kept => "the stored line kept",
                    klaver_store::Outcome::Taken => "the table's result taken",
                },
                d.by,
                d.at
            ),
        };
        say!(
            "  board {}, line {}{pairs}: {} confirmed {} at {}: {decision}",
            c.offered.board,
            c.line_no,
            c.offered_by,
            result_words(&c.offered),
            c.made_at
        );
    }
    Ok(())
}

/// A result in a few words: `3NT S = 400`, `PASS`, `NP`.
fn result_words(l: &Line) -> String {
    [&l.contract, &l.declarer, &l.result, &l.score, &l.adjust]
        .into_iter()
        .filter(|p| !p.is_empty())
        .map(String::as_str)
        .collect::<Vec<_>>()
        .join(" ")
}

/// A stored session read back the way a file is read (the web app's reading).
fn imported_of(session: &Session) -> Result<Imported, CliError> {
    Ok(klaver_web::scoring::read_back(session, &[])?)
}

/// A stored session read back to be scored or exported: with the sit-out lines of its
/// file, so that it is said as the file is.
fn scored_of(session: &Session) -> Result<Imported, CliError> {
    let mut imported = imported_of(session)?;
    let sat_out = klaver_web::scoring::sit_out_lines(session);
    imported.event.diagnostics.extend(sat_out);
    imported.title = session.info.title.clone();
    imported.date = session.info.date.clone();
    Ok(imported)
}

/// Keeps only federation numbers in the pairs' players' ids of a stored session going
/// out: a stored player without one (a guest the club knows by name) is read back with
/// its name as its id, which the club's own ranking goes by, but in a file a name would
/// stand in a federation number's field (PBN's `MemberID`, USEBIO's
/// `NATIONAL_ID_NUMBER`), and a club importing the file would look for a player with
/// that number. Such a seat is written as a seat without a number.
fn federation_numbers_only(imported: &mut Imported, session: &Session) {
    let numbers: std::collections::HashSet<&str> = session
        .pairs
        .iter()
        .flat_map(|p| &p.players)
        .filter_map(|p| p.number.as_deref())
        .collect();
    for ids in &mut imported.event.player_ids {
        for id in ids.iter_mut().filter(|id| !numbers.contains(id.as_str())) {
            id.clear();
        }
        *ids = klaver_io::travellers::seat_ids(std::mem::take(ids));
    }
}

/// `klaver session import`: the results file read and checked, its names matched to the
/// club's players, and the session stored all or nothing.
fn import(args: ImportArgs) -> CmdResult {
    let mut scoring = args.scoring.options();
    scoring
        .refuse_other_forms(&args.scoring.given())
        .map_err(CliError::input)?;
    let file_name = args.file.display().to_string();
    let teams = scoring.form.form == Form::Teams;
    let (format, mut imported) = read_for_import(&args, &file_name, teams)?;
    let stated = imported.form.as_ref();
    let other_form = args.scoring.form.other_form_than_stated(stated);
    imported.event.diagnostics.extend(other_form);
    let date = played_on(args.date, &imported, &file_name)?;
    // The convention the file states (PBN [Scoring]) is kept with the session, so that
    // it is scored the same way from the database as from the file.
    args.scoring.play.overrule(&mut imported.convention);
    scoring.conventions.adopt(&imported.convention);
    scoring.top_integral |= imported.convention.top_integral == Some(true);
    if imported.convention.separate_fields == Some(true) {
        scoring.fields = klaver_io::options::Fields::Separate;
    }
    // A schedule file is kept with the session: the night is scored from it, never
    // from the file again (which may move or change).
    if let Some(spec) = &scoring.movement {
        scoring.schedule = klaver_io::options::schedule_file(spec).map_err(CliError::input)?;
    }
    for d in read_warnings(&scoring, &mut imported, &file_name) {
        tell!("{}: {file_name}: {d}", super::score::said_as(&d));
    }
    check_scores(&scoring, &mut imported, &file_name)?;
    // The moment is filled in once the club's moments are known.
    let info = SessionInfo {
        date,
        line_name: args.line,
        title: args.title.unwrap_or(imported.title.clone()),
        form: scoring.form.form.word().to_string(),
        movement: scoring.movement.clone(),
        schedule: scoring.schedule.clone(),
        boards_per_round: scoring.boards_per_round.map(i64::from),
        options: scoring.to_words(),
        source: format!("{file_name} ({})", format.name()),
        imported_by: who(args.by),
        ..SessionInfo::default()
    };
    let names = NameRules {
        add_players: args.add_players,
        strict: args.strict_names,
    };
    // Boards with all four hands: those `session deals` keeps.
    let hands = imported
        .deals
        .values()
        .filter(|d| klaver_io::hand_record::hands_not_given(d).is_none())
        .count();
    let id = block_on(store_import(
        &args.db,
        (&file_name, &imported.event),
        info,
        args.moment,
        names,
    ))?;
    // The hands are kept by `session deals`, which solves them: not taken in passing.
    if hands > 0 {
        tell!(
            "klaver: {file_name} carries the hands of {}, which are not kept with the session: keep them, solved double dummy, with `klaver session deals {id} {file_name}`",
            boards(hands)
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// The warnings and notes of reading a file to store, as `klaver score` says them: a
/// board whose missing results a pair sitting out accounts for (a sit-out line of the
/// file) is one note saying so, in place of its sit-out lines' own, in the pairs form as
/// in the butler and cross-IMP forms. Only a night with sit-out lines is scored for it;
/// the event is left as read.
fn read_warnings(
    scoring: &ScoringOptions,
    imported: &mut Imported,
    file_name: &str,
) -> Vec<Diagnostic> {
    if !imported
        .event
        .diagnostics
        .iter()
        .any(Diagnostic::is_sit_out)
    {
        return imported.event.diagnostics.clone();
    }
    let scored = match scoring.form.form {
        Form::Pairs => pairs_warnings(scoring, imported, file_name),
        _ => super::imps::form_warnings(&scoring.form, &imported.event),
    };
    let event = &imported.event;
    match scored {
        Some(scored) => klaver_io::said::folded(&event.diagnostics, scored, &event.pairs),
        None => event.diagnostics.clone(),
    }
}

/// The warnings of scoring `imported` as a pairs session; `None` when it cannot be
/// scored (refused next, its sit-out lines said). The event is left as read.
fn pairs_warnings(
    scoring: &ScoringOptions,
    imported: &mut Imported,
    file_name: &str,
) -> Option<Vec<Diagnostic>> {
    let event = &mut imported.event;
    let read = event.diagnostics.len();
    let settings =
        klaver_io::options::pair_settings(scoring, event, &imported.convention, file_name);
    // The movement's own findings are printed when the session is scored.
    event.diagnostics.truncate(read);
    let (settings, _, _) = settings.ok()?;
    let result = score_session(&event.pairs, &event.results, &settings).ok()?;
    Some(result.warnings)
}

/// Refuses a session that could not be scored as it would be stored (a pair playing a
/// board twice, a pair against itself, a movement it does not fit; in teams a room
/// that is neither open nor closed, a board played in one room only): the checks
/// `klaver score` makes in the session's form, before anything is stored. The event is
/// left as read.
fn check_scores(
    scoring: &ScoringOptions,
    imported: &mut Imported,
    file_name: &str,
) -> Result<(), CliError> {
    let errors = if scoring.form.form == Form::Pairs {
        pairs_errors(scoring, imported, file_name)?
    } else {
        super::imps::form_errors(&scoring.form, &imported.event)?
    };
    if errors.is_empty() {
        Ok(())
    } else {
        Err(super::refused(file_name, None, "stored", &errors))
    }
}

/// The errors that keep a pairs session from being scored with `scoring`'s settings;
/// an option klaver cannot use (a movement that does not fit) is refused.
fn pairs_errors(
    scoring: &ScoringOptions,
    imported: &mut Imported,
    file_name: &str,
) -> Result<Vec<klaver_core::session::Diagnostic>, CliError> {
    let event = &mut imported.event;
    let read = event.diagnostics.len();
    let settings =
        klaver_io::options::pair_settings(scoring, event, &imported.convention, file_name);
    // The movement's own findings are printed when the session is scored.
    event.diagnostics.truncate(read);
    let (settings, _, _) = settings?;
    Ok(klaver_core::session::session_errors(
        &event.pairs,
        &event.results,
        &settings,
    ))
}

/// The results file and its pairs file read; a file with errors is refused.
fn read_for_import(
    args: &ImportArgs,
    file_name: &str,
    teams: bool,
) -> Result<(detect::Format, Imported), CliError> {
    let data = std::fs::read(&args.file)
        .map_err(|e| CliError::input(format!("cannot open {file_name}: {e}")))?;
    let (format, mut imported) = detect::read(
        &data,
        ReadOptions {
            lang: args.notation.language(),
            ..ReadOptions::default()
        },
    )
    .map_err(|e| CliError::input(format!("{file_name} ({}): {e}", e.format().taken_as())))?;
    // A teams night keeps the teams of its file that have no result (a bye).
    // A player given twice is refused: the season ranking could not take the night.
    let names = klaver_io::travellers::NamesFile {
        teams,
        players_twice: klaver_core::session::Severity::Error,
    };
    super::score::read_names(
        &args.file,
        format,
        args.pairs.as_deref(),
        &mut imported,
        names,
    )?;
    let event = &imported.event;
    if event.has_errors() {
        return Err(super::refused(
            file_name,
            Some(format),
            "stored",
            &event.diagnostics,
        ));
    }
    Ok((format, imported))
}

/// The date played, YYYY-MM-DD: `--date`, else the file's; a file without a date klaver
/// reads is refused.
fn played_on(
    date: Option<String>,
    imported: &Imported,
    file_name: &str,
) -> Result<String, CliError> {
    Ok(match date {
        Some(d) => d,
        None => match date_parts(&imported.date) {
            Some((y, m, d)) => format!("{y}-{m}-{d}"),
            None => {
                return Err(CliError::input(format!(
                    "{file_name} does not say when it was played{}: give --date YYYY-MM-DD",
                    if imported.date.is_empty() {
                        String::new()
                    } else {
                        format!(" in a form klaver reads ({:?})", imported.date)
                    }
                )));
            }
        },
    })
}

/// What an import does with names that match no player: add them as guests, or refuse.
struct NameRules {
    add_players: bool,
    strict: bool,
}

/// Stores the session read from `file` in the club's database and says what was stored:
/// the new session's id.
async fn store_import(
    db: &DbArgs,
    file: (&str, &klaver_io::travellers::Event),
    mut info: SessionInfo,
    moment: Option<String>,
    names: NameRules,
) -> Result<i64, CliError> {
    let event = file.1;
    let (store, club) = db.club().await?;
    let mut new_moment = None;
    info.moment = match moment {
        Some(m) => {
            new_moment = new_moment_note(&store, &club, &m).await?;
            m
        }
        None => only_moment(&store, &club).await?,
    };
    let mut session = NewSession {
        info,
        pairs: Vec::new(),
        lines: lines_from_event(event),
        sit_outs: sit_outs_from_event(event),
    };
    let (id, unknown) = if names.add_players {
        store_adding_players(&store, &club, file, &mut session).await?
    } else {
        let (pairs, unknown) = match_players(&store, &club, file, &names).await?;
        session.pairs = pairs;
        (
            store_session(&store, &club, &session, &[]).await?.0,
            unknown.len(),
        )
    };
    // What the database now holds, counted there (a million lines are not read back).
    let stored = store
        .session_boards(&club, id, &[])
        .await
        .map_err(store_error)?;
    let lines = store.line_count(&club, id).await.map_err(store_error)?;
    let schedule = match (&stored.info.movement, &stored.info.schedule) {
        (Some(m), Some(_)) => format!(", the schedule of {m} kept with them"),
        _ => String::new(),
    };
    say!(
        "session {id} ({}): {} pairs, {lines} traveller lines stored{schedule}{}",
        describe(&stored.info),
        stored.pairs.len(),
        if unknown == 0 {
            String::new()
        } else {
            format!(
                "; {} with names not matched to players",
                match unknown {
                    1 => "1 pair".to_string(),
                    n => format!("{n} pairs"),
                }
            )
        }
    );
    if let Some(note) = new_moment {
        tell!("{note}");
    }
    Ok(id)
}

/// Checks and stores `session` with `guests` added as the club's players in the same
/// transaction; says what is stored first (a refusal stores nothing and adds no one).
/// Returns the session's number and how many players were added.
async fn store_session(
    store: &Store,
    club: &Club,
    session: &NewSession,
    guests: &[NewPlayer],
) -> Result<(i64, usize), CliError> {
    // Refused before anything is said to be stored (the store checks it again as it
    // stores it).
    store
        .check_session(club, session)
        .await
        .map_err(store_error)?;
    tell!(
        "storing {} traveller lines and {} pairs in {}",
        session.lines.len(),
        session.pairs.len(),
        store.location()
    );
    store
        .import_session_adding(club, session, guests)
        .await
        .map_err(store_error)
}

/// Stores `session` with the names no player matched added as guests, in one
/// transaction with it: an import refused, then or on the way, adds no one. Returns
/// the session's number and how many pairs still have names not matched to players.
async fn store_adding_players(
    store: &Store,
    club: &Club,
    (file_name, event): (&str, &klaver_io::travellers::Event),
    session: &mut NewSession,
) -> Result<(i64, usize), CliError> {
    let players = store.players(club).await.map_err(store_error)?;
    let unmatched = pairs_from_event(event, &players).1;
    let new = players_to_add(&players, event, &unmatched);
    // The guests stand in the list under placeholder ids until the store adds them.
    let would_be = with_placeholders(players, new.clone());
    let (pairs, unknown) = pairs_from_event(event, &would_be);
    session.pairs = pairs;
    say_unknown(file_name, &unknown, false);
    let (id, added) = store_session(store, club, session, &new).await?;
    if !unmatched.is_empty() {
        tell!("{}", added_note(&new, added));
    }
    Ok((id, unknown.len()))
}

/// The club's one playing moment: the one stored, else the one its ranking settings
/// name, else none yet (the store names a first one after the weekday); with more than
/// one, the import must say which.
async fn only_moment(store: &Store, club: &Club) -> Result<String, CliError> {
    let mut moments = store.moments(club).await.map_err(store_error)?;
    if moments.is_empty() {
        moments = settings_moments(store, club).await?;
    }
    match moments.as_slice() {
        [] => Ok(String::new()),
        [one] => Ok(one.clone()),
        several => Err(CliError::input(format!(
            "the club plays on more than one moment ({}): say which this session belongs to with --moment",
            several.join(", ")
        ))),
    }
}

/// What is said when `moment`, given with `--moment`, starts a new playing moment of a
/// club that has others: a moment typed otherwise than the club writes it (`friday` for
/// `vrijdag`) files the night apart from its moment, where its ranking does not look.
async fn new_moment_note(
    store: &Store,
    club: &Club,
    moment: &str,
) -> Result<Option<String>, CliError> {
    let mut moments = store.moments(club).await.map_err(store_error)?;
    moments.extend(settings_moments(store, club).await?);
    if moments.is_empty() || moments.iter().any(|m| m == moment) {
        return Ok(None);
    }
    moments.sort();
    moments.dedup();
    Ok(Some(format!(
        "klaver: the playing moment {moment} is new: the session starts it beside the club's {} (check the spelling if it is one of those)",
        moments.join(", ")
    )))
}

/// The playing moments the club's stored ranking settings name (none without settings,
/// or with settings klaver cannot read: the ranking says why).
async fn settings_moments(store: &Store, club: &Club) -> Result<Vec<String>, CliError> {
    let Some(text) = store.ranking_settings(club).await.map_err(store_error)? else {
        return Ok(Vec::new());
    };
    Ok(
        klaver_io::ranking_io::read_settings(&text, "the club's ranking settings")
            .map(|c| c.moments.into_iter().map(|m| m.name).collect())
            .unwrap_or_default(),
    )
}

/// The session's pairs with the club's players their names match (unknown names added
/// as guests first, when asked); each name not matched is reported, and with strict
/// names the import is refused.
async fn match_players(
    store: &Store,
    club: &Club,
    (file_name, event): (&str, &klaver_io::travellers::Event),
    names: &NameRules,
) -> Result<
    (
        Vec<klaver_store::SessionPair>,
        Vec<klaver_store::UnknownNames>,
    ),
    CliError,
> {
    let players = store.players(club).await.map_err(store_error)?;
    let (pairs, unknown) = pairs_from_event(event, &players);
    say_unknown(file_name, &unknown, names.strict);
    if names.strict && !unknown.is_empty() {
        return Err(CliError::input(format!(
            "{} pairs have names that are not the club's players; nothing was stored: add the players (klaver player add) or import with --add-players",
            unknown.len()
        )));
    }
    Ok((pairs, unknown))
}

/// Says each name of `unknown` not matched to a player, as an error when `strict`.
fn say_unknown(file_name: &str, unknown: &[klaver_store::UnknownNames], strict: bool) {
    for u in unknown {
        for p in &u.problems {
            tell!(
                "{}: {file_name}: pair {}{}: {p}",
                if strict { "error" } else { "warning" },
                u.pair,
                if u.section.is_empty() {
                    String::new()
                } else {
                    format!(" (section {})", u.section)
                }
            );
        }
    }
}

/// `name` as a guest without a number, when no player of the club matches it (an
/// ambiguous name stays for the director) and it is not added already.
fn add_guest(players: &[klaver_store::Player], new: &mut Vec<NewPlayer>, name: String) {
    let m = klaver_store::match_pair_names(&name, &[], players);
    if m.players.is_empty()
        && m.problems
            .iter()
            .all(|p| p.ends_with("is not one of the club's players"))
        && !new.iter().any(|n| n.name == name)
    {
        new.push(NewPlayer { number: None, name });
    }
}

/// `name` with its federation `number`, when no player of the club has that number and
/// it is not added already.
fn add_numbered(
    players: &[klaver_store::Player],
    new: &mut Vec<NewPlayer>,
    name: String,
    number: &str,
) {
    let known = |n: Option<&String>| n.is_some_and(|n| n == number);
    if !players.iter().any(|p| known(p.number.as_ref()))
        && !new.iter().any(|n| known(n.number.as_ref()))
    {
        let number = Some(number.to_string());
        new.push(NewPlayer { number, name });
    }
}

/// What is said of the players an import added for the names no player matched.
fn added_note(new: &[NewPlayer], added: usize) -> String {
    match new.iter().filter(|n| n.number.is_some()).count() {
        0 => format!("{added} names added as players (guests without a number)"),
        n => format!(
            "{added} names added as players ({n} with the number the file gives, {})",
            match new.len() - n {
                1 => "1 guest without a number".to_string(),
                guests => format!("{guests} guests without a number"),
            }
        ),
    }
}

/// `players` with `new` ones added under placeholder ids (negative, so never a stored
/// player's): the list an import's checks see before anyone is added.
fn with_placeholders(
    mut players: Vec<klaver_store::Player>,
    new: Vec<NewPlayer>,
) -> Vec<klaver_store::Player> {
    for (k, n) in (1..).zip(new) {
        players.push(klaver_store::Player {
            id: -k,
            number: n.number,
            name: n.name,
        });
    }
    players
}

/// The players `--add-players` adds for the pairs whose names matched no player.
fn players_to_add(
    players: &[klaver_store::Player],
    event: &klaver_io::travellers::Event,
    unknown: &[klaver_store::UnknownNames],
) -> Vec<NewPlayer> {
    let mut new = Vec::new();
    for u in unknown {
        let Some(at) = event
            .pairs
            .iter()
            .position(|p| p.id == u.pair && p.section == u.section)
        else {
            continue;
        };
        let pair = &event.pairs[at];
        let names = klaver_store::import::split_names(&pair.names);
        let numbers = event.player_ids.get(at).map_or(&[][..], Vec::as_slice);
        if numbers.is_empty() {
            for name in names {
                add_guest(players, &mut new, name);
            }
        } else if names.len() == numbers.len() {
            // The pairs file gives the players' numbers by seat, by which the pair is
            // matched: a number the club does not know is a player with that number
            // and the name in its seat; a seat without one, a guest by that name.
            for (name, number) in names.into_iter().zip(numbers) {
                if number.is_empty() {
                    add_guest(players, &mut new, name);
                } else {
                    add_numbered(players, &mut new, name, number);
                }
            }
        }
        // Names and numbers not one for one: left to the director, who is told as before.
    }
    new
}

async fn list(db: DbArgs) -> CmdResult {
    let (store, club) = db.club().await?;
    let sessions = store.sessions(&club).await.map_err(store_error)?;
    say!(
        "{:>4}  {:<10}  {:<12} {:<4} {:<10} {:>5} {:>6} {:>11}  title",
        "id",
        "date",
        "moment",
        "line",
        "form",
        "pairs",
        "lines",
        "corrections"
    );
    for s in &sessions {
        say!(
            "{:>4}  {:<10}  {:<12} {:<4} {:<10} {:>5} {:>6} {:>11}  {}",
            s.info.id,
            s.info.date,
            s.info.moment,
            s.info.line_name,
            s.info.form,
            s.pairs,
            s.lines,
            s.corrections,
            s.info.title
        );
    }
    say!("{} sessions", sessions.len());
    Ok(ExitCode::SUCCESS)
}

/// `klaver session delete`: the session removed and kept in the club's log, and what
/// it was said.
async fn delete(id: i64, reason: &str, by: String, db: DbArgs) -> CmdResult {
    let (store, club) = db.club().await?;
    let removed = store
        .delete_session(&club, id, &by, reason)
        .await
        .map_err(store_error)?;
    let kept = &removed.session;
    say!(
        "session {id} removed: {}, {}; kept whole in the club's log of removed sessions (klaver session removed)",
        describe(&kept.info),
        held(kept)
    );
    Ok(ExitCode::SUCCESS)
}

/// What a removed session held: `4 pairs, 8 traveller lines` (and its corrections,
/// when it had any).
fn held(s: &klaver_store::KeptSession) -> String {
    let corrections: usize = s.lines.iter().map(|l| l.corrections.len()).sum();
    format!(
        "{} pairs, {} traveller lines{}",
        s.pairs.len(),
        s.lines.len(),
        match corrections {
            0 => String::new(),
            n => format!(" ({n} corrections)"),
        }
    )
}

/// `klaver session removed`: the club's log of removed sessions, oldest first.
async fn removed(db: DbArgs) -> CmdResult {
    let (store, club) = db.club().await?;
    let log = store.removed_sessions(&club).await.map_err(store_error)?;
    if log.is_empty() {
        say!("no session was removed from {}", club.code);
    }
    for r in &log {
        say!(
            "{} by {}: session {} ({}), {}: {}",
            r.removed_at,
            r.removed_by,
            r.number,
            describe(&r.session.info),
            held(&r.session),
            r.reason
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// `klaver session show`: a stored session's details, pairs, lines, open conflicts
/// and corrections.
async fn show(id: i64, db: DbArgs) -> CmdResult {
    let (store, club) = db.club().await?;
    let s = store.session(&club, id).await.map_err(store_error)?;
    show_info(&s.info)?;
    show_pairs(&s.pairs)?;
    show_lines(&s.lines)?;
    show_sit_outs(&s.sit_outs)?;
    let conflicts = store.conflicts(&club, id).await.map_err(store_error)?;
    show_conflicts(&s, &conflicts)?;
    let corrections = store.corrections(&club, id).await.map_err(store_error)?;
    show_corrections(&corrections)
}

/// The session's date, title, form, movement, options and origin.
fn show_info(i: &SessionInfo) -> Result<(), CliError> {
    say!("Session {}: {}", i.id, describe(i));
    if !i.title.is_empty() {
        say!("Title: {}", i.title);
    }
    say!("Form: {}", i.form);
    if let Some(m) = &i.movement {
        say!("Movement: {}", movement_words(i, m));
    }
    if !i.options.is_empty() {
        say!("Scored with: {}", i.options.join(" "));
    }
    say!(
        "Imported from {} by {} at {}",
        i.source,
        i.imported_by,
        i.imported_at
    );
    Ok(())
}

/// Each pair with its names and the players recognised.
fn show_pairs(pairs: &[klaver_store::SessionPair]) -> Result<(), CliError> {
    say!();
    say!("Pairs");
    for p in pairs {
        let players = p
            .players
            .iter()
            .map(|pl| match &pl.number {
                Some(n) => format!("{} ({n})", pl.name),
                None => pl.name.clone(),
            })
            .collect::<Vec<_>>()
            .join(", ");
        say!(
            "  {:>4}  {:<34} {}",
            if p.section.is_empty() {
                p.pair.clone()
            } else {
                format!("{}{}", p.section, p.pair)
            },
            p.names,
            if players.is_empty() {
                "(no players recognised)".to_string()
            } else {
                players
            }
        );
    }
    Ok(())
}

/// The traveller lines, a corrected one marked; a teams night's with each line's room.
fn show_lines(lines: &[klaver_store::StoredLine]) -> Result<(), CliError> {
    let rooms = lines.iter().any(|l| !l.line.room.is_empty());
    // The room column, when the night has rooms.
    let room = |text: &str| match rooms {
        true => format!(" {text:<6}"),
        false => String::new(),
    };
    say!();
    say!("Lines (* corrected)");
    say!(
        "  {:>4} {:>5} {:>5} {:>4} {:>4}{}  {:<6} {:<4} {:<4} {:>6}  {:<8} lead",
        "line",
        "board",
        "table",
        "ns",
        "ew",
        room("room"),
        "contr.",
        "by",
        "res.",
        "score",
        "adjust"
    );
    for l in lines {
        let f = fields_of(&l.line);
        say!(
            "{} {:>4} {:>5} {:>5} {:>4} {:>4}{}  {:<6} {:<4} {:<4} {:>6}  {:<8} {}",
            if l.version > 1 { "*" } else { " " },
            l.line.line_no,
            f.board,
            f.table.map(|t| t.to_string()).unwrap_or_default(),
            f.ns,
            f.ew,
            room(&l.line.room),
            f.contract,
            f.declarer,
            f.result,
            f.score,
            f.adjust,
            f.lead
        );
    }
    Ok(())
}

/// The sit-out lines of the session's file, each on its line of the file: a pair that
/// sat out a board, which is no result.
fn show_sit_outs(sit_outs: &[klaver_store::SitOut]) -> Result<(), CliError> {
    if sit_outs.is_empty() {
        return Ok(());
    }
    say!();
    say!("Sit-out lines of the imported file (no results: each pair sat out the board)");
    for s in sit_outs {
        say!(
            "  line {}: board {}: pair {}{} sat out this board",
            s.source_line,
            s.board,
            s.section,
            s.pair
        );
    }
    Ok(())
}

/// Every correction made, with who, when and why.
fn show_corrections(corrections: &[klaver_store::Correction]) -> CmdResult {
    if !corrections.is_empty() {
        say!();
        say!("Corrections");
        for c in corrections {
            let Some(old) = &c.old else {
                say!(
                    "  {} by {}: line {} board {} added: {} ({})",
                    c.made_at,
                    c.made_by,
                    c.new.line_no,
                    c.new.board,
                    summary(&c.new),
                    c.reason
                );
                continue;
            };
            say!(
                "  {} by {}: line {} board {}: {} ({})",
                c.made_at,
                c.made_by,
                old.line_no,
                old.board,
                change(old, &c.new),
                c.reason
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Where a session's movement `m` comes from, for `session show`.
fn movement_words(i: &SessionInfo, m: &str) -> String {
    let bpr = i.boards_per_round.and_then(|b| u32::try_from(b).ok());
    match &i.schedule {
        Some(_) => format!("{m} (its schedule kept with the session)"),
        None if klaver_web::scoring::is_movement_name(m, bpr) => m.to_string(),
        None if std::path::Path::new(m).exists() => format!(
            "{m} (read from that file: its schedule is not kept with the session; `klaver session movement {} {m}` keeps it)",
            i.id
        ),
        None if klaver_web::scoring::is_stored_name(m, bpr) => {
            let note = klaver_web::scoring::stored_name_note(i).unwrap_or_default();
            format!("{m} (a name klaver now refuses: {note})")
        }
        None if !klaver_web::scoring::looks_like_a_file(m) => format!(
            "{m} (not a movement name klaver knows, and no schedule kept with the session; `klaver session movement {} SCHEDULE.csv` keeps the one it was played on)",
            i.id
        ),
        None => format!(
            "{m} (a schedule file that is not there, and not kept with the session; `klaver session movement {} SCHEDULE.csv` keeps it)",
            i.id
        ),
    }
}

/// A line in a few words: `3 v 4: 4S N +1 450`.
fn summary(l: &Line) -> String {
    let mut parts = vec![match l.room.as_str() {
        "" => format!("{} v {}:", l.ns, l.ew),
        room => format!("{} v {} ({room} room):", l.ns, l.ew),
    }];
    for p in [
        &l.contract,
        &l.declarer,
        &l.result,
        &l.score,
        &l.adjust,
        &l.lead,
    ] {
        if !p.is_empty() {
            parts.push(p.clone());
        }
    }
    parts.join(" ")
}

/// A correction in a few words, every field it changed shown before and after: the
/// section, board, table and round a line was moved from and to are named before the
/// result (`1 v 2: 4S N = 420 -> board 9: 1 v 2: 4S N = 420`), the board it was on
/// left to the words naming the line.
fn change(old: &Line, new: &Line) -> String {
    format!(
        "{}{} -> {}{}",
        places(old, new, false),
        summary(old),
        places(new, old, true),
        summary(new)
    )
}

/// Where `l` stands that `other` does not (`board 9, table 2: `), or "" when the two
/// stand at the same place; the board only `with_board`.
fn places(l: &Line, other: &Line, with_board: bool) -> String {
    let number =
        |what: &str, n: Option<i64>| n.map_or(format!("no {what}"), |n| format!("{what} {n}"));
    let mut said = Vec::new();
    if l.section != other.section {
        said.push(match l.section.as_str() {
            "" => "no section".to_string(),
            s => format!("section {s}"),
        });
    }
    if with_board && l.board != other.board {
        said.push(format!("board {}", l.board));
    }
    if l.table != other.table {
        said.push(number("table", l.table));
    }
    if l.round != other.round {
        said.push(number("round", l.round));
    }
    match said.is_empty() {
        true => String::new(),
        false => format!("{}: ", said.join(", ")),
    }
}

/// `klaver session correct`: one line of a stored session changed, checked with all the
/// others, and kept with who changed it and why.
async fn correct(a: CorrectArgs) -> CmdResult {
    let (store, club) = a.db.club().await?;
    let session = store.session(&club, a.id).await.map_err(store_error)?;
    if let Some(room) = &a.room {
        check_room(a.id, &session.info.form, room)?;
    }
    let target = line_to_correct(&session, &a)?;
    let old = &target.line;
    let mut new = corrected(old, &a);
    klaver_web::scoring::place_corrected(&session.info, old, &mut new);
    if let Some(lead) = &a.lead {
        new.lead = typed_lead(lead, old, "changed")?;
    }
    check_correction(&session, old, &new)?;
    let c = store
        .correct(
            &club,
            LineAt {
                session: a.id,
                line_no: old.line_no,
                version: target.version,
            },
            &new,
            &who(a.by),
            &a.reason,
        )
        .await
        .map_err(store_error)?;
    say!(
        "session {} line {} board {} corrected: {}{} ({}, by {})",
        a.id,
        old.line_no,
        old.board,
        change(old, &c.new),
        dropped_by_pass_out(old, &c.new),
        c.reason,
        c.made_by
    );
    Ok(ExitCode::SUCCESS)
}

/// `klaver session add`: a line added to a stored session, checked with all the
/// others, and kept with who added it and why.
async fn add(a: AddArgs) -> CmdResult {
    let (store, club) = a.db.club().await?;
    let session = store.session(&club, a.id).await.map_err(store_error)?;
    let next = session
        .lines
        .iter()
        .map(|l| l.line.line_no)
        .max()
        .unwrap_or(0)
        + 1;
    check_room(a.id, &session.info.form, &a.room)?;
    let mut line = a.line(next);
    line.lead = typed_lead(&a.lead, &line, "added")?;
    check_added(&session, &line)?;
    let c = store
        .add_logged_line(&club, a.id, &line, &who(a.by), &a.reason)
        .await
        .map_err(store_error)?;
    say!(
        "session {} line {} board {} added: {} ({}, by {})",
        a.id,
        c.new.line_no,
        c.new.board,
        summary(&c.new),
        c.reason,
        c.made_by
    );
    Ok(ExitCode::SUCCESS)
}

/// The one line of the board that `--table`, `--ns-pair` or `--line` (and `--section`)
/// name; none, or more than one, is refused with the lines to choose from.
fn line_to_correct<'s>(
    session: &'s Session,
    a: &CorrectArgs,
) -> Result<&'s klaver_store::StoredLine, CliError> {
    let section = a.section.clone().unwrap_or_default();
    // A line without a table is at the table the night's movement seats its pairs.
    let seated = a.table.and_then(|t| north_south_at(session, a.board, t));
    let candidates: Vec<&klaver_store::StoredLine> = session
        .lines
        .iter()
        .filter(|l| l.line.board == a.board)
        .filter(|l| a.section.is_none() || l.line.section == section)
        .filter(|l| match (&a.table, &a.ns_pair, &a.line) {
            (Some(t), _, _) => match l.line.table {
                Some(at) => at == *t,
                None => seated.as_deref() == Some(l.line.ns.as_str()),
            },
            (_, Some(p), _) => &l.line.ns == p,
            (_, _, Some(n)) => l.line.line_no == *n,
            _ => true,
        })
        .collect();
    match candidates.as_slice() {
        [one] => Ok(*one),
        [] => Err(CliError::input(format!(
            "session {} has no line of board {}{}: `klaver session show {}` lists the lines",
            a.id,
            a.board,
            match (&a.table, &a.ns_pair, &a.line) {
                (Some(t), _, _) => format!(" at table {t}"),
                (_, Some(p), _) => format!(" with pair {p} North-South"),
                (_, _, Some(n)) => format!(" numbered {n}"),
                _ => String::new(),
            },
            a.id
        ))),
        many => Err(CliError::input(format!(
            "board {} has {} lines in session {}: say which with --table, --ns-pair or --line ({})",
            a.board,
            many.len(),
            a.id,
            many.iter()
                .map(|l| format!("line {}: {}", l.line.line_no, summary(&l.line)))
                .collect::<Vec<_>>()
                .join("; ")
        ))),
    }
}

/// The North-South pair the movement of a pairs night seats at `table` when `board` is
/// played there; `None` without a movement, or when it seats none or several.
fn north_south_at(session: &Session, board: i64, table: i64) -> Option<String> {
    let board = u32::try_from(board).ok()?;
    let movement = night_movement(session)?;
    let mut seated = movement
        .rounds
        .iter()
        .flat_map(|r| &r.tables)
        .filter(|t| i64::from(t.table) == table && t.boards.contains(board))
        .filter_map(|t| t.ns.clone());
    match (seated.next(), seated.next()) {
        (Some(ns), None) => Some(ns),
        _ => None,
    }
}

/// The movement a stored pairs night is played on, when it has one klaver can load.
fn night_movement(session: &Session) -> Option<klaver_core::movement::Movement> {
    let scoring = klaver_web::scoring::stored_scoring(&session.info).ok()?;
    if scoring.form.form != Form::Pairs {
        return None;
    }
    klaver_io::options::movement_of(&scoring).ok().flatten()
}

/// What the movement of a stored pairs night says against the corrected line `line`
/// of the night `read` (pairs that do not meet on its board, or not at the table or in
/// the round written): the night could no longer be scored. Another line's misfit is
/// not the correction's.
fn movement_misfits(session: &Session, read: &Imported, line: Option<u32>) -> Vec<String> {
    let Ok(scoring) = klaver_web::scoring::stored_scoring(&session.info) else {
        return Vec::new();
    };
    if scoring.movement.is_none() || scoring.form.form != Form::Pairs {
        return Vec::new();
    }
    let mut event = read.event.clone();
    let from = event.diagnostics.len();
    let name = describe(&session.info);
    if klaver_io::options::pair_settings(&scoring, &mut event, &read.convention, &name).is_ok() {
        return Vec::new();
    }
    event.diagnostics[from..]
        .iter()
        .filter(|d| d.severity == klaver_core::session::Severity::Error && d.line == line)
        .map(|d| d.message.clone())
        .collect()
}

/// A lead the director types, as PBN writes the card (`kh` is `HK`, `10H` is `HT`),
/// or "" for none; one that is not a card is refused, naming the line (`line`, before
/// it is `nothing` changed or added): the director is there to type it again.
fn typed_lead(text: &str, line: &Line, nothing: &str) -> Result<String, CliError> {
    use klaver_core::notation::Language;
    if text.trim().is_empty() {
        return Ok(String::new());
    }
    klaver_core::lead::read_card(text, Language::English).ok_or_else(|| {
        CliError::input(format!(
            "the lead {:?} of line {} of board {} is not one card: write the suit and then the rank ({}; KH and 10H are read too), or --lead \"\" for none; nothing was {nothing}",
            text.trim(),
            line.line_no,
            line.board,
            klaver_core::lead::examples(Language::English)
        ))
    })
}

/// The line with the fields given changed: a passed-out board loses its declarer and
/// result, and a new contract without a score its entered score.
fn corrected(old: &Line, a: &CorrectArgs) -> Line {
    let mut new = old.clone();
    let play_changed = a.contract.is_some() || a.declarer.is_some() || a.result.is_some();
    if let Some(c) = &a.contract {
        new.contract = c.trim().to_string();
        if passed_out(c) {
            new.declarer.clear();
            new.result.clear();
        }
    }
    if let Some(d) = &a.declarer {
        new.declarer = d.trim().to_string();
    }
    if let Some(r) = &a.result {
        new.result = r.trim().to_string();
    }
    match &a.score {
        Some(s) => new.score = s.trim().to_string(),
        // The entered score gave way to the new contract's.
        None if play_changed => new.score.clear(),
        None => {}
    }
    if let Some(adj) = &a.adjust {
        new.adjust = if adj.trim().eq_ignore_ascii_case("none") {
            String::new()
        } else {
            adj.trim().to_string()
        };
    }
    if let Some(p) = &a.set_ns {
        new.ns = p.trim().to_string();
    }
    if let Some(p) = &a.set_ew {
        new.ew = p.trim().to_string();
    }
    if let Some(b) = a.set_board {
        new.board = i64::from(b);
    }
    if let Some(room) = &a.room {
        new.room = room.trim().to_ascii_lowercase();
    }
    new
}

/// Refuses a correction that leaves the session with errors; the corrected line's
/// warnings are printed.
fn check_correction(session: &Session, old: &Line, new: &Line) -> Result<(), CliError> {
    let mut check = session.clone();
    if let Some(l) = check
        .lines
        .iter_mut()
        .find(|l| l.line.line_no == old.line_no)
    {
        l.line = new.clone();
    }
    check_changed(session, &check, Some(old), new)
}

/// Refuses an added line that leaves the session with errors; its warnings are printed.
fn check_added(session: &Session, new: &Line) -> Result<(), CliError> {
    let mut check = session.clone();
    check.lines.push(klaver_store::StoredLine {
        line: new.clone(),
        version: 1,
        entered_by: String::new(),
    });
    check_changed(session, &check, None, new)
}

/// The refusal of a corrected (or added) line that is not valid, with its errors.
fn not_valid(corrected: bool, line_no: i64, board: i64, errors: &[String]) -> CliError {
    let (what, nothing) = match corrected {
        true => ("corrected", "changed"),
        false => ("added", "added"),
    };
    CliError::input(format!(
        "the {what} line {line_no} of board {board} is not valid; nothing was {nothing}:\n  {}",
        errors.join("\n  ")
    ))
}

/// Refuses the session `check` (`session` with `new` in place of `old`, or added)
/// when it has errors; the new line's warnings, and those it brings on other lines,
/// are printed.
fn check_changed(
    session: &Session,
    check: &Session,
    old: Option<&Line>,
    new: &Line,
) -> Result<(), CliError> {
    let (line_no, board) = (new.line_no, old.map_or(new.board, |o| o.board));
    if let Some(why) = pass_out_with_play(new) {
        return Err(not_valid(old.is_some(), line_no, board, &[why.to_string()]));
    }
    if let Some(why) = klaver_web::scoring::entered_line_refused(new) {
        return Err(CliError::input(why));
    }
    // The changed session must read as cleanly as an imported file: the new line is
    // checked with all the others (a 425; a pair now playing a board twice is said).
    let read = klaver_web::scoring::read_back(check, &[]).map_err(|e| {
        CliError::input(match old {
            Some(_) => format!("the corrected session cannot be read: {e}"),
            None => format!("the session with the added line cannot be read: {e}"),
        })
    })?;
    let changed = u32::try_from(new.line_no).ok();
    // The options the session is scored with (stored words klaver wrote itself).
    let stored = ScoringOptions::from_words(&session.info.options).ok();
    // Only scoring finds a pair on both sides of the table: the line's own such errors.
    let settings = klaver_core::session::Settings {
        top_integral: stored.as_ref().is_some_and(|a| a.top_integral),
        ..klaver_core::session::Settings::default()
    };
    let scoring =
        klaver_core::session::line_errors(&read.event.pairs, &read.event.results, &settings);
    let errors: Vec<String> = read
        .event
        .diagnostics
        .iter()
        .filter(|d| d.severity == klaver_core::session::Severity::Error)
        .chain(scoring.iter().filter(|d| d.line == changed))
        .map(|d| d.message.clone())
        .chain(movement_misfits(session, &read, changed))
        .collect();
    if !errors.is_empty() {
        return Err(not_valid(old.is_some(), line_no, board, &errors));
    }
    for d in read
        .event
        .diagnostics
        .iter()
        .filter(|d| d.line.is_some() && d.line == changed)
    {
        tell!("warning: line {line_no} of board {board}: {}", d.message);
    }
    for said in played_twice(check, new)
        .into_iter()
        .chain(new_pair(session, old, new))
        .chain(lone_board(session, old, new))
        .chain(form_problems(stored.as_ref(), &read.event)?)
    {
        tell!("warning: line {line_no} of board {board}: {said}");
    }
    say_brought_elsewhere(session, &read, changed);
    Ok(())
}

/// Says the warnings a correction brings on the session's other lines, which the
/// session read before it did not have: a director's penalty whose table's line the
/// correction changed is then no longer on it.
fn say_brought_elsewhere(session: &Session, read: &Imported, corrected: Option<u32>) {
    let Ok(before) = klaver_web::scoring::read_back(session, &[]) else {
        return;
    };
    for d in read
        .event
        .diagnostics
        .iter()
        .filter(|d| d.line.is_some() && d.line != corrected)
        .filter(|d| !before.event.diagnostics.contains(d))
    {
        let board = d.board.map_or(String::new(), |b| format!(" of board {b}"));
        let line = d.line.unwrap_or_default();
        tell!("warning: line {line}{board}: {}", d.message);
    }
}

/// What keeps a butler, cross-IMP or teams session from being scored in its form once
/// corrected (a board left with one room's result): said, not refused, as a pair
/// playing a board twice is, since the next correction may mend it.
fn form_problems(
    stored: Option<&ScoringOptions>,
    event: &klaver_io::travellers::Event,
) -> Result<Vec<String>, CliError> {
    let Some(args) = stored else {
        return Ok(Vec::new());
    };
    let errors = super::imps::form_errors(&args.form, event)?;
    Ok(errors
        .iter()
        .map(|d| format!("the session cannot be scored until this is mended: {d}"))
        .collect())
}

/// What a corrected line's pair that the session does not have is told: not refused (a
/// pair may have joined late), but most often a slip of the finger.
fn new_pair(session: &Session, old: Option<&Line>, new: &Line) -> Option<String> {
    let known = |p: &str| {
        session
            .pairs
            .iter()
            .any(|sp| sp.section == new.section && sp.pair == p)
    };
    let pair = [new.ns.trim(), new.ew.trim()].into_iter().find(|p| {
        let was_there = old.is_some_and(|o| *p == o.ns.trim() || *p == o.ew.trim());
        *p != "-" && !was_there && !known(p)
    })?;
    Some(format!(
        "pair {pair} is not one of the session's pairs ({}) and is scored as a new pair: if that is a slip, correct the line again",
        pairs_listed(session, &new.section)
    ))
}

/// The pairs a session lists in a section (`2, 3`), or, when it lists none there,
/// where its pairs are.
fn pairs_listed(session: &Session, section: &str) -> String {
    let theirs: Vec<&str> = session
        .pairs
        .iter()
        .filter(|sp| sp.section == section)
        .map(|sp| sp.pair.as_str())
        .collect();
    if !theirs.is_empty() {
        return theirs.join(", ");
    }
    let mut sections: Vec<&str> = session.pairs.iter().map(|sp| sp.section.as_str()).collect();
    sections.sort_unstable();
    sections.dedup();
    let here = match section {
        "" => "without a section".to_string(),
        s => format!("in section {s}"),
    };
    let named = |s: &[&str]| match s {
        [one] => format!("section {one}"),
        _ => format!("sections {}", s.join(", ")),
    };
    match sections[..] {
        [] => "it lists no pairs".to_string(),
        [""] => format!("it lists none {here}: its pairs have no section"),
        ["", ref others @ ..] => format!(
            "it lists none {here}: its pairs have no section or are in {}",
            named(others)
        ),
        _ => format!(
            "it lists none {here}: its pairs are in {}",
            named(&sections)
        ),
    }
}

/// What a line put on a board the session has no other result on is told: not refused
/// (a board's only traveller may have been filed under another), as a pair the session
/// does not have is not, but most often a typo (`--set-board 99` on a night of four
/// boards). A line left on its board, or a session with no other line, says nothing.
fn lone_board(session: &Session, old: Option<&Line>, new: &Line) -> Option<String> {
    if old.is_some_and(|o| o.board == new.board) {
        return None;
    }
    let mut boards: Vec<u32> = session
        .lines
        .iter()
        .filter(|l| old.is_none_or(|o| o.line_no != l.line.line_no))
        .filter_map(|l| u32::try_from(l.line.board).ok())
        .collect();
    boards.sort_unstable();
    boards.dedup();
    let on_it = u32::try_from(new.board).is_ok_and(|b| boards.contains(&b));
    if boards.is_empty() || on_it {
        return None;
    }
    Some(format!(
        "board {} has no other result in the session (its boards are {}): if that is a slip, correct the line {}with --set-board",
        new.board,
        klaver_core::movement::validate::board_list(&boards),
        if old.is_some() { "again " } else { "" }
    ))
}

/// What a corrected line's pair that another line of the board (same section and
/// room) already has is told. Not refused: swapping two lines' pairs passes through it,
/// but until one of them is corrected the session cannot be scored.
fn played_twice(session: &Session, new: &Line) -> Option<String> {
    let others = session.lines.iter().map(|l| &l.line);
    others.filter(|l| l.line_no != new.line_no).find_map(|other| {
        let pair = new.pair_also_on(other)?;
        Some(format!(
            "pair {pair} now plays board {} twice (also on line {}: {} v {}): the session cannot be scored until one of the two lines is corrected",
            new.board, other.line_no, other.ns, other.ew
        ))
    })
}

/// The ranking settings the club keeps in the database.
pub fn stored_ranking_settings(db: &DbArgs) -> Result<(String, String), CliError> {
    block_on(async {
        let (store, club) = db.club().await?;
        match store.ranking_settings(&club).await.map_err(store_error)? {
            Some(text) => Ok((text, format!("the ranking settings of {}", club.code))),
            None => Err(CliError::input(format!(
                "{} keeps no ranking settings: store them with `klaver club settings --ranking club.toml`, or give --settings",
                club.code
            ))),
        }
    })
}

/// Every pairs and butler session of the club in the database, scored as it was
/// imported, as the season ranking's input (the lines of one night together); nights
/// that cannot be ranked from the database are named in a warning.
pub fn stored_ranking_sessions(
    db: &DbArgs,
    club_settings: &mut klaver_core::ranking::season::Club,
) -> Result<Vec<klaver_core::ranking::season::SessionInput>, CliError> {
    block_on(async {
        let (store, club) = db.club().await?;
        // The club's players are named as the database knows them.
        for p in store.players(&club).await.map_err(store_error)? {
            if let Some(number) = p.number {
                club_settings.names.insert(number, p.name);
            }
        }
        let (sessions, warnings) =
            klaver_web::scoring::ranking_sessions(&store, &club, club_settings, false).await?;
        for w in warnings {
            tell!("warning: {w}");
        }
        Ok(sessions)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The history of a correction shows every field it changed: a line moved to
    /// another section, table or round showed the same before and after.
    #[test]
    fn a_correction_shows_each_place_it_moved_the_line() {
        let old = Line {
            line_no: 3,
            board: 1,
            table: Some(1),
            round: Some(2),
            ns: "1".into(),
            ew: "2".into(),
            contract: "4S".into(),
            declarer: "N".into(),
            result: "=".into(),
            ..Line::default()
        };
        assert_eq!(change(&old, &old), "1 v 2: 4S N = -> 1 v 2: 4S N =");
        let moved = Line {
            section: "B".into(),
            board: 9,
            table: Some(3),
            round: None,
            ..old.clone()
        };
        assert_eq!(
            change(&old, &moved),
            "no section, table 1, round 2: 1 v 2: 4S N = -> section B, board 9, table 3, no round: 1 v 2: 4S N ="
        );
    }

    /// A line's pair the session does not list is said with the pairs it does list;
    /// with none listed there the warning said "pairs ()".
    #[test]
    fn a_new_pair_is_said_with_the_pairs_the_session_lists() {
        let pair = |section: &str, pair: &str| klaver_store::SessionPair {
            section: section.into(),
            pair: pair.into(),
            ..Default::default()
        };
        let session = |pairs: Vec<klaver_store::SessionPair>| Session {
            info: klaver_store::SessionInfo::default(),
            pairs,
            lines: Vec::new(),
            sit_outs: Vec::new(),
        };
        let line = |section: &str| Line {
            section: section.into(),
            board: 1,
            ns: "1".into(),
            ew: "2".into(),
            ..Line::default()
        };
        let said = |pairs, section| new_pair(&session(pairs), None, &line(section)).unwrap();
        let scored = "and is scored as a new pair: if that is a slip, correct the line again";
        assert_eq!(
            said(vec![pair("", "2"), pair("", "3")], ""),
            format!("pair 1 is not one of the session's pairs (2, 3) {scored}")
        );
        assert_eq!(
            said(Vec::new(), ""),
            format!("pair 1 is not one of the session's pairs (it lists no pairs) {scored}")
        );
        assert_eq!(
            said(vec![pair("", "1"), pair("", "2")], "B"),
            format!(
                "pair 1 is not one of the session's pairs (it lists none in section B: its pairs have no section) {scored}"
            )
        );
        assert_eq!(
            said(vec![pair("A", "1"), pair("C", "2")], ""),
            format!(
                "pair 1 is not one of the session's pairs (it lists none without a section: its pairs are in sections A, C) {scored}"
            )
        );
        assert_eq!(
            said(vec![pair("A", "1"), pair("A", "2")], "B"),
            format!(
                "pair 1 is not one of the session's pairs (it lists none in section B: its pairs are in section A) {scored}"
            )
        );
    }
}
