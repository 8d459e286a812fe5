//! The order page attached to every club report (`ordini-V-1494-r03.html`): one
//! self-contained HTML file (no server, no network, no external file) with the club's
//! map, its pieces and, for each, the orders the rules allow this phase, so a club
//! clicks its orders and the page writes the order file.
//!
//! Every order the page offers, every place it refuses (with the rule) and every cost
//! comes from the rules' menu (`rules::menu`: the sheet's options and the page's
//! choices on top of them), in the club's own world (`club_world`), embedded as JSON
//! (`data`);
//! each order's lines in the file are written by the orders' codec
//! (`orders::unparse_order`, `offer`). The page's script (`templates/page.js`) only sums,
//! flags and assembles: it knows no rule.
//!
//! The page is rendered by minijinja from `templates/page.html`, with HTML autoescaping:
//! a nation's or a node's name is text wherever it stands, and the data is JSON in a
//! `<script type="application/json">` element that no name can close.
//!
//! The page travels packed (issue 30.5): the script, the map and the data, gzipped and in
//! base64 in `#pg-packed`, which a small bootstrap (`templates/page-boot.js`) inflates
//! with the browser's `DecompressionStream` and puts where they stood before (the map in
//! `#pg-map`, the data as `#pg-data`), then runs the script: the script sees the page it
//! always saw ([`unpacked`] writes that page out). The club's view for
//! `giglio orders check --view` rides along in `#pg-view` ([`view_in`]), so one file
//! carries the club's data. The page is ASCII (every other character a reference) in
//! lines of at most 73 characters (`fold`), so a mail carries it as it is (7bit), with
//! no growth, where base64 would add a third.

mod coarse;
mod data;
mod offer;
mod packed;
#[cfg(test)]
mod tests;

use super::sheet::Attachment;
use crate::rules::tables::Lang;
use crate::rules::{Campaign, NationCode, World};
use crate::t;
use crate::words::Words;
use minijinja::value::Value;
use minijinja::{AutoEscape, Environment, UndefinedBehavior, context};

/// Stands for an order's value in its file lines and words, filled in by the page.
const VALUE: &str = "{v}";
/// A value no order is given, replaced by [`VALUE`] in an order's lines.
const SENTINEL: i64 = 987_654_321;
/// Stands for a Strategos bid's move order in its file lines and words.
const SEQ: &str = "{seq}";

/// The page's file name: `ordini-V-1494-r03.html`, beside the sheet's `.toml`.
pub fn file_name(lang: Lang, nation: &NationCode, phase_key: &str) -> String {
    super::sheet::file_name(lang, nation, phase_key).replace(".toml", ".html")
}

/// What a page is made of.
pub struct PageInput<'a> {
    pub campaign: &'a Campaign,
    /// The open phase's world (the referee's: it is projected to the club's own here).
    pub world: &'a World,
    pub nation: &'a NationCode,
    pub lang: Lang,
    pub deadline: Option<&'a str>,
    /// The club's map as its report draws it (`map::render_view`).
    pub map_svg: &'a str,
    /// The address clubs send orders to.
    pub orders_to: &'a str,
}

/// Renders the page (packed, without the club's view: see [`with_view`]).
pub fn render(words: &Words, p: &PageInput) -> String {
    own_render(
        words,
        p,
        &super::sheet::OwnWorld::of(p.campaign, p.world, p.nation),
        None,
    )
}

/// The page's template environment: the page, the catalogue as `t()`
/// (`words::register`), HTML autoescaping, and the template's last newline kept.
fn environment(words: &Words) -> Environment<'static> {
    let mut env = Environment::new();
    crate::words::register(&mut env, words.clone());
    env.set_undefined_behavior(UndefinedBehavior::Strict);
    env.set_syntax(
        minijinja::syntax::SyntaxConfig::builder()
            .keep_trailing_newline(true)
            .build()
            .unwrap_or_else(|e| unreachable!("the default syntax builds: {e}")),
    );
    env.set_auto_escape_callback(|name| {
        if name.ends_with(".html") {
            AutoEscape::Html
        } else {
            AutoEscape::None
        }
    });
    env.add_filter("fold", fold);
    env.add_template("page.html", include_str!("../../templates/page.html"))
        .unwrap_or_else(|e| unreachable!("the page's template parses: {e}"));
    env
}

