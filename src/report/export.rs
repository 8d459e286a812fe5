//! The referee's complete state as JSON (`giglio export --json`).
//!
//! Lossless: [`Export::world`] rebuilds exactly the world it was made from, so the
//! export is a faithful document of the campaign, not a summary. The format is
//! versioned (`format`) and documented in the referee's manual (`docs/referee.md`).

use crate::rules::order::Objective;
use crate::rules::world::{
    Alliance, Army, Battle, Diplomat, Fleet, Fortification, Garrison, Loan, NationState, NodeState,
    Serials, Siege, Work,
};
use crate::rules::{Campaign, NationCode, NodeCode, PhaseId, World};
use crate::scenario::clubs::Club;
use serde::{Deserialize, Serialize};

/// The export format's version tag.
pub(crate) const FORMAT: &str = "giglio-export/1";

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Export {
    pub format: String,
    pub(crate) campaign: String,
    pub phase: ExportPhase,
    pub(crate) nodes: Vec<ExportNode>,
    pub nations: Vec<ExportNation>,
    pub(crate) sieges: Vec<Siege>,
    pub(crate) alliances: Vec<Alliance>,
    /// Works that complete in winter (G4.1).
    pub(crate) works: Vec<Work>,
    /// The year's Strategos and move order (G2b.5, G3b.1).
    pub(crate) strategos: Option<NationCode>,
    pub(crate) move_order: Vec<NationCode>,
    /// Battles waiting for their result (G3c.7).
    pub(crate) battles: Vec<Battle>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExportPhase {
    pub key: String,
    pub(crate) name: String,
    pub(crate) opened_at: String,
    pub(crate) seed_commitment: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct ExportNode {
    pub(crate) code: NodeCode,
    pub(crate) name: String,
    pub(crate) kind: String,
    pub(crate) capital: bool,
    pub(crate) port: bool,
    pub(crate) owner: NationCode,
    pub(crate) fortification: Fortification,
    pub(crate) garrison: Option<Garrison>,
    pub(crate) sapper: Option<NationCode>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExportNation {
    pub code: NationCode,
    pub(crate) name_it: String,
    pub(crate) name_en: String,
    /// The club that plays it; `None` for a neutral nation.
    pub club: Option<Club>,
    pub treasury: i64,
    pub(crate) spy: bool,
    pub(crate) assassins: u32,
    pub(crate) serials: Serials,
    /// The loan due next spring (G2a.3).
    pub(crate) loan: Option<Loan>,
    /// Table 36 events in effect this year (G4.3).
    pub(crate) events: Vec<String>,
    /// The secret objective (G8.1).
    pub(crate) objective: Option<Objective>,
    pub armies: Vec<Army>,
    pub(crate) fleets: Vec<Fleet>,
    pub(crate) diplomats: Vec<Diplomat>,
}

/// The open phase as the export needs it (plain values: the report layer never sees
/// storage's rows).
pub(crate) struct OpenPhase<'a> {
    pub(crate) world: &'a World,
    pub(crate) opened_at: &'a str,
    pub(crate) seed_commitment: &'a str,
}

impl Export {
    /// Builds the export of a campaign's open phase: its world, when it opened and the
    /// commitment to its seed.
    pub(crate) fn new(campaign: &Campaign, name: &str, phase: OpenPhase, clubs: &[Club]) -> Export {
        let world = phase.world;
        let nodes = campaign
            .map
            .nodes()
            .filter_map(|n| {
                let s = world.nodes.get(&n.code)?;
                Some(ExportNode {
                    code: n.code.clone(),
                    name: n.name.clone(),
                    kind: n.kind.as_str().to_owned(),
                    capital: n.capital,
                    port: n.port,
                    owner: s.owner.clone(),
                    fortification: s.fortification,
                    garrison: s.garrison.clone(),
                    sapper: s.sapper.clone(),
                })
            })
            .collect();
        let nations = world
            .nations
            .iter()
            .map(|(code, s)| {
                let def = campaign.nation(code.as_str());
                ExportNation {
                    code: code.clone(),
                    name_it: def.map_or_else(String::new, |d| d.name_it.clone()),
                    name_en: def.map_or_else(String::new, |d| d.name_en.clone()),
                    club: clubs.iter().find(|c| c.nation == code.as_str()).cloned(),
                    treasury: s.treasury,
                    spy: s.spy,
                    assassins: s.assassins,
                    serials: s.serials.clone(),
                    loan: s.loan.clone(),
                    events: s.events.clone(),
                    objective: s.objective.clone(),
                    armies: world.armies_of(code.as_str()).cloned().collect(),
                    fleets: world.fleets_of(code.as_str()).cloned().collect(),
                    diplomats: world
                        .diplomats
                        .values()
                        .filter(|d| &d.nation == code)
                        .cloned()
                        .collect(),
                }
            })
            .collect();
        Export {
            format: FORMAT.to_owned(),
            campaign: name.to_owned(),
            phase: ExportPhase {
                key: world.phase.key(),
                name: world.phase.to_string(),
                opened_at: phase.opened_at.to_owned(),
                seed_commitment: phase.seed_commitment.to_owned(),
            },
            nodes,
            nations,
            sieges: world.sieges.clone(),
            alliances: world.alliances.clone(),
            works: world.works.clone(),
            strategos: world.strategos.clone(),
            move_order: world.move_order.clone(),
            battles: world.battles.clone(),
        }
    }

    /// Rebuilds the world this export was made from.
    pub fn world(&self) -> Option<World> {
        Some(World {
            phase: PhaseId::parse_key(&self.phase.key)?,
            nodes: self
                .nodes
                .iter()
                .map(|n| {
                    let state = NodeState {
                        owner: n.owner.clone(),
                        fortification: n.fortification,
                        garrison: n.garrison.clone(),
                        sapper: n.sapper.clone(),
                    };
                    (n.code.clone(), state)
                })
                .collect(),
            nations: self
                .nations
                .iter()
                .map(|n| {
                    let state = NationState {
                        treasury: n.treasury,
                        spy: n.spy,
                        assassins: n.assassins,
                        serials: n.serials.clone(),
                        loan: n.loan.clone(),
                        events: n.events.clone(),
                        objective: n.objective.clone(),
                    };
                    (n.code.clone(), state)
                })
                .collect(),
            armies: self
                .nations
                .iter()
                .flat_map(|n| &n.armies)
                .map(|a| (a.id.clone(), a.clone()))
                .collect(),
            fleets: self
                .nations
                .iter()
                .flat_map(|n| &n.fleets)
                .map(|f| (f.id.clone(), f.clone()))
                .collect(),
            diplomats: self
                .nations
                .iter()
                .flat_map(|n| &n.diplomats)
                .map(|d| (d.id.clone(), d.clone()))
                .collect(),
            sieges: self.sieges.clone(),
            alliances: self.alliances.clone(),
            clubs: self
                .nations
                .iter()
                .filter(|n| n.club.is_some())
                .map(|n| n.code.clone())
                .collect(),
            works: self.works.clone(),
            strategos: self.strategos.clone(),
            move_order: self.move_order.clone(),
            battles: self.battles.clone(),
            couriers: Vec::new(),
        })
    }
}
