//! What a director types (`4S N +1`, `3NTX E -2`, `PASS`, `420`, `AVG`, `60/40`) or a
//! table's phone sends (contract, declarer, tricks), turned into a traveller line in
//! klaver's English notation, and checked with the whole session before it is stored.

use crate::i18n::{Field, Key, Lang};
use crate::scoring;
use klaver_core::board::Board;
use klaver_core::contract::Play;
use klaver_core::movement::travellers::check_travellers;
use klaver_core::notation::{self, Entry, Language, Mode};
use klaver_core::session::Severity;
use klaver_store::{Line, Session};

/// The contract part of a line: contract, declarer, result, score, adjustment.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Typed {
    pub contract: String,
    pub declarer: String,
    pub result: String,
    pub score: String,
    pub adjust: String,
}

fn english(entry: &Entry) -> Typed {
    match entry {
        Entry::Passed => Typed {
            contract: "PASS".into(),
            ..Typed::default()
        },
        Entry::Played(p) => Typed {
            contract: notation::format_contract(p.contract(), Language::English),
            declarer: notation::format_seat(p.declarer(), Language::English),
            result: notation::format_result(p.tricks(), p.contract(), Language::English),
            ..Typed::default()
        },
    }
}

/// A stored line's contract, declarer and result (klaver's English notation) as typed in
/// `lang`'s notation, which the page's entry form reads back as the same result
/// (`4S N =` is Turkish `4 Pik K bien`, `PASS` Dutch `PAS`). A contract the store holds
/// that does not read is shown as stored.
pub fn played_in(line: &Line, lang: Language) -> String {
    let stored = format!("{} {} {}", line.contract, line.declarer, line.result);
    match notation::parse_entry(&stored, Language::English, Mode::Strict) {
        Ok((Entry::Played(p), _)) if lang != Language::English => format!(
            "{} {} {}",
            notation::format_contract(p.contract(), lang),
            notation::format_seat(p.declarer(), lang),
            notation::format_result(p.tricks(), p.contract(), lang)
        ),
        Ok((Entry::Passed, _)) => notation::format_entry(&Entry::Passed, lang),
        _ => stored.trim().to_string(),
    }
}

/// Reads a typed entry for `board` in a notation (English, Dutch or Turkish), saying
/// what is wrong in English.
#[cfg(test)]
pub fn read_typed(text: &str, board: u32, lang: Language) -> Result<Typed, String> {
    read_typed_words(text, board, lang, Lang::En)
}

/// Reads a typed entry for `board` in the page's notation, saying what is wrong in the
/// page's language; an adjustment written as the stored line is read back. (What the
/// reading of an adjustment finds is said in English.)
pub fn read_typed_in(text: &str, board: u32, page: Lang) -> Result<Typed, String> {
    read_typed_words(text, board, page.notation(), page)
}

fn read_typed_words(text: &str, board: u32, lang: Language, words: Lang) -> Result<Typed, String> {
    let mut typed = read_typed_text(text, lang, words)?;
    if !typed.adjust.is_empty() {
        typed.adjust = klaver_io::travellers::adjustment_in_english(&typed.adjust, board, lang)?;
    }
    Ok(typed)
}

