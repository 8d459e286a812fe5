//! Charges, terrain, overlaps and the Carroccio.

use super::*;

#[test]
fn a_charge_doubles_and_an_a_charger_of_equal_grade_gets_plus_1() {
    let c = duel(
        ("cav", &[("grade", 3), ("combat_value", 5)]),
        ("cav", &[("grade", 3), ("combat_value", 5)]),
    );
    let r = rules(&c);
    let mut dice = ScriptedDice::new([
        on("c1/crt", 3),
        on("morale/A-U1/after-charge", 7),
        on("c1/leader/A-L1/1", 3),
        on("c1/leader/A-L1/2", 3),
    ]);
    let mut b = Battle::new(&c, &r, &mut dice).unwrap();
    b.turn = 1;
    b.leaders[1].with = None;
    b.units[0].pos = 21 - 3 - 8; // 3 hexes from the enemy: a charge start
    b.activate(0);
    assert_eq!(b.units[0].pos, 12, "moved into contact");
    // 10 against 5 = 2/1; +1 leader +1 equal-grade charge; d6 3 → row 5 → DR.
    assert_eq!(b.units[1].order, Order::Routed);
    assert_eq!(
        b.units[0].order,
        Order::Disordered,
        "after the charge: 7 + 1 > 7"
    );
    assert!(
        dice.log()[0]
            .purpose
            .contains("(10) -> B-U1 (5) 2/1 shift +0, d6+2 +1 leader +1 morale")
    );
    ok(&dice);
}

#[test]
fn a_b_charger_that_fails_morale_may_attack_normally() {
    // 5 against 5 without the charge is 1/1: the policy calls the attack off.
    // 8 against 5 is 1.5/1: it attacks normally, d6 3 → NE, no after-charge check.
    for (value, attacks) in [(5, false), (8, true)] {
        let c = duel(
            ("cav", &[("grade", 2), ("combat_value", value)]),
            ("cav", &[("grade", 2), ("combat_value", 5)]),
        );
        let r = rules(&c);
        let mut script = vec![on("morale/A-U1/charge", 6)];
        if attacks {
            script.push(on("c1/crt", 3));
        }
        let mut dice = ScriptedDice::new(script);
        let mut b = Battle::new(&c, &r, &mut dice).unwrap();
        contact(&mut b, 0, 1);
        b.fight(vec![0], vec![1], &[Some(3)]);
        assert_eq!((b.units[0].order, b.units[1].order), (Order::Ok, Order::Ok));
        if attacks {
            assert!(
                dice.log()[1]
                    .purpose
                    .contains("(8) -> B-U1 (5) 1.5/1 shift +0, d6+0")
            );
        }
        ok(&dice);
    }
}

#[test]
fn a_b_charger_that_passes_charges_as_an_a_and_may_keep_its_order() {
    let c = duel(
        ("cav", &[("grade", 2), ("combat_value", 5)]),
        ("cav", &[("grade", 2), ("combat_value", 5)]),
    );
    let r = rules(&c);
    let mut dice = ScriptedDice::new([
        on("morale/A-U1/charge", 5),
        on("c1/crt", 2),
        on("morale/A-U1/after-charge", 4),
    ]);
    let mut b = Battle::new(&c, &r, &mut dice).unwrap();
    contact(&mut b, 0, 1);
    b.fight(vec![0], vec![1], &[Some(4)]);
    // 10 against 5 = 2/1, +1 (B charging as A against B): d6 2 → row 3 → DD;
    // after the charge 4 + 1 <= 5 keeps it in order.
    assert_eq!(
        (b.units[0].order, b.units[1].order),
        (Order::Ok, Order::Disordered)
    );
    assert!(
        dice.log()[1]
            .purpose
            .contains("(10) -> B-U1 (5) 2/1 shift +0, d6+1 +1 morale")
    );
    ok(&dice);
}

#[test]
fn no_charge_from_farther_than_4_hexes() {
    let c = duel(
        ("cav", &[("grade", 3), ("combat_value", 5)]),
        ("cav", &[("grade", 3), ("combat_value", 5)]),
    );
    let r = rules(&c);
    let mut dice = ScriptedDice::new([on("c1/crt", 3)]);
    let mut b = Battle::new(&c, &r, &mut dice).unwrap();
    contact(&mut b, 0, 1);
    b.fight(vec![0], vec![1], &[Some(5)]);
    assert!(
        dice.log()[0]
            .purpose
            .contains("(5) -> B-U1 (5) 1/1 shift +0, d6+0")
    );
    ok(&dice);
}

