//! What the exchange formats (PBN, USEBIO, klaver's JSON) carry besides the travellers,
//! and the director's cross-check of a file's published figures.
//!
//! Every reader turns its file into traveller rows and sends them through the very same
//! reading as the travellers CSV (`travellers::read_travellers`), so that an imported
//! result is checked exactly as a typed one: impossible scores, contracts that disagree
//! with the score, unknown adjustments. Line numbers in the messages are the line of the
//! row in the original file.
//!
//! The cross-check (`klaver score --compare`) is in [`crate::compare`].

use crate::travellers::{self, Event, ReadOptions};
use klaver_core::matchpoints::{ArtificialRule, MissingRule, Scale};
use klaver_core::session::{BoardRounding, Diagnostic, SessionResult, Settings};
use num_rational::Ratio;
use std::collections::BTreeMap;

/// The four hands of one board as PBN writes them (`AKQ.JT9.876.5432`), or `-` when a
/// hand is not given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deal {
    /// North, East, South and West, in that order.
    pub hands: [String; 4],
}

/// The scoring conventions a file states; `None` where it says nothing.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Convention {
    /// The matchpoint scale (PBN `MP1` European, `MP2` ACBL).
    pub scale: Option<Scale>,
    /// Whether artificial scores are left out and the rest Neuberg-scaled.
    pub artificial: Option<ArtificialRule>,
    /// How a board played fewer times than expected is brought up to the full top
    /// (Neuberg, or each missing result a tie: PBN `MissingTies`).
    pub missing: Option<MissingRule>,
    /// Per-board rounding to 0.1 before totalling.
    pub rounding: Option<BoardRounding>,
    /// Law 12C2: average-plus is the session percentage when higher than 60 %.
    pub avg_plus_session: Option<bool>,
    /// Matchpoints published centred (scores beaten minus scores lost).
    pub centred: Option<bool>,
    /// Every section's results compared with every other's (top-integral).
    pub top_integral: Option<bool>,
    /// North-South and East-West each ranked on their own (two winners).
    pub separate_fields: Option<bool>,
}

impl Convention {
    /// The convention a session was scored by, as a file states it: every figure
    /// written from the result is in this convention.
    pub fn scored(result: &SessionResult) -> Convention {
        Convention {
            scale: Some(result.rules.scale),
            artificial: Some(result.rules.artificial),
            missing: Some(result.rules.missing),
            rounding: Some(result.rounding),
            avg_plus_session: Some(result.avg_plus_session),
            centred: Some(result.centred.is_some()),
            top_integral: Some(!result.ranked_by_section),
            separate_fields: Some(result.separate_fields),
        }
    }

    /// Fills in the settings where the file states a convention.
    pub fn apply(&self, settings: &mut Settings) {
        if let Some(s) = self.scale {
            settings.rules.scale = s;
        }
        if let Some(a) = self.artificial {
            settings.rules.artificial = a;
        }
        if let Some(m) = self.missing {
            settings.rules.missing = m;
        }
        if let Some(r) = self.rounding {
            settings.rounding = r;
        }
        if let Some(a) = self.avg_plus_session {
            settings.avg_plus_session = a;
        }
        if let Some(c) = self.centred {
            settings.centred = c.then_some(match settings.rules.scale {
                Scale::Acbl => 1,
                Scale::European => 2,
            });
        }
        // How the session is grouped, as the file states it, adds to what the command
        // line asks (which has no way to say "not top-integral").
        settings.top_integral |= self.top_integral == Some(true);
        settings.separate_fields |= self.separate_fields == Some(true);
    }

    /// Whether the file states anything at all.
    pub fn is_stated(&self) -> bool {
        *self != Convention::default()
    }
}

/// A pair's line of a published result list (PBN TotalScoreTable, USEBIO PAIR).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PublishedTotal {
    /// Where the line is in the file.
    pub line: u32,
    /// The pair's section ("" for one section).
    pub section: String,
    /// The pair's id.
    pub pair: String,
    /// The published rank, as written ("3", "3=").
    pub rank: String,
    /// The published total matchpoints, as written.
    pub total: String,
    /// The published percentage, as written.
    pub percentage: String,
    /// The published total IMPs (PBN `TotalIMP`), as written.
    pub imps: String,
    /// The direction the file places the pair in (USEBIO `DIRECTION`: `NS`, `EW`), when
    /// it says.
    pub direction: String,
    /// The published IMPs per board (PBN `MeanIMP`), as written.
    pub mean_imps: String,
    /// The last place of a shared rank (PBN `RankTie`: `6` beside rank 4 for places
    /// 4-6), as written; empty or `-` when the rank is not shared.
    pub rank_tie: String,
    /// The pair's players' ids by seat (Ruter's `MemberID1`, `MemberID2`), "" for a
    /// seat without a number, when the list gives them.
    pub ids: Vec<String>,
}

/// Whether a published list places North-South and East-West each on its own: each
/// direction of a section has a place 1 and no place past its own number of pairs
/// (USEBIO `DIRECTION`, as Compscore writes a Mitchell with two winners).
pub fn placed_per_direction(totals: &[PublishedTotal]) -> bool {
    let place = |t: &PublishedTotal| {
        let digits: String = t.rank.chars().filter(char::is_ascii_digit).collect();
        digits.parse::<usize>().ok()
    };
    // Each direction of the section has a place 1, and no place past its own number of
    // pairs: places that run on across both (1=, 3, 4, 1=) are one ranking.
    let ranked_apart = |section: &str, direction: &str| {
        let of: Vec<&PublishedTotal> = totals
            .iter()
            .filter(|t| t.section == section && t.direction == direction)
            .collect();
        of.iter().any(|t| place(t) == Some(1))
            && of.iter().all(|t| place(t).is_none_or(|p| p <= of.len()))
    };
    totals
        .iter()
        .filter(|t| t.direction == "NS")
        .any(|t| ranked_apart(&t.section, "NS") && ranked_apart(&t.section, "EW"))
}

/// What a column of a published result list holds, as klaver reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Figure {
    /// The place (`Rank`) or the last place of a shared one (`RankTie`).
    Rank,
    /// Total matchpoints.
    Total,
    /// The pair's percentage.
    Percentage,
    /// Total IMPs or IMPs per board.
    Imps,
    /// A figure klaver does not read (another program's own column).
    Unread,
    /// Master points, awarded on a national body's own scale (USEBIO `MASTER_POINTS`).
    MasterPoints,
}

/// A column of figures in a file's published result list, for `--compare` to say which
/// it compared and which not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PublishedColumn {
    /// The line of the list's heading (PBN `TotalScoreTable` tag).
    pub line: u32,
    /// The column's name, as written.
    pub name: String,
    /// What klaver reads it as.
    pub figure: Figure,
}

/// An event read from an exchange file: the travellers plus what else the file carried.
#[derive(Debug, Clone, Default)]
pub struct Imported {
    /// The pairs, the results and the diagnostics, as from the travellers CSV.
    pub event: Event,
    /// The hands of each board the file deals.
    pub deals: BTreeMap<u32, Deal>,
    /// The published result list, when the file carries one.
    pub totals: Vec<PublishedTotal>,
    /// The columns of figures in the published result list (PBN), each once.
    pub total_columns: Vec<PublishedColumn>,
    /// Published per-board percentages (North-South, East-West) by the line of the
    /// traveller line they belong to.
    pub line_percentages: BTreeMap<u32, (String, String)>,
    /// Published IMPs (North-South, East-West) by the line of the traveller line.
    pub line_imps: BTreeMap<u32, (String, String)>,
    /// The double-dummy figures a PBN file publishes for each board (DoubleDummyTricks,
    /// OptimumResultTable, OptimumScore, ParContract), with their lines.
    pub analyses: BTreeMap<u32, crate::published_analysis::PublishedAnalysis>,
    /// The scoring convention the file states.
    pub convention: Convention,
    /// The event's name.
    pub title: String,
    /// The date, as written in the file.
    pub date: String,
    /// The program that wrote the file, as it names itself (PBN `Application`).
    pub program: String,
    /// The IMP form the file says it was scored in (klaver's JSON `form`: `butler`,
    /// `cross-imps`), with its line; `None` for the pairs form and a file that says none.
    pub form: Option<(String, u32)>,
}

/// One traveller line as an exchange file gives it, before it is read like a CSV line.
#[derive(Debug, Clone, Default)]
pub(crate) struct Row {
    /// The line (or element) of the file the row comes from.
    pub line: u32,
    pub section: String,
    pub board: String,
    pub ns: String,
    pub ew: String,
    pub score: String,
    pub contract: String,
    pub declarer: String,
    /// The tricks taken, as the formats give them (read as a `tricks` column).
    pub result: String,
    pub adjust: String,
    pub lead: String,
    pub mp_ns: String,
    pub mp_ew: String,
    /// Published percentages of the board's top (PBN `Percentage_NS`/`_EW`).
    pub pct_ns: String,
    pub pct_ew: String,
    /// Published IMPs (PBN `IMP_NS`/`IMP_EW`).
    pub imp_ns: String,
    pub imp_ew: String,
    pub table: String,
    pub round: String,
}