/// Reads a typed entry in the notation `lang`, an adjustment as typed; what is wrong is
/// said in `words`.
fn read_typed_text(text: &str, lang: Language, words: Lang) -> Result<Typed, String> {
    let t = text.trim();
    if t.is_empty() {
        return Err(words.type_a_result().into());
    }
    // A reversed result: the result as played, then REV (`4S N +1 REV`, `-420 REV`;
    // Dutch `Reverse`, Turkish `Ters`, as the reports print them).
    if let Some(played) = t
        .rsplit_once(char::is_whitespace)
        .filter(|(_, last)| klaver_io::travellers::is_reverse_word(last))
        .map(|(played, _)| played.trim())
        .filter(|p| !p.is_empty())
    {
        let mut typed = read_typed_text(played, lang, words)?;
        if !typed.adjust.is_empty() {
            return Err(words.reverses_nothing().into());
        }
        typed.adjust = "REV".into();
        return Ok(typed);
    }
    if klaver_io::travellers::is_reverse_word(t) {
        return Err(words.reverses_nothing().into());
    }
    if t.parse::<i32>().is_ok() {
        return Ok(Typed {
            score: t.trim_start_matches('+').to_string(),
            ..Typed::default()
        });
    }
    // Kept as typed here; [`read_typed`] writes it as the stored line is read back.
    if klaver_io::travellers::looks_like_adjustment(t) {
        return Ok(Typed {
            adjust: t.to_string(),
            ..Typed::default()
        });
    }
    match notation::parse_entry(t, lang, Mode::Lenient) {
        Ok((entry, assumed)) if assumed.is_empty() => Ok(english(&entry)),
        // What a file's lenient reading warns of is typed again on a page: not guessed.
        Ok((_, assumed)) => Err(words.assumed(&assumed[0])),
        Err(_) if pass_with_more(t, lang) => Err(words.pass_with_more().into()),
        Err(e) => Err(words.unread(&e)),
    }
}

/// Whether a text begins with a pass-out and goes on (`PASS N =`): a pass-out with a
/// declarer or a result, which is not guessed to be either.
fn pass_with_more(text: &str, lang: Language) -> bool {
    text.split_once(char::is_whitespace)
        .is_some_and(|(first, _)| {
            matches!(
                notation::parse_entry(first, lang, Mode::Strict),
                Ok((Entry::Passed, _))
            )
        })
}

/// Reads what a table's phone sends: the contract (or pass), declarer and tricks taken,
/// in the page's language. A pass-out with a declarer or tricks is refused, not stored as
/// a pass-out with the rest dropped: which of the two the table meant is its to say.
pub fn read_table_entry(
    contract: &str,
    declarer: &str,
    tricks: Option<u8>,
    page: Lang,
) -> Result<Typed, String> {
    let lang = page.notation();
    let c = contract.trim();
    if c.eq_ignore_ascii_case("pass") || c.eq_ignore_ascii_case("pas") {
        if !declarer.trim().is_empty() || tricks.is_some() {
            return Err(page.t(Key::PassedHasNoPlay).into());
        }
        return Ok(english(&Entry::Passed));
    }
    let contract = notation::parse_contract(c, lang).map_err(|e| page.contract_misread(&e))?;
    let seat = notation::parse_seat(declarer.trim(), lang).map_err(|e| e.to_string())?;
    let tricks = tricks.ok_or(page.t(Key::ChooseTricks))?;
    let play = Play::new(contract, seat, tricks).map_err(|e| e.to_string())?;
    Ok(english(&Entry::Played(play)))
}

/// North-South's score of a typed result on a board, when it has one.
pub fn score_of(t: &Typed, board: u32) -> Option<i32> {
    if !t.score.is_empty() {
        return t.score.parse().ok();
    }
    if t.contract == "PASS" {
        return Some(0);
    }
    let vul = Board::new(board).ok()?.vulnerability();
    let joined = format!("{} {} {}", t.contract, t.declarer, t.result);
    match notation::parse_entry(&joined, Language::English, Mode::Lenient) {
        Ok((Entry::Played(p), _)) => Some(p.score_ns(vul)),
        _ => None,
    }
}

/// [`check_in`], said in English.
#[cfg(test)]
pub fn check(session: &Session, line: &Line, seating: bool) -> Result<Vec<String>, String> {
    check_in(session, line, seating, Lang::En)
}

