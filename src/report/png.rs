//! The map picture as PNG: the SVG rasterized by resvg with the font built into the
//! binary (DejaVu Sans), so the same SVG gives the same pixels on every machine,
//! whatever fonts it has; written as an 8-bit palette PNG, a third of the RGBA file.
//!
//! A picture may be split in two by [`OVERLAY`]: a base (land, roads, names, legend and,
//! on a club's map, the phase's node marks) that is the same for every club of a
//! language and an overlay of what is the club's own. The base is rasterized and
//! written once per process and reused ([`base`]): its palette is every picture's drawn
//! over it, and its rows, compressed in bands (`bands`), are reused wherever the
//! overlay leaves a band as the base drew it. The split does not change a pixel: the
//! overlay is drawn over the base exactly as the whole SVG would be.
//!
//! A base may be split again by [`PHASE`]: its static layer (land, sea, roads, names,
//! legend), the same from phase to phase, is rasterized once a process and kept
//! ([`static_layer`]) past the phase's bases ([`forget_bases`]); a phase's base is the
//! static layer's pixels with the phase's node marks drawn over a copy, again exactly
//! as the whole base would be drawn. The service, resolving phase after phase, draws
//! only the marks. A map's palette is then its static layer's (the marks are flat
//! colours the static layer's legend shows), the same from phase to phase, so a band
//! the marks left as the last phase's has the same bytes: every band compressed is kept
//! by what it holds (`memo`) and a later picture with the same band takes its bytes.
//! A club's overlay is drawn over the base on the rows its elements cover alone
//! (`overlay`): the other bands are the base's without a pixel copied or compared.
//!
//! A map sent by mail ([`map_to_png`], the [`MAP`] style) draws its shapes without
//! anti-aliasing (text keeps it), with at most 64 colours, and its bands compressed by
//! an encoder made for palette rows (`deflate`), harder for the shared base: a third
//! lighter than the anti-aliased picture of 256 colours, with every name as sharp
//! (issue 30.5: the mail at most 300 KB).

mod bands;
mod deflate;
mod memo;
mod outline;
mod overlay;
mod plain;

#[doc(hidden)]
pub use memo::{Memo as BandMemo, restore as restore_band_memo, snapshot as band_memo};

use crate::error::{Error, Result};
use bands::{Band, Palette, Style};
use resvg::tiny_skia::Pixmap;
use std::sync::{Arc, Mutex, OnceLock};

const REGULAR: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
const BOLD: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");

/// Where a picture's base ends and its overlay begins (an SVG comment).
pub(crate) const OVERLAY: &str = "<!-- overlay -->";

/// Where, in a base, its static layer ends (land, sea, roads, names, legend: the same
/// from phase to phase) and the phase's node marks begin (an SVG comment).
pub(crate) const PHASE: &str = "<!-- phase -->";

/// Charts, cards and every picture but a mailed map: anti-aliased, 256 colours, and
/// zlib-rs' level 5 (files as small as miniz's level 6 gave in well under half the time).
pub(crate) const PICTURE: Style = Style {
    crisp: false,
    colours: 256,
    level: 5,
    club_level: 6,
};

/// A map sent by mail: shapes without anti-aliasing, 64 colours, and the encoder made
/// for palette rows (`deflate`). For the bands a club's overlay changes (its picture
/// compresses only those), zlib's level 5's bytes, within 0.2 %, in 0.6 of its time (one
/// run, every band of eight club maps). For the shared base, with hash chains
/// (`Effort::BASE`): 2.9 % more bytes than zlib's level 9 in 0.22 of its time (one run,
/// every band of a club's map), a quarter of the phase's time the base took. Before it, with zlib: level 6 cost some 2 KB a map against
/// level 8 and took 40 % less time (`parts/png_one` 16.3 against 9.6 ms in one run),
/// affordable since the order page travels with CRLF line breaks (`mail::compose`,
/// 4.3 KB lighter); level 5 costs 1 KB more than 6 and takes 12 % less (5.40 against
/// 4.75 ms in one run, once a club's overlay was compressed alone), inside the 300 KB
/// a round report mail may weigh.
pub(crate) const MAP: Style = Style {
    crisp: true,
    colours: 64,
    level: bands::ROWS_BASE,
    club_level: bands::ROWS,
};

/// How many base pictures are kept: one per picture size, style and language in use.
const BASES_KEPT: usize = 6;

/// The font database, loaded once: only the built-in faces, never the system's.
fn fonts() -> Arc<resvg::usvg::fontdb::Database> {
    static DB: OnceLock<Arc<resvg::usvg::fontdb::Database>> = OnceLock::new();
    DB.get_or_init(|| {
        let mut db = resvg::usvg::fontdb::Database::new();
        db.load_font_data(REGULAR.to_vec());
        db.load_font_data(BOLD.to_vec());
        db.set_sans_serif_family("DejaVu Sans");
        Arc::new(db)
    })
    .clone()
}

