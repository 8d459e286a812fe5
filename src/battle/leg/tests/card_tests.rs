//! Issue 29 point 4: a Legnano card names, in both languages, every number the resolver
//! plays the battle with (each leader's command, each army's rout level, the victory
//! points, the turns) and who commands whom, read from its own set-up.

use super::*;
use crate::battle::card::{NodeKind, Terrain};
use crate::battle::card_tests::{assert_numbers, both, card, notes};

#[test]
fn a_legnano_card_names_every_number_the_resolver_uses() {
    let rs = rs();
    // Mountains: the defender stands in forest (the ruleset's terrain map).
    let c = card(
        &rs,
        (NodeKind::Village, Terrain::Mountains, false),
        600,
        450,
    );
    let rules = Rules::load(&c, &rs).expect("rules");
    let mut dice = crate::rules::dice::SeededDice::new([7; 32]);
    let b = Battle::new(&c, &rules, &mut dice).expect("the set-up");
    assert_eq!(b.ground[1], Ground::Forest);
    let (default_command, _) = rules.leader_command.expect("the stand-in");
    assert!(
        c.sides
            .iter()
            .flat_map(|s| &s.leaders)
            .any(|l| !l.ratings.contains_key("command")),
        "an ordinary leader is blank on the card"
    );
    let mut numbers = vec![
        ("partial loss percent", i64::from(rs.partial_loss_percent)),
        ("blank command", default_command),
        ("rout level A", b.rout_level(0)),
        ("rout level B", b.rout_level(1)),
        ("rout percent", rules.rout_percent),
        ("vp A", rules.vp.a),
        ("vp B", rules.vp.b),
        ("vp C", rules.vp.c),
        ("vp per command", rules.vp_leader),
        ("turns", i64::from(rules.turns)),
    ];
    for l in &b.leaders {
        numbers.push(("a leader's command", l.command));
    }
    let cards = both(&c, &rs);
    assert_numbers(&cards, &numbers);
    // Who commands whom: each unit's id on its own leader's line, and only there.
    for (lang, text) in &cards {
        let block = notes(text);
        for (i, l) in b.leaders.iter().enumerate() {
            let line = block
                .lines()
                .find(|x| x.contains(&format!(" {},", l.id)))
                .unwrap_or_else(|| panic!("{lang:?}: no line for {}:\n{block}", l.id));
            for u in &b.units {
                let id = &u.id;
                let listed = line.split([' ', ',', '.']).any(|w| w == id);
                assert_eq!(listed, u.leader == i, "{lang:?}: {id} on {line}");
            }
        }
    }
    let [(_, it), (_, en)] = &cards;
    assert!(
        en.contains("the campaign's mountains is played as forest ground"),
        "{en}"
    );
    assert!(
        it.contains("montagna della campagna si gioca come terreno bosco"),
        "{it}"
    );
    for (opt, word) in [
        ("LEG7.1", "Command radius (LEG §7.1): on"),
        ("LEG7.4", "Variable combat factors (LEG §7.4): off"),
    ] {
        assert_eq!(
            c.battle.options.iter().any(|o| o == opt),
            word.ends_with("on")
        );
        assert!(en.contains(word), "{word} in {en}");
    }
}

/// A card the resolver refuses (a side with no leader: its units could never act, LEG
/// §3.1) says why instead of listing numbers it could not read.
#[test]
fn a_card_the_resolver_refuses_says_why() {
    let rs = rs();
    let mut c = card(&rs, (NodeKind::Village, Terrain::Plain, false), 300, 300);
    c.sides[1].leaders.clear();
    let [(_, it), (_, en)] = both(&c, &rs);
    assert!(
        notes(&en).contains("The auto-resolver refuses this card"),
        "{en}"
    );
    assert!(notes(&en).contains("side B has no leader"), "{en}");
    assert!(
        notes(&it).contains("giglio non sa risolvere questa scheda"),
        "{it}"
    );
    assert!(
        notes(&en).contains("Losses (G3c.7)"),
        "the common notes stay: {en}"
    );
}
