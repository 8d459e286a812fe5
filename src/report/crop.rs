//! The part of a club's map its HTML report shows in the text column: a crop around the
//! club's own pieces, cut from the one map picture by CSS (no second picture to draw,
//! compress or mail), with the whole map a click away.
//!
//! A 1400-unit picture shrunk to a 40-em column (or a phone) cannot be read; the club
//! looks first at where its own pieces stand, so that part is shown at a readable size.
//! The crop always holds every piece of the club and every battle and siege it is in
//! (issue 30.2): when they spread wide the crop grows with them, up to the whole map.
//! When the inset below the map draws every one of those places (issue 30.1: their
//! names stand there, not on the main map), the crop is cut from the inset.

use super::layout::Rect;
use super::map::{Geometry, WIDTH};
use crate::rules::Campaign;
use crate::rules::visibility::ClubView;
use serde::Serialize;

/// Room left around the pieces, in map units.
const PAD: f64 = 110.0;
/// The smallest crop, in map units: enough for the names around the pieces.
const MIN_W: f64 = 560.0;
const MIN_H: f64 = 360.0;
/// The crop's size when the club's places lie close together is at most this (the
/// readable size); places spread wider make it larger, never cut one off.
#[cfg(test)]
const MAX_W: f64 = 840.0;
#[cfg(test)]
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

