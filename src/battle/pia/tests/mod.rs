//! Tests of the Piacenza resolver: the shipped ruleset and cards built for the rulebook's examples.

use super::*;
use crate::battle::card::{BattleInfo, Leader as CardLeader, Place, SideSpec};
use crate::rules::dice::{ScriptedDice, ScriptedRoll, SeededDice};

const RULESET: &str = include_str!("../../../../campaigns/il-giglio/rulesets/pia1746.toml");
const AUSTRIA: i64 = 1;
const FRANCE: i64 = 2;
const SPAIN: i64 = 3;

fn ruleset() -> Ruleset {
    Ruleset::parse(RULESET).expect("pia1746.toml parses")
}

fn unit(id: &str, kind: &str, army: i64, sp: i64) -> CardUnit {
    let mp = if kind.ends_with("cav") { 5 } else { 3 };
    let ratings = [("sp", sp), ("mp", mp), ("army", army)];
    CardUnit {
        id: id.into(),
        name: id.into(),
        kind: kind.into(),
        ratings: ratings.iter().map(|(k, v)| ((*k).to_owned(), *v)).collect(),
        campaign_value: 30,
    }
}

fn two_step(mut u: CardUnit) -> CardUnit {
    let sp = u.ratings["sp"];
    u.ratings.insert("sp_reduced".into(), sp - 1);
    u
}

fn leader(id: &str, ratings: &[(&str, i64)]) -> CardLeader {
    CardLeader {
        id: id.into(),
        name: id.into(),
        ratings: ratings.iter().map(|(k, v)| ((*k).to_owned(), *v)).collect(),
    }
}

/// A side with one Wing Commander (no fire bonus) and one Formation Commander.
fn side(key: &str, units: Vec<CardUnit>, fire_bonus: i64, sf: i64) -> CardSide {
    CardSide {
        key: key.into(),
        nation: "X".into(),
        club: "X".into(),
        role: if key == "A" { "attacker" } else { "defender" }.into(),
        ducats: 300,
        sapper: false,
        commander_killed: false,
        armies: Vec::new(),
        oob: "club".into(),
        unspent: 0,
        leaders: vec![
            leader(&format!("{key}-L1"), &[("rank", 2)]),
            leader(
                &format!("{key}-L2"),
                &[("rank", 3), ("fire_bonus", fire_bonus), ("sf", sf)],
            ),
        ],
        units,
    }
}

