//! Training die rolls (§5.11), hits and their effects, and Fire (§9.1): volleys, replies, Feu de Billebaude, reaction fire.

use super::*;

impl<'a> Battle<'a> {
    // ---- TDR (§5.11) ------------------------------------------------------------------

    /// The standard TDR modifiers: eZOC (§7.1g), Smoke (§8.2.1 note), terrain (TEC).
    pub(super) fn std_mods(&self, u: usize) -> Mods {
        let m = &self.t.modifiers;
        let mut mods = Mods::default();
        if self.in_ezoc(u) {
            mods.push((m.tdr_ezoc, "eZOC"));
        }
        let smoke = self.tdr_smoke(u);
        if smoke != 0 {
            mods.push((smoke, "Smoke"));
        }
        let terrain = self.unit_tec(u).tdr;
        if terrain != 0 {
            mods.push((terrain, "terrain"));
        }
        mods
    }

    /// The highest raw d10 that passes a TDR with these modifiers.
    pub(super) fn tdr_target(&self, u: usize, mods: &[(i64, &str)]) -> i64 {
        let light = if self.units[u].light {
            self.t.modifiers.light_tdr
        } else {
            0
        };
        self.units[u].training - mods.iter().map(|m| m.0).sum::<i64>() + self.best_sf(u) - light
    }

    /// §5.11: d10 + modifiers − SF (− 1 light, §9.2.6a) ≤ the training level passes;
    /// on a reorganization an unmodified 9 always fails (§11.4).
    pub(super) fn tdr(
        &mut self,
        u: usize,
        key: &str,
        what: &str,
        mods: &[(i64, &str)],
        reorg: bool,
    ) -> bool {
        let sf = self.best_sf(u);
        let light = if self.units[u].light {
            self.t.modifiers.light_tdr
        } else {
            0
        };
        let need = self.units[u].training;
        let text = TdrMods { mods, sf, light };
        let nine = if reorg { ", an unmodified 9 fails" } else { "" };
        let (roll, units) = self.roller();
        let unit = units[u].id.as_str();
        let raw = roll.d10(
            &|s| {
                s.put("tdr/").put(key).put("/").put(unit);
            },
            &|s| {
                s.put("PIA TDR ").put(what).put(" ").put(unit).put(": d10");
                text.put_to(s);
                s.put(" <= ")
                    .int(need)
                    .put(" passes")
                    .put(nine)
                    .put(" (§5.11)");
            },
        );
        if reorg && raw == self.t.modifiers.reorg_natural_fail {
            return false;
        }
        raw + mods.iter().map(|m| m.0).sum::<i64>() - sf + light <= need
    }

    // ---- losses, disorder, retreat, rout (§8.5, §9.2.8, §11) --------------------------

    pub(super) fn eliminate(&mut self, u: usize, enemy_enters: bool) {
        if !self.on(u) {
            return;
        }
        let x = &mut self.units[u];
        x.steps_lost += x.steps_left();
        x.gone = Some(Gone::Eliminated);
        if enemy_enters {
            self.commander_capture(u);
        } else {
            for c in self.commanders_with(u) {
                self.relocate(c, u);
            }
        }
    }

    /// §9.2.9: the first step flips a two-step unit; any other removes it.
    pub(super) fn lose_steps(&mut self, u: usize, n: usize, enemy_enters: bool) {
        for _ in 0..n {
            if !self.on(u) {
                return;
            }
            let x = &mut self.units[u];
            if x.sp_reduced > 0 && !x.reduced {
                x.reduced = true;
                x.steps_lost += 1;
            } else {
                self.eliminate(u, enemy_enters);
            }
        }
    }

    /// Moves a unit `hexes` toward its own edge; a unit that would leave the map is
    /// eliminated (§9.2.8, §11.3). `combat`: the commanders with it roll (§4.7).
    pub(super) fn retreat(&mut self, u: usize, hexes: i64, combat: bool) {
        if !self.on(u) || hexes <= 0 {
            return;
        }
        let with = self.commanders_with(u);
        let new = self.units[u].pos - dir(self.units[u].side) * hexes;
        if new < 0 || new > self.depth {
            self.eliminate(u, false);
            return;
        }
        self.units[u].pos = new;
        // The commanders in its hex go with it (§4.7, §5.10).
        for c in with {
            self.set_stack(c, Some(u));
        }
        if combat {
            self.commander_retreat(u);
        }
    }

