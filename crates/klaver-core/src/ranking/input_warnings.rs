//! Warnings about season input that can be ranked but most often is not what the club
//! meant: settings keys the sessions write another way, a night given twice; and the
//! note of the pairs and teams that played with a guest without an id.

use super::season::{Club, SessionInput, first_origin, id_key, pair_name, row_origin};
use super::{Form, Origin, PlayerId, Points};
use rustc_hash::{FxHashMap, FxHashSet};

/// The keys of the settings' `[replacement_players]` and `[names]` that no session
/// writes as they are while some session writes the same id another way (`"01001"` for
/// 1001, `"P7"` for p7, as [`super::season::ids_written_two_ways`] compares them): a key
/// is looked up as written, so such a key is not used at all. One message for each,
/// naming its table, the key and the id as the sessions write it, where first. A key
/// of no player at all is not told: a new member is given a start before their first
/// night.
pub fn settings_keys_written_another_way(club: &Club, sessions: &[SessionInput]) -> Vec<String> {
    let tables = [
        (
            "replacement_players",
            &club.replacements.keys().collect::<Vec<_>>(),
        ),
        ("names", &club.names.keys().collect::<Vec<_>>()),
    ];
    let wanted: FxHashSet<String> = tables
        .iter()
        .flat_map(|(_, keys)| keys.iter().map(|k| id_key(k)))
        .collect();
    if wanted.is_empty() {
        return Vec::new();
    }
    let found = ids_like(&wanted, sessions);
    let mut out = Vec::new();
    for (table, keys) in tables {
        for key in keys.iter() {
            let ways = found.get(&id_key(key)).map_or(&[][..], Vec::as_slice);
            if ways.iter().any(|(id, _)| id.as_str() == key.as_str()) {
                continue;
            }
            if let Some((id, origin)) = ways.first() {
                out.push(format!(
                    "[{table}] key \"{key}\" is not used: the sessions write this player {id} ({origin}); write the key as the sessions write the id"
                ));
            }
        }
    }
    out
}

/// The ids of `sessions` whose compared form is one of `wanted`: for each compared
/// form, every way the sessions write it, in the order first written, with where.
fn ids_like<'s>(
    wanted: &FxHashSet<String>,
    sessions: &'s [SessionInput],
) -> FxHashMap<String, Vec<(&'s PlayerId, Origin)>> {
    let mut found: FxHashMap<String, Vec<(&PlayerId, Origin)>> = FxHashMap::default();
    // An id's text is shared by every row naming it: each is looked at once.
    let mut seen: FxHashSet<*const u8> = FxHashSet::default();
    for (s, id, origin) in players_with_origins(sessions) {
        if !seen.insert(id.as_ptr()) {
            continue;
        }
        let key = id_key(id);
        if !wanted.contains(&key) {
            continue;
        }
        let ways = found.entry(key).or_default();
        if !ways.iter().any(|(w, _)| w == &id) {
            ways.push((id, row_origin(s, origin)));
        }
    }
    found
}

/// Every player of every pair's and team's row, with where the row came from.
fn players_with_origins(
    sessions: &[SessionInput],
) -> impl Iterator<Item = (&SessionInput, &PlayerId, &Origin)> {
    sessions.iter().flat_map(|s| {
        let pairs = s
            .pairs
            .iter()
            .flat_map(move |p| p.players.iter().map(move |id| (s, id, &p.origin)));
        let teams = s
            .teams
            .iter()
            .flat_map(move |t| t.players.iter().map(move |id| (s, id, &t.origin)));
        pairs.chain(teams)
    })
}

/// The pairs (or teams) named in [`guests_without_id`]'s messages before they count the
/// rest.
const GUEST_PAIRS_NAMED: usize = 5;

