//! The steps of a pass, each under the writer's lock of its own: the clock's check
//! (and an outage's moved deadline), reading the mailbox, reminding, resolving or
//! previewing a due phase, sending, and finding the next thing to do.

use super::schedule::{self, Gap};
use super::{Action, COMMAND, Loaded, Next, Pass, backwards, intake};
use crate::engine::{self, Ran, deadline, exchange, post};
use crate::error::{ErrorKind, Result};
use crate::mail::config::ResolveMode;
use crate::mail::deliver;
use crate::storage::{ServiceState, Status, Store};
use std::path::Path;

/// Refuses a clock that went backwards; after an outage in which a deadline passed,
/// moves the open deadline on by the outage and tells every club and the referee,
/// instead of resolving a phase nobody was watching.
pub(super) fn check_clock(
    dir: &Path,
    loaded: &Loaded,
    state: &ServiceState,
    now: &str,
    pass: &mut Pass,
) -> Result<()> {
    let last = state
        .last_pass
        .as_deref()
        .map(schedule::parse)
        .transpose()?;
    let at = schedule::parse(now)?;
    let away = match schedule::gap(last, at, loaded.config.run.outage_minutes) {
        Gap::Backwards => return Err(backwards(state.last_pass.as_deref().unwrap_or("?"), now)),
        Gap::Usual => return Ok(()),
        // A held clock is moved on by `resume`, by the whole hold.
        Gap::Outage(_) if state.held_since.is_some() => return Ok(()),
        Gap::Outage(away) => away,
    };
    let mut store = Store::open_write(dir, COMMAND)?;
    let current = store.current()?;
    if current.resolved_at.is_some() {
        return Ok(());
    }
    let key = current.id.key();
    // A round waiting at an encounter waits on the encounter's own deadline.
    if let Some(moved) = encounter_moved(&mut store, loaded, (last, at, away), now)? {
        pass.actions.push(moved);
        return Ok(());
    }
    let Some(stored) = store.deadline(&key)? else {
        return Ok(());
    };
    let due = schedule::resolve_at(schedule::parse(&stored)?, loaded.config.run.grace_minutes);
    let passed_while_away = last.is_some_and(|l| l < due) && due <= at;
    if !passed_while_away {
        return Ok(());
    }
    // What the outage cost the clubs is the time before the deadline in which nobody
    // answered them (mail that arrived meanwhile is judged at its arrival): given back
    // from now. Less than a usual gap between passes cost nobody a turn, and gives no
    // club time to act (a play-test's outage began at the deadline, and the "new"
    // deadline was the minute the clubs were told of it): the phase resolves as due.
    let lost = last.map_or(away, |l| due - l);
    if lost <= chrono::Duration::minutes(i64::from(loaded.config.run.outage_minutes)) {
        return Ok(());
    }
    // Every club's orders were in before the deadline (mail that reached the mailbox
    // meanwhile is judged at its arrival): the outage cost no club its turn, so the phase
    // resolves as due. A play-test's rehearsal, its clock jumped to the service's next
    // action, mailed every club "the service was stopped" over orders all in.
    let missing = engine::prepare(&store, &loaded.campaign, &loaded.words)?.missing;
    if missing.is_empty() {
        return Ok(());
    }
    let moved = schedule::write(schedule::parse(&stored)? + away);
    let span = schedule::span(away);
    let tz = deadline::zone(&loaded.campaign.time_zone)?;
    let mut notices = post::notice::deadline_after_outage(
        &loaded.campaign,
        &loaded.config,
        &store.clubs()?,
        &current.world,
        current.id,
        post::notice::Moved {
            at: &moved,
            tz,
            why: "desk-deadline-outage-text",
            minutes: away.num_minutes(),
        },
        &missing,
        &loaded.words,
        now,
    )?;
    notices.extend(post::notice::to_referee(
        &loaded.campaign,
        &loaded.config,
        &loaded.words,
        "service",
        &key,
        post::notice::Said {
            subject: "run-outage-subject",
            text: "run-outage-text",
            args: &[
                ("phase", key.as_str()),
                ("away", span.as_str()),
                ("from", &deadline::display(&stored, tz)),
                ("to", &deadline::display(&moved, tz)),
            ],
        },
        now,
    )?);
    let why = format!(
        "the service was away {span} while the deadline of {key} passed: moved from {stored} to {moved}"
    );
    store.move_deadlines(
        &[(key.clone(), moved.clone())],
        &notices,
        now,
        COMMAND,
        &why,
    )?;
    pass.actions.push(Action::DeadlineMoved {
        phase: key,
        from: stored,
        to: moved,
        away: span,
        zone: tz.to_string(),
    });
    Ok(())
}

