//! The sequence of play (§3): the turn's phases A–E, the halves, the fatigue roll.

use super::*;

impl Battle<'_> {
    // ------------------------------------------------------------------ the turn (§3)

    pub(super) fn play(&mut self, dice: &mut dyn Dice) -> Ending {
        for turn in 1..=self.rules.last_turn() {
            self.turn = turn;
            for side in [A, B] {
                if let Some(end) = self.player_turn(side, dice) {
                    return end;
                }
            }
            if self.end_roll(dice) {
                break;
            }
        }
        self.final_victory()
    }

    /// One player's phases A–E (§3).
    pub(super) fn player_turn(&mut self, side: usize, dice: &mut dyn Dice) -> Option<Ending> {
        for p in &mut self.units {
            p.surrender_checked = false;
            if p.side == side {
                p.pinned = false;
            }
        }
        self.set_phase(side, 'A');
        self.phase_a(side, dice);
        self.set_phase(side, 'B');
        self.phase_b(side, dice);
        self.set_phase(side, 'C');
        self.phase_c(side, dice);
        self.set_phase(side, 'D');
        self.phase_d(side, dice);
        self.set_phase(side, 'E');
        self.phase_e(side)
    }

    /// Phase A, the Rout Unit Test (§4.2): a 6 rallies a routed unit with a Morale/Stress
    /// gap of 1; it stays put this turn and may only melee.
    pub(super) fn phase_a(&mut self, side: usize, dice: &mut dyn Dice) {
        for u in self.side_units(side) {
            if !(self.units[u].on_table() && self.units[u].routed) {
                continue;
            }
            let id = &self.units[u].id;
            let purpose = |t: &mut String| {
                t.push_str("OTT rout unit test (§4.2) ");
                t.push_str(id);
                t.push_str(": d6 need ");
                push_int(t, i64::from(RALLY_ON));
            };
            if self.roll(dice, id, "rally", &purpose) == RALLY_ON {
                let p = &mut self.units[u];
                p.routed = false;
                p.stress = (p.values().morale - 1).max(0);
                p.pinned = true;
            }
        }
    }

    /// Phase B (§4.1, §5): entries, then routed units flee 2 hexes, then the others move
    /// by policy: break off, withdraw, pull back, or advance and charge.
    pub(super) fn phase_b(&mut self, side: usize, dice: &mut dyn Dice) {
        self.enter_reinforcements(side);
        for u in self.side_units(side) {
            if self.units[u].on_table() && self.units[u].routed {
                self.retreat(u, RETREAT_HEXES);
            }
        }
        for u in self.side_units(side) {
            let p = &self.units[u];
            if !p.on_table() || p.routed || p.pinned {
                continue;
            }
            if p.engaged.is_some() {
                if self.wants_leave(u) {
                    self.leave_melee(u, dice);
                }
            } else if self.rearguard && side == B {
                self.withdraw(u);
            } else if self.should_fall_back(u) {
                self.move_toward_edge(u, RETREAT_HEXES);
            } else {
                if let Some(goal) = self.goal(u) {
                    self.advance(u, goal);
                }
                if let Some(t) = self.charge_target(u) {
                    self.charge(u, t, dice);
                }
            }
        }
    }

    /// Phase C (§6): each unit melees if engaged, else fires; then the split halves
    /// check (§7.3, §7.4).
    pub(super) fn phase_c(&mut self, side: usize, dice: &mut dyn Dice) {
        for u in self.side_units(side) {
            let p = &self.units[u];
            if !p.on_table() || p.routed {
                continue;
            }
            if let Some(e) = p.engaged {
                if self.chooses_melee(u, e) {
                    self.melee(u, e, dice);
                }
            } else if !p.pinned
                && p.values().fv > 0
                && let Some(t) = self.fire_target(u)
            {
                self.fire(u, t, dice);
            }
        }
        self.split_halves(side);
    }

    /// §7.3, §7.4: at the end of the owner's combat phase, two halves still on the table
    /// and not routed that are not adjacent take 1 Stress each.
    pub(super) fn split_halves(&mut self, side: usize) {
        let halves: Vec<usize> = self
            .side_units(side)
            .into_iter()
            .filter(|&u| self.units[u].half_of > 0)
            .collect();
        for (i, &x) in halves.iter().enumerate() {
            for &y in &halves[i + 1..] {
                let (px, py) = (&self.units[x], &self.units[y]);
                if px.half_of == py.half_of
                    && px.on_table()
                    && py.on_table()
                    && !px.routed
                    && !py.routed
                    && self.distance(x, y) > 1
                {
                    self.add_stress(x, 1);
                    self.add_stress(y, 1);
                }
            }
        }
    }

    /// Phase D (§4.4): a unit not routed with every enemy at least 2 hexes away (band
    /// near or far) may recover 1 Stress by passing a Morale Test.
    pub(super) fn phase_d(&mut self, side: usize, dice: &mut dyn Dice) {
        for u in self.side_units(side) {
            let p = &self.units[u];
            if p.on_table()
                && !p.routed
                && p.stress > 0
                && self.nearest_enemy(u).is_none_or(|d| d >= RECOVERY_DISTANCE)
                && self.morale_test(u, Test::Recovery, dice)
            {
                self.units[u].stress -= 1;
            }
        }
    }

    /// Phase E (§8): the attacker's sudden death in its own phase E; a rearguard action
    /// ends when either side has nothing left on the table.
    pub(super) fn phase_e(&self, side: usize) -> Option<Ending> {
        if self.rearguard {
            return (self.spent(A) || self.spent(B)).then(|| self.rearguard_victory());
        }
        if side == A
            && let Some((reason, account)) = self.attacker_sudden_death()
        {
            return Some((Winner::A, reason, account));
        }
        self.spent(A).then(|| {
            (
                Winner::B,
                "OTT8 the attacker has no unit left to fight: the defender holds".to_owned(),
                Account::new("ott-attacker-spent"),
            )
        })
    }

    /// The fatigue roll (§3.1, READING `OTT_end_roll`, §1.f item 3): after both players,
    /// from the 18:00 turn on, a d6 of 1–2 ends the game.
    pub(super) fn end_roll(&mut self, dice: &mut dyn Dice) -> bool {
        let l = self.rules.length;
        let hour = l.first_hour + self.turn - 1;
        let due = match self.rules.readings.end_roll {
            EndRoll::EachFullTurn => hour >= l.end_roll_from_hour,
            EndRoll::OnceAt18 => hour == l.end_roll_from_hour,
        };
        if !due {
            return false;
        }
        self.phase = "end".into();
        let purpose = format!(
            "OTT fatigue (§3.1) after the {hour:02}:00 turn: d6 1-{} ends the game",
            l.end_on
        );
        self.roll(dice, "clock", "fatigue", &|t| t.push_str(&purpose)) <= l.end_on
    }
}
