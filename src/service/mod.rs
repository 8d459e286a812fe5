//! The unattended referee: one pass over a campaign — read the mailbox and answer,
//! remind the clubs whose orders are missing, resolve (or preview) a phase when it is
//! due, move deadlines on after an outage, send the outbox — and `giglio run`'s loop
//! around it (`service::watch`). Each step takes the writer's lock for itself, so the
//! referee's own commands still work beside a running service.

pub(crate) mod archive;
mod battles;
mod digest;
pub(crate) mod hold;
pub(crate) mod intake;
pub(crate) mod schedule;
mod steps;
pub(crate) mod watch;

use crate::battle::ruleset::Ruleset;
use crate::engine::desk::{Desk, Read};
use crate::engine::post::Mailing;
use crate::error::{Error, ErrorKind, Result};
use crate::mail::config::Config;
use crate::rules::Campaign;
use crate::storage::Store;
use crate::words::Words;
use intake::Mailbox;
use std::collections::BTreeMap;
use std::path::Path;

/// Everything a pass needs of the campaign directory, loaded afresh for each pass so a
/// referee's edit of `giglio.toml` or the definition takes effect without a restart.
pub(crate) struct Loaded {
    pub(crate) campaign: Campaign,
    /// The definition as the referee edited it, file name → text.
    pub(crate) definition: BTreeMap<String, String>,
    pub(crate) rulesets: Vec<Ruleset>,
    pub(crate) config: Config,
    pub(crate) words: Words,
    /// The templates, with the campaign's overrides.
    pub(crate) env: minijinja::Environment<'static>,
}

impl Loaded {
    /// Borrows what rendering a phase's messages needs.
    pub(crate) fn mailing(&self) -> Mailing<'_> {
        Mailing {
            env: &self.env,
            config: &self.config,
            rulesets: &self.rulesets,
            definition: &self.definition,
        }
    }

    /// Borrows what judging a mailed file needs.
    pub(crate) fn desk<'a>(&'a self, now: &'a str, command: &'a str) -> Desk<'a> {
        Desk {
            campaign: &self.campaign,
            definition: &self.definition,
            rulesets: &self.rulesets,
            config: &self.config,
            words: &self.words,
            now,
            command,
        }
    }

    /// The mailbox `giglio.toml` names (`[intake] maildir` or `imap`), if any; a
    /// Maildir's path is taken from the campaign directory.
    pub(crate) fn mailbox(&self, dir: &Path) -> Option<Mailbox> {
        let intake = &self.config.intake;
        if let Some(md) = &intake.maildir {
            return Some(Mailbox::Maildir {
                dir: dir.join(md),
                with_seen: false,
            });
        }
        intake.imap.clone().map(Mailbox::Imap)
    }
}

/// The command name the service's journal rows and messages carry.
pub(crate) const COMMAND: &str = "run";

/// One thing a pass did, for the referee's log and `--json`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case", tag = "action")]
pub(crate) enum Action {
    /// The service had been away longer than the limit while a deadline passed: the
    /// open deadline moved on by the outage, and every club was told.
    DeadlineMoved {
        phase: String,
        from: String,
        to: String,
        away: String,
        /// The campaign's zone, in which the log line gives `from` and `to`.
        zone: String,
    },
    /// Reminders queued to the clubs whose orders are missing.
    Reminded {
        phase: String,
        hours_before: u32,
        clubs: Vec<String>,
    },
    /// The phase was resolved and its reports queued.
    Resolved { phase: String, next: Option<String> },
    /// The round stopped at an encounter and asked its clubs (contact exchange).
    Asked { phase: String, encounter: String },
    /// The referee was mailed what resolving would send (`[run] resolve = "preview"`).
    Previewed { phase: String },
    /// The phase is due, or ready before its deadline (`early`), but cannot be resolved
    /// yet (a battle waits for its result…).
    Waiting {
        phase: String,
        early: bool,
        why: String,
    },
    /// A table battle passed its play-by date without two agreeing results: auto-resolved
    /// with its own game (`auto`, with the winner), or left waiting with the referee
    /// reminded (`hold`); both clubs told.
    BattleFallback {
        battle: String,
        fallback: String,
        winner: Option<String>,
    },
    /// Mail delivered for phases resolved longer ago than `[run] archive_after_days`
    /// moved to an mbox file, and the space given back.
    Archived {
        file: String,
        messages: usize,
        bytes: u64,
    },
    /// The referee's digest of a day (`[run] digest = true`) was queued.
    Digest { day: String },
    /// The campaign is over: the reveal was queued to every club and the referee.
    Revealed { messages: usize },
    /// A step was skipped because the referee's own command held the campaign.
    Busy { step: String },
}

/// What a pass did.
#[derive(Clone, Debug, serde::Serialize, schemars::JsonSchema)]
pub(crate) struct Pass {
    /// The clock at the pass.
    pub(crate) at: String,
    /// Each message read, and what became of it.
    pub(crate) read: Vec<Read>,
    /// Files of the mailbox that could not be read.
    pub(crate) unread: Vec<String>,
    pub(crate) actions: Vec<Action>,
    /// Messages delivered, refused for good, and left queued for a later pass.
    pub(crate) sent: usize,
    pub(crate) failed: usize,
    pub(crate) deferred: usize,
    /// Why a message was not delivered, one line each.
    pub(crate) errors: Vec<String>,
    /// A step that failed and was passed over (the mailbox could not be read): the
    /// pass went on without it, and the next tries again.
    pub(crate) problems: Vec<String>,
    /// The clock is held (`giglio hold`): nothing is resolved or reminded.
    pub(crate) held: bool,
    /// When the service means to act next, and what it will do then.
    pub(crate) next: Option<Next>,
}

