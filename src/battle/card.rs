//! The battle card (format `giglio-battle-card/1`, rulebook §0.3): what
//! both clubs receive to fight a battle on the table, and what an auto-resolver reads;
//! and its orders of battle (§0.5): built from a ducat-only army with the ruleset's
//! templates (ASSUMPTION: filled in proportion to their weights until the ducats are
//! spent), or the club's own.

use super::ruleset::Ruleset;
use crate::rules::Ducats;
pub use crate::rules::map::Terrain;
pub use crate::rules::world::BattleKind;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The card format's version tag.
pub const FORMAT: &str = "giglio-battle-card/1";

/// What kind of place a battle is fought at, as the card writes it: a node's kind
/// (`city`, `fortress`, `village`), or `open` for a battle at no node (the games' own
/// examples). Typed, so a card of another kind is refused where it is read; the games
/// key their tables by [`NodeKind::as_str`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NodeKind {
    City,
    Fortress,
    Village,
    Open,
}

impl NodeKind {
    /// Every kind a card may name.
    pub const ALL: [NodeKind; 4] = [
        NodeKind::City,
        NodeKind::Fortress,
        NodeKind::Village,
        NodeKind::Open,
    ];

    /// Returns the kind's name as cards write it.
    pub fn as_str(self) -> &'static str {
        match self {
            NodeKind::City => "city",
            NodeKind::Fortress => "fortress",
            NodeKind::Village => "village",
            NodeKind::Open => "open",
        }
    }

    /// The kind by its name (`city`, `fortress`, `village`, `open`).
    pub fn from_key(key: &str) -> Option<NodeKind> {
        NodeKind::ALL.into_iter().find(|k| k.as_str() == key)
    }

    /// A map node's kind on a card.
    pub(crate) fn of_node(kind: crate::rules::map::NodeKind) -> NodeKind {
        use crate::rules::map::NodeKind as Map;
        match kind {
            Map::City => NodeKind::City,
            Map::Fortress => NodeKind::Fortress,
            Map::Village => NodeKind::Village,
        }
    }
}

/// A battle card.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Card {
    pub format: String,
    pub battle: BattleInfo,
    /// Side `A` attacks, side `B` defends (or is the rearguard).
    pub sides: [CardSide; 2],
}

/// Where and what the battle is.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BattleInfo {
    /// `1495-r03-M5`.
    pub id: String,
    pub ruleset: String,
    /// `battle` or `rearguard` (G3c.9): typed, so a card of another kind is refused
    /// where it is read, with the kinds a card may be.
    pub kind: BattleKind,
    pub node: String,
    pub node_name: String,
    /// `city`, `fortress`, `village` (or `open`, at no node).
    pub node_kind: NodeKind,
    /// `plain`, `hills`, `mountains`, `marsh`.
    pub terrain: Terrain,
    /// The defender holds a fortification here (fortified, not breached).
    pub fortified: bool,
    /// The defender fights from inside its fortification (a siege assault); a campaign
    /// battle is fought in the field (an army inside is besieged, G3c.1), so `false`.
    #[serde(default)]
    pub defender_inside: bool,
    /// A fortified place held by a nation that is not the defender (the attacker that
    /// besieges it, or a third nation): its walls shelter neither side. Said on the
    /// card so that a club that knows the place as fortified is not left to guess why
    /// the card does not count its walls.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub walls_held_by: Option<String>,
    /// The month of the round (`May`).
    pub month: String,
    /// G3c.10: the ruleset's standard table, whatever the army sizes.
    pub table: String,
    /// G3c.9: deployment of a rearguard action, else the ruleset's standard.
    pub deployment: String,
    pub victory: String,
    /// Optional rules switched on, and READING switches chosen.
    #[serde(default)]
    pub options: Vec<String>,
    #[serde(default)]
    pub readings: BTreeMap<String, String>,
    /// Whether any order of battle or table here is a PROVISIONAL stand-in.
    pub provisional: bool,
    /// The phase key a club's result file carries in its header (the phase open while
    /// the result is due).
    #[serde(default)]
    pub result_phase: Option<String>,
    /// G3c.7: the date the battle must be played by, when the campaign sets one
    /// (`battle_play_days`), and what happens after it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub play_by: Option<PlayBy>,
    /// The other battles pending at the same place when the card went out (two armies
    /// that met one enemy army make two battles): the table plays each on its own. A
    /// club's copy lists only those it is a side of (a pending battle is told to its
    /// sides alone, G7.3).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub also: Vec<Linked>,
    /// Under `battle_lapses_when_a_side_is_gone`: a battle of `also` whose result sends
    /// every army of one of this battle's sides away makes this one lapse.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub also_lapses: bool,
}

