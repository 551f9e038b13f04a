//! The words a stored session keeps its scoring options in (`--scale=acbl`,
//! `--top-integral`): written by [`ScoringOptions::to_words`] and read back by
//! [`ScoringOptions::from_words`] as the command line reads them. And the one table of
//! words of each option's values, by which both read them and the command line's help
//! lists them.

use super::{Fields, Form, FormOptions, ScoringOptions};
use klaver_core::cross_imps::CrossImpTotal;
use klaver_core::matchpoints::{ArtificialRule, MissingRule, Scale};
use klaver_core::session::BoardRounding;
use klaver_core::vp::VpMax;

/// Each value of an option with its word and what it means, in the order help lists them.
pub type Table<T> = &'static [(T, &'static str, &'static str)];

/// A value of an option that is named by a word (`acbl`, `cross-imps`, `20`).
pub trait Choice: Copy + PartialEq + Send + Sync + 'static {
    /// The option's values, their words and help.
    const TABLE: Table<Self>;

    /// The word for this value.
    fn word(self) -> &'static str {
        Self::TABLE
            .iter()
            .find(|(value, ..)| *value == self)
            .map_or("", |&(_, word, _)| word)
    }

    /// The value a word names.
    fn from_word(word: &str) -> Option<Self> {
        Self::TABLE
            .iter()
            .find(|(_, w, _)| *w == word)
            .map(|&(value, ..)| value)
    }

    /// Every word, for a message (`european, acbl`).
    fn words() -> String {
        let words: Vec<&str> = Self::TABLE.iter().map(|&(_, word, _)| word).collect();
        words.join(", ")
    }
}

impl Choice for Scale {
    const TABLE: Table<Self> = &[
        (
            Scale::European,
            "european",
            "2 per score beaten, 1 per tie (top = 2 × (scores − 1))",
        ),
        (
            Scale::Acbl,
            "acbl",
            "1 per score beaten, ½ per tie (top = scores − 1)",
        ),
    ];
}

impl Choice for ArtificialRule {
    const TABLE: Table<Self> = &[
        (
            ArtificialRule::CountAsTies,
            "ties",
            "Real scores count each artificial score as a tie (the seed's rule)",
        ),
        (
            ArtificialRule::LeftOut,
            "neuberg",
            "Artificial scores are left out and the real ones Neuberg-scaled (EBU)",
        ),
    ];
}

impl Choice for MissingRule {
    const TABLE: Table<Self> = &[
        (
            MissingRule::Neuberg,
            "neuberg",
            "The results played are Neuberg-scaled to the full top (WBF, EBU)",
        ),
        (
            MissingRule::CountAsTies,
            "ties",
            "Each missing result is a tie for every pair that played the board, with no \
             rescaling (as ScoreBridge publishes): a top of three results of four is 5 of 6",
        ),
    ];
}

impl Choice for BoardRounding {
    const TABLE: Table<Self> = &[
        (BoardRounding::Exact, "exact", "Exact fractions"),
        (BoardRounding::RoundTenth, "round", "Rounded half up to 0.1"),
        (BoardRounding::TruncateTenth, "truncate", "Truncated to 0.1"),
    ];
}

impl Choice for Fields {
    const TABLE: Table<Self> = &[
        (
            Fields::Together,
            "together",
            "One list for every pair of a section",
        ),
        (
            Fields::Separate,
            "separate",
            "North-South and East-West each ranked on their own, with their own club points",
        ),
    ];
}

impl Choice for Form {
    const TABLE: Table<Self> = &[
        (Form::Pairs, "pairs", "Matchpoints (the pairs result list)"),
        (
            Form::Butler,
            "butler",
            "Pairs in IMPs against a datum per board; pairs ranked by IMPs per board (G-IMP)",
        ),
        (
            Form::CrossImps,
            "cross-imps",
            "Pairs in IMPs against every other result, averaged (or summed)",
        ),
        (
            Form::Teams,
            "teams",
            "Teams of four: matches in an open and a closed room, IMPs, victory points",
        ),
    ];
}

impl Choice for CrossImpTotal {
    const TABLE: Table<Self> = &[
        (
            CrossImpTotal::Average,
            "average",
            "The mean over the comparisons",
        ),
        (CrossImpTotal::Sum, "sum", "The sum over the comparisons"),
    ];
}

