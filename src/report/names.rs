//! The map's names beside their places (issue 30.1): the sea zones' names kept off every
//! node, port and piece, the nodes' names each within a few pixels of its own mark, and,
//! where the main map cannot hold its names so (the Po valley and Romagna on the shipped
//! map), an enlarged inset below the map that carries them.
//!
//! Placed from the campaign's map alone, once per process (see `map::cached_base_labels`):
//! the same for every picture of a campaign, so it is part of the shared base.

use super::layout::{self, Placed, Rect, Want};
use super::map::{Geometry, MARGIN, TITLE_BAND, WIDTH, mark_radius, node_slot, port_box, sea_slot};
use crate::rules::Campaign;
use crate::rules::map::Node;
use crate::rules::tables::Lang;
use std::collections::BTreeSet;

/// A name is beside its place when its box is at most this far from its mark's.
pub(crate) const NEAR: f64 = 24.0;
/// Room kept around the places an inset enlarges, in map units.
const INSET_PAD: f64 = 26.0;
/// The largest part of the main map an inset enlarges, in map units: beyond that the
/// inset would be the map again.
const INSET_MAX_W: f64 = 640.0;
const INSET_MAX_H: f64 = 460.0;
/// Room around the part an inset enlarges, in map units, for the names at its edge.
const INSET_ROOM: f64 = 18.0;
/// How many times the inset's part grows at most.
const INSET_STEPS: usize = 40;
/// How much an inset enlarges at most.
const INSET_MAX_SCALE: f64 = 1.8;
/// The gap between the map and its inset, and around the inset.
pub(crate) const INSET_GAP: f64 = 14.0;
/// The sea zones' names: font size.
pub(crate) const SEA_SIZE: f64 = 13.0;

/// An enlarged part of the main map, drawn in a band below it.
#[derive(Clone, Debug)]
pub(crate) struct Inset {
    /// The part of the main map it enlarges, in map units.
    pub(crate) src: Rect,
    /// Where it is drawn on the picture.
    pub(crate) dst: Rect,
    pub(crate) scale: f64,
    /// The nodes inside `src`: drawn and named in the inset, not named on the main map.
    pub(crate) nodes: BTreeSet<String>,
}

impl Inset {
    /// Where a point of the main map is drawn in the inset.
    pub(crate) fn xy(&self, (x, y): (f64, f64)) -> (f64, f64) {
        (
            self.dst.x0 + (x - self.src.x0) * self.scale,
            self.dst.y0 + (y - self.src.y0) * self.scale,
        )
    }

    /// How much taller the picture is for the inset.
    pub(crate) fn band(&self, map_height: f64) -> f64 {
        (self.dst.y1 + INSET_GAP - map_height).max(0.0)
    }
}

/// One placed node name.
pub(crate) struct Name {
    pub(crate) code: String,
    pub(crate) want: Want,
    pub(crate) placed: Placed,
}

/// The names of one part of the picture (the main map or the inset) and every box a
/// piece's label there must leave free.
pub(crate) struct Part {
    pub(crate) names: Vec<Name>,
    pub(crate) taken: Vec<Rect>,
}

/// Every name of a campaign's map.
pub(crate) struct Names {
    /// Each sea zone's code and the centre of its name's baseline.
    pub(crate) seas: Vec<(String, f64, f64)>,
    pub(crate) main: Part,
    pub(crate) inset: Option<(Inset, Part)>,
}

use layout::gap;

/// The boxes of the nodes `keep` accepts (mark, port, pieces' slot), drawn where `to`
/// puts them.
fn node_boxes(nodes: &[&Node], g: &Geometry, to: &dyn Fn((f64, f64)) -> (f64, f64)) -> Vec<Rect> {
    let mut out = Vec::new();
    for n in nodes {
        let (x, y) = to(g.nodes[n.code.as_str()]);
        out.push(Rect::around(
            x,
            y,
            mark_radius(n.kind.as_str(), n.capital) + 2.0,
        ));
        if n.port {
            out.push(port_box(x, y));
        }
        out.push(node_slot(x, y));
    }
    out
}

