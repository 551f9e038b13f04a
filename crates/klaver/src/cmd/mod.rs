//! One module per subcommand; each turns its arguments into library calls and output.

pub mod contract;
pub mod pads;

use std::fmt;

/// A failure the user must fix; printed without a backtrace.
#[derive(Debug)]
pub struct CliError {
    message: String,
    code: u8,
}

impl CliError {
    /// Bad input or usage: exit code 2.
    pub fn input(message: impl fmt::Display) -> CliError {
        CliError {
            message: message.to_string(),
            code: 2,
        }
    }

    /// The exit code for this failure.
    pub fn exit_code(&self) -> u8 {
        self.code
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// What a subcommand returns.
pub type CmdResult = Result<std::process::ExitCode, CliError>;
