//! USEBIO XML 1.2 ("Universal Standard for the Exchange of Bridge Information and
//! Output", the English Bridge Union's open format): an event's players, pairs and
//! travellers, in and out.
//!
//! The document is `USEBIO Version="1.2"` holding an `EVENT` (`EVENT_DESCRIPTION`,
//! `DATE` as dd/mm/yyyy, `BOARD_SCORING_METHOD`), its `PARTICIPANTS` (each `PAIR` with
//! `PAIR_NUMBER`, optional `DIRECTION`, its `PLAYER`s with `PLAYER_NAME`, and the
//! published `TOTAL_SCORE`, `PERCENTAGE` and `PLACE`) and the boards (`BOARD` with
//! `BOARD_NUMBER` and one `TRAVELLER_LINE` per table: `NS_PAIR_NUMBER`,
//! `EW_PAIR_NUMBER`, `CONTRACT`, `PLAYED_BY`, `LEAD`, `TRICKS`, `SCORE` for North-South,
//! `NS_MATCH_POINTS`, `EW_MATCH_POINTS`, or a cross-IMP event's `NS_CROSS_IMP_POINTS`,
//! `EW_CROSS_IMP_POINTS`; its `HAND`s, a void suit written empty or `-`), usually inside
//! `SESSION` and `SECTION`
//! elements. Programs nest these differently, so the reader finds each element wherever
//! it is; a `SECTION`'s `SECTION_ID` names the section of what it holds.
//!
//! Artificial scores: a `SCORE` (or `CONTRACT`) of `A`, `A+`, `A-`, `A60`, `A60/40`,
//! `A6040` or `60%`, and `NP`, are read as the travellers CSV's adjustments. klaver writes its own
//! `ADJUSTMENT` element (the adjustment exactly as the travellers CSV writes it) beside
//! `SCORE` on an adjusted line, and reads it back.
//!
//! Director's penalties: a pair's `ADJUSTMENT` is what its `TOTAL_SCORE` was adjusted
//! by, beside the matchpoints of its traveller lines. klaver writes it, and each penalty
//! as given in its own `PENALTY` element (board, the line's two pairs, and the
//! adjustment as the travellers CSV writes it, `PEN 0/-2`), which it reads back. An
//! `ADJUSTMENT` of a pair no `PENALTY` gives points (another program's) is said, not applied.
//!
//! Every other element is accounted for (see `HOLDS`): read, passed over as carrying
//! nothing that changes a score or ranking (the program's name, the club's and players'
//! numbers, contact details, master-point scales, the hand record's print settings), or
//! said with its line and the element it is in: one known to change a result that klaver
//! does not read (a Butler board's datum, a pair's handicap, a teams event's teams and
//! matches), and any element klaver does not know. Attributes too: one named as an
//! element read there is read, those real files carry that change nothing are passed
//! over (`ATTRIBUTES_PASSED_OVER`), and any other is said; so is text beside the elements
//! of an element.
//!
//! Character set: the XML declaration's `encoding` (ISO 8859-1 or UTF-8; UTF-8 when it
//! names none). Pairs numbered separately per direction (two-winner movements) become
//! `1NS` and `1EW`.

use crate::exchange::{
    self, Convention, Deal, Figure, Imported, PublishedColumn, PublishedTotal, Row,
};
use crate::html;
use crate::pbn;
use crate::report;
use crate::travellers::Event;
use klaver_core::matchpoints::Outcome;
use klaver_core::session::{Diagnostic, SessionResult};
use klaver_core::text::same;
use num_rational::Ratio;
use quick_xml::events::Event as Xml;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::io::Write;

/// A USEBIO file that cannot be read at all.
#[derive(Debug, thiserror::Error)]
pub enum UsebioError {
    /// The bytes are not text in the file's character set.
    #[error("line {line}: {message}")]
    Encoding {
        /// The line of the first bad byte.
        line: u32,
        /// What is wrong and what to do.
        message: String,
    },
    /// The text is not well-formed XML, or not a USEBIO document.
    #[error("line {line}: {message}")]
    Xml {
        /// The line where reading stopped.
        line: u32,
        /// What is wrong.
        message: String,
    },
}

/// Elements nested deeper than this are refused (no USEBIO document comes close).
const MAX_DEPTH: usize = 64;

/// One element of the document: its name, attributes, text and children.
#[derive(Debug, Default)]
struct Node {
    name: String,
    line: u32,
    attrs: Vec<(String, String)>,
    text: String,
    children: Vec<Node>,
}

impl Node {
    fn child(&self, name: &str) -> Option<&Node> {
        self.children
            .iter()
            .find(|c| c.name.eq_ignore_ascii_case(name))
    }

    /// The trimmed text of a child element (or of an attribute of that name).
    fn get(&self, name: &str) -> &str {
        if let Some(c) = self.child(name) {
            return c.text.trim();
        }
        self.attrs
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.trim())
            .unwrap_or("")
    }

    fn is(&self, name: &str) -> bool {
        self.name.eq_ignore_ascii_case(name)
    }
}

fn line_of(text: &str, pos: u64) -> u32 {
    let pos = (pos as usize).min(text.len());
    pbn::line_at(text.as_bytes(), pos)
}

/// The XML declaration's encoding, lower-cased, when it names one.
fn declared_encoding(data: &[u8]) -> Option<String> {
    let head = &data[..data.len().min(200)];
    let end = head.windows(2).position(|w| w == b"?>")?;
    let decl = String::from_utf8_lossy(&head[..end]).to_ascii_lowercase();
    if !decl.trim_start().starts_with("<?xml") {
        return None;
    }
    let at = decl.find("encoding")?;
    let rest = decl[at + 8..].trim_start().strip_prefix('=')?.trim_start();
    let mut chars = rest.chars();
    let quote = chars.next().filter(|q| matches!(q, '"' | '\''))?;
    let rest = chars.as_str();
    Some(rest[..rest.find(quote)?].to_string())
}

fn decode(data: &[u8], diags: &mut Vec<Diagnostic>) -> Result<String, UsebioError> {
    let enc_err = |e: pbn::PbnError| match e {
        pbn::PbnError::Encoding { line, message } => UsebioError::Encoding { line, message },
    };
    if data.starts_with(&[0xFF, 0xFE]) || data.starts_with(&[0xFE, 0xFF]) {
        return Err(UsebioError::Encoding {
            line: 1,
            message: "the file is UTF-16: save it as UTF-8 or ISO 8859-1".into(),
        });
    }
    let (body, bom) = match data.strip_prefix(&[0xEF, 0xBB, 0xBF]) {
        Some(rest) => (rest, true),
        None => (data, false),
    };
    let enc = declared_encoding(body).unwrap_or_else(|| "utf-8".into());
    let latin1 = matches!(
        enc.as_str(),
        "iso-8859-1" | "iso8859-1" | "latin1" | "latin-1" | "windows-1252" | "cp1252"
    );
    if latin1 && !bom {
        if let Some(i) = pbn::utf8_sequence(body) {
            return Err(UsebioError::Encoding {
                line: pbn::line_at(body, i),
                message: format!(
                    "the file says it is {enc} but this line holds UTF-8 text: read as {enc}, its names would be garbled ({}); declare encoding=\"UTF-8\" if the file is UTF-8",
                    pbn::garbled(body, i)
                ),
            });
        }
        return pbn::decode_latin1(body, diags).map_err(enc_err);
    }
    if !latin1 && !matches!(enc.as_str(), "utf-8" | "utf8" | "us-ascii" | "ascii") {
        return Err(UsebioError::Encoding {
            line: 1,
            message: format!(
                "the file says its character set is {enc:?}: klaver reads UTF-8 and ISO 8859-1; save it in one of those"
            ),
        });
    }
    std::str::from_utf8(body).map(str::to_string).map_err(|e| {
        let pos = e.valid_up_to();
        UsebioError::Encoding {
            line: 1 + body[..pos].iter().filter(|&&b| b == b'\n').count() as u32,
            message: format!(
                "byte 0x{:02X} is not UTF-8, though the file says it is UTF-8: save it as UTF-8, or declare encoding=\"ISO-8859-1\" if it is Latin-1",
                body[pos]
            ),
        }
    })
}

/// The entity a `&name;` reference stands for.
fn entity(name: &str) -> Option<char> {
    match name {
        "amp" => Some('&'),
        "lt" => Some('<'),
        "gt" => Some('>'),
        "quot" => Some('"'),
        "apos" => Some('\''),
        _ => {
            let n = name.strip_prefix('#')?;
            let code = match n.strip_prefix(['x', 'X']) {
                Some(h) => u32::from_str_radix(h, 16).ok()?,
                None => n.parse().ok()?,
            };
            char::from_u32(code)
        }
    }
}

/// Parses the document into a tree.
fn parse(text: &str) -> Result<Node, UsebioError> {
    let mut reader = quick_xml::Reader::from_str(text);
    let mut tree = Tree {
        stack: vec![Node::default()],
    };
    let mut lines = crate::input::LineCursor::new(text.as_bytes());
    let xml_err = |reader: &quick_xml::Reader<&[u8]>, what: String| UsebioError::Xml {
        line: line_of(text, reader.error_position()),
        message: format!("not well-formed XML: {what}"),
    };
    loop {
        let pos = reader.buffer_position();
        let line = lines.line_at(usize::try_from(pos).unwrap_or(usize::MAX)) as u32;
        let ev = reader
            .read_event()
            .map_err(|e| xml_err(&reader, e.to_string()))?;
        match ev {
            Xml::Start(e) => tree.open(element(&e, line)?, line)?,
            Xml::Empty(e) => tree.add(element(&e, line)?),
            Xml::End(_) => tree.close(line)?,
            Xml::Text(t) => {
                let s = t.decode().map_err(|e| xml_err(&reader, e.to_string()))?;
                tree.text(&s);
            }
            Xml::CData(t) => {
                let s = t.decode().map_err(|e| xml_err(&reader, e.to_string()))?;
                tree.text(&s);
            }
            Xml::GeneralRef(r) => {
                let name = r.decode().map_err(|e| xml_err(&reader, e.to_string()))?;
                let c = entity(&name).ok_or_else(|| UsebioError::Xml {
                    line,
                    message: format!("unknown entity &{name};: write the character itself"),
                })?;
                tree.text(c.encode_utf8(&mut [0; 4]));
            }
            Xml::Eof => break,
            _ => {}
        }
    }
    tree.usebio(text)
}

/// An element read on line `line`, with its attributes, without children yet.
fn element(e: &quick_xml::events::BytesStart, line: u32) -> Result<Node, UsebioError> {
    let name = String::from_utf8_lossy(e.name().as_ref()).into_owned();
    let mut attrs = Vec::new();
    for a in e.attributes() {
        let a = a.map_err(|err| UsebioError::Xml {
            line,
            message: format!("element <{name}>: bad attribute: {err}"),
        })?;
        let v = a.unescape_value().map_err(|err| UsebioError::Xml {
            line,
            message: format!("element <{name}>: bad attribute value: {err}"),
        })?;
        attrs.push((
            String::from_utf8_lossy(a.key.as_ref()).into_owned(),
            v.into_owned(),
        ));
    }
    Ok(Node {
        name,
        line,
        attrs,
        ..Node::default()
    })
}

/// The document's tree as it is read: the elements open, the outermost (the document
/// itself) first.
struct Tree {
    stack: Vec<Node>,
}

impl Tree {
    /// Opens an element (its children follow), on line `line`.
    fn open(&mut self, n: Node, line: u32) -> Result<(), UsebioError> {
        if self.stack.len() > MAX_DEPTH {
            return Err(UsebioError::Xml {
                line,
                message: format!("elements are nested more than {MAX_DEPTH} deep"),
            });
        }
        self.stack.push(n);
        Ok(())
    }

    /// Adds a finished element to the one open.
    fn add(&mut self, n: Node) {
        if let Some(top) = self.stack.last_mut() {
            top.children.push(n);
        }
    }

    /// Closes the element open, on line `line`.
    fn close(&mut self, line: u32) -> Result<(), UsebioError> {
        let n = self.stack.pop().unwrap_or_default();
        if self.stack.is_empty() {
            return Err(UsebioError::Xml {
                line,
                message: "a closing tag without its opening tag".into(),
            });
        }
        self.add(n);
        Ok(())
    }

    /// Adds text to the element open.
    fn text(&mut self, s: &str) {
        if let Some(top) = self.stack.last_mut() {
            top.text.push_str(s);
        }
    }

    /// The `<USEBIO>` element of the finished document `text`; an error when an element
    /// is still open (the file is cut short) or there is none.
    fn usebio(mut self, text: &str) -> Result<Node, UsebioError> {
        if self.stack.len() != 1 {
            let open = self
                .stack
                .last()
                .map(|n| n.name.clone())
                .unwrap_or_default();
            return Err(UsebioError::Xml {
                line: line_of(text, text.len() as u64),
                message: format!("the file ends inside <{open}>: it is cut short"),
            });
        }
        let root = self.stack.pop().unwrap_or_default();
        let Some(usebio) = root.children.into_iter().find(|c| c.is("USEBIO")) else {
            return Err(UsebioError::Xml {
                line: 1,
                message: "this XML file is not USEBIO: it has no <USEBIO> element".into(),
            });
        };
        Ok(usebio)
    }
}

/// What the walk over the document collects.
#[derive(Default)]
struct Walk {
    rows: Vec<Row>,
    /// The PARTICIPANTS' pairs, in file order.
    pairs: Vec<PairEntry>,
    deals: BTreeMap<u32, Deal>,
    diags: Vec<Diagnostic>,
    /// The parts of traveller lines klaver does not read.
    unread: BTreeMap<Part, Unread>,
    /// The parts outside traveller lines klaver does not read, by the element they are
    /// in.
    unheeded: BTreeMap<(String, Part), Unheeded>,
}

/// An element of traveller lines that klaver does not read: where it is first given,
/// with its text there, and in how many lines.
struct Unread {
    line: u32,
    board: Option<u32>,
    text: String,
    lines: usize,
}

/// One PAIR of the PARTICIPANTS: its number, direction, players and published line.
struct PairEntry {
    section: String,
    number: String,
    direction: String,
    names: String,
    /// The players' federation numbers (NATIONAL_ID_NUMBER) by seat, "" for a player
    /// without one.
    ids: Vec<String>,
    total: PublishedTotal,
    /// The ADJUSTMENT of the pair's total (a director's penalty or compensation), with
    /// its line, when the file gives one.
    adjustment: Option<(u32, String)>,
    /// The line and name of the pair's master points (MASTER_POINTS, or Compscore's
    /// MASTER_POINTS_AWARDED), when the file awards it some.
    master_points: Option<(u32, String)>,
}

/// Gathers element `n` and what it holds into `w`: its pairs, penalties, traveller
/// lines and hands, in the section and on the board the elements around it name.
fn walk(n: &Node, section: &str, board: &str, w: &mut Walk) {
    let section = if n.is("SECTION") {
        n.get("SECTION_ID").to_string()
    } else {
        section.to_string()
    };
    note_held(n, board, &mut w.unheeded);
    if n.is("PAIR") {
        for player in n.children.iter().filter(|c| c.is("PLAYER")) {
            note_held(player, board, &mut w.unheeded);
        }
        w.diags.extend(given_twice(n, PAIR_READ, "pair"));
        match pair_entry(n, section) {
            Ok(mut p) => {
                p.ids = players_ids(n);
                w.pairs.push(p);
            }
            Err(d) => w.diags.push(d),
        }
        return;
    }
    if n.is("PENALTY") {
        w.rows.push(penalty_row(n, &section));
        return;
    }
    if n.is("TRAVELLER_LINE") {
        w.diags
            .extend(given_twice(n, TRAVELLER_LINE_READ, "traveller line"));
        w.diags.extend(values_holding_elements(n, board));
        note_unread(n, board, &mut w.unread);
        w.rows.push(traveller_line(n, board, &section));
        return;
    }
    if n.is("BOARD") {
        w.diags.extend(given_twice(n, &["BOARD_NUMBER"], "board"));
    }
    let board = if n.is("BOARD") {
        let number = n.get("BOARD_NUMBER").to_string();
        if let Ok(b) = number.parse::<u32>() {
            board_hands(n, b, w);
        }
        number
    } else {
        board.to_string()
    };
    for c in &n.children {
        walk(c, &section, &board, w);
    }
}