/// A battle's play-by date (G3c.7).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayBy {
    /// As clubs read it: local time and the campaign's zone.
    pub date: String,
    /// Past it without two agreeing results: `auto` (the battle's own game resolves
    /// it) or `hold` (it keeps waiting, and the referee is reminded).
    pub fallback: crate::rules::tables::BattleFallback,
}

/// One side of a card.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CardSide {
    /// `A` or `B`.
    pub key: String,
    pub nation: String,
    pub club: String,
    /// `attacker`, `defender` or `rearguard`.
    pub role: String,
    /// The armies' value when the battle was joined (fighting reveals it).
    pub ducats: Ducats,
    pub sapper: bool,
    /// G2b.5: its commander was killed; it defends but cannot attack.
    pub commander_killed: bool,
    /// The side's armies in the campaign (`F-A1`), so a club knows which of its armies
    /// fight this battle; none on a card written before they were named.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub armies: Vec<String>,
    /// `template` or `club`: how the order of battle was made (§0.5).
    pub oob: String,
    /// Ducats the templates could not spend (less than the cheapest unit).
    pub unspent: Ducats,
    pub leaders: Vec<Leader>,
    pub units: Vec<Unit>,
}

/// A unit in the ruleset's own terms.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Unit {
    /// `A-U1`.
    pub id: String,
    pub name: String,
    /// The ruleset's unit kind (`inf`, `cav`, `art`, `guast`, `garrison`…).
    pub kind: String,
    /// The ruleset's ratings (`fire`, `morale`, `steps`…), as integers.
    pub ratings: BTreeMap<String, i64>,
    /// Ducats this unit stands for: what the campaign loses if it is lost.
    pub campaign_value: Ducats,
}

/// A leader in the ruleset's own terms.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Leader {
    /// `A-L1`.
    pub id: String,
    pub name: String,
    pub ratings: BTreeMap<String, i64>,
}

impl Unit {
    /// Returns a rating, or `default` when the unit has none of that name.
    pub(crate) fn rating(&self, name: &str, default: i64) -> i64 {
        self.ratings.get(name).copied().unwrap_or(default)
    }
}

impl Leader {
    /// Returns a rating, or `default` when the leader has none of that name.
    pub(crate) fn rating(&self, name: &str, default: i64) -> i64 {
        self.ratings.get(name).copied().unwrap_or(default)
    }
}

/// What the campaign says of one side, to build its part of a card.
#[derive(Clone, Debug, PartialEq)]
pub struct SideSpec {
    pub nation: String,
    pub club: String,
    /// `attacker`, `defender` or `rearguard`.
    pub role: String,
    pub ducats: Ducats,
    pub sapper: bool,
    pub commander_killed: bool,
}

/// Another battle pending at a card's place: its id and its sides' nations (attacker,
/// defender).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Linked {
    pub id: String,
    pub sides: [String; 2],
}

/// Where the battle is fought.
#[derive(Clone, Debug, PartialEq)]
pub struct Place {
    pub node: String,
    pub node_name: String,
    pub node_kind: NodeKind,
    pub terrain: Terrain,
    pub fortified: bool,
    pub month: String,
}

impl Card {
    /// Reads a card file (TOML, as `giglio battle card --format toml` writes it, this
    /// version or an earlier one). An unknown value is refused with the file, the
    /// field and the values it may take.
    pub fn read(path: &str, text: &str) -> Result<Card, String> {
        let raw: toml::Table = text.parse().map_err(|e| format!("{path}: {e}"))?;
        let battle = raw.get("battle").and_then(toml::Value::as_table);
        let field = |name: &str| {
            battle
                .and_then(|b| b.get(name))
                .and_then(toml::Value::as_str)
        };
        let check = |name: &str, ok: bool, allowed: &[&str]| match field(name) {
            Some(v) if !ok => Err(format!(
                "{path}: `battle.{name}` is `{v}`, not one of: {}",
                allowed.join(", ")
            )),
            _ => Ok(()),
        };
        let kinds = NodeKind::ALL.map(NodeKind::as_str);
        let terrains = Terrain::ALL.map(Terrain::as_str);
        check(
            "node_kind",
            field("node_kind").is_none_or(|v| NodeKind::from_key(v).is_some()),
            &kinds,
        )?;
        check(
            "terrain",
            field("terrain").is_none_or(|v| Terrain::from_key(v).is_some()),
            &terrains,
        )?;
        check(
            "kind",
            field("kind").is_none_or(|v| BattleKind::from_key(v).is_some()),
            &["battle", "rearguard"],
        )?;
        toml::from_str(text).map_err(|e| format!("{path}: {e}"))
    }

