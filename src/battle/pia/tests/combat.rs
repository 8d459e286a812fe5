//! Commanders in retreat and melee, charges and cavalry melees, objectives and victory.

use super::*;

/// §4.7: a commander with a unit retreating from fire rolls d10: 0–2 flips him to
/// his Staff side, a Staff is captured; 3–9 leaves him unharmed, with his unit.
#[test]
fn commander_retreat_flips_to_staff_then_is_captured() {
    for (rolls, counter) in [
        (vec![3], Counter::Up),
        (vec![2], Counter::Staff),
        (vec![2, 0], Counter::Trophy),
    ] {
        let f = line_up(1);
        let mut script_rolls = vec![];
        for (k, &r) in rolls.iter().enumerate() {
            script_rolls.push(("A-W1/ranks/B-U2".to_owned(), 9));
            let suffix = if k == 0 {
                String::new()
            } else {
                format!("#{}", k + 1)
            };
            script_rolls.push((format!("A-W1/commander/B-L2{suffix}"), r));
        }
        let tails: Vec<(&str, u8)> = script_rolls.iter().map(|(t, v)| (t.as_str(), *v)).collect();
        let mut dice = script(&tails);
        let mut b = battle(&f, &mut dice);
        in_contact(&mut b);
        let fc = 3;
        assert_eq!(b.commanders[fc].stack, Some(3), "B's FC stands with B-U2");
        for _ in &rolls {
            b.apply_hits(3, &[Hit::Disorder(1)]);
            b.units[3].order = Order::Good;
        }
        assert_eq!(b.commanders[fc].counter, counter, "rolls {rolls:?}");
        if counter != Counter::Trophy {
            assert_eq!(b.commanders[fc].stack, Some(3), "he retreats with his unit");
        }
        drop(b);
        assert!(dice.problems().is_empty(), "{:?}", dice.problems());
    }
}

/// §4.6, §9.2.3: the defender fires first, then the Melee Table; the defender's
/// Formation Commander, left in the hex the enemy takes, is captured: flipped to
/// Staff and placed with another unit of his formation (a Staff: a trophy).
#[test]
fn melee_in_cover_captures_the_commander_left_behind() {
    for (staff_before, counter) in [(false, Counter::Staff), (true, Counter::Trophy)] {
        let a = side(
            "A",
            vec![
                unit("A-U1", "inf", FRANCE, 3),
                unit("A-U2", "inf", FRANCE, 2),
            ],
            0,
            0,
        );
        let b = side(
            "B",
            vec![
                unit("B-U1", "inf", AUSTRIA, 1),
                unit("B-U2", "inf", AUSTRIA, 2),
            ],
            0,
            0,
        );
        let f = fixture(card("battle", a, b));
        let mut dice = script(&[("A-W1/fire/B-U1>A-U1", 0), ("A-W1/melee/A-U1>B-U1", 7)]);
        let mut b = battle(&f, &mut dice);
        let approach = b.sectors[0].approach.clone();
        ground(&mut b, "cover1", &approach);
        in_contact(&mut b);
        let fc = 3;
        b.set_stack(fc, Some(2));
        if staff_before {
            b.commanders[fc].counter = Counter::Staff;
        }
        b.infantry_melee(0, 2);
        assert_eq!(
            b.units[2].gone,
            Some(Gone::Eliminated),
            "3:1, 7 - 1 cover = 6: -/E"
        );
        assert_eq!(b.commanders[fc].counter, counter);
        if counter == Counter::Staff {
            assert_eq!(b.commanders[fc].stack, Some(3), "placed with B-U2");
        }
        assert_eq!(
            b.units[0].pos, 13,
            "map-free: B-U2 still holds that row, no advance"
        );
        drop(b);
        assert_eq!(
            purposes(&dice)[1],
            "PIA melee A-U1->B-U1: 3:1 SP, column 3:1, DRM -1 (§9.2.4)"
        );
        assert!(dice.problems().is_empty(), "{:?}", dice.problems());
    }
}