#[test]
fn a_c_charger_is_disordered_after_the_charge() {
    let c = duel(
        ("cav", &[("grade", 1), ("combat_value", 3)]),
        ("cav", &[("grade", 1), ("combat_value", 3)]),
    );
    let r = rules(&c);
    let mut dice = ScriptedDice::new([on("morale/A-U1/charge", 3), on("c1/crt", 1)]);
    let mut b = Battle::new(&c, &r, &mut dice).unwrap();
    contact(&mut b, 0, 1);
    b.fight(vec![0], vec![1], &[Some(2)]);
    // 6 against 3 = 2/1, +1 (C charging as B); d6 1 → row 2 → NE.
    assert_eq!(
        (b.units[0].order, b.units[1].order),
        (Order::Disordered, Order::Ok)
    );
    assert!(
        dice.log()[1]
            .purpose
            .contains("(6) -> B-U1 (3) 2/1 shift +0, d6+1 +1 morale")
    );
    ok(&dice);
}

#[test]
fn cavalry_attacking_infantry_in_front_is_halved_and_into_forest_a_third() {
    let mut c = duel(
        ("cav", &[("grade", 3), ("combat_value", 9)]),
        ("inf", &[("grade", 3), ("combat_value", 4)]),
    );
    let r = rules(&c);
    let mut dice = ScriptedDice::new([on("c1/crt", 3)]);
    let mut b = Battle::new(&c, &r, &mut dice).unwrap();
    contact(&mut b, 0, 1);
    b.fight(vec![0], vec![1], &[Some(1)]);
    assert!(
        dice.log()[0].purpose.contains("A-U1 (4) -> B-U1 (4) 1/1"),
        "9 halved, rounded down"
    );
    ok(&dice);
    c.battle.terrain = "marsh".into();
    let r = rules(&c);
    let mut dice = ScriptedDice::new([on("morale/A-U1/attack-forest", 7), on("c1/crt", 3)]);
    let mut b = Battle::new(&c, &r, &mut dice).unwrap();
    contact(&mut b, 0, 1);
    b.fight(vec![0], vec![1], &[Some(1)]);
    assert!(
        dice.log()[1].purpose.contains("A-U1 (1) -> B-U1 (4) 1/3"),
        "9 / 2 / 3 = 1"
    );
    ok(&dice);
}

#[test]
fn an_overlap_attacks_through_the_flank() {
    let c = card(
        "battle",
        (
            vec![
                unit("A-U1", "inf", &[("grade", 2), ("combat_value", 4)]),
                unit("A-U2", "inf", &[("grade", 2), ("combat_value", 4)]),
            ],
            vec![leader("A-L1", &[("command", 2)])],
        ),
        (
            vec![unit("B-U1", "inf", &[("grade", 2), ("combat_value", 8)])],
            vec![leader("B-L1", &[("command", 2)])],
        ),
    );
    let r = rules(&c);
    let mut dice = ScriptedDice::new([on("c1/crt", 3)]);
    let mut b = Battle::new(&c, &r, &mut dice).unwrap();
    contact(&mut b, 0, 2);
    b.units[1].pos = b.units[0].pos;
    let edges = b.contacts(0);
    assert_eq!(edges.len(), 2);
    assert_eq!(
        (edges[1].unit, edges[1].approach),
        ([1, 2], [Approach::Flank, Approach::Exposed])
    );
    assert_eq!(
        b.targets(2),
        [0],
        "with facing B-U1 cannot attack the overlap on its flank"
    );
    b.fight(vec![0, 1], vec![2], &[Some(1), Some(1)]);
    // 8 against 8 = 1/1, +1 column for the flank: 1.5/1; d6 3 → NE.
    assert_eq!(b.units[2].order, Order::Ok);
    assert!(
        dice.log()[0]
            .purpose
            .contains("A-U1+A-U2 (8) -> B-U1 (8) 1/1 shift +1, d6+0")
    );
    ok(&dice);
}

#[test]
fn a_routed_unit_attacked_again_is_eliminated_without_a_roll() {
    let c = duel(
        ("inf", &[("grade", 2), ("combat_value", 4)]),
        ("inf", &[("grade", 2), ("combat_value", 4)]),
    );
    let r = rules(&c);
    let mut dice = ScriptedDice::values([]);
    let mut b = Battle::new(&c, &r, &mut dice).unwrap();
    contact(&mut b, 0, 1);
    b.units[1].order = Order::Routed;
    b.fight(vec![0], vec![1], &[Some(1)]);
    assert_eq!(b.units[1].order, Order::Eliminated);
    ok(&dice);
}

#[test]
fn a_second_disorder_routs() {
    let c = duel(
        ("inf", &[("grade", 2), ("combat_value", 5)]),
        ("inf", &[("grade", 2), ("combat_value", 5)]),
    );
    let r = rules(&c);
    let mut dice = ScriptedDice::new([on("c1/crt", 4)]);
    let mut b = Battle::new(&c, &r, &mut dice).unwrap();
    contact(&mut b, 0, 1);
    b.units[1].order = Order::Disordered;
    b.fight(vec![0], vec![1], &[Some(1)]);
    // 5 against 2 (halved) = 2/1, +1 disordered: d6 4 → row 5 → DR.
    assert_eq!(b.units[1].order, Order::Routed);
    assert!(
        dice.log()[0]
            .purpose
            .contains("(5) -> B-U1 (2) 2/1 shift +0, d6+1 +1 disordered")
    );
    ok(&dice);
}

