//! The dice log as `giglio log --dice` shows it: every roll of a phase, from each of its
//! sources, and the seed a roll was drawn from where it is not the phase's own.

use super::{Store, dice_row, draw_of};
use crate::error::Result;
use crate::rules::dice::Roll;

/// Where a logged die was rolled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DieSource {
    /// The phase's resolution.
    Resolution,
    /// A battle auto-resolved while the phase was open (the battle's id).
    Battle(String),
    /// A step taken while the phase was open (the step's number, from 1).
    Step(u32),
}

impl std::fmt::Display for DieSource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DieSource::Resolution => f.write_str("resolution"),
            DieSource::Battle(b) => write!(f, "battle {b}"),
            DieSource::Step(n) => write!(f, "step {n}"),
        }
    }
}

/// One roll of the dice log with where it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoggedDie {
    pub phase: String,
    pub source: DieSource,
    /// The roll's number among its source's rolls, from 1.
    pub source_seq: u32,
    /// The roll, its `seq` running through the whole phase's log from 1.
    pub roll: Roll,
    /// The seed (hex) the roll was drawn from where it is not the one the phase's
    /// report reveals: a battle auto-resolved before the phase was undone and its dice
    /// drawn anew drew from the seed the withdrawn report revealed (a play-test's club,
    /// checking with the new seed, found other faces).
    pub seed: Option<String>,
}

impl Store {
    /// Returns the dice log as `giglio log --dice` shows it: each roll with where it
    /// came from and its place in its phase's log. The rolls of a phase come from
    /// several sources (its resolution, each battle auto-resolved while it was open,
    /// each step taken); each source numbers its own rolls from 1, so the roll's `seq`
    /// here is renumbered to run through the whole phase and the source's own number
    /// is kept beside it.
    pub fn dice_log(&self, phase: Option<&str>) -> Result<Vec<LoggedDie>> {
        let phases = match phase {
            Some(p) => vec![p.to_owned()],
            None => self.phase_list()?.iter().map(|(id, _)| id.key()).collect(),
        };
        let mut out = Vec::new();
        for key in phases {
            let mut sourced: Vec<(DieSource, Roll, Option<String>)> = self
                .phase_dice(Some(&key))?
                .into_iter()
                .map(|(_, r)| (DieSource::Resolution, r, None))
                .collect();
            sourced.extend(self.battle_dice_sourced(&key)?);
            for step in self.steps(&key)? {
                let source = DieSource::Step(step.n);
                sourced.extend(step.rolls.into_iter().map(|r| (source.clone(), r, None)));
            }
            for (i, (source, mut roll, seed)) in sourced.into_iter().enumerate() {
                let source_seq = roll.seq;
                roll.seq = i as u32 + 1;
                out.push(LoggedDie {
                    phase: key.clone(),
                    source,
                    source_seq,
                    roll,
                    seed,
                });
            }
        }
        Ok(out)
    }

    /// The rolls of the battles auto-resolved while a phase was open, each with its
    /// battle's id, and the seed it drew from where that was an earlier draw's.
    fn battle_dice_sourced(&self, phase: &str) -> Result<Vec<(DieSource, Roll, Option<String>)>> {
        let mut stmt = self.conn.prepare(
            "SELECT r.battle, d.seq, d.event, d.purpose, d.sides, d.value, r.detail FROM battle_dice d
                 JOIN battle_result r ON r.id = d.result_id
                 WHERE r.phase_key = ?1 AND r.active = 1 ORDER BY r.id, d.seq",
        )?;
        let rows = stmt.query_map([phase], |r| {
            Ok((dice_row(r)?, r.get::<_, Option<String>>(6)?))
        })?;
        let rows: Vec<((String, Roll), Option<String>)> = rows.collect::<Result<_, _>>()?;
        let now = draw_of(&self.conn, phase)?;
        let mut out = Vec::new();
        for ((battle, roll), detail) in rows {
            // The draw the battle was resolved under, as its result's detail keeps it.
            let draw = detail
                .and_then(|d| serde_json::from_str::<serde_json::Value>(&d).ok())
                .and_then(|d| d.get("draw").and_then(serde_json::Value::as_u64))
                .map_or(0, |d| u32::try_from(d).unwrap_or(u32::MAX));
            let seed = match draw == now {
                true => None,
                false => self.spent_seed(phase, draw)?.map(hex::encode),
            };
            out.push((DieSource::Battle(battle), roll, seed));
        }
        Ok(out)
    }
}
