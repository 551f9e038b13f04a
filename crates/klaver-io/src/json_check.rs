//! What klaver's JSON of a scored session may hold, checked before it is read back: a
//! key klaver does not write (a misspelt `adjsut`), a value of the wrong kind
//! (`"reversed": "yes"`), a board without its list of results or an entry that is not
//! an object would otherwise be passed over, and the session scored without it. Each is
//! an error naming its line and what to write instead, as the club archive refuses a
//! key it does not know.

use klaver_core::session::Diagnostic;
use serde_json::Value;

/// What a key's value must be.
#[derive(Clone, Copy)]
enum Kind {
    /// A text in quotes.
    Text,
    /// A whole number, 0 or more.
    Count,
    /// A whole number.
    Integer,
    /// Any number.
    Number,
    /// true or false.
    Flag,
    /// A list.
    List,
    /// An object.
    Object,
    /// Anything: checked where it is read.
    Any,
}

/// A key klaver writes, what its value is, and whether it may be `null`.
type Key = (&'static str, Kind, bool);

use Kind::*;

/// The document's keys (a pairs session's, and a butler or cross-IMP session's `form`).
const DOCUMENT: &[Key] = &[
    ("title", Text, false),
    ("date", Text, false),
    ("form", Text, false),
    ("top", Integer, false),
    ("convention", Object, false),
    ("boards", List, false),
    ("pairs", List, false),
    ("penalties", List, false),
    ("warnings", List, false),
];

/// The convention's keys: their values are checked where they are read.
const CONVENTION: &[Key] = &[
    ("scale", Any, false),
    ("artificial", Any, false),
    ("missing", Any, false),
    ("rounding", Any, false),
    ("avg_plus_session", Any, false),
    ("centred", Any, false),
    ("top_integral", Any, false),
    ("fields", Any, false),
];

/// A board's keys (`datum`, `dropped` and `compared` a butler session's).
const BOARD: &[Key] = &[
    ("board", Count, false),
    ("section", Text, false),
    ("top", Integer, false),
    ("expected", Count, false),
    ("neuberg", Flag, false),
    ("datum", Number, true),
    ("dropped", Count, false),
    ("compared", Count, false),
    ("results", List, false),
];

/// A result's keys (`imps_ns` and `imps_ew` a butler or cross-IMP session's).
const RESULT: &[Key] = &[
    ("line", Count, false),
    ("section", Text, false),
    ("ns", Text, false),
    ("ew", Text, false),
    ("score", Integer, true),
    ("contract", Text, false),
    ("declarer", Text, false),
    ("tricks", Count, false),
    ("lead", Text, false),
    ("adjustment", Text, false),
    ("table", Count, false),
    ("round", Count, false),
    ("reversed", Flag, false),
    ("mp_ns", Number, true),
    ("mp_ew", Number, true),
    ("imps_ns", Number, true),
    ("imps_ew", Number, true),
];

/// A pair's keys (its `players` checked where they are read).
const PAIR: &[Key] = &[
    ("pair", Text, false),
    ("section", Text, false),
    ("names", Text, false),
    ("players", Any, false),
    ("points", Number, false),
    ("max", Number, false),
    ("percentage", Number, true),
    ("percentage_exact", Text, false),
    ("rank", Count, true),
    ("tied", Flag, false),
    ("boards", Count, false),
    ("club_points", Number, false),
    ("field", Text, false),
    ("rounds", List, false),
    ("penalty", Number, false),
    ("imps", Number, false),
    ("imps_per_board", Number, true),
    ("imps_per_board_exact", Text, false),
];

/// A director's penalty's keys.
const PENALTY: &[Key] = &[
    ("board", Count, false),
    ("section", Text, false),
    ("ns", Text, false),
    ("ew", Text, false),
    ("points_ns", Text, false),
    ("points_ew", Text, false),
];

/// Where a problem is: the document (at one of its keys), or the `n`-th element of a
/// list of the file, counted over the whole file.
#[derive(Clone)]
enum Place {
    Document(String),
    Board(usize),
    Result(usize),
    Pair(usize),
    Penalty(usize),
}

/// A problem found, before its line is looked up (only a file with problems is walked
/// for its lines).
struct Problem {
    place: Place,
    board: Option<u32>,
    message: String,
}

/// Every key, value and entry of `doc` (read from `data`) that klaver does not read as
/// it stands, each an error naming its line.
pub(crate) fn check(data: &[u8], doc: &Value) -> Vec<Diagnostic> {
    let mut problems = Vec::new();
    let Some(fields) = doc.as_object() else {
        return Vec::new();
    };
    for (key, value) in fields {
        let place = Place::Document(key.clone());
        check_key(
            &mut problems,
            (&place, None),
            "the document",
            DOCUMENT,
            key,
            value,
        );
    }
    if let Some(convention) = doc["convention"].as_object() {
        let place = Place::Document("convention".into());
        for (key, value) in convention {
            let whose = "the convention";
            check_key(&mut problems, (&place, None), whose, CONVENTION, key, value);
        }
    }
    check_boards(&mut problems, doc);
    check_pairs(&mut problems, &doc["pairs"]);
    check_list(
        &mut problems,
        &doc["penalties"],
        ("penalty", PENALTY),
        Place::Penalty,
    );
    placed(data, problems)
}

/// The boards and their results.
fn check_boards(problems: &mut Vec<Problem>, doc: &Value) {
    let Some(boards) = doc["boards"].as_array() else {
        return;
    };
    let mut results = 0;
    for (i, b) in boards.iter().enumerate() {
        let board = b["board"].as_u64().and_then(|n| u32::try_from(n).ok());
        let Some(fields) = b.as_object() else {
            problems.push(not_an_object(Place::Board(i), "board", b));
            continue;
        };
        // The message is said on the board, which names it.
        let whose = "the board";
        for (key, value) in fields {
            let at = (&Place::Board(i), board);
            check_key(problems, at, whose, BOARD, key, value);
        }
        let Some(list) = b["results"].as_array() else {
            if b.get("results").is_none() {
                problems.push(Problem {
                    place: Place::Board(i),
                    board,
                    message: format!("{whose} has no \"results\": its results cannot be read; write them as \"results\": [{{\"ns\": \"1\", \"ew\": \"2\", \"score\": 420}}]"),
                });
            }
            continue;
        };
        for r in list {
            let at = (Place::Result(results), board);
            check_object(problems, at, ("result", RESULT), r);
            results += 1;
        }
    }
}

/// The pairs of the result list, each named in its messages: klaver writes the whole
/// list on one line, which alone would not tell which pair is meant.
fn check_pairs(problems: &mut Vec<Problem>, list: &Value) {
    for (i, v) in list.as_array().into_iter().flatten().enumerate() {
        let Some(fields) = v.as_object() else {
            problems.push(not_an_object(Place::Pair(i), "pair", v));
            continue;
        };
        let whose = pair_named(v, i);
        for (key, value) in fields {
            check_key(problems, (&Place::Pair(i), None), &whose, PAIR, key, value);
        }
    }
}

/// A pair of the result list as a message names it: by its id (and section), or by
/// its place in the list when it has no id to read.
fn pair_named(v: &Value, i: usize) -> String {
    let text = |key: &str| v[key].as_str().filter(|t| !t.is_empty());
    match (text("pair"), text("section")) {
        (Some(id), None) => format!("pair {id}"),
        (Some(id), Some(section)) => format!("pair {id} of section {section}"),
        (None, _) => format!("the pair entry {} of the list", i + 1),
    }
}

/// Each entry of the list `list`, an object with `keys`, placed by `place`.
fn check_list(
    problems: &mut Vec<Problem>,
    list: &Value,
    (what, keys): (&str, &[Key]),
    place: fn(usize) -> Place,
) {
    for (i, v) in list.as_array().into_iter().flatten().enumerate() {
        check_object(problems, (place(i), None), (what, keys), v);
    }
}

/// One entry of a list, `what` with `keys`.
fn check_object(
    problems: &mut Vec<Problem>,
    (place, board): (Place, Option<u32>),
    (what, keys): (&str, &[Key]),
    v: &Value,
) {
    let Some(fields) = v.as_object() else {
        problems.push(Problem {
            board,
            ..not_an_object(place, what, v)
        });
        return;
    };
    let whose = format!("the {what}");
    for (key, value) in fields {
        check_key(problems, (&place, board), &whose, keys, key, value);
    }
}

/// An entry of a list that is not the object it should be.
fn not_an_object(place: Place, what: &str, v: &Value) -> Problem {
    Problem {
        place,
        board: None,
        message: format!(
            "the {what} entry {} is not an object: klaver cannot read it; write each {what} as {{...}}, as klaver writes it",
            shown(v)
        ),
    }
}

/// Key `key` of `whose` (one of `keys`, else unknown) and its value.
fn check_key(
    problems: &mut Vec<Problem>,
    (place, board): (&Place, Option<u32>),
    whose: &str,
    keys: &[Key],
    key: &str,
    value: &Value,
) {
    let mut say = |message: String| {
        problems.push(Problem {
            place: place.clone(),
            board,
            message,
        })
    };
    let Some(&(_, kind, nullable)) = keys.iter().find(|k| k.0 == key) else {
        let known: Vec<&str> = keys.iter().map(|k| k.0).collect();
        say(format!(
            "{whose} has the key \"{key}\", which klaver does not read: correct or remove it (klaver reads {})",
            known.join(", ")
        ));
        return;
    };
    if !(value.is_null() && nullable || fits(kind, value)) {
        let null = if nullable { ", or null" } else { "" };
        say(format!(
            "{whose}'s \"{key}\" is {}: write {}{null}",
            shown(value),
            wanted(kind)
        ));
    }
}

/// Whether `value` is of `kind`.
fn fits(kind: Kind, value: &Value) -> bool {
    match kind {
        Text => value.is_string(),
        Count => value.is_u64(),
        Integer => value.is_i64() || value.is_u64(),
        Number => value.is_number(),
        Flag => value.is_boolean(),
        List => value.is_array(),
        Object => value.is_object(),
        Any => true,
    }
}

/// What a value of `kind` is written as.
fn wanted(kind: Kind) -> &'static str {
    match kind {
        Text => "a text in quotes",
        Count => "a whole number, 0 or more",
        Integer => "a whole number",
        Number => "a number",
        Flag => "true or false",
        List => "a list [...]",
        Object => "an object {...}",
        Any => "anything",
    }
}

