//! The director's penalty lines checked against the travellers.
//!
//! A penalty line (`1,3,4,,,,,PEN -3/0`) names a board and the two pairs of a table
//! that played it, North-South first, as the travellers have them; its points go to the
//! pairs written. A pair of a penalty that is on no traveller line is an error: the
//! penalty would put it on the result list with no boards (a mistyped pair number,
//! which penalises nobody who played). A penalty whose pairs did not play each other on
//! its board, sat the other way round, or whose board is on no traveller line, is a
//! warning: it is applied as written, but it is most likely meant for another line. So
//! is a penalty whose points go to a substitute pair (`-`): it is not ranked, so they
//! are applied to no one.

use super::{Event, Penalty};
use crate::exchange::points_text;
use klaver_core::session::{Diagnostic, TableResult};
use num_rational::Ratio;
use rustc_hash::FxHashMap;

/// What the event's penalty lines say against its traveller lines. Nothing while the
/// travellers have errors: lines refused for them are not read, and nothing is scored
/// until they are corrected, so the penalties are checked once they read.
pub(super) fn check(event: &Event) -> Vec<Diagnostic> {
    if event.penalties.is_empty() || event.has_errors() {
        return Vec::new();
    }
    let lines = Lines::of(event);
    let mut said: Vec<Diagnostic> = event
        .penalties
        .iter()
        .flat_map(|p| lines.check(event, p))
        .collect();
    said.extend(given_twice(event));
    said
}

/// A penalty line the same as one before it (board, pairs and points): both are
/// applied, as a director may give a pair the same penalty twice, but a line entered
/// twice by mistake is the likelier, so it is said on the second.
fn given_twice(event: &Event) -> Vec<Diagnostic> {
    type Key = (u32, usize, usize, (Ratio<i64>, Ratio<i64>));
    let mut first: FxHashMap<Key, u32> = FxHashMap::default();
    let mut out = Vec::new();
    for p in &event.penalties {
        let Some(&line) = first.get(&(p.board, p.ns, p.ew, p.points)) else {
            first.insert((p.board, p.ns, p.ew, p.points), p.line);
            continue;
        };
        let points = format!("{}/{}", points_text(p.points.0), points_text(p.points.1));
        out.push(Diagnostic::warning(
            p.line,
            Some(p.board),
            format!(
                "the same penalty as line {line} (pairs {} and {}, {points}): both are applied; remove this line if it was entered twice",
                event.pairs[p.ns].id, event.pairs[p.ew].id
            ),
        ));
    }
    out
}

/// The traveller lines the penalties are checked against.
struct Lines<'a> {
    /// Whether each pair plays on a traveller line.
    on_a_line: Vec<bool>,
    /// The traveller lines of each board a penalty names.
    of_board: FxHashMap<u32, Vec<&'a TableResult>>,
}

