//! Rubber bridge and Chicago score pads: a file of deals read, and the pads drawn.
//!
//! The file has one deal per line; `#` starts a comment, blank lines are skipped:
//!
//! ```text
//! we 2NT 9                  # side, contract, tricks taken
//! they 4S =                 # or the result: =, +1, -2
//! they 6DX -2               # doubling belongs to the contract: 6DX, 6DXX
//! we 3SX -2 honours we 100  # rubber only: honours held, by either side
//! pass                      # passed out
//! ```
//!
//! The side is `we`/`they` (also `wij`/`zij`, `biz`/`siz`), a partnership (`ns`, `ew`,
//! `nz`, `ow`, `k-g`, `d-b`) or a declarer seat in the chosen language; North-South is
//! written in the "we" column. Contracts and results use the notation of `--notation`.

use klaver_core::chicago::{ChicagoDealScore, ChicagoPad, ChicagoVariant, VulnerabilityOrder};
use klaver_core::contract::{Contract, Strain};
use klaver_core::notation::{
    Language, parse_contract, parse_contract_and_result, parse_result, parse_seat,
};
use klaver_core::rubber::{
    Entry, EntryKind, Honours, HonoursHeld, PadPlay, PadSide, RubberDeal, RubberDealScore,
    RubberParty, Standing,
};
use std::fmt::Write as _;

/// One deal read from the file, with its line.
#[derive(Debug, Clone, Copy)]
pub struct DealLine {
    /// The line of the file.
    pub number: usize,
    /// The contract played; `None` for a passed-out deal.
    pub deal: Option<PadPlay>,
    /// The honours held (rubber only).
    pub honours: Option<HonoursHeld>,
}

/// What a pad file says that is worth a warning: its line (`None` for the whole file)
/// and what to check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PadNote {
    /// The line of the file, when the note is about one.
    pub line: Option<usize>,
    /// What was found and what to check.
    pub message: String,
}

/// Reads a pad file's deals (`honours_allowed` for a rubber). The file is UTF-8, or else
/// read as Latin-1 with a note, as a travellers CSV is; an error (with its line, when on
/// one) for bytes that are text in neither, a deal that cannot be read, or a file
/// without deals.
pub fn read_deals(
    bytes: &[u8],
    lang: Language,
    honours_allowed: bool,
) -> Result<(Vec<DealLine>, Vec<PadNote>), PadNote> {
    let fix = "check the deal on it, or save the file as UTF-8";
    let (text, read) = crate::input::text_or_latin1(bytes, fix).map_err(|e| PadNote {
        line: Some(e.line as usize),
        message: e.message,
    })?;
    let mut notes: Vec<PadNote> = read
        .into_iter()
        .map(|d| PadNote {
            line: d.line.map(|l| l as usize),
            message: d.message,
        })
        .collect();
    // A byte order mark, as Windows editors start a UTF-8 file with, is no part of a deal.
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let mut deals = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let number = i + 1;
        let content = raw.split('#').next().unwrap_or("").trim();
        if content.is_empty() {
            continue;
        }
        let deal = parse_line(content, lang, honours_allowed).map_err(|message| PadNote {
            line: Some(number),
            message,
        })?;
        if let Some(message) = deal.0.and_then(|play| small_tricks(content, play, lang)) {
            notes.push(PadNote {
                line: Some(number),
                message,
            });
        }
        deals.push(DealLine {
            number,
            deal: deal.0,
            honours: deal.1,
        });
    }
    if deals.is_empty() {
        return Err(PadNote {
            line: None,
            message: "no deals found (one deal a line, e.g. `we 4S =` or `pass`)".into(),
        });
    }
    Ok((deals, notes))
}

/// What is wrong with a Chicago of `deals` deals whose last block of four is short:
/// the rules klaver follows (seed 003) play a Chicago in blocks of four, so that every
/// player deals once. The deals are scored as they stand.
pub fn short_block(deals: usize) -> Option<String> {
    let last = deals % 4;
    let first = deals - last + 1;
    let which = if last == 1 {
        format!("deal {deals}")
    } else {
        format!("deals {first}-{deals}")
    };
    (last != 0).then(|| {
        format!(
            "the last block has {last} of its 4 deals ({which}; {deals} deal{} in all): a Chicago is four deals, or a multiple of four, so that everyone deals once; the deals are scored as they stand: enter the block's missing deals if they were played",
            if deals == 1 { "" } else { "s" }
        )
    })
}

