//! Resolving a phase: the single entry point from the shell into the rules.
//!
//! `resolve(campaign, world, orders, dice)` is a pure function: the same inputs and
//! seed give a byte-identical [`Resolution`]. [`check_orders`] runs the same code on one
//! club's orders alone, so `giglio orders check` and `giglio resolve` can never disagree
//! about whether an order is legal.

use super::battles::BattleOutcome;
use super::calendar::Phase;
use super::campaign::Campaign;
use super::dice::{Dice, SeededDice};
use super::exchange::{Asked, Exchange};
use super::ids::NationCode;
use super::ledger::Ledger;
use super::order::OrderSet;
use super::outcome::{Done, Event, OrderOutcome, Outcome, Reason};
use super::step::Step;
use super::world::World;
use super::{spring, summer, winter};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Everything a phase's resolution produced.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Resolution {
    /// The world at the opening of the next phase; `None` when the campaign is over.
    pub next: Option<World>,
    pub outcomes: Vec<OrderOutcome>,
    pub events: Vec<Event>,
    pub ledger: Ledger,
}

/// Why the open phase cannot be resolved yet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unresolvable {
    /// G3c.7: battles of an earlier round wait for their result from the table.
    BattlesPending(Vec<String>),
    /// G3c.3, contact-exchange mode: the round stopped at an encounter that waits for
    /// clubs' choices (nothing of the round is kept).
    Encounter(Box<Asked>),
}

/// Resolves the world's open phase with every club's orders. In contact-exchange mode
/// (G3c.3) a round stops at its first encounter: the clubs have answered nothing yet.
pub fn resolve(
    campaign: &Campaign,
    world: &World,
    orders: &BTreeMap<NationCode, OrderSet>,
    results: &BTreeMap<String, BattleOutcome>,
    dice: &mut dyn Dice,
) -> Result<Resolution, Unresolvable> {
    let asking = Exchange {
        asking: true,
        ..Exchange::default()
    };
    resolve_with(campaign, world, orders, results, &asking, dice)
}

/// Resolves the world's open phase with every club's orders and, in contact-exchange
/// mode (G3c.3), the clubs' answers to the round's encounters so far: the round stops
/// at the first encounter still waiting for a choice (see `rules::exchange`). Without
/// the ruling, or with `exchange.asking` off, standing choices settle every encounter.
pub fn resolve_with(
    campaign: &Campaign,
    world: &World,
    orders: &BTreeMap<NationCode, OrderSet>,
    results: &BTreeMap<String, BattleOutcome>,
    exchange: &Exchange,
    dice: &mut dyn Dice,
) -> Result<Resolution, Unresolvable> {
    let waiting: Vec<String> = world
        .battles
        .iter()
        .filter(|b| !results.contains_key(&b.id))
        .map(|b| b.id.clone())
        .collect();
    if !waiting.is_empty() {
        return Err(Unresolvable::BattlesPending(waiting));
    }
    let mut step = Step::new(campaign, world, dice);
    if campaign.tables.rulings.contact_exchange && exchange.asking {
        step.exchange = exchange.clone();
    }
    // G3c.7: last round's battles end before anything else happens.
    for battle in world.battles.clone() {
        // A battle an earlier result made lapse (`battle_lapses_when_a_side_is_gone`)
        // is no longer pending: its result is not applied.
        if step.w.battles.iter().any(|b| b.id == battle.id) {
            super::battles::apply(&mut step, &battle, &results[&battle.id]);
        }
    }
    match world.phase.phase {
        Phase::Spring => spring::resolve(&mut step, orders),
        Phase::Winter => winter::resolve(&mut step, orders),
        Phase::Round(_) => summer::resolve(&mut step, orders),
    }
    // G5.3: the couriers ride once the round's moves are done.
    if step.paused.is_none() {
        super::couriers::ride(&mut step);
    }
    match step.paused.take() {
        Some(asked) => Err(Unresolvable::Encounter(Box::new(asked))),
        None => Ok(finish(step)),
    }
}