/// A value as the message shows it, a long one cut short.
fn shown(v: &Value) -> String {
    let text = v.to_string();
    match text.char_indices().nth(40) {
        Some((end, _)) => format!("{}...", &text[..end]),
        None => text,
    }
}

/// The problems as errors on their lines of `data`.
fn placed(data: &[u8], problems: Vec<Problem>) -> Vec<Diagnostic> {
    if problems.is_empty() {
        return Vec::new();
    }
    use crate::json_places::{element_lines, top_key_lines};
    let keys = top_key_lines(data);
    let boards = element_lines(data, &["boards"]);
    let results = element_lines(data, &["boards", "results"]);
    let pairs = element_lines(data, &["pairs"]);
    let penalties = element_lines(data, &["penalties"]);
    problems
        .into_iter()
        .map(|p| {
            let line = match &p.place {
                Place::Document(key) => keys.iter().find(|k| &k.0 == key).map(|k| k.1),
                Place::Board(i) => boards.get(*i).copied(),
                Place::Result(i) => results.get(*i).copied(),
                Place::Pair(i) => pairs.get(*i).copied(),
                Place::Penalty(i) => penalties.get(*i).copied(),
            };
            Diagnostic::error(line.unwrap_or(0), p.board, p.message)
        })
        .collect()
}