impl<'a> Lines<'a> {
    fn of(event: &'a Event) -> Lines<'a> {
        let mut of_board: FxHashMap<u32, Vec<&TableResult>> = event
            .penalties
            .iter()
            .map(|p| (p.board, Vec::new()))
            .collect();
        let mut on_a_line = vec![false; event.pairs.len()];
        for r in &event.results {
            on_a_line[r.ns_pair()] = true;
            on_a_line[r.ew_pair()] = true;
            if let Some(lines) = of_board.get_mut(&r.board) {
                lines.push(r);
            }
        }
        Lines {
            on_a_line,
            of_board,
        }
    }

    /// The messages of one penalty: an error for pairs on no line, else the warnings.
    fn check(&self, event: &Event, p: &Penalty) -> Vec<Diagnostic> {
        if let Some(error) = self.pairs_on_no_line(event, p) {
            return vec![error];
        }
        let mut said: Vec<Diagnostic> = to_substitutes(event, p).collect();
        said.extend(self.not_on_its_line(event, p));
        said
    }

    /// The error of a penalty naming a pair that is on no traveller line.
    fn pairs_on_no_line(&self, event: &Event, p: &Penalty) -> Option<Diagnostic> {
        let missing: Vec<&str> = [p.ns, p.ew]
            .into_iter()
            .filter(|&i| !event.pairs[i].unranked && !self.on_a_line[i])
            .map(|i| event.pairs[i].id.as_str())
            .collect();
        let named = match missing[..] {
            [] => return None,
            [one] => format!("pair {one}, which is on no traveller line"),
            [a, b] => format!("pairs {a} and {b}, which are on no traveller line"),
            _ => unreachable!("a penalty names two pairs"),
        };
        Some(Diagnostic::error(
            p.line,
            Some(p.board),
            format!(
                "the penalty {} names {named}: it would put {} on the result list with no boards and penalise no one who played; correct the pair numbers",
                written(event, p),
                if missing.len() == 1 { "it" } else { "them" }
            ),
        ))
    }

    /// The warning of a penalty that is not on a traveller line of its board.
    fn not_on_its_line(&self, event: &Event, p: &Penalty) -> Option<Diagnostic> {
        let why = self.why_not_on_its_line(event, p)?;
        Some(Diagnostic::warning(
            p.line,
            Some(p.board),
            format!(
                "{why}: the penalty {} is applied as written, North-South's points to pair {} and East-West's to pair {}; write it with the board and the pairs of the table it was given at, North-South first",
                written(event, p),
                label(event, p.ns),
                label(event, p.ew)
            ),
        ))
    }

    /// Why a penalty is not on a traveller line of its board: its pairs did not play
    /// each other there, sat the other way round, or nobody played it; `None` when it is
    /// (a substitute on it stands for any substitute on the line).
    fn why_not_on_its_line(&self, event: &Event, p: &Penalty) -> Option<String> {
        let section = &event.pairs[p.ns].section;
        let board: Vec<&TableResult> = self.of_board[&p.board]
            .iter()
            .copied()
            .filter(|r| &event.pairs[r.ns_pair()].section == section)
            .collect();
        let same =
            |a: usize, b: usize| a == b || (event.pairs[a].unranked && event.pairs[b].unranked);
        let sat = |ns: usize, ew: usize| {
            board
                .iter()
                .any(|r| same(r.ns_pair(), ns) && same(r.ew_pair(), ew))
        };
        let (ns, ew) = (label(event, p.ns), label(event, p.ew));
        if sat(p.ns, p.ew) {
            return None;
        }
        Some(if board.is_empty() {
            format!(
                "board {} is on no traveller line{}",
                p.board,
                in_section(section)
            )
        } else if sat(p.ew, p.ns) {
            format!(
                "on board {} pair {ew} sat North-South and pair {ns} East-West",
                p.board
            )
        } else {
            let played = [p.ns, p.ew].map(|pair| opponents(event, &board, pair));
            format!(
                "pairs {ns} and {ew} did not play each other on board {} ({})",
                p.board,
                played.join("; ")
            )
        })
    }
}

/// A warning for each side of a penalty whose points go to a substitute pair (`-`),
/// which is not ranked: they are applied to no one.
fn to_substitutes<'e>(event: &'e Event, p: &'e Penalty) -> impl Iterator<Item = Diagnostic> + 'e {
    let sides = [
        ("North-South", p.ns, p.points.0),
        ("East-West", p.ew, p.points.1),
    ];
    sides
        .into_iter()
        .filter(move |&(_, pair, points)| event.pairs[pair].unranked && points != 0.into())
        .map(move |(side, _, points)| {
            Diagnostic::warning(
                p.line,
                Some(p.board),
                format!(
                    "the penalty {} gives {side}'s {} to a substitute pair (-), which is not ranked: it is not applied to anyone; give it to the pair it is meant for, or remove the line",
                    written(event, p),
                    points_text(points)
                ),
            )
        })
}

/// Whom `pair` played on a board's lines, for a message. (The line is not named: a
/// message's own line is renumbered for a file read through the travellers, such as a
/// PBN file or a stored session, but not a line named in its text.)
fn opponents(event: &Event, board: &[&TableResult], pair: usize) -> String {
    let who = label(event, pair);
    let played = board.iter().find_map(|r| match pair {
        _ if r.ns_pair() == pair => Some(r.ew_pair()),
        _ if r.ew_pair() == pair => Some(r.ns_pair()),
        _ => None,
    });
    match played {
        Some(other) => format!("pair {who} played pair {}", label(event, other)),
        None => format!("pair {who} did not play the board"),
    }
}

/// " of section A" for a section's board, nothing without sections.
fn in_section(section: &str) -> String {
    match section {
        "" => String::new(),
        s => format!(" of section {s}"),
    }
}

/// A pair as a message names it; a substitute is `-`.
fn label(event: &Event, pair: usize) -> &str {
    &event.pairs[pair].id
}

/// The penalty as written, with its pairs: `PEN -3/2 (1 v 4)`.
fn written(event: &Event, p: &Penalty) -> String {
    format!(
        "PEN {}/{} ({} v {})",
        points_text(p.points.0),
        points_text(p.points.1),
        label(event, p.ns),
        label(event, p.ew)
    )
}

#[cfg(test)]
mod tests {
    use crate::travellers::{Event, ReadOptions, read_travellers};
    use klaver_core::session::Severity;

