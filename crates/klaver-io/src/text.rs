//! Plain-text rendering of a session report: the result list as seed 000 prints it, and
//! on request the control sheet and the travellers.

use crate::report::{
    ControlHeader, RankingRow, Report, ReportLang, Traveller, TravellerLine, Word,
};
use klaver_core::parts::in_parts;
use std::borrow::Cow;
use std::fmt::Write;

/// Which parts of the report to print.
#[derive(Debug, Clone, Copy, Default)]
pub struct TextParts {
    /// The control sheet after the result list.
    pub control: bool,
    /// Every traveller after the result list.
    pub travellers: bool,
}

/// The columns `s` takes on screen: an accent typed as a mark of its own takes none, a
/// CJK character two.
pub(crate) fn shown_width(s: &str) -> usize {
    // Most cells are ASCII (figures, most names): one column a byte, found at once.
    if s.is_ascii() {
        s.len()
    } else {
        unicode_width::UnicodeWidthStr::width(s)
    }
}

/// Pads `s` to `w` columns (counting what it takes on screen, not bytes or characters).
fn pad(s: &str, w: usize) -> String {
    let n = shown_width(s);
    if n >= w {
        s.to_string()
    } else {
        format!("{s}{}", " ".repeat(w - n))
    }
}

fn rpad(s: &str, w: usize) -> String {
    let n = shown_width(s);
    if n >= w {
        s.to_string()
    } else {
        format!("{}{s}", " ".repeat(w - n))
    }
}

/// A table with left-aligned text columns and right-aligned number columns.
fn table(out: &mut String, header: &[String], rows: &[Vec<String>], right: &[bool]) {
    table_of(out, header, rows, |r| r.iter(), right);
}

/// [`table`] of the rows `cells` makes of `items` (twice each: for the widths, then for
/// the lines, so that a long list is printed without a copy of every cell). A long
/// list's widths and lines are worked out on every core.
fn table_of<'a, T: Sync, C>(
    out: &mut String,
    header: &[String],
    items: &'a [T],
    cells: impl Fn(&'a T) -> C + Sync,
    right: &[bool],
) where
    C: IntoIterator,
    C::Item: AsRef<str>,
{
    let columns = header.len();
    let mut width: Vec<usize> = header.iter().map(|h| shown_width(h)).collect();
    let widths = in_parts(items, |part| {
        let mut width = vec![0; columns];
        for item in part {
            for (w, cell) in width.iter_mut().zip(cells(item)) {
                *w = (*w).max(shown_width(cell.as_ref()));
            }
        }
        width
    });
    for part in widths {
        for (w, p) in width.iter_mut().zip(part) {
            *w = (*w).max(p);
        }
    }
    let mut line = String::new();
    table_line(out, &mut line, header, &width, right);
    let lines = in_parts(items, |part| {
        let (mut text, mut line) = (String::new(), String::new());
        for item in part {
            table_line(&mut text, &mut line, cells(item), &width, right);
        }
        text
    });
    for text in lines {
        out.push_str(&text);
    }
}

/// `n` spaces at the end of `line`, in pieces rather than one by one.
fn spaces(line: &mut String, mut n: usize) {
    const SPACES: &str = "                                ";
    while n > 0 {
        let k = n.min(SPACES.len());
        line.push_str(&SPACES[..k]);
        n -= k;
    }
}

/// One line of a table: each cell padded to its column's width (`line` is scratch).
fn table_line<S: AsRef<str>>(
    out: &mut String,
    line: &mut String,
    cells: impl IntoIterator<Item = S>,
    width: &[usize],
    right: &[bool],
) {
    line.clear();
    for (c, (cell, &w)) in cells.into_iter().zip(width).enumerate() {
        let cell = cell.as_ref();
        if c > 0 {
            line.push_str("  ");
        }
        let fill = w.saturating_sub(shown_width(cell));
        if right[c] {
            spaces(line, fill);
            line.push_str(cell);
        } else {
            line.push_str(cell);
            spaces(line, fill);
        }
    }
    out.push_str(line.trim_end());
    out.push('\n');
}

/// The cells of a pair's line in the result list: rank and pair, the names when the
/// list has them, points, percentage, club points, boards and the round columns.
fn ranking_cells(r: &RankingRow, names: bool) -> impl Iterator<Item = Cow<'_, str>> {
    let first = if r.rank.is_empty() {
        format!("({})", r.pair)
    } else {
        format!("{}({})", r.rank, r.pair)
    };
    let texts = [&r.points, &r.percentage, &r.club_points];
    std::iter::once(Cow::Owned(first))
        .chain(names.then_some(Cow::Borrowed(r.names.as_str())))
        .chain(texts.into_iter().map(|t| Cow::Borrowed(t.as_str())))
        .chain(std::iter::once(Cow::Owned(r.boards.to_string())))
        .chain(r.rounds.iter().map(|t| Cow::Borrowed(t.as_str())))
}

