//! Ottaggio's tables as the ruleset writes them (Fire, Melee, Terrain, length, field, victory, policy), checked once; the READING switches.

use super::*;

// ---------------------------------------------------------------------------------
// The ruleset's data.

/// Fire Table (§6.1.1; MISSING, PROVISIONAL stand-in in the ruleset).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct FireTable {
    /// Read through [`Ruleset::provisional_tables`]; listed so the table stays strict.
    #[serde(default, rename = "provisional")]
    pub(super) _provisional: bool,
    /// DRM by the terrain the target defends in.
    #[serde(default)]
    pub(super) drm: BTreeMap<String, i32>,
    pub(super) column: Vec<FireColumn>,
}

/// One Fire Value column: hit on d6 + DRM ≥ `need`; `second_die`: a second roll for a
/// second Stress on a hit (§6.1.1).
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct FireColumn {
    pub(super) fv: i32,
    pub(super) need: i32,
    pub(super) second_die: bool,
}

/// Melee Table as written in the ruleset (§6.2; MISSING but one cell).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct MeleeData {
    /// Read through [`Ruleset::provisional_tables`]; listed so the table stays strict.
    #[serde(default, rename = "provisional")]
    pub(super) _provisional: bool,
    pub(super) columns: Vec<String>,
    pub(super) results: Vec<Vec<String>>,
}

/// One side's part of a Melee result (§6.2.1): Stress, `M`, `R`, `E`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Effect {
    pub(super) stress: i32,
    pub(super) morale: bool,
    pub(super) retreat: bool,
    pub(super) eliminated: bool,
}

/// The Melee Table, checked: odds columns in increasing order, six d6 cells each.
#[derive(Clone, Debug)]
pub(super) struct MeleeTable {
    pub(super) labels: Vec<String>,
    /// Each column's odds `p:q`.
    pub(super) odds: Vec<(i64, i64)>,
    /// `cells[column][d6 - 1]` = (attacker, defender).
    pub(super) cells: Vec<[(Effect, Effect); 6]>,
}

/// Terrain Table (§5.1; MISSING, PROVISIONAL stand-in in the ruleset).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct TerrainTable {
    /// Read through [`Ruleset::provisional_tables`]; listed so the table stays strict.
    #[serde(default, rename = "provisional")]
    pub(super) _provisional: bool,
    /// MP to enter a hex of the map-free road and village.
    pub(super) hex_mp: i32,
    /// Melee column shift by the terrain the defender is in.
    #[serde(default)]
    pub(super) melee_shift: BTreeMap<String, i32>,
}

/// Length (§2, §3.1; cap: ASSUMPTION §1.d).
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Length {
    pub(super) first_hour: u32,
    pub(super) end_roll_from_hour: u32,
    pub(super) end_on: i32,
    pub(super) cap_hour: u32,
}

/// The map-free field (ASSUMPTION, §1.e); see the ruleset file.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct FieldData {
    pub(super) outposts_row: i32,
    pub(super) approach_hexes: i32,
    pub(super) village_to_edge: i32,
    pub(super) village_slots_min: usize,
    pub(super) approach_on_road: bool,
    pub(super) rearguard_attacker_row: i32,
    pub(super) rearguard_row: i32,
    pub(super) map_rows: i32,
    /// §0.4: an enemy faces its pair and at most one overlap ("a second attacker").
    pub(super) max_facing: usize,
}

/// Victory (§8; generic card ASSUMPTION §1.d).
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct VictoryData {
    pub(super) village_units: usize,
    pub(super) eliminated_percent: u32,
}

/// Default policies as written in the ruleset (ASSUMPTION, §1.e).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct PolicyData {
    pub(super) charge_min_column: String,
    pub(super) leave_max_column: String,
    pub(super) fall_back_cm: i32,
    pub(super) refuse_min_column: String,
    pub(super) fire_into_melee: String,
}

/// Default policies, resolved to Melee column indices.
#[derive(Clone, Copy, Debug)]
pub(super) struct Policy {
    pub(super) charge_min: usize,
    pub(super) leave_max: usize,
    pub(super) fall_back_cm: i32,
    pub(super) refuse_min: usize,
    pub(super) fire_into_melee: bool,
}