    const HEADER: &str = "board,ns,ew,contract,declarer,result,score,adjust\n";
    const BOARD_1: &str = "1,1,2,4S,N,=,420,\n1,3,4,4S,N,=,420,\n1,5,6,4S,N,-1,-50,\n";

    fn read(lines: &str) -> Event {
        let csv = format!("{HEADER}{BOARD_1}{lines}");
        read_travellers(csv.as_bytes(), ReadOptions::default()).unwrap()
    }

    fn said(e: &Event) -> Vec<(Severity, String)> {
        let said = e.diagnostics.iter();
        said.map(|d| (d.severity, d.to_string())).collect()
    }

    /// The audit's `pen_ghost.csv`: pairs 98 and 99 played nothing, and were put on the
    /// result list with -3 and +2 and no boards, without a word.
    #[test]
    fn a_penalty_naming_pairs_on_no_traveller_line_is_an_error() {
        let e = read("1,98,99,,,,,PEN -3/2\n");
        assert_eq!(
            said(&e),
            [(
                Severity::Error,
                "line 5: board 1: the penalty PEN -3/2 (98 v 99) names pairs 98 and 99, which are on no traveller line: it would put them on the result list with no boards and penalise no one who played; correct the pair numbers".into()
            )]
        );
        let e = read("1,1,7,,,,,PEN 0/-1\n");
        let [(Severity::Error, m)] = &said(&e)[..] else {
            panic!("{:?}", said(&e))
        };
        assert!(
            m.contains("names pair 7, which is on no traveller line: it would put it"),
            "{m}"
        );
    }

    /// The audit's `pen_wrong_opp.csv`: penalties for 1 v 4 and 5 v 2 on board 1, where
    /// 1 played 2 and 3 played 4, were applied to the pairs named without a word.
    #[test]
    fn a_penalty_whose_pairs_did_not_play_each_other_on_its_board_is_a_warning() {
        let e = read("1,1,4,,,,,PEN -3/2\n1,5,2,,,,,PEN -1/0\n");
        assert_eq!(
            said(&e),
            [
                (
                    Severity::Warning,
                    "line 5: board 1: pairs 1 and 4 did not play each other on board 1 (pair 1 played pair 2; pair 4 played pair 3): the penalty PEN -3/2 (1 v 4) is applied as written, North-South's points to pair 1 and East-West's to pair 4; write it with the board and the pairs of the table it was given at, North-South first".into()
                ),
                (
                    Severity::Warning,
                    "line 6: board 1: pairs 5 and 2 did not play each other on board 1 (pair 5 played pair 6; pair 2 played pair 1): the penalty PEN -1/0 (5 v 2) is applied as written, North-South's points to pair 5 and East-West's to pair 2; write it with the board and the pairs of the table it was given at, North-South first".into()
                ),
            ]
        );
        assert_eq!(e.penalties.len(), 2);
    }

    /// The audit's `pen_board_unplayed.csv`: a penalty on board 2, which nobody played.
    #[test]
    fn a_penalty_on_a_board_on_no_traveller_line_is_a_warning() {
        let e = read("2,1,2,,,,,PEN -3/2\n");
        let [(Severity::Warning, m)] = &said(&e)[..] else {
            panic!("{:?}", said(&e))
        };
        assert!(
            m.starts_with("line 5: board 2: board 2 is on no traveller line: the penalty PEN -3/2 (1 v 2) is applied as written"),
            "{m}"
        );
    }

