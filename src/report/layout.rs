//! Where the map's words go: every label's box estimated from its text and font size,
//! and a placement that tries candidate positions around its anchor, ring after ring,
//! until one overlaps no other label, node, piece or reserved place (a leader line
//! then joins a label set apart to its anchor).
//!
//! Boxes are estimated from DejaVu Sans' advance widths, rounded up, so a box is never
//! smaller than the drawn text; `tests/map_labels.rs` measures the drawn text itself.

/// An axis-aligned box: left, top, right, bottom.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Rect {
    pub(crate) x0: f64,
    pub(crate) y0: f64,
    pub(crate) x1: f64,
    pub(crate) y1: f64,
}

impl Rect {
    pub(crate) fn new(x0: f64, y0: f64, x1: f64, y1: f64) -> Rect {
        Rect { x0, y0, x1, y1 }
    }

    /// A square of half-side `r` around a point.
    pub(crate) fn around(x: f64, y: f64, r: f64) -> Rect {
        Rect::new(x - r, y - r, x + r, y + r)
    }

    /// The area both boxes cover (0 when they only touch).
    pub(crate) fn overlap(&self, o: &Rect) -> f64 {
        let w = (self.x1.min(o.x1) - self.x0.max(o.x0)).max(0.0);
        let h = (self.y1.min(o.y1) - self.y0.max(o.y0)).max(0.0);
        w * h
    }

    pub(crate) fn inside(&self, o: &Rect) -> bool {
        self.x0 >= o.x0 && self.y0 >= o.y0 && self.x1 <= o.x1 && self.y1 <= o.y1
    }
}

/// The advance of one character in DejaVu Sans, in ems, rounded up by class.
fn advance(c: char, bold: bool) -> f64 {
    let w = match c {
        ' ' => 0.32,
        'i' | 'j' | 'l' | '\'' | '.' | ',' | ':' | ';' | '|' | '!' => 0.30,
        'f' | 'r' | 't' | 'I' | 'J' | '-' | '(' | ')' => 0.42,
        'm' | 'w' | 'M' | 'W' => 0.98,
        'A'..='Z' => 0.78,
        '0'..='9' => 0.64,
        '—' | '–' => 0.80,
        _ => 0.63,
    };
    if bold { w * 1.12 } else { w }
}

/// The width of a text at a font size.
pub(crate) fn text_width(text: &str, size: f64, bold: bool) -> f64 {
    text.chars().map(|c| advance(c, bold)).sum::<f64>() * size
}

/// A label to place: its anchor, its size, and how far from the anchor it must stay.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Want {
    pub(crate) x: f64,
    pub(crate) y: f64,
    pub(crate) width: f64,
    /// The font size; the box spans from a cap height above the baseline to the
    /// descenders below it.
    pub(crate) size: f64,
    /// Half the side of the anchor's own mark.
    pub(crate) clear: f64,
}

/// Where a label went: its baseline start, its box and, when set apart, a leader line
/// from its anchor to the nearest point of its box.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Placed {
    pub(crate) x: f64,
    pub(crate) y: f64,
    pub(crate) rect: Rect,
    pub(crate) leader: Option<(f64, f64, f64, f64)>,
    /// Whether it overlaps nothing (the test in `tests/` holds the map to it).
    pub(crate) clean: bool,
    /// How much it overlaps (area, and far more when outside the picture).
    pub(crate) cost: f64,
}

/// How many rings of candidates are tried, each `STEP` further out.
const RINGS: usize = 22;
const STEP: f64 = 7.0;

