//! Non-interference: a club's report does not change when something it cannot see
//! changes (property tests over marked branches).

use super::*;

/// Marked branches of a few campaigns: the worlds the property tests change.
fn pool() -> &'static Vec<Branch> {
    static P: OnceLock<Vec<Branch>> = OnceLock::new();
    P.get_or_init(|| {
        let mut out = Vec::new();
        for k in 0..2 {
            let mut rng = Rng(k + 100);
            for p in &play(100 + k, 16) {
                out.push(marked_branch(p, &mut rng));
            }
        }
        out
    })
}

/// Something a club cannot see (G7.2–G7.4), changed; the numbers pick what.
#[derive(Clone, Debug)]
enum Hidden {
    Treasury(usize, i64),
    Loan(usize),
    Objective(usize, usize),
    Events(usize, usize),
    Specialists(usize),
    NodeSapper(usize, usize),
    Strategos(usize),
    Works(usize, usize),
    ArmyValue(usize, i64),
    Stance(usize),
    GarrisonValue(usize, i64),
    UnseenArmy(usize, usize),
    MoveUnseenArmy(usize, usize),
    ArmyIsDiplomat(usize),
    DiplomatIsArmy(usize),
    UnseenFleet(usize, usize),
    Alliance(usize, usize),
    /// Another club's declaration of an alliance with `me` that `me` never declared.
    DeclaredWithMe(usize),
    OthersOutcome(usize),
    OthersEvent(usize, bool),
    OthersLedger(usize, i64),
}

fn hidden() -> impl Strategy<Value = Hidden> {
    let i = || 0usize..1000;
    prop_oneof![
        (i(), 1i64..500).prop_map(|(a, b)| Hidden::Treasury(a, b)),
        i().prop_map(Hidden::Loan),
        (i(), i()).prop_map(|(a, b)| Hidden::Objective(a, b)),
        (i(), i()).prop_map(|(a, b)| Hidden::Events(a, b)),
        i().prop_map(Hidden::Specialists),
        (i(), i()).prop_map(|(a, b)| Hidden::NodeSapper(a, b)),
        i().prop_map(Hidden::Strategos),
        (i(), i()).prop_map(|(a, b)| Hidden::Works(a, b)),
        (i(), 1i64..500).prop_map(|(a, b)| Hidden::ArmyValue(a, b)),
        i().prop_map(Hidden::Stance),
        (i(), 1i64..500).prop_map(|(a, b)| Hidden::GarrisonValue(a, b)),
        (i(), i()).prop_map(|(a, b)| Hidden::UnseenArmy(a, b)),
        (i(), i()).prop_map(|(a, b)| Hidden::MoveUnseenArmy(a, b)),
        i().prop_map(Hidden::ArmyIsDiplomat),
        i().prop_map(Hidden::DiplomatIsArmy),
        (i(), i()).prop_map(|(a, b)| Hidden::UnseenFleet(a, b)),
        (i(), i()).prop_map(|(a, b)| Hidden::Alliance(a, b)),
        i().prop_map(Hidden::DeclaredWithMe),
        i().prop_map(Hidden::OthersOutcome),
        (i(), any::<bool>()).prop_map(|(a, b)| Hidden::OthersEvent(a, b)),
        (i(), 1i64..500).prop_map(|(a, b)| Hidden::OthersLedger(a, b)),
    ]
}

fn pick<T: Clone>(v: &[T], i: usize) -> Option<T> {
    (!v.is_empty()).then(|| v[i % v.len()].clone())
}

/// The other nations (clubs and neutrals).
fn others(w: &World, me: &NationCode) -> Vec<NationCode> {
    w.nations.keys().filter(|n| *n != me).cloned().collect()
}

fn other_clubs(w: &World, me: &NationCode) -> Vec<NationCode> {
    w.clubs.iter().filter(|n| *n != me).cloned().collect()
}

/// Armies that nothing else refers to (no battle, siege or fleet), so they can be
/// moved or swapped without breaking the world.
fn free_armies(w: &World, me: &NationCode) -> Vec<ArmyId> {
    w.armies
        .values()
        .filter(|a| &a.nation != me && a.ashore())
        .filter(|a| {
            !w.sieges.iter().any(|s| s.besieger == a.id)
                && !w
                    .battles
                    .iter()
                    .any(|b| b.attacker.armies.contains(&a.id) || b.defender.armies.contains(&a.id))
        })
        .map(|a| a.id.clone())
        .collect()
}