/// After an outage (`last` → `at`, `away` long), an open encounter whose deadline passed
/// meanwhile has it moved on by the outage; the clubs it waits for are told.
fn encounter_moved(
    store: &mut Store,
    loaded: &Loaded,
    (last, at, away): (
        Option<chrono::DateTime<chrono::FixedOffset>>,
        chrono::DateTime<chrono::FixedOffset>,
        chrono::Duration,
    ),
    now: &str,
) -> Result<Option<Action>> {
    let key = store.current()?.id.key();
    let Some((open, stored, _)) = exchange::open_deadline(store, &key)? else {
        return Ok(None);
    };
    let due = schedule::parse(&stored)?;
    if !(last.is_some_and(|l| l < due) && due <= at) {
        return Ok(None);
    }
    let moved = schedule::write(due + away);
    let span = schedule::span(away);
    let notices = exchange::moved_notices(
        store,
        (&loaded.campaign, &loaded.config, &loaded.words),
        (&key, &open, &moved),
        ("exchange-deadline-outage-text", away.num_minutes()),
        now,
    )?;
    let ekey = exchange::deadline_key(&key, &open.asked.id);
    let why = format!(
        "the service was away {span} while the deadline of encounter {} of {key} passed: moved from {stored} to {moved}",
        open.asked.id
    );
    store.move_deadlines(&[(ekey, moved.clone())], &notices, now, COMMAND, &why)?;
    Ok(Some(Action::DeadlineMoved {
        phase: exchange::deadline_key(&key, &open.asked.id),
        from: stored,
        to: moved,
        away: span,
        zone: loaded.campaign.time_zone.clone(),
    }))
}

/// Reads the mailbox into the desk; when an encounter's last choice came in, the round
/// goes on at once (G3c.3).
pub(super) fn read_mail(
    dir: &Path,
    loaded: &Loaded,
    mailbox: &intake::Mailbox,
    now: &str,
) -> Result<(intake::Intake, Option<Action>)> {
    let mut store = Store::open_write(dir, COMMAND)?;
    let desk = loaded.desk(now, COMMAND);
    let read = intake::read(&mut store, &desk, mailbox)?;
    let went_on = engine::go_on(
        &mut store,
        &loaded.campaign,
        now,
        COMMAND,
        &loaded.words,
        Some(&loaded.mailing()),
    )?;
    Ok((read, went_on.map(|ran| ran_action(&store, ran))))
}

/// Reminds the clubs whose orders are missing when an offset of `[run] reminders` is
/// reached: each reminder once (its message is the same at every later pass, and the
/// outbox keeps a message once), the nearest to the deadline if several were reached.
pub(super) fn remind(dir: &Path, loaded: &Loaded, now: &str) -> Result<Option<Action>> {
    let mut store = Store::open_write(dir, COMMAND)?;
    let current = store.current()?;
    if current.resolved_at.is_some() {
        return Ok(None);
    }
    let key = current.id.key();
    let Some(stored) = store.deadline(&key)? else {
        return Ok(None);
    };
    let offsets = &loaded.config.run.reminders;
    let Some(hours) =
        schedule::reminder_due(schedule::parse(&stored)?, schedule::parse(now)?, offsets)
    else {
        return Ok(None);
    };
    let p = engine::prepare(&store, &loaded.campaign, &loaded.words)?;
    let battles = dated_battles(&store, loaded, now)?;
    // Once a round has begun (an encounter asked), its orders can no longer change; a
    // club whose orders are in may still owe a battle's result.
    let owing = post::remind::owing(&battles, &p.world);
    if (p.missing.is_empty() && owing.is_empty()) || exchange::round_begun(&p.steps) {
        return Ok(None);
    }
    let tz = deadline::zone(&loaded.campaign.time_zone)?;
    let due = deadline::display(&stored, tz);
    let msgs = post::remind::to_missing(
        &loaded.campaign,
        &loaded.config,
        &loaded.words,
        &store.clubs()?,
        &p.missing,
        &p.world,
        Some(&due),
        &battles,
        &engine::disorder::nations(&store, &loaded.campaign, &p.missing)?,
        &format!("{hours} h before {stored}"),
        now,
    )?;
    // Each reminder once per club: a club already reminded since this offset was reached
    // is not reminded again, even when its text changed meanwhile (a battle's result
    // applied changes the battles it lists, and so the message).
    let since = schedule::parse(&stored)? - chrono::Duration::hours(i64::from(hours));
    let reminded: std::collections::BTreeSet<String> = store
        .outbox(None)?
        .into_iter()
        .filter(|r| r.kind == "reminder" && r.phase.as_deref() == Some(key.as_str()))
        .filter(|r| schedule::parse(&r.created_at).is_ok_and(|at| at >= since))
        .filter_map(|r| r.nation)
        .collect();
    let new: Vec<_> = msgs
        .into_iter()
        .filter(|m| !store.has_message(&m.message_id).unwrap_or(false))
        .filter(|m| !m.nation.as_ref().is_some_and(|n| reminded.contains(n)))
        .collect();
    if new.is_empty() {
        return Ok(None);
    }
    let clubs: Vec<String> = new.iter().filter_map(|m| m.nation.clone()).collect();
    let list = clubs.join(", ");
    store.queue_noted(&new, now, COMMAND, &|n| {
        let noun = if n == 1 { "reminder" } else { "reminders" };
        format!("{n} {noun} queued, {hours} h before the deadline of {key}: {list}")
    })?;
    Ok(Some(Action::Reminded {
        phase: key,
        hours_before: hours,
        clubs,
    }))
}