/// A published pair of figures of the rows that carry them, by line: the board
/// percentages (`|r| (&r.pct_ns, &r.pct_ew)`) or the IMPs.
pub(crate) fn row_figures(
    rows: &[Row],
    figures: impl Fn(&Row) -> (&String, &String),
) -> BTreeMap<u32, (String, String)> {
    rows.iter()
        .map(|r| (r.line, figures(r)))
        .filter(|(_, (a, b))| !a.is_empty() || !b.is_empty())
        .map(|(line, (a, b))| (line, (a.clone(), b.clone())))
        .collect()
}

/// Reads rows through the travellers CSV reader and puts each result and message back on
/// the row's own line of the original file.
pub(crate) fn rows_to_event(rows: &[Row]) -> Event {
    let csv_text = rows_csv(rows);
    let mut event = match travellers::read_travellers_bytes(&csv_text, ReadOptions::default()) {
        Ok(e) => e,
        Err(e) => {
            let mut e2 = Event::default();
            e2.diagnostics.push(Diagnostic::error(
                0,
                None,
                format!("the results could not be read: {e}"),
            ));
            return e2;
        }
    };
    // CSV line 1 is the header; row i is on CSV line i + 2.
    let map = |line: u32| -> u32 {
        line.checked_sub(2)
            .and_then(|i| rows.get(i as usize))
            .map(|r| r.line)
            .unwrap_or(0)
    };
    for r in &mut event.results {
        r.set_line(map(r.line()));
    }
    for p in &mut event.penalties {
        p.line = map(p.line);
    }
    for d in &mut event.diagnostics {
        d.line = d.line.map(map).filter(|&l| l > 0);
    }
    event
}

/// The rows as a travellers CSV: its header, then each row on one line.
fn rows_csv(rows: &[Row]) -> Vec<u8> {
    let mut csv_text = Vec::new();
    let mut w = csv::WriterBuilder::new().from_writer(&mut csv_text);
    // The formats' results are the tricks taken (PBN's Result, USEBIO's TRICKS), which
    // a column headed `tricks` says.
    let header = [
        "section", "board", "ns", "ew", "score", "contract", "declarer", "tricks", "adjust",
        "lead", "mp_ns", "mp_ew", "table", "round",
    ];
    // Writing to memory cannot fail.
    let _ = w.write_record(header);
    for r in rows {
        let one_line = |s: &str| s.replace(['\r', '\n'], " ");
        let board = if r.board.trim().is_empty() {
            "?".to_string()
        } else {
            one_line(&r.board)
        };
        let _ = w.write_record([
            one_line(&r.section),
            board,
            one_line(&r.ns),
            one_line(&r.ew),
            one_line(&r.score),
            one_line(&r.contract),
            one_line(&r.declarer),
            one_line(&r.result),
            one_line(&r.adjust),
            one_line(&r.lead),
            one_line(&r.mp_ns),
            one_line(&r.mp_ew),
            one_line(&r.table),
            one_line(&r.round),
        ]);
    }
    let _ = w.flush();
    drop(w);
    csv_text
}

/// A date's year, month and day, from `2024-03-05`, `2024.03.05`, `05-03-2024` or
/// `05/03/2024`; `None` for anything else.
pub fn date_parts(date: &str) -> Option<(&str, &str, &str)> {
    let parts: Vec<&str> = date.split(['-', '.', '/']).map(str::trim).collect();
    let digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
    match parts.as_slice() {
        [y, m, d] if digits(y, 4) && digits(m, 2) && digits(d, 2) => Some((y, m, d)),
        [d, m, y] if digits(y, 4) && digits(m, 2) && digits(d, 2) => Some((y, m, d)),
        _ => None,
    }
}

/// The event's pairs by section and id, each found at once: a file naming every pair
/// of a large field would otherwise search the whole list for each. A section and id
/// match as written (case and spaces count), the first pair of them as the search did.
pub(crate) struct PairIndex(rustc_hash::FxHashMap<String, rustc_hash::FxHashMap<String, usize>>);

impl PairIndex {
    /// The index of `event`'s pairs as they stand.
    pub(crate) fn of(event: &Event) -> PairIndex {
        let mut sections: rustc_hash::FxHashMap<String, rustc_hash::FxHashMap<String, usize>> =
            rustc_hash::FxHashMap::default();
        for (i, p) in event.pairs.iter().enumerate() {
            let ids = sections.entry(p.section.clone()).or_default();
            ids.entry(p.id.clone()).or_insert(i);
        }
        PairIndex(sections)
    }

    /// The index of the pair of that section and id.
    pub(crate) fn at(&self, (section, id): (&str, &str)) -> Option<usize> {
        self.0.get(section)?.get(id).copied()
    }
}

/// Puts names, given on `line` of the file, on the event's pair of that section and id
/// (found in `index`, made of the event's pairs); names already set stay. Names holding
/// a character that shows nothing are set with a warning naming the line.
pub(crate) fn set_names(
    event: &mut Event,
    index: &PairIndex,
    (section, id): (&str, &str),
    names: &str,
    line: u32,
) {
    if names.is_empty() {
        return;
    }
    if let Some(i) = index.at((section, id)) {
        name_pair(event, i, names, || line);
    }
}

/// The warning for a pair that the file's list of pairs (`list`: its published result
/// list, its participants) gives on `line` but that has no result on the boards: its
/// names and players are not read, as a pairs file's pair without results is not.
pub(crate) fn pair_without_results(
    list: &str,
    (section, id): (&str, &str),
    (names, ids): (&str, &[String]),
    line: u32,
) -> Diagnostic {
    let ids: Vec<&str> = ids
        .iter()
        .map(String::as_str)
        .filter(|x| !x.is_empty())
        .collect();
    let given = match (names.is_empty(), ids.is_empty()) {
        (true, true) => "what it gives is".to_string(),
        (false, true) => format!("its names ({names}) are"),
        (true, false) => format!("its players ({}) are", ids.join(", ")),
        (false, false) => format!("its names ({names}) and players ({}) are", ids.join(", ")),
    };
    let pair = pair_in_section(section, id);
    Diagnostic::warning(
        line,
        None,
        format!(
            "{pair} of the {list} has no results on the boards: {given} not read; correct its number if it played"
        ),
    )
}

/// Puts names, given on the line of the file `line` finds, on the event's pair `i` (as
/// [`set_names`]); the line is looked for only when a warning names it.
fn name_pair(event: &mut Event, i: usize, names: &str, line: impl FnOnce() -> u32) {
    let p = &mut event.pairs[i];
    if names.is_empty() || !p.names.is_empty() {
        return;
    }
    p.names = names.to_string();
    if crate::invisible::first_invisible_in_name(names).is_none() {
        return;
    }
    let whose = format!("pair {}{}'s names", p.section, p.id);
    let warning = crate::invisible::names_warning(line(), &whose, names);
    event.diagnostics.extend(warning);
}

/// Puts a JSON pair's `players` (its players' ids by seat, as the pairs file gave
/// them, `null` for a guest without a number) on the event's pair `i`; a `players`
/// that is not a list of ids is said, naming the pair (the JSON writes its pairs on one
/// line), and left out.
fn set_player_ids(event: &mut Event, i: usize, v: &serde_json::Value) {
    if v.is_null() {
        return;
    }
    let ids: Option<Vec<String>> = v.as_array().and_then(|a| {
        a.iter()
            .map(|x| (x.is_null() || x.is_string() || x.is_number()).then(|| json_text(x)))
            .collect()
    });
    let Some(ids) = ids else {
        let pair = pair_in_section(&event.pairs[i].section, &event.pairs[i].id);
        event.diagnostics.push(Diagnostic::warning(
            0,
            None,
            format!(
                "{pair}: its players {v} are not a list of ids: the pair's players' ids are left out; write them as [\"1001\", \"1002\"]"
            ),
        ));
        return;
    };
    set_ids_at(event, i, &ids);
}

/// A pair's players' ids by seat as JSON: a seat without a number is `null`.
pub(crate) fn seat_ids_json<S: serde::Serializer>(
    ids: &&[String],
    s: S,
) -> Result<S::Ok, S::Error> {
    s.collect_seq(ids.iter().map(|id| (!id.is_empty()).then_some(id)))
}

/// Gives the event's pair of that section and id (found in `index`, made of the
/// event's pairs) its players' ids by seat ("" for a seat without a number), when it
/// has none yet.
pub(crate) fn set_ids(
    event: &mut Event,
    index: &PairIndex,
    (section, id): (&str, &str),
    ids: &[String],
) {
    if let Some(i) = index.at((section, id)) {
        set_ids_at(event, i, ids);
    }
}

