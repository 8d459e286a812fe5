//! What spring, the summer rounds and battles share about the forces on the map: whose
//! forces stand at a node and what they are worth, alliances and their betrayal, a
//! force destroyed, and the garrison and transfer orders that spring carries out and the
//! rounds carry out too under the ruling `garrison_and_transfer_in_rounds` (G2b.2–3).
//!
//! Its own module so that spring and summer need not import each other: both import
//! this, and it imports neither.

use super::campaign::Campaign;
use super::ids::{ArmyId, Ducats, NationCode, NodeCode};
use super::ledger::{Account, Item};
use super::order::Piece;
use super::outcome::{
    Audience, Betrayal, Cause, Done, Force, Happening, NoBetrayal, Outcome, Reason,
};
use super::step::Step;
use super::world::{Fortification, Garrison, World};
use std::collections::BTreeSet;

type Applied = Result<Outcome, Outcome>;

fn reject(rule: &str, reason: Reason) -> Outcome {
    Outcome::rejected(rule, reason)
}

/// G2b.2: moves ducats between two armies of the club in one node (in spring, and in
/// summer rounds with the ruling `garrison_and_transfer_in_rounds`).
pub(super) fn transfer(
    s: &mut Step,
    n: &NationCode,
    from: &ArmyId,
    to: &ArmyId,
    value: Ducats,
) -> Applied {
    let done = |d: Done| Ok(Outcome::Done(d));
    let a = own_army(s, n, from, "G2b.2")?;
    let b = own_army(s, n, to, "G2b.2")?;
    if from == to {
        return Err(reject("G2b.2", Reason::SameArmy));
    }
    if a != b {
        return Err(reject(
            "G2b.2",
            Reason::NotTogether {
                from: from.clone(),
                to: to.clone(),
            },
        ));
    }
    let have = s.w.armies[from].value;
    if value > have {
        return Err(reject(
            "G2b.2",
            Reason::ArmyTooSmall {
                army: from.clone(),
                value: have,
                needed: value,
            },
        ));
    }
    let disbanded = s.army_add(from, -value, "G2b.2", Item::Transfer);
    s.army_add(to, value, "G2b.2", Item::Transfer);
    done(Done::Transferred {
        from: from.clone(),
        to: to.clone(),
        value,
        disbanded,
    })
}

/// G2b.3: a garrison that names its node is left there only if the army stands there
/// (in spring; in a round, also as it passes: `summer::movement`).
pub(super) fn at_named_node(
    s: &Step,
    army: &ArmyId,
    node: Option<&NodeCode>,
) -> Result<(), Outcome> {
    match (node, s.w.armies.get(army)) {
        (Some(node), Some(a)) if &a.node != node => Err(reject(
            "G2b.3",
            Reason::GarrisonNotOnPath {
                army: army.clone(),
                node: node.clone(),
            },
        )),
        _ => Ok(()),
    }
}

/// G2b.3: detaches a garrison from an army into the fortified node where it stands (in
/// spring, and in summer rounds with the ruling `garrison_and_transfer_in_rounds`).
pub(super) fn garrison(s: &mut Step, n: &NationCode, army: &ArmyId, value: Ducats) -> Applied {
    let t = s.c.tables.clone();
    let done = |d: Done| Ok(Outcome::Done(d));
    let at = own_army(s, n, army, "G2b.3")?;
    let node = &s.w.nodes[&at];
    // The amendment: in an enemy node, with the club's army there (a ruling, below).
    let takes = &node.owner != n;
    if takes {
        enemy_place_free(s, n, &at)?;
    }
    let node = &s.w.nodes[&at];
    if node.fortification != Fortification::Fortified {
        return Err(reject("G2b.3", Reason::NotFortified { node: at }));
    }
    let needed = value + t.garrison.detach_cost;
    let have = s.w.armies[army].value;
    if have < needed {
        return Err(reject(
            "G2b.3",
            Reason::ArmyTooSmall {
                army: army.clone(),
                value: have,
                needed,
            },
        ));
    }
    s.army_add(
        army,
        -value,
        "G2b.3",
        Item::GarrisonDetached { node: at.clone() },
    );
    s.army_add(army, -t.garrison.detach_cost, "G2b.3", Item::GarrisonCost);
    let state = s.w.nodes.get_mut(&at).expect("the army's node exists");
    match &mut state.garrison {
        Some(g) if &g.nation == n => g.value += value,
        _ => {
            state.garrison = Some(Garrison {
                nation: n.clone(),
                value,
            })
        }
    }
    s.ledger.add(
        n,
        Account::Garrison(at.clone()),
        value,
        "G2b.3",
        Item::GarrisonDetached { node: at.clone() },
    );
    if takes {
        take_with_garrison(s, n, &at);
    }
    done(Done::Garrisoned {
        army: army.clone(),
        node: at,
        value,
    })
}

