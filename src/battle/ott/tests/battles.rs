//! Whole battles: the attacker's march, victory, malformed input, replays and rearguards.

use super::*;

#[test]
fn the_duel_lower_roll_loses_and_ties_reroll() {
    let mut dice = script(&[("setup/duel/r1/B-U1", 3), ("setup/duel/r1/B-U2", 5)]);
    assert_eq!(
        duel(&mut dice, &format!("ott/{ID}/setup/duel"), "B-U1", "B-U2"),
        0
    );
    done(&dice);
    let mut dice = ScriptedDice::values([4, 4, 6, 2]);
    assert_eq!(duel(&mut dice, "ott/x/setup/duel", "B-U1", "B-U2"), 1);
    done(&dice);
}

#[test]
fn the_duel_at_set_up_stresses_the_loser() {
    let lercaro = unit(
        "B-U1",
        "inf",
        &[
            ("cv", 2),
            ("fv", 1),
            ("morale", 5),
            ("duel", 1),
            ("outpost", 1),
        ],
    );
    let adorno = unit(
        "B-U2",
        "inf",
        &[
            ("cv", 2),
            ("fv", 1),
            ("morale", 5),
            ("duel", 1),
            ("outpost", 1),
        ],
    );
    let c = card(
        vec![inf("A-U1", 4, 2, 4, 0)],
        vec![lercaro, adorno.clone()],
        false,
    );
    let rs = ruleset();
    let rules = Rules::load(&c, &rs).unwrap();
    let mut dice = ScriptedDice::values([5, 2]);
    let b = Battle::setup(&c, &rules, &mut dice).unwrap();
    done(&dice);
    assert_eq!((b.units[1].stress, b.units[2].stress), (0, 2));
    assert_eq!((b.units[1].row, b.terrain(1)), (2, "fortification"));
    let lone = card(vec![inf("A-U1", 4, 2, 4, 0)], vec![adorno], false);
    let rules = Rules::load(&lone, &rs).unwrap();
    let err = Battle::setup(&lone, &rules, &mut ScriptedDice::values([])).err();
    assert!(matches!(err, Some(BattleError::Card(_))), "{err:?}");
}

#[test]
fn terzo_cattaneo_starts_tired_only_with_its_option() {
    let cattaneo = unit(
        "B-U1",
        "inf",
        &[("cv", 4), ("fv", 2), ("morale", 4), ("tired", 1)],
    );
    let mut c = card(vec![inf("A-U1", 4, 2, 4, 0)], vec![cattaneo], false);
    assert_eq!(battle(&c).units[1].stress, 0);
    c.battle.options.push("OTT7.7".into());
    assert_eq!(battle(&c).units[1].stress, 2);
}

#[test]
fn split_halves_apart_take_stress() {
    let half = |id: &str| {
        unit(
            id,
            "inf",
            &[("cv", 3), ("fv", 1), ("morale", 4), ("half_of", 1)],
        )
    };
    let c = card(
        vec![inf("A-U1", 4, 2, 4, 0)],
        vec![half("B-U1"), half("B-U2")],
        false,
    );
    let mut b = battle(&c);
    b.put(2, 12);
    b.split_halves(B);
    assert_eq!(
        (b.units[1].stress, b.units[2].stress),
        (0, 0),
        "adjacent rows"
    );
    b.put(2, 14);
    b.split_halves(B);
    assert_eq!((b.units[1].stress, b.units[2].stress), (1, 1));
    let bad = card(vec![inf("A-U1", 4, 2, 4, 0)], vec![half("B-U1")], false);
    let rules = Rules::load(&bad, &ruleset()).unwrap();
    assert!(Battle::setup(&bad, &rules, &mut ScriptedDice::values([])).is_err());
}

// ------------------------------------------------------------- field and victory

#[test]
fn the_attacker_marches_up_the_road_and_stops_on_contact() {
    let c = card(
        vec![inf("A-U1", 4, 2, 4, 0)],
        vec![inf("B-U1", 4, 2, 4, 0)],
        false,
    );
    let mut b = battle(&c);
    assert_eq!(
        (b.geo.village, b.geo.slots, b.geo.b_edge),
        (Some(11), 4, 15)
    );
    b.at(1, "A.B");
    b.phase_b(A, &mut ScriptedDice::values([]));
    assert_eq!(b.units[0].row, 3, "2 MP + 1 on the road");
    assert_eq!(b.band(0), Band::Far);
    b.put(0, 8);
    b.phase_b(A, &mut ScriptedDice::values([]));
    assert_eq!(
        (b.units[0].row, b.band(0)),
        (10, Band::Front),
        "stops on contact; 1:1 is no charge"
    );
    b.phase_b(A, &mut ScriptedDice::values([]));
    assert_eq!(b.units[0].row, 11, "steps into an empty village hex");
    assert_eq!(b.free_slots(), 2);
}

