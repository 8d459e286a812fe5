//! The world a withdrawn resolution opened, kept by `undo` so that the phase's new
//! resolution can tell each club what differs from the report it had read.

use super::{Store, corrupt};
use crate::error::{Error, Result};
use crate::rules::World;
use rusqlite::{OptionalExtension, params};

/// Inside `undo`'s transaction: keeps the world the resolution of `phase` opened (the
/// stored world of `opened`, the phase that goes), replacing an earlier withdrawal's.
pub(super) fn keep_in(
    tx: &rusqlite::Transaction,
    phase: &str,
    opened: &str,
    now: &str,
) -> Result<()> {
    tx.execute(
        "INSERT INTO withdrawn_world (phase_key, world, at)
         SELECT ?1, world, ?3 FROM phase WHERE key = ?2
         ON CONFLICT (phase_key) DO UPDATE SET world = excluded.world, at = excluded.at",
        params![phase, opened, now],
    )?;
    Ok(())
}

impl Store {
    /// The world the last withdrawn resolution of `phase` opened, if one was undone.
    pub(crate) fn withdrawn_world(&self, phase: &str) -> Result<Option<World>> {
        let json: Option<String> = self
            .conn
            .query_row(
                "SELECT world FROM withdrawn_world WHERE phase_key = ?1",
                [phase],
                |r| r.get(0),
            )
            .optional()
            .map_err(Error::from)?;
        json.map(|j| serde_json::from_str(&j).map_err(|e| corrupt("withdrawn world", e)))
            .transpose()
    }
}
