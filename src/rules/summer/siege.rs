//! Sieges (G3d, Table 35): rolled at the end of the round, bribes paid before the roll,
//! the besieger's armies paying for each siege round, breaches when a place falls.
//!
//! Two procedures, chosen by the rulings: campaigns written before `one_siege_per_place`
//! and `siege_stands_until_lifted` existed roll one siege per army, ordered again every
//! round (`by_army`, kept as it was so their past phases replay); with either ruling on,
//! `by_place` rolls one siege per place and besieging club, standing or not.

use super::round::Round;
use crate::rules::forces::{betray, destroy_army, destroy_garrison};
use crate::rules::ids::{ArmyId, Ducats, NationCode, NodeCode};
use crate::rules::ledger::Item;
use crate::rules::map::NodeKind;
use crate::rules::order::{Order, OrderKind};
use crate::rules::outcome::{
    Audience, Cause, Done, Happening, Outcome, Reason, SiegeEnd, SiegeModifier,
};
use crate::rules::step::Step;
use crate::rules::world::{Fortification, Siege};

/// Rolls the round's sieges by the procedure the rulings choose.
pub(super) fn sieges(s: &mut Step, r: &mut Round) {
    let rulings = &s.c.tables.rulings;
    if rulings.one_siege_per_place || rulings.siege_stands_until_lifted {
        by_place(s, r);
    } else {
        by_army(s, r);
    }
}

/// The procedure before the rulings: every siege ordered this round, army by army, in
/// the move order; sieges not renewed lapse.
fn by_army(s: &mut Step, r: &mut Round) {
    let mut renewed = Vec::new();
    for (n, o) in std::mem::take(&mut r.sieges) {
        let result = if let OrderKind::Siege {
            army, lift: true, ..
        } = &o.kind
        {
            lift(s, &n, army, &r.sieges_before)
        } else {
            siege(s, &n, &o, &mut renewed).unwrap_or_else(|rejected| rejected)
        };
        s.outcome(&n, &o, result);
    }
    // G3d.2 counts whole rounds spent in *this* siege: a round without the order ends it.
    s.w.sieges.retain(|x| renewed.contains(&x.besieger));
}

/// Lifts the army's siege, if it is in one; one its army marched away from this round
/// (`before`: the sieges as the round began) the march ended already, and that is said.
fn lift(s: &mut Step, n: &NationCode, army: &ArmyId, before: &[Siege]) -> Outcome {
    let mine = s.w.armies.get(army).is_some_and(|a| &a.nation == n);
    let Some(i) =
        s.w.sieges
            .iter()
            .position(|x| &x.besieger == army)
            .filter(|_| mine)
    else {
        let left =
            before.iter().find(|x| &x.besieger == army).filter(|x| {
                mine && s.w.armies.get(army).is_some_and(|a| {
                    !a.ashore() || a.node != x.node || a.arrived == Some(s.w.phase)
                })
            });
        return match left {
            Some(x) => {
                let node = x.node.clone();
                raised(s, &node, n);
                Outcome::Done(Done::SiegeLeft {
                    army: army.clone(),
                    node,
                })
            }
            None => Outcome::rejected("G3d.2", Reason::NotBesieging { army: army.clone() }),
        };
    };
    let node = s.w.sieges.remove(i).node;
    raised(s, &node, n);
    Outcome::Done(Done::SiegeLifted {
        army: army.clone(),
        node,
    })
}

