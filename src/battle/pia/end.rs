//! The end of the battle (§13): objectives, victory points, the rearguard's verdict (G3c.9) and the result.

use super::*;

impl<'a> Battle<'a> {
    // ---- objectives and victory (§13) -------------------------------------------------

    /// A side takes an objective with a combat unit within one hex of it while the
    /// enemy has no non-routed unit within three (READING `PIA_occupy`).
    pub(super) fn update_objectives(&mut self) {
        // Objectives share sectors, rows and holders: each answer is found once a call
        // (taking one changes no unit, so no answer found before it).
        let mut found: Vec<((usize, i64, usize), bool)> = Vec::new();
        for k in 0..self.objectives.len() {
            let o = self.objectives[k].clone();
            let key = (o.sector, o.pos, o.holder);
            let takes = match found.iter().find(|f| f.0 == key) {
                Some(f) => f.1,
                None => {
                    let takes = self.taken(&o);
                    found.push((key, takes));
                    takes
                }
            };
            if takes {
                self.objectives[k].holder = 1 - o.holder;
            }
        }
    }

    /// Whether the side not holding an objective takes it now.
    fn taken(&self, o: &Objective) -> bool {
        let taker = 1 - o.holder;
        let occupies = self.in_sector(taker, o.sector).any(|i| {
            let x = &self.units[i];
            x.arm != Arm::Artillery
                && (x.order != Order::Routed || self.r.occupy_with_routed)
                && (x.pos - o.pos).abs() <= 1
        });
        let contested = self.in_sector(o.holder, o.sector).any(|i| {
            self.units[i].order != Order::Routed && (self.units[i].pos - o.pos).abs() <= 3
        });
        occupies && !contested
    }

    pub(super) fn held_by_attacker(&self) -> usize {
        self.objectives
            .iter()
            .filter(|o| o.picked && o.holder == 0)
            .count()
    }

    pub(super) fn picked(&self) -> usize {
        self.objectives.iter().filter(|o| o.picked).count()
    }

    pub(super) fn on_table(&self, side: usize) -> bool {
        (0..self.units.len()).any(|i| self.on(i) && self.units[i].side == side)
    }

    /// A side with nothing left on the table ends the battle (ASSUMPTION).
    pub(super) fn sudden_end(&self) -> Option<Outcome> {
        let left = [self.on_table(0), self.on_table(1)];
        if left == [true, true] {
            return None;
        }
        if self.rearguard {
            return Some(self.rearguard_outcome());
        }
        let (winner, gone) = if left[0] {
            (Winner::A, "B")
        } else {
            (Winner::B, "A")
        };
        Some(Outcome {
            winner,
            reason: format!("PIA map-free: side {gone} has no unit left on the table (ASSUMPTION)"),
            account: Some(Account::new("pia-side-gone").key("side", gone)),
        })
    }

    /// §13.2: at the end of the 15:00 turn, an attacker holding none of its four loses.
    pub(super) fn turn_victory(&mut self) -> Option<Outcome> {
        if self.rearguard {
            return None;
        }
        self.note(Table::TurnTrack);
        let auto = self.t.turn_track.auto_victory_turn;
        (self.turn == auto && self.held_by_attacker() == 0).then(|| Outcome {
            winner: Winner::B,
            reason: format!("PIA13.2 automatic victory: at the end of turn {auto} (15:00) the attacker holds none of its {} objectives", self.picked()),
            account: Some(
                Account::new("pia-automatic")
                    .num("turn", auto)
                    .num("of", self.picked()),
            ),
        })
    }

    /// §13.0 at the end of the last turn; G3c.9 for a rearguard action.
    pub(super) fn final_victory(&self) -> Outcome {
        if self.rearguard {
            return self.rearguard_outcome();
        }
        let v = &self.t.victory;
        let (held, of) = (self.held_by_attacker(), self.picked());
        if held >= v.attacker_wins_at {
            Outcome {
                winner: Winner::A,
                reason: format!(
                    "PIA13.0 the attacker holds {held} of its {of} objectives: attacker wins"
                ),
                account: Some(
                    Account::new("pia-objectives")
                        .num("held", held)
                        .num("of", of)
                        .key("winner", "attacker"),
                ),
            }
        } else if held == v.draw_at || (held == 0 && !self.r.zero_objectives_lose) {
            self.conditional_draw(held)
        } else {
            Outcome {
                winner: Winner::B,
                reason: format!(
                    "PIA13.0 the attacker holds {held} of its {of} objectives: defender wins"
                ),
                account: Some(
                    Account::new("pia-objectives")
                        .num("held", held)
                        .num("of", of)
                        .key("winner", "defender"),
                ),
            }
        }
    }

    /// §13.1: the Victory Points a side earned from the enemy's losses.
    pub(super) fn vp(&self, side: usize) -> i64 {
        let v = &self.t.victory;
        let units: i64 = self
            .units
            .iter()
            .filter(|u| u.side != side)
            .map(|u| match (u.gone, u.order) {
                (Some(Gone::Eliminated), _) => v.eliminated_vp,
                (None, Order::Routed) => v.routed_vp,
                _ => 0,
            })
            .sum();
        let staff: i64 = self
            .commanders
            .iter()
            .filter(|c| c.side != side && matches!(c.counter, Counter::Trophy | Counter::Killed))
            .map(|c| match c.rank {
                Rank::Formation => v.staff_fc_vp,
                Rank::Wing => v.staff_wc_vp,
                Rank::Chief => self.r.cic_staff_vp,
            })
            .sum();
        // Flags (Standard Bearers, §4.6.1) never appear map-free.
        units + staff
    }

