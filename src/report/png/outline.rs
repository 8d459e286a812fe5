//! Texts drawn as the outlines of their glyphs, each text's outline made once a process:
//! usvg shapes every `<text>` of a picture anew (it builds the font's shaping tables
//! for each), which was two thirds of parsing a club's overlay, though its texts (the
//! pieces' tags, the title) come back phase after phase.
//!
//! A `<text>` that names its own font size and weight, with one position and plain
//! content, becomes a group with the text's other attributes (its paint, its clip, its
//! id) holding one path: the outline usvg made of the same text at the origin, moved to
//! the text's place. Any other text (a size or weight it inherits, a `<tspan>`, an
//! anchor) is left as it is, for usvg to shape, and so is every text of a picture where
//! an element above a text could change its glyphs (a group's anchor or style, a style
//! sheet): a club's overlay is outlined, the whole map is not. The test holds the
//! outlined overlay to the one drawn from its texts.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Outlines kept before the oldest are all forgotten (a few phases' tags and titles).
const KEPT: usize = 4096;

/// The attributes that make a text's outline: they are given to the text drawn at the
/// origin, and not to the group that replaces it.
const SHAPE: [&str; 3] = ["font-size", "font-weight", "font-style"];

/// The attributes other than [`SHAPE`]'s that change a text's glyphs or where they
/// stand, inherited from any element above it: a picture that gives one to any element
/// but a text has none of its texts outlined, and a text that has one (its own font
/// style aside) is left to usvg. So is a picture with a style sheet, which may set any.
const INHERITED: [&str; 18] = [
    "font-family",
    "font-style",
    "font-variant",
    "font-stretch",
    "font-kerning",
    "text-anchor",
    "text-rendering",
    "text-decoration",
    "dominant-baseline",
    "alignment-baseline",
    "baseline-shift",
    "letter-spacing",
    "word-spacing",
    "writing-mode",
    "direction",
    "unicode-bidi",
    "xml:space",
    "style",
];

/// The attributes of a text that make usvg lay it out otherwise than its outline made
/// at the origin: such a text is left to usvg.
const OWN: [&str; 4] = ["transform", "class", "textLength", "lengthAdjust"];

/// Whether no element of `svg` but a text gives one of the [`INHERITED`] attributes
/// (the root's font family aside: the outlines are made under the same) and no style
/// sheet is in it.
fn inherits_nothing(svg: &str) -> bool {
    let root_end = svg
        .find("<svg")
        .and_then(|at| svg[at..].find('>').map(|e| at + e));
    !svg.contains("<style")
        && INHERITED.iter().all(|name| {
            let needle = format!(" {name}=\"");
            svg.match_indices(&needle).all(|(at, _)| {
                let tag = svg[..at].rfind('<').map_or("", |t| &svg[t..at]);
                tag.starts_with("<text ")
                    || (*name == "font-family" && tag.starts_with("<svg") && Some(at) < root_end)
            })
        })
}

/// The root element's font family, under which the outlines are made.
fn root_font(svg: &str) -> &str {
    let Some(at) = svg.find("<svg") else {
        return "";
    };
    let tag = &svg[at..at + svg[at..].find('>').unwrap_or(0)];
    let attr = " font-family=\"";
    tag.find(attr)
        .map(|f| f + attr.len())
        .and_then(|f| tag[f..].find('"').map(|e| &tag[f..f + e]))
        .unwrap_or("")
}

