//! Findings kept in a form a report can word in its own language. A [`Diagnostic`]
//! carries its message in English; the most common warnings of a club night also carry
//! what they found, so that a Dutch or Turkish result list can say them in its words.
//!
//! [`Diagnostic`]: crate::session::Diagnostic

use crate::board::Vulnerability;
use crate::contract::Play;
use crate::matchpoints::MissingRule;
use crate::notation::{Assumption, Misread};

/// A warning a report can word in its own language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Said {
    /// The file says it was scored in IMPs (a PBN `[Scoring]`, a USEBIO scoring method),
    /// and klaver scores it by matchpoints unless an IMP form is asked for: said only
    /// then.
    ScoredInImps,
    /// What a lenient reading assumed (`N2H-` read as made exactly).
    Assumed(Assumption),
    /// A contract whose score is not the score entered, which is used.
    ScoreDisagrees(Disagreement),
    /// A pair sitting out a board (a sit-out line of a results file), not scored: the
    /// section of the line (empty for none) and the pair.
    SatOut {
        /// The section of the line, as the file writes it (empty for none).
        section: String,
        /// The pair that sat out.
        pair: String,
    },
    /// A sit-out line that cannot be one: its pair plays the board on another line (the
    /// line, its North-South and East-West pairs), or the board has no result at all
    /// (`None`).
    SitOutContradicted {
        /// The pair of the sit-out line.
        pair: String,
        /// Where the pair plays the board: the line and its two pairs.
        plays: Option<(u32, String, String)>,
    },
    /// Fewer results on a board than expected, none marked not played.
    FewerResults(Fewer),
    /// Fewer results on a board than expected, as pairs sat out the board (sit-out lines
    /// of a results file, each pair with its line).
    FewerBySitOut(Fewer, Vec<(String, u32)>),
    /// Fewer results on a board of a butler or cross-IMP session than on the most-played
    /// board of its section, none marked not played.
    FewerImpResults(FewerImps),
    /// Fewer results on a board of a butler or cross-IMP session than on the most-played
    /// board of its section, as pairs sat out the board (sit-out lines of a results
    /// file, each pair with its line): a note, nothing to enter.
    FewerImpsBySitOut(FewerImps, Vec<(String, u32)>),
    /// One result on a board where more were expected: it gets the average.
    OnlyOneResult,
    /// A table result that cannot be read (the entered score is used): the text as
    /// written and what could not be read.
    Unread {
        /// The table result as written.
        text: String,
        /// What could not be read.
        misread: Misread,
    },
}

/// A contract whose score is not the score entered (a score North-South can get with
/// the board's vulnerability, so the entered score is used).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Disagreement {
    /// The contract played; `None` for a pass-out.
    pub play: Option<Play>,
    /// The contract's score for North-South.
    pub computed: i32,
    /// The score entered for North-South.
    pub entered: i32,
    /// The board's vulnerability.
    pub vulnerability: Vulnerability,
    /// What the entered score would fit, when it fits something near.
    pub hint: Option<Hint>,
}

/// What an entered score that disagrees with its contract would fit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hint {
    /// The contract's score with this other vulnerability.
    OtherVulnerability(Vulnerability),
    /// The contract with its result's sign the other way round (`2H-1` for `2H+1`).
    SignFlipped(Play),
}

/// A board with fewer results than expected: the results, the expected number, how the
/// missing ones are scored, and the board's comparison group (a section, or empty).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fewer {
    /// The board's results.
    pub results: usize,
    /// The results expected.
    pub expected: usize,
    /// How the missing results are scored.
    pub rule: MissingRule,
    /// The board's comparison group: a section, or empty for all.
    pub group: String,
}

/// A board of a butler or cross-IMP session with fewer results than the most-played
/// board of its section, and how the IMP form scores it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FewerImps {
    /// The board's results.
    pub results: usize,
    /// The results of the section's most-played board.
    pub expected: usize,
    /// How the board is scored with the results it has.
    pub how: ShortBoard,
    /// The board's section, or empty for one field.
    pub group: String,
}

/// How an IMP form scores a board played fewer times than the others: nothing is made
/// up for the missing results; a pair's IMPs per board are over the boards it played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShortBoard {
    /// Butler: the datum is made from the scores the board has.
    Datum,
    /// Cross-IMPs averaged: each result against the fewer others, averaged over them.
    CrossAveraged,
    /// Cross-IMPs summed: each result's IMPs summed over the fewer comparisons, so that
    /// the board weighs less than a board played in full.
    CrossSummed,
}
