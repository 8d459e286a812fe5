//! Order files: TOML → checked shape → [`OrderSet`](crate::rules::order::OrderSet), with located diagnostics in the
//! club's language.
//!
//! This module checks what can be checked from the file and the campaign definition
//! alone (syntax, known codes, ranges, the phase an order belongs to, roads along a
//! path). Whether an order is legal in the world is decided by `rules` when the phase
//! is resolved; `giglio orders check` runs that same resolution on the club's orders.
//!
//! The way back, [`OrderSet`](crate::rules::order::OrderSet) → TOML, is `codec`
//! ([`unparse`], [`unparse_order`]): written by serde and `toml` from the same types a
//! file is read into (`raw`), for every file giglio writes (bots' files, the sheet's
//! and the page's lines, receipts' echoes).

mod codec;
pub mod explain;
pub mod letters;
mod lower;
pub mod raw;
mod toml_errors;

pub use codec::{quoted, unparse, unparse_order};
pub use explain::problem_kind;
pub use lower::{Extension, Header, Lowered, lower, masked_text, value_range};

/// Largest order file read: a file of every order a club could give is far smaller.
pub const MAX_FILE_BYTES: usize = 64 * 1024;
/// Most orders in one file.
pub const MAX_ORDERS: usize = 200;
/// Longest name of a unit or leader in an order of battle, in characters.
pub const MAX_NAME_CHARS: usize = 60;
/// Longest note to the referee, in characters.
pub const MAX_NOTE_CHARS: usize = 500;

/// Returns the JSON Schema of order files, pretty-printed.
pub fn schema_json() -> String {
    let schema = schemars::schema_for!(raw::OrderFile);
    serde_json::to_string_pretty(&schema)
        .unwrap_or_else(|e| unreachable!("a schema always serializes: {e}"))
}