impl Choice for VpMax {
    const TABLE: Table<Self> = &[
        (VpMax::Twenty, "20", "The 20-VP scale (10-10 for a draw)"),
        (VpMax::Ten, "10", "The 10-VP scale (5-5 for a draw)"),
    ];
}

/// What a stored option takes after its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Takes {
    /// Nothing: a flag, set by being there (`--swiss`).
    Nothing,
    /// A value, `--scale=acbl` or `--scale acbl`; a next word that starts with `-` (other
    /// than `-` itself) is not one.
    Value,
    /// A value that may start with `-` (`--adjusted-imps -3,0,3`).
    AnyValue,
}

/// Every option a stored session's words may hold, and what each takes.
const OPTIONS: [(&str, Takes); 20] = [
    ("scale", Takes::Value),
    ("artificial", Takes::Value),
    ("missing", Takes::Value),
    ("rounding", Takes::Value),
    ("fields", Takes::Value),
    ("boards-per-round", Takes::Value),
    ("movement", Takes::Value),
    ("avg-plus-session", Takes::Nothing),
    ("centred", Takes::Nothing),
    ("top-integral", Takes::Nothing),
    ("form", Takes::Value),
    ("datum-drop", Takes::Value),
    ("datum-round", Takes::Value),
    ("cross-imps", Takes::Value),
    ("adjusted-imps", Takes::AnyValue),
    ("vp-max", Takes::Value),
    ("vp-boards", Takes::Value),
    ("swiss", Takes::Nothing),
    ("bye-vp", Takes::Value),
    ("per-board", Takes::Nothing),
];

