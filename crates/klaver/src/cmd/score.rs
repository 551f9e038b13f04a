//! `klaver score`: a pairs session from its travellers to the published documents.

use super::{CliError, CmdResult, LangArg};
use clap::ValueEnum;
use klaver_core::matchpoints::{ArtificialRule, Rules, Scale};
use klaver_core::movement::{self, Movement, travellers::check_travellers};
use klaver_core::session::{BoardRounding, SessionResult, Settings, score_session};
use klaver_io::exchange::{self, Convention, Deal, Imported};
use klaver_io::report::{self, ReportLang, ReportOptions};
use klaver_io::travellers::{self, Event, ReadOptions};
use klaver_io::{detect, html, json, pbn, pdf, text};
use std::collections::BTreeMap;
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
    /// One self-contained page: result list, travellers and control sheet.
    Html,
    /// The same as a PDF document (A4).
    Pdf,
}

/// Matchpoint scales.
#[derive(Clone, Copy, ValueEnum)]
pub enum ScaleArg {
    /// 2 per score beaten, 1 per tie (top = 2 × (scores − 1)).
    European,
    /// 1 per score beaten, ½ per tie (top = scores − 1).
    Acbl,
}

/// The matchpoint rules the scale and artificial-score options name.
pub fn rules(scale: ScaleArg, artificial: ArtificialArg) -> Rules {
    Rules {
        scale: match scale {
            ScaleArg::European => Scale::European,
            ScaleArg::Acbl => Scale::Acbl,
        },
        artificial: match artificial {
            ArtificialArg::Ties => ArtificialRule::CountAsTies,
            ArtificialArg::Neuberg => ArtificialRule::LeftOut,
        },
    }
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

/// How the directions of a section are ranked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum FieldsArg {
    /// One list for every pair of a section.
    Together,
    /// North-South and East-West each ranked on their own, with their own club points.
    Separate,
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

/// How a session is scored: the conventions, the form and the movement. A stored
/// session keeps these with it (see [`ScoringArgs::to_words`]).
#[derive(clap::Args)]
pub struct ScoringArgs {
    /// The scoring conventions (a PBN file's [Scoring] tag sets those not given here).
    #[command(flatten)]
    pub(crate) conventions: ConventionArgs,
    /// Score all sections together (top-integral).
    #[arg(long)]
    top_integral: bool,
    /// Rank all pairs of a section in one list, or North-South and East-West in lists
    /// of their own (a Mitchell without an arrow switch has two winners).
    #[arg(long, value_enum, default_value = "together")]
    fields: FieldsArg,
    /// Boards per round, for the round columns and the control sheet.
    #[arg(long)]
    pub(crate) boards_per_round: Option<u32>,
    /// The movement played: a schedule CSV (round,table,ns,ew,boards) or a name such
    /// as mitchell-7, howell-10, howell-14-7-same. Travellers are checked against it and
    /// boards are expected as often as it has them played.
    #[arg(long)]
    pub(crate) movement: Option<String>,
    /// The scoring form and the IMP forms' options.
    #[command(flatten)]
    pub(crate) form: super::imps::FormArgs,
}

/// Only the scoring options, to read back the words a stored session keeps.
#[derive(clap::Parser)]
#[command(no_binary_name = true)]
struct StoredScoring {
    #[command(flatten)]
    scoring: ScoringArgs,
}

impl ScoringArgs {
    /// The options as command-line words (`--scale acbl --top-integral`), leaving out
    /// those at their defaults: what a stored session keeps to be scored the same way.
    pub fn to_words(&self) -> Vec<String> {
        use super::value_name as name;
        let mut w = Vec::new();
        let mut opt = |flag: &str, value: Option<String>| {
            if let Some(v) = value {
                w.push(format!("--{flag}={v}"));
            }
        };
        let c = &self.conventions;
        opt("scale", c.scale.as_ref().map(name));
        opt("artificial", c.artificial.as_ref().map(name));
        opt("rounding", c.rounding.as_ref().map(name));
        opt(
            "fields",
            (self.fields != FieldsArg::Together).then(|| name(&self.fields)),
        );
        opt(
            "boards-per-round",
            self.boards_per_round.map(|n| n.to_string()),
        );
        opt("movement", self.movement.clone());
        for (flag, on) in [
            ("avg-plus-session", c.avg_plus_session),
            ("centred", c.centred),
            ("top-integral", self.top_integral),
        ] {
            if on {
                w.push(format!("--{flag}"));
            }
        }
        w.extend(self.form.to_words());
        w
    }

    /// Reads back the words of [`ScoringArgs::to_words`].
    pub fn from_words(words: &[String]) -> Result<ScoringArgs, CliError> {
        use clap::Parser;
        StoredScoring::try_parse_from(words)
            .map(|s| s.scoring)
            .map_err(|e| {
                CliError::input(format!(
                    "the stored scoring options {words:?} cannot be read: {}",
                    e.render()
                ))
            })
    }
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

/// The scoring conventions, as stated on the command line (`None`: not stated).
#[derive(clap::Args)]
pub struct ConventionArgs {
    /// Matchpoint scale [default: european].
    #[arg(long, value_enum)]
    scale: Option<ScaleArg>,
    /// How artificial scores affect the real scores [default: ties].
    #[arg(long, value_enum)]
    artificial: Option<ArtificialArg>,
    /// Law 12C2: average-plus is the session percentage when higher than 60 %.
    #[arg(long)]
    avg_plus_session: bool,
    /// Round or truncate each board's matchpoints to 0.1 before totalling [default: exact].
    #[arg(long, value_enum)]
    rounding: Option<RoundingArg>,
    /// Print centred matchpoints: scores beaten minus scores lost (ranking unchanged).
    #[arg(long)]
    centred: bool,
}

impl ConventionArgs {
    /// The convention to score by: what the user stated, else what the file states.
    pub(crate) fn resolve(&self, file: &Convention) -> Convention {
        Convention {
            scale: Some(
                self.scale
                    .map(|s| match s {
                        ScaleArg::European => Scale::European,
                        ScaleArg::Acbl => Scale::Acbl,
                    })
                    .or(file.scale)
                    .unwrap_or(Scale::European),
            ),
            artificial: Some(
                self.artificial
                    .map(|a| match a {
                        ArtificialArg::Ties => ArtificialRule::CountAsTies,
                        ArtificialArg::Neuberg => ArtificialRule::LeftOut,
                    })
                    .or(file.artificial)
                    .unwrap_or(ArtificialRule::CountAsTies),
            ),
            rounding: Some(
                self.rounding
                    .map(|r| match r {
                        RoundingArg::Exact => BoardRounding::Exact,
                        RoundingArg::Round => BoardRounding::RoundTenth,
                        RoundingArg::Truncate => BoardRounding::TruncateTenth,
                    })
                    .or(file.rounding)
                    .unwrap_or(BoardRounding::Exact),
            ),
            avg_plus_session: Some(self.avg_plus_session || file.avg_plus_session == Some(true)),
            centred: Some(self.centred || file.centred == Some(true)),
        }
    }
}

/// The points per comparison won when matchpoints are shown centred.
pub(crate) fn centred_weight(c: &Convention) -> Option<i64> {
    (c.centred == Some(true)).then_some(match c.scale {
        Some(Scale::Acbl) => 1,
        _ => 2,
    })
}

/// Reads a results file in whichever format its content is.
pub(crate) fn read_input(
    path: &PathBuf,
    options: ReadOptions,
) -> Result<(detect::Format, Imported), CliError> {
    let data = std::fs::read(path)
        .map_err(|e| CliError::input(format!("cannot open {}: {e}", path.display())))?;
    detect::read(&data, options).map_err(|e| CliError::input(format!("{}: {e}", path.display())))
}

/// Reads the hands of a PBN file (`--deals`).
pub(crate) fn read_deals(path: &PathBuf) -> Result<BTreeMap<u32, Deal>, CliError> {
    let data = std::fs::read(path)
        .map_err(|e| CliError::input(format!("cannot open {}: {e}", path.display())))?;
    let imported =
        pbn::read(&data).map_err(|e| CliError::input(format!("{}: {e}", path.display())))?;
    if imported.deals.is_empty() {
        return Err(CliError::input(format!(
            "{}: no [Deal] with a [Board] number in this file: --deals needs a PBN file with the hands",
            path.display()
        )));
    }
    Ok(imported.deals)
}

/// Loads a movement from a schedule file or by name.
fn load_movement(spec: &str, bpr: Option<u32>) -> Result<Movement, CliError> {
    let path = std::path::Path::new(spec);
    if path.exists() {
        let text = std::fs::read_to_string(path)
            .map_err(|e| CliError::input(format!("cannot read {spec}: {e}")))?;
        let mut m =
            movement::parse_csv(&text).map_err(|e| CliError::input(format!("{spec}: {e}")))?;
        m.name = spec.to_string();
        Ok(m)
    } else {
        movement::named(spec, bpr.unwrap_or(4)).map_err(|e| {
            CliError::input(format!(
                "--movement {spec}: no such file, and not a movement name ({e})"
            ))
        })
    }
}

/// Prints the warnings of reading and scoring; returns how many there were.
pub(crate) fn print_warnings(file_name: &str, event: &Event, result: &SessionResult) -> usize {
    let mut n = 0;
    for d in event.diagnostics.iter().chain(result.warnings.iter()) {
        eprintln!("warning: {file_name}: {d}");
        n += 1;
    }
    n
}

fn open(path: &PathBuf) -> Result<File, CliError> {
    File::open(path).map_err(|e| CliError::input(format!("cannot open {}: {e}", path.display())))
}

/// Runs `klaver score`.
pub fn run(args: Args) -> CmdResult {
    let notation = args.notation.unwrap_or(args.report.lang).language();
    let file_name = args.travellers.display().to_string();
    let (_, mut imported) = read_input(&args.travellers, ReadOptions { lang: notation })?;
    if let Some(p) = &args.pairs {
        let warnings = travellers::read_pairs(open(p)?, &mut imported.event)
            .map_err(|e| CliError::input(format!("{}: {e}", p.display())))?;
        imported.event.diagnostics.extend(warnings);
    }
    score_imported(&args.scoring, &args.report, &file_name, imported)
}

/// Scores a pairs event as `scoring` says (checking it against the movement, when one is
/// given): the result, the convention used and the boards per round.
pub fn score_pairs(
    scoring: &ScoringArgs,
    event: &mut Event,
    file_convention: &Convention,
    file_name: &str,
) -> Result<(SessionResult, Convention, Option<u32>), CliError> {
    let mut expected = Default::default();
    let mut result_rounds = None;
    let mut boards_per_round = scoring.boards_per_round;
    if let Some(spec) = &scoring.movement {
        let m = load_movement(spec, scoring.boards_per_round)?;
        let check = check_travellers(&m, &event.pairs, &event.results);
        event.diagnostics.extend(check.diagnostics);
        if event.has_errors() {
            let mut msg = format!("{file_name} does not fit the movement {}:", m.name);
            for d in event
                .diagnostics
                .iter()
                .filter(|d| d.severity == klaver_core::session::Severity::Error)
            {
                msg.push_str(&format!("\n  {d}"));
            }
            return Err(CliError::input(msg));
        }
        expected = check.expected;
        result_rounds = Some(check.rounds);
        boards_per_round = boards_per_round.or(m.boards_per_round());
    }
    let convention = scoring.conventions.resolve(file_convention);
    let mut settings = Settings {
        rules: Rules::default(),
        rounding: BoardRounding::Exact,
        avg_plus_session: false,
        top_integral: scoring.top_integral,
        separate_fields: scoring.fields == FieldsArg::Separate,
        boards_per_round,
        expected,
        result_rounds,
    };
    convention.apply(&mut settings);
    let result = score_session(&event.pairs, &event.results, &settings)
        .map_err(|e| CliError::input(format!("{file_name} cannot be scored:\n{e}")))?;
    Ok((result, convention, boards_per_round))
}

/// Scores an event read from a file (or the store) and prints what `report` asks for.
pub fn score_imported(
    scoring: &ScoringArgs,
    report: &ReportArgs,
    file_name: &str,
    imported: Imported,
) -> CmdResult {
    let file_name = file_name.to_string();
    let args = report;
    let Imported {
        mut event,
        mut deals,
        totals,
        line_percentages,
        convention: file_convention,
        title: file_title,
        date: file_date,
    } = imported;
    if event.has_errors() {
        let mut msg = format!("{file_name} has errors; nothing was scored:");
        for d in &event.diagnostics {
            msg.push_str(&format!("\n  {d}"));
        }
        return Err(CliError::input(msg));
    }
    if scoring.form.form != super::imps::Form::Pairs {
        let output = match args.format {
            Format::Text => super::imps::FormOutput::Text,
            Format::Json => super::imps::FormOutput::Json,
            Format::Html => super::imps::FormOutput::Html,
            Format::Pdf => super::imps::FormOutput::Pdf,
        };
        let opts = super::imps::FormOptions {
            title: args.title.clone(),
            date: args.date.clone(),
            output,
            file_name,
            strict: args.strict,
        };
        return super::imps::run_form(&scoring.form, &event, &opts, args.output.as_ref());
    }
    let (result, convention, boards_per_round) =
        score_pairs(scoring, &mut event, &file_convention, &file_name)?;
    let centred = centred_weight(&convention);
    let title = if args.title.is_empty() {
        file_title
    } else {
        args.title.clone()
    };
    let date = if args.date.is_empty() {
        file_date
    } else {
        args.date.clone()
    };
    if let Some(p) = &args.deals {
        deals = read_deals(p)?;
    }

    let stdout = std::io::stdout();
    let mut out: Box<dyn Write> = match &args.output {
        Some(p) => Box::new(BufWriter::new(File::create(p).map_err(|e| {
            CliError::input(format!("cannot write {}: {e}", p.display()))
        })?)),
        None => Box::new(BufWriter::new(stdout.lock())),
    };
    let write_err = |e: std::io::Error| CliError::input(format!("cannot write the output: {e}"));
    if args.compare {
        let imported = Imported {
            event: event.clone(),
            totals,
            line_percentages,
            ..Imported::default()
        };
        let cmp = exchange::compare(&imported, &result, centred);
        if cmp.lines_checked == 0 && cmp.pairs_checked == 0 {
            return Err(CliError::input(format!(
                "{file_name} publishes no matchpoints, percentages or ranks: there is nothing to compare"
            )));
        }
        let mut text = format!(
            "{file_name}: compared {} traveller lines and {} pairs with the published figures ({})\n",
            cmp.lines_checked,
            cmp.pairs_checked,
            pbn::scoring_value(&convention)
        );
        for d in &cmp.differences {
            text.push_str(&format!("  {d}\n"));
        }
        if cmp.differences.is_empty() {
            text.push_str("klaver agrees with every published figure\n");
        } else {
            let n = cmp.differences.len();
            text.push_str(&if n == 1 {
                "1 published figure differs from klaver's\n".to_string()
            } else {
                format!("{n} published figures differ from klaver's\n")
            });
        }
        out.write_all(text.as_bytes()).map_err(write_err)?;
        out.flush().map_err(write_err)?;
        print_warnings(&file_name, &event, &result);
        return Ok(ExitCode::from(u8::from(!cmp.differences.is_empty())));
    }
    match args.format {
        Format::Json => {
            json::write(&mut out, &event, &result, &title, &date)
                .map_err(|e| CliError::input(format!("cannot write the output: {e}")))?;
            out.write_all(b"\n").map_err(write_err)?;
        }
        Format::Text | Format::Html | Format::Pdf => {
            let opts = ReportOptions {
                title: title.clone(),
                date: date.clone(),
                lang: match args.lang {
                    LangArg::Nl => ReportLang::Nl,
                    _ => ReportLang::En,
                },
                boards_per_round,
                ranking_only: args.format == Format::Text && !args.control && !args.travellers_list,
                centred,
            };
            let mut rep = report::build(&event, &result, &opts);
            report::set_hands(&mut rep, &deals);
            let body = match args.format {
                Format::Html => html::render(&rep).into_bytes(),
                Format::Pdf => pdf::render(&rep)
                    .map_err(|e| CliError::input(format!("cannot make the PDF: {e}")))?,
                _ => text::render(
                    &rep,
                    text::TextParts {
                        control: args.control,
                        travellers: args.travellers_list,
                    },
                )
                .into_bytes(),
            };
            out.write_all(&body).map_err(write_err)?;
        }
    }
    out.flush().map_err(write_err)?;

    let warnings = print_warnings(&file_name, &event, &result);
    Ok(if args.strict && warnings > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
