//! Real files (their origin is in the `.txt` beside each) read and re-scored by klaver:
//! every published matchpoint must come out the same.

use klaver_core::session::{Settings, score_session};
use klaver_io::exchange::{self, Imported};
use klaver_io::pbn;

/// A PBN file read without errors, with the number of results it must hold.
fn read_pbn(data: &[u8], results: usize) -> Imported {
    let imported = pbn::read(data).unwrap();
    let e = &imported.event;
    assert!(!e.has_errors(), "{:?}", e.diagnostics);
    assert_eq!(e.results.len(), results);
    imported
}

#[test]
fn the_french_federation_board_is_rescored_to_its_published_matchpoints() {
    let imported = read_pbn(include_bytes!("data/ffb-2022-dn1-s5-board28.pbn"), 22);
    let e = &imported.event;
    assert_eq!(
        imported.title,
        "Open /2 DN1 National Finale directe 21-22 - Séance 5"
    );
    assert_eq!(
        imported.deals[&28].hands[0], "K7432.A6.42.QJ64",
        "the deal starts with West; North is the second hand"
    );
    let mut settings = Settings::default();
    imported.convention.apply(&mut settings);
    let result = score_session(&e.pairs, &e.results, &settings).unwrap();
    let cmp = exchange::compare(&imported, &result, None);
    assert_eq!(cmp.lines_checked, 22);
    assert!(cmp.differences.is_empty(), "{:?}", cmp.differences);
    // The published percentages are whole numbers (33 of 42 is printed 79): a wrong one
    // is caught at that precision.
    let mut wrong = imported.clone();
    let line = e.results[3].line();
    wrong
        .line_percentages
        .insert(line, ("78".into(), "21".into()));
    let cmp = exchange::compare(&wrong, &result, None);
    let m: Vec<String> = cmp.differences.iter().map(|d| d.to_string()).collect();
    assert_eq!(
        m,
        [format!(
            "line {line}: board 28: NS 15 v EW 43: published 78 / 21 %, klaver 78.57 / 21.43 %"
        )]
    );
}

#[test]
fn a_bbo_export_is_read_one_game_per_table_with_pairs_known_by_their_players() {
    let imported = read_pbn(include_bytes!("data/bbo-1538-board1.pbn"), 16);
    let e = &imported.event;
    assert_eq!(e.pairs.len(), 32);
    // The first table: 5CX by East, 10 tricks: one down doubled, +100 for North-South.
    assert_eq!(e.pairs[e.results[0].ns_pair()].id, "NIROY - dev84");
    assert_eq!(e.pairs[e.results[0].ew_pair()].id, "CANKOM44 - if");
    assert_eq!(
        e.results[0].outcome,
        klaver_core::matchpoints::Outcome::Score(100)
    );
    assert_eq!(imported.deals[&1].hands[0], "J2.A9876.T974.K2");
    let result = score_session(&e.pairs, &e.results, &Settings::default()).unwrap();
    let best = result.pairs.first().unwrap();
    assert_eq!(e.pairs[best.pair].id, "NIROY - dev84");
    assert_eq!(best.total.to_f64(), 30.0);
}

/// The columns real programs write in their ScoreTables (Magic Contest, Ruter) are all
/// ones klaver reads or the standard's `Rank`: the warning on a column klaver does not
/// read is not said of them.
#[test]
fn real_score_tables_have_no_column_klaver_does_not_read() {
    let files: [(&str, &[u8]); 7] = [
        ("ffb", include_bytes!("data/ffb-2022-dn1-s5-board28.pbn")),
        ("2015", include_bytes!("data/ruter-2015-09-16-spiren.pbn")),
        (
            "2016-05",
            include_bytes!("data/ruter-2016-05-18-spiren.pbn"),
        ),
        (
            "2016-08",
            include_bytes!("data/ruter-2016-08-10-spiren.pbn"),
        ),
        ("2017", include_bytes!("data/ruter-2017-12-18-spiren.pbn")),
        ("2018", include_bytes!("data/ruter-2018-06-18-spiren.pbn")),
        ("2019", include_bytes!("data/ruter-2019-10-14-spiren.pbn")),
    ];
    for (name, data) in files {
        let imported = pbn::read(data).unwrap();
        let said: Vec<&str> = imported
            .event
            .diagnostics
            .iter()
            .map(|d| d.message.as_str())
            .filter(|m| m.contains("is not read") || m.contains("are not read"))
            .collect();
        assert!(said.is_empty(), "{name}: {said:?}");
    }
}

