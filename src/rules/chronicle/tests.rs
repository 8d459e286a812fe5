//! The year in review proved on small worlds: what a club's yearly view and the public
//! chronicle hold, and what the fog of war keeps out of them.

use super::*;
use crate::rules::calendar::Phase;
use crate::rules::ids::ArmyId;
use crate::rules::ledger::{Entry, Ledger};
use crate::rules::say::TestSay;
use crate::rules::world::{Fortification, NationState, NodeState};
use std::collections::{BTreeMap, BTreeSet};

/// A treasury no report but M's own may show (G7.4).
const M_SECRET: Ducats = 98_765;
const F_SECRET: Ducats = 7_771;

struct TestNames;

impl Names for TestNames {
    fn title(&self, _: Lang) -> String {
        "Giglio".into()
    }
    fn nation_name(&self, code: &str, lang: Lang) -> String {
        format!("{code}-{}", lang.as_str())
    }
    fn place_name(&self, code: &str) -> String {
        format!("Place {code}")
    }
}

fn n(code: &str) -> NationCode {
    NationCode::from(code)
}

fn node(code: &str) -> NodeCode {
    NodeCode::from(code)
}

fn phase(p: Phase) -> PhaseId {
    PhaseId {
        year: 1494,
        phase: p,
    }
}

fn world(at: PhaseId, owners: &[(&str, &str)], treasuries: &[(&str, Ducats)]) -> World {
    World {
        phase: at,
        nodes: owners
            .iter()
            .map(|(c, o)| {
                let state = NodeState {
                    owner: n(o),
                    fortification: Fortification::None,
                    garrison: None,
                    sapper: None,
                };
                (node(c), state)
            })
            .collect(),
        nations: treasuries
            .iter()
            .map(|(c, t)| (n(c), NationState::with_treasury(*t)))
            .collect(),
        armies: BTreeMap::new(),
        fleets: BTreeMap::new(),
        diplomats: BTreeMap::new(),
        sieges: Vec::new(),
        alliances: Vec::new(),
        clubs: ["V", "M", "F"].into_iter().map(n).collect::<BTreeSet<_>>(),
        works: Vec::new(),
        strategos: None,
        move_order: Vec::new(),
        battles: Vec::new(),
        couriers: Vec::new(),
    }
}

fn ev(audience: Audience, rule: &str, what: Happening) -> Event {
    Event {
        audience,
        rule: rule.into(),
        what,
    }
}

fn to(code: &str) -> Audience {
    Audience::Nation(n(code))
}

fn entry(nation: &str, account: Account, amount: Ducats, item: Item) -> Entry {
    Entry {
        nation: n(nation),
        account,
        amount,
        rule: "G0".into(),
        item,
    }
}

fn resolution(events: Vec<Event>, entries: Vec<Entry>) -> Resolution {
    Resolution {
        next: None,
        outcomes: Vec::new(),
        events,
        ledger: Ledger { entries },
    }
}

const START: [(&str, &str); 5] = [
    ("V0", "V"),
    ("V1", "V"),
    ("M2", "M"),
    ("M3", "M"),
    ("F1", "F"),
];

/// V's battle against F at F1, told to `audience`.
fn fought(audience: Audience) -> Event {
    ev(
        audience,
        "G3c.7",
        Happening::BattleFought {
            id: "1494-r01-F1".into(),
            node: node("F1"),
            attacker: n("V"),
            defender: n("F"),
            winner: Some(n("V")),
            provisional: false,
        },
    )
}

