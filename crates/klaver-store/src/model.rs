//! What the store keeps, as plain values.

use serde::{Deserialize, Serialize};

/// A club (a federation's server holds many).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Club {
    /// The database's number for the club.
    #[serde(skip)]
    pub id: i64,
    /// The club's short code, unique on the server (`bc-de-kievit`).
    pub code: String,
    /// The club's name.
    pub name: String,
    /// When the club was created.
    pub created_at: String,
}

/// A member or guest.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Player {
    /// The database's number for the player.
    #[serde(skip)]
    pub id: i64,
    /// The federation number (NBB bondsnummer), if any.
    pub number: Option<String>,
    /// The player's name as the club writes it.
    pub name: String,
}

/// A player to add.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct NewPlayer {
    /// The federation number, if any.
    pub number: Option<String>,
    /// The name.
    pub name: String,
}

/// What `import_players` did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PlayersImported {
    /// Players that were new.
    pub added: usize,
    /// Players whose name changed (found by federation number).
    pub renamed: usize,
    /// Players already known as they are.
    pub unchanged: usize,
}

/// A pair, threesome or team of a club.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Partnership {
    /// `pair`, `threesome` or `team`.
    pub kind: String,
    /// Its name.
    pub name: String,
    /// Its players' federation numbers or, for players without one, names.
    pub players: Vec<String>,
}

/// A traveller line as entered: klaver's travellers CSV columns, in English notation.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Line {
    /// The line's place in the session (1, 2, ...).
    pub line_no: i64,
    /// The line (or element) of the imported file it came from.
    pub source_line: i64,
    /// The section (empty when there is one).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub section: String,
    /// The board number.
    pub board: i64,
    /// The table it was played at, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table: Option<i64>,
    /// The round it was played in, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<i64>,
    /// North-South's pair.
    pub ns: String,
    /// East-West's pair.
    pub ew: String,
    /// The room of a teams match (`open`, `closed`); empty for pairs.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub room: String,
    /// The contract (`4SX`, `PASS`), or the text as written when it could not be read.
    #[serde(default)]
    pub contract: String,
    /// The declarer (N, E, S, W).
    #[serde(default)]
    pub declarer: String,
    /// The result (`=`, `+1`, `-2`).
    #[serde(default)]
    pub result: String,
    /// North-South's score as entered.
    #[serde(default)]
    pub score: String,
    /// The director's adjustment (NP, AVG, 60/40, REV, a weighted score).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub adjust: String,
    /// The opening lead.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub lead: String,
}

impl Line {
    /// A pair of this line (not a substitute `-`) that `other`, a line of the same board,
    /// section and room, has too: a pair plays each board once. A director's penalty
    /// line is no result, and shares its pairs with theirs.
    pub fn pair_also_on(&self, other: &Line) -> Option<&str> {
        if other.board != self.board
            || other.section != self.section
            || other.room != self.room
            || self.is_penalty()
            || other.is_penalty()
        {
            return None;
        }
        let theirs = [other.ns.trim(), other.ew.trim()];
        [self.ns.trim(), self.ew.trim()]
            .into_iter()
            .find(|p| *p != "-" && !p.is_empty() && theirs.contains(p))
    }

    /// Whether the line is a director's penalty (`PEN -3/0`) rather than a result.
    pub fn is_penalty(&self) -> bool {
        is_penalty_adjust(&self.adjust)
    }
}

/// Whether a line's adjustment text is a director's penalty (`PEN -3/0`).
pub(crate) fn is_penalty_adjust(adjust: &str) -> bool {
    adjust
        .trim_start()
        .get(..4)
        .is_some_and(|p| p.eq_ignore_ascii_case("PEN "))
}

/// A stored traveller line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredLine {
    /// The line as it stands now.
    pub line: Line,
    /// 1 as entered; one more for every correction.
    pub version: i64,
    /// Who entered it: `import`, a director's login, or `table 3`.
    pub entered_by: String,
}

