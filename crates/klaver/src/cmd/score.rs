//! `klaver score`: a pairs session from its travellers to the published documents.

use super::scoring_args::ScoringArgs;
use super::{CliError, CmdResult, LangArg};
use clap::ValueEnum;
use klaver_core::parts::free_behind;
use klaver_core::said::Said;
use klaver_core::session::{
    Diagnostic, SessionError, SessionResult, Settings, Severity, score_session,
    score_session_taking, score_session_unranked,
};
use klaver_io::exchange::{self, Deal, Imported};
use klaver_io::hand_record::{self, BoardRecord};
use klaver_io::options::{Choice, Form, ScoringOptions, centred_weight, pair_settings};
use klaver_io::report::{self, ReportLang, ReportOptions};
use klaver_io::travellers::{self, Event, NamesFile, ReadOptions};
use klaver_io::{detect, html, json, pbn, pdf, published_analysis, text};
use std::collections::BTreeMap;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Output formats of `klaver score`.
#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum Format {
    /// The result list as plain text.
    Text,
    /// Everything, for other programs.
    Json,
    /// One self-contained page: result list, travellers and control sheet.
    Html,
    /// The same as a PDF document (A4).
    Pdf,
}

/// How a Dutch report writes notrump.
#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum NoTrumpArg {
    /// `3SA`.
    Sa,
    /// `3Z`, as the seed's control sheet writes it.
    Z,
}

/// Arguments of `klaver score`.
#[derive(clap::Args)]
pub struct Args {
    /// The results: a travellers CSV, a PBN or USEBIO file, or klaver's JSON (told by
    /// content, not by name).
    #[arg(value_name = "RESULTS")]
    travellers: PathBuf,
    /// A pairs CSV with the players' names (pair,names).
    #[arg(long)]
    pairs: Option<PathBuf>,
    /// Language the contracts are written in, when it differs from --lang.
    #[arg(long, value_enum)]
    notation: Option<LangArg>,
    /// How the session is scored.
    #[command(flatten)]
    pub(crate) scoring: ScoringArgs,
    /// What is printed.
    #[command(flatten)]
    pub(crate) report: ReportArgs,
}

/// What `klaver score` prints and where.
#[derive(clap::Args)]
pub struct ReportArgs {
    /// The event's title.
    #[arg(long, default_value = "")]
    pub(crate) title: String,
    /// The event's date, as it should be printed.
    #[arg(long, default_value = "")]
    pub(crate) date: String,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    pub(crate) format: Format,
    /// Language of the report (and of the contracts, unless --notation says otherwise).
    #[arg(long, value_enum, default_value = "en")]
    pub(crate) lang: LangArg,
    /// How a Dutch report (--lang nl) writes notrump in its contracts: SA, or Z as on
    /// the seed's control sheet (O3Z+2).
    #[arg(long, value_enum, default_value = "sa")]
    pub(crate) notrump: NoTrumpArg,
    /// Write to this file instead of standard output.
    #[arg(long, short)]
    pub(crate) output: Option<PathBuf>,
    /// Print the control sheet after the result list (text).
    #[arg(long)]
    control: bool,
    /// Print every traveller after the result list (text).
    #[arg(long = "travellers")]
    travellers_list: bool,
    /// Exit with code 1 when there are warnings.
    #[arg(long)]
    strict: bool,
    /// Re-score the event and report every board and pair where klaver's figures differ
    /// from the matchpoints, percentages and ranks the file publishes (exit code 1 when
    /// any differ).
    #[arg(long)]
    compare: bool,
    /// A PBN file with the hands: each board's deal is shown on the HTML travellers.
    #[arg(long)]
    deals: Option<PathBuf>,
}

/// Reads a results file in whichever format its content is.
pub(crate) fn read_input(
    path: &std::path::Path,
    options: ReadOptions,
) -> Result<(detect::Format, Imported), CliError> {
    let data = klaver_io::input::read_file(path)
        .map_err(|e| CliError::input(format!("cannot open {}: {e}", path.display())))?;
    detect::read(&data, options).map_err(|e| {
        CliError::input(format!(
            "{} ({}): {e}",
            path.display(),
            e.format().taken_as()
        ))
    })
}

