//! `klaver archive`: score every session of an archive file, streaming.

use super::scoring_args::words;
use super::{CliError, CmdResult, LangArg};
use klaver_core::matchpoints::{ArtificialRule, MissingRule, Rules, Scale};
use klaver_core::session::Settings;
use klaver_io::archive::{ArchiveScoring, score_archive};
use std::fs::File;
use std::io::{BufReader, Write};
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `klaver archive`.
#[derive(clap::Args)]
pub struct Args {
    /// The archive: a travellers CSV with a `session` column, each session's lines together.
    archive: PathBuf,
    /// Write the pairs' results (CSV) to this file instead of standard output.
    #[arg(long, short)]
    output: Option<PathBuf>,
    /// Language the contracts are written in.
    #[arg(long, value_enum, default_value = "en")]
    notation: LangArg,
    /// Matchpoint scale.
    #[arg(long, value_parser = words::<Scale>(), default_value = "european")]
    scale: Scale,
    /// How artificial scores affect the real scores.
    #[arg(long, value_parser = words::<ArtificialRule>(), default_value = "ties")]
    artificial: ArtificialRule,
    /// A board played fewer times than expected: Neuberg-scale its results, or count each
    /// missing result as a tie for every pair that played it.
    #[arg(long, value_parser = words::<MissingRule>(), default_value = "neuberg")]
    missing: MissingRule,
    /// Sessions scored at once (0: one per core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Print errors only, not warnings.
    #[arg(long)]
    quiet: bool,
}

/// Runs `klaver archive`.
pub fn run(args: Args) -> CmdResult {
    let name = args.archive.display().to_string();
    let file = File::open(&args.archive)
        .map_err(|e| CliError::input(format!("cannot open {name}: {e}")))?;
    let opts = ArchiveScoring {
        lang: args.notation.language(),
        settings: Settings {
            rules: Rules {
                scale: args.scale,
                artificial: args.artificial,
                missing: args.missing,
            },
            ..Settings::default()
        },
        threads: args.threads,
    };
    let input = BufReader::with_capacity(1 << 20, file);
    let mut stderr = std::io::stderr().lock();
    let mut report = |m: &str| {
        if !(args.quiet && m.starts_with("warning")) {
            let _ = writeln!(stderr, "{name}: {m}");
        }
    };
    let summary = super::output::write_output(args.output.as_deref(), |out| {
        score_archive(input, out, &opts, &mut report)
            .map_err(|e| CliError::input(format!("{name}: {e}")))
    })?;
    let counted = |n: u64, one: &str| match n {
        1 => format!("1 {one}"),
        n => format!("{n} {one}s"),
    };
    tell!(
        "{name}: {}, {} scored ({}, {}), {} left out with errors, {}",
        counted(summary.sessions, "session"),
        summary.scored,
        counted(summary.results, "result"),
        counted(summary.pairs, "pair line"),
        summary.failed,
        counted(summary.warnings, "warning")
    );
    Ok(if summary.failed > 0 {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    })
}
