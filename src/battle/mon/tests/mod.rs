//! Tests of the Monferrato resolver: the shipped ruleset and cards built for the rulebook's examples.

use super::*;
use crate::battle::card::{BattleInfo, CardSide, Place, SideSpec};
use crate::rules::dice::{ScriptedDice, SeededDice};
use std::collections::BTreeMap;

fn rs() -> Ruleset {
    Ruleset::parse(include_str!(
        "../../../../campaigns/il-giglio/rulesets/mon1628.toml"
    ))
    .expect("mon1628.toml parses")
}

fn unit(id: &str, kind: &str, value: Ducats, ratings: &[(&str, i64)]) -> Unit {
    Unit {
        id: id.into(),
        name: id.into(),
        kind: kind.into(),
        ratings: ratings.iter().map(|(k, v)| ((*k).to_owned(), *v)).collect(),
        campaign_value: value,
    }
}

/// `n` infantry units of one fire value, ids `<key>-U1`…
fn foot(key: &str, n: usize, fire: i64, two_step: i64) -> Vec<Unit> {
    (1..=n)
        .map(|i| {
            let id = format!("{key}-U{i}");
            unit(&id, "inf", 40, &[("fire", fire), ("two_step", two_step)])
        })
        .collect()
}

fn leader(id: &str, leadership: i64, replacement: i64) -> Leader {
    Leader {
        id: id.into(),
        name: id.into(),
        ratings: BTreeMap::from([
            ("leadership".to_owned(), leadership),
            ("replacement_leadership".to_owned(), replacement),
        ]),
    }
}

fn side(key: &str, units: Vec<Unit>, leaders: Vec<Leader>) -> CardSide {
    CardSide {
        key: key.into(),
        nation: key.into(),
        club: key.into(),
        role: if key == "A" { "attacker" } else { "defender" }.into(),
        ducats: units.iter().map(|u| u.campaign_value).sum(),
        sapper: false,
        commander_killed: false,
        armies: Vec::new(),
        oob: "club".into(),
        unspent: 0,
        leaders,
        units,
    }
}

/// A card at a node of `node_kind`, in `terrain`, `fortified` or not.
fn card(node_kind: &str, terrain: &str, fortified: bool, a: CardSide, b: CardSide) -> Card {
    Card {
        format: crate::battle::card::FORMAT.into(),
        battle: BattleInfo {
            id: "T".into(),
            ruleset: "mon1628".into(),
            kind: crate::battle::card::BattleKind::Battle,
            node: "X1".into(),
            node_name: "X".into(),
            node_kind: crate::battle::card::NodeKind::from_key(node_kind).expect("a node kind"),
            terrain: crate::battle::card::Terrain::from_key(terrain).expect("a terrain"),
            fortified,
            defender_inside: fortified,
            walls_held_by: None,
            month: "May".into(),
            table: String::new(),
            deployment: String::new(),
            victory: String::new(),
            options: vec![],
            readings: BTreeMap::new(),
            provisional: true,
            result_phase: None,
            play_by: None,
            also: Vec::new(),
            also_lapses: false,
        },
        sides: [a, b],
    }
}

fn open_field(a: Vec<Unit>, b: Vec<Unit>) -> Card {
    card(
        "village",
        "plain",
        false,
        side("A", a, vec![]),
        side("B", b, vec![]),
    )
}

/// Resolves with scripted dice; every scripted roll must be used, none more.
fn run(card: &Card, rs: &Ruleset, rolls: &[u8]) -> TacticalResult {
    let mut dice = ScriptedDice::values(rolls.iter().copied());
    let r = resolve(card, rs, &mut dice).expect("resolves");
    assert!(dice.problems().is_empty(), "{:?}", dice.problems());
    r
}

fn state(r: &TacticalResult, id: &str) -> (UnitState, u32) {
    let u = r.units.iter().find(|u| u.id == id).expect("unit in result");
    (u.state, u.steps_lost)
}

fn leader_state(r: &TacticalResult, id: &str) -> LeaderState {
    r.leaders.iter().find(|l| l.id == id).expect("leader").state
}

// --- full battles from the ruleset file --------------------------------------------

fn spec(nation: &str, role: &str, ducats: Ducats) -> SideSpec {
    SideSpec {
        nation: nation.into(),
        club: nation.into(),
        role: role.into(),
        ducats,
        sapper: false,
        commander_killed: false,
    }
}

fn place(kind: &str, terrain: &str, fortified: bool) -> Place {
    Place {
        node: "M5".into(),
        node_name: "Pavia".into(),
        node_kind: crate::battle::card::NodeKind::from_key(kind).expect("a node kind"),
        terrain: crate::battle::card::Terrain::from_key(terrain).expect("a terrain"),
        fortified,
        month: "May".into(),
    }
}

fn check_consistent(c: &Card, r: &TacticalResult, log: &[crate::rules::dice::Roll]) {
    assert!(
        r.turns_played >= 1 && r.turns_played <= 20,
        "{}",
        r.turns_played
    );
    assert!(!r.reason.is_empty());
    let ids: Vec<&str> = c
        .sides
        .iter()
        .flat_map(|s| s.units.iter().map(|u| u.id.as_str()))
        .collect();
    assert_eq!(
        r.units.iter().map(|u| u.id.as_str()).collect::<Vec<_>>(),
        ids
    );
    assert_eq!(
        r.leaders.len(),
        c.sides.iter().map(|s| s.leaders.len()).sum::<usize>()
    );
    for u in &r.units {
        let ok = match u.state {
            UnitState::Ok => u.steps_lost == 0,
            UnitState::Reduced => u.steps_lost == 1,
            UnitState::Eliminated => u.steps_lost >= 1,
            UnitState::Escaped => {
                c.battle.kind == crate::battle::card::BattleKind::Rearguard
                    && u.id.starts_with("B-")
            }
            _ => false,
        };
        assert!(ok, "{u:?}");
    }
    if c.battle.kind == crate::battle::card::BattleKind::Rearguard {
        let (away, lost) = (r.escaped(c, 1), r.lost_units(c, 1));
        assert_eq!(r.winner == Winner::B, away > lost, "{}", r.reason);
    }
    assert!(
        log.iter()
            .all(|roll| roll.event.starts_with("mon/1495-r03-M5/") && !roll.event.contains('#')),
        "unique event ids"
    );
    assert!(log.iter().all(|roll| roll.sides == 6));
}

mod battles;
mod card_tests;
mod combat;
mod situations;
