//! What the card tells the table of a Legnano battle, read from the resolver's own
//! set-up: each leader's command value and the units he commands, the optional rules
//! on, the campaign's ground as the game's, each army's rout level as a number, the
//! victory points and the length.

use super::*;
use crate::battle::notes::{Note, ids, terrain_word};

/// The notes of one battle (`battle::table_notes`).
pub(crate) fn notes(card: &Card, rs: &Ruleset) -> Result<Vec<Note>, BattleError> {
    let rules = Rules::load(card, rs)?;
    // The resolver's own set-up: deploying rolls no die.
    let mut dice = crate::rules::dice::SeededDice::new([0; 32]);
    let b = Battle::new(card, &rules, &mut dice)?;
    let mut out = Vec::new();
    if let Some((value, provisional)) = rules.leader_command
        && card
            .sides
            .iter()
            .flat_map(|s| &s.leaders)
            .any(|l| !l.ratings.contains_key("command"))
    {
        out.push(
            Note::new("battle-note-leg-command-default")
                .int("command", value)
                .flag("provisional", provisional),
        );
    }
    for (l, chief) in b.leaders.iter().enumerate() {
        let units = b
            .units
            .iter()
            .filter(|u| u.leader == l)
            .map(|u| u.id.as_str());
        out.push(
            Note::new("battle-note-leg-leader")
                .text("leader", chief.id.clone())
                .int("command", chief.command)
                .flag("supreme", chief.supreme)
                .text("units", ids(units)),
        );
    }
    for (which, on) in [
        ("radius", rules.opt.radius),
        ("facing", rules.opt.facing),
        ("charge", rules.opt.charge),
        ("variable", rules.opt.variable),
        ("supreme", rules.opt.supreme_routs),
    ] {
        out.push(
            Note::new("battle-note-leg-option")
                .text("which", which)
                .flag("on", on),
        );
    }
    let ground = match b.ground[1] {
        Ground::Clear => "clear",
        Ground::Forest => "forest",
    };
    out.push(
        Note::new("battle-note-leg-ground")
            .word("terrain", terrain_word(card))
            .word("ground", format!("battle-card-ground-{ground}")),
    );
    for (side, key) in ["A", "B"].into_iter().enumerate() {
        let total: i64 = b
            .units
            .iter()
            .filter(|u| u.side == side)
            .map(|u| b.unit_vp(u))
            .sum();
        out.push(
            Note::new("battle-note-leg-rout")
                .text("side", key)
                .int("level", b.rout_level(side))
                .int("percent", rules.rout_percent)
                .int("total", total)
                .flag("reaches", rules.sw.rout_reaches),
        );
    }
    out.push(
        Note::new("battle-note-leg-vp")
            .int("a", rules.vp.a)
            .int("b", rules.vp.b)
            .int("c", rules.vp.c)
            .int(
                "leader",
                if rules.sw.vp_no_leaders {
                    0
                } else {
                    rules.vp_leader
                },
            )
            .int("turns", rules.turns),
    );
    let cannot: Vec<&str> = ["A", "B"]
        .into_iter()
        .zip(b.no_attack)
        .filter(|(_, no)| *no)
        .map(|(k, _)| k)
        .collect();
    for side in cannot {
        out.push(Note::new("battle-note-cannot-attack").text("side", side));
    }
    Ok(out)
}
