//! `klaver ranking`: the NBB-Clubranking of a season from its session results: player,
//! pair and threesome rankings, the club championship and tonight's lines.

use super::output::Output;
use super::{CliError, CmdResult, LangArg};
use clap::ValueEnum;
use klaver_core::ranking::input_warnings;
use klaver_core::ranking::line_assignment::{self, AssignedLine};
use klaver_core::ranking::season::{self, Club, Moment, SeasonStanding, SessionInput, rank_each};
use klaver_core::ranking::{Form, Origin};
use klaver_io::ranking_io::{self, RankingIoError, RankingReport};
use std::collections::HashSet;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Output formats of `klaver ranking`.
#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum Format {
    /// Tables as plain text.
    Text,
    /// Everything, for other programs.
    Json,
    /// One self-contained page for the club's website.
    Html,
}

/// Arguments of `klaver ranking`.
#[derive(clap::Args)]
pub struct Args {
    /// The club's ranking settings (TOML): G or A, B, S, lines, method, ST, Z, min, x,
    /// me, inv, y, playing moments and seasons [default, without session files: the
    /// settings the club keeps in the database].
    #[arg(long)]
    settings: Option<PathBuf>,
    /// Session results: CSV files (date,moment,line,players,score) or the JSON that
    /// `klaver score --format json` writes. Without any, the club's pairs sessions in
    /// the database are ranked.
    sessions: Vec<PathBuf>,
    /// The database, when no session files are given.
    #[command(flatten)]
    db: super::club::DbArgs,
    /// Tonight's pairs for the line assignment: a file with one pair a line, or a list
    /// such as 1001+1002,1003+1004.
    #[arg(long)]
    present: Option<String>,
    /// The number of lines tonight, 1 to 26, with `--present` (default: the nominal
    /// number of lines).
    #[arg(long)]
    lines: Option<u32>,
    /// Show only this playing moment; also the moment of JSON sessions (default: the
    /// first in the settings).
    #[arg(long)]
    moment: Option<String>,
    /// Show this season (default: the latest season with sessions).
    #[arg(long)]
    season: Option<String>,
    /// Also list every session's ranking points (pairs and teams, with a team's
    /// strength, resistance and points per match).
    #[arg(long)]
    points: bool,
    /// Show at most the last N entries of each player's and pair's history (default:
    /// all). With 0 the pairs' histories are not even computed: the quickest for a
    /// federation of many clubs.
    #[arg(long, value_name = "N")]
    history: Option<usize>,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
    /// Language of the text and HTML reports' labels (JSON keys stay English).
    #[arg(long, value_enum, default_value = "en")]
    lang: LangArg,
    /// Write to this file instead of standard output.
    #[arg(long, short)]
    output: Option<PathBuf>,
}

/// A text file (the settings, the pairs present): UTF-8, or an error naming the line of
/// its first byte that is not.
fn read(path: &Path) -> Result<String, CliError> {
    let name = path.display();
    let bytes = klaver_io::input::read_file(path)
        .map_err(|e| CliError::input(format!("cannot read {name}: {e}")))?;
    let text =
        klaver_io::input::utf8(&bytes).map_err(|e| CliError::input(format!("{name} {e}")))?;
    Ok(text.to_string())
}

fn listed<E: std::fmt::Display>(head: &str, errors: &[E]) -> CliError {
    let mut msg = head.to_string();
    for e in errors {
        msg.push_str(&format!("\n  {e}"));
    }
    CliError::input(msg)
}

/// Runs `klaver ranking`.
pub fn run(args: Args) -> CmdResult {
    check_lines(&args)?;
    let (mut club, settings_name) = club_settings(&args)?;
    let sessions = read_sessions(&args, &mut club)?;
    check_season(&args, &club, &settings_name)?;
    for w in season::entrants_not_playing(&club, &sessions) {
        tell!("warning: {settings_name}: {w}");
    }
    for w in season::ids_written_two_ways(&sessions) {
        tell!("warning: {w}");
    }
    for w in input_warnings::settings_keys_written_another_way(&club, &sessions) {
        tell!("warning: {settings_name}: {w}");
    }
    // Read once: warned of against the sessions, then put into lines.
    let present = present_pairs(&args)?;
    warn_present(present.as_ref(), &sessions);
    // A night given in several files is joined here, where the rows are owned: the
    // ranking, which borrows them, would otherwise join a copy of them all.
    let sessions = season::merge(sessions).map_err(ranking_failed)?;
    for w in season::vp_warnings(&sessions) {
        tell!("warning: {w}");
    }
    for w in input_warnings::copied_nights(&sessions) {
        tell!("warning: {w}");
    }
    // An ordinary night, not a problem: said once, whatever the number of such pairs.
    for n in input_warnings::guests_without_id(&sessions) {
        tell!("note: {n}");
    }
    if args.format == Format::Json {
        return write_json(&args, &club, present.as_ref(), sessions);
    }
    write_report(&args, &club, present.as_ref(), sessions)
}

