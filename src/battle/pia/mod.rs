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
use super::card::{Card, CardSide, Unit as CardUnit};
use super::error::BattleError;
use super::frame::{self, Provisional, Rearguard};
use super::result::{
    Account, LeaderResult, LeaderState, TacticalResult, UnitResult, UnitState, Winner,
};
use super::ruleset::{Game, Ruleset, need};
use crate::rules::dice::{Dice, push_number};
use serde::Deserialize;
use std::cell::{Cell, RefCell};
use std::collections::{BTreeMap, BTreeSet};

/// Hard cap on the turns played, whatever the data says.
const MAX_TURNS: u32 = 40;
/// Draws of the wing-selection roll before side A is given the initiative.
const MAX_SELECTION_ROLLS: u32 = 20;
/// The card keys of the two sides.
const KEYS: [&str; 2] = ["A", "B"];
/// The three columns of the Fire Table (§9.1.1).
const FIRE_COLUMNS: [&str; 3] = ["Normal", "Extended", "Intense"];

/// Reads the READING switches of a card as the resolver does, rolling nothing: the
/// campaign's loader checks every reading's value this way (`battle::check_readings`).
pub(crate) fn check_readings(card: &Card, rs: &Ruleset) -> Result<(), BattleError> {
    Readings::load(rs, card).map(|_| ())
}

/// Resolves a battle with PIA's mechanics, map-free.
pub(crate) fn resolve(
    card: &Card,
    rs: &Ruleset,
    dice: &mut dyn Dice,
) -> Result<TacticalResult, BattleError> {
    if rs.game != Game::Pia {
        return Err(data_error(rs, "not a Piacenza 1746 ruleset".into()));
    }
    let tables = rs.tables_for_battle(compile)?;
    let readings = Readings::load(rs, card)?;
    let mut battle = Battle::new(card, &tables, readings, dice)?;
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
mod bombard;
mod card_notes;
mod end;
mod example;
mod field;
mod fire;
mod melee;
mod movement;
mod setup;
mod tables;
mod turn;

pub(crate) use card_notes::notes;
use end::*;
pub use example::first_move;
pub use tables::Tables;
pub(crate) use tables::compile;
use tables::*;
use turn::Put;

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
    /// The approach is a stream hexside, not a row of its own terrain.
    stream: bool,
    /// The TEC rows of `terrain` and `approach`, looked up once at setup.
    line_tec: TerrainRow,
    approach_tec: TerrainRow,
}

/// The tables whose reading a battle notes, for its PROVISIONAL report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Table {
    Tec,
    Fire,
    Melee,
    Bombardment,
    Commanders,
    TurnTrack,
}

impl Table {
    /// The table's name in the ruleset.
    fn name(self) -> &'static str {
        match self {
            Table::Tec => "tec",
            Table::Fire => "fire",
            Table::Melee => "melee",
            Table::Bombardment => "bombardment",
            Table::Commanders => "commanders",
            Table::TurnTrack => "turn_track",
        }
    }
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
    /// The reason as the catalogue words it (none for a worked example's move).
    account: Option<Account>,
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
    /// Per formation: its units in card order, on the table or not (a unit never
    /// changes formation).
    members: Vec<Vec<usize>>,
    /// Per sector, per side: its units in card order, on the table or not (see
    /// [`Battle::in_sector`]).
    by_sector: Vec<[Vec<usize>; 2]>,
    /// The activation being played, for event ids (`A-W1`, `end`).
    tag: String,
    /// PROVISIONAL tables consulted.
    used: RefCell<Provisional>,
    /// The tables already noted in `used`, one bit per [`Table`].
    noted: Cell<u8>,
    /// The TEC row of the rows that are neither a line nor an approach.
    clear_tec: TerrainRow,
    /// Enemy units already attacked in this wing activation (§9.2.1: one melee a hex).
    meleed: BTreeSet<usize>,
    /// Each sector's contact rows and the field they were found on: fire, smoke and
    /// melee ask for a unit's target one unit at a time, far more often than the field
    /// changes.
    contact_memo: RefCell<ContactMemo>,
}

/// What a sector's contact rows read of each unit: on the table, sector, row, order,
/// packed in one word (see [`Battle::contact_key`]) so that checking the memo, done on
/// every query, compares words rather than tuples.
type ContactKey = u64;

/// The contact rows found per sector, and the field they hold for.
type ContactMemo = crate::battle::frame::SectorMemo<ContactKey, Option<[Vec<usize>; 2]>>;
#[cfg(test)]
mod tests;