/// A `--deals` file once read: where it is, its bytes (its published figures are read
/// from them when the hands are analysed), the line of each board's deal, and how many
/// warnings reading it printed (which `--strict` counts).
pub(crate) struct DealsFile {
    pub path: PathBuf,
    pub data: Vec<u8>,
    pub lines: BTreeMap<u32, u32>,
    pub warned: usize,
}

impl DealsFile {
    /// Warns of each board whose deal leaves a hand out, naming its line and the hands:
    /// `so` says what becomes of the board. Returns how many warnings were printed.
    pub(crate) fn say_not_all_hands(&self, deals: &BTreeMap<u32, Deal>, so: &str) -> usize {
        let mut n = 0;
        for (board, deal) in deals {
            if let Some(missing) = hand_record::hands_not_given(deal) {
                let line = self.lines.get(board).copied().unwrap_or(0);
                let d = Diagnostic::warning(line, Some(*board), format!("{missing}, so {so}"));
                tell!("warning: {}: {d}", self.path.display());
                n += 1;
            }
        }
        n
    }
}

/// Reads the hands of a PBN file (`--deals`), as `klaver deal --file` reads a hand
/// record: a file with a deal that would be lost or shown wrongly is refused with its
/// lines, and what it says that the travellers do not follow is a warning.
pub(crate) fn read_deals(path: &Path) -> Result<(BTreeMap<u32, Deal>, DealsFile), CliError> {
    let data = std::fs::read(path)
        .map_err(|e| CliError::input(format!("cannot open {}: {e}", path.display())))?;
    let name = path.display().to_string();
    let read = pbn::read_hands(&data)
        .map_err(|e| super::refused(&name, None, "used for its hands", &e))?;
    for w in &read.warnings {
        tell!("warning: {name}: {w}");
    }
    if read.deals.is_empty() {
        return Err(CliError::input(format!(
            "{name}: no [Deal] with a [Board] number in this file: --deals needs a PBN file with the hands"
        )));
    }
    let file = DealsFile {
        path: path.to_path_buf(),
        data,
        lines: read.lines,
        warned: read.warnings.len(),
    };
    Ok((read.deals, file))
}

/// The boards of the `--deals` file analysed double dummy, and how many warnings were
/// printed: each figure the file publishes that differs from the analysis or cannot be
/// read, with its line.
fn analyse_hands(
    file: &DealsFile,
    deals: &BTreeMap<u32, Deal>,
) -> Result<(BTreeMap<u32, BoardRecord>, usize), CliError> {
    let name = file.path.display().to_string();
    let named = |e: String| CliError::input(format!("{name}: {e}"));
    let boards = hand_record::analyse_deals(deals).map_err(named)?;
    let (published, mut said) = hand_record::read_published(&file.data)
        .map_err(|e| super::refused(&name, None, "used for its hands", &e))?;
    for (n, b) in &boards {
        if let Some(p) = published.get(n) {
            said.extend(published_analysis::disagreements(b, p));
        }
    }
    said.sort_by_key(|d| d.line.unwrap_or(0));
    for w in &said {
        tell!("warning: {name}: {w}");
    }
    Ok((boards, said.len()))
}

/// Prints the warnings and notes of reading and scoring; returns how many warnings
/// there were (a note is no warning: `--strict` passes it).
pub(crate) fn print_warnings(file_name: &str, event: &Event, result: &SessionResult) -> usize {
    let mut n = 0;
    for d in event.diagnostics.iter().chain(result.warnings.iter()) {
        tell!("{}: {file_name}: {d}", said_as(d));
        n += usize::from(!d.is_note());
    }
    n
}

/// The word a warning or note of reading or scoring is printed with: `note` for a
/// note, `warning` for any other (an error among them is told as a warning of the
/// file, the command's error being another).
pub(crate) fn said_as(d: &Diagnostic) -> &'static str {
    if d.is_note() { "note" } else { "warning" }
}

/// A session that cannot be scored: the warnings of reading it, and those scoring found
/// before the error, printed as warnings are; the errors are the command's error.
pub(crate) fn cannot_score(file_name: &str, event: &Event, e: SessionError) -> CliError {
    cannot_score_but(file_name, event, e, &[])
}

