//! MON — La Seconda Guerra del Monferrato 1628–1630 (printed rules cited `§x.y`): the
//! map-free auto-resolver, and the game's siege procedures as pure functions.
//!
//! MON is an operational game on an area map whose Field Combat (§7) needs no map: a
//! node battle is one zone where the attacker (side A) has entered the defender's
//! (side B) zone. One [`resolve`] call is one Field Combat: both sides fire at once,
//! round after round in a Major battle (≥ 6 combat units a side, §7.2), then the side
//! that suffered more hits retreats, the attacker on a tie (§7.2 point 4, §7.5).
//!
//! Rating keys are documented at the top of `campaigns/il-giglio/rulesets/mon1628.toml`;
//! its READING and ASSUMPTION switches are read from the card's `readings` first (the
//! battle's own choice), then from the ruleset's.
//! Default policies (ASSUMPTION, the owner's choices the text leaves to the players):
//! - loss allocation (§7.3): each hit flips the cheapest good-order unit that has a
//!   Disrupted back, else removes the cheapest unit still on the map (campaign value,
//!   then card order) — a flip costs the campaign nothing (a reduced unit is not lost);
//! - continuing a Major battle (§7.2 points 2–3): the `MON_continue_policy` switch;
//! - the fortress option (§7.5): a defender that lost takes the extra loss whenever it
//!   keeps a unit that can fire afterwards;
//! - a Replacement Commander (§7.4.1) is reported `replaced`; a commander left alone
//!   with the enemy is eliminated (§6, §14.1) and reported `killed`.
//! - a rearguard action (G3c.9): the rearguard (B) never chooses to continue, and every
//!   unit of it still on the map after the Field Combat leaves the zone (`escaped`).

use super::BattleError;
use super::card::{Card, Leader, Unit};
use super::frame::{self, Provisional, Rearguard};
use super::result::{LeaderResult, LeaderState, TacticalResult, UnitResult, UnitState, Winner};
use super::ruleset::{GameTables, Ruleset};
use crate::rules::Ducats;
use crate::rules::dice::Dice;
use serde::Deserialize;
use std::collections::BTreeSet;
use std::ops::RangeInclusive;

/// §7.2: a battle is Major when both sides field this many combat units (guastatori
/// excluded, a major unit counting one).
const MAJOR_BATTLE_UNITS: usize = 6;
/// §7.2.1: Difficult terrain takes 1 off an attacker's fire value from this value up.
const DIFFICULT_FROM: u8 = 3;
/// §8: artillery with no guastatore in its zone fires at 1.
const UNSUPPORTED_GUN_FIRE: u8 = 1;
/// §8: artillery that rolls a 6 is eliminated ("sboccavano"), in any combat.
const BURST_FACE: u8 = 6;
/// §7.3: a commander is hit on a survival roll of 1 or 2.
const COMMANDER_HIT_MAX: u8 = 2;
/// §9.4 + §10: a fortified village and two forts take off at most 3 hits (3.f item 6).
const MAX_PROTECTION: u32 = 3;
/// §9.1: a mine explodes on 1–3 and is lost on 6.
const MINE_BREACH_MAX: u8 = 3;
const MINE_LOST_FACE: u8 = 6;
/// Scenario special rule 1: every Mantua side takes 1 off artillery fire (min 1).
pub const MANTUA_MALUS: u8 = 1;
/// §8.2: artillery firing through a Breach fires at 1 less.
pub const BREACH_MALUS: u8 = 1;
/// Hard cap on the rounds of a Major battle, whatever `MON_max_rounds` says.
const ROUND_CAP: u32 = 50;
/// Every fire value and leadership is a d6 target (§7.2).
const RATING_RANGE: RangeInclusive<i64> = 0..=6;

/// A counter's type (§2.1, §14).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Inf,
    Cav,
    Art,
    Guast,
    Garrison,
    /// §14.5: not a combat unit; never fires, is never hit, cannot retreat.
    Camp,
}

impl Kind {
    fn parse(s: &str) -> Option<Kind> {
        Some(match s {
            "inf" => Kind::Inf,
            "cav" => Kind::Cav,
            "art" => Kind::Art,
            "guast" => Kind::Guast,
            "garrison" => Kind::Garrison,
            "camp" => Kind::Camp,
            _ => return None,
        })
    }
}

/// A unit counter in the battle.
#[derive(Clone, Debug)]
struct Counter {
    id: String,
    kind: Kind,
    /// §14.2: the left value attacking, the right one defending (equal for one value).
    fire_att: u8,
    fire_def: u8,
    /// The Disrupted back's value, when the counter was typed in.
    fire_disrupted: Option<u8>,
    /// §7.4.1: it has a Disrupted back.
    two_step: bool,
    /// §14.3: a double-star unit rolls two dice.
    major: bool,
    value: Ducats,
    disrupted: bool,
    eliminated: bool,
    steps_lost: u32,
}

impl Counter {
    fn from_card(u: &Unit) -> Result<Counter, BattleError> {
        let kind = Kind::parse(&u.kind).ok_or_else(|| {
            card_err(format!(
                "unit {}: kind `{}` is not a MON unit (inf, cav, art, guast, garrison, camp)",
                u.id, u.kind
            ))
        })?;
        let (fire_att, fire_def) = fire_pair(u, kind)?;
        let major = flag(u, "major", false)?;
        if major && kind != Kind::Inf {
            return Err(card_err(format!(
                "unit {}: only infantry can be a major unit (§14.3)",
                u.id
            )));
        }
        // §14.6 garrisons and §14.5 camps have no back; §2.1 "many" others have one.
        let default_two_step = !matches!(kind, Kind::Garrison | Kind::Camp);
        Ok(Counter {
            id: u.id.clone(),
            kind,
            fire_att,
            fire_def,
            fire_disrupted: unit_rating(u, "fire_disrupted")?,
            // §14.3: a major unit in good order is Disrupted by a hit.
            two_step: major || flag(u, "two_step", default_two_step)?,
            major,
            value: u.campaign_value,
            disrupted: false,
            eliminated: false,
            steps_lost: 0,
        })
    }

    /// A combat unit still in the zone: it can be hit (camps are not combat units).
    fn in_play(&self) -> bool {
        !self.eliminated && self.kind != Kind::Camp
    }

    /// A combat unit that fires and counts for the battle's size (§7.2: not guastatori).
    fn fights(&self) -> bool {
        self.in_play() && self.kind != Kind::Guast
    }

    /// §7.4.1, §7.4.2: a hit flips a good-order unit with a back, else eliminates it.
    fn take_hit(&mut self) {
        self.steps_lost += 1;
        if self.two_step && !self.disrupted {
            self.disrupted = true;
        } else {
            self.eliminated = true;
        }
    }

    /// §8: a gun that bursts is gone, whatever side it shows.
    fn burst(&mut self) {
        self.steps_lost += if self.two_step && !self.disrupted {
            2
        } else {
            1
        };
        self.eliminated = true;
    }

    fn state(&self) -> UnitState {
        if self.eliminated {
            UnitState::Eliminated
        } else if self.disrupted {
            // 3.d: Disrupted maps to `reduced` (a hit suffered, still on the map).
            UnitState::Reduced
        } else {
            UnitState::Ok
        }
    }
}

/// Reads `fire` or the `fire_att`/`fire_def` pair (§2.1, §14.2).
fn fire_pair(u: &Unit, kind: Kind) -> Result<(u8, u8), BattleError> {
    let fire = unit_rating(u, "fire")?;
    let att = unit_rating(u, "fire_att")?;
    let def = unit_rating(u, "fire_def")?;
    match (fire, att, def) {
        (_, Some(a), Some(d)) => Ok((a, d)),
        (Some(f), None, None) => Ok((f, f)),
        // §7.2: guastatori never fire; a camp is no combat unit.
        (None, None, None) if matches!(kind, Kind::Guast | Kind::Camp) => Ok((0, 0)),
        _ => Err(card_err(format!(
            "unit {}: needs a `fire` rating or both `fire_att` and `fire_def`",
            u.id
        ))),
    }
}

fn unit_rating(u: &Unit, key: &str) -> Result<Option<u8>, BattleError> {
    checked(&u.id, key, u.ratings.get(key).copied(), RATING_RANGE)
}

fn flag(u: &Unit, key: &str, default: bool) -> Result<bool, BattleError> {
    Ok(checked(&u.id, key, u.ratings.get(key).copied(), 0..=1)?.map_or(default, |v| v == 1))
}

fn checked(
    who: &str,
    key: &str,
    value: Option<i64>,
    range: RangeInclusive<i64>,
) -> Result<Option<u8>, BattleError> {
    // Every range here lies within 0..=255.
    Ok(frame::rating(who, key, value, range)?.map(|v| v as u8))
}

fn card_err(message: String) -> BattleError {
    BattleError::Card(message)
}

/// A commander (§2.1, §7.2: fires with his Leadership; §7.3 never takes hits).
#[derive(Clone, Debug)]
struct Commander {
    id: String,
    leadership: u8,
    /// §7.4.1: the Replacement Commander's leadership, 0 = none.
    replacement: u8,
    state: LeaderState,
}

impl Commander {
    fn from_card(l: &Leader) -> Result<Commander, BattleError> {
        let leadership = checked(
            &l.id,
            "leadership",
            l.ratings.get("leadership").copied(),
            RATING_RANGE,
        )?
        .ok_or_else(|| card_err(format!("commander {}: needs a `leadership` rating", l.id)))?;
        let replacement = checked(
            &l.id,
            "replacement_leadership",
            l.ratings.get("replacement_leadership").copied(),
            RATING_RANGE,
        )?
        .unwrap_or(0);
        Ok(Commander {
            id: l.id.clone(),
            leadership,
            replacement,
            state: LeaderState::Ok,
        })
    }
}

