//! Movement (§5, §6): lines and formations, advance and withdrawal, cavalry moves and targets.

use super::*;

impl<'a> Battle<'a> {
    // ---- movement (§5) ----------------------------------------------------------------

    /// §11.3: each activation of its wing, a routed unit drifts three hexes more.
    pub(super) fn drift_routed(&mut self, side: usize, wing: usize) {
        for u in 0..self.units.len() {
            let x = &self.units[u];
            if self.on(u) && x.side == side && x.wing == wing && x.order == Order::Routed {
                self.retreat(u, self.t.modifiers.rout_hexes, false);
            }
        }
    }

    /// §3.1 b: one formation's movement segment under its side's doctrine.
    pub(super) fn move_formation(&mut self, f: usize) {
        let units = self.formation_units(f);
        // The formation's formed units lead (a routed one may have stayed behind when
        // the others shifted sector).
        let formed = units
            .iter()
            .copied()
            .find(|&u| self.units[u].order != Order::Routed);
        let Some(first) = formed.or(units.first().copied()) else {
            return;
        };
        let side = self.units[first].side;
        // §9.2.2: contact and the Formation Commander beside it at the start of movement.
        let fc = self.formations[f].fc;
        let ready: Vec<usize> = units
            .iter()
            .copied()
            .filter(|&u| fc.is_some_and(|c| self.reaches(c, u)) && self.gap(u) == Some(1))
            .collect();
        match self.doctrine[side] {
            Doctrine::Attack => {
                if self.shift_sector(&units) {
                    return;
                }
                if self.enemy_row(first).is_none() {
                    self.march_to_line(&units);
                } else {
                    self.advance_line(f);
                }
            }
            Doctrine::Hold => self.return_to_line(f),
            Doctrine::Delay => {
                for &u in &units {
                    self.withdraw(u);
                }
                self.place_fc(f);
                return;
            }
        }
        for u in self.formation_units(f) {
            if self.units[u].arm == Arm::Cavalry {
                self.cavalry_move(u);
            }
        }
        self.declare_infantry_melees(&ready);
        // §4.0: the Formation Commander moves at the end of his formation's movement.
        self.place_fc(f);
    }

    /// Units that may move forward: in command, formed, without Feu (§5.9, §9.1.2,
    /// §11.1b).
    pub(super) fn can_advance(&self, u: usize) -> bool {
        let x = &self.units[u];
        self.on(u) && self.in_command(u) && x.order == Order::Good && !x.feu
    }

    /// §5.5, §5.6: the formation's infantry moves as one Line to the row of its
    /// slowest unit, never past the row next to the enemy; a formation with a single
    /// formed infantry unit cannot form a Line and stops outside the enemy EZ (§5.3).
    pub(super) fn advance_line(&mut self, f: usize) {
        let movers: Vec<usize> = self
            .formation_units(f)
            .into_iter()
            .filter(|&u| self.units[u].arm == Arm::Foot && self.can_advance(u))
            .collect();
        let Some(&first) = movers.first() else { return };
        let (side, sector) = (self.units[first].side, self.units[first].sector);
        let d = dir(side);
        let Some(enemy) = self.enemy_row(first) else {
            return;
        };
        let mut goal = movers
            .iter()
            .map(|&u| (self.units[u].pos + d * self.units[u].mp) * d)
            .min()
            .unwrap_or(0)
            * d;
        goal = if side == 0 {
            goal.min(enemy - d)
        } else {
            goal.max(enemy - d)
        };
        if movers.len() < 2
            && let Some(ez) = self.ez_row(side, sector)
        {
            let outside = ez - d * 4;
            goal = if side == 0 {
                goal.min(outside)
            } else {
                goal.max(outside)
            };
        }
        for u in movers {
            self.move_forward(u, goal);
        }
    }

    /// §5.2: the nearest row of formed enemy infantry (its EZ reaches three hexes).
    pub(super) fn ez_row(&self, side: usize, sector: usize) -> Option<i64> {
        let rows = self
            .in_sector(1 - side, sector)
            .filter(|&e| {
                self.units[e].arm == Arm::Foot
                    && self.units[e].order == Order::Good
                    && self.terrain(e) != "city"
            })
            .map(|e| self.units[e].pos);
        if side == 0 { rows.min() } else { rows.max() }
    }