/// [`cannot_score`], the reading's warnings on the lines `moot` left out (what they say
/// no longer matters once those lines are refused). A sit-out line is said as a note,
/// as a scored night says it: an odd number of pairs is nothing to fix, and no board
/// short of results is said when nothing was scored.
pub(crate) fn cannot_score_but(
    file_name: &str,
    event: &Event,
    e: SessionError,
    moot: &[Option<u32>],
) -> CliError {
    let (warnings, errors): (Vec<_>, Vec<_>) = e
        .diagnostics
        .into_iter()
        .partition(|d| d.severity == Severity::Warning);
    for d in event.diagnostics.iter().filter(|d| !moot.contains(&d.line)) {
        let word = if d.is_sit_out() { "note" } else { "warning" };
        tell!("{word}: {file_name}: {d}");
    }
    for d in &warnings {
        tell!("warning: {file_name}: {d}");
    }
    let mut msg = format!("{file_name} cannot be scored:");
    super::push_listed(&mut msg, &errors, "");
    CliError::input(msg)
}

/// Prints the warnings of reading `event`, and `more`, before the command's error.
pub(crate) fn print_read_warnings(file_name: &str, event: &Event, more: &[Diagnostic]) {
    for d in event.diagnostics.iter().chain(more) {
        tell!("warning: {file_name}: {d}");
    }
}

/// Runs `klaver score`.
pub fn run(args: Args) -> CmdResult {
    let scoring = args.scoring.options();
    scoring
        .refuse_other_forms(&args.scoring.given())
        .map_err(CliError::input)?;
    let notation = args.notation.unwrap_or(args.report.lang).language();
    let file_name = args.travellers.display().to_string();
    let (format, mut imported) = read_input(
        &args.travellers,
        ReadOptions {
            lang: notation,
            ..ReadOptions::default()
        },
    )?;
    args.scoring.play.overrule(&mut imported.convention);
    if imported.event.has_errors() {
        let d = &imported.event.diagnostics;
        return Err(super::refused(&file_name, Some(format), "scored", d));
    }
    let stated = imported.form.as_ref();
    let other_form = args.scoring.form.other_form_than_stated(stated);
    imported.event.diagnostics.extend(other_form);
    let names = NamesFile {
        teams: scoring.form.form == Form::Teams,
        players_twice: Severity::Warning,
    };
    read_names(
        &args.travellers,
        format,
        args.pairs.as_deref(),
        &mut imported,
        names,
    )?;
    score_imported(&scoring, &args.report, &file_name, imported, None)
}

/// Reads the players' names of a pairs CSV (`--pairs`) into the event; without one, a
/// travellers CSV's `IN.pairs.csv` beside it (as `klaver convert` writes it) is named
/// as not read, never passed over in silence. For a teams event (`names.teams`) the
/// file's teams without results (a bye) are kept in the event; a player given twice is
/// told as `names.players_twice` says.
pub(crate) fn read_names(
    input: &std::path::Path,
    format: detect::Format,
    pairs: Option<&std::path::Path>,
    imported: &mut Imported,
    names: travellers::NamesFile,
) -> Result<(), CliError> {
    let Some(p) = pairs else {
        let beside = input.with_extension("pairs.csv");
        if format == detect::Format::Csv && beside.is_file() {
            tell!(
                "warning: {}: {} beside it was not read: give --pairs {} for the players' names",
                input.display(),
                beside.display(),
                beside.display()
            );
        }
        return Ok(());
    };
    let file =
        File::open(p).map_err(|e| CliError::input(format!("cannot open {}: {e}", p.display())))?;
    let warnings = travellers::read_names(file, &mut imported.event, names)
        .map_err(|e| CliError::input(format!("{}: {e}", p.display())))?;
    // Its warnings name its own lines, and so the file.
    let warnings = super::from_file(p, warnings);
    imported.event.diagnostics.extend(warnings);
    Ok(())
}