/// Pairs of one player id, the other seat a guest without an id (`1001+`, `null` in
/// `klaver score`'s JSON), and teams with a guest's seat left empty (`1001+1002+1003+`):
/// an ordinary night, ranked without a fuss (the members earn the pair's or team's
/// points, the guest is no player), told once for the whole input so the director
/// knows who was not ranked: how many such pairs, the first few by where they are and
/// their member, and likewise the teams, by their first row with a guest and their
/// name. Nothing when there are none.
pub fn guests_without_id(sessions: &[SessionInput]) -> Vec<String> {
    let pairs = sessions
        .iter()
        .filter(|s| s.form != Form::Teams)
        .flat_map(|s| s.pairs.iter().map(move |p| (s, p)))
        .filter(|(_, p)| p.players.len() == 1);
    let mut count = 0;
    let mut named: Vec<String> = Vec::new();
    for (s, p) in pairs {
        count += 1;
        if named.len() < GUEST_PAIRS_NAMED {
            named.push(format!(
                "{}, {}",
                row_origin(s, &p.origin),
                pair_name(&p.players)
            ));
        }
    }
    let mut out = Vec::new();
    if count > 0 {
        let (pairs, who) = match count {
            1 => ("pair", "its member is ranked, the guest is not"),
            _ => ("pairs", "their members are ranked, the guests are not"),
        };
        out.push(format!(
            "{count} {pairs} played with a guest without an id ({}): {who}",
            and_more(named, count)
        ));
    }
    out.extend(teams_with_guests(sessions));
    out
}

/// [`guests_without_id`]'s message of the teams nights' teams with a guest.
fn teams_with_guests(sessions: &[SessionInput]) -> Option<String> {
    // Each team of a night with a guest: the night, its name, its first row with one,
    // and the most guests of its rows.
    let mut teams: Vec<(&SessionInput, &str, &Origin, usize)> = Vec::new();
    for s in sessions.iter().filter(|s| s.form == Form::Teams) {
        for t in s.teams.iter().filter(|t| t.guests > 0) {
            let same = |x: &&mut (&SessionInput, &str, &Origin, usize)| {
                std::ptr::eq(x.0, s) && x.1 == t.team
            };
            match teams.iter_mut().find(same) {
                Some(known) => known.3 = known.3.max(t.guests),
                None => teams.push((s, &t.team, &t.origin, t.guests)),
            }
        }
    }
    // A team of guests only has no member to rank: it is an error of its own.
    teams
        .retain(|(s, team, ..)| (s.teams.iter()).any(|t| t.team == *team && !t.players.is_empty()));
    let named: Vec<String> = teams
        .iter()
        .take(GUEST_PAIRS_NAMED)
        .map(|(s, team, origin, _)| format!("{}, team {team}", row_origin(s, origin)))
        .collect();
    let (teams_word, guests, who) = match teams[..] {
        [] => return None,
        [(.., 1)] => (
            "team",
            "a guest",
            "its members are ranked, the guest is not",
        ),
        [_] => (
            "team",
            "guests",
            "its members are ranked, the guests are not",
        ),
        _ => (
            "teams",
            "guests",
            "their members are ranked, the guests are not",
        ),
    };
    Some(format!(
        "{} {teams_word} played with {guests} without an id ({}): {who}",
        teams.len(),
        and_more(named, teams.len())
    ))
}

/// The places `named` (the first few of `count`), then how many more there are.
fn and_more(mut named: Vec<String>, count: usize) -> String {
    if count > named.len() {
        named.push(format!("and {} more", count - named.len()));
    }
    named.join("; ")
}

/// Pairs or butler nights whose results are an earlier night's, pair for pair and score
/// for score (a night's results copied under a second date, most often): each would be
/// counted twice. One message for each such night, told at its first row and naming the
/// night it repeats. (Two nights are alike only when every pair and every score is.)
pub fn copied_nights(sessions: &[SessionInput]) -> Vec<String> {
    // The nights by a hash of their results, which does not depend on the rows' order;
    // only nights of the same hash are compared row by row.
    let mut by_hash: FxHashMap<(usize, u64), Vec<usize>> = FxHashMap::default();
    let mut out = Vec::new();
    for (i, s) in sessions.iter().enumerate() {
        if s.form == Form::Teams || s.pairs.len() < 2 {
            continue;
        }
        let alike = by_hash.entry((s.pairs.len(), results_hash(s))).or_default();
        let earlier = alike
            .iter()
            .map(|&k| &sessions[k])
            .find(|e| e.form == s.form && results(e) == results(s));
        match earlier {
            Some(e) => {
                let here = first_origin(s);
                out.push(format!(
                    "{here}: session {} {} has the same pairs and scores as session {} {} ({}), every one of them: most often one night's results given twice; remove the copy, or give the night's own results",
                    s.date,
                    s.moment,
                    e.date,
                    e.moment,
                    first_origin(e).seen_from(&here),
                ));
            }
            None => alike.push(i),
        }
    }
    out
}