// --- the Carroccio (§9.3, §9.4) ------------------------------------------------

fn lombards(b_units: Vec<Unit>) -> Card {
    card(
        "battle",
        (
            vec![unit("A-U1", "inf", &[("grade", 2), ("combat_value", 8)])],
            vec![leader("A-L1", &[("command", 2)])],
        ),
        (
            b_units,
            vec![leader("B-L1", &[("command", 3), ("supreme", 1)])],
        ),
    )
}

#[test]
fn the_carroccio_attacked_alone_is_destroyed_and_the_game_ends() {
    let c = lombards(vec![
        unit("B-U1", "inf", &[("grade", 2)]),
        unit("B-CAR", "carroccio", &[("grade", 3), ("combat_value", 8)]),
    ]);
    let r = rules(&c);
    let mut dice = ScriptedDice::values([]);
    let mut b = Battle::new(&c, &r, &mut dice).unwrap();
    assert_eq!(
        (b.units[2].slot, b.units[2].pos),
        (0, 7),
        "behind the middle of its line"
    );
    b.units[1].pos = 5;
    contact(&mut b, 0, 2);
    b.fight(vec![0], vec![2], &[Some(1)]);
    assert_eq!(b.units[2].order, Order::Eliminated);
    let end = b.sudden_death().expect("the game ends");
    assert_eq!(end.winner, Winner::A);
    assert!(end.reason.starts_with("LEG9.3.2"));
    ok(&dice);
}

/// The Carroccio at the front, B-U1 one hex behind it (adjacent), attacked by A-U1
/// of value `att`; returns the Carroccio's and A-U1's orders and whether the game ends.
fn carroccio_attacked(att: i64, d6: u8) -> (Order, Order, Option<Winner>) {
    let c = lombards(vec![
        unit("B-U1", "inf", &[("grade", 2)]),
        unit("B-CAR", "carroccio", &[("grade", 3), ("combat_value", 8)]),
    ]);
    let r = rules(&c);
    let mut dice = ScriptedDice::new([on("c1/crt", d6)]);
    let mut b = Battle::new(&c, &r, &mut dice).unwrap();
    b.units[1].pos = 6;
    contact(&mut b, 0, 2);
    b.units[0].chit = Chit::Fixed(att);
    b.fight(vec![0], vec![2], &[Some(1)]);
    let out = (
        b.units[2].order,
        b.units[0].order,
        b.sudden_death().map(|e| e.winner),
    );
    ok(&dice);
    out
}

#[test]
fn the_carroccio_defends_as_a_ignores_d_and_falls_to_r() {
    // 8 against 8 = 1/1, −1 (the Carroccio counts as A, the attacker is B):
    // d6 3 → row 2 → AD.
    assert_eq!(
        carroccio_attacked(8, 3),
        (Order::Ok, Order::Disordered, None)
    );
    // 16 against 8 = 2/1, −1: d6 5 → row 4 → DD, no effect on the Carroccio.
    assert_eq!(carroccio_attacked(16, 5), (Order::Ok, Order::Ok, None));
    // d6 6 → row 5 → DR: eliminated, and the Lombard army routs (§9.4).
    assert_eq!(
        carroccio_attacked(16, 6),
        (Order::Eliminated, Order::Ok, Some(Winner::A))
    );
}

#[test]
fn the_carroccio_helps_lombard_morale_and_combat() {
    let c = lombards(vec![
        unit("B-U1", "inf", &[("grade", 2)]),
        unit("B-U2", "inf", &[("grade", 2)]),
        unit("B-U3", "cav", &[("grade", 2)]),
        unit("B-CAR", "carroccio", &[("grade", 3)]),
    ]);
    let r = rules(&c);
    let mut dice = ScriptedDice::values([8]);
    let mut b = Battle::new(&c, &r, &mut dice).unwrap();
    // Slots 0, 1, 2 at 8 hexes; the Carroccio behind slot 1 at 7 hexes.
    assert_eq!((b.units[4].slot, b.units[4].pos), (1, 7));
    assert_eq!(
        (b.carroccio_mod(1), b.carroccio_mod(2), b.carroccio_mod(3)),
        (-3, -3, -1)
    );
    b.units[2].pos = 5;
    assert_eq!(b.carroccio_mod(2), -1, "infantry within 2 hexes");
    assert_eq!(b.carroccio_mod(0), 0, "the enemy gets nothing");
    b.units[1].chit = Chit::Drawn(0);
    assert_eq!(
        b.combat_grade(1),
        Grade::A,
        "infantry within 1 hex fights one level higher"
    );
    assert_eq!(b.value(1, b.combat_grade(1)), 7);
    assert!(b.morale_check(1, 0, "t"), "8 − 3 <= 5");
    ok(&dice);
}
