//! The enemy walls a club's armies stand before (G3c.1, G3d.1, G7.2): who holds each
//! place, and whether what the club met there can only be a garrison.
//!
//! A play-test's Milan met Venetians who withdrew into Bergamo and could not tell what
//! stood inside. What it may know follows from what it sees: foreign armies and
//! diplomats at a node its army occupies are markers (G7.2), and a garrison is met, not
//! seen (G3b.4). So where the walls are held and no marker stands there, a garrison
//! alone holds them; where markers stand, a garrison may or may not be with them.

use super::super::campaign::Campaign;
use super::super::forces::alliance_stands;
use super::super::ids::{NationCode, NodeCode};
use super::super::world::{Fortification, World};
use serde::Serialize;
use std::collections::BTreeSet;

/// A fortified place of another nation, held from inside, before which one of the
/// club's armies stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct WallsView {
    pub(crate) at: NodeCode,
    pub(crate) at_name: String,
    /// The place's owner, whose walls they are.
    pub(crate) holder: NationCode,
    /// No foreign army or diplomat stands there: what holds the walls is a garrison.
    pub(crate) garrison_only: bool,
}

/// The enemy walls `nation`'s armies stand before, by node.
pub(crate) fn walls(c: &Campaign, w: &World, nation: &NationCode) -> Vec<WallsView> {
    let before: BTreeSet<&NodeCode> = (w.armies.values())
        .filter(|a| &a.nation == nation && a.ashore() && !a.inside)
        .map(|a| &a.node)
        .collect();
    before
        .into_iter()
        .filter_map(|code| {
            let node = w.nodes.get(code)?;
            // A battle there is told in its own words (the field is not the walls), and
            // a siege under way in the sieges' lines and its roll's modifiers.
            let besieging = w.sieges.iter().any(|s| {
                &s.node == code
                    && w.armies
                        .get(&s.besieger)
                        .is_some_and(|a| &a.nation == nation)
            });
            if node.fortification != Fortification::Fortified
                || besieging
                || w.battles.iter().any(|b| &b.node == code)
                || &node.owner == nation
                || alliance_stands(c, w, nation, &node.owner)
            {
                return None;
            }
            let others = |inside_only: bool| {
                w.armies.values().any(|a| {
                    &a.node == code
                        && &a.nation != nation
                        && a.ashore()
                        && (a.inside || !inside_only)
                })
            };
            let diplomats = w
                .diplomats
                .values()
                .any(|d| &d.node == code && &d.nation != nation);
            let garrison = node.garrison.as_ref().is_some_and(|g| &g.nation != nation);
            (garrison || others(true)).then(|| WallsView {
                at: code.clone(),
                at_name: c.place_name(code.as_str()),
                holder: node.owner.clone(),
                garrison_only: !others(false) && !diplomats,
            })
        })
        .collect()
}
