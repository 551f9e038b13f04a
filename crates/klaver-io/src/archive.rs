//! Scoring an archive: one travellers file holding many sessions one after another, as a
//! federation's results database exports them (the NBB keeps some 70 million board
//! results).
//!
//! Each line carries its session's id in a `session` column; a session's lines stand
//! together. The file is read as a stream, one session at a time, so memory stays that of
//! a few sessions however large the archive is. Sessions are scored on all the machine's
//! cores: a reader cuts the file into sessions, workers read and score them exactly as
//! `klaver score` scores a travellers file, and the results are written in the file's
//! order: one line per pair and session with its points, maximum, percentage, rank,
//! boards and club points.
//!
//! A session with an error is reported with its lines and left out of the results; the
//! others are scored. A session whose lines do not stand together is an error that stops
//! the run, since its results could not be compared with each other.

use crate::report;
use crate::travellers::{Event, ReadOptions, TravellersReader};
use klaver_core::notation::Language;
use klaver_core::session::{Diagnostic, PairInfo, PairResult, Settings, Severity, score_session};
use rustc_hash::FxHashMap;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{Read, Write};
use std::sync::mpsc;

/// How to score an archive.
#[derive(Debug, Clone, Default)]
pub struct ArchiveScoring {
    /// The language of the contracts.
    pub lang: Language,
    /// The rules every session is scored with.
    pub settings: Settings,
    /// Worker threads; 0 uses every core.
    pub threads: usize,
}

/// What scoring an archive found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ArchiveSummary {
    /// Sessions in the file.
    pub sessions: u64,
    /// Sessions scored.
    pub scored: u64,
    /// Sessions left out because of errors.
    pub failed: u64,
    /// Results (traveller lines) in the sessions scored.
    pub results: u64,
    /// Pair lines written.
    pub pairs: u64,
    /// Warnings reported.
    pub warnings: u64,
}

/// An archive that cannot be read on.
#[derive(Debug, thiserror::Error)]
pub enum ArchiveError {
    /// The system would not start a thread (too many running, too little memory).
    #[error(
        "the system would not start a thread to read and score the archive (it needs at least two): close other programs and run it again"
    )]
    NoThread,
    /// Reading or writing failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// The header has no session column.
    #[error("line 1: the header has no session column: an archive names each line's session")]
    NoSessionColumn,
    /// The file is empty.
    #[error("the file is empty: an archive starts with a header line")]
    Empty,
    /// The header lacks a column the travellers need.
    #[error("line 1: {0}")]
    Header(String),
    /// The CSV itself cannot be read.
    #[error("line {line}: {message}")]
    Csv {
        /// The line.
        line: u64,
        /// What the CSV reader said.
        message: String,
    },
    /// A session's lines are split by another session's.
    #[error(
        "line {line}: session {session} continues here after other sessions (it was on line {first}): keep each session's lines together, e.g. sort the file by session"
    )]
    SessionSplit {
        /// The line where the session reappears.
        line: u64,
        /// The session.
        session: String,
        /// A line of its earlier part.
        first: u64,
    },
    /// A line whose session column is empty belongs to no session.
    #[error("line {line}: the line names no session: give each line its session's id")]
    NoSession {
        /// The line.
        line: u64,
    },
}

/// One session's records, kept flat (a few allocations a session, not a few a line):
/// the bytes of every field one after another, where each field ends, and for each
/// record its first field, its number of fields and its line in the file.
struct Chunk {
    session: String,
    /// What the cutting found of the session (an id like another's but for its
    /// letters' case), said with its warnings.
    notes: Vec<Diagnostic>,
    bytes: Vec<u8>,
    field_ends: Vec<u32>,
    records: Vec<(u32, u32, u32)>,
}

impl Chunk {
    fn new(session: String) -> Chunk {
        Chunk {
            session,
            notes: Vec::new(),
            bytes: Vec::with_capacity(8 << 10),
            field_ends: Vec::with_capacity(2 << 10),
            records: Vec::with_capacity(256),
        }
    }

    fn push(&mut self, rec: &csv::ByteRecord, line: u64) {
        let first = self.field_ends.len() as u32;
        for f in rec {
            self.bytes.extend_from_slice(f);
            self.field_ends.push(self.bytes.len() as u32);
        }
        let line = u32::try_from(line).unwrap_or(u32::MAX);
        self.records.push((first, rec.len() as u32, line));
    }

