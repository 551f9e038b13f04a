//! Double-dummy analysis: the tricks each declarer takes in each strain with all four
//! hands open, and the par of the board.
//!
//! The solver is `pons-dds`, a pure-Rust port of Bo Haglund's DDS (README: "Deals and
//! hand records" has the comparison with the C++ library and the timings). Its par is
//! the port of DDS's dealer par; every par contract is checked here against the table
//! and klaver's own scoring (Law 77) before it is believed.

use crate::deal::{Deal, seat_from_letter, seat_letter};
use contract_bridge::contract::Penalty;
use klaver_core::{Contract, Doubling, Play, Seat, Strain, Vulnerability};
use pons_dds::{Solver, TrickCountRow, TrickCountTable};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The strains in the order PBN lists them: notrump, spades, hearts, diamonds, clubs.
pub const PBN_STRAINS: [Strain; 5] = [
    Strain::NoTrump,
    Strain::Spades,
    Strain::Hearts,
    Strain::Diamonds,
    Strain::Clubs,
];

/// The declarers in the order PBN's DoubleDummyTricks lists them: N, S, E, W.
pub const PBN_DECLARERS: [Seat; 4] = [Seat::North, Seat::South, Seat::East, Seat::West];

/// Tricks for each declarer in each strain, with open cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DdTable {
    /// `[strain][seat]`: strain as in [`Strain`] (clubs 0 to notrump 4), seat N, E, S, W.
    tricks: [[u8; 4]; 5],
}

impl DdTable {
    /// A table from its 20 numbers, `[strain][seat]`; each must be 0 to 13.
    pub fn new(tricks: [[u8; 4]; 5]) -> Result<DdTable, String> {
        match tricks.iter().flatten().find(|t| **t > 13) {
            Some(t) => Err(format!("{t} tricks: a declarer takes 0 to 13")),
            None => Ok(DdTable { tricks }),
        }
    }

    /// Tricks the declarer takes in the strain.
    pub fn tricks(&self, strain: Strain, declarer: Seat) -> u8 {
        self.tricks[strain as usize][declarer as usize]
    }

    /// PBN's DoubleDummyTricks value: 20 hexadecimal digits, declarers N, S, E, W,
    /// each with notrump, spades, hearts, diamonds, clubs (`a` = 10 ... `d` = 13).
    pub fn to_pbn_tricks(&self) -> String {
        PBN_DECLARERS
            .iter()
            .flat_map(|d| PBN_STRAINS.iter().map(move |s| self.tricks(*s, *d)))
            .map(|t| char::from_digit(u32::from(t), 16).unwrap_or('?'))
            .collect()
    }

    /// Reads a DoubleDummyTricks value (20 hexadecimal digits).
    pub fn from_pbn_tricks(value: &str) -> Result<DdTable, String> {
        let digits: Vec<char> = value.trim().chars().collect();
        if digits.len() != 20 {
            return Err(format!(
                "DoubleDummyTricks {value:?} does not have 20 digits (N, S, E, W in NT, S, H, D, C)"
            ));
        }
        let mut tricks = [[0u8; 4]; 5];
        for (k, c) in digits.iter().enumerate() {
            let t = c.to_digit(16).filter(|t| *t <= 13).ok_or_else(|| {
                format!("DoubleDummyTricks {value:?}: {c:?} is not a trick count (0-9, a-d)")
            })?;
            let (declarer, strain) = (PBN_DECLARERS[k / 5], PBN_STRAINS[k % 5]);
            tricks[strain as usize][declarer as usize] = t as u8;
        }
        DdTable::new(tricks)
    }

    /// The 20 rows of PBN's OptimumResultTable (`Declarer;Denomination\2R;Result\2R`),
    /// declarers N, S, E, W, strains NT, S, H, D, C: `N NT  9`.
    pub fn optimum_result_rows(&self) -> Vec<String> {
        let mut rows = Vec::with_capacity(20);
        for d in PBN_DECLARERS {
            for s in PBN_STRAINS {
                let t = self.tricks(s, d);
                rows.push(format!("{} {:>2} {:>2}", seat_letter(d), strain_name(s), t));
            }
        }
        rows
    }

    fn to_pons(self) -> TrickCountTable {
        TrickCountTable(
            self.tricks
                .map(|[n, e, s, w]| TrickCountRow::new(n, e, s, w)),
        )
    }
}

/// The strain as PBN writes it: NT, S, H, D, C.
pub fn strain_name(strain: Strain) -> &'static str {
    ["C", "D", "H", "S", "NT"][strain as usize]
}

