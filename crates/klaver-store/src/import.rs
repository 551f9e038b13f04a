//! Between klaver's files and the store: an event's lines and pairs as the store keeps
//! them, the names on a result list matched to the club's players, and a stored session
//! written back as travellers and pairs CSV to be scored.

use crate::model::{Line, Player, Session, SessionPair, SitOut};
use klaver_core::said::Said;
use klaver_io::exchange::{LineFields, line_fields, penalty_fields, write_lines_csv};
use klaver_io::travellers::Event;

/// The traveller lines of an event, in order, as the store keeps them: its results
/// and the director's penalty lines, each where the file had it.
pub fn lines_from_event(event: &Event) -> Vec<Line> {
    let results =
        (0..event.results.len()).map(|i| (event.results[i].line(), line_fields(event, i)));
    let penalties = event
        .penalties
        .iter()
        .map(|p| (p.line, penalty_fields(event, p)));
    let mut lines: Vec<(u32, LineFields)> = results.chain(penalties).collect();
    if !event.penalties.is_empty() {
        lines.sort_by_key(|(line, _)| *line);
    }
    lines
        .into_iter()
        .enumerate()
        .map(|(i, (source_line, f))| Line {
            line_no: i as i64 + 1,
            source_line: i64::from(source_line),
            section: f.section,
            board: i64::from(f.board),
            table: f.table.map(i64::from),
            round: f.round.map(i64::from),
            ns: f.ns,
            ew: f.ew,
            room: f.room,
            contract: f.contract,
            declarer: f.declarer,
            result: f.result,
            score: f.score,
            adjust: f.adjust,
            lead: f.lead,
        })
        .collect()
}

/// The sit-out lines of an event's file (a pair that sat out a board), as the store
/// keeps them: from the reading's warnings, each with its section and line.
pub fn sit_outs_from_event(event: &Event) -> Vec<SitOut> {
    event
        .diagnostics
        .iter()
        .filter_map(|d| match (d.said.as_deref(), d.board) {
            (Some(Said::SatOut { section, pair }), Some(board)) => Some(SitOut {
                section: section.clone(),
                board: i64::from(board),
                pair: pair.clone(),
                source_line: i64::from(d.line.unwrap_or(0)),
            }),
            _ => None,
        })
        .collect()
}

/// A pair whose names could not all be matched to the club's players.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownNames {
    /// The pair's section.
    pub section: String,
    /// The pair.
    pub pair: String,
    /// What could not be matched, and why.
    pub problems: Vec<String>,
}

/// The event's pairs with the club's players recognised in their names (or federation
/// numbers), and the pairs where some name was not recognised.
pub fn pairs_from_event(
    event: &Event,
    players: &[Player],
) -> (Vec<SessionPair>, Vec<UnknownNames>) {
    let mut pairs = Vec::with_capacity(event.pairs.len());
    let mut unknown = Vec::new();
    let index = PlayerIndex::new(players);
    // A substitute (`-`) has no name to match and no row of its own: its lines make it
    // again when the session is read back.
    for (i, p) in event.pairs.iter().enumerate().filter(|(_, p)| !p.unranked) {
        let ids = event.player_ids.get(i).map_or(&[][..], Vec::as_slice);
        let m = index.match_names(&p.names, ids);
        if !m.problems.is_empty() {
            unknown.push(UnknownNames {
                section: p.section.clone(),
                pair: p.id.clone(),
                problems: m.problems,
            });
        }
        pairs.push(SessionPair {
            section: p.section.clone(),
            pair: p.id.clone(),
            names: p.names.clone(),
            players: m.players,
        });
    }
    (pairs, unknown)
}

/// The players recognised in a pair's names, and what was not recognised.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct NameMatch {
    /// The players found, in the order written.
    pub players: Vec<Player>,
    /// One message per name or number not matched.
    pub problems: Vec<String>,
}

