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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::ids::{ArmyId, NodeCode};

    /// Play-test 46: the holder of a besieged place read "M-A1 is in battle …", an id
    /// its battle card never gives (it names only the club's own armies) and one an
    /// assassin could be aimed with. The holder reads who besieges; the besieger its id.
    #[test]
    fn the_holder_reads_who_besieges_not_the_armys_id() {
        let held = Happening::SiegeHeldByBattle {
            node: NodeCode::from("V6"),
            army: ArmyId::from("M-A1"),
            battle: "1494-r02-V6".into(),
        };
        let sees = SiegeDefenderSees::Outcome;
        assert_eq!(seen_by(&held, &NationCode::from("M"), sees), held);
        assert_eq!(
            seen_by(&held, &NationCode::from("V"), sees),
            Happening::SiegeHeldByBattleSeen {
                node: NodeCode::from("V6"),
                besieger: NationCode::from("M"),
                battle: "1494-r02-V6".into(),
            }
        );
        let w = crate::words::Words::load(None).expect("catalogue");
        for lang in [
            crate::rules::tables::Lang::It,
            crate::rules::tables::Lang::En,
        ] {
            let said = crate::words::explain::happening(
                &w,
                &seen_by(&held, &NationCode::from("V"), sees),
                lang,
            );
            assert!(
                !said.contains("M-A1") && said.contains("1494-r02-V6"),
                "{said}"
            );
        }
    }
}
