//! Wing selection, volleys, Feu de Billebaude, disorder, reorganisation, changing of ranks, batteries.

use super::*;

#[test]
fn wing_selection_high_roller_goes_first_and_a_draw_rerolls() {
    let f = line_up(1);
    let mut dice = ScriptedDice::new([5u8, 7, 4, 4, 9, 2].map(|v| ScriptedRoll {
        event: None,
        value: v + 1,
    }));
    let mut b = battle(&f, &mut dice);
    b.turn = 2;
    assert_eq!(
        b.select_pair(0, &mut [vec![0], vec![0]]),
        [(1, 0), (0, 0)],
        "B rolled 7 against 5"
    );
    assert_eq!(
        b.select_pair(0, &mut [vec![0], vec![0]]),
        [(0, 0), (1, 0)],
        "4-4 rerolled, then 9 against 2"
    );
    b.turn = 1;
    assert_eq!(
        b.select_pair(0, &mut [vec![0], vec![0]]),
        [(0, 0), (1, 0)],
        "turn 1: the fixed first pair, no roll"
    );
    assert_eq!(
        b.select_pair(1, &mut [vec![], vec![1]]),
        [(1, 1)],
        "a wing left alone activates without a roll"
    );
    drop(b);
    assert_eq!(dice.log().len(), 6);
    assert!(dice.log()[0].event.ends_with("/t2/pair1/select/A"));
    assert!(dice.problems().is_empty(), "{:?}", dice.problems());
}

/// §9.1.2: a second volley needs a TDR; A-U1 fails (8 + 1 eZOC − 1 SF = 8 > 7) and
/// takes Feu de Billebaude, which is Smoke for the shots of the second volley.
#[test]
fn second_volley_tdr_fails_into_feu_de_billebaude() {
    let f = line_up(1);
    let mut dice = script(&[
        ("A-W1/fire/A-U1>B-U1", 0),
        ("A-W1/fire/A-U2>B-U2", 0),
        ("A-W1/fire/B-U1>A-U1", 0),
        ("A-W1/fire/B-U2>A-U2", 0),
        ("A-W1/tdr/second-volley/A-U1", 8),
        ("A-W1/tdr/second-volley/A-U2", 7),
        ("A-W1/tdr/second-volley/B-U1", 0),
        ("A-W1/tdr/second-volley/B-U2", 0),
        ("A-W1/fire/A-U2>B-U2#2", 0),
        ("A-W1/fire/B-U1>A-U1#2", 0),
        ("A-W1/fire/B-U2>A-U2#2", 0),
    ]);
    let mut b = battle(&f, &mut dice);
    in_contact(&mut b);
    b.fire_combat(0);
    assert!(b.units[0].feu && !b.units[1].feu, "only A-U1 failed");
    assert!(
        b.units[0].fired && b.units[1].fired,
        "no melee after firing"
    );
    assert!(
        (0..4).all(|u| b.units[u].order == Order::Good),
        "every shot NE"
    );
    drop(b);
    let p = purposes(&dice);
    assert_eq!(
        p[4],
        "PIA TDR second volley A-U1: d10 +1 eZOC -1 SF <= 7 passes (§5.11)"
    );
    assert_eq!(
        p[8], "PIA fire A-U2->B-U2: 2 SP, Extended column, DRM -1 (§9.1)",
        "Smoke beside"
    );
    assert_eq!(
        p[9], "PIA fire B-U1->A-U1: 2 SP, Extended column, DRM -2 (§9.1)",
        "Smoke in the hex"
    );
    assert!(dice.problems().is_empty(), "{:?}", dice.problems());
}

