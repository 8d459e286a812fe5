//! One melee as the book's worked example sets it (§6.2): an attacker that has entered
//! the defender's hex on turn 1, so that a battle case can state the odds column, the
//! melee cell, the morale tests and the Stress that follow without playing a battle.

use super::*;

/// Fights one melee: `attacker` has entered `defender`'s hex (row 6 of the map-free
/// table, in the attacker's Combat phase of turn 1). The result's reason is the melee's
/// account: each unit's Stress and row afterwards, and whether it routed.
pub fn one_melee(
    card: &Card,
    rs: &Ruleset,
    dice: &mut dyn Dice,
    attacker: &str,
    defender: &str,
) -> Result<TacticalResult, BattleError> {
    one_melee_at(card, rs, dice, attacker, defender, 6)
}

/// [`one_melee`] in the hex of row `row` (the village's row puts the defender behind
/// its walls or in the open village, as the card and the readings say).
pub fn one_melee_at(
    card: &Card,
    rs: &Ruleset,
    dice: &mut dyn Dice,
    attacker: &str,
    defender: &str,
    row: i32,
) -> Result<TacticalResult, BattleError> {
    let rules = Rules::load(card, rs)?;
    let mut b = Battle::setup(card, &rules, dice)?;
    let unit = |b: &Battle, id: &str| {
        b.units
            .iter()
            .position(|u| u.id == id)
            .ok_or_else(|| card_error(format!("melee: no unit {id}")))
    };
    let (a, d) = (unit(&b, attacker)?, unit(&b, defender)?);
    for u in [d, a] {
        b.units[u].status = Status::OnTable;
        b.units[u].row = row;
    }
    b.units[a].engaged = Some(d);
    b.units[d].engaged = Some(a);
    b.turn = 1;
    b.phase = "A.C".into();
    b.melee(a, d, dice);
    let account = [a, d]
        .map(|u| {
            let p = &b.units[u];
            let routed = if p.routed { " routed" } else { "" };
            format!("{} Stress {}{routed} row {}", p.id, p.stress, p.row)
        })
        .join("; ");
    Ok(b.result(card, Winner::Draw, account, None))
}
