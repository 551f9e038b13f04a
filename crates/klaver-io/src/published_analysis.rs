//! The double-dummy figures a PBN file publishes (PBN 2.1 `OptimumScore` 4.2.7,
//! `OptimumResultTable` 5.7, and the `DoubleDummyTricks`, `ParContract` and
//! `OptimumContract` tags other programs add), and where they disagree with klaver's own
//! analysis.

use crate::hand_record::{Analysis, BoardRecord, HandRecord};
use crate::pbn::Table;
use crate::pbn_syntax::{Game, Tag};
use crate::published_par::{PublishedPar, parse_optimum_contract, parse_par_contract};
use klaver_core::session::Diagnostic;
use klaver_core::{Seat, Strain};
use klaver_deal::DdTable;
use klaver_deal::analysis::{declarer_from_letter, strain_from_name};
use std::collections::BTreeMap;

/// One published trick count, with its line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PublishedTricks {
    /// The declarer.
    pub declarer: Seat,
    /// The strain.
    pub strain: Strain,
    /// Tricks double dummy.
    pub tricks: u8,
    /// The file's line.
    pub line: u32,
    /// The tag it came from (`DoubleDummyTricks` or `OptimumResultTable`).
    pub tag: &'static str,
}

/// What a file publishes about one board.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PublishedAnalysis {
    /// Trick counts, from either tag.
    pub tricks: Vec<PublishedTricks>,
    /// The optimum score for North-South and its line.
    pub optimum_score: Option<(i32, u32)>,
    /// The par contracts, from either tag.
    pub pars: Vec<PublishedPar>,
}

impl PublishedAnalysis {
    /// Whether the file published anything for the board.
    pub fn is_empty(&self) -> bool {
        self.tricks.is_empty() && self.optimum_score.is_none() && self.pars.is_empty()
    }

    /// The table the file publishes, when it gives all 20 counts: its DoubleDummyTricks,
    /// or else an OptimumResultTable with a row for every declarer and strain; with the
    /// tag it came from and the line of its first count.
    pub fn full_table(&self) -> Option<(DdTable, &'static str, u32)> {
        let from = |tag: &'static str| {
            let mut counts = [[None; 4]; 5];
            let mut line = u32::MAX;
            for p in self.tricks.iter().filter(|p| p.tag == tag) {
                counts[p.strain as usize][p.declarer as usize] = Some(p.tricks);
                line = line.min(p.line);
            }
            let full = counts.iter().flatten().all(Option::is_some);
            let tricks = counts.map(|row| row.map(|t| t.unwrap_or(0)));
            let table = full.then(|| DdTable::new(tricks).ok()).flatten()?;
            Some((table, tag, line))
        };
        from("DoubleDummyTricks").or_else(|| from("OptimumResultTable"))
    }

    /// The line of the first figure published.
    pub fn first_line(&self) -> u32 {
        let tricks = self.tricks.iter().map(|t| t.line);
        let score = self.optimum_score.map(|s| s.1);
        let pars = self.pars.iter().map(|p| p.line);
        tricks.chain(score).chain(pars).min().unwrap_or(0)
    }

    /// Whether two games publish the same figures, wherever they are written.
    pub fn same_figures(&self, other: &PublishedAnalysis) -> bool {
        let counts = |a: &PublishedAnalysis| {
            let mut c: Vec<_> = a
                .tricks
                .iter()
                .map(|t| (t.declarer as usize, t.strain as usize, t.tricks))
                .collect();
            c.sort_unstable();
            c
        };
        let pars = |a: &PublishedAnalysis| {
            let p: Vec<_> = a
                .pars
                .iter()
                .map(|p| (p.tag, p.contracts.clone()))
                .collect();
            p
        };
        counts(self) == counts(other)
            && self.optimum_score.map(|s| s.0) == other.optimum_score.map(|s| s.0)
            && pars(self) == pars(other)
    }

    /// Adds the 20 counts of a DoubleDummyTricks value.
    pub fn add_double_dummy_tricks(&mut self, value: &str, line: u32) -> Result<(), String> {
        let table = DdTable::from_pbn_tricks(value)?;
        for declarer in Seat::ALL {
            for strain in Strain::ALL {
                self.tricks.push(PublishedTricks {
                    declarer,
                    strain,
                    tricks: table.tricks(strain, declarer),
                    line,
                    tag: "DoubleDummyTricks",
                });
            }
        }
        Ok(())
    }

    /// Adds the rows of an OptimumResultTable with these column names; returns the rows
    /// that could not be read, with their lines.
    pub fn add_result_table(
        &mut self,
        columns: &[String],
        rows: &[(u32, Vec<String>)],
    ) -> Vec<(u32, String)> {
        let find = |names: &[&str]| {
            columns
                .iter()
                .position(|c| names.iter().any(|n| c.eq_ignore_ascii_case(n)))
        };
        let (Some(d), Some(s), Some(r)) = (
            find(&["Declarer"]),
            find(&["Denomination", "Suit", "Strain"]),
            find(&["Result", "Tricks"]),
        ) else {
            let first = rows.first().map_or(0, |r| r.0);
            return vec![(
                first,
                "the OptimumResultTable has no Declarer, Denomination and Result columns".into(),
            )];
        };
        let mut bad = Vec::new();
        for (line, row) in rows {
            match result_row(row, d, s, r) {
                Some((declarer, strain, tricks)) => self.tricks.push(PublishedTricks {
                    declarer,
                    strain,
                    tricks,
                    line: *line,
                    tag: "OptimumResultTable",
                }),
                None => bad.push((*line, format!("the OptimumResultTable row {:?} is not a declarer, a denomination and 0-13 tricks", row.join(" ")))),
            }
        }
        bad
    }
}

