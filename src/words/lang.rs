//! A club's language: the one small type every layer shares (rules' facts name a
//! language, mail carries it as a tag, the catalogue is keyed by it).

use serde::{Deserialize, Serialize};

/// A club's language.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Lang {
    #[default]
    It,
    En,
}

impl Lang {
    /// Returns the ISO 639-1 code.
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Lang::It => "it",
            Lang::En => "en",
        }
    }
}
