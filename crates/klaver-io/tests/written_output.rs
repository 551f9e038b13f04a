//! The files klaver writes, byte for byte, for sessions that hold every kind of line a
//! club meets: two sections, a lead, a doubled contract, a pass-out, a contract klaver
//! could not read, averages, a split, average-plus, not played, a reversed result, a
//! weighted score, a score beside an artificial score, a board with a single result and
//! the director's penalties; and the example club's season ranking in each language. A
//! change to any of these files shows up here first.

use klaver_core::matchpoints::Scale;
use klaver_core::ranking::season::rank;
use klaver_core::session::{Settings, score_session};
use klaver_io::exchange::{Convention, Deal};
use klaver_io::hand_record::BoardRecord;
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
    let result = score_session(&e.pairs, &e.results, &Settings::default()).unwrap();
    let (deals, analyses) = (deals(), analyses());
    let text = pbn::to_string(
        &e,
        &result,
        &pbn::WriteOptions {
            title: "Club \"Spring\" pairs",
            date: "05-03-2024",
            deals: Some(&deals),
            analyses: Some(&analyses),
            convention: Convention::default(),
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
    let result = score_session(&e.pairs, &e.results, &Settings::default()).unwrap();
    let convention = Convention {
        scale: Some(Scale::Acbl),
        centred: Some(true),
        ..Convention::default()
    };
    let text = pbn::to_string(
        &e,
        &result,
        &pbn::WriteOptions {
            title: "Tuesday",
            date: "",
            deals: None,
            analyses: None,
            convention,
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
