//! Melee (§9.2, §10): infantry melees, storming batteries, cavalry charges and melees, reorganisation (§11).

use super::*;

impl<'a> Battle<'a> {
    // ---- melee (§9.2, §10) ------------------------------------------------------------

    /// Policy: each formed, in-command infantry unit that started next to the enemy
    /// with its Formation Commander beside it (§9.2.2) melees its pair when the pair
    /// may be meleed (cover, the city, or a lone battery, §9.2.3) and is no stronger.
    pub(super) fn declare_infantry_melees(&mut self, ready: &[usize]) {
        for &u in ready {
            if self.units[u].arm != Arm::Foot || !self.can_advance(u) {
                continue;
            }
            let Some((t, _)) = self.target_of(u) else {
                continue;
            };
            let y = &self.units[t];
            let lone_gun = y.arm == Arm::Artillery && self.host_of(t).is_none();
            let covered = matches!(self.terrain(t), "cover1" | "cover2" | "city");
            let legal = lone_gun || (y.arm == Arm::Foot && covered);
            if legal && !self.meleed.contains(&t) && (lone_gun || self.units[u].sp() >= y.sp()) {
                self.meleed.insert(t);
                self.units[u].declared = Some((t, false));
            }
        }
    }

    /// §3.1 d: the formation fires, then resolves the melees and charges it declared.
    pub(super) fn combat_formation(&mut self, f: usize) {
        self.fire_combat(f);
        for u in self.formation_units(f) {
            if let Some((t, charge)) = self.units[u].declared.take() {
                self.resolve_declared(u, t, charge);
            }
        }
    }

    pub(super) fn resolve_declared(&mut self, u: usize, t: usize, charge: bool) {
        if !self.adjacent(u, t) || self.units[u].order != Order::Good || self.units[u].feu {
            return;
        }
        match (self.units[u].arm, charge) {
            (Arm::Cavalry, _) if self.does_not_stand(t) => self.cavalry_scatters(u, t),
            (Arm::Cavalry, true) if self.units[t].arm == Arm::Cavalry => self.charge(u, t),
            (Arm::Cavalry, _) => self.cavalry_melee(u, t),
            (Arm::Foot, false) => self.infantry_melee(u, t),
            _ => {}
        }
    }

    /// §9.2.4: the ratio rounded down to a column, shifted right, capped.
    pub(super) fn melee_column(&self, a_sp: i64, d_sp: i64, shifts: usize) -> usize {
        let cols = &self.t.melee;
        let base = cols
            .iter()
            .rposition(|c| a_sp * c.odds.1 >= c.odds.0 * d_sp.max(1))
            .unwrap_or(0);
        (base + shifts).min(cols.len() - 1)
    }

    /// One roll on the Melee Table (PROVISIONAL): (attacker's, defender's) result.
    pub(super) fn melee_roll(
        &mut self,
        a: usize,
        d: usize,
        shifts: usize,
        drm: i64,
        what: &str,
    ) -> (Blow, Blow) {
        let col = self.melee_column(self.units[a].sp(), self.units[d].sp(), shifts);
        self.note(Table::Melee);
        let (x, y) = self.t.melee[col].odds;
        let (asp, dsp) = (self.units[a].sp(), self.units[d].sp());
        let (dice, units) = self.roller();
        let (aid, did) = (units[a].id.as_str(), units[d].id.as_str());
        let roll = dice.d10(
            &|s| {
                for c in what.chars() {
                    s.push(if c == ' ' { '-' } else { c });
                }
                s.put("/").put(aid).put(">").put(did);
            },
            &|s| {
                s.put("PIA ")
                    .put(what)
                    .put(" ")
                    .put(aid)
                    .put("->")
                    .put(did)
                    .put(": ");
                s.int(asp).put(":").int(dsp).put(" SP, column ");
                s.int(x)
                    .put(":")
                    .int(y)
                    .put(", DRM ")
                    .signed(drm)
                    .put(" (§9.2.4)");
            },
        );
        lookup(
            &self.t.melee[col].bands,
            roll + drm,
            (Blow::None, Blow::None),
        )
    }

    /// §9.2.7: the loss and Disorder of a Melee result; returns the retreat it owes
    /// (one hex, three for a rout). Light infantry ignores the Disorder (§9.2.6b).
    pub(super) fn melee_effect(&mut self, u: usize, blow: Blow, enemy_enters: bool) -> Option<i64> {
        if !self.on(u) {
            return None;
        }
        match blow {
            Blow::None => None,
            Blow::Eliminated => {
                self.eliminate(u, enemy_enters);
                None
            }
            Blow::Step => {
                self.lose_steps(u, 1, enemy_enters);
                if self.on(u) {
                    self.melee_disorder(u)
                } else {
                    None
                }
            }
            Blow::Retreat => self.melee_disorder(u),
        }
    }

