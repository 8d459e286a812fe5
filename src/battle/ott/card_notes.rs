//! What the card tells the table of an Ottaggio battle, read from the resolver's own
//! set-up: when each unit enters, where the village and the outposts stand and how
//! wide the village is, what the defender defends in (the walls as the resolver applies
//! them), the hours and the end, and the victory's numbers.

use super::*;
use crate::battle::notes::{Note, ids};

/// The notes of one battle (`battle::table_notes`).
pub(crate) fn notes(card: &Card, rs: &Ruleset) -> Result<Vec<Note>, BattleError> {
    let rules = Rules::load(card, rs)?;
    // The resolver's own set-up; a duel's dice here decide nothing the card shows.
    let mut dice = crate::rules::dice::SeededDice::new([0; 32]);
    let b = Battle::setup(card, &rules, &mut dice)?;
    let l = rules.length;
    let hour = |turn: u32| l.first_hour + turn.saturating_sub(1);
    let mut out = Vec::new();
    for (side, key) in [(A, "A"), (B, "B")] {
        let units = |late: bool| {
            b.units
                .iter()
                .filter(move |p| p.side == side && (p.enters_turn > 1) == late)
        };
        out.push(
            Note::new("battle-note-ott-enter-first")
                .text("side", key)
                .int("hour", hour(1))
                .text("units", ids(units(false).map(|p| p.id.as_str()))),
        );
        for p in units(true) {
            out.push(
                Note::new("battle-note-ott-enter-late")
                    .text("unit", p.id.clone())
                    .int("turn", p.enters_turn)
                    .int("hour", hour(p.enters_turn)),
            );
        }
    }
    if let Some(village) = b.geo.village {
        let outposts = b.units.iter().filter(|p| p.side == B && p.outpost);
        out.push(
            Note::new("battle-note-ott-village")
                .int("row", village)
                .int("slots", b.geo.slots)
                .int("outposts", b.geo.outposts_row)
                .text("units", ids(outposts.map(|p| p.id.as_str())))
                .int("edge", b.geo.b_edge - village),
        );
        let (terrain, why) = if b.geo.village_walls {
            ("walls", "walls")
        } else if card.battle.walls_held_by.is_some() {
            ("village", "held")
        } else if card.battle.fortified {
            ("village", "field")
        } else {
            ("village", "unfortified")
        };
        for (what, key) in [("village", terrain), ("outposts", "fortification")] {
            out.push(
                Note::new("battle-note-ott-defends")
                    .text("where", what)
                    .word("terrain", format!("battle-card-ott-{key}"))
                    .text("why", if what == "village" { why } else { "outposts" })
                    .nation("holder", crate::battle::notes::walls_holder(card))
                    .int("fire", rules.fire.drm.get(key).copied().unwrap_or(0))
                    .int(
                        "melee",
                        rules.terrain.melee_shift.get(key).copied().unwrap_or(0),
                    ),
            );
        }
        out.push(
            Note::new("battle-note-ott-victory")
                .int("village", rules.victory.village_units)
                .int("percent", rules.victory.eliminated_percent)
                .int("need", b.threshold())
                .int("of", b.units.iter().filter(|p| p.side == B).count()),
        );
    }
    out.push(
        Note::new("battle-note-ott-length")
            .int("first", l.first_hour)
            .int("from", l.end_roll_from_hour)
            .int("on", l.end_on)
            .int("last", l.cap_hour)
            .int("turns", rules.last_turn())
            .flag(
                "each",
                rules.readings.end_roll == tables::EndRoll::EachFullTurn,
            ),
    );
    for (side, key) in [(A, "A"), (B, "B")] {
        if b.no_attack[side] {
            out.push(Note::new("battle-note-cannot-attack").text("side", key));
        }
    }
    Ok(out)
}
