//! Property tests of the rules: whatever the orders, valid or not, no ducat is created
//! or destroyed outside the ledger, no treasury goes below zero, and resolution is
//! deterministic.

use crate::rules_cases::check_conservation;
use giglio::rules::calendar::Phase;
use giglio::rules::dice::SeededDice;
use giglio::rules::order::{Order, OrderKind, OrderRef, OrderSet, SapperAt};
use giglio::rules::resolve::resolve;
use giglio::rules::world::Loan;
use giglio::rules::{ArmyId, Campaign, NationCode, NodeCode, World};
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

const NATIONS: [&str; 4] = ["V", "M", "F", "S"];

fn node() -> impl Strategy<Value = NodeCode> {
    let codes: Vec<NodeCode> = campaign().map.nodes().map(|n| n.code.clone()).collect();
    proptest::sample::select(codes)
}

fn army(nation: &'static str) -> impl Strategy<Value = ArmyId> {
    (1u32..6).prop_map(move |n| ArmyId(format!("{nation}-A{n}")))
}

/// Any spring order a club of `nation` might write, legal or not.
fn order(nation: &'static str) -> impl Strategy<Value = OrderKind> {
    prop_oneof![
        (0i64..700).prop_map(|amount| OrderKind::Loan { amount }),
        (node(), 1i64..500).prop_map(|(node, value)| OrderKind::Raise { node, value }),
        (army(nation), 1i64..400).prop_map(|(army, value)| OrderKind::Reinforce { army, value }),
        (army(nation), army(nation), 1i64..500).prop_map(|(from, to, value)| OrderKind::Transfer {
            from,
            to,
            value
        }),
        (army(nation), 1i64..400).prop_map(|(army, value)| OrderKind::Garrison { army, value }),
        node().prop_map(|node| OrderKind::Fortify { node }),
        node().prop_map(|node| OrderKind::Repair { node }),
        army(nation).prop_map(|a| OrderKind::HireSapper {
            at: SapperAt::Army(a)
        }),
        node().prop_map(|n| OrderKind::HireSapper {
            at: SapperAt::Node(n)
        }),
        node().prop_map(|node| OrderKind::HireDiplomat { node }),
        Just(OrderKind::HireSpy),
        Just(OrderKind::HireAssassin),
        node().prop_map(|port| OrderKind::BuildFleet { port }),
        (0i64..600).prop_map(|amount| OrderKind::StrategosBid {
            amount,
            move_order: vec![]
        }),
    ]
}

fn order_set(nation: &'static str) -> impl Strategy<Value = OrderSet> {
    proptest::collection::vec(order(nation), 0..10).prop_map(|kinds| OrderSet {
        orders: kinds
            .into_iter()
            .enumerate()
            .map(|(i, kind)| Order {
                at: OrderRef {
                    seq: i as u32 + 1,
                    start: i,
                    end: i + 1,
                },
                kind,
            })
            .collect(),
    })
}

fn all_orders() -> impl Strategy<Value = BTreeMap<NationCode, OrderSet>> {
    (
        order_set("V"),
        order_set("M"),
        order_set("F"),
        order_set("S"),
    )
        .prop_map(|(v, m, f, s)| {
            NATIONS
                .iter()
                .map(|n| NationCode((*n).into()))
                .zip([v, m, f, s])
                .collect()
        })
}

/// A starting world with random treasuries, loans due and events.
fn world() -> impl Strategy<Value = World> {
    let events = proptest::sample::subsequence(
        vec!["famine", "poor_harvest", "good_harvest", "indulgence"],
        0..3,
    );
    (proptest::collection::vec((0i64..900, 0i64..900), 4), events).prop_map(|(money, events)| {
        let c = campaign();
        let clubs: Vec<NationCode> = NATIONS.iter().map(|n| NationCode((*n).into())).collect();
        let mut w = World::start(c, &clubs);
        for (n, (treasury, loan)) in NATIONS.iter().zip(money) {
            let state = w.nations.get_mut(*n).expect("nation");
            state.treasury = treasury;
            if loan > 0 {
                state.loan = Some(Loan {
                    year: 1493,
                    principal: loan,
                    interest: loan / 4,
                });
            }
            state.events = events.iter().map(|e| (*e).to_owned()).collect();
        }
        w
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, .. ProptestConfig::default() })]

    #[test]
    fn no_ducat_is_created_or_destroyed_outside_the_ledger(w in world(), spring1 in all_orders(), spring2 in all_orders()) {
        let c = campaign();
        let mut dice = SeededDice::new([1; 32]);
        let r1 = resolve(c, &w, &spring1, &mut dice).expect("spring resolves");
        let problems = check_conservation(&w, &r1);
        prop_assert!(problems.is_empty(), "spring: {problems:?}");
        // Jump to winter (summer rounds are not resolved yet), then the next spring.
        let mut winter = r1.next.expect("a next phase");
        winter.phase.phase = Phase::Winter;
        let r2 = resolve(c, &winter, &BTreeMap::new(), &mut dice).expect("winter resolves");
        let problems = check_conservation(&winter, &r2);
        prop_assert!(problems.is_empty(), "winter: {problems:?}");
        let spring = r2.next.expect("a next spring");
        let r3 = resolve(c, &spring, &spring2, &mut dice).expect("spring resolves");
        let problems = check_conservation(&spring, &r3);
        prop_assert!(problems.is_empty(), "second spring: {problems:?}");
    }

    #[test]
    fn every_order_gets_exactly_one_outcome(w in world(), orders in all_orders()) {
        let mut dice = SeededDice::new([2; 32]);
        let r = resolve(campaign(), &w, &orders, &mut dice).expect("resolves");
        for (n, set) in &orders {
            let got: Vec<u32> = r.outcomes.iter().filter(|o| &o.nation == n).map(|o| o.at.seq).collect();
            let mut got_sorted = got.clone();
            got_sorted.sort_unstable();
            let want: Vec<u32> = set.orders.iter().map(|o| o.at.seq).collect();
            prop_assert_eq!(got_sorted, want);
        }
    }

    #[test]
    fn resolution_is_deterministic(w in world(), orders in all_orders(), seed in any::<[u8; 32]>()) {
        let c = campaign();
        let a = resolve(c, &w, &orders, &mut SeededDice::new(seed)).expect("resolves");
        let b = resolve(c, &w, &orders, &mut SeededDice::new(seed)).expect("resolves");
        prop_assert_eq!(serde_json::to_string(&a).expect("json"), serde_json::to_string(&b).expect("json"));
    }
}
