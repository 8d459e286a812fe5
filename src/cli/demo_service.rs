//! `giglio demo --service`: the demo's bot clubs mail their order files into a Maildir
//! and `giglio run`'s passes do the rest — reading, answering, resolving, auto-resolving
//! battles past their play-by date, archiving old mail, sending — on a clock moved from
//! deadline to deadline, so a five-year campaign runs in minutes through the same paths
//! a real one takes; at the end, how large the campaign file is.

use super::ui;
use crate::error::{Error, Result};
use crate::service::intake::Mailbox;
use crate::storage::Store;
use chrono::{DateTime, Duration, FixedOffset};
use std::collections::BTreeMap;
use std::path::Path;

/// The settings the service runs the demo with: a mailbox, winters with a deadline, a
/// clock that jumps (no outage), and the shipped archiving.
pub(super) fn config(template: &str) -> String {
    template
        .replace("referee = []", "referee = [\"arbitro@giglio.invalid\"]")
        .replace("# maildir = \"inbox\"", "maildir = \"inbox\"")
        .replace("winter_days = 0", "winter_days = 1")
        .replace("outage_minutes = 60", "outage_minutes = 100000000")
}

/// Plays `years` years: at each phase every bot club mails its orders, a pass reads
/// them, then passes at the deadline (and at each battle's play-by date) resolve it.
pub(super) fn play(
    dir: &Path,
    secrets: &BTreeMap<String, String>,
    years: u16,
    start: &str,
) -> Result<()> {
    let inbox = dir.join("inbox");
    for sub in ["new", "cur", "tmp"] {
        std::fs::create_dir_all(inbox.join(sub)).map_err(|e| Error::io_at(&inbox, e))?;
    }
    let mailbox = Mailbox::Maildir {
        dir: inbox.clone(),
        with_seen: false,
    };
    let mut now = parse(start)?;
    let mut mailed = 0usize;
    loop {
        let loaded = super::loaded(dir)?;
        let store = Store::open_read(dir)?;
        let current = store.current()?;
        let c = &loaded.campaign;
        let last_year = c.tables.calendar.start_year + years - 1;
        if current.resolved_at.is_some() || current.id.year > last_year {
            break;
        }
        let key = current.id.key();
        if current.id.phase != crate::rules::Phase::Winter {
            let clubs = store.clubs()?;
            for nation in current.world.clubs.iter() {
                let Some(club) = clubs.iter().find(|k| k.nation == nation.as_str()) else {
                    continue;
                };
                let set = crate::bots::orders(c, &current.world, nation);
                let file = crate::orders::unparse(
                    nation.as_str(),
                    &key,
                    secrets.get(nation.as_str()).map(String::as_str),
                    &set,
                );
                mailed += 1;
                let raw = format!(
                    "From: {}\r\nTo: arbitro@giglio.invalid\r\nSubject: {key}\r\nMessage-ID: <demo-{mailed}@bots.invalid>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n{}",
                    club.emails
                        .first()
                        .map_or("bot@bots.invalid", String::as_str),
                    file.replace('\n', "\r\n")
                );
                let path = inbox.join("new").join(format!("{mailed:06}.bot"));
                std::fs::write(&path, raw).map_err(|e| Error::write_at(&path, e))?;
                // Delivered at the demo's clock, not the machine's: lateness is judged
                // by a message's delivery time.
                let at: std::time::SystemTime = now.into();
                std::fs::File::options()
                    .write(true)
                    .open(&path)
                    .and_then(|f| f.set_modified(at))
                    .map_err(|e| Error::write_at(&path, e))?;
            }
        }
        drop(store);
        // The mail is read a minute on; then the phase goes at its deadline, or, while
        // a battle waits, at the play-by date the service's fallback settles it.
        now += Duration::minutes(1);
        pass(dir, &loaded, &mailbox, &now)?;
        for _ in 0..4 {
            let store = Store::open_read(dir)?;
            if gone(&store, &key)? {
                break;
            }
            let due = store.deadline(&key)?;
            let mut next = due.as_deref().map(parse).transpose()?.unwrap_or(now);
            for (_, by) in crate::engine::waiting_battles(&store, &loaded.campaign, &fmt(&now))? {
                if let Some(by) = by.as_deref().map(parse).transpose()? {
                    next = next.max(by);
                }
            }
            now = now.max(next) + Duration::minutes(1);
            drop(store);
            pass(dir, &loaded, &mailbox, &now)?;
        }
        let store = Store::open_read(dir)?;
        if !gone(&store, &key)? {
            return Err(Error::internal(format!(
                "the service did not resolve {key}: see `giglio -C {} log`",
                dir.display()
            )));
        }
        ui::out(&format!("resolved {key} by the service at {}\n", fmt(&now)));
    }
    let store = Store::open_read(dir)?;
    let size = store.size()?;
    ui::out(&format!(
        "through the service: {mailed} order mails read; the campaign file is {:.1} MB, {:.1} MB of it delivered mail still held; {} messages archived to {}\n",
        size.database_bytes as f64 / 1e6,
        size.sent_mail_bytes as f64 / 1e6,
        size.archived_messages,
        dir.join("mail/archive").display()
    ));
    Ok(())
}

/// Whether the phase `key` is resolved: another is open, or it was the last.
fn gone(store: &Store, key: &str) -> Result<bool> {
    let current = store.current()?;
    Ok(current.id.key() != key || current.resolved_at.is_some())
}

/// One pass of the service at `now`; a pass that fails stops the demo.
fn pass(
    dir: &Path,
    loaded: &crate::service::Loaded,
    mailbox: &Mailbox,
    now: &DateTime<FixedOffset>,
) -> Result<()> {
    let p = crate::service::pass(dir, loaded, Some(mailbox), &fmt(now))?;
    if let Some(problem) = p.problems.first() {
        return Err(Error::internal(problem.clone()));
    }
    Ok(())
}

fn parse(s: &str) -> Result<DateTime<FixedOffset>> {
    DateTime::parse_from_rfc3339(s).map_err(|e| Error::internal(format!("time `{s}`: {e}")))
}

fn fmt(t: &DateTime<FixedOffset>) -> String {
    t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}
