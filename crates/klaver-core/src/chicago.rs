//! The Chicago score pad (seed 003 "Chicago Sayı Sistemi"; Laws of Contract Bridge,
//! Chicago appendix; SPEC section 2).
//!
//! Deals are played in blocks of four, one deal for each dealer; the scorer's partner
//! deals first. Vulnerability is fixed by the deal's place in its block: deal 1 nobody,
//! deal 4 both; on deals 2 and 3 either the dealer's side is vulnerable (the older order of
//! seed 003's tables: "they" on deal 2, "we" on deal 3) or the other side (the newer order
//! seed 003 mentions at its end), see [`VulnerabilityOrder`].
//!
//! Four ways of scoring, see [`ChicagoVariant`]:
//!
//! - **mixed** (seed 003's own recommendation): each deal stands alone; a made part-score
//!   earns 50 not vulnerable / 100 vulnerable, a game 300 / 500, slams as usual, no
//!   honours. Seed 003's eight deals end with "we" 510 ahead.
//! - **original**: trick scores go below the line and part-scores carry forward inside the
//!   block, adding up to game; a game earns 300 / 500 by the vulnerability of the deal
//!   that completes it, and both sides' running part-scores then stop counting towards
//!   game; no part-score bonus except 100 for a part-score made on the fourth deal of a
//!   block; nothing carries past the fourth deal. The same eight deals end 610 ahead.
//! - **duplicate**: every deal scored as at duplicate (Law 77): part-score 50 always, and
//!   50 / 100 for making a doubled / redoubled contract.
//! - **modern**: duplicate scoring without the bonus for making a doubled contract.
//!
//! The bonus for making a doubled contract is a setting for the mixed and original
//! variants ([`ChicagoSettings::insult`], off in seed 003's tables).

use crate::rubber::{Entry, EntryKind, PadPlay, PadSide, PadVulnerability, Standing};
use serde::{Deserialize, Serialize};
use std::fmt;

/// How the deals of a Chicago block are scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ChicagoVariant {
    /// Each deal alone; part-score 50 / 100, game 300 / 500 (seed 003's recommendation).
    Mixed,
    /// Part-scores carry to game within the block; 100 for a part-score on the fourth deal.
    Original,
    /// Duplicate scoring of every deal, with the bonus for making a doubled contract.
    Duplicate,
    /// Duplicate scoring without the bonus for making a doubled contract.
    Modern,
}

impl fmt::Display for ChicagoVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ChicagoVariant::Mixed => "mixed",
            ChicagoVariant::Original => "original",
            ChicagoVariant::Duplicate => "duplicate",
            ChicagoVariant::Modern => "modern",
        })
    }
}

/// Who is vulnerable on the second and third deals of a block.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum VulnerabilityOrder {
    /// The dealer's side (older order, seed 003's tables): "they" on deal 2, "we" on deal 3.
    #[default]
    Dealer,
    /// The dealer's opponents (newer order): "we" on deal 2, "they" on deal 3.
    NonDealer,
}

/// The options a Chicago pad is scored with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ChicagoSettings {
    /// How deals are scored.
    pub variant: ChicagoVariant,
    /// Who is vulnerable on deals 2 and 3 of each block.
    pub order: VulnerabilityOrder,
    /// Bonus 50 / 100 for making a doubled / redoubled contract in the mixed and original
    /// variants (seed 003: off); duplicate always scores it, modern never.
    pub insult: bool,
}

impl ChicagoSettings {
    /// A variant with seed 003's defaults: dealer's-side order, no insult bonus.
    pub fn new(variant: ChicagoVariant) -> ChicagoSettings {
        ChicagoSettings {
            variant,
            order: VulnerabilityOrder::Dealer,
            insult: false,
        }
    }

    /// Whether making a doubled contract earns its bonus under these settings.
    pub fn insult_scored(&self) -> bool {
        match self.variant {
            ChicagoVariant::Duplicate => true,
            ChicagoVariant::Modern => false,
            ChicagoVariant::Mixed | ChicagoVariant::Original => self.insult,
        }
    }
}