/// A picture parsed to be drawn: its groups that only name themselves written plain
/// (`plain`), its texts that name their font as outlines (`outline`).
fn parse(svg: &str, crisp: bool) -> Result<resvg::usvg::Tree> {
    parse_named(&plain::plain_groups(svg), crisp)
}

/// A picture parsed with every group it names kept (what [`drawn_boxes`] reads).
fn parse_named(svg: &str, crisp: bool) -> Result<resvg::usvg::Tree> {
    let options = resvg::usvg::Options {
        font_family: "DejaVu Sans".into(),
        fontdb: fonts(),
        shape_rendering: if crisp {
            resvg::usvg::ShapeRendering::CrispEdges
        } else {
            resvg::usvg::ShapeRendering::default()
        },
        ..Default::default()
    };
    // Texts that name their own font drawn as outlines made once a process (`outline`).
    resvg::usvg::Tree::from_str(&outline::outlined(svg, &options), &options)
        .map_err(|e| Error::user(format!("the map picture is not valid SVG: {e}")))
}

/// Draws `svg` at `scale` onto `pixmap` (a new one of the SVG's size when `None`).
fn draw(svg: &str, scale: f32, crisp: bool, pixmap: Option<Pixmap>) -> Result<Pixmap> {
    draw_tree(&parse(svg, crisp)?, scale, pixmap)
}