fn siege(
    s: &mut Step,
    n: &NationCode,
    o: &Order,
    renewed: &mut Vec<ArmyId>,
) -> Result<Outcome, Outcome> {
    let OrderKind::Siege { army, bribe, .. } = &o.kind else {
        unreachable!("only siege orders come here")
    };
    let a = match s.w.armies.get(army) {
        Some(a) if &a.nation == n && a.ashore() => a.clone(),
        Some(a) if &a.nation == n => return Err(Outcome::rejected("G3e.3", Reason::Aboard)),
        _ => {
            return Err(Outcome::rejected(
                "G3d.1",
                Reason::UnknownArmy { army: army.clone() },
            ));
        }
    };
    let node = a.node.clone();
    let state = s.w.nodes[&node].clone();
    if state.owner == *n || state.fortification != Fortification::Fortified {
        return Err(Outcome::rejected("G3d.1", Reason::NoSiegeTarget { node }));
    }
    if a.stunned == Some(s.w.phase) {
        return Err(Outcome::rejected("G2b.5", Reason::Stunned));
    }
    if a.arrived == Some(s.w.phase) {
        return Err(Outcome::rejected("G3d.1", Reason::ArrivedThisRound));
    }
    if renewed.contains(army) {
        return Err(Outcome::rejected(
            "G3d.2",
            Reason::MovedTwice {
                piece: army.to_string(),
            },
        ));
    }
    let t = s.c.tables.siege.clone();
    // G3d.3: the bribe is paid before the roll, spent whatever the result.
    s.pay(n, *bribe, "G3d.3", Item::Bribe { node: node.clone() })?;
    let defender = state.owner.clone();
    let how = crate::rules::outcome::Betrayal::Siege { node: node.clone() };
    betray(s, n, &defender, how);
    let spent =
        s.w.sieges
            .iter()
            .find(|x| x.besieger == *army && x.node == node)
            .map_or(0, |x| x.rounds_spent);
    let inside: Vec<ArmyId> =
        s.w.armies
            .values()
            .filter(|x| x.ashore() && x.node == node && x.nation == defender)
            .map(|x| x.id.clone())
            .collect();
    let defender_sapper =
        state.sapper.as_ref() == Some(&defender) || inside.iter().any(|id| s.w.armies[id].sapper);
    let kind = s.c.map.node(node.as_str()).map(|x| x.kind);
    let modifier: i32 = i32::from(spent) * t.per_round_spent
        + if a.sapper { t.besieger_sapper } else { 0 }
        + i32::try_from(bribe / t.bribe_step.max(1)).unwrap_or(i32::MAX / 2) * t.per_bribe_step
        + if state.garrison.is_some() {
            t.garrison_present
        } else {
            0
        }
        + if defender_sapper {
            t.defender_sapper
        } else {
            0
        }
        + match kind {
            Some(NodeKind::City) => t.fortified_city,
            Some(NodeKind::Fortress) => t.fortress,
            Some(NodeKind::Village) | None => t.fortified_village,
        };
    let round = s.w.phase.round().unwrap_or(0);
    let roll = s.dice.d6(
        &format!("siege/{node}/r{round:02}"),
        &format!(
            "siege of {node} by {army}: 1d6 {modifier:+}, needs {}",
            t.target
        ),
    );
    let total = i32::from(roll) + modifier;
    let fell = total >= t.target;
    for who in [n, &defender] {
        s.event(
            Audience::Nation(who.clone()),
            "G3d.2",
            Happening::SiegeRoll {
                node: node.clone(),
                besieger: n.clone(),
                roll,
                total,
                needed: t.target,
            },
        );
    }
    // G3d.4: the besieging army pays for the round.
    let cost: Ducats = t.army_cost_per_round;
    s.army_add(
        army,
        -cost.min(a.value),
        "G3d.4",
        Item::SiegeCost { node: node.clone() },
    );
    if fell {
        surrender(s, n, &defender, &node, &inside);
    } else if s.w.armies.contains_key(army) {
        match s
            .w
            .sieges
            .iter_mut()
            .find(|x| x.besieger == *army && x.node == node)
        {
            Some(x) => x.rounds_spent += 1,
            None => s.w.sieges.push(Siege {
                node: node.clone(),
                besieger: army.clone(),
                rounds_spent: 1,
            }),
        }
        renewed.push(army.clone());
    }
    Ok(Outcome::Done(Done::SiegeRolled {
        node,
        roll,
        total,
        needed: t.target,
        fell,
    }))
}

