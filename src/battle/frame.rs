//! The frame every game runs in: what the campaign asks of any battle, whatever the
//! game (the campaign rulebook's G2b.5, G3c.9 and §0.4), written once and used by the
//! four resolvers: who may attack, the rearguard's verdict, the turn cap, which
//! PROVISIONAL tables a battle used, a unit's ratings, the map-free pairing, the
//! result's frame, and the memo of per-sector answers the policies ask unit by unit.

use super::card::Card;
use super::error::BattleError;
use super::result::{Account, LeaderResult, Source, TacticalResult, UnitResult, Winner};
use std::collections::BTreeSet;
use std::ops::RangeInclusive;

/// G2b.5: whether each side may attack. A side whose commander was killed in the
/// campaign defends, but cannot attack.
pub(crate) fn may_attack(card: &Card) -> [bool; 2] {
    [
        !card.sides[0].commander_killed,
        !card.sides[1].commander_killed,
    ]
}

/// The rearguard's count (G3c.9): side B's units that got away, and those it lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Rearguard {
    pub(crate) escaped: usize,
    pub(crate) lost: usize,
}

impl Rearguard {
    /// G3c.9: the rearguard wins when more of its units got away than it lost;
    /// otherwise the attacker wins.
    pub(crate) fn winner(self) -> Winner {
        if self.wins() { Winner::B } else { Winner::A }
    }

    /// Whether the rearguard won.
    pub(crate) fn wins(self) -> bool {
        self.escaped > self.lost
    }
}

/// The turns a battle plays: what the game's data asks, never beyond the resolver's own
/// hard cap (a broken table must not make a battle endless).
pub(crate) fn turn_cap(asked: u32, hard_cap: u32) -> u32 {
    asked.min(hard_cap)
}

/// The PROVISIONAL stand-in tables a battle actually used: every report says so.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Provisional {
    used: BTreeSet<String>,
}

impl Provisional {
    /// Notes that the battle read `table`, a stand-in when `provisional`.
    pub(crate) fn read(&mut self, table: &str, provisional: bool) {
        if provisional && !self.used.contains(table) {
            self.used.insert(table.to_owned());
        }
    }

    /// Whether a stand-in table was used.
    pub(crate) fn any(&self) -> bool {
        !self.used.is_empty()
    }

    /// Whether the named stand-in was used (the games' unit tests ask).
    #[cfg(test)]
    pub(crate) fn contains(&self, table: &str) -> bool {
        self.used.contains(table)
    }
}

/// A rating of a card's unit or leader checked against the game's range: `None` when
/// the card does not give it (the game's default applies), the card's error when it is
/// outside the range.
pub(crate) fn rating(
    owner: &str,
    key: &str,
    value: Option<i64>,
    range: RangeInclusive<i64>,
) -> Result<Option<i64>, BattleError> {
    match value {
        None => Ok(None),
        Some(v) if range.contains(&v) => Ok(Some(v)),
        Some(v) => Err(BattleError::Card(format!(
            "{owner}: rating `{key}` = {v} is outside {}..={}",
            range.start(),
            range.end()
        ))),
    }
}

/// A rating the game cannot do without: the card's error when it is missing.
pub(crate) fn required(
    owner: &str,
    key: &str,
    value: Option<i64>,
    range: RangeInclusive<i64>,
) -> Result<i64, BattleError> {
    rating(owner, key, value, range)?
        .ok_or_else(|| BattleError::Card(format!("{owner}: rating `{key}` is missing")))
}

/// The §0.4 pairing of two facing lines of the map-free table: the unit at place `k`
/// of its line faces the enemy at the same place; a surplus unit is an overlap on the
/// enemy line's ends, alternately the last and the first. Returns the place it faces in
/// an enemy line of `theirs` units, and whether it is an overlap (`None`: no enemy).
pub(crate) fn facing(k: usize, theirs: usize) -> Option<(usize, bool)> {
    if theirs == 0 {
        return None;
    }
    if k < theirs {
        return Some((k, false));
    }
    let o = k - theirs;
    Some((if o.is_multiple_of(2) { theirs - 1 } else { 0 }, true))
}