/// The battles waiting for their result that have a play-by date, the date as clubs
/// read it.
pub(super) fn dated_battles(
    store: &Store,
    loaded: &Loaded,
    now: &str,
) -> Result<
    Vec<(
        crate::rules::world::Battle,
        String,
        Vec<crate::rules::NationCode>,
    )>,
> {
    engine::dated_battles(store, &loaded.campaign, now)
}

/// Resolves the open phase when it is due (its deadline plus the grace, or every order
/// in with `[run] early`), or mails the referee the preview under `resolve = "preview"`;
/// closes an encounter whose deadline passed. A phase that cannot be resolved yet (a
/// battle waits for its result) is said, not failed.
pub(super) fn resolve(dir: &Path, loaded: &Loaded, now: &str) -> Result<Option<Action>> {
    let mut store = Store::open_write(dir, COMMAND)?;
    let current = store.current()?;
    if current.resolved_at.is_some() {
        return Ok(None);
    }
    let key = current.id.key();
    let run = &loaded.config.run;
    let p = engine::prepare(&store, &loaded.campaign, &loaded.words)?;
    let encounter_due = match exchange::open_encounter(&p.steps) {
        Some((open, _)) => Some(
            exchange::deadline_of(&store, &key, &open)?
                .as_deref()
                .is_some_and(|d| deadline::passed(d, now)),
        ),
        None => None,
    };
    // Whether the phase is due by its deadline, or ready before it (early resolution).
    let mut early = false;
    let due = match encounter_due {
        // The round waits at an encounter: only its own deadline moves it on.
        Some(due) => due,
        None => {
            let at = store.deadline(&key)?;
            let by_deadline = match at.as_deref() {
                Some(d) => {
                    schedule::resolve_at(schedule::parse(d)?, run.grace_minutes)
                        <= schedule::parse(now)?
                }
                None => false,
            };
            // Early, but never over a late file the referee has not decided on: the
            // grace is the time to refuse it (a play-test's late file made every order
            // "in", and the round went in the same pass, the club told it could still
            // be refused).
            let undecided_late = match at.as_deref() {
                Some(d) if deadline::passed(d, now) => store
                    .late_files(&key, d)?
                    .iter()
                    .any(|f| f.active && f.verdict.is_none()),
                _ => false,
            };
            // The winter takes no orders, so "every order in" says nothing of it: it goes
            // at its deadline (`winter_days`) or when the referee resolves it, as the
            // reports tell the clubs (a play-test's winter went at the next pass of a
            // service run `early`, while every report said the referee would resolve it).
            let winter = key.ends_with("-winter");
            let all_in = p.missing.is_empty() && p.flawed.is_empty();
            early = !by_deadline;
            by_deadline || (run.early && !winter && all_in && !undecided_late)
        }
    };
    if !due {
        return Ok(None);
    }
    if run.resolve == ResolveMode::Preview && encounter_due.is_none() {
        return preview(&mut store, loaded, &key, now);
    }
    // G0: clubs silent long enough fall into civil disorder as the phase goes.
    if encounter_due.is_none() {
        engine::disorder::before_resolving(
            &mut store,
            &loaded.campaign,
            &loaded.config,
            &loaded.words,
            now,
            COMMAND,
        )?;
    }
    let ran = engine::resolve_open_phase(
        &mut store,
        &loaded.campaign,
        false,
        false,
        now,
        COMMAND,
        &loaded.words,
        Some(&loaded.mailing()),
    );
    match ran {
        Ok(ran) => Ok(Some(ran_action(&store, ran))),
        Err(e) if matches!(e.kind(), ErrorKind::User) => {
            // A round held for the table is told to every club, once.
            let told = engine::waits::notices(
                &store,
                &loaded.campaign,
                &loaded.config,
                &loaded.words,
                now,
            )?;
            store.queue_noted(&told, now, COMMAND, &|n| {
                let clubs = if n == 1 { "club" } else { "clubs" };
                format!("{n} {clubs} told that {key} waits for battles' results")
            })?;
            Ok(Some(Action::Waiting {
                phase: key,
                early,
                why: e.to_string(),
            }))
        }
        Err(e) => Err(e),
    }
}

