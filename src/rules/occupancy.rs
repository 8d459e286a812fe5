//! Who stands at each node: an index of the armies ashore and the diplomats by node,
//! kept beside the world while a phase resolves, so that asking who is at a node does
//! not scan every army of the campaign (which made a summer round quadratic in the
//! campaign's size).
//!
//! The world stays the truth. Every change of a piece's node, of whether an army is
//! ashore, or of whether a piece exists, is followed by [`Occupancy::refresh_army`] or
//! [`Occupancy::refresh_diplomat`]; in debug builds every query first checks the index
//! against a fresh one, so a forgotten refresh fails the tests instead of a rule.

use super::ids::{ArmyId, DiplomatId, NodeCode};
use super::world::World;
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// The pieces at each node.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Occupancy {
    armies: HashMap<NodeCode, BTreeSet<ArmyId>>,
    diplomats: HashMap<NodeCode, BTreeSet<DiplomatId>>,
    /// Where the index last saw each piece, to take it out of its old node.
    army_at: BTreeMap<ArmyId, NodeCode>,
    diplomat_at: BTreeMap<DiplomatId, NodeCode>,
}

impl Occupancy {
    /// The index of a world.
    pub(crate) fn of(w: &World) -> Self {
        let mut o = Occupancy::default();
        for id in w.armies.keys() {
            o.refresh_army(w, id);
        }
        for id in w.diplomats.keys() {
            o.refresh_diplomat(w, id);
        }
        o
    }

    /// Takes in what became of an army: moved, embarked, landed or gone.
    pub(crate) fn refresh_army(&mut self, w: &World, id: &ArmyId) {
        if let Some(old) = self.army_at.remove(id)
            && let Some(set) = self.armies.get_mut(&old)
        {
            set.remove(id);
            if set.is_empty() {
                self.armies.remove(&old);
            }
        }
        if let Some(a) = w.armies.get(id).filter(|a| a.ashore()) {
            self.armies
                .entry(a.node.clone())
                .or_default()
                .insert(id.clone());
            self.army_at.insert(id.clone(), a.node.clone());
        }
    }

    /// Takes in what became of a diplomat: moved or gone.
    pub(crate) fn refresh_diplomat(&mut self, w: &World, id: &DiplomatId) {
        if let Some(old) = self.diplomat_at.remove(id)
            && let Some(set) = self.diplomats.get_mut(&old)
        {
            set.remove(id);
            if set.is_empty() {
                self.diplomats.remove(&old);
            }
        }
        if let Some(d) = w.diplomats.get(id) {
            self.diplomats
                .entry(d.node.clone())
                .or_default()
                .insert(id.clone());
            self.diplomat_at.insert(id.clone(), d.node.clone());
        }
    }

    /// The armies ashore at a node, in id order.
    pub(crate) fn armies_at<'a>(
        &'a self,
        w: &World,
        node: &NodeCode,
    ) -> impl Iterator<Item = &'a ArmyId> {
        self.check(w);
        self.armies.get(node).into_iter().flatten()
    }

    /// The diplomats at a node, in id order.
    pub(crate) fn diplomats_at<'a>(
        &'a self,
        w: &World,
        node: &NodeCode,
    ) -> impl Iterator<Item = &'a DiplomatId> {
        self.check(w);
        self.diplomats.get(node).into_iter().flatten()
    }

    /// In debug builds (the tests), that the index is the world's.
    fn check(&self, w: &World) {
        if cfg!(debug_assertions) {
            assert_eq!(
                self,
                &Occupancy::of(w),
                "the occupancy index missed a change of the world"
            );
        }
    }
}
