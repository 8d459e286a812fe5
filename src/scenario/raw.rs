//! The campaign files as written: serde DTOs that keep the byte spans of every value a
//! check may need to point at.

use crate::rules::map::{NodeKind, Terrain};
use serde::Deserialize;
use toml::Spanned;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CampaignFile {
    pub name: Spanned<String>,
    pub title_it: String,
    pub title_en: String,
    pub time_zone: Spanned<String>,
    /// The ruleset battles are handed to by default (a file in `rulesets/`).
    pub default_ruleset: Spanned<String>,
    #[serde(default)]
    pub description: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NationsFile {
    pub nation: Vec<Spanned<Nation>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Nation {
    pub code: Spanned<String>,
    pub name_it: String,
    pub name_en: String,
    pub colour: Spanned<String>,
    pub fleet_limit: u32,
    pub played: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapFile {
    pub node: Vec<Spanned<Node>>,
    #[serde(default)]
    pub sea: Vec<Spanned<Sea>>,
    #[serde(default)]
    pub ban: Vec<Spanned<Ban>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Node {
    pub code: Spanned<String>,
    pub name: String,
    pub kind: Spanned<NodeKind>,
    #[serde(default)]
    pub capital: Option<Spanned<bool>>,
    #[serde(default)]
    pub port: bool,
    pub owner: Spanned<String>,
    pub fortified: Spanned<bool>,
    #[serde(default = "plain")]
    pub terrain: Terrain,
    pub lat: Spanned<f64>,
    pub lon: Spanned<f64>,
    #[serde(default)]
    pub roads: Vec<Spanned<String>>,
}

fn plain() -> Terrain {
    Terrain::Plain
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sea {
    pub code: Spanned<String>,
    pub name: String,
    pub lat: f64,
    pub lon: f64,
    #[serde(default)]
    pub lanes: Vec<Spanned<String>>,
    #[serde(default)]
    pub ports: Vec<Spanned<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ban {
    pub nation: Spanned<String>,
    pub from: Spanned<String>,
    pub to: Spanned<String>,
    pub rounds: Spanned<Vec<u8>>,
    #[serde(default)]
    pub note: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartFile {
    pub nation: Vec<Spanned<StartNation>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartNation {
    pub code: Spanned<String>,
    pub treasury: Spanned<i64>,
    #[serde(default)]
    pub armies: Option<Spanned<Vec<Spanned<Force>>>>,
    #[serde(default)]
    pub garrisons: Vec<Spanned<Force>>,
    #[serde(default)]
    pub fleets: Option<Spanned<Vec<Spanned<StartFleet>>>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Force {
    pub node: Spanned<String>,
    pub value: Spanned<i64>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartFleet {
    pub port: Spanned<String>,
}

/// `land.toml`: the land outline drawn under the map picture.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LandFile {
    #[serde(default)]
    pub land: Vec<Spanned<LandRing>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LandRing {
    /// Longitude, latitude, longitude, latitude, … in order around the ring.
    pub lonlat: Vec<f64>,
}
