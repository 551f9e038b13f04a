//! PDF rendering of a session report: an A4 document with the result list (and any
//! warnings), the travellers and the control sheet, each part starting on a new page, with
//! page numbers in the footer, ready to print or mail to the members.
//!
//! Text is set in DejaVu Sans (regular and bold), embedded in the document as a subset of
//! the glyphs used, so every Latin name prints as typed: Dutch `ë é ij`, Turkish
//! `ş ğ ı İ ç ö ü`, and much more. A character the font cannot show is an error naming the
//! text it was in; it is never replaced by something else. The text can be searched and
//! copied from the document.
//!
//! Tables take the width their contents need; when a table would be wider than the page its
//! type gets smaller, and when even that is not enough the names column wraps. A traveller
//! and a control-sheet block are kept on one page whenever they fit on one; travellers
//! narrow enough stand two side by side.

use crate::html::boards_label;
use crate::report::{ControlBlock, RankingRow, Report, ReportLang, Traveller, Word};
use pdf_writer::types::{CidFontType, FontFlags, SystemInfo, UnicodeCmap};
use pdf_writer::{Buf, Content, Filter, Finish, Name, Pdf, Rect, Ref, Str, TextStr};
use std::cell::RefCell;
use std::collections::BTreeMap;

/// Why a report could not be made into a PDF.
#[derive(Debug, thiserror::Error)]
pub enum PdfError {
    /// A character that the embedded font has no glyph for.
    #[error(
        "the PDF font has no sign for {ch:?} (U+{code:04X}) in {text:?}; correct that text, \
         or publish this session as HTML or text instead",
        code = u32::from(*ch)
    )]
    UnsupportedCharacter {
        /// The character.
        ch: char,
        /// The text it appears in.
        text: String,
    },
    /// The embedded font could not be read or reduced to the glyphs used.
    #[error("the embedded PDF font could not be used: {0}")]
    Font(String),
}

static REGULAR_TTF: &[u8] = include_bytes!("../fonts/DejaVuSans.ttf");
static BOLD_TTF: &[u8] = include_bytes!("../fonts/DejaVuSans-Bold.ttf");

/// A4 in points.
const PAGE_W: f32 = 595.276;
const PAGE_H: f32 = 841.89;
const MARGIN_X: f32 = 40.0;
const MARGIN_TOP: f32 = 44.0;
const MARGIN_BOTTOM: f32 = 52.0;
const FOOTER_Y: f32 = 28.0;
const CONTENT_W: f32 = PAGE_W - 2.0 * MARGIN_X;
/// Smallest type a table shrinks to before its names wrap.
const MIN_TABLE_SIZE: f32 = 6.5;
/// Horizontal and vertical padding inside a table cell, as a fraction of the type size.
const CELL_PAD_X: f32 = 0.45;
const CELL_PAD_Y: f32 = 0.28;
const LINE_GAP: f32 = 1.22;

type Rgb = (f32, f32, f32);
const BLACK: Rgb = (0.0, 0.0, 0.0);
const ACCENT: Rgb = (0.114, 0.31, 0.57);
const GREY_TEXT: Rgb = (0.3, 0.3, 0.3);
const HEAD_FILL: Rgb = (0.89, 0.91, 0.94);
const ZEBRA_FILL: Rgb = (0.965, 0.97, 0.98);
const RULE: Rgb = (0.6, 0.63, 0.68);
const OK_TEXT: Rgb = (0.09, 0.38, 0.17);
const BAD_TEXT: Rgb = (0.66, 0.07, 0.07);
const WARN_FILL: Rgb = (1.0, 0.965, 0.9);
const WARN_BAR: Rgb = (0.78, 0.47, 0.0);
const WARN_TEXT: Rgb = (0.54, 0.29, 0.0);

/// One of the two embedded faces, with the glyphs the document uses.
struct Face {
    face: ttf_parser::Face<'static>,
    data: &'static [u8],
    base_name: &'static str,
    per_em: f32,
    /// Original glyph id -> the character it stands for (for copy and search).
    used: RefCell<BTreeMap<u16, char>>,
}

impl Face {
    fn load(data: &'static [u8], base_name: &'static str) -> Result<Face, PdfError> {
        let face = ttf_parser::Face::parse(data, 0).map_err(|e| PdfError::Font(e.to_string()))?;
        let per_em = f32::from(face.units_per_em());
        Ok(Face {
            face,
            data,
            base_name,
            per_em,
            used: RefCell::new(BTreeMap::new()),
        })
    }

    /// The glyph of a character; white space of any kind is set as a space.
    fn glyph(&self, c: char) -> Option<(u16, char)> {
        let c = if c.is_whitespace() { ' ' } else { c };
        self.face
            .glyph_index(c)
            .filter(|g| g.0 != 0)
            .map(|g| (g.0, c))
    }

    fn advance(&self, glyph: u16) -> f32 {
        f32::from(
            self.face
                .glyph_hor_advance(ttf_parser::GlyphId(glyph))
                .unwrap_or(0),
        )
    }

    /// Width in thousandths of the type size.
    fn units(&self, glyph: u16) -> f32 {
        self.advance(glyph) * 1000.0 / self.per_em
    }
}

/// The two faces and the first character found that neither can show.
struct Fonts {
    regular: Face,
    bold: Face,
    missing: RefCell<Option<(char, String)>>,
}

impl Fonts {
    fn load() -> Result<Fonts, PdfError> {
        Ok(Fonts {
            regular: Face::load(REGULAR_TTF, "DejaVuSans")?,
            bold: Face::load(BOLD_TTF, "DejaVuSans-Bold")?,
            missing: RefCell::new(None),
        })
    }

    fn face(&self, bold: bool) -> &Face {
        if bold { &self.bold } else { &self.regular }
    }

    /// The width of `text` set at `size`.
    fn width(&self, text: &str, bold: bool, size: f32) -> f32 {
        let face = self.face(bold);
        let mut units = 0.0;
        for c in text.chars() {
            match face.glyph(c) {
                Some((g, _)) => units += face.units(g),
                None => self.note_missing(c, text),
            }
        }
        units * size / 1000.0
    }

    fn note_missing(&self, c: char, text: &str) {
        let mut missing = self.missing.borrow_mut();
        if missing.is_none() {
            *missing = Some((c, text.to_string()));
        }
    }

    /// Records the glyphs of `text` as used.
    fn mark(&self, text: &str, bold: bool) {
        let face = self.face(bold);
        let mut used = face.used.borrow_mut();
        for c in text.chars() {
            match face.glyph(c) {
                Some((g, c)) => {
                    used.entry(g).or_insert(c);
                }
                None => self.note_missing(c, text),
            }
        }
    }
}

/// A drawing operation on a page, in PDF coordinates (points, origin bottom left).
#[derive(Debug, Clone)]
enum Op {
    Text {
        x: f32,
        y: f32,
        size: f32,
        bold: bool,
        color: Rgb,
        text: String,
    },
    Fill {
        x: f32,
        y: f32,
        w: f32,
        h: f32,
        color: Rgb,
    },
    Line {
        x1: f32,
        y1: f32,
        x2: f32,
        y2: f32,
        width: f32,
        color: Rgb,
    },
}

/// A column of a table.
#[derive(Debug, Clone)]
pub struct Column {
    /// The column heading.
    pub header: String,
    /// Numbers are right-aligned.
    pub right: bool,
    /// Names may wrap when the table is too wide.
    pub wrap: bool,
    /// A rule on the left of the column.
    pub rule: bool,
}

impl Column {
    /// A left-aligned column.
    pub fn text(header: &str) -> Column {
        Column {
            header: header.to_string(),
            right: false,
            wrap: false,
            rule: false,
        }
    }
    /// A right-aligned column, for numbers.
    pub fn num(header: &str) -> Column {
        Column {
            right: true,
            ..Column::text(header)
        }
    }
    /// The column's text may wrap when the table is wider than its room.
    pub fn wrapping(mut self) -> Column {
        self.wrap = true;
        self
    }
    /// A rule on the left of the column.
    pub fn ruled(mut self) -> Column {
        self.rule = true;
        self
    }
}

/// A table: an optional row of group headings over the column headings, then the rows.
///
/// It takes the width its contents need; when that is more than its room its type gets
/// smaller (down to 6.5 pt), then its wrapping columns wrap. A table longer than the rest
/// of the page goes on over the next pages with its headings repeated.
#[derive(Debug, Clone, Default)]
pub struct Table {
    /// Group headings over the column headings, each with the number of columns it spans.
    pub groups: Vec<(String, usize)>,
    /// The columns.
    pub columns: Vec<Column>,
    /// The rows, one text per column.
    pub rows: Vec<Vec<String>>,
    /// The first column is set in bold.
    pub bold_first: bool,
    /// The type size when the table fits its room.
    pub base_size: f32,
    /// How many leading columns (a rank, a name) stand again beside the rest of the
    /// columns when the table is too wide for its room and goes on below.
    pub repeat: usize,
}

impl Table {
    /// A table of these columns and rows in 9 pt type.
    pub fn new(columns: Vec<Column>, rows: Vec<Vec<String>>) -> Table {
        Table {
            columns,
            rows,
            base_size: 9.0,
            ..Table::default()
        }
    }
}

impl Table {
    /// A table too wide for `width` even in its smallest type, cut into parts of its
    /// columns that each fit, one under the other, each with the leading columns
    /// again; `None` when it fits as it is.
    fn column_parts(&self, fonts: &Fonts, width: f32) -> Option<Vec<Table>> {
        let fits = |t: &Table| t.fit(fonts, width).width() <= width + 0.01;
        if fits(self) {
            return None;
        }
        let n = self.columns.len();
        let keep: Vec<usize> = (0..self.repeat.min(n)).collect();
        // As many parts as filling each in turn takes, then the columns shared out
        // evenly among them when that fits too: parts of like width, in larger type.
        let mut ends = Vec::new();
        let mut start = keep.len();
        while start < n {
            let mut end = start + 1;
            while end < n && fits(&self.select(&keep, start..end + 1)) {
                end += 1;
            }
            ends.push(end);
            start = end;
        }
        let (rest, k) = (n - keep.len(), ends.len());
        let even: Vec<usize> = (1..=k)
            .map(|i| keep.len() + (rest * i).div_ceil(k))
            .collect();
        let ranges = |ends: &[usize]| {
            let starts = std::iter::once(keep.len()).chain(ends.iter().copied());
            starts
                .zip(ends.iter().copied())
                .map(|(a, b)| a..b)
                .collect::<Vec<_>>()
        };
        let mut parts: Vec<Table> = ranges(&even)
            .into_iter()
            .map(|r| self.select(&keep, r))
            .collect();
        if !parts.iter().all(fits) {
            parts = ranges(&ends)
                .into_iter()
                .map(|r| self.select(&keep, r))
                .collect();
        }
        // One type size for all the parts: the smallest any of them needs.
        let size = parts
            .iter()
            .map(|p| p.fit(fonts, width).size)
            .fold(self.base_size, f32::min);
        for p in &mut parts {
            p.base_size = size;
        }
        Some(parts)
    }

