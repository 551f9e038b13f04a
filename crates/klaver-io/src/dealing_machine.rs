//! The files dealing machines read: Duplimate's `.dup` and Dealer4's `.dlm`.
//!
//! Both layouts are taken from Hans van Staveren's Big Deal, which writes them for the
//! machines (github.com/hansvanstaveren/BigDeal, `output.c`, commit
//! 0146b0021a8f1c949b02c8e5051e8c682bf6eab8, functions `print_dup_common` and
//! `print_dlm`), and from Duplimate's own description as summarised in
//! njhammond/hand_record_utility `DESIGN.md`. Cards are numbered 1 (ace of spades) to 52
//! (two of clubs).
//!
//! - `.dup`: 156 bytes a board, no line breaks: North's, East's and South's 13 cards as
//!   two-digit numbers (78 bytes; West has the rest), the four hands again as suit
//!   symbols (DOS characters 6 3 4 5) and rank letters (68 bytes), then `Y` (random
//!   hands), `N` (not backwards), the first board (3 bytes), the copies (2 bytes) and the
//!   last board (3 bytes), each left-aligned and padded with spaces.
//! - `.dlm`: text; a `[Document]` header with the board range and a checksum, then for
//!   each of the boards 1 to 99 a `Duplicates NN=0` line and a `Board NN=` line of 26
//!   letters (two cards each: `a` + 4 × the first card's seat + the second's, seats N 0,
//!   E 1, S 2, W 3) and a three-digit checksum (the board number XOR every letter).
//!   Boards outside the range are filled with a sorted deal.

use crate::hand_record::{BoardRecord, HandRecord, ReadHandRecord};
use klaver_core::session::Diagnostic;
use klaver_core::{Board, Seat};
use klaver_deal::card::Card;
use klaver_deal::{Deal, Suit};
use std::collections::BTreeMap;

/// Bytes of one board in a `.dup` file.
pub const DUP_RECORD: usize = 156;
/// The highest board a `.dlm` file holds.
pub const DLM_LAST_BOARD: u32 = 99;
/// The highest board a `.dup` file can number (three digits).
pub const DUP_LAST_BOARD: u32 = 999;

/// The boards must be numbered one after another: a machine deals them in order.
fn check_run(record: &HandRecord, last: u32, format: &str) -> Result<(u32, u32), String> {
    let first = record
        .boards
        .first()
        .ok_or("there are no boards to write")?;
    let lo = first.board.number();
    for (k, b) in record.boards.iter().enumerate() {
        if b.board.number() != lo + k as u32 {
            return Err(format!(
                "board {} follows board {}: a {format} file holds boards numbered one after another",
                b.board.number(),
                lo + k as u32 - 1
            ));
        }
    }
    let hi = lo + record.boards.len() as u32 - 1;
    if hi > last {
        return Err(format!(
            "a {format} file holds boards up to {last}, not {hi}"
        ));
    }
    Ok((lo, hi))
}

/// What a dealing machine's file (`format`: ".dup" or ".dlm") has no place for: a board's
/// dealer and vulnerability other than its number's. One message a board.
pub fn not_kept(record: &HandRecord, format: &str) -> Vec<String> {
    let said = |b: &BoardRecord| {
        let seat = klaver_deal::deal::seat_letter;
        format!(
            "dealer {}, vulnerability {}",
            seat(b.dealer),
            crate::pbn::vul_value(b.vulnerability)
        )
    };
    let mut out: Vec<String> = record
        .boards
        .iter()
        .filter(|b| b.dealer != b.board.dealer() || b.vulnerability != b.board.vulnerability())
        .map(|b| {
            let n = b.board.number();
            let by_number = BoardRecord::new(b.board, b.deal);
            format!(
                "board {n} has {}, which a {format} file has no place for: the machine's board {n} goes by its number ({})",
                said(b),
                said(&by_number)
            )
        })
        .collect();
    let analysed = record
        .boards
        .iter()
        .filter(|b| b.analysis.is_some())
        .count();
    if analysed > 0 {
        out.push(format!(
            "the analysis of {analysed} board{} (tricks and par) is not written: a {format} file holds the hands alone; write PBN, HTML or PDF to keep it",
            if analysed == 1 { "" } else { "s" }
        ));
    }
    out
}

fn pad3(n: u32) -> String {
    format!("{n:<3}")
}

fn suit_byte(suit: Suit) -> u8 {
    [6, 3, 4, 5][suit.index()]
}

