//! The sequence of play (§3): wing selection and initiative, activation, the end of a turn, the d10.

use super::*;

impl<'a> Battle<'a> {
    /// §3.0: wing pairs until every wing has activated, then reorganization.
    pub(super) fn play_turn(&mut self) -> Option<Outcome> {
        let mut left = [
            (0..self.wc[0].len()).collect::<Vec<_>>(),
            (0..self.wc[1].len()).collect(),
        ];
        let max_pairs = if self.r.until_all_wings {
            usize::MAX
        } else {
            2
        };
        let mut pair = 0;
        while pair < max_pairs && left.iter().any(|l| !l.is_empty()) {
            for (side, wing) in self.select_pair(pair, &mut left) {
                self.activate(side, wing);
                if let Some(o) = self.sudden_end() {
                    return Some(o);
                }
            }
            pair += 1;
        }
        self.end_of_turn();
        self.sudden_end()
    }

    /// §3.0 A: the wings of one pair, in activation order. Policy: each side names its
    /// lowest-numbered wing left; the high roller goes first.
    pub(super) fn select_pair(
        &mut self,
        pair: usize,
        left: &mut [Vec<usize>; 2],
    ) -> Vec<(usize, usize)> {
        // §3.0 A exception: on turn 1 the FS left wing, then the Austrian right wing;
        // map-free, each side's first wing (side A standing for the FS attacker).
        let fixed = self.turn == 1 && pair == 0 && left.iter().all(|l| l.first() == Some(&0));
        let picks = [0, 1].map(|s| (!left[s].is_empty()).then(|| left[s].remove(0)));
        match picks {
            [Some(a), Some(b)] => {
                if fixed || self.initiative(pair) == 0 {
                    vec![(0, a), (1, b)]
                } else {
                    vec![(1, b), (0, a)]
                }
            }
            [Some(a), None] => vec![(0, a)],
            [None, Some(b)] => vec![(1, b)],
            [None, None] => Vec::new(),
        }
    }

    /// §3.0 A: both roll a d10, a draw rerolls; returns the side of the high roller.
    pub(super) fn initiative(&mut self, pair: usize) -> usize {
        self.tag = format!("pair{}", pair + 1);
        for _ in 0..MAX_SELECTION_ROLLS {
            let purpose = |k: &str| {
                format!(
                    "PIA wing selection {k}: d10, the higher chooses who activates first, a draw rerolls (§3.0 A)"
                )
            };
            let a = self.d10("select/A", &purpose("A"));
            let b = self.d10("select/B", &purpose("B"));
            if a != b {
                return if a > b { 0 } else { 1 };
            }
        }
        0
    }

    /// §3.1: a wing's four segments, formation by formation.
    pub(super) fn activate(&mut self, side: usize, wing: usize) {
        self.tag = format!("{}-W{}", KEYS[side], wing + 1);
        self.meleed.clear();
        // §3.0 A.1: a wing out of command only defends this turn.
        if !self.wing_in_command(side, wing) {
            return;
        }
        let forms = self.wing_formations(side, wing);
        let batteries = self.wing_batteries(side, wing);
        self.feu_removal(side, wing);
        self.drift_routed(side, wing);
        for &f in &forms {
            self.move_formation(f);
        }
        for &a in &batteries {
            self.move_battery(a);
        }
        for &a in &batteries {
            self.bombard_turn(a);
        }
        for &f in &forms {
            self.combat_formation(f);
        }
        for u in &mut self.units {
            if u.arm != Arm::Artillery {
                u.fired = false;
            }
            u.declared = None;
        }
        // §4.0: the Wing Commander moves at the end of his wing's activation.
        self.place_wc(side, wing);
        self.update_objectives();
    }

    /// §3.0 B, §11.4, §12: reorganization and markers.
    pub(super) fn end_of_turn(&mut self) {
        self.tag = "end".into();
        for u in 0..self.units.len() {
            self.reorganize(u);
        }
        for u in &mut self.units {
            if self.r.disorder_end_of_turn && u.order == Order::Disordered {
                u.order = Order::Good;
            }
            u.smoke = false;
            u.changed = false;
            if u.arm == Arm::Artillery {
                u.fired = u.broken;
            }
        }
        self.update_objectives();
    }

