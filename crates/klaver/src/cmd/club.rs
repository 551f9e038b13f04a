//! `klaver club`, `klaver player`, `klaver export` and `klaver import`: the club, its
//! members and its whole history in the database (klaver-store).

use super::output::{names_stdout, write_output};
use super::{CliError, CmdResult};
use clap::{Subcommand, ValueEnum};
use klaver_core::session::Severity;
use klaver_store::session_name as describe;
use klaver_store::{
    ArchivedLine, ArchivedSession, Club, ClubArchive, Conflict, NewPlayer, RemovedSession, Season,
    Session, SessionPair, Store, StoreError, StoredLine,
};
use std::collections::HashMap;
use std::future::Future;
use std::path::PathBuf;
use std::process::ExitCode;

/// Where the club's data is.
#[derive(clap::Args, Clone)]
pub struct DbArgs {
    /// The database: a SQLite file, or a postgres:// URL for a server shared by many
    /// clubs [default: klaver.db in ~/.local/share/klaver].
    #[arg(long, env = "KLAVER_DATABASE_URL", value_name = "FILE_OR_URL")]
    pub database: Option<String>,
    /// The club's code, when the database holds several clubs.
    #[arg(long, env = "KLAVER_CLUB", value_name = "CODE")]
    pub club: Option<String>,
}

impl DbArgs {
    /// The database location to open.
    pub fn location(&self) -> String {
        self.database
            .clone()
            .filter(|d| !d.is_empty())
            .unwrap_or_else(|| klaver_store::default_database().display().to_string())
    }

    /// Opens the database.
    pub async fn open(&self) -> Result<Store, CliError> {
        Store::open(&self.location()).await.map_err(store_error)
    }

    /// Opens the database and finds the club.
    pub async fn club(&self) -> Result<(Store, Club), CliError> {
        let store = self.open().await?;
        let club = store
            .club(self.club.as_deref())
            .await
            .map_err(store_error)?;
        Ok((store, club))
    }
}

/// A database failure as the user sees it: exit 2 for what the user can fix, 3 when the
/// database itself failed.
pub fn store_error(e: StoreError) -> CliError {
    match e {
        StoreError::Database { .. } => CliError::with_code(e, 3),
        _ => CliError::input(e),
    }
}

/// Runs a database command to its end on this thread.
pub fn block_on<F: Future>(f: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a single-threaded runtime can always be built")
        .block_on(f)
}

/// Runs the web server's work on every core.
pub fn block_on_multi<F: Future>(f: F) -> F::Output {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a runtime can be built")
        .block_on(f)
}

/// Arguments of `klaver club`.
#[derive(clap::Args)]
pub struct ClubArgs {
    #[command(subcommand)]
    command: ClubCommand,
}

#[derive(Subcommand)]
enum ClubCommand {
    /// Create the club (and the database, on first use).
    Init {
        /// The club's name.
        #[arg(long)]
        name: String,
        /// A short code for the club [default: from the name, e.g. bc-de-kievit].
        #[arg(long)]
        code: Option<String>,
        #[command(flatten)]
        db: DbArgs,
    },
    /// What the database holds for the club.
    Show {
        #[command(flatten)]
        db: DbArgs,
    },
    /// Add a season; sessions within its dates are ranked in it.
    Season {
        /// Its name, e.g. 2025-2026.
        name: String,
        /// Its first day (YYYY-MM-DD).
        #[arg(long)]
        from: String,
        /// Its last day (YYYY-MM-DD).
        #[arg(long)]
        to: String,
        #[command(flatten)]
        db: DbArgs,
    },
    /// Add a director who may log in to `klaver serve` (the password is read from
    /// standard input, one line).
    Director {
        /// The director's login name.
        login: String,
        #[command(flatten)]
        db: DbArgs,
    },
    /// Keep the club's ranking settings (the TOML of `klaver ranking --settings`).
    Settings {
        /// The settings file; checked before it is kept.
        #[arg(long)]
        ranking: PathBuf,
        #[command(flatten)]
        db: DbArgs,
    },
}

