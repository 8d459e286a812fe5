//! Reading a mailbox into the desk: each message judged (and its reply queued) in its
//! own transaction, a Maildir message marked seen once judged, then the alerts of the
//! attempts and the round going on when an encounter's last choice came in. `giglio
//! inbox` and every pass of `giglio run` read through here.

use crate::engine::desk::{self, Desk, Read};
use crate::error::{Error, Result};
use crate::mail::maildir;
use crate::storage::Store;
use std::path::PathBuf;

/// Where messages come from.
#[derive(Clone, Debug)]
pub(crate) enum Mailbox {
    /// A Maildir; with `with_seen`, its `cur/` is read again too (`giglio inbox`).
    Maildir { dir: PathBuf, with_seen: bool },
    /// An mbox file.
    Mbox(PathBuf),
    /// `.eml` files.
    Eml(Vec<PathBuf>),
    /// An IMAP mailbox URL; its unseen messages are read and flagged seen.
    Imap(String),
}

/// What reading a mailbox did.
pub(crate) struct Intake {
    pub(crate) read: Vec<Read>,
    /// Files that could not be read, each said with its path and why: the others are
    /// read all the same.
    pub(crate) unread: Vec<String>,
}

/// Reads every message of `mailbox` into the desk. A message is judged and its reply
/// queued in one transaction, so a crash between two leaves the first done and the
/// second unread (read again next time: the same bytes are a duplicate).
pub(crate) fn read(store: &mut Store, desk: &Desk, mailbox: &Mailbox) -> Result<Intake> {
    let cap = desk.config.intake.max_message_bytes;
    let mut read = Vec::new();
    let mut unread = Vec::new();
    match mailbox {
        Mailbox::Maildir { dir, with_seen } => {
            // The service's own Maildir (giglio.toml's [intake] maildir) is made on
            // first use, as a mail reader makes one; `giglio inbox` names an existing one.
            if !*with_seen {
                maildir::create(dir)?;
            }
            for path in maildir::messages(dir, *with_seen)? {
                if let Some(raw) = capped(&path, cap, &mut unread) {
                    let arrived = maildir::arrived(&path);
                    read.push(desk::ingest(
                        store,
                        desk,
                        &raw,
                        &path.display().to_string(),
                        arrived.as_deref(),
                    )?);
                    maildir::mark_seen(dir, &path)?;
                }
            }
        }
        Mailbox::Mbox(mbox) => {
            let file = open_mbox(mbox)?;
            let messages = crate::mail::mbox::Messages::new(std::io::BufReader::new(file), cap);
            for (i, m) in messages.enumerate() {
                let raw = m.map_err(|e| Error::read_at(mbox, e))?;
                let source = format!("{} #{}", mbox.display(), i + 1);
                read.push(desk::ingest(store, desk, &raw, &source, None)?);
            }
        }
        Mailbox::Imap(url) => {
            crate::mail::imap::read_unseen(url, cap, |source, raw, arrived| {
                read.push(desk::ingest(store, desk, raw, source, arrived)?);
                Ok(())
            })?;
        }
        Mailbox::Eml(paths) => {
            for path in paths {
                if let Some(raw) = capped(path, cap, &mut unread) {
                    read.push(desk::ingest(
                        store,
                        desk,
                        &raw,
                        &path.display().to_string(),
                        None,
                    )?);
                }
            }
        }
    }
    // One alert per club per phase and one digest for the referee, for every attempt
    // of this run (and of a run cut short before this point).
    desk::alert_pending(store, desk)?;
    Ok(Intake { read, unread })
}

/// A message file's bytes (at most `cap` + 1), or `None` with why it could not be read
/// noted in `unread`: the other messages are read all the same.
fn capped(path: &std::path::Path, cap: usize, unread: &mut Vec<String>) -> Option<Vec<u8>> {
    match maildir::read_capped(path, cap) {
        Ok(raw) => Some(raw),
        Err(e) => {
            unread.push(format!("{e:#}"));
            None
        }
    }
}

/// Opens an mbox file, refusing one that does not start with a `From ` line: the reader
/// would skip everything before the first such line, and so read nothing, silently.
fn open_mbox(path: &std::path::Path) -> Result<std::fs::File> {
    use std::io::Read as _;
    let io = |e: std::io::Error| Error::read_at(path, e);
    let mut file = std::fs::File::open(path).map_err(io)?;
    let mut head = Vec::new();
    (&mut file).take(5).read_to_end(&mut head).map_err(io)?;
    if !head.is_empty() && head != b"From " {
        return Err(Error::user(format!(
            "{} is not an mbox file (it does not start with a `From ` line)",
            path.display()
        )));
    }
    std::io::Seek::rewind(&mut file).map_err(io)?;
    Ok(file)
}
