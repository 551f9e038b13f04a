//! Reading an input file whole.

use klaver_core::session::Diagnostic;
use std::borrow::Cow;
use std::fs::File;
use std::io::{self, Read};
use std::ops::Deref;
use std::path::Path;
use std::sync::{Arc, Mutex, PoisonError, Weak};

/// Files from this size on are mapped into memory rather than copied.
const MAP_FROM: u64 = 1 << 20;

/// A file's bytes: a large regular file mapped into memory (read straight from the
/// page cache, with no copy and no fresh memory to fill), anything else read.
pub enum FileBytes {
    /// A regular file of at least a megabyte.
    Mapped(Arc<memmap2::Mmap>),
    /// A small file, or one that is not a regular file (a pipe, standard input).
    Read(Vec<u8>),
}

impl Deref for FileBytes {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match self {
            FileBytes::Mapped(m) => m,
            FileBytes::Read(v) => v,
        }
    }
}

/// Reads the file at `path` whole.
pub fn read_file(path: &Path) -> io::Result<FileBytes> {
    let mut file = File::open(path)?;
    let meta = file.metadata()?;
    if meta.is_file() && meta.len() >= MAP_FROM {
        // SAFETY: the map is only read, and lives no longer than the bytes borrowed from
        // it. A file that another program truncates while klaver reads it is the one
        // risk a map has and a copy has not; a scorer's input files are written before
        // they are scored.
        if let Ok(map) = unsafe { memmap2::MmapOptions::new().populate().map(&file) } {
            let map = Arc::new(map);
            let mut mapped = MAPPED.lock().unwrap_or_else(PoisonError::into_inner);
            mapped.retain(|m| m.strong_count() > 0);
            mapped.push(Arc::downgrade(&map));
            return Ok(FileBytes::Mapped(map));
        }
    }
    let mut data = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
    file.read_to_end(&mut data)?;
    Ok(FileBytes::Read(data))
}

/// The files `read_file` has mapped (those still mapped upgrade).
static MAPPED: Mutex<Vec<Weak<memmap2::Mmap>>> = Mutex::new(Vec::new());

/// Gives the memory of a part of a file already read back to the system, when the file
/// was mapped by [`read_file`] (a file of millions of lines need not stay resident while
/// its results are made); bytes anywhere else are left alone. The pages wholly inside
/// `bytes`, in steps of 64 KiB from the start of the map, are dropped from this
/// process's memory: the map is read-only and the file is not written while it is read,
/// so reading them again reads the same bytes from the file (the one risk a map already
/// has, a file changed while it is read, aside).
pub fn release(bytes: &[u8]) {
    const STEP: usize = 64 << 10;
    let (start, end) = (
        bytes.as_ptr() as usize,
        bytes.as_ptr() as usize + bytes.len(),
    );
    let mapped = MAPPED.lock().unwrap_or_else(PoisonError::into_inner);
    for map in mapped.iter().filter_map(Weak::upgrade) {
        let base = map.as_ptr() as usize;
        if start < base || end > base + map.len() {
            continue;
        }
        let from = (start - base).next_multiple_of(STEP);
        let to = (end - base) / STEP * STEP;
        if from < to {
            advise_dont_need(&map, from, to - from);
        }
        return;
    }
}

/// Drops pages of a map from this process's memory (see [`release`]).
#[cfg(unix)]
fn advise_dont_need(map: &memmap2::Mmap, offset: usize, len: usize) {
    // SAFETY: the map is read-only (shared, as memmap2 maps a file) and the file is not
    // written while it is read: pages dropped from this process are read from the file
    // again, the same bytes, when they are next read; no page holds anything that was
    // written through the map. A failure only leaves the pages where they are.
    let _ = unsafe { map.unchecked_advise_range(memmap2::UncheckedAdvice::DontNeed, offset, len) };
}

#[cfg(not(unix))]
fn advise_dont_need(_map: &memmap2::Mmap, _offset: usize, _len: usize) {}

/// The line (from 1) of places in a text, each counted on from the place asked for
/// before it (forward or back): readers ask in file order, so a large file's line ends
/// are counted about once, where counting each place's line from the start of the file
/// took minutes. A line ends at LF.
pub(crate) struct LineCursor<'a> {
    text: &'a [u8],
    /// The place asked for last, and its line.
    at: usize,
    line: u64,
}

