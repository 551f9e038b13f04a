//! The rubber bridge score pad (Laws of Contract Bridge; seed 003 "Rober Briç
//! Sayı Sistemi"; SPEC section 2).
//!
//! The pad has two columns, "we" and "they", and a horizontal line. The trick score of a
//! contract bid and made goes *below* the line; overtricks, slam bonuses, honours, the
//! undertrick penalty (for the defenders) and the rubber bonus go *above* it.
//!
//! - A side that reaches 100 below the line wins a game; a line is drawn under the game
//!   across both columns, so both sides' running part-scores stop counting towards the
//!   next game (they stay in the totals).
//! - A side with a game is vulnerable.
//! - The first side to win two games wins the rubber: 700 if the opponents have no game,
//!   500 if they have one.
//! - Honours are scored by whichever side holds them, whether or not the contract is
//!   made: four of the five trump honours in one hand 100, all five 150, all four aces in
//!   one hand at notrump 150.
//! - The bonus for making a doubled (50) or redoubled (100) contract is part of the
//!   current Laws but absent from seed 003's worked party: [`RubberSettings::insult`].
//! - Seed 003 writes each rubber's difference as a bonus line for its winner at the top
//!   of the next rubber: [`RubberSettings::carry_difference`]. Carrying only moves
//!   points between rubbers; the party's result is the same either way.
//! - A rubber left unfinished when the party ends (Laws of Contract Bridge for rubber
//!   bridge, Law 80 "Incomplete rubber"; seed 003 does not say): "if only one game has
//!   been completed, the winners of that game are credited with 300 points; if only one
//!   side has a partscore or partscores in a game not completed, that side is credited
//!   with 100 points". With a game each, neither side scores the 300; with a part-score
//!   each, neither scores the 100.

use crate::board::Side;
use crate::contract::{Contract, ContractError, ScoreBreakdown, Strain};
use serde::{Deserialize, Serialize};
use std::fmt;

/// One of the two columns of a home-game score pad: the scorer's side or the opponents.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum PadSide {
    /// The scorer and partner ("we", Dutch "wij", Turkish "biz").
    We,
    /// The opponents ("they", Dutch "zij", Turkish "siz").
    They,
}

impl PadSide {
    /// Both columns, "we" first.
    pub const BOTH: [PadSide; 2] = [PadSide::We, PadSide::They];

    /// The opposing column.
    pub fn other(self) -> PadSide {
        match self {
            PadSide::We => PadSide::They,
            PadSide::They => PadSide::We,
        }
    }

    fn index(self) -> usize {
        match self {
            PadSide::We => 0,
            PadSide::They => 1,
        }
    }
}

impl From<Side> for PadSide {
    /// North-South scores in the "we" column, East-West in the "they" column.
    fn from(side: Side) -> PadSide {
        match side {
            Side::NorthSouth => PadSide::We,
            Side::EastWest => PadSide::They,
        }
    }
}

impl fmt::Display for PadSide {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PadSide::We => "we",
            PadSide::They => "they",
        })
    }
}

/// Which columns are vulnerable on a deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct PadVulnerability {
    /// Whether "we" are vulnerable.
    pub we: bool,
    /// Whether "they" are vulnerable.
    pub they: bool,
}

impl PadVulnerability {
    /// Whether the given side is vulnerable.
    pub fn of(self, side: PadSide) -> bool {
        match side {
            PadSide::We => self.we,
            PadSide::They => self.they,
        }
    }
}

impl fmt::Display for PadVulnerability {
    /// `none`, `we`, `they` or `both`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match (self.we, self.they) {
            (false, false) => "none",
            (true, false) => "we",
            (false, true) => "they",
            (true, true) => "both",
        })
    }
}

/// A contract played at a home game: the declaring side, the contract and tricks taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PadPlay {
    declarer: PadSide,
    contract: Contract,
    tricks: u8,
}

impl PadPlay {
    /// A played contract; declarer takes 0 to 13 tricks.
    pub fn new(
        declarer: PadSide,
        contract: Contract,
        tricks: u8,
    ) -> Result<PadPlay, ContractError> {
        if tricks > 13 {
            return Err(ContractError::Tricks(tricks));
        }
        Ok(PadPlay {
            declarer,
            contract,
            tricks,
        })
    }

    /// The side that played the contract.
    pub fn declarer(&self) -> PadSide {
        self.declarer
    }

    /// The final contract.
    pub fn contract(&self) -> Contract {
        self.contract
    }

    /// Tricks declarer took (0-13).
    pub fn tricks(&self) -> u8 {
        self.tricks
    }

    /// The result relative to the contract: 0 made exactly, +1 one overtrick, -2 two down.
    pub fn result(&self) -> i32 {
        i32::from(self.tricks) - i32::from(self.contract.tricks_needed())
    }

