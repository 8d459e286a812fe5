//! Stress recovery, charges, melee, fire, double units, the duel and the fatigue roll.

use super::*;

#[test]
fn stress_recovery_two_hexes_away() {
    let mut b = resting(5);
    assert_eq!(b.band(0), Band::Near);
    let mut dice = script(&[("t5/A.D/A-U1/morale-recovery", 2)]);
    b.phase_d(A, &mut dice);
    done(&dice);
    assert_eq!(b.units[0].stress, 2);
    let mut dice = script(&[("t5/A.D/A-U1/morale-recovery", 3)]);
    b.phase_d(A, &mut dice);
    done(&dice);
    assert_eq!(b.units[0].stress, 1);
}

#[test]
fn no_stress_recovery_next_to_the_enemy() {
    let mut b = resting(4);
    assert_eq!(b.band(0), Band::Front);
    let mut dice = ScriptedDice::values([]);
    b.phase_d(A, &mut dice);
    done(&dice);
    assert_eq!(b.units[0].stress, 2);
}

#[test]
fn cavalry_refuses_and_slips_away() {
    let mut b = cavalry_charged();
    assert!(b.refuses(1, 0), "5:1 after shifts against it");
    // The infantry has no Stress: it passes without a roll; the cavalry needs 4 − 1.
    let mut dice = script(&[("t2/A.B/B-U1/morale-refuse-A-U1", 3)]);
    b.charge(0, 1, &mut dice);
    done(&dice);
    assert_eq!((b.units[1].row, b.units[1].engaged), (8, None));
    assert_eq!(
        (b.units[0].row, b.units[0].engaged),
        (6, None),
        "in the vacated hex"
    );
}

#[test]
fn cavalry_fails_to_refuse_takes_stress_and_fights() {
    let mut b = cavalry_charged();
    let mut dice = script(&[("t2/A.B/B-U1/morale-refuse-A-U1", 2)]);
    b.charge(0, 1, &mut dice);
    done(&dice);
    assert_eq!(b.units[1].stress, 2);
    assert_eq!((b.units[0].engaged, b.units[1].engaged), (Some(1), Some(0)));
    assert_eq!(b.units[0].row, 6);
}

#[test]
fn a_charge_that_fails_its_test_stops_adjacent() {
    let mut b = cavalry_charged();
    b.units[0].stress = 2;
    let mut dice = script(&[("t2/A.B/A-U1/morale-charge", 1)]);
    b.charge(0, 1, &mut dice);
    done(&dice);
    assert_eq!((b.units[0].row, b.units[0].engaged), (5, None));
}

#[test]
fn leaving_a_melee_passes_and_steps_back() {
    let mut b = in_melee();
    assert!(b.wants_leave(0), "column 1:3 after shifts");
    let mut dice = script(&[("t3/A.B/A-U1/morale-leave", 3)]);
    b.phase_b(A, &mut dice);
    done(&dice);
    assert_eq!(
        (b.units[0].row, b.units[0].engaged, b.units[1].engaged),
        (5, None, None)
    );
}

#[test]
fn leaving_a_melee_fails_and_takes_stress() {
    let mut b = in_melee();
    let mut dice = script(&[("t3/A.B/A-U1/morale-leave", 2)]);
    b.leave_melee(0, &mut dice);
    done(&dice);
    assert_eq!((b.units[0].stress, b.units[0].engaged), (2, Some(1)));
}

#[test]
fn fire_value_3_hits_and_rolls_a_second_die() {
    let mut b = shooting(false, 6, &[]);
    let mut dice = script(&[("t6/A.C/A-U1/fire", 4), ("t6/A.C/A-U1/fire2", 4)]);
    b.fire(0, 2, &mut dice);
    done(&dice);
    assert_eq!(b.units[2].stress, 2);
    assert!(b.provisional.any(), "the Fire Table is a stand-in");
    let mut dice = script(&[("t6/A.C/A-U1/fire", 4), ("t6/A.C/A-U1/fire2", 3)]);
    b.fire(0, 2, &mut dice);
    assert_eq!(b.units[2].stress, 3);
    let mut dice = script(&[("t6/A.C/A-U1/fire", 3)]);
    b.fire(0, 2, &mut dice);
    done(&dice);
    assert_eq!(b.units[2].stress, 3, "a miss: nothing");
}