/// Draws a parsed picture at `scale` onto `pixmap` (a new one of its size when `None`).
fn draw_tree(tree: &resvg::usvg::Tree, scale: f32, pixmap: Option<Pixmap>) -> Result<Pixmap> {
    let mut pixmap = match pixmap {
        Some(p) => p,
        None => {
            let size = tree
                .size()
                .to_int_size()
                .scale_by(scale)
                .ok_or_else(|| Error::internal("the map picture has no size"))?;
            Pixmap::new(size.width(), size.height())
                .ok_or_else(|| Error::internal("the map picture is too large to draw"))?
        }
    };
    resvg::render(
        tree,
        resvg::tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    Ok(pixmap)
}

/// The base of a split picture: its pixels and how they are written.
struct Base {
    pixmap: Pixmap,
    palette: Arc<Palette>,
    bands: Vec<Band>,
    /// Its rows as palette entries, which a club's picture over it reads.
    rows: Vec<u8>,
}

/// What is kept of pictures drawn, by key, each made at most once: a thread that asks
/// for one another thread is making waits for it rather than making it too (a base is
/// a few club pictures' work). The oldest goes when `max` are kept.
struct Kept<K, V> {
    max: usize,
    cells: Mutex<Vec<(K, Cell<V>)>>,
}

/// One value kept: made once (`None` where making it failed), shared once made.
type Cell<V> = Arc<OnceLock<Option<Arc<V>>>>;

impl<K: PartialEq, V> Kept<K, V> {
    const fn new(max: usize) -> Self {
        Kept {
            max,
            cells: Mutex::new(Vec::new()),
        }
    }

    /// The value kept for `key`, made by `make` if none is (`None` where it failed:
    /// kept too, as the same text would fail again).
    fn get(&self, key: K, make: impl FnOnce() -> Option<V>) -> Option<Arc<V>> {
        let cell = {
            let mut kept = lock(&self.cells);
            match kept.iter().find(|(k, _)| *k == key) {
                Some((_, c)) => c.clone(),
                None => {
                    if kept.len() >= self.max {
                        kept.remove(0);
                    }
                    let c: Cell<V> = Default::default();
                    kept.push((key, c.clone()));
                    c
                }
            }
        };
        cell.get_or_init(|| make().map(Arc::new)).clone()
    }

    fn clear(&self) {
        lock(&self.cells).clear();
    }
}

/// A base's key: its whole text, scale and style (colours and level: its palette and
/// bands), so a change is never missed.
type BaseKey = (String, u32, bool, usize, u8);

/// The bases kept, each drawn at most once.
static BASES: Kept<BaseKey, Base> = Kept::new(BASES_KEPT);

/// How many static layers are kept: one per language and style in use, with room.
const STATICS_KEPT: usize = 4;

/// A static layer's key: its whole text, scale and whether crisp (its pixels alone).
type StaticKey = (String, u32, bool);

/// The static layers kept, each drawn at most once a process: a new phase does not
/// forget them ([`forget_bases`]), as the land, roads and names are the same.
static STATICS: Kept<StaticKey, Pixmap> = Kept::new(STATICS_KEPT);

/// The base of a split picture, rasterized and written once and shared by every club's
/// picture with the same base (keyed by its whole text, scale and style, so a change is
/// never missed).
fn base(base: &str, scale: f32, style: Style) -> Result<Arc<Base>> {
    let key: BaseKey = (
        base.to_owned(),
        scale.to_bits(),
        style.crisp,
        style.colours,
        style.level,
    );
    BASES
        .get(key, || {
            let (pixmap, under) = draw_base(base, scale, style.crisp).ok()?;
            let named = bands::named_colours(base);
            // Over a static layer, a map's palette is the static layer's, the same
            // from phase to phase: a band the phase's marks left as the last phase's
            // has the same indices, and its bytes are found in the memo of bands
            // compressed. Its marks are drawn crisp, in the flat colours the SVG
            // names, which keep their exact entries; an anti-aliased picture's marks
            // add edge colours of their own, so its palette counts them.
            let (palette, under) = match under {
                Some(under) if style.crisp => {
                    let (palette, rows) = palette_over(&under, style.colours, named);
                    (palette, Some((under, rows)))
                }
                _ => (
                    Arc::new(bands::palette(&pixmap, style.colours, &named)),
                    None,
                ),
            };
            let under = under.as_ref().map(|(u, rows)| (&**u, &rows[..]));
            let (bands, rows) = bands::whole(&pixmap, &palette, style.level, under).ok()?;
            Some(Base {
                pixmap,
                palette,
                bands,
                rows,
            })
        })
        .ok_or_else(|| Error::internal("the map picture's shared base could not be drawn"))
}

/// A palette chosen over a static layer: the layer, its size of palette, the colours
/// named, the palette and the layer's rows as its entries.
type Chosen = (Arc<Pixmap>, usize, Vec<[u8; 3]>, Arc<Palette>, Arc<Vec<u8>>);

/// The palettes chosen over static layers ([`palette_over`]).
static CHOSEN: Mutex<Vec<Chosen>> = Mutex::new(Vec::new());

/// The palette of the pictures drawn over a static layer ([`bands::palette_over`]),
/// chosen once for every phase's base: counting the layer's pixels again each phase was
/// a tenth of its base. With it, the layer's rows as its entries, looked up once too: a
/// phase's base looks up only the pixels its marks changed (`bands::index_rows_over`).
/// Kept by the layer itself (held, so its address is not taken by another while kept),
/// its size of palette and the colours named.
fn palette_over(
    under: &Arc<Pixmap>,
    colours: usize,
    named: Vec<[u8; 3]>,
) -> (Arc<Palette>, Arc<Vec<u8>>) {
    let found = lock(&CHOSEN)
        .iter()
        .find(|(u, c, n, ..)| Arc::ptr_eq(u, under) && *c == colours && *n == named)
        .map(|(.., p, rows)| (p.clone(), rows.clone()));
    if let Some(found) = found {
        return found;
    }
    let palette = Arc::new(bands::palette_over(under, colours, &named));
    let rows = Arc::new(bands::index_rows(under, &palette));
    let mut chosen = lock(&CHOSEN);
    if chosen.len() >= STATICS_KEPT {
        chosen.remove(0);
    }
    chosen.push((under.clone(), colours, named, palette.clone(), rows.clone()));
    (palette, rows)
}

/// The pixels of a base, with the static layer they were drawn over: where [`PHASE`]
/// splits it, its static layer ([`static_layer`], drawn once a process) with the
/// phase's marks drawn over a copy, exactly as the whole base would be drawn; else the
/// base drawn whole, over nothing.
fn draw_base(base: &str, scale: f32, crisp: bool) -> Result<(Pixmap, Option<Arc<Pixmap>>)> {
    let whole = || draw(base, scale, crisp, None).map(|p| (p, None));
    let Some((fixed, marks)) = split_at(base, PHASE) else {
        return whole();
    };
    // A mark an overridden template put inside an element leaves a part that is not
    // whole XML (an element unclosed, or closed twice): the base is then drawn whole.
    static_layer(&fixed, scale, crisp)
        .and_then(|under| {
            let p = draw(&marks, scale, crisp, Some(Pixmap::clone(&under)))?;
            Ok((p, Some(under)))
        })
        .or_else(|_| whole())
}

/// The static layer of a base (land, sea, roads, names, legend: what no phase changes),
/// rasterized once a process for every phase after (issue 30.5: two thirds of a
/// phase's base).
fn static_layer(fixed: &str, scale: f32, crisp: bool) -> Result<Arc<Pixmap>> {
    let key: StaticKey = (fixed.to_owned(), scale.to_bits(), crisp);
    STATICS
        .get(key, || draw(fixed, scale, crisp, None).ok())
        .ok_or_else(|| Error::internal("the map picture's static layer could not be drawn"))
}

/// Forgets every base drawn, and what the order pages keep of the map's base: what a
/// new phase finds (its node marks are new), for the benchmarks that run one phase
/// again and again. The static layers stay, as they do from phase to phase.
#[doc(hidden)]
pub fn forget_bases() {
    BASES.clear();
    // The order pages' shared part too (`page::packed`): the map's base is in it.
    super::page::forget_packed();
}

/// Forgets the static layers too: what a new process finds (a one-shot `giglio
/// resolve`), for the benchmark of a phase drawn cold and the test that a cold cache
/// gives the bytes of a warm one.
#[doc(hidden)]
pub fn forget_static_layers() {
    STATICS.clear();
    lock(&CHOSEN).clear();
    super::page::forget_packed_static();
}

/// Forgets the bands of pictures compressed: what a new process finds.
#[doc(hidden)]
pub fn forget_band_memo() {
    memo::clear();
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // A panic elsewhere while holding it leaves only a cache behind: still usable.
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Splits a picture at [`OVERLAY`] into a base and an overlay ([`split_at`]).
fn split(svg: &str) -> Option<(String, String)> {
    split_at(svg, OVERLAY)
}

/// Splits a picture at `marker` into what is drawn first and what is drawn over it,
/// each a whole SVG with the picture's own `<svg>` element. The first part's `<defs>`
/// (hatchings, arrow heads, the inset's clip), when it has them, are copied into the
/// second too, whose marks refer to them.
fn split_at(svg: &str, marker: &str) -> Option<(String, String)> {
    let at = svg.find(marker)?;
    let open = svg.find("<svg")?;
    let head_end = open + svg[open..].find('>')? + 1;
    if head_end > at {
        return None;
    }
    let head = &svg[..head_end];
    let defs = svg[head_end..at]
        .find("<defs")
        .and_then(|i| {
            let from = head_end + i;
            let end = svg[from..at].find("</defs>")?;
            Some(&svg[from..from + end + "</defs>".len()])
        })
        .unwrap_or("");
    let first = format!("{}</svg>", &svg[..at]);
    let over = format!("{head}{defs}{}", &svg[at + marker.len()..]);
    Some((first, over))
}

/// Renders an SVG to pixels at `scale` (1.0 = the SVG's own size) in `style`.
#[cfg(test)]
fn svg_to_pixmap(svg: &str, scale: f32, style: Style) -> Result<Pixmap> {
    match split(svg) {
        Some((b, overlay)) => {
            let b = base(&b, scale, style)?;
            draw(&overlay, scale, style.crisp, Some(b.pixmap.clone()))
        }
        None => draw(svg, scale, style.crisp, None),
    }
}

/// Renders an SVG to PNG at `scale` (1.0 = the SVG's own size) in `style`.
fn to_png(svg: &str, scale: f32, style: Style) -> Result<Vec<u8>> {
    match split(svg) {
        Some((b, overlay)) => {
            let b = base(&b, scale, style)?;
            over_base(&b, &parse(&overlay, style.crisp)?, scale, style)
        }
        None => {
            let pixmap = draw(svg, scale, style.crisp, None)?;
            let w = bands::write(&pixmap, style, &bands::named_colours(svg))?;
            bands::png(&pixmap, &w.palette, &w.bands)
        }
    }
}

/// A picture's overlay drawn over its base and written, the base's bands kept wherever
/// the overlay does not draw (`overlay`).
fn over_base(b: &Base, tree: &resvg::usvg::Tree, scale: f32, style: Style) -> Result<Vec<u8>> {
    let (width, height) = (b.pixmap.width(), b.pixmap.height());
    let touched = overlay::touched_rows(tree, scale, height as usize);
    let mut pixmap = overlay::scratch(width, height)
        .ok_or_else(|| Error::internal("the map picture is too large to draw"))?;
    overlay::copy_touched(&mut pixmap, &b.pixmap, &touched);
    draw_tree(tree, scale, Some(pixmap)).and_then(|pixmap| {
        let png = bands::bands_over(
            &pixmap,
            &b.palette,
            style.club_level,
            (&b.pixmap, &b.rows, &b.bands),
            &touched,
        )
        .and_then(|bands| bands::png(&pixmap, &b.palette, &bands));
        overlay::give_back(pixmap);
        png
    })
}

/// [`map_to_png`] with a club's overlay drawn on a copy of its whole base and every
/// band compared with the base's: the bytes the tests hold the overlay's rows to.
#[doc(hidden)]
pub fn map_to_png_over_whole_base(svg: &str) -> Result<Vec<u8>> {
    let Some((b, overlay)) = split(svg) else {
        return map_to_png(svg);
    };
    let b = base(&b, 1.0, MAP)?;
    let pixmap = draw(&overlay, 1.0, MAP.crisp, Some(b.pixmap.clone()))?;
    let bands = bands::bands(
        &pixmap,
        &b.palette,
        MAP.club_level,
        Some((&b.pixmap, &b.rows, &b.bands)),
    )?;
    bands::png(&pixmap, &b.palette, &bands)
}

/// Renders an SVG to PNG at `scale` (1.0 = the SVG's own size): charts, cards.
pub fn svg_to_png(svg: &str, scale: f32) -> Result<Vec<u8>> {
    to_png(svg, scale, PICTURE)
}

/// Renders a map to PNG as mail carries it ([`MAP`]), at the SVG's own size.
pub fn map_to_png(svg: &str) -> Result<Vec<u8>> {
    to_png(svg, 1.0, MAP)
}

/// Every element of a picture that has an id, with the box it covers once drawn
/// (x0, y0, x1, y1, in the picture's units; text measured with the built-in font):
/// what the map's tests hold its labels to.
pub fn drawn_boxes(svg: &str) -> Result<Vec<(String, [f32; 4])>> {
    fn walk(g: &resvg::usvg::Group, out: &mut Vec<(String, [f32; 4])>) {
        for node in g.children() {
            if !node.id().is_empty() {
                let b = node.abs_bounding_box();
                out.push((
                    node.id().to_owned(),
                    [b.left(), b.top(), b.right(), b.bottom()],
                ));
            }
            if let resvg::usvg::Node::Group(child) = node {
                walk(child, out);
            }
        }
    }
    let tree = parse_named(svg, false)?;
    let mut out = Vec::new();
    walk(tree.root(), &mut out);
    Ok(out)
}

/// Writes pixels as an 8-bit palette PNG in the [`PICTURE`] style: the picture's own
/// 256 most used colour buckets (5 bits a channel, each its most common colour) and
/// every pixel as its nearest. The map is flat colours and their anti-aliased edges, so
/// this loses nothing a reader sees and compresses far better than RGBA. Deterministic:
/// same pixels, same bytes.
#[cfg(test)]
pub(crate) fn encode(pixmap: &Pixmap) -> Result<Vec<u8>> {
    let w = bands::write(pixmap, PICTURE, &[])?;
    bands::png(pixmap, &w.palette, &w.bands)
}

/// The first nation's club map of the shipped campaign at its start, after `change`
/// made the phase's resolution (given the nations' codes), as mailed: for the tests.
#[cfg(test)]
fn club_map(change: impl FnOnce(&mut crate::rules::World, &[crate::rules::NationCode])) -> String {
    use crate::rules::resolve::Resolution;
    use crate::rules::tables::Lang;
    use crate::rules::visibility::{ClubName, PhaseFacts, club_view};
    use crate::rules::{NationCode, World};
    let source = crate::scenario::Source::builtin("il-giglio").expect("built in");
    let c = crate::scenario::load(&source).expect("the shipped campaign loads");
    let words = crate::words::Words::load(None).expect("catalogue");
    let env = crate::report::environment(None, words.clone()).expect("templates");
    let say = crate::words::explain::Explain::new(words, &c);
    let codes: Vec<NationCode> = c.nations.iter().map(|n| n.code.clone()).collect();
    let before = World::start(&c, &codes);
    let mut now = before.clone();
    change(&mut now, &codes);
    let r = Resolution {
        next: Some(now),
        outcomes: Vec::new(),
        events: Vec::new(),
        ledger: Default::default(),
    };
    let club = ClubName {
        nation: &codes[0],
        name: "club",
        lang: Lang::It,
    };
    let view = club_view(&c, &say, &before, &r, club, &PhaseFacts::default());
    crate::report::map::render_view(&c, &view, &env).expect("the map")
}

#[cfg(test)]
mod tests {
    use super::bands::colour;
    use super::*;
    use resvg::tiny_skia::PremultipliedColorU8;

    const SVG: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="40"><rect width="200" height="40" fill="#fff"/><text x="5" y="28" font-size="20" font-family="DejaVu Sans">Città ⚓</text></svg>"##;

    #[test]
    fn text_is_drawn_with_the_built_in_font() {
        let png = svg_to_png(SVG, 1.0).unwrap();
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        // The same SVG gives the same bytes.
        assert_eq!(png, svg_to_png(SVG, 1.0).unwrap());
        // Something dark was drawn: the text.
        let blank = svg_to_png(
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="40"><rect width="200" height="40" fill="#fff"/></svg>"##,
            1.0,
        )
        .unwrap();
        assert_ne!(png, blank);
    }

    #[test]
    fn a_split_picture_draws_the_same_pixels_as_the_whole() {
        let whole = r##"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="40"><rect width="200" height="40" fill="#dbe9f2"/><circle cx="20" cy="20" r="9" fill="#b0272f"/><text x="35" y="28" font-size="20">Città</text></svg>"##;
        let split = whole.replace("<text", &format!("{OVERLAY}<text"));
        let a = svg_to_pixmap(whole, 1.0, PICTURE).unwrap();
        let b = svg_to_pixmap(&split, 1.0, PICTURE).unwrap();
        assert_eq!(a.data(), b.data());
        // And the second club's picture reuses the base: still the same pixels.
        let c = svg_to_pixmap(&split, 1.0, PICTURE).unwrap();
        assert_eq!(a.data(), c.data());
    }

    /// A picture with a hatching and a clip defined in its static layer and used by its
    /// phase's marks (as a nation sharing another's colour, the inset's marks).
    const LAYERED: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" width="120" height="90"><rect width="120" height="90" fill="#dbe9f2"/><path d="M 0 10 L 120 80" stroke="#7d9cb2" stroke-width="3"/><text x="4" y="85" font-size="11">Città ⚓</text><defs><pattern id="h" width="4" height="4" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="4" height="4" fill="#b0272f"/><rect width="1.6" height="4" fill="#fff"/></pattern><clipPath id="c"><rect x="60" y="0" width="60" height="45"/></clipPath></defs><!-- phase --><circle cx="30" cy="40" r="8" fill="url(#h)" stroke="#111" stroke-width="2.6"/><g clip-path="url(#c)"><circle cx="62" cy="30" r="11" fill="#ffd400" stroke="#7a5c00"/><rect x="57" y="25" width="10" height="10" fill="#117733"/></g><!-- overlay --><text x="20" y="20" font-size="14" font-weight="bold">Titolo</text><rect x="90" y="50" width="10" height="9" fill="url(#h)"/></svg>"##;

    #[test]
    fn a_picture_split_twice_draws_the_pixels_of_one_split_once() {
        let once = LAYERED.replace(PHASE, "");
        let whole = once.replace(OVERLAY, "");
        for style in [PICTURE, MAP] {
            let a = svg_to_pixmap(&whole, 1.0, style).unwrap();
            let b = svg_to_pixmap(&once, 1.0, style).unwrap();
            let c = svg_to_pixmap(LAYERED, 1.0, style).unwrap();
            assert_eq!(a.data(), b.data());
            assert_eq!(a.data(), c.data());
            let (once, twice) = (
                to_png(&once, 1.0, style).unwrap(),
                to_png(LAYERED, 1.0, style).unwrap(),
            );
            if style.crisp {
                // A map's palette is its static layer's: every flat colour exact still.
                flat_colours_exact(&twice, &c, LAYERED);
            } else {
                // The same base pixels, the same palette and bands: the same bytes.
                assert_eq!(once, twice);
            }
        }
        // Split twice at another scale: still the whole picture's pixels.
        let a = svg_to_pixmap(&whole, 1.5, PICTURE).unwrap();
        let c = svg_to_pixmap(LAYERED, 1.5, PICTURE).unwrap();
        assert_eq!(a.data(), c.data());
    }

    /// Every pixel of `pixmap` whose colour `svg` names is that colour in `png`.
    fn flat_colours_exact(png: &[u8], pixmap: &Pixmap, svg: &str) {
        let named = bands::named_colours(svg);
        for (got, p) in decoded(png).iter().zip(pixmap.pixels()) {
            let want = bands::colour(*p);
            if named.contains(&want) {
                assert_eq!(got, &want, "a pixel of a flat colour");
            }
        }
    }

    /// A PNG's pixels as the colours its palette gives them.
    fn decoded(png: &[u8]) -> Vec<[u8; 3]> {
        let mut reader = ::png::Decoder::new(std::io::Cursor::new(png))
            .read_info()
            .unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let frame = reader.next_frame(&mut buf).unwrap();
        let palette = reader.info().palette.as_ref().unwrap().to_vec();
        buf[..frame.buffer_size()]
            .iter()
            .map(|&i| {
                let i = usize::from(i) * 3;
                [palette[i], palette[i + 1], palette[i + 2]]
            })
            .collect()
    }

    #[test]
    fn a_phase_mark_inside_an_element_draws_the_base_whole() {
        let inside = LAYERED
            .replace(PHASE, "")
            .replace("<rect x=\"57\"", &format!("{PHASE}<rect x=\"57\""));
        assert!(
            inside.contains(&format!("/>{PHASE}<rect")),
            "the mark in a group"
        );
        let whole = inside.replace(PHASE, "").replace(OVERLAY, "");
        let a = svg_to_pixmap(&whole, 1.0, MAP).unwrap();
        let b = svg_to_pixmap(&inside, 1.0, MAP).unwrap();
        assert_eq!(a.data(), b.data());
    }

    #[test]
    fn a_cold_static_layer_gives_the_bytes_of_a_warm_one() {
        let warm = map_to_png(LAYERED).unwrap();
        // A new phase: the static layer kept, the base drawn again over it.
        forget_bases();
        assert_eq!(warm, map_to_png(LAYERED).unwrap());
        // A new process: nothing kept.
        forget_bases();
        forget_static_layers();
        assert_eq!(warm, map_to_png(LAYERED).unwrap());
        // The base kept, drawn over a static layer since forgotten.
        forget_static_layers();
        assert_eq!(warm, map_to_png(LAYERED).unwrap());
    }

    /// A club's map of the shipped campaign, with a place that changed hands and one
    /// fortified: split twice, it is the whole picture's pixels, and the bytes of the
    /// picture split at its overlay alone, whether its static layer was kept or not.
    #[test]
    fn a_club_map_split_twice_is_the_map_drawn_whole() {
        use crate::rules::world::Fortification;
        let svg = club_map(|now, codes| {
            let mut nodes = now.nodes.values_mut();
            let first = nodes.next().expect("a node");
            first.owner = codes.last().expect("a nation").clone();
            nodes.next().expect("a second node").fortification = Fortification::Fortified;
        });
        let (Some(at), Some(end)) = (svg.find(PHASE), svg.find(OVERLAY)) else {
            panic!("the map has both marks");
        };
        // The phase's marks: a place that changed hands (its ring), one fortified.
        assert!(at < end && svg[at..end].contains("#ffd400") && svg[at..end].contains("2.6"));
        let once = svg.replace(PHASE, "");
        let whole = once.replace(OVERLAY, "");
        let a = draw(&whole, 1.0, MAP.crisp, None).unwrap();
        let b = svg_to_pixmap(&svg, 1.0, MAP).unwrap();
        assert!(a.data() == b.data(), "the same pixels");
        let png = map_to_png(&svg).unwrap();
        // Drawn with the static layer's palette rather than the whole base's: every
        // pixel of a flat colour the SVG names exact; an anti-aliased text pixel here
        // and there drawn as another entry near its colour.
        flat_colours_exact(&png, &b, &svg);
        let (twice, once) = (decoded(&png), decoded(&map_to_png(&once).unwrap()));
        let differ = twice.iter().zip(&once).filter(|(a, b)| a != b).count();
        assert!(
            differ * 1000 < twice.len(),
            "{differ} pixels of {} differ",
            twice.len()
        );
        forget_static_layers();
        assert!(png == map_to_png(&svg).unwrap(), "cold: the same bytes");
    }

    #[test]
    fn the_overlay_may_use_what_the_base_defines() {
        // A hatching defined in the base and filling a mark of the overlay, as a
        // nation that shares another's colour.
        let whole = r##"<svg xmlns="http://www.w3.org/2000/svg" width="60" height="40"><rect width="60" height="40" fill="#dbe9f2"/><defs><pattern id="h" width="4" height="4" patternUnits="userSpaceOnUse"><rect width="4" height="4" fill="#b0272f"/><rect width="1.6" height="4" fill="#fff"/></pattern></defs><rect x="2" y="2" width="20" height="20" fill="url(#h)"/><circle cx="40" cy="20" r="12" fill="url(#h)"/></svg>"##;
        let split = whole.replace("<circle", &format!("{OVERLAY}<circle"));
        let a = svg_to_pixmap(whole, 1.0, PICTURE).unwrap();
        let b = svg_to_pixmap(&split, 1.0, PICTURE).unwrap();
        assert_eq!(a.data(), b.data());
    }

    #[test]
    fn every_pixel_comes_back_from_rows_written_a_slice_at_a_time() {
        // More rows than one slice of `deflate_rows`, an odd width, runs that cross
        // row ends, and few enough colours that the palette holds each exactly.
        let (w, h) = (37u32, 101u32);
        let mut pixmap = Pixmap::new(w, h).unwrap();
        let colours = [[255, 255, 255], [176, 39, 47], [17, 119, 51], [34, 34, 51]];
        for (k, p) in pixmap.pixels_mut().iter_mut().enumerate() {
            let c = colours[(k / 23 + k / 1000) % colours.len()];
            *p = PremultipliedColorU8::from_rgba(c[0], c[1], c[2], 255).unwrap();
        }
        let png = encode(&pixmap).unwrap();
        let mut reader = png::Decoder::new(std::io::Cursor::new(png))
            .read_info()
            .unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let frame = reader.next_frame(&mut buf).unwrap();
        assert_eq!((frame.width, frame.height), (w, h));
        let palette = reader.info().palette.as_ref().unwrap().to_vec();
        for (k, (&i, p)) in buf[..frame.buffer_size()]
            .iter()
            .zip(pixmap.pixels())
            .enumerate()
        {
            let i = usize::from(i) * 3;
            assert_eq!(&palette[i..i + 3], &colour(*p), "pixel {k}");
        }
    }

    #[test]
    fn the_palette_keeps_every_flat_colour_exactly() {
        let png = svg_to_png(SVG, 1.0).unwrap();
        let decoder = png::Decoder::new(std::io::Cursor::new(png));
        let mut reader = decoder.read_info().unwrap();
        assert_eq!(reader.info().color_type, png::ColorType::Indexed);
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let frame = reader.next_frame(&mut buf).unwrap();
        let palette = reader.info().palette.as_ref().unwrap().to_vec();
        // The white background is white, exactly.
        let i = buf[..frame.buffer_size()][0] as usize;
        assert_eq!(&palette[i * 3..i * 3 + 3], &[255, 255, 255]);
    }
}

#[cfg(test)]
mod reuse {
    use super::*;

    /// A phase's base over the static layer has the last phase's palette (the static
    /// layer's, where the legend shows every colour a mark takes), so the bands its
    /// marks left alone are found in the memo and only those a new mark touches are
    /// compressed; and the bands found are the bytes of every band compressed anew.
    #[test]
    fn the_next_phase_compresses_only_the_bands_its_marks_changed() {
        let phase = |marks: &str| {
            format!(
                r##"<svg xmlns="http://www.w3.org/2000/svg" width="160" height="400"><rect width="160" height="400" fill="#dbe9f2"/><path d="M 0 10 L 160 390" stroke="#7d9cb2" stroke-width="3"/><text x="4" y="395" font-size="11">Città</text><rect x="120" y="380" width="8" height="8" fill="#b0272f"/><rect x="140" y="380" width="8" height="8" fill="#117733"/>{PHASE}{marks}{OVERLAY}<text x="20" y="20" font-size="14">Titolo</text></svg>"##
            )
        };
        let red = r##"<circle cx="30" cy="100" r="8" fill="#b0272f"/>"##;
        let green = r##"<circle cx="90" cy="296" r="6" fill="#117733"/>"##;
        let memo = memo::Shared::new();
        let base_of = |svg: &str| {
            let (b, _) = split(svg).unwrap();
            let (pixmap, under) = draw_base(&b, 1.0, MAP.crisp).unwrap();
            let palette = bands::palette_over(
                &under.expect("drawn over the static layer"),
                MAP.colours,
                &bands::named_colours(&b),
            );
            (pixmap, palette)
        };
        let (first, p1) = base_of(&phase(red));
        let (all, fresh) = bands::bands_counted(&first, &p1, MAP.level, None, Some(&memo)).unwrap();
        assert_eq!(fresh, all.len(), "the first phase compresses every band");
        assert!(all.len() >= 12, "{} bands", all.len());
        let (next, p2) = base_of(&phase(&format!("{red}{green}")));
        assert_eq!(p1.colours, p2.colours, "the last phase's palette");
        let (found, fresh) =
            bands::bands_counted(&next, &p2, MAP.level, None, Some(&memo)).unwrap();
        // The green mark's rows, 290 to 302, lie in one band (272..304).
        assert_eq!(fresh, 1, "only the band the new mark touches is compressed");
        assert_eq!(memo.len(), all.len() + 1);
        let (anew, fresh) = bands::bands_counted(&next, &p2, MAP.level, None, None).unwrap();
        assert_eq!(fresh, anew.len());
        assert_eq!(
            bands::png(&next, &p2, &found).unwrap(),
            bands::png(&next, &p2, &anew).unwrap(),
            "found or compressed anew, the same bytes"
        );
    }

    /// A club's map (the phase's node marks and the overlay's pieces in groups that
    /// only name themselves) drawn with those groups plain is the map drawn with every
    /// group kept, pixel for pixel.
    #[test]
    fn groups_drawn_plain_change_no_pixel() {
        let svg = club_map(|_, _| {});
        let plain = plain::plain_groups(&svg);
        assert!(
            plain.matches("<g>").count() > 150,
            "the node marks' and pieces' groups are written plain"
        );
        let named = draw_tree(&parse_named(&svg, true).unwrap(), 1.0, None).unwrap();
        let drawn = draw(&svg, 1.0, true, None).unwrap();
        assert!(named.data() == drawn.data(), "the same pixels");
    }

    /// A club's map, its changed bands said from the tokens of the base's bands under
    /// them, is the same bytes whether its bands and its base's are found kept or made
    /// anew.
    #[test]
    fn a_club_map_is_the_same_bytes_whatever_was_kept() {
        let svg = club_map(|_, _| {});
        let first = map_to_png(&svg).unwrap();
        assert_eq!(first, map_to_png(&svg).unwrap(), "its bands found kept");
        forget_band_memo();
        forget_bases();
        assert_eq!(first, map_to_png(&svg).unwrap(), "every band made anew");
    }

    /// A club's map written over the shared base (its bands reused where the overlay
    /// left them) reads back to the pixels drawn, each its entry of the base's palette,
    /// as the map written whole; and the same SVG gives the same bytes again.
    #[test]
    fn a_picture_over_the_shared_base_is_the_picture_written_whole() {
        let mut svg = String::from(
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="120" height="200"><rect width="120" height="200" fill="#dbe9f2"/><path d="M 0 0 L 120 200" stroke="#7d9cb2" stroke-width="3"/><rect x="10" y="150" width="30" height="30" fill="#b0272f"/>"##,
        );
        svg.push_str(OVERLAY);
        svg.push_str(r##"<circle cx="60" cy="80" r="9" fill="#b0272f"/><text x="5" y="40" font-size="12">Città</text></svg>"##);
        let png = map_to_png(&svg).unwrap();
        assert_eq!(png, map_to_png(&svg).unwrap());
        let (b, overlay) = split(&svg).unwrap();
        let b = base(&b, 1.0, MAP).unwrap();
        let pixmap = draw(&overlay, 1.0, true, Some(b.pixmap.clone())).unwrap();
        let whole = bands::bands(&pixmap, &b.palette, MAP.club_level, None).unwrap();
        let indices = |png: Vec<u8>| {
            let mut reader = ::png::Decoder::new(std::io::Cursor::new(png))
                .read_info()
                .unwrap();
            let mut buf = vec![0; reader.output_buffer_size().unwrap()];
            reader.next_frame(&mut buf).unwrap();
            buf
        };
        assert_eq!(
            indices(png.clone()),
            indices(bands::png(&pixmap, &b.palette, &whole).unwrap())
        );
        // And the PNG reads back to the pixels drawn, each as its palette's entry.
        let mut reader = ::png::Decoder::new(std::io::Cursor::new(png))
            .read_info()
            .unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let frame = reader.next_frame(&mut buf).unwrap();
        assert_eq!((frame.width, frame.height), (120, 200));
        let palette = reader.info().palette.as_ref().unwrap().to_vec();
        let i = usize::from(buf[170 * 120 + 20]) * 3;
        assert_eq!(
            &palette[i..i + 3],
            &[0xb0, 0x27, 0x2f],
            "a flat colour, exact"
        );
    }
}
