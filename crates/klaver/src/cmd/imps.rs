//! `klaver imps` and `klaver vp`, the director's converters, and the IMP forms of
//! `klaver score` (`--form butler|cross-imps|teams`).

use super::output::Output;
use super::score::{cannot_score, print_read_warnings, said_as};
use super::{CliError, CmdResult};
use clap::ValueEnum;
use klaver_core::butler::{ButlerSettings, score_butler};
use klaver_core::cross_imps::{CrossImpSettings, score_cross_imps};
use klaver_core::imps::{AdjustedImps, Imps};
use klaver_core::session::Diagnostic;
use klaver_core::teams::{Room, TeamsSettings, score_teams_in_rounds, swiss_pairing};
use klaver_core::vp::{VpMax, VpScale};
use klaver_io::imp_report::{self, ImpReportOptions};
use klaver_io::options::{Choice, Form, FormOptions, penalties_not_applied};
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
    #[arg(long, value_parser = super::scoring_args::words::<VpMax>(), default_value = "20")]
    max: VpMax,
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
    let scale = VpScale::wbf(args.boards, args.max).map_err(CliError::input)?;
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

/// What `klaver score` passes on to an IMP form besides the form's own options: how and
/// for whom its result list is reported.
pub struct FormReport {
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
    /// The language of the result list's headings and words.
    pub lang: klaver_io::report::ReportLang,
}

/// Runs an IMP form for `klaver score`, writing to `output` or standard output. It
/// takes the event, whose warnings scoring changes: a butler or cross-IMP session's
/// sit-out lines are folded into the boards they account for.
pub fn run_form(
    args: &FormOptions,
    event: Event,
    opts: &FormReport,
    output: Option<&Path>,
) -> CmdResult {
    super::output::write_output(output, |out| score_form(args, event, opts, out))
}

/// `klaver score --compare` of a butler or cross-IMP session: klaver's IMPs against the
/// ones the file publishes (per line and per pair).
pub fn compare_form(
    args: &FormOptions,
    imported: &klaver_io::exchange::Imported,
    opts: &FormReport,
) -> Result<klaver_io::exchange::Comparison, CliError> {
    let event = &imported.event;
    let adjusted = args.adjusted()?;
    let failed = |e: klaver_core::session::SessionError| cannot_score(&opts.file_name, event, e);
    penalties_refused(args, event).map_err(failed)?;
    let (points, pairs) = match args.form {
        Form::Butler => {
            let settings = butler_settings(args, adjusted)?;
            let r = score_butler(&event.pairs, &event.results, &settings).map_err(failed)?;
            (r.points, r.pairs)
        }
        Form::CrossImps => {
            let settings = cross_imps_settings(args, adjusted);
            let r = score_cross_imps(&event.pairs, &event.results, &settings).map_err(failed)?;
            (r.points, r.pairs)
        }
        Form::Teams | Form::Pairs => {
            return Err(CliError::input(format!(
                "--compare checks a pairs session's matchpoints and a butler or cross-IMP session's IMPs; klaver does not read a file's published {} results",
                args.form.word()
            )));
        }
    };
    Ok(klaver_io::exchange::compare_imps(imported, &points, &pairs))
}

/// The errors that keep `event` from being scored in the IMP form `args.form`, which
/// `klaver score --form` would refuse: found before a session is stored. An option
/// klaver cannot use (a VP scale it cannot make) is refused. None for the pairs form.
pub fn form_errors(args: &FormOptions, event: &Event) -> Result<Vec<Diagnostic>, CliError> {
    let adjusted = args.adjusted()?;
    if let Err(e) = penalties_refused(args, event) {
        return Ok(e.diagnostics);
    }
    let scored = match args.form {
        Form::Pairs => return Ok(Vec::new()),
        Form::Butler => {
            let settings = butler_settings(args, adjusted)?;
            score_butler(&event.pairs, &event.results, &settings).map(drop)
        }
        Form::CrossImps => {
            let settings = cross_imps_settings(args, adjusted);
            score_cross_imps(&event.pairs, &event.results, &settings).map(drop)
        }
        Form::Teams => {
            let rooms = match rooms(event) {
                Ok(rooms) => rooms,
                Err(errors) => return Ok(errors),
            };
            vp_scale_made(args)?;
            swiss_in_one_field(args, event)?;
            let settings = teams_settings(args, adjusted)?;
            score_teams_in_rounds(
                &event.pairs,
                &event.results,
                &rooms,
                &rounds(event),
                &settings,
            )
            .map(drop)
        }
    };
    Ok(scored.err().map(|e| e.diagnostics).unwrap_or_default())
}

