//! Club nights run in klaver: created before any result, entered line by line by the
//! director or from the tables' phones, published when the director says so; and the
//! directors, their logins and the tables' links that the web app checks.
//!
//! Secrets (login cookies, table links) are never stored: the web app keeps only a hash
//! of each, so a copy of the database does not let anyone in.

use crate::clock::now;
use crate::model::{Club, Correction, Line, NewSession, Session, SessionInfo, SessionPair};
use crate::sessions::{describe, insert_session};
use crate::{Store, StoreError, db};
use sqlx::Row;

/// A director of a club.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Director {
    /// The database's number.
    pub id: i64,
    /// The club.
    pub club_id: i64,
    /// The login name.
    pub login: String,
    /// The password's hash (PHC string).
    pub password_hash: String,
}

/// A director's login as the web app finds it from its cookie.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoggedIn {
    /// The director.
    pub director: Director,
    /// The form token that every change must carry.
    pub csrf: String,
}

/// What a table's link opens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableLink {
    /// The club.
    pub club_id: i64,
    /// The session.
    pub session: i64,
    /// The table.
    pub table: i64,
}

impl Store {
    /// Creates a night with its pairs and no results yet (unpublished).
    pub async fn create_night(
        &self,
        club: &Club,
        info: &SessionInfo,
        pairs: &[SessionPair],
    ) -> Result<i64, StoreError> {
        let session = NewSession {
            info: SessionInfo {
                published_at: None,
                ..info.clone()
            },
            pairs: pairs.to_vec(),
            lines: Vec::new(),
            sit_outs: Vec::new(),
        };
        let mut tx = self.write_club(club, "cannot create the night").await?;
        crate::night_checks::check_night(&mut tx, club, &session).await?;
        let id = insert_session(&mut tx, club, &session, false).await?;
        tx.commit().await.map_err(db("cannot create the night"))?;
        Ok(id)
    }

    /// Adds a result to a session; a board the same two pairs already have a line for is
    /// refused (a correction changes it). Returns the new line's number.
    pub async fn add_line(
        &self,
        club: &Club,
        session: i64,
        line: &Line,
        by: &str,
    ) -> Result<i64, StoreError> {
        crate::no_nul::line_without_nul(line)?;
        crate::no_nul::line_without_invisible(line)?;
        let mut tx = self.write_club(club, "cannot add the result").await?;
        let (line_no, _) = add_line_in(&mut tx, club, session, line, by).await?;
        tx.commit().await.map_err(db("cannot add the result"))?;
        Ok(line_no)
    }

    /// Adds a line to a stored session as [`Store::add_line`] does, and logs it with who
    /// added it and why, as a correction with no line before: a traveller found after
    /// the night was stored, or a director's penalty. A reason is required.
    pub async fn add_logged_line(
        &self,
        club: &Club,
        session: i64,
        line: &Line,
        by: &str,
        reason: &str,
    ) -> Result<Correction, StoreError> {
        if reason.trim().is_empty() {
            return Err(StoreError::Invalid(
                "an added line needs a reason (--reason \"...\"): it is kept with the line".into(),
            ));
        }
        crate::no_nul::line_without_nul(line)?;
        crate::no_nul::line_without_invisible(line)?;
        crate::no_nul::without_nul(reason, || "the reason".to_string())?;
        crate::no_nul::without_nul(by, || "who added the line".to_string())?;
        let mut tx = self.write_club(club, "cannot add the line").await?;
        let (line_no, result_id) = add_line_in(&mut tx, club, session, line, by).await?;
        let added = Correction {
            made_at: now(),
            made_by: by.trim().to_string(),
            reason: reason.trim().to_string(),
            old: None,
            new: Line {
                line_no,
                source_line: line_no,
                ..line.clone()
            },
        };
        crate::sessions::insert_correction(&mut tx, result_id, &added).await?;
        tx.commit()
            .await
            .map_err(db("cannot commit the added line; nothing was changed"))?;
        Ok(added)
    }

