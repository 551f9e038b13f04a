//! Custom schedules as CSV: `round,table,ns,ew,boards`, one line per table per round
//! (SPEC section 5: any movement the club already uses can be loaded).
//!
//! `boards` is a range `first-last` or a single board, at most board 9999; a bye is a
//! line whose `ew` (or `ns`) is empty, `-` or `bye`. Numbers are written with digits
//! only, and the rounds are numbered 1, 2, 3, ... without a gap. A line whose `table` is
//! `bye` (`1,bye,,,9-10`) puts a set on the bye stand for the round: nobody plays it,
//! and the table that plays it next takes it from there (a relay Mitchell); the line
//! names a set the tables play, one that no table plays that round. A schedule without
//! such lines has no bye stand. A pair is written one way on every line: `1` and `01`
//! (or `3a` and `3A`) in one file are refused, as the file cannot say whether they are
//! one pair or two. Lines starting with `#` and blank lines are skipped; fields may be
//! quoted. The same shape is written by [`to_csv`], so a generated movement can be
//! saved, edited and loaded again.

use super::{BoardRange, Movement, Round, TableRound};
use crate::session::plain_id;

/// The highest board a schedule may hold: more than any movement klaver generates (a
/// 120-pair Howell of 52 boards a round plays 6188).
pub const MAX_BOARD: u32 = 9999;
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// A schedule line that cannot be read, with its line number and what to fix.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ScheduleError {
    /// The header is not `round,table,ns,ew,boards`.
    #[error("line {line}: the header must be `round,table,ns,ew,boards`, found `{found}`")]
    Header {
        /// The line number.
        line: usize,
        /// The header as found.
        found: String,
    },
    /// A line without five fields.
    #[error("line {line}: expected 5 fields (round,table,ns,ew,boards), found {found}")]
    Fields {
        /// The line number.
        line: usize,
        /// How many fields the line has.
        found: usize,
    },
    /// A field that is not what its column needs.
    #[error("line {line}: {column} {value:?} {problem}")]
    Field {
        /// The line number.
        line: usize,
        /// The column.
        column: &'static str,
        /// The text found.
        value: String,
        /// What is wrong and what to write instead.
        problem: &'static str,
    },
    /// Round numbers that skip one: the rounds are numbered 1, 2, 3, ...
    #[error(
        "line {line}: round {round}, but no line has round {missing}: number the rounds 1, 2, \
         3, ... without a gap"
    )]
    RoundGap {
        /// The first line of the round after the gap.
        line: usize,
        /// The round after the gap.
        round: u32,
        /// The first round missing.
        missing: u32,
    },
    /// A set put on the bye stand in a round in which a table plays it, or in a round
    /// no table plays.
    #[error("line {line}: round {round} {problem}")]
    ByeStand {
        /// The line number.
        line: usize,
        /// The round.
        round: u32,
        /// What is wrong and what to write instead.
        problem: String,
    },
    /// One pair written two ways (`01` and `1`, `3a` and `3A`): a schedule's pair is
    /// one id, so the file is refused rather than read as two pairs.
    #[error(
        "line {line}: pair {later} and pair {earlier}{} are written differently: a schedule \
         names each pair one way; if they are one pair, write its number the same way on \
         every line, else give them different numbers",
        if first_line == line { String::new() } else { format!(" of line {first_line}") }
    )]
    PairWrittenTwoWays {
        /// The line with the later spelling.
        line: usize,
        /// The later spelling.
        later: String,
        /// The spelling met first.
        earlier: String,
        /// The line the first spelling is on.
        first_line: usize,
    },
    /// A file without any table line.
    #[error("the schedule has no table lines: add one line per table per round")]
    Empty,
}

/// Splits one CSV line into fields, honouring double quotes.
fn split(line: &str) -> Vec<String> {
    let mut fields = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' if quoted && chars.peek() == Some(&'"') => {
                cur.push('"');
                chars.next();
            }
            '"' => quoted = !quoted,
            ',' if !quoted => fields.push(std::mem::take(&mut cur)),
            _ => cur.push(c),
        }
    }
    fields.push(cur);
    fields.into_iter().map(|f| f.trim().to_string()).collect()
}

/// A number written with digits only: `+1` is refused as a signed board number is in
/// the travellers.
fn digits(value: &str) -> Option<u32> {
    value
        .bytes()
        .all(|b| b.is_ascii_digit())
        .then(|| value.parse().ok())
        .flatten()
}

