//! `giglio export`: the referee's complete state as JSON.

use super::{open_read, ui};
use crate::error::Result;
use crate::report::export::Export;
use std::path::Path;

/// Print the referee's complete state (nodes, clubs, treasuries, armies, garrisons,
/// fleets, specialists, sieges, alliances) as JSON.
#[derive(Debug, clap::Args)]
pub struct ExportArgs {
    /// Print JSON (the only format; accepted for symmetry with other commands).
    #[arg(long)]
    pub json: bool,
}

pub fn cmd_export(dir: &Path, _: ExportArgs) -> Result<()> {
    let (store, campaign) = open_read(dir)?;
    let export = Export::new(
        &campaign,
        &store.name()?,
        &store.current()?,
        &store.clubs()?,
    );
    ui::out_json(&export)
}
