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
                let t = self.targets(members[k]);
                if !t.is_empty() && t.iter().all(|d| defenders.contains(d)) {
                    used[k] = true;
                    group.push(k);
                }
            }
            let attackers: Vec<usize> = group.iter().map(|&k| members[k]).collect();
            let gaps: Vec<Option<i32>> = group.iter().map(|&k| start_gap[k]).collect();
            let may: Vec<bool> = (0..attackers.len())
                .map(|k| self.may_charge(attackers[k], &defenders, gaps[k]))
                .collect();
            if self.wants_attack(&attackers, &defenders, may) {
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

    /// How a unit attacks the defenders: its best approach, Front without facing.
    pub(super) fn approach(&self, u: usize, defenders: &[usize]) -> Approach {
        if !self.rules.opt.facing {
            return Approach::Front;
        }
        self.adjacent(u)
            .into_iter()
            .filter(|(e, _)| defenders.contains(e))
            .map(|(_, a)| a)
            .max()
            .unwrap_or(Approach::Front)
    }

    /// The policy (§2.e): attack at the minimum column, with an overlap, or a routed
    /// target; `charging` says which attackers (would) charge.
    pub(super) fn wants_attack(
        &mut self,
        attackers: &[usize],
        defenders: &[usize],
        charging: Vec<bool>,
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
            self.adjacent(a)
                .iter()
                .any(|&(e, ap)| defenders.contains(&e) && ap >= Approach::Flank)
        });
        if overlap {
            return true;
        }
        let approach = attackers
            .iter()
            .map(|&a| self.approach(a, defenders))
            .collect();
        let f = Fight {
            ev: String::new(),
            attackers: attackers.to_vec(),
            defenders: defenders.to_vec(),
            charging,
            approach,
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
            let id = &self.units[u].id;
            usize::from(self.dice.roll_fmt(
                format_args!("leg/{}/t{}/chit/{id}", self.id, self.turn),
                n as u8,
                format_args!("LEG5.1.3 combat chit for {id}: one of {n}"),
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
        let p = self.units[a].clone();
        if p.kind == Kind::Cav && f.defenders.iter().any(|&d| self.units[d].foot()) {
            v = if f.approach[k] >= Approach::Flank {
                v * 2
            } else {
                v / 2
            };
        }
        if self.forest_attack(a, &f.defenders) {
            let t = &self.rules.forest;
            v /= if p.kind == Kind::Cav {
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
        let p = self.units[d].clone();
        let grade = match p.kind {
            Kind::Carroccio => Grade::A,
            _ if self.rules.sw.carroccio_defence => self.combat_grade(d),
            _ => p.grade,
        };
        let v = self.value(d, grade);
        if p.order == Order::Disordered {
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

    /// The die roll modifiers of §5.1.4 and §7.3.1, with their description.
    pub(super) fn drm(&self, f: &Fight) -> (i32, String) {
        let mut drm = 0;
        let mut why = String::new();
        let best = |units: &[usize]| {
            let bonus: Vec<i32> = self
                .leaders_with(units)
                .iter()
                .map(|&l| if self.leaders[l].supreme { 2 } else { 1 })
                .collect();
            if self.rules.sw.leader_sum {
                bonus.iter().sum()
            } else {
                bonus.iter().copied().max().unwrap_or(0)
            }
        };
        let (att, def) = (best(&f.attackers), best(&f.defenders));
        if att > 0 {
            drm += att;
            why += &format!(" +{att} leader");
        }
        if def > 0 {
            drm -= def;
            why += &format!(" -{def} leader");
        }
        if f.defenders
            .iter()
            .any(|&d| self.units[d].order == Order::Disordered)
        {
            drm += 1;
            why += " +1 disordered";
        }
        let m = self.morale_compare(f);
        if m != 0 {
            drm += m;
            why += &format!(" {m:+} morale");
        }
        (drm, why)
    }

    /// §5.1.4 better morale, with §7.3.1: a charger is one level higher, and +1 when it
    /// started equal to the charged unit. READING: the best grade each side.
    pub(super) fn morale_compare(&self, f: &Fight) -> i32 {
        let pick = |gs: Vec<Grade>| {
            if self.rules.sw.compare_worst {
                gs.into_iter().min()
            } else {
                gs.into_iter().max()
            }
        };
        let att = pick(
            (0..f.attackers.len())
                .map(|k| {
                    let g = self.units[f.attackers[k]].grade;
                    if f.charging[k] { g.up() } else { g }
                })
                .collect(),
        );
        let def = pick(
            f.defenders
                .iter()
                .map(|&d| match self.units[d].kind {
                    Kind::Carroccio => Grade::A,
                    _ => self.units[d].grade,
                })
                .collect(),
        );
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

    pub(super) fn leaders_with(&self, units: &[usize]) -> Vec<usize> {
        (0..self.leaders.len())
            .filter(|&l| {
                self.leaders[l].status != Status::KilledPending
                    && self.leaders[l].with.is_some_and(|w| units.contains(&w))
            })
            .collect()
    }

    /// One combat (§5.1–§5.4; digest §2.b `combat`).
    pub(super) fn fight(
        &mut self,
        attackers: Vec<usize>,
        defenders: Vec<usize>,
        start_gap: &[Option<i32>],
    ) {
        self.combat += 1;
        let ev = self.ev(&format!("c{}", self.combat));
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
        if failed && !self.wants_attack(&attackers, &defenders, charging.clone()) {
            return;
        }
        let approach = attackers
            .iter()
            .map(|&a| self.approach(a, &defenders))
            .collect();
        let f = Fight {
            ev,
            attackers,
            defenders,
            approach,
            charging,
        };
        for u in f
            .attackers
            .iter()
            .chain(&f.defenders)
            .copied()
            .collect::<Vec<_>>()
        {
            self.ensure_chit(u);
        }
        let code = self.roll_crt(&f);
        let involved = self.leaders_with(&[f.attackers.clone(), f.defenders.clone()].concat());
        let hit = self.apply(code, &f);
        self.after_charge(&f);
        for l in involved {
            self.leader_check(l, &f.ev);
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
        let (drm, why) = self.drm(f);
        let crt = &self.rules.crt;
        let base = crt.column(att, def, self.rules.sw.odds_up);
        let names = |us: &[usize]| {
            us.iter()
                .map(|&u| self.units[u].id.as_str())
                .collect::<Vec<_>>()
                .join("+")
        };
        let purpose = format!(
            "LEG5.2 CRT {} ({att}) -> {} ({def}) {} shift {:+}, d6{drm:+}{why}",
            names(&f.attackers),
            names(&f.defenders),
            crt.columns[base],
            col - base as i32,
        );
        let d6 = i32::from(self.dice.roll_fmt(
            format_args!("{}/crt", f.ev),
            6,
            format_args!("{purpose}"),
        ));
        let (row, c) = crt.cell(d6 + drm, col, !self.rules.sw.clamp_row);
        crt.result(row, c)
    }

    /// §5.3: applies a result to the side it names (READING: every involved unit, or the
    /// owner's choice, the unit worth fewest VP). Returns the units hit adversely.
    pub(super) fn apply(&mut self, code: Code, f: &Fight) -> Vec<usize> {
        if code.effect == Effect::None {
            return Vec::new();
        }
        let mut hit = if code.hits_attacker {
            f.attackers.clone()
        } else {
            f.defenders.clone()
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
        let p = self.units[u].clone();
        let passed: Vec<usize> = (0..self.units.len())
            .filter(|&w| {
                let q = &self.units[w];
                w != u
                    && q.side == p.side
                    && q.sector == p.sector
                    && q.slot == p.slot
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
    pub(super) fn leader_check(&mut self, l: usize, ev: &str) {
        let id = &self.leaders[l].id;
        let mut die = |k: u8| {
            self.dice.roll_fmt(
                format_args!("{ev}/leader/{id}/{k}"),
                6,
                format_args!("LEG5.4.1 leader loss {id}: 2d6, killed on 2 or 12"),
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
        let all: Vec<usize> = f.attackers.iter().chain(&f.defenders).copied().collect();
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
