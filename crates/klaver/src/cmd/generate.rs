//! `klaver generate`: a synthetic travellers CSV of any size, an archive of club
//! sessions, or a federation's ranking season.

use super::output::write_output;
use super::{CliError, CmdResult};
use klaver_io::generate::{
    ArchiveOptions, GenerateOptions, SeasonOptions, write_archive, write_event, write_season,
    write_season_settings,
};
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `klaver generate`.
#[derive(clap::Args)]
pub struct Args {
    /// Number of pairs (4 or more).
    #[arg(long, required_unless_present_any = ["archive_sessions", "season_players"])]
    pairs: Option<u32>,
    /// Number of boards.
    #[arg(long, required_unless_present_any = ["archive_sessions", "season_players"])]
    boards: Option<u32>,
    /// Instead of one event, an archive of this many club sessions in the shape of a
    /// federation's results database (a `session` column; about 240 results each).
    #[arg(long, conflicts_with_all = ["pairs", "boards"])]
    archive_sessions: Option<u32>,
    /// Instead of one event, the session results of a ranking season for `klaver
    /// ranking`: clubs of 100 players, each playing 100 nights of 20 pairs in lines A
    /// and B (100,000 players: 1,000 clubs, 4 million player-session results).
    #[arg(long, conflicts_with_all = ["pairs", "boards", "archive_sessions"])]
    season_players: Option<u32>,
    /// With --season-players: write the matching ranking settings (TOML) to this file.
    #[arg(long, requires = "season_players")]
    season_settings: Option<PathBuf>,
    /// Boards per round.
    #[arg(long, default_value_t = 4)]
    boards_per_round: u32,
    /// Random seed: the same seed gives the same event.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write to this file instead of standard output.
    #[arg(long, short)]
    output: Option<PathBuf>,
}

/// Runs `klaver generate`.
pub fn run(args: Args) -> CmdResult {
    if let Some(players) = args.season_players {
        if players == 0 {
            return Err(CliError::input("--season-players must be at least 1"));
        }
        let opts = SeasonOptions {
            players,
            seed: args.seed,
        };
        if let Some(p) = &args.season_settings {
            write_output(Some(p), |out| {
                write_season_settings(&mut *out, opts).map_err(|e| out.error(e))
            })?;
        }
        write_output(args.output.as_deref(), |out| {
            write_season(&mut *out, opts).map_err(|e| out.error(e))
        })?;
        return Ok(ExitCode::SUCCESS);
    }
    if let Some(sessions) = args.archive_sessions {
        let opts = ArchiveOptions {
            sessions,
            seed: args.seed,
        };
        write_output(args.output.as_deref(), |out| {
            write_archive(&mut *out, opts).map_err(|e| out.error(e))
        })?;
        return Ok(ExitCode::SUCCESS);
    }
    let (pairs, boards) = (args.pairs.unwrap_or(0), args.boards.unwrap_or(0));
    if pairs < 4 {
        return Err(CliError::input(format!(
            "--pairs {pairs} is too few: a pairs event needs at least 4 pairs"
        )));
    }
    if boards == 0 || args.boards_per_round == 0 {
        return Err(CliError::input(
            "--boards and --boards-per-round must be at least 1",
        ));
    }
    let opts = GenerateOptions {
        pairs,
        boards,
        boards_per_round: args.boards_per_round,
        seed: args.seed,
    };
    write_output(args.output.as_deref(), |out| {
        write_event(&mut *out, opts).map_err(|e| out.error(e))
    })?;
    Ok(ExitCode::SUCCESS)
}