/// What a step inside an open phase produced (a battle's result applied mid-phase): the
/// world after it and what happened. The phase stays open: its resolution later starts
/// from this world, and its stored resolution carries the steps' events and ledger
/// first, in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StepResolution {
    pub world: World,
    pub events: Vec<Event>,
    pub(crate) ledger: Ledger,
}

/// Applies one pending battle's outcome to the open phase's world, as a step of the
/// phase (G3c.7): losses, the retreat or destruction, the news. `None` if no battle of
/// that id is pending.
pub fn apply_battle(
    campaign: &Campaign,
    world: &World,
    outcome: &BattleOutcome,
    dice: &mut dyn Dice,
) -> Option<StepResolution> {
    let battle = world
        .battles
        .iter()
        .find(|b| b.id == outcome.battle)?
        .clone();
    let mut step = Step::new(campaign, world, dice);
    super::battles::apply(&mut step, &battle, outcome);
    Some(StepResolution {
        world: step.w,
        events: step.events,
        ledger: step.ledger,
    })
}

/// A phase's resolution with the steps taken while it was open put first, as if they
/// had happened at its start (which is where the rules place them).
pub(crate) fn with_steps(steps: &[StepResolution], r: Resolution) -> Resolution {
    if steps.is_empty() {
        return r;
    }
    let mut events: Vec<Event> = steps.iter().flat_map(|s| s.events.clone()).collect();
    events.extend(r.events);
    let mut entries: Vec<_> = steps
        .iter()
        .flat_map(|s| s.ledger.entries.clone())
        .collect();
    entries.extend(r.ledger.entries);
    Resolution {
        events,
        ledger: Ledger { entries },
        ..r
    }
}

/// Resolves the open phase with `nation`'s orders alone, on a copy of the world, and
/// returns the outcomes of its orders: what `giglio orders check` reports.
///
/// A rejection that hangs on other clubs' hidden pieces (an assassin's target, enemy
/// forces where a fleet lands) is left out: a check may be repeated at will before the
/// deadline, and must not be a free scout (G7.2, G7.4). Such orders are judged when the
/// phase is resolved.
pub fn check_orders(
    campaign: &Campaign,
    world: &World,
    nation: &NationCode,
    set: &OrderSet,
) -> Result<Vec<OrderOutcome>, Unresolvable> {
    // The dice of a check are never the phase's: a check must not reveal any roll.
    let mut dice = SeededDice::new([0; 32]);
    let orders = BTreeMap::from([(nation.clone(), set.clone())]);
    // Alone, a club's orders meet only other clubs' standing pieces: its encounters go
    // by standing choices (in contact-exchange mode the club will be asked).
    let r = resolve_with(
        campaign,
        world,
        &orders,
        &BTreeMap::new(),
        &Exchange::standing(),
        &mut dice,
    )?;
    Ok(r.outcomes
        .into_iter()
        .filter(|o| &o.nation == nation)
        .filter(|o| !hangs_on_hidden_facts(&o.result))
        .collect())
}

/// The phase's resolution from its finished step: the world opens the next phase, unless
/// the campaign ended with this one.
fn finish(mut step: Step) -> Resolution {
    let cal = &step.c.tables.calendar;
    let next = if step.over {
        None
    } else {
        match step.w.phase.next(cal.rounds, cal.last_year()) {
            Some(p) => {
                step.w.phase = p;
                Some(step.w)
            }
            None => None,
        }
    };
    Resolution {
        next,
        outcomes: step.outcomes,
        events: step.events,
        ledger: step.ledger,
    }
}

/// Returns whether an outcome tells something about other clubs' hidden pieces: every
/// assassin's mission (sent or not, its target is there or not) and a blocked landing.
fn hangs_on_hidden_facts(result: &Outcome) -> bool {
    matches!(
        result,
        Outcome::Rejected {
            reason: Reason::TargetNotFound | Reason::LandingBlocked { .. },
            ..
        } | Outcome::Done(Done::AssassinSent { .. } | Done::AssassinFoundNoTarget)
    )
}
