//! Legnano's tables as the ruleset writes them, checked once; the battle's switches and optional rules.

use super::*;

// Data: the ruleset's tables, typed.

/// A number per grade (`A`, `B`, `C`): morale values, VPs, a combat chit.
#[derive(Clone, Copy, Debug, Deserialize)]
pub(super) struct PerGrade {
    #[serde(rename = "A")]
    pub(super) a: i64,
    #[serde(rename = "B")]
    pub(super) b: i64,
    #[serde(rename = "C")]
    pub(super) c: i64,
}

impl PerGrade {
    pub(super) fn get(&self, g: Grade) -> i64 {
        match g {
            Grade::A => self.a,
            Grade::B => self.b,
            Grade::C => self.c,
        }
    }
}

#[derive(Deserialize)]
pub(super) struct CrtData {
    pub(super) columns: Vec<String>,
    pub(super) ratios: Vec<[i64; 2]>,
    pub(super) rows: Vec<i32>,
    pub(super) results: Vec<Vec<String>>,
}

#[derive(Deserialize)]
pub(super) struct VpData {
    #[serde(rename = "A")]
    pub(super) a: i64,
    #[serde(rename = "B")]
    pub(super) b: i64,
    #[serde(rename = "C")]
    pub(super) c: i64,
    pub(super) leader_per_command: i64,
}

#[derive(Deserialize)]
pub(super) struct ChitData {
    pub(super) chits: Vec<PerGrade>,
}

#[derive(Clone, Copy, Debug, Deserialize)]
pub(super) struct Terrain {
    pub(super) inf_mp: i32,
    pub(super) cav_mp: i32,
    pub(super) inf_attack_divisor: i64,
    pub(super) cav_attack_divisor: i64,
    pub(super) cav_disordered_on_entry: bool,
    pub(super) cav_may_charge: bool,
    pub(super) cav_attack_needs_morale: bool,
}

#[derive(Deserialize)]
pub(super) struct Tec {
    pub(super) clear: Terrain,
    pub(super) forest: Terrain,
}

#[derive(Deserialize)]
pub(super) struct Length {
    pub(super) turns: u32,
}

#[derive(Deserialize)]
pub(super) struct RoutLevel {
    pub(super) percent: i64,
}

#[derive(Deserialize)]
pub(super) struct LeaderCommand {
    pub(super) value: i64,
}

#[derive(Clone, Debug, Deserialize)]
pub(super) struct MapFree {
    pub(super) depth: i32,
    pub(super) deploy: i32,
    pub(super) hold_line: i32,
    pub(super) rearguard_depth: i32,
    pub(super) rearguard_attacker: i32,
    pub(super) rearguard_from_attacker_edge: i32,
    #[serde(default)]
    pub(super) terrain: BTreeMap<String, String>,
}

#[derive(Deserialize)]
pub(super) struct PolicyData {
    pub(super) attacker: String,
    pub(super) defender: String,
    pub(super) rearguard: String,
    pub(super) attack_min_column: String,
    pub(super) attack_min_column_rearguard: String,
}

/// One CRT result (§5.3): the side it hits and what it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Code {
    pub(super) hits_attacker: bool,
    pub(super) effect: Effect,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Effect {
    None,
    Disorder,
    Rout,
    Eliminate,
}

