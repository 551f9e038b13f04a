//! The par contracts a PBN file publishes, and whether they agree with klaver's par.
//!
//! Two forms are read: `ParContract`, the side (or declarer) and the contract with its
//! result, several separated by `;` or `,` (`NS 4S`, `EW 5DX-2`, `S 3NT+1; NS 4H`,
//! `Pass`), as klaver, BridgeComposer and the DDS-based programs write it; and Ruter's
//! (Magic Contest's) `OptimumContract`, the contract, the declarer and the tricks
//! (`3D E 9`, `5N S 11`). Several contracts can be par at once, and programs choose
//! differently among them (Ruter's `4N S 10` is klaver's `NS 3NT+1`): a published par
//! contract agrees when, played by each declarer it names and taking klaver's
//! double-dummy tricks, it scores klaver's par score, and takes the tricks it says.

use klaver_core::{Contract, Doubling, Play, Seat, Strain, Vulnerability};
use klaver_deal::DdTable;
use klaver_deal::analysis::declarer_from_letter;

/// One published par contract.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParClaim {
    /// The contract.
    pub contract: Contract,
    /// The declarers the file names (both of a side for `NS`, `EW`).
    pub declarers: Vec<Seat>,
    /// The tricks the file says the declarer takes, when it says (`NS 4S` does not).
    pub tricks: Option<u8>,
}

/// The par contracts of one tag: none when the board is passed out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PublishedPar {
    /// `ParContract` or `OptimumContract`.
    pub tag: &'static str,
    /// The value as written.
    pub text: String,
    /// The tag's line.
    pub line: u32,
    /// The contracts.
    pub contracts: Vec<ParClaim>,
}

impl PublishedPar {
    /// Whether every contract published scores `score` (North-South's) with this table.
    pub fn agrees(&self, table: &DdTable, vul: Vulnerability, score: i32) -> bool {
        if self.contracts.is_empty() {
            return score == 0;
        }
        self.contracts.iter().all(|c| {
            c.declarers.iter().all(|d| {
                let ours = table.tricks(c.contract.strain(), *d);
                let scored = Play::new(c.contract, *d, ours).map(|p| p.score_ns(vul));
                c.tricks.is_none_or(|t| t == ours) && scored == Ok(score)
            })
        })
    }
}

/// Reads a ParContract value: `NS 4S`, `EW 5DX-2`, `N 3NT+1`, several separated by `;`
/// or `,`, or `Pass`.
pub fn parse_par_contract(value: &str, line: u32) -> Result<PublishedPar, String> {
    let bad = || {
        format!(
            "ParContract {value:?} was not read: write the side or declarer and the contract with its result, as NS 4S, EW 5DX-2 or S 3NT+1"
        )
    };
    let mut contracts = Vec::new();
    let items = value.split([';', ',']).map(str::trim);
    for item in items.filter(|_| !value.trim().eq_ignore_ascii_case("pass")) {
        let [seats, bid] = item.split_whitespace().collect::<Vec<_>>()[..] else {
            return Err(bad());
        };
        let declarers = side_seats(seats).ok_or_else(bad)?;
        let (contract, result) = contract_and_rest(bid).ok_or_else(bad)?;
        let tricks = match result {
            "" => None,
            r => Some(tricks_of(contract, r).ok_or_else(bad)?),
        };
        contracts.push(ParClaim {
            contract,
            declarers,
            tricks,
        });
    }
    Ok(PublishedPar {
        tag: "ParContract",
        text: value.trim().to_string(),
        line,
        contracts,
    })
}

/// Reads an OptimumContract value: the contract, the declarer and the tricks (`3D E 9`),
/// or `Pass`.
pub fn parse_optimum_contract(value: &str, line: u32) -> Result<PublishedPar, String> {
    let bad = || {
        format!(
            "OptimumContract {value:?} was not read: write the contract, the declarer and the tricks, as 3D E 9"
        )
    };
    let mut contracts = Vec::new();
    if !value.trim().eq_ignore_ascii_case("pass") {
        let [bid, seat, tricks] = value.split_whitespace().collect::<Vec<_>>()[..] else {
            return Err(bad());
        };
        let (contract, _) = contract_and_rest(bid)
            .filter(|(_, rest)| rest.is_empty())
            .ok_or_else(bad)?;
        let declarer = declarer_from_letter(seat).ok_or_else(bad)?;
        let tricks = tricks
            .parse::<u8>()
            .ok()
            .filter(|t| *t <= 13)
            .ok_or_else(bad)?;
        contracts.push(ParClaim {
            contract,
            declarers: vec![declarer],
            tricks: Some(tricks),
        });
    }
    Ok(PublishedPar {
        tag: "OptimumContract",
        text: value.trim().to_string(),
        line,
        contracts,
    })
}

