//! `klaver contract`: the score of one contract with its breakdown.
//!
//! ```text
//! klaver contract 4SX-2 --declarer N --vul ns
//! klaver contract N4S!-6 --notation nl --board 3
//! klaver contract 4 Pik kontur 2 batar --declarer K --notation tr --vul hepsi
//! klaver contract 3NT= --declarer S --board 1 --format json
//! ```
//!
//! The contract and its result are written in the notation of `--notation`, with the
//! declarer inside (`N4SX-2`, `4SX N -2`) or given with `--declarer`. The vulnerability
//! comes from `--vul` or from the board number; without either nobody is vulnerable.

use super::{CliError, CmdResult, LangArg};
use klaver_core::contract::{Play, ScoreBreakdown};
use klaver_core::notation::{self, Entry, Language, Mode};
use klaver_core::{Board, Doubling, Side, Vulnerability};
use serde_json::json;
use std::fmt::Write as _;
use std::process::ExitCode;

/// How the score is shown.
#[derive(Clone, Copy, clap::ValueEnum, PartialEq, Eq)]
pub enum FormatArg {
    /// The score and its parts, as a person reads them.
    Text,
    /// One JSON object for other programs.
    Json,
}

/// Arguments of `klaver contract`.
#[derive(clap::Args)]
#[command(allow_negative_numbers = true)]
pub struct Args {
    /// The contract with its result, e.g. 4SX-2, 3NT=, N4S!-6 (Dutch), 4 Pik kontur 2 batar
    /// (Turkish); PASS for a passed-out board.
    #[arg(required = true, num_args = 1.., value_name = "CONTRACT")]
    contract: Vec<String>,
    /// The declarer (N E S W; Dutch N O Z W; Turkish K D G B), unless the contract names one.
    #[arg(long, short)]
    declarer: Option<String>,
    /// Who is vulnerable: none, ns, ew, both (Dutch geen, NZ, OW, AL; Turkish yok, KG, DB,
    /// hepsi). Default: nobody.
    #[arg(long, conflicts_with = "board", allow_hyphen_values = true)]
    vul: Option<String>,
    /// The board number: its vulnerability is used.
    #[arg(long, short)]
    board: Option<u32>,
    /// The notation of the contract, result and declarer (as `--notation` of `klaver
    /// score`).
    #[arg(long, value_enum, default_value = "en")]
    notation: LangArg,
    /// How the score is shown.
    #[arg(long, value_enum, default_value = "text")]
    format: FormatArg,
    /// Also read the legacy forms of old score sheets (`N2H-` for made exactly) and say
    /// what was assumed.
    #[arg(long)]
    lenient: bool,
}

/// Runs `klaver contract`.
pub fn run(args: Args) -> CmdResult {
    let lang = args.notation.language();
    let text = args.contract.join(" ");
    let declarer = args
        .declarer
        .as_deref()
        .map(|d| notation::parse_seat(d, lang))
        .transpose()
        .map_err(CliError::input)?;
    let board = args
        .board
        .map(Board::new)
        .transpose()
        .map_err(CliError::input)?;
    let vul = match (&args.vul, board) {
        (Some(v), _) => notation::parse_vulnerability(v).map_err(CliError::input)?,
        (None, Some(b)) => b.vulnerability(),
        (None, None) => Vulnerability::None,
    };
    let mode = if args.lenient {
        Mode::Lenient
    } else {
        Mode::Strict
    };
    let (entry, assumptions) = notation::parse_entry_with_declarer(&text, declarer, lang, mode)
        .map_err(|e| {
            if declarer.is_none() && e.expected.contains("before or after the contract") {
                CliError::input(format!(
                    "{e}; or give the declarer with --declarer {}",
                    notation::seat_letter(klaver_core::Seat::North, lang)
                ))
            } else {
                CliError::input(e)
            }
        })?;
    if entry == Entry::Passed && declarer.is_some() {
        return Err(CliError::input(
            "a passed-out board has no declarer: leave out --declarer, or give the contract that was played",
        ));
    }
    let notes: Vec<String> = assumptions.iter().map(ToString::to_string).collect();
    let out = match args.format {
        FormatArg::Text => {
            for note in &notes {
                tell!("klaver: note: {note}");
            }
            text_report(&entry, vul, board, lang)
        }
        FormatArg::Json => json_report(&entry, vul, board, &notes),
    };
    say_part!("{out}");
    Ok(ExitCode::SUCCESS)
}

fn vul_words(v: Vulnerability) -> &'static str {
    match v {
        Vulnerability::None => "nobody vulnerable",
        Vulnerability::NorthSouth => "North-South vulnerable",
        Vulnerability::EastWest => "East-West vulnerable",
        Vulnerability::Both => "both sides vulnerable",
    }
}

fn vul_code(v: Vulnerability) -> &'static str {
    match v {
        Vulnerability::None => "none",
        Vulnerability::NorthSouth => "ns",
        Vulnerability::EastWest => "ew",
        Vulnerability::Both => "both",
    }
}

