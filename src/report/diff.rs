//! What changed between two worlds, in lines a referee can read (`resolve --dry-run`).

use crate::rules::World;
use crate::rules::world::FleetAt;

/// Returns one line per change, in a stable order.
pub(crate) fn diff(before: &World, after: &World) -> Vec<String> {
    let mut out = Vec::new();
    if before.phase != after.phase {
        out.push(format!("phase: {} → {}", before.phase, after.phase));
    }
    for (code, a) in &after.nations {
        let Some(b) = before.nations.get(code) else {
            continue;
        };
        if a.treasury != b.treasury {
            out.push(format!(
                "{code} treasury: {} → {} ({:+})",
                b.treasury,
                a.treasury,
                a.treasury - b.treasury
            ));
        }
        if a.loan != b.loan {
            let due = |l: &Option<crate::rules::world::Loan>| l.as_ref().map_or(0, |l| l.due());
            out.push(format!(
                "{code} loan due: {} → {}",
                due(&b.loan),
                due(&a.loan)
            ));
        }
        if a.spy != b.spy {
            out.push(format!("{code} spy: {} → {}", b.spy, a.spy));
        }
        if a.assassins != b.assassins {
            out.push(format!(
                "{code} assassin missions: {} → {}",
                b.assassins, a.assassins
            ));
        }
        if a.events != b.events {
            out.push(format!(
                "{code} events: [{}] → [{}]",
                b.events.join(", "),
                a.events.join(", ")
            ));
        }
        if a.objective != b.objective {
            out.push(format!("{code} objective chosen"));
        }
    }
    for (id, a) in &after.armies {
        match before.armies.get(id) {
            None => out.push(format!("army {id} raised at {} with {}", a.node, a.value)),
            Some(b) if b != a => out.push(army_change(id.as_str(), b, a)),
            Some(_) => {}
        }
    }
    for id in before
        .armies
        .keys()
        .filter(|id| !after.armies.contains_key(*id))
    {
        out.push(format!("army {id} is gone"));
    }
    for (code, a) in &after.nodes {
        let Some(b) = before.nodes.get(code) else {
            continue;
        };
        if a.owner != b.owner {
            out.push(format!("{code} owner: {} → {}", b.owner, a.owner));
        }
        if a.fortification != b.fortification {
            let name = |f: crate::rules::world::Fortification| format!("{f:?}").to_lowercase();
            out.push(format!(
                "{code} fortification: {} → {}",
                name(b.fortification),
                name(a.fortification)
            ));
        }
        if a.garrison != b.garrison {
            let v = |g: &Option<crate::rules::world::Garrison>| g.as_ref().map_or(0, |g| g.value);
            out.push(format!(
                "{code} garrison: {} → {}",
                v(&b.garrison),
                v(&a.garrison)
            ));
        }
        if a.sapper != b.sapper {
            let who = |s: &Option<crate::rules::NationCode>| {
                s.as_ref()
                    .map_or_else(|| "none".to_owned(), |n| n.to_string())
            };
            out.push(format!(
                "{code} sapper: {} → {}",
                who(&b.sapper),
                who(&a.sapper)
            ));
        }
    }
    for (id, f) in &after.fleets {
        if !before.fleets.contains_key(id) {
            let at = match &f.at {
                FleetAt::Port(p) => p.to_string(),
                FleetAt::Sea(s) => s.to_string(),
            };
            out.push(format!("fleet {id} built at {at}"));
        }
    }
    for id in before
        .fleets
        .keys()
        .filter(|id| !after.fleets.contains_key(*id))
    {
        out.push(format!("fleet {id} is gone"));
    }
    for (id, d) in &after.diplomats {
        if !before.diplomats.contains_key(id) {
            out.push(format!("diplomat {id} placed at {}", d.node));
        }
    }
    for id in before
        .diplomats
        .keys()
        .filter(|id| !after.diplomats.contains_key(*id))
    {
        out.push(format!("diplomat {id} leaves"));
    }
    if after.alliances != before.alliances {
        for a in &after.alliances {
            let declared: Vec<&str> = a.declared_by.iter().map(|n| n.as_str()).collect();
            out.push(format!(
                "alliance {}–{}: declared by {}",
                a.members[0],
                a.members[1],
                declared.join(", ")
            ));
        }
    }
    if after.works != before.works {
        out.push(format!(
            "works pending: {}",
            after
                .works
                .iter()
                .map(|w| w.node.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    if after.move_order != before.move_order {
        out.push(if after.move_order.is_empty() {
            "move order: cleared (drawn again or bid for next spring)".to_owned()
        } else {
            format!(
                "move order: {}",
                after
                    .move_order
                    .iter()
                    .map(|n| n.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        });
    }
    if after.strategos != before.strategos {
        let who = after
            .strategos
            .as_ref()
            .map_or_else(|| "none".to_owned(), |n| n.to_string());
        out.push(format!("Strategos: {who}"));
    }
    out
}

/// One army's change in words: where and how much, and what else changed (its sapper,
/// its stance, inside or out of its walls, aboard or ashore, stunned): a play-test's
/// referee read "army M-A3: F7 180 → F7 180" for a sapper that left.
fn army_change(id: &str, b: &crate::rules::world::Army, a: &crate::rules::world::Army) -> String {
    let mut also = Vec::new();
    match (b.sapper, a.sapper) {
        (false, true) => also.push("+ sapper"),
        (true, false) => also.push("sapper gone"),
        _ => {}
    }
    if a.inside != b.inside {
        also.push(if a.inside {
            "inside its walls"
        } else {
            "out of its walls"
        });
    }
    if a.aboard != b.aboard {
        also.push(if a.aboard.is_some() {
            "aboard"
        } else {
            "ashore"
        });
    }
    if a.stance != b.stance {
        also.push("standing choices changed");
    }
    if a.stunned != b.stunned {
        also.push(if a.stunned.is_some() {
            "commander killed"
        } else {
            "commander back"
        });
    }
    if a.arrived != b.arrived && also.is_empty() && a.node == b.node && a.value == b.value {
        also.push("arrival round changed");
    }
    let also = if also.is_empty() {
        String::new()
    } else {
        format!(" ({})", also.join(", "))
    };
    format!(
        "army {id}: {} {} → {} {}{also}",
        b.node, b.value, a.node, a.value
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::world::Army;

    /// A play-test's referee read "army M-A3: F7 180 → F7 180" where the sapper left.
    #[test]
    fn an_army_change_names_what_changed_beside_place_and_value() {
        let mut b = Army::new("M-A3".into(), "M".into(), "F7".into(), 180);
        b.sapper = true;
        let mut a = b.clone();
        a.sapper = false;
        assert_eq!(
            army_change("M-A3", &b, &a),
            "army M-A3: F7 180 → F7 180 (sapper gone)"
        );
        a.inside = true;
        a.value = 170;
        assert_eq!(
            army_change("M-A3", &b, &a),
            "army M-A3: F7 180 → F7 170 (sapper gone, inside its walls)"
        );
    }
}