/// Applies a hidden change to the branch as `me` would receive it; `None` when the
/// branch offers nothing to change.
fn apply(b: &mut Branch, me: &NationCode, h: &Hidden) -> Option<()> {
    match *h {
        Hidden::Treasury(..)
        | Hidden::Loan(_)
        | Hidden::Objective(..)
        | Hidden::Events(..)
        | Hidden::Specialists(_) => change_nation(b, me, h),
        Hidden::NodeSapper(..)
        | Hidden::Strategos(_)
        | Hidden::Works(..)
        | Hidden::Alliance(..)
        | Hidden::DeclaredWithMe(_) => change_state(b, me, h),
        Hidden::OthersOutcome(_) | Hidden::OthersEvent(..) | Hidden::OthersLedger(..) => {
            change_resolution(b, me, h)
        }
        _ => change_pieces(b, me, h),
    }
}

/// Another nation's treasury, loan, objective, events or specialists (G7.4).
fn change_nation(b: &mut Branch, me: &NationCode, h: &Hidden) -> Option<()> {
    let c = &shipped().campaign;
    let (among, i) = match *h {
        Hidden::Objective(i, _) | Hidden::Events(i, _) => (other_clubs(b.now(), me), i),
        Hidden::Treasury(i, _) | Hidden::Loan(i) | Hidden::Specialists(i) => {
            (others(b.now(), me), i)
        }
        _ => return None,
    };
    let n = pick(&among, i)?;
    let st = b.now_mut().nations.get_mut(&n)?;
    match *h {
        Hidden::Treasury(_, d) => st.treasury += d,
        Hidden::Loan(_) => {
            st.loan = match st.loan {
                Some(_) => None,
                None => Some(Loan {
                    year: 1494,
                    principal: 123,
                    interest: 31,
                }),
            }
        }
        Hidden::Objective(_, k) => {
            let kind = pick(&c.tables.victory.objective, k)?.id;
            let target = (kind == ObjectiveKind::ConquerNation).then(|| me.clone());
            st.objective = Some(Objective { kind, target });
        }
        Hidden::Events(_, k) => {
            let id = pick(&c.tables.events.entry, k)?.id;
            st.events = if st.events.contains(&id) {
                Vec::new()
            } else {
                vec![id]
            };
        }
        _ => {
            st.spy = !st.spy;
            st.assassins += 1;
        }
    }
    Some(())
}

/// Another nation's node sapper or works, who holds the Strategos, an alliance
/// between two other clubs (G5.1).
fn change_state(b: &mut Branch, me: &NationCode, h: &Hidden) -> Option<()> {
    let c = &shipped().campaign;
    let others_ = others(b.now(), me);
    let clubs = other_clubs(b.now(), me);
    let w = b.now_mut();
    match *h {
        Hidden::NodeSapper(i, k) => {
            let n = pick(&others_, i)?;
            let nodes: Vec<NodeCode> = w
                .nodes_owned_by(n.as_str())
                .map(|(k, _)| k.clone())
                .collect();
            let x = w.nodes.get_mut(&pick(&nodes, k)?)?;
            x.sapper = if x.sapper.is_some() { None } else { Some(n) };
        }
        Hidden::Strategos(i) => {
            // Who else holds it (G2b.5); whether it holds it itself, it knows.
            let n = pick(&clubs, i)?;
            if w.strategos.as_ref() == Some(me) {
                return None;
            }
            w.strategos = if w.strategos.as_ref() == Some(&n) {
                None
            } else {
                Some(n)
            };
        }
        Hidden::Works(i, k) => {
            let nodes: Vec<NodeCode> = c.map.nodes().map(|x| x.code.clone()).collect();
            w.works.push(Work {
                nation: pick(&others_, i)?,
                node: pick(&nodes, k)?,
                kind: WorkKind::Fortify,
            });
        }
        Hidden::Alliance(i, k) => {
            let mut members = [pick(&clubs, i)?, pick(&clubs, k)?];
            if members[0] == members[1] {
                return None;
            }
            members.sort();
            let had = w.alliances.len();
            w.alliances.retain(|a| a.members != members);
            if w.alliances.len() == had {
                w.alliances.push(Alliance {
                    declared_by: members.iter().cloned().collect(),
                    members,
                    betrayed_by: BTreeSet::new(),
                });
            }
        }
        Hidden::DeclaredWithMe(i) => {
            // The other's declaration alone is its secret, whatever the report now says
            // of the club's own alliances (G5.2, G7.4).
            let other = pick(&clubs, i)?;
            let mut members = [me.clone(), other.clone()];
            members.sort();
            match w.alliances.iter_mut().find(|a| a.members == members) {
                Some(a) if a.declared_by.contains(me) => return None,
                Some(a) => {
                    if !a.declared_by.remove(&other) {
                        a.declared_by.insert(other);
                    }
                }
                None => w.alliances.push(Alliance {
                    members,
                    declared_by: [other].into_iter().collect(),
                    betrayed_by: BTreeSet::new(),
                }),
            }
        }
        _ => return None,
    }
    Some(())
}

