//! What the card tells the table of a Monferrato battle, read from the resolver's own
//! settings: the Major battle's size, Difficult ground, the works' protection, the
//! Disrupted stand-in's values unit by unit, the fortress option, guns and commanders.

use super::*;
use crate::battle::card::NodeKind;
use crate::battle::notes::{Note, ids, terrain_word, walls_holder};

/// The notes of one battle (`battle::table_notes`).
pub(crate) fn notes(card: &Card, rs: &Ruleset) -> Result<Vec<Note>, BattleError> {
    let set = Settings::read(card, rs)?;
    let b = &card.battle;
    let policy = match set.policy {
        Policy::RoundWinner => "round_winner",
        Policy::Rational => "rational",
        Policy::SingleRound => "single_round",
    };
    let mut out = vec![
        Note::new("battle-note-mon-major")
            .int("units", MAJOR_BATTLE_UNITS)
            .int("rounds", set.max_rounds)
            .text("policy", policy),
    ];
    // The rule's verdict for this battle, as the resolver counts (a play-test's table
    // could not tell whether its guns counted among the six).
    let mut fighting = Vec::new();
    for side in &card.sides {
        let mut n = 0i64;
        for u in &side.units {
            if Counter::from_card(u)?.fights() {
                n += 1;
            }
        }
        fighting.push(n);
    }
    if let [a, b] = fighting[..]
        && !set.rearguard
    {
        let major = a >= MAJOR_BATTLE_UNITS as i64 && b >= MAJOR_BATTLE_UNITS as i64;
        out.push(
            Note::new("battle-note-mon-major-here")
                .int("a", a)
                .int("b", b)
                .flag("major", major),
        );
    }
    out.push(
        Note::new("battle-note-mon-ground")
            .word("terrain", terrain_word(card))
            .flag("difficult", set.difficult)
            .int("from", DIFFICULT_FROM)
            .flag("commanders", set.commander_difficult_always),
    );
    let why = if card.battle.walls_held_by.is_some() {
        "held"
    } else if b.node_kind == NodeKind::Open || !b.fortified {
        "unfortified"
    } else if set.protection == 0 {
        "field"
    } else {
        "works"
    };
    out.push(
        Note::new("battle-note-mon-protection")
            .int("hits", set.protection)
            .text("why", why)
            .nation("holder", walls_holder(card))
            .flag("every", set.protection_every_round),
    );
    if let Some(t) = &set.disrupted {
        out.push(
            Note::new("battle-note-mon-disrupted")
                .int("minus", t.minus)
                .int("min", t.min)
                .flag("provisional", t.provisional),
        );
        for side in &card.sides {
            let values = stand_in_values(side, &set)?;
            if !values.is_empty() {
                out.push(
                    Note::new("battle-note-mon-disrupted-side")
                        .text("side", side.key.clone())
                        .text("values", ids(values.iter().map(String::as_str))),
                );
            }
        }
    }
    if set.fortress_option {
        // Who may take the extra loss, and that it is not the works' protection: a
        // play-test's table read "no protection, outside its works" as "§7.5 off".
        let defender = card.sides.iter().find(|s| s.key == "B");
        out.push(
            Note::new("battle-note-mon-fortress-option-side")
                .nation(
                    "holder",
                    defender.map(|s| s.nation.clone()).unwrap_or_default(),
                )
                .flag("inside", set.protection > 0),
        );
    }
    out.push(
        Note::new("battle-note-mon-guns")
            .int("fire", UNSUPPORTED_GUN_FIRE)
            .int("burst", BURST_FACE),
    );
    // A play-test's club read the templates' guastatori as the campaign's sapper it
    // never hired: the card says they are the game's own counters.
    let pioneers: Vec<&str> = card
        .sides
        .iter()
        .flat_map(|s| s.units.iter())
        .filter(|u| u.kind == "guast")
        .map(|u| u.id.as_str())
        .collect();
    if !pioneers.is_empty() {
        out.push(
            Note::new("battle-note-mon-pioneers").text("units", ids(pioneers.iter().copied())),
        );
    }
    out.push(Note::new("battle-note-mon-commanders").int("hit", COMMANDER_HIT_MAX));
    if set.attacker_cannot_attack {
        out.push(Note::new("battle-note-cannot-attack").text("side", "A"));
    }
    Ok(out)
}

/// The fire value each unit of a side shows Disrupted when its back is MISSING, as the
/// resolver computes it with the stand-in (`A-U1 2/3`: attacking/defending), before
/// Difficult ground and the guns' rule.
pub(super) fn stand_in_values(
    side: &crate::battle::card::CardSide,
    set: &Settings,
) -> Result<Vec<String>, BattleError> {
    let open = Settings {
        difficult: false,
        ..set.clone()
    };
    let mut out = Vec::new();
    for u in &side.units {
        let mut c = Counter::from_card(u)?;
        if !c.two_step || c.fire_disrupted.is_some() || !c.fights() {
            continue;
        }
        c.disrupted = true;
        let fire = |attacking| {
            unit_fire(&c, attacking, true, &open)
                .ok()
                .flatten()
                .map_or(0, |(fv, _)| fv)
        };
        let (att, def) = (fire(true), fire(false));
        out.push(if att == def {
            format!("{} {att}", c.id)
        } else {
            format!("{} {att}/{def}", c.id)
        });
    }
    Ok(out)
}
