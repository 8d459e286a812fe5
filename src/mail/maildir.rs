//! Reading a Maildir as a mail reader does: the messages of `new/` (and `cur/` when
//! asked), each read in bounded memory, and a message read moved to `cur/` as seen.

use crate::error::{Error, Result};
use std::io::Read as _;
use std::path::{Path, PathBuf};

/// The messages of a Maildir in name order: `new/`'s, then (with `with_seen`) `cur/`'s.
pub(crate) fn messages(md: &Path, with_seen: bool) -> Result<Vec<PathBuf>> {
    if !md.join("new").is_dir() && !md.join("cur").is_dir() {
        return Err(Error::user(format!(
            "{} is not a Maildir (it has no new/ or cur/)",
            md.display()
        )));
    }
    let subs: &[&str] = if with_seen { &["new", "cur"] } else { &["new"] };
    let mut out = Vec::new();
    for sub in subs {
        let Ok(entries) = std::fs::read_dir(md.join(sub)) else {
            continue;
        };
        let mut paths: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.is_file())
            .collect();
        paths.sort();
        out.extend(paths);
    }
    Ok(out)
}

/// Makes a Maildir (its `new/`, `cur/` and `tmp/`) where there is none yet.
pub(crate) fn create(md: &Path) -> Result<()> {
    for sub in ["new", "cur", "tmp"] {
        let d = md.join(sub);
        std::fs::create_dir_all(&d).map_err(|e| Error::io_at(&d, e))?;
    }
    Ok(())
}

/// Whether a message waits in `new/` (a cheap look, for a service between passes).
pub(crate) fn has_new(md: &Path) -> bool {
    std::fs::read_dir(md.join("new"))
        .map(|mut d| d.any(|e| e.is_ok_and(|e| e.path().is_file())))
        .unwrap_or(false)
}

/// Reads a file, but never more than `cap` + 1 bytes: an oversized message is known to
/// be too large without holding it all.
pub(crate) fn read_capped(path: &Path, cap: usize) -> Result<Vec<u8>> {
    let f = std::fs::File::open(path).map_err(|e| Error::read_at(path, e))?;
    let mut raw = Vec::new();
    f.take(cap as u64 + 1)
        .read_to_end(&mut raw)
        .map_err(|e| Error::read_at(path, e))?;
    Ok(raw)
}

/// When a Maildir message was delivered, RFC 3339 UTC: its file's modification time
/// (a delivery agent writes the file in tmp/ and renames it into new/, which keeps
/// it). `None` if the file system does not say.
pub(crate) fn arrived(path: &Path) -> Option<String> {
    let at = std::fs::metadata(path).ok()?.modified().ok()?;
    let at: chrono::DateTime<chrono::Utc> = at.into();
    Some(at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true))
}

/// Moves a message from new/ to cur/ with the Seen flag, as a mail reader does.
pub(crate) fn mark_seen(md: &Path, path: &Path) -> Result<()> {
    if path
        .parent()
        .and_then(Path::file_name)
        .is_none_or(|n| n != "new")
    {
        return Ok(());
    }
    let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
        return Ok(());
    };
    let base = name.split(":2,").next().unwrap_or(name);
    std::fs::rename(path, md.join("cur").join(format!("{base}:2,S")))
        .map_err(|e| Error::io(format!("cannot mark {} seen", path.display())).with_source(e))
}
