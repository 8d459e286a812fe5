//! Groups drawn plain: a `<g>` whose attributes only name it (an id nothing refers to,
//! a class, data) is drawn as a bare `<g>`, which usvg takes apart into its children,
//! as a group that changes nothing is drawn. usvg keeps every named group as a node of
//! its tree, with boxes of its own to work out: the phase's node marks are some 200 such
//! groups (`node-CODE`, for the clubs' SVG and its tests), a fifth of parsing and
//! drawing them, and every piece of a club's overlay is one more.
//!
//! Nothing drawn changes. A picture with a style sheet (a class could be styled) or a
//! `<use>` (it could repeat a group) is left whole, and so is a group whose id a
//! reference (`url(#…)`, `href="#…"`) names.

use std::borrow::Cow;
use std::collections::HashSet;

/// `svg` with every group that only names itself written as a bare `<g>`.
pub(super) fn plain_groups(svg: &str) -> Cow<'_, str> {
    if svg.contains("<style") || svg.contains("<use") || !svg.contains("<g ") {
        return Cow::Borrowed(svg);
    }
    let referred = referred(svg);
    let mut out = String::with_capacity(svg.len());
    let mut rest = svg;
    while let Some(at) = rest.find("<g ") {
        let Some(len) = rest[at..].find('>') else {
            break;
        };
        out.push_str(&rest[..at]);
        let tag = &rest[at..at + len + 1];
        if names_alone(&tag[3..len], &referred) {
            out.push_str("<g>");
        } else {
            out.push_str(tag);
        }
        rest = &rest[at + len + 1..];
    }
    out.push_str(rest);
    Cow::Owned(out)
}

/// Every id a reference of `svg` names: `url(#id)` and `href="#id"` (`xlink:href` too).
fn referred(svg: &str) -> HashSet<&str> {
    let mut ids = HashSet::new();
    for opening in ["url(#", "href=\"#"] {
        for (at, _) in svg.match_indices(opening) {
            let from = at + opening.len();
            let end = svg[from..]
                .find([')', '"', '\'', ' '])
                .map_or(svg.len(), |e| from + e);
            ids.insert(&svg[from..end]);
        }
    }
    ids
}

/// Whether a group's attributes (as written between `<g ` and `>`) are ids nothing
/// refers to, classes and data alone. Anything not read as `name="value"` pairs (a
/// group closed on itself, a value in single quotes) is not.
fn names_alone(mut attributes: &str, referred: &HashSet<&str>) -> bool {
    loop {
        attributes = attributes.trim_start();
        if attributes.is_empty() {
            return true;
        }
        let Some((name, after)) = attributes.split_once("=\"") else {
            return false;
        };
        let Some((value, after)) = after.split_once('"') else {
            return false;
        };
        let naming = match name {
            "id" => !referred.contains(value),
            "class" => true,
            _ => name.starts_with("data-"),
        };
        if !naming || name.contains(char::is_whitespace) {
            return false;
        }
        attributes = after;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_group_that_only_names_itself_is_written_bare() {
        let svg = r##"<svg><g class="node city" id="node-V0" data-code="V0"><circle r="2"/></g><g id="pieces" stroke="#111"><g id="piece-1" class="army"><rect/></g></g></svg>"##;
        assert_eq!(
            plain_groups(svg),
            r##"<svg><g><circle r="2"/></g><g id="pieces" stroke="#111"><g><rect/></g></g></svg>"##
        );
    }

    #[test]
    fn a_group_something_could_tell_apart_is_left() {
        // Its id referred to, a style sheet, a `<use>`, a group closed on itself, a
        // value in single quotes.
        for svg in [
            r##"<svg><defs><clipPath id="c"><rect/></clipPath></defs><g id="c2" clip-path="url(#c)"/><g id="c"><rect/></g></svg>"##,
            r##"<svg><style>.node { fill: red }</style><g class="node"><rect/></g></svg>"##,
            r##"<svg><g id="a"><rect/></g><use href="#a"/></svg>"##,
            r##"<svg><g id="a"/></svg>"##,
            r##"<svg><g id='a'><rect/></g></svg>"##,
            r##"<svg><g opacity="0.5" id="a"><rect/></g></svg>"##,
        ] {
            let plain = plain_groups(svg);
            assert!(!plain.contains("<g>"), "{svg} became {plain}");
        }
        let linked = r##"<svg><g id="m"><rect/></g><path marker-end="url(#m)"/></svg>"##;
        assert_eq!(plain_groups(linked), linked);
    }
}