    /// Moves a unit forward to `goal`. Side A's infantry crossing the approach into
    /// the row in front of the defender's line inside an enemy EZ takes the
    /// misalignment TDR and stops short if it fails (§5.7, a rule of Lines); infantry
    /// that comes next to enemy cavalry makes it refuse (§5.10).
    pub(super) fn move_forward(&mut self, u: usize, goal: i64) {
        let x = &self.units[u];
        let d = dir(x.side);
        if (goal - x.pos) * d <= 0 {
            return;
        }
        let s = &self.sectors[x.sector];
        let front = s.line - 1;
        let in_ez = self
            .ez_row(x.side, x.sector)
            .is_some_and(|ez| (ez - front).abs() <= 3);
        let crossing = x.side == 0 && x.pos < front && goal >= front;
        if crossing && x.arm == Arm::Foot && in_ez && s.approach != "clear" {
            let (approach, approach_tec) = (s.approach.clone(), s.approach_tec);
            let mut mods = self.std_mods(u);
            self.note(Table::Tec);
            let terrain = approach_tec.tdr;
            if terrain != 0 {
                mods.push((terrain, "terrain"));
            }
            if !self.tdr(
                u,
                "misalignment",
                &format!("misalignment ({approach})"),
                &mods,
                false,
            ) {
                self.units[u].pos = front - 1;
                return;
            }
        }
        self.units[u].pos = goal;
        self.cavalry_refusal(u);
    }

    /// §5.10: cavalry never stays next to infantry that has moved up to it: it
    /// retreats one hex at once, without reaction fire, its commanders with it.
    pub(super) fn cavalry_refusal(&mut self, u: usize) {
        if self.units[u].arm != Arm::Foot {
            return;
        }
        // Only the cavalry is listed (a retreat changes no other unit's arm or order):
        // most rows face none, and an empty list costs no allocation.
        let x = &self.units[u];
        let row = x.pos + dir(x.side);
        let cavalry: Vec<usize> = self
            .in_sector(1 - x.side, x.sector)
            .filter(|&e| {
                let y = &self.units[e];
                y.pos == row && y.arm == Arm::Cavalry && y.order != Order::Routed
            })
            .collect();
        for c in cavalry {
            self.retreat(c, 1, false);
        }
    }

    /// Moves a unit up to its MP toward `goal`, never onto the enemy's row.
    pub(super) fn step_toward(&mut self, u: usize, goal: i64) {
        let x = &self.units[u];
        let step = (goal - x.pos).signum() * (goal - x.pos).abs().min(x.mp);
        let mut new = x.pos + step;
        if let Some(e) = self.enemy_row(u) {
            new = if x.side == 0 {
                new.min(e - 1)
            } else {
                new.max(e + 1)
            };
        }
        if (new - x.pos) * dir(x.side) > 0 {
            self.move_forward(u, new);
        } else {
            self.units[u].pos = new;
        }
    }

    /// No enemy left in the sector: march onto the defender's line to take it.
    pub(super) fn march_to_line(&mut self, units: &[usize]) {
        for &u in units {
            if self.can_advance(u)
                || (self.units[u].arm == Arm::Cavalry
                    && self.units[u].order != Order::Routed
                    && self.on(u))
            {
                let line = self.sectors[self.units[u].sector].line;
                self.step_toward(u, line);
            }
        }
    }

    /// §0.4 sector collapse: with no enemy left in its sector and its objectives held,
    /// a group shifts to the nearest sector still fought over, two hexes short of the
    /// enemy there, to come in as overlaps. Returns whether it shifted.
    pub(super) fn shift_sector(&mut self, units: &[usize]) -> bool {
        let live: Vec<usize> = units
            .iter()
            .copied()
            .filter(|&u| self.on(u) && self.units[u].order != Order::Routed)
            .collect();
        let Some(&first) = live.first() else {
            return false;
        };
        let (side, from) = (self.units[first].side, self.units[first].sector);
        let held = self
            .objectives
            .iter()
            .filter(|o| o.sector == from)
            .all(|o| o.holder == side);
        if self.in_sector(1 - side, from).next().is_some() || !held {
            return false;
        }
        let n = self.sectors.len();
        let Some(to) = (1..n)
            .flat_map(|k| [from + k, from.wrapping_sub(k)])
            .find(|&s| s < n && self.in_sector(1 - side, s).next().is_some())
        else {
            return false;
        };
        let rows = self.in_sector(1 - side, to).map(|e| self.units[e].pos);
        let Some(enemy) = (if side == 0 { rows.min() } else { rows.max() }) else {
            return false;
        };
        let limit = enemy - 2 * dir(side);
        if !(0..=self.depth).contains(&limit) {
            return false;
        }
        for u in live {
            let x = &mut self.units[u];
            x.sector = to;
            x.pos = if side == 0 {
                x.pos.min(limit)
            } else {
                x.pos.max(limit)
            };
        }
        self.list_by_sector();
        true
    }