/// G2b.3 with the ruling `garrison_in_enemy_node_with_army`: a garrison goes into an
/// enemy place only where no other nation has a force (a garrison, an army, a
/// diplomat): a place another nation still holds must be taken first (G3d), and a place
/// under siege is one (its defence stands: the siege says so in the besieger's own
/// world too, where the defending garrison is hidden, so the club's menu, its sheet and
/// its page never offer it). Without the
/// ruling, or with `garrison_and_works_where_held` (a fortified node changes hands only
/// by siege, G3b.8), only into the club's own nodes. An ally's node is not an enemy's.
pub(super) fn enemy_place_free(s: &Step, n: &NationCode, at: &NodeCode) -> Result<(), Outcome> {
    let owner = &s.w.nodes[at].owner;
    let r = &s.c.tables.rulings;
    if !r.garrison_in_enemy_node_with_army || r.garrison_and_works_where_held || allied(s, n, owner)
    {
        return Err(reject("G2b.3", Reason::NotYourNode { node: at.clone() }));
    }
    if !other_forces(s, at, n).is_empty() || s.w.sieges.iter().any(|x| &x.node == at) {
        return Err(reject("G2b.3", Reason::PlaceHeld { node: at.clone() }));
    }
    Ok(())
}

/// The garrison holds the enemy place for the club: the node becomes its, as an army
/// alone takes an open node (G3b.8), and the works under way there are lost.
pub(super) fn take_with_garrison(s: &mut Step, n: &NationCode, at: &NodeCode) {
    let Some(x) = s.w.nodes.get_mut(at) else {
        return;
    };
    let from = std::mem::replace(&mut x.owner, n.clone());
    lost_with_place(s, at, "G2b.3");
    s.event(
        Audience::Public,
        "G2b.3",
        Happening::NodeTaken {
            node: at.clone(),
            from,
            to: n.clone(),
        },
    );
}

/// A place changed hands: the works under way there and the sapper strengthening its
/// defence are lost with it, and each club that paid for them is told (their owners
/// alone: works and specialists are never shown to others, G7.4).
pub(super) fn lost_with_place(s: &mut Step, at: &NodeCode, rule: &str) {
    let sapper = s.w.nodes.get_mut(at).and_then(|x| x.sapper.take());
    let works: Vec<_> =
        s.w.works
            .iter()
            .filter(|w| &w.node == at)
            .cloned()
            .collect();
    s.w.works.retain(|w| &w.node != at);
    for w in works {
        s.event(
            Audience::Nation(w.nation.clone()),
            rule,
            Happening::WorksCaptured {
                node: at.clone(),
                nation: w.nation,
                kind: w.kind,
            },
        );
    }
    if let Some(nation) = sapper {
        s.event(
            Audience::Nation(nation.clone()),
            rule,
            Happening::SapperCaptured {
                node: at.clone(),
                nation,
            },
        );
    }
}

/// Returns the node the club's army stands at, or why the army is not the club's.
pub(super) fn own_army(
    s: &Step,
    n: &NationCode,
    army: &ArmyId,
    rule: &str,
) -> Result<NodeCode, Outcome> {
    match s.w.armies.get(army) {
        Some(a) if &a.nation == n => Ok(a.node.clone()),
        // Whether another nation's army exists is never told (G7.4): an id without the
        // club's own prefix is "not yours", existing or not.
        None if army.as_str().starts_with(&format!("{n}-")) => {
            Err(reject(rule, Reason::UnknownArmy { army: army.clone() }))
        }
        _ => Err(reject(rule, Reason::NotYourArmy { army: army.clone() })),
    }
}

/// Returns a piece's nation and node, if it exists (an army aboard a fleet has none).
pub(super) fn piece_at(w: &World, piece: &Piece) -> Option<(NationCode, NodeCode)> {
    match piece {
        Piece::Army(id) => w
            .armies
            .get(id)
            .filter(|a| a.ashore())
            .map(|a| (a.nation.clone(), a.node.clone())),
        Piece::Diplomat(id) => w
            .diplomats
            .get(id)
            .map(|d| (d.nation.clone(), d.node.clone())),
    }
}

/// Returns a piece's id as written.
pub(super) fn piece_name(piece: &Piece) -> String {
    match piece {
        Piece::Army(id) => id.to_string(),
        Piece::Diplomat(id) => id.to_string(),
    }
}

