//! The order file as written: one TOML file per club per phase.
//!
//! These DTOs keep the byte span of every value a diagnostic may point at, and derive
//! the JSON Schema `giglio orders schema` prints, so an editor can complete and check
//! an order file as the club types it. The format is documented in the club's guide
//! (`docs/club-guide.en.md`, `docs/club-guide.it.md`). They are also what giglio writes
//! (`orders::unparse`, through serde and `toml`), so every file it writes is one it reads.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use toml::Spanned;

/// One club's orders for one phase.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(
    title = "giglio order file",
    description = "One club's orders for one phase of an Il Giglio campaign."
)]
pub struct OrderFile {
    /// The club's nation code (`V`, `HRI`…).
    #[serde(skip_serializing_if = "blank")]
    #[schemars(with = "String")]
    pub club: Spanned<String>,
    /// The phase these orders are for: `1494-spring`, `1494-r03`, `1494-winter`.
    #[serde(skip_serializing_if = "blank")]
    #[schemars(with = "String")]
    pub phase: Spanned<String>,
    /// The club's secret, as issued by the referee.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub secret: Option<Spanned<String>>,
    /// A note to the referee (at most 500 characters; control characters are removed).
    #[serde(default)]
    pub note: Option<String>,

    // ---- spring ----
    /// G2a.3: borrow this many ducats, repaid next spring with interest.
    #[serde(default)]
    #[schemars(with = "Option<i64>")]
    pub loan: Option<Spanned<i64>>,
    /// G8.1: the club's secret objective (first spring only).
    // `toml` writes no `None`; a table's is skipped by name too, so that the schema
    // shows no `default: null` for it (one for a string or a number, as ever).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<RawObjective>")]
    pub objective: Option<Spanned<RawObjective>>,
    /// G2b.5: a sealed bid for the Strategos.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<RawStrategos>")]
    pub strategos: Option<Spanned<RawStrategos>>,
    /// G5.2: declare alliances with these nations.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub alliances: Vec<Spanned<String>>,
    /// G2b.1: raise new armies.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(with = "Vec<RawRaise>")]
    pub raise: Vec<Spanned<RawRaise>>,
    /// G2b.1: reinforce armies standing in owned cities.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(with = "Vec<RawArmyValue>")]
    pub reinforce: Vec<Spanned<RawArmyValue>>,
    /// G2b.2: move ducats between two armies in one node.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(with = "Vec<RawTransfer>")]
    pub transfer: Vec<Spanned<RawTransfer>>,
    /// G2b.3: detach garrisons.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(with = "Vec<RawGarrison>")]
    pub garrison: Vec<Spanned<RawGarrison>>,
    /// G2b.4: fortify cities and villages.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(with = "Vec<RawNode>")]
    pub fortify: Vec<Spanned<RawNode>>,
    /// G2b.4: repair breached places.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(with = "Vec<RawNode>")]
    pub repair: Vec<Spanned<RawNode>>,
    /// G2b.5: hire specialists.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(with = "Vec<RawHire>")]
    pub hire: Vec<Spanned<RawHire>>,
    /// G2b.6: build fleets.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(with = "Vec<RawPort>")]
    pub fleet: Vec<Spanned<RawPort>>,

    // ---- summer rounds ----
    /// G3b: moves along roads.
    #[serde(default, rename = "move", skip_serializing_if = "Vec::is_empty")]
    #[schemars(with = "Vec<RawMove>")]
    pub moves: Vec<Spanned<RawMove>>,
    /// G3c.3: standing encounter choices.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(with = "Vec<RawStance>")]
    pub stance: Vec<Spanned<RawStance>>,
    /// G3d: sieges.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(with = "Vec<RawSiege>")]
    pub siege: Vec<Spanned<RawSiege>>,
    /// G2b.5: assassin missions.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(with = "Vec<RawAssassin>")]
    pub assassin: Vec<Spanned<RawAssassin>>,
    /// G3e.1: fleet moves.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(with = "Vec<RawFleetMove>")]
    pub fleet_move: Vec<Spanned<RawFleetMove>>,
    /// G3e.3: embarking an army.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(with = "Vec<RawEmbark>")]
    pub embark: Vec<Spanned<RawEmbark>>,
    /// G3e.3: landing the army carried.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(with = "Vec<RawLand>")]
    pub land: Vec<Spanned<RawLand>>,
    /// G3c.3: replies to encounters, in contact-exchange mode.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(with = "Vec<RawEncounter>")]
    pub encounter: Vec<Spanned<RawEncounter>>,
    /// G3c.7: results of table battles.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(with = "Vec<RawBattleResult>")]
    pub battle_result: Vec<Spanned<RawBattleResult>>,
    /// §0.5: a club's own order of battle for a pending battle, in a ruleset's terms.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(with = "Vec<RawOrderOfBattle>")]
    pub order_of_battle: Vec<Spanned<RawOrderOfBattle>>,

