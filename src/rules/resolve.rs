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
use super::ids::{ArmyId, Ducats, NationCode};
use super::ledger::{Account, Item, Ledger};
use super::occupancy::Occupancy;
use super::order::{Order, OrderSet};
use super::outcome::{Audience, Done, Event, Happening, OrderOutcome, Outcome, Reason};
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
        super::battles::apply(&mut step, &battle, &results[&battle.id]);
    }
    match world.phase.phase {
        Phase::Spring => spring::resolve(&mut step, orders),
        Phase::Winter => winter::resolve(&mut step, orders),
        Phase::Round(_) => summer::resolve(&mut step, orders),
    }
    match step.paused.take() {
        Some(asked) => Err(Unresolvable::Encounter(Box::new(asked))),
        None => Ok(step.finish()),
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
    pub ledger: Ledger,
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
pub fn with_steps(steps: &[StepResolution], r: Resolution) -> Resolution {
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

/// The working state of one resolution.
pub(super) struct Step<'a> {
    pub c: &'a Campaign,
    pub w: World,
    pub dice: &'a mut dyn Dice,
    pub ledger: Ledger,
    pub outcomes: Vec<OrderOutcome>,
    pub events: Vec<Event>,
    /// Set when the campaign ends with this phase.
    pub over: bool,
    /// Who stands at each node: refreshed after every change of a piece's place.
    pub occ: Occupancy,
    /// G3c.3: the clubs' answers to the round's encounters (not asking: standing
    /// choices), the encounters met so far, and the one the round stopped at.
    pub exchange: Exchange,
    pub encounters: u32,
    pub paused: Option<Asked>,
}

impl<'a> Step<'a> {
    fn new(c: &'a Campaign, w: &World, dice: &'a mut dyn Dice) -> Self {
        Step {
            c,
            w: w.clone(),
            dice,
            ledger: Ledger::default(),
            outcomes: Vec::new(),
            events: Vec::new(),
            over: false,
            occ: Occupancy::of(w),
            exchange: Exchange::standing(),
            encounters: 0,
            paused: None,
        }
    }

    fn finish(mut self) -> Resolution {
        let cal = &self.c.tables.calendar;
        let next = if self.over {
            None
        } else {
            match self.w.phase.next(cal.rounds, cal.last_year()) {
                Some(p) => {
                    self.w.phase = p;
                    Some(self.w)
                }
                None => None,
            }
        };
        Resolution {
            next,
            outcomes: self.outcomes,
            events: self.events,
            ledger: self.ledger,
        }
    }

    /// Records the outcome of an order.
    pub fn outcome(&mut self, nation: &NationCode, order: &Order, result: Outcome) {
        self.outcomes.push(OrderOutcome {
            nation: nation.clone(),
            at: order.at.clone(),
            order: order.kind.name().to_owned(),
            result,
        });
    }

    /// Records an event.
    pub fn event(&mut self, audience: Audience, rule: &str, what: Happening) {
        self.events.push(Event {
            audience,
            rule: rule.to_owned(),
            what,
        });
    }

    /// Returns a nation's treasury.
    pub fn treasury(&self, nation: &str) -> Ducats {
        self.w.nation(nation).map_or(0, |n| n.treasury)
    }

    /// Moves ducats into (positive) or out of (negative) a treasury, with its entry.
    pub fn treasury_add(&mut self, nation: &NationCode, amount: Ducats, rule: &str, item: Item) {
        if let Some(n) = self.w.nations.get_mut(nation) {
            n.treasury += amount;
            self.ledger
                .add(nation, Account::Treasury, amount, rule, item);
        }
    }

    /// Pays `cost` from the treasury, or explains what is missing (G2b.7).
    pub fn pay(
        &mut self,
        nation: &NationCode,
        cost: Ducats,
        rule: &str,
        item: Item,
    ) -> Result<(), Outcome> {
        let treasury = self.treasury(nation.as_str());
        if cost > treasury {
            return Err(Outcome::rejected(
                "G2b.7",
                Reason::MissingDucats { cost, treasury },
            ));
        }
        self.treasury_add(nation, -cost, rule, item);
        Ok(())
    }

    /// Changes an army's value, with its entry; an army worth nothing is disbanded.
    ///
    /// Returns whether the army was disbanded.
    pub fn army_add(&mut self, army: &ArmyId, amount: Ducats, rule: &str, item: Item) -> bool {
        let Some(a) = self.w.armies.get_mut(army) else {
            return false;
        };
        a.value += amount;
        let nation = a.nation.clone();
        let gone = a.value <= 0;
        self.ledger
            .add(&nation, Account::Army(army.clone()), amount, rule, item);
        if gone {
            self.w.armies.remove(army);
            self.occ.refresh_army(&self.w, army);
            for f in self.w.fleets.values_mut() {
                if f.cargo.as_ref() == Some(army) {
                    f.cargo = None;
                }
            }
        }
        gone
    }
}