    /// The table of columns `keep` and `rest` only, group headings cut to match.
    fn select(&self, keep: &[usize], rest: std::ops::Range<usize>) -> Table {
        let chosen: Vec<usize> = keep.iter().copied().chain(rest).collect();
        let mut group_of = Vec::with_capacity(self.columns.len());
        for (g, (_, span)) in self.groups.iter().enumerate() {
            group_of.extend(std::iter::repeat_n(g, (*span).max(1)));
        }
        let mut groups: Vec<(String, usize)> = Vec::new();
        let mut last = None;
        for &c in chosen.iter().filter(|_| !self.groups.is_empty()) {
            let g = group_of.get(c).copied();
            match groups.last_mut() {
                Some((_, span)) if g == last => *span += 1,
                _ => groups.push((g.map(|g| self.groups[g].0.clone()).unwrap_or_default(), 1)),
            }
            last = g;
        }
        Table {
            groups,
            columns: chosen.iter().map(|&c| self.columns[c].clone()).collect(),
            rows: self
                .rows
                .iter()
                .map(|r| {
                    chosen
                        .iter()
                        .map(|&c| r.get(c).cloned().unwrap_or_default())
                        .collect()
                })
                .collect(),
            bold_first: self.bold_first && chosen.first() == Some(&0),
            base_size: self.base_size,
            repeat: 0,
        }
    }
}

/// Space between the parts of a table too wide for its room.
const PART_GAP: f32 = 8.0;

/// A table measured for a given width.
struct Fitted {
    size: f32,
    widths: Vec<f32>,
    header_h: f32,
    /// Per row: its lines per cell.
    rows: Vec<Vec<Vec<String>>>,
    row_h: Vec<f32>,
}

impl Fitted {
    fn width(&self) -> f32 {
        self.widths.iter().sum()
    }
    fn height(&self) -> f32 {
        self.header_h + self.row_h.iter().sum::<f32>()
    }
    /// The headings and the first row: what must stand on a page before a table starts.
    fn lead(&self) -> f32 {
        self.header_h + self.row_h.first().copied().unwrap_or(0.0)
    }
}

/// Breaks `text` into lines no wider than `width`, at spaces, or inside a word that is
/// wider than a line by itself ([`break_word`]).
fn wrap(fonts: &Fonts, text: &str, bold: bool, size: f32, width: f32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let candidate = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if fonts.width(&candidate, bold, size) <= width || line.is_empty() && word.is_empty() {
            line = candidate;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        if fonts.width(word, bold, size) <= width {
            line = word.to_string();
        } else {
            let fits = |piece: &str| fonts.width(piece, bold, size) <= width;
            let mut pieces = break_word(word, fits);
            line = pieces.pop().unwrap_or_default();
            lines.extend(pieces);
        }
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// Breaks a word wider than a line into pieces that each `fit`: after a hyphen of its
/// own where one falls in the line (`Vermeulen-` / `Hoogendijk`), otherwise with a
/// hyphen added to mark the break, so that a reader sees the name goes on. A piece is
/// at least one character, even where one does not fit.
fn break_word(word: &str, fits: impl Fn(&str) -> bool) -> Vec<String> {
    let mut pieces = Vec::new();
    let mut rest = word;
    while !fits(rest) {
        // The longest start of the rest that fits with a hyphen after it, found by
        // halving (a start fits whenever a longer one does): a long word without a
        // space, such as a program's encoded hand, is measured a few times a line.
        let ends: Vec<usize> = rest.char_indices().map(|(i, _)| i).skip(1).collect();
        let fitting = ends.partition_point(|&end| fits(&format!("{}-", &rest[..end])));
        let Some(&end) = ends.get(fitting.saturating_sub(1)) else {
            break;
        };
        // A hyphen of the word's own in that start, or just after it: break after the
        // last one.
        let window = end + rest[end..].chars().next().map_or(0, char::len_utf8);
        let own = rest[..window]
            .rfind('-')
            .filter(|&h| h > 0 && h + 1 < rest.len());
        let piece = match own {
            Some(h) if fits(&rest[..=h]) => {
                pieces.push(rest[..=h].to_string());
                rest = &rest[h + 1..];
                continue;
            }
            _ => format!("{}-", &rest[..end]),
        };
        pieces.push(piece);
        rest = &rest[end..];
    }
    pieces.push(rest.to_string());
    pieces
}

impl Table {
    fn natural_widths(&self, fonts: &Fonts, size: f32) -> Vec<f32> {
        let pad = 2.0 * CELL_PAD_X * size;
        let mut widths: Vec<f32> = self
            .columns
            .iter()
            .map(|c| fonts.width(&c.header, true, size) + pad)
            .collect();
        for row in &self.rows {
            for (i, cell) in row.iter().enumerate().take(widths.len()) {
                let bold = self.bold_first && i == 0;
                widths[i] = widths[i].max(fonts.width(cell, bold, size) + pad);
            }
        }
        // A group heading wider than its columns widens them evenly.
        let mut first = 0;
        for (label, span) in &self.groups {
            let span = (*span).max(1);
            let end = (first + span).min(widths.len());
            if first < end {
                let have: f32 = widths[first..end].iter().sum();
                let need = fonts.width(label, true, size) + pad;
                if need > have {
                    let more = (need - have) / (end - first) as f32;
                    for w in &mut widths[first..end] {
                        *w += more;
                    }
                }
            }
            first = end;
        }
        widths
    }

    /// Sizes the table to fit `max_width`: smaller type first, then wrapped names.
    fn fit(&self, fonts: &Fonts, max_width: f32) -> Fitted {
        let mut size = self.base_size;
        let mut widths = self.natural_widths(fonts, size);
        let natural: f32 = widths.iter().sum();
        if natural > max_width {
            size = (size * max_width / natural).max(MIN_TABLE_SIZE);
            widths = self.natural_widths(fonts, size);
        }
        let total: f32 = widths.iter().sum();
        if total > max_width {
            let wrapping: Vec<usize> = (0..self.columns.len())
                .filter(|&i| self.columns[i].wrap)
                .collect();
            let fixed: f32 = (0..widths.len())
                .filter(|i| !wrapping.contains(i))
                .map(|i| widths[i])
                .sum();
            if !wrapping.is_empty() {
                let each = ((max_width - fixed) / wrapping.len() as f32).max(8.0 * size);
                for &i in &wrapping {
                    widths[i] = widths[i].min(each);
                }
            }
        }
        let pad_x = CELL_PAD_X * size;
        let pad_y = CELL_PAD_Y * size;
        let line_h = size * LINE_GAP;
        let one_line = line_h + 2.0 * pad_y;
        let header_h = one_line * if self.groups.is_empty() { 1.0 } else { 2.0 };
        let mut rows = Vec::with_capacity(self.rows.len());
        let mut row_h = Vec::with_capacity(self.rows.len());
        for row in &self.rows {
            let cells: Vec<Vec<String>> = (0..self.columns.len())
                .map(|i| {
                    let cell = row.get(i).map(String::as_str).unwrap_or("");
                    let bold = self.bold_first && i == 0;
                    if self.columns[i].wrap {
                        wrap(fonts, cell, bold, size, widths[i] - 2.0 * pad_x)
                    } else {
                        vec![cell.to_string()]
                    }
                })
                .collect();
            let lines = cells.iter().map(Vec::len).max().unwrap_or(1).max(1);
            row_h.push(line_h * lines as f32 + 2.0 * pad_y);
            rows.push(cells);
        }
        Fitted {
            size,
            widths,
            header_h,
            rows,
            row_h,
        }
    }
}

const FRAME: Rgb = (0.35, 0.37, 0.4);
const HEADING_SIZE: f32 = 13.0;
const NOTICE_SIZE: f32 = 8.5;
const NOTICE_PAD: f32 = 6.0;
const NOTICE_BULLET: &str = "\u{2022} ";

/// The height of a caption: its title, 1 pt, its lines, 1 pt.
fn caption_h(title: &Span, lines: &[Span]) -> f32 {
    title.size * LINE_GAP + lines.iter().map(|l| l.size * LINE_GAP).sum::<f32>() + 2.0
}

/// The width of the page between its margins, in points.
pub const CONTENT_WIDTH: f32 = CONTENT_W;
/// The height of the page between its margins, in points.
pub const PAGE_ROOM: f32 = PAGE_H - MARGIN_TOP - MARGIN_BOTTOM;
/// Inner margin of a framed grid item (a card to cut out).
const FRAME_PAD: f32 = 7.0;

/// The colour of a text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Tone {
    /// Black.
    #[default]
    Normal,
    /// The document's blue, for titles.
    Accent,
    /// Grey, for details.
    Muted,
    /// Green: a check that passed.
    Good,
    /// Red: an error or a check that failed.
    Bad,
}

impl Tone {
    fn rgb(self) -> Rgb {
        match self {
            Tone::Normal => BLACK,
            Tone::Accent => ACCENT,
            Tone::Muted => GREY_TEXT,
            Tone::Good => OK_TEXT,
            Tone::Bad => BAD_TEXT,
        }
    }
}

/// A text in one size, weight and colour.
#[derive(Debug, Clone, PartialEq)]
pub struct Span {
    /// The text.
    pub text: String,
    /// Type size in points.
    pub size: f32,
    /// Bold.
    pub bold: bool,
    /// Colour.
    pub tone: Tone,
}

impl Span {
    /// Regular black text.
    pub fn new(text: impl Into<String>, size: f32) -> Span {
        Span {
            text: text.into(),
            size,
            bold: false,
            tone: Tone::Normal,
        }
    }
    /// The same text in bold.
    pub fn bold(mut self) -> Span {
        self.bold = true;
        self
    }
    /// The same text in another colour.
    pub fn tone(mut self, tone: Tone) -> Span {
        self.tone = tone;
        self
    }
}

/// Items laid out side by side, as many to a row as fit.
#[derive(Debug, Clone)]
pub struct Grid {
    /// The items; each is kept on one page.
    pub items: Vec<Vec<Block>>,
    /// Items per row at most.
    pub columns: usize,
    /// Space between the items of a row, in points.
    pub gutter: f32,
    /// Space under each row, in points.
    pub row_gap: f32,
    /// A frame around each item, as on a card to cut out.
    pub framed: bool,
    /// An item that finds no neighbour to stand beside takes the full width.
    pub lone_full_width: bool,
}

impl Grid {
    /// A grid of `columns` items to a row.
    pub fn new(columns: usize, items: Vec<Vec<Block>>) -> Grid {
        Grid {
            items,
            columns,
            gutter: 18.0,
            row_gap: 12.0,
            framed: false,
            lone_full_width: false,
        }
    }
}

/// A part of a document, laid out from the top of the page down.
#[derive(Debug, Clone)]
pub enum Block {
    /// A section heading in blue with a rule under it, kept with what follows.
    Heading(String),
    /// A paragraph wrapped to the width; it may go on at the top of the next page.
    Paragraph(Span),
    /// Vertical space in points.
    Gap(f32),
    /// A small title with a few detail lines under it (each on one line), as over a
    /// traveller or a card.
    Caption {
        /// The title.
        title: Span,
        /// The lines under it.
        lines: Vec<Span>,
    },
    /// A table.
    Table(Table),
    /// A shaded box with a heading and a list, for warnings and notes.
    Notice {
        /// The box's heading.
        heading: String,
        /// The items, each wrapped and marked with a bullet.
        items: Vec<String>,
    },
    /// Blocks kept on one page when they fit on one; otherwise they start on a page with
    /// room for their first table's headings and first row.
    KeepTogether(Vec<Block>),
    /// Items side by side.
    Grid(Grid),
    /// The next block starts on a new page.
    PageBreak,
}

/// A document to render: its blocks and what goes in the footer of every page.
#[derive(Debug, Clone, Default)]
pub struct PdfDocument {
    /// The document's title, shown by PDF viewers.
    pub title: String,
    /// The language of the text, such as `nl` or `en`.
    pub lang: String,
    /// The left side of every page's footer.
    pub footer: String,
    /// The word before the page number in the footer: "Page" gives "Page 2 / 5".
    pub page_label: String,
    /// The contents.
    pub blocks: Vec<Block>,
}

impl PdfDocument {
    /// An empty A4 document.
    pub fn new(title: impl Into<String>, lang: impl Into<String>) -> PdfDocument {
        PdfDocument {
            title: title.into(),
            lang: lang.into(),
            page_label: "Page".into(),
            ..PdfDocument::default()
        }
    }

    /// Adds a block.
    pub fn push(&mut self, block: Block) {
        self.blocks.push(block);
    }

    /// The document as PDF: A4 pages with the blocks laid out and a footer on each.
    pub fn render(&self) -> Result<Vec<u8>, PdfError> {
        let fonts = Fonts::load()?;
        let mut lay = Layout::new(&fonts);
        for block in &self.blocks {
            lay.draw(block, MARGIN_X, CONTENT_W);
        }
        let pages = footers(&fonts, lay.pages, &self.footer, &self.page_label);
        if let Some((ch, text)) = fonts.missing.borrow_mut().take() {
            return Err(PdfError::UnsupportedCharacter { ch, text });
        }
        write_pdf(&fonts, &pages, &self.title, &self.lang)
    }
}

/// How a table comes out in a given width.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TableFit {
    /// The type size.
    pub size: f32,
    /// The width taken.
    pub width: f32,
    /// The height taken, headings included.
    pub height: f32,
}

