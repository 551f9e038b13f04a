//! The files klaver writes, byte for byte, for sessions that hold every kind of line a
//! club meets: two sections, a lead, a doubled contract, a pass-out, a contract klaver
//! could not read, averages, a split, average-plus, not played, a reversed result, a
//! weighted score, a score beside an artificial score, a board with a single result and
//! the director's penalties; the example club's season ranking in each language; and
//! the results of an archive of many sessions, right and wrong. A change to any of these
//! files shows up here first.

use klaver_core::matchpoints::Scale;
use klaver_core::ranking::season::rank;
use klaver_core::session::{Settings, score_session};
use klaver_io::archive::{ArchiveScoring, score_archive};
use klaver_io::exchange::{Convention, Deal};
use klaver_io::generate::{ArchiveOptions, write_archive};
use klaver_io::hand_record::BoardRecord;
use klaver_io::options::penalties_in_matchpoints;
use klaver_io::report::ReportLang;
use klaver_io::travellers::{Event, ReadOptions, read_pairs, read_travellers};
use klaver_io::{pbn, ranking_io};
use std::collections::BTreeMap;

const TRAVELLERS: &str = "\
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
A,3,7,8,4Z,N,,420,,
A,3,1,8,,,,,PEN -3/0,
A,9,5,8,,,,,PEN 0/1,
B,1,1,2,4S,N,=,420,,
B,1,3,4,4S,N,-1,-50,,
B,1,5,6,,,,0,EW 60%,
B,2,1,2,4S,N,=,620,,
C,1,1,2,3NT,S,=,400,,
";

const PAIRS: &str = "\
section,pair,names
A,1,Renée - Müller
A,2,Şükrü - Noël
A,3,\"Jansen; \"\"Piet\"\"\"
B,5,de Vries - Bos
";

fn event() -> Event {
    let mut e = read_travellers(TRAVELLERS.as_bytes(), ReadOptions::default()).unwrap();
    assert!(!e.has_errors(), "{:?}", e.diagnostics);
    read_pairs(PAIRS.as_bytes(), &mut e).unwrap();
    e
}

/// Compares a written file with the one kept in tests/data/written, line by line first so
/// that a difference names its line.
fn same_as_kept(got: &str, kept: &str, name: &str) {
    for (k, (g, w)) in got.lines().zip(kept.lines()).enumerate() {
        assert_eq!(g, w, "{name} line {}", k + 1);
    }
    assert_eq!(got, kept, "{name}");
}

/// Board 1's hands, and board 2's with a hand left out.
fn deals() -> BTreeMap<u32, Deal> {
    let hand = |n: &str, e: &str, s: &str, w: &str| Deal {
        hands: [n, e, s, w].map(String::from),
    };
    BTreeMap::from([
        (
            1,
            hand(
                "AT987.64.AJ4.K65",
                "62.AJT985.K3.432",
                "K43.K3.Q9762.AQ7",
                "QJ5.Q72.T85.JT98",
            ),
        ),
        (2, hand("AKQ.JT9.876.5432", "-", "-", "-")),
    ])
}

/// Board 1 with its double-dummy table and par.
fn analyses() -> BTreeMap<u32, BoardRecord> {
    let deal = klaver_deal::Deal::from_pbn(
        "N:AT987.64.AJ4.K65 QJ5.Q72.T85.JT98 62.AJT985.K3.432 K43.K3.Q9762.AQ7",
    )
    .unwrap();
    let table = klaver_deal::DdTable::from_pbn_tricks("98a6798a674536645366").unwrap();
    let record = BoardRecord::new(klaver_core::Board::new(1).unwrap(), deal)
        .analysed(table)
        .unwrap();
    BTreeMap::from([(1, record)])
}

