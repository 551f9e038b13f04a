//! Hand records: the deals of a night, with each board's double-dummy table and par
//! when they were analysed, written as PBN (the tags Bridgewebs, BridgeComposer and the
//! dealing programs write: `DoubleDummyTricks`, `OptimumScore`, `ParContract` and the
//! `OptimumResultTable` of PBN 2.1 section 5.7).

pub use crate::hand_record_pbn::{read_pbn, read_published};
use crate::pbn::{pbn_date, quoted, vul_value};
use crate::published_analysis::PublishedAnalysis;
use klaver_core::session::Diagnostic;
use klaver_core::{Board, Seat, Vulnerability};
use klaver_deal::deal::seat_letter;
use klaver_deal::{DdTable, Deal, Par};
use std::collections::BTreeMap;

/// A board's double-dummy analysis.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// Tricks for each declarer in each strain.
    pub table: DdTable,
    /// The par for the board's vulnerability and dealer.
    pub par: Par,
}

/// One board of a hand record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardRecord {
    /// The board number.
    pub board: Board,
    /// The dealer: the board number's, unless a file read says otherwise.
    pub dealer: Seat,
    /// The vulnerability: the board number's, unless a file read says otherwise.
    pub vulnerability: Vulnerability,
    /// The four hands.
    pub deal: Deal,
    /// The analysis, when one was made.
    pub analysis: Option<Analysis>,
}

/// The boards of a night.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HandRecord {
    /// The event's name (PBN `Event`).
    pub title: String,
    /// The date as the club writes it (`2024-03-05`, `05/03/2024`), or empty.
    pub date: String,
    /// The boards in order.
    pub boards: Vec<BoardRecord>,
}

impl BoardRecord {
    /// A board without analysis.
    pub fn new(board: Board, deal: Deal) -> BoardRecord {
        BoardRecord {
            board,
            dealer: board.dealer(),
            vulnerability: board.vulnerability(),
            deal,
            analysis: None,
        }
    }

    /// The board with its table and par.
    pub fn analysed(mut self, table: DdTable) -> Result<BoardRecord, String> {
        let par = klaver_deal::par(&table, self.vulnerability, self.dealer)
            .map_err(|e| format!("board {}: {e}", self.board.number()))?;
        self.analysis = Some(Analysis { table, par });
        Ok(self)
    }
}

/// A hand record read from a file, with the analysis the file publishes.
#[derive(Debug, Clone, Default)]
pub struct ReadHandRecord {
    /// The boards.
    pub record: HandRecord,
    /// What the file publishes, by board number.
    pub published: BTreeMap<u32, PublishedAnalysis>,
    /// Warnings of reading, with their lines.
    pub warnings: Vec<Diagnostic>,
}

/// The boards of these deals whose four hands are all given, analysed on every core.
pub fn analyse_deals(
    deals: &BTreeMap<u32, crate::exchange::Deal>,
) -> Result<BTreeMap<u32, BoardRecord>, String> {
    let mut boards = Vec::new();
    for (n, d) in deals {
        if d.hands.iter().any(|h| h == "-") {
            continue;
        }
        let deal = Deal::from_pbn(&format!("N:{}", d.hands.join(" ")))
            .map_err(|e| format!("board {n}: {e}"))?;
        boards.push(BoardRecord::new(
            Board::new(*n).map_err(|e| e.to_string())?,
            deal,
        ));
    }
    let tables = klaver_deal::analyse_all(&boards.iter().map(|b| b.deal).collect::<Vec<_>>());
    boards
        .into_iter()
        .zip(tables)
        .map(|(b, t)| Ok((b.board.number(), b.analysed(t)?)))
        .collect()
}

/// Which of a board's hands are not given (`-`), as a message names them ("East's hand
/// is not given"); `None` when all four are. Such a board is not solved double dummy.
pub fn hands_not_given(deal: &crate::exchange::Deal) -> Option<String> {
    const SEATS: [&str; 4] = ["North", "East", "South", "West"];
    let missing: Vec<String> = SEATS
        .iter()
        .zip(&deal.hands)
        .filter(|(_, h)| *h == "-")
        .map(|(s, _)| format!("{s}'s"))
        .collect();
    match missing.as_slice() {
        [] => None,
        [one] => Some(format!("{one} hand is not given (\"-\")")),
        [most @ .., last] => Some(format!(
            "{} and {last} hands are not given (\"-\")",
            most.join(", ")
        )),
    }
}