    /// Publishes a session's results (or takes them back). A session with a conflict
    /// to decide is not published; the check is made under the same lock as the
    /// publication, so a table's result confirmed meanwhile is seen.
    pub async fn publish(&self, club: &Club, session: i64, on: bool) -> Result<(), StoreError> {
        self.publish_if(club, session, on, None).await.map(|_| ())
    }

    /// Publishes a session as it was read (and checked by the caller): when a line was
    /// added or corrected since, nothing is published and the answer is `false`.
    pub async fn publish_as_read(
        &self,
        club: &Club,
        session: &Session,
    ) -> Result<bool, StoreError> {
        let seen = session.revision();
        self.publish_if(club, session.info.id, true, Some(seen))
            .await
    }

    async fn publish_if(
        &self,
        club: &Club,
        session: i64,
        on: bool,
        seen: Option<Revision>,
    ) -> Result<bool, StoreError> {
        let context = "cannot publish the session";
        let mut tx = self.write_club(club, context).await?;
        self.lock_session(&mut tx, club, session).await?;
        if on {
            refuse_open_conflict(&mut tx, session).await?;
            if let Some(seen) = seen
                && seen != revision(&mut tx, session).await?
            {
                return Ok(false);
            }
        }
        sqlx::query("UPDATE sessions SET published_at = $1 WHERE id = $2")
            .bind(on.then(now))
            .bind(session)
            .execute(&mut *tx)
            .await
            .map_err(db(context))?;
        tx.commit().await.map_err(db(context))?;
        Ok(true)
    }

    /// Holds the club's session for the rest of the transaction: PostgreSQL locks its
    /// row (a table's line or conflict being written holds it too, by its reference);
    /// SQLite's write transaction holds the whole database already.
    pub(crate) async fn lock_session(
        &self,
        tx: &mut sqlx::Transaction<'static, sqlx::Any>,
        club: &Club,
        session: i64,
    ) -> Result<(), StoreError> {
        let sql = match self.backend {
            crate::Backend::Sqlite => "SELECT id FROM sessions WHERE id = $1 AND club_id = $2",
            crate::Backend::Postgres => {
                "SELECT id FROM sessions WHERE id = $1 AND club_id = $2 FOR UPDATE"
            }
        };
        let found: Option<i64> = sqlx::query_scalar(sql)
            .bind(session)
            .bind(club.id)
            .fetch_optional(&mut **tx)
            .await
            .map_err(db("cannot read the session"))?;
        found.map(|_| ()).ok_or_else(|| {
            StoreError::NotFound(format!("club {} has no session {session}", club.code))
        })
    }