    /// The fields of record `k`.
    fn fields(&self, k: usize) -> impl Iterator<Item = &[u8]> {
        let (first, count, _) = self.records[k];
        (first..first + count).map(move |i| {
            let start = match i {
                0 => 0,
                i => self.field_ends[i as usize - 1] as usize,
            };
            &self.bytes[start..self.field_ends[i as usize] as usize]
        })
    }
}

/// Sessions handed to a worker together, so that threads wake once per batch rather than
/// once per session.
struct Batch {
    seq: u64,
    chunks: Vec<Chunk>,
    records: usize,
}

/// Records a batch collects before it is handed out.
const BATCH_RECORDS: usize = 4096;

/// A scored session, ready to be written.
struct Scored {
    rows: String,
    messages: Vec<String>,
    ok: bool,
    results: u64,
    pairs: u64,
    warnings: u64,
}

/// The archive as the CSV reader reads it, its line ends counted from its bytes: the
/// reader's own count names a record one line early after a blank line, after every
/// CR LF (as Windows saves a file), and never moves in a file whose lines end in a CR
/// alone. The bytes the reader has read past the last record asked about are kept (a
/// buffer's worth), to be counted when the next record is.
struct LineCounting<R> {
    inner: R,
    book: std::cell::RefCell<LineBook>,
}

#[derive(Default)]
struct LineBook {
    /// The bytes read and not yet counted start at `kept[start]`, byte `base` of the file.
    kept: Vec<u8>,
    start: usize,
    base: u64,
    /// The line ends before byte `base`.
    ends: u64,
}

impl<R: Read> LineCounting<R> {
    fn new(inner: R) -> Self {
        LineCounting {
            inner,
            book: std::cell::RefCell::new(LineBook::default()),
        }
    }

    /// The line of the record the CSV reader says starts at byte `at`: the line of its
    /// first byte that ends no line (a record is said to start at the line ends before
    /// it).
    fn line_of(&self, at: u64) -> u64 {
        let mut book = self.book.borrow_mut();
        let book = &mut *book;
        let upto = book.start + usize::try_from(at.saturating_sub(book.base)).unwrap_or(usize::MAX);
        let upto = upto.min(book.kept.len());
        let skip = book.kept[upto..]
            .iter()
            .take_while(|b| matches!(b, b'\r' | b'\n'))
            .count();
        let end = upto + skip;
        book.ends += crate::travellers::line_ends(&book.kept[book.start..end]) as u64;
        book.base += (end - book.start) as u64;
        book.start = end;
        book.ends + 1
    }
}

impl<R: Read> Read for LineCounting<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        let book = self.book.get_mut();
        // What was counted goes, once it is most of what is kept.
        if book.start > 1 << 16 && book.start * 2 > book.kept.len() {
            book.kept.drain(..book.start);
            book.start = 0;
        }
        book.kept.extend_from_slice(&buf[..n]);
        Ok(n)
    }
}

fn csv_error(e: csv::Error) -> ArchiveError {
    let line = e.position().map_or(0, |p| p.line());
    ArchiveError::Csv {
        line,
        message: e.to_string(),
    }
}

/// Scores every session of an archive read from `input`, writing one CSV line per pair
/// and session to `out`; each error or warning found in a session is passed to `report`
/// as a sentence naming the session and the line.
pub fn score_archive<R, W>(
    input: R,
    out: W,
    opts: &ArchiveScoring,
    report: &mut dyn FnMut(&str),
) -> Result<ArchiveSummary, ArchiveError>
where
    R: Read + Send,
    W: Write,
{
    let mut out = std::io::BufWriter::with_capacity(1 << 20, out);
    // One CSV reader for the whole file: records are cut into sessions as they come.
    let mut rdr = csv::ReaderBuilder::new()
        .flexible(true)
        .has_headers(false)
        .buffer_capacity(1 << 20)
        .from_reader(LineCounting::new(input));
    let (header, session_col) = read_header(&mut rdr, opts)?;
    let columns = header.len();
    let mut summary = ArchiveSummary::default();
    if let Some(w) = crate::travellers::unread_columns(&header, &["session"]) {
        report(&format!("warning: {w}"));
        summary.warnings += 1;
    }
    writeln!(
        out,
        "session,section,pair,points,max,percentage,rank,boards,club_points"
    )?;

    let threads = match opts.threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    std::thread::scope(|scope| -> Result<(), ArchiveError> {
        let (result_tx, result_rx) = mpsc::sync_channel::<(u64, Vec<Scored>)>(4 * threads);
        let work_txs = start_workers(scope, threads, &header, opts, result_tx);
        if work_txs.is_empty() {
            return Err(ArchiveError::NoThread);
        }
        let reader = klaver_core::parts::start(scope, move || {
            cut_sessions(rdr, (session_col, columns), work_txs)
        });
        // Without a reader of its own the writer below would wait for ever; letting go
        // of it ends the workers.
        if !reader.on_its_own_thread() {
            return Err(ArchiveError::NoThread);
        }
        write_in_order(result_rx, &mut out, report, &mut summary)?;
        summary.sessions = reader.join()?;
        Ok(())
    })?;
    out.flush()?;
    Ok(summary)
}