impl ScoringOptions {
    /// The options as command-line words (`--scale=acbl --top-integral`), leaving out
    /// those at their defaults: what a stored session keeps to be scored the same way.
    pub fn to_words(&self) -> Vec<String> {
        let mut w = Vec::new();
        let mut opt = |flag: &str, value: Option<String>| {
            if let Some(v) = value {
                w.push(format!("--{flag}={v}"));
            }
        };
        let c = &self.conventions;
        opt("scale", c.scale.map(|s| s.word().into()));
        opt("artificial", c.artificial.map(|a| a.word().into()));
        opt("missing", c.missing.map(|m| m.word().into()));
        opt("rounding", c.rounding.map(|r| r.word().into()));
        let fields = self.fields;
        opt(
            "fields",
            (fields != Fields::Together).then(|| fields.word().into()),
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
        w.extend(form_words(&self.form));
        w
    }

    /// Reads back the words of [`ScoringOptions::to_words`] as the command line reads
    /// them: `--name=value`, `--name value` and a flag alone. An unknown option or value,
    /// an option without its value or given twice, and a flag given a value are refused.
    pub fn from_words(words: &[String]) -> Result<ScoringOptions, String> {
        let read = || -> Result<ScoringOptions, String> {
            let mut options = ScoringOptions::default();
            for (name, value) in stated(words)? {
                options
                    .set(name, value)
                    .map_err(|takes| format!("--{name} {value:?} is not {takes}"))?;
            }
            Ok(options)
        };
        read().map_err(|e| format!("the stored scoring options {words:?} cannot be read: {e}"))
    }

    /// Sets the option `name` (one of [`OPTIONS`]) to `value` (nothing for a flag); a
    /// value it does not take is refused with what it takes.
    fn set(&mut self, name: &str, value: &str) -> Result<(), String> {
        let (c, f) = (&mut self.conventions, &mut self.form);
        match name {
            "scale" => c.scale = Some(choice(value)?),
            "artificial" => c.artificial = Some(choice(value)?),
            "missing" => c.missing = Some(choice(value)?),
            "rounding" => c.rounding = Some(choice(value)?),
            "fields" => self.fields = choice(value)?,
            // Any count, as klaver stored before it refused 0 and more than 52 on the
            // command line: such a night is scored with a warning, not locked out.
            "boards-per-round" => self.boards_per_round = Some(count(value)?),
            "movement" => self.movement = Some(value.to_string()),
            "avg-plus-session" => c.avg_plus_session = true,
            "centred" => c.centred = true,
            "top-integral" => self.top_integral = true,
            "form" => f.form = choice(value)?,
            "datum-drop" => f.datum_drop = value.split(',').map(String::from).collect(),
            "datum-round" => f.datum_round = whole(value)?,
            "cross-imps" => f.cross_imps = choice(value)?,
            "adjusted-imps" => f.adjusted_imps = value.to_string(),
            "vp-max" => f.vp_max = choice(value)?,
            "vp-boards" => f.vp_boards = Some(count(value)?),
            "swiss" => f.swiss = true,
            "bye-vp" => f.bye_vp = Some(value.to_string()),
            "per-board" => f.per_board = true,
            _ => return Err(String::from("an option a session keeps")),
        }
        Ok(())
    }
}

/// The form's options not at their defaults, as command-line words.
fn form_words(f: &FormOptions) -> Vec<String> {
    let default = FormOptions::default();
    let mut w = Vec::new();
    if f.form != default.form {
        w.push(format!("--form={}", f.form.word()));
    }
    if f.datum_drop != default.datum_drop {
        w.push(format!("--datum-drop={}", f.datum_drop.join(",")));
    }
    if f.datum_round != default.datum_round {
        w.push(format!("--datum-round={}", f.datum_round));
    }
    if f.cross_imps != default.cross_imps {
        w.push(format!("--cross-imps={}", f.cross_imps.word()));
    }
    if f.adjusted_imps != default.adjusted_imps {
        w.push(format!("--adjusted-imps={}", f.adjusted_imps));
    }
    if f.vp_max != default.vp_max {
        w.push(format!("--vp-max={}", f.vp_max.word()));
    }
    if let Some(n) = f.vp_boards {
        w.push(format!("--vp-boards={n}"));
    }
    if let Some(vp) = &f.bye_vp {
        w.push(format!("--bye-vp={vp}"));
    }
    for (flag, on) in [("swiss", f.swiss), ("per-board", f.per_board)] {
        if on {
            w.push(format!("--{flag}"));
        }
    }
    w
}

/// Each option the words state with its value (empty for a flag), in their order.
fn stated(words: &[String]) -> Result<Vec<(&'static str, &str)>, String> {
    let mut stated: Vec<(&'static str, &str)> = Vec::new();
    let mut rest = words.iter();
    while let Some(word) = rest.next() {
        let (name, takes, written) = option_of(word)?;
        let value = match (takes, written) {
            (Takes::Nothing, Some(_)) => {
                return Err(format!(
                    "{word:?}: --{name} is a flag and takes no value; write --{name} alone"
                ));
            }
            (Takes::Nothing, None) => "",
            (_, Some(value)) => value,
            (_, None) => next_value(&mut rest, takes).ok_or_else(|| {
                format!("--{name} is given without its value: write --{name}=VALUE")
            })?,
        };
        if stated.iter().any(|&(seen, _)| seen == name) {
            return Err(format!(
                "--{name} is given twice: a session states each option once"
            ));
        }
        stated.push((name, value));
    }
    Ok(stated)
}

/// The option a word names, what it takes, and the value written after its `=`.
fn option_of(word: &str) -> Result<(&'static str, Takes, Option<&str>), String> {
    let Some(written) = word.strip_prefix("--") else {
        return Err(format!(
            "{word:?} is not an option: write --name=value, or --name for a flag"
        ));
    };
    let (name, value) = match written.split_once('=') {
        Some((name, value)) => (name, Some(value)),
        None => (written, None),
    };
    match OPTIONS.iter().find(|(known, _)| *known == name) {
        Some(&(name, takes)) => Ok((name, takes, value)),
        None => {
            let known: Vec<String> = OPTIONS.iter().map(|(n, _)| format!("--{n}")).collect();
            Err(format!(
                "--{name} is not a scoring option; they are {}",
                known.join(", ")
            ))
        }
    }
}

/// The next word as an option's value: any word when its values may start with `-`,
/// else a word that does not (`-` alone is a value), as the command line takes it.
fn next_value<'a>(rest: &mut std::slice::Iter<'a, String>, takes: Takes) -> Option<&'a str> {
    let next = rest.as_slice().first()?;
    if takes == Takes::AnyValue || !next.starts_with('-') || next == "-" {
        rest.next();
        Some(next)
    } else {
        None
    }
}