/// A passed-out Chicago deal, deal `deal` of the pad, is counted as one of the four of its
/// block; the rules klaver follows do not say, and many clubs redeal instead, so the
/// user is told.
pub fn passed_out_note(deal: usize) -> String {
    format!(
        "deal {deal} was passed out and is counted as deal {} of its block; if you redeal a passed-out deal (the same dealer and vulnerability), leave this line out",
        (deal - 1) % 4 + 1
    )
}

/// What a deal is told whose result is a bare number a person may mean otherwise than as
/// tricks taken, as the travellers CSV tells it: 7 or less, putting the contract down
/// (`we 4S 1` may mean made, one over or one down, and is 4S down 9), and how to write
/// what was meant. `None` for any other result.
fn small_tricks(content: &str, play: PadPlay, lang: Language) -> Option<String> {
    let tokens: Vec<&str> = content.split_whitespace().collect();
    let end = tokens
        .iter()
        .position(|t| HONOURS_WORDS.contains(&t.to_lowercase().as_str()))
        .unwrap_or(tokens.len());
    let result = tokens.get(1..end)?.last()?;
    let n: u8 = result.parse().ok()?;
    let bare = result.len() <= 2 && result.bytes().all(|b| b.is_ascii_digit());
    if !bare || n > 7 || n != play.tricks() || play.result() >= 0 {
        return None;
    }
    let contract = klaver_core::notation::format_contract(play.contract(), lang);
    Some(format!(
        "{n} is read as {n} {} taken: {play}; write = or +N / -N for made / over / down, or {contract} {} to keep this reading",
        if n == 1 { "trick" } else { "tricks" },
        play.result()
    ))
}

const PASS_WORDS: [&str; 4] = ["pass", "passed", "pas", "passe"];
const HONOURS_WORDS: [&str; 5] = ["honours", "honors", "honneurs", "onör", "onor"];
const DOUBLING_WORDS: [&str; 12] = [
    "x",
    "xx",
    "dbl",
    "rdbl",
    "double",
    "doubled",
    "redouble",
    "redoubled",
    "!",
    "!!",
    "kontur",
    "sürkontur",
];

fn parse_side(token: &str, lang: Language) -> Result<PadSide, String> {
    let t = token.to_lowercase();
    match t.as_str() {
        "we" | "wij" | "biz" | "ns" | "nz" | "k-g" | "kg" => return Ok(PadSide::We),
        "they" | "zij" | "siz" | "ew" | "ow" | "d-b" | "db" => return Ok(PadSide::They),
        _ => {}
    }
    parse_seat(token, lang)
        .map(|seat| PadSide::from(seat.side()))
        .map_err(|_| {
            format!("unknown side {token:?}: write we or they (also ns, ew, or a declarer seat)")
        })
}

type ParsedLine = (Option<PadPlay>, Option<HonoursHeld>);

fn parse_line(content: &str, lang: Language, honours_allowed: bool) -> Result<ParsedLine, String> {
    let tokens: Vec<&str> = content.split_whitespace().collect();
    let first = tokens[0].to_lowercase();
    if PASS_WORDS.contains(&first.as_str()) {
        if tokens.len() > 1 {
            return Err(format!(
                "a passed-out deal takes nothing after {:?}, found {:?}",
                tokens[0],
                tokens[1..].join(" ")
            ));
        }
        return Ok((None, None));
    }
    let side = parse_side(tokens[0], lang)?;
    let honours_at = tokens
        .iter()
        .position(|t| HONOURS_WORDS.contains(&t.to_lowercase().as_str()));
    let (play_tokens, honours_tokens) = match honours_at {
        Some(i) => (&tokens[1..i], Some(&tokens[i + 1..])),
        None => (&tokens[1..], None),
    };
    // (The result may be joined to the contract: `they 6DX-2`, `wij 4S!C`.)
    if play_tokens.is_empty() {
        return Err(format!(
            "expected a side, a contract and the tricks taken or the result \
             (e.g. `we 4S =`, `we 4S 10`, `they 3NTX -2`), found {content:?}"
        ));
    }
    let (contract, tricks) = parse_contract_and_result(&play_tokens.join(" "), lang)
        .map_err(|e| play_error(e, play_tokens, lang))?;
    let play = PadPlay::new(side, contract, tricks).map_err(|e| e.to_string())?;
    let honours = match honours_tokens {
        None => None,
        Some(_) if !honours_allowed => {
            return Err("honours are not scored at Chicago: remove the honours".to_string());
        }
        Some(rest) => Some(parse_honours(rest, contract, lang)?),
    };
    Ok((Some(play), honours))
}

