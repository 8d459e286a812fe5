//! Reads a campaign definition (`campaigns/<name>/*.toml`) and validates it into a
//! [`Campaign`], or explains with located diagnostics why it is broken.
//!
//! A definition comes from a directory or from the campaigns built into the binary.
//! Checks never stop at the first problem: the referee sees every one at once.

mod builtin;
mod check;
pub mod clubs;
mod raw;

pub(crate) use builtin::{FILES, OPTIONAL};

use crate::diag::Diagnostic;
use crate::rules::Campaign;
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::path::Path;

/// Largest campaign file read, so a hostile or mistaken file cannot exhaust memory.
pub(crate) const MAX_FILE_BYTES: u64 = 4 * 1024 * 1024;

/// The text of a campaign definition, file by file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    /// How paths are shown in diagnostics (`campaigns/il-giglio`, or the directory).
    pub root: String,
    /// File name → text.
    pub files: BTreeMap<String, String>,
}

impl Source {
    /// Returns a built-in campaign's definition.
    pub fn builtin(name: &str) -> Option<Source> {
        let files = builtin::files(name)?;
        Some(Source {
            root: format!("campaigns/{name}"),
            files: files
                .into_iter()
                .map(|(f, t)| (f.to_owned(), t.to_owned()))
                .collect(),
        })
    }

    /// Reads a definition from a directory.
    pub fn read_dir(dir: &Path) -> Result<Source, Vec<Diagnostic>> {
        let root = dir.display().to_string();
        let mut files = BTreeMap::new();
        let mut diags = Vec::new();
        let present = |name: &&&str| FILES.contains(*name) || dir.join(name).is_file();
        for name in FILES.iter().chain(OPTIONAL.iter()).filter(present) {
            let path = dir.join(name);
            let shown = path.display().to_string();
            match std::fs::metadata(&path) {
                Err(e) => diags.push(Diagnostic::file(
                    &shown,
                    "campaign.file",
                    format!("cannot read the campaign file: {e}"),
                )),
                Ok(m) if m.len() > MAX_FILE_BYTES => diags.push(Diagnostic::file(
                    &shown,
                    "campaign.file-size",
                    format!(
                        "file is {} bytes, more than the {MAX_FILE_BYTES} a campaign file may have",
                        m.len()
                    ),
                )),
                Ok(_) => match std::fs::read(&path).map(String::from_utf8) {
                    Ok(Ok(text)) => {
                        files.insert((*name).to_owned(), text);
                    }
                    Ok(Err(_)) => diags.push(Diagnostic::file(
                        &shown,
                        "campaign.utf8",
                        "file is not valid UTF-8".into(),
                    )),
                    Err(e) => diags.push(Diagnostic::file(
                        &shown,
                        "campaign.file",
                        format!("cannot read the campaign file: {e}"),
                    )),
                },
            }
        }
        read_rulesets(dir, &mut files, &mut diags);
        if diags.is_empty() {
            Ok(Source { root, files })
        } else {
            Err(diags)
        }
    }

    /// Finds a definition by built-in name or directory path.
    pub(crate) fn find(name_or_path: &str) -> Result<Source, Vec<Diagnostic>> {
        match Source::builtin(name_or_path) {
            Some(s) => Ok(s),
            None => Source::read_dir(Path::new(name_or_path)),
        }
    }

    /// Returns the text of one file ("" if absent).
    pub fn text(&self, file: &str) -> &str {
        self.files.get(file).map_or("", String::as_str)
    }

    /// Returns how a file's path is shown.
    pub(crate) fn path(&self, file: &str) -> String {
        format!("{}/{file}", self.root.trim_end_matches('/'))
    }

    /// Returns the SHA-256 of the whole definition (file names and texts).
    pub fn hash(&self) -> String {
        let mut h = Sha256::new();
        for (name, text) in &self.files {
            h.update((name.len() as u64).to_le_bytes());
            h.update(name.as_bytes());
            h.update((text.len() as u64).to_le_bytes());
            h.update(text.as_bytes());
        }
        hex::encode(h.finalize())
    }

    /// Renders diagnostics with excerpts of the files they point into.
    pub fn render(&self, diags: &[Diagnostic]) -> String {
        let prefix = format!("{}/", self.root.trim_end_matches('/'));
        diags
            .iter()
            .map(|d| {
                let file = d.path.strip_prefix(&prefix).unwrap_or(&d.path);
                d.render(self.text(file))
            })
            .collect()
    }

    /// Returns the ruleset files, as (file key `rulesets/<id>.toml`, text).
    fn ruleset_files(&self) -> impl Iterator<Item = (&String, &String)> {
        self.files
            .iter()
            .filter(|(k, _)| k.starts_with(RULESETS_DIR))
    }
}

/// The folder of a definition that holds its tactical rulesets.
const RULESETS_DIR: &str = "rulesets/";

/// Reads `rulesets/*.toml` of a definition directory, if it has one.
fn read_rulesets(dir: &Path, files: &mut BTreeMap<String, String>, diags: &mut Vec<Diagnostic>) {
    let Ok(entries) = std::fs::read_dir(dir.join(RULESETS_DIR)) else {
        return;
    };
    let mut paths: Vec<_> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    paths.sort();
    for path in paths {
        let shown = path.display().to_string();
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        match std::fs::metadata(&path) {
            Ok(m) if m.len() > MAX_FILE_BYTES => diags.push(Diagnostic::file(
                &shown,
                "campaign.file-size",
                format!(
                    "file is {} bytes, more than the {MAX_FILE_BYTES} a campaign file may have",
                    m.len()
                ),
            )),
            _ => match std::fs::read_to_string(&path) {
                Ok(text) => {
                    files.insert(format!("{RULESETS_DIR}{name}"), text);
                }
                Err(e) => diags.push(Diagnostic::file(
                    &shown,
                    "campaign.file",
                    format!("cannot read the ruleset: {e}"),
                )),
            },
        }
    }
}

/// Parses and checks the tactical rulesets of a definition.
pub fn rulesets(source: &Source) -> Result<Vec<crate::battle::ruleset::Ruleset>, Vec<Diagnostic>> {
    check::rulesets(source)
}

/// Parses and validates a definition.
pub fn load(source: &Source) -> Result<Campaign, Vec<Diagnostic>> {
    check::check(source)
}