/// The `.dup` file of these boards.
pub fn to_dup(record: &HandRecord) -> Result<Vec<u8>, String> {
    let (lo, hi) = check_run(record, DUP_LAST_BOARD, ".dup")?;
    let mut out = Vec::with_capacity(record.boards.len() * DUP_RECORD);
    for b in &record.boards {
        for seat in [Seat::North, Seat::East, Seat::South] {
            for card in b.deal.hand(seat) {
                out.extend(format!("{:02}", card.index() + 1).bytes());
            }
        }
        for seat in Seat::ALL {
            for suit in Suit::ALL {
                out.push(suit_byte(suit));
                out.extend(b.deal.holding(seat, suit).bytes());
            }
        }
        out.extend(format!("YN{}0 {}", pad3(lo), pad3(hi)).bytes());
    }
    Ok(out)
}

/// Reads a `.dup` file: the boards from its lowest board on. Every record's last ten
/// bytes must be alike, or zero bytes after the first record's (as deal-convert writes
/// the set in the first record only), and the records as many as the boards they say
/// the set holds.
pub fn read_dup(data: &[u8]) -> Result<HandRecord, String> {
    if data.is_empty() || !data.len().is_multiple_of(DUP_RECORD) {
        return Err(format!(
            "a .dup file is made of {DUP_RECORD}-byte boards, but this one has {} bytes",
            data.len()
        ));
    }
    let records: Vec<&[u8]> = data.chunks(DUP_RECORD).collect();
    let set = dup_trailer(records[0]).map_err(|e| format!("board record 1 (byte 0): {e}"))?;
    let count = set.highest - set.lowest + 1;
    if records.len() as u32 != count {
        return Err(format!(
            "the file has {} board records, but they say the set is boards {} to {}: the file is damaged or cut short",
            records.len(),
            set.lowest,
            set.highest
        ));
    }
    let mut boards = Vec::new();
    for (k, rec) in records.iter().enumerate() {
        let at = |e: String| format!("board record {} (byte {}): {e}", k + 1, k * DUP_RECORD);
        let unmarked = k > 0 && rec[146..].iter().all(|&b| b == 0);
        if rec[146..] != records[0][146..] && !unmarked {
            return Err(at(format!(
                "its last ten bytes {:?} are not those of record 1, {:?}: the file mixes two sets",
                String::from_utf8_lossy(&rec[146..]),
                String::from_utf8_lossy(&records[0][146..])
            )));
        }
        let board = Board::new(set.lowest + k as u32).map_err(|e| at(e.to_string()))?;
        let deal = dup_deal(rec).map_err(at)?;
        boards.push(BoardRecord::new(board, deal));
    }
    Ok(HandRecord {
        boards,
        ..HandRecord::default()
    })
}

/// The boards of the set a `.dup` record's last ten bytes describe.
struct DupSet {
    lowest: u32,
    highest: u32,
}

/// A `.dup` record's last ten bytes (Duplimate's description): random hands `Y`/`N`,
/// counting backwards `Y`/`N`, the lowest board (3 bytes), the copies of each board (2)
/// and the highest board (3), each left-aligned and padded with spaces.
fn dup_trailer(rec: &[u8]) -> Result<DupSet, String> {
    let t = &rec[146..];
    let yes_no = |k: usize, what: &str| match t[k] {
        b'Y' => Ok(true),
        b'N' => Ok(false),
        b => Err(format!(
            "byte {} ({what}) is {:?}, not Y or N",
            147 + k,
            char::from(b)
        )),
    };
    yes_no(0, "random hands")?;
    if yes_no(1, "counting backwards")? {
        return Err(
            "the set counts backwards (byte 148 is Y), which klaver does not read: write the file with the boards counting up".into(),
        );
    }
    let lowest = number_field(&t[2..5], "the lowest board")?;
    number_field(&t[5..7], "the copies of each board")?;
    let highest = number_field(&t[7..10], "the highest board")?;
    if lowest == 0 || highest < lowest {
        return Err(format!(
            "the set runs from board {lowest} to board {highest}"
        ));
    }
    Ok(DupSet { lowest, highest })
}

fn number_field(bytes: &[u8], what: &str) -> Result<u32, String> {
    let text = String::from_utf8_lossy(bytes);
    let digits = text.trim_matches(' ');
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("{text:?} is not a number ({what})"));
    }
    digits
        .parse()
        .map_err(|_| format!("{text:?} is not a number ({what})"))
}

