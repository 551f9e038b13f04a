//! A PBN file read as a hand record: each game's board, deal, dealer and vulnerability,
//! and the double-dummy figures it publishes. Only what a hand record needs is read (a
//! results file's ScoreTables are not), and anything in it that klaver cannot read is an
//! error naming its line: a file with errors is refused whole, never read in part.

use crate::hand_record::{BoardRecord, HandRecord, ReadHandRecord};
use crate::pbn::{self, SEAT_LETTERS};
use crate::pbn_syntax::{Game, Tag, read_games};
use crate::published_analysis::{self, PublishedAnalysis};
use klaver_core::session::{Diagnostic, Severity};
use klaver_core::{Board, Seat, Vulnerability};
use klaver_deal::Deal;
use std::collections::BTreeMap;

/// Reads the deals of a PBN file (and what it publishes about them), each board with the
/// dealer and vulnerability the file gives it. Every error is returned with its line, in
/// line order; a file without deals is an error too.
pub fn read_pbn(data: &[u8]) -> Result<ReadHandRecord, Vec<Diagnostic>> {
    let mut diags = Vec::new();
    let text = pbn::decode_or_refuse(data, &mut diags)?;
    let games = read_games(&text, &mut diags);
    let mut reader = Reader {
        diags,
        ..Reader::default()
    };
    for g in &games {
        reader.game(g);
    }
    reader.finish()
}

/// What a file publishes, by board number, and the warnings of reading it.
pub type Published = (BTreeMap<u32, PublishedAnalysis>, Vec<Diagnostic>);

/// The figures a PBN file publishes (double-dummy tricks, par), board by board, read
/// whatever its deals are: a deal a hand record cannot hold (a hand not given) costs no
/// other board its figures. The warnings are those of the figures alone (one that cannot
/// be read, a board's figures given twice differently), each with its line; only text
/// that cannot be decoded is an `Err`.
pub fn read_published(data: &[u8]) -> Result<Published, Vec<Diagnostic>> {
    let mut diags = Vec::new();
    let text = pbn::decode_or_refuse(data, &mut diags)?;
    // What the games say of anything else is the business of the file's other reading.
    let mut elsewhere = Vec::new();
    let mut reader = Reader::default();
    for g in &read_games(&text, &mut elsewhere) {
        let board = pbn::game_board(g, &mut elsewhere);
        reader.analysis(g, board);
    }
    reader.diags.sort_by_key(|d| d.line.unwrap_or(0));
    Ok((reader.published, reader.diags))
}

/// The tags a hand record holds (the event's name and date apart), in lower case.
const CARRIED: [&str; 9] = [
    "board",
    "dealer",
    "vulnerable",
    "deal",
    "doubledummytricks",
    "optimumscore",
    "parcontract",
    "optimumcontract",
    "optimumresulttable",
];

/// A board as the first game that deals it gives it, and the line of its Board tag.
struct Given {
    record: BoardRecord,
    line: u32,
    /// Whether a game gave the dealer (else it is the board number's).
    dealer_said: bool,
    /// Whether a game gave the vulnerability (else it is the board number's).
    vul_said: bool,
}

/// What the games read so far give.
#[derive(Default)]
struct Reader {
    title: String,
    date: String,
    boards: BTreeMap<u32, Given>,
    published: BTreeMap<u32, PublishedAnalysis>,
    /// Boards named by a game that deals none, with the line of the first such game.
    undealt: BTreeMap<u32, u32>,
    /// The tags a hand record has no place for, in file order: name, first line, games.
    dropped: Vec<(String, u32, usize)>,
    diags: Vec<Diagnostic>,
}

impl Reader {
    fn game(&mut self, g: &Game) {
        self.event_tags(g);
        let board = pbn::game_board(g, &mut self.diags);
        let line = g.tag("Board").map_or(0, |t| t.line);
        // A tag inherited with "#" reads as the value it repeats, so it is given too.
        let said = |name| g.tag(name).filter(published_analysis::given).is_some();
        match self.board(g, board) {
            Some(record) => self.keep(Given {
                record,
                line,
                dealer_said: said("Dealer"),
                vul_said: said("Vulnerable"),
            }),
            None => {
                if let Some(b) = board {
                    self.undealt.entry(b.number()).or_insert(line);
                }
            }
        }
        self.analysis(g, board);
        self.not_carried(g);
    }