/// The hands of a board as kept with a session: `N:` and the four hands as PBN writes
/// them, and its double-dummy tricks as `DoubleDummyTricks` once solved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeptDeal {
    /// The board number.
    pub board: u32,
    /// `N:AKQ.JT9.876.5432 ...`
    pub deal: String,
    /// The 20 hexadecimal digits of PBN's `DoubleDummyTricks`, when solved.
    pub tricks: Option<String>,
}

/// These deals solved double dummy on every core, as a session keeps them: each deal is
/// solved here once, and only its tricks are kept (its par follows from them).
pub fn solve_for_keeping(
    deals: &BTreeMap<u32, crate::exchange::Deal>,
) -> Result<Vec<KeptDeal>, String> {
    Ok(analyse_deals(deals)?
        .into_values()
        .map(|b| KeptDeal {
            board: b.board.number(),
            deal: b.deal.to_pbn(Seat::North),
            tricks: b.analysis.map(|a| a.table.to_pbn_tricks()),
        })
        .collect())
}

/// Kept deals as the reports take them: each board's hands, and its board record with
/// the table and par where the tricks were kept. A kept deal that does not read is an
/// error naming its board, never left out silently.
#[allow(clippy::type_complexity)]
pub fn from_kept(
    kept: &[KeptDeal],
) -> Result<
    (
        BTreeMap<u32, crate::exchange::Deal>,
        BTreeMap<u32, BoardRecord>,
    ),
    String,
> {
    let mut hands = BTreeMap::new();
    let mut records = BTreeMap::new();
    for k in kept {
        let deal = Deal::from_pbn(&k.deal).map_err(|e| format!("board {}: {e}", k.board))?;
        let board = Board::new(k.board).map_err(|e| e.to_string())?;
        let text = deal.to_pbn(Seat::North);
        let parts: Vec<&str> = text.trim_start_matches("N:").split(' ').collect();
        if let [n, e, s, w] = parts.as_slice() {
            hands.insert(
                k.board,
                crate::exchange::Deal {
                    hands: [n.to_string(), e.to_string(), s.to_string(), w.to_string()],
                },
            );
        }
        let record = BoardRecord::new(board, deal);
        let record = match &k.tricks {
            Some(t) => record.analysed(
                DdTable::from_pbn_tricks(t).map_err(|e| format!("board {}: {e}", k.board))?,
            )?,
            None => record,
        };
        records.insert(k.board, record);
    }
    Ok((hands, records))
}

/// The OptimumResultTable's column header.
pub const RESULT_TABLE_HEADER: &str = "Declarer;Denomination\\2R;Result\\2R";

/// The hand record as PBN 2.1 export text: the 15 tags of the mandatory tag set (the
/// unknown ones empty), and for an analysed board the double-dummy tricks, the optimum
/// score, the par contracts and the OptimumResultTable. Lines end in CR LF.
pub fn to_pbn(record: &HandRecord) -> String {
    let mut out = String::from("% PBN 2.1\r\n% EXPORT\r\n%Creator: klaver\r\n");
    for (k, b) in record.boards.iter().enumerate() {
        if k > 0 {
            out.push_str("\r\n");
        }
        for (name, value) in board_tags(record, b) {
            out.push_str(&format!("[{name} {}]\r\n", quoted(&value)));
        }
        if let Some(a) = &b.analysis {
            push_analysis(&mut out, a);
        }
    }
    out
}

