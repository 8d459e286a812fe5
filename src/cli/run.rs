//! `giglio run`, `giglio hold` and `giglio resume`: the unattended referee that reads
//! the mail, answers, reminds, resolves and reports on time, and the referee's hand on
//! its clock.

use super::ui;
use crate::error::{Error, Result};
use crate::service::intake::Mailbox;
use crate::service::{self, Pass};
use crate::storage::Store;
use std::path::{Path, PathBuf};

/// Keep the campaign going: read the mailbox, answer, remind, resolve when due, send.
// The sources are one group: at most one overrides giglio.toml's [intake].
#[derive(Debug, clap::Args)]
#[group(skip)]
#[command(group = clap::ArgGroup::new("src").required(false).multiple(false))]
pub(crate) struct RunArgs {
    /// One pass, then exit (for cron, and for tests that move the clock between passes).
    #[arg(long)]
    pub(crate) once: bool,
    /// Read this Maildir instead of giglio.toml's [intake] maildir.
    #[arg(long, value_name = "DIR", group = "src")]
    pub(crate) maildir: Option<PathBuf>,
    /// Read this IMAP mailbox instead (imaps://user@host:port/MAILBOX; the password
    /// from GIGLIO_IMAP_PASSWORD).
    #[arg(long, value_name = "URL", group = "src")]
    pub(crate) imap: Option<String>,
    /// With --once: print what the pass did as JSON.
    #[arg(long, requires = "once")]
    pub(crate) json: bool,
    /// Print a systemd unit that runs the service for this campaign, and exit.
    #[arg(long, conflicts_with_all = ["once", "json"])]
    pub(crate) print_systemd_unit: bool,
}

pub(crate) fn cmd_run(dir: &Path, a: RunArgs) -> Result<()> {
    if a.print_systemd_unit {
        ui::out(&systemd_unit(dir)?);
        return Ok(());
    }
    let mailbox = match (&a.maildir, &a.imap) {
        (Some(md), _) => Some(Mailbox::Maildir {
            dir: md.clone(),
            with_seen: false,
        }),
        (_, Some(url)) => Some(Mailbox::Imap(url.clone())),
        _ => None,
    };
    // The campaign must open before the service starts: a wrong directory is said at
    // once, not logged at every pass.
    Store::open_read(dir)?;
    if !a.once {
        return service::watch::run(dir, &|| super::loaded(dir), mailbox.as_ref());
    }
    let _service = crate::storage::Lock::service(dir)?;
    let loaded = super::loaded(dir)?;
    let mailbox = mailbox.or_else(|| loaded.mailbox(dir));
    let p = service::pass(dir, &loaded, mailbox.as_ref(), &super::now())?;
    if a.json {
        ui::out_json(&p)?;
    } else {
        let tz = crate::engine::deadline::zone(&loaded.campaign.time_zone)?;
        ui::out(&summary(&p, mailbox.is_some(), tz));
    }
    if p.failed > 0 || p.deferred > 0 || !p.unread.is_empty() || !p.problems.is_empty() {
        return Err(Error::user(
            "the pass is done, but some messages were not delivered or read: see above and `giglio mail status`",
        ));
    }
    Ok(())
}

/// What a pass did, in lines for the referee.
fn summary(p: &Pass, read_mail: bool, tz: chrono_tz::Tz) -> String {
    let mut out = String::new();
    if read_mail {
        let new = p
            .read
            .iter()
            .filter(|r| r.verdict != crate::engine::desk::Verdict::Duplicate)
            .count();
        out.push_str(&format!("read {}\n", ui::count(new, "new message")));
    } else {
        out.push_str(
            "no mailbox: set [intake] maildir or imap in giglio.toml (or --maildir/--imap)\n",
        );
    }
    for u in &p.unread {
        out.push_str(&format!("  could not read {u}\n"));
    }
    for problem in &p.problems {
        out.push_str(&format!("  {problem}\n"));
    }
    for a in &p.actions {
        out.push_str(&service::watch::action(a));
        out.push('\n');
    }
    if p.held {
        out.push_str("the clock is held: nothing is resolved or reminded until `giglio resume`\n");
    }
    out.push_str(&format!(
        "sent {}, failed {}, left queued {}\n",
        p.sent, p.failed, p.deferred
    ));
    for e in &p.errors {
        out.push_str(&format!("  {e}\n"));
    }
    match &p.next {
        Some(n) => out.push_str(&format!(
            "next ({}): {}\n",
            crate::engine::deadline::display(&n.at, tz),
            n.what
        )),
        None => out.push_str("next: nothing scheduled\n"),
    }
    out
}

