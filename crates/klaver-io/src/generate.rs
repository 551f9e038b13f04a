//! Synthetic pairs events of any size, for trying klaver out and for measuring it.
//!
//! The event is a Mitchell movement: North-South pairs stay at their tables, East-West
//! pairs move one table each round, and every table plays every board, so the whole field
//! is compared on each board (as in the worldwide simultaneous contests). With an odd
//! number of pairs one East-West pair sits out each round. Each board gets a handful of
//! plausible contracts (a main contract most tables reach, an alternative, the other side
//! competing, an occasional doubled sacrifice or pass-out); tricks vary around what the
//! cards allow. A few results carry a director's adjustment (average, not played, 60/40).
//! The same seed always gives the same file.

use klaver_core::board::{Board, Seat, Vulnerability};
use klaver_core::contract::{Contract, Doubling, Play, Strain};
use klaver_core::notation::{self, Language};
use std::io::{self, Write};

/// The size and seed of a synthetic event.
#[derive(Debug, Clone, Copy)]
pub struct GenerateOptions {
    /// Number of pairs (at least 4).
    pub pairs: u32,
    /// Number of boards (at least 1).
    pub boards: u32,
    /// Boards per round.
    pub boards_per_round: u32,
    /// The random seed.
    pub seed: u64,
}

/// A small, fast, well-mixed pseudo-random generator (SplitMix64); statistical quality is
/// ample for synthetic data and it keeps the crate free of a dependency for one function.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// True with probability `per_mille` / 1000.
    fn chance(&mut self, per_mille: u64) -> bool {
        self.below(1000) < per_mille
    }
}

/// A contract a table may reach on a board, and the tricks it usually makes.
#[derive(Clone, Copy)]
struct Option_ {
    contract: Contract,
    declarer: Seat,
    tricks: u8,
}

fn random_option(rng: &mut Rng, side_ns: bool) -> Option_ {
    let strain = Strain::ALL[rng.below(5) as usize];
    let level = match rng.below(10) {
        0..=2 => 2,
        3..=4 => 3,
        5..=7 => {
            if strain.is_minor() {
                5
            } else if strain == Strain::NoTrump {
                3
            } else {
                4
            }
        }
        8 => 1,
        _ => {
            if rng.chance(300) {
                6
            } else {
                4
            }
        }
    };
    let seat = match (side_ns, rng.below(2)) {
        (true, 0) => Seat::North,
        (true, _) => Seat::South,
        (false, 0) => Seat::East,
        (false, _) => Seat::West,
    };
    let contract = Contract::new(level, strain, Doubling::Undoubled)
        .unwrap_or_else(|_| Contract::new(1, strain, Doubling::Undoubled).expect("level 1"));
    let tricks = (contract.tricks_needed() as i32 + rng.below(3) as i32 - 1).clamp(0, 13) as u8;
    Option_ {
        contract,
        declarer: seat,
        tricks,
    }
}

/// Writes a synthetic travellers CSV.
pub fn write_event<W: Write>(out: W, opts: GenerateOptions) -> io::Result<()> {
    let mut out = io::BufWriter::with_capacity(1 << 20, out);
    let mut rng = Rng(opts.seed ^ 0x6B6C_6176_6572);
    writeln!(out, "board,ns,ew,contract,declarer,result,score,adjust")?;
    write_session(&mut out, &mut rng, opts, "")?;
    out.flush()
}

/// The size and seed of a synthetic archive: many club sessions one after another.
#[derive(Debug, Clone, Copy)]
pub struct ArchiveOptions {
    /// Number of sessions.
    pub sessions: u32,
    /// The random seed.
    pub seed: u64,
}

/// Writes a synthetic archive in the shape of a federation's results database: club
/// sessions of 8 to 28 pairs (now and then an odd number, with a sit-out) playing 24 to
/// 30 boards in rounds of 2 to 4, each line led by its session's id in a `session`
/// column. On average a session has about 240 results, so 290,000 sessions hold some
/// 70 million.
pub fn write_archive<W: Write>(out: W, opts: ArchiveOptions) -> io::Result<()> {
    let mut out = io::BufWriter::with_capacity(1 << 20, out);
    let mut rng = Rng(opts.seed ^ 0x0061_7263_6869_7665);
    writeln!(
        out,
        "session,board,ns,ew,contract,declarer,result,score,adjust"
    )?;
    for s in 1..=opts.sessions {
        let pairs = 8 + rng.below(21) as u32;
        let bpr = 2 + rng.below(3) as u32;
        let rounds = (24 + rng.below(7) as u32).div_ceil(bpr);
        let session = GenerateOptions {
            pairs,
            boards: rounds * bpr,
            boards_per_round: bpr,
            seed: rng.next(),
        };
        write_session(&mut out, &mut rng, session, &format!("S{s:07},"))?;
    }
    out.flush()
}

