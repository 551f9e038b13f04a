//! `klaver deal`: a night's boards dealt at random (or from a seed), optionally analysed
//! double dummy, written as PBN, as the dealing machines' files, or as a printable hand
//! record; or the boards of an existing file analysed.

use super::output::write_output;
use super::{CliError, CmdResult, LangArg};
use klaver_core::Board;
use klaver_core::session::Diagnostic;
use klaver_deal::{DealRng, analyse_all};
use klaver_io::hand_record::{BoardRecord, HandRecord, ReadHandRecord, read_pbn, to_pbn};
use klaver_io::published_analysis::{self, PublishedAnalysis};
use klaver_io::report::ReportLang;
use klaver_io::{dealing_machine, hand_record_doc};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

/// What `klaver deal` writes.
#[derive(Clone, Copy, clap::ValueEnum, PartialEq, Eq, Debug)]
pub enum DealFormat {
    /// PBN 2.1, with the double-dummy tags when analysed.
    Pbn,
    /// Duplimate dealing machine (.dup).
    Dup,
    /// Dealer4 dealing machine (.dlm).
    Dlm,
    /// A printable hand record as one HTML page.
    Html,
    /// A printable hand record as an A4 PDF.
    Pdf,
}

/// Arguments of `klaver deal`.
#[derive(clap::Args)]
pub struct Args {
    /// Deal this many boards.
    #[arg(long, required_unless_present = "file")]
    boards: Option<u32>,
    /// The number of the first board.
    #[arg(long, default_value_t = 1)]
    first: u32,
    /// Deal from this seed: the same seed gives the same boards (for demonstrations;
    /// without it the deals come from the operating system's entropy).
    #[arg(long)]
    seed: Option<u64>,
    /// Analyse the boards double dummy: tricks for each declarer and strain, and par.
    #[arg(long)]
    analyse: bool,
    /// Instead of dealing, read the boards of this file (PBN, .dup or .dlm): to convert
    /// between the formats, or with --analyse to analyse them.
    #[arg(long, conflicts_with_all = ["boards", "first", "seed"])]
    file: Option<PathBuf>,
    /// The output format (default: from the output file's extension, else PBN).
    #[arg(long, value_enum)]
    format: Option<DealFormat>,
    /// The event's name on the hand record.
    #[arg(long, default_value = "")]
    title: String,
    /// The date on the hand record.
    #[arg(long, default_value = "")]
    date: String,
    /// The language of the printed hand record (HTML, PDF).
    #[arg(long, value_enum, default_value = "en")]
    lang: LangArg,
    /// Write to this file instead of standard output.
    #[arg(long, short)]
    output: Option<PathBuf>,
}

/// Arguments of `klaver analyse`.
#[derive(clap::Args)]
pub struct AnalyseArgs {
    /// The boards: a PBN file (its published DoubleDummyTricks, OptimumResultTable,
    /// OptimumScore, ParContract and OptimumContract are checked against the analysis), a
    /// .dup or a .dlm file.
    file: PathBuf,
    /// The output format (default: from the output file's extension, else PBN).
    #[arg(long, value_enum)]
    format: Option<DealFormat>,
    /// The event's name on the hand record (default: the file's).
    #[arg(long)]
    title: Option<String>,
    /// The language of the printed hand record (HTML, PDF).
    #[arg(long, value_enum, default_value = "en")]
    lang: LangArg,
    /// Write to this file instead of standard output.
    #[arg(long, short)]
    output: Option<PathBuf>,
}

/// Runs `klaver deal`.
pub fn run(args: Args) -> CmdResult {
    let mut read = match &args.file {
        Some(path) => read_boards(path)?,
        None => ReadHandRecord {
            record: deal_boards(&args)?,
            ..ReadHandRecord::default()
        },
    };
    if !args.title.is_empty() {
        read.record.title.clone_from(&args.title);
    }
    if !args.date.is_empty() {
        // A date the PBN cannot carry would print on the hand record and be lost from the
        // file: refused, as a date to store is.
        if !is_date(&args.date) {
            return Err(CliError::input(format!(
                "--date {:?} is not a date: write it as 2025-09-02 (or 02-09-2025)",
                args.date
            )));
        }
        read.record.date.clone_from(&args.date);
    }
    let out = Out {
        format: args.format,
        path: args.output.as_deref(),
        lang: args.lang.report(),
    };
    finish(read, args.analyse, args.file.as_deref(), out)
}

/// Runs `klaver analyse`: the boards of a file analysed, and the file's own figures
/// checked against the analysis.
pub fn analyse_file(args: AnalyseArgs) -> CmdResult {
    let mut read = read_boards(&args.file)?;
    if let Some(t) = args.title {
        read.record.title = t;
    }
    let out = Out {
        format: args.format,
        path: args.output.as_deref(),
        lang: args.lang.report(),
    };
    finish(read, true, Some(&args.file), out)
}

/// Where and how the boards are written.
struct Out<'a> {
    format: Option<DealFormat>,
    path: Option<&'a Path>,
    lang: ReportLang,
}

fn finish(read: ReadHandRecord, analysed: bool, file: Option<&Path>, out: Out) -> CmdResult {
    let format = out.format.unwrap_or_else(|| format_of(out.path));
    let name = file.map(|f| f.display().to_string()).unwrap_or_default();
    say(&name, &read.warnings);
    let mut record = read.record;
    if analysed {
        record = analyse(record)?;
        say(&name, &disagreements(&record, &read.published));
    } else {
        // Not analysed here: the file's own analysis goes on, checked against itself.
        let said = published_analysis::carry(&mut record, &read.published);
        say(&name, &said);
    }
    say_not_kept(&record, format, &name);
    write_output(out.path, |o| {
        let bytes = render(&record, format, out.lang).map_err(|e| o.error(e))?;
        o.put(&bytes)
    })?;
    Ok(ExitCode::SUCCESS)
}

