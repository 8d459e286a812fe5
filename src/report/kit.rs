//! The club's view file (`giglio-V-1494-r03.json.gz`), attached to every club report: what
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

/// The view file as it is attached: gzip-compressed JSON. The view carries the whole
/// campaign definition and the club's world (some 170 KB of JSON a club); packed at
/// zlib's default level it is under a third of that (some 50 KB, a few milliseconds a
/// club, on the cores that compose the mail), and no reader but `giglio orders check`
/// ever opens it.
pub(crate) fn pack(json: &str) -> Vec<u8> {
    use std::io::Write;
    let mut z = flate2::write::GzEncoder::new(
        Vec::with_capacity(json.len() / 5),
        flate2::Compression::default(),
    );
    // Writing into a Vec cannot fail.
    let _ = z.write_all(json.as_bytes());
    z.finish().unwrap_or_default()
}

/// The most a packed view file may unpack to: a hundred times the shipped campaign's, so
/// a hostile `.gz` cannot fill the memory.
const MAX_UNPACKED: u64 = 32 * 1024 * 1024;

/// The text of a view file as saved from the mail: packed (`.json.gz`, as reports attach
/// it since issue 30) or plain JSON (as earlier reports attached it).
pub(crate) fn unpack(path: &str, bytes: &[u8]) -> Result<String> {
    if !bytes.starts_with(&[0x1f, 0x8b]) {
        return String::from_utf8(bytes.to_vec())
            .map_err(|_| Error::user(format!("{path} is not a club view file (it is not text)")));
    }
    use std::io::Read;
    let mut text = String::new();
    flate2::read::GzDecoder::new(bytes)
        .take(MAX_UNPACKED + 1)
        .read_to_string(&mut text)
        .map_err(|e| Error::user(format!("{path}: the packed club view does not unpack: {e}")))?;
    if text.len() as u64 > MAX_UNPACKED {
        return Err(Error::user(format!(
            "{path}: the packed club view unpacks to more than {} MB; it is not a view giglio wrote",
            MAX_UNPACKED / 1024 / 1024
        )));
    }
    Ok(text)
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
                "{path} is not a club view file (the giglio-….json.gz attached to your last report)"
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
            "{path}: the campaign definition inside does not load ({} {})",
            d.len(),
            if d.len() == 1 { "problem" } else { "problems" }
        ))
    })?;
    Ok((campaign, kit))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_view_reads_packed_as_attached_or_plain_as_earlier_reports_attached_it() {
        let json =
            "{\"format\":\"giglio-club-view/1\",\"x\":\"".to_owned() + &"a".repeat(10_000) + "\"}";
        let packed = pack(&json);
        assert!(
            packed.len() * 10 < json.len(),
            "{} bytes packed",
            packed.len()
        );
        assert_eq!(unpack("v.json.gz", &packed).unwrap(), json);
        assert_eq!(unpack("v.json", json.as_bytes()).unwrap(), json);
    }

    #[test]
    fn a_packed_file_that_unpacks_past_the_limit_or_not_at_all_is_refused() {
        let bomb = pack(&" ".repeat(MAX_UNPACKED as usize + 10));
        let err = unpack("bomb.json.gz", &bomb).unwrap_err().to_string();
        assert!(
            err.contains("bomb.json.gz") && err.contains("more than 32 MB"),
            "{err}"
        );
        let err = unpack("cut.json.gz", &bomb[..40]).unwrap_err().to_string();
        assert!(
            err.contains("cut.json.gz") && err.contains("does not unpack"),
            "{err}"
        );
        let err = unpack("bin.json", &[0xff, 0xfe, 0x00])
            .unwrap_err()
            .to_string();
        assert!(err.contains("not a club view"), "{err}");
    }
}
