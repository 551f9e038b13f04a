//! A teams event scored in full and kept byte for byte: every match's boards, IMPs and
//! VPs, the standings and the warnings, for an evening that has plain scores, a board
//! not played, artificial and weighted scores, a reversed result, a match whose home
//! team has the higher number, a match of which no board was played, and the lines of
//! the travellers in no particular order; and every error a director can make on the
//! travellers, told in the order of the lines.

use klaver_core::imps::AdjustedImps;
use klaver_core::matchpoints::{Outcome, WeightedPart};
use klaver_core::session::{PairInfo, TableResult};
use klaver_core::teams::{Room, TeamsResult, TeamsSettings, score_teams};
use klaver_core::vp::VpMax;
use num_rational::Ratio;

fn teams(ids: &[&str]) -> Vec<PairInfo> {
    ids.iter()
        .map(|id| PairInfo {
            id: id.to_string(),
            ..PairInfo::default()
        })
        .collect()
}

/// A traveller line: its number, board, North-South and East-West teams, room, outcome.
fn line(
    line: u32,
    board: u32,
    ns: usize,
    ew: usize,
    room: Option<Room>,
    outcome: Outcome,
) -> (TableResult, Option<Room>) {
    (
        TableResult::new(board, (ns as u32, ew as u32), outcome).at_line(line),
        room,
    )
}

fn reversed(mut l: (TableResult, Option<Room>)) -> (TableResult, Option<Room>) {
    l.0.set_reversed(true);
    l
}

const OPEN: Option<Room> = Some(Room::Open);
const CLOSED: Option<Room> = Some(Room::Closed);
const NAMES: [&str; 6] = ["Apollo", "Bravo", "Cactus", "Delta", "Eagle", "Fjord"];

/// The evening: Apollo v Bravo (boards 1-5), Delta (home) v Cactus (boards 1-3, its
/// lines out of order), Cactus (home) v Bravo (boards 6-9) and Eagle v Fjord, not played.
fn evening() -> Vec<(TableResult, Option<Room>)> {
    use Outcome::*;
    let weighted = Weighted(Box::new(vec![
        WeightedPart {
            percent: 30,
            score: 420,
        },
        WeightedPart {
            percent: 70,
            score: -50,
        },
    ]));
    vec![
        line(2, 3, 3, 2, OPEN, Score(-200)),
        line(3, 1, 0, 1, OPEN, Score(620)),
        line(4, 1, 1, 0, CLOSED, Score(170)),
        line(5, 2, 0, 1, OPEN, NotPlayed),
        line(6, 2, 1, 0, CLOSED, Score(100)),
        line(7, 1, 4, 5, OPEN, NotPlayed),
        line(8, 1, 5, 4, CLOSED, NotPlayed),
        line(9, 3, 0, 1, OPEN, Artificial { ns: 60, ew: 40 }),
        line(10, 3, 1, 0, CLOSED, Score(-50)),
        line(11, 4, 0, 1, OPEN, weighted),
        line(12, 4, 1, 0, CLOSED, Score(420)),
        reversed(line(13, 5, 0, 1, OPEN, Score(300))),
        line(14, 5, 1, 0, CLOSED, Score(-100)),
        line(15, 1, 2, 3, CLOSED, Score(-430)),
        line(16, 3, 2, 3, CLOSED, Score(200)),
        line(17, 1, 3, 2, OPEN, Score(1430)),
        line(18, 2, 3, 2, OPEN, Score(-100)),
        line(19, 2, 2, 3, CLOSED, Score(50)),
        line(20, 6, 2, 1, OPEN, Score(400)),
        line(21, 6, 1, 2, CLOSED, Score(400)),
        line(22, 7, 2, 1, OPEN, Outcome::AVERAGE),
        line(23, 7, 1, 2, CLOSED, Score(-110)),
        line(24, 8, 2, 1, OPEN, Score(-1100)),
        line(25, 8, 1, 2, CLOSED, Score(-500)),
        line(26, 9, 2, 1, OPEN, Score(140)),
        line(27, 9, 1, 2, CLOSED, Score(-170)),
    ]
}

fn score(lines: Vec<(TableResult, Option<Room>)>, settings: &TeamsSettings) -> TeamsResult {
    let (results, rooms): (Vec<_>, Vec<_>) = lines.into_iter().unzip();
    score_teams(&teams(&NAMES), &results, &rooms, settings).unwrap()
}