/// A club's code made from its name: `BC De Kievit` → `bc-de-kievit`.
fn code_of(name: &str) -> String {
    let mut code = String::new();
    for c in name.chars().flat_map(char::to_lowercase) {
        if c.is_alphanumeric() {
            code.push(c);
        } else if !code.is_empty() && !code.ends_with('-') {
            code.push('-');
        }
    }
    code.trim_end_matches('-').to_string()
}

/// Runs `klaver club`.
pub fn club(args: ClubArgs) -> CmdResult {
    block_on(async {
        match args.command {
            ClubCommand::Init { name, code, db } => init(name, code, db).await,
            ClubCommand::Show { db } => show(db).await,
            ClubCommand::Season { name, from, to, db } => {
                let (store, club) = db.club().await?;
                let season = Season {
                    name: name.clone(),
                    starts_on: from,
                    ends_on: to,
                };
                store
                    .add_season(&club, &season)
                    .await
                    .map_err(store_error)?;
                say!("season {name} added to {}", club.code);
                Ok(ExitCode::SUCCESS)
            }
            ClubCommand::Director { login, db } => add_director(login, db).await,
            ClubCommand::Settings { ranking, db } => keep_settings(&ranking, db).await,
        }
    })
}

/// `klaver club init`: the club created, and the database on first use.
async fn init(name: String, code: Option<String>, db: DbArgs) -> CmdResult {
    let store = db.open().await?;
    let code = code.unwrap_or_else(|| code_of(&name));
    let club = store.init_club(&code, &name).await.map_err(store_error)?;
    say!(
        "club {} ({}) created in {}",
        club.name,
        club.code,
        store.location()
    );
    Ok(ExitCode::SUCCESS)
}

/// `klaver club show`: what the database holds for the club.
async fn show(db: DbArgs) -> CmdResult {
    let (store, club) = db.club().await?;
    let players = store.players(&club).await.map_err(store_error)?;
    let sessions = store.sessions(&club).await.map_err(store_error)?;
    let seasons = store.seasons(&club).await.map_err(store_error)?;
    let moments = store.moments(&club).await.map_err(store_error)?;
    let version = klaver_store::migrate::version(&store)
        .await
        .map_err(store_error)?;
    say!("{} ({})", club.name, club.code);
    say!("database: {} (schema {version})", store.location());
    say!("players: {}", players.len());
    say!(
        "sessions: {}{}",
        sessions.len(),
        match (sessions.last(), sessions.first()) {
            (Some(a), Some(b)) => format!(", {} to {}", a.info.date, b.info.date),
            _ => String::new(),
        }
    );
    if !moments.is_empty() {
        say!("playing moments: {}", moments.join(", "));
    }
    for s in seasons {
        say!("season {}: {} to {}", s.name, s.starts_on, s.ends_on);
    }
    let settings = store.ranking_settings(&club).await.map_err(store_error)?;
    say!(
        "ranking settings: {}",
        if settings.is_some() {
            "kept (klaver ranking --database uses them)"
        } else {
            "none (klaver club settings --ranking FILE)"
        }
    );
    Ok(ExitCode::SUCCESS)
}

/// `klaver club director`: a director who may log in, the password read from standard
/// input.
async fn add_director(login: String, db: DbArgs) -> CmdResult {
    let mut password = String::new();
    std::io::stdin()
        .read_line(&mut password)
        .map_err(|e| CliError::input(format!("cannot read the password: {e}")))?;
    let password = password.trim_end_matches(['\r', '\n']);
    if password.chars().count() < 8 {
        return Err(CliError::input(
            "the password must have at least 8 characters (give it on standard input)",
        ));
    }
    let hash =
        klaver_web::auth::hash_password(password).map_err(|e| CliError::input(format!("{e:?}")))?;
    let (store, club) = db.club().await?;
    store
        .add_director(&club, &login, &hash)
        .await
        .map_err(store_error)?;
    say!(
        "director {login} may now log in to klaver serve for {}",
        club.code
    );
    Ok(ExitCode::SUCCESS)
}