fn say(name: &str, warnings: &[Diagnostic]) {
    for w in warnings {
        tell!("warning: {name}: {w}");
    }
}

/// A warning for each board whose dealer or vulnerability a dealing machine's file has
/// no place for.
fn say_not_kept(record: &HandRecord, format: DealFormat, name: &str) {
    let machine = match format {
        DealFormat::Dup => ".dup",
        DealFormat::Dlm => ".dlm",
        _ => return,
    };
    for w in dealing_machine::not_kept(record, machine) {
        tell!("warning: {name}: {w}");
    }
}

/// Every published figure that differs from the fresh analysis, in line order.
fn disagreements(
    record: &HandRecord,
    published: &BTreeMap<u32, PublishedAnalysis>,
) -> Vec<Diagnostic> {
    let mut out: Vec<Diagnostic> = record
        .boards
        .iter()
        .filter_map(|b| {
            let p = published.get(&b.board.number())?;
            Some(published_analysis::disagreements(b, p))
        })
        .flatten()
        .collect();
    out.sort_by_key(|d| d.line);
    out
}

fn format_of(path: Option<&Path>) -> DealFormat {
    let ext = path
        .and_then(|p| p.extension())
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    match ext.as_deref() {
        Some("dup") => DealFormat::Dup,
        Some("dlm") => DealFormat::Dlm,
        Some("html" | "htm") => DealFormat::Html,
        Some("pdf") => DealFormat::Pdf,
        _ => DealFormat::Pbn,
    }
}

/// The most boards dealt at once: a hand record far beyond any event's (about 10 MB of
/// deals), so that a mistyped count is refused rather than exhausting memory.
const MAX_BOARDS: u32 = 100_000;

fn deal_boards(args: &Args) -> Result<HandRecord, CliError> {
    let count = args.boards.unwrap_or(0);
    if count == 0 || args.first == 0 {
        return Err(CliError::input("--boards and --first must be at least 1"));
    }
    if count > MAX_BOARDS {
        return Err(CliError::input(format!(
            "--boards {count} is more than klaver deals at once ({MAX_BOARDS} boards): deal them in parts, each with its --first"
        )));
    }
    let mut rng = match args.seed {
        Some(seed) => DealRng::from_seed(seed),
        None => DealRng::from_entropy().map_err(CliError::input)?,
    };
    let mut boards = Vec::with_capacity(count as usize);
    for k in 0..count {
        let board = args
            .first
            .checked_add(k)
            .and_then(|n| Board::new(n).ok())
            .ok_or_else(|| CliError::input("--first and --boards go past the last board number"))?;
        boards.push(BoardRecord::new(board, rng.deal()));
    }
    Ok(HandRecord {
        boards,
        ..HandRecord::default()
    })
}

/// The boards of a PBN, `.dup` or `.dlm` file, told apart by the file's extension.
fn read_boards(path: &Path) -> Result<ReadHandRecord, CliError> {
    let data = std::fs::read(path)
        .map_err(|e| CliError::input(format!("cannot open {}: {e}", path.display())))?;
    let named = |e: String| CliError::input(format!("{}: {e}", path.display()));
    let record = match format_of(Some(path)) {
        DealFormat::Dup => dealing_machine::read_dup(&data).map_err(named)?,
        DealFormat::Dlm => {
            return dealing_machine::read_dlm(&String::from_utf8_lossy(&data)).map_err(named);
        }
        _ => {
            return read_pbn(&data)
                .map_err(|e| super::refused(&path.display().to_string(), None, "written", &e));
        }
    };
    Ok(ReadHandRecord {
        record,
        ..ReadHandRecord::default()
    })
}

/// Analyses every board on every core, and says how long it took on standard error.
fn analyse(mut record: HandRecord) -> Result<HandRecord, CliError> {
    let start = Instant::now();
    let deals: Vec<_> = record.boards.iter().map(|b| b.deal).collect();
    let tables = analyse_all(&deals);
    record.boards = record
        .boards
        .into_iter()
        .zip(tables)
        .map(|(b, t)| b.analysed(t))
        .collect::<Result<_, _>>()
        .map_err(CliError::input)?;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    tell!(
        "analysed {} double dummy in {:.2} s on {}",
        plural(deals.len(), "board"),
        start.elapsed().as_secs_f64(),
        plural(cores, "core")
    );
    Ok(record)
}

fn render(record: &HandRecord, format: DealFormat, lang: ReportLang) -> Result<Vec<u8>, String> {
    match format {
        DealFormat::Pbn => Ok(klaver_io::pbn::encode(&to_pbn(record))),
        DealFormat::Dup => dealing_machine::to_dup(record),
        DealFormat::Dlm => dealing_machine::to_dlm(record).map(String::into_bytes),
        DealFormat::Html => Ok(hand_record_doc::html(record, lang).into_bytes()),
        DealFormat::Pdf => hand_record_doc::pdf(record, lang).map_err(|e| e.to_string()),
    }
}

/// Whether `text` is a date of the calendar in a form klaver reads (`2025-09-02`,
/// `02-09-2025`): `2025-13-45` has the form and is no date.
fn is_date(text: &str) -> bool {
    klaver_io::exchange::date_parts(text)
        .is_some_and(|(y, m, d)| klaver_core::ranking::season::valid_date(&format!("{y}-{m}-{d}")))
}
