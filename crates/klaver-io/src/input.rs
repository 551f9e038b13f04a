//! Reading an input file whole.

use std::fs::File;
use std::io::{self, Read};
use std::ops::Deref;
use std::path::Path;

/// Files from this size on are mapped into memory rather than copied.
const MAP_FROM: u64 = 1 << 20;

/// A file's bytes: a large regular file mapped into memory (read straight from the
/// page cache, with no copy and no fresh memory to fill), anything else read.
pub enum FileBytes {
    /// A regular file of at least a megabyte.
    Mapped(memmap2::Mmap),
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
            return Ok(FileBytes::Mapped(map));
        }
    }
    let mut data = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
    file.read_to_end(&mut data)?;
    Ok(FileBytes::Read(data))
}

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
}
