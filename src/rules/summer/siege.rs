//! Sieges (G3d, Table 35): rolled at the end of the round, bribes paid before the roll,
//! the besieger's army paying for each siege round, breaches when a place falls.

use super::{Round, betray, destroy_army, destroy_garrison};
use crate::rules::ids::{ArmyId, Ducats, NationCode};
use crate::rules::ledger::Item;
use crate::rules::map::NodeKind;
use crate::rules::order::{Order, OrderKind};
use crate::rules::outcome::{Audience, Cause, Done, Happening, Outcome, Reason};
use crate::rules::resolve::Step;
use crate::rules::world::{Fortification, Siege};

/// Rolls every siege ordered this round, in the move order; sieges not renewed lapse.
pub(super) fn sieges(s: &mut Step, r: &mut Round) {
    let mut renewed = Vec::new();
    for (n, o) in std::mem::take(&mut r.sieges) {
        let result = siege(s, &n, &o, &mut renewed).unwrap_or_else(|rejected| rejected);
        s.outcome(&n, &o, result);
    }
    // G3d.2 counts whole rounds spent in *this* siege: a round without the order ends it.
    s.w.sieges.retain(|x| renewed.contains(&x.besieger));
}

fn siege(
    s: &mut Step,
    n: &NationCode,
    o: &Order,
    renewed: &mut Vec<ArmyId>,
) -> Result<Outcome, Outcome> {
    let OrderKind::Siege { army, bribe } = &o.kind else {
        unreachable!("only siege orders come here")
    };
    let a = match s.w.armies.get(army) {
        Some(a) if &a.nation == n && a.ashore() => a.clone(),
        Some(a) if &a.nation == n => return Err(Outcome::rejected("G3e.3", Reason::Aboard)),
        _ => {
            return Err(Outcome::rejected(
                "G3d.1",
                Reason::UnknownArmy { army: army.clone() },
            ));
        }
    };
    let node = a.node.clone();
    let state = s.w.nodes[&node].clone();
    if state.owner == *n || state.fortification != Fortification::Fortified {
        return Err(Outcome::rejected("G3d.1", Reason::NoSiegeTarget { node }));
    }
    if a.stunned == Some(s.w.phase) {
        return Err(Outcome::rejected("G2b.5", Reason::Stunned));
    }
    if a.arrived == Some(s.w.phase) {
        return Err(Outcome::rejected("G3d.1", Reason::ArrivedThisRound));
    }
    if renewed.contains(army) {
        return Err(Outcome::rejected(
            "G3d.2",
            Reason::MovedTwice {
                piece: army.to_string(),
            },
        ));
    }
    let t = s.c.tables.siege.clone();
    // G3d.3: the bribe is paid before the roll, spent whatever the result.
    s.pay(n, *bribe, "G3d.3", Item::Bribe { node: node.clone() })?;
    let defender = state.owner.clone();
    let how = crate::rules::outcome::Betrayal::Siege { node: node.clone() };
    betray(s, n, &defender, how);
    let spent =
        s.w.sieges
            .iter()
            .find(|x| x.besieger == *army && x.node == node)
            .map_or(0, |x| x.rounds_spent);
    let inside: Vec<ArmyId> =
        s.w.armies
            .values()
            .filter(|x| x.ashore() && x.node == node && x.nation == defender)
            .map(|x| x.id.clone())
            .collect();
    let defender_sapper =
        state.sapper.as_ref() == Some(&defender) || inside.iter().any(|id| s.w.armies[id].sapper);
    let kind = s.c.map.node(node.as_str()).map(|x| x.kind);
    let modifier: i32 = i32::from(spent) * t.per_round_spent
        + if a.sapper { t.besieger_sapper } else { 0 }
        + i32::try_from(bribe / t.bribe_step.max(1)).unwrap_or(i32::MAX / 2) * t.per_bribe_step
        + if state.garrison.is_some() {
            t.garrison_present
        } else {
            0
        }
        + if defender_sapper {
            t.defender_sapper
        } else {
            0
        }
        + match kind {
            Some(NodeKind::City) => t.fortified_city,
            Some(NodeKind::Fortress) => t.fortress,
            Some(NodeKind::Village) | None => t.fortified_village,
        };
    let round = s.w.phase.round().unwrap_or(0);
    let roll = s.dice.d6(
        &format!("siege/{node}/r{round:02}"),
        &format!(
            "siege of {node} by {army}: 1d6 {modifier:+}, needs {}",
            t.target
        ),
    );
    let total = i32::from(roll) + modifier;
    let fell = total >= t.target;
    for who in [n, &defender] {
        s.event(
            Audience::Nation(who.clone()),
            "G3d.2",
            Happening::SiegeRoll {
                node: node.clone(),
                besieger: n.clone(),
                roll,
                total,
                needed: t.target,
            },
        );
    }
    // G3d.4: the besieging army pays for the round.
    let cost: Ducats = t.army_cost_per_round;
    s.army_add(
        army,
        -cost.min(a.value),
        "G3d.4",
        Item::SiegeCost { node: node.clone() },
    );
    if fell {
        surrender(s, n, &defender, &node, &inside);
    } else if s.w.armies.contains_key(army) {
        match s
            .w
            .sieges
            .iter_mut()
            .find(|x| x.besieger == *army && x.node == node)
        {
            Some(x) => x.rounds_spent += 1,
            None => s.w.sieges.push(Siege {
                node: node.clone(),
                besieger: army.clone(),
                rounds_spent: 1,
            }),
        }
        renewed.push(army.clone());
    }
    Ok(Outcome::Done(Done::SiegeRolled {
        node,
        roll,
        total,
        needed: t.target,
        fell,
    }))
}

/// G3d.2, G3d.5: the place surrenders with its garrison and every force inside, and is
/// breached.
fn surrender(
    s: &mut Step,
    to: &NationCode,
    from: &NationCode,
    node: &crate::rules::ids::NodeCode,
    inside: &[ArmyId],
) {
    destroy_garrison(
        s,
        node,
        "G3d.2",
        Item::Captured { node: node.clone() },
        Cause::Surrendered,
    );
    for id in inside {
        destroy_army(
            s,
            id,
            "G3d.2",
            Item::Captured { node: node.clone() },
            Cause::Surrendered,
        );
    }
    let diplomats: Vec<_> =
        s.w.diplomats
            .values()
            .filter(|d| &d.node == node && &d.nation == from)
            .map(|d| d.id.clone())
            .collect();
    for d in diplomats {
        s.w.diplomats.remove(&d);
        s.occ.refresh_diplomat(&s.w, &d);
    }
    if let Some(x) = s.w.nodes.get_mut(node) {
        x.owner = to.clone();
        x.fortification = Fortification::Breached;
        x.sapper = None;
    }
    s.w.sieges.retain(|x| &x.node != node);
    s.w.works.retain(|w| &w.node != node);
    s.event(
        Audience::Public,
        "G3d.2",
        Happening::Surrendered {
            node: node.clone(),
            from: from.clone(),
            to: to.clone(),
        },
    );
}
