//! The campaign map: land nodes joined by roads, sea zones joined by sea lanes, and
//! ports on sea zones (G0).
//!
//! A [`Map`] is built only by `scenario`, which has already checked it; the queries
//! here may therefore assume every code they meet exists.

use super::ids::{NationCode, NodeCode, SeaCode};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// What kind of place a node is (G0, G2a.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum NodeKind {
    City,
    Fortress,
    Village,
}

impl NodeKind {
    /// Returns the kind's name as written in the campaign files.
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            NodeKind::City => "city",
            NodeKind::Fortress => "fortress",
            NodeKind::Village => "village",
        }
    }
}

/// The lie of the land at a node, for battle cards (the games key their terrain tables
/// by its name).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Terrain {
    Plain,
    Hills,
    Mountains,
    Marsh,
}

impl Terrain {
    /// Every terrain, in the order the book lists them.
    pub const ALL: [Terrain; 4] = [
        Terrain::Plain,
        Terrain::Hills,
        Terrain::Mountains,
        Terrain::Marsh,
    ];

    /// Returns the terrain's name as campaign files and cards write it.
    pub fn as_str(self) -> &'static str {
        match self {
            Terrain::Plain => "plain",
            Terrain::Hills => "hills",
            Terrain::Mountains => "mountains",
            Terrain::Marsh => "marsh",
        }
    }

    /// The terrain by its name (`plain`, `hills`, `mountains`, `marsh`).
    pub fn from_key(key: &str) -> Option<Terrain> {
        Terrain::ALL.into_iter().find(|t| t.as_str() == key)
    }
}

/// A land node as the campaign defines it (its starting state lives in the world).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Node {
    pub code: NodeCode,
    pub name: String,
    pub(crate) kind: NodeKind,
    pub(crate) capital: bool,
    pub(crate) port: bool,
    /// The nation that owns it when the campaign starts.
    pub(crate) owner: NationCode,
    /// Whether it is fortified when the campaign starts (fortresses always are).
    pub(crate) fortified: bool,
    pub(crate) terrain: Terrain,
    /// Latitude and longitude, for drawing only: no rule reads them.
    pub(crate) lat: f64,
    pub(crate) lon: f64,
}

/// A sea zone.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeaZone {
    pub code: SeaCode,
    pub(crate) name: String,
    /// Its name in English where the definition gives one (absent in campaigns
    /// defined before it: the one name then serves both languages).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) name_en: Option<String>,
    pub(crate) lat: f64,
    pub(crate) lon: f64,
}

impl SeaZone {
    /// Its name in a language: the English one where the definition gives it.
    pub(crate) fn name_in(&self, lang: super::tables::Lang) -> &str {
        match (lang, &self.name_en) {
            (super::tables::Lang::En, Some(en)) => en,
            _ => &self.name,
        }
    }
}

/// A scenario ban on a move (G3b.6): `nation` may not move `from` → `to` in `rounds`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub(crate) struct Ban {
    pub(crate) nation: NationCode,
    pub(crate) from: NodeCode,
    pub(crate) to: NodeCode,
    pub(crate) rounds: Vec<u8>,
    pub(crate) note: String,
}

/// The validated map graph.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Map {
    nodes: BTreeMap<NodeCode, Node>,
    /// Node order as written in the campaign file, for listings.
    order: Vec<NodeCode>,
    roads: BTreeMap<NodeCode, BTreeSet<NodeCode>>,
    seas: BTreeMap<SeaCode, SeaZone>,
    lanes: BTreeMap<SeaCode, BTreeSet<SeaCode>>,
    /// Ports on each sea zone.
    ports: BTreeMap<SeaCode, BTreeSet<NodeCode>>,
    bans: Vec<Ban>,
}