/// Why a deal's contract and result could not be read: words after the result (`we 4S =
/// extra`) are named as such, and a double written apart is shown how to write it.
fn play_error(e: impl std::fmt::Display, play_tokens: &[&str], lang: Language) -> String {
    let separate_double = |tokens: &[&str]| {
        tokens
            .iter()
            .any(|t| DOUBLING_WORDS.contains(&t.to_lowercase().as_str()))
    };
    let hint = "; write a double or redouble as part of the contract in the notation of the \
                chosen language, e.g. 4SX (doubled) or 4SXX (redoubled)";
    if let Some((result, words)) = words_after_result(play_tokens, lang) {
        let hint = if separate_double(words) { hint } else { "" };
        return format!(
            "nothing more after the result {result:?}, not {:?}: a deal is written side, contract and tricks or result (e.g. `we 4S =`), honours after it (`honours we 100`){hint}",
            words.join(" ")
        );
    }
    let contract_tokens = &play_tokens[..play_tokens.len() - 1];
    if contract_tokens.len() > 1 && separate_double(&contract_tokens[1..]) {
        format!("{e}{hint}")
    } else {
        e.to_string()
    }
}

/// The result and the words after it, when a deal's tokens read as a contract and a
/// result followed by words that belong to neither (`4S = extra`, `4 Pik 1 fazla ek`):
/// the longest start that reads, and in it the result after the contract.
fn words_after_result<'a>(
    tokens: &'a [&'a str],
    lang: Language,
) -> Option<(String, &'a [&'a str])> {
    // A contract and its result take a few words at most (`4 Pik sürkontur 2 batar`):
    // only so many are tried, so that a long line is named as quickly as a short one.
    const MOST: usize = 8;
    (2..tokens.len().min(MOST + 1)).rev().find_map(|k| {
        parse_contract_and_result(&tokens[..k].join(" "), lang).ok()?;
        let result = (1..k).find_map(|j| {
            let contract = parse_contract(&tokens[..j].join(" "), lang).ok()?;
            let result = tokens[j..k].join(" ");
            parse_result(&result, contract, lang).ok().map(|_| result)
        })?;
        Some((result, &tokens[k..]))
    })
}

fn parse_honours(rest: &[&str], contract: Contract, lang: Language) -> Result<HonoursHeld, String> {
    let [side, value] = rest else {
        return Err(format!(
            "honours are written `honours SIDE 100` or `honours SIDE 150`, found {:?}",
            rest.join(" ")
        ));
    };
    let side = parse_side(side, lang)?;
    let notrump = contract.strain() == Strain::NoTrump;
    let honours = match (*value, notrump) {
        ("100", false) => Honours::FourTrumpHonours,
        ("150", false) => Honours::FiveTrumpHonours,
        ("150", true) => Honours::FourAces,
        ("100", true) => {
            return Err(
                "at notrump only four aces in one hand count as honours (150), not 100".to_string(),
            );
        }
        _ => {
            return Err(format!(
                "honours are worth 100 (four trump honours) or 150 (five trump honours, or \
                 four aces at notrump), not {value:?}"
            ));
        }
    };
    Ok(HonoursHeld { side, honours })
}

fn side_name(side: PadSide) -> &'static str {
    match side {
        PadSide::We => "We",
        PadSide::They => "They",
    }
}

fn outcome(standing: Standing) -> String {
    match standing.leader() {
        Some((side, by)) => format!(
            "{} are ahead by {by} (we {}, they {})",
            side_name(side),
            standing.we,
            standing.they
        ),
        None => format!("All square ({} each)", standing.we),
    }
}

fn deal_text(play: Option<PadPlay>) -> String {
    match play {
        None => "passed out".to_string(),
        Some(p) => p.to_string(),
    }
}