    pub(super) fn conditional_draw(&self, held: usize) -> Outcome {
        let (a, b) = (self.vp(0), self.vp(1));
        let winner = match a.cmp(&b) {
            std::cmp::Ordering::Greater => Winner::A,
            std::cmp::Ordering::Less => Winner::B,
            std::cmp::Ordering::Equal => Winner::Draw,
        };
        Outcome {
            winner,
            reason: format!("PIA13.1 conditional draw ({held} objectives): VP A {a} - B {b}"),
            account: Some(
                Account::new("pia-conditional-draw")
                    .num("held", held)
                    .num("vp_a", a)
                    .num("vp_b", b),
            ),
        }
    }

    /// G3c.9: the rearguard wins if more of its units left the table than it lost.
    pub(super) fn rearguard_outcome(&self) -> Outcome {
        let mine = || self.units.iter().filter(|u| u.side == 1);
        let escaped = mine().filter(|u| u.gone == Some(Gone::Escaped)).count();
        let lost = mine()
            .filter(|u| {
                u.gone == Some(Gone::Eliminated) || (u.gone.is_none() && u.order == Order::Routed)
            })
            .count();
        let count = Rearguard { escaped, lost };
        let (who, key) = if count.wins() {
            ("the rearguard", "rearguard")
        } else {
            ("the attacker", "attacker")
        };
        Outcome {
            winner: count.winner(),
            reason: format!(
                "G3c.9 rearguard: {escaped} units left the table, {lost} lost: {who} wins"
            ),
            account: Some(
                Account::new("pia-rearguard")
                    .num("escaped", escaped)
                    .num("lost", lost)
                    .key("winner", key),
            ),
        }
    }

    pub(super) fn result(&self, o: Outcome) -> TacticalResult {
        let units = self
            .units
            .iter()
            .map(|u| UnitResult {
                id: u.id.clone(),
                state: unit_state(u),
                steps_lost: u.steps_lost,
            })
            .collect();
        let leaders = self
            .commanders
            .iter()
            .map(|c| LeaderResult {
                id: c.id.clone(),
                // The result format has no `staff`: a commander on his Staff side was
                // replaced by his staff.
                state: match c.counter {
                    Counter::Up => LeaderState::Ok,
                    Counter::Staff => LeaderState::Replaced,
                    Counter::Trophy => LeaderState::Captured,
                    Counter::Killed => LeaderState::Killed,
                },
            })
            .collect();
        frame::result(
            self.card,
            (o.winner, o.reason, o.account),
            self.turn,
            self.used.borrow().any(),
            units,
            leaders,
        )
    }
}

/// §4.d result mapping: eliminated or surrendered → eliminated; routed on the map →
/// routed; a flipped unit → reduced.
pub(super) fn unit_state(u: &Unit) -> UnitState {
    match (u.gone, u.order) {
        (Some(Gone::Eliminated), _) => UnitState::Eliminated,
        (Some(Gone::Escaped), _) => UnitState::Escaped,
        (None, Order::Routed) => UnitState::Routed,
        _ if u.reduced => UnitState::Reduced,
        (None, Order::Disordered) => UnitState::Disordered,
        (None, Order::Good) => UnitState::Ok,
    }
}

/// The sector's line and approach, from the campaign node (ASSUMPTION, `map_free`).
pub(super) fn sector(
    card: &Card,
    t: &Tables,
    r: &Readings,
    s: usize,
    n: usize,
    line: i64,
) -> Result<Sector, BattleError> {
    let mf = &t.map_free;
    let b = &card.battle;
    let missing = |what: &str, key: &str| BattleError::Data {
        ruleset: b.ruleset.clone(),
        message: format!("table `map_free.{what}` has no entry for `{key}`"),
    };
    let mut terrain = mf
        .line
        .get(b.terrain.as_str())
        .ok_or_else(|| missing("line", b.terrain.as_str()))?
        .clone();
    let approach = mf
        .approach
        .get(b.terrain.as_str())
        .ok_or_else(|| missing("approach", b.terrain.as_str()))?
        .clone();
    if s == n / 2
        && let Some(centre) = mf.node_center.get(b.node_kind.as_str())
    {
        terrain = centre.clone();
    }
    // The works line the front only where the defender has them (`PIA_fort_applies`).
    let works = b.fortified && (r.fort_in_field || b.defender_inside);
    if works && matches!(terrain.as_str(), "clear" | "ditch") {
        terrain = mf.fortified_line.clone();
    }
    Ok(Sector::new(line, terrain, approach, t))
}

impl Sector {
    /// A sector's line and approach, with their TEC rows looked up once.
    pub(super) fn new(line: i64, terrain: String, approach: String, t: &Tables) -> Self {
        let tec = |name: &str| t.tec.get(name).copied().unwrap_or_default();
        Sector {
            line,
            stream: approach == "stream",
            line_tec: tec(&terrain),
            approach_tec: tec(&approach),
            terrain,
            approach,
        }
    }
}
