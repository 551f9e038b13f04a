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
    let text = pbn::decode(data, &mut diags).map_err(|e| {
        let pbn::PbnError::Encoding { line, message } = e;
        vec![Diagnostic::error(line, None, message)]
    })?;
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

/// A board as the first game that deals it gives it, and the line of its Board tag.
struct Given {
    record: BoardRecord,
    line: u32,
}

/// What the games read so far give.
#[derive(Default)]
struct Reader {
    title: String,
    date: String,
    boards: BTreeMap<u32, Given>,
    published: BTreeMap<u32, PublishedAnalysis>,
    diags: Vec<Diagnostic>,
}

impl Reader {
    fn game(&mut self, g: &Game) {
        self.event_tags(g);
        let board = pbn::game_board(g, &mut self.diags);
        if let Some(record) = self.board(g, board) {
            let line = g.tag("Board").map_or(0, |t| t.line);
            self.keep(Given { record, line });
        }
        self.analysis(g, board);
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
    /// for each table that played it), or the file is two events' and is refused.
    fn keep(&mut self, again: Given) {
        let n = again.record.board.number();
        let Some(first) = self.boards.get(&n) else {
            self.boards.insert(n, again);
            return;
        };
        let (a, b) = (&first.record, &again.record);
        let mut what = Vec::new();
        if a.deal != b.deal {
            what.push("another deal".to_string());
        }
        if a.dealer != b.dealer {
            let l = |s: Seat| SEAT_LETTERS[pbn::seat_index(s)];
            what.push(format!("dealer {} (not {})", l(b.dealer), l(a.dealer)));
        }
        if a.vulnerability != b.vulnerability {
            let v = pbn::vul_value;
            let (x, y) = (v(b.vulnerability), v(a.vulnerability));
            what.push(format!("vulnerability {x} (not {y})"));
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
            if !a.is_empty() {
                self.published.entry(b.number()).or_insert(a);
            }
        }
    }

    fn finish(mut self) -> Result<ReadHandRecord, Vec<Diagnostic>> {
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
}
