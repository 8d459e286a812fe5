//! The working state of one resolution (a phase, or a step inside one): the world as it
//! changes, the dice, the ledger, the outcomes and events so far, and the small
//! bookkeeping every part of the rules shares (paying, an army's value).
//!
//! A leaf of the rules core: spring, the summer rounds, winter and battles all work on a
//! `Step`, and `resolve` makes one and turns it into a resolution, so this module
//! imports none of them.

use super::campaign::Campaign;
use super::dice::Dice;
use super::exchange::{Asked, Exchange};
use super::ids::{ArmyId, Ducats, NationCode};
use super::ledger::{Account, Item, Ledger};
use super::occupancy::Occupancy;
use super::order::Order;
use super::outcome::{Audience, Event, Happening, OrderOutcome, Outcome, Reason};
use super::world::World;

/// The working state of one resolution.
pub(super) struct Step<'a> {
    pub(crate) c: &'a Campaign,
    pub(crate) w: World,
    pub(crate) dice: &'a mut dyn Dice,
    pub(crate) ledger: Ledger,
    pub(crate) outcomes: Vec<OrderOutcome>,
    pub(crate) events: Vec<Event>,
    /// Set when the campaign ends with this phase.
    pub(crate) over: bool,
    /// Who stands at each node: refreshed after every change of a piece's place.
    pub(crate) occ: Occupancy,
    /// G3c.3: the clubs' answers to the round's encounters (not asking: standing
    /// choices), the encounters met so far, and the one the round stopped at.
    pub(crate) exchange: Exchange,
    pub(crate) encounters: u32,
    pub(crate) paused: Option<Asked>,
}

impl<'a> Step<'a> {
    pub(super) fn new(c: &'a Campaign, w: &World, dice: &'a mut dyn Dice) -> Self {
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

    /// Records the outcome of an order.
    pub(crate) fn outcome(&mut self, nation: &NationCode, order: &Order, result: Outcome) {
        self.outcomes.push(OrderOutcome {
            nation: nation.clone(),
            at: order.at.clone(),
            order: order.kind.name().to_owned(),
            result,
        });
    }

    /// Records an event.
    pub(crate) fn event(&mut self, audience: Audience, rule: &str, what: Happening) {
        self.events.push(Event {
            audience,
            rule: rule.to_owned(),
            what,
        });
    }

    /// Returns a nation's treasury.
    pub(crate) fn treasury(&self, nation: &str) -> Ducats {
        self.w.nation(nation).map_or(0, |n| n.treasury)
    }

    /// Moves ducats into (positive) or out of (negative) a treasury, with its entry.
    pub(crate) fn treasury_add(
        &mut self,
        nation: &NationCode,
        amount: Ducats,
        rule: &str,
        item: Item,
    ) {
        if let Some(n) = self.w.nations.get_mut(nation) {
            n.treasury += amount;
            self.ledger
                .add(nation, Account::Treasury, amount, rule, item);
        }
    }

    /// Pays `cost` from the treasury, or explains what is missing (G2b.7).
    pub(crate) fn pay(
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
    pub(crate) fn army_add(
        &mut self,
        army: &ArmyId,
        amount: Ducats,
        rule: &str,
        item: Item,
    ) -> bool {
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
