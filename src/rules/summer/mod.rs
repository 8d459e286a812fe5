//! A summer round (G3): epidemics (first round), standing choices, assassins, moves
//! with their encounters, fleets, the storm, landings, sieges and control.
//!
//! Clubs act one after another in the year's move order (G3b.1), each club's orders in
//! the order written; what the rules settle together (fleet clashes, the storm,
//! landings, sieges, control) comes after every club has moved, in that order.

mod fleets;
pub(super) mod movement;
mod round;

pub(crate) use movement::breaking_step;
mod siege;
pub(crate) use siege::known_best;
mod walls;

use super::calendar::{Phase, PhaseId};
use super::campaign::Campaign;
use super::forces::{
    self, allied, betray, destroy_army, destroy_garrison, other_forces, piece_name,
};
use super::ids::{ArmyId, NationCode, NodeCode};
use super::ledger::Item;
use super::map::NodeKind;
use super::order::{AssassinTarget, Order, OrderKind, OrderSet, Piece, SapperAt};
use super::outcome::{
    Audience, Betrayal, Cause, Done, Force, Happening, Outcome, Reason, Specialist,
};
use super::step::Step;
use super::tables::EventEffect;
use super::world::{Fortification, World};
use round::Round;
use std::collections::{BTreeMap, BTreeSet};

pub(super) fn resolve(s: &mut Step, orders: &BTreeMap<NationCode, OrderSet>) {
    let round = s.w.phase.round().unwrap_or(1);
    if round == 1 {
        epidemics(s);
    }
    let mut r = Round {
        sieges_before: s.w.sieges.clone(),
        ..Round::default()
    };
    let before = walls::Before::of(s);
    let port_owners = fleets::port_owners(s);
    let none = OrderSet::default();
    let sequence = move_sequence(s, orders);
    for n in &sequence {
        let set = orders.get(n).unwrap_or(&none);
        // Standing choices first: they hold for every encounter of this round.
        for o in set
            .orders
            .iter()
            .filter(|o| matches!(o.kind, OrderKind::Stance { .. }))
        {
            let result = set_stance(s, n, o);
            s.outcome(n, o, result);
        }
        for o in set
            .orders
            .iter()
            .filter(|o| matches!(o.kind, OrderKind::Assassin { .. }))
        {
            let result = assassin(s, n, o);
            s.outcome(n, o, result);
        }
    }
    let in_rounds = s.c.tables.rulings.garrison_and_transfer_in_rounds;
    for n in &sequence {
        let set = orders.get(n).unwrap_or(&none);
        r.left_on_the_way.clear();
        r.on_the_way = (set.orders.iter())
            .filter(|o| in_rounds && matches!(o.kind, OrderKind::Garrison { node: Some(_), .. }))
            .cloned()
            .collect();
        for o in &set.orders {
            let result = match &o.kind {
                OrderKind::Stance { .. } | OrderKind::Assassin { .. } => continue,
                OrderKind::Move { piece, path } => movement::move_piece(s, &mut r, n, piece, path),
                OrderKind::Embark { fleet, army } => fleets::embark(s, &mut r, n, fleet, army),
                OrderKind::FleetMove { fleet, to } => fleets::sail(s, &mut r, n, fleet, to),
                OrderKind::Land { fleet, node } => {
                    fleets::plan_landing(s, &mut r, n, o, fleet, node)
                }
                OrderKind::Siege { .. } => {
                    // Sieges are rolled at the end of the round (G3d.2).
                    r.sieges.push((n.clone(), o.clone()));
                    continue;
                }
                // A garrison named for a node of the path waits for the army's move,
                // wherever it is written; what is left of it is settled below.
                OrderKind::Garrison { node: Some(_), .. } if in_rounds => continue,
                OrderKind::Garrison { army, value, .. } if in_rounds => {
                    ashore(s, army).and_then(|()| forces::garrison(s, n, army, *value))
                }
                OrderKind::Transfer { from, to, value }
                    if s.c.tables.rulings.garrison_and_transfer_in_rounds =>
                {
                    ashore(s, from)
                        .and_then(|()| ashore(s, to))
                        .and_then(|()| forces::transfer(s, n, from, to, *value))
                }
                OrderKind::EncounterReply { .. } => {
                    Err(Outcome::rejected("G3c.3", Reason::ContactExchangeOff))
                }
                OrderKind::BattleResult { .. } | OrderKind::OrderOfBattle { .. } => {
                    Err(Outcome::rejected("G3c.7", Reason::BattleResultByCommand))
                }
                _ => Err(Outcome::rejected("G1.1", Reason::WrongPhase)),
            };
            let result = result.unwrap_or_else(|rejected| rejected);
            s.outcome(n, o, result);
            // G3c.3: the round stops at an encounter waiting for clubs' choices; it is
            // resolved again from its opening once they are in.
            if s.paused.is_some() {
                return;
            }
        }
        for o in std::mem::take(&mut r.on_the_way) {
            if r.left_on_the_way.contains(&o.at.seq) {
                continue;
            }
            // The army did not pass the node: it may still stand there.
            let result = match &o.kind {
                OrderKind::Garrison { army, value, node } => ashore(s, army)
                    .and_then(|()| forces::at_named_node(s, army, node.as_ref()))
                    .and_then(|()| forces::garrison(s, n, army, *value)),
                _ => continue,
            };
            s.outcome(n, &o, result.unwrap_or_else(|rejected| rejected));
        }
    }
    fleets::idle_fleets(s, &mut r);
    fleets::clashes(s, &r);
    fleets::storm(s, round);
    fleets::landings(s, &mut r);
    siege::sieges(s, &mut r);
    control(s);
    walls::before_walls(s, &before);
    fleets::in_lost_ports(s, &port_owners);
}

