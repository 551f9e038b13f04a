//! One module per subcommand; each turns its arguments into library calls and output.

/// `println!` for a command's messages: a failed write (a full disk, a closed pipe) ends
/// the command with an error naming standard output instead of a panic.
macro_rules! say {
    () => {
        $crate::cmd::output::say(format_args!("\n"))?
    };
    ($($arg:tt)+) => {
        $crate::cmd::output::say(format_args!("{}\n", format_args!($($arg)+)))?
    };
}

/// `print!` with the same error for a failed write.
macro_rules! say_part {
    ($($arg:tt)+) => {
        $crate::cmd::output::say(format_args!($($arg)+))?
    };
}

pub mod archive;
pub mod club;
pub mod contract;
pub mod convert;
pub mod deal;
pub mod demo;
pub mod generate;
pub mod imps;
pub mod movement;
pub mod output;
pub mod pads;
pub mod ranking;
pub mod score;
pub mod scoring_args;
pub mod serve;
pub mod session;

use klaver_core::notation::Language;
use std::fmt;

/// The language of contracts and reports on the command line.
#[derive(Clone, Copy, clap::ValueEnum, PartialEq, Eq)]
pub enum LangArg {
    /// Dutch (S H R K SA; N O Z W; ! and !!).
    Nl,
    /// English (S H D C NT; N E S W; X and XX).
    En,
    /// Turkish (Pik Kupa Karo Trefl SA; K D G B; kontur, sürkontur).
    Tr,
}

impl LangArg {
    /// The notation language.
    pub fn language(self) -> Language {
        match self {
            LangArg::Nl => Language::Dutch,
            LangArg::En => Language::English,
            LangArg::Tr => Language::Turkish,
        }
    }

    /// The language of the printed reports.
    pub fn report(self) -> klaver_io::report::ReportLang {
        use klaver_io::report::ReportLang;
        match self {
            LangArg::Nl => ReportLang::Nl,
            LangArg::En => ReportLang::En,
            LangArg::Tr => ReportLang::Tr,
        }
    }
}

/// A failure the user must fix; printed without a backtrace.
#[derive(Debug)]
pub struct CliError {
    message: String,
    code: u8,
}

impl CliError {
    /// Bad input or usage: exit code 2.
    pub fn input(message: impl fmt::Display) -> CliError {
        CliError::with_code(message, 2)
    }

    /// A failure with its own exit code (3: the database failed). A quoted field longer
    /// than 60 characters is cut, however long the input was.
    pub fn with_code(message: impl fmt::Display, code: u8) -> CliError {
        CliError {
            message: klaver_core::notation::cut_long_quotes(message.to_string()),
            code,
        }
    }

    /// The exit code for this failure.
    pub fn exit_code(&self) -> u8 {
        self.code
    }
}

/// A library's message about bad input.
impl From<String> for CliError {
    fn from(message: String) -> CliError {
        CliError::input(message)
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// The most errors listed when a file is refused; the rest are counted.
const LISTED_ERRORS: usize = 50;

/// The warnings (and errors) of a file read beside the travellers (a pairs file), as
/// the session's, naming that file and its line: printed with the travellers' warnings
/// and kept in the reports.
pub(crate) fn from_file(
    path: &std::path::Path,
    warnings: Vec<klaver_core::session::Diagnostic>,
) -> impl Iterator<Item = klaver_core::session::Diagnostic> + '_ {
    warnings.into_iter().map(move |d| {
        let at = match d.line {
            Some(line) => format!("{}: line {line}", path.display()),
            None => path.display().to_string(),
        };
        let said =
            klaver_core::session::Diagnostic::warning(0, d.board, format!("{at}: {}", d.message));
        klaver_core::session::Diagnostic {
            severity: d.severity,
            ..said
        }
    })
}

/// A file refused for its errors: `{file} has errors; nothing was {done}`, the format it
/// was taken for (when it came from a file), and its messages (warnings and notes marked
/// as such), the first 50 listed and the rest counted.
pub fn refused(
    file: &str,
    format: Option<klaver_io::detect::Format>,
    done: &str,
    diagnostics: &[klaver_core::session::Diagnostic],
) -> CliError {
    let mut msg = format!("{file} has errors; nothing was {done}");
    if let Some(f) = format {
        msg.push_str(&format!(" ({})", f.taken_as()));
    }
    msg.push(':');
    push_listed(&mut msg, diagnostics, "  ");
    CliError::input(msg)
}

/// Adds a refusal's messages to `msg`, a line each after `indent` (warnings and notes
/// marked as such): the first [`LISTED_ERRORS`] listed, the rest counted with the errors in all.
pub(crate) fn push_listed(
    msg: &mut String,
    diagnostics: &[klaver_core::session::Diagnostic],
    indent: &str,
) {
    for d in diagnostics.iter().take(LISTED_ERRORS) {
        let kind = match d.severity {
            klaver_core::session::Severity::Note => "note: ",
            klaver_core::session::Severity::Warning => "warning: ",
            klaver_core::session::Severity::Error => "",
        };
        msg.push_str(&format!("\n{indent}{kind}{d}"));
    }
    if diagnostics.len() > LISTED_ERRORS {
        let errors = diagnostics
            .iter()
            .filter(|d| d.severity == klaver_core::session::Severity::Error)
            .count();
        msg.push_str(&format!(
            "\n{indent}... and {} more ({errors} errors in all)",
            diagnostics.len() - LISTED_ERRORS
        ));
    }
}

/// What a subcommand returns.
pub type CmdResult = Result<std::process::ExitCode, CliError>;