fn side_words(s: Side) -> &'static str {
    match s {
        Side::NorthSouth => "North-South",
        Side::EastWest => "East-West",
    }
}

/// The contract and result in English notation without the declarer: `4SX-2`, `3NT=`.
fn english_play(p: &Play) -> String {
    let c = p.contract();
    format!(
        "{}{}",
        notation::format_contract(c, Language::English),
        notation::format_result(p.tricks(), c, Language::English)
    )
}

fn text_report(entry: &Entry, vul: Vulnerability, board: Option<Board>, lang: Language) -> String {
    let mut out = String::new();
    let place = match board {
        Some(b) => format!("board {b}, {}", vul_words(vul)),
        None => vul_words(vul).to_string(),
    };
    let Entry::Played(p) = entry else {
        let _ = writeln!(out, "Passed out, {place}: 0 for both sides");
        return out;
    };
    let side = p.declarer().side();
    let vulnerable = vul.is_vulnerable(side);
    let b = p.breakdown(vul);
    let total = b.total();
    let written = if lang == Language::English {
        String::new()
    } else {
        format!(" ({} {})", lang.name(), notation::format_entry(entry, lang))
    };
    let _ = write!(
        out,
        "{} by {}{written}, {place}: {total:+} for {}",
        english_play(p),
        notation::seat_name(p.declarer(), Language::English),
        side_words(side),
    );
    if side == Side::EastWest {
        let _ = write!(out, " ({:+} for North-South)", -total);
    }
    out.push('\n');
    for (label, value, note) in parts(p, &b, vulnerable) {
        let _ = write!(out, "  {label:<18}{value:>7}");
        if !note.is_empty() {
            let _ = write!(out, "  {note}");
        }
        out.push('\n');
    }
    let _ = writeln!(out, "  {:<18}{total:>7}", "total");
    out
}

/// The non-zero parts of the score, signed from declarer's side, with a short reason.
fn parts(p: &Play, b: &ScoreBreakdown, vulnerable: bool) -> Vec<(&'static str, i32, String)> {
    let c = p.contract();
    let vul = if vulnerable {
        "vulnerable"
    } else {
        "not vulnerable"
    };
    let dbl = match c.doubling() {
        Doubling::Undoubled => "",
        Doubling::Doubled => "doubled, ",
        Doubling::Redoubled => "redoubled, ",
    };
    let over = p.result().max(0);
    let down = -p.result().min(0);
    let trick = match c.doubling() {
        Doubling::Undoubled => String::new(),
        Doubling::Doubled => format!("{} x 2", c.strain().trick_value(c.level())),
        Doubling::Redoubled => format!("{} x 4", c.strain().trick_value(c.level())),
    };
    let all = [
        ("trick score", b.trick_score, trick),
        (
            "overtricks",
            b.overtricks,
            format!("{over} over, {dbl}{vul}"),
        ),
        ("game bonus", b.game_bonus, vul.to_string()),
        ("part-score bonus", b.partscore_bonus, String::new()),
        (
            "slam bonus",
            b.slam_bonus,
            format!(
                "{}, {vul}",
                if c.level() == 7 {
                    "grand slam"
                } else {
                    "small slam"
                }
            ),
        ),
        (
            "doubled bonus",
            b.insult,
            format!("for making a {} contract", dbl.trim_end_matches(", ")),
        ),
        (
            "undertricks",
            -b.undertricks,
            format!("{down} down, {dbl}{vul}"),
        ),
    ];
    all.into_iter().filter(|(_, v, _)| *v != 0).collect()
}

fn json_report(
    entry: &Entry,
    vul: Vulnerability,
    board: Option<Board>,
    notes: &[String],
) -> String {
    let value = match entry {
        Entry::Passed => json!({
            "contract": "PASS",
            "declarer": null,
            "tricks": null,
            "result": null,
            "vulnerable": null,
            "vulnerability": vul_code(vul),
            "board": board.map(Board::number),
            "score_declarer": 0,
            "score_ns": 0,
            "breakdown": ScoreBreakdown::default(),
            "assumptions": notes,
        }),
        Entry::Played(p) => {
            let b = p.breakdown(vul);
            json!({
                "contract": notation::format_contract(p.contract(), Language::English),
                "declarer": notation::seat_letter(p.declarer(), Language::English),
                "tricks": p.tricks(),
                "result": p.result(),
                "vulnerable": vul.is_vulnerable(p.declarer().side()),
                "vulnerability": vul_code(vul),
                "board": board.map(Board::number),
                "score_declarer": b.total(),
                "score_ns": p.score_ns(vul),
                "breakdown": b,
                "assumptions": notes,
            })
        }
    };
    let mut s = serde_json::to_string_pretty(&value).unwrap_or_default();
    s.push('\n');
    s
}
