//! OTT — Ottaggio 1625 (Genoa–Savoy War, Marco Campari): the map-free auto-resolver
//! (the printed rulebook, cited `§x.y`).
//!
//! Side A plays Savoy's part (attacker, moves first each turn, §3), side B Genoa's
//! (defender; in a rearguard action, the rearguard, G3c.9).
//!
//! **Field (ASSUMPTION, digest §0.4 + §1.e).** One sector: the narrow valley road, cut
//! into *rows* across it and counted in hexes from the attacker's entry edge (row 0 =
//! the entry hex 1301). All hexes of one row touch each other and those of the next rows,
//! so "adjacent" is a row difference of at most 1 and "two hexes away" (§4.4) is 2 rows.
//! The defender holds the village row (a number of hex slots, §1.e) and the outposts row
//! (Lercaro and Adorno, §2); its own edge lies beyond the village. A unit's *band* is read
//! off its distance to the nearest enemy: `engaged` (same hex, §6.2), `front` (adjacent),
//! `near` (2–3), `far` (≥ 4). Units in contact are paired as in §0.4: each enemy faces one
//! unit, and the surplus units are *overlaps* on an already faced enemy (at most
//! `max_facing` units on one enemy, "a second attacker"); this pairing
//! chooses fire and charge targets and says when a routed unit is "surrounded by at least
//! 2 enemy units" (§4.3).
//!
//! **Policies (ASSUMPTION, §1.e; thresholds in `[tables.policy]`).** The attacker enters
//! on its turn of entry, advances along the road (every move on the approach gets the
//! road's +1 MP, §5.1), stops on contact, charges when its Melee column after the morale
//! and terrain shifts reaches `charge_min_column`, otherwise fires; it breaks off a melee
//! gone bad and pulls back to recover when nearly broken; units that reached the village
//! hold their hex. The defender holds and fires, charges only attackers that got into
//! its village (same threshold), never breaks off, and its displaced units walk back to
//! the village; its cavalry refuses bad infantry charges outside the village (§7.5). A
//! rearguard withdraws to its own edge and fires when in contact; the attacker pursues.
//! A side whose commander was killed never charges (G2b.5).
//!
//! Fire, Melee and Terrain Tables are MISSING: the ruleset's PROVISIONAL stand-ins are
//! used and flag the result (`provisional_tables_used`). The one Melee cell the text
//! gives (4:1, d6 = 3 → `M/3R`, §6.2) is exact in the ruleset file.

use super::card::{Card, Leader, Unit};
use super::error::BattleError;
use super::frame::{self, Provisional, Rearguard};
use super::result::{
    Account, LeaderResult, LeaderState, TacticalResult, UnitResult, UnitState, Winner,
};
use super::ruleset::{Ruleset, need};
use crate::battle::card::BattleKind;
use crate::rules::dice::{Dice, push_int, push_number, push_signed};
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};

/// Side A (Savoy's part) and side B (Genoa's part).
const A: usize = 0;
const B: usize = 1;
/// §4.2: a routed unit rallies on a 6.
const RALLY_ON: i32 = 6;
/// §4.1, §6.2.1, §7.1: routs, `R` results and reduced double units move 2 hexes.
const RETREAT_HEXES: i32 = 2;
/// §7.5: a cavalry that refuses a melee moves 2 hexes.
const REFUSE_HEXES: i32 = 2;
/// §4.5, §6.2.1: a unit leaving a melee hex moves 1 hex toward its own lines.
const LEAVE_HEXES: i32 = 1;
/// §6.1.1: "The Fire Value can never be higher than 3."
const MAX_FV: i64 = 3;
/// §5.1: a unit moving only on road has one more MP.
const ROAD_BONUS_MP: i32 = 1;
/// §7.2: the company that lost its leader in the duel starts with 2 Stress.
const DUEL_STRESS: i32 = 2;
/// §7.7: Terzo Cattaneo starts with a Stress marker of 2.
const TIRED_STRESS: i32 = 2;
/// §4.4: Stress recovery needs every enemy at least 2 hexes away.
const RECOVERY_DISTANCE: i32 = 2;
/// §4.3: a routed unit surrounded by at least 2 enemy units tests for surrender.
const SURROUND: usize = 2;
/// §7.7 is optional: its switch in `options`.
const OPTION_TIRED: &str = "OTT7.7";

mod card_notes;
mod combat;
mod end;
mod example;
mod field;
mod morale;
mod movement;
mod tables;
mod turn;