    /// Counts the game's tags that say something a hand record has no place for.
    fn not_carried(&mut self, g: &Game) {
        for t in &g.tags {
            let name = t.name.as_str();
            let kept = |v: &str| t.value.trim() == v || !published_analysis::given(&t);
            let carried = match name.to_ascii_lowercase().as_str() {
                "event" => kept(&self.title),
                "date" => kept(&self.date) || t.value.contains('?'),
                n => CARRIED.contains(&n) || n.starts_with('\u{0}'),
            };
            if carried || (!published_analysis::given(&t) && t.data.is_empty()) {
                continue;
            }
            match self
                .dropped
                .iter_mut()
                .find(|d| d.0.eq_ignore_ascii_case(name))
            {
                Some(d) => d.2 += 1,
                None => self.dropped.push((name.to_string(), t.line, 1)),
            }
        }
    }

    /// The board the game deals, with its dealer and vulnerability; `None` when it deals
    /// none, or its deal is in error.
    fn board(&mut self, g: &Game, board: Option<Board>) -> Option<BoardRecord> {
        let t = g.tag("Deal").filter(published_analysis::given)?;
        let n = board.map(Board::number);
        let deal = match read_deal(&t.value) {
            Ok(deal) => deal?,
            Err(e) => return self.error(t, n, e),
        };
        let Some(b) = board else {
            let e = "a deal without a board number: add [Board \"n\"] to its game";
            return self.error(t, n, e.into());
        };
        let mut record = BoardRecord::new(b, deal);
        record.dealer = self.dealer(g, b);
        record.vulnerability = self.vulnerability(g, b);
        Some(record)
    }

    /// Keeps a board; a board given again must be the same board (a file may repeat it
    /// for each table that played it), or the file is two events' and is refused. Only
    /// what both games give is compared: a game that leaves out the dealer or the
    /// vulnerability says nothing against the other's, and a value one gives is kept.
    fn keep(&mut self, again: Given) {
        let n = again.record.board.number();
        let Some(first) = self.boards.get_mut(&n) else {
            self.boards.insert(n, again);
            return;
        };
        let (a, b) = (&mut first.record, &again.record);
        let mut what = Vec::new();
        if a.deal != b.deal {
            what.push("another deal".to_string());
        }
        match (first.dealer_said, again.dealer_said) {
            (true, true) if a.dealer != b.dealer => {
                let l = |s: Seat| SEAT_LETTERS[pbn::seat_index(s)];
                what.push(format!("dealer {} (not {})", l(b.dealer), l(a.dealer)));
            }
            (false, true) => (a.dealer, first.dealer_said) = (b.dealer, true),
            _ => {}
        }
        match (first.vul_said, again.vul_said) {
            (true, true) if a.vulnerability != b.vulnerability => {
                let v = pbn::vul_value;
                let (x, y) = (v(b.vulnerability), v(a.vulnerability));
                what.push(format!("vulnerability {x} (not {y})"));
            }
            (false, true) => (a.vulnerability, first.vul_said) = (b.vulnerability, true),
            _ => {}
        }
        if !what.is_empty() {
            let m = format!(
                "the board is given a second time, different from line {}: {}; a hand record holds each board once: give each section's boards numbers of their own, or put each section in a file of its own",
                first.line,
                what.join(", ")
            );
            self.diags.push(Diagnostic::error(again.line, Some(n), m));
        }
    }

    fn error<T>(&mut self, t: &Tag, board: Option<u32>, message: String) -> Option<T> {
        self.diags.push(Diagnostic::error(t.line, board, message));
        None
    }

    /// The event's name and date: each from the first game with it.
    fn event_tags(&mut self, g: &Game) {
        if self.title.is_empty()
            && let Some(e) = g.tag("Event").filter(published_analysis::given)
        {
            self.title = e.value.clone();
        }
        if self.date.is_empty()
            && let Some(d) = g
                .value("Date")
                .filter(|d| !d.contains('?') && !d.is_empty())
        {
            self.date = d.to_string();
        }
    }

