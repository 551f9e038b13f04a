//! Clubs, players, partnerships, playing moments, seasons and the club's settings.

use crate::clock::{now, parse_date};
use crate::model::{Club, NewPlayer, Partnership, Player, PlayersImported};
use crate::{Store, StoreError, db};
use sqlx::Row;
use sqlx::any::AnyRow;

pub(crate) fn club_of(row: &AnyRow) -> Result<Club, sqlx::Error> {
    Ok(Club {
        id: row.try_get(0)?,
        code: row.try_get(1)?,
        name: row.try_get(2)?,
        created_at: row.try_get(3)?,
    })
}

pub(crate) fn player_of(row: &AnyRow) -> Result<Player, sqlx::Error> {
    Ok(Player {
        id: row.try_get(0)?,
        number: row.try_get(1)?,
        name: row.try_get(2)?,
    })
}

/// A name as the club writes it: spaces trimmed and collapsed.
pub(crate) fn tidy(name: &str) -> String {
    name.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A season of a club.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Season {
    /// Its name (`2025-2026`).
    pub name: String,
    /// Its first day, `YYYY-MM-DD`.
    pub starts_on: String,
    /// Its last day.
    pub ends_on: String,
}

impl Store {
    /// Creates a club; its code must be new on this database.
    pub async fn init_club(&self, code: &str, name: &str) -> Result<Club, StoreError> {
        let code = checked_code(code)?;
        let mut tx = self.write_new_club("cannot create the club").await?;
        if club_code_taken(&mut tx, code).await? {
            return Err(StoreError::Conflict(format!(
                "a club with code {code} already exists in {}",
                self.location()
            )));
        }
        let row = sqlx::query(
            "INSERT INTO clubs (code, name, created_at) VALUES ($1, $2, $3)
             RETURNING id, code, name, created_at",
        )
        .bind(code)
        .bind(tidy(name))
        .bind(now())
        .fetch_one(&mut *tx)
        .await
        .map_err(db("cannot create the club"))?;
        let club = club_of(&row).map_err(db("cannot read the new club"))?;
        tx.commit().await.map_err(db("cannot create the club"))?;
        Ok(club)
    }

    /// Every club, by code.
    pub async fn clubs(&self) -> Result<Vec<Club>, StoreError> {
        let rows = sqlx::query("SELECT id, code, name, created_at FROM clubs ORDER BY id")
            .fetch_all(&self.pool)
            .await
            .map_err(db("cannot list the clubs"))?;
        let mut clubs = rows
            .iter()
            .map(club_of)
            .collect::<Result<Vec<_>, _>>()
            .map_err(db("cannot read the clubs"))?;
        // By code as written, on every database (see `by_name`).
        clubs.sort_by(|a, b| a.code.cmp(&b.code));
        Ok(clubs)
    }

    /// The club with this code, or the only club when no code is given.
    pub async fn club(&self, code: Option<&str>) -> Result<Club, StoreError> {
        let clubs = self.clubs().await?;
        match code {
            Some(code) => clubs.into_iter().find(|c| c.code == code).ok_or_else(|| {
                StoreError::NotFound(format!(
                    "no club with code {code} in {}: create it with `klaver club init --code {code} --name NAME`",
                    self.location()
                ))
            }),
            None => match clubs.len() {
                0 => Err(StoreError::NotFound(format!(
                    "no club in {} yet: create one with `klaver club init --name NAME`",
                    self.location()
                ))),
                1 => Ok(clubs.into_iter().next().expect("one club")),
                _ => Err(StoreError::Invalid(format!(
                    "{} holds several clubs ({}): say which with --club CODE",
                    self.location(),
                    clubs
                        .iter()
                        .map(|c| c.code.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ))),
            },
        }
    }

    /// Adds a player; a federation number may be used only once in a club.
    pub async fn add_player(&self, club: &Club, player: &NewPlayer) -> Result<Player, StoreError> {
        let name = tidy(&player.name);
        if name.is_empty() {
            return Err(StoreError::Invalid("a player needs a name".into()));
        }
        let number = given_number(player);
        let mut tx = self.write_club(club, "cannot add the player").await?;
        if let Some(n) = number
            && let Some(p) = find_by_number(&mut tx, club.id, n).await?
        {
            return Err(StoreError::Conflict(format!(
                "federation number {n} is already {}'s",
                p.name
            )));
        }
        let p = insert_player(&mut tx, club.id, number, &name).await?;
        tx.commit().await.map_err(db("cannot add the player"))?;
        Ok(p)
    }

    /// Adds or updates players in one transaction: a player with a federation number
    /// already known gets the new name; one without a number is added unless a player of
    /// that name (and no number) exists.
    pub async fn import_players(
        &self,
        club: &Club,
        players: &[NewPlayer],
    ) -> Result<PlayersImported, StoreError> {
        for p in players {
            player_without_nul(p.number.as_deref(), &p.name)?;
        }
        let mut done = PlayersImported::default();
        let mut tx = self.write_club(club, "cannot import the players").await?;
        for player in players {
            let name = tidy(&player.name);
            let number = given_number(player);
            if let Some(n) = number {
                match find_by_number(&mut tx, club.id, n).await? {
                    Some(p) if p.name == name => done.unchanged += 1,
                    Some(p) => {
                        sqlx::query("UPDATE players SET name = $1 WHERE id = $2")
                            .bind(&name)
                            .bind(p.id)
                            .execute(&mut *tx)
                            .await
                            .map_err(db("cannot rename a player"))?;
                        done.renamed += 1;
                    }
                    None => {
                        insert_player(&mut tx, club.id, Some(n), &name).await?;
                        done.added += 1;
                    }
                }
            } else {
                if find_guest(&mut tx, club.id, &name).await?.is_some() {
                    done.unchanged += 1;
                } else {
                    insert_player(&mut tx, club.id, None, &name).await?;
                    done.added += 1;
                }
            }
        }
        tx.commit().await.map_err(db("cannot import the players"))?;
        Ok(done)
    }

    /// The club's players, by name (see [`by_name`]).
    pub async fn players(&self, club: &Club) -> Result<Vec<Player>, StoreError> {
        let rows =
            sqlx::query("SELECT id, number, name FROM players WHERE club_id = $1 ORDER BY id")
                .bind(club.id)
                .fetch_all(&self.pool)
                .await
                .map_err(db("cannot list the players"))?;
        let mut players = rows
            .iter()
            .map(player_of)
            .collect::<Result<Vec<_>, _>>()
            .map_err(db("cannot read the players"))?;
        players.sort_by(by_name);
        Ok(players)
    }

    /// The club's pairs, threesomes and teams with their players. A pair is its players:
    /// two players of one name who each played with the same partner make two pairs of
    /// one name.
    pub async fn partnerships(&self, club: &Club) -> Result<Vec<Partnership>, StoreError> {
        let rows = sqlx::query(
            "SELECT p.id, p.kind, p.name, pl.number, pl.name
             FROM partnerships p
             LEFT JOIN partnership_members m ON m.partnership_id = p.id
             LEFT JOIN players pl ON pl.id = m.player_id
             WHERE p.club_id = $1
             ORDER BY p.id",
        )
        .bind(club.id)
        .fetch_all(&self.pool)
        .await
        .map_err(db("cannot list the partnerships"))?;
        // (id, kind, name) and the players, each (number, name), the player's id last.
        type Listed = ((i64, String, String), Vec<(Option<String>, String)>);
        let mut out: Vec<Listed> = Vec::new();
        for row in rows {
            let read = || -> Result<_, sqlx::Error> {
                let partnership: (i64, String, String) =
                    (row.try_get(0)?, row.try_get(1)?, row.try_get(2)?);
                let player: Option<String> = row.try_get(4)?;
                Ok((partnership, player.map(|name| (row.try_get(3), name))))
            };
            let (partnership, player) = read().map_err(db("cannot read the partnerships"))?;
            if out.last().is_none_or(|(last, _)| last.0 != partnership.0) {
                out.push((partnership, Vec::new()));
            }
            if let (Some((number, name)), Some((_, players))) = (player, out.last_mut()) {
                let number = number.map_err(db("cannot read the partnerships"))?;
                players.push((number, name));
            }
        }
        // Ordered here, not by the database, so that every database gives one order (see
        // `by_name`).
        out.sort_by(|(a, _), (b, _)| (&a.1, &a.2, a.0).cmp(&(&b.1, &b.2, b.0)));
        Ok(out
            .into_iter()
            .map(|((_, kind, name), mut players)| {
                players.sort_by(|a, b| a.1.cmp(&b.1).then_with(|| a.0.cmp(&b.0)));
                Partnership {
                    kind,
                    name,
                    players: players
                        .into_iter()
                        .map(|(number, name)| number.unwrap_or(name))
                        .collect(),
                }
            })
            .collect())
    }

    /// Adds a season (`2025-2026`, from and to dates); sessions imported later within its
    /// dates belong to it.
    pub async fn add_season(&self, club: &Club, season: &Season) -> Result<(), StoreError> {
        crate::no_nul::without_nul(&season.name, || "the season's name".to_string())?;
        for d in [&season.starts_on, &season.ends_on] {
            if parse_date(d).is_none() {
                return Err(StoreError::Invalid(format!(
                    "{d:?} is not a date: write YYYY-MM-DD"
                )));
            }
        }
        if season.ends_on < season.starts_on {
            return Err(StoreError::Invalid(format!(
                "season {} ends ({}) before it starts ({})",
                season.name, season.ends_on, season.starts_on
            )));
        }
        let mut tx = self.write_club(club, "cannot add the season").await?;
        let overlap: Option<String> = sqlx::query_scalar(
            "SELECT name FROM seasons WHERE club_id = $1 AND (name = $2 OR (starts_on <= $3 AND ends_on >= $4))",
        )
        .bind(club.id)
        .bind(&season.name)
        .bind(&season.ends_on)
        .bind(&season.starts_on)
        .fetch_optional(&mut *tx)
        .await
        .map_err(db("cannot look up the seasons"))?;
        if let Some(other) = overlap {
            return Err(StoreError::Conflict(format!(
                "season {} clashes with season {other} (the same name or overlapping dates)",
                season.name
            )));
        }
        sqlx::query(
            "INSERT INTO seasons (club_id, name, starts_on, ends_on) VALUES ($1, $2, $3, $4)",
        )
        .bind(club.id)
        .bind(&season.name)
        .bind(&season.starts_on)
        .bind(&season.ends_on)
        .execute(&mut *tx)
        .await
        .map_err(db("cannot add the season"))?;
        tx.commit().await.map_err(db("cannot add the season"))
    }

    /// The club's seasons, oldest first.
    pub async fn seasons(&self, club: &Club) -> Result<Vec<Season>, StoreError> {
        let rows = sqlx::query(
            "SELECT name, starts_on, ends_on FROM seasons WHERE club_id = $1 ORDER BY starts_on",
        )
        .bind(club.id)
        .fetch_all(&self.pool)
        .await
        .map_err(db("cannot list the seasons"))?;
        rows.iter()
            .map(|r| {
                Ok(Season {
                    name: r.try_get(0)?,
                    starts_on: r.try_get(1)?,
                    ends_on: r.try_get(2)?,
                })
            })
            .collect::<Result<_, sqlx::Error>>()
            .map_err(db("cannot read the seasons"))
    }

    /// The club's playing moments, by name.
    pub async fn moments(&self, club: &Club) -> Result<Vec<String>, StoreError> {
        let mut moments: Vec<String> =
            sqlx::query_scalar("SELECT name FROM moments WHERE club_id = $1 ORDER BY id")
                .bind(club.id)
                .fetch_all(&self.pool)
                .await
                .map_err(db("cannot list the playing moments"))?;
        // By name as written, on every database (see `by_name`).
        moments.sort();
        Ok(moments)
    }

    /// Keeps the club's ranking settings (the TOML `klaver ranking --settings` reads).
    pub async fn set_ranking_settings(&self, club: &Club, toml: &str) -> Result<(), StoreError> {
        crate::no_nul::without_nul(toml, || "the ranking settings".to_string())?;
        let mut tx = self
            .write_club(club, "cannot store the ranking settings")
            .await?;
        let updated = sqlx::query(
            "UPDATE club_settings SET ranking = $1, updated_at = $2 WHERE club_id = $3",
        )
        .bind(toml)
        .bind(now())
        .bind(club.id)
        .execute(&mut *tx)
        .await
        .map_err(db("cannot store the ranking settings"))?;
        if updated.rows_affected() == 0 {
            sqlx::query(
                "INSERT INTO club_settings (club_id, ranking, updated_at) VALUES ($1, $2, $3)",
            )
            .bind(club.id)
            .bind(toml)
            .bind(now())
            .execute(&mut *tx)
            .await
            .map_err(db("cannot store the ranking settings"))?;
        }
        tx.commit()
            .await
            .map_err(db("cannot store the ranking settings"))
    }

    /// The club's ranking settings, if stored.
    pub async fn ranking_settings(&self, club: &Club) -> Result<Option<String>, StoreError> {
        sqlx::query_scalar("SELECT ranking FROM club_settings WHERE club_id = $1")
            .bind(club.id)
            .fetch_optional(&self.pool)
            .await
            .map_err(db("cannot read the ranking settings"))
    }
}

type Tx = sqlx::Transaction<'static, sqlx::Any>;

async fn find_by_number(
    tx: &mut Tx,
    club: i64,
    number: &str,
) -> Result<Option<Player>, StoreError> {
    let sql = "SELECT id, number, name FROM players WHERE club_id = $1 AND number = $2";
    found_player(tx, sql, club, number).await
}

/// The club's players for `guests`, adding each the club does not have yet: a guest
/// with a number is the player with that number, one without the player of that name
/// without a number (so a guest another import added meanwhile is not added twice).
/// Returns them in the order of `guests`, with how many were added.
pub(crate) async fn guests_in(
    tx: &mut Tx,
    club: i64,
    guests: &[NewPlayer],
) -> Result<(Vec<Player>, usize), StoreError> {
    let mut found = Vec::with_capacity(guests.len());
    let mut added = 0;
    for guest in guests {
        let name = tidy(&guest.name);
        let number = given_number(guest);
        let known = match number {
            Some(n) => find_by_number(tx, club, n).await?,
            None => find_guest(tx, club, &name).await?,
        };
        found.push(match known {
            Some(p) => p,
            None => {
                added += 1;
                insert_player(tx, club, number, &name).await?
            }
        });
    }
    Ok((found, added))
}

/// A new player's federation number, trimmed; `None` when none is given.
fn given_number(player: &NewPlayer) -> Option<&str> {
    let number = player.number.as_deref().map(str::trim);
    number.filter(|n| !n.is_empty())
}

/// The club's player of this name without a number, if any.
async fn find_guest(tx: &mut Tx, club: i64, name: &str) -> Result<Option<Player>, StoreError> {
    let sql =
        "SELECT id, number, name FROM players WHERE club_id = $1 AND number IS NULL AND name = $2
         ORDER BY id";
    found_player(tx, sql, club, name).await
}

/// The player `sql` finds with the club's number and one text (`$1`, `$2`), if any.
async fn found_player(
    tx: &mut Tx,
    sql: &str,
    club: i64,
    text: &str,
) -> Result<Option<Player>, StoreError> {
    let row = sqlx::query(sql)
        .bind(club)
        .bind(text)
        .fetch_optional(&mut **tx)
        .await
        .map_err(db("cannot look up a player"))?;
    row.as_ref()
        .map(player_of)
        .transpose()
        .map_err(db("cannot read a player"))
}

/// Whether a club already has this code.
pub(crate) async fn club_code_taken(tx: &mut Tx, code: &str) -> Result<bool, StoreError> {
    let known: Option<i64> = sqlx::query_scalar("SELECT id FROM clubs WHERE code = $1")
        .bind(code)
        .fetch_optional(&mut **tx)
        .await
        .map_err(db("cannot look up the club"))?;
    Ok(known.is_some())
}

/// A player's name and federation number, refused when either holds a NUL character.
fn player_without_nul(number: Option<&str>, name: &str) -> Result<(), StoreError> {
    crate::no_nul::without_nul(name, || "the player's name".to_string())?;
    let number = number.unwrap_or_default();
    crate::no_nul::without_nul(number, || format!("{name}'s federation number"))
}

/// A club's code, trimmed: one word without spaces.
pub(crate) fn checked_code(code: &str) -> Result<&str, StoreError> {
    let code = code.trim();
    if code.is_empty() || code.chars().any(char::is_whitespace) {
        return Err(StoreError::Invalid(format!(
            "the club code {code:?} must be one word without spaces (e.g. bc-de-kievit)"
        )));
    }
    Ok(code)
}

pub(crate) async fn insert_player(
    tx: &mut Tx,
    club: i64,
    number: Option<&str>,
    name: &str,
) -> Result<Player, StoreError> {
    player_without_nul(number, name)?;
    let row = sqlx::query(
        "INSERT INTO players (club_id, number, name, created_at) VALUES ($1, $2, $3, $4)
         RETURNING id, number, name",
    )
    .bind(club)
    .bind(number)
    .bind(name)
    .bind(now())
    .fetch_one(&mut **tx)
    .await
    .map_err(db(format!("cannot add the player {name}")))?;
    player_of(&row).map_err(db("cannot read the new player"))
}

/// The order of the club's player lists, the same on every database: by name as
/// written, character by character (a database's own order of texts is its
/// collation's, and PostgreSQL's follows the server's language), then by federation
/// number, a player without one first; players alike in both in the order they were
/// added.
pub(crate) fn by_name(a: &Player, b: &Player) -> std::cmp::Ordering {
    a.name.cmp(&b.name).then_with(|| a.number.cmp(&b.number))
}
