//! MON — La Seconda Guerra del Monferrato 1628–1630 (printed rules cited `§x.y`): the
//! map-free auto-resolver.
//!
//! MON is an operational game on an area map whose Field Combat (§7) needs no map: a
//! node battle is one zone where the attacker (side A) has entered the defender's
//! (side B) zone. One [`resolve`] call is one Field Combat: both sides fire at once,
//! round after round in a Major battle (≥ 6 combat units a side, §7.2), then the side
//! that suffered more hits retreats, the attacker on a tie (§7.2 point 4, §7.5).
//!
//! Rating keys are documented at the top of `campaigns/il-giglio/rulesets/mon1628.toml`;
//! its READING and ASSUMPTION switches are read from the card's `readings` first (the
//! battle's own choice), then from the ruleset's.
//! Default policies (ASSUMPTION, the owner's choices the text leaves to the players):
//! - loss allocation (§7.3): each hit flips the cheapest good-order unit that has a
//!   Disrupted back, else removes the cheapest unit still on the map (campaign value,
//!   then card order) — a flip costs the campaign nothing (a reduced unit is not lost);
//! - continuing a Major battle (§7.2 points 2–3): the `MON_continue_policy` switch;
//! - the fortress option (§7.5): a defender that lost takes the extra loss whenever it
//!   keeps a unit that can fire afterwards;
//! - a Replacement Commander (§7.4.1) is reported `replaced`; a commander left alone
//!   with the enemy is eliminated (§6, §14.1) and reported `killed`.
//! - a rearguard action (G3c.9): the rearguard (B) never chooses to continue, and every
//!   unit of it still on the map after the Field Combat leaves the zone (`escaped`).

use super::card::{Card, Leader, Unit};
use super::error::BattleError;
use super::frame::{self, Provisional, Rearguard};
use super::result::{
    Account, LeaderResult, LeaderState, TacticalResult, UnitResult, UnitState, Winner,
};
use super::ruleset::Ruleset;
use crate::rules::Ducats;
use crate::rules::dice::{Dice, push_number};
use serde::Deserialize;
use std::collections::BTreeSet;
use std::ops::RangeInclusive;

/// §7.2: a battle is Major when both sides field this many combat units (guastatori
/// excluded, a major unit counting one).
const MAJOR_BATTLE_UNITS: usize = 6;
/// §7.2.1: Difficult terrain takes 1 off an attacker's fire value from this value up.
const DIFFICULT_FROM: u8 = 3;
/// §8: artillery with no guastatore in its zone fires at 1.
const UNSUPPORTED_GUN_FIRE: u8 = 1;
/// §8: artillery that rolls a 6 is eliminated ("sboccavano"), in any combat.
const BURST_FACE: u8 = 6;
/// §7.3: a commander is hit on a survival roll of 1 or 2.
const COMMANDER_HIT_MAX: u8 = 2;
/// §9.4 + §10: a fortified village and two forts take off at most 3 hits (3.f item 6).
const MAX_PROTECTION: u32 = 3;
/// Hard cap on the rounds of a Major battle, whatever `MON_max_rounds` says.
const ROUND_CAP: u32 = 50;
/// Every fire value and leadership is a d6 target (§7.2).
const RATING_RANGE: RangeInclusive<i64> = 0..=6;

/// A counter's type (§2.1, §14).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Inf,
    Cav,
    Art,
    Guast,
    Garrison,
    /// §14.5: not a combat unit; never fires, is never hit, cannot retreat.
    Camp,
}
mod card_notes;
mod counters;
mod end;
mod fire;
mod tables;

pub(crate) use card_notes::notes;
use counters::*;
use end::*;
use fire::*;
pub use tables::Tables;
pub(crate) use tables::compile;
use tables::*;

/// How a Field Combat ended.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Verdict {
    winner: Winner,
    /// The side that leaves the zone or was wiped out (its camps are lost, §14.5).
    loser: Option<usize>,
    reason: String,
    /// The reason as the catalogue words it.
    account: Account,
}

/// One node battle in progress.
struct Battle<'d> {
    id: String,
    set: Settings,
    forces: [Force; 2],
    dice: &'d mut dyn Dice,
    provisional: Provisional,
    ruleset: String,
}

const SIDE: [&str; 2] = ["A", "B"];

