//! The order file codec: every order giglio writes (bots' files, the sheet's and the
//! page's lines, receipts' echoes) reads back as the same order, whatever characters
//! its names carry.

use giglio::orders::{MAX_NAME_CHARS, lower, unparse, unparse_order};
use giglio::rules::calendar::Phase;
use giglio::rules::ids::{DiplomatId, FleetId};
use giglio::rules::order::{
    AssassinTarget, FleetTo, Objective, OobLeader, OobUnit, OrderKind, OrderSet, Piece, SapperAt,
    SpyCondition,
};
use giglio::rules::tables::{Choice, Lang, ObjectiveKind};
use giglio::rules::{ArmyId, Campaign, NationCode, NodeCode, PhaseId, SeaCode, World};
use giglio::scenario::clubs::clean_text;
use giglio::scenario::{self, Source};
use proptest::prelude::*;
use std::collections::BTreeMap;
use std::sync::OnceLock;

fn campaign() -> &'static Campaign {
    static C: OnceLock<Campaign> = OnceLock::new();
    C.get_or_init(|| {
        scenario::load(&Source::builtin("il-giglio").expect("built in")).expect("loads")
    })
}

const SPRING: PhaseId = PhaseId {
    year: 1494,
    phase: Phase::Spring,
};
const ROUND: PhaseId = PhaseId {
    year: 1494,
    phase: Phase::Round(3),
};

fn a(s: &str) -> ArmyId {
    ArmyId(s.into())
}

fn n(s: &str) -> NodeCode {
    NodeCode(s.into())
}

/// Every kind of spring order, once, each valid in V's file of the first spring.
fn spring_kinds() -> Vec<OrderKind> {
    vec![
        OrderKind::Loan { amount: 100 },
        OrderKind::Objective(Objective {
            kind: ObjectiveKind::ConquerNation,
            target: Some(NationCode("M".into())),
        }),
        OrderKind::StrategosBid {
            amount: 40,
            move_order: vec![NationCode("V".into()), NationCode("F".into())],
        },
        OrderKind::Alliance {
            with: NationCode("F".into()),
        },
        OrderKind::Raise {
            node: n("V0"),
            value: 120,
        },
        OrderKind::Reinforce {
            army: a("V-A1"),
            value: 30,
        },
        OrderKind::Transfer {
            from: a("V-A1"),
            to: a("V-A2"),
            value: 20,
        },
        OrderKind::Garrison {
            army: a("V-A1"),
            value: 40,
            node: None,
        },
        OrderKind::Fortify { node: n("V9") },
        OrderKind::Repair { node: n("V8") },
        OrderKind::HireSapper {
            at: SapperAt::Army(a("V-A1")),
        },
        OrderKind::HireSapper {
            at: SapperAt::Node(n("V0")),
        },
        OrderKind::HireDiplomat { node: n("V4") },
        OrderKind::HireSpy,
        OrderKind::HireAssassin,
        OrderKind::BuildFleet { port: n("V8") },
    ]
}

/// Every kind of order of a summer round, each valid in V's file of round 3.
fn round_kinds() -> Vec<OrderKind> {
    vec![
        OrderKind::Garrison {
            army: a("V-A2"),
            value: 25,
            node: Some(n("V9")),
        },
        OrderKind::Move {
            piece: Piece::Army(a("V-A2")),
            path: vec![n("V8"), n("F7")],
        },
        OrderKind::Stance {
            piece: Piece::Diplomat(DiplomatId("V-D1".into())),
            on_contact: Some(Choice::Attack),
            when_contacted: Some(Choice::Withdraw),
            spy: Some(SpyCondition {
                enemy_at_most: 200,
                then: Choice::Attack,
                otherwise: Choice::Retreat,
            }),
            retreat_to: Some(n("V9")),
        },
        OrderKind::Siege {
            army: a("V-A1"),
            bribe: 50,
            lift: false,
        },
        OrderKind::Siege {
            army: a("V-A1"),
            bribe: 0,
            lift: true,
        },
        OrderKind::Assassin {
            target: AssassinTarget::CommanderAt(n("F7")),
        },
        OrderKind::Assassin {
            target: AssassinTarget::Spy(NationCode("M".into())),
        },
        OrderKind::FleetMove {
            fleet: FleetId("V-F1".into()),
            to: FleetTo::Sea(SeaCode("ADN".into())),
        },
        OrderKind::FleetMove {
            fleet: FleetId("V-F1".into()),
            to: FleetTo::Port(n("V0")),
        },
        OrderKind::Embark {
            fleet: FleetId("V-F1".into()),
            army: a("V-A1"),
        },
        OrderKind::Land {
            fleet: FleetId("V-F2".into()),
            node: n("P9"),
        },
        OrderKind::EncounterReply {
            encounter: "1494-r03-F7".into(),
            choice: Choice::Stop,
        },
        OrderKind::BattleResult {
            battle: "1494-r02-F7".into(),
            winner: Some(NationCode("V".into())),
            losses: vec![(NationCode("F".into()), 30), (NationCode("V".into()), 10)],
        },
        OrderKind::OrderOfBattle {
            battle: "1494-r02-F7".into(),
            ruleset: "mon1628".into(),
            units: vec![OobUnit {
                name: "Fanti".into(),
                kind: "inf".into(),
                campaign_value: 100,
                ratings: BTreeMap::from([("fire".to_owned(), 3)]),
            }],
            leaders: vec![OobLeader {
                name: "Alviano".into(),
                ratings: BTreeMap::from([("leadership".to_owned(), 3)]),
            }],
        },
    ]
}

