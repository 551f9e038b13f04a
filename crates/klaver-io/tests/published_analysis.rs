//! A PBN file's published double-dummy figures, read with their lines and checked
//! against a fresh analysis: the Bridge Bidding Analyser file (origin beside it in
//! klaver-deal's tests/data) agrees on every row, and a changed row is found.

use klaver_deal::analyse_all;
use klaver_io::hand_record::{BoardRecord, read_pbn};
use klaver_io::published_analysis::disagreements;

const BBA: &str = include_str!("../../klaver-deal/tests/data/bba-jacoby-super-accept-dd.pbn");

fn check(text: &str) -> Vec<String> {
    let read = read_pbn(text.as_bytes()).unwrap();
    // The practice file has South deal every board: the hand record follows the file,
    // and says so for each board whose number has another dealer.
    assert_eq!(read.warnings.len(), 17, "{:?}", read.warnings);
    assert!(read.warnings.iter().all(|w| {
        w.message
            .starts_with("the file has dealer S where the board's number has ")
    }));
    assert!(
        read.record
            .boards
            .iter()
            .all(|b| b.dealer == klaver_core::Seat::South)
    );
    assert_eq!(read.published.len(), 23);
    let deals: Vec<_> = read.record.boards.iter().map(|b| b.deal).collect();
    let mut found = Vec::new();
    for (b, table) in read.record.boards.into_iter().zip(analyse_all(&deals)) {
        let n = b.board.number();
        let b = b.analysed(table).unwrap();
        found.extend(
            disagreements(&b, &read.published[&n])
                .iter()
                .map(|d| d.to_string()),
        );
    }
    found
}

#[test]
fn the_published_rows_agree_with_klavers_analysis() {
    assert_eq!(check(BBA), Vec::<String>::new());
}

#[test]
fn a_changed_row_is_named_with_its_line() {
    let changed = BBA.replacen("S H 10", "S H 11", 1);
    let line = changed.lines().position(|l| l == "S H 11").unwrap() + 1;
    assert_eq!(
        check(&changed),
        vec![format!(
            "line {line}: board 1: the file's OptimumResultTable gives South 11 tricks in hearts; klaver's analysis gives 10"
        )]
    );
}

const RUTER: &[u8] = include_bytes!("data/ruter-2016-05-18-spiren.pbn");

/// What the published figures of a file say against klaver's analysis of these boards.
fn said_against(data: &[u8], boards: &[BoardRecord]) -> Vec<String> {
    let published = read_pbn(data).unwrap().published;
    boards
        .iter()
        .filter_map(|b| Some(disagreements(b, published.get(&b.board.number())?)))
        .flatten()
        .map(|d| d.to_string())
        .collect()
}

/// Ruter's (Magic Contest's) `OptimumContract` ("3D E 9": contract, declarer, tricks) was
/// not read. All 21 of this night agree with klaver's par, some as another contract of
/// the same score ("4N S 10" where klaver says 3NT+1); a changed one is named.
#[test]
fn ruters_optimum_contracts_are_checked_against_the_par() {
    let read = read_pbn(RUTER).unwrap();
    assert_eq!(read.record.boards.len(), 21);
    let deals: Vec<_> = read.record.boards.iter().map(|b| b.deal).collect();
    let boards: Vec<BoardRecord> = read
        .record
        .boards
        .into_iter()
        .zip(analyse_all(&deals))
        .map(|(b, t)| b.analysed(t).unwrap())
        .collect();
    assert_eq!(said_against(RUTER, &boards), Vec::<String>::new());
    let (old, new) = (b"\"3D E 9\"", b"\"4D E 9\"");
    let at = RUTER.windows(old.len()).position(|w| w == old).unwrap();
    let mut changed = RUTER.to_vec();
    changed[at..at + old.len()].copy_from_slice(new);
    let line = 1 + RUTER[..at].iter().filter(|b| **b == b'\n').count();
    let said = said_against(&changed, &boards);
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(
        said[0].starts_with(&format!(
            "line {line}: board 1: the file's OptimumContract is 4D E 9; klaver's par is"
        )),
        "{said:?}"
    );
}
