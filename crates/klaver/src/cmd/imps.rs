//! `klaver imps` and `klaver vp`, the director's converters, and the IMP forms of
//! `klaver score` (`--form butler|cross-imps|teams`).

use super::output::Output;
use super::score::{cannot_score, print_read_warnings};
use super::{CliError, CmdResult};
use clap::ValueEnum;
use klaver_core::butler::{ButlerSettings, score_butler};
use klaver_core::cross_imps::{CrossImpSettings, CrossImpTotal, score_cross_imps};
use klaver_core::imps::Imps;
use klaver_core::session::Diagnostic;
use klaver_core::teams::{Room, TeamsSettings, score_teams, swiss_pairing};
use klaver_core::vp::VpScale;
use klaver_io::imp_report::{self, ImpReportOptions};
pub use klaver_io::options::{CrossArg, Form, FormArgs, MaxArg, form_name};
use klaver_io::travellers::Event;
use std::path::Path;
use std::process::ExitCode;

/// Arguments of `klaver imps`.
#[derive(clap::Args)]
pub struct ImpsArgs {
    /// The score difference in points, e.g. 230 (or -230 for a loss).
    #[arg(allow_hyphen_values = true)]
    difference: i64,
}

/// Runs `klaver imps`: the IMPs of a score difference on the WBF scale.
pub fn imps(args: ImpsArgs) -> CmdResult {
    say!("{}", klaver_core::imps::imps(args.difference));
    Ok(ExitCode::SUCCESS)
}

/// Output formats of `klaver vp`.
#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum VpFormat {
    /// Both teams' VP, the winner's first.
    Text,
    /// `{"imps":..,"vp":[winner,loser]}`.
    Json,
}

/// Arguments of `klaver vp`.
#[derive(clap::Args)]
pub struct VpArgs {
    /// The IMP margin of the match, e.g. 15 (a decimal such as 15.5 is interpolated).
    #[arg(allow_hyphen_values = true)]
    imps: String,
    /// The number of boards in the match.
    #[arg(long)]
    boards: u32,
    /// The scale: 20 or 10 victory points.
    #[arg(long, value_enum, default_value = "20")]
    max: MaxArg,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    format: VpFormat,
}

fn hundredths(r: Imps) -> String {
    klaver_core::exact::Exact::from(r).to_decimal(2)
}

