//! A tactical ruleset as data (`campaigns/<name>/rulesets/<id>.toml`): its unit and
//! leader templates, the tables the texts give (and PROVISIONAL stand-ins for the
//! MISSING ones, flagged), and every READING as a named switch (rulebook §0.1).
//!
//! The common fields are typed here. Each game's tables are typed by the game's module
//! (its `Raw` form as written, its `Tables` form checked) and compiled once per ruleset,
//! with the place of a broken table in the file, so that `giglio map check` reports it
//! and a thousand battles do not read the tables a thousand times.
//!
//! This module knows no game: the games import it, and the registry that maps a
//! [`Game`] to its module is `battle/mod.rs` (`battle::game_tables`, `auto_resolve`).
//! So the cache of compiled tables holds them type-erased, and each game reads back
//! its own `Tables` ([`Ruleset::tables`]).

use super::error::BattleError;
use crate::rules::Ducats;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::any::Any;
use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;
use std::sync::{Arc, OnceLock};

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
pub(crate) struct UnitTemplate {
    pub(crate) kind: String,
    pub(crate) name: String,
    /// Ducats one unit of this template stands for.
    pub(crate) cost: Ducats,
    /// Its share of an army, relative to the other templates' weights.
    pub(crate) weight: u32,
    #[serde(default)]
    pub(crate) ratings: BTreeMap<String, i64>,
}

/// A leader template: one leader for every `every` units (at least one a side).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct LeaderTemplate {
    pub(crate) name: String,
    pub(crate) every: u32,
    #[serde(default)]
    pub(crate) ratings: BTreeMap<String, i64>,
}

/// A points-only hand-off (G3c.11): ducats converted to the game's points.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Points {
    /// Ducats for one point of the game.
    pub(crate) ducats_per_point: Ducats,
    /// The game's name for its points (`BP`, `points`).
    pub(crate) unit: String,
    /// Armati (G3c.11): the Core's cost; a side needs at least `beyond_core` more.
    #[serde(default)]
    pub(crate) core: Option<i64>,
    #[serde(default)]
    pub(crate) beyond_core: i64,
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

/// The words a ruleset gives a card, in one more language (`[it]`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Prose {
    /// The game's name in this language (an Italian club's mail names the game so);
    /// without it, the ruleset's `name`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    pub table: String,
    pub deployment: String,
    pub rearguard_deployment: String,
    pub victory: String,
    /// Unit and leader templates' names in this language, by the template's `name`
    /// (`"Knights (A cavalry)" = "Cavalieri (cavalleria A)"`): the card a club reads in
    /// this language names its template units so; the card's data keeps the ruleset's.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub templates: BTreeMap<String, String>,
}

/// Template names in one more language, by the template's `name` (`[en.templates]`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TemplateNames {
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub templates: BTreeMap<String, String>,
}

/// A ruleset.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ruleset {
    pub id: String,
    pub(crate) name: String,
    pub game: Game,
    /// The seed rulebook it transcribes, if any.
    #[serde(default)]
    pub(crate) seed: Option<String>,
    /// G3c.10: the standard table.
    pub(crate) table: String,
    pub(crate) dice: String,
    /// The standard deployment, and the rearguard action's (G3c.9).
    pub(crate) deployment: String,
    pub(crate) rearguard_deployment: String,
    pub(crate) victory: String,
    /// Percentage of a reduced unit's value the campaign counts as lost (§0.3).
    #[serde(default)]
    pub partial_loss_percent: u32,
    /// Optional rules switched on.
    #[serde(default)]
    pub(crate) options: Vec<String>,
    /// Every READING of the digest, as a named switch: name → chosen reading.
    #[serde(default)]
    pub readings: BTreeMap<String, String>,
    #[serde(default, rename = "template")]
    pub(crate) templates: Vec<UnitTemplate>,
    #[serde(default, rename = "leader_template")]
    pub(crate) leader_templates: Vec<LeaderTemplate>,
    #[serde(default)]
    pub points: Option<Points>,
    /// The card's words in Italian (`[it]`): the table, the deployments and the victory
    /// as an Italian club's card writes them; a ruleset without it keeps its English
    /// words on every card.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub it: Option<Prose>,
    /// English template names (`[en.templates]`) for a game whose templates the ruleset
    /// names in another language, as MON's and Ottaggio's rulebooks do in Italian: an
    /// English club's card names its units so.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub en: Option<TemplateNames>,
    /// The game's tables as written; each carries `provisional = true` when it is an
    /// invented stand-in for a MISSING table. Private: the compiled form below follows it.
    #[serde(default)]
    pub(super) tables: toml::Table,
    /// The tables typed and checked, built once.
    #[serde(skip)]
    pub(super) compiled: Compiled,
}