/// Measures blocks before they are placed, to choose between layouts.
pub struct Measure {
    fonts: Fonts,
}

impl Measure {
    /// A measure with the document's fonts.
    pub fn new() -> Result<Measure, PdfError> {
        Ok(Measure {
            fonts: Fonts::load()?,
        })
    }

    /// How `table` fits in `width`.
    pub fn table(&self, table: &Table, width: f32) -> TableFit {
        let fit = table.fit(&self.fonts, width);
        TableFit {
            size: fit.size,
            width: fit.width(),
            height: fit.height(),
        }
    }

    /// The width of a text.
    pub fn text_width(&self, span: &Span) -> f32 {
        self.fonts.width(&span.text, span.bold, span.size)
    }
}

/// Pages being filled from top to bottom.
struct Layout<'f> {
    fonts: &'f Fonts,
    pages: Vec<Vec<Op>>,
    /// The top of the free space on the current page.
    y: f32,
}

/// How a grid's items are placed: rows of items at the slot width, or one across.
enum GridRow {
    Row(std::ops::Range<usize>),
    Across(usize),
}

impl<'f> Layout<'f> {
    fn new(fonts: &'f Fonts) -> Layout<'f> {
        Layout {
            fonts,
            pages: vec![Vec::new()],
            y: PAGE_H - MARGIN_TOP,
        }
    }

    fn new_page(&mut self) {
        self.pages.push(Vec::new());
        self.y = PAGE_H - MARGIN_TOP;
    }

    /// Starts a new page unless `h` points still fit on this one.
    fn ensure(&mut self, h: f32) {
        if self.y - h < MARGIN_BOTTOM && !self.page_is_empty() {
            self.new_page();
        }
    }

    fn page_is_empty(&self) -> bool {
        self.pages.last().is_none_or(Vec::is_empty)
    }

    fn push(&mut self, op: Op) {
        if let Op::Text { text, bold, .. } = &op {
            self.fonts.mark(text, *bold);
        }
        if let Some(page) = self.pages.last_mut() {
            page.push(op);
        }
    }

    /// Text with its baseline at `y`.
    fn text(&mut self, x: f32, y: f32, size: f32, bold: bool, color: Rgb, text: &str) {
        if text.is_empty() {
            return;
        }
        self.push(Op::Text {
            x,
            y,
            size,
            bold,
            color,
            text: text.to_string(),
        });
    }

    fn fill(&mut self, x: f32, y: f32, w: f32, h: f32, color: Rgb) {
        self.push(Op::Fill { x, y, w, h, color });
    }

    fn rule(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, width: f32, color: Rgb) {
        self.push(Op::Line {
            x1,
            y1,
            x2,
            y2,
            width,
            color,
        });
    }

    /// A line of text at the cursor, moving the cursor down.
    fn line(&mut self, x0: f32, size: f32, bold: bool, color: Rgb, text: &str) {
        let h = size * LINE_GAP;
        self.ensure(h);
        let y = self.y - size * 0.95;
        self.text(x0, y, size, bold, color, text);
        self.y -= h;
    }

    /// A paragraph wrapped to `width`.
    fn paragraph(&mut self, x0: f32, width: f32, span: &Span) {
        for line in wrap(self.fonts, &span.text, span.bold, span.size, width) {
            self.line(x0, span.size, span.bold, span.tone.rgb(), &line);
        }
    }

    fn gap(&mut self, h: f32) {
        self.y -= h;
    }

    /// A section heading with a rule under it.
    fn heading(&mut self, x0: f32, width: f32, text: &str) {
        let size = HEADING_SIZE;
        self.ensure(size * 4.0);
        self.line(x0, size, true, ACCENT, text);
        self.rule(x0, self.y + 1.0, x0 + width, self.y + 1.0, 1.2, ACCENT);
        self.gap(size * 0.6);
    }

    /// A title with detail lines under it.
    fn caption(&mut self, x0: f32, title: &Span, lines: &[Span]) {
        self.ensure(caption_h(title, lines));
        let mut y = self.y - title.size * 0.95;
        self.text(x0, y, title.size, title.bold, title.tone.rgb(), &title.text);
        for (k, l) in lines.iter().enumerate() {
            y -= l.size * LINE_GAP + if k == 0 { 1.0 } else { 0.0 };
            self.text(x0, y, l.size, l.bold, l.tone.rgb(), &l.text);
        }
        self.y -= caption_h(title, lines);
    }

    /// The lines of a notice box: (heading?, first line of an item?, text).
    fn notice_lines(
        &self,
        width: f32,
        heading: &str,
        items: &[String],
    ) -> Vec<(bool, bool, String)> {
        let indent = self.fonts.width(NOTICE_BULLET, false, NOTICE_SIZE);
        let text_w = width - 2.0 * NOTICE_PAD - indent;
        let mut lines = vec![(true, false, heading.to_string())];
        for item in items {
            for (k, line) in wrap(self.fonts, item, false, NOTICE_SIZE, text_w)
                .into_iter()
                .enumerate()
            {
                lines.push((false, k == 0, line));
            }
        }
        lines
    }

    fn notice_line_h(n: usize, count: usize, head: bool) -> f32 {
        let top_pad = if n == 0 { NOTICE_PAD } else { 0.0 };
        let bottom_pad = if n + 1 == count { NOTICE_PAD } else { 0.0 };
        NOTICE_SIZE * LINE_GAP + top_pad + bottom_pad + if head { 2.0 } else { 0.0 }
    }

    /// A shaded box with a heading and bulleted items; it may go on over pages.
    fn notice(&mut self, x0: f32, width: f32, heading: &str, items: &[String]) {
        let size = NOTICE_SIZE;
        let line_h = size * LINE_GAP;
        let pad = NOTICE_PAD;
        let indent = self.fonts.width(NOTICE_BULLET, false, size);
        let lines = self.notice_lines(width, heading, items);
        self.ensure(line_h * 3.0 + 2.0 * pad);
        let count = lines.len();
        for (n, (head, first, text)) in lines.into_iter().enumerate() {
            let h = Self::notice_line_h(n, count, head);
            let top_pad = if n == 0 { pad } else { 0.0 };
            if self.y - h < MARGIN_BOTTOM {
                self.new_page();
            }
            self.fill(x0, self.y - h, width, h, WARN_FILL);
            self.fill(x0, self.y - h, 2.5, h, WARN_BAR);
            let y = self.y - top_pad - size * 0.93;
            if head {
                self.text(x0 + pad, y, size + 0.5, true, WARN_TEXT, &text);
            } else {
                if first {
                    self.text(x0 + pad, y, size, false, WARN_TEXT, NOTICE_BULLET);
                }
                self.text(x0 + pad + indent, y, size, false, BLACK, &text);
            }
            self.y -= h;
        }
    }

    /// The height `blocks` take in `width`.
    fn measure(&self, blocks: &[Block], width: f32) -> f32 {
        blocks.iter().map(|b| self.measure_one(b, width)).sum()
    }

    fn measure_one(&self, block: &Block, width: f32) -> f32 {
        match block {
            Block::Heading(_) => HEADING_SIZE * LINE_GAP + HEADING_SIZE * 0.6,
            Block::Paragraph(s) => {
                let n = wrap(self.fonts, &s.text, s.bold, s.size, width).len();
                n as f32 * s.size * LINE_GAP
            }
            Block::Gap(h) => *h,
            Block::Caption { title, lines } => caption_h(title, lines),
            Block::Table(t) => match t.column_parts(self.fonts, width) {
                None => t.fit(self.fonts, width).height(),
                Some(parts) => {
                    parts
                        .iter()
                        .map(|p| p.fit(self.fonts, width).height() + PART_GAP)
                        .sum::<f32>()
                        - PART_GAP
                }
            },
            Block::Notice { heading, items } => {
                let lines = self.notice_lines(width, heading, items);
                let count = lines.len();
                lines
                    .iter()
                    .enumerate()
                    .map(|(n, l)| Self::notice_line_h(n, count, l.0))
                    .sum()
            }
            Block::KeepTogether(blocks) => self.measure(blocks, width),
            Block::Grid(g) => {
                let (plan, slot_h) = self.plan(g, width);
                plan.iter()
                    .map(|row| {
                        g.row_gap
                            + match row {
                                GridRow::Row(r) => r.clone().map(|i| slot_h[i]).fold(0.0, f32::max),
                                GridRow::Across(i) => self.measure(&g.items[*i], width),
                            }
                    })
                    .sum()
            }
            Block::PageBreak => 0.0,
        }
    }

    /// The height `blocks` need on a page before they may start there: up to their first
    /// table's headings and first row, or all of them.
    fn lead(&self, blocks: &[Block], width: f32) -> f32 {
        let mut h = 0.0;
        for b in blocks {
            match b {
                Block::Table(t) => {
                    let first = t
                        .column_parts(self.fonts, width)
                        .map(|mut p| p.swap_remove(0));
                    return h + first.as_ref().unwrap_or(t).fit(self.fonts, width).lead();
                }
                Block::KeepTogether(inner) => return h + self.lead(inner, width),
                _ => h += self.measure_one(b, width),
            }
        }
        h
    }

    /// Whether every table among `blocks` fits `width` in type hardly smaller.
    fn fits_width(&self, blocks: &[Block], width: f32) -> bool {
        blocks.iter().all(|b| match b {
            Block::Table(t) => {
                let fit = t.fit(self.fonts, width);
                fit.size >= t.base_size - 1.0 && fit.width() <= width + 0.01
            }
            Block::KeepTogether(inner) => self.fits_width(inner, width),
            Block::Grid(_) => false,
            _ => true,
        })
    }

    /// Splits a grid into rows; also gives each item's height in a slot (frame included).
    fn plan(&self, g: &Grid, width: f32) -> (Vec<GridRow>, Vec<f32>) {
        let n = g.columns.max(1);
        let slot = (width - g.gutter * (n - 1) as f32) / n as f32;
        let pad = if g.framed { FRAME_PAD } else { 0.0 };
        let inner = slot - 2.0 * pad;
        let slot_h: Vec<f32> = g
            .items
            .iter()
            .map(|item| self.measure(item, inner) + 2.0 * pad)
            .collect();
        let fits: Vec<bool> = g
            .items
            .iter()
            .zip(&slot_h)
            .map(|(item, h)| n > 1 && *h <= PAGE_ROOM && self.fits_width(item, inner))
            .collect();
        let mut rows = Vec::new();
        let mut i = 0;
        while i < g.items.len() {
            let k = (i..(i + n).min(g.items.len()))
                .take_while(|&j| fits[j])
                .count();
            if k >= 2 || k == 1 && !g.lone_full_width {
                rows.push(GridRow::Row(i..i + k));
                i += k;
            } else {
                rows.push(GridRow::Across(i));
                i += 1;
            }
        }
        (rows, slot_h)
    }

    fn grid(&mut self, g: &Grid, x0: f32, width: f32) {
        let n = g.columns.max(1);
        let slot = (width - g.gutter * (n - 1) as f32) / n as f32;
        let pad = if g.framed { FRAME_PAD } else { 0.0 };
        let (plan, slot_h) = self.plan(g, width);
        for row in plan {
            match row {
                GridRow::Row(range) => {
                    let h = range.clone().map(|i| slot_h[i]).fold(0.0, f32::max);
                    self.ensure(h);
                    let top = self.y;
                    for (k, i) in range.enumerate() {
                        let x = x0 + k as f32 * (slot + g.gutter);
                        self.y = top - pad;
                        for b in &g.items[i] {
                            self.draw(b, x + pad, slot - 2.0 * pad);
                        }
                        if g.framed {
                            self.frame(x, top - h, slot, h);
                        }
                    }
                    self.y = top - h - g.row_gap;
                }
                GridRow::Across(i) => {
                    self.keep_together(&g.items[i], x0, width);
                    self.gap(g.row_gap);
                }
            }
        }
    }

    fn frame(&mut self, x: f32, y: f32, w: f32, h: f32) {
        let corners = [(x, y), (x + w, y), (x + w, y + h), (x, y + h), (x, y)];
        for p in corners.windows(2) {
            self.rule(p[0].0, p[0].1, p[1].0, p[1].1, 0.8, FRAME);
        }
    }

    fn keep_together(&mut self, blocks: &[Block], x0: f32, width: f32) {
        let h = self.measure(blocks, width);
        if h <= PAGE_ROOM {
            self.ensure(h);
        } else {
            self.ensure(self.lead(blocks, width));
        }
        for b in blocks {
            self.draw(b, x0, width);
        }
    }

    /// Draws a block at `x0` in `width`, from the cursor down.
    fn draw(&mut self, block: &Block, x0: f32, width: f32) {
        match block {
            Block::Heading(text) => self.heading(x0, width, text),
            Block::Paragraph(span) => self.paragraph(x0, width, span),
            Block::Gap(h) => self.gap(*h),
            Block::Caption { title, lines } => self.caption(x0, title, lines),
            Block::Table(t) => match t.column_parts(self.fonts, width) {
                None => self.table(t, &t.fit(self.fonts, width), x0),
                Some(parts) => {
                    for (i, part) in parts.iter().enumerate() {
                        if i > 0 {
                            self.gap(PART_GAP);
                        }
                        self.table(part, &part.fit(self.fonts, width), x0);
                    }
                }
            },
            Block::Notice { heading, items } => self.notice(x0, width, heading, items),
            Block::KeepTogether(blocks) => self.keep_together(blocks, x0, width),
            Block::Grid(g) => self.grid(g, x0, width),
            Block::PageBreak => {
                if !self.page_is_empty() {
                    self.new_page();
                }
            }
        }
    }

    /// Draws the header rows of a fitted table with its top at `top`.
    fn table_header(&mut self, table: &Table, fit: &Fitted, x0: f32, top: f32) {
        let size = fit.size;
        let pad_x = CELL_PAD_X * size;
        let one_line = fit.header_h / if table.groups.is_empty() { 1.0 } else { 2.0 };
        let width = fit.width();
        self.fill(x0, top - fit.header_h, width, fit.header_h, HEAD_FILL);
        let baseline = |row_top: f32| row_top - CELL_PAD_Y * size - size * 0.93;
        let mut row_top = top;
        if !table.groups.is_empty() {
            let mut x = x0;
            let mut col = 0;
            for (label, span) in &table.groups {
                let end = (col + span).min(fit.widths.len());
                let w: f32 = fit.widths[col..end].iter().sum();
                let tw = self.fonts.width(label, true, size);
                self.text(
                    x + (w - tw) / 2.0,
                    baseline(row_top),
                    size,
                    true,
                    BLACK,
                    label,
                );
                if !label.is_empty() {
                    self.rule(
                        x + pad_x,
                        row_top - one_line + 1.0,
                        x + w - pad_x,
                        row_top - one_line + 1.0,
                        0.4,
                        RULE,
                    );
                }
                x += w;
                col = end;
            }
            row_top -= one_line;
        }
        let mut x = x0;
        for (i, c) in table.columns.iter().enumerate() {
            let w = fit.widths[i];
            let tw = self.fonts.width(&c.header, true, size);
            let tx = if c.right {
                x + w - pad_x - tw
            } else {
                x + pad_x
            };
            self.text(tx, baseline(row_top), size, true, BLACK, &c.header);
            x += w;
        }
        let bottom = top - fit.header_h;
        self.rule(x0, bottom, x0 + width, bottom, 0.7, RULE);
    }

    /// Draws a fitted table at `x0` with its top at the cursor. When `split` is allowed
    /// and the rest does not fit, it goes on over the next pages with its header repeated.
    fn table(&mut self, table: &Table, fit: &Fitted, x0: f32) {
        let size = fit.size;
        let pad_x = CELL_PAD_X * size;
        let pad_y = CELL_PAD_Y * size;
        let line_h = size * LINE_GAP;
        let width = fit.width();
        let first_row = fit.row_h.first().copied().unwrap_or(0.0);
        self.ensure(fit.header_h + first_row);
        let mut section_top = self.y;
        self.table_header(table, fit, x0, self.y);
        self.y -= fit.header_h;
        for (r, cells) in fit.rows.iter().enumerate() {
            let h = fit.row_h[r];
            if self.y - h < MARGIN_BOTTOM {
                self.column_rules(table, fit, x0, section_top, self.y);
                self.new_page();
                section_top = self.y;
                self.table_header(table, fit, x0, self.y);
                self.y -= fit.header_h;
            }
            if r % 2 == 1 {
                self.fill(x0, self.y - h, width, h, ZEBRA_FILL);
            }
            let mut x = x0;
            for (i, lines) in cells.iter().enumerate() {
                let w = fit.widths[i];
                let bold = table.bold_first && i == 0;
                for (k, line) in lines.iter().enumerate() {
                    let y = self.y - pad_y - size * 0.93 - line_h * k as f32;
                    let tx = if table.columns[i].right {
                        x + w - pad_x - self.fonts.width(line, bold, size)
                    } else {
                        x + pad_x
                    };
                    self.text(tx, y, size, bold, BLACK, line);
                }
                x += w;
            }
            self.y -= h;
        }
        self.rule(x0, self.y, x0 + width, self.y, 0.7, RULE);
        self.column_rules(table, fit, x0, section_top, self.y);
    }

    fn column_rules(&mut self, table: &Table, fit: &Fitted, x0: f32, top: f32, bottom: f32) {
        let mut x = x0;
        for (i, c) in table.columns.iter().enumerate() {
            if c.rule && i > 0 {
                self.rule(x, top, x, bottom, 0.4, RULE);
            }
            x += fit.widths[i];
        }
    }
}

pub(crate) fn page_word(lang: ReportLang) -> &'static str {
    match lang {
        ReportLang::Nl => "Pagina",
        ReportLang::En => "Page",
        ReportLang::Tr => "Sayfa",
    }
}