/// Runs `klaver vp`: both teams' victory points for a margin on the WBF scale.
pub fn vp(args: VpArgs) -> CmdResult {
    let margin = klaver_io::options::parse_margin(&args.imps)?;
    let scale = VpScale::wbf(args.boards, args.max.max()).map_err(CliError::input)?;
    let (a, b) = scale.vp(margin);
    let (winner, loser) = if a >= b { (a, b) } else { (b, a) };
    match args.format {
        VpFormat::Text => say!("{} - {}", hundredths(winner), hundredths(loser)),
        VpFormat::Json => {
            let num = |r: Imps| *r.numer() as f64 / *r.denom() as f64;
            let imps = if margin.is_integer() {
                serde_json::Value::from(margin.to_integer())
            } else {
                serde_json::Value::from(num(margin))
            };
            let doc = serde_json::json!({ "imps": imps, "vp": [num(winner), num(loser)] });
            say!("{doc}");
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The output of an IMP form.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum FormOutput {
    /// Plain text.
    Text,
    /// JSON with exact figures.
    Json,
    /// One self-contained HTML page.
    Html,
    /// A PDF document (A4).
    Pdf,
}

/// What `klaver score` passes on to an IMP form besides its own options.
pub struct FormOptions {
    /// The event's title.
    pub title: String,
    /// The event's date.
    pub date: String,
    /// Text, JSON, HTML or PDF.
    pub output: FormOutput,
    /// The travellers file's name, for messages.
    pub file_name: String,
    /// Exit with code 1 when there are warnings.
    pub strict: bool,
}

/// Runs an IMP form for `klaver score`, writing to `output` or standard output.
pub fn run_form(
    args: &FormArgs,
    event: &Event,
    opts: &FormOptions,
    output: Option<&Path>,
) -> CmdResult {
    super::output::write_output(output, |out| score_form(args, event, opts, out))
}

/// `klaver score --compare` of a butler or cross-IMP session: klaver's IMPs against the
/// ones the file publishes (per line and per pair).
pub fn compare_form(
    args: &FormArgs,
    imported: &klaver_io::exchange::Imported,
    opts: &FormOptions,
) -> Result<klaver_io::exchange::Comparison, CliError> {
    let event = &imported.event;
    let adjusted = args.adjusted()?;
    let failed = |e: klaver_core::session::SessionError| cannot_score(&opts.file_name, event, e);
    let (points, pairs) = match args.form {
        Form::Butler => {
            let settings = ButlerSettings {
                datum: args.datum_rule()?,
                adjusted,
            };
            let r = score_butler(&event.pairs, &event.results, &settings).map_err(failed)?;
            (r.points, r.pairs)
        }
        Form::CrossImps => {
            let settings = CrossImpSettings {
                total: match args.cross_imps {
                    CrossArg::Average => CrossImpTotal::Average,
                    CrossArg::Sum => CrossImpTotal::Sum,
                },
                adjusted,
            };
            let r = score_cross_imps(&event.pairs, &event.results, &settings).map_err(failed)?;
            (r.points, r.pairs)
        }
        Form::Teams | Form::Pairs => {
            return Err(CliError::input(format!(
                "--compare checks a pairs session's matchpoints and a butler or cross-IMP session's IMPs; klaver does not read a file's published {} results",
                form_name(args.form)
            )));
        }
    };
    Ok(klaver_io::exchange::compare_imps(imported, &points, &pairs))
}

/// Scores `event` in the IMP form `args.form` and writes the result list to `out`.
fn score_form(args: &FormArgs, event: &Event, opts: &FormOptions, out: &mut Output) -> CmdResult {
    let adjusted = args.adjusted()?;
    let report = ImpReportOptions {
        title: opts.title.clone(),
        date: opts.date.clone(),
        boards: args.per_board,
    };
    let file_name = &opts.file_name;
    let failed = |e: klaver_core::session::SessionError| cannot_score(file_name, event, e);
    let json_err = |e: serde_json::Error| CliError::input(format!("cannot make the JSON: {e}"));
    let pdf_err =
        |e: klaver_io::pdf::PdfError| CliError::input(format!("cannot make the PDF: {e}"));
    let json = opts.output == FormOutput::Json;
    // HTML and PDF show every board; text only with --per-board.
    let page = |view: imp_report::ImpView| -> Result<Vec<u8>, CliError> {
        match opts.output {
            FormOutput::Pdf => imp_report::pdf(&view).map_err(pdf_err),
            _ => Ok(imp_report::html(&view).into_bytes()),
        }
    };
    let paged = matches!(opts.output, FormOutput::Html | FormOutput::Pdf);
    let mut body = Vec::new();
    let warnings: Vec<Diagnostic> = match args.form {
        Form::Pairs => {
            return Err(CliError::input(
                "the pairs form is scored by klaver score itself",
            ));
        }
        Form::Butler => {
            let settings = ButlerSettings {
                datum: args.datum_rule()?,
                adjusted,
            };
            let r = score_butler(&event.pairs, &event.results, &settings).map_err(failed)?;
            if json {
                imp_report::butler_json(&mut body, event, &r, &report).map_err(json_err)?;
            } else if paged {
                body = page(imp_report::butler_view(event, &r, &report))?;
            } else {
                body = imp_report::butler_text(event, &r, &report).into_bytes();
            }
            r.warnings
        }
        Form::CrossImps => {
            let settings = CrossImpSettings {
                total: match args.cross_imps {
                    CrossArg::Average => CrossImpTotal::Average,
                    CrossArg::Sum => CrossImpTotal::Sum,
                },
                adjusted,
            };
            let r = score_cross_imps(&event.pairs, &event.results, &settings).map_err(failed)?;
            if json {
                imp_report::cross_imps_json(&mut body, event, &r, &report).map_err(json_err)?;
            } else if paged {
                body = page(imp_report::cross_imps_view(event, &r, &report))?;
            } else {
                body = imp_report::cross_imps_text(event, &r, &report).into_bytes();
            }
            r.warnings
        }
        Form::Teams => {
            let mut room_errors = Vec::new();
            let rooms: Vec<Option<Room>> = event
                .lines
                .iter()
                .zip(&event.results)
                .map(|(info, r)| {
                    let room = Room::parse(info.room());
                    if room.is_none() && !info.room().is_empty() {
                        room_errors.push(Diagnostic::error(
                            r.line,
                            Some(r.board),
                            format!("room {:?} is not open or closed", info.room()),
                        ));
                    }
                    room
                })
                .collect();
            if !room_errors.is_empty() {
                return Err(failed(klaver_core::session::SessionError {
                    diagnostics: room_errors,
                }));
            }
            if let Some(n) = args.vp_boards
                && let Err(e) = VpScale::wbf(n, args.vp_max.max())
            {
                print_read_warnings(file_name, event, &[]);
                return Err(CliError::input(format!("--vp-boards {n}: {e}")));
            }
            let settings = TeamsSettings {
                max: args.vp_max.max(),
                vp_boards: args.vp_boards,
                adjusted,
            };
            let r = score_teams(&event.pairs, &event.results, &rooms, &settings).map_err(failed)?;
            let next = args.swiss.then(|| swiss_pairing(&r.standings, &r.matches));
            if json {
                imp_report::teams_json(&mut body, event, &r, next.as_ref(), &report)
                    .map_err(json_err)?;
            } else if paged {
                body = page(imp_report::teams_view(event, &r, next.as_ref(), &report))?;
            } else {
                body = imp_report::teams_text(event, &r, next.as_ref(), &report).into_bytes();
            }
            r.warnings
        }
    };
    if json {
        body.push(b'\n');
    }
    out.put(&body)?;
    let all: Vec<String> = event
        .diagnostics
        .iter()
        .chain(&warnings)
        .map(|d| d.to_string())
        .collect();
    for w in &all {
        eprintln!("warning: {file_name}: {w}");
    }
    Ok(if opts.strict && !all.is_empty() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
