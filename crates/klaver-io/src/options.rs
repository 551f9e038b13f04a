//! How a session is scored, as the command line and a stored session say it: the
//! scoring conventions, the form (pairs or an IMP form with its options) and the
//! movement, as clap arguments that `klaver score`, `klaver session` and the web app
//! share; and the pairs scoring those options ask for.
//!
//! A stored session keeps its options as command-line words ([`ScoringArgs::to_words`])
//! and is scored again from them ([`ScoringArgs::from_words`]), so a session scores the
//! same way from a file, from the database and on the web.

use crate::exchange::Convention;
use crate::travellers::Event;
use clap::ValueEnum;
use klaver_core::butler::DatumRule;
use klaver_core::imps::{AdjustedImps, Imps};
use klaver_core::matchpoints::{ArtificialRule, MissingRule, Rules, Scale};
use klaver_core::movement::travellers::{check_travellers, rounds_from_travellers};
use klaver_core::movement::{self, Movement};
use klaver_core::session::{BoardRounding, Diagnostic, SessionResult, Settings, score_session};
use klaver_core::vp::VpMax;
use num_rational::Ratio;

/// The name the command line gives a value (`cross-imps`, `acbl`).
pub fn value_name<T: clap::ValueEnum>(v: &T) -> String {
    v.to_possible_value()
        .map(|p| p.get_name().to_string())
        .unwrap_or_default()
}

/// Matchpoint scales.
#[derive(Clone, Copy, ValueEnum)]
pub enum ScaleArg {
    /// 2 per score beaten, 1 per tie (top = 2 × (scores − 1)).
    European,
    /// 1 per score beaten, ½ per tie (top = scores − 1).
    Acbl,
}