#[test]
fn a_pbn_file_of_two_sections_with_hands_and_analysis() {
    let e = event();
    // Scored as `klaver convert` scores it: the penalties written are in the totals.
    let settings = Settings {
        penalties: penalties_in_matchpoints(&e, &Convention::default()),
        ..Settings::default()
    };
    let result = score_session(&e.pairs, &e.results, &settings).unwrap();
    let (deals, analyses) = (deals(), analyses());
    let text = pbn::to_string(
        &e,
        &result,
        &pbn::WriteOptions {
            title: "Club \"Spring\" pairs",
            date: "05-03-2024",
            deals: Some(&deals),
            analyses: Some(&analyses),
        },
    );
    same_as_kept(
        &text,
        include_str!("data/written/two-sections.pbn"),
        "two-sections.pbn",
    );
}

/// One section scored ACBL-style and written centred, with a penalty on a board without
/// adjustments and a pair that sat out a round.
#[test]
fn a_centred_pbn_file_of_one_section() {
    let travellers = "\
board,ns,ew,contract,declarer,result,score,adjust,lead
1,1,2,4S,N,+1,450,,HK
1,3,4,3NT,S,-1,-50,,
1,5,6,PASS,,,0,,
2,1,4,2H,W,=,-110,,
2,3,6,2H,W,+1,-140,,
2,3,2,,,,,PEN -1/0,
3,1,6,1NT,N,=,90,,
3,5,4,1NT,N,=,90,,
";
    let mut e = read_travellers(travellers.as_bytes(), ReadOptions::default()).unwrap();
    assert!(!e.has_errors(), "{:?}", e.diagnostics);
    read_pairs("pair,names\n1,Jansen - Smit\n".as_bytes(), &mut e).unwrap();
    let convention = Convention {
        scale: Some(Scale::Acbl),
        centred: Some(true),
        ..Convention::default()
    };
    let mut settings = Settings {
        penalties: penalties_in_matchpoints(&e, &convention),
        ..Settings::default()
    };
    convention.apply(&mut settings);
    let result = score_session(&e.pairs, &e.results, &settings).unwrap();
    let text = pbn::to_string(
        &e,
        &result,
        &pbn::WriteOptions {
            title: "Tuesday",
            date: "",
            deals: None,
            analyses: None,
        },
    );
    same_as_kept(
        &text,
        include_str!("data/written/centred.pbn"),
        "centred.pbn",
    );
}

/// The example club's season: its Tuesday pairs (with a threesome and a butler night
/// added) and its teams, tonight's lines and every session's points, in `lang`.
fn ranking_report(lang: ReportLang, sessions: bool, lines: bool) -> (String, String) {
    let club = ranking_io::read_settings(include_str!("../../../examples/club.toml"), "club.toml")
        .unwrap();
    let csv = format!(
        "{}{}",
        include_str!("../../../examples/ranking-sessions.csv"),
        "2025-09-30,tuesday,A,1001+1003,1.25,,\n\
         2025-09-30,tuesday,A,1005+1007,-0.5,,\n\
         2025-09-30,tuesday,A,1013+1014,-0.75,,\n"
    );
    let csv = csv.replacen(
        "date,moment,line,players,score,team,opponent\n",
        "date,moment,line,players,score,team,opponent,form\n",
        1,
    );
    let csv: String = csv
        .lines()
        .enumerate()
        .map(|(k, l)| match k {
            0 => format!("{l}\n"),
            _ if l.starts_with("2025-09-30,") => format!("{l},butler\n"),
            _ => format!("{l},\n"),
        })
        .collect();
    let read = ranking_io::read_sessions_csv(&csv, "sessions.csv", &club).unwrap();
    let standings = rank(&club, read).unwrap();
    let present = ranking_io::read_present(
        "1001+1002,1003+1004,1005+1006,1007+1008,1013+1014,1099+1098",
        "--present",
    )
    .unwrap();
    let tuesday = standings.iter().find(|s| s.moment == "tuesday").unwrap();
    let report = ranking_io::RankingReport {
        club: &club,
        standings: standings.iter().collect(),
        lines: lines.then(|| ranking_io::line_assignment(tuesday, &present, 2).unwrap()),
        sessions,
        lang,
    };
    (
        ranking_io::render_text(&report),
        ranking_io::render_html(&report),
    )
}

