//! Piacenza's tables as the ruleset writes them and the results they give, checked once; the READING switches (§4.f).

use super::*;

// ---------------------------------------------------------------------------------
// Results of the tables.

/// A result of the Fire or Bombardment Table (§8.5, §9.1.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Hit {
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

pub(super) fn parse_hit(code: &str) -> Option<Hit> {
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
pub(super) enum Blow {
    /// `-`.
    None,
    /// R: Disorder and retreat one hex.
    Retreat,
    /// 1: a step lost, Disorder and retreat one hex (§4.f item 10).
    Step,
    /// E.
    Eliminated,
}

pub(super) fn parse_blow(code: &str) -> Option<Blow> {
    Some(match code {
        "-" => Blow::None,
        "R" => Blow::Retreat,
        "1" => Blow::Step,
        "E" => Blow::Eliminated,
        _ => return None,
    })
}

/// Rows of one column of the Fire or Bombardment Table: (highest modified roll, result).
pub(super) type Bands = Vec<(i64, Hit)>;

/// Returns the result of the first band whose highest roll is at least `index`, or
/// of the last band.
pub(super) fn lookup<T: Copy>(bands: &[(i64, T)], index: i64, none: T) -> T {
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
pub(super) struct TrainingRow {
    pub(super) infantry: i64,
    pub(super) grenadiers: i64,
    pub(super) cavalry: i64,
}

/// §5.11 Training Die Roll table (present).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Training {
    pub(super) austria: TrainingRow,
    pub(super) france: TrainingRow,
    pub(super) spain: TrainingRow,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawFire {
    #[serde(default, rename = "provisional")]
    pub(super) _provisional: bool,
    pub(super) normal: Vec<(i64, String)>,
    pub(super) extended: Vec<(i64, String)>,
    pub(super) intense: Vec<(i64, String)>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawBombardColumn {
    pub(super) min_sp: i64,
    pub(super) bands: Vec<(i64, String)>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawBombard {
    #[serde(default, rename = "provisional")]
    pub(super) _provisional: bool,
    pub(super) range_drm: Vec<i64>,
    pub(super) columns: Vec<RawBombardColumn>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawMeleeColumn {
    pub(super) odds: (i64, i64),
    pub(super) bands: Vec<(i64, String, String)>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawMelee {
    #[serde(default, rename = "provisional")]
    pub(super) _provisional: bool,
    pub(super) columns: Vec<RawMeleeColumn>,
}

/// One terrain of the Terrain Effects Chart (MISSING: PROVISIONAL stand-in).
#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct TerrainRow {
    pub(super) fire: i64,
    pub(super) melee: i64,
    pub(super) tdr: i64,
    pub(super) zoc: bool,
    pub(super) los: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawTec {
    #[serde(default, rename = "provisional")]
    pub(super) _provisional: bool,
    pub(super) terrain: BTreeMap<String, TerrainRow>,
}

/// Modifiers and thresholds the rule text states.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Modifiers {
    pub(super) smoke_in_hex: i64,
    pub(super) smoke_adjacent: i64,
    pub(super) smoke_floor: i64,
    pub(super) not_side_by_side: i64,
    pub(super) flanked: i64,
    pub(super) reaction: i64,
    pub(super) floor: i64,
    pub(super) tdr_ezoc: i64,
    pub(super) tdr_smoke_in_hex: i64,
    pub(super) tdr_smoke_adjacent: i64,
    pub(super) tdr_cavalry_into_ezoc: i64,
    pub(super) tdr_second_disorder: i64,
    pub(super) reorg_out_of_command: i64,
    pub(super) reorg_ezoc: i64,
    pub(super) reorg_routed: i64,
    pub(super) reorg_natural_fail: i64,
    pub(super) light_tdr: i64,
    pub(super) changing_ranks_max: i64,
    pub(super) changing_ranks_grenadiers: i64,
    pub(super) cannon_failure_max: i64,
    pub(super) commander_retreat_max: i64,
    pub(super) melee_vs_cover2: i64,
    pub(super) charge_shift: usize,
    pub(super) flank_shift: usize,
    pub(super) cavalry_failed_tdr_shift: usize,
    pub(super) rout_hexes: i64,
    pub(super) cavalry_push_hexes: i64,
}

/// §13.0, §13.1.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Victory {
    pub(super) attacker_wins_at: usize,
    pub(super) draw_at: usize,
    /// A captured flag (Standard Bearer, §4.6.1): never arises map-free, where a Wing
    /// Commander's Standard Bearer is not modelled.
    #[serde(rename = "flag_vp")]
    pub(super) _flag_vp: i64,
    pub(super) staff_fc_vp: i64,
    pub(super) staff_wc_vp: i64,
    pub(super) routed_vp: i64,
    pub(super) eliminated_vp: i64,
}

/// The Staff side of a commander (MISSING: PROVISIONAL stand-in).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct StaffValues {
    #[serde(default, rename = "provisional")]
    pub(super) _provisional: bool,
    pub(super) staff_fire_bonus: i64,
    pub(super) staff_sf: i64,
}

/// The Turn Record Track (MISSING: PROVISIONAL stand-in).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct TurnTrack {
    #[serde(default, rename = "provisional")]
    pub(super) _provisional: bool,
    pub(super) auto_victory_turn: u32,
}

/// The map-free table (ASSUMPTION, §0.4).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct MapFree {
    pub(super) turns: u32,
    pub(super) battle_attacker_edge: i64,
    pub(super) battle_gap: i64,
    pub(super) battle_defender_edge: i64,
    pub(super) rearguard_attacker_edge: i64,
    pub(super) rearguard_start: i64,
    pub(super) rearguard_table_length: i64,
    pub(super) objectives: usize,
    pub(super) attacker_objectives: usize,
    pub(super) second_volley_min: i64,
    pub(super) cavalry_odds_vs_infantry: i64,
    pub(super) line: BTreeMap<String, String>,
    pub(super) approach: BTreeMap<String, String>,
    pub(super) node_center: BTreeMap<String, String>,
    pub(super) fortified_line: String,
}

pub(super) struct MeleeColumn {
    pub(super) odds: (i64, i64),
    pub(super) bands: Vec<(i64, (Blow, Blow))>,
}

/// The tables as the ruleset file writes them.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Raw {
    pub(super) training: Option<Training>,
    pub(super) fire: Option<RawFire>,
    pub(super) bombardment: Option<RawBombard>,
    pub(super) melee: Option<RawMelee>,
    pub(super) tec: Option<RawTec>,
    pub(super) modifiers: Option<Modifiers>,
    pub(super) victory: Option<Victory>,
    pub(super) commanders: Option<StaffValues>,
    pub(super) turn_track: Option<TurnTrack>,
    pub(super) map_free: Option<MapFree>,
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
    pub(super) training: Training,
    pub(super) fire: [Bands; 3],
    pub(super) bombard_range: Vec<i64>,
    /// Columns of the Bombardment Table: (lowest battery SP, rows).
    pub(super) bombard: Vec<(i64, Bands)>,
    pub(super) melee: Vec<MeleeColumn>,
    pub(super) tec: BTreeMap<String, TerrainRow>,
    pub(super) modifiers: Modifiers,
    pub(super) victory: Victory,
    pub(super) staff: StaffValues,
    pub(super) turn_track: TurnTrack,
    pub(super) map_free: MapFree,
    /// Names of the tables flagged `provisional = true`.
    pub(super) provisional: BTreeSet<String>,
}

