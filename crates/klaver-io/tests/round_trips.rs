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
                r.reversed(),
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

/// A night with each line's table and round and each pair's players' ids (the pairs
/// file's `players`), as a club's scoring program gives them.
fn seated_night() -> Event {
    let csv = "board,table,round,ns,ew,score\n1,1,1,1,2,420\n1,2,1,3,4,450\n2,1,2,1,4,-100\n2,2,2,3,2,-110\n";
    let pairs = "pair,names,players\n1,Jansen - de Vries,1001+1002\n2,Bakker - Smit,1003+1004\n3,Visser - Mulder,1005+1006\n4,Bos - Kok,1007+1008\n";
    let mut e = read_travellers(csv.as_bytes(), ReadOptions::default()).unwrap();
    assert!(e.diagnostics.is_empty(), "{:?}", e.diagnostics);
    let said = klaver_io::travellers::read_pairs(pairs.as_bytes(), &mut e).unwrap();
    assert!(said.is_empty(), "{said:?}");
    e
}

/// Each line's board, pairs, table and round, and each pair's players' ids.
fn seats_and_players(e: &Event) -> (Vec<String>, Vec<String>) {
    let mut lines: Vec<String> = (0..e.results.len())
        .map(|i| {
            let l = exchange::line_fields(e, i);
            format!("{} {}-{} {:?} {:?}", l.board, l.ns, l.ew, l.table, l.round)
        })
        .collect();
    lines.sort();
    let mut players: Vec<String> = e
        .pairs
        .iter()
        .enumerate()
        .map(|(i, p)| format!("{} {:?}", p.id, e.player_ids.get(i)))
        .collect();
    players.sort();
    (lines, players)
}

/// klaver's JSON wrote neither a line's table and round nor read back the players' ids
/// it wrote: a session scored to JSON and converted onward lost all three.
#[test]
fn json_keeps_tables_rounds_and_players() {
    let e = seated_night();
    let result = score_session(&e.pairs, &e.results, &Settings::default()).unwrap();
    let mut bytes = Vec::new();
    json::write(&mut bytes, &e, &result, "", "").unwrap();
    let back = exchange::read_json(&bytes).unwrap();
    assert!(
        back.event.diagnostics.is_empty(),
        "{:?}",
        back.event.diagnostics
    );
    assert_eq!(seats_and_players(&back.event), seats_and_players(&e));
}

/// klaver's PBN wrote no players' ids: a night converted to PBN lost them. Its
/// TotalScoreTable carries them as Ruter's does (MemberID1, MemberID2), and they read
/// back, with every line's table and round.
#[test]
fn pbn_keeps_tables_rounds_and_players() {
    let e = seated_night();
    let result = score_session(&e.pairs, &e.results, &Settings::default()).unwrap();
    let mut bytes = Vec::new();
    pbn::write(&mut bytes, &e, &result, &pbn::WriteOptions::default()).unwrap();
    let back = pbn::read(&bytes).unwrap();
    assert!(!back.event.has_errors(), "{:?}", back.event.diagnostics);
    assert_eq!(seats_and_players(&back.event), seats_and_players(&e));
}

/// The pairs CSV written beside a travellers CSV had only `pair,names`: the players'
/// ids the season ranking needs were dropped.
#[test]
fn csv_keeps_tables_rounds_and_players() {
    let e = seated_night();
    let (mut travellers, mut names) = (Vec::new(), Vec::new());
    exchange::write_csv(&mut travellers, &e).unwrap();
    exchange::write_pairs_csv(&mut names, &e).unwrap();
    let mut back = read_travellers(travellers.as_slice(), ReadOptions::default()).unwrap();
    let said = klaver_io::travellers::read_pairs(names.as_slice(), &mut back).unwrap();
    assert!(said.is_empty(), "{said:?}");
    assert_eq!(seats_and_players(&back), seats_and_players(&e));
}