/// The deal of one `.dup` record, checked against its second copy of the hands.
fn dup_deal(rec: &[u8]) -> Result<Deal, String> {
    let mut hands: [Vec<Card>; 4] = Default::default();
    for (i, pair) in rec[..78].chunks(2).enumerate() {
        let text = String::from_utf8_lossy(pair);
        let card = text
            .parse::<usize>()
            .ok()
            .and_then(|n| n.checked_sub(1))
            .and_then(Card::from_index)
            .ok_or_else(|| format!("{text:?} is not a card number (01-52)"))?;
        hands[i / 13].push(card);
    }
    let held: Vec<Card> = hands[..3].concat();
    hands[3] = (0..52)
        .filter_map(Card::from_index)
        .filter(|c| !held.contains(c))
        .collect();
    let deal = Deal::from_hands([&hands[0], &hands[1], &hands[2], &hands[3]])
        .map_err(|e| e.to_string())?;
    let second = &rec[78..146];
    if second.iter().any(|b| *b != b' ') && second != dge(&deal).as_slice() {
        return Err("its two copies of the hands disagree".to_string());
    }
    Ok(deal)
}

fn dge(deal: &Deal) -> Vec<u8> {
    let mut out = Vec::with_capacity(68);
    for seat in Seat::ALL {
        for suit in Suit::ALL {
            out.push(suit_byte(suit));
            out.extend(deal.holding(seat, suit).bytes());
        }
    }
    out
}

/// The 26 letters and the checksum of a board in a `.dlm` file.
fn dlm_cards(number: u32, deal: &Deal) -> String {
    let mut letters = String::with_capacity(29);
    let mut checksum = number;
    for pair in 0..26 {
        let seat = |i: usize| Card::from_index(i).map_or(0, |c| deal.owner(c) as u8);
        let c = b'a' + (seat(2 * pair) << 2) + seat(2 * pair + 1);
        letters.push(char::from(c));
        checksum ^= u32::from(c);
    }
    letters.push_str(&format!("{checksum:03}"));
    letters
}

/// The sorted deal a `.dlm` file holds for a board it does not use.
fn filler_deal() -> Deal {
    let owners: [Seat; 52] = std::array::from_fn(|i| Seat::ALL[i / 13]);
    Deal::from_owners(&owners).unwrap_or_else(|_| unreachable!("13 cards to each seat"))
}

/// The `.dlm` file of these boards (lines end in CR LF).
pub fn to_dlm(record: &HandRecord) -> Result<String, String> {
    let (lo, hi) = check_run(record, DLM_LAST_BOARD, ".dlm")?;
    let mut out = String::new();
    let show = 1;
    for line in [
        "[Document]".to_string(),
        "Headline=Generated by klaver".to_string(),
        "Status=Show".to_string(),
        "Duplicates=0".to_string(),
        format!("From board={lo}"),
        format!("To board={hi}"),
        "Next board to duplimate=0".to_string(),
        "PrintOuts=0".to_string(),
        "Crypto key=0".to_string(),
        format!("Checksum={}", lo ^ hi ^ show),
    ] {
        out.push_str(&line);
        out.push_str("\r\n");
    }
    let filler = filler_deal();
    for n in 1..=DLM_LAST_BOARD {
        let deal = match n.checked_sub(lo) {
            Some(k) if n <= hi => &record.boards[k as usize].deal,
            _ => &filler,
        };
        out.push_str(&format!(
            "Duplicates {n:02}=0\r\nBoard {n:02}={}\r\n",
            dlm_cards(n, deal)
        ));
    }
    Ok(out)
}

