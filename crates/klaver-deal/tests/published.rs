//! Double-dummy tricks against figures published by other programs (origin beside each
//! file in tests/data).

use klaver_core::{Seat, Strain, Vulnerability};
use klaver_deal::analysis::{declarer_from_letter, strain_from_name};
use klaver_deal::{Deal, analyse_all, par};

/// (board, deal, declarer letter, strain, tricks) from a file whose OptimumResultTable
/// gives one row per board.
fn published_rows(text: &str) -> Vec<(u32, Deal, String, String, u8)> {
    let mut rows = Vec::new();
    let (mut board, mut deal) = (0, None);
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if let Some(v) = tag_value(line, "Board") {
            board = v.parse().unwrap();
        } else if let Some(v) = tag_value(line, "Deal") {
            deal = Some(Deal::from_pbn(v).unwrap());
        } else if line.starts_with("[OptimumResultTable") {
            let row: Vec<&str> = lines.next().unwrap().split_whitespace().collect();
            let tricks = row[2].parse().unwrap();
            let d = deal.take().unwrap();
            rows.push((board, d, row[0].to_string(), row[1].to_string(), tricks));
        }
    }
    rows
}

fn tag_value<'a>(line: &'a str, tag: &str) -> Option<&'a str> {
    let rest = line.strip_prefix('[')?.strip_prefix(tag)?.trim();
    rest.strip_prefix('"')?.strip_suffix("\"]")
}

#[test]
fn tricks_agree_with_bridge_bidding_analyser() {
    let text = include_str!("data/bba-jacoby-super-accept-dd.pbn");
    let rows = published_rows(text);
    assert_eq!(rows.len(), 23);
    let deals: Vec<Deal> = rows.iter().map(|r| r.1).collect();
    let tables = analyse_all(&deals);
    for ((board, _, declarer, strain, tricks), table) in rows.iter().zip(&tables) {
        let seat = declarer_from_letter(declarer).unwrap();
        let strain = strain_from_name(strain).unwrap();
        assert_eq!(table.tricks(strain, seat), *tricks, "board {board}");
    }
}

/// (dealer, vulnerability, deal, table as published, dealer par score, par contracts) of
/// DDS's list.
type Listed = (Seat, Vulnerability, Deal, Vec<u8>, i32, Vec<String>);

fn dds_list(text: &str) -> Vec<Listed> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (k, line) in lines.iter().enumerate() {
        let Some(rest) = line.strip_prefix("PBN ") else {
            continue;
        };
        let fields: Vec<&str> = rest.split_whitespace().collect();
        let dealer = Seat::ALL[fields[0].parse::<usize>().unwrap()];
        let vul = [
            Vulnerability::None,
            Vulnerability::Both,
            Vulnerability::NorthSouth,
            Vulnerability::EastWest,
        ][fields[1].parse::<usize>().unwrap()];
        let deal = Deal::from_pbn(rest.split('"').nth(1).unwrap()).unwrap();
        let table = lines[k + 1]["TABLE ".len()..]
            .split_whitespace()
            .map(|t| t.parse().unwrap())
            .collect();
        let quoted: Vec<&str> = lines[k + 3].split('"').skip(1).step_by(2).collect();
        let par = quoted[0].parse().unwrap();
        let contracts = quoted[1..].iter().map(|c| c.to_string()).collect();
        out.push((dealer, vul, deal, table, par, contracts));
    }
    out
}

#[test]
fn tables_and_par_agree_with_dds_own_test_list() {
    let list = dds_list(include_str!("data/dds-list100.txt"));
    assert_eq!(list.len(), 100);
    let deals: Vec<Deal> = list.iter().map(|l| l.2).collect();
    let strains = [
        Strain::Spades,
        Strain::Hearts,
        Strain::Diamonds,
        Strain::Clubs,
        Strain::NoTrump,
    ];
    for ((dealer, vul, deal, published, par_score, contracts), table) in
        list.iter().zip(analyse_all(&deals))
    {
        let ours: Vec<u8> = strains
            .iter()
            .flat_map(|s| Seat::ALL.map(|seat| table.tricks(*s, seat)))
            .collect();
        assert_eq!(&ours, published, "{deal}");
        let p = par(&table, *vul, *dealer).unwrap();
        assert_eq!(p.score, *par_score, "{deal}: {}", p.notation());
        // The same contracts, in whatever order each lists them.
        let mut ours: Vec<String> = p.contracts.iter().map(dds_notation).collect();
        let mut theirs = contracts.clone();
        ours.sort();
        theirs.sort();
        assert_eq!(ours, theirs, "{deal}");
    }
}

/// A par contract as DDS's list writes it: `4S-E`, `1H-NS+2`, `5H*-EW-1`, `6N-E`.
fn dds_notation(c: &klaver_deal::ParContract) -> String {
    let strain = ["C", "D", "H", "S", "N"][c.contract.strain() as usize];
    let doubled = if c.contract.doubling() == klaver_core::Doubling::Doubled {
        "*"
    } else {
        ""
    };
    let seats: String = c
        .declarers
        .iter()
        .map(|s| ['N', 'E', 'S', 'W'][*s as usize])
        .collect();
    let result = if c.result == 0 {
        String::new()
    } else {
        format!("{:+}", c.result)
    };
    format!("{}{strain}{doubled}-{seats}{result}", c.contract.level())
}
