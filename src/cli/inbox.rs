//! `giglio inbox`: read clubs' orders from a Maildir, an mbox file, `.eml` files (or an
//! IMAP mailbox), each message once, and queue the receipts, rejections and alerts.

use super::ui;
use crate::engine::desk::{Desk, Read, Verdict};
use crate::error::{Error, Result};
use crate::mail::config;
use crate::service::intake::{Intake, Mailbox};
use crate::storage::Store;
use std::path::{Path, PathBuf};

/// Read orders from mail. Each message is read once (by the hash of its bytes);
/// receipts and rejections are queued for `giglio mail send`.
// The sources are one group of their own: `--json` goes with any of them.
#[derive(Debug, clap::Args)]
#[group(skip)]
#[command(group = clap::ArgGroup::new("src").required(false).multiple(false))]
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
    let mailbox = match (&a.maildir, &a.mbox, &a.imap) {
        (Some(dir), ..) => Mailbox::Maildir {
            dir: dir.clone(),
            with_seen: true,
        },
        (_, Some(mbox), _) => Mailbox::Mbox(mbox.clone()),
        (.., Some(url)) => Mailbox::Imap(url.clone()),
        _ if !a.eml.is_empty() => Mailbox::Eml(a.eml.clone()),
        // No source named: the mailbox giglio.toml's [intake] names.
        _ => match (&config.intake.maildir, &config.intake.imap) {
            (Some(md), _) => Mailbox::Maildir {
                dir: dir.join(md),
                with_seen: true,
            },
            (_, Some(url)) => Mailbox::Imap(url.clone()),
            _ => {
                return Err(Error::user(
                    "no mailbox to read: name one (--maildir, --mbox, --eml or --imap), or set [intake] maildir or imap in giglio.toml",
                ));
            }
        },
    };
    let Intake { read, unread } = crate::service::intake::read(&mut store, &desk, &mailbox)?;
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
        "{} could not be read; every other message was read:\n  {}",
        ui::count(unread.len(), "file"),
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
