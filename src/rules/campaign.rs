//! A campaign definition: nations, map, rules tables and the starting position.
//!
//! Built and validated by `scenario`; read-only for the rest of the program.

use super::ids::{Ducats, NationCode, NodeCode};
use super::map::Map;
use super::tables::Tables;
use serde::{Deserialize, Serialize};

/// A nation of the campaign.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Nation {
    pub code: NationCode,
    pub name_it: String,
    pub(crate) name_en: String,
    /// `#rrggbb`, for the map.
    pub(crate) colour: String,
    /// G2b.6: most fleets the nation may have.
    pub fleet_limit: u32,
    /// Whether a club plays it by default; otherwise it is neutral (G0).
    pub played: bool,
}

/// An army at the start.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct StartArmy {
    pub(crate) node: NodeCode,
    pub(crate) value: Ducats,
}

/// A garrison at the start.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct StartGarrison {
    pub(crate) node: NodeCode,
    pub(crate) value: Ducats,
}

/// A fleet at the start, in port.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct StartFleet {
    pub(crate) port: NodeCode,
}

/// One nation's starting position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct StartNation {
    pub(crate) code: NationCode,
    pub(crate) treasury: Ducats,
    pub(crate) armies: Vec<StartArmy>,
    pub(crate) garrisons: Vec<StartGarrison>,
    pub(crate) fleets: Vec<StartFleet>,
}

/// A whole campaign definition.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Campaign {
    /// Short name (`il-giglio`).
    pub name: String,
    pub(crate) title_it: String,
    pub(crate) title_en: String,
    /// One line on what the campaign is about.
    pub(crate) description: String,
    /// The tactical ruleset battles are handed to by default.
    pub default_ruleset: String,
    /// IANA time zone of the campaign's deadlines.
    pub(crate) time_zone: String,
    pub nations: Vec<Nation>,
    pub map: Map,
    pub tables: Tables,
    pub(crate) start: Vec<StartNation>,
    /// The land drawn under the map picture, rings of (longitude, latitude), from the
    /// optional `land.toml`; empty when the campaign has none (the picture then draws
    /// the sea alone, as before it existed). No rule reads it.
    #[serde(default)]
    pub(crate) land: Vec<Vec<(f64, f64)>>,
    /// The digest of what the campaign's map pictures are drawn from (its map, nations
    /// and land), worked out once by the first picture drawn: the pictures' kept texts
    /// and placed names are found by it, and working it out for every picture was a
    /// few percent of a phase. No rule reads it.
    #[serde(skip)]
    pub(crate) picture_digest: Kept<u128>,
}

/// A value worked out from a campaign once and kept with it. A clone starts without it
/// (a clone may be changed, and its value is then worked out anew), and two campaigns
/// are equal whatever each has kept.
pub(crate) struct Kept<T>(std::sync::OnceLock<T>);

impl<T> Kept<T> {
    /// The value kept, or `make`'s, kept from now on.
    pub(crate) fn get_or(&self, make: impl FnOnce() -> T) -> &T {
        self.0.get_or_init(make)
    }
}

impl<T> Default for Kept<T> {
    fn default() -> Self {
        Kept(std::sync::OnceLock::new())
    }
}

impl<T> Clone for Kept<T> {
    fn clone(&self) -> Self {
        Kept::default()
    }
}

impl<T> PartialEq for Kept<T> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl<T> std::fmt::Debug for Kept<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Kept")
    }
}

impl Campaign {
    /// Returns the nation with this code.
    pub fn nation(&self, code: &str) -> Option<&Nation> {
        self.nations.iter().find(|n| n.code.as_str() == code)
    }

    /// A nation's name with its code, as running text names it: `Repubblica di Venezia
    /// (V)`; a name that ends in brackets takes the code inside them, `Spagna (Corone
    /// d'Aragona in Italia, S)`, not a second pair (a play-test read "(…) (S)" as clumsy).
    pub(crate) fn nation_said(&self, code: &str, lang: crate::words::Lang) -> String {
        let name = self.nation_name(code, lang);
        if name == code {
            return name;
        }
        name_with_code(&name, code)
    }

    /// A nation's name in a language; its code where the definition does not know it.
    /// The one answer every report, page, notice and check gives.
    pub(crate) fn nation_name(&self, code: &str, lang: crate::words::Lang) -> String {
        self.nation(code).map_or_else(
            || code.to_owned(),
            |n| match lang {
                crate::words::Lang::It => n.name_it.clone(),
                crate::words::Lang::En => n.name_en.clone(),
            },
        )
    }

    /// A node's or sea zone's name with its code, as a club reads a place in running
    /// text (`Venezia (V0)`, `Golfo di Venezia (ADN)`); the code alone where the
    /// definition does not know it.
    pub(crate) fn place_said(&self, code: &str) -> String {
        let name = self.place_name(code);
        if name == code {
            name
        } else {
            format!("{name} ({code})")
        }
    }

    /// [`Campaign::place_said`] in a language: a sea zone's name in it.
    pub(crate) fn place_said_in(&self, code: &str, lang: super::tables::Lang) -> String {
        let name = self.place_name_in(code, lang);
        if name == code {
            name
        } else {
            format!("{name} ({code})")
        }
    }

    /// [`Campaign::place_name`] in a language: nodes keep the map's names, a sea zone
    /// takes its name in the language where the definition gives one ("Gulf of Venice":
    /// a play-test's English club read the Italian names of the seas).
    pub(crate) fn place_name_in(&self, code: &str, lang: super::tables::Lang) -> String {
        match self.map.sea(code) {
            Some(s) if self.map.node(code).is_none() => s.name_in(lang).to_owned(),
            _ => self.place_name(code),
        }
    }

    /// A node's or sea zone's name; its code where the definition does not know it.
    pub(crate) fn place_name(&self, code: &str) -> String {
        self.map
            .node(code)
            .map(|n| n.name.clone())
            .or_else(|| self.map.sea(code).map(|s| s.name.clone()))
            .unwrap_or_else(|| code.to_owned())
    }
}

/// A name with its code in brackets, `Repubblica di Venezia (V)`; a name that already
/// ends in brackets takes the code inside them: `Spagna (Corone d'Aragona in Italia, S)`.
pub(crate) fn name_with_code(name: &str, code: &str) -> String {
    match name.strip_suffix(')') {
        Some(open) if open.contains('(') => format!("{open}, {code})"),
        _ => format!("{name} ({code})"),
    }
}