fn number(line: usize, column: &'static str, value: &str) -> Result<u32, ScheduleError> {
    match digits(value) {
        Some(n) if n > 0 => Ok(n),
        _ => Err(ScheduleError::Field {
            line,
            column,
            value: value.to_string(),
            problem: "is not a number from 1: write the number only",
        }),
    }
}

fn boards(line: usize, value: &str) -> Result<BoardRange, ScheduleError> {
    let bad = |problem| ScheduleError::Field {
        line,
        column: "boards",
        value: value.to_string(),
        problem,
    };
    let (a, b) = match value.split_once('-') {
        Some((a, b)) => (a.trim(), b.trim()),
        None => (value, value),
    };
    let first = digits(a)
        .ok_or_else(|| bad("is not a board range: write first-last, as 5-8, or one board"))?;
    let last = digits(b)
        .ok_or_else(|| bad("is not a board range: write first-last, as 5-8, or one board"))?;
    if first == 0 || last < first {
        return Err(bad("must run from a board 1 or higher up to a later board"));
    }
    if last > MAX_BOARD {
        return Err(bad(
            "runs past board 9999, the highest board a schedule may hold: number the boards \
             from 1 as they are played",
        ));
    }
    Ok(BoardRange { first, last })
}

/// The pair in a seat; `None` for an empty seat: nothing, `-` or `bye` in any case.
fn pair(value: &str) -> Option<String> {
    (!value.is_empty() && value != "-" && !value.eq_ignore_ascii_case("bye"))
        .then(|| value.to_string())
}

/// Reads a schedule from CSV text; the movement's name is "custom schedule".
///
/// Structural mistakes (a missing field, a board range that is not one) are errors here;
/// everything about how the schedule plays (a pair twice in a round, a board played
/// twice) is for [`super::validate`], which names the round and table.
pub fn parse_csv(text: &str) -> Result<Movement, ScheduleError> {
    let mut header_seen = false;
    let mut by_round: BTreeMap<u32, Vec<TableRound>> = BTreeMap::new();
    let mut first_line: BTreeMap<u32, usize> = BTreeMap::new();
    let mut on_stand = Vec::new();
    let mut spellings = Spellings::default();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let trimmed = raw.trim().trim_start_matches('\u{feff}');
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let f = split(trimmed);
        if !header_seen {
            let names: Vec<String> = f.iter().map(|s| s.to_ascii_lowercase()).collect();
            if names != ["round", "table", "ns", "ew", "boards"] {
                return Err(ScheduleError::Header {
                    line,
                    found: trimmed.to_string(),
                });
            }
            header_seen = true;
            continue;
        }
        if f.len() != 5 {
            return Err(ScheduleError::Fields {
                line,
                found: f.len(),
            });
        }
        let round = number(line, "round", &f[0])?;
        if f[1].eq_ignore_ascii_case("bye") {
            on_stand.push((line, round, bye_stand_line(line, &f)?));
            continue;
        }
        let table = number(line, "table", &f[1])?;
        let (ns, ew) = (pair(&f[2]), pair(&f[3]));
        for p in [&ns, &ew].into_iter().flatten() {
            spellings.note(line, p)?;
        }
        if ns.is_none() && ew.is_none() {
            return Err(ScheduleError::Field {
                line,
                column: "ns and ew",
                value: String::new(),
                problem: "are both empty: name at least the pair that has a bye",
            });
        }
        first_line.entry(round).or_insert(line);
        by_round.entry(round).or_default().push(TableRound {
            table,
            ns,
            ew,
            boards: boards(line, &f[4])?,
        });
    }
    if by_round.is_empty() {
        return Err(ScheduleError::Empty);
    }
    check_round_numbers(&first_line)?;
    check_bye_stand(&on_stand, &by_round)?;
    let rounds = by_round
        .into_iter()
        .map(|(number, tables)| Round { number, tables })
        .collect();
    let mut m = Movement::new("custom schedule", rounds);
    m.bye_stand = !on_stand.is_empty();
    Ok(m)
}

/// The pair ids of a schedule as first written, by their plain form (upper case, no
/// leading zeros or plus sign), with the line each is first on.
#[derive(Default)]
struct Spellings(HashMap<String, (String, usize)>);

