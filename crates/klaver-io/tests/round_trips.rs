//! Every kind of result survives a trip through each exchange format: a score, a pass-out,
//! a doubled contract with its lead, an average, a split, average-plus, not played, a
//! reversed result, a weighted score, names with accents, and two sections.

use klaver_core::matchpoints::Scale;
use klaver_core::session::{Settings, score_session};
use klaver_io::exchange::{self, Imported};
use klaver_io::options::centred_weight;
use klaver_io::travellers::{Event, ReadOptions, read_travellers};
use klaver_io::{json, pbn, usebio};

const CSV: &str = "\
section,board,ns,ew,contract,declarer,result,score,adjust,lead
A,1,1,2,4S,N,+1,450,,HK
A,1,3,4,3NTX,S,-2,-300,,S4
A,1,5,6,PASS,,,0,,
A,1,7,8,,,,,AVG,
A,2,1,2,,,,,60/40,
A,2,3,4,,,,,AVG+,
A,2,5,6,,,,,NP,
A,2,7,8,4H,E,=,-420,REV,
A,3,1,2,,,,,W 30% 4SN= 70% 4SN-1,
A,3,3,4,2H,W,+1,-140,,
A,3,5,6,1NT,N,=,90,,
B,1,1,2,4S,N,=,420,,
B,1,3,4,4S,N,-1,-50,,
";

const PAIRS: &str = "section,pair,names\nA,1,Renée - Müller\nA,2,Şükrü - Noël\n";

fn event() -> Event {
    let mut e = read_travellers(CSV.as_bytes(), ReadOptions::default()).unwrap();
    assert!(!e.has_errors(), "{:?}", e.diagnostics);
    klaver_io::travellers::read_pairs(PAIRS.as_bytes(), &mut e).unwrap();
    e
}

/// What must survive: per line, the section, board, pairs, outcome, reversal and
/// adjustment text; per pair, the names.
fn fingerprint(e: &Event) -> (Vec<String>, Vec<String>) {
    let mut lines: Vec<String> = e
        .results
        .iter()
        .zip(&e.lines)
        .map(|(r, l)| {
            format!(
                "{} {} {}-{} {:?} rev={} adj={:?} play={:?} pass={} lead={:?}",
                e.pairs[r.ns_pair()].section,
                r.board,
                e.pairs[r.ns_pair()].id,
                e.pairs[r.ew_pair()].id,
                r.outcome,
                r.reversed,
                l.adjust(),
                l.play,
                l.passed,
                l.lead()
            )
        })
        .collect();
    lines.sort();
    let mut names: Vec<String> = e
        .pairs
        .iter()
        .map(|p| format!("{} {} {}", p.section, p.id, p.names))
        .collect();
    names.sort();
    (lines, names)
}

fn check(back: &Imported, original: &Event) {
    assert!(!back.event.has_errors(), "{:?}", back.event.diagnostics);
    assert_eq!(fingerprint(&back.event), fingerprint(original));
}

/// Re-scored, the read-back event agrees with every figure the file published.
fn agrees_with_what_it_published(back: &Imported) {
    let again =
        score_session(&back.event.pairs, &back.event.results, &Settings::default()).unwrap();
    let cmp = exchange::compare(back, &again, None);
    assert!(cmp.differences.is_empty(), "{:?}", cmp.differences);
    assert!(
        cmp.lines_checked >= 11 && cmp.pairs_checked == 12,
        "{cmp:?}"
    );
}

#[test]
fn pbn_keeps_every_result() {
    let e = event();
    let result = score_session(&e.pairs, &e.results, &Settings::default()).unwrap();
    let mut bytes = Vec::new();
    pbn::write(&mut bytes, &e, &result, &pbn::WriteOptions::default()).unwrap();
    let back = pbn::read(&bytes).unwrap();
    check(&back, &e);
    agrees_with_what_it_published(&back);
}

/// A PBN file states the convention its matchpoints are in: a session scored on the ACBL
/// scale and centred says `MP2` and `Centred`, and its figures read back by what it
/// states agree with a fresh scoring by the same.
#[test]
fn pbn_states_the_convention_its_points_are_shown_in() {
    let e = event();
    let scored_by = exchange::Convention {
        scale: Some(Scale::Acbl),
        centred: Some(true),
        ..exchange::Convention::default()
    };
    let mut settings = Settings::default();
    scored_by.apply(&mut settings);
    let result = score_session(&e.pairs, &e.results, &settings).unwrap();
    let mut bytes = Vec::new();
    pbn::write(&mut bytes, &e, &result, &pbn::WriteOptions::default()).unwrap();
    let back = pbn::read(&bytes).unwrap();
    check(&back, &e);
    assert_eq!(back.convention.scale, Some(Scale::Acbl));
    assert_eq!(back.convention.centred, Some(true));
    let mut settings = Settings::default();
    back.convention.apply(&mut settings);
    let again = score_session(&back.event.pairs, &back.event.results, &settings).unwrap();
    let cmp = exchange::compare(&back, &again, centred_weight(&back.convention));
    assert!(cmp.differences.is_empty(), "{:?}", cmp.differences);
    assert!(cmp.lines_checked >= 11, "{cmp:?}");
}

#[test]
fn usebio_keeps_every_result() {
    let e = event();
    let result = score_session(&e.pairs, &e.results, &Settings::default()).unwrap();
    let text = usebio::to_string(&e, &result, &usebio::WriteOptions::default());
    let back = usebio::read(text.as_bytes()).unwrap();
    check(&back, &e);
    agrees_with_what_it_published(&back);
}

#[test]
fn json_keeps_every_result() {
    let e = event();
    let result = score_session(&e.pairs, &e.results, &Settings::default()).unwrap();
    let mut bytes = Vec::new();
    json::write(&mut bytes, &e, &result, "t", "d").unwrap();
    let back = exchange::read_json(&bytes).unwrap();
    check(&back, &e);
}

#[test]
fn csv_keeps_every_result() {
    let e = event();
    let mut travellers = Vec::new();
    exchange::write_csv(&mut travellers, &e).unwrap();
    let mut names = Vec::new();
    exchange::write_pairs_csv(&mut names, &e).unwrap();
    let mut back = read_travellers(travellers.as_slice(), ReadOptions::default()).unwrap();
    klaver_io::travellers::read_pairs(names.as_slice(), &mut back).unwrap();
    assert!(!back.has_errors(), "{:?}", back.diagnostics);
    assert_eq!(fingerprint(&back), fingerprint(&e));
}