/// USEBIO's PLAYER carries a player's NATIONAL_ID_NUMBER (as ScoreBridge writes it):
/// each player written has the id the pairs file gave, in order.
#[test]
fn usebio_keeps_the_players_ids() {
    let e = seated_night();
    let result = score_session(&e.pairs, &e.results, &Settings::default()).unwrap();
    let text = usebio::to_string(&e, &result, &usebio::WriteOptions::default());
    let back = usebio::read(text.as_bytes()).unwrap();
    assert!(!back.event.has_errors(), "{:?}", back.event.diagnostics);
    let mut players = usebio_players(&text);
    players.sort();
    assert_eq!(
        players,
        [
            "1 Jansen 1001",
            "1 de Vries 1002",
            "2 Bakker 1003",
            "2 Smit 1004",
            "3 Mulder 1006",
            "3 Visser 1005",
            "4 Bos 1007",
            "4 Kok 1008",
        ]
    );
}

/// Each PLAYER of a USEBIO file as `pair name id`, read with an XML reader.
fn usebio_players(text: &str) -> Vec<String> {
    use quick_xml::events::Event as Xml;
    let mut reader = quick_xml::Reader::from_str(text);
    let (mut path, mut found) = (Vec::<String>::new(), Vec::new());
    let (mut pair, mut name, mut id) = (String::new(), String::new(), String::new());
    loop {
        match reader.read_event().unwrap() {
            Xml::Start(s) => path.push(String::from_utf8_lossy(s.name().as_ref()).into()),
            Xml::End(_) => {
                let closed = path.pop();
                if closed.as_deref() == Some("PLAYER") {
                    found.push(format!("{pair} {name} {id}"));
                    (name, id) = (String::new(), String::new());
                }
            }
            Xml::Text(t) => {
                let t = t.decode().unwrap().trim().to_string();
                match path.last().map(String::as_str) {
                    Some("PAIR_NUMBER") => pair = t,
                    Some("PLAYER_NAME") => name = t,
                    Some("NATIONAL_ID_NUMBER") => id = t,
                    _ => {}
                }
            }
            Xml::Eof => return found,
            _ => {}
        }
    }
}

/// The sit-out lines of a Ruter night (a pair that sat out a board) were lost when the
/// night was written to PBN: scored again, 18 boards read as short of results to enter.
/// klaver's PBN writes each as Ruter does, the pair alone on its board's ScoreTable, and
/// they read back on the same boards.
#[test]
fn pbn_keeps_the_sit_out_lines() {
    let sat_out = |e: &Event| -> Vec<String> {
        let mut v: Vec<String> = e
            .diagnostics
            .iter()
            .filter_map(|d| match d.said.as_deref() {
                Some(klaver_core::said::Said::SatOut { pair, .. }) => {
                    Some(format!("{:?} {pair}", d.board))
                }
                _ => None,
            })
            .collect();
        v.sort();
        v
    };
    let read = pbn::read(include_bytes!("data/ruter-2019-10-14-spiren.pbn")).unwrap();
    let e = &read.event;
    assert_eq!(sat_out(e).len(), 18);
    let result = score_session(&e.pairs, &e.results, &Settings::default()).unwrap();
    let mut bytes = Vec::new();
    pbn::write(&mut bytes, e, &result, &pbn::WriteOptions::default()).unwrap();
    let back = pbn::read(&bytes).unwrap();
    assert!(!back.event.has_errors(), "{:?}", back.event.diagnostics);
    assert_eq!(sat_out(&back.event), sat_out(e));
    assert_eq!(back.event.results.len(), e.results.len());
}

/// A night with guests: pair 1 a guest in the first seat (`+42164`), pair 2 one in the
/// second (`1003+`), pair 3 two members, pair 4 no numbers at all.
fn guests_night() -> Event {
    let csv = "board,table,round,ns,ew,score\n1,1,1,1,2,420\n1,2,1,3,4,450\n2,1,2,1,4,-100\n2,2,2,3,2,-110\n";
    let pairs = "pair,names,players\n1,Gast - Jansen,+42164\n2,Bakker - Gast,1003+\n3,Visser - Mulder,1005+1006\n4,Bos - Kok,\n";
    let mut e = read_travellers(csv.as_bytes(), ReadOptions::default()).unwrap();
    let said = klaver_io::travellers::read_pairs(pairs.as_bytes(), &mut e).unwrap();
    assert!(said.is_empty(), "{said:?}");
    e
}

