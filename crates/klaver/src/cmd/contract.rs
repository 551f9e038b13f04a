//! `klaver contract`: the score of one contract with its breakdown.

use super::CmdResult;

/// Arguments of `klaver contract`.
#[derive(clap::Args)]
pub struct Args {
    /// The contract with its result, e.g. 4SX-2.
    contract: String,
}

/// Runs `klaver contract`.
pub fn run(args: Args) -> CmdResult {
    let _ = args.contract;
    todo!()
}