fn entry_detail(entries: &[Entry], below_line: bool) -> String {
    entries
        .iter()
        .map(|e| {
            let mark = if below_line && e.kind.below_the_line() {
                " below"
            } else {
                ""
            };
            format!("{} {} {}{mark}", e.side, e.kind, e.points)
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn cell(points: i32) -> String {
    if points == 0 {
        String::new()
    } else {
        points.to_string()
    }
}

const COL: usize = 8;

fn pad_row(out: &mut String, label: &str, we: &str, they: &str) {
    let row = format!("  {label:<8}{we:>COL$} | {they:<COL$}");
    let _ = writeln!(out, "{}", row.trim_end());
}

fn pad_rule(out: &mut String, ch: char, note: &str) {
    let bar: String = std::iter::repeat_n(ch, COL + 1).collect();
    let row = format!("  {:<8}{bar}+{bar} {note}", "");
    let _ = writeln!(out, "{}", row.trim_end());
}

/// Writes two columns of figures side by side, as many rows as the longer column.
fn pad_columns(out: &mut String, we: &[i32], they: &[i32], bottom_aligned: bool) {
    let rows = we.len().max(they.len());
    let get = |col: &[i32], r: usize| -> String {
        let r = if bottom_aligned {
            (r + col.len()).checked_sub(rows)
        } else {
            Some(r)
        };
        r.and_then(|r| col.get(r))
            .map(|p| p.to_string())
            .unwrap_or_default()
    };
    for r in 0..rows {
        pad_row(out, "", &get(we, r), &get(they, r));
    }
}

/// A rubber bridge party's pads as text: each rubber's score sheet and pad, and the
/// party's total.
pub fn draw_rubber_party(party: &RubberParty) -> String {
    let mut out = String::new();
    let s = party.settings;
    let _ = writeln!(
        out,
        "Rubber bridge: insult bonus {}, differences {}",
        if s.insult { "on" } else { "off" },
        if s.carry_difference {
            "carried into the next rubber"
        } else {
            "not carried"
        }
    );
    for rubber in &party.rubbers {
        let _ = writeln!(out);
        let _ = writeln!(out, "Rubber {}", rubber.number);
        draw_rubber_sheet(&mut out, rubber);
        let _ = writeln!(out);
        draw_rubber_pad(&mut out, rubber);
        let result = match rubber.winner() {
            Some(w) => format!("{} won rubber {}", side_name(w), rubber.number),
            None => format!("Rubber {} unfinished", rubber.number),
        };
        let _ = writeln!(
            out,
            "  {result}; {}.",
            lowercase_first(&outcome(rubber.standing()))
        );
    }
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "Party of {} rubber{}: {}.",
        party.rubbers.len(),
        if party.rubbers.len() == 1 { "" } else { "s" },
        outcome(party.standing())
    );
    out
}

/// A rubber's deals as rows of its score sheet (see [`sheet_row`]): a difference carried
/// from the rubber before, each deal, and what was scored when it was left unfinished.
fn draw_rubber_sheet(out: &mut String, rubber: &klaver_core::rubber::Rubber) {
    let head = [
        "Deal", "Contract", "Vul", "We", "They", "We tot", "They tot",
    ];
    sheet_row(out, head, "Entries");
    let mut running = Standing::default();
    if let Some(c) = rubber.carried {
        running.add(c.side, c.points);
        let (we, they) = (cell(running.we), cell(running.they));
        let totals = (running.we.to_string(), running.they.to_string());
        let carried = format!("{} carried from rubber {}", c.side, rubber.number - 1);
        sheet_row(
            out,
            ["", "carried", "", &we, &they, &totals.0, &totals.1],
            &carried,
        );
    }
    for d in &rubber.deals {
        running = running + d.standing();
        let number = d.number.to_string();
        let contract = deal_text(match d.deal {
            RubberDeal::PassedOut => None,
            RubberDeal::Played { play, .. } => Some(play),
        });
        let vul = d.vulnerability.to_string();
        let (we, they) = (cell(d.standing().we), cell(d.standing().they));
        let totals = (running.we.to_string(), running.they.to_string());
        let entries = entry_detail(&d.entries, true) + &deal_note(d);
        let cells = [&number, &contract, &vul, &we, &they, &totals.0, &totals.1];
        sheet_row(out, cells.map(String::as_str), &entries);
    }
    if !rubber.closing.is_empty() {
        let closing = Standing::of(&rubber.closing);
        running = running + closing;
        let (we, they) = (cell(closing.we), cell(closing.they));
        let totals = (running.we.to_string(), running.they.to_string());
        let entries = entry_detail(&rubber.closing, false);
        sheet_row(
            out,
            ["", "unfinished", "", &we, &they, &totals.0, &totals.1],
            &entries,
        );
    }
}

/// One row of a rubber's score sheet: the deal, its contract and vulnerability, each
/// side's points on it and their running totals, then what was entered.
fn sheet_row(out: &mut String, cells: [&str; 7], entries: &str) {
    let [deal, contract, vul, we, they, we_total, they_total] = cells;
    let _ = writeln!(
        out,
        "  {deal:>4}  {contract:<16} {vul:<5} {we:>6} {they:>6} {we_total:>8} {they_total:>8}  {entries}"
    );
}

fn lowercase_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_lowercase().chain(c).collect(),
        None => String::new(),
    }
}

