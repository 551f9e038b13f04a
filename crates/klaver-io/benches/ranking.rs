//! Season ranking benchmarks on synthetic federation seasons (`klaver generate
//! --season-players`): clubs of 100 players, 100 nights of 20 pairs each.
//!
//! - `read_sessions`: reading and checking the sessions CSV;
//! - `rank`: player rankings, pair rankings and both championships of every club
//!   (without the pairs' histories, as `klaver ranking --history 0`);
//! - `rank_each_club`: the same rankings, each club's standings handed over and let go as
//!   soon as they are made ([`rank_each`]): the recomputation after new results, with
//!   the season's sessions already read;
//! - `read_and_rank`: reading and ranking, the whole recomputation of a season from its
//!   CSV, every club's standings kept;
//! - `read_and_rank_each`: the same, each club's standings handed over as in `rank_each`;
//!
//! each at 1,000, 10,000 and 100,000 players (40,000 to 4 million player-session
//! results). Run with `cargo bench -p klaver-io --bench ranking`.

use divan::{Bencher, black_box};
use klaver_core::ranking::season::{Club, SessionInput, rank_each, rank_with};
use klaver_io::generate::{SeasonOptions, write_season, write_season_settings};
use klaver_io::ranking_io::{read_sessions_csv, read_settings};

// The allocator the `klaver` command runs with.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    divan::main();
}

const PLAYERS: [u32; 3] = [1_000, 10_000, 100_000];

fn season(players: u32) -> (Club, String) {
    let opts = SeasonOptions { players, seed: 1 };
    let (mut csv, mut toml) = (Vec::new(), Vec::new());
    write_season(&mut csv, opts).expect("writing to memory");
    write_season_settings(&mut toml, opts).expect("writing to memory");
    let club = read_settings(&String::from_utf8(toml).expect("utf-8"), "club.toml")
        .expect("generated settings");
    (club, String::from_utf8(csv).expect("utf-8"))
}

fn sessions(club: &Club, csv: &str) -> Vec<SessionInput> {
    read_sessions_csv(csv, "sessions.csv", club).expect("generated sessions")
}

#[divan::bench(args = PLAYERS, sample_count = 3, sample_size = 1)]
fn read_sessions(bencher: Bencher, players: u32) {
    let (club, csv) = season(players);
    bencher.bench(|| black_box(sessions(&club, &csv)));
}

#[divan::bench(args = PLAYERS, sample_count = 3, sample_size = 1)]
fn rank(bencher: Bencher, players: u32) {
    let (club, csv) = season(players);
    bencher
        .with_inputs(|| sessions(&club, &csv))
        .bench_values(|s| black_box(rank_with(&club, s, false).expect("ranked")));
}

/// Ranks every club with [`rank_each`], each club's standings let go at once; how many
/// seasons were handed over.
fn rank_every_club(club: &Club, sessions: Vec<SessionInput>) -> usize {
    let mut ranked = 0;
    rank_each(
        club,
        &sessions,
        false,
        |_| true,
        |_, seasons| black_box(seasons).len(),
        |n| {
            ranked += n;
            std::ops::ControlFlow::Continue(())
        },
    )
    .expect("ranked");
    ranked
}

#[divan::bench(args = PLAYERS, sample_count = 3, sample_size = 1)]
fn rank_each_club(bencher: Bencher, players: u32) {
    let (club, csv) = season(players);
    bencher
        .with_inputs(|| sessions(&club, &csv))
        .bench_values(|s| rank_every_club(&club, s));
}

#[divan::bench(args = PLAYERS, sample_count = 3, sample_size = 1)]
fn read_and_rank(bencher: Bencher, players: u32) {
    let (club, csv) = season(players);
    bencher.bench(|| black_box(rank_with(&club, sessions(&club, &csv), false).expect("ranked")));
}

/// The whole recomputation as a federation would publish it: every club ranked and
/// handed over one by one (here let go at once), never all held in memory together.
#[divan::bench(args = PLAYERS, sample_count = 3, sample_size = 1)]
fn read_and_rank_each(bencher: Bencher, players: u32) {
    let (club, csv) = season(players);
    bencher.bench(|| rank_every_club(&club, sessions(&club, &csv)));
}
