//! Difficult terrain, artillery, fortresses, lone commanders, camps, rearguards, G2b.5, malformed input, protection.

use super::*;

/// READING 3.f item 5: an attacking commander loses 1 in Difficult terrain only at
/// 3 or more; the other reading always.
#[test]
fn attacking_commanders_in_difficult_terrain() {
    let rs = rs();
    let mut c = card(
        "village",
        "mountains",
        false,
        side("A", foot("A", 1, 3, 1), vec![]),
        side("B", foot("B", 1, 3, 1), vec![]),
    );
    let set = Settings::read(&c, &rs).unwrap();
    let cmd = |l| Commander::from_card(&leader("A-L1", l, 0)).unwrap();
    assert_eq!(commander_fire(&cmd(3), true, &set), 2);
    assert_eq!(commander_fire(&cmd(2), true, &set), 2);
    assert_eq!(commander_fire(&cmd(3), false, &set), 3, "defenders never");
    c.battle
        .readings
        .insert("MON_commander_difficult".into(), "always".into());
    let set = Settings::read(&c, &rs).unwrap();
    assert_eq!(commander_fire(&cmd(2), true, &set), 1);
}

// --- §5.2: artillery ---------------------------------------------------------------

#[test]
fn artillery_needs_guastatori_and_bursts_on_a_six() {
    let rs = rs();
    let gun = || unit("A-U1", "art", 30, &[("fire", 4)]);
    let sapper = unit("A-U2", "guast", 20, &[("fire", 3)]);
    // Alone the gun fires at 1: a 2 misses; tie 0–0.
    let r = run(&open_field(vec![gun()], foot("B", 1, 3, 1)), &rs, &[2, 6]);
    assert_eq!(state(&r, "B-U1"), (UnitState::Ok, 0));
    assert_eq!(r.winner, Winner::B);
    // With a guastatore it fires at its printed 4: the 2 hits.
    let r = run(
        &open_field(vec![gun(), sapper.clone()], foot("B", 1, 3, 1)),
        &rs,
        &[2, 6],
    );
    assert_eq!(state(&r, "B-U1"), (UnitState::Reduced, 1));
    assert_eq!(r.winner, Winner::A);
    // A 6 bursts it: eliminated, both steps; not an enemy hit, so 0–0 and no
    // survival roll for A's commander.
    let a = side("A", vec![gun(), sapper], vec![leader("A-L1", 1, 0)]);
    let c = card(
        "village",
        "plain",
        false,
        a,
        side("B", foot("B", 1, 3, 1), vec![]),
    );
    let r = run(&c, &rs, &[6, 6, 6]);
    assert_eq!(state(&r, "A-U1"), (UnitState::Eliminated, 2));
    assert_eq!(state(&r, "A-U2"), (UnitState::Ok, 0));
    assert_eq!(leader_state(&r, "A-L1"), LeaderState::Ok);
    assert_eq!(r.winner, Winner::B);
}

// --- §7.5 fortress option, §14.1, rearguard ----------------------------------------

/// POLICY `MON_fortress_option_holder` (a play-test: besiegers at Castrocaro, attacked by
/// its relief army, were given the fortress's option): with `defender_holds`, the
/// shipped value, a defender outside walls it does not hold loses as in the field; with
/// `any`, as campaigns written before the switch read it, it takes the option.
#[test]
fn only_a_defender_holding_the_walls_has_the_fortress_option() {
    let rs = rs();
    let b = || {
        vec![
            unit("B-U1", "inf", 40, &[("fire_att", 3), ("fire_def", 4)]),
            unit("B-U2", "inf", 40, &[("fire_att", 3), ("fire_def", 4)]),
            unit("B-U3", "inf", 40, &[("fire_att", 3), ("fire_def", 4)]),
        ]
    };
    let besiegers = |reading: Option<&str>| {
        let mut c = card(
            "fortress",
            "plain",
            false,
            side("A", foot("A", 4, 3, 1), vec![]),
            side("B", b(), vec![]),
        );
        if let Some(r) = reading {
            c.battle
                .readings
                .insert("MON_fortress_option_holder".into(), r.into());
        }
        c
    };
    let dice = [1, 1, 1, 1, 6, 6, 6];
    let held = run(&besiegers(None), &rs, &dice);
    assert!(
        !held.reason.starts_with("MON7.5 fortress"),
        "{}",
        held.reason
    );
    let before = run(&besiegers(Some("any")), &rs, &dice);
    assert!(
        before.reason.starts_with("MON7.5 fortress"),
        "{}",
        before.reason
    );
    assert_ne!(held.winner, before.winner);
}

