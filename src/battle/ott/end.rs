//! The end of the battle (§8): victory conditions, the rearguard's verdict (G3c.9) and the result.

use super::*;

/// How a battle ended: the winner, the reason in English and as the catalogue words it.
pub(super) type Ending = (Winner, String, Account);

impl Battle<'_> {
    // ------------------------------------------------------------------ victory (§8)

    /// No unit of the side is left to come or to fight.
    pub(super) fn spent(&self, side: usize) -> bool {
        !self
            .units
            .iter()
            .any(|p| p.side == side && matches!(p.status, Status::Waiting | Status::OnTable))
    }

    /// Attacking units in the village: on the table, not routed, not in a melee hex
    /// (ASSUMPTION: a melee hex is still contested).
    pub(super) fn in_village_count(&self) -> usize {
        (0..self.units.len())
            .filter(|&u| {
                let p = &self.units[u];
                p.side == A
                    && p.on_table()
                    && !p.routed
                    && p.engaged.is_none()
                    && self.in_village(u)
            })
            .count()
    }

    /// Defending units eliminated: in melee, by surrender, or fled off the table
    /// (ASSUMPTION); with `at_end`, also those routed on the table (§8).
    pub(super) fn defender_eliminated(&self, at_end: bool) -> usize {
        self.units
            .iter()
            .filter(|p| p.side == B)
            .filter(|p| match p.status {
                Status::Eliminated | Status::Surrendered => true,
                Status::Left => p.routed,
                Status::OnTable => at_end && p.routed,
                Status::Waiting => false,
            })
            .count()
    }

    /// §8 (generic card, §1.d): the share of defending units to eliminate, rounded.
    pub(super) fn threshold(&self) -> usize {
        let n = self.units.iter().filter(|p| p.side == B).count();
        ((n * self.rules.victory.eliminated_percent as usize + 50) / 100).max(1)
    }

    pub(super) fn attacker_sudden_death(&self) -> Option<(String, Account)> {
        let inside = self.in_village_count();
        if inside >= self.rules.victory.village_units {
            return Some((
                format!("OTT8 the attacker holds {inside} units in the village"),
                Account::new("ott-village").num("inside", inside),
            ));
        }
        let (gone, need) = (self.defender_eliminated(false), self.threshold());
        if gone >= need {
            return Some((
                format!("OTT8 the attacker eliminated {gone} defending units (needed {need})"),
                Account::new("ott-eliminated")
                    .num("gone", gone)
                    .num("need", need),
            ));
        }
        self.spent(B).then(|| {
            (
                "OTT8 no defending unit is left on the table".to_owned(),
                Account::new("ott-defender-spent"),
            )
        })
    }

    pub(super) fn final_victory(&self) -> Ending {
        if self.rearguard {
            return self.rearguard_victory();
        }
        let (gone, need) = (self.defender_eliminated(true), self.threshold());
        if gone >= need {
            (
                Winner::A,
                format!(
                    "OTT8 at the end: {gone} defending units eliminated, routed ones included (needed {need})"
                ),
                Account::new("ott-end-eliminated")
                    .num("gone", gone)
                    .num("need", need),
            )
        } else {
            (
                Winner::B,
                format!(
                    "OTT8 the defender holds: {gone} of {need} eliminations, never {} attackers in the village",
                    self.rules.victory.village_units
                ),
                Account::new("ott-defender-holds")
                    .num("gone", gone)
                    .num("need", need)
                    .num("village", self.rules.victory.village_units),
            )
        }
    }

    /// G3c.9: the rearguard wins if more of its units left the table in good order than
    /// it lost.
    pub(super) fn rearguard_victory(&self) -> Ending {
        let rear = || self.units.iter().filter(|p| p.side == B);
        let escaped = rear()
            .filter(|p| p.status == Status::Left && !p.routed)
            .count();
        let lost = rear().filter(|p| self.unit_state(p).lost()).count();
        let count = Rearguard { escaped, lost };
        (
            count.winner(),
            format!("G3c.9 rearguard: {escaped} units got away, {lost} lost"),
            Account::new("ott-rearguard")
                .num("escaped", escaped)
                .num("lost", lost),
        )
    }

    // ------------------------------------------------------------------ the result

    /// §1.d result mapping: surrendered, eliminated (melee E), routed (at the end, on or
    /// off the table), escaped (a rearguard that got away, G3c.9), reduced (a double
    /// unit on its reduced side), ok.
    pub(super) fn unit_state(&self, p: &Piece) -> UnitState {
        match p.status {
            Status::Surrendered => UnitState::Surrendered,
            Status::Eliminated => UnitState::Eliminated,
            _ if p.routed => UnitState::Routed,
            Status::Left if self.rearguard && p.side == B => UnitState::Escaped,
            _ if p.reduced => UnitState::Reduced,
            _ => UnitState::Ok,
        }
    }

    pub(super) fn result(
        &self,
        card: &Card,
        winner: Winner,
        reason: String,
        account: Option<Account>,
    ) -> TacticalResult {
        let units = self
            .units
            .iter()
            .map(|p| UnitResult {
                id: p.id.clone(),
                state: self.unit_state(p),
                steps_lost: p.steps_lost,
            })
            .collect();
        let leaders = self
            .leaders
            .iter()
            .map(|l| LeaderResult {
                id: l.id.clone(),
                state: l.state,
            })
            .collect();
        frame::result(
            card,
            (winner, reason, account),
            self.turn,
            self.provisional.any(),
            units,
            leaders,
        )
    }
}
