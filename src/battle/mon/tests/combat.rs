//! The Disrupted stand-in and loss allocation, procedure by procedure. The book's worked
//! example and whole battles with scripted dice (minor and major battles, the continue
//! policy, commanders' survival, exact odds) are data: `tests/cases/battle/mon/`.

use super::*;

// --- §5.2: the Disrupted stand-in --------------------------------------------------

/// A typed-in back (`fire_disrupted`) is not provisional; without the stand-in and
/// without a typed back, a clear data error.
#[test]
fn a_disrupted_unit_needs_its_back_or_the_stand_in() {
    let rs = rs();
    let c = open_field(foot("A", 6, 3, 1), foot("B", 7, 3, 1));
    let set = Settings::read(&c, &rs).unwrap();
    let mut u = Counter::from_card(&c.sides[1].units[0]).unwrap();
    u.disrupted = true;
    assert_eq!(unit_fire(&u, false, false, &set), Ok(Some((2, true))));
    let bare = Settings {
        disrupted: None,
        ..set.clone()
    };
    assert!(
        unit_fire(&u, false, false, &bare)
            .unwrap_err()
            .contains("B-U1")
    );
    u.fire_disrupted = Some(3);
    assert_eq!(unit_fire(&u, false, false, &bare), Ok(Some((3, false))));
    let mut rs_bare = rs.clone();
    rs_bare.remove_table("disrupted_fire");
    // Round 1 disrupts B-U1; round 2 needs its fire.
    let rolls = [[1, 6, 6, 6, 6, 6].as_slice(), &[6; 7], &[6; 6], &[3; 7]].concat();
    let mut dice = ScriptedDice::values(rolls);
    assert!(matches!(
        resolve(&c, &rs_bare, &mut dice),
        Err(BattleError::Data { .. })
    ));
}

// --- §5.2: loss allocation ---------------------------------------------------------

/// A round's hits applied at once fall where the policy, one hit at a time, puts them.
#[test]
fn hits_at_once_fall_as_one_at_a_time() {
    let b = [
        unit("B-U1", "inf", 30, &[("fire", 3)]),
        unit("B-U2", "garrison", 10, &[("fire", 2)]),
        unit("B-U3", "cav", 30, &[("fire", 3)]),
        unit("B-U4", "inf", 20, &[("fire", 3), ("major", 1)]),
        unit("B-U5", "guast", 5, &[]),
        unit("B-U6", "art", 40, &[("fire", 4)]),
    ];
    let fresh: Vec<Counter> = b.iter().map(|u| Counter::from_card(u).unwrap()).collect();
    for hits in 0..=14 {
        let mut at_once = fresh.clone();
        at_once[2].disrupted = true;
        let mut one_by_one = at_once.clone();
        allocate(&mut at_once, hits);
        for _ in 0..hits {
            if let Some(i) = pick_loss(&one_by_one) {
                one_by_one[i].take_hit();
            }
        }
        let state = |us: &[Counter]| {
            us.iter()
                .map(|u| (u.disrupted, u.eliminated, u.steps_lost))
                .collect::<Vec<_>>()
        };
        assert_eq!(state(&at_once), state(&one_by_one), "{hits} hits");
    }
}

/// Past the last step of the last unit, a hit is lost (§7.3).
#[test]
fn hits_beyond_every_step_are_lost() {
    let b = [
        unit("B-U1", "garrison", 10, &[("fire_att", 1), ("fire_def", 2)]),
        unit("B-U2", "guast", 20, &[("fire", 3)]),
        unit("B-U3", "inf", 40, &[("fire_att", 3), ("fire_def", 4)]),
    ];
    let mut units: Vec<Counter> = b.iter().map(|u| Counter::from_card(u).unwrap()).collect();
    allocate(&mut units, 6);
    assert!(
        units.iter().all(|u| u.eliminated),
        "the 6th hit is lost (§7.3)"
    );
    assert_eq!(
        units.iter().map(|u| u.steps_lost).collect::<Vec<_>>(),
        [1, 2, 2]
    );
    assert_eq!(pick_loss(&units), None);
}
