//! How a session is scored: the scoring conventions, the form (pairs or an IMP form with
//! its options) and the movement, as `klaver score`, `klaver session` and the web app
//! share them; and the pairs scoring those options ask for. The command line's
//! arguments are the binary's; they are turned into these options.
//!
//! A stored session keeps its options as command-line words ([`ScoringOptions::to_words`])
//! and is scored again from them ([`ScoringOptions::from_words`]), so a session scores the
//! same way from a file, from the database and on the web.

mod words;

pub use words::{Choice, Table};

use crate::exchange::Convention;
use crate::travellers::Event;
use klaver_core::butler::DatumRule;
use klaver_core::cross_imps::CrossImpTotal;
use klaver_core::imps::{AdjustedImps, Imps};
use klaver_core::matchpoints::{ArtificialRule, MissingRule, Rules, Scale};
use klaver_core::movement::travellers::{
    check_travellers, check_written_places, rounds_from_travellers,
};
use klaver_core::movement::{self, Movement};
use klaver_core::session::{BoardRounding, Diagnostic, SessionResult, Settings, score_session};
use klaver_core::vp::VpMax;
use num_rational::Ratio;

/// How the directions of a section are ranked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Fields {
    /// One list for every pair of a section.
    #[default]
    Together,
    /// North-South and East-West each ranked on their own, with their own club points.
    Separate,
}

/// How a session is scored: the conventions, the form and the movement. A stored
/// session keeps these with it (see [`ScoringOptions::to_words`]).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ScoringOptions {
    /// The scoring conventions stated (a PBN file's [Scoring] tag sets the others).
    pub conventions: Conventions,
    /// Score all sections together (top-integral).
    pub top_integral: bool,
    /// All pairs of a section in one list, or each direction in its own.
    pub fields: Fields,
    /// Boards per round, for the round columns and the control sheet.
    pub boards_per_round: Option<u32>,
    /// The movement played: a schedule CSV or a name such as mitchell-7.
    pub movement: Option<String>,
    /// The schedule a stored session keeps (the schedule CSV's text): the movement is
    /// read from it and `movement` only names it, so that a stored night never depends
    /// on a file beside it. Not among the words ([`ScoringOptions::to_words`]).
    pub schedule: Option<String>,
    /// Whether these are a stored night's options: a movement name is then read as klaver
    /// read it when the night was stored ([`movement::named_as_stored`]), so that the
    /// night scores as it did. Not among the words.
    pub stored: bool,
    /// The scoring form and the IMP forms' options.
    pub form: FormOptions,
}

impl ScoringOptions {
    /// Refuses an option of another form than the one scored (`--datum-drop` with
    /// `--form teams`, `--swiss` with the pairs form), naming the first: an option set
    /// away from its default, or one the command line names in `given` (`--vp-max 20`
    /// with the pairs form). A stored session's words are not checked, as they may hold
    /// conventions taken from its file.
    pub fn refuse_other_forms(&self, given: &[&str]) -> Result<(), String> {
        let form = self.form.form;
        match self
            .option_forms()
            .into_iter()
            .filter(|(option, set, _)| *set || given.contains(option))
            .find(|(_, _, of)| !of.contains(&form))
        {
            None => Ok(()),
            Some((option, _, of)) => Err(not_for_form(option, form, of)),
        }
    }

    /// Every option that belongs to some forms only: whether it is set away from its
    /// default, and the forms that use it.
    fn option_forms(&self) -> Vec<(&'static str, bool, &'static [Form])> {
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
            ("--fields", self.fields != Fields::Together, PAIRS),
            ("--boards-per-round", self.boards_per_round.is_some(), PAIRS),
            ("--movement", self.movement.is_some(), PAIRS),
        ]
        .into_iter()
        .chain(f.options_set())
        .collect()
    }
}

