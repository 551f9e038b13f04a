//! Inputs the fuzzers (`fuzz/`, `cargo fuzz run pbn|usebio|csv|contract`) found to crash
//! or hang a reader, kept so that they never do again: every file in
//! `tests/data/fuzz` goes through every reader, and each must return (an error is fine)
//! without panicking. The file's name says what it broke.

use klaver_core::notation::{self, Language, Mode};
use klaver_core::session::{Settings, score_session};
use klaver_io::travellers::{ReadOptions, read_travellers};
use klaver_io::{detect, exchange, pbn, usebio};
use std::path::Path;

fn every_reader(data: &[u8]) {
    for lang in [Language::English, Language::Dutch, Language::Turkish] {
        let _ = read_travellers(
            data,
            ReadOptions {
                lang,
                ..ReadOptions::default()
            },
        );
        if let Ok(text) = std::str::from_utf8(data) {
            let _ = notation::parse_contract(text, lang);
            let _ = notation::parse_entry(text, lang, Mode::Lenient);
        }
    }
    let _ = exchange::read_json(data);
    for imported in [pbn::read(data).ok(), usebio::read(data).ok()]
        .into_iter()
        .flatten()
    {
        let e = &imported.event;
        if !e.has_errors()
            && let Ok(result) = score_session(&e.pairs, &e.results, &Settings::default())
        {
            let _ = exchange::compare(&imported, &result, Some(2));
        }
    }
    let _ = detect::read(data, ReadOptions::default());
}

#[test]
fn inputs_the_fuzzers_found_are_read_without_panicking() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/fuzz");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let data = std::fs::read(&path).unwrap();
        every_reader(&data);
        n += 1;
    }
    assert!(
        n >= 2,
        "the fuzz regression inputs are missing from {}",
        dir.display()
    );
}

#[test]
fn a_stray_closing_brace_is_reported_not_looped_on() {
    let imp = pbn::read(b"[Board \"1\"] }\n").unwrap();
    assert!(
        imp.event
            .diagnostics
            .iter()
            .any(|d| d.to_string() == "line 1: a } without a { before it was ignored")
    );
}

#[test]
fn a_declared_encoding_with_odd_characters_is_an_error_not_a_panic() {
    // No quote after encoding=: the declaration names no encoding, and UTF-8 is assumed.
    let imp =
        usebio::read("<?xml version=\"1.0\" encoding=\u{fffd}UTF-8\"?>\n<USEBIO/>".as_bytes());
    assert!(imp.is_ok());
    let err = usebio::read(b"<?xml version=\"1.0\" encoding=\"EBCDIC\"?>\n<USEBIO/>")
        .unwrap_err()
        .to_string();
    assert!(err.contains("\"ebcdic\""), "{err}");
}
