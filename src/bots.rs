//! Bot clubs for the demo and the simulator: sensible orders from the world alone.
//!
//! A bot raises and reinforces armies, hires a spy, bids for the Strategos, fortifies,
//! marches on weak neighbours (open nodes first), attacks when it is the stronger,
//! and besieges the fortified places it reaches. It is deterministic: the same world
//! gives the same orders; the dice alone make campaigns differ.

use crate::rules::calendar::Phase;
use crate::rules::map::NodeKind;
use crate::rules::order::{Objective, OrderKind, OrderSet, Piece};
use crate::rules::tables::{Choice, ObjectiveKind};
use crate::rules::world::Fortification;
use crate::rules::{ArmyId, Campaign, Ducats, NationCode, NodeCode, World};
use std::collections::{BTreeMap, BTreeSet};

/// Builds a bot's orders for the open phase.
pub fn orders(c: &Campaign, w: &World, nation: &NationCode) -> OrderSet {
    let kinds = match w.phase.phase {
        Phase::Spring => spring(c, w, nation),
        Phase::Round(_) => round(c, w, nation),
        Phase::Winter => Vec::new(),
    };
    OrderSet::from_kinds(kinds)
}

/// The objective a bot chooses in its first spring, by its nation's strength.
fn objective(c: &Campaign, nation: &NationCode) -> Objective {
    let kinds = [
        ObjectiveKind::MostCities,
        ObjectiveKind::KeepPossessions,
        ObjectiveKind::MostDucats,
        ObjectiveKind::MostVillages,
    ];
    let i = nation.as_str().bytes().map(usize::from).sum::<usize>() % kinds.len();
    let kind = if c
        .nation(nation.as_str())
        .is_some_and(|n| n.fleet_limit >= 2)
    {
        ObjectiveKind::MostPorts
    } else {
        kinds[i]
    };
    Objective { kind, target: None }
}

fn spring(c: &Campaign, w: &World, n: &NationCode) -> Vec<OrderKind> {
    let mut out = Vec::new();
    let Some(state) = w.nation(n.as_str()) else {
        return out;
    };
    // Money after income, roughly: what the nodes pay this spring.
    let income: Ducats = w
        .nodes_owned_by(n.as_str())
        .filter_map(|(code, _)| c.map.node(code.as_str()))
        .map(|node| match node.kind {
            NodeKind::City => c.tables.income.city,
            NodeKind::Fortress => c.tables.income.fortress,
            NodeKind::Village => c.tables.income.village,
        })
        .sum();
    let mut budget = state.treasury + income - state.loan.as_ref().map_or(0, |l| l.due());
    if w.phase.year == c.tables.calendar.start_year && state.objective.is_none() {
        out.push(OrderKind::Objective(objective(c, n)));
    }
    let cities: Vec<NodeCode> = w
        .nodes_owned_by(n.as_str())
        .filter(|(code, _)| {
            c.map
                .node(code.as_str())
                .is_some_and(|x| x.kind == NodeKind::City)
        })
        .map(|(code, _)| code.clone())
        .collect();
    let capital = NodeCode(format!("{n}0"));
    let home = if cities.contains(&capital) {
        Some(capital)
    } else {
        cities.first().cloned()
    };
    let armies = w.armies_of(n.as_str()).count() as u32;
    if let Some(home) = &home
        && armies < c.tables.armies.max_armies
        && budget >= 200
    {
        let value = (budget / 2).min(300);
        out.push(OrderKind::Raise {
            node: home.clone(),
            value,
        });
        budget -= value;
    }
    // Reinforce the largest army standing in an owned city.
    if let Some(a) = w
        .armies_of(n.as_str())
        .filter(|a| cities.contains(&a.node))
        .max_by_key(|a| (a.value, a.id.clone()))
    {
        let value = budget / 3;
        if value >= 20 {
            out.push(OrderKind::Reinforce {
                army: a.id.clone(),
                value,
            });
            budget -= value;
        }
    }
    if !state.spy && budget >= 150 {
        out.push(OrderKind::HireSpy);
        budget -= c.tables.specialists.spy;
    }
    if let Some(open) = cities.iter().find(|x| {
        w.nodes
            .get(*x)
            .is_some_and(|s| s.fortification == Fortification::None)
    }) && budget >= 150
    {
        out.push(OrderKind::Fortify { node: open.clone() });
        budget -= c.tables.works.fortify_city;
    }
    let bid = (budget / 10).max(0);
    if bid > 0 {
        out.push(OrderKind::StrategosBid {
            amount: bid,
            move_order: vec![n.clone()],
        });
    }
    out
}

/// The strength of another nation's forces at a node (what a bot guesses: it sees only
/// markers, so it counts every marker as the nation's average army).
fn danger(w: &World, node: &NodeCode, n: &NationCode) -> Ducats {
    let armies: Ducats = w
        .armies
        .values()
        .filter(|a| a.ashore() && &a.node == node && &a.nation != n)
        .map(|a| a.value)
        .sum();
    let garrison = w
        .nodes
        .get(node)
        .and_then(|x| x.garrison.as_ref())
        .filter(|g| &g.nation != n)
        .map_or(0, |g| g.value);
    armies + garrison
}

fn round(c: &Campaign, w: &World, n: &NationCode) -> Vec<OrderKind> {
    let mut out = Vec::new();
    let allies: BTreeSet<&NationCode> = w
        .alliances
        .iter()
        .filter(|a| a.members.contains(n) && a.declared_by.len() == 2 && a.betrayed_by.is_empty())
        .flat_map(|a| a.members.iter())
        .filter(|m| *m != n)
        .collect();
    let mut claimed: BTreeMap<NodeCode, ArmyId> = BTreeMap::new();
    let armies: Vec<_> = w
        .armies_of(n.as_str())
        .filter(|a| a.ashore())
        .cloned()
        .collect();
    for a in &armies {
        let here = &w.nodes[&a.node];
        // At an enemy place that holds out: besiege it (from the round after arriving).
        if &here.owner != n && here.fortification == Fortification::Fortified {
            if a.arrived != Some(w.phase) {
                let bribe = if w.nation(n.as_str()).map_or(0, |s| s.treasury) > 200 {
                    c.tables.siege.bribe_step
                } else {
                    0
                };
                out.push(OrderKind::Siege {
                    army: a.id.clone(),
                    bribe,
                    lift: false,
                });
            }
            continue;
        }
        // Otherwise march on the weakest enemy neighbour it can beat, open places first.
        let target = c
            .map
            .neighbours(a.node.as_str())
            .filter(|x| {
                w.nodes
                    .get(*x)
                    .is_some_and(|s| &s.owner != n && !allies.contains(&s.owner))
            })
            .filter(|x| !claimed.contains_key(*x))
            .map(|x| {
                let fortified = w.nodes[x].fortification == Fortification::Fortified;
                (fortified, danger(w, x, n), x.clone())
            })
            .filter(|(_, d, _)| *d * 3 < a.value * 2)
            .min();
        if let Some((_, d, to)) = target {
            let choice = if d > 0 { Choice::Attack } else { Choice::Stop };
            out.push(OrderKind::Stance {
                piece: Piece::Army(a.id.clone()),
                on_contact: Some(choice),
                when_contacted: Some(Choice::Stop),
                spy: None,
                retreat_to: None,
            });
            out.push(OrderKind::Move {
                piece: Piece::Army(a.id.clone()),
                path: vec![a.node.clone(), to.clone()],
            });
            claimed.insert(to, a.id.clone());
        }
    }
    out
}
