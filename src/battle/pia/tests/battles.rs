//! Readings, stand-ins, malformed input and whole battles.

use super::*;

// ---- errors ------------------------------------------------------------------------

#[test]
fn malformed_cards_and_data_are_errors() {
    let rs = ruleset();
    let ok = || {
        card(
            "battle",
            side("A", vec![unit("A-U1", "inf", FRANCE, 2)], 0, 0),
            side("B", vec![unit("B-U1", "inf", SPAIN, 2)], 0, 0),
        )
    };
    let run = |c: &Card, rs: &Ruleset| resolve(c, rs, &mut ScriptedDice::values([]));
    let mut c = ok();
    c.sides[1].units.clear();
    assert!(matches!(run(&c, &rs), Err(BattleError::Card(m)) if m.contains("side B has no unit")));
    let mut c = ok();
    c.sides[0].units[0].ratings.insert("sp".into(), 0);
    assert!(matches!(run(&c, &rs), Err(BattleError::Card(m)) if m.contains("`sp` = 0")));
    let mut c = ok();
    c.sides[0].units[0].ratings.insert("mp".into(), i64::MAX);
    assert!(matches!(run(&c, &rs), Err(BattleError::Card(m)) if m.contains("`mp`")));
    let mut c = ok();
    c.sides[1].leaders[1].ratings.insert("sf".into(), i64::MIN);
    assert!(matches!(run(&c, &rs), Err(BattleError::Card(m)) if m.contains("`sf`")));
    let mut c = ok();
    c.sides[0].units[0].kind = "pike".into();
    assert!(matches!(run(&c, &rs), Err(BattleError::Card(m)) if m.contains("pike")));
    let mut c = ok();
    c.sides[0].leaders.truncate(1);
    assert!(
        matches!(run(&c, &rs), Err(BattleError::Card(m)) if m.contains("no Formation Commander"))
    );
    let mut c = ok();
    c.battle
        .readings
        .insert("PIA_occupy".into(), "maybe".into());
    assert!(
        matches!(run(&c, &rs), Err(BattleError::Data { message, .. }) if message.contains("PIA_occupy"))
    );
    let mut bad = ruleset();
    bad.remove_table("fire");
    assert!(
        matches!(run(&ok(), &bad), Err(BattleError::Data { message, .. }) if message.contains("`fire` is missing"))
    );
}

/// Every READING switch: the file's values are the digest's, and each alternative
/// is accepted and turns its switch.
#[test]
fn every_reading_switch_has_its_alternative() {
    let rs = ruleset();
    let base = line_up(1);
    let r = Readings::load(&rs, &base.card).unwrap();
    assert_eq!(
        (r.depth_min_sp, r.routed_charged_hexes, r.cic_staff_vp),
        (3, 3, 5)
    );
    assert!(r.second_disorder_retreat && r.smoke_floor && r.cavalry_second_disorder);
    assert!(r.zero_objectives_lose && r.until_all_wings);
    assert!(!r.light_cavalry_effects && !r.disorder_end_of_turn && !r.occupy_with_routed);
    let alternatives = [
        ("PIA_light_cavalry", "light_effects"),
        ("PIA_second_disorder_retreat", "stay"),
        ("PIA_depth_threshold", "ge2"),
        ("PIA_smoke_floor", "total_only"),
        ("PIA_disorder_removal", "end_of_turn"),
        ("PIA_cavalry_post_attack", "marker_only"),
        ("PIA_charged_routed_retreat", "2"),
        ("PIA_austrian_win_objectives", "literal"),
        ("PIA_cic_staff_vp", "3"),
        ("PIA_wing_pairs", "two_pairs"),
        ("PIA_occupy", "any_unit"),
    ];
    let mut c = base.card.clone();
    for (k, v) in alternatives {
        assert!(rs.readings.contains_key(k), "{k} is in the file");
        c.battle.readings.insert(k.into(), v.into());
    }
    let r = Readings::load(&rs, &c).unwrap();
    assert_eq!(
        (r.depth_min_sp, r.routed_charged_hexes, r.cic_staff_vp),
        (2, 2, 3)
    );
    assert!(!r.second_disorder_retreat && !r.smoke_floor && !r.cavalry_second_disorder);
    assert!(!r.zero_objectives_lose && !r.until_all_wings);
    assert!(r.light_cavalry_effects && r.disorder_end_of_turn && r.occupy_with_routed);
    let mut dice = SeededDice::new([3; 32]);
    c.sides = built("battle", "plain", "village").sides;
    let out = resolve(&c, &rs, &mut dice).expect("the alternatives resolve too");
    check_consistent(&c, &out, true);
}

#[test]
fn the_ruleset_marks_its_stand_ins() {
    let rs = ruleset();
    assert_eq!(
        rs.provisional_tables(),
        [
            "bombardment",
            "commanders",
            "fire",
            "melee",
            "tec",
            "turn_track"
        ]
    );
    let t = Tables::load(&rs).unwrap();
    assert_eq!(
        (
            t.training.austria.cavalry,
            t.training.spain.infantry,
            t.training.france.grenadiers
        ),
        (8, 6, 8)
    );
    assert_eq!(rs.readings.len(), 13);
}

