//! Fleets (G3e): one sea lane a round, pushed back or destroyed by stronger enemy
//! fleets, one army carried, a whole round to land, and the storm.

use super::round::Round;
use crate::rules::campaign::Campaign;
use crate::rules::forces::{allied, destroy_army, other_forces};
use crate::rules::ids::{ArmyId, FleetId, NationCode, NodeCode};
use crate::rules::ledger::Item;
use crate::rules::order::{FleetTo, Order};
use crate::rules::outcome::{Audience, Cause, ClashFate, Done, Happening, Outcome, Reason};
use crate::rules::sea::{IdleCourse, idle_course};
use crate::rules::step::Step;
use crate::rules::tables::IdleFleet;
use crate::rules::world::{FleetAt, World};
use std::collections::BTreeMap;

type Fleeted = Result<Outcome, Outcome>;

fn reject(rule: &str, reason: Reason) -> Outcome {
    Outcome::rejected(rule, reason)
}

fn own_fleet(w: &World, n: &NationCode, fleet: &FleetId) -> Result<(), Outcome> {
    match w.fleets.get(fleet) {
        Some(f) if &f.nation == n => Ok(()),
        // Whether another nation's fleet exists is never told (G7.4).
        _ if !fleet.as_str().starts_with(&format!("{n}-")) => Err(reject(
            "G3e.1",
            Reason::NotYourFleet {
                fleet: fleet.clone(),
            },
        )),
        _ => Err(reject(
            "G3e.1",
            Reason::UnknownPiece {
                piece: fleet.to_string(),
            },
        )),
    }
}

fn at_name(at: &FleetAt) -> String {
    match at {
        FleetAt::Port(p) => p.to_string(),
        FleetAt::Sea(z) => z.to_string(),
    }
}

/// G3e.3: an army in port boards a fleet of its club in the same port.
pub(super) fn embark(
    s: &mut Step,
    r: &mut Round,
    n: &NationCode,
    fleet: &FleetId,
    army: &ArmyId,
) -> Fleeted {
    own_fleet(&s.w, n, fleet)?;
    let f = s.w.fleets[fleet].clone();
    let FleetAt::Port(port) = &f.at else {
        return Err(reject("G3e.3", Reason::NotInPort));
    };
    if f.cargo.is_some() {
        return Err(reject("G3e.3", Reason::CargoFull));
    }
    match s.w.armies.get(army) {
        Some(a) if &a.nation == n && a.ashore() && &a.node == port => {}
        Some(a) if &a.nation == n && a.ashore() => {
            return Err(reject("G3e.3", Reason::NotAtPort { node: port.clone() }));
        }
        Some(a) if &a.nation == n => return Err(reject("G3e.3", Reason::Aboard)),
        _ => return Err(reject("G3e.3", Reason::UnknownArmy { army: army.clone() })),
    }
    if s.w.armies[army].stunned == Some(s.w.phase) {
        return Err(reject("G2b.5", Reason::Stunned));
    }
    if s.c.tables.rulings.armies_in_battle_stay
        && s.c.tables.rulings.armies_in_battle_stay_ashore
        && let Some(b) = (s.w.battles.iter())
            .find(|b| b.attacker.armies.contains(army) || b.defender.armies.contains(army))
    {
        return Err(reject(
            "G3c.7",
            Reason::InBattle {
                node: b.node.clone(),
            },
        ));
    }
    if let Some(a) = s.w.armies.get_mut(army) {
        a.aboard = Some(fleet.clone());
        a.inside = false;
    }
    s.occ.refresh_army(&s.w, army);
    s.w.sieges.retain(|x| &x.besieger != army);
    if let Some(f) = s.w.fleets.get_mut(fleet) {
        f.cargo = Some(army.clone());
    }
    r.moved
        .insert(crate::rules::order::Piece::Army(army.clone()));
    Ok(Outcome::Done(Done::Embarked {
        fleet: fleet.clone(),
        army: army.clone(),
    }))
}