    /// Builds a card whose orders of battle come from the ruleset's templates (§0.5).
    /// A battle or a rearguard action; side A attacks.
    pub fn build(
        id: &str,
        kind: BattleKind,
        rs: &Ruleset,
        place: Place,
        sides: [SideSpec; 2],
    ) -> Card {
        let side = |key: &str, s: &SideSpec| {
            let (units, leaders, unspent) = from_templates(rs, key, s.ducats);
            CardSide {
                key: key.to_owned(),
                nation: s.nation.clone(),
                club: s.club.clone(),
                role: s.role.clone(),
                ducats: s.ducats,
                sapper: s.sapper,
                commander_killed: s.commander_killed,
                armies: Vec::new(),
                oob: "template".to_owned(),
                unspent,
                leaders,
                units,
            }
        };
        let [a, b] = &sides;
        Card {
            format: FORMAT.to_owned(),
            battle: BattleInfo {
                id: id.to_owned(),
                ruleset: rs.id.clone(),
                kind,
                node: place.node,
                node_name: place.node_name,
                node_kind: place.node_kind,
                terrain: place.terrain,
                fortified: place.fortified,
                defender_inside: false,
                walls_held_by: None,
                month: place.month,
                table: rs.table.clone(),
                deployment: if kind == BattleKind::Rearguard {
                    rs.rearguard_deployment.clone()
                } else {
                    rs.deployment.clone()
                },
                victory: rs.victory.clone(),
                options: rs.options.clone(),
                readings: rs.readings.clone(),
                // Templates are an ASSUMPTION, not the game's own order of battle.
                provisional: !rs.provisional_tables().is_empty(),
                result_phase: None,
                play_by: None,
                also: Vec::new(),
                also_lapses: false,
            },
            sides: [side("A", a), side("B", b)],
        }
    }
}

/// Builds the card of a campaign battle: the node, the month, both sides as the
/// campaign knows them, orders of battle from the ruleset's templates.
pub fn for_battle(
    c: &crate::rules::Campaign,
    b: &crate::rules::world::Battle,
    clubs: &BTreeMap<String, String>,
    rs: &Ruleset,
) -> Card {
    use crate::rules::tables::Lang;
    use crate::rules::world::BattleKind;
    let node = c.map.node(b.node.as_str());
    let round = b.phase.round().unwrap_or(1);
    let place = Place {
        node: b.node.to_string(),
        node_name: node.map_or_else(|| b.node.to_string(), |n| n.name.clone()),
        node_kind: node.map_or(NodeKind::Village, |n| NodeKind::of_node(n.kind)),
        terrain: node.map_or(Terrain::Plain, |n| n.terrain),
        fortified: b.fortified,
        month: c.tables.calendar.month(round, Lang::En).to_owned(),
    };
    let spec = |side: &crate::rules::world::BattleSide, role: &str| SideSpec {
        nation: side.nation.to_string(),
        club: clubs
            .get(side.nation.as_str())
            .cloned()
            .unwrap_or_else(|| format!("neutral {}", side.nation)),
        role: role.to_owned(),
        ducats: side.ducats,
        sapper: side.sapper,
        commander_killed: side.commander_killed,
    };
    let defender_role = if b.kind == BattleKind::Rearguard {
        "rearguard"
    } else {
        "defender"
    };
    let mut card = Card::build(
        &b.id,
        b.kind,
        rs,
        place,
        [
            spec(&b.attacker, "attacker"),
            spec(&b.defender, defender_role),
        ],
    );
    for (side, from) in card.sides.iter_mut().zip([&b.attacker, &b.defender]) {
        side.armies = from.armies.iter().map(ToString::to_string).collect();
    }
    // Results are first due in the phase after the one the battle was joined in.
    let cal = &c.tables.calendar;
    card.battle.result_phase = b
        .phase
        .next(cal.rounds, cal.last_year())
        .map(crate::rules::calendar::PhaseId::key);
    card
}