/// The rules' own pre-move check: the rejection a move by road or a fleet's sailing
/// (`order`) gets from the checks `movement::move_piece` and `fleets::sail` make
/// before they change anything (the same functions), as the piece's only order of the
/// round in world `w`; `None` where it passes them (what it meets on the way is the
/// resolution's), and for any other order. It reads no dice and no other club's
/// orders, so it gives an order's verdict without a resolution.
pub(in crate::rules) fn refused_before_moving(
    c: &Campaign,
    w: &World,
    n: &NationCode,
    order: &OrderKind,
) -> Option<Outcome> {
    let checked = match order {
        OrderKind::Move { piece, path } => movement::before_moving(c, w, n, piece, path),
        OrderKind::FleetMove { fleet, to } => fleets::before_sailing(c, w, n, fleet, to),
        _ => Ok(()),
    };
    checked.err()
}

/// G3e.3: an army aboard a fleet can neither leave a garrison nor pass ducats; in a
/// round, garrisons and transfers happen where the army stands when the order comes.
fn ashore(s: &Step, army: &ArmyId) -> Result<(), Outcome> {
    match s.w.armies.get(army) {
        Some(a) if !a.ashore() => Err(Outcome::rejected("G3e.3", Reason::Aboard)),
        _ => Ok(()),
    }
}

/// The clubs in the year's move order; any club missing from it acts last, in code
/// order (a club that sends nothing simply holds).
fn move_sequence(s: &Step, orders: &BTreeMap<NationCode, OrderSet>) -> Vec<NationCode> {
    let mut seq: Vec<NationCode> =
        s.w.move_order
            .iter()
            .filter(|n| s.w.is_club(n.as_str()))
            .cloned()
            .collect();
    let mut placed: BTreeSet<NationCode> = seq.iter().cloned().collect();
    for n in s.w.clubs.iter().chain(orders.keys()) {
        if placed.insert(n.clone()) {
            seq.push(n.clone());
        }
    }
    seq
}

/// Returns the phase of the next summer round, if there is one this year.
pub(super) fn next_round(s: &Step) -> Option<PhaseId> {
    let n = s.w.phase.round()?;
    (n < s.c.tables.calendar.rounds).then_some(PhaseId {
        year: s.w.phase.year,
        phase: Phase::Round(n + 1),
    })
}