/// The federation numbers (NATIONAL_ID_NUMBER, as ScoreBridge writes them in
/// tests/data/scorebridge-2025-07-30-forest-of-dean.xml) of a PAIR's players, in seat
/// order: a guest without one keeps its seat empty, as the pairs file does (`+1002`),
/// so the other number stays with its player. Compscore writes 0 for a player without
/// a number (tests/data/compscore-2022-07-21-lindfield.xml): only zeros, `-` or nothing
/// is such a guest's empty seat, as in a PBN file.
fn players_ids(n: &Node) -> Vec<String> {
    let ids = n
        .children
        .iter()
        .filter(|c| c.is("PLAYER"))
        .map(|p| p.get("NATIONAL_ID_NUMBER").trim())
        .map(|id| match crate::travellers::no_number(id) {
            true => String::new(),
            false => id.to_string(),
        })
        .collect();
    crate::travellers::seat_ids(ids)
}

/// A PAIR of the PARTICIPANTS in `section`; one without its number is skipped, saying so.
fn pair_entry(n: &Node, section: String) -> Result<PairEntry, Diagnostic> {
    let number = n.get("PAIR_NUMBER").to_string();
    if number.is_empty() {
        return Err(Diagnostic::warning(
            n.line,
            None,
            "a <PAIR> without <PAIR_NUMBER> was skipped",
        ));
    }
    let names: Vec<&str> = n
        .children
        .iter()
        .filter(|c| c.is("PLAYER"))
        .map(|p| p.get("PLAYER_NAME"))
        .filter(|s| !s.is_empty())
        .collect();
    let direction = n.get("DIRECTION").to_ascii_uppercase();
    Ok(PairEntry {
        section: section.clone(),
        number: number.clone(),
        direction: direction.clone(),
        names: names.join(" - "),
        ids: Vec::new(),
        total: PublishedTotal {
            line: n.line,
            section,
            pair: number,
            rank: n.get("PLACE").to_string(),
            total: n.get("TOTAL_SCORE").to_string(),
            percentage: n.get("PERCENTAGE").to_string(),
            direction,
            ..PublishedTotal::default()
        },
        adjustment: n
            .child("ADJUSTMENT")
            .map(|a| (a.line, a.text.trim().to_string()))
            .filter(|(_, t)| !t.is_empty()),
        master_points: n
            .child("MASTER_POINTS")
            .or_else(|| n.child("MASTER_POINTS_AWARDED"))
            .map(|m| (m.line, m.name.to_ascii_uppercase())),
    })
}

/// The hands of a BOARD (its HAND elements; a hand not given is unknown).
fn board_hands(n: &Node, b: u32, w: &mut Walk) {
    let hands: Vec<&Node> = n.children.iter().filter(|c| c.is("HAND")).collect();
    if hands.is_empty() {
        return;
    }
    let mut out: [String; 4] = std::array::from_fn(|_| "-".to_string());
    for h in hands {
        let seat = match h.get("DIRECTION").to_ascii_uppercase().as_str() {
            "N" | "NORTH" => 0,
            "E" | "EAST" => 1,
            "S" | "SOUTH" => 2,
            "W" | "WEST" => 3,
            other => {
                w.diags.push(Diagnostic::warning(
                    h.line,
                    Some(b),
                    format!("a <HAND> with DIRECTION {other:?} was skipped: write N, E, S or W"),
                ));
                continue;
            }
        };
        // EBUScore and PairsScorer write a void suit as `-`.
        out[seat] = ["SPADES", "HEARTS", "DIAMONDS", "CLUBS"]
            .iter()
            .map(|s| match h.get(s).trim() {
                "-" => String::new(),
                cards => cards.to_string(),
            })
            .collect::<Vec<_>>()
            .join(".");
    }
    match pbn::parse_deal(&format!("N:{}", out.join(" "))) {
        Ok(hands) => {
            w.deals.insert(b, Deal { hands });
        }
        Err(e) => w.diags.push(Diagnostic::warning(
            n.line,
            Some(b),
            format!("the hands of board {b} were not used: {e}"),
        )),
    }
}

/// An artificial score as USEBIO files write it, as the travellers CSV's adjustment.
fn adjustment(text: &str) -> Option<String> {
    let t = text.trim().to_ascii_uppercase();
    let t = t.trim_end_matches('%');
    match t {
        "NP" | "NOT PLAYED" => return Some("NP".into()),
        "A" | "AVE" | "AVG" | "A=" | "AVE=" => return Some("AVG".into()),
        "A+" | "AVE+" | "AVG+" => return Some("AVG+".into()),
        "A-" | "AVE-" | "AVG-" => return Some("AVG-".into()),
        _ => {}
    }
    let body = t
        .strip_prefix("AVE")
        .or_else(|| t.strip_prefix('A'))
        .unwrap_or(t);
    let (ns, ew) = match body.split_once('/') {
        Some((a, b)) => (a.trim_end_matches('%'), b.trim_end_matches('%')),
        // `A6040`: both sides' percentages written together (two digits each).
        None if body.len() == 4 && body.len() < t.len() && body.is_ascii() => body.split_at(2),
        None => (body, ""),
    };
    let ns: u32 = ns.trim().parse().ok().filter(|&n| n <= 100)?;
    let ew: u32 = if ew.is_empty() {
        100 - ns
    } else {
        ew.trim().parse().ok().filter(|&n| n <= 100)?
    };
    // A bare number is a score, not an adjustment.
    if body.len() == t.len() && !text.contains('%') && !text.contains('/') {
        return None;
    }
    Some(format!("{ns}/{ew}"))
}

/// The elements of a TRAVELLER_LINE klaver reads.
const TRAVELLER_LINE_READ: &[&str] = &[
    "NS_PAIR_NUMBER",
    "EW_PAIR_NUMBER",
    "CONTRACT",
    "PLAYED_BY",
    "LEAD",
    "TRICKS",
    "SCORE",
    "ADJUSTMENT",
    "NS_MATCH_POINTS",
    "EW_MATCH_POINTS",
];

/// The elements of a TRAVELLER_LINE klaver reads besides [`TRAVELLER_LINE_READ`]: a
/// cross-IMP event's published IMPs.
const TRAVELLER_LINE_IMPS: &[&str] = &["NS_CROSS_IMP_POINTS", "EW_CROSS_IMP_POINTS"];

/// The elements of a PAIR klaver reads once (a pair has a PLAYER for each player).
const PAIR_READ: &[&str] = &[
    "PAIR_NUMBER",
    "DIRECTION",
    "TOTAL_SCORE",
    "PERCENTAGE",
    "PLACE",
    "ADJUSTMENT",
    "MASTER_POINTS",
    "MASTER_POINTS_AWARDED",
];

/// Whether klaver reads the element of a traveller line named `name`.
fn read_in_a_line(name: &str) -> bool {
    TRAVELLER_LINE_READ
        .iter()
        .chain(TRAVELLER_LINE_IMPS)
        .any(|r| name.eq_ignore_ascii_case(r))
}

/// An error for each element of traveller line `t` that klaver reads and that holds
/// another element (`<SCORE>420<X>1</X></SCORE>`): which value the line means cannot
/// be told.
fn values_holding_elements<'a>(
    t: &'a Node,
    board: &'a str,
) -> impl Iterator<Item = Diagnostic> + 'a {
    t.children
        .iter()
        .filter(|c| read_in_a_line(&c.name))
        .filter_map(move |c| {
            let inner = c.children.first()?;
            Some(Diagnostic::error(
                c.line,
                board.parse().ok(),
                format!(
                    "<{}> holds an element, <{}>, where its value belongs: which value is meant cannot be told; write the value alone",
                    c.name, inner.name
                ),
            ))
        })
}

/// Counts in `unread` each part of traveller line `t` that klaver does not read: an
/// element, an attribute (of the line or of an element read), or text beside its
/// elements.
fn note_unread(t: &Node, board: &str, unread: &mut BTreeMap<Part, Unread>) {
    let mut note = |part: Part, line: u32, text: &str| {
        unread
            .entry(part)
            .or_insert_with(|| Unread {
                line,
                board: board.parse().ok(),
                text: text.trim().to_string(),
                lines: 0,
            })
            .lines += 1;
    };
    for c in &t.children {
        if !read_in_a_line(&c.name) {
            note(Part::Element(c.name.to_ascii_uppercase()), c.line, &c.text);
            continue;
        }
        for (k, v) in &c.attrs {
            note(Part::ChildAttribute(c.name.clone(), k.clone()), c.line, v);
        }
    }
    for (k, v) in t
        .attrs
        .iter()
        .filter(|(k, _)| !read_in_a_line(k) && !xml_machinery(k))
    {
        note(Part::Attribute(k.clone()), t.line, v);
    }
    if !t.text.trim().is_empty() {
        note(Part::Text, t.line, &t.text);
    }
}

/// A part of an element that klaver may not read: an element in it, an attribute of it
/// or of an element in it, or text beside the elements it holds.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Part {
    /// An element, by name.
    Element(String),
    /// An attribute of the element itself, by name.
    Attribute(String),
    /// An attribute of an element in it: the element's name and the attribute's.
    ChildAttribute(String, String),
    /// Text beside its elements.
    Text,
}

impl Part {
    /// The part as a message names it, with its `text` (an element's text, an
    /// attribute's value), in `parent` when given.
    fn words(&self, text: &str, parent: Option<&str>) -> String {
        let cut = shown(text);
        let value = cut
            .trim_start()
            .trim_start_matches('(')
            .trim_end_matches(')');
        let of = |element: &str| match parent {
            Some(p) if p != element => format!("<{element}> in <{p}>"),
            _ => format!("<{element}>"),
        };
        match (self, parent) {
            (Part::Element(n), Some(p)) => format!("<{n}>{cut} in <{p}>"),
            (Part::Element(n), None) => format!("<{n}>{cut}"),
            (Part::Attribute(a), _) => {
                format!(
                    "attribute {a}=\"{value}\" of <{}>",
                    parent.unwrap_or("TRAVELLER_LINE")
                )
            }
            (Part::ChildAttribute(c, a), _) => format!("attribute {a}=\"{value}\" of {}", of(c)),
            (Part::Text, _) => {
                format!(
                    "text \"{value}\" in <{}>",
                    parent.unwrap_or("TRAVELLER_LINE")
                )
            }
        }
    }

    /// What klaver says of a part it does not know.
    fn unknown(&self) -> &'static str {
        match self {
            Part::Element(_) => UNKNOWN,
            Part::Attribute(_) | Part::ChildAttribute(..) => {
                "klaver does not know this attribute; check that it does not change the result"
            }
            Part::Text => {
                "USEBIO puts no text beside the elements there; check that it does not change the result"
            }
        }
    }
}

/// A warning for each element of traveller lines klaver does not read, on the first
/// line that gives it, with its text there: a column not read is never passed over.
fn unread_warnings(unread: BTreeMap<Part, Unread>) -> impl Iterator<Item = Diagnostic> {
    unread.into_iter().map(|(part, u)| {
        let what = match &part {
            Part::Element(name) if !u.text.is_empty() => format!("<{name}> ({})", u.text),
            _ => part.words(&u.text, None),
        };
        let lines = match u.lines {
            1 => "this traveller line".to_string(),
            n => format!("{n} traveller lines, this the first"),
        };
        Diagnostic::warning(
            u.line,
            u.board,
            format!(
                "{what} is not read (in {lines}): klaver reads a line's pairs, CONTRACT, PLAYED_BY, LEAD, TRICKS, SCORE, ADJUSTMENT and the published points; if it changes the result, enter that as the SCORE or ADJUSTMENT"
            ),
        )
    })
}

/// The elements the reader finds wherever a program nests them (inside the elements
/// whose [`Holds::nests`] is set): the event's sessions, sections, participants, pairs,
/// boards, hand records, traveller lines and klaver's own penalties.
const FOUND_ANYWHERE: &[&str] = &[
    "SESSION",
    "SECTION",
    "PARTICIPANTS",
    "PAIR",
    "BOARD",
    "HANDSET",
    "TRAVELLER_LINE",
    "PENALTY",
];

/// What klaver makes of the elements one element of the document holds (a traveller
/// line's are [`TRAVELLER_LINE_READ`]). Any element not listed is said as one klaver
/// does not know.
///
/// The meanings come from the files themselves: no text of the USEBIO 1.2 specification
/// was at hand (usebio.org describes 1.3 as 1.2 with more, mostly ACBL, elements, and
/// names `P2P_CHARGE_RATE` the EBU's). The programs named are those whose files are in
/// tests/data (ScoreBridge, Pianola, Compscore3, PairsScorer, EBUScore Pairs,
/// TeamsScorer, EBUScoreTeams, RealBridge, BriAn); where a meaning is taken from an
/// element's name and values only, its comment says so.
struct Holds {
    /// The element, by name.
    parent: &'static str,
    /// Whether the reader looks inside it for the elements of [`FOUND_ANYWHERE`].
    nests: bool,
    /// The elements read.
    read: &'static [&'static str],
    /// The elements known to carry nothing that changes a score or a ranking: passed over
    /// on purpose, each for the reason its comment gives.
    passed_over: &'static [&'static str],
    /// The elements known to change a result, which klaver does not read: each is said,
    /// with what klaver does instead.
    unread: &'static [(&'static str, &'static str)],
}

/// Why a teams event's own elements are not read.
const TEAMS: &str = "klaver does not score teams from a USEBIO file, nor read their results: it scores the traveller lines pair by pair";

