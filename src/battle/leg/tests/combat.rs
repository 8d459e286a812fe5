//! Overlaps and the Carroccio; the charges', terrain's and CRT's worked examples are
//! data cases (`tests/cases/battle/leg/`).

use super::*;

/// Who faces whom when a second unit overlaps (the combat itself is a data case,
/// `tests/cases/battle/leg/013_an_overlap_attacks_through_the_flank.toml`).
#[test]
fn an_overlap_is_on_the_flank_and_cannot_be_attacked_with_facing() {
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
    let mut dice = ScriptedDice::values([]);
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