/// `klaver club settings`: the ranking settings kept, once they read.
async fn keep_settings(ranking: &std::path::Path, db: DbArgs) -> CmdResult {
    let name = ranking.display().to_string();
    let text = std::fs::read_to_string(ranking)
        .map_err(|e| CliError::input(format!("cannot read {name}: {e}")))?;
    klaver_io::ranking_io::read_settings(&text, &name).map_err(CliError::input)?;
    let (store, club) = db.club().await?;
    store
        .set_ranking_settings(&club, &text)
        .await
        .map_err(store_error)?;
    say!("ranking settings of {} kept from {name}", club.code);
    Ok(ExitCode::SUCCESS)
}

/// Arguments of `klaver player`.
#[derive(clap::Args)]
pub struct PlayerArgs {
    #[command(subcommand)]
    command: PlayerCommand,
}

/// Output formats of `klaver player list`.
#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum ListFormat {
    /// A table.
    Text,
    /// A CSV that `klaver player import` reads back.
    Csv,
    /// JSON.
    Json,
}

#[derive(Subcommand)]
enum PlayerCommand {
    /// Add a member or guest.
    Add {
        /// The player's name as the club writes it.
        name: String,
        /// The federation number (NBB bondsnummer).
        #[arg(long)]
        number: Option<String>,
        #[command(flatten)]
        db: DbArgs,
    },
    /// Add or update players from a CSV with columns `number` (or `bondsnummer`) and
    /// `name` (or `naam`): a known number gets the new name. All or nothing.
    Import {
        /// The CSV.
        file: PathBuf,
        #[command(flatten)]
        db: DbArgs,
    },
    /// List the players.
    List {
        /// Output format.
        #[arg(long, value_enum, default_value = "text")]
        format: ListFormat,
        #[command(flatten)]
        db: DbArgs,
    },
    /// List the pairs and threesomes the club has seen play.
    Pairs {
        #[command(flatten)]
        db: DbArgs,
    },
}

/// Reads a players CSV; errors name the line, and a column not read is a warning.
fn read_players(file: &PathBuf) -> Result<Vec<NewPlayer>, CliError> {
    let name = file.display().to_string();
    let data =
        std::fs::read(file).map_err(|e| CliError::input(format!("cannot read {name}: {e}")))?;
    let text = String::from_utf8(data).map_err(|_| {
        CliError::input(format!(
            "{name} is not UTF-8 text: save it as UTF-8 (names with accents would be mangled otherwise)"
        ))
    })?;
    let mut rdr = csv::ReaderBuilder::new()
        .flexible(true)
        .trim(csv::Trim::All)
        .from_reader(text.as_bytes());
    let header = rdr
        .headers()
        .map_err(|e| CliError::input(format!("{name}: {e}")))?
        .clone();
    let fields = header.iter().map(str::as_bytes);
    if let Some(runaway) = klaver_io::quotes::runaway_quote_in_header(fields, 1) {
        return Err(CliError::input(format!("{name} line 1: {runaway}")));
    }
    let (name_col, number_col) = player_columns(&name, &header)?;
    let mut players = Vec::new();
    let mut first_line: HashMap<String, (u64, Option<String>)> = HashMap::new();
    // The file's own line numbers: the CSV reader's count lags a line behind in a file
    // whose lines end in CR LF (as Windows saves it).
    let lines = klaver_io::travellers::record_lines(text.as_bytes());
    for (k, rec) in rdr.records().enumerate() {
        let rec = rec.map_err(|e| CliError::input(format!("{name}: {e}")))?;
        let line = lines.get(k + 1).map_or(0, |&l| u64::from(l));
        let at = |what: String| CliError::input(format!("{name} line {line}: {what}"));
        let fields = rec.iter().map(str::as_bytes);
        if let Some(runaway) = klaver_io::quotes::runaway_quote(fields, line, header.len()) {
            return Err(at(runaway));
        }
        if rec.len() > header.len() {
            return Err(at(format!(
                "{} fields where the header has {}: put a name with a comma in quotes (\"Jansen, Jan\")",
                rec.len(),
                header.len()
            )));
        }
        let player_name = rec.get(name_col).unwrap_or("").to_string();
        let number = number_col
            .and_then(|c| rec.get(c))
            .filter(|n| !n.is_empty())
            .map(String::from);
        if player_name.is_empty() {
            if number.is_none() && rec.iter().all(str::is_empty) {
                continue;
            }
            return Err(at("the name is empty: every player needs a name".into()));
        }
        shows_all(&player_name, number.as_deref()).map_err(at)?;
        swapped_columns(&player_name, number.as_deref()).map_err(at)?;
        // A number is the same with its leading zeros (a spreadsheet drops them); a player
        // without one is known by the name.
        let key = match &number {
            Some(n) => format!("#{}", n.trim_start_matches('0')),
            None => format!("={player_name}"),
        };
        if let Some((first, written)) = first_line.insert(key, (line, number.clone())) {
            return Err(at(match (&number, written) {
                (Some(n), Some(w)) if &w != n => format!(
                    "number {n} is also on line {first}, written {w}: each player once, with their own number"
                ),
                (Some(n), _) => format!(
                    "number {n} is also on line {first}: each player once, with their own number"
                ),
                (None, _) => format!(
                    "{player_name} without a number is also on line {first}: each player once; give two players of one name their numbers"
                ),
            }));
        }
        players.push(NewPlayer {
            number,
            name: player_name,
        });
    }
    Ok(players)
}