/// G3d.2, G3d.5: the place surrenders with its garrison and every force inside, and is
/// breached.
fn surrender(s: &mut Step, to: &NationCode, from: &NationCode, node: &NodeCode, inside: &[ArmyId]) {
    // The besieger learns what it took (a play-test's victor never heard of the army
    // destroyed inside, which its owner was told of).
    let garrison = s.w.nodes.get(node).is_some_and(|x| x.garrison.is_some());
    let armies = inside
        .iter()
        .filter(|id| s.w.armies.contains_key(*id))
        .count();
    if garrison || armies > 0 {
        s.event(
            Audience::Nation(to.clone()),
            "G3d.2",
            Happening::SurrenderTook {
                node: node.clone(),
                from: from.clone(),
                garrison,
                armies: u32::try_from(armies).unwrap_or(u32::MAX),
            },
        );
    }
    destroy_garrison(
        s,
        node,
        "G3d.2",
        Item::Captured { node: node.clone() },
        Cause::Surrendered,
    );
    for id in inside {
        destroy_army(
            s,
            id,
            "G3d.2",
            Item::Captured { node: node.clone() },
            Cause::Surrendered,
        );
    }
    let diplomats: Vec<_> =
        s.w.diplomats
            .values()
            .filter(|d| &d.node == node && &d.nation == from)
            .map(|d| d.id.clone())
            .collect();
    for d in diplomats {
        s.w.diplomats.remove(&d);
        s.occ.refresh_diplomat(&s.w, &d);
    }
    if let Some(x) = s.w.nodes.get_mut(node) {
        x.owner = to.clone();
        x.fortification = Fortification::Breached;
    }
    s.w.sieges.retain(|x| &x.node != node);
    crate::rules::forces::lost_with_place(s, node, "G3d.2");
    s.event(
        Audience::Public,
        "G3d.2",
        Happening::Surrendered {
            node: node.clone(),
            from: from.clone(),
            to: to.clone(),
            breached: true,
        },
    );
}

/// One club's siege of one place this round (one army's, when sieges are not pooled).
struct Besiege {
    nation: NationCode,
    node: NodeCode,
    /// The armies taking part, in the order they joined; each pays the round's cost.
    armies: Vec<ArmyId>,
    /// The bribes paid this round, pooled.
    bribe: Ducats,
}

/// The procedure of the rulings: the round's siege orders and (with
/// `siege_stands_until_lifted`) the sieges standing from earlier rounds make one siege
/// per place and club (with `one_siege_per_place`; else one per army), each rolled once.
fn by_place(s: &mut Step, r: &mut Round) {
    let pooled = s.c.tables.rulings.one_siege_per_place;
    let standing = s.c.tables.rulings.siege_stands_until_lifted;
    let mut groups: Vec<Besiege> = Vec::new();
    let mut ordered: Vec<ArmyId> = Vec::new();
    // Armies whose siege waits this round for their battle at the place (told).
    let mut held: Vec<ArmyId> = Vec::new();
    for (n, o) in std::mem::take(&mut r.sieges) {
        let OrderKind::Siege { army, bribe, lift } = &o.kind else {
            continue;
        };
        if *lift {
            ordered.push(army.clone());
            let result = self::lift(s, &n, army, &r.sieges_before);
            s.outcome(&n, &o, result);
            continue;
        }
        let node = match eligible(s, &n, army, &ordered) {
            Ok(node) => node,
            Err(rejected) => {
                s.outcome(&n, &o, rejected);
                continue;
            }
        };
        ordered.push(army.clone());
        // A siege waiting for its battle pays no bribe and joins no roll this round.
        if held_by_battle(s, &n, army, &node) {
            held.push(army.clone());
        } else {
            let paid = match pay_bribe(s, &n, &node, *bribe, standing) {
                Ok(paid) => paid,
                Err(rejected) => {
                    s.outcome(&n, &o, rejected);
                    continue;
                }
            };
            join(&mut groups, pooled, &n, &node, army, paid);
        }
        s.outcome(
            &n,
            &o,
            Outcome::Done(Done::Besieging {
                army: army.clone(),
                node,
            }),
        );
    }
    // Sieges whose army marched off or boarded a fleet this round ended then: tell them.
    for x in std::mem::take(&mut r.sieges_before) {
        let gone = !s.w.sieges.iter().any(|y| y.besieger == x.besieger);
        let moved =
            s.w.armies
                .get(&x.besieger)
                .is_some_and(|a| !a.ashore() || a.node != x.node || a.arrived == Some(s.w.phase));
        if gone && moved && !ordered.contains(&x.besieger) {
            ended(s, &x, SiegeEnd::ArmyLeft);
        }
    }
    if standing {
        carry_on(s, &mut groups, pooled, &ordered);
    }
    // A waiting siege stands: it is neither rolled nor lapsed.
    let rolled: Vec<ArmyId> = groups
        .iter()
        .flat_map(|g| g.armies.clone())
        .chain(held)
        .collect();
    let mut nodes_rolled: Vec<NodeCode> = Vec::new();
    for g in groups {
        let again = nodes_rolled.contains(&g.node);
        nodes_rolled.push(g.node.clone());
        roll(s, g, again);
    }
    if !standing {
        // Not a standing order: a siege not ordered again this round ends, and is told.
        let lapsed: Vec<Siege> =
            s.w.sieges
                .iter()
                .filter(|x| !rolled.contains(&x.besieger))
                .cloned()
                .collect();
        s.w.sieges.retain(|x| rolled.contains(&x.besieger));
        for x in lapsed {
            ended(s, &x, SiegeEnd::NotRenewed);
        }
    }
}