/// G3e.1: a fleet sails one lane: port ↔ its sea zone, zone ↔ zone; it may enter only
/// its own club's ports.
pub(super) fn sail(
    s: &mut Step,
    r: &mut Round,
    n: &NationCode,
    fleet: &FleetId,
    to: &FleetTo,
) -> Fleeted {
    own_fleet(&s.w, n, fleet)?;
    // Between the two halves of `before_sailing`: a fleet of the club's given a
    // second order is refused before its course is looked at.
    if r.fleet_busy.contains(fleet) {
        return Err(reject("G3e.1", Reason::FleetBusy));
    }
    let (from, dest) = course(s.c, &s.w, n, fleet, to)?;
    r.fleet_busy.insert(fleet.clone());
    r.fleet_origin.insert(fleet.clone(), from);
    if let Some(f) = s.w.fleets.get_mut(fleet) {
        f.at = dest.clone();
    }
    Ok(Outcome::Done(Done::FleetMoved {
        fleet: fleet.clone(),
        to: at_name(&dest),
    }))
}

/// The checks a fleet's sailing passes before anything changes (G3e.1), for the
/// fleet's first order of the round: what [`sail`] checks first, reading only the
/// campaign and the world, so a course refused here is refused by the resolution with
/// the same rule, whatever else the round holds.
pub(super) fn before_sailing(
    c: &Campaign,
    w: &World,
    n: &NationCode,
    fleet: &FleetId,
    to: &FleetTo,
) -> Result<(), Outcome> {
    own_fleet(w, n, fleet)?;
    course(c, w, n, fleet, to).map(|_| ())
}

/// G3e.1: where the club's own fleet sails from, and to: one lane, into a port of the
/// club's only.
fn course(
    c: &Campaign,
    w: &World,
    n: &NationCode,
    fleet: &FleetId,
    to: &FleetTo,
) -> Result<(FleetAt, FleetAt), Outcome> {
    let from = w.fleets[fleet].at.clone();
    let map = &c.map;
    let dest = match (&from, to) {
        (FleetAt::Port(p), FleetTo::Sea(z)) if map.seas_of_port(p.as_str()).contains(&z) => {
            FleetAt::Sea(z.clone())
        }
        (FleetAt::Sea(z), FleetTo::Sea(y)) if map.sea_neighbours(z.as_str()).any(|x| x == y) => {
            FleetAt::Sea(y.clone())
        }
        (FleetAt::Sea(z), FleetTo::Port(p)) if map.ports_on(z.as_str()).any(|x| x == p) => {
            if w.nodes.get(p).is_none_or(|x| &x.owner != n) {
                return Err(reject("G3e.1", Reason::ForeignPort { port: p.clone() }));
            }
            FleetAt::Port(p.clone())
        }
        (_, FleetTo::Sea(z)) => {
            return Err(reject(
                "G3e.1",
                Reason::NotAdjacentSea { to: z.to_string() },
            ));
        }
        (_, FleetTo::Port(p)) => {
            return Err(reject(
                "G3e.1",
                Reason::NotAdjacentSea { to: p.to_string() },
            ));
        }
    };
    Ok((from, dest))
}

/// G3e.3: a fleet that carries an army and lies in a port or on the sea zone of a port
/// lands the army there; the fleet stays put all round and the army is ashore at its end.
pub(super) fn plan_landing(
    s: &mut Step,
    r: &mut Round,
    n: &NationCode,
    o: &Order,
    fleet: &FleetId,
    node: &NodeCode,
) -> Fleeted {
    own_fleet(&s.w, n, fleet)?;
    if r.fleet_busy.contains(fleet) {
        return Err(reject("G3e.3", Reason::FleetBusy));
    }
    let f = s.w.fleets[fleet].clone();
    if f.cargo.is_none() {
        return Err(reject("G3e.3", Reason::NoCargo));
    }
    let reaches = match &f.at {
        FleetAt::Port(p) => p == node,
        FleetAt::Sea(z) => s.c.map.ports_on(z.as_str()).any(|p| p == node),
    };
    if !reaches {
        return Err(reject(
            "G3e.3",
            Reason::NotAdjacentSea {
                to: node.to_string(),
            },
        ));
    }
    r.fleet_busy.insert(fleet.clone());
    r.landings
        .push((n.clone(), o.clone(), fleet.clone(), node.clone()));
    Ok(Outcome::Done(Done::Landing {
        fleet: fleet.clone(),
        node: node.clone(),
    }))
}