/// Checks a new line with the whole session: the errors the travellers' reader finds on
/// it (a 425, a pair not in the session), with `seating` (the director typed the pairs)
/// whether the pairs meet on the board in the night's movement and whether one of them
/// already played the board against another pair, and its warnings. (A table's phone
/// need not ask: its pairs come from the movement.) Said in the page's language: what
/// the reading finds where it carries its `Said` form ([`Lang::finding`]), else in
/// English.
pub fn check_in(
    session: &Session,
    line: &Line,
    seating: bool,
    page: Lang,
) -> Result<Vec<String>, String> {
    let pairs_known = session.pairs.is_empty()
        || [&line.ns, &line.ew].iter().all(|p| {
            session
                .pairs
                .iter()
                .any(|sp| &&sp.pair == p && sp.section == line.section)
        });
    if !pairs_known {
        return Err(page.not_in_session(&line.ns, &line.ew));
    }
    if line.ns == line.ew {
        return Err(page.against_itself(&line.ns));
    }
    // The director types the pairs; a table's phone takes them from the movement, so a
    // clash there is the other line's mistake, and the table's result is kept.
    if seating && let Some(message) = already_on_board(session, line, page) {
        return Err(message);
    }
    // Only the board's own lines can clash with a line of that board: checking those
    // keeps an entry as quick on the last board of a big night as on the first.
    let session = &Session {
        info: session.info.clone(),
        pairs: session.pairs.clone(),
        lines: session
            .lines
            .iter()
            .filter(|l| l.line.board == line.board)
            .cloned()
            .collect(),
        sit_outs: Vec::new(),
    };
    let extra = std::slice::from_ref(line);
    let mut imported = scoring::read_back(session, extra)?;
    // The number the new line is named by in what the reading and the checks say.
    let at = u32::try_from(scoring::stored_number(session, extra, 0)).ok();
    // A night with a movement: the pairs must meet on this board in it.
    if let Some(m) = seating
        .then(|| scoring::session_movement(&session.info))
        .flatten()
    {
        let event = &imported.event;
        let found = check_travellers(&m, &event.pairs, &event.results);
        imported.event.diagnostics.extend(found.diagnostics);
    }
    // What only scoring would find of a line on its own (weights not adding up to 100 %;
    // the pairs' sections were checked above).
    let event = &imported.event;
    let settings = klaver_core::session::Settings {
        top_integral: true,
        ..Default::default()
    };
    let scoring = klaver_core::session::line_errors(&event.pairs, &event.results, &settings);
    imported.event.diagnostics.extend(scoring);
    let mine = |d: &&klaver_core::session::Diagnostic| at.is_some() && d.line == at;
    let errors: Vec<String> = imported
        .event
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .filter(mine)
        .map(|d| page.finding(d))
        .collect();
    if !errors.is_empty() {
        return Err(errors.join("; "));
    }
    Ok(imported
        .event
        .diagnostics
        .iter()
        .filter(mine)
        .map(|d| page.finding(d))
        .collect())
}

/// A line of the same board (section and room) on which one of the new line's pairs
/// played another pair: a pair plays each board once. The same two pairs again are the
/// same result entered twice, a conflict the director settles, and are let through.
fn already_on_board(session: &Session, line: &Line, page: Lang) -> Option<String> {
    let pairs = [line.ns.trim(), line.ew.trim()];
    session.lines.iter().map(|l| &l.line).find_map(|other| {
        let pair = line.pair_also_on(other)?;
        let same_table = pairs
            .iter()
            .all(|p| [other.ns.trim(), other.ew.trim()].contains(p));
        (!same_table).then(|| page.already_played(pair, line.board, &other.ns, &other.ew))
    })
}

/// What the phone proposes when an entered result is far out of line with the field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Plausible {
    /// The same contract by the other side ("did you mean 4S by E?"): a wrong declarer,
    /// which also flips the score's sign.
    Declarer(klaver_core::board::Seat),
    /// A contract that was played on another board of this round.
    Board(u32),
}

/// North-South's score of a stored line, when it is a played result.
fn line_score(line: &Line) -> Option<i32> {
    if !line.adjust.is_empty() || line.contract.is_empty() {
        return None;
    }
    let typed = Typed {
        contract: line.contract.clone(),
        declarer: line.declarer.clone(),
        result: line.result.clone(),
        score: line.score.clone(),
        adjust: String::new(),
    };
    score_of(&typed, u32::try_from(line.board).ok()?)
}

