//! A deal: four hands of 13 cards, every card exactly once.

use crate::card::{Card, Suit};
use klaver_core::Seat;
use std::fmt;

/// Why a set of hands is not a deal.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DealError {
    /// A hand does not hold 13 cards.
    #[error("{seat} holds {count} cards; every hand holds 13")]
    HandSize {
        /// The seat.
        seat: SeatName,
        /// How many cards it holds.
        count: u32,
    },
    /// A card is in two hands, or twice in one.
    #[error("the card {card} is dealt twice ({first} and {second})")]
    Twice {
        /// The card.
        card: Card,
        /// The first hand that holds it.
        first: SeatName,
        /// The second hand (or the same one again).
        second: SeatName,
    },
    /// The text is not a PBN deal string.
    #[error("{0}")]
    Syntax(String),
}

/// A seat's name in messages (North, East, South, West).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeatName(pub Seat);

impl fmt::Display for SeatName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(["North", "East", "South", "West"][self.0 as usize])
    }
}

/// The one-letter name of a seat in PBN: N, E, S, W.
pub fn seat_letter(seat: Seat) -> char {
    ['N', 'E', 'S', 'W'][seat as usize]
}

/// The seat of a PBN letter (`N`, `E`, `S`, `W`, either case).
pub fn seat_from_letter(c: char) -> Option<Seat> {
    match c.to_ascii_uppercase() {
        'N' => Some(Seat::North),
        'E' => Some(Seat::East),
        'S' => Some(Seat::South),
        'W' => Some(Seat::West),
        _ => None,
    }
}

/// A deal: who holds each of the 52 cards. Made only through [`Deal::from_hands`] (or
/// a reader or the dealer built on it), so every value is a whole deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Deal {
    /// The cards of North, East, South and West, one bit per card number.
    hands: [u64; 4],
}

impl Deal {
    /// The deal of these hands (North, East, South, West), checked: 13 cards in each
    /// hand and no card twice.
    pub fn from_hands(hands: [&[Card]; 4]) -> Result<Deal, DealError> {
        let mut masks = [0u64; 4];
        let mut owner: [Option<Seat>; 52] = [None; 52];
        for (seat, cards) in Seat::ALL.into_iter().zip(hands) {
            for &card in cards {
                if let Some(first) = owner[card.index()] {
                    return Err(DealError::Twice {
                        card,
                        first: SeatName(first),
                        second: SeatName(seat),
                    });
                }
                owner[card.index()] = Some(seat);
                masks[seat as usize] |= 1 << card.index();
            }
        }
        for seat in Seat::ALL {
            let count = masks[seat as usize].count_ones();
            if count != 13 {
                let seat = SeatName(seat);
                return Err(DealError::HandSize { seat, count });
            }
        }
        Ok(Deal { hands: masks })
    }

    /// The deal in which card number `i` goes to `owners[i]`, checked like
    /// [`Deal::from_hands`].
    pub fn from_owners(owners: &[Seat; 52]) -> Result<Deal, DealError> {
        let mut hands: [Vec<Card>; 4] = Default::default();
        for (i, seat) in owners.iter().enumerate() {
            hands[*seat as usize].extend(Card::from_index(i));
        }
        Deal::from_hands([&hands[0], &hands[1], &hands[2], &hands[3]])
    }

    /// Who holds the card.
    pub fn owner(&self, card: Card) -> Seat {
        let bit = 1u64 << card.index();
        Seat::ALL
            .into_iter()
            .find(|s| self.hands[*s as usize] & bit != 0)
            .unwrap_or(Seat::West)
    }

    /// The seat's 13 cards, from the ace of spades down to the two of clubs.
    pub fn hand(&self, seat: Seat) -> Vec<Card> {
        let mask = self.hands[seat as usize];
        (0..52)
            .filter(|i| mask & (1 << i) != 0)
            .filter_map(Card::from_index)
            .collect()
    }

    /// The rank letters the seat holds in the suit, high first (`AQ94`); empty for a void.
    pub fn holding(&self, seat: Seat, suit: Suit) -> String {
        self.hand(seat)
            .into_iter()
            .filter(|c| c.suit() == suit)
            .map(Card::rank)
            .collect()
    }

    /// The seat's high-card points (A 4, K 3, Q 2, J 1).
    pub fn hcp(&self, seat: Seat) -> u32 {
        self.hand(seat).into_iter().map(Card::hcp).sum()
    }