#[test]
fn a_defender_in_a_fortress_may_take_one_more_loss_and_hold() {
    let rs = rs();
    let b = vec![
        unit("B-U1", "inf", 40, &[("fire_att", 3), ("fire_def", 4)]),
        unit("B-U2", "inf", 40, &[("fire_att", 3), ("fire_def", 4)]),
        unit("B-U3", "guast", 20, &[("fire", 3)]),
    ];
    let c = card(
        "fortress",
        "plain",
        true,
        side("A", foot("A", 4, 3, 1), vec![]),
        side("B", b, vec![]),
    );
    // 4 hits − 2 (two forts) = 2: guastatori and B-U1 flip. B lost 2–0 but takes a
    // third loss (B-U2 flips) and A retreats.
    let r = run(&c, &rs, &[1, 1, 1, 1, 6, 6]);
    assert_eq!(r.winner, Winner::B);
    assert!(r.reason.starts_with("MON7.5 fortress"), "{}", r.reason);
    for id in ["B-U1", "B-U2", "B-U3"] {
        assert_eq!(state(&r, id), (UnitState::Reduced, 1), "{id}");
    }
    // With one Disrupted unit left, the extra loss would end it: it retreats.
    let c = card(
        "fortress",
        "plain",
        true,
        side("A", foot("A", 3, 3, 1), vec![]),
        side("B", foot("B", 1, 4, 1), vec![]),
    );
    let r = run(&c, &rs, &[1, 1, 1, 6]);
    assert_eq!(r.winner, Winner::A);
    assert_eq!(state(&r, "B-U1"), (UnitState::Reduced, 1));
    // Not a fortress: no option.
    let c = card(
        "city",
        "plain",
        true,
        side("A", foot("A", 4, 3, 1), vec![]),
        side("B", foot("B", 2, 4, 1), vec![]),
    );
    assert_eq!(run(&c, &rs, &[1, 1, 1, 1, 6, 6]).winner, Winner::A);
}

#[test]
fn commanders_and_guastatori_alone_are_eliminated() {
    let rs = rs();
    let b = side(
        "B",
        vec![unit("B-U1", "guast", 20, &[("fire", 3)])],
        vec![leader("B-L1", 2, 0)],
    );
    let c = card(
        "village",
        "plain",
        false,
        side("A", foot("A", 1, 3, 1), vec![]),
        b,
    );
    let r = run(&c, &rs, &[]);
    assert_eq!(r.winner, Winner::A);
    assert_eq!(r.turns_played, 0);
    assert_eq!(state(&r, "B-U1"), (UnitState::Eliminated, 2));
    assert_eq!(leader_state(&r, "B-L1"), LeaderState::Killed);
    assert!(r.reason.starts_with("MON14.1"), "{}", r.reason);
    // Guastatori on both sides: nobody can attack, the attacker loses.
    let g = |id: &str| vec![unit(id, "guast", 20, &[])];
    let r = run(&open_field(g("A-U1"), g("B-U1")), &rs, &[]);
    assert_eq!(r.winner, Winner::B);
    assert_eq!(state(&r, "A-U1"), (UnitState::Ok, 0));
}

#[test]
fn a_camp_cannot_retreat() {
    let rs = rs();
    let mut b = foot("B", 1, 3, 1);
    b.push(unit("B-U2", "camp", 0, &[]));
    let r = run(&open_field(foot("A", 1, 3, 1), b), &rs, &[1, 6]);
    assert_eq!(r.winner, Winner::A);
    assert_eq!(state(&r, "B-U2"), (UnitState::Eliminated, 1));
    assert_eq!(state(&r, "B-U1"), (UnitState::Reduced, 1));
}

#[test]
fn a_rearguard_wins_when_more_units_get_away_than_it_lost() {
    let rs = rs();
    let mut c = open_field(foot("A", 3, 3, 1), foot("B", 3, 3, 1));
    c.battle.kind = crate::battle::card::BattleKind::Rearguard;
    // B loses the combat 0–2 but keeps all three: they get away.
    let r = run(&c, &rs, &[1, 1, 6, 6, 6, 6]);
    assert_eq!(r.winner, Winner::B);
    assert_eq!(state(&r, "B-U1"), (UnitState::Escaped, 1));
    assert_eq!(state(&r, "B-U3"), (UnitState::Escaped, 0));
    assert_eq!(state(&r, "A-U1"), (UnitState::Ok, 0));
    assert!(
        r.reason
            .starts_with("G3c.9 rearguard: 3 units got away, 0 lost"),
        "{}",
        r.reason
    );
    // Single-step units: two lost, one away: the attacker wins.
    let mut c = open_field(foot("A", 3, 3, 1), foot("B", 3, 3, 0));
    c.battle.kind = crate::battle::card::BattleKind::Rearguard;
    let r = run(&c, &rs, &[1, 1, 6, 6, 6, 6]);
    assert_eq!(r.winner, Winner::A);
    assert_eq!(state(&r, "B-U3"), (UnitState::Escaped, 0));
    assert_eq!(state(&r, "B-U1"), (UnitState::Eliminated, 1));
}

