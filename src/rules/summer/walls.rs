//! A club's force that came this round to an enemy's fortified place that no force
//! holds: the place changes hands only by siege (G3b.8, G3d.1), and both clubs are told.
//!
//! A play-test's Venice walked into Milan's empty walled Forlì and had to guess that it
//! needed a `[[siege]]` order; Milan's only clue was a marker in its list. No encounter
//! happens there (nobody stands inside), so nothing else tells either club.

use super::super::forces::{allied, other_forces};
use super::super::ids::{NationCode, NodeCode};
use super::super::outcome::{Audience, Happening};
use super::super::step::Step;
use super::super::world::Fortification;
use std::collections::{BTreeMap, BTreeSet};

/// Where each piece ashore stood when the round began: armies on land and diplomats,
/// by id.
#[derive(Default)]
pub(super) struct Before {
    armies: BTreeMap<String, NodeCode>,
    diplomats: BTreeMap<String, NodeCode>,
}

impl Before {
    /// Takes the positions at the round's opening.
    pub(super) fn of(s: &Step) -> Before {
        Before {
            armies: (s.w.armies.values())
                .filter(|a| a.ashore())
                .map(|a| (a.id.to_string(), a.node.clone()))
                .collect(),
            diplomats: (s.w.diplomats.values())
                .map(|d| (d.id.to_string(), d.node.clone()))
                .collect(),
        }
    }
}

/// Whether `node` is a fortified place of a nation at war with `nation` in which no
/// other force stands: the walls are there, nobody holds them.
fn empty_enemy_walls(s: &Step, node: &NodeCode, nation: &NationCode) -> Option<NationCode> {
    let place = s.w.nodes.get(node)?;
    let enemy = place.fortification == Fortification::Fortified
        && &place.owner != nation
        && !allied(s, nation, &place.owner)
        && other_forces(s, node, nation).is_empty();
    enemy.then(|| place.owner.clone())
}

/// After control (G3b.8): tells each club's army that came to empty enemy walls this
/// round that only a siege takes them, and the place's owner that a force of that
/// nation stands in it (an army or a diplomat alike: its marker says no more, G7.4).
pub(super) fn before_walls(s: &mut Step, before: &Before) {
    let mut told: Vec<(Audience, Happening)> = Vec::new();
    let mut owners: BTreeSet<(NodeCode, NationCode, NationCode)> = BTreeSet::new();
    for a in s.w.armies.values().filter(|a| a.ashore() && !a.inside) {
        if before.armies.get(a.id.as_str()) == Some(&a.node) || !s.w.is_club(a.nation.as_str()) {
            continue;
        }
        let Some(owner) = empty_enemy_walls(s, &a.node, &a.nation) else {
            continue;
        };
        told.push((
            Audience::Nation(a.nation.clone()),
            Happening::BeforeWalls {
                army: a.id.clone(),
                node: a.node.clone(),
                owner: owner.clone(),
            },
        ));
        owners.insert((a.node.clone(), owner, a.nation.clone()));
    }
    for d in s.w.diplomats.values() {
        if before.diplomats.get(d.id.as_str()) == Some(&d.node) || !s.w.is_club(d.nation.as_str()) {
            continue;
        }
        if let Some(owner) = empty_enemy_walls(s, &d.node, &d.nation) {
            owners.insert((d.node.clone(), owner, d.nation.clone()));
        }
    }
    for (node, owner, nation) in owners {
        if !s.w.is_club(owner.as_str()) {
            continue;
        }
        told.push((
            Audience::Nation(owner),
            Happening::AtOurWalls { node, nation },
        ));
    }
    for (audience, what) in told {
        s.event(audience, "G3b.8", what);
    }
}