/// The crop around the club's own pieces (armies, fleets, diplomats, garrisons) and
/// the places of its battles and sieges (its own nodes besieged, the nodes its armies
/// besiege), or around its nodes if it has none of these: all of them inside with
/// room around, however far apart; `None` when it has nothing or the crop would be the
/// whole map anyway.
pub(crate) fn of(campaign: &Campaign, view: &ClubView) -> Option<Crop> {
    let mut at: Vec<&str> = view.armies.iter().map(|a| a.node.as_str()).collect();
    for p in view
        .fleets
        .iter()
        .chain(&view.diplomats)
        .chain(&view.garrisons)
    {
        at.push(p.at.as_str());
    }
    at.extend(view.battles.iter().map(|b| b.node.as_str()));
    at.extend(
        view.besieging
            .iter()
            .chain(&view.besieged)
            .map(|n| n.as_str()),
    );
    if at.is_empty() {
        at = view.own_nodes.iter().map(|n| n.code.as_str()).collect();
    }
    let (points, frame, inset) = drawn(campaign, &at);
    let (x0, x1) = span(points.iter().map(|p| p.0))?;
    let (y0, y1) = span(points.iter().map(|p| p.1))?;
    let (full_w, full_h) = (frame.x1 - frame.x0, frame.y1 - frame.y0);
    let (need_w, need_h) = ((x1 - x0) + 2.0 * PAD, (y1 - y0) + 2.0 * PAD);
    let mut w = need_w.max(MIN_W);
    let mut h = need_h.max(MIN_H);
    if h > w {
        w = h;
    }
    if w > MAX_RATIO * h {
        h = w / MAX_RATIO;
    }
    let (w, h) = (w.min(full_w), h.min(full_h));
    if w >= full_w && h >= full_h && !inset {
        return None;
    }
    let (cx, cy) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
    let x = (cx - w / 2.0).clamp(frame.x0, frame.x1 - w);
    let y = (cy - h / 2.0).clamp(frame.y0, frame.y1 - h);
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

/// The places a crop must hold as the picture draws them, the part of the picture the
/// crop stays inside, and whether that is the inset: the inset when it draws them all
/// (their names stand there, not on the main map), else the main map without the
/// legend below it.
pub(crate) fn drawn(campaign: &Campaign, at: &[&str]) -> (Vec<(f64, f64)>, Rect, bool) {
    let g = Geometry::of(campaign);
    let all_in =
        |i: &super::names::Inset| !at.is_empty() && at.iter().all(|c| i.nodes.contains(*c));
    if let Some(i) = super::map::inset(campaign).filter(all_in) {
        let points = at
            .iter()
            .filter_map(|c| g.place(c))
            .map(|p| i.xy(p))
            .collect();
        return (points, i.dst, true);
    }
    let points = at.iter().filter_map(|c| g.place(c)).collect();
    (points, Rect::new(0.0, 0.0, WIDTH, g.height), false)
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
            c,
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
        let mut checked = 0;
        let mut in_inset = 0;
        for n in &codes {
            let v = view(&c, &world, n);
            let crop = of(&c, &v).expect("a crop");
            let at = v.armies.iter().map(|a| a.node.as_str());
            let pieces = v.fleets.iter().chain(&v.diplomats).chain(&v.garrisons);
            let at: Vec<&str> = at.chain(pieces.map(|p| p.at.as_str())).collect();
            // Where the picture draws them: the inset when it holds them all.
            let (places, frame, inset) = drawn(&c, &at);
            in_inset += usize::from(inset);
            let (full_w, full_h) = (frame.x1 - frame.x0, frame.y1 - frame.y0);
            assert!(
                inset || crop.w < full_w || crop.h < full_h,
                "{n}: smaller than the map"
            );
            assert!(crop.x0 >= frame.x0 - 0.5 && crop.x0 + crop.w <= frame.x1 + 0.5);
            assert!(crop.y0 >= frame.y0 - 0.5 && crop.y0 + crop.h <= frame.y1 + 0.5);
            if crop.w < full_w {
                assert!(crop.w >= crop.h && crop.w <= 2.0 * crop.h + 0.5);
            }
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
            assert_eq!(inside, places.len(), "{n}: every piece in {crop:?}");
            let (x0, x1) = span(places.iter().map(|p| p.0)).expect("places");
            let (y0, y1) = span(places.iter().map(|p| p.1)).expect("places");
            if x1 - x0 + 2.0 * PAD <= MAX_W && y1 - y0 + 2.0 * PAD <= MAX_H {
                assert!(
                    crop.w <= MAX_W && crop.h <= MAX_H,
                    "{n}: readable: {crop:?}"
                );
            }
            checked += usize::from(inside == places.len());
            let pct = |s: &str| s.parse::<f64>().expect("a number");
            assert!((pct(&crop.scale) - WIDTH * 100.0 / crop.w).abs() < 0.6);
            assert!((pct(&crop.left) - crop.x0 * 100.0 / crop.w).abs() < 0.6);
            assert!((pct(&crop.top) - crop.y0 * 100.0 / crop.w).abs() < 0.6);
        }
        assert_eq!(checked, codes.len(), "every club's pieces all fit");
        assert!(in_inset > 0, "some club's crop is cut from the inset");
    }

    /// Issue 30.2: a battle and a siege far from the club's pieces are inside its crop
    /// too (the crop grows with them), each with room around it.
    #[test]
    fn the_crop_holds_the_clubs_battles_and_sieges() {
        let source = crate::scenario::Source::builtin("il-giglio").expect("built in");
        let c = crate::scenario::load(&source).expect("the shipped campaign loads");
        let codes: Vec<NationCode> = c.nations.iter().map(|n| n.code.clone()).collect();
        let world = World::start(&c, &codes);
        let g = Geometry::of(&c);
        // The club whose crop is the smallest at the start.
        let (mut v, before) = codes
            .iter()
            .filter_map(|n| {
                let v = view(&c, &world, n);
                of(&c, &v).map(|crop| (v, crop))
            })
            .min_by(|a, b| (a.1.w * a.1.h).total_cmp(&(b.1.w * b.1.h)))
            .expect("a crop");
        // The places farthest from the crop's centre, west and south.
        let centre = (before.x0 + before.w / 2.0, before.y0 + before.h / 2.0);
        let far = |key: &dyn Fn((f64, f64)) -> f64| {
            c.map
                .nodes()
                .filter_map(|n| g.place(n.code.as_str()).map(|p| (n.code.clone(), p)))
                .max_by(|a, b| key(a.1).total_cmp(&key(b.1)))
                .expect("a node")
        };
        let (west, west_at) = far(&|p| centre.0 - p.0);
        let (south, south_at) = far(&|p| p.1 - centre.1);
        for (_, (x, y)) in [(&west, west_at), (&south, south_at)] {
            let out = x < before.x0
                || x > before.x0 + before.w
                || y < before.y0
                || y > before.y0 + before.h;
            assert!(out, "the place is outside the first crop {before:?}");
        }
        v.battles.push(crate::rules::visibility::BattleView {
            id: format!("1494-r01-{west}"),
            node: west.clone(),
            node_name: west.to_string(),
            opponent: NationCode::from("F"),
            opponent_name: "F".into(),
            role: "attacker",
            rearguard: false,
        });
        v.besieging.push(south.clone());
        let crop = of(&c, &v).unwrap_or(Crop {
            x0: 0.0,
            y0: 0.0,
            w: WIDTH,
            h: g.height,
            scale: String::new(),
            left: String::new(),
            top: String::new(),
        });
        for (code, (x, y)) in [(&west, west_at), (&south, south_at)] {
            assert!(
                x >= crop.x0 && x <= crop.x0 + crop.w && y >= crop.y0 && y <= crop.y0 + crop.h,
                "{code} at ({x}, {y}) in {crop:?}"
            );
        }
    }
}
