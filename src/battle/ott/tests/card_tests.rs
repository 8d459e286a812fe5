//! Issue 29 point 4: an Ottaggio card names, in both languages, every number the
//! resolver plays the battle with (entry turns and their hours, the village's row and
//! width, the outposts, the walls as applied, the hours and the end, the victory),
//! read from its own set-up.

use super::*;
use crate::battle::card::{NodeKind, Terrain};
use crate::battle::card_tests::{assert_numbers, both, card, notes};

#[test]
fn an_ottaggio_card_names_every_number_the_resolver_uses() {
    let rs = ruleset();
    let mut c = card(&rs, (NodeKind::Village, Terrain::Hills, true), 400, 300);
    // The defender inside its walls; a late attacker and an outpost, as §2 has them.
    c.battle.defender_inside = true;
    c.sides[0].units[1].ratings.insert("enters_turn".into(), 3);
    c.sides[1].units[0].ratings.insert("outpost".into(), 1);
    let rules = Rules::load(&c, &rs).expect("rules");
    let mut dice = SeededDice::new([3; 32]);
    let b = Battle::setup(&c, &rules, &mut dice).expect("the set-up");
    assert!(b.geo.village_walls, "the walls count");
    let village = b.geo.village.expect("a village");
    let l = rules.length;
    let late = b
        .units
        .iter()
        .find(|p| p.enters_turn > 1)
        .expect("a late unit");
    let cards = both(&c, &rs);
    assert_numbers(
        &cards,
        &[
            ("partial loss percent", i64::from(rs.partial_loss_percent)),
            ("first hour", i64::from(l.first_hour)),
            ("late unit's turn", i64::from(late.enters_turn)),
            (
                "late unit's hour",
                i64::from(l.first_hour + late.enters_turn - 1),
            ),
            ("village row", i64::from(village)),
            ("village width", b.geo.slots as i64),
            ("outposts row", i64::from(b.geo.outposts_row)),
            ("edge beyond the village", i64::from(b.geo.b_edge - village)),
            ("fire at the walls", i64::from(rules.fire.drm["walls"])),
            (
                "melee at the walls",
                i64::from(rules.terrain.melee_shift["walls"]),
            ),
            ("units in the village", rules.victory.village_units as i64),
            (
                "eliminated percent",
                i64::from(rules.victory.eliminated_percent),
            ),
            ("eliminated needed", b.threshold() as i64),
            ("end roll from", i64::from(l.end_roll_from_hour)),
            ("end roll on", i64::from(l.end_on)),
            ("last hour", i64::from(l.cap_hour)),
            ("turns", i64::from(rules.last_turn())),
        ],
    );
    let [(_, it), (_, en)] = &cards;
    assert!(
        notes(en).contains(&format!("{} enters on turn 3", late.id)),
        "{en}"
    );
    assert!(notes(en).contains("the last turn played is 21:00"), "{en}");
    assert!(
        notes(it).contains("l'ultimo turno giocato è quello delle 21:00"),
        "{it}"
    );
    assert!(notes(en).contains("In the village the defender's terrain is walls (the place is fortified and its walls count)"), "{en}");
}

/// The same place met in the field: the card says the walls do not count, and why.
#[test]
fn an_ottaggio_card_says_when_the_walls_do_not_count() {
    let rs = ruleset();
    let c = card(&rs, (NodeKind::Village, Terrain::Hills, true), 400, 300);
    let [(_, it), (_, en)] = both(&c, &rs);
    assert!(
        notes(&en).contains("the defender meets the attacker in the field: no walls"),
        "{en}"
    );
    assert!(notes(&it).contains("niente mura"), "{it}");
}
