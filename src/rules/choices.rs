//! What the order page (`report::page`) needs beyond the sheet's suggestions, every
//! item decided by the rules' own check ([`super::resolve::check_orders`]) in the
//! club's own world: for every place a piece cannot go, the rule that refuses it; the
//! stance choices; what each spring order costs the treasury (and per ducat of its
//! value); the objective, alliance and Strategos orders the rules accept; the rule an
//! order beyond the treasury breaks. So the page sums and flags, and never judges.

use super::calendar::Phase;
use super::campaign::Campaign;
use super::ids::{Ducats, NationCode, NodeCode};
use super::options::{Options, PieceKind};
use super::order::{AssassinTarget, FleetTo, Objective, OrderKind, OrderSet, Piece};
use super::outcome::Outcome;
use super::resolve::check_orders;
use super::tables::{Choice, ObjectiveKind};
use super::world::World;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet, VecDeque};

/// A place a piece may not go, and the rule that says so.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Refusal {
    /// A node or sea zone code.
    pub target: String,
    pub rule: String,
}

/// A spring order and what it costs the treasury as the rules reckon it alone.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Priced {
    pub order: OrderKind,
    /// Ducats taken from the treasury (negative for a loan).
    pub cost: Ducats,
    /// How the cost changes for each ducat more of the order's value (0 for an order
    /// without one).
    pub per_value: Ducats,
}

/// Everything the page offers beyond [`Options`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Choices {
    /// Piece id → the places it may not go, with the rule (summer rounds).
    pub refused: BTreeMap<String, Vec<Refusal>>,
    /// Piece id → the stance orders the rules accept for it (summer rounds).
    pub stances: BTreeMap<String, Vec<OrderKind>>,
    /// Assassin missions the rules accept (summer rounds).
    pub assassins: Vec<OrderKind>,
    /// Every spring order the page offers, priced (spring).
    pub spring: Vec<Priced>,
    /// The rule an order that the treasury cannot pay breaks (G2b.7), in spring.
    pub treasury_rule: Option<String>,
    /// The least value of a new army and the rule that sets it, in spring.
    pub min_raise: Option<(Ducats, String)>,
    /// The largest loan and the rule that sets it (G2a.3), in spring.
    pub loan_limit: Option<(Ducats, String)>,
}

/// Returns the page's choices for `nation` in its own world (`club_world`), given the
/// sheet's options of that world.
pub fn choices(c: &Campaign, world: &World, nation: &NationCode, options: &Options) -> Choices {
    let mut out = Choices::default();
    match world.phase.phase {
        Phase::Round(_) => {
            out.refused = refusals(c, world, nation, options);
            out.stances = stances(c, world, nation, options);
            out.assassins = assassins(c, world, nation);
        }
        Phase::Spring => spring(c, world, nation, options, &mut out),
        _ => {}
    }
    out
}

/// The rejection rule of each order judged together, `None` where it is accepted.
fn verdicts(
    c: &Campaign,
    world: &World,
    nation: &NationCode,
    kinds: &[OrderKind],
) -> Vec<Option<String>> {
    let set = OrderSet::from_kinds(kinds.iter().cloned());
    let mut w = world.clone();
    // Judged as the club will send them: after its battles are settled (as the sheet).
    w.battles.clear();
    match check_orders(c, &w, nation, &set) {
        Ok(outcomes) => set
            .orders
            .iter()
            .map(|o| {
                outcomes.iter().find_map(|x| match &x.result {
                    Outcome::Rejected { rule, .. } if x.at.seq == o.at.seq => Some(rule.clone()),
                    _ => None,
                })
            })
            .collect(),
        Err(_) => vec![Some(String::new()); kinds.len()],
    }
}

fn accepted(
    c: &Campaign,
    world: &World,
    nation: &NationCode,
    kind: OrderKind,
) -> Option<OrderKind> {
    verdicts(c, world, nation, std::slice::from_ref(&kind))[0]
        .is_none()
        .then_some(kind)
}

/// The shortest road path from `from` to every node (breadth first, codes in order).
fn shortest_paths(c: &Campaign, from: &NodeCode) -> BTreeMap<NodeCode, Vec<NodeCode>> {
    let mut paths = BTreeMap::from([(from.clone(), vec![from.clone()])]);
    let mut queue = VecDeque::from([from.clone()]);
    while let Some(n) = queue.pop_front() {
        let mut next: Vec<&NodeCode> = c.map.neighbours(n.as_str()).collect();
        next.sort_by(|a, b| super::ids::natural_cmp(a.as_str(), b.as_str()));
        for m in next {
            if !paths.contains_key(m) {
                let mut p = paths[&n].clone();
                p.push(m.clone());
                paths.insert(m.clone(), p);
                queue.push_back(m.clone());
            }
        }
    }
    paths
}

