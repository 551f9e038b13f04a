//! `klaver convert`: a results file from one exchange format to another (travellers
//! CSV, PBN, USEBIO, JSON). Formats that publish matchpoints (PBN, USEBIO, JSON) get the
//! event scored by the file's convention or the one stated on the command line.

use super::output::{names_stdout, write_output};
use super::score::{read_deals, read_input, read_names};
use super::scoring_args::{ConventionArgs, PlayArgs};
use super::{CliError, CmdResult, LangArg};
use clap::ValueEnum;
use klaver_core::matchpoints::{ArtificialRule, MissingRule, Scale};
use klaver_core::session::{BoardRounding, Settings, score_session};
use klaver_io::detect::Format;
use klaver_io::exchange::Imported;
use klaver_io::options::{FormOptions, pair_settings};
use klaver_io::travellers::ReadOptions;
use klaver_io::{exchange, json, pbn, usebio};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The formats `klaver convert` writes.
#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum ToArg {
    /// klaver's travellers CSV (names in OUT.pairs.csv beside it).
    Csv,
    /// PBN 2.1 with deals, a ScoreTable per board and a TotalScoreTable.
    Pbn,
    /// USEBIO XML 1.2 with matchpoints, percentages and places.
    Usebio,
    /// klaver's JSON of the scored session.
    Json,
}

impl ToArg {
    /// The format asked for, else the one `output`'s extension names.
    pub(crate) fn chosen(to: Option<ToArg>, output: &std::path::Path) -> Result<ToArg, CliError> {
        if let Some(t) = to {
            return Ok(t);
        }
        let out_name = output.display().to_string();
        match Format::from_extension(&out_name) {
            Some(Format::Csv) => Ok(ToArg::Csv),
            Some(Format::Pbn) => Ok(ToArg::Pbn),
            Some(Format::Usebio) => Ok(ToArg::Usebio),
            Some(Format::Json) => Ok(ToArg::Json),
            None => Err(CliError::input(format!(
                "cannot tell the format to write from the name {out_name}: name it .csv, .pbn, .xml or .json, or say --to csv|pbn|usebio|json"
            ))),
        }
    }
}

/// Arguments of `klaver convert`.
#[derive(clap::Args)]
pub struct Args {
    /// The results to convert: travellers CSV, PBN, USEBIO or JSON (told by content).
    input: PathBuf,
    /// Where to write; `-` for standard output.
    output: PathBuf,
    /// The format to write [default: from OUTPUT's extension].
    #[arg(long, value_enum)]
    to: Option<ToArg>,
    /// A pairs CSV with the players' names (pair,names), for a travellers CSV input.
    #[arg(long)]
    pairs: Option<PathBuf>,
    /// The language the contracts of a travellers CSV input are written in.
    #[arg(long, value_enum, default_value = "en")]
    notation: LangArg,
    /// The event's title (instead of the one the input carries).
    #[arg(long)]
    title: Option<String>,
    /// The event's date (instead of the one the input carries).
    #[arg(long)]
    date: Option<String>,
    /// A PBN file with the hands, written with the boards (PBN, USEBIO).
    #[arg(long)]
    deals: Option<PathBuf>,
    /// Solve the boards' hands double dummy and write each board's tricks, optimum score,
    /// par contracts and OptimumResultTable with it (PBN).
    #[arg(long)]
    analyse: bool,
    /// The scoring conventions (a PBN input's [Scoring] sets those not given here).
    #[command(flatten)]
    conventions: ConventionArgs,
    /// How the pairs were grouped and moved, as `klaver score` takes it.
    #[command(flatten)]
    play: PlayArgs,
}

/// Runs `klaver convert`.
pub fn run(args: Args) -> CmdResult {
    let to = ToArg::chosen(args.to, &args.output)?;
    let in_name = args.input.display().to_string();
    let (format, mut imported) = read_input(
        &args.input,
        ReadOptions {
            lang: args.notation.language(),
            ..ReadOptions::default()
        },
    )?;
    if imported.event.has_errors() {
        let d = &imported.event.diagnostics;
        return Err(super::refused(&in_name, Some(format), "converted", d));
    }
    let names = klaver_io::travellers::NamesFile {
        teams: false,
        players_twice: klaver_core::session::Severity::Warning,
    };
    read_names(
        &args.input,
        format,
        args.pairs.as_deref(),
        &mut imported,
        names,
    )?;
    set_title_and_date(to, (args.title, args.date), &mut imported)?;
    if let Some(p) = &args.deals {
        let (deals, file) = read_deals(p)?;
        // The hands' formats write such a board as it is; the others write no hands.
        if args.analyse {
            file.say_not_all_hands(&deals, "it is written without that hand and not analysed");
        } else if matches!(to, ToArg::Pbn | ToArg::Usebio) {
            file.say_not_all_hands(&deals, "it is written without that hand");
        }
        imported.deals = deals;
    }
    let analyses = if args.analyse {
        Some(analysed(&imported, &in_name)?)
    } else {
        None
    };
    let scoring = args
        .play
        .options(args.conventions.options(), FormOptions::default());
    args.play.overrule(&mut imported.convention);
    let file_convention = imported.convention;
    let (settings, _, _) = pair_settings(&scoring, &mut imported.event, &file_convention, &in_name)
        .map_err(CliError::input)?;
    write_converted(
        &imported,
        &settings,
        to,
        (&in_name, &args.output),
        analyses.as_ref(),
    )
}