/// Places every label in the given order (the first keep the best places), avoiding
/// the obstacles, the labels already placed and the outside of `bounds`. The first
/// candidate that overlaps nothing wins; when none does, the least overlapping.
/// Deterministic: same input, same output.
pub(crate) fn place(wants: &[Want], obstacles: &[Rect], bounds: Rect) -> Vec<Placed> {
    let mut taken: Vec<Rect> = Vec::new();
    let mut out: Vec<Placed> = Vec::with_capacity(wants.len());
    for w in wants {
        let p = best(w, obstacles, &taken, bounds);
        taken.push(p.rect);
        out.push(p);
    }
    // A second pass: each label that still overlaps tries again among all the others,
    // which may have left room since it was placed.
    for i in 0..out.len() {
        if out[i].clean {
            continue;
        }
        let others: Vec<Rect> = out
            .iter()
            .enumerate()
            .filter(|(j, _)| *j != i)
            .map(|(_, p)| p.rect)
            .collect();
        let p = best(&wants[i], obstacles, &others, bounds);
        if p.cost < out[i].cost {
            out[i] = p;
        }
    }
    out
}

/// How far a box stands from its anchor's mark (0 when they touch).
pub(crate) fn gap(w: &Want, r: &Rect) -> f64 {
    let m = Rect::around(w.x, w.y, w.clear);
    let dx = (r.x0 - m.x1).max(m.x0 - r.x1).max(0.0);
    let dy = (r.y0 - m.y1).max(m.y0 - r.y1).max(0.0);
    dx.hypot(dy)
}

/// As [`place`], then each label further than `near` from its anchor tries the places
/// within `near` that one other label holds: that label moves to another place within
/// `near` of its own anchor that covers nothing, if it has one, and the far label takes
/// the freed place. Deterministic, as `place`.
pub(crate) fn place_near(
    wants: &[Want],
    obstacles: &[Rect],
    bounds: Rect,
    near: f64,
) -> Vec<Placed> {
    let mut out = place(wants, obstacles, bounds);
    // Whether a box covers nothing but, perhaps, the labels `skip` names.
    let free = |r: &Rect, skip: [usize; 2], out: &[Placed]| {
        r.inside(&bounds)
            && obstacles.iter().all(|o| o.overlap(r) == 0.0)
            && out
                .iter()
                .enumerate()
                .all(|(k, p)| skip.contains(&k) || p.rect.overlap(r) == 0.0)
    };
    let placed = |w: &Want, (x, y, rect, apart): (f64, f64, Rect, bool)| Placed {
        x,
        y,
        rect,
        leader: apart.then(|| leader_line(w, &rect)),
        clean: true,
        cost: 0.0,
    };
    for i in 0..out.len() {
        if gap(&wants[i], &out[i].rect) <= near {
            continue;
        }
        let swap = candidates(&wants[i])
            .filter(|c| gap(&wants[i], &c.2) <= near)
            .find_map(|c| {
                let r = c.2;
                let mut blockers =
                    (0..out.len()).filter(|&j| j != i && out[j].rect.overlap(&r) > 0.0);
                let j = blockers.next()?;
                if blockers.next().is_some() {
                    return None;
                }
                if !free(&r, [i, j], &out) {
                    return None;
                }
                let moved = candidates(&wants[j])
                    .filter(|d| gap(&wants[j], &d.2) <= near)
                    .find(|d| d.2.overlap(&r) == 0.0 && free(&d.2, [i, j], &out))?;
                Some((c, j, moved))
            });
        if let Some((c, j, moved)) = swap {
            out[i] = placed(&wants[i], c);
            out[j] = placed(&wants[j], moved);
        }
    }
    out
}

/// The first candidate that overlaps nothing, or else the least overlapping.
fn best(w: &Want, obstacles: &[Rect], taken: &[Rect], bounds: Rect) -> Placed {
    let mut best: Option<Placed> = None;
    for (x, y, rect, apart) in candidates(w) {
        let outside = if rect.inside(&bounds) { 0.0 } else { 1e9 };
        let cost = outside
            + taken.iter().map(|t| t.overlap(&rect)).sum::<f64>()
            + obstacles.iter().map(|o| o.overlap(&rect)).sum::<f64>();
        if best.as_ref().is_none_or(|b| cost < b.cost) {
            best = Some(Placed {
                x,
                y,
                rect,
                leader: apart.then(|| leader_line(w, &rect)),
                clean: cost == 0.0,
                cost,
            });
        }
        if cost == 0.0 {
            break;
        }
    }
    // There is always a first candidate.
    best.unwrap_or(Placed {
        x: w.x,
        y: w.y,
        rect: Rect::around(w.x, w.y, 0.0),
        leader: None,
        clean: false,
        cost: f64::MAX,
    })
}

