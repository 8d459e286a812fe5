//! What the card tells the table of a Piacenza battle, read from the resolver's own
//! set-up: what each `army` row means, the wings and formations and who commands them,
//! each sector's ground, where the objectives stand, the turns and the one that stands
//! for 15:00, the victory's numbers, and that the commanders' values are invented.

use super::*;
use crate::battle::notes::{Note, ids};

/// The notes of one battle (`battle::table_notes`).
pub(crate) fn notes(card: &Card, rs: &Ruleset) -> Result<Vec<Note>, BattleError> {
    let t = rs.tables_for_battle(compile)?;
    let r = Readings::load(rs, card)?;
    let (zero_lose, cic_vp) = (r.zero_objectives_lose, r.cic_staff_vp);
    // The resolver's own set-up: placing the armies rolls no die.
    let mut dice = crate::rules::dice::SeededDice::new([0; 32]);
    let b = Battle::new(card, &t, r, &mut dice)?;
    let mut out = Vec::new();
    let armies: BTreeSet<i64> = card
        .sides
        .iter()
        .flat_map(|s| &s.units)
        .map(|u| u.rating("army", 0))
        .collect();
    for army in armies {
        let (name, row) = match army {
            1 => ("austria", &t.training.austria),
            2 => ("france", &t.training.france),
            3 => ("spain", &t.training.spain),
            _ => continue,
        };
        out.push(
            Note::new("battle-note-pia-army")
                .int("army", army)
                .word("name", format!("battle-card-army-{name}"))
                .int("infantry", row.infantry)
                .int("grenadiers", row.grenadiers)
                .int("cavalry", row.cavalry),
        );
    }
    let n_sectors = b.sectors.len().max(1);
    let commander = |c: Option<usize>| c.map_or("-".to_owned(), |i| b.commanders[i].id.clone());
    for (side, key) in ["A", "B"].into_iter().enumerate() {
        out.push(
            Note::new("battle-note-pia-cic")
                .text("side", key)
                .text("commander", commander(b.cic[side])),
        );
        for (w, wc) in b.wc[side].iter().enumerate() {
            let batteries = b
                .units
                .iter()
                .filter(|u| u.side == side && u.formation.is_none() && u.wing == w)
                .map(|u| u.id.as_str());
            out.push(
                Note::new("battle-note-pia-wing")
                    .text("side", key)
                    .int("wing", w + 1)
                    .int("sector", w % n_sectors + 1)
                    .text("commander", commander(*wc))
                    .text("batteries", ids(batteries)),
            );
        }
        let mut k = 0;
        for (f, form) in b.formations.iter().enumerate() {
            let members: Vec<&str> = b
                .units
                .iter()
                .filter(|u| u.formation == Some(f))
                .map(|u| u.id.as_str())
                .collect();
            let fc_side = form.fc.map(|i| b.commanders[i].side);
            let unit_side = b
                .units
                .iter()
                .find(|u| u.formation == Some(f))
                .map(|u| u.side);
            if fc_side.or(unit_side) != Some(side) {
                continue;
            }
            k += 1;
            out.push(
                Note::new("battle-note-pia-formation")
                    .text("side", key)
                    .int("formation", k)
                    .int("wing", form.wing + 1)
                    .text("commander", commander(form.fc))
                    .text("units", ids(members)),
            );
        }
    }
    for (s, sector) in b.sectors.iter().enumerate() {
        out.push(
            Note::new("battle-note-pia-sector")
                .int("sector", s + 1)
                .text("line", sector.terrain.clone())
                .text("approach", sector.approach.clone())
                .int("row", sector.line),
        );
    }
    if !b.rearguard {
        for s in 0..b.sectors.len() {
            let here = b.objectives.iter().filter(|o| o.sector == s);
            let picked = here.clone().filter(|o| o.picked).count();
            let row = here.clone().map(|o| o.pos).next().unwrap_or(0);
            out.push(
                Note::new("battle-note-pia-objectives")
                    .int("sector", s + 1)
                    .int("count", here.count())
                    .int("picked", picked)
                    .int("row", row),
            );
        }
        let v = &t.victory;
        out.push(
            Note::new("battle-note-pia-victory")
                .int("wins", v.attacker_wins_at)
                .int("draw", v.draw_at)
                .int("of", t.map_free.attacker_objectives)
                // PIA_austrian_win_objectives "literal": 0 objectives draw too.
                .flag("zero", !zero_lose)
                .int("routed", v.routed_vp)
                .int("eliminated", v.eliminated_vp)
                .int("fc", v.staff_fc_vp)
                .int("wc", v.staff_wc_vp)
                .int("cic", cic_vp),
        );
    }
    out.push(
        Note::new("battle-note-pia-turns")
            .int("turns", frame::turn_cap(t.map_free.turns, MAX_TURNS))
            .int("auto", t.turn_track.auto_victory_turn)
            .flag("provisional", t.provisional.contains("turn_track")),
    );
    out.push(
        Note::new("battle-note-pia-commanders")
            .int("bonus", t.staff.staff_fire_bonus)
            .int("sf", t.staff.staff_sf)
            .flag("provisional", t.provisional.contains("commanders")),
    );
    if !frame::may_attack(card)[0] {
        out.push(Note::new("battle-note-cannot-attack").text("side", "A"));
    }
    Ok(out)
}
