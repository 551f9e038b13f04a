//! The seed's real club session ('t Fonteintje, 14 pairs, 28 boards): every one of the 196
//! published matchpoints is reproduced, and the contracts that disagree with their scores
//! are reported, not used.

use klaver_core::notation::Language;
use klaver_core::session::{Settings, score_session};
use klaver_io::travellers::{ReadOptions, read_travellers};
use num_rational::Ratio;

const FIXTURE: &str = include_str!("data/fonteintje-controlestaat.csv");

fn published(s: &str) -> Ratio<i64> {
    // Published with one decimal: compare exactly at that precision.
    let tenths: i64 = s.replace('.', "").parse().unwrap();
    Ratio::new(tenths, 10)
}

#[test]
fn all_196_published_matchpoints_are_reproduced() {
    let event = read_travellers(
        FIXTURE.as_bytes(),
        ReadOptions {
            lang: Language::Dutch,
            ..ReadOptions::default()
        },
    )
    .unwrap();
    assert!(!event.has_errors(), "{:?}", event.diagnostics);
    assert_eq!(event.results.len(), 196);
    assert_eq!(event.pairs.len(), 14);
    let result = score_session(&event.pairs, &event.results, &Settings::default()).unwrap();
    assert_eq!(result.top, 12);
    let mut checked = 0;
    for (i, info) in event.lines.iter().enumerate() {
        let (ns, ew) = info.published().unwrap();
        let got = result.points[i].unwrap();
        assert_eq!(
            (got.ns, got.ew),
            (published(ns), published(ew)),
            "line {}",
            event.results[i].line()
        );
        assert_eq!(got.ns + got.ew, Ratio::from_integer(12));
        checked += 1;
    }
    assert_eq!(checked, 196);
}

#[test]
fn contracts_that_disagree_with_their_scores_are_reported() {
    let event = read_travellers(
        FIXTURE.as_bytes(),
        ReadOptions {
            lang: Language::Dutch,
            ..ReadOptions::default()
        },
    )
    .unwrap();
    let disagree: Vec<u32> = event
        .diagnostics
        .iter()
        .filter(|d| d.message.contains("was entered"))
        .filter_map(|d| d.line)
        .collect();
    // The fixture's entry noise: "+" written for "-", and a few real mismatches.
    assert!(disagree.len() >= 25, "{disagree:?}");
    // Line 20: board 3, N4K+1-4 cannot be read; the score -800 stands.
    assert!(
        event
            .diagnostics
            .iter()
            .any(|d| d.line == Some(20) && d.message.contains("N4K+1-4")),
        "{:?}",
        event.diagnostics
    );
    // Every entered score is kept whatever its contract says.
    assert_eq!(event.results.len(), 196);
}