/// Checks that the army may besiege where it stands this round, and returns the node.
fn eligible(
    s: &Step,
    n: &NationCode,
    army: &ArmyId,
    ordered: &[ArmyId],
) -> Result<NodeCode, Outcome> {
    let a = match s.w.armies.get(army) {
        Some(a) if &a.nation == n && a.ashore() => a,
        Some(a) if &a.nation == n => return Err(Outcome::rejected("G3e.3", Reason::Aboard)),
        _ => {
            return Err(Outcome::rejected(
                "G3d.1",
                Reason::UnknownArmy { army: army.clone() },
            ));
        }
    };
    if !is_target(s, n, &a.node) {
        return Err(Outcome::rejected(
            "G3d.1",
            Reason::NoSiegeTarget {
                node: a.node.clone(),
            },
        ));
    }
    if a.stunned == Some(s.w.phase) {
        return Err(Outcome::rejected("G2b.5", Reason::Stunned));
    }
    if a.arrived == Some(s.w.phase) {
        return Err(Outcome::rejected("G3d.1", Reason::ArrivedThisRound));
    }
    if ordered.contains(army) {
        return Err(Outcome::rejected(
            "G3d.2",
            Reason::MovedTwice {
                piece: army.to_string(),
            },
        ));
    }
    Ok(a.node.clone())
}

/// Returns whether `node` is a place `n` may besiege: fortified, and not its own.
fn is_target(s: &Step, n: &NationCode, node: &NodeCode) -> bool {
    s.w.nodes
        .get(node)
        .is_some_and(|x| &x.owner != n && x.fortification == Fortification::Fortified)
}

/// G3d.3: pays the bribe before the roll. One the treasury cannot pay rejects the order,
/// or, with a standing siege, is dropped (and told) while the siege goes on.
fn pay_bribe(
    s: &mut Step,
    n: &NationCode,
    node: &NodeCode,
    bribe: Ducats,
    standing: bool,
) -> Result<Ducats, Outcome> {
    if bribe == 0 {
        return Ok(0);
    }
    let treasury = s.treasury(n.as_str());
    match s.pay(n, bribe, "G3d.3", Item::Bribe { node: node.clone() }) {
        Ok(()) => Ok(bribe),
        Err(_) if standing => {
            s.event(
                Audience::Nation(n.clone()),
                "G3d.3",
                Happening::BribeDropped {
                    node: node.clone(),
                    bribe,
                    treasury,
                },
            );
            Ok(0)
        }
        Err(rejected) => Err(rejected),
    }
}

