//! The card read into the game and the battle set up (§4): units, commanders, wings, formations, sectors and objectives.

use super::*;
use crate::battle::card::BattleKind;

pub(super) fn card_error(message: String) -> BattleError {
    BattleError::Card(message)
}

/// Reads an optional 1-based rating into a 0-based index below `n`.
pub(super) fn one_based(
    ratings: &BTreeMap<String, i64>,
    owner: &str,
    key: &str,
    default: usize,
    n: usize,
) -> Result<usize, BattleError> {
    match ratings.get(key) {
        None => Ok(default),
        Some(&v) if v >= 1 && (v as usize) <= n => Ok(v as usize - 1),
        Some(&v) => Err(card_error(format!(
            "{owner}: `{key}` = {v} is not between 1 and {n}"
        ))),
    }
}

/// The largest rating a card may carry (no counter of the game comes near it).
pub(super) const MAX_RATING: i64 = 99;

pub(super) fn required(u: &CardUnit, key: &str, min: i64) -> Result<i64, BattleError> {
    let owner = format!("unit {}", u.id);
    frame::required(&owner, key, u.ratings.get(key).copied(), min..=MAX_RATING)
}

/// A commander's modifier, within ±`MAX_RATING`.
pub(super) fn bounded(l: &crate::battle::card::Leader, key: &str) -> Result<i64, BattleError> {
    let v = l.rating(key, 0);
    if !(-MAX_RATING..=MAX_RATING).contains(&v) {
        return Err(card_error(format!(
            "leader {}: `{key}` = {v} is out of range",
            l.id
        )));
    }
    Ok(v)
}

/// Builds one unit from its card entry (ratings: see the ruleset file's header).
pub(super) fn build_unit(
    cu: &CardUnit,
    side: usize,
    t: &Tables,
    r: &Readings,
) -> Result<Unit, BattleError> {
    let sp = required(cu, "sp", 1)?;
    let mp = required(cu, "mp", 1)?;
    let sp_reduced = cu.rating("sp_reduced", 0);
    if !(0..sp).contains(&sp_reduced) {
        return Err(card_error(format!(
            "unit {}: `sp_reduced` = {sp_reduced} must be 0 to {}",
            cu.id,
            sp - 1
        )));
    }
    let row = match required(cu, "army", 1)? {
        1 => &t.training.austria,
        2 => &t.training.france,
        3 => &t.training.spain,
        v => {
            return Err(card_error(format!(
                "unit {}: `army` = {v} is not 1, 2 or 3",
                cu.id
            )));
        }
    };
    let marked_light = cu.rating("light", 0) == 1;
    let (arm, gren, light, dragoon, training) = match cu.kind.as_str() {
        "inf" => (Arm::Foot, false, marked_light, false, row.infantry),
        "light" => (Arm::Foot, false, true, false, row.infantry),
        "gren" => (Arm::Foot, true, marked_light, false, row.grenadiers),
        "hcav" | "lcav" => (
            Arm::Cavalry,
            false,
            marked_light && r.light_cavalry_effects,
            false,
            row.cavalry,
        ),
        "drag" if cu.rating("dismounted", 0) == 1 => (Arm::Foot, false, false, false, row.cavalry),
        "drag" => (Arm::Cavalry, false, false, true, row.cavalry),
        "art" => (Arm::Artillery, false, false, false, row.infantry),
        k => {
            return Err(card_error(format!(
                "unit {}: kind `{k}` is not a PIA kind",
                cu.id
            )));
        }
    };
    Ok(Unit {
        id: cu.id.clone(),
        side,
        arm,
        gren,
        light,
        dragoon,
        training,
        sp_full: sp,
        sp_reduced,
        mp,
        formation: None,
        wing: 0,
        sector: 0,
        pos: 0,
        home: 0,
        order: Order::Good,
        gone: None,
        reduced: false,
        steps_lost: 0,
        feu: false,
        smoke: false,
        changed: false,
        fired: false,
        broken: false,
        declared: None,
    })
}