/// A BBO tournament in which two tables did not finish their board: their games have
/// the board and the four players but no contract. They were dropped without a word
/// (only "3 results where 4 were expected" when scored); each is a warning on its
/// game's line naming the pairs, and nothing else in the file is said.
#[test]
fn a_bbo_game_not_played_to_the_end_is_said_on_its_line() {
    let imported = read_pbn(include_bytes!("data/bbo-2196-sky-club.pbn"), 42);
    let said: Vec<(Option<u32>, Option<u32>, &str)> = imported
        .event
        .diagnostics
        .iter()
        .map(|d| (d.line, d.board, d.message.as_str()))
        .collect();
    let unfinished = |ns: &str, ew: &str| {
        format!(
            "the game of North-South {ns} against East-West {ew} has no contract and is not scored (a board not played to the end?): give its Contract and Result"
        )
    };
    assert_eq!(
        said,
        [
            (
                Some(107),
                Some(1),
                unfinished("GEM_Freddy - fernwood57", "SC67 - porsche33").as_str()
            ),
            (
                Some(790),
                Some(6),
                unfinished("gubben81 - k00la1d", "GEM_Freddy - fernwood57").as_str()
            ),
        ]
    );
}

/// BridgeComposer numbers a two-winner Mitchell's pairs per direction: North-South pair
/// 1 and East-West pair 1 are two pairs, whose names the ScoreTable gives. The file was
/// refused ("pair 1 is on both sides of the table", "pair 6 plays board 1 twice"); its
/// pairs are read as 1NS and 1EW, each with its names, and every line is scored.
#[test]
fn bridgecomposer_pairs_numbered_per_direction_are_two_pairs() {
    let imported = read_pbn(
        include_bytes!("data/bridgecomposer-2025-12-30-palo-alto.pbn"),
        405,
    );
    let e = &imported.event;
    let pair = |section: &str, id: &str| {
        e.pairs
            .iter()
            .find(|p| p.section == section && p.id == id)
            .map(|p| p.names.as_str())
    };
    assert_eq!(pair("A", "1NS"), Some("Hemsley-Dudman"));
    assert_eq!(pair("A", "1EW"), Some("Polish-Orelove"));
    assert_eq!(pair("B", "10NS"), Some("Aggarwal-Rimawi"));
    assert_eq!(pair("A", "1"), None);
    // Every pair keeps one direction and plays each board once.
    let result = score_session(&e.pairs, &e.results, &Settings::default()).unwrap();
    assert_eq!(result.pairs.len(), e.pairs.len());
    assert!(
        e.pairs
            .iter()
            .all(|p| p.id.ends_with("NS") || p.id.ends_with("EW"))
    );
}

/// Each message the USEBIO reader gives on `data`, shortened to its first `n` characters.
fn usebio_messages(data: &[u8], n: usize) -> Vec<String> {
    let imported = klaver_io::usebio::read(data).unwrap();
    let e = &imported.event;
    assert!(!e.has_errors(), "{:?}", e.diagnostics);
    e.diagnostics
        .iter()
        .map(|d| d.to_string().chars().take(n).collect())
        .collect()
}