/// The result's frame: who won and why (in English and as the catalogue's account;
/// a worked example has no account), the turns played, whether a stand-in was used,
/// and every unit's and leader's end state.
pub(crate) fn result(
    card: &Card,
    end: (Winner, String, Option<Account>),
    turns: u32,
    provisional: bool,
    units: Vec<UnitResult>,
    leaders: Vec<LeaderResult>,
) -> TacticalResult {
    let mut r = TacticalResult::new(card, Source::Auto);
    (r.winner, r.reason, r.account) = end;
    r.turns_played = turns;
    r.provisional_tables_used = provisional;
    r.units = units;
    r.leaders = leaders;
    r
}

/// Answers about one sector of the field (who touches whom), kept while the field they
/// were found on is unchanged: the games' policies ask them unit by unit, far more often
/// than the field changes. The field is what the answers read of each unit (`K`), so
/// checking it is one linear comparison instead of finding the answers again.
#[derive(Debug)]
pub(crate) struct SectorMemo<K, V> {
    field: Vec<K>,
    sectors: Vec<Option<V>>,
}

impl<K, V> Default for SectorMemo<K, V> {
    fn default() -> Self {
        Self {
            field: Vec::new(),
            sectors: Vec::new(),
        }
    }
}

impl<K: PartialEq, V: Clone> SectorMemo<K, V> {
    /// The answer for `sector` on the field whose units read `keys`, found with `find`
    /// only when the field has changed since it was last found.
    pub(crate) fn get(
        &mut self,
        keys: impl ExactSizeIterator<Item = K> + Clone,
        sector: usize,
        find: impl FnOnce() -> V,
    ) -> &V {
        let same = self.field.len() == keys.len()
            && self.field.iter().zip(keys.clone()).all(|(k, n)| *k == n);
        if !same {
            self.field.clear();
            self.field.extend(keys);
            self.sectors.clear();
        }
        if self.sectors.len() <= sector {
            self.sectors.resize(sector + 1, None);
        }
        self.sectors[sector].get_or_insert_with(find)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rearguard_wins_only_with_more_away_than_lost() {
        let r = |escaped, lost| Rearguard { escaped, lost }.winner();
        assert_eq!(r(3, 2), Winner::B);
        assert_eq!(r(2, 2), Winner::A, "a tie is the attacker's");
        assert_eq!(r(0, 0), Winner::A);
    }

    #[test]
    fn an_overlap_meets_the_ends_alternately() {
        let faced: Vec<_> = (0..6).map(|k| facing(k, 3)).collect();
        let want = [
            (0, false),
            (1, false),
            (2, false),
            (2, true),
            (0, true),
            (2, true),
        ];
        assert_eq!(faced, want.map(Some));
        assert_eq!(facing(0, 0), None);
    }

    #[test]
    fn a_rating_outside_its_range_names_its_owner() {
        assert_eq!(rating("unit A-U1", "fire", None, 1..=6), Ok(None));
        assert_eq!(rating("unit A-U1", "fire", Some(6), 1..=6), Ok(Some(6)));
        let e = required("unit A-U1", "fire", Some(7), 1..=6).unwrap_err();
        assert!(
            e.to_string().contains("unit A-U1: rating `fire` = 7"),
            "{e}"
        );
        let e = required("unit A-U1", "fire", None, 1..=6).unwrap_err();
        assert!(e.to_string().contains("is missing"), "{e}");
    }

    #[test]
    fn provisional_is_only_what_was_read_as_a_stand_in() {
        let mut p = Provisional::default();
        p.read("crt", false);
        assert!(!p.any());
        p.read("fire", true);
        assert!(p.any() && p.contains("fire") && !p.contains("crt"));
    }
}