/// G2b.5, POLICY `MON_commander_killed`: with the shipped "cannot_attack", an
/// attacker whose commander was killed does not attack and falls back without a
/// roll; campaigns written before the switch (absent: "ignored") fight as before,
/// and a defender whose commander was killed still defends.
#[test]
fn a_killed_commander_stops_the_attack_by_the_named_switch() {
    let rs = rs();
    assert_eq!(rs.reading("MON_commander_killed", ""), "cannot_attack");
    let mut c = open_field(foot("A", 3, 3, 1), foot("B", 1, 3, 1));
    c.sides[0].commander_killed = true;
    let r = run(&c, &rs, &[]);
    assert_eq!((r.winner, r.turns_played), (Winner::B, 0));
    assert!(r.reason.starts_with("G2b.5"), "{}", r.reason);
    assert!(r.units.iter().all(|u| u.state == UnitState::Ok));
    let mut old = rs.clone();
    old.readings.remove("MON_commander_killed");
    let fought = resolve(&c, &old, &mut SeededDice::new([1; 32])).expect("resolves");
    assert!(fought.turns_played >= 1 && !fought.reason.starts_with("G2b.5"));
    let mut c = open_field(foot("A", 3, 3, 1), foot("B", 1, 3, 1));
    c.sides[1].commander_killed = true;
    let defended = resolve(&c, &rs, &mut SeededDice::new([1; 32])).expect("resolves");
    assert!(defended.turns_played >= 1, "{}", defended.reason);
}

#[test]
fn malformed_cards_and_switches_are_errors_not_panics() {
    let rs = rs();
    let mut dice = ScriptedDice::values([]);
    let mut bad = open_field(foot("A", 1, 3, 1), foot("B", 1, 3, 1));
    bad.sides[1].units.clear();
    assert!(matches!(
        resolve(&bad, &rs, &mut dice),
        Err(BattleError::Card(_))
    ));
    let cases: [(&str, Unit); 5] = [
        ("`fire` = 9", unit("B-U1", "inf", 40, &[("fire", 9)])),
        (
            "needs a `fire`",
            unit("B-U1", "inf", 40, &[("fire_att", 3)]),
        ),
        (
            "not a MON unit",
            unit("B-U1", "dragoon", 40, &[("fire", 3)]),
        ),
        (
            "major",
            unit("B-U1", "cav", 40, &[("fire", 3), ("major", 1)]),
        ),
        (
            "`two_step` = 2",
            unit("B-U1", "inf", 40, &[("fire", 3), ("two_step", 2)]),
        ),
    ];
    for (want, u) in cases {
        let c = open_field(foot("A", 1, 3, 1), vec![u]);
        match resolve(&c, &rs, &mut dice) {
            Err(BattleError::Card(m)) => assert!(m.contains(want), "{m}"),
            other => panic!("{want}: {other:?}"),
        }
    }
    let mut c = open_field(foot("A", 1, 3, 1), foot("B", 1, 3, 1));
    c.sides[0].leaders.push(Leader {
        id: "A-L1".into(),
        name: "x".into(),
        ratings: BTreeMap::new(),
    });
    assert!(matches!(
        resolve(&c, &rs, &mut dice),
        Err(BattleError::Card(_))
    ));
    let mut c = open_field(foot("A", 1, 3, 1), foot("B", 1, 3, 1));
    c.battle
        .readings
        .insert("MON_continue_policy".into(), "bold".into());
    assert!(matches!(
        resolve(&c, &rs, &mut dice),
        Err(BattleError::Data { .. })
    ));
    assert!(
        dice.problems().is_empty(),
        "no die was rolled: {:?}",
        dice.problems()
    );
}

/// ASSUMPTION switch `MON_fortified_node`, read through the card's switches.
#[test]
fn protection_of_il_giglio_nodes() {
    let rs = rs();
    let p = |kind: &str, fortified, reading: &str| {
        let mut c = card(
            kind,
            "plain",
            fortified,
            side("A", foot("A", 1, 3, 1), vec![]),
            side("B", foot("B", 1, 3, 1), vec![]),
        );
        c.battle
            .readings
            .insert("MON_fortified_node".into(), reading.into());
        Settings::read(&c, &rs).map(|s| s.protection)
    };
    assert_eq!(p("city", true, "village_plus_fort"), Ok(2));
    assert_eq!(p("village", true, "village_plus_fort"), Ok(2));
    assert_eq!(p("fortress", true, "village_plus_fort"), Ok(2));
    assert_eq!(p("city", false, "village_plus_fort"), Ok(0));
    assert_eq!(p("village", true, "village_only"), Ok(1));
    assert_eq!(p("fortress", true, "village_only"), Ok(2));
    assert_eq!(p("fortress", true, "none"), Ok(0));
    assert_eq!(p("open", true, "village_plus_fort"), Ok(0));
    match p("city", true, "walls") {
        Err(BattleError::Data { message, .. }) => assert_eq!(
            message,
            "reading MON_fortified_node = \"walls\": expected one of village_plus_fort, village_only, none"
        ),
        other => panic!("{other:?}"),
    }
    assert_eq!(
        protection(crate::battle::card::NodeKind::Village, true, (5, 5)),
        MAX_PROTECTION
    );
}
