//! The battle's terms: the READING and POLICY switches, the fortified node's protection, and the ruleset's one table (the Disrupted stand-in), typed once.

use super::*;
use crate::battle::card::{BattleKind, NodeKind};

/// §7.2 points 2–3: who chooses to fight another round of a Major battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Policy {
    RoundWinner,
    Rational,
    SingleRound,
}

/// PROVISIONAL stand-in for the MISSING Disrupted backs (`tables.disrupted_fire`).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct DisruptedFire {
    #[serde(default)]
    pub(super) provisional: bool,
    pub(super) minus: u8,
    pub(super) min: u8,
}

/// The battle's terms, read from the card and the ruleset's switches.
#[derive(Clone, Debug)]
pub(super) struct Settings {
    /// §7.2.1: the zone is Difficult for the attacker.
    pub(super) difficult: bool,
    /// §9.4, §10: hits the defender's forts and village take off.
    pub(super) protection: u32,
    /// 3.f item 6: protection in every round (else only the first).
    pub(super) protection_every_round: bool,
    /// 3.f item 5: the −1 hits attacking commanders whatever their leadership.
    pub(super) commander_difficult_always: bool,
    /// §7.5: the defender may take an extra loss instead of retreating.
    pub(super) fortress_option: bool,
    pub(super) policy: Policy,
    pub(super) max_rounds: u32,
    /// G2b.5 (POLICY `MON_commander_killed = "cannot_attack"`): the attacker's
    /// commander was killed, so it defends but cannot attack.
    pub(super) attacker_cannot_attack: bool,
    /// G3c.9: side B is a rearguard.
    pub(super) rearguard: bool,
    pub(super) disrupted: Option<DisruptedFire>,
}

/// The switches of one battle: the card's (the battle's own choice) over the ruleset's.
pub(super) struct Switches<'a> {
    pub(super) card: &'a Card,
    pub(super) rs: &'a Ruleset,
}