/// A hash of a night's results, the same in any order of its rows and of each pair's
/// players.
fn results_hash(s: &SessionInput) -> u64 {
    use std::hash::{Hash, Hasher};
    s.pairs.iter().fold(0u64, |sum, p| {
        let mut h = rustc_hash::FxHasher::default();
        match &p.players[..] {
            // A pair's two ids (nearly every row) need no list to be put in order.
            [a, b] => (a.min(b).as_str(), a.max(b).as_str()).hash(&mut h),
            other => {
                let mut ids: Vec<&str> = other.iter().map(|x| x.as_str()).collect();
                ids.sort_unstable();
                ids.hash(&mut h);
            }
        }
        p.score.hash(&mut h);
        sum.wrapping_add(h.finish())
    })
}

/// A night's results as compared: each pair's players in order, and its score, sorted.
fn results(s: &SessionInput) -> Vec<(Vec<&str>, &Points)> {
    let mut rows: Vec<(Vec<&str>, &Points)> = s
        .pairs
        .iter()
        .map(|p| {
            let mut ids: Vec<&str> = p.players.iter().map(|x| x.as_str()).collect();
            ids.sort_unstable();
            (ids, &p.score)
        })
        .collect();
    rows.sort_unstable();
    rows
}

/// Nights of one sessions file whose rows stand in two blocks or more, another night's
/// rows between them (a second field given under the night's date, most often, or
/// another night under the wrong date): the blocks are ranked as one night. One message
/// for each, told at the row where the night starts again and naming the row of the
/// other night before it. (A night's rows may stand apart, so this is not an error.)
pub fn nights_resumed(sessions: &[SessionInput]) -> Vec<String> {
    // Each night's first and last row, in the order of their first rows: a night that
    // another night starts inside of has its rows on both sides of that night's first.
    let mut spans: Vec<(usize, usize, usize)> = sessions
        .iter()
        .enumerate()
        .filter_map(|(i, s)| Some((row_line(s, 0)?, row_line(s, rows(s) - 1)?, i)))
        .collect();
    spans.sort_unstable();
    let mut out = Vec::new();
    let mut told: FxHashSet<usize> = FxHashSet::default();
    // The night reaching furthest down so far.
    let mut open: Option<(usize, usize)> = None;
    for &(first, last, j) in &spans {
        if let Some((open_last, i)) = open
            && first < open_last
        {
            // Night i starts again after night j's first row; and night j after that
            // row of night i, when it has rows further down.
            let again = first_after(&sessions[i], first);
            if let Some(k) = again
                && told.insert(i)
            {
                out.push(resumed(&sessions[i], k, &sessions[j], 0));
            }
            let back = again.and_then(|k| row_line(&sessions[i], k));
            if let Some(k) = back.and_then(|l| first_after(&sessions[j], l))
                && told.insert(j)
            {
                out.push(resumed(&sessions[j], k, &sessions[i], again.unwrap_or(0)));
            }
        }
        if open.is_none_or(|(l, _)| last > l) {
            open = Some((last, j));
        }
    }
    out
}

/// The message for night `s` starting again at its row `k`, after night `other`'s row
/// `before`.
fn resumed(s: &SessionInput, k: usize, other: &SessionInput, before: usize) -> String {
    let here = row_origin(s, row_origin_at(s, k));
    let there = row_origin(other, row_origin_at(other, before)).seen_from(&here);
    format!(
        "{here}: session {} {} starts again here, after rows of session {} {} ({there}): its rows above and these are ranked as one night; if they are another field or another night, correct the line letter or the date, else keep the night's rows together",
        s.date, s.moment, other.date, other.moment
    )
}

/// The number of rows of a night (pairs, or a teams night's matches).
fn rows(s: &SessionInput) -> usize {
    s.pairs.len() + s.teams.len()
}

/// Where row `k` of a night came from.
fn row_origin_at(s: &SessionInput, k: usize) -> &Origin {
    match s.pairs.get(k) {
        Some(p) => &p.origin,
        None => &s.teams[k - s.pairs.len()].origin,
    }
}

/// The file line of row `k` of a night, when its rows name their lines.
fn row_line(s: &SessionInput, k: usize) -> Option<usize> {
    (k < rows(s))
        .then(|| row_origin_at(s, k).line())
        .filter(|&l| l > 0)
}

