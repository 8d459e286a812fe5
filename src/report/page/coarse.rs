//! The map as the order page carries it: the SVG's coordinates rounded to whole pixels.
//!
//! The page draws the map at most 1 400 px wide, and a tenth of a pixel is nothing a
//! club sees there, even zoomed in; the digits are a seventh of the packed page (a
//! round's mail must stay under 300 KB, issue 30). Only geometry is rounded: path data,
//! points and positions (`d`, `points`, `x`, `y`, `x1`…`y2`, `cx`, `cy`), never a size,
//! a radius or a transform's scale, which a rounding could zero.

use std::fmt::Write as _;
use std::sync::{Arc, Mutex};

/// The shared parts made coarse, by their text ([`kept`]): the static ones (the map up
/// to its phase's marks, the same from phase to phase) and the phases' (the marks).
static PARTS: Mutex<[Kept; 2]> = Mutex::new([Vec::new(), Vec::new()]);

/// Parts made coarse, each by the text it was made of.
type Kept = Vec<(String, Arc<str>)>;

/// Which list of [`PARTS`] a part is kept in.
#[derive(Clone, Copy)]
pub(super) enum Part {
    /// What no phase changes: kept for the process.
    Static = 0,
    /// A phase's node marks: forgotten with the phase's bases.
    Phase = 1,
}

fn parts() -> std::sync::MutexGuard<'static, [Kept; 2]> {
    PARTS.lock().unwrap_or_else(|e| e.into_inner())
}

/// Forgets the phases' parts: what a new phase finds (its node marks are new).
pub(super) fn forget() {
    parts()[Part::Phase as usize].clear();
}

/// Forgets the static parts too: what a new process finds.
pub(super) fn forget_all() {
    for list in parts().iter_mut() {
        list.clear();
    }
}

/// The attributes whose numbers are positions.
const POSITIONS: &[&str] = &["d", "points", "x", "y", "x1", "y1", "x2", "y2", "cx", "cy"];

/// `svg` with every number of its position attributes rounded to a whole number, in one
/// pass over the text (each page's map, in every phase: it must stay cheap).
pub(super) fn coarse(svg: &str) -> String {
    let mut out = String::with_capacity(svg.len());
    let mut rest = svg;
    while let Some(eq) = rest.find("=\"") {
        let start = eq + 2;
        let Some(len) = rest[start..].find('"') else {
            break;
        };
        let name = rest[..eq].rsplit([' ', '\n', '\t']).next().unwrap_or("");
        out.push_str(&rest[..start]);
        let value = &rest[start..start + len];
        if POSITIONS.contains(&name) {
            rounded(value, &mut out);
        } else {
            out.push_str(value);
        }
        rest = &rest[start + len..];
    }
    out.push_str(rest);
    out
}

/// [`coarse`] of a part of a map that is the same in every club's page of a phase and
/// language (its static layer, or its phase's marks): made once, kept by its text (the
/// last few of each kind).
pub(super) fn kept(part: &str, kind: Part) -> Arc<str> {
    /// Parts kept of each kind: one a language, with room.
    const KEPT: usize = 4;
    // Made while the lock is held: the clubs' pages are written on every core at once,
    // and the second waits for the part rather than making it again.
    let mut parts = parts();
    let list = &mut parts[kind as usize];
    if let Some((_, c)) = list.iter().find(|(k, _)| k == part) {
        return c.clone();
    }
    let made: Arc<str> = Arc::from(coarse(part));
    if list.len() >= KEPT {
        list.remove(0);
    }
    list.push((part.to_owned(), made.clone()));
    made
}

/// Copies `value` into `out` with each decimal number rounded (half away from zero);
/// letters, commas and spaces as they are.
fn rounded(value: &str, out: &mut String) {
    let bytes = value.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let starts_number = bytes[i].is_ascii_digit()
            || (bytes[i] == b'-' && bytes.get(i + 1).is_some_and(u8::is_ascii_digit));
        if !starts_number {
            out.push(bytes[i] as char);
            i += 1;
            continue;
        }
        let mut j = i + 1;
        while j < bytes.len() && (bytes[j].is_ascii_digit() || bytes[j] == b'.') {
            j += 1;
        }
        let token = &value[i..j];
        match token.parse::<f64>() {
            Ok(n) if token.contains('.') => {
                // A whole number as an integer writes it (no "-0": it reads as 0).
                let r = n.round() as i64;
                let _ = write!(out, "{r}");
            }
            _ => out.push_str(token),
        }
        i = j;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_rounded_and_nothing_else_is() {
        let svg = r#"<g transform="scale(0.5)"><path d="M448.7 734.1L-0.4 -2.5Z" stroke-width="0.9"/><circle cx="10.5" cy="3.49" r="2.5"/><text x="1.2" y="9" font-size="11.5">Pisa 2.5</text><polygon points="1.5,2.5 3.4,4.6"/></g>"#;
        assert_eq!(
            coarse(svg),
            r#"<g transform="scale(0.5)"><path d="M449 734L0 -3Z" stroke-width="0.9"/><circle cx="11" cy="3" r="2.5"/><text x="1" y="9" font-size="11.5">Pisa 2.5</text><polygon points="2,3 3,5"/></g>"#
        );
    }

    /// Ids and classes that hold digits are left alone: only the listed attributes.
    /// The part up to the overlay, kept, then the rest: the whole map made coarse.
    #[test]
    fn a_kept_part_and_the_rest_are_the_whole_made_coarse() {
        let shared = r#"<svg><path d="M448.7 734.1L-0.4 -2.5Z"/>"#;
        let own = r#"<!-- overlay --><circle cx="10.5" cy="3.49" r="2.5"/></svg>"#;
        let whole = coarse(&format!("{shared}{own}"));
        assert_eq!(
            format!("{}{}", kept(shared, Part::Static), coarse(own)),
            whole
        );
        assert_eq!(&*kept(shared, Part::Phase), &*kept(shared, Part::Static));
    }

    #[test]
    fn ids_keep_their_digits() {
        let svg = r#"<circle id="mark-V10" class="n1.5" cx="1.5" cy="2"/>"#;
        assert_eq!(
            coarse(svg),
            r#"<circle id="mark-V10" class="n1.5" cx="2" cy="2"/>"#
        );
    }
}
