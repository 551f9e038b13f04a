//! `klaver movement`: generate or check a movement and print its guide cards.

use super::{CliError, CmdResult, output};
use clap::{Subcommand, ValueEnum};
use klaver_core::movement::{
    BoardSharing, EvenTables, Fields, HowellOptions, MitchellOptions, Movement, howell, mitchell,
    parse_csv,
};
use klaver_io::guide_cards::{self, CardLang, CardOptions};
use std::path::PathBuf;
use std::process::ExitCode;

/// Output formats of `klaver movement`.
#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum Format {
    /// Check, schedule and guide cards as plain text.
    Text,
    /// One printable, self-contained HTML page.
    Html,
    /// Printable guide cards on A4: schedule, pair cards and table cards to cut out.
    Pdf,
    /// The schedule as `round,table,ns,ew,boards`, the shape `check` reads.
    Csv,
}

/// The language of the cards.
#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum Lang {
    /// English (NS/EW).
    En,
    /// Dutch (NZ/OW).
    Nl,
}

/// Which cards to print.
#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum Cards {
    /// Schedule, pair cards and table cards.
    All,
    /// The schedule only.
    Schedule,
    /// The pairs' guide cards only.
    Pairs,
    /// The table cards only.
    Tables,
    /// Only the check.
    None,
}

/// How an even-table Mitchell is played.
#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum EvenArg {
    /// EW pairs skip a table halfway (one round fewer).
    Skip,
    /// Tables 1 and the last share boards, a bye stand holds a set.
    Relay,
}

/// How board sets may be at several tables in a round.
#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum SharingArg {
    /// Each set at one table per round.
    Single,
    /// Tables pass boards between them during the round.
    Shared,
    /// The boards are duplicated; any number of tables play a set at once.
    Duplicated,
}

/// Output options shared by every movement command.
#[derive(clap::Args)]
pub struct Output {
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
    /// Language of the cards.
    #[arg(long, value_enum, default_value = "en")]
    lang: Lang,
    /// Which cards to print.
    #[arg(long, value_enum, default_value = "all")]
    cards: Cards,
    /// Write to this file instead of standard output.
    #[arg(long, short)]
    output: Option<PathBuf>,
}

/// The movement subcommands.
#[derive(Subcommand)]
pub enum Which {
    /// A Mitchell: NS pairs stay, EW pairs move up, boards move down.
    Mitchell {
        /// Number of tables (3 or more).
        #[arg(long)]
        tables: u32,
        /// Boards per round.
        #[arg(long, default_value_t = 4)]
        boards_per_round: u32,
        /// With an even number of tables: skip (the default) or relay and bye stand.
        #[arg(long, value_enum)]
        even: Option<EvenArg>,
        /// Swap directions in the last round (one winner).
        #[arg(long)]
        arrow_switch: bool,
        /// Score NS and EW together (one field) without an arrow switch.
        #[arg(long)]
        one_field: bool,
        /// Number the EW pairs from this number + 1 (default: tables + 1).
        #[arg(long)]
        ew_from: Option<u32>,
        #[command(flatten)]
        output: Output,
    },
    /// A Howell: every pair meets every other pair (or a part of it).
    Howell {
        /// Number of pairs (an odd number plays with a bye each round).
        #[arg(long)]
        pairs: u32,
        /// Rounds to play (default: all, pairs − 1).
        #[arg(long)]
        rounds: Option<u32>,
        /// Boards per round.
        #[arg(long, default_value_t = 4)]
        boards_per_round: u32,
        /// All tables play the same (duplicated) boards in a round.
        #[arg(long)]
        same_boards: bool,
        #[command(flatten)]
        output: Output,
    },
    /// Check a schedule from CSV (round,table,ns,ew,boards) and print its cards.
    Check {
        /// The schedule file.
        file: PathBuf,
        /// Whether board sets are shared or duplicated between tables in a round.
        #[arg(long, value_enum, default_value = "single")]
        boards: SharingArg,
        /// Rank NS and EW separately (two winners).
        #[arg(long)]
        two_fields: bool,
        #[command(flatten)]
        output: Output,
    },
}

/// Arguments of `klaver movement`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    which: Which,
}

