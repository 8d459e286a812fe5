//! A summer round (G3): epidemics (first round), standing choices, assassins, moves
//! with their encounters, fleets, the storm, landings, sieges and control.
//!
//! Clubs act one after another in the year's move order (G3b.1), each club's orders in
//! the order written; what the rules settle together (fleet clashes, the storm,
//! landings, sieges, control) comes after every club has moved, in that order.

mod fleets;
pub(super) mod movement;

pub use movement::breaking_step;
mod siege;

use super::calendar::{Phase, PhaseId};
use super::campaign::Campaign;
use super::ids::{ArmyId, Ducats, NationCode, NodeCode};
use super::ledger::{Account, Item};
use super::map::NodeKind;
use super::order::{AssassinTarget, Order, OrderKind, OrderSet, Piece, SapperAt};
use super::outcome::{
    Audience, Betrayal, Cause, Done, Force, Happening, Outcome, Reason, Specialist,
};
use super::resolve::Step;
use super::tables::EventEffect;
use super::world::{Fortification, World};
use std::collections::{BTreeMap, BTreeSet};

/// What the round has done so far, beyond the world itself.
#[derive(Default)]
pub(super) struct Round {
    /// Pieces that have moved (one move each per round).
    moved: BTreeSet<Piece>,
    /// Fleets given an order this round, and where each came from if it sailed.
    fleet_busy: BTreeSet<super::ids::FleetId>,
    fleet_origin: BTreeMap<super::ids::FleetId, super::world::FleetAt>,
    /// Landings to complete at the end of the round: (nation, order, fleet, node).
    landings: Vec<(NationCode, Order, super::ids::FleetId, NodeCode)>,
    /// Sieges ordered this round: (nation, order).
    sieges: Vec<(NationCode, Order)>,
    /// The sieges under way when the round began (a move or an embarkation ends the
    /// army's siege at once; the report tells it at the siege step).
    sieges_before: Vec<super::world::Siege>,
    /// The club in hand's garrisons named for a node of their army's path (G2b.3, with
    /// `garrison_and_transfer_in_rounds`), left as the army passes; and the file places
    /// (`seq`) of those already left or refused on the way.
    on_the_way: Vec<Order>,
    left_on_the_way: BTreeSet<u32>,
}