fn deal_note(d: &RubberDealScore) -> String {
    match (d.game_won, d.rubber_won) {
        (_, Some(w)) => format!("  [game and rubber: {w}]"),
        (Some(w), None) => format!("  [game: {w}]"),
        _ => String::new(),
    }
}

fn draw_rubber_pad(out: &mut String, rubber: &klaver_core::rubber::Rubber) {
    pad_row(out, "", "We", "They");
    pad_rule(out, '-', "");
    // Above the line: the first figure sits just above the line, later ones higher up.
    let above: Vec<&Entry> = rubber
        .entries()
        .filter(|e| !e.kind.below_the_line())
        .collect();
    let column = |side: PadSide| -> Vec<i32> {
        above
            .iter()
            .rev()
            .filter(|e| e.side == side)
            .map(|e| e.points)
            .collect()
    };
    pad_columns(out, &column(PadSide::We), &column(PadSide::They), true);
    pad_rule(out, '=', "");
    // Below the line: one block per game, closed by a line when the game is won.
    let games = rubber.deals.iter().map(|d| d.game).max().unwrap_or(0);
    let mut ruled = false;
    for game in 0..=games {
        let deals: Vec<&RubberDealScore> = rubber.deals.iter().filter(|d| d.game == game).collect();
        let below = |side: PadSide| -> Vec<i32> {
            deals
                .iter()
                .flat_map(|d| d.entries.iter())
                .filter(|e| e.side == side && e.kind == EntryKind::TrickScore)
                .map(|e| e.points)
                .collect()
        };
        let (we, they) = (below(PadSide::We), below(PadSide::They));
        if we.is_empty() && they.is_empty() {
            continue;
        }
        pad_columns(out, &we, &they, false);
        ruled = false;
        if let Some(w) = deals.iter().find_map(|d| d.game_won) {
            pad_rule(out, '-', &format!("game {}: {w}", game + 1));
            ruled = true;
        }
    }
    if !ruled {
        pad_rule(out, '-', "");
    }
    let total = rubber.standing();
    pad_row(out, "Total", &total.we.to_string(), &total.they.to_string());
}

/// A Chicago's pad as text: each deal, its scores, and the running totals.
pub fn draw_chicago(pad: &ChicagoPad) -> String {
    let mut out = String::new();
    let s = pad.settings();
    let order = match s.order {
        VulnerabilityOrder::Dealer => "dealer's side",
        VulnerabilityOrder::NonDealer => "non-dealer's side",
    };
    let _ = writeln!(
        out,
        "Chicago, {} scoring; {order} vulnerable on deals 2 and 3; insult bonus {}",
        s.variant,
        if s.insult_scored() { "on" } else { "off" }
    );
    let _ = writeln!(out);
    let original = s.variant == ChicagoVariant::Original;
    let _ = writeln!(
        out,
        "  {:>4}  {:<6} {:<16} {:>6} {:>6} {:>8} {:>8}  Entries",
        "Deal", "Vul", "Contract", "We", "They", "We tot", "They tot"
    );
    for d in pad.deals() {
        let st = d.standing();
        let _ = writeln!(
            out,
            "  {:>4}  {:<6} {:<16} {:>6} {:>6} {:>8} {:>8}  {}{}",
            d.number,
            d.vulnerability.to_string(),
            deal_text(d.play),
            cell(st.we),
            cell(st.they),
            d.running.we,
            d.running.they,
            entry_detail(&d.entries, original),
            chicago_note(d)
        );
        if d.position == 4 {
            let _ = writeln!(out, "  {}", "-".repeat(66));
        }
    }
    if !pad.block_complete() {
        let _ = writeln!(
            out,
            "  (block of four incomplete: {} of 4 deals played)",
            pad.deals().len() % 4
        );
    }
    let _ = writeln!(out);
    let _ = writeln!(out, "{}.", outcome(pad.standing()));
    out
}