pub(crate) use card_notes::notes;
use end::Ending;
pub use example::{one_melee, one_melee_at};
pub use tables::Tables;
pub(crate) use tables::compile;
use tables::*;

// ---------------------------------------------------------------------------------
// The battle's state.

/// A unit's printed values (one side of the counter).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Values {
    mp: i32,
    cv: i32,
    fv: i32,
    morale: i32,
}

/// Where a unit is in the battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Status {
    /// Not yet entered (§2: Savoy's later units enter at 08:00).
    Waiting,
    OnTable,
    /// Melee `E` (§6.2.1).
    Eliminated,
    /// §4.3.
    Surrendered,
    /// Left the table by its own edge (fled, retreated or withdrew).
    Left,
}

/// §0.4 bands, from the distance to the nearest enemy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Band {
    Engaged,
    Front,
    Near,
    Far,
}

/// The occasions of a Morale Test (§4.5, §6.2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Test {
    /// Before entering an enemy hex (§4.5, §5).
    Charge,
    /// A cavalry refusing a melee (§7.5).
    Refuse,
    /// Leaving a melee hex (§4.5, §6.2.1).
    Leave,
    /// Stress recovery (§4.4).
    Recovery,
    /// A Melee `M` result (§6.2.1).
    MeleeResult,
    /// Surrender, with Morale 0 (§4.3).
    Surrender,
}

impl Test {
    fn name(self) -> &'static str {
        match self {
            Test::Charge => "charge",
            Test::Refuse => "refuse",
            Test::Leave => "leave",
            Test::Recovery => "recovery",
            Test::MeleeResult => "melee-M",
            Test::Surrender => "surrender",
        }
    }
}

/// A combat unit on the map-free field.
#[derive(Clone, Debug)]
struct Piece {
    id: String,
    side: usize,
    cav: bool,
    full: Values,
    /// The reduced side of a double unit (§7.1).
    reduced_side: Option<Values>,
    reduced: bool,
    stress: i32,
    routed: bool,
    status: Status,
    row: i32,
    /// The enemy unit in the same (melee) hex.
    engaged: Option<usize>,
    /// Rallied this turn: stays put and may only melee (§4.2).
    pinned: bool,
    /// Already took its §4.3 test this turn.
    surrender_checked: bool,
    enters_turn: u32,
    outpost: bool,
    half_of: i64,
    /// Terzo Cattaneo (§7.7).
    tired: bool,
    /// Lercaro or Adorno company (§7.2).
    duel: bool,
    steps_lost: u32,
}

impl Piece {
    fn values(&self) -> Values {
        match (self.reduced, self.reduced_side) {
            (true, Some(r)) => r,
            _ => self.full,
        }
    }

    /// The Morale Value in force: a routed unit shows its reverse, morale 0 (§1.3.1).
    fn morale(&self) -> i32 {
        if self.routed { 0 } else { self.values().morale }
    }

    /// Current morale, what melee compares (§4, §6.2 example): morale − stress.
    fn current_morale(&self) -> i32 {
        (self.morale() - self.stress).max(0)
    }

    fn on_table(&self) -> bool {
        self.status == Status::OnTable
    }

    /// Steps still on the table: 2 for a double unit on its full side (§7.1).
    fn steps(&self) -> u32 {
        if self.reduced_side.is_some() && !self.reduced {
            2
        } else {
            1
        }
    }
}

/// A leader (§1.3.2): he stays stacked with one unit and moves with it.
#[derive(Clone, Debug)]
struct Chief {
    id: String,
    side: usize,
    morale_mod: i32,
    with: Option<usize>,
    /// Left the table with his unit.
    gone: bool,
    state: LeaderState,
}

/// The map-free field's shape for this battle.
#[derive(Clone, Copy, Debug)]
struct Geometry {
    /// The defender's village row; none in a rearguard action.
    village: Option<i32>,
    slots: usize,
    outposts_row: i32,
    /// The first row beyond side B's own edge (side A's is row −1).
    b_edge: i32,
    road: bool,
    /// What the defender defends in inside the village.
    village_walls: bool,
}

struct Battle<'r> {
    id: String,
    rules: &'r Rules,
    rearguard: bool,
    units: Vec<Piece>,
    leaders: Vec<Chief>,
    geo: Geometry,
    /// G2b.5: a side whose commander was killed defends but cannot attack.
    no_attack: [bool; 2],
    turn: u32,
    /// `A.C` = side A, phase C; `setup`; `end`.
    phase: String,
    provisional: Provisional,
    /// The last §0.4 pairing of each side and the field it was made on: the policy asks
    /// for a unit's opponent once per unit and phase, and making a pairing is quadratic.
    pairing_memo: [std::cell::RefCell<PairingMemo>; 2],
}