/// The strain of PBN's NT, S, H, D, C (either case; `N` is notrump too).
pub fn strain_from_name(name: &str) -> Option<Strain> {
    match name.to_ascii_uppercase().as_str() {
        "NT" | "N" => Some(Strain::NoTrump),
        "S" => Some(Strain::Spades),
        "H" => Some(Strain::Hearts),
        "D" => Some(Strain::Diamonds),
        "C" => Some(Strain::Clubs),
        _ => None,
    }
}

/// The seat of a PBN declarer letter.
pub fn declarer_from_letter(text: &str) -> Option<Seat> {
    let mut chars = text.trim().chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => seat_from_letter(c),
        _ => None,
    }
}

fn pons_deal(deal: &Deal) -> pons_dds::FullDeal {
    deal.to_pbn(Seat::North)
        .parse()
        .unwrap_or_else(|_| unreachable!("a checked deal is a full deal"))
}

fn solve(solver: &mut Solver, deal: &Deal) -> DdTable {
    let table = pons_dds::solve_deal_on(solver, pons_deal(deal));
    let tricks = table
        .0
        .map(|row| Seat::ALL.map(|s| row.get(pons_seat(s)).get()));
    DdTable { tricks }
}

/// The double-dummy table of one deal, on the calling thread.
pub fn analyse(deal: &Deal) -> DdTable {
    solve(&mut Solver::new(contract_bridge::Strain::Notrump), deal)
}

/// The tables of many deals, in their order, solved on every core the machine has
/// (one solver per core, the calling thread's among them, each taking the next
/// unsolved deal; when the system gives fewer threads, fewer solvers take them all).
pub fn analyse_all(deals: &[Deal]) -> Vec<DdTable> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let next = AtomicUsize::new(0);
    let mut solved: Vec<(usize, DdTable)> = std::thread::scope(|scope| {
        let others: Vec<_> = (1..cores.min(deals.len()))
            .map(|_| klaver_core::parts::start(scope, || work(deals, &next)))
            .collect();
        let mut solved = work(deals, &next);
        for w in others {
            solved.extend(w.join());
        }
        solved
    });
    solved.sort_by_key(|(i, _)| *i);
    solved.into_iter().map(|(_, t)| t).collect()
}

fn work(deals: &[Deal], next: &AtomicUsize) -> Vec<(usize, DdTable)> {
    let mut solver = Solver::new(contract_bridge::Strain::Notrump);
    let mut done = Vec::new();
    loop {
        let i = next.fetch_add(1, Ordering::Relaxed);
        let Some(deal) = deals.get(i) else {
            return done;
        };
        done.push((i, solve(&mut solver, deal)));
    }
}

fn pons_seat(seat: Seat) -> contract_bridge::Seat {
    contract_bridge::Seat::ALL[seat as usize]
}

fn pons_vulnerability(vul: Vulnerability) -> pons_dds::Vulnerability {
    use pons_dds::Vulnerability as V;
    match vul {
        Vulnerability::None => V::NONE,
        Vulnerability::NorthSouth => V::NS,
        Vulnerability::EastWest => V::EW,
        Vulnerability::Both => V::ALL,
    }
}

/// One par contract: the contract, who can declare it, and its result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParContract {
    /// The contract (doubled when it is a sacrifice).
    pub contract: Contract,
    /// The declarer, or both declarers of the side when either can play it.
    pub declarers: Vec<Seat>,
    /// Tricks over (positive) or under (negative) the contract.
    pub result: i8,
}

impl ParContract {
    /// As PBN par notation writes it: `NS 4S`, `E 5CX-2`, `S 3NT+1`.
    pub fn notation(&self) -> String {
        let seats: String = self.declarers.iter().map(|s| seat_letter(*s)).collect();
        let c = self.contract;
        let doubling = ["", "X", "XX"][c.doubling() as usize];
        let result = match self.result {
            0 => String::new(),
            r => format!("{r:+}"),
        };
        let strain = strain_name(c.strain());
        format!("{seats} {}{strain}{doubling}{result}", c.level())
    }
}

/// The par of a board: its score for North-South and the contracts that reach it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Par {
    /// The par score from North-South's point of view (0 when the board is passed out).
    pub score: i32,
    /// The par contracts; none when the board is passed out.
    pub contracts: Vec<ParContract>,
}

impl Par {
    /// PBN's OptimumScore value, from the side that scores: `NS 420`, `EW 620`, `NS 0`.
    pub fn optimum_score(&self) -> String {
        match self.score {
            s if s < 0 => format!("EW {}", -s),
            s => format!("NS {s}"),
        }
    }

    /// The par contracts in PBN par notation, separated by `; ` (`Pass` for none).
    pub fn notation(&self) -> String {
        if self.contracts.is_empty() {
            return "Pass".to_string();
        }
        let all: Vec<String> = self.contracts.iter().map(ParContract::notation).collect();
        all.join("; ")
    }
}

