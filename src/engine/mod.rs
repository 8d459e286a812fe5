//! Running a phase for the referee: gather the active order files, check the phase is
//! ready, resolve it with the phase's seeded dice, and save the result in one
//! transaction. The shell around `rules::resolve`.

use crate::diag::Diagnostic;
use crate::error::{Error, Result};
use crate::mail::outbox::{self, Mailing};
use crate::orders;
use crate::rules::battles::BattleOutcome;
use crate::rules::calendar::Phase;
use crate::rules::dice::{Dice, Roll, SeededDice};
use crate::rules::order::OrderSet;
use crate::rules::resolve::{Resolution, Unresolvable, resolve, with_steps};
use crate::rules::tables::Lang;
use crate::rules::{Campaign, NationCode, World};
use crate::storage::{Advance, Store};
use std::collections::BTreeMap;

mod audit;
mod battles;

pub use audit::{Audit, audit};
pub use battles::{
    AutoDetail, AutoResolved, BattleState, News, auto_allowed, auto_resolve, battle_card,
    battle_state, find_battle, intended_ruleset, news_mail, record, settle, state_of,
};

/// A phase ready to be resolved.
pub struct Prepared {
    pub world: World,
    pub orders: BTreeMap<NationCode, OrderSet>,
    /// The results of last round's battles that are settled.
    pub results: BTreeMap<String, BattleOutcome>,
    /// Every pending battle and where its result stands.
    pub battles: Vec<(String, BattleState)>,
    /// Clubs whose orders the phase waits for and has not received.
    pub missing: Vec<NationCode>,
    /// Problems in stored files (possible only if the definition was edited since).
    pub problems: Vec<Diagnostic>,
}

/// Gathers the open phase's world and active orders.
pub fn prepare(store: &Store, campaign: &Campaign) -> Result<Prepared> {
    let current = store.current()?;
    if current.resolved_at.is_some() {
        return Err(Error::user(
            "the campaign is over: its last winter is resolved (`giglio undo` reopens it)",
        ));
    }
    let world = current.world;
    let key = world.phase.key();
    let mut orders = BTreeMap::new();
    let mut problems = Vec::new();
    for f in store.orders(&key, true)? {
        let shown = format!("{} orders of {} (receipt {})", key, f.nation, f.id);
        let lowered = orders::lower(
            &shown,
            f.text.as_bytes(),
            campaign,
            Some(world.phase),
            Lang::En,
        );
        problems.extend(lowered.fatal);
        problems.extend(lowered.diagnostics);
        if let Some(h) = lowered.header {
            orders.insert(h.club, phase_orders(campaign, lowered.orders));
        }
    }
    let waits = !matches!(world.phase.phase, Phase::Winter);
    let missing = if waits {
        world
            .clubs
            .iter()
            .filter(|c| !orders.contains_key(*c))
            .cloned()
            .collect()
    } else {
        Vec::new()
    };
    let mut results = BTreeMap::new();
    let mut battles = Vec::new();
    for b in &world.battles {
        let state = battle_state(store, b)?;
        if let BattleState::Agreed { outcome } = &state {
            results.insert(b.id.clone(), outcome.clone());
        }
        battles.push((b.id.clone(), state));
    }
    Ok(Prepared {
        world,
        orders,
        results,
        battles,
        missing,
        problems,
    })
}

/// The orders a phase resolves from a club's file: under the ruling
/// `battle_results_at_once`, the battle results and orders of battle it carries were
/// taken when the file arrived (they are not orders of the phase); before that ruling
/// they stay, and the rules refuse them as they always did.
pub fn phase_orders(campaign: &Campaign, set: OrderSet) -> OrderSet {
    crate::submission::battle_kinds(campaign, &set).1
}

/// The open phase's steps so far, in order.
fn steps_of(store: &Store, key: &str) -> Result<Vec<crate::rules::resolve::StepResolution>> {
    Ok(store.steps(key)?.into_iter().map(|s| s.result).collect())
}

/// Resolves a prepared phase with the given dice.
pub fn run(campaign: &Campaign, p: &Prepared, dice: &mut dyn Dice) -> Result<Resolution> {
    resolve(campaign, &p.world, &p.orders, &p.results, dice).map_err(|e| match e {
        Unresolvable::BattlesPending(ids) => Error::user(format!(
            "{} cannot be resolved while battles wait for their result: {} (see `giglio battle list`)",
            p.world.phase,
            ids.join(", ")
        )),
        Unresolvable::ContactExchange => Error::user(
            "contact_exchange = true in rules.toml: this version settles encounters by standing choices only; set it to false",
        ),
    })
}