/// What §0.4's pairing reads of each unit: on the table, routed, its melee, its row.
type PairingKey = (bool, bool, Option<usize>, i32);

/// A pairing and the field it was made on.
#[derive(Default)]
struct PairingMemo {
    field: Vec<PairingKey>,
    pairing: Vec<Option<usize>>,
    /// Room the pairing is made in, kept between pairings so that making one allocates
    /// nothing: how many units face each enemy, the side's units that act, and each
    /// enemy's index, row and whether it is in a melee.
    load: Vec<usize>,
    acting: Vec<usize>,
    enemies: Vec<(usize, i32, bool)>,
}

fn card_error(message: String) -> BattleError {
    BattleError::Card(message)
}

/// Reads one rating of a unit within `lo..=hi`, or its default.
fn rating(u: &Unit, key: &str, lo: i64, hi: i64, default: Option<i64>) -> Result<i32, BattleError> {
    let value = u.ratings.get(key).copied().or(default);
    // The usual case, a rating in range, needs no owner's name for an error.
    if let Some(v) = value.filter(|v| (lo..=hi).contains(v))
        && let Ok(v) = i32::try_from(v)
    {
        return Ok(v);
    }
    let owner = format!("unit {}", u.id);
    let v = frame::required(
        &owner,
        key,
        u.ratings.get(key).copied().or(default),
        lo..=hi,
    )?;
    i32::try_from(v).map_err(|_| card_error(format!("unit {}: rating `{key}` is too large", u.id)))
}

/// The rating keys of a unit (documented at the top of the ruleset file).
const UNIT_KEYS: [&str; 14] = [
    "mp",
    "cv",
    "fv",
    "morale",
    "double",
    "r_mp",
    "r_cv",
    "r_fv",
    "r_morale",
    "start_stress",
    "tired",
    "duel",
    "half_of",
    "outpost",
];
const UNIT_KEY_ENTERS: &str = "enters_turn";

fn piece(u: &Unit, side: usize, r: &Readings) -> Result<Piece, BattleError> {
    if let Some(k) = u
        .ratings
        .keys()
        .find(|k| !UNIT_KEYS.contains(&k.as_str()) && k.as_str() != UNIT_KEY_ENTERS)
    {
        return Err(card_error(format!("unit {}: unknown rating `{k}`", u.id)));
    }
    let cav = match u.kind.as_str() {
        "inf" => false,
        "cav" => true,
        k => {
            return Err(card_error(format!(
                "unit {}: kind `{k}` is not inf|cav",
                u.id
            )));
        }
    };
    let default_mp = (!cav).then_some(r.infantry_mp);
    let full = Values {
        mp: rating(u, "mp", 1, 20, default_mp)?,
        cv: rating(u, "cv", 1, 99, None)?,
        fv: rating(u, "fv", 0, MAX_FV, None)?,
        morale: rating(u, "morale", 1, 20, None)?,
    };
    let reduced_side = if rating(u, "double", 0, 1, Some(0))? == 1 {
        Some(Values {
            mp: rating(u, "r_mp", 1, 20, Some(i64::from(full.mp)))?,
            cv: rating(u, "r_cv", 1, 99, None)?,
            fv: rating(u, "r_fv", 0, MAX_FV, None)?,
            morale: rating(u, "r_morale", 1, 20, None)?,
        })
    } else {
        None
    };
    Ok(Piece {
        id: u.id.clone(),
        side,
        cav,
        full,
        reduced_side,
        reduced: false,
        stress: rating(u, "start_stress", 0, 20, Some(0))?,
        routed: false,
        status: Status::Waiting,
        row: 0,
        engaged: None,
        pinned: false,
        surrender_checked: false,
        enters_turn: rating(u, UNIT_KEY_ENTERS, 1, 48, Some(1))? as u32,
        outpost: rating(u, "outpost", 0, 1, Some(0))? == 1,
        half_of: i64::from(rating(u, "half_of", 0, 99, Some(0))?),
        tired: rating(u, "tired", 0, 1, Some(0))? == 1,
        duel: rating(u, "duel", 0, 1, Some(0))? == 1,
        steps_lost: 0,
    })
}

