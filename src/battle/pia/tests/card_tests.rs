//! Issue 29 point 4: a Piacenza card names, in both languages, every number the
//! resolver plays the battle with (what `army` means, the wings and formations and
//! their commanders, where the objectives stand, the 15:00 turn, the victory, the
//! invented commander values), read from its own set-up.

use super::*;
use crate::battle::card::{NodeKind, Terrain};
use crate::battle::card_tests::{assert_numbers, both, card, notes};

#[test]
fn a_piacenza_card_names_every_number_the_resolver_uses() {
    let rs = ruleset();
    let c = card(&rs, (NodeKind::City, Terrain::Hills, false), 900, 700);
    let t = rs.tables_for_battle(compile).expect("tables");
    let r = Readings::load(&rs, &c).expect("readings");
    let cic_vp = r.cic_staff_vp;
    let mut dice = SeededDice::new([5; 32]);
    let b = Battle::new(&c, &t, r, &mut dice).expect("the set-up");
    let army = c.sides[0].units[0].rating("army", 0);
    assert_eq!(army, 2, "the templates' army row");
    let v = &t.victory;
    let mut numbers = vec![
        ("partial loss percent", i64::from(rs.partial_loss_percent)),
        ("army", army),
        ("training infantry", t.training.france.infantry),
        ("training grenadiers", t.training.france.grenadiers),
        ("training cavalry", t.training.france.cavalry),
        ("attacker wins at", v.attacker_wins_at as i64),
        ("conditional draw at", v.draw_at as i64),
        (
            "attacker's objectives",
            t.map_free.attacker_objectives as i64,
        ),
        ("routed vp", v.routed_vp),
        ("eliminated vp", v.eliminated_vp),
        ("fc staff vp", v.staff_fc_vp),
        ("wc staff vp", v.staff_wc_vp),
        ("cic staff vp", cic_vp),
        (
            "turns",
            i64::from(frame::turn_cap(t.map_free.turns, MAX_TURNS)),
        ),
        ("the 15:00 turn", i64::from(t.turn_track.auto_victory_turn)),
        ("staff fire bonus", t.staff.staff_fire_bonus),
        ("staff sf", t.staff.staff_sf),
    ];
    for (s, sector) in b.sectors.iter().enumerate() {
        numbers.push(("sector", s as i64 + 1));
        numbers.push(("the defender's line", sector.line));
        let here = b.objectives.iter().filter(|o| o.sector == s);
        numbers.push(("objectives in a sector", here.clone().count() as i64));
        numbers.push((
            "the attacker's there",
            here.filter(|o| o.picked).count() as i64,
        ));
    }
    let cards = both(&c, &rs);
    assert_numbers(&cards, &numbers);
    // Each formation's units on its commander's line, and only there.
    for (lang, text) in &cards {
        let block = notes(text);
        for (f, form) in b.formations.iter().enumerate() {
            let fc = &b.commanders[form.fc.expect("a Formation Commander")].id;
            let line = block
                .lines()
                .find(|x| x.contains(&format!(" {fc};")))
                .unwrap_or_else(|| panic!("{lang:?}: no line for {fc}:\n{block}"));
            for u in &b.units {
                let listed = line.split([' ', ',', '.', ';']).any(|w| w == u.id);
                assert_eq!(
                    listed,
                    u.formation == Some(f),
                    "{lang:?}: {} on {line}",
                    u.id
                );
            }
        }
    }
    let [(_, it), (_, en)] = &cards;
    assert!(
        notes(en).contains("army = 2 is France's row of the Training table"),
        "{en}"
    );
    assert!(notes(en).contains("stands for 15:00 (PROVISIONAL"), "{en}");
    assert!(notes(en).contains("are invented (PROVISIONAL"), "{en}");
    assert!(
        notes(it).contains("army = 2 è la riga della Francia"),
        "{it}"
    );
}