/// The control sheet's box: the event's line, then the pairs four to a row, framed.
fn control_box(out: &mut String, header: &ControlHeader) {
    let cells: Vec<String> = header
        .pairs
        .iter()
        .map(|(id, names)| format!("{} {names}", rpad(id, 2)).trim_end().to_string())
        .collect();
    let mut width = [0usize; 4];
    for (i, c) in cells.iter().enumerate() {
        width[i % 4] = width[i % 4].max(shown_width(c));
    }
    let rows: Vec<String> = cells
        .chunks(4)
        .map(|row| {
            let padded: Vec<String> = row.iter().zip(width).map(|(c, w)| pad(c, w)).collect();
            padded.join("   ").trim_end().to_string()
        })
        .collect();
    // The event's line, when the box has one (no title, date or boards a round: none).
    let head = Some(&header.line).filter(|l| !l.is_empty());
    let inner = head
        .into_iter()
        .chain(&rows)
        .map(|l| shown_width(l))
        .max()
        .unwrap_or(0);
    let rule = format!("+{}+", "-".repeat(inner + 2));
    let _ = writeln!(out, "{rule}");
    for line in head.into_iter().chain(&rows) {
        let _ = writeln!(out, "| {} |", pad(line, inner));
    }
    let _ = writeln!(out, "{rule}\n");
}

/// The report as plain text.
pub fn render(report: &Report, parts: TextParts) -> String {
    let mut out = String::new();
    write_heading(&mut out, report);
    write_ranking(&mut out, report);
    if parts.control {
        write_control(&mut out, report);
    }
    if parts.travellers {
        write_travellers(&mut out, report);
    }
    if parts.control || parts.travellers {
        let _ = writeln!(out, "\n{}", report.check_sentence());
    }
    out
}

/// The date, title and number of boards on the first line.
fn write_heading(out: &mut String, report: &Report) {
    let mut heading = Vec::new();
    if !report.date.is_empty() {
        heading.push(report.date.clone());
    }
    if !report.title.is_empty() {
        heading.push(report.title.clone());
    }
    heading.push(report.lang.boards(report.board_count));
    let _ = writeln!(out, "{}\n", heading.join("   "));
}

/// The ranking, one table per group (a section or direction) under its heading, and
/// the average per round when the report has round columns.
fn write_ranking(out: &mut String, report: &Report) {
    let l = report.lang;
    let mut header = vec![
        l.word(Word::Rank).to_string(),
        l.word(Word::Names).to_string(),
        l.word(Word::Points).to_string(),
        l.word(Word::Percent).to_string(),
        l.word(Word::ClubPoints).to_string(),
        l.word(Word::Boards).to_string(),
    ];
    header.extend(report.round_headings.iter().cloned());
    let mut right = vec![false, false, true, true, true, true];
    right.extend(report.round_headings.iter().map(|_| true));
    // Without any names the names column is left out rather than printed empty.
    let names = report.ranking.iter().any(|r| !r.names.is_empty());
    if !names {
        header.remove(1);
        right.remove(1);
    }
    for (k, (heading, group)) in report.ranking_groups().into_iter().enumerate() {
        if !heading.is_empty() {
            let _ = writeln!(out, "{}{heading}", if k > 0 { "\n" } else { "" });
        }
        table_of(out, &header, group, |r| ranking_cells(r, names), &right);
    }
    if let Some(avg) = &report.average_per_round {
        let _ = writeln!(out, "\n{}: {}", l.word(Word::AveragePerRound), avg);
    }
}

/// The control sheet: each pair's matchpoints, score and contract board by board.
fn write_control(out: &mut String, report: &Report) {
    let l = report.lang;
    let (ns, ew) = l.sides();
    let _ = writeln!(out, "\n{}\n", l.word(Word::ControlSheet));
    if let Some(h) = &report.control_header {
        control_box(out, h);
    }
    for block in &report.control {
        let mut header = vec![ns.to_string(), ew.to_string()];
        header.extend(
            block
                .boards
                .iter()
                .map(|b| format!("{} {b}", l.word(Word::Board))),
        );
        let mut right = vec![true, true];
        right.extend(block.boards.iter().map(|_| false));
        let rows: Vec<Vec<String>> = block
            .rows
            .iter()
            .map(|r| {
                let mut row = vec![r.ns.clone(), r.ew.clone()];
                row.extend(r.cells.iter().map(|c| match c {
                    Some(c) => format!("{} {} {} {}", c.mp_ns, c.mp_ew, c.score, c.contract),
                    None => String::new(),
                }));
                row
            })
            .collect();
        table(out, &header, &rows, &right);
        out.push('\n');
    }
}

/// Every board's traveller: its heading line, then one row per result.
fn write_travellers(out: &mut String, report: &Report) {
    let l = report.lang;
    let _ = writeln!(out, "\n{}", l.word(Word::Travellers));
    let (ns, ew) = l.sides();
    let score = l.word(Word::Score);
    let mp = l.word(Word::MatchpointsShort);
    let header: Vec<String> = vec![
        ns.to_string(),
        ew.to_string(),
        l.word(Word::Contract).to_string(),
        l.word(Word::By).to_string(),
        l.word(Word::Result).to_string(),
        format!("{score} {ns}"),
        format!("{score} {ew}"),
        format!("{mp} {ns}"),
        format!("{mp} {ew}"),
        String::new(),
    ];
    let right = [
        true, true, false, false, false, true, true, true, true, false,
    ];
    for t in &report.travellers {
        traveller_heading(out, l, t);
        let rows: Vec<Vec<String>> = t.lines.iter().map(traveller_row).collect();
        table(out, &header, &rows, &right);
    }
}