/// Gives the event's pair `i` its players' ids (as [`set_ids`]).
fn set_ids_at(event: &mut Event, i: usize, ids: &[String]) {
    // An id holding a character that shows nothing is another player who looks the
    // same, ranked (and added to the club) apart. (Only a user's PBN, USEBIO or JSON
    // file gives ids here: a stored night's come with its pairs file.)
    let invisible = |x: &&String| crate::invisible::first_invisible(x).is_some();
    if let Some(x) = ids.iter().find(invisible) {
        let p = &event.pairs[i];
        let whose = format!("{}'s player", pair_in_section(&p.section, &p.id));
        let refused = crate::invisible::refused(&whose, x).unwrap_or_default();
        event.diagnostics.push(Diagnostic::error(0, None, refused));
        return;
    }
    let ids = crate::travellers::seat_ids(ids.to_vec());
    if ids.is_empty() {
        return;
    }
    if event.player_ids.len() <= i {
        event.player_ids.resize(i + 1, Vec::new());
    }
    if event.player_ids[i].is_empty() {
        event.player_ids[i] = ids;
    }
}

pub use crate::compare::{Comparison, Difference, compare, compare_imps};

/// The lines of the file on which the `count` objects at `path` start. When that does
/// not tell them apart (several on one line, or a key given twice) they are numbered
/// in the order read instead, from `first` + 1.
fn json_lines(data: &[u8], path: &[&str], count: usize, first: usize) -> std::vec::IntoIter<u32> {
    let lines = crate::json_places::object_lines(data, path);
    if lines.len() == count && lines.windows(2).all(|w| w[0] < w[1]) {
        lines.into_iter()
    } else {
        let first = first as u32;
        (first + 1..=first + count as u32)
            .collect::<Vec<_>>()
            .into_iter()
    }
}

/// The lines of the file on which the entries of its pairs list start, found (by a walk
/// through the whole file) only when a message names one: a file without a word to say
/// about its pairs is not walked for them.
struct EntryLines<'a> {
    data: &'a [u8],
    lines: std::cell::OnceCell<Vec<u32>>,
}

impl<'a> EntryLines<'a> {
    fn new(data: &'a [u8]) -> EntryLines<'a> {
        EntryLines {
            data,
            lines: std::cell::OnceCell::new(),
        }
    }

    /// The line of entry `k` (from 0) of the pairs list; 0 when it is not found.
    fn of(&self, k: usize) -> u32 {
        let lines =
            (self.lines).get_or_init(|| crate::json_places::element_lines(self.data, &["pairs"]));
        lines.get(k).copied().unwrap_or(0)
    }
}

/// Reads klaver's own JSON of a pairs, butler or cross-IMP session (as `klaver score
/// --format json` writes it) back into an event, so that a scored session can be
/// converted onward. A teams event's JSON is refused: it is a result of matches and
/// standings, not its travellers. A message about a result or penalty names the line
/// of the file it starts on. A key klaver does not write, a value of the wrong kind, a
/// board without its list of results or an entry that is not an object is an error on
/// its line: nothing in the file is passed over without a word. A byte order mark at the
/// very start (as Windows' Notepad saves UTF-8) is a mark of the file, passed over.
pub fn read_json(data: &[u8]) -> Result<Imported, String> {
    let data = data.strip_prefix("\u{feff}".as_bytes()).unwrap_or(data);
    let doc = crate::json_once::value_of(data).map_err(|e| crate::json_once::said(&e))?;
    if doc["form"] == "teams" || doc.get("matches").is_some() {
        return Err(
            "it is klaver's JSON of a scored teams event, a result that klaver does not read back (it reads the JSON of a pairs, butler or cross-IMP session): score the teams event from its travellers".into(),
        );
    }
    let boards = doc.get("boards").and_then(|b| b.as_array()).ok_or(
        "the JSON has no \"boards\" list: it is not the JSON of a pairs, butler or cross-IMP session scored by klaver",
    )?;
    let pairs = doc["pairs"].as_array().map_or(&[][..], |p| &p[..]);
    let rows = json_rows(data, &doc, boards, pairs);
    let mut event = rows_to_event(&rows);
    in_written_order(&mut event, pairs);
    // What the rows left out, said: an unknown key, a value of the wrong kind, a board
    // without its results.
    event
        .diagnostics
        .extend(crate::json_check::check(data, &doc));
    let lines = EntryLines::new(data);
    let read = pairs_list_checked(&lines, pairs, &mut event);
    let totals = json_totals(pairs.iter().zip(read), &lines, &mut event);
    let mut convention = json_convention(&doc["convention"], &mut event.diagnostics);
    // A file written before klaver wrote its convention says its pairs' directions.
    if convention.separate_fields.is_none() && pairs.iter().any(|p| p["field"].is_string()) {
        convention.separate_fields = Some(true);
    }
    Ok(Imported {
        event,
        deals: BTreeMap::new(),
        totals,
        total_columns: Vec::new(),
        line_percentages: BTreeMap::new(),
        line_imps: BTreeMap::new(),
        analyses: BTreeMap::new(),
        convention,
        title: json_text(&doc["title"]),
        date: json_text(&doc["date"]),
        program: String::new(),
        form: json_form(data, &doc),
    })
}

/// The IMP form a JSON says its session was scored in, with the line of its `form`
/// key. A pairs session's is not looked for: scored as pairs, or as the `--form` asked
/// for, it has nothing to say, and its lines are not walked again for it.
fn json_form(data: &[u8], doc: &serde_json::Value) -> Option<(String, u32)> {
    let form = doc["form"].as_str().filter(|&f| f != "pairs")?;
    let keys = crate::json_places::top_key_lines(data);
    let line = keys
        .iter()
        .find(|(key, _)| key == "form")
        .map(|(_, l)| *l)?;
    Some((form.to_string(), line))
}

/// Puts the event's pairs in the order of the JSON's pairs list, the pairs it leaves out
/// after them as they were. Pairs tied on their score are ranked in the order of the
/// event's pairs (as they first appear in the travellers), and the list gives each group
/// of tied pairs in that order; but the JSON writes its results board by board, so read
/// back from them alone, travellers entered table by table gave the tied pairs another
/// order than the one written.
fn in_written_order(event: &mut Event, pairs: &[serde_json::Value]) {
    let n = event.pairs.len();
    let index = PairIndex::of(event);
    let mut placed = vec![false; n];
    let mut order = Vec::with_capacity(n);
    for p in pairs {
        let (section, id) = (json_text(&p["section"]), json_text(&p["pair"]));
        if let Some(i) = index.at((&section, &id))
            && !placed[i]
        {
            placed[i] = true;
            order.push(i);
        }
    }
    order.extend((0..n).filter(|&i| !placed[i]));
    if order.iter().enumerate().all(|(k, &i)| k == i) {
        return;
    }
    let mut now = vec![0; n];
    for (k, &i) in order.iter().enumerate() {
        now[i] = k;
    }
    let mut was = std::mem::take(&mut event.pairs);
    event.pairs = order.iter().map(|&i| std::mem::take(&mut was[i])).collect();
    if !event.player_ids.is_empty() {
        event.player_ids.resize(n, Vec::new());
        let mut ids = std::mem::take(&mut event.player_ids);
        event.player_ids = order.iter().map(|&i| std::mem::take(&mut ids[i])).collect();
    }
    for r in &mut event.results {
        (r.ns, r.ew) = (now[r.ns_pair()] as u32, now[r.ew_pair()] as u32);
    }
    for p in &mut event.penalties {
        (p.ns, p.ew) = (now[p.ns], now[p.ew]);
    }
}

/// The rows of a JSON file's results, then its penalties, each named by the line of the
/// file it starts on (see [`json_lines`]).
fn json_rows(
    data: &[u8],
    doc: &serde_json::Value,
    boards: &[serde_json::Value],
    pairs: &[serde_json::Value],
) -> Vec<Row> {
    // Each pair's section, by id (the boards name the pairs by id within a group).
    let mut section_of: BTreeMap<String, String> = BTreeMap::new();
    for p in pairs {
        section_of
            .entry(json_text(&p["pair"]))
            .or_insert_with(|| json_text(&p["section"]));
    }
    let mut rows = Vec::new();
    let results = boards.iter().flat_map(|b| {
        b["results"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|r| r.is_object())
            .map(move |r| (b, r))
    });
    let mut lines = json_lines(data, &["boards", "results"], results.clone().count(), 0);
    for (b, r) in results {
        rows.push(json_result_row(
            b,
            r,
            lines.next().unwrap_or(0),
            &section_of,
        ));
    }
    let penalties = doc["penalties"].as_array().map_or(&[][..], |p| &p[..]);
    let mut lines = json_lines(data, &["penalties"], penalties.len(), rows.len());
    for p in penalties {
        rows.push(json_penalty_row(p, lines.next().unwrap_or(0)));
    }
    rows
}

/// Penalty `p` of a JSON file as row `line`: a `PEN` adjustment of its points.
fn json_penalty_row(p: &serde_json::Value, line: u32) -> Row {
    Row {
        line,
        section: json_text(&p["section"]),
        board: json_text(&p["board"]),
        ns: json_text(&p["ns"]),
        ew: json_text(&p["ew"]),
        adjust: format!(
            "PEN {}/{}",
            json_text(&p["points_ns"]),
            json_text(&p["points_ew"])
        ),
        ..Row::default()
    }
}

/// The convention a JSON file states in its `convention` (see [`crate::json`]); a value
/// klaver does not know is an error naming it. A file without one states nothing.
fn json_convention(v: &serde_json::Value, diags: &mut Vec<Diagnostic>) -> Convention {
    let mut c = Convention::default();
    if v.is_null() {
        return c;
    }
    let mut word = |key: &str, known: &[&str]| -> Option<usize> {
        let value = &v[key];
        let found = value
            .as_str()
            .and_then(|w| known.iter().position(|k| *k == w));
        if found.is_none() && !value.is_null() {
            diags.push(Diagnostic::error(
                0,
                None,
                format!(
                    "the JSON's convention gives {key} {value}, which klaver does not know: write {}",
                    known.join(" or ")
                ),
            ));
        }
        found
    };
    c.scale = word("scale", &["european", "acbl"]).map(|i| [Scale::European, Scale::Acbl][i]);
    c.artificial = word("artificial", &["ties", "neuberg"])
        .map(|i| [ArtificialRule::CountAsTies, ArtificialRule::LeftOut][i]);
    c.missing = word("missing", &["neuberg", "ties"])
        .map(|i| [MissingRule::Neuberg, MissingRule::CountAsTies][i]);
    c.rounding = word("rounding", &["exact", "round", "truncate"]).map(|i| {
        [
            BoardRounding::Exact,
            BoardRounding::RoundTenth,
            BoardRounding::TruncateTenth,
        ][i]
    });
    c.separate_fields = word("fields", &["together", "separate"]).map(|i| i == 1);
    c.avg_plus_session = json_flag(v, "avg_plus_session", diags);
    c.centred = json_flag(v, "centred", diags);
    c.top_integral = json_flag(v, "top_integral", diags);
    c
}

/// A true or false of the JSON's convention; anything else is an error naming it.
fn json_flag(v: &serde_json::Value, key: &str, diags: &mut Vec<Diagnostic>) -> Option<bool> {
    let value = &v[key];
    if value.is_null() {
        return None;
    }
    let flag = value.as_bool();
    if flag.is_none() {
        diags.push(Diagnostic::error(
            0,
            None,
            format!("the JSON's convention gives {key} {value}: write true or false"),
        ));
    }
    flag
}

/// A JSON value as the text a travellers column holds: a string, number or boolean as
/// written, anything else empty.
fn json_text(v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::String(s) => s.clone(),
        serde_json::Value::Number(n) => n.to_string(),
        serde_json::Value::Bool(b) => b.to_string(),
        _ => String::new(),
    }
}

