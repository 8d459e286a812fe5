//! Victory (G8): each objective met and missed, ties for the most, betrayals, and
//! the treasury deciding among several winners (G8.2).

use giglio::rules::order::Objective;
use giglio::rules::tables::ObjectiveKind;
use giglio::rules::victory::standings;
use giglio::rules::world::{Alliance, World};
use giglio::rules::{Campaign, NationCode};
use std::collections::BTreeSet;

fn campaign() -> Campaign {
    giglio::scenario::load(&giglio::scenario::Source::builtin("il-giglio").expect("built in"))
        .expect("loads")
}

fn nc(s: &str) -> NationCode {
    NationCode(s.to_owned())
}

fn world(c: &Campaign) -> World {
    World::start(c, &[nc("V"), nc("M"), nc("F")])
}

fn choose(w: &mut World, n: &str, kind: ObjectiveKind, target: Option<&str>) {
    w.nations.get_mut(n).expect("nation").objective = Some(Objective {
        kind,
        target: target.map(nc),
    });
}

fn met(c: &Campaign, w: &World, n: &str) -> bool {
    standings(c, w)
        .standings
        .iter()
        .find(|s| s.nation.as_str() == n)
        .is_some_and(|s| s.met)
}

#[test]
fn keep_possessions_is_met_until_a_node_is_lost() {
    let c = campaign();
    let mut w = world(&c);
    choose(&mut w, "F", ObjectiveKind::KeepPossessions, None);
    assert!(met(&c, &w, "F"));
    w.nodes.get_mut("F8").expect("node").owner = nc("V");
    assert!(!met(&c, &w, "F"));
}

#[test]
fn conquer_nation_needs_every_node_of_the_target() {
    let c = campaign();
    let mut w = world(&c);
    choose(&mut w, "V", ObjectiveKind::ConquerNation, Some("MN"));
    assert!(!met(&c, &w, "V"));
    let mantua: Vec<_> = c.map.nodes_of("MN").map(|n| n.code.clone()).collect();
    for code in &mantua[1..] {
        w.nodes.get_mut(code).expect("node").owner = nc("V");
    }
    assert!(!met(&c, &w, "V"), "the capital is still Mantua's");
    w.nodes.get_mut(&mantua[0]).expect("node").owner = nc("V");
    assert!(met(&c, &w, "V"));
}

#[test]
fn most_objectives_compare_clubs_and_ties_share() {
    let c = campaign();
    for kind in [
        ObjectiveKind::MostCities,
        ObjectiveKind::MostVillages,
        ObjectiveKind::MostFortresses,
        ObjectiveKind::MostPorts,
        ObjectiveKind::MostCapitals,
    ] {
        let mut w = world(&c);
        choose(&mut w, "F", kind, None);
        // Give every node of the map to Florence: it has the most of everything.
        for s in w.nodes.values_mut() {
            s.owner = nc("F");
        }
        assert!(met(&c, &w, "F"), "{kind:?} met");
        // Then give it all to Milan: Florence has none, the objective is missed.
        for s in w.nodes.values_mut() {
            s.owner = nc("M");
        }
        assert!(!met(&c, &w, "F"), "{kind:?} missed");
    }
    // Ducats: a tie for the most still meets it.
    let mut w = world(&c);
    choose(&mut w, "V", ObjectiveKind::MostDucats, None);
    for (n, t) in [("V", 500), ("M", 500), ("F", 100)] {
        w.nations.get_mut(n).expect("nation").treasury = t;
    }
    assert!(met(&c, &w, "V"), "tied for the most");
    w.nations.get_mut("M").expect("nation").treasury = 501;
    assert!(!met(&c, &w, "V"), "Milan has more");
    // Fleets: Venice's two against none.
    let mut w = world(&c);
    choose(&mut w, "V", ObjectiveKind::MostFleets, None);
    assert!(met(&c, &w, "V"));
    w.fleets.clear();
    assert!(!met(&c, &w, "V"), "no fleet is not the most");
}

#[test]
fn alliances_honoured_and_betrayed_are_counted() {
    let c = campaign();
    let mut w = world(&c);
    choose(&mut w, "V", ObjectiveKind::MostAlliancesHonoured, None);
    choose(&mut w, "M", ObjectiveKind::MostAlliancesBetrayed, None);
    assert!(!met(&c, &w, "V") && !met(&c, &w, "M"), "no alliance at all");
    let both = |a: &str, b: &str| BTreeSet::from([nc(a), nc(b)]);
    let mut members = [nc("F"), nc("V")];
    members.sort();
    w.alliances.push(Alliance {
        members,
        declared_by: both("F", "V"),
        betrayed_by: BTreeSet::new(),
    });
    w.alliances.push(Alliance {
        members: [nc("M"), nc("V")],
        declared_by: both("M", "V"),
        betrayed_by: BTreeSet::from([nc("M")]),
    });
    // Venice honoured both; Milan betrayed one.
    assert!(met(&c, &w, "V"));
    assert!(met(&c, &w, "M"));
    // An alliance declared by one side only was never formed: it does not count.
    let mut w2 = world(&c);
    choose(&mut w2, "V", ObjectiveKind::MostAlliancesHonoured, None);
    w2.alliances.push(Alliance {
        members: [nc("F"), nc("V")],
        declared_by: BTreeSet::from([nc("V")]),
        betrayed_by: BTreeSet::new(),
    });
    assert!(!met(&c, &w2, "V"));
}

#[test]
fn several_winners_are_parted_by_treasury() {
    let c = campaign();
    let mut w = world(&c);
    choose(&mut w, "V", ObjectiveKind::KeepPossessions, None);
    choose(&mut w, "F", ObjectiveKind::KeepPossessions, None);
    w.nations.get_mut("V").expect("nation").treasury = 300;
    w.nations.get_mut("F").expect("nation").treasury = 700;
    let v = standings(&c, &w);
    assert_eq!(v.met, [nc("F"), nc("V")]);
    assert_eq!(v.winners, [nc("F")], "G8.2: the most ducats decides");
    w.nations.get_mut("V").expect("nation").treasury = 700;
    assert_eq!(
        standings(&c, &w).winners,
        [nc("F"), nc("V")],
        "still tied: both win"
    );
    // A club with no objective cannot win.
    assert!(!met(&c, &w, "M"));
}
