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

use super::card::Card;
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

/// Hard cap on turns, whatever the data says.
const TURN_CAP: u32 = 50;
/// Hard cap on a cup of activation chits or combat chits (one die roll picks one).
const MAX_DIE: usize = 255;

// ------------------------------------------------------------------------------------
mod card_notes;
mod combat;
mod end;
mod example;
mod field;
mod movement;
mod setup;
mod tables;

pub(crate) use card_notes::notes;
pub use example::{Combat, one_combat};
use setup::*;
pub use tables::Tables;
pub(crate) use tables::compile;
use tables::*;

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
    /// The reason as the catalogue words it (none for a worked example's combat).
    account: Option<Account>,
}

/// One adjacency (§0.4): `unit[s]` attacks `unit[1 - s]` by `approach[s]`.
#[derive(Clone, Copy, Debug)]
struct Edge {
    unit: [usize; 2],
    approach: [Approach; 2],
}

/// One combat being resolved, or weighed by the policy (which borrows its lists, so
/// asking costs no copy of them).
struct Fight<'f> {
    /// The combat's number in the battle (`c3` in its event ids); 0 while weighed.
    combat: u32,
    attackers: &'f [usize],
    defenders: &'f [usize],
    approach: &'f [Approach],
    charging: &'f [bool],
}

/// The die roll modifiers of a combat (§5.1.4, §7.3.1): the best (or summed) leader
/// bonus of each side, a disordered defender, the morale comparison.
struct Drm {
    att: i32,
    def: i32,
    disordered: bool,
    morale: i32,
}

impl Drm {
    fn total(&self) -> i32 {
        self.att - self.def + i32::from(self.disordered) + self.morale
    }

    /// Appends the modifiers in words, as the CRT roll's purpose gives them
    /// (` +1 leader -1 leader +1 disordered +1 morale`).
    fn write_why(&self, t: &mut String) {
        if self.att > 0 {
            t.push_str(" +");
            push_number(t, self.att as u32);
            t.push_str(" leader");
        }
        if self.def > 0 {
            t.push_str(" -");
            push_number(t, self.def as u32);
            t.push_str(" leader");
        }
        if self.disordered {
            t.push_str(" +1 disordered");
        }
        if self.morale != 0 {
            t.push(' ');
            push_signed(t, i64::from(self.morale));
            t.push_str(" morale");
        }
    }
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
    /// Each sector's adjacencies and the field they were found on: the policy asks for
    /// them unit by unit, far more often than the field changes.
    contacts_memo: std::cell::RefCell<ContactsMemo>,
}

/// What §0.4's adjacencies read of each unit: its sector, on the table, row and slot.
type ContactsKey = (usize, bool, i32, i32);

/// The adjacencies found per sector, and the field they hold for.
type ContactsMemo = crate::battle::frame::SectorMemo<ContactsKey, Vec<Edge>>;

// ------------------------------------------------------------------------------------
// Entry point.

/// Reads the READING switches of a card as the resolver does, rolling nothing: the
/// campaign's loader checks every reading's value this way (`battle::check_readings`).
pub(crate) fn check_readings(card: &Card, rs: &Ruleset) -> Result<(), BattleError> {
    Rules::load(card, rs).map(|_| ())
}

/// Resolves a LEG battle map-free: side A attacks, side B defends (or is the rearguard).
pub(crate) fn resolve(
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
        let rearguard = card.battle.kind == BattleKind::Rearguard;
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
            .get(card.battle.terrain.as_str())
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
            contacts_memo: Default::default(),
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
                    account: Some(Account::new("leg-rearguard-gone")),
                };
            }
        }
        End {
            winner: Winner::Draw,
            reason: format!(
                "LEG8.3 no army routed by the end of turn {}: draw",
                self.turn
            ),
            account: Some(Account::new("leg-no-rout").num("turn", self.turn)),
        }
    }

    /// Writes the start of this turn's event ids, `leg/<battle>/t<turn>/`.
    fn write_ev(t: &mut String, id: &str, turn: u32) {
        t.push_str("leg/");
        t.push_str(id);
        t.push_str("/t");
        push_number(t, turn);
        t.push('/');
    }
}

#[cfg(test)]
mod tests;
