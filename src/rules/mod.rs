//! The pure rules core of Il Giglio: vocabulary, map, tables, world state and dice.
//!
//! Nothing in here touches the file system, the network, the clock or the
//! environment; dice come in as a value. That is what makes undo, replay, audit and
//! rules tests cheap.

pub mod battles;
pub mod calendar;
pub(crate) mod campaign;
pub mod chronicle;
pub mod couriers;
pub mod dice;
pub mod exchange;
pub mod extension;
mod forces;
pub mod ids;
pub mod ledger;
pub mod letters;
pub(crate) mod map;
pub(crate) mod menu;
mod occupancy;
pub mod order;
pub mod outcome;
pub mod resolve;
pub mod say;
pub(crate) mod sea;
mod spring;
mod step;
mod summer;
pub(crate) use summer::known_best as siege_known_best;
pub mod tables;
pub mod victory;
pub mod visibility;
mod winter;
pub mod world;

pub use calendar::{Phase, PhaseId};
pub use campaign::Campaign;
pub(crate) use forces::{moves_at_allies, sieges_of_allies};
pub use ids::{ArmyId, Ducats, FleetId, NationCode, NodeCode, SeaCode};
pub(crate) use summer::breaking_step;
pub use world::World;