/// Adds an army to its club's siege of the place (its own siege, when not pooled).
fn join(
    groups: &mut Vec<Besiege>,
    pooled: bool,
    n: &NationCode,
    node: &NodeCode,
    army: &ArmyId,
    bribe: Ducats,
) {
    match groups
        .iter_mut()
        .find(|g| pooled && &g.nation == n && &g.node == node)
    {
        Some(g) => {
            g.armies.push(army.clone());
            g.bribe += bribe;
        }
        None => groups.push(Besiege {
            nation: n.clone(),
            node: node.clone(),
            armies: vec![army.clone()],
            bribe,
        }),
    }
}

/// G3d.2 with `siege_stands_until_lifted`: a siege not ordered this round goes on while
/// its army stays at the place; one whose army left, or whose place is no longer an
/// enemy fortified place, ends (told); one whose army cannot attack waits (told).
fn carry_on(s: &mut Step, groups: &mut Vec<Besiege>, pooled: bool, ordered: &[ArmyId]) {
    // The events of the armies that wait, to name the club's armies that roll the
    // place's siege without them once every group is known.
    let mut waits = Vec::new();
    for x in s.w.sieges.clone() {
        if ordered.contains(&x.besieger) {
            continue;
        }
        let Some(a) = s.w.armies.get(&x.besieger).cloned() else {
            s.w.sieges.retain(|y| y.besieger != x.besieger);
            continue;
        };
        let why = if !a.ashore() || a.node != x.node || a.arrived == Some(s.w.phase) {
            Some(SiegeEnd::ArmyLeft)
        } else if !is_target(s, &a.nation, &x.node) {
            Some(SiegeEnd::NoTarget)
        } else {
            None
        };
        if let Some(why) = why {
            s.w.sieges.retain(|y| y.besieger != x.besieger);
            ended(s, &x, why);
        } else if a.stunned == Some(s.w.phase) {
            waits.push((s.events.len(), a.nation.clone()));
            s.event(
                Audience::Nation(a.nation.clone()),
                "G3d.2",
                Happening::SiegeWaits {
                    node: x.node.clone(),
                    army: x.besieger.clone(),
                    others: Vec::new(),
                },
            );
        } else if !held_by_battle(s, &a.nation, &x.besieger, &x.node) {
            join(groups, pooled, &a.nation, &x.node, &x.besieger, 0);
        }
    }
    for (i, nation) in waits {
        if let Some(Happening::SiegeWaits { node, others, .. }) =
            s.events.get_mut(i).map(|e| &mut e.what)
        {
            *others = groups
                .iter()
                .filter(|g| g.nation == nation && g.node == *node)
                .flat_map(|g| g.armies.iter().cloned())
                .collect();
        }
    }
}

/// With `siege_waits_for_battle`: whether `army`'s siege of `node` waits this round
/// because the army is in a battle pending at the place; if so, the siege stands (a new
/// one is recorded, with no round spent) and the besieger and the place's holder (when
/// it fights that battle) are told, with the battle.
fn held_by_battle(s: &mut Step, n: &NationCode, army: &ArmyId, node: &NodeCode) -> bool {
    if !s.c.tables.rulings.siege_waits_for_battle {
        return false;
    }
    let Some((battle, sides)) =
        s.w.battles
            .iter()
            .find(|b| {
                &b.node == node
                    && (b.attacker.armies.contains(army) || b.defender.armies.contains(army))
            })
            .map(|b| {
                let sides = [b.attacker.nation.clone(), b.defender.nation.clone()];
                (b.id.clone(), sides)
            })
    else {
        return false;
    };
    if !s.w.sieges.iter().any(|x| &x.besieger == army) {
        s.w.sieges.push(Siege {
            node: node.clone(),
            besieger: army.clone(),
            rounds_spent: 0,
        });
    }
    // The holder hears it when it fights the battle (its card names the armies); a
    // third nation holding the place is told nothing of the besiegers' armies.
    let holder = s.w.nodes.get(node).map(|x| x.owner.clone());
    let holder = holder.filter(|h| h != n && sides.contains(h));
    for who in std::iter::once(n.clone()).chain(holder) {
        s.event(
            Audience::Nation(who),
            "G3d.2",
            Happening::SiegeHeldByBattle {
                node: node.clone(),
                army: army.clone(),
                battle: battle.clone(),
            },
        );
    }
    true
}