    /// Adds a director (the password already hashed); the login must be new in the club.
    pub async fn add_director(
        &self,
        club: &Club,
        login: &str,
        password_hash: &str,
    ) -> Result<Director, StoreError> {
        let login = login.trim();
        crate::no_nul::without_nul(login, || "the login".to_string())?;
        if login.is_empty() || login.chars().any(char::is_whitespace) {
            return Err(StoreError::Invalid(format!(
                "the login {login:?} must be one word without spaces"
            )));
        }
        let mut tx = self.write_club(club, "cannot add the director").await?;
        if self.director_in(&mut tx, club.id, login).await?.is_some() {
            return Err(StoreError::Conflict(format!(
                "{} already has a director {login}",
                club.code
            )));
        }
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO directors (club_id, login, password_hash, created_at) VALUES ($1, $2, $3, $4)
             RETURNING id",
        )
        .bind(club.id)
        .bind(login)
        .bind(password_hash)
        .bind(now())
        .fetch_one(&mut *tx)
        .await
        .map_err(db("cannot add the director"))?;
        tx.commit().await.map_err(db("cannot add the director"))?;
        Ok(Director {
            id,
            club_id: club.id,
            login: login.to_string(),
            password_hash: password_hash.to_string(),
        })
    }

    /// Changes a director's password (the hash).
    pub async fn set_director_password(
        &self,
        director: &Director,
        password_hash: &str,
    ) -> Result<(), StoreError> {
        let mut tx = self.write("cannot change the password").await?;
        sqlx::query("UPDATE directors SET password_hash = $1 WHERE id = $2")
            .bind(password_hash)
            .bind(director.id)
            .execute(&mut *tx)
            .await
            .map_err(db("cannot change the password"))?;
        // Every login made with the old password ends.
        sqlx::query("DELETE FROM director_logins WHERE director_id = $1")
            .bind(director.id)
            .execute(&mut *tx)
            .await
            .map_err(db("cannot end the old logins"))?;
        tx.commit().await.map_err(db("cannot change the password"))
    }

    /// The club's director with this login.
    pub async fn director(&self, club: &Club, login: &str) -> Result<Option<Director>, StoreError> {
        let mut conn = self
            .pool()
            .acquire()
            .await
            .map_err(db("cannot look up the director"))?;
        self.director_in(&mut conn, club.id, login.trim()).await
    }

    async fn director_in(
        &self,
        conn: &mut sqlx::AnyConnection,
        club: i64,
        login: &str,
    ) -> Result<Option<Director>, StoreError> {
        let row = sqlx::query(
            "SELECT id, club_id, login, password_hash FROM directors WHERE club_id = $1 AND login = $2",
        )
        .bind(club)
        .bind(login)
        .fetch_optional(&mut *conn)
        .await
        .map_err(db("cannot look up the director"))?;
        row.map(|r| {
            Ok(Director {
                id: r.try_get(0)?,
                club_id: r.try_get(1)?,
                login: r.try_get(2)?,
                password_hash: r.try_get(3)?,
            })
        })
        .transpose()
        .map_err(db("cannot read the director"))
    }

    /// Records a director's login (the hash of the cookie's secret) until `expires_at`.
    pub async fn start_login(
        &self,
        director: &Director,
        token_hash: &str,
        csrf: &str,
        expires_at: &str,
    ) -> Result<(), StoreError> {
        let mut tx = self.write("cannot record the login").await?;
        sqlx::query("DELETE FROM director_logins WHERE expires_at < $1")
            .bind(now())
            .execute(&mut *tx)
            .await
            .map_err(db("cannot clear old logins"))?;
        sqlx::query(
            "INSERT INTO director_logins (token_hash, director_id, csrf, expires_at) VALUES ($1, $2, $3, $4)",
        )
        .bind(token_hash)
        .bind(director.id)
        .bind(csrf)
        .bind(expires_at)
        .execute(&mut *tx)
        .await
        .map_err(db("cannot record the login"))?;
        tx.commit().await.map_err(db("cannot record the login"))
    }

    /// The director logged in with this cookie (by its hash), if the login has not
    /// expired.
    pub async fn logged_in(&self, token_hash: &str) -> Result<Option<LoggedIn>, StoreError> {
        let row = sqlx::query(
            "SELECT d.id, d.club_id, d.login, d.password_hash, l.csrf
             FROM director_logins l JOIN directors d ON d.id = l.director_id
             WHERE l.token_hash = $1 AND l.expires_at > $2",
        )
        .bind(token_hash)
        .bind(now())
        .fetch_optional(self.pool())
        .await
        .map_err(db("cannot look up the login"))?;
        row.map(|r| {
            Ok(LoggedIn {
                director: Director {
                    id: r.try_get(0)?,
                    club_id: r.try_get(1)?,
                    login: r.try_get(2)?,
                    password_hash: r.try_get(3)?,
                },
                csrf: r.try_get(4)?,
            })
        })
        .transpose()
        .map_err(db("cannot read the login"))
    }

    /// Ends a login.
    pub async fn end_login(&self, token_hash: &str) -> Result<(), StoreError> {
        let mut tx = self.write("cannot log out").await?;
        sqlx::query("DELETE FROM director_logins WHERE token_hash = $1")
            .bind(token_hash)
            .execute(&mut *tx)
            .await
            .map_err(db("cannot log out"))?;
        tx.commit().await.map_err(db("cannot log out"))
    }

    /// Gives a table of a session a new link (by the hash of its secret); the old link
    /// stops working.
    pub async fn set_table_link(
        &self,
        club: &Club,
        session: i64,
        table: i64,
        token_hash: &str,
    ) -> Result<(), StoreError> {
        let mut tx = self
            .write_club(club, "cannot make the table's link")
            .await?;
        Store::club_session(&mut tx, club, session).await?;
        sqlx::query("DELETE FROM table_links WHERE session_id = $1 AND table_no = $2")
            .bind(session)
            .bind(table)
            .execute(&mut *tx)
            .await
            .map_err(db("cannot make the table's link"))?;
        sqlx::query(
            "INSERT INTO table_links (session_id, table_no, token_hash) VALUES ($1, $2, $3)",
        )
        .bind(session)
        .bind(table)
        .bind(token_hash)
        .execute(&mut *tx)
        .await
        .map_err(db("cannot make the table's link"))?;
        tx.commit()
            .await
            .map_err(db("cannot make the table's link"))
    }

    /// What the link with this hash opens.
    pub async fn table_link(&self, token_hash: &str) -> Result<Option<TableLink>, StoreError> {
        let row = sqlx::query(
            "SELECT s.club_id, t.session_id, t.table_no FROM table_links t
             JOIN sessions s ON s.id = t.session_id WHERE t.token_hash = $1",
        )
        .bind(token_hash)
        .fetch_optional(self.pool())
        .await
        .map_err(db("cannot look up the table's link"))?;
        row.map(|r| {
            Ok(TableLink {
                club_id: r.try_get(0)?,
                session: r.try_get(1)?,
                table: r.try_get(2)?,
            })
        })
        .transpose()
        .map_err(db("cannot read the table's link"))
    }

    /// The club with this database number.
    pub async fn club_by_id(&self, id: i64) -> Result<Club, StoreError> {
        // Asked on every request of a director or a table: one row, not the list.
        let row = sqlx::query("SELECT id, code, name, created_at FROM clubs WHERE id = $1")
            .bind(id)
            .fetch_optional(self.pool())
            .await
            .map_err(db("cannot look up the club"))?
            .ok_or_else(|| StoreError::NotFound(format!("no club {id}")))?;
        crate::players::club_of(&row).map_err(db("cannot read the club"))
    }
}