/// A JSON number as written; anything else (a text, `null`) empty, so that a figure
/// that is not a number is not taken for one.
fn json_number(v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::Number(n) => n.to_string(),
        _ => String::new(),
    }
}

/// Result `r` of JSON board `b` as row `line`, its section its own (top-integral), else
/// the board's, else its North-South pair's (`section_of`).
fn json_result_row(
    b: &serde_json::Value,
    r: &serde_json::Value,
    line: u32,
    section_of: &BTreeMap<String, String>,
) -> Row {
    let ns = json_text(&r["ns"]);
    let group = match &r["section"] {
        serde_json::Value::String(own) => own.clone(),
        _ => json_text(&b["section"]),
    };
    let section = if group.is_empty() {
        section_of.get(&ns).cloned().unwrap_or_default()
    } else {
        group
    };
    let mp = |k: &str| json_number(&r[k]);
    let adjust = json_text(&r["adjustment"]);
    let adjust = if adjust.is_empty() && r["reversed"].as_bool() == Some(true) {
        "REV".to_string()
    } else {
        adjust
    };
    Row {
        line,
        section,
        board: json_text(&b["board"]),
        ns,
        ew: json_text(&r["ew"]),
        score: json_text(&r["score"]),
        contract: json_text(&r["contract"]),
        declarer: json_text(&r["declarer"]),
        result: json_text(&r["tricks"]),
        adjust,
        lead: json_text(&r["lead"]),
        mp_ns: mp("mp_ns"),
        mp_ew: mp("mp_ew"),
        table: json_text(&r["table"]),
        round: json_text(&r["round"]),
        ..Row::default()
    }
}

/// What the pairs list of klaver's JSON gives that cannot be put on a pair of the
/// boards, each said on its entry's line: an entry without a pair, a pair without
/// results, a pair given twice with other names or players (its first entry is used);
/// and the pairs of the boards the list leaves out, which are listed without names.
/// The event's pair each entry's names and players are read onto (`None`: not read);
/// `lines` finds the lines the entries start on, for the entries a message is said of.
fn pairs_list_checked(
    lines: &EntryLines,
    pairs: &[serde_json::Value],
    event: &mut Event,
) -> Vec<Option<usize>> {
    if pairs.is_empty() {
        return Vec::new();
    }
    let index: rustc_hash::FxHashMap<(&str, &str), usize> = (event.pairs.iter().enumerate())
        .map(|(i, p)| ((p.section.as_str(), p.id.as_str()), i))
        .collect();
    let mut first: rustc_hash::FxHashMap<usize, usize> = rustc_hash::FxHashMap::default();
    let mut read = Vec::with_capacity(pairs.len());
    for (k, p) in pairs.iter().enumerate() {
        let (section, id) = (json_text(&p["section"]), json_text(&p["pair"]));
        if let Some(refused) = invisible_in_entry(&section, &id) {
            (event.diagnostics).push(Diagnostic::error(lines.of(k), None, refused));
            read.push(None);
            continue;
        }
        let names = match json_text(&p["names"]) {
            n if n.is_empty() => "its names".to_string(),
            n => format!("its names ({n})"),
        };
        let pair = pair_in_section(&section, &id);
        let same_as =
            |j: usize| pairs[j]["names"] == p["names"] && pairs[j]["players"] == p["players"];
        let message = match index.get(&(section.as_str(), id.as_str())) {
            _ if id.is_empty() => Some(format!(
                "the pair entry {} of the list gives no \"pair\": {names} and players are not read; write its number",
                k + 1
            )),
            None => Some(format!(
                "{pair} of the pairs list has no results on the boards: {names} and players are not read; correct its number"
            )),
            Some(&i) => match first.get(&i) {
                None => {
                    first.insert(i, k);
                    read.push(Some(i));
                    continue;
                }
                // Given again as it was: nothing to say, nothing more to read.
                Some(&j) if same_as(j) => None,
                Some(&j) => Some(format!(
                    "{pair} is given twice in the pairs list (entries {} and {}, with other names or players): the names and players of entry {} are used; remove the one that is wrong",
                    j + 1,
                    k + 1,
                    j + 1
                )),
            },
        };
        read.push(None);
        let said = message.map(|m| Diagnostic::warning(lines.of(k), None, m));
        event.diagnostics.extend(said);
    }
    let left_out = left_out_of_the_list(event, &first);
    event.diagnostics.extend(left_out);
    read
}

/// The error of a pairs list entry whose pair or section holds a character that shows
/// nothing: it prints as a pair of the boards but is none.
fn invisible_in_entry(section: &str, id: &str) -> Option<String> {
    let named = [
        ("the pairs list's pair", id),
        ("the pairs list's section", section),
    ];
    named
        .iter()
        .find_map(|(what, text)| crate::invisible::refused(what, text))
}

/// One warning for the ranked pairs of the boards the pairs list leaves out.
fn left_out_of_the_list(
    event: &Event,
    listed: &rustc_hash::FxHashMap<usize, usize>,
) -> Option<Diagnostic> {
    let missing: Vec<String> = (event.pairs.iter().enumerate())
        .filter(|(i, p)| !p.unranked && !listed.contains_key(i))
        .map(|(_, p)| format!("{}{}", p.section, p.id))
        .collect();
    let message = match &missing[..] {
        [] => return None,
        [one] => format!(
            "pair {one} is not in the pairs list: it is listed without names; add an entry for it"
        ),
        _ => format!(
            "pairs {} are not in the pairs list: they are listed without names; add an entry for each",
            crate::travellers::spoken_list(&missing)
        ),
    };
    Some(Diagnostic::warning(0, None, message))
}

/// A pair as a message names it: `pair 3`, or `pair 3 of section A`.
fn pair_in_section(section: &str, id: &str) -> String {
    if section.is_empty() {
        format!("pair {id}")
    } else {
        format!("pair {id} of section {section}")
    }
}

/// The pairs' published places, totals and percentages, their names and players' ids
/// set in `event` on the way (where read); each pair comes with the event's pair its
/// names and players are read onto, if any, and `lines` finds the line of the file it
/// starts on.
fn json_totals<'a>(
    pairs: impl Iterator<Item = (&'a serde_json::Value, Option<usize>)>,
    lines: &EntryLines,
    event: &mut Event,
) -> Vec<PublishedTotal> {
    let mut totals = Vec::new();
    for (i, (p, read)) in pairs.enumerate() {
        let (section, id) = (json_text(&p["section"]), json_text(&p["pair"]));
        if let Some(at) = read {
            name_pair(event, at, &json_text(&p["names"]), || lines.of(i));
            set_player_ids(event, at, &p["players"]);
        }
        let rank = match (&p["rank"], p["tied"].as_bool()) {
            (serde_json::Value::Number(r), Some(true)) => format!("{r}="),
            (v, _) => json_text(v),
        };
        totals.push(PublishedTotal {
            line: i as u32 + 1,
            section,
            pair: id,
            rank,
            total: json_number(&p["points"]),
            percentage: json_number(&p["percentage"]),
            ..PublishedTotal::default()
        });
    }
    totals
}