/// Reads the archive's header: the columns every session's travellers share, and which
/// of them names the session. A header without a session column, or one the travellers
/// reader refuses, is refused once, here.
fn read_header<R: Read>(
    rdr: &mut csv::Reader<R>,
    opts: &ArchiveScoring,
) -> Result<(csv::StringRecord, usize), ArchiveError> {
    let mut header = csv::ByteRecord::new();
    if !rdr.read_byte_record(&mut header).map_err(csv_error)? {
        return Err(ArchiveError::Empty);
    }
    if let Some(message) = crate::quotes::runaway_quote_in_header(&header, 1) {
        return Err(ArchiveError::Csv { line: 1, message });
    }
    let header = csv::StringRecord::from_byte_record_lossy(header);
    let session_col = crate::plain_csv::column_of(&header, &["session"])
        .map_err(|(first, second)| {
            ArchiveError::Header(format!(
                "the header has two session columns (columns {first} and {second}): keep the one naming the sessions"
            ))
        })?
        .ok_or(ArchiveError::NoSessionColumn)?;
    TravellersReader::new(
        &header,
        ReadOptions {
            lang: opts.lang,
            ..ReadOptions::default()
        },
    )
    .map_err(|e| ArchiveError::Header(e.to_string()))?;
    Ok((header, session_col))
}

/// Starts `threads` workers that read and score the sessions of each batch they are
/// handed and send the scored batch back on `result_tx`. Returns the way to hand a batch
/// to each worker that the system gave a thread (none when it gave none).
fn start_workers<'scope>(
    scope: &'scope std::thread::Scope<'scope, '_>,
    threads: usize,
    header: &'scope csv::StringRecord,
    opts: &'scope ArchiveScoring,
    result_tx: mpsc::SyncSender<(u64, Vec<Scored>)>,
) -> Vec<mpsc::SyncSender<Batch>> {
    let mut work_txs = Vec::with_capacity(threads);
    for _ in 0..threads {
        let (tx, rx) = mpsc::sync_channel::<Batch>(2);
        let result_tx = result_tx.clone();
        let worker = klaver_core::parts::start(scope, move || {
            for batch in rx {
                let scored = batch
                    .chunks
                    .into_iter()
                    .map(|c| score_chunk(c, header, opts))
                    .collect();
                if result_tx.send((batch.seq, scored)).is_err() {
                    break;
                }
            }
        });
        // Sessions go only to the workers the system gave a thread.
        if worker.on_its_own_thread() {
            work_txs.push(tx);
        }
    }
    work_txs
}