/// G3a.1: at the start of summer, each club struck by the epidemic loses, on 4–6 each,
/// every army and the garrison in one of its cities drawn at random.
fn epidemics(s: &mut Step) {
    let struck: Vec<NationCode> =
        s.w.nations
            .iter()
            .filter(|(_, n)| {
                n.events.iter().any(|id| {
                    s.c.tables
                        .events
                        .entry
                        .iter()
                        .any(|e| &e.id == id && e.effect == EventEffect::Epidemic)
                })
            })
            .map(|(code, _)| code.clone())
            .collect();
    let destroys_on = s.c.tables.epidemic.destroys_on.clone();
    for n in struck {
        let cities: Vec<NodeCode> =
            s.w.nodes_owned_by(n.as_str())
                .filter(|(code, _)| {
                    s.c.map
                        .node(code.as_str())
                        .is_some_and(|x| x.kind == NodeKind::City)
                })
                .map(|(code, _)| code.clone())
                .collect();
        let pick = match cities.len() {
            0 => continue,
            1 => 0,
            k => {
                let listed: Vec<String> = cities
                    .iter()
                    .enumerate()
                    .map(|(i, c)| format!("{}={c}", i + 1))
                    .collect();
                usize::from(s.dice.roll(
                    &format!("epidemic/{n}/city"),
                    u8::try_from(k).unwrap_or(u8::MAX),
                    &format!(
                        "{n}: which city the epidemic strikes (G3a.1): {}",
                        listed.join(", ")
                    ),
                )) - 1
            }
        };
        let city = cities[pick].clone();
        s.event(
            Audience::Nation(n.clone()),
            "G3a.1",
            Happening::Epidemic {
                nation: n.clone(),
                node: city.clone(),
            },
        );
        let armies: Vec<ArmyId> =
            s.w.armies
                .values()
                .filter(|a| a.ashore() && a.node == city)
                .map(|a| a.id.clone())
                .collect();
        for id in armies {
            let roll = s.dice.d6(
                &format!("epidemic/{n}/{id}"),
                &format!("epidemic at {city}: army {id} is destroyed on 4-6"),
            );
            let owner = s.w.armies.get(&id).map(|a| a.nation.clone());
            if let Some(owner) = owner {
                epidemic_roll(
                    s,
                    &owner,
                    &city,
                    Force::Army(id.clone()),
                    roll,
                    &destroys_on,
                );
            }
            if destroys_on.contains(&roll) {
                destroy_army(
                    s,
                    &id,
                    "G3a.1",
                    Item::Epidemic { node: city.clone() },
                    Cause::Epidemic,
                );
            }
        }
        if s.w.nodes.get(&city).is_some_and(|x| x.garrison.is_some()) {
            let roll = s.dice.d6(
                &format!("epidemic/{n}/garrison"),
                &format!("epidemic at {city}: the garrison is destroyed on 4-6"),
            );
            let owner =
                s.w.nodes
                    .get(&city)
                    .and_then(|x| x.garrison.as_ref())
                    .map(|g| g.nation.clone());
            if let Some(owner) = owner {
                epidemic_roll(s, &owner, &city, Force::Garrison, roll, &destroys_on);
            }
            if destroys_on.contains(&roll) {
                destroy_garrison(
                    s,
                    &city,
                    "G3a.1",
                    Item::Epidemic { node: city.clone() },
                    Cause::Epidemic,
                );
            }
        }
    }
}

/// G3a.1: a force's roll at the struck city and what it meant, told to its club, whose
/// force it is (an army of another club standing there rolls too).
fn epidemic_roll(
    s: &mut Step,
    owner: &NationCode,
    city: &NodeCode,
    what: Force,
    roll: u8,
    destroys_on: &[u8],
) {
    s.event(
        Audience::Nation(owner.clone()),
        "G3a.1",
        Happening::EpidemicRoll {
            nation: owner.clone(),
            node: city.clone(),
            what,
            roll,
            destroys_on: destroys_on.to_vec(),
            destroyed: destroys_on.contains(&roll),
        },
    );
}

