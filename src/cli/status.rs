//! `giglio status`: where the campaign stands and what the open phase waits for.

use super::json::{PendingBattle, Status, WaitingEncounter};
use super::{open_read, ui};
use crate::error::Result;
use crate::rules::Phase;
use crate::rules::tables::Lang;
use std::path::Path;

/// Show the year, season, round and month, what the phase waits for, and the published
/// seed commitment.
#[derive(Debug, clap::Args)]
pub(crate) struct StatusArgs {
    /// Print JSON instead of text.
    #[arg(long)]
    pub(crate) json: bool,
}

pub(crate) fn cmd_status(dir: &Path, args: StatusArgs) -> Result<()> {
    let (store, campaign) = open_read(dir)?;
    let phases = store.phases()?;
    let current = store.current()?;
    let previous = phases.iter().rev().nth(1);
    // The clubs playing now: a club that left keeps its row, its nation is neutral.
    let clubs: Vec<_> = store
        .clubs()?
        .into_iter()
        .filter(|c| current.world.is_club(&c.nation))
        .collect();
    let id = current.id;
    let cal = &campaign.tables.calendar;
    let (season, round) = match id.phase {
        Phase::Spring => ("spring", None),
        Phase::Round(n) => ("summer", Some(n)),
        Phase::Winter => ("winter", None),
    };
    let club_codes: Vec<String> = clubs.iter().map(|c| c.nation.clone()).collect();
    let what = match id.phase {
        Phase::Spring => "spring orders",
        Phase::Round(_) => "round orders",
        Phase::Winter => "nothing from the clubs: the referee resolves the winter",
    };
    // Whether the service resolves before the deadline once every file is in.
    let early = crate::mail::config::load(dir).is_ok_and(|c| c.run.early);
    let (missing, flawed) = crate::engine::prepare(&store, &campaign, &super::words_of(dir)?)
        .map(|p| (p.missing, p.flawed))
        .unwrap_or_default();
    let tz = crate::engine::deadline::zone(&campaign.time_zone)?;
    let deadline = store.deadline(&id.key())?;
    let past = deadline
        .as_deref()
        .is_some_and(|d| crate::engine::deadline::passed(d, &super::now()));
    let late: Vec<String> = if past {
        missing.iter().map(ToString::to_string).collect()
    } else {
        Vec::new()
    };
    // A round stopped at an encounter waits for the two clubs' replies, not for orders.
    let encounter_open =
        crate::engine::exchange::current_encounter(&store.steps(&current.id.key())?).is_some();
    // Battles still waiting for their result hold a round past its deadline; a settled
    // one not yet applied (its step undone, or an older campaign's) waits for nothing.
    let waiting = crate::engine::waiting_battles(&store, &campaign, &super::now())?;
    let battles: Vec<&str> = waiting.iter().map(|(b, _)| b.id.as_str()).collect();
    let orders_note = if missing.is_empty() {
        format!("every club's {what} are in")
    } else if past {
        let list: Vec<&str> = missing.iter().map(|n| n.as_str()).collect();
        format!(
            "the deadline has passed; no {what} from {}: {} without orders",
            list.join(", "),
            if list.len() == 1 {
                "its forces go"
            } else {
                "their forces go"
            }
        )
    } else {
        String::new()
    };
    let waiting_for = if current.resolved_at.is_some() {
        "nothing: the campaign is over".to_owned()
    } else if matches!(id.phase, Phase::Winter) {
        what.to_owned()
    } else if missing.is_empty() && encounter_open {
        format!("the encounter replies (every club's {what} are in; see `encounter:` below)")
    } else if !battles.is_empty() && (missing.is_empty() || past) {
        format!(
            "the result of battle{} {} (see `giglio battle list`); {orders_note}",
            if battles.len() == 1 { "" } else { "s" },
            battles.join(", ")
        )
    } else if missing.is_empty() && !past && !flawed.is_empty() && early {
        // A play-test's referee read "may resolve" while the service held the round
        // for the deadline, a file having parts left out.
        let list: Vec<&str> = flawed.iter().map(|n| n.as_str()).collect();
        format!(
            "the deadline: {orders_note}, but the file of {} had parts left out (or no objective), \
             so early resolution waits for a new file from {} or the deadline; the referee may resolve now",
            list.join(", "),
            if list.len() == 1 { "it" } else { "them" }
        )
    } else if missing.is_empty() || past {
        format!("nothing: {orders_note}; the referee may resolve")
    } else {
        let list: Vec<&str> = missing.iter().map(|n| n.as_str()).collect();
        format!(
            "{what} from {} ({} of {} received)",
            list.join(", "),
            club_codes.len() - missing.len(),
            club_codes.len()
        )
    };
    let missing_codes: Vec<String> = missing.iter().map(ToString::to_string).collect();
    let next_reminder = if missing_codes.is_empty() || current.resolved_at.is_some() {
        None
    } else {
        let now = super::now();
        let done = super::deadline::reminded_today(&store, &id.key(), &missing_codes, &now)?;
        Some(crate::engine::deadline::next_reminder(&now, done)?)
    };
    let warnings = match crate::mail::config::load(dir) {
        Ok(config) => super::config_warnings(dir, &config),
        Err(e) => vec![format!("giglio.toml: {e:#}")],
    };
    let disorder = crate::engine::disorder::nations(&store, &campaign, &missing)?
        .into_iter()
        .map(|d| d.nation.to_string())
        .collect();
    let late_files = match &deadline {
        Some(d) => store
            .late_files(&id.key(), d)?
            .into_iter()
            .filter(|f| f.active && f.verdict.is_none())
            .collect(),
        None => Vec::new(),
    };
    let status = Status {
        late_files,
        disorder,
        service: store.service()?,
        size: store.size()?,
        next_reminder,
        warnings,
        campaign: store.name()?,
        phase: id.key(),
        year: id.year,
        season,
        round,
        month_it: round.map(|r| cal.month(r, Lang::It).to_owned()),
        month_en: round.map(|r| cal.month(r, Lang::En).to_owned()),
        opened_at: current.opened_at.clone(),
        waiting_for,
        seed_commitment: current.seed_commitment.clone(),
        previous_phase: previous.map(|p| p.id.key()),
        previous_seed: previous.and_then(|p| p.revealed_seed.clone()),
        clubs: club_codes,
        missing: missing.iter().map(ToString::to_string).collect(),
        deadline_local: deadline
            .as_deref()
            .map(|d| crate::engine::deadline::display(d, tz)),
        deadline,
        late,
        mail_queued: store.outbox_count(crate::storage::Status::Queued)?,
        mail_failed: store.outbox_count(crate::storage::Status::Failed)?,
        secrets_in_outbox: store
            .undelivered_secrets()?
            .into_iter()
            .map(|(nation, _)| nation)
            .collect(),
        battles: current
            .world
            .battles
            .iter()
            .map(|b| PendingBattle {
                id: b.id.clone(),
                node: b.node.to_string(),
                attacker: b.attacker.nation.to_string(),
                defender: b.defender.nation.to_string(),
                since: b.phase.key(),
                settled: !battles.contains(&b.id.as_str()),
            })
            .collect(),
        encounter: {
            let steps = store.steps(&current.id.key())?;
            let x = crate::engine::exchange::exchange_of(&steps);
            crate::engine::exchange::current_encounter(&steps).map(|c| WaitingEncounter {
                id: c.asked.id.clone(),
                node: c.asked.node.to_string(),
                missing: c
                    .asked
                    .waiting(&x)
                    .iter()
                    .map(ToString::to_string)
                    .collect(),
                deadline: c.deadline.clone(),
            })
        },
        neutral: campaign
            .nations
            .iter()
            .filter(|n| !clubs.iter().any(|c| c.nation == n.code.as_str()))
            .map(|n| n.code.to_string())
            .collect(),
    };
    if args.json {
        return ui::out_json(&status);
    }
    // The terminal speaks English; `--json` carries the month in both languages.
    let when = status
        .month_en
        .as_ref()
        .map_or_else(String::new, |en| format!(" ({en})"));
    let mut text = format!(
        "campaign:   {}\nphase:      {}{when}, year {} of {}\nopened:     {}\nwaiting for: {}\nseed commitment (SHA-256 of this phase's seed): {}\n",
        ui::paint(ui::Paint::Strong, &status.campaign),
        ui::paint(ui::Paint::Strong, &id.to_string()),
        id.year - cal.start_year + 1,
        cal.years,
        crate::engine::deadline::display(&status.opened_at, tz),
        status.waiting_for,
        status.seed_commitment
    );
    if let Some(d) = &status.deadline_local {
        text.push_str(&format!("orders due: {d}\n"));
    }
    if !status.late.is_empty() {
        // While a battle holds the round, resolving waits for its result first.
        let then = if current.world.battles.is_empty() {
            "`giglio resolve` resolves the phase without their orders: their pieces hold, keeping their standing orders"
        } else {
            "once the battles' results are in, `giglio resolve` resolves the phase without their orders: their pieces hold, keeping their standing orders"
        };
        text.push_str(&format!(
            "{}       {} (the deadline has passed: {then})\n",
            ui::paint(ui::Paint::Error, "LATE:"),
            status.late.join(" ")
        ));
    }
    for f in &status.late_files {
        text.push_str(&format!(
            "late file:  {} received {}, after the deadline: it counts unless you refuse it (`giglio late --refuse {}`, or `--accept`)\n",
            f.nation,
            crate::engine::deadline::display(&f.received_at, tz),
            f.nation
        ));
    }
    if let Some(t) = &status.next_reminder {
        // A reminder the referee sends by hand (one a club a day); the service's own are
        // its `next`.
        let now = super::now();
        let same =
            crate::engine::deadline::parse(t).ok() == crate::engine::deadline::parse(&now).ok();
        text.push_str(&if same {
            "reminder by hand: can go now (`giglio remind`, one a club a day, days as UTC counts them)\n".to_owned()
        } else {
            format!(
                "reminder by hand: the next can go {} (`giglio remind` sends one a club a day, days as UTC counts them, and every club missing was reminded today)\n",
                crate::engine::deadline::display(t, tz)
            )
        });
    }
    if status.mail_queued + status.mail_failed > 0 {
        text.push_str(&format!(
            "outbox:     {} queued, {} failed (`giglio mail send`, `giglio mail status`)\n",
            status.mail_queued,
            if status.mail_failed > 0 {
                ui::paint(ui::Paint::Error, &status.mail_failed.to_string())
            } else {
                status.mail_failed.to_string()
            }
        ));
    }
    if !status.secrets_in_outbox.is_empty() {
        text.push_str(&format!(
            "{}    the welcome messages of {} still hold their club's secret in the outbox until delivered (`giglio mail send`)\n",
            ui::paint(ui::Paint::Warning, "WARNING:"),
            status.secrets_in_outbox.join(" ")
        ));
    }
    if let (Some(p), Some(seed)) = (&status.previous_phase, &status.previous_seed) {
        text.push_str(&format!("revealed seed of {p}: {seed}\n"));
    }
    text.push_str(&format!(
        "size:       {} KiB, {} KiB of it delivered mail (`giglio mail archive` moves that out){}\n",
        status.size.database_bytes / 1024,
        status.size.sent_mail_bytes / 1024,
        if status.size.archived_messages > 0 {
            format!(
                "; {} archived",
                ui::count(status.size.archived_messages as usize, "message")
            )
        } else {
            String::new()
        }
    ));
    for b in &status.battles {
        text.push_str(&format!(
            "{} {} at {} ({} against {}), since {}: {}\n",
            ui::paint(ui::Paint::Warning, "battle pending:"),
            b.id,
            b.node,
            b.attacker,
            b.defender,
            b.since,
            if b.settled {
                "its result is settled and applies when the phase is resolved"
            } else {
                "the next phase waits for its result"
            }
        ));
    }
    if let Some(e) = &status.encounter {
        let waiting = if e.missing.is_empty() {
            "every choice is in: `giglio resolve` goes on".to_owned()
        } else {
            format!("waiting for {}", e.missing.join(", "))
        };
        text.push_str(&format!(
            "encounter:  the round is stopped at {} at {}: {waiting}{}\n",
            e.id,
            e.node,
            e.deadline
                .as_deref()
                .map(|d| format!(" (due {d})"))
                .unwrap_or_default()
        ));
    }
    if !status.disorder.is_empty() {
        text.push_str(&format!(
            "{} {} (silent for {} order phases in a row: civil disorder when this phase is resolved without them, G0)\n",
            ui::paint(ui::Paint::Warning, "DISORDER:"),
            status.disorder.join(" "),
            campaign.tables.rulings.civil_disorder_after
        ));
    }
    let svc = &status.service;
    if let Some(since) = &svc.held_since {
        // Since when in the campaign's zone, as every other time here; the reason only
        // where the referee gave one.
        let reason = match svc.hold_reason.as_deref().map(str::trim) {
            Some(r) if !r.is_empty() => format!(" ({r})"),
            _ => String::new(),
        };
        text.push_str(&format!(
            "{}       since {}{reason}: `giglio run` resolves and reminds nothing until `giglio resume`\n",
            ui::paint(ui::Paint::Warning, "HELD:"),
            crate::engine::deadline::display(since, tz)
        ));
    }
    if let Some(last) = &svc.last_pass {
        let next = match (&svc.next_what, &svc.next_at) {
            // The last pass's plan no longer holds while the clock is held (an `undo`
            // holds it too: a play-test read a reminder for a phase undone).
            _ if svc.held_since.is_some() => "; next: nothing until `giglio resume`".to_owned(),
            (Some(what), Some(at)) => {
                // The time first: a plan that ends in a battle's date read as if it
                // were done at that date.
                format!(
                    "; next ({}): {what}",
                    crate::engine::deadline::display(at, tz)
                )
            }
            _ => "; nothing scheduled".to_owned(),
        };
        text.push_str(&format!(
            "service:    last pass {}{next}\n",
            crate::engine::deadline::display(last, tz)
        ));
    }
    text.push_str(&format!(
        "clubs:      {}\nneutral:    {}\n",
        status.clubs.join(" "),
        status.neutral.join(" ")
    ));
    ui::out_painted(&text);
    for w in &status.warnings {
        ui::warn(w);
    }
    Ok(())
}