/// What `resolve_open_phase` did.
pub struct Resolved {
    pub resolution: Resolution,
    pub rolls: Vec<Roll>,
    pub before: World,
}

/// Resolves the open phase and saves it, refusing while clubs' orders are missing
/// unless `force` or the phase's deadline has passed (missing clubs then hold). With
/// `dry_run`, nothing is saved. With `mailing`, every report of the phase is rendered
/// and queued in the same transaction that saves it.
pub fn resolve_open_phase(
    store: &mut Store,
    campaign: &Campaign,
    force: bool,
    dry_run: bool,
    now: &str,
    command: &str,
    mailing: Option<&Mailing>,
) -> Result<Resolved> {
    let p = prepare(store, campaign)?;
    let key = p.world.phase.key();
    let deadline = store.deadline(&key)?;
    let past_deadline = deadline
        .as_deref()
        .is_some_and(|d| crate::mail::deadline::passed(d, now));
    if !p.missing.is_empty() && !force && !dry_run && !past_deadline {
        let list: Vec<&str> = p.missing.iter().map(NationCode::as_str).collect();
        let due = match &deadline {
            Some(d) => format!(" (orders are due {d})"),
            None => String::new(),
        };
        return Err(Error::user(format!(
            "{} waits for orders from {}{due}; resolve with `--force` to let them hold",
            p.world.phase,
            list.join(", ")
        )));
    }
    let mut dice = SeededDice::new(store.phase_seed()?);
    let resolution = with_steps(&steps_of(store, &key)?, run(campaign, &p, &mut dice)?);
    let rolls = dice.log().to_vec();
    if !dry_run {
        let (outbox, next_deadline) = match mailing {
            Some(m) => {
                crate::failpoint::hit("resolve.render.before");
                let mail = phase_mail(store, campaign, &p, &resolution, rolls.len(), m, now)?;
                crate::failpoint::hit("resolve.render.after");
                mail
            }
            None => (Vec::new(), None),
        };
        let description = match &resolution.next {
            Some(next) => format!(
                "resolve {}: {} is open; {} messages queued",
                p.world.phase,
                next.phase,
                outbox.len()
            ),
            None => format!(
                "resolve {}: the campaign is over; {} messages queued",
                p.world.phase,
                outbox.len()
            ),
        };
        store.advance(Advance {
            next: resolution.next.as_ref(),
            resolution: Some(&resolution),
            rolls: &rolls,
            now,
            command,
            description: &description,
            outbox: &outbox,
            deadline: next_deadline.as_deref(),
        })?;
    }
    Ok(Resolved {
        resolution,
        rolls,
        before: p.world,
    })
}

/// Renders every message a resolution sends (reports, bulletin, the referee's) and the
/// next phase's deadline; `resolve` queues them, `resolve --dry-run --out` shows them.
fn phase_mail(
    store: &Store,
    campaign: &Campaign,
    p: &Prepared,
    resolution: &Resolution,
    rolls: usize,
    m: &Mailing,
    now: &str,
) -> Result<(Vec<crate::storage::OutMessage>, Option<String>)> {
    let sent: Vec<NationCode> = p.orders.keys().cloned().collect();
    let (facts, deadline) =
        outbox::facts(store, campaign, &p.world, resolution, &sent, m.config, now)?;
    let phase = outbox::ResolvedPhase {
        before: &p.world,
        resolution,
        facts: &facts,
        rolls,
    };
    let msgs = outbox::phase_messages(store, campaign, &phase, m, now)?;
    Ok((msgs, deadline))
}

/// What `resolve --dry-run` would send: the messages of resolving the open phase now,
/// rendered exactly as `resolve` would queue them; nothing is saved.
pub fn preview_mail(
    store: &Store,
    campaign: &Campaign,
    now: &str,
    mailing: &Mailing,
) -> Result<Vec<crate::storage::OutMessage>> {
    let p = prepare(store, campaign)?;
    let mut dice = SeededDice::new(store.phase_seed()?);
    let steps = steps_of(store, &p.world.phase.key())?;
    let resolution = with_steps(&steps, run(campaign, &p, &mut dice)?);
    let rolls = dice.log().len();
    Ok(phase_mail(store, campaign, &p, &resolution, rolls, mailing, now)?.0)
}