/// One traveller line in the travellers CSV's columns, English notation: what
/// [`write_csv`] writes and what the store keeps.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LineFields {
    /// The section (empty when there is one).
    pub section: String,
    /// The board number.
    pub board: u32,
    /// The table, when known.
    pub table: Option<u32>,
    /// The round, when known.
    pub round: Option<u32>,
    /// North-South's pair id.
    pub ns: String,
    /// East-West's pair id.
    pub ew: String,
    /// The room of a teams match.
    pub room: String,
    /// The contract (`4SX`, `PASS`), or the unread text as written.
    pub contract: String,
    /// The declarer.
    pub declarer: String,
    /// The result (`=`, `+1`, `-2`).
    pub result: String,
    /// North-South's score as read (empty for an adjusted line).
    pub score: String,
    /// The adjustment as written.
    pub adjust: String,
    /// The opening lead.
    pub lead: String,
}

/// The columns of the event's `i`-th traveller line.
pub fn line_fields(event: &Event, i: usize) -> LineFields {
    use klaver_core::matchpoints::Outcome;
    use klaver_core::notation::{self, Language};
    let (r, info) = (&event.results[i], &event.lines[i]);
    let (contract, declarer, result) = if info.passed {
        ("PASS".to_string(), String::new(), String::new())
    } else if let Some(p) = info.play {
        (
            notation::format_contract(p.contract(), Language::English),
            notation::format_seat(p.declarer(), Language::English),
            notation::format_result(p.tricks(), p.contract(), Language::English),
        )
    } else {
        (
            info.unread_contract().to_string(),
            String::new(),
            String::new(),
        )
    };
    LineFields {
        section: event.pairs[r.ns_pair()].section.clone(),
        board: r.board,
        table: info.table(),
        round: info.round(),
        ns: event.pairs[r.ns_pair()].id.clone(),
        ew: event.pairs[r.ew_pair()].id.clone(),
        room: info.room().to_string(),
        contract,
        declarer,
        result,
        score: match r.outcome {
            Outcome::Score(s) | Outcome::ScoreAndArtificial { score: s, .. } => s.to_string(),
            _ => info
                .replaced_score()
                .map(|s| s.to_string())
                .unwrap_or_default(),
        },
        adjust: adjust_as_written(r, info),
        lead: info.lead().to_string(),
    }
}

/// A director's penalty line in the travellers CSV's columns (`PEN -3/0`).
pub fn penalty_fields(event: &Event, p: &crate::travellers::Penalty) -> LineFields {
    LineFields {
        section: event.pairs[p.ns].section.clone(),
        board: p.board,
        table: None,
        round: None,
        ns: event.pairs[p.ns].id.clone(),
        ew: event.pairs[p.ew].id.clone(),
        room: String::new(),
        contract: String::new(),
        declarer: String::new(),
        result: String::new(),
        score: String::new(),
        adjust: format!(
            "PEN {}/{}",
            points_text(p.points.0),
            points_text(p.points.1)
        ),
        lead: String::new(),
    }
}

/// Points as an exact decimal (`-3`, `6.8`): a penalty is read from decimals.
pub fn points_text(points: Ratio<i64>) -> String {
    let s = klaver_core::exact::Exact::from(points).to_decimal(6);
    match s.split_once('.') {
        Some((whole, frac)) if frac.trim_end_matches('0').is_empty() => whole.to_string(),
        Some((whole, frac)) => format!("{whole}.{}", frac.trim_end_matches('0')),
        None => s,
    }
}

/// Which of the travellers CSV's optional columns a file needs.
#[derive(Debug, Clone, Copy, Default)]
struct CsvShape {
    sections: bool,
    tables: bool,
    rounds: bool,
    rooms: bool,
}

impl CsvShape {
    fn header(self) -> Vec<&'static str> {
        let mut header = Vec::new();
        if self.sections {
            header.push("section");
        }
        header.push("board");
        if self.tables {
            header.push("table");
        }
        if self.rounds {
            header.push("round");
        }
        header.extend(["ns", "ew"]);
        if self.rooms {
            header.push("room");
        }
        header.extend(["contract", "declarer", "result", "score", "adjust", "lead"]);
        header
    }

    fn write<W: std::io::Write>(self, w: &mut csv::Writer<W>, l: &LineFields) -> csv::Result<()> {
        let number = |n: Option<u32>| n.map(|n| n.to_string()).unwrap_or_default();
        let mut rec: Vec<String> = Vec::with_capacity(13);
        if self.sections {
            rec.push(l.section.clone());
        }
        rec.push(l.board.to_string());
        if self.tables {
            rec.push(number(l.table));
        }
        if self.rounds {
            rec.push(number(l.round));
        }
        rec.extend([l.ns.clone(), l.ew.clone()]);
        if self.rooms {
            rec.push(l.room.clone());
        }
        rec.extend([
            l.contract.clone(),
            l.declarer.clone(),
            l.result.clone(),
            l.score.clone(),
            l.adjust.clone(),
            l.lead.clone(),
        ]);
        w.write_record(&rec)
    }
}

/// Writes traveller lines as a travellers CSV that `klaver score` reads back: `board,
/// ns,ew,contract,declarer,result,score,adjust,lead`, with `section` first when any
/// line has one (the pairs are named by section and pair) and `table`, `round`, `room`
/// when any line has one.
pub fn write_lines_csv<W: std::io::Write>(out: W, lines: &[LineFields]) -> std::io::Result<()> {
    let shape = CsvShape {
        sections: lines.iter().any(|l| !l.section.is_empty()),
        tables: lines.iter().any(|l| l.table.is_some()),
        rounds: lines.iter().any(|l| l.round.is_some()),
        rooms: lines.iter().any(|l| !l.room.is_empty()),
    };
    let mut w = csv::WriterBuilder::new().from_writer(out);
    w.write_record(shape.header())?;
    for l in lines {
        shape.write(&mut w, l)?;
    }
    w.flush()
}

/// Writes an event as a travellers CSV (English notation) that `klaver score` reads back
/// with every result, the columns of [`write_lines_csv`]. The players' names go in a
/// separate pairs CSV ([`write_pairs_csv`]).
pub fn write_csv<W: std::io::Write>(out: W, event: &Event) -> std::io::Result<()> {
    let shape = CsvShape {
        sections: has_sections(event),
        tables: event.lines.iter().any(|l| l.table().is_some()),
        rounds: event.lines.iter().any(|l| l.round().is_some()),
        rooms: event.lines.iter().any(|l| !l.room().is_empty()),
    };
    let mut w = csv::WriterBuilder::new().from_writer(out);
    w.write_record(shape.header())?;
    for i in 0..event.results.len() {
        shape.write(&mut w, &line_fields(event, i))?;
    }
    for p in &event.penalties {
        shape.write(&mut w, &penalty_fields(event, p))?;
    }
    w.flush()
}

/// Writes the pairs' names as a pairs CSV (`pair,names`, with `section` when there are
/// several), the companion of [`write_csv`]; with `players`, the players' ids joined by
/// `+` as the pairs file gave them (`1001+1002`), when any pair has them.
pub fn write_pairs_csv<W: std::io::Write>(out: W, event: &Event) -> std::io::Result<()> {
    let multi = has_sections(event);
    let with_ids = has_player_ids(event);
    let mut w = csv::WriterBuilder::new().from_writer(out);
    let mut header = vec!["pair", "names"];
    if multi {
        header.insert(0, "section");
    }
    if with_ids {
        header.push("players");
    }
    w.write_record(&header)?;
    // A substitute pair (`-`, unranked, one for each place it took) has no names to keep.
    let substitute =
        |p: &klaver_core::session::PairInfo| p.unranked && p.id == "-" && p.names.is_empty();
    for (i, p) in event
        .pairs
        .iter()
        .enumerate()
        .filter(|(_, p)| !substitute(p))
    {
        let mut rec = vec![p.id.clone(), p.names.clone()];
        if multi {
            rec.insert(0, p.section.clone());
        }
        if with_ids {
            rec.push(
                event
                    .player_ids
                    .get(i)
                    .map_or(String::new(), |ids| ids.join("+")),
            );
        }
        w.write_record(&rec)?;
    }
    w.flush()
}

/// Whether any pair has a player's id.
pub fn has_player_ids(event: &Event) -> bool {
    event
        .player_ids
        .iter()
        .any(|ids| ids.iter().any(|id| !id.is_empty()))
}

/// Whether the pairs are in named sections: then every line names its section, a
/// single section's name included, so that it is kept.
fn has_sections(event: &Event) -> bool {
    event.pairs.iter().any(|p| !p.section.is_empty())
}

/// Every message of reading a file, as printed (for tests).
#[cfg(test)]
pub(crate) fn messages(imported: &Imported) -> Vec<String> {
    imported
        .event
        .diagnostics
        .iter()
        .map(|d| d.to_string())
        .collect()
}

