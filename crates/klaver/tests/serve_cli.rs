//! `klaver serve --demo` from the command line: the demo's database is its own file in
//! the temporary folder, and goes when the server stops or fails to start.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// The demo database's file and its companions.
fn demo_files(db: &str) -> Vec<PathBuf> {
    ["", "-wal", "-shm", "-journal"]
        .iter()
        .map(|s| PathBuf::from(format!("{db}{s}")))
        .collect()
}

/// A running `klaver serve`, what it prints, its database and its address.
type Server = (
    std::process::Child,
    BufReader<std::process::ChildStderr>,
    String,
    String,
);

/// Starts `klaver serve --demo` and returns it with the database and address it printed.
fn start_demo(listen: &str) -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_klaver"))
        .args(["serve", "--demo", "--listen", listen])
        .env_remove("KLAVER_DATABASE_URL")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the klaver binary runs");
    let mut err = BufReader::new(child.stderr.take().unwrap());
    let mut first = String::new();
    err.read_line(&mut first).unwrap();
    let (db, url) = first
        .trim_end()
        .strip_prefix("klaver serves ")
        .and_then(|rest| rest.split_once(" at "))
        .unwrap_or_else(|| panic!("unexpected first line: {first}"));
    let addr = url.trim_start_matches("http://").to_string();
    (child, err, db.to_string(), addr)
}

#[test]
fn the_demo_database_goes_when_the_server_stops() {
    // Ctrl-C, and the SIGTERM a service manager or `kill` sends.
    for signal in ["-INT", "-TERM"] {
        stopped_by(signal);
    }
}

fn stopped_by(signal: &str) {
    let (mut child, mut err, db, addr) = start_demo("127.0.0.1:0");
    // Wait until the demo is made and the server runs.
    let mut line = String::new();
    while !line.starts_with("stop with Ctrl-C") {
        line.clear();
        assert!(
            err.read_line(&mut line).unwrap() > 0,
            "the server stopped early"
        );
    }
    assert!(PathBuf::from(&db).exists(), "{db}");
    // Once a page is answered the server is running, and the signal stops it cleanly.
    let mut page = std::net::TcpStream::connect(&addr).unwrap();
    page.write_all(b"GET / HTTP/1.0\r\n\r\n").unwrap();
    let mut answer = String::new();
    page.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.0 303"), "{answer}");
    let interrupted = Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(interrupted.success());
    assert!(child.wait().unwrap().success(), "{signal}");
    for f in demo_files(&db) {
        assert!(!f.exists(), "{signal}: {} was left behind", f.display());
    }
}

#[test]
fn the_demo_database_goes_when_the_server_cannot_start() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = taken.local_addr().unwrap().to_string();
    let child = Command::new(env!("CARGO_BIN_EXE_klaver"))
        .args(["serve", "--demo", "--listen", &addr])
        .env_remove("KLAVER_DATABASE_URL")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let db = std::env::temp_dir().join(format!("klaver-demo-{}.db", child.id()));
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(2));
    let err = common::stderr(&o);
    assert!(err.contains(&format!("cannot listen on {addr}")), "{err}");
    for f in demo_files(&db.display().to_string()) {
        assert!(!f.exists(), "{} was left behind", f.display());
    }
}