/// The page's data as the text of a `<script type="application/json">` element: JSON,
/// in which no `<` stands, so nothing in it can end the element (`</script>`) or change
/// how it is read (`<!--`): `<` is written `\u003c`, which JSON reads as `<`.
fn script_json(data: &data::PageData) -> String {
    serde_json::to_string(data)
        .unwrap_or_else(|e| unreachable!("the page's data always serializes: {e}"))
        .replace('<', "\\u003c")
}

/// The page's script as the template holds it between `<script>` and `</script>`.
const SCRIPT: &str = include_str!("../../templates/page.js");
/// The bootstrap that unpacks the page in the browser.
const BOOT: &str = include_str!("../../templates/page-boot.js");
/// Between the packed parts (the script, the map, the data): in none of them.
const SEP: char = '\0';
/// The packed parts' base64 in lines of this many characters.
const LINE: usize = 72;

/// The page's security policy: nothing from anywhere (`default-src 'none'`), its
/// script, its bootstrap and its one style block by their SHA-256 (no other inline
/// script, style or
/// event handler runs: a name that slipped into the page as markup could not act), no
/// form may submit anywhere, no `<base>` may move its links. Pictures only from `data:`
/// and `blob:` (the map is inline SVG). A policy cannot stop navigation; the page keeps
/// what a club types (its secret) out of every URL it builds.
fn policy() -> &'static str {
    // Made of constants alone: hashed once a process.
    static POLICY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    POLICY.get_or_init(policy_now)
}

fn policy_now() -> String {
    let template = include_str!("../../templates/page.html");
    let style = template
        .split_once("<style>")
        .and_then(|(_, rest)| rest.split_once("</style>"))
        .map_or("", |(style, _)| style);
    let script = format!("\n{SCRIPT}\n");
    let boot = format!("\n{BOOT}\n");
    // On lines of their own, as every line of the page is short (`fold`): CSP reads a
    // line break as the space it stands for.
    format!(
        "default-src 'none';\n  script-src '{}'\n  '{}';\n  style-src '{}';\n  \
         img-src data: blob:; connect-src 'none';\n  form-action 'none'; base-uri 'none'",
        csp_hash(&script),
        csp_hash(&boot),
        csp_hash(style)
    )
}

/// A CSP source expression for an inline block: `sha256-` and the base64 of its SHA-256.
fn csp_hash(text: &str) -> String {
    use base64::Engine as _;
    use sha2::Digest as _;
    let digest = sha2::Sha256::digest(text.as_bytes());
    format!(
        "sha256-{}",
        base64::engine::general_purpose::STANDARD.encode(digest)
    )
}

/// [`render`] with the club's own world and options already made (the sheet's), and
/// the club's packed view (`kit::pack`) when the page carries it.
fn own_render(
    words: &Words,
    p: &PageInput,
    own: &super::sheet::OwnWorld,
    view: Option<&[u8]>,
) -> String {
    let data = data::data(words, p, own);
    let env = environment(words);
    let page = env
        .get_template("page.html")
        .unwrap_or_else(|e| unreachable!("the page's template is added: {e}"));
    // The page's script and the map's part up to its overlay are every club's of the
    // phase and language: they lead the packed text, so that they are deflated once
    // (`packed::gzip`), in two parts: the script and the map's static layer once a
    // process, the phase's node marks once a phase. The map's parts are made coarse
    // apart (the marks between them are between elements, never in a value): the
    // shared ones once (`coarse::kept`), the club's own each time.
    let map = map_body(p.map_svg);
    let (shared, own) = map.split_at(map.find(super::png::OVERLAY).unwrap_or(0));
    let (fixed, marks) = shared.split_at(shared.find(super::png::PHASE).unwrap_or(0));
    let fixed = format!(
        "\n{SCRIPT}\n{SEP}{}",
        coarse::kept(fixed, coarse::Part::Static)
    );
    let marks = coarse::kept(marks, coarse::Part::Phase);
    let own = coarse::coarse(own);
    let rest = format!("{own}{SEP}{}", script_json(&data));
    let html = page
        .render(context! {
            lang => data.lang,
            nation => p.campaign.nation_name(p.nation.as_str(), p.lang),
            // The title names the phase as running text does ("turno 5 (luglio) del 1494").
            phase => crate::words::phases::phase_name(
                words,
                &p.campaign.tables.calendar,
                p.world.phase,
                p.lang,
            ),
            // Base64 in lines: no name in it.
            packed => Value::from_safe_string(base64_lines(&packed::gzip(&fixed, &marks, &rest))),
            view => view.map(|v| Value::from_safe_string(base64_lines(v))),
            // Our own text, quotes and hashes: no name in it.
            csp => Value::from_safe_string(policy().to_owned()),
            // The bootstrap is no template: inserted as it is (its hash is in the policy).
            boot => Value::from_safe_string(BOOT.to_owned()),
        })
        .unwrap_or_else(|e| unreachable!("the page's template renders: {e:#}"));
    ascii(&html)
}

