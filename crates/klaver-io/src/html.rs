//! HTML rendering of a session report: one self-contained page (inline CSS, no scripts, no
//! outside resources) with the result list, the travellers and the control sheet, for the
//! club's website, a phone at the table, or printing on A4.
//!
//! On a phone each table scrolls sideways inside its own box, so the page itself never
//! does; on paper every part starts on a new page and a traveller is kept on one page.
//! Every text that comes from the report (names, title, warnings) is escaped: a name like
//! `<b>Jansen & "Zn"</b>` shows exactly as typed.

use crate::report::{ControlBlock, ControlHeader, RankingRow, Report, ReportLang, Traveller, Word};
use klaver_core::board::Seat;
use klaver_core::notation;
use std::fmt::Write;

/// Escapes text for use in HTML content and in quoted attribute values.
pub fn escape(s: &str) -> String {
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

/// The heading of a block of boards: "Giften 1–4", or "Gift 5" for a single board.
pub(crate) fn boards_label(lang: ReportLang, boards: &[u32]) -> String {
    match (boards.first(), boards.last()) {
        (Some(a), Some(b)) if a != b => {
            let word = lang.word(Word::BoardsWord);
            let mut chars = word.chars();
            let word: String = match chars.next() {
                Some(c) => c.to_uppercase().chain(chars).collect(),
                None => String::new(),
            };
            format!("{word} {a}–{b}")
        }
        (Some(a), _) => format!("{} {a}", lang.word(Word::Board)),
        _ => String::new(),
    }
}

pub(crate) const STYLE: &str = r#"
:root { color-scheme: light; --line: #c9ced6; --head: #eef1f5; --accent: #1d4f91; }
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
body { margin: 0; padding: 12px; font: 16px/1.4 system-ui, -apple-system, "Segoe UI", Roboto,
  "DejaVu Sans", Arial, sans-serif; color: #111; background: #fff; }
main { max-width: 1100px; margin: 0 auto; }
header h1 { font-size: 1.5rem; margin: 0 0 .25rem; color: var(--accent); overflow-wrap: anywhere; }
header .meta { margin: 0 0 .5rem; color: #444; }
h2 { font-size: 1.25rem; margin: 1.5rem 0 .5rem; border-bottom: 2px solid var(--accent);
  color: var(--accent); }
h3 { font-size: 1.05rem; margin: 1.25rem 0 .25rem; }
nav { margin: .5rem 0 1rem; display: flex; flex-wrap: wrap; gap: .5rem; }
nav a { color: var(--accent); text-decoration: none; border: 1px solid var(--line);
  border-radius: 4px; padding: .3rem .7rem; }
.check { font-weight: 600; margin: .5rem 0; }
.check.ok { color: #17622b; }
.check.failed { color: #a11; }
.warnings { border: 2px solid #c77700; background: #fff6e5; border-radius: 6px;
  padding: .5rem .9rem; margin: 1rem 0; }
.warnings summary { font-weight: 700; color: #8a4b00; cursor: pointer; }
.warnings ul { margin: .5rem 0 .25rem; padding-left: 1.25rem; }
.warnings li { overflow-wrap: anywhere; }
.notes { border: 1px solid var(--line); border-radius: 6px; padding: .5rem .9rem;
  margin: 1rem 0; }
.notes summary { font-weight: 700; cursor: pointer; }
.notes ul { margin: .5rem 0 .25rem; padding-left: 1.25rem; }
.notes li { overflow-wrap: anywhere; }
.scroll { overflow-x: auto; -webkit-overflow-scrolling: touch; width: fit-content;
  max-width: 100%; border: 1px solid var(--line); border-radius: 4px; }
table { border-collapse: collapse; font-size: .95rem; font-variant-numeric: tabular-nums; }
th, td { padding: .3rem .55rem; border-bottom: 1px solid var(--line); text-align: left;
  white-space: nowrap; vertical-align: top; }
th { background: var(--head); font-weight: 600; }
thead tr.group th { text-align: center; border-left: 1px solid var(--line); }
td.n, th.n { text-align: right; }
td.b, th.b { border-left: 1px solid var(--line); }
td.name { white-space: normal; min-width: 12em; overflow-wrap: break-word; }
td.note { color: #8a4b00; }
tbody tr:nth-child(even) td { background: #f8f9fb; }
table.ranking td.rank { font-weight: 600; }
table.ranking td.rank .pair { font-weight: 400; color: #555; }
.travellers { display: grid; gap: 0 1.5rem;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 30rem), 1fr)); }
.traveller { min-width: 0; }
.traveller .meta, .block .meta { margin: 0 0 .35rem; color: #333; }
.traveller .meta span { margin-right: 1rem; white-space: nowrap; }
.traveller.failed h3 { color: #a11; }
.deal { display: grid; grid-template-columns: repeat(3, max-content); gap: .2rem 1.5rem;
  margin: .3rem 0 .6rem; font-variant-numeric: tabular-nums; }
.deal .h0 { grid-column: 2; } .deal .h3 { grid-column: 1; grid-row: 2; }
.deal .h1 { grid-column: 3; grid-row: 2; } .deal .h2 { grid-column: 2; grid-row: 3; }
.deal .red { color: #c00; }
.avg { margin: .5rem 0; }
.controlbox { border: 2px solid var(--line); border-radius: 4px; padding: .4rem .8rem;
  margin: .5rem 0 1rem; width: fit-content; max-width: 100%; }
.controlbox p { margin: 0 0 .3rem; font-weight: 600; }
.controlbox ol { list-style: none; margin: 0; padding: 0; display: grid;
  grid-template-columns: repeat(4, max-content); gap: .1rem 1.5rem; }
.controlbox ol b { display: inline-block; min-width: 1.6em; text-align: right;
  margin-right: .4em; }
@media (max-width: 600px) {
  .controlbox ol { grid-template-columns: repeat(2, max-content); }
  body { padding: 8px; font-size: 15px; }
  table { font-size: .9rem; }
  th, td { padding: .25rem .4rem; }
  th { white-space: normal; }
  td.name { min-width: 9em; }
}
@page { size: A4; margin: 14mm 12mm; }
@media print {
  body { padding: 0; font-size: 10pt; }
  main { max-width: none; }
  nav { display: none; }
  header h1 { font-size: 16pt; }
  h2 { font-size: 13pt; margin-top: 0; }
  h3 { font-size: 10.5pt; margin-top: .8rem; }
  .warnings { background: none; font-size: 9pt; }
  .warnings summary { list-style: none; }
  .notes { font-size: 9pt; }
  .notes summary { list-style: none; }
  .scroll { overflow: visible; border: none; }
  .scroll { width: auto; }
  .travellers { grid-template-columns: 1fr 1fr; gap: 0 6mm; }
  table { font-size: 8.5pt; }
  th, td { padding: 1.5pt 4pt; }
  th { background: #e6e6e6; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  tbody tr:nth-child(even) td { background: none; }
  tr, .traveller, .block { break-inside: avoid; page-break-inside: avoid; }
  h2, h3 { break-after: avoid; page-break-after: avoid; }
  section.part + section.part { break-before: page; page-break-before: always; }
  a { color: inherit; text-decoration: none; }
}
"#;

/// The report as one HTML5 page.
pub fn render(report: &Report) -> String {
    let l = report.lang;
    let heading = if report.title.is_empty() {
        l.word(Word::ResultList).to_string()
    } else {
        report.title.clone()
    };
    let mut out = String::with_capacity(16 * 1024);
    let page_title = if report.date.is_empty() {
        heading.clone()
    } else {
        format!("{heading} – {}", report.date)
    };
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<main>\n",
        l.code(),
        escape(&page_title)
    );
    page_header(&mut out, report, &heading);
    result_part(&mut out, report);
    if !report.travellers.is_empty() {
        let _ = writeln!(
            out,
            "<section class=\"part\" id=\"travellers\">\n<h2>{}</h2>",
            escape(l.word(Word::Travellers))
        );
        out.push_str("<div class=\"travellers\">\n");
        for t in &report.travellers {
            traveller(&mut out, report, t);
        }
        out.push_str("</div>\n");
        check_line(&mut out, report);
        out.push_str("</section>\n");
    }
    if !report.control.is_empty() {
        let _ = writeln!(
            out,
            "<section class=\"part\" id=\"control\">\n<h2>{}</h2>",
            escape(l.word(Word::ControlSheet))
        );
        if let Some(h) = &report.control_header {
            control_box(&mut out, h);
        }
        for block in &report.control {
            control_block(&mut out, report, block);
        }
        out.push_str("</section>\n");
    }
    out.push_str("</main>\n</body>\n</html>\n");
    out
}

/// The page's header: title, date, size of the session, the check, and links to the
/// parts the page has.
fn page_header(out: &mut String, report: &Report, heading: &str) {
    let l = report.lang;
    let mut meta = Vec::new();
    if !report.date.is_empty() {
        meta.push(escape(&report.date));
    }
    meta.push(escape(&l.boards(report.board_count)));
    meta.push(format!("{} {}", escape(l.word(Word::Top)), report.top));
    let _ = write!(
        out,
        "<header>\n<h1>{}</h1>\n<p class=\"meta\">{}</p>\n",
        escape(heading),
        meta.join(" · ")
    );
    // The check speaks of the travellers: without them there is nothing to check.
    let has_travellers = !report.travellers.is_empty();
    let has_control = !report.control.is_empty();
    if has_travellers {
        check_line(out, report);
    }
    if has_travellers || has_control {
        let _ = write!(
            out,
            "<nav><a href=\"#result\">{}</a>",
            escape(l.word(Word::ResultList))
        );
        if has_travellers {
            let _ = write!(
                out,
                "<a href=\"#travellers\">{}</a>",
                escape(l.word(Word::Travellers))
            );
        }
        if has_control {
            let _ = write!(
                out,
                "<a href=\"#control\">{}</a>",
                escape(l.word(Word::ControlSheet))
            );
        }
        out.push_str("</nav>\n");
    }
    out.push_str("</header>\n");
}

/// The result list, with the average per round and the warnings under it.
fn result_part(out: &mut String, report: &Report) {
    let l = report.lang;
    let _ = writeln!(
        out,
        "<section class=\"part\" id=\"result\">\n<h2>{}</h2>",
        escape(l.word(Word::ResultList))
    );
    ranking_table(out, report);
    if let Some(avg) = &report.average_per_round {
        let _ = writeln!(
            out,
            "<p class=\"avg\">{}: {}</p>",
            escape(l.word(Word::AveragePerRound)),
            escape(avg)
        );
    }
    said_box(
        out,
        "warnings",
        &format!("\u{26a0} {}", l.word(Word::Warnings)),
        &report.warnings,
    );
    said_box(out, "notes", l.word(Word::Notes), &report.notes);
    out.push_str("</section>\n");
}

/// A box (of CSS class `class`) headed `heading` and its count, listing `items`; none
/// when there are no items.
pub(crate) fn said_box(out: &mut String, class: &str, heading: &str, items: &[String]) {
    if items.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        "<details class=\"{class}\" open role=\"note\">\n\
         <summary>{} ({})</summary>\n<ul>",
        escape(heading),
        items.len()
    );
    for w in items {
        let _ = writeln!(out, "<li>{}</li>", escape(w));
    }
    out.push_str("</ul>\n</details>\n");
}

fn check_line(out: &mut String, report: &Report) {
    let (class, mark) = if report.check_ok {
        ("ok", "\u{2713}")
    } else {
        ("failed", "\u{2717}")
    };
    let _ = writeln!(
        out,
        "<p class=\"check {class}\">{mark} {}</p>",
        escape(&report.check_sentence())
    );
}

fn ranking_table(out: &mut String, report: &Report) {
    for (heading, rows) in report.ranking_groups() {
        if !heading.is_empty() {
            let _ = writeln!(out, "<h3>{}</h3>", escape(heading));
        }
        ranking_list(out, report, rows);
    }
}

fn ranking_list(out: &mut String, report: &Report, rows: &[RankingRow]) {
    let l = report.lang;
    out.push_str("<div class=\"scroll\">\n<table class=\"ranking\">\n<thead><tr>");
    let _ = write!(
        out,
        "<th>{}</th><th>{}</th><th class=\"n\">{}</th><th class=\"n\">{}</th>\
         <th class=\"n\">{}</th><th class=\"n\">{}</th>",
        escape(l.word(Word::Rank)),
        escape(l.word(Word::Names)),
        escape(l.word(Word::Points)),
        escape(l.word(Word::Percent)),
        escape(l.word(Word::ClubPoints)),
        escape(l.word(Word::Boards)),
    );
    for h in &report.round_headings {
        let _ = write!(out, "<th class=\"n\">{}</th>", escape(h));
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for r in rows {
        ranking_row(out, report, r);
    }
    out.push_str("</tbody>\n</table>\n</div>\n");
}

fn ranking_row(out: &mut String, report: &Report, r: &RankingRow) {
    let _ = write!(
        out,
        "<tr><td class=\"rank\">{} <span class=\"pair\">({})</span></td>\
         <td class=\"name\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td>\
         <td class=\"n\">{}</td><td class=\"n\">{}</td>",
        escape(&r.rank),
        escape(&r.pair),
        escape(&r.names),
        escape(&r.points),
        escape(&r.percentage),
        escape(&r.club_points),
        r.boards,
    );
    for i in 0..report.round_headings.len() {
        let cell = r.rounds.get(i).map(String::as_str).unwrap_or("");
        let _ = write!(out, "<td class=\"n\">{}</td>", escape(cell));
    }
    out.push_str("</tr>\n");
}

/// A board's four hands as a compass: North above, West and East beside, South below.
fn hands(out: &mut String, l: ReportLang, h: &[String; 4]) {
    let seat = |k: usize| -> String {
        let seat = [Seat::North, Seat::East, Seat::South, Seat::West][k];
        let name = notation::seat_name(seat, l.notation());
        let mut s = format!("<div class=\"hand h{k}\"><b>{name}</b>");
        if h[k] == "-" {
            s.push_str("<br>?");
        } else {
            // High-card points: ace 4, king 3, queen 2, jack 1.
            let hcp: u32 = h[k]
                .chars()
                .map(|c| match c {
                    'A' => 4,
                    'K' => 3,
                    'Q' => 2,
                    'J' => 1,
                    _ => 0,
                })
                .sum();
            let _ = write!(s, " <span class=\"hcp\">{hcp}</span>");
            for (suit, cards) in ["\u{2660}", "\u{2665}", "\u{2666}", "\u{2663}"]
                .iter()
                .zip(h[k].split('.'))
            {
                let red = if *suit == "\u{2665}" || *suit == "\u{2666}" {
                    " class=\"red\""
                } else {
                    ""
                };
                let cards = if cards.is_empty() { "\u{2014}" } else { cards };
                let _ = write!(s, "<br><span{red}>{suit}</span> {}", escape(cards));
            }
        }
        s.push_str("</div>");
        s
    };
    let _ = writeln!(
        out,
        "<div class=\"deal\">{}{}{}{}</div>",
        seat(0),
        seat(3),
        seat(1),
        seat(2)
    );
}

fn traveller(out: &mut String, report: &Report, t: &Traveller) {
    let l = report.lang;
    traveller_head(out, l, t);
    if let Some(h) = &t.hands {
        hands(out, l, h);
    }
    if let Some(a) = t.analysed.as_ref().and_then(|b| b.analysis.as_ref()) {
        out.push_str("<div class=\"dd\">");
        crate::hand_record_doc::html_analysis(out, a, l);
        out.push_str("</div>\n");
    }
    let columns = TravellerColumns {
        notes: t.lines.iter().any(|x| !x.note.is_empty()),
        leads: t.lines.iter().any(|x| !x.lead.is_empty()),
        // With the board analysed, each result against par, from North-South's side.
        par: t.par_score(),
    };
    traveller_table_head(out, l, &columns);
    for x in &t.lines {
        traveller_row(out, x, &columns);
    }
    out.push_str("</tbody>\n</table>\n</div>\n</article>\n");
}

/// The columns a traveller's table has besides the usual ones.
struct TravellerColumns {
    notes: bool,
    leads: bool,
    /// The board's par score, when it is analysed.
    par: Option<i32>,
}

/// A traveller's article opened: its heading (board and section) and its facts
/// (dealer, vulnerability, pairs, top, a failed check).
fn traveller_head(out: &mut String, l: ReportLang, t: &Traveller) {
    let failed = if t.check_ok { "" } else { " failed" };
    let _ = write!(
        out,
        "<article class=\"traveller{failed}\" id=\"board-{}{}\">\n<h3>{} {}",
        escape(&t.section),
        t.board,
        escape(l.word(Word::Board)),
        t.board
    );
    if !t.section.is_empty() {
        let _ = write!(
            out,
            " · {} {}",
            escape(l.word(Word::Section)),
            escape(&t.section)
        );
    }
    out.push_str("</h3>\n<p class=\"meta\">");
    for (label, value) in [
        (l.word(Word::Dealer), t.dealer.clone()),
        (l.word(Word::Vulnerable), t.vulnerability.clone()),
        (l.word(Word::Pairs), t.pairs.to_string()),
        (l.word(Word::Top), t.top.to_string()),
    ] {
        let _ = write!(
            out,
            "<span>{}: <b>{}</b></span>",
            escape(label),
            escape(&value)
        );
    }
    if !t.check_ok {
        let _ = write!(
            out,
            "<span class=\"check failed\">\u{2717} {}</span>",
            escape(l.word(Word::CheckFailed))
        );
    }
    out.push_str("</p>\n");
}

/// A traveller's table opened, up to its body: the two heading rows.
fn traveller_table_head(out: &mut String, l: ReportLang, c: &TravellerColumns) {
    let (ns, ew) = l.sides();
    let tail = usize::from(c.notes) + usize::from(c.leads) + usize::from(c.par.is_some());
    let _ = write!(
        out,
        "<div class=\"scroll\">\n<table class=\"traveller-table\">\n<thead>\
         <tr class=\"group\"><th colspan=\"5\"></th><th colspan=\"2\" class=\"b\">{}</th>\
         <th colspan=\"2\" class=\"b\">{}</th>{}</tr>\n\
         <tr><th class=\"n\">{ns}</th><th class=\"n\">{ew}</th><th>{}</th><th>{}</th><th>{}</th>\
         <th class=\"n b\">{ns}</th><th class=\"n\">{ew}</th>\
         <th class=\"n b\">{ns}</th><th class=\"n\">{ew}</th>",
        escape(l.word(Word::Score)),
        escape(l.word(Word::Matchpoints)),
        if tail > 0 {
            format!("<th colspan=\"{tail}\" class=\"b\"></th>")
        } else {
            String::new()
        },
        escape(l.word(Word::Contract)),
        escape(l.word(Word::By)),
        escape(l.word(Word::Result)),
    );
    if c.par.is_some() {
        let _ = write!(out, "<th class=\"n b\">{ns} \u{b1} par</th>");
    }
    if c.leads {
        let _ = write!(out, "<th class=\"b\">{}</th>", escape(l.word(Word::Lead)));
    }
    if c.notes {
        out.push_str("<th></th>");
    }
    out.push_str("</tr>\n</thead>\n<tbody>\n");
}

/// One line of a traveller's table.
fn traveller_row(out: &mut String, x: &crate::report::TravellerLine, c: &TravellerColumns) {
    let by = x.by();
    let _ = write!(
        out,
        "<tr><td class=\"n\">{}</td><td class=\"n\">{}</td><td>{}</td><td>{}</td>\
         <td>{}</td><td class=\"n b\">{}</td><td class=\"n\">{}</td>\
         <td class=\"n b\">{}</td><td class=\"n\">{}</td>",
        escape(&x.ns),
        escape(&x.ew),
        escape(&x.contract),
        escape(&by),
        escape(&x.result),
        escape(&x.score_ns),
        escape(&x.score_ew),
        escape(&x.mp_ns),
        escape(&x.mp_ew),
    );
    if let Some(par) = c.par {
        let _ = write!(out, "<td class=\"n b\">{}</td>", x.versus_par(par));
    }
    if c.leads {
        let _ = write!(out, "<td class=\"b\">{}</td>", escape(&x.lead));
    }
    if c.notes {
        let _ = write!(out, "<td class=\"note\">{}</td>", escape(&x.note));
    }
    out.push_str("</tr>\n");
}

/// The control sheet's box: the event's line and the pairs with their numbers.
fn control_box(out: &mut String, h: &ControlHeader) {
    out.push_str("<div class=\"controlbox\">\n");
    if !h.line.is_empty() {
        let _ = writeln!(out, "<p>{}</p>", escape(&h.line));
    }
    out.push_str("<ol>");
    for (id, names) in &h.pairs {
        let _ = write!(out, "<li><b>{}</b>{}</li>", escape(id), escape(names));
    }
    out.push_str("</ol>\n</div>\n");
}

fn control_block(out: &mut String, report: &Report, block: &ControlBlock) {
    let l = report.lang;
    let (ns, ew) = l.sides();
    let _ = write!(
        out,
        "<div class=\"block\">\n<h3>{}</h3>\n<div class=\"scroll\">\n\
         <table class=\"control\">\n<thead><tr class=\"group\"><th colspan=\"2\"></th>",
        escape(&boards_label(l, &block.boards)),
    );
    for b in &block.boards {
        let _ = write!(
            out,
            "<th colspan=\"4\" class=\"b\">{} {b}</th>",
            escape(l.word(Word::Board))
        );
    }
    let _ = write!(
        out,
        "</tr>\n<tr><th class=\"n\">{ns}</th><th class=\"n\">{ew}</th>"
    );
    for _ in &block.boards {
        let _ = write!(
            out,
            "<th class=\"n b\">{ns}</th><th class=\"n\">{ew}</th><th class=\"n\">{}</th>\
             <th>{}</th>",
            escape(l.word(Word::Score)),
            escape(l.word(Word::Contract)),
        );
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for row in &block.rows {
        let _ = write!(
            out,
            "<tr><td class=\"n\">{}</td><td class=\"n\">{}</td>",
            escape(&row.ns),
            escape(&row.ew)
        );
        for i in 0..block.boards.len() {
            match row.cells.get(i).and_then(Option::as_ref) {
                Some(c) => {
                    let _ = write!(
                        out,
                        "<td class=\"n b\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td>\
                         <td>{}</td>",
                        escape(&c.mp_ns),
                        escape(&c.mp_ew),
                        escape(&c.score),
                        escape(&c.contract),
                    );
                }
                None => out.push_str("<td class=\"b\"></td><td></td><td></td><td></td>"),
            }
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody>\n</table>\n</div>\n</div>\n");
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::report::{ReportOptions, build};
    use crate::travellers::{ReadOptions, read_travellers};
    use klaver_core::notation::Language;
    use klaver_core::session::{Settings, score_session};

    /// A small session: 4 pairs, 2 boards, names chosen to break naive HTML.
    pub(crate) fn small_report(lang: ReportLang) -> Report {
        let csv = "board,ns,ew,contract,declarer,result,score,lead\n\
                   1,1,2,4S,N,=,420,HK\n\
                   1,3,4,4S,N,-1,-50,D2\n\
                   2,1,3,2H,N,=,110,\n\
                   2,2,4,3H,N,=,140,\n";
        let event = read_travellers(
            csv.as_bytes(),
            ReadOptions {
                lang: Language::English,
                ..ReadOptions::default()
            },
        )
        .unwrap();
        assert!(!event.has_errors(), "{:?}", event.diagnostics);
        let mut event = event;
        let names = [
            "<script>alert('x')</script> & Co",
            "Jansen \"de Vries\" & Zn",
            "Şükrü Göç – İlkay Ağır",
            "Zoë Ötçü & Irène",
        ];
        for (p, n) in event.pairs.iter_mut().zip(names) {
            p.names = n.to_string();
        }
        let result = score_session(&event.pairs, &event.results, &Settings::default()).unwrap();
        build(
            &event,
            &result,
            &ReportOptions {
                title: "Club <Avond> & \"Zomer\"".into(),
                date: "2024-06-01".into(),
                lang,
                boards_per_round: Some(1),
                ..ReportOptions::default()
            },
        )
    }

    /// A Dutch or Turkish page prints the director's adjustments in its own words.
    #[test]
    fn adjustments_on_a_dutch_or_turkish_page() {
        use crate::report::tests::{adjusted_report, english_word_in};
        for (lang, words) in [
            (
                ReportLang::Nl,
                [
                    "GEM", "GEM+", "GEM-", "Reverse", "60/50", "NG", "OW 60%", "NZ 40%",
                ],
            ),
            (
                ReportLang::Tr,
                [
                    "Ortalama",
                    "Ortalama+",
                    "Ortalama-",
                    "Ters",
                    "60/50",
                    "Oynanmadı",
                    "D-B 60%",
                    "K-G 40%",
                ],
            ),
        ] {
            let page = render(&adjusted_report(lang).1);
            let notes: Vec<&str> = page
                .split("<td class=\"note\">")
                .skip(1)
                .filter_map(|cell| cell.split("</td>").next())
                .filter(|note| !note.is_empty())
                .collect();
            assert_eq!(notes[..8], words, "{page}");
            assert_eq!(english_word_in(&page), None, "{page}");
        }
    }

    #[test]
    fn escape_handles_every_special_character() {
        assert_eq!(
            escape(r#"<a href="x">'Tom' & Jerry</a>"#),
            "&lt;a href=&quot;x&quot;&gt;&#39;Tom&#39; &amp; Jerry&lt;/a&gt;"
        );
        assert_eq!(escape("Zoë Şükrü"), "Zoë Şükrü");
        assert_eq!(escape("&amp;"), "&amp;amp;");
        assert_eq!(escape(""), "");
    }

    #[test]
    fn hostile_names_and_title_are_escaped() {
        let html = render(&small_report(ReportLang::En));
        assert!(!html.contains("<script>"), "{html}");
        assert!(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; Co"));
        assert!(html.contains("Jansen &quot;de Vries&quot; &amp; Zn"));
        assert!(html.contains("Club &lt;Avond&gt; &amp; &quot;Zomer&quot;"));
        assert!(html.contains("Şükrü Göç – İlkay Ağır"));
        // The only tags are the renderer's own: no raw `<` from the data survives.
        assert!(!html.contains("<Avond>"));
        assert!(!html.contains("<script"));
    }

    #[test]
    fn page_is_self_contained_and_printable() {
        let html = render(&small_report(ReportLang::Nl));
        assert!(html.starts_with("<!DOCTYPE html>\n<html lang=\"nl\">"));
        assert!(html.contains("<meta charset=\"utf-8\">"));
        assert!(html.contains("name=\"viewport\""));
        assert!(html.contains("@page { size: A4;"));
        assert!(html.contains("@media print"));
        assert!(html.contains("break-inside: avoid"));
        assert!(!html.contains("<script"));
        assert!(!html.contains("src="));
        assert!(!html.contains("<link"));
        assert!(!html.contains("http://") && !html.contains("https://"));
        assert!(html.trim_end().ends_with("</html>"));
        let en = render(&small_report(ReportLang::En));
        assert!(en.contains("<html lang=\"en\">"));
    }

    #[test]
    fn every_pair_and_every_board_is_shown() {
        let report = small_report(ReportLang::Nl);
        let html = render(&report);
        assert_eq!(report.ranking.len(), 4);
        for r in &report.ranking {
            assert!(html.contains(&escape(&r.names)), "{}", r.names);
            assert!(html.contains(&format!("<span class=\"pair\">({})</span>", r.pair)));
        }
        assert_eq!(report.travellers.len(), 2);
        for t in &report.travellers {
            assert!(html.contains(&format!("id=\"board-{}\"", t.board)));
            assert!(html.contains(&format!("<h3>Gift {}", t.board)));
        }
        assert_eq!(html.matches("<article class=\"traveller").count(), 2);
        assert_eq!(
            html.matches("<div class=\"block\">").count(),
            report.control.len()
        );
        assert!(html.contains("Uitslag") && html.contains("Controlestaat"));
        assert_eq!(boards_label(ReportLang::Nl, &[1, 2, 3, 4]), "Giften 1–4");
        assert_eq!(boards_label(ReportLang::En, &[5]), "Board 5");
        assert!(html.contains("checkSom: NZ + OW = top op elke lijn"));
        assert!(html.contains("2024-06-01"));
    }

    #[test]
    fn a_turkish_report_speaks_turkish() {
        let mut report = small_report(ReportLang::Tr);
        report.travellers[0].hands = Some([
            "AKQ.JT9.876.5432".into(),
            "-".into(),
            "-".into(),
            "-".into(),
        ]);
        let html = render(&report);
        assert!(
            html.starts_with("<!DOCTYPE html>\n<html lang=\"tr\">"),
            "{html}"
        );
        for word in [
            "<h2>Sıralama</h2>",
            "<h2>Board Sonuçları</h2>",
            "<h2>Kontrol Tablosu</h2>",
            "<th>Sıra (Çift)</th><th>Oyuncular</th><th class=\"n\">Puan</th>",
            "<th class=\"n\">KP</th><th class=\"n\">Board</th>",
            "<h3>Board 1",
            "Dağıtan: <b>K</b>",
            "Zonda: <b>Kimse</b>",
            "Zonda: <b>K-G</b>",
            "Çift sayısı: <b>4</b>",
            "Top: <b>2</b>",
            "<th>Kontrat</th><th>Kontrat Sahibi</th><th>Sonuç</th>",
            "<th colspan=\"2\" class=\"b\">Skor</th>",
            "<th colspan=\"2\" class=\"b\">Maç Puanı</th>",
            "<th class=\"n\">K-G</th><th class=\"n\">D-B</th>",
            "<th class=\"b\">Atak</th>",
            "<td>4 Pik</td><td>1 (K)</td><td>bien</td>",
            "<td>4 Pik</td><td>3 (K)</td><td>-1</td>",
            "<b>Kuzey</b>",
            "<b>Doğu</b>",
            "<b>Güney</b>",
            "<b>Batı</b>",
            "Kontrol: her satırda K-G + D-B = top",
            "Tur başına ortalama: 1",
            "2 board · Top 2",
        ] {
            assert!(html.contains(word), "{word} not in\n{html}");
        }
        assert_eq!(boards_label(ReportLang::Tr, &[1, 2, 3, 4]), "Board 1–4");
        assert_eq!(boards_label(ReportLang::Tr, &[5]), "Board 5");
        // No English or Dutch label is left in the page's own words.
        for word in [
            "Result list",
            "Travellers",
            "Dealer",
            "Uitslag",
            "North",
            "NS",
        ] {
            assert!(!html.contains(word), "{word} in\n{html}");
        }
        report.check_ok = false;
        assert!(render(&report).contains("Kontrol HATALI: K-G + D-B toptan farklı"));
        report.warnings = vec!["x".into()];
        assert!(render(&report).contains("Uyarılar (1)"));
    }

    #[test]
    fn warnings_are_boxed_only_when_present() {
        let mut report = small_report(ReportLang::En);
        report.warnings.clear();
        assert!(!render(&report).contains("class=\"warnings\""));
        report.warnings = vec!["line 3: <4S> & \"x\" was entered".into()];
        let html = render(&report);
        assert!(html.contains("class=\"warnings\""));
        assert!(html.contains("Warnings (1)"));
        assert!(html.contains("line 3: &lt;4S&gt; &amp; &quot;x&quot; was entered"));
    }

    #[test]
    fn notes_are_boxed_apart_from_the_warnings_and_not_counted_with_them() {
        let mut report = small_report(ReportLang::Nl);
        report.warnings = vec!["w".into()];
        report.notes = vec!["gift 7: paar 15 zat deze gift uit".into(), "n".into()];
        let html = render(&report);
        assert!(
            html.contains("<summary>\u{26a0} Waarschuwingen (1)</summary>"),
            "{html}"
        );
        assert!(
            html.contains(
                "<details class=\"notes\" open role=\"note\">\n<summary>Opmerkingen (2)</summary>"
            ),
            "{html}"
        );
        assert!(
            html.contains("<li>gift 7: paar 15 zat deze gift uit</li>"),
            "{html}"
        );
        report.warnings.clear();
        let html = render(&report);
        assert!(!html.contains("class=\"warnings\""), "{html}");
        assert!(html.contains("Opmerkingen (2)"), "{html}");
    }

    #[test]
    fn a_result_list_alone_has_no_empty_parts() {
        let mut report = small_report(ReportLang::En);
        report.travellers.clear();
        report.control.clear();
        let html = render(&report);
        assert!(html.contains("id=\"result\""));
        assert!(!html.contains("id=\"travellers\""));
        assert!(!html.contains("id=\"control\""));
        assert!(!html.contains("<nav>"));
        assert!(!html.contains("class=\"check"));
    }

    #[test]
    fn a_failed_check_is_marked() {
        let mut report = small_report(ReportLang::En);
        report.check_ok = false;
        report.travellers[0].check_ok = false;
        let html = render(&report);
        assert!(html.contains("class=\"check failed\""));
        assert!(html.contains("Check FAILED"));
        assert!(html.contains("class=\"traveller failed\""));
    }
}
