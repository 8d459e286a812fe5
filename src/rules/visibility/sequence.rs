//! How a report links a phase's facts: events in the order they happened, except that
//! a battle is told before what its result caused; and an order's line followed by
//! what undid it later in the phase.
//!
//! Applying a battle's result takes the losses and sends the loser back before the
//! battle is recorded as fought (`rules::battles::apply`), and stored events keep that
//! order, which `audit` compares. A play-test's report read "the forces that fought
//! there fall back" before the battle it referred to, so the report moves each battle's
//! line (and its losses) before the run of its consequences just above it.

use super::super::ids::NationCode;
use super::super::outcome::Audience;
use super::super::outcome::{Cause, Event, Happening, Outcome, SiegeEnd};
use super::super::resolve::Resolution;
use super::super::say::Say;
use super::super::tables::Lang;

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

/// Returns whether an event may be told to `nation` (its audience includes it).
pub(super) fn audience_includes(e: &Event, nation: &NationCode) -> bool {
    match &e.audience {
        Audience::Public => true,
        Audience::Nation(n) => n == nation,
        Audience::Referee => false,
    }
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

/// An order's line as the club reads it: where what it did was undone later in the
/// phase, the line says so after it (a play-test's report said "sails to OTR" of a fleet
/// back in its port, "lands at Comacchio" of a fleet lost in the storm before it landed,
/// and "alliance declared" of a declaration that made nothing).
pub(crate) fn with_fate(
    text: String,
    result: &Outcome,
    resolution: &Resolution,
    nation: &NationCode,
    say: &dyn Say,
    lang: Lang,
) -> String {
    use super::super::outcome::Done;
    let undone = |h: &Happening| match (result, h) {
        (
            Outcome::Done(Done::FleetMoved { fleet, .. }),
            Happening::FleetPushedBack { fleet: f, .. }
            | Happening::FleetDestroyed { fleet: f, .. }
            | Happening::FleetLost { fleet: f, .. },
        ) => f == fleet,
        (
            Outcome::Done(Done::Landing { fleet, .. } | Done::Embarked { fleet, .. }),
            Happening::FleetDestroyed { fleet: f, .. } | Happening::FleetLost { fleet: f, .. },
        ) => f == fleet,
        (
            Outcome::Done(Done::AllianceDeclared { with }),
            Happening::AllianceStaysBroken { with: w } | Happening::AllianceOneSided { with: w },
        ) => w == with,
        _ => false,
    };
    let fate = (resolution.events.iter()).find(|e| audience_includes(e, nation) && undone(&e.what));
    match fate {
        Some(e) => {
            // A sentence that cites its rule already is not given it twice.
            let said = say.happening(&e.what, lang);
            if said.contains(&format!("{})", e.rule)) {
                format!("{text}; {said}")
            } else {
                format!("{text}; {said} ({})", e.rule)
            }
        }
        None => text,
    }
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

    #[test]
    fn an_orders_line_says_what_undid_it() {
        use crate::rules::outcome::Done;
        use crate::rules::say::TestSay;
        let v = NationCode::from("V");
        let told = |what: Happening| Event {
            audience: Audience::Nation(v.clone()),
            rule: "G3e.4".into(),
            what,
        };
        let resolution = Resolution {
            next: None,
            outcomes: Vec::new(),
            events: vec![
                told(Happening::FleetLost {
                    nation: "V".into(),
                    fleet: "V-F1".into(),
                }),
                told(Happening::AllianceStaysBroken { with: "M".into() }),
            ],
            ledger: Default::default(),
        };
        let line = |done: Done| {
            with_fate(
                "line".into(),
                &Outcome::Done(done),
                &resolution,
                &v,
                &TestSay,
                Lang::En,
            )
        };
        // A landing whose fleet was lost in the storm before it landed.
        let landed = line(Done::Landing {
            fleet: "V-F1".into(),
            node: "FE3".into(),
        });
        assert!(
            landed.starts_with("line; fleetlost") && landed.ends_with("(G3e.4)"),
            "{landed}"
        );
        // Another fleet's landing is not touched.
        let other = line(Done::Landing {
            fleet: "V-F2".into(),
            node: "FE3".into(),
        });
        assert_eq!(other, "line");
        let declared = line(Done::AllianceDeclared { with: "M".into() });
        assert!(
            declared.starts_with("line; alliancestaysbroken"),
            "{declared}"
        );
        // What another club is told does not reach this one's line.
        let mut theirs = resolution.clone();
        theirs.events[0].audience = Audience::Nation("M".into());
        let kept = with_fate(
            "line".into(),
            &Outcome::Done(Done::Landing {
                fleet: "V-F1".into(),
                node: "FE3".into(),
            }),
            &theirs,
            &v,
            &TestSay,
            Lang::En,
        );
        assert_eq!(kept, "line");
    }
}
