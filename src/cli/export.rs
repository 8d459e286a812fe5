//! `giglio export`: the referee's complete state as JSON.

use super::{open_read, ui};
use crate::error::Result;
use crate::report::export::Export;
use std::path::Path;

/// Print the referee's complete state (nodes, clubs, treasuries, armies, garrisons,
/// fleets, specialists, sieges, alliances) as JSON.
#[derive(Debug, clap::Args)]
pub(crate) struct ExportArgs {
    /// Print JSON (the only format; accepted for symmetry with other commands).
    #[arg(long)]
    pub(crate) json: bool,
}

pub(crate) fn cmd_export(dir: &Path, _: ExportArgs) -> Result<()> {
    let (store, campaign) = open_read(dir)?;
    let current = store.current()?;
    let phase = crate::report::export::OpenPhase {
        world: &current.world,
        opened_at: &current.opened_at,
        seed_commitment: &current.seed_commitment,
    };
    let export = Export::new(&campaign, &store.name()?, phase, &store.clubs()?);
    ui::out_json(&export)
}