fn butler_settings(args: &FormOptions, adjusted: AdjustedImps) -> Result<ButlerSettings, CliError> {
    Ok(ButlerSettings {
        datum: args.datum_rule()?,
        adjusted,
    })
}

fn cross_imps_settings(args: &FormOptions, adjusted: AdjustedImps) -> CrossImpSettings {
    CrossImpSettings {
        total: args.cross_imps,
        adjusted,
    }
}

fn teams_settings(args: &FormOptions, adjusted: AdjustedImps) -> Result<TeamsSettings, CliError> {
    Ok(TeamsSettings {
        max: args.vp_max,
        vp_boards: args.vp_boards,
        adjusted,
        bye_vp: args.bye_vp().map_err(CliError::input)?,
    })
}

/// Refuses `--vp-boards` with a scale klaver cannot make, naming the option.
fn vp_scale_made(args: &FormOptions) -> Result<(), CliError> {
    match args.vp_boards.map(|n| (n, VpScale::wbf(n, args.vp_max))) {
        Some((n, Err(e))) => Err(CliError::input(format!("--vp-boards {n}: {e}"))),
        _ => Ok(()),
    }
}

/// Refuses `--swiss` for teams in more than one section: a Swiss round pairs the teams
/// of one field, and would pair teams of different sections.
fn swiss_in_one_field(args: &FormOptions, event: &Event) -> Result<(), CliError> {
    let sections: std::collections::BTreeSet<&str> =
        event.pairs.iter().map(|p| p.section.as_str()).collect();
    if !args.swiss || sections.len() < 2 {
        return Ok(());
    }
    let sections: Vec<&str> = sections.into_iter().collect();
    Err(CliError::input(format!(
        "--swiss pairs the teams of one field, but these teams play in sections {}: score each section's travellers in a file of its own for its next Swiss round",
        sections.join(", ")
    )))
}

/// Refuses the director's penalties of `event`, which the IMP forms do not apply.
fn penalties_refused(
    args: &FormOptions,
    event: &Event,
) -> Result<(), klaver_core::session::SessionError> {
    let diagnostics = penalties_not_applied(event, args.form);
    if diagnostics.is_empty() {
        Ok(())
    } else {
        Err(klaver_core::session::SessionError { diagnostics })
    }
}

/// Scores `event` in the IMP form `args.form` and writes the result list to `out`.
fn score_form(
    args: &FormOptions,
    mut event: Event,
    opts: &FormReport,
    out: &mut Output,
) -> CmdResult {
    let adjusted = args.adjusted()?;
    // What the penalty checks said of a penalty the form does not apply is moot.
    penalties_refused(args, &event).map_err(|e| {
        let lines: Vec<Option<u32>> = e.diagnostics.iter().map(|d| d.line).collect();
        super::score::cannot_score_but(&opts.file_name, &event, e, &lines)
    })?;
    let report = ImpReportOptions {
        title: opts.title.clone(),
        date: opts.date.clone(),
        boards: args.per_board,
        lang: opts.lang,
    };
    let (body, warnings) = match args.form {
        Form::Pairs => {
            return Err(CliError::input(
                "the pairs form is scored by klaver score itself",
            ));
        }
        Form::Butler => butler_form(args, &mut event, opts, adjusted, &report)?,
        Form::CrossImps => cross_imps_form(args, &mut event, opts, adjusted, &report)?,
        Form::Teams => teams_form(args, &event, opts, adjusted, &report)?,
    };
    out.put(&body)?;
    Ok(warn(&event, &warnings, opts))
}