/// Returns the nations other than `nation` with a force at `node`: armies ashore,
/// diplomats, a garrison (G3b.4).
pub(super) fn other_forces(s: &Step, node: &NodeCode, nation: &NationCode) -> BTreeSet<NationCode> {
    let mut out = BTreeSet::new();
    for a in s
        .occ
        .armies_at(&s.w, node)
        .filter_map(|id| s.w.armies.get(id))
    {
        if &a.nation != nation {
            out.insert(a.nation.clone());
        }
    }
    for d in s
        .occ
        .diplomats_at(&s.w, node)
        .filter_map(|id| s.w.diplomats.get(id))
    {
        if &d.nation != nation {
            out.insert(d.nation.clone());
        }
    }
    if let Some(g) = s.w.nodes.get(node).and_then(|x| x.garrison.as_ref())
        && &g.nation != nation
    {
        out.insert(g.nation.clone());
    }
    out
}

/// Returns whether an alliance between the two stands (G5.2).
pub(super) fn allied(s: &Step, a: &NationCode, b: &NationCode) -> bool {
    alliance_stands(s.c, &s.w, a, b)
}

/// Whether the two are allies and both know it: the alliance stands and both declared
/// it (without the ruling `alliance_needs_both`, one declaration makes an alliance the
/// other club never declared, and telling it so would tell it the other's secret).
pub(super) fn allied_knowingly(s: &Step, a: &NationCode, b: &NationCode) -> bool {
    let mut members = [a.clone(), b.clone()];
    members.sort();
    allied(s, a, b)
        && (s.w.alliances.iter()).any(|x| x.members == members && x.declared_by.len() == 2)
}

/// Whether an alliance between the two stands in world `w` (G5.2): the one test, for
/// the resolution and for what a club is shown of its own alliances.
pub(super) fn alliance_stands(c: &Campaign, w: &World, a: &NationCode, b: &NationCode) -> bool {
    let needs_both = c.tables.rulings.alliance_needs_both;
    let mut members = [a.clone(), b.clone()];
    members.sort();
    w.alliances.iter().any(|x| {
        x.members == members
            && x.betrayed_by.is_empty()
            && if needs_both {
                x.declared_by.len() == 2
            } else {
                !x.declared_by.is_empty()
            }
    })
}

/// G5.2: `by` betrays its alliance with `against`, if one stands; `how` is told.
pub(super) fn betray(s: &mut Step, by: &NationCode, against: &NationCode, how: Betrayal) {
    let needs_both = s.c.tables.rulings.alliance_needs_both;
    let mut members = [by.clone(), against.clone()];
    members.sort();
    let Some(a) = s.w.alliances.iter_mut().find(|a| a.members == members) else {
        return;
    };
    let stands = if needs_both {
        a.declared_by.len() == 2
    } else {
        !a.declared_by.is_empty()
    };
    // The attacked club that had declared the alliance hears why the attack betrayed
    // nothing; one that had not declared it is told nothing, which would show the
    // attacker's declaration (G7.4).
    let why = if !stands {
        Some(NoBetrayal::NeverStood)
    } else if a.betrayed_by.contains(by) {
        Some(NoBetrayal::AlreadyBroken)
    } else if s.c.tables.rulings.betrayal_ends_alliance && a.betrayed_by.contains(against) {
        // One betrayal ends the alliance for both (G5.2: betrayed "while it stands").
        Some(NoBetrayal::BrokenByAttacked)
    } else {
        None
    };
    if let Some(why) = why {
        if a.declared_by.contains(against) {
            s.event(
                Audience::Nation(against.clone()),
                "G5.2",
                Happening::AllyAttackNoBetrayal {
                    by: by.clone(),
                    against: against.clone(),
                    why,
                    how,
                },
            );
        }
        return;
    }
    a.betrayed_by.insert(by.clone());
    for who in [
        Audience::Nation(by.clone()),
        Audience::Nation(against.clone()),
        Audience::Referee,
    ] {
        s.event(
            who,
            "G5.2",
            Happening::AllianceBetrayed {
                by: by.clone(),
                against: against.clone(),
                how: Some(how.clone()),
            },
        );
    }
}

/// Destroys an army, with its ledger entry and an event for its club.
pub(super) fn destroy_army(s: &mut Step, id: &ArmyId, rule: &str, item: Item, cause: Cause) {
    let Some(a) = s.w.armies.get(id).cloned() else {
        return;
    };
    s.army_add(id, -a.value, rule, item);
    // An army of no value is removed by army_add; make sure of it even at value 0.
    s.w.armies.remove(id);
    s.occ.refresh_army(&s.w, id);
    s.w.sieges.retain(|x| &x.besieger != id);
    s.event(
        Audience::Nation(a.nation.clone()),
        rule,
        Happening::ForceDestroyed {
            nation: a.nation.clone(),
            what: Force::Army(id.clone()),
            node: a.node.clone(),
            cause,
        },
    );
}

