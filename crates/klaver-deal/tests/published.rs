//! Double-dummy tricks against figures published by other programs (origin beside each
//! file in tests/data).

use klaver_deal::analysis::{declarer_from_letter, strain_from_name};
use klaver_deal::{Deal, analyse_all};

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
