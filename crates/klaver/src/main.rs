//! The `klaver` command: parses arguments and calls the libraries.

/// Writes a line to standard error as `eprintln!` does, but goes on when standard error
/// is closed (`2>&1 | true`): the exit code still says how the command ended.
macro_rules! tell {
    ($($arg:tt)+) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)+);
    }};
}

mod allocator;
mod cmd;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[global_allocator]
static ALLOCATOR: allocator::Allocator = allocator::Allocator;

/// Bridge scoring for clubs: contracts, score pads, pairs sessions, season rankings.
#[derive(Parser)]
#[command(name = "klaver", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Score a real club session embedded in klaver (no files needed).
    Demo(cmd::demo::Args),
    /// Deal a night's boards (or read a file of them), analyse them double dummy, and
    /// write PBN, the dealing machines' .dup or .dlm, or a printable hand record.
    Deal(cmd::deal::Args),
    /// Analyse the boards of a PBN, .dup or .dlm file double dummy, checking the file's
    /// own published figures, and write them like `klaver deal`.
    Analyse(cmd::deal::AnalyseArgs),
    /// Score one contract and show the breakdown.
    Contract(cmd::contract::Args),
    /// Draw a rubber bridge score pad from a file of deals.
    Rubber(cmd::pads::RubberArgs),
    /// Draw a Chicago score pad from a file of deals.
    Chicago(cmd::pads::ChicagoArgs),
    /// Score a pairs session from its travellers: result list, control sheet, travellers.
    Score(cmd::score::Args),
    /// Convert results between travellers CSV, PBN, USEBIO and JSON.
    Convert(cmd::convert::Args),
    /// Score every session of an archive file (a travellers CSV with a session column).
    Archive(cmd::archive::Args),
    /// Write a synthetic travellers CSV of any size (for trying out and measuring).
    Generate(cmd::generate::Args),
    /// Generate or check a movement and print its guide cards.
    Movement(cmd::movement::Args),
    /// A season's club ranking: players, pairs, championship and tonight's lines.
    Ranking(cmd::ranking::Args),
    /// The club in the database: create it, show it, its seasons and ranking settings.
    Club(cmd::club::ClubArgs),
    /// The club's players: add, import from CSV, list.
    Player(cmd::club::PlayerArgs),
    /// Club nights in the database: import, list, show, score, export, correct.
    Session(cmd::session::Args),
    /// The web app: director's console, table-side entry from phones, live results.
    Serve(cmd::serve::Args),
    /// Write the whole club (players, sessions, corrections) to one archive file.
    Export(cmd::club::ExportArgs),
    /// Restore a club from an archive written by `klaver export`.
    Import(cmd::club::ImportArgs),
    /// The IMPs of a score difference on the WBF scale (230 -> 6).
    Imps(cmd::imps::ImpsArgs),
    /// Both teams' victory points for an IMP margin on the WBF continuous scale.
    Vp(cmd::imps::VpArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let outcome = match cli.command {
        Command::Demo(args) => cmd::demo::run(args),
        Command::Deal(args) => cmd::deal::run(args),
        Command::Analyse(args) => cmd::deal::analyse_file(args),
        Command::Contract(args) => cmd::contract::run(args),
        Command::Rubber(args) => cmd::pads::rubber(args),
        Command::Chicago(args) => cmd::pads::chicago(args),
        Command::Score(args) => cmd::score::run(args),
        Command::Convert(args) => cmd::convert::run(args),
        Command::Archive(args) => cmd::archive::run(args),
        Command::Generate(args) => cmd::generate::run(args),
        Command::Movement(args) => cmd::movement::run(args),
        Command::Ranking(args) => cmd::ranking::run(args),
        Command::Club(args) => cmd::club::club(args),
        Command::Player(args) => cmd::club::player(args),
        Command::Session(args) => cmd::session::run(args),
        Command::Serve(args) => cmd::serve::run(args),
        Command::Export(args) => cmd::club::export(args),
        Command::Import(args) => cmd::club::import(args),
        Command::Imps(args) => cmd::imps::imps(args),
        Command::Vp(args) => cmd::imps::vp(args),
    };
    match outcome {
        Ok(code) => code,
        Err(err) => {
            tell!("klaver: {err}");
            ExitCode::from(err.exit_code())
        }
    }
}
