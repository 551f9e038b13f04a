//! Guide cards and movement schedules as text, HTML and CSV, in Dutch or English (SPEC
//! section 5, "loopkaarten").
//!
//! The card data comes from `klaver_core::movement::guide_cards`; this module only lays
//! it out: the schedule (rounds by tables), the outcome of the movement's check, a card
//! per pair and a card per table. The HTML is one self-contained page: no scripts, no
//! external files, every name escaped, cards that do not break across an A4 page and
//! that stack on a phone's screen.

use crate::pdf::{
    Block, CONTENT_WIDTH, Column, Grid, Measure, PdfDocument, PdfError, Span, Table, Tone,
};
use crate::text::shown_width;
use klaver_core::movement::validate::board_list;
use klaver_core::movement::{
    BoardsNext, Check, Direction, EvenTables, Movement, MovementKind, PairCard, TableCard,
    pair_cards, table_cards, to_csv,
};
use std::fmt::Write;

/// The language of the cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CardLang {
    /// English: NS/EW, "Round", "Table".
    #[default]
    English,
    /// Dutch: NZ/OW, "Ronde", "Tafel".
    Dutch,
}

/// What to print.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CardOptions {
    /// The language.
    pub lang: CardLang,
    /// The schedule, rounds by tables.
    pub schedule: bool,
    /// A card per pair.
    pub pair_cards: bool,
    /// A card per table.
    pub table_cards: bool,
}

impl Default for CardOptions {
    fn default() -> CardOptions {
        CardOptions {
            lang: CardLang::English,
            schedule: true,
            pair_cards: true,
            table_cards: true,
        }
    }
}

struct Words {
    round: &'static str,
    table: &'static str,
    pair: &'static str,
    direction: &'static str,
    opponents: &'static str,
    boards: &'static str,
    boards_next: &'static str,
    bye: &'static str,
    not_playing: &'static str,
    to_table: &'static str,
    to_tables: &'static str,
    to_director: &'static str,
    to_bye_stand: &'static str,
    from_bye_stand: &'static str,
    collect: &'static str,
    ns: &'static str,
    ew: &'static str,
    schedule: &'static str,
    pair_cards: &'static str,
    table_cards: &'static str,
    check: &'static str,
}

const EN: Words = Words {
    round: "Round",
    table: "Table",
    pair: "Pair",
    direction: "Dir",
    opponents: "Opponents",
    boards: "Boards",
    boards_next: "Boards go to",
    bye: "bye",
    not_playing: "not playing",
    to_table: "table",
    to_tables: "tables",
    to_director: "director",
    to_bye_stand: "bye stand",
    from_bye_stand: "from bye stand",
    collect: "collect",
    ns: "NS",
    ew: "EW",
    schedule: "Schedule",
    pair_cards: "Pair cards",
    table_cards: "Table cards",
    check: "Check",
};

const NL: Words = Words {
    round: "Ronde",
    table: "Tafel",
    pair: "Paar",
    direction: "Richting",
    opponents: "Tegen",
    boards: "Spellen",
    boards_next: "Spellen naar",
    bye: "rust",
    not_playing: "speelt niet",
    to_table: "tafel",
    to_tables: "tafels",
    to_director: "wedstrijdleider",
    to_bye_stand: "rusttafel",
    from_bye_stand: "van rusttafel",
    collect: "inleveren",
    ns: "NZ",
    ew: "OW",
    schedule: "Schema",
    pair_cards: "Loopkaarten",
    table_cards: "Tafelkaarten",
    check: "Controle",
};

fn words(lang: CardLang) -> &'static Words {
    match lang {
        CardLang::English => &EN,
        CardLang::Dutch => &NL,
    }
}

fn dir(w: &Words, d: Direction) -> &'static str {
    match d {
        Direction::NorthSouth => w.ns,
        Direction::EastWest => w.ew,
    }
}

fn next_text(w: &Words, next: &BoardsNext) -> String {
    match next {
        BoardsNext::Tables(ts) if ts.len() == 1 => format!("{} {}", w.to_table, ts[0]),
        BoardsNext::Tables(ts) => {
            let list: Vec<String> = ts.iter().map(u32::to_string).collect();
            format!("{} {}", w.to_tables, list.join(", "))
        }
        BoardsNext::ByeStand => w.to_bye_stand.to_string(),
        BoardsNext::Director => w.to_director.to_string(),
        BoardsNext::Collected => w.collect.to_string(),
    }
}