    // ---- dice and bookkeeping -----------------------------------------------------

    /// Rolls d10 read 0–9 (§2.6). The log keeps the face rolled (1–10); its purpose says
    /// that the game reads it less one, so a reader of `giglio log --dice` can check it.
    pub(super) fn d10(&mut self, tail: &str, purpose: &str) -> i64 {
        let (roll, _) = self.roller();
        roll.d10(&|s| s.push_str(tail), &|s| s.push_str(purpose))
    }

    /// [`Self::d10`] with the tail and purpose still to be written (no `String` per roll).
    pub(super) fn d10_fmt(
        &mut self,
        tail: std::fmt::Arguments<'_>,
        purpose: std::fmt::Arguments<'_>,
    ) -> i64 {
        use std::fmt::Write;
        let (roll, _) = self.roller();
        // Writing to a String cannot fail.
        roll.d10(
            &|s| {
                let _ = s.write_fmt(tail);
            },
            &|s| {
                let _ = s.write_fmt(purpose);
            },
        )
    }

    /// The dice with what an event id is stamped with, and the units apart from them:
    /// the hottest rolls write their units' ids into the log without copying them.
    pub(super) fn roller(&mut self) -> (Roller<'_>, &[Unit]) {
        let roller = Roller {
            dice: &mut *self.dice,
            battle: &self.card.battle.id,
            turn: self.turn,
            tag: &self.tag,
        };
        (roller, &self.units)
    }

    /// Records that a table was consulted (it matters when it is PROVISIONAL). Only the
    /// first reading of each table is written down: the TEC is read on every modifier,
    /// and looking its name up in the PROVISIONAL set each time cost more than the read.
    pub(super) fn note(&self, table: Table) {
        let bit = 1 << table as u8;
        if self.noted.get() & bit != 0 {
            return;
        }
        self.noted.set(self.noted.get() | bit);
        let name = table.name();
        self.used
            .borrow_mut()
            .read(name, self.t.provisional.contains(name));
    }
}

/// The dice of a battle and what stamps its event ids (`pia/<battle>/t<turn>/<tag>/`).
pub(super) struct Roller<'b> {
    dice: &'b mut dyn Dice,
    battle: &'b str,
    turn: u32,
    tag: &'b str,
}

impl Roller<'_> {
    /// Rolls d10 read 0–9 (§2.6): `tail` writes the end of the event id, `purpose` the
    /// purpose, which the d10's reading follows. Both are written straight into the log.
    pub(super) fn d10(self, tail: &dyn Fn(&mut String), purpose: &dyn Fn(&mut String)) -> i64 {
        let Roller {
            dice,
            battle,
            turn,
            tag,
        } = self;
        let face = dice.roll_write(
            10,
            &|s| {
                s.put("pia/").put(battle).put("/t");
                push_number(s, turn);
                s.put("/").put(tag).put("/");
                tail(s);
            },
            &|s| {
                purpose(s);
                s.put(" [").put(D10_READING).put("]");
            },
        );
        i64::from(face) - 1
    }
}

/// A roll's text written piece by piece, as `format!` would write it but without its
/// machinery: the battle's hottest rolls (fire, TDRs) write theirs this way.
pub(super) trait Put {
    /// Appends a text.
    fn put(&mut self, text: &str) -> &mut Self;
    /// Appends a number as `{n}` writes it.
    fn int(&mut self, n: i64) -> &mut Self;
    /// Appends a number with its sign, as `{n:+}` writes it.
    fn signed(&mut self, n: i64) -> &mut Self;
}

impl Put for String {
    fn put(&mut self, text: &str) -> &mut Self {
        self.push_str(text);
        self
    }

    fn int(&mut self, n: i64) -> &mut Self {
        if n < 0 {
            self.push('-');
        }
        // The dice's own writer for the numbers a roll carries (all small); `{}` past it.
        match u32::try_from(n.unsigned_abs()) {
            Ok(m) => push_number(self, m),
            Err(_) => {
                use std::fmt::Write;
                let _ = write!(self, "{}", n.unsigned_abs());
            }
        }
        self
    }

    fn signed(&mut self, n: i64) -> &mut Self {
        if n >= 0 {
            self.push('+');
        }
        self.int(n)
    }
}
