//! Guide cards ("loopkaarten"): what each pair and each table needs to know in every
//! round (SPEC section 5).
//!
//! A pair's card lists, round by round, the table, the direction, the opponents and the
//! boards (or the bye). A table card lists who sits North-South and East-West, the boards
//! and where the boards go after the round: the table(s) playing them next, the bye stand
//! of a movement that has one when they wait a round there (a relay and bye stand), or
//! back to the director. A table's line says when its boards come from the bye stand. Rendering (text, HTML, CSV) is
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
    /// To the bye stand: nobody plays them next round, a table takes them up the round
    /// after (the relay and bye stand of a Mitchell with an even number of tables).
    ByeStand,
    /// Back to the director: nobody plays them next round nor the round after.
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
    /// Whether the boards are taken from the bye stand: nobody played them the round
    /// before (the set on the stand from the start, or boards that rested one round).
    pub from_bye_stand: bool,
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

/// Whether a match of round `index` (0-based) plays any of the boards; `false` for a
/// round the movement does not have.
fn played_in(m: &Movement, index: usize, boards: &BoardRange) -> bool {
    m.rounds.get(index).is_some_and(|r| {
        r.tables
            .iter()
            .any(|n| n.is_match() && n.boards.overlaps(boards))
    })
}

/// Whether a table holds any of the boards in round `index` (0-based), playing them or
/// not (a table where a pair sits out holds its set too, and passes it on).
fn held_in(m: &Movement, index: usize, boards: &BoardRange) -> bool {
    m.rounds
        .get(index)
        .is_some_and(|r| r.tables.iter().any(|n| n.boards.overlaps(boards)))
}

/// Whether the boards wait on the movement's bye stand during round `index`: nobody
/// plays them in that round and a table plays them in the next.
fn on_bye_stand(m: &Movement, index: usize, boards: &BoardRange) -> bool {
    m.bye_stand
        && index < m.rounds.len()
        && !played_in(m, index, boards)
        && played_in(m, index + 1, boards)
}

/// Where a table's boards go after round `index`: to the tables of the next round that
/// hold them, in table order whatever the order of the schedule's lines (a table where
/// a pair sits out holds its boards too, and passes them on); to the bye stand when no
/// table holds them next round but one does later (the relay and bye stand, a phantom
/// Howell's set that rests); back to the director when no table holds them again.
fn next_for(m: &Movement, index: usize, t: &TableRound) -> BoardsNext {
    let Some(next) = m.rounds.get(index + 1) else {
        return BoardsNext::Collected;
    };
    let mut tables: Vec<u32> = next
        .tables
        .iter()
        .filter(|n| n.boards.overlaps(&t.boards))
        .map(|n| n.table)
        .collect();
    tables.sort_unstable();
    if !tables.is_empty() {
        BoardsNext::Tables(tables)
    } else if (index + 2..m.rounds.len()).any(|k| held_in(m, k, &t.boards)) {
        BoardsNext::ByeStand
    } else {
        BoardsNext::Director
    }
}