/// The reader: cuts the archive's records into sessions and hands them to the workers
/// in batches, in turn. Returns the number of sessions read; a session whose lines are
/// split by another session's stops the run.
fn cut_sessions<R: Read>(
    mut rdr: csv::Reader<LineCounting<R>>,
    (session_col, columns): (usize, usize),
    work_txs: Vec<mpsc::SyncSender<Batch>>,
) -> Result<u64, ArchiveError> {
    // Where each session began, to catch a session whose lines are split, and each id in
    // small letters, to name an id that differs from another only in their case.
    let mut first_of: FxHashMap<Vec<u8>, u64> = FxHashMap::default();
    let mut folded: FxHashMap<Vec<u8>, (Vec<u8>, u64)> = FxHashMap::default();
    let mut current: Option<(Vec<u8>, Chunk)> = None;
    let mut sessions: u64 = 0;
    let mut batches = Batches {
        work_txs,
        batch: Batch {
            seq: 0,
            chunks: Vec::new(),
            records: 0,
        },
    };
    let mut rec = csv::ByteRecord::new();
    while rdr.read_byte_record(&mut rec).map_err(csv_error)? {
        let line = rdr
            .get_ref()
            .line_of(rec.position().map_or(0, |p| p.byte()));
        if let Some(message) = crate::quotes::runaway_quote(&rec, line, columns) {
            return Err(ArchiveError::Csv { line, message });
        }
        if rec.iter().all(|f| f.trim_ascii().is_empty()) {
            continue;
        }
        let key = rec.get(session_col).unwrap_or_default().trim_ascii();
        if key.is_empty() {
            return Err(ArchiveError::NoSession { line });
        }
        let same = matches!(&current, Some((k, _)) if k.as_slice() == key);
        if !same {
            if let Some(&first) = first_of.get(key) {
                return Err(ArchiveError::SessionSplit {
                    line,
                    session: String::from_utf8_lossy(key).into_owned(),
                    first,
                });
            }
            if let Some((_, chunk)) = current.take()
                && !batches.send(Some(chunk), false)
            {
                return Ok(sessions);
            }
            first_of.insert(key.to_vec(), line);
            let mut chunk = Chunk::new(String::from_utf8_lossy(key).into_owned());
            let (other, at) = folded
                .entry(key.to_ascii_lowercase())
                .or_insert_with(|| (key.to_vec(), line));
            if other.as_slice() != key {
                chunk.notes.push(case_differs(key, other, (line, *at)));
            }
            current = Some((key.to_vec(), chunk));
            sessions += 1;
        }
        if let Some((_, chunk)) = &mut current {
            chunk.push(&rec, line);
        }
    }
    batches.send(current.take().map(|(_, chunk)| chunk), true);
    Ok(sessions)
}

/// The warning of session id `key` on line `line`, which differs from the id `other`
/// (first on line `at`) only in its letters' case.
fn case_differs(key: &[u8], other: &[u8], (line, at): (u64, u64)) -> Diagnostic {
    let (key, other) = (String::from_utf8_lossy(key), String::from_utf8_lossy(other));
    Diagnostic::warning(
        u32::try_from(line).unwrap_or(u32::MAX),
        None,
        format!(
            "the session id {key} differs from {other} (line {at}) only in letter case: the two are scored as two sessions; if they are one, write its id the same way on every line"
        ),
    )
}

/// The batch of sessions being collected, and the workers it goes to in turn.
struct Batches {
    work_txs: Vec<mpsc::SyncSender<Batch>>,
    batch: Batch,
}

impl Batches {
    /// Adds a finished session to the batch, and hands the batch out when full (or at the
    /// end); false when the workers have stopped.
    fn send(&mut self, chunk: Option<Chunk>, last: bool) -> bool {
        let batch = &mut self.batch;
        if let Some(chunk) = chunk {
            batch.records += chunk.records.len();
            batch.chunks.push(chunk);
        }
        if batch.records < BATCH_RECORDS && (!last || batch.chunks.is_empty()) {
            return true;
        }
        let seq = batch.seq;
        let full = std::mem::replace(
            batch,
            Batch {
                seq: seq + 1,
                chunks: Vec::new(),
                records: 0,
            },
        );
        self.work_txs[(seq % self.work_txs.len() as u64) as usize]
            .send(full)
            .is_ok()
    }
}

/// The writer: the scored sessions in the file's order, whatever order the workers
/// finish them in. Each session's messages are reported and its pairs' lines written
/// (a session with errors is counted as left out), until the workers are done.
fn write_in_order<W: Write>(
    result_rx: mpsc::Receiver<(u64, Vec<Scored>)>,
    out: &mut W,
    report: &mut dyn FnMut(&str),
    summary: &mut ArchiveSummary,
) -> Result<(), ArchiveError> {
    let mut pending: BTreeMap<u64, Vec<Scored>> = BTreeMap::new();
    let mut next = 0u64;
    for (seq, scored) in result_rx {
        pending.insert(seq, scored);
        while let Some(batch) = pending.remove(&next) {
            next += 1;
            for s in batch {
                for m in &s.messages {
                    report(m);
                }
                summary.warnings += s.warnings;
                if s.ok {
                    summary.scored += 1;
                    summary.results += s.results;
                    summary.pairs += s.pairs;
                    out.write_all(s.rows.as_bytes())?;
                } else {
                    summary.failed += 1;
                }
            }
        }
    }
    Ok(())
}