/// §1.f item 1: how a Morale Test is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum MoraleReading {
    /// Pass on d6 + mod ≥ morale − stress (the text and its example).
    Literal,
    /// Pass on d6 − mod ≤ morale − stress.
    Inverted,
}

/// §1.f item 3: when the fatigue roll is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum EndRoll {
    EachFullTurn,
    OnceAt18,
}

/// The READING switches (`[readings]`; the card's own choices come first).
#[derive(Clone, Copy, Debug)]
pub(super) struct Readings {
    pub(super) morale: MoraleReading,
    pub(super) surrender_abs: bool,
    /// The second Fire die uses the first one's modifiers too.
    pub(super) second_die_modified: bool,
    pub(super) end_roll: EndRoll,
    pub(super) infantry_mp: i64,
    /// POLICY `OTT_fort_applies`: whether a fortified node walls the defender's village
    /// when it meets the attacker in the field (`fortified_node`, campaigns written
    /// before the reading) or only when it fights from inside (`defender_inside`).
    pub(super) fort_in_field: bool,
}

/// The tables as the ruleset file writes them.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Raw {
    pub(super) fire: Option<FireTable>,
    pub(super) melee: Option<MeleeData>,
    pub(super) terrain: Option<TerrainTable>,
    pub(super) length: Option<Length>,
    pub(super) field: Option<FieldData>,
    pub(super) victory: Option<VictoryData>,
    pub(super) policy: Option<PolicyData>,
}

/// Every table the resolver reads, typed and checked once for every battle.
#[derive(Clone, Debug)]
pub struct Tables {
    pub(super) fire: FireTable,
    pub(super) melee: MeleeTable,
    pub(super) terrain: TerrainTable,
    pub(super) length: Length,
    pub(super) field: FieldData,
    pub(super) victory: VictoryData,
    pub(super) policy: Policy,
    /// Which tables are PROVISIONAL: fire, melee, terrain.
    pub(super) provisional: [bool; 3],
}

/// Everything the resolver reads: the ruleset's tables and this battle's switches.
#[derive(Clone, Debug)]
pub(super) struct Rules {
    pub(super) tables: std::sync::Arc<Tables>,
    pub(super) readings: Readings,
    pub(super) tired_rule: bool,
    /// POLICY `OTT_melee_choice = "by_odds"`: an engaged unit melees only at odds worth it.
    pub(super) melee_by_odds: bool,
}

impl std::ops::Deref for Rules {
    type Target = Tables;
    fn deref(&self) -> &Tables {
        &self.tables
    }
}

/// Types and checks the tables once (the checks a battle made before reading them).
pub(crate) fn compile(raw: Raw, provisional: &BTreeSet<String>) -> Result<Tables, String> {
    let melee = MeleeTable::parse(need(raw.melee, "melee")?)?;
    let policy = Policy::parse(&need(raw.policy, "policy")?, &melee)?;
    let fire = need(raw.fire, "fire")?;
    check_fire(&fire)?;
    let terrain = need(raw.terrain, "terrain")?;
    if terrain.hex_mp < 1 {
        return Err("table `terrain`: hex_mp must be at least 1".into());
    }
    let length = need(raw.length, "length")?;
    if length.cap_hour < length.first_hour || length.cap_hour > length.first_hour + 48 {
        return Err("table `length`: cap_hour must follow first_hour, within 48 turns".into());
    }
    let field = need(raw.field, "field")?;
    check_field(&field)?;
    Ok(Tables {
        fire,
        melee,
        terrain,
        length,
        field,
        victory: need(raw.victory, "victory")?,
        policy,
        provisional: ["fire", "melee", "terrain"].map(|t| provisional.contains(t)),
    })
}

/// Indices into [`Rules::provisional`].
pub(super) const FIRE: usize = 0;
pub(super) const MELEE: usize = 1;
pub(super) const TERRAIN: usize = 2;

impl Rules {
    pub(super) fn load(card: &Card, rs: &Ruleset) -> Result<Rules, BattleError> {
        let data = |message: String| BattleError::Data {
            ruleset: rs.id.clone(),
            message,
        };
        let tables = rs.tables_for_battle(compile)?;
        let melee_choice = card
            .battle
            .readings
            .get("OTT_melee_choice")
            .map_or_else(|| rs.reading("OTT_melee_choice", "always"), String::as_str);
        let melee_by_odds = match melee_choice {
            "always" => false,
            "by_odds" => true,
            v => {
                return Err(data(format!(
                    "READING `OTT_melee_choice` = `{v}` is not one of always|by_odds"
                )));
            }
        };
        Ok(Rules {
            tables: tables.clone(),
            melee_by_odds,
            readings: Readings::load(card, rs).map_err(data)?,
            tired_rule: rs.option(OPTION_TIRED)
                || card.battle.options.iter().any(|o| o == OPTION_TIRED),
        })
    }