/// §9.1.2: d10 + 1 eZOC + 2 Smoke (the marker itself) − 1 SF <= 7 removes it.
#[test]
fn feu_de_billebaude_removal_passes_on_3_fails_on_6() {
    for (roll, kept) in [(3, false), (6, true)] {
        let f = line_up(1);
        let mut dice = script(&[("A-W1/tdr/feu/A-U1", roll)]);
        let mut b = battle(&f, &mut dice);
        in_contact(&mut b);
        b.units[0].feu = true;
        b.feu_removal(0, 0);
        assert_eq!(b.units[0].feu, kept, "roll {roll}");
        drop(b);
        assert_eq!(
            purposes(&dice)[0],
            "PIA TDR Feu de Billebaude removal A-U1: d10 +1 eZOC +2 Smoke -1 SF <= 7 passes (§5.11)"
        );
        assert!(dice.problems().is_empty(), "{:?}", dice.problems());
    }
}

/// §11.1e: a Disordered unit hit by D1 takes a TDR at +2: passed, it stays
/// Disordered and (READING) still retreats; failed, it routs three hexes.
#[test]
fn second_disorder_holds_on_1_routs_on_8() {
    for (roll, reading, order, pos) in [
        (1, None, Order::Disordered, 15),
        (1, Some("stay"), Order::Disordered, 14),
        (8, None, Order::Routed, 17),
    ] {
        let mut f = line_up(1);
        if let Some(r) = reading {
            f.readings = {
                f.card
                    .battle
                    .readings
                    .insert("PIA_second_disorder_retreat".into(), r.into());
                Readings::load(&ruleset(), &f.card).unwrap()
            };
        }
        let mut dice = script(&[("A-W1/tdr/second-disorder/B-U1", roll)]);
        let mut b = battle(&f, &mut dice);
        in_contact(&mut b);
        b.units[2].order = Order::Disordered;
        b.apply_hits(2, &[Hit::Disorder(1)]);
        assert_eq!(
            (b.units[2].order, b.units[2].pos),
            (order, pos),
            "roll {roll} {reading:?}"
        );
        drop(b);
        assert_eq!(
            purposes(&dice)[0],
            "PIA TDR second Disorder B-U1: d10 +1 eZOC +2 second Disorder -1 SF <= 7 passes (§5.11)"
        );
        assert!(dice.problems().is_empty(), "{:?}", dice.problems());
    }
}

/// §11.4: +2 in an eZOC (not +1), +2 routed; passed, one level back; an
/// unmodified 9 always fails, even where 9 − 2 SF would pass.
#[test]
fn reorganization_recovers_a_level_and_a_natural_9_fails() {
    let cases = [
        (
            Order::Disordered,
            14,
            1,
            4,
            Order::Good,
            "d10 +2 eZOC -1 SF <= 7",
        ),
        (
            Order::Disordered,
            14,
            1,
            7,
            Order::Disordered,
            "d10 +2 eZOC -1 SF <= 7",
        ),
        (
            Order::Routed,
            17,
            1,
            5,
            Order::Disordered,
            "d10 +2 routed <= 7",
        ),
        (
            Order::Disordered,
            14,
            2,
            9,
            Order::Disordered,
            "d10 +2 eZOC -2 SF <= 7",
        ),
    ];
    for (from, pos, sf, roll, to, text) in cases {
        let f = line_up(sf);
        let mut dice = script(&[("end/tdr/reorganization/B-U1", roll)]);
        let mut b = battle(&f, &mut dice);
        in_contact(&mut b);
        b.tag = "end".into();
        b.units[2].order = from;
        b.units[2].pos = pos;
        b.reorganize(2);
        assert_eq!(b.units[2].order, to, "{from:?} roll {roll}");
        drop(b);
        assert_eq!(
            purposes(&dice)[0],
            format!("PIA TDR reorganization B-U1: {text} passes, an unmodified 9 fails (§5.11)")
        );
        assert!(dice.problems().is_empty(), "{:?}", dice.problems());
    }
}