/// Reads `text` as V's file for `phase`: its orders, or every problem found.
fn read(text: &str, phase: PhaseId) -> Result<Vec<OrderKind>, String> {
    let lowered = lower(
        "written.toml",
        text.as_bytes(),
        campaign(),
        Some(phase),
        &giglio::words::Words::load(None).expect("catalogue"),
        Lang::En,
    );
    let problems: Vec<String> = lowered.all().map(ToString::to_string).collect();
    if !problems.is_empty() {
        return Err(format!("{problems:?}\n{text}"));
    }
    Ok(lowered.orders.orders.into_iter().map(|o| o.kind).collect())
}

/// Orders compared as a file gives them: a file groups its orders by kind.
fn sorted(kinds: &[OrderKind]) -> Vec<String> {
    let mut v: Vec<String> = kinds.iter().map(|k| format!("{k:?}")).collect();
    v.sort();
    v
}

/// Every order a file can carry survives `unparse` then `lower` unchanged.
#[test]
fn unparse_then_lower_gives_the_orders_back() {
    for (phase, kinds) in [(SPRING, spring_kinds()), (ROUND, round_kinds())] {
        let text = unparse(
            "V",
            &phase.key(),
            None,
            &OrderSet::from_kinds(kinds.clone()),
        );
        let got = read(&text, phase).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(sorted(&got), sorted(&kinds), "\n{text}");
    }
}

/// A name as a file keeps it: the reader drops control and bidirectional characters
/// (which the writer therefore does not write) and keeps the rest.
fn as_kept(kind: &OrderKind) -> OrderKind {
    let mut kind = kind.clone();
    if let OrderKind::OrderOfBattle { units, leaders, .. } = &mut kind {
        for u in units {
            u.name = clean_text(&u.name, MAX_NAME_CHARS);
        }
        for l in leaders {
            l.name = clean_text(&l.name, MAX_NAME_CHARS);
        }
    }
    kind
}

/// A name a club might type, or a hostile one: TOML's quotes and escapes, format
/// characters (soft hyphen, zero-width joiner), bidirectional controls, newlines.
fn name() -> impl Strategy<Value = String> {
    let pieces = prop_oneof![
        "[A-Za-zàé ]{1,4}",
        Just("\u{ad}".to_owned()),
        Just("\u{200d}".to_owned()),
        Just("\u{200c}".to_owned()),
        Just("\u{feff}".to_owned()),
        Just("\u{202e}".to_owned()),
        Just("\u{200f}".to_owned()),
        Just("\u{2066}".to_owned()),
        Just("\"".to_owned()),
        Just("\"\"\"".to_owned()),
        Just("'".to_owned()),
        Just("'''".to_owned()),
        Just("\\".to_owned()),
        Just("\\u00e9".to_owned()),
        Just("\n".to_owned()),
        Just("\r\n".to_owned()),
        Just("\t".to_owned()),
        Just("\u{7f}".to_owned()),
        Just("# ] [[x]] = {".to_owned()),
        Just("🏰".to_owned()),
    ];
    proptest::collection::vec(pieces, 0..12).prop_map(|p| p.concat())
}

fn ratings() -> impl Strategy<Value = BTreeMap<String, i64>> {
    proptest::collection::btree_map("[a-z]{1,6}|[a-z\u{ad}\" .'\\\\]{1,6}", 0i64..10, 0..3)
}

/// An order of battle whose units and leaders bear any name.
fn order_of_battle() -> impl Strategy<Value = OrderKind> {
    let unit =
        (name(), "[a-z]{1,5}", 0i64..500, ratings()).prop_map(|(name, kind, v, r)| OobUnit {
            name,
            kind,
            campaign_value: v,
            ratings: r,
        });
    let leader = (name(), ratings()).prop_map(|(name, ratings)| OobLeader { name, ratings });
    (
        proptest::collection::vec(unit, 1..4),
        proptest::collection::vec(leader, 0..3),
    )
        .prop_map(|(units, leaders)| OrderKind::OrderOfBattle {
            battle: "1494-r02-F7".into(),
            ruleset: "mon1628".into(),
            units,
            leaders,
        })
}

