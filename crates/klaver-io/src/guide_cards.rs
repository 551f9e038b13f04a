//! Guide cards and movement schedules as text, HTML and CSV, in Dutch or English (SPEC
//! section 5, "loopkaarten").
//!
//! The card data comes from `klaver_core::movement::guide_cards`; this module only lays
//! it out: the schedule (rounds by tables), the outcome of the movement's check, a card
//! per pair and a card per table. The HTML is one self-contained page: no scripts, no
//! external files, every name escaped, cards that do not break across an A4 page and
//! that stack on a phone's screen.

use klaver_core::movement::validate::board_list;
use klaver_core::movement::{
    BoardsNext, Check, Direction, Movement, PairCard, TableCard, pair_cards, table_cards, to_csv,
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
        BoardsNext::Director => w.to_director.to_string(),
        BoardsNext::Collected => w.collect.to_string(),
    }
}

fn seat(p: &Option<String>) -> &str {
    p.as_deref().unwrap_or("-")
}

/// One line per fact about the movement: size, then the check's findings and measures.
pub fn check_lines(m: &Movement, check: &Check, lang: CardLang) -> Vec<String> {
    let nl = lang == CardLang::Dutch;
    let mut out = Vec::new();
    let boards = m.boards();
    out.push(if nl {
        format!(
            "{} paren, {} tafels, {} ronden, spellen {}",
            m.pairs().len(),
            m.tables().len(),
            m.rounds.len(),
            board_list(&boards)
        )
    } else {
        format!(
            "{} pairs, {} tables, {} rounds, boards {}",
            m.pairs().len(),
            m.tables().len(),
            m.rounds.len(),
            board_list(&boards)
        )
    });
    let errors = check.errors().count();
    let warnings = check.warnings().count();
    out.push(match (nl, errors) {
        (false, 0) => format!("valid ({warnings} warnings); boards {}", m.sharing),
        (false, n) => format!("NOT VALID: {n} errors, {warnings} warnings"),
        (true, 0) => format!("in orde ({warnings} waarschuwingen); spellen {}", m.sharing),
        (true, n) => format!("NIET IN ORDE: {n} fouten, {warnings} waarschuwingen"),
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
                .map(|c| c.chars().count())
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
            let _ = write!(line, "{c:<w$}", w = widths[i]);
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
            l.boards.to_string(),
            next_text(w, &l.next),
        ]);
    }
    rows
}

/// The movement as plain text: title, check, schedule, pair cards, table cards.
pub fn text(m: &Movement, check: &Check, opts: &CardOptions) -> String {
    let w = words(opts.lang);
    let mut out = format!("{}\n", m.name);
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
.cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr)); gap: .8rem; }
.card { border: 2px solid #333; padding: .5rem; break-inside: avoid; page-break-inside: avoid; }
.check li.error { color: #a00; font-weight: bold; }
@media print { body { margin: 0; } .cards { grid-template-columns: repeat(3, 1fr); } }
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
        title = esc(&m.name)
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
}