    pub(super) fn melee_disorder(&mut self, u: usize) -> Option<i64> {
        let x = &self.units[u];
        let rout = self.t.modifiers.rout_hexes;
        match x.order {
            Order::Routed => Some(rout),
            _ if x.light && x.arm == Arm::Foot => Some(1),
            Order::Disordered => {
                if self.second_disorder_holds(u) {
                    self.r.second_disorder_retreat.then_some(1)
                } else {
                    self.units[u].order = Order::Routed;
                    Some(rout)
                }
            }
            Order::Good => {
                self.units[u].order = Order::Disordered;
                Some(1)
            }
        }
    }

    /// §9.2.8: the retreats a melee owes; a battery stacked with a unit that retreats
    /// or dies is lost (§9.2.1).
    pub(super) fn settle_melee(
        &mut self,
        owed: &[(usize, Option<i64>)],
        guns: &[(usize, usize, i64)],
    ) {
        for &(u, n) in owed {
            if let Some(n) = n {
                self.retreat(u, n, true);
            }
        }
        for &(g, host, pos) in guns {
            if !self.on(host) || self.units[host].pos != pos {
                self.eliminate(g, false);
            }
        }
    }

    /// §9.2.3: the defender fires one volley, then the Melee Table; a winning attacker
    /// that has not moved enters the hex (§9.2.9; map-free, only a row left empty).
    pub(super) fn infantry_melee(&mut self, a: usize, d: usize) {
        let start = self.units[a].pos;
        if self.units[d].arm == Arm::Artillery {
            self.storm_battery(a, d);
            return;
        }
        if self.can_fire(d, false) {
            let was_disordered = self.units[d].order == Order::Disordered;
            let hit = self.shot(d, a, FireCtx::default());
            self.apply_hits(a, &[hit]);
            if was_disordered {
                self.units[d].feu = true;
            }
        }
        if !self.on(a) || self.units[a].pos != start || self.units[a].order == Order::Routed {
            return;
        }
        let mut drm = self.unit_tec(d).melee;
        if self.terrain(d) == "cover2" {
            drm += self.t.modifiers.melee_vs_cover2;
        }
        let (ra, rd) = self.melee_roll(a, d, 0, drm, "melee");
        let enters = rd != Blow::None && ra == Blow::None;
        let d_pos = self.units[d].pos;
        let guns: Vec<(usize, usize, i64)> = self
            .battery_with(d)
            .map(|g| (g, d, d_pos))
            .into_iter()
            .collect();
        let oa = self.melee_effect(a, ra, false);
        let od = self.melee_effect(d, rd, enters);
        self.settle_melee(&[(a, oa), (d, od)], &guns);
        if enters {
            self.advance(a, d_pos);
        }
    }

    /// §9.2.3: a lone battery fires once if it can; if the attacker is still there,
    /// the battery is lost and the attacker enters.
    pub(super) fn storm_battery(&mut self, a: usize, g: usize) {
        let start = self.units[a].pos;
        if !self.units[g].fired {
            self.units[g].fired = true;
            let hit = self.bombard_shot(g, a, 1);
            self.apply_hits(a, &[hit]);
        }
        if self.on(a) && self.units[a].pos == start && self.units[a].order != Order::Routed {
            let row = self.units[g].pos;
            self.eliminate(g, true);
            self.advance(a, row);
        }
    }

    /// §9.2.9: the winner enters the hex; map-free only if no enemy is left on that row.
    pub(super) fn advance(&mut self, a: usize, row: i64) {
        let x = &self.units[a];
        let crowded = self
            .in_sector(1 - x.side, x.sector)
            .any(|e| self.units[e].pos == row);
        if self.on(a) && x.order != Order::Routed && !crowded {
            self.units[a].pos = row;
        }
    }

    /// §10.4: another cavalry unit of the formation in contact while the attacker's
    /// row overlaps the enemy's.
    pub(super) fn flank_shift(&self, c: usize) -> usize {
        let x = &self.units[c];
        let shift = self.with_contact(x.sector, |rows| {
            let Some(rows) = rows else {
                return false;
            };
            let overlap = rows[x.side].len() > rows[1 - x.side].len();
            let mate = rows[x.side].iter().any(|&u| {
                u != c
                    && self.units[u].arm == Arm::Cavalry
                    && self.units[u].formation == x.formation
            });
            overlap && mate
        });
        if shift {
            self.t.modifiers.flank_shift
        } else {
            0
        }
    }

