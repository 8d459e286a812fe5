//! Letters carried by a courier (G5.3, `letters_travel = "courier"`): a courier rides the
//! roads from the writer's capital to the addressee's, ⌈roads ÷ 3⌉ summer rounds; it is
//! lost where a hostile army stands on its path, and a club with a spy beside the path
//! may read it (1d6, 5 or 6). Each summer round's resolution moves every courier once,
//! after the round's moves, with the phase's dice; the couriers on the road are part of
//! the world, so a phase replays (and `giglio audit` checks it) from its inputs alone.

use super::calendar::Phase;
use super::campaign::Campaign;
use super::ids::{NationCode, NodeCode};
use super::outcome::{Audience, Happening};
use super::step::Step;
pub use super::world::Courier;
use super::world::World;
use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// Roads a courier rides in one summer round.
pub const ROADS_PER_ROUND: usize = 3;

/// The least face of the d6 on which a spy intercepts a courier (5 or 6: one in three).
pub const INTERCEPT_ON: u8 = 5;

/// The summer rounds a journey of `roads` roads takes: ⌈roads ÷ 3⌉, at least 1.
pub fn rounds_for(roads: usize) -> u8 {
    u8::try_from(roads.div_ceil(ROADS_PER_ROUND).max(1)).unwrap_or(u8::MAX)
}

/// A nation's capital, where its letters set out and arrive.
pub fn capital<'a>(c: &'a Campaign, nation: &str) -> Option<&'a NodeCode> {
    c.map
        .nodes()
        .find(|n| n.capital && n.owner.as_str() == nation)
        .map(|n| &n.code)
}

/// The nodes where a hostile army stands for a courier from `from` to `to`: an army on
/// land of any other nation, allies included.
pub fn hostile_nodes(w: &World, from: &str, to: &str) -> BTreeSet<NodeCode> {
    w.armies
        .values()
        .filter(|a| a.aboard.is_none())
        .filter(|a| a.nation.as_str() != from && a.nation.as_str() != to)
        .map(|a| a.node.clone())
        .collect()
}

/// The shortest road path from `a` to `b` avoiding `barred` (neighbours taken in the
/// order of node codes, so among paths as short the first is always the same).
pub fn path(
    c: &Campaign,
    a: &NodeCode,
    b: &NodeCode,
    barred: &BTreeSet<NodeCode>,
) -> Option<Vec<NodeCode>> {
    if barred.contains(a) || barred.contains(b) {
        return None;
    }
    let mut came: BTreeMap<NodeCode, NodeCode> = BTreeMap::new();
    let mut seen = BTreeSet::from([a.clone()]);
    let mut queue = VecDeque::from([a.clone()]);
    while let Some(n) = queue.pop_front() {
        if &n == b {
            let mut out = vec![n.clone()];
            let mut at = n;
            while let Some(p) = came.get(&at) {
                out.push(p.clone());
                at = p.clone();
            }
            out.reverse();
            return Some(out);
        }
        let mut next: Vec<&NodeCode> = c.map.neighbours(n.as_str()).collect();
        next.sort();
        for m in next {
            if barred.contains(m) || !seen.insert(m.clone()) {
                continue;
            }
            came.insert(m.clone(), n.clone());
            queue.push_back(m.clone());
        }
    }
    None
}

/// Whether `nation` has a piece (an army on land, a garrison, a fleet in port) on a node
/// of `path` or on a node next to one by road.
pub fn watches(c: &Campaign, w: &World, nation: &str, path: &[NodeCode]) -> bool {
    let near: BTreeSet<&str> = path
        .iter()
        .flat_map(|n| std::iter::once(n).chain(c.map.neighbours(n.as_str())))
        .map(NodeCode::as_str)
        .collect();
    let armies = w.armies.values().any(|a| {
        a.nation.as_str() == nation && a.aboard.is_none() && near.contains(a.node.as_str())
    });
    let garrisons = w.nodes.iter().any(|(n, s)| {
        near.contains(n.as_str())
            && s.garrison
                .as_ref()
                .is_some_and(|g| g.nation.as_str() == nation)
    });
    let fleets = w.fleets.values().any(|f| {
        f.nation.as_str() == nation
            && matches!(&f.at, super::world::FleetAt::Port(p) if near.contains(p.as_str()))
    });
    armies || garrisons || fleets
}

/// G5.3: every courier rides one summer round, in the order its letter was read: it sets
/// out (or is lost with no path), is lost to a hostile army on its path, may be read by
/// spies beside it, and arrives after its last round. Nothing happens outside summer.
pub(super) fn ride(s: &mut Step) {
    if !matches!(s.w.phase.phase, Phase::Round(_)) || s.w.couriers.is_empty() {
        return;
    }
    let couriers = std::mem::take(&mut s.w.couriers);
    let mut kept = Vec::new();
    for mut k in couriers {
        let hostile = hostile_nodes(&s.w, k.from.as_str(), k.to.as_str());
        if k.path.is_empty() {
            let found = capital(s.c, k.from.as_str())
                .zip(capital(s.c, k.to.as_str()))
                .and_then(|(a, b)| path(s.c, a, b, &hostile));
            let Some(found) = found else {
                lost(s, &k, None);
                continue;
            };
            k.rounds_left = rounds_for(found.len() - 1);
            k.path = found;
        } else if let Some(n) = k.path.iter().find(|n| hostile.contains(*n)) {
            let n = n.clone();
            lost(s, &k, Some(n));
            continue;
        }
        let spies: Vec<NationCode> =
            s.c.nations
                .iter()
                .map(|n| n.code.clone())
                .filter(|n| *n != k.from && *n != k.to && !k.read_by.contains(n))
                .filter(|n| s.w.clubs.contains(n))
                .filter(|n| s.w.nations.get(n).is_some_and(|x| x.spy))
                .filter(|n| watches(s.c, &s.w, n.as_str(), &k.path))
                .collect();
        for spy in spies {
            let event = format!("courier/{}/{}/{}", k.letter, k.to, spy);
            let purpose = format!(
                "{spy}: spy intercepts courier {} {}→{} on 5-6 (G5.3)",
                k.letter, k.from, k.to
            );
            if s.dice.roll(&event, 6, &purpose) >= INTERCEPT_ON {
                k.read_by.insert(spy.clone());
                s.events.push(super::outcome::Event {
                    audience: Audience::Referee,
                    rule: "G5.3".into(),
                    what: Happening::LetterIntercepted {
                        letter: k.letter,
                        from: k.from.clone(),
                        to: k.to.clone(),
                        by: spy,
                    },
                });
            }
        }
        k.rounds_left = k.rounds_left.saturating_sub(1);
        if k.rounds_left == 0 {
            s.events.push(super::outcome::Event {
                audience: Audience::Referee,
                rule: "G5.3".into(),
                what: Happening::CourierArrived {
                    letter: k.letter,
                    from: k.from.clone(),
                    to: k.to.clone(),
                },
            });
        } else {
            kept.push(k);
        }
    }
    s.w.couriers = kept;
}

/// A courier lost: at a node a hostile army holds, or (`None`) with no path at all.
fn lost(s: &mut Step, k: &Courier, node: Option<NodeCode>) {
    s.events.push(super::outcome::Event {
        audience: Audience::Referee,
        rule: "G5.3".into(),
        what: Happening::CourierLost {
            letter: k.letter,
            from: k.from.clone(),
            to: k.to.clone(),
            node,
        },
    });
}

#[cfg(test)]
mod tests;
