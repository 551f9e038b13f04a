//! What the web app's tests share: files of their own in the temporary folder that do
//! not outlive them.
// Each test file uses some of these, not all.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// A file or folder of a test's in the temporary folder, removed when the test is done
/// with it, passed or failed (a failing test unwinds): a SQLite database with the files
/// SQLite keeps beside it, a folder with what is in it.
pub struct Scratch(PathBuf);

impl Scratch {
    /// `name`, made this test program's own, in the temporary folder; whatever an
    /// earlier program of the same number left there is removed first.
    pub fn new(name: &str) -> Scratch {
        let file = format!("klaver-web-{}-{name}", std::process::id());
        let scratch = Scratch(std::env::temp_dir().join(file));
        scratch.remove();
        scratch
    }

    pub fn path(&self) -> &Path {
        &self.0
    }

    /// The path as text, as `Store::open` takes it.
    pub fn location(&self) -> String {
        self.0.display().to_string()
    }

    fn remove(&self) {
        let _ = std::fs::remove_dir_all(&self.0);
        for suffix in ["", "-wal", "-shm", "-journal"] {
            let mut path = self.0.clone().into_os_string();
            path.push(suffix);
            let _ = std::fs::remove_file(path);
        }
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        self.remove();
    }
}
