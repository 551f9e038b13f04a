//! Suits, ranks and cards.

use std::fmt;

/// A suit, in the order PBN and the dealing machines list them: spades first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    /// Spades.
    Spades,
    /// Hearts.
    Hearts,
    /// Diamonds.
    Diamonds,
    /// Clubs.
    Clubs,
}

impl Suit {
    /// The four suits, spades first.
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    /// 0 for spades to 3 for clubs.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The English letter: S, H, D or C.
    pub fn letter(self) -> char {
        ['S', 'H', 'D', 'C'][self.index()]
    }

    /// The suit symbol: ♠ ♥ ♦ ♣.
    pub fn symbol(self) -> char {
        ['♠', '♥', '♦', '♣'][self.index()]
    }

    /// Whether the suit is printed in red.
    pub fn is_red(self) -> bool {
        matches!(self, Suit::Hearts | Suit::Diamonds)
    }

    /// The suit in the scoring rules' terms.
    pub fn strain(self) -> klaver_core::Strain {
        use klaver_core::Strain;
        [
            Strain::Spades,
            Strain::Hearts,
            Strain::Diamonds,
            Strain::Clubs,
        ][self.index()]
    }
}

/// The rank letters from the ace down, as PBN writes them.
pub const RANKS: &str = "AKQJT98765432";

/// One of the 52 cards: 0 is the ace of spades, 12 the two of spades, 13 the ace of
/// hearts, ..., 51 the two of clubs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

impl Card {
    /// The card with this number (0-51), or `None`.
    pub fn from_index(index: usize) -> Option<Card> {
        (index < 52).then_some(Card(index as u8))
    }

    /// The card of this suit and rank letter (`A`, `K`, ..., `T`, `9`, ..., `2`; `10` is
    /// not a letter), or `None`.
    pub fn new(suit: Suit, rank: char) -> Option<Card> {
        let rank = rank.to_ascii_uppercase();
        let r = RANKS.find(rank)?;
        Some(Card((suit.index() * 13 + r) as u8))
    }

    /// The card's number, 0 (ace of spades) to 51 (two of clubs).
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The card's suit.
    pub fn suit(self) -> Suit {
        Suit::ALL[self.index() / 13]
    }

    /// The rank letter (`A` ... `2`).
    pub fn rank(self) -> char {
        RANKS.as_bytes()[self.index() % 13] as char
    }

    /// High-card points: ace 4, king 3, queen 2, jack 1.
    pub fn hcp(self) -> u32 {
        match self.index() % 13 {
            0 => 4,
            1 => 3,
            2 => 2,
            3 => 1,
            _ => 0,
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.suit().letter(), self.rank())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_are_numbered_from_the_ace_of_spades() {
        assert_eq!(Card::new(Suit::Spades, 'A').unwrap().index(), 0);
        assert_eq!(Card::new(Suit::Spades, '2').unwrap().index(), 12);
        assert_eq!(Card::new(Suit::Hearts, 'a').unwrap().index(), 13);
        assert_eq!(Card::new(Suit::Clubs, '2').unwrap().index(), 51);
        assert_eq!(Card::from_index(51).unwrap().to_string(), "C2");
        assert!(Card::from_index(52).is_none());
        assert!(Card::new(Suit::Clubs, '1').is_none());
    }

    #[test]
    fn honours_count_points() {
        let points: u32 = (0..13).map(|i| Card::from_index(i).unwrap().hcp()).sum();
        assert_eq!(points, 10);
    }
}
