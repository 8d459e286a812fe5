//! Monferrato's counters read from the card (§2): units, commanders and each side's force.

use super::*;

impl Kind {
    pub(super) fn parse(s: &str) -> Option<Kind> {
        Some(match s {
            "inf" => Kind::Inf,
            "cav" => Kind::Cav,
            "art" => Kind::Art,
            "guast" => Kind::Guast,
            "garrison" => Kind::Garrison,
            "camp" => Kind::Camp,
            _ => return None,
        })
    }
}

/// A unit counter in the battle.
#[derive(Clone, Debug)]
pub(super) struct Counter {
    pub(super) id: String,
    pub(super) kind: Kind,
    /// §14.2: the left value attacking, the right one defending (equal for one value).
    pub(super) fire_att: u8,
    pub(super) fire_def: u8,
    /// The Disrupted back's value, when the counter was typed in.
    pub(super) fire_disrupted: Option<u8>,
    /// §7.4.1: it has a Disrupted back.
    pub(super) two_step: bool,
    /// §14.3: a double-star unit rolls two dice.
    pub(super) major: bool,
    pub(super) value: Ducats,
    pub(super) disrupted: bool,
    pub(super) eliminated: bool,
    pub(super) steps_lost: u32,
}

impl Counter {
    pub(super) fn from_card(u: &Unit) -> Result<Counter, BattleError> {
        let kind = Kind::parse(&u.kind).ok_or_else(|| {
            card_err(format!(
                "unit {}: kind `{}` is not a MON unit (inf, cav, art, guast, garrison, camp)",
                u.id, u.kind
            ))
        })?;
        let (fire_att, fire_def) = fire_pair(u, kind)?;
        let major = flag(u, "major", false)?;
        if major && kind != Kind::Inf {
            return Err(card_err(format!(
                "unit {}: only infantry can be a major unit (§14.3)",
                u.id
            )));
        }
        // §14.6 garrisons and §14.5 camps have no back; §2.1 "many" others have one.
        let default_two_step = !matches!(kind, Kind::Garrison | Kind::Camp);
        Ok(Counter {
            id: u.id.clone(),
            kind,
            fire_att,
            fire_def,
            fire_disrupted: unit_rating(u, "fire_disrupted")?,
            // §14.3: a major unit in good order is Disrupted by a hit.
            two_step: major || flag(u, "two_step", default_two_step)?,
            major,
            value: u.campaign_value,
            disrupted: false,
            eliminated: false,
            steps_lost: 0,
        })
    }

    /// A combat unit still in the zone: it can be hit (camps are not combat units).
    pub(super) fn in_play(&self) -> bool {
        !self.eliminated && self.kind != Kind::Camp
    }

    /// A combat unit that fires and counts for the battle's size (§7.2: not guastatori).
    pub(super) fn fights(&self) -> bool {
        self.in_play() && self.kind != Kind::Guast
    }

    /// §7.4.1, §7.4.2: a hit flips a good-order unit with a back, else eliminates it.
    pub(super) fn take_hit(&mut self) {
        self.steps_lost += 1;
        if self.two_step && !self.disrupted {
            self.disrupted = true;
        } else {
            self.eliminated = true;
        }
    }

    /// §8: a gun that bursts is gone, whatever side it shows.
    pub(super) fn burst(&mut self) {
        self.steps_lost += if self.two_step && !self.disrupted {
            2
        } else {
            1
        };
        self.eliminated = true;
    }

    pub(super) fn state(&self) -> UnitState {
        if self.eliminated {
            UnitState::Eliminated
        } else if self.disrupted {
            // 3.d: Disrupted maps to `reduced` (a hit suffered, still on the map).
            UnitState::Reduced
        } else {
            UnitState::Ok
        }
    }
}

/// Reads `fire` or the `fire_att`/`fire_def` pair (§2.1, §14.2).
pub(super) fn fire_pair(u: &Unit, kind: Kind) -> Result<(u8, u8), BattleError> {
    let fire = unit_rating(u, "fire")?;
    let att = unit_rating(u, "fire_att")?;
    let def = unit_rating(u, "fire_def")?;
    match (fire, att, def) {
        (_, Some(a), Some(d)) => Ok((a, d)),
        (Some(f), None, None) => Ok((f, f)),
        // §7.2: guastatori never fire; a camp is no combat unit.
        (None, None, None) if matches!(kind, Kind::Guast | Kind::Camp) => Ok((0, 0)),
        _ => Err(card_err(format!(
            "unit {}: needs a `fire` rating or both `fire_att` and `fire_def`",
            u.id
        ))),
    }
}

pub(super) fn unit_rating(u: &Unit, key: &str) -> Result<Option<u8>, BattleError> {
    checked(&u.id, key, u.ratings.get(key).copied(), RATING_RANGE)
}

pub(super) fn flag(u: &Unit, key: &str, default: bool) -> Result<bool, BattleError> {
    Ok(checked(&u.id, key, u.ratings.get(key).copied(), 0..=1)?.map_or(default, |v| v == 1))
}

pub(super) fn checked(
    who: &str,
    key: &str,
    value: Option<i64>,
    range: RangeInclusive<i64>,
) -> Result<Option<u8>, BattleError> {
    // Every range here lies within 0..=255.
    Ok(frame::rating(who, key, value, range)?.map(|v| v as u8))
}

pub(super) fn card_err(message: String) -> BattleError {
    BattleError::Card(message)
}

/// A commander (§2.1, §7.2: fires with his Leadership; §7.3 never takes hits).
#[derive(Clone, Debug)]
pub(super) struct Commander {
    pub(super) id: String,
    pub(super) leadership: u8,
    /// §7.4.1: the Replacement Commander's leadership, 0 = none.
    pub(super) replacement: u8,
    pub(super) state: LeaderState,
}

impl Commander {
    pub(super) fn from_card(l: &Leader) -> Result<Commander, BattleError> {
        let leadership = checked(
            &l.id,
            "leadership",
            l.ratings.get("leadership").copied(),
            RATING_RANGE,
        )?
        .ok_or_else(|| card_err(format!("commander {}: needs a `leadership` rating", l.id)))?;
        let replacement = checked(
            &l.id,
            "replacement_leadership",
            l.ratings.get("replacement_leadership").copied(),
            RATING_RANGE,
        )?
        .unwrap_or(0);
        Ok(Commander {
            id: l.id.clone(),
            leadership,
            replacement,
            state: LeaderState::Ok,
        })
    }
}

/// One side in the zone.
#[derive(Clone, Debug)]
pub(super) struct Force {
    pub(super) units: Vec<Counter>,
    pub(super) commanders: Vec<Commander>,
}

impl Force {
    pub(super) fn fighting(&self) -> usize {
        self.units.iter().filter(|u| u.fights()).count()
    }

    pub(super) fn wiped_out(&self) -> bool {
        !self.units.iter().any(Counter::in_play)
    }

    /// §8: artillery fires at its printed value only with a guastatore in its zone.
    pub(super) fn has_guastatori(&self) -> bool {
        self.units
            .iter()
            .any(|u| u.in_play() && u.kind == Kind::Guast)
    }
}