/// A form's result list and the warnings of its scoring.
type Scored = (Vec<u8>, Vec<Diagnostic>);

/// Scores a butler session (each board's IMPs against its datum) and lays out its list;
/// the event's sit-out lines are folded into the boards they account for.
fn butler_form(
    args: &FormOptions,
    event: &mut Event,
    opts: &FormReport,
    adjusted: AdjustedImps,
    report: &ImpReportOptions,
) -> Result<Scored, CliError> {
    let settings = butler_settings(args, adjusted)?;
    let mut r = score_butler(&event.pairs, &event.results, &settings)
        .map_err(|e| cannot_score(&opts.file_name, event, e))?;
    r.warnings = with_unread(event, "butler", r.warnings);
    klaver_io::said::fold_sit_outs(&mut event.diagnostics, &mut r.warnings, &event.pairs);
    let event = &*event;
    let body = laid_out(
        opts,
        |body| imp_report::butler_json(body, event, &r, report),
        || imp_report::butler_view(event, &r, report),
        || imp_report::butler_text(event, &r, report),
    )?;
    Ok((body, r.warnings))
}

/// The warnings of scoring `event` in the butler or cross-IMP form `args.form`, for the
/// reading's sit-out lines to be folded into (`klaver score --form` says them so): `None`
/// for another form, or an event the form cannot score (which is refused next).
pub fn form_warnings(args: &FormOptions, event: &Event) -> Option<Vec<Diagnostic>> {
    let adjusted = args.adjusted().ok()?;
    let (pairs, results) = (&event.pairs, &event.results);
    match args.form {
        Form::Butler => {
            let settings = butler_settings(args, adjusted).ok()?;
            Some(score_butler(pairs, results, &settings).ok()?.warnings)
        }
        Form::CrossImps => {
            let settings = cross_imps_settings(args, adjusted);
            Some(score_cross_imps(pairs, results, &settings).ok()?.warnings)
        }
        Form::Teams | Form::Pairs => None,
    }
}

/// Scores a cross-IMP session (each score against every other, averaged or summed) and
/// lays out its list; the event's sit-out lines are folded into the boards they account
/// for.
fn cross_imps_form(
    args: &FormOptions,
    event: &mut Event,
    opts: &FormReport,
    adjusted: AdjustedImps,
    report: &ImpReportOptions,
) -> Result<Scored, CliError> {
    let settings = cross_imps_settings(args, adjusted);
    let mut r = score_cross_imps(&event.pairs, &event.results, &settings)
        .map_err(|e| cannot_score(&opts.file_name, event, e))?;
    r.warnings = with_unread(event, "cross-imps", r.warnings);
    klaver_io::said::fold_sit_outs(&mut event.diagnostics, &mut r.warnings, &event.pairs);
    let event = &*event;
    let body = laid_out(
        opts,
        |body| imp_report::cross_imps_json(body, event, &r, report),
        || imp_report::cross_imps_view(event, &r, report),
        || imp_report::cross_imps_text(event, &r, report),
    )?;
    Ok((body, r.warnings))
}

/// A pairs IMP form's warnings after those of the columns it does not read (a room,
/// published matchpoints).
fn with_unread(event: &Event, form: &str, warnings: Vec<Diagnostic>) -> Vec<Diagnostic> {
    let mut all = klaver_io::travellers::unread_by_imp_pairs(event, form);
    all.extend(warnings);
    all
}

