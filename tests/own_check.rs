//! A club's own check agrees with the referee's. A club checks its order file offline
//! against the view file its report attaches (`giglio orders check --view`): the club's
//! own world (`rules::visibility::club_world`), not the referee's. Over campaigns played
//! by bots, and random orders (plausible ones and wrong ones), both checks give every
//! order the same verdict (accepted, or refused by the same rule for the same reason),
//! except where the verdict turns on a fact the club may not know; those are listed
//! below, each with why.

use crate::properties::{Intent, intents, order, round_orders};
use giglio::battle::ruleset::Ruleset;
use giglio::rules::order::{OrderKind, OrderSet};
use giglio::rules::outcome::Outcome;
use giglio::rules::resolve::check_orders;
use giglio::rules::visibility::club_world;
use giglio::rules::{ArmyId, Campaign, NationCode, NodeCode, World};
use giglio::scenario::{self, Source};
use proptest::prelude::*;
use std::sync::OnceLock;

fn campaign() -> &'static (Campaign, Ruleset) {
    static C: OnceLock<(Campaign, Ruleset)> = OnceLock::new();
    C.get_or_init(|| {
        let source = Source::builtin("il-giglio").expect("built in");
        let c = scenario::load(&source).expect("loads");
        let rs = scenario::rulesets(&source)
            .expect("rulesets load")
            .into_iter()
            .find(|r| r.id == c.default_ruleset)
            .expect("the default ruleset");
        (c, rs)
    })
}

/// The nations the bots play (every nation of the shipped campaign marked played).
const CLUBS: [&str; 8] = ["V", "M", "F", "P", "S", "SV", "HRI", "T"];

/// The open worlds of two bot campaigns, a year and a spring each: every phase kind, with
/// armies abroad, sieges, garrisons, fleets at sea and battles just fought.
fn worlds() -> &'static Vec<World> {
    static W: OnceLock<Vec<World>> = OnceLock::new();
    W.get_or_init(|| {
        let (c, rs) = campaign();
        let clubs: Vec<NationCode> = scenario::clubs::default_clubs(c)
            .iter()
            .map(|k| NationCode::from(k.nation.as_str()))
            .collect();
        let mut out = Vec::new();
        for k in 0..2 {
            let master = giglio::simulate::run_seed(0x0C4E, k);
            giglio::simulate::play(c, rs, &clubs, master, 1, &mut |w| out.push(w.clone()))
                .expect("a bot campaign plays");
        }
        // A pending battle does not stop either check: both judge from where the
        // pieces stand now (the referee's check takes the battles out the same way).
        for w in &mut out {
            w.battles.clear();
        }
        out
    })
}

/// Each order's verdict, in the file's order: `None` if accepted, else the rule and the
/// reason. (The rules answer in the order they take the orders, by kind.)
fn verdicts(c: &Campaign, w: &World, n: &NationCode, set: &OrderSet) -> Vec<Option<String>> {
    let by_seq: std::collections::BTreeMap<u32, Option<String>> = check_orders(c, w, n, set)
        .expect("checks")
        .iter()
        .map(|o| {
            let verdict = match &o.result {
                Outcome::Rejected { rule, reason } => Some(format!("{rule}: {reason:?}")),
                _ => None,
            };
            (o.at.seq, verdict)
        })
        .collect();
    let verdict = |o: &giglio::rules::order::Order| by_seq.get(&o.at.seq).cloned();
    set.orders
        .iter()
        .map(|o| verdict(o).expect("every order has an outcome"))
        .collect()
}

/// Whether an order's verdict may turn on what only the referee knows: the club's check
/// says what it can, and the referee's check or the resolution says the rest.
///
/// - An assassin: whether an enemy commander stands at the node is hidden (G7.4); both
///   checks say the same words whether or not he is there (the fog tests hold that),
///   but the referee's check may spend the mission where the club's cannot tell.
/// - An order about a node where another nation's force stands (a garrison, an army):
///   the club's world does not carry it (G7.3), so a garrison or works in an enemy
///   place it holds are "held by another force" only in the referee's check (G2b.3).
/// - Any other order for a piece that a move of the file moves: where its move ends
///   turns on the forces it meets, and another nation's garrison or army is hidden
///   (G7.3). An army that enters a place held by a hidden garrison stands outside its
///   walls in the referee's world and holds the place in the club's, so a siege ordered
///   after the move is refused as "arrived this round" by one and "nothing to besiege"
///   by the other.
fn depends_on_hidden_facts(w: &World, n: &NationCode, set: &OrderSet, i: usize) -> bool {
    let o = &set.orders[i];
    if matches!(o.kind, OrderKind::Assassin { .. }) {
        return true;
    }
    if node_of(w, &o.kind).is_some_and(|node| hidden_force_at(w, n, &node)) {
        return true;
    }
    // The rules take a round's orders by kind (moves before sieges), not in the file's
    // order: any other order of a moved piece counts.
    let moved: Vec<String> = (set.orders.iter().enumerate())
        .filter(|(j, x)| *j != i && matches!(x.kind, OrderKind::Move { .. }))
        .flat_map(|(_, x)| x.kind.pieces())
        .collect();
    if o.kind.pieces().iter().any(|p| moved.contains(p)) {
        return true;
    }
    // A fleet that takes a moved army aboard carries it or not as the move went: its
    // landing and its sailing count too (a moved army stopped by a force the club cannot
    // see stayed in port for the referee and boarded; for the club it had marched off).
    let boarded_moved = |fleet: &giglio::rules::FleetId| {
        set.orders.iter().any(|x| {
            matches!(&x.kind, OrderKind::Embark { fleet: f, army } if f == fleet && moved.contains(&army.to_string()))
        })
    };
    match &o.kind {
        OrderKind::Land { fleet, .. } | OrderKind::FleetMove { fleet, .. } => boarded_moved(fleet),
        _ => false,
    }
}

