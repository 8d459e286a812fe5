//! Issue 29 point 4: a Monferrato card names, in both languages, every number the
//! resolver plays the battle with, read from its own settings (never copied by hand).

use super::*;
use crate::battle::card::{NodeKind, Terrain};
use crate::battle::card_tests::{assert_numbers, both, card, notes};

#[test]
fn a_monferrato_card_names_every_number_the_resolver_uses() {
    let rs = rs();
    // A fortified city in the hills, the defender inside its works: Difficult ground,
    // protection, a Major battle and the Disrupted stand-in all in play.
    let mut c = card(&rs, (NodeKind::City, Terrain::Hills, true), 400, 300);
    c.battle.defender_inside = true;
    let set = Settings::read(&c, &rs).expect("settings");
    assert!(set.difficult && set.protection > 0, "{set:?}");
    let t = set.disrupted.clone().expect("the stand-in");
    let cards = both(&c, &rs);
    assert_numbers(
        &cards,
        &[
            ("partial loss percent", i64::from(rs.partial_loss_percent)),
            ("major battle units", MAJOR_BATTLE_UNITS as i64),
            ("max rounds", i64::from(set.max_rounds)),
            ("difficult from", i64::from(DIFFICULT_FROM)),
            ("protection", i64::from(set.protection)),
            ("disrupted minus", i64::from(t.minus)),
            ("disrupted min", i64::from(t.min)),
            ("unsupported gun", i64::from(UNSUPPORTED_GUN_FIRE)),
            ("burst", i64::from(BURST_FACE)),
            ("commander hit", i64::from(COMMANDER_HIT_MAX)),
        ],
    );
    // Each unit's Disrupted fire, as the resolver's own fire rule gives it.
    for side in &c.sides {
        for u in &side.units {
            let mut k = Counter::from_card(u).expect("a counter");
            if !k.two_step || !k.fights() {
                continue;
            }
            k.disrupted = true;
            let fv = |att| {
                unit_fire(
                    &k,
                    att,
                    true,
                    &Settings {
                        difficult: false,
                        ..set.clone()
                    },
                )
                .expect("fires")
                .expect("a value")
                .0
            };
            let shown = if fv(true) == fv(false) {
                format!("{} {}", u.id, fv(true))
            } else {
                format!("{} {}/{}", u.id, fv(true), fv(false))
            };
            for (lang, text) in &cards {
                assert!(notes(text).contains(&shown), "{lang:?}: {shown} in\n{text}");
            }
        }
    }
}

/// The same battle fought in the field and on open ground: the card says there is no
/// protection and no Difficult ground, and why.
#[test]
fn a_monferrato_card_says_when_works_and_ground_do_not_count() {
    let rs = rs();
    let c = card(&rs, (NodeKind::Fortress, Terrain::Plain, true), 200, 200);
    let set = Settings::read(&c, &rs).expect("settings");
    assert!(!set.difficult && set.protection == 0, "{set:?}");
    let [(_, it), (_, en)] = both(&c, &rs);
    assert!(
        notes(&en).contains("none (0 hits): the defender meets the attacker in the field"),
        "{en}"
    );
    assert!(notes(&en).contains("not Difficult"), "{en}");
    assert!(
        notes(&it)
            .contains("nessuna (0 colpi): il difensore affronta l'attaccante in campo aperto"),
        "{it}"
    );
    assert!(notes(&en).contains("Fortress (MON §7.5)"), "{en}");
}