fn chicago_note(d: &ChicagoDealScore) -> String {
    match d.game_won {
        Some(w) => format!("  [game: {w}]"),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use klaver_core::contract::Doubling;

    fn deal(text: &str, lang: Language) -> PadPlay {
        match parse_line(text, lang, true) {
            Ok((Some(play), _)) => play,
            other => panic!("{text}: {other:?}"),
        }
    }

    fn contract(level: u8, strain: Strain, doubling: Doubling) -> Contract {
        Contract::new(level, strain, doubling).unwrap()
    }

    /// A deal's result is read as `klaver contract` reads it in the chosen notation,
    /// words and all, not only the last word on the line.
    #[test]
    fn result_words_of_each_notation() {
        let cases = [
            (
                "siz 6 Karo kontur 2 batar",
                Language::Turkish,
                PadSide::They,
                contract(6, Strain::Diamonds, Doubling::Doubled),
                10,
            ),
            (
                "biz 2 SA 1 fazla",
                Language::Turkish,
                PadSide::We,
                contract(2, Strain::NoTrump, Doubling::Undoubled),
                9,
            ),
            (
                "biz 4 Pik kontur 1 fazla honours biz 100",
                Language::Turkish,
                PadSide::We,
                contract(4, Strain::Spades, Doubling::Doubled),
                11,
            ),
            (
                "zij 6R! -2",
                Language::Dutch,
                PadSide::They,
                contract(6, Strain::Diamonds, Doubling::Doubled),
                10,
            ),
            (
                "wij 4S C",
                Language::Dutch,
                PadSide::We,
                contract(4, Strain::Spades, Doubling::Undoubled),
                10,
            ),
            (
                "they 4 S X -2",
                Language::English,
                PadSide::They,
                contract(4, Strain::Spades, Doubling::Doubled),
                8,
            ),
        ];
        for (text, lang, side, contract, tricks) in cases {
            let play = deal(text, lang);
            assert_eq!(
                (play.declarer(), play.contract(), play.tricks()),
                (side, contract, tricks),
                "{text}"
            );
        }
    }

    /// A small bare number was read as tricks taken without a word (`we 4S 1` as 4S down
    /// 9), where a person may mean made, over or down: said on its line as the travellers
    /// CSV says it. A result written `=`, `+N` or `-N`, or tricks of 8 or more, is not.
    #[test]
    fn a_small_number_read_as_tricks_taken_is_said() {
        let pad = "we 4S 1\nthey 3NT 7\nwe 2NT 9\nwe 4S -9\nthey 1C 4 # a comment\nwe 4S 10 honours we 100\nthey 2H 8\n";
        let (deals, notes) = read_deals(pad.as_bytes(), Language::English, true).unwrap();
        assert_eq!(deals.len(), 7);
        let said: Vec<_> = notes.iter().map(|n| (n.line, n.message.as_str())).collect();
        assert_eq!(
            said,
            [
                (
                    Some(1),
                    "1 is read as 1 trick taken: we 4S-9; write = or +N / -N for made / over / down, or 4S -9 to keep this reading"
                ),
                (
                    Some(2),
                    "7 is read as 7 tricks taken: they 3NT-2; write = or +N / -N for made / over / down, or 3NT -2 to keep this reading"
                ),
                (
                    Some(5),
                    "4 is read as 4 tricks taken: they 1C-3; write = or +N / -N for made / over / down, or 1C -3 to keep this reading"
                ),
            ]
        );
        // The same words in Dutch: a contract in its notation.
        let (_, notes) = read_deals(b"wij 4S 1\n", Language::Dutch, true).unwrap();
        assert_eq!(notes.len(), 1, "{notes:?}");
    }

    #[test]
    fn a_short_last_chicago_block_is_named() {
        assert_eq!(short_block(4), None);
        assert_eq!(short_block(8), None);
        let three = short_block(3).unwrap();
        assert!(
            three.starts_with("the last block has 3 of its 4 deals (deals 1-3; 3 deals in all)"),
            "{three}"
        );
        let five = short_block(5).unwrap();
        assert!(
            five.starts_with("the last block has 1 of its 4 deals (deal 5; 5 deals in all)"),
            "{five}"
        );
    }

    #[test]
    fn words_after_a_result_of_several_words_are_named() {
        let err = parse_line("biz 2 SA 1 fazla ek", Language::Turkish, true).unwrap_err();
        assert!(
            err.starts_with("nothing more after the result \"1 fazla\", not \"ek\""),
            "{err}"
        );
        // `batar` is a Turkish word: in English it follows a result.
        let err = parse_line("we 6DX 2 batar", Language::English, true).unwrap_err();
        assert!(
            err.starts_with("nothing more after the result \"2\", not \"batar\""),
            "{err}"
        );
    }
}