fn result_row(row: &[String], d: usize, s: usize, r: usize) -> Option<(Seat, Strain, u8)> {
    let declarer = declarer_from_letter(row.get(d)?)?;
    let strain = strain_from_name(row.get(s)?.trim())?;
    let tricks = row.get(r)?.trim().parse::<u8>().ok().filter(|t| *t <= 13)?;
    Some((declarer, strain, tricks))
}

/// North-South's score from an OptimumScore value: `NS 420`, `EW 620`, or both sides
/// (`NS 420 EW -420`), which must then agree.
pub fn parse_optimum_score(value: &str) -> Result<i32, String> {
    let words: Vec<&str> = value.split_whitespace().collect();
    let bad = || format!("OptimumScore {value:?} is not \"NS <score>\" or \"EW <score>\"");
    let mut found: Option<i32> = None;
    for pair in words.chunks(2) {
        let [side, score] = pair else {
            return Err(bad());
        };
        let score: i32 = score.parse().map_err(|_| bad())?;
        let ns = match side.to_ascii_uppercase().as_str() {
            "NS" => score,
            "EW" => -score,
            _ => return Err(bad()),
        };
        if found.is_some_and(|f| f != ns) {
            return Err(format!(
                "OptimumScore {value:?} gives the two sides different scores"
            ));
        }
        found = Some(ns);
    }
    found.ok_or_else(bad)
}

fn seat_word(seat: Seat) -> &'static str {
    ["North", "East", "South", "West"][seat as usize]
}

fn strain_word(strain: Strain) -> &'static str {
    ["clubs", "diamonds", "hearts", "spades", "notrump"][strain as usize]
}

fn side_score(ns: i32) -> String {
    if ns < 0 {
        format!("EW {}", -ns)
    } else {
        format!("NS {ns}")
    }
}

/// Where the published figures of a board differ from klaver's analysis of it: a
/// warning on the line of each, with what it says against what klaver found. Nothing
/// when the board was not analysed.
pub fn disagreements(b: &BoardRecord, published: &PublishedAnalysis) -> Vec<Diagnostic> {
    checked(b, published, Against::Klaver)
}

/// Whose figures a file's published ones are checked against: klaver's own analysis, or
/// the file's own table of tricks (by its tag), carried when klaver does not analyse.
#[derive(Clone, Copy)]
enum Against<'a> {
    Klaver,
    File(&'a str),
}

