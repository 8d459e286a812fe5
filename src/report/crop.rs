//! The part of a club's map its HTML report shows in the text column: a crop around the
//! club's own pieces, cut from the one map picture by CSS (no second picture to draw,
//! compress or mail), with the whole map a click away.
//!
//! A 1400-unit picture shrunk to a 40-em column (or a phone) cannot be read; the club
//! looks first at where its own pieces stand, so that part is shown at a readable size.

use super::map::{Geometry, WIDTH};
use crate::rules::Campaign;
use crate::rules::visibility::ClubView;
use serde::Serialize;

/// Room left around the pieces, in map units.
const PAD: f64 = 110.0;
/// The smallest crop, in map units: enough for the names around the pieces.
const MIN_W: f64 = 560.0;
const MIN_H: f64 = 360.0;
/// The largest crop, in map units: beyond it the column shows the map too small to
/// read, so pieces spread wider are cropped around where most of them stand.
const MAX_W: f64 = 840.0;
const MAX_H: f64 = 620.0;
/// The crop is never narrower than it is tall, nor wider than twice its height.
const MAX_RATIO: f64 = 2.0;

/// A crop of the map picture: its box in map units and, for the template, the same as
/// percentages of the crop's width (CSS margins in percent refer to the width).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct Crop {
    pub(crate) x0: f64,
    pub(crate) y0: f64,
    pub(crate) w: f64,
    pub(crate) h: f64,
    /// The whole picture's width, in percent of the crop's.
    pub(crate) scale: String,
    /// How far the picture is shifted left and up, in percent of the crop's width.
    pub(crate) left: String,
    pub(crate) top: String,
}

/// The crop around the club's own pieces (armies, fleets, diplomats, garrisons), or
/// around its nodes if it has no piece, at most [`MAX_W`] × [`MAX_H`] (centred on the
/// pieces' median when they spread wider); `None` when it has neither or the crop
/// would be the whole map anyway.
pub(crate) fn of(campaign: &Campaign, view: &ClubView) -> Option<Crop> {
    let g = Geometry::of(campaign);
    let mut at: Vec<&str> = view.armies.iter().map(|a| a.node.as_str()).collect();
    for p in view
        .fleets
        .iter()
        .chain(&view.diplomats)
        .chain(&view.garrisons)
    {
        at.push(p.at.as_str());
    }
    if at.is_empty() {
        at = view.own_nodes.iter().map(|n| n.code.as_str()).collect();
    }
    let points: Vec<(f64, f64)> = at.iter().filter_map(|c| g.place(c)).collect();
    let (x0, x1) = span(points.iter().map(|p| p.0))?;
    let (y0, y1) = span(points.iter().map(|p| p.1))?;
    // The map itself, without the legend below it.
    let (full_w, full_h) = (WIDTH, g.height);
    let (need_w, need_h) = ((x1 - x0) + 2.0 * PAD, (y1 - y0) + 2.0 * PAD);
    let mut w = need_w.clamp(MIN_W, MAX_W);
    let mut h = need_h.clamp(MIN_H, MAX_H);
    if h > w {
        w = h;
    }
    if w > MAX_RATIO * h {
        h = w / MAX_RATIO;
    }
    let (w, h) = (w.min(full_w), h.min(full_h));
    if w >= full_w && h >= full_h {
        return None;
    }
    // Pieces spread wider than a readable crop: centred where most of them stand.
    let (cx, cy) = if need_w <= w && need_h <= h {
        ((x0 + x1) / 2.0, (y0 + y1) / 2.0)
    } else {
        (
            median(points.iter().map(|p| p.0)),
            median(points.iter().map(|p| p.1)),
        )
    };
    let x = (cx - w / 2.0).clamp(0.0, full_w - w);
    let y = (cy - h / 2.0).clamp(0.0, full_h - h);
    let pc = |v: f64| format!("{:.2}", v * 100.0 / w);
    Some(Crop {
        x0: x.round(),
        y0: y.round(),
        w: w.round(),
        h: h.round(),
        scale: pc(WIDTH),
        left: pc(x),
        top: pc(y),
    })
}