/// A Chicago deal number that cannot exist.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChicagoError {
    /// Deal 0.
    #[error("deal {0} does not exist: Chicago deals are numbered from 1")]
    DealNumber(usize),
}

/// The dealer's side on a deal (from 1): the scorer's partner deals first.
pub fn chicago_dealer(deal: usize) -> Result<PadSide, ChicagoError> {
    if deal == 0 {
        return Err(ChicagoError::DealNumber(deal));
    }
    Ok(if deal % 2 == 1 {
        PadSide::We
    } else {
        PadSide::They
    })
}

/// The fixed vulnerability of a deal (from 1): nobody, then 2 and 3 by the order, then both.
pub fn chicago_vulnerability(
    deal: usize,
    order: VulnerabilityOrder,
) -> Result<PadVulnerability, ChicagoError> {
    let dealer = chicago_dealer(deal)?;
    let vulnerable_side = match order {
        VulnerabilityOrder::Dealer => dealer,
        VulnerabilityOrder::NonDealer => dealer.other(),
    };
    Ok(match (deal - 1) % 4 {
        0 => PadVulnerability::default(),
        3 => PadVulnerability {
            we: true,
            they: true,
        },
        _ => PadVulnerability {
            we: vulnerable_side == PadSide::We,
            they: vulnerable_side == PadSide::They,
        },
    })
}

/// One deal as scored on the Chicago pad.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChicagoDealScore {
    /// The deal's number (from 1).
    pub number: usize,
    /// The deal's place in its block of four (1-4).
    pub position: u8,
    /// The side that dealt.
    pub dealer: PadSide,
    /// The fixed vulnerability.
    pub vulnerability: PadVulnerability,
    /// The contract played, `None` when passed out.
    pub play: Option<PadPlay>,
    /// The figures written for this deal (trick scores are below the line in the original
    /// variant).
    pub entries: Vec<Entry>,
    /// The side that completed a game on this deal.
    pub game_won: Option<PadSide>,
    /// Both columns' totals after this deal.
    pub running: Standing,
}

impl ChicagoDealScore {
    /// This deal's figures per column.
    pub fn standing(&self) -> Standing {
        Standing::of(&self.entries)
    }
}

/// A Chicago score pad being filled in deal by deal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChicagoPad {
    settings: ChicagoSettings,
    deals: Vec<ChicagoDealScore>,
    part: [i32; 2],
}

fn idx(side: PadSide) -> usize {
    match side {
        PadSide::We => 0,
        PadSide::They => 1,
    }
}

impl ChicagoPad {
    /// An empty pad.
    pub fn new(settings: ChicagoSettings) -> ChicagoPad {
        ChicagoPad {
            settings,
            deals: Vec::new(),
            part: [0; 2],
        }
    }

    /// The settings of this pad.
    pub fn settings(&self) -> ChicagoSettings {
        self.settings
    }