    /// The score's parts for declarer with the given vulnerability.
    pub fn breakdown(&self, vulnerable: bool) -> ScoreBreakdown {
        self.contract
            .score(self.tricks, vulnerable)
            .expect("tricks are checked when a play is made")
    }
}

impl fmt::Display for PadPlay {
    /// `we 4S=`, `they 3NTX+1`, `we 6DX-2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = self.result();
        if r == 0 {
            write!(f, "{} {}=", self.declarer, self.contract)
        } else {
            write!(f, "{} {}{:+}", self.declarer, self.contract, r)
        }
    }
}

/// Honours held in one hand, scored above the line at rubber bridge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Honours {
    /// Four of the five trump honours (A K Q J 10) in one hand: 100.
    FourTrumpHonours,
    /// All five trump honours in one hand: 150.
    FiveTrumpHonours,
    /// All four aces in one hand at a notrump contract: 150.
    FourAces,
}

impl Honours {
    /// The bonus for these honours.
    pub fn points(self) -> i32 {
        match self {
            Honours::FourTrumpHonours => 100,
            Honours::FiveTrumpHonours | Honours::FourAces => 150,
        }
    }

    /// Whether these honours can be held in a contract of this strain.
    pub fn fits(self, strain: Strain) -> bool {
        (self == Honours::FourAces) == (strain == Strain::NoTrump)
    }
}

impl fmt::Display for Honours {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Honours::FourTrumpHonours => "four trump honours",
            Honours::FiveTrumpHonours => "five trump honours",
            Honours::FourAces => "four aces",
        })
    }
}

/// Honours and the side that held them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HonoursHeld {
    /// The side whose player held the honours (declarer's or the defenders').
    pub side: PadSide,
    /// Which honours.
    pub honours: Honours,
}

/// One deal at rubber bridge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RubberDeal {
    /// All four players passed: nothing is scored.
    PassedOut,
    /// A contract was played.
    Played {
        /// The contract, declaring side and tricks.
        play: PadPlay,
        /// Honours held in one hand, if any.
        honours: Option<HonoursHeld>,
    },
}

impl RubberDeal {
    /// A played deal without honours.
    pub fn played(play: PadPlay) -> RubberDeal {
        RubberDeal::Played {
            play,
            honours: None,
        }
    }
}

/// What a line on the pad is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EntryKind {
    /// Odd tricks bid and made (below the line at rubber bridge).
    TrickScore,
    /// Tricks made beyond the contract.
    Overtricks,
    /// Bonus for a game (Chicago: 300 not vulnerable, 500 vulnerable).
    GameBonus,
    /// Bonus for a part-score (Chicago).
    PartScoreBonus,
    /// Small or grand slam bid and made.
    SlamBonus,
    /// Bonus for making a doubled or redoubled contract.
    Insult,
    /// The defenders' penalty for declarer's undertricks.
    Undertricks,
    /// Honours held in one hand.
    Honours,
    /// Bonus for winning the rubber (700 or 500).
    RubberBonus,
    /// One game won in a rubber left unfinished (300).
    UnfinishedGame,
    /// A part-score in the unfinished game of an unfinished rubber (100).
    UnfinishedPartScore,
    /// The previous rubber's difference, written for its winner (seed 003).
    CarriedDifference,
}

impl EntryKind {
    /// Whether this entry is written below the line (only trick scores are).
    pub fn below_the_line(self) -> bool {
        self == EntryKind::TrickScore
    }
}

impl fmt::Display for EntryKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EntryKind::TrickScore => "tricks",
            EntryKind::Overtricks => "overtricks",
            EntryKind::GameBonus => "game",
            EntryKind::PartScoreBonus => "part-score",
            EntryKind::SlamBonus => "slam",
            EntryKind::Insult => "insult",
            EntryKind::Undertricks => "undertricks",
            EntryKind::Honours => "honours",
            EntryKind::RubberBonus => "rubber",
            EntryKind::UnfinishedGame => "unfinished rubber, game",
            EntryKind::UnfinishedPartScore => "unfinished rubber, part-score",
            EntryKind::CarriedDifference => "carried",
        })
    }
}

/// One figure written on the pad.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Entry {
    /// The column it is written in.
    pub side: PadSide,
    /// What it is for.
    pub kind: EntryKind,
    /// The points (always positive).
    pub points: i32,
}

/// Both columns' totals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Standing {
    /// The "we" column.
    pub we: i32,
    /// The "they" column.
    pub they: i32,
}

impl Standing {
    /// The sum of some entries, per column.
    pub fn of<'a>(entries: impl IntoIterator<Item = &'a Entry>) -> Standing {
        let mut s = Standing::default();
        for e in entries {
            s.add(e.side, e.points);
        }
        s
    }

    /// The total of one column.
    pub fn side(self, side: PadSide) -> i32 {
        match side {
            PadSide::We => self.we,
            PadSide::They => self.they,
        }
    }

    /// Adds points to one column.
    pub fn add(&mut self, side: PadSide, points: i32) {
        match side {
            PadSide::We => self.we += points,
            PadSide::They => self.they += points,
        }
    }

    /// The side that is ahead and by how much, or `None` when level.
    pub fn leader(self) -> Option<(PadSide, i32)> {
        match self.we.cmp(&self.they) {
            std::cmp::Ordering::Greater => Some((PadSide::We, self.we - self.they)),
            std::cmp::Ordering::Less => Some((PadSide::They, self.they - self.we)),
            std::cmp::Ordering::Equal => None,
        }
    }
}