/// The middle of some numbers (the upper one of an even count).
fn median(v: impl Iterator<Item = f64>) -> f64 {
    let mut v: Vec<f64> = v.collect();
    v.sort_by(f64::total_cmp);
    v.get(v.len() / 2).copied().unwrap_or(0.0)
}

/// The least and greatest of some numbers.
fn span(v: impl Iterator<Item = f64>) -> Option<(f64, f64)> {
    v.fold(None, |acc, x| match acc {
        None => Some((x, x)),
        Some((a, b)) => Some((a.min(x), b.max(x))),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::resolve::Resolution;
    use crate::rules::tables::Lang;
    use crate::rules::visibility::{ClubName, PhaseFacts, club_view};
    use crate::rules::{NationCode, World};

    fn view(c: &Campaign, world: &World, nation: &NationCode) -> ClubView {
        let none = Resolution {
            next: Some(world.clone()),
            outcomes: Vec::new(),
            events: Vec::new(),
            ledger: Default::default(),
        };
        let say = crate::words::explain::Explain::new(
            crate::words::Words::load(None).expect("catalogue"),
            &c.tables.calendar,
        );
        club_view(
            c,
            &say,
            world,
            &none,
            ClubName {
                nation,
                name: "club",
                lang: Lang::En,
            },
            &PhaseFacts::default(),
        )
    }

    /// At the start every club's crop holds all its pieces with room around them, lies
    /// inside the map, is no larger than a readable crop, and its percentages say the
    /// same box.
    #[test]
    fn the_crop_holds_every_piece_of_the_club() {
        let source = crate::scenario::Source::builtin("il-giglio").expect("built in");
        let c = crate::scenario::load(&source).expect("the shipped campaign loads");
        let codes: Vec<NationCode> = c.nations.iter().map(|n| n.code.clone()).collect();
        let world = World::start(&c, &codes);
        let g = Geometry::of(&c);
        let mut checked = 0;
        for n in &codes {
            let v = view(&c, &world, n);
            let crop = of(&c, &v).expect("a crop");
            assert!(
                crop.w < WIDTH || crop.h < g.height,
                "{n}: smaller than the map"
            );
            assert!(crop.x0 >= 0.0 && crop.x0 + crop.w <= WIDTH + 0.5);
            assert!(crop.y0 >= 0.0 && crop.y0 + crop.h <= g.height + 0.5);
            assert!(crop.w >= crop.h && crop.w <= 2.0 * crop.h + 0.5);
            assert!(
                crop.w <= MAX_W && crop.h <= MAX_H,
                "{n}: readable: {crop:?}"
            );
            let at = v.armies.iter().map(|a| a.node.as_str());
            let at = at.chain(v.fleets.iter().chain(&v.diplomats).map(|p| p.at.as_str()));
            let places: Vec<(f64, f64)> = at.filter_map(|code| g.place(code)).collect();
            assert!(!places.is_empty(), "{n} has pieces at the start");
            let inside = places
                .iter()
                .filter(|(x, y)| {
                    *x >= crop.x0 + 20.0
                        && *x <= crop.x0 + crop.w - 20.0
                        && *y >= crop.y0 + 20.0
                        && *y <= crop.y0 + crop.h - 20.0
                })
                .count();
            let (x0, x1) = span(places.iter().map(|p| p.0)).expect("places");
            let (y0, y1) = span(places.iter().map(|p| p.1)).expect("places");
            if x1 - x0 + 2.0 * PAD <= MAX_W && y1 - y0 + 2.0 * PAD <= MAX_H {
                assert_eq!(inside, places.len(), "{n}: every piece in {crop:?}");
            } else {
                assert!(2 * inside > places.len(), "{n}: most pieces in {crop:?}");
            }
            checked += usize::from(inside == places.len());
            let pct = |s: &str| s.parse::<f64>().expect("a number");
            assert!((pct(&crop.scale) - WIDTH * 100.0 / crop.w).abs() < 0.6);
            assert!((pct(&crop.left) - crop.x0 * 100.0 / crop.w).abs() < 0.6);
            assert!((pct(&crop.top) - crop.y0 * 100.0 / crop.w).abs() < 0.6);
        }
        assert!(checked > codes.len() / 2, "most clubs' pieces all fit");
    }
}
