//! `giglio backup`: a consistent, checked copy of the campaign database.

use super::json::BackupOut;
use super::ui;
use crate::error::{Error, Result};
use crate::storage::{self, Store};
use std::path::{Path, PathBuf};

/// Write a consistent copy of the campaign database, then check it.
///
/// Safe while other giglio commands run (a `mail send`, an `inbox`): the copy is one
/// read of the database, write-ahead log included. The copy is checked (SQLite's
/// integrity check) and the phase it holds is shown. docs/referee.md says how to restore it.
#[derive(Debug, clap::Args)]
pub(crate) struct BackupArgs {
    /// Where to write the copy (must not exist); by default
    /// backups/giglio-PHASE-TIMESTAMP.sqlite in the campaign directory.
    #[arg(long, value_name = "FILE")]
    pub(crate) to: Option<PathBuf>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub(crate) json: bool,
}

pub(crate) fn cmd_backup(dir: &Path, a: BackupArgs) -> Result<()> {
    let store = Store::open_read(dir)?;
    let to = match a.to {
        Some(to) => to,
        None => {
            let stamp: String = super::now()
                .chars()
                .filter(|c| c.is_ascii_alphanumeric())
                .collect();
            let folder = dir.join("backups");
            std::fs::create_dir_all(&folder).map_err(|e| Error::io_at(&folder, e))?;
            folder.join(format!(
                "giglio-{}-{stamp}.sqlite",
                store.current()?.id.key()
            ))
        }
    };
    store.backup_into(&to)?;
    let checked = storage::check_backup(&to)?;
    let out = BackupOut {
        file: to.display().to_string(),
        bytes: std::fs::metadata(&to)
            .map_err(|e| Error::io_at(&to, e))?
            .len(),
        checked,
    };
    if a.json {
        return ui::out_json(&out);
    }
    ui::out(&format!(
        "backup of `{}` written to {} ({} bytes): integrity {}, open phase {}, {} phases, {} messages\n",
        out.checked.campaign,
        out.file,
        out.bytes,
        out.checked.integrity,
        out.checked.phase,
        out.checked.phases,
        out.checked.messages
    ));
    Ok(())
}