fn chief(l: &Leader, side: usize) -> Result<Chief, BattleError> {
    if let Some(k) = l
        .ratings
        .keys()
        .find(|k| !["morale_mod", "mp"].contains(&k.as_str()))
    {
        return Err(card_error(format!("leader {}: unknown rating `{k}`", l.id)));
    }
    let m = l.rating("morale_mod", 0);
    if !(-3..=3).contains(&m) {
        return Err(card_error(format!(
            "leader {}: morale_mod = {m} is outside -3..=3",
            l.id
        )));
    }
    Ok(Chief {
        id: l.id.clone(),
        side,
        morale_mod: m as i32,
        with: None,
        gone: false,
        state: LeaderState::Ok,
    })
}

/// The field of one battle (ASSUMPTION §1.e): the village row comes after the outposts
/// row and `approach_hexes` rows of road; it has a slot for each defender placed inside
/// (at least `village_slots_min`). The defender's village has walls when the campaign
/// node is fortified (the historical Ottaggio is walled, §2) and the defender has them:
/// always with `OTT_fort_applies = "fortified_node"`, only from inside them (a
/// withdrawal, a siege assault) with `"defender_inside"`.
fn geometry(rules: &Rules, rearguard: bool, card: &Card) -> Geometry {
    let f = rules.field;
    if rearguard {
        return Geometry {
            village: None,
            slots: 0,
            outposts_row: f.outposts_row,
            b_edge: f.map_rows,
            road: f.approach_on_road,
            village_walls: false,
        };
    }
    let village = f.outposts_row + f.approach_hexes + 1;
    let inside = card.sides[B]
        .units
        .iter()
        .filter(|u| u.rating("outpost", 0) != 1 && u.rating("enters_turn", 1) <= 1)
        .count();
    Geometry {
        village: Some(village),
        slots: inside.max(f.village_slots_min),
        outposts_row: f.outposts_row,
        b_edge: village + f.village_to_edge,
        road: f.approach_on_road,
        village_walls: card.battle.fortified
            && (rules.readings.fort_in_field || card.battle.defender_inside),
    }
}

/// The Lercaro/Adorno duel (§7.2): a d6 for each company, the lower loses its leader;
/// a tie is rolled again (READING `OTT_duel_tie = "reroll"`, §1.f item 7). Returns 0
/// when `first` loses, 1 when `second` does. After 20 ties in a row (odds 6⁻²⁰) the
/// first loses, so the loop always ends.
fn duel(dice: &mut dyn Dice, event: &str, first: &str, second: &str) -> usize {
    for round in 1..=20 {
        let a = dice.d6(
            &format!("{event}/r{round}/{first}"),
            &format!("OTT duel (§7.2) {first} vs {second}: d6 for {first}"),
        );
        let b = dice.d6(
            &format!("{event}/r{round}/{second}"),
            &format!("OTT duel (§7.2) {first} vs {second}: d6 for {second}"),
        );
        if a != b {
            return usize::from(b < a);
        }
    }
    0
}

/// Reads the READING switches of a card as the resolver does, rolling nothing: the
/// campaign's loader checks every reading's value this way (`battle::check_readings`).
pub(crate) fn check_readings(card: &Card, rs: &Ruleset) -> Result<(), BattleError> {
    Rules::load(card, rs).map(|_| ())
}

/// Resolves a battle of Ottaggio 1625 map-free (digest §1, §0.4).
pub(crate) fn resolve(
    card: &Card,
    rs: &Ruleset,
    dice: &mut dyn Dice,
) -> Result<TacticalResult, BattleError> {
    let rules = Rules::load(card, rs)?;
    let mut battle = Battle::setup(card, &rules, dice)?;
    let (winner, reason, account) = battle.play(dice);
    Ok(battle.result(card, winner, reason, Some(account)))
}

impl<'r> Battle<'r> {
    // ------------------------------------------------------------------ set-up (§2)

