//! One formation's move as the book's worked example sets it (§5.11, §7.1b): turn 1,
//! the armies as set up, so that a battle case can state the Test of Determination
//! Roll (TDR) and what follows without playing a whole battle.

use super::*;

/// Moves the formation of `unit` once, in its side's first wing activation of turn 1.
/// The result's reason is the move's account: where the unit stands, its order, and
/// the melee it declared.
pub fn first_move(
    card: &Card,
    rs: &Ruleset,
    dice: &mut dyn Dice,
    unit: &str,
) -> Result<TacticalResult, BattleError> {
    let tables = rs.tables_for_battle(compile)?;
    let readings = Readings::load(rs, card)?;
    let mut b = Battle::new(card, &tables, readings, dice)?;
    let u = b
        .units
        .iter()
        .position(|x| x.id == unit)
        .ok_or_else(|| BattleError::Card(format!("move: no unit {unit}")))?;
    let f = b.units[u]
        .formation
        .ok_or_else(|| BattleError::Card(format!("move: unit {unit} is in no formation")))?;
    b.tag = format!("{}-W1", KEYS[b.units[u].side]);
    b.move_formation(f);
    let x = &b.units[u];
    let order = match x.order {
        Order::Good => "in good order",
        Order::Disordered => "disordered",
        Order::Routed => "routed",
    };
    let melee = x.declared.map_or(String::new(), |(d, _)| {
        format!(", a melee declared on {}", b.units[d].id)
    });
    let account = format!("{} at hex {}, {order}{melee}", x.id, x.pos);
    Ok(b.result(Outcome {
        winner: Winner::Draw,
        reason: account,
        account: None,
    }))
}