/// Tells the besieging club that its siege ended without the place falling, and the
/// place's owner that it is no longer besieged (unless the place changed hands).
fn ended(s: &mut Step, x: &Siege, why: SiegeEnd) {
    let Some(n) = s.w.armies.get(&x.besieger).map(|a| a.nation.clone()) else {
        return;
    };
    s.event(
        Audience::Nation(n.clone()),
        "G3d.2",
        Happening::SiegeEnded {
            node: x.node.clone(),
            army: x.besieger.clone(),
            why,
        },
    );
    if why != SiegeEnd::NoTarget {
        raised(s, &x.node, &n);
    }
}

/// Tells the owner of `node` that `besieger`'s siege of it is over, where no other army
/// of that nation still besieges it.
pub(crate) fn raised(s: &mut Step, node: &NodeCode, besieger: &NationCode) {
    let still = s.w.sieges.iter().any(|y| {
        &y.node == node
            && s.w
                .armies
                .get(&y.besieger)
                .is_some_and(|a| &a.nation == besieger)
    });
    let Some(owner) = s.w.nodes.get(node).map(|n| n.owner.clone()) else {
        return;
    };
    if still || &owner == besieger {
        return;
    }
    s.event(
        Audience::Nation(owner),
        "G3d.2",
        Happening::SiegeRaised {
            node: node.clone(),
            besieger: besieger.clone(),
        },
    );
}

/// Table 35: the modifiers of one siege roll, every one named (the rounds spent even at
/// +0, so that a first roll says why it gets nothing for them).
fn modifiers(s: &Step, g: &Besiege, spent: u8) -> Vec<SiegeModifier> {
    let t = &s.c.tables.siege;
    let state = &s.w.nodes[&g.node];
    let defender = &state.owner;
    let mut out = vec![SiegeModifier::RoundsSpent {
        rounds: spent,
        value: i32::from(spent) * t.per_round_spent,
    }];
    if g.armies.iter().any(|id| s.w.armies[id].sapper) {
        out.push(SiegeModifier::BesiegerSapper {
            value: t.besieger_sapper,
        });
    }
    if g.bribe > 0 {
        let steps = i32::try_from(g.bribe / t.bribe_step.max(1)).unwrap_or(i32::MAX / 2);
        out.push(SiegeModifier::Bribe {
            ducats: g.bribe,
            value: steps * t.per_bribe_step,
        });
    }
    if state.garrison.is_some() {
        out.push(SiegeModifier::Garrison {
            value: t.garrison_present,
        });
    }
    let defender_sapper = state.sapper.as_ref() == Some(defender)
        || s.w
            .armies
            .values()
            .any(|x| x.ashore() && x.node == g.node && &x.nation == defender && x.sapper);
    if defender_sapper {
        out.push(SiegeModifier::DefenderSapper {
            value: t.defender_sapper,
        });
    }
    out.push(match s.c.map.node(g.node.as_str()).map(|x| x.kind) {
        Some(NodeKind::City) => SiegeModifier::FortifiedCity {
            value: t.fortified_city,
        },
        Some(NodeKind::Fortress) => SiegeModifier::Fortress { value: t.fortress },
        Some(NodeKind::Village) | None => SiegeModifier::FortifiedVillage {
            value: t.fortified_village,
        },
    });
    out
}