/// Whether the boards of a table in round `index` come from the bye stand: no table
/// held them the round before, and a table held them earlier (which put them there), or
/// they are the set on the movement's own stand from the start.
fn from_bye_stand(m: &Movement, index: usize, t: &TableRound) -> bool {
    index > 0
        && !held_in(m, index - 1, &t.boards)
        && ((0..index - 1).any(|k| held_in(m, k, &t.boards))
            || (index == 1 && on_bye_stand(m, 0, &t.boards)))
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
                        from_bye_stand: t.is_match() && from_bye_stand(m, i, t),
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

    /// Whether a table holds any of the boards in round `index` (0-based).
    fn held(m: &Movement, index: usize, boards: &BoardRange) -> bool {
        m.rounds
            .get(index)
            .is_some_and(|r| r.tables.iter().any(|t| t.boards.overlaps(boards)))
    }

    /// Every table card line against the schedule: its boards go to the tables that hold
    /// them next round; to the bye stand when none does but one does later; back to
    /// the director only when no table holds them again.
    fn check_destinations(m: &Movement) {
        for card in table_cards(m) {
            for (i, line) in card.lines.iter().enumerate() {
                let index = m
                    .rounds
                    .iter()
                    .position(|r| r.number == line.round)
                    .unwrap();
                let later = (index + 2..m.rounds.len()).any(|k| held(m, k, &line.boards));
                let want = match m.rounds.get(index + 1) {
                    None => BoardsNext::Collected,
                    Some(next) => {
                        let mut tables: Vec<u32> = next
                            .tables
                            .iter()
                            .filter(|t| t.boards.overlaps(&line.boards))
                            .map(|t| t.table)
                            .collect();
                        tables.sort_unstable();
                        match (tables.is_empty(), later) {
                            (false, _) => BoardsNext::Tables(tables),
                            (true, true) => BoardsNext::ByeStand,
                            (true, false) => BoardsNext::Director,
                        }
                    }
                };
                assert_eq!(line.next, want, "{} table {} line {i}", m.name, card.table);
            }
        }
    }

    /// A phantom Howell's table card sent to the director a set another table plays two
    /// rounds later. It goes to the bye stand, and the table that takes it up says so.
    #[test]
    fn boards_played_again_later_go_to_the_bye_stand() {
        for pairs in (5..=19).step_by(2) {
            for bpr in [2, 3] {
                let m = named(&format!("howell-{pairs}"), bpr).unwrap();
                check_destinations(&m);
            }
        }
        // Mitchells too, the relay and bye stand's among them.
        for tables in 3..=10 {
            check_destinations(&mitchell(&MitchellOptions::new(tables, 2)).unwrap());
        }
        let mut relay = MitchellOptions::new(6, 2);
        relay.even = super::super::EvenTables::RelayByeStand;
        check_destinations(&mitchell(&relay).unwrap());
        let m = named("howell-9", 2).unwrap();
        let two = &table_cards(&m)[1].lines;
        assert_eq!(two[0].next, BoardsNext::ByeStand, "{two:?}");
        assert_eq!(two[8].next, BoardsNext::Collected, "{two:?}");
        // Whoever takes a set up from the stand is told.
        let cards = table_cards(&m);
        let taken: Vec<_> = cards
            .iter()
            .flat_map(|c| &c.lines)
            .filter(|l| l.from_bye_stand)
            .collect();
        assert!(!taken.is_empty());
    }

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
    fn relay_boards_go_to_the_bye_stand_and_from_it_to_the_table_below() {
        // Six tables, relay and bye stand: the stand sits between tables 3 and 4. Table
        // 4's boards rest on it a round, then table 3 plays them.
        let mut o = MitchellOptions::new(6, 2);
        o.even = super::super::EvenTables::RelayByeStand;
        let cards = table_cards(&mitchell(&o).unwrap());
        let four = &cards[3].lines;
        assert!(
            four[..4].iter().all(|l| l.next == BoardsNext::ByeStand),
            "{four:?}"
        );
        // Boards that rest in the last round have been played by every table.
        assert_eq!(four[4].next, BoardsNext::Director);
        assert_eq!(four[5].next, BoardsNext::Collected);
        let three = &cards[2].lines;
        assert!(!three[0].from_bye_stand);
        assert!(three[1..].iter().all(|l| l.from_bye_stand), "{three:?}");
        // The stand's set in round 1 is the one table 3 plays in round 2.
        assert_eq!(three[1].boards.to_string(), "7-8");
        let others = cards.iter().filter(|c| c.table != 3);
        assert!(others.flat_map(|c| &c.lines).all(|l| !l.from_bye_stand));
        assert!(
            cards
                .iter()
                .filter(|c| c.table != 4)
                .flat_map(|c| &c.lines)
                .all(|l| l.next != BoardsNext::ByeStand)
        );
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
    fn boards_go_to_the_table_that_holds_them_though_a_seat_there_is_empty() {
        // Mitchell of three tables, EW pair 6 absent: table 2's boards wait a round at
        // table 1, where pair 1 sits out, and go on from there. They were sent to the
        // director, and table 1 waited for boards that never came.
        let m = parse_csv(
            "round,table,ns,ew,boards\n\
             1,1,1,4,1-2\n1,2,2,5,3-4\n1,3,3,,5-6\n\
             2,1,1,,3-4\n2,2,2,4,5-6\n2,3,3,5,1-2\n\
             3,1,1,5,5-6\n3,2,2,,1-2\n3,3,3,4,3-4\n",
        )
        .unwrap();
        let cards = table_cards(&m);
        assert_eq!(cards[1].lines[0].next, BoardsNext::Tables(vec![1]));
        assert_eq!(cards[0].lines[1].next, BoardsNext::Tables(vec![3]));
        assert_eq!(cards[2].lines[0].next, BoardsNext::Tables(vec![2]));
        // And a phantom Howell's bye table holds a set like any other table: table 4's
        // boards 4-6 of round 1 wait at table 1 in round 2.
        let h = named("howell-7", 3).unwrap();
        assert_eq!(
            table_cards(&h)[3].lines[0].next,
            BoardsNext::Tables(vec![1])
        );
    }

    #[test]
    fn boards_go_to_tables_in_table_order() {
        // Round 2's lines are written table 3, 1, 2: the card lists the tables 1, 2, 3.
        let mut m = parse_csv(
            "round,table,ns,ew,boards\n\
             1,1,1,2,1-2\n1,2,3,4,3-4\n1,3,5,6,3-4\n\
             2,3,1,6,1-2\n2,1,3,2,1-2\n2,2,5,4,1-2\n",
        )
        .unwrap();
        m.sharing = super::super::BoardSharing::Duplicated;
        let cards = table_cards(&m);
        assert_eq!(cards[0].lines[0].next, BoardsNext::Tables(vec![1, 2, 3]));
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