/// G3c.3: standing choices replace the piece's earlier ones, field by field.
fn set_stance(s: &mut Step, n: &NationCode, o: &Order) -> Outcome {
    let OrderKind::Stance {
        piece,
        on_contact,
        when_contacted,
        spy,
        retreat_to,
    } = &o.kind
    else {
        unreachable!("only stance orders come here")
    };
    let stance = match piece {
        Piece::Army(id) => {
            s.w.armies
                .get_mut(id)
                .filter(|a| &a.nation == n)
                .map(|a| &mut a.stance)
        }
        Piece::Diplomat(id) => {
            s.w.diplomats
                .get_mut(id)
                .filter(|d| &d.nation == n)
                .map(|d| &mut d.stance)
        }
    };
    let Some(stance) = stance else {
        return Outcome::rejected(
            "G3c.3",
            Reason::UnknownPiece {
                piece: piece_name(piece),
            },
        );
    };
    if on_contact.is_some() {
        stance.on_contact = *on_contact;
    }
    if when_contacted.is_some() {
        stance.when_contacted = *when_contacted;
    }
    // G3c.4: the condition replaces both plain choices, so a plain choice written
    // after it would go unheard; under the ruling the latest choice counts.
    let spy_cleared = spy.is_none()
        && (on_contact.is_some() || when_contacted.is_some())
        && stance.spy.is_some()
        && s.c.tables.rulings.plain_choice_clears_spy_condition;
    if spy.is_some() {
        stance.spy = spy.clone();
    } else if spy_cleared {
        stance.spy = None;
    }
    if retreat_to.is_some() {
        stance.retreat_to = retreat_to.clone();
    }
    Outcome::Done(Done::StanceSet {
        piece: piece_name(piece),
        spy_cleared,
    })
}

/// G2b.5: one assassin mission; 1d6 = 5–6 succeeds.
fn assassin(s: &mut Step, n: &NationCode, o: &Order) -> Outcome {
    let OrderKind::Assassin { target } = &o.kind else {
        unreachable!("only assassin orders come here")
    };
    let missions = s.w.nation(n.as_str()).map_or(0, |x| x.assassins);
    if missions == 0 {
        return Outcome::rejected("G2b.5", Reason::NoAssassin);
    }
    // Who the target belongs to, and what it is, if it is there at all.
    let victim: Option<(NationCode, Strike)> = match target {
        AssassinTarget::Commander(id) => {
            s.w.armies
                .get(id)
                .filter(|a| &a.nation != n)
                .map(|a| (a.nation.clone(), Strike::Commander(id.clone())))
        }
        AssassinTarget::CommanderAt(node) => {
            s.w.armies
                .values()
                .filter(|a| a.ashore() && &a.node == node && &a.nation != n)
                .max_by(|a, b| a.value.cmp(&b.value).then(b.id.cmp(&a.id)))
                .map(|a| (a.nation.clone(), Strike::Commander(a.id.clone())))
        }
        AssassinTarget::ArmySapper(id) => {
            s.w.armies
                .get(id)
                .filter(|a| &a.nation != n && a.sapper)
                .map(|a| (a.nation.clone(), Strike::ArmySapper(id.clone())))
        }
        AssassinTarget::NodeSapper(node) => {
            s.w.nodes
                .get(node)
                .and_then(|x| x.sapper.clone())
                .filter(|x| x != n)
                .map(|x| (x, Strike::NodeSapper(node.clone())))
        }
        AssassinTarget::Diplomat(id) => {
            s.w.diplomats
                .get(id)
                .filter(|d| &d.nation != n)
                .map(|d| (d.nation.clone(), Strike::Diplomat(id.clone())))
        }
        AssassinTarget::Spy(nation) => {
            s.w.nation(nation.as_str())
                .filter(|x| x.spy && nation != n)
                .map(|_| (nation.clone(), Strike::Spy(nation.clone())))
        }
    };
    // A mission whose target is not there is spent, by the ruling, so that trying is no
    // free scout; without the ruling it is rejected and the assassin waits.
    let Some((victim, strike)) = victim else {
        if !s.c.tables.rulings.assassin_spent_without_target {
            return Outcome::rejected("G2b.5", Reason::TargetNotFound);
        }
        spend_assassin(s, n);
        return Outcome::Done(Done::AssassinFoundNoTarget);
    };
    spend_assassin(s, n);
    betray(s, n, &victim, Betrayal::Assassin);
    let k = missions;
    let roll = s.dice.d6(
        &format!("assassin/{n}/{k}"),
        &format!("{n}'s assassin against {victim}: succeeds on 5-6"),
    );
    let success = s.c.tables.specialists.assassin_succeeds_on.contains(&roll);
    let struck = strike.kind();
    if success {
        strike.apply(s, &victim);
    }
    Outcome::Done(Done::AssassinSent {
        success,
        against: Some(victim),
        struck: Some(struck),
    })
}