impl<'a> Switches<'a> {
    pub(super) fn get(&self, name: &str, default: &'a str) -> &'a str {
        self.card
            .battle
            .readings
            .get(name)
            .map_or_else(|| self.rs.reading(name, default), String::as_str)
    }

    /// A switch with named values: the value's meaning, or a data error listing them.
    pub(super) fn choose<T: Copy>(
        &self,
        name: &str,
        values: &[(&'a str, T)],
    ) -> Result<T, BattleError> {
        let v = self.get(name, values[0].0);
        values
            .iter()
            .find(|(k, _)| *k == v)
            .map(|(_, t)| *t)
            .ok_or_else(|| {
                let names: Vec<&str> = values.iter().map(|(k, _)| *k).collect();
                self.bad(name, v, &names.join(", "))
            })
    }

    pub(super) fn bad(&self, name: &str, value: &str, expected: &str) -> BattleError {
        BattleError::Data {
            ruleset: self.rs.id.clone(),
            message: format!("reading {name} = \"{value}\": expected one of {expected}"),
        }
    }
}

pub(super) fn list_has(list: &str, item: &str) -> bool {
    list.split(',')
        .map(str::trim)
        .any(|x| !x.is_empty() && x == item)
}

/// ASSUMPTION (`MON_fortified_node`): the hits a node takes off the attacker's each
/// round, as MON's fortified village (§9.4) and forts (§10), at most 3. `town` is a
/// fortified city's or village's (`village_plus_fort`: a fortified village 1 + a fort
/// 1), `fortress` a fortified fortress's (two forts). An unfortified node gives none,
/// and so does a battle in the open.
pub(super) fn protection(
    node_kind: NodeKind,
    fortified: bool,
    (town, fortress): (u32, u32),
) -> u32 {
    let p = match node_kind {
        NodeKind::City | NodeKind::Village => town,
        NodeKind::Fortress => fortress,
        NodeKind::Open => 0,
    };
    if fortified { p.min(MAX_PROTECTION) } else { 0 }
}

impl Settings {
    /// Reads the card and the switches; the first value of each list is the default.
    pub(super) fn read(card: &Card, rs: &Ruleset) -> Result<Settings, BattleError> {
        let b = &card.battle;
        let sw = Switches { card, rs };
        let rearguard = b.kind == BattleKind::Rearguard;
        let node = sw.choose(
            "MON_fortified_node",
            &[
                ("village_plus_fort", (2, 2)),
                ("village_only", (1, 2)),
                ("none", (0, 0)),
            ],
        )?;
        // POLICY `MON_fort_applies`: "fortified_node" (campaigns written before it) puts
        // the works in play whenever the node is fortified; "defender_inside" only when
        // the defender fights from inside them (a withdrawal, a siege assault), not when
        // it chose to meet the attacker in the field.
        let inside = sw.choose(
            "MON_fort_applies",
            &[("fortified_node", true), ("defender_inside", false)],
        )? || b.defender_inside;
        let shield = protection(b.node_kind, b.fortified && inside, node);
        let max = sw.get("MON_max_rounds", "20");
        let max_rounds = match max.parse::<u32>() {
            Ok(n) if n >= 1 => frame::turn_cap(n, ROUND_CAP),
            _ => return Err(sw.bad("MON_max_rounds", max, "a whole number ≥ 1")),
        };
        let terrain = sw.get("MON_difficult_terrain", "hills,mountains,marsh");
        let fortress_nodes = sw.get("MON_fortress_option_nodes", "fortress");
        // POLICY `MON_fortress_option_holder`: "any" (campaigns written before it) gives
        // §7.5 to the defender at a fortress node whoever holds the walls; with
        // "defender_holds" only to a defender that holds them, fortified (besiegers
        // attacked there by the relief stand outside them).
        let holder_only = sw.choose(
            "MON_fortress_option_holder",
            &[("any", false), ("defender_holds", true)],
        )?;
        Ok(Settings {
            difficult: list_has(terrain, b.terrain.as_str()),
            protection: shield,
            protection_every_round: sw.choose(
                "MON_protection_rounds",
                &[("every_round", true), ("first_round", false)],
            )?,
            commander_difficult_always: sw.choose(
                "MON_commander_difficult",
                &[("at_3_or_more", false), ("always", true)],
            )?,
            fortress_option: !rearguard
                && list_has(fortress_nodes, b.node_kind.as_str())
                && (!holder_only || b.fortified),
            policy: sw.choose(
                "MON_continue_policy",
                &[
                    ("round_winner", Policy::RoundWinner),
                    ("rational", Policy::Rational),
                    ("single_round", Policy::SingleRound),
                ],
            )?,
            max_rounds,
            rearguard,
            // POLICY `MON_commander_killed`: "ignored" (campaigns written before it:
            // MON read no G2b.5) or "cannot_attack", as the other three games.
            attacker_cannot_attack: sw.choose(
                "MON_commander_killed",
                &[("ignored", false), ("cannot_attack", true)],
            )? && !frame::may_attack(card)[0],
            disrupted: disrupted_table(rs)?,
        })
    }
}

/// The tables as the ruleset file writes them: MON's tables are printed on its
/// counters and charts and live in the code; only the stand-in is data.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Raw {
    pub(super) disrupted_fire: Option<DisruptedFire>,
}

/// The ruleset's tables, typed and checked once for every battle.
#[derive(Debug)]
pub struct Tables {
    /// The PROVISIONAL Disrupted stand-in, if the ruleset still has it.
    pub(super) disrupted: Option<DisruptedFire>,
}

/// Types the tables once.
pub(crate) fn compile(raw: Raw, provisional: &BTreeSet<String>) -> Result<Tables, String> {
    Ok(Tables {
        disrupted: raw.disrupted_fire.map(|mut t| {
            t.provisional |= provisional.contains("disrupted_fire");
            t
        }),
    })
}

/// The PROVISIONAL Disrupted stand-in, if the ruleset still has it.
pub(super) fn disrupted_table(rs: &Ruleset) -> Result<Option<DisruptedFire>, BattleError> {
    Ok(rs.tables_for_battle(compile)?.disrupted.clone())
}
