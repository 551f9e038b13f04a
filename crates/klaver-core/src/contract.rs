//! The score of one deal at duplicate bridge (Law 77; SPEC section 2, seed 003).
//!
//! A [`Contract`] (level, strain, doubling) played by a declarer who takes some number of
//! tricks scores a [`ScoreBreakdown`]: trick score, overtricks, game or part-score bonus,
//! slam bonus, the bonus for making a doubled contract ("insult") and the undertrick
//! penalty. The breakdown keeps the parts apart so that the rubber and Chicago score pads
//! can put each part where their own rules say.

use crate::board::{Seat, Side, Vulnerability};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The denomination of a contract.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Strain {
    /// Clubs (Dutch K, Turkish Trefl).
    Clubs,
    /// Diamonds (Dutch R, Turkish Karo).
    Diamonds,
    /// Hearts (Dutch H, Turkish Kupa).
    Hearts,
    /// Spades (Dutch S, Turkish Pik).
    Spades,
    /// No trump (Dutch SA or Z, Turkish SA).
    NoTrump,
}

impl Strain {
    /// All five strains from lowest to highest.
    pub const ALL: [Strain; 5] = [
        Strain::Clubs,
        Strain::Diamonds,
        Strain::Hearts,
        Strain::Spades,
        Strain::NoTrump,
    ];

    /// Whether this is a minor suit (20 a trick).
    pub fn is_minor(self) -> bool {
        matches!(self, Strain::Clubs | Strain::Diamonds)
    }

    /// The undoubled value of `odd_tricks` tricks bid and made in this strain.
    pub fn trick_value(self, odd_tricks: u8) -> i32 {
        let n = i32::from(odd_tricks);
        match self {
            Strain::Clubs | Strain::Diamonds => 20 * n,
            Strain::Hearts | Strain::Spades => 30 * n,
            Strain::NoTrump if n == 0 => 0,
            Strain::NoTrump => 40 + 30 * (n - 1),
        }
    }

    /// The value of one undoubled overtrick in this strain.
    pub fn overtrick_value(self) -> i32 {
        if self.is_minor() { 20 } else { 30 }
    }
}

/// Whether the final contract was doubled or redoubled.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize,
)]
pub enum Doubling {
    /// Not doubled.
    #[default]
    Undoubled,
    /// Doubled (X, Dutch "!", Turkish kontur).
    Doubled,
    /// Redoubled (XX, Dutch "!!", Turkish sürkontur).
    Redoubled,
}

impl Doubling {
    /// All three doubling states.
    pub const ALL: [Doubling; 3] = [Doubling::Undoubled, Doubling::Doubled, Doubling::Redoubled];

    /// The factor applied to trick scores: 1, 2 or 4.
    pub fn trick_factor(self) -> i32 {
        match self {
            Doubling::Undoubled => 1,
            Doubling::Doubled => 2,
            Doubling::Redoubled => 4,
        }
    }
}

/// A final contract: level 1-7, strain and doubling.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Contract {
    level: u8,
    strain: Strain,
    doubling: Doubling,
}

/// Why a contract, a number of tricks or a result cannot exist.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ContractError {
    /// A level outside 1-7.
    #[error("level {0} is not a contract level: bids go from 1 to 7")]
    Level(u8),
    /// More than 13 tricks.
    #[error("{0} tricks cannot be taken: a deal has 13 tricks")]
    Tricks(u8),
    /// An over- or undertrick count that does not fit the contract.
    #[error("{contract}{result:+} is impossible: declarer takes between 0 and 13 tricks")]
    Result {
        /// The contract as written.
        contract: String,
        /// The result relative to the contract.
        result: i32,
    },
}

impl Contract {
    /// A contract; the level must be 1 to 7.
    pub fn new(level: u8, strain: Strain, doubling: Doubling) -> Result<Contract, ContractError> {
        if !(1..=7).contains(&level) {
            return Err(ContractError::Level(level));
        }
        Ok(Contract {
            level,
            strain,
            doubling,
        })
    }

    /// The level (1-7).
    pub fn level(self) -> u8 {
        self.level
    }

    /// The strain.
    pub fn strain(self) -> Strain {
        self.strain
    }

    /// Doubled, redoubled or neither.
    pub fn doubling(self) -> Doubling {
        self.doubling
    }

