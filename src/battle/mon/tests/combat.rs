//! The worked example, minor and major battles, the Disrupted stand-in, losses and commanders' survival.

use super::*;

// --- §5.3: the §7.2.1 worked example ---------------------------------------------

/// §7.2.1: fire 3 attacking in difficult terrain with a fortified village and a fort
/// fires at 2, and the defender suffers two fewer hits.
#[test]
fn worked_example_difficult_terrain_village_and_fort() {
    let rs = rs();
    let c = card(
        "village",
        "hills",
        true,
        side("A", foot("A", 3, 3, 1), vec![]),
        side(
            "B",
            vec![unit("B-U1", "inf", 40, &[("fire_att", 3), ("fire_def", 4)])],
            vec![],
        ),
    );
    let set = Settings::read(&c, &rs).unwrap();
    assert!(set.difficult);
    assert_eq!(set.protection, 2, "village + fort");
    let a1 = Counter::from_card(&c.sides[0].units[0]).unwrap();
    assert_eq!(unit_fire(&a1, true, false, &set), Ok(Some((2, false))));
    // The defender is not penalised (its 4 stays 4).
    let b1 = Counter::from_card(&c.sides[1].units[0]).unwrap();
    assert_eq!(unit_fire(&b1, false, false, &set), Ok(Some((4, false))));

    // 2, 2 hit at FV2; 3 misses (it would hit at 3). Two hits − 2 = none suffered.
    let script =
        [("A-U1", 2), ("A-U2", 2), ("A-U3", 3), ("B-U1", 6)].map(|(u, value)| ScriptedRoll {
            event: Some(format!("mon/T/r1/{u}")),
            value,
        });
    let mut dice = ScriptedDice::new(script);
    let r = resolve(&c, &rs, &mut dice).unwrap();
    assert!(dice.problems().is_empty(), "{:?}", dice.problems());
    assert_eq!(state(&r, "B-U1"), (UnitState::Ok, 0));
    assert_eq!(r.winner, Winner::B);
    assert_eq!(
        r.reason,
        "MON7.5 tie: attacker loses (hits suffered A 0 B 0)"
    );
    assert_eq!(r.turns_played, 1);
    assert!(!r.provisional_tables_used);
    assert!(
        dice.log()[0].purpose.contains("FV2"),
        "{}",
        dice.log()[0].purpose
    );

    // The same dice in the open, unfortified: three hits, the defender is gone.
    let open = open_field(
        foot("A", 3, 3, 1),
        vec![unit(
            "B-U1",
            "garrison",
            10,
            &[("fire_att", 1), ("fire_def", 2)],
        )],
    );
    let r = run(&open, &rs, &[2, 2, 3, 6]);
    assert_eq!(state(&r, "B-U1"), (UnitState::Eliminated, 1));
    assert_eq!(r.winner, Winner::A);
    assert!(
        r.reason.starts_with("MON7.3 defender eliminated"),
        "{}",
        r.reason
    );
}

// --- §5.2: Field Combat, minor -----------------------------------------------------

#[test]
fn minor_battle_is_one_round_and_the_side_with_more_hits_retreats() {
    let rs = rs();
    // A rolls 1, 6: one hit; B rolls 6, 6. B-U1 flips; B retreats.
    let r = run(
        &open_field(foot("A", 2, 3, 1), foot("B", 2, 3, 1)),
        &rs,
        &[1, 6, 6, 6],
    );
    assert_eq!(r.winner, Winner::A);
    assert_eq!(
        r.reason,
        "MON7.5 the defender suffered more hits and retreats (hits suffered A 0 B 1)"
    );
    assert_eq!(state(&r, "B-U1"), (UnitState::Reduced, 1));
    assert_eq!(state(&r, "B-U2"), (UnitState::Ok, 0));
    assert_eq!(r.turns_played, 1);
    // A minor battle has one round even when the winner would go on (6 against 5).
    let r = run(
        &open_field(foot("A", 6, 3, 1), foot("B", 5, 3, 1)),
        &rs,
        &[1; 11],
    );
    assert_eq!(r.turns_played, 1);
    assert_eq!(r.winner, Winner::A, "{}", r.reason);
}

/// Two units a side, fire 3 each (p = 1/2 a die): enumerating all 6⁴ rolls gives
/// the exact odds, P(A wins) = P(X > Y) for X, Y ~ Bin(2, ½) = 5/16 (ties go to B).
/// The same card is what a Monte Carlo odds run can be checked against.
#[test]
fn a_two_unit_minor_battle_matches_its_exact_probability() {
    let rs = rs();
    let c = open_field(foot("A", 2, 3, 1), foot("B", 2, 3, 1));
    let mut wins = [0u32; 3];
    for n in 0..6u32.pow(4) {
        let rolls: Vec<u8> = (0..4).map(|k| (n / 6u32.pow(k) % 6) as u8 + 1).collect();
        let r = run(&c, &rs, &rolls);
        wins[match r.winner {
            Winner::A => 0,
            Winner::B => 1,
            Winner::Draw => 2,
        }] += 1;
    }
    assert_eq!(wins, [405, 891, 0], "1296 × 5/16 = 405");
}

