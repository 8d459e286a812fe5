//! One combat as the book's worked examples set it (§5.1–§5.4): units already in
//! contact on turn 1, leaders with their units, so that a battle case can state the
//! odds column, the DRM, the CRT cell and what follows without playing a whole battle.

use super::*;

/// One combat: attackers in contact with one defender, as an example describes it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Combat {
    /// The attacking units' ids, all in contact with the defender (a second one is an
    /// overlap on its flank).
    pub attackers: Vec<String>,
    pub defender: String,
    /// For each attacker, the hexes between it and the defender when its move began
    /// (1: it was already adjacent; 2–4 let cavalry charge). Default 1.
    pub from_hexes: Vec<i32>,
    /// Leader id → the id of the unit he is with; other leaders are with no unit.
    pub leaders_with: BTreeMap<String, String>,
    /// Units Disordered or Routed before the combat.
    pub disordered: Vec<String>,
    pub routed: Vec<String>,
}

/// Fights one combat on turn 1 and returns every unit's and leader's state after it;
/// the winner is the side the combat ended the battle for (the Carroccio taken), else
/// a draw. Unknown ids are the card's error.
pub fn one_combat(
    card: &Card,
    rs: &Ruleset,
    dice: &mut dyn Dice,
    c: &Combat,
) -> Result<TacticalResult, BattleError> {
    let rules = Rules::load(card, rs)?;
    let mut b = Battle::new(card, &rules, dice)?;
    let unit = |b: &Battle, id: &str| {
        b.units
            .iter()
            .position(|u| u.id == id)
            .ok_or_else(|| BattleError::Card(format!("combat: no unit {id}")))
    };
    let defender = unit(&b, &c.defender)?;
    let attackers = c
        .attackers
        .iter()
        .map(|id| unit(&b, id))
        .collect::<Result<Vec<_>, _>>()?;
    b.turn = 1;
    for &a in &attackers {
        b.units[a].pos = b.depth - 1 - b.units[defender].pos;
    }
    for l in &mut b.leaders {
        l.with = None;
    }
    for (leader, with) in &c.leaders_with {
        let u = unit(&b, with)?;
        let l = b
            .leaders
            .iter()
            .position(|l| &l.id == leader)
            .ok_or_else(|| BattleError::Card(format!("combat: no leader {leader}")))?;
        b.leaders[l].with = Some(u);
    }
    for (ids, order) in [
        (&c.disordered, Order::Disordered),
        (&c.routed, Order::Routed),
    ] {
        for id in ids {
            let u = unit(&b, id)?;
            b.units[u].order = order;
        }
    }
    let gaps: Vec<Option<i32>> = (0..attackers.len())
        .map(|k| Some(c.from_hexes.get(k).copied().unwrap_or(1)))
        .collect();
    b.fight(attackers, vec![defender], &gaps);
    let end = b.sudden_death().unwrap_or(End {
        winner: Winner::Draw,
        reason: "one combat".into(),
        account: None,
    });
    Ok(b.result(card, end))
}
