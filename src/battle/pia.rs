//! PIA — Piacenza 1746 (Europa Simulazioni 2021): the map-free auto-resolver
//! (printed rules cited `§x.y`, with the map-free field of the rulebook's §0.4).
//!
//! Every die is a d10 read 0–9 (PIA §2.6: "zero is and remains zero"): a logged
//! `dice.roll(event, 10, purpose)` less one. Rule numbers `§x.y` are the rulebook's.
//!
//! # The map-free table (ASSUMPTION, §0.4, §4.e)
//! - **Sectors** are PIA's wing pairings: wing *w* of a side fights in sector *w* mod
//!   *S*, *S* being the smaller number of wings, as the game pairs FS-LW with AU-RW and
//!   sets FS-CE against AU-CE and AU-RS.
//! - **Rows**: inside a sector every unit stands on one row, counted in hexes from side
//!   A's map edge (`pos`); side A's rows all lie short of side B's. The two nearest
//!   rows are in contact when one hex apart; the §0.4 bands follow from the gap to the
//!   nearest enemy row: `front` 1, `near` 2–3 (the Engagement Zone, §5.2), `far` 4+.
//! - **Pairing**: the units of the two contact rows face each other in card order; a
//!   surplus unit is an overlap that fires at an end of the enemy row, alternately the
//!   last and the first (flanked fire, §9.1.8; flank melee, §10.4). A battery shares
//!   its row with an infantry unit when it can (the stack of §6.0): the infantry then
//!   stands for the hex, and the battery is immune to fire (§8.5.1).
//! - **Terrain**: the defender's starting row is its line and carries the node's
//!   terrain (clear, ditch, cover1, cover2, city); the row in front of it carries the
//!   approach (clear, ditch, or a stream hexside between it and the line) that costs a
//!   misalignment TDR (§5.7); every other row is clear. Movement costs one MP a hex
//!   (the map is "mostly covered by crops", §2.1.1).
//! - **Commanders**: a commander stands in the hex of one unit (`stack`) and reaches
//!   it and the units of his command beside it on its row (§4.e: "his stack and two
//!   neighbours"). He stays in that hex while his units move and is placed again at
//!   the end of his formation's movement (FC) or of his wing's activation (WC, §4.0);
//!   he goes with a unit that retreats. Command ranges are not measured: a formation
//!   is in command while its Formation Commander is on the table (Up or Staff), a wing
//!   while its Wing Commander or the CiC is; the CiC stays out of the line. A
//!   commander whose unit is destroyed joins another unit of his command, and with
//!   none left is eliminated (as §4.7). The Standard Bearer (§4.6.1) is not modelled.
//! - **Objectives** (battle only, §4.d generic card): eight on the defender's line,
//!   dealt round the sectors; the attacker's four are the first four. A side takes one
//!   when it has a combat unit within one hex of it and the enemy has no non-routed
//!   unit within three hexes of it.
//!
//! # Default policies (§4.e)
//! Side A attacks everywhere; side B holds its line (`battle`) or withdraws to its own
//! edge (`rearguard`, G3c.9). A side whose commander was killed (G2b.5) holds.
//! - Wing selection: each side activates its lowest-numbered wing left; the higher
//!   d10 activates first.
//! - Feu de Billebaude: every marked unit tries to remove it (§9.1.2).
//! - Infantry advances as a Line (§5.5, §5.6): every formed unit of a formation moves
//!   together to the row of the slowest; a lone infantry unit stops outside the enemy
//!   Engagement Zone. A holding side walks back to its line; units behind it re-align.
//! - Fire: every in-command infantry unit in contact fires at its pair; a second
//!   volley whenever its TDR target is 6 or more; the defender answers each targeted
//!   unit at its first firer; a battery in a targeted hex joins once against infantry.
//! - Infantry melee (only against cover, the city, or a lone battery, §9.2.3) when the
//!   attacker has at least the defender's SP and started in contact with its
//!   Formation Commander beside it (§9.2.2); the formation fires first, then melees.
//! - Cavalry: charges enemy cavalry it is not yet touching (§10.3); rides down a lone
//!   battery, infantry that is not in good order or out of command, routed infantry,
//!   and formed infantry at 2:1 or better (§10.2); meets adjacent cavalry in melee at
//!   1:1 or better; otherwise screens two hexes short of the enemy.
//! - Artillery bombards the nearest target in range; it moves forward only when it has
//!   none; a second volley when a target within two hexes remains (§8.3).
//! - Retreats go straight toward the own edge; off the map is elimination (§9.2.8).
//!   A commander stays with a unit that retreats in order, and otherwise joins the
//!   middle of his formation's leading row (§4.7).
//! - A battle ends early when a side has no unit left on the table (ASSUMPTION).

/// How every Piacenza roll is read, logged with it: the die shows 1–10, the game reads
/// the face less one (0–9, "zero is and remains zero").
pub const D10_READING: &str = "d10 face 1-10 read as face - 1, i.e. 0-9 (PIA 2.6)";
use super::BattleError;
use super::card::{Card, CardSide, Unit as CardUnit};
use super::frame::{self, Provisional, Rearguard};
use super::result::{LeaderResult, LeaderState, TacticalResult, UnitResult, UnitState, Winner};
use super::ruleset::{Game, GameTables, Ruleset, need};
use crate::rules::dice::Dice;
use serde::Deserialize;
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};

/// Hard cap on the turns played, whatever the data says.
const MAX_TURNS: u32 = 40;
/// Draws of the wing-selection roll before side A is given the initiative.
const MAX_SELECTION_ROLLS: u32 = 20;
/// The card keys of the two sides.
const KEYS: [&str; 2] = ["A", "B"];
/// The three columns of the Fire Table (§9.1.1).
const FIRE_COLUMNS: [&str; 3] = ["Normal", "Extended", "Intense"];

/// Resolves a battle with PIA's mechanics, map-free.
pub fn resolve(
    card: &Card,
    rs: &Ruleset,
    dice: &mut dyn Dice,
) -> Result<TacticalResult, BattleError> {
    if rs.game != Game::Pia {
        return Err(data_error(rs, "not a Piacenza 1746 ruleset".into()));
    }
    let GameTables::Pia(tables) = rs.tables_for_battle()? else {
        return Err(data_error(rs, "not a Piacenza 1746 ruleset".into()));
    };
    let readings = Readings::load(rs, card)?;
    let mut battle = Battle::new(card, tables, readings, dice)?;
    let outcome = battle.run();
    Ok(battle.result(outcome))
}

fn data_error(rs: &Ruleset, message: String) -> BattleError {
    BattleError::Data {
        ruleset: rs.id.clone(),
        message,
    }
}

/// Side A moves toward higher rows, side B toward lower ones.
fn dir(side: usize) -> i64 {
    if side == 0 { 1 } else { -1 }
}

// ---------------------------------------------------------------------------------
// Results of the tables.

/// A result of the Fire or Bombardment Table (§8.5, §9.1.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Hit {
    /// NE.
    NoEffect,
    /// D (0) or D1–D3: Disorder and retreat that many hexes.
    Disorder(i64),
    /// 1: one step lost (on these tables only a step, §4.f item 10).
    Step,
    /// 1R.
    StepRout,
    /// R.
    Rout,
    /// RR: rout and Ricochet (§8.5.2).
    RoutRicochet,
    /// E.
    Eliminated,
}

fn parse_hit(code: &str) -> Option<Hit> {
    Some(match code {
        "NE" => Hit::NoEffect,
        "D" => Hit::Disorder(0),
        "D1" => Hit::Disorder(1),
        "D2" => Hit::Disorder(2),
        "D3" => Hit::Disorder(3),
        "1" => Hit::Step,
        "1R" => Hit::StepRout,
        "R" => Hit::Rout,
        "RR" => Hit::RoutRicochet,
        "E" => Hit::Eliminated,
        _ => return None,
    })
}

/// One side's result of the Melee Table (§9.2.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Blow {
    /// `-`.
    None,
    /// R: Disorder and retreat one hex.
    Retreat,
    /// 1: a step lost, Disorder and retreat one hex (§4.f item 10).
    Step,
    /// E.
    Eliminated,
}

fn parse_blow(code: &str) -> Option<Blow> {
    Some(match code {
        "-" => Blow::None,
        "R" => Blow::Retreat,
        "1" => Blow::Step,
        "E" => Blow::Eliminated,
        _ => return None,
    })
}

/// Rows of one column of the Fire or Bombardment Table: (highest modified roll, result).
type Bands = Vec<(i64, Hit)>;

/// Returns the result of the first band whose highest roll is at least `index`, or
/// of the last band.
fn lookup<T: Copy>(bands: &[(i64, T)], index: i64, none: T) -> T {
    bands
        .iter()
        .find(|(max, _)| index <= *max)
        .or_else(|| bands.last())
        .map_or(none, |b| b.1)
}

// ---------------------------------------------------------------------------------
// The ruleset's tables, typed.

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TrainingRow {
    infantry: i64,
    grenadiers: i64,
    cavalry: i64,
}

/// §5.11 Training Die Roll table (present).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Training {
    austria: TrainingRow,
    france: TrainingRow,
    spain: TrainingRow,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFire {
    #[serde(default, rename = "provisional")]
    _provisional: bool,
    normal: Vec<(i64, String)>,
    extended: Vec<(i64, String)>,
    intense: Vec<(i64, String)>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBombardColumn {
    min_sp: i64,
    bands: Vec<(i64, String)>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBombard {
    #[serde(default, rename = "provisional")]
    _provisional: bool,
    range_drm: Vec<i64>,
    columns: Vec<RawBombardColumn>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMeleeColumn {
    odds: (i64, i64),
    bands: Vec<(i64, String, String)>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMelee {
    #[serde(default, rename = "provisional")]
    _provisional: bool,
    columns: Vec<RawMeleeColumn>,
}

/// One terrain of the Terrain Effects Chart (MISSING: PROVISIONAL stand-in).
#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct TerrainRow {
    fire: i64,
    melee: i64,
    tdr: i64,
    zoc: bool,
    los: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTec {
    #[serde(default, rename = "provisional")]
    _provisional: bool,
    terrain: BTreeMap<String, TerrainRow>,
}

/// Modifiers and thresholds the rule text states.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Modifiers {
    smoke_in_hex: i64,
    smoke_adjacent: i64,
    smoke_floor: i64,
    not_side_by_side: i64,
    flanked: i64,
    reaction: i64,
    floor: i64,
    tdr_ezoc: i64,
    tdr_smoke_in_hex: i64,
    tdr_smoke_adjacent: i64,
    tdr_cavalry_into_ezoc: i64,
    tdr_second_disorder: i64,
    reorg_out_of_command: i64,
    reorg_ezoc: i64,
    reorg_routed: i64,
    reorg_natural_fail: i64,
    light_tdr: i64,
    changing_ranks_max: i64,
    changing_ranks_grenadiers: i64,
    cannon_failure_max: i64,
    commander_retreat_max: i64,
    melee_vs_cover2: i64,
    charge_shift: usize,
    flank_shift: usize,
    cavalry_failed_tdr_shift: usize,
    rout_hexes: i64,
    cavalry_push_hexes: i64,
}

/// §13.0, §13.1.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Victory {
    attacker_wins_at: usize,
    draw_at: usize,
    /// A captured flag (Standard Bearer, §4.6.1): never arises map-free, where a Wing
    /// Commander's Standard Bearer is not modelled.
    #[serde(rename = "flag_vp")]
    _flag_vp: i64,
    staff_fc_vp: i64,
    staff_wc_vp: i64,
    routed_vp: i64,
    eliminated_vp: i64,
}

/// The Staff side of a commander (MISSING: PROVISIONAL stand-in).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct StaffValues {
    #[serde(default, rename = "provisional")]
    _provisional: bool,
    staff_fire_bonus: i64,
    staff_sf: i64,
}

/// The Turn Record Track (MISSING: PROVISIONAL stand-in).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TurnTrack {
    #[serde(default, rename = "provisional")]
    _provisional: bool,
    auto_victory_turn: u32,
}

/// The map-free table (ASSUMPTION, §0.4).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct MapFree {
    turns: u32,
    battle_attacker_edge: i64,
    battle_gap: i64,
    battle_defender_edge: i64,
    rearguard_attacker_edge: i64,
    rearguard_start: i64,
    rearguard_table_length: i64,
    objectives: usize,
    attacker_objectives: usize,
    second_volley_min: i64,
    cavalry_odds_vs_infantry: i64,
    line: BTreeMap<String, String>,
    approach: BTreeMap<String, String>,
    node_center: BTreeMap<String, String>,
    fortified_line: String,
}

struct MeleeColumn {
    odds: (i64, i64),
    bands: Vec<(i64, (Blow, Blow))>,
}

/// The tables as the ruleset file writes them.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Raw {
    training: Option<Training>,
    fire: Option<RawFire>,
    bombardment: Option<RawBombard>,
    melee: Option<RawMelee>,
    tec: Option<RawTec>,
    modifiers: Option<Modifiers>,
    victory: Option<Victory>,
    commanders: Option<StaffValues>,
    turn_track: Option<TurnTrack>,
    map_free: Option<MapFree>,
}

/// Types and checks the tables once, for every battle of the ruleset.
pub(crate) fn compile(raw: Raw, provisional: &BTreeSet<String>) -> Result<Tables, String> {
    let fire = need(raw.fire, "fire")?;
    let bombard = need(raw.bombardment, "bombardment")?;
    let melee = need(raw.melee, "melee")?;
    let tec = need(raw.tec, "tec")?;
    let tables = Tables {
        training: need(raw.training, "training")?,
        fire: [
            hit_bands(&fire.normal, "fire.normal")?,
            hit_bands(&fire.extended, "fire.extended")?,
            hit_bands(&fire.intense, "fire.intense")?,
        ],
        bombard_range: bombard.range_drm,
        bombard: bombard_columns(&bombard.columns)?,
        melee: melee_columns(&melee.columns)?,
        tec: tec.terrain,
        modifiers: need(raw.modifiers, "modifiers")?,
        victory: need(raw.victory, "victory")?,
        staff: need(raw.commanders, "commanders")?,
        turn_track: need(raw.turn_track, "turn_track")?,
        map_free: need(raw.map_free, "map_free")?,
        provisional: provisional.clone(),
    };
    tables.check()?;
    Ok(tables)
}

/// Every table the resolver reads, checked once.
pub struct Tables {
    training: Training,
    fire: [Bands; 3],
    bombard_range: Vec<i64>,
    /// Columns of the Bombardment Table: (lowest battery SP, rows).
    bombard: Vec<(i64, Bands)>,
    melee: Vec<MeleeColumn>,
    tec: BTreeMap<String, TerrainRow>,
    modifiers: Modifiers,
    victory: Victory,
    staff: StaffValues,
    turn_track: TurnTrack,
    map_free: MapFree,
    /// Names of the tables flagged `provisional = true`.
    provisional: BTreeSet<String>,
}

impl Tables {
    fn check(&self) -> Result<(), String> {
        if self.bombard_range.len() != 3 {
            return Err("table `bombardment`: `range_drm` needs the three ranges 1, 2, 3".into());
        }
        let mf = &self.map_free;
        let terrains = mf
            .line
            .values()
            .chain(mf.approach.values())
            .chain(mf.node_center.values());
        for t in terrains.chain([&mf.fortified_line, &"clear".to_owned()]) {
            if !self.tec.contains_key(t) {
                return Err(format!("table `tec` has no terrain `{t}`"));
            }
        }
        let rows = [
            mf.battle_attacker_edge,
            mf.battle_gap,
            mf.battle_defender_edge,
            mf.rearguard_attacker_edge,
            mf.rearguard_start,
            mf.rearguard_table_length,
        ];
        if mf.turns == 0
            || mf.battle_gap < 2
            || mf.rearguard_start <= mf.rearguard_attacker_edge
            || rows.iter().any(|r| !(0..=1000).contains(r))
        {
            return Err("table `map_free`: turns, gap or rearguard rows make no battle".into());
        }
        if self.melee.iter().any(|c| c.odds.0 > 100 || c.odds.1 > 100) {
            return Err("table `melee`: odds above 100".into());
        }
        Ok(())
    }
}

fn hit_bands(raw: &[(i64, String)], name: &str) -> Result<Bands, String> {
    let mut out = Vec::new();
    for (max, code) in raw {
        let hit =
            parse_hit(code).ok_or_else(|| format!("table `{name}`: unknown result `{code}`"))?;
        if out.last().is_some_and(|(m, _)| m >= max) {
            return Err(format!("table `{name}`: rows must rise"));
        }
        out.push((*max, hit));
    }
    if out.is_empty() {
        return Err(format!("table `{name}` has no rows"));
    }
    Ok(out)
}

fn bombard_columns(raw: &[RawBombardColumn]) -> Result<Vec<(i64, Bands)>, String> {
    if raw.is_empty() {
        return Err("table `bombardment` has no columns".into());
    }
    raw.iter()
        .map(|c| Ok((c.min_sp, hit_bands(&c.bands, "bombardment")?)))
        .collect()
}

/// The Bombardment Table column of a battery of `sp` SP, shifted one to the left (not
/// beyond the first) against infantry staggered in depth (§8.5.4).
fn bombard_column_of<T>(columns: &[(i64, T)], sp: i64, depth_shift: bool) -> usize {
    let col = columns.iter().rposition(|c| sp >= c.0).unwrap_or(0);
    col - usize::from(depth_shift && col > 0)
}

fn melee_columns(raw: &[RawMeleeColumn]) -> Result<Vec<MeleeColumn>, String> {
    if raw.is_empty() {
        return Err("table `melee` has no columns".into());
    }
    let mut out = Vec::new();
    for c in raw {
        if c.odds.0 < 1 || c.odds.1 < 1 {
            return Err("table `melee`: odds are two positive numbers".into());
        }
        let mut bands = Vec::new();
        for (max, a, d) in &c.bands {
            let parse = |s: &str| {
                parse_blow(s).ok_or_else(|| format!("table `melee`: unknown result `{s}`"))
            };
            bands.push((*max, (parse(a)?, parse(d)?)));
        }
        if bands.is_empty() || bands.windows(2).any(|w| w[0].0 >= w[1].0) {
            return Err("table `melee`: each column needs rising rows".into());
        }
        out.push(MeleeColumn {
            odds: c.odds,
            bands,
        });
    }
    Ok(out)
}

// ---------------------------------------------------------------------------------
// READING switches (§4.f), each with the value the digest recommends as default.

#[derive(Clone, Debug)]
struct Readings {
    /// §4.a `PIA_light_cavalry`.
    light_cavalry_effects: bool,
    /// §4.b `PIA_second_disorder_retreat`.
    second_disorder_retreat: bool,
    /// §4.f item 4 `PIA_depth_threshold`: the SP from which target infantry shifts.
    depth_min_sp: i64,
    /// §4.f item 5 `PIA_smoke_floor`.
    smoke_floor: bool,
    /// §4.f item 6 `PIA_disorder_removal`.
    disorder_end_of_turn: bool,
    /// §4.f item 7 `PIA_cavalry_post_attack`.
    cavalry_second_disorder: bool,
    /// §4.f item 8 `PIA_charged_routed_retreat`.
    routed_charged_hexes: i64,
    /// §4.f item 9 `PIA_austrian_win_objectives`: whether 0 objectives lose too.
    zero_objectives_lose: bool,
    /// §4.f item 9 `PIA_cic_staff_vp`.
    cic_staff_vp: i64,
    /// §4.f item 12 `PIA_wing_pairs`.
    until_all_wings: bool,
    /// §4.f item 13 `PIA_occupy`.
    occupy_with_routed: bool,
}

impl Readings {
    /// Reads each switch from the card (a battle's choice), else the ruleset.
    fn load(rs: &Ruleset, card: &Card) -> Result<Readings, BattleError> {
        let pick = |name: &str, default: &'static str, allowed: &[&str]| {
            let v = card
                .battle
                .readings
                .get(name)
                .or_else(|| rs.readings.get(name))
                .map_or(default, String::as_str);
            if allowed.contains(&v) {
                Ok(v.to_owned())
            } else {
                Err(data_error(
                    rs,
                    format!(
                        "reading `{name}` = `{v}`: expected one of {}",
                        allowed.join(", ")
                    ),
                ))
            }
        };
        let number = |v: String| v.parse::<i64>().unwrap_or_default();
        pick("PIA_flags", "standard_bearers", &["standard_bearers"])?;
        Ok(Readings {
            light_cavalry_effects: pick(
                "PIA_light_cavalry",
                "cavalry_rules",
                &["cavalry_rules", "light_effects"],
            )? == "light_effects",
            second_disorder_retreat: pick(
                "PIA_second_disorder_retreat",
                "retreat",
                &["retreat", "stay"],
            )? == "retreat",
            depth_min_sp: if pick("PIA_depth_threshold", "ge3", &["ge3", "ge2"])? == "ge3" {
                3
            } else {
                2
            },
            smoke_floor: pick("PIA_smoke_floor", "both", &["both", "total_only"])? == "both",
            disorder_end_of_turn: pick(
                "PIA_disorder_removal",
                "reorganization_only",
                &["reorganization_only", "end_of_turn"],
            )? == "end_of_turn",
            cavalry_second_disorder: pick(
                "PIA_cavalry_post_attack",
                "second_disorder",
                &["second_disorder", "marker_only"],
            )? == "second_disorder",
            routed_charged_hexes: number(pick("PIA_charged_routed_retreat", "3", &["3", "2"])?),
            zero_objectives_lose: pick("PIA_austrian_win_objectives", "0-1", &["0-1", "literal"])?
                == "0-1",
            cic_staff_vp: number(pick("PIA_cic_staff_vp", "5", &["5", "3"])?),
            until_all_wings: pick("PIA_wing_pairs", "until_all", &["until_all", "two_pairs"])?
                == "until_all",
            occupy_with_routed: pick("PIA_occupy", "non_routed", &["non_routed", "any_unit"])?
                == "any_unit",
        })
    }
}

