//! Every deal from the dealer holds each card exactly once, whatever the seed.

use klaver_core::Seat;
use klaver_deal::{Card, Deal, DealRng};
use proptest::prelude::*;

fn every_card_once(deal: &Deal) -> bool {
    let mut seen = [0u8; 52];
    for seat in Seat::ALL {
        let hand = deal.hand(seat);
        if hand.len() != 13 {
            return false;
        }
        for card in hand {
            seen[card.index()] += 1;
        }
    }
    seen.iter().all(|n| *n == 1)
}

proptest! {
    #[test]
    fn every_card_is_dealt_exactly_once(seed in any::<u64>()) {
        for deal in DealRng::from_seed(seed).deals(8) {
            prop_assert!(every_card_once(&deal));
            prop_assert_eq!(Deal::from_pbn(&deal.to_pbn(Seat::South)).unwrap(), deal);
            for i in 0..52 {
                let card = Card::from_index(i).unwrap();
                prop_assert!(deal.hand(deal.owner(card)).contains(&card));
            }
        }
    }

    #[test]
    fn the_same_seed_deals_the_same_boards(seed in any::<u64>()) {
        prop_assert_eq!(DealRng::from_seed(seed).deals(4), DealRng::from_seed(seed).deals(4));
    }
}