/// Real USEBIO files from eight programs carry many elements with no bearing on a score
/// (the program's name, the club's and players' numbers, contact details, master-point
/// scales, print settings of the hand record): none of them is a message, so a message
/// is never noise a director learns to pass over. What a file holds that changes a result
/// and that klaver does not read is said, each element once, on its first line.
#[test]
fn real_usebio_files_say_only_what_klaver_does_not_read_and_matters() {
    let files: [(&str, &[u8], &[&str]); 10] = [
        (
            "ScoreBridge",
            include_bytes!("data/scorebridge-2025-07-30-forest-of-dean.xml"),
            &[],
        ),
        (
            "Pianola",
            include_bytes!("../../klaver/tests/data/pianola-cross-imps.xml"),
            &[
                "line 8: the file was scored by CROSS_IMPS",
                "line 338: board 1: cannot read \"42 S 12\"",
            ],
        ),
        (
            "Compscore, Butler",
            include_bytes!("data/compscore-2026-03-09-sunshine-coast-butler.xml"),
            &[
                "line 8: the file was scored by IMPS",
                // The datum of each board, which klaver works out itself.
                "line 178: board 1: <BOARD_AVERAGE> (160) in <BOARD> is not read (given 2 times",
                "line 187: board 1: <NS_BUTLER_POINTS> (0) is not read",
                "line 188: board 1: <EW_BUTLER_POINTS> (0) is not read",
            ],
        ),
        (
            "Compscore, matchpoints",
            include_bytes!("data/compscore-2022-07-21-lindfield.xml"),
            // The excerpt keeps two boards: a pair that played neither has no results,
            // and its names are not read.
            &[
                "line 30: pair 1NS of the <PARTICIPANTS> has no results on the boards: its names (YEUNG CHEUNG - DIRECTOR) and players (936510) are not read",
            ],
        ),
        (
            "PairsScorer",
            include_bytes!("data/pairsscorer-2015-10-22-example.xml"),
            &[],
        ),
        (
            "EBUScore Pairs",
            include_bytes!("data/ebuscore-2025-01-02-watford-sections.xml"),
            &[
                "line 139: pair 6 of section A of the <PARTICIPANTS> has no results on the boards: its names (Lawrence Gaunt - Jenny Gaunt)",
            ],
        ),
        (
            "TeamsScorer",
            include_bytes!("data/teamsscorer-2015-10-22-example-teams.xml"),
            &[
                "line 10: the file was scored by IMPS",
                // The teams' own results: their totals, matches and IMPs.
                "line 12: <MATCH_SCORING_METHOD> (VPS) in <EVENT> is not read, nor <PAIRWISE_SCORING_METHOD> (CROSS_IMPS) in <EVENT> (line 23), <TEAM> in <PARTICIPANTS> (line 35, given 10 times), <PAIR_IMPS> (-20.99) in <PAIR> (line 42, given 19 times), <MATCH> in <SESSION> (line 411, given 40 times), <IMPS> (0) in <BOARD> (line 421, given 8 times): klaver does not score teams",
                // The pairs that played none of the excerpt's two boards.
                "line 79: pair 2-1-2 of the <PARTICIPANTS> has no results on the boards",
                "line 94: pair 2-3-4 of the <PARTICIPANTS> has no results on the boards",
                "line 191: pair 5-1-2 of the <PARTICIPANTS> has no results on the boards",
                "line 205: pair 5-3-4 of the <PARTICIPANTS> has no results on the boards",
                "line 423: board 1: <DIRECTION> (NS) is not read",
            ],
        ),
        (
            "EBUScoreTeams",
            include_bytes!("data/ebuscoreteams-2016-01-17-point-a-board.xml"),
            &[
                "line 10: the file was scored by PAB",
                "line 12: <MATCH_SCORING_METHOD> (PAB) in <EVENT> is not read, nor <PAIRWISE_SCORING_METHOD> (CROSS_IMPS) in <EVENT> (line 27), <TEAM> in <PARTICIPANTS> (line 39, given 8 times), <PAIR_IMPS> (-82.57) in <PAIR> (line 50, given 16 times), <MATCH> in <SESSION> (line 360, given 28 times), <TEAM_POINTS> (0) in <BOARD> (line 370, given 8 times), <OPPOSING_TEAM_POINTS> (2) in <BOARD> (line 371, given 8 times): klaver does not score teams",
                "line 373: board 1: <DIRECTION> (NS) is not read",
            ],
        ),
        (
            "RealBridge",
            include_bytes!("data/realbridge-2025-04-07-club-duplicate.xml"),
            &["line 289: board 1: <LIN_DATA> (qx||pn|"],
        ),
        (
            "BriAn",
            include_bytes!("data/brian-2025-04-09-welwyn-garden-city.xml"),
            &[
                "line 129: pair 4 of the <PARTICIPANTS> has no results on the boards: its names (Ranjan Panchamia - Satish Panchamia) and players (413389, 407592) are not read",
            ],
        ),
    ];
    let mut wrong = Vec::new();
    for (program, data, want) in files {
        let got = usebio_messages(data, 600);
        let same = got.len() == want.len() && got.iter().zip(want).all(|(g, w)| g.starts_with(w));
        if !same {
            wrong.push(format!("{program}: {got:#?}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
