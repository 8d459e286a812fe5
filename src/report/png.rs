//! The map picture as PNG: the SVG rasterized by resvg with the font built into the
//! binary (DejaVu Sans), so the same SVG gives the same pixels on every machine,
//! whatever fonts it has; written as an 8-bit palette PNG, a third of the RGBA file.
//!
//! A picture may be split in two by [`OVERLAY`]: a base (land, roads, names, legend)
//! that is the same for every club of a language and an overlay of what is the club's
//! own. The base is rasterized once per process and reused ([`base_pixmap`]); the
//! overlay is drawn on a copy of it. The split does not change a pixel: the overlay is
//! drawn over the base exactly as the whole SVG would be.

use crate::error::{Error, Result};
use resvg::tiny_skia::{Pixmap, PremultipliedColorU8};
use std::sync::{Arc, Mutex, OnceLock};

const REGULAR: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
const BOLD: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");

/// Where a picture's base ends and its overlay begins (an SVG comment).
pub(crate) const OVERLAY: &str = "<!-- overlay -->";

/// The deflate level of the PNG: zlib-rs' level 5 gives files as small as miniz's
/// level 6 gave (the club map ~162 KB) in well under half the time.
const DEFLATE_LEVEL: u8 = 5;

/// How many base pictures are kept: one per picture size and language in use.
const BASES_KEPT: usize = 4;

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

fn parse(svg: &str) -> Result<resvg::usvg::Tree> {
    let options = resvg::usvg::Options {
        font_family: "DejaVu Sans".into(),
        fontdb: fonts(),
        ..Default::default()
    };
    resvg::usvg::Tree::from_str(svg, &options)
        .map_err(|e| Error::user(format!("the map picture is not valid SVG: {e}")))
}

/// Draws `svg` at `scale` onto `pixmap` (a new one of the SVG's size when `None`).
fn draw(svg: &str, scale: f32, pixmap: Option<Pixmap>) -> Result<Pixmap> {
    let tree = parse(svg)?;
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
        &tree,
        resvg::tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    Ok(pixmap)
}