impl Code {
    pub(super) fn parse(s: &str) -> Option<Code> {
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
pub(super) struct Crt {
    pub(super) columns: Vec<String>,
    pub(super) ratios: Vec<(i64, i64)>,
    pub(super) first_row: i32,
    pub(super) cells: Vec<Vec<Code>>,
}

impl Crt {
    pub(super) fn from_data(d: CrtData) -> Result<Crt, String> {
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

    pub(super) fn last_row(&self) -> i32 {
        self.first_row + self.cells.len() as i32 - 1
    }

    /// The column of an attacker:defender strength ratio (§5.1.4); beyond the printed
    /// columns it clamps to the first or last (digest §2.f.10). `round_up` is the
    /// alternative of READING `LEG_odds_rounding`.
    pub(super) fn column(&self, att: i64, def: i64, round_up: bool) -> usize {
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
    pub(super) fn cell(&self, row: i32, col: i32, by_index: bool) -> (i32, usize) {
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

    pub(super) fn result(&self, row: i32, col: usize) -> Code {
        self.cells[(row - self.first_row) as usize][col]
    }

    /// The index of a column name (`"1.5/1"`).
    pub(super) fn column_named(&self, name: &str) -> Option<usize> {
        self.columns.iter().position(|c| c == name)
    }
}

/// How a side behaves (§0.4 "Policies").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Doctrine {
    Attack,
    Hold,
    Delay,
}

/// The READING switches (names as in the ruleset), `true` where the alternative to the
/// recommended value is chosen.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Switches {
    pub(super) odds_up: bool,
    pub(super) clamp_row: bool,
    pub(super) hit_one: bool,
    pub(super) compare_worst: bool,
    pub(super) rally_near_retreats: bool,
    pub(super) forest_into_only: bool,
    pub(super) vp_by_value: bool,
    pub(super) vp_no_leaders: bool,
    pub(super) rout_reaches: bool,
    pub(super) facing_cumulative: bool,
    pub(super) leader_sum: bool,
    pub(super) friend_grade_a: bool,
    pub(super) carroccio_defence: bool,
    pub(super) carroccio_cavalry_destroyed: bool,
    pub(super) redraw_each_combat: bool,
}

/// The optional rules switched on.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Options {
    /// §7.1 command radius.
    pub(super) radius: bool,
    /// §7.2 facing.
    pub(super) facing: bool,
    /// §7.3 charge.
    pub(super) charge: bool,
    /// §7.4 variable combat factors.
    pub(super) variable: bool,
    /// §9.4 (Legnano): a side routs when its supreme commander dies.
    pub(super) supreme_routs: bool,
}

/// The tables as the ruleset file writes them.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Raw {
    pub(super) crt: Option<CrtData>,
    pub(super) tec: Option<Tec>,
    pub(super) morale: Option<PerGrade>,
    pub(super) victory_points: Option<VpData>,
    pub(super) length: Option<Length>,
    pub(super) combat_chits: Option<ChitData>,
    pub(super) leader_command: Option<LeaderCommand>,
    pub(super) rout_level: Option<RoutLevel>,
    pub(super) map_free: Option<MapFree>,
    pub(super) policy: Option<PolicyData>,
}

/// Every table the resolver reads, typed and checked once for every battle.
#[derive(Debug)]
pub struct Tables {
    pub(super) crt: Crt,
    pub(super) morale: PerGrade,
    pub(super) vp: PerGrade,
    pub(super) vp_leader: i64,
    pub(super) chits: Vec<PerGrade>,
    pub(super) chits_provisional: bool,
    /// The stand-in command of leaders without one, and whether it is provisional.
    pub(super) leader_command: Option<(i64, bool)>,
    pub(super) clear: Terrain,
    pub(super) forest: Terrain,
    pub(super) turns: u32,
    pub(super) rout_percent: i64,
    pub(super) map: MapFree,
    pub(super) doctrine: [Doctrine; 3],
    /// The policy's least column to attack from, and at even odds (POLICY
    /// `LEG_attacker_policy`): an error only when the battle's switch picks it.
    pub(super) policy_column: Result<usize, String>,
    pub(super) even_column: Result<usize, String>,
    pub(super) rearguard_column: usize,
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
    // §2.1: a command rating is 0–4; a stand-in outside it would only be found at the
    // first battle, as a leader with no rating.
    if let Some(l) = &raw.leader_command
        && !(0..=4).contains(&l.value)
    {
        return Err(format!(
            "table `leader_command`: `value` = {} is not a command rating: expected 0 to 4 (§2.1)",
            l.value
        ));
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
pub(super) struct Rules {
    pub(super) tables: std::sync::Arc<Tables>,
    pub(super) min_column: [usize; 2],
    pub(super) sw: Switches,
    pub(super) opt: Options,
}

impl std::ops::Deref for Rules {
    type Target = Tables;
    fn deref(&self) -> &Tables {
        &self.tables
    }
}

impl Rules {
    pub(super) fn load(card: &Card, rs: &Ruleset) -> Result<Rules, BattleError> {
        let err = |message: String| BattleError::Data {
            ruleset: rs.id.clone(),
            message,
        };
        let tables = rs.tables_for_battle(compile)?;
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

    pub(super) fn terrain(&self, ground: Ground) -> &Terrain {
        match ground {
            Ground::Clear => &self.clear,
            Ground::Forest => &self.forest,
        }
    }

    /// The mean chit value of a grade: the policy's estimate of an undrawn chit.
    pub(super) fn mean_chit(&self, g: Grade) -> i64 {
        self.chits.iter().map(|c| c.get(g)).sum::<i64>() / self.chits.len() as i64
    }
}

/// The CRT column of even odds, from which an `even_odds` attacker attacks.
pub(super) const EVEN_ODDS: &str = "1/1";

/// Reads one two-valued switch: the card's choice, else the ruleset's, else the first
/// value (`false`); the second gives `true`; any other value is an error.
pub(super) fn switches_pick(
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
pub(super) fn switches(card: &Card, rs: &Ruleset) -> Result<Switches, BattleError> {
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
pub(super) fn options(card: &Card) -> Options {
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