/// The first row of a night below file line `line` (its rows are in file order).
fn first_after(s: &SessionInput, line: usize) -> Option<usize> {
    let k = if s.pairs.is_empty() {
        s.teams.partition_point(|t| t.origin.line() <= line)
    } else {
        s.pairs.partition_point(|p| p.origin.line() <= line)
    };
    (k < rows(s)).then_some(k)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ranking::season::{PairEntry, TeamEntry};
    use crate::ranking::{Form, int};

    /// A pairs night of `moment` on `date`, its rows `players` scoring `scores`, read
    /// from `file` from line 2 on.
    pub(super) fn night(file: &str, date: &str, rows: &[(&str, i64)]) -> SessionInput {
        let source = file.into();
        SessionInput {
            date: date.into(),
            moment: "tue".into(),
            form: Form::Pairs,
            origin: Origin::new(file),
            pairs: rows
                .iter()
                .enumerate()
                .map(|(i, (players, score))| PairEntry {
                    line: "A".into(),
                    // A seat left empty (`1001+`) is a guest without an id.
                    players: players
                        .split('+')
                        .filter(|x| !x.is_empty())
                        .map(PlayerId::from)
                        .collect(),
                    score: int(*score),
                    origin: Origin::at_line(&source, i + 2),
                })
                .collect(),
            teams: Vec::new(),
        }
    }

    /// Pairs with a guest without an id are told once for the whole run, each named
    /// (the first few, then how many more); none, nothing.
    #[test]
    fn pairs_with_a_guest_are_told_once() {
        let first = night("a.csv", "2025-09-02", &[("1001+", 60), ("1003+1004", 40)]);
        let second = night("b.csv", "2025-09-09", &[("1001+1002", 60), ("+1004", 40)]);
        assert_eq!(
            guests_without_id(std::slice::from_ref(&first)),
            [
                "1 pair played with a guest without an id (a.csv line 2, 1001+): its member is ranked, the guest is not"
            ]
        );
        assert_eq!(
            guests_without_id(&[first, second.clone()]),
            [
                "2 pairs played with a guest without an id (a.csv line 2, 1001+; b.csv line 3, 1004+): their members are ranked, the guests are not"
            ]
        );
        let many: Vec<SessionInput> = (0..7)
            .map(|k| {
                night(
                    "c.csv",
                    &format!("2025-10-0{}", k + 1),
                    &[("1001+", 60), ("1003+1004", 40)],
                )
            })
            .collect();
        let told = guests_without_id(&many);
        assert_eq!(told.len(), 1);
        assert!(
            told[0].starts_with("7 pairs played with a guest without an id (c.csv line 2, 1001+; ")
                && told[0].contains("; and 2 more): their members are ranked"),
            "{told:?}"
        );
        assert_eq!(guests_without_id(std::slice::from_ref(&second)).len(), 1);
        let none = night(
            "d.csv",
            "2025-09-02",
            &[("1001+1002", 60), ("1003+1004", 40)],
        );
        assert!(guests_without_id(&[none]).is_empty());
    }

    /// A teams night of `file` whose rows are `(team, opponent, players, guests)`, from
    /// line 2 on.
    fn teams_night(file: &str, date: &str, rows: &[(&str, &str, &str, usize)]) -> SessionInput {
        let mut s = night(file, date, &[]);
        s.form = Form::Teams;
        s.teams = rows
            .iter()
            .enumerate()
            .map(|(i, &(team, opponent, players, guests))| TeamEntry {
                team: team.into(),
                opponent: opponent.into(),
                players: players
                    .split('+')
                    .filter(|x| !x.is_empty())
                    .map(PlayerId::from)
                    .collect(),
                guests,
                vp: int(10),
                origin: Origin::at_line(&file.into(), i + 2),
            })
            .collect();
        s
    }

    /// Teams with a guest without an id are told once for the whole run, each team of a
    /// night once, at its first row with a guest, after the pairs; none, nothing.
    #[test]
    fn teams_with_a_guest_are_told_once_after_the_pairs() {
        let full = ("T2", "T1", "5+6+7+8", 0);
        let one = teams_night(
            "t.csv",
            "2025-09-04",
            &[("T1", "T2", "1+2+3", 1), full, ("T1", "T3", "1+2+3", 1)],
        );
        assert_eq!(
            guests_without_id(std::slice::from_ref(&one)),
            [
                "1 team played with a guest without an id (t.csv line 2, team T1): its members are ranked, the guest is not"
            ]
        );
        let two_guests = teams_night("u.csv", "2025-09-11", &[full, ("T1", "T2", "1+2", 2)]);
        assert_eq!(
            guests_without_id(std::slice::from_ref(&two_guests)),
            [
                "1 team played with guests without an id (u.csv line 3, team T1): its members are ranked, the guests are not"
            ]
        );
        let pairs = night("a.csv", "2025-09-02", &[("1001+", 60), ("1003+1004", 40)]);
        assert_eq!(
            guests_without_id(&[one, pairs, two_guests]),
            [
                "1 pair played with a guest without an id (a.csv line 2, 1001+): its member is ranked, the guest is not",
                "2 teams played with guests without an id (t.csv line 2, team T1; u.csv line 3, team T1): their members are ranked, the guests are not"
            ]
        );
        let none = teams_night("v.csv", "2025-09-18", &[full, ("T1", "T2", "1+2+3+4", 0)]);
        assert!(guests_without_id(&[none]).is_empty());
        // A team of guests only is refused by the ranking, not noted as ranked.
        let only = teams_night("w.csv", "2025-09-25", &[full, ("T1", "T2", "", 4)]);
        assert!(guests_without_id(&[only]).is_empty());
    }

    #[test]
    fn a_key_is_told_only_when_the_sessions_write_it_another_way_and_never_as_it_is() {
        let mut club = Club::default();
        for key in ["01001", "1002", "2001"] {
            club.replacements.insert(key.into(), int(70));
        }
        club.names.insert("1001".into(), "Jansen".into());
        club.names.insert("p3".into(), "Bakker".into());
        let sessions = [night(
            "s.csv",
            "2025-09-02",
            &[("1001+1002", 60), ("P3+1004", 40)],
        )];
        assert_eq!(
            settings_keys_written_another_way(&club, &sessions),
            [
                "[replacement_players] key \"01001\" is not used: the sessions write this player 1001 (s.csv line 2); write the key as the sessions write the id",
                "[names] key \"p3\" is not used: the sessions write this player P3 (s.csv line 3); write the key as the sessions write the id",
            ]
        );
    }

    #[test]
    fn a_night_whose_every_pair_and_score_is_an_earlier_nights_is_told() {
        let rows = [("1+2", 60), ("3+4", 55), ("5+6", 45), ("7+8", 40)];
        let mut copied = rows;
        copied.reverse();
        copied[0].0 = "8+7";
        let mut one_other = rows;
        one_other[3].1 = 41;
        let sessions = [
            night("s.csv", "2025-09-02", &rows),
            night("s.csv", "2025-09-09", &one_other),
            night("t.csv", "2025-09-16", &copied),
        ];
        assert_eq!(
            copied_nights(&sessions),
            [
                "t.csv line 2: session 2025-09-16 tue has the same pairs and scores as session 2025-09-02 tue (s.csv line 2), every one of them: most often one night's results given twice; remove the copy, or give the night's own results"
            ]
        );
        assert!(copied_nights(&sessions[..2]).is_empty());
    }

    #[test]
    fn a_night_whose_rows_stand_in_two_blocks_is_told_where_it_starts_again() {
        let mut first = night("s.csv", "2025-09-02", &[("1+2", 60), ("3+4", 40)]);
        let second = night("s.csv", "2025-09-09", &[("1+3", 55), ("2+4", 45)]);
        let mut again = night("s.csv", "2025-09-02", &[("5+6", 50), ("7+8", 50)]);
        // Rows 2-3 of the first night, 4-5 of the second, 6-7 of the first again.
        let lined = |mut s: SessionInput, from: usize| {
            let source = "s.csv".into();
            for (k, p) in s.pairs.iter_mut().enumerate() {
                p.origin = Origin::at_line(&source, from + k);
            }
            s
        };
        let second = lined(second, 4);
        again = lined(again, 6);
        first.pairs.append(&mut again.pairs);
        let sessions = [first, second];
        assert_eq!(
            nights_resumed(&sessions),
            [
                "s.csv line 6: session 2025-09-02 tue starts again here, after rows of session 2025-09-09 tue (line 4): its rows above and these are ranked as one night; if they are another field or another night, correct the line letter or the date, else keep the night's rows together"
            ]
        );
        // Nights one after the other say nothing.
        let apart = [
            sessions[1].clone(),
            lined(night("s.csv", "2025-09-16", &[("1+2", 50), ("3+4", 50)]), 6),
        ];
        assert!(nights_resumed(&apart).is_empty());
    }
}