/// G3e.1: a fleet at sea must move. One given no move (and not landing) takes the
/// course of the ruling `idle_fleet_at_sea` (see `rules::sea`); under the ruling the
/// club is told, and a fleet that sails is pushed back like any other.
pub(super) fn idle_fleets(s: &mut Step, r: &mut Round) {
    let rule = s.c.tables.rulings.idle_fleet_at_sea;
    let idle: Vec<FleetId> =
        s.w.fleets
            .values()
            .filter(|f| matches!(f.at, FleetAt::Sea(_)) && !r.fleet_busy.contains(&f.id))
            .map(|f| f.id.clone())
            .collect();
    for id in idle {
        let f = s.w.fleets[&id].clone();
        let course = idle_course(&s.c.map, &s.w, rule, &f.nation, &f.at);
        let dest = match &course {
            IdleCourse::IntoPort(p) => FleetAt::Port(p.clone()),
            IdleCourse::Toward { sea, .. } => FleetAt::Sea(sea.clone()),
            IdleCourse::Lost => {
                lose_fleet(s, &id, "G3e.1", Lost::NoPort);
                continue;
            }
            IdleCourse::StaysInPort | IdleCourse::KeepsTheSea => continue,
        };
        if rule == IdleFleet::SailsHome {
            r.fleet_origin.insert(id.clone(), f.at.clone());
            let port = match &course {
                IdleCourse::Toward { port, .. } | IdleCourse::IntoPort(port) => port.clone(),
                _ => continue,
            };
            s.event(
                Audience::Nation(f.nation.clone()),
                "G3e.1",
                Happening::FleetSailedHome {
                    nation: f.nation.clone(),
                    fleet: id.clone(),
                    to: at_name(&dest),
                    port,
                },
            );
        }
        if let Some(x) = s.w.fleets.get_mut(&id) {
            x.at = dest;
        }
    }
}

/// G3e.2: in each sea zone where enemy fleets meet, a side faced by at least as many
/// enemy fleets is pushed back where it came from; a single fleet facing two or more
/// that cannot go back is destroyed. Allies' fleets do not fight.
pub(super) fn clashes(s: &mut Step, r: &Round) {
    let mut by_zone: BTreeMap<String, BTreeMap<NationCode, Vec<FleetId>>> = BTreeMap::new();
    for f in s.w.fleets.values() {
        if let FleetAt::Sea(z) = &f.at {
            by_zone
                .entry(z.to_string())
                .or_default()
                .entry(f.nation.clone())
                .or_default()
                .push(f.id.clone());
        }
    }
    for (zone, sides) in by_zone {
        if sides.len() < 2 {
            continue;
        }
        let counts: Vec<(NationCode, usize)> =
            sides.iter().map(|(n, v)| (n.clone(), v.len())).collect();
        // What became of each side that met a stronger one, for the stronger's club.
        let mut fates: Vec<(NationCode, ClashFate)> = Vec::new();
        for (nation, fleets) in &sides {
            let enemy_max = counts
                .iter()
                .filter(|(m, _)| m != nation && !allied(s, nation, m))
                .map(|(_, c)| *c)
                .max()
                .unwrap_or(0);
            if enemy_max == 0 || enemy_max < fleets.len() {
                continue;
            }
            let fate = |id: &FleetId| match r.fleet_origin.get(id) {
                Some(_) => ClashFate::PushedBack,
                None if fleets.len() == 1 && enemy_max >= 2 => ClashFate::Destroyed,
                None => ClashFate::Held,
            };
            for id in fleets {
                if !fates.contains(&(nation.clone(), fate(id))) {
                    fates.push((nation.clone(), fate(id)));
                }
            }
            let by: Vec<NationCode> = (counts.iter())
                .filter(|(m, _)| m != nation && !allied(s, nation, m))
                .map(|(m, _)| m.clone())
                .collect();
            for id in fleets {
                match r.fleet_origin.get(id) {
                    Some(origin) => {
                        if let Some(f) = s.w.fleets.get_mut(id) {
                            f.at = origin.clone();
                        }
                        s.event(
                            Audience::Nation(nation.clone()),
                            "G3e.2",
                            Happening::FleetPushedBack {
                                nation: nation.clone(),
                                fleet: id.clone(),
                                to: at_name(origin),
                                at: Some(zone.clone()),
                                by: by.clone(),
                            },
                        );
                    }
                    None if fleets.len() == 1 && enemy_max >= 2 => {
                        lose_fleet(s, id, "G3e.2", Lost::Destroyed)
                    }
                    // It did not sail this round: it has nowhere to be pushed back to
                    // and holds the zone; its club is told of the meeting (a
                    // play-test's Spain never learnt its landing fleet had met one).
                    None => s.event(
                        Audience::Nation(nation.clone()),
                        "G3e.2",
                        Happening::FleetHeldZone {
                            nation: nation.clone(),
                            fleet: id.clone(),
                            at: zone.clone(),
                            by: by.clone(),
                        },
                    ),
                }
            }
        }
        clashes_won(s, &zone, &sides, &fates);
    }
}

