//! Couriers (G5.3): the path, the journey's rounds, loss to a hostile army, a spy's
//! interception with its die, and nothing outside summer.

use super::*;
use crate::rules::calendar::PhaseId;
use crate::rules::dice::{Dice, ScriptedDice};
use crate::rules::world::Army;

fn world(c: &Campaign, phase: &str) -> World {
    let clubs: Vec<NationCode> = ["V", "M", "SV", "F"].map(NationCode::from).to_vec();
    let mut w = World::start(c, &clubs);
    w.phase = PhaseId::parse_key(phase).expect("a phase");
    w
}

/// Rides one phase's couriers with scripted dice; returns the events and the couriers
/// left, and checks the script was used whole.
fn ride_with(c: &Campaign, w: &World, script: &[u8]) -> (Vec<Happening>, World, Vec<u8>) {
    let mut dice =
        ScriptedDice::new(
            script
                .iter()
                .map(|&value| crate::rules::dice::ScriptedRoll {
                    event: Some("courier/".into()),
                    value,
                }),
        );
    let mut s = Step::new(c, w, &mut dice);
    ride(&mut s);
    let events = s.events.iter().map(|e| e.what.clone()).collect();
    let after = s.w.clone();
    drop(s);
    assert!(dice.problems().is_empty(), "{:?}", dice.problems());
    let faces = dice.log().iter().map(|r| r.value).collect();
    (events, after, faces)
}

fn v0_m0(c: &Campaign) -> Vec<NodeCode> {
    let (a, b) = (capital(c, "V").expect("V0"), capital(c, "M").expect("M0"));
    path(c, a, b, &BTreeSet::new()).expect("a road")
}

#[test]
fn the_journey_takes_a_round_for_every_three_roads() {
    assert_eq!(
        [0, 1, 3, 4, 6, 7].map(rounds_for),
        [1, 1, 1, 2, 2, 3],
        "⌈roads ÷ 3⌉, at least 1"
    );
    let c = crate::fixtures::shipped();
    let p = v0_m0(&c);
    assert_eq!(p.first().map(NodeCode::as_str), Some("V0"));
    assert_eq!(p.last().map(NodeCode::as_str), Some("M0"));
    let mut w = world(&c, "1494-r01");
    w.armies.clear();
    w.couriers.push(Courier::posted(1, "V", "M"));
    let rounds = rounds_for(p.len() - 1);
    let (events, mut w, faces) = ride_with(&c, &w, &[]);
    assert!(faces.is_empty(), "no spy, no die");
    if rounds == 1 {
        assert!(matches!(
            events[..],
            [Happening::CourierArrived { letter: 1, .. }]
        ));
        return;
    }
    assert!(events.is_empty(), "{events:?}");
    assert_eq!(w.couriers[0].path, p);
    assert_eq!(w.couriers[0].rounds_left, rounds - 1);
    // Spring and winter do not count.
    w.phase = PhaseId::parse_key("1494-winter").expect("winter");
    let (events, w2, _) = ride_with(&c, &w, &[]);
    assert!(events.is_empty());
    assert_eq!(w2.couriers, w.couriers);
    w.phase = PhaseId::parse_key("1494-r02").expect("r02");
    for _ in 1..rounds - 1 {
        w = ride_with(&c, &w, &[]).1;
    }
    let (events, w, _) = ride_with(&c, &w, &[]);
    assert!(
        matches!(&events[..], [Happening::CourierArrived { letter: 1, from, to }] if from.as_str() == "V" && to.as_str() == "M"),
        "{events:?}"
    );
    assert!(w.couriers.is_empty());
}