    /// Scores the next deal (`None` when it was passed out).
    pub fn record(&mut self, play: Option<PadPlay>) -> &ChicagoDealScore {
        let number = self.deals.len() + 1;
        let position = ((number - 1) % 4 + 1) as u8;
        let dealer = chicago_dealer(number).expect("deal numbers start at 1");
        let vulnerability =
            chicago_vulnerability(number, self.settings.order).expect("deal numbers start at 1");
        let mut entries = Vec::new();
        let mut game_won = None;
        if let Some(play) = play {
            let declarer = play.declarer();
            let vul = vulnerability.of(declarer);
            let b = play.breakdown(vul);
            let mut put = |side, kind, points| {
                if points != 0 {
                    entries.push(Entry { side, kind, points });
                }
            };
            if b.made() {
                put(declarer, EntryKind::TrickScore, b.trick_score);
                put(declarer, EntryKind::Overtricks, b.overtricks);
                let game_bonus = if vul { 500 } else { 300 };
                match self.settings.variant {
                    ChicagoVariant::Mixed => {
                        if b.trick_score >= 100 {
                            put(declarer, EntryKind::GameBonus, game_bonus);
                            game_won = Some(declarer);
                        } else {
                            let bonus = if vul { 100 } else { 50 };
                            put(declarer, EntryKind::PartScoreBonus, bonus);
                        }
                    }
                    ChicagoVariant::Original => {
                        let i = idx(declarer);
                        self.part[i] += b.trick_score;
                        if self.part[i] >= 100 {
                            self.part = [0; 2];
                            put(declarer, EntryKind::GameBonus, game_bonus);
                            game_won = Some(declarer);
                        } else if position == 4 {
                            put(declarer, EntryKind::PartScoreBonus, 100);
                        }
                    }
                    ChicagoVariant::Duplicate | ChicagoVariant::Modern => {
                        put(declarer, EntryKind::GameBonus, b.game_bonus);
                        put(declarer, EntryKind::PartScoreBonus, b.partscore_bonus);
                        if b.game_bonus > 0 {
                            game_won = Some(declarer);
                        }
                    }
                }
                put(declarer, EntryKind::SlamBonus, b.slam_bonus);
                if self.settings.insult_scored() {
                    put(declarer, EntryKind::Insult, b.insult);
                }
            } else {
                put(declarer.other(), EntryKind::Undertricks, b.undertricks);
            }
        }
        if position == 4 {
            self.part = [0; 2];
        }
        let running = self.standing() + Standing::of(&entries);
        self.deals.push(ChicagoDealScore {
            number,
            position,
            dealer,
            vulnerability,
            play,
            entries,
            game_won,
            running,
        });
        self.deals.last().expect("a deal was just scored")
    }

    /// The deals so far.
    pub fn deals(&self) -> &[ChicagoDealScore] {
        &self.deals
    }

    /// The totals so far.
    pub fn standing(&self) -> Standing {
        self.deals.last().map(|d| d.running).unwrap_or_default()
    }

    /// The side ahead and by how much, `None` when level.
    pub fn leader(&self) -> Option<(PadSide, i32)> {
        self.standing().leader()
    }

    /// Whether the last block of four is complete.
    pub fn block_complete(&self) -> bool {
        self.deals.len().is_multiple_of(4)
    }

    /// A side's running part-score towards game (original variant; 0 otherwise).
    pub fn part_score(&self, side: PadSide) -> i32 {
        self.part[idx(side)]
    }
}