/// For every piece, every node (or sea zone and port, for a fleet) it is not offered,
/// with the rule that refuses the order to go there. One candidate of every piece is
/// judged in one check, as the sheet's options are.
fn refusals(
    c: &Campaign,
    world: &World,
    nation: &NationCode,
    options: &Options,
) -> BTreeMap<String, Vec<Refusal>> {
    let mut wanted: Vec<(String, Vec<(String, OrderKind)>)> = Vec::new();
    for p in &options.pieces {
        let offered: BTreeSet<String> = p.orders.iter().filter_map(destination).collect();
        let mut list = Vec::new();
        match p.kind {
            PieceKind::Army | PieceKind::Diplomat => {
                let piece = match p.kind {
                    PieceKind::Army => Piece::Army(p.id.as_str().into()),
                    _ => Piece::Diplomat(p.id.as_str().into()),
                };
                if world
                    .armies
                    .get(&super::ids::ArmyId::from(p.id.as_str()))
                    .is_some_and(|a| a.aboard.is_some())
                {
                    continue;
                }
                for (to, path) in shortest_paths(c, &NodeCode(p.at.clone())) {
                    if to.as_str() != p.at && !offered.contains(to.as_str()) {
                        let kind = OrderKind::Move {
                            piece: piece.clone(),
                            path,
                        };
                        list.push((to.to_string(), kind));
                    }
                }
            }
            PieceKind::Fleet => {
                let fleet: super::ids::FleetId = p.id.as_str().into();
                let seas = c.map.seas().map(|s| FleetTo::Sea(s.code.clone()));
                let ports = c
                    .map
                    .nodes()
                    .filter(|n| !c.map.seas_of_port(n.code.as_str()).is_empty())
                    .map(|n| FleetTo::Port(n.code.clone()));
                for to in seas.chain(ports) {
                    let code = match &to {
                        FleetTo::Sea(z) => z.to_string(),
                        FleetTo::Port(n) => n.to_string(),
                    };
                    if code != p.at && !offered.contains(&code) {
                        let kind = OrderKind::FleetMove {
                            fleet: fleet.clone(),
                            to,
                        };
                        list.push((code, kind));
                    }
                }
            }
        }
        wanted.push((p.id.clone(), list));
    }
    let rounds = wanted.iter().map(|(_, l)| l.len()).max().unwrap_or(0);
    let mut out: BTreeMap<String, Vec<Refusal>> = BTreeMap::new();
    for k in 0..rounds {
        let batch: Vec<(&String, &(String, OrderKind))> = wanted
            .iter()
            .filter_map(|(id, l)| l.get(k).map(|x| (id, x)))
            .collect();
        let kinds: Vec<OrderKind> = batch.iter().map(|(_, (_, o))| o.clone()).collect();
        for ((id, (target, _)), rule) in batch.iter().zip(verdicts(c, world, nation, &kinds)) {
            // An empty rule: the check could not judge (it never happens in a club's
            // own world); the page then just does not offer the place.
            if let Some(rule) = rule.filter(|r| !r.is_empty()) {
                out.entry((*id).clone()).or_default().push(Refusal {
                    target: target.clone(),
                    rule,
                });
            }
        }
    }
    out
}

/// Where a moving order goes: its last node, sea zone or port.
pub fn destination(o: &OrderKind) -> Option<String> {
    match o {
        OrderKind::Move { path, .. } => path.last().map(|n| n.to_string()),
        OrderKind::FleetMove {
            to: FleetTo::Sea(z),
            ..
        } => Some(z.to_string()),
        OrderKind::FleetMove {
            to: FleetTo::Port(p),
            ..
        } => Some(p.to_string()),
        _ => None,
    }
}

/// Every stance a road piece may take (G3c.3), kept where the rules accept it.
fn stances(
    c: &Campaign,
    world: &World,
    nation: &NationCode,
    options: &Options,
) -> BTreeMap<String, Vec<OrderKind>> {
    let mut out = BTreeMap::new();
    for p in options.pieces.iter().filter(|p| {
        p.kind != PieceKind::Fleet && p.orders.iter().any(|o| matches!(o, OrderKind::Move { .. }))
    }) {
        let piece = match p.kind {
            PieceKind::Army => Piece::Army(p.id.as_str().into()),
            _ => Piece::Diplomat(p.id.as_str().into()),
        };
        let mut list = Vec::new();
        for on in [Choice::Stop, Choice::Retreat, Choice::Attack] {
            for when in [
                Choice::Stop,
                Choice::Retreat,
                Choice::Attack,
                Choice::Withdraw,
            ] {
                let kind = OrderKind::Stance {
                    piece: piece.clone(),
                    on_contact: Some(on),
                    when_contacted: Some(when),
                    spy: None,
                    retreat_to: None,
                };
                list.extend(accepted(c, world, nation, kind));
            }
        }
        out.insert(p.id.clone(), list);
    }
    out
}

/// Assassin missions against the commander at every node where the club sees a foreign
/// army, kept where the rules accept them (the club must hold an assassin).
fn assassins(c: &Campaign, world: &World, nation: &NationCode) -> Vec<OrderKind> {
    let nodes: BTreeSet<&NodeCode> = world
        .armies
        .values()
        .filter(|a| &a.nation != nation)
        .map(|a| &a.node)
        .collect();
    nodes
        .into_iter()
        .filter_map(|n| {
            accepted(
                c,
                world,
                nation,
                OrderKind::Assassin {
                    target: AssassinTarget::CommanderAt(n.clone()),
                },
            )
        })
        .collect()
}

