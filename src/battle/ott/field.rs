//! The map-free field during play (§0.4): distances, bands, the village, terrain, the Melee column and the pairing, the dice.

use super::*;

impl Battle<'_> {
    // ------------------------------------------------------------------ the field

    pub(super) fn side_units(&self, side: usize) -> Vec<usize> {
        (0..self.units.len())
            .filter(|&i| self.units[i].side == side)
            .collect()
    }

    /// Hexes between two units: 0 in one melee hex, else the row difference, at least 1.
    pub(super) fn distance(&self, u: usize, v: usize) -> i32 {
        if self.units[u].engaged == Some(v) {
            0
        } else {
            (self.units[u].row - self.units[v].row).abs().max(1)
        }
    }

    /// Distance to the nearest enemy on the table.
    pub(super) fn nearest_enemy(&self, u: usize) -> Option<i32> {
        let side = self.units[u].side;
        (0..self.units.len())
            .filter(|&e| self.units[e].side != side && self.units[e].on_table())
            .map(|e| self.distance(u, e))
            .min()
    }

    /// §0.4 band of a unit.
    pub(super) fn band(&self, u: usize) -> Band {
        match self.nearest_enemy(u) {
            Some(0) => Band::Engaged,
            Some(1) => Band::Front,
            Some(2 | 3) => Band::Near,
            _ => Band::Far,
        }
    }

    pub(super) fn in_contact(&self, u: usize) -> bool {
        matches!(self.band(u), Band::Engaged | Band::Front)
    }

    /// §0.4 `edge_dist`: hexes to the unit's own edge.
    pub(super) fn edge_dist(&self, u: usize) -> i32 {
        let p = &self.units[u];
        if p.side == A {
            p.row + 1
        } else {
            self.geo.b_edge - p.row
        }
    }

    pub(super) fn in_village(&self, u: usize) -> bool {
        Some(self.units[u].row) == self.geo.village
    }

    /// Empty hex slots of the village (§1.e); a melee hex holds two units.
    pub(super) fn free_slots(&self) -> usize {
        let Some(v) = self.geo.village else { return 0 };
        let (mut here, mut engaged) = (0, 0);
        for p in self.units.iter().filter(|p| p.on_table() && p.row == v) {
            here += 1;
            engaged += usize::from(p.engaged.is_some());
        }
        self.geo.slots.saturating_sub(here - engaged / 2)
    }

    /// Whether a unit of `side` may move into `row`: never into a row the enemy holds,
    /// except the village while it has an empty hex (§1.e), and never off the table.
    pub(super) fn enterable(&self, side: usize, row: i32) -> bool {
        if row < 0 || row >= self.geo.b_edge {
            return false;
        }
        if Some(row) == self.geo.village {
            return self.free_slots() > 0;
        }
        !self
            .units
            .iter()
            .any(|p| p.on_table() && p.side != side && p.row == row)
    }

    /// What a unit defends in (Terrain Table keys): the defender in its village or its
    /// outposts (§2), everyone else in the open (§6.2 example: flat, no effect).
    pub(super) fn terrain(&self, u: usize) -> &'static str {
        let p = &self.units[u];
        if p.side == B && !self.rearguard {
            if self.in_village(u) {
                return if self.geo.village_walls {
                    "walls"
                } else {
                    "village"
                };
            }
            if p.outpost && p.row == self.geo.outposts_row {
                return "fortification";
            }
        }
        "clear"
    }

    /// §6.2: the odds column (rounded for the defender), shifted by the difference of
    /// current morale in full and by the defender's terrain, clamped onto the table.
    pub(super) fn melee_column(&self, a: usize, d: usize) -> usize {
        let (pa, pd) = (&self.units[a], &self.units[d]);
        let base = self.rules.melee.base_column(pa.values().cv, pd.values().cv);
        let terrain = self
            .rules
            .terrain
            .melee_shift
            .get(self.terrain(d))
            .copied()
            .unwrap_or(0);
        self.rules
            .melee
            .clamp(base + pa.current_morale() - pd.current_morale() + terrain)
    }

    /// §0.4 pairing: a side's units in a melee face their opponent; every other unit in
    /// contact faces the adjacent enemy with the fewest units already facing it, so the
    /// first ones pair off and the surplus overlap, up to `max_facing` units on one
    /// enemy (the rest cannot reach it). Routed units face nobody (§4.1).
    pub(super) fn pairing(&self, side: usize) -> Vec<Option<usize>> {
        self.paired(side, |p| p.to_vec())
    }

    /// The §0.4 opponent of unit `u` of `side`.
    pub(super) fn opponent(&self, side: usize, u: usize) -> Option<usize> {
        // A unit in no melee faces only an enemy at most one row away: with none there
        // it faces nobody, whatever the rest of the pairing, which need not be made.
        let p = &self.units[u];
        if p.engaged.is_none()
            && !self
                .units
                .iter()
                .any(|e| e.side != side && e.on_table() && (e.row - p.row).abs() <= 1)
        {
            return None;
        }
        self.paired(side, |p| p.get(u).copied().flatten())
    }

    /// Reads the pairing of `side`, made anew only when the field it reads has changed
    /// since the last one (the memo is compared unit by unit, which is linear).
    fn paired<T>(&self, side: usize, read: impl FnOnce(&[Option<usize>]) -> T) -> T {
        let key = |p: &Piece| (p.on_table(), p.routed, p.engaged, p.row);
        let mut memo = self.pairing_memo[side].borrow_mut();
        let same = memo.field.len() == self.units.len()
            && memo
                .field
                .iter()
                .zip(&self.units)
                .all(|(k, p)| *k == key(p));
        if !same {
            memo.field.clear();
            memo.field.extend(self.units.iter().map(key));
            self.make_pairing(side, &mut memo);
        }
        read(&memo.pairing)
    }

    /// Makes the pairing of `side` into `memo.pairing`, in the memo's own room.
    fn make_pairing(&self, side: usize, memo: &mut PairingMemo) {
        let n = self.units.len();
        let PairingMemo {
            pairing: out,
            load,
            acting,
            enemies,
            ..
        } = memo;
        out.clear();
        out.resize(n, None);
        load.clear();
        load.resize(n, 0);
        acting.clear();
        acting.extend((0..n).filter(|&i| {
            let p = &self.units[i];
            p.side == side && p.on_table() && !p.routed
        }));
        for &i in acting.iter() {
            if let Some(e) = self.units[i].engaged {
                out[i] = Some(e);
                load[e] += 1;
            }
        }
        // Each enemy's row and whether it is in a melee, read once: for a unit in no
        // melee, `distance` to an enemy is 1 exactly when their rows are at most 1 apart.
        enemies.clear();
        enemies.extend(
            (0..n)
                .filter(|&e| self.units[e].side != side && self.units[e].on_table())
                .map(|e| (e, self.units[e].row, self.units[e].engaged.is_some())),
        );
        let max_facing = self.rules.field.max_facing;
        for &i in acting.iter().filter(|&&i| self.units[i].engaged.is_none()) {
            let row = self.units[i].row;
            let best = enemies
                .iter()
                .filter(|&&(e, r, _)| (row - r).abs() <= 1 && load[e] < max_facing)
                .min_by_key(|&&(e, _, busy)| (load[e], busy, e))
                .map(|&(e, _, _)| e);
            if let Some(e) = best {
                out[i] = Some(e);
                load[e] += 1;
            }
        }
    }

    // ------------------------------------------------------------------ dice

    pub(super) fn set_phase(&mut self, side: usize, phase: char) {
        self.phase = format!("{}.{phase}", if side == A { "A" } else { "B" });
    }

    /// One logged d6: `ott/<battle>/t<turn>/<phase>/<unit>/<what>`, its purpose written
    /// by `purpose` straight into the dice's log.
    pub(super) fn roll(
        &self,
        dice: &mut dyn Dice,
        unit: &str,
        what: &str,
        purpose: &dyn Fn(&mut String),
    ) -> i32 {
        i32::from(dice.roll_write(
            6,
            &|t| {
                t.push_str("ott/");
                t.push_str(&self.id);
                t.push_str("/t");
                push_number(t, self.turn);
                t.push('/');
                t.push_str(&self.phase);
                t.push('/');
                t.push_str(unit);
                t.push('/');
                t.push_str(what);
            },
            purpose,
        ))
    }

    // ------------------------------------------------------------------ morale (§4)

    /// The best Morale Modifier of a leader stacked with or adjacent to the unit (§4.5).
    pub(super) fn leader_mod(&self, u: usize) -> i32 {
        let p = &self.units[u];
        self.leaders
            .iter()
            .filter(|l| l.side == p.side && l.state == LeaderState::Ok)
            .filter_map(|l| l.with.map(|w| (w, l.morale_mod)))
            .filter(|&(w, _)| {
                let q = &self.units[w];
                q.on_table() && (w == u || (q.row - p.row).abs() <= 1)
            })
            .map(|(_, m)| m)
            .max()
            .unwrap_or(0)
    }
}
