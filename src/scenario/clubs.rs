//! The clubs file given to `giglio new --clubs FILE`: which club plays which nation,
//! its e-mail addresses and its language.
//!
//! ```toml
//! [[club]]
//! nation = "V"
//! name = "Circolo del Leone"
//! emails = ["doge@example.org"]
//! lang = "it"
//! ```

use crate::diag::Diagnostic;
use crate::rules::Campaign;
use crate::rules::tables::Lang;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use toml::Spanned;

pub use crate::diag::is_bidi_control;

/// A club: the group of players of one nation, the addresses it writes from and reads
/// at, and the language its mail is written in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Club {
    pub nation: String,
    pub name: String,
    pub emails: Vec<String>,
    pub lang: Lang,
}

/// Longest club name kept.
pub(crate) const MAX_NAME_CHARS: usize = 80;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ClubsFile {
    club: Vec<Spanned<RawClub>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawClub {
    nation: Spanned<String>,
    name: Spanned<String>,
    emails: Spanned<Vec<Spanned<String>>>,
    #[serde(default)]
    lang: Lang,
}

/// Parses a clubs file against a campaign.
pub fn parse(path: &str, text: &str, campaign: &Campaign) -> Result<Vec<Club>, Vec<Diagnostic>> {
    let file: ClubsFile = toml::from_str(text).map_err(|e| {
        vec![Diagnostic::at(
            path,
            text,
            e.span().unwrap_or(0..0),
            "toml",
            e.message().trim().to_owned(),
        )]
    })?;
    let mut diags = Vec::new();
    let mut seen = BTreeSet::new();
    let mut clubs = Vec::new();
    for c in &file.club {
        let c = c.get_ref();
        let nation = c.nation.get_ref();
        if campaign.nation(nation).is_none() {
            diags.push(Diagnostic::at(
                path,
                text,
                c.nation.span(),
                "clubs.nation",
                format!("`{nation}` is not a nation of this campaign"),
            ));
        } else if !seen.insert(nation.clone()) {
            diags.push(Diagnostic::at(
                path,
                text,
                c.nation.span(),
                "clubs.duplicate",
                format!("nation `{nation}` has two clubs"),
            ));
        }
        let name = clean_text(c.name.get_ref(), MAX_NAME_CHARS);
        if name.is_empty() {
            diags.push(Diagnostic::at(
                path,
                text,
                c.name.span(),
                "clubs.name",
                "a club needs a name".into(),
            ));
        }
        if c.emails.get_ref().is_empty() {
            diags.push(Diagnostic::at(
                path,
                text,
                c.emails.span(),
                "clubs.emails",
                "a club needs at least one e-mail address".into(),
            ));
        }
        for e in c.emails.get_ref() {
            if !is_plain_address(e.get_ref()) {
                diags.push(
                    Diagnostic::at(
                        path,
                        text,
                        e.span(),
                        "clubs.email",
                        format!("`{}` is not a plain e-mail address", e.get_ref()),
                    )
                    .with_label("like `name@example.org`, ASCII, no spaces or display name"),
                );
            }
        }
        clubs.push(Club {
            nation: nation.clone(),
            name,
            emails: c
                .emails
                .get_ref()
                .iter()
                .map(|e| e.get_ref().to_ascii_lowercase())
                .collect(),
            lang: c.lang,
        });
    }
    if diags.is_empty() {
        Ok(clubs)
    } else {
        Err(diags)
    }
}

/// Returns one demo club for each nation a club plays by default.
pub fn default_clubs(campaign: &Campaign) -> Vec<Club> {
    campaign
        .nations
        .iter()
        .filter(|n| n.played)
        .map(|n| Club {
            nation: n.code.to_string(),
            name: format!("Club {}", n.name_it),
            emails: vec![format!(
                "{}@clubs.example",
                n.code.as_str().to_ascii_lowercase()
            )],
            lang: Lang::It,
        })
        .collect()
}

/// Strips control and bidirectional-override characters and trims to `max` characters.
pub fn clean_text(s: &str, max: usize) -> String {
    s.chars()
        .filter(|c| !c.is_control() && !is_bidi_control(*c))
        .take(max)
        .collect::<String>()
        .trim()
        .to_owned()
}

/// Returns whether `s` is a plain ASCII `local@domain` address, safe for a header.
pub fn is_plain_address(s: &str) -> bool {
    let Some((local, domain)) = s.split_once('@') else {
        return false;
    };
    let ok = |part: &str, extra: &[u8]| {
        !part.is_empty()
            && part
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || extra.contains(&b))
    };
    s.len() <= 254
        && ok(local, b".-_+")
        && ok(domain, b".-")
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_plain() {
        assert!(is_plain_address("doge@venezia.example"));
        assert!(!is_plain_address("Doge <doge@venezia.example>"));
        assert!(!is_plain_address("doge@venezia"));
        assert!(!is_plain_address("a\r\nBcc: x@y.z"));
    }

    #[test]
    fn text_is_cleaned_of_controls_and_bidi() {
        assert_eq!(clean_text("Club\u{202e}evil\r\n", 80), "Clubevil");
        assert_eq!(clean_text("abcdef", 3), "abc");
    }
}
