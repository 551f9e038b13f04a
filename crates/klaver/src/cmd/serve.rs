//! `klaver serve`: the web app on the club's database (director's console, table-side
//! entry from phones, live and published results).

use super::club::{DbArgs, block_on_multi, store_error};
use super::{CliError, CmdResult};
use klaver_store::Store;
use klaver_web::{AppState, Options};
use std::process::ExitCode;

/// Arguments of `klaver serve`.
#[derive(clap::Args)]
pub struct Args {
    /// The address to listen on; 0.0.0.0:8080 lets the players' phones on the club's
    /// network reach it.
    #[arg(long, default_value = "127.0.0.1:8080")]
    listen: String,
    /// Serve a demo club (a scored session, a director's login, tonight's night with
    /// three tables' links) from a fresh database of its own, unless --database is given.
    #[arg(long)]
    demo: bool,
    /// The address the phones use, for the QR codes on the table cards
    /// (http://192.168.1.20:8080) [default: the address the director's browser used].
    #[arg(long)]
    public_url: Option<String>,
    /// Mark the login cookie Secure (when klaver is served over HTTPS).
    #[arg(long)]
    secure_cookies: bool,
    /// Keep a night's results unpublished when its last board is entered, until the
    /// director presses Publish [default: published then].
    #[arg(long)]
    hold_results: bool,
    /// After each board, show the table the board's results and percentages, once every
    /// table that plays the board has entered it [default: not shown].
    #[arg(long)]
    show_travellers: bool,
    /// Minutes after publication during which a table may request a correction from its
    /// phone, the opponents confirming; 0 turns it off.
    #[arg(long, default_value_t = 30)]
    correction_minutes: u32,
    #[command(flatten)]
    db: DbArgs,
}

/// The demo's own database file, removed with its write-ahead log and shared-memory
/// files when the server stops or fails to start.
struct DemoDatabase(std::path::PathBuf);

impl Drop for DemoDatabase {
    fn drop(&mut self) {
        for suffix in ["", "-wal", "-shm", "-journal"] {
            let mut name = self.0.clone().into_os_string();
            name.push(suffix);
            let _ = std::fs::remove_file(name);
        }
    }
}

/// Runs `klaver serve`.
pub fn run(args: Args) -> CmdResult {
    block_on_multi(async move {
        // Declared before the store, so dropped after it: the files go once it is closed.
        let demo_file = (args.demo && args.db.database.is_none()).then(|| {
            DemoDatabase(
                std::env::temp_dir().join(format!("klaver-demo-{}.db", std::process::id())),
            )
        });
        let location = match &demo_file {
            Some(DemoDatabase(path)) => path.display().to_string(),
            None => args.db.location(),
        };
        let store = Store::open(&location).await.map_err(store_error)?;
        let listener = tokio::net::TcpListener::bind(&args.listen)
            .await
            .map_err(|e| CliError::input(format!("cannot listen on {}: {e}", args.listen)))?;
        let addr = listener
            .local_addr()
            .map_err(|e| CliError::input(format!("cannot listen on {}: {e}", args.listen)))?;
        let base = args
            .public_url
            .clone()
            .unwrap_or_else(|| format!("http://{addr}"));
        tell!("klaver serves {} at {base}", store.location());
        if args.demo {
            let today = klaver_store::now()[..10].to_string();
            match klaver_web::demo::ensure(&store, &today).await {
                Ok(Some(demo)) => {
                    tell!(
                        "demo club made: director login `{}`, password `{}` ({base}/login)",
                        demo.login,
                        demo.password
                    );
                    for (t, path) in demo.tables {
                        tell!("  table {t}'s phone: {base}{path}");
                    }
                }
                Ok(None) => tell!("the database already has a club: no demo made"),
                Err(e) => return Err(CliError::input(format!("cannot make the demo: {e:?}"))),
            }
        }
        if store.clubs().await.map_err(store_error)?.is_empty() {
            tell!(
                "the database has no club yet: create one with `klaver club init --name NAME` and a director with `klaver club director LOGIN`, or try `klaver serve --demo`"
            );
        }
        tell!("stop with Ctrl-C");
        let state = AppState::new(
            store,
            Options {
                secure_cookies: args.secure_cookies,
                public_url: args.public_url,
                hold_results: args.hold_results,
                show_travellers: args.show_travellers,
                correction_minutes: args.correction_minutes,
                ..Options::default()
            },
        );
        klaver_web::serve(state, listener)
            .await
            .map_err(|e| CliError::input(format!("the server stopped: {e}")))?;
        Ok(ExitCode::SUCCESS)
    })
}
