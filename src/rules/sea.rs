//! The course of a fleet at sea that is given no move (G3e.1, ruling
//! `idle_fleet_at_sea`): one answer for the round's resolution, the order sheet's "if
//! you send nothing" line and the warning of `orders check`.

use super::ids::{NationCode, NodeCode, SeaCode, natural_cmp};
use super::map::Map;
use super::tables::IdleFleet;
use super::world::{FleetAt, World};
use std::collections::{BTreeSet, VecDeque};

/// Where an idle fleet goes this round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum IdleCourse {
    /// In port: it stays (only in a port may a fleet stay).
    StaysInPort,
    /// Into this port of its club, on its zone.
    IntoPort(NodeCode),
    /// One lane toward the nearest port of its club, which is named.
    Toward { sea: SeaCode, port: NodeCode },
    /// No port of its club on its zone: it keeps the sea (before the ruling existed).
    KeepsTheSea,
    /// No port of its club within reach by sea: it is lost with its cargo.
    Lost,
}

/// The course of a fleet of `nation` at `at` given no move this round.
pub(crate) fn idle_course(
    map: &Map,
    world: &World,
    rule: IdleFleet,
    nation: &NationCode,
    at: &FleetAt,
) -> IdleCourse {
    let FleetAt::Sea(zone) = at else {
        return IdleCourse::StaysInPort;
    };
    // Before the ruling the first port in the map's listing was taken: kept so, for
    // those campaigns' past phases replay the same; under it, natural order.
    let own_port = |z: &str| -> Option<NodeCode> {
        let mut ports: Vec<&NodeCode> = map
            .ports_on(z)
            .filter(|p| world.nodes.get(*p).is_some_and(|x| &x.owner == nation))
            .collect();
        if rule == IdleFleet::SailsHome {
            ports.sort_by(|a, b| natural_cmp(a.as_str(), b.as_str()));
        }
        ports.first().map(|p| (*p).clone())
    };
    if let Some(p) = own_port(zone.as_str()) {
        return IdleCourse::IntoPort(p);
    }
    if rule == IdleFleet::PortOnZone {
        return IdleCourse::KeepsTheSea;
    }
    // Breadth first over the lanes, neighbours in natural order, remembering the first
    // lane of each path: the nearest zone with a port of the club decides; on equal
    // distance the first in that order.
    let mut seen: BTreeSet<SeaCode> = BTreeSet::from([zone.clone()]);
    let mut queue: VecDeque<(SeaCode, SeaCode)> = VecDeque::new();
    for n in sorted_neighbours(map, zone) {
        if seen.insert(n.clone()) {
            queue.push_back((n.clone(), n));
        }
    }
    while let Some((z, first)) = queue.pop_front() {
        if let Some(port) = own_port(z.as_str()) {
            return IdleCourse::Toward { sea: first, port };
        }
        for n in sorted_neighbours(map, &z) {
            if seen.insert(n.clone()) {
                queue.push_back((n, first.clone()));
            }
        }
    }
    IdleCourse::Lost
}

fn sorted_neighbours(map: &Map, zone: &SeaCode) -> Vec<SeaCode> {
    let mut v: Vec<SeaCode> = map.sea_neighbours(zone.as_str()).cloned().collect();
    v.sort_by(|a, b| natural_cmp(a.as_str(), b.as_str()));
    v
}