/// Uses up one of the club's assassins.
fn spend_assassin(s: &mut Step, n: &NationCode) {
    if let Some(x) = s.w.nations.get_mut(n) {
        x.assassins = x.assassins.saturating_sub(1);
    }
}

/// What a successful assassin does.
enum Strike {
    Commander(ArmyId),
    ArmySapper(ArmyId),
    NodeSapper(NodeCode),
    Diplomat(super::ids::DiplomatId),
    Spy(NationCode),
}

impl Strike {
    /// What the sender's report says the assassin went for.
    fn kind(&self) -> crate::rules::outcome::Struck {
        use crate::rules::outcome::Struck;
        match self {
            Strike::Commander(_) => Struck::Commander,
            Strike::ArmySapper(_) | Strike::NodeSapper(_) => Struck::Sapper,
            Strike::Diplomat(_) => Struck::Diplomat,
            Strike::Spy(_) => Struck::Spy,
        }
    }

    fn apply(self, s: &mut Step, victim: &NationCode) {
        let (what, event) = match self {
            Strike::Commander(id) => {
                let next = next_round(s);
                if let Some(a) = s.w.armies.get_mut(&id) {
                    a.stunned = next;
                }
                s.event(
                    Audience::Nation(victim.clone()),
                    "G2b.5",
                    Happening::CommanderKilled {
                        nation: victim.clone(),
                        army: id,
                    },
                );
                return;
            }
            Strike::ArmySapper(id) => {
                if let Some(a) = s.w.armies.get_mut(&id) {
                    a.sapper = false;
                }
                (Specialist::Sapper(SapperAt::Army(id)), true)
            }
            Strike::NodeSapper(node) => {
                if let Some(x) = s.w.nodes.get_mut(&node) {
                    x.sapper = None;
                }
                (Specialist::Sapper(SapperAt::Node(node)), true)
            }
            Strike::Diplomat(id) => {
                s.w.diplomats.remove(&id);
                s.occ.refresh_diplomat(&s.w, &id);
                (Specialist::Diplomat(id), true)
            }
            Strike::Spy(nation) => {
                if let Some(x) = s.w.nations.get_mut(&nation) {
                    x.spy = false;
                }
                (Specialist::Spy, true)
            }
        };
        if event {
            s.event(
                Audience::Nation(victim.clone()),
                "G2b.5",
                Happening::SpecialistKilled {
                    nation: victim.clone(),
                    what,
                },
            );
        }
    }
}

/// G3b.8: at the end of the round, a club's army alone in an enemy node that is not
/// fortified (or is breached) takes control of it.
fn control(s: &mut Step) {
    // The nations with armies ashore at each node, in one pass over the armies (not one
    // per node: the map and the armies both grow with the campaign).
    let mut present: BTreeMap<&NodeCode, BTreeSet<&NationCode>> = BTreeMap::new();
    for a in s.w.armies.values().filter(|a| a.ashore()) {
        present.entry(&a.node).or_default().insert(&a.nation);
    }
    let mut changes = Vec::new();
    for (code, nations) in present {
        let Some(node) = s.w.nodes.get(code) else {
            continue;
        };
        if node.fortification == Fortification::Fortified {
            continue;
        }
        // G3c.7 (the ruling `armies_in_battle_stay`): a field not yet settled is nobody's.
        if s.c.tables.rulings.armies_in_battle_stay && s.w.battles.iter().any(|b| &b.node == code) {
            continue;
        }
        let [holder] = nations.into_iter().collect::<Vec<_>>()[..] else {
            continue;
        };
        // G3b.8: a *club's* army takes an *enemy* node: neutral armies stand, and an
        // ally's node is not taken.
        if holder == &node.owner
            || !s.w.is_club(holder.as_str())
            || allied(s, holder, &node.owner)
            || !other_forces(s, code, holder).is_empty()
        {
            continue;
        }
        changes.push((code.clone(), node.owner.clone(), holder.clone()));
    }
    for (node, from, to) in changes {
        if let Some(x) = s.w.nodes.get_mut(&node) {
            x.owner = to.clone();
        }
        crate::rules::forces::lost_with_place(s, &node, "G3b.8");
        s.event(
            Audience::Public,
            "G3b.8",
            Happening::NodeTaken { node, from, to },
        );
    }
}
