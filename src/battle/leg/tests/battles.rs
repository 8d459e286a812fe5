//! Victory and whole battles: determinism, rearguards, every reading, malformed input.

use super::*;

// --- VP, rout levels, victory, length (§8, §9) ------------------------------------

#[test]
fn vp_and_rout_levels() {
    let c = card(
        "battle",
        (
            vec![
                unit("A-U1", "cav", &[("grade", 2)]),
                unit("A-U2", "inf", &[("grade", 2)]),
                unit("A-U3", "inf", &[("grade", 2)]),
            ],
            vec![leader("A-L1", &[("command", 2)])],
        ),
        (
            vec![unit("B-U1", "inf", &[("grade", 3)])],
            vec![leader("B-L1", &[("command", 2)])],
        ),
    );
    let r = rules(&c);
    let mut dice = ScriptedDice::values([]);
    let mut b = Battle::new(&c, &r, &mut dice).unwrap();
    assert_eq!(
        (b.rout_level(0), b.rout_level(1)),
        (4, 2),
        "45% of 9 and of 5, rounded down"
    );
    b.units[0].order = Order::Routed;
    assert_eq!(b.vp_lost(0), 3);
    assert_eq!(b.victory_check(), None);
    b.units[0].order = Order::Ok;
    b.leader_vp_lost[0] = 4; // a killed leader of command 2
    assert_eq!(b.vp_lost(0), 4);
    assert_eq!(b.victory_check(), None, "4 does not exceed 4");
    b.units[1].order = Order::Eliminated;
    let end = b.victory_check().expect("7 > 4");
    assert_eq!(end.winner, Winner::B);
    assert!(
        end.reason
            .starts_with("LEG8.2 side A routs: side A lost 7 VP, rout level 4"),
        "{}",
        end.reason
    );
    b.units[3].order = Order::Routed;
    assert_eq!(
        b.victory_check().map(|e| e.winner),
        Some(Winner::Draw),
        "§8.3 both at once"
    );
    ok(&dice);
}

#[test]
fn reaching_the_rout_level_is_enough_under_the_other_reading() {
    let mut c = duel(("inf", &[("grade", 3)]), ("inf", &[("grade", 3)]));
    c.battle
        .readings
        .insert("LEG_rout_level_compare".into(), "reaches".into());
    let r = rules(&c);
    let mut dice = ScriptedDice::values([]);
    let mut b = Battle::new(&c, &r, &mut dice).unwrap();
    b.leader_vp_lost[0] = 2;
    assert_eq!(b.rout_level(0), 2);
    assert_eq!(b.victory_check().map(|e| e.winner), Some(Winner::B));
    ok(&dice);
}

#[test]
fn the_supreme_commanders_death_routs_only_with_the_scenario_option() {
    let mut c = duel(("inf", &[("grade", 2)]), ("inf", &[("grade", 2)]));
    c.sides[0].leaders[0].ratings.insert("supreme".into(), 1);
    for (option, ends) in [(false, false), (true, true)] {
        if option {
            c.battle.options.push("LEG9.4".into());
        }
        let r = rules(&c);
        let mut dice = ScriptedDice::values([6, 6]);
        let mut b = Battle::new(&c, &r, &mut dice).unwrap();
        b.leader_check(0, 1);
        assert!(b.leaders[0].killed);
        assert_eq!(b.sudden_death().is_some(), ends);
        ok(&dice);
    }
}

#[test]
fn a_battle_nobody_fights_is_a_draw_after_8_turns() {
    let mut c = built("battle", [300, 300]);
    c.sides[0].commander_killed = true; // G2b.5: defends but cannot attack
    let mut dice = SeededDice::new([7; 32]);
    let r = resolve(&c, &rs(), &mut dice).unwrap();
    assert_eq!((r.winner, r.turns_played), (Winner::Draw, 8));
    assert_eq!(r.reason, "LEG8.3 no army routed by the end of turn 8: draw");
    assert!(r.units.iter().all(|u| u.state == UnitState::Ok));
}

// --- whole battles ------------------------------------------------------------

fn check(card: &Card, r: &TacticalResult) {
    let ids: Vec<&str> = card
        .sides
        .iter()
        .flat_map(|s| s.units.iter().map(|u| u.id.as_str()))
        .collect();
    let got: Vec<&str> = r.units.iter().map(|u| u.id.as_str()).collect();
    assert_eq!(ids, got, "every unit once, in card order");
    let leaders: Vec<&str> = card
        .sides
        .iter()
        .flat_map(|s| s.leaders.iter().map(|l| l.id.as_str()))
        .collect();
    assert_eq!(
        leaders,
        r.leaders.iter().map(|l| l.id.as_str()).collect::<Vec<_>>()
    );
    assert!((1..=8).contains(&r.turns_played), "{}", r.turns_played);
    assert!(
        r.provisional_tables_used,
        "the combat chits and leader commands are PROVISIONAL"
    );
    assert!(r.units.iter().all(|u| u.steps_lost == 0));
    let routs = |s: &str| {
        r.reason.contains(&format!("side {s} routs"))
            || r.reason.contains(&format!("side {s} lost its"))
    };
    match r.winner {
        Winner::A => assert!(
            routs("B") || r.reason.starts_with("G3c.9 rearguard loses"),
            "{}",
            r.reason
        ),
        Winner::B => assert!(
            routs("A") || r.reason.starts_with("G3c.9 rearguard wins"),
            "{}",
            r.reason
        ),
        Winner::Draw => assert!(r.reason.contains("draw"), "{}", r.reason),
    }
}