/// Destroys a node's garrison, with its ledger entry and an event for its club.
pub(super) fn destroy_garrison(
    s: &mut Step,
    node: &NodeCode,
    rule: &str,
    item: Item,
    cause: Cause,
) {
    let Some(g) = s.w.nodes.get_mut(node).and_then(|x| x.garrison.take()) else {
        return;
    };
    s.ledger.add(
        &g.nation,
        Account::Garrison(node.clone()),
        -g.value,
        rule,
        item,
    );
    s.event(
        Audience::Nation(g.nation.clone()),
        rule,
        Happening::ForceDestroyed {
            nation: g.nation.clone(),
            what: Force::Garrison,
            node: node.clone(),
            cause,
        },
    );
}

/// Returns the value of a nation's forces at a node (armies ashore and its garrison);
/// what a spy reports as the enemy's size (G3c.4). Diplomats are worth 0.
pub(super) fn force_value(s: &Step, node: &NodeCode, nation: &NationCode) -> Ducats {
    let armies: Ducats = s
        .occ
        .armies_at(&s.w, node)
        .filter_map(|id| s.w.armies.get(id))
        .filter(|a| &a.nation == nation)
        .map(|a| a.value)
        .sum();
    armies + garrison_value(s, node, nation)
}

/// Returns the value of a nation's garrison at a node (0 without one): the share of
/// [`force_value`] that stays within its walls, as a spy's report says (G3c.4).
pub(super) fn garrison_value(s: &Step, node: &NodeCode, nation: &NationCode) -> Ducats {
    s.w.nodes
        .get(node)
        .and_then(|x| x.garrison.as_ref())
        .filter(|g| &g.nation == nation)
        .map_or(0, |g| g.value)
}

/// G5.2: the moves of `set` that take a piece whose standing choice on contact is to
/// attack (as the file leaves it: a `[[stance]]` of the file counts over the piece's
/// own) into a place of a nation the club is allied with, as `(order number, the first
/// such place, the ally)`. Meeting the ally's force there in the field makes a battle,
/// which betrays the alliance; a play-test's club sent one and was told only "valid".
pub(crate) fn moves_at_allies(
    c: &Campaign,
    world: &World,
    club: &NationCode,
    set: &super::order::OrderSet,
) -> Vec<(u32, NodeCode, NationCode)> {
    use super::order::OrderKind;
    use super::tables::Choice;
    let stance = |piece: &Piece| {
        let chosen = set.orders.iter().rev().find_map(|o| match &o.kind {
            OrderKind::Stance {
                piece: p,
                on_contact: Some(choice),
                ..
            } if p == piece => Some(*choice),
            _ => None,
        });
        let own = match piece {
            Piece::Army(id) => world.armies.get(id).and_then(|a| a.stance.on_contact),
            Piece::Diplomat(id) => world.diplomats.get(id).and_then(|d| d.stance.on_contact),
        };
        chosen
            .or(own)
            .unwrap_or(c.tables.encounters.default_on_contact)
    };
    (set.orders.iter())
        .filter_map(|o| match &o.kind {
            OrderKind::Move { piece, path } if stance(piece) == Choice::Attack => path
                .iter()
                .skip(1)
                .filter_map(|node| Some((node, &world.nodes.get(node)?.owner)))
                .find(|(_, owner)| *owner != club && known_ally(c, world, club, owner))
                .map(|(node, owner)| (o.at.seq, node.clone(), owner.clone())),
            _ => None,
        })
        .collect()
}

/// G5.2: the siege orders of `set` at a place of a nation the club is allied with, as far
/// as it knows, as `(order number, the place, the ally)`: the siege betrays the alliance
/// (a play-test's Milan besieged its ally's Bergamo, told only "valid").
pub(crate) fn sieges_of_allies(
    c: &Campaign,
    world: &World,
    club: &NationCode,
    set: &super::order::OrderSet,
) -> Vec<(u32, NodeCode, NationCode)> {
    use super::order::OrderKind;
    (set.orders.iter())
        .filter_map(|o| match &o.kind {
            OrderKind::Siege {
                army, lift: false, ..
            } => {
                let a = world.armies.get(army).filter(|a| &a.nation == club)?;
                let owner = &world.nodes.get(&a.node)?.owner;
                (owner != club && known_ally(c, world, club, owner))
                    .then(|| (o.at.seq, a.node.clone(), owner.clone()))
            }
            _ => None,
        })
        .collect()
}

/// Whether `club` is allied with `other` as far as `club` knows: the alliance stands and
/// `club` declared it itself (without `alliance_needs_both`, the other's declaration
/// alone makes one, and is the other's secret, G7.4).
pub(super) fn known_ally(
    c: &Campaign,
    world: &World,
    club: &NationCode,
    other: &NationCode,
) -> bool {
    let mut members = [club.clone(), other.clone()];
    members.sort();
    alliance_stands(c, world, club, other)
        && (world.alliances.iter()).any(|a| a.members == members && a.declared_by.contains(club))
}
