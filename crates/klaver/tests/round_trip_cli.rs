//! Every results file the tests keep, converted by `klaver convert` to each format and
//! scored again, gets the matchpoints, totals, percentages and ranks the file itself
//! gets: nothing a conversion writes is lost or changed on the way back. Where a format
//! has no place for how the session was scored (the travellers CSV, USEBIO), the
//! conversion says which options score the written file the same way, and those are the
//! options it is scored with here.

mod common;
use common::{klaver, repo, stderr};

use std::path::PathBuf;

/// The folders of results files the tests keep (real files from clubs' programs, and
/// files klaver wrote).
const FOLDERS: [&str; 3] = [
    "crates/klaver-io/tests/data",
    "crates/klaver-io/tests/data/written",
    "crates/klaver/tests/data",
];

/// The formats `klaver convert` writes, by the extension that names them.
const FORMATS: [&str; 4] = ["csv", "pbn", "xml", "json"];

/// Every results file of the folders: travellers CSV, PBN, USEBIO and klaver's JSON.
fn results_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for folder in FOLDERS {
        for entry in std::fs::read_dir(repo(folder)).unwrap() {
            let path = entry.unwrap().path();
            let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
            if path.is_file() && ["csv", "pbn", "xml", "json"].contains(&ext) {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// `klaver score FILE --format json` with `extra`: the scored session, or `None` when
/// klaver does not score the file as a pairs session.
fn scored(path: &str, extra: &[String]) -> Option<serde_json::Value> {
    let mut args = vec!["score", path, "--format", "json"];
    args.extend(extra.iter().map(String::as_str));
    let o = klaver(&args);
    (o.status.code() == Some(0)).then(|| serde_json::from_slice(&o.stdout).unwrap())
}

/// What scoring must give alike: each result's matchpoints and each pair's total,
/// percentage and rank.
fn figures(v: &serde_json::Value) -> Vec<String> {
    let mut out = Vec::new();
    for b in v["boards"].as_array().unwrap() {
        for r in b["results"].as_array().unwrap() {
            out.push(format!(
                "board {} {} {}-{}: {}/{}",
                b["board"], b["section"], r["ns"], r["ew"], r["mp_ns"], r["mp_ew"]
            ));
        }
    }
    for p in v["pairs"].as_array().unwrap() {
        out.push(format!(
            "pair {} {}: {} points, {} %, rank {}{}",
            p["section"],
            p["pair"],
            p["points"],
            p["percentage"],
            p["rank"],
            if p["tied"] == true { "=" } else { "" }
        ));
    }
    out.sort();
    out
}

/// The options a conversion says score the written file as the original was scored
/// ("... score OUT with --artificial neuberg --avg-plus-session to get the same ...").
fn options_said(said: &str) -> Vec<String> {
    let mut options = Vec::new();
    for line in said.lines() {
        let words = line
            .split_once(" with --")
            .and_then(|(_, rest)| rest.split_once(" to get the same"))
            .map(|(words, _)| format!("--{words}"));
        options.extend(
            words
                .iter()
                .flat_map(|w| w.split_whitespace().map(String::from)),
        );
    }
    options
}

#[test]
fn every_kept_file_scores_alike_after_each_conversion() {
    let files = results_files();
    assert!(files.len() >= 15, "{files:?}");
    let mut checked = 0;
    let mut wrong = Vec::new();
    for file in &files {
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        let Some(original) = scored(file.to_str().unwrap(), &[]) else {
            continue;
        };
        for ext in FORMATS {
            let out = common::temp_path("round_trip_cli", &format!("{name}.{ext}"));
            let o = klaver(&["convert", file.to_str().unwrap(), out.to_str().unwrap()]);
            assert_eq!(o.status.code(), Some(0), "{name} to {ext}: {}", stderr(&o));
            let options = options_said(&stderr(&o));
            match scored(out.to_str().unwrap(), &options) {
                Some(back) if figures(&back) == figures(&original) => {}
                Some(back) => {
                    let (a, b) = (figures(&original), figures(&back));
                    let first = a.iter().zip(&b).find(|(x, y)| x != y);
                    wrong.push(format!("{name} as {ext} {options:?}: {first:?}"));
                }
                None => wrong.push(format!("{name} as {ext}: klaver cannot score it")),
            }
            checked += 1;
        }
    }
    assert!(checked >= 60, "{checked}");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