const HOLDS: &[Holds] = &[
    Holds {
        parent: "USEBIO",
        nests: true,
        read: &["EVENT"],
        // The club's name and number: who ran the event, not how it was scored.
        passed_over: &["CLUB"],
        unread: &[(
            "NOTES",
            // BriAn writes it, empty, after the EVENT; text in it is for the reader.
            "notes published with the results, which klaver does not read: check that they do not change the result",
        )],
    },
    Holds {
        parent: "EVENT",
        nests: true,
        read: &[
            "EVENT_DESCRIPTION",
            "DATE",
            "EVENT_TYPE",
            "BOARD_SCORING_METHOD",
            "SCORING_METHOD",
            "WINNER_TYPE",
        ],
        passed_over: &[
            // Who wrote the file, and the program's or club's number for the event.
            "PROGRAM_NAME",
            "PROGRAM_VERSION",
            "EVENT_IDENTIFIER",
            // Compscore's and BriAn's second name for the event, beside
            // EVENT_DESCRIPTION; where it was played; whom to ask (name, telephone,
            // e-mail, scorer).
            "TITLE",
            "VENUE",
            "COUNTRY",
            "CONTACT",
            // Counts of what the file holds, which klaver counts itself: its SESSIONs
            // (a file with results in two is refused), SECTIONs, boards and pairs.
            "SESSION_COUNT",
            "SECTION_COUNT",
            "BOARDS_PLAYED",
            "BOARDS_PER_ROUND",
            "PAIRS",
            "EW_PAIRS",
            // Master points and the EBU's pay-to-play charge: awarded and charged after
            // the ranking, on the national body's scale; klaver does not work them out.
            "MASTER_POINT_SCALE",
            "MASTER_POINT_TYPE",
            "MPS_AWARDED_FLAG",
            "P2P_CHARGE_RATE",
            // EBUScore: the names of the labels its PAIRs carry ("Section",
            // "Category"), for display.
            "LABELS",
            // TeamsScorer and EBUScoreTeams write Y; its meaning is taken from its name
            // (the teams' pairs are given, as the file shows itself).
            "TEAM_PAIRING_AVAILABLE",
        ],
        unread: &[
            // How the teams' matches were scored (VPS, PAB), and their pairs across the
            // field (CROSS_IMPS).
            ("MATCH_SCORING_METHOD", TEAMS),
            ("PAIRWISE_SCORING_METHOD", TEAMS),
        ],
    },
    Holds {
        parent: "SESSION",
        nests: true,
        read: &["SESSION_ID"],
        passed_over: &[],
        unread: &[("MATCH", TEAMS)],
    },
    Holds {
        parent: "SECTION",
        nests: true,
        read: &["SECTION_ID"],
        passed_over: &[],
        unread: &[],
    },
    Holds {
        parent: "PARTICIPANTS",
        nests: true,
        // Compscore's event type (an attribute, read as an element as well).
        read: &["EVENT_TYPE"],
        passed_over: &[],
        unread: &[
            ("TEAM", TEAMS),
            (
                "PLAYER",
                "a player entered alone, as in an individual: klaver scores pairs, and reads players only in a PAIR",
            ),
        ],
    },
    Holds {
        parent: "PAIR",
        nests: false,
        // PAIR_READ and the pair's PLAYERs.
        read: &[
            "PAIR_NUMBER",
            "DIRECTION",
            "TOTAL_SCORE",
            "PERCENTAGE",
            "PLACE",
            "ADJUSTMENT",
            "MASTER_POINTS",
            "MASTER_POINTS_AWARDED",
            "PLAYER",
        ],
        passed_over: &[
            // The colour of the master points awarded (Compscore, beside
            // MASTER_POINTS_AWARDED).
            "MASTER_POINT_TYPE",
            // How many boards the pair played, which klaver counts from the lines.
            "BOARDS_PLAYED",
            // EBUScore: the pair's value of each of the event's LABELS, for display.
            "LABEL",
        ],
        unread: &[
            (
                "PENALTY",
                "klaver reads a penalty only as it writes one, a <PENALTY> in the <SECTION> with the board, the line's two pairs and the ADJUSTMENT; write it so, or convert the file to a travellers CSV and add a line with PEN and the points",
            ),
            (
                // BriAn writes 0.0; its meaning is taken from its name.
                "HANDICAP",
                "a handicap changes the pair's total, and klaver does not apply one: to apply it, convert the file to a travellers CSV and add a line with PEN and the points",
            ),
            // TeamsScorer and EBUScoreTeams: the pair's cross-IMPs in a teams event.
            ("PAIR_IMPS", TEAMS),
        ],
    },
    Holds {
        parent: "PLAYER",
        nests: false,
        read: &["PLAYER_NAME", "NATIONAL_ID_NUMBER"],
        passed_over: &[
            // The player's number in the club's own list; klaver knows players by
            // NATIONAL_ID_NUMBER.
            "CLUB_ID_NUMBER",
            // The player's number in an individual.
            "PLAYER_NUMBER",
            // Master points awarded to the player, as a pair's.
            "MASTER_POINTS",
        ],
        unread: &[
            (
                "PLACE",
                "a player's own place, as in an individual: klaver ranks pairs",
            ),
            (
                "PERCENTAGE",
                "a player's own percentage, as in an individual: klaver ranks pairs",
            ),
        ],
    },
    Holds {
        parent: "BOARD",
        nests: true,
        read: &["BOARD_NUMBER", "HAND"],
        // PairsScorer and EBUScore, in the hand record: 0 or 1, taken from its name to
        // be how many copies were dealt.
        passed_over: &["DUPLICATES"],
        unread: &[
            (
                // Compscore's Butler: the average of the scores, the highest and lowest
                // left out, to the nearest 10 (as its files' scores show).
                "BOARD_AVERAGE",
                "it is the datum the program scored the board's IMPs from: klaver works out its own from the scores with --form butler",
            ),
            ("IMPS", TEAMS),
            ("TEAM_POINTS", TEAMS),
            ("OPPOSING_TEAM_POINTS", TEAMS),
        ],
    },
    Holds {
        parent: "HAND",
        nests: false,
        read: &["DIRECTION", "SPADES", "HEARTS", "DIAMONDS", "CLUBS"],
        passed_over: &[],
        unread: &[],
    },
    Holds {
        parent: "HANDSET",
        nests: true,
        read: &[],
        // PairsScorer and EBUScore: how the hand record is printed and dealt (its
        // range of boards, headline, legend, copies, checksum). A hand record holds the
        // deals, never a result.
        passed_over: &[
            "CHECKSUM",
            "CRYPTO_KEY",
            "DUPLICATES",
            "START_BOARD_NUMBER",
            "END_BOARD_NUMBER",
            "NEXT_BOARD",
            "HEADLINE",
            "LEGEND",
            "PRINTOUTS",
            "STATUS",
        ],
        unread: &[],
    },
    Holds {
        parent: "PENALTY",
        nests: false,
        read: &[
            "BOARD_NUMBER",
            "NS_PAIR_NUMBER",
            "EW_PAIR_NUMBER",
            "ADJUSTMENT",
        ],
        passed_over: &[],
        unread: &[],
    },
];

/// An element outside traveller lines that klaver does not read: where it is first
/// given, with its text there, how often it is given, and why it matters (none when
/// klaver does not know it).
struct Unheeded {
    line: u32,
    board: Option<u32>,
    text: String,
    count: usize,
    why: Option<&'static str>,
}

/// Whether klaver finds element `name` wherever it is nested.
fn found_anywhere(name: &str) -> bool {
    FOUND_ANYWHERE.iter().any(|f| name.eq_ignore_ascii_case(f))
}

/// What klaver does with element `c` inside `h`: `None` when it is read or passed over,
/// else why it matters (`Some(None)` when klaver does not know it). An element klaver
/// does not know that only wraps elements it finds anywhere (`<RESULTS>` around traveller
/// lines) is read through: nothing in it is left unread.
fn heed(h: &Holds, c: &Node) -> Option<Option<&'static str>> {
    let is = |list: &[&str]| list.iter().any(|r| c.name.eq_ignore_ascii_case(r));
    let wrapper = !c.children.is_empty() && c.children.iter().all(|g| found_anywhere(&g.name));
    if is(h.read) || is(h.passed_over) || (h.nests && (found_anywhere(&c.name) || wrapper)) {
        return None;
    }
    let why = h
        .unread
        .iter()
        .find(|(n, _)| c.name.eq_ignore_ascii_case(n));
    Some(why.map(|(_, why)| *why))
}

/// Whether element or attribute `name`, which klaver knows to matter, says nothing with
/// this `text` and `children`: it is empty, or a handicap of 0.
fn says_nothing(name: &str, text: &str, children: &[Node]) -> bool {
    let text = text.trim();
    let zero = crate::travellers::parse_points(text) == Some(Ratio::from_integer(0));
    (text.is_empty() && children.is_empty()) || (name.eq_ignore_ascii_case("HANDICAP") && zero)
}

/// Counts in `unheeded` each part of `n` that klaver does not read, unless it is known
/// to say nothing there: an element it holds, an attribute of it or of an element it
/// reads in it, or text beside its elements; `board` is the board around `n`.
fn note_held(n: &Node, board: &str, unheeded: &mut BTreeMap<(String, Part), Unheeded>) {
    let Some(h) = HOLDS.iter().find(|h| n.is(h.parent)) else {
        return;
    };
    let board = if n.is("BOARD") {
        n.get("BOARD_NUMBER")
    } else {
        board
    };
    let mut note = |part: Part, line: u32, text: &str, why: Option<&'static str>| {
        unheeded
            .entry((h.parent.to_string(), part))
            .or_insert_with(|| Unheeded {
                line,
                board: board.parse().ok(),
                text: text.trim().to_string(),
                count: 0,
                why,
            })
            .count += 1;
    };
    for c in &n.children {
        match heed(h, c) {
            Some(why) if !(why.is_some() && says_nothing(&c.name, &c.text, &c.children)) => {
                note(
                    Part::Element(c.name.to_ascii_uppercase()),
                    c.line,
                    &c.text,
                    why,
                );
            }
            Some(_) => {}
            // An element read that holds no elements of its own: its attributes.
            None if reads(h, &c.name) && !HOLDS.iter().any(|g| c.is(g.parent)) => {
                for (k, v) in &c.attrs {
                    let part = Part::ChildAttribute(c.name.clone(), k.clone());
                    note(part, c.line, v, None);
                }
            }
            None => {}
        }
    }
    for (k, v) in &n.attrs {
        match heed_attribute(h, k) {
            Some(why) if !(why.is_some() && says_nothing(k, v, &[])) => {
                note(Part::Attribute(k.clone()), n.line, v, why);
            }
            _ => {}
        }
    }
    if !n.text.trim().is_empty() {
        note(Part::Text, n.line, &n.text, None);
    }
}

/// Whether klaver reads element `name` inside `h`.
fn reads(h: &Holds, name: &str) -> bool {
    h.read.iter().any(|r| name.eq_ignore_ascii_case(r))
}

/// Whether attribute `name` belongs to XML itself rather than to USEBIO: a namespace
/// declaration (`xmlns`, `xmlns:xsi`), a schema's (`xsi:noNamespaceSchemaLocation`) or
/// XML's own (`xml:lang`).
fn xml_machinery(name: &str) -> bool {
    name == "xmlns"
        || ["xmlns:", "xsi:", "xml:"]
            .iter()
            .any(|p| name.starts_with(p))
}

/// The attributes real programs write that carry nothing that changes a score or a
/// ranking, passed over by the element they are on: the USEBIO version of the document;
/// the event's type written again on each board (Compscore, ScoreBridge), which klaver
/// reads from the EVENT; whether a player's result is rated (EBUScore, PairsScorer,
/// TeamsScorer, EBUScoreTeams: RATEABLE="Y"); and a hand record's name (HANDSET_ID).
/// An attribute named as an element read there is read as that element.
const ATTRIBUTES_PASSED_OVER: &[(&str, &str)] = &[
    ("USEBIO", "Version"),
    ("BOARD", "EVENT_TYPE"),
    ("PLAYER", "RATEABLE"),
    ("HANDSET", "HANDSET_ID"),
];

/// What klaver does with attribute `name` of an element `h` describes, as [`heed`]
/// does with an element in it.
fn heed_attribute(h: &Holds, name: &str) -> Option<Option<&'static str>> {
    if xml_machinery(name) {
        return None;
    }
    let is = |list: &[&str]| list.iter().any(|r| name.eq_ignore_ascii_case(r));
    let passed = ATTRIBUTES_PASSED_OVER
        .iter()
        .any(|(p, a)| *p == h.parent && name.eq_ignore_ascii_case(a));
    if is(h.read) || is(h.passed_over) || passed {
        return None;
    }
    let why = h.unread.iter().find(|(n, _)| name.eq_ignore_ascii_case(n));
    Some(why.map(|(_, why)| *why))
}

/// The text of an element as a message shows it: in brackets, cut short when long.
fn shown(text: &str) -> String {
    const LONG: usize = 40;
    match text.chars().count() {
        0 => String::new(),
        n if n <= LONG => format!(" ({text})"),
        _ => format!(" ({}...)", text.chars().take(LONG).collect::<String>()),
    }
}

/// What klaver says of an element it does not know.
const UNKNOWN: &str = "klaver does not know this element; check that it does not change the result";

/// The warnings of the elements outside traveller lines that klaver does not read: one
/// for each element it does not know, and one for all those it knows that share a reason
/// (a teams event's teams, matches and their figures), each on its first line.
fn unheeded_warnings(unheeded: BTreeMap<(String, Part), Unheeded>) -> Vec<Diagnostic> {
    type Held = ((String, Part), Unheeded);
    let mut all: Vec<Held> = unheeded.into_iter().collect();
    all.sort_by_key(|(_, u)| u.line);
    let mut groups: Vec<Vec<Held>> = Vec::new();
    for held in all {
        let why = held.1.why;
        match groups
            .iter_mut()
            .find(|g| why.is_some() && g[0].1.why == why)
        {
            Some(group) => group.push(held),
            None => groups.push(vec![held]),
        }
    }
    groups.into_iter().map(unheeded_warning).collect()
}

/// The warning of elements not read for one reason: the first with its line, the others
/// each with theirs.
fn unheeded_warning(group: Vec<((String, Part), Unheeded)>) -> Diagnostic {
    let times = |u: &Unheeded| match u.count {
        1 => String::new(),
        n => format!("given {n} times"),
    };
    let ((parent, part), first) = &group[0];
    let count = match times(first) {
        t if t.is_empty() => t,
        t => format!(" ({t}, this the first)"),
    };
    let others: Vec<String> = group[1..]
        .iter()
        .map(|((p, n), u)| {
            let times = [format!("line {}", u.line), times(u)];
            format!(
                "{} ({})",
                n.words(&u.text, Some(p)),
                times.join(", ").trim_end_matches(", ")
            )
        })
        .collect();
    let nor = match others.as_slice() {
        [] => String::new(),
        o => format!(", nor {}", o.join(", ")),
    };
    Diagnostic::warning(
        first.line,
        first.board,
        format!(
            "{} is not read{count}{nor}: {}",
            part.words(&first.text, Some(parent)),
            first.why.unwrap_or_else(|| part.unknown())
        ),
    )
}

/// An error for each PAIR of `pairs` given again in the same section and direction:
/// whose names and published figures are right cannot be told.
fn pairs_twice(pairs: &[PairEntry]) -> Vec<Diagnostic> {
    let mut first: HashMap<(&str, &str, &str), u32> = HashMap::new();
    let mut said = Vec::new();
    for p in pairs {
        let key = (p.section.as_str(), p.number.as_str(), p.direction.as_str());
        match first.get(&key) {
            Some(&at) => said.push(Diagnostic::error(
                p.total.line,
                None,
                format!(
                    "pair {} is given twice in <PARTICIPANTS> (also on line {at}): keep the one that is right",
                    p.number
                ),
            )),
            None => {
                first.insert(key, p.total.line);
            }
        }
    }
    said
}

/// An error for each element of `names` that `n` gives more than once: only the first
/// would be read, and which one the program meant cannot be told.
fn given_twice<'a>(
    n: &'a Node,
    names: &'a [&str],
    what: &'a str,
) -> impl Iterator<Item = Diagnostic> + 'a {
    names.iter().filter_map(move |name| {
        let mut given = n.children.iter().filter(|c| c.is(name));
        let first = given.next()?;
        let again = given.next()?;
        Some(Diagnostic::error(
            again.line,
            None,
            format!(
                "<{name}> is given twice in one {what} (also on line {}): keep the one that is right",
                first.line
            ),
        ))
    })
}

fn traveller_line(t: &Node, board: &str, section: &str) -> Row {
    let contract = t.get("CONTRACT").replace('*', "X");
    let score = t.get("SCORE");
    let mut adjust = t.get("ADJUSTMENT").to_string();
    if adjust.is_empty() {
        adjust = adjustment(score)
            .or_else(|| adjustment(&contract))
            .unwrap_or_default();
    }
    let artificial = !adjust.is_empty() && !adjust.eq_ignore_ascii_case("REV");
    // A split (`EW 60%`) gives one side an artificial score: the score stands for the
    // other side and the field.
    let split = crate::travellers::split_side(&adjust.trim().to_ascii_uppercase()).is_some();
    let passed = matches!(
        contract.to_ascii_uppercase().as_str(),
        "PASS" | "P" | "AP" | "PASSED" | "ALL PASS"
    );
    let contract = if artificial && adjustment(&contract).is_some() {
        String::new()
    } else if passed {
        "PASS".into()
    } else {
        contract
    };
    // No declarer or tricks to read: no contract, or a pass-out that says nothing more.
    let no_play = contract.is_empty() || (passed && pass_out_as_written(t));
    Row {
        line: t.line,
        section: section.to_string(),
        board: board.to_string(),
        ns: t.get("NS_PAIR_NUMBER").to_string(),
        ew: t.get("EW_PAIR_NUMBER").to_string(),
        score: if (artificial && !split) || adjustment(score).is_some() {
            String::new()
        } else {
            score.to_string()
        },
        declarer: if no_play {
            String::new()
        } else {
            t.get("PLAYED_BY").to_string()
        },
        result: if no_play {
            String::new()
        } else {
            t.get("TRICKS").to_string()
        },
        contract,
        adjust,
        lead: t.get("LEAD").to_string(),
        mp_ns: t.get("NS_MATCH_POINTS").to_string(),
        mp_ew: t.get("EW_MATCH_POINTS").to_string(),
        imp_ns: t.get("NS_CROSS_IMP_POINTS").to_string(),
        imp_ew: t.get("EW_CROSS_IMP_POINTS").to_string(),
        ..Row::default()
    }
}