/// `svg` with every text it can outline ([`outline`]) drawn as its outline.
pub(super) fn outlined(svg: &str, options: &resvg::usvg::Options) -> String {
    if !inherits_nothing(svg) {
        return svg.to_owned();
    }
    let font = root_font(svg);
    let mut out = String::with_capacity(svg.len() + svg.len() / 4);
    let mut rest = svg;
    while let Some(at) = rest.find("<text") {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        match text_element(rest).and_then(|t| Some((outline(&t, font, options)?, t.len))) {
            Some((group, len)) => {
                out.push_str(&group);
                rest = &rest[len..];
            }
            None => {
                out.push_str("<text");
                rest = &rest["<text".len()..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// One `<text ...>content</text>` element as written: its attributes in order, its
/// content (markup-free, as escaped) and its length.
struct TextElement<'a> {
    attributes: Vec<(&'a str, &'a str)>,
    content: &'a str,
    len: usize,
}

/// Reads the text element at the start of `s`, written as the templates write one:
/// attributes in double quotes, content without markup. `None` for anything else.
fn text_element(s: &str) -> Option<TextElement<'_>> {
    let mut i = "<text".len();
    let b = s.as_bytes();
    let mut attributes = Vec::new();
    loop {
        let start = i;
        while b.get(i).is_some_and(u8::is_ascii_whitespace) {
            i += 1;
        }
        match b.get(i)? {
            b'>' => break,
            _ if i == start => return None,
            _ => {}
        }
        let eq = i + s[i..].find('=')?;
        let name = &s[i..eq];
        if b.get(eq + 1) != Some(&b'"')
            || !name
                .bytes()
                .all(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b':')
        {
            return None;
        }
        let end = eq + 2 + s[eq + 2..].find('"')?;
        attributes.push((name, &s[eq + 2..end]));
        i = end + 1;
    }
    let open_end = i + 1;
    let close = open_end + s[open_end..].find("</text>")?;
    let content = &s[open_end..close];
    if content.contains('<') {
        return None;
    }
    Some(TextElement {
        attributes,
        content,
        len: close + "</text>".len(),
    })
}

/// The group that draws text `t` as its outline, or `None` for a text left to usvg.
fn outline(t: &TextElement, font: &str, options: &resvg::usvg::Options) -> Option<String> {
    let get = |name: &str| {
        t.attributes
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| *v)
    };
    if get("font-size").is_none()
        || get("font-weight").is_none()
        || (t.attributes.iter())
            .any(|(n, _)| (INHERITED.contains(n) && *n != "font-style") || OWN.contains(n))
    {
        return None;
    }
    let number = |name: &str| get(name).and_then(|v| v.trim().parse::<f32>().ok());
    let (x, y) = (number("x")?, number("y")?);
    let shape: String = (t.attributes.iter())
        .filter(|(n, _)| SHAPE.contains(n))
        .map(|(n, v)| format!(" {n}=\"{v}\""))
        .collect();
    let path = path_at_origin(font, &shape, t.content, options)?;
    let mut group = String::from("<g");
    for (n, v) in &t.attributes {
        if !SHAPE.contains(n) && *n != "x" && *n != "y" {
            group.push_str(&format!(" {n}=\"{v}\""));
        }
    }
    group.push_str(&format!(
        "><path transform=\"translate({x} {y})\"{path}/></g>"
    ));
    Some(group)
}

/// The outlines made, by the text's shape attributes and content.
type Outlines = HashMap<(String, String), Arc<str>>;
static OUTLINES: Mutex<Option<Outlines>> = Mutex::new(None);

/// The attributes of the path that draws `content` with `shape` at the origin (its
/// rendering mode and its data), made once; `None` where usvg draws nothing of it.
fn path_at_origin(
    font: &str,
    shape: &str,
    content: &str,
    options: &resvg::usvg::Options,
) -> Option<Arc<str>> {
    let key = (format!("{font}\0{shape}"), content.to_owned());
    let lock = || OUTLINES.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(p) = lock().as_ref().and_then(|m| m.get(&key)) {
        return Some(p.clone());
    }
    let made: Arc<str> = Arc::from(make_path(font, shape, content, options)?);
    let mut kept = lock();
    let map = kept.get_or_insert_with(HashMap::new);
    if map.len() >= KEPT {
        map.clear();
    }
    map.insert(key, made.clone());
    Some(made)
}

fn make_path(
    font: &str,
    shape: &str,
    content: &str,
    options: &resvg::usvg::Options,
) -> Option<String> {
    use resvg::usvg::{Node, ShapeRendering};
    use std::fmt::Write as _;
    let family = if font.is_empty() {
        String::new()
    } else {
        format!(" font-family=\"{font}\"")
    };
    let svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1\" height=\"1\"{family}><text x=\"0\" y=\"0\"{shape}>{content}</text></svg>"
    );
    let tree = resvg::usvg::Tree::from_str(&svg, options).ok()?;
    let Some(Node::Text(text)) = tree.root().children().first() else {
        return None;
    };
    let mut d = String::new();
    let mut mode = None;
    for node in text.flattened().children() {
        let Node::Path(p) = node else { return None };
        if p.fill().is_none() || mode.is_some_and(|m| m != p.rendering_mode()) {
            return None;
        }
        mode = Some(p.rendering_mode());
        let data = p.data().clone().transform(p.abs_transform())?;
        write_path(&data, &mut d);
    }
    let mode = match mode? {
        ShapeRendering::OptimizeSpeed => "optimizeSpeed",
        ShapeRendering::CrispEdges => "crispEdges",
        ShapeRendering::GeometricPrecision => "geometricPrecision",
    };
    let mut out = String::new();
    let _ = write!(out, " shape-rendering=\"{mode}\" d=\"{}\"", d.trim_end());
    Some(out)
}

/// Writes `path` as SVG path data (each number as the shortest text that reads back as
/// the same `f32`).
fn write_path(path: &resvg::tiny_skia::Path, d: &mut String) {
    use resvg::tiny_skia::PathSegment;
    use std::fmt::Write as _;
    for segment in path.segments() {
        let _ = match segment {
            PathSegment::MoveTo(p) => write!(d, "M{} {} ", p.x, p.y),
            PathSegment::LineTo(p) => write!(d, "L{} {} ", p.x, p.y),
            PathSegment::QuadTo(a, p) => write!(d, "Q{} {} {} {} ", a.x, a.y, p.x, p.y),
            PathSegment::CubicTo(a, b, p) => {
                write!(d, "C{} {} {} {} {} {} ", a.x, a.y, b.x, b.y, p.x, p.y)
            }
            PathSegment::Close => write!(d, "Z "),
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options() -> resvg::usvg::Options<'static> {
        resvg::usvg::Options {
            font_family: "DejaVu Sans".into(),
            fontdb: super::super::fonts(),
            ..Default::default()
        }
    }

    fn pixels(svg: &str) -> resvg::tiny_skia::Pixmap {
        let tree = resvg::usvg::Tree::from_str(svg, &options()).expect("parses");
        let size = tree.size().to_int_size();
        let mut p = resvg::tiny_skia::Pixmap::new(size.width(), size.height()).expect("size");
        resvg::render(&tree, Default::default(), &mut p.as_mut());
        p
    }

    /// A club's overlay with its pieces' tags and title outlined draws what its texts
    /// draw: the same glyphs in the same places, at most an edge pixel's shade apart.
    /// The whole map, whose sea names take their anchor and style from their group, is
    /// left to usvg.
    #[test]
    fn an_outlined_overlay_draws_what_its_texts_draw() {
        let whole = super::super::club_map(|_, _| {});
        assert_eq!(
            outlined(&whole, &options()),
            whole,
            "a group gives an anchor"
        );
        let (_, svg) = super::super::split(&whole).expect("a base and an overlay");
        let out = outlined(&svg, &options());
        let texts = |s: &str| s.matches("<text").count();
        assert!(
            texts(&out) < texts(&svg),
            "some texts outlined: {} of {}",
            texts(&svg) - texts(&out),
            texts(&svg)
        );
        let (a, b) = (pixels(&svg), pixels(&out));
        let mut differ = 0;
        let mut worst = 0;
        for (x, y) in a.pixels().iter().zip(b.pixels()) {
            let d = [
                x.red().abs_diff(y.red()),
                x.green().abs_diff(y.green()),
                x.blue().abs_diff(y.blue()),
            ]
            .into_iter()
            .max()
            .unwrap_or(0);
            if d > 0 {
                differ += 1;
            }
            worst = worst.max(d);
        }
        eprintln!(
            "{} of {} texts outlined; {differ} pixels differ, by at most {worst}",
            texts(&svg) - texts(&out),
            texts(&svg)
        );
        assert!(
            differ < 200 && worst < 64,
            "{differ} pixels differ, by at most {worst}"
        );
    }

    /// A text that inherits its size or weight, carries markup or an anchor is left to
    /// usvg; one that names its own is outlined with its other attributes kept.
    #[test]
    fn only_texts_that_name_their_font_are_outlined() {
        let o = options();
        for left in [
            r#"<text x="1" y="2" font-size="8">A</text>"#,
            r#"<text x="1" y="2" font-weight="bold">A</text>"#,
            r#"<text x="1" y="2" font-size="8" font-weight="bold"><tspan>A</tspan></text>"#,
            r#"<text x="1" y="2" font-size="8" font-weight="bold" text-anchor="middle">A</text>"#,
            r#"<text x="1 5" y="2" font-size="8" font-weight="bold">AB</text>"#,
            r#"<text x="1" y="2" font-size="8" font-weight="bold">"#,
            r#"<g font-style="italic"><text x="1" y="2" font-size="8" font-weight="bold">A</text></g>"#,
            r#"<style>text{font-size:20px}</style><text x="1" y="2" font-size="8" font-weight="bold">A</text>"#,
            r#"<text x="1" y="2" font-size="8" font-weight="bold" class="big">A</text>"#,
        ] {
            assert_eq!(outlined(left, &o), left);
        }
        let one = r#"<text id="tag-V-A1" x="1.5" y="2" font-size="8" font-weight="bold" clip-path="url(#c)">V&amp;A1</text>"#;
        let got = outlined(one, &o);
        assert!(got.starts_with(r#"<g id="tag-V-A1" clip-path="url(#c)"><path transform="translate(1.5 2)" shape-rendering="geometricPrecision" d="M"#), "{got}");
        assert!(got.ends_with(r#""/></g>"#), "{got}");
    }
}