/// A player's name and federation number, refused when either holds a character that
/// shows nothing (a zero-width space, a soft hyphen): the player would look like the
/// one written without it, but be another, and their season ranking split.
fn shows_all(name: &str, number: Option<&str>) -> Result<(), String> {
    let refused = klaver_io::invisible::refused_name("the name", name);
    match refused.or_else(|| klaver_io::invisible::refused("the number", number?)) {
        Some(m) => Err(m),
        None => Ok(()),
    }
}

/// A players line whose name is only digits (no name is; a membership number is), or
/// whose number has no digit at all (a federation number has: the NBB's bondsnummer is
/// digits, some federations put a letter before them): the columns may be swapped, and
/// the line is refused rather than stored so.
fn swapped_columns(name: &str, number: Option<&str>) -> Result<(), String> {
    let name_is_number = name.bytes().all(|b| b.is_ascii_digit());
    let wordy = |n: &&str| !n.bytes().any(|b| b.is_ascii_digit());
    match (name_is_number, number.filter(wordy)) {
        (false, None) => Ok(()),
        (true, Some(n)) => Err(format!(
            "the name is {name:?} and the number {n:?}: the columns look swapped; the first line names them (number,name), each over its own column"
        )),
        (true, None) => Err(format!(
            "the name {name:?} is only digits, a membership number and not a name: the columns may be swapped; put the number in the number column and the player's name in the name column"
        )),
        (false, Some(n)) => Err(format!(
            "the number {n:?} has no digit, so it is no federation number: the columns may be swapped; leave the number empty for a player without one"
        )),
    }
}

/// The players CSV's name and number columns; each other column is a warning, as it is
/// not read.
fn player_columns(
    file: &str,
    header: &csv::StringRecord,
) -> Result<(usize, Option<usize>), CliError> {
    const NAMES: [&str; 3] = ["name", "naam", "names"];
    const NUMBERS: [&str; 5] = ["number", "bondsnummer", "nbb", "federation_number", "id"];
    let column = |h: &str| h.trim_start_matches('\u{feff}').to_string();
    let find = |names: &[&str]| {
        header
            .iter()
            .position(|h| names.iter().any(|n| column(h).eq_ignore_ascii_case(n)))
    };
    let name_col = find(&NAMES).ok_or_else(|| {
        CliError::input(format!(
            "{file}: no `name` column: the first line must name the columns, e.g. number,name"
        ))
    })?;
    let number_col = find(&NUMBERS);
    for (i, h) in header.iter().enumerate() {
        if i != name_col && Some(i) != number_col {
            tell!(
                "warning: {file}: column `{}` is not read: the players file has name and number (or bondsnummer, nbb, federation_number, id)",
                column(h)
            );
        }
    }
    Ok((name_col, number_col))
}

