//! LEG — Legnano 1176 (Battles of the Middle Ages, rulebook v1.0): the map-free
//! auto-resolver (conventions: the campaign rulebook's §0). Rule numbers `§x.y` are the
//! printed game's, `digest §2.x` the project's reading notes on it; the tables and every READING switch are data in `rulesets/leg1176.toml`.
//!
//! # The map-free table (ASSUMPTION, §0.4 refined to hexes)
//! Each sector is a strip between the two long edges, `depth` hexes long. A unit's place
//! is its `pos` (hexes from its own edge) and its `slot` (left to right within its side's
//! line). Two enemy units of one sector are `depth − pos − pos'` hexes apart; moves never
//! bring them closer than 1, so the §0.4 bands are derived: `front` (the most advanced
//! units of both sides, 1 hex apart), `near` (2–3), `far` (4+). Front units pair by slot
//! order; the surplus of the longer line are overlaps on the ends of the shorter one
//! (first on its flank, the next one on the same unit in its rear). A move is the unit's
//! MP in hexes (infantry about one band, cavalry two, as §0.4 says). `in range r` of a
//! friend means within `r` slots and `r` hexes of it. Rout paths are never blocked; a
//! routing unit passes through a friend of its own slot behind it (§6.3.1). A leader
//! stays with his unit, also when it routs; when it is lost he joins another of his
//! command; a leader alone is never checked (§5.4.6 needs a map). Sectors = commands,
//! paired with the enemy's in listed order (§2.e); the defender's ground (clear or forest,
//! TEC §9.6) comes from the node's terrain, the attacker stands in the open. No slopes.
//!
//! # Default policies (ASSUMPTION, §0.4, §2.e)
//! - Doctrines (`tables.policy`): the attacker `attack`s (advance to contact, pursue a
//!   sector's routed units when nothing else is left there, else shift to a neighbouring
//!   sector and fight there as an overlap), the defender `hold`s (never past its line),
//!   a rearguard `delay`s (withdraws toward its edge, never attacks). A side whose
//!   commander was killed (G2b.5) never attacks.
//! - A leader is always activated when drawn (declining only risks the last chit, §3.1).
//! - Attack when the odds column (undrawn chits estimated by their mean, a possible charge
//!   counted) reaches `attack_min_column` (`attack_min_column_rearguard` against a
//!   rearguard), or an overlap takes part, or a defender is routed. Asked again when a
//!   charge or forest morale check fails (the unit "may attack normally", §7.3.1).
//! - Every adjacent enemy a unit faces is taken in its combat (§5.1.2 allows leaving
//!   out the disordered and routed ones; routed ones are then eliminated, §5.3).
//! - Disordered units stay where they are (they may only move back, §5.3) unless their
//!   side delays. Cavalry halts 3 hexes from enemy cavalry to charge next time (§7.3)
//!   and always charges when it may. The Carroccio follows one hex behind its line and
//!   never attacks. A leader joins the first front unit of his command after it moves.
//! - A killed leader's single activation (§5.4.3) goes to his first front unit in order.

use super::BattleError;
use super::card::Card;
use super::frame::{self, Provisional, Rearguard};
use super::result::{LeaderResult, LeaderState, TacticalResult, UnitResult, UnitState, Winner};
use super::ruleset::{GameTables, Ruleset, need};
use crate::rules::dice::Dice;
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};

/// Hard cap on turns, whatever the data says.
const TURN_CAP: u32 = 50;
/// Hard cap on a cup of activation chits or combat chits (one die roll picks one).
const MAX_DIE: usize = 255;

// ------------------------------------------------------------------------------------
// Data: the ruleset's tables, typed.

/// A number per grade (`A`, `B`, `C`): morale values, VPs, a combat chit.
#[derive(Clone, Copy, Debug, Deserialize)]
struct PerGrade {
    #[serde(rename = "A")]
    a: i64,
    #[serde(rename = "B")]
    b: i64,
    #[serde(rename = "C")]
    c: i64,
}

impl PerGrade {
    fn get(&self, g: Grade) -> i64 {
        match g {
            Grade::A => self.a,
            Grade::B => self.b,
            Grade::C => self.c,
        }
    }
}

#[derive(Deserialize)]
struct CrtData {
    columns: Vec<String>,
    ratios: Vec<[i64; 2]>,
    rows: Vec<i32>,
    results: Vec<Vec<String>>,
}

#[derive(Deserialize)]
struct VpData {
    #[serde(rename = "A")]
    a: i64,
    #[serde(rename = "B")]
    b: i64,
    #[serde(rename = "C")]
    c: i64,
    leader_per_command: i64,
}

#[derive(Deserialize)]
struct ChitData {
    chits: Vec<PerGrade>,
}

#[derive(Clone, Copy, Debug, Deserialize)]
struct Terrain {
    inf_mp: i32,
    cav_mp: i32,
    inf_attack_divisor: i64,
    cav_attack_divisor: i64,
    cav_disordered_on_entry: bool,
    cav_may_charge: bool,
    cav_attack_needs_morale: bool,
}

#[derive(Deserialize)]
struct Tec {
    clear: Terrain,
    forest: Terrain,
}

#[derive(Deserialize)]
struct Length {
    turns: u32,
}

#[derive(Deserialize)]
struct RoutLevel {
    percent: i64,
}

#[derive(Deserialize)]
struct LeaderCommand {
    value: i64,
}

#[derive(Clone, Debug, Deserialize)]
struct MapFree {
    depth: i32,
    deploy: i32,
    hold_line: i32,
    rearguard_depth: i32,
    rearguard_attacker: i32,
    rearguard_from_attacker_edge: i32,
    #[serde(default)]
    terrain: BTreeMap<String, String>,
}

#[derive(Deserialize)]
struct PolicyData {
    attacker: String,
    defender: String,
    rearguard: String,
    attack_min_column: String,
    attack_min_column_rearguard: String,
}

/// One CRT result (§5.3): the side it hits and what it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Code {
    hits_attacker: bool,
    effect: Effect,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Effect {
    None,
    Disorder,
    Rout,
    Eliminate,
}

impl Code {
    fn parse(s: &str) -> Option<Code> {
        let (hits_attacker, effect) = match s {
            "NE" => (false, Effect::None),
            "AD" => (true, Effect::Disorder),
            "AR" => (true, Effect::Rout),
            "AE" => (true, Effect::Eliminate),
            "DD" => (false, Effect::Disorder),
            "DR" => (false, Effect::Rout),
            "DE" => (false, Effect::Eliminate),
            _ => return None,
        };
        Some(Code {
            hits_attacker,
            effect,
        })
    }
}

impl std::fmt::Display for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let side = if self.hits_attacker { 'A' } else { 'D' };
        match self.effect {
            Effect::None => f.write_str("NE"),
            Effect::Disorder => write!(f, "{side}D"),
            Effect::Rout => write!(f, "{side}R"),
            Effect::Eliminate => write!(f, "{side}E"),
        }
    }
}

/// The CRT (§5.2): `cells[row - first_row][column]`.
#[derive(Clone, Debug)]
struct Crt {
    columns: Vec<String>,
    ratios: Vec<(i64, i64)>,
    first_row: i32,
    cells: Vec<Vec<Code>>,
}

impl Crt {
    fn from_data(d: CrtData) -> Result<Crt, String> {
        let err = |m: String| m;
        let n = d.ratios.len();
        if n == 0 || d.columns.len() != n || d.rows.is_empty() || d.results.len() != d.rows.len() {
            return Err(err(
                "table `crt`: columns, ratios, rows and results do not match".into(),
            ));
        }
        if d.ratios.iter().any(|r| r[0] <= 0 || r[1] <= 0)
            || d.ratios
                .windows(2)
                .any(|w| w[0][0] * w[1][1] >= w[1][0] * w[0][1])
        {
            return Err(err(
                "table `crt`: ratios must be positive and increasing".into()
            ));
        }
        if d.rows.windows(2).any(|w| w[1] != w[0] + 1) {
            return Err(err("table `crt`: rows must be consecutive".into()));
        }
        let mut cells = Vec::new();
        for (row, line) in d.rows.iter().zip(&d.results) {
            if line.len() != n {
                return Err(err(format!(
                    "table `crt`: row {row} has {} cells, not {n}",
                    line.len()
                )));
            }
            let codes: Option<Vec<Code>> = line.iter().map(|s| Code::parse(s)).collect();
            cells.push(
                codes.ok_or_else(|| err(format!("table `crt`: row {row} has an unknown code")))?,
            );
        }
        Ok(Crt {
            columns: d.columns,
            ratios: d.ratios.iter().map(|r| (r[0], r[1])).collect(),
            first_row: d.rows[0],
            cells,
        })
    }

    fn last_row(&self) -> i32 {
        self.first_row + self.cells.len() as i32 - 1
    }

    /// The column of an attacker:defender strength ratio (§5.1.4); beyond the printed
    /// columns it clamps to the first or last (digest §2.f.10). `round_up` is the
    /// alternative of READING `LEG_odds_rounding`.
    fn column(&self, att: i64, def: i64, round_up: bool) -> usize {
        let at_least = |&(n, d): &(i64, i64)| att * d >= n * def;
        let at_most = |&(n, d): &(i64, i64)| att * d <= n * def;
        if round_up {
            self.ratios
                .iter()
                .position(at_most)
                .unwrap_or(self.ratios.len() - 1)
        } else {
            self.ratios.iter().rposition(at_least).unwrap_or(0)
        }
    }

    /// The printed cell for a modified roll and a shifted column (digest §2.c). `index`
    /// (READING `LEG_crt_clamp = "index"`): the table is one ladder, a column shift is a
    /// row, so an off-table cell slides along its diagonal onto the table and the combined
    /// index is clamped; `row`: row and column are clamped separately.
    fn cell(&self, row: i32, col: i32, by_index: bool) -> (i32, usize) {
        let (lo, hi, last) = (
            self.first_row,
            self.last_row(),
            self.ratios.len() as i32 - 1,
        );
        if !by_index {
            return (row.clamp(lo, hi), col.clamp(0, last) as usize);
        }
        let idx = (row - lo + col).clamp(0, hi - lo + last);
        let c = col.clamp((idx - (hi - lo)).max(0), idx.min(last));
        (idx - c + lo, c as usize)
    }

    fn result(&self, row: i32, col: usize) -> Code {
        self.cells[(row - self.first_row) as usize][col]
    }

    /// The index of a column name (`"1.5/1"`).
    fn column_named(&self, name: &str) -> Option<usize> {
        self.columns.iter().position(|c| c == name)
    }
}

/// How a side behaves (§0.4 "Policies").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Doctrine {
    Attack,
    Hold,
    Delay,
}

/// The READING switches (names as in the ruleset), `true` where the alternative to the
/// recommended value is chosen.
#[derive(Clone, Copy, Debug, Default)]
struct Switches {
    odds_up: bool,
    clamp_row: bool,
    hit_one: bool,
    compare_worst: bool,
    rally_near_retreats: bool,
    forest_into_only: bool,
    vp_by_value: bool,
    vp_no_leaders: bool,
    rout_reaches: bool,
    facing_cumulative: bool,
    leader_sum: bool,
    friend_grade_a: bool,
    carroccio_defence: bool,
    carroccio_cavalry_destroyed: bool,
    redraw_each_combat: bool,
}

/// The optional rules switched on.
#[derive(Clone, Copy, Debug, Default)]
struct Options {
    /// §7.1 command radius.
    radius: bool,
    /// §7.2 facing.
    facing: bool,
    /// §7.3 charge.
    charge: bool,
    /// §7.4 variable combat factors.
    variable: bool,
    /// §9.4 (Legnano): a side routs when its supreme commander dies.
    supreme_routs: bool,
}

/// The tables as the ruleset file writes them.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Raw {
    crt: Option<CrtData>,
    tec: Option<Tec>,
    morale: Option<PerGrade>,
    victory_points: Option<VpData>,
    length: Option<Length>,
    combat_chits: Option<ChitData>,
    leader_command: Option<LeaderCommand>,
    rout_level: Option<RoutLevel>,
    map_free: Option<MapFree>,
    policy: Option<PolicyData>,
}

/// Every table the resolver reads, typed and checked once for every battle.
#[derive(Debug)]
pub struct Tables {
    crt: Crt,
    morale: PerGrade,
    vp: PerGrade,
    vp_leader: i64,
    chits: Vec<PerGrade>,
    chits_provisional: bool,
    /// The stand-in command of leaders without one, and whether it is provisional.
    leader_command: Option<(i64, bool)>,
    clear: Terrain,
    forest: Terrain,
    turns: u32,
    rout_percent: i64,
    map: MapFree,
    doctrine: [Doctrine; 3],
    /// The policy's least column to attack from, and at even odds (POLICY
    /// `LEG_attacker_policy`): an error only when the battle's switch picks it.
    policy_column: Result<usize, String>,
    even_column: Result<usize, String>,
    rearguard_column: usize,
}

/// Types and checks the tables once (the checks a battle made before reading them).
pub(crate) fn compile(raw: Raw, provisional: &BTreeSet<String>) -> Result<Tables, String> {
    let crt = Crt::from_data(need(raw.crt, "crt")?)?;
    let vp = need(raw.victory_points, "victory_points")?;
    let chits = need(raw.combat_chits, "combat_chits")?;
    if chits.chits.is_empty()
        || chits.chits.len() > MAX_DIE
        || chits.chits.iter().any(|c| c.a < 1 || c.b < 1 || c.c < 1)
    {
        return Err("table `combat_chits`: 1–255 chits with positive values".into());
    }
    let tec = need(raw.tec, "tec")?;
    let map = need(raw.map_free, "map_free")?;
    if map.deploy < 1
        || map.depth < 2 * map.deploy + 2
        || map.rearguard_attacker < 1
        || map.rearguard_depth < map.rearguard_from_attacker_edge + 1
        || map.rearguard_from_attacker_edge < map.rearguard_attacker + 2
    {
        return Err("table `map_free`: the lines do not fit the table".into());
    }
    let policy = need(raw.policy, "policy")?;
    let column = |name: &str| {
        crt.column_named(name)
            .ok_or_else(|| format!("table `policy`: no CRT column `{name}`"))
    };
    let doctrine = |name: &str| match name {
        "attack" => Ok(Doctrine::Attack),
        "hold" => Ok(Doctrine::Hold),
        "delay" => Ok(Doctrine::Delay),
        other => Err(format!("table `policy`: unknown doctrine `{other}`")),
    };
    Ok(Tables {
        policy_column: column(&policy.attack_min_column),
        even_column: column(EVEN_ODDS),
        rearguard_column: column(&policy.attack_min_column_rearguard)?,
        doctrine: [
            doctrine(&policy.attacker)?,
            doctrine(&policy.defender)?,
            doctrine(&policy.rearguard)?,
        ],
        leader_command: raw
            .leader_command
            .map(|l| (l.value, provisional.contains("leader_command"))),
        morale: need(raw.morale, "morale")?,
        vp: PerGrade {
            a: vp.a,
            b: vp.b,
            c: vp.c,
        },
        vp_leader: vp.leader_per_command,
        chits_provisional: provisional.contains("combat_chits"),
        chits: chits.chits,
        clear: tec.clear,
        forest: tec.forest,
        turns: frame::turn_cap(need(raw.length, "length")?.turns, TURN_CAP),
        rout_percent: need(raw.rout_level, "rout_level")?.percent,
        map,
        crt,
    })
}

/// Everything the resolver reads: the ruleset's tables and the card's switches.
#[derive(Clone, Debug)]
struct Rules {
    tables: std::sync::Arc<Tables>,
    min_column: [usize; 2],
    sw: Switches,
    opt: Options,
}

impl std::ops::Deref for Rules {
    type Target = Tables;
    fn deref(&self) -> &Tables {
        &self.tables
    }
}

