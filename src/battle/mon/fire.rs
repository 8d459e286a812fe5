//! Fire values (§7.2, §7.2.1, §8, §14.2) and how hits are taken (§7.3).

use super::*;

/// A unit's fire value this round (§7.2, §7.2.1, §8, §14.2), and whether the
/// PROVISIONAL Disrupted stand-in gave it; `None` for a unit that never fires.
pub(super) fn unit_fire(
    u: &Counter,
    attacking: bool,
    guastatori: bool,
    set: &Settings,
) -> Result<Option<(u8, bool)>, String> {
    if !u.fights() {
        return Ok(None);
    }
    let printed = if attacking { u.fire_att } else { u.fire_def };
    // §8: without a guastatore in the zone a gun fires at 1, whatever its side shows.
    if u.kind == Kind::Art && !guastatori {
        return Ok(Some((
            difficult(UNSUPPORTED_GUN_FIRE, attacking, set.difficult),
            false,
        )));
    }
    let (fv, provisional) = match (u.disrupted, u.fire_disrupted, &set.disrupted) {
        (false, _, _) => (printed, false),
        (true, Some(back), _) => (back, false),
        (true, None, Some(t)) => (printed.saturating_sub(t.minus).max(t.min), t.provisional),
        (true, None, None) => {
            return Err(format!(
                "unit {} is Disrupted and its back's fire value is MISSING: give it a `fire_disrupted` rating or restore `tables.disrupted_fire`",
                u.id
            ));
        }
    };
    Ok(Some((difficult(fv, attacking, set.difficult), provisional)))
}

/// §7.2.1: an attacker in Difficult terrain fires at 1 less from 3 up.
pub(super) fn difficult(fv: u8, attacking: bool, difficult: bool) -> u8 {
    if attacking && difficult && fv >= DIFFICULT_FROM {
        fv - 1
    } else {
        fv
    }
}

/// §7.2: a commander fires with his Leadership; §7.2.1 (READING 3.f item 5) the
/// Difficult −1 hits him at 3 or more, or always under the other reading.
pub(super) fn commander_fire(c: &Commander, attacking: bool, set: &Settings) -> u8 {
    if set.commander_difficult_always && attacking && set.difficult {
        c.leadership.saturating_sub(1)
    } else {
        difficult(c.leadership, attacking, set.difficult)
    }
}

/// §7.3 default policy (ASSUMPTION): the unit that takes the next hit — the cheapest
/// good-order unit with a Disrupted back, else the cheapest unit still in play.
/// [`allocate`] applies it to a round's hits at once; the tests hold the two equal.
#[cfg(test)]
pub(super) fn pick_loss(units: &[Counter]) -> Option<usize> {
    // One pass for both: the first cheapest of each kind, as a search of each would find.
    let mut flip: Option<(Ducats, usize)> = None;
    let mut any = flip;
    for (i, u) in units.iter().enumerate().filter(|(_, u)| u.in_play()) {
        let key = (u.value, i);
        if u.two_step && !u.disrupted && flip.is_none_or(|f| key < f) {
            flip = Some(key);
        }
        if any.is_none_or(|a| key < a) {
            any = Some(key);
        }
    }
    flip.or(any).map(|(_, i)| i)
}

/// §7.3, §7.4: applies hits one at a time as [`pick_loss`] picks them; hits beyond the
/// last unit are lost. Picked one by one, the hits first flip every good-order unit with
/// a back, cheapest first, and then eliminate units still in play, cheapest first (each
/// is then Disrupted or has no back): so the units are put in that order once.
pub(super) fn allocate(units: &mut [Counter], hits: u32) {
    if hits == 0 {
        return;
    }
    let mut order: Vec<usize> = (0..units.len()).filter(|&i| units[i].in_play()).collect();
    order.sort_unstable_by_key(|&i| (units[i].value, i));
    let mut left = hits;
    for &i in &order {
        if left == 0 {
            return;
        }
        if units[i].two_step && !units[i].disrupted {
            units[i].take_hit();
            left -= 1;
        }
    }
    for &i in order.iter().take(left as usize) {
        units[i].take_hit();
    }
}
