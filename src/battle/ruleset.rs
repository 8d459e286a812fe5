//! A tactical ruleset as data (`campaigns/<name>/rulesets/<id>.toml`): its unit and
//! leader templates, the tables the texts give (and PROVISIONAL stand-ins for the
//! MISSING ones, flagged), and every READING as a named switch (rulebook §0.1).
//!
//! The common fields are typed here; each game's tables stay a TOML table that the
//! game's module reads with [`Ruleset::table`].

use crate::rules::Ducats;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Which resolver a ruleset uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Game {
    /// Ottaggio 1625.
    Ott,
    /// Legnano 1176 (Battles of the Middle Ages).
    Leg,
    /// La Seconda Guerra del Monferrato 1628–1630.
    Mon,
    /// Piacenza 1746.
    Pia,
    /// A points-only hand-off to an external game (Armati, Virtue 'gainst Fury…).
    Points,
}

/// A unit template for orders of battle built from ducats (§0.5).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitTemplate {
    pub kind: String,
    pub name: String,
    /// Ducats one unit of this template stands for.
    pub cost: Ducats,
    /// Its share of an army, relative to the other templates' weights.
    pub weight: u32,
    #[serde(default)]
    pub ratings: BTreeMap<String, i64>,
}

/// A leader template: one leader for every `every` units (at least one a side).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LeaderTemplate {
    pub name: String,
    pub every: u32,
    #[serde(default)]
    pub ratings: BTreeMap<String, i64>,
}

/// A points-only hand-off (G3c.11): ducats converted to the game's points.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Points {
    /// Ducats for one point of the game.
    pub ducats_per_point: Ducats,
    /// The game's name for its points (`BP`, `points`).
    pub unit: String,
    /// Armati (G3c.11): the Core's cost; a side needs at least `beyond_core` more.
    #[serde(default)]
    pub core: Option<i64>,
    #[serde(default)]
    pub beyond_core: i64,
    /// What happens to a side that cannot field an army (G3c.11): the referee's setting.
    /// Absent (campaigns written before it): nothing automatic, the referee rules.
    #[serde(default)]
    pub cannot_field: CannotField,
}

/// The consequence of "cannot field an army" in a points-only game (G3c.11).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CannotField {
    /// No automatic consequence: the referee rules the battle (`giglio battle rule`).
    #[default]
    Referee,
    /// The side is overwhelmed without a fight and loses all it had, as a side whose
    /// ducats buy no unit (G3c.7); `giglio battle auto` applies it.
    Overwhelmed,
}

/// A ruleset.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ruleset {
    pub id: String,
    pub name: String,
    pub game: Game,
    /// The seed rulebook it transcribes, if any.
    #[serde(default)]
    pub seed: Option<String>,
    /// G3c.10: the standard table.
    pub table: String,
    pub dice: String,
    /// The standard deployment, and the rearguard action's (G3c.9).
    pub deployment: String,
    pub rearguard_deployment: String,
    pub victory: String,
    /// Percentage of a reduced unit's value the campaign counts as lost (§0.3).
    #[serde(default)]
    pub partial_loss_percent: u32,
    /// Optional rules switched on.
    #[serde(default)]
    pub options: Vec<String>,
    /// Every READING of the digest, as a named switch: name → chosen reading.
    #[serde(default)]
    pub readings: BTreeMap<String, String>,
    #[serde(default, rename = "template")]
    pub templates: Vec<UnitTemplate>,
    #[serde(default, rename = "leader_template")]
    pub leader_templates: Vec<LeaderTemplate>,
    #[serde(default)]
    pub points: Option<Points>,
    /// The game's tables; each carries `provisional = true` when it is an invented
    /// stand-in for a MISSING table.
    #[serde(default)]
    pub tables: toml::Table,
}

impl Ruleset {
    /// Parses a ruleset file.
    pub fn parse(text: &str) -> Result<Ruleset, toml::de::Error> {
        toml::from_str(text)
    }

    /// Reads one of the game's tables into its typed form.
    pub fn table<T: DeserializeOwned>(&self, name: &str) -> Result<T, super::BattleError> {
        let value = self.tables.get(name).ok_or_else(|| super::BattleError::Data {
            ruleset: self.id.clone(),
            message: format!("table `{name}` is missing: type it in from the printed charts, or restore the provisional stand-in"),
        })?;
        value
            .clone()
            .try_into()
            .map_err(|e: toml::de::Error| super::BattleError::Data {
                ruleset: self.id.clone(),
                message: format!("table `{name}`: {}", e.message()),
            })
    }

    /// Returns whether a table is a PROVISIONAL stand-in.
    pub fn is_provisional(&self, name: &str) -> bool {
        self.tables
            .get(name)
            .and_then(|t| t.get("provisional"))
            .and_then(toml::Value::as_bool)
            .unwrap_or(false)
    }

    /// Returns the names of the PROVISIONAL tables.
    pub fn provisional_tables(&self) -> Vec<&str> {
        self.tables
            .keys()
            .map(String::as_str)
            .filter(|n| self.is_provisional(n))
            .collect()
    }

    /// Returns a READING switch's value, or `default`.
    pub fn reading<'a>(&'a self, name: &str, default: &'a str) -> &'a str {
        self.readings.get(name).map_or(default, String::as_str)
    }

    /// Returns whether an optional rule is on.
    pub fn option(&self, name: &str) -> bool {
        self.options.iter().any(|o| o == name)
    }
}
