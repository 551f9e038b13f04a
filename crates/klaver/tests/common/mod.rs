//! Helpers the command-line tests share: run the real binary and read what it printed.
// Each test file uses some of these, not all.
#![allow(dead_code)]

use std::path::Path;
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