pub(super) fn resolve(s: &mut Step, orders: &BTreeMap<NationCode, OrderSet>) {
    let round = s.w.phase.round().unwrap_or(1);
    if round == 1 {
        epidemics(s);
    }
    let mut r = Round {
        sieges_before: s.w.sieges.clone(),
        ..Round::default()
    };
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
                    ashore(s, army).and_then(|()| super::spring::garrison(s, n, army, *value))
                }
                OrderKind::Transfer { from, to, value }
                    if s.c.tables.rulings.garrison_and_transfer_in_rounds =>
                {
                    ashore(s, from)
                        .and_then(|()| ashore(s, to))
                        .and_then(|()| super::spring::transfer(s, n, from, to, *value))
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
                    .and_then(|()| super::spring::at_named_node(s, army, node.as_ref()))
                    .and_then(|()| super::spring::garrison(s, n, army, *value)),
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

/// Returns a piece's nation and node, if it exists (an army aboard a fleet has none).
pub(super) fn piece_at(w: &World, piece: &Piece) -> Option<(NationCode, NodeCode)> {
    match piece {
        Piece::Army(id) => w
            .armies
            .get(id)
            .filter(|a| a.ashore())
            .map(|a| (a.nation.clone(), a.node.clone())),
        Piece::Diplomat(id) => w
            .diplomats
            .get(id)
            .map(|d| (d.nation.clone(), d.node.clone())),
    }
}

/// Returns a piece's id as written.
pub(super) fn piece_name(piece: &Piece) -> String {
    match piece {
        Piece::Army(id) => id.to_string(),
        Piece::Diplomat(id) => id.to_string(),
    }
}

/// Returns the nations other than `nation` with a force at `node`: armies ashore,
/// diplomats, a garrison (G3b.4).
pub(super) fn other_forces(s: &Step, node: &NodeCode, nation: &NationCode) -> BTreeSet<NationCode> {
    let mut out = BTreeSet::new();
    for a in s
        .occ
        .armies_at(&s.w, node)
        .filter_map(|id| s.w.armies.get(id))
    {
        if &a.nation != nation {
            out.insert(a.nation.clone());
        }
    }
    for d in s
        .occ
        .diplomats_at(&s.w, node)
        .filter_map(|id| s.w.diplomats.get(id))
    {
        if &d.nation != nation {
            out.insert(d.nation.clone());
        }
    }
    if let Some(g) = s.w.nodes.get(node).and_then(|x| x.garrison.as_ref())
        && &g.nation != nation
    {
        out.insert(g.nation.clone());
    }
    out
}

/// Returns whether an alliance between the two stands (G5.2).
pub(super) fn allied(s: &Step, a: &NationCode, b: &NationCode) -> bool {
    let needs_both = s.c.tables.rulings.alliance_needs_both;
    let mut members = [a.clone(), b.clone()];
    members.sort();
    s.w.alliances.iter().any(|x| {
        x.members == members
            && x.betrayed_by.is_empty()
            && if needs_both {
                x.declared_by.len() == 2
            } else {
                !x.declared_by.is_empty()
            }
    })
}

/// G5.2: `by` betrays its alliance with `against`, if one stands; `how` is told.
pub(super) fn betray(s: &mut Step, by: &NationCode, against: &NationCode, how: Betrayal) {
    let needs_both = s.c.tables.rulings.alliance_needs_both;
    let mut members = [by.clone(), against.clone()];
    members.sort();
    let Some(a) = s.w.alliances.iter_mut().find(|a| a.members == members) else {
        return;
    };
    let stands = if needs_both {
        a.declared_by.len() == 2
    } else {
        !a.declared_by.is_empty()
    };
    if !stands || !a.betrayed_by.insert(by.clone()) {
        return;
    }
    for who in [
        Audience::Nation(by.clone()),
        Audience::Nation(against.clone()),
        Audience::Referee,
    ] {
        s.event(
            who,
            "G5.2",
            Happening::AllianceBetrayed {
                by: by.clone(),
                against: against.clone(),
                how: Some(how.clone()),
            },
        );
    }
}

/// Destroys an army, with its ledger entry and an event for its club.
pub(super) fn destroy_army(s: &mut Step, id: &ArmyId, rule: &str, item: Item, cause: Cause) {
    let Some(a) = s.w.armies.get(id).cloned() else {
        return;
    };
    s.army_add(id, -a.value, rule, item);
    // An army of no value is removed by army_add; make sure of it even at value 0.
    s.w.armies.remove(id);
    s.occ.refresh_army(&s.w, id);
    s.w.sieges.retain(|x| &x.besieger != id);
    s.event(
        Audience::Nation(a.nation.clone()),
        rule,
        Happening::ForceDestroyed {
            nation: a.nation.clone(),
            what: Force::Army(id.clone()),
            node: a.node.clone(),
            cause,
        },
    );
}

/// Destroys a node's garrison, with its ledger entry and an event for its club.
pub(super) fn destroy_garrison(
    s: &mut Step,
    node: &NodeCode,
    rule: &str,
    item: Item,
    cause: Cause,
) {
    let Some(g) = s.w.nodes.get_mut(node).and_then(|x| x.garrison.take()) else {
        return;
    };
    s.ledger.add(
        &g.nation,
        Account::Garrison(node.clone()),
        -g.value,
        rule,
        item,
    );
    s.event(
        Audience::Nation(g.nation.clone()),
        rule,
        Happening::ForceDestroyed {
            nation: g.nation.clone(),
            what: Force::Garrison,
            node: node.clone(),
            cause,
        },
    );
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
    if spy.is_some() {
        stance.spy = spy.clone();
    }
    if retreat_to.is_some() {
        stance.retreat_to = retreat_to.clone();
    }
    Outcome::Done(Done::StanceSet {
        piece: piece_name(piece),
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
    if success {
        strike.apply(s, &victim);
    }
    Outcome::Done(Done::AssassinSent { success })
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
            x.sapper = None;
        }
        s.w.works.retain(|w| w.node != node);
        s.event(
            Audience::Public,
            "G3b.8",
            Happening::NodeTaken { node, from, to },
        );
    }
}

/// Returns the value of a nation's forces at a node (armies ashore and its garrison);
/// what a spy reports as the enemy's size (G3c.4). Diplomats are worth 0.
pub(super) fn force_value(s: &Step, node: &NodeCode, nation: &NationCode) -> Ducats {
    let armies: Ducats = s
        .occ
        .armies_at(&s.w, node)
        .filter_map(|id| s.w.armies.get(id))
        .filter(|a| &a.nation == nation)
        .map(|a| a.value)
        .sum();
    let garrison =
        s.w.nodes
            .get(node)
            .and_then(|x| x.garrison.as_ref())
            .filter(|g| &g.nation == nation)
            .map_or(0, |g| g.value);
    armies + garrison
}
