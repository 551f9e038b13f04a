//! Reading and writing contracts, declarers and results in English, Dutch and Turkish.
//!
//! The language is always chosen by the caller, never guessed: "K" is clubs in Dutch but
//! hearts (Kupa) or North (Kuzey) in Turkish.

use crate::board::Seat;
use crate::contract::Contract;

/// The language a contract is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Language {
    /// English: 4S, 3NT, 4SX; declarer N/E/S/W; results =, +1, -2.
    #[default]
    English,
    /// Dutch: S H R K, SA or Z; declarer N O Z W; ! and !!; C for made.
    Dutch,
    /// Turkish: Pik, Kupa, Karo, Trefl, SA; K D G B; kontur, sürkontur.
    Turkish,
}

/// Text that could not be read as a contract, seat or result.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot read {text:?} as {what}: expected {expected}")]
pub struct NotationError {
    /// The text as written.
    pub text: String,
    /// What was being read ("a contract", "a declarer", "a result").
    pub what: &'static str,
    /// What would have been accepted.
    pub expected: String,
}

/// Reads a contract such as `4S`, `3NTX` (English), `4S!` (Dutch) or `4 Pik kontur` (Turkish).
pub fn parse_contract(text: &str, lang: Language) -> Result<Contract, NotationError> {
    let _ = (text, lang);
    todo!()
}

/// Reads a declarer seat letter or word in the given language.
pub fn parse_seat(text: &str, lang: Language) -> Result<Seat, NotationError> {
    let _ = (text, lang);
    todo!()
}

/// Reads a result relative to the contract (`=`, `+1`, `-2`, Dutch `C`, Turkish `bien`) or
/// a number of tricks taken, and returns the tricks declarer took.
pub fn parse_result(text: &str, contract: Contract, lang: Language) -> Result<u8, NotationError> {
    let _ = (text, contract, lang);
    todo!()
}