/// Scores an event read from a file (or the store) and prints what `report` asks for.
/// `kept`: the boards' tricks and par already known (kept with a stored session), shown
/// on the printed travellers without solving again.
pub fn score_imported(
    scoring: &ScoringOptions,
    report: &ReportArgs,
    file_name: &str,
    mut imported: Imported,
    kept: Option<&BTreeMap<u32, klaver_io::hand_record::BoardRecord>>,
) -> CmdResult {
    let args = report;
    if args.notrump == NoTrumpArg::Z && args.lang != LangArg::Nl {
        return Err(CliError::input(
            "--notrump z is the Dutch reports' notation: add --lang nl",
        ));
    }
    if imported.event.has_errors() {
        let d = &imported.event.diagnostics;
        return Err(super::refused(file_name, None, "scored", d));
    }
    if !args.title.is_empty() {
        imported.title.clone_from(&args.title);
    }
    if !args.date.is_empty() {
        imported.date.clone_from(&args.date);
    }
    if scoring.form.form != Form::Pairs {
        pairs_report_refused(scoring.form.form, args)?;
        return score_form(scoring, args, file_name, imported);
    }
    let file_convention = imported.convention;
    let (settings, convention, boards_per_round) =
        pair_settings(scoring, &mut imported.event, &file_convention, file_name)?;
    if args.format == Format::Json && !args.compare {
        return score_to_json(args, file_name, imported, &settings);
    }
    let ranking_only =
        args.format == Format::Text && !args.control && !args.travellers_list && !args.compare;
    let event = &mut imported.event;
    // The result list alone needs none of the lines' texts (the rounds are known now),
    // nor the table results once the pairs' totals are added up: in a large field most
    // of the memory, given back as soon as it is done with.
    let scored = if ranking_only {
        event.lines = Vec::new();
        let results = std::mem::take(&mut event.results);
        score_session_taking(&event.pairs, results, &settings)
    } else {
        score_session(&event.pairs, &event.results, &settings)
    };
    let mut result = scored.map_err(|e| cannot_score(file_name, event, e))?;
    let event = &mut imported.event;
    klaver_io::said::fold_sit_outs(&mut event.diagnostics, &mut result.warnings, &event.pairs);
    if args.compare {
        return compare_published(file_name, &imported, &result, &convention, args);
    }
    if ranking_only {
        // Nor each board's results and their matchpoints, once the session is scored.
        release_board_results(&mut result);
    }
    let deals_file = deals_of(args, &mut imported)?;
    let shown = Shown {
        boards_per_round,
        ranking_only,
        centred: centred_weight(&convention),
    };
    let hands = Hands {
        kept,
        file: deals_file.as_ref(),
    };
    let hands_warned = write_result(args, &imported, &result, &shown, hands)?;
    let warned = deals_file.as_ref().map_or(0, |f| f.warned) + hands_warned;
    Ok(warned_after(args, file_name, (imported, result), warned))
}

/// After the report: the reading's and scoring's warnings printed, the session given
/// back behind, and the exit code, 1 with `--strict` when any warning was printed
/// (`warned` of them already, reading the `--deals` file and analysing its hands).
fn warned_after(
    args: &ReportArgs,
    file_name: &str,
    scored: (Imported, SessionResult),
    warned: usize,
) -> ExitCode {
    let (imported, result) = &scored;
    let warned =
        warned + hands_not_shown(args) + print_warnings(file_name, &imported.event, result);
    free_behind(scored);
    if args.strict && warned > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// The `--deals` file's hands, put with the session's boards, and the file, whose
/// boards without every hand are named in every format, as the file says them, whether
/// or not its hands are drawn.
fn deals_of(args: &ReportArgs, imported: &mut Imported) -> Result<Option<DealsFile>, CliError> {
    let Some(p) = &args.deals else {
        return Ok(None);
    };
    let (deals, mut file) = read_deals(p)?;
    let so = "the board is not analysed: its traveller shows no tricks or par";
    file.warned += file.say_not_all_hands(&deals, so);
    imported.deals = deals;
    Ok(Some(file))
}

/// A pairs session scored to JSON, its pairs ranked once its boards are written: the
/// table results and lines, most of a large field's memory, are given back before the
/// ranking (the same JSON as ranking first).
fn score_to_json(
    args: &ReportArgs,
    file_name: &str,
    mut imported: Imported,
    settings: &Settings,
) -> CmdResult {
    let event = &mut imported.event;
    let mut scored = score_session_unranked(&event.pairs, &event.results, settings)
        .map_err(|e| cannot_score(file_name, event, e))?;
    let warnings = &mut scored.result_mut().warnings;
    klaver_io::said::fold_sit_outs(&mut event.diagnostics, warnings, &event.pairs);
    let deals_file = deals_of(args, &mut imported)?;
    let mut out = super::output::Output::open(args.output.as_deref())?;
    let heading = (imported.title.as_str(), imported.date.as_str());
    let result = json::write_ranking_last(&mut out, &mut imported.event, scored, settings, heading)
        .map_err(|e| out.error(e))?;
    out.put(b"\n")?;
    out.finish()?;
    let warned = deals_file.map_or(0, |f| f.warned);
    Ok(warned_after(args, file_name, (imported, result), warned))
}

/// Warns that the `--deals` hands are left out of a format that has no place for them
/// (the text result list, JSON), rather than let the option pass without effect;
/// returns the number of warnings printed.
fn hands_not_shown(args: &ReportArgs) -> usize {
    let what = match args.format {
        _ if args.deals.is_none() => return 0,
        Format::Text => "the text result list",
        Format::Json => "the JSON",
        Format::Html | Format::Pdf => return 0,
    };
    tell!(
        "warning: --deals: the hands are drawn on the travellers of --format html and pdf only; {what} leaves them out"
    );
    1
}

/// How a scored pairs session's report is laid out.
struct Shown {
    boards_per_round: Option<u32>,
    ranking_only: bool,
    /// The weight of the centred figures, when the convention centres them.
    centred: Option<i64>,
}

/// Where the printed travellers' tricks and par come from: kept with a stored session,
/// or analysed from the `--deals` file.
#[derive(Clone, Copy)]
struct Hands<'a> {
    kept: Option<&'a BTreeMap<u32, BoardRecord>>,
    file: Option<&'a DealsFile>,
}

