//! Auto-resolver placeholder for `mon`: replaced by the game's resolver.

use super::BattleError;
use super::card::Card;
use super::result::TacticalResult;
use super::ruleset::Ruleset;
use crate::rules::dice::Dice;

/// Resolves a battle with this game's mechanics.
pub fn resolve(
    _card: &Card,
    rs: &Ruleset,
    _dice: &mut dyn Dice,
) -> Result<TacticalResult, BattleError> {
    Err(BattleError::Data {
        ruleset: rs.id.clone(),
        message: "this game's resolver is not built yet".into(),
    })
}