impl<'a> LineCursor<'a> {
    pub(crate) fn new(text: &'a [u8]) -> LineCursor<'a> {
        LineCursor {
            text,
            at: 0,
            line: 1,
        }
    }

    /// The line of place `pos` (the end of the text for any place past it).
    pub(crate) fn line_at(&mut self, pos: usize) -> u64 {
        let pos = pos.min(self.text.len());
        let line_ends = |from: usize, to: usize| {
            memchr::memchr_iter(b'\n', &self.text[from..to]).count() as u64
        };
        if pos >= self.at {
            self.line += line_ends(self.at, pos);
        } else {
            self.line -= line_ends(pos, self.at);
        }
        self.at = pos;
        self.line
    }
}

/// Files from this size on are checked for UTF-8 on every core.
const CHECK_IN_PARTS_FROM: usize = 8 << 20;

/// `std::str::from_utf8`, on every core for a large file: the check is the one pass
/// over a whole file that every reader makes before any reading in parts can start.
/// The parts are cut where a character starts, so that a UTF-8 file's parts are each
/// UTF-8; a file with a part that is not is checked again in one go, for the error's
/// place.
pub fn from_utf8(bytes: &[u8]) -> Result<&str, std::str::Utf8Error> {
    let parts = if bytes.len() < CHECK_IN_PARTS_FROM {
        1
    } else {
        std::thread::available_parallelism().map_or(1, |n| n.get().min(8))
    };
    from_utf8_in(bytes, parts)
}

fn from_utf8_in(bytes: &[u8], parts: usize) -> Result<&str, std::str::Utf8Error> {
    if parts <= 1 {
        return std::str::from_utf8(bytes);
    }
    // A byte 0b10xx_xxxx continues a character; any other starts one.
    let starts = |at: usize| bytes.get(at).is_none_or(|&b| b & 0xC0 != 0x80);
    let mut cuts = vec![0];
    for k in 1..parts {
        // (In 64 bits: a file's length times the parts may not fit a 32-bit size.)
        let share = (bytes.len() as u64 * k as u64 / parts as u64) as usize;
        let mut at = share.max(cuts[cuts.len() - 1]);
        while !starts(at) {
            at += 1;
        }
        cuts.push(at);
    }
    cuts.push(bytes.len());
    // A part whose thread cannot be started is checked on this thread.
    let all_utf8 = std::thread::scope(|scope| {
        let others: Vec<_> = cuts[1..]
            .windows(2)
            .map(|w| {
                let part = &bytes[w[0]..w[1]];
                klaver_core::parts::start(scope, move || std::str::from_utf8(part).is_ok())
            })
            .collect();
        let first = std::str::from_utf8(&bytes[..cuts[1]]).is_ok();
        others.into_iter().fold(first, |ok, h| h.join() && ok)
    });
    if all_utf8 {
        // SAFETY: every part is UTF-8, and UTF-8 texts joined end to end are UTF-8.
        Ok(unsafe { std::str::from_utf8_unchecked(bytes) })
    } else {
        std::str::from_utf8(bytes)
    }
}

/// A file's bytes as text; a file that is not UTF-8 is an error naming the line of its
/// first byte that is not.
pub fn utf8(bytes: &[u8]) -> Result<&str, String> {
    from_utf8(bytes).map_err(|e| {
        format!(
            "line {}: not UTF-8 text (a name written in another encoding?): save the file as CSV UTF-8",
            crate::pbn::line_at(bytes, e.valid_up_to())
        )
    })
}

/// Bytes that are text in none of the character sets klaver reads, at a line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct TextError {
    /// The line (from 1) of the first byte that is not text.
    pub line: u32,
    /// What is wrong and what to do.
    pub message: String,
}

