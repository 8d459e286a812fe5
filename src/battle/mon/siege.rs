//! Siege procedures (§8, §9): pure functions over one side of a fortress's walls. The campaign does not call them yet (Il Giglio sieges use Table 35); the caller supplies the event id prefix, and checks attack supply and adjacency (map-bound).

use super::*;

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

pub(super) fn shoot(dice: &mut dyn Dice, event: &str, purpose: &str, fire: u8) -> Shot {
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
