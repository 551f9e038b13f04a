//! `klaver rubber` and `klaver chicago`: score pads drawn from a file of deals.

use super::CmdResult;
use std::path::PathBuf;

/// Arguments of `klaver rubber`.
#[derive(clap::Args)]
pub struct RubberArgs {
    /// The file of deals, one per line.
    file: PathBuf,
}

/// Arguments of `klaver chicago`.
#[derive(clap::Args)]
pub struct ChicagoArgs {
    /// The file of deals, one per line.
    file: PathBuf,
}

/// Runs `klaver rubber`.
pub fn rubber(args: RubberArgs) -> CmdResult {
    let _ = args.file;
    todo!()
}

/// Runs `klaver chicago`.
pub fn chicago(args: ChicagoArgs) -> CmdResult {
    let _ = args.file;
    todo!()
}