    /// §11.2, §11.3: a routed unit retreats three hexes at once; a battery alone is
    /// eliminated (§8.5.1).
    pub(super) fn rout(&mut self, u: usize, combat: bool) {
        if !self.on(u) {
            return;
        }
        if self.units[u].arm == Arm::Artillery {
            self.eliminate(u, false);
            return;
        }
        self.units[u].order = Order::Routed;
        self.retreat(u, self.t.modifiers.rout_hexes, combat);
    }

    /// §11.1e: a Disordered unit hit by a new Disorder takes a TDR at +2; it routs if
    /// it fails. Returns whether it holds.
    pub(super) fn second_disorder_holds(&mut self, u: usize) -> bool {
        let mut mods = self.std_mods(u);
        mods.push((self.t.modifiers.tdr_second_disorder, "second Disorder"));
        self.tdr(u, "second-disorder", "second Disorder", &mods, false)
    }

    /// A D or D# result of fire or bombardment (§8.5, §11.1).
    pub(super) fn disorder(&mut self, u: usize, hexes: i64) {
        if !self.on(u) || self.units[u].arm == Arm::Artillery {
            return;
        }
        match self.units[u].order {
            Order::Routed => self.retreat(u, self.t.modifiers.rout_hexes, true),
            Order::Disordered => {
                if !self.second_disorder_holds(u) {
                    self.rout(u, true);
                } else if self.r.second_disorder_retreat {
                    self.retreat(u, hexes, true);
                }
            }
            Order::Good => {
                self.units[u].order = Order::Disordered;
                self.retreat(u, hexes, true);
            }
        }
    }

    /// §8.5.3: the first D or D# of a turn on formed infantry of 2+ SP: d10 − SF
    /// (− 1 grenadiers) of 0–3 changes ranks and keeps good order.
    pub(super) fn changing_of_ranks(&mut self, u: usize) -> bool {
        let x = &self.units[u];
        if x.arm != Arm::Foot || x.sp() < 2 || x.order != Order::Good || x.changed {
            return false;
        }
        let m = &self.t.modifiers;
        let gren = x.gren
            || self.neighbours(u).as_slice().iter().any(|&i| {
                let n = &self.units[i];
                n.side == x.side && n.gren && n.order == Order::Good
            });
        let (sf, max) = (self.best_sf(u), m.changing_ranks_max);
        let g = if gren { m.changing_ranks_grenadiers } else { 0 };
        let (dice, units) = self.roller();
        let unit = units[u].id.as_str();
        let roll = dice.d10(
            &|s| {
                s.put("ranks/").put(unit);
            },
            &|s| {
                s.put("PIA changing of ranks ").put(unit).put(": d10");
                if sf != 0 {
                    s.put(" -").int(sf).put(" SF");
                }
                if g != 0 {
                    s.put(" ").signed(g).put(" grenadiers");
                }
                s.put(", 0-").int(max).put(" keeps good order (§8.5.3)");
            },
        );
        if roll - sf + g <= max {
            self.units[u].changed = true;
            true
        } else {
            false
        }
    }

    /// §8.5.1, §9.1: every result of one volley on one unit at once: an E eliminates,
    /// steps add up, only the worst Disorder counts.
    pub(super) fn apply_hits(&mut self, u: usize, hits: &[Hit]) {
        // NE counts as nothing; the results are read where they lie, not copied.
        let hits = || hits.iter().copied().filter(|&h| h != Hit::NoEffect);
        if hits().next().is_none() || !self.on(u) {
            return;
        }
        if self.units[u].arm == Arm::Artillery {
            // §8.5.1: a battery alone dies of E, a step or a retreat; Disorder is nothing.
            if hits().any(|h| h != Hit::Disorder(0)) {
                self.eliminate(u, false);
            }
            return;
        }
        if hits().any(|h| h == Hit::Eliminated) {
            self.eliminate(u, false);
            return;
        }
        let steps = hits()
            .filter(|&h| matches!(h, Hit::Step | Hit::StepRout))
            .count();
        let routs = hits().any(|h| matches!(h, Hit::StepRout | Hit::Rout | Hit::RoutRicochet));
        let worst = hits()
            .filter_map(|h| {
                if let Hit::Disorder(n) = h {
                    Some(n)
                } else {
                    None
                }
            })
            .max();
        if self.units[u].order == Order::Routed {
            // §11.2: fired at, a routed unit retreats three hexes again.
            self.lose_steps(u, steps, false);
            self.retreat(u, self.t.modifiers.rout_hexes, true);
            return;
        }
        let worst = if !routs && worst.is_some() && self.changing_of_ranks(u) {
            None
        } else {
            worst
        };
        self.lose_steps(u, steps, false);
        if routs {
            self.rout(u, true);
        } else if let Some(n) = worst {
            self.disorder(u, n);
        }
    }