impl Rules {
    fn load(card: &Card, rs: &Ruleset) -> Result<Rules, BattleError> {
        let err = |message: String| BattleError::Data {
            ruleset: rs.id.clone(),
            message,
        };
        let GameTables::Leg(tables) = rs.tables_for_battle()? else {
            return Err(err("not a Legnano 1176 ruleset".into()));
        };
        // POLICY `LEG_attacker_policy`: "column" (campaigns written before it) attacks
        // from `attack_min_column`; "even_odds" attacks at 1/1 and better, as a player
        // who came to take the node would (never from a club's secret objective).
        let even = switches_pick(card, rs, "LEG_attacker_policy", "column", "even_odds")?;
        let battle_min = if even {
            tables.even_column.clone()
        } else {
            tables.policy_column.clone()
        };
        Ok(Rules {
            min_column: [battle_min.map_err(err)?, tables.rearguard_column],
            sw: switches(card, rs)?,
            opt: options(card),
            tables: tables.clone(),
        })
    }

    fn terrain(&self, ground: Ground) -> &Terrain {
        match ground {
            Ground::Clear => &self.clear,
            Ground::Forest => &self.forest,
        }
    }

    /// The mean chit value of a grade: the policy's estimate of an undrawn chit.
    fn mean_chit(&self, g: Grade) -> i64 {
        self.chits.iter().map(|c| c.get(g)).sum::<i64>() / self.chits.len() as i64
    }
}

/// The CRT column of even odds, from which an `even_odds` attacker attacks.
const EVEN_ODDS: &str = "1/1";

/// Reads one two-valued switch: the card's choice, else the ruleset's, else the first
/// value (`false`); the second gives `true`; any other value is an error.
fn switches_pick(
    card: &Card,
    rs: &Ruleset,
    name: &str,
    first: &str,
    second: &str,
) -> Result<bool, BattleError> {
    let v = card
        .battle
        .readings
        .get(name)
        .map(String::as_str)
        .unwrap_or_else(|| rs.reading(name, first));
    if v == first {
        Ok(false)
    } else if v == second {
        Ok(true)
    } else {
        Err(BattleError::Data {
            ruleset: rs.id.clone(),
            message: format!("reading {name} = `{v}`: expected `{first}` or `{second}`"),
        })
    }
}

/// Reads the READING switches: the card's choice, else the ruleset's, else the
/// recommended value; any other value is an error.
fn switches(card: &Card, rs: &Ruleset) -> Result<Switches, BattleError> {
    let pick = |name: &str, recommended: &str, alternative: &str| {
        let v = card
            .battle
            .readings
            .get(name)
            .map(String::as_str)
            .unwrap_or_else(|| rs.reading(name, recommended));
        if v == recommended {
            Ok(false)
        } else if v == alternative {
            Ok(true)
        } else {
            Err(BattleError::Data {
                ruleset: rs.id.clone(),
                message: format!(
                    "reading {name} = `{v}`: expected `{recommended}` or `{alternative}`"
                ),
            })
        }
    };
    Ok(Switches {
        odds_up: pick("LEG_odds_rounding", "down", "up")?,
        clamp_row: pick("LEG_crt_clamp", "index", "row")?,
        hit_one: pick("LEG_result_hits", "all", "one")?,
        compare_worst: pick("LEG_morale_compare", "best", "worst")?,
        rally_near_retreats: pick("LEG_rout_rally_near_enemy", "stays", "retreats")?,
        forest_into_only: pick("LEG_forest_cavalry", "into_or_out", "into")?,
        vp_by_value: pick("LEG_vp_unit", "grade", "combat_value")?,
        vp_no_leaders: pick("LEG_vp_leader", "killed", "none")?,
        rout_reaches: pick("LEG_rout_level_compare", "exceeds", "reaches")?,
        facing_cumulative: pick("LEG_facing_mods", "no_double", "cumulative")?,
        leader_sum: pick("LEG_leader_drm", "best", "sum")?,
        friend_grade_a: pick("LEG_good_morale_friend", "ordered", "grade_a")?,
        carroccio_defence: pick("LEG_carroccio_level", "attack", "attack_and_defence")?,
        carroccio_cavalry_destroyed: pick(
            "LEG_carroccio_cavalry_neighbour",
            "defends",
            "destroyed",
        )?,
        redraw_each_combat: pick("LEG_variable_combat", "adverse", "each_combat")?,
    })
}

/// The optional rules on the card (which copies the ruleset's `options`).
fn options(card: &Card) -> Options {
    let on = |name: &str| card.battle.options.iter().any(|o| o == name);
    Options {
        radius: on("LEG7.1"),
        facing: on("LEG7.2"),
        charge: on("LEG7.3"),
        variable: on("LEG7.4"),
        supreme_routs: on("LEG9.4"),
    }
}

// ------------------------------------------------------------------------------------
// State.

/// Morale and combat class (§2.1), ordered C < B < A.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Grade {
    C,
    B,
    A,
}

impl Grade {
    fn from_rating(v: i64) -> Option<Grade> {
        match v {
            3 => Some(Grade::A),
            2 => Some(Grade::B),
            1 => Some(Grade::C),
            _ => None,
        }
    }

    /// One level higher (§7.3.1, §9.3.1): A stays A.
    fn up(self) -> Grade {
        match self {
            Grade::C => Grade::B,
            _ => Grade::A,
        }
    }

