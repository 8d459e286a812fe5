//! `giglio run`'s loop: a pass, then rest until something is due, a message waits in
//! the Maildir, the clock file moves (tests), or SIGTERM/SIGINT asks it to stop — which
//! it does after the current step. One service per campaign (its own lock, held for
//! its life); what it did goes to stderr a line at a time, in the form journald reads.

use super::intake::Mailbox;
use super::{Action, Loaded, Pass, pass};
use crate::engine::desk::Verdict;
use crate::error::Result;
use crate::storage::Lock;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// How often the service looks at its stop flag, the Maildir and the clock file while it
/// rests: often enough that a receipt goes within a second of the message arriving,
/// rarely enough to cost nothing (a directory read and a small file read).
const TICK: Duration = Duration::from_millis(200);

/// Keeps the campaign in `dir` going until a signal stops it. `load` reads the
/// campaign afresh for each pass; `mailbox` overrides the one `giglio.toml` names.
pub(crate) fn run(
    dir: &Path,
    load: &dyn Fn() -> Result<Loaded>,
    mailbox: Option<&Mailbox>,
) -> Result<()> {
    let _service = Lock::service(dir)?;
    let stop = Arc::new(AtomicBool::new(false));
    for signal in [signal_hook::consts::SIGTERM, signal_hook::consts::SIGINT] {
        signal_hook::flag::register(signal, Arc::clone(&stop))
            .map_err(|e| crate::error::Error::io("cannot listen for signals").with_source(e))?;
    }
    log(
        Level::Info,
        &format!(
            "giglio run {}: keeping {} going (process {})",
            env!("CARGO_PKG_VERSION"),
            dir.display(),
            std::process::id()
        ),
    );
    let mut said = Said::default();
    let mut backoff = Duration::ZERO;
    while !stop.load(Ordering::SeqCst) {
        let now = crate::clock::now();
        let mut poll = Duration::from_secs(30);
        let mut idle_renew = Duration::from_secs(29 * 60);
        let mut watched = None;
        let mut next_at = None;
        match load() {
            Err(e) => said.problem(&format!("the campaign cannot be read: {e:#}")),
            Ok(loaded) => {
                poll = Duration::from_secs(u64::from(loaded.config.run.poll_seconds));
                idle_renew =
                    Duration::from_secs(60 * u64::from(loaded.config.run.idle_renew_minutes));
                watched = mailbox.cloned().or_else(|| loaded.mailbox(dir));
                match pass(dir, &loaded, watched.as_ref(), &now) {
                    Ok(p) => {
                        said.pass(&p);
                        next_at = p.next.map(|n| n.at);
                    }
                    Err(e) => said.problem(&format!("{e:#}")),
                }
            }
        }
        let moved = || {
            stop.load(Ordering::SeqCst)
                || (std::env::var_os(crate::clock::FILE_VAR).is_some()
                    && crate::clock::now() != now)
        };
        match &watched {
            // IMAP: the server says when mail arrives; the wait ends for a stop, a
            // moved clock, the service's next action, or the renewal. A server that
            // fails is tried again after a growing pause.
            Some(Mailbox::Imap(url)) => {
                let max = idle_renew.min(until(next_at.as_deref(), &now).unwrap_or(idle_renew));
                match crate::mail::imap::wait_for_mail(url, max, &moved) {
                    Ok(_) => backoff = Duration::ZERO,
                    Err(e) => {
                        said.problem(&format!("waiting on the mailbox: {e:#}"));
                        backoff =
                            (backoff * 2).clamp(Duration::from_secs(1), Duration::from_secs(300));
                        rest(backoff, None, &now, &stop);
                    }
                }
            }
            Some(Mailbox::Maildir { dir, .. }) => rest(poll, Some(dir), &now, &stop),
            _ => rest(poll, None, &now, &stop),
        }
    }
    log(Level::Info, "giglio run: stopped");
    Ok(())
}