    // ---- fire (§9.1) ------------------------------------------------------------------

    /// §8.5.4: target infantry of the READING's SP or more shifts the column left.
    pub(super) fn depth_shift(&self, t: usize) -> bool {
        self.units[t].arm == Arm::Foot && self.units[t].sp() >= self.r.depth_min_sp
    }

    /// §9.1.1: Normal (1 SP), Extended (2–3), Intense (4+), shifted by depth.
    pub(super) fn fire_column(&self, sp: i64, t: usize) -> usize {
        let base = match sp {
            ..=1 => 0,
            2..=3 => 1,
            _ => 2,
        };
        if self.depth_shift(t) {
            base - usize::from(base > 0)
        } else {
            base
        }
    }

    /// §9.1.3: another unit of its formation on the firer's row.
    pub(super) fn side_by_side(&self, f: usize) -> bool {
        let x = &self.units[f];
        x.formation.is_some()
            && self.in_sector(x.side, x.sector).any(|i| {
                let y = &self.units[i];
                i != f && y.pos == x.pos && y.formation == x.formation && y.order != Order::Routed
            })
    }

    /// §8.2: terrain, Smoke, not side by side, flanked, reaction; −4 at most.
    pub(super) fn fire_drm(&self, f: usize, t: usize, ctx: FireCtx) -> i64 {
        let m = &self.t.modifiers;
        let terrain = self.unit_tec(t).fire;
        let side = if self.side_by_side(f) {
            0
        } else {
            m.not_side_by_side
        };
        let flank = if ctx.overlap { m.flanked } else { 0 };
        let reaction = if ctx.reaction { m.reaction } else { 0 };
        (terrain + self.fire_smoke(f, t) + side + flank + reaction).max(m.floor)
    }

    /// One infantry shot on the Fire Table (PROVISIONAL).
    pub(super) fn shot(&mut self, f: usize, t: usize, ctx: FireCtx) -> Hit {
        let sp = self.units[f].sp() + self.fire_bonus(f);
        let col = self.fire_column(sp, t);
        let drm = self.fire_drm(f, t, ctx);
        self.note(Table::Fire);
        let kind = if ctx.reaction {
            "reaction fire"
        } else {
            "fire"
        };
        let (dice, units) = self.roller();
        let (fid, tid) = (units[f].id.as_str(), units[t].id.as_str());
        let roll = dice.d10(
            &|s| {
                s.put("fire/").put(fid).put(">").put(tid);
            },
            &|s| {
                s.put("PIA ")
                    .put(kind)
                    .put(" ")
                    .put(fid)
                    .put("->")
                    .put(tid)
                    .put(": ");
                s.int(sp)
                    .put(" SP, ")
                    .put(FIRE_COLUMNS[col])
                    .put(" column, DRM ");
                s.signed(drm).put(" (§9.1)");
            },
        );
        lookup(&self.t.fire[col], roll + drm, Hit::NoEffect)
    }

    /// Whether a unit may fire: formed or (in command) disordered infantry without a
    /// Feu marker (§9.1, §11.1d); offensively only in command, but light (§9.2.6c).
    pub(super) fn can_fire(&self, u: usize, offensive: bool) -> bool {
        let x = &self.units[u];
        let cmd = self.in_command(u);
        self.on(u)
            && x.arm == Arm::Foot
            && !x.feu
            && (x.order == Order::Good || (x.order == Order::Disordered && cmd))
            && (!offensive || ((cmd || x.light) && x.declared.is_none() && !x.fired))
    }

