//! Boards: who deals and who is vulnerable on a duplicate board.
//!
//! The dealer cycles North, East, South, West from board 1; vulnerability repeats every
//! 16 boards in the standard order (SPEC section 1, Law 2 of the Laws of Duplicate Bridge).

use serde::{Deserialize, Serialize};
use std::fmt;

/// One of the four seats at the table (Dutch N/O/Z/W, Turkish K/D/G/B).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Seat {
    /// North (Noord, Kuzey).
    North,
    /// East (Oost, Doğu).
    East,
    /// South (Zuid, Güney).
    South,
    /// West (West, Batı).
    West,
}

impl Seat {
    /// All four seats in dealing order.
    pub const ALL: [Seat; 4] = [Seat::North, Seat::East, Seat::South, Seat::West];

    /// The partnership this seat belongs to.
    pub fn side(self) -> Side {
        match self {
            Seat::North | Seat::South => Side::NorthSouth,
            Seat::East | Seat::West => Side::EastWest,
        }
    }

    /// The seat to the left (next in dealing and playing order).
    pub fn next(self) -> Seat {
        match self {
            Seat::North => Seat::East,
            Seat::East => Seat::South,
            Seat::South => Seat::West,
            Seat::West => Seat::North,
        }
    }
}

/// A partnership: North-South or East-West.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Side {
    /// North and South (NZ, K-G).
    NorthSouth,
    /// East and West (OW, D-B).
    EastWest,
}

impl Side {
    /// The opposing partnership.
    pub fn other(self) -> Side {
        match self {
            Side::NorthSouth => Side::EastWest,
            Side::EastWest => Side::NorthSouth,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::NorthSouth => "NS",
            Side::EastWest => "EW",
        })
    }
}

/// Which sides are vulnerable on a deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Vulnerability {
    /// Nobody vulnerable ("--").
    None,
    /// North-South vulnerable.
    NorthSouth,
    /// East-West vulnerable.
    EastWest,
    /// Both sides vulnerable ("AL", "All").
    Both,
}

impl Vulnerability {
    /// Whether the given side is vulnerable.
    pub fn is_vulnerable(self, side: Side) -> bool {
        matches!(
            (self, side),
            (Vulnerability::Both, _)
                | (Vulnerability::NorthSouth, Side::NorthSouth)
                | (Vulnerability::EastWest, Side::EastWest)
        )
    }

    /// Vulnerability from the two sides' flags.
    pub fn from_sides(ns: bool, ew: bool) -> Vulnerability {
        match (ns, ew) {
            (false, false) => Vulnerability::None,
            (true, false) => Vulnerability::NorthSouth,
            (false, true) => Vulnerability::EastWest,
            (true, true) => Vulnerability::Both,
        }
    }
}

/// A duplicate board number (1 or higher).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Board(u32);

/// A board number that cannot exist.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("board number {0} is not valid: boards are numbered from 1")]
pub struct BoardNumberError(pub i64);

impl Board {
    /// The board with this number; board 0 does not exist.
    pub fn new(number: u32) -> Result<Board, BoardNumberError> {
        if number == 0 {
            Err(BoardNumberError(0))
        } else {
            Ok(Board(number))
        }
    }

    /// The board a text names: digits only, from 1. A sign, a space or a decimal point
    /// is no part of a board number (`+1` is not read as board 1).
    pub fn from_digits(text: &str) -> Option<Board> {
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        text.parse().ok().and_then(|n| Board::new(n).ok())
    }

    /// The board's number.
    pub fn number(self) -> u32 {
        self.0
    }

    /// The dealer: board 1 North, 2 East, 3 South, 4 West, 5 North again.
    pub fn dealer(self) -> Seat {
        Seat::ALL[((self.0 - 1) % 4) as usize]
    }

    /// The vulnerability in the standard 16-board cycle.
    pub fn vulnerability(self) -> Vulnerability {
        use Vulnerability::*;
        const CYCLE: [Vulnerability; 16] = [
            None, NorthSouth, EastWest, Both, NorthSouth, EastWest, Both, None, EastWest, Both,
            None, NorthSouth, Both, None, NorthSouth, EastWest,
        ];
        CYCLE[((self.0 - 1) % 16) as usize]
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dealer_cycles_from_north() {
        let dealers: Vec<Seat> = (1..=8).map(|n| Board::new(n).unwrap().dealer()).collect();
        use Seat::*;
        assert_eq!(
            dealers,
            [North, East, South, West, North, East, South, West]
        );
    }

    #[test]
    fn vulnerability_follows_the_sixteen_board_cycle() {
        // SPEC section 1: 1 none, 2 NS, 3 EW, 4 all, 5 NS, 6 EW, 7 all, 8 none, 9 EW,
        // 10 all, 11 none, 12 NS, 13 all, 14 none, 15 NS, 16 EW.
        let expected = "- N E B N E B - E B - N B - N E";
        let got: Vec<&str> = (1..=16)
            .map(|n| match Board::new(n).unwrap().vulnerability() {
                Vulnerability::None => "-",
                Vulnerability::NorthSouth => "N",
                Vulnerability::EastWest => "E",
                Vulnerability::Both => "B",
            })
            .collect();
        assert_eq!(got.join(" "), expected);
        for n in 1..=64 {
            let a = Board::new(n).unwrap();
            let b = Board::new(n + 16).unwrap();
            assert_eq!(a.vulnerability(), b.vulnerability());
            assert_eq!(a.dealer(), b.dealer());
        }
    }

    #[test]
    fn board_zero_is_refused() {
        assert!(Board::new(0).is_err());
    }

    #[test]
    fn vulnerable_sides() {
        assert!(Vulnerability::Both.is_vulnerable(Side::EastWest));
        assert!(!Vulnerability::NorthSouth.is_vulnerable(Side::EastWest));
        assert!(Vulnerability::EastWest.is_vulnerable(Side::EastWest));
        assert!(!Vulnerability::None.is_vulnerable(Side::NorthSouth));
    }
}