/// The names of `nodes`, drawn where `to` puts them, avoiding `obstacles` and staying
/// in `bounds`: capitals first, so they keep the best places; then the most crowded,
/// which have the fewest places left; ties in the map's order.
fn place_nodes(
    nodes: &[&Node],
    g: &Geometry,
    to: &dyn Fn((f64, f64)) -> (f64, f64),
    obstacles: &[Rect],
    bounds: Rect,
) -> Vec<Name> {
    let crowd = |code: &str| {
        let (x, y) = g.nodes[code];
        g.nodes
            .values()
            .filter(|(a, b)| (a - x).abs() < 60.0 && (b - y).abs() < 40.0)
            .count()
    };
    let mut order: Vec<&Node> = nodes.to_vec();
    order.sort_by_key(|n| (!n.capital, std::cmp::Reverse(crowd(n.code.as_str()))));
    let wants: Vec<Want> = order
        .iter()
        .map(|n| {
            let (x, y) = to(g.nodes[n.code.as_str()]);
            let size = if n.capital { 12.0 } else { 10.0 };
            let width = layout::text_width(&format!("{} ", n.name), size, n.capital)
                + layout::text_width(n.code.as_str(), 8.0, n.capital);
            Want {
                x,
                y,
                width,
                size,
                clear: mark_radius(n.kind.as_str(), n.capital),
            }
        })
        .collect();
    let placed = layout::place_near(&wants, obstacles, bounds, NEAR);
    order
        .iter()
        .zip(wants)
        .zip(placed)
        .map(|((n, want), placed)| Name {
            code: n.code.to_string(),
            want,
            placed,
        })
        .collect()
}

/// The names past [`NEAR`] from their mark.
fn far(names: &[Name]) -> impl Iterator<Item = &Name> {
    names.iter().filter(|n| gap(&n.want, &n.placed.rect) > NEAR)
}

/// The sea zones' names: on their zone's point when that covers no node, port or
/// piece; else the nearest place that covers none.
fn place_seas(
    campaign: &Campaign,
    g: &Geometry,
    marks: &[Rect],
    bounds: Rect,
) -> Vec<(String, Rect, f64, f64)> {
    let mut out: Vec<(String, Rect, f64, f64)> = Vec::new();
    for s in campaign.map.seas() {
        let (x, y) = g.seas[s.code.as_str()];
        // Room for the name in either language, centred on the same point, so an
        // English club's map names its seas as its report does (a play-test's club
        // matched "Strait of Otranto" against "Canale d'Otranto").
        let w = [Lang::It, Lang::En]
            .map(|l| layout::text_width(s.name_in(l), SEA_SIZE, false))
            .into_iter()
            .fold(0.0, f64::max);
        let (cap, desc) = (0.93 * SEA_SIZE, 0.24 * SEA_SIZE);
        let centred = Rect::new(x - w / 2.0, y - cap, x + w / 2.0, y + desc);
        let mut taken: Vec<Rect> = marks.to_vec();
        taken.extend(out.iter().map(|o| o.1));
        // The zone's own pieces' slot stays where it is, below the zone's point.
        taken.push(sea_slot(x, y));
        let free = |r: &Rect| taken.iter().all(|t| t.overlap(r) == 0.0) && r.inside(&bounds);
        if free(&centred) {
            out.push((s.code.to_string(), centred, x, y));
            continue;
        }
        let want = Want {
            x,
            y,
            width: w,
            size: SEA_SIZE,
            clear: 0.0,
        };
        let p = layout::place(&[want], &taken, bounds)[0];
        out.push((s.code.to_string(), p.rect, p.x + w / 2.0, p.y));
    }
    out
}