impl Against<'_> {
    /// "klaver's analysis gives 6", "its DoubleDummyTricks gives 6".
    fn tricks(self, tricks: u8) -> String {
        match self {
            Against::Klaver => format!("klaver's analysis gives {tricks}"),
            Against::File(tag) => format!("its {tag} gives {tricks}"),
        }
    }

    /// "klaver's par is ...", "the par of its DoubleDummyTricks is ...".
    fn par(self, analysis: &Analysis) -> String {
        match self {
            Against::Klaver => format!("klaver's par is {}", klavers_par(analysis)),
            Against::File(tag) => format!("the par of its {tag} is {}", klavers_par(analysis)),
        }
    }
}

/// [`disagreements`], against `against`.
fn checked(b: &BoardRecord, published: &PublishedAnalysis, against: Against) -> Vec<Diagnostic> {
    let Some(analysis) = &b.analysis else {
        return Vec::new();
    };
    let board = Some(b.board.number());
    let mut out = Vec::new();
    for p in &published.tricks {
        let ours = analysis.table.tricks(p.strain, p.declarer);
        if ours != p.tricks {
            let m = format!(
                "the file's {} gives {} {} tricks in {}; {}",
                p.tag,
                seat_word(p.declarer),
                p.tricks,
                strain_word(p.strain),
                against.tricks(ours)
            );
            out.push(Diagnostic::warning(p.line, board, m));
        }
    }
    if let Some((score, line)) = published.optimum_score
        && score != analysis.par.score
    {
        let m = format!(
            "the file's OptimumScore is {}; {}",
            side_score(score),
            against.par(analysis)
        );
        out.push(Diagnostic::warning(line, board, m));
    }
    for p in &published.pars {
        if !p.agrees(&analysis.table, b.vulnerability, analysis.par.score) {
            let m = format!(
                "the file's {} is {}; {}",
                p.tag,
                p.text,
                against.par(analysis)
            );
            out.push(Diagnostic::warning(p.line, board, m));
        }
    }
    out
}

/// The boards of a hand record with the analysis their file publishes, for when klaver
/// does not analyse them itself: a board whose file gives all 20 trick counts carries
/// that table, with klaver's par for it; a published par or optimum score that is not
/// the table's is a warning. A board whose file contradicts itself (its two tables give
/// another count), publishes figures but not the whole table, or gives a table no deal
/// can have (klaver finds no par for it), is a warning that its analysis is not
/// carried: which count is right, only an analysis can tell.
pub fn carry(
    record: &mut HandRecord,
    published: &BTreeMap<u32, PublishedAnalysis>,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for b in &mut record.boards {
        let n = b.board.number();
        let Some(p) = published.get(&n) else {
            continue;
        };
        let Some((table, tag, line)) = p.full_table() else {
            let m = "the file's analysis of the board is not a table of all 20 trick counts, so it is not carried: --analyse analyses the board";
            out.push(Diagnostic::warning(p.first_line(), Some(n), m));
            continue;
        };
        // The solver's own tables always have a par; a published one that has none
        // cannot be a table of tricks.
        match klaver_deal::par(&table, b.vulnerability, b.dealer) {
            Ok(par) => {
                // Two tables that differ leave which count is right to an analysis; a
                // published par that is not the table's is only said.
                let split = p
                    .tricks
                    .iter()
                    .any(|t| table.tricks(t.strain, t.declarer) != t.tricks);
                b.analysis = Some(Analysis { table, par });
                let mut said = checked(b, p, Against::File(tag));
                if split {
                    b.analysis = None;
                    for d in &mut said {
                        d.message.push_str(", so the board's analysis is not carried: --analyse analyses the board");
                    }
                }
                out.extend(said);
            }
            Err(e) => {
                let m = format!(
                    "the file's {tag} cannot be right ({e}), so it is not carried: --analyse analyses the board"
                );
                out.push(Diagnostic::warning(line, Some(n), m));
            }
        }
    }
    out.sort_by_key(|d| d.line);
    out
}