/// The base of a split picture, rasterized once and shared by every club's picture
/// with the same base (keyed by its whole text and scale, so a change is never missed).
fn base_pixmap(base: &str, scale: f32) -> Result<Arc<Pixmap>> {
    type Cache = Mutex<Vec<((String, u32), Arc<Pixmap>)>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    let key = (base.to_owned(), scale.to_bits());
    if let Some((_, p)) = lock(cache).iter().find(|(k, _)| *k == key) {
        return Ok(p.clone());
    }
    // Drawn outside the lock: two threads may both draw a new base once, never wrongly.
    let p = Arc::new(draw(base, scale, None)?);
    let mut kept = lock(cache);
    if !kept.iter().any(|(k, _)| *k == key) {
        if kept.len() >= BASES_KEPT {
            kept.remove(0);
        }
        kept.push((key, p.clone()));
    }
    Ok(p)
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // A panic elsewhere while holding it leaves only a cache behind: still usable.
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Splits a picture at [`OVERLAY`] into a base and an overlay, each a whole SVG with
/// the picture's own `<svg>` element. The base's `<defs>` (hatchings, arrow heads),
/// when it has them, are copied into the overlay too, whose marks refer to them.
fn split(svg: &str) -> Option<(String, String)> {
    let at = svg.find(OVERLAY)?;
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
    let base = format!("{}</svg>", &svg[..at]);
    let overlay = format!("{head}{defs}{}", &svg[at + OVERLAY.len()..]);
    Some((base, overlay))
}

/// Renders an SVG to pixels at `scale` (1.0 = the SVG's own size).
fn svg_to_pixmap(svg: &str, scale: f32) -> Result<Pixmap> {
    match split(svg) {
        Some((base, overlay)) => {
            let base = base_pixmap(&base, scale)?;
            draw(&overlay, scale, Some((*base).clone()))
        }
        None => draw(svg, scale, None),
    }
}

/// Renders an SVG to PNG at `scale` (1.0 = the SVG's own size).
pub fn svg_to_png(svg: &str, scale: f32) -> Result<Vec<u8>> {
    encode(&svg_to_pixmap(svg, scale)?)
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
    let tree = parse(svg)?;
    let mut out = Vec::new();
    walk(tree.root(), &mut out);
    Ok(out)
}

/// The bucket of a colour: 5 bits per channel.
fn bucket(r: u8, g: u8, b: u8) -> usize {
    ((r as usize >> 3) << 10) | ((g as usize >> 3) << 5) | (b as usize >> 3)
}

/// A pixel's colour: premultiplied RGB is the colour of an opaque picture; a
/// transparent pixel is drawn as on white.
fn colour(p: PremultipliedColorU8) -> [u8; 3] {
    let a = 255 - p.alpha();
    [p.red() + a, p.green() + a, p.blue() + a]
}

/// The picture as runs of one pixel value, each its colour and length (the
/// map is mostly flat colours, so a few hundred thousand runs for two million pixels):
/// the passes below handle a run at once instead of pixel by pixel.
fn runs(pixels: &[PremultipliedColorU8]) -> Vec<([u8; 3], u32)> {
    /// Pixels compared at once while a run goes on: no early exit inside a block, so
    /// the comparison is vectorized (a flat stretch is most of the map's pixels).
    const BLOCK: usize = 16;
    let mut out = Vec::with_capacity(pixels.len() / 8);
    let mut i = 0;
    while let Some(&p) = pixels.get(i) {
        let mut j = i + 1;
        while let Some(block) = pixels.get(j..j + BLOCK) {
            if !block.iter().fold(true, |same, &q| same & (q == p)) {
                break;
            }
            j += BLOCK;
        }
        j += pixels[j..]
            .iter()
            .position(|&q| q != p)
            .unwrap_or(pixels.len() - j);
        out.push((colour(p), (j - i) as u32));
        i = j;
    }
    out
}

/// Writes pixels as an 8-bit palette PNG: the 256 most used colour buckets (5 bits a
/// channel, each its most common colour) and every pixel as its nearest. The map is
/// flat colours and their anti-aliased edges, so this loses nothing a reader sees and
/// compresses far better than RGBA. Deterministic: same pixels, same bytes.
pub(crate) fn encode(pixmap: &Pixmap) -> Result<Vec<u8>> {
    // Per bucket: how many pixels, and its most common exact colour (Boyer-Moore
    // majority vote, a run of n pixels counted as n votes in a row), so a flat colour
    // keeps its exact value.
    let mut count = vec![0u32; 1 << 15];
    let mut vote = vec![([0u8; 3], 0u32); 1 << 15];
    let runs = runs(pixmap.pixels());
    for &(c, n) in &runs {
        let k = bucket(c[0], c[1], c[2]);
        count[k] += n;
        let v = &mut vote[k];
        if v.0 == c {
            v.1 += n;
        } else if v.1 >= n {
            v.1 -= n;
        } else {
            *v = (c, n - v.1);
        }
    }
    let colour_of = |k: usize| -> [u8; 3] { vote[k].0 };
    let mut used: Vec<usize> = (0..count.len()).filter(|&k| count[k] > 0).collect();
    used.sort_by(|&a, &b| count[b].cmp(&count[a]).then(a.cmp(&b)));
    let palette: Vec<[u8; 3]> = used.iter().take(256).map(|&k| colour_of(k)).collect();
    let mut index = vec![0u8; 1 << 15];
    // A bucket of the palette is its own entry (no other has its exact colour); the
    // others are searched for the nearest.
    for (i, &k) in used.iter().take(256).enumerate() {
        index[k] = i as u8;
    }
    for &k in used.iter().skip(256) {
        let c = colour_of(k);
        let dist = |p: &[u8; 3]| -> i32 {
            (0..3)
                .map(|i| (p[i] as i32 - c[i] as i32).pow(2))
                .sum::<i32>()
        };
        index[k] = (0..palette.len())
            .min_by_key(|&i| (dist(&palette[i]), i))
            .unwrap_or(0) as u8;
    }
    let idat = deflate_rows(&runs, &index, pixmap.width() as usize)?;
    let mut out = Vec::with_capacity(idat.len() + 1024);
    let mut enc = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    enc.set_color(png::ColorType::Indexed);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_palette(palette.concat());
    let png_err = |e: png::EncodingError| Error::internal(format!("encoding the map picture: {e}"));
    let mut w = enc.write_header().map_err(png_err)?;
    w.write_chunk(png::chunk::IDAT, &idat).map_err(png_err)?;
    w.finish().map_err(png_err)?;
    Ok(out)
}

/// The image data of a palette PNG as one zlib stream: every row its filter byte (0,
/// none: palette indices gain nothing from the others) and its pixels' palette
/// indices, written from the runs a slice at a time and compressed as it goes. No
/// whole-picture buffer of indices is made: the slice stays in the cache.
fn deflate_rows(runs: &[([u8; 3], u32)], index: &[u8], width: usize) -> Result<Vec<u8>> {
    use flate2::{Compress, Compression, FlushCompress};
    /// Rows written out before they are compressed.
    const ROWS: usize = 32;
    let z_err =
        |e: flate2::CompressError| Error::internal(format!("compressing the map picture: {e}"));
    let mut z = Compress::new(Compression::new(DEFLATE_LEVEL.into()), true);
    let mut out = Vec::with_capacity(256 << 10);
    let mut feed = |slice: &[u8], flush: FlushCompress| -> Result<()> {
        let start = z.total_in();
        loop {
            let done = (z.total_in() - start) as usize;
            out.reserve(slice.len() - done + 1024);
            let status = z
                .compress_vec(&slice[done..], &mut out, flush)
                .map_err(z_err)?;
            let all_in = (z.total_in() - start) as usize == slice.len();
            match (flush, status) {
                (FlushCompress::Finish, flate2::Status::StreamEnd) => return Ok(()),
                (FlushCompress::Finish, _) => {}
                _ if all_in => return Ok(()),
                _ => {}
            }
        }
    };
    let mut slice = Vec::with_capacity(ROWS * (width + 1));
    let mut x = 0; // the column of the next pixel in its row
    for &(c, n) in runs {
        let i = index[bucket(c[0], c[1], c[2])];
        let mut n = n as usize;
        while n > 0 {
            if x == 0 {
                if slice.len() == ROWS * (width + 1) {
                    feed(&slice, FlushCompress::None)?;
                    slice.clear();
                }
                slice.push(0);
            }
            let take = n.min(width - x);
            slice.resize(slice.len() + take, i);
            x += take;
            if x == width {
                x = 0;
            }
            n -= take;
        }
    }
    feed(&slice, FlushCompress::Finish)?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let a = svg_to_pixmap(whole, 1.0).unwrap();
        let b = svg_to_pixmap(&split, 1.0).unwrap();
        assert_eq!(a.data(), b.data());
        // And the second club's picture reuses the base: still the same pixels.
        let c = svg_to_pixmap(&split, 1.0).unwrap();
        assert_eq!(a.data(), c.data());
    }

    #[test]
    fn the_overlay_may_use_what_the_base_defines() {
        // A hatching defined in the base and filling a mark of the overlay, as a
        // nation that shares another's colour.
        let whole = r##"<svg xmlns="http://www.w3.org/2000/svg" width="60" height="40"><rect width="60" height="40" fill="#dbe9f2"/><defs><pattern id="h" width="4" height="4" patternUnits="userSpaceOnUse"><rect width="4" height="4" fill="#b0272f"/><rect width="1.6" height="4" fill="#fff"/></pattern></defs><rect x="2" y="2" width="20" height="20" fill="url(#h)"/><circle cx="40" cy="20" r="12" fill="url(#h)"/></svg>"##;
        let split = whole.replace("<circle", &format!("{OVERLAY}<circle"));
        let a = svg_to_pixmap(whole, 1.0).unwrap();
        let b = svg_to_pixmap(&split, 1.0).unwrap();
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
