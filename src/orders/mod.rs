//! Order files: TOML → checked shape → [`OrderSet`](crate::rules::order::OrderSet), with located diagnostics in the
//! club's language.
//!
//! This module checks what can be checked from the file and the campaign definition
//! alone (syntax, known codes, ranges, the phase an order belongs to, roads along a
//! path). Whether an order is legal in the world is decided by `rules` when the phase
//! is resolved; `giglio orders check` runs that same resolution on the club's orders.

pub mod explain;
mod lower;
pub mod raw;
mod unparse;

pub use explain::problem_kind;
pub use lower::{Header, Lowered, lower, masked_text};
pub use unparse::{unparse, unparse_order};

/// Largest order file read: a file of every order a club could give is far smaller.
pub const MAX_FILE_BYTES: usize = 64 * 1024;
/// Most orders in one file.
pub const MAX_ORDERS: usize = 200;
/// Longest note to the referee, in characters.
pub const MAX_NOTE_CHARS: usize = 500;

/// Returns the JSON Schema of order files, pretty-printed.
pub fn schema_json() -> String {
    let schema = schemars::schema_for!(raw::OrderFile);
    serde_json::to_string_pretty(&schema)
        .unwrap_or_else(|e| unreachable!("a schema always serializes: {e}"))
}