/// One side in the zone.
#[derive(Clone, Debug)]
struct Force {
    units: Vec<Counter>,
    commanders: Vec<Commander>,
}

impl Force {
    fn fighting(&self) -> usize {
        self.units.iter().filter(|u| u.fights()).count()
    }

    fn wiped_out(&self) -> bool {
        !self.units.iter().any(Counter::in_play)
    }

    /// §8: artillery fires at its printed value only with a guastatore in its zone.
    fn has_guastatori(&self) -> bool {
        self.units
            .iter()
            .any(|u| u.in_play() && u.kind == Kind::Guast)
    }
}

/// §7.2 points 2–3: who chooses to fight another round of a Major battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Policy {
    RoundWinner,
    Rational,
    SingleRound,
}

/// PROVISIONAL stand-in for the MISSING Disrupted backs (`tables.disrupted_fire`).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct DisruptedFire {
    #[serde(default)]
    provisional: bool,
    minus: u8,
    min: u8,
}

/// The battle's terms, read from the card and the ruleset's switches.
#[derive(Clone, Debug)]
struct Settings {
    /// §7.2.1: the zone is Difficult for the attacker.
    difficult: bool,
    /// §9.4, §10: hits the defender's forts and village take off.
    protection: u32,
    /// 3.f item 6: protection in every round (else only the first).
    protection_every_round: bool,
    /// 3.f item 5: the −1 hits attacking commanders whatever their leadership.
    commander_difficult_always: bool,
    /// §7.5: the defender may take an extra loss instead of retreating.
    fortress_option: bool,
    policy: Policy,
    max_rounds: u32,
    /// G2b.5 (POLICY `MON_commander_killed = "cannot_attack"`): the attacker's
    /// commander was killed, so it defends but cannot attack.
    attacker_cannot_attack: bool,
    /// G3c.9: side B is a rearguard.
    rearguard: bool,
    disrupted: Option<DisruptedFire>,
}

/// The switches of one battle: the card's (the battle's own choice) over the ruleset's.
struct Switches<'a> {
    card: &'a Card,
    rs: &'a Ruleset,
}

