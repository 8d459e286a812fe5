//! The ruleset file and its tables against the rulebook's text.

use super::*;

// ------------------------------------------------------------- the ruleset file

#[test]
fn the_ruleset_file_parses_with_its_tables_and_switches() {
    let rs = ruleset();
    assert_eq!(
        (rs.id.as_str(), rs.game),
        ("ott1625", crate::battle::ruleset::Game::Ott)
    );
    assert_eq!(rs.provisional_tables(), ["fire", "melee", "terrain"]);
    for name in [
        "OTT_morale_test",
        "OTT_surrender_abs",
        "OTT_second_die",
        "OTT_duel_tie",
        "OTT_end_roll",
        "OTT_infantry_mp",
        "OTT_genoa_retreat",
    ] {
        assert!(rs.readings.contains_key(name), "READING {name} is a switch");
    }
    assert_eq!(rs.reading("OTT_morale_test", "?"), "literal");
    // §0.5: OTT templates cost 10 × cv; one leader a side.
    for t in &rs.templates {
        assert_eq!(t.cost, 10 * t.ratings["cv"], "{}", t.name);
    }
    let c = built("battle", [1000, 1000], false);
    assert_eq!((c.sides[A].leaders.len(), c.sides[B].leaders.len()), (1, 1));
}

#[test]
fn the_melee_cell_the_text_gives_is_exact() {
    // §6.2 example: 4:1, d6 = 3 → attacker M, defender R + 3 Stress.
    let c = card(
        vec![inf("A-U1", 4, 2, 4, 0)],
        vec![inf("B-U1", 4, 2, 4, 0)],
        false,
    );
    let b = battle(&c);
    let m = &b.rules.melee;
    assert_eq!(m.labels[5], "4:1");
    let (att, def) = m.cells[5][2];
    assert_eq!(
        att,
        Effect {
            morale: true,
            ..Effect::default()
        }
    );
    assert_eq!(
        def,
        Effect {
            stress: 3,
            retreat: true,
            ..Effect::default()
        }
    );
}

#[test]
fn odds_are_rounded_in_favour_of_the_defender() {
    let c = card(
        vec![inf("A-U1", 4, 2, 4, 0)],
        vec![inf("B-U1", 4, 2, 4, 0)],
        false,
    );
    let b = battle(&c);
    let m = &b.rules.melee;
    let label = |a, d| {
        let i = m.base_column(a, d);
        if i < 0 {
            "below".to_owned()
        } else {
            m.labels[i as usize].clone()
        }
    };
    assert_eq!(label(6, 2), "3:1");
    assert_eq!(label(5, 2), "2:1");
    assert_eq!(label(4, 4), "1:1");
    assert_eq!(label(2, 3), "1:2");
    assert_eq!(label(2, 5), "1:3");
    assert_eq!(label(1, 4), "below");
    assert_eq!(label(20, 2), "6:1");
    assert_eq!(m.clamp(-3), 0);
    assert_eq!(m.clamp(11), 7);
}
