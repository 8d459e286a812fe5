//! The map-free field during play (§0.4): terrain, rows and contact, the §0.4 facing, zones of control, smoke, command and the commanders' places.

use super::*;

impl<'a> Battle<'a> {
    /// The TEC row of a row of a sector (the line, the approach in front of it, or
    /// clear), read from the rows each sector keeps from setup rather than looked up by
    /// name on every modifier.
    pub(super) fn row_tec(&self, sector: usize, row: i64) -> TerrainRow {
        self.note(Table::Tec);
        let s = &self.sectors[sector];
        if row == s.line {
            s.line_tec
        } else if row == s.line - 1 && !s.stream {
            s.approach_tec
        } else {
            self.clear_tec
        }
    }

    /// The TEC row of the hex a unit stands in.
    pub(super) fn unit_tec(&self, u: usize) -> TerrainRow {
        self.row_tec(self.units[u].sector, self.units[u].pos)
    }

    pub(super) fn on(&self, u: usize) -> bool {
        self.units[u].gone.is_none()
    }

    pub(super) fn id(&self, u: usize) -> String {
        self.units[u].id.clone()
    }

    /// Terrain of a row of a sector: the line, the approach in front of it, or clear.
    pub(super) fn row_terrain(&self, sector: usize, row: i64) -> &str {
        let s = &self.sectors[sector];
        if row == s.line {
            &s.terrain
        } else if row == s.line - 1 && !s.stream {
            &s.approach
        } else {
            "clear"
        }
    }

    pub(super) fn terrain(&self, u: usize) -> &str {
        self.row_terrain(self.units[u].sector, self.units[u].pos)
    }

    /// Whether the approach's stream runs between two rows (§10.3: no charge across).
    pub(super) fn stream_between(&self, sector: usize, a: i64, b: i64) -> bool {
        let s = &self.sectors[sector];
        s.stream && a.min(b) == s.line - 1 && a.max(b) == s.line
    }