/// Replaces a side's template-built order of battle with the club's own (§0.5).
pub(crate) fn use_club_oob(
    side: &mut CardSide,
    units: &[crate::rules::order::OobUnit],
    leaders: &[crate::rules::order::OobLeader],
) {
    side.units = units
        .iter()
        .enumerate()
        .map(|(i, u)| Unit {
            id: format!("{}-U{}", side.key, i + 1),
            name: u.name.clone(),
            kind: u.kind.clone(),
            ratings: u.ratings.clone(),
            campaign_value: u.campaign_value,
        })
        .collect();
    side.leaders = leaders
        .iter()
        .enumerate()
        .map(|(i, l)| Leader {
            id: format!("{}-L{}", side.key, i + 1),
            name: l.name.clone(),
            ratings: l.ratings.clone(),
        })
        .collect();
    side.oob = "club".to_owned();
    side.unspent = 0;
}

/// Builds a side's units and leaders from its ducats; returns them and the ducats left
/// unspent (less than the cheapest template). `key` prefixes the ids (`A-U1`).
pub(crate) fn from_templates(
    rs: &Ruleset,
    key: &str,
    ducats: Ducats,
) -> (Vec<Unit>, Vec<Leader>, Ducats) {
    let mut counts = vec![0u32; rs.templates.len()];
    let mut left = ducats;
    loop {
        // The affordable template furthest below its share; ties go to the first listed.
        let pick = rs
            .templates
            .iter()
            .enumerate()
            .filter(|(_, t)| t.cost > 0 && t.cost <= left && t.weight > 0)
            .min_by(|(i, a), (j, b)| {
                // counts[i] / weight_i against counts[j] / weight_j, without division.
                let x = u64::from(counts[*i]) * u64::from(b.weight);
                let y = u64::from(counts[*j]) * u64::from(a.weight);
                x.cmp(&y).then(i.cmp(j))
            })
            .map(|(i, _)| i);
        let Some(i) = pick else { break };
        counts[i] += 1;
        left -= rs.templates[i].cost;
    }
    let mut units = Vec::new();
    for (i, t) in rs.templates.iter().enumerate() {
        for k in 0..counts[i] {
            units.push(Unit {
                id: format!("{key}-U{}", units.len() + 1),
                name: if counts[i] > 1 {
                    format!("{} {}", t.name, k + 1)
                } else {
                    t.name.clone()
                },
                kind: t.kind.clone(),
                ratings: t.ratings.clone(),
                campaign_value: t.cost,
            });
        }
    }
    let mut leaders = Vec::new();
    for lt in &rs.leader_templates {
        let n = (units.len() as u32).div_ceil(lt.every.max(1)).max(1);
        for k in 0..n {
            leaders.push(Leader {
                id: format!("{key}-L{}", leaders.len() + 1),
                name: if n > 1 {
                    format!("{} {}", lt.name, k + 1)
                } else {
                    lt.name.clone()
                },
                ratings: lt.ratings.clone(),
            });
        }
    }
    (units, leaders, left)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battle::ruleset::{Game, LeaderTemplate, Ruleset, UnitTemplate};

    fn rs() -> Ruleset {
        let t = |kind: &str, cost, weight| UnitTemplate {
            kind: kind.into(),
            name: kind.into(),
            cost,
            weight,
            ratings: Default::default(),
        };
        Ruleset {
            id: "t".into(),
            name: "t".into(),
            game: Game::Mon,
            seed: None,
            table: String::new(),
            dice: "d6".into(),
            deployment: String::new(),
            rearguard_deployment: String::new(),
            victory: String::new(),
            partial_loss_percent: 0,
            options: vec![],
            readings: Default::default(),
            templates: vec![t("inf", 40, 3), t("cav", 40, 1), t("art", 30, 1)],
            leader_templates: vec![LeaderTemplate {
                name: "commander".into(),
                every: 5,
                ratings: Default::default(),
            }],
            points: None,
            it: None,
            en: None,
            tables: Default::default(),
            compiled: Default::default(),
        }
    }

    #[test]
    fn templates_fill_in_proportion_and_report_the_remainder() {
        let (units, leaders, left) = from_templates(&rs(), "A", 420);
        let count = |k: &str| units.iter().filter(|u| u.kind == k).count();
        let spent: Ducats = units.iter().map(|u| u.campaign_value).sum();
        assert_eq!(spent + left, 420, "every ducat is a unit or the remainder");
        assert!(
            left < 30,
            "the remainder is less than the cheapest unit: {left}"
        );
        assert!(count("inf") >= 2 * count("cav"), "{units:?}");
        assert_eq!(leaders.len(), units.len().div_ceil(5));
        assert_eq!(units[0].id, "A-U1");
    }

    #[test]
    fn a_tiny_army_gets_what_it_can_afford() {
        let (units, _, left) = from_templates(&rs(), "B", 35);
        assert_eq!(units.len(), 1);
        assert_eq!(units[0].kind, "art");
        assert_eq!(left, 5);
    }
}
