//! Delivered mail out of the campaign file: the bytes of messages delivered for phases
//! before a given one go to an mbox file (written aside, synced, then renamed), then are
//! recorded archived in one transaction, each keeping its record and the SHA-256 of
//! what was sent. `giglio mail archive` does it by hand; `giglio run` does it for mail
//! older than `[run] archive_after_days`, and then gives the space back to the disk.

use super::schedule;
use crate::error::{Error, Result};
use crate::storage::Store;
use std::path::{Path, PathBuf};

/// What an archiving did.
pub(crate) struct Archived {
    pub(crate) file: String,
    pub(crate) messages: usize,
    pub(crate) bytes: u64,
}

/// Moves the bytes of every message delivered for the phases before `before` into the
/// new mbox file `to`; `None` when there was nothing to move. A crash before the record
/// leaves the messages in the database (the file is archived again, to another name).
pub(crate) fn archive(
    store: &mut Store,
    before: &str,
    to: &Path,
    now: &str,
    command: &str,
) -> Result<Option<Archived>> {
    if to.exists() {
        return Err(Error::user(format!(
            "{} exists already: archive into a new file",
            to.display()
        )));
    }
    let messages = store.archivable(before)?;
    if messages.is_empty() {
        return Ok(None);
    }
    let bytes: u64 = messages.iter().map(|m| m.raw.len() as u64).sum();
    let tmp = to.with_extension("mbox.tmp");
    let io = |e: std::io::Error| Error::write_at(&tmp, e);
    {
        use std::io::Write;
        let mut out = std::io::BufWriter::new(std::fs::File::create(&tmp).map_err(io)?);
        for m in &messages {
            crate::mail::mbox::write_message(
                &mut out,
                &m.raw,
                "giglio",
                "Thu Jan  1 00:00:00 1970",
            )
            .map_err(io)?;
        }
        out.flush().map_err(io)?;
        out.get_ref().sync_all().map_err(io)?;
    }
    std::fs::rename(&tmp, to).map_err(io)?;
    let file = to.display().to_string();
    let n = store.mark_archived(&messages, &file, now, command)?;
    Ok(Some(Archived {
        file,
        messages: n,
        bytes,
    }))
}

/// The folder of the service's archives, inside the campaign directory.
const ARCHIVE_DIR: &str = "mail/archive";

/// Archives the mail of the phases resolved more than `days` days ago and gives the
/// space back (VACUUM); `None` when nothing was old enough or `days` is 0. The space is
/// given back too when the file holds much free room without an archive: delivered mail
/// is kept packed, and a large delivery (the reveal's films, a phase of reports) leaves
/// its unpacked bytes' pages free until later mail fills them.
pub(crate) fn old_mail(
    dir: &Path,
    store: &mut Store,
    days: u32,
    now: &str,
) -> Result<Option<Archived>> {
    let done = archive_old(dir, store, days, now)?;
    if done.is_some() || much_free_room(store)? {
        store.vacuum()?;
    }
    Ok(done)
}

/// Free pages worth a VACUUM: over 8 MiB and over a quarter of the file.
fn much_free_room(store: &Store) -> Result<bool> {
    let free = store.free_bytes()?;
    let size = store.size()?.database_bytes;
    Ok(free > 8 * 1024 * 1024 && free * 4 > size)
}

fn archive_old(dir: &Path, store: &mut Store, days: u32, now: &str) -> Result<Option<Archived>> {
    if days == 0 {
        return Ok(None);
    }
    let limit = schedule::parse(now)? - chrono::Duration::days(i64::from(days));
    // The first phase that is open or was resolved within the limit: everything
    // delivered before it is old enough.
    let mut before = None;
    for p in store.phases()? {
        let recent = match &p.resolved_at {
            Some(at) => schedule::parse(at)? > limit,
            None => true,
        };
        if recent {
            before = Some(p.id.key());
            break;
        }
    }
    let Some(before) = before else {
        return Ok(None);
    };
    if store.archivable(&before)?.is_empty() {
        return Ok(None);
    }
    let folder = dir.join(ARCHIVE_DIR);
    std::fs::create_dir_all(&folder).map_err(|e| Error::io_at(&folder, e))?;
    let to = free_name(&folder, &before);
    archive(store, &before, &to, now, super::COMMAND)
}

/// `before-PHASE.mbox`, or with a number when that file exists already.
fn free_name(folder: &Path, before: &str) -> PathBuf {
    let mut to = folder.join(format!("before-{before}.mbox"));
    let mut n = 1;
    while to.exists() {
        n += 1;
        to = folder.join(format!("before-{before}-{n}.mbox"));
    }
    to
}