/// Forgets the packed parts kept (`png::forget_bases`).
pub(crate) fn forget_packed() {
    packed::forget();
    coarse::forget();
}

/// Forgets the static parts kept too (`png::forget_static_layers`).
pub(crate) fn forget_packed_static() {
    packed::forget_all();
    coarse::forget_all();
}

/// Bytes in base64, in lines of [`LINE`] characters.
fn base64_lines(bytes: &[u8]) -> String {
    use base64::Engine as _;
    let text = base64::engine::general_purpose::STANDARD.encode(bytes);
    let mut out = String::with_capacity(text.len() + text.len() / LINE + 1);
    // Base64 is ASCII: a line is a slice of whole characters.
    for (i, line) in text.as_bytes().chunks(LINE).enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(std::str::from_utf8(line).unwrap_or_default());
    }
    out
}

/// A text of the page's template (its title, a sentence for an old browser) on lines
/// of at most [`LINE`] characters, broken at its spaces (HTML reads a line break in text
/// or in an attribute's value as the space it stands for): escaped as the template
/// escapes, and in ASCII as the page travels. With every line of the page that short,
/// and every character ASCII, the mail carries the page as it is (7bit: a line of at
/// most 73 characters and its CRLF under the 76 lettre allows); a longer line had all
/// of it quoted-printable, a character at a time.
fn fold(value: Value) -> Value {
    let text = value.to_string();
    let escaped = if value.is_safe() {
        text
    } else {
        minijinja::HtmlEscape(&text).to_string()
    };
    let text = ascii(&escaped);
    let mut out = String::with_capacity(text.len() + 8);
    let mut width = 0;
    // A character reference holds no space: it is never broken. A word longer than a
    // line stays whole, and the page then goes quoted-printable, as before.
    for (i, word) in text.split(' ').enumerate() {
        if i > 0 {
            if width + 1 + word.len() > LINE {
                out.push('\n');
                width = 0;
            } else {
                out.push(' ');
                width += 1;
            }
        }
        out.push_str(word);
        width += word.len();
    }
    Value::from_safe_string(out)
}

/// The page in ASCII: every other character as an HTML character reference, which
/// reads the same in text and attribute values (the style, the bootstrap and the packed
/// parts are ASCII already).
fn ascii(html: &str) -> String {
    use std::fmt::Write as _;
    let mut out = String::with_capacity(html.len() + 256);
    let mut rest = html;
    // Runs of ASCII copied whole (the packed parts are most of a page).
    while let Some(at) = rest.find(|c: char| !c.is_ascii()) {
        out.push_str(&rest[..at]);
        let c = rest[at..].chars().next().unwrap_or_default();
        let _ = write!(out, "&#{};", u32::from(c));
        rest = &rest[at + c.len_utf8()..];
    }
    out.push_str(rest);
    out
}

/// The text of the element `<script ... id="ID">` in a page: its content, and where the
/// element starts and ends.
fn element<'h>(html: &'h str, id: &str) -> Option<(&'h str, usize, usize)> {
    let at = html.find(&format!(" id=\"{id}\""))?;
    let start = html[..at].rfind('<')?;
    let open_end = at + html[at..].find('>')? + 1;
    let close = open_end + html[open_end..].find("</script>")?;
    Some((&html[open_end..close], start, close + "</script>".len()))
}

fn from_base64(text: &str) -> Option<Vec<u8>> {
    use base64::Engine as _;
    let clean: String = text.chars().filter(|c| !c.is_ascii_whitespace()).collect();
    base64::engine::general_purpose::STANDARD.decode(clean).ok()
}