/// Reads and scores one session.
fn score_chunk(chunk: Chunk, header: &csv::StringRecord, opts: &ArchiveScoring) -> Scored {
    let mut scored = Scored {
        rows: String::new(),
        messages: Vec::new(),
        ok: false,
        results: 0,
        pairs: 0,
        warnings: 0,
    };
    let session = chunk.session.as_str();
    for d in &chunk.notes {
        scored.tell(session, d);
    }
    let Some(event) = read_chunk(&chunk, header, opts, &mut scored) else {
        return scored;
    };
    let result = match score_session(&event.pairs, &event.results, &opts.settings) {
        Ok(r) => r,
        Err(e) => {
            for d in &e.diagnostics {
                scored.tell(session, d);
            }
            scored.messages.push(format!(
                "error: session {session} cannot be scored and is left out"
            ));
            return scored;
        }
    };
    for d in &result.warnings {
        scored.tell(session, d);
    }
    for p in &result.pairs {
        write_row(&mut scored.rows, session, &event.pairs[p.pair], p);
    }
    scored.ok = true;
    scored.results = event.results.len() as u64;
    scored.pairs = result.pairs.len() as u64;
    scored
}

impl Scored {
    /// Says a message of the session, counting the warnings (not the notes).
    fn tell(&mut self, session: &str, d: &Diagnostic) {
        if d.severity == Severity::Warning {
            self.warnings += 1;
        }
        let what = d.severity.word();
        self.messages
            .push(format!("{what}: session {session}: {d}"));
    }
}

/// The session's lines read as a travellers CSV's, its messages told; `None` when a
/// line is not text or the session has errors (it is then left out, and said so).
fn read_chunk(
    chunk: &Chunk,
    header: &csv::StringRecord,
    opts: &ArchiveScoring,
    scored: &mut Scored,
) -> Option<Event> {
    let session = chunk.session.as_str();
    // What was said of the session before its lines were read.
    let said_before = scored.messages.len();
    // The header was checked before any session was read.
    let mut reader = TravellersReader::new(
        header,
        ReadOptions {
            lang: opts.lang,
            ..ReadOptions::default()
        },
    )
    .ok()?;
    reader.reserve(chunk.records.len());
    let mut rec = csv::StringRecord::new();
    'records: for k in 0..chunk.records.len() {
        let line = chunk.records[k].2;
        rec.clear();
        for f in chunk.fields(k) {
            match std::str::from_utf8(f) {
                Ok(f) => rec.push_field(f),
                Err(_) => {
                    scored.messages.push(format!(
                        "error: session {session}: line {line}: the line is not UTF-8 text: save the file as UTF-8"
                    ));
                    continue 'records;
                }
            }
        }
        reader.read(&rec, line);
    }
    let event = reader.finish();
    let unreadable = scored.messages.len() > said_before;
    for d in &event.diagnostics {
        scored.tell(session, d);
    }
    if unreadable || event.has_errors() {
        scored.messages.push(format!(
            "error: session {session} has errors and is left out"
        ));
        return None;
    }
    Some(event)
}

/// Writes a pair's row of the archive's result list into `rows`.
fn write_row(rows: &mut String, session: &str, info: &PairInfo, p: &PairResult) {
    let rank = match p.rank {
        Some(r) if p.tied => format!("{r}="),
        Some(r) => r.to_string(),
        None => String::new(),
    };
    let _ = writeln!(
        rows,
        "{},{},{},{},{},{},{},{},{}",
        csv_text(session),
        csv_text(&info.section),
        csv_text(&info.id),
        report::points(&p.total),
        p.max,
        p.percentage
            .as_ref()
            .map(|x| x.to_decimal(2))
            .unwrap_or_default(),
        rank,
        p.boards,
        report::ratio(p.club_points),
    );
}

