//! Battles built from the templates: consistent and deterministic.

use super::*;

#[test]
fn the_templates_build_a_historical_mix() {
    let rs = rs();
    let c = Card::build(
        "1495-r03-M5",
        crate::battle::card::BattleKind::Battle,
        &rs,
        place("city", "plain", true),
        [spec("M", "attacker", 400), spec("V", "defender", 200)],
    );
    let kinds: Vec<&str> = c.sides[0].units.iter().map(|u| u.kind.as_str()).collect();
    assert_eq!(kinds.len(), 13, "{kinds:?}");
    assert_eq!(c.sides[0].unspent, 0);
    assert_eq!(c.sides[0].leaders.len(), 2, "one commander per 200 ducats");
    assert_eq!(c.sides[1].leaders.len(), 1);
    assert!(
        kinds.contains(&"guast") && kinds.contains(&"art"),
        "{kinds:?}"
    );
    assert!(
        c.battle.provisional,
        "the disrupted stand-in is provisional"
    );
}

#[test]
fn template_battles_always_end_consistently_and_deterministically() {
    let rs = rs();
    let battles = [
        ("battle", place("city", "plain", true), 400, 300),
        ("battle", place("fortress", "hills", true), 600, 250),
        ("battle", place("village", "marsh", false), 120, 130),
        ("rearguard", place("village", "plain", false), 500, 200),
    ];
    for (kind, where_, a, b) in battles {
        let c = Card::build(
            "1495-r03-M5",
            crate::battle::card::BattleKind::from_key(kind).expect("a battle kind"),
            &rs,
            where_,
            [spec("M", "attacker", a), spec("V", "defender", b)],
        );
        for n in 0..8u8 {
            let mut dice = SeededDice::new([n; 32]);
            let r = resolve(&c, &rs, &mut dice).unwrap();
            check_consistent(&c, &r, dice.log());
            let again = resolve(&c, &rs, &mut SeededDice::new([n; 32])).unwrap();
            assert_eq!(r, again, "same seed, same result");
        }
    }
}