/// Another nation's pieces: sizes and stances anywhere, pieces where the club does not
/// look, and whether a piece is an army or a diplomat wherever it is (G7.2, G7.4).
fn change_pieces(b: &mut Branch, me: &NationCode, h: &Hidden) -> Option<()> {
    let c = &shipped().campaign;
    let watched = visibility::watched_nodes(c, b.now(), me);
    let seas = visibility::watched_seas(c, b.now(), me);
    let others_ = others(b.now(), me);
    let foreign: Vec<ArmyId> = b
        .now()
        .armies
        .values()
        .filter(|a| &a.nation != me)
        .map(|a| a.id.clone())
        .collect();
    let unseen: Vec<NodeCode> = c
        .map
        .nodes()
        .map(|x| x.code.clone())
        .filter(|x| !watched.contains(x))
        .collect();
    let free = free_armies(b.now(), me);
    let w = b.now_mut();
    match *h {
        Hidden::ArmyValue(i, d) => w.armies.get_mut(&pick(&foreign, i)?)?.value += d,
        Hidden::Stance(i) => {
            let a = w.armies.get_mut(&pick(&foreign, i)?)?;
            a.stance.retreat_to = Some(NodeCode::from("V0"));
        }
        Hidden::GarrisonValue(i, d) => {
            let nodes: Vec<NodeCode> = w
                .nodes
                .iter()
                .filter(|(_, x)| x.garrison.as_ref().is_some_and(|g| &g.nation != me))
                .map(|(k, _)| k.clone())
                .collect();
            w.nodes.get_mut(&pick(&nodes, i)?)?.garrison.as_mut()?.value += d;
        }
        Hidden::UnseenArmy(i, k) => {
            w.raise_army(&pick(&others_, i)?, &pick(&unseen, k)?, 250);
        }
        Hidden::MoveUnseenArmy(i, k) => {
            let away: Vec<ArmyId> = free
                .into_iter()
                .filter(|id| !watched.contains(&w.armies[id].node))
                .collect();
            w.armies.get_mut(&pick(&away, i)?)?.node = pick(&unseen, k)?;
        }
        Hidden::ArmyIsDiplomat(i) => {
            let a = w.armies.remove(&pick(&free, i)?)?;
            w.place_diplomat(&a.nation, &a.node);
        }
        Hidden::DiplomatIsArmy(i) => {
            let ids: Vec<DiplomatId> = w
                .diplomats
                .values()
                .filter(|d| &d.nation != me)
                .map(|d| d.id.clone())
                .collect();
            let d: Diplomat = w.diplomats.remove(&pick(&ids, i)?)?;
            let id = ArmyId(format!("{}-A77", d.nation));
            w.armies
                .insert(id.clone(), Army::new(id, d.nation, d.node, 640));
        }
        Hidden::UnseenFleet(i, k) => {
            let n = pick(&others_, i)?;
            let away: Vec<SeaCode> = c
                .map
                .seas()
                .map(|s| s.code.clone())
                .filter(|s| !seas.contains(s.as_str()))
                .collect();
            let id = FleetId(format!("{n}-F9"));
            let at = FleetAt::Sea(pick(&away, k)?);
            let fleet = Fleet {
                id: id.clone(),
                nation: n,
                at,
                cargo: None,
            };
            w.fleets.insert(id, fleet);
        }
        _ => return None,
    }
    Some(())
}