/// §10.3, §10.3.1: charge at +1 column, the charged cavalry countercharges, and a
/// unit retreats once however many retreats it owes.
#[test]
fn charge_and_countercharge() {
    let a = side("A", vec![unit("A-U1", "hcav", FRANCE, 2)], 0, 0);
    let b = side("B", vec![unit("B-U1", "hcav", AUSTRIA, 2)], 0, 1);
    let f = fixture(card("battle", a, b));
    let mut dice = script(&[
        ("A-W1/charge/A-U1>B-U1", 4),
        ("A-W1/countercharge/B-U1>A-U1", 1),
        ("A-W1/tdr/second-disorder/B-U1", 0),
        ("A-W1/tdr/second-disorder/B-U1#2", 0),
        ("A-W1/commander/B-L2", 5),
    ]);
    let mut b = battle(&f, &mut dice);
    place(&mut b, &[(0, 11)]);
    b.move_formation(0);
    assert_eq!(
        (b.units[0].pos, b.units[0].declared),
        (13, Some((1, true))),
        "no infantry eZOC: no TDR"
    );
    b.combat_formation(0);
    assert_eq!(
        (b.units[0].order, b.units[0].pos),
        (Order::Disordered, 13),
        "the charger: Disordered, no retreat"
    );
    assert_eq!(
        (b.units[1].order, b.units[1].pos),
        (Order::Disordered, 15),
        "two retreats owed, one taken"
    );
    drop(b);
    let p = purposes(&dice);
    assert_eq!(
        p[0],
        "PIA charge A-U1->B-U1: 2:2 SP, column 3:2, DRM +0 (§9.2.4)"
    );
    assert_eq!(
        p[1],
        "PIA countercharge B-U1->A-U1: 2:2 SP, column 3:2, DRM +0 (§9.2.4)"
    );
    assert!(dice.problems().is_empty(), "{:?}", dice.problems());
}

/// §10.2: infantry failing its TDR against cavalry gives it a column (1:1 → 3:2).
#[test]
fn cavalry_melee_on_infantry_that_fails_its_tdr() {
    let a = side("A", vec![unit("A-U1", "hcav", FRANCE, 2)], 0, 0);
    let b = side("B", vec![unit("B-U1", "inf", AUSTRIA, 2)], 0, 0);
    let f = fixture(card("battle", a, b));
    let mut dice = script(&[
        ("A-W1/tdr/stand/B-U1", 7),
        ("A-W1/cavalry-melee/A-U1>B-U1", 9),
    ]);
    let mut b = battle(&f, &mut dice);
    place(&mut b, &[(0, 13)]);
    b.cavalry_melee(0, 1);
    assert_eq!(b.units[1].gone, Some(Gone::Eliminated), "9 on 3:2: -/E");
    assert_eq!(b.units[0].order, Order::Disordered, "§10.1");
    drop(b);
    let p = purposes(&dice);
    assert_eq!(
        p[0],
        "PIA TDR standing against cavalry B-U1: d10 +1 eZOC <= 7 passes (§5.11)"
    );
    assert_eq!(
        p[1],
        "PIA cavalry melee A-U1->B-U1: 2:2 SP, column 3:2, DRM +0 (§9.2.4)"
    );
    assert!(dice.problems().is_empty(), "{:?}", dice.problems());
}

/// §10.2a: infantry that passes fires first; a result other than NE or D stops the
/// cavalry before contact.
#[test]
fn cavalry_stopped_by_the_volley_before_impact() {
    let a = side("A", vec![two_step(unit("A-U1", "hcav", FRANCE, 2))], 0, 0);
    let b = side("B", vec![unit("B-U1", "inf", AUSTRIA, 2)], 0, 0);
    let f = fixture(card("battle", a, b));
    // Fire: 2 SP Extended, not side by side -2: 9 - 2 = 7 → "1".
    let mut dice = script(&[("A-W1/tdr/stand/B-U1", 2), ("A-W1/fire/B-U1>A-U1", 9)]);
    let mut b = battle(&f, &mut dice);
    place(&mut b, &[(0, 13)]);
    b.cavalry_melee(0, 1);
    assert!(b.units[0].reduced, "a step lost");
    assert_eq!(
        b.units[0].order,
        Order::Disordered,
        "§10.1 after its attack"
    );
    assert_eq!(b.units[1].order, Order::Good);
    drop(b);
    assert!(dice.problems().is_empty(), "{:?}", dice.problems());
}