fn check_text(report: &Report) -> Span {
    let (mark, tone) = if report.check_ok {
        ("\u{2713}", Tone::Good)
    } else {
        ("\u{2717}", Tone::Bad)
    };
    let text = format!("{mark} {}", report.check_sentence());
    Span::new(text, 9.0).bold().tone(tone)
}
fn ranking_table(report: &Report, rows: &[RankingRow]) -> Table {
    let l = report.lang;
    let mut columns = vec![
        Column::text(l.word(Word::Rank)),
        Column::text(l.word(Word::Names)).wrapping(),
        Column::num(l.word(Word::Points)),
        Column::num(l.word(Word::Percent)),
        Column::num(l.word(Word::ClubPoints)),
        Column::num(l.word(Word::Boards)),
    ];
    columns.extend(report.round_headings.iter().map(|h| Column::num(h)));
    let rows = rows
        .iter()
        .map(|r| {
            let mut row = vec![
                if r.rank.is_empty() {
                    format!("({})", r.pair)
                } else {
                    format!("{} ({})", r.rank, r.pair)
                },
                r.names.clone(),
                r.points.clone(),
                r.percentage.clone(),
                r.club_points.clone(),
                r.boards.to_string(),
            ];
            row.extend(
                (0..report.round_headings.len())
                    .map(|i| r.rounds.get(i).cloned().unwrap_or_default()),
            );
            row
        })
        .collect();
    Table {
        columns,
        rows,
        bold_first: true,
        base_size: 9.0,
        repeat: 2,
        ..Table::default()
    }
}

