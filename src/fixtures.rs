//! Unit tests' fixtures (compiled for tests only): the shipped campaign, read through
//! `scenario` here, outside the rules core, so the rules' own tests read no file.

use crate::rules::Campaign;
use crate::scenario::{Source, load};

/// The built-in campaign, Il Giglio, as `giglio new` would read it.
pub(crate) fn shipped() -> Campaign {
    load(&Source::builtin("il-giglio").expect("built in")).expect("loads")
}