fn board_tags(record: &HandRecord, b: &BoardRecord) -> [(&'static str, String); 15] {
    let dealer = b.dealer;
    [
        ("Event", record.title.clone()),
        ("Site", String::new()),
        ("Date", pbn_date(&record.date)),
        ("Board", b.board.number().to_string()),
        ("West", String::new()),
        ("North", String::new()),
        ("East", String::new()),
        ("South", String::new()),
        ("Dealer", seat_letter(dealer).to_string()),
        ("Vulnerable", vul_value(b.vulnerability).to_string()),
        ("Deal", b.deal.to_pbn(dealer)),
        ("Scoring", String::new()),
        ("Declarer", String::new()),
        ("Contract", String::new()),
        ("Result", String::new()),
    ]
}

/// A board's analysis as PBN tags, in the export format's order (by name): the tricks,
/// the OptimumResultTable (its column widths' backslashes doubled, as a string writes a
/// backslash), the optimum score and the par contracts.
pub(crate) fn push_analysis(out: &mut String, a: &Analysis) {
    // The export format's order: by tag name.
    let tag = |out: &mut String, name: &str, value: &str| {
        out.push_str(&format!("[{name} {}]\r\n", quoted(value)));
    };
    tag(out, "DoubleDummyTricks", &a.table.to_pbn_tricks());
    tag(out, "OptimumResultTable", RESULT_TABLE_HEADER);
    for row in a.table.optimum_result_rows() {
        out.push_str(&row);
        out.push_str("\r\n");
    }
    tag(out, "OptimumScore", &a.par.optimum_score());
    tag(out, "ParContract", &a.par.notation());
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(analysed: bool) -> HandRecord {
        let deal =
            Deal::from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
                .unwrap();
        let mut b = BoardRecord::new(Board::new(2).unwrap(), deal);
        if analysed {
            b = b.analysed(klaver_deal::analyse(&deal)).unwrap();
        }
        HandRecord {
            title: "Club night".into(),
            date: "2024-03-05".into(),
            boards: vec![b],
        }
    }

    #[test]
    fn pbn_export_has_the_mandatory_tags_and_the_dealer_first() {
        let text = to_pbn(&record(false));
        assert!(text.contains("[Board \"2\"]\r\n"));
        assert!(text.contains("[Dealer \"E\"]\r\n[Vulnerable \"NS\"]\r\n"));
        assert!(text.contains("[Deal \"E:.AKQJT98765432.. ..AKQJT98765432."));
        assert!(!text.contains("OptimumScore"));
    }

    #[test]
    fn an_analysed_board_carries_its_table_and_par() {
        let text = to_pbn(&record(true));
        assert!(
            text.contains("[DoubleDummyTricks \"0d0d00d0d000d0d00d0d\"]"),
            "{text}"
        );
        assert!(text.contains("[OptimumResultTable \"Declarer;Denomination\\\\2R;Result\\\\2R\"]\r\nN NT  0\r\nN  S 13\r\n"), "{text}");
        assert!(
            text.contains("[OptimumScore \"NS 2210\"]\r\n[ParContract \"NS 7S\"]"),
            "{text}"
        );
    }

    /// The export format orders the supplemental tags by name after the mandatory ones
    /// (PBN 2.1, 3.4), and writes a backslash in a string doubled (3.2): the analysis
    /// tags came in another order, and the OptimumResultTable's column widths with single
    /// backslashes.
    #[test]
    fn the_analysis_tags_follow_the_export_format() {
        let text = to_pbn(&record(true));
        let names: Vec<&str> = text
            .lines()
            .filter_map(|l| l.strip_prefix('['))
            .filter_map(|l| l.split(' ').next())
            .skip_while(|&n| n != "Result")
            .skip(1)
            .collect();
        let mut sorted = names.clone();
        sorted.sort_unstable();
        assert_eq!(names, sorted);
        assert_eq!(names.len(), 4, "{names:?}");
        assert!(
            text.contains(r#"[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]"#),
            "{text}"
        );
        // Read back, as the single backslashes other programs write are.
        let published = |text: &str| read_pbn(text.as_bytes()).unwrap().published[&2].clone();
        let single = text.replace(r"\\2R", r"\2R");
        assert_ne!(single, text);
        let (doubled, single) = (published(&text), published(&single));
        assert_eq!(doubled, single);
        assert_eq!(doubled.tricks.len(), 40);
    }

    #[test]
    fn the_hands_not_given_are_named() {
        let deal = |hands: [&str; 4]| crate::exchange::Deal {
            hands: hands.map(String::from),
        };
        let full = [
            "AKQJT98765432...",
            ".AKQJT98765432..",
            "..AKQJT98765432.",
            "...AKQJT98765432",
        ];
        assert_eq!(hands_not_given(&deal(full)), None);
        let east = deal([full[0], "-", full[2], full[3]]);
        assert_eq!(
            hands_not_given(&east).as_deref(),
            Some("East's hand is not given (\"-\")")
        );
        let three = deal(["-", "-", full[2], "-"]);
        assert_eq!(
            hands_not_given(&three).as_deref(),
            Some("North's, East's and West's hands are not given (\"-\")")
        );
    }

    /// A deal with a hand not given refuses a hand record, but costs no other board the
    /// figures it publishes.
    #[test]
    fn the_published_figures_outlive_a_deal_without_all_hands() {
        let text = "[Board \"1\"]\n[Deal \"N:AKQJT98765432... - ..AKQJT98765432. ...AKQJT98765432\"]\n\
                    [OptimumScore \"NS 600\"]\n\n[Board \"2\"]\n[OptimumScore \"EW 110\"]\n";
        assert!(read_pbn(text.as_bytes()).is_err());
        let (published, warnings) = read_published(text.as_bytes()).unwrap();
        assert_eq!(published.keys().copied().collect::<Vec<_>>(), [1, 2]);
        assert_eq!(published[&1].optimum_score, Some((600, 3)));
        assert!(warnings.is_empty(), "{warnings:?}");
    }
}