/// §8.5.3: d10 − SF of 0–3 keeps good order, once a turn; 5 − 1 = 4 fails.
#[test]
fn changing_of_ranks_once_a_turn() {
    let f = line_up(1);
    let mut dice = script(&[("A-W1/ranks/A-U1", 4), ("A-W1/ranks/A-U2", 5)]);
    let mut b = battle(&f, &mut dice);
    in_contact(&mut b);
    b.apply_hits(0, &[Hit::Disorder(0)]);
    assert_eq!(
        (b.units[0].order, b.units[0].changed),
        (Order::Good, true),
        "4 - 1 = 3 changes ranks"
    );
    b.apply_hits(0, &[Hit::Disorder(0)]);
    assert_eq!(
        b.units[0].order,
        Order::Disordered,
        "no second change this turn, and no roll"
    );
    b.apply_hits(1, &[Hit::Disorder(0)]);
    assert_eq!(b.units[1].order, Order::Disordered, "5 - 1 = 4 fails");
    drop(b);
    assert_eq!(
        purposes(&dice)[0],
        "PIA changing of ranks A-U1: d10 -1 SF, 0-3 keeps good order (§8.5.3)"
    );
    assert!(dice.problems().is_empty(), "{:?}", dice.problems());
}

/// §8.3, §8.4: a volley, Smoke (−2) on the battery, a second volley, then d10 0–1
/// breaks the battery for the day.
#[test]
fn cannon_failure_on_1_not_on_2() {
    for (roll, broken) in [(1, true), (2, false)] {
        let f = battery_fixture();
        let mut dice = script(&[
            ("A-W1/bombardment/A-U1>B-U1", 0),
            ("A-W1/bombardment/A-U1>B-U1#2", 0),
            ("A-W1/cannon/A-U1", roll),
        ]);
        let mut b = battle(&f, &mut dice);
        place(&mut b, &[(0, 12), (2, 15)]);
        b.bombard_turn(0);
        assert_eq!(
            (b.units[0].fired, b.units[0].broken),
            (true, broken),
            "roll {roll}"
        );
        drop(b);
        let p = purposes(&dice);
        assert_eq!(
            p[0],
            "PIA bombardment A-U1->B-U1: column 1, range 2, DRM +0 (§8.1)"
        );
        assert_eq!(
            p[1],
            "PIA bombardment A-U1->B-U1: column 1, range 2, DRM -2 (§8.1)"
        );
        assert!(dice.problems().is_empty(), "{:?}", dice.problems());
    }
}

/// §8.5.2: RR at range 2 routs the target and ricochets onto the unit behind it on
/// the 1–2 SP column, where a second RR counts as a rout only.
#[test]
fn ricochet_hits_the_unit_behind_and_stops_there() {
    let f = battery_fixture();
    let mut dice = script(&[
        ("A-W1/bombardment/A-U1>B-U1", 9),
        ("A-W1/commander/B-L2", 5),
        ("A-W1/ricochet/A-U1>B-U2", 9),
        ("A-W1/commander/B-L2#2", 5),
    ]);
    let mut b = battle(&f, &mut dice);
    place(&mut b, &[(0, 12), (2, 15)]);
    b.bombard_turn(0);
    assert_eq!((b.units[1].order, b.units[1].pos), (Order::Routed, 17));
    assert_eq!((b.units[2].order, b.units[2].pos), (Order::Routed, 18));
    drop(b);
    assert!(dice.problems().is_empty(), "{:?}", dice.problems());
}

/// §8.5.2: with grapeshot (range 1) RR is a plain rout: no ricochet roll.
#[test]
fn grapeshot_rr_is_a_rout_without_ricochet() {
    let f = battery_fixture();
    let mut dice = script(&[
        ("A-W1/bombardment/A-U1>B-U1", 7),
        ("A-W1/commander/B-L2", 5),
        ("A-W1/bombardment/A-U1>B-U2", 0),
        ("A-W1/cannon/A-U1", 5),
    ]);
    let mut b = battle(&f, &mut dice);
    place(&mut b, &[(0, 13), (2, 15)]);
    b.bombard_turn(0);
    assert_eq!(
        b.units[1].order,
        Order::Routed,
        "7 + 2 = 9: RR, a rout at range 1"
    );
    assert_eq!(b.units[2].order, Order::Good);
    drop(b);
    assert!(dice.log().iter().all(|r| !r.event.contains("ricochet")));
    assert!(dice.problems().is_empty(), "{:?}", dice.problems());
}