/// A game table that does not read or check, and where it stands in its file when the
/// ruleset was parsed from one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableError {
    pub(crate) span: Option<Range<usize>>,
    pub(crate) message: String,
}

/// A game's compiled tables, whatever the game: each game's module reads back its own
/// type.
type AnyTables = Arc<dyn Any + Send + Sync>;

/// The cache of the compiled tables, and the file's text they are compiled from (so that
/// a broken table keeps its place in the file): shared by clones, never part of
/// equality or of the written form.
#[derive(Clone, Default)]
pub(super) struct Compiled {
    text: Option<Arc<str>>,
    tables: Arc<OnceLock<Result<AnyTables, TableError>>>,
}

impl PartialEq for Compiled {
    fn eq(&self, _: &Compiled) -> bool {
        true
    }
}

impl std::fmt::Debug for Compiled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Compiled")
    }
}

/// The file's `[tables]` read straight from its text, so that a serde error keeps its
/// place in the file.
#[derive(Deserialize)]
struct InFile<T> {
    tables: Option<T>,
}

/// The error for a table a game needs and the file lacks.
pub(crate) fn need<T>(t: Option<T>, name: &str) -> Result<T, String> {
    t.ok_or_else(|| format!("table `{name}` is missing: type it in from the printed charts, or restore the provisional stand-in"))
}

impl Ruleset {
    /// The game's name as a reader of `lang` reads it: the `[it]` name for Italian, where
    /// the ruleset gives one, else its `name`.
    pub fn name_in(&self, lang: crate::rules::tables::Lang) -> &str {
        match lang {
            crate::rules::tables::Lang::It => self
                .it
                .as_ref()
                .and_then(|p| p.name.as_deref())
                .unwrap_or(&self.name),
            crate::rules::tables::Lang::En => &self.name,
        }
    }

    /// A template's name (`name`, or `name k` as a card numbers several of one
    /// template) as a reader of `lang` reads it, where the ruleset's words give it.
    pub fn template_name_in(&self, name: &str, lang: crate::rules::tables::Lang) -> Option<String> {
        let names = match lang {
            crate::rules::tables::Lang::It => &self.it.as_ref()?.templates,
            crate::rules::tables::Lang::En => &self.en.as_ref()?.templates,
        };
        if let Some(n) = names.get(name) {
            return Some(n.clone());
        }
        let (base, k) = name.rsplit_once(' ')?;
        if k.is_empty() || !k.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        names.get(base).map(|n| format!("{n} {k}"))
    }

    /// The `[it]` and `[en]` template names that name no template of the ruleset.
    pub(crate) fn stray_template_names(&self) -> Vec<&str> {
        let it = self.it.as_ref().map(|p| &p.templates);
        let en = self.en.as_ref().map(|p| &p.templates);
        it.into_iter()
            .chain(en)
            .flat_map(BTreeMap::keys)
            .filter(|k| {
                !self.templates.iter().any(|t| &t.name == *k)
                    && !self.leader_templates.iter().any(|t| &t.name == *k)
            })
            .map(String::as_str)
            .collect()
    }

    /// Parses a ruleset file and keeps its text for its game's tables, compiled at their
    /// first use. A broken table does not fail the parse: `battle::game_tables` reports
    /// it, with its place in `text`.
    pub fn parse(text: &str) -> Result<Ruleset, toml::de::Error> {
        let mut rs: Ruleset = toml::from_str(text)?;
        rs.compiled.text = Some(Arc::from(text));
        Ok(rs)
    }

    /// The game's tables typed and checked by `compile`, the game's own: compiled once
    /// for the ruleset and its clones, at the first call. Asking with another game's
    /// `compile` than the one that filled the cache is an error, never other tables.
    pub(crate) fn tables<T, R>(
        &self,
        compile: fn(R, &BTreeSet<String>) -> Result<T, String>,
    ) -> Result<Arc<T>, TableError>
    where
        T: Any + Send + Sync,
        R: DeserializeOwned,
    {
        let compiled = self
            .compiled
            .tables
            .get_or_init(|| self.compile(compile).map(|t| -> AnyTables { Arc::new(t) }));
        match compiled {
            Ok(t) => Arc::clone(t).downcast::<T>().map_err(|_| TableError {
                span: None,
                message: format!("the tables of {} were compiled for another game", self.id),
            }),
            Err(e) => Err(e.clone()),
        }
    }

    /// The game's tables for a battle: a broken table is the ruleset's data error.
    pub(crate) fn tables_for_battle<T, R>(
        &self,
        compile: fn(R, &BTreeSet<String>) -> Result<T, String>,
    ) -> Result<Arc<T>, BattleError>
    where
        T: Any + Send + Sync,
        R: DeserializeOwned,
    {
        self.tables(compile).map_err(|e| BattleError::Data {
            ruleset: self.id.clone(),
            message: e.message,
        })
    }