/// The par of a board with this table, vulnerability and dealer (DDS's dealer par: the
/// dealer's side is the first that can bid). Each contract is checked: its score with
/// the table's tricks is the par score, by klaver's own scoring.
pub fn par(table: &DdTable, vul: Vulnerability, dealer: Seat) -> Result<Par, String> {
    let found =
        pons_dds::calculate_par(table.to_pons(), pons_vulnerability(vul), pons_seat(dealer));
    let mut contracts: Vec<ParContract> = Vec::new();
    for pc in &found.contracts {
        let contract = klaver_contract(pc.contract)?;
        let declarer = Seat::ALL[pc.declarer as usize];
        check_par_contract(table, vul, found.score, contract, declarer, pc.overtricks)?;
        match contracts
            .iter_mut()
            .find(|c| c.contract == contract && c.result == pc.overtricks)
        {
            Some(c) if c.declarers[0].side() == declarer.side() => c.declarers.push(declarer),
            _ => contracts.push(ParContract {
                contract,
                declarers: vec![declarer],
                result: pc.overtricks,
            }),
        }
    }
    for c in &mut contracts {
        c.declarers.sort();
    }
    if contracts.is_empty() && found.score != 0 {
        return Err(format!(
            "the solver gave par {} without a contract",
            found.score
        ));
    }
    Ok(Par {
        score: found.score,
        contracts,
    })
}

fn klaver_contract(c: contract_bridge::Contract) -> Result<Contract, String> {
    let strain = Strain::ALL[c.bid.strain as usize];
    let doubling = match c.penalty {
        Penalty::Undoubled => Doubling::Undoubled,
        Penalty::Doubled => Doubling::Doubled,
        Penalty::Redoubled => Doubling::Redoubled,
    };
    Contract::new(c.bid.level.get(), strain, doubling).map_err(|e| e.to_string())
}

/// A par contract must take the table's tricks and score the par score.
fn check_par_contract(
    table: &DdTable,
    vul: Vulnerability,
    score: i32,
    contract: Contract,
    declarer: Seat,
    result: i8,
) -> Result<(), String> {
    let tricks = i32::from(contract.tricks_needed()) + i32::from(result);
    let dd = i32::from(table.tricks(contract.strain(), declarer));
    let play = u8::try_from(tricks)
        .ok()
        .and_then(|t| Play::new(contract, declarer, t).ok());
    match play {
        Some(p) if tricks == dd && p.score_ns(vul) == score => Ok(()),
        _ => Err(format!(
            "the par, {score} for North-South, is not what {contract} by {declarer:?} scores with the {dd} tricks the table gives {declarer:?}"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each hand one suit: North spades, East hearts, South diamonds, West clubs.
    const SUITS: &str = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432";

    #[test]
    fn a_deal_of_four_suits() {
        let table = analyse(&Deal::from_pbn(SUITS).unwrap());
        assert_eq!(table.tricks(Strain::Spades, Seat::North), 13);
        assert_eq!(table.tricks(Strain::Spades, Seat::South), 13);
        assert_eq!(table.tricks(Strain::Hearts, Seat::North), 0);
        assert_eq!(table.tricks(Strain::Clubs, Seat::West), 13);
        let text = table.to_pbn_tricks();
        assert_eq!(DdTable::from_pbn_tricks(&text).unwrap(), table);
        let rows = table.optimum_result_rows();
        assert_eq!(rows.len(), 20);
        assert_eq!(rows[1], "N  S 13");
        assert_eq!(rows[5], "S NT  0");
        // North-South bid 7S first; East-West would sacrifice in 7NT?
        let p = par(&table, Vulnerability::None, Seat::North).unwrap();
        assert_eq!(p.score, 1510);
        assert_eq!(p.optimum_score(), "NS 1510");
        assert_eq!(p.notation(), "NS 7S");
    }

    #[test]
    fn the_tables_of_many_deals_keep_their_order() {
        let deals = crate::random::DealRng::from_seed(5).deals(6);
        let together = analyse_all(&deals);
        let one_by_one: Vec<DdTable> = deals.iter().map(analyse).collect();
        assert_eq!(together, one_by_one);
        let alone = klaver_core::parts::without_threads(|| analyse_all(&deals));
        assert_eq!(alone, one_by_one);
        assert_ne!(together[0], together[1]);
    }

    #[test]
    fn bad_double_dummy_strings_are_refused() {
        assert!(DdTable::from_pbn_tricks("123").is_err());
        assert!(DdTable::from_pbn_tricks("e0000000000000000000").is_err());
        assert!(DdTable::from_pbn_tricks("x0000000000000000000").is_err());
    }
}
