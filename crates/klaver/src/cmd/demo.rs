//! `klaver demo`: a real club session scored with no files needed.
//!
//! The session is the seed's 't Fonteintje club event of 1 February 2008 (14 pairs,
//! 28 boards, 7 rounds of 4 boards, every table playing the same boards), embedded in
//! the binary, scored by the same code as `klaver score`.

use super::CmdResult;
use klaver_core::notation::Language;
use klaver_core::session::{Settings, score_session, set_letters};
use klaver_io::report::{self, ReportLang, ReportOptions};
use klaver_io::text;
use klaver_io::travellers::{ReadOptions, read_travellers};
use std::process::ExitCode;

const SESSION: &str = include_str!("../../../../examples/fonteintje-2008-02-01.csv");

/// Arguments of `klaver demo`.
#[derive(clap::Args)]
pub struct Args {
    /// Also print the control sheet.
    #[arg(long)]
    control: bool,
    /// Print in Dutch, as the club published it.
    #[arg(long)]
    dutch: bool,
}

/// Runs `klaver demo`.
pub fn run(args: Args) -> CmdResult {
    let event = read_travellers(
        SESSION.as_bytes(),
        ReadOptions {
            lang: Language::Dutch,
            ..ReadOptions::default()
        },
    )
    .map_err(super::CliError::input)?;
    // Every table played the same boards in a round: boards 1-4 in round 1, and so on.
    let rounds = event.results.iter().map(|r| {
        let set = (r.board - 1) / 4;
        Some((set + 1, set_letters(set as usize)))
    });
    let settings = Settings {
        boards_per_round: Some(4),
        result_rounds: Some(rounds.collect()),
        ..Settings::default()
    };
    let result =
        score_session(&event.pairs, &event.results, &settings).map_err(super::CliError::input)?;
    let opts = ReportOptions {
        title: "Bridgeclub 't Fonteintje".into(),
        date: "01/02/2008".into(),
        lang: if args.dutch {
            ReportLang::Nl
        } else {
            ReportLang::En
        },
        boards_per_round: Some(4),
        ranking_only: !args.control,
        ..ReportOptions::default()
    };
    let rep = report::build(&event, &result, &opts);
    say_part!(
        "{}",
        text::render(
            &rep,
            text::TextParts {
                control: args.control,
                travellers: false,
            }
        )
    );
    say!(
        "\n{} results on {} boards scored; {} notes on the entered contracts (see `klaver score examples/fonteintje-2008-02-01.csv --notation nl`).",
        event.results.len(),
        rep.board_count,
        event.diagnostics.len() + result.warnings.len()
    );
    Ok(ExitCode::SUCCESS)
}
