//! The Mitchell movement: North-South pairs stay at their table, East-West pairs move up
//! one table each round and the boards move down one table (SPEC section 5).
//!
//! With an odd number of tables every EW pair meets every NS pair and plays every board
//! set once. With an even number the EW pairs would meet the boards a second time halfway,
//! so the director chooses:
//!
//! - a skip: after half the rounds the EW pairs skip a table; T−1 rounds are played and
//!   every pair misses one set;
//! - a relay and bye stand: tables 1 and T share a set in every round and a bye stand
//!   between tables T/2 and T/2+1 holds the set nobody plays; T rounds, all sets played.
//!
//! An arrow switch turns the last round around (the NS pairs sit EW) so that a Mitchell
//! can be scored as one field with one winner.

use super::{
    BoardRange, BoardSharing, Fields, Movement, MovementError, MovementKind, Round, TableRound,
};

/// What a Mitchell does with an even number of tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum EvenTables {
    /// EW pairs skip a table after half the rounds; T−1 rounds.
    #[default]
    Skip,
    /// Tables 1 and T share boards and a bye stand holds one set; T rounds.
    RelayByeStand,
}

/// The director's choices for a Mitchell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MitchellOptions {
    /// The number of tables (3 or more).
    pub tables: u32,
    /// Boards per round.
    pub boards_per_round: u32,
    /// What to do with an even number of tables.
    pub even: EvenTables,
    /// Swap directions at every table in the last round.
    pub arrow_switch: bool,
    /// Score NS and EW as one field; defaults to two fields without an arrow switch.
    pub one_field: Option<bool>,
    /// The number before the first EW pair: EW pair at table t is `ew_base + t`
    /// (default: the number of tables, so EW pairs are T+1 to 2T).
    pub ew_base: Option<u32>,
}

impl MitchellOptions {
    /// A plain Mitchell for `tables` tables.
    pub fn new(tables: u32, boards_per_round: u32) -> MitchellOptions {
        MitchellOptions {
            tables,
            boards_per_round,
            even: EvenTables::default(),
            arrow_switch: false,
            one_field: None,
            ew_base: None,
        }
    }
}

/// The EW pairs, numbered `ew_base + 1` to `ew_base + t`, must be numbered above the NS
/// pairs 1 to `t` and within the numbers klaver counts to.
fn check_ew_base(t: u32, ew_base: u32) -> Result<(), MovementError> {
    let most = u32::MAX - t;
    if (t..=most).contains(&ew_base) {
        return Ok(());
    }
    Err(MovementError::Size(format!(
        "--ew-from {ew_base} does not work with {t} tables: the EW pairs are numbered from it \
         + 1, above the NS pairs 1 to {t} and at most {}; use --ew-from {t} to {most}",
        u32::MAX
    )))
}

/// Generates a Mitchell movement.
pub fn mitchell(opts: &MitchellOptions) -> Result<Movement, MovementError> {
    let relay = check_mitchell(opts)?;
    let t = opts.tables;
    let even = t.is_multiple_of(2);
    let mut name = format!("Mitchell, {t} tables");
    if even {
        name.push_str(if relay {
            ", relay and bye stand"
        } else {
            ", skip"
        });
    }
    if opts.arrow_switch {
        name.push_str(", arrow switch");
    }
    let one_field = opts.one_field.unwrap_or(opts.arrow_switch);
    Ok(Movement {
        name,
        rounds: mitchell_rounds(opts, relay),
        sharing: if relay {
            BoardSharing::Shared
        } else {
            BoardSharing::Single
        },
        fields: if one_field { Fields::One } else { Fields::Two },
        absent: Vec::new(),
        bye_stand: relay,
        kind: MovementKind::Mitchell {
            tables: t,
            even: even.then_some(opts.even),
            arrow_switch: opts.arrow_switch,
        },
    })
}

/// Checks that the options make a Mitchell klaver can play: whether it has a relay and
/// bye stand, or what to choose instead.
fn check_mitchell(opts: &MitchellOptions) -> Result<bool, MovementError> {
    let t = opts.tables;
    if t < 3 {
        return Err(MovementError::Size(format!(
            "a Mitchell needs 3 or more tables, not {t}; use a Howell for fewer"
        )));
    }
    if t > 60 {
        return Err(MovementError::Size(format!(
            "a Mitchell of {t} tables is too large; split the field into sections of at most 60 tables"
        )));
    }
    super::check_boards(opts.boards_per_round)?;
    check_ew_base(t, opts.ew_base.unwrap_or(t))?;
    let even = t.is_multiple_of(2);
    if !even && opts.even == EvenTables::RelayByeStand {
        return Err(MovementError::Size(format!(
            "a relay and bye stand is for an even number of tables; {t} tables play every \
             round without one: leave the relay out"
        )));
    }
    let relay = even && opts.even == EvenTables::RelayByeStand;
    if relay && opts.boards_per_round < 2 {
        return Err(MovementError::Size(
            "with a relay tables 1 and the last table share the boards, so play at least 2 \
             boards a round, or choose a skip"
                .into(),
        ));
    }
    Ok(relay)
}

