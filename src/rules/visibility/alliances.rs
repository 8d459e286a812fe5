//! A club's own alliances as its report shows them every phase (G5.2): with whom, and
//! whether each stands, waits for the other's declaration, or was broken and by whom.
//!
//! Play-tests' clubs could learn where their alliances stood only from the spring's
//! sheet: after an ally's army met theirs, nothing they received said whether the
//! alliance still held. A club sees only alliances it declared itself: the other's
//! declaration alone is its secret (G7.4), and a betrayal of one it declared was told
//! to it when it happened (`forces::betray`).

use super::super::campaign::Campaign;
use super::super::forces::alliance_stands;
use super::super::ids::NationCode;
use super::super::world::World;
use serde::Serialize;

/// Where an alliance the club declared stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum AllianceState {
    /// It stands (both declared it, or one did where the rules need no more).
    Standing,
    /// The club declared it; the other nation has not (yet).
    Declared,
    /// The club itself betrayed it.
    BrokenByYou,
    /// The other nation betrayed it.
    BrokenByThem,
    /// Both betrayed it (campaigns written before `betrayal_ends_alliance`).
    BrokenByBoth,
}

/// One of the club's alliances.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct AllianceView {
    pub(crate) with: NationCode,
    /// Its name with its code: "Republic of Venice (V)", "Spain (the Aragonese crowns
    /// in Italy, S)".
    pub(crate) with_name: String,
    pub(crate) state: AllianceState,
}

/// The alliances `nation` declared, in world `w` (after the phase), each with its state.
pub(crate) fn alliances(
    c: &Campaign,
    w: &World,
    nation: &NationCode,
    name: impl Fn(&NationCode) -> String,
) -> Vec<AllianceView> {
    (w.alliances.iter())
        .filter(|a| a.members.contains(nation) && a.declared_by.contains(nation))
        .filter_map(|a| {
            let other = a.members.iter().find(|m| *m != nation)?;
            let state = match (
                a.betrayed_by.contains(nation),
                a.betrayed_by.contains(other),
            ) {
                (true, true) => AllianceState::BrokenByBoth,
                (true, false) => AllianceState::BrokenByYou,
                (false, true) => AllianceState::BrokenByThem,
                (false, false) if alliance_stands(c, w, nation, other) => AllianceState::Standing,
                (false, false) => AllianceState::Declared,
            };
            Some(AllianceView {
                with: other.clone(),
                with_name: name(other),
                state,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::world::Alliance;
    use std::collections::BTreeSet;

    fn set(list: &[&str]) -> BTreeSet<NationCode> {
        list.iter().map(|n| NationCode::from(*n)).collect()
    }

    #[test]
    fn a_club_sees_the_alliances_it_declared_and_where_each_stands() {
        let c = crate::fixtures::shipped();
        let clubs: Vec<NationCode> = ["V", "M", "F", "N", "P"].map(NationCode::from).into();
        let mut w = World::start(&c, &clubs);
        let pair = |a: &str, b: &str, declared: &[&str], betrayed: &[&str]| {
            let mut members = [NationCode::from(a), NationCode::from(b)];
            members.sort();
            Alliance {
                members,
                declared_by: set(declared),
                betrayed_by: set(betrayed),
            }
        };
        w.alliances = vec![
            pair("V", "M", &["V", "M"], &[]),
            pair("V", "F", &["V"], &[]),
            // Naples declared an alliance with Venice that Venice never declared: its
            // secret, not shown to Venice.
            pair("V", "N", &["N"], &[]),
            pair("V", "P", &["V", "P"], &["P"]),
            pair("M", "F", &["M", "F"], &["M"]),
        ];
        let v = NationCode::from("V");
        let seen = |n: &NationCode| {
            alliances(&c, &w, n, |x| x.to_string())
                .into_iter()
                .map(|a| (a.with.to_string(), a.state))
                .collect::<Vec<_>>()
        };
        let mut got = seen(&v);
        got.sort_by(|a, b| a.0.cmp(&b.0));
        assert_eq!(
            got,
            [
                ("F".to_owned(), AllianceState::Declared),
                ("M".to_owned(), AllianceState::Standing),
                ("P".to_owned(), AllianceState::BrokenByThem),
            ]
        );
        let mut milan = seen(&NationCode::from("M"));
        milan.sort_by(|a, b| a.0.cmp(&b.0));
        assert_eq!(
            milan,
            [
                ("F".to_owned(), AllianceState::BrokenByYou),
                ("V".to_owned(), AllianceState::Standing),
            ]
        );
        assert_eq!(
            seen(&NationCode::from("N")),
            [("V".to_owned(), AllianceState::Declared)]
        );
    }
}