/// The scoring conventions, as the user stated them (`None`: not stated).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Conventions {
    /// Matchpoint scale [default: european].
    pub scale: Option<Scale>,
    /// How artificial scores affect the real scores [default: ties].
    pub artificial: Option<ArtificialRule>,
    /// A board played fewer times than expected [default: neuberg].
    pub missing: Option<MissingRule>,
    /// Law 12C2: average-plus is the session percentage when higher than 60 %.
    pub avg_plus_session: bool,
    /// Each board's matchpoints rounded or truncated to 0.1 [default: exact].
    pub rounding: Option<BoardRounding>,
    /// Centred matchpoints: scores beaten minus scores lost (ranking unchanged).
    pub centred: bool,
}

impl Conventions {
    /// Takes every convention the user did not state from what the file states (a PBN
    /// file's [Scoring] tag), so that a stored session keeps them in its words and is
    /// scored by them without the file. [`Conventions::resolve`] gives the same
    /// convention before and after.
    pub fn adopt(&mut self, file: &Convention) {
        self.scale = self.scale.or(file.scale);
        self.artificial = self.artificial.or(file.artificial);
        self.missing = self.missing.or(file.missing);
        self.rounding = self.rounding.or(file.rounding);
        self.avg_plus_session |= file.avg_plus_session == Some(true);
        self.centred |= file.centred == Some(true);
    }