    /// Reads a PBN deal string: the first hand's seat, a colon, and four hands in
    /// clockwise order, each as spades.hearts.diamonds.clubs (`N:AKQ.JT9.876.5432 ...`).
    pub fn from_pbn(text: &str) -> Result<Deal, DealError> {
        let text = text.trim();
        let syntax = |m: String| DealError::Syntax(m);
        let (first, rest) = text.split_once(':').ok_or_else(|| {
            syntax(format!("{text:?} is not a deal: it starts with the first hand's seat and a colon, e.g. N:AKQ.JT9.876.5432 ..."))
        })?;
        let mut seat = match first.trim().chars().collect::<Vec<_>>()[..] {
            [c] => seat_from_letter(c),
            _ => None,
        }
        .ok_or_else(|| syntax(format!("{first:?} is not a seat (N, E, S or W)")))?;
        let texts: Vec<&str> = rest.split_whitespace().collect();
        if texts.len() != 4 {
            return Err(syntax(format!(
                "a deal has four hands separated by spaces, not {}",
                texts.len()
            )));
        }
        let mut hands: [Vec<Card>; 4] = Default::default();
        for hand in texts {
            hands[seat as usize] = parse_hand(hand, seat)?;
            seat = seat.next();
        }
        Deal::from_hands([&hands[0], &hands[1], &hands[2], &hands[3]])
    }

    /// The PBN deal string with `first`'s hand first (PBN export writes the dealer's).
    pub fn to_pbn(&self, first: Seat) -> String {
        let mut out = format!("{}:", seat_letter(first));
        let mut seat = first;
        for k in 0..4 {
            if k > 0 {
                out.push(' ');
            }
            let suits: Vec<String> = Suit::ALL.iter().map(|s| self.holding(seat, *s)).collect();
            out.push_str(&suits.join("."));
            seat = seat.next();
        }
        out
    }
}

/// One hand of a PBN deal string: four suits separated by dots.
fn parse_hand(text: &str, seat: Seat) -> Result<Vec<Card>, DealError> {
    let name = SeatName(seat);
    if text == "-" {
        return Err(DealError::Syntax(format!(
            "{name}'s hand is not given (-): a full deal is needed"
        )));
    }
    let suits: Vec<&str> = text.split('.').collect();
    if suits.len() != 4 {
        return Err(DealError::Syntax(format!(
            "{name}'s hand {text:?} does not have four suits separated by dots"
        )));
    }
    let mut cards = Vec::with_capacity(13);
    for (suit, ranks) in Suit::ALL.into_iter().zip(suits) {
        for r in ranks.chars() {
            let card = Card::new(suit, r).ok_or_else(|| {
                DealError::Syntax(format!(
                    "{name}'s hand {text:?}: {r:?} is not a card rank (A K Q J T 9 ... 2)"
                ))
            })?;
            cards.push(card);
        }
    }
    Ok(cards)
}

impl fmt::Display for Deal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_pbn(Seat::North))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEAL: &str = "N:AKQ.JT9.876.5432 JT98.AKQ.5432.76 7654.8765.AKQ.AK 32.432.JT9.QJT98";

    #[test]
    fn pbn_deal_strings_round_trip_from_any_seat() {
        let deal = Deal::from_pbn(DEAL).unwrap();
        assert_eq!(deal.to_pbn(Seat::North), DEAL);
        let from_west = deal.to_pbn(Seat::West);
        assert!(from_west.starts_with("W:32.432.JT9.QJT98 AKQ.JT9"));
        assert_eq!(Deal::from_pbn(&from_west).unwrap(), deal);
        assert_eq!(deal.holding(Seat::East, Suit::Hearts), "AKQ");
        assert_eq!(deal.hcp(Seat::North), 10);
        let total: u32 = Seat::ALL.iter().map(|s| deal.hcp(*s)).sum();
        assert_eq!(total, 40);
    }

    #[test]
    fn a_card_twice_is_named() {
        let bad = DEAL.replace("JT98.AKQ", "JT98.AKJ");
        let err = Deal::from_pbn(&bad).unwrap_err().to_string();
        assert_eq!(err, "the card HJ is dealt twice (North and East)");
    }

    #[test]
    fn a_short_hand_is_named() {
        let bad = "N:AKQ.JT9.876.543 JT98.AKQ.5432.76 7654.8765.AKQ.AK 32.432.JT9.QJT98";
        let err = Deal::from_pbn(bad).unwrap_err().to_string();
        assert_eq!(err, "North holds 12 cards; every hand holds 13");
    }

    #[test]
    fn bad_text_is_refused_with_a_reason() {
        for bad in [
            "",
            "N:",
            "X:AKQ",
            "N:- - - -",
            "N:AKQ.JT9.876 a b c",
            "N:A1.x.y.z - - -",
        ] {
            let err = Deal::from_pbn(bad).unwrap_err();
            assert!(matches!(err, DealError::Syntax(_)), "{bad}: {err}");
        }
    }
}