/// A file a person typed or a spreadsheet saved, as text: a UTF-8 file as it is, one
/// that is not decoded as Latin-1 (as Windows programs save text), its bytes 0x80-0x9F
/// as Windows-1252, with a warning on the line of its first character that is not
/// UTF-8, ending in `fix` (what the user checks or does). A byte that is text in
/// neither, UTF-8 text in a file that is not UTF-8 as a whole, or a UTF-16 file, is an
/// error naming its line.
pub fn text_or_latin1<'a>(
    data: &'a [u8],
    fix: &str,
) -> Result<(Cow<'a, str>, Vec<Diagnostic>), TextError> {
    let e = match from_utf8(data) {
        Ok(text) => return Ok((Cow::Borrowed(text), Vec::new())),
        Err(e) => e,
    };
    // A byte order mark is UTF-8 and holds no line end: the line is the same with it.
    let first = crate::pbn::line_at(data, e.valid_up_to());
    let mut notes = Vec::new();
    let text = crate::pbn::decode(data, &mut notes).map_err(|e| match e {
        crate::pbn::PbnError::Encoding { line, message } => TextError { line, message },
    })?;
    notes.insert(
        0,
        Diagnostic::warning(
            first,
            None,
            format!(
                "the file is not UTF-8 and was read as Latin-1 (ISO 8859-1), the first such character on this line: {fix}"
            ),
        ),
    );
    Ok((Cow::Owned(text), notes))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// A place's line counted on from the place before is its line counted from
        /// the start, whatever order the places come in.
        #[test]
        fn lines_counted_on_are_lines_counted_afresh(
            text in "[a\\n\\r]{0,40}",
            places in proptest::collection::vec(0usize..50, 0..20),
        ) {
            let mut cursor = LineCursor::new(text.as_bytes());
            for pos in places {
                let end = pos.min(text.len());
                let afresh = 1 + text.as_bytes()[..end].iter().filter(|&&b| b == b'\n').count() as u64;
                prop_assert_eq!(cursor.line_at(pos), afresh);
            }
        }

        /// Checked in parts, bytes are UTF-8 exactly when they are checked in one go,
        /// with the same error: parts cut in the middle of a character, several cuts at
        /// one place, and bytes that are not UTF-8 anywhere.
        #[test]
        fn utf8_checked_in_parts_is_utf8_checked_in_one_go(
            text in "[a-zé€😀,\n]{0,40}",
            bad in proptest::collection::vec((0usize..60, 0x80u8..=0xFF), 0..3),
            parts in 1usize..9,
        ) {
            let mut bytes = text.into_bytes();
            for (at, b) in bad {
                bytes.insert(at.min(bytes.len()), b);
            }
            prop_assert_eq!(from_utf8_in(&bytes, parts), std::str::from_utf8(&bytes));
        }
    }

    #[test]
    fn text_that_is_not_utf8_is_read_as_latin1_with_a_warning() {
        let (text, notes) =
            text_or_latin1(b"we 4S =\nbiz 4 Pik s\xfcrkontur =\n", "fix it").unwrap();
        assert_eq!(text, "we 4S =\nbiz 4 Pik s\u{fc}rkontur =\n");
        let notes: Vec<String> = notes.iter().map(ToString::to_string).collect();
        assert_eq!(
            notes,
            [
                "line 2: the file is not UTF-8 and was read as Latin-1 (ISO 8859-1), the first such character on this line: fix it"
            ]
        );
        let (text, notes) = text_or_latin1("we 4S =\n".as_bytes(), "fix it").unwrap();
        assert!(matches!(text, Cow::Borrowed("we 4S =\n")) && notes.is_empty());
        let e = text_or_latin1(b"a\nb\nc\x81\n", "fix it").unwrap_err();
        assert_eq!(e.line, 3);
        assert!(e.message.starts_with("byte 0x81 is neither"), "{e}");
    }

    /// A file that is UTF-8 in one line and Latin-1 in another garbles one of the two
    /// whichever way it is read: it is refused, naming both lines.
    #[test]
    fn text_mixing_utf8_and_latin1_is_refused() {
        let e = text_or_latin1(b"1,M\xc3\xbcller\n2,Vi\xdfer\n", "fix it").unwrap_err();
        assert_eq!(e.line, 2);
        assert_eq!(
            e.message,
            "byte 0xDF is not UTF-8, but line 1 holds UTF-8 text: read either way, the names of one of the two lines would be garbled (\"\u{fc}\" read as \"\u{c3}\u{bc}\"); save the whole file in one character set, UTF-8 best"
        );
    }

    #[test]
    fn small_and_large_files_read_the_same_bytes() {
        let dir = std::env::temp_dir().join(format!("klaver-input-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for size in [0usize, 10, (MAP_FROM as usize) + 3] {
            let path = dir.join(format!("{size}.csv"));
            let bytes: Vec<u8> = (0..size).map(|i| (i % 251) as u8).collect();
            std::fs::write(&path, &bytes).unwrap();
            let read = read_file(&path).unwrap();
            assert_eq!(&read[..], &bytes[..]);
            assert_eq!(
                matches!(read, FileBytes::Mapped(_)),
                size as u64 >= MAP_FROM
            );
        }
        assert!(read_file(&dir.join("missing.csv")).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_part_given_back_reads_the_same_bytes_again() {
        let dir = std::env::temp_dir().join(format!("klaver-release-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("large.csv");
        let bytes: Vec<u8> = (0..3usize << 20).map(|i| (i % 253) as u8).collect();
        std::fs::write(&path, &bytes).unwrap();
        let read = read_file(&path).unwrap();
        assert!(matches!(read, FileBytes::Mapped(_)));
        release(&read[1000..(2 << 20) + 7]);
        release(&read[..]);
        assert_eq!(&read[..], &bytes[..]);
        // Memory that is not a mapped file is left alone.
        let copy = bytes.clone();
        release(&copy);
        assert_eq!(copy, bytes);
        drop(read);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