/// A result far out of line with the others on its board (at least two other results,
/// none within 400 points, and outside their range), and the likely intended one: the
/// same contract by the other side when that lands among the field, else another board
/// of the round whose results have this contract by this declarer. `None` when the
/// result is in line or nothing likelier is found: the table's entry stands.
pub fn plausibility(
    line: &Line,
    field: &[Line],
    round_boards: &[(u32, Vec<Line>)],
) -> Option<Plausible> {
    let score = line_score(line)?;
    let scores: Vec<i32> = field
        .iter()
        .filter(|l| l.line_no != line.line_no || l.line_no == 0)
        .filter(|l| !(l.ns == line.ns && l.ew == line.ew))
        .filter_map(line_score)
        .collect();
    let (min, max) = (scores.iter().min()?, scores.iter().max()?);
    let near = |s: i32| {
        scores
            .iter()
            .map(|f| (s - f).abs())
            .min()
            .unwrap_or(i32::MAX)
    };
    if scores.len() < 2 || (*min..=*max).contains(&score) || near(score) < 400 {
        return None;
    }
    let board = u32::try_from(line.board).ok()?;
    let joined = format!("{} {} {}", line.contract, line.declarer, line.result);
    if let Ok((Entry::Played(p), _)) =
        notation::parse_entry(&joined, Language::English, Mode::Lenient)
    {
        let other = p.declarer().next();
        let vul = Board::new(board).ok()?.vulnerability();
        if let Ok(q) = Play::new(p.contract(), other, p.tricks())
            && near(q.score_ns(vul)) < 100
        {
            return Some(Plausible::Declarer(other));
        }
    }
    round_boards
        .iter()
        .filter(|(b, _)| *b != board)
        .find(|(_, lines)| {
            lines
                .iter()
                .any(|l| l.contract == line.contract && l.declarer == line.declarer)
        })
        .map(|(b, _)| Plausible::Board(*b))
}

/// The longest text a field of a result, a name or a reason may hold.
pub const MAX_FIELD: usize = 200;

/// Refuses a field longer than `max` characters, naming it, in English.
#[cfg(test)]
pub fn check_length(what: &str, text: &str, max: usize) -> Result<(), String> {
    check_length_in(what, text, max, Lang::En)
}

/// Refuses a field longer than `max` characters, naming it (`what`, in the page's
/// language), in the page's language; counted without reading further than needed.
pub fn check_length_in(what: &str, text: &str, max: usize, page: Lang) -> Result<(), String> {
    match text.char_indices().nth(max) {
        None => Ok(()),
        Some(_) => Err(page.too_long(what, text.chars().count(), max)),
    }
}