/// Finds a pair's players: by federation number when the pairs file gives them (`ids`,
/// by seat: a guest without a number, "", is found by the name in its seat), else by
/// name. A name matches a player's full name, a surname alone (`De Vries`) or an initial
/// with the surname (`J. Jansen`), ignoring case and extra spaces, when exactly one player
/// fits; otherwise it is reported, never guessed.
pub fn match_pair_names(names: &str, ids: &[String], players: &[Player]) -> NameMatch {
    PlayerIndex::new(players).match_names(names, ids)
}

/// The club's players looked up by federation number, by full name and by surname, so
/// that matching a field's pairs takes time in proportion to the field, not to the
/// field times the club.
pub struct PlayerIndex<'a> {
    players: &'a [Player],
    by_number: std::collections::HashMap<&'a str, usize>,
    by_name: std::collections::HashMap<String, Vec<usize>>,
    /// By the last word of the name: every short form (`De Vries`, `J. Jansen`) ends
    /// with it.
    by_last_word: std::collections::HashMap<String, Vec<usize>>,
    normal: Vec<String>,
}

impl<'a> PlayerIndex<'a> {
    /// The index of a club's players.
    pub fn new(players: &'a [Player]) -> PlayerIndex<'a> {
        let mut index = PlayerIndex {
            players,
            by_number: Default::default(),
            by_name: Default::default(),
            by_last_word: Default::default(),
            normal: players.iter().map(|p| normal(&p.name)).collect(),
        };
        for (i, p) in players.iter().enumerate() {
            if let Some(n) = p.number.as_deref() {
                index.by_number.entry(n).or_insert(i);
            }
            let name = &index.normal[i];
            index.by_name.entry(name.clone()).or_default().push(i);
            if let Some(last) = name.rsplit(' ').next() {
                index
                    .by_last_word
                    .entry(last.to_string())
                    .or_default()
                    .push(i);
            }
        }
        index
    }

    /// Finds a pair's players: see [`match_pair_names`].
    pub fn match_names(&self, names: &str, ids: &[String]) -> NameMatch {
        let mut out = NameMatch::default();
        if !ids.is_empty() {
            self.match_seats(names, ids, &mut out);
            return out;
        }
        if names.trim().is_empty() {
            out.problems
                .push("no names: add them in the pairs file (pair,names)".into());
            return out;
        }
        for part in split_names(names) {
            self.match_name(&part, &mut out);
        }
        out
    }

    /// A pair's players by seat: a seat's federation number finds its player, and a
    /// seat without one (a guest) is found by the name in the same place of `names`,
    /// never by another seat's number.
    fn match_seats(&self, names: &str, ids: &[String], out: &mut NameMatch) {
        let parts = split_names(names);
        for (seat, id) in ids.iter().enumerate() {
            if !id.is_empty() {
                match self.by_number.get(id.as_str()) {
                    Some(&i) => {
                        if let Some(name) = parts.get(seat).filter(|_| parts.len() == ids.len()) {
                            out.problems.extend(self.not_named(name, id, i));
                        }
                        out.players.push(self.players[i].clone());
                    }
                    None => out.problems.push(format!(
                        "federation number {id} is not one of the club's players"
                    )),
                }
            } else if parts.len() == ids.len() {
                self.match_name(&parts[seat], out);
            } else {
                out.problems.push(unseated(names, parts.len(), ids, seat));
            }
        }
    }

    /// What is wrong with seat name `name` given with federation number `id`, player
    /// `i`'s: nothing when it is their name or a short form of it (or a mark without a
    /// name); else the number finds the player, and the name is said.
    fn not_named(&self, name: &str, id: &str, i: usize) -> Option<String> {
        let want = normal(name);
        let full = &self.normal[i];
        let fits = want == *full || short_form_of(&want, full) || shares_a_name(&want, full);
        if fits || !name.chars().any(char::is_alphabetic) {
            return None;
        }
        let who = &self.players[i].name;
        Some(format!(
            "{name:?} is given federation number {id}, which is {who}'s: the pair is stored with {who}; correct the name or the number"
        ))
    }

    /// The one player `part` names, or what is wrong with it.
    fn match_name(&self, part: &str, out: &mut NameMatch) {
        // A mark without a letter or digit (Ruter's `+` for a player it does not know)
        // names nobody: never a player, nor a guest to add.
        if !part.chars().any(char::is_alphanumeric) {
            out.problems.push(format!(
                "{part:?} names no player (a mark for a player without a name): the seat is left without one"
            ));
            return;
        }
        let candidates = self.candidates(&normal(part));
        match candidates.as_slice() {
            [one] => out.players.push(self.players[*one].clone()),
            [] => out
                .problems
                .push(format!("{part:?} is not one of the club's players")),
            _ if out
                .problems
                .iter()
                .any(|p| p.starts_with(&format!("{part:?} could be"))) => {}
            many => out.problems.push(format!(
                "{part:?} could be {}: write the full name or the federation number",
                many.iter()
                    .map(|&i| self.players[i].name.as_str())
                    .collect::<Vec<_>>()
                    .join(" or ")
            )),
        }
    }

    /// The players a name may stand for: those with exactly this name, else those whose
    /// name it is a short form of.
    fn candidates(&self, want: &str) -> Vec<usize> {
        if let Some(exact) = self.by_name.get(want) {
            return exact.clone();
        }
        let last = want.rsplit(['.', ' ']).next().unwrap_or(want);
        self.by_last_word
            .get(last)
            .map(|v| {
                v.iter()
                    .copied()
                    .filter(|&i| short_form_of(want, &self.normal[i]))
                    .collect()
            })
            .unwrap_or_default()
    }
}

fn normal(name: &str) -> String {
    name.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// Whether two names (normalised) have a name in common, written with or without its
/// full stops and hyphens: the same person written another way (`harry o kinn` and
/// `harry o. kinn`, a married name beside the maiden one, a second surname left out), not
/// another player. Initials and the particles of surnames (`de`, `van der`) are no
/// names: `Jan de Vries` is not `Henk de Boer`.
fn shares_a_name(a: &str, b: &str) -> bool {
    const PARTICLES: [&str; 11] = [
        "van", "der", "den", "ter", "ten", "het", "von", "del", "dos", "das", "les",
    ];
    let words = |s: &str| -> Vec<String> {
        s.split(|c: char| c.is_whitespace() || c == '-')
            .map(|w| {
                w.chars()
                    .filter(|c| c.is_alphanumeric())
                    .collect::<String>()
            })
            .filter(|w| w.chars().count() >= 3 && !PARTICLES.contains(&w.as_str()))
            .collect()
    };
    let theirs = words(b);
    words(a).iter().any(|w| theirs.contains(w))
}

/// Whether `short` is `full`'s surname alone, or an initial and the surname.
fn short_form_of(short: &str, full: &str) -> bool {
    if full.ends_with(short) && full[..full.len() - short.len()].ends_with(' ') {
        return true;
    }
    // "j. jansen", "j jansen", "j.jansen"
    let mut chars = short.chars();
    let (Some(initial), rest) = (chars.next(), chars.as_str()) else {
        return false;
    };
    let rest = rest.trim_start_matches('.').trim_start();
    !rest.is_empty()
        && rest.len() + 1 < short.len()
        && full.starts_with(initial)
        && full.ends_with(rest)
        && full[..full.len() - rest.len()].ends_with(' ')
}

/// What keeps seat `seat` (without a number) of a pair from its name: more seats than
/// names (a typo in the ids, such as `1005++1006`) is the ids' to correct; otherwise
/// the names do not tell the players apart.
fn unseated(names: &str, players: usize, ids: &[String], seat: usize) -> String {
    if players >= 2 && ids.len() > players {
        let seats: Vec<&str> = ids
            .iter()
            .map(|id| if id.is_empty() { "none" } else { id })
            .collect();
        return format!(
            "its ids give {} seats ({}) for its {players} names ({names:?}), so whose seat {} is cannot be told: correct the players' ids in the pairs file, one for each name",
            ids.len(),
            seats.join(", "),
            seat + 1
        );
    }
    format!(
        "player {} has no federation number and {names:?} does not give {} names to tell whose it is: write the names as \"Jansen - de Vries\", one for each player",
        seat + 1,
        ids.len()
    )
}

/// The players' names of a pair as written: `Jansen - De Vries`, `A & B`, `A / B`,
/// `A en B`, `A and B`; split as the pairs file reader splits them.
pub use klaver_io::travellers::split_names;

/// A stored line as the travellers CSV's columns.
pub fn fields_of(line: &Line) -> LineFields {
    let number = |n: Option<i64>| n.and_then(|n| u32::try_from(n).ok());
    LineFields {
        section: line.section.clone(),
        board: u32::try_from(line.board).unwrap_or(0),
        table: number(line.table),
        round: number(line.round),
        ns: line.ns.clone(),
        ew: line.ew.clone(),
        room: line.room.clone(),
        contract: line.contract.clone(),
        declarer: line.declarer.clone(),
        result: line.result.clone(),
        score: line.score.clone(),
        adjust: line.adjust.clone(),
        lead: line.lead.clone(),
    }
}

/// A stored session's lines as a travellers CSV, to be scored like any file.
pub fn travellers_csv(session: &Session) -> Vec<u8> {
    let fields: Vec<LineFields> = session.lines.iter().map(|l| fields_of(&l.line)).collect();
    let mut out = Vec::new();
    // Writing to memory cannot fail.
    let _ = write_lines_csv(&mut out, &fields);
    out
}

/// A stored session's pairs as a pairs CSV (`section,pair,names,players`), the players
/// by federation number (or, without one, by name) joined with `+`, each in the seat
/// its name is in (`+1004` for a guest the club does not know beside member 1004).
pub fn pairs_csv(session: &Session) -> Vec<u8> {
    let mut w = csv::WriterBuilder::new().from_writer(Vec::new());
    let _ = w.write_record(["section", "pair", "names", "players"]);
    for p in &session.pairs {
        let ids = seats(p)
            .iter()
            .map(|seat| {
                seat.map_or(String::new(), |pl| {
                    pl.number.clone().unwrap_or_else(|| pl.name.clone())
                })
            })
            .collect::<Vec<_>>()
            .join("+");
        let _ = w.write_record([&p.section, &p.pair, &p.names, &ids]);
    }
    w.into_inner().unwrap_or_default()
}

/// A stored pair's players by seat: as stored when every seat has its player; else each
/// player in the seat of the names that names them alone (a seat no player's name is
/// in, a guest the club does not know, is `None`). A player whose seat the names do not
/// tell goes in the first seat left, in the order stored.
fn seats(p: &SessionPair) -> Vec<Option<&Player>> {
    let names = split_names(&p.names);
    if p.players.is_empty() || names.len() <= p.players.len() {
        return p.players.iter().map(Some).collect();
    }
    let index = PlayerIndex::new(&p.players);
    let mut seats: Vec<Option<&Player>> = vec![None; names.len()];
    let mut placed = vec![false; p.players.len()];
    for (seat, name) in names.iter().enumerate() {
        let found = index.candidates(&normal(name));
        if let [one] = found.as_slice()
            && !placed[*one]
        {
            seats[seat] = Some(&p.players[*one]);
            placed[*one] = true;
        }
    }
    let unplaced = p.players.iter().zip(&placed).filter(|(_, done)| !**done);
    for (player, _) in unplaced {
        if let Some(free) = seats.iter().position(Option::is_none) {
            seats[free] = Some(player);
        }
    }
    seats
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(id: i64, number: Option<&str>, name: &str) -> Player {
        Player {
            id,
            number: number.map(str::to_string),
            name: name.to_string(),
        }
    }

    /// A federation number given beside a name that is not its player's (`Wim Wiskunde`
    /// with 1008, Henk de Boer's) stored the night under the number's player without a
    /// word. The number finds the player, and the name is said; a name the number's
    /// player goes by (`H. de Boer`, `De Boer`) and a seat's mark without a name (`+`)
    /// are not.
    #[test]
    fn a_name_that_is_not_its_numbers_player_is_said() {
        let club = [
            player(1, Some("1008"), "Henk de Boer"),
            player(2, Some("1006"), "Tom Visser"),
        ];
        let ids = |a: &str, b: &str| [a.to_string(), b.to_string()];
        let m = match_pair_names("Wim Wiskunde - Tom Visser", &ids("1008", "1006"), &club);
        assert_eq!(m.players.iter().map(|p| p.id).collect::<Vec<_>>(), [1, 2]);
        assert_eq!(
            m.problems,
            [
                "\"Wim Wiskunde\" is given federation number 1008, which is Henk de Boer's: the pair is stored with Henk de Boer; correct the name or the number"
            ]
        );
        // The same person written another way: without the full stop, with a second
        // surname, or under a married name (real Ruter nights write all three).
        let more = [
            player(3, Some("9866"), "Harry O. Kinn"),
            player(4, Some("4406"), "Hanne Sagdahl"),
        ];
        let m = match_pair_names(
            "Harry O Kinn - Hanne Sundelin-Sagdahl",
            &ids("9866", "4406"),
            &more,
        );
        assert!(m.problems.is_empty(), "{:?}", m.problems);
        // A particle in common is no name in common.
        let m = match_pair_names("Jan de Vries - Tom Visser", &ids("1008", "1006"), &club);
        assert_eq!(m.problems.len(), 1, "{:?}", m.problems);
        for names in [
            "H. de Boer - Visser",
            "De Boer - T. Visser",
            "+ - Tom Visser",
        ] {
            let m = match_pair_names(names, &ids("1008", "1006"), &club);
            assert!(m.problems.is_empty(), "{names}: {:?}", m.problems);
        }
    }

    /// A member beside a guest the club does not know was written in the first seat of
    /// the pairs CSV (`1004` for `Gast Een - Kees Bakker`), so that every export put the
    /// member's number in the guest's seat, and an import of it took the guest for the
    /// member. Each player is written in the seat their name is in.
    #[test]
    fn a_member_beside_an_unknown_guest_keeps_their_seat() {
        let pair = |names: &str, players: Vec<Player>| SessionPair {
            section: String::new(),
            pair: "2".into(),
            names: names.into(),
            players,
        };
        let session = Session {
            pairs: vec![
                pair(
                    "Gast Een - Kees Bakker",
                    vec![player(4, Some("1004"), "Kees Bakker")],
                ),
                pair(
                    "K. Bakker - Gast Twee",
                    vec![player(4, Some("1004"), "Kees Bakker")],
                ),
                pair(
                    "Ann Smit - Bob Smit",
                    vec![
                        player(5, Some("1005"), "Ann Smit"),
                        player(6, None, "Bob Smit"),
                    ],
                ),
                pair("Gast - Gast", vec![]),
            ],
            ..Session::default()
        };
        let csv = String::from_utf8(pairs_csv(&session)).unwrap();
        assert_eq!(
            csv,
            "section,pair,names,players\n,2,Gast Een - Kees Bakker,+1004\n,2,K. Bakker - Gast Twee,1004+\n,2,Ann Smit - Bob Smit,1005+Bob Smit\n,2,Gast - Gast,\n"
        );
    }

    /// A guest without a number beside a member: the member is found by number, the
    /// guest by the name in its own seat, whichever seat the guest has. The guest was
    /// dropped from the pair without a word, the pair stored with one player.
    #[test]
    fn a_guests_seat_is_matched_by_its_name_and_the_members_by_number() {
        let club = [
            player(1, None, "Terje"),
            player(2, Some("45215"), "Odd Mikalsen"),
        ];
        let ids = |a: &str, b: &str| [a.to_string(), b.to_string()];
        let m = match_pair_names("Terje - Odd Mikalsen", &ids("", "45215"), &club);
        assert_eq!(m.players.iter().map(|p| p.id).collect::<Vec<_>>(), [1, 2]);
        assert!(m.problems.is_empty(), "{:?}", m.problems);
        let m = match_pair_names("Odd Mikalsen - Terje", &ids("45215", ""), &club);
        assert_eq!(m.players.iter().map(|p| p.id).collect::<Vec<_>>(), [2, 1]);
        // A guest the club does not know is said by name, never taken for the member.
        let m = match_pair_names("Gast - Odd Mikalsen", &ids("", "45215"), &club);
        assert_eq!(m.players.iter().map(|p| p.id).collect::<Vec<_>>(), [2]);
        assert_eq!(m.problems, ["\"Gast\" is not one of the club's players"]);
        // Names that cannot be told apart by seat: the guest's seat is said.
        let m = match_pair_names("Terje, Odd Mikalsen", &ids("", "45215"), &club);
        assert_eq!(m.players.iter().map(|p| p.id).collect::<Vec<_>>(), [2]);
        assert_eq!(m.problems.len(), 1, "{:?}", m.problems);
    }

    /// A typo in the pairs file's ids (`1005++1006`) gives more seats than the pair has
    /// names: the import told the director to write the names again, which were right.
    /// It says the ids give more seats than the names, to correct the ids.
    #[test]
    fn more_seats_than_names_points_at_the_ids() {
        let club = [
            player(1, Some("1005"), "Eve X"),
            player(2, Some("1006"), "Fay Y"),
        ];
        let ids = ["1005".to_string(), String::new(), "1006".to_string()];
        let m = match_pair_names("Eve X - Fay Y", &ids, &club);
        assert_eq!(m.players.iter().map(|p| p.id).collect::<Vec<_>>(), [1, 2]);
        assert_eq!(
            m.problems,
            [
                "its ids give 3 seats (1005, none, 1006) for its 2 names (\"Eve X - Fay Y\"), so whose seat 2 is cannot be told: correct the players' ids in the pairs file, one for each name"
            ]
        );
    }

    #[test]
    fn names_match_full_surname_and_initial_but_never_a_guess() {
        let club = [
            player(1, Some("1001"), "Jan Jansen"),
            player(2, Some("1002"), "Piet de Vries"),
            player(3, None, "Anna Jansen"),
            player(4, Some("1004"), "Kees Bakker"),
        ];
        let m = match_pair_names("Kees Bakker - De Vries", &[], &club);
        assert_eq!(m.players.iter().map(|p| p.id).collect::<Vec<_>>(), [4, 2]);
        assert!(m.problems.is_empty());
        let m = match_pair_names("J. Jansen & A Jansen", &[], &club);
        assert_eq!(m.players.iter().map(|p| p.id).collect::<Vec<_>>(), [1, 3]);
        let m = match_pair_names("Jansen / Mulder", &[], &club);
        assert!(m.players.is_empty());
        assert_eq!(
            m.problems,
            [
                "\"Jansen\" could be Jan Jansen or Anna Jansen: write the full name or the federation number",
                "\"Mulder\" is not one of the club's players"
            ]
        );
        let m = match_pair_names("", &["1001".into(), "9999".into()], &club);
        assert_eq!(m.players.len(), 1);
        assert_eq!(
            m.problems,
            ["federation number 9999 is not one of the club's players"]
        );
        // A hyphenated surname is one name.
        assert_eq!(
            split_names("Smit-Jansen en Bakker"),
            ["Smit-Jansen", "Bakker"]
        );
    }
}