fn traveller_table(report: &Report, t: &Traveller) -> Table {
    let l = report.lang;
    let (ns, ew) = l.sides();
    let leads = t.lines.iter().any(|x| !x.lead.is_empty());
    let notes = t.lines.iter().any(|x| !x.note.is_empty());
    let mut columns = vec![
        Column::num(ns),
        Column::num(ew),
        Column::text(l.word(Word::Contract)),
        Column::text(l.word(Word::By)),
        Column::text(l.word(Word::Result)),
        Column::num(ns).ruled(),
        Column::num(ew),
        Column::num(ns).ruled(),
        Column::num(ew),
    ];
    let mut groups = vec![
        (String::new(), 5),
        (l.word(Word::Score).to_string(), 2),
        (l.word(Word::Matchpoints).to_string(), 2),
    ];
    // With the board analysed, each result against par, from North-South's side.
    let par = t.par_score();
    let par_heading = format!("{ns} \u{b1} par");
    if par.is_some() {
        columns.push(Column::num(&par_heading).ruled());
        groups.push((String::new(), 1));
    }
    if leads {
        columns.push(Column::text(l.word(Word::Lead)).ruled());
        groups.push((String::new(), 1));
    }
    if notes {
        columns.push(Column::text("").wrapping().ruled());
        groups.push((String::new(), 1));
    }
    let rows = t
        .lines
        .iter()
        .map(|x| {
            let mut row = vec![
                x.ns.clone(),
                x.ew.clone(),
                x.contract.clone(),
                x.by(),
                x.result.clone(),
                x.score_ns.clone(),
                x.score_ew.clone(),
                x.mp_ns.clone(),
                x.mp_ew.clone(),
            ];
            if let Some(par) = par {
                row.push(x.versus_par(par));
            }
            if leads {
                row.push(x.lead.clone());
            }
            if notes {
                row.push(x.note.clone());
            }
            row
        })
        .collect();
    Table {
        groups,
        columns,
        rows,
        bold_first: false,
        base_size: 8.5,
        repeat: 2,
    }
}

fn traveller_title(report: &Report, t: &Traveller) -> (String, String) {
    let l = report.lang;
    let mut title = format!("{} {}", l.word(Word::Board), t.board);
    if !t.section.is_empty() {
        title.push_str(&format!(" · {} {}", l.word(Word::Section), t.section));
    }
    (title, t.facts(l))
}

const TRAVELLER_TITLE: f32 = 10.0;
const TRAVELLER_META: f32 = 8.0;

/// A traveller's heading: board, dealer, vulnerability, and a failed check.
fn traveller_caption(report: &Report, t: &Traveller) -> Block {
    let (title, meta) = traveller_title(report, t);
    let tone = if t.check_ok { Tone::Accent } else { Tone::Bad };
    let mut lines = vec![Span::new(meta, TRAVELLER_META).tone(Tone::Muted)];
    if !t.check_ok {
        let text = format!("\u{2717} {}", report.lang.word(Word::CheckFailed));
        lines.push(Span::new(text, TRAVELLER_META).bold().tone(Tone::Bad));
    }
    Block::Caption {
        title: Span::new(title, TRAVELLER_TITLE).bold().tone(tone),
        lines,
    }
}

/// The travellers, two side by side when both fit half the page in type hardly smaller.
fn travellers(report: &Report) -> Block {
    let items = report
        .travellers
        .iter()
        .map(|t| {
            let mut item = vec![traveller_caption(report, t)];
            if let Some(b) = &t.analysed {
                // The board's diagram, tricks and par, under their own small caption.
                item.extend(
                    crate::hand_record_doc::pdf_board(b, report.lang)
                        .into_iter()
                        .skip(1),
                );
                item.push(Block::Gap(4.0));
            }
            item.push(Block::Table(traveller_table(report, t)));
            item
        })
        .collect();
    Block::Grid(Grid {
        lone_full_width: true,
        ..Grid::new(2, items)
    })
}
fn control_table(report: &Report, block: &ControlBlock, boards: std::ops::Range<usize>) -> Table {
    let l = report.lang;
    let (ns, ew) = l.sides();
    let mut columns = vec![Column::num(ns), Column::num(ew)];
    let mut groups = vec![(String::new(), 2)];
    for b in &block.boards[boards.clone()] {
        groups.push((format!("{} {b}", l.word(Word::Board)), 4));
        columns.push(Column::num(ns).ruled());
        columns.push(Column::num(ew));
        columns.push(Column::num(l.word(Word::Score)));
        columns.push(Column::text(l.word(Word::Contract)));
    }
    let rows = block
        .rows
        .iter()
        .map(|r| {
            let mut row = vec![r.ns.clone(), r.ew.clone()];
            for i in boards.clone() {
                match r.cells.get(i).and_then(Option::as_ref) {
                    Some(c) => row.extend([
                        c.mp_ns.clone(),
                        c.mp_ew.clone(),
                        c.score.clone(),
                        c.contract.clone(),
                    ]),
                    None => row.extend(std::iter::repeat_n(String::new(), 4)),
                }
            }
            row
        })
        .collect();
    Table {
        groups,
        columns,
        rows,
        bold_first: false,
        base_size: 8.5,
        repeat: 2,
    }
}

/// The control sheet: each block with as many boards side by side as fit the page in
/// readable type, each part kept on a page when it fits on one.
fn control_sheet(measure: &Measure, report: &Report) -> Vec<Block> {
    let l = report.lang;
    let mut blocks = Vec::new();
    if let Some(h) = &report.control_header {
        let pairs = h
            .pairs
            .iter()
            .map(|(id, names)| {
                vec![Block::Paragraph(Span::new(
                    format!("{id}  {names}").trim_end().to_string(),
                    9.0,
                ))]
            })
            .collect();
        let mut head = Vec::new();
        if !h.line.is_empty() {
            head.push(Block::Paragraph(Span::new(h.line.clone(), 10.0).bold()));
            head.push(Block::Gap(3.0));
        }
        head.push(Block::Grid(Grid {
            gutter: 12.0,
            row_gap: 2.0,
            ..Grid::new(4, pairs)
        }));
        blocks.push(Block::KeepTogether(head));
        blocks.push(Block::Gap(14.0));
    }
    for block in &report.control {
        let n = block.boards.len();
        let mut per = n.max(1);
        while per > 1 {
            let table = control_table(report, block, 0..per.min(n));
            let fit = measure.table(&table, CONTENT_W);
            if fit.width <= CONTENT_W + 0.01 && fit.size >= 7.0 {
                break;
            }
            per -= 1;
        }
        let mut start = 0;
        while start < n.max(1) {
            let end = (start + per).min(n);
            let label = boards_label(l, &block.boards[start..end]);
            blocks.push(Block::KeepTogether(vec![
                Block::Paragraph(Span::new(label, 10.0).bold().tone(Tone::Accent)),
                Block::Gap(3.0),
                Block::Table(control_table(report, block, start..end)),
            ]));
            blocks.push(Block::Gap(14.0));
            start = end.max(start + 1);
        }
    }
    blocks
}

/// The report as a document: the result list, the travellers and the control sheet.
pub fn report_document(report: &Report) -> Result<PdfDocument, PdfError> {
    let measure = Measure::new()?;
    let l = report.lang;
    let heading = if report.title.is_empty() {
        l.word(Word::ResultList).to_string()
    } else {
        report.title.clone()
    };
    let mut title = heading.clone();
    if !report.date.is_empty() {
        title.push_str(&format!(" – {}", report.date));
    }
    let mut doc = PdfDocument::new(title, l.code());
    doc.page_label = page_word(l).to_string();
    doc.footer = heading.clone();
    if !report.date.is_empty() {
        doc.footer.push_str(&format!("  ·  {}", report.date));
    }

    let check = check_text(report);
    push_result_list(&mut doc, report, heading, &check);

    if !report.travellers.is_empty() {
        doc.push(Block::PageBreak);
        doc.push(Block::Heading(l.word(Word::Travellers).to_string()));
        doc.push(travellers(report));
        doc.push(Block::Gap(4.0));
        doc.push(Block::Paragraph(check));
    }

    if !report.control.is_empty() {
        doc.push(Block::PageBreak);
        doc.push(Block::Heading(l.word(Word::ControlSheet).to_string()));
        doc.blocks.extend(control_sheet(&measure, report));
    }
    Ok(doc)
}

/// The result list, under the document's `heading`: the night's date, boards and top,
/// the check of the travellers (`check`) when there are any, each ranking, the average
/// per round, the warnings and the notes.
fn push_result_list(doc: &mut PdfDocument, report: &Report, heading: String, check: &Span) {
    let l = report.lang;
    doc.push(Block::Paragraph(
        Span::new(heading, 16.0).bold().tone(Tone::Accent),
    ));
    let mut meta = Vec::new();
    if !report.date.is_empty() {
        meta.push(report.date.clone());
    }
    meta.push(l.boards(report.board_count));
    meta.push(format!("{} {}", l.word(Word::Top), report.top));
    doc.push(Block::Gap(2.0));
    doc.push(Block::Paragraph(
        Span::new(meta.join("  ·  "), 10.0).tone(Tone::Muted),
    ));
    // The check speaks of the travellers: without them there is nothing to check.
    if !report.travellers.is_empty() {
        doc.push(Block::Paragraph(check.clone()));
    }
    doc.push(Block::Gap(8.0));
    doc.push(Block::Heading(l.word(Word::ResultList).to_string()));
    for (heading, rows) in report.ranking_groups() {
        if !heading.is_empty() {
            doc.push(Block::Paragraph(
                Span::new(heading, 10.0).bold().tone(Tone::Accent),
            ));
        }
        doc.push(Block::Table(ranking_table(report, rows)));
    }
    if let Some(avg) = &report.average_per_round {
        doc.push(Block::Gap(6.0));
        doc.push(Block::Paragraph(Span::new(
            format!("{}: {avg}", l.word(Word::AveragePerRound)),
            9.0,
        )));
    }
    if !report.warnings.is_empty() {
        doc.push(Block::Gap(10.0));
        doc.push(Block::Notice {
            heading: format!(
                "\u{26a0} {} ({})",
                l.word(Word::Warnings),
                report.warnings.len()
            ),
            items: report.warnings.clone(),
        });
    }
    if !report.notes.is_empty() {
        doc.push(Block::Gap(10.0));
        doc.push(Block::Notice {
            heading: format!("{} ({})", l.word(Word::Notes), report.notes.len()),
            items: report.notes.clone(),
        });
    }
}

/// Adds the footer to every page: the document's name and the page number.
fn footers(fonts: &Fonts, mut pages: Vec<Vec<Op>>, left: &str, label: &str) -> Vec<Vec<Op>> {
    let total = pages.len();
    let size = 7.5;
    for (n, page) in pages.iter_mut().enumerate() {
        let right = format!("{label} {} / {total}", n + 1);
        let rw = fonts.width(&right, false, size);
        let max_left = CONTENT_W - rw - 20.0;
        let left_lines = wrap(fonts, left, false, size, max_left);
        let mut left_text = left_lines.first().cloned().unwrap_or_default();
        if left_lines.len() > 1 {
            left_text.push('…');
        }
        let ops = [
            Op::Line {
                x1: MARGIN_X,
                y1: FOOTER_Y + 10.0,
                x2: MARGIN_X + CONTENT_W,
                y2: FOOTER_Y + 10.0,
                width: 0.5,
                color: RULE,
            },
            Op::Text {
                x: MARGIN_X,
                y: FOOTER_Y,
                size,
                bold: false,
                color: GREY_TEXT,
                text: left_text,
            },
            Op::Text {
                x: MARGIN_X + CONTENT_W - rw,
                y: FOOTER_Y,
                size,
                bold: false,
                color: GREY_TEXT,
                text: right,
            },
        ];
        for op in ops {
            if let Op::Text { text, bold, .. } = &op {
                fonts.mark(text, *bold);
            }
            page.push(op);
        }
    }
    pages
}