    /// A side's units on the table in a sector, in card order: read from the sector's
    /// list rather than from every unit of the battle (nearly every query of the field
    /// starts here).
    pub(super) fn in_sector(&self, side: usize, sector: usize) -> impl Iterator<Item = usize> + '_ {
        let listed = self.by_sector.get(sector).map_or(&[][..], |s| &s[side][..]);
        listed.iter().copied().filter(move |&i| {
            self.on(i) && self.units[i].side == side && self.units[i].sector == sector
        })
    }

    /// Each sector's units of each side, in card order, listed again whenever a unit
    /// changes sector (setup, and a group's shift to another sector).
    pub(super) fn list_by_sector(&mut self) {
        let mut by_sector = vec![[Vec::new(), Vec::new()]; self.sectors.len()];
        for (i, x) in self.units.iter().enumerate() {
            if let Some(s) = by_sector.get_mut(x.sector) {
                s[x.side].push(i);
            }
        }
        self.by_sector = by_sector;
    }

    /// The nearest enemy row in a unit's sector.
    pub(super) fn enemy_row(&self, u: usize) -> Option<i64> {
        let x = &self.units[u];
        let rows = self
            .in_sector(1 - x.side, x.sector)
            .map(|i| self.units[i].pos);
        if x.side == 0 { rows.min() } else { rows.max() }
    }

    /// Hexes from a unit to the nearest enemy row.
    pub(super) fn gap(&self, u: usize) -> Option<i64> {
        self.enemy_row(u)
            .map(|r| (r - self.units[u].pos) * dir(self.units[u].side))
    }

    pub(super) fn adjacent(&self, u: usize, v: usize) -> bool {
        let (a, b) = (&self.units[u], &self.units[v]);
        self.on(u)
            && self.on(v)
            && a.side != b.side
            && a.sector == b.sector
            && (a.pos - b.pos).abs() == 1
    }

    /// Batteries and the infantry they stack with on one row (§6.0), in card order.
    pub(super) fn stacks(&self, side: usize, sector: usize, pos: i64) -> Vec<(usize, usize)> {
        let here: Vec<usize> = self
            .in_sector(side, sector)
            .filter(|&i| self.units[i].pos == pos)
            .collect();
        let guns = here
            .iter()
            .copied()
            .filter(|&i| self.units[i].arm == Arm::Artillery);
        let foot = here
            .iter()
            .copied()
            .filter(|&i| self.units[i].arm == Arm::Foot && self.units[i].order != Order::Routed);
        guns.zip(foot).collect()
    }

    /// The infantry a battery stacks with: the pair [`Self::stacks`] makes, read off
    /// the row without collecting it (the contact rows ask it of every battery).
    pub(super) fn host_of(&self, gun: usize) -> Option<usize> {
        let k = self
            .row_of(gun)
            .filter(|&i| self.units[i].arm == Arm::Artillery)
            .position(|i| i == gun)?;
        self.row_of(gun).filter(|&i| self.stacks_foot(i)).nth(k)
    }

    /// The battery an infantry unit stacks with: the pair [`Self::stacks`] makes.
    pub(super) fn battery_with(&self, foot: usize) -> Option<usize> {
        if !self.on(foot) {
            return None;
        }
        let k = self
            .row_of(foot)
            .filter(|&i| self.stacks_foot(i))
            .position(|i| i == foot)?;
        self.row_of(foot)
            .filter(|&i| self.units[i].arm == Arm::Artillery)
            .nth(k)
    }

    /// Infantry a battery may stack with (§6.0): not routed.
    fn stacks_foot(&self, i: usize) -> bool {
        self.units[i].arm == Arm::Foot && self.units[i].order != Order::Routed
    }

    /// The units on the table on `u`'s row of its sector, its own side's, in card order.
    fn row_of(&self, u: usize) -> impl Iterator<Item = usize> + '_ {
        let x = &self.units[u];
        self.in_sector(x.side, x.sector)
            .filter(move |&i| self.units[i].pos == x.pos)
    }

    /// The two contact rows of a sector, without routed units and stacked batteries.
    pub(super) fn contact(&self, sector: usize) -> Option<[Vec<usize>; 2]> {
        let ra = self.in_sector(0, sector).map(|i| self.units[i].pos).max()?;
        let rb = self.in_sector(1, sector).map(|i| self.units[i].pos).min()?;
        if rb - ra != 1 {
            return None;
        }
        let row = |side: usize, r: i64| -> Vec<usize> {
            self.in_sector(side, sector)
                .filter(|&i| {
                    let x = &self.units[i];
                    x.pos == r
                        && x.order != Order::Routed
                        && !(x.arm == Arm::Artillery && self.host_of(i).is_some())
                })
                .collect()
        };
        Some([row(0, ra), row(1, rb)])
    }

    /// The enemy a unit of a contact row faces, and whether it is an overlap.
    pub(super) fn target_in(
        rows: &[Vec<usize>; 2],
        side: usize,
        u: usize,
    ) -> Option<(usize, bool)> {
        let (mine, theirs) = (&rows[side], &rows[1 - side]);
        let k = mine.iter().position(|&i| i == u)?;
        let (place, overlap) = frame::facing(k, theirs.len())?;
        Some((theirs[place], overlap))
    }

    pub(super) fn target_of(&self, u: usize) -> Option<(usize, bool)> {
        let side = self.units[u].side;
        self.with_contact(self.units[u].sector, |rows| {
            Self::target_in(rows.as_ref()?, side, u)
        })
    }

    /// Reads the contact rows of a sector, found anew only when the field they read has
    /// changed since (the memo is compared unit by unit, which is linear).
    pub(super) fn with_contact<T>(
        &self,
        sector: usize,
        read: impl FnOnce(&Option<[Vec<usize>; 2]>) -> T,
    ) -> T {
        let keys = self.units.iter().map(Self::contact_key);
        let mut memo = self.contact_memo.borrow_mut();
        read(memo.get(keys, sector, || self.contact(sector)))
    }

    /// What the contact rows read of a unit, in one word: whether it is on the table
    /// (bit 0), its order (bits 1–2), its sector (bits 3–31) and its row (bits 32–63).
    /// Rows and sectors are small numbers (the table's depth, the wings), far inside
    /// their bits, so two different fields never pack the same.
    fn contact_key(x: &Unit) -> ContactKey {
        let order = match x.order {
            Order::Good => 0,
            Order::Disordered => 1,
            Order::Routed => 2,
        };
        u64::from(x.gone.is_none())
            | (order << 1)
            | ((x.sector as u64 & 0x1FFF_FFFF) << 3)
            | (u64::from(x.pos as u32) << 32)
    }

    /// §7.0: every unit but artillery and routed units, not from woods or cover.
    pub(super) fn exerts_zoc(&self, e: usize) -> bool {
        let x = &self.units[e];
        self.on(e) && x.order != Order::Routed && x.arm != Arm::Artillery && self.unit_tec(e).zoc
    }

    pub(super) fn in_ezoc(&self, u: usize) -> bool {
        // Read as the sector goes by: no list of the facing units is kept.
        let x = &self.units[u];
        let row = x.pos + dir(x.side);
        self.in_sector(1 - x.side, x.sector)
            .any(|e| self.units[e].pos == row && self.exerts_zoc(e))
    }

    pub(super) fn smoky(&self, u: usize) -> bool {
        // §9.1.2 note: a Feu de Billebaude marker also implies a Smoke marker.
        self.units[u].smoke || self.units[u].feu
    }

    /// The units beside `u` in its row and the enemy it faces: its adjacent hexes, at
    /// most three, in an array on the stack (the smoke and TDR queries ask for them shot
    /// by shot, so a `Vec` each time was an allocation per query).
    pub(super) fn neighbours(&self, u: usize) -> Neighbours {
        self.with_contact(self.units[u].sector, |rows| self.neighbours_in(rows, u))
    }

    /// [`Self::neighbours`] with the contact rows of `u`'s sector already read.
    fn neighbours_in(&self, rows: &Option<[Vec<usize>; 2]>, u: usize) -> Neighbours {
        let x = &self.units[u];
        let mut out = Neighbours::default();
        // The units just before and after `u` in its row, in card order, read as the row
        // goes by rather than collected first.
        let mut row = self
            .in_sector(x.side, x.sector)
            .filter(|&i| self.units[i].pos == x.pos);
        let mut before = None;
        for i in row.by_ref() {
            if i == u {
                out.extend(before);
                out.extend(row.next());
                break;
            }
            before = Some(i);
        }
        out.extend(
            rows.as_ref()
                .and_then(|r| Self::target_in(r, x.side, u))
                .map(|t| t.0),
        );
        out
    }

    /// §8.2.1: Smoke on a shot from `f` at `t`.
    pub(super) fn fire_smoke(&self, f: usize, t: usize) -> i64 {
        let m = &self.t.modifiers;
        let (sf, st) = (self.units[f].sector, self.units[t].sector);
        let smoke = if self.smoky(f) || self.smoky(t) {
            m.smoke_in_hex
        } else if !self.smoke_in_sector(sf) && (st == sf || !self.smoke_in_sector(st)) {
            0
        } else {
            // Each neighbour once (a sorted, deduplicated handful, not a tree); both
            // units' from one reading of the contact rows when they share a sector.
            let (nf, nt) = if sf == st {
                self.with_contact(sf, |rows| {
                    (self.neighbours_in(rows, f), self.neighbours_in(rows, t))
                })
            } else {
                (self.neighbours(f), self.neighbours(t))
            };
            let mut near = [0; 6];
            let mut n = 0;
            for &i in nf.as_slice().iter().chain(nt.as_slice()) {
                if i != f && i != t {
                    near[n] = i;
                    n += 1;
                }
            }
            let near = &mut near[..n];
            near.sort_unstable();
            let mut smoky = 0;
            for (k, &i) in near.iter().enumerate() {
                if (k == 0 || near[k - 1] != i) && self.smoky(i) {
                    smoky += 1;
                }
            }
            smoky * m.smoke_adjacent
        };
        if self.r.smoke_floor {
            smoke.max(m.smoke_floor)
        } else {
            smoke
        }
    }

    /// §8.2.1 note: Smoke on a TDR.
    pub(super) fn tdr_smoke(&self, u: usize) -> i64 {
        let m = &self.t.modifiers;
        if self.smoky(u) {
            m.tdr_smoke_in_hex
        } else if self.smoke_in_sector(self.units[u].sector)
            && self.neighbours(u).as_slice().iter().any(|&i| self.smoky(i))
        {
            m.tdr_smoke_adjacent
        } else {
            0
        }
    }

    /// Whether a unit on the table in a sector has Smoke (or a Feu marker): with none,
    /// no neighbour of its units has, and they need not be found (a unit's neighbours
    /// are all in its sector).
    fn smoke_in_sector(&self, sector: usize) -> bool {
        (0..2).any(|side| self.in_sector(side, sector).any(|i| self.smoky(i)))
    }

    // ---- command (§4) ---------------------------------------------------------------

    pub(super) fn present(&self, c: usize) -> bool {
        matches!(self.commanders[c].counter, Counter::Up | Counter::Staff)
    }

    /// §3.0 A.1, §4.3: a wing acts with its Wing Commander, or under the CiC.
    pub(super) fn wing_in_command(&self, side: usize, wing: usize) -> bool {
        let wc = self.wc[side].get(wing).copied().flatten();
        wc.is_some_and(|c| self.present(c)) || self.cic[side].is_some_and(|c| self.present(c))
    }

    /// §4.4.1: a formation without its commander is out of command; a battery answers
    /// to its wing (§2.2.2).
    pub(super) fn in_command(&self, u: usize) -> bool {
        let x = &self.units[u];
        match x.formation {
            None => self.wing_in_command(x.side, x.wing),
            Some(f) => {
                let form = &self.formations[f];
                form.fc.is_some_and(|c| self.present(c)) && self.wing_in_command(x.side, form.wing)
            }
        }
    }

    pub(super) fn is_member(&self, c: usize, u: usize) -> bool {
        let (l, x) = (&self.commanders[c], &self.units[u]);
        l.side == x.side
            && x.arm != Arm::Artillery
            && match l.rank {
                Rank::Formation => x.formation.is_some() && x.formation == l.formation,
                Rank::Wing => x.wing == l.wing,
                Rank::Chief => false,
            }
    }

    /// Whether a commander stands with `u` or beside it: one of the units he reached
    /// when placed, still within a hex of his row.
    pub(super) fn reaches(&self, c: usize, u: usize) -> bool {
        let (l, x) = (&self.commanders[c], &self.units[u]);
        self.present(c)
            && self.on(u)
            && l.reach.contains(&u)
            && x.sector == l.sector
            && (x.pos - l.row).abs() <= 1
    }

    /// Stands a commander with unit `s` (or with none): his row, and the members of his
    /// command beside `s` on that row (§4.e: his stack and two neighbours).
    pub(super) fn set_stack(&mut self, c: usize, s: Option<usize>) {
        // The members on the row just before and after `s`, read as the row goes by (the
        // commanders are placed again after every formation's movement).
        let mut reach = [None; 3];
        if let Some(s) = s {
            let (side, sector, pos) = (self.units[s].side, self.units[s].sector, self.units[s].pos);
            let mut row = self
                .in_sector(side, sector)
                .filter(|&i| self.units[i].pos == pos && self.is_member(c, i));
            let mut before = None;
            for i in row.by_ref() {
                if i == s {
                    reach = [before, Some(s), row.next()];
                    break;
                }
                before = Some(i);
            }
            drop(row);
            let l = &mut self.commanders[c];
            (l.row, l.sector) = (pos, sector);
        }
        let l = &mut self.commanders[c];
        l.stack = s;
        l.reach.clear();
        l.reach.extend(reach.into_iter().flatten());
    }

    pub(super) fn fc_of(&self, u: usize) -> Option<usize> {
        self.units[u].formation.and_then(|f| self.formations[f].fc)
    }

    /// §9.1.4: the Wing Commander's bonus supersedes the Formation Commander's.
    pub(super) fn fire_bonus(&self, u: usize) -> i64 {
        let x = &self.units[u];
        let wc = self.wc[x.side].get(x.wing).copied().flatten();
        let by = wc
            .filter(|&c| self.reaches(c, u))
            .or_else(|| self.fc_of(u).filter(|&c| self.reaches(c, u)));
        by.map_or(0, |c| {
            if self.commanders[c].counter == Counter::Staff {
                self.note(Table::Commanders);
                self.t.staff.staff_fire_bonus
            } else {
                self.commanders[c].fire_bonus
            }
        })
    }

    /// §4.4: the Sergeants' Factor of the unit's Formation Commander, if beside it.
    pub(super) fn best_sf(&self, u: usize) -> i64 {
        self.fc_of(u)
            .filter(|&c| self.reaches(c, u))
            .map_or(0, |c| {
                if self.commanders[c].counter == Counter::Staff {
                    self.note(Table::Commanders);
                    self.t.staff.staff_sf
                } else {
                    self.commanders[c].sf
                }
            })
    }

    /// A formation's units on the table, in card order.
    pub(super) fn formation_units(&self, f: usize) -> Vec<usize> {
        self.members[f]
            .iter()
            .copied()
            .filter(|&i| self.on(i))
            .collect()
    }

    pub(super) fn wing_formations(&self, side: usize, wing: usize) -> Vec<usize> {
        (0..self.formations.len())
            .filter(|&f| self.formations[f].wing == wing && self.formation_side(f) == Some(side))
            .collect()
    }

    pub(super) fn formation_side(&self, f: usize) -> Option<usize> {
        let c = self.formations[f].fc?;
        Some(self.commanders[c].side)
    }

    pub(super) fn wing_batteries(&self, side: usize, wing: usize) -> Vec<usize> {
        (0..self.units.len())
            .filter(|&i| {
                let x = &self.units[i];
                self.on(i) && x.side == side && x.wing == wing && x.arm == Arm::Artillery
            })
            .collect()
    }

    /// The middle unit of [`Self::leading`], counted rather than collected (the
    /// commanders are placed with it after every formation's movement).
    pub(super) fn leading_middle(&self, members: &[usize]) -> Option<usize> {
        let n = self.leading(members).count();
        self.leading(members).nth(n / 2)
    }

    /// The formed units of a list on its most forward row, in card order.
    fn leading<'m>(&'m self, members: &'m [usize]) -> impl Iterator<Item = usize> + 'm {
        let formed = move |i: usize| {
            self.on(i)
                && self.units[i].order != Order::Routed
                && self.units[i].arm != Arm::Artillery
        };
        let ahead = move |i: usize| self.units[i].pos * dir(self.units[i].side);
        let best = members
            .iter()
            .copied()
            .filter(|&i| formed(i))
            .map(ahead)
            .max();
        members
            .iter()
            .copied()
            .filter(move |&i| formed(i) && Some(ahead(i)) == best)
    }

    pub(super) fn command_members(&self, c: usize) -> Vec<usize> {
        (0..self.units.len())
            .filter(|&i| self.on(i) && self.is_member(c, i))
            .collect()
    }

    pub(super) fn place_all_commanders(&mut self) {
        for f in 0..self.formations.len() {
            self.place_fc(f);
        }
        for side in 0..2 {
            for w in 0..self.wc[side].len() {
                self.place_wc(side, w);
            }
        }
    }

    /// Policy: a Formation Commander joins the middle of his formation's leading row.
    pub(super) fn place_fc(&mut self, f: usize) {
        if let Some(c) = self.formations[f].fc
            && self.present(c)
            && let Some(s) = self.leading_middle(&self.members[f])
        {
            self.set_stack(c, Some(s));
        }
    }

    /// Policy: a Wing Commander with a fire bonus joins a leading unit of his wing that
    /// no Formation Commander reaches, else one whose Formation Commander's bonus is
    /// lower than his (his supersedes, §9.1.4); otherwise he stands behind the line,
    /// with no unit, out of harm's way.
    pub(super) fn place_wc(&mut self, side: usize, wing: usize) {
        let Some(c) = self.wc[side].get(wing).copied().flatten() else {
            return;
        };
        if !self.present(c) {
            return;
        }
        let own = self.commanders[c].fire_bonus;
        let lead: Vec<usize> = self
            .wing_formations(side, wing)
            .into_iter()
            .flat_map(|f| self.leading(&self.members[f]))
            .collect();
        let fc_bonus = |u: usize| {
            self.fc_of(u)
                .filter(|&fc| self.reaches(fc, u))
                .map(|fc| self.commanders[fc].fire_bonus)
        };
        let free = lead.iter().copied().find(|&u| fc_bonus(u).is_none());
        let better = lead
            .iter()
            .copied()
            .find(|&u| fc_bonus(u).is_some_and(|b| b < own));
        self.set_stack(c, if own > 0 { free.or(better) } else { None });
    }

    /// The commanders in `u`'s hex: standing with it, on its row.
    pub(super) fn commanders_with(&self, u: usize) -> Vec<usize> {
        let x = &self.units[u];
        (0..self.commanders.len())
            .filter(|&c| {
                let l = &self.commanders[c];
                self.present(c) && l.stack == Some(u) && l.row == x.pos && l.sector == x.sector
            })
            .collect()
    }

    /// §4.6, §4.7: the counter flips to its Staff side; a Staff becomes a trophy.
    pub(super) fn flip(&mut self, c: usize) {
        let l = &mut self.commanders[c];
        l.counter = match l.counter {
            Counter::Up => Counter::Staff,
            Counter::Staff => Counter::Trophy,
            other => other,
        };
    }

    /// §4.7: he stays with a unit that keeps its order, or joins the nearest unit of
    /// his command; with none he is eliminated.
    pub(super) fn relocate(&mut self, c: usize, from: usize) {
        if self.on(from) && self.units[from].order != Order::Routed {
            return;
        }
        if self.commanders[c].rank == Rank::Chief {
            return;
        }
        match self.leading_middle(&self.command_members(c)) {
            Some(s) => self.set_stack(c, Some(s)),
            None => {
                self.set_stack(c, None);
                self.commanders[c].counter = Counter::Killed;
            }
        }
    }

    /// §4.7: a commander with a unit forced to retreat by combat rolls d10: 0–2 flips.
    pub(super) fn commander_retreat(&mut self, u: usize) {
        for c in self.commanders_with(u) {
            let (id, unit) = (self.commanders[c].id.clone(), self.id(u));
            let max = self.t.modifiers.commander_retreat_max;
            let purpose = format!(
                "PIA commander retreat {id} with {unit}: d10 0-{max} flips him to his Staff side, a Staff is captured (§4.7)"
            );
            if self.d10(&format!("commander/{id}"), &purpose) <= max {
                self.flip(c);
            }
            if self.present(c) {
                self.relocate(c, u);
            }
        }
    }

    /// §4.6: the last piece in a hex the enemy enters is captured.
    pub(super) fn commander_capture(&mut self, u: usize) {
        for c in self.commanders_with(u) {
            self.flip(c);
            if self.present(c) {
                self.relocate(c, u);
            }
        }
    }
}

/// A unit's adjacent hexes' units ([`Battle::neighbours`]): at most two beside it in its
/// row and the enemy it faces.
#[derive(Default, Clone, Copy)]
pub(super) struct Neighbours {
    units: [usize; 3],
    len: usize,
}

impl Neighbours {
    fn extend(&mut self, unit: Option<usize>) {
        if let (Some(u), Some(slot)) = (unit, self.units.get_mut(self.len)) {
            *slot = u;
            self.len += 1;
        }
    }

    pub(super) fn as_slice(&self) -> &[usize] {
        &self.units[..self.len]
    }
}
