//! PBN's import syntax (sections 2.4, 3 and 4.8 of the standard): the text split into
//! tokens with their lines, grouped into games of tags with their section data, and tag
//! values inherited with `#` and `##`. What cannot be read is a diagnostic with its line.

use klaver_core::session::Diagnostic;
use std::collections::HashMap;

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Open,
    Close,
    Str(String),
    Sym(String),
    GameBreak,
}

/// The games of PBN text, each with its tags in file order, inherited values filled in.
pub(crate) fn read_games(text: &str, diags: &mut Vec<Diagnostic>) -> Vec<Game> {
    games(tokenize(text, diags), diags)
}

/// Splits PBN text into tokens with their lines (sections 2.4, 3, 3.2, 3.8).
fn tokenize(text: &str, diags: &mut Vec<Diagnostic>) -> Vec<(Tok, u32)> {
    let mut lx = Lexer {
        b: text.chars().collect(),
        i: 0,
        line: 1,
        toks: Vec::new(),
        diags,
    };
    let mut line_start = true;
    while lx.i < lx.b.len() {
        if line_start {
            line_start = false;
            if lx.start_line() {
                continue;
            }
        }
        let c = lx.b[lx.i];
        if lx.is_nl(lx.i) {
            lx.line += 1;
            line_start = true;
            lx.i += 1;
            continue;
        }
        if c.is_whitespace() || c.is_control() {
            lx.i += 1;
            continue;
        }
        lx.token(c);
    }
    lx.toks
}

/// PBN text read one token at a time: the characters, where the reading is, the line
/// it is on, the tokens so far and the warnings.
struct Lexer<'a> {
    b: Vec<char>,
    i: usize,
    line: u32,
    toks: Vec<(Tok, u32)>,
    diags: &'a mut Vec<Diagnostic>,
}

impl Lexer<'_> {
    /// Whether a line ends at `i`: LF, or a CR not followed by LF.
    fn is_nl(&self, i: usize) -> bool {
        self.b[i] == '\n' || (self.b[i] == '\r' && self.b.get(i + 1) != Some(&'\n'))
    }

    /// Moves to the end of the line (onto its line end).
    fn skip_line(&mut self) {
        while self.i < self.b.len() && !self.is_nl(self.i) {
            self.i += 1;
        }
    }

    /// At a line's start: passes over an escape line (`%`), saying so, and marks a line of
    /// nothing but blanks as the end of a game.
    fn start_line(&mut self) -> bool {
        if self.b[self.i] == '%' {
            self.skip_line();
            return true;
        }
        let mut j = self.i;
        while j < self.b.len()
            && matches!(self.b[j], ' ' | '\t' | '\x0b' | '\x0c' | '\r')
            && !self.is_nl(j)
        {
            j += 1;
        }
        if j >= self.b.len() || self.is_nl(j) {
            self.toks.push((Tok::GameBreak, self.line));
        }
        false
    }

    /// The token that starts with `c` (not a blank): a comment is passed over.
    fn token(&mut self, c: char) {
        match c {
            ';' => self.skip_line(),
            '{' => self.brace_comment(),
            '[' => {
                self.toks.push((Tok::Open, self.line));
                self.i += 1;
            }
            ']' => {
                self.toks.push((Tok::Close, self.line));
                self.i += 1;
            }
            '"' => self.string(),
            '}' => {
                self.diags.push(Diagnostic::warning(
                    self.line,
                    None,
                    "a } without a { before it was ignored",
                ));
                self.i += 1;
            }
            _ => self.symbol(),
        }
    }

    /// A comment from `{` to `}`, over as many lines as it takes.
    fn brace_comment(&mut self) {
        let start = self.line;
        self.i += 1;
        while self.i < self.b.len() && self.b[self.i] != '}' {
            if self.is_nl(self.i) {
                self.line += 1;
            }
            self.i += 1;
        }
        if self.i >= self.b.len() {
            self.diags.push(Diagnostic::warning(
                start,
                None,
                "a comment opened with { is never closed with }: the rest of the file was read as comment",
            ));
        }
        self.i += 1;
    }

    /// A quoted string, `\"` and `\\` standing for `"` and `\`; one left open ends at
    /// its line's end, with a warning.
    fn string(&mut self) {
        let mut s = String::new();
        self.i += 1;
        let mut closed = false;
        while self.i < self.b.len() && !self.is_nl(self.i) {
            match self.b[self.i] {
                '"' => {
                    closed = true;
                    self.i += 1;
                    break;
                }
                '\\' if matches!(self.b.get(self.i + 1), Some('"') | Some('\\')) => {
                    s.push(self.b[self.i + 1]);
                    self.i += 2;
                }
                ch => {
                    s.push(ch);
                    self.i += 1;
                }
            }
        }
        if !closed {
            self.diags.push(Diagnostic::warning(
                self.line,
                None,
                "a string is not closed with a double quote mark before the end of the line: it was read up to the line's end",
            ));
        }
        self.toks.push((Tok::Str(s), self.line));
    }

    /// A symbol: everything up to a blank, a control character or a PBN delimiter.
    fn symbol(&mut self) {
        let mut s = String::new();
        while self.i < self.b.len()
            && !self.b[self.i].is_whitespace()
            && !self.b[self.i].is_control()
            && !matches!(self.b[self.i], '[' | ']' | '{' | '}' | ';' | '"')
        {
            s.push(self.b[self.i]);
            self.i += 1;
        }
        self.toks.push((Tok::Sym(s), self.line));
    }
}