/// Places every name of the map, choosing an inset where the main map cannot hold
/// them.
pub(crate) fn place(campaign: &Campaign, g: &Geometry) -> Names {
    let all: Vec<&Node> = campaign.map.nodes().collect();
    let main_xy = |p: (f64, f64)| p;
    let bounds = Rect::new(2.0, TITLE_BAND, WIDTH - 2.0, g.height - 2.0);
    let mut marks = node_boxes(&all, g, &main_xy);
    let seas = place_seas(campaign, g, &marks, bounds);
    marks.extend(seas.iter().map(|s| s.1));
    for s in campaign.map.seas() {
        let (x, y) = g.seas[s.code.as_str()];
        marks.push(sea_slot(x, y));
    }
    let seas = seas.into_iter().map(|(c, _, x, y)| (c, x, y)).collect();
    let main_names = |outside: &Option<Rect>| {
        let shown: Vec<&Node> = all
            .iter()
            .copied()
            .filter(|n| outside.is_none_or(|r| !contains(&r, g.nodes[n.code.as_str()])))
            .collect();
        place_nodes(&shown, g, &main_xy, &marks, bounds)
    };
    // The part to enlarge: it starts around the most crowded place whose name stands
    // far, and grows, a step at a time, to the far names nearest it (each step frees
    // room on the main map, where the names around it may then fit), while it stays a
    // part of the map.
    let crowd = |code: &str| {
        let (x, y) = g.nodes[code];
        g.nodes
            .values()
            .filter(|(a, b)| (a - x).abs() < 60.0 && (b - y).abs() < 40.0)
            .count()
    };
    let mut region: Option<Rect> = None;
    let mut names = main_names(&region);
    for _ in 0..INSET_STEPS {
        let around = |n: &&Name| {
            Rect::around(
                g.nodes[n.code.as_str()].0,
                g.nodes[n.code.as_str()].1,
                INSET_PAD,
            )
        };
        let fits = |u: &Rect| u.x1 - u.x0 <= INSET_MAX_W && u.y1 - u.y0 <= INSET_MAX_H;
        let grown = match region {
            None => far(&names)
                .max_by_key(|n| crowd(n.code.as_str()))
                .map(|n| around(&n)),
            Some(r) => {
                let candidates: Vec<Rect> = far(&names)
                    .map(|n| union(&r, &around(&n)))
                    .filter(fits)
                    .collect();
                let area = |u: &Rect| (u.x1 - u.x0) * (u.y1 - u.y0);
                let least = candidates.iter().map(area).fold(f64::MAX, f64::min);
                // Every far name the smallest growth reaches, and those a little past it.
                candidates
                    .iter()
                    .filter(|u| area(u) <= least * 1.15)
                    .fold(None, |acc: Option<Rect>, u| {
                        Some(acc.map_or(*u, |a| union(&a, u)))
                    })
                    .filter(fits)
            }
        };
        let Some(grown) = grown.filter(|g| Some(*g) != region) else {
            break;
        };
        region = Some(grown);
        names = main_names(&region);
    }
    // The inset draws its part with room around it for the names at its edge, and
    // names every node it draws: the main map names none of them.
    let src = region.map(|r| {
        Rect::new(
            (r.x0 - INSET_ROOM).max(0.0),
            (r.y0 - INSET_ROOM).max(TITLE_BAND),
            (r.x1 + INSET_ROOM).min(WIDTH),
            (r.y1 + INSET_ROOM).min(g.height),
        )
    });
    if src.is_some() {
        names = main_names(&src);
    }
    let mut taken = marks;
    taken.extend(names.iter().map(|n| n.placed.rect));
    let main = Part { names, taken };
    let inset = src.map(|src| inset(campaign, g, src));
    Names { seas, main, inset }
}

fn contains(r: &Rect, (x, y): (f64, f64)) -> bool {
    x >= r.x0 && x <= r.x1 && y >= r.y0 && y <= r.y1
}

fn union(a: &Rect, b: &Rect) -> Rect {
    Rect::new(
        a.x0.min(b.x0),
        a.y0.min(b.y0),
        a.x1.max(b.x1),
        a.y1.max(b.y1),
    )
}