/// The candidates around an anchor, ring by ring: right, left, above, below, then the
/// four corners. Yields (baseline x, baseline y, box, set apart).
fn candidates(w: &Want) -> impl Iterator<Item = (f64, f64, Rect, bool)> + '_ {
    // DejaVu Sans' ascent and descent: the box text is laid out in.
    let (cap, desc) = (0.93 * w.size, 0.24 * w.size);
    let h = cap + desc;
    (0..RINGS).flat_map(move |ring| {
        let d = w.clear + 2.0 + ring as f64 * STEP;
        let (x, y, wd) = (w.x, w.y, w.width);
        // Box top-left corners: the four sides, the four corners, then eight
        // positions between them.
        let (a, b) = (d * 0.7, d * 0.38);
        let spots = [
            (x + d, y - h / 2.0),
            (x - d - wd, y - h / 2.0),
            (x - wd / 2.0, y - d - h),
            (x - wd / 2.0, y + d),
            (x + a, y - a - h),
            (x - a - wd, y - a - h),
            (x + a, y + a),
            (x - a - wd, y + a),
            (x + d, y - b - h),
            (x + d, y + b),
            (x - d - wd, y - b - h),
            (x - d - wd, y + b),
            (x - b, y - d - h),
            (x - wd + b, y - d - h),
            (x - b, y + d),
            (x - wd + b, y + d),
        ];
        spots.into_iter().map(move |(left, top)| {
            let rect = Rect::new(left, top, left + wd, top + h);
            (left, top + cap, rect, ring > 0)
        })
    })
}

fn leader_line(w: &Want, r: &Rect) -> (f64, f64, f64, f64) {
    let nx = w.x.clamp(r.x0, r.x1);
    let ny = w.y.clamp(r.y0, r.y1);
    (w.x, w.y, nx, ny)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn want(x: f64, y: f64) -> Want {
        Want {
            x,
            y,
            width: 60.0,
            size: 10.0,
            clear: 6.0,
        }
    }

    #[test]
    fn crowded_labels_move_apart_until_nothing_overlaps() {
        // Twelve places within a few pixels, as in the Po valley.
        let wants: Vec<Want> = (0..12)
            .map(|i| want(500.0 + (i % 4) as f64 * 6.0, 300.0 + (i / 4) as f64 * 6.0))
            .collect();
        let marks: Vec<Rect> = wants.iter().map(|w| Rect::around(w.x, w.y, 6.0)).collect();
        let placed = place(&wants, &marks, Rect::new(0.0, 0.0, 1400.0, 1000.0));
        assert_eq!(placed.len(), 12);
        for (i, a) in placed.iter().enumerate() {
            assert!(a.clean, "label {i} overlaps");
            for m in &marks {
                assert_eq!(a.rect.overlap(m), 0.0);
            }
            for b in &placed[i + 1..] {
                assert_eq!(a.rect.overlap(&b.rect), 0.0);
            }
        }
        // Those set apart are joined to their place.
        assert!(placed.iter().any(|p| p.leader.is_some()));
    }

    #[test]
    fn a_lone_label_goes_right_of_its_mark() {
        let p = place(
            &[want(500.0, 300.0)],
            &[],
            Rect::new(0.0, 0.0, 1400.0, 1000.0),
        );
        assert!(p[0].leader.is_none() && p[0].x > 500.0 && p[0].clean);
    }

    #[test]
    fn a_label_stays_inside_the_picture() {
        let placed = place(
            &[want(1395.0, 500.0)],
            &[],
            Rect::new(0.0, 0.0, 1400.0, 1000.0),
        );
        assert!(placed[0].rect.x1 <= 1400.0 && placed[0].clean);
    }
}
