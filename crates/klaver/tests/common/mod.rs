//! Helpers the command-line tests share: run the real binary and read what it printed.
// Each test file uses some of these, not all.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Runs `klaver` with these arguments.
pub fn klaver(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_klaver"))
        .args(args)
        .output()
        .expect("the klaver binary runs")
}

/// A path inside the repository, from its top.
pub fn repo(rel: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(rel)
        .display()
        .to_string()
}

/// What the command printed on standard output.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// What the command printed on standard error.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A path for a file of a test group's own in the target directory (the folder is made).
pub fn temp_path(group: &str, name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(group);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// A file of a test's in the temporary folder, removed when the test is done with it,
/// passed or failed (a failing test unwinds); a SQLite database with the files SQLite
/// keeps beside it.
pub struct Scratch(PathBuf);

impl Scratch {
    /// `name`, made this test program's own, in the temporary folder; whatever an
    /// earlier program of the same number left there is removed first.
    pub fn new(name: &str) -> Scratch {
        let file = format!("klaver-cli-{}-{name}", std::process::id());
        let scratch = Scratch(std::env::temp_dir().join(file));
        scratch.remove();
        scratch
    }

    pub fn path(&self) -> &Path {
        &self.0
    }

    fn remove(&self) {
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

/// Writes `text` to a fresh file of the test group's and returns its path.
pub fn temp_file(group: &str, name: &str, text: &str) -> PathBuf {
    let path = temp_path(group, name);
    std::fs::write(&path, text).unwrap();
    path
}

/// Says once per test program, on the terminal itself (the test harness keeps what a
/// passing test prints with `eprintln!` to itself), that tests were skipped.
pub fn skipped(what: &str) {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        use std::io::Write;
        let _ = writeln!(std::io::stderr(), "SKIPPED: {what}");
    });
}

/// The text list with its columns' spaces squeezed to one.
pub fn squeezed(text: &str) -> String {
    text.lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect::<Vec<_>>()
        .join("\n")
}
