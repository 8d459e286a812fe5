//! `giglio.toml`'s `[run]` section: how the unattended referee (`giglio run`) keeps the
//! campaign going — when it resolves, whom it reminds and when, how often it looks at
//! the mailbox, and what it does after it was stopped for a while.

use serde::Deserialize;

/// What `giglio run` does at a deadline.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ResolveMode {
    /// Resolve the phase and mail the reports.
    #[default]
    Auto,
    /// Mail the referee what resolving would send, and wait for `giglio resolve`.
    Preview,
}

/// The `[run]` section, with its defaults.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunConfig {
    /// At the deadline (plus the grace): resolve, or mail the referee a preview.
    #[serde(default)]
    pub resolve: ResolveMode,
    /// Minutes after the deadline before the phase is resolved.
    #[serde(default)]
    pub grace_minutes: u32,
    /// Resolve as soon as every club's orders are in and nothing waits (off: a
    /// fixed-deadline game must not move early).
    #[serde(default)]
    pub early: bool,
    /// Hours before the deadline at which a club whose orders are missing is reminded,
    /// each once.
    #[serde(default = "default_reminders")]
    pub reminders: Vec<u32>,
    /// A service that finds it has not run for longer than this (minutes) while a
    /// deadline passed moves the open deadlines on by the outage instead of resolving.
    #[serde(default = "default_outage_minutes")]
    pub outage_minutes: u32,
    /// Seconds between looks at the mailbox and the clock when nothing is due sooner.
    #[serde(default = "default_poll_seconds")]
    pub poll_seconds: u32,
    /// Minutes an IMAP IDLE lasts before it is renewed (servers may drop one after 30).
    #[serde(default = "default_idle_renew_minutes")]
    pub idle_renew_minutes: u32,
    /// Days after a phase is resolved before its delivered mail moves out of the
    /// campaign file into `mail/archive/` (each message keeps its record and the
    /// SHA-256 of what was sent); 0 keeps it in.
    #[serde(default = "default_archive_after_days")]
    pub archive_after_days: u32,
    /// Mail the referee, once a day, what happened to the campaign the day before.
    #[serde(default)]
    pub digest: bool,
}

impl Default for RunConfig {
    fn default() -> Self {
        RunConfig {
            resolve: ResolveMode::default(),
            grace_minutes: 0,
            early: false,
            reminders: default_reminders(),
            outage_minutes: default_outage_minutes(),
            poll_seconds: default_poll_seconds(),
            idle_renew_minutes: default_idle_renew_minutes(),
            archive_after_days: default_archive_after_days(),
            digest: false,
        }
    }
}

fn default_reminders() -> Vec<u32> {
    vec![48, 4]
}
fn default_outage_minutes() -> u32 {
    60
}
fn default_poll_seconds() -> u32 {
    30
}
fn default_idle_renew_minutes() -> u32 {
    29
}
fn default_archive_after_days() -> u32 {
    30
}

impl RunConfig {
    /// Finds a setting that cannot work, said as the referee would fix it.
    pub(crate) fn problem(&self) -> Option<String> {
        if self.poll_seconds == 0 {
            return Some(
                "giglio.toml [run] poll_seconds = 0 would never let the service rest; the default is 30"
                    .to_owned(),
            );
        }
        if !(1..=29).contains(&self.idle_renew_minutes) {
            return Some(format!(
                "giglio.toml [run] idle_renew_minutes = {}: write 1 to 29 (servers may end an IMAP IDLE after 30 minutes; the default is 29)",
                self.idle_renew_minutes
            ));
        }
        if self.reminders.contains(&0) {
            return Some(
                "giglio.toml [run] reminders: 0 hours before the deadline is the deadline itself; write hours above 0 (the default is [48, 4])"
                    .to_owned(),
            );
        }
        if u64::from(self.outage_minutes) * 60 <= u64::from(self.poll_seconds) {
            return Some(format!(
                "giglio.toml [run] outage_minutes = {} is not longer than poll_seconds = {}: every pause between two looks would count as an outage",
                self.outage_minutes, self.poll_seconds
            ));
        }
        None
    }
}
