//! Ranking points for a teams night (seed 002, "Rankingpunten toekennen voor
//! viertallenwedstrijden").
//!
//! A night of any number of matches (usually two, so that an odd number of teams can
//! play a three-way) is ranked once, as one session. A team's strength K is the mean
//! ranking of its players before the night; its resistance W is the mean strength of
//! the teams it met; a guest without an id in a team's seat has no ranking and is left
//! out of its strength, as the dynamic method leaves a pair's guest out of the line's
//! mean. Each match i is worth Ri = (VPi − 10) / (ST,V − 10) × B / 2 on the
//! 20-VP scale (ST,V = 17 VP by default, B the nominal line width), and every player of
//! the team gets W + the mean of the Ri. No line intervals and no stretching apply.

use super::{ClubSettings, Points, int, mean};

/// One match of a team on the night.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamMatch {
    /// The opposing team's id.
    pub opponent: String,
    /// The victory points the team scored (0 to 20).
    pub vp: Points,
}

/// A team on a teams night: its players and its matches.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamNight {
    /// The team's id for the night.
    pub team: String,
    /// The players' ids (four, or more when a team changes players between matches),
    /// its guests without an id not among them.
    pub players: Vec<super::PlayerId>,
    /// The seats of guests without an id (no players: they have no ranking and get no
    /// points).
    pub guests: usize,
    /// The team's matches in the order played.
    pub matches: Vec<TeamMatch>,
}

/// How a team earned its ranking points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamPoints {
    /// K: the mean ranking of the team's players with ids before the night.
    pub strength: Points,
    /// The seats of guests without an id, left out of K, as the reports show them.
    pub guests: usize,
    /// W: the mean strength of the teams it met.
    pub resistance: Points,
    /// Ri for each match, in the order played.
    pub per_match: Vec<Points>,
    /// W + mean(Ri): the points each of its players gets.
    pub points: Points,
}