    /// §9.1: a formation's fire combat, two volleys, both sides simultaneous.
    pub(super) fn fire_combat(&mut self, f: usize) {
        // The sectors where the formation has units on the table, in order.
        let sectors: Vec<usize> = (0..self.sectors.len())
            .filter(|&s| {
                self.members[f]
                    .iter()
                    .any(|&u| self.on(u) && self.units[u].sector == s)
            })
            .collect();
        for sector in sectors {
            self.fire_in_sector(f, sector);
        }
    }

    pub(super) fn fire_in_sector(&mut self, f: usize, sector: usize) {
        let Some(side) = self.formation_side(f) else {
            return;
        };
        let Some(rows) = self.with_contact(sector, Clone::clone) else {
            return;
        };
        let opening: Vec<Shot> = rows[side]
            .iter()
            .copied()
            .filter(|&u| self.units[u].formation == Some(f) && self.can_fire(u, true))
            .filter_map(|u| {
                let (target, overlap) = Self::target_in(&rows, side, u)?;
                Some(Shot {
                    firer: u,
                    target,
                    overlap,
                    battery: false,
                })
            })
            .collect();
        if opening.is_empty() {
            return;
        }
        let mut shots = opening.clone();
        shots.extend(self.replies(&rows, &opening));
        self.volley(&shots);
        // §9.1.2: both sides announce, every announced unit takes its TDR (the markers
        // of those that fail go down together, after the rolls), then fire.
        let announced: Vec<Shot> = shots
            .into_iter()
            .filter(|s| self.wants_second_volley(s))
            .collect();
        let (mut second, mut feu) = (Vec::new(), Vec::new());
        for s in announced {
            let mods = self.std_mods(s.firer);
            if self.tdr(s.firer, "second-volley", "second volley", &mods, false) {
                second.push(s);
            } else {
                feu.push(s.firer);
            }
        }
        for u in feu {
            self.units[u].feu = true;
        }
        self.volley(&second);
        for s in &opening {
            self.units[s.firer].fired = true;
        }
    }

    /// §9.1: each targeted unit answers one of its firers; a battery in the targeted
    /// hex (or targeted alone) that has not fired joins once against infantry (§8.1).
    pub(super) fn replies(&self, rows: &[Vec<usize>; 2], opening: &[Shot]) -> Vec<Shot> {
        let mut out = Vec::new();
        let mut seen = BTreeSet::new();
        for s in opening {
            if !seen.insert(s.target) {
                continue;
            }
            let t = s.target;
            if self.can_fire(t, false) {
                let overlap = Self::target_in(rows, self.units[t].side, t).is_some_and(|p| p.1);
                out.push(Shot {
                    firer: t,
                    target: s.firer,
                    overlap,
                    battery: false,
                });
            }
            let gun = if self.units[t].arm == Arm::Artillery {
                Some(t)
            } else {
                self.battery_with(t)
            };
            if let Some(g) = gun
                && !self.units[g].fired
                && self.units[s.firer].arm == Arm::Foot
            {
                out.push(Shot {
                    firer: g,
                    target: s.firer,
                    overlap: false,
                    battery: true,
                });
            }
        }
        out
    }

    /// One volley: every shot is rolled, then every result applied (§9.1).
    pub(super) fn volley(&mut self, shots: &[Shot]) {
        // Each target's results in shot order, targets in card order: a stable sort of
        // one list rather than a map of lists.
        let mut hits: Vec<(usize, Hit)> = Vec::with_capacity(shots.len());
        let mut disordered = Vec::new();
        for s in shots {
            if !self.on(s.firer) || !self.on(s.target) {
                continue;
            }
            let hit = if s.battery {
                self.units[s.firer].fired = true;
                self.bombard_shot(s.firer, s.target, 1)
            } else {
                if self.units[s.firer].order == Order::Disordered {
                    disordered.push(s.firer);
                }
                self.shot(
                    s.firer,
                    s.target,
                    FireCtx {
                        overlap: s.overlap,
                        reaction: false,
                    },
                )
            };
            hits.push((s.target, hit));
        }
        hits.sort_by_key(|h| h.0);
        let mut results: Vec<Hit> = Vec::with_capacity(hits.len());
        for group in hits.chunk_by(|a, b| a.0 == b.0) {
            results.clear();
            results.extend(group.iter().map(|h| h.1));
            self.apply_hits(group[0].0, &results);
        }
        // §11.1d: disordered infantry fires one volley, then goes into Feu de Billebaude.
        for u in disordered {
            self.units[u].feu = true;
        }
    }

