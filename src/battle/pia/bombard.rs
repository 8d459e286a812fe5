//! Artillery (§8): bombardment, ricochet, cannon failure and batteries on the move.

use super::*;

impl<'a> Battle<'a> {
    // ---- bombardment (§8) -------------------------------------------------------------

    pub(super) fn bombard_column(&self, sp: i64, t: usize) -> usize {
        bombard_column_of(&self.t.bombard, sp, self.depth_shift(t))
    }

    /// §8.1, §8.2: range (PROVISIONAL), terrain, Smoke; −4 at most.
    pub(super) fn bombard_drm(&self, a: usize, t: usize, range: i64) -> i64 {
        self.note(Table::Bombardment);
        let range_drm = self
            .t
            .bombard_range
            .get(range as usize - 1)
            .copied()
            .unwrap_or(0);
        let terrain = self.unit_tec(t).fire;
        (range_drm + terrain + self.fire_smoke(a, t)).max(self.t.modifiers.floor)
    }

    /// One roll on the Bombardment Table (PROVISIONAL); at range 1 RR is a rout (§8.5.2).
    pub(super) fn bombard_roll(
        &mut self,
        a: usize,
        t: usize,
        range: i64,
        col: usize,
        what: &str,
    ) -> Hit {
        let drm = self.bombard_drm(a, t, range);
        let (dice, units) = self.roller();
        let (aid, tid) = (units[a].id.as_str(), units[t].id.as_str());
        let roll = dice.d10(
            &|s| {
                s.put(what).put("/").put(aid).put(">").put(tid);
            },
            &|s| {
                s.put("PIA ").put(what).put(" ").put(aid).put("->").put(tid);
                s.put(": column ")
                    .int(col as i64 + 1)
                    .put(", range ")
                    .int(range);
                s.put(", DRM ").signed(drm).put(" (§8.1)");
            },
        );
        let hit = lookup(&self.t.bombard[col].1, roll + drm, Hit::NoEffect);
        if range == 1 && hit == Hit::RoutRicochet {
            Hit::Rout
        } else {
            hit
        }
    }

    pub(super) fn bombard_shot(&mut self, a: usize, t: usize, range: i64) -> Hit {
        let col = self.bombard_column(self.units[a].sp(), t);
        self.bombard_roll(a, t, range, col, "bombardment")
    }

    /// §8.5.2: RR routs the target; the owner picks a unit in its hex or right behind
    /// it, which takes a roll on the 1–2 SP column; its own RR counts as a rout only.
    pub(super) fn bombard(&mut self, a: usize, t: usize, range: i64) {
        let hit = self.bombard_shot(a, t, range);
        if hit != Hit::RoutRicochet {
            self.apply_hits(t, &[hit]);
            return;
        }
        let next = self.ricochet_target(t);
        self.apply_hits(t, &[Hit::Rout]);
        if let Some(t2) = next {
            let h = self.bombard_roll(a, t2, range, 0, "ricochet");
            self.apply_hits(t2, &[if h == Hit::RoutRicochet { Hit::Rout } else { h }]);
        }
    }

    pub(super) fn ricochet_target(&self, t: usize) -> Option<usize> {
        if let Some(g) = self.battery_with(t) {
            return Some(g);
        }
        let x = &self.units[t];
        let behind = x.pos - dir(x.side);
        self.in_sector(x.side, x.sector)
            .find(|&i| self.units[i].pos == behind && self.units[i].order != Order::Routed)
    }

    /// §8.1.1: no unit and no woods or cover between two rows.
    pub(super) fn clear_los(&self, sector: usize, from: i64, to: i64) -> bool {
        let (lo, hi) = (from.min(to), from.max(to));
        (lo + 1..hi).all(|row| {
            let empty = (0..2).all(|s| self.in_sector(s, sector).all(|i| self.units[i].pos != row));
            empty && !self.row_tec(sector, row).los
        })
    }