/// Ranking points for every team (same order as `teams`), given the players' rankings
/// before the night (a guest without an id has none and is left out). Fails with the
/// index of the team and what is wrong when a team has no players with ids or no
/// matches, or meets a team not on the night.
pub fn team_points(
    settings: &ClubSettings,
    teams: &[TeamNight],
    ranking: impl Fn(&str) -> Points,
) -> Result<Vec<TeamPoints>, (usize, String)> {
    let strengths: Vec<Points> = teams
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let r: Vec<Points> = t.players.iter().map(|p| ranking(p)).collect();
            mean(&r).ok_or((
                i,
                format!(
                    "team {} has no players with an id, so no strength: list its players' ids",
                    t.team
                ),
            ))
        })
        .collect::<Result<_, _>>()?;
    let half = &settings.width / int(2);
    let scale = &settings.st_teams - int(10);
    let mut out = Vec::with_capacity(teams.len());
    for (i, t) in teams.iter().enumerate() {
        let mut opposing = Vec::new();
        let mut per_match = Vec::new();
        for m in &t.matches {
            let Some(j) = teams.iter().position(|o| o.team == m.opponent) else {
                return Err((
                    i,
                    format!(
                        "team {} meets team {}, which has no players on this night: add its row or correct the opponent",
                        t.team, m.opponent
                    ),
                ));
            };
            if j == i {
                return Err((
                    i,
                    format!("team {} cannot meet itself: correct the opponent", t.team),
                ));
            }
            opposing.push(strengths[j].clone());
            per_match.push((&m.vp - int(10)) / &scale * &half);
        }
        let (Some(resistance), Some(margin)) = (mean(&opposing), mean(&per_match)) else {
            return Err((
                i,
                format!("team {} played no match: give its matches", t.team),
            ));
        };
        out.push(TeamPoints {
            strength: strengths[i].clone(),
            guests: t.guests,
            points: &resistance + margin,
            resistance,
            per_match,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ranking::frac;
    use std::collections::HashMap;

    fn team(id: &str, players: &[&str], matches: &[(&str, i64)]) -> TeamNight {
        TeamNight {
            team: id.into(),
            players: players.iter().map(|&p| p.into()).collect(),
            guests: 0,
            matches: matches
                .iter()
                .map(|&(o, vp)| TeamMatch {
                    opponent: o.into(),
                    vp: int(vp),
                })
                .collect(),
        }
    }

    #[test]
    fn two_matches_by_hand() {
        let rankings: HashMap<&str, i64> = [
            ("a", 80),
            ("b", 76),
            ("c", 70),
            ("d", 66),
            ("e", 60),
            ("f", 62),
            ("g", 64),
            ("h", 66),
            ("i", 70),
            ("j", 70),
            ("k", 70),
            ("l", 70),
        ]
        .into_iter()
        .collect();
        let teams = [
            team("T1", &["a", "b", "c", "d"], &[("T2", 15), ("T3", 8)]),
            team("T2", &["e", "f", "g", "h"], &[("T1", 5), ("T3", 10)]),
            team("T3", &["i", "j", "k", "l"], &[("T2", 10), ("T1", 12)]),
        ];
        let got = team_points(&ClubSettings::default(), &teams, |p| int(rankings[p])).unwrap();
        // T1: K = 73; W = (63 + 70) / 2 = 66.5; R = 5/7 × 20 = 100/7 and −2/7 × 20 = −40/7;
        // points 66.5 + 30/7 = 991/14.
        assert_eq!(got[0].strength, int(73));
        assert_eq!(got[0].resistance, frac(133, 2));
        assert_eq!(got[0].per_match, vec![frac(100, 7), frac(-40, 7)]);
        assert_eq!(got[0].points, frac(991, 14));
        // T2: W = (73 + 70) / 2 = 71.5; R = −100/7 and 0: 71.5 − 50/7 = 901/14.
        assert_eq!(got[1].points, frac(901, 14));
        // T3: W = (63 + 73) / 2 = 68; R = 0 and 40/7: 68 + 20/7 = 496/7.
        assert_eq!(got[2].points, frac(496, 7));
    }

    #[test]
    fn three_matches_by_hand() {
        // A (players at 80) meets B (70), C (60) and D (70): W = 200/3; 15, 12 and 8 VP
        // are 100/7, 40/7 and −40/7, mean 100/21: 200/3 + 100/21 = 500/7.
        let at = |r: i64| move |_: &str| int(r);
        let teams = [
            team(
                "A",
                &["a1", "a2", "a3", "a4"],
                &[("B", 15), ("C", 12), ("D", 8)],
            ),
            team("B", &["b1", "b2", "b3", "b4"], &[("A", 5)]),
            team("C", &["c1", "c2", "c3", "c4"], &[("A", 8)]),
            team("D", &["d1", "d2", "d3", "d4"], &[("A", 12)]),
        ];
        let ranking = |p: &str| match &p[..1] {
            "a" => at(80)(p),
            "c" => at(60)(p),
            _ => at(70)(p),
        };
        let got = team_points(&ClubSettings::default(), &teams, ranking).unwrap();
        assert_eq!(got[0].resistance, frac(200, 3));
        assert_eq!(
            got[0].per_match,
            vec![frac(100, 7), frac(40, 7), frac(-40, 7)]
        );
        assert_eq!(got[0].points, frac(500, 7));
        // C met only A (80): 80 + (8 − 10) / 7 × 20 = 80 − 40/7.
        assert_eq!(got[2].points, int(80) - frac(40, 7));
    }

    #[test]
    fn full_points_at_seventeen_vp() {
        let teams = [
            team("X", &["a", "b", "c", "d"], &[("Y", 17)]),
            team("Y", &["e", "f", "g", "h"], &[("X", 3)]),
        ];
        let got = team_points(&ClubSettings::default(), &teams, |_| int(70)).unwrap();
        assert_eq!(got[0].points, int(90));
        assert_eq!(got[1].points, int(50));
    }

    /// A guest without an id has no ranking: K is the mean of the players with ids.
    #[test]
    fn a_guest_is_left_out_of_the_strength() {
        let mut x = team("X", &["a", "b", "c"], &[("Y", 12)]);
        x.guests = 1;
        let teams = [x, team("Y", &["e", "f", "g", "h"], &[("X", 8)])];
        let ranking = |p: &str| int(if p == "a" { 82 } else { 70 });
        let got = team_points(&ClubSettings::default(), &teams, ranking).unwrap();
        // X: K = (82 + 70 + 70) / 3 = 74 (with the guest at 70 it would be 73); Y: K = 70.
        // X: W = 70, R = 2/7 × 20 = 40/7: 70 + 40/7 = 530/7. Y: W = 74, R = −40/7:
        // 74 − 40/7 = 478/7.
        assert_eq!(got[0].strength, int(74));
        assert_eq!(got[0].guests, 1);
        assert_eq!(got[0].points, frac(530, 7));
        assert_eq!(got[1].resistance, int(74));
        assert_eq!(got[1].points, frac(478, 7));
        let mut guests_only = team("Z", &[], &[("Y", 10)]);
        guests_only.guests = 4;
        let teams = [guests_only, team("Y", &["e", "f", "g", "h"], &[("Z", 10)])];
        let err = team_points(&ClubSettings::default(), &teams, ranking).unwrap_err();
        assert_eq!(err.0, 0);
        assert!(
            err.1.contains("team Z has no players with an id"),
            "{}",
            err.1
        );
    }

    #[test]
    fn unknown_opponent_is_reported() {
        let teams = [team("X", &["a", "b", "c", "d"], &[("Z", 17)])];
        let err = team_points(&ClubSettings::default(), &teams, |_| int(70)).unwrap_err();
        assert_eq!(err.0, 0);
        assert!(err.1.contains("team Z"), "{}", err.1);
    }
}
