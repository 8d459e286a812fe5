//! `giglio deadline` and `giglio remind`: when the open phase's orders are due, and a
//! reminder to the clubs whose orders are missing.

use super::ui;
use crate::error::{Error, Result};
use crate::mail::compose::{Draft, compose, mailbox};
use crate::mail::{config, deadline};
use crate::rules::tables::Lang;
use crate::storage::Store;
use std::path::Path;

/// Show or set the open phase's deadline.
#[derive(Debug, clap::Args)]
pub struct DeadlineArgs {
    /// The new deadline: `YYYY-MM-DD HH:MM` in the campaign's time zone, or RFC 3339.
    #[arg(long, value_name = "WHEN")]
    pub set: Option<String>,
}

pub fn cmd_deadline(dir: &Path, a: DeadlineArgs) -> Result<()> {
    let (campaign, _) = super::campaign_of(dir)?;
    let tz = deadline::zone(&campaign.time_zone)?;
    let key = Store::open_read(dir)?.current()?.id.key();
    if let Some(when) = &a.set {
        let at = deadline::parse_local(when, tz)?;
        let mut store = Store::open_write(dir, "deadline")?;
        store.set_deadline(&key, &at, &super::now(), "deadline --set")?;
        ui::out(&format!(
            "{key}: orders due {}\n",
            deadline::display(&at, tz)
        ));
        return Ok(());
    }
    let store = Store::open_read(dir)?;
    match store.deadline(&key)? {
        Some(at) => ui::out(&format!(
            "{key}: orders due {}{}\n",
            deadline::display(&at, tz),
            if deadline::passed(&at, &super::now()) {
                " (passed)"
            } else {
                ""
            }
        )),
        None => ui::out(&format!(
            "{key}: no deadline set (`giglio deadline --set WHEN`)\n"
        )),
    }
    Ok(())
}

/// Queue a reminder to every club whose orders for the open phase are missing.
#[derive(Debug, clap::Args)]
pub struct RemindArgs {}

pub fn cmd_remind(dir: &Path, _a: RemindArgs) -> Result<()> {
    let mut store = Store::open_write(dir, "remind")?;
    let (campaign, _) = super::campaign_of(dir)?;
    let config = config::load(dir)?;
    let tz = deadline::zone(&campaign.time_zone)?;
    let now = super::now();
    let p = crate::engine::prepare(&store, &campaign)?;
    let key = p.world.phase.key();
    let due = store.deadline(&key)?.map(|d| deadline::display(&d, tz));
    let from = mailbox(&config.mail.from)?;
    let clubs = store.clubs()?;
    let mut msgs = Vec::new();
    for nation in &p.missing {
        let Some(club) = clubs.iter().find(|c| c.nation == nation.as_str()) else {
            continue;
        };
        let phase = crate::report::explain::phase_name(
            &crate::words::Words::builtin(),
            &campaign.tables.calendar,
            p.world.phase,
            club.lang,
        );
        let (title, text) = match club.lang {
            Lang::It => (
                format!("[{}] promemoria: ordini per {phase}", campaign.title_it),
                format!(
                    "Non abbiamo ancora ricevuto i vostri ordini per {phase}.\nTermine: {}.\nSenza ordini, le vostre forze resteranno ferme.\n",
                    due.as_deref().unwrap_or("nessun termine fissato")
                ),
            ),
            Lang::En => (
                format!("[{}] reminder: orders for {phase}", campaign.title_it),
                format!(
                    "We have not yet received your orders for {phase}.\nDue: {}.\nWithout orders, your forces hold.\n",
                    due.as_deref().unwrap_or("no deadline set")
                ),
            ),
        };
        // One reminder per club and day: running it twice the same day sends one.
        let day = now.get(..10).unwrap_or(&now).to_owned();
        msgs.push(compose(
            &Draft {
                kind: "reminder",
                phase: Some(key.clone()),
                nation: Some(club.nation.clone()),
                to_name: Some(club.name.clone()),
                to: club.emails.clone(),
                subject: title,
                text,
                html: None,
                inline_png: None,
                files: Vec::new(),
                salt: day,
            },
            &from,
            &now,
        )?);
    }
    if p.missing.is_empty() {
        ui::out(&format!(
            "every club's orders for {key} are in: nobody to remind\n"
        ));
        return Ok(());
    }
    let n = store.queue(&msgs, &now, "remind")?;
    let list: Vec<&str> = p.missing.iter().map(|n| n.as_str()).collect();
    ui::out(&format!(
        "{n} reminders queued ({} already queued today) for {}; send them with `giglio mail send`\n",
        msgs.len() - n,
        list.join(", ")
    ));
    if msgs.is_empty() {
        return Err(Error::user("the late clubs have no address to remind"));
    }
    Ok(())
}
