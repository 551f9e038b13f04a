//! Rankings of players, pairs and threesomes (seed 002, "Rankings voor spelers, paren en
//! driemanschappen").
//!
//! A player's ranking is the mean of the ranking points of the last Z sessions the player
//! actually played; sessions missed are never filled in, except that a player with fewer
//! than Z sessions has the missing ones filled with the replacement ranking Rv (usually
//! last season's final standing), as if played before the first. A pair's ranking is the
//! sum of its two players' rankings, and decides the line it plays in; a threesome's is
//! 2 × (R1 + R2 + R3) / 3, comparable with a pair's. In a threesome only the two who
//! played a session get its points.

use super::{Points, add, div, int, mul};
use num_traits::Zero;

/// A player's ranking from the points of the sessions played (oldest first), the number
/// of sessions Z it averages and the player's replacement ranking.
pub fn player_ranking(points: &[Points], z: u32, replacement: &Points) -> Points {
    let z = z.max(1) as usize;
    let recent = &points[points.len().saturating_sub(z)..];
    let missing = z - recent.len();
    let sum = Points::sum_over(recent, 1);
    (sum + replacement * int(missing as i64)) / int(z as i64)
}

/// A pair's ranking: the sum of its two players' rankings.
pub fn pair_ranking(first: &Points, second: &Points) -> Points {
    add(first, second)
}

/// A threesome's ranking: two thirds of the sum of its three players' rankings.
pub fn threesome_ranking(a: &Points, b: &Points, c: &Points) -> Points {
    div(&mul(&add(&add(a, b), c), &int(2)), &int(3))
}

/// The ranking of a pair or threesome from its players' rankings (two or three).
pub fn entrant_ranking(players: &[Points]) -> Points {
    match players {
        [a, b] => pair_ranking(a, b),
        [a, b, c] => threesome_ranking(a, b, c),
        _ => players.iter().fold(Points::zero(), |acc, p| acc + p),
    }
}

/// A session a player played: the points earned and the pair or team played in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayedSession {
    /// The session's index in its season.
    pub session: usize,
    /// The player's pair or team among the session's awards
    /// ([`super::season::RankedSession::awards`]): its name and the players who played
    /// alongside.
    pub award: usize,
    /// The ranking points earned.
    pub points: Points,
}

/// A player's season: the sessions played and the ranking after each.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerLog {
    /// The player's id.
    pub player: super::PlayerId,
    /// The replacement ranking the season started from.
    pub replacement: Points,
    /// The sessions played, oldest first.
    pub played: Vec<PlayedSession>,
    /// The ranking after each session played, aligned with `played`; empty when the
    /// sessions were recorded without it ([`PlayerLog::record_played`]).
    pub history: Vec<Points>,
}

impl PlayerLog {
    /// A player who has not played yet this season.
    pub fn new(player: super::PlayerId, replacement: Points) -> PlayerLog {
        PlayerLog {
            player,
            replacement,
            played: Vec::new(),
            history: Vec::new(),
        }
    }

    /// The ranking now (after the last session recorded).
    pub fn ranking(&self, z: u32) -> Points {
        self.ranking_after(self.played.len(), z)
    }

    /// The ranking after the first `count` sessions played: from the history when the
    /// log keeps it, else worked out.
    fn ranking_after(&self, count: usize, z: u32) -> Points {
        match count.checked_sub(1).and_then(|i| self.history.get(i)) {
            Some(r) if self.history.len() == self.played.len() => r.clone(),
            _ => self.ranking_of_last(&self.played[..count], z),
        }
    }

    /// The ranking from the last Z of `played`, with the replacement ranking in place
    /// of those not yet played: exactly `player_ranking` of them, summed over their
    /// common denominator (Z is a handful, and one reduction is cheaper than the three
    /// of moving the previous ranking by the difference over Z).
    fn ranking_of_last(&self, played: &[PlayedSession], z: u32) -> Points {
        let z = z.max(1) as usize;
        let recent = &played[played.len().saturating_sub(z)..];
        let missing = std::iter::repeat_n(&self.replacement, z - recent.len());
        Points::sum_over(recent.iter().map(|p| &p.points).chain(missing), z as i64)
    }

    /// The ranking before session `session` of the season.
    pub fn ranking_before(&self, session: usize, z: u32) -> Points {
        let count = self
            .played
            .iter()
            .take_while(|p| p.session < session)
            .count();
        self.ranking_after(count, z)
    }

    /// Records a session played and the ranking it leads to.
    pub fn record(&mut self, played: PlayedSession, z: u32) {
        debug_assert_eq!(self.history.len(), self.played.len(), "a log kept whole");
        self.played.push(played);
        let ranking = self.ranking_of_last(&self.played, z);
        self.history.push(ranking);
    }