#[test]
fn whole_battles_end_consistently_and_deterministically() {
    let card = built("battle", [420, 380]);
    assert_eq!(
        card.sides[0].leaders.len(),
        1 + card.sides[0].units.len().div_ceil(5)
    );
    let mut decided = 0;
    for seed in 1..=12u8 {
        let r = resolve(&card, &rs(), &mut SeededDice::new([seed; 32])).unwrap();
        check(&card, &r);
        assert!(!r.units.iter().any(|u| u.state == UnitState::Escaped));
        let again = resolve(&card, &rs(), &mut SeededDice::new([seed; 32])).unwrap();
        assert_eq!(r, again, "seed {seed}");
        decided += usize::from(r.winner != Winner::Draw);
        let lost = r.losses(&card, 0);
        assert!(lost[0] <= 420 && lost[1] <= 380);
    }
    assert!(decided > 0, "some battle is decided");
}

/// Pins one whole battle: any change to the rules, the policies or the dice wiring
/// shows here (update it knowingly).
#[test]
fn a_pinned_battle() {
    let card = built("battle", [420, 380]);
    let r = resolve(&card, &rs(), &mut SeededDice::new([1; 32])).unwrap();
    assert_eq!((r.winner, r.turns_played), (Winner::A, 5));
    assert_eq!(
        r.reason,
        "LEG8.2 side B routs: side B lost 16 VP, rout level 14"
    );
    assert_eq!(r.losses(&card, 0), [10, 200]);
}

#[test]
fn whole_rearguard_actions_follow_g3c9() {
    let card = built("rearguard", [400, 250]);
    for seed in 1..=12u8 {
        let r = resolve(&card, &rs(), &mut SeededDice::new([seed; 32])).unwrap();
        check(&card, &r);
        assert_eq!(
            r.escaped(&card, 0),
            0,
            "only the rearguard leaves the table"
        );
        let rearguard_wins = r.escaped(&card, 1) > r.lost_units(&card, 1);
        assert_eq!(
            r.winner,
            if rearguard_wins { Winner::B } else { Winner::A },
            "{}",
            r.reason
        );
        assert!(r.reason.starts_with("G3c.9"));
        let again = resolve(&card, &rs(), &mut SeededDice::new([seed; 32])).unwrap();
        assert_eq!(r, again);
    }
}

#[test]
fn whole_battles_in_forest_and_with_every_alternative_reading() {
    let mut card = built("battle", [300, 300]);
    card.battle.terrain = crate::battle::card::Terrain::Mountains;
    card.battle.options.push("LEG7.4".into());
    for (k, v) in [
        ("LEG_odds_rounding", "up"),
        ("LEG_crt_clamp", "row"),
        ("LEG_result_hits", "one"),
        ("LEG_morale_compare", "worst"),
        ("LEG_rout_rally_near_enemy", "retreats"),
        ("LEG_forest_cavalry", "into"),
        ("LEG_vp_unit", "combat_value"),
        ("LEG_vp_leader", "none"),
        ("LEG_rout_level_compare", "reaches"),
        ("LEG_facing_mods", "cumulative"),
        ("LEG_leader_drm", "sum"),
        ("LEG_good_morale_friend", "grade_a"),
        ("LEG_carroccio_level", "attack_and_defence"),
        ("LEG_carroccio_cavalry_neighbour", "destroyed"),
        ("LEG_variable_combat", "each_combat"),
    ] {
        card.battle.readings.insert(k.into(), v.into());
    }
    for seed in 1..=6u8 {
        let r = resolve(&card, &rs(), &mut SeededDice::new([seed; 32])).unwrap();
        check(&card, &r);
    }
}

#[test]
fn malformed_cards_and_rulesets_are_errors_not_panics() {
    let rs = rs();
    let mut c = duel(("inf", &[("grade", 4)]), ("inf", &[("grade", 2)]));
    assert!(matches!(
        resolve(&c, &rs, &mut SeededDice::new([1; 32])),
        Err(BattleError::Card(_))
    ));
    c.sides[0].units[0].ratings.insert("grade".into(), 2);
    c.sides[0].units[0].kind = "elephant".into();
    assert!(matches!(
        resolve(&c, &rs, &mut SeededDice::new([1; 32])),
        Err(BattleError::Card(_))
    ));
    c.sides[0].units[0].kind = "inf".into();
    c.sides[0].units[0].ratings.insert("leader".into(), 3);
    assert!(matches!(
        resolve(&c, &rs, &mut SeededDice::new([1; 32])),
        Err(BattleError::Card(_))
    ));
    c.sides[0].units[0].ratings.remove("leader");
    c.sides[1].leaders.clear();
    assert!(matches!(
        resolve(&c, &rs, &mut SeededDice::new([1; 32])),
        Err(BattleError::Card(_))
    ));
    let mut c = duel(("inf", &[("grade", 2)]), ("inf", &[("grade", 2)]));
    c.sides[1].units.clear();
    assert!(matches!(
        resolve(&c, &rs, &mut SeededDice::new([1; 32])),
        Err(BattleError::Card(_))
    ));
    let c = duel(("inf", &[("grade", 2)]), ("inf", &[("grade", 2)]));
    let mut broken = rs.clone();
    broken.remove_table("crt");
    assert!(matches!(
        resolve(&c, &broken, &mut SeededDice::new([1; 32])),
        Err(BattleError::Data { .. })
    ));
    let mut broken = rs.clone();
    broken.remove_table("leader_command");
    let c2 = built("battle", [200, 200]);
    assert!(matches!(
        resolve(&c2, &broken, &mut SeededDice::new([1; 32])),
        Err(BattleError::Card(_))
    ));
}