impl std::ops::Add for Standing {
    type Output = Standing;
    fn add(self, o: Standing) -> Standing {
        Standing {
            we: self.we + o.we,
            they: self.they + o.they,
        }
    }
}

/// The options a rubber bridge party is scored with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RubberSettings {
    /// Score 50 / 100 for making a doubled / redoubled contract (current Laws: on; seed 003:
    /// off).
    pub insult: bool,
    /// Write each rubber's difference as a bonus line for its winner in the next rubber
    /// (seed 003: on).
    pub carry_difference: bool,
}

impl Default for RubberSettings {
    /// The current Laws: insult bonus on, no carrying.
    fn default() -> RubberSettings {
        RubberSettings {
            insult: true,
            carry_difference: false,
        }
    }
}

impl RubberSettings {
    /// Seed 003's pad: no insult bonus, differences carried into the next rubber.
    pub fn seed_003() -> RubberSettings {
        RubberSettings {
            insult: false,
            carry_difference: true,
        }
    }
}

/// A deal that cannot be scored.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RubberError {
    /// Honours that cannot exist in the contract's strain.
    #[error(
        "deal {deal}: {honours} cannot be held in a {strain:?} contract (four aces count only at notrump, trump honours only in a suit)"
    )]
    HonoursDoNotFit {
        /// The deal's number in the party (from 1).
        deal: usize,
        /// The honours claimed.
        honours: Honours,
        /// The contract's strain.
        strain: Strain,
    },
}

/// A deal as scored on the pad.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RubberDealScore {
    /// The deal's number in the party (from 1).
    pub number: usize,
    /// Vulnerability when the deal was played (a side with a game is vulnerable).
    pub vulnerability: PadVulnerability,
    /// The deal as played.
    pub deal: RubberDeal,
    /// The game of the rubber (0, 1 or 2) its trick score counts towards.
    pub game: u8,
    /// The figures written for this deal, including the rubber bonus when it ends a rubber.
    pub entries: Vec<Entry>,
    /// The side that won a game with this deal.
    pub game_won: Option<PadSide>,
    /// The side that won the rubber with this deal.
    pub rubber_won: Option<PadSide>,
}

impl RubberDealScore {
    /// The figures of this deal per column.
    pub fn standing(&self) -> Standing {
        Standing::of(&self.entries)
    }
}

/// One rubber: its deals, games and bonuses.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rubber {
    /// The rubber's number in the party (from 1).
    pub number: usize,
    /// The previous rubber's difference written at the top of this one, if carried.
    pub carried: Option<Entry>,
    /// The deals in order.
    pub deals: Vec<RubberDealScore>,
    /// The unfinished-rubber bonuses written when the party ended during this rubber.
    pub closing: Vec<Entry>,
    games: [u8; 2],
    part: [i32; 2],
    winner: Option<PadSide>,
}

impl Rubber {
    fn new(number: usize, carried: Option<Entry>) -> Rubber {
        Rubber {
            number,
            carried,
            deals: Vec::new(),
            closing: Vec::new(),
            games: [0; 2],
            part: [0; 2],
            winner: None,
        }
    }

    /// Games won by a side in this rubber.
    pub fn games(&self, side: PadSide) -> u8 {
        self.games[side.index()]
    }

    /// A side's running part-score towards the current game.
    pub fn part_score(&self, side: PadSide) -> i32 {
        self.part[side.index()]
    }

    /// The side that won the rubber, `None` while unfinished.
    pub fn winner(&self) -> Option<PadSide> {
        self.winner
    }

    /// Whether a side has won two games.
    pub fn is_finished(&self) -> bool {
        self.winner.is_some()
    }

    /// Vulnerability now: a side with a game is vulnerable.
    pub fn vulnerability(&self) -> PadVulnerability {
        PadVulnerability {
            we: self.games[0] > 0,
            they: self.games[1] > 0,
        }
    }

    /// Every figure on this rubber's pad: the carried line, the deals, the closing bonuses.
    pub fn entries(&self) -> impl Iterator<Item = &Entry> {
        self.carried
            .iter()
            .chain(self.deals.iter().flat_map(|d| d.entries.iter()))
            .chain(self.closing.iter())
    }

    /// The pad's totals, including a carried difference.
    pub fn standing(&self) -> Standing {
        Standing::of(self.entries())
    }