/// The page as its bootstrap leaves it in the browser: the map in `#pg-map`, the data
/// as `<script type="application/json" id="pg-data">` where the packed parts stood, and
/// the page's script in place of the bootstrap. `None` for a page that is not packed.
pub fn unpacked(html: &str) -> Option<String> {
    use std::io::Read as _;
    // A page saved from a mail has CRLF line breaks (`mail::compose`).
    let html = &html.replace("\r\n", "\n");
    let (packed, start, end) = element(html, "pg-packed")?;
    let mut text = String::new();
    flate2::read::GzDecoder::new(&from_base64(packed)?[..])
        .read_to_string(&mut text)
        .ok()?;
    let mut parts = text.split(SEP);
    let (script, map, data) = (parts.next()?, parts.next()?, parts.next()?);
    let boot = format!("<script>\n{BOOT}\n</script>");
    let page = format!(
        "{}<script type=\"application/json\" id=\"pg-data\">{data}</script>{}",
        &html[..start],
        &html[end..]
    );
    Some(
        page.replacen(
            "<div id=\"pg-map\"></div>",
            &format!("<div id=\"pg-map\">{map}</div>"),
            1,
        )
        .replacen(&boot, &format!("<script>{script}</script>"), 1),
    )
}

/// The club's packed view (`kit::pack`'s bytes) in an order page: `None` when the file
/// is no page, `Some(None)` when it is a page without a view.
pub(crate) fn view_in(bytes: &[u8]) -> Option<Option<Vec<u8>>> {
    let head = &bytes[..bytes.len().min(64)];
    let head = String::from_utf8_lossy(head)
        .trim_start()
        .to_ascii_lowercase();
    if !(head.starts_with("<!doctype html") || head.starts_with("<html")) {
        return None;
    }
    let html = String::from_utf8_lossy(bytes);
    Some(element(&html, "pg-view").and_then(|(text, _, _)| from_base64(text)))
}

/// The page as an attachment.
pub fn attachment(words: &Words, p: &PageInput) -> Attachment {
    own_attachment(
        words,
        p,
        &super::sheet::OwnWorld::of(p.campaign, p.world, p.nation),
    )
}

/// [`attachment`] with the club's own world and options already made (the sheet's).
pub fn own_attachment(words: &Words, p: &PageInput, own: &super::sheet::OwnWorld) -> Attachment {
    Attachment {
        name: file_name(p.lang, p.nation, &own.world.phase.key()),
        mime: "text/html; charset=utf-8",
        bytes: own_render(words, p, own, None).into_bytes(),
    }
}

/// The page that carries the club's view: the view file among the sheet's attachments
/// (`sheet::own_attachments` with the page) goes into the page, and the page takes its
/// place, so the mail carries the club's data once.
pub fn with_view(
    words: &Words,
    p: &PageInput,
    own: &super::sheet::OwnWorld,
    files: &mut Vec<Attachment>,
) {
    let view = files
        .iter()
        .position(|a| a.mime == super::sheet::VIEW_MIME)
        .map(|i| files.remove(i));
    files.push(Attachment {
        name: file_name(p.lang, p.nation, &own.world.phase.key()),
        mime: "text/html; charset=utf-8",
        bytes: own_render(words, p, own, view.as_ref().map(|v| &v.bytes[..])).into_bytes(),
    });
}

/// The lines a mail that carries the page adds to its text: what the page is and how
/// to open it (save it, then open it in a browser).
pub fn note(words: &Words, lang: Lang, name: &str) -> String {
    format!("\n{}\n", t!(words, lang, "page-note", page = name))
}

/// The lines a welcome adds for the page, which its list of attachments already names
/// as the file for the check: what else the page is, without listing it again.
pub fn note_listed(words: &Words, lang: Lang, name: &str) -> String {
    format!("\n{}\n", t!(words, lang, "page-note-listed", page = name))
}

/// The same, as a paragraph before the end of an HTML body.
pub fn note_html(html: &str, words: &Words, lang: Lang, name: &str) -> String {
    let p = format!(
        "<p class=\"order-page\">{}</p>\n",
        html_escape(&t!(words, lang, "page-note", page = name))
    );
    match html.rfind("</body>") {
        Some(i) => format!("{}{p}{}", &html[..i], &html[i..]),
        None => format!("{html}{p}"),
    }
}

/// The SVG element itself, without the XML declaration before it.
fn map_body(svg: &str) -> &str {
    svg.find("<svg").map_or(svg, |i| &svg[i..])
}

fn html_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