/// Runs `klaver player`.
pub fn player(args: PlayerArgs) -> CmdResult {
    block_on(async {
        match args.command {
            PlayerCommand::Add { name, number, db } => {
                // What `player import` would refuse of `player list --format csv`.
                shows_all(name.trim(), number.as_deref().map(str::trim))
                    .map_err(|m| CliError::input(format!("player add: {m}")))?;
                if swapped_columns(name.trim(), number.as_deref().map(str::trim)).is_err() {
                    return Err(CliError::input(format!(
                        "player add {name:?}{}: a name is not only digits and a federation number has digits: give the name first and the number with --number",
                        number
                            .map(|n| format!(" --number {n:?}"))
                            .unwrap_or_default()
                    )));
                }
                let (store, club) = db.club().await?;
                let p = store
                    .add_player(&club, &NewPlayer { number, name })
                    .await
                    .map_err(store_error)?;
                say!(
                    "{}{} added to {}",
                    p.name,
                    p.number.map(|n| format!(" ({n})")).unwrap_or_default(),
                    club.code
                );
            }
            PlayerCommand::Import { file, db } => {
                let players = read_players(&file)?;
                let (store, club) = db.club().await?;
                let done = store
                    .import_players(&club, &players)
                    .await
                    .map_err(store_error)?;
                say!(
                    "{}: {} added, {} renamed, {} unchanged",
                    file.display(),
                    done.added,
                    done.renamed,
                    done.unchanged
                );
            }
            PlayerCommand::List { format, db } => {
                let (store, club) = db.club().await?;
                let players = store.players(&club).await.map_err(store_error)?;
                let body = match format {
                    ListFormat::Text => {
                        let mut s = String::new();
                        for p in &players {
                            s.push_str(&format!(
                                "{:>10}  {}\n",
                                p.number.as_deref().unwrap_or("-"),
                                p.name
                            ));
                        }
                        s.push_str(&format!("{} players\n", players.len()));
                        s.into_bytes()
                    }
                    ListFormat::Csv => {
                        let mut w = csv::Writer::from_writer(Vec::new());
                        let _ = w.write_record(["number", "name"]);
                        for p in &players {
                            let _ = w.write_record([p.number.as_deref().unwrap_or(""), &p.name]);
                        }
                        w.into_inner().unwrap_or_default()
                    }
                    ListFormat::Json => {
                        let mut v = serde_json::to_vec_pretty(&players)
                            .map_err(|e| CliError::input(format!("cannot write JSON: {e}")))?;
                        v.push(b'\n');
                        v
                    }
                };
                super::output::write_output(None, |out| out.put(&body))?;
            }
            PlayerCommand::Pairs { db } => {
                let (store, club) = db.club().await?;
                for p in store.partnerships(&club).await.map_err(store_error)? {
                    say!("{:<10} {}  ({})", p.kind, p.name, p.players.join("+"));
                }
            }
        }
        Ok(ExitCode::SUCCESS)
    })
}

/// Arguments of `klaver export`.
#[derive(clap::Args)]
pub struct ExportArgs {
    /// The archive to write (JSON); `-` for standard output.
    file: PathBuf,
    #[command(flatten)]
    db: DbArgs,
}

/// Runs `klaver export`: the whole club as one archive.
pub fn export(args: ExportArgs) -> CmdResult {
    block_on(async {
        let (store, club) = args.db.club().await?;
        let archive = store.export_club(&club).await.map_err(store_error)?;
        let mut body = serde_json::to_vec_pretty(&archive)
            .map_err(|e| CliError::input(format!("cannot write the archive: {e}")))?;
        body.push(b'\n');
        // An interrupted export never leaves a half-written archive under the archive's
        // name (`output::Output`).
        write_output(Some(&args.file), |out| out.put(&body))?;
        if !names_stdout(Some(&args.file)) {
            let name = args.file.display();
            tell!(
                "{}: {} players, {} sessions of {} written to {name}",
                store.location(),
                archive.players.len(),
                archive.sessions.len(),
                club.code
            );
        }
        Ok(ExitCode::SUCCESS)
    })
}

/// Arguments of `klaver import`.
#[derive(clap::Args)]
pub struct ImportArgs {
    /// The archive `klaver export` wrote.
    file: PathBuf,
    /// Restore the club under this code (the code must be new on the database).
    #[arg(long = "as", value_name = "CODE")]
    code: Option<String>,
    /// The database to restore into.
    #[arg(long, env = "KLAVER_DATABASE_URL", value_name = "FILE_OR_URL")]
    database: Option<String>,
}

