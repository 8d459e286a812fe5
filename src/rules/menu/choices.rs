//! The menu's choices: what the order page (`report::page`) offers beyond the sheet's
//! suggestions ([`super::Options`]), every
//! item decided by the rules' own check ([`crate::rules::resolve::check_orders`]) in the
//! club's own world, or, for a move, by the checks the resolution makes before moving
//! (`summer::refused_before_moving`), which spare a whole resolution per
//! batch of places: for every place a piece cannot go, the rule that refuses it; the
//! stance choices; what each spring order costs the treasury (and per ducat of its
//! value); the objective, alliance and Strategos orders the rules accept, with the clubs
//! a Strategos's move order may name; each piece's fallback nodes and spy choices; the
//! assassins' targets; the rule an order beyond the treasury breaks. So the page sums
//! and flags, and never judges.

use super::{Options, PieceKind, PieceOptions};
use crate::rules::calendar::Phase;
use crate::rules::campaign::Campaign;
use crate::rules::ids::{Ducats, NationCode, NodeCode};
use crate::rules::order::{
    AssassinTarget, FleetTo, Objective, OrderKind, OrderSet, Piece, SpyCondition,
};
use crate::rules::outcome::Outcome;
use crate::rules::resolve::check_orders;
use crate::rules::summer::refused_before_moving;
use crate::rules::tables::{Choice, ObjectiveKind};
use crate::rules::world::World;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

/// A place a piece may not go, and the rule that says so.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct Refusal {
    /// A node or sea zone code.
    pub(crate) target: String,
    pub(crate) rule: String,
}

/// A spring order and what it costs the treasury as the rules reckon it alone.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct Priced {
    pub(crate) order: OrderKind,
    /// Ducats taken from the treasury (negative for a loan).
    pub(crate) cost: Ducats,
    /// How the cost changes for each ducat more of the order's value (0 for an order
    /// without one).
    pub(crate) per_value: Ducats,
}

impl Options {
    /// The page's choices for `nation` in its own world (`club_world`), on top of these
    /// options of that world, given the nodes where the club sees a foreign force on
    /// land (`visibility::markers`: the fog decides them, not this module).
    pub(crate) fn choices(
        &self,
        c: &Campaign,
        world: &World,
        nation: &NationCode,
        seen: &std::collections::BTreeSet<NodeCode>,
    ) -> Choices {
        choices(c, world, nation, self, seen)
    }
}

/// Everything the page offers beyond [`Options`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub(crate) struct Choices {
    /// Piece id → the places it may not go, with the rule (summer rounds).
    pub(crate) refused: BTreeMap<String, Vec<Refusal>>,
    /// Piece id → the stance orders the rules accept for it (summer rounds).
    pub(crate) stances: BTreeMap<String, Vec<OrderKind>>,
    /// Piece id → the stance orders naming a node to retreat to (G3c.6) the rules accept:
    /// the neighbours of every node the piece may stand at after this round's move.
    pub(crate) retreats: BTreeMap<String, Vec<OrderKind>>,
    /// Piece id → the choices a spy's condition may take (G3c.4), where the club has a
    /// spy (without one the condition is never used).
    pub(crate) spies: BTreeMap<String, Vec<Choice>>,
    /// Assassin missions the rules accept (summer rounds): the commander and the sapper
    /// of the defence where the club sees a foreign force, the spy of every other club.
    pub(crate) assassins: Vec<OrderKind>,
    /// The clubs a Strategos bid's move order may name, in code order (G2b.5, G3b.1),
    /// where the rules accept a bid (spring).
    pub(crate) move_order: Vec<NationCode>,
    /// Every spring order the page offers, priced (spring).
    pub(crate) spring: Vec<Priced>,
    /// The rule an order that the treasury cannot pay breaks (G2b.7), in spring.
    pub(crate) treasury_rule: Option<String>,
    /// The least value of a new army and the rule that sets it, in spring.
    pub(crate) min_raise: Option<(Ducats, String)>,
    /// The largest loan and the rule that sets it (G2a.3), in spring.
    pub(crate) loan_limit: Option<(Ducats, String)>,
    /// Every offered order whose value the rules bound beyond the treasury, with its
    /// bounds ([`super::bounds`]).
    pub(crate) bounds: Vec<(OrderKind, super::bounds::Bounds)>,
    /// Army id → the value its orders may draw on together (a garrison, a transfer),
    /// as the rules' check reckons it.
    pub(crate) armies: BTreeMap<String, Ducats>,
    /// In a round: the treasury the round's bribes are paid from (G3d.3), and the rule a
    /// bribe it cannot pay breaks.
    pub(crate) bribes: Option<(Ducats, String)>,
}

