//! The result (3.d mapping) and the rearguard's verdict (G3c.9).

use super::*;

/// Builds the result: every unit's and commander's final state (3.d mapping).
pub(super) fn report(
    card: &Card,
    battle: &Battle<'_>,
    verdict: Verdict,
    rounds: u32,
) -> TacticalResult {
    let mut units = Vec::new();
    let mut leaders = Vec::new();
    for f in &battle.forces {
        units.extend(f.units.iter().map(|u| UnitResult {
            id: u.id.clone(),
            state: u.state(),
            steps_lost: u.steps_lost,
        }));
        leaders.extend(f.commanders.iter().map(|c| LeaderResult {
            id: c.id.clone(),
            state: c.state,
        }));
    }
    let mut r = frame::result(
        card,
        (verdict.winner, verdict.reason, Some(verdict.account)),
        rounds,
        battle.provisional.any(),
        units,
        leaders,
    );
    if battle.set.rearguard {
        rearguard(&mut r, &battle.forces[1]);
    }
    r
}

/// G3c.9 (ASSUMPTION for MON, which has no table edge): every rearguard unit still on
/// the map leaves the zone; the rearguard wins if more units got away than it lost.
pub(super) fn rearguard(r: &mut TacticalResult, b: &Force) {
    let mut count = Rearguard {
        escaped: 0,
        lost: 0,
    };
    for u in &b.units {
        let Some(ur) = r.units.iter_mut().find(|x| x.id == u.id) else {
            continue;
        };
        if ur.state.lost() {
            count.lost += 1;
        } else {
            ur.state = UnitState::Escaped;
            count.escaped += 1;
        }
    }
    r.winner = count.winner();
    r.reason = format!(
        "G3c.9 rearguard: {} units got away, {} lost (field combat: {})",
        count.escaped, count.lost, r.reason
    );
    r.account = Some(
        Account::new("mon-rearguard")
            .num("escaped", count.escaped)
            .num("lost", count.lost)
            .within("combat", r.account.take()),
    );
}
