//! Scoring benchmarks on synthetic events (`klaver generate`'s generator).
//!
//! - `matchpoint`: the matchpointing alone (ties, Neuberg), per result, also at 10M;
//! - `score_session`: matchpoints, totals, percentages, ranks and club points;
//! - `read_csv`: reading and checking the travellers CSV (contracts, scores);
//! - `count_lines` and `split_csv`: what reading costs at the least, for comparison with
//!   `read_csv`: counting the lines of the same bytes (what `wc -l` does) and splitting
//!   them into fields with the csv crate, nothing checked or kept;
//!
//! - `read_usebio` and `read_pbn`: reading the same event written as USEBIO XML and as
//!   PBN (at 10k and 100k results), to see that they grow with the file;
//!
//! - `field_upload`: one more club of 10 tables uploading into a simultaneous field of
//!   1,000 tables and 27 boards, the field's standings brought up to date;
//!
//! each at 10k, 100k and 1M results (a 1M-result event is 42,000 pairs × 48 boards).
//! Run with `cargo bench -p klaver-io --bench score`.

use divan::{Bencher, black_box};
use klaver_core::field::{Field, FieldResult};
use klaver_core::matchpoints::{Outcome, Rules, Scratch, score_board};
use klaver_core::session::{Settings, score_session};
use klaver_io::generate::{GenerateOptions, write_event};
use klaver_io::travellers::{Event, ReadOptions, read_travellers, read_travellers_bytes};

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
        .bench_local(|| black_box(read_travellers_bytes(&csv, ReadOptions::default())));
}

/// The event of about `results` results written by `write`, scored first.
fn written(
    results: usize,
    write: impl Fn(&Event, &klaver_core::session::SessionResult) -> String,
) -> Vec<u8> {
    let ev = event(results);
    let res = score_session(&ev.pairs, &ev.results, &Settings::default()).expect("generated");
    write(&ev, &res).into_bytes()
}

#[divan::bench(args = [10_000, 100_000], sample_count = 10)]
fn read_usebio(bencher: Bencher, results: usize) {
    let opts = klaver_io::usebio::WriteOptions {
        title: "t",
        date: "",
        deals: None,
    };
    let xml = written(results, |ev, res| {
        klaver_io::usebio::to_string(ev, res, &opts)
    });
    bencher
        .counter(divan::counter::BytesCount::new(xml.len()))
        .bench_local(|| black_box(klaver_io::usebio::read(&xml)));
}

#[divan::bench(args = [10_000, 100_000], sample_count = 10)]
fn read_pbn(bencher: Bencher, results: usize) {
    let pbn = written(results, |ev, res| {
        klaver_io::pbn::to_string(ev, res, &klaver_io::pbn::WriteOptions::default())
    });
    bencher
        .counter(divan::counter::BytesCount::new(pbn.len()))
        .bench_local(|| black_box(klaver_io::pbn::read(&pbn)));
}

#[divan::bench(args = SIZES, sample_count = 10)]
fn count_lines(bencher: Bencher, results: usize) {
    let csv = event_csv(results);
    bencher
        .counter(divan::counter::BytesCount::new(csv.len()))
        .bench_local(|| black_box(memchr::memchr_iter(b'\n', black_box(&csv)).count()));
}

#[divan::bench(args = SIZES, sample_count = 10)]
fn split_csv(bencher: Bencher, results: usize) {
    let csv = event_csv(results);
    bencher
        .counter(divan::counter::BytesCount::new(csv.len()))
        .bench_local(|| {
            let mut reader = csv::ReaderBuilder::new().from_reader(black_box(csv.as_slice()));
            let mut record = csv::ByteRecord::new();
            let mut fields = 0usize;
            while reader.read_byte_record(&mut record).expect("generated") {
                fields += record.len();
            }
            fields
        });
}

/// A club's results in a simultaneous field: `tables` tables, every table plays every
/// board; scores drawn from a few outcomes per board.
fn club_results(first_pair: usize, tables: usize, boards: u32, club: usize) -> Vec<FieldResult> {
    let mut out = Vec::with_capacity(tables * boards as usize);
    for b in 1..=boards {
        for t in 0..tables {
            let k = (b as usize * 7919 + (first_pair + t) * 104_729 + club) % 13;
            out.push(FieldResult {
                board: b,
                ns: first_pair + 2 * t,
                ew: first_pair + 2 * t + 1,
                outcome: Outcome::Score(
                    [
                        420, 450, 170, -50, -100, 140, 110, 620, -200, 400, 430, 0, -420,
                    ][k],
                ),
            });
        }
    }
    out
}

#[divan::bench(sample_count = 20)]
fn field_upload(bencher: Bencher) {
    const BOARDS: u32 = 27;
    let mut field = Field::new(Rules::default());
    // 99 clubs of 10 tables and one of 0: 990 tables before the upload.
    for club in 0..99 {
        field
            .upload(&club_results(club * 20, 10, BOARDS, club))
            .expect("a valid club");
    }
    field.standings();
    let last = club_results(99 * 20, 10, BOARDS, 99);
    bencher
        .with_inputs(|| field.clone())
        .bench_local_values(|mut f| {
            f.upload(&last).expect("a valid club");
            black_box(f.standings())
        });
}

/// The same field scored from scratch as one session, for comparison with
/// `field_upload`.
#[divan::bench(sample_count = 20)]
fn field_from_scratch(bencher: Bencher) {
    use klaver_core::session::{PairInfo, TableResult};
    let results: Vec<FieldResult> = (0..100)
        .flat_map(|club| club_results(club * 20, 10, 27, club))
        .collect();
    let pairs: Vec<PairInfo> = (0..2000)
        .map(|i| PairInfo {
            id: i.to_string(),
            ..PairInfo::default()
        })
        .collect();
    let table: Vec<TableResult> = results
        .iter()
        .enumerate()
        .map(|(i, r)| r.table_result(i as u32 + 2))
        .collect::<Option<_>>()
        .unwrap();
    bencher.bench_local(|| black_box(score_session(&pairs, &table, &Settings::default())));
}
