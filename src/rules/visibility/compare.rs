//! What differs for one club between two worlds opened by the same phase: the one a
//! withdrawn resolution opened (before `undo`) and the one its new resolution opens. Only
//! what the club may see is compared ([`super::club_world`], [`super::markers`]): its
//! armies, fleets, diplomats, garrisons and treasury, every place whose owner differs
//! (owners are public, G7.1), and the foreign markers it sees.

use crate::rules::Campaign;
use crate::rules::ids::{ArmyId, DiplomatId, Ducats, FleetId, NationCode, NodeCode};
use crate::rules::tables::Lang;
use crate::rules::world::{FleetAt, World};
use serde::Serialize;
use std::collections::BTreeSet;

/// One thing the club reads differently in the new report than in the withdrawn one.
/// `None` where the piece is not on the map in that report.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "changed", rename_all = "snake_case")]
pub enum Difference {
    Army {
        army: ArmyId,
        was_node: Option<NodeCode>,
        was_ducats: Ducats,
        now_node: Option<NodeCode>,
        now_ducats: Ducats,
    },
    Fleet {
        fleet: FleetId,
        was_at: Option<String>,
        now_at: Option<String>,
    },
    Diplomat {
        diplomat: DiplomatId,
        was_node: Option<NodeCode>,
        now_node: Option<NodeCode>,
    },
    Garrison {
        node: NodeCode,
        was_ducats: Ducats,
        now_ducats: Ducats,
    },
    Treasury {
        was_ducats: Ducats,
        now_ducats: Ducats,
    },
    /// A place held by another nation in one report than in the other: `from` held it
    /// in the withdrawn report, `to` holds it in the new one. Owners are public (G7.1):
    /// every club is told, not only the two (play-test 44's Milan read nothing of a
    /// capture its bulletin had told and the new resolution undid).
    Place {
        node: NodeCode,
        from: NationCode,
        to: NationCode,
    },
    /// How many foreign markers of `nation` the club sees at `at` (a node or sea zone):
    /// `was` in the withdrawn report, `now` in the new one (a play-test's club was not
    /// told that an enemy force now stood elsewhere in its land).
    Markers {
        at: String,
        nation: NationCode,
        was: usize,
        now: usize,
    },
}

/// Every difference `nation` reads between `was` (the withdrawn report's world) and
/// `now`, pieces in id order, then garrisons, the treasury, places and markers.
pub fn differences(c: &Campaign, was: &World, now: &World, nation: &NationCode) -> Vec<Difference> {
    let markers = markers_moved(c, was, now, nation);
    let (was, now) = (
        super::club_world(was, nation),
        super::club_world(now, nation),
    );
    let mut out = Vec::new();
    let armies: BTreeSet<&ArmyId> = was.armies.keys().chain(now.armies.keys()).collect();
    for id in armies {
        let (a, b) = (was.armies.get(id), now.armies.get(id));
        let spot = |x: Option<&crate::rules::world::Army>| {
            x.map_or((None, 0), |x| (Some(x.node.clone()), x.value))
        };
        let ((was_node, was_ducats), (now_node, now_ducats)) = (spot(a), spot(b));
        if (&was_node, was_ducats) != (&now_node, now_ducats) {
            out.push(Difference::Army {
                army: id.clone(),
                was_node,
                was_ducats,
                now_node,
                now_ducats,
            });
        }
    }
    let fleets: BTreeSet<&FleetId> = was.fleets.keys().chain(now.fleets.keys()).collect();
    for id in fleets {
        let at = |w: &World| {
            w.fleets.get(id).map(|f| match &f.at {
                FleetAt::Port(n) => n.to_string(),
                FleetAt::Sea(s) => s.to_string(),
            })
        };
        let (was_at, now_at) = (at(&was), at(&now));
        if was_at != now_at {
            out.push(Difference::Fleet {
                fleet: id.clone(),
                was_at,
                now_at,
            });
        }
    }
    let diplomats: BTreeSet<&DiplomatId> =
        was.diplomats.keys().chain(now.diplomats.keys()).collect();
    for id in diplomats {
        let at = |w: &World| w.diplomats.get(id).map(|d| d.node.clone());
        let (was_node, now_node) = (at(&was), at(&now));
        if was_node != now_node {
            out.push(Difference::Diplomat {
                diplomat: id.clone(),
                was_node,
                now_node,
            });
        }
    }
    for (code, node) in &now.nodes {
        let garrison = |w: &World| {
            w.nodes
                .get(code)
                .and_then(|n| n.garrison.as_ref())
                .map_or(0, |g| g.value)
        };
        let (was_ducats, now_ducats) = (garrison(&was), garrison(&now));
        if was_ducats != now_ducats {
            out.push(Difference::Garrison {
                node: code.clone(),
                was_ducats,
                now_ducats,
            });
        }
        let from = was.nodes.get(code).map(|n| &n.owner);
        if let Some(from) = from.filter(|f| **f != node.owner) {
            out.push(Difference::Place {
                node: code.clone(),
                from: from.clone(),
                to: node.owner.clone(),
            });
        }
    }
    let treasury = |w: &World| w.nations.get(nation).map_or(0, |n| n.treasury);
    let (was_ducats, now_ducats) = (treasury(&was), treasury(&now));
    if was_ducats != now_ducats {
        let at = out
            .iter()
            .position(|d| matches!(d, Difference::Place { .. }))
            .unwrap_or(out.len());
        out.insert(
            at,
            Difference::Treasury {
                was_ducats,
                now_ducats,
            },
        );
    }
    out.extend(markers);
    out
}

