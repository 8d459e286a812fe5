//! Fire (§6.1) and Melee (§6.2) and their results.

use super::*;

impl Battle<'_> {
    // ------------------------------------------------------------------ combat (§6)

    /// Fire (§6.1) at an adjacent unit, possibly engaged with a friendly one. A hit is
    /// d6 + DRM ≥ the column's number: 1 Stress, and on a `second_die` column a second
    /// roll for 1 more (READING `OTT_second_die`). A miss into a melee hex puts 1 Stress
    /// on the friendly engaged unit.
    pub(super) fn fire(&mut self, f: usize, t: usize, dice: &mut dyn Dice) {
        if !self.surrender_check(t, dice) {
            return;
        }
        self.provisional.read("fire", self.rules.provisional[FIRE]);
        let fv = self.units[f].values().fv.min(MAX_FV as i32);
        let Some(col) = self.rules.fire.column.iter().find(|c| c.fv == fv).copied() else {
            return; // Fire Value 0 does not fire; 1..=3 are checked at load.
        };
        let drm = self
            .rules
            .fire
            .drm
            .get(self.terrain(t))
            .copied()
            .unwrap_or(0);
        // `OTT fire A-U1->B-U2 FV2: d6 need 5`, with its DRM (`d6+1`) when it has one, and
        // ` second die` before the colon for the second roll.
        let need = col.need;
        let fire = move |fid: &str, tid: &str, second: bool, drm: i32, t: &mut String| {
            t.push_str("OTT fire ");
            t.push_str(fid);
            t.push_str("->");
            t.push_str(tid);
            t.push_str(" FV");
            push_int(t, i64::from(fv));
            if second {
                t.push_str(" second die");
            }
            t.push_str(": d6");
            if drm != 0 {
                push_signed(t, i64::from(drm));
            }
            t.push_str(" need ");
            push_int(t, i64::from(need));
        };
        let (fid, tid) = (&self.units[f].id, &self.units[t].id);
        let purpose = |t: &mut String| fire(fid, tid, false, drm, t);
        let hit = self.roll(dice, fid, "fire", &purpose) + drm >= col.need;
        if hit {
            self.add_stress(t, 1);
            if col.second_die {
                let drm2 = if self.rules.readings.second_die_modified {
                    drm
                } else {
                    0
                };
                let (fid, tid) = (&self.units[f].id, &self.units[t].id);
                let purpose = |t: &mut String| fire(fid, tid, true, drm2, t);
                if self.roll(dice, fid, "fire2", &purpose) + drm2 >= col.need {
                    self.add_stress(t, 1);
                }
            }
        } else if let Some(friend) = self.units[t].engaged {
            self.add_stress(friend, 1);
        }
    }

    /// Melee (§6.2) of the phasing unit `a` against the unit `d` in its hex: one d6 on the
    /// shifted odds column, each side's result applied (attacker first, as in the §6.2
    /// example).
    pub(super) fn melee(&mut self, a: usize, d: usize, dice: &mut dyn Dice) {
        if !self.surrender_check(d, dice) {
            return;
        }
        self.provisional
            .read("melee", self.rules.provisional[MELEE]);
        self.provisional
            .read("terrain", self.rules.provisional[TERRAIN]);
        let col = self.melee_column(a, d);
        let (pa, pd) = (&self.units[a], &self.units[d]);
        // `OTT melee A-U1 (cv4 cm3) vs B-U2 (cv3 cm2) in village at 2:1: d6`.
        let unit = |t: &mut String, p: &Piece| {
            t.push_str(&p.id);
            t.push_str(" (cv");
            push_int(t, i64::from(p.values().cv));
            t.push_str(" cm");
            push_int(t, i64::from(p.current_morale()));
            t.push(')');
        };
        let purpose = |t: &mut String| {
            t.push_str("OTT melee ");
            unit(t, pa);
            t.push_str(" vs ");
            unit(t, pd);
            t.push_str(" in ");
            t.push_str(self.terrain(d));
            t.push_str(" at ");
            t.push_str(&self.rules.melee.labels[col]);
            t.push_str(": d6");
        };
        let roll = self.roll(dice, &pa.id, "melee", &purpose);
        let (ea, ed) = self.rules.melee.cells[col][(roll.clamp(1, 6) - 1) as usize];
        self.apply_melee(a, ea, dice);
        self.apply_melee(d, ed, dice);
    }

    /// Applies one side's Melee result (§6.2.1): `E`, then Stress, then `M`, then `R`. A
    /// unit that already retreated by routing does not retreat again (ASSUMPTION: one
    /// retreat of 2 hexes, not two).
    pub(super) fn apply_melee(&mut self, u: usize, e: Effect, dice: &mut dyn Dice) {
        if !self.units[u].on_table() {
            return;
        }
        if e.eliminated {
            self.melee_elimination(u);
            return;
        }
        let row = self.units[u].row;
        if e.stress > 0 {
            self.add_stress(u, e.stress);
        }
        if e.morale && self.units[u].on_table() && !self.morale_test(u, Test::MeleeResult, dice) {
            self.add_stress(u, 1);
        }
        if e.retreat && self.units[u].on_table() && self.units[u].row == row {
            self.retreat(u, RETREAT_HEXES);
        }
    }
}
