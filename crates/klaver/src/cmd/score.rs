//! `klaver score`: a pairs session from its travellers to the published documents.

use super::{CliError, CmdResult, LangArg};
use clap::ValueEnum;
use klaver_core::matchpoints::{ArtificialRule, Rules, Scale};
use klaver_core::session::{BoardRounding, Settings, score_session};
use klaver_io::report::{self, ReportLang, ReportOptions};
use klaver_io::travellers::{self, ReadOptions};
use klaver_io::{json, text};
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

/// Output formats of `klaver score`.
#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum Format {
    /// The result list as plain text.
    Text,
    /// Everything, for other programs.
    Json,
}

/// Matchpoint scales.
#[derive(Clone, Copy, ValueEnum)]
pub enum ScaleArg {
    /// 2 per score beaten, 1 per tie (top = 2 × (scores − 1)).
    European,
    /// 1 per score beaten, ½ per tie (top = scores − 1).
    Acbl,
}

/// Treatment of artificial scores.
#[derive(Clone, Copy, ValueEnum)]
pub enum ArtificialArg {
    /// Real scores count each artificial score as a tie (the seed's rule).
    Ties,
    /// Artificial scores are left out and the real ones Neuberg-scaled (EBU).
    Neuberg,
}

/// Rounding of each board's matchpoints before totalling.
#[derive(Clone, Copy, ValueEnum)]
pub enum RoundingArg {
    /// Exact fractions.
    Exact,
    /// Rounded half up to 0.1.
    Round,
    /// Truncated to 0.1.
    Truncate,
}

/// Arguments of `klaver score`.
#[derive(clap::Args)]
pub struct Args {
    /// The travellers CSV (board, ns, ew, and score or contract/declarer/result).
    travellers: PathBuf,
    /// A pairs CSV with the players' names (pair,names).
    #[arg(long)]
    pairs: Option<PathBuf>,
    /// The event's title.
    #[arg(long, default_value = "")]
    title: String,
    /// The event's date, as it should be printed.
    #[arg(long, default_value = "")]
    date: String,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
    /// Language of the report (and of the contracts, unless --notation says otherwise).
    #[arg(long, value_enum, default_value = "en")]
    lang: LangArg,
    /// Language the contracts are written in, when it differs from --lang.
    #[arg(long, value_enum)]
    notation: Option<LangArg>,
    /// Write to this file instead of standard output.
    #[arg(long, short)]
    output: Option<PathBuf>,
    /// Print the control sheet after the result list (text).
    #[arg(long)]
    control: bool,
    /// Print every traveller after the result list (text).
    #[arg(long = "travellers")]
    travellers_list: bool,
    /// Matchpoint scale.
    #[arg(long, value_enum, default_value = "european")]
    scale: ScaleArg,
    /// How artificial scores affect the real scores.
    #[arg(long, value_enum, default_value = "ties")]
    artificial: ArtificialArg,
    /// Law 12C2: average-plus is the session percentage when higher than 60 %.
    #[arg(long)]
    avg_plus_session: bool,
    /// Round or truncate each board's matchpoints to 0.1 before totalling.
    #[arg(long, value_enum, default_value = "exact")]
    rounding: RoundingArg,
    /// Score all sections together (top-integral).
    #[arg(long)]
    top_integral: bool,
    /// Boards per round, for the round columns and the control sheet.
    #[arg(long)]
    boards_per_round: Option<u32>,
    /// Exit with code 1 when there are warnings.
    #[arg(long)]
    strict: bool,
}

fn open(path: &PathBuf) -> Result<File, CliError> {
    File::open(path).map_err(|e| CliError::input(format!("cannot open {}: {e}", path.display())))
}

/// Runs `klaver score`.
pub fn run(args: Args) -> CmdResult {
    let notation = args.notation.unwrap_or(args.lang).language();
    let file_name = args.travellers.display().to_string();
    let mut event = travellers::read_travellers(
        std::io::BufReader::with_capacity(1 << 20, open(&args.travellers)?),
        ReadOptions { lang: notation },
    )
    .map_err(|e| CliError::input(format!("{file_name}: {e}")))?;
    if let Some(p) = &args.pairs {
        let warnings = travellers::read_pairs(open(p)?, &mut event)
            .map_err(|e| CliError::input(format!("{}: {e}", p.display())))?;
        event.diagnostics.extend(warnings);
    }
    if event.has_errors() {
        let mut msg = format!("{file_name} has errors; nothing was scored:");
        for d in &event.diagnostics {
            msg.push_str(&format!("\n  {d}"));
        }
        return Err(CliError::input(msg));
    }
    let settings = Settings {
        rules: Rules {
            scale: match args.scale {
                ScaleArg::European => Scale::European,
                ScaleArg::Acbl => Scale::Acbl,
            },
            artificial: match args.artificial {
                ArtificialArg::Ties => ArtificialRule::CountAsTies,
                ArtificialArg::Neuberg => ArtificialRule::LeftOut,
            },
        },
        rounding: match args.rounding {
            RoundingArg::Exact => BoardRounding::Exact,
            RoundingArg::Round => BoardRounding::RoundTenth,
            RoundingArg::Truncate => BoardRounding::TruncateTenth,
        },
        avg_plus_session: args.avg_plus_session,
        top_integral: args.top_integral,
        boards_per_round: args.boards_per_round,
        expected: Default::default(),
    };
    let result = score_session(&event.pairs, &event.results, &settings)
        .map_err(|e| CliError::input(format!("{file_name} cannot be scored:\n{e}")))?;

    let stdout = std::io::stdout();
    let mut out: Box<dyn Write> = match &args.output {
        Some(p) => Box::new(BufWriter::new(File::create(p).map_err(|e| {
            CliError::input(format!("cannot write {}: {e}", p.display()))
        })?)),
        None => Box::new(BufWriter::new(stdout.lock())),
    };
    let write_err = |e: std::io::Error| CliError::input(format!("cannot write the output: {e}"));
    match args.format {
        Format::Json => {
            json::write(&mut out, &event, &result, &args.title, &args.date)
                .map_err(|e| CliError::input(format!("cannot write the output: {e}")))?;
            out.write_all(b"\n").map_err(write_err)?;
        }
        Format::Text => {
            let opts = ReportOptions {
                title: args.title.clone(),
                date: args.date.clone(),
                lang: match args.lang {
                    LangArg::Nl => ReportLang::Nl,
                    _ => ReportLang::En,
                },
                boards_per_round: args.boards_per_round,
                ranking_only: !args.control && !args.travellers_list,
            };
            let rep = report::build(&event, &result, &opts);
            let body = text::render(
                &rep,
                text::TextParts {
                    control: args.control,
                    travellers: args.travellers_list,
                },
            );
            out.write_all(body.as_bytes()).map_err(write_err)?;
        }
    }
    out.flush().map_err(write_err)?;

    let warnings: Vec<String> = event
        .diagnostics
        .iter()
        .chain(result.warnings.iter())
        .map(|d| d.to_string())
        .collect();
    for w in &warnings {
        eprintln!("warning: {file_name}: {w}");
    }
    Ok(if args.strict && !warnings.is_empty() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