/// The foreign markers the club sees that differ in number at a place, place by place.
fn markers_moved(c: &Campaign, was: &World, now: &World, nation: &NationCode) -> Vec<Difference> {
    type Counts = std::collections::BTreeMap<(String, NationCode), usize>;
    let count = |w: &World| {
        let mut n = Counts::new();
        for m in super::markers(c, w, nation, Lang::En) {
            *n.entry((m.at, m.nation)).or_default() += 1;
        }
        n
    };
    let (a, b) = (count(was), count(now));
    let places: BTreeSet<&(String, NationCode)> = a.keys().chain(b.keys()).collect();
    places
        .into_iter()
        .filter_map(|k| {
            let (was, now) = (
                a.get(k).copied().unwrap_or(0),
                b.get(k).copied().unwrap_or(0),
            );
            (was != now).then(|| Difference::Markers {
                at: k.0.clone(),
                nation: k.1.clone(),
                was,
                now,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_club_reads_what_moved_of_its_own_and_nothing_of_another_clubs() {
        let c = crate::fixtures::shipped();
        let clubs: Vec<NationCode> = ["V", "M"].map(NationCode::from).to_vec();
        let was = World::start(&c, &clubs);
        let v = NationCode::from("V");
        assert!(differences(&c, &was, &was, &v).is_empty(), "the same world");
        let mut now = was.clone();
        let (id, army) = now
            .armies
            .iter_mut()
            .find(|(_, a)| a.nation == v)
            .expect("a Venetian army");
        let from = army.node.clone();
        army.node = NodeCode::from("V2");
        army.value += 10;
        let id = id.clone();
        let milan = now
            .armies
            .values_mut()
            .find(|a| a.nation.as_str() == "M")
            .expect("a Milanese army");
        milan.value += 50;
        now.nations.get_mut(&v).expect("V").treasury -= 30;
        let (place, state) = now
            .nodes
            .iter_mut()
            .find(|(_, n)| n.owner == v)
            .expect("a Venetian place");
        state.owner = NationCode::from("M");
        let place = place.clone();
        let treasury = was.nations[&v].treasury;
        let value = was.armies[&id].value;
        assert_eq!(
            differences(&c, &was, &now, &v),
            vec![
                Difference::Army {
                    army: id,
                    was_node: Some(from),
                    was_ducats: value,
                    now_node: Some(NodeCode::from("V2")),
                    now_ducats: value + 10,
                },
                Difference::Treasury {
                    was_ducats: treasury,
                    now_ducats: treasury - 30,
                },
                Difference::Place {
                    node: place,
                    from: v.clone(),
                    to: NationCode::from("M"),
                },
            ],
            "Milan's army is not Venice's to read"
        );
        // A capture of another club's place is public: the third club reads it too.
        let mut took = was.clone();
        let (m_place, state) = took
            .nodes
            .iter_mut()
            .find(|(_, n)| n.owner.as_str() == "M")
            .expect("a Milanese place");
        state.owner = NationCode::from("F");
        let m_place = m_place.clone();
        assert_eq!(
            differences(&c, &was, &took, &v),
            vec![Difference::Place {
                node: m_place,
                from: NationCode::from("M"),
                to: NationCode::from("F"),
            }]
        );
    }

    #[test]
    fn a_foreign_force_come_into_the_clubs_land_is_a_marker_more() {
        let c = crate::fixtures::shipped();
        let clubs: Vec<NationCode> = ["V", "M"].map(NationCode::from).to_vec();
        let was = World::start(&c, &clubs);
        let v = NationCode::from("V");
        assert_eq!(was.nodes[&NodeCode::from("V3")].owner, v);
        let mut now = was.clone();
        let milan = now
            .armies
            .values_mut()
            .find(|a| a.nation.as_str() == "M")
            .expect("a Milanese army");
        milan.node = NodeCode::from("V3");
        let found = differences(&c, &was, &now, &v);
        assert!(
            found.contains(&Difference::Markers {
                at: "V3".into(),
                nation: NationCode::from("M"),
                was: 0,
                now: 1,
            }),
            "{found:?}"
        );
        assert!(
            found
                .iter()
                .all(|d| matches!(d, Difference::Markers { .. })),
            "nothing but markers: {found:?}"
        );
    }
}
