//! The club's view file (`giglio-V-1494-r03.json`), attached to every club report: what
//! `giglio orders check FILE --view VIEW` needs to check an order file offline against
//! the position of that report — the club's own world (`rules::visibility::club_world`)
//! and the campaign definition as the referee edited it, with a format version. Nothing
//! more: the file holds no fact the club may not know.

use crate::error::{Error, Result};
use crate::rules::{Campaign, NationCode, World};
use crate::scenario::{self, Source};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The format this version writes and reads.
pub(crate) const FORMAT: &str = "giglio-club-view/1";

/// A club's view of the open phase.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct ClubKit {
    pub(crate) format: String,
    pub(crate) nation: NationCode,
    /// The club's language, for the check's messages.
    pub(crate) lang: crate::rules::tables::Lang,
    /// The open phase's key.
    pub(crate) phase: String,
    /// The club's own world: its pieces and the public map.
    pub(crate) world: World,
    /// The campaign definition, file name → text.
    pub(crate) definition: BTreeMap<String, String>,
}

/// Builds the view file of `nation` from the club's own world, already projected
/// (`rules::visibility::club_world`), and the definition files.
pub(crate) fn build_own(
    own: &World,
    nation: &NationCode,
    lang: crate::rules::tables::Lang,
    definition: &BTreeMap<String, String>,
) -> String {
    /// [`ClubKit`] borrowed, field for field, so writing it copies neither the world
    /// nor the definition (some hundreds of kilobytes a club).
    #[derive(Serialize)]
    struct Borrowed<'a> {
        format: &'a str,
        nation: &'a NationCode,
        lang: crate::rules::tables::Lang,
        phase: String,
        world: &'a World,
        definition: &'a BTreeMap<String, String>,
    }
    let kit = Borrowed {
        format: FORMAT,
        nation,
        lang,
        phase: own.phase.key(),
        world: own,
        definition,
    };
    let mut text = serde_json::to_string(&kit).unwrap_or_default();
    text.push('\n');
    text
}

/// Reads a view file: its campaign, world and nation; a file of another format or one
/// that does not read is refused, naming the file.
pub(crate) fn read(path: &str, text: &str) -> Result<(Campaign, ClubKit)> {
    let format = serde_json::from_str::<serde_json::Value>(text)
        .ok()
        .and_then(|v| v.get("format").and_then(|f| f.as_str()).map(str::to_owned));
    match format.as_deref() {
        Some(FORMAT) => {}
        Some(other) => {
            return Err(Error::user(format!(
                "{path} is a club view of format {other}; this giglio reads {FORMAT}: use the giglio version of your referee"
            )));
        }
        None => {
            return Err(Error::user(format!(
                "{path} is not a club view file (the giglio-…json attached to your last report)"
            )));
        }
    }
    let kit: ClubKit = serde_json::from_str(text)
        .map_err(|e| Error::user(format!("{path}: the club view does not read: {e}")))?;
    let source = Source {
        root: path.to_owned(),
        files: kit.definition.clone(),
    };
    let campaign = scenario::load(&source).map_err(|d| {
        Error::user(format!(
            "{path}: the campaign definition inside does not load ({} problem(s))",
            d.len()
        ))
    })?;
    Ok((campaign, kit))
}