    // ---- any phase ----
    /// G5.3: letters to other clubs, carried by the referee (not orders: a file of
    /// letters only leaves the club's orders as they are).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(with = "Vec<RawLetter>")]
    pub letter: Vec<Spanned<RawLetter>>,
    /// G6.3: the club asks for the open deadline to move on (not an order: a file that
    /// asks only this leaves the club's orders as they are).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<RawExtension>")]
    pub extension: Option<Spanned<RawExtension>>,
}

impl OrderFile {
    /// A file of `club` for `phase` with no order, for the writer to fill
    /// (`orders::unparse`); blank codes are left out of what is written (one order alone).
    pub fn new(club: &str, phase: &str) -> OrderFile {
        OrderFile {
            club: unspanned(club.to_owned()),
            phase: unspanned(phase.to_owned()),
            secret: None,
            note: None,
            loan: None,
            objective: None,
            strategos: None,
            alliances: Vec::new(),
            raise: Vec::new(),
            reinforce: Vec::new(),
            transfer: Vec::new(),
            garrison: Vec::new(),
            fortify: Vec::new(),
            repair: Vec::new(),
            hire: Vec::new(),
            fleet: Vec::new(),
            moves: Vec::new(),
            stance: Vec::new(),
            siege: Vec::new(),
            assassin: Vec::new(),
            fleet_move: Vec::new(),
            embark: Vec::new(),
            land: Vec::new(),
            encounter: Vec::new(),
            battle_result: Vec::new(),
            order_of_battle: Vec::new(),
            letter: Vec::new(),
            extension: None,
        }
    }
}

/// A value that was read from no file (what the writer builds): its span is empty.
pub fn unspanned<T>(value: T) -> Spanned<T> {
    Spanned::new(0..0, value)
}

/// Whether a header code is blank: an order written alone has no header.
fn blank(code: &Spanned<String>) -> bool {
    code.get_ref().is_empty()
}

/// G8.1: an objective; `target` names the nation for `conquer_nation`.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawObjective {
    /// keep_possessions, conquer_nation, most_capitals, most_ducats, most_cities,
    /// most_fortresses, most_villages, most_ports, most_alliances_honoured,
    /// most_alliances_betrayed, most_fleets.
    #[schemars(with = "String")]
    pub kind: Spanned<String>,
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub target: Option<Spanned<String>>,
}

/// G2b.5: a sealed bid, and the move order wanted if it wins.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawStrategos {
    #[schemars(with = "i64")]
    pub bid: Spanned<i64>,
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub move_order: Vec<Spanned<String>>,
}

/// G6.3: an extension of the open deadline, or an absence announced ahead.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawExtension {
    /// How many hours more (within the campaign's `extension_max_hours`).
    #[schemars(with = "u32")]
    pub hours: Spanned<u32>,
    /// Why, for the referee (an absence, a holiday); never shown to other clubs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<String>")]
    pub reason: Option<Spanned<String>>,
}

/// G5.3: a letter to one or more clubs.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawLetter {
    /// The nations it goes to (`["M", "F"]`): each must be played by a club.
    #[schemars(with = "Vec<String>")]
    pub to: Vec<Spanned<String>>,
    /// The letter itself (control characters other than line ends are removed).
    #[schemars(with = "String")]
    pub text: Spanned<String>,
    /// Unsigned: the addressees are not told who wrote it (where the campaign allows).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<bool>")]
    pub anonymous: Option<Spanned<bool>>,
}

#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawRaise {
    /// An owned city.
    #[schemars(with = "String")]
    pub node: Spanned<String>,
    /// Ducats spent: the army's value.
    #[schemars(with = "i64")]
    pub value: Spanned<i64>,
}

#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawArmyValue {
    /// An army of the club (`V-A1`).
    #[schemars(with = "String")]
    pub army: Spanned<String>,
    #[schemars(with = "i64")]
    pub value: Spanned<i64>,
}

/// G2b.3: a garrison detached from an army.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawGarrison {
    /// An army of the club (`V-A1`).
    #[schemars(with = "String")]
    pub army: Spanned<String>,
    #[schemars(with = "i64")]
    pub value: Spanned<i64>,
    /// In a summer round: a fortified node the army passes on its move this round, where
    /// it leaves the garrison (without it: where the army stands when the order comes).
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub node: Option<Spanned<String>>,
}

#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawTransfer {
    #[schemars(with = "String")]
    pub from: Spanned<String>,
    #[schemars(with = "String")]
    pub to: Spanned<String>,
    #[schemars(with = "i64")]
    pub value: Spanned<i64>,
}

#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawNode {
    #[schemars(with = "String")]
    pub node: Spanned<String>,
}

#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawPort {
    #[schemars(with = "String")]
    pub port: Spanned<String>,
}

