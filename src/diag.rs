//! Located diagnostics: `file:line:col`, the rule broken, what was expected.
//!
//! Every reader of a user's file (campaign definitions now, order files later) reports
//! problems as [`Diagnostic`]s, rendered rustc-style with annotate-snippets.

use annotate_snippets::{AnnotationKind, Level, Renderer, Snippet};
use serde::Serialize;
use std::fmt;
use std::ops::Range;

/// Returns whether a character reorders text (a Unicode bidirectional control, as in
/// "Trojan Source"): refused in order files, stripped from names and headers.
pub fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{200e}' | '\u{200f}' | '\u{061c}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// One problem in one file, with its place.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Diagnostic {
    pub path: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub col: usize,
    /// Byte range in the source, when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub span: Option<Range<usize>>,
    /// The rule or check broken (`G2b.6`, `map.road-symmetric`).
    pub rule: String,
    pub message: String,
    /// A short label under the caret: what was expected.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) label: Option<String>,
}

impl Diagnostic {
    /// Builds a diagnostic at a byte span of `source`.
    pub(crate) fn at(
        path: &str,
        source: &str,
        span: Range<usize>,
        rule: &str,
        message: String,
    ) -> Self {
        let (line, col) = line_col(source, span.start);
        Diagnostic {
            path: path.to_owned(),
            line,
            col,
            span: Some(span),
            rule: rule.to_owned(),
            message,
            label: None,
        }
    }

    /// Builds a diagnostic about a whole file (line 1, column 1).
    pub(crate) fn file(path: &str, rule: &str, message: String) -> Self {
        Diagnostic {
            path: path.to_owned(),
            line: 1,
            col: 1,
            span: None,
            rule: rule.to_owned(),
            message,
            label: None,
        }
    }

    /// Adds the label shown under the caret.
    pub(crate) fn with_label(mut self, label: impl Into<String>) -> Self {
        self.label = Some(label.into());
        self
    }

    /// Renders the diagnostic with a source excerpt and a caret, rustc-style.
    pub fn render(&self, source: &str) -> String {
        self.render_level(source, Level::ERROR)
    }

    /// Renders the diagnostic as a warning: something the club should know, which does
    /// not make the file invalid.
    pub(crate) fn render_warning(&self, source: &str) -> String {
        self.render_level(source, Level::WARNING)
    }

    fn render_level(&self, source: &str, level: Level) -> String {
        let Some(span) = self.span.clone().filter(|s| s.end <= source.len()) else {
            let line = self.to_string();
            return if level == Level::WARNING {
                format!("{}\n", line.replacen(": error[", ": warning[", 1))
            } else {
                format!("{line}\n")
            };
        };
        let label = self.label.as_deref().unwrap_or("");
        let report = &[level.primary_title(&self.message).id(&self.rule).element(
            Snippet::source(source)
                .path(&self.path)
                .annotation(AnnotationKind::Primary.span(span).label(label)),
        )];
        let mut out = Renderer::plain().render(report);
        out.push('\n');
        out
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: error[{}]: {}",
            self.path, self.line, self.col, self.rule, self.message
        )?;
        if let Some(label) = &self.label {
            write!(f, " ({label})")?;
        }
        Ok(())
    }
}

/// Converts a byte offset into a 1-based (line, column in characters).
pub fn line_col(source: &str, offset: usize) -> (usize, usize) {
    let offset = floor_char_boundary(source, offset.min(source.len()));
    let before = &source[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let col = source[line_start..offset].chars().count() + 1;
    (line, col)
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_become_lines_and_columns() {
        let src = "a = 1\nbè = 2\n";
        assert_eq!(line_col(src, 0), (1, 1));
        assert_eq!(line_col(src, 6), (2, 1));
        // Column counts characters, not bytes: `=` after "bè " is column 4.
        assert_eq!(line_col(src, src.rfind('=').unwrap()), (2, 4));
        assert_eq!(line_col(src, 999), (3, 1));
    }

    #[test]
    fn rendering_shows_path_line_and_caret() {
        let src = "x = 1\nroads = [\"ZZ9\"]\n";
        let start = src.find("\"ZZ9\"").unwrap();
        let d = Diagnostic::at(
            "map.toml",
            src,
            start..start + 5,
            "map.road-target",
            "unknown node `ZZ9`".into(),
        )
        .with_label("no node has this code");
        assert_eq!(
            d.to_string(),
            "map.toml:2:10: error[map.road-target]: unknown node `ZZ9` (no node has this code)"
        );
        let r = d.render(src);
        assert!(r.contains("map.toml:2:10"), "{r}");
        assert!(r.contains("^^^^^ no node has this code"), "{r}");
    }
}