/// Puts the rules' limits of the offered values into the menu.
fn limits(out: &mut Choices, l: super::bounds::Limits) {
    out.bounds = l.bounds;
    out.armies = l.armies;
    out.bribes = l.bribes;
}

/// Returns the page's choices for `nation` in its own world (`club_world`), given the
/// sheet's options of that world and the nodes where the club sees a foreign force on
/// land (`visibility::markers`: the fog decides them, not this module).
pub(super) fn choices(
    c: &Campaign,
    world: &World,
    nation: &NationCode,
    options: &Options,
    seen: &BTreeSet<NodeCode>,
) -> Choices {
    let mut out = Choices::default();
    // Every check judges the orders as the club will send them: after its battles are
    // settled. Dropping them once here spares `verdicts` a copy of the world per check.
    let cleared = world.without_battles();
    let world: &World = &cleared;
    match world.phase.phase {
        Phase::Round(_) => {
            out.refused = refusals(c, world, nation, options);
            out.stances = stances(c, world, nation, options);
            out.retreats = retreats(c, world, nation, options);
            out.spies = spies(c, world, nation, options);
            out.assassins = assassins(c, world, nation, seen);
            let offered: Vec<OrderKind> = (options.pieces.iter())
                .flat_map(|p| p.orders.iter().cloned())
                .collect();
            limits(&mut out, super::bounds::bounds(c, world, nation, &offered));
        }
        Phase::Spring => {
            spring(c, world, nation, options, &mut out);
            let offered: Vec<OrderKind> = out.spring.iter().map(|p| p.order.clone()).collect();
            limits(&mut out, super::bounds::bounds(c, world, nation, &offered));
        }
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
    if kinds.is_empty() {
        // Nothing to judge: a resolution would only say so.
        return Vec::new();
    }
    let set = OrderSet::from_kinds(kinds.iter().cloned());
    // `world` has no battles: [`choices`] dropped them, as the club's orders are judged
    // after its battles are settled (as the sheet).
    match check_orders(c, world, nation, &set) {
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

/// The shortest road path from `from` to every node it reaches that `wanted` takes
/// (breadth first, neighbours in natural code order), in code order. The search keeps
/// each node found with the index of the one it was found from, and writes the paths
/// of the wanted nodes alone, each at its length: a path copied at every node reached,
/// then looked up by code, was most of a page's candidates (issue 30.5).
fn shortest_paths(
    c: &Campaign,
    from: &NodeCode,
    wanted: impl Fn(&NodeCode) -> bool,
) -> Vec<(NodeCode, Vec<NodeCode>)> {
    // Each node found: its code, the index of the node it was found from, its depth.
    let mut found: Vec<(&NodeCode, usize, usize)> = vec![(from, 0, 0)];
    let mut index: BTreeMap<&NodeCode, usize> = BTreeMap::from([(from, 0)]);
    let mut next: Vec<&NodeCode> = Vec::new();
    let mut head = 0;
    while let Some(&(n, _, depth)) = found.get(head) {
        next.clear();
        next.extend(c.map.neighbours(n.as_str()));
        next.sort_by(|a, b| crate::rules::ids::natural_cmp(a.as_str(), b.as_str()));
        for &m in &next {
            if let std::collections::btree_map::Entry::Vacant(e) = index.entry(m) {
                e.insert(found.len());
                found.push((m, head, depth + 1));
            }
        }
        head += 1;
    }
    (index.iter())
        .filter(|(to, _)| wanted(to))
        .map(|(&to, &at)| {
            let mut path = Vec::with_capacity(found[at].2 + 1);
            let mut k = at;
            path.push(found[k].0.clone());
            while k != 0 {
                k = found[k].1;
                path.push(found[k].0.clone());
            }
            path.reverse();
            (to.clone(), path)
        })
        .collect()
}

/// Piece id → the places it is not offered (node, sea zone or port) and the order that
/// would go to each.
type Candidates = Vec<(String, Vec<(String, OrderKind)>)>;

/// For every piece, every node (or sea zone and port, for a fleet) it is not offered,
/// with the rule that refuses the order to go there.
///
/// Almost every candidate is refused by the checks a move or a sailing makes before it
/// changes anything (whose piece, where it stands, the allowance, banned roads, one
/// lane): the rules' own pre-move check ([`crate::rules::summer::refused_before_moving`], the
/// code the resolution runs first) judges those on the club's world, with no
/// resolution. Only the candidates it lets pass are judged by the rules' check, one
/// candidate of every piece in one check, as the sheet's options are.
///
/// Nothing a check resolves before the club's moves changes what the pre-move check
/// reads: the club's world holds no other club's piece or order, no battle (dropped by
/// [`choices`]), and a candidate sets no stance and sends no assassin. The one thing is
/// the first round's epidemic (G3a.1), rolled with a check's dice, which are not the
/// phase's: an army it destroys there would be refused everywhere as unknown (G3b.2) by
/// a check, where the pre-move check judges it in the world the club sees.
fn refusals(
    c: &Campaign,
    world: &World,
    nation: &NationCode,
    options: &Options,
) -> BTreeMap<String, Vec<Refusal>> {
    let wanted = candidates(c, world, options);
    let mut out: BTreeMap<String, Vec<Refusal>> = BTreeMap::new();
    // Per piece, the verdict of each candidate in order: the pre-move check's rule, or
    // `None` for one left to the rules' check below.
    let mut ruled: Vec<Vec<Option<String>>> = Vec::new();
    // Per piece, the candidates the pre-move check lets pass, by their index.
    let mut left: Vec<Vec<usize>> = Vec::new();
    for (_, list) in &wanted {
        let verdicts: Vec<Option<String>> = list
            .iter()
            .map(|(_, o)| match refused_before_moving(c, world, nation, o) {
                Some(Outcome::Rejected { rule, .. }) => Some(rule),
                _ => None,
            })
            .collect();
        left.push((0..list.len()).filter(|i| verdicts[*i].is_none()).collect());
        ruled.push(verdicts);
    }
    let rounds = left.iter().map(Vec::len).max().unwrap_or(0);
    for k in 0..rounds {
        let batch: Vec<(usize, usize)> = (left.iter().enumerate())
            .filter_map(|(p, l)| l.get(k).map(|i| (p, *i)))
            .collect();
        let kinds: Vec<OrderKind> = batch
            .iter()
            .map(|(p, i)| wanted[*p].1[*i].1.clone())
            .collect();
        for ((p, i), rule) in batch.into_iter().zip(verdicts(c, world, nation, &kinds)) {
            // An empty rule: the check could not judge (it never happens in a club's
            // own world); the page then just does not offer the place.
            ruled[p][i] = rule.filter(|r| !r.is_empty());
        }
    }
    for ((id, list), verdicts) in wanted.iter().zip(ruled) {
        for ((target, _), rule) in list.iter().zip(verdicts) {
            if let Some(rule) = rule {
                out.entry(id.clone()).or_default().push(Refusal {
                    target: target.clone(),
                    rule,
                });
            }
        }
    }
    out
}

/// Every piece's candidate places (by id): each node it does not stand at and is not
/// offered, with its shortest road path; each sea zone and port, for a fleet. An army
/// aboard a fleet has none (it moves with the fleet).
fn candidates(c: &Campaign, world: &World, options: &Options) -> Candidates {
    let mut wanted: Candidates = Vec::new();
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
                    .get(&crate::rules::ids::ArmyId::from(p.id.as_str()))
                    .is_some_and(|a| a.aboard.is_some())
                {
                    continue;
                }
                let wanted = |to: &NodeCode| to.as_str() != p.at && !offered.contains(to.as_str());
                for (to, path) in shortest_paths(c, &NodeCode(p.at.clone()), wanted) {
                    let kind = OrderKind::Move {
                        piece: piece.clone(),
                        path,
                    };
                    list.push((to.to_string(), kind));
                }
            }
            PieceKind::Fleet => {
                let fleet: crate::rules::ids::FleetId = p.id.as_str().into();
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
    wanted
}

/// Where a moving order goes: its last node, sea zone or port.
fn destination(o: &OrderKind) -> Option<String> {
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

/// Every stance a road piece may take (G3c.3), kept where the rules accept it. A stance
/// order's verdict hangs on its own piece alone (the round sets stances before anything
/// moves, and setting one changes no other), so every piece's every stance is judged in
/// one check: the same verdicts as one check each, for one resolution instead of twelve
/// per piece.
fn stances(
    c: &Campaign,
    world: &World,
    nation: &NationCode,
    options: &Options,
) -> BTreeMap<String, Vec<OrderKind>> {
    let mut ids = Vec::new();
    let mut kinds = Vec::new();
    for p in road_pieces(options) {
        let piece = road_piece(p);
        for on in [Choice::Stop, Choice::Retreat, Choice::Attack] {
            for when in [
                Choice::Stop,
                Choice::Retreat,
                Choice::Attack,
                Choice::Withdraw,
            ] {
                ids.push(&p.id);
                kinds.push(OrderKind::Stance {
                    piece: piece.clone(),
                    on_contact: Some(on),
                    when_contacted: Some(when),
                    spy: None,
                    retreat_to: None,
                });
            }
        }
    }
    kept_per_piece(c, world, nation, options, ids, kinds)
}

/// Assassin missions (G2b.5) against what the club can name: the commander where it sees
/// a foreign force, the sapper of the defence where its armies besiege, and the spy of
/// every other club (whether a club has one is hidden; a mission without its target is
/// spent by the ruling). Foreign pieces are anonymous markers, so no target by id is
/// offered. Kept where the rules accept them (the club must hold an assassin).
fn assassins(
    c: &Campaign,
    world: &World,
    nation: &NationCode,
    seen: &BTreeSet<NodeCode>,
) -> Vec<OrderKind> {
    // With no mission left every target is refused (G2b.5, the assassin step's first
    // check): no trial resolution per target needed to say so.
    if world.nation(nation.as_str()).map_or(0, |x| x.assassins) == 0 {
        return Vec::new();
    }
    let mut targets: Vec<AssassinTarget> = seen
        .iter()
        .map(|n| AssassinTarget::CommanderAt(n.clone()))
        .collect();
    let besieged: BTreeSet<&NodeCode> = world
        .sieges
        .iter()
        .filter(|s| world.armies.contains_key(&s.besieger))
        .map(|s| &s.node)
        .collect();
    targets.extend(
        besieged
            .into_iter()
            .map(|n| AssassinTarget::NodeSapper(n.clone())),
    );
    targets.extend(
        world
            .clubs
            .iter()
            .filter(|n| *n != nation)
            .map(|n| AssassinTarget::Spy(n.clone())),
    );
    // Each judged alone: in one check the first mission would spend the assassin.
    targets
        .into_iter()
        .filter_map(|target| accepted(c, world, nation, OrderKind::Assassin { target }))
        .collect()
}

/// The candidates (`kinds`, of the pieces `ids`) the rules accept, judged in one check,
/// listed by piece; every road piece has its list, empty where none is accepted.
fn kept_per_piece(
    c: &Campaign,
    world: &World,
    nation: &NationCode,
    options: &Options,
    ids: Vec<&String>,
    kinds: Vec<OrderKind>,
) -> BTreeMap<String, Vec<OrderKind>> {
    let mut out: BTreeMap<String, Vec<OrderKind>> = road_pieces(options)
        .map(|p| (p.id.clone(), Vec::new()))
        .collect();
    let verdicts = verdicts(c, world, nation, &kinds);
    for ((id, kind), v) in ids.into_iter().zip(kinds).zip(verdicts) {
        if v.is_none() {
            out.entry(id.clone()).or_default().push(kind);
        }
    }
    out
}

/// The road piece of a piece's options, for stance orders.
fn road_piece(p: &PieceOptions) -> Piece {
    match p.kind {
        PieceKind::Army => Piece::Army(p.id.as_str().into()),
        _ => Piece::Diplomat(p.id.as_str().into()),
    }
}

/// The pieces that take stances: those that move by road this round.
fn road_pieces(options: &Options) -> impl Iterator<Item = &PieceOptions> {
    options.pieces.iter().filter(|p| {
        p.kind != PieceKind::Fleet && p.orders.iter().any(|o| matches!(o, OrderKind::Move { .. }))
    })
}

/// G3c.6: the nodes a piece's stance may name to retreat to. A side retreats one node
/// from where it meets the enemy, so the candidates are the neighbours of where the
/// piece stands and of every node its offered moves pass; kept where the rules accept
/// the stance. Judged in one check for every piece, as [`stances`] are.
fn retreats(
    c: &Campaign,
    world: &World,
    nation: &NationCode,
    options: &Options,
) -> BTreeMap<String, Vec<OrderKind>> {
    let mut ids = Vec::new();
    let mut kinds = Vec::new();
    for p in road_pieces(options) {
        let mut met: BTreeSet<&str> = BTreeSet::from([p.at.as_str()]);
        for o in &p.orders {
            if let OrderKind::Move { path, .. } = o {
                met.extend(path.iter().map(|n| n.as_str()));
            }
        }
        let mut near: Vec<NodeCode> = met
            .iter()
            .flat_map(|n| c.map.neighbours(n))
            .cloned()
            .collect::<BTreeSet<NodeCode>>()
            .into_iter()
            .collect();
        near.sort_by(|a, b| crate::rules::ids::natural_cmp(a.as_str(), b.as_str()));
        for n in near {
            ids.push(&p.id);
            kinds.push(OrderKind::Stance {
                piece: road_piece(p),
                on_contact: None,
                when_contacted: None,
                spy: None,
                retreat_to: Some(n),
            });
        }
    }
    kept_per_piece(c, world, nation, options, ids, kinds)
}

/// G3c.4: the choices a spy's condition may take, for each road piece, where the club
/// has a spy this year (without one the condition never counts). Every choice is
/// judged as both branches, every piece's in one check, as [`stances`] are.
fn spies(
    c: &Campaign,
    world: &World,
    nation: &NationCode,
    options: &Options,
) -> BTreeMap<String, Vec<Choice>> {
    let mut out: BTreeMap<String, Vec<Choice>> = BTreeMap::new();
    if !world.nation(nation.as_str()).is_some_and(|n| n.spy) {
        return out;
    }
    let mut asked = Vec::new();
    let mut kinds = Vec::new();
    for p in road_pieces(options) {
        for &ch in Choice::ALL.iter() {
            asked.push((&p.id, ch));
            kinds.push(OrderKind::Stance {
                piece: road_piece(p),
                on_contact: None,
                when_contacted: None,
                spy: Some(SpyCondition {
                    enemy_at_most: 0,
                    then: ch,
                    otherwise: ch,
                }),
                retreat_to: None,
            });
        }
    }
    for ((id, ch), v) in asked.into_iter().zip(verdicts(c, world, nation, &kinds)) {
        if v.is_none() {
            out.entry(id.clone()).or_default().push(ch);
        }
    }
    out
}

/// The treasury after the spring with only `kinds` ordered, as the resolution reckons it.
fn treasury_after(
    c: &Campaign,
    world: &World,
    nation: &NationCode,
    kinds: &[OrderKind],
) -> Option<Ducats> {
    let mut dice = crate::rules::dice::SeededDice::new([0; 32]);
    let orders = BTreeMap::from([(nation.clone(), OrderSet::from_kinds(kinds.iter().cloned()))]);
    // `world` has no battles ([`choices`] dropped them): no copy to clear them.
    let r = crate::rules::resolve::resolve(c, world, &orders, &BTreeMap::new(), &mut dice).ok()?;
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
    let own: Vec<&crate::rules::world::Army> = world
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
        for o in (c.tables.victory.objective.iter())
            .filter(|o| crate::rules::victory::objective_possible(c, nation, o.id))
        {
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
    let bid = OrderKind::StrategosBid {
        amount: 10,
        move_order: vec![nation.clone()],
    };
    // The move order may name any club in play, the bidder's own included (G3b.1).
    let clubs: Vec<NationCode> = world.clubs.iter().cloned().collect();
    let every = OrderKind::StrategosBid {
        amount: 10,
        move_order: clubs.clone(),
    };
    if accepted(c, world, nation, every).is_some() {
        out.move_order = clubs;
    }
    extra.push(bid);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::ids::{ArmyId, DiplomatId, FleetId};
    use crate::rules::world::FleetAt;

    /// The April round (Firenze may not take the road F0-S12, G3b.6) of 1494, with
    /// diplomats, a Venetian fleet at sea carrying an army, a stunned Milanese army and
    /// a Papal army abroad, so that every rule of the pre-move check has a case.
    fn round_world(c: &Campaign) -> World {
        let clubs = ["V", "M", "F", "S", "P", "T"].map(|n| NationCode(n.into()));
        let mut w = World::start(c, &clubs);
        // The start is the spring of 1494; clubs missing from the move order go in code
        // order, which is all a check needs.
        w.phase.phase = Phase::Round(2);
        for (n, node) in [("V", "V9"), ("F", "F8"), ("M", "M3")] {
            w.place_diplomat(&NationCode(n.into()), &NodeCode(node.into()));
        }
        let first_army = |w: &World, n: &str| -> ArmyId {
            (w.armies.values().find(|a| a.nation.as_str() == n))
                .map(|a| a.id.clone())
                .expect("the club has an army")
        };
        let fleet = (w.fleets.values().find(|f| f.nation.as_str() == "V"))
            .map(|f| f.id.clone())
            .expect("Venice has a fleet");
        let FleetAt::Port(port) = w.fleets[&fleet].at.clone() else {
            panic!("fleets start in port")
        };
        let sea = c.map.seas_of_port(port.as_str())[0].clone();
        let army = first_army(&w, "V");
        w.fleets.get_mut(&fleet).expect("fleet").at = FleetAt::Sea(sea);
        w.fleets.get_mut(&fleet).expect("fleet").cargo = Some(army.clone());
        w.armies.get_mut(&army).expect("army").aboard = Some(fleet);
        let stunned = first_army(&w, "M");
        w.armies.get_mut(&stunned).expect("army").stunned = Some(w.phase);
        let abroad = first_army(&w, "P");
        let at = w.armies[&abroad].node.clone();
        let foreign = (c.map.neighbours(at.as_str()))
            .find(|x| w.nodes.get(*x).is_some_and(|s| s.owner.as_str() != "P"))
            .expect("a foreign neighbour")
            .clone();
        w.armies.get_mut(&abroad).expect("army").node = foreign;
        w
    }

    /// Orders no candidate is: other clubs' pieces, pieces the club does not have, an
    /// army aboard, a path that starts elsewhere.
    fn odd_orders(w: &World, n: &NationCode) -> Vec<OrderKind> {
        let path = |a: &str, b: &str| vec![NodeCode(a.into()), NodeCode(b.into())];
        let mut out = vec![
            OrderKind::Move {
                piece: Piece::Army(ArmyId(format!("{n}-A99"))),
                path: path("V4", "V5"),
            },
            OrderKind::Move {
                piece: Piece::Diplomat(DiplomatId(format!("{n}-D9"))),
                path: path("V4", "V5"),
            },
            OrderKind::FleetMove {
                fleet: FleetId(format!("{n}-F9")),
                to: FleetTo::Port(NodeCode("V0".into())),
            },
        ];
        for a in w.armies.values() {
            out.push(OrderKind::Move {
                piece: Piece::Army(a.id.clone()),
                path: path("V4", "V5"),
            });
        }
        for f in w.fleets.values() {
            out.push(OrderKind::FleetMove {
                fleet: f.id.clone(),
                to: FleetTo::Port(NodeCode("V0".into())),
            });
        }
        out
    }

    /// The pre-move check never disagrees with the resolution: every move it refuses,
    /// in a club's world, a whole check of that order alone (the old way of the page)
    /// refuses with the same rule and reason. The world has no epidemic (G3a.1), the
    /// one thing a check rolls before moving.
    /// The search by index finds, from every node of the shipped map, the paths the
    /// plain breadth-first search (every path copied node by node, as it was written
    /// first) finds, in the same order, and leaves out the places not wanted.
    #[test]
    fn shortest_paths_are_those_of_the_plain_search() {
        fn plain(c: &Campaign, from: &NodeCode) -> BTreeMap<NodeCode, Vec<NodeCode>> {
            let mut paths = BTreeMap::from([(from.clone(), vec![from.clone()])]);
            let mut queue = std::collections::VecDeque::from([from.clone()]);
            while let Some(n) = queue.pop_front() {
                let mut next: Vec<&NodeCode> = c.map.neighbours(n.as_str()).collect();
                next.sort_by(|a, b| crate::rules::ids::natural_cmp(a.as_str(), b.as_str()));
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
        let c = crate::fixtures::shipped();
        for node in c.map.nodes() {
            let from = &node.code;
            let all: Vec<_> = plain(&c, from).into_iter().collect();
            assert_eq!(shortest_paths(&c, from, |_| true), all, "from {from}");
            let odd = |n: &NodeCode| n.as_str().len() % 2 == 1;
            let some: Vec<_> = all.into_iter().filter(|(to, _)| odd(to)).collect();
            assert_eq!(shortest_paths(&c, from, odd), some, "from {from}");
        }
    }

    #[test]
    fn the_pre_move_check_refuses_as_a_check_of_the_order_alone() {
        let c = crate::fixtures::shipped();
        let full = round_world(&c);
        let mut rules = BTreeSet::new();
        for n in full.clubs.iter() {
            let w = crate::rules::visibility::club_world(&full, n);
            let options = super::super::options(&c, &w, n);
            let mut kinds: Vec<OrderKind> = candidates(&c, &w, &options)
                .into_iter()
                .flat_map(|(_, list)| list.into_iter().map(|(_, o)| o))
                .collect();
            kinds.extend(odd_orders(&full, n));
            for kind in kinds {
                let Some(pre) = refused_before_moving(&c, &w, n, &kind) else {
                    continue;
                };
                let set = OrderSet::from_kinds([kind.clone()]);
                let outcomes = check_orders(&c, &w, n, &set).expect("a club's world checks");
                let found = outcomes.iter().find(|x| x.at.seq == set.orders[0].at.seq);
                assert_eq!(found.map(|x| &x.result), Some(&pre), "{n}: {kind:?}");
                if let Outcome::Rejected { rule, .. } = pre {
                    rules.insert(rule);
                }
            }
        }
        let every = ["G2b.5", "G3b.2", "G3b.3", "G3b.6", "G3e.1", "G3e.3"];
        assert_eq!(rules, every.iter().map(|r| (*r).to_owned()).collect());
    }
}