/// The inset of `src`: as large as the picture's width allows (up to
/// [`INSET_MAX_SCALE`]), centred below the map, its nodes named there.
fn inset(campaign: &Campaign, g: &Geometry, src: Rect) -> (Inset, Part) {
    let (w, h) = (src.x1 - src.x0, src.y1 - src.y0);
    let scale = ((WIDTH - 2.0 * MARGIN) / w).min(INSET_MAX_SCALE);
    let x0 = ((WIDTH - w * scale) / 2.0).round();
    let y0 = (g.height + INSET_GAP).round();
    let dst = Rect::new(x0, y0, x0 + (w * scale).round(), y0 + (h * scale).round());
    let nodes: Vec<&Node> = campaign
        .map
        .nodes()
        .filter(|n| contains(&src, g.nodes[n.code.as_str()]))
        .collect();
    let inset = Inset {
        src,
        dst,
        scale,
        nodes: nodes.iter().map(|n| n.code.to_string()).collect(),
    };
    let to = |p: (f64, f64)| inset.xy(p);
    let mut taken = node_boxes(&nodes, g, &to);
    let bounds = Rect::new(dst.x0 + 2.0, dst.y0 + 2.0, dst.x1 - 2.0, dst.y1 - 2.0);
    let names = place_nodes(&nodes, g, &to, &taken, bounds);
    taken.extend(names.iter().map(|n| n.placed.rect));
    (inset, Part { names, taken })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether the segment from `a` to `b` passes through the box.
    fn crosses(a: (f64, f64), b: (f64, f64), r: &Rect) -> bool {
        // Sampled finely enough for boxes of a few pixels.
        (0..=64).any(|k| {
            let t = f64::from(k) / 64.0;
            let (x, y) = (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
            x > r.x0 && x < r.x1 && y > r.y0 && y < r.y1
        })
    }

    /// Issue 30.1: no name stands away from its place with a leader line across another
    /// place's mark, on the main map or in the inset.
    #[test]
    fn no_leader_line_crosses_another_place() {
        let source = crate::scenario::Source::builtin("il-giglio").expect("built in");
        let c = crate::scenario::load(&source).expect("the shipped campaign loads");
        let g = Geometry::of(&c);
        let names = place(&c, &g);
        let mut parts = vec![(&names.main, None)];
        if let Some((inset, part)) = &names.inset {
            parts.push((part, Some(inset)));
        }
        let mut problems = Vec::new();
        for (part, inset) in parts {
            let to = |p: (f64, f64)| inset.map_or(p, |i| i.xy(p));
            let marks: Vec<(String, Rect)> = c
                .map
                .nodes()
                .filter(|n| inset.is_none_or(|i| i.nodes.contains(n.code.as_str())))
                .map(|n| {
                    let (x, y) = to(g.nodes[n.code.as_str()]);
                    let r = Rect::around(x, y, mark_radius(n.kind.as_str(), n.capital));
                    (n.code.to_string(), r)
                })
                .collect();
            for n in &part.names {
                let Some((x1, y1, x2, y2)) = n.placed.leader else {
                    continue;
                };
                for (code, r) in marks.iter().filter(|(c, _)| *c != n.code) {
                    if crosses((x1, y1), (x2, y2), r) {
                        problems.push(format!("{}'s leader crosses {code}", n.code));
                    }
                }
            }
        }
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }

    #[test]
    fn a_name_touching_its_mark_is_at_no_distance() {
        let w = Want {
            x: 100.0,
            y: 100.0,
            width: 40.0,
            size: 10.0,
            clear: 6.0,
        };
        assert_eq!(gap(&w, &Rect::new(106.0, 95.0, 146.0, 105.0)), 0.0);
        assert_eq!(gap(&w, &Rect::new(136.0, 95.0, 176.0, 105.0)), 30.0);
        assert_eq!(
            gap(&w, &Rect::new(110.0, 110.0, 150.0, 120.0)),
            4.0f64.hypot(4.0)
        );
    }
}
