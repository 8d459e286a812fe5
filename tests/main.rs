//! The single integration test binary: every test of the real binary and the library's
//! public surface. Each module says what belongs in it.

/// Battles: odds against exact probabilities, every ruleset resolving, odds that never
/// touch the campaign.
mod battles;
/// End-to-end tests of the `giglio` binary, one section per subcommand.
mod cli;
/// Helpers: temporary campaigns, running the real binary.
mod common;
/// Diagnostics of bad order files, as snapshots.
mod orders_cases;
/// Property tests: conservation of ducats, one outcome per order, determinism.
mod properties;
/// README's examples stay true.
mod readme;
/// Rules cases as data: `tests/cases/{spring,winter}/*.toml`.
mod rules_cases;
/// Broken campaign definitions (`tests/cases/scenario/*.toml`) and the shipped one.
mod scenario;
/// The campaign database: round trips, undo, the writer's lock.
mod storage;
/// Invariants of the code base itself.
mod tidy;
/// Objectives and the final verdict (G8).
mod victory;