/// One side's organisation: its units, commanders, formations and wings (§4).
pub(super) struct SideBuild {
    pub(super) wc: Vec<Option<usize>>,
    pub(super) cic: Option<usize>,
}

pub(super) fn build_side(
    cs: &CardSide,
    side: usize,
    t: &Tables,
    r: &Readings,
    units: &mut Vec<Unit>,
    commanders: &mut Vec<Commander>,
    formations: &mut Vec<Formation>,
) -> Result<SideBuild, BattleError> {
    let key = KEYS[side];
    if cs.units.is_empty() {
        return Err(card_error(format!("side {key} has no unit")));
    }
    let (mut wcs, mut fcs, mut cic) = (Vec::new(), Vec::new(), None);
    for cl in &cs.leaders {
        let rank = match cl.rating("rank", 0) {
            1 => Rank::Chief,
            2 => Rank::Wing,
            3 => Rank::Formation,
            v => {
                return Err(card_error(format!(
                    "leader {}: `rank` = {v} is not 1, 2 or 3",
                    cl.id
                )));
            }
        };
        let i = commanders.len();
        commanders.push(Commander {
            id: cl.id.clone(),
            side,
            rank,
            wing: 0,
            formation: None,
            fire_bonus: bounded(cl, "fire_bonus")?,
            sf: bounded(cl, "sf")?,
            counter: Counter::Up,
            stack: None,
            row: 0,
            sector: 0,
            reach: Vec::new(),
        });
        match rank {
            // §4.2: one CiC a side; a second one has no place in the chain.
            Rank::Chief => cic = cic.or(Some(i)),
            Rank::Wing => wcs.push((i, cl)),
            Rank::Formation => fcs.push((i, cl)),
        }
    }
    if wcs.is_empty() && cic.is_none() {
        return Err(card_error(format!(
            "side {key} has neither a Commander-in-Chief nor a Wing Commander: no wing could activate (§3.0 A.1)"
        )));
    }
    let n_wings = wcs.len().max(1);
    let mut wc = vec![None; n_wings];
    for (k, (i, cl)) in wcs.iter().enumerate() {
        let w = one_based(&cl.ratings, &cl.id, "wing", k, n_wings)?;
        if wc[w].replace(*i).is_some() {
            return Err(card_error(format!(
                "leader {}: wing {} has two Wing Commanders",
                cl.id,
                w + 1
            )));
        }
        commanders[*i].wing = w;
    }
    let base = formations.len();
    let n_forms = fcs.len();
    let line_units = cs.units.iter().filter(|u| u.kind != "art").count();
    if line_units > 0 && n_forms == 0 {
        return Err(card_error(format!(
            "side {key} has no Formation Commander (§4.4)"
        )));
    }
    formations.extend((0..n_forms).map(|f| Formation {
        wing: f % n_wings,
        fc: None,
    }));
    for (k, (i, cl)) in fcs.iter().enumerate() {
        let f = one_based(&cl.ratings, &cl.id, "formation", k, n_forms)?;
        if formations[base + f].fc.replace(*i).is_some() {
            return Err(card_error(format!(
                "leader {}: formation {} has two commanders",
                cl.id,
                f + 1
            )));
        }
        let w = one_based(&cl.ratings, &cl.id, "wing", f % n_wings, n_wings)?;
        formations[base + f].wing = w;
        commanders[*i].formation = Some(base + f);
        commanders[*i].wing = w;
    }
    let (mut k_line, mut k_art) = (0, 0);
    for cu in &cs.units {
        let mut u = build_unit(cu, side, t, r)?;
        if u.arm == Arm::Artillery {
            u.wing = one_based(&cu.ratings, &cu.id, "wing", k_art % n_wings, n_wings)?;
            k_art += 1;
        } else {
            let f = one_based(
                &cu.ratings,
                &cu.id,
                "formation",
                k_line * n_forms / line_units,
                n_forms,
            )?;
            u.formation = Some(base + f);
            u.wing = formations[base + f].wing;
            k_line += 1;
        }
        units.push(u);
    }
    Ok(SideBuild { wc, cic })
}

