//! Winter (G4): works complete, year-long specialists leave, every club rolls for the
//! events of next year (Table 36).

use super::ids::{NationCode, NodeCode};
use super::map::NodeKind;
use super::order::OrderSet;
use super::outcome::{Audience, Happening, Outcome, Reason};
use super::step::Step;
use super::tables::EventEffect;
use super::world::Fortification;
use std::collections::BTreeMap;

pub(super) fn resolve(s: &mut Step, orders: &BTreeMap<NationCode, OrderSet>) {
    // Winter takes no orders: any that came are rejected, and nothing else changes.
    for (n, set) in orders {
        for o in &set.orders {
            s.outcome(n, o, Outcome::rejected("G1.1", Reason::WrongPhase));
        }
    }
    complete_works(s);
    specialists_leave(s);
    let clubs: Vec<NationCode> = s.w.clubs.iter().cloned().collect();
    for n in &clubs {
        roll_events(s, n);
    }
    let cal = &s.c.tables.calendar;
    if s.w.phase.year >= cal.last_year() {
        s.over = true;
        s.event(Audience::Public, "G8.2", Happening::CampaignEnds);
    }
}

/// G4.1: works started away from the club's own territory complete.
fn complete_works(s: &mut Step) {
    let lost_if_not_held = s.c.tables.rulings.works_where_held_or_army;
    for work in std::mem::take(&mut s.w.works) {
        if lost_if_not_held
            && s.w
                .nodes
                .get(&work.node)
                .is_some_and(|x| x.owner != work.nation)
        {
            s.event(
                Audience::Nation(work.nation.clone()),
                "G2b.4",
                Happening::WorksLost {
                    node: work.node.clone(),
                    nation: work.nation.clone(),
                },
            );
            continue;
        }
        if let Some(node) = s.w.nodes.get_mut(&work.node) {
            node.fortification = Fortification::Fortified;
            s.event(
                Audience::Public,
                "G4.1",
                Happening::WorksComplete {
                    node: work.node.clone(),
                },
            );
        }
    }
}

/// G4.2: sappers, diplomats, spies and unused assassins leave.
fn specialists_leave(s: &mut Step) {
    let mut leaving: Vec<NationCode> = Vec::new();
    for a in s.w.armies.values_mut() {
        if std::mem::take(&mut a.sapper) {
            leaving.push(a.nation.clone());
        }
    }
    for node in s.w.nodes.values_mut() {
        if let Some(n) = node.sapper.take() {
            leaving.push(n);
        }
    }
    for d in std::mem::take(&mut s.w.diplomats).into_values() {
        leaving.push(d.nation);
    }
    for (code, n) in &mut s.w.nations {
        // Both are taken, whatever the first was: no short-circuit here.
        let spy = std::mem::take(&mut n.spy);
        let assassins = std::mem::take(&mut n.assassins);
        if spy || assassins > 0 {
            leaving.push(code.clone());
        }
    }
    leaving.sort();
    leaving.dedup();
    for n in leaving {
        s.event(
            Audience::Nation(n.clone()),
            "G4.2",
            Happening::SpecialistsLeave { nation: n },
        );
    }
    s.w.strategos = None;
    s.w.move_order.clear();
}

/// G4.3: 1d6; on the trigger face, Table 36 for next year.
fn roll_events(s: &mut Step, n: &NationCode) {
    let table = s.c.tables.events.clone();
    if let Some(state) = s.w.nations.get_mut(n) {
        state.events.clear();
    }
    let roll = s.dice.d6(
        &format!("winter/{n}/event"),
        &format!("{n}: winter event roll (G4.3)"),
    );
    s.event(
        Audience::Nation(n.clone()),
        "G4.3",
        Happening::EventRoll {
            nation: n.clone(),
            roll,
            drawn_on: table.trigger_on.clone(),
        },
    );
    if !table.trigger_on.contains(&roll) {
        return;
    }
    let face = s
        .dice
        .d6(&format!("winter/{n}/table36"), &format!("{n}: Table 36"));
    let Some(entry) = table.entry.iter().find(|e| e.roll == face) else {
        return;
    };
    let entry = entry.clone();
    // A disaster's place is drawn first, so the club's event names it (the dice in the
    // order they always were: the table's face, then the place).
    let struck = match entry.effect {
        EventEffect::BreachRandomFortified => disaster_place(s, n),
        _ => None,
    };
    // Whether the place struck loses its fortifications (else it is breached).
    let destroyed = struck.as_ref().map(|node| {
        let fortress =
            s.c.map
                .node(node.as_str())
                .is_some_and(|x| x.kind == NodeKind::Fortress);
        s.c.tables.rulings.disaster_destroys_fortifications && !fortress
    });
    let (effect, amount) = match entry.effect {
        EventEffect::Epidemic => ("epidemic", None),
        EventEffect::CityIncomePercent { percent } => ("cities", Some(i64::from(percent))),
        EventEffect::VillageIncome { ducats } => ("villages", Some(ducats)),
        EventEffect::BreachRandomFortified => match destroyed {
            Some(true) => ("destroy", None),
            Some(false) => ("breach", None),
            None => ("unstruck", None),
        },
    };
    s.event(
        Audience::Nation(n.clone()),
        "G4.3",
        Happening::WinterEvent {
            nation: n.clone(),
            event: entry.id.clone(),
            name_it: entry.name_it.clone(),
            name_en: entry.name_en.clone(),
            face: Some(face),
            effect: Some(effect.to_owned()),
            amount,
            struck: struck.clone(),
        },
    );
    if let (Some(node), Some(destroyed)) = (struck, destroyed) {
        strike(s, node, destroyed);
    }
    if let Some(state) = s.w.nations.get_mut(n) {
        state.events.push(entry.id.clone());
    }
}

/// Table 36, disaster: which fortified place of the club's own is struck, drawn at
/// random in code order (none where it has none).
fn disaster_place(s: &mut Step, n: &NationCode) -> Option<NodeCode> {
    let places: Vec<_> =
        s.w.nodes_owned_by(n.as_str())
            .filter(|(_, x)| x.fortification == Fortification::Fortified)
            .map(|(c, _)| c.clone())
            .collect();
    let pick = match places.len() {
        0 => return None,
        1 => 0,
        k => {
            let sides = u8::try_from(k).unwrap_or(u8::MAX);
            let listed: Vec<String> = places
                .iter()
                .enumerate()
                .map(|(i, c)| format!("{}={c}", i + 1))
                .collect();
            usize::from(s.dice.roll(
                &format!("winter/{n}/disaster"),
                sides,
                &format!(
                    "{n}: which place the disaster strikes (G4.3): {}",
                    listed.join(", ")
                ),
            )) - 1
        }
    };
    Some(places[pick].clone())
}

/// Table 36, disaster, at `node`: its fortifications are destroyed (ruling
/// `disaster_destroys_fortifications`, the book's "sono distrutte"): a city or village
/// becomes open, to be fortified again at full cost (its garrison and sapper stay); a
/// fortress, which cannot be fortified anew, is left breached (repair). With the ruling
/// off (campaigns written before it) every place struck is breached.
fn strike(s: &mut Step, node: NodeCode, destroy: bool) {
    if let Some(x) = s.w.nodes.get_mut(&node) {
        x.fortification = if destroy {
            Fortification::None
        } else {
            Fortification::Breached
        };
    }
    let what = if destroy {
        Happening::FortificationsDestroyed { node }
    } else {
        Happening::Breached { node }
    };
    s.event(Audience::Public, "G4.3", what);
}