/// Refuses a `--lines` that cannot be played (A to Z are 1 to 26 lines), or that has no
/// pairs present to put into lines.
fn check_lines(args: &Args) -> Result<(), CliError> {
    match args.lines {
        Some(_) if args.present.is_none() => Err(CliError::input(
            "--lines needs --present: give tonight's pairs to put into lines",
        )),
        Some(n) if !(1..=26).contains(&n) => Err(CliError::input(format!(
            "--lines {n}: tonight's pairs play in 1 to 26 lines (A to Z)"
        ))),
        _ => Ok(()),
    }
}

/// The club's ranking settings and how messages name them: the `--settings` file, else
/// (ranking the database) the settings the club keeps; a `--moment` they do not have is
/// refused.
fn club_settings(args: &Args) -> Result<(Club, String), CliError> {
    let from_database = args.sessions.is_empty();
    let (settings_text, settings_name) = match &args.settings {
        Some(p) => (read(p)?, p.display().to_string()),
        None if from_database => super::session::stored_ranking_settings(&args.db)?,
        None => {
            return Err(CliError::input(
                "--settings is needed with session files: the club's ranking settings (TOML)",
            ));
        }
    };
    let club =
        ranking_io::read_settings(&settings_text, &settings_name).map_err(CliError::input)?;
    if let Some(m) = &args.moment
        && !club.moments.iter().any(|x| &x.name == m)
    {
        return Err(CliError::input(format!(
            "--moment {m}: no such playing moment in {settings_name}"
        )));
    }
    Ok((club, settings_name))
}

/// The sessions to rank: the club's in the database when no files are given, else those
/// of every file; the errors of all files are listed together and nothing is ranked.
fn read_sessions(args: &Args, club: &mut Club) -> Result<Vec<SessionInput>, CliError> {
    let mut sessions = Vec::new();
    let mut errors = Vec::new();
    if args.sessions.is_empty() {
        sessions = super::session::stored_ranking_sessions(&args.db, club)?;
    }
    let mut fields = ScoredFields::default();
    for path in &args.sessions {
        match read_session_file(path, club, args.moment.as_deref())? {
            (Ok(s), json) => {
                for w in input_warnings::nights_resumed(&s) {
                    tell!("warning: {w}");
                }
                fields.check(path, json, &s, &mut errors);
                sessions.extend(s)
            }
            (Err(e), _) => errors.extend(e),
        }
    }
    if !errors.is_empty() {
        return Err(listed(
            "the sessions have errors; nothing was ranked:",
            &errors,
        ));
    }
    Ok(sessions)
}

/// The lines of each pairs or butler night, with the file that gave them and where:
/// one line's scores come from one scored field, and rows of two files on one line (two
/// fields, most often, each averaging 50 %) would be ranked on one interval as if
/// compared with each other.
#[derive(Default)]
struct ScoredFields(std::collections::HashMap<(String, String), Vec<FieldLine>>);

/// A line of a night as a file gives it: the line's text, the file's name, whether it
/// is `klaver score`'s JSON, and the line's first row.
struct FieldLine {
    line: String,
    file: String,
    json: bool,
    first: Origin,
}

impl FieldLine {
    /// Where a message names the line: a CSV's first row of it, a JSON as a whole.
    fn place(&self) -> String {
        if self.json {
            self.file.clone()
        } else {
            self.first.to_string()
        }
    }
}