/// The movement's name in the language of the cards: a Mitchell or Howell klaver made is
/// named in Dutch as in English; a schedule keeps the name it was given.
pub fn title(m: &Movement, lang: CardLang) -> String {
    match (lang, m.kind) {
        (
            CardLang::Dutch,
            MovementKind::Mitchell {
                tables,
                even,
                arrow_switch,
            },
        ) => {
            let mut name = format!("Mitchell, {tables} tafels");
            match even {
                Some(EvenTables::Skip) => name.push_str(", met overslaan"),
                Some(EvenTables::RelayByeStand) => name.push_str(", relay en rusttafel"),
                None => {}
            }
            if arrow_switch {
                name.push_str(", pijlwissel");
            }
            name
        }
        (
            CardLang::Dutch,
            MovementKind::Howell {
                pairs,
                rounds,
                same_boards,
            },
        ) => {
            let mut name = format!("Howell, {pairs} paren");
            if pairs % 2 == 1 {
                let _ = write!(name, " (rust tegen paar {})", pairs + 1);
            }
            if let Some(n) = rounds {
                let _ = write!(name, ", {}", counted(n as usize, "ronde", "ronden"));
            }
            if same_boards {
                name.push_str(", dezelfde spellen aan alle tafels");
            }
            name
        }
        _ => m.name.clone(),
    }
}

fn seat(p: &Option<String>) -> &str {
    p.as_deref().unwrap_or("-")
}

/// `n` with the word for one or for more.
fn counted(n: usize, one: &str, more: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { more })
}

/// How the board sets are used, in Dutch.
fn sharing_nl(sharing: klaver_core::movement::BoardSharing) -> &'static str {
    use klaver_core::movement::BoardSharing;
    match sharing {
        BoardSharing::Single => "niet gedeeld",
        BoardSharing::Shared => "gedeeld",
        BoardSharing::Duplicated => "gedupliceerd",
    }
}

/// One line per fact about the movement: size, then the check's findings and measures.
pub fn check_lines(m: &Movement, check: &Check, lang: CardLang) -> Vec<String> {
    let nl = lang == CardLang::Dutch;
    let mut out = Vec::new();
    let boards = m.boards();
    let (pairs, tables, rounds) = (m.pairs().len(), m.tables().len(), m.rounds.len());
    out.push(if nl {
        format!(
            "{}, {}, {}, spellen {}",
            counted(pairs, "paar", "paren"),
            counted(tables, "tafel", "tafels"),
            counted(rounds, "ronde", "ronden"),
            board_list(&boards)
        )
    } else {
        format!(
            "{}, {}, {}, boards {}",
            counted(pairs, "pair", "pairs"),
            counted(tables, "table", "tables"),
            counted(rounds, "round", "rounds"),
            board_list(&boards)
        )
    });
    let errors = check.errors().count();
    let warnings = check.warnings().count();
    out.push(match (nl, errors) {
        (false, 0) => format!(
            "valid ({}); boards {}",
            counted(warnings, "warning", "warnings"),
            m.sharing
        ),
        (false, n) => format!(
            "NOT VALID: {}, {}",
            counted(n, "error", "errors"),
            counted(warnings, "warning", "warnings")
        ),
        (true, 0) => format!(
            "in orde ({}); spellen {}",
            counted(warnings, "waarschuwing", "waarschuwingen"),
            sharing_nl(m.sharing)
        ),
        (true, n) => format!(
            "NIET IN ORDE: {}, {}",
            counted(n, "fout", "fouten"),
            counted(warnings, "waarschuwing", "waarschuwingen")
        ),
    });
    let span = |lo: usize, hi: usize| {
        if lo == hi {
            lo.to_string()
        } else {
            format!("{lo}-{hi}")
        }
    };
    let (lo, hi) = check.plays_range();
    let times = span(lo, hi);
    let meet = span(check.meetings_min, check.meetings_max);
    let compared = span(check.comparisons_min, check.comparisons_max);
    out.push(if nl {
        format!("keer gespeeld per spel: {times}")
    } else {
        format!("plays per board: {times}")
    });
    out.push(if nl {
        format!("ontmoetingen per twee paren: {meet}")
    } else {
        format!("meetings per two pairs: {meet}")
    });
    out.push(if nl {
        format!("vergeleken spellen per twee paren: {compared}")
    } else {
        format!("boards compared per two pairs: {compared}")
    });
    out.extend(check.problems.iter().map(|p| {
        let label = match (p.severity, nl) {
            (klaver_core::session::Severity::Error, false) => "error",
            (klaver_core::session::Severity::Error, true) => "fout",
            (_, false) => "warning",
            (_, true) => "waarschuwing",
        };
        format!("{label}: {p}")
    }));
    out
}