/// A director's penalty as klaver writes it: a `PENALTY` with the board, the two pairs of
/// the line it was given on and the travellers CSV's adjustment (`PEN 0/-2`).
fn penalty_row(n: &Node, section: &str) -> Row {
    Row {
        line: n.line,
        section: section.to_string(),
        board: n.get("BOARD_NUMBER").to_string(),
        ns: n.get("NS_PAIR_NUMBER").to_string(),
        ew: n.get("EW_PAIR_NUMBER").to_string(),
        adjust: n.get("ADJUSTMENT").to_string(),
        ..Row::default()
    }
}

/// A warning for each pair whose total the file adjusts (ADJUSTMENT) though no penalty
/// line gives it points: another program's adjustment, whose units klaver cannot tell,
/// is not applied, and never silently.
fn unapplied_adjustments(
    pairs: &[PairEntry],
    event: &Event,
    index: &exchange::PairIndex,
) -> Vec<Diagnostic> {
    let penalised: HashSet<usize> = event
        .penalties
        .iter()
        .flat_map(|p| p.per_pair())
        .map(|(pair, _)| pair)
        .collect();
    pairs
        .iter()
        .filter_map(|p| {
            let (line, text) = p.adjustment.as_ref()?;
            let index = index.at((&p.section, &p.number));
            let zero = crate::travellers::parse_points(text) == Some(Ratio::from_integer(0));
            let given = index.is_some_and(|i| penalised.contains(&i));
            (!zero && !given).then(|| {
                Diagnostic::warning(
                    *line,
                    None,
                    format!(
                        "pair {}: its total is adjusted by {text} (<ADJUSTMENT>), which klaver does not apply: only a director's penalty written as a <PENALTY> line is; to apply it, convert the file to a travellers CSV and add a line with PEN and the points",
                        p.number
                    ),
                )
            })
        })
        .collect()
}

/// The event types USEBIO files carry that are scored by matchpoints, and those that
/// are not (IMPs, aggregate, teams, knock-outs and ladders).
const MATCHPOINTED_TYPES: [&str; 3] = ["MP_PAIRS", "PAIRS", "SWISS_PAIRS"];
const OTHER_TYPES: [&str; 11] = [
    "BUTLER_PAIRS",
    "CROSS_IMPS",
    "CROSS_IMP", // Compscore's spelling
    "SWISS_PAIRS_CROSS_IMPS",
    "SWISS_PAIRS_BUTLER_IMPS",
    "AGGREGATE",
    "TEAMS",
    "TEAMS_OF_FOUR",
    "SWISS_TEAMS",
    "KO",
    "LADDER",
];

/// What the event says of its scoring when klaver's matchpoints may not be it: a
/// `BOARD_SCORING_METHOD` (Compscore: `SCORING_METHOD`) other than matchpoints, else an
/// `EVENT_TYPE` (of the event, or Compscore's on its `PARTICIPANTS`) scored otherwise
/// or not one USEBIO names. ScoreBridge writes only the type.
fn scoring_note(event: &Node) -> Option<String> {
    let method = [
        event.get("BOARD_SCORING_METHOD"),
        event.get("SCORING_METHOD"),
    ]
    .into_iter()
    .find(|m| !m.is_empty());
    if let Some(method) = method {
        let upper = method.to_ascii_uppercase();
        return (!upper.contains("MATCH") && upper != "MP").then(|| scored_by(method));
    }
    let kinds = event_types(event);
    let is = |list: &[&str], k: &str| list.iter().any(|t| t.eq_ignore_ascii_case(k));
    if let Some(k) = kinds.iter().find(|k| is(&OTHER_TYPES, k)) {
        return Some(scored_by(k));
    }
    kinds
        .iter()
        .find(|k| !k.is_empty() && !is(&MATCHPOINTED_TYPES, k))
        .map(|k| format!("the event's type is {k}, which USEBIO does not name: klaver scored it by matchpoints; check that the file's program scored it so, or give --form"))
}

/// The error of an individual event (its `EVENT_TYPE`, or Compscore's on its
/// `PARTICIPANTS`): its lines name players, not the pairs klaver scores.
fn individual(event: &Node) -> Option<Diagnostic> {
    event_types(event)
        .iter()
        .any(|k| k.eq_ignore_ascii_case("INDIVIDUAL"))
        .then(|| {
            Diagnostic::error(
                event.line,
                None,
                "the event is an individual (EVENT_TYPE INDIVIDUAL): klaver scores pairs and teams, whose every line names two pairs, not individuals",
            )
        })
}

/// The error of a file whose traveller lines are in more than one `SESSION`: each
/// session's boards are its own deals (board 1 of the afternoon is not board 1 of the
/// evening), so they are never scored as one field. The error names the sessions.
fn several_sessions(root: &Node) -> Option<Diagnostic> {
    let mut sessions = Vec::new();
    sessions_with_lines(root, &mut sessions);
    let [.., last] = sessions.as_slice() else {
        return None;
    };
    if sessions.len() < 2 {
        return None;
    }
    let named: Vec<String> = sessions
        .iter()
        .map(|s| match s.get("SESSION_ID") {
            "" => format!("one without SESSION_ID (line {})", s.line),
            id => format!("{id} (line {})", s.line),
        })
        .collect();
    let (first, rest) = named.split_at(named.len() - 1);
    Some(Diagnostic::error(
        last.line,
        None,
        format!(
            "the file holds {} sessions with results, SESSION_ID {} and {}: klaver scores one session at a time, as each session's boards are other deals; export each session to a file of its own and score each",
            sessions.len(),
            first.join(", "),
            rest[0]
        ),
    ))
}

/// The `SESSION`s under `n` that hold a traveller line, in file order.
fn sessions_with_lines<'a>(n: &'a Node, out: &mut Vec<&'a Node>) {
    if n.is("SESSION") {
        if find(n, "TRAVELLER_LINE").is_some() {
            out.push(n);
        }
        return;
    }
    for c in &n.children {
        sessions_with_lines(c, out);
    }
}

/// The event's `EVENT_TYPE` and Compscore's on its `PARTICIPANTS` (each empty when not
/// given).
fn event_types(event: &Node) -> [&str; 2] {
    let participants = event
        .child("PARTICIPANTS")
        .map_or("", |p| p.get("EVENT_TYPE"));
    [event.get("EVENT_TYPE"), participants]
}

fn scored_by(method: &str) -> String {
    format!(
        "the file was scored by {method}: klaver scores by matchpoints unless --form names an IMP form"
    )
}

/// Whether a pass-out's declarer and tricks say nothing more: none, or a seat with no
/// tricks (ScoreBridge writes `PLAYED_BY` N and `TRICKS` 0 on a passed board). Any other
/// declarer or tricks are kept on the line, which is then said, as a travellers CSV's
/// `PASS N 10` is.
fn pass_out_as_written(t: &Node) -> bool {
    let (by, tricks) = (t.get("PLAYED_BY").trim(), t.get("TRICKS").trim());
    let seat = by.is_empty()
        || ["N", "E", "S", "W"]
            .iter()
            .any(|s| by.eq_ignore_ascii_case(s));
    seat && matches!(tricks, "" | "0")
}

/// Reads a USEBIO file: its pairs and players, its travellers and its published result
/// list. Problems with single lines are in the event's diagnostics with their line; a
/// file that is not well-formed USEBIO is an `Err`.
pub fn read(data: &[u8]) -> Result<Imported, UsebioError> {
    let mut diags = Vec::new();
    let text = decode(data, &mut diags)?;
    let root = parse(&text)?;
    let mut w = Walk {
        diags,
        ..Walk::default()
    };
    walk(&root, "", "", &mut w);
    let event_node = find(&root, "EVENT");
    let mut imported = Imported::default();
    if let Some(error) = event_node
        .and_then(individual)
        .or_else(|| several_sessions(&root))
    {
        imported.event.diagnostics.push(error);
        return Ok(imported);
    }
    if let Some(e) = event_node {
        imported.title = e.get("EVENT_DESCRIPTION").to_string();
        imported.date = e.get("DATE").to_string();
        if let Some(note) = scoring_note(e) {
            let warning = Diagnostic::warning(e.line, None, note);
            let imp_type = event_types(e).iter().any(|k| {
                let k = k.to_ascii_uppercase();
                k.contains("IMP") || k.contains("BUTLER")
            });
            w.diags.push(match scored_in_imps(e) || imp_type {
                true => warning.saying(klaver_core::said::Said::ScoredInImps),
                false => warning,
            });
        }
    }

    let twice = pairs_twice(&w.pairs);
    w.diags.extend(twice);
    let unread = std::mem::take(&mut w.unread);
    w.diags.extend(unread_warnings(unread));
    let unheeded = std::mem::take(&mut w.unheeded);
    w.diags.extend(unheeded_warnings(unheeded));
    split_directions(&mut w);
    drop_a_lone_section(&mut w);
    if w.rows.is_empty() {
        w.diags.push(Diagnostic::error(
            root.line,
            None,
            "the file has no <TRAVELLER_LINE>: there are no results to score",
        ));
    }
    let mut event: Event = exchange::rows_to_event(&w.rows);
    imported.line_imps = exchange::row_figures(&w.rows, |r| (&r.imp_ns, &r.imp_ew));
    let index = exchange::PairIndex::of(&event);
    for p in &w.pairs {
        let pair = (p.section.as_str(), p.number.as_str());
        if index.at(pair).is_none() {
            let given = (p.names.as_str(), &p.ids[..]);
            let warning =
                exchange::pair_without_results("<PARTICIPANTS>", pair, given, p.total.line);
            w.diags.push(warning);
            continue;
        }
        exchange::set_names(&mut event, &index, pair, &p.names, p.total.line);
        exchange::set_ids(&mut event, &index, pair, &p.ids);
    }
    let unapplied = unapplied_adjustments(&w.pairs, &event, &index);
    event.diagnostics.extend(w.diags);
    event.diagnostics.extend(unapplied);
    event.diagnostics.sort_by_key(|d| d.line.unwrap_or(0));
    imported.event = event;
    imported.deals = w.deals;
    let imps = event_node.is_some_and(scored_in_imps);
    let master_points = w.pairs.iter().find_map(|p| p.master_points.clone());
    imported.totals = w
        .pairs
        .into_iter()
        .map(|p| p.total)
        .map(|t| if imps { total_in_imps(t) } else { t })
        .filter(|t| {
            !t.rank.is_empty()
                || !t.total.is_empty()
                || !t.percentage.is_empty()
                || !t.imps.is_empty()
        })
        .collect();
    imported.total_columns = total_columns(&imported.totals);
    imported
        .total_columns
        .extend(master_points.map(|(line, name)| PublishedColumn {
            line,
            name,
            figure: Figure::MasterPoints,
        }));
    // A list with a winner in each direction states two fields, unless the event says it
    // has one winner (WINNER_TYPE 1, as ScoreBridge and Pianola write a Howell's).
    let one_winner = event_node.is_some_and(|e| e.get("WINNER_TYPE").trim() == "1");
    imported.convention = Convention {
        separate_fields: (!one_winner && exchange::placed_per_direction(&imported.totals))
            .then_some(true),
        ..Convention::default()
    };
    Ok(imported)
}

/// The PAIR elements' published figures, each named once with the line of the first
/// pair that gives it, for `--compare` to say which it compared.
fn total_columns(totals: &[PublishedTotal]) -> Vec<PublishedColumn> {
    type Of = fn(&PublishedTotal) -> &String;
    let columns: [(&str, Figure, Of); 4] = [
        ("TOTAL_SCORE", Figure::Total, |t: &PublishedTotal| &t.total),
        ("TOTAL_SCORE", Figure::Imps, |t: &PublishedTotal| &t.imps),
        ("PERCENTAGE", Figure::Percentage, |t: &PublishedTotal| {
            &t.percentage
        }),
        ("PLACE", Figure::Rank, |t: &PublishedTotal| &t.rank),
    ];
    columns
        .into_iter()
        .filter_map(|(name, figure, of)| {
            let first = totals.iter().find(|t| !of(t).trim().is_empty())?;
            Some(PublishedColumn {
                line: first.line,
                name: name.to_string(),
                figure,
            })
        })
        .collect()
}

/// Whether the event says it was scored in IMPs (`BOARD_SCORING_METHOD` or Compscore's
/// `SCORING_METHOD` naming IMPs, as Pianola's `CROSS_IMPS`): its `TOTAL_SCORE`s are then
/// IMPs.
fn scored_in_imps(event: &Node) -> bool {
    [
        event.get("BOARD_SCORING_METHOD"),
        event.get("SCORING_METHOD"),
    ]
    .iter()
    .any(|m| m.to_ascii_uppercase().contains("IMP"))
}

/// A pair's published line of an event scored in IMPs: its `TOTAL_SCORE` is its IMPs.
fn total_in_imps(t: PublishedTotal) -> PublishedTotal {
    PublishedTotal {
        imps: t.total,
        total: String::new(),
        ..t
    }
}

/// Pair numbers used in both directions are two pairs: 1NS and 1EW.
fn split_directions(w: &mut Walk) {
    let mut dirs: HashMap<(String, String), HashSet<String>> = HashMap::new();
    for p in &w.pairs {
        if p.direction == "NS" || p.direction == "EW" {
            dirs.entry((p.section.clone(), p.number.clone()))
                .or_default()
                .insert(p.direction.clone());
        }
    }
    let split = |section: &str, number: &str| {
        dirs.get(&(section.to_string(), number.to_string()))
            .is_some_and(|d| d.len() > 1)
    };
    for r in &mut w.rows {
        if split(&r.section, &r.ns) {
            r.ns.push_str("NS");
        }
        if split(&r.section, &r.ew) {
            r.ew.push_str("EW");
        }
    }
    for p in &mut w.pairs {
        if split(&p.section, &p.number) {
            p.number.push_str(&p.direction);
            p.total.pair = p.number.clone();
        }
    }
}

/// One section named in the file is no section at all.
fn drop_a_lone_section(w: &mut Walk) {
    // The participants may be listed outside the sections.
    let mut sections: Vec<&str> = w.rows.iter().map(|r| r.section.as_str()).collect();
    sections.sort_unstable();
    sections.dedup();
    if sections.len() <= 1 {
        for r in &mut w.rows {
            r.section.clear();
        }
        for p in &mut w.pairs {
            p.section.clear();
            p.total.section.clear();
        }
    }
}

fn find<'a>(n: &'a Node, name: &str) -> Option<&'a Node> {
    if n.is(name) {
        return Some(n);
    }
    n.children.iter().find_map(|c| find(c, name))
}

// ---------------------------------------------------------------------------------------
// Writing

/// Text for an XML element's content or attribute (control characters, which XML 1.0
/// does not allow, become spaces).
fn esc(s: &str) -> String {
    let clean: String = s
        .chars()
        .map(|c| if c.is_control() && c != '\t' { ' ' } else { c })
        .collect();
    html::escape(&clean)
}

fn el(out: &mut String, indent: usize, name: &str, value: &str) {
    out.push_str(&" ".repeat(indent));
    if value.is_empty() {
        out.push_str(&format!("<{name}/>\n"));
    } else {
        out.push_str(&format!("<{name}>{}</{name}>\n", esc(value)));
    }
}

/// A date as USEBIO writes it (dd/mm/yyyy), from `2024-03-05`, `2024.03.05` or
/// `05-03-2024`; other text is kept as written.
fn usebio_date(date: &str) -> String {
    match exchange::date_parts(date) {
        Some((y, m, d)) => format!("{d}/{m}/{y}"),
        None => date.to_string(),
    }
}

/// What the USEBIO writer needs besides the scored session.
#[derive(Debug, Clone, Default)]
pub struct WriteOptions<'a> {
    /// The event's name (`EVENT_DESCRIPTION`).
    pub title: &'a str,
    /// The date as the club writes it; written as dd/mm/yyyy when it can be read.
    pub date: &'a str,
    /// The hands of the boards, when known (`HAND` elements).
    pub deals: Option<&'a BTreeMap<u32, Deal>>,
}