/// Reads a `.dlm` file: the boards of its range, and its header checked against the
/// header's checksum. Every board of the range must be there once; every board line, in
/// the range or filling the rest, must be 26 letters and the checksum they give; a header
/// line given twice is damage. A line or section klaver does not know is a warning with
/// its line.
pub fn read_dlm(text: &str) -> Result<ReadHandRecord, String> {
    let mut header = DlmHeader::default();
    let mut lines: BTreeMap<u32, usize> = BTreeMap::new();
    let mut boards = Vec::new();
    let mut warnings = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let at = |e: String| format!("line {}: {e}", i + 1);
        let Some((key, value)) = line.trim().split_once('=') else {
            let t = line.trim();
            if t.is_empty() || t == "[Document]" {
                continue;
            }
            if t.starts_with('[') && t.ends_with(']') {
                let m = format!(
                    "the section {t} is not read: a .dlm file has one, [Document]; check that it does not change the boards"
                );
                warnings.push(Diagnostic::warning(i as u32 + 1, None, m));
                continue;
            }
            return Err(at(format!(
                "{t:?} is not a line of a .dlm file (a [section] or Name=value): the file is damaged"
            )));
        };
        let Some(number) = key.trim().strip_prefix("Board ") else {
            if !header.read(key.trim(), value, i + 1).map_err(at)? {
                let m = format!(
                    "{} is not read: klaver reads the lines Big Deal and deal-convert write in a .dlm file; check that it does not change the boards",
                    line.trim()
                );
                warnings.push(Diagnostic::warning(i as u32 + 1, None, m));
            }
            continue;
        };
        let n = dlm_range_end(&format!("Board {}", number.trim()), number).map_err(at)?;
        if let Some(first) = lines.insert(n, i + 1) {
            return Err(at(format!(
                "board {n} is given a second time (first at line {first}): the file is damaged"
            )));
        }
        let (lo, hi) = header.range().map_err(at)?;
        // A board outside the range is the machine's filler, yet its line is checked as
        // the others are: a line its checksum does not bear out is damage, wherever it is.
        let board = dlm_board(n, value.trim()).map_err(at)?;
        if (lo..=hi).contains(&n) {
            boards.push(board);
        }
    }
    let (lo, hi) = header.check()?;
    if let Some(n) = (lo..=hi).find(|n| !lines.contains_key(n)) {
        return Err(format!(
            "board {n} has no Board line, though the file's range runs from board {lo} to {hi}: the file is damaged"
        ));
    }
    Ok(ReadHandRecord {
        record: HandRecord {
            boards,
            ..HandRecord::default()
        },
        warnings,
        ..ReadHandRecord::default()
    })
}

/// The `[Document]` header of a `.dlm` file: each value, with its line.
#[derive(Default)]
struct DlmHeader {
    from: Option<u32>,
    to: Option<u32>,
    show: Option<bool>,
    duplicates: Option<u32>,
    checksum: Option<(u32, usize)>,
    /// The line of each header line read, by its name.
    given: BTreeMap<String, usize>,
}

/// The header lines of a `.dlm` file that carry nothing klaver needs: Big Deal's and
/// deal-convert's (tests/data/dealing/deal-convert/test.dlm) headline, where the
/// machine stopped duplicating, how many print-outs were made, and each board's count
/// of copies made.
const DLM_PASSED_OVER: &[&str] = &["Headline", "Next board to duplimate", "PrintOuts"];

impl DlmHeader {
    /// Reads header line `key=value` on `line`: `false` for a line klaver does not know.
    /// A line given twice is damage.
    fn read(&mut self, key: &str, value: &str, line: usize) -> Result<bool, String> {
        let known = matches!(
            key,
            "From board" | "To board" | "Duplicates" | "Checksum" | "Status" | "Crypto key"
        ) || DLM_PASSED_OVER.contains(&key);
        if key.starts_with("Duplicates ") {
            return Ok(true);
        }
        if !known {
            return Ok(false);
        }
        if let Some(first) = self.given.insert(key.to_string(), line) {
            return Err(format!(
                "{key}={} is given a second time (first at line {first}): the file is damaged",
                value.trim()
            ));
        }
        self.value(key, value, line).map(|()| true)
    }

    fn value(&mut self, key: &str, value: &str, line: usize) -> Result<(), String> {
        let value = value.trim();
        let number = || {
            value
                .parse::<u32>()
                .map_err(|_| format!("{key}={value} is not a number"))
        };
        match key {
            "From board" => self.from = Some(dlm_range_end(&format!("{key}={value}"), value)?),
            "To board" => self.to = Some(dlm_range_end(&format!("{key}={value}"), value)?),
            "Duplicates" => self.duplicates = Some(number()?),
            "Checksum" => self.checksum = Some((number()?, line)),
            "Status" => {
                self.show = Some(match value {
                    "Show" => true,
                    "Sealed" => false,
                    _ => return Err(format!("Status={value} is not Show or Sealed")),
                });
            }
            "Crypto key" if value != "0" => {
                return Err(format!(
                    "the boards are encrypted (Crypto key={value}), which klaver cannot read"
                ));
            }
            _ => {}
        }
        Ok(())
    }

    /// The boards the file deals, once From board and To board are read.
    fn range(&self) -> Result<(u32, u32), String> {
        match (self.from, self.to) {
            (Some(lo), Some(hi)) if lo <= hi => Ok((lo, hi)),
            (Some(lo), Some(hi)) => Err(format!("From board={lo} is after To board={hi}")),
            _ => Err("a board comes before From board and To board".into()),
        }
    }