impl Spellings {
    /// Notes the pair on the line; a pair written otherwise before is refused, naming
    /// both spellings and their lines.
    fn note(&mut self, line: usize, pair: &str) -> Result<(), ScheduleError> {
        let (earlier, first_line) = self
            .0
            .entry(plain_id(pair))
            .or_insert_with(|| (pair.to_string(), line));
        if earlier == pair {
            return Ok(());
        }
        Err(ScheduleError::PairWrittenTwoWays {
            line,
            later: pair.to_string(),
            earlier: earlier.clone(),
            first_line: *first_line,
        })
    }
}

/// The set of a bye stand line (`round,bye,,,boards`): its seats must be empty.
fn bye_stand_line(line: usize, f: &[String]) -> Result<BoardRange, ScheduleError> {
    if !f[2].is_empty() || !f[3].is_empty() {
        return Err(ScheduleError::Field {
            line,
            column: "ns and ew",
            value: format!("{},{}", f[2], f[3]),
            problem: "must be empty on a bye stand line: nobody plays the boards on the stand",
        });
    }
    boards(line, &f[4])
}

/// Every set on the bye stand must wait in a round that is played, at no table, and be
/// one the movement leaves off the tables that round: the cards and a schedule written
/// back tell the set the tables play, not the boards the line names.
fn check_bye_stand(
    on_stand: &[(usize, u32, BoardRange)],
    by_round: &BTreeMap<u32, Vec<TableRound>>,
) -> Result<(), ScheduleError> {
    let sets: BTreeSet<BoardRange> = by_round.values().flatten().map(|t| t.boards).collect();
    for &(line, round, set) in on_stand {
        let problem = match by_round.get(&round) {
            None => "has no tables: put a set on the bye stand in a round that is played".into(),
            Some(tables) => match tables.iter().find(|t| t.boards.overlaps(&set)) {
                None => match off_the_tables(&sets, tables, set) {
                    None => continue,
                    Some(problem) => problem,
                },
                Some(t) => format!(
                    "puts boards {set} on the bye stand, but table {} plays boards {} that \
                     round: a set on the bye stand is played at no table",
                    t.table, t.boards
                ),
            },
        };
        return Err(ScheduleError::ByeStand {
            line,
            round,
            problem,
        });
    }
    Ok(())
}

/// What is wrong with putting `set` on the bye stand in a round with these tables when
/// it is not one of the schedule's sets that no table of the round plays; `None` when it
/// is.
fn off_the_tables(
    sets: &BTreeSet<BoardRange>,
    tables: &[TableRound],
    set: BoardRange,
) -> Option<String> {
    let idle: Vec<String> = sets
        .iter()
        .filter(|s| !tables.iter().any(|t| t.boards.overlaps(s)))
        .map(BoardRange::to_string)
        .collect();
    match idle.as_slice() {
        _ if idle.contains(&set.to_string()) => None,
        [] => Some(format!(
            "puts boards {set} on the bye stand, but every set is at a table that round: \
             leave the bye stand line out"
        )),
        [one] => Some(format!(
            "puts boards {set} on the bye stand, but the boards no table plays that round \
             are {one}: write {one} on the bye stand line"
        )),
        [init @ .., last] => Some(format!(
            "puts boards {set} on the bye stand, but the boards no table plays that round \
             are {} and {last}: write one of them on each bye stand line",
            init.join(", ")
        )),
    }
}

/// The rounds must be numbered 1, 2, 3, ... (in any order of the lines): a gap is an
/// error at the first line of the round after it.
fn check_round_numbers(first_line: &BTreeMap<u32, usize>) -> Result<(), ScheduleError> {
    for (missing, (&round, &line)) in (1..).zip(first_line) {
        if round != missing {
            return Err(ScheduleError::RoundGap {
                line,
                round,
                missing,
            });
        }
    }
    Ok(())
}

fn quote(field: &str) -> String {
    if field.contains([',', '"', '\n']) {
        format!("\"{}\"", field.replace('"', "\"\""))
    } else {
        field.to_string()
    }
}