/// Runs `klaver movement`.
pub fn run(args: Args) -> CmdResult {
    let (movement, output, checked) = match args.which {
        Which::Mitchell {
            tables,
            boards_per_round,
            even,
            arrow_switch,
            one_field,
            ew_from,
            output,
        } => {
            let m = mitchell_of(
                tables,
                boards_per_round,
                even,
                arrow_switch,
                one_field,
                ew_from,
            )?;
            (m, output, false)
        }
        Which::Howell {
            pairs,
            rounds,
            boards_per_round,
            same_boards,
            output,
        } => {
            let mut o = HowellOptions::new(pairs, boards_per_round);
            o.rounds = rounds;
            o.same_boards = same_boards;
            (howell(&o).map_err(CliError::input)?, output, false)
        }
        Which::Check {
            file,
            boards,
            two_fields,
            output,
        } => (
            schedule_of(&file, boards, two_fields, output.lang)?,
            output,
            true,
        ),
    };
    render(&movement, &output, checked)
}

/// The schedule `klaver movement check` reads, named after its file in the cards'
/// language.
fn schedule_of(
    file: &std::path::Path,
    boards: SharingArg,
    two_fields: bool,
    lang: Lang,
) -> Result<Movement, CliError> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| CliError::input(format!("cannot read {}: {e}", file.display())))?;
    let mut m =
        parse_csv(&text).map_err(|e| CliError::input(format!("{}: {e}", file.display())))?;
    let schedule = match lang {
        Lang::En => "Schedule",
        Lang::Nl => "Schema",
    };
    m.name = format!("{schedule} {}", file.display());
    m.sharing = match boards {
        SharingArg::Single => BoardSharing::Single,
        SharingArg::Shared => BoardSharing::Shared,
        SharingArg::Duplicated => BoardSharing::Duplicated,
    };
    if two_fields {
        m.fields = Fields::Two;
    }
    Ok(m)
}

/// The Mitchell `klaver movement mitchell` asks for; `--even` with an odd number of
/// tables is refused rather than left unused.
fn mitchell_of(
    tables: u32,
    boards_per_round: u32,
    even: Option<EvenArg>,
    arrow_switch: bool,
    one_field: bool,
    ew_from: Option<u32>,
) -> Result<Movement, CliError> {
    if even.is_some() && tables % 2 == 1 {
        return Err(CliError::input(format!(
            "--even is for an even number of tables; {tables} tables play every round \
             without a skip or relay: leave --even out"
        )));
    }
    let mut o = MitchellOptions::new(tables, boards_per_round);
    o.even = match even {
        None | Some(EvenArg::Skip) => EvenTables::Skip,
        Some(EvenArg::Relay) => EvenTables::RelayByeStand,
    };
    o.arrow_switch = arrow_switch;
    o.one_field = (one_field || arrow_switch).then_some(true);
    o.ew_base = ew_from;
    mitchell(&o).map_err(CliError::input)
}

fn render(m: &Movement, out: &Output, checked: bool) -> CmdResult {
    let check = m.check();
    let opts = CardOptions {
        lang: match out.lang {
            Lang::En => CardLang::English,
            Lang::Nl => CardLang::Dutch,
        },
        schedule: matches!(out.cards, Cards::All | Cards::Schedule),
        pair_cards: matches!(out.cards, Cards::All | Cards::Pairs),
        table_cards: matches!(out.cards, Cards::All | Cards::Tables),
    };
    let doc = match out.format {
        Format::Text => guide_cards::text(m, &check, &opts).into_bytes(),
        Format::Html => guide_cards::html(m, &check, &opts).into_bytes(),
        Format::Csv => guide_cards::csv(m).into_bytes(),
        Format::Pdf => guide_cards::pdf(m, &check, &opts)
            .map_err(|e| CliError::input(format!("cannot make the PDF: {e}")))?,
    };
    let written = output::write_output(out.output.as_deref(), |o| o.put(&doc));
    // A closed pipe (`| head`) is not an error worth reporting.
    if !output::names_stdout(out.output.as_deref()) {
        written?;
    }
    if !check.is_valid() {
        let errors: Vec<String> = check.errors().map(ToString::to_string).collect();
        let what = if checked {
            "the schedule"
        } else {
            "the movement"
        };
        return Err(CliError::input(format!(
            "{what} has {} error(s), first: {}",
            errors.len(),
            errors[0]
        )));
    }
    Ok(ExitCode::SUCCESS)
}