/// The seats of `NS`, `EW`, or one declarer's letter.
fn side_seats(text: &str) -> Option<Vec<Seat>> {
    match text.to_ascii_uppercase().as_str() {
        "NS" | "SN" => Some(vec![Seat::North, Seat::South]),
        "EW" | "WE" => Some(vec![Seat::East, Seat::West]),
        one => declarer_from_letter(one).map(|s| vec![s]),
    }
}

/// A contract at the start of `text` (`4S`, `3NTX`, `5NXX`), and what follows it.
fn contract_and_rest(text: &str) -> Option<(Contract, &str)> {
    let level = text.get(..1)?.parse::<u8>().ok()?;
    let upper = text.to_ascii_uppercase();
    let (strain, len) = match upper.get(1..)? {
        s if s.starts_with("NT") => (Strain::NoTrump, 2),
        s => match s.get(..1)? {
            "N" => (Strain::NoTrump, 1),
            "S" => (Strain::Spades, 1),
            "H" => (Strain::Hearts, 1),
            "D" => (Strain::Diamonds, 1),
            "C" => (Strain::Clubs, 1),
            _ => return None,
        },
    };
    let rest = &upper[1 + len..];
    let (doubling, rest) = if let Some(r) = rest.strip_prefix("XX") {
        (Doubling::Redoubled, r)
    } else if let Some(r) = rest.strip_prefix('X') {
        (Doubling::Doubled, r)
    } else {
        (Doubling::Undoubled, rest)
    };
    let contract = Contract::new(level, strain, doubling).ok()?;
    Some((contract, &text[text.len() - rest.len()..]))
}

/// The tricks of a result written after a contract: `=`, `+1`, `-2`.
fn tricks_of(contract: Contract, result: &str) -> Option<u8> {
    let needed = i32::from(contract.tricks_needed());
    let by = match result {
        "=" => 0,
        r if r.starts_with(['+', '-']) => r.parse::<i32>().ok()?,
        _ => return None,
    };
    u8::try_from(needed + by).ok().filter(|t| *t <= 13)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn claims(value: &str) -> Vec<(String, Vec<Seat>, Option<u8>)> {
        parse_par_contract(value, 1)
            .unwrap()
            .contracts
            .into_iter()
            .map(|c| (format!("{:?}", c.contract), c.declarers, c.tricks))
            .collect()
    }

    #[test]
    fn par_contracts_in_their_forms() {
        let c = claims("EW 4SX-3");
        assert_eq!(c.len(), 1);
        assert_eq!(c[0].1, vec![Seat::East, Seat::West]);
        assert_eq!(c[0].2, Some(7));
        let c = claims("S 3NT+1; NS 4H");
        assert_eq!((c[0].1.clone(), c[0].2), (vec![Seat::South], Some(10)));
        assert_eq!((c[1].1.len(), c[1].2), (2, None));
        assert!(claims("Pass").is_empty());
        for bad in [
            "",
            "NS",
            "4S",
            "NS 8S",
            "NS 4S+7",
            "XY 4S",
            "NS 4Q",
            "NS 4S;",
            "NS 4S Pass",
        ] {
            assert!(parse_par_contract(bad, 1).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn optimum_contracts_in_ruters_form() {
        let p = parse_optimum_contract("5N S 11", 4).unwrap();
        assert_eq!(p.contracts[0].contract.strain(), Strain::NoTrump);
        assert_eq!(p.contracts[0].declarers, vec![Seat::South]);
        assert_eq!(p.contracts[0].tricks, Some(11));
        let p = parse_optimum_contract("4HX W 9", 4).unwrap();
        assert_eq!(p.contracts[0].contract.doubling(), Doubling::Doubled);
        assert!(
            parse_optimum_contract("Pass", 4)
                .unwrap()
                .contracts
                .is_empty()
        );
        for bad in ["3D E", "3D Q 9", "3D E 14", "3D+1 E 10", "E 3D 9"] {
            assert!(parse_optimum_contract(bad, 1).is_err(), "{bad:?}");
        }
    }
}