/// A session's name in messages (`2025-09-02 tuesday line A`).
pub fn session_name(info: &SessionInfo) -> String {
    describe(info)
}

/// A session's lines at one moment: how many, and how many corrections they had. Lines
/// are never deleted (but with their session) and every correction raises its line's
/// version, so any change to the lines changes this.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Revision {
    lines: i64,
    versions: i64,
}

impl Session {
    /// Its lines' revision, as read.
    pub fn revision(&self) -> Revision {
        Revision {
            lines: self.lines.len() as i64,
            versions: self.lines.iter().map(|l| l.version).sum(),
        }
    }
}

/// The lines' revision as stored now.
async fn revision(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    session: i64,
) -> Result<Revision, StoreError> {
    let row = sqlx::query(
        "SELECT CAST(COUNT(*) AS BIGINT), CAST(COALESCE(SUM(version), 0) AS BIGINT)
         FROM results WHERE session_id = $1",
    )
    .bind(session)
    .fetch_one(&mut **tx)
    .await
    .map_err(db("cannot read the session's lines"))?;
    let get = |i| {
        row.try_get::<i64, _>(i)
            .map_err(db("cannot read the session's lines"))
    };
    Ok(Revision {
        lines: get(0)?,
        versions: get(1)?,
    })
}

/// Refuses while the session has a conflict the director has not decided.
async fn refuse_open_conflict(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    session: i64,
) -> Result<(), StoreError> {
    let context = "cannot read the conflicting results";
    let first = sqlx::query(
        "SELECT offered, offered_by, made_at FROM entry_conflicts
         WHERE session_id = $1 AND resolved_at IS NULL ORDER BY id LIMIT 1",
    )
    .bind(session)
    .fetch_optional(&mut **tx)
    .await
    .map_err(db(context))?;
    let Some(row) = first else {
        return Ok(());
    };
    let get = |i| row.try_get::<String, _>(i).map_err(db(context));
    let offered: Line = serde_json::from_str(&get(0)?)
        .map_err(|e| StoreError::Invalid(format!("{context}: {e}")))?;
    Err(StoreError::Conflict(format!(
        "board {} has two different results confirmed ({} confirmed another at {}): decide which stands before publishing",
        offered.board,
        get(1)?,
        get(2)?
    )))
}