    /// The convention to score by: what the user stated, else what the file states.
    pub fn resolve(&self, file: &Convention) -> Convention {
        Convention {
            scale: Some(self.scale.or(file.scale).unwrap_or(Scale::European)),
            artificial: Some(
                (self.artificial.or(file.artificial)).unwrap_or(ArtificialRule::CountAsTies),
            ),
            missing: Some(
                self.missing
                    .or(file.missing)
                    .unwrap_or(MissingRule::Neuberg),
            ),
            rounding: Some((self.rounding.or(file.rounding)).unwrap_or(BoardRounding::Exact)),
            avg_plus_session: Some(self.avg_plus_session || file.avg_plus_session == Some(true)),
            centred: Some(self.centred || file.centred == Some(true)),
            top_integral: file.top_integral,
            separate_fields: file.separate_fields,
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

/// The text of the schedule file `spec` names, or `None` when `spec` names no file (a
/// movement name such as `mitchell-7`): what a stored session keeps of its movement.
/// A file is looked for first, as the movement is loaded.
pub fn schedule_file(spec: &str) -> Result<Option<String>, String> {
    let path = std::path::Path::new(spec);
    if !path.exists() {
        return Ok(None);
    }
    std::fs::read_to_string(path)
        .map(Some)
        .map_err(|e| format!("cannot read {spec}: {e}"))
}

/// The movement a session is played on, when `scoring` names one: loaded as
/// [`pair_settings`] loads it.
pub fn movement_of(scoring: &ScoringOptions) -> Result<Option<Movement>, String> {
    scoring
        .movement
        .as_deref()
        .map(|spec| load_movement(scoring, spec))
        .transpose()
}

/// Loads the movement: from the schedule kept with a stored session, else from a
/// schedule file or by name.
fn load_movement(scoring: &ScoringOptions, spec: &str) -> Result<Movement, String> {
    let (schedule, bpr) = (scoring.schedule.as_deref(), scoring.boards_per_round);
    let read;
    let text = match schedule {
        Some(kept) => kept,
        None => match schedule_file(spec)? {
            Some(text) => {
                read = text;
                read.as_str()
            }
            None => {
                let bpr = bpr.unwrap_or(4);
                let named = match scoring.stored {
                    true => movement::named_as_stored(spec, bpr).map(|(m, _)| m),
                    false => movement::named(spec, bpr),
                };
                return named.map_err(|e| {
                    format!("--movement {spec}: no such file, and not a movement name ({e})")
                });
            }
        },
    };
    let mut m = movement::parse_csv(text).map_err(|e| format!("{spec}: {e}"))?;
    m.name = spec.to_string();
    playable(&m, spec)?;
    Ok(m)
}

/// `Err` naming the first of the errors `klaver movement check` finds in a schedule read
/// from a file or kept with a session, such as a pair at two tables in one round:
/// scored, such a night would add up the pair's matches under one set of boards and
/// lose the other. A board set at several tables in a round is taken as duplicated
/// boards (the schedule does not say, and scoring needs no more than the travellers
/// show); warnings, such as a board played once, do not stop it either.
fn playable(m: &Movement, spec: &str) -> Result<(), String> {
    let duplicated = Movement {
        sharing: movement::BoardSharing::Duplicated,
        ..m.clone()
    };
    let check = movement::validate::validate(&duplicated);
    let mut errors = check.errors();
    let Some(first) = errors.next() else {
        return Ok(());
    };
    let n = 1 + errors.count();
    let counted = if n == 1 {
        "1 error".to_string()
    } else {
        format!("{n} errors")
    };
    Err(format!(
        "{spec} cannot be played ({counted}): {first}; correct the schedule: `klaver movement check {spec}` lists them all"
    ))
}

/// Scores a pairs event as `scoring` says (checking it against the movement, when one is
/// given): the result, the convention used and the boards per round. A board the
/// event's sit-out lines account for is one warning saying so, as `klaver score` says
/// it ([`crate::said::fold_sit_outs`]).
pub fn score_pairs(
    scoring: &ScoringOptions,
    event: &mut Event,
    file_convention: &Convention,
    file_name: &str,
) -> Result<(SessionResult, Convention, Option<u32>), String> {
    let (settings, convention, boards_per_round) =
        pair_settings(scoring, event, file_convention, file_name)?;
    let mut result = score_session(&event.pairs, &event.results, &settings)
        .map_err(|e| format!("{file_name} cannot be scored:\n{e}"))?;
    crate::said::fold_sit_outs(&mut event.diagnostics, &mut result.warnings, &event.pairs);
    Ok((result, convention, boards_per_round))
}

/// How a pairs event is scored as `scoring` says, after checking it against the
/// movement when one is given: the settings, the convention used and the boards per
/// round. The event's lines are not needed after this.
pub fn pair_settings(
    scoring: &ScoringOptions,
    event: &mut Event,
    file_convention: &Convention,
    file_name: &str,
) -> Result<(Settings, Convention, Option<u32>), String> {
    let sane;
    let scoring = match boards_per_round_out_of_range(scoring) {
        Some((n, fixed)) => {
            event.diagnostics.push(Diagnostic::warning(0, None, format!(
                "the night's stored --boards-per-round {n} is not a number of boards a round (1 to 52): the round columns and the average per round are left out"
            )));
            sane = fixed;
            &sane
        }
        None => scoring,
    };
    let played = match &scoring.movement {
        Some(spec) => played_on_movement(scoring, spec, event, file_name)?,
        None => played_by_travellers(scoring, event, file_name)?,
    };
    let boards_per_round = played.boards_per_round;
    if let Some(odd) = scoring
        .boards_per_round
        .filter(|_| scoring.movement.is_none())
        .and_then(|bpr| undivided_boards(&event.results, bpr))
    {
        event.diagnostics.push(Diagnostic::warning(0, None, odd));
    }
    let convention = scoring.conventions.resolve(file_convention);
    let mut settings = Settings {
        rules: Rules::default(),
        rounding: BoardRounding::Exact,
        centred: None,
        avg_plus_session: false,
        top_integral: scoring.top_integral,
        separate_fields: scoring.fields == Fields::Separate,
        boards_per_round,
        expected: played.expected,
        result_rounds: played.result_rounds,
        card_pairs: played.card_pairs,
        penalties: penalties_in_matchpoints(event, &convention),
    };
    convention.apply(&mut settings);
    Ok((settings, convention, boards_per_round))
}

/// What the movement, or the travellers' rounds, tell of how a pairs event was played.
#[derive(Default)]
struct Played {
    /// How often each board should have been played, by (section, board).
    expected: std::collections::HashMap<(String, u32), usize>,
    /// The round and board-set letter of each result, when they are known.
    result_rounds: Option<Vec<Option<(u32, String)>>>,
    /// The number of pairs the movement's guide cards are printed for.
    card_pairs: Option<usize>,
    /// The boards per round, as given or as the movement or travellers show.
    boards_per_round: Option<u32>,
}

/// How a pairs event was played on the movement `spec`, after checking its travellers
/// against it: a line that does not fit refuses the file, naming each.
fn played_on_movement(
    scoring: &ScoringOptions,
    spec: &str,
    event: &mut Event,
    file_name: &str,
) -> Result<Played, String> {
    let m = load_movement(scoring, spec)?;
    let check = check_travellers(&m, &event.pairs, &event.results);
    event.diagnostics.extend(check.diagnostics);
    let written: Vec<_> = event.lines.iter().map(|l| (l.round(), l.table())).collect();
    let places = check_written_places(&m, &event.pairs, &event.results, &written);
    event.diagnostics.extend(places);
    if event.has_errors() {
        // A name is read with 4 boards a round unless told: say so, for a night that
        // played another number fits nowhere.
        let by_name = scoring.schedule.is_none()
            && scoring.boards_per_round.is_none()
            && !std::path::Path::new(spec).exists();
        let read_as = match by_name {
            true => {
                " (read with 4 boards a round: give --boards-per-round if the night played another number)"
            }
            false => "",
        };
        let mut msg = format!("{file_name} does not fit the movement {}{read_as}:", m.name);
        for d in event
            .diagnostics
            .iter()
            .filter(|d| d.severity == klaver_core::session::Severity::Error)
        {
            msg.push_str(&format!("\n  {d}"));
        }
        return Err(msg);
    }
    Ok(Played {
        expected: check.expected,
        result_rounds: Some(check.rounds),
        card_pairs: Some(m.pairs().len()),
        boards_per_round: m
            .agreed_boards_per_round(scoring.boards_per_round)
            .map_err(|e| e.to_string())?,
    })
}

/// A stored night's boards per round outside 1-52 (the command line refuses them, but
/// took them before), and its options without it.
fn boards_per_round_out_of_range(scoring: &ScoringOptions) -> Option<(u32, ScoringOptions)> {
    let n = scoring.boards_per_round?;
    movement::check_boards(n).is_err().then(|| {
        let fixed = ScoringOptions {
            boards_per_round: None,
            ..scoring.clone()
        };
        (n, fixed)
    })
}

/// What is odd about `--boards-per-round bpr` without a movement, whose round columns
/// and control sheet blocks are the sets of `bpr` boards counted from board 1: a number
/// larger than the boards played, or sets that do not start at the first board played
/// or end at the last, leaving a round of fewer boards. `None` when the sets fit.
fn undivided_boards(results: &[klaver_core::session::TableResult], bpr: u32) -> Option<String> {
    let first = results.iter().map(|r| r.board).min()?;
    let last = results.iter().map(|r| r.board).max()?;
    let fix = "give the boards each round played";
    if bpr > last - first + 1 {
        let n = last - first + 1;
        return Some(format!(
            "--boards-per-round {bpr} is more than the {n} boards played ({first} to {last}): they would all be one round; {fix}"
        ));
    }
    let set_of = |board: u32| {
        let start = board.saturating_sub(1) / bpr * bpr + 1;
        (start.max(first), (start + bpr - 1).min(last))
    };
    let short = [set_of(first), set_of(last)]
        .into_iter()
        .find(|&(from, to)| to - from + 1 < bpr)?;
    let boards = match short {
        (from, to) if from == to => format!("board {from}"),
        (from, to) => format!("boards {from} to {to}"),
    };
    Some(format!(
        "--boards-per-round {bpr} does not divide boards {first} to {last} into rounds: {boards} would be a round of its own; {fix}"
    ))
}

/// How a pairs event was played without a movement: the travellers' round column makes
/// the rounds known (looked at only when every line has a round); rounds that cannot be
/// right refuse the file, naming the first ten.
fn played_by_travellers(
    scoring: &ScoringOptions,
    event: &Event,
    file_name: &str,
) -> Result<Played, String> {
    let mut played = Played {
        boards_per_round: scoring.boards_per_round,
        ..Played::default()
    };
    let every_round = event.lines.iter().all(|l| l.round().is_some());
    let rounds: Vec<Option<u32>> = if every_round {
        event.lines.iter().map(|l| l.round()).collect()
    } else {
        Vec::new()
    };
    match rounds_from_travellers(&event.pairs, &event.results, &rounds) {
        Ok(Some(known)) => {
            if let (Some(given), Some(plays)) = (scoring.boards_per_round, known.boards_per_round)
                && given != plays
            {
                let boards = if plays == 1 { "board" } else { "boards" };
                return Err(format!(
                    "--boards-per-round {given} contradicts the travellers' round column, which plays {plays} {boards} a round: leave --boards-per-round out or make it {plays}"
                ));
            }
            played.result_rounds = Some(known.rounds);
            played.boards_per_round = played.boards_per_round.or(known.boards_per_round);
        }
        Ok(None) => {}
        Err(errors) => {
            let mut msg = format!(
                "{file_name} has lines whose boards or rounds cannot be right; nothing was scored:"
            );
            for d in errors.iter().take(10) {
                msg.push_str(&format!("\n  {d}"));
            }
            if errors.len() > 10 {
                msg.push_str(&format!("\n  ... and {} more", errors.len() - 10));
            }
            return Err(msg);
        }
    }
    Ok(played)
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
                    form.word(),
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

/// The scoring forms of `klaver score`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Form {
    /// Matchpoints (the pairs result list).
    #[default]
    Pairs,
    /// Pairs in IMPs against a datum per board; pairs ranked by IMPs per board (G-IMP).
    Butler,
    /// Pairs in IMPs against every other result, averaged (or summed).
    CrossImps,
    /// Teams of four: matches in an open and a closed room, IMPs, victory points.
    Teams,
}

/// The scoring form, and the IMP forms' options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormOptions {
    /// Scoring form.
    pub form: Form,
    /// Butler: scores dropped at each end of the datum, as steps FROM:COUNT.
    pub datum_drop: Vec<String>,
    /// Butler: the datum rounded to a multiple of this many points (0: the exact mean).
    pub datum_round: i64,
    /// Cross-IMPs: the IMPs averaged over the comparisons, or added up.
    pub cross_imps: CrossImpTotal,
    /// IMPs for average-plus, average and average-minus, e.g. 3,0,-3.
    pub adjusted_imps: String,
    /// Teams: the victory-point scale, 20 or 10.
    pub vp_max: VpMax,
    /// Teams: the number of boards of the VP scale (default: the boards each match played).
    pub vp_boards: Option<u32>,
    /// Teams: print the next Swiss round's pairing.
    pub swiss: bool,
    /// Teams: the victory points of a team that sits out a round, as given (none by
    /// default: the conditions of contest set them).
    pub bye_vp: Option<String>,
    /// IMP forms: print every board after the result list (text).
    pub per_board: bool,
}

impl Default for FormOptions {
    fn default() -> Self {
        FormOptions {
            form: Form::Pairs,
            datum_drop: vec!["5:1".into(), "10:2".into()],
            datum_round: 10,
            cross_imps: CrossImpTotal::Average,
            adjusted_imps: "3,0,-3".into(),
            vp_max: VpMax::Twenty,
            vp_boards: None,
            swiss: false,
            bye_vp: None,
            per_board: false,
        }
    }
}

/// The message for `option`, which only the forms `of` use, given with `form`.
pub fn not_for_form(option: &str, form: Form, of: &[Form]) -> String {
    let of = match of {
        [one] => format!("the {} form", one.word()),
        _ if of == IMP_FORMS => "the IMP forms".to_string(),
        _ => format!(
            "the {} forms",
            of.iter().map(|f| f.word()).collect::<Vec<_>>().join(", ")
        ),
    };
    format!(
        "{option} does not apply to --form {}: it is an option of {of}; leave it out",
        form.word()
    )
}

/// The IMP forms: the options all of them use.
const IMP_FORMS: &[Form] = &[Form::Butler, Form::CrossImps, Form::Teams];

impl FormOptions {
    /// The IMP forms' options, whether each is away from its default, and the forms that
    /// use it.
    fn options_set(&self) -> [(&'static str, bool, &'static [Form]); 9] {
        let default = FormOptions::default();
        [
            (
                "--datum-drop",
                self.datum_drop != default.datum_drop,
                &[Form::Butler],
            ),
            (
                "--datum-round",
                self.datum_round != default.datum_round,
                &[Form::Butler],
            ),
            (
                "--cross-imps",
                self.cross_imps != default.cross_imps,
                &[Form::CrossImps],
            ),
            (
                "--adjusted-imps",
                self.adjusted_imps != default.adjusted_imps,
                IMP_FORMS,
            ),
            ("--vp-max", self.vp_max != default.vp_max, &[Form::Teams]),
            ("--vp-boards", self.vp_boards.is_some(), &[Form::Teams]),
            ("--swiss", self.swiss, &[Form::Teams]),
            ("--bye-vp", self.bye_vp.is_some(), &[Form::Teams]),
            ("--per-board", self.per_board, IMP_FORMS),
        ]
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
    {
        return Err(bad());
    }
    let whole = whole.trim_start_matches('0');
    if whole.len() > 9 {
        return Err(format!(
            "{text:?} IMPs is too large a margin: klaver reads margins up to 999999999 IMPs either way"
        ));
    }
    if frac.len() > 6 {
        return Err(format!(
            "{text:?} has {} decimals: an IMP margin is read with at most 6",
            frac.len()
        ));
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

impl FormOptions {
    /// The victory points of a bye (`--bye-vp`): a number from 0 to the scale's
    /// maximum, with at most two decimals, as VP are written.
    pub fn bye_vp(&self) -> Result<Option<Ratio<i64>>, String> {
        let Some(text) = self.bye_vp.as_deref() else {
            return Ok(None);
        };
        let max = self.vp_max.points();
        // Examples within the scale: 12 or 10.5 of 20, 6 or 5.5 of 10.
        let (whole, half) = (max * 3 / 5, max / 2);
        let bad = || {
            format!(
                "--bye-vp {text:?}: give the VP a team gets for sitting out a round, from 0 to {max} with at most two decimals, e.g. {whole} or {half}.5"
            )
        };
        let t = text.trim();
        let decimals = t.split_once('.').map_or(0, |(_, f)| f.len());
        match parse_margin(t) {
            Ok(vp)
                if decimals <= 2
                    && vp >= Ratio::from_integer(0)
                    && vp <= Ratio::from_integer(max) =>
            {
                Ok(Some(vp))
            }
            _ => Err(bad()),
        }
    }

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
            [plus, average, minus] if minus <= average && average <= plus => Ok(AdjustedImps {
                average,
                plus,
                minus,
            }),
            [_, _, _] => Err(format!(
                "--adjusted-imps {text:?}: average-plus, average and average-minus are given in that order, from most to least, e.g. 3,0,-3"
            )),
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
                Some((from, count)) => {
                    if let Some(&(_, other)) = drop.iter().find(|&&(f, _)| f == from) {
                        return Err(format!(
                            "--datum-drop: two steps for {from} scores ({from}:{other} and {from}:{count}): give each number of scores one step, e.g. 5:1,10:2"
                        ));
                    }
                    drop.push((from, count));
                }
                None => return Err(bad_datum_step(&args.datum_drop, step)),
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

/// The refusal of a `--datum-drop` step that is not FROM:COUNT, quoting the whole
/// argument (its steps, split at the commas, joined again) and the step.
fn bad_datum_step(steps: &[String], step: &str) -> String {
    let what = match step.trim() {
        "" => "a step is empty (a comma too many?)".to_string(),
        _ => format!("step {step:?} is not FROM:COUNT"),
    };
    format!(
        "--datum-drop {:?}: {what}: write steps FROM:COUNT separated by commas, e.g. 5:1,10:2",
        steps.join(",")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(words: &[&str]) -> ScoringOptions {
        let words: Vec<String> = words.iter().map(|w| w.to_string()).collect();
        ScoringOptions::from_words(&words).unwrap()
    }

    /// A night stored with `--boards-per-round 0` (the command line took it before it
    /// was refused) printed "Average per round: 0". It is scored without round columns
    /// or average per round, with a warning saying why, and is not locked out.
    #[test]
    fn a_stored_night_with_boards_per_round_out_of_range_is_warned_of() {
        let csv = "board,ns,ew,score\n1,1,2,420\n1,3,4,450\n2,1,4,110\n2,3,2,-100\n";
        for n in ["0", "53"] {
            let mut event = crate::travellers::read_travellers(
                csv.as_bytes(),
                crate::travellers::ReadOptions::default(),
            )
            .unwrap();
            let mut scoring = parse(&[&format!("--boards-per-round={n}")]);
            scoring.stored = true;
            let (settings, _, bpr) =
                pair_settings(&scoring, &mut event, &Convention::default(), "night").unwrap();
            assert_eq!((settings.boards_per_round, bpr), (None, None));
            let said: Vec<String> = event.diagnostics.iter().map(|d| d.to_string()).collect();
            assert_eq!(
                said,
                [format!(
                    "the night's stored --boards-per-round {n} is not a number of boards a round (1 to 52): the round columns and the average per round are left out"
                )]
            );
        }
    }

    /// A bye's VP out of range gave "e.g. 12 or 10.5" on the scale of 10 as well.
    #[test]
    fn a_bye_vp_out_of_range_is_shown_examples_within_the_scale() {
        for (max, text, example) in [
            (
                VpMax::Twenty,
                "21",
                "from 0 to 20 with at most two decimals, e.g. 12 or 10.5",
            ),
            (
                VpMax::Ten,
                "11",
                "from 0 to 10 with at most two decimals, e.g. 6 or 5.5",
            ),
        ] {
            let options = FormOptions {
                form: Form::Teams,
                vp_max: max,
                bye_vp: Some(text.into()),
                ..FormOptions::default()
            };
            let said = options.bye_vp().unwrap_err();
            assert!(said.ends_with(example), "{said}");
        }
    }

    const THREE_TABLES: &str = "round,table,ns,ew,boards\n\
        1,1,1,4,1\n1,2,2,5,2\n1,3,3,6,3\n\
        2,1,1,5,3\n2,2,2,6,1\n2,3,3,4,2\n\
        3,1,1,6,2\n3,2,2,4,3\n3,3,3,5,1\n";

    fn load_with(spec: &str, schedule: Option<&str>, stored: bool) -> Result<Movement, String> {
        let scoring = ScoringOptions {
            schedule: schedule.map(str::to_string),
            stored,
            ..Default::default()
        };
        load_movement(&scoring, spec)
    }

    #[test]
    fn a_stored_name_reads_as_it_did_when_stored_and_a_new_one_is_refused() {
        let e = load_with("mitchell-7-skip", None, false).unwrap_err();
        assert!(
            e.contains("skip and relay are for an even number of tables"),
            "{e}"
        );
        let m = load_with("mitchell-7-skip", None, true).unwrap();
        assert_eq!(m, movement::named("mitchell-7", 4).unwrap());
        assert!(load_with("mitchell-7-fast", None, true).is_err());
    }

    #[test]
    fn a_schedule_that_cannot_be_played_is_refused() {
        // Pair 1 at tables 1 and 2 in round 1, pairs 2 and 3 twice in round 2: scored,
        // pair 1's two matches were added up in one round under one set of boards.
        let two_places = "round,table,ns,ew,boards\n\
            1,1,1,2,1-2\n1,2,1,3,3-4\n1,3,4,5,5-6\n\
            2,1,4,2,3-4\n2,2,5,3,1-2\n2,3,2,3,5-6\n";
        let e = load_with("sched.csv", Some(two_places), false).unwrap_err();
        assert!(
            e.starts_with("sched.csv cannot be played (3 errors): round 1, table 2: pair 1 also plays at table 1 this round"),
            "{e}"
        );
        assert!(
            e.ends_with("`klaver movement check sched.csv` lists them all"),
            "{e}"
        );
        // A schedule with only warnings (a board played once) is scored on, and so is
        // one with a board set at every table (duplicated boards, as the seed's night).
        assert!(load_with("sched.csv", Some(THREE_TABLES), false).is_ok());
        let duplicated = "round,table,ns,ew,boards\n1,1,1,2,1-2\n1,2,3,4,1-2\n\
            2,1,1,3,3-4\n2,2,2,4,3-4\n";
        assert!(load_with("sched.csv", Some(duplicated), false).is_ok());
    }

    #[test]
    fn a_kept_schedule_is_the_movement_whatever_file_its_name_names() {
        let dir = std::env::temp_dir().join(format!("klaver-kept-schedule-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("schedule.csv");
        let spec = path.display().to_string();
        // No file of that name: the kept schedule is read.
        let _ = std::fs::remove_file(&path);
        let m = load_with(&spec, Some(THREE_TABLES), false).unwrap();
        assert_eq!((m.name.as_str(), m.rounds.len()), (spec.as_str(), 3));
        assert!(
            load_with(&spec, None, false)
                .unwrap_err()
                .contains("no such file")
        );
        // A file of that name with another schedule: still the kept one.
        std::fs::write(&path, "round,table,ns,ew,boards\n1,1,1,2,1-3\n").unwrap();
        assert_eq!(
            load_with(&spec, Some(THREE_TABLES), false)
                .unwrap()
                .rounds
                .len(),
            3
        );
        assert_eq!(load_with(&spec, None, false).unwrap().rounds.len(), 1);
        assert_eq!(
            schedule_file(&spec).unwrap().as_deref(),
            Some("round,table,ns,ew,boards\n1,1,1,2,1-3\n")
        );
        // A movement name is no file: nothing to keep.
        assert_eq!(schedule_file("mitchell-3").unwrap(), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_stored_session_keeps_the_missing_result_rule() {
        let args = parse(&["--missing", "ties", "--scale", "acbl"]);
        let words = args.to_words();
        assert!(words.contains(&"--missing=ties".to_string()), "{words:?}");
        let back = ScoringOptions::from_words(&words).unwrap();
        assert_eq!(back.to_words(), words);
        let c = back.conventions.resolve(&Convention::default());
        assert_eq!(c.missing, Some(MissingRule::CountAsTies));
        // Not stated: Neuberg, and nothing stored.
        let plain = parse(&[]);
        assert!(plain.to_words().is_empty());
        let c = plain.conventions.resolve(&Convention::default());
        assert_eq!(c.missing, Some(MissingRule::Neuberg));
        assert!(ScoringOptions::from_words(&["--missing=simple".to_string()]).is_err());
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
            MissingRule::from_word("ties"),
            Some(MissingRule::CountAsTies)
        );
    }

    fn form(words: &[&str]) -> FormOptions {
        parse(words).form
    }

    #[test]
    fn two_steps_for_one_number_of_scores_are_refused() {
        let e = form(&["--datum-drop", "5:1,5:2"]).datum_rule().unwrap_err();
        assert_eq!(
            e,
            "--datum-drop: two steps for 5 scores (5:1 and 5:2): give each number of scores one step, e.g. 5:1,10:2"
        );
        let rule = form(&["--datum-drop", "5:1,10:2"]).datum_rule().unwrap();
        assert_eq!(rule.drop, [(5, 1), (10, 2)]);
    }

    /// A step that cannot be read is told with the whole argument as given, an empty
    /// step (a comma too many) as such.
    #[test]
    fn a_bad_datum_step_quotes_the_argument() {
        let e = form(&["--datum-drop", "5:1,"]).datum_rule().unwrap_err();
        assert_eq!(
            e,
            "--datum-drop \"5:1,\": a step is empty (a comma too many?): write steps FROM:COUNT separated by commas, e.g. 5:1,10:2"
        );
        let e = form(&["--datum-drop", "5:1,ten"]).datum_rule().unwrap_err();
        assert_eq!(
            e,
            "--datum-drop \"5:1,ten\": step \"ten\" is not FROM:COUNT: write steps FROM:COUNT separated by commas, e.g. 5:1,10:2"
        );
    }

    #[test]
    fn adjusted_imps_out_of_order_are_refused() {
        for words in ["-3,0,3", "3,4,-3", "0,-1,1"] {
            let e = form(&["--adjusted-imps", words]).adjusted().unwrap_err();
            assert_eq!(
                e,
                format!(
                    "--adjusted-imps {words:?}: average-plus, average and average-minus are given in that order, from most to least, e.g. 3,0,-3"
                )
            );
        }
        let a = form(&["--adjusted-imps", "2,0.5,-2"]).adjusted().unwrap();
        assert_eq!(
            (a.plus, a.average, a.minus),
            (
                Imps::from_integer(2),
                Imps::new(1, 2),
                Imps::from_integer(-2)
            )
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