    /// The points scored in this rubber itself, without a carried difference.
    pub fn own_standing(&self) -> Standing {
        Standing::of(
            self.entries()
                .filter(|e| e.kind != EntryKind::CarriedDifference),
        )
    }

    fn score(
        &mut self,
        number: usize,
        deal: RubberDeal,
        settings: RubberSettings,
    ) -> Result<(), RubberError> {
        let vulnerability = self.vulnerability();
        let game = self.games[0] + self.games[1];
        let mut entries = Vec::new();
        let mut game_won = None;
        let mut rubber_won = None;
        if let RubberDeal::Played { play, honours } = deal {
            let declarer = play.declarer();
            let defenders = declarer.other();
            let vul = vulnerability.of(declarer);
            let b = play.breakdown(vul);
            let mut put = |side, kind, points| {
                if points != 0 {
                    entries.push(Entry { side, kind, points });
                }
            };
            if let Some(h) = honours {
                let strain = play.contract().strain();
                if !h.honours.fits(strain) {
                    return Err(RubberError::HonoursDoNotFit {
                        deal: number,
                        honours: h.honours,
                        strain,
                    });
                }
            }
            if b.made() {
                put(declarer, EntryKind::TrickScore, b.trick_score);
                put(declarer, EntryKind::Overtricks, b.overtricks);
                put(declarer, EntryKind::SlamBonus, b.slam_bonus);
                if settings.insult {
                    put(declarer, EntryKind::Insult, b.insult);
                }
            } else {
                put(defenders, EntryKind::Undertricks, b.undertricks);
            }
            if let Some(h) = honours {
                put(h.side, EntryKind::Honours, h.honours.points());
            }
            if b.made() {
                let i = declarer.index();
                self.part[i] += b.trick_score;
                if self.part[i] >= 100 {
                    self.part = [0; 2];
                    self.games[i] += 1;
                    game_won = Some(declarer);
                    if self.games[i] == 2 {
                        let bonus = if self.games[defenders.index()] == 0 {
                            700
                        } else {
                            500
                        };
                        put(declarer, EntryKind::RubberBonus, bonus);
                        rubber_won = Some(declarer);
                        self.winner = Some(declarer);
                    }
                }
            }
        }
        self.deals.push(RubberDealScore {
            number,
            vulnerability,
            deal,
            game,
            entries,
            game_won,
            rubber_won,
        });
        Ok(())
    }

    fn close(&mut self) {
        if self.is_finished() || (self.deals.is_empty() && self.carried.is_none()) {
            return;
        }
        // Only the one side that has a game, or the one side with a part-score, scores.
        let only = |has: &dyn Fn(PadSide) -> bool| match PadSide::BOTH.map(has) {
            [true, false] => Some(PadSide::BOTH[0]),
            [false, true] => Some(PadSide::BOTH[1]),
            _ => None,
        };
        if let Some(side) = only(&|side| self.games(side) > 0) {
            self.closing.push(Entry {
                side,
                kind: EntryKind::UnfinishedGame,
                points: 300,
            });
        }
        if let Some(side) = only(&|side| self.part_score(side) > 0) {
            self.closing.push(Entry {
                side,
                kind: EntryKind::UnfinishedPartScore,
                points: 100,
            });
        }
    }
}

/// A rubber bridge party being scored deal by deal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RubberPad {
    settings: RubberSettings,
    rubbers: Vec<Rubber>,
    deals: usize,
}

impl RubberPad {
    /// An empty pad.
    pub fn new(settings: RubberSettings) -> RubberPad {
        RubberPad {
            settings,
            rubbers: Vec::new(),
            deals: 0,
        }
    }

    /// Scores the next deal; a new rubber starts after a finished one.
    pub fn record(&mut self, deal: RubberDeal) -> Result<&RubberDealScore, RubberError> {
        let number = self.deals + 1;
        let start_new = self.rubbers.last().is_none_or(Rubber::is_finished);
        if start_new {
            let carried = match self.rubbers.last() {
                Some(prev) if self.settings.carry_difference => {
                    prev.standing().leader().map(|(side, points)| Entry {
                        side,
                        kind: EntryKind::CarriedDifference,
                        points,
                    })
                }
                _ => None,
            };
            let mut rubber = Rubber::new(self.rubbers.len() + 1, carried);
            rubber.score(number, deal, self.settings)?;
            self.rubbers.push(rubber);
        } else {
            let rubber = self
                .rubbers
                .last_mut()
                .expect("an unfinished rubber exists");
            rubber.score(number, deal, self.settings)?;
        }
        self.deals = number;
        let rubber = self.rubbers.last().expect("a rubber was just scored");
        Ok(rubber.deals.last().expect("a deal was just scored"))
    }

    /// The rubbers so far, the last possibly unfinished.
    pub fn rubbers(&self) -> &[Rubber] {
        &self.rubbers
    }

