//! The bounds of the values the order page lets a club type (issue 30.4): for every
//! offered order that carries ducats, what the rules' own check
//! ([`crate::rules::resolve::check_orders`]) lets it carry, read from the check's own
//! refusal of the order at a value no club has. A garrison or a transfer draws on its
//! army (G2b.2, G2b.3): the check says the army's value and what the order takes beyond
//! its value (a garrison's detachment); a loan has its limit (G2a.3); a raise, a
//! reinforcement, a bid and a bribe are paid from the treasury, which the page sums
//! (`Priced`). So the page compares and sums, and never judges.

use crate::rules::campaign::Campaign;
use crate::rules::ids::{ArmyId, Ducats, NationCode};
use crate::rules::order::{OrderKind, OrderSet};
use crate::rules::outcome::{Outcome, Reason};
use crate::rules::resolve::check_orders;
use crate::rules::world::World;
use serde::Serialize;

/// A value no club's army or treasury reaches: an order judged at it is refused by
/// whatever bounds it (the order file itself allows up to this, G6.2).
const PROBE: Ducats = 1_000_000;

/// What bounds one order's value beyond the treasury.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub(crate) struct Bounds {
    /// The most it may carry on its own, and the rule that sets it (a loan's limit, or
    /// the largest value the check accepts where it says no more).
    pub(crate) max: Option<(Ducats, String)>,
    /// The army its value comes out of, what it takes from the army beyond its value
    /// (a garrison's detachment cost), and the rule: every order that draws on one army
    /// may together take at most the army's value ([`Limits::armies`]).
    pub(crate) draw: Option<(ArmyId, Ducats, String)>,
}

/// The order with value `v`, for an order that carries one.
pub(crate) fn with_value(o: &OrderKind, v: Ducats) -> Option<OrderKind> {
    let mut o = o.clone();
    match &mut o {
        OrderKind::Raise { value, .. }
        | OrderKind::Reinforce { value, .. }
        | OrderKind::Transfer { value, .. }
        | OrderKind::Garrison { value, .. } => *value = v,
        OrderKind::Loan { amount } | OrderKind::StrategosBid { amount, .. } => *amount = v,
        OrderKind::Siege { bribe, .. } => *bribe = v,
        _ => return None,
    }
    Some(o)
}

/// The order's value, for an order that carries one the page bounds.
/// The ducats an order carries, for an order that carries some.
pub(crate) fn value_of(o: &OrderKind) -> Option<Ducats> {
    match o {
        OrderKind::Raise { value, .. }
        | OrderKind::Reinforce { value, .. }
        | OrderKind::Transfer { value, .. }
        | OrderKind::Garrison { value, .. } => Some(*value),
        OrderKind::Loan { amount } | OrderKind::StrategosBid { amount, .. } => Some(*amount),
        OrderKind::Siege { bribe, .. } => Some(*bribe),
        _ => None,
    }
}

/// The verdict of each order of `kinds` judged together: `None` if accepted, else the
/// rule and why. `None` for every order where the check cannot judge.
fn verdicts(
    c: &Campaign,
    world: &World,
    nation: &NationCode,
    kinds: &[OrderKind],
) -> Option<Vec<Option<(String, Reason)>>> {
    let set = OrderSet::from_kinds(kinds.iter().cloned());
    let outcomes = check_orders(c, world, nation, &set).ok()?;
    let verdict = |seq: u32| {
        outcomes.iter().find_map(|x| match &x.result {
            Outcome::Rejected { rule, reason } if x.at.seq == seq => {
                Some((rule.clone(), reason.clone()))
            }
            _ => None,
        })
    };
    Some(set.orders.iter().map(|o| verdict(o.at.seq)).collect())
}

/// The verdict of one order judged alone.
fn verdict(
    c: &Campaign,
    world: &World,
    nation: &NationCode,
    o: &OrderKind,
) -> Option<(String, Reason)> {
    match verdicts(c, world, nation, std::slice::from_ref(o)) {
        Some(mut v) => v.pop().flatten(),
        None => Some((String::new(), Reason::WrongPhase)),
    }
}

