//! How a session is scored, as the command line takes it (`klaver score`, `klaver
//! session import`, `klaver convert`): the arguments, turned into klaver-io's scoring
//! options. Each value's word and help come from that option's table in klaver-io,
//! which also reads a stored session's words.

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use klaver_core::cross_imps::CrossImpTotal;
use klaver_core::matchpoints::{ArtificialRule, MissingRule, Scale};
use klaver_core::session::BoardRounding;
use klaver_core::session::Diagnostic;
use klaver_core::vp::VpMax;
use klaver_io::exchange::Convention;
use klaver_io::options::{Choice, Conventions, Fields, Form, FormOptions, ScoringOptions};

/// Reads an option's value by the words of its table, which the help lists with their
/// meanings.
pub fn words<T: Choice>() -> impl TypedValueParser<Value = T> {
    let values = T::TABLE
        .iter()
        .map(|&(_, word, help)| PossibleValue::new(word).help(help));
    PossibleValuesParser::new(values).try_map(|word| T::from_word(&word).ok_or("not a value"))
}

/// How a session is scored: the conventions, the form and the movement. A stored
/// session keeps these with it.
#[derive(clap::Args)]
pub struct ScoringArgs {
    /// The scoring conventions (a PBN file's [Scoring] tag sets those not given here).
    #[command(flatten)]
    pub conventions: ConventionArgs,
    /// How the pairs were grouped and moved.
    #[command(flatten)]
    pub play: PlayArgs,
    /// The scoring form and the IMP forms' options.
    #[command(flatten)]
    pub form: FormArgs,
}

impl ScoringArgs {
    /// The options given on the command line whose value may equal their default
    /// (`--vp-max 20`): an option of another form is refused even then.
    pub fn given(&self) -> Vec<&'static str> {
        let f = &self.form;
        [
            ("--fields", self.play.fields.is_some()),
            ("--datum-drop", f.datum_drop.is_some()),
            ("--datum-round", f.datum_round.is_some()),
            ("--cross-imps", f.cross_imps.is_some()),
            ("--adjusted-imps", f.adjusted_imps.is_some()),
            ("--vp-max", f.vp_max.is_some()),
        ]
        .into_iter()
        .filter_map(|(name, given)| given.then_some(name))
        .collect()
    }

    /// The scoring options these arguments give.
    pub fn options(&self) -> ScoringOptions {
        self.play
            .options(self.conventions.options(), self.form.options())
    }
}

/// How a pairs session was played: its sections compared together or apart, its
/// directions ranked together or apart, and its movement (`klaver score`, `klaver
/// session import` and `klaver convert` take the same, so that a night converted is
/// scored as it is scored).
#[derive(clap::Args)]
pub struct PlayArgs {
    /// Score all sections together (top-integral).
    #[arg(long)]
    pub top_integral: bool,
    /// Rank all pairs of a section in one list, or North-South and East-West in lists
    /// of their own (a Mitchell without an arrow switch has two winners) [default:
    /// together].
    #[arg(long, value_parser = words::<Fields>())]
    pub fields: Option<Fields>,
    /// Boards per round (1 to 52), for the round columns and the control sheet.
    #[arg(long, value_parser = boards_per_round)]
    pub boards_per_round: Option<u32>,
    /// The movement played: a schedule CSV (round,table,ns,ew,boards) or a name such
    /// as mitchell-7, howell-10, howell-14-7-same. Travellers are checked against it and
    /// boards are expected as often as it has them played.
    #[arg(long)]
    pub movement: Option<String>,
}

impl PlayArgs {
    /// What a file states of its directions' ranking (PBN `SeparateFields`, a USEBIO list
    /// with a winner in each direction), overruled by `--fields` given on the command
    /// line, as every convention given there overrules the file's.
    pub fn overrule(&self, file: &mut Convention) {
        if let Some(fields) = self.fields {
            file.separate_fields = Some(fields == Fields::Separate);
        }
    }

    /// The scoring options of a pairs session played so, by the conventions stated.
    pub fn options(&self, conventions: Conventions, form: FormOptions) -> ScoringOptions {
        ScoringOptions {
            conventions,
            top_integral: self.top_integral,
            fields: self.fields.unwrap_or_default(),
            boards_per_round: self.boards_per_round,
            movement: self.movement.clone(),
            schedule: None,
            stored: false,
            form,
        }
    }
}