/// Adds `line` to the club's session `session` in `tx` (see [`Store::add_line`]): the new
/// line's number and its row's id.
async fn add_line_in(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    club: &Club,
    session: i64,
    line: &Line,
    by: &str,
) -> Result<(i64, i64), StoreError> {
    // Raising the counter first makes concurrent adders to this session wait here.
    let line_no: Option<i64> = sqlx::query_scalar(
        "UPDATE sessions SET last_line = last_line + 1 WHERE id = $1 AND club_id = $2
         RETURNING last_line",
    )
    .bind(session)
    .bind(club.id)
    .fetch_optional(&mut **tx)
    .await
    .map_err(db("cannot add the result"))?;
    let Some(line_no) = line_no else {
        return Err(StoreError::NotFound(format!(
            "club {} has no session {session}",
            club.code
        )));
    };
    refuse_board_entered(tx, session, line).await?;
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO results (line_no, source_line, section, board, table_no, round_no, ns, ew,
            room, contract, declarer, result, score, adjust, lead, session_id, version, entered_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, 1, $17)
         RETURNING id",
    )
    .bind(line_no)
    .bind(line_no)
    .bind(&line.section)
    .bind(line.board)
    .bind(line.table)
    .bind(line.round)
    .bind(&line.ns)
    .bind(&line.ew)
    .bind(&line.room)
    .bind(&line.contract)
    .bind(&line.declarer)
    .bind(&line.result)
    .bind(&line.score)
    .bind(&line.adjust)
    .bind(&line.lead)
    .bind(session)
    .bind(by)
    .fetch_one(&mut **tx)
    .await
    .map_err(db("cannot add the result"))?;
    Ok((line_no, id))
}

/// Refuses `line` when the session has a line of its board for the same two pairs (a
/// director's penalty is no result: it shares its pairs with their line).
async fn refuse_board_entered(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    session: i64,
    line: &Line,
) -> Result<(), StoreError> {
    if line.is_penalty() {
        return Ok(());
    }
    let entered: Vec<(i64, String)> = sqlx::query_as(
        "SELECT line_no, adjust FROM results WHERE session_id = $1 AND board = $2 AND section = $3
           AND room = $6 AND ((ns = $4 AND ew = $5) OR (ns = $5 AND ew = $4)) ORDER BY line_no",
    )
    .bind(session)
    .bind(line.board)
    .bind(&line.section)
    .bind(&line.ns)
    .bind(&line.ew)
    .bind(&line.room)
    .fetch_all(&mut **tx)
    .await
    .map_err(db("cannot look up the board"))?;
    let result = |(_, adjust): &&(i64, String)| !crate::model::is_penalty_adjust(adjust);
    match entered.iter().find(result).map(|(n, _)| *n) {
        Some(other) => Err(StoreError::Conflict(format!(
            "board {} of {} against {} is already entered (line {other}): correct that line instead",
            line.board, line.ns, line.ew
        ))),
        None => Ok(()),
    }
}