    /// Reads one table as written (tests of a table's reading).
    #[cfg(test)]
    pub(crate) fn table<T: DeserializeOwned>(&self, name: &str) -> Result<T, String> {
        let value = self
            .tables
            .get(name)
            .ok_or_else(|| format!("no table `{name}`"))?;
        value
            .clone()
            .try_into()
            .map_err(|e: toml::de::Error| e.to_string())
    }

    /// Takes a table out (tests of a ruleset that lacks one): the compiled form follows.
    #[cfg(test)]
    pub(crate) fn remove_table(&mut self, name: &str) {
        self.tables.remove(name);
        self.compiled = Compiled::default();
    }

    /// Types and checks the tables with the game's `compile`, from the file's text when
    /// there is one (a serde error then has its place) or from the tables in memory.
    fn compile<T, R: DeserializeOwned>(
        &self,
        compile: fn(R, &BTreeSet<String>) -> Result<T, String>,
    ) -> Result<T, TableError> {
        let text = self.compiled.text.as_deref();
        let provisional: BTreeSet<String> = self
            .provisional_tables()
            .into_iter()
            .map(str::to_owned)
            .collect();
        compile(self.raw(text)?, &provisional).map_err(|message| TableError {
            span: text.and_then(|t| table_place(t, &message)),
            message,
        })
    }

    /// The tables in a game's written form.
    fn raw<T: DeserializeOwned>(&self, text: Option<&str>) -> Result<T, TableError> {
        let located = |e: toml::de::Error| TableError {
            span: e.span(),
            message: format!("tables: {}", e.message().trim()),
        };
        let parsed = match text {
            Some(text) => toml::from_str::<InFile<T>>(text).map_err(located)?.tables,
            None => None,
        };
        match parsed {
            Some(t) => Ok(t),
            None => toml::Value::Table(self.tables.clone())
                .try_into()
                .map_err(located),
        }
    }

    /// Returns whether a table is a PROVISIONAL stand-in.
    pub(crate) fn is_provisional(&self, name: &str) -> bool {
        self.tables
            .get(name)
            .and_then(|t| t.get("provisional"))
            .and_then(toml::Value::as_bool)
            .unwrap_or(false)
    }

    /// Returns the names of the PROVISIONAL tables.
    pub(crate) fn provisional_tables(&self) -> Vec<&str> {
        self.tables
            .keys()
            .map(String::as_str)
            .filter(|n| self.is_provisional(n))
            .collect()
    }

    /// The tables as written (the game's unit tests read them).
    #[cfg(test)]
    pub(crate) fn raw_tables(&self) -> &toml::Table {
        &self.tables
    }

    /// Returns a READING switch's value, or `default`.
    pub(crate) fn reading<'a>(&'a self, name: &str, default: &'a str) -> &'a str {
        self.readings.get(name).map_or(default, String::as_str)
    }

    /// Returns whether an optional rule is on.
    pub(crate) fn option(&self, name: &str) -> bool {
        self.options.iter().any(|o| o == name)
    }
}

/// The unit kinds of each ruleset (its templates'), by ruleset id: what the rules check
/// a club's order of battle against (§0.5, `rules::battles::check_order_of_battle`).
pub(crate) fn unit_kinds(rulesets: &[Ruleset]) -> crate::rules::battles::UnitKinds {
    rulesets
        .iter()
        .map(|rs| {
            let kinds = rs.templates.iter().map(|t| t.kind.clone()).collect();
            (rs.id.clone(), kinds)
        })
        .collect()
}

/// Where a table named by a check's message (`table \`fire\`: …`) opens in its file.
fn table_place(text: &str, message: &str) -> Option<Range<usize>> {
    let name = message.strip_prefix("table `")?.split('`').next()?;
    let name = name.split('.').next()?;
    let header = format!("[tables.{name}");
    let at = text.find(&header)?;
    // A message naming a field (`` `value` = -5 ``) points at its value in the table.
    let field = message
        .split("`: ")
        .nth(1)
        .and_then(|m| m.strip_prefix('`'))
        .and_then(|m| m.split_once("` = "))
        .map(|(f, _)| f);
    if let Some(field) = field {
        let body = &text[at..];
        let end = body[1..].find("\n[").map_or(body.len(), |e| e + 1);
        for (i, line) in body[..end].match_indices('\n') {
            let rest = &body[i + line.len()..end];
            let key = rest.split('=').next().unwrap_or("").trim();
            if key == field
                && let Some(eq) = rest.find('=')
            {
                let value = rest[eq + 1..]
                    .split(['\n', '#'])
                    .next()
                    .unwrap_or("")
                    .trim();
                let from = at + i + 1 + eq + 1 + rest[eq + 1..].find(value).unwrap_or(0);
                return Some(from..from + value.len());
            }
        }
    }
    Some(at..at + header.len())
}
