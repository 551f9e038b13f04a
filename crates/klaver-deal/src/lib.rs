//! # klaver-deal: the cards of a board
//!
//! - [`card`]: suits, ranks and the 52 cards, numbered from the ace of spades (0) to the
//!   two of clubs (51), the order dealing machines number them in;
//! - [`deal`]: a deal of four hands of 13 cards, every card exactly once, checked when it
//!   is made; read and written as a PBN deal string (`N:AKQ.JT9.876.5432 ...`);
//! - [`random`]: shuffled deals from a cryptographically secure generator (ChaCha20),
//!   seeded from the operating system, or from a number for a reproducible set;
//! - [`analysis`]: the double-dummy table (tricks for each declarer in each strain) and
//!   the par score and contracts of a board, with the 28 boards of a night analysed on
//!   every core.

pub mod analysis;
pub mod card;
pub mod deal;
pub mod random;

pub use analysis::{DdTable, Par, ParContract, analyse, analyse_all, par};
pub use card::{Card, Suit};
pub use deal::{Deal, DealError};
pub use random::DealRng;
