//! The campaign files as written: serde DTOs that keep the byte spans of every value a
//! check may need to point at.

use crate::rules::map::{NodeKind, Terrain};
use serde::Deserialize;
use toml::Spanned;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct CampaignFile {
    pub(crate) name: Spanned<String>,
    pub(crate) title_it: String,
    pub(crate) title_en: String,
    pub(crate) time_zone: Spanned<String>,
    /// The ruleset battles are handed to by default (a file in `rulesets/`).
    pub(crate) default_ruleset: Spanned<String>,
    #[serde(default)]
    pub(crate) description: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct NationsFile {
    pub(crate) nation: Vec<Spanned<Nation>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Nation {
    pub(crate) code: Spanned<String>,
    pub(crate) name_it: Spanned<String>,
    pub(crate) name_en: Spanned<String>,
    pub(crate) colour: Spanned<String>,
    pub(crate) fleet_limit: u32,
    pub(crate) played: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct MapFile {
    pub(crate) node: Vec<Spanned<Node>>,
    #[serde(default)]
    pub(crate) sea: Vec<Spanned<Sea>>,
    #[serde(default)]
    pub(crate) ban: Vec<Spanned<Ban>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Node {
    pub(crate) code: Spanned<String>,
    pub(crate) name: Spanned<String>,
    pub(crate) kind: Spanned<NodeKind>,
    #[serde(default)]
    pub(crate) capital: Option<Spanned<bool>>,
    #[serde(default)]
    pub(crate) port: bool,
    pub(crate) owner: Spanned<String>,
    pub(crate) fortified: Spanned<bool>,
    #[serde(default = "plain")]
    pub(crate) terrain: Terrain,
    pub(crate) lat: Spanned<f64>,
    pub(crate) lon: Spanned<f64>,
    #[serde(default)]
    pub(crate) roads: Vec<Spanned<String>>,
}

fn plain() -> Terrain {
    Terrain::Plain
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Sea {
    pub(crate) code: Spanned<String>,
    pub(crate) name: Spanned<String>,
    /// The zone's name in English, where it differs ("Gulf of Venice"): a place's
    /// name stays as the map writes it, but a sea's is a description.
    #[serde(default)]
    pub(crate) name_en: Option<String>,
    pub(crate) lat: f64,
    pub(crate) lon: f64,
    #[serde(default)]
    pub(crate) lanes: Vec<Spanned<String>>,
    #[serde(default)]
    pub(crate) ports: Vec<Spanned<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Ban {
    pub(crate) nation: Spanned<String>,
    pub(crate) from: Spanned<String>,
    pub(crate) to: Spanned<String>,
    pub(crate) rounds: Spanned<Vec<u8>>,
    #[serde(default)]
    pub(crate) note: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct StartFile {
    pub(crate) nation: Vec<Spanned<StartNation>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct StartNation {
    pub(crate) code: Spanned<String>,
    pub(crate) treasury: Spanned<i64>,
    #[serde(default)]
    pub(crate) armies: Option<Spanned<Vec<Spanned<Force>>>>,
    #[serde(default)]
    pub(crate) garrisons: Vec<Spanned<Force>>,
    #[serde(default)]
    pub(crate) fleets: Option<Spanned<Vec<Spanned<StartFleet>>>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Force {
    pub(crate) node: Spanned<String>,
    pub(crate) value: Spanned<i64>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct StartFleet {
    pub(crate) port: Spanned<String>,
}

/// `land.toml`: the land outline drawn under the map picture.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct LandFile {
    #[serde(default)]
    pub(crate) land: Vec<Spanned<LandRing>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct LandRing {
    /// Longitude, latitude, longitude, latitude, … in order around the ring.
    pub(crate) lonlat: Vec<f64>,
}