#[test]
fn a_club_ranking_in_english_dutch_and_turkish() {
    let (en, html) = ranking_report(ReportLang::En, true, true);
    same_as_kept(
        &en,
        include_str!("data/written/ranking-en.txt"),
        "ranking-en.txt",
    );
    same_as_kept(
        &html,
        include_str!("data/written/ranking-en.html"),
        "ranking-en.html",
    );
    let (nl, html) = ranking_report(ReportLang::Nl, true, true);
    same_as_kept(
        &nl,
        include_str!("data/written/ranking-nl.txt"),
        "ranking-nl.txt",
    );
    same_as_kept(
        &html,
        include_str!("data/written/ranking-nl.html"),
        "ranking-nl.html",
    );
    let (tr, _) = ranking_report(ReportLang::Tr, true, true);
    same_as_kept(
        &tr,
        include_str!("data/written/ranking-tr.txt"),
        "ranking-tr.txt",
    );
    // Without the sessions and tonight's lines: the standings and championships alone.
    let (short, _) = ranking_report(ReportLang::En, false, false);
    same_as_kept(
        &short,
        include_str!("data/written/ranking-short.txt"),
        "ranking-short.txt",
    );
}

/// Scores an archive on `threads` threads: the results written, the messages told and
/// the summary (or the error that stopped the run).
fn archive(input: &[u8], threads: usize) -> (String, Vec<String>, String) {
    let mut out = Vec::new();
    let mut messages = Vec::new();
    let summary = score_archive(
        input,
        &mut out,
        &ArchiveScoring {
            threads,
            ..ArchiveScoring::default()
        },
        &mut |m| messages.push(m.to_string()),
    );
    let summary = match summary {
        Ok(s) => format!("{s:?}"),
        Err(e) => format!("error: {e}"),
    };
    (String::from_utf8(out).unwrap(), messages, summary)
}

/// Sessions as a federation's database exports them: a header with a byte-order mark
/// and a session column written its own way, pair numbers that need quoting, blank
/// lines, a session id with spaces around it, a tie, a session with a score that cannot
/// be, one with a line that is not UTF-8, one with a pair playing a board twice, and
/// one with a warning.
const ARCHIVE: &[u8] =
    b"\xef\xbb\xbf Session ,section,board,ns,ew,contract,declarer,result,score\n\
A,,1,1,2,4S,N,+1,450\n\
A,,1,3,4,4S,N,=,420\n\
A,,1,5,6,4S,N,-1,-50\n\
A,,2,1,4,3NT,S,=,400\n\
A,,2,3,6,3NT,S,=,400\n\
A,,2,5,2,2H,W,=,-110\n\
\n\
,,,,,,,,\n\
\" B \",N,1,\"1,a\",2,,,,100\n\
B,N,1,\"3\"\"x\",4,,,,100\n\
B,N,1,5,6,,,,-50\n\
B,Z,1,1,2,,,,0\n\
B,Z,1,3,4,,,,0\n\
C,,1,1,2,,,,420\n\
C,,1,3,4,,,,425\n\
D,,1,1,2,,,,420\n\
D,,1,3,\xff4,,,,400\n\
E,,1,1,2,,,,420\n\
E,,1,1,4,,,,400\n\
F,,1,1,2,4S,N,=,400\n\
F,,1,3,4,,,,420\n";