impl<'a> Switches<'a> {
    fn get(&self, name: &str, default: &'a str) -> &'a str {
        self.card
            .battle
            .readings
            .get(name)
            .map_or_else(|| self.rs.reading(name, default), String::as_str)
    }

    /// A switch with named values: the value's meaning, or a data error listing them.
    fn choose<T: Copy>(&self, name: &str, values: &[(&'a str, T)]) -> Result<T, BattleError> {
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

    fn bad(&self, name: &str, value: &str, expected: &str) -> BattleError {
        BattleError::Data {
            ruleset: self.rs.id.clone(),
            message: format!("reading {name} = \"{value}\": expected one of {expected}"),
        }
    }
}

fn list_has(list: &str, item: &str) -> bool {
    list.split(',')
        .map(str::trim)
        .any(|x| !x.is_empty() && x == item)
}

/// ASSUMPTION (`MON_fortified_node`): the hits a node takes off the attacker's each
/// round, as MON's fortified village (§9.4) and forts (§10), at most 3. `town` is a
/// fortified city's or village's (`village_plus_fort`: a fortified village 1 + a fort
/// 1), `fortress` a fortified fortress's (two forts). An unfortified node gives none;
/// `None` for a node kind Il Giglio does not have.
fn protection(node_kind: &str, fortified: bool, (town, fortress): (u32, u32)) -> Option<u32> {
    let p = match node_kind {
        "city" | "village" => town,
        "fortress" => fortress,
        _ => return None,
    };
    Some(if fortified { p.min(MAX_PROTECTION) } else { 0 })
}

impl Settings {
    /// Reads the card and the switches; the first value of each list is the default.
    fn read(card: &Card, rs: &Ruleset) -> Result<Settings, BattleError> {
        let b = &card.battle;
        let sw = Switches { card, rs };
        let rearguard = match b.kind.as_str() {
            "battle" => false,
            "rearguard" => true,
            k => {
                return Err(card_err(format!(
                    "battle kind `{k}` is not battle or rearguard"
                )));
            }
        };
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
        let shield = protection(&b.node_kind, b.fortified && inside, node).ok_or_else(|| {
            card_err(format!(
                "node kind `{}` is not city, village or fortress",
                b.node_kind
            ))
        })?;
        let max = sw.get("MON_max_rounds", "20");
        let max_rounds = match max.parse::<u32>() {
            Ok(n) if n >= 1 => frame::turn_cap(n, ROUND_CAP),
            _ => return Err(sw.bad("MON_max_rounds", max, "a whole number ≥ 1")),
        };
        let terrain = sw.get("MON_difficult_terrain", "hills,mountains,marsh");
        let fortress_nodes = sw.get("MON_fortress_option_nodes", "fortress");
        Ok(Settings {
            difficult: list_has(terrain, &b.terrain),
            protection: shield,
            protection_every_round: sw.choose(
                "MON_protection_rounds",
                &[("every_round", true), ("first_round", false)],
            )?,
            commander_difficult_always: sw.choose(
                "MON_commander_difficult",
                &[("at_3_or_more", false), ("always", true)],
            )?,
            fortress_option: !rearguard && list_has(fortress_nodes, &b.node_kind),
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
    disrupted_fire: Option<DisruptedFire>,
}

/// The ruleset's tables, typed and checked once for every battle.
#[derive(Debug)]
pub struct Tables {
    /// The PROVISIONAL Disrupted stand-in, if the ruleset still has it.
    disrupted: Option<DisruptedFire>,
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
fn disrupted_table(rs: &Ruleset) -> Result<Option<DisruptedFire>, BattleError> {
    match rs.tables_for_battle()? {
        GameTables::Mon(t) => Ok(t.disrupted.clone()),
        _ => Err(BattleError::Data {
            ruleset: rs.id.clone(),
            message: "not a Monferrato 1628 ruleset".into(),
        }),
    }
}

/// A unit's fire value this round (§7.2, §7.2.1, §8, §14.2), and whether the
/// PROVISIONAL Disrupted stand-in gave it; `None` for a unit that never fires.
fn unit_fire(
    u: &Counter,
    attacking: bool,
    guastatori: bool,
    set: &Settings,
) -> Result<Option<(u8, bool)>, String> {
    if !u.fights() {
        return Ok(None);
    }
    let printed = if attacking { u.fire_att } else { u.fire_def };
    // §8: without a guastatore in the zone a gun fires at 1, whatever its side shows.
    if u.kind == Kind::Art && !guastatori {
        return Ok(Some((
            difficult(UNSUPPORTED_GUN_FIRE, attacking, set.difficult),
            false,
        )));
    }
    let (fv, provisional) = match (u.disrupted, u.fire_disrupted, &set.disrupted) {
        (false, _, _) => (printed, false),
        (true, Some(back), _) => (back, false),
        (true, None, Some(t)) => (printed.saturating_sub(t.minus).max(t.min), t.provisional),
        (true, None, None) => {
            return Err(format!(
                "unit {} is Disrupted and its back's fire value is MISSING: give it a `fire_disrupted` rating or restore `tables.disrupted_fire`",
                u.id
            ));
        }
    };
    Ok(Some((difficult(fv, attacking, set.difficult), provisional)))
}

/// §7.2.1: an attacker in Difficult terrain fires at 1 less from 3 up.
fn difficult(fv: u8, attacking: bool, difficult: bool) -> u8 {
    if attacking && difficult && fv >= DIFFICULT_FROM {
        fv - 1
    } else {
        fv
    }
}

/// §7.2: a commander fires with his Leadership; §7.2.1 (READING 3.f item 5) the
/// Difficult −1 hits him at 3 or more, or always under the other reading.
fn commander_fire(c: &Commander, attacking: bool, set: &Settings) -> u8 {
    if set.commander_difficult_always && attacking && set.difficult {
        c.leadership.saturating_sub(1)
    } else {
        difficult(c.leadership, attacking, set.difficult)
    }
}

/// §7.3 default policy (ASSUMPTION): the unit that takes the next hit — the cheapest
/// good-order unit with a Disrupted back, else the cheapest unit still in play.
fn pick_loss(units: &[Counter]) -> Option<usize> {
    let cheapest = |flip_only: bool| {
        units
            .iter()
            .enumerate()
            .filter(|(_, u)| u.in_play() && (!flip_only || (u.two_step && !u.disrupted)))
            .min_by_key(|(i, u)| (u.value, *i))
            .map(|(i, _)| i)
    };
    cheapest(true).or_else(|| cheapest(false))
}

/// §7.3, §7.4: applies hits one at a time; hits beyond the last unit are lost.
fn allocate(units: &mut [Counter], hits: u32) {
    for _ in 0..hits {
        let Some(i) = pick_loss(units) else { return };
        units[i].take_hit();
    }
}

/// How a Field Combat ended.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Verdict {
    winner: Winner,
    /// The side that leaves the zone or was wiped out (its camps are lost, §14.5).
    loser: Option<usize>,
    reason: String,
}

/// One node battle in progress.
struct Battle<'d> {
    id: String,
    set: Settings,
    forces: [Force; 2],
    dice: &'d mut dyn Dice,
    provisional: Provisional,
    ruleset: String,
}

const SIDE: [&str; 2] = ["A", "B"];

impl Battle<'_> {
    /// §7.2–§7.5: the whole Field Combat; returns the verdict and the rounds fought.
    fn field_combat(&mut self) -> Result<(Verdict, u32), BattleError> {
        if self.set.attacker_cannot_attack {
            return Ok((
                Verdict {
                    winner: Winner::B,
                    loser: None,
                    reason: "G2b.5 side A's commander was killed: it defends but cannot attack"
                        .into(),
                },
                0,
            ));
        }
        if let Some(v) = self.alone() {
            return Ok((v, 0));
        }
        let major = self
            .forces
            .iter()
            .all(|f| f.fighting() >= MAJOR_BATTLE_UNITS);
        let mut total = [0u32; 2];
        let mut round = 0;
        loop {
            round += 1;
            let suffered = self.round(round)?;
            total[0] += suffered[0];
            total[1] += suffered[1];
            let over = !major
                || round >= self.set.max_rounds
                || self.forces.iter().any(Force::wiped_out)
                || !self.continues(suffered, total);
            if over {
                break;
            }
        }
        self.survival_checks(total);
        Ok((self.verdict(total), round))
    }

    /// §6, §14.1: commanders, guastatori and camps alone with enemy combat units are
    /// eliminated without a fight; with no firing unit on either side, nobody can
    /// attack, and the attacker loses (ASSUMPTION, §7.5 tie).
    fn alone(&mut self) -> Option<Verdict> {
        let armed = [self.forces[0].fighting() > 0, self.forces[1].fighting() > 0];
        match armed {
            [true, true] => None,
            [false, false] => Some(Verdict {
                winner: Winner::B,
                loser: None,
                reason: "MON14.1 no side has a unit that can fire: the attacker cannot attack"
                    .into(),
            }),
            [a, _] => {
                let lone = usize::from(a);
                for u in &mut self.forces[lone].units {
                    u.steps_lost += if u.two_step { 2 } else { 1 };
                    u.eliminated = true;
                }
                for c in &mut self.forces[lone].commanders {
                    c.state = LeaderState::Killed;
                }
                Some(Verdict {
                    winner: if lone == 1 { Winner::A } else { Winner::B },
                    loser: Some(lone),
                    reason: format!(
                        "MON14.1 side {} has only commanders, guastatori or camps: eliminated",
                        SIDE[lone]
                    ),
                })
            }
        }
    }

    /// One round (§7.2 Minor battle): simultaneous fire, protection off the attacker's
    /// hits, losses applied. Returns the hits each side suffered.
    fn round(&mut self, round: u32) -> Result<[u32; 2], BattleError> {
        let by_a = self.fire(0, round)?;
        let by_b = self.fire(1, round)?;
        let shield = if round == 1 || self.set.protection_every_round {
            self.set.protection
        } else {
            0
        };
        // §10: forts (and §9.4 the village) take hits off "enemy units attacking".
        let on_b = by_a.saturating_sub(shield);
        allocate(&mut self.forces[1].units, on_b);
        allocate(&mut self.forces[0].units, by_b);
        Ok([by_b, on_b])
    }

    /// Every unit and commander of a side fires once (§7.2); returns its hits.
    fn fire(&mut self, side: usize, round: u32) -> Result<u32, BattleError> {
        let attacking = side == 0;
        let guastatori = self.forces[side].has_guastatori();
        let mut hits = 0;
        for i in 0..self.forces[side].units.len() {
            let u = &self.forces[side].units[i];
            let fv = unit_fire(u, attacking, guastatori, &self.set).map_err(|message| {
                BattleError::Data {
                    ruleset: self.ruleset.clone(),
                    message,
                }
            })?;
            let Some((fv, provisional)) = fv else {
                continue;
            };
            self.provisional.read("disrupted_fire", provisional);
            hits += self.unit_rolls(side, i, fv, round);
        }
        for k in 0..self.forces[side].commanders.len() {
            let c = &self.forces[side].commanders[k];
            let fv = commander_fire(c, attacking, &self.set);
            let event = format!("mon/{}/r{round}/{}", self.id, c.id);
            let purpose = format!("MON fire {} commander (FV{fv}): hit on ≤{fv}", c.id);
            if self.dice.d6(&event, &purpose) <= fv {
                hits += 1;
            }
        }
        Ok(hits)
    }

    /// One unit's dice (§7.2; two for a major unit §14.3; a gun bursts on 6 §8).
    fn unit_rolls(&mut self, side: usize, i: usize, fv: u8, round: u32) -> u32 {
        let u = &self.forces[side].units[i];
        let n = if u.major { 2 } else { 1 };
        let role = if side == 0 { "att" } else { "def" };
        let gun = u.kind == Kind::Art;
        let (id, base) = (u.id.clone(), format!("mon/{}/r{round}/{}", self.id, u.id));
        let mut hits = 0;
        for d in 1..=n {
            let event = if n == 1 {
                base.clone()
            } else {
                format!("{base}/d{d}")
            };
            let purpose = format!(
                "MON fire {id}->{} ({role} FV{fv}{}): hit on ≤{fv}{}",
                SIDE[1 - side],
                if n == 1 {
                    String::new()
                } else {
                    format!(", die {d} of {n}")
                },
                if gun { ", bursts on 6" } else { "" }
            );
            let roll = self.dice.d6(&event, &purpose);
            if gun && roll == BURST_FACE {
                self.forces[side].units[i].burst();
                break;
            }
            if roll <= fv {
                hits += 1;
            }
        }
        hits
    }

    /// §7.2 points 2–3: whether another round of a Major battle is fought.
    fn continues(&self, suffered: [u32; 2], total: [u32; 2]) -> bool {
        if suffered[0] == suffered[1] {
            // A tied round goes on only if both want it.
            (0..2).all(|s| self.wants(s, false, total))
        } else {
            // The round's winner inflicted more: the enemy suffered more.
            let winner = if suffered[1] > suffered[0] { 0 } else { 1 };
            self.wants(winner, true, total)
        }
    }

    /// Whether `side` chooses another round, having won (`won`) or tied this one.
    fn wants(&self, side: usize, won: bool, total: [u32; 2]) -> bool {
        if (self.set.rearguard && side == 1) || self.forces[side].fighting() == 0 {
            return false;
        }
        // Ahead: it would win if the battle ended now (§7.2 point 4, tie to B).
        let ahead = if side == 0 {
            total[0] < total[1]
        } else {
            total[0] >= total[1]
        };
        match self.set.policy {
            Policy::RoundWinner => {
                won || self.forces[side].fighting() >= self.forces[1 - side].fighting()
            }
            Policy::Rational => won && !ahead,
            Policy::SingleRound => false,
        }
    }

    /// §7.3: each side that suffered a hit rolls for each of its commanders.
    fn survival_checks(&mut self, total: [u32; 2]) {
        for (side, &suffered) in total.iter().enumerate() {
            if suffered == 0 {
                continue;
            }
            for k in 0..self.forces[side].commanders.len() {
                let c = &self.forces[side].commanders[k];
                let event = format!("mon/{}/survival/{}", self.id, c.id);
                let purpose = format!(
                    "MON survival {}: hit on ≤{COMMANDER_HIT_MAX} ({})",
                    c.id,
                    if c.replacement > 0 {
                        "replacement on the back"
                    } else {
                        "no replacement: eliminated"
                    }
                );
                if self.dice.d6(&event, &purpose) <= COMMANDER_HIT_MAX {
                    let c = &mut self.forces[side].commanders[k];
                    // §7.4.1: flipped to his Replacement, or eliminated.
                    c.state = if c.replacement > 0 {
                        LeaderState::Replaced
                    } else {
                        LeaderState::Killed
                    };
                }
            }
        }
    }

    /// §7.3, §7.2 point 4, §7.5: who holds the zone and who retreats.
    fn verdict(&mut self, total: [u32; 2]) -> Verdict {
        let hits = format!("hits suffered A {} B {}", total[0], total[1]);
        let verdict = |winner, loser, reason: String| Verdict {
            winner,
            loser,
            reason: format!("{reason} ({hits})"),
        };
        match [self.forces[0].wiped_out(), self.forces[1].wiped_out()] {
            [true, true] => verdict(Winner::Draw, None, "MON7.3 both sides eliminated".into()),
            [false, true] => verdict(
                Winner::A,
                Some(1),
                "MON7.3 defender eliminated: the attacker holds the zone".into(),
            ),
            [true, false] => verdict(
                Winner::B,
                Some(0),
                "MON7.3 attacker eliminated: the defender holds".into(),
            ),
            [false, false] => {
                if total[0] == total[1] {
                    verdict(Winner::B, Some(0), "MON7.5 tie: attacker loses".into())
                } else if total[0] > total[1] {
                    verdict(
                        Winner::B,
                        Some(0),
                        "MON7.5 the attacker suffered more hits and retreats".into(),
                    )
                } else if self.fortress_extra_loss() {
                    verdict(
                        Winner::B,
                        Some(0),
                        "MON7.5 fortress: the defender takes one more loss instead of retreating, the attacker retreats".into(),
                    )
                } else {
                    verdict(
                        Winner::A,
                        Some(1),
                        "MON7.5 the defender suffered more hits and retreats".into(),
                    )
                }
            }
        }
    }

    /// §7.5 fortress option, default policy: the defender takes the extra loss when it
    /// keeps a unit that can fire afterwards.
    fn fortress_extra_loss(&mut self) -> bool {
        if !self.set.fortress_option {
            return false;
        }
        let mut after = self.forces[1].units.clone();
        allocate(&mut after, 1);
        if after.iter().any(Counter::fights) {
            self.forces[1].units = after;
            true
        } else {
            false
        }
    }

    /// After the verdict: commanders of a wiped-out side are eliminated (§14.1); camps
    /// of a side that leaves the zone are lost (§14.5).
    fn aftermath(&mut self, v: &Verdict) {
        let Some(loser) = v.loser else { return };
        let f = &mut self.forces[loser];
        if f.wiped_out() {
            for c in &mut f.commanders {
                if c.state == LeaderState::Ok {
                    c.state = LeaderState::Killed;
                }
            }
        }
        for u in &mut f.units {
            if u.kind == Kind::Camp && !u.eliminated {
                u.eliminated = true;
                u.steps_lost += 1;
            }
        }
    }
}

/// Resolves a node battle as one MON Field Combat (§7). Side A attacks; side B defends,
/// or is the rearguard (G3c.9).
pub fn resolve(
    card: &Card,
    rs: &Ruleset,
    dice: &mut dyn Dice,
) -> Result<TacticalResult, BattleError> {
    let set = Settings::read(card, rs)?;
    let mut forces = Vec::with_capacity(2);
    for side in &card.sides {
        if side.units.is_empty() {
            return Err(card_err(format!("side {} has no unit", side.key)));
        }
        forces.push(Force {
            units: side
                .units
                .iter()
                .map(Counter::from_card)
                .collect::<Result<_, _>>()?,
            commanders: side
                .leaders
                .iter()
                .map(Commander::from_card)
                .collect::<Result<_, _>>()?,
        });
    }
    let [a, b]: [Force; 2] = forces
        .try_into()
        .map_err(|_| card_err("a card has two sides".into()))?;
    let mut battle = Battle {
        id: card.battle.id.clone(),
        set,
        forces: [a, b],
        dice,
        provisional: Provisional::default(),
        ruleset: rs.id.clone(),
    };
    let (verdict, rounds) = battle.field_combat()?;
    battle.aftermath(&verdict);
    Ok(report(card, &battle, verdict, rounds))
}

/// Builds the result: every unit's and commander's final state (3.d mapping).
fn report(card: &Card, battle: &Battle<'_>, verdict: Verdict, rounds: u32) -> TacticalResult {
    let mut units = Vec::new();
    let mut leaders = Vec::new();
    for f in &battle.forces {
        units.extend(f.units.iter().map(|u| UnitResult {
            id: u.id.clone(),
            state: u.state(),
            steps_lost: u.steps_lost,
        }));
        leaders.extend(f.commanders.iter().map(|c| LeaderResult {
            id: c.id.clone(),
            state: c.state,
        }));
    }
    let mut r = frame::result(
        card,
        (verdict.winner, verdict.reason),
        rounds,
        battle.provisional.any(),
        units,
        leaders,
    );
    if battle.set.rearguard {
        rearguard(&mut r, &battle.forces[1]);
    }
    r
}

/// G3c.9 (ASSUMPTION for MON, which has no table edge): every rearguard unit still on
/// the map leaves the zone; the rearguard wins if more units got away than it lost.
fn rearguard(r: &mut TacticalResult, b: &Force) {
    let mut count = Rearguard {
        escaped: 0,
        lost: 0,
    };
    for u in &b.units {
        let Some(ur) = r.units.iter_mut().find(|x| x.id == u.id) else {
            continue;
        };
        if ur.state.lost() {
            count.lost += 1;
        } else {
            ur.state = UnitState::Escaped;
            count.escaped += 1;
        }
    }
    r.winner = count.winner();
    r.reason = format!(
        "G3c.9 rearguard: {} units got away, {} lost (field combat: {})",
        count.escaped, count.lost, r.reason
    );
}

// ---------------------------------------------------------------------------------
// Siege procedures (§8, §9): pure functions over one side of a fortress's walls. The
// campaign does not call them yet (Il Giglio sieges use Table 35); the caller supplies
// the event id prefix, and checks attack supply and adjacency (map-bound).
// ---------------------------------------------------------------------------------

/// One side of a fortress's walls: its Level (0 = Breach, §8.1), the printed maximum
/// (MISSING per fortress, the caller supplies it) and the mines placed on it (§9.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wall {
    pub level: u8,
    pub max: u8,
    pub mines: u8,
}

impl Wall {
    /// §8.1: a side at Level 0 is breached.
    pub fn breached(&self) -> bool {
        self.level == 0
    }
}

/// What one gun's roll did (§8).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shot {
    Hit,
    Miss,
    /// Rolled a 6: the gun is eliminated.
    Burst,
}

/// A gun's fire value outside a Field Combat (§8): printed with a guastatore in its
/// zone, else 1; then `minus` (Mantua sides [`MANTUA_MALUS`], firing through a Breach
/// [`BREACH_MALUS`]), never below `floor` (1 for Mantua; `MON_breach_fire_floor`).
pub fn gun_fire(printed: u8, guastatori: bool, minus: u8, floor: u8) -> u8 {
    let fv = if guastatori {
        printed
    } else {
        UNSUPPORTED_GUN_FIRE
    };
    fv.saturating_sub(minus).max(floor.min(fv))
}

fn shoot(dice: &mut dyn Dice, event: &str, purpose: &str, fire: u8) -> Shot {
    match dice.d6(event, purpose) {
        BURST_FACE => Shot::Burst,
        r if r <= fire => Shot::Hit,
        _ => Shot::Miss,
    }
}

/// §8.1: one gun bombards a wall side at fire value `fire` (see [`gun_fire`]); a hit
/// takes the Level down by one, never below 0 (Breach); a 6 bursts the gun.
pub fn bombard_wall(wall: Wall, fire: u8, dice: &mut dyn Dice, event: &str) -> (Wall, Shot) {
    let purpose = format!(
        "MON bombard wall (level {}, FV{fire}): level −1 on ≤{fire}, bursts on 6",
        wall.level
    );
    let shot = shoot(dice, event, &purpose, fire);
    let level = if shot == Shot::Hit {
        wall.level.saturating_sub(1)
    } else {
        wall.level
    };
    (Wall { level, ..wall }, shot)
}

/// §8.2: the guns of one activation fire at enemy units (no return fire); each gun's
/// value from [`gun_fire`]. Returns the hits after the target zone's `protection`
/// (§10 "any form of combat"), and each gun's shot. The caller allocates the hits and
/// makes the survival checks (§7.3).
pub fn bombard_units(
    fires: &[u8],
    protection: u32,
    dice: &mut dyn Dice,
    event: &str,
) -> (u32, Vec<Shot>) {
    let shots: Vec<Shot> = fires
        .iter()
        .enumerate()
        .map(|(i, &fv)| {
            let purpose = format!(
                "MON bombard units, gun {} (FV{fv}): hit on ≤{fv}, bursts on 6",
                i + 1
            );
            shoot(dice, &format!("{event}/g{}", i + 1), &purpose, fv)
        })
        .collect();
    let hits = shots.iter().filter(|s| **s == Shot::Hit).count() as u32;
    (hits.saturating_sub(protection.min(MAX_PROTECTION)), shots)
}

/// §9.1: a guastatore tries to mine a wall side: a mine on a roll ≤ its fire value.
pub fn mine(wall: Wall, guast_fire: u8, dice: &mut dyn Dice, event: &str) -> (Wall, bool) {
    let purpose = format!("MON mine (guastatore [{guast_fire}]): mine placed on ≤{guast_fire}");
    let placed = dice.d6(event, &purpose) <= guast_fire;
    let mines = wall.mines + u8::from(placed);
    (Wall { mines, ..wall }, placed)
}

/// What a detonation did (§9.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Detonation {
    /// 1–3: the mine explodes, the side is breached.
    Breach,
    /// 4–5: nothing.
    Nothing,
    /// 6: the mine is lost.
    Lost,
    /// No mine on the side: no roll.
    NoMine,
}

/// §9.1: one guastatore–mine pair tries to detonate (in a later activation than the
/// mine was placed): 1–3 Breach, 4–5 nothing, 6 the mine is lost.
pub fn detonate(wall: Wall, dice: &mut dyn Dice, event: &str) -> (Wall, Detonation) {
    if wall.mines == 0 {
        return (wall, Detonation::NoMine);
    }
    let purpose = format!("MON detonate mine: Breach on ≤{MINE_BREACH_MAX}, mine lost on 6");
    match dice.d6(event, &purpose) {
        r if r <= MINE_BREACH_MAX => (
            Wall {
                level: 0,
                mines: wall.mines - 1,
                ..wall
            },
            Detonation::Breach,
        ),
        MINE_LOST_FACE => (
            Wall {
                mines: wall.mines - 1,
                ..wall
            },
            Detonation::Lost,
        ),
        _ => (wall, Detonation::Nothing),
    }
}

/// §9.2: a guastatore inside the fortress tries to clear a mined side: one mine
/// removed on a roll ≤ its fire value. No mine, no roll.
pub fn countermine(wall: Wall, guast_fire: u8, dice: &mut dyn Dice, event: &str) -> (Wall, bool) {
    if wall.mines == 0 {
        return (wall, false);
    }
    let purpose =
        format!("MON countermine (guastatore [{guast_fire}]): a mine removed on ≤{guast_fire}");
    let cleared = dice.d6(event, &purpose) <= guast_fire;
    let mines = wall.mines - u8::from(cleared);
    (Wall { mines, ..wall }, cleared)
}

/// §9.3: a guastatore inside the fortress tries to rebuild a side below its printed
/// maximum (even a Breach): one Level back on a roll ≤ its fire value. At the maximum,
/// no roll.
pub fn rebuild(wall: Wall, guast_fire: u8, dice: &mut dyn Dice, event: &str) -> (Wall, bool) {
    if wall.level >= wall.max {
        return (wall, false);
    }
    let purpose = format!(
        "MON rebuild wall (level {}, guastatore [{guast_fire}]): +1 on ≤{guast_fire}",
        wall.level
    );
    let rebuilt = dice.d6(event, &purpose) <= guast_fire;
    let level = wall.level + u8::from(rebuilt);
    (Wall { level, ..wall }, rebuilt)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battle::card::{BattleInfo, CardSide, Place, SideSpec};
    use crate::rules::dice::{ScriptedDice, ScriptedRoll, SeededDice};
    use std::collections::BTreeMap;

    fn rs() -> Ruleset {
        Ruleset::parse(include_str!(
            "../../campaigns/il-giglio/rulesets/mon1628.toml"
        ))
        .expect("mon1628.toml parses")
    }

    fn unit(id: &str, kind: &str, value: Ducats, ratings: &[(&str, i64)]) -> Unit {
        Unit {
            id: id.into(),
            name: id.into(),
            kind: kind.into(),
            ratings: ratings.iter().map(|(k, v)| ((*k).to_owned(), *v)).collect(),
            campaign_value: value,
        }
    }

    /// `n` infantry units of one fire value, ids `<key>-U1`…
    fn foot(key: &str, n: usize, fire: i64, two_step: i64) -> Vec<Unit> {
        (1..=n)
            .map(|i| {
                let id = format!("{key}-U{i}");
                unit(&id, "inf", 40, &[("fire", fire), ("two_step", two_step)])
            })
            .collect()
    }

    fn leader(id: &str, leadership: i64, replacement: i64) -> Leader {
        Leader {
            id: id.into(),
            name: id.into(),
            ratings: BTreeMap::from([
                ("leadership".to_owned(), leadership),
                ("replacement_leadership".to_owned(), replacement),
            ]),
        }
    }

    fn side(key: &str, units: Vec<Unit>, leaders: Vec<Leader>) -> CardSide {
        CardSide {
            key: key.into(),
            nation: key.into(),
            club: key.into(),
            role: if key == "A" { "attacker" } else { "defender" }.into(),
            ducats: units.iter().map(|u| u.campaign_value).sum(),
            sapper: false,
            commander_killed: false,
            oob: "club".into(),
            unspent: 0,
            leaders,
            units,
        }
    }

    /// A card at a node of `node_kind`, in `terrain`, `fortified` or not.
    fn card(node_kind: &str, terrain: &str, fortified: bool, a: CardSide, b: CardSide) -> Card {
        Card {
            format: crate::battle::card::FORMAT.into(),
            battle: BattleInfo {
                id: "T".into(),
                ruleset: "mon1628".into(),
                kind: "battle".into(),
                node: "X1".into(),
                node_name: "X".into(),
                node_kind: node_kind.into(),
                terrain: terrain.into(),
                fortified,
                defender_inside: fortified,
                month: "May".into(),
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

    fn open_field(a: Vec<Unit>, b: Vec<Unit>) -> Card {
        card(
            "village",
            "plain",
            false,
            side("A", a, vec![]),
            side("B", b, vec![]),
        )
    }

    /// Resolves with scripted dice; every scripted roll must be used, none more.
    fn run(card: &Card, rs: &Ruleset, rolls: &[u8]) -> TacticalResult {
        let mut dice = ScriptedDice::values(rolls.iter().copied());
        let r = resolve(card, rs, &mut dice).expect("resolves");
        assert!(dice.problems().is_empty(), "{:?}", dice.problems());
        r
    }

    fn state(r: &TacticalResult, id: &str) -> (UnitState, u32) {
        let u = r.units.iter().find(|u| u.id == id).expect("unit in result");
        (u.state, u.steps_lost)
    }

    fn leader_state(r: &TacticalResult, id: &str) -> LeaderState {
        r.leaders.iter().find(|l| l.id == id).expect("leader").state
    }

    // --- §5.3: the §7.2.1 worked example ---------------------------------------------

    /// §7.2.1: fire 3 attacking in difficult terrain with a fortified village and a fort
    /// fires at 2, and the defender suffers two fewer hits.
    #[test]
    fn worked_example_difficult_terrain_village_and_fort() {
        let rs = rs();
        let c = card(
            "village",
            "hills",
            true,
            side("A", foot("A", 3, 3, 1), vec![]),
            side(
                "B",
                vec![unit("B-U1", "inf", 40, &[("fire_att", 3), ("fire_def", 4)])],
                vec![],
            ),
        );
        let set = Settings::read(&c, &rs).unwrap();
        assert!(set.difficult);
        assert_eq!(set.protection, 2, "village + fort");
        let a1 = Counter::from_card(&c.sides[0].units[0]).unwrap();
        assert_eq!(unit_fire(&a1, true, false, &set), Ok(Some((2, false))));
        // The defender is not penalised (its 4 stays 4).
        let b1 = Counter::from_card(&c.sides[1].units[0]).unwrap();
        assert_eq!(unit_fire(&b1, false, false, &set), Ok(Some((4, false))));

        // 2, 2 hit at FV2; 3 misses (it would hit at 3). Two hits − 2 = none suffered.
        let script =
            [("A-U1", 2), ("A-U2", 2), ("A-U3", 3), ("B-U1", 6)].map(|(u, value)| ScriptedRoll {
                event: Some(format!("mon/T/r1/{u}")),
                value,
            });
        let mut dice = ScriptedDice::new(script);
        let r = resolve(&c, &rs, &mut dice).unwrap();
        assert!(dice.problems().is_empty(), "{:?}", dice.problems());
        assert_eq!(state(&r, "B-U1"), (UnitState::Ok, 0));
        assert_eq!(r.winner, Winner::B);
        assert_eq!(
            r.reason,
            "MON7.5 tie: attacker loses (hits suffered A 0 B 0)"
        );
        assert_eq!(r.turns_played, 1);
        assert!(!r.provisional_tables_used);
        assert!(
            dice.log()[0].purpose.contains("FV2"),
            "{}",
            dice.log()[0].purpose
        );

        // The same dice in the open, unfortified: three hits, the defender is gone.
        let open = open_field(
            foot("A", 3, 3, 1),
            vec![unit(
                "B-U1",
                "garrison",
                10,
                &[("fire_att", 1), ("fire_def", 2)],
            )],
        );
        let r = run(&open, &rs, &[2, 2, 3, 6]);
        assert_eq!(state(&r, "B-U1"), (UnitState::Eliminated, 1));
        assert_eq!(r.winner, Winner::A);
        assert!(
            r.reason.starts_with("MON7.3 defender eliminated"),
            "{}",
            r.reason
        );
    }

    // --- §5.2: Field Combat, minor -----------------------------------------------------

    #[test]
    fn minor_battle_is_one_round_and_the_side_with_more_hits_retreats() {
        let rs = rs();
        // A rolls 1, 6: one hit; B rolls 6, 6. B-U1 flips; B retreats.
        let r = run(
            &open_field(foot("A", 2, 3, 1), foot("B", 2, 3, 1)),
            &rs,
            &[1, 6, 6, 6],
        );
        assert_eq!(r.winner, Winner::A);
        assert_eq!(
            r.reason,
            "MON7.5 the defender suffered more hits and retreats (hits suffered A 0 B 1)"
        );
        assert_eq!(state(&r, "B-U1"), (UnitState::Reduced, 1));
        assert_eq!(state(&r, "B-U2"), (UnitState::Ok, 0));
        assert_eq!(r.turns_played, 1);
        // A minor battle has one round even when the winner would go on (6 against 5).
        let r = run(
            &open_field(foot("A", 6, 3, 1), foot("B", 5, 3, 1)),
            &rs,
            &[1; 11],
        );
        assert_eq!(r.turns_played, 1);
        assert_eq!(r.winner, Winner::A, "{}", r.reason);
    }

    /// Two units a side, fire 3 each (p = 1/2 a die): enumerating all 6⁴ rolls gives
    /// the exact odds, P(A wins) = P(X > Y) for X, Y ~ Bin(2, ½) = 5/16 (ties go to B).
    /// The same card is what a Monte Carlo odds run can be checked against.
    #[test]
    fn a_two_unit_minor_battle_matches_its_exact_probability() {
        let rs = rs();
        let c = open_field(foot("A", 2, 3, 1), foot("B", 2, 3, 1));
        let mut wins = [0u32; 3];
        for n in 0..6u32.pow(4) {
            let rolls: Vec<u8> = (0..4).map(|k| (n / 6u32.pow(k) % 6) as u8 + 1).collect();
            let r = run(&c, &rs, &rolls);
            wins[match r.winner {
                Winner::A => 0,
                Winner::B => 1,
                Winner::Draw => 2,
            }] += 1;
        }
        assert_eq!(wins, [405, 891, 0], "1296 × 5/16 = 405");
    }

    // --- §5.2: Field Combat, major -----------------------------------------------------

    /// Single-step units, 6 against 7: a Major battle. Round 1 A wins 2–1 and goes on;
    /// round 2 ties 1–1 at 4 units each (both go on); round 3 B wins 1–0 and goes on;
    /// round 4 ties 1–1 with A at 2 units against 3: A declines. Totals 4–4: B wins.
    #[test]
    fn major_battle_rounds_follow_the_continue_policy() {
        let rs = rs();
        let c = open_field(foot("A", 6, 3, 0), foot("B", 7, 3, 0));
        let rolls: Vec<u8> = [
            &[1, 1, 6, 6, 6, 6][..],
            &[1, 6, 6, 6, 6, 6, 6],
            &[1, 6, 6, 6, 6],
            &[1, 6, 6, 6, 6],
            &[6, 6, 6, 6],
            &[1, 6, 6, 6],
            &[1, 6, 6],
            &[1, 6, 6, 6],
        ]
        .concat();
        let r = run(&c, &rs, &rolls);
        assert_eq!(r.turns_played, 4);
        assert_eq!(r.winner, Winner::B);
        assert_eq!(
            r.reason,
            "MON7.5 tie: attacker loses (hits suffered A 4 B 4)"
        );
        for i in 1..=4 {
            assert_eq!(state(&r, &format!("A-U{i}")), (UnitState::Eliminated, 1));
            assert_eq!(state(&r, &format!("B-U{i}")), (UnitState::Eliminated, 1));
        }
        assert_eq!(state(&r, "A-U5"), (UnitState::Ok, 0));
        assert_eq!(state(&r, "B-U5"), (UnitState::Ok, 0));

        // The `rational` switch: after round 1 A is ahead (1 against 2) and stops.
        let mut c2 = c.clone();
        c2.battle
            .readings
            .insert("MON_continue_policy".into(), "rational".into());
        let r = run(&c2, &rs, &rolls[..13]);
        assert_eq!(r.turns_played, 1);
        assert_eq!(r.winner, Winner::A);
        // `single_round`: one round whatever happens.
        c2.battle
            .readings
            .insert("MON_continue_policy".into(), "single_round".into());
        assert_eq!(run(&c2, &rs, &rolls[..13]).turns_played, 1);
    }

    /// The round cap ends a battle that both sides would fight for ever.
    #[test]
    fn major_battle_stops_at_the_round_cap() {
        let rs = rs();
        let mut c = open_field(foot("A", 6, 3, 1), foot("B", 6, 3, 1));
        c.battle
            .readings
            .insert("MON_max_rounds".into(), "3".into());
        // Every round ties 0–0 at 6 against 6: both go on until the cap.
        let r = run(&c, &rs, &[6; 36]);
        assert_eq!(r.turns_played, 3);
        assert_eq!(r.winner, Winner::B);
    }

    /// A Disrupted unit fires with the PROVISIONAL stand-in (3 − 1 = 2: a 3 misses),
    /// and the result says a provisional table was used.
    #[test]
    fn disrupted_units_fire_with_the_provisional_stand_in() {
        let rs = rs();
        let c = open_field(foot("A", 6, 3, 1), foot("B", 7, 3, 1));
        // Round 1: A 1 hit (B-U1 Disrupted), B none; A goes on. Round 2: B-U1 rolls 3
        // and misses at FV2; 0–0 tie, A (6) against B (7) declines.
        let rolls = [
            [1, 6, 6, 6, 6, 6].as_slice(),
            &[6; 7],
            &[6; 6],
            &[3, 6, 6, 6, 6, 6, 6],
        ]
        .concat();
        let mut dice = ScriptedDice::values(rolls.clone());
        let r = resolve(&c, &rs, &mut dice).unwrap();
        assert!(dice.problems().is_empty(), "{:?}", dice.problems());
        assert_eq!(r.turns_played, 2);
        assert!(r.provisional_tables_used);
        assert_eq!(r.winner, Winner::A);
        assert!(
            dice.log()[19].purpose.contains("B-U1->A (def FV2)"),
            "{}",
            dice.log()[19].purpose
        );

        // A typed-in back (`fire_disrupted`) is not provisional; without the stand-in
        // and without a typed back, a clear data error.
        let set = Settings::read(&c, &rs).unwrap();
        let mut u = Counter::from_card(&c.sides[1].units[0]).unwrap();
        u.disrupted = true;
        assert_eq!(unit_fire(&u, false, false, &set), Ok(Some((2, true))));
        let bare = Settings {
            disrupted: None,
            ..set.clone()
        };
        assert!(
            unit_fire(&u, false, false, &bare)
                .unwrap_err()
                .contains("B-U1")
        );
        u.fire_disrupted = Some(3);
        assert_eq!(unit_fire(&u, false, false, &bare), Ok(Some((3, false))));
        let mut rs_bare = rs.clone();
        rs_bare.remove_table("disrupted_fire");
        let mut dice = ScriptedDice::values(rolls.clone());
        assert!(matches!(
            resolve(&c, &rs_bare, &mut dice),
            Err(BattleError::Data { .. })
        ));
    }

    #[test]
    fn a_major_unit_rolls_two_dice() {
        let rs = rs();
        let a = vec![unit("A-U1", "inf", 40, &[("fire", 3), ("major", 1)])];
        let mut dice = ScriptedDice::values([1, 2, 6, 6]);
        let r = resolve(&open_field(a, foot("B", 2, 2, 1)), &rs, &mut dice).unwrap();
        assert!(dice.problems().is_empty(), "{:?}", dice.problems());
        assert_eq!(dice.log()[1].event, "mon/T/r1/A-U1/d2");
        assert_eq!(state(&r, "B-U1"), (UnitState::Reduced, 1));
        assert_eq!(state(&r, "B-U2"), (UnitState::Reduced, 1));
        assert_eq!(r.winner, Winner::A);
    }

    // --- §5.2: loss allocation ---------------------------------------------------------

    #[test]
    fn losses_flip_the_cheapest_good_order_unit_then_remove_the_cheapest() {
        let rs = rs();
        let b = vec![
            unit("B-U1", "garrison", 10, &[("fire_att", 1), ("fire_def", 2)]),
            unit("B-U2", "guast", 20, &[("fire", 3)]),
            unit("B-U3", "inf", 40, &[("fire_att", 3), ("fire_def", 4)]),
        ];
        // A: three hits. B: the garrison and the infantry miss (guastatori never fire).
        let r = run(
            &open_field(foot("A", 3, 3, 1), b.clone()),
            &rs,
            &[1, 1, 1, 6, 6],
        );
        assert_eq!(
            state(&r, "B-U2"),
            (UnitState::Reduced, 1),
            "cheapest with a back"
        );
        assert_eq!(state(&r, "B-U3"), (UnitState::Reduced, 1));
        assert_eq!(
            state(&r, "B-U1"),
            (UnitState::Eliminated, 1),
            "then the cheapest"
        );
        assert_eq!(r.winner, Winner::A);

        let mut units: Vec<Counter> = b.iter().map(|u| Counter::from_card(u).unwrap()).collect();
        allocate(&mut units, 6);
        assert!(
            units.iter().all(|u| u.eliminated),
            "the 6th hit is lost (§7.3)"
        );
        assert_eq!(
            units.iter().map(|u| u.steps_lost).collect::<Vec<_>>(),
            [1, 2, 2]
        );
        assert_eq!(pick_loss(&units), None);
    }

    // --- §5.2: commander survival ------------------------------------------------------

    #[test]
    fn commanders_of_a_side_that_suffered_a_hit_roll_for_survival() {
        let rs = rs();
        let a = side(
            "A",
            foot("A", 1, 3, 1),
            vec![leader("A-L1", 2, 0), leader("A-L2", 3, 2)],
        );
        let b = side(
            "B",
            vec![unit("B-U1", "inf", 40, &[("fire_att", 3), ("fire_def", 4)])],
            vec![leader("B-L1", 2, 0)],
        );
        let c = card("village", "plain", false, a, b);
        // Fire: A-U1 6, A-L1 6, A-L2 6; B-U1 1 (hit), B-L1 6. Only A suffered a hit:
        // A-L1 rolls 2 (hit, no replacement), A-L2 rolls 1 (hit, replaced).
        let r = run(&c, &rs, &[6, 6, 6, 1, 6, 2, 1]);
        assert_eq!(leader_state(&r, "A-L1"), LeaderState::Killed);
        assert_eq!(leader_state(&r, "A-L2"), LeaderState::Replaced);
        assert_eq!(
            leader_state(&r, "B-L1"),
            LeaderState::Ok,
            "B suffered no hit: no roll"
        );
        assert_eq!(state(&r, "A-U1"), (UnitState::Reduced, 1));
        assert_eq!(r.winner, Winner::B);
        // Commanders' own fire counts: A-L1 rolls 1 and hits, so both sides suffered a
        // hit and all three commanders roll: 3, 4 and 5 survive.
        let r = run(&c, &rs, &[6, 1, 6, 1, 6, 3, 4, 5]);
        assert_eq!(leader_state(&r, "A-L1"), LeaderState::Ok);
        assert_eq!(leader_state(&r, "A-L2"), LeaderState::Ok);
        assert_eq!(leader_state(&r, "B-L1"), LeaderState::Ok);
        assert_eq!(state(&r, "B-U1"), (UnitState::Reduced, 1));
        assert_eq!(
            r.reason,
            "MON7.5 tie: attacker loses (hits suffered A 1 B 1)"
        );
    }

    /// READING 3.f item 5: an attacking commander loses 1 in Difficult terrain only at
    /// 3 or more; the other reading always.
    #[test]
    fn attacking_commanders_in_difficult_terrain() {
        let rs = rs();
        let mut c = card(
            "village",
            "mountains",
            false,
            side("A", foot("A", 1, 3, 1), vec![]),
            side("B", foot("B", 1, 3, 1), vec![]),
        );
        let set = Settings::read(&c, &rs).unwrap();
        let cmd = |l| Commander::from_card(&leader("A-L1", l, 0)).unwrap();
        assert_eq!(commander_fire(&cmd(3), true, &set), 2);
        assert_eq!(commander_fire(&cmd(2), true, &set), 2);
        assert_eq!(commander_fire(&cmd(3), false, &set), 3, "defenders never");
        c.battle
            .readings
            .insert("MON_commander_difficult".into(), "always".into());
        let set = Settings::read(&c, &rs).unwrap();
        assert_eq!(commander_fire(&cmd(2), true, &set), 1);
    }

    // --- §5.2: artillery ---------------------------------------------------------------

    #[test]
    fn artillery_needs_guastatori_and_bursts_on_a_six() {
        let rs = rs();
        let gun = || unit("A-U1", "art", 30, &[("fire", 4)]);
        let sapper = unit("A-U2", "guast", 20, &[("fire", 3)]);
        // Alone the gun fires at 1: a 2 misses; tie 0–0.
        let r = run(&open_field(vec![gun()], foot("B", 1, 3, 1)), &rs, &[2, 6]);
        assert_eq!(state(&r, "B-U1"), (UnitState::Ok, 0));
        assert_eq!(r.winner, Winner::B);
        // With a guastatore it fires at its printed 4: the 2 hits.
        let r = run(
            &open_field(vec![gun(), sapper.clone()], foot("B", 1, 3, 1)),
            &rs,
            &[2, 6],
        );
        assert_eq!(state(&r, "B-U1"), (UnitState::Reduced, 1));
        assert_eq!(r.winner, Winner::A);
        // A 6 bursts it: eliminated, both steps; not an enemy hit, so 0–0 and no
        // survival roll for A's commander.
        let a = side("A", vec![gun(), sapper], vec![leader("A-L1", 1, 0)]);
        let c = card(
            "village",
            "plain",
            false,
            a,
            side("B", foot("B", 1, 3, 1), vec![]),
        );
        let r = run(&c, &rs, &[6, 6, 6]);
        assert_eq!(state(&r, "A-U1"), (UnitState::Eliminated, 2));
        assert_eq!(state(&r, "A-U2"), (UnitState::Ok, 0));
        assert_eq!(leader_state(&r, "A-L1"), LeaderState::Ok);
        assert_eq!(r.winner, Winner::B);
    }

    // --- §7.5 fortress option, §14.1, rearguard ----------------------------------------

    #[test]
    fn a_defender_in_a_fortress_may_take_one_more_loss_and_hold() {
        let rs = rs();
        let b = vec![
            unit("B-U1", "inf", 40, &[("fire_att", 3), ("fire_def", 4)]),
            unit("B-U2", "inf", 40, &[("fire_att", 3), ("fire_def", 4)]),
            unit("B-U3", "guast", 20, &[("fire", 3)]),
        ];
        let c = card(
            "fortress",
            "plain",
            true,
            side("A", foot("A", 4, 3, 1), vec![]),
            side("B", b, vec![]),
        );
        // 4 hits − 2 (two forts) = 2: guastatori and B-U1 flip. B lost 2–0 but takes a
        // third loss (B-U2 flips) and A retreats.
        let r = run(&c, &rs, &[1, 1, 1, 1, 6, 6]);
        assert_eq!(r.winner, Winner::B);
        assert!(r.reason.starts_with("MON7.5 fortress"), "{}", r.reason);
        for id in ["B-U1", "B-U2", "B-U3"] {
            assert_eq!(state(&r, id), (UnitState::Reduced, 1), "{id}");
        }
        // With one Disrupted unit left, the extra loss would end it: it retreats.
        let c = card(
            "fortress",
            "plain",
            true,
            side("A", foot("A", 3, 3, 1), vec![]),
            side("B", foot("B", 1, 4, 1), vec![]),
        );
        let r = run(&c, &rs, &[1, 1, 1, 6]);
        assert_eq!(r.winner, Winner::A);
        assert_eq!(state(&r, "B-U1"), (UnitState::Reduced, 1));
        // Not a fortress: no option.
        let c = card(
            "city",
            "plain",
            true,
            side("A", foot("A", 4, 3, 1), vec![]),
            side("B", foot("B", 2, 4, 1), vec![]),
        );
        assert_eq!(run(&c, &rs, &[1, 1, 1, 1, 6, 6]).winner, Winner::A);
    }

    #[test]
    fn commanders_and_guastatori_alone_are_eliminated() {
        let rs = rs();
        let b = side(
            "B",
            vec![unit("B-U1", "guast", 20, &[("fire", 3)])],
            vec![leader("B-L1", 2, 0)],
        );
        let c = card(
            "village",
            "plain",
            false,
            side("A", foot("A", 1, 3, 1), vec![]),
            b,
        );
        let r = run(&c, &rs, &[]);
        assert_eq!(r.winner, Winner::A);
        assert_eq!(r.turns_played, 0);
        assert_eq!(state(&r, "B-U1"), (UnitState::Eliminated, 2));
        assert_eq!(leader_state(&r, "B-L1"), LeaderState::Killed);
        assert!(r.reason.starts_with("MON14.1"), "{}", r.reason);
        // Guastatori on both sides: nobody can attack, the attacker loses.
        let g = |id: &str| vec![unit(id, "guast", 20, &[])];
        let r = run(&open_field(g("A-U1"), g("B-U1")), &rs, &[]);
        assert_eq!(r.winner, Winner::B);
        assert_eq!(state(&r, "A-U1"), (UnitState::Ok, 0));
    }

    #[test]
    fn a_camp_cannot_retreat() {
        let rs = rs();
        let mut b = foot("B", 1, 3, 1);
        b.push(unit("B-U2", "camp", 0, &[]));
        let r = run(&open_field(foot("A", 1, 3, 1), b), &rs, &[1, 6]);
        assert_eq!(r.winner, Winner::A);
        assert_eq!(state(&r, "B-U2"), (UnitState::Eliminated, 1));
        assert_eq!(state(&r, "B-U1"), (UnitState::Reduced, 1));
    }

    #[test]
    fn a_rearguard_wins_when_more_units_get_away_than_it_lost() {
        let rs = rs();
        let mut c = open_field(foot("A", 3, 3, 1), foot("B", 3, 3, 1));
        c.battle.kind = "rearguard".into();
        // B loses the combat 0–2 but keeps all three: they get away.
        let r = run(&c, &rs, &[1, 1, 6, 6, 6, 6]);
        assert_eq!(r.winner, Winner::B);
        assert_eq!(state(&r, "B-U1"), (UnitState::Escaped, 1));
        assert_eq!(state(&r, "B-U3"), (UnitState::Escaped, 0));
        assert_eq!(state(&r, "A-U1"), (UnitState::Ok, 0));
        assert!(
            r.reason
                .starts_with("G3c.9 rearguard: 3 units got away, 0 lost"),
            "{}",
            r.reason
        );
        // Single-step units: two lost, one away: the attacker wins.
        let mut c = open_field(foot("A", 3, 3, 1), foot("B", 3, 3, 0));
        c.battle.kind = "rearguard".into();
        let r = run(&c, &rs, &[1, 1, 6, 6, 6, 6]);
        assert_eq!(r.winner, Winner::A);
        assert_eq!(state(&r, "B-U3"), (UnitState::Escaped, 0));
        assert_eq!(state(&r, "B-U1"), (UnitState::Eliminated, 1));
    }

    /// G2b.5, POLICY `MON_commander_killed`: with the shipped "cannot_attack", an
    /// attacker whose commander was killed does not attack and falls back without a
    /// roll; campaigns written before the switch (absent: "ignored") fight as before,
    /// and a defender whose commander was killed still defends.
    #[test]
    fn a_killed_commander_stops_the_attack_by_the_named_switch() {
        let rs = rs();
        assert_eq!(rs.reading("MON_commander_killed", ""), "cannot_attack");
        let mut c = open_field(foot("A", 3, 3, 1), foot("B", 1, 3, 1));
        c.sides[0].commander_killed = true;
        let r = run(&c, &rs, &[]);
        assert_eq!((r.winner, r.turns_played), (Winner::B, 0));
        assert!(r.reason.starts_with("G2b.5"), "{}", r.reason);
        assert!(r.units.iter().all(|u| u.state == UnitState::Ok));
        let mut old = rs.clone();
        old.readings.remove("MON_commander_killed");
        let fought = resolve(&c, &old, &mut SeededDice::new([1; 32])).expect("resolves");
        assert!(fought.turns_played >= 1 && !fought.reason.starts_with("G2b.5"));
        let mut c = open_field(foot("A", 3, 3, 1), foot("B", 1, 3, 1));
        c.sides[1].commander_killed = true;
        let defended = resolve(&c, &rs, &mut SeededDice::new([1; 32])).expect("resolves");
        assert!(defended.turns_played >= 1, "{}", defended.reason);
    }

    #[test]
    fn malformed_cards_and_switches_are_errors_not_panics() {
        let rs = rs();
        let mut dice = ScriptedDice::values([]);
        let mut bad = open_field(foot("A", 1, 3, 1), foot("B", 1, 3, 1));
        bad.sides[1].units.clear();
        assert!(matches!(
            resolve(&bad, &rs, &mut dice),
            Err(BattleError::Card(_))
        ));
        let cases: [(&str, Unit); 5] = [
            ("`fire` = 9", unit("B-U1", "inf", 40, &[("fire", 9)])),
            (
                "needs a `fire`",
                unit("B-U1", "inf", 40, &[("fire_att", 3)]),
            ),
            (
                "not a MON unit",
                unit("B-U1", "dragoon", 40, &[("fire", 3)]),
            ),
            (
                "major",
                unit("B-U1", "cav", 40, &[("fire", 3), ("major", 1)]),
            ),
            (
                "`two_step` = 2",
                unit("B-U1", "inf", 40, &[("fire", 3), ("two_step", 2)]),
            ),
        ];
        for (want, u) in cases {
            let c = open_field(foot("A", 1, 3, 1), vec![u]);
            match resolve(&c, &rs, &mut dice) {
                Err(BattleError::Card(m)) => assert!(m.contains(want), "{m}"),
                other => panic!("{want}: {other:?}"),
            }
        }
        let mut c = open_field(foot("A", 1, 3, 1), foot("B", 1, 3, 1));
        c.sides[0].leaders.push(Leader {
            id: "A-L1".into(),
            name: "x".into(),
            ratings: BTreeMap::new(),
        });
        assert!(matches!(
            resolve(&c, &rs, &mut dice),
            Err(BattleError::Card(_))
        ));
        let mut c = open_field(foot("A", 1, 3, 1), foot("B", 1, 3, 1));
        c.battle
            .readings
            .insert("MON_continue_policy".into(), "bold".into());
        assert!(matches!(
            resolve(&c, &rs, &mut dice),
            Err(BattleError::Data { .. })
        ));
        let mut c = open_field(foot("A", 1, 3, 1), foot("B", 1, 3, 1));
        c.battle.node_kind = "castle".into();
        assert!(matches!(
            resolve(&c, &rs, &mut dice),
            Err(BattleError::Card(_))
        ));
        assert!(
            dice.problems().is_empty(),
            "no die was rolled: {:?}",
            dice.problems()
        );
    }

    /// ASSUMPTION switch `MON_fortified_node`, read through the card's switches.
    #[test]
    fn protection_of_il_giglio_nodes() {
        let rs = rs();
        let p = |kind: &str, fortified, reading: &str| {
            let mut c = card(
                kind,
                "plain",
                fortified,
                side("A", foot("A", 1, 3, 1), vec![]),
                side("B", foot("B", 1, 3, 1), vec![]),
            );
            c.battle
                .readings
                .insert("MON_fortified_node".into(), reading.into());
            Settings::read(&c, &rs).map(|s| s.protection)
        };
        assert_eq!(p("city", true, "village_plus_fort"), Ok(2));
        assert_eq!(p("village", true, "village_plus_fort"), Ok(2));
        assert_eq!(p("fortress", true, "village_plus_fort"), Ok(2));
        assert_eq!(p("city", false, "village_plus_fort"), Ok(0));
        assert_eq!(p("village", true, "village_only"), Ok(1));
        assert_eq!(p("fortress", true, "village_only"), Ok(2));
        assert_eq!(p("fortress", true, "none"), Ok(0));
        assert!(matches!(
            p("castle", true, "none"),
            Err(BattleError::Card(_))
        ));
        match p("city", true, "walls") {
            Err(BattleError::Data { message, .. }) => assert_eq!(
                message,
                "reading MON_fortified_node = \"walls\": expected one of village_plus_fort, village_only, none"
            ),
            other => panic!("{other:?}"),
        }
        assert_eq!(protection("village", true, (5, 5)), Some(MAX_PROTECTION));
    }

    // --- full battles from the ruleset file --------------------------------------------

    fn spec(nation: &str, role: &str, ducats: Ducats) -> SideSpec {
        SideSpec {
            nation: nation.into(),
            club: nation.into(),
            role: role.into(),
            ducats,
            sapper: false,
            commander_killed: false,
        }
    }

    fn place(kind: &str, terrain: &str, fortified: bool) -> Place {
        Place {
            node: "M5".into(),
            node_name: "Pavia".into(),
            node_kind: kind.into(),
            terrain: terrain.into(),
            fortified,
            month: "May".into(),
        }
    }

    #[test]
    fn the_templates_build_a_historical_mix() {
        let rs = rs();
        let c = Card::build(
            "1495-r03-M5",
            "battle",
            &rs,
            place("city", "plain", true),
            [spec("M", "attacker", 400), spec("V", "defender", 200)],
        );
        let kinds: Vec<&str> = c.sides[0].units.iter().map(|u| u.kind.as_str()).collect();
        assert_eq!(kinds.len(), 13, "{kinds:?}");
        assert_eq!(c.sides[0].unspent, 0);
        assert_eq!(c.sides[0].leaders.len(), 2, "one commander per 200 ducats");
        assert_eq!(c.sides[1].leaders.len(), 1);
        assert!(
            kinds.contains(&"guast") && kinds.contains(&"art"),
            "{kinds:?}"
        );
        assert!(
            c.battle.provisional,
            "the disrupted stand-in is provisional"
        );
    }

    #[test]
    fn template_battles_always_end_consistently_and_deterministically() {
        let rs = rs();
        let battles = [
            ("battle", place("city", "plain", true), 400, 300),
            ("battle", place("fortress", "hills", true), 600, 250),
            ("battle", place("village", "marsh", false), 120, 130),
            ("rearguard", place("village", "plain", false), 500, 200),
        ];
        for (kind, where_, a, b) in battles {
            let c = Card::build(
                "1495-r03-M5",
                kind,
                &rs,
                where_,
                [spec("M", "attacker", a), spec("V", "defender", b)],
            );
            for n in 0..8u8 {
                let mut dice = SeededDice::new([n; 32]);
                let r = resolve(&c, &rs, &mut dice).unwrap();
                check_consistent(&c, &r, dice.log());
                let again = resolve(&c, &rs, &mut SeededDice::new([n; 32])).unwrap();
                assert_eq!(r, again, "same seed, same result");
            }
        }
    }

    fn check_consistent(c: &Card, r: &TacticalResult, log: &[crate::rules::dice::Roll]) {
        assert!(
            r.turns_played >= 1 && r.turns_played <= 20,
            "{}",
            r.turns_played
        );
        assert!(!r.reason.is_empty());
        let ids: Vec<&str> = c
            .sides
            .iter()
            .flat_map(|s| s.units.iter().map(|u| u.id.as_str()))
            .collect();
        assert_eq!(
            r.units.iter().map(|u| u.id.as_str()).collect::<Vec<_>>(),
            ids
        );
        assert_eq!(
            r.leaders.len(),
            c.sides.iter().map(|s| s.leaders.len()).sum::<usize>()
        );
        for u in &r.units {
            let ok = match u.state {
                UnitState::Ok => u.steps_lost == 0,
                UnitState::Reduced => u.steps_lost == 1,
                UnitState::Eliminated => u.steps_lost >= 1,
                UnitState::Escaped => c.battle.kind == "rearguard" && u.id.starts_with("B-"),
                _ => false,
            };
            assert!(ok, "{u:?}");
        }
        if c.battle.kind == "rearguard" {
            let (away, lost) = (r.escaped(c, 1), r.lost_units(c, 1));
            assert_eq!(r.winner == Winner::B, away > lost, "{}", r.reason);
        }
        assert!(log.iter().all(|roll| roll.event.starts_with("mon/1495-r03-M5/") && !roll.event.contains('#')), "unique event ids");
        assert!(log.iter().all(|roll| roll.sides == 6));
    }

    // --- §5.2: siege procedures (§8, §9) -----------------------------------------------

    const WALL: Wall = Wall {
        level: 2,
        max: 3,
        mines: 0,
    };

    fn one(value: u8) -> ScriptedDice {
        ScriptedDice::values([value])
    }

    #[test]
    fn gun_fire_values() {
        assert_eq!(gun_fire(4, true, 0, 1), 4);
        assert_eq!(gun_fire(4, false, 0, 1), 1, "no guastatore: 1 (§8)");
        assert_eq!(gun_fire(4, true, MANTUA_MALUS, 1), 3);
        assert_eq!(gun_fire(4, false, MANTUA_MALUS, 1), 1, "Mantua: min 1");
        assert_eq!(gun_fire(3, true, MANTUA_MALUS + BREACH_MALUS, 1), 1);
        assert_eq!(gun_fire(1, true, BREACH_MALUS, 0), 0, "floor 0 reading");
    }

    #[test]
    fn bombarding_a_wall() {
        let mut d = one(3);
        assert_eq!(
            bombard_wall(WALL, 3, &mut d, "e"),
            (Wall { level: 1, ..WALL }, Shot::Hit)
        );
        let mut d = one(4);
        assert_eq!(bombard_wall(WALL, 3, &mut d, "e"), (WALL, Shot::Miss));
        let mut d = one(6);
        assert_eq!(
            bombard_wall(WALL, 6, &mut d, "e"),
            (WALL, Shot::Burst),
            "a 6 always bursts"
        );
        let breach = Wall { level: 0, ..WALL };
        let mut d = one(1);
        assert_eq!(
            bombard_wall(breach, 3, &mut d, "e").0.level,
            0,
            "never below Breach"
        );
        assert!(breach.breached());
        assert!(d.problems().is_empty());
    }

    #[test]
    fn bombarding_units() {
        let mut d = ScriptedDice::values([1, 2, 6, 5]);
        let (hits, shots) = bombard_units(&[3, 3, 3, 4], 1, &mut d, "mon/s/b");
        assert_eq!(shots, [Shot::Hit, Shot::Hit, Shot::Burst, Shot::Miss]);
        assert_eq!(hits, 1, "two hits − one fort");
        assert_eq!(d.log()[2].event, "mon/s/b/g3");
        assert!(d.problems().is_empty());
    }

    #[test]
    fn mines_detonations_countermines_and_rebuilding() {
        let (w, placed) = mine(WALL, 3, &mut one(3), "e");
        assert!(placed);
        assert_eq!(w.mines, 1);
        assert_eq!(mine(WALL, 3, &mut one(4), "e"), (WALL, false));

        let mined = Wall { mines: 2, ..WALL };
        assert_eq!(
            detonate(mined, &mut one(3), "e"),
            (
                Wall {
                    level: 0,
                    mines: 1,
                    max: 3
                },
                Detonation::Breach
            )
        );
        assert_eq!(
            detonate(mined, &mut one(4), "e"),
            (mined, Detonation::Nothing)
        );
        assert_eq!(
            detonate(mined, &mut one(5), "e"),
            (mined, Detonation::Nothing)
        );
        assert_eq!(
            detonate(mined, &mut one(6), "e"),
            (Wall { mines: 1, ..mined }, Detonation::Lost)
        );
        let mut none = ScriptedDice::values([]);
        assert_eq!(detonate(WALL, &mut none, "e"), (WALL, Detonation::NoMine));

        assert_eq!(
            countermine(mined, 4, &mut one(4), "e"),
            (Wall { mines: 1, ..mined }, true)
        );
        assert_eq!(countermine(mined, 4, &mut one(5), "e"), (mined, false));
        assert_eq!(
            countermine(WALL, 4, &mut none, "e"),
            (WALL, false),
            "no mine, no roll"
        );

        let breach = Wall { level: 0, ..WALL };
        assert_eq!(
            rebuild(breach, 3, &mut one(2), "e"),
            (Wall { level: 1, ..breach }, true)
        );
        assert_eq!(rebuild(breach, 3, &mut one(4), "e"), (breach, false));
        let full = Wall { level: 3, ..WALL };
        assert_eq!(
            rebuild(full, 3, &mut none, "e"),
            (full, false),
            "at the maximum, no roll"
        );
        assert!(none.problems().is_empty());
    }
}