impl<'a> Battle<'a> {
    pub(super) fn new(
        card: &'a Card,
        t: &'a Tables,
        r: Readings,
        dice: &'a mut dyn Dice,
    ) -> Result<Battle<'a>, BattleError> {
        let rearguard = card.battle.kind == BattleKind::Rearguard;
        let (mut units, mut commanders, mut formations) = (Vec::new(), Vec::new(), Vec::new());
        let a = build_side(
            &card.sides[0],
            0,
            t,
            &r,
            &mut units,
            &mut commanders,
            &mut formations,
        )?;
        let b = build_side(
            &card.sides[1],
            1,
            t,
            &r,
            &mut units,
            &mut commanders,
            &mut formations,
        )?;
        let n_sectors = a.wc.len().min(b.wc.len());
        let mf = &t.map_free;
        let (a0, b0, depth) = if rearguard {
            (
                mf.rearguard_attacker_edge,
                mf.rearguard_start,
                mf.rearguard_table_length,
            )
        } else {
            let b0 = mf.battle_attacker_edge + mf.battle_gap;
            (mf.battle_attacker_edge, b0, b0 + mf.battle_defender_edge)
        };
        if a0 < 0 || b0 > depth {
            return Err(BattleError::Data {
                ruleset: card.battle.ruleset.clone(),
                message: "table `map_free`: the armies do not fit the table".into(),
            });
        }
        let sectors = (0..n_sectors)
            .map(|s| sector(card, t, &r, s, n_sectors, b0))
            .collect::<Result<Vec<_>, _>>()?;
        for u in &mut units {
            u.sector = u.wing % n_sectors;
            u.pos = if u.side == 0 { a0 } else { b0 };
            u.home = u.pos;
        }
        let objectives = if rearguard {
            Vec::new()
        } else {
            (0..mf.objectives)
                .map(|k| Objective {
                    sector: k % n_sectors,
                    pos: b0,
                    holder: 1,
                    picked: k < mf.attacker_objectives,
                })
                .collect()
        };
        // G2b.5: a side whose commander was killed defends but cannot attack.
        let attack = if !frame::may_attack(card)[0] {
            Doctrine::Hold
        } else {
            Doctrine::Attack
        };
        let members = (0..formations.len())
            .map(|f| {
                (0..units.len())
                    .filter(|&u| units[u].formation == Some(f))
                    .collect()
            })
            .collect();
        let mut battle = Battle {
            card,
            t,
            r,
            dice,
            units,
            commanders,
            formations,
            wc: [a.wc, b.wc],
            cic: [a.cic, b.cic],
            sectors,
            objectives,
            doctrine: [
                attack,
                if rearguard {
                    Doctrine::Delay
                } else {
                    Doctrine::Hold
                },
            ],
            rearguard,
            depth,
            turn: 1,
            members,
            by_sector: Vec::new(),
            tag: "setup".into(),
            used: RefCell::new(Provisional::default()),
            noted: Cell::new(0),
            clear_tec: t.tec.get("clear").copied().unwrap_or_default(),
            meleed: BTreeSet::new(),
            contact_memo: RefCell::default(),
        };
        battle.list_by_sector();
        battle.place_all_commanders();
        Ok(battle)
    }

    // ---- running the battle (§3.0) ----------------------------------------------

    pub(super) fn run(&mut self) -> Outcome {
        let turns = frame::turn_cap(self.t.map_free.turns, MAX_TURNS);
        for turn in 1..=turns {
            self.turn = turn;
            if let Some(o) = self.play_turn() {
                return o;
            }
            if let Some(o) = self.turn_victory() {
                return o;
            }
        }
        self.final_victory()
    }
}