/// What the resolution told others: their orders' outcomes, their events and the
/// referee's, their ledger (G7.4).
fn change_resolution(b: &mut Branch, me: &NationCode, h: &Hidden) -> Option<()> {
    let others_ = others(b.now(), me);
    let r = &mut b.resolution;
    match *h {
        Hidden::OthersOutcome(i) => {
            let idx: Vec<usize> = (0..r.outcomes.len())
                .filter(|j| &r.outcomes[*j].nation != me)
                .collect();
            let o = &mut r.outcomes[pick(&idx, i)?];
            o.result = match o.result {
                Outcome::Done(_) => Outcome::rejected("G0", Reason::WrongPhase),
                Outcome::Rejected { .. } => Outcome::rejected(
                    "G2b.7",
                    Reason::MissingDucats {
                        cost: 10,
                        treasury: 9,
                    },
                ),
            };
        }
        Hidden::OthersEvent(i, true) => {
            let n = pick(&others_, i)?;
            r.events.push(Event {
                audience: Audience::Nation(n.clone()),
                rule: "G3c.4".into(),
                what: Happening::EnemySize {
                    node: NodeCode::from("V0"),
                    ducats: 4242,
                    garrison: 40,
                },
            });
            r.events.push(Event {
                audience: Audience::Referee,
                rule: "G5.2".into(),
                what: Happening::AllianceBetrayed {
                    by: n,
                    against: me.clone(),
                    how: Some(Betrayal::WhenContacted {
                        node: NodeCode::from("V0"),
                    }),
                },
            });
        }
        Hidden::OthersEvent(i, false) => {
            let not_mine = |e: &Event| match &e.audience {
                Audience::Public => false,
                Audience::Nation(n) => n != me,
                Audience::Referee => true,
            };
            let idx: Vec<usize> = (0..r.events.len())
                .filter(|j| not_mine(&r.events[*j]))
                .collect();
            r.events.remove(pick(&idx, i)?);
        }
        Hidden::OthersLedger(i, d) => {
            let idx: Vec<usize> = (0..r.ledger.entries.len())
                .filter(|j| &r.ledger.entries[*j].nation != me)
                .collect();
            r.ledger.entries[pick(&idx, i)?].amount += d;
        }
        _ => return None,
    }
    Some(())
}

/// A club's view as JSON, its report in its three forms, and the files for its next
/// orders (sheet, view file and order page).
fn seen(b: &Branch, club: &Club) -> (String, String, String, String, String) {
    let v = view_of(b, club);
    let r = render(&v);
    let next: String = next_orders(b, club)
        .into_iter()
        .chain(order_page(b, club, &r.svg))
        .map(|(name, text)| format!("== {name}\n{text}"))
        .collect();
    (
        serde_json::to_string(&v).expect("json"),
        r.text,
        r.html,
        r.svg,
        next,
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, max_global_rejects: 4096, .. ProptestConfig::default() })]

    /// Issue 8 item 9: what a club cannot see does not change what it is told.
    #[test]
    fn what_a_club_cannot_see_does_not_change_its_report(
        state in 0usize..1000,
        who in 0usize..1000,
        change in hidden(),
    ) {
        let s = shipped();
        let pool = pool();
        let b = &pool[state % pool.len()];
        let club = &s.clubs[who % s.clubs.len()];
        let me = NationCode::from(club.nation.as_str());
        let mut changed = b.clone();
        let applied = apply(&mut changed, &me, &change);
        prop_assume!(applied.is_some());
        let world_changed = serde_json::to_string(changed.now()).expect("json") != serde_json::to_string(b.now()).expect("json")
            || changed.resolution != b.resolution;
        prop_assume!(world_changed);
        let (v1, t1, h1, m1, n1) = seen(b, club);
        let (v2, t2, h2, m2, n2) = seen(&changed, club);
        prop_assert_eq!(v1, v2, "view changed by {:?}", change);
        prop_assert_eq!(t1, t2);
        prop_assert_eq!(h1, h2);
        prop_assert_eq!(m1, m2);
        prop_assert_eq!(n1, n2, "order sheet, view file or order page changed by {:?}", change);
    }

}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, .. ProptestConfig::default() })]

    /// The converse, so the property can fail: what a club sees does change it.
    #[test]
    fn what_a_club_sees_changes_its_report(
        state in 0usize..1000,
        who in 0usize..1000,
        d in 1i64..500,
        k in 0usize..1000,
    ) {
        let s = shipped();
        let pool = pool();
        let b = &pool[state % pool.len()];
        let club = &s.clubs[who % s.clubs.len()];
        let me = NationCode::from(club.nation.as_str());
        let (v0, t0, h0, _, _) = seen(b, club);
        // Its own treasury.
        let mut own = b.clone();
        own.now_mut().nations.get_mut(&me).expect("a club").treasury += d;
        let (v1, t1, h1, _, _) = seen(&own, club);
        prop_assert_ne!(&v0, &v1);
        prop_assert_ne!(&t0, &t1);
        prop_assert_ne!(&h0, &h1);
        // A foreign army arriving in a node it watches shows as a marker.
        let c = &s.campaign;
        let watched: Vec<NodeCode> = visibility::watched_nodes(c, b.now(), &me).into_iter().collect();
        let stranger = others(b.now(), &me)[k % 3].clone();
        let mut seen_army = b.clone();
        seen_army.now_mut().raise_army(&stranger, &watched[k % watched.len()], 77);
        let (v2, t2, _, _, _) = seen(&seen_army, club);
        prop_assert_ne!(&v0, &v2);
        prop_assert_ne!(&t0, &t2);
    }
}

