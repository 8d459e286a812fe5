//! `giglio inbox`: read clubs' orders from a Maildir, an mbox file, `.eml` files (or an
//! IMAP mailbox), each message once, and queue the receipts, rejections and alerts.

use super::ui;
use crate::engine::desk::{self, Desk, Read, Verdict};
use crate::error::{Error, Result};
use crate::mail::config;
use crate::storage::Store;
use std::io::Read as _;
use std::path::{Path, PathBuf};

/// Read orders from mail. Each message is read once (by the hash of its bytes);
/// receipts and rejections are queued for `giglio mail send`.
// The sources are one group of their own: `--json` goes with any of them.
#[derive(Debug, clap::Args)]
#[group(skip)]
#[command(group = clap::ArgGroup::new("src").required(true).multiple(false))]
pub(crate) struct InboxArgs {
    /// A Maildir folder (its new/ and cur/); messages read are marked seen.
    #[arg(long, value_name = "DIR", group = "src")]
    pub(crate) maildir: Option<PathBuf>,
    /// An mbox file (messages each after a `From ` line).
    #[arg(long, value_name = "FILE", group = "src")]
    pub(crate) mbox: Option<PathBuf>,
    /// One or more .eml files.
    #[arg(long, value_name = "FILE", num_args = 1.., group = "src")]
    pub(crate) eml: Vec<PathBuf>,
    /// An IMAP mailbox: imaps://user@host:port/MAILBOX (imap:// only on this machine).
    /// The password is read from GIGLIO_IMAP_PASSWORD, an extra CA (PEM) from
    /// GIGLIO_IMAP_CA_FILE. Unseen messages are read and then flagged seen, so give
    /// giglio a mailbox (or folder) of its own.
    #[arg(long, value_name = "URL", group = "src")]
    pub(crate) imap: Option<String>,
    /// Print what became of each message as JSON.
    #[arg(long)]
    pub(crate) json: bool,
}

pub(crate) fn cmd_inbox(dir: &Path, a: InboxArgs) -> Result<()> {
    let mut store = Store::open_write(dir, "inbox")?;
    let (campaign, source) = super::campaign_of(dir)?;
    let rulesets =
        crate::scenario::rulesets(&source).map_err(|d| super::invalid_files(d, Some(&source)))?;
    let config = config::load(dir)?;
    let now = super::now();
    let words = super::words_of(dir)?;
    let desk = Desk {
        campaign: &campaign,
        definition: &source.files,
        rulesets: &rulesets,
        config: &config,
        words: &words,
        now: &now,
        command: "inbox",
    };
    let cap = config.intake.max_message_bytes;
    let mut read = Vec::new();
    // Files that could not be read: the others are read all the same, then the
    // command fails (74) naming each.
    let mut unread: Vec<String> = Vec::new();
    if let Some(md) = &a.maildir {
        for path in maildir_messages(md)? {
            let raw = match read_capped(&path, cap) {
                Ok(raw) => raw,
                Err(e) => {
                    unread.push(format!("{e:#}"));
                    continue;
                }
            };
            read.push(desk::ingest(
                &mut store,
                &desk,
                &raw,
                &path.display().to_string(),
            )?);
            mark_seen(md, &path)?;
        }
    } else if let Some(mbox) = &a.mbox {
        let file = open_mbox(mbox)?;
        let messages = crate::mail::mbox::Messages::new(std::io::BufReader::new(file), cap);
        for (i, m) in messages.enumerate() {
            let raw = m.map_err(|e| Error::read_at(mbox, e))?;
            let source = format!("{} #{}", mbox.display(), i + 1);
            read.push(desk::ingest(&mut store, &desk, &raw, &source)?);
        }
    } else if let Some(url) = &a.imap {
        crate::mail::imap::read_unseen(url, cap, |source, raw| {
            read.push(desk::ingest(&mut store, &desk, raw, source)?);
            Ok(())
        })?;
    } else {
        for path in &a.eml {
            let raw = match read_capped(path, cap) {
                Ok(raw) => raw,
                Err(e) => {
                    unread.push(format!("{e:#}"));
                    continue;
                }
            };
            read.push(desk::ingest(
                &mut store,
                &desk,
                &raw,
                &path.display().to_string(),
            )?);
        }
    }
    // One alert per club per phase and one digest for the referee, for every attempt
    // of this run (and of a run cut short before this point).
    desk::alert_pending(&mut store, &desk)?;
    // G3c.3: the last choice of an encounter lets the round go on at once.
    let parts = super::MailParts::load(dir)?;
    let went_on = match crate::engine::go_on(
        &mut store,
        &campaign,
        &now,
        "inbox",
        &words,
        Some(&parts.mailing()),
    ) {
        Ok(went_on) => went_on,
        // What was read is saved; the referee's `resolve` will say the same.
        Err(e) => {
            ui::warn(&format!("the round could not go on: {e:#}"));
            None
        }
    };
    if a.json {
        ui::out_json(&read)?;
    } else {
        let mut text = summary(&read);
        match went_on {
            Some(crate::engine::Ran::Paused(p)) => text.push_str(&format!(
                "every choice was in: the round went on and stopped at encounter {} ({} queued)\n",
                p.asked.id,
                ui::count(p.queued, "message")
            )),
            Some(crate::engine::Ran::Resolved(r)) => text.push_str(&format!(
                "every choice was in: {} is resolved; its reports are queued\n",
                r.before.phase
            )),
            None => {}
        }
        ui::out(&text);
    }
    if unread.is_empty() {
        return Ok(());
    }
    Err(Error::io(format!(
        "{} file(s) could not be read; every other message was read:\n  {}",
        unread.len(),
        unread.join("\n  ")
    )))
}

