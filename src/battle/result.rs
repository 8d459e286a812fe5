//! The battle result (format `giglio-battle-result/1`, §0.3): what comes back from the
//! table, from an auto-resolver, or from the referee, and the campaign losses it means.

use super::card::Card;
use crate::rules::Ducats;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The result format's version tag.
pub(crate) const FORMAT: &str = "giglio-battle-result/1";

/// Who won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Winner {
    A,
    B,
    #[serde(rename = "draw")]
    Draw,
}

/// Where a result came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Source {
    Table,
    Auto,
    Assisted,
}

/// The final state of a unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UnitState {
    Ok,
    /// A step lost, still on the table: not lost by the letter of G3c.7.
    Reduced,
    Disordered,
    Routed,
    Eliminated,
    Surrendered,
    Captured,
    /// Left the table by its own edge in good order (a rearguard's escape, G3c.9).
    Escaped,
}

impl UnitState {
    /// Returns whether the campaign counts the unit as lost (G3c.7).
    pub(crate) fn lost(self) -> bool {
        matches!(
            self,
            UnitState::Routed
                | UnitState::Eliminated
                | UnitState::Surrendered
                | UnitState::Captured
        )
    }
}

/// The final state of a leader.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LeaderState {
    Ok,
    Killed,
    Captured,
    Replaced,
}

/// One unit's result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitResult {
    pub id: String,
    pub state: UnitState,
    #[serde(default)]
    pub steps_lost: u32,
}

/// One leader's result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LeaderResult {
    pub id: String,
    pub state: LeaderState,
}

/// A resolver's reason as the catalogue words it: the message `battle-account-<id>`
/// and its typed arguments (numbers stay numbers, so the catalogue's plurals work).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Account {
    pub id: String,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub args: BTreeMap<String, Arg>,
}

/// One argument of an [`Account`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Arg {
    Number(i64),
    /// A key the catalogue selects on (`A`, `wins`, `carroccio`), never a sentence.
    Key(String),
    /// An account within this one (the field combat a rearguard fought).
    Account(Box<Account>),
}

impl Account {
    /// An account with no arguments yet.
    pub(crate) fn new(id: &str) -> Account {
        Account {
            id: id.to_owned(),
            args: BTreeMap::new(),
        }
    }

    /// Adds a number.
    pub(crate) fn num(mut self, name: &str, n: impl TryInto<i64>) -> Account {
        let n = n.try_into().unwrap_or(i64::MAX);
        self.args.insert(name.to_owned(), Arg::Number(n));
        self
    }

    /// Adds a key the catalogue selects on.
    pub(crate) fn key(mut self, name: &str, key: &str) -> Account {
        self.args.insert(name.to_owned(), Arg::Key(key.to_owned()));
        self
    }

    /// Adds the account of what this one wraps.
    pub(crate) fn within(mut self, name: &str, inner: Option<Account>) -> Account {
        if let Some(a) = inner {
            self.args.insert(name.to_owned(), Arg::Account(Box::new(a)));
        }
        self
    }
}

/// A tactical result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TacticalResult {
    pub(crate) format: String,
    pub(crate) battle: String,
    pub(crate) source: Source,
    pub winner: Winner,
    /// The victory condition that decided it, with its rule id (`MON7.2 …`), in English
    /// as results were always stored.
    pub reason: String,
    /// The same reason as a catalogue message with its arguments, so that each reader
    /// reads it in their own language; absent in results stored before it was kept, and
    /// in a table's or a worked example's result.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub account: Option<Account>,
    pub turns_played: u32,
    /// Whether a PROVISIONAL stand-in table was used: every report says so.
    pub provisional_tables_used: bool,
    pub units: Vec<UnitResult>,
    #[serde(default)]
    pub leaders: Vec<LeaderResult>,
}

impl TacticalResult {
    /// Builds an empty result of a battle, to be filled by a resolver.
    pub(crate) fn new(card: &Card, source: Source) -> TacticalResult {
        TacticalResult {
            format: FORMAT.to_owned(),
            battle: card.battle.id.clone(),
            source,
            winner: Winner::Draw,
            reason: String::new(),
            account: None,
            turns_played: 0,
            provisional_tables_used: false,
            units: Vec::new(),
            leaders: Vec::new(),
        }
    }

    /// Returns the campaign losses in ducats of side A and side B: the value of every
    /// unit lost, plus `partial_percent` of the value of every reduced unit (G3c.7).
    pub fn losses(&self, card: &Card, partial_percent: u32) -> [Ducats; 2] {
        let mut out = [0; 2];
        for (i, side) in card.sides.iter().enumerate() {
            for u in &side.units {
                let Some(r) = self.units.iter().find(|r| r.id == u.id) else {
                    continue;
                };
                if r.state.lost() {
                    out[i] += u.campaign_value;
                } else if r.state == UnitState::Reduced {
                    out[i] += u.campaign_value * Ducats::from(partial_percent) / 100;
                }
            }
        }
        out
    }

    /// Returns how many of a side's units escaped (left the table in good order).
    pub(crate) fn escaped(&self, card: &Card, side: usize) -> usize {
        card.sides[side]
            .units
            .iter()
            .filter(|u| {
                self.units
                    .iter()
                    .any(|r| r.id == u.id && r.state == UnitState::Escaped)
            })
            .count()
    }

    /// Returns how many of a side's units were lost.
    pub(crate) fn lost_units(&self, card: &Card, side: usize) -> usize {
        card.sides[side]
            .units
            .iter()
            .filter(|u| self.units.iter().any(|r| r.id == u.id && r.state.lost()))
            .count()
    }
}

/// Turns a tactical result into what the campaign applies (G3c.7).
pub(crate) fn outcome_of(
    card: &Card,
    r: &TacticalResult,
    rs: &super::ruleset::Ruleset,
    source: crate::rules::battles::ResultSource,
) -> crate::rules::battles::BattleOutcome {
    let [attacker_loss, defender_loss] = r.losses(card, rs.partial_loss_percent);
    let winner = match r.winner {
        Winner::A => Some(crate::rules::NationCode(card.sides[0].nation.clone())),
        Winner::B => Some(crate::rules::NationCode(card.sides[1].nation.clone())),
        Winner::Draw => None,
    };
    crate::rules::battles::BattleOutcome {
        battle: card.battle.id.clone(),
        winner,
        attacker_loss,
        defender_loss,
        source,
        provisional: r.provisional_tables_used,
        reason: r.reason.clone(),
    }
}
