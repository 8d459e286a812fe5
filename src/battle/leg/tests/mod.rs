//! Tests of the Legnano resolver: the shipped ruleset and cards built for the rulebook's examples.

use super::*;
use crate::battle::card::{Leader, Place, SideSpec, Unit};
use crate::rules::dice::{ScriptedDice, ScriptedRoll, SeededDice};

const RULESET: &str = include_str!("../../../../campaigns/il-giglio/rulesets/leg1176.toml");

/// The CRT as printed in the rulebook (§5.2, end of booklet), rows −1..8.
const CRT_TEXT: [[&str; 8]; 10] = [
    ["AE", "AE", "AR", "AR", "AD", "AD", "NE", "NE"],
    ["AE", "AR", "AR", "AD", "AD", "NE", "NE", "DD"],
    ["AR", "AR", "AD", "AD", "NE", "NE", "DD", "DD"],
    ["AR", "AD", "AD", "NE", "NE", "DD", "DD", "DR"],
    ["AD", "AD", "NE", "NE", "DD", "DD", "DR", "DR"],
    ["AD", "NE", "NE", "DD", "DD", "DR", "DR", "DE"],
    ["NE", "NE", "DD", "DD", "DR", "DR", "DE", "DE"],
    ["NE", "DD", "DD", "DR", "DR", "DE", "DE", "DE"],
    ["DD", "DD", "DR", "DR", "DE", "DE", "DE", "DE"],
    ["DD", "DR", "DR", "DE", "DE", "DE", "DE", "DE"],
];

/// The shipped ruleset with the attacker policy of campaigns written before
/// `LEG_attacker_policy` (attack from `attack_min_column`), which the worked examples
/// below were written for; the even-odds policy is tested end to end.
fn rs() -> Ruleset {
    let mut rs = Ruleset::parse(RULESET).expect("leg1176.toml parses");
    rs.readings.remove("LEG_attacker_policy");
    rs
}

fn place(terrain: &str) -> Place {
    Place {
        node: "M5".into(),
        node_name: "Legnano".into(),
        node_kind: crate::battle::card::NodeKind::Village,
        terrain: crate::battle::card::Terrain::from_key(terrain).expect("a terrain"),
        fortified: false,
        month: "May".into(),
    }
}

fn spec(role: &str, ducats: i64) -> SideSpec {
    SideSpec {
        nation: "Milano".into(),
        club: "club".into(),
        role: role.into(),
        ducats,
        sapper: false,
        commander_killed: false,
    }
}

fn built(kind: &str, ducats: [i64; 2]) -> Card {
    let role = if kind == "rearguard" {
        "rearguard"
    } else {
        "defender"
    };
    Card::build(
        "T",
        crate::battle::card::BattleKind::from_key(kind).expect("a battle kind"),
        &rs(),
        place("plain"),
        [spec("attacker", ducats[0]), spec(role, ducats[1])],
    )
}

fn unit(id: &str, kind: &str, ratings: &[(&str, i64)]) -> Unit {
    Unit {
        id: id.into(),
        name: id.into(),
        kind: kind.into(),
        ratings: ratings.iter().map(|&(k, v)| (k.to_owned(), v)).collect(),
        campaign_value: 30,
    }
}

fn leader(id: &str, ratings: &[(&str, i64)]) -> Leader {
    Leader {
        id: id.into(),
        name: id.into(),
        ratings: ratings.iter().map(|&(k, v)| (k.to_owned(), v)).collect(),
    }
}

/// A card with the given units and leaders (side A attacks).
fn card(kind: &str, a: (Vec<Unit>, Vec<Leader>), b: (Vec<Unit>, Vec<Leader>)) -> Card {
    let mut c = built(kind, [100, 100]);
    (c.sides[0].units, c.sides[0].leaders) = a;
    (c.sides[1].units, c.sides[1].leaders) = b;
    c
}

/// One unit and one leader (command 2) a side; `a`/`b` are the units' ratings.
fn duel(a: (&str, &[(&str, i64)]), b: (&str, &[(&str, i64)])) -> Card {
    card(
        "battle",
        (
            vec![unit("A-U1", a.0, a.1)],
            vec![leader("A-L1", &[("command", 2)])],
        ),
        (
            vec![unit("B-U1", b.0, b.1)],
            vec![leader("B-L1", &[("command", 2)])],
        ),
    )
}

fn rules(card: &Card) -> Rules {
    Rules::load(card, &rs()).expect("rules load")
}

fn on(event: &str, value: u8) -> ScriptedRoll {
    ScriptedRoll {
        event: Some(format!("leg/T/t1/{event}")),
        value,
    }
}

/// Puts side A's unit `a` in contact with side B's unit `b` (positions add to depth − 1),
/// and takes every leader off the units.
fn contact(b: &mut Battle, a: usize, d: usize) {
    b.turn = 1;
    b.units[a].pos = b.depth - 1 - b.units[d].pos;
    for l in &mut b.leaders {
        l.with = None;
    }
}

fn ok(dice: &ScriptedDice) {
    assert!(dice.problems().is_empty(), "{:?}", dice.problems());
}

mod battles;
mod card_tests;
mod combat;
mod phases;
mod tables;