impl Map {
    /// Assembles a map from parts `scenario` has already validated.
    pub(crate) fn new(
        nodes: Vec<Node>,
        roads: &[(NodeCode, NodeCode)],
        seas: Vec<SeaZone>,
        lanes: &[(SeaCode, SeaCode)],
        ports: &[(SeaCode, NodeCode)],
        bans: Vec<Ban>,
    ) -> Self {
        let mut map = Map {
            order: nodes.iter().map(|n| n.code.clone()).collect(),
            ..Map::default()
        };
        for n in nodes {
            map.roads.entry(n.code.clone()).or_default();
            map.nodes.insert(n.code.clone(), n);
        }
        for (a, b) in roads {
            map.roads.entry(a.clone()).or_default().insert(b.clone());
            map.roads.entry(b.clone()).or_default().insert(a.clone());
        }
        for s in seas {
            map.lanes.entry(s.code.clone()).or_default();
            map.ports.entry(s.code.clone()).or_default();
            map.seas.insert(s.code.clone(), s);
        }
        for (a, b) in lanes {
            map.lanes.entry(a.clone()).or_default().insert(b.clone());
            map.lanes.entry(b.clone()).or_default().insert(a.clone());
        }
        for (s, p) in ports {
            map.ports.entry(s.clone()).or_default().insert(p.clone());
        }
        map.bans = bans;
        map
    }

    /// Returns every node, in the order of the campaign file.
    pub fn nodes(&self) -> impl Iterator<Item = &Node> {
        self.order.iter().map(|c| &self.nodes[c])
    }

    /// Returns the node with this code.
    pub fn node(&self, code: &str) -> Option<&Node> {
        self.nodes.get(code)
    }

    /// Returns the number of land nodes.
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// Returns the nodes joined to `code` by a road.
    pub fn neighbours(&self, code: &str) -> impl Iterator<Item = &NodeCode> {
        self.roads.get(code).into_iter().flatten()
    }

    /// Returns whether a road joins `a` and `b`.
    pub fn has_road(&self, a: &str, b: &str) -> bool {
        self.roads.get(a).is_some_and(|n| n.contains(b))
    }

    /// Returns every road once, as (smaller code, larger code).
    pub(crate) fn roads(&self) -> Vec<(&NodeCode, &NodeCode)> {
        let mut all = Vec::new();
        for (a, ns) in &self.roads {
            for b in ns {
                if a < b {
                    all.push((a, b));
                }
            }
        }
        all
    }

    /// Returns every sea zone.
    pub fn seas(&self) -> impl Iterator<Item = &SeaZone> {
        self.seas.values()
    }

    /// Returns the sea zone with this code.
    pub(crate) fn sea(&self, code: &str) -> Option<&SeaZone> {
        self.seas.get(code)
    }

    /// Returns every sea lane between two zones once.
    pub(crate) fn lanes(&self) -> Vec<(&SeaCode, &SeaCode)> {
        let mut all = Vec::new();
        for (a, ns) in &self.lanes {
            for b in ns {
                if a < b {
                    all.push((a, b));
                }
            }
        }
        all
    }

    /// Returns the zones joined to a sea zone by a lane.
    pub fn sea_neighbours(&self, code: &str) -> impl Iterator<Item = &SeaCode> {
        self.lanes.get(code).into_iter().flatten()
    }

    /// Returns the ports on a sea zone.
    pub fn ports_on(&self, sea: &str) -> impl Iterator<Item = &NodeCode> {
        self.ports.get(sea).into_iter().flatten()
    }

    /// Returns the sea zones a port opens onto.
    pub fn seas_of_port(&self, port: &str) -> Vec<&SeaCode> {
        self.ports
            .iter()
            .filter(|(_, ps)| ps.contains(port))
            .map(|(s, _)| s)
            .collect()
    }

    /// Returns the scenario bans (G3b.6).
    pub(crate) fn bans(&self) -> &[Ban] {
        &self.bans
    }

    /// Returns whether `nation` is banned from moving `from` → `to` in `round` (G3b.6).
    pub fn is_banned(&self, nation: &str, from: &str, to: &str, round: u8) -> bool {
        self.bans.iter().any(|b| {
            b.nation.as_str() == nation
                && b.from.as_str() == from
                && b.to.as_str() == to
                && b.rounds.contains(&round)
        })
    }

    /// Returns the nodes a nation owns at the start, in file order.
    pub fn nodes_of(&self, nation: &str) -> impl Iterator<Item = &Node> {
        self.nodes().filter(move |n| n.owner.as_str() == nation)
    }
}