    /// The range, with the header's checksum checked (Big Deal's: the duplicates, the
    /// first and the last board XOR-ed, and 1 more XOR-ed in when the boards show).
    fn check(&self) -> Result<(u32, u32), String> {
        let (lo, hi) = self
            .range()
            .map_err(|_| "the file has no From board and To board".to_string())?;
        let (Some((sum, line)), Some(show), Some(dups)) =
            (self.checksum, self.show, self.duplicates)
        else {
            return Err(
                "the file's [Document] header has no Checksum, Status or Duplicates line".into(),
            );
        };
        let expected = dups ^ lo ^ hi ^ u32::from(show);
        if sum != expected {
            return Err(format!(
                "line {line}: the header's Checksum is {sum}, but its Duplicates, From board, To board and Status give {expected}: the header is damaged"
            ));
        }
        Ok((lo, hi))
    }
}

/// The first or last board of a `.dlm` file's range, or a board line's number: 1 to 99,
/// the most the format holds. `written`: the line's text, as the message quotes it.
fn dlm_range_end(written: &str, value: &str) -> Result<u32, String> {
    match dlm_number(value)? {
        n @ 1..=99 => Ok(n),
        _ => Err(format!(
            "{written}: a .dlm file holds boards 1 to 99; the file is damaged"
        )),
    }
}

fn dlm_number(text: &str) -> Result<u32, String> {
    Board::from_digits(text.trim())
        .map(Board::number)
        .ok_or_else(|| format!("{:?} is not a board number", text.trim()))
}

fn dlm_board(n: u32, value: &str) -> Result<BoardRecord, String> {
    let bytes = value.as_bytes();
    if bytes.len() != 29 || !bytes[..26].iter().all(|b| (b'a'..=b'p').contains(b)) {
        return Err(format!(
            "board {n}: {value:?} is not 26 letters a-p and a checksum"
        ));
    }
    let mut owners = [Seat::North; 52];
    for (pair, b) in bytes[..26].iter().enumerate() {
        let v = b - b'a';
        owners[2 * pair] = Seat::ALL[usize::from(v >> 2)];
        owners[2 * pair + 1] = Seat::ALL[usize::from(v & 3)];
    }
    let deal = Deal::from_owners(&owners).map_err(|e| format!("board {n}: {e}"))?;
    if dlm_cards(n, &deal) != value {
        return Err(format!(
            "board {n}: the checksum {:?} does not fit its cards",
            &value[26..]
        ));
    }
    let board = Board::new(n).map_err(|e| e.to_string())?;
    Ok(BoardRecord::new(board, deal))
}

#[cfg(test)]
mod tests {
    use super::*;
    use klaver_deal::DealRng;

    fn night(first: u32, count: usize) -> HandRecord {
        let deals = DealRng::from_seed(9).deals(count);
        let boards = deals
            .into_iter()
            .enumerate()
            .map(|(k, d)| BoardRecord::new(Board::new(first + k as u32).unwrap(), d))
            .collect();
        HandRecord {
            boards,
            ..HandRecord::default()
        }
    }

    #[test]
    fn dup_files_read_back_as_written() {
        let rec = night(5, 24);
        let bytes = to_dup(&rec).unwrap();
        assert_eq!(bytes.len(), 24 * DUP_RECORD);
        assert_eq!(&bytes[146..156], b"YN5  0 28 ");
        assert_eq!(read_dup(&bytes).unwrap().boards, rec.boards);
    }

    #[test]
    fn dlm_files_read_back_as_written() {
        let rec = night(3, 30);
        let text = to_dlm(&rec).unwrap();
        assert!(text.starts_with("[Document]\r\n"));
        assert!(text.contains("From board=3\r\nTo board=32\r\n"));
        assert!(text.contains(&format!("Checksum={}\r\n", 3 ^ 32 ^ 1)));
        assert_eq!(text.matches("Board ").count(), 99);
        assert_eq!(read_dlm(&text).unwrap().record.boards, rec.boards);
    }

    #[test]
    fn the_dlm_filler_is_big_deals() {
        // Big Deal writes board n of the filler as ...pppppp with checksum n ^ 14.
        assert_eq!(
            dlm_cards(7, &filler_deal()),
            format!("aaaaaabffffffkkkkkklpppppp{:03}", 7 ^ 14)
        );
    }