/// Every kind of hidden change finds something to change in the pool, so the property
/// above is not vacuous for any of them.
#[test]
fn every_hidden_change_applies_somewhere() {
    let s = shipped();
    let kinds = [
        Hidden::Treasury(1, 5),
        Hidden::Loan(1),
        Hidden::Objective(1, 2),
        Hidden::Events(1, 2),
        Hidden::Specialists(1),
        Hidden::NodeSapper(1, 1),
        Hidden::Strategos(1),
        Hidden::Works(1, 1),
        Hidden::ArmyValue(1, 5),
        Hidden::Stance(1),
        Hidden::GarrisonValue(1, 5),
        Hidden::UnseenArmy(1, 1),
        Hidden::MoveUnseenArmy(1, 1),
        Hidden::ArmyIsDiplomat(1),
        Hidden::DiplomatIsArmy(1),
        Hidden::UnseenFleet(1, 1),
        Hidden::Alliance(1, 2),
        Hidden::DeclaredWithMe(1),
        Hidden::OthersOutcome(1),
        Hidden::OthersEvent(1, true),
        Hidden::OthersEvent(1, false),
        Hidden::OthersLedger(1, 5),
    ];
    for h in &kinds {
        let found = pool().iter().any(|b| {
            s.clubs.iter().any(|club| {
                let me = NationCode::from(club.nation.as_str());
                let mut changed = b.clone();
                apply(&mut changed, &me, h).is_some()
                    && (changed.now() != b.now() || changed.resolution != b.resolution)
                    && seen(&changed, club) == seen(b, club)
            })
        });
        assert!(found, "{h:?} never applies");
    }
}

/// Markers do not tell an army from a diplomat, by count, order or place (G7.4); the
/// property above swaps pieces, this pins one swap by hand so it cannot pass vacuously.
#[test]
fn a_seen_diplomat_looks_like_an_army() {
    let s = shipped();
    let c = &s.campaign;
    let b = &pool()[3];
    let club = &s.clubs[0];
    let me = NationCode::from(club.nation.as_str());
    let watched = visibility::watched_nodes(c, b.now(), &me);
    let node = watched
        .iter()
        .find(|n| b.now().nodes[*n].owner != me)
        .expect("a foreign node in sight")
        .clone();
    let stranger = b.now().nodes[&node].owner.clone();
    let mut army = b.clone();
    army.now_mut().raise_army(&stranger, &node, 300);
    let mut diplomat = b.clone();
    diplomat.now_mut().place_diplomat(&stranger, &node);
    let (va, ta, ha, ma, na) = seen(&army, club);
    let (vd, td, hd, md, nd) = seen(&diplomat, club);
    assert_eq!(va, vd);
    assert_eq!((ta, ha, ma), (td, hd, md));
    assert_eq!(na, nd, "the sheet does not tell an army from a diplomat");
    assert_ne!(va, seen(b, club).0, "the piece is seen at all");
}