/// The matchpoint rules the scale, artificial-score and missing-result options name.
pub fn rules(scale: ScaleArg, artificial: ArtificialArg, missing: MissingArg) -> Rules {
    Rules {
        scale: match scale {
            ScaleArg::European => Scale::European,
            ScaleArg::Acbl => Scale::Acbl,
        },
        artificial: match artificial {
            ArtificialArg::Ties => ArtificialRule::CountAsTies,
            ArtificialArg::Neuberg => ArtificialRule::LeftOut,
        },
        missing: missing.rule(),
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

/// Treatment of a board played fewer times than expected.
#[derive(Clone, Copy, ValueEnum)]
pub enum MissingArg {
    /// The results played are Neuberg-scaled to the full top (WBF, EBU).
    Neuberg,
    /// Each missing result is a tie for every pair that played the board, with no
    /// rescaling (as ScoreBridge publishes): a top of three results of four is 5 of 6.
    Ties,
}

impl MissingArg {
    /// The rule this option names.
    pub fn rule(self) -> MissingRule {
        match self {
            MissingArg::Neuberg => MissingRule::Neuberg,
            MissingArg::Ties => MissingRule::CountAsTies,
        }
    }
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
pub enum FieldsArg {
    /// One list for every pair of a section.
    Together,
    /// North-South and East-West each ranked on their own, with their own club points.
    Separate,
}

/// How a session is scored: the conventions, the form and the movement. A stored
/// session keeps these with it (see [`ScoringArgs::to_words`]).
#[derive(clap::Args)]
pub struct ScoringArgs {
    /// The scoring conventions (a PBN file's [Scoring] tag sets those not given here).
    #[command(flatten)]
    pub conventions: ConventionArgs,
    /// Score all sections together (top-integral).
    #[arg(long)]
    pub top_integral: bool,
    /// Rank all pairs of a section in one list, or North-South and East-West in lists
    /// of their own (a Mitchell without an arrow switch has two winners).
    #[arg(long, value_enum, default_value = "together")]
    pub fields: FieldsArg,
    /// Boards per round, for the round columns and the control sheet.
    #[arg(long)]
    pub boards_per_round: Option<u32>,
    /// The movement played: a schedule CSV (round,table,ns,ew,boards) or a name such
    /// as mitchell-7, howell-10, howell-14-7-same. Travellers are checked against it and
    /// boards are expected as often as it has them played.
    #[arg(long)]
    pub movement: Option<String>,
    /// The scoring form and the IMP forms' options.
    #[command(flatten)]
    pub form: FormArgs,
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
        use value_name as name;
        let mut w = Vec::new();
        let mut opt = |flag: &str, value: Option<String>| {
            if let Some(v) = value {
                w.push(format!("--{flag}={v}"));
            }
        };
        let c = &self.conventions;
        opt("scale", c.scale.as_ref().map(name));
        opt("artificial", c.artificial.as_ref().map(name));
        opt("missing", c.missing.as_ref().map(name));
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

    /// Refuses an option the user set that the form does not use (`--top-integral` with
    /// `--form butler`, `--swiss` with the pairs form), naming the first. Only options
    /// away from their defaults are seen; a stored session's words are not checked, as
    /// they may hold conventions taken from its file.
    pub fn refuse_other_forms(&self) -> Result<(), String> {
        let form = self.form.form;
        match self
            .options_set()
            .into_iter()
            .find(|(_, of)| !of.contains(&form))
        {
            None => Ok(()),
            Some((option, of)) => Err(not_for_form(option, form, of)),
        }
    }

    /// The options set away from their defaults, each with the forms that use it.
    fn options_set(&self) -> Vec<(&'static str, &'static [Form])> {
        const PAIRS: &[Form] = &[Form::Pairs];
        let c = &self.conventions;
        let f = &self.form;
        [
            ("--scale", c.scale.is_some(), PAIRS),
            ("--artificial", c.artificial.is_some(), PAIRS),
            ("--missing", c.missing.is_some(), PAIRS),
            ("--avg-plus-session", c.avg_plus_session, PAIRS),
            ("--rounding", c.rounding.is_some(), PAIRS),
            ("--centred", c.centred, PAIRS),
            ("--top-integral", self.top_integral, PAIRS),
            ("--fields", self.fields != FieldsArg::Together, PAIRS),
            ("--boards-per-round", self.boards_per_round.is_some(), PAIRS),
            ("--movement", self.movement.is_some(), PAIRS),
        ]
        .into_iter()
        .chain(f.options_set())
        .filter(|(_, set, _)| *set)
        .map(|(option, _, of)| (option, of))
        .collect()
    }

    /// Reads back the words of [`ScoringArgs::to_words`].
    pub fn from_words(words: &[String]) -> Result<ScoringArgs, String> {
        use clap::Parser;
        StoredScoring::try_parse_from(words)
            .map(|s| s.scoring)
            .map_err(|e| {
                format!(
                    "the stored scoring options {words:?} cannot be read: {}",
                    e.render()
                )
            })
    }
}

/// The scoring conventions, as stated on the command line (`None`: not stated).
#[derive(clap::Args)]
pub struct ConventionArgs {
    /// Matchpoint scale [default: european].
    #[arg(long, value_enum)]
    pub scale: Option<ScaleArg>,
    /// How artificial scores affect the real scores [default: ties].
    #[arg(long, value_enum)]
    pub artificial: Option<ArtificialArg>,
    /// A board played fewer times than expected: Neuberg-scale its results to the full
    /// top, or count each missing result as a tie for every pair that played it
    /// [default: neuberg].
    #[arg(long, value_enum)]
    pub missing: Option<MissingArg>,
    /// Law 12C2: average-plus is the session percentage when higher than 60 %.
    #[arg(long)]
    pub avg_plus_session: bool,
    /// Round or truncate each board's matchpoints to 0.1 before totalling [default: exact].
    #[arg(long, value_enum)]
    pub rounding: Option<RoundingArg>,
    /// Print centred matchpoints: scores beaten minus scores lost (ranking unchanged).
    #[arg(long)]
    pub centred: bool,
}

impl ConventionArgs {
    /// Takes every convention the user did not state from what the file states (a PBN
    /// file's [Scoring] tag), so that a stored session keeps them in its words and is
    /// scored by them without the file. [`ConventionArgs::resolve`] gives the same
    /// convention before and after.
    pub fn adopt(&mut self, file: &Convention) {
        self.scale = self.scale.or(file.scale.map(|s| match s {
            Scale::European => ScaleArg::European,
            Scale::Acbl => ScaleArg::Acbl,
        }));
        self.artificial = self.artificial.or(file.artificial.map(|a| match a {
            ArtificialRule::CountAsTies => ArtificialArg::Ties,
            ArtificialRule::LeftOut => ArtificialArg::Neuberg,
        }));
        self.missing = self.missing.or(file.missing.map(|m| match m {
            MissingRule::Neuberg => MissingArg::Neuberg,
            MissingRule::CountAsTies => MissingArg::Ties,
        }));
        self.rounding = self.rounding.or(file.rounding.map(|r| match r {
            BoardRounding::Exact => RoundingArg::Exact,
            BoardRounding::RoundTenth => RoundingArg::Round,
            BoardRounding::TruncateTenth => RoundingArg::Truncate,
        }));
        self.avg_plus_session |= file.avg_plus_session == Some(true);
        self.centred |= file.centred == Some(true);
    }

    /// The convention to score by: what the user stated, else what the file states.
    pub fn resolve(&self, file: &Convention) -> Convention {
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
            missing: Some(
                self.missing
                    .map(MissingArg::rule)
                    .or(file.missing)
                    .unwrap_or(MissingRule::Neuberg),
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
pub fn centred_weight(c: &Convention) -> Option<i64> {
    (c.centred == Some(true)).then_some(match c.scale {
        Some(Scale::Acbl) => 1,
        _ => 2,
    })
}

/// Loads a movement from a schedule file or by name.
fn load_movement(spec: &str, bpr: Option<u32>) -> Result<Movement, String> {
    let path = std::path::Path::new(spec);
    if path.exists() {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {spec}: {e}"))?;
        let mut m = movement::parse_csv(&text).map_err(|e| format!("{spec}: {e}"))?;
        m.name = spec.to_string();
        Ok(m)
    } else {
        movement::named(spec, bpr.unwrap_or(4))
            .map_err(|e| format!("--movement {spec}: no such file, and not a movement name ({e})"))
    }
}

/// Scores a pairs event as `scoring` says (checking it against the movement, when one is
/// given): the result, the convention used and the boards per round.
pub fn score_pairs(
    scoring: &ScoringArgs,
    event: &mut Event,
    file_convention: &Convention,
    file_name: &str,
) -> Result<(SessionResult, Convention, Option<u32>), String> {
    let (settings, convention, boards_per_round) =
        pair_settings(scoring, event, file_convention, file_name)?;
    let result = score_session(&event.pairs, &event.results, &settings)
        .map_err(|e| format!("{file_name} cannot be scored:\n{e}"))?;
    Ok((result, convention, boards_per_round))
}

/// How a pairs event is scored as `scoring` says, after checking it against the
/// movement when one is given: the settings, the convention used and the boards per
/// round. The event's lines are not needed after this.
pub fn pair_settings(
    scoring: &ScoringArgs,
    event: &mut Event,
    file_convention: &Convention,
    file_name: &str,
) -> Result<(Settings, Convention, Option<u32>), String> {
    let mut expected = Default::default();
    let mut result_rounds = None;
    let mut card_pairs = None;
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
            return Err(msg);
        }
        expected = check.expected;
        result_rounds = Some(check.rounds);
        card_pairs = Some(m.pairs().len());
        boards_per_round = boards_per_round.or(m.boards_per_round());
    } else {
        // Without a movement, the travellers' round column makes the rounds known
        // (looked at only when every line has a round).
        let every_round = event.lines.iter().all(|l| l.round().is_some());
        let rounds: Vec<Option<u32>> = if every_round {
            event.lines.iter().map(|l| l.round()).collect()
        } else {
            Vec::new()
        };
        if let Some(known) = rounds_from_travellers(&event.results, &rounds) {
            result_rounds = Some(known.rounds);
            boards_per_round = boards_per_round.or(known.boards_per_round);
        }
    }
    let convention = scoring.conventions.resolve(file_convention);
    let mut settings = Settings {
        rules: Rules::default(),
        rounding: BoardRounding::Exact,
        centred: None,
        avg_plus_session: false,
        top_integral: scoring.top_integral,
        separate_fields: scoring.fields == FieldsArg::Separate,
        boards_per_round,
        expected,
        result_rounds,
        card_pairs,
        penalties: penalties_in_matchpoints(event, &convention),
    };
    convention.apply(&mut settings);
    Ok((settings, convention, boards_per_round))
}

/// The director's penalties as matchpoints: written in the units the session's
/// matchpoints are shown in, centred ones (scores beaten minus lost) are converted.
pub fn penalties_in_matchpoints(
    event: &Event,
    convention: &Convention,
) -> Vec<(usize, Ratio<i64>)> {
    let per_win = centred_weight(convention);
    event
        .penalties
        .iter()
        .flat_map(|p| p.per_pair())
        .map(|(pair, points)| match per_win {
            Some(w) => (pair, points * w / 2),
            None => (pair, points),
        })
        .collect()
}

/// The director's penalties of `event`, each an error on its line, when `form` is an IMP
/// form: the IMP forms do not apply a penalty, and one is never left out unsaid.
pub fn penalties_not_applied(event: &Event, form: Form) -> Vec<Diagnostic> {
    if form == Form::Pairs {
        return Vec::new();
    }
    event
        .penalties
        .iter()
        .map(|p| {
            Diagnostic::error(
                p.line,
                Some(p.board),
                format!(
                    "the director's penalty PEN {}/{} is not applied in the {} form: remove its line and announce the penalty with the result list{}",
                    crate::exchange::points_text(p.points.0),
                    crate::exchange::points_text(p.points.1),
                    form_name(form),
                    if form == Form::Teams {
                        ""
                    } else {
                        ", or score the session as pairs (--form pairs), which applies it"
                    }
                ),
            )
        })
        .collect()
}

/// The maximum of a victory-point scale on the command line.
#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum MaxArg {
    /// The 20-VP scale (10-10 for a draw).
    #[value(name = "20")]
    Twenty,
    /// The 10-VP scale (5-5 for a draw).
    #[value(name = "10")]
    Ten,
}

impl MaxArg {
    /// The scale's maximum.
    pub fn max(self) -> VpMax {
        match self {
            MaxArg::Twenty => VpMax::Twenty,
            MaxArg::Ten => VpMax::Ten,
        }
    }
}

/// The scoring forms of `klaver score`.
#[derive(Clone, Copy, ValueEnum, PartialEq, Eq, Debug)]
pub enum Form {
    /// Matchpoints (the pairs result list).
    Pairs,
    /// Pairs in IMPs against a datum per board; pairs ranked by IMPs per board (G-IMP).
    Butler,
    /// Pairs in IMPs against every other result, averaged (or summed).
    CrossImps,
    /// Teams of four: matches in an open and a closed room, IMPs, victory points.
    Teams,
}

/// The form's name as the command line writes it (`cross-imps`).
pub fn form_name(form: Form) -> &'static str {
    match form {
        Form::Pairs => "pairs",
        Form::Butler => "butler",
        Form::CrossImps => "cross-imps",
        Form::Teams => "teams",
    }
}

/// Cross-IMP totals.
#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum CrossArg {
    /// The mean over the comparisons.
    Average,
    /// The sum over the comparisons.
    Sum,
}

/// The options of `klaver score` for the IMP forms.
#[derive(clap::Args)]
pub struct FormArgs {
    /// Scoring form.
    #[arg(long, value_enum, default_value = "pairs")]
    pub form: Form,
    /// Butler: scores dropped at each end of the datum, as steps FROM:COUNT (with at
    /// least FROM scores on a board, COUNT highest and lowest are dropped).
    #[arg(long, value_delimiter = ',', default_value = "5:1,10:2")]
    pub datum_drop: Vec<String>,
    /// Butler: round the datum to a multiple of this many points (0 keeps the exact mean).
    #[arg(long, default_value_t = 10)]
    pub datum_round: i64,
    /// Cross-IMPs: average the IMPs over the comparisons, or add them up.
    #[arg(long, value_enum, default_value = "average")]
    pub cross_imps: CrossArg,
    /// IMPs for average-plus, average and average-minus, e.g. 3,0,-3.
    #[arg(long, default_value = "3,0,-3", allow_hyphen_values = true)]
    pub adjusted_imps: String,
    /// Teams: the victory-point scale, 20 or 10.
    #[arg(long, value_enum, default_value = "20")]
    pub vp_max: MaxArg,
    /// Teams: the number of boards of the VP scale (default: the boards each match played).
    #[arg(long)]
    pub vp_boards: Option<u32>,
    /// Teams: print the next Swiss round's pairing.
    #[arg(long)]
    pub swiss: bool,
    /// IMP forms: print every board after the result list (text).
    #[arg(long)]
    pub per_board: bool,
}

/// The message for `option`, which only the forms `of` use, given with `form`.
pub fn not_for_form(option: &str, form: Form, of: &[Form]) -> String {
    let of = match of {
        [one] => format!("the {} form", form_name(*one)),
        _ if of == IMP_FORMS => "the IMP forms".to_string(),
        _ => format!(
            "the {} forms",
            of.iter()
                .map(|&f| form_name(f))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    format!(
        "{option} does not apply to --form {}: it is an option of {of}; leave it out",
        form_name(form)
    )
}

/// The IMP forms: the options all of them use.
const IMP_FORMS: &[Form] = &[Form::Butler, Form::CrossImps, Form::Teams];

impl FormArgs {
    /// The IMP forms' options, whether each is away from its default, and the forms that
    /// use it.
    fn options_set(&self) -> [(&'static str, bool, &'static [Form]); 8] {
        [
            (
                "--datum-drop",
                self.datum_drop != ["5:1", "10:2"],
                &[Form::Butler],
            ),
            ("--datum-round", self.datum_round != 10, &[Form::Butler]),
            (
                "--cross-imps",
                self.cross_imps != CrossArg::Average,
                &[Form::CrossImps],
            ),
            ("--adjusted-imps", self.adjusted_imps != "3,0,-3", IMP_FORMS),
            ("--vp-max", self.vp_max != MaxArg::Twenty, &[Form::Teams]),
            ("--vp-boards", self.vp_boards.is_some(), &[Form::Teams]),
            ("--swiss", self.swiss, &[Form::Teams]),
            ("--per-board", self.per_board, IMP_FORMS),
        ]
    }

    /// The options not at their defaults, as command-line words (for a stored session).
    pub fn to_words(&self) -> Vec<String> {
        use value_name as name;
        let mut w = Vec::new();
        if self.form != Form::Pairs {
            w.push(format!("--form={}", name(&self.form)));
        }
        if self.datum_drop != ["5:1", "10:2"] {
            w.push(format!("--datum-drop={}", self.datum_drop.join(",")));
        }
        if self.datum_round != 10 {
            w.push(format!("--datum-round={}", self.datum_round));
        }
        if self.cross_imps != CrossArg::Average {
            w.push(format!("--cross-imps={}", name(&self.cross_imps)));
        }
        if self.adjusted_imps != "3,0,-3" {
            w.push(format!("--adjusted-imps={}", self.adjusted_imps));
        }
        if self.vp_max != MaxArg::Twenty {
            w.push(format!("--vp-max={}", name(&self.vp_max)));
        }
        if let Some(n) = self.vp_boards {
            w.push(format!("--vp-boards={n}"));
        }
        for (flag, on) in [("swiss", self.swiss), ("per-board", self.per_board)] {
            if on {
                w.push(format!("--{flag}"));
            }
        }
        w
    }
}

/// Reads an IMP margin: a whole number or a decimal such as 15.5 or -3.25.
pub fn parse_margin(text: &str) -> Result<Imps, String> {
    let bad = || format!("{text:?} is not an IMP margin: write a number such as 15, -7 or 15.5");
    let t = text.trim();
    let (neg, digits) = match t.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    let (whole, frac) = digits.split_once('.').unwrap_or((digits, ""));
    if whole.is_empty() && frac.is_empty()
        || !whole.chars().all(|c| c.is_ascii_digit())
        || !frac.chars().all(|c| c.is_ascii_digit())
        || frac.len() > 6
        || whole.len() > 9
    {
        return Err(bad());
    }
    let w: i64 = if whole.is_empty() {
        0
    } else {
        whole.parse().map_err(|_| bad())?
    };
    let scale = 10i64.pow(frac.len() as u32);
    let f: i64 = if frac.is_empty() {
        0
    } else {
        frac.parse().map_err(|_| bad())?
    };
    let r = Imps::new(w * scale + f, scale);
    Ok(if neg { -r } else { r })
}

impl FormArgs {
    /// The IMPs of average-plus, average and average-minus (`--adjusted-imps`).
    pub fn adjusted(&self) -> Result<AdjustedImps, String> {
        let text = self.adjusted_imps.as_str();
        let bad = || {
            format!(
                "--adjusted-imps {text:?}: give the IMPs for average-plus, average and average-minus, e.g. 3,0,-3"
            )
        };
        let parts: Vec<Imps> = text
            .split(',')
            .map(parse_margin)
            .collect::<Result<_, _>>()
            .map_err(|_| bad())?;
        match parts[..] {
            [plus, average, minus] => Ok(AdjustedImps {
                average,
                plus,
                minus,
            }),
            _ => Err(bad()),
        }
    }

    /// The butler datum's rule (`--datum-drop`, `--datum-round`).
    pub fn datum_rule(&self) -> Result<DatumRule, String> {
        let args = self;
        let mut drop = Vec::new();
        for step in &args.datum_drop {
            let parsed = step
                .split_once(':')
                .and_then(|(a, b)| Some((a.trim().parse().ok()?, b.trim().parse().ok()?)));
            match parsed {
                Some(s) => drop.push(s),
                None => {
                    return Err(format!(
                        "--datum-drop {step:?}: write steps FROM:COUNT, e.g. 5:1,10:2"
                    ));
                }
            }
        }
        if args.datum_round < 0 {
            return Err(String::from(
                "--datum-round must be 0 (exact mean) or a positive multiple, e.g. 10",
            ));
        }
        Ok(DatumRule {
            drop,
            round_to: args.datum_round,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(words: &[&str]) -> ScoringArgs {
        let words: Vec<String> = words.iter().map(|w| w.to_string()).collect();
        ScoringArgs::from_words(&words).unwrap()
    }

    #[test]
    fn a_stored_session_keeps_the_missing_result_rule() {
        let args = parse(&["--missing", "ties", "--scale", "acbl"]);
        let words = args.to_words();
        assert!(words.contains(&"--missing=ties".to_string()), "{words:?}");
        let back = ScoringArgs::from_words(&words).unwrap();
        assert_eq!(back.to_words(), words);
        let c = back.conventions.resolve(&Convention::default());
        assert_eq!(c.missing, Some(MissingRule::CountAsTies));
        // Not stated: Neuberg, and nothing stored.
        let plain = parse(&[]);
        assert!(plain.to_words().is_empty());
        let c = plain.conventions.resolve(&Convention::default());
        assert_eq!(c.missing, Some(MissingRule::Neuberg));
        assert!(ScoringArgs::from_words(&["--missing=simple".to_string()]).is_err());
    }

    #[test]
    fn the_command_line_overrides_the_file_on_missing_results() {
        let file = Convention {
            missing: Some(MissingRule::CountAsTies),
            ..Convention::default()
        };
        let c = parse(&[]).conventions.resolve(&file);
        assert_eq!(c.missing, Some(MissingRule::CountAsTies));
        let c = parse(&["--missing", "neuberg"]).conventions.resolve(&file);
        assert_eq!(c.missing, Some(MissingRule::Neuberg));
        let mut settings = Settings::default();
        parse(&["--missing", "ties"])
            .conventions
            .resolve(&Convention::default())
            .apply(&mut settings);
        assert_eq!(settings.rules.missing, MissingRule::CountAsTies);
        assert_eq!(
            rules(ScaleArg::European, ArtificialArg::Ties, MissingArg::Ties).missing,
            MissingRule::CountAsTies
        );
    }

    #[test]
    fn margins_as_typed() {
        assert_eq!(parse_margin("15").unwrap(), Imps::from_integer(15));
        assert_eq!(parse_margin("-7").unwrap(), Imps::from_integer(-7));
        assert_eq!(parse_margin("15.5").unwrap(), Imps::new(31, 2));
        assert!(parse_margin("abc").is_err());
        assert!(parse_margin("-").is_err());
    }
}