/// The node an order is about, where it names one or acts where its army stands.
fn node_of(w: &World, kind: &OrderKind) -> Option<NodeCode> {
    use giglio::rules::order::SapperAt;
    let at_army = |a: &ArmyId| w.armies.get(a).map(|a| a.node.clone());
    match kind {
        OrderKind::Raise { node, .. }
        | OrderKind::Fortify { node }
        | OrderKind::Repair { node }
        | OrderKind::HireDiplomat { node }
        | OrderKind::HireSapper {
            at: SapperAt::Node(node),
        }
        | OrderKind::Land { node, .. }
        | OrderKind::BuildFleet { port: node } => Some(node.clone()),
        OrderKind::Garrison { army, .. }
        | OrderKind::Siege { army, .. }
        | OrderKind::Reinforce { army, .. }
        | OrderKind::HireSapper {
            at: SapperAt::Army(army),
        } => at_army(army),
        _ => None,
    }
}

/// Whether another nation's garrison or army ashore stands at `node`.
fn hidden_force_at(w: &World, n: &NationCode, node: &NodeCode) -> bool {
    let garrison = w.nodes[node]
        .garrison
        .as_ref()
        .is_some_and(|g| &g.nation != n);
    garrison
        || w.armies
            .values()
            .any(|a| &a.node == node && &a.nation != n && a.ashore())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, .. ProptestConfig::default() })]

    #[test]
    fn the_clubs_own_check_agrees_with_the_referees(
        pick in any::<prop::sample::Index>(),
        club in 0..CLUBS.len(),
        spring in proptest::collection::vec(order("V"), 0..8),
        round in intents(),
    ) {
        let (c, _) = campaign();
        let w = pick.get(worlds());
        let n = NationCode::from(CLUBS[club]);
        prop_assume!(w.is_club(n.as_str()));
        let set = if w.phase.round().is_some() {
            round_orders(w, n.as_str(), &round)
        } else {
            // The spring generator writes Venice's ids: give them to the club at hand.
            let text = serde_json::to_string(&spring).expect("json")
                .replace("\"V-", &format!("\"{n}-"));
            let kinds: Vec<OrderKind> = serde_json::from_str(&text).expect("json");
            OrderSet::from_kinds(kinds)
        };
        let referee = verdicts(c, w, &n, &set);
        let own = verdicts(c, &club_world(w, &n), &n, &set);
        for (i, (r, k)) in referee.iter().zip(&own).enumerate() {
            if depends_on_hidden_facts(w, &n, &set, i) {
                continue;
            }
            let o = &set.orders[i];
            prop_assert_eq!(r, k, "{} in {}: {:?}", n, w.phase.key(), o.kind);
        }
    }
}

/// The generators reach both verdicts, in spring and in rounds, so the agreement above
/// is about something.
#[test]
fn the_agreement_covers_accepted_and_refused_orders_of_every_phase() {
    let (c, _) = campaign();
    let mut seen = std::collections::BTreeSet::new();
    let intents: Vec<Intent> = (0..64u16).map(|i| (i as u8, i * 7, i * 13, i)).collect();
    for w in worlds() {
        for n in CLUBS
            .map(NationCode::from)
            .iter()
            .filter(|n| w.is_club(n.as_str()))
        {
            let set = if w.phase.round().is_some() {
                round_orders(w, n.as_str(), &intents)
            } else {
                // The bots' spring and a loan no bank gives.
                let mut kinds: Vec<OrderKind> = giglio::bots::orders(c, w, n)
                    .orders
                    .into_iter()
                    .map(|o| o.kind)
                    .collect();
                kinds.push(OrderKind::Loan { amount: 1_000_000 });
                OrderSet::from_kinds(kinds)
            };
            for v in verdicts(c, w, n, &set) {
                seen.insert((w.phase.round().is_some(), v.is_some()));
            }
        }
    }
    assert_eq!(
        seen.len(),
        4,
        "accepted and refused, in spring and in rounds: {seen:?}"
    );
}