#[test]
fn walls_protect_and_the_second_die_reading() {
    // The village of a fortified node has walls when the defender has them: always
    // under the old reading, only from inside under the shipped one.
    let old = ("OTT_fort_applies", "fortified_node");
    assert_eq!(
        shooting(true, 11, &[]).terrain(2),
        "village",
        "met in the field"
    );
    let mut b = shooting(true, 11, &[old]);
    assert_eq!(b.terrain(2), "walls");
    let mut dice = ScriptedDice::values([4]);
    b.fire(0, 2, &mut dice);
    done(&dice);
    assert_eq!(b.units[2].stress, 0, "4 − 1 < 4");
    let mut dice = ScriptedDice::values([5, 4]);
    b.fire(0, 2, &mut dice);
    done(&dice);
    assert_eq!(b.units[2].stress, 1, "second die 4 − 1 < 4 under `same`");
    let mut b = shooting(true, 11, &[old, ("OTT_second_die", "bare")]);
    let mut dice = ScriptedDice::values([5, 4]);
    b.fire(0, 2, &mut dice);
    done(&dice);
    assert_eq!(b.units[2].stress, 2, "second die unmodified under `bare`");
}

#[test]
fn a_miss_into_a_melee_hex_stresses_the_friend() {
    let mut b = shooting(false, 6, &[]);
    b.put(1, 6);
    b.engage(1, 2);
    b.put(0, 5);
    assert_eq!(b.fire_target(0), Some(2), "safe: the friend has no Stress");
    let mut dice = script(&[("t6/A.C/A-U1/fire", 3)]);
    b.fire(0, 2, &mut dice);
    done(&dice);
    assert_eq!((b.units[1].stress, b.units[2].stress), (1, 0));
    b.units[1].stress = 3;
    assert_eq!(b.fire_target(0), None, "a miss would rout the friend");
}

#[test]
fn a_double_unit_is_reduced_then_eliminated_with_its_leader() {
    let mut b = double_defender();
    let e = Effect {
        eliminated: true,
        ..Effect::default()
    };
    b.apply_melee(1, e, &mut ScriptedDice::values([]));
    let p = &b.units[1];
    assert_eq!(
        (p.reduced, p.routed, p.row, p.steps_lost, p.values().cv),
        (true, false, 13, 1, 4)
    );
    assert_eq!(b.unit_state(p), UnitState::Reduced);
    assert_eq!(b.units[0].engaged, None, "the attacker holds the hex");
    assert_eq!(b.leaders[0].with, Some(1), "the leader went with it");
    b.apply_melee(1, e, &mut ScriptedDice::values([]));
    assert_eq!(b.unit_state(&b.units[1]), UnitState::Eliminated);
    assert_eq!(b.units[1].steps_lost, 2);
    assert_eq!(b.leaders[0].state, LeaderState::Killed);
}

#[test]
fn a_double_unit_flipped_past_its_reduced_morale_takes_an_r_marker() {
    let mut b = double_defender();
    b.units[1].stress = 4;
    b.apply_melee(
        1,
        Effect {
            eliminated: true,
            ..Effect::default()
        },
        &mut ScriptedDice::values([]),
    );
    let p = &b.units[1];
    assert_eq!(
        (p.reduced, p.routed, p.row),
        (true, true, 13),
        "one retreat of 2 hexes"
    );
    assert_eq!(b.unit_state(p), UnitState::Routed);
}

#[test]
fn the_fatigue_roll_from_the_18_00_turn() {
    let mut b = guardia(&[]);
    b.turn = 12; // 17:00
    let mut dice = ScriptedDice::values([]);
    assert!(!b.end_roll(&mut dice));
    done(&dice);
    b.turn = 13; // 18:00
    let mut dice = script(&[("t13/end/clock/fatigue", 3)]);
    assert!(!b.end_roll(&mut dice));
    done(&dice);
    b.turn = 14;
    let mut dice = script(&[("t14/end/clock/fatigue", 2)]);
    assert!(b.end_roll(&mut dice));
    done(&dice);
    let mut b = guardia(&[("OTT_end_roll", "once_at_18")]);
    b.turn = 14;
    let mut dice = ScriptedDice::values([]);
    assert!(!b.end_roll(&mut dice), "only after the 18:00 turn");
    done(&dice);
    assert_eq!(
        b.rules.last_turn(),
        16,
        "ASSUMPTION: the 21:00 turn is the last"
    );
}