/// G3e.2 (told since issue 29): each side that met fewer fleets of an enemy in `zone`
/// is told what became of them; only the side that lost had been told of the clash.
fn clashes_won(
    s: &mut Step,
    zone: &str,
    sides: &BTreeMap<NationCode, Vec<FleetId>>,
    fates: &[(NationCode, ClashFate)],
) {
    for (nation, fleets) in sides {
        for (enemy, fate) in fates {
            let fewer = sides.get(enemy).is_some_and(|e| e.len() < fleets.len());
            if enemy == nation || !fewer || allied(s, nation, enemy) {
                continue;
            }
            s.event(
                Audience::Nation(nation.clone()),
                "G3e.2",
                Happening::FleetClashWon {
                    nation: nation.clone(),
                    fleets: fleets.clone(),
                    at: zone.to_owned(),
                    against: enemy.clone(),
                    fate: *fate,
                },
            );
        }
    }
}

/// How a fleet is lost.
enum Lost {
    /// By enemy fleets (G3e.2).
    Destroyed,
    /// In the storm (G3e.4).
    Storm,
    /// With no port of its club to make for (G3e.1, ruling `idle_fleet_at_sea`).
    NoPort,
}

/// Removes a fleet and the army it carries.
fn lose_fleet(s: &mut Step, id: &FleetId, rule: &str, how: Lost) {
    let Some(f) = s.w.fleets.remove(id) else {
        return;
    };
    if let Some(army) = &f.cargo {
        destroy_army(s, army, rule, Item::Storm, Cause::LostAtSea);
    }
    let (nation, fleet) = (f.nation.clone(), id.clone());
    let what = match how {
        Lost::Destroyed => Happening::FleetDestroyed { nation, fleet },
        Lost::Storm => Happening::FleetLost { nation, fleet },
        Lost::NoPort => Happening::FleetAdrift { nation, fleet },
    };
    s.event(Audience::Nation(f.nation.clone()), rule, what);
}

/// G3e.4: each round 1d6; on a storm, every fleet not in port rolls and is lost, with
/// its cargo, on the fatal face.
pub(super) fn storm(s: &mut Step, round: u8) {
    let t = s.c.tables.fleets.clone();
    let roll = s
        .dice
        .d6(&format!("storm/r{round:02}"), "storm at sea (G3e.4)");
    let storm = t.storm_on.contains(&roll);
    s.event(
        Audience::Public,
        "G3e.4",
        Happening::StormRoll {
            roll,
            storm: Some(storm),
        },
    );
    if !storm {
        return;
    }
    let at_sea: Vec<FleetId> =
        s.w.fleets
            .values()
            .filter(|f| matches!(f.at, FleetAt::Sea(_)))
            .map(|f| f.id.clone())
            .collect();
    for id in at_sea {
        let r = s.dice.d6(
            &format!("storm/r{round:02}/{id}"),
            &format!("fleet {id} in the storm: lost on 6"),
        );
        let lost = t.lost_on.contains(&r);
        // Its club hears its fleet's roll and what it meant, lost or not (issue 29).
        if let Some(f) = s.w.fleets.get(&id) {
            let nation = f.nation.clone();
            s.event(
                Audience::Nation(nation.clone()),
                "G3e.4",
                Happening::FleetStormRoll {
                    nation,
                    fleet: id.clone(),
                    roll: r,
                    lost_on: t.lost_on.clone(),
                    lost,
                },
            );
        }
        if lost {
            lose_fleet(s, &id, "G3e.4", Lost::Storm);
        }
    }
}