/// The title and date given on the command line, instead of the file's; a date PBN or
/// USEBIO cannot write as its standard asks is refused.
fn set_title_and_date(
    to: ToArg,
    (title, date): (Option<String>, Option<String>),
    imported: &mut Imported,
) -> Result<(), CliError> {
    if let Some(t) = title.filter(|t| !t.is_empty()) {
        imported.title = t;
    }
    if let Some(d) = date.filter(|d| !d.is_empty()) {
        if matches!(to, ToArg::Pbn | ToArg::Usebio) && exchange::date_parts(&d).is_none() {
            return Err(CliError::input(format!(
                "--date {d:?} cannot be read: give it as 2025-03-04 or 04-03-2025, and {} writes it as its standard asks",
                if to == ToArg::Pbn { "PBN" } else { "USEBIO" }
            )));
        }
        imported.date = d;
    }
    Ok(())
}

/// The boards' hands solved double dummy, for PBN's analysis tags.
fn analysed(
    imported: &Imported,
    in_name: &str,
) -> Result<std::collections::BTreeMap<u32, klaver_io::hand_record::BoardRecord>, CliError> {
    if imported.deals.is_empty() {
        return Err(CliError::input(format!(
            "{in_name} has no hands to analyse: give them with --deals HANDS.pbn"
        )));
    }
    let started = std::time::Instant::now();
    let boards = klaver_io::hand_record::analyse_deals(&imported.deals)
        .map_err(|e| CliError::input(format!("{in_name}: {e}")))?;
    tell!(
        "analysed {} boards double dummy in {:.2} s",
        boards.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(boards)
}

/// Writes an event (scored by `settings` where the format publishes scores) in the
/// format `to` to `output` (`-`: standard output).
pub(crate) fn write_converted(
    imported: &Imported,
    settings: &Settings,
    to: ToArg,
    (in_name, output): (&str, &Path),
    analyses: Option<&std::collections::BTreeMap<u32, klaver_io::hand_record::BoardRecord>>,
) -> CmdResult {
    let out_name = output.display().to_string();
    let event = &imported.event;

    let write_err = |e: String| CliError::input(format!("cannot write {out_name}: {e}"));
    let (body, pairs_csv, result) = if to == ToArg::Csv {
        let (body, names) = csv_body(event).map_err(|e| write_err(e.to_string()))?;
        (body, names, None)
    } else {
        let result = score_session(&event.pairs, &event.results, settings)
            .map_err(|e| CliError::input(format!("{in_name} cannot be scored:\n{e}")))?;
        let body = scored_body(imported, &result, to, analyses).map_err(write_err)?;
        (body, None, Some(result))
    };
    if matches!(to, ToArg::Csv | ToArg::Json) && !imported.deals.is_empty() {
        tell!(
            "klaver: {} has no place for the hands; keep the PBN file for them (klaver score --deals)",
            if to == ToArg::Csv {
                "the travellers CSV"
            } else {
                "klaver's JSON"
            }
        );
    }
    write_output(Some(output), |o| o.put(&body))?;
    say_how_scored(to, settings, &out_name);
    say_title_and_date(to, imported, &out_name);
    say_left_out(to, event, &out_name);
    write_names(output, pairs_csv, exchange::has_player_ids(event))?;
    match result {
        Some(mut r) => {
            // A board a pair sat out is said as `klaver score` says it.
            let mut read = event.diagnostics.clone();
            klaver_io::said::fold_sit_outs(&mut read, &mut r.warnings, &event.pairs);
            for d in read.iter().chain(&r.warnings) {
                tell!("{}: {in_name}: {d}", super::score::said_as(d));
            }
        }
        None => {
            // Not scored: a sit-out line is said as a note, as a board it accounts for
            // is when the night is scored.
            for d in &event.diagnostics {
                let word = match d.is_sit_out() {
                    true => "note",
                    false => super::score::said_as(d),
                };
                tell!("{word}: {in_name}: {d}");
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// An event as the travellers CSV, with its pairs CSV when any pair has names or
/// players' ids.
fn csv_body(event: &klaver_io::travellers::Event) -> std::io::Result<(Vec<u8>, Option<Vec<u8>>)> {
    let mut body = Vec::new();
    exchange::write_csv(&mut body, event)?;
    if !event.pairs.iter().any(|p| !p.names.is_empty()) && !exchange::has_player_ids(event) {
        return Ok((body, None));
    }
    let mut names = Vec::new();
    exchange::write_pairs_csv(&mut names, event)?;
    Ok((body, Some(names)))
}

/// A scored event in the format `to` (PBN, USEBIO or klaver's JSON), or why it could not
/// be written.
fn scored_body(
    imported: &Imported,
    result: &klaver_core::session::SessionResult,
    to: ToArg,
    analyses: Option<&std::collections::BTreeMap<u32, klaver_io::hand_record::BoardRecord>>,
) -> Result<Vec<u8>, String> {
    let (event, mut body) = (&imported.event, Vec::new());
    match to {
        ToArg::Pbn => {
            let opts = pbn::WriteOptions {
                title: &imported.title,
                date: &imported.date,
                deals: Some(&imported.deals),
                analyses,
            };
            pbn::write(&mut body, event, result, &opts).map_err(|e| e.to_string())?;
        }
        ToArg::Usebio => {
            let opts = usebio::WriteOptions {
                title: &imported.title,
                date: &imported.date,
                deals: Some(&imported.deals),
            };
            usebio::write(&mut body, event, result, &opts).map_err(|e| e.to_string())?;
        }
        _ => {
            json::write(&mut body, event, result, &imported.title, &imported.date)
                .map_err(|e| e.to_string())?;
            body.push(b'\n');
        }
    }
    Ok(body)
}

/// The players' names (and ids, `with_ids`) of a travellers CSV written to `output`,
/// beside it in OUTPUT.pairs.csv; on standard output there is no place for them, which
/// is said.
fn write_names(output: &Path, pairs_csv: Option<Vec<u8>>, with_ids: bool) -> Result<(), CliError> {
    let what = if with_ids {
        "the players' names and ids"
    } else {
        "the players' names"
    };
    if names_stdout(Some(output)) {
        if pairs_csv.is_some() {
            tell!(
                "klaver: {what} were not written: give an OUTPUT file name to get them in OUTPUT.pairs.csv"
            );
        }
    } else if let Some(names) = pairs_csv {
        let p = output.with_extension("pairs.csv");
        write_output(Some(&p), |o| o.put(&names))?;
        tell!("klaver: {what} are in {}", p.display());
    }
    Ok(())
}

/// The sit-out lines of the input (a pair that sat out a board, as Ruter writes a night
/// of an odd number of pairs), which only klaver's PBN carries: said of the other
/// formats, as the written file's boards then read as short of results.
fn say_sit_outs_left_out(event: &klaver_io::travellers::Event, out_name: &str) {
    let n = event.diagnostics.iter().filter(|d| d.is_sit_out()).count();
    if n > 0 {
        let lines = if n == 1 { "line" } else { "lines" };
        tell!(
            "klaver: {out_name} is written without the file's {n} sit-out {lines} (a pair that sat out a board): scored from it, those boards read as short of results; keep the file for them"
        );
    }
}

/// What the input gave that the written format has no place for, said with what keeps
/// it: PBN and USEBIO have no place for a score the table entered beside an adjustment
/// that replaces it (each named), USEBIO none for a line's table or round (no USEBIO
/// file found carries them), and
/// PBN's TotalScoreTable holds two ids a pair (MemberID1, MemberID2, as Ruter writes
/// them). A pair whose ids USEBIO cannot match to its names is named.
fn say_left_out(to: ToArg, event: &klaver_io::travellers::Event, out_name: &str) {
    say_entered_scores_left_out(to, event, out_name);
    if to != ToArg::Pbn {
        say_sit_outs_left_out(event, out_name);
    }
    let more_than_two = event.player_ids.iter().filter(|ids| ids.len() > 2).count();
    if to == ToArg::Pbn && more_than_two > 0 {
        tell!(
            "klaver: {out_name} is written without the players' ids of {more_than_two} pairs with more than two: PBN's MemberID1 and MemberID2 hold two; keep the pairs file for them, or convert to USEBIO, JSON or the travellers CSV, which carry them"
        );
    }
    if to != ToArg::Usebio {
        return;
    }
    let tables = event.lines.iter().any(|l| l.table().is_some());
    let rounds = event.lines.iter().any(|l| l.round().is_some());
    let what = match (tables, rounds) {
        (true, true) => "tables and rounds",
        (true, false) => "tables",
        (false, true) => "rounds",
        (false, false) => "",
    };
    if !what.is_empty() {
        tell!(
            "klaver: USEBIO has no place for the lines' {what}: {out_name} is written without them; convert to PBN, JSON or the travellers CSV to keep them"
        );
    }
    say_ids_unmatched(event, out_name);
}

/// Each score a table entered beside an adjustment that replaces it, which PBN and
/// USEBIO have no place for (their score cell holds the artificial score other programs
/// read, which is kept).
fn say_entered_scores_left_out(to: ToArg, event: &klaver_io::travellers::Event, out_name: &str) {
    let cell = match to {
        ToArg::Pbn => "a PBN line's score holds the artificial score (^60%)",
        ToArg::Usebio => "a USEBIO line's SCORE holds the adjustment",
        _ => return,
    };
    for line in klaver_io::exchange::entered_scores_left_out(event) {
        tell!(
            "klaver: {out_name}: {line} is not written: {cell}, which is kept; convert to JSON or the travellers CSV to keep the score too"
        );
    }
}

/// Each pair whose players' ids cannot be matched to its names (not as many of each),
/// whose ids USEBIO is written without.
fn say_ids_unmatched(event: &klaver_io::travellers::Event, out_name: &str) {
    for (p, ids) in event.pairs.iter().zip(&event.player_ids) {
        if usebio::players(&p.names, ids).is_none() {
            let section = if p.section.is_empty() {
                String::new()
            } else {
                format!(" of section {}", p.section)
            };
            tell!(
                "klaver: {out_name} is written without the players' ids of pair {}{section} ({:?} and {}): which id is whose cannot be told; give the names as \"Jansen - de Vries\", as many as the ids",
                p.id,
                p.names,
                ids.join("+")
            );
        }
    }
}

/// The travellers CSV and USEBIO have no place for how the session was scored: the
/// options that score the written file the same way are named (never left unsaid).
fn say_how_scored(to: ToArg, settings: &Settings, out_name: &str) {
    let format = match to {
        ToArg::Csv => "the travellers CSV",
        ToArg::Usebio => "USEBIO",
        ToArg::Pbn | ToArg::Json => return,
    };
    if to == ToArg::Usebio && settings.centred.is_some() {
        tell!(
            "klaver: USEBIO holds matchpoints as scored: {out_name}'s figures are not centred (klaver score --centred prints them centred)"
        );
    }
    let options = scoring_options(settings);
    if !options.is_empty() {
        tell!(
            "klaver: {format} has no place for how the session was scored: score {out_name} with {} to get the same figures",
            options.join(" ")
        );
    }
}

/// The options that score a session as `settings` do, in the command line's words,
/// those at their defaults left out.
fn scoring_options(settings: &Settings) -> Vec<&'static str> {
    let rules = &settings.rules;
    [
        (rules.scale == Scale::Acbl, "--scale acbl"),
        (
            rules.artificial == ArtificialRule::LeftOut,
            "--artificial neuberg",
        ),
        (rules.missing == MissingRule::CountAsTies, "--missing ties"),
        (
            settings.rounding == BoardRounding::RoundTenth,
            "--rounding round",
        ),
        (
            settings.rounding == BoardRounding::TruncateTenth,
            "--rounding truncate",
        ),
        (settings.avg_plus_session, "--avg-plus-session"),
        (settings.centred.is_some(), "--centred"),
        (settings.top_integral, "--top-integral"),
        (settings.separate_fields, "--fields separate"),
    ]
    .into_iter()
    .filter(|(on, _)| *on)
    .map(|(_, words)| words)
    .collect()
}

/// What of the event's title and date the written file does not keep, said: the
/// travellers CSV has no place for either, and a date that cannot be read is unknown
/// in PBN (`????.??.??`) and written as given in USEBIO (which asks for dd/mm/yyyy).
fn say_title_and_date(to: ToArg, imported: &Imported, out_name: &str) {
    let (title, date) = (imported.title.trim(), imported.date.trim());
    let unknown = date
        .chars()
        .all(|c| matches!(c, '?' | '.' | '-' | '/' | ' '));
    match to {
        ToArg::Csv if !title.is_empty() || !unknown => {
            let mut what = Vec::new();
            if !title.is_empty() {
                what.push(format!("title ({title:?})"));
            }
            if !unknown {
                what.push(format!("date ({date:?})"));
            }
            tell!(
                "klaver: the travellers CSV has no place for the event's {}: give them to klaver score with --title and --date",
                what.join(" and ")
            );
        }
        ToArg::Pbn | ToArg::Usebio if !unknown && exchange::date_parts(date).is_none() => {
            tell!(
                "klaver: the date {date:?} cannot be read: {out_name} {}; give it with --date 2025-03-04",
                if to == ToArg::Pbn {
                    "gives the date as unknown (????.??.??)"
                } else {
                    "gives it as written, not as dd/mm/yyyy"
                }
            );
        }
        _ => {}
    }
}