/// The USEBIO text of a scored session (see [`write`]).
pub fn to_string(event: &Event, result: &SessionResult, opts: &WriteOptions) -> String {
    let mut sections: Vec<&str> = event.pairs.iter().map(|p| p.section.as_str()).collect();
    sections.sort_unstable();
    sections.dedup();
    let mut out = String::new();
    out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    out.push_str("<!DOCTYPE USEBIO SYSTEM \"usebio_v1_2.dtd\">\n");
    out.push_str("<USEBIO Version=\"1.2\">\n");
    out.push_str("  <EVENT EVENT_TYPE=\"MP_PAIRS\">\n");
    el(&mut out, 4, "EVENT_DESCRIPTION", opts.title);
    el(&mut out, 4, "DATE", &usebio_date(opts.date));
    el(&mut out, 4, "BOARD_SCORING_METHOD", "MATCH_POINTS");
    el(&mut out, 4, "SESSION_COUNT", "1");
    el(
        &mut out,
        4,
        "SECTION_COUNT",
        &sections.len().max(1).to_string(),
    );
    out.push_str("    <SESSION SESSION_ID=\"1\">\n");
    for (k, section) in sections.iter().enumerate() {
        let id = if section.is_empty() {
            char::from(b'A' + (k % 26) as u8).to_string()
        } else {
            section.to_string()
        };
        out.push_str(&format!("      <SECTION SECTION_ID=\"{}\">\n", esc(&id)));
        write_participants(&mut out, event, result, section);
        let mut boards: BTreeMap<u32, Vec<usize>> = BTreeMap::new();
        for sb in &result.boards {
            for i in sb.results() {
                if same(&event.pairs[event.results[i].ns_pair()].section, section) {
                    boards.entry(sb.board).or_default().push(i);
                }
            }
        }
        for (board, entries) in &boards {
            out.push_str("        <BOARD>\n");
            el(&mut out, 10, "BOARD_NUMBER", &board.to_string());
            if let Some(d) = opts.deals.and_then(|d| d.get(board)) {
                write_hands(&mut out, d);
            }
            for &i in entries {
                write_traveller_line(&mut out, event, result, i);
            }
            out.push_str("        </BOARD>\n");
        }
        write_penalties(&mut out, event, section);
        out.push_str("      </SECTION>\n");
    }
    out.push_str("    </SESSION>\n  </EVENT>\n</USEBIO>\n");
    out
}

/// A section's pairs in ranking order: number, players, total, percentage and place.
fn write_participants(out: &mut String, event: &Event, result: &SessionResult, section: &str) {
    let pairs = &event.pairs;
    out.push_str("        <PARTICIPANTS>\n");
    for p in result
        .pairs
        .iter()
        .filter(|p| same(&pairs[p.pair].section, section))
    {
        let info = &pairs[p.pair];
        out.push_str("          <PAIR>\n");
        el(out, 12, "PAIR_NUMBER", &info.id);
        let ids = event.player_ids.get(p.pair).map_or(&[][..], |v| &v[..]);
        write_players(out, &info.names, ids);
        el(out, 12, "TOTAL_SCORE", &report::points(&p.total));
        el(
            out,
            12,
            "PERCENTAGE",
            &p.percentage
                .as_ref()
                .map(|x| x.to_decimal(2))
                .unwrap_or_default(),
        );
        el(
            out,
            12,
            "PLACE",
            &p.rank
                .map(|r| format!("{r}{}", if p.tied { "=" } else { "" }))
                .unwrap_or_default(),
        );
        // The director's penalties and compensations, in TOTAL_SCORE.
        if p.penalty != Ratio::from_integer(0) {
            el(out, 12, "ADJUSTMENT", &exchange::points_text(p.penalty));
        }
        out.push_str("          </PAIR>\n");
    }
    out.push_str("        </PARTICIPANTS>\n");
}

/// A pair's PLAYERs: each player's name and, when the pairs file gave it, the player's
/// id as NATIONAL_ID_NUMBER after the name, as ScoreBridge writes a player
/// (tests/data/scorebridge-2025-07-30-forest-of-dean.xml). Ids that cannot be matched to
/// the names are left out (`klaver convert` says so).
fn write_players(out: &mut String, names: &str, ids: &[String]) {
    let players = players(names, ids).unwrap_or_else(|| {
        let names = names.split(" - ").map(str::trim).filter(|n| !n.is_empty());
        names.map(|n| (n, "")).collect()
    });
    for (name, id) in players {
        out.push_str("            <PLAYER>\n");
        if !name.is_empty() {
            el(out, 14, "PLAYER_NAME", name);
        }
        if !id.is_empty() {
            el(out, 14, "NATIONAL_ID_NUMBER", id);
        }
        out.push_str("            </PLAYER>\n");
    }
}

/// A pair's players as (name, id): its names (`Jansen - de Vries`, split at ` - `)
/// each with the id in the same place of its ids (`1001+1002`; `+1002` for a guest
/// without a number in the first seat), or only names, or only
/// ids. `None` when it has both and not as many names as ids: which id is whose cannot
/// be told.
pub fn players<'a>(names: &'a str, ids: &'a [String]) -> Option<Vec<(&'a str, &'a str)>> {
    let names: Vec<&str> = names
        .split(" - ")
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .collect();
    // By seat: a guest without a number keeps its place, empty.
    let ids: Vec<&str> = ids.iter().map(|i| i.trim()).collect();
    let numbered = ids.iter().any(|i| !i.is_empty());
    match (names.len(), ids.len()) {
        _ if !numbered => Some(names.into_iter().map(|n| (n, "")).collect()),
        (0, _) => Some(ids.into_iter().map(|i| ("", i)).collect()),
        (n, i) if n == i => Some(names.into_iter().zip(ids).collect()),
        _ => None,
    }
}

/// The director's penalties given to a section's pairs, each as klaver's own `PENALTY`
/// element (USEBIO has none): the board and pairs of its line and the adjustment as the
/// travellers CSV writes it, in the units it was given in (a centred session's are
/// centred points, read back as such when the file is scored `--centred`, as the
/// conversion says to).
fn write_penalties(out: &mut String, event: &Event, section: &str) {
    let pairs = &event.pairs;
    for p in event
        .penalties
        .iter()
        .filter(|p| pairs[p.ns].section == section)
    {
        out.push_str("        <PENALTY>\n");
        el(out, 10, "BOARD_NUMBER", &p.board.to_string());
        el(out, 10, "NS_PAIR_NUMBER", &pairs[p.ns].id);
        el(out, 10, "EW_PAIR_NUMBER", &pairs[p.ew].id);
        let points = exchange::points_text;
        let text = format!("PEN {}/{}", points(p.points.0), points(p.points.1));
        el(out, 10, "ADJUSTMENT", &text);
        out.push_str("        </PENALTY>\n");
    }
}

/// A board's hands, one HAND per seat whose hand is known.
fn write_hands(out: &mut String, d: &Deal) {
    for (seat, hand) in ["N", "E", "S", "W"].iter().zip(&d.hands) {
        // A hand not given (or left blank) has no HAND: one without cards would read
        // back as a hand of voids.
        let hand = hand.trim();
        if hand.is_empty() || hand == "-" {
            continue;
        }
        out.push_str("          <HAND>\n");
        el(out, 12, "DIRECTION", seat);
        for (suit, cards) in ["SPADES", "HEARTS", "DIAMONDS", "CLUBS"]
            .iter()
            .zip(hand.split('.'))
        {
            el(out, 12, suit, cards);
        }
        out.push_str("          </HAND>\n");
    }
}

/// The traveller line of result `i`: pairs, contract, declarer, lead, tricks, score,
/// adjustment and matchpoints.
fn write_traveller_line(out: &mut String, event: &Event, result: &SessionResult, i: usize) {
    let (r, info, pairs) = (&event.results[i], &event.lines[i], &event.pairs);
    out.push_str("          <TRAVELLER_LINE>\n");
    el(out, 12, "NS_PAIR_NUMBER", &pairs[r.ns_pair()].id);
    el(out, 12, "EW_PAIR_NUMBER", &pairs[r.ew_pair()].id);
    let (contract, by, tricks) = if info.passed {
        ("PASS".to_string(), String::new(), String::new())
    } else if let Some(p) = info.play {
        (
            pbn::pbn_contract(p.contract()),
            pbn::SEAT_LETTERS[pbn::seat_index(p.declarer())].to_string(),
            p.tricks().to_string(),
        )
    } else {
        (
            info.unread_contract().to_string(),
            String::new(),
            String::new(),
        )
    };
    el(out, 12, "CONTRACT", &contract);
    el(out, 12, "PLAYED_BY", &by);
    el(out, 12, "LEAD", info.lead());
    el(out, 12, "TRICKS", &tricks);
    let score = match &r.outcome {
        Outcome::Score(s) | Outcome::ScoreAndArtificial { score: s, .. } => s.to_string(),
        Outcome::Artificial { ns, ew } => format!("A{ns}/{ew}"),
        Outcome::NotPlayed => "NP".into(),
        Outcome::Weighted(_) => String::new(),
    };
    el(out, 12, "SCORE", &score);
    if !info.adjust().is_empty() {
        el(
            out,
            12,
            "ADJUSTMENT",
            &crate::exchange::adjust_as_written(r, info),
        );
    }
    if let Some(p) = result.points[i] {
        el(out, 12, "NS_MATCH_POINTS", &report::ratio(p.ns));
        el(out, 12, "EW_MATCH_POINTS", &report::ratio(p.ew));
    }
    out.push_str("          </TRAVELLER_LINE>\n");
}