/// Reads an opening lead as one card, in the page's notation or with a suit symbol,
/// as [`klaver_core::lead::read_card`] reads one (`HK`, `♥K`, `S10`; Dutch `HV`, `KB`;
/// Turkish `PK` for the queen of spades; in English also `KH`). Gives it as PBN writes
/// it (`HK`, `ST`), or "" for no lead. What is wrong is said in the notation's language.
pub fn read_lead(text: &str, lang: Language) -> Result<String, String> {
    let t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    if t.is_empty() {
        return Ok(String::new());
    }
    let words = Lang::of_notation(lang);
    check_length_in(words.say(Field::Lead), &t, 8, words)?;
    klaver_core::lead::read_card(&t, lang).ok_or_else(|| words.not_a_card(&t))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stored result in each page's notation reads back as the same result: a pass-out
    /// was shown as PASS on every page.
    #[test]
    fn a_stored_result_reads_back_in_the_pages_notation() {
        let stored = |contract: &str, declarer: &str, result: &str| Line {
            board: 1,
            contract: contract.into(),
            declarer: declarer.into(),
            result: result.into(),
            ..Line::default()
        };
        for line in [
            stored("PASS", "", ""),
            stored("3NTX", "S", "-2"),
            stored("4D", "E", "+1"),
        ] {
            for page in [Lang::En, Lang::Nl, Lang::Tr] {
                let shown = played_in(&line, page.notation());
                let back = read_typed_in(&shown, 1, page).unwrap();
                let again = (
                    back.contract.as_str(),
                    back.declarer.as_str(),
                    back.result.as_str(),
                );
                let want = (
                    line.contract.as_str(),
                    line.declarer.as_str(),
                    line.result.as_str(),
                );
                assert_eq!(again, want, "{page:?}: {shown}");
            }
        }
        assert_eq!(played_in(&stored("PASS", "", ""), Language::Dutch), "PAS");
    }
    use klaver_store::StoredLine;

    fn played(board: i64, ns: &str, contract: &str, declarer: &str, result: &str) -> Line {
        Line {
            board,
            ns: ns.into(),
            ew: format!("{ns}0"),
            contract: contract.into(),
            declarer: declarer.into(),
            result: result.into(),
            ..Line::default()
        }
    }

    /// A pair that already has a line of the board is refused on another one the
    /// director types, naming the pairs of that line (a night without a movement has
    /// no seating to catch it); a table's phone, whose pairs come from the movement, is
    /// not refused: its result is kept.
    #[test]
    fn a_pair_already_on_the_board_is_refused() {
        let line = |line_no: i64, ns: &str, ew: &str| Line {
            line_no,
            board: 1,
            ns: ns.into(),
            ew: ew.into(),
            score: "420".into(),
            ..Line::default()
        };
        let session = Session {
            lines: vec![StoredLine {
                line: line(1, "1", "2"),
                version: 1,
                entered_by: "import".into(),
            }],
            ..Session::default()
        };
        for (ns, ew) in [("3", "2"), ("1", "4"), ("2", "3")] {
            assert!(check(&session, &line(2, ns, ew), false).is_ok());
            assert_eq!(
                check(&session, &line(2, ns, ew), true),
                Err(format!(
                    "pair {} already played board 1 (1 v 2): correct that line instead",
                    if ["1", "2"].contains(&ns) { ns } else { ew }
                )),
                "{ns} v {ew}"
            );
        }
        assert_eq!(check(&session, &line(2, "3", "4"), true), Ok(vec![]));
        let other_board = Line {
            board: 2,
            score: "620".into(),
            ..line(2, "1", "2")
        };
        assert_eq!(check(&session, &other_board, true), Ok(vec![]));
        // The same two pairs again: the same result entered twice, settled as a conflict.
        assert!(check(&session, &line(2, "2", "1"), true).is_ok());
        assert!(check(&session, &line(2, "1", "2"), true).is_ok());
    }

    /// A new line's own error is found whatever number it will get, and the lines read
    /// back are named by their stored numbers, not by their places in what was read
    /// (here only board 1's lines, 1 and 3, are read with the new one).
    #[test]
    fn a_new_line_is_checked_under_the_number_it_will_get() {
        let stored = |line_no: i64, board: i64, ns: &str, ew: &str, score: &str| StoredLine {
            line: Line {
                line_no,
                board,
                ns: ns.into(),
                ew: ew.into(),
                score: score.into(),
                ..Line::default()
            },
            version: 1,
            entered_by: "import".into(),
        };
        let session = Session {
            lines: vec![
                stored(1, 1, "1", "2", "420"),
                stored(2, 2, "1", "2", "-100"),
                stored(3, 1, "3", "4", "450"),
            ],
            ..Session::default()
        };
        let new = |score: &str| Line {
            board: 1,
            ns: "5".into(),
            ew: "6".into(),
            score: score.into(),
            ..Line::default()
        };
        let refused = check(&session, &new("425"), true).unwrap_err();
        assert!(refused.contains("425 is not a score"), "{refused}");
        assert_eq!(check(&session, &new("420"), true), Ok(vec![]));
        let board_1 = Session {
            lines: vec![session.lines[0].clone(), session.lines[2].clone()],
            ..Session::default()
        };
        let extra = [new("420")];
        let read = scoring::read_back(&board_1, &extra).unwrap();
        let lines: Vec<u32> = read.event.results.iter().map(|r| r.line()).collect();
        assert_eq!(lines, [1, 3, 4]);
        assert_eq!(scoring::stored_number(&session, &extra, 0), 4);
    }

    #[test]
    fn a_result_far_out_of_line_gets_a_likelier_one_proposed() {
        use klaver_core::board::Seat;
        // Board 1 (nobody vulnerable): the field played 4S by East (-420, -450).
        let field = vec![
            played(1, "1", "4S", "E", "="),
            played(1, "2", "4S", "E", "+1"),
            played(1, "3", "4S", "E", "="),
        ];
        let mine = played(1, "4", "4S", "N", "=");
        assert_eq!(
            plausibility(&mine, &field, &[]),
            Some(Plausible::Declarer(Seat::East))
        );
        // In line with the field: nothing to say.
        let fine = played(1, "4", "4S", "E", "+1");
        assert_eq!(plausibility(&fine, &field, &[]), None);
        // Too few other results to judge.
        assert_eq!(plausibility(&mine, &field[..1], &[]), None);
        // 6NT by South (+990) against a field of 4S by East: it was board 2's contract.
        let board2 = vec![
            played(2, "7", "6NT", "S", "="),
            played(2, "8", "6NT", "S", "="),
        ];
        let other = played(1, "4", "6NT", "S", "=");
        assert_eq!(
            plausibility(&other, &field, &[(1, field.clone()), (2, board2)]),
            Some(Plausible::Board(2))
        );
        // Far out of line, but nothing likelier: the entry stands without a proposal.
        let lone = played(1, "4", "7NT", "N", "=");
        assert_eq!(plausibility(&lone, &field, &[]), None);
    }

    #[test]
    fn a_lead_is_one_card_in_the_pages_notation() {
        let en = |t| read_lead(t, Language::English);
        assert_eq!(en("HK").unwrap(), "HK");
        assert_eq!(en("kh").unwrap(), "HK");
        assert_eq!(en("♠10").unwrap(), "ST");
        assert_eq!(en("10♠").unwrap(), "ST");
        assert_eq!(en(" c 2 ").unwrap(), "C2");
        assert_eq!(en("").unwrap(), "");
        for bad in ["HX", "H1", "S11", "KK", "4S N", "hello", "♥"] {
            assert!(en(bad).unwrap_err().contains("is not a card"), "{bad}");
        }
        let long = "H".repeat(1_900_000);
        assert_eq!(
            en(&long).unwrap_err(),
            "the lead is too long (1900000 characters): at most 8 are taken"
        );
        let nl = |t| read_lead(t, Language::Dutch);
        assert_eq!(nl("HV").unwrap(), "HQ");
        assert_eq!(nl("KB").unwrap(), "CJ");
        assert_eq!(nl("RH").unwrap(), "DK");
        assert_eq!(nl("SA").unwrap(), "SA");
        assert!(nl("VH").is_err(), "Dutch letters: the suit first");
        let tr = |t| read_lead(t, Language::Turkish);
        assert_eq!(tr("PK").unwrap(), "SQ");
        assert_eq!(tr("KP").unwrap(), "HK");
        assert_eq!(tr("KA").unwrap(), "HA");
        assert_eq!(tr("KA10").unwrap(), "DT");
        assert_eq!(tr("TV").unwrap(), "CJ");
    }

    #[test]
    fn long_fields_are_refused_by_name() {
        assert!(check_length("reason", &"x".repeat(MAX_FIELD), MAX_FIELD).is_ok());
        assert_eq!(
            check_length("reason", &"é".repeat(MAX_FIELD + 1), MAX_FIELD).unwrap_err(),
            "the reason is too long (201 characters): at most 200 are taken"
        );
    }

    #[test]
    fn typed_results_in_every_notation() {
        let t = read_typed("4S N +1", 1, Language::English).unwrap();
        assert_eq!(
            (t.contract.as_str(), t.declarer.as_str(), t.result.as_str()),
            ("4S", "N", "+1")
        );
        assert_eq!(score_of(&t, 1), Some(450));
        let t = read_typed("3SAX O -2", 1, Language::Dutch).unwrap();
        assert_eq!((t.contract.as_str(), t.declarer.as_str()), ("3NTX", "E"));
        assert_eq!(
            score_of(&t, 2),
            Some(300),
            "East doubled two down, East-West not vulnerable"
        );
        assert_eq!(
            read_typed("pass", 1, Language::English).unwrap().contract,
            "PASS"
        );
        assert_eq!(
            read_typed("-100", 1, Language::English).unwrap().score,
            "-100"
        );
        assert_eq!(
            read_typed("60/40", 1, Language::English).unwrap().adjust,
            "60/40"
        );
        assert_eq!(
            read_typed("avg+", 1, Language::English).unwrap().adjust,
            "avg+"
        );
        assert!(read_typed("8S N =", 1, Language::English).is_err());
        for pass in ["PASS N =", "pass N 10", "P E -1"] {
            let e = read_typed(pass, 1, Language::English).unwrap_err();
            assert!(
                e.starts_with("a passed-out board has no declarer"),
                "{pass}: {e}"
            );
        }
        let e = read_typed("PAS N =", 1, Language::Dutch).unwrap_err();
        assert!(e.starts_with("a passed-out board has no declarer"), "{e}");
        // A sign with no number, or a zero, was read as made without a word.
        for old_style in ["4S N -", "N4S+", "4S N +0", "4S N -0"] {
            let e = read_typed(old_style, 1, Language::English).unwrap_err();
            assert!(e.contains("type = for made exactly"), "{old_style}: {e}");
        }
        let rev = read_typed("4S N +1 rev", 1, Language::English).unwrap();
        assert_eq!((rev.contract.as_str(), rev.adjust.as_str()), ("4S", "REV"));
        // Stored as it reads back, whatever the page's language.
        // The words the travellers' reader takes, in each notation as the reports
        // print them: Reverse (Dutch) and Ters (Turkish) as well as REV.
        for (typed, lang) in [
            ("4SN+1 REV", Language::Dutch),
            ("4 Pik K +1 REV", Language::Turkish),
            ("4SN+1 Reverse", Language::Dutch),
            ("4S N +1 reverse", Language::English),
            ("4 Pik K +1 Ters", Language::Turkish),
        ] {
            let rev = read_typed(typed, 1, lang).unwrap();
            assert_eq!(
                (rev.contract.as_str(), rev.adjust.as_str()),
                ("4S", "REV"),
                "{lang:?}"
            );
        }
        assert_eq!(
            read_typed("-420 REV", 1, Language::English).unwrap().score,
            "-420"
        );
        assert!(read_typed("AVG REV", 1, Language::English).is_err());
        // Reversing nothing is not a result.
        for lone in ["REV", "Reverse", "ters"] {
            assert!(read_typed(lone, 1, Language::Dutch).is_err(), "{lone}");
        }
        let w = read_typed("W 30% 4SN= 70% 4SN-1", 1, Language::English).unwrap();
        assert_eq!(w.adjust, "W 30% 4SN= 70% 4SN-1");
        assert!(read_typed("", 1, Language::English).is_err());
        let t = read_table_entry("4 Pik", "K", Some(11), Lang::Tr).unwrap();
        assert_eq!(
            (t.contract.as_str(), t.declarer.as_str(), t.result.as_str()),
            ("4S", "N", "+1")
        );
        assert_eq!(
            read_table_entry("pass", "", None, Lang::En)
                .unwrap()
                .contract,
            "PASS"
        );
        assert!(read_table_entry("4S", "N", None, Lang::En).is_err());
        assert!(read_table_entry("4S", "N", Some(14), Lang::En).is_err());
        // A pass-out with a declarer or tricks is not guessed to be a pass-out.
        for (declarer, tricks) in [("N", None), ("", Some(10)), ("O", Some(0))] {
            let e = read_table_entry("pas", declarer, tricks, Lang::Nl).unwrap_err();
            assert!(e.starts_with("een gepast spel heeft geen leider"), "{e}");
        }
    }

    /// A contract the table's phone cannot read was refused in English on a Dutch or
    /// Turkish page. The refusal is in the page's language, with the text as typed.
    #[test]
    fn a_contract_typo_is_refused_in_the_pages_language() {
        let cases = [
            ("8S", Lang::En, "\"8S\": the level is 1 to 7, not 8"),
            (
                "8S",
                Lang::Nl,
                "\"8S\": het niveau is 1 tot en met 7, niet 8",
            ),
            (
                "8 Pik",
                Lang::Tr,
                "\"8 Pik\": seviye 1 ile 7 arasında olmalı, 8 değil",
            ),
            (
                "S4",
                Lang::En,
                "\"S4\" is not a contract: type the level (1-7) and the strain, such as 4S, 3NT, or pass",
            ),
            (
                "S4",
                Lang::Nl,
                "\"S4\" is geen contract: typ het niveau (1-7) en de kleur, zoals 4S, 3SA, of pas",
            ),
            (
                "Pik",
                Lang::Tr,
                "\"Pik\" bir kontrat değil: seviyeyi (1-7) ve rengi yazın, örneğin 4 Pik, 3 SA ya da pas",
            ),
            (
                "4X",
                Lang::En,
                "\"4X\": after the level 4 comes the strain: C D H S NT",
            ),
            (
                "4X",
                Lang::Nl,
                "\"4X\": na het niveau 4 komt de kleur: K R H S SA",
            ),
            (
                "4 X",
                Lang::Tr,
                "\"4 X\": 4 seviyesinden sonra renk gelir: Trefl Karo Kupa Pik SA",
            ),
            (
                "4S N",
                Lang::En,
                "\"4S N\": type only the contract here; the declarer and the tricks are chosen below",
            ),
            (
                "4S N",
                Lang::Nl,
                "\"4S N\": typ hier alleen het contract; de leider en de slagen kiest u hieronder",
            ),
            (
                "4 Pik K",
                Lang::Tr,
                "\"4 Pik K\": buraya yalnızca kontratı yazın; deklaran ve löve sayısı aşağıda seçilir",
            ),
            (" ", Lang::Nl, "typ het contract, zoals 4S, 3SA, of pas"),
        ];
        for (typed, page, want) in cases {
            let e = read_table_entry(typed, "N", Some(10), page).unwrap_err();
            assert_eq!(e, want, "{typed:?} {page:?}");
        }
        let e = read_table_entry("4S", "N", None, Lang::Nl).unwrap_err();
        assert_eq!(e, "kies het aantal slagen dat de leider maakte");
        let e = read_table_entry("4 Pik", "K", None, Lang::Tr).unwrap_err();
        assert_eq!(e, "deklaranın aldığı löve sayısını seçin");
    }
}

