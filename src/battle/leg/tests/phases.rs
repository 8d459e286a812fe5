//! Activation, leaders, morale, zones of control and the rally phase.

use super::*;

// --- §5.2 dice procedures -----------------------------------------------------

#[test]
fn activation_draws_set_aside_repeats_and_leave_one_chit() {
    let c = card(
        "battle",
        (
            vec![
                unit("A-U1", "inf", &[("grade", 2)]),
                unit("A-U2", "inf", &[("grade", 2)]),
            ],
            vec![
                leader("A-L1", &[("command", 2)]),
                leader("A-L2", &[("command", 1)]),
            ],
        ),
        (
            vec![unit("B-U1", "inf", &[("grade", 2)])],
            vec![leader("B-L1", &[("command", 1)])],
        ),
    );
    let r = rules(&c);
    let mut dice = ScriptedDice::new([on("draw1", 1), on("draw2", 1), on("draw3", 2)]);
    let mut b = Battle::new(&c, &r, &mut dice).unwrap();
    b.turn = 1;
    assert_eq!(b.fill_cup(), [0, 0, 1, 2]);
    assert_eq!(b.activation_phase(), None);
    assert_eq!(b.units[0].pos, 12, "A-L1 activated: A-U1 moved 4 hexes");
    assert_eq!(
        (b.units[1].sector, b.units[1].pos),
        (1, 8),
        "A-L2's chit stayed in the cup"
    );
    assert_eq!(b.units[2].pos, 8, "B holds its line");
    let sides: Vec<u8> = dice.log().iter().map(|r| r.sides).collect();
    assert_eq!(
        sides,
        [4, 3, 2],
        "the second A-L1 chit was set aside, one chit left"
    );
    ok(&dice);
}

#[test]
fn leader_loss_on_2_and_12_and_the_replacement() {
    let c = card(
        "battle",
        (
            vec![
                unit("A-U1", "inf", &[("grade", 2)]),
                unit("A-U2", "inf", &[("grade", 2)]),
            ],
            vec![leader("A-L1", &[("command", 2)])],
        ),
        (
            vec![unit("B-U1", "inf", &[("grade", 2)])],
            vec![leader("B-L1", &[("command", 1)])],
        ),
    );
    let r = rules(&c);
    let mut dice = ScriptedDice::values([3, 4, 1, 1, 6, 6]);
    let mut b = Battle::new(&c, &r, &mut dice).unwrap();
    b.turn = 1;
    b.leader_check(0, 1);
    assert_eq!(b.leaders[0].status, Status::Active, "7 lives");
    b.leader_check(0, 1);
    assert!(
        b.leaders[0].killed && b.leaders[0].status == Status::KilledPending,
        "2 kills"
    );
    assert_eq!(b.leader_vp_lost[0], 4, "§8.1: 2 × command 2");
    let mut cup = vec![0, 0, 1];
    b.trim_cup(&mut cup);
    assert_eq!(cup, [0, 1], "§5.4.2 one chit left for him");
    assert_eq!(b.fill_cup(), [0, 1]);
    b.activate(0);
    assert_eq!(
        (b.units[0].pos, b.units[1].pos),
        (12, 8),
        "§5.4.3 only one unit activates"
    );
    assert_eq!(
        (b.leaders[0].status, b.leaders[0].command),
        (Status::Replacement, 0)
    );
    assert_eq!(
        b.leaders[0].with,
        Some(0),
        "the replacement is placed on it"
    );
    b.leader_check(0, 1);
    assert_eq!(
        b.leader_vp_lost[0], 4,
        "12 kills the replacement, worth no VP"
    );
    ok(&dice);
}

#[test]
fn a_combat_chit_is_drawn_once_and_flags_the_result_provisional() {
    let c = duel(
        ("inf", &[("grade", 2)]),
        ("inf", &[("grade", 2), ("combat_value", 5)]),
    );
    let r = rules(&c);
    let mut dice = ScriptedDice::new([on("chit/A-U1", 3)]);
    let mut b = Battle::new(&c, &r, &mut dice).unwrap();
    b.turn = 1;
    assert!(!b.provisional.any(), "the leaders have their own command");
    b.ensure_chit(0);
    b.ensure_chit(0);
    b.ensure_chit(1);
    assert_eq!(b.units[0].chit, Chit::Drawn(2));
    assert_eq!(
        (
            b.value(0, Grade::A),
            b.value(0, Grade::B),
            b.value(0, Grade::C)
        ),
        (9, 6, 3)
    );
    assert_eq!(
        b.value(1, Grade::A),
        5,
        "a card's chit value stands for every grade"
    );
    assert!(b.provisional.any());
    ok(&dice);
}

#[test]
fn morale_d10_reads_0_as_10_and_passes_at_or_under_the_value() {
    let c = duel(("inf", &[("grade", 3)]), ("inf", &[("grade", 1)]));
    let r = rules(&c);
    let mut dice = ScriptedDice::values([7, 10, 3, 4]);
    let mut b = Battle::new(&c, &r, &mut dice).unwrap();
    assert!(b.morale_check(0, 0, "t"), "A: 7 <= 7");
    assert!(!b.morale_check(0, 0, "t"), "A: a 0 is 10 > 7");
    assert!(b.morale_check(1, 0, "t"), "C: 3 <= 3");
    assert!(!b.morale_check(1, 0, "t"), "C: 4 > 3");
    assert_eq!(dice.log()[1].sides, 10);
    ok(&dice);
}

