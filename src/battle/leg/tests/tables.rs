//! The tables against the printed rulebook, and the worked CRT examples.

use super::*;

// --- tables ------------------------------------------------------------------

#[test]
fn the_crt_in_the_file_is_the_printed_one_cell_by_cell() {
    let r = rules(&built("battle", [100, 100]));
    let crt = &r.crt;
    assert_eq!(
        crt.columns,
        ["1/3", "1/2", "1/1", "1.5/1", "2/1", "3/1", "4/1", "5/1"]
    );
    assert_eq!(
        crt.ratios,
        [
            (1, 3),
            (1, 2),
            (1, 1),
            (3, 2),
            (2, 1),
            (3, 1),
            (4, 1),
            (5, 1)
        ]
    );
    assert_eq!((crt.first_row, crt.last_row()), (-1, 8));
    for (i, line) in CRT_TEXT.iter().enumerate() {
        for (c, text) in line.iter().enumerate() {
            let row = i as i32 - 1;
            assert_eq!(
                crt.result(row, c).to_string(),
                *text,
                "row {row} column {}",
                crt.columns[c]
            );
        }
    }
}

#[test]
fn the_crt_is_one_ladder_as_the_digest_says() {
    // Digest §2.c: CRT[row][col] = LADDER[row + 1 + col].
    let ladder = [
        "AE", "AE", "AR", "AR", "AD", "AD", "NE", "NE", "DD", "DD", "DR", "DR", "DE", "DE", "DE",
        "DE", "DE",
    ];
    for (i, line) in CRT_TEXT.iter().enumerate() {
        for (c, text) in line.iter().enumerate() {
            assert_eq!(ladder[i + c], *text);
        }
    }
}

#[test]
fn the_tec_and_the_numbers_of_the_text_are_transcribed() {
    let r = rules(&built("battle", [100, 100]));
    let f = r.forest;
    assert_eq!(
        (
            f.inf_mp,
            f.cav_mp,
            f.inf_attack_divisor,
            f.cav_attack_divisor
        ),
        (2, 4, 2, 3)
    );
    assert!(f.cav_disordered_on_entry && !f.cav_may_charge && f.cav_attack_needs_morale);
    let c = r.clear;
    assert_eq!(
        (
            c.inf_mp,
            c.cav_mp,
            c.inf_attack_divisor,
            c.cav_attack_divisor
        ),
        (1, 1, 1, 1)
    );
    assert!(!c.cav_disordered_on_entry && c.cav_may_charge && !c.cav_attack_needs_morale);
    assert_eq!((r.morale.a, r.morale.b, r.morale.c), (7, 5, 3));
    assert_eq!((r.vp.a, r.vp.b, r.vp.c, r.vp_leader), (5, 3, 1, 2));
    assert_eq!(r.turns, 8);
    let chits: Vec<(i64, i64, i64)> = r.chits.iter().map(|c| (c.a, c.b, c.c)).collect();
    assert_eq!(chits, [(7, 4, 1), (8, 5, 2), (9, 6, 3), (10, 7, 4)]);
    assert!(r.chits_provisional);
    assert_eq!(r.leader_command, Some((2, true)));
}

#[test]
fn every_reading_of_the_digest_is_a_switch_in_the_file() {
    let rs = rs();
    for name in [
        "LEG_odds_rounding",
        "LEG_crt_clamp",
        "LEG_result_hits",
        "LEG_morale_compare",
        "LEG_rout_rally_near_enemy",
        "LEG_forest_cavalry",
        "LEG_vp_unit",
        "LEG_vp_leader",
        "LEG_rout_level_compare",
        "LEG_facing_mods",
        "LEG_leader_drm",
        "LEG_good_morale_friend",
        "LEG_carroccio_level",
        "LEG_carroccio_cavalry_neighbour",
        "LEG_variable_combat",
    ] {
        assert!(rs.readings.contains_key(name), "{name}");
    }
    assert_eq!(rs.readings.len(), 15);
    let mut c = built("battle", [100, 100]);
    c.battle
        .readings
        .insert("LEG_crt_clamp".into(), "diagonal".into());
    assert!(matches!(
        Rules::load(&c, &rs),
        Err(BattleError::Data { .. })
    ));
}

#[test]
fn odds_columns_round_down_and_clamp() {
    let r = rules(&built("battle", [100, 100]));
    let crt = &r.crt;
    assert_eq!(crt.column(6, 2, false), 5, "3/1");
    assert_eq!(crt.column(5, 3, false), 3, "1.67 rounds down to 1.5/1");
    assert_eq!(crt.column(5, 3, true), 4, "or up to 2/1");
    assert_eq!(crt.column(1, 9, false), 0, "below 1/3 is 1/3");
    assert_eq!(crt.column(40, 1, false), 7, "above 5/1 is 5/1");
}

// --- §5.3: the worked examples are data cases (tests/cases/battle/leg/) -----------

/// The ladder's two ends (the combats that read them are data cases,
/// `tests/cases/battle/leg/003_*` and `004_*`).
#[test]
fn the_ladder_ends_at_5_to_1_row_minus_1_and_1_to_3_row_8() {
    let r = rules(&built("battle", [100, 100]));
    assert_eq!(r.crt.cell(-1, 7, true), (-1, 7));
    assert_eq!(r.crt.result(-1, 7).to_string(), "NE");
    assert_eq!(r.crt.result(8, 0).to_string(), "DD");
}

#[test]
fn off_table_results_follow_the_clamp_reading() {
    let r = rules(&built("battle", [100, 100]));
    let crt = &r.crt;
    // index: row 9 on 1/3 slides to row 8 on 1/2 (DR); row: row 8 on 1/3 (DD).
    assert_eq!(crt.cell(9, 0, true), (8, 1));
    assert_eq!(crt.cell(9, 0, false), (8, 0));
    // A shift past 5/1 is a row further down the same ladder.
    assert_eq!(crt.cell(3, 9, true), (5, 7));
    assert_eq!(crt.cell(3, 9, false), (3, 7));
    assert_eq!(crt.cell(-5, 0, true), (-1, 0), "index 0");
    assert_eq!(crt.cell(20, 7, true), (8, 7), "index 16");
}
