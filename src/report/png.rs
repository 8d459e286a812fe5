//! The map picture as PNG: the SVG rasterized by resvg with the font built into the
//! binary (DejaVu Sans), so the same SVG gives the same pixels on every machine,
//! whatever fonts it has.

use crate::error::{Error, Result};
use std::sync::{Arc, OnceLock};

const REGULAR: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
const BOLD: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");

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

/// Renders an SVG to PNG at `scale` (1.0 = the SVG's own size).
pub fn svg_to_png(svg: &str, scale: f32) -> Result<Vec<u8>> {
    let options = resvg::usvg::Options {
        font_family: "DejaVu Sans".into(),
        fontdb: fonts(),
        ..Default::default()
    };
    let tree = resvg::usvg::Tree::from_str(svg, &options)
        .map_err(|e| Error::user(format!("the map picture is not valid SVG: {e}")))?;
    let size = tree
        .size()
        .to_int_size()
        .scale_by(scale)
        .ok_or_else(|| Error::Internal("the map picture has no size".into()))?;
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or_else(|| Error::Internal("the map picture is too large to draw".into()))?;
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    pixmap
        .encode_png()
        .map_err(|e| Error::Internal(format!("encoding the map picture: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_drawn_with_the_built_in_font() {
        let svg = r##"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="40"><rect width="200" height="40" fill="#fff"/><text x="5" y="28" font-size="20" font-family="DejaVu Sans">Città ⚓</text></svg>"##;
        let png = svg_to_png(svg, 1.0).unwrap();
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        // The same SVG gives the same bytes.
        assert_eq!(png, svg_to_png(svg, 1.0).unwrap());
        // Something dark was drawn: the text.
        let blank = svg_to_png(
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="40"><rect width="200" height="40" fill="#fff"/></svg>"##,
            1.0,
        )
        .unwrap();
        assert_ne!(png, blank);
    }
}
