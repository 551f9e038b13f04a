//! What an archive must hold together before any of it is restored: an archive edited
//! by hand may name a form klaver does not score, a player in two pairs of one night,
//! or a number twice. Each is said naming the session, pair or line and what to mend,
//! rather than left to the database (which names none of them) or stored as it is.

use crate::StoreError;
use crate::archive::{ArchivedLine, ClubArchive};
use crate::deals::StoredDeal;
use crate::model::{Line, Partnership, Player, SessionInfo, SessionPair};
use crate::night_checks::{first_clash, night_of};
use crate::removal::RemovedSession;
use crate::sessions::describe;
use klaver_core::Board;
use klaver_core::teams::Room;
use klaver_io::hand_record::{KeptDeal, from_kept};
use klaver_io::options::{Choice, Form, ScoringOptions};
use std::collections::HashMap;
use std::hash::Hash;

/// A night's sessions, each named as messages name it, with its pairs.
type Night = Vec<(String, Vec<SessionPair>)>;

/// Everything that keeps `archive` from being restored as klaver would have stored it,
/// each naming where it is; empty when it holds together.
pub fn archive_problems(archive: &ClubArchive) -> Vec<String> {
    let mut out = club_problems(archive);
    let mut nights: Vec<((String, String), Night)> = Vec::new();
    for (k, s) in archive.sessions.iter().enumerate() {
        let at = format!("session {} ({})", k + 1, describe(&s.info));
        let pairs = indexed_pairs(&s.pairs, &archive.players);
        let boards: Vec<i64> = s.deals.iter().map(|d| d.board).collect();
        out.extend(
            session_problems(&s.info, &pairs, &s.lines, &boards).map(|p| format!("{at}: {p}")),
        );
        out.extend(number_problem(s.number).map(|p| format!("{at}: {p}")));
        out.extend(
            readable_problems(&s.info, &s.lines, &s.deals)
                .into_iter()
                .map(|p| format!("{at}: {p}")),
        );
        // A session whose date is no date is a night of its own (and refused as such).
        let night = night_of(&s.info).unwrap_or_else(|| (format!("#{k}"), String::new()));
        match nights.iter_mut().find(|(n, _)| *n == night) {
            Some((_, sessions)) => sessions.push((at, pairs)),
            None => nights.push((night, vec![(at, pairs)])),
        }
    }
    for (_, night) in &nights {
        if let Some((k, clash)) = first_clash(night) {
            out.push(format!("{}: {clash}", night[k].0));
        }
    }
    out.extend(archive.removed_sessions.iter().flat_map(removed_problems));
    out
}

/// The club's own lists: a player's federation number, a playing moment, a season or a
/// partnership given twice.
fn club_problems<'a>(archive: &'a ClubArchive) -> Vec<String> {
    let mut out = Vec::new();
    if let Err(StoreError::Invalid(e)) = crate::players::checked_code(&archive.club.code) {
        out.push(format!("the club: {e}"));
    }
    let players = &archive.players;
    for (a, b) in twice(players.iter().map(|p| p.number.as_deref())) {
        if let Some(number) = &players[b].number {
            out.push(format!(
                "players {} and {} of the archive's list ({}, {}) both have federation number {number}: a number is one player's; give one of them their own",
                a + 1,
                b + 1,
                players[a].name,
                players[b].name
            ));
        }
    }
    for (_, b) in twice(archive.moments.iter().map(Some)) {
        out.push(format!(
            "the archive lists the playing moment {} twice",
            archive.moments[b]
        ));
    }
    for (_, b) in twice(archive.seasons.iter().map(|s| Some(&s.name))) {
        out.push(format!(
            "the archive lists the season {} twice",
            archive.seasons[b].name
        ));
    }
    let partnerships = &archive.partnerships;
    // A team is known by its name. A pair or threesome is known by its players, and an
    // earlier klaver kept one a second time under a player's new name: that is made one
    // when restored, not refused.
    let team = |p: &'a Partnership| (p.kind == "team").then_some(p.name.as_str());
    for (_, b) in twice(partnerships.iter().map(team)) {
        out.push(format!(
            "the archive lists the team {} twice",
            partnerships[b].name
        ));
    }
    for p in partnerships {
        if !PARTNERSHIP_KINDS.contains(&p.kind.as_str()) {
            out.push(format!(
                "the archive's partnership {} is a {:?}, which klaver does not keep: write pair, threesome or team",
                p.name, p.kind
            ));
        }
        for (_, b) in twice(p.players.iter().map(Some)) {
            out.push(format!(
                "the archive's {} {} names {} twice",
                p.kind, p.name, p.players[b]
            ));
        }
    }
    out
}

/// The places `(first, again)` of each key given again (`None` keys are no one's).
fn twice<K: Eq + Hash>(keys: impl Iterator<Item = Option<K>>) -> Vec<(usize, usize)> {
    let mut seen: HashMap<K, usize> = HashMap::new();
    let mut out = Vec::new();
    for (i, key) in keys.enumerate() {
        let Some(key) = key else { continue };
        match seen.get(&key) {
            Some(&first) => out.push((first, i)),
            None => {
                seen.insert(key, i);
            }
        }
    }
    out
}