/// Writes a scored session as USEBIO 1.2 (UTF-8): the pairs with their players, total
/// matchpoints, percentages and places, and every board's traveller with matchpoints.
pub fn write<W: Write>(
    mut out: W,
    event: &Event,
    result: &SessionResult,
    opts: &WriteOptions,
) -> std::io::Result<()> {
    out.write_all(to_string(event, result, opts).as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A pair's ids go with its names in order; with more ids than names which is whose
    /// cannot be told, and none is guessed.
    #[test]
    fn players_ids_go_with_their_names_only_when_they_match() {
        let ids = ["1001".to_string(), "1002".to_string()];
        assert_eq!(
            players("Jansen - de Vries", &ids),
            Some(vec![("Jansen", "1001"), ("de Vries", "1002")])
        );
        assert_eq!(players("", &ids), Some(vec![("", "1001"), ("", "1002")]));
        assert_eq!(players("Jansen", &[]), Some(vec![("Jansen", "")]));
        assert_eq!(players("Jansen/de Vries", &ids), None);
        let mut out = String::new();
        write_players(&mut out, "Jansen/de Vries", &ids);
        assert!(!out.contains("NATIONAL_ID_NUMBER"), "{out}");
        assert!(
            out.contains("<PLAYER_NAME>Jansen/de Vries</PLAYER_NAME>"),
            "{out}"
        );
    }
    use crate::test_support::{refused_on, said};
    use klaver_core::session::{Settings, Severity, score_session};

    const SAMPLE: &str = r#"<?xml version="1.0" encoding="ISO-8859-1"?>
<!DOCTYPE USEBIO SYSTEM "usebio_v1_2.dtd">
<USEBIO Version="1.2">
  <CLUB><CLUB_NAME>Test</CLUB_NAME></CLUB>
  <EVENT EVENT_TYPE="MP_PAIRS">
    <EVENT_DESCRIPTION>Monday Pairs</EVENT_DESCRIPTION>
    <DATE>05/03/2024</DATE>
    <BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD>
    <PARTICIPANTS>
      <PAIR><PAIR_NUMBER>1</PAIR_NUMBER>
        <PLAYER><PLAYER_NAME>Ann Smith</PLAYER_NAME></PLAYER>
        <PLAYER><PLAYER_NAME>Bob Jones</PLAYER_NAME></PLAYER>
        <TOTAL_SCORE>3</TOTAL_SCORE><PERCENTAGE>75.00</PERCENTAGE><PLACE>1</PLACE></PAIR>
      <PAIR><PAIR_NUMBER>2</PAIR_NUMBER><PLACE>2</PLACE></PAIR>
    </PARTICIPANTS>
    <SESSION SESSION_ID="1"><SECTION SECTION_ID="A">
    <BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
      <TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>
        <CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><LEAD>HK</LEAD><TRICKS>10</TRICKS>
        <SCORE>420</SCORE><NS_MATCH_POINTS>2</NS_MATCH_POINTS><EW_MATCH_POINTS>0</EW_MATCH_POINTS></TRAVELLER_LINE>
      <TRAVELLER_LINE><NS_PAIR_NUMBER>3</NS_PAIR_NUMBER><EW_PAIR_NUMBER>4</EW_PAIR_NUMBER>
        <CONTRACT>4S*</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>9</TRICKS>
        <SCORE>-100</SCORE></TRAVELLER_LINE>
      <TRAVELLER_LINE><NS_PAIR_NUMBER>5</NS_PAIR_NUMBER><EW_PAIR_NUMBER>6</EW_PAIR_NUMBER>
        <CONTRACT/><SCORE>A60</SCORE></TRAVELLER_LINE>
    </BOARD>
    </SECTION></SESSION>
  </EVENT>
</USEBIO>
"#;

    /// The messages of SAMPLE with its event's type and scoring method replaced.
    fn scoring_messages(event_type: &str, method: &str) -> Vec<String> {
        let doc = SAMPLE
            .replace(
                r#"<EVENT EVENT_TYPE="MP_PAIRS">"#,
                &format!("<EVENT {event_type}>"),
            )
            .replace(
                "<BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD>",
                method,
            );
        exchange::messages(&read(doc.as_bytes()).unwrap())
    }

    /// An event scored otherwise than by matchpoints, or of a type USEBIO does not name,
    /// is said on the event's line. The types are those USEBIO 1.2 files carry (as
    /// listed by github.com/marcshearer/ImportUsebio, `EventType`); Compscore writes its
    /// own `SCORING_METHOD` and an `EVENT_TYPE` on `PARTICIPANTS` (the exports among
    /// github.com/abftech/cobalt's test files: `EVENT_TYPE="NOTSUP"`, `IMPS`,
    /// `BUTLER_PAIRS`).
    #[test]
    fn an_event_not_scored_by_matchpoints_is_said() {
        for kind in ["MP_PAIRS", "PAIRS", "SWISS_PAIRS", "mp_pairs", ""] {
            let m = scoring_messages(&format!(r#"EVENT_TYPE="{kind}""#), "");
            assert!(m.is_empty(), "{kind}: {m:?}");
        }
        let m = scoring_messages(
            r#"EVENT_TYPE="MP_PAIRS""#,
            "<BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD>",
        );
        assert!(m.is_empty(), "{m:?}");
        let scored = |kind: &str, method: &str, by: &str| {
            let m = scoring_messages(kind, method);
            let want = format!(
                "line 5: the file was scored by {by}: klaver scores by matchpoints unless --form names an IMP form"
            );
            assert_eq!(m, [want], "{kind} {method}");
        };
        scored(r#"EVENT_TYPE="CROSS_IMPS""#, "", "CROSS_IMPS");
        scored(r#"EVENT_TYPE="CROSS_IMP""#, "", "CROSS_IMP");
        scored(r#"EVENT_TYPE="AGGREGATE""#, "", "AGGREGATE");
        scored(r#"EVENT_TYPE="KO""#, "", "KO");
        scored(
            r#"EVENT_TYPE="MP_PAIRS""#,
            "<BOARD_SCORING_METHOD>IMPS</BOARD_SCORING_METHOD>",
            "IMPS",
        );
        scored(
            r#"EVENT_TYPE="NOTSUP""#,
            "<SCORING_METHOD>IMPS</SCORING_METHOD>",
            "IMPS",
        );
        scored(
            r#"EVENT_TYPE="NOTSUP""#,
            r#"<PARTICIPANTS EVENT_TYPE="BUTLER_PAIRS"></PARTICIPANTS>"#,
            "BUTLER_PAIRS",
        );
        let m = scoring_messages(r#"EVENT_TYPE="NOTSUP""#, "");
        assert_eq!(
            m,
            [
                "line 5: the event's type is NOTSUP, which USEBIO does not name: klaver scored it by matchpoints; check that the file's program scored it so, or give --form"
            ]
        );
    }

    #[test]
    fn reads_pairs_travellers_and_published_figures() {
        let imp = read(SAMPLE.as_bytes()).unwrap();
        let e = &imp.event;
        assert!(e.diagnostics.is_empty(), "{:?}", e.diagnostics);
        assert_eq!(imp.title, "Monday Pairs");
        assert_eq!(imp.date, "05/03/2024");
        assert_eq!(e.results.len(), 3);
        assert_eq!(e.results[0].outcome, Outcome::Score(420));
        assert_eq!(e.results[1].outcome, Outcome::Score(-100));
        assert_eq!(e.results[2].outcome, Outcome::Artificial { ns: 60, ew: 40 });
        assert_eq!(e.results[0].line(), 18);
        assert_eq!(e.lines[0].lead(), "HK");
        assert_eq!(e.pairs[0].names, "Ann Smith - Bob Jones");
        assert_eq!(imp.totals.len(), 2);
        assert_eq!(imp.totals[0].percentage, "75.00");
    }

    #[test]
    fn a_total_score_that_holds_the_percentage_is_compared_as_one() {
        // Some programs write the pair's percentage in TOTAL_SCORE. Pair 1 has 3 of 4
        // matchpoints, 75 %: the published 75.00 agrees as a percentage, with a note.
        // (The sample's other published figures are not the point here.)
        let settings = Settings::default();
        let pair_1 = |doc: &str| {
            let imp = read(doc.as_bytes()).unwrap();
            let res = score_session(&imp.event.pairs, &imp.event.results, &settings).unwrap();
            let c = crate::exchange::compare(&imp, &res, None);
            let found: Vec<String> = c
                .differences
                .into_iter()
                .map(|d| d.message)
                .filter(|m| m.starts_with("pair 1:"))
                .collect();
            (found, c.notes)
        };
        let as_percent = SAMPLE.replace(
            "<TOTAL_SCORE>3</TOTAL_SCORE>",
            "<TOTAL_SCORE>75.00</TOTAL_SCORE>",
        );
        let (found, notes) = pair_1(&as_percent);
        assert!(found.is_empty(), "{found:?}");
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert!(notes[0].starts_with("the file's totals are percentages"));
        // As matchpoints it is compared as matchpoints, with no note.
        let (found, notes) = pair_1(SAMPLE);
        assert!(found.is_empty() && notes.is_empty(), "{found:?} {notes:?}");
        // A figure that is neither is a difference.
        let wrong = SAMPLE.replace(
            "<TOTAL_SCORE>3</TOTAL_SCORE>",
            "<TOTAL_SCORE>70.00</TOTAL_SCORE>",
        );
        let (found, _) = pair_1(&wrong);
        assert_eq!(found, ["pair 1: total published 70.00, klaver 3"]);
    }

    #[test]
    fn latin1_names_and_bad_utf8() {
        let mut doc = SAMPLE
            .replace("Ann Smith", "Ren\u{e9}e M\u{fc}ller")
            .into_bytes();
        // Encode as Latin-1, as the declaration says.
        doc = String::from_utf8(doc)
            .unwrap()
            .chars()
            .map(|c| c as u32 as u8)
            .collect();
        let imp = read(&doc).unwrap();
        assert_eq!(imp.event.pairs[0].names, "Renée Müller - Bob Jones");
        assert!(imp.event.diagnostics.is_empty());
        // UTF-8 text in a file that says it is Latin-1 is refused: read as declared,
        // its names would be garbled.
        let mixed = SAMPLE.replace("Ann Smith", "Ren\u{e9}e");
        let e = read(mixed.as_bytes()).unwrap_err().to_string();
        assert!(
            e.starts_with("line 11: the file says it is iso-8859-1 but this line holds UTF-8 text"),
            "{e}"
        );
        let utf8 = String::from_utf8_lossy(&doc)
            .replace("ISO-8859-1", "UTF-8")
            .into_bytes();
        // The lossy conversion put U+FFFD in; put a raw Latin-1 byte back.
        let mut bad = utf8.clone();
        let at = bad
            .windows(3)
            .position(|w| w == "\u{fffd}".as_bytes())
            .unwrap();
        bad.splice(at..at + 3, [0xE9]);
        let err = read(&bad).unwrap_err().to_string();
        assert!(err.starts_with("line 11: byte 0xE9 is not UTF-8"), "{err}");
    }

    #[test]
    fn malformed_documents_are_errors_with_a_line() {
        let err = read(b"<?xml version=\"1.0\"?>\n<USEBIO>\n<EVENT>\n</USEBIO>")
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("line 4: not well-formed XML"), "{err}");
        let err = read(b"<html></html>").unwrap_err().to_string();
        assert!(err.contains("not USEBIO"), "{err}");
        let deep = "<USEBIO>".to_string() + &"<A>".repeat(200);
        assert!(read(deep.as_bytes()).is_err());
    }

    #[test]
    fn bad_lines_name_their_line() {
        let doc = SAMPLE.replace("<SCORE>420</SCORE>", "<SCORE>425</SCORE>");
        let imp = read(doc.as_bytes()).unwrap();
        let m = exchange::messages(&imp);
        assert!(
            m.iter().any(|m| m.starts_with("line 18: board 1:")),
            "{m:?}"
        );
    }

    #[test]
    fn two_winner_numbering_splits_pairs() {
        let doc = r#"<USEBIO Version="1.2"><EVENT><PARTICIPANTS>
<PAIR><PAIR_NUMBER>1</PAIR_NUMBER><DIRECTION>NS</DIRECTION></PAIR>
<PAIR><PAIR_NUMBER>1</PAIR_NUMBER><DIRECTION>EW</DIRECTION></PAIR>
</PARTICIPANTS><BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE>
<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>1</EW_PAIR_NUMBER><SCORE>420</SCORE>
</TRAVELLER_LINE></BOARD></EVENT></USEBIO>"#;
        let imp = read(doc.as_bytes()).unwrap();
        assert_eq!(imp.event.pairs[0].id, "1NS");
        assert_eq!(imp.event.pairs[1].id, "1EW");
    }

    /// A PAIR without its number cannot be told from the others: it is skipped, saying
    /// so on its line, and the pairs with numbers keep their names.
    #[test]
    fn a_pair_without_its_number_is_skipped_and_said() {
        let doc = r#"<USEBIO Version="1.2"><EVENT><PARTICIPANTS>
<PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PLAYER><PLAYER_NAME>Ann</PLAYER_NAME></PLAYER><PLAYER><PLAYER_NAME>Bob</PLAYER_NAME></PLAYER></PAIR>
<PAIR><PLAYER><PLAYER_NAME>Cid</PLAYER_NAME></PLAYER></PAIR>
</PARTICIPANTS><BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE>
<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><SCORE>420</SCORE>
</TRAVELLER_LINE></BOARD></EVENT></USEBIO>"#;
        let imp = read(doc.as_bytes()).unwrap();
        let m = exchange::messages(&imp);
        assert!(
            m.iter()
                .any(|m| m == "line 3: a <PAIR> without <PAIR_NUMBER> was skipped"),
            "{m:?}"
        );
        assert_eq!(imp.event.pairs[0].names, "Ann - Bob");
    }

    #[test]
    fn written_usebio_reads_back_with_every_result() {
        let imp = read(SAMPLE.as_bytes()).unwrap();
        let res =
            score_session(&imp.event.pairs, &imp.event.results, &Settings::default()).unwrap();
        let text = to_string(
            &imp.event,
            &res,
            &WriteOptions {
                title: "Monday Pairs",
                date: "2024-03-05",
                deals: None,
            },
        );
        assert!(text.contains("<DATE>05/03/2024</DATE>"), "{text}");
        let back = read(text.as_bytes()).unwrap();
        assert!(
            back.event.diagnostics.is_empty(),
            "{:?}",
            back.event.diagnostics
        );
        assert_eq!(back.event.results.len(), imp.event.results.len());
        for (a, b) in back.event.results.iter().zip(&imp.event.results) {
            assert_eq!(a.outcome, b.outcome);
        }
        assert_eq!(back.event.pairs[0].names, "Ann Smith - Bob Jones");
        let cmp = exchange::compare(&back, &res, None);
        assert!(cmp.differences.is_empty(), "{:?}", cmp.differences);
        assert_eq!(cmp.lines_checked, 3);
        assert!(cmp.pairs_checked >= 6);
    }

    /// Every traveller line of a large file keeps the line its element starts on, with
    /// LF or CRLF line ends. (Each element's line was once counted from the start of
    /// the file, which made a file of 5,000 results take 19 seconds to read; the
    /// `read_usebio` bench measures it.)
    #[test]
    fn every_line_of_a_large_file_keeps_its_line() {
        let mut csv = Vec::new();
        let opts = crate::generate::GenerateOptions {
            pairs: 60,
            boards: 12,
            boards_per_round: 3,
            seed: 3,
        };
        crate::generate::write_event(&mut csv, opts).unwrap();
        let event = crate::travellers::read_travellers_bytes(&csv, Default::default()).unwrap();
        let res = score_session(&event.pairs, &event.results, &Settings::default()).unwrap();
        let options = WriteOptions {
            title: "t",
            date: "",
            deals: None,
        };
        let text = to_string(&event, &res, &options);
        for text in [text.clone(), text.replace('\n', "\r\n")] {
            let want: Vec<u32> = text
                .split_inclusive('\n')
                .zip(1..)
                .filter(|(l, _)| l.trim_start().starts_with("<TRAVELLER_LINE>"))
                .map(|(_, n)| n)
                .collect();
            let back = read(text.as_bytes()).unwrap();
            let got: Vec<u32> = back.event.results.iter().map(|r| r.line()).collect();
            assert_eq!(got.len(), 360);
            assert_eq!(got, want);
        }
    }

    /// A pass-out with a declarer or tricks says two things: the line is named, as the
    /// same line of a travellers CSV is, rather than read as passed without a word.
    #[test]
    fn a_pass_out_with_a_declarer_or_tricks_is_said() {
        let doc = r#"<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS"><SESSION><SECTION SECTION_ID="A">
<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>
<CONTRACT>PASS</CONTRACT><PLAYED_BY>Q</PLAYED_BY><TRICKS/><SCORE>0</SCORE></TRAVELLER_LINE>
<TRAVELLER_LINE><NS_PAIR_NUMBER>3</NS_PAIR_NUMBER><EW_PAIR_NUMBER>4</EW_PAIR_NUMBER>
<CONTRACT>AP</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>10</TRICKS><SCORE/></TRAVELLER_LINE>
<TRAVELLER_LINE><NS_PAIR_NUMBER>5</NS_PAIR_NUMBER><EW_PAIR_NUMBER>6</EW_PAIR_NUMBER>
<CONTRACT>PASS</CONTRACT><PLAYED_BY/><LEAD/><TRICKS/><SCORE>0</SCORE></TRAVELLER_LINE>
<TRAVELLER_LINE><NS_PAIR_NUMBER>7</NS_PAIR_NUMBER><EW_PAIR_NUMBER>8</EW_PAIR_NUMBER>
<CONTRACT>PASS</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>0</TRICKS><SCORE>0</SCORE></TRAVELLER_LINE>
</BOARD></SECTION></SESSION></EVENT></USEBIO>
"#;
        let e = read(doc.as_bytes()).unwrap().event;
        assert_eq!(
            said(&e),
            [(Some(3), Severity::Warning), (Some(5), Severity::Error)],
            "{:?}",
            e.diagnostics
        );
        assert!(
            e.diagnostics[0].message.contains("\"PASS Q\""),
            "{}",
            e.diagnostics[0]
        );
        assert!(
            e.diagnostics[1].message.contains("\"PASS N 10\""),
            "{}",
            e.diagnostics[1]
        );
        // The pass-outs without more, ScoreBridge's "N, 0 tricks" among them (as in
        // tests/data/scorebridge-2025-07-30-forest-of-dean.xml), and the one whose score
        // stands are read as passed.
        assert_eq!(e.results.len(), 3);
        assert!(e.results.iter().all(|r| r.outcome == Outcome::Score(0)));
    }

    /// ScoreBridge names the form in the EVENT's EVENT_TYPE attribute and writes no
    /// BOARD_SCORING_METHOD (as in tests/data/scorebridge-2025-07-30-forest-of-dean.xml):
    /// a cross-IMP event was matchpointed without a word.
    #[test]
    fn an_event_type_klaver_does_not_matchpoint_is_said() {
        let doc = |kind: &str| {
            format!(
                r#"<USEBIO Version="1.2">
<EVENT EVENT_TYPE="{kind}"><SESSION><SECTION SECTION_ID="A">
<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>
<CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>10</TRICKS><SCORE>420</SCORE></TRAVELLER_LINE>
</BOARD></SECTION></SESSION></EVENT></USEBIO>
"#
            )
        };
        let e = read(doc("CROSS_IMPS").as_bytes()).unwrap().event;
        assert_eq!(
            said(&e),
            [(Some(2), Severity::Warning)],
            "{:?}",
            e.diagnostics
        );
        assert!(
            e.diagnostics[0].message.contains("CROSS_IMPS"),
            "{}",
            e.diagnostics[0]
        );
        for kind in ["SWISS_PAIRS_CROSS_IMPS", "BUTLER_PAIRS", "TEAMS_OF_FOUR"] {
            let e = read(doc(kind).as_bytes()).unwrap().event;
            assert_eq!(
                said(&e),
                [(Some(2), Severity::Warning)],
                "{kind}: {:?}",
                e.diagnostics
            );
        }
        // Event types that are matchpointed (as ImportUsebio names them) say nothing.
        // (An individual is refused: an_individual_event_is_refused_as_one.)
        for kind in ["MP_PAIRS", "PAIRS", "SWISS_PAIRS"] {
            let e = read(doc(kind).as_bytes()).unwrap().event;
            assert!(e.diagnostics.is_empty(), "{kind}: {:?}", e.diagnostics);
        }
    }

    /// An element given twice in one traveller line or board (two SCOREs, two
    /// BOARD_NUMBERs) was read as its first without a word.
    #[test]
    fn an_element_given_twice_is_refused() {
        let doc = r#"<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS"><SESSION><SECTION SECTION_ID="A">
<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>
<CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>10</TRICKS><SCORE>420</SCORE></TRAVELLER_LINE>
<TRAVELLER_LINE><NS_PAIR_NUMBER>3</NS_PAIR_NUMBER><EW_PAIR_NUMBER>4</EW_PAIR_NUMBER>
<CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>9</TRICKS><SCORE>-50</SCORE><SCORE>420</SCORE></TRAVELLER_LINE>
</BOARD>
<BOARD><BOARD_NUMBER>2</BOARD_NUMBER><BOARD_NUMBER>3</BOARD_NUMBER>
<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>
<CONTRACT>PASS</CONTRACT><SCORE>0</SCORE></TRAVELLER_LINE>
</BOARD></SECTION></SESSION></EVENT></USEBIO>
"#;
        let e = read(doc.as_bytes()).unwrap().event;
        assert_eq!(
            said(&e),
            [(Some(6), Severity::Error), (Some(8), Severity::Error)],
            "{:?}",
            e.diagnostics
        );
        assert!(
            e.diagnostics[0].message.contains("SCORE"),
            "{}",
            e.diagnostics[0]
        );
        assert!(
            e.diagnostics[1].message.contains("BOARD_NUMBER"),
            "{}",
            e.diagnostics[1]
        );
    }

    /// `<BOARD_NUMBER>+1</BOARD_NUMBER>` was read as board 1: a sign is no part of a
    /// board number.
    #[test]
    fn a_board_number_with_a_sign_is_refused() {
        let doc = r#"<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS"><SESSION><SECTION SECTION_ID="A">
<BOARD><BOARD_NUMBER>+1</BOARD_NUMBER>
<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>
<CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>10</TRICKS><SCORE>420</SCORE></TRAVELLER_LINE>
</BOARD></SECTION></SESSION></EVENT></USEBIO>
"#;
        let e = read(doc.as_bytes()).unwrap().event;
        refused_on(&e, 3, "+1");
    }

    /// A hand left blank in a deal is a hand not given: no HAND is written for it, so it
    /// reads back as not given rather than as a hand without cards.
    #[test]
    fn a_blank_hand_is_not_written() {
        let doc = r#"<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS"><SESSION><SECTION SECTION_ID="A">
<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>
<CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>10</TRICKS><SCORE>420</SCORE></TRAVELLER_LINE>
</BOARD></SECTION></SESSION></EVENT></USEBIO>
"#;
        let imp = read(doc.as_bytes()).unwrap();
        let e = &imp.event;
        let res = score_session(&e.pairs, &e.results, &Settings::default()).unwrap();
        let hands = ["AKQ.JT9.876.5432", "", "-", " "].map(String::from);
        let deals = BTreeMap::from([(1, Deal { hands })]);
        let opts = WriteOptions {
            title: "",
            date: "",
            deals: Some(&deals),
        };
        let back = read(to_string(e, &res, &opts).as_bytes()).unwrap();
        assert!(
            back.event.diagnostics.is_empty(),
            "{:?}",
            back.event.diagnostics
        );
        let given = ["AKQ.JT9.876.5432", "-", "-", "-"].map(String::from);
        assert_eq!(back.deals[&1].hands, given);
    }

    /// A weighted score (Law 12C1(c)) travels in the ADJUSTMENT element as the travellers
    /// CSV writes it; the SCORE beside it is left empty and the score survives a round trip.
    #[test]
    fn a_weighted_score_is_read_and_written_back() {
        let doc = r#"<?xml version="1.0" encoding="UTF-8"?>
<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS"><SESSION><SECTION SECTION_ID="A">
<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>
<CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>10</TRICKS><SCORE>420</SCORE></TRAVELLER_LINE>
<TRAVELLER_LINE><NS_PAIR_NUMBER>3</NS_PAIR_NUMBER><EW_PAIR_NUMBER>4</EW_PAIR_NUMBER>
<CONTRACT/><SCORE/><ADJUSTMENT>W 30% 4SN= 70% 4SN-1</ADJUSTMENT></TRAVELLER_LINE>
<TRAVELLER_LINE><NS_PAIR_NUMBER>5</NS_PAIR_NUMBER><EW_PAIR_NUMBER>6</EW_PAIR_NUMBER>
<CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>9</TRICKS><SCORE>-50</SCORE></TRAVELLER_LINE>
</BOARD></SECTION></SESSION></EVENT></USEBIO>
"#;
        let imp = read(doc.as_bytes()).unwrap();
        let e = &imp.event;
        assert!(e.diagnostics.is_empty(), "{:?}", e.diagnostics);
        // 30 % of 4S= (+420) and 70 % of 4S-1 (-50).
        let weighted = [(30, 420), (70, -50)];
        assert_eq!(exchange::weighted_parts(&e.results[1].outcome), weighted);
        let res = score_session(&e.pairs, &e.results, &Settings::default()).unwrap();
        let text = to_string(
            e,
            &res,
            &WriteOptions {
                title: "",
                date: "",
                deals: None,
            },
        );
        assert!(
            text.contains("<ADJUSTMENT>W 30% 4SN= 70% 4SN-1</ADJUSTMENT>"),
            "{text}"
        );
        let back = read(text.as_bytes()).unwrap();
        assert!(
            back.event.diagnostics.is_empty(),
            "{:?}",
            back.event.diagnostics
        );
        assert_eq!(
            exchange::weighted_parts(&back.event.results[1].outcome),
            weighted
        );
        assert_eq!(back.event.results.len(), 3);
    }

    /// An individual event (each line names four players, no pairs) was refused with an
    /// error on every line, "the ns or ew pair is empty ... write - for a substitute
    /// pair", which asks for something the file cannot give. It is one error saying
    /// what the event is.
    #[test]
    fn an_individual_event_is_refused_as_one() {
        let xml = r#"<?xml version="1.0"?>
<USEBIO Version="1.2">
  <EVENT EVENT_TYPE="INDIVIDUAL">
    <BOARD>
      <BOARD_NUMBER>1</BOARD_NUMBER>
      <TRAVELLER_LINE>
        <NORTH_PLAYER_NUMBER>1</NORTH_PLAYER_NUMBER>
        <SCORE>420</SCORE>
      </TRAVELLER_LINE>
    </BOARD>
  </EVENT>
</USEBIO>
"#;
        let imp = read(xml.as_bytes()).unwrap();
        let said: Vec<String> = imp
            .event
            .diagnostics
            .iter()
            .map(|d| d.to_string())
            .collect();
        assert_eq!(
            said,
            [
                "line 3: the event is an individual (EVENT_TYPE INDIVIDUAL): klaver scores pairs and teams, whose every line names two pairs, not individuals"
            ]
        );
        assert!(imp.event.has_errors());
    }

    /// EBUScore and PairsScorer write a void suit as `-` (`<CLUBS>-</CLUBS>`); the hands
    /// of such boards were dropped with a warning that `-` is not a card.
    #[test]
    fn a_void_suit_written_as_a_dash_is_void() {
        let hand = |seat: &str, s: &str, h: &str, d: &str, c: &str| {
            format!(
                "<HAND><DIRECTION>{seat}</DIRECTION><SPADES>{s}</SPADES><HEARTS>{h}</HEARTS><DIAMONDS>{d}</DIAMONDS><CLUBS>{c}</CLUBS></HAND>"
            )
        };
        let doc = format!(
            "<USEBIO Version=\"1.2\"><EVENT><BOARD><BOARD_NUMBER>2</BOARD_NUMBER>\n{}{}{}{}\n<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><SCORE>-100</SCORE></TRAVELLER_LINE>\n</BOARD></EVENT></USEBIO>",
            hand("N", "K982", "KQ53", "AQ543", "-"),
            hand("E", "AQJ", "AJ2", "K2", "KQJ32"),
            hand("S", "T7654", "T9", "T9", "AT98"),
            hand("W", "3", "8764", "J876", "7654"),
        );
        let imp = read(doc.as_bytes()).unwrap();
        assert!(
            exchange::messages(&imp).is_empty(),
            "{:?}",
            exchange::messages(&imp)
        );
        assert_eq!(imp.deals[&2].hands[0], "K982.KQ53.AQ543.");
    }

    #[test]
    fn lines_and_hands_wherever_they_are_nested() {
        let doc = r#"<USEBIO Version="1.2"><EVENT><SECTION SECTION_ID="A"><BOARD>
<BOARD_NUMBER>5</BOARD_NUMBER>
<HAND><DIRECTION>N</DIRECTION><SPADES>AKQ</SPADES><HEARTS>JT9</HEARTS><DIAMONDS>876</DIAMONDS><CLUBS>5432</CLUBS></HAND>
<HAND><DIRECTION>Q</DIRECTION></HAND>
<RESULTS><TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>
<SCORE>-100</SCORE></TRAVELLER_LINE></RESULTS>
</BOARD></SECTION></EVENT></USEBIO>"#;
        let imp = read(doc.as_bytes()).unwrap();
        assert_eq!(imp.event.results.len(), 1);
        assert_eq!(imp.event.results[0].board, 5);
        assert_eq!(imp.event.results[0].line(), 5);
        assert_eq!(imp.deals[&5].hands[0], "AKQ.JT9.876.5432");
        assert_eq!(imp.deals[&5].hands[1], "-");
        let m = exchange::messages(&imp);
        assert_eq!(
            m,
            ["line 4: board 5: a <HAND> with DIRECTION \"Q\" was skipped: write N, E, S or W"]
        );
        // Written back, the known hand is kept.
        let res =
            score_session(&imp.event.pairs, &imp.event.results, &Settings::default()).unwrap();
        let text = to_string(
            &imp.event,
            &res,
            &WriteOptions {
                deals: Some(&imp.deals),
                ..WriteOptions::default()
            },
        );
        assert_eq!(read(text.as_bytes()).unwrap().deals, imp.deals);
    }

    /// Scores an event with its director's penalties, as `klaver score` does.
    fn scored_with_penalties(e: &Event) -> SessionResult {
        let settings = Settings {
            penalties: e.penalties.iter().flat_map(|p| p.per_pair()).collect(),
            ..Settings::default()
        };
        score_session(&e.pairs, &e.results, &settings).unwrap()
    }

    /// A director's penalty was in the pair's TOTAL_SCORE but on no traveller line, so
    /// the file scored again gave the pair its points back (2 instead of 0).
    #[test]
    fn a_directors_penalty_is_written_and_read_back() {
        let csv = "board,ns,ew,score,adjust\n1,1,2,420,\n1,3,4,450,\n1,5,6,400,\n1,7,8,-50,\n1,1,2,0,PEN 0/-2\n";
        let e = crate::travellers::read_travellers(csv.as_bytes(), Default::default()).unwrap();
        let res = scored_with_penalties(&e);
        let text = to_string(&e, &res, &WriteOptions::default());
        assert!(text.contains("<ADJUSTMENT>-2</ADJUSTMENT>"), "{text}");
        let back = read(text.as_bytes()).unwrap();
        assert!(
            back.event.diagnostics.is_empty(),
            "{:?}",
            back.event.diagnostics
        );
        assert_eq!(back.event.penalties.len(), 1);
        let again = scored_with_penalties(&back.event);
        let pair_2 = |r: &SessionResult, e: &Event| {
            let p = r.pairs.iter().find(|p| e.pairs[p.pair].id == "2").unwrap();
            (report::points(&p.total), p.penalty)
        };
        assert_eq!(pair_2(&again, &back.event), pair_2(&res, &e));
        assert_eq!(pair_2(&again, &back.event).0, "0");
        let cmp = exchange::compare(&back, &again, None);
        assert!(cmp.differences.is_empty(), "{:?}", cmp.differences);
    }

    /// A split score (`EW 60%`: the score stands for North-South, East-West get 60 %)
    /// was written with its SCORE, which the reader then dropped for the adjustment:
    /// the line had no score and klaver could not read its own file.
    #[test]
    fn a_split_score_keeps_its_score() {
        let csv = "board,ns,ew,score,adjust\n1,1,2,420,\n1,3,4,450,\n1,5,6,0,EW 60%\n1,7,8,400,NS AVG-\n2,1,2,110,\n2,3,4,140,\n2,5,6,-100,\n";
        let e = crate::travellers::read_travellers(csv.as_bytes(), Default::default()).unwrap();
        assert!(!e.has_errors(), "{:?}", e.diagnostics);
        let res = score_session(&e.pairs, &e.results, &Settings::default()).unwrap();
        let back = read(to_string(&e, &res, &WriteOptions::default()).as_bytes()).unwrap();
        assert!(
            back.event.diagnostics.is_empty(),
            "{:?}",
            back.event.diagnostics
        );
        let outcomes = |e: &Event| -> Vec<(u32, Outcome)> {
            e.results
                .iter()
                .map(|r| (r.board, r.outcome.clone()))
                .collect()
        };
        assert_eq!(outcomes(&back.event), outcomes(&e));
    }

    /// A pair's ADJUSTMENT of its total that no penalty line of klaver's accounts for
    /// (another program's file) is not applied, and is said with its line.
    #[test]
    fn an_adjustment_of_a_total_klaver_does_not_apply_is_said() {
        let doc = SAMPLE.replace(
            "<TOTAL_SCORE>3</TOTAL_SCORE>",
            "<TOTAL_SCORE>2</TOTAL_SCORE><ADJUSTMENT>-1</ADJUSTMENT>",
        );
        let imp = read(doc.as_bytes()).unwrap();
        let m = exchange::messages(&imp);
        assert_eq!(m.len(), 1, "{m:?}");
        assert!(
            m[0].starts_with("line 13: pair 1: its total is adjusted by -1"),
            "{m:?}"
        );
        assert!(imp.event.penalties.is_empty());
    }

    #[test]
    fn adjustments() {
        assert_eq!(adjustment("A60"), Some("60/40".into()));
        assert_eq!(adjustment("A60/60"), Some("60/60".into()));
        assert_eq!(adjustment("A6040"), Some("60/40".into()));
        assert_eq!(adjustment("A5050"), Some("50/50".into()));
        assert_eq!(adjustment("4200"), None);
        assert_eq!(adjustment("60%"), Some("60/40".into()));
        assert_eq!(adjustment("A+"), Some("AVG+".into()));
        assert_eq!(adjustment("420"), None);
        assert_eq!(adjustment("-100"), None);
    }

    /// A traveller line of `board` in a one-session document, with `extra` inside it.
    fn one_line_doc(extra: &str) -> String {
        format!(
            r#"<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS"><SESSION><SECTION SECTION_ID="A">
<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>
<CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>10</TRICKS>{extra}</TRAVELLER_LINE>
<TRAVELLER_LINE><NS_PAIR_NUMBER>3</NS_PAIR_NUMBER><EW_PAIR_NUMBER>4</EW_PAIR_NUMBER>
<CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>11</TRICKS><SCORE>450</SCORE></TRAVELLER_LINE>
</BOARD></SECTION></SESSION></EVENT></USEBIO>
"#
        )
    }

    /// Two SESSIONs, each with its board 1, were read as one field: board 1 of the
    /// second session was matchpointed against board 1 of the first, another deal.
    #[test]
    fn several_sessions_are_refused_naming_them() {
        let session = |id: &str, ns: &str, ew: &str| {
            format!(
                r#"<SESSION SESSION_ID="{id}"><SECTION SECTION_ID="A">
<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER><SCORE>420</SCORE></TRAVELLER_LINE>
</BOARD></SECTION></SESSION>
"#
            )
        };
        let doc = format!(
            "<USEBIO Version=\"1.2\"><EVENT EVENT_TYPE=\"MP_PAIRS\"><SESSION_COUNT>2</SESSION_COUNT>\n{}{}</EVENT></USEBIO>\n",
            session("1", "1", "2"),
            session("2", "7", "8")
        );
        let imp = read(doc.as_bytes()).unwrap();
        refused_on(&imp.event, 6, "SESSION_ID 1 (line 2) and 2 (line 6)");
        assert!(imp.event.results.is_empty());
        // One session, and a session that holds no traveller lines, are read.
        let doc = format!(
            "<USEBIO Version=\"1.2\"><EVENT EVENT_TYPE=\"MP_PAIRS\">\n{}<SESSION SESSION_ID=\"2\"/></EVENT></USEBIO>\n",
            session("1", "1", "2")
        );
        let e = read(doc.as_bytes()).unwrap().event;
        assert!(e.diagnostics.is_empty(), "{:?}", e.diagnostics);
        assert_eq!(e.results.len(), 1);
    }

    /// A PLAYER's NATIONAL_ID_NUMBER (the federation's number, as ScoreBridge writes it in
    /// tests/data/scorebridge-2025-07-30-forest-of-dean.xml) was passed over: the players'
    /// ids, which the season ranking matches players by, were lost on reading. They are
    /// read as the pair's players' ids by seat; a guest without one (John Plews, the
    /// second player of pair 2) keeps the seat empty, as the pairs file does.
    #[test]
    fn the_players_national_numbers_are_read() {
        let data = include_bytes!("../tests/data/scorebridge-2025-07-30-forest-of-dean.xml");
        let e = read(data).unwrap().event;
        let i = e.pairs.iter().position(|p| p.id == "1").unwrap();
        assert_eq!(e.player_ids[i], ["535958", "535959"]);
        assert_eq!(e.pairs[i].names, "Harry Kear - Grace Martyn");
        let i = e.pairs.iter().position(|p| p.id == "2").unwrap();
        assert_eq!(e.player_ids[i], ["535961", ""]);
        assert!(
            e.diagnostics
                .iter()
                .all(|d| !d.message.contains("NATIONAL"))
        );
    }

    /// Compscore writes NATIONAL_ID_NUMBER 0 for a player without a number (the DIRECTOR
    /// filling in for pair 1NS in tests/data/compscore-2022-07-21-lindfield.xml): read as
    /// an id, every such guest became one player "0" in the season ranking. A number of
    /// only zeros, `-` or nothing keeps the seat empty, as the PBN reader does.
    #[test]
    fn a_national_number_of_zero_is_a_guest_without_one() {
        // The excerpt keeps boards 1 and 2 only, which pair 1NS did not play, so its
        // PAIR is read on its own.
        let text = include_str!("../tests/data/compscore-2022-07-21-lindfield.xml");
        let root = parse(text).unwrap();
        let pair = find(&root, "PAIR").unwrap();
        assert_eq!(pair.get("PAIR_NUMBER"), "1NS");
        assert_eq!(players_ids(pair), ["936510", ""]);
        let e = read(text.as_bytes()).unwrap().event;
        assert!(e.player_ids.iter().flatten().all(|id| id != "0"));
        let doc = |a: &str, b: &str| {
            one_line_doc("<SCORE>420</SCORE>").replace(
                "<SESSION>",
                &format!(
                    "<PARTICIPANTS><PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PLAYER><PLAYER_NAME>Ann</PLAYER_NAME><NATIONAL_ID_NUMBER>{a}</NATIONAL_ID_NUMBER></PLAYER><PLAYER><PLAYER_NAME>Bob</PLAYER_NAME><NATIONAL_ID_NUMBER>{b}</NATIONAL_ID_NUMBER></PLAYER></PAIR></PARTICIPANTS>\n<SESSION>"
                ),
            )
        };
        let ids = |a: &str, b: &str| {
            let e = read(doc(a, b).as_bytes()).unwrap().event;
            let i = e.pairs.iter().position(|p| p.id == "1").unwrap();
            e.player_ids.get(i).cloned().unwrap_or_default()
        };
        assert_eq!(ids("000", "1005"), ["", "1005"]);
        assert_eq!(ids("1005", "-"), ["1005", ""]);
        assert_eq!(ids("0", " 0 "), Vec::<String>::new());
        assert_eq!(ids("0105", ""), ["0105", ""]);
    }

    /// A PAIR given twice in PARTICIPANTS kept the first's names without a word, and a
    /// PAIR_NUMBER given twice in one PAIR was read as its first.
    #[test]
    fn a_pair_given_twice_is_refused() {
        let doc = |pairs: &str| {
            one_line_doc("<SCORE>420</SCORE>").replace(
                "<SESSION>",
                &format!("<PARTICIPANTS>\n{pairs}</PARTICIPANTS>\n<SESSION>"),
            )
        };
        let twice = doc(
            "<PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PLAYER><PLAYER_NAME>Zed</PLAYER_NAME></PLAYER></PAIR>\n<PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PLAYER><PLAYER_NAME>Ann</PLAYER_NAME></PLAYER></PAIR>\n",
        );
        let e = read(twice.as_bytes()).unwrap().event;
        refused_on(
            &e,
            3,
            "pair 1 is given twice in <PARTICIPANTS> (also on line 2)",
        );
        let number_twice =
            doc("<PAIR><PAIR_NUMBER>3</PAIR_NUMBER>\n<PAIR_NUMBER>4</PAIR_NUMBER></PAIR>\n");
        let e = read(number_twice.as_bytes()).unwrap().event;
        refused_on(
            &e,
            3,
            "<PAIR_NUMBER> is given twice in one pair (also on line 2)",
        );
        // One number in each direction is two pairs (1NS and 1EW), not one given twice.
        let directions = doc(
            "<PAIR><PAIR_NUMBER>1</PAIR_NUMBER><DIRECTION>NS</DIRECTION></PAIR>\n<PAIR><PAIR_NUMBER>1</PAIR_NUMBER><DIRECTION>EW</DIRECTION></PAIR>\n",
        );
        let e = read(directions.as_bytes()).unwrap().event;
        // (The travellers' pair 1, in a section of their own, is neither: both are
        // said to have no results.)
        let twice = |d: &Diagnostic| d.severity == Severity::Error || d.message.contains("twice");
        assert!(!e.diagnostics.iter().any(twice), "{:?}", e.diagnostics);
    }

    /// A PAIR of the PARTICIPANTS with no result on the boards had its names and
    /// players dropped without a word: a warning on its line names the pair and what it
    /// gives, as the pairs file's pair without results is said.
    #[test]
    fn a_participant_without_results_is_said() {
        let doc = SAMPLE.replace(
            "    </PARTICIPANTS>",
            "      <PAIR><PAIR_NUMBER>9</PAIR_NUMBER>\n        <PLAYER><PLAYER_NAME>Ed Long</PLAYER_NAME><NATIONAL_ID_NUMBER>1009</NATIONAL_ID_NUMBER></PLAYER>\n        <PLAYER><PLAYER_NAME>Fay Short</PLAYER_NAME></PLAYER><PLACE>7</PLACE></PAIR>\n    </PARTICIPANTS>",
        );
        let imp = read(doc.as_bytes()).unwrap();
        let line = doc.lines().position(|l| l.contains(">9<")).unwrap() as u32 + 1;
        let warned: Vec<String> = (imp.event.diagnostics.iter())
            .filter(|d| d.message.contains("pair 9"))
            .map(|d| d.to_string())
            .collect();
        assert_eq!(
            warned,
            [format!(
                "line {line}: pair 9 of the <PARTICIPANTS> has no results on the boards: its names (Ed Long - Fay Short) and players (1009) are not read; correct its number if it played"
            )]
        );
        assert!(imp.event.pairs.iter().all(|p| p.id != "9"));
    }

    /// An element of a traveller line klaver does not know (`<ADJUSTED_SCORE>AVE`) was
    /// passed over without a word; it is named with its line, as the PBN reader names a
    /// ScoreTable's unread columns.
    #[test]
    fn an_unknown_element_of_a_traveller_line_is_said() {
        let doc = one_line_doc("<SCORE>420</SCORE><ADJUSTED_SCORE>AVE</ADJUSTED_SCORE>");
        let e = read(doc.as_bytes()).unwrap().event;
        assert_eq!(
            said(&e),
            [(Some(4), Severity::Warning)],
            "{:?}",
            e.diagnostics
        );
        let message = &e.diagnostics[0].message;
        assert!(
            message.contains("<ADJUSTED_SCORE> (AVE) is not read"),
            "{message}"
        );
        assert_eq!(e.results.len(), 2);
    }

    /// An element inside SCORE (`<SCORE>420<X>1</X></SCORE>`) was passed over and the
    /// score read as 420: which value the line holds cannot be told.
    #[test]
    fn an_element_inside_a_read_element_is_refused() {
        let doc = one_line_doc("<SCORE>420<X>1</X></SCORE>");
        let e = read(doc.as_bytes()).unwrap().event;
        refused_on(&e, 4, "<SCORE> holds an element, <X>");
    }

    /// SAMPLE with each `(from, to)` replaced, read: its messages.
    fn sample_messages(edits: &[(&str, &str)]) -> Vec<String> {
        let mut doc = SAMPLE.to_string();
        for (from, to) in edits {
            assert!(doc.contains(from), "{from}");
            doc = doc.replacen(from, to, 1);
        }
        exchange::messages(&read(doc.as_bytes()).unwrap())
    }

    /// An element klaver does not know, outside the traveller lines (in a PAIR, a BOARD,
    /// the EVENT, a PLAYER or the document itself), was passed over without a word; it is
    /// said with its line and the element it is in, and the results are read as before.
    #[test]
    fn an_unknown_element_outside_the_traveller_lines_is_said() {
        let m = sample_messages(&[
            ("<CLUB>", "<SIGNATURE>ab12</SIGNATURE><CLUB>"),
            (
                "<DATE>05/03/2024</DATE>",
                "<DATE>05/03/2024</DATE><TIE_BREAK>COUNTBACK</TIE_BREAK>",
            ),
            (
                "<PLAYER_NAME>Ann Smith</PLAYER_NAME>",
                "<PLAYER_NAME>Ann Smith</PLAYER_NAME><HCP>3</HCP>",
            ),
            (
                "<PLACE>2</PLACE>",
                "<PLACE>2</PLACE><CARRY_FORWARD>2.5</CARRY_FORWARD>",
            ),
            (
                "<BOARD_NUMBER>1</BOARD_NUMBER>",
                "<BOARD_NUMBER>1</BOARD_NUMBER><ROTATION>90</ROTATION>",
            ),
        ]);
        let unknown = "is not read: klaver does not know this element; check that it does not change the result";
        assert_eq!(
            m,
            [
                format!("line 4: <SIGNATURE> (ab12) in <USEBIO> {unknown}"),
                format!("line 7: <TIE_BREAK> (COUNTBACK) in <EVENT> {unknown}"),
                format!("line 11: <HCP> (3) in <PLAYER> {unknown}"),
                format!("line 14: <CARRY_FORWARD> (2.5) in <PAIR> {unknown}"),
                format!("line 17: board 1: <ROTATION> (90) in <BOARD> {unknown}"),
            ]
        );
    }

    /// An attribute was read only where its name is that of an element read there
    /// (`<SECTION SECTION_ID="A">`); any other was passed over without a word, a pair's
    /// handicap included. The attributes real programs write that change nothing (a
    /// player's rateable flag, the event's type repeated on a board, the document's
    /// version, a hand record's id) are passed over; every other is said with its line.
    #[test]
    fn an_attribute_klaver_does_not_read_is_said() {
        let m = sample_messages(&[
            (
                "<PAIR><PAIR_NUMBER>1",
                r#"<PAIR HANDICAP="3"><PAIR_NUMBER>1"#,
            ),
            (
                "<PAIR><PAIR_NUMBER>2",
                r#"<PAIR HANDICAP="0"><PAIR_NUMBER>2"#,
            ),
            (
                "<PLAYER><PLAYER_NAME>Ann",
                r#"<PLAYER RATEABLE="Y"><PLAYER_NAME>Ann"#,
            ),
            ("<BOARD>", r#"<BOARD EVENT_TYPE="MP_PAIRS">"#),
            ("<TRAVELLER_LINE>", r#"<TRAVELLER_LINE ROTATED="1">"#),
            ("<DATE>", r#"<DATE SPONSOR="x">"#),
            (
                r#"<USEBIO Version="1.2">"#,
                r#"<USEBIO Version="1.2" xml:lang="en" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="usebio_v1_2.xsd">"#,
            ),
        ]);
        let unknown = "is not read: klaver does not know this attribute; check that it does not change the result";
        assert_eq!(m.len(), 3, "{m:?}");
        assert!(
            m.contains(&format!(
                r#"line 7: attribute SPONSOR="x" of <DATE> in <EVENT> {unknown}"#
            )),
            "{m:?}"
        );
        assert!(
            m.iter().any(|s| s.starts_with(
                r#"line 10: attribute HANDICAP="3" of <PAIR> is not read: a handicap changes"#
            )),
            "{m:?}"
        );
        assert!(
            m.iter().any(|s| s.starts_with(r#"line 18: board 1: attribute ROTATED="1" of <TRAVELLER_LINE> is not read (in this traveller line)"#)),
            "{m:?}"
        );
    }

    /// Text beside the elements of an element that holds elements (`<PAIR>12<PAIR_NUMBER>`)
    /// was passed over without a word: it is said with its line.
    #[test]
    fn stray_text_in_an_element_of_elements_is_said() {
        let m = sample_messages(&[
            ("<PAIR><PAIR_NUMBER>2", "<PAIR>A1<PAIR_NUMBER>2"),
            ("<TRAVELLER_LINE>", "<TRAVELLER_LINE>420"),
        ]);
        assert_eq!(m.len(), 2, "{m:?}");
        assert!(
            m.iter()
                .any(|s| s.starts_with(r#"line 14: text "A1" in <PAIR> is not read"#)),
            "{m:?}"
        );
        assert!(
            m.iter().any(|s| s
                .starts_with(r#"line 18: board 1: text "420" in <TRAVELLER_LINE> is not read"#)),
            "{m:?}"
        );
    }

    /// An element given in many pairs is said once, on the first, with how many give it.
    #[test]
    fn an_unknown_element_of_many_pairs_is_said_once() {
        let m = sample_messages(&[
            ("<PLACE>1</PLACE>", "<PLACE>1</PLACE><SEED>1</SEED>"),
            ("<PLACE>2</PLACE>", "<PLACE>2</PLACE><SEED>2</SEED>"),
        ]);
        assert_eq!(m.len(), 1, "{m:?}");
        assert!(
            m[0].starts_with(
                "line 13: <SEED> (1) in <PAIR> is not read (given 2 times, this the first)"
            ),
            "{m:?}"
        );
    }

    /// Elements real programs write that change a result klaver does not work out (a
    /// penalty given inside a PAIR, a pair's handicap, a Butler board's datum, teams'
    /// totals and matches) are said, each with what klaver does instead; a handicap of 0
    /// changes nothing and is not said.
    #[test]
    fn an_element_that_changes_the_result_and_is_not_read_is_said() {
        let m = sample_messages(&[
            (
                "<BOARD_NUMBER>1</BOARD_NUMBER>",
                "<BOARD_NUMBER>1</BOARD_NUMBER><BOARD_AVERAGE>420</BOARD_AVERAGE>",
            ),
            (
                "<PLACE>2</PLACE>",
                "<PLACE>2</PLACE><PENALTY><BOARD_NUMBER>1</BOARD_NUMBER></PENALTY><HANDICAP>1.5</HANDICAP>",
            ),
            (
                "<PLACE>1</PLACE>",
                "<PLACE>1</PLACE><HANDICAP>0.0</HANDICAP>",
            ),
        ]);
        let said = |line: &str, what: &str| {
            assert!(
                m.iter().any(|s| s.starts_with(line) && s.contains(what)),
                "{line} {what}: {m:?}"
            )
        };
        assert_eq!(m.len(), 3, "{m:?}");
        said(
            "line 14: <PENALTY> in <PAIR> is not read",
            "<PENALTY> in the <SECTION>",
        );
        said(
            "line 14: <HANDICAP> (1.5) in <PAIR> is not read",
            "handicap",
        );
        said(
            "line 17: board 1: <BOARD_AVERAGE> (420) in <BOARD> is not read",
            "datum",
        );
    }

    /// A teams event's TEAM and MATCH elements hold the teams' totals and match scores,
    /// which klaver does not read from USEBIO: they are said in one warning, on the first;
    /// the pairs in the teams and the boards in the matches are read.
    #[test]
    fn teams_and_matches_are_said() {
        let m = sample_messages(&[
            (
                "<PAIR><PAIR_NUMBER>1",
                "<TEAM><TOTAL_SCORE>12</TOTAL_SCORE><PAIR><PAIR_NUMBER>1",
            ),
            ("<PLACE>1</PLACE></PAIR>", "<PLACE>1</PLACE></PAIR></TEAM>"),
            (
                "<SECTION SECTION_ID=\"A\">",
                "<MATCH><TEAM_SCORE>3</TEAM_SCORE>",
            ),
            ("</SECTION>", "</MATCH>"),
        ]);
        assert_eq!(
            m,
            [
                "line 10: <TEAM> in <PARTICIPANTS> is not read, nor <MATCH> in <SESSION> (line 16): klaver does not score teams from a USEBIO file, nor read their results: it scores the traveller lines pair by pair"
            ]
        );
    }

    /// Every element of a PAIR that klaver reads is one the check of what a PAIR holds
    /// takes as read, so that none is ever said as not read.
    #[test]
    fn what_a_pair_holds_agrees_with_what_is_read() {
        let pair = HOLDS.iter().find(|h| h.parent == "PAIR").unwrap();
        for name in PAIR_READ.iter().chain(&["PLAYER"]) {
            assert!(pair.read.contains(name), "{name}");
        }
        assert_eq!(pair.read.len(), PAIR_READ.len() + 1);
    }

    /// Compscore writes a pair's master points as MASTER_POINTS_AWARDED in the PAIR: a
    /// published column, as ScoreBridge's MASTER_POINTS is, which `--compare` names as
    /// not compared.
    #[test]
    fn compscore_s_master_points_are_a_published_column() {
        let doc = SAMPLE.replace(
            "<PLACE>1</PLACE>",
            "<PLACE>1</PLACE><MASTER_POINTS_AWARDED>6</MASTER_POINTS_AWARDED>",
        );
        let imported = read(doc.as_bytes()).unwrap();
        assert!(
            imported.event.diagnostics.is_empty(),
            "{:?}",
            imported.event.diagnostics
        );
        let column = imported
            .total_columns
            .iter()
            .find(|c| c.figure == Figure::MasterPoints)
            .unwrap();
        assert_eq!(
            (column.line, column.name.as_str()),
            (13, "MASTER_POINTS_AWARDED")
        );
    }
}