    /// The number of tricks declarer needs: level + 6.
    pub fn tricks_needed(self) -> u8 {
        self.level + 6
    }

    /// Tricks taken for a result relative to the contract (0 made exactly, +1, -2 ...).
    pub fn tricks_for_result(self, result: i32) -> Result<u8, ContractError> {
        let tricks = i32::from(self.tricks_needed()) + result;
        if (0..=13).contains(&tricks) {
            Ok(tricks as u8)
        } else {
            Err(ContractError::Result {
                contract: self.to_string(),
                result,
            })
        }
    }

    /// The trick score below the line: odd tricks bid and made, doubled x2, redoubled x4.
    pub fn trick_score(self) -> i32 {
        self.strain.trick_value(self.level) * self.doubling.trick_factor()
    }

    /// The duplicate score breakdown for declarer taking `tricks` tricks.
    pub fn score(self, tricks: u8, vulnerable: bool) -> Result<ScoreBreakdown, ContractError> {
        if tricks > 13 {
            return Err(ContractError::Tricks(tricks));
        }
        let needed = self.tricks_needed();
        let mut b = ScoreBreakdown::default();
        if tricks < needed {
            b.undertricks = undertrick_penalty(needed - tricks, self.doubling, vulnerable);
            return Ok(b);
        }
        let over = i32::from(tricks - needed);
        b.trick_score = self.trick_score();
        b.overtricks = over
            * match (self.doubling, vulnerable) {
                (Doubling::Undoubled, _) => self.strain.overtrick_value(),
                (Doubling::Doubled, false) => 100,
                (Doubling::Doubled, true) => 200,
                (Doubling::Redoubled, false) => 200,
                (Doubling::Redoubled, true) => 400,
            };
        if b.trick_score >= 100 {
            b.game_bonus = if vulnerable { 500 } else { 300 };
        } else {
            b.partscore_bonus = 50;
        }
        b.slam_bonus = match (self.level, vulnerable) {
            (6, false) => 500,
            (6, true) => 750,
            (7, false) => 1000,
            (7, true) => 1500,
            _ => 0,
        };
        b.insult = match self.doubling {
            Doubling::Undoubled => 0,
            Doubling::Doubled => 50,
            Doubling::Redoubled => 100,
        };
        Ok(b)
    }
}

/// The penalty for going `down` tricks down (Law 77: undoubled 50/100 a trick; doubled
/// not vulnerable 100, 300, 500 and +300 from the fourth; doubled vulnerable 200 and +300
/// each after; redoubled twice doubled).
pub fn undertrick_penalty(down: u8, doubling: Doubling, vulnerable: bool) -> i32 {
    let n = i32::from(down);
    if n == 0 {
        return 0;
    }
    let doubled = if vulnerable {
        200 + 300 * (n - 1)
    } else {
        match n {
            1 => 100,
            2 => 300,
            _ => 500 + 300 * (n - 3),
        }
    };
    match doubling {
        Doubling::Undoubled => n * if vulnerable { 100 } else { 50 },
        Doubling::Doubled => doubled,
        Doubling::Redoubled => 2 * doubled,
    }
}

impl fmt::Display for Contract {
    /// English short form: `4S`, `3NT`, `4SX`, `7NTXX`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let strain = match self.strain {
            Strain::Clubs => "C",
            Strain::Diamonds => "D",
            Strain::Hearts => "H",
            Strain::Spades => "S",
            Strain::NoTrump => "NT",
        };
        let dbl = match self.doubling {
            Doubling::Undoubled => "",
            Doubling::Doubled => "X",
            Doubling::Redoubled => "XX",
        };
        write!(f, "{}{}{}", self.level, strain, dbl)
    }
}

/// The parts of a duplicate score, from declarer's point of view.
///
/// When the contract is made the penalty is 0; when it fails every other part is 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ScoreBreakdown {
    /// Odd tricks bid and made, after doubling (below the line at rubber bridge).
    pub trick_score: i32,
    /// Tricks made beyond the contract.
    pub overtricks: i32,
    /// Game bonus (300 not vulnerable, 500 vulnerable) when the trick score reaches 100.
    pub game_bonus: i32,
    /// Part-score bonus (50) when the trick score stays under 100.
    pub partscore_bonus: i32,
    /// Small slam (500/750) or grand slam (1000/1500) bonus, only when bid.
    pub slam_bonus: i32,
    /// Bonus for making a doubled (50) or redoubled (100) contract.
    pub insult: i32,
    /// Penalty the defenders score for the undertricks (a positive number).
    pub undertricks: i32,
}