    fn setup(
        card: &Card,
        rules: &'r Rules,
        dice: &mut dyn Dice,
    ) -> Result<Battle<'r>, BattleError> {
        let rearguard = card.battle.kind == BattleKind::Rearguard;
        let mut units = Vec::new();
        let mut leaders = Vec::new();
        for (side, s) in card.sides.iter().enumerate() {
            if s.units.is_empty() {
                return Err(card_error(format!("side {} has no unit", s.key)));
            }
            for u in &s.units {
                units.push(piece(u, side, &rules.readings)?);
            }
            for l in &s.leaders {
                leaders.push(chief(l, side)?);
            }
        }
        let mut b = Battle {
            id: card.battle.id.clone(),
            rules,
            rearguard,
            units,
            leaders,
            geo: geometry(rules, rearguard, card),
            no_attack: frame::may_attack(card).map(|may| !may),
            turn: 0,
            phase: "setup".into(),
            provisional: Provisional::default(),
            pairing_memo: Default::default(),
        };
        b.check_halves()?;
        b.deploy();
        b.starting_stress(dice)?;
        b.attach_leaders(A);
        b.attach_leaders(B);
        Ok(b)
    }

    /// §7.3/§7.4: the halves of a split unit come in pairs.
    fn check_halves(&self) -> Result<(), BattleError> {
        for side in [A, B] {
            let mut count: BTreeMap<i64, usize> = BTreeMap::new();
            for p in self
                .units
                .iter()
                .filter(|p| p.side == side && p.half_of > 0)
            {
                *count.entry(p.half_of).or_default() += 1;
            }
            if let Some((n, _)) = count.iter().find(|(_, c)| **c != 2) {
                return Err(card_error(format!(
                    "half_of = {n}: a split unit has exactly two halves (§7.3, §7.4)"
                )));
            }
        }
        Ok(())
    }

    /// Places the defender (§2; ASSUMPTION §1.e): outposts on their row, the rest in the
    /// village; the attacker enters later, in its movement phase. In a rearguard action
    /// (G3c.9) both sides are on the table from the start.
    fn deploy(&mut self) {
        let f = self.rules.field;
        for p in &mut self.units {
            match (self.rearguard, p.side, self.geo.village) {
                (true, side, _) => {
                    p.row = if side == A {
                        f.rearguard_attacker_row
                    } else {
                        f.rearguard_row
                    };
                    p.status = Status::OnTable;
                }
                (false, B, Some(v)) if p.enters_turn <= 1 => {
                    p.row = if p.outpost { f.outposts_row } else { v };
                    p.status = Status::OnTable;
                }
                _ => {}
            }
        }
    }

    /// Starting Stress: `start_stress`, then §7.7 (Terzo Cattaneo) and the §7.2 duel. A
    /// unit that starts at or past its morale starts routed where it stands.
    fn starting_stress(&mut self, dice: &mut dyn Dice) -> Result<(), BattleError> {
        if self.rules.tired_rule {
            for p in self.units.iter_mut().filter(|p| p.tired) {
                p.stress = p.stress.max(TIRED_STRESS);
            }
        }
        for side in [A, B] {
            let duelists: Vec<usize> = self
                .side_units(side)
                .into_iter()
                .filter(|&i| self.units[i].duel)
                .collect();
            match *duelists.as_slice() {
                [] => {}
                [x, y] => {
                    let event = format!("ott/{}/setup/duel", self.id);
                    let (first, second) = (self.units[x].id.clone(), self.units[y].id.clone());
                    let loser = if duel(dice, &event, &first, &second) == 0 {
                        x
                    } else {
                        y
                    };
                    self.units[loser].stress += DUEL_STRESS;
                }
                _ => {
                    return Err(card_error(
                        "§7.2: the duel needs exactly two `duel` units on a side".into(),
                    ));
                }
            }
        }
        for p in &mut self.units {
            p.routed = p.stress >= p.values().morale;
        }
        Ok(())
    }

    /// Stacks each free leader of a side with one of its units on the table, a different
    /// one for each leader while there are enough (ASSUMPTION: the first in card order).
    fn attach_leaders(&mut self, side: usize) {
        for l in 0..self.leaders.len() {
            let c = &self.leaders[l];
            if c.side != side || c.with.is_some() || c.gone || c.state != LeaderState::Ok {
                continue;
            }
            let taken: Vec<usize> = self.leaders.iter().filter_map(|c| c.with).collect();
            let ready: Vec<usize> = self
                .side_units(side)
                .into_iter()
                .filter(|&u| self.units[u].on_table() && !self.units[u].routed)
                .collect();
            self.leaders[l].with = ready
                .iter()
                .copied()
                .find(|u| !taken.contains(u))
                .or_else(|| ready.first().copied());
        }
    }

    /// §2: units enter on their turn, the attacker at the entry hex (row 0), the
    /// defender at its own edge.
    fn enter_reinforcements(&mut self, side: usize) {
        let row = if side == A { 0 } else { self.geo.b_edge - 1 };
        let turn = self.turn;
        for p in self.units.iter_mut().filter(|p| p.side == side) {
            if p.status == Status::Waiting && p.enters_turn <= turn {
                p.status = Status::OnTable;
                p.row = row;
            }
        }
        self.attach_leaders(side);
    }
}

#[cfg(test)]
mod tests;