/// "NS 420 (NS 4S)".
fn klavers_par(a: &Analysis) -> String {
    format!("{} ({})", a.par.optimum_score(), a.par.notation())
}

/// A tag's value that says something (not empty, not `?`).
pub(crate) fn given(t: &&Tag) -> bool {
    let v = t.value.trim();
    !v.is_empty() && v != "?"
}

/// The double-dummy figures a game publishes. What cannot be read is a warning with its
/// line, never an error: the analysis is not needed to score the board.
pub(crate) fn read_game(g: &Game, board: u32, diags: &mut Vec<Diagnostic>) -> PublishedAnalysis {
    let mut a = PublishedAnalysis::default();
    let mut warn = |line: u32, m: String| diags.push(Diagnostic::warning(line, Some(board), m));
    if let Some(t) = g.tag("DoubleDummyTricks").filter(given)
        && let Err(e) = a.add_double_dummy_tricks(&t.value, t.line)
    {
        warn(t.line, e);
    }
    if let Some(t) = g.tag("OptimumScore").filter(given) {
        match parse_optimum_score(&t.value) {
            Ok(s) => a.optimum_score = Some((s, t.line)),
            Err(e) => warn(t.line, e),
        }
    }
    type Parse = fn(&str, u32) -> Result<PublishedPar, String>;
    let pars: [(&str, Parse); 2] = [
        ("ParContract", parse_par_contract),
        ("OptimumContract", parse_optimum_contract),
    ];
    for (name, parse) in pars {
        if let Some(t) = g.tag(name).filter(given) {
            match parse(&t.value, t.line) {
                Ok(p) => a.pars.push(p),
                Err(e) => warn(t.line, e),
            }
        }
    }
    if let Some(t) = g.tag("OptimumResultTable") {
        read_result_table(&mut a, t, &mut warn);
    }
    a
}

/// The rows of an OptimumResultTable, with any columns.
fn read_result_table(a: &mut PublishedAnalysis, t: &Tag, warn: &mut impl FnMut(u32, String)) {
    let mut t = t.clone();
    // Some programs name the columns with spaces between them ("Declarer Suit Tricks").
    if !t.value.contains(';') {
        t.value = t.value.split_whitespace().collect::<Vec<_>>().join(";");
    }
    let mut scratch = Vec::new();
    let table = Table::read(&t, &mut scratch);
    for d in scratch {
        warn(d.line.unwrap_or(t.line), d.message);
    }
    let names: Vec<String> = table.columns.iter().map(|c| c.name.clone()).collect();
    for (line, m) in a.add_result_table(&names, &table.rows) {
        warn(if line == 0 { t.line } else { line }, m);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn optimum_scores_in_the_standards_forms() {
        assert_eq!(parse_optimum_score("NS 420"), Ok(420));
        assert_eq!(parse_optimum_score("EW 620"), Ok(-620));
        assert_eq!(parse_optimum_score("NS -100 EW 100"), Ok(-100));
        assert!(parse_optimum_score("NS 100 EW 100").is_err());
        assert!(parse_optimum_score("EW 4S; -620").is_err());
        assert!(parse_optimum_score("").is_err());
    }

    #[test]
    fn result_tables_in_either_layout() {
        let mut p = PublishedAnalysis::default();
        let cols = vec![
            "Declarer".to_string(),
            "Denomination".into(),
            "Result".into(),
        ];
        let rows = vec![
            (7, vec!["N".into(), "NT".into(), "9".into()]),
            (8, vec!["Q".into(), "S".into(), "9".into()]),
        ];
        let bad = p.add_result_table(&cols, &rows);
        assert_eq!(p.tricks.len(), 1);
        assert_eq!(
            (p.tricks[0].strain, p.tricks[0].tricks, p.tricks[0].line),
            (Strain::NoTrump, 9, 7)
        );
        assert_eq!(bad.len(), 1);
        assert_eq!(bad[0].0, 8);
    }
}