/// Runs `klaver import`: restores a club from its archive, all or nothing.
pub fn import(args: ImportArgs) -> CmdResult {
    let name = args.file.display().to_string();
    let data = std::fs::read(&args.file)
        .map_err(|e| CliError::input(format!("cannot read {name}: {e}")))?;
    let archive = klaver_store::read_archive(&name, &data).map_err(CliError::input)?;
    let problems = archive_problems(&archive);
    if !problems.is_empty() {
        return Err(CliError::input(format!(
            "{name} does not hold together; nothing was restored:\n  {}",
            problems.join("\n  ")
        )));
    }
    let db = DbArgs {
        database: args.database,
        club: None,
    };
    block_on(async {
        let store = db.open().await?;
        let club = store
            .import_club(&archive, args.code.as_deref())
            .await
            .map_err(store_error)?;
        say!(
            "club {} ({}) restored from {name}: {} players, {} sessions",
            club.name,
            club.code,
            archive.players.len(),
            archive.sessions.len()
        );
        if let Some(from) = numbered_anew(&store, &club, &archive).await? {
            say!(
                "this database has given some of the archive's session numbers already, or they lie too far past its own, so the restored sessions are numbered anew, from {from} (`klaver session list --club {}` shows them)",
                club.code
            );
        }
        Ok(ExitCode::SUCCESS)
    })
}

/// The first number of a restored club's sessions when they could not keep the
/// numbers the archive gives them (this database has given some already, or on
/// PostgreSQL they lie too far past its next), else `None`. An
/// archive an earlier klaver wrote gives none, and says nothing.
async fn numbered_anew(
    store: &klaver_store::Store,
    club: &Club,
    archive: &ClubArchive,
) -> Result<Option<i64>, CliError> {
    let live = archive.sessions.iter().map(|s| s.number);
    let removed = archive.removed_sessions.iter().map(|r| Some(r.number));
    let Some(mut given) = live.chain(removed).collect::<Option<Vec<i64>>>() else {
        return Ok(None);
    };
    let sessions = store.sessions(club).await.map_err(store_error)?;
    let removed = store.removed_sessions(club).await.map_err(store_error)?;
    let mut now: Vec<i64> = sessions.iter().map(|s| s.info.id).collect();
    now.extend(removed.iter().map(|r| r.number));
    given.sort_unstable();
    now.sort_unstable();
    Ok((given != now).then(|| now.first().copied()).flatten())
}

/// Everything that keeps the archive from being restored as klaver would have stored
/// it: what the store checks (forms, players in two pairs of a night, numbers given
/// twice), and each session's lines read back, the sessions removed among them (they
/// can be brought back). Each names its session, and its pair or line.
fn archive_problems(archive: &ClubArchive) -> Vec<String> {
    let mut out = klaver_store::archive_problems(archive);
    let sessions = archive.sessions.iter().enumerate();
    out.extend(sessions.flat_map(|(i, s)| archived_session_problems(archive, i + 1, s)));
    out.extend(
        archive
            .removed_sessions
            .iter()
            .flat_map(removed_session_problems),
    );
    // What the store and the reading back both find is said once.
    let mut seen = std::collections::HashSet::new();
    out.retain(|p| seen.insert(p.clone()));
    out
}

/// What is wrong with a removed session, as with a session of the archive.
fn removed_session_problems(r: &RemovedSession) -> Vec<String> {
    let s = &r.session;
    let at = |what: String| {
        format!(
            "removed session {} ({}): {what}",
            r.number,
            describe(&s.info)
        )
    };
    let session = Session {
        info: s.info.clone(),
        pairs: s.pairs.clone(),
        lines: s.lines.iter().map(stored_line).collect(),
        sit_outs: s.sit_outs.clone(),
    };
    lines_problems(&session, &s.lines, &s.conflicts)
        .into_iter()
        .map(at)
        .collect()
}