    /// Policy: the nearest enemy within three hexes, seen from `pos`.
    pub(super) fn bombard_target_from(&self, a: usize, pos: i64) -> Option<(usize, i64)> {
        let x = &self.units[a];
        let mut best: Option<(usize, i64)> = None;
        for e in self.in_sector(1 - x.side, x.sector) {
            let y = &self.units[e];
            if y.order == Order::Routed || (y.arm == Arm::Artillery && self.host_of(e).is_some()) {
                continue;
            }
            let range = (y.pos - pos).abs();
            if !(1..=3).contains(&range) || (range >= 2 && !self.clear_los(x.sector, pos, y.pos)) {
                continue;
            }
            if best.is_none_or(|b| range < b.1) {
                best = Some((e, range));
            }
        }
        best
    }

    /// §8.3, §8.4: a volley, Smoke on the battery, a second volley (policy: at a target
    /// within two hexes) and its cannon-failure roll; then the FIRED side.
    pub(super) fn bombard_turn(&mut self, a: usize) {
        let x = &self.units[a];
        if !self.on(a) || x.broken || x.fired || !self.in_command(a) {
            return;
        }
        let Some((t, range)) = self.bombard_target_from(a, x.pos) else {
            return;
        };
        self.bombard(a, t, range);
        self.units[a].smoke = true;
        if self.on(a)
            && let Some((t2, r2)) = self.bombard_target_from(a, self.units[a].pos)
            && r2 <= 2
        {
            self.bombard(a, t2, r2);
            self.cannon_failure(a);
        }
        self.units[a].fired = true;
    }

    /// §8.4: after a second volley, d10 0–1 leaves the battery Fired for the day.
    pub(super) fn cannon_failure(&mut self, a: usize) {
        let max = self.t.modifiers.cannon_failure_max;
        let unit = self.id(a);
        let roll = self.d10_fmt(
            format_args!("cannon/{unit}"),
            format_args!(
                "PIA cannon failure {unit}: d10 0-{max} leaves it Fired for the rest of the day (§8.4)"
            ),
        );
        if roll <= max {
            self.units[a].broken = true;
        }
    }

    /// Policy: a battery without a target moves to the first row within its MP that
    /// gives it one (next to the enemy only with infantry to stack with, §7.1i), else
    /// toward two hexes from the enemy; moving turns it FIRED (§5.1).
    pub(super) fn move_battery(&mut self, a: usize) {
        let x = &self.units[a];
        if !self.on(a) {
            return;
        }
        match self.doctrine[x.side] {
            // A battery that may not fire may still move away (§5.9, §8.4).
            Doctrine::Delay => self.withdraw(a),
            Doctrine::Hold => {}
            Doctrine::Attack if x.broken || x.fired || !self.in_command(a) => {}
            Doctrine::Attack => {
                let pos = x.pos;
                if self.shift_sector(&[a]) || self.bombard_target_from(a, pos).is_some() {
                    return;
                }
                if let Some(row) = self.battery_row(a) {
                    self.units[a].pos = row;
                    self.units[a].fired = true;
                }
            }
        }
    }

    pub(super) fn battery_row(&self, a: usize) -> Option<i64> {
        let x = &self.units[a];
        let (d, gap) = (dir(x.side), self.gap(a)?);
        let steps = x.mp.min(gap - 1);
        for k in 1..=steps {
            let row = x.pos + d * k;
            if gap - k == 1
                && self.stacks(x.side, x.sector, row).len() >= self.free_foot(x.side, x.sector, row)
            {
                break;
            }
            if self.bombard_target_from(a, row).is_some() {
                return Some(row);
            }
        }
        let k = steps.min(gap - 2);
        (k > 0).then_some(x.pos + d * k)
    }

    pub(super) fn free_foot(&self, side: usize, sector: usize, row: i64) -> usize {
        self.in_sector(side, sector)
            .filter(|&i| {
                self.units[i].pos == row
                    && self.units[i].arm == Arm::Foot
                    && self.units[i].order != Order::Routed
            })
            .count()
    }
}