#[test]
fn a_hostile_army_on_the_path_loses_the_courier() {
    let c = crate::fixtures::shipped();
    let p = v0_m0(&c);
    let mut w = world(&c, "1494-r01");
    w.armies.clear();
    let mut k = Courier::posted(7, "V", "M");
    k.path = p.clone();
    k.rounds_left = 2;
    w.couriers.push(k);
    // Armies of the writer and the addressee do not bar the road.
    let mid = p[p.len() / 2].clone();
    let own = Army::new("V-A9".into(), "V".into(), mid.clone(), 10);
    w.armies.insert(own.id.clone(), own);
    let (events, after, _) = ride_with(&c, &w, &[]);
    assert!(events.is_empty(), "{events:?}");
    assert_eq!(after.couriers[0].rounds_left, 1);
    // Any other nation's does, allies included.
    let foe = Army::new("F-A9".into(), "F".into(), mid.clone(), 10);
    w.armies.insert(foe.id.clone(), foe);
    let (events, after, _) = ride_with(&c, &w, &[]);
    assert!(
        matches!(&events[..], [Happening::CourierLost { letter: 7, node: Some(n), .. }] if *n == mid),
        "{events:?}"
    );
    assert!(after.couriers.is_empty());
    // A courier that cannot set out at all is lost at once.
    let mut w = world(&c, "1494-r01");
    w.armies.clear();
    let foe = Army::new("F-A9".into(), "F".into(), p[0].clone(), 10);
    w.armies.insert(foe.id.clone(), foe);
    w.couriers.push(Courier::posted(8, "V", "M"));
    let (events, _, _) = ride_with(&c, &w, &[]);
    assert!(
        matches!(
            &events[..],
            [Happening::CourierLost {
                letter: 8,
                node: None,
                ..
            }]
        ),
        "{events:?}"
    );
}

#[test]
fn a_spy_beside_the_path_reads_the_letter_on_five_or_six_once() {
    let c = crate::fixtures::shipped();
    let p = v0_m0(&c);
    let mut w = world(&c, "1494-r01");
    w.armies.clear();
    let mut k = Courier::posted(3, "V", "M");
    k.path = p.clone();
    k.rounds_left = 3;
    w.couriers.push(k);
    // Savoy's army stands next to the path (not on it); France's has no spy.
    let beside = c
        .map
        .neighbours(p[1].as_str())
        .find(|n| !p.contains(n))
        .expect("a node beside the path")
        .clone();
    for (id, nation) in [("SV-A9", "SV"), ("F-A9", "F")] {
        let a = Army::new(id.into(), nation.into(), beside.clone(), 10);
        w.armies.insert(a.id.clone(), a);
    }
    // Neither has a spy: no die, and F's army beside the road does not bar it.
    let mut w1 = w.clone();
    w1.armies.retain(|_, a| a.nation.as_str() == "SV");
    let (events, _, faces) = ride_with(&c, &w1, &[]);
    assert!(events.is_empty() && faces.is_empty());
    w1.nations.get_mut("SV").expect("SV").spy = true;
    // 4 fails…
    let (events, after, faces) = ride_with(&c, &w1, &[4]);
    assert_eq!(faces, [4]);
    assert!(events.is_empty());
    assert!(after.couriers[0].read_by.is_empty());
    // …5 intercepts; the letter goes on, and is not read twice by the same club.
    let (events, after, _) = ride_with(&c, &w1, &[5]);
    assert!(
        matches!(&events[..], [Happening::LetterIntercepted { letter: 3, by, .. }] if by.as_str() == "SV"),
        "{events:?}"
    );
    assert_eq!(after.couriers.len(), 1);
    let (events, _, faces) = ride_with(&c, &after, &[]);
    assert!(events.is_empty() && faces.is_empty());
    // The die is the phase's, under the event the rulebook names.
    let mut dice = crate::rules::dice::SeededDice::new([9; 32]);
    let mut s = Step::new(&c, &w1, &mut dice);
    ride(&mut s);
    drop(s);
    assert_eq!(dice.log()[0].event.as_str(), "courier/3/M/SV");
    assert_eq!(dice.log()[0].sides, 6);
}