/// How long until `at` from `now` (both RFC 3339), at least a second.
fn until(at: Option<&str>, now: &str) -> Option<Duration> {
    let at = chrono::DateTime::parse_from_rfc3339(at?).ok()?;
    let now = chrono::DateTime::parse_from_rfc3339(now).ok()?;
    Some(
        (at - now)
            .to_std()
            .unwrap_or_default()
            .max(Duration::from_secs(1)),
    )
}

/// Rests up to `poll`, waking early for a stop, a message in the Maildir's `new/`, or a
/// clock file that no longer reads the time of the pass just made (`now`: a clock moved
/// while the pass ran wakes it too).
fn rest(poll: Duration, maildir: Option<&Path>, now: &str, stop: &AtomicBool) {
    let moved = || std::env::var_os(crate::clock::FILE_VAR).is_some() && crate::clock::now() != now;
    let mut waited = Duration::ZERO;
    while waited < poll && !stop.load(Ordering::SeqCst) {
        if maildir.is_some_and(crate::mail::maildir::has_new) || moved() {
            return;
        }
        std::thread::sleep(TICK);
        waited += TICK;
    }
}

/// What the log said last, so a state that lasts (a phase waiting for a battle, a
/// campaign that cannot be read) is said once, not at every pass.
#[derive(Default)]
struct Said {
    last_problem: Option<String>,
    waiting: Vec<Action>,
}

impl Said {
    fn problem(&mut self, text: &str) {
        if self.last_problem.as_deref() != Some(text) {
            log(Level::Error, text);
            self.last_problem = Some(text.to_owned());
        }
    }

    fn pass(&mut self, p: &Pass) {
        if p.problems.is_empty() {
            self.last_problem = None;
        }
        for r in p.read.iter().filter(|r| r.verdict != Verdict::Duplicate) {
            log(
                Level::Info,
                &format!("read {}: {}", r.source, verdict(&r.verdict)),
            );
        }
        for u in &p.unread {
            log(Level::Warning, &format!("could not read {u}"));
        }
        let waiting: Vec<Action> = p
            .actions
            .iter()
            .filter(|a| matches!(a, Action::Waiting { .. } | Action::Busy { .. }))
            .cloned()
            .collect();
        for a in &p.actions {
            let lasting = matches!(a, Action::Waiting { .. } | Action::Busy { .. });
            if !lasting || !self.waiting.contains(a) {
                log(Level::Notice, &action(a));
            }
        }
        self.waiting = waiting;
        if p.sent + p.failed + p.deferred > 0 {
            log(
                Level::Info,
                &format!(
                    "sent {}, failed {}, left queued {}",
                    p.sent, p.failed, p.deferred
                ),
            );
        }
        for e in &p.errors {
            log(Level::Warning, e);
        }
        for problem in &p.problems {
            self.problem(problem);
        }
    }
}

/// A verdict in a log line.
fn verdict(v: &Verdict) -> String {
    match v {
        Verdict::Duplicate => "already read".to_owned(),
        Verdict::Accepted { nation, receipt } => {
            format!("accepted from {nation}, receipt {receipt}")
        }
        Verdict::Stale { nation, .. } => format!("stale file from {nation}"),
        Verdict::Rejected { nation, reason } => format!("rejected from {nation}: {reason}"),
        Verdict::Forged { claimed, reason } => format!(
            "forged in the name of {}: {reason}",
            claimed.as_deref().unwrap_or("?")
        ),
        Verdict::Ignored { reason } => format!("ignored: {reason}"),
    }
}

/// A stored time as the referee reads times elsewhere, to the minute in the campaign's
/// zone (`2026-12-17 21:00 Europe/Rome`); with a zone that does not read, with its
/// offset; a time that does not read is shown as it is.
fn short_time(t: &str, zone: &str) -> String {
    if let Ok(tz) = zone.parse::<chrono_tz::Tz>() {
        return crate::engine::deadline::display(t, tz);
    }
    chrono::DateTime::parse_from_rfc3339(t).map_or_else(
        |_| t.to_owned(),
        |d| d.format("%Y-%m-%d %H:%M %:z").to_string(),
    )
}

