//! The card read into the game: leaders, units and each side's doctrine.

use super::*;

/// Reads every leader of the card; returns them and whether a PROVISIONAL command was used.
/// Each side needs a unit and a leader (units act only on their leader's chit, §3.1).
pub(super) fn read_leaders(card: &Card, rules: &Rules) -> Result<(Vec<Chief>, bool), BattleError> {
    let mut provisional = false;
    let mut leaders = Vec::new();
    for (side, cs) in card.sides.iter().enumerate() {
        if cs.units.is_empty() {
            return Err(BattleError::Card(format!("side {} has no unit", cs.key)));
        }
        if cs.leaders.is_empty() {
            return Err(BattleError::Card(format!(
                "side {} has no leader: LEG units act only when a leader's chit is drawn (§3.1)",
                cs.key
            )));
        }
        for l in &cs.leaders {
            let (c, stand_in) = chief(l, side, rules)?;
            provisional |= stand_in;
            leaders.push(c);
        }
    }
    let chits: usize = leaders.iter().map(|l| l.command.max(1) as usize).sum();
    if chits > MAX_DIE {
        return Err(BattleError::Card(format!(
            "{chits} activation chits: at most {MAX_DIE}"
        )));
    }
    Ok((leaders, provisional))
}

/// Each side's doctrine (`tables.policy`): attacker, defender or rearguard; a side whose
/// commander was killed (G2b.5) holds instead of attacking.
pub(super) fn doctrines(rules: &Rules, rearguard: bool, no_attack: [bool; 2]) -> [Doctrine; 2] {
    let role = [0, if rearguard { 2 } else { 1 }];
    [0, 1].map(|s| match rules.doctrine[role[s]] {
        Doctrine::Attack if no_attack[s] => Doctrine::Hold,
        d => d,
    })
}

/// Reads a leader's ratings (§2.1, §9.5). Returns whether the PROVISIONAL stand-in
/// command was used.
pub(super) fn chief(
    l: &crate::battle::card::Leader,
    side: usize,
    rules: &Rules,
) -> Result<(Chief, bool), BattleError> {
    let bad = |what: &str| BattleError::Card(format!("leader {}: {what}", l.id));
    let (command, stand_in) = match l.ratings.get("command") {
        Some(&c) if (0..=4).contains(&c) => (c, false),
        Some(_) => return Err(bad("command must be 0–4 (§2.1)")),
        None => match rules.leader_command {
            Some((v, provisional)) if (0..=4).contains(&v) => (v, provisional),
            _ => {
                return Err(bad(
                    "no command rating, and the ruleset has no `leader_command` table (MISSING: type it in from the counters)",
                ));
            }
        },
    };
    let supreme = match l.rating("supreme", 0) {
        0 => false,
        1 => true,
        _ => return Err(bad("supreme must be 0 or 1")),
    };
    let chief = Chief {
        id: l.id.clone(),
        side,
        command,
        supreme,
        status: if command == 0 {
            Status::Replacement
        } else {
            Status::Active
        },
        killed: false,
        with: None,
    };
    Ok((chief, stand_in))
}

/// Reads a unit's ratings (see the ruleset's header). `first` is the global index of the
/// side's first leader, `n_leaders` how many it has.
pub(super) fn piece(
    u: &crate::battle::card::Unit,
    side: usize,
    i: usize,
    first: usize,
    n_leaders: usize,
    sectors: usize,
) -> Result<Piece, BattleError> {
    let bad = |what: String| BattleError::Card(format!("unit {}: {what}", u.id));
    let kind = match u.kind.as_str() {
        "inf" => Kind::Inf,
        "cav" => Kind::Cav,
        "carroccio" => Kind::Carroccio,
        other => {
            return Err(bad(format!(
                "kind `{other}`: expected inf, cav or carroccio"
            )));
        }
    };
    let grade = u
        .ratings
        .get("grade")
        .and_then(|&g| Grade::from_rating(g))
        .ok_or_else(|| bad("grade must be 3 (A), 2 (B) or 1 (C)".into()))?;
    let default_mp = match kind {
        Kind::Inf => 4,
        Kind::Cav => 8,
        Kind::Carroccio => 2,
    };
    let owner = format!("unit {}", u.id);
    let rating = |key: &str| frame::rating(&owner, key, u.ratings.get(key).copied(), 1..=20);
    let mp = rating("mp")?.unwrap_or(default_mp);
    let index = |name: &str, default: usize, max: usize| -> Result<usize, BattleError> {
        match u.ratings.get(name) {
            None => Ok(default),
            Some(&v) if v >= 1 && (v as usize) <= max => Ok(v as usize - 1),
            Some(v) => Err(bad(format!("{name} {v} out of 1–{max}"))),
        }
    };
    let command = index("leader", i % n_leaders, n_leaders)?;
    let sector = index("sector", command, sectors)?;
    let chit = rating("combat_value")?.map_or(Chit::Undrawn, Chit::Fixed);
    Ok(Piece {
        id: u.id.clone(),
        side,
        kind,
        grade,
        mp: mp as i32,
        leader: first + command,
        sector,
        slot: 0,
        pos: 0,
        chit,
        order: Order::Ok,
    })
}