    /// Policy (§4.e): a second volley by a formed unit still facing its target,
    /// whenever its TDR target is 6 or more.
    pub(super) fn wants_second_volley(&self, s: &Shot) -> bool {
        let x = &self.units[s.firer];
        !s.battery
            && self.on(s.firer)
            && x.order == Order::Good
            && !x.feu
            && self.units[s.target].order != Order::Routed
            && self.adjacent(s.firer, s.target)
            && self.tdr_target(s.firer, &self.std_mods(s.firer))
                >= self.t.map_free.second_volley_min
    }

    /// §9.1.2: at the start of the activation every marked unit tries to remove its Feu.
    pub(super) fn feu_removal(&mut self, side: usize, wing: usize) {
        let marked: Vec<usize> = (0..self.units.len())
            .filter(|&i| {
                let x = &self.units[i];
                self.on(i) && x.side == side && x.wing == wing && x.feu
            })
            .collect();
        for u in marked {
            let mods = self.std_mods(u);
            if self.tdr(u, "feu", "Feu de Billebaude removal", &mods, false) {
                self.units[u].feu = false;
            }
        }
    }

    /// §7.2: a unit leaving an eZOC draws fire at −3 from the infantry facing it.
    pub(super) fn reaction_fire(&mut self, u: usize) {
        let side = self.units[u].side;
        let Some(rows) = self.with_contact(self.units[u].sector, Clone::clone) else {
            return;
        };
        let shooters: Vec<(usize, bool)> = rows[1 - side]
            .iter()
            .copied()
            .filter(|&e| self.can_fire(e, false))
            .filter_map(|e| {
                Self::target_in(&rows, 1 - side, e)
                    .filter(|p| p.0 == u)
                    .map(|p| (e, p.1))
            })
            .collect();
        let hits: Vec<Hit> = shooters
            .into_iter()
            .map(|(e, overlap)| {
                self.shot(
                    e,
                    u,
                    FireCtx {
                        overlap,
                        reaction: true,
                    },
                )
            })
            .collect();
        self.apply_hits(u, &hits);
    }
}

/// The modifiers of a TDR as its roll's purpose reads them (` +1 eZOC -2 SF +1 light`),
/// written straight into the log rather than into a `String` of their own.
struct TdrMods<'m> {
    mods: &'m [(i64, &'m str)],
    sf: i64,
    light: i64,
}

impl TdrMods<'_> {
    fn put_to(&self, s: &mut String) {
        for &(v, why) in self.mods {
            s.put(" ").signed(v).put(" ").put(why);
        }
        if self.sf != 0 {
            s.put(" -").int(self.sf).put(" SF");
        }
        if self.light != 0 {
            s.put(" ").signed(self.light).put(" light");
        }
    }
}

/// The modifiers of one TDR, at most a handful, in an array on the stack: every TDR
/// and every second-volley check asks for them, so a `Vec` each was an allocation.
#[derive(Clone, Copy, Default)]
pub(super) struct Mods {
    items: [(i64, &'static str); 8],
    len: usize,
}

impl Mods {
    pub(super) fn push(&mut self, m: (i64, &'static str)) {
        self.items[self.len] = m;
        self.len += 1;
    }

    /// Leaves out the modifiers given for `why`.
    pub(super) fn without(self, why: &str) -> Mods {
        let mut out = Mods::default();
        for &m in self.iter().filter(|m| m.1 != why) {
            out.push(m);
        }
        out
    }
}

impl std::ops::Deref for Mods {
    type Target = [(i64, &'static str)];

    fn deref(&self) -> &Self::Target {
        &self.items[..self.len]
    }
}