impl Battle<'_> {
    /// §7.2–§7.5: the whole Field Combat; returns the verdict and the rounds fought.
    fn field_combat(&mut self) -> Result<(Verdict, u32), BattleError> {
        if self.set.attacker_cannot_attack {
            return Ok((
                Verdict {
                    winner: Winner::B,
                    loser: None,
                    reason: "G2b.5 side A's commander was killed: it defends but cannot attack"
                        .into(),
                    account: Account::new("mon-cannot-attack"),
                },
                0,
            ));
        }
        if let Some(v) = self.alone() {
            return Ok((v, 0));
        }
        let major = self
            .forces
            .iter()
            .all(|f| f.fighting() >= MAJOR_BATTLE_UNITS);
        let mut total = [0u32; 2];
        let mut round = 0;
        loop {
            round += 1;
            let suffered = self.round(round)?;
            total[0] += suffered[0];
            total[1] += suffered[1];
            let over = !major
                || round >= self.set.max_rounds
                || self.forces.iter().any(Force::wiped_out)
                || !self.continues(suffered, total);
            if over {
                break;
            }
        }
        self.survival_checks(total);
        Ok((self.verdict(total), round))
    }

    /// §6, §14.1: commanders, guastatori and camps alone with enemy combat units are
    /// eliminated without a fight; with no firing unit on either side, nobody can
    /// attack, and the attacker loses (ASSUMPTION, §7.5 tie).
    fn alone(&mut self) -> Option<Verdict> {
        let armed = [self.forces[0].fighting() > 0, self.forces[1].fighting() > 0];
        match armed {
            [true, true] => None,
            [false, false] => Some(Verdict {
                winner: Winner::B,
                loser: None,
                reason: "MON14.1 no side has a unit that can fire: the attacker cannot attack"
                    .into(),
                account: Account::new("mon-none-fire"),
            }),
            [a, _] => {
                let lone = usize::from(a);
                for u in &mut self.forces[lone].units {
                    u.steps_lost += if u.two_step { 2 } else { 1 };
                    u.eliminated = true;
                }
                for c in &mut self.forces[lone].commanders {
                    c.state = LeaderState::Killed;
                }
                Some(Verdict {
                    winner: if lone == 1 { Winner::A } else { Winner::B },
                    loser: Some(lone),
                    reason: format!(
                        "MON14.1 side {} has only commanders, guastatori or camps: eliminated",
                        SIDE[lone]
                    ),
                    account: Account::new("mon-none-armed").key("side", SIDE[lone]),
                })
            }
        }
    }

    /// One round (§7.2 Minor battle): simultaneous fire, protection off the attacker's
    /// hits, losses applied. Returns the hits each side suffered.
    fn round(&mut self, round: u32) -> Result<[u32; 2], BattleError> {
        let by_a = self.fire(0, round)?;
        let by_b = self.fire(1, round)?;
        let shield = if round == 1 || self.set.protection_every_round {
            self.set.protection
        } else {
            0
        };
        // §10: forts (and §9.4 the village) take hits off "enemy units attacking".
        let on_b = by_a.saturating_sub(shield);
        allocate(&mut self.forces[1].units, on_b);
        allocate(&mut self.forces[0].units, by_b);
        Ok([by_b, on_b])
    }

    /// Every unit and commander of a side fires once (§7.2); returns its hits.
    fn fire(&mut self, side: usize, round: u32) -> Result<u32, BattleError> {
        let attacking = side == 0;
        let guastatori = self.forces[side].has_guastatori();
        let mut hits = 0;
        for i in 0..self.forces[side].units.len() {
            let u = &self.forces[side].units[i];
            let fv = unit_fire(u, attacking, guastatori, &self.set).map_err(|message| {
                BattleError::Data {
                    ruleset: self.ruleset.clone(),
                    message,
                }
            })?;
            let Some((fv, provisional)) = fv else {
                continue;
            };
            self.provisional.read("disrupted_fire", provisional);
            hits += self.unit_rolls(side, i, fv, round);
        }
        for k in 0..self.forces[side].commanders.len() {
            let c = &self.forces[side].commanders[k];
            let fv = commander_fire(c, attacking, &self.set);
            let id = self.id.as_str();
            // `mon/<battle>/r<round>/<commander>`, `MON fire A-L1 commander (FV2): hit on ≤2`.
            let roll = self.dice.roll_write(
                6,
                &|t| {
                    t.push_str("mon/");
                    t.push_str(id);
                    t.push_str("/r");
                    push_number(t, round);
                    t.push('/');
                    t.push_str(&c.id);
                },
                &|t| {
                    t.push_str("MON fire ");
                    t.push_str(&c.id);
                    t.push_str(" commander (FV");
                    push_number(t, u32::from(fv));
                    t.push_str("): hit on ≤");
                    push_number(t, u32::from(fv));
                },
            );
            if roll <= fv {
                hits += 1;
            }
        }
        Ok(hits)
    }

    /// One unit's dice (§7.2; two for a major unit §14.3; a gun bursts on 6 §8).
    fn unit_rolls(&mut self, side: usize, i: usize, fv: u8, round: u32) -> u32 {
        let u = &self.forces[side].units[i];
        let n: u8 = if u.major { 2 } else { 1 };
        let role = if side == 0 { "att" } else { "def" };
        let gun = u.kind == Kind::Art;
        let mut hits = 0;
        for d in 1..=n {
            let u = &self.forces[side].units[i];
            // Written straight into the dice's log, piece by piece (every unit fires
            // every round: these are most of a battle's rolls): `mon/<battle>/r<round>/
            // <unit>` and `MON fire <unit>->B (att FV3): hit on ≤3`, with `/d2` and
            // `, die 2 of 2` for a major unit's two dice.
            let id = self.id.as_str();
            let event = |t: &mut String| {
                t.push_str("mon/");
                t.push_str(id);
                t.push_str("/r");
                push_number(t, round);
                t.push('/');
                t.push_str(&u.id);
                if n > 1 {
                    t.push_str("/d");
                    push_number(t, u32::from(d));
                }
            };
            let purpose = |t: &mut String| {
                t.push_str("MON fire ");
                t.push_str(&u.id);
                t.push_str("->");
                t.push_str(SIDE[1 - side]);
                t.push_str(" (");
                t.push_str(role);
                t.push_str(" FV");
                push_number(t, u32::from(fv));
                if n > 1 {
                    t.push_str(", die ");
                    push_number(t, u32::from(d));
                    t.push_str(" of ");
                    push_number(t, u32::from(n));
                }
                t.push_str("): hit on ≤");
                push_number(t, u32::from(fv));
                if gun {
                    t.push_str(", bursts on 6");
                }
            };
            let roll = self.dice.roll_write(6, &event, &purpose);
            if gun && roll == BURST_FACE {
                self.forces[side].units[i].burst();
                break;
            }
            if roll <= fv {
                hits += 1;
            }
        }
        hits
    }

    /// §7.2 points 2–3: whether another round of a Major battle is fought.
    fn continues(&self, suffered: [u32; 2], total: [u32; 2]) -> bool {
        if suffered[0] == suffered[1] {
            // A tied round goes on only if both want it.
            (0..2).all(|s| self.wants(s, false, total))
        } else {
            // The round's winner inflicted more: the enemy suffered more.
            let winner = if suffered[1] > suffered[0] { 0 } else { 1 };
            self.wants(winner, true, total)
        }
    }

    /// Whether `side` chooses another round, having won (`won`) or tied this one.
    fn wants(&self, side: usize, won: bool, total: [u32; 2]) -> bool {
        if (self.set.rearguard && side == 1) || self.forces[side].fighting() == 0 {
            return false;
        }
        // Ahead: it would win if the battle ended now (§7.2 point 4, tie to B).
        let ahead = if side == 0 {
            total[0] < total[1]
        } else {
            total[0] >= total[1]
        };
        match self.set.policy {
            Policy::RoundWinner => {
                won || self.forces[side].fighting() >= self.forces[1 - side].fighting()
            }
            Policy::Rational => won && !ahead,
            Policy::SingleRound => false,
        }
    }

    /// §7.3: each side that suffered a hit rolls for each of its commanders.
    fn survival_checks(&mut self, total: [u32; 2]) {
        for (side, &suffered) in total.iter().enumerate() {
            if suffered == 0 {
                continue;
            }
            for k in 0..self.forces[side].commanders.len() {
                let c = &self.forces[side].commanders[k];
                let event = format!("mon/{}/survival/{}", self.id, c.id);
                let purpose = format!(
                    "MON survival {}: hit on ≤{COMMANDER_HIT_MAX} ({})",
                    c.id,
                    if c.replacement > 0 {
                        "replacement on the back"
                    } else {
                        "no replacement: eliminated"
                    }
                );
                if self.dice.d6(&event, &purpose) <= COMMANDER_HIT_MAX {
                    let c = &mut self.forces[side].commanders[k];
                    // §7.4.1: flipped to his Replacement, or eliminated.
                    c.state = if c.replacement > 0 {
                        LeaderState::Replaced
                    } else {
                        LeaderState::Killed
                    };
                }
            }
        }
    }

    /// §7.3, §7.2 point 4, §7.5: who holds the zone and who retreats.
    fn verdict(&mut self, total: [u32; 2]) -> Verdict {
        let hits = format!("hits suffered A {} B {}", total[0], total[1]);
        let verdict = |winner, loser, reason: &str, account: Account| Verdict {
            winner,
            loser,
            reason: format!("{reason} ({hits})"),
            account: account.num("hits_a", total[0]).num("hits_b", total[1]),
        };
        match [self.forces[0].wiped_out(), self.forces[1].wiped_out()] {
            [true, true] => verdict(
                Winner::Draw,
                None,
                "MON7.3 both sides eliminated",
                Account::new("mon-both-eliminated"),
            ),
            [false, true] => verdict(
                Winner::A,
                Some(1),
                "MON7.3 defender eliminated: the attacker holds the zone",
                Account::new("mon-defender-eliminated"),
            ),
            [true, false] => verdict(
                Winner::B,
                Some(0),
                "MON7.3 attacker eliminated: the defender holds",
                Account::new("mon-attacker-eliminated"),
            ),
            [false, false] => {
                if total[0] == total[1] {
                    verdict(
                        Winner::B,
                        Some(0),
                        "MON7.5 tie: attacker loses",
                        Account::new("mon-tie"),
                    )
                } else if total[0] > total[1] {
                    verdict(
                        Winner::B,
                        Some(0),
                        "MON7.5 the attacker suffered more hits and retreats",
                        Account::new("mon-attacker-retreats"),
                    )
                } else if self.fortress_extra_loss() {
                    verdict(
                        Winner::B,
                        Some(0),
                        "MON7.5 fortress: the defender takes one more loss instead of retreating, the attacker retreats",
                        Account::new("mon-fortress"),
                    )
                } else {
                    verdict(
                        Winner::A,
                        Some(1),
                        "MON7.5 the defender suffered more hits and retreats",
                        Account::new("mon-defender-retreats"),
                    )
                }
            }
        }
    }

    /// §7.5 fortress option, default policy: the defender takes the extra loss when it
    /// keeps a unit that can fire afterwards.
    fn fortress_extra_loss(&mut self) -> bool {
        if !self.set.fortress_option {
            return false;
        }
        let mut after = self.forces[1].units.clone();
        allocate(&mut after, 1);
        if after.iter().any(Counter::fights) {
            self.forces[1].units = after;
            true
        } else {
            false
        }
    }

    /// After the verdict: commanders of a wiped-out side are eliminated (§14.1); camps
    /// of a side that leaves the zone are lost (§14.5).
    fn aftermath(&mut self, v: &Verdict) {
        let Some(loser) = v.loser else { return };
        let f = &mut self.forces[loser];
        if f.wiped_out() {
            for c in &mut f.commanders {
                if c.state == LeaderState::Ok {
                    c.state = LeaderState::Killed;
                }
            }
        }
        for u in &mut f.units {
            if u.kind == Kind::Camp && !u.eliminated {
                u.eliminated = true;
                u.steps_lost += 1;
            }
        }
    }
}

