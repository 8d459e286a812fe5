//! Backups: a consistent copy of the campaign database taken while other commands may
//! run, and the check of a copy (SQLite's integrity check, the phase it holds).

use super::Store;
use crate::error::{Error, Result, Source};
use rusqlite::{Connection, OpenFlags};
use std::path::Path;

/// What a backup file holds, as read back from it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub(crate) struct Checked {
    /// `PRAGMA integrity_check`'s answer: "ok" when the copy is sound.
    pub(crate) integrity: String,
    /// The campaign's name.
    pub(crate) campaign: String,
    /// The open phase the copy holds.
    pub(crate) phase: String,
    /// How many phases it keeps.
    pub(crate) phases: i64,
    /// How many messages its outbox keeps.
    pub(crate) messages: i64,
}

impl Store {
    /// Writes a consistent copy of the database to `to` (which must not exist) with
    /// `VACUUM INTO`: one read transaction, so a writer working meanwhile neither
    /// blocks it nor tears it, and the write-ahead log is included. The copy is written
    /// under a temporary name and renamed, so `to` is whole or absent.
    pub(crate) fn backup_into(&self, to: &Path) -> Result<()> {
        if to.exists() {
            return Err(Error::user(format!(
                "{} already exists: a backup never overwrites a file",
                to.display()
            )));
        }
        let tmp = to.with_extension("partial");
        let _ = std::fs::remove_file(&tmp);
        let target = tmp
            .to_str()
            .ok_or_else(|| Error::user(format!("{}: not a UTF-8 path", to.display())))?;
        let write = |e: Source| Error::io(format!("cannot write {}", tmp.display())).with_source(e);
        self.conn
            .execute("VACUUM INTO ?1", [target])
            .map_err(|e| write(e.into()))?;
        std::fs::File::open(&tmp)
            .and_then(|f| f.sync_all())
            .map_err(|e| write(e.into()))?;
        std::fs::rename(&tmp, to).map_err(|e| {
            Error::io(format!(
                "cannot rename {} to {}",
                tmp.display(),
                to.display()
            ))
            .with_source(e)
        })?;
        Ok(())
    }
}

/// Opens a backup read-only and says what it holds; an unsound copy is an error.
pub(crate) fn check(path: &Path) -> Result<Checked> {
    let conn = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY)
        .map_err(|e| Error::io(format!("cannot open {}", path.display())).with_source(e))?;
    let read = |e: rusqlite::Error| {
        Error::io(format!("cannot read the backup {}", path.display())).with_source(e)
    };
    let integrity: String = conn
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .map_err(read)?;
    if integrity != "ok" {
        return Err(Error::internal(format!(
            "the backup {} is damaged: {integrity}",
            path.display()
        )));
    }
    let one = |sql: &str| -> Result<String> { conn.query_row(sql, [], |r| r.get(0)).map_err(read) };
    let count = |sql: &str| -> Result<i64> { conn.query_row(sql, [], |r| r.get(0)).map_err(read) };
    Ok(Checked {
        integrity,
        campaign: one("SELECT name FROM campaign WHERE id = 1")?,
        phase: one("SELECT key FROM phase ORDER BY seq DESC LIMIT 1")?,
        phases: count("SELECT count(*) FROM phase")?,
        messages: count("SELECT count(*) FROM outbox")?,
    })
}