// --- §5.2: Field Combat, major -----------------------------------------------------

/// Single-step units, 6 against 7: a Major battle. Round 1 A wins 2–1 and goes on;
/// round 2 ties 1–1 at 4 units each (both go on); round 3 B wins 1–0 and goes on;
/// round 4 ties 1–1 with A at 2 units against 3: A declines. Totals 4–4: B wins.
#[test]
fn major_battle_rounds_follow_the_continue_policy() {
    let rs = rs();
    let c = open_field(foot("A", 6, 3, 0), foot("B", 7, 3, 0));
    let rolls: Vec<u8> = [
        &[1, 1, 6, 6, 6, 6][..],
        &[1, 6, 6, 6, 6, 6, 6],
        &[1, 6, 6, 6, 6],
        &[1, 6, 6, 6, 6],
        &[6, 6, 6, 6],
        &[1, 6, 6, 6],
        &[1, 6, 6],
        &[1, 6, 6, 6],
    ]
    .concat();
    let r = run(&c, &rs, &rolls);
    assert_eq!(r.turns_played, 4);
    assert_eq!(r.winner, Winner::B);
    assert_eq!(
        r.reason,
        "MON7.5 tie: attacker loses (hits suffered A 4 B 4)"
    );
    for i in 1..=4 {
        assert_eq!(state(&r, &format!("A-U{i}")), (UnitState::Eliminated, 1));
        assert_eq!(state(&r, &format!("B-U{i}")), (UnitState::Eliminated, 1));
    }
    assert_eq!(state(&r, "A-U5"), (UnitState::Ok, 0));
    assert_eq!(state(&r, "B-U5"), (UnitState::Ok, 0));

    // The `rational` switch: after round 1 A is ahead (1 against 2) and stops.
    let mut c2 = c.clone();
    c2.battle
        .readings
        .insert("MON_continue_policy".into(), "rational".into());
    let r = run(&c2, &rs, &rolls[..13]);
    assert_eq!(r.turns_played, 1);
    assert_eq!(r.winner, Winner::A);
    // `single_round`: one round whatever happens.
    c2.battle
        .readings
        .insert("MON_continue_policy".into(), "single_round".into());
    assert_eq!(run(&c2, &rs, &rolls[..13]).turns_played, 1);
}

/// The round cap ends a battle that both sides would fight for ever.
#[test]
fn major_battle_stops_at_the_round_cap() {
    let rs = rs();
    let mut c = open_field(foot("A", 6, 3, 1), foot("B", 6, 3, 1));
    c.battle
        .readings
        .insert("MON_max_rounds".into(), "3".into());
    // Every round ties 0–0 at 6 against 6: both go on until the cap.
    let r = run(&c, &rs, &[6; 36]);
    assert_eq!(r.turns_played, 3);
    assert_eq!(r.winner, Winner::B);
}

/// A Disrupted unit fires with the PROVISIONAL stand-in (3 − 1 = 2: a 3 misses),
/// and the result says a provisional table was used.
#[test]
fn disrupted_units_fire_with_the_provisional_stand_in() {
    let rs = rs();
    let c = open_field(foot("A", 6, 3, 1), foot("B", 7, 3, 1));
    // Round 1: A 1 hit (B-U1 Disrupted), B none; A goes on. Round 2: B-U1 rolls 3
    // and misses at FV2; 0–0 tie, A (6) against B (7) declines.
    let rolls = [
        [1, 6, 6, 6, 6, 6].as_slice(),
        &[6; 7],
        &[6; 6],
        &[3, 6, 6, 6, 6, 6, 6],
    ]
    .concat();
    let mut dice = ScriptedDice::values(rolls.clone());
    let r = resolve(&c, &rs, &mut dice).unwrap();
    assert!(dice.problems().is_empty(), "{:?}", dice.problems());
    assert_eq!(r.turns_played, 2);
    assert!(r.provisional_tables_used);
    assert_eq!(r.winner, Winner::A);
    assert!(
        dice.log()[19].purpose.contains("B-U1->A (def FV2)"),
        "{}",
        dice.log()[19].purpose
    );

    // A typed-in back (`fire_disrupted`) is not provisional; without the stand-in
    // and without a typed back, a clear data error.
    let set = Settings::read(&c, &rs).unwrap();
    let mut u = Counter::from_card(&c.sides[1].units[0]).unwrap();
    u.disrupted = true;
    assert_eq!(unit_fire(&u, false, false, &set), Ok(Some((2, true))));
    let bare = Settings {
        disrupted: None,
        ..set.clone()
    };
    assert!(
        unit_fire(&u, false, false, &bare)
            .unwrap_err()
            .contains("B-U1")
    );
    u.fire_disrupted = Some(3);
    assert_eq!(unit_fire(&u, false, false, &bare), Ok(Some((3, false))));
    let mut rs_bare = rs.clone();
    rs_bare.remove_table("disrupted_fire");
    let mut dice = ScriptedDice::values(rolls.clone());
    assert!(matches!(
        resolve(&c, &rs_bare, &mut dice),
        Err(BattleError::Data { .. })
    ));
}