#[test]
fn leaving_a_zoc_takes_a_morale_check_with_its_modifiers() {
    for (roll, leaves) in [(3, true), (4, false)] {
        let c = card(
            "rearguard",
            (
                vec![unit("A-U1", "cav", &[("grade", 3)])],
                vec![leader("A-L1", &[("command", 2)])],
            ),
            (
                vec![unit("B-U1", "inf", &[("grade", 2)])],
                vec![leader("B-L1", &[("command", 2)])],
            ),
        );
        let r = rules(&c);
        let mut dice = ScriptedDice::new([on("morale/B-U1/leave-zoc", roll)]);
        let mut b = Battle::new(&c, &r, &mut dice).unwrap();
        contact(&mut b, 0, 1);
        // B 5; +1 higher-grade enemy, +1 infantry leaving a cavalry ZOC: needs 3.
        assert_eq!(b.withdraw(1, 4), leaves);
        assert_eq!(b.units[1].pos, if leaves { 12 } else { 16 });
        ok(&dice);
    }
}

#[test]
fn a_rearguard_unit_off_its_edge_has_escaped() {
    let c = card(
        "rearguard",
        (
            vec![unit("A-U1", "cav", &[("grade", 3)])],
            vec![leader("A-L1", &[("command", 2)])],
        ),
        (
            vec![unit("B-U1", "cav", &[("grade", 2)])],
            vec![leader("B-L1", &[("command", 2)])],
        ),
    );
    let r = rules(&c);
    let mut dice = ScriptedDice::values([]);
    let mut b = Battle::new(&c, &r, &mut dice).unwrap();
    b.turn = 1;
    assert_eq!(
        b.units[1].pos, 16,
        "24 − 8: 8 hexes from the attacker's edge"
    );
    b.units[1].pos = 6;
    assert!(b.withdraw(1, 8));
    assert_eq!(b.units[1].order, Order::Escaped);
    ok(&dice);
}

#[test]
fn rally_of_disordered_units() {
    let c = card(
        "battle",
        (
            vec![
                unit("A-U1", "inf", &[("grade", 2)]),
                unit("A-U2", "inf", &[("grade", 2)]),
            ],
            vec![leader("A-L1", &[("command", 2)])],
        ),
        (
            vec![unit("B-U1", "inf", &[("grade", 2)])],
            vec![leader("B-L1", &[("command", 2)])],
        ),
    );
    let r = rules(&c);
    let mut dice = ScriptedDice::new([on("morale/A-U1/rally", 6), on("morale/A-U1/rally", 7)]);
    let mut b = Battle::new(&c, &r, &mut dice).unwrap();
    b.turn = 1;
    b.units[0].order = Order::Disordered;
    b.rally_disordered(0);
    assert_eq!(
        b.units[0].order,
        Order::Ok,
        "§6.2 not adjacent: recovers without a roll"
    );
    contact(&mut b, 0, 2);
    b.units[1].pos = b.units[0].pos;
    b.units[0].order = Order::Disordered;
    b.rally_disordered(0);
    assert_eq!(
        b.units[0].order,
        Order::Ok,
        "6 − 1 (friend in good order) <= 5"
    );
    b.units[0].order = Order::Disordered;
    b.rally_disordered(0);
    assert_eq!(b.units[0].order, Order::Disordered, "7 − 1 > 5");
    ok(&dice);
}

#[test]
fn rally_of_routed_units() {
    let c = duel(("inf", &[("grade", 2)]), ("inf", &[("grade", 2)]));
    let r = rules(&c);
    let mut dice = ScriptedDice::values([7, 8, 9]);
    let mut b = Battle::new(&c, &r, &mut dice).unwrap();
    b.turn = 1;
    b.units[0].order = Order::Routed;
    b.units[0].pos = 5;
    b.rally_routed(0);
    assert_eq!(
        b.units[0].order,
        Order::Disordered,
        "7 − 2 (leader stacked) <= 5"
    );
    b.units[0].order = Order::Routed;
    b.rally_routed(0);
    assert_eq!(
        (b.units[0].order, b.units[0].pos),
        (Order::Routed, 3),
        "8 − 2 > 5: 2 hexes back"
    );
    b.units[0].pos = 2;
    b.rally_routed(0);
    assert_eq!(b.units[0].order, Order::Eliminated, "routed off the map");
    assert_eq!(b.leaders[0].with, None, "no unit left for its leader");
    // Within 2 hexes of an enemy it may not roll (READING: stays).
    b.units[0].order = Order::Routed;
    b.units[0].pos = 11;
    b.rally_routed(0);
    assert_eq!((b.units[0].order, b.units[0].pos), (Order::Routed, 11));
    ok(&dice);
}

#[test]
fn a_routed_unit_too_near_retreats_under_the_other_reading() {
    let mut c = duel(("inf", &[("grade", 2)]), ("inf", &[("grade", 2)]));
    c.battle
        .readings
        .insert("LEG_rout_rally_near_enemy".into(), "retreats".into());
    let r = rules(&c);
    let mut dice = ScriptedDice::values([]);
    let mut b = Battle::new(&c, &r, &mut dice).unwrap();
    b.units[0].order = Order::Routed;
    b.units[0].pos = 11;
    b.rally_routed(0);
    assert_eq!((b.units[0].order, b.units[0].pos), (Order::Routed, 9));
    ok(&dice);
}