impl ScoredFields {
    /// Notes the lines of `sessions`, read from `path` (`klaver score`'s JSON when
    /// `json`), and adds an error for each line of a night an earlier file gave too.
    fn check(
        &mut self,
        path: &Path,
        json: bool,
        sessions: &[SessionInput],
        errors: &mut Vec<RankingIoError>,
    ) {
        let file = path.display().to_string();
        for s in sessions.iter().filter(|s| s.form != Form::Teams) {
            let before = self
                .0
                .entry((s.date.clone(), s.moment.clone()))
                .or_default();
            let mut here: Vec<FieldLine> = Vec::new();
            for p in &s.pairs {
                if here.iter().any(|l| same_line(&l.line, &p.line)) {
                    continue;
                }
                let this = FieldLine {
                    line: p.line.to_string(),
                    file: file.clone(),
                    json,
                    first: p.origin.clone(),
                };
                if let Some(other) = before.iter().find(|l| same_line(&l.line, &this.line)) {
                    errors.push(RankingIoError::File {
                        file: this.place(),
                        message: two_fields(s, other, &this),
                    });
                }
                here.push(this);
            }
            before.extend(here);
        }
    }
}

/// Whether two line texts are one line as the ranking reads them: `a` is `A`, and a
/// top-integral group's letters in any order (`A+B`, `b+a`) one group.
fn same_line(a: &str, b: &str) -> bool {
    use klaver_core::ranking::season::group_letters;
    match (group_letters(a), group_letters(b)) {
        (Some(x), Some(y)) => x == y,
        _ => a == b,
    }
}

/// What is wrong with a night's line given in two files: `other` read first, `this`
/// now.
fn two_fields(s: &SessionInput, other: &FieldLine, this: &FieldLine) -> String {
    let on = match this.line.as_str() {
        "" => "on the same line (neither names one)".to_string(),
        l => format!("on the same line {l}"),
    };
    let night = format!("{} {}", s.date, s.moment);
    if this.json && other.json {
        let other = &other.file;
        return format!(
            "the night {night} is scored in {other} too, {on}: each file is a whole scored field, and one line's percentages come from one field; score the lines as sections of their own (A, B), or the night in one file"
        );
    }
    format!(
        "session {night}: the night is given in {} too, {on}: one line's scores come from one scored field, and two files' rows of a line are most often two fields, each averaging 50 %, which cannot be ranked as one; give each field its own line letter (A, B), correct the date, or give the line's rows in one file",
        other.place()
    )
}

/// The sessions of a file, or the errors that keep them from being ranked.
type SessionsRead = Result<Vec<SessionInput>, Vec<RankingIoError>>;

/// One session file: `klaver score`'s JSON (by its extension or its first character),
/// whose pairs that played no board are warned of, or a sessions CSV, whose unread
/// columns are warned of; its errors are given back, and whether it was the JSON.
fn read_session_file(
    path: &Path,
    club: &Club,
    moment: Option<&str>,
) -> Result<(SessionsRead, bool), CliError> {
    let name = path.display().to_string();
    let bytes = klaver_io::input::read_file(path)
        .map_err(|e| CliError::input(format!("cannot read {name}: {e}")))?;
    let text =
        klaver_io::input::utf8(&bytes).map_err(|e| CliError::input(format!("{name} {e}")))?;
    let is_json = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json"))
        || text.trim_start().starts_with('{');
    let read = if is_json {
        let (warnings, read) = ranking_io::read_score_json_with_warnings(text, &name, club, moment);
        for w in warnings {
            tell!("warning: {w}");
        }
        read.map(|s| vec![s])
    } else {
        for w in ranking_io::sessions_csv_warnings(text, &name) {
            tell!("warning: {w}");
        }
        ranking_io::read_sessions_csv(text, &name, club)
    };
    Ok((read, is_json))
}

/// Refuses a `--season` the settings do not name (without seasons, only the unnamed one).
fn check_season(args: &Args, club: &Club, settings_name: &str) -> Result<(), CliError> {
    // Each playing moment shows one season: the one asked for, else its latest with
    // sessions. (Every moment has a standing for each of the club's seasons.)
    if let Some(name) = &args.season {
        let known = if club.seasons.is_empty() {
            name.is_empty()
        } else {
            club.seasons.iter().any(|s| &s.name == name)
        };
        if !known {
            return Err(CliError::input(format!(
                "--season {name}: no such season in {settings_name}"
            )));
        }
    }
    Ok(())
}

