//! `giglio deadline` and `giglio remind`: when the open phase's orders are due, and a
//! reminder to the clubs whose orders are missing.

use super::json::{DeadlineOut, RemindOut};
use super::ui;
use crate::engine::deadline;
use crate::error::{Error, Result};
use crate::mail::config;
use crate::storage::Store;
use std::path::Path;

/// Show or set the open phase's deadline; a new one is mailed to every club.
#[derive(Debug, clap::Args)]
pub(crate) struct DeadlineArgs {
    /// The new deadline: `YYYY-MM-DD HH:MM` in the campaign's time zone, or RFC 3339.
    #[arg(long, value_name = "WHEN")]
    pub(crate) set: Option<String>,
    /// Set a deadline that has already passed (refused without it: a typo in the year
    /// would make every club late at once).
    #[arg(long, requires = "set")]
    pub(crate) force: bool,
    /// Print JSON instead of text.
    #[arg(long)]
    pub(crate) json: bool,
}

pub(crate) fn cmd_deadline(dir: &Path, a: DeadlineArgs) -> Result<()> {
    let (campaign, _) = super::campaign_of(dir)?;
    let tz = deadline::zone(&campaign.time_zone)?;
    let key = Store::open_read(dir)?.current()?.id.key();
    let now = super::now();
    let mut queued = 0;
    if let Some(when) = &a.set {
        let at = deadline::parse_local(when, tz)?;
        if deadline::passed(&at, &now) && !a.force {
            return Err(Error::user(format!(
                "{} is in the past (it is now {}): nothing changed; add --force to set it anyway",
                deadline::display(&at, tz),
                deadline::display(&now, tz)
            )));
        }
        let mut store = Store::open_write(dir, "deadline")?;
        store.set_deadline(&key, &at, &now, "deadline --set")?;
        let msgs = deadline_mail(&store, &campaign, dir, &at, tz, &now)?;
        queued = store.queue(&msgs, &now, "deadline --set")?;
    }
    let store = Store::open_read(dir)?;
    let at = store.deadline(&key)?;
    let out = DeadlineOut {
        phase: key.clone(),
        deadline_local: at.as_deref().map(|d| deadline::display(d, tz)),
        passed: at.as_deref().is_some_and(|d| deadline::passed(d, &now)),
        deadline: at,
        queued,
    };
    if a.json {
        return ui::out_json(&out);
    }
    let mut text = match &out.deadline_local {
        Some(local) => format!(
            "{key}: orders due {local}{}\n",
            if out.passed { " (passed)" } else { "" }
        ),
        None => format!("{key}: no deadline set (`giglio deadline --set WHEN`)\n"),
    };
    if a.set.is_some() {
        text.push_str(&format!(
            "{} queued to tell the clubs; send them with `giglio mail send`\n",
            ui::count(queued, "message")
        ));
    }
    ui::out(&text);
    Ok(())
}

/// The message telling every club with an address of a new deadline, in its language.
fn deadline_mail(
    store: &Store,
    campaign: &crate::rules::Campaign,
    dir: &Path,
    at: &str,
    tz: chrono_tz::Tz,
    now: &str,
) -> Result<Vec<crate::storage::OutMessage>> {
    let current = store.current()?;
    crate::engine::post::notice::deadline(
        campaign,
        &config::load(dir)?,
        &store.clubs()?,
        &current.world,
        current.id,
        crate::engine::post::notice::Moved {
            at,
            tz,
            why: "desk-deadline-text",
            minutes: 0,
        },
        &super::words_of(dir)?,
        now,
    )
}

/// Queue a reminder to every club whose orders for the open phase are missing, or that
/// owes the result of a battle against another club.
#[derive(Debug, clap::Args)]
pub(crate) struct RemindArgs {
    /// Print JSON instead of text.
    #[arg(long)]
    pub(crate) json: bool,
}

/// Whether every club in `missing` already has a reminder for `key` queued today (UTC).
pub(crate) fn reminded_today(
    store: &Store,
    key: &str,
    missing: &[String],
    now: &str,
) -> Result<bool> {
    let day = now.get(..10).unwrap_or(now);
    let rows = store.outbox(None)?;
    Ok(missing.iter().all(|n| {
        rows.iter().any(|r| {
            r.kind == "reminder"
                && r.phase.as_deref() == Some(key)
                && r.nation.as_deref() == Some(n.as_str())
                && r.created_at.get(..10) == Some(day)
        })
    }))
}

pub(crate) fn cmd_remind(dir: &Path, a: RemindArgs) -> Result<()> {
    let mut store = Store::open_write(dir, "remind")?;
    let (campaign, _) = super::campaign_of(dir)?;
    let config = config::load(dir)?;
    let tz = deadline::zone(&campaign.time_zone)?;
    let now = super::now();
    let p = crate::engine::prepare(&store, &campaign, &super::words_of(dir)?)?;
    let key = p.world.phase.key();
    let due = store.deadline(&key)?.map(|d| deadline::display(&d, tz));
    // One reminder per club and day: running it twice the same day sends one.
    let day = now.get(..10).unwrap_or(&now).to_owned();
    let battles = crate::engine::dated_battles(&store, &campaign, &now)?;
    let msgs = crate::engine::post::remind::to_missing(
        &campaign,
        &config,
        &super::words_of(dir)?,
        &store.clubs()?,
        &p.missing,
        &p.world,
        due.as_deref(),
        &battles,
        &crate::engine::disorder::nations(&store, &campaign, &p.missing)?,
        &day,
        &now,
    )?;
    // The clubs reminded: those missing orders, and those a battle waits for the result
    // of (their reminder asks for that alone).
    let missing: Vec<String> = p.missing.iter().map(|n| n.to_string()).collect();
    let owing: Vec<String> = crate::engine::post::remind::owing(&battles, &p.world)
        .iter()
        .map(|n| n.to_string())
        .filter(|n| !missing.contains(n))
        .collect();
    let list: Vec<String> = missing.iter().chain(&owing).cloned().collect();
    let n = if msgs.is_empty() {
        0
    } else {
        store.queue(&msgs, &now, "remind")?
    };
    let next = if list.is_empty() {
        None
    } else {
        Some(deadline::next_reminder(
            &now,
            reminded_today(&store, &key, &list, &now)?,
        )?)
    };
    let out = RemindOut {
        phase: key.clone(),
        missing,
        owing,
        queued: n,
        next_reminder: next.clone(),
    };
    if a.json {
        ui::out_json(&out)?;
    } else if list.is_empty() {
        ui::out(&format!(
            "every club's orders for {key} are in, and no battle waits for a club's result: nobody to remind\n"
        ));
    } else {
        ui::out(&format!(
            "{n} reminders queued ({} already queued today) for {}; send them with `giglio mail send`\nnext reminder: {}\n",
            msgs.len() - n,
            list.join(", "),
            next.as_deref()
                .map_or("-".to_owned(), |t| deadline::display(t, tz))
        ));
    }
    if list.is_empty() {
        return Ok(());
    }
    if msgs.is_empty() {
        return Err(Error::user("the late clubs have no address to remind"));
    }
    Ok(())
}