#[test]
fn an_archive_of_sessions_right_and_wrong() {
    let (out, messages, summary) = archive(ARCHIVE, 2);
    let want_out = concat!(
        "session,section,pair,points,max,percentage,rank,boards,club_points\n",
        "A,,1,7,8,87.50,1,2,24\n",
        "A,,3,5,8,62.50,2=,2,9.50\n",
        "A,,6,5,8,62.50,2=,2,9.50\n",
        "A,,2,4,8,50.00,4,2,1\n",
        "A,,4,3,8,37.50,5,2,1\n",
        "A,,5,0,8,0.00,6,2,1\n",
        "B,N,6,4,4,100.00,1,1,24\n",
        "B,N,\"1,a\",3,4,75.00,2=,1,9.50\n",
        "B,N,\"3\"\"x\",3,4,75.00,2=,1,9.50\n",
        "B,N,2,1,4,25.00,4=,1,1\n",
        "B,N,4,1,4,25.00,4=,1,1\n",
        "B,N,5,0,4,0.00,6,1,1\n",
        "B,Z,1,1,2,50.00,1=,1,4.75\n",
        "B,Z,2,1,2,50.00,1=,1,4.75\n",
        "B,Z,3,1,2,50.00,1=,1,4.75\n",
        "B,Z,4,1,2,50.00,1=,1,4.75\n",
        "F,,2,2,2,100.00,1=,1,8.50\n",
        "F,,3,2,2,100.00,1=,1,8.50\n",
        "F,,1,0,2,0.00,3=,1,1\n",
        "F,,4,0,2,0.00,3=,1,1\n",
    );
    let want_messages = [
        "warning: session A: line 5: board 2: the contract S3NT= scores 600 for North-South with North-South vulnerable but 400 was entered (400 is its score when nobody is vulnerable); the entered score is used: correct the contract, the score or the board number",
        "warning: session A: line 6: board 2: the contract S3NT= scores 600 for North-South with North-South vulnerable but 400 was entered (400 is its score when nobody is vulnerable); the entered score is used: correct the contract, the score or the board number",
        "error: session C: line 16: board 1: 425 is not a score North-South can get with nobody vulnerable: check the score and the board number",
        "error: session C has errors and is left out",
        "error: session D: line 18: the line is not UTF-8 text: save the file as UTF-8",
        "error: session D has errors and is left out",
        "error: session E: line 20: board 1: pair 1 plays board 1 twice (also on line 19): remove or correct one of the two lines",
        "error: session E cannot be scored and is left out",
        "warning: session F: line 21: board 1: the contract N4S= scores 420 for North-South with nobody vulnerable but 400 was entered; the entered score is used: correct the contract, the score or the board number",
    ];
    let want_summary =
        "ArchiveSummary { sessions: 6, scored: 3, failed: 3, results: 13, pairs: 20, warnings: 3 }";
    assert_eq!(out, want_out);
    assert_eq!(messages, want_messages);
    assert_eq!(summary, want_summary);
}

/// A 64-bit FNV-1a hash, to keep a large output short.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[test]
fn a_generated_archive_of_many_batches() {
    let mut input = Vec::new();
    write_archive(
        &mut input,
        ArchiveOptions {
            sessions: 60,
            seed: 11,
        },
    )
    .unwrap();
    for threads in [1, 3] {
        let (out, messages, summary) = archive(&input, threads);
        assert_eq!(
            (out.len(), fnv(out.as_bytes())),
            (37359, 0x262f0f5225eaac03),
            "{threads} threads"
        );
        assert!(messages.is_empty(), "{threads} threads: {messages:?}");
        assert_eq!(
            summary,
            "ArchiveSummary { sessions: 60, scored: 60, failed: 0, results: 14603, pairs: 1070, warnings: 0 }",
            "{threads} threads"
        );
    }
}

#[test]
fn archives_that_cannot_be_read_on() {
    let got: Vec<String> = [
        &b""[..],
        b"board,ns,ew,score\n1,1,2,420\n",
        b"session,ns,ew,score\nA,1,2,420\n",
        b"session,board,ns,ew,score\nA,1,1,2,420\nB,1,1,2,100\nA,2,1,2,50\n",
    ]
    .into_iter()
    .map(|input| {
        let (out, _, summary) = archive(input, 2);
        format!("{out:?} {summary}")
    })
    .collect();
    assert_eq!(
        got,
        [
            "\"\" error: the file is empty: an archive starts with a header line",
            "\"\" error: line 1: the header has no session column: an archive names each line's session",
            "\"\" error: line 1: the header has no `board` column: the travellers CSV needs board, ns, ew and either score or contract, declarer and result",
            "\"session,section,pair,points,max,percentage,rank,boards,club_points\\n\" error: line 4: session A continues here after other sessions (it was on line 2): keep each session's lines together, e.g. sort the file by session",
        ]
    );
}