/// The season a playing moment shows: the one asked for, else its latest with sessions,
/// its histories cut to the last `--history` entries.
fn pick(args: &Args, seasons: Vec<SeasonStanding>) -> Option<SeasonStanding> {
    let mut s = match &args.season {
        Some(name) => seasons.into_iter().find(|s| &s.season == name),
        None => seasons.into_iter().rev().find(|s| !s.sessions.is_empty()),
    }?;
    if let Some(n) = args.history {
        for e in &mut s.entrants {
            let drop = e.history.len().saturating_sub(n);
            e.history.drain(..drop);
        }
    }
    Some(s)
}

/// Whether a playing moment is ranked: all of them, or only the `--moment` asked for.
fn wanted(args: &Args, m: &Moment) -> bool {
    // Playing moments keep their own rankings: with --moment only that one is ranked
    // (every session is still checked).
    args.moment.as_ref().is_none_or(|x| x == &m.name)
}

/// The sessions' errors, listed, when they cannot be ranked.
fn ranking_failed<E: std::fmt::Display>(errors: Vec<E>) -> CliError {
    listed("the sessions have errors; nothing was ranked:", &errors)
}

/// Ranks every moment wanted and writes the JSON report moment by moment as each is
/// ranked.
fn write_json(
    args: &Args,
    club: &Club,
    present: Option<&Present>,
    sessions: Vec<SessionInput>,
) -> CmdResult {
    // The moment whose standing heads the report: the first shown.
    let played: HashSet<&str> = sessions.iter().map(|s| s.moment.as_str()).collect();
    let first = club
        .moments
        .iter()
        .filter(|m| wanted(args, m))
        .find(|m| args.season.is_some() || played.contains(m.name.as_str()))
        .map(|m| m.name.clone());
    drop(played);
    let mut json = JsonOut::new(args, club, present);
    rank_each(
        club,
        &sessions,
        args.history != Some(0),
        |m| wanted(args, m),
        // Turned into JSON on the thread that ranked it; only the first is kept.
        |moment, seasons| {
            let standing = pick(args, seasons)?;
            let text = ranking_io::json_moment(&standing, club, args.history);
            let keep = first.as_ref() == Some(&moment.name);
            Some((text, keep.then_some(standing)))
        },
        |shown| match shown {
            Some((text, standing)) => json.moment(text, standing),
            None => ControlFlow::Continue(()),
        },
    )
    .map_err(ranking_failed)?;
    json.finish()?;
    // The process ends here: letting go of a federation's millions of rows one by
    // one would take time for nothing.
    std::mem::forget(sessions);
    Ok(ExitCode::SUCCESS)
}

/// Ranks every moment wanted and writes the text or HTML report of them all, with
/// tonight's lines from the first.
fn write_report(
    args: &Args,
    club: &Club,
    present: Option<&Present>,
    sessions: Vec<SessionInput>,
) -> CmdResult {
    let mut chosen: Vec<SeasonStanding> = Vec::new();
    rank_each(
        club,
        &sessions,
        args.history != Some(0),
        |m| wanted(args, m),
        |_, seasons| pick(args, seasons),
        |shown| {
            chosen.extend(shown);
            ControlFlow::Continue(())
        },
    )
    .map_err(ranking_failed)?;
    let Some(first) = chosen.first() else {
        return Err(CliError::input("no sessions to rank: give session files"));
    };
    let report = RankingReport {
        club,
        lines: tonights_lines(args, club, present, first)?,
        standings: chosen.iter().collect(),
        sessions: args.points,
        lang: args.lang.report(),
    };
    let body = match args.format {
        Format::Text => ranking_io::render_text(&report),
        Format::Json => unreachable!("written as ranked by write_json"),
        Format::Html => ranking_io::render_html(&report),
    };
    super::output::write_output(args.output.as_deref(), |out| out.put(body.as_bytes()))?;
    // The process ends here: handing a federation's rows and standings back piece by
    // piece would take time for nothing.
    std::mem::forget(sessions);
    std::mem::forget(chosen);
    Ok(ExitCode::SUCCESS)
}

/// Tonight's pairs, each its players' ids, and how messages name where they came from.
type Present = (Vec<Vec<String>>, String);