    /// Records a session played, leaving out the ranking it leads to: a log that is
    /// only asked for its ranking now, not after every session (a federation's season
    /// has millions of them). [`PlayerLog::ranking`] works it out when asked.
    pub fn record_played(&mut self, played: PlayedSession) {
        debug_assert!(self.history.is_empty(), "a log without its history");
        self.played.push(played);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ranking::frac;
    use proptest::prelude::*;

    #[test]
    fn replacement_fills_the_missing_sessions() {
        let rv = int(60);
        assert_eq!(player_ranking(&[], 3, &rv), int(60));
        assert_eq!(player_ranking(&[int(80)], 3, &rv), frac(200, 3));
        assert_eq!(player_ranking(&[int(80), int(70)], 3, &rv), int(70));
    }

    #[test]
    fn only_the_last_z_sessions_count() {
        let pts = [int(80), int(70), int(90), int(50)];
        assert_eq!(player_ranking(&pts, 3, &int(0)), int(70));
        assert_eq!(player_ranking(&pts, 1, &int(0)), int(50));
    }

    #[test]
    fn pair_and_threesome_by_hand() {
        assert_eq!(pair_ranking(&int(72), &frac(135, 2)), frac(279, 2));
        // 70, 65, 60: 2 × 195 / 3 = 130, comparable with a pair of 65 + 65.
        assert_eq!(threesome_ranking(&int(70), &int(65), &int(60)), int(130));
        assert_eq!(entrant_ranking(&[int(70), int(65), int(60)]), int(130));
        assert_eq!(entrant_ranking(&[int(70), int(65)]), int(135));
    }

    #[test]
    fn log_keeps_the_history() {
        let mut log = PlayerLog::new("p1".into(), int(60));
        for (s, pts) in [(0, 90), (2, 30)] {
            log.record(
                PlayedSession {
                    session: s,
                    award: 0,
                    points: int(pts),
                },
                2,
            );
        }
        assert_eq!(log.history, vec![int(75), int(60)]);
        assert_eq!(log.ranking_before(0, 2), int(60));
        assert_eq!(log.ranking_before(1, 2), int(75));
        assert_eq!(log.ranking_before(2, 2), int(75));
        assert_eq!(log.ranking(2), int(60));
    }

    #[test]
    fn a_log_without_history_has_the_same_ranking() {
        let mut whole = PlayerLog::new("p1".into(), frac(121, 2));
        let mut bare = PlayerLog::new("p1".into(), frac(121, 2));
        assert_eq!(bare.ranking(3), whole.ranking(3));
        for (s, pts) in [
            (0, frac(9013, 100)),
            (2, int(30)),
            (3, frac(1, 3)),
            (5, int(77)),
        ] {
            let played = PlayedSession {
                session: s,
                award: 0,
                points: pts,
            };
            whole.record(played.clone(), 3);
            bare.record_played(played);
            assert_eq!(bare.ranking(3), whole.ranking(3), "after session {s}");
        }
        for s in 0..7 {
            assert_eq!(
                bare.ranking_before(s, 3),
                whole.ranking_before(s, 3),
                "before {s}"
            );
        }
        assert!(bare.history.is_empty());
        assert_eq!(
            bare.ranking(3),
            player_ranking(&[int(30), frac(1, 3), int(77)], 3, &int(0))
        );
    }

    proptest! {
        #[test]
        fn the_log_keeps_the_ranking_of_the_last_z_after_every_session(
            pts in prop::collection::vec((0i64..=12_000, 1i64..=810), 0..20),
            z in 1u32..8,
            rv in (0i64..=10_000, 1i64..=100),
        ) {
            let p: Vec<Points> = pts.iter().map(|&(n, d)| frac(n, d)).collect();
            let rv = frac(rv.0, rv.1);
            let mut log = PlayerLog::new("p".into(), rv.clone());
            for (s, x) in p.iter().enumerate() {
                log.record(PlayedSession { session: s, award: 0, points: x.clone() }, z);
                prop_assert_eq!(&log.history[s], &player_ranking(&p[..=s], z, &rv));
            }
        }

        #[test]
        fn ranking_lies_between_the_smallest_and_largest_value(
            pts in prop::collection::vec(0i64..=120, 0..15),
            z in 1u32..8,
            rv in 0i64..=100,
        ) {
            let p: Vec<Points> = pts.iter().map(|&x| int(x)).collect();
            let r = player_ranking(&p, z, &int(rv));
            let tail = &pts[pts.len().saturating_sub(z as usize)..];
            let mut lo = tail.iter().copied().min().unwrap_or(rv);
            let mut hi = tail.iter().copied().max().unwrap_or(rv);
            if tail.len() < z as usize {
                lo = lo.min(rv);
                hi = hi.max(rv);
            }
            prop_assert!(r >= int(lo) && r <= int(hi));
        }
    }
}
