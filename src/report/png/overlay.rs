//! A club's overlay drawn over the shared base where it draws, and nowhere else: the
//! rows its elements cover (each element's box, stroke included, with a margin for
//! anti-aliased text) are the only rows copied from the base, drawn over and compared;
//! a band that reads none of them is the base's, bytes and all, and a band that does
//! reads its other rows from the base itself (issue 30: copying and comparing the whole
//! picture, 11 MB of pixels, was a third of a club's map).
//!
//! The picture is drawn on a scratch pixmap kept for the next picture of its size, so a
//! club's map allocates nothing of its size: a pixmap new each time was paid again in
//! page faults by the kernel.

use resvg::tiny_skia::Pixmap;
use resvg::usvg;
use std::sync::Mutex;

/// Rows past an element's box its drawing may still touch: anti-aliased text and the
/// rounding of its box to whole pixels.
const MARGIN_ROWS: f32 = 3.0;

/// Scratch pixmaps kept: one for each thread drawing at once, with room.
const SCRATCH_KEPT: usize = 4;

/// The rows (of a picture `height` rows tall at `scale`) an overlay's elements may draw
/// on: every path, text and image's box in the picture, stroke included, and
/// [`MARGIN_ROWS`] either side. What a clip path or a mask holds is not drawn itself.
pub(super) fn touched_rows(tree: &usvg::Tree, scale: f32, height: usize) -> Vec<bool> {
    fn walk(g: &usvg::Group, scale: f32, rows: &mut [bool]) {
        for node in g.children() {
            if let usvg::Node::Group(child) = node {
                walk(child, scale, rows);
                continue;
            }
            let b = node.abs_stroke_bounding_box();
            let top = b.top() * scale - MARGIN_ROWS;
            let bottom = b.bottom() * scale + MARGIN_ROWS;
            if !(top.is_finite() && bottom.is_finite()) {
                // A box that says nothing: the element may draw anywhere.
                rows.fill(true);
                return;
            }
            let from = top.floor().max(0.0) as usize;
            let to = (bottom.ceil().max(0.0) as usize + 1).min(rows.len());
            if from < to {
                rows[from..to].fill(true);
            }
        }
    }
    let mut rows = vec![false; height];
    walk(tree.root(), scale, &mut rows);
    rows
}

/// A pixmap of `width` × `height` whose pixels are whatever the last picture left:
/// only the rows a picture copies from its base are read.
pub(super) fn scratch(width: u32, height: u32) -> Option<Pixmap> {
    let mut kept = lock();
    match kept
        .iter()
        .position(|p| p.width() == width && p.height() == height)
    {
        Some(i) => Some(kept.swap_remove(i)),
        None => {
            drop(kept);
            Pixmap::new(width, height)
        }
    }
}

/// Gives a scratch pixmap back for the next picture.
pub(super) fn give_back(pixmap: Pixmap) {
    let mut kept = lock();
    if kept.len() < SCRATCH_KEPT {
        kept.push(pixmap);
    }
}

fn lock() -> std::sync::MutexGuard<'static, Vec<Pixmap>> {
    static KEPT: Mutex<Vec<Pixmap>> = Mutex::new(Vec::new());
    // A panic elsewhere while holding it leaves only scratch pixmaps behind.
    KEPT.lock().unwrap_or_else(|e| e.into_inner())
}

/// Copies into `pixmap` the rows of `base` that `touched` marks: the rows the overlay
/// is drawn on (every other row is read from the base itself, `bands::Source`).
pub(super) fn copy_touched(pixmap: &mut Pixmap, base: &Pixmap, touched: &[bool]) {
    let w = base.width() as usize * 4;
    let mut y = 0;
    while y < touched.len() {
        if !touched[y] {
            y += 1;
            continue;
        }
        let from = y;
        while y < touched.len() && touched[y] {
            y += 1;
        }
        pixmap.data_mut()[from * w..y * w].copy_from_slice(&base.data()[from * w..y * w]);
    }
}