/// What is wrong with an archived session, as klaver would not have stored it: its
/// players, its lines' versions and logs, and its lines read back. `place`: the
/// session's place in the archive, from 1.
fn archived_session_problems(
    archive: &ClubArchive,
    place: usize,
    s: &ArchivedSession,
) -> Vec<String> {
    let at = |what: String| format!("session {place} ({}): {what}", describe(&s.info));
    let mut out = Vec::new();
    let mut pairs = Vec::with_capacity(s.pairs.len());
    for p in &s.pairs {
        let players = p.players.iter().map(|&i| archive.players.get(i).cloned());
        match players.collect::<Option<Vec<_>>>() {
            Some(players) => pairs.push(SessionPair {
                section: p.section.clone(),
                pair: p.pair.clone(),
                names: p.names.clone(),
                players,
            }),
            None => out.push(at(format!(
                "pair {} names players {:?} of the archive's {} (numbered from 0)",
                p.pair,
                p.players,
                archive.players.len()
            ))),
        }
    }
    let session = Session {
        info: s.info.clone(),
        pairs,
        lines: s.lines.iter().map(stored_line).collect(),
        sit_outs: s.sit_outs.clone(),
    };
    out.extend(
        lines_problems(&session, &s.lines, &s.conflicts)
            .into_iter()
            .map(&at),
    );
    out
}

/// What is wrong with a session's lines (`session`'s, with their log in `lines`): a
/// version its log does not bear out, a confirmed result against a line it does not
/// have, and the errors of its lines read back.
fn lines_problems(
    session: &Session,
    lines: &[ArchivedLine],
    conflicts: &[Conflict],
) -> Vec<String> {
    let mut out: Vec<String> = lines.iter().filter_map(line_log_problem).collect();
    out.extend(
        conflicts
            .iter()
            .filter(|c| !lines.iter().any(|l| l.line.line_no == c.line_no))
            .map(|c| {
                format!(
                    "the result {} confirmed at {} clashes with line {}, which the session does not have",
                    c.offered_by, c.made_at, c.line_no
                )
            }),
    );
    out.extend(read_back_problems(session));
    out
}

/// A line whose version its log of corrections does not bear out (a line added after
/// its session was stored is logged first, with no line before, at version 1).
fn line_log_problem(l: &ArchivedLine) -> Option<String> {
    let n = l.line.line_no;
    let added = l.corrections.iter().position(|c| c.old.is_none());
    if added.is_some_and(|at| at > 0)
        || l.corrections.iter().filter(|c| c.old.is_none()).count() > 1
    {
        return Some(format!(
            "line {n} is logged as added when it was already there"
        ));
    }
    let corrected = l.corrections.len() - usize::from(added.is_some());
    if l.version != 1 + corrected as i64 {
        return Some(format!(
            "line {n} is at version {} but has {corrected} corrections",
            l.version,
        ));
    }
    let last = l.corrections.last()?;
    (last.new != l.line).then(|| format!("line {n} is not the line its last correction made"))
}

fn stored_line(l: &ArchivedLine) -> StoredLine {
    StoredLine {
        line: l.line.clone(),
        version: l.version,
        entered_by: l.entered_by.clone(),
    }
}

/// The errors of a session's lines read back: a line klaver cannot read, as a hand edit
/// makes it, and a line a correction would refuse (a pair on both sides of the table).
/// (A pair playing a board twice is not one: a correction may leave a session so until
/// the next, and the database keeps it.)
fn read_back_problems(session: &Session) -> Vec<String> {
    let read = match klaver_web::scoring::read_back(session, &[]) {
        Ok(read) => read,
        Err(e) => return vec![e],
    };
    let stored = klaver_io::options::ScoringOptions::from_words(&session.info.options).ok();
    let settings = klaver_core::session::Settings {
        top_integral: stored.is_some_and(|o| o.top_integral),
        ..klaver_core::session::Settings::default()
    };
    let event = &read.event;
    let lines = klaver_core::session::line_errors(&event.pairs, &event.results, &settings);
    (event.diagnostics.iter())
        .chain(&lines)
        .filter(|d| d.severity == Severity::Error)
        .map(|d| d.to_string())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::code_of;

    #[test]
    fn club_codes_come_from_names() {
        assert_eq!(code_of("BC De Kievit"), "bc-de-kievit");
        assert_eq!(
            code_of("  Bridgeclub 't Fonteintje!"),
            "bridgeclub-t-fonteintje"
        );
    }
}