// ---------------------------------------------------------------------------------
// The state of the battle.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Arm {
    Foot,
    Cavalry,
    Artillery,
}

/// Good order, Disorder, Rout (§11).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Order {
    Good,
    Disordered,
    Routed,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Gone {
    Eliminated,
    Escaped,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Doctrine {
    Attack,
    Hold,
    Delay,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rank {
    Chief,
    Wing,
    Formation,
}

/// A commander's counter: in play, on its Staff side, a trophy of the enemy (§4.6), or
/// eliminated with no unit to join (§4.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Counter {
    Up,
    Staff,
    Trophy,
    Killed,
}

#[derive(Clone, Debug)]
struct Unit {
    id: String,
    side: usize,
    arm: Arm,
    gren: bool,
    light: bool,
    /// Mounted dragoons never enter an infantry eZOC nor charge (§10.5).
    dragoon: bool,
    /// The §5.11 target.
    training: i64,
    sp_full: i64,
    sp_reduced: i64,
    mp: i64,
    formation: Option<usize>,
    wing: usize,
    sector: usize,
    pos: i64,
    home: i64,
    order: Order,
    gone: Option<Gone>,
    reduced: bool,
    steps_lost: u32,
    feu: bool,
    smoke: bool,
    /// Changed ranks this turn (§8.5.3).
    changed: bool,
    /// Infantry: fired in this activation (§9.1); artillery: its FIRED side (§8.3).
    fired: bool,
    /// Cannon failure: Fired for the rest of the day (§8.4).
    broken: bool,
    /// A Melee or Charge declared in movement: the target, and whether a Charge.
    declared: Option<(usize, bool)>,
}

impl Unit {
    fn sp(&self) -> i64 {
        if self.reduced {
            self.sp_reduced
        } else {
            self.sp_full
        }
    }

    fn steps_left(&self) -> u32 {
        if self.sp_reduced > 0 && !self.reduced {
            2
        } else {
            1
        }
    }
}

#[derive(Clone, Debug)]
struct Commander {
    id: String,
    side: usize,
    rank: Rank,
    wing: usize,
    formation: Option<usize>,
    fire_bonus: i64,
    sf: i64,
    counter: Counter,
    /// The unit he stands with.
    stack: Option<usize>,
    /// His hex: the row and sector where he stands (he stays there while his units
    /// move, §4.0, until placed again).
    row: i64,
    sector: usize,
    /// The units he reaches from there: his stack and its two neighbours (§4.e).
    reach: Vec<usize>,
}

#[derive(Clone, Debug)]
struct Formation {
    wing: usize,
    fc: Option<usize>,
}

#[derive(Clone, Debug)]
struct Sector {
    /// The defender's line, its starting row.
    line: i64,
    terrain: String,
    approach: String,
}

#[derive(Clone, Debug)]
struct Objective {
    sector: usize,
    pos: i64,
    holder: usize,
    /// One of the four the attacker wrote down.
    picked: bool,
}

/// How a battle ended.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Outcome {
    winner: Winner,
    reason: String,
}

/// A shot of a volley: who fires at whom, as an overlap or not, with a battery.
#[derive(Clone, Copy, Debug)]
struct Shot {
    firer: usize,
    target: usize,
    overlap: bool,
    battery: bool,
}

#[derive(Clone, Copy, Debug, Default)]
struct FireCtx {
    overlap: bool,
    reaction: bool,
}

struct Battle<'a> {
    card: &'a Card,
    t: &'a Tables,
    r: Readings,
    dice: &'a mut dyn Dice,
    units: Vec<Unit>,
    commanders: Vec<Commander>,
    formations: Vec<Formation>,
    /// Per side, per wing: its Wing Commander.
    wc: [Vec<Option<usize>>; 2],
    cic: [Option<usize>; 2],
    sectors: Vec<Sector>,
    objectives: Vec<Objective>,
    doctrine: [Doctrine; 2],
    rearguard: bool,
    /// Rows from side A's edge (0) to side B's edge.
    depth: i64,
    turn: u32,
    /// The activation being played, for event ids (`A-W1`, `end`).
    tag: String,
    /// PROVISIONAL tables consulted.
    used: RefCell<Provisional>,
    /// Enemy units already attacked in this wing activation (§9.2.1: one melee a hex).
    meleed: BTreeSet<usize>,
}

fn card_error(message: String) -> BattleError {
    BattleError::Card(message)
}

/// Reads an optional 1-based rating into a 0-based index below `n`.
fn one_based(
    ratings: &BTreeMap<String, i64>,
    owner: &str,
    key: &str,
    default: usize,
    n: usize,
) -> Result<usize, BattleError> {
    match ratings.get(key) {
        None => Ok(default),
        Some(&v) if v >= 1 && (v as usize) <= n => Ok(v as usize - 1),
        Some(&v) => Err(card_error(format!(
            "{owner}: `{key}` = {v} is not between 1 and {n}"
        ))),
    }
}

/// The largest rating a card may carry (no counter of the game comes near it).
const MAX_RATING: i64 = 99;

fn required(u: &CardUnit, key: &str, min: i64) -> Result<i64, BattleError> {
    let owner = format!("unit {}", u.id);
    frame::required(&owner, key, u.ratings.get(key).copied(), min..=MAX_RATING)
}

/// A commander's modifier, within ±`MAX_RATING`.
fn bounded(l: &super::card::Leader, key: &str) -> Result<i64, BattleError> {
    let v = l.rating(key, 0);
    if !(-MAX_RATING..=MAX_RATING).contains(&v) {
        return Err(card_error(format!(
            "leader {}: `{key}` = {v} is out of range",
            l.id
        )));
    }
    Ok(v)
}

/// Builds one unit from its card entry (ratings: see the ruleset file's header).
fn build_unit(cu: &CardUnit, side: usize, t: &Tables, r: &Readings) -> Result<Unit, BattleError> {
    let sp = required(cu, "sp", 1)?;
    let mp = required(cu, "mp", 1)?;
    let sp_reduced = cu.rating("sp_reduced", 0);
    if !(0..sp).contains(&sp_reduced) {
        return Err(card_error(format!(
            "unit {}: `sp_reduced` = {sp_reduced} must be 0 to {}",
            cu.id,
            sp - 1
        )));
    }
    let row = match required(cu, "army", 1)? {
        1 => &t.training.austria,
        2 => &t.training.france,
        3 => &t.training.spain,
        v => {
            return Err(card_error(format!(
                "unit {}: `army` = {v} is not 1, 2 or 3",
                cu.id
            )));
        }
    };
    let marked_light = cu.rating("light", 0) == 1;
    let (arm, gren, light, dragoon, training) = match cu.kind.as_str() {
        "inf" => (Arm::Foot, false, marked_light, false, row.infantry),
        "light" => (Arm::Foot, false, true, false, row.infantry),
        "gren" => (Arm::Foot, true, marked_light, false, row.grenadiers),
        "hcav" | "lcav" => (
            Arm::Cavalry,
            false,
            marked_light && r.light_cavalry_effects,
            false,
            row.cavalry,
        ),
        "drag" if cu.rating("dismounted", 0) == 1 => (Arm::Foot, false, false, false, row.cavalry),
        "drag" => (Arm::Cavalry, false, false, true, row.cavalry),
        "art" => (Arm::Artillery, false, false, false, row.infantry),
        k => {
            return Err(card_error(format!(
                "unit {}: kind `{k}` is not a PIA kind",
                cu.id
            )));
        }
    };
    Ok(Unit {
        id: cu.id.clone(),
        side,
        arm,
        gren,
        light,
        dragoon,
        training,
        sp_full: sp,
        sp_reduced,
        mp,
        formation: None,
        wing: 0,
        sector: 0,
        pos: 0,
        home: 0,
        order: Order::Good,
        gone: None,
        reduced: false,
        steps_lost: 0,
        feu: false,
        smoke: false,
        changed: false,
        fired: false,
        broken: false,
        declared: None,
    })
}

/// One side's organisation: its units, commanders, formations and wings (§4).
struct SideBuild {
    wc: Vec<Option<usize>>,
    cic: Option<usize>,
}

fn build_side(
    cs: &CardSide,
    side: usize,
    t: &Tables,
    r: &Readings,
    units: &mut Vec<Unit>,
    commanders: &mut Vec<Commander>,
    formations: &mut Vec<Formation>,
) -> Result<SideBuild, BattleError> {
    let key = KEYS[side];
    if cs.units.is_empty() {
        return Err(card_error(format!("side {key} has no unit")));
    }
    let (mut wcs, mut fcs, mut cic) = (Vec::new(), Vec::new(), None);
    for cl in &cs.leaders {
        let rank = match cl.rating("rank", 0) {
            1 => Rank::Chief,
            2 => Rank::Wing,
            3 => Rank::Formation,
            v => {
                return Err(card_error(format!(
                    "leader {}: `rank` = {v} is not 1, 2 or 3",
                    cl.id
                )));
            }
        };
        let i = commanders.len();
        commanders.push(Commander {
            id: cl.id.clone(),
            side,
            rank,
            wing: 0,
            formation: None,
            fire_bonus: bounded(cl, "fire_bonus")?,
            sf: bounded(cl, "sf")?,
            counter: Counter::Up,
            stack: None,
            row: 0,
            sector: 0,
            reach: Vec::new(),
        });
        match rank {
            // §4.2: one CiC a side; a second one has no place in the chain.
            Rank::Chief => cic = cic.or(Some(i)),
            Rank::Wing => wcs.push((i, cl)),
            Rank::Formation => fcs.push((i, cl)),
        }
    }
    if wcs.is_empty() && cic.is_none() {
        return Err(card_error(format!(
            "side {key} has neither a Commander-in-Chief nor a Wing Commander: no wing could activate (§3.0 A.1)"
        )));
    }
    let n_wings = wcs.len().max(1);
    let mut wc = vec![None; n_wings];
    for (k, (i, cl)) in wcs.iter().enumerate() {
        let w = one_based(&cl.ratings, &cl.id, "wing", k, n_wings)?;
        if wc[w].replace(*i).is_some() {
            return Err(card_error(format!(
                "leader {}: wing {} has two Wing Commanders",
                cl.id,
                w + 1
            )));
        }
        commanders[*i].wing = w;
    }
    let base = formations.len();
    let n_forms = fcs.len();
    let line_units = cs.units.iter().filter(|u| u.kind != "art").count();
    if line_units > 0 && n_forms == 0 {
        return Err(card_error(format!(
            "side {key} has no Formation Commander (§4.4)"
        )));
    }
    formations.extend((0..n_forms).map(|f| Formation {
        wing: f % n_wings,
        fc: None,
    }));
    for (k, (i, cl)) in fcs.iter().enumerate() {
        let f = one_based(&cl.ratings, &cl.id, "formation", k, n_forms)?;
        if formations[base + f].fc.replace(*i).is_some() {
            return Err(card_error(format!(
                "leader {}: formation {} has two commanders",
                cl.id,
                f + 1
            )));
        }
        let w = one_based(&cl.ratings, &cl.id, "wing", f % n_wings, n_wings)?;
        formations[base + f].wing = w;
        commanders[*i].formation = Some(base + f);
        commanders[*i].wing = w;
    }
    let (mut k_line, mut k_art) = (0, 0);
    for cu in &cs.units {
        let mut u = build_unit(cu, side, t, r)?;
        if u.arm == Arm::Artillery {
            u.wing = one_based(&cu.ratings, &cu.id, "wing", k_art % n_wings, n_wings)?;
            k_art += 1;
        } else {
            let f = one_based(
                &cu.ratings,
                &cu.id,
                "formation",
                k_line * n_forms / line_units,
                n_forms,
            )?;
            u.formation = Some(base + f);
            u.wing = formations[base + f].wing;
            k_line += 1;
        }
        units.push(u);
    }
    Ok(SideBuild { wc, cic })
}