/// Writes the scored session in the format `args` asks for, to its output; returns how
/// many warnings analysing the `--deals` file's hands printed (`--strict` counts them).
fn write_result(
    args: &ReportArgs,
    imported: &Imported,
    result: &SessionResult,
    shown: &Shown,
    hands: Hands,
) -> Result<usize, CliError> {
    let mut warned = 0;
    let mut out = super::output::Output::open(args.output.as_deref())?;
    let event = &imported.event;
    match args.format {
        Format::Json => {
            json::write(&mut out, event, result, &imported.title, &imported.date)
                .map_err(|e| out.error(e))?;
            out.put(b"\n")?;
        }
        Format::Text | Format::Html | Format::Pdf => {
            let opts = ReportOptions {
                title: imported.title.clone(),
                date: imported.date.clone(),
                lang: report_lang(args.lang),
                boards_per_round: shown.boards_per_round,
                ranking_only: shown.ranking_only,
                centred: shown.centred,
                notrump_z: args.notrump == NoTrumpArg::Z,
            };
            let mut rep = report::build(event, result, &opts);
            report::set_hands(&mut rep, &imported.deals);
            // With the hands given, the printed travellers show each board's tricks and par.
            if matches!(args.format, Format::Html | Format::Pdf) {
                if let Some(file) = hands.file {
                    let (boards, said) = analyse_hands(file, &imported.deals)?;
                    report::set_analyses(&mut rep, &boards);
                    warned += said;
                } else if let Some(boards) = hands.kept {
                    report::set_analyses(&mut rep, boards);
                }
            }
            out.put(&render(&rep, args)?)?;
            free_behind(rep);
        }
    }
    out.finish()?;
    Ok(warned)
}

/// Gives back the memory of the results' matchpoints and each board's list of results,
/// keeping the ranking and each board's number.
fn release_board_results(result: &mut SessionResult) {
    let entries: Vec<Vec<u32>> = result
        .boards
        .iter_mut()
        .map(|b| std::mem::take(&mut b.entries))
        .collect();
    free_behind((std::mem::take(&mut result.points), entries));
}

/// The language a report is written in.
fn report_lang(lang: LangArg) -> ReportLang {
    match lang {
        LangArg::Nl => ReportLang::Nl,
        LangArg::En => ReportLang::En,
        LangArg::Tr => ReportLang::Tr,
    }
}

/// The report in the format asked for.
fn render(rep: &report::Report, args: &ReportArgs) -> Result<Vec<u8>, CliError> {
    Ok(match args.format {
        Format::Html => html::render(rep).into_bytes(),
        Format::Pdf => {
            pdf::render(rep).map_err(|e| CliError::input(format!("cannot make the PDF: {e}")))?
        }
        _ => text::render(
            rep,
            text::TextParts {
                control: args.control,
                travellers: args.travellers_list,
            },
        )
        .into_bytes(),
    })
}