/// An action in a log line.
pub(crate) fn action(a: &Action) -> String {
    match a {
        Action::DeadlineMoved {
            phase,
            from,
            to,
            away,
            zone,
        } => format!(
            "outage: the service was away {away} while the deadline of {phase} passed; moved from {} to {}, every club told",
            short_time(from, zone),
            short_time(to, zone)
        ),
        Action::Reminded {
            phase,
            hours_before,
            clubs,
        } => format!(
            "reminded {} ({hours_before} h before the deadline of {phase})",
            clubs.join(", ")
        ),
        Action::Resolved { phase, next } => match next {
            Some(n) => format!("resolved {phase}; {n} is open"),
            None => format!("resolved {phase}; the campaign is over"),
        },
        Action::Asked { phase, encounter } => {
            format!("{phase} stopped at encounter {encounter}; its clubs are asked")
        }
        Action::Previewed { phase } => {
            format!(
                "{phase} is due: the preview is mailed to the referee; `giglio resolve` when ready"
            )
        }
        Action::BattleFallback {
            battle,
            fallback,
            winner,
        } => match winner {
            Some(w) => format!(
                "battle {battle} passed its play-by date: {fallback}-resolved with its own game, {w} wins; its clubs told"
            ),
            None => format!(
                "battle {battle} passed its play-by date: it keeps waiting ({fallback}); its clubs told, the referee reminded"
            ),
        },
        Action::Digest { day } => format!("the referee's digest of {day} is queued"),
        Action::Revealed { messages } => {
            format!("the reveal is queued to every club and the referee ({messages} messages)")
        }
        Action::Archived {
            file,
            messages,
            bytes,
        } => format!(
            "archived {messages} delivered messages ({} KiB) to {file}; the campaign file gave the space back",
            bytes / 1024
        ),
        Action::Waiting {
            phase,
            early: false,
            why,
        } => format!("{phase} is due but waits: {why}"),
        Action::Waiting {
            phase,
            early: true,
            why,
        } => format!("{phase} is ready before its deadline (early resolution) but waits: {why}"),
        Action::Busy { step } => {
            format!(
                "the campaign is busy with the referee's command: `{step}` waits for the next pass"
            )
        }
    }
}

/// A log line's priority, as syslog and journald number them.
#[derive(Clone, Copy)]
enum Level {
    Error = 3,
    Warning = 4,
    Notice = 5,
    Info = 6,
}

/// Writes one line to stderr: under systemd (stderr connected to the journal, which
/// sets `JOURNAL_STREAM`) with the `<N>` priority prefix journald reads; otherwise with
/// the time, for a terminal or a log file.
fn log(level: Level, text: &str) {
    let line = if std::env::var_os("JOURNAL_STREAM").is_some() {
        format!("<{}>{text}", level as u8)
    } else {
        format!("{} {text}", crate::clock::now())
    };
    eprintln!("{line}");
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An outage's line gives its times to the minute, as the referee reads times
    /// elsewhere (play-test 7 read RFC 3339 in one line only).
    #[test]
    fn an_outage_line_reads_its_times_to_the_minute() {
        let a = Action::DeadlineMoved {
            phase: "1494-r03".into(),
            from: "2026-12-17T21:00:00+01:00".into(),
            to: "2026-12-20T08:04:00+01:00".into(),
            away: "2 d 11 h".into(),
            zone: "Europe/Rome".into(),
        };
        assert_eq!(
            action(&a),
            "outage: the service was away 2 d 11 h while the deadline of 1494-r03 passed; moved from 2026-12-17 21:00 Europe/Rome to 2026-12-20 08:04 Europe/Rome, every club told"
        );
    }
}
