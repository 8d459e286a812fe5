//! `giglio undo`: reopens the previous phase exactly as it was.

use super::ui;
use crate::error::Result;
use crate::storage::Store;
use std::path::Path;

/// Undo the last resolution: the previous phase is open again, exactly as it was
/// before it was resolved (same world, same seed).
#[derive(Debug, clap::Args)]
pub struct UndoArgs {}

pub fn cmd_undo(dir: &Path, _: UndoArgs) -> Result<()> {
    let mut store = Store::open_write(dir, "undo")?;
    let open = store.undo(&super::now(), "undo")?;
    ui::out(&format!("undone: {open} is open again\n"));
    Ok(())
}