impl ScoreBreakdown {
    /// Whether declarer made the contract.
    pub fn made(&self) -> bool {
        self.undertricks == 0
    }

    /// The duplicate score for declarer's side: positive when made, negative when down.
    pub fn total(&self) -> i32 {
        self.trick_score
            + self.overtricks
            + self.game_bonus
            + self.partscore_bonus
            + self.slam_bonus
            + self.insult
            - self.undertricks
    }
}

/// A contract played at a table: the contract, the declarer and the tricks taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Play {
    contract: Contract,
    declarer: Seat,
    tricks: u8,
}

impl Play {
    /// A played contract; tricks must be 0 to 13.
    pub fn new(contract: Contract, declarer: Seat, tricks: u8) -> Result<Play, ContractError> {
        if tricks > 13 {
            return Err(ContractError::Tricks(tricks));
        }
        Ok(Play {
            contract,
            declarer,
            tricks,
        })
    }

    /// The final contract.
    pub fn contract(&self) -> Contract {
        self.contract
    }

    /// The player who played the hand.
    pub fn declarer(&self) -> Seat {
        self.declarer
    }

    /// Tricks taken by declarer (0-13).
    pub fn tricks(&self) -> u8 {
        self.tricks
    }

    /// The result relative to the contract: 0 made exactly, +1 one overtrick, -2 two down.
    pub fn result(&self) -> i32 {
        i32::from(self.tricks) - i32::from(self.contract.tricks_needed())
    }

    /// The duplicate score breakdown under the given vulnerability.
    pub fn breakdown(&self, vul: Vulnerability) -> ScoreBreakdown {
        let vulnerable = vul.is_vulnerable(self.declarer.side());
        self.contract
            .score(self.tricks, vulnerable)
            .expect("tricks are checked when a play is made")
    }

