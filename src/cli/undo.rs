//! `giglio undo`: reopens earlier phases exactly as they were.

use super::ui;
use crate::error::{Error, Result};
use crate::storage::Store;
use std::path::Path;

/// Undo the last resolution (or the last N): the phase is open again, exactly as it was
/// before it was resolved (same world, same seed, its orders kept).
#[derive(Debug, clap::Args)]
pub struct UndoArgs {
    /// How many resolutions to undo, newest first; each is its own transaction, so an
    /// interrupted undo leaves the campaign at a whole phase.
    #[arg(long, default_value_t = 1)]
    pub steps: u32,
}

pub fn cmd_undo(dir: &Path, a: UndoArgs) -> Result<()> {
    if a.steps == 0 {
        return Err(Error::user("`--steps` must be at least 1"));
    }
    let mut store = Store::open_write(dir, "undo")?;
    let mut open = None;
    for _ in 0..a.steps {
        open = Some(store.undo(&super::now(), "undo")?);
    }
    if let Some(open) = open {
        ui::out(&format!("undone: {open} is open again\n"));
    }
    Ok(())
}