impl<'a> Battle<'a> {
    fn new(
        card: &'a Card,
        t: &'a Tables,
        r: Readings,
        dice: &'a mut dyn Dice,
    ) -> Result<Battle<'a>, BattleError> {
        let rearguard = match card.battle.kind.as_str() {
            "battle" => false,
            "rearguard" => true,
            k => {
                return Err(card_error(format!(
                    "battle kind `{k}` is neither `battle` nor `rearguard`"
                )));
            }
        };
        let (mut units, mut commanders, mut formations) = (Vec::new(), Vec::new(), Vec::new());
        let a = build_side(
            &card.sides[0],
            0,
            t,
            &r,
            &mut units,
            &mut commanders,
            &mut formations,
        )?;
        let b = build_side(
            &card.sides[1],
            1,
            t,
            &r,
            &mut units,
            &mut commanders,
            &mut formations,
        )?;
        let n_sectors = a.wc.len().min(b.wc.len());
        let mf = &t.map_free;
        let (a0, b0, depth) = if rearguard {
            (
                mf.rearguard_attacker_edge,
                mf.rearguard_start,
                mf.rearguard_table_length,
            )
        } else {
            let b0 = mf.battle_attacker_edge + mf.battle_gap;
            (mf.battle_attacker_edge, b0, b0 + mf.battle_defender_edge)
        };
        if a0 < 0 || b0 > depth {
            return Err(BattleError::Data {
                ruleset: card.battle.ruleset.clone(),
                message: "table `map_free`: the armies do not fit the table".into(),
            });
        }
        let sectors = (0..n_sectors)
            .map(|s| sector(card, t, s, n_sectors, b0))
            .collect::<Result<Vec<_>, _>>()?;
        for u in &mut units {
            u.sector = u.wing % n_sectors;
            u.pos = if u.side == 0 { a0 } else { b0 };
            u.home = u.pos;
        }
        let objectives = if rearguard {
            Vec::new()
        } else {
            (0..mf.objectives)
                .map(|k| Objective {
                    sector: k % n_sectors,
                    pos: b0,
                    holder: 1,
                    picked: k < mf.attacker_objectives,
                })
                .collect()
        };
        // G2b.5: a side whose commander was killed defends but cannot attack.
        let attack = if !frame::may_attack(card)[0] {
            Doctrine::Hold
        } else {
            Doctrine::Attack
        };
        let mut battle = Battle {
            card,
            t,
            r,
            dice,
            units,
            commanders,
            formations,
            wc: [a.wc, b.wc],
            cic: [a.cic, b.cic],
            sectors,
            objectives,
            doctrine: [
                attack,
                if rearguard {
                    Doctrine::Delay
                } else {
                    Doctrine::Hold
                },
            ],
            rearguard,
            depth,
            turn: 1,
            tag: "setup".into(),
            used: RefCell::new(Provisional::default()),
            meleed: BTreeSet::new(),
        };
        battle.place_all_commanders();
        Ok(battle)
    }

    // ---- running the battle (§3.0) ----------------------------------------------

    fn run(&mut self) -> Outcome {
        let turns = frame::turn_cap(self.t.map_free.turns, MAX_TURNS);
        for turn in 1..=turns {
            self.turn = turn;
            if let Some(o) = self.play_turn() {
                return o;
            }
            if let Some(o) = self.turn_victory() {
                return o;
            }
        }
        self.final_victory()
    }

    /// §3.0: wing pairs until every wing has activated, then reorganization.
    fn play_turn(&mut self) -> Option<Outcome> {
        let mut left = [
            (0..self.wc[0].len()).collect::<Vec<_>>(),
            (0..self.wc[1].len()).collect(),
        ];
        let max_pairs = if self.r.until_all_wings {
            usize::MAX
        } else {
            2
        };
        let mut pair = 0;
        while pair < max_pairs && left.iter().any(|l| !l.is_empty()) {
            for (side, wing) in self.select_pair(pair, &mut left) {
                self.activate(side, wing);
                if let Some(o) = self.sudden_end() {
                    return Some(o);
                }
            }
            pair += 1;
        }
        self.end_of_turn();
        self.sudden_end()
    }

    /// §3.0 A: the wings of one pair, in activation order. Policy: each side names its
    /// lowest-numbered wing left; the high roller goes first.
    fn select_pair(&mut self, pair: usize, left: &mut [Vec<usize>; 2]) -> Vec<(usize, usize)> {
        // §3.0 A exception: on turn 1 the FS left wing, then the Austrian right wing;
        // map-free, each side's first wing (side A standing for the FS attacker).
        let fixed = self.turn == 1 && pair == 0 && left.iter().all(|l| l.first() == Some(&0));
        let picks = [0, 1].map(|s| (!left[s].is_empty()).then(|| left[s].remove(0)));
        match picks {
            [Some(a), Some(b)] => {
                if fixed || self.initiative(pair) == 0 {
                    vec![(0, a), (1, b)]
                } else {
                    vec![(1, b), (0, a)]
                }
            }
            [Some(a), None] => vec![(0, a)],
            [None, Some(b)] => vec![(1, b)],
            [None, None] => Vec::new(),
        }
    }

    /// §3.0 A: both roll a d10, a draw rerolls; returns the side of the high roller.
    fn initiative(&mut self, pair: usize) -> usize {
        self.tag = format!("pair{}", pair + 1);
        for _ in 0..MAX_SELECTION_ROLLS {
            let purpose = |k: &str| {
                format!(
                    "PIA wing selection {k}: d10, the higher chooses who activates first, a draw rerolls (§3.0 A)"
                )
            };
            let a = self.d10("select/A", &purpose("A"));
            let b = self.d10("select/B", &purpose("B"));
            if a != b {
                return if a > b { 0 } else { 1 };
            }
        }
        0
    }

    /// §3.1: a wing's four segments, formation by formation.
    fn activate(&mut self, side: usize, wing: usize) {
        self.tag = format!("{}-W{}", KEYS[side], wing + 1);
        self.meleed.clear();
        // §3.0 A.1: a wing out of command only defends this turn.
        if !self.wing_in_command(side, wing) {
            return;
        }
        let forms = self.wing_formations(side, wing);
        let batteries = self.wing_batteries(side, wing);
        self.feu_removal(side, wing);
        self.drift_routed(side, wing);
        for &f in &forms {
            self.move_formation(f);
        }
        for &a in &batteries {
            self.move_battery(a);
        }
        for &a in &batteries {
            self.bombard_turn(a);
        }
        for &f in &forms {
            self.combat_formation(f);
        }
        for u in &mut self.units {
            if u.arm != Arm::Artillery {
                u.fired = false;
            }
            u.declared = None;
        }
        // §4.0: the Wing Commander moves at the end of his wing's activation.
        self.place_wc(side, wing);
        self.update_objectives();
    }

    /// §3.0 B, §11.4, §12: reorganization and markers.
    fn end_of_turn(&mut self) {
        self.tag = "end".into();
        for u in 0..self.units.len() {
            self.reorganize(u);
        }
        for u in &mut self.units {
            if self.r.disorder_end_of_turn && u.order == Order::Disordered {
                u.order = Order::Good;
            }
            u.smoke = false;
            u.changed = false;
            if u.arm == Arm::Artillery {
                u.fired = u.broken;
            }
        }
        self.update_objectives();
    }

    // ---- dice and bookkeeping -----------------------------------------------------

    /// Rolls d10 read 0–9 (§2.6). The log keeps the face rolled (1–10); its purpose says
    /// that the game reads it less one, so a reader of `giglio log --dice` can check it.
    fn d10(&mut self, tail: &str, purpose: &str) -> i64 {
        let event = format!(
            "pia/{}/t{}/{}/{}",
            self.card.battle.id, self.turn, self.tag, tail
        );
        let purpose = format!("{purpose} [{D10_READING}]");
        i64::from(self.dice.roll(&event, 10, &purpose)) - 1
    }

    /// Records that a table was consulted (it matters when it is PROVISIONAL).
    fn note(&self, table: &str) {
        self.used
            .borrow_mut()
            .read(table, self.t.provisional.contains(table));
    }

    fn tec(&self, terrain: &str) -> TerrainRow {
        self.note("tec");
        self.t.tec.get(terrain).copied().unwrap_or_default()
    }

    fn on(&self, u: usize) -> bool {
        self.units[u].gone.is_none()
    }

    fn id(&self, u: usize) -> String {
        self.units[u].id.clone()
    }

    /// Terrain of a row of a sector: the line, the approach in front of it, or clear.
    fn row_terrain(&self, sector: usize, row: i64) -> &str {
        let s = &self.sectors[sector];
        if row == s.line {
            &s.terrain
        } else if row == s.line - 1 && s.approach != "stream" {
            &s.approach
        } else {
            "clear"
        }
    }

    fn terrain(&self, u: usize) -> &str {
        self.row_terrain(self.units[u].sector, self.units[u].pos)
    }

    /// Whether the approach's stream runs between two rows (§10.3: no charge across).
    fn stream_between(&self, sector: usize, a: i64, b: i64) -> bool {
        let s = &self.sectors[sector];
        s.approach == "stream" && a.min(b) == s.line - 1 && a.max(b) == s.line
    }

    /// A side's units on the table in a sector, in card order.
    fn in_sector(&self, side: usize, sector: usize) -> impl Iterator<Item = usize> + '_ {
        (0..self.units.len()).filter(move |&i| {
            self.on(i) && self.units[i].side == side && self.units[i].sector == sector
        })
    }

    /// The nearest enemy row in a unit's sector.
    fn enemy_row(&self, u: usize) -> Option<i64> {
        let x = &self.units[u];
        let rows = self
            .in_sector(1 - x.side, x.sector)
            .map(|i| self.units[i].pos);
        if x.side == 0 { rows.min() } else { rows.max() }
    }

    /// Hexes from a unit to the nearest enemy row.
    fn gap(&self, u: usize) -> Option<i64> {
        self.enemy_row(u)
            .map(|r| (r - self.units[u].pos) * dir(self.units[u].side))
    }

    fn adjacent(&self, u: usize, v: usize) -> bool {
        let (a, b) = (&self.units[u], &self.units[v]);
        self.on(u)
            && self.on(v)
            && a.side != b.side
            && a.sector == b.sector
            && (a.pos - b.pos).abs() == 1
    }

    /// Batteries and the infantry they stack with on one row (§6.0), in card order.
    fn stacks(&self, side: usize, sector: usize, pos: i64) -> Vec<(usize, usize)> {
        let here: Vec<usize> = self
            .in_sector(side, sector)
            .filter(|&i| self.units[i].pos == pos)
            .collect();
        let guns = here
            .iter()
            .copied()
            .filter(|&i| self.units[i].arm == Arm::Artillery);
        let foot = here
            .iter()
            .copied()
            .filter(|&i| self.units[i].arm == Arm::Foot && self.units[i].order != Order::Routed);
        guns.zip(foot).collect()
    }

    fn host_of(&self, gun: usize) -> Option<usize> {
        let x = &self.units[gun];
        self.stacks(x.side, x.sector, x.pos)
            .into_iter()
            .find(|p| p.0 == gun)
            .map(|p| p.1)
    }

    fn battery_with(&self, foot: usize) -> Option<usize> {
        let x = &self.units[foot];
        if x.arm != Arm::Foot || !self.on(foot) {
            return None;
        }
        self.stacks(x.side, x.sector, x.pos)
            .into_iter()
            .find(|p| p.1 == foot)
            .map(|p| p.0)
    }

    /// The two contact rows of a sector, without routed units and stacked batteries.
    fn contact(&self, sector: usize) -> Option<[Vec<usize>; 2]> {
        let a: Vec<usize> = self.in_sector(0, sector).collect();
        let b: Vec<usize> = self.in_sector(1, sector).collect();
        let ra = a.iter().map(|&i| self.units[i].pos).max()?;
        let rb = b.iter().map(|&i| self.units[i].pos).min()?;
        if rb - ra != 1 {
            return None;
        }
        let row = |list: &[usize], r: i64| -> Vec<usize> {
            list.iter()
                .copied()
                .filter(|&i| {
                    let x = &self.units[i];
                    x.pos == r
                        && x.order != Order::Routed
                        && !(x.arm == Arm::Artillery && self.host_of(i).is_some())
                })
                .collect()
        };
        Some([row(&a, ra), row(&b, rb)])
    }

    /// The enemy a unit of a contact row faces, and whether it is an overlap.
    fn target_in(rows: &[Vec<usize>; 2], side: usize, u: usize) -> Option<(usize, bool)> {
        let (mine, theirs) = (&rows[side], &rows[1 - side]);
        let k = mine.iter().position(|&i| i == u)?;
        let (place, overlap) = frame::facing(k, theirs.len())?;
        Some((theirs[place], overlap))
    }

    fn target_of(&self, u: usize) -> Option<(usize, bool)> {
        let rows = self.contact(self.units[u].sector)?;
        Self::target_in(&rows, self.units[u].side, u)
    }

    /// §7.0: every unit but artillery and routed units, not from woods or cover.
    fn exerts_zoc(&self, e: usize) -> bool {
        let x = &self.units[e];
        self.on(e)
            && x.order != Order::Routed
            && x.arm != Arm::Artillery
            && self.tec(self.terrain(e)).zoc
    }

    /// Enemy units on the row adjacent to `u` in its sector.
    fn facing(&self, u: usize) -> Vec<usize> {
        let x = &self.units[u];
        let row = x.pos + dir(x.side);
        self.in_sector(1 - x.side, x.sector)
            .filter(|&e| self.units[e].pos == row)
            .collect()
    }

    fn in_ezoc(&self, u: usize) -> bool {
        self.facing(u).into_iter().any(|e| self.exerts_zoc(e))
    }

    fn smoky(&self, u: usize) -> bool {
        // §9.1.2 note: a Feu de Billebaude marker also implies a Smoke marker.
        self.units[u].smoke || self.units[u].feu
    }

    /// The units beside `u` in its row and the enemy it faces: its adjacent hexes.
    fn neighbours(&self, u: usize) -> Vec<usize> {
        let x = &self.units[u];
        let row: Vec<usize> = self
            .in_sector(x.side, x.sector)
            .filter(|&i| self.units[i].pos == x.pos)
            .collect();
        let mut out = Vec::new();
        if let Some(k) = row.iter().position(|&i| i == u) {
            out.extend(k.checked_sub(1).map(|j| row[j]));
            out.extend(row.get(k + 1).copied());
        }
        out.extend(self.target_of(u).map(|t| t.0));
        out
    }

    /// §8.2.1: Smoke on a shot from `f` at `t`.
    fn fire_smoke(&self, f: usize, t: usize) -> i64 {
        let m = &self.t.modifiers;
        let smoke = if self.smoky(f) || self.smoky(t) {
            m.smoke_in_hex
        } else {
            let near: BTreeSet<usize> = self
                .neighbours(f)
                .into_iter()
                .chain(self.neighbours(t))
                .filter(|&i| i != f && i != t)
                .collect();
            near.into_iter().filter(|&i| self.smoky(i)).count() as i64 * m.smoke_adjacent
        };
        if self.r.smoke_floor {
            smoke.max(m.smoke_floor)
        } else {
            smoke
        }
    }

    /// §8.2.1 note: Smoke on a TDR.
    fn tdr_smoke(&self, u: usize) -> i64 {
        let m = &self.t.modifiers;
        if self.smoky(u) {
            m.tdr_smoke_in_hex
        } else if self.neighbours(u).into_iter().any(|i| self.smoky(i)) {
            m.tdr_smoke_adjacent
        } else {
            0
        }
    }

    // ---- command (§4) ---------------------------------------------------------------

    fn present(&self, c: usize) -> bool {
        matches!(self.commanders[c].counter, Counter::Up | Counter::Staff)
    }

    /// §3.0 A.1, §4.3: a wing acts with its Wing Commander, or under the CiC.
    fn wing_in_command(&self, side: usize, wing: usize) -> bool {
        let wc = self.wc[side].get(wing).copied().flatten();
        wc.is_some_and(|c| self.present(c)) || self.cic[side].is_some_and(|c| self.present(c))
    }

    /// §4.4.1: a formation without its commander is out of command; a battery answers
    /// to its wing (§2.2.2).
    fn in_command(&self, u: usize) -> bool {
        let x = &self.units[u];
        match x.formation {
            None => self.wing_in_command(x.side, x.wing),
            Some(f) => {
                let form = &self.formations[f];
                form.fc.is_some_and(|c| self.present(c)) && self.wing_in_command(x.side, form.wing)
            }
        }
    }

    fn is_member(&self, c: usize, u: usize) -> bool {
        let (l, x) = (&self.commanders[c], &self.units[u]);
        l.side == x.side
            && x.arm != Arm::Artillery
            && match l.rank {
                Rank::Formation => x.formation.is_some() && x.formation == l.formation,
                Rank::Wing => x.wing == l.wing,
                Rank::Chief => false,
            }
    }

    /// Whether a commander stands with `u` or beside it: one of the units he reached
    /// when placed, still within a hex of his row.
    fn reaches(&self, c: usize, u: usize) -> bool {
        let (l, x) = (&self.commanders[c], &self.units[u]);
        self.present(c)
            && self.on(u)
            && l.reach.contains(&u)
            && x.sector == l.sector
            && (x.pos - l.row).abs() <= 1
    }

    /// Stands a commander with unit `s` (or with none): his row, and the members of his
    /// command beside `s` on that row (§4.e: his stack and two neighbours).
    fn set_stack(&mut self, c: usize, s: Option<usize>) {
        let mut reach = Vec::new();
        if let Some(s) = s {
            let x = &self.units[s];
            let row: Vec<usize> = self
                .in_sector(x.side, x.sector)
                .filter(|&i| self.units[i].pos == x.pos && self.is_member(c, i))
                .collect();
            if let Some(k) = row.iter().position(|&i| i == s) {
                reach = row[k.saturating_sub(1)..(k + 2).min(row.len())].to_vec();
            }
            let l = &mut self.commanders[c];
            (l.row, l.sector) = (x.pos, x.sector);
        }
        let l = &mut self.commanders[c];
        l.stack = s;
        l.reach = reach;
    }

    fn fc_of(&self, u: usize) -> Option<usize> {
        self.units[u].formation.and_then(|f| self.formations[f].fc)
    }

    /// §9.1.4: the Wing Commander's bonus supersedes the Formation Commander's.
    fn fire_bonus(&self, u: usize) -> i64 {
        let x = &self.units[u];
        let wc = self.wc[x.side].get(x.wing).copied().flatten();
        let by = wc
            .filter(|&c| self.reaches(c, u))
            .or_else(|| self.fc_of(u).filter(|&c| self.reaches(c, u)));
        by.map_or(0, |c| {
            if self.commanders[c].counter == Counter::Staff {
                self.note("commanders");
                self.t.staff.staff_fire_bonus
            } else {
                self.commanders[c].fire_bonus
            }
        })
    }

    /// §4.4: the Sergeants' Factor of the unit's Formation Commander, if beside it.
    fn best_sf(&self, u: usize) -> i64 {
        self.fc_of(u)
            .filter(|&c| self.reaches(c, u))
            .map_or(0, |c| {
                if self.commanders[c].counter == Counter::Staff {
                    self.note("commanders");
                    self.t.staff.staff_sf
                } else {
                    self.commanders[c].sf
                }
            })
    }

    fn formation_units(&self, f: usize) -> Vec<usize> {
        (0..self.units.len())
            .filter(|&i| self.on(i) && self.units[i].formation == Some(f))
            .collect()
    }

    fn wing_formations(&self, side: usize, wing: usize) -> Vec<usize> {
        (0..self.formations.len())
            .filter(|&f| self.formations[f].wing == wing && self.formation_side(f) == Some(side))
            .collect()
    }

    fn formation_side(&self, f: usize) -> Option<usize> {
        let c = self.formations[f].fc?;
        Some(self.commanders[c].side)
    }

    fn wing_batteries(&self, side: usize, wing: usize) -> Vec<usize> {
        (0..self.units.len())
            .filter(|&i| {
                let x = &self.units[i];
                self.on(i) && x.side == side && x.wing == wing && x.arm == Arm::Artillery
            })
            .collect()
    }

    /// The formed units of a list on its most forward row, in card order.
    fn leading_row(&self, members: &[usize]) -> Vec<usize> {
        let live: Vec<usize> = members
            .iter()
            .copied()
            .filter(|&i| {
                self.on(i)
                    && self.units[i].order != Order::Routed
                    && self.units[i].arm != Arm::Artillery
            })
            .collect();
        let Some(best) = live
            .iter()
            .map(|&i| self.units[i].pos * dir(self.units[i].side))
            .max()
        else {
            return Vec::new();
        };
        live.into_iter()
            .filter(|&i| self.units[i].pos * dir(self.units[i].side) == best)
            .collect()
    }

    fn leading_middle(&self, members: &[usize]) -> Option<usize> {
        let row = self.leading_row(members);
        row.get(row.len() / 2).copied()
    }

    fn command_members(&self, c: usize) -> Vec<usize> {
        (0..self.units.len())
            .filter(|&i| self.on(i) && self.is_member(c, i))
            .collect()
    }

    fn place_all_commanders(&mut self) {
        for f in 0..self.formations.len() {
            self.place_fc(f);
        }
        for side in 0..2 {
            for w in 0..self.wc[side].len() {
                self.place_wc(side, w);
            }
        }
    }

    /// Policy: a Formation Commander joins the middle of his formation's leading row.
    fn place_fc(&mut self, f: usize) {
        if let Some(c) = self.formations[f].fc
            && self.present(c)
            && let Some(s) = self.leading_middle(&self.formation_units(f))
        {
            self.set_stack(c, Some(s));
        }
    }

    /// Policy: a Wing Commander with a fire bonus joins a leading unit of his wing that
    /// no Formation Commander reaches, else one whose Formation Commander's bonus is
    /// lower than his (his supersedes, §9.1.4); otherwise he stands behind the line,
    /// with no unit, out of harm's way.
    fn place_wc(&mut self, side: usize, wing: usize) {
        let Some(c) = self.wc[side].get(wing).copied().flatten() else {
            return;
        };
        if !self.present(c) {
            return;
        }
        let own = self.commanders[c].fire_bonus;
        let lead: Vec<usize> = self
            .wing_formations(side, wing)
            .into_iter()
            .flat_map(|f| self.leading_row(&self.formation_units(f)))
            .collect();
        let fc_bonus = |u: usize| {
            self.fc_of(u)
                .filter(|&fc| self.reaches(fc, u))
                .map(|fc| self.commanders[fc].fire_bonus)
        };
        let free = lead.iter().copied().find(|&u| fc_bonus(u).is_none());
        let better = lead
            .iter()
            .copied()
            .find(|&u| fc_bonus(u).is_some_and(|b| b < own));
        self.set_stack(c, if own > 0 { free.or(better) } else { None });
    }

    /// The commanders in `u`'s hex: standing with it, on its row.
    fn commanders_with(&self, u: usize) -> Vec<usize> {
        let x = &self.units[u];
        (0..self.commanders.len())
            .filter(|&c| {
                let l = &self.commanders[c];
                self.present(c) && l.stack == Some(u) && l.row == x.pos && l.sector == x.sector
            })
            .collect()
    }

    /// §4.6, §4.7: the counter flips to its Staff side; a Staff becomes a trophy.
    fn flip(&mut self, c: usize) {
        let l = &mut self.commanders[c];
        l.counter = match l.counter {
            Counter::Up => Counter::Staff,
            Counter::Staff => Counter::Trophy,
            other => other,
        };
    }

    /// §4.7: he stays with a unit that keeps its order, or joins the nearest unit of
    /// his command; with none he is eliminated.
    fn relocate(&mut self, c: usize, from: usize) {
        if self.on(from) && self.units[from].order != Order::Routed {
            return;
        }
        if self.commanders[c].rank == Rank::Chief {
            return;
        }
        match self.leading_middle(&self.command_members(c)) {
            Some(s) => self.set_stack(c, Some(s)),
            None => {
                self.set_stack(c, None);
                self.commanders[c].counter = Counter::Killed;
            }
        }
    }

    /// §4.7: a commander with a unit forced to retreat by combat rolls d10: 0–2 flips.
    fn commander_retreat(&mut self, u: usize) {
        for c in self.commanders_with(u) {
            let (id, unit) = (self.commanders[c].id.clone(), self.id(u));
            let max = self.t.modifiers.commander_retreat_max;
            let purpose = format!(
                "PIA commander retreat {id} with {unit}: d10 0-{max} flips him to his Staff side, a Staff is captured (§4.7)"
            );
            if self.d10(&format!("commander/{id}"), &purpose) <= max {
                self.flip(c);
            }
            if self.present(c) {
                self.relocate(c, u);
            }
        }
    }

    /// §4.6: the last piece in a hex the enemy enters is captured.
    fn commander_capture(&mut self, u: usize) {
        for c in self.commanders_with(u) {
            self.flip(c);
            if self.present(c) {
                self.relocate(c, u);
            }
        }
    }

    // ---- TDR (§5.11) ------------------------------------------------------------------

    /// The standard TDR modifiers: eZOC (§7.1g), Smoke (§8.2.1 note), terrain (TEC).
    fn std_mods(&self, u: usize) -> Vec<(i64, &'static str)> {
        let m = &self.t.modifiers;
        let mut mods = Vec::new();
        if self.in_ezoc(u) {
            mods.push((m.tdr_ezoc, "eZOC"));
        }
        let smoke = self.tdr_smoke(u);
        if smoke != 0 {
            mods.push((smoke, "Smoke"));
        }
        let terrain = self.tec(self.terrain(u)).tdr;
        if terrain != 0 {
            mods.push((terrain, "terrain"));
        }
        mods
    }

    /// The highest raw d10 that passes a TDR with these modifiers.
    fn tdr_target(&self, u: usize, mods: &[(i64, &str)]) -> i64 {
        let light = if self.units[u].light {
            self.t.modifiers.light_tdr
        } else {
            0
        };
        self.units[u].training - mods.iter().map(|m| m.0).sum::<i64>() + self.best_sf(u) - light
    }

    /// §5.11: d10 + modifiers − SF (− 1 light, §9.2.6a) ≤ the training level passes;
    /// on a reorganization an unmodified 9 always fails (§11.4).
    fn tdr(&mut self, u: usize, key: &str, what: &str, mods: &[(i64, &str)], reorg: bool) -> bool {
        let sf = self.best_sf(u);
        let light = if self.units[u].light {
            self.t.modifiers.light_tdr
        } else {
            0
        };
        let need = self.units[u].training;
        let mut text: String = mods
            .iter()
            .map(|(v, why)| format!(" {v:+} {why}"))
            .collect();
        if sf != 0 {
            text += &format!(" -{sf} SF");
        }
        if light != 0 {
            text += &format!(" {light:+} light");
        }
        let nine = if reorg { ", an unmodified 9 fails" } else { "" };
        let unit = self.id(u);
        let purpose = format!("PIA TDR {what} {unit}: d10{text} <= {need} passes{nine} (§5.11)");
        let raw = self.d10(&format!("tdr/{key}/{unit}"), &purpose);
        if reorg && raw == self.t.modifiers.reorg_natural_fail {
            return false;
        }
        raw + mods.iter().map(|m| m.0).sum::<i64>() - sf + light <= need
    }

    // ---- losses, disorder, retreat, rout (§8.5, §9.2.8, §11) --------------------------

    fn eliminate(&mut self, u: usize, enemy_enters: bool) {
        if !self.on(u) {
            return;
        }
        let x = &mut self.units[u];
        x.steps_lost += x.steps_left();
        x.gone = Some(Gone::Eliminated);
        if enemy_enters {
            self.commander_capture(u);
        } else {
            for c in self.commanders_with(u) {
                self.relocate(c, u);
            }
        }
    }

    /// §9.2.9: the first step flips a two-step unit; any other removes it.
    fn lose_steps(&mut self, u: usize, n: usize, enemy_enters: bool) {
        for _ in 0..n {
            if !self.on(u) {
                return;
            }
            let x = &mut self.units[u];
            if x.sp_reduced > 0 && !x.reduced {
                x.reduced = true;
                x.steps_lost += 1;
            } else {
                self.eliminate(u, enemy_enters);
            }
        }
    }

    /// Moves a unit `hexes` toward its own edge; a unit that would leave the map is
    /// eliminated (§9.2.8, §11.3). `combat`: the commanders with it roll (§4.7).
    fn retreat(&mut self, u: usize, hexes: i64, combat: bool) {
        if !self.on(u) || hexes <= 0 {
            return;
        }
        let with = self.commanders_with(u);
        let new = self.units[u].pos - dir(self.units[u].side) * hexes;
        if new < 0 || new > self.depth {
            self.eliminate(u, false);
            return;
        }
        self.units[u].pos = new;
        // The commanders in its hex go with it (§4.7, §5.10).
        for c in with {
            self.set_stack(c, Some(u));
        }
        if combat {
            self.commander_retreat(u);
        }
    }

    /// §11.2, §11.3: a routed unit retreats three hexes at once; a battery alone is
    /// eliminated (§8.5.1).
    fn rout(&mut self, u: usize, combat: bool) {
        if !self.on(u) {
            return;
        }
        if self.units[u].arm == Arm::Artillery {
            self.eliminate(u, false);
            return;
        }
        self.units[u].order = Order::Routed;
        self.retreat(u, self.t.modifiers.rout_hexes, combat);
    }

    /// §11.1e: a Disordered unit hit by a new Disorder takes a TDR at +2; it routs if
    /// it fails. Returns whether it holds.
    fn second_disorder_holds(&mut self, u: usize) -> bool {
        let mut mods = self.std_mods(u);
        mods.push((self.t.modifiers.tdr_second_disorder, "second Disorder"));
        self.tdr(u, "second-disorder", "second Disorder", &mods, false)
    }

    /// A D or D# result of fire or bombardment (§8.5, §11.1).
    fn disorder(&mut self, u: usize, hexes: i64) {
        if !self.on(u) || self.units[u].arm == Arm::Artillery {
            return;
        }
        match self.units[u].order {
            Order::Routed => self.retreat(u, self.t.modifiers.rout_hexes, true),
            Order::Disordered => {
                if !self.second_disorder_holds(u) {
                    self.rout(u, true);
                } else if self.r.second_disorder_retreat {
                    self.retreat(u, hexes, true);
                }
            }
            Order::Good => {
                self.units[u].order = Order::Disordered;
                self.retreat(u, hexes, true);
            }
        }
    }

    /// §8.5.3: the first D or D# of a turn on formed infantry of 2+ SP: d10 − SF
    /// (− 1 grenadiers) of 0–3 changes ranks and keeps good order.
    fn changing_of_ranks(&mut self, u: usize) -> bool {
        let x = &self.units[u];
        if x.arm != Arm::Foot || x.sp() < 2 || x.order != Order::Good || x.changed {
            return false;
        }
        let m = &self.t.modifiers;
        let gren = x.gren
            || self.neighbours(u).into_iter().any(|i| {
                let n = &self.units[i];
                n.side == x.side && n.gren && n.order == Order::Good
            });
        let (sf, max) = (self.best_sf(u), m.changing_ranks_max);
        let g = if gren { m.changing_ranks_grenadiers } else { 0 };
        let unit = self.id(u);
        let sf_text = if sf != 0 {
            format!(" -{sf} SF")
        } else {
            String::new()
        };
        let g_text = if g != 0 {
            format!(" {g:+} grenadiers")
        } else {
            String::new()
        };
        let purpose = format!(
            "PIA changing of ranks {unit}: d10{sf_text}{g_text}, 0-{max} keeps good order (§8.5.3)"
        );
        let roll = self.d10(&format!("ranks/{unit}"), &purpose);
        if roll - sf + g <= max {
            self.units[u].changed = true;
            true
        } else {
            false
        }
    }

    /// §8.5.1, §9.1: every result of one volley on one unit at once: an E eliminates,
    /// steps add up, only the worst Disorder counts.
    fn apply_hits(&mut self, u: usize, hits: &[Hit]) {
        let hits: Vec<Hit> = hits
            .iter()
            .copied()
            .filter(|&h| h != Hit::NoEffect)
            .collect();
        if hits.is_empty() || !self.on(u) {
            return;
        }
        if self.units[u].arm == Arm::Artillery {
            // §8.5.1: a battery alone dies of E, a step or a retreat; Disorder is nothing.
            if hits.iter().any(|&h| h != Hit::Disorder(0)) {
                self.eliminate(u, false);
            }
            return;
        }
        if hits.contains(&Hit::Eliminated) {
            self.eliminate(u, false);
            return;
        }
        let steps = hits
            .iter()
            .filter(|&&h| matches!(h, Hit::Step | Hit::StepRout))
            .count();
        let routs = hits
            .iter()
            .any(|&h| matches!(h, Hit::StepRout | Hit::Rout | Hit::RoutRicochet));
        let worst = hits
            .iter()
            .filter_map(|&h| {
                if let Hit::Disorder(n) = h {
                    Some(n)
                } else {
                    None
                }
            })
            .max();
        if self.units[u].order == Order::Routed {
            // §11.2: fired at, a routed unit retreats three hexes again.
            self.lose_steps(u, steps, false);
            self.retreat(u, self.t.modifiers.rout_hexes, true);
            return;
        }
        let worst = if !routs && worst.is_some() && self.changing_of_ranks(u) {
            None
        } else {
            worst
        };
        self.lose_steps(u, steps, false);
        if routs {
            self.rout(u, true);
        } else if let Some(n) = worst {
            self.disorder(u, n);
        }
    }

    // ---- fire (§9.1) ------------------------------------------------------------------

    /// §8.5.4: target infantry of the READING's SP or more shifts the column left.
    fn depth_shift(&self, t: usize) -> bool {
        self.units[t].arm == Arm::Foot && self.units[t].sp() >= self.r.depth_min_sp
    }

    /// §9.1.1: Normal (1 SP), Extended (2–3), Intense (4+), shifted by depth.
    fn fire_column(&self, sp: i64, t: usize) -> usize {
        let base = match sp {
            ..=1 => 0,
            2..=3 => 1,
            _ => 2,
        };
        if self.depth_shift(t) {
            base - usize::from(base > 0)
        } else {
            base
        }
    }

    /// §9.1.3: another unit of its formation on the firer's row.
    fn side_by_side(&self, f: usize) -> bool {
        let x = &self.units[f];
        x.formation.is_some()
            && self.in_sector(x.side, x.sector).any(|i| {
                let y = &self.units[i];
                i != f && y.pos == x.pos && y.formation == x.formation && y.order != Order::Routed
            })
    }

    /// §8.2: terrain, Smoke, not side by side, flanked, reaction; −4 at most.
    fn fire_drm(&self, f: usize, t: usize, ctx: FireCtx) -> i64 {
        let m = &self.t.modifiers;
        let terrain = self.tec(self.terrain(t)).fire;
        let side = if self.side_by_side(f) {
            0
        } else {
            m.not_side_by_side
        };
        let flank = if ctx.overlap { m.flanked } else { 0 };
        let reaction = if ctx.reaction { m.reaction } else { 0 };
        (terrain + self.fire_smoke(f, t) + side + flank + reaction).max(m.floor)
    }

    /// One infantry shot on the Fire Table (PROVISIONAL).
    fn shot(&mut self, f: usize, t: usize, ctx: FireCtx) -> Hit {
        let sp = self.units[f].sp() + self.fire_bonus(f);
        let col = self.fire_column(sp, t);
        let drm = self.fire_drm(f, t, ctx);
        self.note("fire");
        let (fid, tid) = (self.id(f), self.id(t));
        let kind = if ctx.reaction {
            "reaction fire"
        } else {
            "fire"
        };
        let purpose = format!(
            "PIA {kind} {fid}->{tid}: {sp} SP, {} column, DRM {drm:+} (§9.1)",
            FIRE_COLUMNS[col]
        );
        let roll = self.d10(&format!("fire/{fid}>{tid}"), &purpose);
        lookup(&self.t.fire[col], roll + drm, Hit::NoEffect)
    }

    /// Whether a unit may fire: formed or (in command) disordered infantry without a
    /// Feu marker (§9.1, §11.1d); offensively only in command, but light (§9.2.6c).
    fn can_fire(&self, u: usize, offensive: bool) -> bool {
        let x = &self.units[u];
        let cmd = self.in_command(u);
        self.on(u)
            && x.arm == Arm::Foot
            && !x.feu
            && (x.order == Order::Good || (x.order == Order::Disordered && cmd))
            && (!offensive || ((cmd || x.light) && x.declared.is_none() && !x.fired))
    }

    /// §9.1: a formation's fire combat, two volleys, both sides simultaneous.
    fn fire_combat(&mut self, f: usize) {
        let sectors: BTreeSet<usize> = self
            .formation_units(f)
            .into_iter()
            .map(|u| self.units[u].sector)
            .collect();
        for sector in sectors {
            self.fire_in_sector(f, sector);
        }
    }

    fn fire_in_sector(&mut self, f: usize, sector: usize) {
        let Some(side) = self.formation_side(f) else {
            return;
        };
        let Some(rows) = self.contact(sector) else {
            return;
        };
        let opening: Vec<Shot> = rows[side]
            .iter()
            .copied()
            .filter(|&u| self.units[u].formation == Some(f) && self.can_fire(u, true))
            .filter_map(|u| {
                let (target, overlap) = Self::target_in(&rows, side, u)?;
                Some(Shot {
                    firer: u,
                    target,
                    overlap,
                    battery: false,
                })
            })
            .collect();
        if opening.is_empty() {
            return;
        }
        let replies = self.replies(&rows, &opening);
        self.volley(&[opening.clone(), replies.clone()].concat());
        // §9.1.2: both sides announce, every announced unit takes its TDR (the markers
        // of those that fail go down together, after the rolls), then fire.
        let announced: Vec<Shot> = opening
            .iter()
            .chain(&replies)
            .copied()
            .filter(|s| self.wants_second_volley(s))
            .collect();
        let (mut second, mut feu) = (Vec::new(), Vec::new());
        for s in announced {
            let mods = self.std_mods(s.firer);
            if self.tdr(s.firer, "second-volley", "second volley", &mods, false) {
                second.push(s);
            } else {
                feu.push(s.firer);
            }
        }
        for u in feu {
            self.units[u].feu = true;
        }
        self.volley(&second);
        for s in &opening {
            self.units[s.firer].fired = true;
        }
    }

    /// §9.1: each targeted unit answers one of its firers; a battery in the targeted
    /// hex (or targeted alone) that has not fired joins once against infantry (§8.1).
    fn replies(&self, rows: &[Vec<usize>; 2], opening: &[Shot]) -> Vec<Shot> {
        let mut out = Vec::new();
        let mut seen = BTreeSet::new();
        for s in opening {
            if !seen.insert(s.target) {
                continue;
            }
            let t = s.target;
            if self.can_fire(t, false) {
                let overlap = Self::target_in(rows, self.units[t].side, t).is_some_and(|p| p.1);
                out.push(Shot {
                    firer: t,
                    target: s.firer,
                    overlap,
                    battery: false,
                });
            }
            let gun = if self.units[t].arm == Arm::Artillery {
                Some(t)
            } else {
                self.battery_with(t)
            };
            if let Some(g) = gun
                && !self.units[g].fired
                && self.units[s.firer].arm == Arm::Foot
            {
                out.push(Shot {
                    firer: g,
                    target: s.firer,
                    overlap: false,
                    battery: true,
                });
            }
        }
        out
    }

    /// One volley: every shot is rolled, then every result applied (§9.1).
    fn volley(&mut self, shots: &[Shot]) {
        let mut hits: BTreeMap<usize, Vec<Hit>> = BTreeMap::new();
        let mut disordered = Vec::new();
        for s in shots {
            if !self.on(s.firer) || !self.on(s.target) {
                continue;
            }
            let hit = if s.battery {
                self.units[s.firer].fired = true;
                self.bombard_shot(s.firer, s.target, 1)
            } else {
                if self.units[s.firer].order == Order::Disordered {
                    disordered.push(s.firer);
                }
                self.shot(
                    s.firer,
                    s.target,
                    FireCtx {
                        overlap: s.overlap,
                        reaction: false,
                    },
                )
            };
            hits.entry(s.target).or_default().push(hit);
        }
        for (t, h) in hits {
            self.apply_hits(t, &h);
        }
        // §11.1d: disordered infantry fires one volley, then goes into Feu de Billebaude.
        for u in disordered {
            self.units[u].feu = true;
        }
    }

    /// Policy (§4.e): a second volley by a formed unit still facing its target,
    /// whenever its TDR target is 6 or more.
    fn wants_second_volley(&self, s: &Shot) -> bool {
        let x = &self.units[s.firer];
        !s.battery
            && self.on(s.firer)
            && x.order == Order::Good
            && !x.feu
            && self.units[s.target].order != Order::Routed
            && self.adjacent(s.firer, s.target)
            && self.tdr_target(s.firer, &self.std_mods(s.firer))
                >= self.t.map_free.second_volley_min
    }

    /// §9.1.2: at the start of the activation every marked unit tries to remove its Feu.
    fn feu_removal(&mut self, side: usize, wing: usize) {
        let marked: Vec<usize> = (0..self.units.len())
            .filter(|&i| {
                let x = &self.units[i];
                self.on(i) && x.side == side && x.wing == wing && x.feu
            })
            .collect();
        for u in marked {
            let mods = self.std_mods(u);
            if self.tdr(u, "feu", "Feu de Billebaude removal", &mods, false) {
                self.units[u].feu = false;
            }
        }
    }

    /// §7.2: a unit leaving an eZOC draws fire at −3 from the infantry facing it.
    fn reaction_fire(&mut self, u: usize) {
        let side = self.units[u].side;
        let Some(rows) = self.contact(self.units[u].sector) else {
            return;
        };
        let shooters: Vec<(usize, bool)> = rows[1 - side]
            .iter()
            .copied()
            .filter(|&e| self.can_fire(e, false))
            .filter_map(|e| {
                Self::target_in(&rows, 1 - side, e)
                    .filter(|p| p.0 == u)
                    .map(|p| (e, p.1))
            })
            .collect();
        let hits: Vec<Hit> = shooters
            .into_iter()
            .map(|(e, overlap)| {
                self.shot(
                    e,
                    u,
                    FireCtx {
                        overlap,
                        reaction: true,
                    },
                )
            })
            .collect();
        self.apply_hits(u, &hits);
    }

    // ---- bombardment (§8) -------------------------------------------------------------

    fn bombard_column(&self, sp: i64, t: usize) -> usize {
        bombard_column_of(&self.t.bombard, sp, self.depth_shift(t))
    }

    /// §8.1, §8.2: range (PROVISIONAL), terrain, Smoke; −4 at most.
    fn bombard_drm(&self, a: usize, t: usize, range: i64) -> i64 {
        self.note("bombardment");
        let range_drm = self
            .t
            .bombard_range
            .get(range as usize - 1)
            .copied()
            .unwrap_or(0);
        let terrain = self.tec(self.terrain(t)).fire;
        (range_drm + terrain + self.fire_smoke(a, t)).max(self.t.modifiers.floor)
    }

    /// One roll on the Bombardment Table (PROVISIONAL); at range 1 RR is a rout (§8.5.2).
    fn bombard_roll(&mut self, a: usize, t: usize, range: i64, col: usize, what: &str) -> Hit {
        let drm = self.bombard_drm(a, t, range);
        let (aid, tid) = (self.id(a), self.id(t));
        let purpose = format!(
            "PIA {what} {aid}->{tid}: column {}, range {range}, DRM {drm:+} (§8.1)",
            col + 1
        );
        let roll = self.d10(&format!("{what}/{aid}>{tid}"), &purpose);
        let hit = lookup(&self.t.bombard[col].1, roll + drm, Hit::NoEffect);
        if range == 1 && hit == Hit::RoutRicochet {
            Hit::Rout
        } else {
            hit
        }
    }

    fn bombard_shot(&mut self, a: usize, t: usize, range: i64) -> Hit {
        let col = self.bombard_column(self.units[a].sp(), t);
        self.bombard_roll(a, t, range, col, "bombardment")
    }

    /// §8.5.2: RR routs the target; the owner picks a unit in its hex or right behind
    /// it, which takes a roll on the 1–2 SP column; its own RR counts as a rout only.
    fn bombard(&mut self, a: usize, t: usize, range: i64) {
        let hit = self.bombard_shot(a, t, range);
        if hit != Hit::RoutRicochet {
            self.apply_hits(t, &[hit]);
            return;
        }
        let next = self.ricochet_target(t);
        self.apply_hits(t, &[Hit::Rout]);
        if let Some(t2) = next {
            let h = self.bombard_roll(a, t2, range, 0, "ricochet");
            self.apply_hits(t2, &[if h == Hit::RoutRicochet { Hit::Rout } else { h }]);
        }
    }

    fn ricochet_target(&self, t: usize) -> Option<usize> {
        if let Some(g) = self.battery_with(t) {
            return Some(g);
        }
        let x = &self.units[t];
        let behind = x.pos - dir(x.side);
        self.in_sector(x.side, x.sector)
            .find(|&i| self.units[i].pos == behind && self.units[i].order != Order::Routed)
    }

    /// §8.1.1: no unit and no woods or cover between two rows.
    fn clear_los(&self, sector: usize, from: i64, to: i64) -> bool {
        let (lo, hi) = (from.min(to), from.max(to));
        (lo + 1..hi).all(|row| {
            let empty = (0..2).all(|s| self.in_sector(s, sector).all(|i| self.units[i].pos != row));
            empty && !self.tec(self.row_terrain(sector, row)).los
        })
    }

    /// Policy: the nearest enemy within three hexes, seen from `pos`.
    fn bombard_target_from(&self, a: usize, pos: i64) -> Option<(usize, i64)> {
        let x = &self.units[a];
        let mut best: Option<(usize, i64)> = None;
        for e in self.in_sector(1 - x.side, x.sector) {
            let y = &self.units[e];
            if y.order == Order::Routed || (y.arm == Arm::Artillery && self.host_of(e).is_some()) {
                continue;
            }
            let range = (y.pos - pos).abs();
            if !(1..=3).contains(&range) || (range >= 2 && !self.clear_los(x.sector, pos, y.pos)) {
                continue;
            }
            if best.is_none_or(|b| range < b.1) {
                best = Some((e, range));
            }
        }
        best
    }

    /// §8.3, §8.4: a volley, Smoke on the battery, a second volley (policy: at a target
    /// within two hexes) and its cannon-failure roll; then the FIRED side.
    fn bombard_turn(&mut self, a: usize) {
        let x = &self.units[a];
        if !self.on(a) || x.broken || x.fired || !self.in_command(a) {
            return;
        }
        let Some((t, range)) = self.bombard_target_from(a, x.pos) else {
            return;
        };
        self.bombard(a, t, range);
        self.units[a].smoke = true;
        if self.on(a)
            && let Some((t2, r2)) = self.bombard_target_from(a, self.units[a].pos)
            && r2 <= 2
        {
            self.bombard(a, t2, r2);
            self.cannon_failure(a);
        }
        self.units[a].fired = true;
    }

    /// §8.4: after a second volley, d10 0–1 leaves the battery Fired for the day.
    fn cannon_failure(&mut self, a: usize) {
        let max = self.t.modifiers.cannon_failure_max;
        let unit = self.id(a);
        let purpose = format!(
            "PIA cannon failure {unit}: d10 0-{max} leaves it Fired for the rest of the day (§8.4)"
        );
        if self.d10(&format!("cannon/{unit}"), &purpose) <= max {
            self.units[a].broken = true;
        }
    }

    /// Policy: a battery without a target moves to the first row within its MP that
    /// gives it one (next to the enemy only with infantry to stack with, §7.1i), else
    /// toward two hexes from the enemy; moving turns it FIRED (§5.1).
    fn move_battery(&mut self, a: usize) {
        let x = &self.units[a];
        if !self.on(a) {
            return;
        }
        match self.doctrine[x.side] {
            // A battery that may not fire may still move away (§5.9, §8.4).
            Doctrine::Delay => self.withdraw(a),
            Doctrine::Hold => {}
            Doctrine::Attack if x.broken || x.fired || !self.in_command(a) => {}
            Doctrine::Attack => {
                let pos = x.pos;
                if self.shift_sector(&[a]) || self.bombard_target_from(a, pos).is_some() {
                    return;
                }
                if let Some(row) = self.battery_row(a) {
                    self.units[a].pos = row;
                    self.units[a].fired = true;
                }
            }
        }
    }

    fn battery_row(&self, a: usize) -> Option<i64> {
        let x = &self.units[a];
        let (d, gap) = (dir(x.side), self.gap(a)?);
        let steps = x.mp.min(gap - 1);
        for k in 1..=steps {
            let row = x.pos + d * k;
            if gap - k == 1
                && self.stacks(x.side, x.sector, row).len() >= self.free_foot(x.side, x.sector, row)
            {
                break;
            }
            if self.bombard_target_from(a, row).is_some() {
                return Some(row);
            }
        }
        let k = steps.min(gap - 2);
        (k > 0).then_some(x.pos + d * k)
    }

    fn free_foot(&self, side: usize, sector: usize, row: i64) -> usize {
        self.in_sector(side, sector)
            .filter(|&i| {
                self.units[i].pos == row
                    && self.units[i].arm == Arm::Foot
                    && self.units[i].order != Order::Routed
            })
            .count()
    }

    // ---- movement (§5) ----------------------------------------------------------------

    /// §11.3: each activation of its wing, a routed unit drifts three hexes more.
    fn drift_routed(&mut self, side: usize, wing: usize) {
        for u in 0..self.units.len() {
            let x = &self.units[u];
            if self.on(u) && x.side == side && x.wing == wing && x.order == Order::Routed {
                self.retreat(u, self.t.modifiers.rout_hexes, false);
            }
        }
    }

    /// §3.1 b: one formation's movement segment under its side's doctrine.
    fn move_formation(&mut self, f: usize) {
        let units = self.formation_units(f);
        // The formation's formed units lead (a routed one may have stayed behind when
        // the others shifted sector).
        let formed = units
            .iter()
            .copied()
            .find(|&u| self.units[u].order != Order::Routed);
        let Some(first) = formed.or(units.first().copied()) else {
            return;
        };
        let side = self.units[first].side;
        // §9.2.2: contact and the Formation Commander beside it at the start of movement.
        let fc = self.formations[f].fc;
        let ready: Vec<usize> = units
            .iter()
            .copied()
            .filter(|&u| self.gap(u) == Some(1) && fc.is_some_and(|c| self.reaches(c, u)))
            .collect();
        match self.doctrine[side] {
            Doctrine::Attack => {
                if self.shift_sector(&units) {
                    return;
                }
                if self.enemy_row(first).is_none() {
                    self.march_to_line(&units);
                } else {
                    self.advance_line(f);
                }
            }
            Doctrine::Hold => self.return_to_line(f),
            Doctrine::Delay => {
                for &u in &units {
                    self.withdraw(u);
                }
                self.place_fc(f);
                return;
            }
        }
        for u in self.formation_units(f) {
            if self.units[u].arm == Arm::Cavalry {
                self.cavalry_move(u);
            }
        }
        self.declare_infantry_melees(&ready);
        // §4.0: the Formation Commander moves at the end of his formation's movement.
        self.place_fc(f);
    }

    /// Units that may move forward: in command, formed, without Feu (§5.9, §9.1.2,
    /// §11.1b).
    fn can_advance(&self, u: usize) -> bool {
        let x = &self.units[u];
        self.on(u) && self.in_command(u) && x.order == Order::Good && !x.feu
    }

    /// §5.5, §5.6: the formation's infantry moves as one Line to the row of its
    /// slowest unit, never past the row next to the enemy; a formation with a single
    /// formed infantry unit cannot form a Line and stops outside the enemy EZ (§5.3).
    fn advance_line(&mut self, f: usize) {
        let movers: Vec<usize> = self
            .formation_units(f)
            .into_iter()
            .filter(|&u| self.units[u].arm == Arm::Foot && self.can_advance(u))
            .collect();
        let Some(&first) = movers.first() else { return };
        let (side, sector) = (self.units[first].side, self.units[first].sector);
        let d = dir(side);
        let Some(enemy) = self.enemy_row(first) else {
            return;
        };
        let mut goal = movers
            .iter()
            .map(|&u| (self.units[u].pos + d * self.units[u].mp) * d)
            .min()
            .unwrap_or(0)
            * d;
        goal = if side == 0 {
            goal.min(enemy - d)
        } else {
            goal.max(enemy - d)
        };
        if movers.len() < 2
            && let Some(ez) = self.ez_row(side, sector)
        {
            let outside = ez - d * 4;
            goal = if side == 0 {
                goal.min(outside)
            } else {
                goal.max(outside)
            };
        }
        for u in movers {
            self.move_forward(u, goal);
        }
    }

    /// §5.2: the nearest row of formed enemy infantry (its EZ reaches three hexes).
    fn ez_row(&self, side: usize, sector: usize) -> Option<i64> {
        let rows = self
            .in_sector(1 - side, sector)
            .filter(|&e| {
                self.units[e].arm == Arm::Foot
                    && self.units[e].order == Order::Good
                    && self.terrain(e) != "city"
            })
            .map(|e| self.units[e].pos);
        if side == 0 { rows.min() } else { rows.max() }
    }

    /// Moves a unit forward to `goal`. Side A's infantry crossing the approach into
    /// the row in front of the defender's line inside an enemy EZ takes the
    /// misalignment TDR and stops short if it fails (§5.7, a rule of Lines); infantry
    /// that comes next to enemy cavalry makes it refuse (§5.10).
    fn move_forward(&mut self, u: usize, goal: i64) {
        let x = &self.units[u];
        let d = dir(x.side);
        if (goal - x.pos) * d <= 0 {
            return;
        }
        let s = &self.sectors[x.sector];
        let front = s.line - 1;
        let in_ez = self
            .ez_row(x.side, x.sector)
            .is_some_and(|ez| (ez - front).abs() <= 3);
        let crossing = x.side == 0 && x.pos < front && goal >= front;
        if crossing && x.arm == Arm::Foot && in_ez && s.approach != "clear" {
            let approach = s.approach.clone();
            let mut mods = self.std_mods(u);
            let terrain = self.tec(&approach).tdr;
            if terrain != 0 {
                mods.push((terrain, "terrain"));
            }
            if !self.tdr(
                u,
                "misalignment",
                &format!("misalignment ({approach})"),
                &mods,
                false,
            ) {
                self.units[u].pos = front - 1;
                return;
            }
        }
        self.units[u].pos = goal;
        self.cavalry_refusal(u);
    }

    /// §5.10: cavalry never stays next to infantry that has moved up to it: it
    /// retreats one hex at once, without reaction fire, its commanders with it.
    fn cavalry_refusal(&mut self, u: usize) {
        if self.units[u].arm != Arm::Foot {
            return;
        }
        for c in self.facing(u) {
            if self.units[c].arm == Arm::Cavalry && self.units[c].order != Order::Routed {
                self.retreat(c, 1, false);
            }
        }
    }

    /// Moves a unit up to its MP toward `goal`, never onto the enemy's row.
    fn step_toward(&mut self, u: usize, goal: i64) {
        let x = &self.units[u];
        let step = (goal - x.pos).signum() * (goal - x.pos).abs().min(x.mp);
        let mut new = x.pos + step;
        if let Some(e) = self.enemy_row(u) {
            new = if x.side == 0 {
                new.min(e - 1)
            } else {
                new.max(e + 1)
            };
        }
        if (new - x.pos) * dir(x.side) > 0 {
            self.move_forward(u, new);
        } else {
            self.units[u].pos = new;
        }
    }

    /// No enemy left in the sector: march onto the defender's line to take it.
    fn march_to_line(&mut self, units: &[usize]) {
        for &u in units {
            if self.can_advance(u)
                || (self.units[u].arm == Arm::Cavalry
                    && self.units[u].order != Order::Routed
                    && self.on(u))
            {
                let line = self.sectors[self.units[u].sector].line;
                self.step_toward(u, line);
            }
        }
    }

    /// §0.4 sector collapse: with no enemy left in its sector and its objectives held,
    /// a group shifts to the nearest sector still fought over, two hexes short of the
    /// enemy there, to come in as overlaps. Returns whether it shifted.
    fn shift_sector(&mut self, units: &[usize]) -> bool {
        let live: Vec<usize> = units
            .iter()
            .copied()
            .filter(|&u| self.on(u) && self.units[u].order != Order::Routed)
            .collect();
        let Some(&first) = live.first() else {
            return false;
        };
        let (side, from) = (self.units[first].side, self.units[first].sector);
        let held = self
            .objectives
            .iter()
            .filter(|o| o.sector == from)
            .all(|o| o.holder == side);
        if self.in_sector(1 - side, from).next().is_some() || !held {
            return false;
        }
        let n = self.sectors.len();
        let Some(to) = (1..n)
            .flat_map(|k| [from + k, from.wrapping_sub(k)])
            .find(|&s| s < n && self.in_sector(1 - side, s).next().is_some())
        else {
            return false;
        };
        let rows = self.in_sector(1 - side, to).map(|e| self.units[e].pos);
        let Some(enemy) = (if side == 0 { rows.min() } else { rows.max() }) else {
            return false;
        };
        let limit = enemy - 2 * dir(side);
        if !(0..=self.depth).contains(&limit) {
            return false;
        }
        for u in live {
            let x = &mut self.units[u];
            x.sector = to;
            x.pos = if side == 0 {
                x.pos.min(limit)
            } else {
                x.pos.max(limit)
            };
        }
        true
    }

    /// Hold: formed units pushed behind their line walk back to it (Realignment, §5.8).
    fn return_to_line(&mut self, f: usize) {
        for u in self.formation_units(f) {
            let x = &self.units[u];
            if x.arm == Arm::Foot && self.can_advance(u) && (x.home - x.pos) * dir(x.side) > 0 {
                self.step_toward(u, x.home);
            }
        }
    }

    /// Delay (G3c.9): a unit draws reaction fire if it leaves an eZOC (§7.2), then
    /// moves its MP toward its own edge; past the edge in order it has escaped.
    fn withdraw(&mut self, u: usize) {
        let x = &self.units[u];
        let stuck = x.arm == Arm::Foot && x.order == Order::Disordered;
        if !self.on(u) || x.order == Order::Routed || x.feu || stuck {
            return;
        }
        if self.in_ezoc(u) {
            self.reaction_fire(u);
            if !self.on(u) || self.units[u].order == Order::Routed {
                return;
            }
        }
        let x = &self.units[u];
        let new = x.pos - dir(x.side) * x.mp;
        if new < 0 || new > self.depth {
            self.units[u].gone = Some(Gone::Escaped);
        } else {
            self.units[u].pos = new;
        }
    }

    // ---- cavalry (§10) ----------------------------------------------------------------

    /// Policy: charge, ride down or melee a target within reach; else screen two hexes
    /// short of the enemy (attack) or walk back to the line (hold).
    fn cavalry_move(&mut self, c: usize) {
        let x = &self.units[c];
        if !self.on(c) || x.order == Order::Routed || x.feu || !self.in_command(c) {
            return;
        }
        if x.order == Order::Good
            && let Some((t, charge)) = self.cavalry_target(c)
        {
            self.cavalry_close(c, t, charge);
            return;
        }
        let x = &self.units[c];
        match self.doctrine[x.side] {
            Doctrine::Attack => {
                if let Some(e) = self.enemy_row(c) {
                    let goal = e - 2 * dir(x.side);
                    if (goal - x.pos) * dir(x.side) > 0 {
                        self.step_toward(c, goal);
                    }
                }
            }
            Doctrine::Hold if (x.home - x.pos) * dir(x.side) > 0 => self.step_toward(c, x.home),
            _ => {}
        }
    }

    /// §10.3 charge ground: both hexes clear, no stream between.
    fn charge_ground(&self, c: usize, row: i64) -> bool {
        let x = &self.units[c];
        let from = row - dir(x.side);
        self.row_terrain(x.sector, from) == "clear"
            && self.row_terrain(x.sector, row) == "clear"
            && !self.stream_between(x.sector, from, row)
    }

    /// §10.2: cavalry melees only into clear or ditch hexes.
    fn rideable(&self, e: usize) -> bool {
        matches!(self.terrain(e), "clear" | "ditch")
    }

    fn cavalry_target(&self, c: usize) -> Option<(usize, bool)> {
        let x = &self.units[c];
        let gap = self.gap(c)?;
        if gap - 1 > x.mp {
            return None;
        }
        let row = self.enemy_row(c)?;
        let foes: Vec<usize> = self
            .in_sector(1 - x.side, x.sector)
            .filter(|&e| self.units[e].pos == row && !self.meleed.contains(&e))
            .collect();
        let infantry_zoc = foes
            .iter()
            .any(|&e| self.units[e].arm == Arm::Foot && self.exerts_zoc(e));
        if x.dragoon && infantry_zoc && gap > 1 {
            return None;
        }
        let y = |e: usize| &self.units[e];
        let formed = |e: usize| y(e).order != Order::Routed;
        let charge = !x.dragoon && gap >= 2 && self.charge_ground(c, row);
        let ratio = self.t.map_free.cavalry_odds_vs_infantry;
        foes.iter()
            .copied()
            .find(|&e| charge && y(e).arm == Arm::Cavalry && formed(e))
            .map(|e| (e, true))
            .or_else(|| {
                let lone_gun = |e: usize| y(e).arm == Arm::Artillery && self.host_of(e).is_none();
                let weak_foot = |e: usize| {
                    y(e).arm == Arm::Foot
                        && (y(e).order != Order::Good
                            || !self.in_command(e)
                            || x.sp() >= ratio * y(e).sp())
                };
                let horse = |e: usize| y(e).arm == Arm::Cavalry && formed(e) && x.sp() >= y(e).sp();
                foes.iter()
                    .copied()
                    .filter(|&e| self.rideable(e))
                    .find(|&e| lone_gun(e) || weak_foot(e) || horse(e))
                    .map(|e| (e, false))
            })
    }

    /// Moves next to the target and declares (§9.2.1). Entering an infantry eZOC takes
    /// a TDR at +2; failing, it stays short, Disordered (§7.1b). A target that does not
    /// stand retreats at once, without fire (§10.2, §11.1c).
    fn cavalry_close(&mut self, c: usize, t: usize, charge: bool) {
        let d = dir(self.units[c].side);
        let dest = self.units[t].pos - d;
        if self.units[c].pos != dest {
            let zoc = self.facing_row_zoc(c, self.units[t].pos);
            if zoc {
                let mut mods = self.std_mods(c);
                mods.push((
                    self.t.modifiers.tdr_cavalry_into_ezoc,
                    "entering an infantry eZOC",
                ));
                if !self.tdr(
                    c,
                    "cavalry-ezoc",
                    "cavalry entering an infantry eZOC",
                    &mods,
                    false,
                ) {
                    self.units[c].pos = dest - d;
                    self.units[c].order = Order::Disordered;
                    return;
                }
            }
            self.units[c].pos = dest;
        }
        self.meleed.insert(t);
        if self.does_not_stand(t) {
            self.cavalry_scatters(c, t);
            return;
        }
        self.units[c].declared = Some((t, charge));
    }

    /// §10.2, §11.1c: a Disordered or routed unit of any type, or infantry out of
    /// command, does not meet cavalry: it retreats.
    fn does_not_stand(&self, t: usize) -> bool {
        let y = &self.units[t];
        y.arm != Arm::Artillery
            && (y.order != Order::Good || (y.arm == Arm::Foot && !self.in_command(t)))
    }

    /// Whether formed enemy infantry on `row` exerts a ZOC.
    fn facing_row_zoc(&self, c: usize, row: i64) -> bool {
        let x = &self.units[c];
        self.in_sector(1 - x.side, x.sector).any(|e| {
            self.units[e].pos == row && self.units[e].arm == Arm::Foot && self.exerts_zoc(e)
        })
    }

    /// §10.2, §11.1c, READING `PIA_charged_routed_retreat`: a unit that does not stand
    /// retreats two hexes (routed: three); a battery with it is lost.
    fn cavalry_scatters(&mut self, c: usize, t: usize) {
        let hexes = if self.units[t].order == Order::Routed {
            self.r.routed_charged_hexes
        } else {
            self.t.modifiers.cavalry_push_hexes
        };
        if let Some(g) = self.battery_with(t) {
            self.eliminate(g, false);
        }
        self.retreat(t, hexes, true);
        self.after_cavalry_attack(c);
    }

    /// §10.1: attacking cavalry becomes Disordered; READING `PIA_cavalry_post_attack`:
    /// already Disordered, it is a second Disorder. Returns the rout's retreat owed.
    fn disorder_after_attack(&mut self, c: usize) -> Option<i64> {
        if !self.on(c) {
            return None;
        }
        let order = self.units[c].order;
        match order {
            Order::Good => {
                self.units[c].order = Order::Disordered;
                None
            }
            Order::Disordered
                if self.r.cavalry_second_disorder && !self.second_disorder_holds(c) =>
            {
                self.units[c].order = Order::Routed;
                Some(self.t.modifiers.rout_hexes)
            }
            _ => None,
        }
    }

    fn after_cavalry_attack(&mut self, c: usize) {
        if let Some(n) = self.disorder_after_attack(c) {
            self.retreat(c, n, true);
        }
    }

    // ---- melee (§9.2, §10) ------------------------------------------------------------

    /// Policy: each formed, in-command infantry unit that started next to the enemy
    /// with its Formation Commander beside it (§9.2.2) melees its pair when the pair
    /// may be meleed (cover, the city, or a lone battery, §9.2.3) and is no stronger.
    fn declare_infantry_melees(&mut self, ready: &[usize]) {
        for &u in ready {
            if self.units[u].arm != Arm::Foot || !self.can_advance(u) {
                continue;
            }
            let Some((t, _)) = self.target_of(u) else {
                continue;
            };
            let y = &self.units[t];
            let lone_gun = y.arm == Arm::Artillery && self.host_of(t).is_none();
            let covered = matches!(self.terrain(t), "cover1" | "cover2" | "city");
            let legal = lone_gun || (y.arm == Arm::Foot && covered);
            if legal && !self.meleed.contains(&t) && (lone_gun || self.units[u].sp() >= y.sp()) {
                self.meleed.insert(t);
                self.units[u].declared = Some((t, false));
            }
        }
    }

    /// §3.1 d: the formation fires, then resolves the melees and charges it declared.
    fn combat_formation(&mut self, f: usize) {
        self.fire_combat(f);
        for u in self.formation_units(f) {
            if let Some((t, charge)) = self.units[u].declared.take() {
                self.resolve_declared(u, t, charge);
            }
        }
    }

    fn resolve_declared(&mut self, u: usize, t: usize, charge: bool) {
        if !self.adjacent(u, t) || self.units[u].order != Order::Good || self.units[u].feu {
            return;
        }
        match (self.units[u].arm, charge) {
            (Arm::Cavalry, _) if self.does_not_stand(t) => self.cavalry_scatters(u, t),
            (Arm::Cavalry, true) if self.units[t].arm == Arm::Cavalry => self.charge(u, t),
            (Arm::Cavalry, _) => self.cavalry_melee(u, t),
            (Arm::Foot, false) => self.infantry_melee(u, t),
            _ => {}
        }
    }

    /// §9.2.4: the ratio rounded down to a column, shifted right, capped.
    fn melee_column(&self, a_sp: i64, d_sp: i64, shifts: usize) -> usize {
        let cols = &self.t.melee;
        let base = cols
            .iter()
            .rposition(|c| a_sp * c.odds.1 >= c.odds.0 * d_sp.max(1))
            .unwrap_or(0);
        (base + shifts).min(cols.len() - 1)
    }

    /// One roll on the Melee Table (PROVISIONAL): (attacker's, defender's) result.
    fn melee_roll(
        &mut self,
        a: usize,
        d: usize,
        shifts: usize,
        drm: i64,
        what: &str,
    ) -> (Blow, Blow) {
        let col = self.melee_column(self.units[a].sp(), self.units[d].sp(), shifts);
        self.note("melee");
        let (aid, did) = (self.id(a), self.id(d));
        let (x, y) = self.t.melee[col].odds;
        let purpose = format!(
            "PIA {what} {aid}->{did}: {}:{} SP, column {x}:{y}, DRM {drm:+} (§9.2.4)",
            self.units[a].sp(),
            self.units[d].sp()
        );
        let roll = self.d10(&format!("{}/{aid}>{did}", what.replace(' ', "-")), &purpose);
        lookup(
            &self.t.melee[col].bands,
            roll + drm,
            (Blow::None, Blow::None),
        )
    }

    /// §9.2.7: the loss and Disorder of a Melee result; returns the retreat it owes
    /// (one hex, three for a rout). Light infantry ignores the Disorder (§9.2.6b).
    fn melee_effect(&mut self, u: usize, blow: Blow, enemy_enters: bool) -> Option<i64> {
        if !self.on(u) {
            return None;
        }
        match blow {
            Blow::None => None,
            Blow::Eliminated => {
                self.eliminate(u, enemy_enters);
                None
            }
            Blow::Step => {
                self.lose_steps(u, 1, enemy_enters);
                if self.on(u) {
                    self.melee_disorder(u)
                } else {
                    None
                }
            }
            Blow::Retreat => self.melee_disorder(u),
        }
    }

    fn melee_disorder(&mut self, u: usize) -> Option<i64> {
        let x = &self.units[u];
        let rout = self.t.modifiers.rout_hexes;
        match x.order {
            Order::Routed => Some(rout),
            _ if x.light && x.arm == Arm::Foot => Some(1),
            Order::Disordered => {
                if self.second_disorder_holds(u) {
                    self.r.second_disorder_retreat.then_some(1)
                } else {
                    self.units[u].order = Order::Routed;
                    Some(rout)
                }
            }
            Order::Good => {
                self.units[u].order = Order::Disordered;
                Some(1)
            }
        }
    }

    /// §9.2.8: the retreats a melee owes; a battery stacked with a unit that retreats
    /// or dies is lost (§9.2.1).
    fn settle_melee(&mut self, owed: &[(usize, Option<i64>)], guns: &[(usize, usize, i64)]) {
        for &(u, n) in owed {
            if let Some(n) = n {
                self.retreat(u, n, true);
            }
        }
        for &(g, host, pos) in guns {
            if !self.on(host) || self.units[host].pos != pos {
                self.eliminate(g, false);
            }
        }
    }

    /// §9.2.3: the defender fires one volley, then the Melee Table; a winning attacker
    /// that has not moved enters the hex (§9.2.9; map-free, only a row left empty).
    fn infantry_melee(&mut self, a: usize, d: usize) {
        let start = self.units[a].pos;
        if self.units[d].arm == Arm::Artillery {
            self.storm_battery(a, d);
            return;
        }
        if self.can_fire(d, false) {
            let was_disordered = self.units[d].order == Order::Disordered;
            let hit = self.shot(d, a, FireCtx::default());
            self.apply_hits(a, &[hit]);
            if was_disordered {
                self.units[d].feu = true;
            }
        }
        if !self.on(a) || self.units[a].pos != start || self.units[a].order == Order::Routed {
            return;
        }
        let terrain = self.terrain(d);
        let mut drm = self.tec(terrain).melee;
        if terrain == "cover2" {
            drm += self.t.modifiers.melee_vs_cover2;
        }
        let (ra, rd) = self.melee_roll(a, d, 0, drm, "melee");
        let enters = rd != Blow::None && ra == Blow::None;
        let d_pos = self.units[d].pos;
        let guns: Vec<(usize, usize, i64)> = self
            .battery_with(d)
            .map(|g| (g, d, d_pos))
            .into_iter()
            .collect();
        let oa = self.melee_effect(a, ra, false);
        let od = self.melee_effect(d, rd, enters);
        self.settle_melee(&[(a, oa), (d, od)], &guns);
        if enters {
            self.advance(a, d_pos);
        }
    }

    /// §9.2.3: a lone battery fires once if it can; if the attacker is still there,
    /// the battery is lost and the attacker enters.
    fn storm_battery(&mut self, a: usize, g: usize) {
        let start = self.units[a].pos;
        if !self.units[g].fired {
            self.units[g].fired = true;
            let hit = self.bombard_shot(g, a, 1);
            self.apply_hits(a, &[hit]);
        }
        if self.on(a) && self.units[a].pos == start && self.units[a].order != Order::Routed {
            let row = self.units[g].pos;
            self.eliminate(g, true);
            self.advance(a, row);
        }
    }

    /// §9.2.9: the winner enters the hex; map-free only if no enemy is left on that row.
    fn advance(&mut self, a: usize, row: i64) {
        let x = &self.units[a];
        let crowded = self
            .in_sector(1 - x.side, x.sector)
            .any(|e| self.units[e].pos == row);
        if self.on(a) && x.order != Order::Routed && !crowded {
            self.units[a].pos = row;
        }
    }

    /// §10.4: another cavalry unit of the formation in contact while the attacker's
    /// row overlaps the enemy's.
    fn flank_shift(&self, c: usize) -> usize {
        let x = &self.units[c];
        let Some(rows) = self.contact(x.sector) else {
            return 0;
        };
        let overlap = rows[x.side].len() > rows[1 - x.side].len();
        let mate = rows[x.side].iter().any(|&u| {
            u != c && self.units[u].arm == Arm::Cavalry && self.units[u].formation == x.formation
        });
        if overlap && mate {
            self.t.modifiers.flank_shift
        } else {
            0
        }
    }

    /// §10.2: a lone battery is ridden down; formed infantry takes a TDR: passed, it
    /// fires one volley and any result but NE or D stops the cavalry; failed, the
    /// cavalry gains a column. Then the melee; cavalry never advances (§10.1).
    fn cavalry_melee(&mut self, c: usize, d: usize) {
        let y = &self.units[d];
        if y.arm == Arm::Artillery {
            self.eliminate(d, false);
            self.after_cavalry_attack(c);
            return;
        }
        if self.does_not_stand(d) {
            self.cavalry_scatters(c, d);
            return;
        }
        let mut shifts = self.flank_shift(c);
        if y.arm == Arm::Foot {
            let mods = self.std_mods(d);
            if self.tdr(d, "stand", "standing against cavalry", &mods, false) {
                let hit = self.shot(d, c, FireCtx::default());
                self.apply_hits(c, &[hit]);
                if !matches!(hit, Hit::NoEffect | Hit::Disorder(0)) || !self.on(c) {
                    self.after_cavalry_attack(c);
                    return;
                }
            } else {
                shifts += self.t.modifiers.cavalry_failed_tdr_shift;
            }
        }
        let drm = self.tec(self.terrain(d)).melee;
        let d_pos = self.units[d].pos;
        let guns: Vec<(usize, usize, i64)> = self
            .battery_with(d)
            .map(|g| (g, d, d_pos))
            .into_iter()
            .collect();
        let (rc, rd) = self.melee_roll(c, d, shifts, drm, "cavalry melee");
        let oc = self.melee_effect(c, rc, false);
        let od = self.melee_effect(d, rd, false);
        self.settle_melee(&[(c, oc), (d, od)], &guns);
        self.after_cavalry_attack(c);
    }

    /// §10.3, §10.3.1: the charge (+1 column), then the charged cavalry, if still in
    /// its hex, countercharges (+1); losses at once, retreats after both, once each.
    fn charge(&mut self, c: usize, e: usize) {
        let m = &self.t.modifiers;
        let (charge_shift, shift_c) = (m.charge_shift, self.flank_shift(c));
        let drm = self.tec(self.terrain(e)).melee;
        let (rc, re) = self.melee_roll(c, e, charge_shift + shift_c, drm, "charge");
        let mut owed: BTreeMap<usize, i64> = BTreeMap::new();
        let mut owe = |u: usize, n: Option<i64>| {
            if let Some(n) = n {
                let v = owed.entry(u).or_insert(0);
                *v = (*v).max(n);
            }
        };
        owe(c, self.melee_effect(c, rc, false));
        owe(e, self.melee_effect(e, re, false));
        owe(c, self.disorder_after_attack(c));
        if self.on(e) && self.units[e].order != Order::Routed && self.on(c) {
            let shift_e = self.flank_shift(e);
            let drm = self.tec(self.terrain(c)).melee;
            let (re2, rc2) = self.melee_roll(e, c, charge_shift + shift_e, drm, "countercharge");
            owe(e, self.melee_effect(e, re2, false));
            owe(c, self.melee_effect(c, rc2, false));
            owe(e, self.disorder_after_attack(e));
        }
        for (u, n) in owed {
            self.retreat(u, n, true);
        }
    }

    // ---- reorganization (§11.4) -------------------------------------------------------

    /// §11.4: a TDR with +2 out of command, +2 in an eZOC (instead of +1), +2 routed;
    /// passed, the unit recovers one level.
    fn reorganize(&mut self, u: usize) {
        let x = &self.units[u];
        if !self.on(u) || x.arm == Arm::Artillery || x.order == Order::Good {
            return;
        }
        let m = &self.t.modifiers;
        let mut mods: Vec<(i64, &'static str)> = self
            .std_mods(u)
            .into_iter()
            .filter(|p| p.1 != "eZOC")
            .collect();
        if !self.in_command(u) {
            mods.push((m.reorg_out_of_command, "out of command"));
        }
        if self.in_ezoc(u) {
            mods.push((m.reorg_ezoc, "eZOC"));
        }
        if x.order == Order::Routed {
            mods.push((m.reorg_routed, "routed"));
        }
        if self.tdr(u, "reorganization", "reorganization", &mods, true) {
            let x = &mut self.units[u];
            x.order = if x.order == Order::Routed {
                Order::Disordered
            } else {
                Order::Good
            };
        }
    }

    // ---- objectives and victory (§13) -------------------------------------------------

    /// A side takes an objective with a combat unit within one hex of it while the
    /// enemy has no non-routed unit within three (READING `PIA_occupy`).
    fn update_objectives(&mut self) {
        for k in 0..self.objectives.len() {
            let o = self.objectives[k].clone();
            let taker = 1 - o.holder;
            let occupies = self.in_sector(taker, o.sector).any(|i| {
                let x = &self.units[i];
                x.arm != Arm::Artillery
                    && (x.order != Order::Routed || self.r.occupy_with_routed)
                    && (x.pos - o.pos).abs() <= 1
            });
            let contested = self.in_sector(o.holder, o.sector).any(|i| {
                self.units[i].order != Order::Routed && (self.units[i].pos - o.pos).abs() <= 3
            });
            if occupies && !contested {
                self.objectives[k].holder = taker;
            }
        }
    }

    fn held_by_attacker(&self) -> usize {
        self.objectives
            .iter()
            .filter(|o| o.picked && o.holder == 0)
            .count()
    }

    fn picked(&self) -> usize {
        self.objectives.iter().filter(|o| o.picked).count()
    }

    fn on_table(&self, side: usize) -> bool {
        (0..self.units.len()).any(|i| self.on(i) && self.units[i].side == side)
    }

    /// A side with nothing left on the table ends the battle (ASSUMPTION).
    fn sudden_end(&self) -> Option<Outcome> {
        let left = [self.on_table(0), self.on_table(1)];
        if left == [true, true] {
            return None;
        }
        if self.rearguard {
            return Some(self.rearguard_outcome());
        }
        let (winner, gone) = if left[0] {
            (Winner::A, "B")
        } else {
            (Winner::B, "A")
        };
        Some(Outcome {
            winner,
            reason: format!("PIA map-free: side {gone} has no unit left on the table (ASSUMPTION)"),
        })
    }

    /// §13.2: at the end of the 15:00 turn, an attacker holding none of its four loses.
    fn turn_victory(&mut self) -> Option<Outcome> {
        if self.rearguard {
            return None;
        }
        self.note("turn_track");
        let auto = self.t.turn_track.auto_victory_turn;
        (self.turn == auto && self.held_by_attacker() == 0).then(|| Outcome {
            winner: Winner::B,
            reason: format!("PIA13.2 automatic victory: at the end of turn {auto} (15:00) the attacker holds none of its {} objectives", self.picked()),
        })
    }

    /// §13.0 at the end of the last turn; G3c.9 for a rearguard action.
    fn final_victory(&self) -> Outcome {
        if self.rearguard {
            return self.rearguard_outcome();
        }
        let v = &self.t.victory;
        let (held, of) = (self.held_by_attacker(), self.picked());
        if held >= v.attacker_wins_at {
            Outcome {
                winner: Winner::A,
                reason: format!(
                    "PIA13.0 the attacker holds {held} of its {of} objectives: attacker wins"
                ),
            }
        } else if held == v.draw_at || (held == 0 && !self.r.zero_objectives_lose) {
            self.conditional_draw(held)
        } else {
            Outcome {
                winner: Winner::B,
                reason: format!(
                    "PIA13.0 the attacker holds {held} of its {of} objectives: defender wins"
                ),
            }
        }
    }

    /// §13.1: the Victory Points a side earned from the enemy's losses.
    fn vp(&self, side: usize) -> i64 {
        let v = &self.t.victory;
        let units: i64 = self
            .units
            .iter()
            .filter(|u| u.side != side)
            .map(|u| match (u.gone, u.order) {
                (Some(Gone::Eliminated), _) => v.eliminated_vp,
                (None, Order::Routed) => v.routed_vp,
                _ => 0,
            })
            .sum();
        let staff: i64 = self
            .commanders
            .iter()
            .filter(|c| c.side != side && matches!(c.counter, Counter::Trophy | Counter::Killed))
            .map(|c| match c.rank {
                Rank::Formation => v.staff_fc_vp,
                Rank::Wing => v.staff_wc_vp,
                Rank::Chief => self.r.cic_staff_vp,
            })
            .sum();
        // Flags (Standard Bearers, §4.6.1) never appear map-free.
        units + staff
    }

    fn conditional_draw(&self, held: usize) -> Outcome {
        let (a, b) = (self.vp(0), self.vp(1));
        let winner = match a.cmp(&b) {
            std::cmp::Ordering::Greater => Winner::A,
            std::cmp::Ordering::Less => Winner::B,
            std::cmp::Ordering::Equal => Winner::Draw,
        };
        Outcome {
            winner,
            reason: format!("PIA13.1 conditional draw ({held} objectives): VP A {a} - B {b}"),
        }
    }

    /// G3c.9: the rearguard wins if more of its units left the table than it lost.
    fn rearguard_outcome(&self) -> Outcome {
        let mine = || self.units.iter().filter(|u| u.side == 1);
        let escaped = mine().filter(|u| u.gone == Some(Gone::Escaped)).count();
        let lost = mine()
            .filter(|u| {
                u.gone == Some(Gone::Eliminated) || (u.gone.is_none() && u.order == Order::Routed)
            })
            .count();
        let count = Rearguard { escaped, lost };
        let who = if count.wins() {
            "the rearguard"
        } else {
            "the attacker"
        };
        Outcome {
            winner: count.winner(),
            reason: format!(
                "G3c.9 rearguard: {escaped} units left the table, {lost} lost: {who} wins"
            ),
        }
    }

    fn result(&self, o: Outcome) -> TacticalResult {
        let units = self
            .units
            .iter()
            .map(|u| UnitResult {
                id: u.id.clone(),
                state: unit_state(u),
                steps_lost: u.steps_lost,
            })
            .collect();
        let leaders = self
            .commanders
            .iter()
            .map(|c| LeaderResult {
                id: c.id.clone(),
                // The result format has no `staff`: a commander on his Staff side was
                // replaced by his staff.
                state: match c.counter {
                    Counter::Up => LeaderState::Ok,
                    Counter::Staff => LeaderState::Replaced,
                    Counter::Trophy => LeaderState::Captured,
                    Counter::Killed => LeaderState::Killed,
                },
            })
            .collect();
        frame::result(
            self.card,
            (o.winner, o.reason),
            self.turn,
            self.used.borrow().any(),
            units,
            leaders,
        )
    }
}