#[test]
fn the_attacker_wins_with_four_units_in_the_village() {
    let a: Vec<Unit> = (1..=4)
        .map(|i| inf(&format!("A-U{i}"), 4, 2, 4, 0))
        .collect();
    let b_units: Vec<Unit> = (1..=5)
        .map(|i| inf(&format!("B-U{i}"), 4, 2, 4, 0))
        .collect();
    let c = card(a, b_units, false);
    let mut b = battle(&c);
    assert_eq!(b.threshold(), 3, "60% of 5");
    for u in 0..3 {
        b.put(u, 11);
    }
    b.put(3, 10);
    assert_eq!(b.attacker_sudden_death(), None);
    b.put(3, 11);
    assert_eq!(
        b.attacker_sudden_death().map(|(r, _)| r).as_deref(),
        Some("OTT8 the attacker holds 4 units in the village")
    );
    b.put(3, 10);
    b.units[4].status = Status::Eliminated;
    b.units[5].status = Status::Surrendered;
    b.units[6].routed = true;
    assert_eq!(
        b.attacker_sudden_death(),
        None,
        "routed units count only at the end"
    );
    assert_eq!(b.final_victory().0, Winner::A);
    b.units[6].routed = false;
    assert_eq!(b.final_victory().0, Winner::B);
}

#[test]
fn malformed_cards_are_errors_not_panics() {
    let rs = ruleset();
    let bad = |a: Unit| card(vec![a], vec![inf("B-U1", 4, 2, 4, 0)], false);
    for u in [
        inf("A-U1", 0, 2, 4, 0),
        inf("A-U1", 4, 4, 4, 0),
        inf("A-U1", 4, 2, 0, 0),
        unit("A-U1", "art", &[("cv", 4), ("fv", 2), ("morale", 4)]),
        unit("A-U1", "cav", &[("cv", 4), ("fv", 2), ("morale", 4)]),
        unit(
            "A-U1",
            "inf",
            &[("cv", 4), ("fv", 2), ("morale", 4), ("double", 1)],
        ),
        unit(
            "A-U1",
            "inf",
            &[("cv", 4), ("fv", 2), ("morale", 4), ("steps", 2)],
        ),
    ] {
        let r = resolve(&bad(u.clone()), &rs, &mut SeededDice::new([1; 32]));
        assert!(matches!(r, Err(BattleError::Card(_))), "{u:?}: {r:?}");
    }
    let mut empty = built("battle", [300, 300], false);
    empty.sides[B].units.clear();
    assert!(matches!(
        resolve(&empty, &rs, &mut SeededDice::new([1; 32])),
        Err(BattleError::Card(_))
    ));
}

#[test]
fn a_missing_table_or_a_bad_reading_is_a_data_error() {
    let c = built("battle", [300, 300], false);
    let mut rs = ruleset();
    rs.remove_table("melee");
    let r = resolve(&c, &rs, &mut SeededDice::new([1; 32]));
    assert!(
        matches!(&r, Err(BattleError::Data { message, .. }) if message.contains("melee")),
        "{r:?}"
    );
    let mut rs = ruleset();
    rs.readings
        .insert("OTT_morale_test".into(), "sideways".into());
    let mut c2 = c.clone();
    c2.battle.readings.clear();
    assert!(matches!(
        resolve(&c2, &rs, &mut SeededDice::new([1; 32])),
        Err(BattleError::Data { .. })
    ));
}

#[test]
fn full_battles_end_consistently_and_replay_exactly() {
    // The golden battles pin the reading of campaigns written before
    // `OTT_melee_choice`: their stored battles must replay unchanged.
    let mut rs = ruleset();
    rs.readings.remove("OTT_melee_choice");
    let mut winners = Vec::new();
    for n in 1..=8u8 {
        let mut c = built("battle", [400, 400], n % 2 == 0);
        c.battle.readings.remove("OTT_melee_choice");
        // Pinned before `OTT_fort_applies`: the walls at every fortified node.
        c.battle
            .readings
            .insert("OTT_fort_applies".into(), "fortified_node".into());
        let mut dice = SeededDice::new([n; 32]);
        let r = resolve(&c, &rs, &mut dice).expect("resolves");
        check_consistent(&c, &r);
        check_dice(&dice);
        assert!(r.reason.starts_with("OTT8"), "{}", r.reason);
        let again = resolve(&c, &rs, &mut SeededDice::new([n; 32])).unwrap();
        assert_eq!(r, again, "same seed, same battle");
        winners.push((r.winner, r.turns_played));
    }
    assert_eq!(winners, GOLDEN_BATTLES, "the resolver's behaviour changed");
}

#[test]
fn rearguard_actions_follow_g3c_9() {
    let rs = ruleset();
    for n in 1..=6u8 {
        let c = built("rearguard", [400, 300], false);
        let mut dice = SeededDice::new([n; 32]);
        let r = resolve(&c, &rs, &mut dice).expect("resolves");
        check_consistent(&c, &r);
        check_dice(&dice);
        assert!(r.reason.starts_with("G3c.9"), "{}", r.reason);
        let (escaped, lost) = (r.escaped(&c, B), r.lost_units(&c, B));
        assert_eq!(r.winner == Winner::B, escaped > lost, "{}", r.reason);
        assert_eq!(r.escaped(&c, A), 0, "only the rearguard escapes");
        assert!(escaped > 0, "seed {n}: {}", r.reason);
    }
}