/// Scores a list of deals (`None` for a passed-out deal) on a Chicago pad.
pub fn score_chicago(deals: &[Option<PadPlay>], settings: ChicagoSettings) -> ChicagoPad {
    let mut pad = ChicagoPad::new(settings);
    for &d in deals {
        pad.record(d);
    }
    pad
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contract::Contract;
    use crate::contract::Doubling::{self, *};
    use crate::contract::Strain::{self, *};
    use PadSide::*;

    fn play(
        side: PadSide,
        level: u8,
        strain: Strain,
        dbl: Doubling,
        result: i32,
    ) -> Option<PadPlay> {
        let c = Contract::new(level, strain, dbl).unwrap();
        Some(PadPlay::new(side, c, c.tricks_for_result(result).unwrap()).unwrap())
    }

    /// Seed 003's eight Chicago deals.
    fn seed_deals() -> Vec<Option<PadPlay>> {
        vec![
            play(We, 2, Spades, Undoubled, 1),
            play(We, 3, Diamonds, Undoubled, 0),
            play(We, 2, NoTrump, Undoubled, 0),
            play(They, 4, Hearts, Undoubled, 1),
            play(We, 6, Spades, Doubled, 1),
            play(They, 2, NoTrump, Undoubled, -1),
            play(They, 3, NoTrump, Undoubled, 1),
            play(They, 3, Spades, Undoubled, 0),
        ]
    }

    fn per_deal(pad: &ChicagoPad) -> Vec<(i32, i32)> {
        pad.deals()
            .iter()
            .map(|d| {
                let s = d.standing();
                (s.we, s.they)
            })
            .collect()
    }

    #[test]
    fn seed_003_vulnerability_table() {
        let vul: Vec<String> = (1..=8)
            .map(|n| {
                chicago_vulnerability(n, VulnerabilityOrder::Dealer)
                    .unwrap()
                    .to_string()
            })
            .collect();
        assert_eq!(
            vul,
            ["none", "they", "we", "both", "none", "they", "we", "both"]
        );
        let vul: Vec<String> = (1..=4)
            .map(|n| {
                chicago_vulnerability(n, VulnerabilityOrder::NonDealer)
                    .unwrap()
                    .to_string()
            })
            .collect();
        assert_eq!(vul, ["none", "we", "they", "both"]);
        assert_eq!(chicago_dealer(1), Ok(We));
        assert_eq!(chicago_dealer(2), Ok(They));
        assert_eq!(
            chicago_vulnerability(0, VulnerabilityOrder::Dealer),
            Err(ChicagoError::DealNumber(0))
        );
    }

    #[test]
    fn seed_003_mixed_table_ends_510_ahead() {
        let pad = score_chicago(&seed_deals(), ChicagoSettings::new(ChicagoVariant::Mixed));
        assert_eq!(
            per_deal(&pad),
            vec![
                (140, 0),
                (110, 0),
                (170, 0),
                (0, 650),
                (1260, 0),
                (100, 0),
                (0, 430),
                (0, 190)
            ]
        );
        assert_eq!(
            pad.standing(),
            Standing {
                we: 1780,
                they: 1270
            }
        );
        assert_eq!(pad.leader(), Some((We, 510)));
        assert!(pad.block_complete());
    }

    #[test]
    fn seed_003_mixed_deal_five_breakdown() {
        let pad = score_chicago(&seed_deals(), ChicagoSettings::new(ChicagoVariant::Mixed));
        let kinds: Vec<(EntryKind, i32)> = pad.deals()[4]
            .entries
            .iter()
            .map(|e| (e.kind, e.points))
            .collect();
        assert_eq!(
            kinds,
            vec![
                (EntryKind::TrickScore, 360),
                (EntryKind::Overtricks, 100),
                (EntryKind::GameBonus, 300),
                (EntryKind::SlamBonus, 500),
            ]
        );
    }

    #[test]
    fn seed_003_mixed_two_spades_one_over_is_90_and_50_or_100() {
        // Seed 003: "2 Pik oynadınız ve bir fazla çıktınız. [...] kendi hanenize zonda
        // değilseniz 90+50, zonda iseniz 90+100 yazarsınız" (2 spades with an overtrick:
        // 90 + 50 not vulnerable, 90 + 100 vulnerable). Deal 1: nobody vulnerable; deal 3:
        // "we" are.
        let settings = ChicagoSettings::new(ChicagoVariant::Mixed);
        let two_spades = play(We, 2, Spades, Undoubled, 1);
        let pad = score_chicago(&[two_spades, None, two_spades], settings);
        let figures = |i: usize| -> Vec<(EntryKind, i32)> {
            pad.deals()[i]
                .entries
                .iter()
                .map(|e| (e.kind, e.points))
                .collect()
        };
        assert_eq!(
            figures(0),
            [
                (EntryKind::TrickScore, 60),
                (EntryKind::Overtricks, 30),
                (EntryKind::PartScoreBonus, 50)
            ]
        );
        assert_eq!(
            figures(2),
            [
                (EntryKind::TrickScore, 60),
                (EntryKind::Overtricks, 30),
                (EntryKind::PartScoreBonus, 100)
            ]
        );
        assert_eq!(per_deal(&pad), [(140, 0), (0, 0), (190, 0)]);
    }

    #[test]
    fn seed_003_original_table_ends_610_ahead() {
        let pad = score_chicago(
            &seed_deals(),
            ChicagoSettings::new(ChicagoVariant::Original),
        );
        let d = pad.deals();
        let fig = |i: usize| -> Vec<(PadSide, EntryKind, i32)> {
            d[i].entries
                .iter()
                .map(|e| (e.side, e.kind, e.points))
                .collect()
        };
        assert_eq!(
            fig(0),
            vec![
                (We, EntryKind::TrickScore, 60),
                (We, EntryKind::Overtricks, 30)
            ]
        );
        assert_eq!(d[0].game_won, None);
        assert_eq!(
            fig(1),
            vec![
                (We, EntryKind::TrickScore, 60),
                (We, EntryKind::GameBonus, 300)
            ]
        );
        assert_eq!(d[1].game_won, Some(We));
        assert_eq!(fig(2), vec![(We, EntryKind::TrickScore, 70)]);
        assert_eq!(
            fig(3),
            vec![
                (They, EntryKind::TrickScore, 120),
                (They, EntryKind::Overtricks, 30),
                (They, EntryKind::GameBonus, 500)
            ]
        );
        assert_eq!(
            per_deal(&pad),
            vec![
                (90, 0),
                (360, 0),
                (70, 0),
                (0, 650),
                (1260, 0),
                (100, 0),
                (0, 430),
                (0, 190)
            ]
        );
        assert_eq!(
            fig(7),
            vec![
                (They, EntryKind::TrickScore, 90),
                (They, EntryKind::PartScoreBonus, 100)
            ]
        );
        assert_eq!(
            pad.standing(),
            Standing {
                we: 1880,
                they: 1270
            }
        );
        assert_eq!(pad.leader(), Some((We, 610)));
    }

    #[test]
    fn original_part_scores_do_not_carry_past_the_fourth_deal() {
        let deals = [
            None,
            None,
            play(We, 2, Spades, Undoubled, 0),
            play(They, 1, Clubs, Undoubled, 0),
            play(We, 2, Hearts, Undoubled, 0),
        ];
        let pad = score_chicago(&deals, ChicagoSettings::new(ChicagoVariant::Original));
        assert_eq!(pad.deals()[3].standing(), Standing { we: 0, they: 120 });
        assert_eq!(
            pad.deals()[4].game_won,
            None,
            "60 + 60 across blocks is no game"
        );
        assert_eq!(pad.part_score(We), 60);
        assert!(!pad.block_complete());
    }

    #[test]
    fn original_game_cuts_off_the_opponents_part_score() {
        let deals = [
            play(We, 2, Spades, Undoubled, 0),
            play(They, 4, Hearts, Undoubled, 0),
            play(We, 2, Diamonds, Undoubled, 0),
        ];
        let pad = score_chicago(&deals, ChicagoSettings::new(ChicagoVariant::Original));
        assert_eq!(pad.deals()[2].game_won, None);
        assert_eq!(pad.part_score(We), 40);
        // A part-score that completes a game on deal 4 gets the game bonus, not 100.
        let deals = [
            None,
            None,
            play(We, 2, Spades, Undoubled, 0),
            play(We, 2, Spades, Undoubled, 0),
        ];
        let pad = score_chicago(&deals, ChicagoSettings::new(ChicagoVariant::Original));
        assert_eq!(
            pad.deals()[3].standing(),
            Standing {
                we: 60 + 500,
                they: 0
            }
        );
    }

    #[test]
    fn duplicate_and_modern_differ_only_by_the_insult_bonus() {
        let one_d_xx = [None, play(They, 1, Diamonds, Redoubled, 0)];
        let dup = score_chicago(&one_d_xx, ChicagoSettings::new(ChicagoVariant::Duplicate));
        assert_eq!(dup.standing(), Standing { we: 0, they: 230 });
        let modern = score_chicago(&one_d_xx, ChicagoSettings::new(ChicagoVariant::Modern));
        assert_eq!(modern.standing(), Standing { we: 0, they: 130 });
        let pad = score_chicago(
            &seed_deals(),
            ChicagoSettings::new(ChicagoVariant::Duplicate),
        );
        assert_eq!(
            per_deal(&pad),
            vec![
                (140, 0),
                (110, 0),
                (120, 0),
                (0, 650),
                (1310, 0),
                (100, 0),
                (0, 430),
                (0, 140)
            ]
        );
    }

    #[test]
    fn insult_setting_applies_to_mixed_and_original_only() {
        let deals = [play(We, 3, NoTrump, Doubled, 0)];
        for variant in [ChicagoVariant::Mixed, ChicagoVariant::Original] {
            let mut s = ChicagoSettings::new(variant);
            assert_eq!(score_chicago(&deals, s).standing().we, 200 + 300);
            s.insult = true;
            assert_eq!(score_chicago(&deals, s).standing().we, 200 + 300 + 50);
        }
        let mut s = ChicagoSettings::new(ChicagoVariant::Modern);
        s.insult = true;
        assert!(!s.insult_scored());
    }

    mod props {
        use super::*;
        use proptest::prelude::*;

        fn any_deal() -> impl Strategy<Value = Option<PadPlay>> {
            let strain = prop::sample::select(Strain::ALL.to_vec());
            let dbl = prop::sample::select(Doubling::ALL.to_vec());
            let side = prop::sample::select(PadSide::BOTH.to_vec());
            prop_oneof![
                1 => Just(None),
                8 => (side, 1u8..=7, strain, dbl, 0u8..=13).prop_map(|(s, l, st, d, t)| {
                    let c = Contract::new(l, st, d).unwrap();
                    Some(PadPlay::new(s, c, t).unwrap())
                }),
            ]
        }

        fn any_settings() -> impl Strategy<Value = ChicagoSettings> {
            let v = prop::sample::select(vec![
                ChicagoVariant::Mixed,
                ChicagoVariant::Original,
                ChicagoVariant::Duplicate,
                ChicagoVariant::Modern,
            ]);
            let o = prop::sample::select(vec![
                VulnerabilityOrder::Dealer,
                VulnerabilityOrder::NonDealer,
            ]);
            (v, o, any::<bool>()).prop_map(|(variant, order, insult)| ChicagoSettings {
                variant,
                order,
                insult,
            })
        }

        proptest! {
            #[test]
            fn running_totals_are_the_sum_of_the_entries(
                deals in prop::collection::vec(any_deal(), 0..40),
                settings in any_settings(),
            ) {
                let pad = score_chicago(&deals, settings);
                let mut sum = Standing::default();
                for d in pad.deals() {
                    for e in &d.entries {
                        prop_assert!(e.points > 0);
                        sum.add(e.side, e.points);
                    }
                    prop_assert_eq!(sum, d.running);
                }
                prop_assert_eq!(sum, pad.standing());
            }

            #[test]
            fn duplicate_variant_is_the_duplicate_score(
                deals in prop::collection::vec(any_deal(), 0..40),
                order in prop::sample::select(vec![VulnerabilityOrder::Dealer, VulnerabilityOrder::NonDealer]),
            ) {
                let settings = ChicagoSettings { variant: ChicagoVariant::Duplicate, order, insult: false };
                let pad = score_chicago(&deals, settings);
                for d in pad.deals() {
                    let expected = d.play.map_or(0, |p| {
                        let s = p.breakdown(d.vulnerability.of(p.declarer())).total();
                        if p.declarer() == We { s } else { -s }
                    });
                    let st = d.standing();
                    prop_assert_eq!(st.we - st.they, expected);
                }
            }

            #[test]
            fn each_block_starts_with_nobody_vulnerable_and_ends_with_both(
                n in 1usize..200,
                order in prop::sample::select(vec![VulnerabilityOrder::Dealer, VulnerabilityOrder::NonDealer]),
            ) {
                let v = chicago_vulnerability(n, order).unwrap();
                match (n - 1) % 4 {
                    0 => prop_assert!(!v.we && !v.they),
                    3 => prop_assert!(v.we && v.they),
                    _ => prop_assert!(v.we != v.they),
                }
            }
        }
    }
}