/// A number of boards per round, 1 to 52 as a movement takes.
fn boards_per_round(text: &str) -> Result<u32, String> {
    let n: u32 = text
        .parse()
        .map_err(|_| format!("{text} is not a whole number of boards"))?;
    klaver_core::movement::check_boards(n).map_err(|e| e.to_string())?;
    Ok(n)
}

/// The scoring conventions, as stated on the command line (`None`: not stated).
#[derive(clap::Args)]
pub struct ConventionArgs {
    /// Matchpoint scale [default: european].
    #[arg(long, value_parser = words::<Scale>())]
    pub scale: Option<Scale>,
    /// How artificial scores affect the real scores [default: ties].
    #[arg(long, value_parser = words::<ArtificialRule>())]
    pub artificial: Option<ArtificialRule>,
    /// A board played fewer times than expected: Neuberg-scale its results to the full
    /// top, or count each missing result as a tie for every pair that played it
    /// [default: neuberg].
    #[arg(long, value_parser = words::<MissingRule>())]
    pub missing: Option<MissingRule>,
    /// Law 12C2: average-plus is the session percentage when higher than 60 %.
    #[arg(long)]
    pub avg_plus_session: bool,
    /// Round or truncate each board's matchpoints to 0.1 before totalling [default: exact].
    #[arg(long, value_parser = words::<BoardRounding>())]
    pub rounding: Option<BoardRounding>,
    /// Print centred matchpoints: scores beaten minus scores lost (ranking unchanged).
    #[arg(long)]
    pub centred: bool,
}

impl ConventionArgs {
    /// The conventions these arguments state.
    pub fn options(&self) -> Conventions {
        Conventions {
            scale: self.scale,
            artificial: self.artificial,
            missing: self.missing,
            avg_plus_session: self.avg_plus_session,
            rounding: self.rounding,
            centred: self.centred,
        }
    }
}

/// The options of `klaver score` for the IMP forms.
#[derive(clap::Args)]
pub struct FormArgs {
    /// Scoring form [default: pairs].
    #[arg(long, value_parser = words::<Form>())]
    pub form: Option<Form>,
    /// Butler: scores dropped at each end of the datum, as steps FROM:COUNT (with at
    /// least FROM scores on a board, COUNT highest and lowest are dropped) [default:
    /// 5:1,10:2].
    #[arg(long, value_delimiter = ',')]
    pub datum_drop: Option<Vec<String>>,
    /// Butler: round the datum to a multiple of this many points (0 keeps the exact
    /// mean) [default: 10].
    #[arg(long)]
    pub datum_round: Option<i64>,
    /// Cross-IMPs: average the IMPs over the comparisons, or add them up [default:
    /// average].
    #[arg(long, value_parser = words::<CrossImpTotal>())]
    pub cross_imps: Option<CrossImpTotal>,
    /// IMPs for average-plus, average and average-minus, e.g. 3,0,-3 [default: 3,0,-3].
    #[arg(long, allow_hyphen_values = true)]
    pub adjusted_imps: Option<String>,
    /// Teams: the victory-point scale, 20 or 10 [default: 20].
    #[arg(long, value_parser = words::<VpMax>())]
    pub vp_max: Option<VpMax>,
    /// Teams: the number of boards of the VP scale (default: the boards each match played).
    #[arg(long)]
    pub vp_boards: Option<u32>,
    /// Teams: print the next Swiss round's pairing.
    #[arg(long)]
    pub swiss: bool,
    /// Teams: the victory points of a team that sits out a round, as the conditions of
    /// contest set them (e.g. 12); needs the travellers' round column. Without it a
    /// bye scores no VP.
    #[arg(long, value_name = "VP")]
    pub bye_vp: Option<String>,
    /// IMP forms: print every board after the result list (text).
    #[arg(long)]
    pub per_board: bool,
}

impl FormArgs {
    /// A warning when a file says it was scored in another form (a butler session's
    /// JSON) than the one it is scored in now without `--form` asking for it: its
    /// numbers would be of another kind without a word.
    pub fn other_form_than_stated(&self, stated: Option<&(String, u32)>) -> Option<Diagnostic> {
        let (word, line) = stated?;
        let now = self.form.unwrap_or(Form::Pairs);
        if self.form.is_some() || Form::from_word(word) == Some(now) {
            return None;
        }
        Some(Diagnostic::warning(
            *line,
            None,
            format!(
                "the file was scored as {word}; without --form it is scored as {}: give --form {word} (and the options it was scored with, which the file does not keep) to score it as it was",
                now.word()
            ),
        ))
    }