/// A text for a CSV field, quoted when it needs to be.
fn csv_text(s: &str) -> std::borrow::Cow<'_, str> {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\"")).into()
    } else {
        s.into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{ArchiveOptions, write_archive};
    use crate::travellers::read_travellers;

    fn run(
        text: &str,
        threads: usize,
    ) -> (Result<ArchiveSummary, ArchiveError>, String, Vec<String>) {
        let mut out = Vec::new();
        let mut messages = Vec::new();
        let r = score_archive(
            text.as_bytes(),
            &mut out,
            &ArchiveScoring {
                threads,
                ..ArchiveScoring::default()
            },
            &mut |m| messages.push(m.to_string()),
        );
        (r, String::from_utf8(out).unwrap(), messages)
    }

    /// Lines ending in CR LF (as Windows saves a file) were each named one early, a line
    /// after a blank one too, and lines ending in a CR alone all as line 1.
    #[test]
    fn an_archive_with_cr_lf_line_ends_names_the_files_lines() {
        let text = "session,board,ns,ew,score\nA,1,1,2,420\nA,1,3,4,170\nA,2,1,2,100\n\
                    A,2,3,4,110\nA,3,1,2,0\nB,1,1,2,420\n\nA,1,5,6,200\n";
        let (lf, ..) = run(text, 2);
        let (crlf, ..) = run(&text.replace('\n', "\r\n"), 2);
        let (cr, ..) = run(&text.replace('\n', "\r"), 2);
        let cr = cr.unwrap_err().to_string();
        let said = "line 9: session A continues here after other sessions (it was on line 2)";
        assert!(cr.starts_with(said), "{cr}");
        let lf = lf.unwrap_err().to_string();
        assert!(lf.starts_with(said), "{lf}");
        assert!(crlf.unwrap_err().to_string().starts_with(said));
        // A session's own messages name the file's lines too.
        let bad = "session,board,ns,ew,score\r\nA,1,1,2,420\r\nA,1,1,3,170\r\n";
        let (r, _, messages) = run(bad, 2);
        assert!(r.is_ok());
        assert!(
            messages.iter().any(|m| m.contains("line 3")),
            "{messages:?}"
        );
        assert!(
            !messages.iter().any(|m| m.contains("line 2:")),
            "{messages:?}"
        );
    }

    #[test]
    fn a_quote_that_runs_over_lines_stops_the_archive_on_its_line() {
        let text = "session,board,ns,ew,score,notes\nA,1,1,2,420,\"x\nA,1,3,4,170,\nB,1,1,2,100,\n";
        let (r, _, _) = run(text, 2);
        let e = r.unwrap_err().to_string();
        assert!(
            e.starts_with("line 2: a quote opens a field on this line that takes in line 3 "),
            "{e}"
        );
    }

    #[test]
    fn a_column_named_twice_refuses_the_archive_naming_the_header_once() {
        let (r, _, _) = run("session,board,ns,ew,score,score\nA,1,1,2,420,420\n", 2);
        assert_eq!(
            r.unwrap_err().to_string(),
            "line 1: the header has two score columns (columns 5 and 6): keep the one to score"
        );
    }

    #[test]
    fn two_session_columns_refuse_the_archive() {
        let (r, _, _) = run("session,board,ns,ew,score,Session\nA,1,1,2,420,B\n", 2);
        assert_eq!(
            r.unwrap_err().to_string(),
            "line 1: the header has two session columns (columns 1 and 6): keep the one naming the sessions"
        );
    }

    #[test]
    fn a_column_the_archive_does_not_read_is_one_warning_on_the_header() {
        let text = "session,board,ns,ew,score,notes\nA,1,1,2,420,x\nA,1,3,4,170,\nB,1,1,2,100,\nB,1,3,4,100,y\n";
        let (r, _, messages) = run(text, 2);
        assert_eq!(
            messages,
            ["warning: line 1: the column notes is not read: its contents are ignored"]
        );
        assert_eq!(r.unwrap().warnings, 1);
    }

    #[test]
    fn each_session_is_scored_on_its_own() {
        let text = "session,board,ns,ew,score\n\
                    A,1,1,2,420\nA,1,3,4,170\nA,1,5,6,-50\n\
                    B,1,1,2,100\nB,1,3,4,100\n\n";
        let (r, out, messages) = run(text, 2);
        let s = r.unwrap();
        assert_eq!(
            s,
            ArchiveSummary {
                sessions: 2,
                scored: 2,
                failed: 0,
                results: 5,
                pairs: 10,
                warnings: 0
            }
        );
        assert!(messages.is_empty(), "{messages:?}");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(
            lines[0],
            "session,section,pair,points,max,percentage,rank,boards,club_points"
        );
        assert_eq!(lines[1], "A,,1,4,4,100.00,1=,1,21");
        // Session B: a tie on a board of two, top 2.
        assert!(lines.contains(&"B,,1,1,2,50.00,1=,1,4.75"), "{out}");
        assert_eq!(lines.len(), 11);
    }

    #[test]
    fn a_session_with_an_error_is_left_out_and_named_by_its_file_line() {
        let text = "session,board,ns,ew,score\n\
                    A,1,1,2,420\nA,1,3,4,425\n\
                    B,1,1,2,100\nB,1,3,4,110\n";
        let (r, out, messages) = run(text, 1);
        let s = r.unwrap();
        assert_eq!((s.sessions, s.scored, s.failed), (2, 1, 1));
        assert!(
            messages[0].starts_with("error: session A: line 3: board 1: 425 is not a score"),
            "{messages:?}"
        );
        assert!(!out.contains("\nA,"), "{out}");
        assert!(out.contains("\nB,"), "{out}");
    }

    #[test]
    fn an_archive_without_threads_is_an_error_not_a_hang_or_a_loss() {
        let text = "session,board,ns,ew,score\nA,1,1,2,420\nA,1,3,4,170\n";
        let (r, out, _) = klaver_core::parts::without_threads(|| run(text, 2));
        assert!(matches!(r, Err(ArchiveError::NoThread)), "{r:?}");
        // Nothing but the header was written: no session is reported half scored.
        assert!(out.lines().count() <= 1, "{out}");
    }

    /// A line with no session id was scored as a session named "", and ids differing
    /// only in letter case (S1, s1) made two sessions, without a word. The first stops
    /// the run naming the line; the second is a warning of the later session.
    #[test]
    fn a_line_without_its_session_or_a_session_in_other_letters_is_said() {
        let text = "session,board,ns,ew,score\nS1,1,1,2,420\nS1,1,3,4,450\n,2,1,2,-110\n";
        let (r, _, _) = run(text, 2);
        assert_eq!(
            r.unwrap_err().to_string(),
            "line 4: the line names no session: give each line its session's id"
        );
        let text =
            "session,board,ns,ew,score\nS1,1,1,2,420\nS1,1,3,4,450\ns1,2,1,2,-110\ns1,2,3,4,-100\n";
        let (r, _, messages) = run(text, 2);
        let summary = r.unwrap();
        assert_eq!((summary.sessions, summary.scored), (2, 2));
        assert_eq!(summary.warnings, 1);
        assert!(
            messages.contains(&"warning: session s1: line 4: the session id s1 differs from S1 (line 2) only in letter case: the two are scored as two sessions; if they are one, write its id the same way on every line".to_string()),
            "{messages:?}"
        );
    }

    #[test]
    fn a_split_session_stops_the_run() {
        let text = "session,board,ns,ew,score\nA,1,1,2,420\nB,1,1,2,100\nA,2,1,2,50\n";
        let (r, _, _) = run(text, 2);
        assert_eq!(
            r.unwrap_err().to_string(),
            "line 4: session A continues here after other sessions (it was on line 2): keep each session's lines together, e.g. sort the file by session"
        );
        let (r, _, _) = run("board,ns,ew,score\n1,1,2,420\n", 2);
        assert!(matches!(r, Err(ArchiveError::NoSessionColumn)));
        let (r, _, _) = run("", 2);
        assert!(matches!(r, Err(ArchiveError::Empty)));
    }

    #[test]
    fn a_generated_archive_gives_what_scoring_each_session_alone_gives() {
        let mut buf = Vec::new();
        write_archive(
            &mut buf,
            ArchiveOptions {
                sessions: 12,
                seed: 5,
            },
        )
        .unwrap();
        let text = String::from_utf8(buf).unwrap();
        let (one, out_one, _) = run(&text, 1);
        let (three, out_three, _) = run(&text, 3);
        assert_eq!(one.unwrap(), three.unwrap());
        assert_eq!(out_one, out_three);
        // Session 7 alone, as klaver score reads it.
        let header = text.lines().next().unwrap();
        let alone: String = std::iter::once(header)
            .chain(text.lines().filter(|l| l.starts_with("S0000007,")))
            .map(|l| format!("{l}\n"))
            .collect();
        let event = read_travellers(alone.as_bytes(), ReadOptions::default()).unwrap();
        let result = score_session(&event.pairs, &event.results, &Settings::default()).unwrap();
        let winner = &result.pairs[0];
        let want = format!(
            "S0000007,,{},{},",
            event.pairs[winner.pair].id,
            report::points(&winner.total)
        );
        assert!(out_one.contains(&want), "{want}");
    }
}