/// G2b.5: `specialist` is sapper (with `army` or `node`), diplomat (with `node`), spy or
/// assassin.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawHire {
    #[schemars(with = "String")]
    pub specialist: Spanned<String>,
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub army: Option<Spanned<String>>,
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub node: Option<Spanned<String>>,
}

/// A path of nodes: `["V8", "F7"]` or `"V8 -> F7"` (`→` also reads).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum RawPath {
    List(Vec<String>),
    Arrows(String),
}

#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawMove {
    /// An army (`V-A1`) or diplomat (`V-D1`) of the club.
    #[schemars(with = "String")]
    pub piece: Spanned<String>,
    /// The nodes it passes, starting where it stands.
    #[schemars(with = "RawPath")]
    pub path: Spanned<RawPath>,
}

/// G3c.4: with a spy, a choice that depends on the enemy's size.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawSpy {
    #[schemars(with = "i64")]
    pub enemy_at_most: Spanned<i64>,
    #[schemars(with = "String")]
    pub then: Spanned<String>,
    #[schemars(with = "String")]
    pub otherwise: Spanned<String>,
}

#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawStance {
    #[schemars(with = "String")]
    pub piece: Spanned<String>,
    /// stop, retreat or attack: when it moves into a force.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub on_contact: Option<Spanned<String>>,
    /// stop, retreat, attack or withdraw: when a force moves into it.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub when_contacted: Option<Spanned<String>>,
    /// Where to retreat to (G3c.6).
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub retreat_to: Option<Spanned<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<RawSpy>")]
    pub spy: Option<Spanned<RawSpy>>,
}

#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawSiege {
    #[schemars(with = "String")]
    pub army: Spanned<String>,
    /// G3d.2: ducats of bribe spent this round.
    #[serde(default)]
    #[schemars(with = "Option<i64>")]
    pub bribe: Option<Spanned<i64>>,
    /// G3d.2: `true` lifts the army's siege (a siege goes on until lifted).
    #[serde(default)]
    #[schemars(with = "Option<bool>")]
    pub lift: Option<Spanned<bool>>,
}

/// G2b.5: `target` is commander (with `army`, or `node` for the largest enemy army there), sapper (with `army` or `node`),
/// diplomat (with `diplomat`) or spy (with `nation`).
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawAssassin {
    #[schemars(with = "String")]
    pub target: Spanned<String>,
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub army: Option<Spanned<String>>,
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub node: Option<Spanned<String>>,
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub diplomat: Option<Spanned<String>>,
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub nation: Option<Spanned<String>>,
}

#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawFleetMove {
    #[schemars(with = "String")]
    pub fleet: Spanned<String>,
    /// A sea zone or a port.
    #[schemars(with = "String")]
    pub to: Spanned<String>,
}

#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawEmbark {
    #[schemars(with = "String")]
    pub fleet: Spanned<String>,
    #[schemars(with = "String")]
    pub army: Spanned<String>,
}

#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawLand {
    #[schemars(with = "String")]
    pub fleet: Spanned<String>,
    #[schemars(with = "String")]
    pub node: Spanned<String>,
}

#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawEncounter {
    /// The encounter's id, as the referee's mail gives it.
    #[schemars(with = "String")]
    pub id: Spanned<String>,
    #[schemars(with = "String")]
    pub choice: Spanned<String>,
}

#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawBattleResult {
    /// The battle's id (`1495-r03-M5`).
    #[schemars(with = "String")]
    pub battle: Spanned<String>,
    /// The winning nation, or none for a draw.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub winner: Option<Spanned<String>>,
    /// Ducats lost by each side.
    #[schemars(with = "BTreeMap<String, i64>")]
    pub losses: Spanned<BTreeMap<String, i64>>,
}

/// A club's order of battle for one battle and one ruleset (§0.5): its units' values
/// must add up to the army's ducats.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawOrderOfBattle {
    #[schemars(with = "String")]
    pub battle: Spanned<String>,
    /// The ruleset the units are written for (`mon1628`…).
    #[schemars(with = "String")]
    pub ruleset: Spanned<String>,
    #[schemars(with = "Vec<RawOobUnit>")]
    pub unit: Vec<Spanned<RawOobUnit>>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schemars(with = "Vec<RawOobLeader>")]
    pub leader: Vec<Spanned<RawOobLeader>>,
}

#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawOobUnit {
    pub name: String,
    /// The ruleset's unit kind (`inf`, `cav`…).
    #[schemars(with = "String")]
    pub kind: Spanned<String>,
    /// Ducats this unit stands for.
    #[schemars(with = "i64")]
    pub campaign_value: Spanned<i64>,
    #[serde(default)]
    pub ratings: BTreeMap<String, i64>,
}

#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawOobLeader {
    pub name: String,
    #[serde(default)]
    pub ratings: BTreeMap<String, i64>,
}
