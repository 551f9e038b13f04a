//! Reading an input file whole.

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

/// A file's bytes as text; a file that is not UTF-8 is an error naming the line of its
/// first byte that is not.
pub fn utf8(bytes: &[u8]) -> Result<&str, String> {
    std::str::from_utf8(bytes).map_err(|e| {
        format!(
            "line {}: not UTF-8 text (a name written in another encoding?): save the file as CSV UTF-8",
            crate::pbn::line_at(bytes, e.valid_up_to())
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

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