    /// Hold: formed units pushed behind their line walk back to it (Realignment, §5.8).
    pub(super) fn return_to_line(&mut self, f: usize) {
        for u in self.formation_units(f) {
            let x = &self.units[u];
            if x.arm == Arm::Foot && self.can_advance(u) && (x.home - x.pos) * dir(x.side) > 0 {
                self.step_toward(u, x.home);
            }
        }
    }

    /// Delay (G3c.9): a unit draws reaction fire if it leaves an eZOC (§7.2), then
    /// moves its MP toward its own edge; past the edge in order it has escaped.
    pub(super) fn withdraw(&mut self, u: usize) {
        let x = &self.units[u];
        let stuck = x.arm == Arm::Foot && x.order == Order::Disordered;
        if !self.on(u) || x.order == Order::Routed || x.feu || stuck {
            return;
        }
        if self.in_ezoc(u) {
            self.reaction_fire(u);
            if !self.on(u) || self.units[u].order == Order::Routed {
                return;
            }
        }
        let x = &self.units[u];
        let new = x.pos - dir(x.side) * x.mp;
        if new < 0 || new > self.depth {
            self.units[u].gone = Some(Gone::Escaped);
        } else {
            self.units[u].pos = new;
        }
    }

    // ---- cavalry (§10) ----------------------------------------------------------------

    /// Policy: charge, ride down or melee a target within reach; else screen two hexes
    /// short of the enemy (attack) or walk back to the line (hold).
    pub(super) fn cavalry_move(&mut self, c: usize) {
        let x = &self.units[c];
        if !self.on(c) || x.order == Order::Routed || x.feu || !self.in_command(c) {
            return;
        }
        if x.order == Order::Good
            && let Some((t, charge)) = self.cavalry_target(c)
        {
            self.cavalry_close(c, t, charge);
            return;
        }
        let x = &self.units[c];
        match self.doctrine[x.side] {
            Doctrine::Attack => {
                if let Some(e) = self.enemy_row(c) {
                    let goal = e - 2 * dir(x.side);
                    if (goal - x.pos) * dir(x.side) > 0 {
                        self.step_toward(c, goal);
                    }
                }
            }
            Doctrine::Hold if (x.home - x.pos) * dir(x.side) > 0 => self.step_toward(c, x.home),
            _ => {}
        }
    }

    /// §10.3 charge ground: both hexes clear, no stream between.
    pub(super) fn charge_ground(&self, c: usize, row: i64) -> bool {
        let x = &self.units[c];
        let from = row - dir(x.side);
        self.row_terrain(x.sector, from) == "clear"
            && self.row_terrain(x.sector, row) == "clear"
            && !self.stream_between(x.sector, from, row)
    }

    /// §10.2: cavalry melees only into clear or ditch hexes.
    pub(super) fn rideable(&self, e: usize) -> bool {
        matches!(self.terrain(e), "clear" | "ditch")
    }

    pub(super) fn cavalry_target(&self, c: usize) -> Option<(usize, bool)> {
        let x = &self.units[c];
        let gap = self.gap(c)?;
        if gap - 1 > x.mp {
            return None;
        }
        let row = self.enemy_row(c)?;
        let foes: Vec<usize> = self
            .in_sector(1 - x.side, x.sector)
            .filter(|&e| self.units[e].pos == row && !self.meleed.contains(&e))
            .collect();
        let infantry_zoc = foes
            .iter()
            .any(|&e| self.units[e].arm == Arm::Foot && self.exerts_zoc(e));
        if x.dragoon && infantry_zoc && gap > 1 {
            return None;
        }
        let y = |e: usize| &self.units[e];
        let formed = |e: usize| y(e).order != Order::Routed;
        let charge = !x.dragoon && gap >= 2 && self.charge_ground(c, row);
        let ratio = self.t.map_free.cavalry_odds_vs_infantry;
        foes.iter()
            .copied()
            .find(|&e| charge && y(e).arm == Arm::Cavalry && formed(e))
            .map(|e| (e, true))
            .or_else(|| {
                let lone_gun = |e: usize| y(e).arm == Arm::Artillery && self.host_of(e).is_none();
                let weak_foot = |e: usize| {
                    y(e).arm == Arm::Foot
                        && (y(e).order != Order::Good
                            || !self.in_command(e)
                            || x.sp() >= ratio * y(e).sp())
                };
                let horse = |e: usize| y(e).arm == Arm::Cavalry && formed(e) && x.sp() >= y(e).sp();
                foes.iter()
                    .copied()
                    .filter(|&e| self.rideable(e))
                    .find(|&e| lone_gun(e) || weak_foot(e) || horse(e))
                    .map(|e| (e, false))
            })
    }