/// A table or section element: its text, whether it was a quoted string, and its line.
#[derive(Debug, Clone)]
pub(crate) struct Element {
    pub(crate) text: String,
    pub(crate) line: u32,
}

/// A tag pair and the section data that follows it.
#[derive(Debug, Clone)]
pub(crate) struct Tag {
    pub(crate) name: String,
    pub(crate) value: String,
    pub(crate) line: u32,
    pub(crate) data: Vec<Element>,
}

/// One PBN game: its tags in file order (a repeated tag is ignored, section 3.4).
#[derive(Debug, Clone, Default)]
pub(crate) struct Game {
    pub(crate) tags: Vec<Tag>,
}

impl Game {
    pub(crate) fn tag(&self, name: &str) -> Option<&Tag> {
        self.tags.iter().find(|t| t.name.eq_ignore_ascii_case(name))
    }

    pub(crate) fn value(&self, name: &str) -> Option<&str> {
        self.tag(name).map(|t| t.value.as_str())
    }
}

/// Elements after a game's end and before the next game's first tag: data of no tag.
const OUTSIDE_ANY_TAG: &str = "text outside any tag was not read: a blank line ends a game, so the lines after one inside a table (a ScoreTable's rows) belong to no table; remove the blank line, or the text";

/// The errors of a game's tags that occurred before in it, which the import format
/// ignores: a second [Board] (two games run together without the blank line that ends
/// one: said once, for everything after it), a tag with a section of data (its rows of
/// results), and a tag given again with another value. A tag given again with its own
/// value loses nothing, and Note tags may repeat (section 3.5.5).
fn repeated_tags(game: &Game) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for t in &game.tags {
        let Some(name) = t.name.strip_prefix('\u{0}') else {
            continue;
        };
        let first = game.tag(name);
        let message = if name.eq_ignore_ascii_case("Board") {
            let at = first.map_or(0, |f| f.line);
            out.push(Diagnostic::error(
                t.line,
                None,
                format!("a second [Board] in one game (the first at line {at}): a blank line ends a game, so the tags from here on were not read as a game of their own; put a blank line before this [Board]"),
            ));
            break;
        } else if !t.data.is_empty() {
            format!(
                "a second {name} in one game was not read, nor its rows: give each game's {name} once, or start a new game with a blank line and its [Board]"
            )
        } else if let Some(f) =
            first.filter(|f| f.value != t.value && !name.eq_ignore_ascii_case("Note"))
        {
            format!(
                "[{name} \"{}\"] repeats this game's [{} \"{}\"] (line {}) with another value, and was not read: give each tag once in a game",
                t.value, f.name, f.value, f.line
            )
        } else {
            continue;
        };
        out.push(Diagnostic::error(t.line, None, message));
    }
    out
}

/// The tags of PBN 2.1 (sections 3 and 4) that have a value and no section data.
const NO_SECTION: &[&str] = &[
    "Event",
    "Site",
    "Date",
    "Board",
    "West",
    "North",
    "East",
    "South",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Scoring",
    "Declarer",
    "Contract",
    "Result",
    "Note",
    "Competition",
    "DealId",
    "Description",
    "FrenchMP",
    "Generator",
    "Hidden",
    "Room",
    "Termination",
    "Score",
    "ScoreIMP",
    "ScoreMP",
    "ScorePercentage",
    "ScoreRubber",
    "ScoreRubberHistory",
    "OptimumScore",
    "BidSystemEW",
    "BidSystemNS",
    "PairEW",
    "PairNS",
    "WestNA",
    "NorthNA",
    "EastNA",
    "SouthNA",
    "WestType",
    "NorthType",
    "EastType",
    "SouthType",
    "EventDate",
    "EventSponsor",
    "HomeTeam",
    "Round",
    "Section",
    "Stage",
    "Table",
    "VisitTeam",
    "Time",
    "UTCDate",
    "UTCTime",
    "TimeControl",
    "TimeCall",
    "TimeCard",
    "Annotator",
    "AnnotatorNA",
    "Application",
    "Mode",
];