/// What the rules bound the offered values by: each valued order's bounds, what the
/// orders drawing on one army may take together, and in a round the treasury the
/// bribes are paid from (the menu's `bounds`, `armies` and `bribes`).
#[derive(Debug, Default)]
pub(super) struct Limits {
    pub(super) bounds: Vec<(OrderKind, Bounds)>,
    pub(super) armies: std::collections::BTreeMap<String, Ducats>,
    pub(super) bribes: Option<(Ducats, String)>,
}

/// The [`Limits`] of every order of `offered` that carries a value, from the club's
/// world (`world`, its battles dropped by the caller).
///
/// Every order is judged at [`PROBE`], all in one check: at that value each is refused
/// and changes nothing, or is accepted without touching what another probe reads (a
/// standing siege drops a bribe it cannot pay), so one check gives the verdicts that
/// one check per order would, for one resolution a club instead of one per order.
pub(super) fn bounds(
    c: &Campaign,
    world: &World,
    nation: &NationCode,
    offered: &[OrderKind],
) -> Limits {
    let mut out = Limits::default();
    let valued: Vec<(&OrderKind, Ducats, OrderKind)> = offered
        .iter()
        .filter_map(|o| Some((o, value_of(o)?, with_value(o, PROBE)?)))
        .collect();
    if valued.is_empty() {
        return out;
    }
    let probes: Vec<OrderKind> = valued.iter().map(|(_, _, p)| p.clone()).collect();
    let judged = verdicts(c, world, nation, &probes).unwrap_or_else(|| {
        (probes.iter())
            .map(|p| verdict(c, world, nation, p))
            .collect()
    });
    let round = matches!(world.phase.phase, crate::rules::calendar::Phase::Round(_));
    let treasury = world.nation(nation.as_str()).map_or(0, |n| n.treasury);
    for ((o, least, _), v) in valued.into_iter().zip(judged) {
        let mut b = Bounds::default();
        match v {
            None => {}
            Some((
                rule,
                Reason::ArmyTooSmall {
                    army,
                    value,
                    needed,
                },
            )) => {
                out.armies.insert(army.to_string(), value);
                b.draw = Some((army, needed - PROBE, rule));
            }
            Some((rule, Reason::LoanTooLarge { limit })) => b.max = Some((limit, rule)),
            // The treasury: the page sums what every order costs; in a round, a bribe.
            Some((rule, Reason::MissingDucats { treasury, .. }))
                if round && matches!(o, OrderKind::Siege { .. }) =>
            {
                out.bribes = Some((treasury, rule));
            }
            Some((_, Reason::MissingDucats { .. })) => {}
            // Another bound: the largest value the check accepts, found by halving
            // between the offered value (accepted) and the probe.
            Some((rule, _)) => {
                let (mut ok, mut no) = (least, PROBE);
                while no - ok > 1 {
                    let mid = ok + (no - ok) / 2;
                    let accepted =
                        with_value(o, mid).is_some_and(|m| verdict(c, world, nation, &m).is_none());
                    if accepted {
                        ok = mid;
                    } else {
                        no = mid;
                    }
                }
                b.max = Some((ok, rule));
            }
        }
        // A standing siege takes a bribe it cannot pay as none (G3d.3): the page
        // refuses it all the same, against the treasury.
        if round && matches!(o, OrderKind::Siege { lift: false, .. }) && out.bribes.is_none() {
            out.bribes = Some((treasury, "G3d.3".to_owned()));
        }
        if b != Bounds::default() {
            out.bounds.push((o.clone(), b));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::calendar::Phase;
    use crate::rules::ids::NodeCode;
    use crate::rules::visibility::club_world;
    use crate::rules::world::{Fortification, Garrison, Siege};

    fn accepted(c: &Campaign, w: &World, n: &NationCode, o: OrderKind) -> bool {
        verdict(c, w, n, &o).is_none()
    }

    /// In spring, a garrison and a transfer draw on their army: the check's own refusal
    /// gives the army's value and the detachment's cost, and the values the page then
    /// allows are exactly those the check accepts.
    #[test]
    fn a_garrison_and_a_transfer_draw_on_their_army_as_the_check_says() {
        let c = crate::fixtures::shipped();
        let v = NationCode::from("V");
        let w = World::start(&c, &[v.clone(), NationCode::from("M")]);
        let own = club_world(&w, &v);
        let options = super::super::options(&c, &own, &v);
        let seen = std::collections::BTreeSet::new();
        let choices = options.choices(&c, &own, &v, &seen);
        let garrisons: Vec<&(OrderKind, Bounds)> = (choices.bounds.iter())
            .filter(|(o, _)| matches!(o, OrderKind::Garrison { .. }))
            .collect();
        assert!(!garrisons.is_empty(), "a garrison is offered: {choices:?}");
        for (o, b) in garrisons {
            let (army, fixed, rule) = b.draw.clone().expect("a garrison draws on its army");
            assert_eq!(rule, "G2b.3");
            assert_eq!(fixed, c.tables.garrison.detach_cost);
            let have = choices.armies[army.as_str()];
            assert_eq!(have, w.armies[&army].value);
            let at = |v| with_value(o, v).expect("a value");
            assert!(accepted(&c, &w, &v, at(have - fixed)), "{o:?} at its most");
            assert!(!accepted(&c, &w, &v, at(have - fixed + 1)), "{o:?} past it");
        }
        assert!(
            choices
                .bounds
                .iter()
                .any(|(o, b)| matches!(o, OrderKind::Loan { .. })
                    && b.max.as_ref().is_some_and(|(_, r)| r == "G2a.3")),
            "the loan's limit: {:?}",
            choices.bounds
        );
    }

    /// Issue 30.4: without `garrison_and_works_where_held`, a club's army besieging an
    /// enemy fortress (whose garrison its own world hides) is offered no garrison there:
    /// the siege says the place is held, in the club's world as in the referee's.
    #[test]
    fn no_garrison_is_offered_in_a_fortress_under_siege() {
        let mut c = crate::fixtures::shipped();
        c.tables.rulings.garrison_in_enemy_node_with_army = true;
        c.tables.rulings.garrison_and_works_where_held = false;
        let (v, m) = (NationCode::from("V"), NationCode::from("M"));
        let mut w = World::start(&c, &[v.clone(), m.clone()]);
        w.phase.phase = Phase::Round(2);
        let node: NodeCode = (w.nodes.iter())
            .find(|(_, s)| s.owner == m && s.fortification == Fortification::Fortified)
            .map(|(n, _)| n.clone())
            .expect("a Milanese fortified place");
        let army = w.raise_army(&v, &node, 300);
        let state = w.nodes.get_mut(&node).expect("the node");
        state.garrison = Some(Garrison {
            nation: m.clone(),
            value: 40,
        });
        w.sieges.push(Siege {
            node: node.clone(),
            besieger: army.clone(),
            rounds_spent: 0,
        });
        let garrison = OrderKind::Garrison {
            army: army.clone(),
            value: 10,
            node: None,
        };
        assert!(
            !accepted(&c, &w, &v, garrison.clone()),
            "the referee's check"
        );
        let own = club_world(&w, &v);
        assert!(
            !accepted(&c, &own, &v, garrison.clone()),
            "the club's check"
        );
        let options = super::super::options(&c, &own, &v);
        let offered = options.pieces.iter().flat_map(|p| &p.orders);
        assert!(
            !offered
                .into_iter()
                .any(|o| matches!(o, OrderKind::Garrison { army: a, .. } if a == &army)),
            "no garrison offered at {node}"
        );
    }
}