/// Refuses a part of the pairs form's report asked for in an IMP form, naming it.
fn pairs_report_refused(form: Form, args: &ReportArgs) -> Result<(), CliError> {
    let asked = [
        ("--control", args.control),
        ("--travellers", args.travellers_list),
        ("--deals", args.deals.is_some()),
    ];
    match asked.into_iter().find(|(_, on)| *on) {
        Some((option, _)) => Err(CliError::input(klaver_io::options::not_for_form(
            option,
            form,
            &[Form::Pairs],
        ))),
        None => Ok(()),
    }
}

/// An IMP form (butler, cross-IMPs, teams): scored and printed, or with `--compare`
/// checked against the IMPs the file publishes.
fn score_form(
    scoring: &ScoringOptions,
    args: &ReportArgs,
    file_name: &str,
    mut imported: Imported,
) -> CmdResult {
    let output = match args.format {
        Format::Text => super::imps::FormOutput::Text,
        Format::Json => super::imps::FormOutput::Json,
        Format::Html => super::imps::FormOutput::Html,
        Format::Pdf => super::imps::FormOutput::Pdf,
    };
    let opts = super::imps::FormReport {
        title: imported.title.clone(),
        date: imported.date.clone(),
        output,
        file_name: file_name.to_string(),
        strict: args.strict,
        lang: report_lang(args.lang),
    };
    // The file's own word that it was scored in IMPs is what this form does.
    let in_imps = |d: &Diagnostic| matches!(d.said.as_deref(), Some(Said::ScoredInImps));
    imported.event.diagnostics.retain(|d| !in_imps(d));
    if args.compare {
        let cmp = super::imps::compare_form(&scoring.form, &imported, &opts)?;
        let what = format!("IMPs, {}", scoring.form.form.word());
        return print_comparison(file_name, &cmp, &what, args, "IMP figures");
    }
    super::imps::run_form(&scoring.form, imported.event, &opts, args.output.as_deref())
}

/// `--compare` of a pairs session: every figure that differs from the published one.
fn compare_published(
    file_name: &str,
    imported: &Imported,
    result: &SessionResult,
    convention: &exchange::Convention,
    args: &ReportArgs,
) -> CmdResult {
    let cmp = exchange::compare(imported, result, centred_weight(convention));
    let what = pbn::scoring_value(convention);
    let code = print_comparison(
        file_name,
        &cmp,
        &what,
        args,
        "matchpoints, percentages or ranks",
    )?;
    print_warnings(file_name, &imported.event, result);
    Ok(code)
}

/// Prints a cross-check; exit code 1 when a figure differs.
fn print_comparison(
    file_name: &str,
    cmp: &exchange::Comparison,
    convention: &str,
    args: &ReportArgs,
    figures: &str,
) -> CmdResult {
    if cmp.lines_checked == 0 && cmp.pairs_checked == 0 {
        return Err(CliError::input(format!(
            "{file_name} publishes no {figures}: there is nothing to compare"
        )));
    }
    let mut text = format!(
        "{file_name}: compared {} traveller lines and {} pairs with the published figures ({convention})\n",
        cmp.lines_checked, cmp.pairs_checked,
    );
    for d in &cmp.differences {
        text.push_str(&format!("  {d}\n"));
    }
    for n in &cmp.notes {
        text.push_str(&format!("  note: {n}\n"));
    }
    for w in &cmp.warnings {
        text.push_str(&format!("  warning: {w}\n"));
    }
    text.push_str(&match cmp.differences.len() {
        0 if !cmp.warnings.is_empty() => {
            "klaver agrees with every published figure it compared (not those warned of)\n"
                .to_string()
        }
        0 => "klaver agrees with every published figure\n".to_string(),
        1 => "1 published figure differs from klaver's\n".to_string(),
        n => format!("{n} published figures differ from klaver's\n"),
    });
    let mut out = super::output::Output::open(args.output.as_deref())?;
    out.put(text.as_bytes())?;
    out.finish()?;
    Ok(ExitCode::from(u8::from(!cmp.differences.is_empty())))
}