/// Spring: income, a recruitment, the Strategos to M (told to M alone), an alliance
/// M–F (secret). Round 1: M takes V1, V takes M3 and M2 (by siege), V besieges F1
/// in vain and wins a battle against F (told to both sides alone, G7.3); F suffers
/// an epidemic. Winter: V's famine, works complete, a storm roll.
fn year() -> YearRecord {
    let v = n("V");
    let army = Account::Army(ArmyId::new(&v, 1));
    let spring = PhaseRecord {
        before: world(
            phase(Phase::Spring),
            &START,
            &[("V", 0), ("M", M_SECRET), ("F", F_SECRET)],
        ),
        resolution: resolution(
            vec![
                ev(
                    to("V"),
                    "G2a.1",
                    Happening::Income {
                        nation: n("V"),
                        amount: 100,
                    },
                ),
                ev(
                    to("M"),
                    "G5.2",
                    Happening::AllianceFormed {
                        members: [n("F"), n("M")],
                    },
                ),
                ev(
                    to("F"),
                    "G5.2",
                    Happening::AllianceFormed {
                        members: [n("F"), n("M")],
                    },
                ),
                ev(
                    to("M"),
                    "G2b.5",
                    Happening::StrategosWon {
                        nation: n("M"),
                        bid: 30,
                    },
                ),
            ],
            vec![
                entry(
                    "V",
                    Account::Treasury,
                    100,
                    Item::Income { node: node("V0") },
                ),
                entry("V", Account::Treasury, -50, Item::Raise),
                entry("V", army.clone(), 50, Item::Raise),
                entry(
                    "M",
                    Account::Treasury,
                    80,
                    Item::Income { node: node("M2") },
                ),
                entry("M", Account::Treasury, -30, Item::Strategos),
            ],
        ),
    };
    let siege_roll = |who: &str, at: &str, total| {
        ev(
            to(who),
            "G3d.2",
            Happening::SiegeRoll {
                node: node(at),
                besieger: n("V"),
                roll: 4,
                total,
                needed: 7,
            },
        )
    };
    let round = PhaseRecord {
        before: world(
            phase(Phase::Round(2)),
            &START,
            &[("V", 50), ("M", M_SECRET + 50), ("F", F_SECRET)],
        ),
        resolution: resolution(
            vec![
                ev(
                    Audience::Public,
                    "G3b.8",
                    Happening::NodeTaken {
                        node: node("V1"),
                        from: n("V"),
                        to: n("M"),
                    },
                ),
                ev(
                    Audience::Public,
                    "G3b.8",
                    Happening::NodeTaken {
                        node: node("M3"),
                        from: n("M"),
                        to: n("V"),
                    },
                ),
                siege_roll("V", "M2", 8),
                siege_roll("M", "M2", 8),
                ev(
                    Audience::Public,
                    "G3d.2",
                    Happening::Surrendered {
                        node: node("M2"),
                        from: n("M"),
                        to: n("V"),
                        breached: true,
                    },
                ),
                siege_roll("V", "F1", 3),
                siege_roll("F", "F1", 3),
                fought(to("V")),
                fought(to("F")),
                ev(
                    to("V"),
                    "G3c.7",
                    Happening::BattleLosses {
                        id: "1494-r01-F1".into(),
                        attacker_loss: 40,
                        defender_loss: 60,
                    },
                ),
                ev(
                    to("F"),
                    "G3a.1",
                    Happening::Epidemic {
                        nation: n("F"),
                        node: node("F1"),
                    },
                ),
                ev(
                    Audience::Public,
                    "G3e.4",
                    Happening::StormRoll {
                        roll: 2,
                        storm: Some(false),
                    },
                ),
            ],
            vec![entry("V", army, -10, Item::SiegeCost { node: node("M2") })],
        ),
    };
    let after_summer = [
        ("V0", "V"),
        ("V1", "M"),
        ("M2", "V"),
        ("M3", "V"),
        ("F1", "F"),
    ];
    let winter = PhaseRecord {
        before: world(
            phase(Phase::Winter),
            &after_summer,
            &[("V", 50), ("M", M_SECRET + 50), ("F", F_SECRET)],
        ),
        resolution: resolution(
            vec![
                ev(
                    to("V"),
                    "G4.3",
                    Happening::EventRoll {
                        nation: n("V"),
                        roll: 6,
                        drawn_on: vec![6],
                    },
                ),
                ev(
                    to("V"),
                    "G4.3",
                    Happening::WinterEvent {
                        nation: n("V"),
                        event: "famine".into(),
                        name_it: "carestia".into(),
                        name_en: "famine".into(),
                        face: Some(2),
                        effect: Some("cities".into()),
                        amount: Some(50),
                        struck: None,
                    },
                ),
                ev(
                    Audience::Public,
                    "G4.1",
                    Happening::WorksComplete { node: node("F1") },
                ),
            ],
            Vec::new(),
        ),
    };
    let end = world(
        PhaseId {
            year: 1495,
            phase: Phase::Spring,
        },
        &after_summer,
        &[("V", 50), ("M", M_SECRET + 50), ("F", F_SECRET)],
    );
    YearRecord {
        year: 1494,
        phases: vec![spring, round, winter],
        end,
        announcements: Vec::new(),
    }
}