    fn letter(self) -> char {
        match self {
            Grade::A => 'A',
            Grade::B => 'B',
            Grade::C => 'C',
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Inf,
    Cav,
    /// The Lombard wagon (§9.3): infantry for combat purposes when it defends.
    Carroccio,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Order {
    Ok,
    Disordered,
    Routed,
    Eliminated,
    /// Left the table by its own edge in good order (a rearguard, G3c.9).
    Escaped,
}

/// A unit's combat chit (§5.1.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Chit {
    Undrawn,
    /// An index into `tables.combat_chits`.
    Drawn(usize),
    /// A value the card gives (`combat_value`), for every grade.
    Fixed(i64),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ground {
    Clear,
    Forest,
}

/// How a unit attacks an adjacent enemy (§5.1.4, §7.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Approach {
    /// The enemy is an overlap on this unit's flank: with facing it cannot attack it.
    Exposed,
    Front,
    Flank,
    Rear,
}

#[derive(Clone, Debug)]
struct Piece {
    id: String,
    side: usize,
    kind: Kind,
    grade: Grade,
    mp: i32,
    /// Index into `Battle::leaders`: the command it is in.
    leader: usize,
    sector: usize,
    slot: i32,
    pos: i32,
    chit: Chit,
    order: Order,
}

impl Piece {
    fn on_table(&self) -> bool {
        !matches!(self.order, Order::Eliminated | Order::Escaped)
    }

    fn standing(&self) -> bool {
        matches!(self.order, Order::Ok | Order::Disordered)
    }

    /// Infantry for the cavalry-on-infantry rule: the Carroccio defends as infantry.
    fn foot(&self) -> bool {
        self.kind != Kind::Cav
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Status {
    Active,
    /// Killed; his one chit will activate one unit and place a replacement (§5.4.3).
    KilledPending,
    /// A blank replacement leader, command 0, one chit (§5.4.4, §5.4.5).
    Replacement,
}

#[derive(Clone, Debug)]
struct Chief {
    id: String,
    side: usize,
    command: i64,
    supreme: bool,
    status: Status,
    /// The card's leader died (a replacement may have taken over).
    killed: bool,
    /// The unit he is stacked with.
    with: Option<usize>,
}

/// How a battle ended.
#[derive(Clone, Debug, PartialEq, Eq)]
struct End {
    winner: Winner,
    reason: String,
}

/// One adjacency (§0.4): `unit[s]` attacks `unit[1 - s]` by `approach[s]`.
#[derive(Clone, Copy, Debug)]
struct Edge {
    unit: [usize; 2],
    approach: [Approach; 2],
}

/// One combat being resolved.
struct Fight {
    ev: String,
    attackers: Vec<usize>,
    defenders: Vec<usize>,
    approach: Vec<Approach>,
    charging: Vec<bool>,
}

struct Battle<'a> {
    id: String,
    rules: &'a Rules,
    dice: &'a mut dyn Dice,
    units: Vec<Piece>,
    leaders: Vec<Chief>,
    sectors: usize,
    depth: i32,
    ground: [Ground; 2],
    doctrine: [Doctrine; 2],
    no_attack: [bool; 2],
    rearguard: bool,
    turn: u32,
    combat: u32,
    provisional: Provisional,
    leader_vp_lost: [i64; 2],
    carroccio_lost: [bool; 2],
    supreme_killed: [bool; 2],
    /// The side whose Carroccio was attacked alone (§9.3.2).
    carroccio_alone: Option<usize>,
}

// ------------------------------------------------------------------------------------
// Entry point.

/// Resolves a LEG battle map-free: side A attacks, side B defends (or is the rearguard).
pub fn resolve(
    card: &Card,
    rs: &Ruleset,
    dice: &mut dyn Dice,
) -> Result<TacticalResult, BattleError> {
    let rules = Rules::load(card, rs)?;
    let mut b = Battle::new(card, &rules, dice)?;
    let end = b.run();
    Ok(b.result(card, end))
}

impl<'a> Battle<'a> {
    fn new(
        card: &Card,
        rules: &'a Rules,
        dice: &'a mut dyn Dice,
    ) -> Result<Battle<'a>, BattleError> {
        let rearguard = card.battle.kind == "rearguard";
        let (leaders, provisional) = read_leaders(card, rules)?;
        let sectors = card
            .sides
            .iter()
            .map(|s| s.leaders.len())
            .max()
            .unwrap_or(1);
        let mut units = Vec::new();
        for (side, cs) in card.sides.iter().enumerate() {
            let first = leaders.iter().position(|l| l.side == side).unwrap_or(0);
            for (i, u) in cs.units.iter().enumerate() {
                units.push(piece(u, side, i, first, cs.leaders.len(), sectors)?);
            }
        }
        let no_attack = frame::may_attack(card).map(|may| !may);
        let defender_ground = match rules
            .map
            .terrain
            .get(&card.battle.terrain)
            .map(String::as_str)
        {
            Some("forest") => Ground::Forest,
            _ => Ground::Clear,
        };
        let mut b = Battle {
            id: card.battle.id.clone(),
            rules,
            dice,
            units,
            leaders,
            sectors,
            depth: if rearguard {
                rules.map.rearguard_depth
            } else {
                rules.map.depth
            },
            ground: [Ground::Clear, defender_ground],
            doctrine: doctrines(rules, rearguard, no_attack),
            no_attack,
            rearguard,
            turn: 0,
            combat: 0,
            provisional: {
                let mut p = Provisional::default();
                p.read("leader_command", provisional);
                p
            },
            leader_vp_lost: [0; 2],
            carroccio_lost: [false; 2],
            supreme_killed: [false; 2],
            carroccio_alone: None,
        };
        b.deploy();
        Ok(b)
    }

    /// Places every unit (ASSUMPTION, `tables.map_free`): slots in card order per sector,
    /// the Carroccio behind the middle of its line, each leader on his first unit.
    fn deploy(&mut self) {
        let m = &self.rules.map;
        let start = if self.rearguard {
            [
                m.rearguard_attacker,
                m.rearguard_depth - m.rearguard_from_attacker_edge,
            ]
        } else {
            [m.deploy, m.deploy]
        };
        let mut count: BTreeMap<(usize, usize), i32> = BTreeMap::new();
        for u in self.units.iter_mut().filter(|u| u.kind != Kind::Carroccio) {
            let n = count.entry((u.side, u.sector)).or_insert(0);
            u.slot = *n;
            u.pos = start[u.side];
            *n += 1;
        }
        for u in self.units.iter_mut().filter(|u| u.kind == Kind::Carroccio) {
            let n = count.get(&(u.side, u.sector)).copied().unwrap_or(1);
            u.slot = (n - 1).max(0) / 2;
            u.pos = (start[u.side] - 1).max(1);
        }
        for l in 0..self.leaders.len() {
            self.leaders[l].with = self.units.iter().position(|u| u.leader == l);
        }
    }

    /// The turn loop (§3; §0.4 `auto_resolve`).
    fn run(&mut self) -> End {
        for turn in 1..=self.rules.turns {
            self.turn = turn;
            if let Some(end) = self.activation_phase() {
                return end;
            }
            self.rally_phase();
            if let Some(end) = self.victory_check() {
                return end;
            }
            if self.rearguard && !self.units.iter().any(|u| u.side == 1 && u.standing()) {
                return End {
                    winner: Winner::Draw,
                    reason: "no rearguard unit left standing on the table".into(),
                };
            }
        }
        End {
            winner: Winner::Draw,
            reason: format!(
                "LEG8.3 no army routed by the end of turn {}: draw",
                self.turn
            ),
        }
    }

    fn ev(&self, what: &str) -> String {
        format!("leg/{}/t{}/{what}", self.id, self.turn)
    }

    // --------------------------------------------------------------------------------
    // Geometry.

    fn max_pos(&self, side: usize, sector: usize, pred: impl Fn(&Piece) -> bool) -> Option<i32> {
        self.units
            .iter()
            .filter(|u| u.side == side && u.sector == sector && u.on_table() && pred(u))
            .map(|u| u.pos)
            .max()
    }

    /// Hexes from a unit to the nearest enemy unit of its sector (`None`: no enemy there).
    fn gap(&self, u: usize) -> Option<i32> {
        let p = &self.units[u];
        self.max_pos(1 - p.side, p.sector, |_| true)
            .map(|e| self.depth - p.pos - e)
    }

    /// Within `r` slots and `r` hexes of each other, same side and sector.
    fn within(&self, u: usize, w: usize, r: i32) -> bool {
        let (a, b) = (&self.units[u], &self.units[w]);
        a.side == b.side
            && a.sector == b.sector
            && b.on_table()
            && (a.slot - b.slot).abs() <= r
            && (a.pos - b.pos).abs() <= r
    }

    /// The adjacencies of a sector (§0.4): front units pair in slot order, the longer
    /// line's surplus are overlaps on the ends of the shorter one (first flank, then rear).
    fn contacts(&self, sector: usize) -> Vec<Edge> {
        let (Some(ma), Some(mb)) = (
            self.max_pos(0, sector, |_| true),
            self.max_pos(1, sector, |_| true),
        ) else {
            return Vec::new();
        };
        if ma + mb != self.depth - 1 {
            return Vec::new();
        }
        let front = |side: usize, m: i32| {
            let mut f: Vec<usize> = (0..self.units.len())
                .filter(|&i| {
                    let u = &self.units[i];
                    u.side == side && u.sector == sector && u.on_table() && u.pos == m
                })
                .collect();
            f.sort_by_key(|&i| (self.units[i].slot, i));
            f
        };
        let lines = [front(0, ma), front(1, mb)];
        let k = lines[0].len().min(lines[1].len());
        let mut edges: Vec<Edge> = (0..k)
            .map(|i| Edge {
                unit: [lines[0][i], lines[1][i]],
                approach: [Approach::Front; 2],
            })
            .collect();
        let long = usize::from(lines[1].len() > k);
        let mut hits: BTreeMap<usize, u32> = BTreeMap::new();
        for (j, &o) in lines[long][k..].iter().enumerate() {
            let Some((place, _)) = frame::facing(k + j, k) else {
                continue;
            };
            let t = lines[1 - long][place];
            let n = hits.entry(t).or_insert(0);
            *n += 1;
            let mut unit = [0; 2];
            let mut approach = [Approach::Exposed; 2];
            unit[long] = o;
            unit[1 - long] = t;
            approach[long] = if *n == 1 {
                Approach::Flank
            } else {
                Approach::Rear
            };
            edges.push(Edge { unit, approach });
        }
        edges
    }

    /// The enemies adjacent to a unit, with how it would attack each.
    fn adjacent(&self, u: usize) -> Vec<(usize, Approach)> {
        let s = self.units[u].side;
        self.contacts(self.units[u].sector)
            .into_iter()
            .filter(|e| e.unit[s] == u)
            .map(|e| (e.unit[1 - s], e.approach[s]))
            .collect()
    }

    /// The ordered enemies whose ZOC holds a unit (§4.1; with facing only their front, §7.2).
    fn zoc(&self, u: usize) -> Vec<usize> {
        let s = self.units[u].side;
        self.contacts(self.units[u].sector)
            .into_iter()
            .filter(|e| e.unit[s] == u && self.units[e.unit[1 - s]].order == Order::Ok)
            .filter(|e| !self.rules.opt.facing || e.approach[1 - s] != Approach::Exposed)
            .map(|e| e.unit[1 - s])
            .collect()
    }

    // --------------------------------------------------------------------------------
    // Morale (§6).

    /// The leader stacked with (`2`) or adjacent to (`1`) a unit, else `0`.
    fn leader_near(&self, u: usize) -> i32 {
        let side = self.units[u].side;
        let mut best = 0;
        for l in self
            .leaders
            .iter()
            .filter(|l| l.side == side && l.status != Status::KilledPending)
        {
            match l.with {
                Some(w) if w == u => return 2,
                Some(w) if self.within(u, w, 1) => best = 1,
                _ => {}
            }
        }
        best
    }

    /// §9.3.1: the best Carroccio modifier of a unit's morale checks.
    fn carroccio_mod(&self, u: usize) -> i32 {
        let p = &self.units[u];
        let mut best = 0;
        for c in (0..self.units.len()).filter(|&c| c != u && self.units[c].kind == Kind::Carroccio)
        {
            if self.units[c].side != p.side || !self.units[c].on_table() {
                continue;
            }
            if p.kind == Kind::Inf && self.within(u, c, 1) {
                return -3;
            }
            if (p.kind == Kind::Cav && self.within(u, c, 1))
                || (p.kind == Kind::Inf && self.within(u, c, 2))
            {
                best = -1;
            }
        }
        best
    }

    /// §9.3.1: Lombard infantry within 1 hex of its Carroccio fights one level higher.
    fn combat_grade(&self, u: usize) -> Grade {
        let p = &self.units[u];
        if p.kind == Kind::Inf && self.carroccio_mod(u) == -3 {
            p.grade.up()
        } else {
            p.grade
        }
    }

    /// A morale check (§6.1): d10 (0 = 10) + modifiers ≤ the grade's morale value.
    fn morale_check(&mut self, u: usize, mods: i32, what: &str) -> bool {
        let p = &self.units[u];
        let value = self.rules.morale.get(p.grade) as i32;
        let total = mods + self.carroccio_mod(u);
        let purpose = format!(
            "LEG6.1 morale {} ({}, {value}) {what}: d10{total:+} <= {value} passes",
            p.id,
            p.grade.letter()
        );
        let ev = self.ev(&format!("morale/{}/{what}", p.id));
        let roll = i32::from(self.dice.d10(&ev, &purpose));
        roll + total <= value
    }

    /// §6.4 (and §4.1): the morale check to leave an enemy ZOC.
    fn leave_zoc(&mut self, u: usize) -> bool {
        let enemies = self.zoc(u);
        if enemies.is_empty() {
            return true;
        }
        let p = &self.units[u];
        let mut mods = 0;
        if self.leader_near(u) > 0 {
            mods -= 1;
        }
        if enemies.iter().any(|&e| self.units[e].grade > p.grade) {
            mods += 1;
        }
        if p.kind == Kind::Cav && enemies.iter().all(|&e| self.units[e].foot()) {
            mods -= 1;
        }
        if p.foot() && enemies.iter().any(|&e| self.units[e].kind == Kind::Cav) {
            mods += 1;
        }
        if p.order == Order::Disordered {
            mods += 1;
        }
        self.morale_check(u, mods, "leave-zoc")
    }

    // --------------------------------------------------------------------------------
    // Activation (§3.1, §5.4).

    fn activation_phase(&mut self) -> Option<End> {
        let mut cup = self.fill_cup();
        let mut done = vec![false; self.leaders.len()];
        let mut draw = 0;
        // §3.1.2: the phase ends with one chit left in the cup.
        while cup.len() > 1 {
            draw += 1;
            let purpose = format!("LEG3.1 activation draw {draw}: one of {} chits", cup.len());
            let ev = self.ev(&format!("draw{draw}"));
            let i =
                usize::from(self.dice.roll(&ev, cup.len() as u8, &purpose)).clamp(1, cup.len()) - 1;
            let l = cup.remove(i);
            if done[l] {
                continue; // §3.1.1: already activated, set aside and draw again
            }
            done[l] = true;
            self.activate(l);
            self.trim_cup(&mut cup);
            if let Some(end) = self.sudden_death() {
                return Some(end);
            }
        }
        None
    }

    /// §3.1.1: each leader's chits, `command` of them; a killed leader and a replacement
    /// put one (§5.4.2, §5.4.4).
    fn fill_cup(&self) -> Vec<usize> {
        let mut cup = Vec::new();
        for (l, c) in self.leaders.iter().enumerate() {
            let n = if c.status == Status::Active {
                c.command.max(1)
            } else {
                1
            };
            cup.extend(std::iter::repeat_n(l, n as usize));
        }
        cup
    }

    /// §5.4.2: a leader killed this turn keeps a single chit in the cup.
    fn trim_cup(&self, cup: &mut Vec<usize>) {
        for (l, c) in self.leaders.iter().enumerate() {
            if c.status == Status::KilledPending {
                let mut seen = false;
                cup.retain(|&x| {
                    let keep = x != l || !seen;
                    seen |= x == l;
                    keep
                });
            }
        }
    }

    /// One leader's activation: all moves, then all combats (§3.1.3, §5.1.1).
    fn activate(&mut self, l: usize) {
        let mut members: Vec<usize> = (0..self.units.len())
            .filter(|&u| self.units[u].leader == l && self.units[u].standing())
            .collect();
        if self.leaders[l].status == Status::KilledPending {
            // §5.4.3: one unit only, which receives the replacement leader.
            members.sort_by_key(|&u| (self.gap(u) != Some(1), self.units[u].order != Order::Ok, u));
            members.truncate(1);
            let c = &mut self.leaders[l];
            c.status = Status::Replacement;
            c.command = 0;
            c.supreme = false;
            c.with = members.first().copied();
        }
        let in_command: Vec<bool> = members.iter().map(|&u| self.in_command(u)).collect();
        let start_gap: Vec<Option<i32>> = members.iter().map(|&u| self.gap(u)).collect();
        for (k, &u) in members.iter().enumerate() {
            self.move_unit(u, in_command[k]);
        }
        self.place_leader(l);
        self.combat_phase(&members, &in_command, &start_gap);
    }

    /// §7.1: within 4 hexes of its leader at the start of the activation (map-free: same
    /// sector, within 4 slots and 4 hexes). Without the option every unit is in command.
    fn in_command(&self, u: usize) -> bool {
        if !self.rules.opt.radius {
            return true;
        }
        let c = &self.leaders[self.units[u].leader];
        match c.with {
            Some(w) => w == u || self.within(u, w, 4),
            None => false,
        }
    }

    /// The leader joins the first front unit in good order of his command.
    fn place_leader(&mut self, l: usize) {
        let mut best: Option<(bool, i32, usize)> = None;
        for u in (0..self.units.len())
            .filter(|&u| self.units[u].leader == l && self.units[u].order == Order::Ok)
        {
            let key = (self.gap(u) != Some(1), self.units[u].slot, u);
            if best.is_none_or(|b| key < b) {
                best = Some(key);
            }
        }
        if let Some((_, _, u)) = best {
            self.leaders[l].with = Some(u);
        }
    }

    /// A lost unit's leaders join another unit of their command (§5.4.6), or leave.
    fn relocate_leaders(&mut self, u: usize) {
        for l in 0..self.leaders.len() {
            if self.leaders[l].with == Some(u) {
                let next = (0..self.units.len())
                    .filter(|&w| self.units[w].leader == l && self.units[w].on_table())
                    .min_by_key(|&w| (!self.units[w].standing(), w));
                self.leaders[l].with = next;
            }
        }
    }

    // --------------------------------------------------------------------------------
    // Movement (§4).

    /// Hexes a unit may move this activation: its MP, halved out of command (§7.1.2),
    /// over its own side's ground (TEC §9.6); the Carroccio moves on clear only (§9.3.2).
    fn hexes(&self, u: usize, in_command: bool) -> i32 {
        let p = &self.units[u];
        let mp = if in_command { p.mp } else { p.mp / 2 };
        let ground = self.ground[p.side];
        let t = self.rules.terrain(ground);
        match p.kind {
            Kind::Carroccio if ground != Ground::Clear => 0,
            Kind::Cav => mp / t.cav_mp.max(1),
            _ => mp / t.inf_mp.max(1),
        }
    }

    fn move_unit(&mut self, u: usize, in_command: bool) {
        let hexes = self.hexes(u, in_command);
        let moved = match self.doctrine[self.units[u].side] {
            Doctrine::Delay => self.withdraw(u, hexes),
            _ if self.units[u].order != Order::Ok => false,
            d => self.advance(u, hexes, d),
        };
        // TEC §9.6: cavalry moving through forest is disordered at the end of its move.
        let p = &self.units[u];
        if moved
            && p.kind == Kind::Cav
            && p.order == Order::Ok
            && self
                .rules
                .terrain(self.ground[p.side])
                .cav_disordered_on_entry
        {
            self.units[u].order = Order::Disordered;
        }
    }

    /// Moves toward the enemy, stopping adjacent (§4.0); pursues, or shifts sector on a
    /// collapse (§0.4). Returns whether it moved.
    fn advance(&mut self, u: usize, hexes: i32, doctrine: Doctrine) -> bool {
        let (side, sector) = (self.units[u].side, self.units[u].sector);
        let standing = self.max_pos(1 - side, sector, Piece::standing);
        let any = self.max_pos(1 - side, sector, |_| true);
        let Some(enemy) = any else {
            return doctrine == Doctrine::Attack
                && self.units[u].kind != Kind::Carroccio
                && self.shift(u);
        };
        if standing.is_none() && doctrine != Doctrine::Attack {
            return false;
        }
        let mut goal = self.depth - 1 - enemy;
        if doctrine == Doctrine::Hold {
            goal = goal.min(self.rules.map.hold_line);
        }
        if self.units[u].kind == Kind::Carroccio {
            let line = self.max_pos(side, sector, |w| w.kind != Kind::Carroccio && w.standing());
            goal = goal.min(line.map_or(0, |l| l - 1));
        }
        if self.halts_to_charge(u) {
            goal = goal.min(self.depth - 3 - enemy);
        }
        let new = (self.units[u].pos + hexes).min(goal);
        if new > self.units[u].pos {
            self.units[u].pos = new;
            return true;
        }
        false
    }

    /// Cavalry 5+ hexes from a line with enemy cavalry stops 3 hexes short, so that it
    /// may charge from 2–4 hexes next time (§7.3.1).
    fn halts_to_charge(&self, u: usize) -> bool {
        let p = &self.units[u];
        if !self.rules.opt.charge || p.kind != Kind::Cav || !self.charge_ground(p.side) {
            return false;
        }
        let enemy_cav = self.units.iter().any(|e| {
            e.side != p.side && e.sector == p.sector && e.kind == Kind::Cav && e.order == Order::Ok
        });
        enemy_cav && self.gap(u).is_some_and(|g| g > 4)
    }

    /// §0.4 sector collapse: with no enemy left in its sector, a unit moves to a
    /// neighbouring sector that has standing enemies, adjacent to them, as an overlap.
    fn shift(&mut self, u: usize) -> bool {
        let (side, s) = (self.units[u].side, self.units[u].sector);
        let targets = [s.checked_sub(1), Some(s + 1)];
        for t in targets.into_iter().flatten().filter(|&t| t < self.sectors) {
            let Some(enemy) = self.max_pos(1 - side, t, Piece::standing) else {
                continue;
            };
            let all = self.max_pos(1 - side, t, |_| true).unwrap_or(enemy);
            let pos = self.depth - 1 - all;
            if pos < 1 {
                continue;
            }
            let slot = self.max_slot(side, t) + 1;
            let p = &mut self.units[u];
            p.sector = t;
            p.slot = slot;
            p.pos = pos;
            return true;
        }
        false
    }

    fn max_slot(&self, side: usize, sector: usize) -> i32 {
        self.units
            .iter()
            .filter(|w| w.side == side && w.sector == sector && w.on_table())
            .map(|w| w.slot)
            .max()
            .unwrap_or(-1)
    }

    /// A rearguard unit withdraws toward its edge (G3c.9), after leaving any enemy ZOC
    /// (§6.4); off its edge in good order it has escaped.
    fn withdraw(&mut self, u: usize, hexes: i32) -> bool {
        if hexes == 0 || !self.leave_zoc(u) {
            return false;
        }
        self.units[u].pos -= hexes;
        if self.units[u].pos <= 0 {
            self.units[u].order = Order::Escaped;
            self.relocate_leaders(u);
        }
        true
    }

    // --------------------------------------------------------------------------------
    // Combat (§5).

    /// Every combat of the active command, after all its moves (§5.1.1).
    fn combat_phase(&mut self, members: &[usize], in_command: &[bool], start_gap: &[Option<i32>]) {
        let mut used = vec![false; members.len()];
        loop {
            let able: Vec<usize> = (0..members.len())
                .filter(|&k| !used[k] && in_command[k] && self.can_attack(members[k]))
                .collect();
            let Some(&first) = able.first() else { break };
            let defenders = self.targets(members[first]);
            used[first] = true;
            if defenders.is_empty() {
                continue;
            }
            let mut group = Vec::new();
            for &k in &able {
                let t = self.targets(members[k]);
                if !t.is_empty() && t.iter().all(|d| defenders.contains(d)) {
                    used[k] = true;
                    group.push(k);
                }
            }
            let attackers: Vec<usize> = group.iter().map(|&k| members[k]).collect();
            let gaps: Vec<Option<i32>> = group.iter().map(|&k| start_gap[k]).collect();
            let may: Vec<bool> = (0..attackers.len())
                .map(|k| self.may_charge(attackers[k], &defenders, gaps[k]))
                .collect();
            if self.wants_attack(&attackers, &defenders, may) {
                self.fight(attackers, defenders, &gaps);
                if self.sudden_death().is_some() {
                    break;
                }
            }
        }
    }

    fn can_attack(&self, u: usize) -> bool {
        let p = &self.units[u];
        p.order == Order::Ok
            && p.kind != Kind::Carroccio
            && self.doctrine[p.side] != Doctrine::Delay
            && !self.no_attack[p.side]
    }

    /// §5.1.2 / §7.2.4: the enemies a unit must attack if it attacks: every adjacent one
    /// it faces (the policy also takes the disordered and routed ones it may skip).
    fn targets(&self, u: usize) -> Vec<usize> {
        self.adjacent(u)
            .into_iter()
            .filter(|&(_, a)| !self.rules.opt.facing || a != Approach::Exposed)
            .map(|(e, _)| e)
            .collect()
    }

    /// How a unit attacks the defenders: its best approach, Front without facing.
    fn approach(&self, u: usize, defenders: &[usize]) -> Approach {
        if !self.rules.opt.facing {
            return Approach::Front;
        }
        self.adjacent(u)
            .into_iter()
            .filter(|(e, _)| defenders.contains(e))
            .map(|(_, a)| a)
            .max()
            .unwrap_or(Approach::Front)
    }

    /// The policy (§2.e): attack at the minimum column, with an overlap, or a routed
    /// target; `charging` says which attackers (would) charge.
    fn wants_attack(
        &mut self,
        attackers: &[usize],
        defenders: &[usize],
        charging: Vec<bool>,
    ) -> bool {
        if attackers.is_empty() {
            return false;
        }
        if defenders
            .iter()
            .any(|&d| self.units[d].order == Order::Routed)
        {
            return true;
        }
        // An overlap, whether or not the facing rule gives it a flank bonus.
        let overlap = attackers.iter().any(|&a| {
            self.adjacent(a)
                .iter()
                .any(|&(e, ap)| defenders.contains(&e) && ap >= Approach::Flank)
        });
        if overlap {
            return true;
        }
        let approach = attackers
            .iter()
            .map(|&a| self.approach(a, defenders))
            .collect();
        let f = Fight {
            ev: String::new(),
            attackers: attackers.to_vec(),
            defenders: defenders.to_vec(),
            charging,
            approach,
        };
        let (_, _, col) = self.odds(&f);
        col >= self.rules.min_column[usize::from(self.rearguard)] as i32
    }

    /// A unit's combat value for a grade (§5.1.3); an undrawn chit is estimated by the mean.
    fn value(&mut self, u: usize, g: Grade) -> i64 {
        match self.units[u].chit {
            Chit::Drawn(k) => self.rules.chits[k].get(g),
            Chit::Fixed(v) => v,
            Chit::Undrawn => {
                self.provisional
                    .read("combat_chits", self.rules.chits_provisional);
                self.rules.mean_chit(g)
            }
        }
    }

    /// §5.1.3: the first time a unit is in combat it draws a combat chit (PROVISIONAL mix).
    fn ensure_chit(&mut self, u: usize) {
        if self.units[u].chit != Chit::Undrawn {
            return;
        }
        self.provisional
            .read("combat_chits", self.rules.chits_provisional);
        let n = self.rules.chits.len();
        let purpose = format!("LEG5.1.3 combat chit for {}: one of {n}", self.units[u].id);
        let ev = self.ev(&format!("chit/{}", self.units[u].id));
        let k = if n == 1 {
            1
        } else {
            usize::from(self.dice.roll(&ev, n as u8, &purpose))
        };
        self.units[u].chit = Chit::Drawn(k.clamp(1, n) - 1);
    }

    fn forest_attack(&self, a: usize, defenders: &[usize]) -> bool {
        let into = defenders
            .iter()
            .any(|&d| self.ground[self.units[d].side] == Ground::Forest);
        let out = self.ground[self.units[a].side] == Ground::Forest;
        into || (out && self.units[a].kind == Kind::Cav && !self.rules.sw.forest_into_only)
    }

    fn charge_ground(&self, side: usize) -> bool {
        self.rules.terrain(self.ground[side]).cav_may_charge
            && self.rules.terrain(self.ground[1 - side]).cav_may_charge
    }

    /// §5.1.4, §9.6, §7.3: one attacker's strength.
    fn att_strength(&mut self, f: &Fight, k: usize) -> i64 {
        let a = f.attackers[k];
        let grade = self.combat_grade(a);
        let mut v = self.value(a, grade);
        let p = self.units[a].clone();
        if p.kind == Kind::Cav && f.defenders.iter().any(|&d| self.units[d].foot()) {
            v = if f.approach[k] >= Approach::Flank {
                v * 2
            } else {
                v / 2
            };
        }
        if self.forest_attack(a, &f.defenders) {
            let t = &self.rules.forest;
            v /= if p.kind == Kind::Cav {
                t.cav_attack_divisor
            } else {
                t.inf_attack_divisor
            }
            .max(1);
        }
        if f.charging[k] {
            v *= 2;
        }
        v.max(1) // ASSUMPTION: never below 1
    }

    /// §5.1.4 disordered defenders are halved; §9.3.2 the Carroccio defends as A.
    fn def_strength(&mut self, d: usize) -> i64 {
        let p = self.units[d].clone();
        let grade = match p.kind {
            Kind::Carroccio => Grade::A,
            _ if self.rules.sw.carroccio_defence => self.combat_grade(d),
            _ => p.grade,
        };
        let v = self.value(d, grade);
        if p.order == Order::Disordered {
            (v / 2).max(1)
        } else {
            v.max(1)
        }
    }

    /// §5.1.4 / §7.2: the best flank or rear shift of the attackers, never added up.
    fn shift_for(&self, f: &Fight) -> i32 {
        let foot = f.defenders.iter().any(|&d| self.units[d].foot());
        (0..f.attackers.len())
            .map(|k| {
                let doubled = self.units[f.attackers[k]].kind == Kind::Cav && foot;
                match f.approach[k] {
                    _ if doubled && !self.rules.sw.facing_cumulative => 0,
                    Approach::Flank => 1,
                    Approach::Rear => 2,
                    _ => 0,
                }
            })
            .max()
            .unwrap_or(0)
    }

    /// Total strengths and the shifted column.
    /// Undrawn chits count at their mean (the policy's estimate).
    fn odds(&mut self, f: &Fight) -> (i64, i64, i32) {
        let att: i64 = (0..f.attackers.len())
            .map(|k| self.att_strength(f, k))
            .sum();
        let def: i64 = f.defenders.iter().map(|&d| self.def_strength(d)).sum();
        let col = self.rules.crt.column(att, def, self.rules.sw.odds_up) as i32 + self.shift_for(f);
        (att, def, col)
    }

    /// The die roll modifiers of §5.1.4 and §7.3.1, with their description.
    fn drm(&self, f: &Fight) -> (i32, String) {
        let mut drm = 0;
        let mut why = String::new();
        let best = |units: &[usize]| {
            let bonus: Vec<i32> = self
                .leaders_with(units)
                .iter()
                .map(|&l| if self.leaders[l].supreme { 2 } else { 1 })
                .collect();
            if self.rules.sw.leader_sum {
                bonus.iter().sum()
            } else {
                bonus.iter().copied().max().unwrap_or(0)
            }
        };
        let (att, def) = (best(&f.attackers), best(&f.defenders));
        if att > 0 {
            drm += att;
            why += &format!(" +{att} leader");
        }
        if def > 0 {
            drm -= def;
            why += &format!(" -{def} leader");
        }
        if f.defenders
            .iter()
            .any(|&d| self.units[d].order == Order::Disordered)
        {
            drm += 1;
            why += " +1 disordered";
        }
        let m = self.morale_compare(f);
        if m != 0 {
            drm += m;
            why += &format!(" {m:+} morale");
        }
        (drm, why)
    }

    /// §5.1.4 better morale, with §7.3.1: a charger is one level higher, and +1 when it
    /// started equal to the charged unit. READING: the best grade each side.
    fn morale_compare(&self, f: &Fight) -> i32 {
        let pick = |gs: Vec<Grade>| {
            if self.rules.sw.compare_worst {
                gs.into_iter().min()
            } else {
                gs.into_iter().max()
            }
        };
        let att = pick(
            (0..f.attackers.len())
                .map(|k| {
                    let g = self.units[f.attackers[k]].grade;
                    if f.charging[k] { g.up() } else { g }
                })
                .collect(),
        );
        let def = pick(
            f.defenders
                .iter()
                .map(|&d| match self.units[d].kind {
                    Kind::Carroccio => Grade::A,
                    _ => self.units[d].grade,
                })
                .collect(),
        );
        let (Some(att), Some(def)) = (att, def) else {
            return 0;
        };
        let equal_charge = (0..f.attackers.len())
            .any(|k| f.charging[k] && self.units[f.attackers[k]].grade == def);
        match att.cmp(&def) {
            std::cmp::Ordering::Greater => 1,
            std::cmp::Ordering::Less => -1,
            std::cmp::Ordering::Equal if equal_charge => 1,
            std::cmp::Ordering::Equal => 0,
        }
    }

    fn leaders_with(&self, units: &[usize]) -> Vec<usize> {
        (0..self.leaders.len())
            .filter(|&l| {
                self.leaders[l].status != Status::KilledPending
                    && self.leaders[l].with.is_some_and(|w| units.contains(&w))
            })
            .collect()
    }

    /// One combat (§5.1–§5.4; digest §2.b `combat`).
    fn fight(&mut self, attackers: Vec<usize>, defenders: Vec<usize>, start_gap: &[Option<i32>]) {
        self.combat += 1;
        let ev = self.ev(&format!("c{}", self.combat));
        // §5.3 R: a routed unit attacked again is eliminated.
        let mut defenders = defenders;
        for &d in &defenders {
            if self.units[d].order == Order::Routed {
                self.eliminate(d);
            }
        }
        defenders.retain(|&d| self.units[d].on_table());
        if defenders.is_empty() || self.carroccio_destroyed(&defenders) {
            return;
        }
        let planned = attackers.len();
        let (attackers, gaps) = self.nerve(attackers, &defenders, start_gap);
        let charging = self.charges(&attackers, &defenders, &gaps);
        // A unit that fails its forest or charge check "may attack normally" (§7.3.1,
        // §9.6): the policy is asked again with what is left.
        let failed = attackers.len() < planned
            || (0..attackers.len())
                .any(|k| !charging[k] && self.may_charge(attackers[k], &defenders, gaps[k]));
        if failed && !self.wants_attack(&attackers, &defenders, charging.clone()) {
            return;
        }
        let approach = attackers
            .iter()
            .map(|&a| self.approach(a, &defenders))
            .collect();
        let f = Fight {
            ev,
            attackers,
            defenders,
            approach,
            charging,
        };
        for u in f
            .attackers
            .iter()
            .chain(&f.defenders)
            .copied()
            .collect::<Vec<_>>()
        {
            self.ensure_chit(u);
        }
        let code = self.roll_crt(&f);
        let involved = self.leaders_with(&[f.attackers.clone(), f.defenders.clone()].concat());
        let hit = self.apply(code, &f);
        self.after_charge(&f);
        for l in involved {
            self.leader_check(l, &f.ev);
        }
        self.redraw(&f, &hit);
    }

    /// §9.3.2: a Carroccio attacked with no friendly unit adjacent is destroyed and the
    /// game ends (READING `LEG_carroccio_cavalry_neighbour` for cavalry-only neighbours).
    fn carroccio_destroyed(&mut self, defenders: &[usize]) -> bool {
        for &c in defenders
            .iter()
            .filter(|&&c| self.units[c].kind == Kind::Carroccio)
        {
            let friends: Vec<usize> = (0..self.units.len())
                .filter(|&w| w != c && self.units[w].on_table() && self.within(c, w, 1))
                .collect();
            let infantry = friends.iter().any(|&w| self.units[w].kind == Kind::Inf);
            let alone =
                friends.is_empty() || (!infantry && self.rules.sw.carroccio_cavalry_destroyed);
            if alone {
                self.units[c].order = Order::Eliminated;
                self.carroccio_lost[self.units[c].side] = true;
                self.carroccio_alone = Some(self.units[c].side);
                return true;
            }
        }
        false
    }

    /// §9.6: cavalry must pass a morale check to attack into (READING: or out of) forest.
    fn nerve(
        &mut self,
        attackers: Vec<usize>,
        defenders: &[usize],
        gaps: &[Option<i32>],
    ) -> (Vec<usize>, Vec<Option<i32>>) {
        let mut keep = (Vec::new(), Vec::new());
        for (k, a) in attackers.into_iter().enumerate() {
            let p_cav = self.units[a].kind == Kind::Cav;
            let needs = p_cav
                && self.forest_attack(a, defenders)
                && self.rules.forest.cav_attack_needs_morale;
            if !needs || self.morale_check(a, 0, "attack-forest") {
                keep.0.push(a);
                keep.1.push(gaps[k]);
            }
        }
        keep
    }

    /// §7.3: which attackers charge. Cavalry on cavalry only, from 2–4 hexes at the start
    /// of the activation, in command (checked by the caller), not in or into woods; B and C
    /// must pass morale first (failure: a normal attack).
    fn charges(
        &mut self,
        attackers: &[usize],
        defenders: &[usize],
        gaps: &[Option<i32>],
    ) -> Vec<bool> {
        let mut out = Vec::new();
        for (k, &a) in attackers.iter().enumerate() {
            let may = self.may_charge(a, defenders, gaps[k]);
            out.push(may && (self.units[a].grade == Grade::A || self.morale_check(a, 0, "charge")));
        }
        out
    }

    /// §7.3.1–7.3.2: whether a unit may charge, before any morale check.
    fn may_charge(&self, a: usize, defenders: &[usize], gap: Option<i32>) -> bool {
        let p = &self.units[a];
        self.rules.opt.charge
            && p.kind == Kind::Cav
            && defenders.iter().all(|&d| self.units[d].kind == Kind::Cav)
            && self.charge_ground(p.side)
            && gap.is_some_and(|g| (2..=4).contains(&g))
    }

    /// Rolls the CRT (§5.2) and returns the result.
    fn roll_crt(&mut self, f: &Fight) -> Code {
        let (att, def, col) = self.odds(f);
        let (drm, why) = self.drm(f);
        let crt = &self.rules.crt;
        let base = crt.column(att, def, self.rules.sw.odds_up);
        let names = |us: &[usize]| {
            us.iter()
                .map(|&u| self.units[u].id.as_str())
                .collect::<Vec<_>>()
                .join("+")
        };
        let purpose = format!(
            "LEG5.2 CRT {} ({att}) -> {} ({def}) {} shift {:+}, d6{drm:+}{why}",
            names(&f.attackers),
            names(&f.defenders),
            crt.columns[base],
            col - base as i32,
        );
        let d6 = i32::from(self.dice.d6(&format!("{}/crt", f.ev), &purpose));
        let (row, c) = crt.cell(d6 + drm, col, !self.rules.sw.clamp_row);
        crt.result(row, c)
    }

    /// §5.3: applies a result to the side it names (READING: every involved unit, or the
    /// owner's choice, the unit worth fewest VP). Returns the units hit adversely.
    fn apply(&mut self, code: Code, f: &Fight) -> Vec<usize> {
        if code.effect == Effect::None {
            return Vec::new();
        }
        let mut hit = if code.hits_attacker {
            f.attackers.clone()
        } else {
            f.defenders.clone()
        };
        if self.rules.sw.hit_one {
            hit.sort_by_key(|&u| (self.rules.vp.get(self.units[u].grade), u));
            hit.truncate(1);
        }
        for &u in &hit {
            match code.effect {
                Effect::Disorder => self.disorder(u),
                Effect::Rout => self.rout(u),
                Effect::Eliminate => self.eliminate(u),
                Effect::None => {}
            }
        }
        hit
    }

    /// §5.3 D: disordered; a second D routs. The Carroccio ignores it (§9.3.2).
    fn disorder(&mut self, u: usize) {
        match (self.units[u].kind, self.units[u].order) {
            (Kind::Carroccio, _) => {}
            (_, Order::Ok) => self.units[u].order = Order::Disordered,
            (_, Order::Disordered) => self.rout(u),
            _ => {}
        }
    }

    /// §5.3 R: routed, retreats 3 hexes toward its edge. The Carroccio is eliminated (§9.3.2).
    fn rout(&mut self, u: usize) {
        if self.units[u].kind == Kind::Carroccio {
            return self.eliminate(u);
        }
        self.units[u].order = Order::Routed;
        self.retreat(u, 3);
    }

    /// Moves a routed unit `n` hexes back: a friend it passes through is disordered, or
    /// routed if already disordered (§6.3.1); off the table it is eliminated (§6.3).
    fn retreat(&mut self, u: usize, n: i32) {
        let (old, new) = (self.units[u].pos, self.units[u].pos - n);
        self.units[u].pos = new;
        let p = self.units[u].clone();
        let passed: Vec<usize> = (0..self.units.len())
            .filter(|&w| {
                let q = &self.units[w];
                w != u
                    && q.side == p.side
                    && q.sector == p.sector
                    && q.slot == p.slot
                    && q.standing()
                    && q.pos >= new
                    && q.pos < old
            })
            .collect();
        for w in passed {
            self.disorder(w);
        }
        if new <= 0 {
            self.eliminate(u);
        }
    }

    fn eliminate(&mut self, u: usize) {
        self.units[u].order = Order::Eliminated;
        if self.units[u].kind == Kind::Carroccio {
            self.carroccio_lost[self.units[u].side] = true;
        }
        self.relocate_leaders(u);
    }

    /// §7.3.1 after a charge: C is disordered, A and B check morale at +1 or are; added
    /// to any adverse result.
    fn after_charge(&mut self, f: &Fight) {
        for (k, &a) in f.attackers.iter().enumerate() {
            if !f.charging[k] || !self.units[a].standing() {
                continue;
            }
            if self.units[a].grade == Grade::C || !self.morale_check(a, 1, "after-charge") {
                self.disorder(a);
            }
        }
    }

    /// §5.4.1: a leader in combat dies on 2 or 12 on 2d6.
    fn leader_check(&mut self, l: usize, ev: &str) {
        let id = self.leaders[l].id.clone();
        let purpose = format!("LEG5.4.1 leader loss {id}: 2d6, killed on 2 or 12");
        let a = self.dice.d6(&format!("{ev}/leader/{id}/1"), &purpose);
        let b = self.dice.d6(&format!("{ev}/leader/{id}/2"), &purpose);
        if a + b == 2 || a + b == 12 {
            self.kill(l);
        }
    }

    /// §5.4.2–5.4.5: a dead leader keeps one chit; §8.1 his side loses 2 × command VP.
    fn kill(&mut self, l: usize) {
        let c = &mut self.leaders[l];
        if c.status == Status::Active {
            c.killed = true;
            if c.supreme {
                self.supreme_killed[c.side] = true;
            }
        }
        if !self.rules.sw.vp_no_leaders {
            self.leader_vp_lost[c.side] += self.rules.vp_leader * c.command;
        }
        c.status = Status::KilledPending;
        c.with = None;
    }

    /// Optional §7.4: units redraw their chit after an adverse result (or every combat).
    fn redraw(&mut self, f: &Fight, hit: &[usize]) {
        if !self.rules.opt.variable {
            return;
        }
        let all: Vec<usize> = f.attackers.iter().chain(&f.defenders).copied().collect();
        let again = if self.rules.sw.redraw_each_combat {
            &all[..]
        } else {
            hit
        };
        for &u in again {
            self.units[u].chit = Chit::Undrawn;
        }
    }

    // --------------------------------------------------------------------------------
    // Rally (§6.2, §6.3) and victory (§8, §9).

    fn rally_phase(&mut self) {
        for u in 0..self.units.len() {
            match self.units[u].order {
                Order::Disordered => self.rally_disordered(u),
                Order::Routed => self.rally_routed(u),
                _ => {}
            }
        }
    }

    /// §6.2: recovers at once when not adjacent to an enemy, else on a check at −1 with
    /// its leader or a friend in good order (READING) stacked or adjacent.
    fn rally_disordered(&mut self, u: usize) {
        if self.adjacent(u).is_empty() {
            self.units[u].order = Order::Ok;
            return;
        }
        let friend = (0..self.units.len()).any(|w| {
            let q = &self.units[w];
            w != u
                && q.order == Order::Ok
                && q.kind != Kind::Carroccio
                && self.within(u, w, 1)
                && (!self.rules.sw.friend_grade_a || q.grade == Grade::A)
        });
        let mods = if self.leader_near(u) > 0 || friend {
            -1
        } else {
            0
        };
        if self.morale_check(u, mods, "rally") {
            self.units[u].order = Order::Ok;
        }
    }

    /// §6.3: 3+ hexes from the nearest enemy it rolls, −2 leader stacked, −1 adjacent;
    /// success: disordered; failure: 2 more hexes back (off the table: eliminated).
    fn rally_routed(&mut self, u: usize) {
        if self.gap(u).is_some_and(|g| g < 3) {
            if self.rules.sw.rally_near_retreats {
                self.retreat(u, 2);
            }
            return;
        }
        let mods = -self.leader_near(u);
        if self.morale_check(u, mods, "rally") {
            self.units[u].order = Order::Disordered;
        } else {
            self.retreat(u, 2);
        }
    }

    /// §8.1: VP a side has lost: its eliminated and routed units, its killed leaders.
    fn vp_lost(&self, side: usize) -> i64 {
        let units: i64 = self
            .units
            .iter()
            .filter(|u| u.side == side && matches!(u.order, Order::Eliminated | Order::Routed))
            .map(|u| self.unit_vp(u))
            .sum();
        units + self.leader_vp_lost[side]
    }

    /// READING `LEG_vp_unit`: the grade's VP, or the chit's number for the unit's grade
    /// (an undrawn chit at its mean).
    fn unit_vp(&self, u: &Piece) -> i64 {
        if !self.rules.sw.vp_by_value {
            return self.rules.vp.get(u.grade);
        }
        match u.chit {
            Chit::Drawn(k) => self.rules.chits[k].get(u.grade),
            Chit::Fixed(v) => v,
            Chit::Undrawn => self.rules.mean_chit(u.grade),
        }
    }

    /// Digest §2.d (ASSUMPTION): the rout level is `percent` of the side's unit VP,
    /// rounded down.
    fn rout_level(&self, side: usize) -> i64 {
        let total: i64 = self
            .units
            .iter()
            .filter(|u| u.side == side)
            .map(|u| self.unit_vp(u))
            .sum();
        total * self.rules.rout_percent / 100
    }

    /// §8.2, §8.3: the Victory Check at the end of a turn.
    fn victory_check(&self) -> Option<End> {
        let past = |s: usize| {
            let (lost, level) = (self.vp_lost(s), self.rout_level(s));
            if self.rules.sw.rout_reaches {
                lost >= level
            } else {
                lost > level
            }
        };
        let routed = [past(0), past(1)];
        let why = |s: usize| {
            format!(
                "side {} lost {} VP, rout level {}",
                ["A", "B"][s],
                self.vp_lost(s),
                self.rout_level(s)
            )
        };
        match routed {
            [true, true] => Some(End {
                winner: Winner::Draw,
                reason: format!(
                    "LEG8.3 both armies rout on turn {}: draw ({}; {})",
                    self.turn,
                    why(0),
                    why(1)
                ),
            }),
            [true, false] => Some(End {
                winner: Winner::B,
                reason: format!("LEG8.2 side A routs: {}", why(0)),
            }),
            [false, true] => Some(End {
                winner: Winner::A,
                reason: format!("LEG8.2 side B routs: {}", why(1)),
            }),
            [false, false] => None,
        }
    }

    /// Ends at once (§9.3.2 Carroccio attacked alone; §9.4 army routs on losing the
    /// Carroccio or, with option LEG9.4, the supreme commander).
    fn sudden_death(&self) -> Option<End> {
        if let Some(s) = self.carroccio_alone {
            let winner = if s == 0 { Winner::B } else { Winner::A };
            return Some(End {
                winner,
                reason: format!(
                    "LEG9.3.2 side {}'s Carroccio attacked alone: destroyed, the game ends",
                    ["A", "B"][s]
                ),
            });
        }
        let routs = |s: usize| {
            self.carroccio_lost[s] || (self.rules.opt.supreme_routs && self.supreme_killed[s])
        };
        let why = |s: usize| {
            if self.carroccio_lost[s] {
                "lost its Carroccio"
            } else {
                "lost its supreme commander"
            }
        };
        match [routs(0), routs(1)] {
            [true, true] => Some(End {
                winner: Winner::Draw,
                reason: "LEG9.4 both armies rout at once: draw (LEG8.3)".into(),
            }),
            [true, false] => Some(End {
                winner: Winner::B,
                reason: format!("LEG9.4 side A {}: its army routs", why(0)),
            }),
            [false, true] => Some(End {
                winner: Winner::A,
                reason: format!("LEG9.4 side B {}: its army routs", why(1)),
            }),
            [false, false] => None,
        }
    }

    /// The result (§0.3 mapping, digest §2.d); a rearguard action is decided by G3c.9.
    fn result(&self, card: &Card, end: End) -> TacticalResult {
        let units = self
            .units
            .iter()
            .map(|u| UnitResult {
                id: u.id.clone(),
                state: match u.order {
                    Order::Ok => UnitState::Ok,
                    Order::Disordered => UnitState::Disordered,
                    Order::Routed => UnitState::Routed,
                    Order::Eliminated => UnitState::Eliminated,
                    Order::Escaped => UnitState::Escaped,
                },
                steps_lost: 0, // LEG units have no steps
            })
            .collect();
        let leaders = self
            .leaders
            .iter()
            .map(|l| LeaderResult {
                id: l.id.clone(),
                state: if l.killed {
                    LeaderState::Killed
                } else {
                    LeaderState::Ok
                },
            })
            .collect();
        let mut r = frame::result(
            card,
            (end.winner, end.reason),
            self.turn,
            self.provisional.any(),
            units,
            leaders,
        );
        if self.rearguard {
            let count = Rearguard {
                escaped: r.escaped(card, 1),
                lost: r.lost_units(card, 1),
            };
            r.winner = count.winner();
            let verdict = if count.wins() { "wins" } else { "loses" };
            r.reason = format!(
                "G3c.9 rearguard {verdict}: {} units left the table, {} lost ({})",
                count.escaped, count.lost, r.reason
            );
        }
        r
    }
}

/// Reads every leader of the card; returns them and whether a PROVISIONAL command was used.
/// Each side needs a unit and a leader (units act only on their leader's chit, §3.1).
fn read_leaders(card: &Card, rules: &Rules) -> Result<(Vec<Chief>, bool), BattleError> {
    let mut provisional = false;
    let mut leaders = Vec::new();
    for (side, cs) in card.sides.iter().enumerate() {
        if cs.units.is_empty() {
            return Err(BattleError::Card(format!("side {} has no unit", cs.key)));
        }
        if cs.leaders.is_empty() {
            return Err(BattleError::Card(format!(
                "side {} has no leader: LEG units act only when a leader's chit is drawn (§3.1)",
                cs.key
            )));
        }
        for l in &cs.leaders {
            let (c, stand_in) = chief(l, side, rules)?;
            provisional |= stand_in;
            leaders.push(c);
        }
    }
    let chits: usize = leaders.iter().map(|l| l.command.max(1) as usize).sum();
    if chits > MAX_DIE {
        return Err(BattleError::Card(format!(
            "{chits} activation chits: at most {MAX_DIE}"
        )));
    }
    Ok((leaders, provisional))
}

/// Each side's doctrine (`tables.policy`): attacker, defender or rearguard; a side whose
/// commander was killed (G2b.5) holds instead of attacking.
fn doctrines(rules: &Rules, rearguard: bool, no_attack: [bool; 2]) -> [Doctrine; 2] {
    let role = [0, if rearguard { 2 } else { 1 }];
    [0, 1].map(|s| match rules.doctrine[role[s]] {
        Doctrine::Attack if no_attack[s] => Doctrine::Hold,
        d => d,
    })
}

/// Reads a leader's ratings (§2.1, §9.5). Returns whether the PROVISIONAL stand-in
/// command was used.
fn chief(
    l: &super::card::Leader,
    side: usize,
    rules: &Rules,
) -> Result<(Chief, bool), BattleError> {
    let bad = |what: &str| BattleError::Card(format!("leader {}: {what}", l.id));
    let (command, stand_in) = match l.ratings.get("command") {
        Some(&c) if (0..=4).contains(&c) => (c, false),
        Some(_) => return Err(bad("command must be 0–4 (§2.1)")),
        None => match rules.leader_command {
            Some((v, provisional)) if (0..=4).contains(&v) => (v, provisional),
            _ => {
                return Err(bad(
                    "no command rating, and the ruleset has no `leader_command` table (MISSING: type it in from the counters)",
                ));
            }
        },
    };
    let supreme = match l.rating("supreme", 0) {
        0 => false,
        1 => true,
        _ => return Err(bad("supreme must be 0 or 1")),
    };
    let chief = Chief {
        id: l.id.clone(),
        side,
        command,
        supreme,
        status: if command == 0 {
            Status::Replacement
        } else {
            Status::Active
        },
        killed: false,
        with: None,
    };
    Ok((chief, stand_in))
}

/// Reads a unit's ratings (see the ruleset's header). `first` is the global index of the
/// side's first leader, `n_leaders` how many it has.
fn piece(
    u: &super::card::Unit,
    side: usize,
    i: usize,
    first: usize,
    n_leaders: usize,
    sectors: usize,
) -> Result<Piece, BattleError> {
    let bad = |what: String| BattleError::Card(format!("unit {}: {what}", u.id));
    let kind = match u.kind.as_str() {
        "inf" => Kind::Inf,
        "cav" => Kind::Cav,
        "carroccio" => Kind::Carroccio,
        other => {
            return Err(bad(format!(
                "kind `{other}`: expected inf, cav or carroccio"
            )));
        }
    };
    let grade = u
        .ratings
        .get("grade")
        .and_then(|&g| Grade::from_rating(g))
        .ok_or_else(|| bad("grade must be 3 (A), 2 (B) or 1 (C)".into()))?;
    let default_mp = match kind {
        Kind::Inf => 4,
        Kind::Cav => 8,
        Kind::Carroccio => 2,
    };
    let owner = format!("unit {}", u.id);
    let rating = |key: &str| frame::rating(&owner, key, u.ratings.get(key).copied(), 1..=20);
    let mp = rating("mp")?.unwrap_or(default_mp);
    let index = |name: &str, default: usize, max: usize| -> Result<usize, BattleError> {
        match u.ratings.get(name) {
            None => Ok(default),
            Some(&v) if v >= 1 && (v as usize) <= max => Ok(v as usize - 1),
            Some(v) => Err(bad(format!("{name} {v} out of 1–{max}"))),
        }
    };
    let command = index("leader", i % n_leaders, n_leaders)?;
    let sector = index("sector", command, sectors)?;
    let chit = rating("combat_value")?.map_or(Chit::Undrawn, Chit::Fixed);
    Ok(Piece {
        id: u.id.clone(),
        side,
        kind,
        grade,
        mp: mp as i32,
        leader: first + command,
        sector,
        slot: 0,
        pos: 0,
        chit,
        order: Order::Ok,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battle::card::{Leader, Place, SideSpec, Unit};
    use crate::rules::dice::{ScriptedDice, ScriptedRoll, SeededDice};

    const RULESET: &str = include_str!("../../campaigns/il-giglio/rulesets/leg1176.toml");

    /// The CRT as printed in the rulebook (§5.2, end of booklet), rows −1..8.
    const CRT_TEXT: [[&str; 8]; 10] = [
        ["AE", "AE", "AR", "AR", "AD", "AD", "NE", "NE"],
        ["AE", "AR", "AR", "AD", "AD", "NE", "NE", "DD"],
        ["AR", "AR", "AD", "AD", "NE", "NE", "DD", "DD"],
        ["AR", "AD", "AD", "NE", "NE", "DD", "DD", "DR"],
        ["AD", "AD", "NE", "NE", "DD", "DD", "DR", "DR"],
        ["AD", "NE", "NE", "DD", "DD", "DR", "DR", "DE"],
        ["NE", "NE", "DD", "DD", "DR", "DR", "DE", "DE"],
        ["NE", "DD", "DD", "DR", "DR", "DE", "DE", "DE"],
        ["DD", "DD", "DR", "DR", "DE", "DE", "DE", "DE"],
        ["DD", "DR", "DR", "DE", "DE", "DE", "DE", "DE"],
    ];

    /// The shipped ruleset with the attacker policy of campaigns written before
    /// `LEG_attacker_policy` (attack from `attack_min_column`), which the worked examples
    /// below were written for; the even-odds policy is tested end to end.
    fn rs() -> Ruleset {
        let mut rs = Ruleset::parse(RULESET).expect("leg1176.toml parses");
        rs.readings.remove("LEG_attacker_policy");
        rs
    }

    fn place(terrain: &str) -> Place {
        Place {
            node: "M5".into(),
            node_name: "Legnano".into(),
            node_kind: "village".into(),
            terrain: terrain.into(),
            fortified: false,
            month: "May".into(),
        }
    }

    fn spec(role: &str, ducats: i64) -> SideSpec {
        SideSpec {
            nation: "Milano".into(),
            club: "club".into(),
            role: role.into(),
            ducats,
            sapper: false,
            commander_killed: false,
        }
    }

    fn built(kind: &str, ducats: [i64; 2]) -> Card {
        let role = if kind == "rearguard" {
            "rearguard"
        } else {
            "defender"
        };
        Card::build(
            "T",
            kind,
            &rs(),
            place("plain"),
            [spec("attacker", ducats[0]), spec(role, ducats[1])],
        )
    }

    fn unit(id: &str, kind: &str, ratings: &[(&str, i64)]) -> Unit {
        Unit {
            id: id.into(),
            name: id.into(),
            kind: kind.into(),
            ratings: ratings.iter().map(|&(k, v)| (k.to_owned(), v)).collect(),
            campaign_value: 30,
        }
    }

    fn leader(id: &str, ratings: &[(&str, i64)]) -> Leader {
        Leader {
            id: id.into(),
            name: id.into(),
            ratings: ratings.iter().map(|&(k, v)| (k.to_owned(), v)).collect(),
        }
    }

    /// A card with the given units and leaders (side A attacks).
    fn card(kind: &str, a: (Vec<Unit>, Vec<Leader>), b: (Vec<Unit>, Vec<Leader>)) -> Card {
        let mut c = built(kind, [100, 100]);
        (c.sides[0].units, c.sides[0].leaders) = a;
        (c.sides[1].units, c.sides[1].leaders) = b;
        c
    }

    /// One unit and one leader (command 2) a side; `a`/`b` are the units' ratings.
    fn duel(a: (&str, &[(&str, i64)]), b: (&str, &[(&str, i64)])) -> Card {
        card(
            "battle",
            (
                vec![unit("A-U1", a.0, a.1)],
                vec![leader("A-L1", &[("command", 2)])],
            ),
            (
                vec![unit("B-U1", b.0, b.1)],
                vec![leader("B-L1", &[("command", 2)])],
            ),
        )
    }

    fn rules(card: &Card) -> Rules {
        Rules::load(card, &rs()).expect("rules load")
    }

    fn on(event: &str, value: u8) -> ScriptedRoll {
        ScriptedRoll {
            event: Some(format!("leg/T/t1/{event}")),
            value,
        }
    }

    /// Puts side A's unit `a` in contact with side B's unit `b` (positions add to depth − 1),
    /// and takes every leader off the units.
    fn contact(b: &mut Battle, a: usize, d: usize) {
        b.turn = 1;
        b.units[a].pos = b.depth - 1 - b.units[d].pos;
        for l in &mut b.leaders {
            l.with = None;
        }
    }

    fn ok(dice: &ScriptedDice) {
        assert!(dice.problems().is_empty(), "{:?}", dice.problems());
    }

    // --- tables ------------------------------------------------------------------

    #[test]
    fn the_crt_in_the_file_is_the_printed_one_cell_by_cell() {
        let r = rules(&built("battle", [100, 100]));
        let crt = &r.crt;
        assert_eq!(
            crt.columns,
            ["1/3", "1/2", "1/1", "1.5/1", "2/1", "3/1", "4/1", "5/1"]
        );
        assert_eq!(
            crt.ratios,
            [
                (1, 3),
                (1, 2),
                (1, 1),
                (3, 2),
                (2, 1),
                (3, 1),
                (4, 1),
                (5, 1)
            ]
        );
        assert_eq!((crt.first_row, crt.last_row()), (-1, 8));
        for (i, line) in CRT_TEXT.iter().enumerate() {
            for (c, text) in line.iter().enumerate() {
                let row = i as i32 - 1;
                assert_eq!(
                    crt.result(row, c).to_string(),
                    *text,
                    "row {row} column {}",
                    crt.columns[c]
                );
            }
        }
    }

    #[test]
    fn the_crt_is_one_ladder_as_the_digest_says() {
        // Digest §2.c: CRT[row][col] = LADDER[row + 1 + col].
        let ladder = [
            "AE", "AE", "AR", "AR", "AD", "AD", "NE", "NE", "DD", "DD", "DR", "DR", "DE", "DE",
            "DE", "DE", "DE",
        ];
        for (i, line) in CRT_TEXT.iter().enumerate() {
            for (c, text) in line.iter().enumerate() {
                assert_eq!(ladder[i + c], *text);
            }
        }
    }

    #[test]
    fn the_tec_and_the_numbers_of_the_text_are_transcribed() {
        let r = rules(&built("battle", [100, 100]));
        let f = r.forest;
        assert_eq!(
            (
                f.inf_mp,
                f.cav_mp,
                f.inf_attack_divisor,
                f.cav_attack_divisor
            ),
            (2, 4, 2, 3)
        );
        assert!(f.cav_disordered_on_entry && !f.cav_may_charge && f.cav_attack_needs_morale);
        let c = r.clear;
        assert_eq!(
            (
                c.inf_mp,
                c.cav_mp,
                c.inf_attack_divisor,
                c.cav_attack_divisor
            ),
            (1, 1, 1, 1)
        );
        assert!(!c.cav_disordered_on_entry && c.cav_may_charge && !c.cav_attack_needs_morale);
        assert_eq!((r.morale.a, r.morale.b, r.morale.c), (7, 5, 3));
        assert_eq!((r.vp.a, r.vp.b, r.vp.c, r.vp_leader), (5, 3, 1, 2));
        assert_eq!(r.turns, 8);
        let chits: Vec<(i64, i64, i64)> = r.chits.iter().map(|c| (c.a, c.b, c.c)).collect();
        assert_eq!(chits, [(7, 4, 1), (8, 5, 2), (9, 6, 3), (10, 7, 4)]);
        assert!(r.chits_provisional);
        assert_eq!(r.leader_command, Some((2, true)));
    }

    #[test]
    fn every_reading_of_the_digest_is_a_switch_in_the_file() {
        let rs = rs();
        for name in [
            "LEG_odds_rounding",
            "LEG_crt_clamp",
            "LEG_result_hits",
            "LEG_morale_compare",
            "LEG_rout_rally_near_enemy",
            "LEG_forest_cavalry",
            "LEG_vp_unit",
            "LEG_vp_leader",
            "LEG_rout_level_compare",
            "LEG_facing_mods",
            "LEG_leader_drm",
            "LEG_good_morale_friend",
            "LEG_carroccio_level",
            "LEG_carroccio_cavalry_neighbour",
            "LEG_variable_combat",
        ] {
            assert!(rs.readings.contains_key(name), "{name}");
        }
        assert_eq!(rs.readings.len(), 15);
        let mut c = built("battle", [100, 100]);
        c.battle
            .readings
            .insert("LEG_crt_clamp".into(), "diagonal".into());
        assert!(matches!(
            Rules::load(&c, &rs),
            Err(BattleError::Data { .. })
        ));
    }

    #[test]
    fn odds_columns_round_down_and_clamp() {
        let r = rules(&built("battle", [100, 100]));
        let crt = &r.crt;
        assert_eq!(crt.column(6, 2, false), 5, "3/1");
        assert_eq!(crt.column(5, 3, false), 3, "1.67 rounds down to 1.5/1");
        assert_eq!(crt.column(5, 3, true), 4, "or up to 2/1");
        assert_eq!(crt.column(1, 9, false), 0, "below 1/3 is 1/3");
        assert_eq!(crt.column(40, 1, false), 7, "above 5/1 is 5/1");
    }

    // --- §5.3 worked examples -------------------------------------------------------

    #[test]
    fn example_1_to_1_d6_3_no_drm_is_no_effect() {
        let c = duel(
            ("inf", &[("grade", 2), ("combat_value", 5)]),
            ("inf", &[("grade", 2), ("combat_value", 5)]),
        );
        let r = rules(&c);
        let mut dice = ScriptedDice::new([on("c1/crt", 3)]);
        let mut b = Battle::new(&c, &r, &mut dice).unwrap();
        contact(&mut b, 0, 1);
        b.fight(vec![0], vec![1], &[Some(1)]);
        assert_eq!((b.units[0].order, b.units[1].order), (Order::Ok, Order::Ok));
        assert!(
            dice.log()[0].purpose.contains("1/1 shift +0, d6+0"),
            "{}",
            dice.log()[0].purpose
        );
        ok(&dice);
    }

    #[test]
    fn example_3_to_1_with_attacker_leader_d6_3_is_row_4_dr() {
        let c = duel(
            ("inf", &[("grade", 2), ("combat_value", 6)]),
            ("inf", &[("grade", 2), ("combat_value", 2)]),
        );
        let r = rules(&c);
        let mut dice = ScriptedDice::new([
            on("c1/crt", 3),
            on("c1/leader/A-L1/1", 3),
            on("c1/leader/A-L1/2", 4),
        ]);
        let mut b = Battle::new(&c, &r, &mut dice).unwrap();
        contact(&mut b, 0, 1);
        b.leaders[0].with = Some(0);
        b.fight(vec![0], vec![1], &[Some(1)]);
        assert_eq!(b.units[1].order, Order::Routed, "DR");
        assert_eq!(b.units[1].pos, 8 - 3, "a rout retreats 3 hexes");
        assert_eq!(
            b.leaders[0].status,
            Status::Active,
            "2d6 = 7: the leader lives"
        );
        assert!(
            dice.log()[0]
                .purpose
                .contains("3/1 shift +0, d6+1 +1 leader"),
            "{}",
            dice.log()[0].purpose
        );
        ok(&dice);
    }

    #[test]
    fn ladder_5_to_1_row_minus_1_is_index_7_ne() {
        let r = rules(&built("battle", [100, 100]));
        assert_eq!(r.crt.cell(-1, 7, true), (-1, 7));
        assert_eq!(r.crt.result(-1, 7).to_string(), "NE");
        // In combat: 10 against 2, defender's supreme commander −2, d6 = 1.
        let c = card(
            "battle",
            (
                vec![unit("A-U1", "inf", &[("grade", 2), ("combat_value", 10)])],
                vec![leader("A-L1", &[("command", 2)])],
            ),
            (
                vec![unit("B-U1", "inf", &[("grade", 2), ("combat_value", 2)])],
                vec![leader("B-L1", &[("command", 2), ("supreme", 1)])],
            ),
        );
        let r = rules(&c);
        let mut dice = ScriptedDice::new([
            on("c1/crt", 1),
            on("c1/leader/B-L1/1", 2),
            on("c1/leader/B-L1/2", 2),
        ]);
        let mut b = Battle::new(&c, &r, &mut dice).unwrap();
        contact(&mut b, 0, 1);
        b.leaders[1].with = Some(1);
        b.fight(vec![0], vec![1], &[Some(1)]);
        assert_eq!(
            (b.units[0].order, b.units[1].order),
            (Order::Ok, Order::Ok),
            "NE"
        );
        assert!(
            dice.log()[0]
                .purpose
                .contains("5/1 shift +0, d6-2 -2 leader")
        );
        ok(&dice);
    }

    #[test]
    fn ladder_1_to_3_row_8_is_index_9_dd() {
        let r = rules(&built("battle", [100, 100]));
        assert_eq!(r.crt.result(8, 0).to_string(), "DD");
        let c = card(
            "battle",
            (
                vec![unit("A-U1", "inf", &[("grade", 2), ("combat_value", 2)])],
                vec![leader("A-L1", &[("command", 2), ("supreme", 1)])],
            ),
            (
                vec![unit("B-U1", "inf", &[("grade", 2), ("combat_value", 6)])],
                vec![leader("B-L1", &[("command", 2)])],
            ),
        );
        let r = rules(&c);
        let mut dice = ScriptedDice::new([
            on("c1/crt", 6),
            on("c1/leader/A-L1/1", 5),
            on("c1/leader/A-L1/2", 5),
        ]);
        let mut b = Battle::new(&c, &r, &mut dice).unwrap();
        contact(&mut b, 0, 1);
        b.leaders[0].with = Some(0);
        b.fight(vec![0], vec![1], &[Some(1)]);
        assert_eq!(b.units[1].order, Order::Disordered, "DD");
        ok(&dice);
    }

    #[test]
    fn off_table_results_follow_the_clamp_reading() {
        let r = rules(&built("battle", [100, 100]));
        let crt = &r.crt;
        // index: row 9 on 1/3 slides to row 8 on 1/2 (DR); row: row 8 on 1/3 (DD).
        assert_eq!(crt.cell(9, 0, true), (8, 1));
        assert_eq!(crt.cell(9, 0, false), (8, 0));
        // A shift past 5/1 is a row further down the same ladder.
        assert_eq!(crt.cell(3, 9, true), (5, 7));
        assert_eq!(crt.cell(3, 9, false), (3, 7));
        assert_eq!(crt.cell(-5, 0, true), (-1, 0), "index 0");
        assert_eq!(crt.cell(20, 7, true), (8, 7), "index 16");
    }

    // --- §5.2 dice procedures -----------------------------------------------------

    #[test]
    fn activation_draws_set_aside_repeats_and_leave_one_chit() {
        let c = card(
            "battle",
            (
                vec![
                    unit("A-U1", "inf", &[("grade", 2)]),
                    unit("A-U2", "inf", &[("grade", 2)]),
                ],
                vec![
                    leader("A-L1", &[("command", 2)]),
                    leader("A-L2", &[("command", 1)]),
                ],
            ),
            (
                vec![unit("B-U1", "inf", &[("grade", 2)])],
                vec![leader("B-L1", &[("command", 1)])],
            ),
        );
        let r = rules(&c);
        let mut dice = ScriptedDice::new([on("draw1", 1), on("draw2", 1), on("draw3", 2)]);
        let mut b = Battle::new(&c, &r, &mut dice).unwrap();
        b.turn = 1;
        assert_eq!(b.fill_cup(), [0, 0, 1, 2]);
        assert_eq!(b.activation_phase(), None);
        assert_eq!(b.units[0].pos, 12, "A-L1 activated: A-U1 moved 4 hexes");
        assert_eq!(
            (b.units[1].sector, b.units[1].pos),
            (1, 8),
            "A-L2's chit stayed in the cup"
        );
        assert_eq!(b.units[2].pos, 8, "B holds its line");
        let sides: Vec<u8> = dice.log().iter().map(|r| r.sides).collect();
        assert_eq!(
            sides,
            [4, 3, 2],
            "the second A-L1 chit was set aside, one chit left"
        );
        ok(&dice);
    }

    #[test]
    fn leader_loss_on_2_and_12_and_the_replacement() {
        let c = card(
            "battle",
            (
                vec![
                    unit("A-U1", "inf", &[("grade", 2)]),
                    unit("A-U2", "inf", &[("grade", 2)]),
                ],
                vec![leader("A-L1", &[("command", 2)])],
            ),
            (
                vec![unit("B-U1", "inf", &[("grade", 2)])],
                vec![leader("B-L1", &[("command", 1)])],
            ),
        );
        let r = rules(&c);
        let mut dice = ScriptedDice::values([3, 4, 1, 1, 6, 6]);
        let mut b = Battle::new(&c, &r, &mut dice).unwrap();
        b.turn = 1;
        b.leader_check(0, "x");
        assert_eq!(b.leaders[0].status, Status::Active, "7 lives");
        b.leader_check(0, "x");
        assert!(
            b.leaders[0].killed && b.leaders[0].status == Status::KilledPending,
            "2 kills"
        );
        assert_eq!(b.leader_vp_lost[0], 4, "§8.1: 2 × command 2");
        let mut cup = vec![0, 0, 1];
        b.trim_cup(&mut cup);
        assert_eq!(cup, [0, 1], "§5.4.2 one chit left for him");
        assert_eq!(b.fill_cup(), [0, 1]);
        b.activate(0);
        assert_eq!(
            (b.units[0].pos, b.units[1].pos),
            (12, 8),
            "§5.4.3 only one unit activates"
        );
        assert_eq!(
            (b.leaders[0].status, b.leaders[0].command),
            (Status::Replacement, 0)
        );
        assert_eq!(
            b.leaders[0].with,
            Some(0),
            "the replacement is placed on it"
        );
        b.leader_check(0, "x");
        assert_eq!(
            b.leader_vp_lost[0], 4,
            "12 kills the replacement, worth no VP"
        );
        ok(&dice);
    }

    #[test]
    fn a_combat_chit_is_drawn_once_and_flags_the_result_provisional() {
        let c = duel(
            ("inf", &[("grade", 2)]),
            ("inf", &[("grade", 2), ("combat_value", 5)]),
        );
        let r = rules(&c);
        let mut dice = ScriptedDice::new([on("chit/A-U1", 3)]);
        let mut b = Battle::new(&c, &r, &mut dice).unwrap();
        b.turn = 1;
        assert!(!b.provisional.any(), "the leaders have their own command");
        b.ensure_chit(0);
        b.ensure_chit(0);
        b.ensure_chit(1);
        assert_eq!(b.units[0].chit, Chit::Drawn(2));
        assert_eq!(
            (
                b.value(0, Grade::A),
                b.value(0, Grade::B),
                b.value(0, Grade::C)
            ),
            (9, 6, 3)
        );
        assert_eq!(
            b.value(1, Grade::A),
            5,
            "a card's chit value stands for every grade"
        );
        assert!(b.provisional.any());
        ok(&dice);
    }

    #[test]
    fn morale_d10_reads_0_as_10_and_passes_at_or_under_the_value() {
        let c = duel(("inf", &[("grade", 3)]), ("inf", &[("grade", 1)]));
        let r = rules(&c);
        let mut dice = ScriptedDice::values([7, 10, 3, 4]);
        let mut b = Battle::new(&c, &r, &mut dice).unwrap();
        assert!(b.morale_check(0, 0, "t"), "A: 7 <= 7");
        assert!(!b.morale_check(0, 0, "t"), "A: a 0 is 10 > 7");
        assert!(b.morale_check(1, 0, "t"), "C: 3 <= 3");
        assert!(!b.morale_check(1, 0, "t"), "C: 4 > 3");
        assert_eq!(dice.log()[1].sides, 10);
        ok(&dice);
    }

    #[test]
    fn leaving_a_zoc_takes_a_morale_check_with_its_modifiers() {
        for (roll, leaves) in [(3, true), (4, false)] {
            let c = card(
                "rearguard",
                (
                    vec![unit("A-U1", "cav", &[("grade", 3)])],
                    vec![leader("A-L1", &[("command", 2)])],
                ),
                (
                    vec![unit("B-U1", "inf", &[("grade", 2)])],
                    vec![leader("B-L1", &[("command", 2)])],
                ),
            );
            let r = rules(&c);
            let mut dice = ScriptedDice::new([on("morale/B-U1/leave-zoc", roll)]);
            let mut b = Battle::new(&c, &r, &mut dice).unwrap();
            contact(&mut b, 0, 1);
            // B 5; +1 higher-grade enemy, +1 infantry leaving a cavalry ZOC: needs 3.
            assert_eq!(b.withdraw(1, 4), leaves);
            assert_eq!(b.units[1].pos, if leaves { 12 } else { 16 });
            ok(&dice);
        }
    }

    #[test]
    fn a_rearguard_unit_off_its_edge_has_escaped() {
        let c = card(
            "rearguard",
            (
                vec![unit("A-U1", "cav", &[("grade", 3)])],
                vec![leader("A-L1", &[("command", 2)])],
            ),
            (
                vec![unit("B-U1", "cav", &[("grade", 2)])],
                vec![leader("B-L1", &[("command", 2)])],
            ),
        );
        let r = rules(&c);
        let mut dice = ScriptedDice::values([]);
        let mut b = Battle::new(&c, &r, &mut dice).unwrap();
        b.turn = 1;
        assert_eq!(
            b.units[1].pos, 16,
            "24 − 8: 8 hexes from the attacker's edge"
        );
        b.units[1].pos = 6;
        assert!(b.withdraw(1, 8));
        assert_eq!(b.units[1].order, Order::Escaped);
        ok(&dice);
    }

    #[test]
    fn rally_of_disordered_units() {
        let c = card(
            "battle",
            (
                vec![
                    unit("A-U1", "inf", &[("grade", 2)]),
                    unit("A-U2", "inf", &[("grade", 2)]),
                ],
                vec![leader("A-L1", &[("command", 2)])],
            ),
            (
                vec![unit("B-U1", "inf", &[("grade", 2)])],
                vec![leader("B-L1", &[("command", 2)])],
            ),
        );
        let r = rules(&c);
        let mut dice = ScriptedDice::new([on("morale/A-U1/rally", 6), on("morale/A-U1/rally", 7)]);
        let mut b = Battle::new(&c, &r, &mut dice).unwrap();
        b.turn = 1;
        b.units[0].order = Order::Disordered;
        b.rally_disordered(0);
        assert_eq!(
            b.units[0].order,
            Order::Ok,
            "§6.2 not adjacent: recovers without a roll"
        );
        contact(&mut b, 0, 2);
        b.units[1].pos = b.units[0].pos;
        b.units[0].order = Order::Disordered;
        b.rally_disordered(0);
        assert_eq!(
            b.units[0].order,
            Order::Ok,
            "6 − 1 (friend in good order) <= 5"
        );
        b.units[0].order = Order::Disordered;
        b.rally_disordered(0);
        assert_eq!(b.units[0].order, Order::Disordered, "7 − 1 > 5");
        ok(&dice);
    }

    #[test]
    fn rally_of_routed_units() {
        let c = duel(("inf", &[("grade", 2)]), ("inf", &[("grade", 2)]));
        let r = rules(&c);
        let mut dice = ScriptedDice::values([7, 8, 9]);
        let mut b = Battle::new(&c, &r, &mut dice).unwrap();
        b.turn = 1;
        b.units[0].order = Order::Routed;
        b.units[0].pos = 5;
        b.rally_routed(0);
        assert_eq!(
            b.units[0].order,
            Order::Disordered,
            "7 − 2 (leader stacked) <= 5"
        );
        b.units[0].order = Order::Routed;
        b.rally_routed(0);
        assert_eq!(
            (b.units[0].order, b.units[0].pos),
            (Order::Routed, 3),
            "8 − 2 > 5: 2 hexes back"
        );
        b.units[0].pos = 2;
        b.rally_routed(0);
        assert_eq!(b.units[0].order, Order::Eliminated, "routed off the map");
        assert_eq!(b.leaders[0].with, None, "no unit left for its leader");
        // Within 2 hexes of an enemy it may not roll (READING: stays).
        b.units[0].order = Order::Routed;
        b.units[0].pos = 11;
        b.rally_routed(0);
        assert_eq!((b.units[0].order, b.units[0].pos), (Order::Routed, 11));
        ok(&dice);
    }

    #[test]
    fn a_routed_unit_too_near_retreats_under_the_other_reading() {
        let mut c = duel(("inf", &[("grade", 2)]), ("inf", &[("grade", 2)]));
        c.battle
            .readings
            .insert("LEG_rout_rally_near_enemy".into(), "retreats".into());
        let r = rules(&c);
        let mut dice = ScriptedDice::values([]);
        let mut b = Battle::new(&c, &r, &mut dice).unwrap();
        b.units[0].order = Order::Routed;
        b.units[0].pos = 11;
        b.rally_routed(0);
        assert_eq!((b.units[0].order, b.units[0].pos), (Order::Routed, 9));
        ok(&dice);
    }

    #[test]
    fn a_charge_doubles_and_an_a_charger_of_equal_grade_gets_plus_1() {
        let c = duel(
            ("cav", &[("grade", 3), ("combat_value", 5)]),
            ("cav", &[("grade", 3), ("combat_value", 5)]),
        );
        let r = rules(&c);
        let mut dice = ScriptedDice::new([
            on("c1/crt", 3),
            on("morale/A-U1/after-charge", 7),
            on("c1/leader/A-L1/1", 3),
            on("c1/leader/A-L1/2", 3),
        ]);
        let mut b = Battle::new(&c, &r, &mut dice).unwrap();
        b.turn = 1;
        b.leaders[1].with = None;
        b.units[0].pos = 21 - 3 - 8; // 3 hexes from the enemy: a charge start
        b.activate(0);
        assert_eq!(b.units[0].pos, 12, "moved into contact");
        // 10 against 5 = 2/1; +1 leader +1 equal-grade charge; d6 3 → row 5 → DR.
        assert_eq!(b.units[1].order, Order::Routed);
        assert_eq!(
            b.units[0].order,
            Order::Disordered,
            "after the charge: 7 + 1 > 7"
        );
        assert!(
            dice.log()[0]
                .purpose
                .contains("(10) -> B-U1 (5) 2/1 shift +0, d6+2 +1 leader +1 morale")
        );
        ok(&dice);
    }

    #[test]
    fn a_b_charger_that_fails_morale_may_attack_normally() {
        // 5 against 5 without the charge is 1/1: the policy calls the attack off.
        // 8 against 5 is 1.5/1: it attacks normally, d6 3 → NE, no after-charge check.
        for (value, attacks) in [(5, false), (8, true)] {
            let c = duel(
                ("cav", &[("grade", 2), ("combat_value", value)]),
                ("cav", &[("grade", 2), ("combat_value", 5)]),
            );
            let r = rules(&c);
            let mut script = vec![on("morale/A-U1/charge", 6)];
            if attacks {
                script.push(on("c1/crt", 3));
            }
            let mut dice = ScriptedDice::new(script);
            let mut b = Battle::new(&c, &r, &mut dice).unwrap();
            contact(&mut b, 0, 1);
            b.fight(vec![0], vec![1], &[Some(3)]);
            assert_eq!((b.units[0].order, b.units[1].order), (Order::Ok, Order::Ok));
            if attacks {
                assert!(
                    dice.log()[1]
                        .purpose
                        .contains("(8) -> B-U1 (5) 1.5/1 shift +0, d6+0")
                );
            }
            ok(&dice);
        }
    }

    #[test]
    fn a_b_charger_that_passes_charges_as_an_a_and_may_keep_its_order() {
        let c = duel(
            ("cav", &[("grade", 2), ("combat_value", 5)]),
            ("cav", &[("grade", 2), ("combat_value", 5)]),
        );
        let r = rules(&c);
        let mut dice = ScriptedDice::new([
            on("morale/A-U1/charge", 5),
            on("c1/crt", 2),
            on("morale/A-U1/after-charge", 4),
        ]);
        let mut b = Battle::new(&c, &r, &mut dice).unwrap();
        contact(&mut b, 0, 1);
        b.fight(vec![0], vec![1], &[Some(4)]);
        // 10 against 5 = 2/1, +1 (B charging as A against B): d6 2 → row 3 → DD;
        // after the charge 4 + 1 <= 5 keeps it in order.
        assert_eq!(
            (b.units[0].order, b.units[1].order),
            (Order::Ok, Order::Disordered)
        );
        assert!(
            dice.log()[1]
                .purpose
                .contains("(10) -> B-U1 (5) 2/1 shift +0, d6+1 +1 morale")
        );
        ok(&dice);
    }

    #[test]
    fn no_charge_from_farther_than_4_hexes() {
        let c = duel(
            ("cav", &[("grade", 3), ("combat_value", 5)]),
            ("cav", &[("grade", 3), ("combat_value", 5)]),
        );
        let r = rules(&c);
        let mut dice = ScriptedDice::new([on("c1/crt", 3)]);
        let mut b = Battle::new(&c, &r, &mut dice).unwrap();
        contact(&mut b, 0, 1);
        b.fight(vec![0], vec![1], &[Some(5)]);
        assert!(
            dice.log()[0]
                .purpose
                .contains("(5) -> B-U1 (5) 1/1 shift +0, d6+0")
        );
        ok(&dice);
    }

    #[test]
    fn a_c_charger_is_disordered_after_the_charge() {
        let c = duel(
            ("cav", &[("grade", 1), ("combat_value", 3)]),
            ("cav", &[("grade", 1), ("combat_value", 3)]),
        );
        let r = rules(&c);
        let mut dice = ScriptedDice::new([on("morale/A-U1/charge", 3), on("c1/crt", 1)]);
        let mut b = Battle::new(&c, &r, &mut dice).unwrap();
        contact(&mut b, 0, 1);
        b.fight(vec![0], vec![1], &[Some(2)]);
        // 6 against 3 = 2/1, +1 (C charging as B); d6 1 → row 2 → NE.
        assert_eq!(
            (b.units[0].order, b.units[1].order),
            (Order::Disordered, Order::Ok)
        );
        assert!(
            dice.log()[1]
                .purpose
                .contains("(6) -> B-U1 (3) 2/1 shift +0, d6+1 +1 morale")
        );
        ok(&dice);
    }

    #[test]
    fn cavalry_attacking_infantry_in_front_is_halved_and_into_forest_a_third() {
        let mut c = duel(
            ("cav", &[("grade", 3), ("combat_value", 9)]),
            ("inf", &[("grade", 3), ("combat_value", 4)]),
        );
        let r = rules(&c);
        let mut dice = ScriptedDice::new([on("c1/crt", 3)]);
        let mut b = Battle::new(&c, &r, &mut dice).unwrap();
        contact(&mut b, 0, 1);
        b.fight(vec![0], vec![1], &[Some(1)]);
        assert!(
            dice.log()[0].purpose.contains("A-U1 (4) -> B-U1 (4) 1/1"),
            "9 halved, rounded down"
        );
        ok(&dice);
        c.battle.terrain = "marsh".into();
        let r = rules(&c);
        let mut dice = ScriptedDice::new([on("morale/A-U1/attack-forest", 7), on("c1/crt", 3)]);
        let mut b = Battle::new(&c, &r, &mut dice).unwrap();
        contact(&mut b, 0, 1);
        b.fight(vec![0], vec![1], &[Some(1)]);
        assert!(
            dice.log()[1].purpose.contains("A-U1 (1) -> B-U1 (4) 1/3"),
            "9 / 2 / 3 = 1"
        );
        ok(&dice);
    }

    #[test]
    fn an_overlap_attacks_through_the_flank() {
        let c = card(
            "battle",
            (
                vec![
                    unit("A-U1", "inf", &[("grade", 2), ("combat_value", 4)]),
                    unit("A-U2", "inf", &[("grade", 2), ("combat_value", 4)]),
                ],
                vec![leader("A-L1", &[("command", 2)])],
            ),
            (
                vec![unit("B-U1", "inf", &[("grade", 2), ("combat_value", 8)])],
                vec![leader("B-L1", &[("command", 2)])],
            ),
        );
        let r = rules(&c);
        let mut dice = ScriptedDice::new([on("c1/crt", 3)]);
        let mut b = Battle::new(&c, &r, &mut dice).unwrap();
        contact(&mut b, 0, 2);
        b.units[1].pos = b.units[0].pos;
        let edges = b.contacts(0);
        assert_eq!(edges.len(), 2);
        assert_eq!(
            (edges[1].unit, edges[1].approach),
            ([1, 2], [Approach::Flank, Approach::Exposed])
        );
        assert_eq!(
            b.targets(2),
            [0],
            "with facing B-U1 cannot attack the overlap on its flank"
        );
        b.fight(vec![0, 1], vec![2], &[Some(1), Some(1)]);
        // 8 against 8 = 1/1, +1 column for the flank: 1.5/1; d6 3 → NE.
        assert_eq!(b.units[2].order, Order::Ok);
        assert!(
            dice.log()[0]
                .purpose
                .contains("A-U1+A-U2 (8) -> B-U1 (8) 1/1 shift +1, d6+0")
        );
        ok(&dice);
    }

    #[test]
    fn a_routed_unit_attacked_again_is_eliminated_without_a_roll() {
        let c = duel(
            ("inf", &[("grade", 2), ("combat_value", 4)]),
            ("inf", &[("grade", 2), ("combat_value", 4)]),
        );
        let r = rules(&c);
        let mut dice = ScriptedDice::values([]);
        let mut b = Battle::new(&c, &r, &mut dice).unwrap();
        contact(&mut b, 0, 1);
        b.units[1].order = Order::Routed;
        b.fight(vec![0], vec![1], &[Some(1)]);
        assert_eq!(b.units[1].order, Order::Eliminated);
        ok(&dice);
    }

    #[test]
    fn a_second_disorder_routs() {
        let c = duel(
            ("inf", &[("grade", 2), ("combat_value", 5)]),
            ("inf", &[("grade", 2), ("combat_value", 5)]),
        );
        let r = rules(&c);
        let mut dice = ScriptedDice::new([on("c1/crt", 4)]);
        let mut b = Battle::new(&c, &r, &mut dice).unwrap();
        contact(&mut b, 0, 1);
        b.units[1].order = Order::Disordered;
        b.fight(vec![0], vec![1], &[Some(1)]);
        // 5 against 2 (halved) = 2/1, +1 disordered: d6 4 → row 5 → DR.
        assert_eq!(b.units[1].order, Order::Routed);
        assert!(
            dice.log()[0]
                .purpose
                .contains("(5) -> B-U1 (2) 2/1 shift +0, d6+1 +1 disordered")
        );
        ok(&dice);
    }

    // --- the Carroccio (§9.3, §9.4) ------------------------------------------------

    fn lombards(b_units: Vec<Unit>) -> Card {
        card(
            "battle",
            (
                vec![unit("A-U1", "inf", &[("grade", 2), ("combat_value", 8)])],
                vec![leader("A-L1", &[("command", 2)])],
            ),
            (
                b_units,
                vec![leader("B-L1", &[("command", 3), ("supreme", 1)])],
            ),
        )
    }

    #[test]
    fn the_carroccio_attacked_alone_is_destroyed_and_the_game_ends() {
        let c = lombards(vec![
            unit("B-U1", "inf", &[("grade", 2)]),
            unit("B-CAR", "carroccio", &[("grade", 3), ("combat_value", 8)]),
        ]);
        let r = rules(&c);
        let mut dice = ScriptedDice::values([]);
        let mut b = Battle::new(&c, &r, &mut dice).unwrap();
        assert_eq!(
            (b.units[2].slot, b.units[2].pos),
            (0, 7),
            "behind the middle of its line"
        );
        b.units[1].pos = 5;
        contact(&mut b, 0, 2);
        b.fight(vec![0], vec![2], &[Some(1)]);
        assert_eq!(b.units[2].order, Order::Eliminated);
        let end = b.sudden_death().expect("the game ends");
        assert_eq!(end.winner, Winner::A);
        assert!(end.reason.starts_with("LEG9.3.2"));
        ok(&dice);
    }

    /// The Carroccio at the front, B-U1 one hex behind it (adjacent), attacked by A-U1
    /// of value `att`; returns the Carroccio's and A-U1's orders and whether the game ends.
    fn carroccio_attacked(att: i64, d6: u8) -> (Order, Order, Option<Winner>) {
        let c = lombards(vec![
            unit("B-U1", "inf", &[("grade", 2)]),
            unit("B-CAR", "carroccio", &[("grade", 3), ("combat_value", 8)]),
        ]);
        let r = rules(&c);
        let mut dice = ScriptedDice::new([on("c1/crt", d6)]);
        let mut b = Battle::new(&c, &r, &mut dice).unwrap();
        b.units[1].pos = 6;
        contact(&mut b, 0, 2);
        b.units[0].chit = Chit::Fixed(att);
        b.fight(vec![0], vec![2], &[Some(1)]);
        let out = (
            b.units[2].order,
            b.units[0].order,
            b.sudden_death().map(|e| e.winner),
        );
        ok(&dice);
        out
    }

    #[test]
    fn the_carroccio_defends_as_a_ignores_d_and_falls_to_r() {
        // 8 against 8 = 1/1, −1 (the Carroccio counts as A, the attacker is B):
        // d6 3 → row 2 → AD.
        assert_eq!(
            carroccio_attacked(8, 3),
            (Order::Ok, Order::Disordered, None)
        );
        // 16 against 8 = 2/1, −1: d6 5 → row 4 → DD, no effect on the Carroccio.
        assert_eq!(carroccio_attacked(16, 5), (Order::Ok, Order::Ok, None));
        // d6 6 → row 5 → DR: eliminated, and the Lombard army routs (§9.4).
        assert_eq!(
            carroccio_attacked(16, 6),
            (Order::Eliminated, Order::Ok, Some(Winner::A))
        );
    }

    #[test]
    fn the_carroccio_helps_lombard_morale_and_combat() {
        let c = lombards(vec![
            unit("B-U1", "inf", &[("grade", 2)]),
            unit("B-U2", "inf", &[("grade", 2)]),
            unit("B-U3", "cav", &[("grade", 2)]),
            unit("B-CAR", "carroccio", &[("grade", 3)]),
        ]);
        let r = rules(&c);
        let mut dice = ScriptedDice::values([8]);
        let mut b = Battle::new(&c, &r, &mut dice).unwrap();
        // Slots 0, 1, 2 at 8 hexes; the Carroccio behind slot 1 at 7 hexes.
        assert_eq!((b.units[4].slot, b.units[4].pos), (1, 7));
        assert_eq!(
            (b.carroccio_mod(1), b.carroccio_mod(2), b.carroccio_mod(3)),
            (-3, -3, -1)
        );
        b.units[2].pos = 5;
        assert_eq!(b.carroccio_mod(2), -1, "infantry within 2 hexes");
        assert_eq!(b.carroccio_mod(0), 0, "the enemy gets nothing");
        b.units[1].chit = Chit::Drawn(0);
        assert_eq!(
            b.combat_grade(1),
            Grade::A,
            "infantry within 1 hex fights one level higher"
        );
        assert_eq!(b.value(1, b.combat_grade(1)), 7);
        assert!(b.morale_check(1, 0, "t"), "8 − 3 <= 5");
        ok(&dice);
    }

    // --- VP, rout levels, victory, length (§8, §9) ------------------------------------

    #[test]
    fn vp_and_rout_levels() {
        let c = card(
            "battle",
            (
                vec![
                    unit("A-U1", "cav", &[("grade", 2)]),
                    unit("A-U2", "inf", &[("grade", 2)]),
                    unit("A-U3", "inf", &[("grade", 2)]),
                ],
                vec![leader("A-L1", &[("command", 2)])],
            ),
            (
                vec![unit("B-U1", "inf", &[("grade", 3)])],
                vec![leader("B-L1", &[("command", 2)])],
            ),
        );
        let r = rules(&c);
        let mut dice = ScriptedDice::values([]);
        let mut b = Battle::new(&c, &r, &mut dice).unwrap();
        assert_eq!(
            (b.rout_level(0), b.rout_level(1)),
            (4, 2),
            "45% of 9 and of 5, rounded down"
        );
        b.units[0].order = Order::Routed;
        assert_eq!(b.vp_lost(0), 3);
        assert_eq!(b.victory_check(), None);
        b.units[0].order = Order::Ok;
        b.leader_vp_lost[0] = 4; // a killed leader of command 2
        assert_eq!(b.vp_lost(0), 4);
        assert_eq!(b.victory_check(), None, "4 does not exceed 4");
        b.units[1].order = Order::Eliminated;
        let end = b.victory_check().expect("7 > 4");
        assert_eq!(end.winner, Winner::B);
        assert!(
            end.reason
                .starts_with("LEG8.2 side A routs: side A lost 7 VP, rout level 4"),
            "{}",
            end.reason
        );
        b.units[3].order = Order::Routed;
        assert_eq!(
            b.victory_check().map(|e| e.winner),
            Some(Winner::Draw),
            "§8.3 both at once"
        );
        ok(&dice);
    }

    #[test]
    fn reaching_the_rout_level_is_enough_under_the_other_reading() {
        let mut c = duel(("inf", &[("grade", 3)]), ("inf", &[("grade", 3)]));
        c.battle
            .readings
            .insert("LEG_rout_level_compare".into(), "reaches".into());
        let r = rules(&c);
        let mut dice = ScriptedDice::values([]);
        let mut b = Battle::new(&c, &r, &mut dice).unwrap();
        b.leader_vp_lost[0] = 2;
        assert_eq!(b.rout_level(0), 2);
        assert_eq!(b.victory_check().map(|e| e.winner), Some(Winner::B));
        ok(&dice);
    }

    #[test]
    fn the_supreme_commanders_death_routs_only_with_the_scenario_option() {
        let mut c = duel(("inf", &[("grade", 2)]), ("inf", &[("grade", 2)]));
        c.sides[0].leaders[0].ratings.insert("supreme".into(), 1);
        for (option, ends) in [(false, false), (true, true)] {
            if option {
                c.battle.options.push("LEG9.4".into());
            }
            let r = rules(&c);
            let mut dice = ScriptedDice::values([6, 6]);
            let mut b = Battle::new(&c, &r, &mut dice).unwrap();
            b.leader_check(0, "x");
            assert!(b.leaders[0].killed);
            assert_eq!(b.sudden_death().is_some(), ends);
            ok(&dice);
        }
    }

    #[test]
    fn a_battle_nobody_fights_is_a_draw_after_8_turns() {
        let mut c = built("battle", [300, 300]);
        c.sides[0].commander_killed = true; // G2b.5: defends but cannot attack
        let mut dice = SeededDice::new([7; 32]);
        let r = resolve(&c, &rs(), &mut dice).unwrap();
        assert_eq!((r.winner, r.turns_played), (Winner::Draw, 8));
        assert_eq!(r.reason, "LEG8.3 no army routed by the end of turn 8: draw");
        assert!(r.units.iter().all(|u| u.state == UnitState::Ok));
    }

    // --- whole battles ------------------------------------------------------------

    fn check(card: &Card, r: &TacticalResult) {
        let ids: Vec<&str> = card
            .sides
            .iter()
            .flat_map(|s| s.units.iter().map(|u| u.id.as_str()))
            .collect();
        let got: Vec<&str> = r.units.iter().map(|u| u.id.as_str()).collect();
        assert_eq!(ids, got, "every unit once, in card order");
        let leaders: Vec<&str> = card
            .sides
            .iter()
            .flat_map(|s| s.leaders.iter().map(|l| l.id.as_str()))
            .collect();
        assert_eq!(
            leaders,
            r.leaders.iter().map(|l| l.id.as_str()).collect::<Vec<_>>()
        );
        assert!((1..=8).contains(&r.turns_played), "{}", r.turns_played);
        assert!(
            r.provisional_tables_used,
            "the combat chits and leader commands are PROVISIONAL"
        );
        assert!(r.units.iter().all(|u| u.steps_lost == 0));
        let routs = |s: &str| {
            r.reason.contains(&format!("side {s} routs"))
                || r.reason.contains(&format!("side {s} lost its"))
        };
        match r.winner {
            Winner::A => assert!(
                routs("B") || r.reason.starts_with("G3c.9 rearguard loses"),
                "{}",
                r.reason
            ),
            Winner::B => assert!(
                routs("A") || r.reason.starts_with("G3c.9 rearguard wins"),
                "{}",
                r.reason
            ),
            Winner::Draw => assert!(r.reason.contains("draw"), "{}", r.reason),
        }
    }

    #[test]
    fn whole_battles_end_consistently_and_deterministically() {
        let card = built("battle", [420, 380]);
        assert_eq!(
            card.sides[0].leaders.len(),
            1 + card.sides[0].units.len().div_ceil(5)
        );
        let mut decided = 0;
        for seed in 1..=12u8 {
            let r = resolve(&card, &rs(), &mut SeededDice::new([seed; 32])).unwrap();
            check(&card, &r);
            assert!(!r.units.iter().any(|u| u.state == UnitState::Escaped));
            let again = resolve(&card, &rs(), &mut SeededDice::new([seed; 32])).unwrap();
            assert_eq!(r, again, "seed {seed}");
            decided += usize::from(r.winner != Winner::Draw);
            let lost = r.losses(&card, 0);
            assert!(lost[0] <= 420 && lost[1] <= 380);
        }
        assert!(decided > 0, "some battle is decided");
    }

    /// Pins one whole battle: any change to the rules, the policies or the dice wiring
    /// shows here (update it knowingly).
    #[test]
    fn a_pinned_battle() {
        let card = built("battle", [420, 380]);
        let r = resolve(&card, &rs(), &mut SeededDice::new([1; 32])).unwrap();
        assert_eq!((r.winner, r.turns_played), (Winner::A, 5));
        assert_eq!(
            r.reason,
            "LEG8.2 side B routs: side B lost 16 VP, rout level 14"
        );
        assert_eq!(r.losses(&card, 0), [10, 200]);
    }

    #[test]
    fn whole_rearguard_actions_follow_g3c9() {
        let card = built("rearguard", [400, 250]);
        for seed in 1..=12u8 {
            let r = resolve(&card, &rs(), &mut SeededDice::new([seed; 32])).unwrap();
            check(&card, &r);
            assert_eq!(
                r.escaped(&card, 0),
                0,
                "only the rearguard leaves the table"
            );
            let rearguard_wins = r.escaped(&card, 1) > r.lost_units(&card, 1);
            assert_eq!(
                r.winner,
                if rearguard_wins { Winner::B } else { Winner::A },
                "{}",
                r.reason
            );
            assert!(r.reason.starts_with("G3c.9"));
            let again = resolve(&card, &rs(), &mut SeededDice::new([seed; 32])).unwrap();
            assert_eq!(r, again);
        }
    }

    #[test]
    fn whole_battles_in_forest_and_with_every_alternative_reading() {
        let mut card = built("battle", [300, 300]);
        card.battle.terrain = "mountains".into();
        card.battle.options.push("LEG7.4".into());
        for (k, v) in [
            ("LEG_odds_rounding", "up"),
            ("LEG_crt_clamp", "row"),
            ("LEG_result_hits", "one"),
            ("LEG_morale_compare", "worst"),
            ("LEG_rout_rally_near_enemy", "retreats"),
            ("LEG_forest_cavalry", "into"),
            ("LEG_vp_unit", "combat_value"),
            ("LEG_vp_leader", "none"),
            ("LEG_rout_level_compare", "reaches"),
            ("LEG_facing_mods", "cumulative"),
            ("LEG_leader_drm", "sum"),
            ("LEG_good_morale_friend", "grade_a"),
            ("LEG_carroccio_level", "attack_and_defence"),
            ("LEG_carroccio_cavalry_neighbour", "destroyed"),
            ("LEG_variable_combat", "each_combat"),
        ] {
            card.battle.readings.insert(k.into(), v.into());
        }
        for seed in 1..=6u8 {
            let r = resolve(&card, &rs(), &mut SeededDice::new([seed; 32])).unwrap();
            check(&card, &r);
        }
    }

    #[test]
    fn malformed_cards_and_rulesets_are_errors_not_panics() {
        let rs = rs();
        let mut c = duel(("inf", &[("grade", 4)]), ("inf", &[("grade", 2)]));
        assert!(matches!(
            resolve(&c, &rs, &mut SeededDice::new([1; 32])),
            Err(BattleError::Card(_))
        ));
        c.sides[0].units[0].ratings.insert("grade".into(), 2);
        c.sides[0].units[0].kind = "elephant".into();
        assert!(matches!(
            resolve(&c, &rs, &mut SeededDice::new([1; 32])),
            Err(BattleError::Card(_))
        ));
        c.sides[0].units[0].kind = "inf".into();
        c.sides[0].units[0].ratings.insert("leader".into(), 3);
        assert!(matches!(
            resolve(&c, &rs, &mut SeededDice::new([1; 32])),
            Err(BattleError::Card(_))
        ));
        c.sides[0].units[0].ratings.remove("leader");
        c.sides[1].leaders.clear();
        assert!(matches!(
            resolve(&c, &rs, &mut SeededDice::new([1; 32])),
            Err(BattleError::Card(_))
        ));
        let mut c = duel(("inf", &[("grade", 2)]), ("inf", &[("grade", 2)]));
        c.sides[1].units.clear();
        assert!(matches!(
            resolve(&c, &rs, &mut SeededDice::new([1; 32])),
            Err(BattleError::Card(_))
        ));
        let c = duel(("inf", &[("grade", 2)]), ("inf", &[("grade", 2)]));
        let mut broken = rs.clone();
        broken.remove_table("crt");
        assert!(matches!(
            resolve(&c, &broken, &mut SeededDice::new([1; 32])),
            Err(BattleError::Data { .. })
        ));
        let mut broken = rs.clone();
        broken.remove_table("leader_command");
        let c2 = built("battle", [200, 200]);
        assert!(matches!(
            resolve(&c2, &broken, &mut SeededDice::new([1; 32])),
            Err(BattleError::Card(_))
        ));
    }
}
