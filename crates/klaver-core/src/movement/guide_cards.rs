//! Guide cards ("loopkaarten"): what each pair and each table needs to know in every
//! round (SPEC section 5).
//!
//! A pair's card lists, round by round, the table, the direction, the opponents and the
//! boards (or the bye). A table card lists who sits North-South and East-West, the boards
//! and where the boards go after the round: the table(s) playing them next, or back to
//! the director when nobody plays them in the next round. Rendering (text, HTML, CSV) is
//! in `klaver-io`.

use super::{BoardRange, Movement, TableRound};
use std::fmt;

/// The direction a pair sits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Direction {
    /// North-South.
    NorthSouth,
    /// East-West.
    EastWest,
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Direction::NorthSouth => "NS",
            Direction::EastWest => "EW",
        })
    }
}

/// One round on a pair's guide card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairCardLine {
    /// The round.
    pub round: u32,
    /// The table; `None` when the pair does not sit anywhere this round.
    pub table: Option<u32>,
    /// The direction at the table.
    pub direction: Option<Direction>,
    /// The opponents; `None` for a bye.
    pub opponent: Option<String>,
    /// The boards at the table (not played during a bye).
    pub boards: Option<BoardRange>,
}

impl PairCardLine {
    /// Whether the pair sits out this round.
    pub fn is_bye(&self) -> bool {
        self.opponent.is_none()
    }
}

/// A pair's guide card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairCard {
    /// The pair.
    pub pair: String,
    /// One line per round.
    pub lines: Vec<PairCardLine>,
}

/// Where a table's boards go after a round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoardsNext {
    /// To these tables, which play them next round.
    Tables(Vec<u32>),
    /// Back to the director (or the bye stand): nobody plays them next round.
    Director,
    /// The last round: the boards are collected.
    Collected,
}

/// One round on a table card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableCardLine {
    /// The round.
    pub round: u32,
    /// The North-South pair; `None` when the seat is empty.
    pub ns: Option<String>,
    /// The East-West pair; `None` when the seat is empty.
    pub ew: Option<String>,
    /// The boards.
    pub boards: BoardRange,
    /// Where the boards go after the round.
    pub next: BoardsNext,
}

/// A table card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableCard {
    /// The table.
    pub table: u32,
    /// One line per round in which the table is used.
    pub lines: Vec<TableCardLine>,
}

/// The guide card of every pair, in pair order.
pub fn pair_cards(m: &Movement) -> Vec<PairCard> {
    m.pairs()
        .into_iter()
        .map(|pair| PairCard {
            pair: pair.to_string(),
            lines: m
                .rounds
                .iter()
                .map(|r| match m.table_for(r.number, pair) {
                    Some(s) => PairCardLine {
                        round: r.number,
                        table: Some(s.table),
                        direction: Some(s.direction),
                        opponent: s.opponent.map(str::to_string),
                        boards: Some(s.boards),
                    },
                    None => PairCardLine {
                        round: r.number,
                        table: None,
                        direction: None,
                        opponent: None,
                        boards: None,
                    },
                })
                .collect(),
        })
        .collect()
}

fn next_for(m: &Movement, index: usize, t: &TableRound) -> BoardsNext {
    let Some(next) = m.rounds.get(index + 1) else {
        return BoardsNext::Collected;
    };
    let tables: Vec<u32> = next
        .tables
        .iter()
        .filter(|n| n.is_match() && n.boards.overlaps(&t.boards))
        .map(|n| n.table)
        .collect();
    if tables.is_empty() {
        BoardsNext::Director
    } else {
        BoardsNext::Tables(tables)
    }
}

/// The card of every table, in table order.
pub fn table_cards(m: &Movement) -> Vec<TableCard> {
    m.tables()
        .into_iter()
        .map(|table| TableCard {
            table,
            lines: m
                .rounds
                .iter()
                .enumerate()
                .filter_map(|(i, r)| {
                    let t = r.tables.iter().find(|t| t.table == table)?;
                    Some(TableCardLine {
                        round: r.number,
                        ns: t.ns.clone(),
                        ew: t.ew.clone(),
                        boards: t.boards,
                        next: next_for(m, i, t),
                    })
                })
                .collect(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::{MitchellOptions, mitchell, named, parse_csv};
    use super::*;

    #[test]
    fn mitchell_boards_go_down_one_table() {
        let m = mitchell(&MitchellOptions::new(5, 4)).unwrap();
        let cards = table_cards(&m);
        assert_eq!(cards.len(), 5);
        assert_eq!(cards[0].lines[0].next, BoardsNext::Tables(vec![5]));
        assert_eq!(cards[2].lines[0].next, BoardsNext::Tables(vec![2]));
        assert_eq!(cards[2].lines[4].next, BoardsNext::Collected);
    }

    #[test]
    fn pair_card_for_the_seed_event() {
        let m = parse_csv(include_str!("../../tests/data/fonteintje-14-pairs.csv")).unwrap();
        let cards = pair_cards(&m);
        let seven = cards.iter().find(|c| c.pair == "7").unwrap();
        let l = &seven.lines[0];
        assert_eq!(
            (l.table, l.direction, l.opponent.as_deref()),
            (Some(3), Some(Direction::EastWest), Some("4"))
        );
        assert_eq!(l.boards.unwrap().to_string(), "1-4");
        // Duplicated boards go back to the director after every round.
        assert_eq!(table_cards(&m)[0].lines[0].next, BoardsNext::Director);
    }

    #[test]
    fn bye_on_the_pair_card() {
        let m = named("howell-9", 3).unwrap();
        let card = &pair_cards(&m)[0];
        assert_eq!(card.pair, "1");
        assert!(card.lines[0].is_bye());
        assert_eq!(card.lines[0].table, Some(1));
        assert!(!card.lines[1].is_bye());
    }
}