/// Lays out rows of cells in columns, two spaces apart.
fn columns(rows: &[Vec<String>]) -> String {
    let n = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..n)
        .map(|i| {
            rows.iter()
                .filter_map(|r| r.get(i))
                .map(|c| shown_width(c))
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for r in rows {
        let mut line = String::new();
        for (i, c) in r.iter().enumerate() {
            if i > 0 {
                line.push_str("  ");
            }
            line.push_str(c);
            line.push_str(&" ".repeat(widths[i].saturating_sub(shown_width(c))));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

fn schedule_rows(m: &Movement, w: &Words) -> Vec<Vec<String>> {
    let tables = m.tables();
    let mut rows = vec![
        std::iter::once(w.round.to_string())
            .chain(tables.iter().map(|t| format!("{} {t}", w.table)))
            .collect(),
    ];
    for r in &m.rounds {
        let mut row = vec![r.number.to_string()];
        for t in &tables {
            row.push(match r.tables.iter().find(|x| x.table == *t) {
                Some(x) => format!("{}-{} ({})", seat(&x.ns), seat(&x.ew), x.boards),
                None => String::new(),
            });
        }
        rows.push(row);
    }
    rows
}

fn pair_rows(card: &PairCard, w: &Words) -> Vec<Vec<String>> {
    let mut rows = vec![vec![
        w.round.into(),
        w.table.into(),
        w.direction.into(),
        w.opponents.into(),
        w.boards.into(),
    ]];
    for l in &card.lines {
        rows.push(match (l.table, l.direction) {
            (Some(t), Some(d)) => vec![
                l.round.to_string(),
                t.to_string(),
                dir(w, d).into(),
                l.opponent.clone().unwrap_or_else(|| w.bye.to_string()),
                if l.is_bye() {
                    String::new()
                } else {
                    l.boards.map(|b| b.to_string()).unwrap_or_default()
                },
            ],
            _ => vec![
                l.round.to_string(),
                String::new(),
                String::new(),
                w.not_playing.into(),
                String::new(),
            ],
        });
    }
    rows
}

fn table_rows(card: &TableCard, w: &Words) -> Vec<Vec<String>> {
    let mut rows = vec![vec![
        w.round.into(),
        w.ns.into(),
        w.ew.into(),
        w.boards.into(),
        w.boards_next.into(),
    ]];
    for l in &card.lines {
        rows.push(vec![
            l.round.to_string(),
            seat(&l.ns).into(),
            seat(&l.ew).into(),
            if l.from_bye_stand {
                format!("{} ({})", l.boards, w.from_bye_stand)
            } else {
                l.boards.to_string()
            },
            next_text(w, &l.next),
        ]);
    }
    rows
}

/// The movement as plain text: title, check, schedule, pair cards, table cards.
pub fn text(m: &Movement, check: &Check, opts: &CardOptions) -> String {
    let w = words(opts.lang);
    let mut out = format!("{}\n", title(m, opts.lang));
    for l in check_lines(m, check, opts.lang) {
        let _ = writeln!(out, "  {l}");
    }
    if opts.schedule {
        let _ = write!(out, "\n{}\n{}", w.schedule, columns(&schedule_rows(m, w)));
    }
    if opts.pair_cards {
        let _ = writeln!(out, "\n{}", w.pair_cards);
        for card in pair_cards(m) {
            let _ = write!(
                out,
                "\n{} {}\n{}",
                w.pair,
                card.pair,
                columns(&pair_rows(&card, w))
            );
        }
    }
    if opts.table_cards {
        let _ = writeln!(out, "\n{}", w.table_cards);
        for card in table_cards(m) {
            let _ = write!(
                out,
                "\n{} {}\n{}",
                w.table,
                card.table,
                columns(&table_rows(&card, w))
            );
        }
    }
    out
}

/// The schedule as `round,table,ns,ew,boards` CSV, the shape custom schedules are read in.
pub fn csv(m: &Movement) -> String {
    to_csv(m)
}

/// Escapes text for HTML.
fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

fn html_table(rows: &[Vec<String>]) -> String {
    let mut out = String::from("<table>\n");
    for (i, r) in rows.iter().enumerate() {
        let cell = if i == 0 { "th" } else { "td" };
        out.push_str("<tr>");
        for c in r {
            let _ = write!(out, "<{cell}>{}</{cell}>", esc(c));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</table>\n");
    out
}

const STYLE: &str = "\
@page { size: A4; margin: 12mm; }
body { font-family: system-ui, sans-serif; margin: 1rem; color: #111; }
h1 { font-size: 1.3rem; } h2 { font-size: 1.1rem; margin-top: 1.5rem; }
h3 { font-size: 1rem; margin: 0 0 .3rem; }
table { border-collapse: collapse; }
th, td { border: 1px solid #999; padding: .15rem .4rem; text-align: left; white-space: nowrap; }
th { background: #eee; }
.scroll { overflow-x: auto; }
/* Each card as wide as its table, wrapped to the next line when the row is full: a
   card never runs under its neighbour. */
.cards { display: flex; flex-wrap: wrap; gap: .8rem; align-items: flex-start; }
.card { flex: 0 0 auto; max-width: 100%; box-sizing: border-box; border: 2px solid #333; padding: .5rem; break-inside: avoid; page-break-inside: avoid; }
.card table { font-size: .85rem; }
.check li.error { color: #a00; font-weight: bold; }
@media print { body { margin: 0; } .card table { font-size: 8pt; } th, td { padding: .1rem .25rem; } }
";

/// The movement as one self-contained, printable HTML page.
pub fn html(m: &Movement, check: &Check, opts: &CardOptions) -> String {
    let w = words(opts.lang);
    let lang = match opts.lang {
        CardLang::English => "en",
        CardLang::Dutch => "nl",
    };
    let mut out = format!(
        "<!DOCTYPE html>\n<html lang=\"{lang}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n<h1>{title}</h1>\n",
        title = esc(&title(m, opts.lang))
    );
    let _ = writeln!(out, "<h2>{}</h2>\n<ul class=\"check\">", w.check);
    for l in check_lines(m, check, opts.lang) {
        let class = if l.starts_with("error") || l.starts_with("fout") {
            " class=\"error\""
        } else {
            ""
        };
        let _ = writeln!(out, "<li{class}>{}</li>", esc(&l));
    }
    out.push_str("</ul>\n");
    if opts.schedule {
        let _ = write!(
            out,
            "<h2>{}</h2>\n<div class=\"scroll\">\n{}</div>\n",
            w.schedule,
            html_table(&schedule_rows(m, w))
        );
    }
    if opts.pair_cards {
        let _ = writeln!(out, "<h2>{}</h2>\n<div class=\"cards\">", w.pair_cards);
        for card in pair_cards(m) {
            let _ = write!(
                out,
                "<section class=\"card\">\n<h3>{} {}</h3>\n{}</section>\n",
                w.pair,
                esc(&card.pair),
                html_table(&pair_rows(&card, w))
            );
        }
        out.push_str("</div>\n");
    }
    if opts.table_cards {
        let _ = writeln!(out, "<h2>{}</h2>\n<div class=\"cards\">", w.table_cards);
        for card in table_cards(m) {
            let _ = write!(
                out,
                "<section class=\"card\">\n<h3>{} {}</h3>\n{}</section>\n",
                w.table,
                card.table,
                html_table(&table_rows(&card, w))
            );
        }
        out.push_str("</div>\n");
    }
    out.push_str("</body>\n</html>\n");
    out
}

/// A table for the PDF from rows whose first row holds the headings; the columns named
/// in `right` are right-aligned.
fn pdf_table(rows: &[Vec<String>], right: &[usize], size: f32) -> Table {
    let columns = rows
        .first()
        .map(|h| {
            h.iter()
                .enumerate()
                .map(|(i, c)| {
                    if right.contains(&i) {
                        Column::num(c)
                    } else {
                        Column::text(c)
                    }
                })
                .collect()
        })
        .unwrap_or_default();
    Table {
        columns,
        rows: rows.iter().skip(1).cloned().collect(),
        base_size: size,
        ..Table::default()
    }
}

/// The schedule, split into groups of tables when all of them do not fit across the page
/// in readable type; each group repeats the round column.
fn pdf_schedule(measure: &Measure, m: &Movement, w: &Words) -> Vec<Block> {
    let rows = schedule_rows(m, w);
    let tables = rows.first().map_or(0, |r| r.len().saturating_sub(1));
    let part = |from: usize, to: usize| -> Table {
        let cut: Vec<Vec<String>> = rows
            .iter()
            .map(|r| {
                std::iter::once(r[0].clone())
                    .chain(r.iter().skip(1 + from).take(to - from).cloned())
                    .collect()
            })
            .collect();
        pdf_table(&cut, &[0], 9.0)
    };
    let mut per = tables.max(1);
    while per > 1 {
        let fit = measure.table(&part(0, per.min(tables)), CONTENT_WIDTH);
        if fit.width <= CONTENT_WIDTH + 0.01 && fit.size >= 7.5 {
            break;
        }
        per -= 1;
    }
    let mut out = Vec::new();
    let mut from = 0;
    while from < tables.max(1) {
        let to = (from + per).min(tables);
        let mut part_blocks = Vec::new();
        if per < tables {
            let label = if to - from == 1 {
                format!("{} {}", w.table, from + 1)
            } else {
                format!("{} {}–{}", w.table, from + 1, to)
            };
            part_blocks.push(Block::Paragraph(
                Span::new(label, 10.0).bold().tone(Tone::Accent),
            ));
            part_blocks.push(Block::Gap(3.0));
        }
        part_blocks.push(Block::Table(part(from, to)));
        out.push(Block::KeepTogether(part_blocks));
        out.push(Block::Gap(12.0));
        from = to.max(from + 1);
    }
    out
}

/// A card to cut out: its title, the movement's name, and its table.
fn pdf_card(title: String, movement: &str, rows: &[Vec<String>], right: &[usize]) -> Vec<Block> {
    vec![
        Block::Caption {
            title: Span::new(title, 13.0).bold().tone(Tone::Accent),
            lines: vec![Span::new(movement, 7.5).tone(Tone::Muted)],
        },
        Block::Gap(4.0),
        Block::Table(pdf_table(rows, right, 9.5)),
    ]
}

/// The movement as a PDF on A4: the check and the schedule, then the pair cards and the
/// table cards, each on pages of their own, two cards across, framed to be cut out; a
/// card is never split across pages.
pub fn pdf(m: &Movement, check: &Check, opts: &CardOptions) -> Result<Vec<u8>, PdfError> {
    let w = words(opts.lang);
    let nl = opts.lang == CardLang::Dutch;
    let measure = Measure::new()?;
    let name = title(m, opts.lang);
    let mut doc = PdfDocument::new(name.clone(), if nl { "nl" } else { "en" });
    doc.footer = name.clone();
    doc.page_label = if nl { "Pagina" } else { "Page" }.into();
    doc.push(Block::Paragraph(
        Span::new(name.clone(), 16.0).bold().tone(Tone::Accent),
    ));
    doc.push(Block::Gap(6.0));
    doc.push(Block::Heading(w.check.into()));
    let errors = check.errors().count();
    for (i, l) in check_lines(m, check, opts.lang).into_iter().enumerate() {
        let bad = l.starts_with("error") || l.starts_with("fout") || (i == 1 && errors > 0);
        let span = Span::new(l, 9.5);
        doc.push(Block::Paragraph(if bad {
            span.bold().tone(Tone::Bad)
        } else {
            span
        }));
    }
    doc.push(Block::Gap(10.0));
    if opts.schedule {
        doc.push(Block::Heading(w.schedule.into()));
        doc.blocks.extend(pdf_schedule(&measure, m, w));
    }
    let cards = |items: Vec<Vec<Block>>| {
        Block::Grid(Grid {
            gutter: 16.0,
            row_gap: 14.0,
            framed: true,
            ..Grid::new(2, items)
        })
    };
    if opts.pair_cards {
        doc.push(Block::PageBreak);
        doc.push(Block::Heading(w.pair_cards.into()));
        let items = pair_cards(m)
            .iter()
            .map(|card| {
                pdf_card(
                    format!("{} {}", w.pair, card.pair),
                    &name,
                    &pair_rows(card, w),
                    &[0, 1],
                )
            })
            .collect();
        doc.push(cards(items));
    }
    if opts.table_cards {
        doc.push(Block::PageBreak);
        doc.push(Block::Heading(w.table_cards.into()));
        let items = table_cards(m)
            .iter()
            .map(|card| {
                pdf_card(
                    format!("{} {}", w.table, card.table),
                    &name,
                    &table_rows(card, w),
                    &[0],
                )
            })
            .collect();
        doc.push(cards(items));
    }
    doc.render()
}

#[cfg(test)]
mod tests {
    use super::*;
    use klaver_core::movement::{MitchellOptions, mitchell, parse_csv};

    fn small() -> Movement {
        mitchell(&MitchellOptions::new(3, 2)).unwrap()
    }

    #[test]
    fn text_has_schedule_and_cards() {
        let m = small();
        let t = text(&m, &m.check(), &CardOptions::default());
        assert!(
            t.starts_with("Mitchell, 3 tables\n  6 pairs, 3 tables, 3 rounds, boards 1-6\n"),
            "{t}"
        );
        assert!(
            t.contains(
                "Round  Table 1    Table 2    Table 3\n1      1-4 (1-2)  2-5 (3-4)  3-6 (5-6)\n"
            ),
            "{t}"
        );
        assert!(t.contains("Pair 4\nRound  Table  Dir  Opponents  Boards\n1      1      EW   1          1-2\n2      2      EW   2          5-6\n"), "{t}");
        assert!(
            t.contains(
                "Table 1\nRound  NS  EW  Boards  Boards go to\n1      1   4   1-2     table 3\n"
            ),
            "{t}"
        );
        assert!(t.ends_with("3      3   4   3-4     collect\n"), "{t}");
    }

    #[test]
    fn dutch_cards() {
        let m = small();
        let opts = CardOptions {
            lang: CardLang::Dutch,
            ..CardOptions::default()
        };
        let t = text(&m, &m.check(), &opts);
        assert!(t.contains("Paar 4\nRonde  Tafel  Richting  Tegen  Spellen\n1      1      OW        1      1-2\n"), "{t}");
        assert!(t.contains("in orde (0 waarschuwingen)"), "{t}");
        assert!(t.contains("Spellen naar"));
    }

    #[test]
    fn dutch_cards_name_the_movement_in_dutch() {
        use crate::pdf::tests::page_texts;
        use klaver_core::movement::{EvenTables, HowellOptions, howell};
        let mut same = HowellOptions::new(14, 2);
        (same.rounds, same.same_boards) = (Some(7), true);
        let mut relay = MitchellOptions::new(8, 2);
        (relay.even, relay.arrow_switch) = (EvenTables::RelayByeStand, true);
        let cases = [
            (
                howell(&HowellOptions::new(9, 2)).unwrap(),
                "Howell, 9 paren (rust tegen paar 10)",
            ),
            (
                howell(&HowellOptions::new(10, 2)).unwrap(),
                "Howell, 10 paren",
            ),
            (
                howell(&same).unwrap(),
                "Howell, 14 paren, 7 ronden, dezelfde spellen aan alle tafels",
            ),
            (small(), "Mitchell, 3 tafels"),
            (
                mitchell(&MitchellOptions::new(6, 2)).unwrap(),
                "Mitchell, 6 tafels, met overslaan",
            ),
            (
                mitchell(&relay).unwrap(),
                "Mitchell, 8 tafels, relay en rusttafel, pijlwissel",
            ),
        ];
        let opts = CardOptions {
            lang: CardLang::Dutch,
            ..CardOptions::default()
        };
        for (m, title) in cases {
            let t = text(&m, &m.check(), &opts);
            assert!(t.starts_with(&format!("{title}\n")), "{t}");
            let h = html(&m, &m.check(), &opts);
            assert!(h.contains(&format!("<title>{title}</title>")), "{title}");
            assert!(h.contains(&format!("<h1>{title}</h1>")), "{title}");
            let pages = page_texts(&pdf(&m, &m.check(), &opts).unwrap());
            assert!(pages[0].lines().any(|l| l == title), "{}", pages[0]);
            assert!(!pages.join("\n").contains(&m.name), "{title}");
            // The English cards keep the English name.
            let en = text(&m, &m.check(), &CardOptions::default());
            assert!(en.starts_with(&format!("{}\n", m.name)), "{en}");
        }
    }

    #[test]
    fn byes_show_on_pair_and_table_cards() {
        let m = parse_csv(
            "round,table,ns,ew,boards\n1,1,1,2,1-2\n1,2,3,,3-4\n2,1,3,1,3-4\n2,2,2,,1-2\n",
        )
        .unwrap();
        let opts = CardOptions {
            schedule: false,
            table_cards: true,
            ..CardOptions::default()
        };
        let t = text(&m, &m.check(), &opts);
        assert!(
            t.contains("Pair 3\nRound  Table  Dir  Opponents  Boards\n1      2      NS   bye\n"),
            "{t}"
        );
        assert!(t.contains("1      3   -   3-4     table 1\n"), "{t}");
    }

    #[test]
    fn html_is_escaped_and_self_contained() {
        let m = parse_csv("round,table,ns,ew,boards\n1,1,<b>,\"A&B\",1-2\n").unwrap();
        let h = html(&m, &m.check(), &CardOptions::default());
        assert!(h.contains("&lt;b&gt;") && h.contains("A&amp;B"));
        assert!(!h.contains("<b>") && !h.contains("<script") && !h.contains("http"));
        assert!(h.contains("@page { size: A4"));
        assert!(h.contains("name=\"viewport\""));
        assert!(h.ends_with("</html>\n"));
    }

    #[test]
    fn csv_is_the_schedule_shape() {
        let c = csv(&small());
        assert!(
            c.starts_with("round,table,ns,ew,boards\n1,1,1,4,1-2\n1,2,2,5,3-4\n"),
            "{c}"
        );
    }

    #[test]
    fn pdf_has_every_card_once_and_none_split() {
        use crate::pdf::tests::{page_count, page_texts};
        let m = klaver_core::movement::howell(&klaver_core::movement::HowellOptions::new(14, 2))
            .unwrap();
        for (lang, pair, table, table_cards) in [
            (CardLang::English, "Pair", "Table", "Table cards"),
            (CardLang::Dutch, "Paar", "Tafel", "Tafelkaarten"),
        ] {
            let opts = CardOptions {
                lang,
                ..CardOptions::default()
            };
            let pdf = pdf(&m, &m.check(), &opts).unwrap();
            assert!(pdf.starts_with(b"%PDF-"));
            let n = page_count(&pdf);
            let pages = page_texts(&pdf);
            assert_eq!(pages.len(), n);
            // 14 cards of 13 rounds, four to a page, and 7 table cards: 7 pages or so.
            assert!((4..=10).contains(&n), "{n} pages");
            for p in 1..=14 {
                let title = format!("{pair} {p}");
                let on: Vec<usize> = (0..n)
                    .filter(|&i| pages[i].lines().any(|l| l == title))
                    .collect();
                assert_eq!(on.len(), 1, "{title}");
                // The card's whole table is on that page: its last round's line.
                let card = &pair_cards(&m)[p - 1];
                let last = card.lines.last().unwrap();
                assert!(pages[on[0]].contains(&last.boards.unwrap().to_string()));
            }
            // The schedule names the tables too: count on the table cards' pages.
            let first = pages.iter().position(|p| p.contains(table_cards)).unwrap();
            for t in 1..=7 {
                let title = format!("{table} {t}");
                let count = pages[first..]
                    .iter()
                    .flat_map(|p| p.lines())
                    .filter(|l| *l == title)
                    .count();
                assert_eq!(count, 1, "{title}");
            }
        }
    }

    #[test]
    fn pdf_of_a_wide_schedule_splits_its_tables() {
        use crate::pdf::tests::page_texts;
        let m = mitchell(&MitchellOptions::new(15, 2)).unwrap();
        let opts = CardOptions {
            pair_cards: false,
            table_cards: false,
            ..CardOptions::default()
        };
        let pdf = pdf(&m, &m.check(), &opts).unwrap();
        let text = page_texts(&pdf).join("\n");
        for t in 1..=15 {
            let heading = format!("Table {t}");
            assert_eq!(
                text.lines().filter(|l| *l == heading).count(),
                1,
                "{heading}"
            );
        }
        assert!(text.contains("valid (0 warnings)"), "{text}");
    }

    #[test]
    fn pdf_names_come_out_as_typed() {
        use crate::pdf::tests::page_texts;
        let m = parse_csv("round,table,ns,ew,boards\n1,1,Şükrü,\"<b>&Zoë\",1-2\n").unwrap();
        let pdf = pdf(&m, &m.check(), &CardOptions::default()).unwrap();
        let text = page_texts(&pdf).join("\n");
        assert!(
            text.contains("Pair Şükrü") && text.contains("Pair <b>&Zoë"),
            "{text}"
        );
    }
}
