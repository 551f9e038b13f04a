//! A PBN file read as a hand record: each game's board, deal, dealer and vulnerability,
//! and the double-dummy figures it publishes. Only what a hand record needs is read (a
//! results file's ScoreTables are not), and anything in it that klaver cannot read is an
//! error naming its line: a file with errors is refused whole, never read in part.

use crate::exchange::Imported;
use crate::hand_record::{BoardRecord, HandRecord, ReadHandRecord};
use crate::pbn::{self, SEAT_LETTERS};
use crate::pbn_syntax::{Game, Tag, read_games};
use crate::published_analysis;
use klaver_core::session::{Diagnostic, Severity};
use klaver_core::{Board, Seat};
use klaver_deal::Deal;

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

/// What the games read so far give.
#[derive(Default)]
struct Reader {
    imported: Imported,
    diags: Vec<Diagnostic>,
}

impl Reader {
    fn game(&mut self, g: &Game) {
        self.event_tags(g);
        let board = pbn::game_board(g, &mut self.diags);
        let Some(deal) = g.tag("Deal").filter(published_analysis::given) else {
            return self.analysis(g, board);
        };
        match pbn::parse_deal(&deal.value) {
            Ok(hands) if hands.iter().all(|h| h == "-") => {}
            Ok(hands) => match board {
                Some(b) => {
                    self.imported
                        .deals
                        .entry(b.number())
                        .or_insert(crate::exchange::Deal { hands });
                }
                None => self.error(
                    deal,
                    None,
                    "a deal without a board number: add [Board \"n\"] to its game".into(),
                ),
            },
            Err(e) => self.error(
                deal,
                board.map(Board::number),
                format!("cannot read the deal: {e}"),
            ),
        }
        if let Some(b) = board {
            self.dealer(g, b);
            self.vulnerability(g, b);
        }
        self.analysis(g, board);
    }

    fn error(&mut self, t: &Tag, board: Option<u32>, message: String) {
        self.diags.push(Diagnostic::error(t.line, board, message));
    }

    /// The event's name and date: each from the first game with it.
    fn event_tags(&mut self, g: &Game) {
        let i = &mut self.imported;
        if i.title.is_empty()
            && let Some(e) = g.tag("Event").filter(published_analysis::given)
        {
            i.title = e.value.clone();
        }
        if i.date.is_empty()
            && let Some(d) = g
                .value("Date")
                .filter(|d| !d.contains('?') && !d.is_empty())
        {
            i.date = d.to_string();
        }
    }

    fn dealer(&mut self, g: &Game, b: Board) {
        if let Some(t) = g.tag("Dealer").filter(published_analysis::given)
            && let Some(k) = SEAT_LETTERS
                .iter()
                .position(|l| t.value.trim().eq_ignore_ascii_case(l))
        {
            self.imported.dealers.insert(b.number(), Seat::ALL[k]);
        }
    }

    fn vulnerability(&mut self, g: &Game, b: Board) {
        let Some(t) = g.tag("Vulnerable").filter(published_analysis::given) else {
            return;
        };
        match pbn::parse_vul(&t.value) {
            Some(v) => {
                self.imported.vulnerabilities.insert(b.number(), v);
            }
            None => self.diags.push(Diagnostic::warning(
                t.line,
                Some(b.number()),
                format!("[Vulnerable {:?}] is not None, NS, EW or All", t.value),
            )),
        }
    }

    fn analysis(&mut self, g: &Game, board: Option<Board>) {
        if let Some(b) = board {
            let a = published_analysis::read_game(g, b.number(), &mut self.diags);
            if !a.is_empty() {
                self.imported.analyses.entry(b.number()).or_insert(a);
            }
        }
    }

    fn finish(mut self) -> Result<ReadHandRecord, Vec<Diagnostic>> {
        let boards = self.boards();
        if boards.is_empty() {
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
        let i = self.imported;
        Ok(ReadHandRecord {
            record: HandRecord {
                title: i.title,
                date: i.date,
                boards,
            },
            published: i.analyses,
            warnings,
        })
    }

    fn boards(&mut self) -> Vec<BoardRecord> {
        let mut boards = Vec::with_capacity(self.imported.deals.len());
        for (n, d) in &self.imported.deals {
            let Ok(board) = Board::new(*n) else {
                continue;
            };
            let deal = match Deal::from_pbn(&format!("N:{}", d.hands.join(" "))) {
                Ok(deal) => deal,
                Err(e) => {
                    self.diags
                        .push(Diagnostic::error(0, Some(*n), format!("board {n}: {e}")));
                    continue;
                }
            };
            let mut b = BoardRecord::new(board, deal);
            b.dealer = self.imported.dealers.get(n).copied().unwrap_or(b.dealer);
            b.vulnerability = self
                .imported
                .vulnerabilities
                .get(n)
                .copied()
                .unwrap_or(b.vulnerability);
            boards.push(b);
        }
        boards
    }
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