    /// Ends the party: an unfinished last rubber gets its 300 / 100 bonuses.
    pub fn finish(mut self) -> RubberParty {
        if let Some(last) = self.rubbers.last_mut() {
            last.close();
        }
        RubberParty {
            settings: self.settings,
            rubbers: self.rubbers,
        }
    }
}

/// A finished party of rubbers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RubberParty {
    /// The options it was scored with.
    pub settings: RubberSettings,
    /// The rubbers in order; only the last can be unfinished.
    pub rubbers: Vec<Rubber>,
}

impl RubberParty {
    /// The party's totals: every rubber's own points (carried lines are not counted twice).
    pub fn standing(&self) -> Standing {
        self.rubbers
            .iter()
            .map(Rubber::own_standing)
            .fold(Standing::default(), |a, b| a + b)
    }

    /// The side ahead at the end of the party and by how much.
    pub fn leader(&self) -> Option<(PadSide, i32)> {
        self.standing().leader()
    }
}

/// Scores a whole party of deals and ends it.
pub fn score_party(
    deals: &[RubberDeal],
    settings: RubberSettings,
) -> Result<RubberParty, RubberError> {
    let mut pad = RubberPad::new(settings);
    for &deal in deals {
        pad.record(deal)?;
    }
    Ok(pad.finish())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contract::Doubling::{self, *};
    use crate::contract::Strain::*;
    use PadSide::*;

    fn play(side: PadSide, level: u8, strain: Strain, dbl: Doubling, result: i32) -> RubberDeal {
        let c = Contract::new(level, strain, dbl).unwrap();
        RubberDeal::played(PadPlay::new(side, c, c.tricks_for_result(result).unwrap()).unwrap())
    }

    fn with_honours(deal: RubberDeal, side: PadSide, honours: Honours) -> RubberDeal {
        match deal {
            RubberDeal::Played { play, .. } => RubberDeal::Played {
                play,
                honours: Some(HonoursHeld { side, honours }),
            },
            RubberDeal::PassedOut => unreachable!(),
        }
    }

    /// Seed 003's three-rubber party, deal by deal.
    fn seed_party() -> Vec<RubberDeal> {
        vec![
            // Rubber 1
            play(We, 2, NoTrump, Undoubled, 1),
            play(They, 4, Spades, Undoubled, 0),
            play(We, 2, Spades, Undoubled, 0),
            play(We, 2, Diamonds, Undoubled, 0),
            play(They, 6, Diamonds, Doubled, -2),
            play(They, 3, NoTrump, Doubled, 1),
            // Rubber 2
            play(We, 6, Spades, Undoubled, 0),
            play(They, 3, Hearts, Undoubled, 0),
            play(We, 5, Diamonds, Undoubled, -1),
            play(We, 3, NoTrump, Undoubled, 0),
            // Rubber 3
            with_honours(
                play(We, 3, Spades, Doubled, -2),
                We,
                Honours::FourTrumpHonours,
            ),
            play(They, 4, Hearts, Undoubled, 1),
            play(We, 1, NoTrump, Undoubled, 0),
            play(We, 2, Diamonds, Undoubled, 0),
            play(They, 3, NoTrump, Undoubled, 0),
        ]
    }

    fn figures(d: &RubberDealScore) -> Vec<(PadSide, EntryKind, i32)> {
        d.entries
            .iter()
            .map(|e| (e.side, e.kind, e.points))
            .collect()
    }

    #[test]
    fn seed_003_party_with_carried_differences() {
        let party = score_party(&seed_party(), RubberSettings::seed_003()).unwrap();
        assert_eq!(party.rubbers.len(), 3);
        let [r1, r2, r3] = [&party.rubbers[0], &party.rubbers[1], &party.rubbers[2]];

        assert_eq!(
            r1.standing(),
            Standing {
                we: 700,
                they: 1020
            }
        );
        assert_eq!(r1.standing().leader(), Some((They, 320)));
        assert_eq!(r1.winner(), Some(They));
        assert_eq!((r1.games(We), r1.games(They)), (1, 2));

        assert_eq!(r2.carried.map(|e| (e.side, e.points)), Some((They, 320)));
        assert_eq!(
            r2.standing(),
            Standing {
                we: 1480,
                they: 510
            }
        );
        assert_eq!(r2.standing().leader(), Some((We, 970)));
        assert_eq!(r2.winner(), Some(We));

        assert_eq!(r3.carried.map(|e| (e.side, e.points)), Some((We, 970)));
        assert_eq!(
            r3.standing(),
            Standing {
                we: 1150,
                they: 1250
            }
        );
        assert_eq!(r3.standing().leader(), Some((They, 100)));
        assert_eq!(r3.winner(), Some(They));

        assert_eq!(party.leader(), Some((They, 100)));
        assert!(party.rubbers.iter().all(|r| r.closing.is_empty()));
    }

    #[test]
    fn seed_003_party_without_carrying_ends_the_same() {
        let settings = RubberSettings {
            insult: false,
            carry_difference: false,
        };
        let party = score_party(&seed_party(), settings).unwrap();
        let own: Vec<Standing> = party.rubbers.iter().map(Rubber::standing).collect();
        assert_eq!(
            own,
            vec![
                Standing {
                    we: 700,
                    they: 1020
                },
                Standing {
                    we: 1480,
                    they: 190
                },
                Standing {
                    we: 180,
                    they: 1250
                },
            ]
        );
        assert!(party.rubbers.iter().all(|r| r.carried.is_none()));
        assert_eq!(
            party.standing(),
            Standing {
                we: 2360,
                they: 2460
            }
        );
        assert_eq!(party.leader(), Some((They, 100)));
    }

    #[test]
    fn seed_003_rubber_one_deal_by_deal() {
        let party = score_party(&seed_party(), RubberSettings::seed_003()).unwrap();
        let d = &party.rubbers[0].deals;
        assert_eq!(
            figures(&d[0]),
            vec![
                (We, EntryKind::TrickScore, 70),
                (We, EntryKind::Overtricks, 30)
            ]
        );
        assert_eq!(figures(&d[1]), vec![(They, EntryKind::TrickScore, 120)]);
        assert_eq!(d[1].game_won, Some(They));
        // Our 70 was cut off by their game: 60 + 40 make the next game.
        assert_eq!(d[2].game, 1);
        assert_eq!(d[2].game_won, None);
        assert_eq!(figures(&d[3]), vec![(We, EntryKind::TrickScore, 40)]);
        assert_eq!(d[3].game_won, Some(We));
        assert_eq!(
            d[4].vulnerability,
            PadVulnerability {
                we: true,
                they: true
            }
        );
        assert_eq!(figures(&d[4]), vec![(We, EntryKind::Undertricks, 500)]);
        assert_eq!(
            figures(&d[5]),
            vec![
                (They, EntryKind::TrickScore, 200),
                (They, EntryKind::Overtricks, 200),
                (They, EntryKind::RubberBonus, 500),
            ]
        );
        assert_eq!(d[5].rubber_won, Some(They));
        assert_eq!(d[5].game, 2);
    }

    #[test]
    fn seed_003_rubbers_two_and_three_deal_by_deal() {
        let party = score_party(&seed_party(), RubberSettings::seed_003()).unwrap();
        let d = &party.rubbers[1].deals;
        assert_eq!(d[0].number, 7);
        assert_eq!(d[0].vulnerability, PadVulnerability::default());
        assert_eq!(
            figures(&d[0]),
            vec![
                (We, EntryKind::TrickScore, 180),
                (We, EntryKind::SlamBonus, 500)
            ]
        );
        assert_eq!(figures(&d[1]), vec![(They, EntryKind::TrickScore, 90)]);
        assert_eq!(figures(&d[2]), vec![(They, EntryKind::Undertricks, 100)]);
        assert_eq!(
            figures(&d[3]),
            vec![
                (We, EntryKind::TrickScore, 100),
                (We, EntryKind::RubberBonus, 700)
            ]
        );
        let d = &party.rubbers[2].deals;
        assert_eq!(
            figures(&d[0]),
            vec![
                (They, EntryKind::Undertricks, 300),
                (We, EntryKind::Honours, 100)
            ]
        );
        assert_eq!(
            figures(&d[1]),
            vec![
                (They, EntryKind::TrickScore, 120),
                (They, EntryKind::Overtricks, 30)
            ]
        );
        assert_eq!(d[3].game_won, None, "40 + 40 is no game");
        assert_eq!(
            figures(&d[4]),
            vec![
                (They, EntryKind::TrickScore, 100),
                (They, EntryKind::RubberBonus, 700)
            ]
        );
    }

    #[test]
    fn insult_bonus_is_a_setting() {
        let deals = [play(They, 3, NoTrump, Doubled, 1)];
        let with = score_party(&deals, RubberSettings::default()).unwrap();
        assert_eq!(
            with.standing(),
            Standing {
                we: 0,
                they: 200 + 100 + 50 + 300
            }
        );
        let deals = [play(They, 1, Clubs, Redoubled, 0)];
        let with = score_party(&deals, RubberSettings::default()).unwrap();
        assert!(with.rubbers[0].deals[0].entries.contains(&Entry {
            side: They,
            kind: EntryKind::Insult,
            points: 100
        }));
        let without = score_party(&deals, RubberSettings::seed_003()).unwrap();
        assert!(
            without.rubbers[0].deals[0]
                .entries
                .iter()
                .all(|e| e.kind != EntryKind::Insult)
        );
    }

    fn closing(deals: &[RubberDeal]) -> Vec<(PadSide, EntryKind, i32)> {
        let party = score_party(deals, RubberSettings::default()).unwrap();
        party.rubbers[0]
            .closing
            .iter()
            .map(|e| (e.side, e.kind, e.points))
            .collect()
    }

    /// Laws of Contract Bridge for rubber bridge (1993), Law 80 "Incomplete rubber": "if
    /// only one game has been completed, the winners of that game are credited with 300
    /// points; if only one side has a partscore or partscores in a game not completed,
    /// that side is credited with 100 points" (as quoted on forums.bridgebase.com, topic
    /// 52501 "Scoring in Rubber Bridge"; the ACBL's rubber laws point to their Law 80
    /// for an incomplete rubber).
    #[test]
    fn unfinished_rubber_scores_300_for_the_only_game_and_100_for_the_only_part_score() {
        // We win a game; then both sides hold a part-score: no 100 for either.
        let deals = [
            play(We, 4, Spades, Undoubled, 0),
            play(They, 2, Hearts, Undoubled, 0),
            play(We, 1, Clubs, Undoubled, 0),
        ];
        assert_eq!(closing(&deals), [(We, EntryKind::UnfinishedGame, 300)]);
        let party = score_party(&deals, RubberSettings::default()).unwrap();
        assert_eq!(
            party.standing(),
            Standing {
                we: 120 + 20 + 300,
                they: 60
            }
        );
        // A part-score on one side alone scores 100.
        let deals = [
            play(We, 4, Spades, Undoubled, 0),
            play(They, 2, Hearts, Undoubled, 0),
        ];
        assert_eq!(
            closing(&deals),
            [
                (We, EntryKind::UnfinishedGame, 300),
                (They, EntryKind::UnfinishedPartScore, 100)
            ]
        );
    }

    /// A game each: two games completed, so no 300 (Law 80); a part-score each: no 100.
    #[test]
    fn a_game_and_a_part_score_each_score_no_unfinished_bonus() {
        let both = [
            play(We, 4, Spades, Undoubled, 0),
            play(They, 4, Hearts, Undoubled, 0),
            play(We, 2, Spades, Undoubled, 0),
            play(They, 2, Hearts, Undoubled, 0),
        ];
        assert_eq!(closing(&both), []);
        // A game each, a part-score for us alone: our 100 only.
        assert_eq!(
            closing(&both[..3]),
            [(We, EntryKind::UnfinishedPartScore, 100)]
        );
    }

    #[test]
    fn a_finished_rubber_and_passed_out_deals_get_no_closing_bonus() {
        let deals = [
            play(We, 3, NoTrump, Undoubled, 0),
            play(We, 3, NoTrump, Undoubled, 0),
        ];
        let party = score_party(&deals, RubberSettings::default()).unwrap();
        assert_eq!(party.rubbers.len(), 1);
        assert!(party.rubbers[0].closing.is_empty());
        let deals = [
            play(We, 3, NoTrump, Undoubled, 0),
            play(We, 3, NoTrump, Undoubled, 0),
            RubberDeal::PassedOut,
        ];
        let party = score_party(&deals, RubberSettings::default()).unwrap();
        assert_eq!(party.rubbers.len(), 2);
        assert!(party.rubbers[1].closing.is_empty());
        assert_eq!(party.standing(), Standing { we: 900, they: 0 });
    }

    #[test]
    fn honours_score_for_either_side_even_when_the_contract_fails() {
        let d = with_honours(
            play(We, 4, Hearts, Undoubled, -1),
            They,
            Honours::FiveTrumpHonours,
        );
        let party = score_party(&[d], RubberSettings::default()).unwrap();
        assert_eq!(
            party.standing(),
            Standing {
                we: 0,
                they: 50 + 150
            }
        );
        let d = with_honours(play(They, 3, NoTrump, Undoubled, 0), We, Honours::FourAces);
        let party = score_party(&[d], RubberSettings::default()).unwrap();
        assert_eq!(
            party.rubbers[0].deals[0].standing(),
            Standing { we: 150, they: 100 }
        );
    }

    #[test]
    fn honours_that_cannot_exist_are_refused_with_the_deal_number() {
        let deals = [
            RubberDeal::PassedOut,
            with_honours(
                play(We, 3, NoTrump, Undoubled, 0),
                We,
                Honours::FourTrumpHonours,
            ),
        ];
        let err = score_party(&deals, RubberSettings::default()).unwrap_err();
        assert_eq!(
            err,
            RubberError::HonoursDoNotFit {
                deal: 2,
                honours: Honours::FourTrumpHonours,
                strain: NoTrump
            }
        );
        assert!(err.to_string().starts_with("deal 2:"));
        let deals = [with_honours(
            play(We, 3, Spades, Undoubled, 0),
            They,
            Honours::FourAces,
        )];
        assert!(score_party(&deals, RubberSettings::default()).is_err());
    }

    #[test]
    fn vulnerability_follows_games_and_raises_penalties() {
        let deals = [
            play(They, 5, Clubs, Undoubled, 0),
            play(They, 2, Spades, Doubled, -1),
        ];
        let party = score_party(&deals, RubberSettings::default()).unwrap();
        let d = &party.rubbers[0].deals[1];
        assert_eq!(
            d.vulnerability,
            PadVulnerability {
                we: false,
                they: true
            }
        );
        assert_eq!(d.standing(), Standing { we: 200, they: 0 });
    }

    #[test]
    fn a_doubled_part_score_can_make_game() {
        let deals = [play(We, 2, Hearts, Doubled, 0)];
        let party = score_party(&deals, RubberSettings::seed_003()).unwrap();
        assert_eq!(party.rubbers[0].deals[0].game_won, Some(We));
    }

    mod props {
        use super::*;
        use proptest::prelude::*;

        fn any_deal() -> impl Strategy<Value = RubberDeal> {
            let strain = prop::sample::select(Strain::ALL.to_vec());
            let dbl = prop::sample::select(Doubling::ALL.to_vec());
            let side = prop::sample::select(PadSide::BOTH.to_vec());
            prop_oneof![
                1 => Just(RubberDeal::PassedOut),
                8 => (side, 1u8..=7, strain, dbl, 0u8..=13).prop_map(|(s, l, st, d, t)| {
                    let c = Contract::new(l, st, d).unwrap();
                    RubberDeal::played(PadPlay::new(s, c, t).unwrap())
                }),
            ]
        }

        fn any_settings() -> impl Strategy<Value = RubberSettings> {
            (any::<bool>(), any::<bool>()).prop_map(|(insult, carry_difference)| RubberSettings {
                insult,
                carry_difference,
            })
        }

        proptest! {
            #[test]
            fn a_rubber_ends_exactly_when_a_side_has_two_games(
                deals in prop::collection::vec(any_deal(), 0..60),
                settings in any_settings(),
            ) {
                let party = score_party(&deals, settings).unwrap();
                let n = party.rubbers.len();
                for (i, r) in party.rubbers.iter().enumerate() {
                    prop_assert!(r.games(We) <= 2 && r.games(They) <= 2);
                    match r.winner() {
                        Some(w) => {
                            prop_assert_eq!(r.games(w), 2);
                            prop_assert!(r.games(w.other()) <= 1);
                            prop_assert_eq!(r.deals.last().unwrap().rubber_won, Some(w));
                        }
                        None => {
                            prop_assert_eq!(i + 1, n, "only the last rubber may be unfinished");
                            prop_assert!(r.games(We) < 2 && r.games(They) < 2);
                        }
                    }
                    let wins = r.deals.iter().filter(|d| d.rubber_won.is_some()).count();
                    prop_assert!(wins <= 1);
                }
                let played: usize = party.rubbers.iter().map(|r| r.deals.len()).sum();
                prop_assert_eq!(played, deals.len());
            }

            #[test]
            fn totals_are_the_sum_of_the_entries(
                deals in prop::collection::vec(any_deal(), 0..60),
                settings in any_settings(),
            ) {
                let party = score_party(&deals, settings).unwrap();
                let mut sum = Standing::default();
                for r in &party.rubbers {
                    let mut rubber = Standing::default();
                    for e in r.entries() {
                        prop_assert!(e.points > 0);
                        rubber.add(e.side, e.points);
                        if e.kind != EntryKind::CarriedDifference {
                            sum.add(e.side, e.points);
                        }
                    }
                    prop_assert_eq!(rubber, r.standing());
                }
                prop_assert_eq!(sum, party.standing());
            }

            #[test]
            fn carrying_differences_does_not_change_the_party_result(
                deals in prop::collection::vec(any_deal(), 0..60),
                insult in any::<bool>(),
            ) {
                let carry = score_party(&deals, RubberSettings { insult, carry_difference: true }).unwrap();
                let plain = score_party(&deals, RubberSettings { insult, carry_difference: false }).unwrap();
                prop_assert_eq!(carry.leader(), plain.leader());
                if let Some(last) = carry.rubbers.last() {
                    prop_assert_eq!(last.standing().leader(), carry.leader());
                }
            }

            #[test]
            fn the_duplicate_total_of_each_deal_less_its_bonuses_is_on_the_pad(
                deals in prop::collection::vec(any_deal(), 1..40),
            ) {
                // With the insult bonus on, a deal's pad figures equal the duplicate score
                // without game and part-score bonuses (plus honours and rubber bonus).
                let party = score_party(&deals, RubberSettings::default()).unwrap();
                for r in &party.rubbers {
                    for d in &r.deals {
                        if let RubberDeal::Played { play, .. } = d.deal {
                            let b = play.breakdown(d.vulnerability.of(play.declarer()));
                            let expected = b.total() - b.game_bonus - b.partscore_bonus;
                            let got: i32 = d.entries.iter()
                                .filter(|e| e.kind != EntryKind::RubberBonus)
                                .map(|e| if e.side == play.declarer() { e.points } else { -e.points })
                                .sum();
                            prop_assert_eq!(got, expected);
                        }
                    }
                }
            }
        }
    }
}
