//! `klaver generate`: a synthetic travellers CSV of any size.

use super::{CliError, CmdResult};
use klaver_io::generate::{GenerateOptions, write_event};
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `klaver generate`.
#[derive(clap::Args)]
pub struct Args {
    /// Number of pairs (4 or more).
    #[arg(long)]
    pairs: u32,
    /// Number of boards.
    #[arg(long)]
    boards: u32,
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
    if args.pairs < 4 {
        return Err(CliError::input(format!(
            "--pairs {} is too few: a pairs event needs at least 4 pairs",
            args.pairs
        )));
    }
    if args.boards == 0 || args.boards_per_round == 0 {
        return Err(CliError::input(
            "--boards and --boards-per-round must be at least 1",
        ));
    }
    let opts = GenerateOptions {
        pairs: args.pairs,
        boards: args.boards,
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