/// Mails the referee what resolving the open phase would send, once per phase and
/// deadline, and leaves the resolving to `giglio resolve`.
fn preview(store: &mut Store, loaded: &Loaded, key: &str, now: &str) -> Result<Option<Action>> {
    // Dated at the deadline, so the same state gives the same preview at every pass
    // (one message), and a file that changes it (a late order) a new one.
    let deadline = store.deadline(key)?;
    let dated = deadline.clone().unwrap_or_else(|| now.to_owned());
    let msgs = engine::preview_mail(store, &loaded.campaign, &dated, &loaded.mailing())?;
    let salt = format!("{key} {}", deadline.unwrap_or_default());
    let Some(mail) = post::notice::preview(
        &loaded.campaign,
        &loaded.config,
        &loaded.words,
        key,
        &msgs,
        &salt,
        &dated,
    )?
    else {
        return Ok(Some(Action::Waiting {
            phase: key.to_owned(),
            early: false,
            why: "resolve = \"preview\" but giglio.toml names no referee address to mail it to: resolve with `giglio resolve`".to_owned(),
        }));
    };
    if store.has_message(&mail.message_id)? {
        return Ok(None);
    }
    store.queue_noted(std::slice::from_ref(&mail), now, COMMAND, &|_| {
        format!("preview of {key} queued to the referee")
    })?;
    Ok(Some(Action::Previewed {
        phase: key.to_owned(),
    }))
}

/// What a resolution did, as an action.
fn ran_action(store: &Store, ran: Ran) -> Action {
    match ran {
        Ran::Resolved(r) => Action::Resolved {
            phase: r.before.phase.key(),
            next: r.resolution.next.as_ref().map(|w| w.phase.key()),
        },
        Ran::Paused(p) => Action::Asked {
            phase: store.current().map(|c| c.id.key()).unwrap_or_default(),
            encounter: p.asked.id.clone(),
        },
    }
}

/// Sends the outbox, as `giglio mail send` does (its retry policy included).
/// A welcome written before the referee gave `giglio.toml` its real addresses is
/// written again first (with a new secret, the old one never having gone out).
pub(super) fn send(dir: &Path, loaded: &Loaded) -> Result<deliver::Sent> {
    let config = &loaded.config;
    let mut store = Store::open_write(dir, COMMAND)?;
    if store.outbox_count(Status::Queued)? == 0 {
        return Ok(deliver::Sent::default());
    }
    let parts = crate::engine::welcomes::Parts {
        env: &loaded.env,
        config,
        campaign: &loaded.campaign,
        definition: &loaded.definition,
    };
    crate::engine::welcomes::renew_before_sending(
        &mut store,
        &parts,
        &crate::clock::now(),
        COMMAND,
    )?;
    let sink = deliver::sink(dir, config, None)?;
    deliver::send_queued(&mut store, &sink, &crate::clock::now, &|_, _| {})
}