/// Reads the READING switches of a card as the resolver does, rolling nothing: the
/// campaign's loader checks every reading's value this way (`battle::check_readings`).
pub(crate) fn check_readings(card: &Card, rs: &Ruleset) -> Result<(), BattleError> {
    Settings::read(card, rs).map(|_| ())
}

/// Resolves a node battle as one MON Field Combat (§7). Side A attacks; side B defends,
/// or is the rearguard (G3c.9).
pub(crate) fn resolve(
    card: &Card,
    rs: &Ruleset,
    dice: &mut dyn Dice,
) -> Result<TacticalResult, BattleError> {
    let set = Settings::read(card, rs)?;
    let mut forces = Vec::with_capacity(2);
    for side in &card.sides {
        if side.units.is_empty() {
            return Err(card_err(format!("side {} has no unit", side.key)));
        }
        forces.push(Force {
            units: side
                .units
                .iter()
                .map(Counter::from_card)
                .collect::<Result<_, _>>()?,
            commanders: side
                .leaders
                .iter()
                .map(Commander::from_card)
                .collect::<Result<_, _>>()?,
        });
    }
    let [a, b]: [Force; 2] = forces
        .try_into()
        .map_err(|_| card_err("a card has two sides".into()))?;
    let mut battle = Battle {
        id: card.battle.id.clone(),
        set,
        forces: [a, b],
        dice,
        provisional: Provisional::default(),
        ruleset: rs.id.clone(),
    };
    let (verdict, rounds) = battle.field_combat()?;
    battle.aftermath(&verdict);
    Ok(report(card, &battle, verdict, rounds))
}
#[cfg(test)]
mod tests;
