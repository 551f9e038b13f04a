//! The printable hand record: every board's hand diagram with each hand's high-card
//! points, and, when the boards were analysed, the double-dummy table and the par. As
//! one HTML page (boards in a grid, six to an A4 sheet when printed) and as a PDF (A4,
//! three boards across and two down, laid out by [`crate::pdf`] with its embedded
//! font).

use crate::hand_record::{Analysis, BoardRecord, HandRecord};
use crate::html::escape;
use crate::pdf::{Block, Column, Grid, PdfDocument, PdfError, Span, Table, Tone};
use crate::report::{ReportLang, Word, vul_text};
use klaver_core::notation;
use klaver_core::{Seat, Side, Strain};
use klaver_deal::analysis::{PBN_DECLARERS, PBN_STRAINS};
use klaver_deal::{ParContract, Suit};
use std::fmt::Write as _;

fn seat_name(seat: Seat, l: ReportLang) -> &'static str {
    notation::seat_name(seat, l.notation())
}

fn seat_letter(seat: Seat, l: ReportLang) -> &'static str {
    notation::seat_letter(seat, l.notation())
}

/// The document's title when the event has no name.
fn hand_record_word(l: ReportLang) -> &'static str {
    match l {
        ReportLang::En => "Hand record",
        ReportLang::Nl => "Spelverdelingen",
        ReportLang::Tr => "El dağılımları",
    }
}

/// "Board 5 · Dealer North · Vulnerable NS", in the report's language.
fn board_title(b: &BoardRecord, l: ReportLang) -> (String, String) {
    (
        format!("{} {}", l.word(Word::Board), b.board.number()),
        format!(
            "{} {} · {} {}",
            l.word(Word::Dealer),
            seat_name(b.dealer, l),
            l.word(Word::Vulnerable),
            vul_text(b.vulnerability, l)
        ),
    )
}

/// The strain as a table heading: notrump as the page's language writes it (NT, Dutch and
/// Turkish SA), or the suit symbol.
fn strain_heading(s: Strain, l: ReportLang) -> String {
    match s {
        Strain::NoTrump if l == ReportLang::En => "NT".to_string(),
        Strain::NoTrump => "SA".to_string(),
        Strain::Spades => '♠'.to_string(),
        Strain::Hearts => '♥'.to_string(),
        Strain::Diamonds => '♦'.to_string(),
        Strain::Clubs => '♣'.to_string(),
    }
}

/// "Par NS 420: NS 4S" in the page's notation: Dutch "Par NZ 420: NZ 4S", Turkish
/// "Par K-G 420: K-G 4 Pik".
fn par_line(a: &Analysis, l: ReportLang) -> String {
    let (ns, ew) = l.sides();
    let score = match a.par.score {
        s if s < 0 => format!("{ew} {}", -s),
        s => format!("{ns} {s}"),
    };
    let contracts: Vec<String> = a.par.contracts.iter().map(|c| par_contract(c, l)).collect();
    let contracts = match l {
        _ if !contracts.is_empty() => contracts.join("; "),
        ReportLang::En => "Pass".to_string(),
        ReportLang::Nl | ReportLang::Tr => "Pas".to_string(),
    };
    format!("Par {score}: {contracts}")
}

/// One par contract: its side (or declarer), the contract and the over- or undertricks.
fn par_contract(c: &ParContract, l: ReportLang) -> String {
    let (ns, ew) = l.sides();
    let who = match c.declarers[..] {
        [one] => seat_letter(one, l),
        [first, ..] if first.side() == Side::NorthSouth => ns,
        _ => ew,
    };
    let contract = notation::format_contract(c.contract, l.notation());
    let result = match c.result {
        0 => String::new(),
        r if l == ReportLang::Tr => format!(" {r:+}"),
        r => format!("{r:+}"),
    };
    format!("{who} {contract}{result}")
}