/// The next thing the service will do: a reminder, the resolution (or preview) of the
/// open phase, or the close of an encounter, whichever comes first.
pub(super) fn next(dir: &Path, loaded: &Loaded, now: &str, held: bool) -> Result<Option<Next>> {
    if held {
        return Ok(None);
    }
    let store = Store::open_read(dir)?;
    let current = store.current()?;
    if current.resolved_at.is_some() {
        return Ok(None);
    }
    let key = current.id.key();
    let run = &loaded.config.run;
    let at_now = schedule::parse(now)?;
    let p = engine::prepare(&store, &loaded.campaign, &loaded.words)?;
    let mut candidates = Vec::new();
    if let Some((open, _)) = exchange::open_encounter(&p.steps) {
        if let Some(d) = &exchange::deadline_of(&store, &key, &open)? {
            candidates.push((
                schedule::parse(d)?,
                format!("close encounter {} of {key}", open.asked.id),
            ));
        }
    } else if let Some(stored) = store.deadline(&key)? {
        let d = schedule::parse(&stored)?;
        if !p.missing.is_empty()
            && let Some((hours, at)) = schedule::next_reminder(d, at_now, &run.reminders)
        {
            candidates.push((
                at,
                format!("remind the clubs missing for {key} ({hours} h before)"),
            ));
        }
        let at = schedule::resolve_at(d, run.grace_minutes);
        // Past its time, a round waiting for battles' results is resolved once they
        // come: the next thing the service does is a battle's fallback at its play-by
        // date, if one has a date (else it waits for the clubs or the referee).
        // Before its time too: a play-test read "next: resolve" at the deadline of a round
        // a battle's result would hold past it.
        let waiting = engine::waiting_battles(&store, &loaded.campaign, now)?;
        let fallback = match loaded.campaign.tables.rulings.battle_fallback {
            crate::rules::tables::BattleFallback::Auto => "auto-resolve",
            crate::rules::tables::BattleFallback::Hold => "remind the referee of",
        };
        let mut dated = Vec::new();
        for (b, by) in &waiting {
            if let Some(by) = by {
                dated.push((schedule::parse(by)?.max(at_now), b.id.clone()));
            }
        }
        dated.sort();
        let earliest = dated.first().cloned();
        if at <= at_now && !waiting.is_empty() {
            if let Some((by, id)) = earliest {
                candidates.push((
                    by,
                    format!("{fallback} battle {id} (its play-by date), then resolve {key}"),
                ));
            }
            return Ok(first(candidates));
        }
        let ids: Vec<&str> = waiting.iter().map(|(b, _)| b.id.as_str()).collect();
        // Every battle with a play-by date is named with it: a play-test read only the
        // earliest and took the other (a dispute) to wait for the referee.
        let mut fallbacks = Vec::new();
        for (by, id) in &dated {
            fallbacks.push(format!(
                "battle {id} at its play-by date, {}",
                crate::engine::deadline::display(&schedule::write(*by), tz(loaded)?)
            ));
        }
        let held_by = match (ids.as_slice(), fallbacks.as_slice()) {
            ([], _) => String::new(),
            (_, []) => format!(
                ", once {} {} in",
                results(&ids),
                if ids.len() == 1 { "is" } else { "are" }
            ),
            (_, some) => format!(
                ", once {} {} in (else {fallback} {})",
                results(&ids),
                if ids.len() == 1 { "is" } else { "are" },
                some.join("; ")
            ),
        };
        match run.resolve {
            // The time is the deadline and the grace after it: said so, since a play-test
            // read a time past the deadline it knew and took it for a stale plan.
            ResolveMode::Auto if run.grace_minutes > 0 => candidates.push((
                at,
                format!(
                    "resolve {key} (its deadline, {}, and {} min of grace){held_by}",
                    crate::engine::deadline::display(&stored, tz(loaded)?),
                    run.grace_minutes
                ),
            )),
            ResolveMode::Auto => candidates.push((at, format!("resolve {key}{held_by}"))),
            // Once the preview went, the referee's `giglio resolve` is next.
            ResolveMode::Preview if at > at_now => {
                candidates.push((at, format!("mail the referee the preview of {key}")));
            }
            ResolveMode::Preview => {}
        }
    }
    Ok(first(candidates))
}

/// "the result of battle X", "the results of battles X, Y".
fn results(ids: &[&str]) -> String {
    match ids {
        [one] => format!("the result of battle {one}"),
        many => format!("the results of battles {}", many.join(", ")),
    }
}

/// The campaign's time zone, as deadlines are shown in it.
fn tz(loaded: &Loaded) -> Result<chrono_tz::Tz> {
    crate::engine::deadline::zone(&loaded.campaign.time_zone)
}

/// The earliest of the candidate actions.
fn first(candidates: Vec<(chrono::DateTime<chrono::FixedOffset>, String)>) -> Option<Next> {
    candidates
        .into_iter()
        .min_by_key(|(at, _)| *at)
        .map(|(at, what)| Next {
            at: schedule::write(at),
            what,
        })
}
