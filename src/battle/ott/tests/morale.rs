//! The rulebook's morale, surrender and rout examples (the §6.2 melee example is a data
//! case: `tests/cases/battle/ott/`).

use super::*;

#[test]
fn example_4_5_guardia_fails_on_2_under_the_literal_reading() {
    let mut b = guardia(&[]);
    let mut dice = script(&[("t2/A.B/A-U1/morale-charge", 2)]);
    assert!(!b.morale_test(0, Test::Charge, &mut dice), "2 < 5 − 2");
    done(&dice);
    assert!(dice.log()[0].purpose.contains("need 3"));
    let mut dice = script(&[("t2/A.B/A-U1/morale-charge", 3)]);
    assert!(b.morale_test(0, Test::Charge, &mut dice));
    done(&dice);
}

#[test]
fn the_inverted_reading_passes_low_rolls() {
    let mut b = guardia(&[("OTT_morale_test", "inverted")]);
    let mut dice = ScriptedDice::values([2, 4]);
    assert!(
        b.morale_test(0, Test::Charge, &mut dice),
        "2 ≤ 3: contradicts the §4.5 example"
    );
    assert!(!b.morale_test(0, Test::Charge, &mut dice));
    done(&dice);
}

#[test]
fn no_stress_passes_without_a_roll_and_a_leader_helps() {
    let mut b = guardia(&[]);
    b.units[0].stress = 0;
    let mut dice = ScriptedDice::values([]);
    assert!(b.morale_test(0, Test::Leave, &mut dice));
    done(&dice);
    b.units[0].stress = 2;
    b.leaders.push(Chief {
        id: "A-L1".into(),
        side: A,
        morale_mod: 1,
        with: Some(0),
        gone: false,
        state: LeaderState::Ok,
    });
    let mut dice = ScriptedDice::values([2]);
    assert!(b.morale_test(0, Test::Charge, &mut dice), "2 + 1 ≥ 3");
    done(&dice);
}

#[test]
fn surrender_a_routed_unit_fails_and_surrenders() {
    let mut b = surrounded(&[]);
    assert_eq!(
        b.pairing(A),
        [Some(2), Some(2), None],
        "one pair, one overlap"
    );
    let mut dice = script(&[("t4/A.C/B-U1/morale-surrender", 4)]);
    assert!(!b.surrender_check(2, &mut dice), "4 < |0 − 5|");
    done(&dice);
    assert_eq!(b.unit_state(&b.units[2]), UnitState::Surrendered);
    assert_eq!(b.units[2].steps_lost, 1);
}

#[test]
fn surrender_a_routed_unit_passes_once_a_turn() {
    let mut b = surrounded(&[]);
    // Fire triggers the test first; a 5 passes, then the shot (FV 2 needs 5).
    let mut dice = script(&[("t4/A.C/B-U1/morale-surrender", 5), ("t4/A.C/A-U1/fire", 5)]);
    b.fire(0, 2, &mut dice);
    done(&dice);
    assert_eq!(b.units[2].stress, 6);
    assert!(b.units[2].surrender_checked);
    let mut dice = ScriptedDice::values([]);
    assert!(b.surrender_check(2, &mut dice), "once per turn");
    done(&dice);
}

#[test]
fn surrender_needs_two_enemies_and_the_letter_never_fails() {
    let mut b = surrounded(&[]);
    b.put(1, 0);
    let mut dice = ScriptedDice::values([]);
    assert!(
        b.surrender_check(2, &mut dice),
        "one enemy in contact: no test"
    );
    done(&dice);
    let mut b = surrounded(&[("OTT_surrender_abs", "off")]);
    let mut dice = ScriptedDice::values([1]);
    assert!(b.surrender_check(2, &mut dice), "1 ≥ 0 − 5");
    done(&dice);
}

#[test]
fn rout_unit_test_rallies_on_a_6_only() {
    let mut b = routed_defender();
    let mut dice = script(&[("t3/B.A/B-U1/rally", 5)]);
    b.phase_a(B, &mut dice);
    done(&dice);
    assert!(b.units[1].routed);
    let mut dice = script(&[("t3/B.A/B-U1/rally", 6)]);
    b.phase_a(B, &mut dice);
    done(&dice);
    let p = &b.units[1];
    assert_eq!(
        (p.routed, p.stress, p.pinned),
        (false, 3, true),
        "a Morale/Stress gap of 1"
    );
}

#[test]
fn routed_units_flee_first_and_leave_by_their_edge() {
    let mut b = routed_defender();
    b.at(3, "B.B");
    b.phase_b(B, &mut ScriptedDice::values([]));
    assert_eq!(b.units[1].row, 13);
    b.phase_b(B, &mut ScriptedDice::values([]));
    assert_eq!(
        b.units[1].status,
        Status::Left,
        "edge 4 rows beyond the village"
    );
    assert_eq!(b.unit_state(&b.units[1]), UnitState::Routed);
    assert_eq!(b.defender_eliminated(false), 1);
}
