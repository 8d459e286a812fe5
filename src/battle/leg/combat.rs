//! The combat phase (§5, §7.3): who attacks whom, strengths and odds, the CRT and its results, leaders' losses.

use super::*;

impl Battle<'_> {
    // --------------------------------------------------------------------------------
    // Combat (§5).

    /// Every combat of the active command, after all its moves (§5.1.1).
    pub(super) fn combat_phase(
        &mut self,
        members: &[usize],
        in_command: &[bool],
        start_gap: &[Option<i32>],
    ) {
        let mut used = vec![false; members.len()];
        loop {
            let able: Vec<usize> = (0..members.len())
                .filter(|&k| !used[k] && in_command[k] && self.can_attack(members[k]))
                .collect();
            let Some(&first) = able.first() else { break };
            let defenders = self.targets(members[first]);
            used[first] = true;
            if defenders.is_empty() {
                continue;
            }
            let mut group = Vec::new();
            for &k in &able {
                if self.targets_among(members[k], &defenders) {
                    used[k] = true;
                    group.push(k);
                }
            }
            let attackers: Vec<usize> = group.iter().map(|&k| members[k]).collect();
            let gaps: Vec<Option<i32>> = group.iter().map(|&k| start_gap[k]).collect();
            let may: Vec<bool> = (0..attackers.len())
                .map(|k| self.may_charge(attackers[k], &defenders, gaps[k]))
                .collect();
            if self.wants_attack(&attackers, &defenders, &may) {
                self.fight(attackers, defenders, &gaps);
                if self.sudden_death().is_some() {
                    break;
                }
            }
        }
    }

    pub(super) fn can_attack(&self, u: usize) -> bool {
        let p = &self.units[u];
        p.order == Order::Ok
            && p.kind != Kind::Carroccio
            && self.doctrine[p.side] != Doctrine::Delay
            && !self.no_attack[p.side]
    }

    /// §5.1.2 / §7.2.4: the enemies a unit must attack if it attacks: every adjacent one
    /// it faces (the policy also takes the disordered and routed ones it may skip).
    pub(super) fn targets(&self, u: usize) -> Vec<usize> {
        self.adjacent(u)
            .into_iter()
            .filter(|&(_, a)| !self.rules.opt.facing || a != Approach::Exposed)
            .map(|(e, _)| e)
            .collect()
    }

    /// Whether a unit has targets ([`Self::targets`]) and all of them are among
    /// `defenders`: read off the adjacencies, with no list of its own.
    pub(super) fn targets_among(&self, u: usize, defenders: &[usize]) -> bool {
        let s = self.units[u].side;
        let facing = self.rules.opt.facing;
        self.with_contacts(self.units[u].sector, |edges| {
            let mut any = false;
            for e in edges
                .iter()
                .filter(|e| e.unit[s] == u && (!facing || e.approach[s] != Approach::Exposed))
            {
                if !defenders.contains(&e.unit[1 - s]) {
                    return false;
                }
                any = true;
            }
            any
        })
    }

    /// How a unit attacks the defenders: its best approach, Front without facing.
    pub(super) fn approach(&self, u: usize, defenders: &[usize]) -> Approach {
        if !self.rules.opt.facing {
            return Approach::Front;
        }
        let s = self.units[u].side;
        self.with_contacts(self.units[u].sector, |edges| {
            edges
                .iter()
                .filter(|e| e.unit[s] == u && defenders.contains(&e.unit[1 - s]))
                .map(|e| e.approach[s])
                .max()
                .unwrap_or(Approach::Front)
        })
    }

    /// The policy (§2.e): attack at the minimum column, with an overlap, or a routed
    /// target; `charging` says which attackers (would) charge.
    pub(super) fn wants_attack(
        &mut self,
        attackers: &[usize],
        defenders: &[usize],
        charging: &[bool],
    ) -> bool {
        if attackers.is_empty() {
            return false;
        }
        if defenders
            .iter()
            .any(|&d| self.units[d].order == Order::Routed)
        {
            return true;
        }
        // An overlap, whether or not the facing rule gives it a flank bonus.
        let overlap = attackers.iter().any(|&a| {
            let s = self.units[a].side;
            self.with_contacts(self.units[a].sector, |edges| {
                edges.iter().any(|e| {
                    e.unit[s] == a
                        && defenders.contains(&e.unit[1 - s])
                        && e.approach[s] >= Approach::Flank
                })
            })
        });
        if overlap {
            return true;
        }
        let approach: Vec<Approach> = attackers
            .iter()
            .map(|&a| self.approach(a, defenders))
            .collect();
        let f = Fight {
            combat: 0,
            attackers,
            defenders,
            charging,
            approach: &approach,
        };
        let (_, _, col) = self.odds(&f);
        col >= self.rules.min_column[usize::from(self.rearguard)] as i32
    }

    /// A unit's combat value for a grade (§5.1.3); an undrawn chit is estimated by the mean.
    pub(super) fn value(&mut self, u: usize, g: Grade) -> i64 {
        match self.units[u].chit {
            Chit::Drawn(k) => self.rules.chits[k].get(g),
            Chit::Fixed(v) => v,
            Chit::Undrawn => {
                self.provisional
                    .read("combat_chits", self.rules.chits_provisional);
                self.rules.mean_chit(g)
            }
        }
    }

    /// §5.1.3: the first time a unit is in combat it draws a combat chit (PROVISIONAL mix).
    pub(super) fn ensure_chit(&mut self, u: usize) {
        if self.units[u].chit != Chit::Undrawn {
            return;
        }
        self.provisional
            .read("combat_chits", self.rules.chits_provisional);
        let n = self.rules.chits.len();
        let k = if n == 1 {
            1
        } else {
            let (id, battle, turn) = (&self.units[u].id, self.id.as_str(), self.turn);
            usize::from(self.dice.roll_write(
                n as u8,
                &|t| {
                    Self::write_ev(t, battle, turn);
                    t.push_str("chit/");
                    t.push_str(id);
                },
                &|t| {
                    t.push_str("LEG5.1.3 combat chit for ");
                    t.push_str(id);
                    t.push_str(": one of ");
                    push_number(t, n as u32);
                },
            ))
        };
        self.units[u].chit = Chit::Drawn(k.clamp(1, n) - 1);
    }

    pub(super) fn forest_attack(&self, a: usize, defenders: &[usize]) -> bool {
        let into = defenders
            .iter()
            .any(|&d| self.ground[self.units[d].side] == Ground::Forest);
        let out = self.ground[self.units[a].side] == Ground::Forest;
        into || (out && self.units[a].kind == Kind::Cav && !self.rules.sw.forest_into_only)
    }

    pub(super) fn charge_ground(&self, side: usize) -> bool {
        self.rules.terrain(self.ground[side]).cav_may_charge
            && self.rules.terrain(self.ground[1 - side]).cav_may_charge
    }

    /// §5.1.4, §9.6, §7.3: one attacker's strength.
    pub(super) fn att_strength(&mut self, f: &Fight, k: usize) -> i64 {
        let a = f.attackers[k];
        let grade = self.combat_grade(a);
        let mut v = self.value(a, grade);
        let kind = self.units[a].kind;
        if kind == Kind::Cav && f.defenders.iter().any(|&d| self.units[d].foot()) {
            v = if f.approach[k] >= Approach::Flank {
                v * 2
            } else {
                v / 2
            };
        }
        if self.forest_attack(a, f.defenders) {
            let t = &self.rules.forest;
            v /= if kind == Kind::Cav {
                t.cav_attack_divisor
            } else {
                t.inf_attack_divisor
            }
            .max(1);
        }
        if f.charging[k] {
            v *= 2;
        }
        v.max(1) // ASSUMPTION: never below 1
    }

    /// §5.1.4 disordered defenders are halved; §9.3.2 the Carroccio defends as A.
    pub(super) fn def_strength(&mut self, d: usize) -> i64 {
        let (kind, grade, order) = (self.units[d].kind, self.units[d].grade, self.units[d].order);
        let grade = match kind {
            Kind::Carroccio => Grade::A,
            _ if self.rules.sw.carroccio_defence => self.combat_grade(d),
            _ => grade,
        };
        let v = self.value(d, grade);
        if order == Order::Disordered {
            (v / 2).max(1)
        } else {
            v.max(1)
        }
    }

    /// §5.1.4 / §7.2: the best flank or rear shift of the attackers, never added up.
    pub(super) fn shift_for(&self, f: &Fight) -> i32 {
        let foot = f.defenders.iter().any(|&d| self.units[d].foot());
        (0..f.attackers.len())
            .map(|k| {
                let doubled = self.units[f.attackers[k]].kind == Kind::Cav && foot;
                match f.approach[k] {
                    _ if doubled && !self.rules.sw.facing_cumulative => 0,
                    Approach::Flank => 1,
                    Approach::Rear => 2,
                    _ => 0,
                }
            })
            .max()
            .unwrap_or(0)
    }

    /// Total strengths and the shifted column.
    /// Undrawn chits count at their mean (the policy's estimate).
    pub(super) fn odds(&mut self, f: &Fight) -> (i64, i64, i32) {
        let att: i64 = (0..f.attackers.len())
            .map(|k| self.att_strength(f, k))
            .sum();
        let def: i64 = f.defenders.iter().map(|&d| self.def_strength(d)).sum();
        let col = self.rules.crt.column(att, def, self.rules.sw.odds_up) as i32 + self.shift_for(f);
        (att, def, col)
    }

    /// The die roll modifiers of §5.1.4 and §7.3.1.
    pub(super) fn drm(&self, f: &Fight) -> Drm {
        let best = |units: &[usize]| {
            let (mut sum, mut max) = (0, 0);
            for l in self.leaders.iter().filter(|l| {
                l.status != Status::KilledPending && l.with.is_some_and(|w| units.contains(&w))
            }) {
                let bonus = if l.supreme { 2 } else { 1 };
                sum += bonus;
                max = max.max(bonus);
            }
            if self.rules.sw.leader_sum { sum } else { max }
        };
        Drm {
            att: best(f.attackers),
            def: best(f.defenders),
            disordered: f
                .defenders
                .iter()
                .any(|&d| self.units[d].order == Order::Disordered),
            morale: self.morale_compare(f),
        }
    }

    /// §5.1.4 better morale, with §7.3.1: a charger is one level higher, and +1 when it
    /// started equal to the charged unit. READING: the best grade each side.
    pub(super) fn morale_compare(&self, f: &Fight) -> i32 {
        let worst = self.rules.sw.compare_worst;
        let pick = |gs: &mut dyn Iterator<Item = Grade>| if worst { gs.min() } else { gs.max() };
        let att = pick(&mut (0..f.attackers.len()).map(|k| {
            let g = self.units[f.attackers[k]].grade;
            if f.charging[k] { g.up() } else { g }
        }));
        let def = pick(&mut f.defenders.iter().map(|&d| match self.units[d].kind {
            Kind::Carroccio => Grade::A,
            _ => self.units[d].grade,
        }));
        let (Some(att), Some(def)) = (att, def) else {
            return 0;
        };
        let equal_charge = (0..f.attackers.len())
            .any(|k| f.charging[k] && self.units[f.attackers[k]].grade == def);
        match att.cmp(&def) {
            std::cmp::Ordering::Greater => 1,
            std::cmp::Ordering::Less => -1,
            std::cmp::Ordering::Equal if equal_charge => 1,
            std::cmp::Ordering::Equal => 0,
        }
    }

    /// One combat (§5.1–§5.4; digest §2.b `combat`).
    pub(super) fn fight(
        &mut self,
        attackers: Vec<usize>,
        defenders: Vec<usize>,
        start_gap: &[Option<i32>],
    ) {
        self.combat += 1;
        // §5.3 R: a routed unit attacked again is eliminated.
        let mut defenders = defenders;
        for &d in &defenders {
            if self.units[d].order == Order::Routed {
                self.eliminate(d);
            }
        }
        defenders.retain(|&d| self.units[d].on_table());
        if defenders.is_empty() || self.carroccio_destroyed(&defenders) {
            return;
        }
        let planned = attackers.len();
        let (attackers, gaps) = self.nerve(attackers, &defenders, start_gap);
        let charging = self.charges(&attackers, &defenders, &gaps);
        // A unit that fails its forest or charge check "may attack normally" (§7.3.1,
        // §9.6): the policy is asked again with what is left.
        let failed = attackers.len() < planned
            || (0..attackers.len())
                .any(|k| !charging[k] && self.may_charge(attackers[k], &defenders, gaps[k]));
        if failed && !self.wants_attack(&attackers, &defenders, &charging) {
            return;
        }
        let approach: Vec<Approach> = attackers
            .iter()
            .map(|&a| self.approach(a, &defenders))
            .collect();
        let f = Fight {
            combat: self.combat,
            attackers: &attackers,
            defenders: &defenders,
            approach: &approach,
            charging: &charging,
        };
        for &u in attackers.iter().chain(&defenders) {
            self.ensure_chit(u);
        }
        let code = self.roll_crt(&f);
        let involved: Vec<usize> = (0..self.leaders.len())
            .filter(|&l| {
                self.leaders[l].status != Status::KilledPending
                    && self.leaders[l]
                        .with
                        .is_some_and(|w| attackers.contains(&w) || defenders.contains(&w))
            })
            .collect();
        let hit = self.apply(code, &f);
        self.after_charge(&f);
        for l in involved {
            self.leader_check(l, f.combat);
        }
        self.redraw(&f, &hit);
    }

    /// §9.3.2: a Carroccio attacked with no friendly unit adjacent is destroyed and the
    /// game ends (READING `LEG_carroccio_cavalry_neighbour` for cavalry-only neighbours).
    pub(super) fn carroccio_destroyed(&mut self, defenders: &[usize]) -> bool {
        for &c in defenders
            .iter()
            .filter(|&&c| self.units[c].kind == Kind::Carroccio)
        {
            let friends: Vec<usize> = (0..self.units.len())
                .filter(|&w| w != c && self.units[w].on_table() && self.within(c, w, 1))
                .collect();
            let infantry = friends.iter().any(|&w| self.units[w].kind == Kind::Inf);
            let alone =
                friends.is_empty() || (!infantry && self.rules.sw.carroccio_cavalry_destroyed);
            if alone {
                self.units[c].order = Order::Eliminated;
                self.carroccio_lost[self.units[c].side] = true;
                self.carroccio_alone = Some(self.units[c].side);
                return true;
            }
        }
        false
    }

    /// §9.6: cavalry must pass a morale check to attack into (READING: or out of) forest.
    pub(super) fn nerve(
        &mut self,
        attackers: Vec<usize>,
        defenders: &[usize],
        gaps: &[Option<i32>],
    ) -> (Vec<usize>, Vec<Option<i32>>) {
        let mut keep = (Vec::new(), Vec::new());
        for (k, a) in attackers.into_iter().enumerate() {
            let p_cav = self.units[a].kind == Kind::Cav;
            let needs = p_cav
                && self.forest_attack(a, defenders)
                && self.rules.forest.cav_attack_needs_morale;
            if !needs || self.morale_check(a, 0, "attack-forest") {
                keep.0.push(a);
                keep.1.push(gaps[k]);
            }
        }
        keep
    }

    /// §7.3: which attackers charge. Cavalry on cavalry only, from 2–4 hexes at the start
    /// of the activation, in command (checked by the caller), not in or into woods; B and C
    /// must pass morale first (failure: a normal attack).
    pub(super) fn charges(
        &mut self,
        attackers: &[usize],
        defenders: &[usize],
        gaps: &[Option<i32>],
    ) -> Vec<bool> {
        let mut out = Vec::new();
        for (k, &a) in attackers.iter().enumerate() {
            let may = self.may_charge(a, defenders, gaps[k]);
            out.push(may && (self.units[a].grade == Grade::A || self.morale_check(a, 0, "charge")));
        }
        out
    }

    /// §7.3.1–7.3.2: whether a unit may charge, before any morale check.
    pub(super) fn may_charge(&self, a: usize, defenders: &[usize], gap: Option<i32>) -> bool {
        let p = &self.units[a];
        self.rules.opt.charge
            && p.kind == Kind::Cav
            && defenders.iter().all(|&d| self.units[d].kind == Kind::Cav)
            && self.charge_ground(p.side)
            && gap.is_some_and(|g| (2..=4).contains(&g))
    }

    /// Rolls the CRT (§5.2) and returns the result.
    pub(super) fn roll_crt(&mut self, f: &Fight) -> Code {
        let (att, def, col) = self.odds(f);
        let drm = self.drm(f);
        let crt = &self.rules.crt;
        let base = crt.column(att, def, self.rules.sw.odds_up);
        let (units, battle, turn) = (&self.units, self.id.as_str(), self.turn);
        let names = |t: &mut String, us: &[usize]| {
            for (k, &u) in us.iter().enumerate() {
                if k > 0 {
                    t.push('+');
                }
                t.push_str(&units[u].id);
            }
        };
        // Written straight into the dice's log: `leg/<battle>/t<turn>/c<n>/crt` and
        // `LEG5.2 CRT A-U1+A-U2 (12) -> B-U1 (6) 2/1 shift +1, d6+1 +1 leader`.
        let d6 = i32::from(self.dice.roll_write(
            6,
            &|t| {
                Self::write_ev(t, battle, turn);
                t.push('c');
                push_number(t, f.combat);
                t.push_str("/crt");
            },
            &|t| {
                t.push_str("LEG5.2 CRT ");
                names(t, f.attackers);
                t.push_str(" (");
                push_int(t, att);
                t.push_str(") -> ");
                names(t, f.defenders);
                t.push_str(" (");
                push_int(t, def);
                t.push_str(") ");
                t.push_str(&crt.columns[base]);
                t.push_str(" shift ");
                push_signed(t, i64::from(col - base as i32));
                t.push_str(", d6");
                push_signed(t, i64::from(drm.total()));
                drm.write_why(t);
            },
        ));
        let (row, c) = crt.cell(d6 + drm.total(), col, !self.rules.sw.clamp_row);
        crt.result(row, c)
    }

    /// §5.3: applies a result to the side it names (READING: every involved unit, or the
    /// owner's choice, the unit worth fewest VP). Returns the units hit adversely.
    pub(super) fn apply(&mut self, code: Code, f: &Fight) -> Vec<usize> {
        if code.effect == Effect::None {
            return Vec::new();
        }
        let mut hit = if code.hits_attacker {
            f.attackers.to_vec()
        } else {
            f.defenders.to_vec()
        };
        if self.rules.sw.hit_one {
            hit.sort_by_key(|&u| (self.rules.vp.get(self.units[u].grade), u));
            hit.truncate(1);
        }
        for &u in &hit {
            match code.effect {
                Effect::Disorder => self.disorder(u),
                Effect::Rout => self.rout(u),
                Effect::Eliminate => self.eliminate(u),
                Effect::None => {}
            }
        }
        hit
    }

    /// §5.3 D: disordered; a second D routs. The Carroccio ignores it (§9.3.2).
    pub(super) fn disorder(&mut self, u: usize) {
        match (self.units[u].kind, self.units[u].order) {
            (Kind::Carroccio, _) => {}
            (_, Order::Ok) => self.units[u].order = Order::Disordered,
            (_, Order::Disordered) => self.rout(u),
            _ => {}
        }
    }

    /// §5.3 R: routed, retreats 3 hexes toward its edge. The Carroccio is eliminated (§9.3.2).
    pub(super) fn rout(&mut self, u: usize) {
        if self.units[u].kind == Kind::Carroccio {
            return self.eliminate(u);
        }
        self.units[u].order = Order::Routed;
        self.retreat(u, 3);
    }

    /// Moves a routed unit `n` hexes back: a friend it passes through is disordered, or
    /// routed if already disordered (§6.3.1); off the table it is eliminated (§6.3).
    pub(super) fn retreat(&mut self, u: usize, n: i32) {
        let (old, new) = (self.units[u].pos, self.units[u].pos - n);
        self.units[u].pos = new;
        let (side, sector, slot) = (self.units[u].side, self.units[u].sector, self.units[u].slot);
        let passed: Vec<usize> = (0..self.units.len())
            .filter(|&w| {
                let q = &self.units[w];
                w != u
                    && q.side == side
                    && q.sector == sector
                    && q.slot == slot
                    && q.standing()
                    && q.pos >= new
                    && q.pos < old
            })
            .collect();
        for w in passed {
            self.disorder(w);
        }
        if new <= 0 {
            self.eliminate(u);
        }
    }

    pub(super) fn eliminate(&mut self, u: usize) {
        self.units[u].order = Order::Eliminated;
        if self.units[u].kind == Kind::Carroccio {
            self.carroccio_lost[self.units[u].side] = true;
        }
        self.relocate_leaders(u);
    }

    /// §7.3.1 after a charge: C is disordered, A and B check morale at +1 or are; added
    /// to any adverse result.
    pub(super) fn after_charge(&mut self, f: &Fight) {
        for (k, &a) in f.attackers.iter().enumerate() {
            if !f.charging[k] || !self.units[a].standing() {
                continue;
            }
            if self.units[a].grade == Grade::C || !self.morale_check(a, 1, "after-charge") {
                self.disorder(a);
            }
        }
    }

    /// §5.4.1: a leader in combat dies on 2 or 12 on 2d6.
    pub(super) fn leader_check(&mut self, l: usize, combat: u32) {
        let (id, battle, turn) = (&self.leaders[l].id, self.id.as_str(), self.turn);
        let mut die = |k: u8| {
            self.dice.roll_write(
                6,
                &|t| {
                    Self::write_ev(t, battle, turn);
                    t.push('c');
                    push_number(t, combat);
                    t.push_str("/leader/");
                    t.push_str(id);
                    t.push('/');
                    push_number(t, u32::from(k));
                },
                &|t| {
                    t.push_str("LEG5.4.1 leader loss ");
                    t.push_str(id);
                    t.push_str(": 2d6, killed on 2 or 12");
                },
            )
        };
        let (a, b) = (die(1), die(2));
        if a + b == 2 || a + b == 12 {
            self.kill(l);
        }
    }

    /// §5.4.2–5.4.5: a dead leader keeps one chit; §8.1 his side loses 2 × command VP.
    pub(super) fn kill(&mut self, l: usize) {
        let c = &mut self.leaders[l];
        if c.status == Status::Active {
            c.killed = true;
            if c.supreme {
                self.supreme_killed[c.side] = true;
            }
        }
        if !self.rules.sw.vp_no_leaders {
            self.leader_vp_lost[c.side] += self.rules.vp_leader * c.command;
        }
        c.status = Status::KilledPending;
        c.with = None;
    }

    /// Optional §7.4: units redraw their chit after an adverse result (or every combat).
    pub(super) fn redraw(&mut self, f: &Fight, hit: &[usize]) {
        if !self.rules.opt.variable {
            return;
        }
        let all: Vec<usize> = f.attackers.iter().chain(f.defenders).copied().collect();
        let again = if self.rules.sw.redraw_each_combat {
            &all[..]
        } else {
            hit
        };
        for &u in again {
            self.units[u].chit = Chit::Undrawn;
        }
    }
}