    /// The last turn played (ASSUMPTION §1.d: the cap hour's turn).
    pub(super) fn last_turn(&self) -> u32 {
        self.length.cap_hour - self.length.first_hour + 1
    }
}

pub(super) fn check_fire(fire: &FireTable) -> Result<(), String> {
    for fv in 1..=MAX_FV as i32 {
        let n = fire.column.iter().filter(|c| c.fv == fv).count();
        if n != 1 {
            return Err(format!(
                "table `fire`: Fire Value {fv} needs exactly one column, has {n}"
            ));
        }
    }
    Ok(())
}

pub(super) fn check_field(f: &FieldData) -> Result<(), String> {
    let ok = f.outposts_row >= 1
        && f.approach_hexes >= 1
        && f.village_to_edge >= 1
        && (0..f.rearguard_row).contains(&f.rearguard_attacker_row)
        && f.rearguard_row < f.map_rows
        && f.map_rows <= 200
        && f.max_facing >= 1
        && f.outposts_row + f.approach_hexes + f.village_to_edge <= 200;
    if ok {
        Ok(())
    } else {
        Err("table `field`: rows out of order or out of range".into())
    }
}

impl MeleeTable {
    pub(super) fn parse(data: MeleeData) -> Result<MeleeTable, String> {
        if data.columns.is_empty() || data.columns.len() != data.results.len() {
            return Err("table `melee`: one row of results per column".into());
        }
        let odds = data
            .columns
            .iter()
            .map(|c| parse_odds(c))
            .collect::<Result<Vec<_>, _>>()?;
        if odds.windows(2).any(|w| w[0].0 * w[1].1 >= w[1].0 * w[0].1) {
            return Err(
                "table `melee`: columns must go from the lowest odds to the highest".into(),
            );
        }
        let mut cells = Vec::new();
        for (label, row) in data.columns.iter().zip(&data.results) {
            let parsed = row
                .iter()
                .map(|c| parse_cell(c))
                .collect::<Result<Vec<_>, _>>()?;
            let six: [(Effect, Effect); 6] = parsed.try_into().map_err(|_| {
                format!("table `melee`: column {label} needs 6 results (d6 = 1..6)")
            })?;
            cells.push(six);
        }
        Ok(MeleeTable {
            labels: data.columns,
            odds,
            cells,
        })
    }

    /// The odds column, rounded in favour of the defender (§6.2: 6 vs 2 is 3:1, 5 vs 2
    /// is 2:1): the highest column the ratio reaches; −1 below the table.
    pub(super) fn base_column(&self, attacker_cv: i32, defender_cv: i32) -> i32 {
        let (a, d) = (i64::from(attacker_cv), i64::from(defender_cv));
        self.odds
            .iter()
            .rposition(|&(p, q)| a * q >= p * d)
            .map_or(-1, |i| i as i32)
    }

    /// Clamps a shifted column onto the table (§1.c: lowest and highest columns).
    pub(super) fn clamp(&self, column: i32) -> usize {
        column.clamp(0, self.labels.len() as i32 - 1) as usize
    }

    pub(super) fn index_of(&self, label: &str) -> Result<usize, String> {
        self.labels
            .iter()
            .position(|l| l == label)
            .ok_or_else(|| format!("table `policy`: `{label}` is not a Melee column"))
    }
}

/// `"4:1"` → (4, 1).
pub(super) fn parse_odds(label: &str) -> Result<(i64, i64), String> {
    let bad = || format!("table `melee`: column `{label}` is not odds like 3:1");
    let (p, q) = label.split_once(':').ok_or_else(bad)?;
    let p: i64 = p.trim().parse().map_err(|_| bad())?;
    let q: i64 = q.trim().parse().map_err(|_| bad())?;
    if p < 1 || q < 1 || p > 100 || q > 100 {
        return Err(bad());
    }
    Ok((p, q))
}

