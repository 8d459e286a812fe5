//! `giglio mail send|status|retry`: delivering the outbox and looking at it.

use super::json::ArchiveOut;
use super::ui;
use crate::error::{Error, Result};
use crate::mail::{config, deliver};
use crate::storage::{Status, Store};
use std::path::{Path, PathBuf};

/// Deliver the queued reports and replies, or see where they stand.
#[derive(Debug, clap::Subcommand)]
pub(crate) enum MailCommand {
    /// Send every queued message: through the SMTP server of giglio.toml (or
    /// GIGLIO_SMTP_HOST), else as .eml files in [mail] out_dir (mail/out).
    Send {
        /// Write .eml files into this folder instead, whatever giglio.toml says.
        #[arg(long, value_name = "DIR")]
        to_dir: Option<PathBuf>,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// List the outbox: queued, sent and failed messages.
    Status {
        /// Only messages in this state.
        #[arg(long, value_parser = ["queued", "sent", "failed"])]
        only: Option<String>,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Put failed messages back in the queue (after fixing an address, say).
    Retry,
    /// Move the bytes of messages delivered before a phase into an mbox file, so the
    /// campaign file stops growing; each message keeps its record and the SHA-256 of
    /// the bytes sent.
    Archive {
        /// Archive what was delivered for the phases before this one (e.g. 1496-spring).
        #[arg(long, value_name = "PHASE")]
        before: String,
        /// The mbox file to write (it must not exist yet).
        #[arg(long, value_name = "FILE")]
        to: PathBuf,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
}

pub(crate) fn cmd_mail(dir: &Path, cmd: MailCommand) -> Result<()> {
    match cmd {
        MailCommand::Send { to_dir, json } => send(dir, to_dir.as_deref(), json),
        MailCommand::Status { only, json } => status(dir, only.as_deref(), json),
        MailCommand::Retry => {
            let mut store = Store::open_write(dir, "mail retry")?;
            let n = store.requeue_failed(&super::now(), "mail retry")?;
            ui::out(&format!(
                "{} queued again\n",
                ui::count(n, "failed message")
            ));
            Ok(())
        }
        MailCommand::Archive { before, to, json } => archive(dir, &before, &to, json),
    }
}

/// Moves the bytes of the messages delivered before a phase into a new mbox file
/// (`service::archive`).
fn archive(dir: &Path, before: &str, to: &Path, json: bool) -> Result<()> {
    let mut store = Store::open_write(dir, "mail archive")?;
    let done =
        crate::service::archive::archive(&mut store, before, to, &super::now(), "mail archive")?;
    let Some(done) = done else {
        if json {
            return ui::out_json(&ArchiveOut {
                file: String::new(),
                archived: 0,
                bytes: 0,
            });
        }
        ui::out(&format!(
            "no message delivered before {before} still holds its bytes: nothing to archive\n"
        ));
        return Ok(());
    };
    if json {
        return ui::out_json(&ArchiveOut {
            file: done.file,
            archived: done.messages,
            bytes: done.bytes,
        });
    }
    ui::out(&format!(
        "{} delivered messages ({} bytes) archived to {}; each keeps its record and the SHA-256 of what was sent\n",
        done.messages, done.bytes, done.file
    ));
    Ok(())
}

fn send(dir: &Path, to_dir: Option<&Path>, json: bool) -> Result<()> {
    // The write lock: one sender at a time, so no message goes out twice.
    let mut store = Store::open_write(dir, "mail send")?;
    let config = config::load(dir)?;
    let renewed = renew_welcomes(&mut store, dir, &config)?;
    // The sink first: an SMTP setting that cannot work stops here, said once, before
    // the first message; the warnings then cover what does not stop the sending.
    let sink = deliver::sink(dir, &config, to_dir)?;
    for w in super::config_warnings(dir, &config) {
        ui::warn(&w);
    }
    let where_ = match &sink {
        deliver::Sink::Files(d) => format!("files in {}", d.display()),
        deliver::Sink::Smtp { settings, .. } => format!("{}:{}", settings.host, settings.port),
    };
    let bar = ui::progress("sending", 0);
    let report = deliver::send_queued(&mut store, &sink, &super::now, &|done, total| {
        bar.set_length(total as u64);
        bar.set_position(done as u64);
    })?;
    bar.finish_and_clear();
    for nation in &renewed {
        ui::warn(&format!(
            "the welcome of {nation} was written again before it went out, with the addresses giglio.toml gives now (and a new secret where it carried one: the old one never went out)"
        ));
    }
    if json {
        ui::out_json(&report)?;
    } else {
        let mut out = format!(
            "{} sent, {} failed, {} left queued ({where_})\n",
            report.sent, report.failed, report.deferred
        );
        for e in &report.errors {
            out.push_str(&format!("  {e}\n"));
        }
        ui::out(&out);
    }
    if report.failed > 0 || report.deferred > 0 {
        let mut e = Error::user("some messages were not delivered: see `giglio mail status`");
        if report.deferred > 0 {
            e = e.with_hint(
                "the server failed for now: the messages left queued go with the next `giglio mail send`",
            );
        }
        if report.failed > 0 {
            e = e.with_hint(
                "a refused message stays failed: fix its address or the [smtp] settings in giglio.toml, then `giglio mail retry` queues it again",
            );
        }
        return Err(e);
    }
    Ok(())
}

fn status(dir: &Path, only: Option<&str>, json: bool) -> Result<()> {
    let store = Store::open_read(dir)?;
    let filter = only.map(|s| match s {
        "sent" => Status::Sent,
        "failed" => Status::Failed,
        _ => Status::Queued,
    });
    let rows = store.outbox(filter)?;
    if json {
        return ui::out_json(&rows);
    }
    let count = |s: Status| rows.iter().filter(|r| r.status == s).count();
    let mut out = format!(
        "{} queued, {} sent, {} failed\n",
        count(Status::Queued),
        count(Status::Sent),
        count(Status::Failed)
    );
    for r in &rows {
        let state = match r.status {
            Status::Queued => "queued",
            Status::Sent => "sent",
            Status::Failed => "FAILED",
        };
        out.push_str(&format!(
            "{state:<7} {:<9} {:<13} {:<5} {} ({} tries){}\n",
            r.kind,
            r.phase.as_deref().unwrap_or("-"),
            r.nation.as_deref().unwrap_or("ref"),
            r.recipients.join(", "),
            r.attempts,
            r.last_error
                .as_deref()
                .map(|e| format!(": {e}"))
                .unwrap_or_default()
        ));
    }
    ui::out(&out);
    Ok(())
}

/// Writes again the queued welcomes composed before `giglio.toml` held the addresses it
/// holds now (the placeholder `giglio new` writes until the referee sets the real one).
fn renew_welcomes(store: &mut Store, dir: &Path, config: &config::Config) -> Result<Vec<String>> {
    if store.outbox_count(crate::storage::Status::Queued)? == 0 {
        return Ok(Vec::new());
    }
    let parts = super::MailParts::load(dir)?;
    let (campaign, _) = super::campaign_of(dir)?;
    let now = super::now();
    crate::engine::welcomes::renew_before_sending(
        store,
        &crate::engine::welcomes::Parts {
            env: &parts.env,
            config,
            campaign: &campaign,
            definition: &parts.definition,
        },
        &now,
        "mail send",
    )
}