/// Pins three whole battles (seed → result), so a change of the resolver's
/// behaviour shows up here.
#[test]
fn whole_battles_pinned() {
    let rs = ruleset();
    let cases = [
        (
            "battle",
            "plain",
            "village",
            7u8,
            Winner::A,
            "PIA13.0 the attacker holds 4 of its 4 objectives: attacker wins",
            12,
            [4, 10],
            652,
        ),
        (
            "battle",
            "marsh",
            "city",
            1,
            Winner::B,
            "PIA13.2 automatic victory: at the end of turn 10 (15:00) the attacker holds none of its 4 objectives",
            10,
            [7, 3],
            546,
        ),
        (
            "rearguard",
            "plain",
            "village",
            0,
            Winner::B,
            "G3c.9 rearguard: 13 units left the table, 2 lost: the rearguard wins",
            6,
            [0, 2],
            70,
        ),
    ];
    for (kind, terrain, node, n, winner, reason, turns, lost, rolls) in cases {
        let card = built(kind, terrain, node);
        let mut dice = SeededDice::new([n; 32]);
        let r = resolve(&card, &rs, &mut dice).unwrap();
        assert_eq!(
            (r.winner, r.reason.as_str(), r.turns_played),
            (winner, reason, turns),
            "{kind} seed {n}"
        );
        assert_eq!(
            [r.lost_units(&card, 0), r.lost_units(&card, 1)],
            lost,
            "{kind} seed {n}"
        );
        assert_eq!(dice.log().len(), rolls, "{kind} seed {n}");
    }
}

/// Odd club-supplied cards (any mix of kinds, few or many commanders, every
/// terrain and node kind, both kinds of action) never panic, and always end.
#[test]
fn odd_cards_never_panic() {
    let rs = ruleset();
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = |n: u64| {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) % n
    };
    let kinds = ["inf", "light", "gren", "hcav", "lcav", "drag", "art"];
    for k in 0..60 {
        let mut sides = Vec::new();
        for key in ["A", "B"] {
            let units: Vec<CardUnit> = (0..1 + next(14))
                .map(|i| {
                    let mut u = unit(
                        &format!("{key}-U{}", i + 1),
                        kinds[next(7) as usize],
                        1 + next(3) as i64,
                        1 + next(4) as i64,
                    );
                    if next(2) == 0 {
                        let sp = u.ratings["sp"];
                        u.ratings
                            .insert("sp_reduced".into(), next(sp as u64) as i64);
                    }
                    u.ratings.insert("dismounted".into(), next(2) as i64);
                    u
                })
                .collect();
            let mut leaders = vec![
                leader(&format!("{key}-L0"), &[("rank", 1 + next(2) as i64)]),
                leader(&format!("{key}-F0"), &[("rank", 3)]),
            ];
            for j in 0..next(4) {
                let rank = 2 + next(2) as i64;
                leaders.push(leader(
                    &format!("{key}-L{}", j + 1),
                    &[
                        ("rank", rank),
                        ("fire_bonus", next(3) as i64),
                        ("sf", next(3) as i64),
                    ],
                ));
            }
            sides.push(CardSide {
                leaders,
                ..side(key, units, 0, 0)
            });
        }
        let [a, b]: [CardSide; 2] = sides.try_into().unwrap();
        let mut c = card(if k % 4 == 3 { "rearguard" } else { "battle" }, a, b);
        c.battle.terrain = crate::battle::card::Terrain::ALL[k % 4];
        c.battle.node_kind = crate::battle::card::NodeKind::ALL[(k / 4) % 4];
        c.battle.fortified = k % 3 == 0;
        let mut dice = SeededDice::new([k as u8; 32]);
        match resolve(&c, &rs, &mut dice) {
            Ok(r) => check_consistent(&c, &r, false),
            Err(e) => panic!("card {k}: {e}"),
        }
    }
}

#[test]
fn whole_battles_end_consistent_and_deterministic() {
    let rs = ruleset();
    for (kind, terrain, node) in [
        ("battle", "plain", "village"),
        ("battle", "marsh", "city"),
        ("battle", "hills", "fortress"),
        ("rearguard", "plain", "village"),
    ] {
        let card = built(kind, terrain, node);
        for n in 0..5u8 {
            let mut dice = SeededDice::new([n; 32]);
            let r = resolve(&card, &rs, &mut dice).expect("resolves");
            check_consistent(&card, &r, true);
            if kind == "rearguard" {
                let (esc, lost) = (r.escaped(&card, 1), r.lost_units(&card, 1));
                assert_eq!(r.winner == Winner::B, esc > lost, "G3c.9: {}", r.reason);
            }
            let mut again = SeededDice::new([n; 32]);
            assert_eq!(
                resolve(&card, &rs, &mut again).unwrap(),
                r,
                "same seed, same battle"
            );
            assert_eq!(again.log(), dice.log());
        }
    }
}
