//! Shuffled deals.
//!
//! The generator is ChaCha20 (`rand_chacha`), a cryptographically secure stream cipher:
//! seeded from the operating system's entropy, nobody can predict the next board from
//! the ones already seen. A seed given as a number makes the same deals every time, for
//! demonstrations and tests; such deals are not secret.

use crate::card::Card;
use crate::deal::Deal;
use klaver_core::Seat;
use rand_chacha::ChaCha20Rng;
use rand_core::{RngCore, SeedableRng};

/// A source of shuffled deals.
pub struct DealRng {
    rng: ChaCha20Rng,
}

impl DealRng {
    /// Seeded from the operating system's entropy: deals nobody can reproduce.
    pub fn from_entropy() -> Result<DealRng, String> {
        ChaCha20Rng::try_from_os_rng()
            .map(|rng| DealRng { rng })
            .map_err(|e| format!("the operating system gave no random numbers: {e}"))
    }

    /// Seeded from a number: the same seed gives the same deals, on every machine.
    pub fn from_seed(seed: u64) -> DealRng {
        DealRng {
            rng: ChaCha20Rng::seed_from_u64(seed),
        }
    }

    /// A uniformly random number below `n` (rejection sampling, so without bias).
    fn below(&mut self, n: u32) -> u32 {
        let span = 1u64 << 32;
        let limit = span - span % u64::from(n);
        loop {
            let x = u64::from(self.rng.next_u32());
            if x < limit {
                return (x % u64::from(n)) as u32;
            }
        }
    }

    /// The next deal: the 52 cards shuffled (Fisher-Yates), 13 to each seat.
    pub fn deal(&mut self) -> Deal {
        let mut cards: [u8; 52] = std::array::from_fn(|i| i as u8);
        for i in (1..52).rev() {
            let j = self.below(i as u32 + 1) as usize;
            cards.swap(i, j);
        }
        let mut owners = [Seat::North; 52];
        for (k, card) in cards.iter().enumerate() {
            owners[usize::from(*card)] = Seat::ALL[k / 13];
        }
        Deal::from_owners(&owners).unwrap_or_else(|_| unreachable_deal())
    }

    /// `count` deals in a row.
    pub fn deals(&mut self, count: usize) -> Vec<Deal> {
        (0..count).map(|_| self.deal()).collect()
    }
}

/// A shuffle of the 52 card numbers always gives 13 distinct cards to each seat; this
/// sorted deal stands in should that ever not hold, rather than a panic.
fn unreachable_deal() -> Deal {
    let hands: Vec<Vec<Card>> = (0..4)
        .map(|s| (s * 13..s * 13 + 13).filter_map(Card::from_index).collect())
        .collect();
    Deal::from_hands([&hands[0], &hands[1], &hands[2], &hands[3]])
        .expect("the four suits are a deal")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_deals() {
        let a = DealRng::from_seed(42).deals(28);
        let b = DealRng::from_seed(42).deals(28);
        assert_eq!(a, b);
        assert_ne!(a, DealRng::from_seed(43).deals(28));
        assert_ne!(a[0], a[1]);
    }

    #[test]
    fn a_seed_deals_the_same_on_every_machine() {
        // ChaCha20 and the shuffle are fixed: this is seed 1's first board for good.
        let first = DealRng::from_seed(1).deal();
        assert_eq!(first, Deal::from_pbn(&first.to_pbn(Seat::North)).unwrap());
        assert_eq!(first.to_pbn(Seat::North), SEED_1_BOARD_1);
    }

    const SEED_1_BOARD_1: &str =
        "N:AT987.64.AJ4.K65 QJ5.Q72.T85.JT98 62.AJT985.K3.432 K43.K3.Q9762.AQ7";

    #[test]
    fn entropy_deals_differ() {
        let mut rng = DealRng::from_entropy().unwrap();
        assert_ne!(rng.deal(), rng.deal());
    }
}
