//! The club's view (`giglio-V-1494-r03.json.gz`, or inside the order page
//! `ordini-V-1494-r03.html` that carries it since issue 30): what
//! `giglio orders check FILE --view VIEW` needs to check an order file offline against
//! the position of that report — the club's own world (`rules::visibility::club_world`)
//! and the campaign definition as the referee edited it, with a format version. Nothing
//! more: the file holds no fact the club may not know.
//!
//! A file of the definition that is the shipped campaign's, byte for byte, travels as
//! its SHA-256 alone (`shipped`): every giglio carries the shipped campaign, and the
//! check finds the file by its name and hash there (a giglio of another version, whose
//! file differs, says so). The campaign's text was most of a view's weight.

use crate::error::{Error, Result};
use crate::rules::{Campaign, NationCode, World};
use crate::scenario::{self, Source};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The format this version writes and reads.
pub(crate) const FORMAT: &str = "giglio-club-view/2";
/// The format before issue 30 (the whole definition as text), still read.
const FORMAT_1: &str = "giglio-club-view/1";
/// The built-in campaign whose files a view may name by their hash.
const SHIPPED: &str = "il-giglio";

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
    /// The campaign definition, file name → text, but for the files in `shipped`.
    pub(crate) definition: BTreeMap<String, String>,
    /// The files of the definition that are the shipped campaign's: name → the
    /// SHA-256 of its text, in hex (none in format 1).
    #[serde(default)]
    pub(crate) shipped: BTreeMap<String, String>,
}

/// The shipped campaign's files, name → (text, hex SHA-256 of the text), read and
/// hashed once: every club's view file names the shipped files by their hash, and
/// hashing them again for each club was an eighth of writing its sheet.
fn shipped_files() -> &'static BTreeMap<String, (String, String)> {
    static FILES: std::sync::OnceLock<BTreeMap<String, (String, String)>> =
        std::sync::OnceLock::new();
    FILES.get_or_init(|| {
        (Source::builtin(SHIPPED)
            .map(|s| s.files)
            .unwrap_or_default())
        .into_iter()
        .map(|(name, text)| {
            let hash = sha256_hex(&text);
            (name, (text, hash))
        })
        .collect()
    })
}

fn sha256_hex(text: &str) -> String {
    use sha2::Digest as _;
    hex::encode(sha2::Sha256::digest(text.as_bytes()))
}

/// The definition split into the files that differ from the shipped campaign's (as
/// text) and those that are its own (name → hash).
fn split_definition(
    definition: &BTreeMap<String, String>,
) -> (BTreeMap<&str, &str>, BTreeMap<&str, String>) {
    let shipped = shipped_files();
    let mut own = BTreeMap::new();
    let mut same = BTreeMap::new();
    for (name, text) in definition {
        match shipped.get(name) {
            // The same text: the shipped file's hash is its own.
            Some((shipped_text, hash)) if shipped_text == text => {
                same.insert(name.as_str(), hash.clone());
            }
            _ => {
                own.insert(name.as_str(), text.as_str());
            }
        }
    }
    (own, same)
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
        definition: BTreeMap<&'a str, &'a str>,
        shipped: BTreeMap<&'a str, String>,
    }
    let (definition, shipped) = split_definition(definition);
    let kit = Borrowed {
        format: FORMAT,
        nation,
        lang,
        phase: own.phase.key(),
        world: own,
        definition,
        shipped,
    };
    let mut text = serde_json::to_string(&kit).unwrap_or_default();
    text.push('\n');
    text
}

/// The view file as it is attached: gzip-compressed JSON. The view carries the club's
/// world and the definition's files the referee changed (some 10 KB of JSON a club on
/// the shipped campaign, 170 KB when every file is the referee's own); packed at zlib's
/// default level it is under a third of that, and no reader but `giglio orders check`
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

/// The text of a view file as saved from the mail: the order page that carries it (as
/// reports attach it since issue 30), packed (`.json.gz`, as reports attach it to a club
/// without the page) or plain JSON (as earlier reports attached it).
pub(crate) fn unpack(path: &str, bytes: &[u8]) -> Result<String> {
    if let Some(packed) = super::page::view_in(bytes) {
        let packed = packed.ok_or_else(|| {
            Error::user(format!(
                "{path} is an order page without the club's view in it: use the giglio-….json.gz attached to the same report"
            ))
        })?;
        return unpack(path, &packed);
    }
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
        Some(FORMAT | FORMAT_1) => {}
        Some(other) => {
            return Err(Error::user(format!(
                "{path} is a club view of format {other}; this giglio reads {FORMAT}: use the giglio version of your referee"
            )));
        }
        None => {
            return Err(Error::user(format!(
                "{path} is not a club view file (the order page ….html or the giglio-….json.gz attached to your last report)"
            )));
        }
    }
    let kit: ClubKit = serde_json::from_str(text)
        .map_err(|e| Error::user(format!("{path}: the club view does not read: {e}")))?;
    let mut files = kit.definition.clone();
    let shipped = shipped_files();
    for (name, hash) in &kit.shipped {
        match shipped.get(name) {
            Some((text, shipped_hash)) if shipped_hash == hash => {
                files.insert(name.clone(), text.clone());
            }
            _ => {
                return Err(Error::user(format!(
                    "{path} names the shipped campaign's {name} as another giglio version ships it: use the giglio version of your referee"
                )));
            }
        }
    }
    let source = Source {
        root: path.to_owned(),
        files,
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
    fn the_shipped_campaigns_files_travel_by_their_hash_and_come_back_whole() {
        let source = Source::builtin(SHIPPED).expect("built in");
        let nation = NationCode::from("V");
        let campaign = scenario::load(&source).expect("loads");
        let world = World::start(&campaign, std::slice::from_ref(&nation));
        let mut definition = source.files;
        let lang = crate::rules::tables::Lang::It;
        let lean = build_own(&world, &nation, lang, &definition);
        assert!(lean.len() < 20_000, "{} bytes", lean.len());
        let (_, kit) = read("v.json", &lean).expect("reads");
        assert!(kit.definition.is_empty());
        assert_eq!(kit.shipped.len(), definition.len());
        // A file the referee edited travels as text; the rest by hash.
        let edited = definition.get_mut("rules.toml").expect("rules");
        edited.push_str("\n# the referee's note\n");
        let text = build_own(&world, &nation, lang, &definition);
        let (_, kit) = read("v.json", &text).expect("reads");
        assert_eq!(kit.definition.keys().collect::<Vec<_>>(), ["rules.toml"]);
        // A hash this giglio's shipped file does not have is refused, naming the file.
        let other = lean.replacen(
            &sha256_hex(&shipped_files()["map.toml"].0),
            &"0".repeat(64),
            1,
        );
        let err = read("v.json", &other).unwrap_err().to_string();
        assert!(
            err.contains("map.toml") && err.contains("giglio version"),
            "{err}"
        );
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
