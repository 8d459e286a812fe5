//! Orders of battle built from a ducat-only army (§0.5, ASSUMPTION): the ruleset's
//! templates filled in proportion to their weights until the ducats are spent.

use super::card::{Leader, Unit};
use super::ruleset::Ruleset;
use crate::rules::Ducats;

/// Builds a side's units and leaders from its ducats; returns them and the ducats left
/// unspent (less than the cheapest template). `key` prefixes the ids (`A-U1`).
pub fn from_templates(rs: &Ruleset, key: &str, ducats: Ducats) -> (Vec<Unit>, Vec<Leader>, Ducats) {
    let mut counts = vec![0u32; rs.templates.len()];
    let mut left = ducats;
    loop {
        // The affordable template furthest below its share; ties go to the first listed.
        let pick = rs
            .templates
            .iter()
            .enumerate()
            .filter(|(_, t)| t.cost > 0 && t.cost <= left && t.weight > 0)
            .min_by(|(i, a), (j, b)| {
                // counts[i] / weight_i against counts[j] / weight_j, without division.
                let x = u64::from(counts[*i]) * u64::from(b.weight);
                let y = u64::from(counts[*j]) * u64::from(a.weight);
                x.cmp(&y).then(i.cmp(j))
            })
            .map(|(i, _)| i);
        let Some(i) = pick else { break };
        counts[i] += 1;
        left -= rs.templates[i].cost;
    }
    let mut units = Vec::new();
    for (i, t) in rs.templates.iter().enumerate() {
        for k in 0..counts[i] {
            units.push(Unit {
                id: format!("{key}-U{}", units.len() + 1),
                name: if counts[i] > 1 {
                    format!("{} {}", t.name, k + 1)
                } else {
                    t.name.clone()
                },
                kind: t.kind.clone(),
                ratings: t.ratings.clone(),
                campaign_value: t.cost,
            });
        }
    }
    let mut leaders = Vec::new();
    for lt in &rs.leader_templates {
        let n = (units.len() as u32).div_ceil(lt.every.max(1)).max(1);
        for k in 0..n {
            leaders.push(Leader {
                id: format!("{key}-L{}", leaders.len() + 1),
                name: if n > 1 {
                    format!("{} {}", lt.name, k + 1)
                } else {
                    lt.name.clone()
                },
                ratings: lt.ratings.clone(),
            });
        }
    }
    (units, leaders, left)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battle::ruleset::{Game, LeaderTemplate, UnitTemplate};

    fn rs() -> Ruleset {
        let t = |kind: &str, cost, weight| UnitTemplate {
            kind: kind.into(),
            name: kind.into(),
            cost,
            weight,
            ratings: Default::default(),
        };
        Ruleset {
            id: "t".into(),
            name: "t".into(),
            game: Game::Mon,
            seed: None,
            table: String::new(),
            dice: "d6".into(),
            deployment: String::new(),
            rearguard_deployment: String::new(),
            victory: String::new(),
            partial_loss_percent: 0,
            options: vec![],
            readings: Default::default(),
            templates: vec![t("inf", 40, 3), t("cav", 40, 1), t("art", 30, 1)],
            leader_templates: vec![LeaderTemplate {
                name: "commander".into(),
                every: 5,
                ratings: Default::default(),
            }],
            points: None,
            tables: Default::default(),
            compiled: Default::default(),
        }
    }

    #[test]
    fn templates_fill_in_proportion_and_report_the_remainder() {
        let (units, leaders, left) = from_templates(&rs(), "A", 420);
        let count = |k: &str| units.iter().filter(|u| u.kind == k).count();
        let spent: Ducats = units.iter().map(|u| u.campaign_value).sum();
        assert_eq!(spent + left, 420, "every ducat is a unit or the remainder");
        assert!(
            left < 30,
            "the remainder is less than the cheapest unit: {left}"
        );
        assert!(count("inf") >= 2 * count("cav"), "{units:?}");
        assert_eq!(leaders.len(), units.len().div_ceil(5));
        assert_eq!(units[0].id, "A-U1");
    }

    #[test]
    fn a_tiny_army_gets_what_it_can_afford() {
        let (units, _, left) = from_templates(&rs(), "B", 35);
        assert_eq!(units.len(), 1);
        assert_eq!(units[0].kind, "art");
        assert_eq!(left, 5);
    }
}