/// The treasury after the spring with only `kinds` ordered, as the resolution reckons it.
fn treasury_after(
    c: &Campaign,
    world: &World,
    nation: &NationCode,
    kinds: &[OrderKind],
) -> Option<Ducats> {
    let mut dice = super::dice::SeededDice::new([0; 32]);
    let orders = BTreeMap::from([(nation.clone(), OrderSet::from_kinds(kinds.iter().cloned()))]);
    let mut w = world.clone();
    w.battles.clear();
    let r = super::resolve::resolve(c, &w, &orders, &BTreeMap::new(), &mut dice).ok()?;
    r.next.as_ref()?.nations.get(nation).map(|n| n.treasury)
}

/// The same order with `more` ducats more of its value, for an order that has one.
fn with_more(o: &OrderKind, more: Ducats) -> Option<OrderKind> {
    let mut o = o.clone();
    match &mut o {
        OrderKind::Raise { value, .. }
        | OrderKind::Reinforce { value, .. }
        | OrderKind::Transfer { value, .. }
        | OrderKind::Garrison { value, .. } => *value += more,
        OrderKind::Loan { amount } | OrderKind::StrategosBid { amount, .. } => *amount += more,
        _ => return None,
    }
    Some(o)
}

/// The spring: every offered order with its cost, plus the orders the sheet leaves to
/// the club's choice (objective, alliances, Strategos bid, transfers), kept where the
/// rules accept them.
fn spring(c: &Campaign, world: &World, nation: &NationCode, options: &Options, out: &mut Choices) {
    let mut offered: Vec<OrderKind> = Vec::new();
    if let Some(sp) = &options.spring {
        offered.extend(sp.orders.iter().cloned());
    }
    offered.extend(options.pieces.iter().flat_map(|p| p.orders.iter().cloned()));
    let mut extra = Vec::new();
    let own: Vec<&super::world::Army> = world
        .armies
        .values()
        .filter(|a| &a.nation == nation)
        .collect();
    for a in &own {
        for b in own.iter().filter(|b| b.id != a.id && b.node == a.node) {
            extra.push(OrderKind::Transfer {
                from: a.id.clone(),
                to: b.id.clone(),
                value: 1,
            });
        }
    }
    if options.spring.as_ref().is_some_and(|s| s.first_spring) {
        for o in &c.tables.victory.objective {
            if o.id == ObjectiveKind::ConquerNation {
                for n in c.nations.iter().filter(|n| &n.code != nation) {
                    extra.push(OrderKind::Objective(Objective {
                        kind: o.id,
                        target: Some(n.code.clone()),
                    }));
                }
            } else {
                extra.push(OrderKind::Objective(Objective {
                    kind: o.id,
                    target: None,
                }));
            }
        }
    }
    for n in c.nations.iter().filter(|n| &n.code != nation) {
        extra.push(OrderKind::Alliance {
            with: n.code.clone(),
        });
    }
    extra.push(OrderKind::StrategosBid {
        amount: 10,
        move_order: vec![nation.clone()],
    });
    offered.extend(
        extra
            .into_iter()
            .filter_map(|o| accepted(c, world, nation, o)),
    );
    let base = treasury_after(c, world, nation, &[]).unwrap_or(0);
    for order in offered {
        let cost =
            treasury_after(c, world, nation, std::slice::from_ref(&order)).map_or(0, |t| base - t);
        // Judged one ducat below (a loan at its limit cannot go one above).
        let per_value = with_more(&order, -1)
            .and_then(|o| treasury_after(c, world, nation, &[o]))
            .map_or(0, |t| cost - (base - t));
        out.spring.push(Priced {
            order,
            cost,
            per_value,
        });
    }
    // What the rules say of an order the treasury cannot pay (one of the offered
    // orders with a value, made too dear), and of an army too small.
    let dear = out
        .spring
        .iter()
        .filter(|p| {
            matches!(
                p.order,
                OrderKind::Raise { .. } | OrderKind::Reinforce { .. }
            )
        })
        .find_map(|p| with_more(&p.order, base.max(0) + 1_000_000));
    if let Some(dear) = dear {
        out.treasury_rule = verdicts(c, world, nation, &[dear])[0].clone();
    }
    if let Some(limit) = options
        .spring
        .as_ref()
        .map(|s| s.loan_limit)
        .filter(|l| *l > 0)
    {
        let over = OrderKind::Loan { amount: limit + 1 };
        out.loan_limit = verdicts(c, world, nation, &[over])[0]
            .clone()
            .map(|rule| (limit, rule));
    }
    let min = c.tables.armies.min_raise;
    let raise_at = out.spring.iter().find_map(|p| match &p.order {
        OrderKind::Raise { node, .. } => Some(node.clone()),
        _ => None,
    });
    if let (Some(node), true) = (raise_at, min > 1) {
        let small = OrderKind::Raise {
            node,
            value: min - 1,
        };
        out.min_raise = verdicts(c, world, nation, &[small])[0]
            .clone()
            .map(|rule| (min, rule));
    }
}