/// Each pair's players' ids by seat, "" for a seat without a number.
fn seats(e: &Event) -> Vec<String> {
    let mut v: Vec<String> = (e.pairs.iter().enumerate())
        .map(|(i, p)| {
            format!(
                "{} {:?}",
                p.id,
                e.player_ids.get(i).cloned().unwrap_or_default()
            )
        })
        .collect();
    v.sort();
    v
}

const GUEST_SEATS: [&str; 4] = [
    "1 [\"\", \"42164\"]",
    "2 [\"1003\", \"\"]",
    "3 [\"1005\", \"1006\"]",
    "4 []",
];

/// A guest without a number was left out of its pair's ids, so the member's id moved
/// to the guest's seat: the pairs file keeps each id in its seat.
#[test]
fn the_pairs_file_keeps_each_id_in_its_seat() {
    assert_eq!(seats(&guests_night()), GUEST_SEATS);
}

/// PBN's MemberID1 and MemberID2 keep a guest's seat (`-`) and the member's id beside it.
#[test]
fn pbn_keeps_a_guests_seat() {
    let e = guests_night();
    let result = score_session(&e.pairs, &e.results, &Settings::default()).unwrap();
    let mut bytes = Vec::new();
    pbn::write(&mut bytes, &e, &result, &pbn::WriteOptions::default()).unwrap();
    let back = pbn::read(&bytes).unwrap();
    assert!(!back.event.has_errors(), "{:?}", back.event.diagnostics);
    assert_eq!(seats(&back.event), GUEST_SEATS);
}

/// klaver's JSON keeps a guest's seat in `players` and reads it back there.
#[test]
fn json_keeps_a_guests_seat() {
    let e = guests_night();
    let result = score_session(&e.pairs, &e.results, &Settings::default()).unwrap();
    let mut bytes = Vec::new();
    json::write(&mut bytes, &e, &result, "", "").unwrap();
    let back = exchange::read_json(&bytes).unwrap();
    assert!(
        back.event.diagnostics.is_empty(),
        "{:?}",
        back.event.diagnostics
    );
    assert_eq!(seats(&back.event), GUEST_SEATS);
}

/// The pairs CSV written beside the travellers keeps a guest's seat (`+42164`).
#[test]
fn csv_keeps_a_guests_seat() {
    let e = guests_night();
    let (mut travellers, mut names) = (Vec::new(), Vec::new());
    exchange::write_csv(&mut travellers, &e).unwrap();
    exchange::write_pairs_csv(&mut names, &e).unwrap();
    let text = String::from_utf8(names.clone()).unwrap();
    assert!(text.contains("1,Gast - Jansen,+42164\n"), "{text}");
    let mut back = read_travellers(travellers.as_slice(), ReadOptions::default()).unwrap();
    let said = klaver_io::travellers::read_pairs(names.as_slice(), &mut back).unwrap();
    assert!(said.is_empty(), "{said:?}");
    assert_eq!(seats(&back), GUEST_SEATS);
}

/// USEBIO writes the member's NATIONAL_ID_NUMBER on the member's PLAYER and none on the
/// guest's, and reads each back to its seat.
#[test]
fn usebio_keeps_a_guests_seat() {
    let e = guests_night();
    let result = score_session(&e.pairs, &e.results, &Settings::default()).unwrap();
    let text = usebio::to_string(&e, &result, &usebio::WriteOptions::default());
    let players = usebio_players(&text);
    let of =
        |pair: &str| -> Vec<&String> { players.iter().filter(|p| p.starts_with(pair)).collect() };
    assert_eq!(of("1 "), ["1 Gast ", "1 Jansen 42164"]);
    assert_eq!(of("2 "), ["2 Bakker 1003", "2 Gast "]);
    let back = usebio::read(text.as_bytes()).unwrap();
    assert!(!back.event.has_errors(), "{:?}", back.event.diagnostics);
    assert_eq!(seats(&back.event), GUEST_SEATS);
}