fn error(lines: Vec<(TableResult, Option<Room>)>, settings: &TeamsSettings) -> String {
    let (results, rooms): (Vec<_>, Vec<_>) = lines.into_iter().unzip();
    score_teams(&teams(&NAMES), &results, &rooms, settings)
        .unwrap_err()
        .to_string()
}

/// Compares a scored event with the one kept in tests/data/teams, line by line first so
/// that a difference names its line.
fn same_as_kept(got: &TeamsResult, kept: &str, name: &str) {
    let got = format!("{got:#?}\n");
    for (k, (g, w)) in got.lines().zip(kept.lines()).enumerate() {
        assert_eq!(g, w, "{name} line {}", k + 1);
    }
    assert_eq!(got, kept, "{name}");
}

#[test]
fn an_evening_on_the_scale_of_the_boards_each_match_played() {
    let r = score(evening(), &TeamsSettings::default());
    same_as_kept(&r, include_str!("data/teams/evening.txt"), "evening.txt");
}

#[test]
fn an_evening_on_a_ten_vp_scale_of_seven_boards_with_club_averages() {
    let settings = TeamsSettings {
        max: VpMax::Ten,
        vp_boards: Some(7),
        adjusted: AdjustedImps {
            average: Ratio::new(1, 2),
            plus: Ratio::from_integer(2),
            minus: Ratio::from_integer(-2),
        },
        bye_vp: None,
    };
    let r = score(evening(), &settings);
    same_as_kept(
        &r,
        include_str!("data/teams/evening-ten-vp.txt"),
        "evening-ten-vp.txt",
    );
}

#[test]
fn a_scale_longer_than_any_klaver_makes_is_an_error() {
    let settings = TeamsSettings {
        vp_boards: Some(1001),
        ..TeamsSettings::default()
    };
    assert_eq!(
        error(evening(), &settings),
        "the victory-point scale set for 1001 boards: a match of 1001 boards is longer than any victory-point scale klaver makes (at most 1000 boards): give the number of boards of one match"
    );
}

#[test]
fn every_mistake_on_the_travellers_is_told_in_the_order_of_the_lines() {
    use Outcome::*;
    let lines = vec![
        line(12, 5, 0, 1, OPEN, Score(100)),
        line(2, 1, 0, 9, OPEN, Score(100)),
        line(3, 1, 2, 2, OPEN, Score(100)),
        line(
            4,
            1,
            0,
            1,
            OPEN,
            ScoreAndArtificial {
                score: 100,
                side: klaver_core::board::Side::NorthSouth,
                percent: 60,
            },
        ),
        line(5, 1, 0, 1, None, Score(100)),
        line(6, 2, 0, 1, OPEN, Score(100)),
        line(7, 2, 0, 1, OPEN, Score(110)),
        line(8, 2, 1, 0, CLOSED, Score(100)),
        line(9, 3, 1, 0, CLOSED, Score(100)),
        line(10, 4, 0, 1, OPEN, Score(100)),
        line(11, 4, 0, 1, CLOSED, Score(100)),
        line(12, 1, 3, 3, OPEN, Score(100)),
        line(13, 1, 3, 4, OPEN, Score(100)),
    ];
    let got = error(lines, &TeamsSettings::default());
    let want = [
        "line 2: board 1: unknown team",
        "line 3: board 1: team Cactus plays itself: correct the ns or ew team",
        "line 4: board 1: a score for one side beside an artificial score for the other is not scored in a teams match: give both sides an artificial score (60/40) or the score",
        "line 5: board 1: no room on this line: write open or closed in the room column",
        "line 7: board 2: teams Apollo and Bravo have a second open room result for board 2 (also on line 6): remove or correct one of the two lines",
        "line 9: board 3: board 3 of Apollo v Bravo has only the closed room's result: enter the open room's result, or mark the board NP in both rooms",
        "line 11: board 4: team Apollo sits North-South in both rooms on board 4 (also on line 10): in the closed room the teams change seats",
        "line 12: board 1: team Delta plays itself: correct the ns or ew team",
        "line 12: board 5: board 5 of Apollo v Bravo has only the open room's result: enter the closed room's result, or mark the board NP in both rooms",
        "line 13: board 1: board 1 of Delta v Eagle has only the open room's result: enter the closed room's result, or mark the board NP in both rooms",
    ];
    assert_eq!(got.lines().collect::<Vec<_>>(), want);
    assert_eq!(got, want.join("\n"));
}