    /// The form and its options these arguments give.
    pub fn options(&self) -> FormOptions {
        let default = FormOptions::default();
        FormOptions {
            form: self.form.unwrap_or(Form::Pairs),
            datum_drop: self.datum_drop.clone().unwrap_or(default.datum_drop),
            datum_round: self.datum_round.unwrap_or(default.datum_round),
            cross_imps: self.cross_imps.unwrap_or(default.cross_imps),
            adjusted_imps: self.adjusted_imps.clone().unwrap_or(default.adjusted_imps),
            vp_max: self.vp_max.unwrap_or(default.vp_max),
            vp_boards: self.vp_boards,
            swiss: self.swiss,
            bye_vp: self.bye_vp.clone(),
            per_board: self.per_board,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    /// The scoring arguments alone, as a command line.
    #[derive(Parser)]
    #[command(no_binary_name = true)]
    struct Line {
        #[command(flatten)]
        scoring: ScoringArgs,
    }

    fn on_the_command_line(words: &[&str]) -> Result<ScoringOptions, clap::Error> {
        Line::try_parse_from(words).map(|l| l.scoring.options())
    }

    fn stored(words: &[&str]) -> Result<ScoringOptions, String> {
        let words: Vec<String> = words.iter().map(|w| w.to_string()).collect();
        ScoringOptions::from_words(&words)
    }

    #[test]
    fn the_defaults_are_the_libraries() {
        assert_eq!(on_the_command_line(&[]).unwrap(), ScoringOptions::default());
    }

    #[test]
    fn stored_words_read_as_the_command_line_reads_them() {
        let all = [
            "--scale=acbl",
            "--artificial=neuberg",
            "--missing=ties",
            "--rounding=round",
            "--fields=separate",
            "--boards-per-round=3",
            "--movement=mitchell-3",
            "--avg-plus-session",
            "--centred",
            "--top-integral",
            "--form=teams",
            "--datum-drop=4:1,12:3",
            "--datum-round=-5",
            "--cross-imps=sum",
            "--adjusted-imps=-3,0,3",
            "--vp-max=10",
            "--vp-boards=7",
            "--swiss",
            "--per-board",
        ];
        let cases: [&[&str]; 6] = [
            &all,
            &[
                "--scale",
                "european",
                "--form",
                "cross-imps",
                "--vp-max",
                "20",
            ],
            &["--adjusted-imps", "-1,0,1", "--movement", "-"],
            &["--boards-per-round=+4", "--datum-drop="],
            &["--form=butler", "--datum-round", "0", "--rounding", "exact"],
            &[],
        ];
        for words in cases {
            let options = on_the_command_line(words).unwrap();
            assert_eq!(stored(words).unwrap(), options, "{words:?}");
            let rewritten = options.to_words();
            let rewritten: Vec<&str> = rewritten.iter().map(String::as_str).collect();
            assert_eq!(on_the_command_line(&rewritten).unwrap(), options);
        }
    }

    #[test]
    fn what_the_command_line_refuses_stored_words_refuse() {
        let cases: [&[&str]; 10] = [
            &["--bogus"],
            &["--scale=ACBL"],
            &["--scale"],
            &["--scale="],
            &["--swiss=true"],
            &["--scale=acbl", "--scale=european"],
            &["--top-integral", "--top-integral"],
            &["--movement", "-x"],
            &["--boards-per-round=-1"],
            &["extra"],
        ];
        for words in cases {
            assert!(on_the_command_line(words).is_err(), "{words:?}");
            assert!(stored(words).is_err(), "{words:?}");
        }
        // Stricter than the command line: steps of --datum-drop given twice, and a
        // lone `--`, are not words a session keeps.
        for words in [&["--datum-drop=5:1", "--datum-drop=10:2"][..], &["--"]] {
            assert!(on_the_command_line(words).is_ok(), "{words:?}");
            assert!(stored(words).is_err(), "{words:?}");
        }
        // Looser: boards per round out of 1-52, which a night stored before the command
        // line refused them may hold (it is scored with a warning).
        for words in [&["--boards-per-round=0"], &["--boards-per-round=53"]] {
            assert!(on_the_command_line(words).is_err(), "{words:?}");
            assert!(stored(words).is_ok(), "{words:?}");
        }
    }
}
