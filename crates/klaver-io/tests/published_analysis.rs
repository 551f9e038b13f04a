//! A PBN file's published double-dummy figures, read with their lines and checked
//! against a fresh analysis: the Bridge Bidding Analyser file (origin beside it in
//! klaver-deal's tests/data) agrees on every row, and a changed row is found.

use klaver_deal::analyse_all;
use klaver_io::hand_record::read_pbn;
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
        let a = b.analysis.as_ref().unwrap();
        found.extend(
            disagreements(n, &read.published[&n], a)
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