/// G7.2 read with the campaign's ruling `see_adjacent_nodes`: off, a club sees only
/// the nodes it owns or occupies.
#[test]
fn the_ruling_on_adjacent_nodes_is_honoured() {
    let s = shipped();
    let mut c = s.campaign.clone();
    let w = play(4, 1).remove(0).world;
    let me = NationCode::from("V");
    let wide = visibility::watched_nodes(&c, &w, &me);
    c.tables.rulings.see_adjacent_nodes = false;
    let narrow = visibility::watched_nodes(&c, &w, &me);
    let own: BTreeSet<NodeCode> = w
        .nodes_owned_by("V")
        .map(|(k, _)| k.clone())
        .chain(w.armies_of("V").map(|a| a.node.clone()))
        .collect();
    assert_eq!(narrow, own);
    assert!(
        wide.len() > narrow.len(),
        "adjacent nodes add to what is seen"
    );
}

/// A garrison is never a marker: it is met, not seen; its size is never told.
#[test]
fn a_foreign_garrison_is_not_told() {
    let s = shipped();
    let b = &pool()[0];
    for club in &s.clubs {
        let me = NationCode::from(club.nation.as_str());
        let mut g = b.clone();
        let foreign = |x: &giglio::rules::world::NodeState| {
            x.garrison.as_ref().is_some_and(|gar| gar.nation != me)
        };
        let node = g
            .now()
            .nodes
            .iter()
            .find(|(_, x)| foreign(x))
            .map(|(k, _)| k.clone())
            .expect("some foreign garrison");
        g.now_mut().nodes.get_mut(&node).expect("a node").garrison = None;
        assert_eq!(seen(b, club), seen(&g, club));
        g.now_mut()
            .nodes
            .values_mut()
            .filter(|x| x.owner != me)
            .for_each(|x| {
                x.garrison = Some(Garrison {
                    nation: x.owner.clone(),
                    value: 999,
                })
            });
        assert_eq!(seen(b, club).0, seen(&g, club).0);
    }
}

/// The explanations of an encounter (the Table 34 cell: both sides' choices) and of a
/// betrayal (what made it one) reach the two sides and nobody else; a club's standing
/// names the best other club's figure only where the political map tells it.
#[test]
fn explanations_reach_only_the_clubs_they_concern() {
    let s = shipped();
    let b = &pool()[0];
    let [a, d, third] = [&s.clubs[0], &s.clubs[1], &s.clubs[2]];
    let (na, nd) = (
        NationCode::from(a.nation.as_str()),
        NationCode::from(d.nation.as_str()),
    );
    let node = NodeCode::from("F7");
    let mut g = b.clone();
    for who in [&na, &nd] {
        g.resolution.events.push(Event {
            audience: Audience::Nation(who.clone()),
            rule: "G3c.2".into(),
            what: Happening::Encounter {
                node: node.clone(),
                hand: na.clone(),
                other: nd.clone(),
                text_it: "battaglia".into(),
                text_en: "battle".into(),
                hand_choice: Some(Choice::Attack),
                other_choice: Some(Choice::Retreat),
                other_walls: false,
                other_meant: None,
                allies: true,
                no_battle: false,
                no_siege: false,
                other_chose: false,
            },
        });
        g.resolution.events.push(Event {
            audience: Audience::Nation(who.clone()),
            rule: "G5.2".into(),
            what: Happening::AllianceBetrayed {
                by: na.clone(),
                against: nd.clone(),
                how: Some(Betrayal::OnContact { node: node.clone() }),
            },
        });
    }
    assert_eq!(
        seen(b, third),
        seen(&g, third),
        "a third club learns nothing"
    );
    for club in [a, d] {
        let (_, text, ..) = seen(&g, club);
        let (cell, why) = match club.lang {
            Lang::It => ("Tabella 34", "scelta permanente al contatto"),
            Lang::En => ("Table 34", "standing choice on contact"),
        };
        assert!(
            text.contains(cell),
            "{}: the Table 34 cell is told",
            club.nation
        );
        assert!(
            text.contains(why),
            "{}: the betrayal is explained",
            club.nation
        );
    }
    // The best other figure of a "most" objective is told only where it is public.
    for club in &s.clubs {
        let v = view_of(b, club);
        if let Some(st) = &v.standing {
            let public = !matches!(
                st.kind,
                ObjectiveKind::MostDucats
                    | ObjectiveKind::MostFleets
                    | ObjectiveKind::MostAlliancesHonoured
                    | ObjectiveKind::MostAlliancesBetrayed
            );
            assert!(
                public || st.leader.is_none(),
                "{}: {:?}",
                club.nation,
                st.kind
            );
        }
    }
}