/// Writes the movement as `round,table,ns,ew,boards` CSV, byes with an empty seat; with
/// a bye stand, each round's sets that no table plays are written on a `bye` line.
pub fn to_csv(movement: &Movement) -> String {
    let mut out = String::from("round,table,ns,ew,boards\n");
    let sets = movement.board_sets();
    for r in &movement.rounds {
        if movement.bye_stand {
            for set in sets
                .iter()
                .filter(|s| !r.tables.iter().any(|t| t.boards.overlaps(s)))
            {
                out.push_str(&format!("{},bye,,,{}-{}\n", r.number, set.first, set.last));
            }
        }
        for t in &r.tables {
            out.push_str(&format!(
                "{},{},{},{},{}-{}\n",
                r.number,
                t.table,
                quote(t.ns.as_deref().unwrap_or("")),
                quote(t.ew.as_deref().unwrap_or("")),
                t.boards.first,
                t.boards.last
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::{BoardSharing, HowellOptions, howell};
    use super::*;

    #[test]
    fn seed_schedule_reads_and_validates_with_duplicated_boards() {
        let mut m =
            parse_csv(include_str!("../../tests/data/fonteintje-14-pairs.csv")).expect("reads");
        assert_eq!(m.rounds.len(), 7);
        assert!(m.rounds.iter().all(|r| r.tables.len() == 7));
        let r1: Vec<_> = m.rounds[0]
            .tables
            .iter()
            .map(|t| format!("{}-{}", t.ns.as_deref().unwrap(), t.ew.as_deref().unwrap()))
            .collect();
        assert_eq!(r1, ["1-2", "10-11", "4-7", "3-12", "13-6", "9-14", "5-8"]);
        // Without the declaration every round has one set at seven tables.
        let c = m.check();
        assert!(!c.is_valid());
        assert!(
            c.errors()
                .next()
                .unwrap()
                .to_string()
                .starts_with("round 1, table 2")
        );
        m.sharing = BoardSharing::Duplicated;
        let c = m.check();
        assert!(c.is_valid(), "{:?}", c.problems);
        assert!(c.plays.values().all(|&n| n == 7));
        assert_eq!(c.plays.len(), 28);
        assert_eq!((c.meetings_min, c.meetings_max), (0, 1));
    }

    /// Every round of the seed's line-up, each pair moved up `step` numbers (wrapping).
    fn moved_up(first: &[(u32, u32)], pairs: u32, step: u32, rounds: u32, bpr: u32) -> String {
        let mut text = String::from("round,table,ns,ew,boards\n");
        for r in 0..rounds {
            let up = |p: u32| (p - 1 + r * step) % pairs + 1;
            for (t, (ns, ew)) in first.iter().enumerate() {
                let b = BoardRange::set(r + 1, bpr);
                text.push_str(&format!(
                    "{},{},{},{},{b}\n",
                    r + 1,
                    t + 1,
                    up(*ns),
                    up(*ew)
                ));
            }
        }
        text
    }

    #[test]
    fn seed_schedule_moves_every_pair_up_two_numbers_a_round() {
        let seed = parse_csv(include_str!("../../tests/data/fonteintje-14-pairs.csv")).unwrap();
        let first: Vec<(u32, u32)> = seed.rounds[0]
            .tables
            .iter()
            .map(|t| {
                (
                    t.ns.as_ref().unwrap().parse().unwrap(),
                    t.ew.as_ref().unwrap().parse().unwrap(),
                )
            })
            .collect();
        assert_eq!(
            parse_csv(&moved_up(&first, 14, 2, 7, 4)).unwrap().rounds,
            seed.rounds
        );
    }

    #[test]
    fn seed_ten_pair_board_one_line_up_as_a_first_round() {
        // Board 1 for 10 pairs: 1-2, 6-3, 7-4, 8-10, 9-5. Moved up two numbers a round like
        // the seed's 14-pair schedule, it gives 5 rounds in which nobody meets twice.
        let first = [(1, 2), (6, 3), (7, 4), (8, 10), (9, 5)];
        let mut m = parse_csv(&moved_up(&first, 10, 2, 5, 4)).unwrap();
        m.sharing = BoardSharing::Duplicated;
        let c = m.check();
        assert!(c.is_valid() && c.problems.is_empty(), "{:?}", c.problems);
        assert_eq!((c.meetings_min, c.meetings_max), (0, 1));
        assert_eq!(m.round_of(1, "8", "10"), Some(1));
        // klaver's complete Howell for 10 pairs has a different board-1 line-up.
        let h = howell(&HowellOptions::new(10, 4)).unwrap();
        assert_eq!(h.round_of(1, "1", "2"), None);
    }

    #[test]
    fn written_schedules_read_back_the_same() {
        let mut o = HowellOptions::new(9, 3);
        o.rounds = Some(4);
        let m = howell(&o).unwrap();
        let text = to_csv(&m);
        assert!(
            text.starts_with("round,table,ns,ew,boards\n1,1,,1,1-3\n"),
            "{text}"
        );
        let back = parse_csv(&text).unwrap();
        assert_eq!(back.rounds, m.rounds);
    }

    #[test]
    fn bad_lines_name_line_and_fix() {
        let e = parse_csv("round,table,ns,ew\n").unwrap_err();
        assert!(matches!(e, ScheduleError::Header { line: 1, .. }));
        let e = parse_csv("round,table,ns,ew,boards\n1,1,1,2\n").unwrap_err();
        assert_eq!(e, ScheduleError::Fields { line: 2, found: 4 });
        let e = parse_csv("round,table,ns,ew,boards\n1,1,1,2,8-5\n").unwrap_err();
        assert!(e.to_string().starts_with("line 2: boards \"8-5\""), "{e}");
        let e = parse_csv("round,table,ns,ew,boards\nx,1,1,2,1-4\n").unwrap_err();
        assert!(e.to_string().contains("round \"x\""), "{e}");
        let e = parse_csv("round,table,ns,ew,boards\n1,1,,,1-4\n").unwrap_err();
        assert!(e.to_string().contains("both empty"), "{e}");
        assert_eq!(parse_csv("# nothing\n"), Err(ScheduleError::Empty));
    }

    #[test]
    fn a_bye_may_be_written_bye() {
        let m =
            parse_csv("round,table,ns,ew,boards\n1,1,1,Bye,1-2\n1,2,BYE,2,1-2\n1,3,3,bye,3-4\n")
                .unwrap();
        let byes: Vec<_> = m.rounds[0].tables.iter().map(|t| t.bye()).collect();
        assert_eq!(byes, [Some("1"), Some("2"), Some("3")]);
        assert!(!m.pairs().iter().any(|p| p.eq_ignore_ascii_case("bye")));
        let e = parse_csv("round,table,ns,ew,boards\n1,1,bye,-,1-2\n").unwrap_err();
        assert!(e.to_string().contains("both empty"), "{e}");
    }

    #[test]
    fn rounds_with_a_gap_are_refused() {
        let e =
            parse_csv("round,table,ns,ew,boards\n1,1,1,2,1\n2,1,1,3,2\n4,1,2,3,3\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 4: round 4, but no line has round 3: number the rounds 1, 2, 3, ... without a gap"
        );
        let e = parse_csv("round,table,ns,ew,boards\n2,1,1,2,1\n").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("line 2: round 2, but no line has round 1"),
            "{e}"
        );
    }

    #[test]
    fn signed_numbers_are_refused() {
        for (line, column) in [
            ("+1,1,1,2,1-2", "round \"+1\""),
            ("1,+1,1,2,1-2", "table \"+1\""),
            ("1,1,1,2,+1-2", "boards \"+1-2\""),
            ("1,1,1,2,1-+2", "boards \"1-+2\""),
        ] {
            let e = parse_csv(&format!("round,table,ns,ew,boards\n{line}\n")).unwrap_err();
            assert!(
                e.to_string().starts_with(&format!("line 2: {column}")),
                "{e}"
            );
        }
    }

    #[test]
    fn quotes_comments_and_single_boards() {
        let m = parse_csv(
            "\u{feff}Round,Table,NS,EW,Boards\n# first round\n1,1,\"1A\",2,7\n\n1,2,3,,1-2\n",
        )
        .unwrap();
        let t = &m.rounds[0].tables;
        assert_eq!(t[0].ns.as_deref(), Some("1A"));
        assert_eq!(t[0].boards, BoardRange { first: 7, last: 7 });
        assert_eq!(t[1].bye(), Some("3"));
    }

    #[test]
    fn a_relay_keeps_its_bye_stand_through_csv() {
        use super::super::{EvenTables, MitchellOptions, mitchell, pair_cards, table_cards};
        let mut o = MitchellOptions::new(6, 2);
        o.even = EvenTables::RelayByeStand;
        let relay = mitchell(&o).unwrap();
        let csv = to_csv(&relay);
        assert!(csv.contains("\n1,bye,,,"), "{csv}");
        let back = parse_csv(&csv).unwrap();
        assert!(back.bye_stand);
        assert_eq!(table_cards(&back), table_cards(&relay));
        assert_eq!(pair_cards(&back), pair_cards(&relay));
        assert_eq!(to_csv(&back), csv);
        // A schedule without bye lines has no bye stand, as before.
        let plain = mitchell(&MitchellOptions::new(5, 2)).unwrap();
        assert!(!to_csv(&plain).contains("bye"));
        assert!(!parse_csv(&to_csv(&plain)).unwrap().bye_stand);
    }

    #[test]
    fn a_bye_stand_line_that_cannot_be_is_named() {
        let head = "round,table,ns,ew,boards\n1,1,1,2,1-2\n2,1,1,2,3-4\n";
        let err = |extra: &str| {
            parse_csv(&format!("{head}{extra}"))
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            err("1,bye,,,1-2\n"),
            "line 4: round 1 puts boards 1-2 on the bye stand, but table 1 plays boards 1-2 \
             that round: a set on the bye stand is played at no table"
        );
        assert!(err("3,bye,,,1-2\n").starts_with("line 4: round 3 has no tables"));
        assert!(err("1,bye,5,,3-4\n").contains("must be empty on a bye stand line"));
        assert!(
            parse_csv(&format!("{head}1,BYE,,,3-4\n"))
                .unwrap()
                .bye_stand
        );
    }

    #[test]
    fn a_bye_stand_line_names_the_set_no_table_plays() {
        let head = "round,table,ns,ew,boards\n1,1,1,2,1-2\n2,1,1,3,3-4\n";
        let err = |extra: &str| {
            parse_csv(&format!("{head}{extra}"))
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            err("1,bye,,,99-100\n"),
            "line 4: round 1 puts boards 99-100 on the bye stand, but the boards no table \
             plays that round are 3-4: write 3-4 on the bye stand line"
        );
        assert!(err("1,bye,,,3\n").contains("puts boards 3 on the bye stand, but"));
        // A round in which every set is at a table leaves nothing on the stand.
        let full = "round,table,ns,ew,boards\n1,1,1,2,1-2\n1,2,3,4,3-4\n2,1,1,3,3-4\n\
                    2,2,2,4,1-2\n1,bye,,,9-10\n";
        assert_eq!(
            parse_csv(full).unwrap_err().to_string(),
            "line 6: round 1 puts boards 9-10 on the bye stand, but every set is at a table \
             that round: leave the bye stand line out"
        );
        // Two sets off the tables: either may be named.
        let two = "round,table,ns,ew,boards\n1,1,1,2,1-2\n2,1,1,3,3-4\n3,1,2,3,5-6\n";
        assert!(parse_csv(&format!("{two}1,bye,,,5-6\n1,bye,,,3-4\n")).is_ok());
        assert!(
            parse_csv(&format!("{two}1,bye,,,7-8\n"))
                .unwrap_err()
                .to_string()
                .contains("the boards no table plays that round are 3-4 and 5-6: write one of")
        );
    }

    #[test]
    fn a_pair_written_two_ways_is_refused() {
        // Pair 4 of a 4-pair Howell written "01" beside pair 1.
        let e = parse_csv("round,table,ns,ew,boards\n1,1,01,1,1-2\n1,2,3,2,1-2\n2,1,01,2,3-4\n")
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2: pair 1 and pair 01 are written differently: a schedule names each pair \
             one way; if they are one pair, write its number the same way on every line, \
             else give them different numbers"
        );
        let e = parse_csv("round,table,ns,ew,boards\n1,1,1,2,1-2\n# pair 1 again\n1,2,01,3,3-4\n")
            .unwrap_err();
        assert!(
            e.to_string()
                .starts_with("line 4: pair 01 and pair 1 of line 2 are written differently"),
            "{e}"
        );
        for (a, b) in [("+1", "1"), ("3a", "3A")] {
            let text = format!("round,table,ns,ew,boards\n1,1,{a},2,1-2\n2,1,{b},2,3-4\n");
            assert!(parse_csv(&text).is_err(), "{a} {b}");
        }
        // The same id on every line reads, letters and all.
        assert!(parse_csv("round,table,ns,ew,boards\n1,1,3A,01,1-2\n2,1,3A,01,3-4\n").is_ok());
    }

    #[test]
    fn boards_past_9999_are_refused_at_once() {
        let e = parse_csv("round,table,ns,ew,boards\n1,1,1,2,1-4294967295\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2: boards \"1-4294967295\" runs past board 9999, the highest board a \
             schedule may hold: number the boards from 1 as they are played"
        );
        assert!(parse_csv("round,table,ns,ew,boards\n1,1,1,2,10000\n").is_err());
        assert!(parse_csv("round,table,ns,ew,boards\n1,1,1,2,9998-9999\n").is_ok());
    }
}
