//! The `[[letter]]` entries of an order file (G5.3): read and checked against the
//! definition alone (known nations, a text, at least one addressee). Whether the
//! campaign lets a letter go is the submission's check (`rules::letters`).

use super::raw::OrderFile;
use crate::diag::Diagnostic;
use crate::rules::Campaign;
use crate::t;
use crate::words::{Lang, Words};
use sha2::{Digest, Sha256};
use std::ops::Range;

/// A letter as the file wrote it, checked against the definition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Letter {
    /// The nations it goes to, in the order written, each once, with where it is written.
    pub to: Vec<(String, Range<usize>)>,
    /// Its text: control characters other than line ends and tabs removed, trimmed.
    pub text: String,
    pub anonymous: bool,
    /// The whole `[[letter]]` entry.
    pub span: Range<usize>,
    pub text_span: Range<usize>,
    /// Where `anonymous = true` is written, if it is.
    pub anonymous_span: Option<Range<usize>>,
}

impl Letter {
    /// The nation codes it goes to.
    pub fn addressees(&self) -> Vec<String> {
        self.to.iter().map(|(n, _)| n.clone()).collect()
    }

    /// Its seal: SHA-256 of its addressees (sorted), whether it is signed and its text.
    /// The same letter sent again carries the same seal.
    pub fn seal(&self) -> String {
        let mut to = self.addressees();
        to.sort();
        let mut h = Sha256::new();
        h.update(to.join(",").as_bytes());
        h.update([0, u8::from(self.anonymous), 0]);
        h.update(self.text.as_bytes());
        hex::encode(h.finalize())
    }
}

/// A letter's text as kept: line ends made `\n`, other control and bidi characters
/// removed, blank lines around it trimmed.
pub fn clean_letter(s: &str) -> String {
    s.replace("\r\n", "\n")
        .chars()
        .filter(|c| {
            (*c == '\n' || *c == '\t' || !c.is_control()) && !crate::diag::is_bidi_control(*c)
        })
        .collect::<String>()
        .trim()
        .to_owned()
}

/// Reads the file's letters; a letter with a problem is left out, the problem said.
pub(super) fn lower_letters(
    path: &str,
    text: &str,
    c: &Campaign,
    f: &OrderFile,
    (words, lang): (&Words, Lang),
) -> (Vec<Letter>, Vec<Diagnostic>) {
    let mut letters = Vec::new();
    let mut diags = Vec::new();
    for l in &f.letter {
        let raw = l.get_ref();
        let before = diags.len();
        let mut to: Vec<(String, Range<usize>)> = Vec::new();
        for n in &raw.to {
            let code = n.get_ref();
            if c.nation(code).is_none() {
                let m = t!(words, lang, "lower-unknown-nation", code = code.as_str());
                diags.push(Diagnostic::at(path, text, n.span(), "G6.1", m));
            } else if !to.iter().any(|(t, _)| t == code) {
                to.push((code.clone(), n.span()));
            }
        }
        if raw.to.is_empty() {
            let m = words.plain(lang, "letter-no-addressee");
            diags.push(Diagnostic::at(path, text, l.span(), "G5.3", m));
        }
        let body = clean_letter(raw.text.get_ref());
        if body.is_empty() {
            let m = words.plain(lang, "letter-empty");
            diags.push(Diagnostic::at(path, text, raw.text.span(), "G5.3", m));
        }
        if diags.len() > before {
            continue;
        }
        let anonymous = raw.anonymous.as_ref().is_some_and(|a| *a.get_ref());
        letters.push(Letter {
            to,
            text: body,
            anonymous,
            span: l.span(),
            text_span: raw.text.span(),
            anonymous_span: raw
                .anonymous
                .as_ref()
                .filter(|_| anonymous)
                .map(|a| a.span()),
        });
    }
    (letters, diags)
}