/// Rolls one siege: one die for the place and club, each army pays the round's cost
/// (G3d.4), and the place falls or the count of rounds goes on.
fn roll(s: &mut Step, g: Besiege, again: bool) {
    let n = g.nation.clone();
    let node = g.node.clone();
    // Another club's siege may have taken the place earlier in this step.
    if !is_target(s, &n, &node) {
        for id in &g.armies {
            s.w.sieges.retain(|x| &x.besieger != id);
            let x = Siege {
                node: node.clone(),
                besieger: id.clone(),
                rounds_spent: 0,
            };
            ended(s, &x, SiegeEnd::NoTarget);
        }
        return;
    }
    let defender = s.w.nodes[&node].owner.clone();
    let how = crate::rules::outcome::Betrayal::Siege { node: node.clone() };
    betray(s, &n, &defender, how);
    let spent =
        s.w.sieges
            .iter()
            .filter(|x| x.node == node && g.armies.contains(&x.besieger))
            .map(|x| x.rounds_spent)
            .max()
            .unwrap_or(0);
    let modifiers = modifiers(s, &g, spent);
    let modifier: i32 = modifiers.iter().map(SiegeModifier::value).sum();
    let t = s.c.tables.siege.clone();
    let round = s.w.phase.round().unwrap_or(0);
    let names: Vec<String> = g.armies.iter().map(ToString::to_string).collect();
    // Two clubs (or two armies, not pooled) at one place roll dice of their own.
    let event = if again {
        format!("siege/{node}/r{round:02}/{}", names.join("+"))
    } else {
        format!("siege/{node}/r{round:02}")
    };
    let roll = s.dice.d6(
        &event,
        &format!(
            "siege of {node} by {} ({}): 1d6 {modifier:+}, needs {}",
            n,
            names.join(", "),
            t.target
        ),
    );
    let total = i32::from(roll) + modifier;
    let fell = total >= t.target;
    let inside: Vec<ArmyId> =
        s.w.armies
            .values()
            .filter(|x| x.ashore() && x.node == node && x.nation == defender)
            .map(|x| x.id.clone())
            .collect();
    for who in [&n, &defender] {
        s.event(
            Audience::Nation(who.clone()),
            "G3d.2",
            Happening::SiegeRound {
                node: node.clone(),
                besieger: n.clone(),
                armies: g.armies.clone(),
                roll,
                modifiers: modifiers.clone(),
                total: Some(total),
                needed: t.target,
                fell,
            },
        );
    }
    // G3d.4: each besieging army pays for the round.
    for id in &g.armies {
        let value = s.w.armies.get(id).map_or(0, |a| a.value);
        s.army_add(
            id,
            -t.army_cost_per_round.min(value),
            "G3d.4",
            Item::SiegeCost { node: node.clone() },
        );
    }
    if fell {
        surrender(s, &n, &defender, &node, &inside);
        return;
    }
    for id in g.armies.iter().filter(|id| s.w.armies.contains_key(*id)) {
        match s.w.sieges.iter_mut().find(|x| &x.besieger == id) {
            Some(x) => {
                x.node = node.clone();
                x.rounds_spent = spent + 1;
            }
            None => s.w.sieges.push(Siege {
                node: node.clone(),
                besieger: id.clone(),
                rounds_spent: spent + 1,
            }),
        }
    }
}

/// The highest total a siege roll by the club's `armies` at `node` can reach this round
/// from what the club knows (a 6, the rounds its siege has spent, a sapper with its
/// armies, the bribe, the kind of place: not the defender's garrison or sapper, which it
/// may not see), and the total the place falls on. A club's check warns of a bribe that
/// cannot make the place fall this round (a play-test's club paid one, not knowing the
/// target).
pub(crate) fn known_best(
    c: &crate::rules::campaign::Campaign,
    w: &crate::rules::world::World,
    node: &NodeCode,
    armies: &[ArmyId],
    bribe: Ducats,
) -> (i32, i32) {
    let t = &c.tables.siege;
    let spent = w
        .sieges
        .iter()
        .filter(|x| &x.node == node && armies.contains(&x.besieger))
        .map(|x| x.rounds_spent)
        .max()
        .unwrap_or(0);
    let sapper = armies
        .iter()
        .any(|id| w.armies.get(id).is_some_and(|a| a.sapper));
    let steps = i32::try_from(bribe / t.bribe_step.max(1)).unwrap_or(i32::MAX / 2);
    let place = match c.map.node(node.as_str()).map(|x| x.kind) {
        Some(NodeKind::City) => t.fortified_city,
        Some(NodeKind::Fortress) => t.fortress,
        Some(NodeKind::Village) | None => t.fortified_village,
    };
    let best = 6
        + i32::from(spent) * t.per_round_spent
        + if sapper { t.besieger_sapper } else { 0 }
        + steps * t.per_bribe_step
        + place;
    (best, t.target)
}
