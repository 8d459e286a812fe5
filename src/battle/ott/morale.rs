//! Stress and morale (§4): tests, retreats, leaving the table, melee elimination and surrender.

use super::*;

impl Battle<'_> {
    /// The Morale Test (§4.5). No Stress: passed without a roll. Otherwise the target is
    /// morale − stress (a routed unit's morale is 0); the surrender test uses Morale 0
    /// and, under `OTT_surrender_abs`, the target |0 − stress| (§1.f item 2). Literal
    /// reading: pass on d6 + mod ≥ target; inverted: d6 − mod ≤ target (§1.f item 1).
    pub(super) fn morale_test(&mut self, u: usize, test: Test, dice: &mut dyn Dice) -> bool {
        self.morale_test_as(u, test, &format!("morale-{}", test.name()), dice)
    }

    /// [`Self::morale_test`] under a given event name (a cavalry may be charged twice
    /// in one phase: its refusals name the charging unit).
    pub(super) fn morale_test_as(
        &mut self,
        u: usize,
        test: Test,
        what: &str,
        dice: &mut dyn Dice,
    ) -> bool {
        let p = &self.units[u];
        let surrender = test == Test::Surrender;
        if !surrender && p.stress == 0 {
            return true;
        }
        let morale = if surrender { 0 } else { p.morale() };
        let mut target = morale - p.stress;
        if surrender && self.rules.readings.surrender_abs {
            target = target.abs();
        }
        let m = self.leader_mod(u);
        let reading = self.rules.readings.morale;
        // `OTT morale test (leave) A-U1 morale 4 stress 2: d6+1 need 2`, `… d6-1 need <= 2`.
        let purpose = |t: &mut String| {
            t.push_str("OTT morale test (");
            t.push_str(test.name());
            t.push_str(") ");
            t.push_str(&p.id);
            t.push_str(" morale ");
            push_int(t, i64::from(morale));
            t.push_str(" stress ");
            push_int(t, i64::from(p.stress));
            t.push_str(": d6");
            match reading {
                MoraleReading::Literal => {
                    push_signed(t, i64::from(m));
                    t.push_str(" need ");
                }
                MoraleReading::Inverted => {
                    push_signed(t, -i64::from(m));
                    t.push_str(" need <= ");
                }
            }
            push_int(t, i64::from(target));
        };
        let roll = self.roll(dice, &p.id, what, &purpose);
        match self.rules.readings.morale {
            MoraleReading::Literal => roll + m >= target,
            MoraleReading::Inverted => roll - m <= target,
        }
    }

    /// Adds Stress (§4, §6.2.1): reaching the morale routs the unit (flip, or an R marker
    /// on a double unit), and a unit that routs retreats 2 hexes at once.
    pub(super) fn add_stress(&mut self, u: usize, n: i32) {
        let p = &mut self.units[u];
        if !p.on_table() {
            return;
        }
        p.stress += n;
        if !p.routed && p.stress >= p.values().morale {
            p.routed = true;
            p.pinned = false;
            self.retreat(u, RETREAT_HEXES);
        }
    }

    /// Leaves the melee hex, if any, and moves toward the unit's own edge.
    pub(super) fn retreat(&mut self, u: usize, hexes: i32) {
        self.disengage(u);
        self.move_toward_edge(u, hexes);
    }

    /// Moves toward the own edge (Savoy toward Carrosio, Genoa toward Ottaggio and
    /// Genoa, §4.1, §1.f item 4); at or past the edge the unit leaves the table (§0.4).
    /// Retreats are never blocked on the map-free field (ASSUMPTION).
    pub(super) fn move_toward_edge(&mut self, u: usize, hexes: i32) {
        let p = &mut self.units[u];
        p.row += if p.side == A { -hexes } else { hexes };
        if self.edge_dist(u) <= 0 {
            self.leave_table(u);
        }
    }

    pub(super) fn disengage(&mut self, u: usize) {
        if let Some(e) = self.units[u].engaged.take() {
            self.units[e].engaged = None;
        }
    }

    /// The unit leaves by its own edge; a leader stacked with it goes with it.
    pub(super) fn leave_table(&mut self, u: usize) {
        self.disengage(u);
        self.units[u].status = Status::Left;
        for l in self.leaders.iter_mut().filter(|l| l.with == Some(u)) {
            l.with = None;
            l.gone = true;
        }
    }

    /// Removes an eliminated or surrendered unit. A leader stacked with a unit
    /// eliminated in melee dies (§1.3.2); one stacked with a unit that surrenders is left
    /// alone with the enemy and captured (ASSUMPTION, from §1.3.2).
    pub(super) fn remove(&mut self, u: usize, status: Status) {
        self.disengage(u);
        let p = &mut self.units[u];
        p.steps_lost += p.steps();
        p.status = status;
        let fate = if status == Status::Surrendered {
            LeaderState::Captured
        } else {
            LeaderState::Killed
        };
        for l in self.leaders.iter_mut().filter(|l| l.with == Some(u)) {
            l.with = None;
            l.state = fate;
        }
    }

    /// Melee `E` (§6.2.1, §7.1): a double unit on its full side flips to its reduced side
    /// and retreats 2 hexes (routing if its Stress reaches the reduced morale); anything
    /// else is eliminated.
    pub(super) fn melee_elimination(&mut self, u: usize) {
        let p = &mut self.units[u];
        if p.reduced_side.is_some() && !p.reduced {
            p.reduced = true;
            p.steps_lost += 1;
            if !p.routed && p.stress >= p.values().morale {
                p.routed = true;
            }
            self.retreat(u, RETREAT_HEXES);
        } else {
            self.remove(u, Status::Eliminated);
        }
    }

    /// §4.3: before the first fire or melee against it in a turn, a routed unit with at
    /// least 2 enemy units in contact (§0.4 pairing) tests with Morale 0 and surrenders
    /// if it fails. Returns whether the target is still there to be shot at or fought.
    pub(super) fn surrender_check(&mut self, t: usize, dice: &mut dyn Dice) -> bool {
        let p = &self.units[t];
        if !p.on_table() || !p.routed || p.surrender_checked {
            return p.on_table();
        }
        let around = self
            .pairing(1 - p.side)
            .iter()
            .filter(|x| **x == Some(t))
            .count();
        if around < SURROUND {
            return true;
        }
        self.units[t].surrender_checked = true;
        if self.morale_test(t, Test::Surrender, dice) {
            return true;
        }
        self.remove(t, Status::Surrendered);
        false
    }
}