/// A traveller's heading: board, section, dealer, vulnerability, pairs and top.
fn traveller_heading(out: &mut String, l: ReportLang, t: &Traveller) {
    let section = if t.section.is_empty() {
        String::new()
    } else {
        format!("  {} {}", l.word(Word::Section), t.section)
    };
    let _ = writeln!(
        out,
        "\n{} {}{section}   {}",
        l.word(Word::Board),
        t.board,
        t.facts(l)
    );
}

/// One result of a traveller as its row's cells.
fn traveller_row(x: &TravellerLine) -> Vec<String> {
    vec![
        x.ns.clone(),
        x.ew.clone(),
        x.contract.clone(),
        x.by(),
        x.result.clone(),
        x.score_ns.clone(),
        x.score_ew.clone(),
        x.mp_ns.clone(),
        x.mp_ew.clone(),
        x.note.clone(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::html::tests::small_report;
    use crate::report::ReportLang;

    /// A table long enough to be laid out in parts (its widths worked out per part, its
    /// lines made per part) is the table laid out line by line.
    #[test]
    fn a_long_table_in_parts_is_the_table_line_by_line() {
        let rows: Vec<Vec<String>> = (0..70_000u32)
            .map(|i| {
                let wide = if i == 69_000 { "a very long name" } else { "" };
                vec![
                    format!("{}", i * 7 % 1000),
                    format!("{wide}n{}", i % 13),
                    "é".into(),
                ]
            })
            .collect();
        let header = ["Rank".to_string(), "Names".into(), "X".into()];
        let right = [true, false, true];
        let mut got = String::new();
        table(&mut got, &header, &rows, &right);
        let mut width = [4usize, 5, 1];
        for r in &rows {
            for (w, c) in width.iter_mut().zip(r) {
                *w = (*w).max(c.chars().count());
            }
        }
        assert_eq!(width, [4, 18, 1]);
        let (mut want, mut line) = (String::new(), String::new());
        table_line(&mut want, &mut line, &header, &width, &right);
        for r in &rows {
            table_line(&mut want, &mut line, r, &width, &right);
        }
        assert_eq!(got, want);
    }

    const ALL: TextParts = TextParts {
        control: true,
        travellers: true,
    };

    #[test]
    fn a_turkish_report_speaks_turkish() {
        let out = render(&small_report(ReportLang::Tr), ALL);
        for word in [
            "2024-06-01   Club <Avond> & \"Zomer\"   2 board\n",
            "Sıra (Çift)  Oyuncular",
            "Puan      %    KP  Board\n",
            "Tur başına ortalama: 1",
            "\nKontrol Tablosu\n",
            "K-G  D-B  Board 1",
            "\nBoard Sonuçları\n",
            "Board 1   Dağıtan: K   Zonda: Kimse   Çift sayısı: 4   Top: 2",
            "Board 2   Dağıtan: D   Zonda: K-G   Çift sayısı: 4   Top: 2",
            "Kontrat  Kontrat Sahibi  Sonuç  Skor K-G  Skor D-B  MP K-G  MP D-B",
            "4 Pik    1 (K)           bien",
            "K 4 Pik bien",
            "Kontrol: her satırda K-G + D-B = top",
        ] {
            assert!(out.contains(word), "{word:?} not in\n{out}");
        }
        for word in ["Rank", "Result", "Dealer", "NS", "EW", "Gift"] {
            assert!(!out.contains(word), "{word} in\n{out}");
        }
    }

    #[test]
    fn travellers_name_the_sides_in_the_report_language() {
        let nl = render(&small_report(ReportLang::Nl), ALL);
        assert!(
            nl.contains("Score NZ  Score OW  Punten NZ  Punten OW"),
            "{nl}"
        );
        let en = render(&small_report(ReportLang::En), ALL);
        assert!(en.contains("Score NS  Score EW  MP NS  MP EW"), "{en}");
        assert!(en.contains("\nNS  EW  Board 1"), "{en}");
    }

    /// Columns line up by the width a name takes on screen: an accent typed as a mark of
    /// its own (as some systems save text) takes no column, a CJK character two. Padding
    /// counted characters, which put such a row's figures columns off the others'.
    #[test]
    fn names_with_combining_marks_or_wide_letters_line_up() {
        let rows = vec![
            vec!["Zoe\u{308} Bronte\u{308}".to_string(), "73".into()],
            vec!["Zoë Brontë".to_string(), "5".into()],
            vec!["李小龍 Lee".to_string(), "60".into()],
        ];
        let header = ["Names".to_string(), "Points".into()];
        let mut out = String::new();
        table(&mut out, &header, &rows, &[false, true]);
        let ends: Vec<usize> = out.lines().map(shown_width).collect();
        assert_eq!(ends, [18, 18, 18, 18], "{out}");
    }
}