/// The hand's suits, one line each: `♠ AQ94`, `—` for a void.
fn suit_lines(b: &BoardRecord, seat: Seat) -> Vec<(Suit, String)> {
    Suit::ALL
        .iter()
        .map(|s| {
            let h = b.deal.holding(seat, *s);
            (*s, if h.is_empty() { "—".to_string() } else { h })
        })
        .collect()
}

// ---------------------------------------------------------------------------------------
// HTML

const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:1rem;color:#111}\
h1{font-size:1.4rem;margin:0 0 .2rem}.meta{color:#555;margin:0 0 1rem}\
.boards{display:grid;grid-template-columns:repeat(auto-fill,minmax(17rem,1fr));gap:.8rem}\
.board{border:1px solid #999;border-radius:4px;padding:.5rem;break-inside:avoid}\
.board h2{font-size:1rem;margin:0}.board .sub{color:#555;font-size:.8rem}\
.deal{display:grid;grid-template-columns:1fr 1fr 1fr;font-size:.85rem;margin:.3rem 0}\
.n{grid-column:2}.w{grid-column:1}.c{grid-column:2;text-align:center;align-self:center;color:#555}\
.e{grid-column:3}.s{grid-column:2}.red{color:#c00}\
table{border-collapse:collapse;font-size:.8rem}td,th{border:1px solid #bbb;padding:0 .35rem;text-align:center}\
.par{font-size:.85rem;margin:.3rem 0 0}\
@page{size:A4;margin:12mm}@media print{body{margin:0}.boards{grid-template-columns:1fr 1fr}\
.board:nth-child(6n){break-after:page}}";

/// The hand record as one self-contained HTML page, labelled in the report language.
pub fn html(record: &HandRecord, l: ReportLang) -> String {
    let title = if record.title.is_empty() {
        hand_record_word(l).to_string()
    } else {
        record.title.clone()
    };
    let mut out = String::with_capacity(4096 + record.boards.len() * 2048);
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"{code}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{t}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<h1>{t}</h1>\n",
        code = l.code(),
        t = escape(&title)
    );
    let mut meta = vec![l.boards(record.boards.len())];
    if !record.date.is_empty() {
        meta.insert(0, escape(&record.date));
    }
    let _ = writeln!(
        out,
        "<p class=\"meta\">{}</p>\n<div class=\"boards\">",
        meta.join(" · ")
    );
    for b in &record.boards {
        html_board(&mut out, b, l);
    }
    out.push_str("</div>\n</body>\n</html>\n");
    out
}

fn html_board(out: &mut String, b: &BoardRecord, l: ReportLang) {
    let (title, sub) = board_title(b, l);
    let _ = write!(
        out,
        "<section class=\"board\"><h2>{title}</h2><div class=\"sub\">{sub}</div><div class=\"deal\">"
    );
    for (seat, class) in [(Seat::North, "n"), (Seat::West, "w")] {
        html_hand(out, b, seat, class, l);
    }
    let hcp = |s: Seat| b.deal.hcp(s);
    let _ = write!(
        out,
        "<div class=\"c\">{}<br>{} &nbsp; {}<br>{}</div>",
        hcp(Seat::North),
        hcp(Seat::West),
        hcp(Seat::East),
        hcp(Seat::South)
    );
    html_hand(out, b, Seat::East, "e", l);
    html_hand(out, b, Seat::South, "s", l);
    out.push_str("</div>");
    if let Some(a) = &b.analysis {
        html_analysis(out, a, l);
    }
    out.push_str("</section>\n");
}

fn html_hand(out: &mut String, b: &BoardRecord, seat: Seat, class: &str, l: ReportLang) {
    let _ = write!(out, "<div class=\"{class}\"><b>{}</b>", seat_name(seat, l));
    for (suit, cards) in suit_lines(b, seat) {
        let red = if suit.is_red() { " class=\"red\"" } else { "" };
        let _ = write!(out, "<br><span{red}>{}</span> {cards}", suit.symbol());
    }
    out.push_str("</div>");
}

/// The double-dummy table and the par line, as HTML.
pub(crate) fn html_analysis(out: &mut String, a: &Analysis, l: ReportLang) {
    out.push_str("<table><tr><th></th>");
    for s in PBN_STRAINS {
        let red = matches!(s, Strain::Hearts | Strain::Diamonds);
        let class = if red { " class=\"red\"" } else { "" };
        let _ = write!(out, "<th{class}>{}</th>", strain_heading(s, l));
    }
    out.push_str("</tr>");
    for d in PBN_DECLARERS {
        let _ = write!(out, "<tr><th>{}</th>", seat_letter(d, l));
        for s in PBN_STRAINS {
            let _ = write!(out, "<td>{}</td>", a.table.tricks(s, d));
        }
        out.push_str("</tr>");
    }
    let _ = write!(
        out,
        "</table><p class=\"par\">{}</p>",
        escape(&par_line(a, l))
    );
}

// ---------------------------------------------------------------------------------------
// PDF

/// The hand record as an A4 PDF, six boards to a page, labelled in the report language.
pub fn pdf(record: &HandRecord, l: ReportLang) -> Result<Vec<u8>, PdfError> {
    let title = if record.title.is_empty() {
        hand_record_word(l).to_string()
    } else {
        record.title.clone()
    };
    let mut doc = PdfDocument::new(title.clone(), l.code());
    doc.page_label = crate::pdf::page_word(l).to_string();
    doc.footer = if record.date.is_empty() {
        title.clone()
    } else {
        format!("{title}  ·  {}", record.date)
    };
    doc.push(Block::Paragraph(
        Span::new(title, 16.0).bold().tone(Tone::Accent),
    ));
    doc.push(Block::Gap(6.0));
    let items = record.boards.iter().map(|b| pdf_board(b, l)).collect();
    let grid = Grid {
        framed: true,
        ..Grid::new(3, items)
    };
    doc.push(Block::Grid(grid));
    doc.render()
}

/// One board's caption, diagram, table and par, as PDF blocks.
pub(crate) fn pdf_board(b: &BoardRecord, l: ReportLang) -> Vec<Block> {
    let (title, sub) = board_title(b, l);
    let mut blocks = vec![
        Block::Caption {
            title: Span::new(title, 10.0).bold().tone(Tone::Accent),
            lines: vec![Span::new(sub, 8.0).tone(Tone::Muted)],
        },
        Block::Table(diagram(b, l)),
    ];
    if let Some(a) = &b.analysis {
        blocks.push(Block::Gap(3.0));
        blocks.push(Block::Table(dd_table(a, l)));
        blocks.push(Block::Paragraph(Span::new(par_line(a, l), 8.0)));
    }
    blocks
}

/// North above, West and East beside the points, South below: a three-column table.
fn diagram(b: &BoardRecord, l: ReportLang) -> Table {
    let line = |seat: Seat, k: usize| {
        let (suit, cards) = &suit_lines(b, seat)[k];
        format!("{} {cards}", suit.symbol())
    };
    let hcp = |s: Seat| b.deal.hcp(s);
    let letter = |s: Seat| seat_letter(s, l);
    let centre = [
        format!("{} {}", letter(Seat::North), hcp(Seat::North)),
        format!(
            "{} {}   {} {}",
            letter(Seat::West),
            hcp(Seat::West),
            letter(Seat::East),
            hcp(Seat::East)
        ),
        format!("{} {}", letter(Seat::South), hcp(Seat::South)),
        String::new(),
    ];
    let mut rows = Vec::with_capacity(12);
    for k in 0..4 {
        rows.push(vec![String::new(), line(Seat::North, k), String::new()]);
    }
    for (k, c) in centre.iter().enumerate() {
        rows.push(vec![line(Seat::West, k), c.clone(), line(Seat::East, k)]);
    }
    for k in 0..4 {
        rows.push(vec![String::new(), line(Seat::South, k), String::new()]);
    }
    let ns = format!(
        "{} / {}",
        seat_name(Seat::North, l),
        seat_name(Seat::South, l)
    );
    let columns = vec![
        Column::text(seat_name(Seat::West, l)),
        Column::text(&ns),
        Column::text(seat_name(Seat::East, l)),
    ];
    Table {
        base_size: 7.0,
        ..Table::new(columns, rows)
    }
}

fn dd_table(a: &Analysis, l: ReportLang) -> Table {
    let mut columns = vec![Column::text("")];
    columns.extend(
        PBN_STRAINS
            .iter()
            .map(|s| Column::num(&strain_heading(*s, l))),
    );
    let rows = PBN_DECLARERS
        .iter()
        .map(|d| {
            let mut row = vec![seat_letter(*d, l).to_string()];
            row.extend(
                PBN_STRAINS
                    .iter()
                    .map(|s| a.table.tricks(*s, *d).to_string()),
            );
            row
        })
        .collect();
    Table {
        bold_first: true,
        base_size: 7.0,
        ..Table::new(columns, rows)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use klaver_core::Board;
    use klaver_deal::{Deal, analyse};

    fn record() -> HandRecord {
        let deal =
            Deal::from_pbn("N:AKQ.JT9.876.5432 JT98.AKQ.5432.76 7654.8765.AKQ.AK 32.432.JT9.QJT98")
                .unwrap();
        let b = BoardRecord::new(Board::new(3).unwrap(), deal)
            .analysed(analyse(&deal))
            .unwrap();
        HandRecord {
            title: "Tuesday <night>".into(),
            date: "2024-03-05".into(),
            boards: vec![b],
        }
    }

    #[test]
    fn the_page_shows_hands_points_tricks_and_par() {
        let page = html(&record(), ReportLang::En);
        assert!(page.contains("<h1>Tuesday &lt;night&gt;</h1>"));
        assert!(page.contains("Board 3</h2><div class=\"sub\">Dealer South · Vulnerable EW"));
        assert!(page.contains("<span class=\"red\">♥</span> JT9"));
        assert!(
            page.contains("<div class=\"c\">10<br>4 &nbsp; 10<br>16</div>"),
            "{page}"
        );
        assert!(page.contains("<p class=\"par\">Par "));
        assert_eq!(page.matches("<td>").count(), 20);
    }

    #[test]
    fn the_diagram_is_headed_in_the_language() {
        let b = &record().boards[0];
        let heads: Vec<String> = diagram(b, ReportLang::Tr)
            .columns
            .into_iter()
            .map(|c| c.header)
            .collect();
        assert_eq!(heads, ["Batı", "Kuzey / Güney", "Doğu"]);
    }

    #[test]
    fn the_pdf_is_a_document() {
        let bytes = pdf(&record(), ReportLang::Nl).unwrap();
        assert!(bytes.starts_with(b"%PDF-"));
        assert!(bytes.len() > 2000);
    }

    #[test]
    fn a_sacrifice_in_each_language() {
        let sacrifice = ParContract {
            contract: klaver_core::Contract::new(5, Strain::Clubs, klaver_core::Doubling::Doubled)
                .unwrap(),
            declarers: vec![Seat::North, Seat::South],
            result: -2,
        };
        let a = Analysis {
            table: klaver_deal::DdTable::new([[0; 4]; 5]).unwrap(),
            par: klaver_deal::Par {
                score: -300,
                contracts: vec![sacrifice],
            },
        };
        assert_eq!(par_line(&a, ReportLang::En), "Par EW 300: NS 5CX-2");
        assert_eq!(par_line(&a, ReportLang::Nl), "Par OW 300: NZ 5K!-2");
        assert_eq!(
            par_line(&a, ReportLang::Tr),
            "Par D-B 300: K-G 5 Trefl kontur -2"
        );
    }
}