/// A face reduced to the glyphs used, ready to embed.
struct Embedded {
    /// Original glyph id -> glyph id in the subset.
    remap: subsetter::GlyphRemapper,
    subset: Vec<u8>,
    /// Widths of the subset's glyphs, in order, in thousandths of the type size.
    widths: Vec<f32>,
    /// Subset glyph id -> character.
    unicode: Vec<(u16, char)>,
    tag: String,
}

fn embed(face: &Face) -> Result<Embedded, PdfError> {
    let used = face.used.borrow();
    let mut remap = subsetter::GlyphRemapper::new();
    for &g in used.keys() {
        remap.remap(g);
    }
    let subset =
        subsetter::subset(face.data, 0, &remap).map_err(|e| PdfError::Font(format!("{e:?}")))?;
    let widths = remap.remapped_gids().map(|g| face.units(g)).collect();
    let unicode = used
        .iter()
        .filter_map(|(&g, &c)| remap.get(g).map(|n| (n, c)))
        .collect();
    // The subset's name prefix: six capitals that depend on the glyphs it holds.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &g in used.keys() {
        for b in g.to_be_bytes() {
            hash = (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    let tag = (0..6)
        .map(|i| char::from(b'A' + ((hash >> (i * 8)) % 26) as u8))
        .collect();
    Ok(Embedded {
        remap,
        subset,
        widths,
        unicode,
        tag,
    })
}

fn deflate(data: &[u8]) -> Vec<u8> {
    miniz_oxide::deflate::compress_to_vec_zlib(data, 6)
}

/// The report as a PDF document.
pub fn render(report: &Report) -> Result<Vec<u8>, PdfError> {
    report_document(report)?.render()
}

/// The two faces a report uses, with the resource names its pages give them.
type Faces<'a> = [(&'a Face, &'static str); 2];

/// The numbers of a document's objects: catalog, page tree and document information
/// first, then five per font and two per page (the page and its content).
struct Ids {
    catalog: Ref,
    tree: Ref,
    info: Ref,
    fonts: Vec<[Ref; 5]>,
    pages: Vec<(Ref, Ref)>,
}

impl Ids {
    fn new(fonts: usize, pages: usize) -> Ids {
        let mut next = 0;
        let mut alloc = || {
            next += 1;
            Ref::new(next)
        };
        let (catalog, tree, info) = (alloc(), alloc(), alloc());
        let fonts = (0..fonts)
            .map(|_| [alloc(), alloc(), alloc(), alloc(), alloc()])
            .collect();
        let pages = (0..pages).map(|_| (alloc(), alloc())).collect();
        Ids {
            catalog,
            tree,
            info,
            fonts,
            pages,
        }
    }
}

/// Writes laid-out pages as a PDF file with the fonts' used glyphs embedded.
fn write_pdf(
    fonts: &Fonts,
    pages: &[Vec<Op>],
    title: &str,
    lang: &str,
) -> Result<Vec<u8>, PdfError> {
    let faces: Faces = [(&fonts.regular, "F1"), (&fonts.bold, "F2")];
    let embedded = faces
        .iter()
        .map(|(f, _)| embed(f))
        .collect::<Result<Vec<_>, _>>()?;
    let ids = Ids::new(faces.len(), pages.len());
    let mut pdf = Pdf::new();
    write_document(&mut pdf, &ids, title, lang);
    for (k, ((face, res), emb)) in faces.iter().zip(&embedded).enumerate() {
        write_font(&mut pdf, (face, res), emb, ids.fonts[k]);
    }
    for (ops, &(page_id, content_id)) in pages.iter().zip(&ids.pages) {
        let data = deflate(&page_content(ops, &faces, &embedded));
        pdf.stream(content_id, &data).filter(Filter::FlateDecode);
        let mut page = pdf.page(page_id);
        page.media_box(Rect::new(0.0, 0.0, PAGE_W, PAGE_H))
            .parent(ids.tree)
            .contents(content_id);
        let mut resources = page.resources();
        let mut fonts_dict = resources.fonts();
        for (k, (_, res)) in faces.iter().enumerate() {
            fonts_dict.pair(Name(res.as_bytes()), ids.fonts[k][0]);
        }
    }
    Ok(pdf.finish())
}

/// The catalog (with the document's language), the page tree and the document's title.
fn write_document(pdf: &mut Pdf, ids: &Ids, title: &str, lang: &str) {
    let mut catalog = pdf.catalog(ids.catalog);
    catalog.pages(ids.tree);
    if !lang.is_empty() {
        catalog.lang(TextStr(lang));
    }
    catalog.finish();
    pdf.pages(ids.tree)
        .kids(ids.pages.iter().map(|(p, _)| *p))
        .count(ids.pages.len() as i32);
    pdf.document_info(ids.info)
        .title(TextStr(title))
        .producer(TextStr("klaver"));
}

/// One face as a Type 0 font: its CID font with the glyphs' widths, its descriptor, the
/// embedded subset and the map back to characters (for copying and searching).
fn write_font(pdf: &mut Pdf, (face, res): (&Face, &str), emb: &Embedded, ids: [Ref; 5]) {
    let [type0_id, cid_id, descriptor_id, file_id, cmap_id] = ids;
    let system_info = SystemInfo {
        registry: Str(b"Adobe"),
        ordering: Str(b"Identity"),
        supplement: 0,
    };
    let base = format!("{}+{}", emb.tag, face.base_name);
    pdf.type0_font(type0_id)
        .base_font(Name(base.as_bytes()))
        .encoding_predefined(Name(b"Identity-H"))
        .descendant_font(cid_id)
        .to_unicode(cmap_id);
    let mut cid = pdf.cid_font(cid_id);
    cid.subtype(CidFontType::Type2)
        .base_font(Name(base.as_bytes()))
        .system_info(system_info)
        .font_descriptor(descriptor_id)
        .default_width(0.0)
        .cid_to_gid_map_predefined(Name(b"Identity"));
    cid.widths().consecutive(0, emb.widths.iter().copied());
    cid.finish();
    write_descriptor(pdf, face, &base, res == "F2", (descriptor_id, file_id));
    let font_file = deflate(&emb.subset);
    pdf.stream(file_id, &font_file)
        .filter(Filter::FlateDecode)
        .pair(Name(b"Length1"), emb.subset.len() as i32);
    let cmap_name = format!("Klaver-{res}-UCS");
    let mut cmap = UnicodeCmap::new(Name(cmap_name.as_bytes()), system_info);
    for &(g, c) in &emb.unicode {
        cmap.pair(g, c);
    }
    let cmap_data = deflate(&cmap.finish());
    pdf.cmap(cmap_id, &cmap_data)
        .name(Name(cmap_name.as_bytes()))
        .system_info(system_info)
        .filter(Filter::FlateDecode);
}

/// A face's descriptor: its measures in thousandths of the em, and its file.
fn write_descriptor(pdf: &mut Pdf, face: &Face, base: &str, bold: bool, ids: (Ref, Ref)) {
    let f = &face.face;
    let scale = 1000.0 / face.per_em;
    let bbox = f.global_bounding_box();
    pdf.font_descriptor(ids.0)
        .name(Name(base.as_bytes()))
        .flags(FontFlags::NON_SYMBOLIC)
        .bbox(Rect::new(
            f32::from(bbox.x_min) * scale,
            f32::from(bbox.y_min) * scale,
            f32::from(bbox.x_max) * scale,
            f32::from(bbox.y_max) * scale,
        ))
        .italic_angle(0.0)
        .ascent(f32::from(f.ascender()) * scale)
        .descent(f32::from(f.descender()) * scale)
        .cap_height(f32::from(f.capital_height().unwrap_or(f.ascender())) * scale)
        .stem_v(if bold { 140.0 } else { 80.0 })
        .font_file2(ids.1);
}

/// A page's content stream (not yet compressed): its texts, filled boxes and lines.
fn page_content(ops: &[Op], faces: &Faces, embedded: &[Embedded]) -> Buf {
    let mut content = Content::new();
    for op in ops {
        match op {
            Op::Text {
                x,
                y,
                size,
                bold,
                color,
                text,
            } => {
                let k = usize::from(*bold);
                let (face, res) = faces[k];
                content.set_fill_rgb(color.0, color.1, color.2);
                content
                    .begin_text()
                    .set_font(Name(res.as_bytes()), *size)
                    .set_text_matrix([1.0, 0.0, 0.0, 1.0, *x, *y])
                    .show(Str(&glyph_bytes(face, &embedded[k], text)))
                    .end_text();
            }
            Op::Fill { x, y, w, h, color } => {
                content
                    .set_fill_rgb(color.0, color.1, color.2)
                    .rect(*x, *y, *w, *h)
                    .fill_nonzero();
            }
            Op::Line {
                x1,
                y1,
                x2,
                y2,
                width,
                color,
            } => {
                content
                    .set_stroke_rgb(color.0, color.1, color.2)
                    .set_line_width(*width)
                    .move_to(*x1, *y1)
                    .line_to(*x2, *y2)
                    .stroke();
            }
        }
    }
    content.finish()
}

/// A text as the embedded subset's glyph numbers, two bytes each (characters the face
/// lacks were refused when the page was laid out).
fn glyph_bytes(face: &Face, emb: &Embedded, text: &str) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(text.len() * 2);
    for c in text.chars() {
        if let Some((g, _)) = face.glyph(c) {
            bytes.extend(emb.remap.get(g).unwrap_or(0).to_be_bytes());
        }
    }
    bytes
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Whether a piece fits a line of `n` characters.
    fn chars_fit(n: usize) -> impl Fn(&str) -> bool {
        move |piece: &str| piece.chars().count() <= n
    }

    #[test]
    fn a_word_wider_than_a_line_breaks_with_a_hyphen() {
        let pieces = break_word("Wijnschenkbroeder", chars_fit(8));
        assert_eq!(pieces, ["Wijnsch-", "enkbroe-", "der"]);
        let joined: String = pieces.iter().map(|p| p.trim_end_matches('-')).collect();
        assert_eq!(joined, "Wijnschenkbroeder");
    }

    #[test]
    fn a_word_breaks_after_its_own_hyphen_first() {
        let pieces = break_word("Vermeulen-Hoogendijk", chars_fit(12));
        assert_eq!(pieces, ["Vermeulen-", "Hoogendijk"]);
        // Its own hyphen too far in: a hyphen is added.
        let pieces = break_word("Ab-Vermeulenstraat", chars_fit(8));
        assert_eq!(pieces, ["Ab-", "Vermeul-", "enstraat"]);
        // Letters of more than one byte, a hyphen right after the piece.
        let pieces = break_word("Çiçekçiğüş-Öztürkçü", chars_fit(11));
        assert_eq!(pieces, ["Çiçekçiğüş-", "Öztürkçü"]);
        let pieces = break_word("ÇiçekçiğüşÖztürkçü", chars_fit(7));
        assert_eq!(pieces, ["Çiçekç-", "iğüşÖz-", "türkçü"]);
    }

    #[test]
    fn a_very_long_word_is_broken_in_few_measurements() {
        let word = "x".repeat(20_000);
        let measured = std::cell::Cell::new(0usize);
        let fits = |piece: &str| {
            measured.set(measured.get() + 1);
            piece.chars().count() <= 100
        };
        let pieces = break_word(&word, fits);
        assert_eq!(pieces.len(), 203);
        assert!(pieces[..202].iter().all(|p| p.chars().count() == 100));
        // About 16 measurements a line, not one for every character of the rest.
        assert!(measured.get() < 203 * 20, "{}", measured.get());
    }

    #[test]
    fn a_line_too_narrow_for_any_piece_still_takes_a_character() {
        assert_eq!(break_word("Öz", chars_fit(0)), ["Ö-", "z"]);
        assert_eq!(break_word("", chars_fit(0)), [""]);
    }
    use crate::generate::{GenerateOptions, write_event};
    use crate::report::{ReportOptions, build};
    use crate::travellers::{Event, ReadOptions, read_travellers};
    use klaver_core::notation::Language;
    use klaver_core::session::{Settings, score_session};
    use std::collections::HashMap;

    const NAMES: [&str; 4] = [
        "Şükrü Ağaoğlu & İlkay Çiçek",
        "Zoë van Ë-Dijk & René Öztürk",
        "Iğdır Işık <b>\"Jan\"</b>",
        "Gülşen Yılmaz & Noël Brûlé",
    ];

    fn report_of(event: &Event, lang: ReportLang, bpr: u32) -> Report {
        let result = score_session(&event.pairs, &event.results, &Settings::default()).unwrap();
        build(
            event,
            &result,
            &ReportOptions {
                title: "Zomerdrive ’t Fonteintje".into(),
                date: "2024-06-01".into(),
                lang,
                boards_per_round: Some(bpr),
                ..ReportOptions::default()
            },
        )
    }

    fn small_report(lang: ReportLang) -> Report {
        let csv = "board,ns,ew,contract,declarer,result,score,lead\n\
                   1,1,2,4S,N,=,420,HK\n\
                   1,3,4,4S,N,-1,-50,D2\n\
                   2,1,3,2H,N,=,110,\n\
                   2,2,4,3H,N,=,140,\n";
        let mut event = read_travellers(
            csv.as_bytes(),
            ReadOptions {
                lang: Language::English,
                ..ReadOptions::default()
            },
        )
        .unwrap();
        assert!(!event.has_errors(), "{:?}", event.diagnostics);
        for (p, n) in event.pairs.iter_mut().zip(NAMES) {
            p.names = n.to_string();
        }
        report_of(&event, lang, 1)
    }

    fn big_report() -> Report {
        let mut csv = Vec::new();
        write_event(
            &mut csv,
            GenerateOptions {
                pairs: 30,
                boards: 30,
                boards_per_round: 2,
                seed: 7,
            },
        )
        .unwrap();
        let mut event = read_travellers(
            csv.as_slice(),
            ReadOptions {
                lang: Language::English,
                ..ReadOptions::default()
            },
        )
        .unwrap();
        for (i, p) in event.pairs.iter_mut().enumerate() {
            p.names = format!("{} {i}", NAMES[i % NAMES.len()]);
        }
        report_of(&event, ReportLang::Nl, 2)
    }

    /// Everything drawn for `doc`: each text with where it starts and ends.
    fn drawn_texts(doc: &PdfDocument) -> Vec<(String, f32, f32)> {
        let fonts = Fonts::load().unwrap();
        let mut lay = Layout::new(&fonts);
        for b in &doc.blocks {
            lay.draw(b, MARGIN_X, CONTENT_W);
        }
        lay.pages
            .iter()
            .flatten()
            .filter_map(|op| match op {
                Op::Text {
                    x,
                    size,
                    bold,
                    text,
                    ..
                } => Some((text.clone(), *x, x + fonts.width(text, *bold, *size))),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn a_result_list_wider_than_the_page_goes_on_below_its_names_repeated() {
        // 13 rounds of 2 boards, a 7-table Howell: its round columns ran off the page.
        let mut csv = Vec::new();
        let generate = GenerateOptions {
            pairs: 14,
            boards: 26,
            boards_per_round: 2,
            seed: 7,
        };
        write_event(&mut csv, generate).unwrap();
        let english = ReadOptions {
            lang: Language::English,
            ..ReadOptions::default()
        };
        let mut event = read_travellers(csv.as_slice(), english).unwrap();
        for (i, p) in event.pairs.iter_mut().enumerate() {
            p.names = format!("{} {i}", NAMES[i % NAMES.len()]);
        }
        let settings = Settings {
            boards_per_round: Some(2),
            ..Settings::default()
        };
        let result = score_session(&event.pairs, &event.results, &settings).unwrap();
        let options = ReportOptions {
            boards_per_round: Some(2),
            ..ReportOptions::default()
        };
        let report = build(&event, &result, &options);
        assert_eq!(report.round_headings.len(), 13);
        let texts = drawn_texts(&report_document(&report).unwrap());
        for (text, _, end) in &texts {
            assert!(end - 0.5 <= MARGIN_X + CONTENT_W, "{text:?} ends at {end}");
        }
        for heading in &report.round_headings {
            assert!(
                texts.iter().any(|(t, _, _)| t == heading),
                "{heading} missing"
            );
        }
        let (_, rows) = report.ranking_groups()[0];
        let first = format!("{} ({})", rows[0].rank, rows[0].pair);
        let shown = texts.iter().filter(|(t, _, _)| *t == first).count();
        assert_eq!(shown, 2, "{first} stands beside both parts");
    }

    #[test]
    fn an_analysed_boards_traveller_has_each_result_against_par() {
        // Board 1 of `klaver deal --seed 1`: par NS 420 (4H). 420 is par, -50 is 470
        // below it.
        let mut rep = small_report(ReportLang::En);
        let deal = klaver_deal::Deal::from_pbn(
            "N:AT987.64.AJ4.K65 QJ5.Q72.T85.JT98 62.AJT985.K3.432 K43.K3.Q9762.AQ7",
        )
        .unwrap();
        let table = klaver_deal::DdTable::from_pbn_tricks("98a6798a674536645366").unwrap();
        let record =
            crate::hand_record::BoardRecord::new(klaver_core::Board::new(1).unwrap(), deal)
                .analysed(table)
                .unwrap();
        crate::report::set_analyses(&mut rep, &[(1, record)].into_iter().collect());
        let t = &rep.travellers[0];
        assert_eq!(t.par_score(), Some(420));
        let table = traveller_table(&rep, t);
        let at = table
            .columns
            .iter()
            .position(|c| c.header == "NS \u{b1} par")
            .expect("a par column");
        let against: Vec<&str> = table.rows.iter().map(|r| r[at].as_str()).collect();
        assert_eq!(against, ["0", "-470"]);
        // A board without analysis has no such column.
        let plain = traveller_table(&rep, &rep.travellers[1]);
        assert!(plain.columns.iter().all(|c| !c.header.contains("par")));
    }

    /// A Dutch or Turkish PDF prints the director's adjustments in its own words, on
    /// the travellers and on the control sheet.
    #[test]
    fn adjustments_in_a_dutch_or_turkish_pdf() {
        use crate::report::tests::{adjusted_report, english_word_in};
        // Each word with the times it is shown: on a traveller, and in its control
        // sheet's cell when the line has no contract.
        for (lang, words) in [
            (
                ReportLang::Nl,
                [
                    ("GEM+", 2),
                    ("NG", 2),
                    ("Gewogen", 2),
                    ("Reverse", 1),
                    ("OW 60%", 1),
                ],
            ),
            (
                ReportLang::Tr,
                [
                    ("Ortalama+", 2),
                    ("Oynanmadı", 2),
                    ("Ağırlıklı", 2),
                    ("Ters", 1),
                    ("D-B 60%", 1),
                ],
            ),
        ] {
            let pdf = render(&adjusted_report(lang).1).unwrap();
            let text = page_texts(&pdf).join("\n");
            for (w, times) in words {
                let shown = text.lines().filter(|l| l.starts_with(w)).count();
                assert_eq!(shown, times, "{w:?} in\n{text}");
            }
            assert_eq!(english_word_in(&text), None, "{text}");
        }
    }

    /// A small reader for what this module writes: the streams, inflated, in order.
    pub(crate) fn streams(pdf: &[u8]) -> Vec<Vec<u8>> {
        let mut out = Vec::new();
        let mut at = 0;
        while let Some(i) = find(&pdf[at..], b"stream\n") {
            let start = at + i + b"stream\n".len();
            if pdf[..at + i].ends_with(b"end") {
                at = start;
                continue;
            }
            let end = start + find(&pdf[start..], b"\nendstream").unwrap();
            let data = &pdf[start..end];
            out.push(miniz_oxide::inflate::decompress_to_vec_zlib(data).unwrap_or(data.to_vec()));
            at = end;
        }
        out
    }

    pub(crate) fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
        hay.windows(needle.len()).position(|w| w == needle)
    }

    /// The string operands of a content stream, with the font resource they are set in.
    pub(crate) fn shown(content: &[u8]) -> Vec<(String, Vec<u8>)> {
        let mut out = Vec::new();
        let mut font = String::new();
        let mut i = 0;
        let mut last_name = String::new();
        while i < content.len() {
            match content[i] {
                b'/' => {
                    let s = i + 1;
                    i = s;
                    while i < content.len() && !b" \n/[(<".contains(&content[i]) {
                        i += 1;
                    }
                    last_name = String::from_utf8_lossy(&content[s..i]).into_owned();
                }
                b'<' => {
                    let s = i + 1;
                    while content[i] != b'>' {
                        i += 1;
                    }
                    let hex = std::str::from_utf8(&content[s..i]).unwrap();
                    let bytes = (0..hex.len() / 2)
                        .map(|k| u8::from_str_radix(&hex[2 * k..2 * k + 2], 16).unwrap())
                        .collect();
                    out.push((font.clone(), bytes));
                    i += 1;
                }
                b'(' => {
                    let mut bytes = Vec::new();
                    let mut depth = 1;
                    i += 1;
                    loop {
                        let b = content[i];
                        match b {
                            b'\\' => {
                                i += 1;
                                let e = content[i];
                                match e {
                                    b'n' => bytes.push(b'\n'),
                                    b'r' => bytes.push(b'\r'),
                                    b't' => bytes.push(b'\t'),
                                    b'b' => bytes.push(8),
                                    b'f' => bytes.push(12),
                                    b'0'..=b'7' => {
                                        let mut v = 0u32;
                                        let mut k = 0;
                                        while k < 3 && (b'0'..=b'7').contains(&content[i]) {
                                            v = v * 8 + u32::from(content[i] - b'0');
                                            i += 1;
                                            k += 1;
                                        }
                                        i -= 1;
                                        bytes.push(v as u8);
                                    }
                                    _ => bytes.push(e),
                                }
                            }
                            b'(' => {
                                depth += 1;
                                bytes.push(b);
                            }
                            b')' => {
                                depth -= 1;
                                if depth == 0 {
                                    break;
                                }
                                bytes.push(b);
                            }
                            _ => bytes.push(b),
                        }
                        i += 1;
                    }
                    out.push((font.clone(), bytes));
                    i += 1;
                }
                b'T' if content[i..].starts_with(b"Tf") => {
                    font = last_name.clone();
                    i += 2;
                }
                _ => i += 1,
            }
        }
        out
    }

    /// The text of each page, decoded through the fonts' ToUnicode maps, one line per
    /// shown string.
    pub(crate) fn page_texts(pdf: &[u8]) -> Vec<String> {
        let streams = streams(pdf);
        let mut maps: HashMap<String, HashMap<u16, char>> = HashMap::new();
        for s in &streams {
            let text = String::from_utf8_lossy(s);
            if let Some(rest) = text.split("/CMapName /Klaver-").nth(1) {
                let font = rest.split('-').next().unwrap().to_string();
                let mut map = HashMap::new();
                for line in text
                    .lines()
                    .filter(|l| l.starts_with('<') && l.contains("> <"))
                {
                    let parts: Vec<&str> = line
                        .split(['<', '>', ' '])
                        .filter(|p| !p.is_empty())
                        .collect();
                    let g = u16::from_str_radix(parts[0], 16).unwrap();
                    let units: Vec<u16> = (0..parts[1].len() / 4)
                        .map(|k| u16::from_str_radix(&parts[1][4 * k..4 * k + 4], 16).unwrap())
                        .collect();
                    let c = char::decode_utf16(units).next().unwrap().unwrap();
                    map.insert(g, c);
                }
                maps.insert(font, map);
            }
        }
        streams
            .iter()
            .filter(|s| find(s, b" Tj").is_some() && find(s, b"begincmap").is_none())
            .map(|s| {
                shown(s)
                    .into_iter()
                    .map(|(font, bytes)| {
                        bytes
                            .chunks(2)
                            .map(|c| maps[&font][&u16::from_be_bytes([c[0], c[1]])])
                            .collect::<String>()
                    })
                    .collect::<Vec<_>>()
                    .join("\n")
            })
            .collect()
    }

    pub(crate) fn page_count(pdf: &[u8]) -> usize {
        let text = String::from_utf8_lossy(pdf);
        let count = text.split("/Count ").nth(1).unwrap();
        count
            .split(|c: char| !c.is_ascii_digit())
            .next()
            .unwrap()
            .parse()
            .unwrap()
    }

    #[test]
    fn a_report_is_a_pdf_with_its_fonts_embedded() {
        let pdf = render(&small_report(ReportLang::Nl)).unwrap();
        assert!(pdf.starts_with(b"%PDF-"));
        assert!(pdf.ends_with(b"%%EOF") || pdf.ends_with(b"%%EOF\n"));
        assert!(find(&pdf, b"/FontFile2").is_some());
        assert!(find(&pdf, b"+DejaVuSans").is_some());
        assert!(find(&pdf, b"+DejaVuSans-Bold").is_some());
        assert!(find(&pdf, b"/Identity-H").is_some());
        assert!(find(&pdf, b"/ToUnicode").is_some());
        assert!(find(&pdf, b"/MediaBox [0 0 595.276 841.89]").is_some());
        // Subset and compressed: far smaller than the two font files.
        assert!(pdf.len() < 120_000, "{} bytes", pdf.len());
    }

    #[test]
    fn dutch_and_turkish_names_come_out_as_typed() {
        let pdf = render(&small_report(ReportLang::Nl)).unwrap();
        let pages = page_texts(&pdf);
        assert_eq!(pages.len(), page_count(&pdf));
        let all = pages.join("\n");
        for name in NAMES {
            assert!(all.contains(name), "{name} not in\n{all}");
        }
        for word in [
            "Uitslag",
            "Scorebriefjes",
            "Controlestaat",
            "Zomerdrive ’t Fonteintje",
        ] {
            assert!(all.contains(word), "{word}");
        }
        assert!(all.contains("checkSom: NZ + OW = top op elke lijn"));
        // The control sheet's box: the event's line and each pair by its number.
        assert!(all.contains("1 gift per ronde"), "{all}");
        assert!(all.contains("1  Şükrü Ağaoğlu"), "{all}");
    }

    #[test]
    fn a_turkish_report_prints_its_turkish_words() {
        let pdf = render(&small_report(ReportLang::Tr)).unwrap();
        assert!(find(&pdf, b"/Lang (tr)").is_some());
        let pages = page_texts(&pdf);
        let all = pages.join("\n");
        for word in [
            "Sıralama",
            "Sıra (Çift)",
            "Oyuncular",
            "Board Sonuçları",
            "Kontrol Tablosu",
            "Dağıtan: K   Zonda: Kimse   Çift sayısı: 4   Top: 2",
            "Kontrat Sahibi",
            "Maç Puanı",
            "K-G",
            "D-B",
            "Atak",
            "Kontrol: her satırda K-G + D-B = top",
            "Tur başına ortalama: 1",
        ] {
            assert!(all.contains(word), "{word} not in\n{all}");
        }
        let n = pages.len();
        for (i, page) in pages.iter().enumerate() {
            assert!(page.contains(&format!("Sayfa {} / {n}", i + 1)), "{page}");
        }
    }

    #[test]
    fn a_big_report_runs_over_numbered_pages_with_every_pair_and_board() {
        let report = big_report();
        let pdf = render(&report).unwrap();
        let n = page_count(&pdf);
        let pages = page_texts(&pdf);
        assert_eq!(pages.len(), n);
        // 30 pairs fill the first page; 30 travellers of 15 tables and 15 blocks of
        // the control sheet take several pages each.
        assert!(n >= 8, "{n} pages");
        for (i, page) in pages.iter().enumerate() {
            assert!(
                page.contains(&format!("Pagina {} / {n}", i + 1)),
                "page {}: {page}",
                i + 1
            );
        }
        let all = pages.join("\n");
        for r in &report.ranking {
            assert!(all.contains(&r.names), "{}", r.names);
        }
        // The travellers start on a page of their own, the control sheet too.
        let first_travellers = pages
            .iter()
            .position(|p| p.contains("Scorebriefjes"))
            .unwrap();
        let first_control = pages
            .iter()
            .position(|p| p.contains("Controlestaat"))
            .unwrap();
        assert!(first_travellers >= 1 && first_control > first_travellers + 1);
        let travellers = pages[first_travellers..first_control].join("\n");
        for t in &report.travellers {
            let heading = format!("Gift {}", t.board);
            let found = travellers.lines().filter(|l| *l == heading).count();
            assert_eq!(found, 1, "{heading}");
        }
        let control = pages[first_control..].join("\n");
        for block in &report.control {
            for b in &block.boards {
                assert!(control.lines().any(|l| l == format!("Gift {b}")), "{b}");
            }
        }
    }

    #[test]
    fn a_traveller_is_not_split_across_pages() {
        let report = big_report();
        let pdf = render(&report).unwrap();
        let pages = page_texts(&pdf);
        for t in &report.travellers {
            // Each traveller's pair numbers appear on the page of its heading.
            let heading = format!("Gift {}", t.board);
            let page = pages
                .iter()
                .find(|p| p.lines().any(|l| l == heading))
                .unwrap();
            assert!(page.contains(&t.lines.last().unwrap().mp_ew));
        }
    }

    #[test]
    fn a_character_the_font_lacks_is_an_error_not_a_blank() {
        let mut report = small_report(ReportLang::En);
        report.ranking[0].names = "Kim 金 & Lee".into();
        match render(&report) {
            Err(PdfError::UnsupportedCharacter { ch, text }) => {
                assert_eq!(ch, '金');
                assert!(text.contains("Kim"));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_result_list_alone_is_one_page() {
        let mut report = small_report(ReportLang::En);
        report.travellers.clear();
        report.control.clear();
        let pdf = render(&report).unwrap();
        assert_eq!(page_count(&pdf), 1);
        let text = page_texts(&pdf).join("\n");
        assert!(text.contains("Result list") && text.contains("Page 1 / 1"));
        assert!(!text.contains("Travellers") && !text.contains("Control sheet"));
    }

    #[test]
    fn long_names_wrap_instead_of_running_off_the_page() {
        let mut report = small_report(ReportLang::En);
        report.ranking[0].names = "Anna-Maria Wilhelmina van Oldenbarnevelt-Ğüzelyurt & \
             Maximiliaan Bartholomeus van der Heijden-Şahinoğlu & more"
            .repeat(2);
        let fonts = Fonts::load().unwrap();
        let table = ranking_table(&report, &report.ranking);
        let fit = table.fit(&fonts, CONTENT_W);
        assert!(fit.width() <= CONTENT_W + 0.01, "{}", fit.width());
        assert!(fit.rows[0][1].len() > 1);
        let pdf = render(&report).unwrap();
        let all = page_texts(&pdf).join("\n");
        assert!(all.contains("Oldenbarnevelt-Ğüzelyurt"));
    }

    #[test]
    fn the_fixture_session_renders() {
        let csv = include_str!("../tests/data/fonteintje-controlestaat.csv");
        let event = read_travellers(
            csv.as_bytes(),
            ReadOptions {
                lang: Language::Dutch,
                ..ReadOptions::default()
            },
        )
        .unwrap();
        let report = report_of(&event, ReportLang::Nl, 4);
        let pdf = render(&report).unwrap();
        assert!(pdf.starts_with(b"%PDF-"));
        let all = page_texts(&pdf).join("\n");
        assert!(all.contains("Waarschuwingen"));
        for b in 1..=28 {
            assert!(all.lines().any(|l| l == format!("Gift {b}")), "board {b}");
        }
    }

    #[test]
    fn notes_have_a_box_of_their_own() {
        let csv = include_str!("../tests/data/fonteintje-controlestaat.csv");
        let event = read_travellers(csv.as_bytes(), ReadOptions::default()).unwrap();
        let mut report = report_of(&event, ReportLang::Nl, 4);
        report.warnings.clear();
        report.notes = vec!["gift 7: paar 15 zat deze gift uit".into()];
        let all = page_texts(&render(&report).unwrap()).join("\n");
        assert!(all.contains("Opmerkingen (1)"), "{all}");
        assert!(all.contains("gift 7: paar 15 zat deze gift uit"), "{all}");
        assert!(!all.contains("Waarschuwingen"), "{all}");
    }
}