impl Tables {
    pub(super) fn check(&self) -> Result<(), String> {
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

pub(super) fn hit_bands(raw: &[(i64, String)], name: &str) -> Result<Bands, String> {
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

pub(super) fn bombard_columns(raw: &[RawBombardColumn]) -> Result<Vec<(i64, Bands)>, String> {
    if raw.is_empty() {
        return Err("table `bombardment` has no columns".into());
    }
    raw.iter()
        .map(|c| Ok((c.min_sp, hit_bands(&c.bands, "bombardment")?)))
        .collect()
}

/// The Bombardment Table column of a battery of `sp` SP, shifted one to the left (not
/// beyond the first) against infantry staggered in depth (§8.5.4).
pub(super) fn bombard_column_of<T>(columns: &[(i64, T)], sp: i64, depth_shift: bool) -> usize {
    let col = columns.iter().rposition(|c| sp >= c.0).unwrap_or(0);
    col - usize::from(depth_shift && col > 0)
}

pub(super) fn melee_columns(raw: &[RawMeleeColumn]) -> Result<Vec<MeleeColumn>, String> {
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
pub(super) struct Readings {
    /// §4.a `PIA_light_cavalry`.
    pub(super) light_cavalry_effects: bool,
    /// §4.b `PIA_second_disorder_retreat`.
    pub(super) second_disorder_retreat: bool,
    /// §4.f item 4 `PIA_depth_threshold`: the SP from which target infantry shifts.
    pub(super) depth_min_sp: i64,
    /// §4.f item 5 `PIA_smoke_floor`.
    pub(super) smoke_floor: bool,
    /// §4.f item 6 `PIA_disorder_removal`.
    pub(super) disorder_end_of_turn: bool,
    /// §4.f item 7 `PIA_cavalry_post_attack`.
    pub(super) cavalry_second_disorder: bool,
    /// §4.f item 8 `PIA_charged_routed_retreat`.
    pub(super) routed_charged_hexes: i64,
    /// §4.f item 9 `PIA_austrian_win_objectives`: whether 0 objectives lose too.
    pub(super) zero_objectives_lose: bool,
    /// §4.f item 9 `PIA_cic_staff_vp`.
    pub(super) cic_staff_vp: i64,
    /// §4.f item 12 `PIA_wing_pairs`.
    pub(super) until_all_wings: bool,
    /// §4.f item 13 `PIA_occupy`.
    pub(super) occupy_with_routed: bool,
    /// POLICY `PIA_fort_applies`: whether a fortified node's works line the defender's
    /// front when it meets the attacker in the field (`fortified_node`, campaigns written
    /// before the reading) or only when it fights from inside them (`defender_inside`).
    pub(super) fort_in_field: bool,
}

impl Readings {
    /// Reads each switch from the card (a battle's choice), else the ruleset.
    pub(super) fn load(rs: &Ruleset, card: &Card) -> Result<Readings, BattleError> {
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
            fort_in_field: pick(
                "PIA_fort_applies",
                "fortified_node",
                &["fortified_node", "defender_inside"],
            )? == "fortified_node",
        })
    }
}