/// The next thing the service will do, and when.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub(crate) struct Next {
    pub(crate) at: String,
    pub(crate) what: String,
}

/// Runs one pass at `now`. `mailbox` is read when given. Fails only when the pass
/// cannot be made at all (the clock went backwards, the campaign cannot be opened); a
/// step the referee's own command holds up is skipped and said.
pub(crate) fn pass(
    dir: &Path,
    loaded: &Loaded,
    mailbox: Option<&Mailbox>,
    now: &str,
) -> Result<Pass> {
    let mut pass = Pass {
        at: now.to_owned(),
        read: Vec::new(),
        unread: Vec::new(),
        actions: Vec::new(),
        sent: 0,
        failed: 0,
        deferred: 0,
        errors: Vec::new(),
        problems: Vec::new(),
        held: false,
        next: None,
    };
    let state = Store::open_read(dir)?.service()?;
    steps::check_clock(dir, loaded, &state, now, &mut pass)?;
    if let Some(mailbox) = mailbox {
        // A mailbox that cannot be read (a server down) stops no other step.
        match step(&mut pass, "read the mailbox", || {
            steps::read_mail(dir, loaded, mailbox, now)
        }) {
            Ok(Some((intake, went_on))) => {
                pass.read = intake.read;
                pass.unread = intake.unread;
                pass.actions.extend(went_on);
            }
            Ok(None) => {}
            Err(e) => pass
                .problems
                .push(format!("the mailbox could not be read: {e:#}")),
        }
    }
    pass.held = state.held_since.is_some();
    if !pass.held {
        if let Some(done) = step(&mut pass, "battles", || {
            battles::fallbacks(dir, loaded, now)
        })? {
            pass.actions.extend(done);
        }
        if let Some(a) = step(&mut pass, "remind", || steps::remind(dir, loaded, now))?.flatten() {
            pass.actions.push(a);
        }
        if let Some(a) = step(&mut pass, "resolve", || steps::resolve(dir, loaded, now))?.flatten()
        {
            pass.actions.push(a);
        }
    }
    // After the last winter's verdict, the reveal to every club and the referee (G8),
    // sent by this pass.
    if pass
        .actions
        .iter()
        .any(|a| matches!(a, Action::Resolved { next: None, .. }))
        && let Some(done) = step(&mut pass, "reveal", || {
            crate::engine::reveal::queue(
                &mut Store::open_write(dir, COMMAND)?,
                &loaded.campaign,
                &loaded.mailing(),
                now,
                COMMAND,
            )
        })?
        && done.queued > 0
    {
        pass.actions.push(Action::Revealed {
            messages: done.queued,
        });
    }
    // The public site, where giglio.toml keeps one, after a phase was resolved: a site
    // that cannot be written stops nothing else (the next phase writes it whole again).
    if pass
        .actions
        .iter()
        .any(|a| matches!(a, Action::Resolved { .. }))
        && let Err(e) = Store::open_read(dir).and_then(|store| {
            crate::engine::site::after_phase(
                &store,
                dir,
                &loaded.campaign,
                &loaded.env,
                &loaded.config,
            )
        })
    {
        pass.problems
            .push(format!("the public site could not be written: {e:#}"));
    }
    if let Some(day) = step(&mut pass, "digest", || digest::daily(dir, loaded, now))?.flatten() {
        pass.actions.push(Action::Digest { day });
    }
    if let Some(sent) = step(&mut pass, "send", || steps::send(dir, loaded))? {
        pass.sent = sent.sent;
        pass.failed = sent.failed;
        pass.deferred = sent.deferred;
        pass.errors = sent.errors;
    }
    let days = loaded.config.run.archive_after_days;
    if let Some(done) = step(&mut pass, "archive", || {
        archive::old_mail(dir, &mut Store::open_write(dir, COMMAND)?, days, now)
    })?
    .flatten()
    {
        pass.actions.push(Action::Archived {
            file: done.file,
            messages: done.messages,
            bytes: done.bytes,
        });
    }
    pass.next = steps::next(dir, loaded, now, pass.held)?;
    let next = pass.next.clone();
    step(&mut pass, "record the pass", || {
        Store::open_write(dir, COMMAND)?
            .record_pass(now, next.as_ref().map(|n| (n.at.as_str(), n.what.as_str())))
    })?;
    Ok(pass)
}

/// Runs a step; a campaign busy with the referee's own command skips it (the next pass
/// does it), anything else fails the pass.
fn step<T>(pass: &mut Pass, name: &str, f: impl FnOnce() -> Result<T>) -> Result<Option<T>> {
    match f() {
        Ok(t) => Ok(Some(t)),
        Err(e) if matches!(e.kind(), ErrorKind::Busy) => {
            pass.actions.push(Action::Busy {
                step: name.to_owned(),
            });
            Ok(None)
        }
        Err(e) => Err(e),
    }
}

/// Refuses a pass whose clock reads before the last one.
fn backwards(last: &str, now: &str) -> Error {
    Error::user(format!(
        "the clock reads {now}, before the service's last pass at {last}: nothing was done; \
         fix the system's clock (or GIGLIO_NOW), then run again"
    ))
}
