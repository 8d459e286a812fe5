//! Why a battle could not be auto-resolved: a leaf, so that the games, the frame they
//! share and the ruleset can all name it without importing the dispatcher in
//! `battle/mod.rs`.

/// Why a battle could not be auto-resolved.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BattleError {
    /// The ruleset's data lacks something the resolver needs (a MISSING table not
    /// typed in and with no PROVISIONAL stand-in, say).
    #[error("ruleset {ruleset}: {message}")]
    Data { ruleset: String, message: String },
    /// The ruleset is points-only: its battles are fought on the table, never
    /// auto-resolved (Armati, Virtue 'gainst Fury…).
    #[error(
        "ruleset {0} is a points-only hand-off: fight the battle on the table and enter its result"
    )]
    PointsOnly(String),
    /// The card does not fit the ruleset (a side with no unit, say).
    #[error("battle card: {0}")]
    Card(String),
}
