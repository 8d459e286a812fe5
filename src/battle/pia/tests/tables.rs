//! The rulebook's examples of the tables: bombardment, TDRs, Fire.

use super::*;

/// The purposes logged, without the reading of the d10 every one of them carries.
/// The provisional Bombardment Table agrees with the book's one example of it
/// (§8.5.4): "A 5 SP battery against a regiment of more than three battalions fires
/// as if it only had 1-2 SPs", and the Ricochet's "battery 1-2 strength points"
/// column is the first (§8.5.2).
#[test]
fn bombardment_columns_agree_with_the_book_examples() {
    let raw: RawBombard = ruleset().table("bombardment").expect("table");
    let columns = bombard_columns(&raw.columns).expect("columns");
    assert_eq!(bombard_column_of(&columns, 1, false), 0);
    assert_eq!(bombard_column_of(&columns, 2, false), 0, "1-2 SP");
    assert_ne!(bombard_column_of(&columns, 5, false), 0);
    assert_eq!(
        bombard_column_of(&columns, 5, true),
        bombard_column_of(&columns, 2, false),
        "a 5 SP battery shifted one column left fires as 1-2 SP"
    );
}

/// Line movement: French infantry (7) enters a ditch in an EZ; B rolls 9 − 1 SF = 8
/// and fails, C 5 − 1 and D 8 − 1 pass, E (no commander beside it) rolls 8, fails.
#[test]
fn fs_line_misalignment_9_minus_1_fails_5_and_8_minus_1_pass() {
    let line: Vec<CardUnit> = ["A-U1", "A-U2", "A-U3", "A-U4", "A-U5"]
        .iter()
        .map(|id| unit(id, "inf", FRANCE, 2))
        .collect();
    let a = side("A", line, 1, 1);
    let b = side("B", vec![unit("B-U1", "inf", AUSTRIA, 2)], 0, 0);
    let f = fixture(card("battle", a, b));
    let mut dice = script(&[
        ("A-W1/tdr/misalignment/A-U1", 0),
        ("A-W1/tdr/misalignment/A-U2", 9),
        ("A-W1/tdr/misalignment/A-U3", 5),
        ("A-W1/tdr/misalignment/A-U4", 8),
        ("A-W1/tdr/misalignment/A-U5", 8),
    ]);
    let mut b = battle(&f, &mut dice);
    let terrain = b.sectors[0].terrain.clone();
    ground(&mut b, &terrain, "ditch");
    place(&mut b, &[(0, 12), (1, 12), (2, 12), (3, 12), (4, 12)]);
    assert_eq!(
        b.commanders[1].stack,
        Some(2),
        "the FC stands with C, beside B and D"
    );
    b.advance_line(0);
    let rows: Vec<i64> = (0..5).map(|u| b.units[u].pos).collect();
    assert_eq!(
        rows,
        [13, 12, 13, 13, 12],
        "B and E stop: the Line is broken"
    );
    drop(b);
    let p = purposes(&dice);
    assert_eq!(
        p[1],
        "PIA TDR misalignment (ditch) A-U2: d10 -1 SF <= 7 passes (§5.11)"
    );
    assert_eq!(
        p[4],
        "PIA TDR misalignment (ditch) A-U5: d10 <= 7 passes (§5.11)"
    );
    assert!(dice.problems().is_empty(), "{:?}", dice.problems());
}

/// Fire example: A (3 SP) + FC 1 = 4 SP, Intense, shifted to Extended against X
/// (3 SP); −2 for Cover 1.
#[test]
fn fire_3_sp_plus_fc_1_is_intense_shifted_to_extended_against_x() {
    let a = side(
        "A",
        vec![unit("A-U1", "inf", SPAIN, 3), unit("A-U2", "inf", SPAIN, 2)],
        1,
        1,
    );
    let b = side(
        "B",
        vec![
            unit("B-U1", "inf", AUSTRIA, 3),
            unit("B-U2", "inf", AUSTRIA, 2),
        ],
        0,
        0,
    );
    let f = fixture(card("battle", a, b));
    let mut dice = script(&[("A-W1/fire/A-U1>B-U1", 6)]);
    let mut b = battle(&f, &mut dice);
    let approach = b.sectors[0].approach.clone();
    ground(&mut b, "cover1", &approach);
    place(&mut b, &[(0, 13), (1, 13)]);
    assert_eq!(b.fire_bonus(0), 1, "the FC beside A-U1");
    assert_eq!(b.fire_column(4, 2), 1, "Extended against X, 3 SP");
    assert_eq!(b.fire_column(4, 3), 2, "Intense against a 2 SP unit");
    assert_eq!(b.fire_drm(0, 2, FireCtx::default()), -2, "Cover 1");
    // Extended, d10 6 − 2 = 4: the stand-in gives D.
    assert_eq!(b.shot(0, 2, FireCtx::default()), Hit::Disorder(0));
    drop(b);
    assert_eq!(
        purposes(&dice),
        ["PIA fire A-U1->B-U1: 4 SP, Extended column, DRM -2 (§9.1)"]
    );
    assert!(dice.problems().is_empty(), "{:?}", dice.problems());
}

#[test]
fn d_at_z_shifts_only_under_the_ge2_reading() {
    assert_eq!(d_at_z(None), (1, -4), "ge3 (default): Extended stays");
    assert_eq!(d_at_z(Some("ge2")), (0, -4), "ge2: Normal");
}