/// Scores a teams event (matches in IMPs and victory points, with the next Swiss round
/// when asked) and lays out its list; a VP scale klaver cannot make is refused.
fn teams_form(
    args: &FormOptions,
    event: &Event,
    opts: &FormReport,
    adjusted: AdjustedImps,
    report: &ImpReportOptions,
) -> Result<Scored, CliError> {
    let file_name = &opts.file_name;
    let failed = |e: klaver_core::session::SessionError| cannot_score(file_name, event, e);
    let rooms = rooms(event)
        .map_err(|diagnostics| failed(klaver_core::session::SessionError { diagnostics }))?;
    if let Err(e) = vp_scale_made(args).and_then(|()| swiss_in_one_field(args, event)) {
        print_read_warnings(file_name, event, &[]);
        return Err(e);
    }
    let settings = teams_settings(args, adjusted)?;
    let r = score_teams_in_rounds(
        &event.pairs,
        &event.results,
        &rooms,
        &rounds(event),
        &settings,
    )
    .map_err(failed)?;
    let next = args.swiss.then(|| swiss_pairing(&r.standings, &r.matches));
    let body = laid_out(
        opts,
        |body| imp_report::teams_json(body, event, &r, next.as_ref(), report),
        || imp_report::teams_view(event, &r, next.as_ref(), report),
        || imp_report::teams_text(event, &r, next.as_ref(), report),
    )?;
    Ok((body, r.warnings))
}

/// Each line's round, when the travellers give one: two teams meet once a round.
fn rounds(event: &Event) -> Vec<Option<u32>> {
    event.lines.iter().map(|l| l.round()).collect()
}

/// Each line's room, open or closed; a room named otherwise, or a substitute (`-`) for a
/// team, is an error on its line.
fn rooms(event: &Event) -> Result<Vec<Option<Room>>, Vec<Diagnostic>> {
    let mut room_errors = Vec::new();
    let rooms: Vec<Option<Room>> = event
        .lines
        .iter()
        .zip(&event.results)
        .map(|(info, r)| {
            let room = Room::parse(info.room());
            if room.is_none() && !info.room().is_empty() {
                room_errors.push(Diagnostic::error(
                    r.line(),
                    Some(r.board),
                    format!("room {:?} is not open or closed", info.room()),
                ));
            }
            // A pairs night's substitute has no team whose match the board is part of.
            if [r.ns_pair(), r.ew_pair()].iter().any(|&p| event.pairs[p].unranked) {
                room_errors.push(Diagnostic::error(
                    r.line(),
                    Some(r.board),
                    "a substitute (-) has no place in a teams match: write the number of the team that played".to_string(),
                ));
            }
            room
        })
        .collect();
    if room_errors.is_empty() {
        Ok(rooms)
    } else {
        Err(room_errors)
    }
}

/// A form's result list in the output asked for: JSON (ending in a newline), an HTML or
/// PDF page, or text.
fn laid_out(
    opts: &FormReport,
    json: impl FnOnce(&mut Vec<u8>) -> serde_json::Result<()>,
    view: impl FnOnce() -> imp_report::ImpView,
    text: impl FnOnce() -> String,
) -> Result<Vec<u8>, CliError> {
    // HTML and PDF show every board; text only with --per-board.
    match opts.output {
        FormOutput::Json => {
            let mut body = Vec::new();
            json(&mut body).map_err(|e| CliError::input(format!("cannot make the JSON: {e}")))?;
            body.push(b'\n');
            Ok(body)
        }
        FormOutput::Pdf => imp_report::pdf(&view())
            .map_err(|e| CliError::input(format!("cannot make the PDF: {e}"))),
        FormOutput::Html => Ok(imp_report::html(&view()).into_bytes()),
        FormOutput::Text => Ok(text().into_bytes()),
    }
}

/// Prints the file's and the scoring's warnings and notes after the list, as the pairs
/// form prints them; with `--strict` any warning makes the exit code 1 (a note, such as
/// a board a pair sat out, is no warning).
fn warn(event: &Event, warnings: &[Diagnostic], opts: &FormReport) -> ExitCode {
    let mut warned = false;
    for d in event.diagnostics.iter().chain(warnings) {
        tell!("{}: {}: {d}", said_as(d), opts.file_name);
        warned |= !d.is_note();
    }
    if opts.strict && warned {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