#[cfg(test)]
mod typed_adjustments {
    use super::*;
    use klaver_io::travellers::{ReadOptions, read_travellers};

    /// The outcome of a line holding `adjust` on board 1, read in `lang`, as the stored
    /// lines are read back.
    fn outcome(adjust: &str, lang: Language) -> Result<String, String> {
        // A side's own split stands beside the score the other side keeps.
        let score = if adjust.contains(' ') && !adjust.contains('%') {
            "420"
        } else {
            ""
        };
        let csv = format!("board,ns,ew,score,adjust\n1,1,2,{score},{adjust}\n");
        let event = read_travellers(
            csv.as_bytes(),
            ReadOptions {
                lang,
                ..ReadOptions::default()
            },
        )
        .map_err(|e| e.to_string())?;
        match event.diagnostics.first() {
            Some(d) => Err(d.to_string()),
            None => Ok(format!("{:?}", event.results[0])),
        }
    }

    #[test]
    fn an_adjustment_typed_in_the_pages_notation_is_stored_as_it_reads_back() {
        for (typed, lang) in [
            ("W 30% 4HO= 70% 4HO-1", Language::Dutch),
            ("Gewogen 50% 3ZN= 50% 3ZN-1", Language::Dutch),
            ("GEM+", Language::Dutch),
            ("NZ GEM-", Language::Dutch),
            ("Ortalama+", Language::Turkish),
            ("Ağırlıklı 50% 420 50% -50", Language::Turkish),
            ("W 30% 4SN= 70% 4SN-1", Language::English),
        ] {
            let meant = outcome(typed, lang).unwrap();
            let t = read_typed(typed, 1, lang).unwrap_or_else(|e| panic!("{typed}: {e}"));
            // The stored lines are read back in English.
            let stored = outcome(&t.adjust, Language::English);
            assert_eq!(
                stored.as_ref(),
                Ok(&meant),
                "{typed} stored as {:?}",
                t.adjust
            );
        }
    }
}