fn summary(read: &[Read]) -> String {
    let mut out = String::new();
    for r in read {
        let sender = r.sender.as_deref().unwrap_or("?");
        let line = match &r.verdict {
            Verdict::Duplicate => format!("already read   {}", r.source),
            Verdict::Accepted { nation, receipt } => {
                format!("accepted  {nation:<4} from {sender}: receipt {receipt}")
            }
            Verdict::Stale {
                nation,
                active_receipt,
            } => {
                format!(
                    "stale     {nation:<4} from {sender}: written before the active file {active_receipt}"
                )
            }
            Verdict::Rejected { nation, reason } => {
                format!("rejected  {nation:<4} from {sender}: {reason}")
            }
            Verdict::Forged { claimed, reason } => format!(
                "FORGED    {:<4} {reason}",
                claimed.as_deref().unwrap_or("?")
            ),
            Verdict::Ignored { reason } => format!("ignored        from {sender}: {reason}"),
        };
        out.push_str(&line);
        out.push('\n');
    }
    let new = read
        .iter()
        .filter(|r| r.verdict != Verdict::Duplicate)
        .count();
    out.push_str(&format!(
        "{}, {new} new; replies are queued: `giglio mail send`\n",
        ui::count(read.len(), "message")
    ));
    out
}

/// The messages of a Maildir, new first then cur, each in name order.
fn maildir_messages(md: &Path) -> Result<Vec<PathBuf>> {
    if !md.join("new").is_dir() && !md.join("cur").is_dir() {
        return Err(Error::user(format!(
            "{} is not a Maildir (it has no new/ or cur/)",
            md.display()
        )));
    }
    let mut out = Vec::new();
    for sub in ["new", "cur"] {
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

/// Opens an mbox file, refusing one that does not start with a `From ` line: the reader
/// would skip everything before the first such line, and so read nothing, silently.
fn open_mbox(path: &Path) -> Result<std::fs::File> {
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

/// Reads a file, but never more than `cap` + 1 bytes: an oversized message is known to
/// be too large without holding it all.
fn read_capped(path: &Path, cap: usize) -> Result<Vec<u8>> {
    let f = std::fs::File::open(path).map_err(|e| Error::read_at(path, e))?;
    let mut raw = Vec::new();
    f.take(cap as u64 + 1)
        .read_to_end(&mut raw)
        .map_err(|e| Error::read_at(path, e))?;
    Ok(raw)
}

/// Moves a message from new/ to cur/ with the Seen flag, as a mail reader does.
fn mark_seen(md: &Path, path: &Path) -> Result<()> {
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
