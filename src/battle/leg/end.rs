//! The rally phase (§6) and the end of the battle: victory points, rout levels, sudden death (§8, §9) and the result.

use super::*;

impl Battle<'_> {
    // --------------------------------------------------------------------------------
    // Rally (§6.2, §6.3) and victory (§8, §9).

    pub(super) fn rally_phase(&mut self) {
        for u in 0..self.units.len() {
            match self.units[u].order {
                Order::Disordered => self.rally_disordered(u),
                Order::Routed => self.rally_routed(u),
                _ => {}
            }
        }
    }

    /// §6.2: recovers at once when not adjacent to an enemy, else on a check at −1 with
    /// its leader or a friend in good order (READING) stacked or adjacent.
    pub(super) fn rally_disordered(&mut self, u: usize) {
        if self.adjacent(u).is_empty() {
            self.units[u].order = Order::Ok;
            return;
        }
        let friend = (0..self.units.len()).any(|w| {
            let q = &self.units[w];
            w != u
                && q.order == Order::Ok
                && q.kind != Kind::Carroccio
                && self.within(u, w, 1)
                && (!self.rules.sw.friend_grade_a || q.grade == Grade::A)
        });
        let mods = if self.leader_near(u) > 0 || friend {
            -1
        } else {
            0
        };
        if self.morale_check(u, mods, "rally") {
            self.units[u].order = Order::Ok;
        }
    }

    /// §6.3: 3+ hexes from the nearest enemy it rolls, −2 leader stacked, −1 adjacent;
    /// success: disordered; failure: 2 more hexes back (off the table: eliminated).
    pub(super) fn rally_routed(&mut self, u: usize) {
        if self.gap(u).is_some_and(|g| g < 3) {
            if self.rules.sw.rally_near_retreats {
                self.retreat(u, 2);
            }
            return;
        }
        let mods = -self.leader_near(u);
        if self.morale_check(u, mods, "rally") {
            self.units[u].order = Order::Disordered;
        } else {
            self.retreat(u, 2);
        }
    }

    /// §8.1: VP a side has lost: its eliminated and routed units, its killed leaders.
    pub(super) fn vp_lost(&self, side: usize) -> i64 {
        let units: i64 = self
            .units
            .iter()
            .filter(|u| u.side == side && matches!(u.order, Order::Eliminated | Order::Routed))
            .map(|u| self.unit_vp(u))
            .sum();
        units + self.leader_vp_lost[side]
    }

    /// READING `LEG_vp_unit`: the grade's VP, or the chit's number for the unit's grade
    /// (an undrawn chit at its mean).
    pub(super) fn unit_vp(&self, u: &Piece) -> i64 {
        if !self.rules.sw.vp_by_value {
            return self.rules.vp.get(u.grade);
        }
        match u.chit {
            Chit::Drawn(k) => self.rules.chits[k].get(u.grade),
            Chit::Fixed(v) => v,
            Chit::Undrawn => self.rules.mean_chit(u.grade),
        }
    }

    /// Digest §2.d (ASSUMPTION): the rout level is `percent` of the side's unit VP,
    /// rounded down.
    pub(super) fn rout_level(&self, side: usize) -> i64 {
        let total: i64 = self
            .units
            .iter()
            .filter(|u| u.side == side)
            .map(|u| self.unit_vp(u))
            .sum();
        total * self.rules.rout_percent / 100
    }

    /// §8.2, §8.3: the Victory Check at the end of a turn.
    pub(super) fn victory_check(&self) -> Option<End> {
        let past = |s: usize| {
            let (lost, level) = (self.vp_lost(s), self.rout_level(s));
            if self.rules.sw.rout_reaches {
                lost >= level
            } else {
                lost > level
            }
        };
        let routed = [past(0), past(1)];
        let why = |s: usize| {
            format!(
                "side {} lost {} VP, rout level {}",
                ["A", "B"][s],
                self.vp_lost(s),
                self.rout_level(s)
            )
        };
        let routs = |s: usize| {
            Some(
                Account::new("leg-routs")
                    .key("side", ["A", "B"][s])
                    .num("lost", self.vp_lost(s))
                    .num("level", self.rout_level(s)),
            )
        };
        match routed {
            [true, true] => Some(End {
                winner: Winner::Draw,
                reason: format!(
                    "LEG8.3 both armies rout on turn {}: draw ({}; {})",
                    self.turn,
                    why(0),
                    why(1)
                ),
                account: Some(
                    Account::new("leg-both-rout")
                        .num("turn", self.turn)
                        .num("lost_a", self.vp_lost(0))
                        .num("level_a", self.rout_level(0))
                        .num("lost_b", self.vp_lost(1))
                        .num("level_b", self.rout_level(1)),
                ),
            }),
            [true, false] => Some(End {
                winner: Winner::B,
                reason: format!("LEG8.2 side A routs: {}", why(0)),
                account: routs(0),
            }),
            [false, true] => Some(End {
                winner: Winner::A,
                reason: format!("LEG8.2 side B routs: {}", why(1)),
                account: routs(1),
            }),
            [false, false] => None,
        }
    }

    /// Ends at once (§9.3.2 Carroccio attacked alone; §9.4 army routs on losing the
    /// Carroccio or, with option LEG9.4, the supreme commander).
    pub(super) fn sudden_death(&self) -> Option<End> {
        if let Some(s) = self.carroccio_alone {
            let winner = if s == 0 { Winner::B } else { Winner::A };
            return Some(End {
                winner,
                reason: format!(
                    "LEG9.3.2 side {}'s Carroccio attacked alone: destroyed, the game ends",
                    ["A", "B"][s]
                ),
                account: Some(Account::new("leg-carroccio-alone").key("side", ["A", "B"][s])),
            });
        }
        let routs = |s: usize| {
            self.carroccio_lost[s] || (self.rules.opt.supreme_routs && self.supreme_killed[s])
        };
        let why = |s: usize| {
            if self.carroccio_lost[s] {
                "lost its Carroccio"
            } else {
                "lost its supreme commander"
            }
        };
        let lost = |s: usize| {
            let what = if self.carroccio_lost[s] {
                "carroccio"
            } else {
                "supreme"
            };
            Some(
                Account::new("leg-army-routs")
                    .key("side", ["A", "B"][s])
                    .key("lost", what),
            )
        };
        match [routs(0), routs(1)] {
            [true, true] => Some(End {
                winner: Winner::Draw,
                reason: "LEG9.4 both armies rout at once: draw (LEG8.3)".into(),
                account: Some(Account::new("leg-both-armies-rout")),
            }),
            [true, false] => Some(End {
                winner: Winner::B,
                reason: format!("LEG9.4 side A {}: its army routs", why(0)),
                account: lost(0),
            }),
            [false, true] => Some(End {
                winner: Winner::A,
                reason: format!("LEG9.4 side B {}: its army routs", why(1)),
                account: lost(1),
            }),
            [false, false] => None,
        }
    }

    /// The result (§0.3 mapping, digest §2.d); a rearguard action is decided by G3c.9.
    pub(super) fn result(&self, card: &Card, end: End) -> TacticalResult {
        let units = self
            .units
            .iter()
            .map(|u| UnitResult {
                id: u.id.clone(),
                state: match u.order {
                    Order::Ok => UnitState::Ok,
                    Order::Disordered => UnitState::Disordered,
                    Order::Routed => UnitState::Routed,
                    Order::Eliminated => UnitState::Eliminated,
                    Order::Escaped => UnitState::Escaped,
                },
                steps_lost: 0, // LEG units have no steps
            })
            .collect();
        let leaders = self
            .leaders
            .iter()
            .map(|l| LeaderResult {
                id: l.id.clone(),
                state: if l.killed {
                    LeaderState::Killed
                } else {
                    LeaderState::Ok
                },
            })
            .collect();
        let mut r = frame::result(
            card,
            (end.winner, end.reason, end.account),
            self.turn,
            self.provisional.any(),
            units,
            leaders,
        );
        if self.rearguard {
            let count = Rearguard {
                escaped: r.escaped(card, 1),
                lost: r.lost_units(card, 1),
            };
            r.winner = count.winner();
            let verdict = if count.wins() { "wins" } else { "loses" };
            r.reason = format!(
                "G3c.9 rearguard {verdict}: {} units left the table, {} lost ({})",
                count.escaped, count.lost, r.reason
            );
            r.account = Some(
                Account::new("leg-rearguard")
                    .key("verdict", verdict)
                    .num("escaped", count.escaped)
                    .num("lost", count.lost)
                    .within("end", r.account.take()),
            );
        }
        r
    }
}
