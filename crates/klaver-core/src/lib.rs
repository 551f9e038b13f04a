//! # klaver-core: the rules of bridge scoring
//!
//! Pure domain logic with no I/O: everything a scorer computes, from the score of one
//! deal to a season's rankings. Data flows one way through the modules:
//!
//! - [`board`]: board number to dealer and vulnerability;
//! - [`contract`]: a contract and its result to the duplicate score (Law 77), with the
//!   score's breakdown;
//! - [`notation`]: reading and writing contracts in English, Dutch and Turkish;
//! - [`rubber`] and [`chicago`]: the home game's score pads;
//! - [`ranking`]: the NBB-Clubranking: ranking points per session, player, pair and
//!   threesome rankings, line assignment and the club championship over a season.
//!
//! Scores are `i32` from North-South's point of view unless a function says otherwise.
//! Matchpoints and other derived figures are exact rationals; rounding belongs to the
//! presentation layer.

pub mod board;
pub mod butler;
pub mod chicago;
pub mod club_points;
pub mod contract;
pub mod cross_imps;
pub mod exact;
pub mod field;
pub mod imps;
pub mod lead;
pub mod lowest_terms;
pub mod matchpoints;
pub mod movement;
pub mod notation;
pub mod parts;
pub mod places;
pub mod ranking;
mod result_points;
pub mod rubber;
pub mod said;
pub mod score_check;
pub mod session;
pub mod teams;
pub mod text;
pub mod totals;
pub mod vp;

pub use board::{Board, Seat, Side, Vulnerability};
pub use contract::{Contract, ContractError, Doubling, Play, ScoreBreakdown, Strain};