/// §4.d result mapping: eliminated or surrendered → eliminated; routed on the map →
/// routed; a flipped unit → reduced.
fn unit_state(u: &Unit) -> UnitState {
    match (u.gone, u.order) {
        (Some(Gone::Eliminated), _) => UnitState::Eliminated,
        (Some(Gone::Escaped), _) => UnitState::Escaped,
        (None, Order::Routed) => UnitState::Routed,
        _ if u.reduced => UnitState::Reduced,
        (None, Order::Disordered) => UnitState::Disordered,
        (None, Order::Good) => UnitState::Ok,
    }
}

/// The sector's line and approach, from the campaign node (ASSUMPTION, `map_free`).
fn sector(card: &Card, t: &Tables, s: usize, n: usize, line: i64) -> Result<Sector, BattleError> {
    let mf = &t.map_free;
    let b = &card.battle;
    let missing = |what: &str, key: &str| BattleError::Data {
        ruleset: b.ruleset.clone(),
        message: format!("table `map_free.{what}` has no entry for `{key}`"),
    };
    let mut terrain = mf
        .line
        .get(&b.terrain)
        .ok_or_else(|| missing("line", &b.terrain))?
        .clone();
    let approach = mf
        .approach
        .get(&b.terrain)
        .ok_or_else(|| missing("approach", &b.terrain))?
        .clone();
    if s == n / 2
        && let Some(centre) = mf.node_center.get(&b.node_kind)
    {
        terrain = centre.clone();
    }
    if b.fortified && matches!(terrain.as_str(), "clear" | "ditch") {
        terrain = mf.fortified_line.clone();
    }
    Ok(Sector {
        line,
        terrain,
        approach,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battle::card::{BattleInfo, Leader as CardLeader, Place, SideSpec};
    use crate::rules::dice::{ScriptedDice, ScriptedRoll, SeededDice};

    const RULESET: &str = include_str!("../../campaigns/il-giglio/rulesets/pia1746.toml");
    const AUSTRIA: i64 = 1;
    const FRANCE: i64 = 2;
    const SPAIN: i64 = 3;

    fn ruleset() -> Ruleset {
        Ruleset::parse(RULESET).expect("pia1746.toml parses")
    }

    fn unit(id: &str, kind: &str, army: i64, sp: i64) -> CardUnit {
        let mp = if kind.ends_with("cav") { 5 } else { 3 };
        let ratings = [("sp", sp), ("mp", mp), ("army", army)];
        CardUnit {
            id: id.into(),
            name: id.into(),
            kind: kind.into(),
            ratings: ratings.iter().map(|(k, v)| ((*k).to_owned(), *v)).collect(),
            campaign_value: 30,
        }
    }

    fn two_step(mut u: CardUnit) -> CardUnit {
        let sp = u.ratings["sp"];
        u.ratings.insert("sp_reduced".into(), sp - 1);
        u
    }

    fn leader(id: &str, ratings: &[(&str, i64)]) -> CardLeader {
        CardLeader {
            id: id.into(),
            name: id.into(),
            ratings: ratings.iter().map(|(k, v)| ((*k).to_owned(), *v)).collect(),
        }
    }

    /// A side with one Wing Commander (no fire bonus) and one Formation Commander.
    fn side(key: &str, units: Vec<CardUnit>, fire_bonus: i64, sf: i64) -> CardSide {
        CardSide {
            key: key.into(),
            nation: "X".into(),
            club: "X".into(),
            role: if key == "A" { "attacker" } else { "defender" }.into(),
            ducats: 300,
            sapper: false,
            commander_killed: false,
            oob: "club".into(),
            unspent: 0,
            leaders: vec![
                leader(&format!("{key}-L1"), &[("rank", 2)]),
                leader(
                    &format!("{key}-L2"),
                    &[("rank", 3), ("fire_bonus", fire_bonus), ("sf", sf)],
                ),
            ],
            units,
        }
    }

    fn card(kind: &str, a: CardSide, b: CardSide) -> Card {
        Card {
            format: crate::battle::card::FORMAT.into(),
            battle: BattleInfo {
                id: "T".into(),
                ruleset: "pia1746".into(),
                kind: kind.into(),
                node: "N".into(),
                node_name: "N".into(),
                // Not a node kind of `map_free.node_center`: the line stays as the terrain.
                node_kind: "open".into(),
                terrain: "plain".into(),
                fortified: false,
                defender_inside: false,
                month: "June".into(),
                table: String::new(),
                deployment: String::new(),
                victory: String::new(),
                options: vec![],
                readings: BTreeMap::new(),
                provisional: true,
                result_phase: None,
            },
            sides: [a, b],
        }
    }

    impl Tables {
        /// The tables compiled from the ruleset's, as a battle reads them.
        fn load(rs: &Ruleset) -> Result<Tables, String> {
            let raw: Raw = toml::Value::Table(rs.raw_tables().clone())
                .try_into()
                .map_err(|e: toml::de::Error| e.to_string())?;
            let provisional = rs.provisional_tables().into_iter().map(str::to_owned);
            compile(raw, &provisional.collect())
        }
    }

    struct Fixture {
        card: Card,
        tables: Tables,
        readings: Readings,
    }

    fn fixture(card: Card) -> Fixture {
        let rs = ruleset();
        let readings = Readings::load(&rs, &card).expect("readings");
        Fixture {
            card,
            tables: Tables::load(&rs).expect("tables"),
            readings,
        }
    }

    fn battle<'a>(f: &'a Fixture, dice: &'a mut dyn Dice) -> Battle<'a> {
        let mut b = Battle::new(&f.card, &f.tables, f.readings.clone(), dice).expect("battle");
        b.tag = "A-W1".into();
        b
    }

    /// Script rolls by event tail (after `pia/T/t1/`), as d10 read 0–9.
    fn script(rolls: &[(&str, u8)]) -> ScriptedDice {
        ScriptedDice::new(rolls.iter().map(|(tail, v)| ScriptedRoll {
            event: Some(format!("pia/T/t1/{tail}")),
            value: v + 1,
        }))
    }

    fn place(b: &mut Battle, pos: &[(usize, i64)]) {
        for &(u, p) in pos {
            b.units[u].pos = p;
        }
        b.place_all_commanders();
    }

    /// The purposes logged, without the reading of the d10 every one of them carries.
    /// The provisional Bombardment Table agrees with the book's one example of it
    /// (§8.5.4): "A 5 SP battery against a regiment of more than three battalions fires
    /// as if it only had 1-2 SPs", and the Ricochet's "battery 1-2 strength points"
    /// column is the first (§8.5.2).
    #[test]
    fn bombardment_columns_agree_with_the_book_examples() {
        let raw: RawBombard = ruleset().table("bombardment").expect("table");
        let columns = bombard_columns(&raw.columns).expect("columns");
        assert_eq!(bombard_column_of(&columns, 1, false), 0);
        assert_eq!(bombard_column_of(&columns, 2, false), 0, "1-2 SP");
        assert_ne!(bombard_column_of(&columns, 5, false), 0);
        assert_eq!(
            bombard_column_of(&columns, 5, true),
            bombard_column_of(&columns, 2, false),
            "a 5 SP battery shifted one column left fires as 1-2 SP"
        );
    }

    fn purposes(dice: &ScriptedDice) -> Vec<String> {
        let tail = format!(" [{D10_READING}]");
        dice.log()
            .iter()
            .map(|r| {
                assert!(r.purpose.ends_with(&tail), "{}", r.purpose);
                r.purpose.trim_end_matches(&tail).to_owned()
            })
            .collect()
    }

    // ---- §5.3 worked examples ---------------------------------------------------------

    /// Cavalry engagement: an Austrian cavalry TDR of 5, +2 for entering an infantry
    /// eZOC (§7.1b), is 7 <= 8: it enters.
    fn cavalry_example(roll: u8) -> (Fixture, ScriptedDice) {
        let a = side("A", vec![unit("A-U1", "hcav", AUSTRIA, 4)], 0, 0);
        let b = side("B", vec![unit("B-U1", "inf", SPAIN, 1)], 0, 0);
        (
            fixture(card("battle", a, b)),
            script(&[("A-W1/tdr/cavalry-ezoc/A-U1", roll)]),
        )
    }

    #[test]
    fn austrian_cavalry_tdr_5_plus_2_is_7_and_enters_the_ezoc() {
        let (f, mut dice) = cavalry_example(5);
        let mut b = battle(&f, &mut dice);
        assert_eq!(
            (b.units[0].pos, b.units[1].pos),
            (8, 14),
            "six hexes apart at set-up"
        );
        b.move_formation(0);
        assert_eq!(b.units[0].pos, 13, "next to the infantry");
        assert_eq!(b.units[0].order, Order::Good);
        assert_eq!(
            b.units[0].declared,
            Some((1, false)),
            "a melee declared on B-U1"
        );
        drop(b);
        assert_eq!(
            purposes(&dice),
            [
                "PIA TDR cavalry entering an infantry eZOC A-U1: d10 +2 entering an infantry eZOC <= 8 passes (§5.11)"
            ]
        );
        assert!(dice.problems().is_empty(), "{:?}", dice.problems());
    }

    #[test]
    fn austrian_cavalry_tdr_7_plus_2_is_9_stays_out_disordered() {
        let (f, mut dice) = cavalry_example(7);
        let mut b = battle(&f, &mut dice);
        b.move_formation(0);
        assert_eq!(b.units[0].pos, 12, "stops short of the eZOC");
        assert_eq!(b.units[0].order, Order::Disordered);
        assert_eq!(b.units[0].declared, None);
        drop(b);
        assert!(dice.problems().is_empty(), "{:?}", dice.problems());
    }

    /// Line movement: French infantry (7) enters a ditch in an EZ; B rolls 9 − 1 SF = 8
    /// and fails, C 5 − 1 and D 8 − 1 pass, E (no commander beside it) rolls 8, fails.
    #[test]
    fn fs_line_misalignment_9_minus_1_fails_5_and_8_minus_1_pass() {
        let line: Vec<CardUnit> = ["A-U1", "A-U2", "A-U3", "A-U4", "A-U5"]
            .iter()
            .map(|id| unit(id, "inf", FRANCE, 2))
            .collect();
        let a = side("A", line, 1, 1);
        let b = side("B", vec![unit("B-U1", "inf", AUSTRIA, 2)], 0, 0);
        let f = fixture(card("battle", a, b));
        let mut dice = script(&[
            ("A-W1/tdr/misalignment/A-U1", 0),
            ("A-W1/tdr/misalignment/A-U2", 9),
            ("A-W1/tdr/misalignment/A-U3", 5),
            ("A-W1/tdr/misalignment/A-U4", 8),
            ("A-W1/tdr/misalignment/A-U5", 8),
        ]);
        let mut b = battle(&f, &mut dice);
        b.sectors[0].approach = "ditch".into();
        place(&mut b, &[(0, 12), (1, 12), (2, 12), (3, 12), (4, 12)]);
        assert_eq!(
            b.commanders[1].stack,
            Some(2),
            "the FC stands with C, beside B and D"
        );
        b.advance_line(0);
        let rows: Vec<i64> = (0..5).map(|u| b.units[u].pos).collect();
        assert_eq!(
            rows,
            [13, 12, 13, 13, 12],
            "B and E stop: the Line is broken"
        );
        drop(b);
        let p = purposes(&dice);
        assert_eq!(
            p[1],
            "PIA TDR misalignment (ditch) A-U2: d10 -1 SF <= 7 passes (§5.11)"
        );
        assert_eq!(
            p[4],
            "PIA TDR misalignment (ditch) A-U5: d10 <= 7 passes (§5.11)"
        );
        assert!(dice.problems().is_empty(), "{:?}", dice.problems());
    }

    /// Fire example: A (3 SP) + FC 1 = 4 SP, Intense, shifted to Extended against X
    /// (3 SP); −2 for Cover 1.
    #[test]
    fn fire_3_sp_plus_fc_1_is_intense_shifted_to_extended_against_x() {
        let a = side(
            "A",
            vec![unit("A-U1", "inf", SPAIN, 3), unit("A-U2", "inf", SPAIN, 2)],
            1,
            1,
        );
        let b = side(
            "B",
            vec![
                unit("B-U1", "inf", AUSTRIA, 3),
                unit("B-U2", "inf", AUSTRIA, 2),
            ],
            0,
            0,
        );
        let f = fixture(card("battle", a, b));
        let mut dice = script(&[("A-W1/fire/A-U1>B-U1", 6)]);
        let mut b = battle(&f, &mut dice);
        b.sectors[0].terrain = "cover1".into();
        place(&mut b, &[(0, 13), (1, 13)]);
        assert_eq!(b.fire_bonus(0), 1, "the FC beside A-U1");
        assert_eq!(b.fire_column(4, 2), 1, "Extended against X, 3 SP");
        assert_eq!(b.fire_column(4, 3), 2, "Intense against a 2 SP unit");
        assert_eq!(b.fire_drm(0, 2, FireCtx::default()), -2, "Cover 1");
        // Extended, d10 6 − 2 = 4: the stand-in gives D.
        assert_eq!(b.shot(0, 2, FireCtx::default()), Hit::Disorder(0));
        drop(b);
        assert_eq!(
            purposes(&dice),
            ["PIA fire A-U1->B-U1: 4 SP, Extended column, DRM -2 (§9.1)"]
        );
        assert!(dice.problems().is_empty(), "{:?}", dice.problems());
    }

    /// Fire example, D at Z: 2 SP, Extended; Z has 2 SP, so the depth shift to Normal
    /// holds only under the "2 or more" reading (§4.f item 4). Cover 2 −3 and not side
    /// by side −2 make −5, floored at −4.
    fn d_at_z(reading: Option<&str>) -> (usize, i64) {
        let a = side("A", vec![unit("A-U1", "inf", SPAIN, 2)], 0, 0);
        let b = side("B", vec![unit("B-U1", "inf", AUSTRIA, 2)], 0, 0);
        let mut c = card("battle", a, b);
        if let Some(r) = reading {
            c.battle
                .readings
                .insert("PIA_depth_threshold".into(), r.into());
        }
        let f = fixture(c);
        let mut dice = ScriptedDice::values([]);
        let mut b = battle(&f, &mut dice);
        b.sectors[0].terrain = "cover2".into();
        place(&mut b, &[(0, 13)]);
        let out = (
            b.fire_column(b.units[0].sp() + b.fire_bonus(0), 1),
            b.fire_drm(0, 1, FireCtx::default()),
        );
        drop(b);
        assert!(dice.problems().is_empty());
        out
    }

    #[test]
    fn d_at_z_shifts_only_under_the_ge2_reading() {
        assert_eq!(d_at_z(None), (1, -4), "ge3 (default): Extended stays");
        assert_eq!(d_at_z(Some("ge2")), (0, -4), "ge2: Normal");
    }

    // ---- §5.2 procedures ----------------------------------------------------------------

    fn line_up(sf: i64) -> Fixture {
        let a = side(
            "A",
            vec![
                two_step(unit("A-U1", "inf", FRANCE, 2)),
                two_step(unit("A-U2", "inf", FRANCE, 2)),
            ],
            0,
            sf,
        );
        let b = side(
            "B",
            vec![
                two_step(unit("B-U1", "inf", AUSTRIA, 2)),
                two_step(unit("B-U2", "inf", AUSTRIA, 2)),
            ],
            0,
            sf,
        );
        fixture(card("battle", a, b))
    }

    fn in_contact(b: &mut Battle) {
        place(b, &[(0, 13), (1, 13)]);
    }

    #[test]
    fn wing_selection_high_roller_goes_first_and_a_draw_rerolls() {
        let f = line_up(1);
        let mut dice = ScriptedDice::new([5u8, 7, 4, 4, 9, 2].map(|v| ScriptedRoll {
            event: None,
            value: v + 1,
        }));
        let mut b = battle(&f, &mut dice);
        b.turn = 2;
        assert_eq!(
            b.select_pair(0, &mut [vec![0], vec![0]]),
            [(1, 0), (0, 0)],
            "B rolled 7 against 5"
        );
        assert_eq!(
            b.select_pair(0, &mut [vec![0], vec![0]]),
            [(0, 0), (1, 0)],
            "4-4 rerolled, then 9 against 2"
        );
        b.turn = 1;
        assert_eq!(
            b.select_pair(0, &mut [vec![0], vec![0]]),
            [(0, 0), (1, 0)],
            "turn 1: the fixed first pair, no roll"
        );
        assert_eq!(
            b.select_pair(1, &mut [vec![], vec![1]]),
            [(1, 1)],
            "a wing left alone activates without a roll"
        );
        drop(b);
        assert_eq!(dice.log().len(), 6);
        assert!(dice.log()[0].event.ends_with("/t2/pair1/select/A"));
        assert!(dice.problems().is_empty(), "{:?}", dice.problems());
    }

    /// §9.1.2: a second volley needs a TDR; A-U1 fails (8 + 1 eZOC − 1 SF = 8 > 7) and
    /// takes Feu de Billebaude, which is Smoke for the shots of the second volley.
    #[test]
    fn second_volley_tdr_fails_into_feu_de_billebaude() {
        let f = line_up(1);
        let mut dice = script(&[
            ("A-W1/fire/A-U1>B-U1", 0),
            ("A-W1/fire/A-U2>B-U2", 0),
            ("A-W1/fire/B-U1>A-U1", 0),
            ("A-W1/fire/B-U2>A-U2", 0),
            ("A-W1/tdr/second-volley/A-U1", 8),
            ("A-W1/tdr/second-volley/A-U2", 7),
            ("A-W1/tdr/second-volley/B-U1", 0),
            ("A-W1/tdr/second-volley/B-U2", 0),
            ("A-W1/fire/A-U2>B-U2#2", 0),
            ("A-W1/fire/B-U1>A-U1#2", 0),
            ("A-W1/fire/B-U2>A-U2#2", 0),
        ]);
        let mut b = battle(&f, &mut dice);
        in_contact(&mut b);
        b.fire_combat(0);
        assert!(b.units[0].feu && !b.units[1].feu, "only A-U1 failed");
        assert!(
            b.units[0].fired && b.units[1].fired,
            "no melee after firing"
        );
        assert!(
            (0..4).all(|u| b.units[u].order == Order::Good),
            "every shot NE"
        );
        drop(b);
        let p = purposes(&dice);
        assert_eq!(
            p[4],
            "PIA TDR second volley A-U1: d10 +1 eZOC -1 SF <= 7 passes (§5.11)"
        );
        assert_eq!(
            p[8], "PIA fire A-U2->B-U2: 2 SP, Extended column, DRM -1 (§9.1)",
            "Smoke beside"
        );
        assert_eq!(
            p[9], "PIA fire B-U1->A-U1: 2 SP, Extended column, DRM -2 (§9.1)",
            "Smoke in the hex"
        );
        assert!(dice.problems().is_empty(), "{:?}", dice.problems());
    }

    /// §9.1.2: d10 + 1 eZOC + 2 Smoke (the marker itself) − 1 SF <= 7 removes it.
    #[test]
    fn feu_de_billebaude_removal_passes_on_3_fails_on_6() {
        for (roll, kept) in [(3, false), (6, true)] {
            let f = line_up(1);
            let mut dice = script(&[("A-W1/tdr/feu/A-U1", roll)]);
            let mut b = battle(&f, &mut dice);
            in_contact(&mut b);
            b.units[0].feu = true;
            b.feu_removal(0, 0);
            assert_eq!(b.units[0].feu, kept, "roll {roll}");
            drop(b);
            assert_eq!(
                purposes(&dice)[0],
                "PIA TDR Feu de Billebaude removal A-U1: d10 +1 eZOC +2 Smoke -1 SF <= 7 passes (§5.11)"
            );
            assert!(dice.problems().is_empty(), "{:?}", dice.problems());
        }
    }

    /// §11.1e: a Disordered unit hit by D1 takes a TDR at +2: passed, it stays
    /// Disordered and (READING) still retreats; failed, it routs three hexes.
    #[test]
    fn second_disorder_holds_on_1_routs_on_8() {
        for (roll, reading, order, pos) in [
            (1, None, Order::Disordered, 15),
            (1, Some("stay"), Order::Disordered, 14),
            (8, None, Order::Routed, 17),
        ] {
            let mut f = line_up(1);
            if let Some(r) = reading {
                f.readings = {
                    f.card
                        .battle
                        .readings
                        .insert("PIA_second_disorder_retreat".into(), r.into());
                    Readings::load(&ruleset(), &f.card).unwrap()
                };
            }
            let mut dice = script(&[("A-W1/tdr/second-disorder/B-U1", roll)]);
            let mut b = battle(&f, &mut dice);
            in_contact(&mut b);
            b.units[2].order = Order::Disordered;
            b.apply_hits(2, &[Hit::Disorder(1)]);
            assert_eq!(
                (b.units[2].order, b.units[2].pos),
                (order, pos),
                "roll {roll} {reading:?}"
            );
            drop(b);
            assert_eq!(
                purposes(&dice)[0],
                "PIA TDR second Disorder B-U1: d10 +1 eZOC +2 second Disorder -1 SF <= 7 passes (§5.11)"
            );
            assert!(dice.problems().is_empty(), "{:?}", dice.problems());
        }
    }

    /// §11.4: +2 in an eZOC (not +1), +2 routed; passed, one level back; an
    /// unmodified 9 always fails, even where 9 − 2 SF would pass.
    #[test]
    fn reorganization_recovers_a_level_and_a_natural_9_fails() {
        let cases = [
            (
                Order::Disordered,
                14,
                1,
                4,
                Order::Good,
                "d10 +2 eZOC -1 SF <= 7",
            ),
            (
                Order::Disordered,
                14,
                1,
                7,
                Order::Disordered,
                "d10 +2 eZOC -1 SF <= 7",
            ),
            (
                Order::Routed,
                17,
                1,
                5,
                Order::Disordered,
                "d10 +2 routed <= 7",
            ),
            (
                Order::Disordered,
                14,
                2,
                9,
                Order::Disordered,
                "d10 +2 eZOC -2 SF <= 7",
            ),
        ];
        for (from, pos, sf, roll, to, text) in cases {
            let f = line_up(sf);
            let mut dice = script(&[("end/tdr/reorganization/B-U1", roll)]);
            let mut b = battle(&f, &mut dice);
            in_contact(&mut b);
            b.tag = "end".into();
            b.units[2].order = from;
            b.units[2].pos = pos;
            b.reorganize(2);
            assert_eq!(b.units[2].order, to, "{from:?} roll {roll}");
            drop(b);
            assert_eq!(
                purposes(&dice)[0],
                format!(
                    "PIA TDR reorganization B-U1: {text} passes, an unmodified 9 fails (§5.11)"
                )
            );
            assert!(dice.problems().is_empty(), "{:?}", dice.problems());
        }
    }

    /// §8.5.3: d10 − SF of 0–3 keeps good order, once a turn; 5 − 1 = 4 fails.
    #[test]
    fn changing_of_ranks_once_a_turn() {
        let f = line_up(1);
        let mut dice = script(&[("A-W1/ranks/A-U1", 4), ("A-W1/ranks/A-U2", 5)]);
        let mut b = battle(&f, &mut dice);
        in_contact(&mut b);
        b.apply_hits(0, &[Hit::Disorder(0)]);
        assert_eq!(
            (b.units[0].order, b.units[0].changed),
            (Order::Good, true),
            "4 - 1 = 3 changes ranks"
        );
        b.apply_hits(0, &[Hit::Disorder(0)]);
        assert_eq!(
            b.units[0].order,
            Order::Disordered,
            "no second change this turn, and no roll"
        );
        b.apply_hits(1, &[Hit::Disorder(0)]);
        assert_eq!(b.units[1].order, Order::Disordered, "5 - 1 = 4 fails");
        drop(b);
        assert_eq!(
            purposes(&dice)[0],
            "PIA changing of ranks A-U1: d10 -1 SF, 0-3 keeps good order (§8.5.3)"
        );
        assert!(dice.problems().is_empty(), "{:?}", dice.problems());
    }

    /// A battery (A) against two infantry rows of B.
    fn battery_fixture() -> Fixture {
        let a = CardSide {
            leaders: vec![leader("A-L1", &[("rank", 2)])],
            ..side("A", vec![unit("A-U1", "art", FRANCE, 2)], 0, 0)
        };
        let b = side(
            "B",
            vec![
                two_step(unit("B-U1", "inf", AUSTRIA, 2)),
                two_step(unit("B-U2", "inf", AUSTRIA, 2)),
            ],
            0,
            0,
        );
        fixture(card("battle", a, b))
    }

    /// §8.3, §8.4: a volley, Smoke (−2) on the battery, a second volley, then d10 0–1
    /// breaks the battery for the day.
    #[test]
    fn cannon_failure_on_1_not_on_2() {
        for (roll, broken) in [(1, true), (2, false)] {
            let f = battery_fixture();
            let mut dice = script(&[
                ("A-W1/bombardment/A-U1>B-U1", 0),
                ("A-W1/bombardment/A-U1>B-U1#2", 0),
                ("A-W1/cannon/A-U1", roll),
            ]);
            let mut b = battle(&f, &mut dice);
            place(&mut b, &[(0, 12), (2, 15)]);
            b.bombard_turn(0);
            assert_eq!(
                (b.units[0].fired, b.units[0].broken),
                (true, broken),
                "roll {roll}"
            );
            drop(b);
            let p = purposes(&dice);
            assert_eq!(
                p[0],
                "PIA bombardment A-U1->B-U1: column 1, range 2, DRM +0 (§8.1)"
            );
            assert_eq!(
                p[1],
                "PIA bombardment A-U1->B-U1: column 1, range 2, DRM -2 (§8.1)"
            );
            assert!(dice.problems().is_empty(), "{:?}", dice.problems());
        }
    }

    /// §8.5.2: RR at range 2 routs the target and ricochets onto the unit behind it on
    /// the 1–2 SP column, where a second RR counts as a rout only.
    #[test]
    fn ricochet_hits_the_unit_behind_and_stops_there() {
        let f = battery_fixture();
        let mut dice = script(&[
            ("A-W1/bombardment/A-U1>B-U1", 9),
            ("A-W1/commander/B-L2", 5),
            ("A-W1/ricochet/A-U1>B-U2", 9),
            ("A-W1/commander/B-L2#2", 5),
        ]);
        let mut b = battle(&f, &mut dice);
        place(&mut b, &[(0, 12), (2, 15)]);
        b.bombard_turn(0);
        assert_eq!((b.units[1].order, b.units[1].pos), (Order::Routed, 17));
        assert_eq!((b.units[2].order, b.units[2].pos), (Order::Routed, 18));
        drop(b);
        assert!(dice.problems().is_empty(), "{:?}", dice.problems());
    }

    /// §8.5.2: with grapeshot (range 1) RR is a plain rout: no ricochet roll.
    #[test]
    fn grapeshot_rr_is_a_rout_without_ricochet() {
        let f = battery_fixture();
        let mut dice = script(&[
            ("A-W1/bombardment/A-U1>B-U1", 7),
            ("A-W1/commander/B-L2", 5),
            ("A-W1/bombardment/A-U1>B-U2", 0),
            ("A-W1/cannon/A-U1", 5),
        ]);
        let mut b = battle(&f, &mut dice);
        place(&mut b, &[(0, 13), (2, 15)]);
        b.bombard_turn(0);
        assert_eq!(
            b.units[1].order,
            Order::Routed,
            "7 + 2 = 9: RR, a rout at range 1"
        );
        assert_eq!(b.units[2].order, Order::Good);
        drop(b);
        assert!(dice.log().iter().all(|r| !r.event.contains("ricochet")));
        assert!(dice.problems().is_empty(), "{:?}", dice.problems());
    }

    /// §4.7: a commander with a unit retreating from fire rolls d10: 0–2 flips him to
    /// his Staff side, a Staff is captured; 3–9 leaves him unharmed, with his unit.
    #[test]
    fn commander_retreat_flips_to_staff_then_is_captured() {
        for (rolls, counter) in [
            (vec![3], Counter::Up),
            (vec![2], Counter::Staff),
            (vec![2, 0], Counter::Trophy),
        ] {
            let f = line_up(1);
            let mut script_rolls = vec![];
            for (k, &r) in rolls.iter().enumerate() {
                script_rolls.push(("A-W1/ranks/B-U2".to_owned(), 9));
                let suffix = if k == 0 {
                    String::new()
                } else {
                    format!("#{}", k + 1)
                };
                script_rolls.push((format!("A-W1/commander/B-L2{suffix}"), r));
            }
            let tails: Vec<(&str, u8)> =
                script_rolls.iter().map(|(t, v)| (t.as_str(), *v)).collect();
            let mut dice = script(&tails);
            let mut b = battle(&f, &mut dice);
            in_contact(&mut b);
            let fc = 3;
            assert_eq!(b.commanders[fc].stack, Some(3), "B's FC stands with B-U2");
            for _ in &rolls {
                b.apply_hits(3, &[Hit::Disorder(1)]);
                b.units[3].order = Order::Good;
            }
            assert_eq!(b.commanders[fc].counter, counter, "rolls {rolls:?}");
            if counter != Counter::Trophy {
                assert_eq!(b.commanders[fc].stack, Some(3), "he retreats with his unit");
            }
            drop(b);
            assert!(dice.problems().is_empty(), "{:?}", dice.problems());
        }
    }

    /// §4.6, §9.2.3: the defender fires first, then the Melee Table; the defender's
    /// Formation Commander, left in the hex the enemy takes, is captured: flipped to
    /// Staff and placed with another unit of his formation (a Staff: a trophy).
    #[test]
    fn melee_in_cover_captures_the_commander_left_behind() {
        for (staff_before, counter) in [(false, Counter::Staff), (true, Counter::Trophy)] {
            let a = side(
                "A",
                vec![
                    unit("A-U1", "inf", FRANCE, 3),
                    unit("A-U2", "inf", FRANCE, 2),
                ],
                0,
                0,
            );
            let b = side(
                "B",
                vec![
                    unit("B-U1", "inf", AUSTRIA, 1),
                    unit("B-U2", "inf", AUSTRIA, 2),
                ],
                0,
                0,
            );
            let f = fixture(card("battle", a, b));
            let mut dice = script(&[("A-W1/fire/B-U1>A-U1", 0), ("A-W1/melee/A-U1>B-U1", 7)]);
            let mut b = battle(&f, &mut dice);
            b.sectors[0].terrain = "cover1".into();
            in_contact(&mut b);
            let fc = 3;
            b.set_stack(fc, Some(2));
            if staff_before {
                b.commanders[fc].counter = Counter::Staff;
            }
            b.infantry_melee(0, 2);
            assert_eq!(
                b.units[2].gone,
                Some(Gone::Eliminated),
                "3:1, 7 - 1 cover = 6: -/E"
            );
            assert_eq!(b.commanders[fc].counter, counter);
            if counter == Counter::Staff {
                assert_eq!(b.commanders[fc].stack, Some(3), "placed with B-U2");
            }
            assert_eq!(
                b.units[0].pos, 13,
                "map-free: B-U2 still holds that row, no advance"
            );
            drop(b);
            assert_eq!(
                purposes(&dice)[1],
                "PIA melee A-U1->B-U1: 3:1 SP, column 3:1, DRM -1 (§9.2.4)"
            );
            assert!(dice.problems().is_empty(), "{:?}", dice.problems());
        }
    }

    /// §10.3, §10.3.1: charge at +1 column, the charged cavalry countercharges, and a
    /// unit retreats once however many retreats it owes.
    #[test]
    fn charge_and_countercharge() {
        let a = side("A", vec![unit("A-U1", "hcav", FRANCE, 2)], 0, 0);
        let b = side("B", vec![unit("B-U1", "hcav", AUSTRIA, 2)], 0, 1);
        let f = fixture(card("battle", a, b));
        let mut dice = script(&[
            ("A-W1/charge/A-U1>B-U1", 4),
            ("A-W1/countercharge/B-U1>A-U1", 1),
            ("A-W1/tdr/second-disorder/B-U1", 0),
            ("A-W1/tdr/second-disorder/B-U1#2", 0),
            ("A-W1/commander/B-L2", 5),
        ]);
        let mut b = battle(&f, &mut dice);
        place(&mut b, &[(0, 11)]);
        b.move_formation(0);
        assert_eq!(
            (b.units[0].pos, b.units[0].declared),
            (13, Some((1, true))),
            "no infantry eZOC: no TDR"
        );
        b.combat_formation(0);
        assert_eq!(
            (b.units[0].order, b.units[0].pos),
            (Order::Disordered, 13),
            "the charger: Disordered, no retreat"
        );
        assert_eq!(
            (b.units[1].order, b.units[1].pos),
            (Order::Disordered, 15),
            "two retreats owed, one taken"
        );
        drop(b);
        let p = purposes(&dice);
        assert_eq!(
            p[0],
            "PIA charge A-U1->B-U1: 2:2 SP, column 3:2, DRM +0 (§9.2.4)"
        );
        assert_eq!(
            p[1],
            "PIA countercharge B-U1->A-U1: 2:2 SP, column 3:2, DRM +0 (§9.2.4)"
        );
        assert!(dice.problems().is_empty(), "{:?}", dice.problems());
    }

    /// §10.2: infantry failing its TDR against cavalry gives it a column (1:1 → 3:2).
    #[test]
    fn cavalry_melee_on_infantry_that_fails_its_tdr() {
        let a = side("A", vec![unit("A-U1", "hcav", FRANCE, 2)], 0, 0);
        let b = side("B", vec![unit("B-U1", "inf", AUSTRIA, 2)], 0, 0);
        let f = fixture(card("battle", a, b));
        let mut dice = script(&[
            ("A-W1/tdr/stand/B-U1", 7),
            ("A-W1/cavalry-melee/A-U1>B-U1", 9),
        ]);
        let mut b = battle(&f, &mut dice);
        place(&mut b, &[(0, 13)]);
        b.cavalry_melee(0, 1);
        assert_eq!(b.units[1].gone, Some(Gone::Eliminated), "9 on 3:2: -/E");
        assert_eq!(b.units[0].order, Order::Disordered, "§10.1");
        drop(b);
        let p = purposes(&dice);
        assert_eq!(
            p[0],
            "PIA TDR standing against cavalry B-U1: d10 +1 eZOC <= 7 passes (§5.11)"
        );
        assert_eq!(
            p[1],
            "PIA cavalry melee A-U1->B-U1: 2:2 SP, column 3:2, DRM +0 (§9.2.4)"
        );
        assert!(dice.problems().is_empty(), "{:?}", dice.problems());
    }

    /// §10.2a: infantry that passes fires first; a result other than NE or D stops the
    /// cavalry before contact.
    #[test]
    fn cavalry_stopped_by_the_volley_before_impact() {
        let a = side("A", vec![two_step(unit("A-U1", "hcav", FRANCE, 2))], 0, 0);
        let b = side("B", vec![unit("B-U1", "inf", AUSTRIA, 2)], 0, 0);
        let f = fixture(card("battle", a, b));
        // Fire: 2 SP Extended, not side by side -2: 9 - 2 = 7 → "1".
        let mut dice = script(&[("A-W1/tdr/stand/B-U1", 2), ("A-W1/fire/B-U1>A-U1", 9)]);
        let mut b = battle(&f, &mut dice);
        place(&mut b, &[(0, 13)]);
        b.cavalry_melee(0, 1);
        assert!(b.units[0].reduced, "a step lost");
        assert_eq!(
            b.units[0].order,
            Order::Disordered,
            "§10.1 after its attack"
        );
        assert_eq!(b.units[1].order, Order::Good);
        drop(b);
        assert!(dice.problems().is_empty(), "{:?}", dice.problems());
    }

    // ---- objectives and victory (§13) ---------------------------------------------------

    fn victory_battle(f: &Fixture, dice: &mut ScriptedDice, held: usize) -> Outcome {
        let mut b = battle(f, dice);
        for (k, o) in b.objectives.iter_mut().enumerate() {
            o.holder = usize::from(!(o.picked && k < held));
        }
        b.final_victory()
    }

    #[test]
    fn objectives_decide_at_the_end() {
        let f = line_up(1);
        let mut dice = ScriptedDice::values([]);
        assert_eq!(
            victory_battle(&f, &mut dice, 3),
            Outcome {
                winner: Winner::A,
                reason: "PIA13.0 the attacker holds 3 of its 4 objectives: attacker wins".into()
            }
        );
        assert_eq!(victory_battle(&f, &mut dice, 1).winner, Winner::B);
        assert_eq!(
            victory_battle(&f, &mut dice, 0).winner,
            Winner::B,
            "READING 0-1"
        );
        assert_eq!(
            victory_battle(&f, &mut dice, 2),
            Outcome {
                winner: Winner::Draw,
                reason: "PIA13.1 conditional draw (2 objectives): VP A 0 - B 0".into()
            }
        );
        let mut lit = line_up(1);
        lit.card
            .battle
            .readings
            .insert("PIA_austrian_win_objectives".into(), "literal".into());
        lit.readings = Readings::load(&ruleset(), &lit.card).unwrap();
        assert_eq!(
            victory_battle(&lit, &mut dice, 0).reason,
            "PIA13.1 conditional draw (0 objectives): VP A 0 - B 0"
        );
        assert!(dice.problems().is_empty());
    }

    /// §13.1: 1 VP for each enemy unit eliminated or routed on the map, 3 for an FC's
    /// staff taken, 5 for a WC's.
    #[test]
    fn conditional_draw_counts_victory_points() {
        let f = line_up(1);
        let mut dice = ScriptedDice::values([]);
        let mut b = battle(&f, &mut dice);
        b.units[2].gone = Some(Gone::Eliminated);
        b.units[3].order = Order::Routed;
        b.commanders[3].counter = Counter::Trophy;
        b.units[0].gone = Some(Gone::Eliminated);
        b.commanders[0].counter = Counter::Killed;
        assert_eq!((b.vp(0), b.vp(1)), (5, 6));
        assert_eq!(
            b.conditional_draw(2),
            Outcome {
                winner: Winner::B,
                reason: "PIA13.1 conditional draw (2 objectives): VP A 5 - B 6".into()
            }
        );
    }

    /// §13.2 at the 15:00 turn (PROVISIONAL track: turn 10); objectives change hands
    /// only with the enemy three hexes away.
    #[test]
    fn automatic_victory_and_taking_an_objective() {
        let f = line_up(1);
        let mut dice = ScriptedDice::values([]);
        let mut b = battle(&f, &mut dice);
        b.turn = 9;
        assert_eq!(b.turn_victory(), None);
        b.turn = 10;
        assert_eq!(b.turn_victory().map(|o| o.winner), Some(Winner::B));
        assert!(b.used.borrow().contains("turn_track"));
        in_contact(&mut b);
        b.update_objectives();
        assert_eq!(b.held_by_attacker(), 0, "B still holds its line");
        b.units[2].pos = 18;
        b.units[3].order = Order::Routed;
        b.update_objectives();
        assert_eq!(b.held_by_attacker(), 4, "B-U1 four hexes back, B-U2 routed");
    }

    // ---- errors ------------------------------------------------------------------------

    #[test]
    fn malformed_cards_and_data_are_errors() {
        let rs = ruleset();
        let ok = || {
            card(
                "battle",
                side("A", vec![unit("A-U1", "inf", FRANCE, 2)], 0, 0),
                side("B", vec![unit("B-U1", "inf", SPAIN, 2)], 0, 0),
            )
        };
        let run = |c: &Card, rs: &Ruleset| resolve(c, rs, &mut ScriptedDice::values([]));
        let mut c = ok();
        c.sides[1].units.clear();
        assert!(
            matches!(run(&c, &rs), Err(BattleError::Card(m)) if m.contains("side B has no unit"))
        );
        let mut c = ok();
        c.sides[0].units[0].ratings.insert("sp".into(), 0);
        assert!(matches!(run(&c, &rs), Err(BattleError::Card(m)) if m.contains("`sp` = 0")));
        let mut c = ok();
        c.sides[0].units[0].ratings.insert("mp".into(), i64::MAX);
        assert!(matches!(run(&c, &rs), Err(BattleError::Card(m)) if m.contains("`mp`")));
        let mut c = ok();
        c.sides[1].leaders[1].ratings.insert("sf".into(), i64::MIN);
        assert!(matches!(run(&c, &rs), Err(BattleError::Card(m)) if m.contains("`sf`")));
        let mut c = ok();
        c.battle.kind = "siege".into();
        assert!(matches!(run(&c, &rs), Err(BattleError::Card(m)) if m.contains("siege")));
        let mut c = ok();
        c.sides[0].units[0].kind = "pike".into();
        assert!(matches!(run(&c, &rs), Err(BattleError::Card(m)) if m.contains("pike")));
        let mut c = ok();
        c.sides[0].leaders.truncate(1);
        assert!(
            matches!(run(&c, &rs), Err(BattleError::Card(m)) if m.contains("no Formation Commander"))
        );
        let mut c = ok();
        c.battle
            .readings
            .insert("PIA_occupy".into(), "maybe".into());
        assert!(
            matches!(run(&c, &rs), Err(BattleError::Data { message, .. }) if message.contains("PIA_occupy"))
        );
        let mut bad = ruleset();
        bad.remove_table("fire");
        assert!(
            matches!(run(&ok(), &bad), Err(BattleError::Data { message, .. }) if message.contains("`fire` is missing"))
        );
    }

    /// Every READING switch: the file's values are the digest's, and each alternative
    /// is accepted and turns its switch.
    #[test]
    fn every_reading_switch_has_its_alternative() {
        let rs = ruleset();
        let base = line_up(1);
        let r = Readings::load(&rs, &base.card).unwrap();
        assert_eq!(
            (r.depth_min_sp, r.routed_charged_hexes, r.cic_staff_vp),
            (3, 3, 5)
        );
        assert!(r.second_disorder_retreat && r.smoke_floor && r.cavalry_second_disorder);
        assert!(r.zero_objectives_lose && r.until_all_wings);
        assert!(!r.light_cavalry_effects && !r.disorder_end_of_turn && !r.occupy_with_routed);
        let alternatives = [
            ("PIA_light_cavalry", "light_effects"),
            ("PIA_second_disorder_retreat", "stay"),
            ("PIA_depth_threshold", "ge2"),
            ("PIA_smoke_floor", "total_only"),
            ("PIA_disorder_removal", "end_of_turn"),
            ("PIA_cavalry_post_attack", "marker_only"),
            ("PIA_charged_routed_retreat", "2"),
            ("PIA_austrian_win_objectives", "literal"),
            ("PIA_cic_staff_vp", "3"),
            ("PIA_wing_pairs", "two_pairs"),
            ("PIA_occupy", "any_unit"),
        ];
        let mut c = base.card.clone();
        for (k, v) in alternatives {
            assert!(rs.readings.contains_key(k), "{k} is in the file");
            c.battle.readings.insert(k.into(), v.into());
        }
        let r = Readings::load(&rs, &c).unwrap();
        assert_eq!(
            (r.depth_min_sp, r.routed_charged_hexes, r.cic_staff_vp),
            (2, 2, 3)
        );
        assert!(!r.second_disorder_retreat && !r.smoke_floor && !r.cavalry_second_disorder);
        assert!(!r.zero_objectives_lose && !r.until_all_wings);
        assert!(r.light_cavalry_effects && r.disorder_end_of_turn && r.occupy_with_routed);
        let mut dice = SeededDice::new([3; 32]);
        c.sides = built("battle", "plain", "village").sides;
        let out = resolve(&c, &rs, &mut dice).expect("the alternatives resolve too");
        check_consistent(&c, &out, true);
    }

    #[test]
    fn the_ruleset_marks_its_stand_ins() {
        let rs = ruleset();
        assert_eq!(
            rs.provisional_tables(),
            [
                "bombardment",
                "commanders",
                "fire",
                "melee",
                "tec",
                "turn_track"
            ]
        );
        let t = Tables::load(&rs).unwrap();
        assert_eq!(
            (
                t.training.austria.cavalry,
                t.training.spain.infantry,
                t.training.france.grenadiers
            ),
            (8, 6, 8)
        );
        assert_eq!(rs.readings.len(), 12);
    }

    // ---- whole battles ------------------------------------------------------------------

    fn spec(role: &str, ducats: i64) -> SideSpec {
        SideSpec {
            nation: "X".into(),
            club: "X".into(),
            role: role.into(),
            ducats,
            sapper: false,
            commander_killed: false,
        }
    }

    fn built(kind: &str, terrain: &str, node_kind: &str) -> Card {
        let place = Place {
            node: "M5".into(),
            node_name: "Somewhere".into(),
            node_kind: node_kind.into(),
            terrain: terrain.into(),
            fortified: false,
            month: "June".into(),
        };
        let role = if kind == "rearguard" {
            "rearguard"
        } else {
            "defender"
        };
        Card::build(
            "1495-r03-M5",
            kind,
            &ruleset(),
            place,
            [spec("attacker", 600), spec(role, 450)],
        )
    }

    fn check_consistent(card: &Card, r: &TacticalResult, templates: bool) {
        let n = card.sides.iter().map(|s| s.units.len()).sum::<usize>();
        assert_eq!(r.units.len(), n);
        assert!((1..=12).contains(&r.turns_played));
        assert!(r.provisional_tables_used || !templates);
        assert!(
            r.reason.starts_with("PIA") || r.reason.starts_with("G3c.9"),
            "{}",
            r.reason
        );
        for (u, res) in card.sides.iter().flat_map(|s| &s.units).zip(&r.units) {
            assert_eq!(u.id, res.id);
            let steps = if u.ratings.get("sp_reduced").copied().unwrap_or(0) > 0 {
                2
            } else {
                1
            };
            match res.state {
                UnitState::Eliminated => assert_eq!(res.steps_lost, steps, "{res:?}"),
                UnitState::Reduced => assert_eq!(res.steps_lost, 1, "{res:?}"),
                UnitState::Ok => assert_eq!(res.steps_lost, 0, "{res:?}"),
                UnitState::Escaped => {
                    assert!(u.id.starts_with("B-") && card.battle.kind == "rearguard")
                }
                _ => assert!(res.steps_lost < steps, "{res:?}"),
            }
        }
    }

    /// Pins three whole battles (seed → result), so a change of the resolver's
    /// behaviour shows up here.
    #[test]
    fn whole_battles_pinned() {
        let rs = ruleset();
        let cases = [
            (
                "battle",
                "plain",
                "village",
                7u8,
                Winner::A,
                "PIA13.0 the attacker holds 4 of its 4 objectives: attacker wins",
                12,
                [4, 10],
                652,
            ),
            (
                "battle",
                "marsh",
                "city",
                1,
                Winner::B,
                "PIA13.2 automatic victory: at the end of turn 10 (15:00) the attacker holds none of its 4 objectives",
                10,
                [7, 3],
                546,
            ),
            (
                "rearguard",
                "plain",
                "village",
                0,
                Winner::B,
                "G3c.9 rearguard: 13 units left the table, 2 lost: the rearguard wins",
                6,
                [0, 2],
                70,
            ),
        ];
        for (kind, terrain, node, n, winner, reason, turns, lost, rolls) in cases {
            let card = built(kind, terrain, node);
            let mut dice = SeededDice::new([n; 32]);
            let r = resolve(&card, &rs, &mut dice).unwrap();
            assert_eq!(
                (r.winner, r.reason.as_str(), r.turns_played),
                (winner, reason, turns),
                "{kind} seed {n}"
            );
            assert_eq!(
                [r.lost_units(&card, 0), r.lost_units(&card, 1)],
                lost,
                "{kind} seed {n}"
            );
            assert_eq!(dice.log().len(), rolls, "{kind} seed {n}");
        }
    }

    /// Odd club-supplied cards (any mix of kinds, few or many commanders, every
    /// terrain and node kind, both kinds of action) never panic, and always end.
    #[test]
    fn odd_cards_never_panic() {
        let rs = ruleset();
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = |n: u64| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) % n
        };
        let kinds = ["inf", "light", "gren", "hcav", "lcav", "drag", "art"];
        for k in 0..60 {
            let mut sides = Vec::new();
            for key in ["A", "B"] {
                let units: Vec<CardUnit> = (0..1 + next(14))
                    .map(|i| {
                        let mut u = unit(
                            &format!("{key}-U{}", i + 1),
                            kinds[next(7) as usize],
                            1 + next(3) as i64,
                            1 + next(4) as i64,
                        );
                        if next(2) == 0 {
                            let sp = u.ratings["sp"];
                            u.ratings
                                .insert("sp_reduced".into(), next(sp as u64) as i64);
                        }
                        u.ratings.insert("dismounted".into(), next(2) as i64);
                        u
                    })
                    .collect();
                let mut leaders = vec![
                    leader(&format!("{key}-L0"), &[("rank", 1 + next(2) as i64)]),
                    leader(&format!("{key}-F0"), &[("rank", 3)]),
                ];
                for j in 0..next(4) {
                    let rank = 2 + next(2) as i64;
                    leaders.push(leader(
                        &format!("{key}-L{}", j + 1),
                        &[
                            ("rank", rank),
                            ("fire_bonus", next(3) as i64),
                            ("sf", next(3) as i64),
                        ],
                    ));
                }
                sides.push(CardSide {
                    leaders,
                    ..side(key, units, 0, 0)
                });
            }
            let [a, b]: [CardSide; 2] = sides.try_into().unwrap();
            let mut c = card(if k % 4 == 3 { "rearguard" } else { "battle" }, a, b);
            c.battle.terrain = ["plain", "hills", "mountains", "marsh"][k % 4].into();
            c.battle.node_kind = ["city", "fortress", "village", "open"][(k / 4) % 4].into();
            c.battle.fortified = k % 3 == 0;
            let mut dice = SeededDice::new([k as u8; 32]);
            match resolve(&c, &rs, &mut dice) {
                Ok(r) => check_consistent(&c, &r, false),
                Err(e) => panic!("card {k}: {e}"),
            }
        }
    }

    #[test]
    fn whole_battles_end_consistent_and_deterministic() {
        let rs = ruleset();
        for (kind, terrain, node) in [
            ("battle", "plain", "village"),
            ("battle", "marsh", "city"),
            ("battle", "hills", "fortress"),
            ("rearguard", "plain", "village"),
        ] {
            let card = built(kind, terrain, node);
            for n in 0..5u8 {
                let mut dice = SeededDice::new([n; 32]);
                let r = resolve(&card, &rs, &mut dice).expect("resolves");
                check_consistent(&card, &r, true);
                if kind == "rearguard" {
                    let (esc, lost) = (r.escaped(&card, 1), r.lost_units(&card, 1));
                    assert_eq!(r.winner == Winner::B, esc > lost, "G3c.9: {}", r.reason);
                }
                let mut again = SeededDice::new([n; 32]);
                assert_eq!(
                    resolve(&card, &rs, &mut again).unwrap(),
                    r,
                    "same seed, same battle"
                );
                assert_eq!(again.log(), dice.log());
            }
        }
    }
}