    /// The game's dealer: the file's, said when the board's number gives another; an
    /// error when it is not a seat.
    fn dealer(&mut self, g: &Game, b: Board) -> Seat {
        let Some(t) = g.tag("Dealer").filter(published_analysis::given) else {
            return b.dealer();
        };
        let n = Some(b.number());
        let given = t.value.trim();
        let Some(k) = SEAT_LETTERS
            .iter()
            .position(|l| given.eq_ignore_ascii_case(l))
        else {
            let m = format!("[Dealer {:?}] is not a seat: write N, E, S or W", t.value);
            self.diags.push(Diagnostic::error(t.line, n, m));
            return b.dealer();
        };
        let ours = SEAT_LETTERS[pbn::seat_index(b.dealer())];
        if k != pbn::seat_index(b.dealer()) {
            let m = format!(
                "the file has dealer {given} where the board's number has {ours}: the hand record follows the file"
            );
            self.diags.push(Diagnostic::warning(t.line, n, m));
        }
        Seat::ALL[k]
    }

    /// The game's vulnerability: the file's, said when the board's number gives another;
    /// an error when it is not one of the standard's.
    fn vulnerability(&mut self, g: &Game, b: Board) -> Vulnerability {
        let Some(t) = g.tag("Vulnerable").filter(published_analysis::given) else {
            return b.vulnerability();
        };
        let n = Some(b.number());
        let Some(v) = pbn::parse_vul(&t.value) else {
            let m = format!(
                "[Vulnerable {:?}] is not a vulnerability: write None, NS, EW or All",
                t.value
            );
            self.diags.push(Diagnostic::error(t.line, n, m));
            return b.vulnerability();
        };
        if v != b.vulnerability() {
            let (given, ours) = (t.value.trim(), pbn::vul_value(b.vulnerability()));
            let m = format!(
                "the file has vulnerability {given} where the board's number has {ours}: the hand record follows the file"
            );
            self.diags.push(Diagnostic::warning(t.line, n, m));
        }
        v
    }

    fn analysis(&mut self, g: &Game, board: Option<Board>) {
        if let Some(b) = board {
            let a = published_analysis::read_game(g, b.number(), &mut self.diags);
            match self.published.get(&b.number()) {
                _ if a.is_empty() => {}
                None => {
                    self.published.insert(b.number(), a);
                }
                Some(first) if !first.same_figures(&a) => {
                    let m = format!(
                        "the board's analysis here differs from the one at line {}, which is the one read: give a board's analysis once",
                        first.first_line()
                    );
                    self.diags
                        .push(Diagnostic::warning(a.first_line(), Some(b.number()), m));
                }
                Some(_) => {}
            }
        }
    }

    /// The warnings of what the games gave that the hand record does not hold.
    fn say_left_out(&mut self) {
        for (n, line) in &self.undealt {
            if !self.boards.contains_key(n) {
                let m = "the board has no [Deal] in the file, so it is not in the hand record";
                self.diags.push(Diagnostic::warning(*line, Some(*n), m));
            }
        }
        let Some(first) = self.dropped.first().map(|d| d.1) else {
            return;
        };
        let games = |k: usize| format!("{k} game{}", if k == 1 { "" } else { "s" });
        let named: Vec<String> = self
            .dropped
            .iter()
            .map(|(name, _, k)| format!("{name} ({})", games(*k)))
            .collect();
        let m = format!(
            "not carried into the hand record, which holds the event's name and date and each board's deal, dealer, vulnerability and analysis: {}",
            named.join(", ")
        );
        self.diags.push(Diagnostic::warning(first, None, m));
    }

    fn finish(mut self) -> Result<ReadHandRecord, Vec<Diagnostic>> {
        self.say_left_out();
        if self.boards.is_empty() {
            self.diags.push(Diagnostic::error(
                0,
                None,
                "no [Deal] with a [Board] number in this file",
            ));
        }
        self.diags.sort_by_key(|d| d.line.unwrap_or(0));
        let (errors, warnings): (Vec<_>, Vec<_>) = self
            .diags
            .into_iter()
            .partition(|d| d.severity == Severity::Error);
        if !errors.is_empty() {
            return Err(errors);
        }
        let boards = self.boards.into_values().map(|g| g.record).collect();
        Ok(ReadHandRecord {
            record: HandRecord {
                title: self.title,
                date: self.date,
                boards,
            },
            published: self.published,
            warnings,
        })
    }
}

