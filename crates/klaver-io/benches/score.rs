//! Scoring benchmarks on synthetic events (`klaver generate`'s generator).
//!
//! - `matchpoint`: the matchpointing alone (ties, Neuberg), per result, also at 10M;
//! - `score_session`: matchpoints, totals, percentages, ranks and club points;
//! - `read_csv`: reading and checking the travellers CSV (contracts, scores);
//!
//! each at 10k, 100k and 1M results (a 1M-result event is 42,000 pairs × 48 boards).
//! Run with `cargo bench -p klaver-io --bench score`.

use divan::{Bencher, black_box};
use klaver_core::matchpoints::{Outcome, Rules, Scratch, score_board};
use klaver_core::session::{Settings, score_session};
use klaver_io::generate::{GenerateOptions, write_event};
use klaver_io::travellers::{Event, ReadOptions, read_travellers};

fn main() {
    divan::main();
}

/// Pairs and boards giving about `results` results (48 boards, whole field per board).
fn event_csv(results: usize) -> Vec<u8> {
    let boards = 48u32;
    let tables = (results as u32 / boards).max(2);
    let mut buf = Vec::new();
    write_event(
        &mut buf,
        GenerateOptions {
            pairs: tables * 2,
            boards,
            boards_per_round: 4,
            seed: 1,
        },
    )
    .expect("writing to memory");
    buf
}

fn event(results: usize) -> Event {
    read_travellers(event_csv(results).as_slice(), ReadOptions::default()).expect("generated")
}

const SIZES: [usize; 3] = [10_000, 100_000, 1_000_000];

/// The matchpointing alone also at ten million results (210,000 tables).
const MATCHPOINT_SIZES: [usize; 4] = [10_000, 100_000, 1_000_000, 10_000_000];

#[divan::bench(args = MATCHPOINT_SIZES, sample_count = 10)]
fn matchpoint(bencher: Bencher, results: usize) {
    let ev = event(results);
    // Group the outcomes by board once; the benchmark times the matchpointing only.
    let mut by_board: Vec<Vec<&Outcome>> = Vec::new();
    for r in &ev.results {
        let b = r.board as usize;
        if by_board.len() < b {
            by_board.resize_with(b, Vec::new);
        }
        by_board[b - 1].push(&r.outcome);
    }
    let expected = by_board.iter().map(Vec::len).max().unwrap_or(0);
    let mut scratch = Scratch::default();
    bencher
        .counter(divan::counter::ItemsCount::new(ev.results.len()))
        .bench_local(|| {
            for outcomes in &by_board {
                black_box(score_board(
                    outcomes,
                    expected,
                    Rules::default(),
                    &mut scratch,
                ));
            }
        });
}

#[divan::bench(args = SIZES, sample_count = 10)]
fn score_whole_session(bencher: Bencher, results: usize) {
    let ev = event(results);
    bencher
        .counter(divan::counter::ItemsCount::new(ev.results.len()))
        .bench_local(|| black_box(score_session(&ev.pairs, &ev.results, &Settings::default())));
}

#[divan::bench(args = SIZES, sample_count = 10)]
fn read_csv(bencher: Bencher, results: usize) {
    let csv = event_csv(results);
    bencher
        .counter(divan::counter::BytesCount::new(csv.len()))
        .bench_local(|| black_box(read_travellers(csv.as_slice(), ReadOptions::default())));
}