/// A lead that is no card (`S1`) is kept as written through every exchange format, and
/// each reader says it, naming the line of its own file (PBN's ScoreTable row, USEBIO's
/// TRAVELLER_LINE, the JSON's and CSV's line); a card reads as PBN writes it.
#[test]
fn a_lead_that_is_no_card_is_kept_and_said_by_every_reader() {
    let csv = "board,ns,ew,contract,declarer,result,lead\n1,1,2,4S,N,=,S1\n1,3,4,4S,N,+1,kh\n";
    let e = read_travellers(csv.as_bytes(), ReadOptions::default()).unwrap();
    let said = |d: &[klaver_core::session::Diagnostic]| -> Vec<String> {
        d.iter()
            .filter(|d| d.message.contains("is not one card"))
            .map(|d| d.to_string())
            .collect()
    };
    assert_eq!(said(&e.diagnostics).len(), 1, "{:?}", e.diagnostics);
    let leads = |e: &Event| {
        e.lines
            .iter()
            .map(|l| l.lead().to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(leads(&e), ["S1", "HK"]);
    let result = score_session(&e.pairs, &e.results, &Settings::default()).unwrap();
    let mut pbn_bytes = Vec::new();
    pbn::write(&mut pbn_bytes, &e, &result, &pbn::WriteOptions::default()).unwrap();
    let usebio_text = usebio::to_string(&e, &result, &usebio::WriteOptions::default());
    let mut json_bytes = Vec::new();
    json::write(&mut json_bytes, &e, &result, "t", "d").unwrap();
    let mut csv_bytes = Vec::new();
    exchange::write_csv(&mut csv_bytes, &e).unwrap();
    let backs = [
        (
            "pbn",
            pbn::read(&pbn_bytes).unwrap().event,
            pbn_bytes.clone(),
        ),
        (
            "usebio",
            usebio::read(usebio_text.as_bytes()).unwrap().event,
            usebio_text.into_bytes(),
        ),
        (
            "json",
            exchange::read_json(&json_bytes).unwrap().event,
            json_bytes.clone(),
        ),
        (
            "csv",
            read_travellers(csv_bytes.as_slice(), ReadOptions::default()).unwrap(),
            csv_bytes.clone(),
        ),
    ];
    for (format, back, bytes) in backs {
        assert_eq!(leads(&back), ["S1", "HK"], "{format}");
        let found = said(&back.diagnostics);
        assert_eq!(found.len(), 1, "{format}: {:?}", back.diagnostics);
        // The line named is the one holding S1 in the file read.
        let line = back
            .diagnostics
            .iter()
            .find(|d| d.message.contains("not one card"))
            .unwrap()
            .line
            .unwrap();
        let text = String::from_utf8(bytes).unwrap();
        // (A USEBIO result is named by its TRAVELLER_LINE's first line.)
        let held: String = text
            .lines()
            .skip(line as usize - 1)
            .take_while(|l| !l.contains("</TRAVELLER_LINE>"))
            .take(if format == "usebio" { 20 } else { 1 })
            .collect();
        assert!(
            held.contains("S1") || format == "json",
            "{format}: line {line} is {held:?}"
        );
    }
}

/// A night whose adjusted lines carry the score the table entered: 450 beside 60/40,
/// 400 beside AVG+, 630 beside NP, 620 beside a weighted score, and a split score's
/// -140. The adjustment replaces the score, which is kept for when it proves a mistake.
const ENTERED: &str = "\
board,ns,ew,contract,declarer,result,score,adjust
1,1,2,4S,N,=,420,
1,3,4,4S,N,+1,450,60/40
1,5,6,3NT,S,=,400,AVG+
1,7,8,4S,N,-1,-50,
2,1,2,3NT,N,=,600,
2,3,4,3NT,N,+1,630,NP
2,5,6,3NT,N,-1,-100,
2,7,8,,,,,AVG
3,1,2,2H,E,=,-110,
3,3,4,2H,E,+1,-140,EW 60%
3,5,6,2H,E,-1,100,
3,7,8,2H,E,=,-110,
4,1,2,4S,N,=,620,W 30% 4SN= 70% 4SN-1
4,3,4,4S,N,=,620,
";

fn entered_night() -> Event {
    let e = read_travellers(ENTERED.as_bytes(), ReadOptions::default()).unwrap();
    assert!(!e.has_errors(), "{:?}", e.diagnostics);
    e
}

/// Per line: board, pairs, outcome, adjustment and the entered score it replaces.
fn entered_fingerprint(e: &Event) -> Vec<String> {
    let mut lines: Vec<String> = e
        .results
        .iter()
        .zip(&e.lines)
        .map(|(r, l)| {
            format!(
                "{} {}-{} {:?} adj={:?} entered={:?}",
                r.board,
                e.pairs[r.ns_pair()].id,
                e.pairs[r.ew_pair()].id,
                r.outcome,
                l.adjust(),
                l.replaced_score()
            )
        })
        .collect();
    lines.sort();
    lines
}

/// PBN's score cell holds the artificial score other programs read (`^60%`): another
/// program would score an entered 450 written there as the table's result. The
/// adjustment is kept, the entered score left out (and named by whoever writes the file,
/// from `entered_scores_left_out`), and everything else reads back as it was.
#[test]
fn pbn_keeps_the_adjustment_and_leaves_the_entered_score_out() {
    let e = entered_night();
    let result = score_session(&e.pairs, &e.results, &Settings::default()).unwrap();
    let mut bytes = Vec::new();
    pbn::write(&mut bytes, &e, &result, &pbn::WriteOptions::default()).unwrap();
    let text = String::from_utf8_lossy(&bytes);
    assert!(!text.contains("\"450\""), "{text}");
    let back = pbn::read(&bytes).unwrap();
    assert!(!back.event.has_errors(), "{:?}", back.event.diagnostics);
    let without_entered = |e: &Event| -> Vec<String> {
        entered_fingerprint(e)
            .into_iter()
            .map(|l| l.split(" entered=").next().unwrap().to_string())
            .collect()
    };
    assert_eq!(without_entered(&back.event), without_entered(&e));
    assert!(exchange::entered_scores_left_out(&back.event).is_empty());
    // The matchpoints published are the adjusted ones, as re-scored.
    let again =
        score_session(&back.event.pairs, &back.event.results, &Settings::default()).unwrap();
    let cmp = exchange::compare(&back, &again, None);
    assert!(cmp.differences.is_empty(), "{:?}", cmp.differences);
}

#[test]
fn json_keeps_the_score_an_adjustment_replaces() {
    let e = entered_night();
    let result = score_session(&e.pairs, &e.results, &Settings::default()).unwrap();
    let mut bytes = Vec::new();
    json::write(&mut bytes, &e, &result, "t", "d").unwrap();
    let back = exchange::read_json(&bytes).unwrap();
    assert!(!back.event.has_errors(), "{:?}", back.event.diagnostics);
    assert_eq!(entered_fingerprint(&back.event), entered_fingerprint(&e));
}

/// USEBIO's SCORE holds either the score or the artificial score other programs read
/// (`A60/40`), not both: the adjustment is kept, and each entered score it leaves out is
/// named by its board and pairs, never dropped without a word.
#[test]
fn usebio_names_each_score_an_adjustment_replaces_that_it_leaves_out() {
    let e = entered_night();
    let result = score_session(&e.pairs, &e.results, &Settings::default()).unwrap();
    let text = usebio::to_string(&e, &result, &usebio::WriteOptions::default());
    let back = usebio::read(text.as_bytes()).unwrap();
    assert!(!back.event.has_errors(), "{:?}", back.event.diagnostics);
    let without_entered = |e: &Event| -> Vec<String> {
        entered_fingerprint(e)
            .into_iter()
            .map(|l| l.split(" entered=").next().unwrap().to_string())
            .collect()
    };
    assert_eq!(without_entered(&back.event), without_entered(&e));
    assert_eq!(
        exchange::entered_scores_left_out(&e),
        [
            "board 1, pairs 3 and 4: the score 450 entered beside the adjustment 60/40",
            "board 1, pairs 5 and 6: the score 400 entered beside the adjustment AVG+",
            "board 2, pairs 3 and 4: the score 630 entered beside the adjustment NP",
            "board 4, pairs 1 and 2: the score 620 entered beside the adjustment W 30% 4SN= 70% 4SN-1",
        ]
    );
}

/// Lines adjusted without a score go out as before: no score in any format, and nothing
/// said of USEBIO.
#[test]
fn an_adjusted_line_without_a_score_still_has_none() {
    let e = event();
    assert!(exchange::entered_scores_left_out(&e).is_empty());
    let result = score_session(&e.pairs, &e.results, &Settings::default()).unwrap();
    let mut bytes = Vec::new();
    pbn::write(&mut bytes, &e, &result, &pbn::WriteOptions::default()).unwrap();
    let text = String::from_utf8_lossy(&bytes);
    assert!(text.contains("\"^60%\" \"^40%\""), "{text}");
    let back = pbn::read(&bytes).unwrap();
    assert_eq!(entered_fingerprint(&back.event), entered_fingerprint(&e));
    let mut bytes = Vec::new();
    json::write(&mut bytes, &e, &result, "t", "d").unwrap();
    let back = exchange::read_json(&bytes).unwrap();
    assert_eq!(entered_fingerprint(&back.event), entered_fingerprint(&e));
}

/// A weighted score typed in Dutch notation (`W 50% 4SZ= 50% 4SZ-1`) was written as
/// typed into PBN, USEBIO and JSON, and klaver then refused the file ("cannot read
/// "4SZ=" in a weighted score"). Each writes it as it reads back: the same outcome.
#[test]
fn a_weighted_score_typed_in_dutch_reads_back_from_every_format() {
    let text = "board,ns,ew,contract,declarer,result,score,adjust\n1,1,2,4S,Z,=,420,\n1,3,4,,,,,W 50% 4SZ= 50% 4SZ-1\n";
    let lang = klaver_core::notation::Language::Dutch;
    let e = read_travellers(
        text.as_bytes(),
        ReadOptions {
            lang,
            ..ReadOptions::default()
        },
    )
    .unwrap();
    assert!(!e.has_errors(), "{:?}", e.diagnostics);
    let result = score_session(&e.pairs, &e.results, &Settings::default()).unwrap();
    let outcomes = |e: &Event| {
        e.results
            .iter()
            .map(|r| r.outcome.clone())
            .collect::<Vec<_>>()
    };
    let mut bytes = Vec::new();
    pbn::write(&mut bytes, &e, &result, &pbn::WriteOptions::default()).unwrap();
    let back = pbn::read(&bytes).unwrap();
    assert!(
        !back.event.has_errors(),
        "pbn: {:?}",
        back.event.diagnostics
    );
    assert_eq!(outcomes(&back.event), outcomes(&e));
    let xml = usebio::to_string(&e, &result, &usebio::WriteOptions::default());
    let back = usebio::read(xml.as_bytes()).unwrap();
    assert!(
        !back.event.has_errors(),
        "usebio: {:?}",
        back.event.diagnostics
    );
    assert_eq!(outcomes(&back.event), outcomes(&e));
    let mut bytes = Vec::new();
    json::write(&mut bytes, &e, &result, "t", "d").unwrap();
    let back = exchange::read_json(&bytes).unwrap();
    assert!(
        !back.event.has_errors(),
        "json: {:?}",
        back.event.diagnostics
    );
    assert_eq!(outcomes(&back.event), outcomes(&e));
}