    /// A line that is not `Name=value` (a damaged line, `Board 12` cut before its `=`)
    /// is refused with its line, not skipped; a range past board 99 says a `.dlm` file
    /// holds at most 99 boards, on its line.
    #[test]
    fn a_line_the_format_has_not_is_refused_with_its_line() {
        let text = to_dlm(&night(1, 3)).unwrap();
        let garbage = text.replacen("Board 02=", "this line is garbage\r\nBoard 02=", 1);
        let err = read_dlm(&garbage).unwrap_err();
        assert!(
            err.starts_with("line 14: \"this line is garbage\" is not a line of a .dlm file"),
            "{err}"
        );
        let cut: String = text
            .lines()
            .map(|l| {
                if l.starts_with("Board 02=") {
                    "Board 02"
                } else {
                    l
                }
            })
            .collect::<Vec<_>>()
            .join("\r\n");
        let err = read_dlm(&cut).unwrap_err();
        assert!(
            err.starts_with("line 14: \"Board 02\" is not a line"),
            "{err}"
        );
        let extra = text.replace("Board 99=", "Board 100=");
        let err = read_dlm(&extra).unwrap_err();
        assert!(
            err.starts_with("line 208: Board 100: a .dlm file holds boards 1 to 99"),
            "{err}"
        );
        let wide = text.replace("To board=3", "To board=120");
        let err = read_dlm(&wide).unwrap_err();
        assert!(
            err.starts_with("line 6: To board=120: a .dlm file holds boards 1 to 99"),
            "{err}"
        );
    }

    /// A header line given twice was read as its last (`To board=17`, then `To board=12`
    /// with a checksum that fits 12: boards 13-17 dropped without a word); it is the
    /// damage it is. A line or section klaver does not know was passed over without a
    /// word: it is said with its line, and the boards are read.
    #[test]
    fn a_header_line_twice_is_refused_and_an_unknown_one_said() {
        let text = to_dlm(&night(1, 3)).unwrap();
        let twice = text.replacen("Checksum=", "To board=2\r\nChecksum=", 1);
        let err = read_dlm(&twice).unwrap_err();
        assert!(
            err.starts_with(
                "line 10: To board=2 is given a second time (first at line 6): the file is damaged"
            ),
            "{err}"
        );
        let unknown = text.replacen("PrintOuts=0", "PrintOuts=0\r\nFrobnicate=3", 1)
            + "[Other]\r\nFoo=bar\r\n";
        let read = read_dlm(&unknown).unwrap();
        assert_eq!(read.record.boards, night(1, 3).boards);
        let said: Vec<String> = read.warnings.iter().map(|d| d.to_string()).collect();
        assert_eq!(
            said,
            [
                "line 9: Frobnicate=3 is not read: klaver reads the lines Big Deal and deal-convert write in a .dlm file; check that it does not change the boards",
                "line 210: the section [Other] is not read: a .dlm file has one, [Document]; check that it does not change the boards",
                "line 211: Foo=bar is not read: klaver reads the lines Big Deal and deal-convert write in a .dlm file; check that it does not change the boards",
            ]
        );
    }

    /// A board range written with a sign was read as its number.
    #[test]
    fn a_board_number_with_a_sign_is_refused() {
        let text = to_dlm(&night(3, 2))
            .unwrap()
            .replace("From board=3", "From board=+3");
        let err = read_dlm(&text).unwrap_err();
        assert!(err.contains("\"+3\" is not a board number"), "{err}");
    }

    #[test]
    fn damaged_files_are_refused_with_the_place() {
        let rec = night(1, 2);
        let mut bytes = to_dup(&rec).unwrap();
        bytes[3] = b'x';
        assert!(read_dup(&bytes).unwrap_err().starts_with("board record 1"));
        assert!(read_dup(&bytes[..100]).is_err());
        let text = to_dlm(&rec).unwrap();
        let line = text.lines().find(|l| l.starts_with("Board 02=")).unwrap();
        let mut bad = line.to_string();
        bad.replace_range(9..10, if &line[9..10] == "a" { "b" } else { "a" });
        let err = read_dlm(&text.replace(line, &bad)).unwrap_err();
        assert!(err.contains("board 2"), "{err}");
        // A damaged filler line, outside the range, is refused by its line too.
        let filler = text.lines().find(|l| l.starts_with("Board 40=")).unwrap();
        let err = read_dlm(&text.replace(filler, "Board 40=abc")).unwrap_err();
        assert!(
            err.starts_with("line 90: board 40: \"abc\" is not 26"),
            "{err}"
        );
        assert!(to_dlm(&night(90, 12)).is_err());
    }
}