    /// Moves next to the target and declares (§9.2.1). Entering an infantry eZOC takes
    /// a TDR at +2; failing, it stays short, Disordered (§7.1b). A target that does not
    /// stand retreats at once, without fire (§10.2, §11.1c).
    pub(super) fn cavalry_close(&mut self, c: usize, t: usize, charge: bool) {
        let d = dir(self.units[c].side);
        let dest = self.units[t].pos - d;
        if self.units[c].pos != dest {
            let zoc = self.facing_row_zoc(c, self.units[t].pos);
            if zoc {
                let mut mods = self.std_mods(c);
                mods.push((
                    self.t.modifiers.tdr_cavalry_into_ezoc,
                    "entering an infantry eZOC",
                ));
                if !self.tdr(
                    c,
                    "cavalry-ezoc",
                    "cavalry entering an infantry eZOC",
                    &mods,
                    false,
                ) {
                    self.units[c].pos = dest - d;
                    self.units[c].order = Order::Disordered;
                    return;
                }
            }
            self.units[c].pos = dest;
        }
        self.meleed.insert(t);
        if self.does_not_stand(t) {
            self.cavalry_scatters(c, t);
            return;
        }
        self.units[c].declared = Some((t, charge));
    }

    /// §10.2, §11.1c: a Disordered or routed unit of any type, or infantry out of
    /// command, does not meet cavalry: it retreats.
    pub(super) fn does_not_stand(&self, t: usize) -> bool {
        let y = &self.units[t];
        y.arm != Arm::Artillery
            && (y.order != Order::Good || (y.arm == Arm::Foot && !self.in_command(t)))
    }

    /// Whether formed enemy infantry on `row` exerts a ZOC.
    pub(super) fn facing_row_zoc(&self, c: usize, row: i64) -> bool {
        let x = &self.units[c];
        self.in_sector(1 - x.side, x.sector).any(|e| {
            self.units[e].pos == row && self.units[e].arm == Arm::Foot && self.exerts_zoc(e)
        })
    }

    /// §10.2, §11.1c, READING `PIA_charged_routed_retreat`: a unit that does not stand
    /// retreats two hexes (routed: three); a battery with it is lost.
    pub(super) fn cavalry_scatters(&mut self, c: usize, t: usize) {
        let hexes = if self.units[t].order == Order::Routed {
            self.r.routed_charged_hexes
        } else {
            self.t.modifiers.cavalry_push_hexes
        };
        if let Some(g) = self.battery_with(t) {
            self.eliminate(g, false);
        }
        self.retreat(t, hexes, true);
        self.after_cavalry_attack(c);
    }

    /// §10.1: attacking cavalry becomes Disordered; READING `PIA_cavalry_post_attack`:
    /// already Disordered, it is a second Disorder. Returns the rout's retreat owed.
    pub(super) fn disorder_after_attack(&mut self, c: usize) -> Option<i64> {
        if !self.on(c) {
            return None;
        }
        let order = self.units[c].order;
        match order {
            Order::Good => {
                self.units[c].order = Order::Disordered;
                None
            }
            Order::Disordered
                if self.r.cavalry_second_disorder && !self.second_disorder_holds(c) =>
            {
                self.units[c].order = Order::Routed;
                Some(self.t.modifiers.rout_hexes)
            }
            _ => None,
        }
    }

    pub(super) fn after_cavalry_attack(&mut self, c: usize) {
        if let Some(n) = self.disorder_after_attack(c) {
            self.retreat(c, n, true);
        }
    }
}
