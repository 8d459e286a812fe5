//! The siege procedures.

use super::*;

#[test]
fn gun_fire_values() {
    assert_eq!(gun_fire(4, true, 0, 1), 4);
    assert_eq!(gun_fire(4, false, 0, 1), 1, "no guastatore: 1 (§8)");
    assert_eq!(gun_fire(4, true, MANTUA_MALUS, 1), 3);
    assert_eq!(gun_fire(4, false, MANTUA_MALUS, 1), 1, "Mantua: min 1");
    assert_eq!(gun_fire(3, true, MANTUA_MALUS + BREACH_MALUS, 1), 1);
    assert_eq!(gun_fire(1, true, BREACH_MALUS, 0), 0, "floor 0 reading");
}

#[test]
fn bombarding_a_wall() {
    let mut d = one(3);
    assert_eq!(
        bombard_wall(WALL, 3, &mut d, "e"),
        (Wall { level: 1, ..WALL }, Shot::Hit)
    );
    let mut d = one(4);
    assert_eq!(bombard_wall(WALL, 3, &mut d, "e"), (WALL, Shot::Miss));
    let mut d = one(6);
    assert_eq!(
        bombard_wall(WALL, 6, &mut d, "e"),
        (WALL, Shot::Burst),
        "a 6 always bursts"
    );
    let breach = Wall { level: 0, ..WALL };
    let mut d = one(1);
    assert_eq!(
        bombard_wall(breach, 3, &mut d, "e").0.level,
        0,
        "never below Breach"
    );
    assert!(breach.breached());
    assert!(d.problems().is_empty());
}

#[test]
fn bombarding_units() {
    let mut d = ScriptedDice::values([1, 2, 6, 5]);
    let (hits, shots) = bombard_units(&[3, 3, 3, 4], 1, &mut d, "mon/s/b");
    assert_eq!(shots, [Shot::Hit, Shot::Hit, Shot::Burst, Shot::Miss]);
    assert_eq!(hits, 1, "two hits − one fort");
    assert_eq!(d.log()[2].event, "mon/s/b/g3");
    assert!(d.problems().is_empty());
}

#[test]
fn mines_detonations_countermines_and_rebuilding() {
    let (w, placed) = mine(WALL, 3, &mut one(3), "e");
    assert!(placed);
    assert_eq!(w.mines, 1);
    assert_eq!(mine(WALL, 3, &mut one(4), "e"), (WALL, false));

    let mined = Wall { mines: 2, ..WALL };
    assert_eq!(
        detonate(mined, &mut one(3), "e"),
        (
            Wall {
                level: 0,
                mines: 1,
                max: 3
            },
            Detonation::Breach
        )
    );
    assert_eq!(
        detonate(mined, &mut one(4), "e"),
        (mined, Detonation::Nothing)
    );
    assert_eq!(
        detonate(mined, &mut one(5), "e"),
        (mined, Detonation::Nothing)
    );
    assert_eq!(
        detonate(mined, &mut one(6), "e"),
        (Wall { mines: 1, ..mined }, Detonation::Lost)
    );
    let mut none = ScriptedDice::values([]);
    assert_eq!(detonate(WALL, &mut none, "e"), (WALL, Detonation::NoMine));

    assert_eq!(
        countermine(mined, 4, &mut one(4), "e"),
        (Wall { mines: 1, ..mined }, true)
    );
    assert_eq!(countermine(mined, 4, &mut one(5), "e"), (mined, false));
    assert_eq!(
        countermine(WALL, 4, &mut none, "e"),
        (WALL, false),
        "no mine, no roll"
    );

    let breach = Wall { level: 0, ..WALL };
    assert_eq!(
        rebuild(breach, 3, &mut one(2), "e"),
        (Wall { level: 1, ..breach }, true)
    );
    assert_eq!(rebuild(breach, 3, &mut one(4), "e"), (breach, false));
    let full = Wall { level: 3, ..WALL };
    assert_eq!(
        rebuild(full, 3, &mut none, "e"),
        (full, false),
        "at the maximum, no roll"
    );
    assert!(none.problems().is_empty());
}