/// Writes one session's travellers, each line led by `prefix`.
fn write_session<W: Write>(
    out: &mut W,
    rng: &mut Rng,
    opts: GenerateOptions,
    prefix: &str,
) -> io::Result<()> {
    let tables = opts.pairs / 2;
    let ew_pairs = opts.pairs - tables;
    let bpr = opts.boards_per_round.max(1);
    let mut line = String::with_capacity(64);
    for b in 1..=opts.boards {
        let board = Board::new(b).expect("boards start at 1");
        let vul = board.vulnerability();
        let ns_side = rng.chance(500);
        let main = random_option(rng, ns_side);
        let alt = random_option(rng, ns_side);
        let other = random_option(rng, !ns_side);
        let round = (b - 1) / bpr;
        for t in 0..tables {
            // East-West pair e sits at table (e + round) mod E; table t therefore holds
            // the East-West pair e = (t - round) mod E, unless that table is missing.
            let e = (t + ew_pairs - round % ew_pairs) % ew_pairs;
            let ns_id = t + 1;
            let ew_id = tables + e + 1;
            line.clear();
            use std::fmt::Write as _;
            let _ = write!(line, "{prefix}{b},{ns_id},{ew_id},");
            push_result(&mut line, rng, [main, alt, other], vul);
            writeln!(out, "{line}")?;
        }
    }
    Ok(())
}

/// One table's result after its board and pairs: now and then an adjustment or a
/// pass-out, else one of the board's usual contracts (`main` most often, then `alt`, then
/// the other side's), sometimes doubled, and sometimes a trick more or fewer.
fn push_result(
    line: &mut String,
    rng: &mut Rng,
    [main, alt, other]: [Option_; 3],
    vul: Vulnerability,
) {
    use std::fmt::Write as _;
    let roll = rng.below(1000);
    if roll < 2 {
        line.push_str(",,,,AVG");
    } else if roll < 3 {
        line.push_str(",,,,NP");
    } else if roll < 4 {
        line.push_str(",,,,60/40");
    } else if roll < 14 {
        line.push_str("PASS,,,0,");
    } else {
        let base = match roll {
            14..=649 => main,
            650..=849 => alt,
            _ => other,
        };
        let mut contract = base.contract;
        if rng.chance(40) {
            contract = Contract::new(contract.level(), contract.strain(), Doubling::Doubled)
                .expect("same level");
        }
        let spread = rng.below(5) as i32;
        let delta = match spread {
            0 => -1,
            4 => 1,
            _ => 0,
        };
        let tricks = (base.tricks as i32 + delta).clamp(0, 13) as u8;
        let play = Play::new(contract, base.declarer, tricks).expect("tricks in range");
        let result = play.result();
        let res = if result == 0 {
            "=".to_string()
        } else {
            format!("{result:+}")
        };
        let _ = write!(
            line,
            "{},{},{},{},",
            notation::format_contract(contract, Language::English),
            notation::format_seat(base.declarer, Language::English),
            res,
            play.score_ns(vul)
        );
    }
}

/// The size and seed of a synthetic ranking season.
#[derive(Debug, Clone, Copy)]
pub struct SeasonOptions {
    /// Number of players, 100 to a club (rounded up to whole clubs).
    pub players: u32,
    /// The random seed.
    pub seed: u64,
}

/// Players in each club of a synthetic season.
pub const SEASON_CLUB_PLAYERS: u32 = 100;
/// Club nights in a synthetic season, one every three days from 1 September.
pub const SEASON_NIGHTS: u32 = 100;
/// Pairs on each club night: half in line A, half in line B.
pub const SEASON_NIGHT_PAIRS: u32 = 20;

/// The number of clubs (playing moments) a synthetic season of `players` has.
pub fn season_clubs(players: u32) -> u32 {
    players.div_ceil(SEASON_CLUB_PLAYERS).max(1)
}

/// The date `days` days after 2025-09-01, written YYYY-MM-DD.
fn season_date(days: u32) -> String {
    const MONTHS: [u32; 12] = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    let (mut y, mut m, mut d) = (2025u32, 9u32, 1 + days);
    loop {
        let leap = y % 4 == 0 && (y % 100 != 0 || y % 400 == 0);
        let len = MONTHS[m as usize - 1] + u32::from(m == 2 && leap);
        if d <= len {
            return format!("{y:04}-{m:02}-{d:02}");
        }
        d -= len;
        m += 1;
        if m > 12 {
            (y, m) = (y + 1, 1);
        }
    }
}