/// What is wrong with one session on its own: a form klaver does not score in, and a
/// line, pair or deal given twice.
fn session_problems<'a>(
    info: &'a SessionInfo,
    pairs: &'a [SessionPair],
    lines: &'a [ArchivedLine],
    boards: &'a [i64],
) -> impl Iterator<Item = String> + 'a {
    let form = Form::from_word(&info.form).is_none().then(|| {
        format!(
            "the form {:?} is not one klaver scores sessions in ({}): write the form the night was played in",
            info.form,
            Form::words()
        )
    });
    let lines = twice(lines.iter().map(|l| Some(l.line.line_no)))
        .into_iter()
        .map(move |(_, b)| {
            format!(
                "line {} is there twice: each line of a session has its own number",
                lines[b].line.line_no
            )
        });
    let pairs = twice(pairs.iter().map(|p| Some((&p.section, &p.pair))))
        .into_iter()
        .map(move |(_, b)| {
            let p = &pairs[b];
            match p.section.as_str() {
                "" => format!("pair {} is listed twice", p.pair),
                s => format!("pair {} of section {s} is listed twice", p.pair),
            }
        });
    let deals = twice(boards.iter().map(Some))
        .into_iter()
        .map(move |(_, b)| format!("the hands of board {} are kept twice", boards[b]));
    form.into_iter().chain(lines).chain(pairs).chain(deals)
}

/// The kinds of partnership a club keeps.
const PARTNERSHIP_KINDS: [&str; 3] = ["pair", "threesome", "team"];

/// A session's number that no session has: numbers are from 1.
fn number_problem(number: Option<i64>) -> Option<String> {
    let n = number.filter(|&n| n < 1)?;
    Some(format!(
        "its number {n} is no session number: write a number from 1, or leave the number out to have the session numbered anew"
    ))
}

/// What scoring could not read back of a session later, read as it reads it: its
/// stored scoring options, a line's room, table or round, and its kept hands.
fn readable_problems(
    info: &SessionInfo,
    lines: &[ArchivedLine],
    deals: &[StoredDeal],
) -> Vec<String> {
    let mut out = Vec::new();
    if let Err(e) = ScoringOptions::from_words(&info.options) {
        out.push(e);
    }
    out.extend(lines.iter().flat_map(|l| line_problems(&l.line)));
    out.extend(deals.iter().filter_map(deal_problem));
    out
}

/// A line's room that is not open or closed, and a table or round that is no number
/// a travellers file may give (from 1).
fn line_problems(l: &Line) -> Vec<String> {
    let n = l.line_no;
    let mut out = Vec::new();
    if !l.room.is_empty() && Room::parse(&l.room).is_none() {
        out.push(format!(
            "line {n}: room {:?} is not open or closed: write open or closed",
            l.room
        ));
    }
    for (what, number) in [("table", l.table), ("round", l.round)] {
        let unreadable = |&t: &i64| u32::try_from(t).map_or(true, |t| t == 0);
        if let Some(t) = number.filter(unreadable) {
            out.push(format!(
                "line {n}: {what} {t} is not a {what} number: write a number from 1, or leave it out"
            ));
        }
    }
    out
}

/// Kept hands on no board, or hands scoring cannot read as a deal (or whose tricks it
/// cannot read).
fn deal_problem(d: &StoredDeal) -> Option<String> {
    let Some(board) = u32::try_from(d.board)
        .ok()
        .filter(|&b| Board::new(b).is_ok())
    else {
        return Some(format!(
            "the hands of board {} are kept for no board: a board number is from 1",
            d.board
        ));
    };
    let kept = KeptDeal {
        board,
        deal: d.deal.clone(),
        tricks: d.tricks.clone(),
    };
    from_kept(&[kept])
        .err()
        .map(|e| format!("the kept hands of {e}"))
}

/// A removed session's problems, as a session's: it can be brought back.
fn removed_problems(r: &RemovedSession) -> Vec<String> {
    let s = &r.session;
    let at = format!("removed session {} ({})", r.number, describe(&s.info));
    let pairs = keyed_pairs(&s.pairs);
    let boards: Vec<i64> = s.deals.iter().map(|d| d.board).collect();
    let mut out: Vec<String> = session_problems(&s.info, &pairs, &s.lines, &boards)
        .map(|p| format!("{at}: {p}"))
        .collect();
    out.extend(number_problem(Some(r.number)).map(|p| format!("{at}: {p}")));
    out.extend(
        readable_problems(&s.info, &s.lines, &s.deals)
            .into_iter()
            .map(|p| format!("{at}: {p}")),
    );
    if let Some((_, clash)) = first_clash(&[(at.clone(), pairs)]) {
        out.push(format!("{at}: {clash}"));
    }
    out
}

/// An archived session's pairs with their players found in the archive's list, each
/// known by their place in it (a place the list does not have is left out: it is said
/// on its own).
fn indexed_pairs(pairs: &[crate::archive::ArchivedPair], players: &[Player]) -> Vec<SessionPair> {
    pairs
        .iter()
        .map(|p| SessionPair {
            section: p.section.clone(),
            pair: p.pair.clone(),
            names: p.names.clone(),
            players: (p.players.iter())
                .filter_map(|&i| {
                    Some(Player {
                        id: i as i64,
                        ..players.get(i)?.clone()
                    })
                })
                .collect(),
        })
        .collect()
}

/// A removed session's pairs with each player known by their federation number, or by
/// their name when they have none.
fn keyed_pairs(pairs: &[SessionPair]) -> Vec<SessionPair> {
    let mut ids: HashMap<String, i64> = HashMap::new();
    let mut id_of = |p: &Player| {
        let key = p
            .number
            .clone()
            .unwrap_or_else(|| format!("name {}", p.name));
        let next = ids.len() as i64;
        *ids.entry(key).or_insert(next)
    };
    pairs
        .iter()
        .map(|p| SessionPair {
            players: (p.players.iter())
                .map(|pl| Player {
                    id: id_of(pl),
                    ..pl.clone()
                })
                .collect(),
            ..p.clone()
        })
        .collect()
}