#[test]
fn objectives_decide_at_the_end() {
    let f = line_up(1);
    let mut dice = ScriptedDice::values([]);
    assert_eq!(
        victory_battle(&f, &mut dice, 3),
        Outcome {
            winner: Winner::A,
            reason: "PIA13.0 the attacker holds 3 of its 4 objectives: attacker wins".into(),
            account: Some(
                Account::new("pia-objectives")
                    .num("held", 3)
                    .num("of", 4)
                    .key("winner", "attacker")
            ),
        }
    );
    assert_eq!(victory_battle(&f, &mut dice, 1).winner, Winner::B);
    assert_eq!(
        victory_battle(&f, &mut dice, 0).winner,
        Winner::B,
        "READING 0-1"
    );
    assert_eq!(
        victory_battle(&f, &mut dice, 2),
        Outcome {
            winner: Winner::Draw,
            reason: "PIA13.1 conditional draw (2 objectives): VP A 0 - B 0".into(),
            account: Some(
                Account::new("pia-conditional-draw")
                    .num("held", 2)
                    .num("vp_a", 0)
                    .num("vp_b", 0)
            ),
        }
    );
    let mut lit = line_up(1);
    lit.card
        .battle
        .readings
        .insert("PIA_austrian_win_objectives".into(), "literal".into());
    lit.readings = Readings::load(&ruleset(), &lit.card).unwrap();
    assert_eq!(
        victory_battle(&lit, &mut dice, 0).reason,
        "PIA13.1 conditional draw (0 objectives): VP A 0 - B 0"
    );
    assert!(dice.problems().is_empty());
}

/// §13.1: 1 VP for each enemy unit eliminated or routed on the map, 3 for an FC's
/// staff taken, 5 for a WC's.
#[test]
fn conditional_draw_counts_victory_points() {
    let f = line_up(1);
    let mut dice = ScriptedDice::values([]);
    let mut b = battle(&f, &mut dice);
    b.units[2].gone = Some(Gone::Eliminated);
    b.units[3].order = Order::Routed;
    b.commanders[3].counter = Counter::Trophy;
    b.units[0].gone = Some(Gone::Eliminated);
    b.commanders[0].counter = Counter::Killed;
    assert_eq!((b.vp(0), b.vp(1)), (5, 6));
    assert_eq!(
        b.conditional_draw(2),
        Outcome {
            winner: Winner::B,
            reason: "PIA13.1 conditional draw (2 objectives): VP A 5 - B 6".into(),
            account: Some(
                Account::new("pia-conditional-draw")
                    .num("held", 2)
                    .num("vp_a", 5)
                    .num("vp_b", 6)
            ),
        }
    );
}

/// §13.2 at the 15:00 turn (PROVISIONAL track: turn 10); objectives change hands
/// only with the enemy three hexes away.
#[test]
fn automatic_victory_and_taking_an_objective() {
    let f = line_up(1);
    let mut dice = ScriptedDice::values([]);
    let mut b = battle(&f, &mut dice);
    b.turn = 9;
    assert_eq!(b.turn_victory(), None);
    b.turn = 10;
    assert_eq!(b.turn_victory().map(|o| o.winner), Some(Winner::B));
    assert!(b.used.borrow().contains("turn_track"));
    in_contact(&mut b);
    b.update_objectives();
    assert_eq!(b.held_by_attacker(), 0, "B still holds its line");
    b.units[2].pos = 18;
    b.units[3].order = Order::Routed;
    b.update_objectives();
    assert_eq!(b.held_by_attacker(), 4, "B-U1 four hexes back, B-U2 routed");
}