/// A Deal tag's four hands; `None` when none of them is given.
fn read_deal(value: &str) -> Result<Option<Deal>, String> {
    let hands = pbn::parse_deal(value).map_err(|e| format!("cannot read the deal: {e}"))?;
    if hands.iter().all(|h| h == "-") {
        return Ok(None);
    }
    Deal::from_pbn(&format!("N:{}", hands.join(" ")))
        .map(Some)
        .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    const HANDS: &str = "N:AKQ.JT9.876.5432 JT98.AKQ.5432.76 7654.8765.AKQ.AK 32.432.JT9.QJT98";

    fn errors(text: &str) -> Vec<String> {
        read_pbn(text.as_bytes())
            .unwrap_err()
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    #[test]
    fn a_tag_without_quotes_is_an_error_with_its_line() {
        let text = format!(
            "[Board \"1\"]\n[Deal \"{HANDS}\"]\n\n[Board \"2\"]\n[Deal E:JT98.AKQ.5432.76 - - -]\n"
        );
        let said = errors(&text);
        assert_eq!(said.len(), 1, "{said:?}");
        assert!(said[0].starts_with("line 5: a tag must be"), "{said:?}");
    }

    #[test]
    fn a_results_file_is_read_for_its_deals_only() {
        let text = format!(
            "[Board \"1\"]\n[Deal \"{HANDS}\"]\n[ScoreTable \"PairId_NS;PairId_EW;Contract;Declarer;Result\"]\n1 2 3NT N 9\n"
        );
        let read = read_pbn(text.as_bytes()).unwrap();
        assert_eq!(read.record.boards.len(), 1);
    }

    fn warnings(text: &str) -> Vec<String> {
        let read = read_pbn(text.as_bytes()).unwrap();
        read.warnings.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn what_a_hand_record_has_no_place_for_is_named() {
        let text = format!(
            "[Event \"Club\"]\n[Site \"Utrecht\"]\n[Board \"1\"]\n[North \"Jansen\"]\n[Deal \"{HANDS}\"]\n\n\
             [Event \"Other\"]\n[Board \"2\"]\n[North \"?\"]\n[Contract \"4S\"]\n"
        );
        assert_eq!(
            warnings(&text),
            [
                "line 2: not carried into the hand record, which holds the event's name and date and each board's deal, dealer, vulnerability and analysis: Site (1 game), North (1 game), Event (1 game), Contract (1 game)",
                "line 8: board 2: the board has no [Deal] in the file, so it is not in the hand record",
            ]
        );
    }

    #[test]
    fn a_board_analysed_twice_differently_is_said() {
        let text = format!(
            "[Board \"1\"]\n[Deal \"{HANDS}\"]\n[OptimumScore \"NS 400\"]\n\n\
             [Board \"1\"]\n[OptimumScore \"NS 400\"]\n\n[Board \"1\"]\n[OptimumScore \"NS 600\"]\n"
        );
        assert_eq!(
            warnings(&text),
            [
                "line 9: board 1: the board's analysis here differs from the one at line 3, which is the one read: give a board's analysis once"
            ]
        );
    }

    #[test]
    fn a_repeated_game_that_leaves_out_dealer_and_vulnerability_is_the_same_board() {
        let first =
            format!("[Board \"1\"]\n[Dealer \"S\"]\n[Vulnerable \"None\"]\n[Deal \"{HANDS}\"]\n\n");
        let bare = format!("[Board \"1\"]\n[Deal \"{HANDS}\"]\n\n");
        for text in [format!("{first}{bare}"), format!("{bare}{first}")] {
            let read = read_pbn(text.as_bytes()).unwrap();
            let b = &read.record.boards;
            assert_eq!(b.len(), 1);
            assert_eq!(
                (b[0].dealer, b[0].vulnerability),
                (Seat::South, Vulnerability::None)
            );
        }
        // Inherited with "#", the tags are given: the same values, the same board.
        let inherited = format!(
            "{first}[Board \"1\"]\n[Dealer \"#\"]\n[Vulnerable \"#\"]\n[Deal \"{HANDS}\"]\n"
        );
        assert!(read_pbn(inherited.as_bytes()).is_ok());
        // Two games that give different dealers are two boards.
        let other = format!("{first}[Board \"1\"]\n[Dealer \"E\"]\n[Deal \"{HANDS}\"]\n");
        let said = errors(&other);
        assert!(said[0].contains("dealer E (not S)"), "{said:?}");
        assert!(!said[0].contains("vulnerability"), "{said:?}");
    }
}
