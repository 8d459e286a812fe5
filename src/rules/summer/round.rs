//! What a summer round has done so far beyond the world itself: the pieces that moved,
//! the fleets given orders, the landings and sieges to complete at its end.
//!
//! A leaf of `summer`: the round's parts (moves, fleets, sieges) fill it in, and
//! `summer` drives them, so it imports none of them.

use crate::rules::ids::{FleetId, NationCode, NodeCode};
use crate::rules::order::{Order, Piece};
use crate::rules::world::{FleetAt, Siege};
use std::collections::{BTreeMap, BTreeSet};

/// What the round has done so far, beyond the world itself.
#[derive(Default)]
pub(super) struct Round {
    /// Pieces that have moved (one move each per round).
    pub(super) moved: BTreeSet<Piece>,
    /// Fleets given an order this round, and where each came from if it sailed.
    pub(super) fleet_busy: BTreeSet<FleetId>,
    pub(super) fleet_origin: BTreeMap<FleetId, FleetAt>,
    /// Landings to complete at the end of the round: (nation, order, fleet, node).
    pub(super) landings: Vec<(NationCode, Order, FleetId, NodeCode)>,
    /// Sieges ordered this round: (nation, order).
    pub(super) sieges: Vec<(NationCode, Order)>,
    /// The sieges under way when the round began (a move or an embarkation ends the
    /// army's siege at once; the report tells it at the siege step).
    pub(super) sieges_before: Vec<Siege>,
    /// The club in hand's garrisons named for a node of their army's path (G2b.3, with
    /// `garrison_and_transfer_in_rounds`), left as the army passes; and the file places
    /// (`seq`) of those already left or refused on the way.
    pub(super) on_the_way: Vec<Order>,
    pub(super) left_on_the_way: BTreeSet<u32>,
}