/// Tonight's pairs (`--present`, a file or a list) and how messages name them.
fn present_pairs(args: &Args) -> Result<Option<Present>, CliError> {
    let Some(spec) = &args.present else {
        return Ok(None);
    };
    let path = std::path::Path::new(spec);
    let (present, source) = if path.is_file() {
        (ranking_io::read_present(&read(path)?, spec), spec.as_str())
    } else {
        (ranking_io::read_present_list(spec), "--present")
    };
    Ok(Some((
        present.map_err(CliError::input)?,
        source.to_string(),
    )))
}

/// Warns of each player present tonight who plays in none of the sessions (a mistyped
/// id, most often, which would put the pair in a line by the replacement ranking).
fn warn_present(present: Option<&Present>, sessions: &[SessionInput]) {
    let Some((present, source)) = present else {
        return;
    };
    let ids: Vec<&str> = present.iter().flatten().map(String::as_str).collect();
    for id in season::players_not_playing(&ids, sessions) {
        tell!(
            "warning: {source}: player {id} plays in none of the sessions: check the id (a player new to the club starts from the replacement ranking)"
        );
    }
}

/// Tonight's line assignment (`--present`) from the first moment shown.
fn tonights_lines(
    args: &Args,
    club: &Club,
    present: Option<&Present>,
    first: &SeasonStanding,
) -> Result<Option<Vec<AssignedLine>>, CliError> {
    let Some((present, source)) = present else {
        return Ok(None);
    };
    let n = args.lines.unwrap_or(club.settings.lines);
    let lines = ranking_io::line_assignment(first, present, n)
        .map_err(|e| CliError::input(format!("{source}: {e}")))?;
    for w in line_assignment::ties_across_lines(&lines) {
        tell!("warning: {source}: {w}");
    }
    Ok(Some(lines))
}

/// The JSON report, written moment by moment as they are ranked: a federation's runs
/// to a gigabyte or more, and none of its moments need be kept. The output is opened
/// when the first moment is ready, so a ranking that fails before writes nothing; a file
/// takes its name only when whole (`output::Output`), so a report that fails half-way
/// leaves no half file (and an earlier report in place).
struct JsonOut<'a> {
    args: &'a Args,
    club: &'a Club,
    present: Option<&'a Present>,
    out: Option<Output>,
    /// The first failure; what follows it is not written.
    failed: Option<CliError>,
}

impl<'a> JsonOut<'a> {
    fn new(args: &'a Args, club: &'a Club, present: Option<&'a Present>) -> JsonOut<'a> {
        JsonOut {
            args,
            club,
            present,
            out: None,
            failed: None,
        }
    }

    /// The next moment's JSON; the first comes with its standing, for the report's head.
    /// Breaks once the report cannot be written.
    fn moment(
        &mut self,
        text: Result<Vec<u8>, serde_json::Error>,
        standing: Option<SeasonStanding>,
    ) -> ControlFlow<()> {
        match self.try_moment(text, standing) {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => {
                self.failed = Some(e);
                ControlFlow::Break(())
            }
        }
    }

    fn try_moment(
        &mut self,
        text: Result<Vec<u8>, serde_json::Error>,
        standing: Option<SeasonStanding>,
    ) -> Result<(), CliError> {
        let text = text.map_err(json_err)?;
        let first = self.out.is_none();
        if first {
            let standing = standing.expect("the first moment shown comes with its standing");
            let lines = tonights_lines(self.args, self.club, self.present, &standing)?;
            let head =
                ranking_io::json_head(&standing, self.club, lines.as_deref(), self.args.history)
                    .map_err(json_err)?;
            let out = self.out.insert(Output::open(self.args.output.as_deref())?);
            out.put(&head)?;
        }
        let out = self.out.as_mut().expect("opened above");
        out.put(ranking_io::json_before_moment(first))?;
        out.put(&text)
    }

    fn finish(mut self) -> Result<(), CliError> {
        if let Some(e) = self.failed.take() {
            return Err(e);
        }
        let Some(mut out) = self.out.take() else {
            return Err(CliError::input("no sessions to rank: give session files"));
        };
        out.put(ranking_io::JSON_TAIL)?;
        out.put(b"\n")?;
        out.finish()
    }
}

fn json_err(e: serde_json::Error) -> CliError {
    CliError::input(format!("cannot write the JSON: {e}"))
}
