//! `klaver ranking`: the NBB-Clubranking of a season from its session results: player,
//! pair and threesome rankings, the club championship and tonight's lines.

use super::{CliError, CmdResult, LangArg};
use clap::ValueEnum;
use klaver_core::ranking::season::{SeasonStanding, rank_with};
use klaver_io::ranking_io::{self, RankingReport};
use std::io::Write;
use std::path::PathBuf;
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
    /// The number of lines tonight (default: the nominal number of lines).
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

fn read(path: &PathBuf) -> Result<String, CliError> {
    std::fs::read_to_string(path)
        .map_err(|e| CliError::input(format!("cannot read {}: {e}", path.display())))
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
    let mut sessions = Vec::new();
    let mut errors = Vec::new();
    if from_database {
        sessions = super::session::stored_ranking_sessions(&args.db, &club)?;
    }
    for path in &args.sessions {
        let name = path.display().to_string();
        let text = read(path)?;
        let is_json = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("json"))
            || text.trim_start().starts_with('{');
        let got = if is_json {
            ranking_io::read_score_json(&text, &name, &club, args.moment.as_deref())
                .map(|s| vec![s])
        } else {
            ranking_io::read_sessions_csv(&text, &name, &club)
        };
        match got {
            Ok(s) => sessions.extend(s),
            Err(e) => errors.extend(e),
        }
    }
    if !errors.is_empty() {
        return Err(listed(
            "the sessions have errors; nothing was ranked:",
            &errors,
        ));
    }
    let mut standings = rank_with(&club, sessions, args.history != Some(0))
        .map_err(|e| listed("the sessions have errors; nothing was ranked:", &e))?;
    if let Some(n) = args.history {
        for s in &mut standings {
            for e in &mut s.entrants {
                let drop = e.history.len().saturating_sub(n);
                e.history.drain(..drop);
            }
        }
    }
    let mut chosen: Vec<&SeasonStanding> = Vec::new();
    for m in &club.moments {
        if args.moment.as_ref().is_some_and(|x| x != &m.name) {
            continue;
        }
        let mine: Vec<&SeasonStanding> = standings.iter().filter(|s| s.moment == m.name).collect();
        let pick = match &args.season {
            Some(name) => match mine.iter().find(|s| &s.season == name) {
                Some(s) => *s,
                None => {
                    return Err(CliError::input(format!(
                        "--season {name}: no such season in {settings_name}"
                    )));
                }
            },
            None => match mine.iter().rev().find(|s| !s.sessions.is_empty()) {
                Some(s) => *s,
                None => continue,
            },
        };
        chosen.push(pick);
    }
    if chosen.is_empty() {
        return Err(CliError::input("no sessions to rank: give session files"));
    }
    let lines = match &args.present {
        None => None,
        Some(spec) => {
            let path = std::path::Path::new(spec);
            let (text, source) = if path.is_file() {
                (read(&path.to_path_buf())?, spec.clone())
            } else {
                (spec.replace(',', "\n"), "--present".to_string())
            };
            let present = ranking_io::read_present(&text, &source).map_err(CliError::input)?;
            let n = args.lines.unwrap_or(club.settings.lines);
            Some(
                ranking_io::line_assignment(chosen[0], &present, n)
                    .map_err(|e| CliError::input(format!("{source}: {e}")))?,
            )
        }
    };
    let report = RankingReport {
        club: &club,
        standings: chosen,
        lines,
        sessions: args.points,
        lang: args.lang.report(),
    };
    if args.format == Format::Json {
        // Written as it is made: a federation's report runs to a gigabyte or more.
        let write = |out: &mut dyn Write| -> Result<(), CliError> {
            let mut out = std::io::BufWriter::with_capacity(1 << 20, out);
            ranking_io::write_json(&report, args.history, &mut out)
                .map_err(|e| CliError::input(format!("cannot write the JSON: {e}")))?;
            out.write_all(b"\n")
                .and_then(|()| out.flush())
                .map_err(|e| CliError::input(format!("cannot write the output: {e}")))
        };
        match &args.output {
            Some(p) => write(
                &mut std::fs::File::create(p)
                    .map_err(|e| CliError::input(format!("cannot write {}: {e}", p.display())))?,
            )?,
            None => write(&mut std::io::stdout().lock())?,
        }
        // The process ends here: handing a federation's standings back piece by piece
        // would take seconds for nothing.
        std::mem::forget(standings);
        return Ok(ExitCode::SUCCESS);
    }
    let body = match args.format {
        Format::Text => ranking_io::render_text(&report),
        Format::Json => unreachable!("written above"),
        Format::Html => ranking_io::render_html(&report),
    };
    let write_err = |e: std::io::Error| CliError::input(format!("cannot write the output: {e}"));
    match &args.output {
        Some(p) => std::fs::write(p, body)
            .map_err(|e| CliError::input(format!("cannot write {}: {e}", p.display())))?,
        None => {
            let mut out = std::io::stdout().lock();
            out.write_all(body.as_bytes()).map_err(write_err)?;
            out.flush().map_err(write_err)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