/// Writes the session results of a synthetic federation season for `klaver ranking`:
/// clubs `club0000`, `club0001`, … of 100 players (ids 100000 up), each playing 100
/// nights of 20 pairs in lines A and B (40 of its players a night, partners drawn
/// afresh), percentages around 50 with two decimals. 100,000 players make 1,000 clubs,
/// 2 million rows and 4 million player-session results. The same seed gives the same
/// file; [`write_season_settings`] writes the matching settings.
pub fn write_season<W: Write>(out: W, opts: SeasonOptions) -> io::Result<()> {
    let mut out = io::BufWriter::with_capacity(1 << 20, out);
    let mut rng = Rng(opts.seed ^ 0x7365_6173_6f6e);
    writeln!(out, "date,moment,line,players,score")?;
    let dates: Vec<String> = (0..SEASON_NIGHTS).map(|n| season_date(3 * n)).collect();
    let mut ids: Vec<u32> = Vec::with_capacity(SEASON_CLUB_PLAYERS as usize);
    for club in 0..season_clubs(opts.players) {
        let first = 100_000 + club * SEASON_CLUB_PLAYERS;
        for date in &dates {
            ids.clear();
            ids.extend(first..first + SEASON_CLUB_PLAYERS);
            // Who comes tonight and with whom: a partial Fisher-Yates shuffle.
            let seats = (2 * SEASON_NIGHT_PAIRS) as usize;
            for k in 0..seats {
                let j = k + rng.below((ids.len() - k) as u64) as usize;
                ids.swap(k, j);
            }
            for p in 0..SEASON_NIGHT_PAIRS as usize {
                let line = if p < SEASON_NIGHT_PAIRS as usize / 2 {
                    'A'
                } else {
                    'B'
                };
                // Four draws of 0-24.99 make a hump around 50 %, from 0 to 100.
                let hundredths: u64 = (0..4).map(|_| rng.below(2500)).sum();
                writeln!(
                    out,
                    "{date},club{club:04},{line},{}+{},{}.{:02}",
                    ids[2 * p],
                    ids[2 * p + 1],
                    hundredths / 100,
                    hundredths % 100
                )?;
            }
        }
    }
    out.flush()
}

/// Writes the ranking settings that go with [`write_season`]: the balanced method on two
/// lines, Z 6, min 20, x 5, me 10, inv 2, y 3, one playing moment per club and the
/// season 2025-2026.
pub fn write_season_settings<W: Write>(out: W, opts: SeasonOptions) -> io::Result<()> {
    let mut out = io::BufWriter::new(out);
    writeln!(
        out,
        "g = 100\nb = 40\ns = 10\nlines = 2\nmethod = \"balanced\"\nz = 6\nreplacement = 70\nmin = 20\nx = 5\nme = 10\ninv = 2\ny = 3"
    )?;
    for club in 0..season_clubs(opts.players) {
        writeln!(
            out,
            "[[moment]]\nname = \"club{club:04}\"\nform = \"pairs\""
        )?;
    }
    writeln!(
        out,
        "[[season]]\nname = \"2025-2026\"\nstart = 2025-09-01\nend = 2026-08-31"
    )?;
    out.flush()
}

/// A generated season's CSV and its club's settings read, for tests.
#[cfg(test)]
pub(crate) fn season(opts: SeasonOptions) -> (String, klaver_core::ranking::season::Club) {
    let (mut csv, mut toml) = (Vec::new(), Vec::new());
    write_season(&mut csv, opts).expect("written in memory");
    write_season_settings(&mut toml, opts).expect("written in memory");
    let toml = String::from_utf8(toml).expect("UTF-8");
    let club =
        crate::ranking_io::read_settings(&toml, "club.toml").expect("settings made to be read");
    (String::from_utf8(csv).expect("UTF-8"), club)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::travellers::{ReadOptions, read_travellers};
    use klaver_core::session::{Settings, score_session};

    #[test]
    fn generated_events_read_and_score_cleanly() {
        for pairs in [4u32, 9, 14, 27] {
            let mut buf = Vec::new();
            write_event(
                &mut buf,
                GenerateOptions {
                    pairs,
                    boards: 12,
                    boards_per_round: 3,
                    seed: 7,
                },
            )
            .unwrap();
            let event = read_travellers(buf.as_slice(), ReadOptions::default()).unwrap();
            assert!(!event.has_errors(), "{:?}", event.diagnostics);
            assert_eq!(event.results.len() as u32, 12 * (pairs / 2));
            let r = score_session(&event.pairs, &event.results, &Settings::default()).unwrap();
            assert_eq!(r.pairs.len() as u32, pairs);
        }
    }

    #[test]
    fn a_generated_season_ranks_cleanly() {
        let opts = SeasonOptions {
            players: 150,
            seed: 3,
        };
        let (text, club) = season(opts);
        assert_eq!(club.moments.len(), 2);
        assert_eq!(text.lines().count(), 1 + 2 * 100 * 20);
        let sessions = crate::ranking_io::read_sessions_csv(&text, "sessions.csv", &club).unwrap();
        assert_eq!(sessions.len(), 200);
        let got = klaver_core::ranking::season::rank(&club, sessions).unwrap();
        assert_eq!(got.len(), 2);
        assert_eq!(got[0].players.len(), 100);
        assert_eq!(season_date(0), "2025-09-01");
        assert_eq!(season_date(3 * 99), "2026-06-25");
        let mut again = Vec::new();
        write_season(&mut again, opts).unwrap();
        assert_eq!(again, text.as_bytes());
    }

    #[test]
    fn the_same_seed_gives_the_same_event() {
        let gen_with = |seed| {
            let mut buf = Vec::new();
            let opts = GenerateOptions {
                pairs: 10,
                boards: 8,
                boards_per_round: 2,
                seed,
            };
            write_event(&mut buf, opts).unwrap();
            buf
        };
        assert_eq!(gen_with(1), gen_with(1));
        assert_ne!(gen_with(1), gen_with(2));
    }
}