/// A systemd unit for this campaign, with its directory written in.
fn systemd_unit(dir: &Path) -> Result<String> {
    let dir = std::fs::canonicalize(dir).map_err(|e| Error::io_at(dir, e))?;
    let exe = std::env::current_exe()
        .map_err(|e| Error::io("cannot find giglio's own path").with_source(e))?;
    Ok(format!(
        "# giglio's unattended referee for {dir}.\n\
         # Save as /etc/systemd/system/giglio-CAMPAIGN.service, then\n\
         #   systemctl daemon-reload && systemctl enable --now giglio-CAMPAIGN\n\
         # Passwords (GIGLIO_SMTP_PASSWORD, GIGLIO_IMAP_PASSWORD) go in the EnvironmentFile.\n\
         [Unit]\n\
         Description=giglio referee for {dir}\n\
         After=network-online.target\n\
         Wants=network-online.target\n\
         \n\
         [Service]\n\
         Type=simple\n\
         ExecStart={exe} -C {dir} run\n\
         EnvironmentFile=-{dir}/giglio.env\n\
         Restart=on-failure\n\
         RestartSec=30\n\
         KillSignal=SIGTERM\n\
         TimeoutStopSec=120\n\
         \n\
         [Install]\n\
         WantedBy=multi-user.target\n",
        dir = dir.display(),
        exe = exe.display()
    ))
}

/// Stop the campaign's clock: `giglio run` resolves and reminds nothing until `resume`.
#[derive(Debug, clap::Args)]
pub(crate) struct HoldArgs {
    /// Why: kept in the journal and told to every club as written (so write it in the
    /// clubs' language); none by default.
    #[arg(long, default_value = "")]
    pub(crate) reason: String,
}

pub(crate) fn cmd_hold(dir: &Path, a: HoldArgs) -> Result<()> {
    let loaded = super::loaded(dir)?;
    let mut store = Store::open_write(dir, "hold")?;
    if let Some(told) =
        service::hold::hold(&mut store, &a.reason, Some(&loaded), &super::now(), "hold")?
    {
        let reason = if a.reason.trim().is_empty() {
            "no reason given"
        } else {
            "with your reason"
        };
        ui::out(&format!(
            "the clock is held: `giglio run` resolves and reminds nothing until `giglio resume`; the clubs are told, {reason} ({} queued: `giglio mail send`)\n",
            ui::count(told, "notice")
        ));
    } else {
        let since = store.service()?.held_since.unwrap_or_default();
        ui::out(&format!("the clock was held already (since {since})\n"));
    }
    Ok(())
}

/// Start the clock again: the open deadline moves on by the hold's length, and every
/// club is told (a deadline still gone after it is told to nobody: the phase goes at
/// the next pass).
#[derive(Debug, clap::Args)]
pub(crate) struct ResumeArgs {
    /// Print JSON instead of text.
    #[arg(long)]
    pub(crate) json: bool,
}

pub(crate) fn cmd_resume(dir: &Path, a: ResumeArgs) -> Result<()> {
    let loaded = super::loaded(dir)?;
    let now = super::now();
    let resumed = service::hold::resume(dir, &loaded, &now, "resume")?;
    if a.json {
        return ui::out_json(&resumed);
    }
    let Some(r) = resumed else {
        ui::out("the clock was not held: nothing to resume\n");
        return Ok(());
    };
    // Times as the referee reads them elsewhere: in the campaign's zone.
    let tz = crate::engine::deadline::zone(&loaded.campaign.time_zone)?;
    let shown = |t: &str| crate::engine::deadline::display(t, tz);
    let mut out = format!(
        "the clock runs again (held {} since {})\n",
        r.held_for,
        shown(&r.held_since)
    );
    if let Some((phase, _, to)) = &r.moved {
        // A deadline the hold does not carry past now is told to nobody: the phase goes
        // at the next pass (a play-test read "moved on to" a time gone, and "0 notices").
        let gone = chrono::DateTime::parse_from_rfc3339(to)
            .ok()
            .zip(chrono::DateTime::parse_from_rfc3339(&now).ok())
            .is_some_and(|(to, now)| to <= now);
        if r.goes_at_once {
            out.push_str(&format!(
                "every club's file for {phase} is in and [run] early is on: the service's next pass resolves it, so no club is told a new deadline (it would stand at {})\n",
                shown(to)
            ));
        } else if gone {
            out.push_str(&format!(
                "the deadline of {phase}, moved on by the hold to {}, has passed all the same: the phase is resolved at the service's next pass, and no club is told of a deadline gone\n",
                shown(to)
            ));
        } else {
            out.push_str(&format!(
                "the deadline of {phase} moved on to {}; {} queued to tell the clubs\n",
                shown(to),
                ui::count(r.queued, "notice")
            ));
        }
    }
    ui::out(&out);
    Ok(())
}