/// `"M/3R"` → (attacker `M`, defender 3 Stress + retreat) (§6.2.1).
pub(super) fn parse_cell(cell: &str) -> Result<(Effect, Effect), String> {
    let (a, d) = cell
        .split_once('/')
        .ok_or_else(|| format!("table `melee`: result `{cell}` is not attacker/defender"))?;
    Ok((parse_effect(a)?, parse_effect(d)?))
}

pub(super) fn parse_effect(code: &str) -> Result<Effect, String> {
    let code = code.trim();
    let mut e = Effect::default();
    if code == "-" || code.is_empty() {
        return Ok(e);
    }
    let digits: String = code.chars().take_while(char::is_ascii_digit).collect();
    if !digits.is_empty() {
        e.stress = digits
            .parse()
            .ok()
            .filter(|n| *n <= 20)
            .ok_or_else(|| format!("table `melee`: bad Stress in `{code}`"))?;
    }
    for c in code[digits.len()..].chars() {
        match c {
            'M' => e.morale = true,
            'R' => e.retreat = true,
            'E' => e.eliminated = true,
            _ => {
                return Err(format!(
                    "table `melee`: unknown code `{c}` in `{code}` (§6.2.1: #, R, M, E)"
                ));
            }
        }
    }
    Ok(e)
}

impl Policy {
    pub(super) fn parse(p: &PolicyData, melee: &MeleeTable) -> Result<Policy, String> {
        let fire_into_melee = match p.fire_into_melee.as_str() {
            "safe" => true,
            "never" => false,
            other => {
                return Err(format!(
                    "table `policy`: fire_into_melee `{other}` is not safe|never"
                ));
            }
        };
        Ok(Policy {
            charge_min: melee.index_of(&p.charge_min_column)?,
            leave_max: melee.index_of(&p.leave_max_column)?,
            fall_back_cm: p.fall_back_cm,
            refuse_min: melee.index_of(&p.refuse_min_column)?,
            fire_into_melee,
        })
    }
}

impl Readings {
    pub(super) fn load(card: &Card, rs: &Ruleset) -> Result<Readings, String> {
        // The card's own choice first (§0.3), then the ruleset's, then the digest's.
        let get = |name: &str, default: &'static str| -> String {
            card.battle
                .readings
                .get(name)
                .cloned()
                .unwrap_or_else(|| rs.reading(name, default).to_owned())
        };
        let bad = |name: &str, v: &str, allowed: &str| {
            format!("READING `{name}` = `{v}` is not one of {allowed}")
        };
        let morale = match get("OTT_morale_test", "literal").as_str() {
            "literal" => MoraleReading::Literal,
            "inverted" => MoraleReading::Inverted,
            v => return Err(bad("OTT_morale_test", v, "literal|inverted")),
        };
        let surrender_abs = match get("OTT_surrender_abs", "on").as_str() {
            "on" => true,
            "off" => false,
            v => return Err(bad("OTT_surrender_abs", v, "on|off")),
        };
        let second_die_modified = match get("OTT_second_die", "same").as_str() {
            "same" => true,
            "bare" => false,
            v => return Err(bad("OTT_second_die", v, "same|bare")),
        };
        let end_roll = match get("OTT_end_roll", "each_full_turn").as_str() {
            "each_full_turn" => EndRoll::EachFullTurn,
            "once_at_18" => EndRoll::OnceAt18,
            v => return Err(bad("OTT_end_roll", v, "each_full_turn|once_at_18")),
        };
        let infantry_mp = get("OTT_infantry_mp", "2")
            .parse::<i64>()
            .ok()
            .filter(|mp| (1..=20).contains(mp))
            .ok_or_else(|| "READING `OTT_infantry_mp` must be a number of MP, 1..=20".to_owned())?;
        for (name, only) in [
            ("OTT_duel_tie", "reroll"),
            ("OTT_genoa_retreat", "own_edge"),
        ] {
            let v = get(name, only);
            if v != only {
                return Err(bad(name, &v, only));
            }
        }
        let fort_in_field = match get("OTT_fort_applies", "fortified_node").as_str() {
            "fortified_node" => true,
            "defender_inside" => false,
            v => return Err(bad("OTT_fort_applies", v, "fortified_node|defender_inside")),
        };
        Ok(Readings {
            morale,
            surrender_abs,
            second_die_modified,
            end_roll,
            infantry_mp,
            fort_in_field,
        })
    }
}