/// G3e.3: at the end of the round the landing armies are ashore, unless enemy forces
/// hold the node (then the army stays aboard).
pub(super) fn landings(s: &mut Step, r: &mut Round) {
    let phase = s.w.phase;
    for (n, o, fleet, node) in std::mem::take(&mut r.landings) {
        let Some(army) = s.w.fleets.get(&fleet).and_then(|f| f.cargo.clone()) else {
            // Lost in a clash or the storm: the landing outcome stands as planned.
            continue;
        };
        let holders = other_forces(s, &node, &n);
        if !holders.is_empty() {
            // The holders see it turned back (a play-test's Papacy never learnt that a
            // Spanish army had tried to land at its Ostia).
            let clubs: Vec<NationCode> = (holders.into_iter())
                .filter(|h| s.w.is_club(h.as_str()))
                .collect();
            for h in clubs {
                s.event(
                    Audience::Nation(h),
                    "G3e.3",
                    Happening::LandingRepelled {
                        node: node.clone(),
                        by: n.clone(),
                    },
                );
            }
            if let Some(last) = s
                .outcomes
                .iter_mut()
                .rev()
                .find(|x| x.nation == n && x.at == o.at)
            {
                last.result =
                    Outcome::rejected("G3e.3", Reason::LandingBlocked { node: node.clone() });
            }
            continue;
        }
        if let Some(a) = s.w.armies.get_mut(&army) {
            a.aboard = None;
            a.node = node.clone();
            a.arrived = Some(phase);
        }
        s.occ.refresh_army(&s.w, &army);
        if let Some(f) = s.w.fleets.get_mut(&fleet) {
            f.cargo = None;
        }
        s.event(
            Audience::Nation(n.clone()),
            "G3e.3",
            Happening::Landed {
                nation: n.clone(),
                army,
                node,
            },
        );
    }
}

/// Who held each port where a fleet lay as the round began.
pub(super) fn port_owners(s: &Step) -> BTreeMap<NodeCode, NationCode> {
    (s.w.fleets.values())
        .filter_map(|f| match &f.at {
            FleetAt::Port(p) => Some((p.clone(), s.w.nodes.get(p)?.owner.clone())),
            FleetAt::Sea(_) => None,
        })
        .collect()
}

/// G3e.1 (told since issue 29): a fleet that lay in a port of its club that passed to
/// another nation this round (a surrender, a capture) is told where it stands: safe in
/// the port until it sails, and unable to come back once it has left, a fleet entering
/// only its own club's ports (a play-test's Venice saw its fleet listed in a surrendered
/// port, told nothing).
pub(super) fn in_lost_ports(s: &mut Step, before: &BTreeMap<NodeCode, NationCode>) {
    let mut told = Vec::new();
    for f in s.w.fleets.values() {
        let FleetAt::Port(port) = &f.at else {
            continue;
        };
        let Some(owner) = s.w.nodes.get(port).map(|x| &x.owner) else {
            continue;
        };
        if before.get(port) == Some(&f.nation) && owner != &f.nation {
            told.push(Happening::FleetInLostPort {
                nation: f.nation.clone(),
                fleet: f.id.clone(),
                port: port.clone(),
                owner: owner.clone(),
            });
        }
    }
    for h in told {
        if let Happening::FleetInLostPort { nation, .. } = &h {
            s.event(Audience::Nation(nation.clone()), "G3e.1", h.clone());
        }
    }
}