fn card(kind: &str, a: CardSide, b: CardSide) -> Card {
    Card {
        format: crate::battle::card::FORMAT.into(),
        battle: BattleInfo {
            id: "T".into(),
            ruleset: "pia1746".into(),
            kind: crate::battle::card::BattleKind::from_key(kind).expect("a battle kind"),
            node: "N".into(),
            node_name: "N".into(),
            // Not a node kind of `map_free.node_center`: the line stays as the terrain.
            node_kind: crate::battle::card::NodeKind::Open,
            terrain: crate::battle::card::Terrain::Plain,
            fortified: false,
            defender_inside: false,
            walls_held_by: None,
            month: "June".into(),
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

impl Tables {
    /// The tables compiled from the ruleset's, as a battle reads them.
    fn load(rs: &Ruleset) -> Result<Tables, String> {
        let raw: Raw = toml::Value::Table(rs.raw_tables().clone())
            .try_into()
            .map_err(|e: toml::de::Error| e.to_string())?;
        let provisional = rs.provisional_tables().into_iter().map(str::to_owned);
        compile(raw, &provisional.collect())
    }
}

struct Fixture {
    card: Card,
    tables: Tables,
    readings: Readings,
}

fn fixture(card: Card) -> Fixture {
    let rs = ruleset();
    let readings = Readings::load(&rs, &card).expect("readings");
    Fixture {
        card,
        tables: Tables::load(&rs).expect("tables"),
        readings,
    }
}

fn battle<'a>(f: &'a Fixture, dice: &'a mut dyn Dice) -> Battle<'a> {
    let mut b = Battle::new(&f.card, &f.tables, f.readings.clone(), dice).expect("battle");
    b.tag = "A-W1".into();
    b
}

/// Script rolls by event tail (after `pia/T/t1/`), as d10 read 0–9.
fn script(rolls: &[(&str, u8)]) -> ScriptedDice {
    ScriptedDice::new(rolls.iter().map(|(tail, v)| ScriptedRoll {
        event: Some(format!("pia/T/t1/{tail}")),
        value: v + 1,
    }))
}

/// Lays sector 0's line and approach anew: the sector keeps their TEC rows.
fn ground(b: &mut Battle, terrain: &str, approach: &str) {
    let line = b.sectors[0].line;
    b.sectors[0] = Sector::new(line, terrain.into(), approach.into(), b.t);
}

fn place(b: &mut Battle, pos: &[(usize, i64)]) {
    for &(u, p) in pos {
        b.units[u].pos = p;
    }
    b.place_all_commanders();
}

fn purposes(dice: &ScriptedDice) -> Vec<String> {
    let tail = format!(" [{D10_READING}]");
    dice.log()
        .iter()
        .map(|r| {
            assert!(r.purpose.ends_with(&tail), "{}", r.purpose);
            r.purpose.trim_end_matches(&tail).to_owned()
        })
        .collect()
}

// ---- §5.3 worked examples ---------------------------------------------------------

// (the cavalry engagement's TDR is data: tests/cases/battle/pia/)

/// Fire example, D at Z: 2 SP, Extended; Z has 2 SP, so the depth shift to Normal
/// holds only under the "2 or more" reading (§4.f item 4). Cover 2 −3 and not side
/// by side −2 make −5, floored at −4.
fn d_at_z(reading: Option<&str>) -> (usize, i64) {
    let a = side("A", vec![unit("A-U1", "inf", SPAIN, 2)], 0, 0);
    let b = side("B", vec![unit("B-U1", "inf", AUSTRIA, 2)], 0, 0);
    let mut c = card("battle", a, b);
    if let Some(r) = reading {
        c.battle
            .readings
            .insert("PIA_depth_threshold".into(), r.into());
    }
    let f = fixture(c);
    let mut dice = ScriptedDice::values([]);
    let mut b = battle(&f, &mut dice);
    let approach = b.sectors[0].approach.clone();
    ground(&mut b, "cover2", &approach);
    place(&mut b, &[(0, 13)]);
    let out = (
        b.fire_column(b.units[0].sp() + b.fire_bonus(0), 1),
        b.fire_drm(0, 1, FireCtx::default()),
    );
    drop(b);
    assert!(dice.problems().is_empty());
    out
}

// ---- §5.2 procedures ----------------------------------------------------------------

fn line_up(sf: i64) -> Fixture {
    let a = side(
        "A",
        vec![
            two_step(unit("A-U1", "inf", FRANCE, 2)),
            two_step(unit("A-U2", "inf", FRANCE, 2)),
        ],
        0,
        sf,
    );
    let b = side(
        "B",
        vec![
            two_step(unit("B-U1", "inf", AUSTRIA, 2)),
            two_step(unit("B-U2", "inf", AUSTRIA, 2)),
        ],
        0,
        sf,
    );
    fixture(card("battle", a, b))
}

fn in_contact(b: &mut Battle) {
    place(b, &[(0, 13), (1, 13)]);
}

/// A battery (A) against two infantry rows of B.
fn battery_fixture() -> Fixture {
    let a = CardSide {
        leaders: vec![leader("A-L1", &[("rank", 2)])],
        ..side("A", vec![unit("A-U1", "art", FRANCE, 2)], 0, 0)
    };
    let b = side(
        "B",
        vec![
            two_step(unit("B-U1", "inf", AUSTRIA, 2)),
            two_step(unit("B-U2", "inf", AUSTRIA, 2)),
        ],
        0,
        0,
    );
    fixture(card("battle", a, b))
}

// ---- objectives and victory (§13) ---------------------------------------------------

fn victory_battle(f: &Fixture, dice: &mut ScriptedDice, held: usize) -> Outcome {
    let mut b = battle(f, dice);
    for (k, o) in b.objectives.iter_mut().enumerate() {
        o.holder = usize::from(!(o.picked && k < held));
    }
    b.final_victory()
}

// ---- whole battles ------------------------------------------------------------------

fn spec(role: &str, ducats: i64) -> SideSpec {
    SideSpec {
        nation: "X".into(),
        club: "X".into(),
        role: role.into(),
        ducats,
        sapper: false,
        commander_killed: false,
    }
}

fn built(kind: &str, terrain: &str, node_kind: &str) -> Card {
    let place = Place {
        node: "M5".into(),
        node_name: "Somewhere".into(),
        node_kind: crate::battle::card::NodeKind::from_key(node_kind).expect("a node kind"),
        terrain: crate::battle::card::Terrain::from_key(terrain).expect("a terrain"),
        fortified: false,
        month: "June".into(),
    };
    let role = if kind == "rearguard" {
        "rearguard"
    } else {
        "defender"
    };
    Card::build(
        "1495-r03-M5",
        crate::battle::card::BattleKind::from_key(kind).expect("a battle kind"),
        &ruleset(),
        place,
        [spec("attacker", 600), spec(role, 450)],
    )
}

fn check_consistent(card: &Card, r: &TacticalResult, templates: bool) {
    let n = card.sides.iter().map(|s| s.units.len()).sum::<usize>();
    assert_eq!(r.units.len(), n);
    assert!((1..=12).contains(&r.turns_played));
    assert!(r.provisional_tables_used || !templates);
    assert!(
        r.reason.starts_with("PIA") || r.reason.starts_with("G3c.9"),
        "{}",
        r.reason
    );
    for (u, res) in card.sides.iter().flat_map(|s| &s.units).zip(&r.units) {
        assert_eq!(u.id, res.id);
        let steps = if u.ratings.get("sp_reduced").copied().unwrap_or(0) > 0 {
            2
        } else {
            1
        };
        match res.state {
            UnitState::Eliminated => assert_eq!(res.steps_lost, steps, "{res:?}"),
            UnitState::Reduced => assert_eq!(res.steps_lost, 1, "{res:?}"),
            UnitState::Ok => assert_eq!(res.steps_lost, 0, "{res:?}"),
            UnitState::Escaped => {
                assert!(
                    u.id.starts_with("B-")
                        && card.battle.kind == crate::battle::card::BattleKind::Rearguard
                )
            }
            _ => assert!(res.steps_lost < steps, "{res:?}"),
        }
    }
}

mod battles;
mod card_tests;
mod combat;
mod phases;
mod tables;
