//! Victory (G8): every club's standing against its own secret objective, and the final
//! verdict after the last winter (ties broken by treasury, G8.2).
//!
//! "Most" objectives compare the clubs only (neutral nations never win); a club tied
//! for the most meets its objective.

use super::campaign::Campaign;
use super::ids::NationCode;
use super::map::NodeKind;
use super::tables::ObjectiveKind;
use super::world::World;
use serde::Serialize;

/// One club's standing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Standing {
    pub nation: NationCode,
    /// `None` when the club never chose one (G8.1: it cannot win).
    pub(crate) objective: Option<ObjectiveKind>,
    pub(crate) target: Option<NationCode>,
    /// The club's own measure (nodes held, ducats, alliances…).
    pub(crate) measure: i64,
    /// The best measure of any other club, for "most" objectives; what is still
    /// missing for the others (nodes not held).
    pub(crate) rival_best: Option<i64>,
    pub met: bool,
    pub(crate) treasury: i64,
}

/// The verdict of the campaign.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Verdict {
    pub standings: Vec<Standing>,
    /// Clubs that met their objective.
    pub met: Vec<NationCode>,
    /// G8.2: among those, the most ducats in treasury; several if still tied.
    pub winners: Vec<NationCode>,
}

/// Returns a club's measure for an objective kind.
fn measure(
    c: &Campaign,
    w: &World,
    nation: &NationCode,
    kind: ObjectiveKind,
    target: Option<&NationCode>,
) -> i64 {
    let owned = || {
        w.nodes
            .iter()
            .filter(|(_, n)| &n.owner == nation)
            .filter_map(|(code, _)| c.map.node(code.as_str()))
    };
    let count = |f: &dyn Fn(&super::map::Node) -> bool| owned().filter(|n| f(n)).count() as i64;
    match kind {
        // Nodes of its original possessions (or of the target's) it does not hold now.
        ObjectiveKind::KeepPossessions => c
            .map
            .nodes()
            .filter(|n| {
                &n.owner == nation && w.nodes.get(&n.code).is_some_and(|s| &s.owner != nation)
            })
            .count() as i64,
        ObjectiveKind::ConquerNation => match target {
            Some(t) => c
                .map
                .nodes()
                .filter(|n| {
                    &n.owner == t && w.nodes.get(&n.code).is_some_and(|s| &s.owner != nation)
                })
                .count() as i64,
            None => i64::MAX,
        },
        ObjectiveKind::MostCapitals => count(&|n| n.capital),
        ObjectiveKind::MostCities => count(&|n| n.kind == NodeKind::City),
        ObjectiveKind::MostFortresses => count(&|n| n.kind == NodeKind::Fortress),
        ObjectiveKind::MostVillages => count(&|n| n.kind == NodeKind::Village),
        ObjectiveKind::MostPorts => count(&|n| n.port),
        ObjectiveKind::MostDucats => w.nation(nation.as_str()).map_or(0, |s| s.treasury),
        ObjectiveKind::MostFleets => w.fleets_of(nation.as_str()).count() as i64,
        ObjectiveKind::MostAlliancesHonoured => w
            .alliances
            .iter()
            .filter(|a| {
                a.members.contains(nation)
                    && a.declared_by.len() == 2
                    && !a.betrayed_by.contains(nation)
            })
            .count() as i64,
        ObjectiveKind::MostAlliancesBetrayed => w
            .alliances
            .iter()
            .filter(|a| a.betrayed_by.contains(nation))
            .count() as i64,
    }
}

/// Returns whether an objective is about having the most of something.
fn is_most(kind: ObjectiveKind) -> bool {
    !matches!(
        kind,
        ObjectiveKind::KeepPossessions | ObjectiveKind::ConquerNation
    )
}

/// Evaluates every club's objective in the world as it stands.
/// Whether `nation` can ever meet an objective of `kind`: a nation that may have no
/// fleet (its `fleet_limit` is 0) never holds one, so "most fleets" (at least one) is
/// out of its reach. The welcome and the spring sheet offer only what can be met (a
/// play-test's Milan was offered it); the rules still accept it, as they always have.
pub(crate) fn objective_possible(c: &Campaign, nation: &NationCode, kind: ObjectiveKind) -> bool {
    match kind {
        ObjectiveKind::MostFleets => c.nation(nation.as_str()).is_some_and(|n| n.fleet_limit > 0),
        _ => true,
    }
}

pub fn standings(c: &Campaign, w: &World) -> Verdict {
    let clubs: Vec<NationCode> = w.clubs.iter().cloned().collect();
    let mut standings = Vec::new();
    for n in &clubs {
        let state = w.nation(n.as_str());
        let treasury = state.map_or(0, |s| s.treasury);
        let Some(objective) = state.and_then(|s| s.objective.clone()) else {
            standings.push(Standing {
                nation: n.clone(),
                objective: None,
                target: None,
                measure: 0,
                rival_best: None,
                met: false,
                treasury,
            });
            continue;
        };
        let mine = measure(c, w, n, objective.kind, objective.target.as_ref());
        let (rival_best, met) = if is_most(objective.kind) {
            let best = clubs
                .iter()
                .filter(|o| *o != n)
                .map(|o| measure(c, w, o, objective.kind, None))
                .max();
            (best, best.is_none_or(|b| mine >= b) && mine > 0)
        } else {
            // The measure counts what is missing: met when nothing is.
            (None, mine == 0)
        };
        standings.push(Standing {
            nation: n.clone(),
            objective: Some(objective.kind),
            target: objective.target.clone(),
            measure: mine,
            rival_best,
            met,
            treasury,
        });
    }
    let met: Vec<NationCode> = standings
        .iter()
        .filter(|s| s.met)
        .map(|s| s.nation.clone())
        .collect();
    let best = standings.iter().filter(|s| s.met).map(|s| s.treasury).max();
    let winners = standings
        .iter()
        .filter(|s| s.met && Some(s.treasury) == best)
        .map(|s| s.nation.clone())
        .collect();
    Verdict {
        standings,
        met,
        winners,
    }
}

/// Returns whether `nation` would meet an objective of this kind (no target) in the
/// world as it stands: the simulator's balance matrix.
pub(crate) fn would_meet(
    c: &Campaign,
    w: &World,
    nation: &NationCode,
    kind: ObjectiveKind,
) -> bool {
    let mine = measure(c, w, nation, kind, None);
    if !is_most(kind) {
        return mine == 0;
    }
    let best = w
        .clubs
        .iter()
        .filter(|o| *o != nation)
        .map(|o| measure(c, w, o, kind, None))
        .max();
    best.is_none_or(|b| mine >= b) && mine > 0
}

#[cfg(test)]
mod possible_tests {
    use super::*;

    /// Milan may have no fleet: "most fleets" is out of its reach, not Venice's.
    #[test]
    fn a_nation_without_fleets_cannot_aim_at_the_most_fleets() {
        let c = crate::fixtures::shipped();
        let (m, v) = (NationCode("M".into()), NationCode("V".into()));
        assert!(!objective_possible(&c, &m, ObjectiveKind::MostFleets));
        assert!(objective_possible(&c, &v, ObjectiveKind::MostFleets));
        assert!(objective_possible(&c, &m, ObjectiveKind::MostPorts));
    }
}