fn view_of(nation: &str, lang: Lang) -> YearView {
    view_in(&year(), nation, lang)
}

/// The view `nation` has of a year record (one a test changed).
fn view_in(y: &YearRecord, nation: &str, lang: Lang) -> YearView {
    let code = n(nation);
    year_view_of(
        &TestNames,
        &TestSay,
        y,
        &ClubName {
            nation: &code,
            name: "Club",
            lang,
        },
    )
}

#[test]
fn a_club_sees_its_own_ledger_summed_by_item_and_it_balances() {
    let v = view_of("V", Lang::En);
    assert_eq!((v.treasury_start, v.treasury_end), (0, 50));
    assert_eq!((v.treasury_in, v.treasury_out), (100, -50));
    let lines: Vec<(&str, Ducats, Ducats)> = v
        .summary
        .iter()
        .map(|l| (l.key, l.treasury, l.forces))
        .collect();
    assert_eq!(
        lines,
        [
            ("income", 100, 0),
            ("raise", -50, 50),
            ("siege_cost", 0, -10)
        ]
    );
    // The ledger's invariant over the year: opening + Σ entries = closing.
    assert_eq!(v.treasury_start + v.total_treasury, v.treasury_end);
    assert_eq!(v.total_forces, 40);
    // The kind's words come from the catalogue, by its key.
    assert_eq!(v.summary[1].name, "raise");
}

#[test]
fn nodes_won_and_lost_are_told_with_whom_and_when() {
    let v = view_of("V", Lang::En);
    let won: Vec<(&str, &str, &str)> = v
        .won
        .iter()
        .map(|c| (c.node.as_str(), c.from.as_str(), c.how))
        .collect();
    assert_eq!(won, [("M3", "M", "taken"), ("M2", "M", "surrendered")]);
    assert!(v.won.iter().all(|c| c.phase == "1494-r02"));
    let lost: Vec<(&str, &str)> = v
        .lost
        .iter()
        .map(|c| (c.node.as_str(), c.to.as_str()))
        .collect();
    assert_eq!(lost, [("V1", "M")]);
    // Won and lost together, in the order they happened: a place lost, then retaken in
    // a later phase, reads its loss first (play-test 46 read the retaking first).
    let mut y = year();
    let last = y.phases.len() - 1;
    y.phases[last].resolution.events.push(ev(
        Audience::Public,
        "G3b.8",
        Happening::NodeTaken {
            node: node("V1"),
            from: n("M"),
            to: n("V"),
        },
    ));
    let v2 = view_in(&y, "V", Lang::En);
    let held: Vec<(&str, &str)> = v2
        .held
        .iter()
        .map(|c| (c.node.as_str(), c.to.as_str()))
        .collect();
    let (lost_at, back_at) = (
        held.iter()
            .position(|h| *h == ("V1", "M"))
            .expect("the loss"),
        held.iter()
            .position(|h| *h == ("V1", "V"))
            .expect("the retaking"),
    );
    assert!(lost_at < back_at, "{held:?}");
    assert_eq!(held.len(), v2.won.len() + v2.lost.len());
    let gained: Vec<&str> = v.gained.iter().map(|g| g.node.as_str()).collect();
    assert_eq!(gained, ["M2", "M3"]);
    assert_eq!(v.given_up.len(), 1);
    assert_eq!(
        (v.given_up[0].node.as_str(), v.given_up[0].other.as_str()),
        ("V1", "M")
    );
    assert_eq!((v.nodes_start, v.nodes_end), (2, 3));
}

