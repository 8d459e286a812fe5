//! Running a phase for the referee: gather the active order files, check the phase is
//! ready, resolve it with the phase's seeded dice, and save the result in one
//! transaction. The shell around `rules::resolve`.

use crate::diag::Diagnostic;
use crate::error::{Error, Result};
use crate::orders;
use crate::rules::calendar::Phase;
use crate::rules::dice::{Dice, Roll, SeededDice};
use crate::rules::order::OrderSet;
use crate::rules::resolve::{Resolution, Unresolvable, resolve};
use crate::rules::tables::Lang;
use crate::rules::{Campaign, NationCode, World};
use crate::storage::{Advance, Store};
use std::collections::BTreeMap;

/// A phase ready to be resolved.
pub struct Prepared {
    pub world: World,
    pub orders: BTreeMap<NationCode, OrderSet>,
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
            orders.insert(h.club, lowered.orders);
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
    Ok(Prepared {
        world,
        orders,
        missing,
        problems,
    })
}

/// Resolves a prepared phase with the given dice.
pub fn run(campaign: &Campaign, p: &Prepared, dice: &mut dyn Dice) -> Result<Resolution> {
    resolve(campaign, &p.world, &p.orders, dice).map_err(|e| match e {
        Unresolvable::BattlesPending(ids) => Error::user(format!(
            "{} cannot be resolved while battles wait for their result: {} (see `giglio status`)",
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
/// unless `force` (missing clubs then hold). With `dry_run`, nothing is saved.
pub fn resolve_open_phase(
    store: &mut Store,
    campaign: &Campaign,
    force: bool,
    dry_run: bool,
    now: &str,
    command: &str,
) -> Result<Resolved> {
    let p = prepare(store, campaign)?;
    if !p.missing.is_empty() && !force && !dry_run {
        let list: Vec<&str> = p.missing.iter().map(NationCode::as_str).collect();
        return Err(Error::user(format!(
            "{} waits for orders from {}; resolve with `--force` to let them hold",
            p.world.phase,
            list.join(", ")
        )));
    }
    let mut dice = SeededDice::new(store.phase_seed()?);
    let resolution = run(campaign, &p, &mut dice)?;
    let rolls = dice.log().to_vec();
    if !dry_run {
        let description = match &resolution.next {
            Some(next) => format!("resolve {}: {} is open", p.world.phase, next.phase),
            None => format!("resolve {}: the campaign is over", p.world.phase),
        };
        store.advance(Advance {
            next: resolution.next.as_ref(),
            resolution: Some(&resolution),
            rolls: &rolls,
            now,
            command,
            description: &description,
        })?;
    }
    Ok(Resolved {
        resolution,
        rolls,
        before: p.world,
    })
}