    /// The duplicate score from North-South's point of view.
    pub fn score_ns(&self, vul: Vulnerability) -> i32 {
        let s = self.breakdown(vul).total();
        match self.declarer.side() {
            Side::NorthSouth => s,
            Side::EastWest => -s,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(level: u8, strain: Strain, d: Doubling) -> Contract {
        Contract::new(level, strain, d).unwrap()
    }

    fn score(level: u8, strain: Strain, d: Doubling, result: i32, vul: bool) -> i32 {
        let k = c(level, strain, d);
        k.score(k.tricks_for_result(result).unwrap(), vul)
            .unwrap()
            .total()
    }

    use Doubling::*;
    use Strain::*;

    #[test]
    fn spot_values_from_the_issue() {
        assert_eq!(score(3, NoTrump, Undoubled, 0, false), 400);
        assert_eq!(score(7, NoTrump, Redoubled, 0, true), 2980);
        assert_eq!(score(4, Spades, Doubled, -6, false), -1400);
        assert_eq!(score(1, Diamonds, Redoubled, 0, true), 230);
        assert_eq!(score(6, Spades, Doubled, 1, false), 1310);
        assert_eq!(score(7, NoTrump, Redoubled, -13, true), -7600);
    }

    #[test]
    fn seed_003_one_diamond_redoubled_vulnerable_is_230_either_way() {
        // 80 + 50 + 50 + 50: the part-score bonus replaces the game bonus.
        let b = c(1, Diamonds, Redoubled).score(7, true).unwrap();
        assert_eq!(
            (b.trick_score, b.partscore_bonus, b.insult, b.game_bonus),
            (80, 50, 100, 0)
        );
        assert_eq!(b.total(), 230);
        assert_eq!(score(1, Diamonds, Redoubled, 0, false), 230);
    }

    #[test]
    fn familiar_scores() {
        assert_eq!(score(4, Spades, Undoubled, 0, false), 420);
        assert_eq!(score(4, Spades, Undoubled, 1, true), 650);
        assert_eq!(score(2, Hearts, Undoubled, 0, false), 110);
        assert_eq!(score(1, NoTrump, Undoubled, 0, false), 90);
        assert_eq!(score(2, Spades, Doubled, 0, false), 470);
        assert_eq!(score(3, NoTrump, Undoubled, -1, true), -100);
        assert_eq!(score(5, Clubs, Doubled, -3, false), -500);
        assert_eq!(score(5, Clubs, Doubled, -3, true), -800);
        assert_eq!(score(6, NoTrump, Undoubled, 0, true), 1440);
        assert_eq!(score(7, Clubs, Undoubled, 0, false), 1440);
    }

    #[test]
    fn levels_and_tricks_out_of_range_are_refused() {
        assert_eq!(
            Contract::new(8, Spades, Undoubled),
            Err(ContractError::Level(8))
        );
        assert_eq!(
            Contract::new(0, Spades, Undoubled),
            Err(ContractError::Level(0))
        );
        assert_eq!(
            c(4, Spades, Undoubled).score(14, false),
            Err(ContractError::Tricks(14))
        );
        assert!(c(4, Spades, Undoubled).tricks_for_result(4).is_err());
        assert!(c(4, Spades, Undoubled).tricks_for_result(-11).is_err());
        assert!(Play::new(c(1, Clubs, Undoubled), Seat::North, 14).is_err());
    }

    #[test]
    fn play_scores_from_north_south_view() {
        let p = Play::new(c(4, Spades, Doubled), Seat::East, 8).unwrap();
        assert_eq!(p.result(), -2);
        assert_eq!(p.score_ns(Vulnerability::NorthSouth), 300);
        assert_eq!(p.score_ns(Vulnerability::EastWest), 500);
    }

    /// The rules of Law 77 written out a second time, as a table a scorer would use,
    /// to check every contract the scoring core can meet.
    fn law_77(level: u8, strain: Strain, dbl: Doubling, tricks: u8, vul: bool) -> i32 {
        let needed = level + 6;
        let f = match dbl {
            Undoubled => 1,
            Doubled => 2,
            Redoubled => 4,
        };
        if tricks >= needed {
            let per = match strain {
                Clubs | Diamonds => 20,
                _ => 30,
            };
            let base = per * level as i32 + if strain == NoTrump { 10 } else { 0 };
            let below = base * f;
            let over = (tricks - needed) as i32;
            let over_pts = match dbl {
                Undoubled => over * per,
                Doubled => over * if vul { 200 } else { 100 },
                Redoubled => over * if vul { 400 } else { 200 },
            };
            let game = if below >= 100 {
                if vul { 500 } else { 300 }
            } else {
                50
            };
            let slam = match level {
                6 => {
                    if vul {
                        750
                    } else {
                        500
                    }
                }
                7 => {
                    if vul {
                        1500
                    } else {
                        1000
                    }
                }
                _ => 0,
            };
            let insult = [0, 50, 100][f as usize / 2];
            below + over_pts + game + slam + insult
        } else {
            let down = (needed - tricks) as i32;
            let pen = match (dbl, vul) {
                (Undoubled, false) => 50 * down,
                (Undoubled, true) => 100 * down,
                (_, false) => {
                    let mut p = 0;
                    for k in 1..=down {
                        p += match k {
                            1 => 100,
                            2 | 3 => 200,
                            _ => 300,
                        };
                    }
                    p * f / 2
                }
                (_, true) => {
                    let mut p = 0;
                    for k in 1..=down {
                        p += if k == 1 { 200 } else { 300 };
                    }
                    p * f / 2
                }
            };
            -pen
        }
    }

    #[test]
    fn every_contract_matches_law_77() {
        let mut n = 0;
        for level in 1..=7 {
            for strain in Strain::ALL {
                for dbl in Doubling::ALL {
                    for tricks in 0..=13 {
                        for vul in [false, true] {
                            let got = c(level, strain, dbl).score(tricks, vul).unwrap();
                            assert_eq!(
                                got.total(),
                                law_77(level, strain, dbl, tricks, vul),
                                "{level}{strain:?}{dbl:?} {tricks} tricks vul={vul}"
                            );
                            assert_eq!(got.made(), tricks >= level + 6);
                            n += 1;
                        }
                    }
                }
            }
        }
        assert_eq!(n, 7 * 5 * 3 * 14 * 2);
    }
}
