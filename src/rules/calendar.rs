//! The calendar: a year is spring, ten summer rounds and winter (G1.1).
//!
//! The calendar is a fixed pipeline; the phase decides which orders are valid and
//! which rules run.

use serde::{Deserialize, Serialize};
use std::fmt;

/// One step of the year's pipeline.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Taxes, loans, recruiting, works, specialists, the Strategos auction (G2).
    Spring,
    /// One of the summer rounds, numbered from 1 (G3).
    Round(u8),
    /// Works complete, specialists leave, events are rolled (G4).
    Winter,
}

/// A phase of a given year: the unit of resolution, seeding, history and undo.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
pub struct PhaseId {
    pub year: u16,
    pub phase: Phase,
}

impl PhaseId {
    /// Returns the first phase of a campaign that starts in `year`.
    pub(crate) fn first(year: u16) -> Self {
        Self {
            year,
            phase: Phase::Spring,
        }
    }

    /// Returns the phase after this one, or `None` after the last winter.
    ///
    /// `rounds` is the number of summer rounds, `last_year` the campaign's final year.
    pub fn next(self, rounds: u8, last_year: u16) -> Option<Self> {
        let phase = match self.phase {
            Phase::Spring if rounds == 0 => Phase::Winter,
            Phase::Spring => Phase::Round(1),
            Phase::Round(n) if n < rounds => Phase::Round(n + 1),
            Phase::Round(_) => Phase::Winter,
            Phase::Winter if self.year >= last_year => return None,
            Phase::Winter => {
                return Some(Self {
                    year: self.year + 1,
                    phase: Phase::Spring,
                });
            }
        };
        Some(Self {
            year: self.year,
            phase,
        })
    }

    /// Returns the stable key used for seeding and storage (`1494-spring`, `1494-r03`).
    pub fn key(self) -> String {
        match self.phase {
            Phase::Spring => format!("{}-spring", self.year),
            Phase::Round(n) => format!("{}-r{n:02}", self.year),
            Phase::Winter => format!("{}-winter", self.year),
        }
    }

    /// The round a battle was fought in, by its id's phase (`1494-r01-F8`), not the one
    /// its result was applied in (a play-test read its March battle as April's, and the
    /// chronicle and the yearly report of one mail gave one battle two months);
    /// `applied` where the id does not read.
    pub(crate) fn battle_fought_in(id: &str, applied: PhaseId) -> PhaseId {
        (id.rsplit_once('-'))
            .and_then(|(key, _)| PhaseId::parse_key(key))
            .unwrap_or(applied)
    }

    /// Parses a key written by [`PhaseId::key`].
    pub fn parse_key(key: &str) -> Option<Self> {
        let (year, rest) = key.split_once('-')?;
        let year = year.parse().ok()?;
        let phase = match rest {
            "spring" => Phase::Spring,
            "winter" => Phase::Winter,
            r => {
                let n: u8 = r.strip_prefix('r')?.parse().ok()?;
                if n == 0 {
                    return None;
                }
                Phase::Round(n)
            }
        };
        Some(Self { year, phase })
    }

    /// Returns the summer round number, if this is a round.
    pub fn round(self) -> Option<u8> {
        match self.phase {
            Phase::Round(n) => Some(n),
            _ => None,
        }
    }
}

impl fmt::Display for PhaseId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.phase {
            Phase::Spring => write!(f, "{} spring", self.year),
            Phase::Round(n) => write!(f, "{} round {n}", self.year),
            Phase::Winter => write!(f, "{} winter", self.year),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_year_is_spring_ten_rounds_and_winter() {
        let mut p = PhaseId::first(1494);
        let mut seen = vec![p.key()];
        while let Some(n) = p.next(10, 1494) {
            p = n;
            seen.push(p.key());
        }
        assert_eq!(seen.len(), 12);
        assert_eq!(seen[1], "1494-r01");
        assert_eq!(seen[10], "1494-r10");
        assert_eq!(seen[11], "1494-winter");
    }

    #[test]
    fn winter_leads_to_next_spring_until_the_last_year() {
        let w = PhaseId {
            year: 1494,
            phase: Phase::Winter,
        };
        assert_eq!(
            w.next(10, 1498).map(|p| p.key()),
            Some("1495-spring".into())
        );
        assert_eq!(w.next(10, 1494), None);
    }

    #[test]
    fn keys_round_trip() {
        for key in ["1494-spring", "1494-r01", "1494-r10", "1498-winter"] {
            assert_eq!(
                PhaseId::parse_key(key).map(|p| p.key()).as_deref(),
                Some(key)
            );
        }
        assert_eq!(PhaseId::parse_key("1494-r00"), None);
        assert_eq!(PhaseId::parse_key("x-spring"), None);
    }
}