/// A weighted score's parts as (percent, North-South score); none for any other outcome
/// (for tests).
#[cfg(test)]
pub(crate) fn weighted_parts(outcome: &klaver_core::matchpoints::Outcome) -> Vec<(u8, i32)> {
    match outcome {
        klaver_core::matchpoints::Outcome::Weighted(parts) => {
            parts.iter().map(|p| (p.percent, p.score)).collect()
        }
        _ => Vec::new(),
    }
}

/// A line's adjustment as every file klaver writes has it, so that it reads back the
/// same in klaver's default notation: a weighted score typed in Dutch or Turkish
/// (`W 50% 4SZ= 50% 4SZ-1`) is written as it reads in English, or with its parts as
/// scores (`W 50% 420 50% -50`); every other adjustment reads alike in every notation.
pub(crate) fn adjust_as_written(
    r: &klaver_core::session::TableResult,
    info: &crate::travellers::LineInfo,
) -> String {
    use klaver_core::matchpoints::Outcome;
    match &r.outcome {
        Outcome::Weighted(parts) => {
            crate::travellers::weighted_in_english(info.adjust(), r.board, parts)
        }
        _ => info.adjust().to_string(),
    }
}

/// The scores tables entered beside an adjustment that replaces them, each named by its
/// board and pairs (`board 1, pairs 3 and 4: the score 450 entered beside the adjustment
/// 60/40`): what PBN and USEBIO leave out. Their score holds either a score or the
/// artificial score other programs read (PBN's `^60%`, USEBIO's `A60/40`), and another
/// program would score an entered 450 written there as the table's result, so the
/// adjusted line is written without it. Said by whoever writes the file, never dropped
/// unsaid.
pub fn entered_scores_left_out(event: &Event) -> Vec<String> {
    event
        .results
        .iter()
        .zip(&event.lines)
        .filter_map(|(r, info)| {
            let entered = info.replaced_score()?;
            let (ns, ew) = (&event.pairs[r.ns_pair()], &event.pairs[r.ew_pair()]);
            let section = match ns.section.as_str() {
                "" => String::new(),
                s => format!(" of section {s}"),
            };
            Some(format!(
                "board {}{section}, pairs {} and {}: the score {entered} entered beside the adjustment {}",
                r.board,
                ns.id,
                ew.id,
                info.adjust()
            ))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The line of the JSON's `form` key, not of a title that holds the word.
    #[test]
    fn the_form_is_found_on_its_keys_line() {
        let text = "{\n  \"title\": \"form\",\n  \"date\": \"\\\"form\\\": x\",\n  \"form\" : \"butler\"\n}";
        let doc: serde_json::Value = serde_json::from_str(text).unwrap();
        assert_eq!(json_form(text.as_bytes(), &doc), Some(("butler".into(), 4)));
        let pairs = text.replace("butler", "pairs");
        let doc: serde_json::Value = serde_json::from_str(&pairs).unwrap();
        assert_eq!(json_form(pairs.as_bytes(), &doc), None);
    }

    /// A file's names and players' ids go on the pair of their section and id as
    /// written: case and spaces count, a pair of another section or id is not named,
    /// names already set stay, and names with an invisible character are warned of on
    /// their line.
    #[test]
    fn names_and_ids_go_on_the_pair_of_their_section_and_id_as_written() {
        let pair = |section: &str, id: &str| klaver_core::session::PairInfo {
            section: section.into(),
            id: id.into(),
            ..Default::default()
        };
        let mut event = Event {
            pairs: vec![
                pair("A", "1"),
                pair("a", "1"),
                pair("A", "2"),
                pair("", "1"),
            ],
            ..Event::default()
        };
        let index = PairIndex::of(&event);
        for (at, names) in [
            (("A", "1"), "Ann & Bob"),
            (("A", "1"), "Cor & Dirk"),
            (("a", "1"), "Eva & Fien"),
            (("A", " 2"), "Gijs & Hans"),
            (("B", "2"), "Ina & Jet"),
            (("", "1"), "Kees\u{200b} & Lot"),
        ] {
            set_names(&mut event, &index, at, names, 7);
        }
        let names: Vec<&str> = event.pairs.iter().map(|p| p.names.as_str()).collect();
        assert_eq!(names, ["Ann & Bob", "Eva & Fien", "", "Kees\u{200b} & Lot"]);
        assert_eq!(event.diagnostics.len(), 1);
        assert_eq!(event.diagnostics[0].line, Some(7));
        assert!(event.diagnostics[0].message.starts_with("pair 1's names"));
        set_ids(
            &mut event,
            &index,
            ("A", "2"),
            &["1001".into(), "1002".into()],
        );
        set_ids(
            &mut event,
            &index,
            ("a", "2"),
            &["1003".into(), "1004".into()],
        );
        assert_eq!(event.player_ids.len(), 3);
        assert_eq!(event.player_ids[2], ["1001", "1002"]);
        assert!(event.player_ids[..2].iter().all(Vec::is_empty));
    }

    /// `event` scored with `settings`, written as klaver's JSON and read back, which
    /// must say nothing: the JSON, and what was read.
    fn json_read_back(event: &Event, settings: &Settings) -> (Vec<u8>, Imported) {
        let result =
            klaver_core::session::score_session(&event.pairs, &event.results, settings).unwrap();
        let mut json = Vec::new();
        crate::json::write(&mut json, event, &result, "", "").unwrap();
        let back = read_json(&json).unwrap();
        assert!(
            back.event.diagnostics.is_empty(),
            "{:?}",
            back.event.diagnostics
        );
        (json, back)
    }

    /// A weighted score written in another notation (`W 50% 4SZ= 50% 4SZ-1`) was
    /// written on unchanged into an English travellers CSV (a stored session's, or a
    /// conversion's), which then could not be read.
    #[test]
    fn a_weighted_score_in_another_notation_is_written_so_english_reads_it() {
        use crate::travellers::{ReadOptions, read_travellers_bytes};
        use klaver_core::notation::Language;
        let dutch = "board,ns,ew,contract,declarer,result,score,adjust\n1,1,2,4S,Z,=,420,\n1,3,4,,,,,W 50% 4SZ= 50% 4SZ-1\n";
        let read = |text: &[u8], lang| {
            read_travellers_bytes(
                text,
                ReadOptions {
                    lang,
                    ..ReadOptions::default()
                },
            )
            .unwrap()
        };
        let event = read(dutch.as_bytes(), Language::Dutch);
        assert!(event.diagnostics.is_empty(), "{:?}", event.diagnostics);
        let mut csv = Vec::new();
        write_csv(&mut csv, &event).unwrap();
        let back = read(&csv, Language::English);
        assert!(back.diagnostics.is_empty(), "{:?}", back.diagnostics);
        assert_eq!(back.results, event.results);
        // English texts are kept as written.
        let english = dutch.replace("4S,Z", "4S,N").replace("4SZ", "4SN");
        let event = read(english.as_bytes(), Language::English);
        assert_eq!(line_fields(&event, 1).adjust, "W 50% 4SN= 50% 4SN-1");
    }

    /// A score entered on a line whose adjustment replaces it was dropped from the line
    /// as stored and converted: when the adjustment proved a mistake, the score was gone.
    #[test]
    fn a_score_an_adjustment_replaces_is_kept_with_the_line() {
        use crate::travellers::{ReadOptions, read_travellers_bytes};
        let text = "board,ns,ew,score,adjust\n1,1,2,420,\n1,3,4,450,AVG\n";
        let event = read_travellers_bytes(text.as_bytes(), ReadOptions::default()).unwrap();
        assert_eq!(event.diagnostics.len(), 1, "{:?}", event.diagnostics);
        let f = line_fields(&event, 1);
        assert_eq!((f.score.as_str(), f.adjust.as_str()), ("450", "AVG"));
        let mut csv = Vec::new();
        write_csv(&mut csv, &event).unwrap();
        let back = read_travellers_bytes(&csv, ReadOptions::default()).unwrap();
        assert_eq!(back.results, event.results);
        assert_eq!(line_fields(&back, 1).score, "450");
    }

    /// Scored top-integral, a board's results of several sections are one group with no
    /// section, and a result named its pairs by number only: read back, section B's
    /// pair 1 was taken for section A's, who then played the board twice.
    /// klaver's JSON of a scored teams event (matches and standings) is a result, not a
    /// session it reads back: refused as such, not as a file klaver did not write.
    #[test]
    fn a_teams_json_file_is_refused_as_a_result() {
        let teams =
            br#"{"title":"","date":"","form":"teams","matches":[],"standings":[],"warnings":[]}"#;
        let e = read_json(teams).map(drop).unwrap_err();
        assert_eq!(
            e,
            "it is klaver's JSON of a scored teams event, a result that klaver does not read back (it reads the JSON of a pairs, butler or cross-IMP session): score the teams event from its travellers"
        );
        let other = read_json(br#"{"title":""}"#).map(drop).unwrap_err();
        assert!(other.contains("no \"boards\" list"), "{other}");
    }

    #[test]
    fn a_top_integral_json_file_keeps_each_results_section() {
        use crate::travellers::{ReadOptions, read_travellers_bytes};
        use klaver_core::session::score_session;
        let text =
            "section,board,ns,ew,score\nA,1,1,2,420\nA,1,3,4,450\nB,1,1,2,-50\nB,1,3,4,420\n";
        let event = read_travellers_bytes(text.as_bytes(), ReadOptions::default()).unwrap();
        let settings = Settings {
            top_integral: true,
            ..Settings::default()
        };
        let (_, back) = json_read_back(&event, &settings);
        let sections = |e: &Event| -> Vec<String> {
            e.results
                .iter()
                .map(|r| {
                    format!(
                        "{}{}",
                        e.pairs[r.ns_pair()].section,
                        e.pairs[r.ns_pair()].id
                    )
                })
                .collect()
        };
        assert_eq!(sections(&back.event), sections(&event));
        assert!(score_session(&back.event.pairs, &back.event.results, &settings).is_ok());
    }

    /// klaver's JSON said nothing of how the session was scored, and was read back by
    /// the defaults: a session scored by Neuberg on the ACBL scale, its directions
    /// ranked apart, changed its matchpoints and ranks when scored again from its JSON.
    #[test]
    fn a_json_file_keeps_the_convention_it_was_scored_by() {
        use crate::travellers::{ReadOptions, read_travellers_bytes};
        use klaver_core::session::score_session;
        let text = "section,board,ns,ew,score,adjust\nA,1,1,2,420,\nA,1,3,4,,AVG+\nA,1,5,6,-50,\nB,1,1,2,420,\nB,1,3,4,450,\n";
        let event = read_travellers_bytes(text.as_bytes(), ReadOptions::default()).unwrap();
        let mut settings = Settings {
            top_integral: true,
            separate_fields: true,
            ..Settings::default()
        };
        let stated = Convention {
            scale: Some(Scale::Acbl),
            artificial: Some(ArtificialRule::LeftOut),
            rounding: Some(BoardRounding::RoundTenth),
            avg_plus_session: Some(true),
            ..Convention::default()
        };
        stated.apply(&mut settings);
        let result = score_session(&event.pairs, &event.results, &settings).unwrap();
        let (json, back) = json_read_back(&event, &settings);
        assert_eq!(back.convention, Convention::scored(&result));
        let mut again = Settings::default();
        back.convention.apply(&mut again);
        let again = score_session(&back.event.pairs, &back.event.results, &again).unwrap();
        let cmp = compare(&back, &again, None);
        assert!(cmp.differences.is_empty(), "{:?}", cmp.differences);
        // A convention klaver does not know is refused, naming it.
        let doc = String::from_utf8(json)
            .unwrap()
            .replace("\"acbl\"", "\"french\"");
        let back = read_json(doc.as_bytes()).unwrap();
        let errors: Vec<String> = back
            .event
            .diagnostics
            .iter()
            .map(|d| d.to_string())
            .collect();
        assert!(
            errors.len() == 1 && errors[0].contains("\"french\""),
            "{errors:?}"
        );
    }

    /// `--compare` on klaver's JSON compared only the pairs' ranks: a pair's total and
    /// percentage edited to 99 agreed with klaver.
    #[test]
    fn a_json_files_totals_and_percentages_are_compared() {
        use crate::travellers::{ReadOptions, read_travellers_bytes};
        use klaver_core::session::score_session;
        let text = "board,ns,ew,score\n1,1,2,420\n1,3,4,450\n1,5,6,-50\n2,1,2,110\n2,3,4,140\n2,5,6,-100\n";
        let event = read_travellers_bytes(text.as_bytes(), ReadOptions::default()).unwrap();
        let (json, _) = json_read_back(&event, &Settings::default());
        let compared = |json: &[u8]| {
            let back = read_json(json).unwrap();
            let again = score_session(&back.event.pairs, &back.event.results, &Settings::default())
                .unwrap();
            compare(&back, &again, None)
        };
        let cmp = compared(&json);
        assert!(cmp.differences.is_empty(), "{:?}", cmp.differences);
        let mut doc: serde_json::Value = serde_json::from_slice(&json).unwrap();
        let first = &mut doc["pairs"][0];
        first["points"] = serde_json::json!(99);
        first["percentage"] = serde_json::json!(99.0);
        let edited = serde_json::to_vec(&doc).unwrap();
        let found: Vec<String> = compared(&edited)
            .differences
            .into_iter()
            .map(|d| d.message)
            .collect();
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].contains("total published 99, klaver"), "{found:?}");
        assert!(
            found[0].contains("percentage published 99.0, klaver"),
            "{found:?}"
        );
    }

    /// A director's penalty travels in klaver's JSON: read back, it is the same penalty,
    /// named by the line of the file it is written on.
    #[test]
    fn a_penalty_in_klavers_json_is_read_back_on_its_line() {
        use crate::travellers::{ReadOptions, read_travellers_bytes};
        let text = "board,ns,ew,score,adjust\n1,1,2,420,\n1,3,4,450,\n1,3,4,,PEN -2/0\n";
        let event = read_travellers_bytes(text.as_bytes(), ReadOptions::default()).unwrap();
        assert_eq!(event.penalties.len(), 1, "{:?}", event.diagnostics);
        let (json, back) = json_read_back(&event, &Settings::default());
        let on = String::from_utf8(json)
            .unwrap()
            .lines()
            .position(|l| l.contains("\"points_ns\""))
            .unwrap();
        let [p] = &back.event.penalties[..] else {
            panic!("{:?}", back.event.penalties);
        };
        let pairs = &back.event.pairs;
        assert_eq!(
            (pairs[p.ns].id.as_str(), pairs[p.ew].id.as_str(), p.board),
            ("3", "4", 1)
        );
        assert_eq!(
            (p.points, p.line),
            (event.penalties[0].points, on as u32 + 1)
        );
    }

    /// A pair's `players` in klaver's JSON that is not a list of ids is said, naming
    /// the pair, and no id is taken from it.
    #[test]
    fn a_json_pairs_players_that_are_not_ids_are_said() {
        use crate::travellers::{ReadOptions, read_travellers_bytes};
        let text = "board,ns,ew,score\n1,1,2,420\n1,3,4,450\n";
        let mut event = read_travellers_bytes(text.as_bytes(), ReadOptions::default()).unwrap();
        event.player_ids = vec![vec!["1001".into(), "1002".into()]];
        let (json, back) = json_read_back(&event, &Settings::default());
        let first = back.event.pairs.iter().position(|p| p.id == "1").unwrap();
        assert_eq!(back.event.player_ids[first], ["1001", "1002"]);
        let mut doc: serde_json::Value = serde_json::from_slice(&json).unwrap();
        let pairs = doc["pairs"].as_array_mut().unwrap();
        let first = pairs.iter_mut().find(|p| p["pair"] == "1").unwrap();
        first["players"] = serde_json::json!("1001+1002");
        let back = read_json(&serde_json::to_vec(&doc).unwrap()).unwrap();
        let said = messages(&back);
        assert!(
            said.len() == 1
                && said[0].starts_with("pair 1: its players \"1001+1002\" are not a list of ids"),
            "{said:?}"
        );
        assert!(!has_player_ids(&back.event));
    }

    #[test]
    fn rows_keep_their_own_line_numbers() {
        let rows = vec![
            Row {
                line: 40,
                board: "1".into(),
                ns: "1".into(),
                ew: "2".into(),
                score: "425".into(),
                ..Row::default()
            },
            Row {
                line: 41,
                board: "1".into(),
                ns: "3".into(),
                ew: "4".into(),
                contract: "4S".into(),
                declarer: "N".into(),
                result: "10".into(),
                ..Row::default()
            },
        ];
        let e = rows_to_event(&rows);
        assert_eq!(e.results.len(), 1);
        assert_eq!(e.results[0].line(), 41);
        assert_eq!(e.diagnostics[0].line, Some(40));
        assert_eq!(
            e.results[0].outcome,
            klaver_core::matchpoints::Outcome::Score(420)
        );
    }

    /// PBN's `Result`, USEBIO's `TRICKS` and klaver's JSON `tricks` are the tricks taken
    /// by the format's definition: a small number is not a result a person may have
    /// meant otherwise, as in a travellers CSV's result column.
    #[test]
    fn an_exchange_files_tricks_are_tricks_without_a_word() {
        let row = |line: u32, ns: &str, ew: &str, result: &str| Row {
            line,
            board: "1".into(),
            ns: ns.into(),
            ew: ew.into(),
            contract: "4S".into(),
            declarer: "N".into(),
            result: result.into(),
            ..Row::default()
        };
        let e = rows_to_event(&[row(7, "1", "2", "4"), row(8, "3", "4", "10")]);
        assert!(e.diagnostics.is_empty(), "{:?}", e.diagnostics);
        assert_eq!(
            e.results[0].outcome,
            klaver_core::matchpoints::Outcome::Score(-300)
        );
    }

    /// The errors of reading a JSON file of `tests/data/json-strict`, as "line: message".
    fn strict_errors(name: &str) -> Vec<String> {
        let path = format!(
            "{}/tests/data/json-strict/{name}",
            env!("CARGO_MANIFEST_DIR")
        );
        let back = read_json(&std::fs::read(path).unwrap()).unwrap();
        back.event
            .diagnostics
            .iter()
            .filter(|d| d.severity == klaver_core::session::Severity::Error)
            .map(|d| format!("{}: {}", d.line.unwrap_or(0), d.message))
            .collect()
    }

    /// A board whose results are misspelt, missing, null, a text or an object lost its
    /// results without a word, and the session was scored without them.
    #[test]
    fn a_board_without_a_list_of_results_is_an_error_on_its_line() {
        let cases = [
            (
                "F2-results-misspelt.json",
                "3: the board has no \"results\"",
            ),
            ("jv-results-missing.json", "1: the board has no \"results\""),
            ("jv-results-null.json", "1: the board's \"results\" is null"),
            ("jv-results-str.json", "1: the board's \"results\" is \""),
            ("jt-results-obj.json", "1: the board's \"results\" is {"),
        ];
        for (file, said) in cases {
            let errors = strict_errors(file);
            assert!(
                errors.iter().any(|e| e.starts_with(said)),
                "{file}: {errors:?}"
            );
        }
    }

    /// A board or a result that is not an object was passed over.
    #[test]
    fn an_entry_that_is_not_an_object_is_an_error_on_its_line() {
        let errors = strict_errors("jv-board-elem-num.json");
        assert!(
            errors
                .iter()
                .any(|e| e.starts_with("3: the board entry 2 is not an object")),
            "{errors:?}"
        );
        let errors = strict_errors("jv-result-elem-list.json");
        assert!(
            errors
                .iter()
                .any(|e| e.starts_with("1: the result entry [") && e.contains("not an object")),
            "{errors:?}"
        );
    }

    /// `"adjsut": "AVG"` was passed over and the table's 420 scored; a board's
    /// misspelt section, a text for `reversed` and a number for a pair were too.
    #[test]
    fn an_unknown_key_or_a_value_of_the_wrong_kind_is_an_error_naming_it() {
        let cases = [
            (
                "F2-unknown-key-adjsut.json",
                "2: the result has the key \"adjsut\", which klaver does not read",
            ),
            ("board-sectoin.json", "3: the board has the key \"sectoin\""),
            (
                "jt-reversed-str.json",
                "2: the result's \"reversed\" is \"yes\": write true or false",
            ),
            (
                "jt-ns-num.json",
                "2: the result's \"ns\" is 1: write a text in quotes",
            ),
        ];
        for (file, said) in cases {
            let errors = strict_errors(file);
            assert!(
                errors.iter().any(|e| e.starts_with(said)),
                "{file}: {errors:?}"
            );
        }
        assert_eq!(strict_errors("F2-base.json"), Vec::<String>::new());
    }

    /// klaver writes its whole result list on one line: an error in a pair named only
    /// that line, not which pair it was.
    #[test]
    fn an_error_in_a_pair_names_the_pair() {
        let errors = strict_errors("pairs-one-line.json");
        let said = [
            "5: pair 3 has the key \"clubpoints\", which klaver does not read",
            "5: pair 4's \"points\" is \"x\": write a number",
        ];
        for said in said {
            assert!(errors.iter().any(|e| e.starts_with(said)), "{errors:?}");
        }
    }

    /// A pairs list entry without a pair, or naming a pair with no results, lost its
    /// names without a word; a pair given twice kept its first names, silently; and the
    /// pairs left out were listed without names, silently.
    #[test]
    fn a_pairs_list_entry_that_names_no_pair_of_the_boards_is_said() {
        let path = format!(
            "{}/tests/data/json-strict/pairs-list-unmatched.json",
            env!("CARGO_MANIFEST_DIR")
        );
        let back = read_json(&std::fs::read(path).unwrap()).unwrap();
        let said: Vec<&str> = back
            .event
            .diagnostics
            .iter()
            .map(|d| d.message.as_str())
            .collect();
        let want = [
            "the pair entry 1 of the list gives no \"pair\": its names (Ian - Jo) and players are not read; write its number",
            "pair 9 of the pairs list has no results on the boards: its names (Ed - Fay) and players are not read; correct its number",
            "pair 2 is given twice in the pairs list (entries 2 and 5, with other names or players): the names and players of entry 2 are used; remove the one that is wrong",
            "pairs 3 and 4 are not in the pairs list: they are listed without names; add an entry for each",
        ];
        for want in want {
            assert!(said.contains(&want), "{want}\n{said:#?}");
        }
        let mut names: Vec<(&str, &str)> = (back.event.pairs.iter())
            .map(|p| (p.id.as_str(), p.names.as_str()))
            .collect();
        names.sort_unstable();
        assert_eq!(
            names,
            [("1", "Ann - Bob"), ("2", "Cy - Di"), ("3", ""), ("4", "")]
        );
    }

    /// A result giving its score twice (`"score":420,"score":-50`) was scored with the
    /// last of them, without a word.
    #[test]
    fn a_key_given_twice_in_one_object_is_refused_naming_its_line() {
        let path = format!(
            "{}/tests/data/json-strict/key-twice.json",
            env!("CARGO_MANIFEST_DIR")
        );
        let Err(said) = read_json(&std::fs::read(path).unwrap()) else {
            panic!("read");
        };
        assert!(
            said.starts_with("line 2: the object gives the key \"score\" twice"),
            "{said}"
        );
    }

    /// A session in one section named A was written without its section in the CSV
    /// and the pairs CSV, and read back in no section. (PBN reads one section as none,
    /// as the programs that write one for every session mean it.)
    #[test]
    fn a_single_named_section_is_kept_in_every_export() {
        let path = format!(
            "{}/tests/data/sections/one-section-a.csv",
            env!("CARGO_MANIFEST_DIR")
        );
        let data = std::fs::read(path).unwrap();
        let (_, imported) = crate::detect::read(&data, ReadOptions::default()).unwrap();
        let event = &imported.event;
        assert!(event.pairs.iter().all(|p| p.section == "A"));
        let mut csv = Vec::new();
        write_csv(&mut csv, event).unwrap();
        let (_, back) = crate::detect::read(&csv, ReadOptions::default()).unwrap();
        let sections: Vec<&str> = back
            .event
            .pairs
            .iter()
            .map(|p| p.section.as_str())
            .collect();
        assert_eq!(sections, ["A"; 4], "{}", String::from_utf8_lossy(&csv));
        let mut pairs = Vec::new();
        write_pairs_csv(&mut pairs, event).unwrap();
        assert!(
            pairs.starts_with(b"section,pair,names"),
            "{}",
            String::from_utf8_lossy(&pairs)
        );
    }

    /// Generated sessions of every shape klaver writes (sections, tables and rounds,
    /// penalties, names and players' ids, each convention) read back without a word.
    #[test]
    fn klavers_own_json_of_generated_sessions_reads_back_without_a_word() {
        use crate::generate::{GenerateOptions, write_event};
        use crate::travellers::read_travellers_bytes;
        for (seed, pairs, boards) in [(1, 8, 6), (2, 13, 9), (3, 30, 12), (4, 6, 3)] {
            let mut csv = Vec::new();
            let opts = GenerateOptions {
                pairs,
                boards,
                boards_per_round: 3,
                seed,
            };
            write_event(&mut csv, opts).unwrap();
            csv.extend_from_slice(b"1,1,2,,,,,PEN 0/-3\n");
            let mut event = read_travellers_bytes(&csv, ReadOptions::default()).unwrap();
            let index = PairIndex::of(&event);
            set_names(&mut event, &index, ("", "1"), "Ann & Bob", 0);
            let ids = ["1001".into(), String::new()];
            set_ids(&mut event, &index, ("", "1"), &ids);
            let settings = [
                Settings::default(),
                Settings {
                    centred: Some(1),
                    avg_plus_session: true,
                    ..Settings::default()
                },
                Settings {
                    rules: klaver_core::matchpoints::Rules {
                        scale: Scale::Acbl,
                        artificial: ArtificialRule::LeftOut,
                        ..Default::default()
                    },
                    rounding: BoardRounding::RoundTenth,
                    ..Settings::default()
                },
            ];
            for s in &settings {
                let result =
                    klaver_core::session::score_session(&event.pairs, &event.results, s).unwrap();
                let mut json = Vec::new();
                crate::json::write(&mut json, &event, &result, "Club \"night\"", "2026-11-29")
                    .unwrap();
                let doc: serde_json::Value = serde_json::from_slice(&json).unwrap();
                assert_eq!(
                    crate::json_check::check(&json, &doc).len(),
                    0,
                    "seed {seed}"
                );
                let back = read_json(&json).unwrap();
                assert_eq!(back.event.results.len(), event.results.len(), "seed {seed}");
                assert_eq!(
                    back.event.penalties.len(),
                    event.penalties.len(),
                    "seed {seed}"
                );
                assert!(
                    back.event
                        .diagnostics
                        .iter()
                        .all(|d| d.severity != klaver_core::session::Severity::Error),
                    "{:?}",
                    back.event.diagnostics
                );
            }
        }
    }
}
