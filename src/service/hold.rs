//! The referee's hand on the clock: `giglio hold` stops it (the service then resolves
//! and reminds nothing; `undo` holds it too, or the service would resolve again at
//! once), `giglio resume` starts it again, moving the open deadline on by the hold's
//! length and telling every club the new one (unless the next pass resolves the phase
//! anyway: early resolution with every club's file in).

use super::{Loaded, schedule};
use crate::engine::{deadline, post};
use crate::error::Result;
use crate::storage::Store;
use std::path::Path;

/// What `resume` did.
#[derive(Clone, Debug, serde::Serialize, schemars::JsonSchema)]
pub(crate) struct Resumed {
    /// When the hold began.
    pub(crate) held_since: String,
    /// How long it lasted, as people read it.
    pub(crate) held_for: String,
    /// The open phase's deadline moved on by the hold: (phase, from, to).
    pub(crate) moved: Option<(String, String, String)>,
    /// Notices queued to the clubs.
    pub(crate) queued: usize,
    /// The phase goes at the service's next pass (`[run] early`, every club's file in),
    /// so no club was told a new deadline for it.
    pub(crate) goes_at_once: bool,
}

/// Stops the clock; returns how many clubs were told, `None` when it was held already.
/// With `tell`, every club
/// still playing is told at once, with the referee's reason (an undo's hold is the
/// referee's own work, told when the phase is resolved again).
pub(crate) fn hold(
    store: &mut Store,
    reason: &str,
    tell: Option<&Loaded>,
    now: &str,
    command: &str,
) -> Result<Option<usize>> {
    if store.service()?.held_since.is_some() {
        return Ok(None);
    }
    let notices = match tell {
        Some(loaded) => held_notices(store, loaded, reason, now)?,
        None => Vec::new(),
    };
    let held = store.hold(reason, &notices, now, command)?;
    Ok(held.then_some(notices.len()))
}

/// The notice that the clock stopped, to every club still playing, in its language.
fn held_notices(
    store: &Store,
    loaded: &Loaded,
    reason: &str,
    now: &str,
) -> Result<Vec<crate::storage::OutMessage>> {
    let current = store.current()?;
    if current.resolved_at.is_some() {
        return Ok(Vec::new());
    }
    let clubs = store.clubs()?;
    let playing: Vec<&crate::storage::Club> = clubs
        .iter()
        .filter(|c| current.world.is_club(&c.nation))
        .collect();
    let title = loaded.campaign.title_it.as_str();
    let reason = reason.trim();
    let say = |w: &crate::words::Words, lang: crate::rules::tables::Lang, name: &str| {
        (
            crate::t!(w, lang, "desk-hold-subject", campaign = title, phase = name),
            crate::t!(
                w,
                lang,
                "desk-hold-text",
                phase = name,
                reason = if reason.is_empty() { "none" } else { reason }
            ),
        )
    };
    let notice = post::notice::Notice {
        kind: "deadline",
        phase: current.id,
        salt: format!("hold {now}"),
        say: &say,
    };
    post::notice::to_clubs(
        &loaded.campaign,
        &loaded.config,
        &playing,
        &notice,
        &loaded.words,
        now,
    )
}

/// Starts the clock again; `None` when it was not held.
pub(crate) fn resume(
    dir: &Path,
    loaded: &Loaded,
    now: &str,
    command: &str,
) -> Result<Option<Resumed>> {
    let mut store = Store::open_write(dir, command)?;
    let Some(since) = store.service()?.held_since else {
        return Ok(None);
    };
    let held = (schedule::parse(now)? - schedule::parse(&since)?).max(chrono::Duration::zero());
    let held_for = schedule::span(held);
    let current = store.current()?;
    let key = current.id.key();
    // A phase opened during the hold (the referee resolved the undone phase by hand)
    // got its deadline when it opened: the hold took none of its time, so it stays (a
    // play-test's clubs were told of a 3-minute hold and a deadline off its hour).
    let opened_during = schedule::parse(&current.opened_at)? > schedule::parse(&since)?;
    let stored = if current.resolved_at.is_none() && !opened_during {
        store.deadline(&key)?
    } else {
        None
    };
    let mut moved = Vec::new();
    let mut notices = Vec::new();
    // With early resolution and every club's file in, the next pass resolves the phase:
    // a notice of its new deadline would go out beside its report (a play-test's clubs
    // got both in one pass), so none is queued; `undo`'s correction said it could go.
    let goes_at_once = current.resolved_at.is_none()
        && crate::engine::goes_early_when_reopened(
            &store,
            &loaded.campaign,
            &loaded.config,
            &loaded.words,
            &current.world,
        )?;
    // A deadline the hold does not carry past now (one that had passed when an undo held
    // the clock) is not told: the phase is resolved at the next pass, and a notice of
    // a time already gone would only mislead (a play-test got one).
    let ahead = |to: &str| -> Result<bool> { Ok(schedule::parse(to)? > schedule::parse(now)?) };
    if let Some(stored) = &stored {
        let to = schedule::write(schedule::parse(stored)? + held);
        let tz = deadline::zone(&loaded.campaign.time_zone)?;
        if ahead(&to)? && !goes_at_once {
            notices = post::notice::deadline(
                &loaded.campaign,
                &loaded.config,
                &store.clubs()?,
                &current.world,
                current.id,
                post::notice::Moved {
                    at: &to,
                    tz,
                    why: "desk-deadline-resume-text",
                    minutes: held.num_minutes(),
                },
                &loaded.words,
                now,
            )?;
        }
        moved.push((key.clone(), to));
    }
    // An encounter the round waits at has its own deadline, moved on by the hold too.
    if current.resolved_at.is_none()
        && let Some((open, at, _)) = crate::engine::exchange::open_deadline(&store, &key)?
    {
        let to = schedule::write(schedule::parse(&at)? + held);
        if ahead(&to)? {
            notices.extend(crate::engine::exchange::moved_notices(
                &store,
                (&loaded.campaign, &loaded.config, &loaded.words),
                (&key, &open, &to),
                ("exchange-deadline-resume-text", held.num_minutes()),
                now,
            )?);
        }
        moved.push((
            crate::engine::exchange::deadline_key(&key, &open.asked.id),
            to,
        ));
    }
    // The hold is the referee's, not the service's absence: the service's last pass
    // moves on by the hold, so a pass after `resume` counts as away only what it
    // missed before the hold (a play-test's first pass after an undo's hold called
    // the hold an outage and moved a deadline `resume` said had passed).
    let last_pass = match store.service()?.last_pass {
        Some(last) => {
            let last = schedule::parse(&last)?;
            let before = (schedule::parse(&since)? - last).max(chrono::Duration::zero());
            Some(schedule::write((schedule::parse(now)? - before).max(last)))
        }
        None => None,
    };
    store.resume(&moved, &notices, last_pass.as_deref(), now, command)?;
    drop(store);
    let next = super::steps::next(dir, loaded, now, false)?;
    Store::open_write(dir, command)?
        .record_plan(next.as_ref().map(|n| (n.at.as_str(), n.what.as_str())))?;
    Ok(Some(Resumed {
        held_since: since,
        held_for,
        moved: stored
            .zip(moved.first().map(|m| m.1.clone()))
            .map(|(from, to)| (key, from, to)),
        queued: notices.len(),
        goes_at_once,
    }))
}