#[test]
fn a_major_unit_rolls_two_dice() {
    let rs = rs();
    let a = vec![unit("A-U1", "inf", 40, &[("fire", 3), ("major", 1)])];
    let mut dice = ScriptedDice::values([1, 2, 6, 6]);
    let r = resolve(&open_field(a, foot("B", 2, 2, 1)), &rs, &mut dice).unwrap();
    assert!(dice.problems().is_empty(), "{:?}", dice.problems());
    assert_eq!(dice.log()[1].event, "mon/T/r1/A-U1/d2");
    assert_eq!(state(&r, "B-U1"), (UnitState::Reduced, 1));
    assert_eq!(state(&r, "B-U2"), (UnitState::Reduced, 1));
    assert_eq!(r.winner, Winner::A);
}

// --- §5.2: loss allocation ---------------------------------------------------------

#[test]
fn losses_flip_the_cheapest_good_order_unit_then_remove_the_cheapest() {
    let rs = rs();
    let b = vec![
        unit("B-U1", "garrison", 10, &[("fire_att", 1), ("fire_def", 2)]),
        unit("B-U2", "guast", 20, &[("fire", 3)]),
        unit("B-U3", "inf", 40, &[("fire_att", 3), ("fire_def", 4)]),
    ];
    // A: three hits. B: the garrison and the infantry miss (guastatori never fire).
    let r = run(
        &open_field(foot("A", 3, 3, 1), b.clone()),
        &rs,
        &[1, 1, 1, 6, 6],
    );
    assert_eq!(
        state(&r, "B-U2"),
        (UnitState::Reduced, 1),
        "cheapest with a back"
    );
    assert_eq!(state(&r, "B-U3"), (UnitState::Reduced, 1));
    assert_eq!(
        state(&r, "B-U1"),
        (UnitState::Eliminated, 1),
        "then the cheapest"
    );
    assert_eq!(r.winner, Winner::A);

    let mut units: Vec<Counter> = b.iter().map(|u| Counter::from_card(u).unwrap()).collect();
    allocate(&mut units, 6);
    assert!(
        units.iter().all(|u| u.eliminated),
        "the 6th hit is lost (§7.3)"
    );
    assert_eq!(
        units.iter().map(|u| u.steps_lost).collect::<Vec<_>>(),
        [1, 2, 2]
    );
    assert_eq!(pick_loss(&units), None);
}

// --- §5.2: commander survival ------------------------------------------------------

#[test]
fn commanders_of_a_side_that_suffered_a_hit_roll_for_survival() {
    let rs = rs();
    let a = side(
        "A",
        foot("A", 1, 3, 1),
        vec![leader("A-L1", 2, 0), leader("A-L2", 3, 2)],
    );
    let b = side(
        "B",
        vec![unit("B-U1", "inf", 40, &[("fire_att", 3), ("fire_def", 4)])],
        vec![leader("B-L1", 2, 0)],
    );
    let c = card("village", "plain", false, a, b);
    // Fire: A-U1 6, A-L1 6, A-L2 6; B-U1 1 (hit), B-L1 6. Only A suffered a hit:
    // A-L1 rolls 2 (hit, no replacement), A-L2 rolls 1 (hit, replaced).
    let r = run(&c, &rs, &[6, 6, 6, 1, 6, 2, 1]);
    assert_eq!(leader_state(&r, "A-L1"), LeaderState::Killed);
    assert_eq!(leader_state(&r, "A-L2"), LeaderState::Replaced);
    assert_eq!(
        leader_state(&r, "B-L1"),
        LeaderState::Ok,
        "B suffered no hit: no roll"
    );
    assert_eq!(state(&r, "A-U1"), (UnitState::Reduced, 1));
    assert_eq!(r.winner, Winner::B);
    // Commanders' own fire counts: A-L1 rolls 1 and hits, so both sides suffered a
    // hit and all three commanders roll: 3, 4 and 5 survive.
    let r = run(&c, &rs, &[6, 1, 6, 1, 6, 3, 4, 5]);
    assert_eq!(leader_state(&r, "A-L1"), LeaderState::Ok);
    assert_eq!(leader_state(&r, "A-L2"), LeaderState::Ok);
    assert_eq!(leader_state(&r, "B-L1"), LeaderState::Ok);
    assert_eq!(state(&r, "B-U1"), (UnitState::Reduced, 1));
    assert_eq!(
        r.reason,
        "MON7.5 tie: attacker loses (hits suffered A 1 B 1)"
    );
}