/// A warning for text after tag `t` when the standard gives the tag no section data (a
/// second hand after [Dealer], a stray word after [Deal]): kept as its section, it is
/// read by no one. A table's rows, an auction, a play, and the data of a tag klaver
/// does not know (which may have a section of its own) are not said here.
fn stray_section_data(t: &Tag) -> Option<Diagnostic> {
    let first = t.data.first()?;
    let name = t.name.strip_prefix('\u{0}').unwrap_or(&t.name);
    if !NO_SECTION.iter().any(|n| n.eq_ignore_ascii_case(name)) {
        return None;
    }
    let text: Vec<&str> = t.data.iter().map(|e| e.text.as_str()).collect();
    let text = text.join(" ");
    let shown = match text.char_indices().nth(40) {
        Some((at, _)) => format!("{}...", &text[..at]),
        None => text,
    };
    Some(Diagnostic::warning(
        first.line,
        None,
        format!(
            "{shown:?} after [{name}] was not read: the tag has no section data in PBN 2.1; remove the text, or give it its own tag"
        ),
    ))
}

/// Groups tokens into games and resolves tag value inheritance (section 4.8).
fn games(toks: Vec<(Tok, u32)>, diags: &mut Vec<Diagnostic>) -> Vec<Game> {
    let mut out = grouped(&toks, diags);
    inherit(&mut out);
    out
}

/// The games the tokens make: each a run of tags, ended by a blank line.
fn grouped(toks: &[(Tok, u32)], diags: &mut Vec<Diagnostic>) -> Vec<Game> {
    let mut out: Vec<Game> = Vec::new();
    let mut cur = Game::default();
    let mut k = 0;
    // Whether elements outside any tag have been said since the last tag or game end.
    let mut stray_said = false;
    let finish = |cur: &mut Game, out: &mut Vec<Game>, diags: &mut Vec<Diagnostic>| {
        diags.extend(repeated_tags(cur));
        diags.extend(cur.tags.iter().filter_map(stray_section_data));
        if !cur.tags.is_empty() {
            out.push(std::mem::take(cur));
        }
    };
    while k < toks.len() {
        let (tok, line) = (&toks[k].0, toks[k].1);
        match tok {
            Tok::GameBreak => {
                finish(&mut cur, &mut out, diags);
                stray_said = false;
                k += 1;
            }
            Tok::Open => match tag_at(toks, k, &mut cur) {
                Some(next) => (k, stray_said) = (next, false),
                None => k = skip_bad_tag(toks, k, diags),
            },
            Tok::Close => {
                diags.push(Diagnostic::warning(
                    line,
                    None,
                    "a ] without its [ was skipped",
                ));
                k += 1;
            }
            Tok::Str(s) | Tok::Sym(s) => {
                match cur.tags.last_mut() {
                    Some(t) => t.data.push(Element {
                        text: s.clone(),
                        line,
                    }),
                    None if !stray_said => {
                        diags.push(Diagnostic::error(line, None, OUTSIDE_ANY_TAG));
                        stray_said = true;
                    }
                    None => {}
                }
                k += 1;
            }
        }
    }
    finish(&mut cur, &mut out, diags);
    out
}

/// The tag `[Name "value"]` opened at token `k`, added to `game`: the token after it;
/// `None` when the tokens there make no tag.
fn tag_at(toks: &[(Tok, u32)], k: usize, game: &mut Game) -> Option<usize> {
    let line = toks[k].1;
    let (Some((Tok::Sym(name), _)), Some((Tok::Str(value), _)), Some((Tok::Close, _))) =
        (toks.get(k + 1), toks.get(k + 2), toks.get(k + 3))
    else {
        return None;
    };
    if !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    let tag = if game.tags.iter().any(|t| t.name.eq_ignore_ascii_case(name)) {
        // Import format: a tag that already occurred is ignored; a dummy tag keeps its
        // value and section data apart, to be said if they differ.
        Tag {
            name: format!("\u{0}{name}"),
            value: value.clone(),
            line,
            data: Vec::new(),
        }
    } else {
        Tag {
            name: name.clone(),
            value: value.clone(),
            line,
            data: Vec::new(),
        }
    };
    game.tags.push(tag);
    Some(k + 4)
}

