//! A file that does not read as TOML: every mistake the club must fix, not only the
//! first (by mail each one cost a club a round-trip: a play-test's club fixed one error
//! to be told of the next), at most one a section, so a mistake is never told again
//! through what it broke further down.

use super::explain::{unclosed_array_before, unclosed_brace_before, unclosed_string_before};
use super::raw::OrderFile;
use std::ops::Range;

/// At most this many mistakes are told of one file.
const MAX_ERRORS: usize = 5;

/// One mistake: where the club must look, and the parser's message (worded for the club
/// by `explain::toml_error`).
pub(super) struct TomlError {
    pub(super) span: Range<usize>,
    pub(super) message: String,
}

/// The mistakes of `text`, whose parse failed with `first`: that one, then each found by
/// parsing again with the part already told blanked out (spaces, so every offset stays
/// the file's). A mistake in an order's section blanks the whole section; one among the
/// file's own keys (before the first section) blanks its lines only, for those keys
/// stand alone. The search stops at a mistake with no place (a key missing), which may
/// be what a blanked part left behind.
pub(super) fn errors(text: &str, first: toml::de::Error) -> Vec<TomlError> {
    let mut out: Vec<TomlError> = Vec::new();
    let mut told: Vec<Range<usize>> = Vec::new();
    let mut blanked = text.to_owned();
    let mut err = first;
    for _ in 0..MAX_ERRORS * 3 {
        let Some(raw) = err.span() else {
            if out.is_empty() {
                out.push(TomlError {
                    span: 0..0,
                    message: err.message().to_owned(),
                });
            }
            break;
        };
        let span = located(&blanked, raw);
        let section = section_of(&blanked, span.start);
        if told.contains(&section) {
            // What an earlier mistake broke in its own section: not told again.
            blank(&mut blanked, section);
        } else {
            out.push(TomlError {
                span: span.clone(),
                message: err.message().to_owned(),
            });
            if out.len() == MAX_ERRORS {
                break;
            }
            told.push(section.clone());
            let own_keys = section.start == 0 && !starts_section(&blanked);
            let range = if own_keys {
                lines_of(&blanked, span)
            } else {
                section
            };
            blank(&mut blanked, range);
        }
        match toml::from_str::<OrderFile>(&blanked) {
            Ok(_) => break,
            Err(e) => err = e,
        }
    }
    // Told top to bottom, as the club reads its file: the parser finds a line that
    // does not read before an order of the wrong shape above it (play-test 45 read
    // lines 5, 7, 6).
    out.sort_by_key(|e| e.span.start);
    out
}

/// Where the club must look: a string, array or brace left open on a line before is the
/// mistake, not where the parser gave up (in an inline table it reads on to a later line).
fn located(text: &str, span: Range<usize>) -> Range<usize> {
    unclosed_string_before(text, span.start)
        .or_else(|| unclosed_array_before(text, span.start))
        .or_else(|| unclosed_brace_before(text, span.start))
        .unwrap_or(span)
}

/// Whether the text opens with a section header (no keys of the file's own before it).
fn starts_section(text: &str) -> bool {
    text.lines()
        .map(str::trim_start)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
        .is_some_and(|l| l.starts_with('['))
}

/// The section holding offset `at`: from its `[…]` header line to the next header, or
/// the file's own keys before the first header.
fn section_of(text: &str, at: usize) -> Range<usize> {
    let at = at.min(text.len());
    let mut start = 0;
    let mut end = text.len();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let header = line.trim_start().starts_with('[');
        if header && offset <= at {
            start = offset;
        } else if header {
            end = offset;
            break;
        }
        offset += line.len();
    }
    start..end
}

/// The whole lines `span` touches.
fn lines_of(text: &str, span: Range<usize>) -> Range<usize> {
    let (from, to) = (span.start.min(text.len()), span.end.min(text.len()));
    let start = text.as_bytes()[..from]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let end = text.as_bytes()[to..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(text.len(), |i| to + i);
    start..end.max(start)
}

/// Replaces `range` of `text` with spaces, newlines kept, every offset unchanged.
fn blank(text: &mut String, range: Range<usize>) {
    let blanked: String = text[range.clone()]
        .chars()
        .map(|c| {
            if c == '\n' {
                "\n".to_owned()
            } else {
                " ".repeat(c.len_utf8())
            }
        })
        .collect();
    text.replace_range(range, &blanked);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(text: &str) -> Vec<String> {
        let first = toml::from_str::<OrderFile>(text).expect_err("a broken file");
        errors(text, first)
            .into_iter()
            .map(|e| text[e.span].to_owned())
            .collect()
    }

    /// A play-test's file with a word for a number and a misspelt key: both told at once.
    #[test]
    fn every_mistake_is_told_once() {
        let text = "club = \"T\"\nphase = \"1498-spring\"\nsecret = \"s\"\nloan = \"forty\"\n\n[[raise]]\nnod = \"T5\"\nvalue = 100\n\n[[raise]]\nnode = \"T5\"\nvalue = \"fifty\"\n";
        let found = all(text);
        assert_eq!(found.len(), 3, "{found:?}");
        assert!(found[0].contains("forty"), "{found:?}");
        assert!(found[1].contains("nod"), "{found:?}");
        assert!(found[2].contains("fifty"), "{found:?}");
    }

    /// A section's mistake is not told again through what blanking it left (its order
    /// without the key), and an unclosed string is told where it opens.
    #[test]
    fn a_section_is_told_of_once() {
        let text = "club = \"T\"\nphase = \"1494-r01\"\nsecret = \"s\"\n\n[[move]]\npiece = \"T-A1\npath = \"T1 -> T2\"\n";
        let first = toml::from_str::<OrderFile>(text).expect_err("a broken file");
        let found = errors(text, first);
        assert_eq!(found.len(), 1);
        let open = text.find("T-A1").expect("the open string") + "T-A1".len();
        assert_eq!(found[0].span, open..open);
    }

    /// Play-test 45's spring file: an inline table left open, a list written as one
    /// table, a header left open; told in the order of their lines.
    #[test]
    fn mistakes_are_told_in_the_order_of_their_lines() {
        let text = "club = \"M\"\nphase = \"1494-spring\"\nsecret = \"s\"\nstrategos = { bid = 100, move_order = [\"M\"]\nraise = { node = \"M0\", value = 100 }\n[[hire]\nspecialist = \"sapper\"\n";
        let first = toml::from_str::<OrderFile>(text).expect_err("a broken file");
        let starts: Vec<usize> = errors(text, first).iter().map(|e| e.span.start).collect();
        assert_eq!(starts.len(), 3, "{starts:?}");
        assert!(starts.is_sorted(), "{starts:?}");
    }

    #[test]
    fn sections_are_found_by_their_headers() {
        let text = "a = 1\n[[x]]\nb = 2\n[[y]]\nc = 3\n";
        assert_eq!(section_of(text, 2), 0..6);
        assert_eq!(&text[section_of(text, 14)], "[[x]]\nb = 2\n");
        assert_eq!(&text[section_of(text, 25)], "[[y]]\nc = 3\n");
    }
}