#[test]
fn a_club_sees_its_battles_with_losses_and_its_sieges_with_their_end() {
    let v = view_of("V", Lang::En);
    assert_eq!(v.battles.len(), 1);
    let b = &v.battles[0];
    assert_eq!(
        (b.role, b.result, b.opponent.as_str()),
        ("attacker", "won", "F")
    );
    assert_eq!((b.own_loss, b.enemy_loss), (Some(40), Some(60)));
    // Dated by the round it was fought in, its id's, whenever its result came.
    assert_eq!(b.phase, "1494-r01");
    let sieges: Vec<(&str, &str, &str, usize)> = v
        .sieges
        .iter()
        .map(|s| (s.node.as_str(), s.role, s.result, s.rolls))
        .collect();
    assert_eq!(
        sieges,
        [
            ("F1", "besieger", "lifted", 1),
            ("M2", "besieger", "fell", 1)
        ]
    );
    assert_eq!(v.sieges[1].opponent.as_str(), "M");
    // The defender sees the same siege from its side.
    let m = view_of("M", Lang::En);
    assert_eq!(m.sieges.len(), 1);
    assert_eq!((m.sieges[0].role, m.sieges[0].result), ("defender", "fell"));
    assert_eq!(m.sieges[0].opponent.as_str(), "V");
    // A siege its army fell back from after a battle ended with that battle, not
    // "lifted" (a play-test's club read that it had lifted a siege its lost battle broke).
    let mut y = year();
    y.phases[1].resolution.events.push(ev(
        to("V"),
        "G3d.2",
        Happening::SiegeEnded {
            node: node("F1"),
            army: ArmyId::new(&n("V"), 1),
            why: crate::rules::outcome::SiegeEnd::FellBack,
        },
    ));
    let v = view_in(&y, "V", Lang::En);
    assert_eq!(
        (v.sieges[0].node.as_str(), v.sieges[0].result),
        ("F1", "battle")
    );
    // A siege its army held but never rolled (in battle at the place) is one of the
    // year's all the same, with no roll (a play-test's besieger found it missing).
    y.phases[1].resolution.events.push(ev(
        to("V"),
        "G3d.2",
        Happening::SiegeHeldByBattle {
            node: node("F2"),
            army: ArmyId::new(&n("V"), 1),
            battle: "1494-r01-F2".into(),
        },
    ));
    let v = view_in(&y, "V", Lang::En);
    let f2 = v
        .sieges
        .iter()
        .find(|s| s.node.as_str() == "F2")
        .expect("F2's siege");
    assert_eq!((f2.role, f2.rolls, f2.result), ("besieger", 0, "lifted"));
    // The place's holder, told of the same siege held by the battle it fights there,
    // reads it as besieged, not as a siege of its own (play-test 44); a siege of its
    // place raised before any roll is one of its year too.
    for e in [
        Happening::SiegeHeldByBattle {
            node: node("F2"),
            army: ArmyId::new(&n("V"), 1),
            battle: "1494-r01-F2".into(),
        },
        Happening::SiegeRaised {
            node: node("F3"),
            besieger: n("M"),
        },
    ] {
        y.phases[1].resolution.events.push(ev(to("F"), "G3d.2", e));
    }
    let f = view_in(&y, "F", Lang::En);
    let unrolled: Vec<(&str, &str, &str, usize)> = f
        .sieges
        .iter()
        .filter(|s| s.rolls == 0)
        .map(|s| (s.node.as_str(), s.role, s.opponent.as_str(), s.rolls))
        .collect();
    assert_eq!(
        unrolled,
        [("F2", "defender", "V", 0), ("F3", "defender", "M", 0)]
    );
    // F was told no losses (the event went to V only in this year): none invented.
    let f = view_of("F", Lang::En);
    assert_eq!((f.battles[0].result, f.battles[0].own_loss), ("lost", None));
}