    /// §10.2: a lone battery is ridden down; formed infantry takes a TDR: passed, it
    /// fires one volley and any result but NE or D stops the cavalry; failed, the
    /// cavalry gains a column. Then the melee; cavalry never advances (§10.1).
    pub(super) fn cavalry_melee(&mut self, c: usize, d: usize) {
        let y = &self.units[d];
        if y.arm == Arm::Artillery {
            self.eliminate(d, false);
            self.after_cavalry_attack(c);
            return;
        }
        if self.does_not_stand(d) {
            self.cavalry_scatters(c, d);
            return;
        }
        let mut shifts = self.flank_shift(c);
        if y.arm == Arm::Foot {
            let mods = self.std_mods(d);
            if self.tdr(d, "stand", "standing against cavalry", &mods, false) {
                let hit = self.shot(d, c, FireCtx::default());
                self.apply_hits(c, &[hit]);
                if !matches!(hit, Hit::NoEffect | Hit::Disorder(0)) || !self.on(c) {
                    self.after_cavalry_attack(c);
                    return;
                }
            } else {
                shifts += self.t.modifiers.cavalry_failed_tdr_shift;
            }
        }
        let drm = self.unit_tec(d).melee;
        let d_pos = self.units[d].pos;
        let guns: Vec<(usize, usize, i64)> = self
            .battery_with(d)
            .map(|g| (g, d, d_pos))
            .into_iter()
            .collect();
        let (rc, rd) = self.melee_roll(c, d, shifts, drm, "cavalry melee");
        let oc = self.melee_effect(c, rc, false);
        let od = self.melee_effect(d, rd, false);
        self.settle_melee(&[(c, oc), (d, od)], &guns);
        self.after_cavalry_attack(c);
    }

    /// §10.3, §10.3.1: the charge (+1 column), then the charged cavalry, if still in
    /// its hex, countercharges (+1); losses at once, retreats after both, once each.
    pub(super) fn charge(&mut self, c: usize, e: usize) {
        let m = &self.t.modifiers;
        let (charge_shift, shift_c) = (m.charge_shift, self.flank_shift(c));
        let drm = self.unit_tec(e).melee;
        let (rc, re) = self.melee_roll(c, e, charge_shift + shift_c, drm, "charge");
        let mut owed: BTreeMap<usize, i64> = BTreeMap::new();
        let mut owe = |u: usize, n: Option<i64>| {
            if let Some(n) = n {
                let v = owed.entry(u).or_insert(0);
                *v = (*v).max(n);
            }
        };
        owe(c, self.melee_effect(c, rc, false));
        owe(e, self.melee_effect(e, re, false));
        owe(c, self.disorder_after_attack(c));
        if self.on(e) && self.units[e].order != Order::Routed && self.on(c) {
            let shift_e = self.flank_shift(e);
            let drm = self.unit_tec(c).melee;
            let (re2, rc2) = self.melee_roll(e, c, charge_shift + shift_e, drm, "countercharge");
            owe(e, self.melee_effect(e, re2, false));
            owe(c, self.melee_effect(c, rc2, false));
            owe(e, self.disorder_after_attack(e));
        }
        for (u, n) in owed {
            self.retreat(u, n, true);
        }
    }

    // ---- reorganization (§11.4) -------------------------------------------------------

    /// §11.4: a TDR with +2 out of command, +2 in an eZOC (instead of +1), +2 routed;
    /// passed, the unit recovers one level.
    pub(super) fn reorganize(&mut self, u: usize) {
        let x = &self.units[u];
        if !self.on(u) || x.arm == Arm::Artillery || x.order == Order::Good {
            return;
        }
        let m = &self.t.modifiers;
        let mut mods = self.std_mods(u).without("eZOC");
        if !self.in_command(u) {
            mods.push((m.reorg_out_of_command, "out of command"));
        }
        if self.in_ezoc(u) {
            mods.push((m.reorg_ezoc, "eZOC"));
        }
        if x.order == Order::Routed {
            mods.push((m.reorg_routed, "routed"));
        }
        if self.tdr(u, "reorganization", "reorganization", &mods, true) {
            let x = &mut self.units[u];
            x.order = if x.order == Order::Routed {
                Order::Disordered
            } else {
                Order::Good
            };
        }
    }
}