/// A pair of a session as the session's files name it.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SessionPair {
    /// The section (empty when there is one).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub section: String,
    /// The pair's number or id.
    pub pair: String,
    /// The names as written.
    #[serde(default)]
    pub names: String,
    /// The club's players recognised in the names, in seat order.
    #[serde(default)]
    pub players: Vec<Player>,
}

/// A session's description: when, which line, how it is scored, where it came from.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct SessionInfo {
    /// The database's number for the session.
    #[serde(skip)]
    pub id: i64,
    /// The date played, `YYYY-MM-DD`.
    pub date: String,
    /// The playing moment (`tuesday`).
    pub moment: String,
    /// The line (`A`, `B`), empty when the night had one.
    #[serde(default)]
    pub line_name: String,
    /// The event's title.
    #[serde(default)]
    pub title: String,
    /// `pairs`, `butler`, `cross-imps` or `teams`.
    pub form: String,
    /// The movement played, when given: a name such as `mitchell-7`, or the name the
    /// schedule file was given.
    #[serde(default)]
    pub movement: Option<String>,
    /// The schedule file's text when the movement was one: the session is scored from
    /// it, never from the file again. `None` for a named movement, and for a session
    /// stored before schedules were kept, whose schedule is read from the file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub schedule: Option<String>,
    /// Boards per round, when given.
    #[serde(default)]
    pub boards_per_round: Option<i64>,
    /// The scoring options as klaver's command line writes them (`--scale acbl`).
    #[serde(default)]
    pub options: Vec<String>,
    /// The file the session was imported from, and its format.
    #[serde(default)]
    pub source: String,
    /// When it was imported.
    #[serde(default)]
    pub imported_at: String,
    /// Who imported it.
    #[serde(default)]
    pub imported_by: String,
    /// When the results were published; `None` while the night is still being played
    /// or entered.
    #[serde(default)]
    pub published_at: Option<String>,
}

/// A sit-out line of the file a session was imported from: a pair that sat out a board
/// (a PBN ScoreTable row with one pair and no opponents, as Ruter writes a night of an
/// odd number of pairs). It is no result and is not scored; it is kept so that a board
/// it accounts for is said to be short by the pair that sat out, not by a result to
/// enter.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SitOut {
    /// The section (empty when there is one).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub section: String,
    /// The board the pair sat out.
    pub board: i64,
    /// The pair.
    pub pair: String,
    /// The line of the imported file that says so.
    pub source_line: i64,
}

/// A session to store.
#[derive(Debug, Clone, Default)]
pub struct NewSession {
    /// Its description (`id`, `imported_at` are filled in by the store; an empty
    /// moment becomes the weekday of the date).
    pub info: SessionInfo,
    /// Its pairs with the players recognised.
    pub pairs: Vec<SessionPair>,
    /// Its traveller lines.
    pub lines: Vec<Line>,
    /// The sit-out lines of its file, in the file's order.
    pub sit_outs: Vec<SitOut>,
}

/// A session as stored.
#[derive(Debug, Clone, Default)]
pub struct Session {
    /// Its description.
    pub info: SessionInfo,
    /// Its pairs.
    pub pairs: Vec<SessionPair>,
    /// Its traveller lines, in order.
    pub lines: Vec<StoredLine>,
    /// The sit-out lines of the file it was imported from, in the file's order (none
    /// for a session stored by a klaver that did not keep them).
    pub sit_outs: Vec<SitOut>,
}

/// A line in the list of a club's sessions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionSummary {
    /// The description.
    pub info: SessionInfo,
    /// How many pairs played.
    pub pairs: i64,
    /// How many traveller lines it has.
    pub lines: i64,
    /// How many corrections were made.
    pub corrections: i64,
}

/// A change made to an entered line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Correction {
    /// When.
    pub made_at: String,
    /// Who made it.
    pub made_by: String,
    /// Why.
    pub reason: String,
    /// The line before; `None` for a line added to the session after it was stored (a
    /// traveller found later, a director's penalty).
    pub old: Option<Line>,
    /// The line after.
    pub new: Line,
}