/// The value a word names; else what the option takes.
fn choice<T: Choice>(word: &str) -> Result<T, String> {
    T::from_word(word).ok_or_else(|| format!("one of {}", T::words()))
}

/// A count (`--boards-per-round`): a whole number, as the command line reads it (`+4`
/// is 4); else what the option takes.
fn count(text: &str) -> Result<u32, String> {
    text.parse::<i64>()
        .ok()
        .and_then(|n| u32::try_from(n).ok())
        .ok_or_else(|| format!("a whole number from 0 to {}", u32::MAX))
}

/// A whole number (`--datum-round`); else what the option takes.
fn whole(text: &str) -> Result<i64, String> {
    text.parse()
        .map_err(|_| String::from("a whole number, such as 10 or 0"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(words: &[&str]) -> Result<ScoringOptions, String> {
        let words: Vec<String> = words.iter().map(|w| w.to_string()).collect();
        ScoringOptions::from_words(&words)
    }

    /// The options read back from their words, and the words again.
    fn round_trip(options: &ScoringOptions) {
        let words = options.to_words();
        let back = ScoringOptions::from_words(&words).unwrap();
        assert_eq!(&back, options, "{words:?}");
        assert_eq!(back.to_words(), words);
    }

    /// Each value of a table, set by `set` on the default options.
    fn each_value<T: Choice + std::fmt::Debug>(set: impl Fn(&mut ScoringOptions, T)) {
        for &(value, word, _) in T::TABLE {
            assert_eq!(T::from_word(word), Some(value));
            assert_eq!(value.word(), word);
            let mut options = ScoringOptions::default();
            set(&mut options, value);
            round_trip(&options);
        }
    }

    /// Every value has its word, and no two share one.
    fn each_has_a_word<T: Choice + std::fmt::Debug>(values: &[T]) {
        assert_eq!(values.len(), T::TABLE.len());
        for &v in values {
            assert_eq!(T::from_word(v.word()), Some(v), "{v:?}");
        }
    }

    #[test]
    fn every_value_has_its_own_word() {
        each_has_a_word(&[Scale::European, Scale::Acbl]);
        each_has_a_word(&[ArtificialRule::CountAsTies, ArtificialRule::LeftOut]);
        each_has_a_word(&[MissingRule::Neuberg, MissingRule::CountAsTies]);
        each_has_a_word(&[
            BoardRounding::Exact,
            BoardRounding::RoundTenth,
            BoardRounding::TruncateTenth,
        ]);
        each_has_a_word(&[Fields::Together, Fields::Separate]);
        each_has_a_word(&[Form::Pairs, Form::Butler, Form::CrossImps, Form::Teams]);
        each_has_a_word(&[CrossImpTotal::Average, CrossImpTotal::Sum]);
        each_has_a_word(&[VpMax::Twenty, VpMax::Ten]);
        assert_eq!(Form::CrossImps.word(), "cross-imps");
        assert_eq!(Scale::words(), "european, acbl");
    }

    #[test]
    fn every_value_of_every_option_reads_back() {
        each_value(|o, v| o.conventions.scale = Some(v));
        each_value(|o, v| o.conventions.artificial = Some(v));
        each_value(|o, v| o.conventions.missing = Some(v));
        each_value(|o, v| o.conventions.rounding = Some(v));
        each_value(|o, v| o.fields = v);
        each_value(|o, v| o.form.form = v);
        each_value(|o, v| o.form.cross_imps = v);
        each_value(|o, v| o.form.vp_max = v);
        round_trip(&ScoringOptions::default());
        round_trip(&everything_set());
    }

    /// Every option away from its default.
    fn everything_set() -> ScoringOptions {
        ScoringOptions {
            conventions: super::super::Conventions {
                scale: Some(Scale::Acbl),
                artificial: Some(ArtificialRule::LeftOut),
                missing: Some(MissingRule::CountAsTies),
                avg_plus_session: true,
                rounding: Some(BoardRounding::TruncateTenth),
                centred: true,
            },
            top_integral: true,
            fields: Fields::Separate,
            boards_per_round: Some(52),
            movement: Some("howell-14-7-same".into()),
            schedule: None,
            stored: false,
            form: FormOptions {
                form: Form::Teams,
                datum_drop: vec!["4:1".into(), "12:3".into()],
                datum_round: -5,
                cross_imps: CrossImpTotal::Sum,
                adjusted_imps: "-3,0,3".into(),
                vp_max: VpMax::Ten,
                vp_boards: Some(0),
                swiss: true,
                bye_vp: Some("10.5".into()),
                per_board: true,
            },
        }
    }

    #[test]
    fn words_are_written_name_equals_value_defaults_left_out() {
        let words = everything_set().to_words();
        assert_eq!(
            words,
            [
                "--scale=acbl",
                "--artificial=neuberg",
                "--missing=ties",
                "--rounding=truncate",
                "--fields=separate",
                "--boards-per-round=52",
                "--movement=howell-14-7-same",
                "--avg-plus-session",
                "--centred",
                "--top-integral",
                "--form=teams",
                "--datum-drop=4:1,12:3",
                "--datum-round=-5",
                "--cross-imps=sum",
                "--adjusted-imps=-3,0,3",
                "--vp-max=10",
                "--vp-boards=0",
                "--bye-vp=10.5",
                "--swiss",
                "--per-board",
            ]
        );
        assert!(ScoringOptions::default().to_words().is_empty());
        // Every option the words may hold is written by one of them.
        for (name, _) in OPTIONS {
            let written = format!("--{name}");
            assert!(
                words.iter().any(|w| w.split('=').next() == Some(&written)),
                "{name}"
            );
        }
    }

    #[test]
    fn words_are_read_as_the_command_line_reads_them() {
        let stated = read(&["--scale", "acbl", "--form", "butler", "--swiss"]).unwrap();
        assert_eq!(
            stated,
            read(&["--scale=acbl", "--form=butler", "--swiss"]).unwrap()
        );
        // A value of --adjusted-imps may start with a hyphen; `-` alone is a value.
        let adjusted = read(&["--adjusted-imps", "-3,0,3"]).unwrap();
        assert_eq!(adjusted.form.adjusted_imps, "-3,0,3");
        assert_eq!(
            read(&["--movement", "-"]).unwrap().movement.as_deref(),
            Some("-")
        );
        // An empty value where any text is one; a value with its own `=`.
        assert_eq!(
            read(&["--movement="]).unwrap().movement.as_deref(),
            Some("")
        );
        assert_eq!(
            read(&["--movement=a=b"]).unwrap().movement.as_deref(),
            Some("a=b")
        );
        // Steps split at their commas, empty ones kept (the datum rule refuses them).
        assert_eq!(
            read(&["--datum-drop=5:1,"]).unwrap().form.datum_drop,
            ["5:1", ""]
        );
        assert_eq!(read(&["--datum-drop="]).unwrap().form.datum_drop, [""]);
        // Numbers with a sign, within their range.
        assert_eq!(
            read(&["--boards-per-round=+4"]).unwrap().boards_per_round,
            Some(4)
        );
        assert_eq!(
            read(&["--boards-per-round=+52"]).unwrap().boards_per_round,
            Some(52)
        );
        // A night stored before the command line refused 0 stays readable.
        assert_eq!(
            read(&["--boards-per-round=-0"]).unwrap().boards_per_round,
            Some(0)
        );
        assert_eq!(read(&["--datum-round=+7"]).unwrap().form.datum_round, 7);
        // A default stated is the default.
        let defaults = read(&["--form=pairs", "--fields=together", "--vp-max=20"]).unwrap();
        assert_eq!(defaults, ScoringOptions::default());
        // What the web app stores for a night it starts.
        let night = read(&["--movement=mitchell-3", "--boards-per-round=3"]).unwrap();
        assert_eq!(night.movement.as_deref(), Some("mitchell-3"));
        assert_eq!(night.boards_per_round, Some(3));
    }

    /// The error for `words`, which must be refused, with the stored words named.
    fn refused(words: &[&str]) -> String {
        let e = read(words).expect_err(&format!("{words:?} must be refused"));
        let e = e
            .strip_prefix(&format!(
                "the stored scoring options {:?} cannot be read: ",
                words
            ))
            .unwrap_or_else(|| panic!("{e}"));
        e.to_string()
    }

    #[test]
    fn an_unknown_option_is_refused_naming_the_options() {
        let e = refused(&["--bogus"]);
        assert!(e.starts_with("--bogus is not a scoring option; they are --scale, --artificial"));
        assert!(e.ends_with("--swiss, --bye-vp, --per-board"), "{e}");
        for words in [
            &["--Scale=acbl"][..],
            &["--sca=acbl"],
            &["---scale=acbl"],
            &["--scale =acbl"],
            &["--help"],
            &["--version"],
            &["--"],
            &["--=x"],
        ] {
            assert!(
                refused(words).contains("is not a scoring option"),
                "{words:?}"
            );
        }
        for words in [&["bogus"][..], &["-"], &["-h"], &["--scale=acbl", "extra"]] {
            assert!(refused(words).contains("is not an option: write --name=value"));
        }
    }

    #[test]
    fn an_unknown_value_is_refused_naming_the_values() {
        assert_eq!(
            refused(&["--scale=ACBL"]),
            "--scale \"ACBL\" is not one of european, acbl"
        );
        assert_eq!(
            refused(&["--form", "cross_imps"]),
            "--form \"cross_imps\" is not one of pairs, butler, cross-imps, teams"
        );
        assert_eq!(
            refused(&["--vp-max=15"]),
            "--vp-max \"15\" is not one of 20, 10"
        );
        assert_eq!(
            refused(&["--missing=simple"]),
            "--missing \"simple\" is not one of neuberg, ties"
        );
        assert_eq!(
            refused(&["--scale="]),
            "--scale \"\" is not one of european, acbl"
        );
        assert_eq!(
            refused(&["--scale=acbl=1"]),
            "--scale \"acbl=1\" is not one of european, acbl"
        );
        for bad in ["-1", "4294967296", " 4", "x", ""] {
            let word = format!("--boards-per-round={bad}");
            assert_eq!(
                refused(&[&word]),
                format!("--boards-per-round {bad:?} is not a whole number from 0 to 4294967295")
            );
        }
        assert_eq!(
            refused(&["--datum-round=1e3"]),
            "--datum-round \"1e3\" is not a whole number, such as 10 or 0"
        );
        assert!(refused(&["--datum-round=9223372036854775808"]).contains("not a whole number"));
    }

    #[test]
    fn an_option_without_its_value_is_refused() {
        assert_eq!(
            refused(&["--scale"]),
            "--scale is given without its value: write --scale=VALUE"
        );
        // The next word is an option, or starts with a hyphen: not a value.
        assert!(
            refused(&["--movement", "--scale=acbl"]).starts_with("--movement is given without")
        );
        assert!(refused(&["--movement", "-x"]).starts_with("--movement is given without"));
        assert!(refused(&["--datum-round", "-5"]).starts_with("--datum-round is given without"));
        assert!(refused(&["--movement", "--"]).starts_with("--movement is given without"));
        assert!(refused(&["--adjusted-imps"]).starts_with("--adjusted-imps is given without"));
    }

    #[test]
    fn a_flag_given_a_value_is_refused() {
        assert_eq!(
            refused(&["--swiss=true"]),
            "\"--swiss=true\": --swiss is a flag and takes no value; write --swiss alone"
        );
        for word in [
            "--top-integral=",
            "--per-board=false",
            "--centred=1",
            "--avg-plus-session=yes",
        ] {
            assert!(
                refused(&[word]).contains("is a flag and takes no value"),
                "{word}"
            );
        }
    }

    #[test]
    fn an_option_given_twice_is_refused() {
        assert_eq!(
            refused(&["--scale=acbl", "--scale", "european"]),
            "--scale is given twice: a session states each option once"
        );
        for words in [
            &["--scale=acbl", "--scale=acbl"][..],
            &["--top-integral", "--top-integral"],
            &["--movement", "x", "--movement", "y"],
            &["--vp-max=20", "--vp-max=20"],
            // The command line adds up the steps of --datum-drop given twice; stored words
            // never give it twice, and are refused when they do.
            &["--datum-drop=5:1", "--datum-drop=10:3"],
        ] {
            assert!(refused(words).contains("is given twice"), "{words:?}");
        }
    }
}