/// The rounds of a Mitchell the options make (see [`check_mitchell`]), with a relay and
/// bye stand when `relay`.
fn mitchell_rounds(opts: &MitchellOptions, relay: bool) -> Vec<Round> {
    let (t, bpr) = (opts.tables, opts.boards_per_round);
    let ew_base = opts.ew_base.unwrap_or(t);
    let even = t.is_multiple_of(2);
    let rounds_n = if even && !relay { t - 1 } else { t };
    // Board positions in the order the boards travel (down one position a round): with a
    // relay, table T shares table 1's position and a bye stand sits after table T/2.
    let position = |table: u32| -> u32 {
        if !relay {
            table - 1
        } else if table == t {
            0
        } else if table <= t / 2 {
            table - 1
        } else {
            table
        }
    };
    let mut rounds = Vec::with_capacity(rounds_n as usize);
    for r in 0..rounds_n {
        let skip = u32::from(even && !relay && r >= t / 2);
        let mut tables = Vec::with_capacity(t as usize);
        for table in 1..=t {
            // The EW pair here started at the table `r + skip` below this one.
            let start = (table - 1 + 2 * t - r - skip) % t + 1;
            let set = (position(table) + r) % t + 1;
            let (mut ns, mut ew) = (table.to_string(), (ew_base + start).to_string());
            if opts.arrow_switch && r + 1 == rounds_n {
                std::mem::swap(&mut ns, &mut ew);
            }
            tables.push(TableRound {
                table,
                ns: Some(ns),
                ew: Some(ew),
                boards: BoardRange::set(set, bpr),
            });
        }
        rounds.push(Round {
            number: r + 1,
            tables,
        });
    }
    rounds
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs_at(m: &Movement, round: usize) -> Vec<(String, String, String)> {
        m.rounds[round]
            .tables
            .iter()
            .map(|t| {
                (
                    t.ns.clone().unwrap(),
                    t.ew.clone().unwrap(),
                    t.boards.to_string(),
                )
            })
            .collect()
    }

    #[test]
    fn seven_tables_ew_move_up_boards_move_down() {
        let m = mitchell(&MitchellOptions::new(7, 4)).unwrap();
        assert_eq!(m.rounds.len(), 7);
        assert_eq!(m.fields, Fields::Two);
        let r1 = pairs_at(&m, 0);
        assert_eq!(r1[0], ("1".into(), "8".into(), "1-4".into()));
        let r2 = pairs_at(&m, 1);
        // EW 8 moved to table 2; table 1's boards came down from table 2.
        assert_eq!(r2[1].1, "8");
        assert_eq!(r2[0].2, "5-8");
        assert_eq!(r2[0].1, "14");
        assert!(m.check().is_valid());
        assert!(m.check().problems.is_empty());
    }

    #[test]
    fn even_tables_skip_plays_one_round_less() {
        let m = mitchell(&MitchellOptions::new(8, 3)).unwrap();
        assert_eq!(m.rounds.len(), 7);
        assert!(m.check().is_valid(), "{:?}", m.check().problems);
    }

    #[test]
    fn even_tables_relay_shares_first_and_last_table() {
        let mut o = MitchellOptions::new(6, 4);
        o.even = EvenTables::RelayByeStand;
        let m = mitchell(&o).unwrap();
        assert_eq!(m.rounds.len(), 6);
        assert_eq!(m.sharing, BoardSharing::Shared);
        for r in &m.rounds {
            assert_eq!(r.tables[0].boards, r.tables[5].boards);
        }
        let c = m.check();
        assert!(c.is_valid(), "{:?}", c.problems);
        assert!(c.plays.values().all(|&n| n == 6));
    }

    #[test]
    fn arrow_switch_turns_the_last_round() {
        let mut o = MitchellOptions::new(5, 2);
        o.arrow_switch = true;
        let m = mitchell(&o).unwrap();
        assert_eq!(m.fields, Fields::One);
        let last = &m.rounds[4].tables[0];
        assert_eq!(last.ew.as_deref(), Some("1"));
        assert!(m.check().is_valid());
    }

    #[test]
    fn ew_numbers_can_start_elsewhere() {
        let mut o = MitchellOptions::new(3, 4);
        o.ew_base = Some(100);
        let m = mitchell(&o).unwrap();
        assert_eq!(m.rounds[0].tables[2].ew.as_deref(), Some("103"));
    }

    #[test]
    fn ew_numbers_that_meet_the_ns_numbers_or_overflow_are_refused() {
        let with = |t: u32, base: u32| {
            let mut o = MitchellOptions::new(t, 3);
            o.ew_base = Some(base);
            mitchell(&o)
        };
        let want = "--ew-from 2 does not work with 5 tables: the EW pairs are numbered from \
                    it + 1, above the NS pairs 1 to 5 and at most 4294967295; use --ew-from 5 \
                    to 4294967290";
        assert_eq!(with(5, 2).unwrap_err().to_string(), want);
        assert!(
            with(5, u32::MAX)
                .unwrap_err()
                .to_string()
                .contains("--ew-from 5 to 4294967290")
        );
        assert!(with(5, u32::MAX - 5).is_ok());
        assert!(with(5, 5).is_ok());
    }

    #[test]
    fn a_relay_with_an_odd_number_of_tables_is_refused() {
        let mut o = MitchellOptions::new(7, 2);
        o.even = EvenTables::RelayByeStand;
        let e = mitchell(&o).unwrap_err().to_string();
        assert_eq!(
            e,
            "a relay and bye stand is for an even number of tables; 7 tables play every \
             round without one: leave the relay out"
        );
    }

    #[test]
    fn too_few_tables_is_refused() {
        let e = mitchell(&MitchellOptions::new(2, 4)).unwrap_err();
        assert!(e.to_string().contains("3 or more tables"));
    }
}
