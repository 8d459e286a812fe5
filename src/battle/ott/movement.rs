//! Movement (§5) and the policies that choose it: advance, withdrawal, charges and refusals, targets.

use super::*;

impl Battle<'_> {
    // ------------------------------------------------------------------ movement (§5)

    /// MP of a move: the unit's, plus the road's 1 on the approach (§5.1; ASSUMPTION:
    /// the whole approach is the Carrosio road, the village is not).
    pub(super) fn allowance(&self, u: usize) -> i32 {
        let bonus = if self.geo.road && !self.in_village(u) {
            ROAD_BONUS_MP
        } else {
            0
        };
        self.units[u].values().mp + bonus
    }

    /// Moves a unit toward `goal`, a hex at a time (Terrain Table cost). Toward the enemy
    /// it stops on contact, and a unit already in contact may only step into an empty
    /// village hex (§0.4: movement stops on contact).
    pub(super) fn advance(&mut self, u: usize, goal: i32) {
        let side = self.units[u].side;
        let hex = self.rules.terrain.hex_mp;
        let step = (goal - self.units[u].row).signum();
        let toward_enemy = step == if side == A { 1 } else { -1 };
        let started_in_contact = self.in_contact(u);
        let mut budget = self.allowance(u);
        while step != 0 && budget >= hex && self.units[u].row != goal {
            let next = self.units[u].row + step;
            let into_village = Some(next) == self.geo.village;
            if (toward_enemy && started_in_contact && !into_village) || !self.enterable(side, next)
            {
                break;
            }
            self.units[u].row = next;
            budget -= hex;
            self.provisional
                .read("terrain", self.rules.provisional[TERRAIN]);
            if into_village || (toward_enemy && self.in_contact(u)) {
                break;
            }
        }
    }

    /// A rearguard walks to its own edge and off the table (G3c.9).
    pub(super) fn withdraw(&mut self, u: usize) {
        let hex = self.rules.terrain.hex_mp;
        let mut budget = self.allowance(u);
        while budget >= hex && self.units[u].on_table() {
            self.provisional
                .read("terrain", self.rules.provisional[TERRAIN]);
            if self.edge_dist(u) <= 1 {
                self.move_toward_edge(u, 1);
                return;
            }
            let next = self.units[u].row + if self.units[u].side == A { -1 } else { 1 };
            if !self.enterable(self.units[u].side, next) {
                return;
            }
            self.units[u].row = next;
            budget -= hex;
        }
    }

    /// Leaving a melee hex (§4.5, §6.2.1): pass → 1 hex toward its own lines; fail → 1
    /// Stress and still engaged.
    pub(super) fn leave_melee(&mut self, u: usize, dice: &mut dyn Dice) {
        if self.morale_test(u, Test::Leave, dice) {
            self.disengage(u);
            self.move_toward_edge(u, LEAVE_HEXES);
        } else {
            self.add_stress(u, 1);
        }
    }

    /// Entering an enemy hex to melee (§4.5, §5): the unit stops adjacent and tests; if
    /// it fails it stays (it may still fire in phase C). A cavalry charged by infantry
    /// may refuse (§7.5): it tests; passed, it moves 2 hexes and the attacker stops in
    /// the hex it left; failed, it takes 1 Stress and the melee happens, unless that
    /// Stress routed it away (then the attacker takes the empty hex; ASSUMPTION).
    pub(super) fn charge(&mut self, u: usize, t: usize, dice: &mut dyn Dice) {
        if !self.morale_test(u, Test::Charge, dice) {
            return;
        }
        let hex = self.units[t].row;
        if self.refuses(t, u) {
            let what = format!("morale-refuse-{}", self.units[u].id);
            if self.morale_test_as(t, Test::Refuse, &what, dice) {
                self.move_toward_edge(t, REFUSE_HEXES);
                self.units[u].row = hex;
                return;
            }
            self.add_stress(t, 1);
            if !self.units[t].on_table() || self.units[t].row != hex {
                self.units[u].row = hex;
                return;
            }
        }
        self.units[u].row = hex;
        self.units[u].engaged = Some(t);
        self.units[t].engaged = Some(u);
    }

    /// Policy (§7.5): a cavalry refuses an infantry charge whose column reaches
    /// `refuse_min_column`, when it has room to move; a defender never gives up its
    /// village hex that way (hold).
    pub(super) fn refuses(&self, t: usize, u: usize) -> bool {
        let (c, i) = (&self.units[t], &self.units[u]);
        c.cav
            && !i.cav
            && !c.routed
            && c.engaged.is_none()
            && !(c.side == B && self.in_village(t))
            && self.edge_dist(t) > REFUSE_HEXES
            && self.melee_column(u, t) >= self.rules.policy.refuse_min
    }

    // ------------------------------------------------------------------ policies (§1.e)

    /// Where a unit walks to: the attacker to the village (or after the rearguard), the
    /// defender back to the village unless it holds its outpost.
    pub(super) fn goal(&self, u: usize) -> Option<i32> {
        let p = &self.units[u];
        match (self.rearguard, p.side, self.geo.village) {
            (true, A, _) => Some(self.geo.b_edge - 1),
            (false, A, Some(v)) => Some(v),
            (false, B, Some(_)) if p.outpost && p.row == self.geo.outposts_row => None,
            (false, B, Some(v)) => Some(v),
            _ => None,
        }
    }

    /// Policy: the attacker breaks off a melee whose column fell to `leave_max_column`;
    /// a rearguard always tries to break off; the defender holds.
    pub(super) fn wants_leave(&self, u: usize) -> bool {
        let p = &self.units[u];
        match (self.rearguard, p.side, p.engaged) {
            (_, _, None) => false,
            (true, B, _) => true,
            (_, A, Some(e)) => self.melee_column(u, e) <= self.rules.policy.leave_max,
            _ => false,
        }
    }

    /// POLICY `OTT_melee_choice` (§6.2: a unit "can conduct a Melee"): "always"
    /// (campaigns written before it) melees whatever the odds; "by_odds" melees only
    /// when its Melee column after shifts is above `leave_max_column`, the odds at which
    /// the attacker would rather break off.
    pub(super) fn chooses_melee(&self, u: usize, e: usize) -> bool {
        !self.rules.melee_by_odds || self.melee_column(u, e) > self.rules.policy.leave_max
    }

    /// Policy: an attacking unit nearly broken (current morale ≤ `fall_back_cm`) pulls
    /// back 2 hexes out of contact, to recover in phase D (§4.4).
    pub(super) fn should_fall_back(&self, u: usize) -> bool {
        let p = &self.units[u];
        p.side == A
            && p.stress > 0
            && p.current_morale() <= self.rules.policy.fall_back_cm
            && !self.in_village(u)
            && self.in_contact(u)
            && self.edge_dist(u) > RETREAT_HEXES
    }

    /// Policy: the attacker charges its §0.4 opponent when the Melee column after shifts
    /// reaches `charge_min_column`, except from a village hex it holds; the defender
    /// charges only attackers inside its village, to take its hexes back; a rearguard
    /// never charges; a side whose commander was killed never attacks (G2b.5).
    pub(super) fn charge_target(&self, u: usize) -> Option<usize> {
        let p = &self.units[u];
        let doctrine = match p.side {
            A => !self.in_village(u),
            _ => !self.rearguard,
        };
        if !doctrine || self.no_attack[p.side] || p.pinned {
            return None;
        }
        let t = self.opponent(p.side, u)?;
        let q = &self.units[t];
        (q.engaged.is_none()
            && (p.side == A || self.in_village(t))
            && self.melee_column(u, t) >= self.rules.policy.charge_min)
            .then_some(t)
    }

    /// Policy: fire at the §0.4 opponent; into a melee hex only when a miss cannot rout
    /// the friendly unit there (`fire_into_melee = "safe"`).
    pub(super) fn fire_target(&self, u: usize) -> Option<usize> {
        let t = self.opponent(self.units[u].side, u)?;
        match self.units[t].engaged {
            None => Some(t),
            Some(f) => {
                let friend = &self.units[f];
                (self.rules.policy.fire_into_melee && friend.stress + 1 < friend.values().morale)
                    .then_some(t)
            }
        }
    }
}
