//! `klaver rubber` and `klaver chicago`: score pads drawn from a file of deals (read
//! and drawn by `klaver_io::pads`).

use super::{CliError, CmdResult, LangArg};
use klaver_core::chicago::{ChicagoPad, ChicagoSettings, ChicagoVariant, VulnerabilityOrder};
use klaver_core::rubber::{RubberDeal, RubberPad, RubberSettings};
use klaver_io::pads::{DealLine, draw_chicago, draw_rubber_party, short_block};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Arguments of `klaver rubber`.
#[derive(clap::Args)]
pub struct RubberArgs {
    /// The file of deals, one per line.
    file: PathBuf,
    /// Score 50 / 100 for making a doubled / redoubled contract (current Laws; seed 003
    /// leaves it out).
    #[arg(long)]
    insult: bool,
    /// Carry each rubber's difference into the next rubber as a bonus for its winner
    /// (seed 003's pad).
    #[arg(long)]
    carry: bool,
    /// Exit with code 1 when there are warnings (as `klaver score --strict`).
    #[arg(long)]
    strict: bool,
    /// The notation contracts and results are written in (as `--notation` of `klaver
    /// score`).
    #[arg(long, value_enum, default_value = "en")]
    notation: LangArg,
}

/// How a Chicago block is scored.
#[derive(Clone, Copy, clap::ValueEnum)]
pub enum VariantArg {
    /// Each deal alone; part-score 50 / 100, game 300 / 500 (seed 003's recommendation).
    Mixed,
    /// Part-scores carry to game within the block of four; 100 for a part-score on deal 4.
    Original,
    /// Duplicate scoring of every deal, with the bonus for making a doubled contract.
    Duplicate,
    /// Duplicate scoring without the bonus for making a doubled contract.
    Modern,
}

/// Who is vulnerable on deals 2 and 3 of a Chicago block.
#[derive(Clone, Copy, clap::ValueEnum)]
pub enum VulOrderArg {
    /// The dealer's side (older order, seed 003's tables).
    Dealer,
    /// The dealer's opponents (newer order).
    NonDealer,
}

/// Arguments of `klaver chicago`.
#[derive(clap::Args)]
pub struct ChicagoArgs {
    /// The file of deals, one per line.
    file: PathBuf,
    /// How the deals are scored.
    #[arg(long, value_enum, default_value = "mixed")]
    variant: VariantArg,
    /// Who is vulnerable on deals 2 and 3 of each block [default: non-dealer for
    /// --variant modern (seed 003's newer order), dealer for the others].
    #[arg(long, value_enum)]
    vul_order: Option<VulOrderArg>,
    /// Score 50 / 100 for making a doubled / redoubled contract (mixed and original;
    /// duplicate always scores it).
    #[arg(long)]
    insult: bool,
    /// The notation contracts and results are written in (as `--notation` of `klaver
    /// score`).
    #[arg(long, value_enum, default_value = "en")]
    notation: LangArg,
    /// Exit with code 1 when there are warnings (as `klaver score --strict`).
    #[arg(long)]
    strict: bool,
}

/// Runs `klaver rubber`.
pub fn rubber(args: RubberArgs) -> CmdResult {
    let lang = args.notation.language();
    let mut warnings = Warnings::default();
    let lines = read_deals(&args.file, lang, true, &mut warnings)?;
    let settings = RubberSettings {
        insult: args.insult,
        carry_difference: args.carry,
    };
    let mut pad = RubberPad::new(settings);
    for line in &lines {
        let deal = match line.deal {
            None => RubberDeal::PassedOut,
            Some(play) => RubberDeal::Played {
                play,
                honours: line.honours,
            },
        };
        pad.record(deal)
            .map_err(|e| line_error(&args.file, line.number, e))?;
    }
    say_part!("{}", draw_rubber_party(&pad.finish()));
    Ok(warnings.exit_code(args.strict))
}

/// Runs `klaver chicago`.
pub fn chicago(args: ChicagoArgs) -> CmdResult {
    let variant = match args.variant {
        VariantArg::Mixed => ChicagoVariant::Mixed,
        VariantArg::Original => ChicagoVariant::Original,
        VariantArg::Duplicate => ChicagoVariant::Duplicate,
        VariantArg::Modern => ChicagoVariant::Modern,
    };
    if args.insult && variant == ChicagoVariant::Modern {
        return Err(CliError::input(
            "--insult cannot be used with --variant modern: modern Chicago has no bonus for \
             making a doubled contract (use --variant duplicate)",
        ));
    }
    // Modern Chicago came with the newer order (seed 003): the dealer's opponents are
    // vulnerable on deals 2 and 3.
    let order = match args.vul_order {
        Some(VulOrderArg::Dealer) => VulnerabilityOrder::Dealer,
        Some(VulOrderArg::NonDealer) => VulnerabilityOrder::NonDealer,
        None if variant == ChicagoVariant::Modern => VulnerabilityOrder::NonDealer,
        None => VulnerabilityOrder::Dealer,
    };
    let mut warnings = Warnings::default();
    let lines = read_deals(&args.file, args.notation.language(), false, &mut warnings)?;
    let mut pad = ChicagoPad::new(ChicagoSettings {
        variant,
        order,
        insult: args.insult,
    });
    for line in &lines {
        let number = pad.record(line.deal).number;
        if line.deal.is_none() {
            warn_passed_out(&mut warnings, &args.file, line.number, number);
        }
    }
    if let Some(short) = short_block(pad.deals().len()) {
        warnings.warn(&args.file, None, short);
    }
    say_part!("{}", draw_chicago(&pad));
    Ok(warnings.exit_code(args.strict))
}

/// A passed-out Chicago deal is counted as one of the four of its block: said.
fn warn_passed_out(warnings: &mut Warnings, file: &Path, line: usize, deal: usize) {
    warnings.warn(file, Some(line), klaver_io::pads::passed_out_note(deal));
}

fn line_error(file: &Path, line: usize, what: impl std::fmt::Display) -> CliError {
    CliError::input(format!("{}, line {line}: {what}", file.display()))
}

/// The warnings given about a pad file, each on standard error as it is found.
#[derive(Default)]
struct Warnings {
    given: usize,
}

impl Warnings {
    fn warn(&mut self, file: &Path, line: Option<usize>, message: impl std::fmt::Display) {
        match line {
            Some(line) => tell!("warning: {}, line {line}: {message}", file.display()),
            None => tell!("warning: {}: {message}", file.display()),
        }
        self.given += 1;
    }

    /// The exit code: 1 with `--strict` when any warning was given.
    fn exit_code(&self, strict: bool) -> ExitCode {
        if strict && self.given > 0 {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        }
    }
}

/// The deals of the pad file `file`, each warning about it said.
fn read_deals(
    file: &Path,
    lang: klaver_core::notation::Language,
    honours_allowed: bool,
    warnings: &mut Warnings,
) -> Result<Vec<DealLine>, CliError> {
    let bytes = klaver_io::input::read_file(file)
        .map_err(|e| CliError::input(format!("cannot read {}: {e}", file.display())))?;
    let (deals, notes) =
        klaver_io::pads::read_deals(&bytes, lang, honours_allowed).map_err(|e| match e.line {
            Some(line) => line_error(file, line, e.message),
            None => CliError::input(format!("{}: {}", file.display(), e.message)),
        })?;
    for note in notes {
        warnings.warn(file, note.line, note.message);
    }
    Ok(deals)
}