#[test]
fn a_club_sees_only_its_own_events_and_no_other_clubs_hidden_facts() {
    let v = view_of("V", Lang::En);
    let texts: Vec<&str> = v.events.iter().map(|e| e.text.as_str()).collect();
    assert_eq!(texts.len(), 1);
    assert!(texts[0].starts_with("winterevent {"), "{texts:?}");
    assert!(texts[0].contains("famine"), "{texts:?}");
    assert!(!v.strategos);
    assert!(view_of("M", Lang::En).strategos);
    // G7.4: nothing of M's treasury, of F's, of the M–F alliance or of F's epidemic.
    let all = format!("{v:?}");
    for secret in [
        M_SECRET.to_string(),
        (M_SECRET + 50).to_string(),
        F_SECRET.to_string(),
        "alliance".into(),
        "epidemic".into(),
    ] {
        assert!(!all.contains(&secret), "V's year shows `{secret}`: {all}");
    }
    // …while M's own view does show its treasury and its alliance.
    let m = format!("{:?}", view_of("M", Lang::En));
    assert!(m.contains(&(M_SECRET + 50).to_string()), "{m}");
    assert!(m.contains("alliance"), "{m}");
}

#[test]
fn the_chronicle_tells_only_public_facts() {
    let c = chronicle(&TestNames, &TestSay, &year(), Lang::En);
    let changes: Vec<(&str, &str, &str)> = c
        .changes
        .iter()
        .map(|x| (x.node.as_str(), x.from.as_str(), x.to.as_str()))
        .collect();
    assert_eq!(
        changes,
        [("V1", "V", "M"), ("M3", "M", "V"), ("M2", "M", "V")]
    );
    // The battle's result and the Strategos were told to their parties alone.
    assert!(c.battles.is_empty(), "{:?}", c.battles);
    let texts: Vec<&str> = c.events.iter().map(|e| e.text.as_str()).collect();
    assert_eq!(texts, ["workscomplete { node: nodecode(\"f1\") }"]);
    let holdings: Vec<(&str, usize, usize, i64)> = c
        .holdings
        .iter()
        .map(|h| (h.nation.as_str(), h.start, h.end, h.change))
        .collect();
    assert_eq!(holdings, [("V", 2, 3, 1), ("F", 1, 1, 0), ("M", 2, 1, -1)]);
    let all = format!("{c:?}");
    for secret in [
        M_SECRET.to_string(),
        F_SECRET.to_string(),
        "50".into(),
        "alliance".into(),
        "famine".into(),
        "epidemic".into(),
        "losses".into(),
        "storm".into(),
        "Strategos".into(),
        "1494-r01-F1".into(),
    ] {
        assert!(
            !all.contains(&secret),
            "the chronicle shows `{secret}`: {all}"
        );
    }
}

#[test]
fn a_battle_whose_result_was_public_is_in_the_chronicle_once() {
    let mut y = year();
    y.phases[1].resolution.events.push(fought(Audience::Public));
    let c = chronicle(&TestNames, &TestSay, &y, Lang::It);
    assert_eq!(c.battles.len(), 1);
    let b = &c.battles[0];
    assert_eq!((b.attacker.as_str(), b.defender.as_str()), ("V", "F"));
    assert_eq!(b.winner_name.as_deref(), Some("V-it"));
    // Dated as the yearly report dates it: the round it was fought in, its id's (a
    // play-test's mail gave one battle two months).
    assert_eq!(y.phases[1].before.phase.key(), "1494-r02");
    assert_eq!(b.phase, "1494-r01");
    // The club that fought it counts it once, whichever copies it was told.
    let code = n("V");
    let v = year_view_of(
        &TestNames,
        &TestSay,
        &y,
        &ClubName {
            nation: &code,
            name: "C",
            lang: Lang::It,
        },
    );
    assert_eq!(v.battles.len(), 1);
    assert_eq!(v.battles[0].phase, b.phase);
}

#[test]
fn an_empty_year_gives_empty_views_not_a_panic() {
    let mut y = year();
    y.phases.clear();
    let code = n("V");
    let v = year_view_of(
        &TestNames,
        &TestSay,
        &y,
        &ClubName {
            nation: &code,
            name: "C",
            lang: Lang::It,
        },
    );
    assert_eq!(
        (v.treasury_start, v.treasury_end, v.summary.len()),
        (50, 50, 0)
    );
    assert!(v.won.is_empty() && v.gained.is_empty());
    let c = chronicle(&TestNames, &TestSay, &y, Lang::It);
    assert!(c.changes.is_empty() && c.battles.is_empty());
    assert!(c.holdings.iter().all(|h| h.change == 0));
    assert_eq!(c.title, "1494");
}
