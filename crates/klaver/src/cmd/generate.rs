//! `klaver generate`: a synthetic travellers CSV of any size.

use super::{CliError, CmdResult};
use klaver_io::generate::{ArchiveOptions, GenerateOptions, write_archive, write_event};
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `klaver generate`.
#[derive(clap::Args)]
pub struct Args {
    /// Number of pairs (4 or more).
    #[arg(long, required_unless_present = "archive_sessions")]
    pairs: Option<u32>,
    /// Number of boards.
    #[arg(long, required_unless_present = "archive_sessions")]
    boards: Option<u32>,
    /// Instead of one event, an archive of this many club sessions in the shape of a
    /// federation's results database (a `session` column; about 240 results each).
    #[arg(long, conflicts_with_all = ["pairs", "boards"])]
    archive_sessions: Option<u32>,
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
    if let Some(sessions) = args.archive_sessions {
        let opts = ArchiveOptions {
            sessions,
            seed: args.seed,
        };
        let result = match &args.output {
            Some(p) => std::fs::File::create(p).and_then(|f| write_archive(f, opts)),
            None => write_archive(std::io::stdout().lock(), opts),
        };
        result.map_err(|e| CliError::input(format!("cannot write the archive: {e}")))?;
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
    let result = match &args.output {
        Some(p) => std::fs::File::create(p).and_then(|f| write_event(f, opts)),
        None => write_event(std::io::stdout().lock(), opts),
    };
    result.map_err(|e| CliError::input(format!("cannot write the event: {e}")))?;
    Ok(ExitCode::SUCCESS)
}
