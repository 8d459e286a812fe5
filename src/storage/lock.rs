//! The writer's lock: one process at a time may change a campaign; and the service's
//! lock: one `giglio run` at a time keeps a campaign going.
//!
//! An OS file lock on `giglio.lock` in the campaign directory, released by the OS when
//! the process ends however it ends (even `kill -9`), so a crash never leaves the
//! campaign locked. The file's text names the holder for the "busy" message.

use crate::error::{Error, Result};
use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::Path;

/// The lock file's name inside a campaign directory.
const LOCK_FILE: &str = "giglio.lock";
/// The service's lock file: held by `giglio run` for its whole life, while the writer's
/// lock is taken per step so the referee's own commands still work beside it.
const SERVICE_LOCK_FILE: &str = "giglio-run.lock";

/// A held writer's lock; released on drop.
#[derive(Debug)]
pub(crate) struct Lock {
    file: File,
}

impl Lock {
    /// Takes the lock, or returns [`ErrorKind::Busy`](crate::error::ErrorKind::Busy)
    /// naming the process that holds it.
    pub(crate) fn acquire(dir: &Path, command: &str) -> Result<Lock> {
        Lock::take(dir, LOCK_FILE, command, "is changing it")
    }

    /// Takes the service's lock, or returns `Busy` naming the `giglio run` that holds it.
    pub(crate) fn service(dir: &Path) -> Result<Lock> {
        Lock::take(dir, SERVICE_LOCK_FILE, "run", "keeps it going")
    }

    fn take(dir: &Path, file: &str, command: &str, doing: &str) -> Result<Lock> {
        let path = dir.join(file);
        let at = |e| Error::io_at(&path, e);
        let mut file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .map_err(at)?;
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                let mut holder = String::new();
                let _ = file.read_to_string(&mut holder);
                let holder = holder.trim();
                let who = if holder.is_empty() {
                    "another giglio process".to_owned()
                } else {
                    holder.to_owned()
                };
                return Err(Error::busy(format!(
                    "campaign {} is busy: {who} {doing}",
                    dir.display()
                )));
            }
            Err(TryLockError::Error(e)) => return Err(at(e)),
        }
        file.set_len(0).map_err(at)?;
        file.seek(SeekFrom::Start(0)).map_err(at)?;
        write!(
            file,
            "giglio process {} running `{command}`",
            std::process::id()
        )
        .map_err(at)?;
        file.flush().map_err(at)?;
        Ok(Lock { file })
    }
}

impl Drop for Lock {
    fn drop(&mut self) {
        let _ = self.file.set_len(0);
        let _ = self.file.unlock();
    }
}