    /// The pairs played each other, the other way round: the points go to the pairs as
    /// written, which may not be the pairs they were meant for.
    #[test]
    fn a_penalty_with_its_pairs_the_other_way_round_is_a_warning() {
        let e = read("1,2,1,,,,,PEN -3/0\n");
        let [(Severity::Warning, m)] = &said(&e)[..] else {
            panic!("{:?}", said(&e))
        };
        assert!(
            m.starts_with("line 5: board 1: on board 1 pair 1 sat North-South and pair 2 East-West: the penalty PEN -3/0 (2 v 1) is applied as written, North-South's points to pair 2"),
            "{m}"
        );
    }

    /// The audit's `pen_subst.csv`: `PEN -3/0` with a substitute North-South; the -3
    /// vanished, since a substitute is not ranked.
    #[test]
    fn a_penalty_given_to_a_substitute_is_a_warning_that_it_is_applied_to_no_one() {
        let e =
            read("1,7,-,4S,N,=,420,\n1,7,-,,,,,PEN 0/-3\n1,-,8,4S,N,=,420,\n1,-,8,,,,,PEN 0/-1\n");
        assert_eq!(
            said(&e),
            [(
                Severity::Warning,
                "line 6: board 1: the penalty PEN 0/-3 (7 v -) gives East-West's -3 to a substitute pair (-), which is not ranked: it is not applied to anyone; give it to the pair it is meant for, or remove the line".into()
            )]
        );
    }

    /// A penalty on a line of the travellers says nothing, also on a board not played
    /// at that table (NP, as slow play leaves one), in a section, and when the file is
    /// read in two halves with the penalty before the pairs' lines.
    #[test]
    fn a_penalty_on_a_line_of_its_board_says_nothing() {
        for lines in [
            "1,1,2,,,,,PEN -3/0\n",
            "1,5,6,,,,0,PEN 1/1\n2,1,2,,,,,NP\n2,1,2,,,,,PEN -2/0\n2,3,4,2H,E,=,-110,\n",
        ] {
            let e = read(lines);
            assert!(said(&e).is_empty(), "{lines}: {:?}", said(&e));
        }
        let csv = "section,board,ns,ew,score,adjust\nA,1,1,2,,PEN -3/0\nB,1,1,2,420,\nA,1,1,2,400,\nB,1,3,4,420,\nA,1,3,4,430,\n";
        let e = read_travellers(csv.as_bytes(), ReadOptions::default()).unwrap();
        assert!(said(&e).is_empty(), "{:?}", said(&e));
        // In section B pairs 1 and 2 played; in section A board 1 has no line of theirs.
        let csv = "section,board,ns,ew,score,adjust\nA,1,1,2,,PEN -3/0\nB,1,1,2,420,\nA,1,3,4,430,\nA,1,5,6,430,\nA,2,1,2,100,\n";
        let e = read_travellers(csv.as_bytes(), ReadOptions::default()).unwrap();
        let [(Severity::Warning, m)] = &said(&e)[..] else {
            panic!("{:?}", said(&e))
        };
        assert!(
            m.contains("(pair 1 did not play the board; pair 2 did not play the board)"),
            "{m}"
        );
        let csv =
            "section,board,ns,ew,score,adjust\nB,2,1,2,,PEN -3/0\nB,1,1,2,420,\nA,2,1,2,620,\n";
        let e = read_travellers(csv.as_bytes(), ReadOptions::default()).unwrap();
        let [(Severity::Warning, m)] = &said(&e)[..] else {
            panic!("{:?}", said(&e))
        };
        assert!(
            m.contains(": board 2 is on no traveller line of section B: "),
            "{m}"
        );
        let mut big = format!("{HEADER}1,1,2,,,,,PEN -3/0\n");
        for b in 1..=400 {
            big.push_str(&format!("{b},1,2,PASS,,,0,\n{b},3,4,PASS,,,0,\n"));
        }
        let e = crate::travellers::read_bytes(&big, ReadOptions::default(), 0).unwrap();
        assert!(said(&e).is_empty(), "{:?}", said(&e));
    }

    /// With errors the travellers are not all read: a pair whose only line has one is no
    /// pair on no line, and nothing is said of the penalties until they are corrected.
    #[test]
    fn penalties_are_checked_once_the_travellers_have_no_errors() {
        let e = read("1,7,8,4S,N,=,425,\n1,7,8,,,,,PEN -3/0\n");
        let said = said(&e);
        assert_eq!(said.len(), 1, "{said:?}");
        assert!(
            said[0].1.starts_with("line 5: board 1: the contract"),
            "{said:?}"
        );
    }
}
