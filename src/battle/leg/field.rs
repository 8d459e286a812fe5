//! The map-free table during play (§0.4): positions, contacts and overlaps, zones of control, leaders' reach, morale checks.

use super::*;

impl Battle<'_> {
    // --------------------------------------------------------------------------------
    // Geometry.

    pub(super) fn max_pos(
        &self,
        side: usize,
        sector: usize,
        pred: impl Fn(&Piece) -> bool,
    ) -> Option<i32> {
        self.units
            .iter()
            .filter(|u| u.side == side && u.sector == sector && u.on_table() && pred(u))
            .map(|u| u.pos)
            .max()
    }

    /// Hexes from a unit to the nearest enemy unit of its sector (`None`: no enemy there).
    pub(super) fn gap(&self, u: usize) -> Option<i32> {
        let p = &self.units[u];
        self.max_pos(1 - p.side, p.sector, |_| true)
            .map(|e| self.depth - p.pos - e)
    }

    /// Within `r` slots and `r` hexes of each other, same side and sector.
    pub(super) fn within(&self, u: usize, w: usize, r: i32) -> bool {
        let (a, b) = (&self.units[u], &self.units[w]);
        a.side == b.side
            && a.sector == b.sector
            && b.on_table()
            && (a.slot - b.slot).abs() <= r
            && (a.pos - b.pos).abs() <= r
    }

    /// The adjacencies of a sector (§0.4): front units pair in slot order, the longer
    /// line's surplus are overlaps on the ends of the shorter one (first flank, then rear).
    /// Reads the adjacencies of a sector, found anew only when the field they read has
    /// changed since (the memo is compared unit by unit, which is linear).
    pub(super) fn with_contacts<T>(&self, sector: usize, read: impl FnOnce(&[Edge]) -> T) -> T {
        let keys = self
            .units
            .iter()
            .map(|u| (u.sector, u.on_table(), u.pos, u.slot));
        let mut memo = self.contacts_memo.borrow_mut();
        read(memo.get(keys, sector, || self.contacts(sector)))
    }

    pub(super) fn contacts(&self, sector: usize) -> Vec<Edge> {
        let (Some(ma), Some(mb)) = (
            self.max_pos(0, sector, |_| true),
            self.max_pos(1, sector, |_| true),
        ) else {
            return Vec::new();
        };
        if ma + mb != self.depth - 1 {
            return Vec::new();
        }
        let front = |side: usize, m: i32| {
            let mut f: Vec<usize> = (0..self.units.len())
                .filter(|&i| {
                    let u = &self.units[i];
                    u.side == side && u.sector == sector && u.on_table() && u.pos == m
                })
                .collect();
            f.sort_by_key(|&i| (self.units[i].slot, i));
            f
        };
        let lines = [front(0, ma), front(1, mb)];
        let k = lines[0].len().min(lines[1].len());
        let mut edges: Vec<Edge> = (0..k)
            .map(|i| Edge {
                unit: [lines[0][i], lines[1][i]],
                approach: [Approach::Front; 2],
            })
            .collect();
        let long = usize::from(lines[1].len() > k);
        let mut hits: BTreeMap<usize, u32> = BTreeMap::new();
        for (j, &o) in lines[long][k..].iter().enumerate() {
            let Some((place, _)) = frame::facing(k + j, k) else {
                continue;
            };
            let t = lines[1 - long][place];
            let n = hits.entry(t).or_insert(0);
            *n += 1;
            let mut unit = [0; 2];
            let mut approach = [Approach::Exposed; 2];
            unit[long] = o;
            unit[1 - long] = t;
            approach[long] = if *n == 1 {
                Approach::Flank
            } else {
                Approach::Rear
            };
            edges.push(Edge { unit, approach });
        }
        edges
    }

    /// The enemies adjacent to a unit, with how it would attack each.
    pub(super) fn adjacent(&self, u: usize) -> Vec<(usize, Approach)> {
        let s = self.units[u].side;
        self.with_contacts(self.units[u].sector, |edges| {
            edges
                .iter()
                .filter(|e| e.unit[s] == u)
                .map(|e| (e.unit[1 - s], e.approach[s]))
                .collect()
        })
    }

    /// The ordered enemies whose ZOC holds a unit (§4.1; with facing only their front, §7.2).
    pub(super) fn zoc(&self, u: usize) -> Vec<usize> {
        let s = self.units[u].side;
        self.with_contacts(self.units[u].sector, |edges| {
            edges
                .iter()
                .filter(|e| e.unit[s] == u && self.units[e.unit[1 - s]].order == Order::Ok)
                .filter(|e| !self.rules.opt.facing || e.approach[1 - s] != Approach::Exposed)
                .map(|e| e.unit[1 - s])
                .collect()
        })
    }

    // --------------------------------------------------------------------------------
    // Morale (§6).

    /// The leader stacked with (`2`) or adjacent to (`1`) a unit, else `0`.
    pub(super) fn leader_near(&self, u: usize) -> i32 {
        let side = self.units[u].side;
        let mut best = 0;
        for l in self
            .leaders
            .iter()
            .filter(|l| l.side == side && l.status != Status::KilledPending)
        {
            match l.with {
                Some(w) if w == u => return 2,
                Some(w) if self.within(u, w, 1) => best = 1,
                _ => {}
            }
        }
        best
    }

    /// §9.3.1: the best Carroccio modifier of a unit's morale checks.
    pub(super) fn carroccio_mod(&self, u: usize) -> i32 {
        let p = &self.units[u];
        let mut best = 0;
        for c in (0..self.units.len()).filter(|&c| c != u && self.units[c].kind == Kind::Carroccio)
        {
            if self.units[c].side != p.side || !self.units[c].on_table() {
                continue;
            }
            if p.kind == Kind::Inf && self.within(u, c, 1) {
                return -3;
            }
            if (p.kind == Kind::Cav && self.within(u, c, 1))
                || (p.kind == Kind::Inf && self.within(u, c, 2))
            {
                best = -1;
            }
        }
        best
    }

    /// §9.3.1: Lombard infantry within 1 hex of its Carroccio fights one level higher.
    pub(super) fn combat_grade(&self, u: usize) -> Grade {
        let p = &self.units[u];
        if p.kind == Kind::Inf && self.carroccio_mod(u) == -3 {
            p.grade.up()
        } else {
            p.grade
        }
    }

    /// A morale check (§6.1): d10 (0 = 10) + modifiers ≤ the grade's morale value.
    pub(super) fn morale_check(&mut self, u: usize, mods: i32, what: &str) -> bool {
        let p = &self.units[u];
        let value = self.rules.morale.get(p.grade) as i32;
        let total = mods + self.carroccio_mod(u);
        // Written straight into the dice's log: `leg/<battle>/t<turn>/morale/<unit>/<what>`
        // and `LEG6.1 morale A-U1 (B, 7) rally: d10-1 <= 7 passes`.
        let (battle, turn) = (self.id.as_str(), self.turn);
        let roll = i32::from(self.dice.roll_write(
            10,
            &|t| {
                Self::write_ev(t, battle, turn);
                t.push_str("morale/");
                t.push_str(&p.id);
                t.push('/');
                t.push_str(what);
            },
            &|t| {
                t.push_str("LEG6.1 morale ");
                t.push_str(&p.id);
                t.push_str(" (");
                t.push(p.grade.letter());
                t.push_str(", ");
                push_int(t, i64::from(value));
                t.push_str(") ");
                t.push_str(what);
                t.push_str(": d10");
                push_signed(t, i64::from(total));
                t.push_str(" <= ");
                push_int(t, i64::from(value));
                t.push_str(" passes");
            },
        ));
        roll + total <= value
    }

    /// §6.4 (and §4.1): the morale check to leave an enemy ZOC.
    pub(super) fn leave_zoc(&mut self, u: usize) -> bool {
        let enemies = self.zoc(u);
        if enemies.is_empty() {
            return true;
        }
        let p = &self.units[u];
        let mut mods = 0;
        if self.leader_near(u) > 0 {
            mods -= 1;
        }
        if enemies.iter().any(|&e| self.units[e].grade > p.grade) {
            mods += 1;
        }
        if p.kind == Kind::Cav && enemies.iter().all(|&e| self.units[e].foot()) {
            mods -= 1;
        }
        if p.foot() && enemies.iter().any(|&e| self.units[e].kind == Kind::Cav) {
            mods += 1;
        }
        if p.order == Order::Disordered {
            mods += 1;
        }
        self.morale_check(u, mods, "leave-zoc")
    }
}