/// Says that the tag opened at token `k` is incomplete and skips to the next tag or
/// game: the token to go on from.
fn skip_bad_tag(toks: &[(Tok, u32)], k: usize, diags: &mut Vec<Diagnostic>) -> usize {
    diags.push(Diagnostic::error(
        toks[k].1,
        None,
        "a tag must be [Name \"value\"]: this one is incomplete; it was skipped",
    ));
    let mut k = k + 1;
    while k < toks.len() && !matches!(toks[k].0, Tok::Open | Tok::GameBreak) {
        k += 1;
    }
    k
}

/// Inheritance: "#" repeats the previous game's value, "##text" sets text for this and
/// every following game that does not give the tag.
fn inherit(games: &mut [Game]) {
    let mut last: HashMap<String, String> = HashMap::new();
    let mut sticky: Vec<(String, String, u32)> = Vec::new();
    for g in games {
        for t in &mut g.tags {
            if t.value == "#" {
                t.value = last.get(&t.name).cloned().unwrap_or_default();
            } else if let Some(v) = t.value.strip_prefix("##") {
                t.value = v.to_string();
                sticky.retain(|(n, _, _)| *n != t.name);
                sticky.push((t.name.clone(), t.value.clone(), t.line));
            }
            last.insert(t.name.clone(), t.value.clone());
        }
        for (name, value, line) in &sticky {
            if !g.tags.iter().any(|t| t.name == *name) {
                g.tags.push(Tag {
                    name: name.clone(),
                    value: value.clone(),
                    line: *line,
                    data: Vec::new(),
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Text after a tag that has no section data in PBN 2.1 (`garbage` after a [Deal], a
    /// second hand after [Dealer]) was kept as its section and read by no one, without a
    /// word. It is a warning naming its line and the tag; a table's rows, an auction, a
    /// play and a tag klaver does not know (which may have a section of its own) are not.
    #[test]
    fn text_after_a_tag_without_section_data_is_said() {
        let text = "[Board \"1\"]\n[Dealer \"N\"]\nS:AKQJ.T98.765.432\n[Deal \"N:AT987.64.AJ4.K65 QJ5.Q72.T85.JT98 62.AJT985.K3.432 K43.K3.Q9762.AQ7\"]\ngarbage here\n[Auction \"N\"]\n1S Pass\n[ScoreTable \"Score_NS\"]\n420\n[MyTable \"x\"]\n1 2\n";
        let mut diags = Vec::new();
        let games = read_games(text, &mut diags);
        assert_eq!(games.len(), 1);
        let said: Vec<String> = diags.iter().map(|d| d.to_string()).collect();
        assert_eq!(
            said,
            [
                "line 3: \"S:AKQJ.T98.765.432\" after [Dealer] was not read: the tag has no section data in PBN 2.1; remove the text, or give it its own tag",
                "line 5: \"garbage here\" after [Deal] was not read: the tag has no section data in PBN 2.1; remove the text, or give it its own tag",
            ]
        );
    }

    /// Every kind of token and comment, with the line each is on: escape lines, `;` and
    /// `{ }` comments over lines, escaped quotes, blank lines ending games (a lone CR ends a
    /// line: `\r\r` is a blank line), line ends of every kind, and the warnings for what is left open or stray.
    #[test]
    fn tokens_and_their_lines() {
        let text = "% PBN 2.1\r\n[Event \"a \\\"b\\\" \\\\ c\"] ; note\r\n{ two\nlines }[Board \"1\"]\r\r  \t\n[Deal \"N:-\n}x y\n[Open \"no end\n{ never closed\n[Gone \"\"]";
        let mut diags = Vec::new();
        let toks = tokenize(text, &mut diags);
        let sym = |s: &str| Tok::Sym(s.into());
        let string = |s: &str| Tok::Str(s.into());
        let want = vec![
            (Tok::Open, 2),
            (sym("Event"), 2),
            (string("a \"b\" \\ c"), 2),
            (Tok::Close, 2),
            (Tok::Open, 4),
            (sym("Board"), 4),
            (string("1"), 4),
            (Tok::Close, 4),
            (Tok::GameBreak, 5),
            (Tok::GameBreak, 6),
            (Tok::Open, 7),
            (sym("Deal"), 7),
            (string("N:-"), 7),
            (sym("x"), 8),
            (sym("y"), 8),
            (Tok::Open, 9),
            (sym("Open"), 9),
            (string("no end"), 9),
        ];
        assert_eq!(toks, want);
        let said: Vec<String> = diags.iter().map(|d| d.to_string()).collect();
        assert_eq!(
            said,
            [
                "line 7: a string is not closed with a double quote mark before the end of the line: it was read up to the line's end",
                "line 8: a } without a { before it was ignored",
                "line 9: a string is not closed with a double quote mark before the end of the line: it was read up to the line's end",
                "line 10: a comment opened with { is never closed with }: the rest of the file was read as comment",
            ]
        );
    }
}
