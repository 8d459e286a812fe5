//! The order a report tells a phase's events in: as they happened, except that a
//! battle is told before what its result caused.
//!
//! Applying a battle's result takes the losses and sends the loser back before the
//! battle is recorded as fought (`rules::battles::apply`), and stored events keep that
//! order, which `audit` compares. A play-test's report read "the forces that fought
//! there fall back" before the battle it referred to, so the report moves each battle's
//! line (and its losses) before the run of its consequences just above it.

use super::super::outcome::{Cause, Event, Happening, SiegeEnd};

/// Whether `h` is one of the facts applying a battle's result records before the battle.
fn follows_a_battle(h: &Happening) -> bool {
    matches!(
        h,
        Happening::ForceDestroyed {
            cause: Cause::LostInBattle | Cause::CouldNotRetreat,
            ..
        } | Happening::EnemyDestroyed { .. }
            | Happening::SiegeEnded {
                why: SiegeEnd::FellBack,
                ..
            }
            | Happening::Retreated { .. }
            | Happening::EnemyFellBack { .. }
            | Happening::BattleLapsed { .. }
    )
}

/// `events` in the order a report tells them: each battle fought, with the losses told
/// right after it, before the consequences recorded just before it.
pub(crate) fn battles_first(events: &[Event]) -> Vec<&Event> {
    let mut out: Vec<&Event> = Vec::with_capacity(events.len());
    let mut i = 0;
    while i < events.len() {
        let Happening::BattleFought { id, .. } = &events[i].what else {
            out.push(&events[i]);
            i += 1;
            continue;
        };
        let mut end = i + 1;
        while end < events.len()
            && matches!(&events[end].what, Happening::BattleLosses { id: l, .. } if l == id)
        {
            end += 1;
        }
        let mut start = out.len();
        while start > 0 && follows_a_battle(&out[start - 1].what) {
            start -= 1;
        }
        let consequences = out.split_off(start);
        out.extend(&events[i..end]);
        out.extend(consequences);
        i = end;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::outcome::Audience;

    fn ev(what: Happening) -> Event {
        Event {
            audience: Audience::Referee,
            rule: "G3c.7".into(),
            what,
        }
    }

    #[test]
    fn a_battle_is_told_before_the_retreat_it_caused() {
        let retreat = ev(Happening::Retreated {
            nation: "V".into(),
            from: "S11".into(),
            to: "V8".into(),
            draw: false,
        });
        let fought = ev(Happening::BattleFought {
            id: "1494-r03-S11".into(),
            node: "S11".into(),
            attacker: "V".into(),
            defender: "S".into(),
            winner: Some("S".into()),
            provisional: false,
        });
        let losses = ev(Happening::BattleLosses {
            id: "1494-r03-S11".into(),
            attacker_loss: 40,
            defender_loss: 20,
        });
        let before = ev(Happening::CampaignEnds);
        let events = vec![
            before.clone(),
            retreat.clone(),
            fought.clone(),
            losses.clone(),
        ];
        let told: Vec<&Event> = battles_first(&events);
        assert_eq!(told, vec![&before, &fought, &losses, &retreat]);
        // Without a battle, nothing moves.
        let plain = vec![retreat.clone(), before.clone()];
        assert_eq!(battles_first(&plain), vec![&retreat, &before]);
    }
}