/// Some orders of `kinds`, in any order, and any number of orders of battle.
fn order_set(kinds: Vec<OrderKind>, battles: bool) -> impl Strategy<Value = Vec<OrderKind>> {
    let len = kinds.len();
    let oob = proptest::collection::vec(order_of_battle(), if battles { 0..3 } else { 0..1 });
    (proptest::sample::subsequence(kinds, 0..=len), oob)
        .prop_map(|(mut some, oob)| {
            some.extend(oob);
            some
        })
        .prop_shuffle()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, .. ProptestConfig::default() })]

    /// Whatever orders and names: the file written reads back as the same orders, and
    /// so does each order written alone (the sheet's and the page's lines) under the
    /// file's header.
    #[test]
    fn every_written_file_reads_back(
        spring in order_set(spring_kinds(), false),
        round in order_set(round_kinds(), true),
        secret in proptest::option::of("[A-Z0-9]{4}(-[A-Z0-9]{4}){4}"),
    ) {
        for (phase, kinds) in [(SPRING, spring), (ROUND, round)] {
            let set = OrderSet::from_kinds(kinds.clone());
            let text = unparse("V", &phase.key(), secret.as_deref(), &set);
            let kept: Vec<OrderKind> = kinds.iter().map(as_kept).collect();
            let got = read(&text, phase).map_err(TestCaseError::fail)?;
            prop_assert_eq!(sorted(&got), sorted(&kept), "\n{}", text);
            for kind in &kinds {
                let alone = format!("club = \"V\"\nphase = \"{}\"\n{}\n", phase.key(), unparse_order(kind));
                let got = read(&alone, phase).map_err(TestCaseError::fail)?;
                prop_assert_eq!(got, vec![as_kept(kind)], "\n{}", alone);
            }
        }
    }
}

/// A name with a soft hyphen, a zero-width joiner, quotes and a backslash is written as
/// a TOML string that any TOML reader takes (Rust's `"Fanti\u{ad}a"` is none).
#[test]
fn format_characters_are_written_as_toml() {
    let name = "Fanti\u{ad}a \u{200d}\"di\" \\ linea";
    let kind = OrderKind::OrderOfBattle {
        battle: "1494-r02-F7".into(),
        ruleset: "mon1628".into(),
        units: vec![OobUnit {
            name: name.into(),
            kind: "inf".into(),
            campaign_value: 100,
            ratings: BTreeMap::new(),
        }],
        leaders: Vec::new(),
    };
    let text = unparse_order(&kind);
    assert!(!text.contains("\\u{"), "{text}");
    let table: toml::Table = text.parse().expect("TOML");
    assert_eq!(
        table["order_of_battle"][0]["unit"][0]["name"].as_str(),
        Some(name)
    );
}

/// The bots' files (what the demo sends) read back as the bots' orders, for every club
/// in spring and in a summer round.
#[test]
fn the_bots_files_read_back() {
    let c = campaign();
    let clubs: Vec<NationCode> = c.nations.iter().map(|n| n.code.clone()).collect();
    let spring = World::start(c, &clubs);
    let mut dice = giglio::rules::dice::SeededDice::new([7; 32]);
    let orders: BTreeMap<NationCode, OrderSet> = clubs
        .iter()
        .map(|n| (n.clone(), giglio::bots::orders(c, &spring, n)))
        .collect();
    let round = giglio::rules::resolve::resolve(c, &spring, &orders, &BTreeMap::new(), &mut dice)
        .expect("the spring resolves")
        .next
        .expect("a round opens");
    for world in [&spring, &round] {
        for club in &clubs {
            let set = giglio::bots::orders(c, world, club);
            let text = unparse(club.as_str(), &world.phase.key(), None, &set);
            let lowered = lower(
                "bot.toml",
                text.as_bytes(),
                c,
                Some(world.phase),
                &giglio::words::Words::load(None).expect("catalogue"),
                Lang::En,
            );
            assert_eq!(lowered.all().count(), 0, "{text}");
            let kinds: Vec<OrderKind> = set.orders.into_iter().map(|o| o.kind).collect();
            let got: Vec<OrderKind> = lowered.orders.orders.into_iter().map(|o| o.kind).collect();
            assert_eq!(sorted(&got), sorted(&kinds), "\n{text}");
        }
    }
}

/// Issue 31, point 8: an army lost at sea is not "destroyed at" its port of embarkation
/// as if it had stood there: the words say it embarked there and was lost at sea, in
/// both languages; other causes read as before.
#[test]
fn an_army_lost_at_sea_is_told_as_embarked_there() {
    use giglio::rules::outcome::{Cause, Force, Happening};
    use giglio::rules::{ArmyId, NationCode, NodeCode};
    let words = giglio::words::Words::load(None).expect("catalogue");
    let lost = |cause| Happening::ForceDestroyed {
        nation: NationCode("V".into()),
        what: Force::Army(ArmyId("V-A1".into())),
        node: NodeCode("V0".into()),
        cause,
    };
    let en =
        giglio::words::explain::happening(&words, &lost(Cause::LostAtSea), giglio::words::Lang::En);
    assert!(
        en.contains("embarked at") && en.contains("lost at sea"),
        "{en}"
    );
    let it =
        giglio::words::explain::happening(&words, &lost(Cause::LostAtSea), giglio::words::Lang::It);
    assert!(
        it.contains("imbarcata a") && it.contains("perduta in mare"),
        "{it}"
    );
    let battle = giglio::words::explain::happening(
        &words,
        &lost(Cause::LostInBattle),
        giglio::words::Lang::En,
    );
    assert!(battle.contains("is destroyed (lost in battle)"), "{battle}");
}
