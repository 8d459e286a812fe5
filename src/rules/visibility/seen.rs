//! What a club reads of an event it is told of: the one place where an event's words
//! are cut to the club's view (a siege's defender sees none of the besieger's modifiers,
//! the holder of a place none of its besieger's army ids, G7).

use super::super::ids::NationCode;
use super::super::outcome::{Happening, SiegeModifier};
use super::super::tables::SiegeDefenderSees;

/// What `nation` may read of an event it is told of. A siege roll of another club's
/// siege (the defender's view) never shows the besieger's sapper, its bribe or the total,
/// which would tell them (G7). Under the ruling `siege_defender_sees = "outcome"` it
/// shows who besieges and whether the place fell, nothing of the roll; before it, the
/// die and the modifiers the defender can know (rounds spent, its garrison, its sapper,
/// its walls).
pub fn seen_by(h: &Happening, nation: &NationCode, sees: SiegeDefenderSees) -> Happening {
    match h {
        Happening::SiegeRoll {
            node,
            besieger,
            total,
            needed,
            ..
        } if besieger != nation && sees == SiegeDefenderSees::Outcome => {
            Happening::SiegeOutcomeSeen {
                node: node.clone(),
                besieger: besieger.clone(),
                fell: total >= needed,
            }
        }
        Happening::SiegeRound {
            node,
            besieger,
            fell,
            ..
        } if besieger != nation && sees == SiegeDefenderSees::Outcome => {
            Happening::SiegeOutcomeSeen {
                node: node.clone(),
                besieger: besieger.clone(),
                fell: *fell,
            }
        }
        Happening::SiegeRoll {
            node,
            besieger,
            roll,
            needed,
            ..
        } if besieger != nation => Happening::SiegeRollSeen {
            node: node.clone(),
            besieger: besieger.clone(),
            roll: *roll,
            needed: *needed,
        },
        Happening::SiegeRound {
            node,
            besieger,
            roll,
            modifiers,
            needed,
            fell,
            ..
        } if besieger != nation => Happening::SiegeRound {
            node: node.clone(),
            besieger: besieger.clone(),
            armies: Vec::new(),
            roll: *roll,
            modifiers: modifiers
                .iter()
                .filter(|m| known_to_defender(m))
                .cloned()
                .collect(),
            total: None,
            needed: *needed,
            fell: *fell,
        },
        Happening::SiegeHeldByBattle { node, army, battle } if army.nation() != *nation => {
            Happening::SiegeHeldByBattleSeen {
                node: node.clone(),
                besieger: army.nation(),
                battle: battle.clone(),
            }
        }
        other => other.clone(),
    }
}

/// Whether the defender of a place knows a siege modifier: what it sees of its own
/// place and of the time spent, not what the besieger paid or brought.
fn known_to_defender(m: &SiegeModifier) -> bool {
    !matches!(
        m,
        SiegeModifier::BesiegerSapper { .. } | SiegeModifier::Bribe { .. }
    )
}
