//! The activation phase (§3): the cup of leader chits, activation, movement, advance and withdrawal.

use super::*;

impl Battle<'_> {
    // --------------------------------------------------------------------------------
    // Activation (§3.1, §5.4).

    pub(super) fn activation_phase(&mut self) -> Option<End> {
        let mut cup = self.fill_cup();
        let mut done = vec![false; self.leaders.len()];
        let mut draw = 0;
        // §3.1.2: the phase ends with one chit left in the cup.
        while cup.len() > 1 {
            draw += 1;
            let chits = cup.len();
            let (battle, turn) = (self.id.as_str(), self.turn);
            let face = self.dice.roll_write(
                chits as u8,
                &|t| {
                    Self::write_ev(t, battle, turn);
                    t.push_str("draw");
                    push_number(t, draw);
                },
                &|t| {
                    t.push_str("LEG3.1 activation draw ");
                    push_number(t, draw);
                    t.push_str(": one of ");
                    push_number(t, chits as u32);
                    t.push_str(" chits");
                },
            );
            let i = usize::from(face).clamp(1, chits) - 1;
            let l = cup.remove(i);
            if done[l] {
                continue; // §3.1.1: already activated, set aside and draw again
            }
            done[l] = true;
            self.activate(l);
            self.trim_cup(&mut cup);
            if let Some(end) = self.sudden_death() {
                return Some(end);
            }
        }
        None
    }

    /// §3.1.1: each leader's chits, `command` of them; a killed leader and a replacement
    /// put one (§5.4.2, §5.4.4).
    pub(super) fn fill_cup(&self) -> Vec<usize> {
        let mut cup = Vec::new();
        for (l, c) in self.leaders.iter().enumerate() {
            let n = if c.status == Status::Active {
                c.command.max(1)
            } else {
                1
            };
            cup.extend(std::iter::repeat_n(l, n as usize));
        }
        cup
    }

    /// §5.4.2: a leader killed this turn keeps a single chit in the cup.
    pub(super) fn trim_cup(&self, cup: &mut Vec<usize>) {
        for (l, c) in self.leaders.iter().enumerate() {
            if c.status == Status::KilledPending {
                let mut seen = false;
                cup.retain(|&x| {
                    let keep = x != l || !seen;
                    seen |= x == l;
                    keep
                });
            }
        }
    }

    /// One leader's activation: all moves, then all combats (§3.1.3, §5.1.1).
    pub(super) fn activate(&mut self, l: usize) {
        let mut members: Vec<usize> = (0..self.units.len())
            .filter(|&u| self.units[u].leader == l && self.units[u].standing())
            .collect();
        if self.leaders[l].status == Status::KilledPending {
            // §5.4.3: one unit only, which receives the replacement leader.
            members.sort_by_key(|&u| (self.gap(u) != Some(1), self.units[u].order != Order::Ok, u));
            members.truncate(1);
            let c = &mut self.leaders[l];
            c.status = Status::Replacement;
            c.command = 0;
            c.supreme = false;
            c.with = members.first().copied();
        }
        let in_command: Vec<bool> = members.iter().map(|&u| self.in_command(u)).collect();
        let start_gap: Vec<Option<i32>> = members.iter().map(|&u| self.gap(u)).collect();
        for (k, &u) in members.iter().enumerate() {
            self.move_unit(u, in_command[k]);
        }
        self.place_leader(l);
        self.combat_phase(&members, &in_command, &start_gap);
    }

    /// §7.1: within 4 hexes of its leader at the start of the activation (map-free: same
    /// sector, within 4 slots and 4 hexes). Without the option every unit is in command.
    pub(super) fn in_command(&self, u: usize) -> bool {
        if !self.rules.opt.radius {
            return true;
        }
        let c = &self.leaders[self.units[u].leader];
        match c.with {
            Some(w) => w == u || self.within(u, w, 4),
            None => false,
        }
    }

    /// The leader joins the first front unit in good order of his command.
    pub(super) fn place_leader(&mut self, l: usize) {
        let mut best: Option<(bool, i32, usize)> = None;
        for u in (0..self.units.len())
            .filter(|&u| self.units[u].leader == l && self.units[u].order == Order::Ok)
        {
            let key = (self.gap(u) != Some(1), self.units[u].slot, u);
            if best.is_none_or(|b| key < b) {
                best = Some(key);
            }
        }
        if let Some((_, _, u)) = best {
            self.leaders[l].with = Some(u);
        }
    }

    /// A lost unit's leaders join another unit of their command (§5.4.6), or leave.
    pub(super) fn relocate_leaders(&mut self, u: usize) {
        for l in 0..self.leaders.len() {
            if self.leaders[l].with == Some(u) {
                let next = (0..self.units.len())
                    .filter(|&w| self.units[w].leader == l && self.units[w].on_table())
                    .min_by_key(|&w| (!self.units[w].standing(), w));
                self.leaders[l].with = next;
            }
        }
    }

    // --------------------------------------------------------------------------------
    // Movement (§4).

    /// Hexes a unit may move this activation: its MP, halved out of command (§7.1.2),
    /// over its own side's ground (TEC §9.6); the Carroccio moves on clear only (§9.3.2).
    pub(super) fn hexes(&self, u: usize, in_command: bool) -> i32 {
        let p = &self.units[u];
        let mp = if in_command { p.mp } else { p.mp / 2 };
        let ground = self.ground[p.side];
        let t = self.rules.terrain(ground);
        match p.kind {
            Kind::Carroccio if ground != Ground::Clear => 0,
            Kind::Cav => mp / t.cav_mp.max(1),
            _ => mp / t.inf_mp.max(1),
        }
    }

    pub(super) fn move_unit(&mut self, u: usize, in_command: bool) {
        let hexes = self.hexes(u, in_command);
        let moved = match self.doctrine[self.units[u].side] {
            Doctrine::Delay => self.withdraw(u, hexes),
            _ if self.units[u].order != Order::Ok => false,
            d => self.advance(u, hexes, d),
        };
        // TEC §9.6: cavalry moving through forest is disordered at the end of its move.
        let p = &self.units[u];
        if moved
            && p.kind == Kind::Cav
            && p.order == Order::Ok
            && self
                .rules
                .terrain(self.ground[p.side])
                .cav_disordered_on_entry
        {
            self.units[u].order = Order::Disordered;
        }
    }

    /// Moves toward the enemy, stopping adjacent (§4.0); pursues, or shifts sector on a
    /// collapse (§0.4). Returns whether it moved.
    pub(super) fn advance(&mut self, u: usize, hexes: i32, doctrine: Doctrine) -> bool {
        let (side, sector) = (self.units[u].side, self.units[u].sector);
        let standing = self.max_pos(1 - side, sector, Piece::standing);
        let any = self.max_pos(1 - side, sector, |_| true);
        let Some(enemy) = any else {
            return doctrine == Doctrine::Attack
                && self.units[u].kind != Kind::Carroccio
                && self.shift(u);
        };
        if standing.is_none() && doctrine != Doctrine::Attack {
            return false;
        }
        let mut goal = self.depth - 1 - enemy;
        if doctrine == Doctrine::Hold {
            goal = goal.min(self.rules.map.hold_line);
        }
        if self.units[u].kind == Kind::Carroccio {
            let line = self.max_pos(side, sector, |w| w.kind != Kind::Carroccio && w.standing());
            goal = goal.min(line.map_or(0, |l| l - 1));
        }
        if self.halts_to_charge(u) {
            goal = goal.min(self.depth - 3 - enemy);
        }
        let new = (self.units[u].pos + hexes).min(goal);
        if new > self.units[u].pos {
            self.units[u].pos = new;
            return true;
        }
        false
    }

    /// Cavalry 5+ hexes from a line with enemy cavalry stops 3 hexes short, so that it
    /// may charge from 2–4 hexes next time (§7.3.1).
    pub(super) fn halts_to_charge(&self, u: usize) -> bool {
        let p = &self.units[u];
        if !self.rules.opt.charge || p.kind != Kind::Cav || !self.charge_ground(p.side) {
            return false;
        }
        let enemy_cav = self.units.iter().any(|e| {
            e.side != p.side && e.sector == p.sector && e.kind == Kind::Cav && e.order == Order::Ok
        });
        enemy_cav && self.gap(u).is_some_and(|g| g > 4)
    }

    /// §0.4 sector collapse: with no enemy left in its sector, a unit moves to a
    /// neighbouring sector that has standing enemies, adjacent to them, as an overlap.
    pub(super) fn shift(&mut self, u: usize) -> bool {
        let (side, s) = (self.units[u].side, self.units[u].sector);
        let targets = [s.checked_sub(1), Some(s + 1)];
        for t in targets.into_iter().flatten().filter(|&t| t < self.sectors) {
            let Some(enemy) = self.max_pos(1 - side, t, Piece::standing) else {
                continue;
            };
            let all = self.max_pos(1 - side, t, |_| true).unwrap_or(enemy);
            let pos = self.depth - 1 - all;
            if pos < 1 {
                continue;
            }
            let slot = self.max_slot(side, t) + 1;
            let p = &mut self.units[u];
            p.sector = t;
            p.slot = slot;
            p.pos = pos;
            return true;
        }
        false
    }

    pub(super) fn max_slot(&self, side: usize, sector: usize) -> i32 {
        self.units
            .iter()
            .filter(|w| w.side == side && w.sector == sector && w.on_table())
            .map(|w| w.slot)
            .max()
            .unwrap_or(-1)
    }

    /// A rearguard unit withdraws toward its edge (G3c.9), after leaving any enemy ZOC
    /// (§6.4); off its edge in good order it has escaped.
    pub(super) fn withdraw(&mut self, u: usize, hexes: i32) -> bool {
        if hexes == 0 || !self.leave_zoc(u) {
            return false;
        }
        self.units[u].pos -= hexes;
        if self.units[u].pos <= 0 {
            self.units[u].order = Order::Escaped;
            self.relocate_leaders(u);
        }
        true
    }
}
