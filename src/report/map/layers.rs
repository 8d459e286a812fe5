//! The layers of the map picture drawn where a part of it puts them (the main map or
//! its enlarged inset): the land, the lines between places, the nodes' marks, the
//! round's moves with their arrowheads, and the pieces with their labels.

use super::{
    At, Fortification, Geometry, ICON_GAP, ICON_H, ICON_W, Label, Layers, Line, Move, NodeLabel,
    NodeMark, PieceMark, Port, SLOT_PIECES, line, n1, port_box,
};
use crate::report::layout::{self, Rect, Want};
use crate::rules::Campaign;
use std::collections::BTreeMap;

/// Moves a point of the main map to where a part of the picture draws it.
pub(super) type To<'a> = &'a dyn Fn((f64, f64)) -> (f64, f64);

/// Whether a box meets another (`None`: everything does).
fn meets(r: &Rect, within: Option<&Rect>) -> bool {
    within.is_none_or(|w| r.x1 >= w.x0 && r.x0 <= w.x1 && r.y1 >= w.y0 && r.y0 <= w.y1)
}

/// The land as SVG paths, one per ring (those that meet `within`), drawn where `to`
/// puts them.
pub(super) fn land_paths(
    campaign: &Campaign,
    g: &Geometry,
    to: To,
    within: Option<&Rect>,
) -> Vec<String> {
    campaign
        .land
        .iter()
        .filter_map(|ring| {
            let pts: Vec<(f64, f64)> = ring.iter().map(|&(lon, lat)| g.proj.xy(lat, lon)).collect();
            let bbox = pts.iter().fold(
                Rect::new(f64::MAX, f64::MAX, f64::MIN, f64::MIN),
                |r, &(x, y)| Rect::new(r.x0.min(x), r.y0.min(y), r.x1.max(x), r.y1.max(y)),
            );
            if !meets(&bbox, within) {
                return None;
            }
            let mut d = String::with_capacity(ring.len() * 12);
            for (i, &p) in pts.iter().enumerate() {
                let (x, y) = to(p);
                d.push_str(if i == 0 { "M" } else { "L" });
                d.push_str(&format!("{x:.1} {y:.1}"));
            }
            d.push('Z');
            Some(d)
        })
        .collect()
}

/// Segments between places (roads, lanes, port links) drawn where `to` puts them,
/// those that meet `within`.
/// A line between two points of the main map.
pub(super) type Segment = ((f64, f64), (f64, f64));

pub(super) fn segments(pairs: &[Segment], to: To, within: Option<&Rect>) -> Vec<Line> {
    pairs
        .iter()
        .filter(|(a, b)| {
            let r = Rect::new(a.0.min(b.0), a.1.min(b.1), a.0.max(b.0), a.1.max(b.1));
            meets(&r, within)
        })
        .map(|&(a, b)| {
            let ((x1, y1), (x2, y2)) = (to(a), to(b));
            line((x1, y1, x2, y2))
        })
        .collect()
}

/// An arrowhead's length and half its width: at the size the map is sent (1400 px
/// wide) as large as a piece's icon, so a reader sees which way a move went.
const HEAD_LEN: f64 = 13.0;
const HEAD_HALF: f64 = 6.5;

/// The round's moves through the places of each path (`place`: where a place is drawn;
/// `keep`: whether a path is drawn there at all), each ending in an arrowhead just
/// short of its last place's mark, so the mark does not hide it.
pub(super) fn move_paths(
    layers: &Layers,
    place: &dyn Fn(&str) -> Option<(f64, f64)>,
    radius: &dyn Fn(&str) -> f64,
    keep: &dyn Fn(&[String]) -> bool,
    suffix: &str,
) -> Vec<Move> {
    layers
        .moves
        .iter()
        .enumerate()
        .filter(|(_, path)| keep(path))
        .filter_map(|(i, path)| {
            let pts: Vec<(f64, f64)> = path.iter().filter_map(|c| place(c)).collect();
            let last = path.iter().rev().find(|c| place(c).is_some())?;
            let (&(ex, ey), rest) = pts.split_last()?;
            let &(px, py) = rest.last()?;
            let len = (ex - px).hypot(ey - py).max(1e-6);
            let (ux, uy) = ((ex - px) / len, (ey - py) / len);
            let tip_back = radius(last) + 2.0;
            let (tx, ty) = (ex - ux * tip_back, ey - uy * tip_back);
            let (bx, by) = (tx - ux * HEAD_LEN, ty - uy * HEAD_LEN);
            let mut d = String::new();
            for (k, (x, y)) in rest.iter().enumerate() {
                d.push_str(if k == 0 { "M" } else { " L" });
                d.push_str(&format!("{x:.1} {y:.1}"));
            }
            // The stroke ends inside the head, so its end never shows past the tip.
            d.push_str(&format!(" L{:.1} {:.1}", bx + ux * 3.0, by + uy * 3.0));
            let head = format!(
                "{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}",
                tx,
                ty,
                bx - uy * HEAD_HALF,
                by + ux * HEAD_HALF,
                bx + uy * HEAD_HALF,
                by - ux * HEAD_HALF
            );
            Some(Move {
                id: format!("move-{i}{suffix}"),
                arrow_id: format!("arrow-{i}{suffix}"),
                d,
                head,
            })
        })
        .collect()
}

/// Where a part of the picture puts a place's pieces, and which places' pieces are
/// named there.
pub(super) struct Slots<'a> {
    pub(super) slot: &'a dyn Fn(&str) -> Option<Rect>,
    pub(super) named: &'a dyn Fn(&str) -> bool,
    /// Added to the icons' ids, which are unique in the picture.
    pub(super) suffix: &'a str,
    pub(super) taken: &'a [Rect],
    pub(super) bounds: Rect,
    /// The frame the part is clipped to (the inset's), if any.
    pub(super) frame: Option<Rect>,
}

/// How far past its box a piece's icon or label may draw: the strokes, the labels' halo
/// and anti-aliased edges, and the labels' width measured rather than drawn, with room.
const PIECE_REACH: f64 = 8.0;

impl Slots<'_> {
    /// Whether what is drawn within `r` may cross the part's frame: it is then clipped
    /// to it. Each of the inset's pieces and labels clipped, even wholly inside its
    /// frame, was drawn on a layer of its own and masked: a sixth of a club's overlay.
    fn crosses(&self, r: Rect) -> bool {
        may_cross(self.frame, r, PIECE_REACH)
    }
}

/// Whether what is drawn within `r`, or up to `reach` past it, may cross `frame` (a
/// part with no frame clips nothing).
fn may_cross(frame: Option<Rect>, r: Rect, reach: f64) -> bool {
    frame.is_some_and(|f| {
        r.x0 - reach < f.x0 || r.y0 - reach < f.y0 || r.x1 + reach > f.x1 || r.y1 + reach > f.y1
    })
}

/// The pieces' icons, side by side in their place's slot, and their labels placed
/// where they cover nothing of the base.
pub(super) fn piece_marks(
    layers: &Layers,
    fill: &BTreeMap<String, String>,
    s: &Slots,
) -> (Vec<PieceMark>, Vec<Label>, Vec<NodeLabel>) {
    let mut by_place: BTreeMap<&str, Vec<&At>> = BTreeMap::new();
    for p in &layers.pieces {
        if (s.slot)(&p.at).is_some() {
            by_place.entry(p.at.as_str()).or_default().push(p);
        }
    }
    let (mut marks, mut more, mut texts) = (Vec::new(), Vec::new(), Vec::new());
    for (place, list) in &by_place {
        let Some(slot) = (s.slot)(place) else {
            continue;
        };
        let shown = if list.len() > SLOT_PIECES {
            SLOT_PIECES - 1
        } else {
            list.len()
        };
        let width = SLOT_PIECES.min(list.len()) as f64 * (ICON_W + ICON_GAP);
        let x0 = (slot.x0 + slot.x1) / 2.0 - width / 2.0;
        for (i, p) in list.iter().take(shown).enumerate() {
            let x = x0 + i as f64 * (ICON_W + ICON_GAP);
            marks.push(PieceMark {
                id: format!("piece-{place}-{i}{}", s.suffix),
                kind: p.kind.name(),
                x: n1(x),
                y: n1(slot.y0),
                clip: s.crosses(Rect::new(x, slot.y0, x + ICON_W, slot.y0 + ICON_H)),
                fill: fill
                    .get(&p.nation)
                    .cloned()
                    .unwrap_or_else(|| "#888888".into()),
                title: p.label.clone().unwrap_or_else(|| p.nation.clone()),
            });
        }
        if shown < list.len() {
            let (x, y) = (x0 + shown as f64 * (ICON_W + ICON_GAP) + 1.0, slot.y1 - 1.0);
            let name = format!("+{}", list.len() - shown);
            let width = layout::text_width(&name, 8.0, true);
            more.push(Label {
                x: n1(x),
                y: n1(y),
                clip: s.crosses(Rect::new(x, y - 8.0, x + width, y + 3.0)),
                name,
            });
        }
        let words: Vec<&str> = list.iter().filter_map(|p| p.label.as_deref()).collect();
        if !words.is_empty() && (s.named)(place) {
            texts.push((*place, slot, words.join(" · ")));
        }
    }
    let wants: Vec<Want> = texts
        .iter()
        .map(|(_, slot, text)| Want {
            x: (slot.x0 + slot.x1) / 2.0,
            y: (slot.y0 + slot.y1) / 2.0,
            width: layout::text_width(text, 9.0, true),
            size: 9.0,
            clear: (slot.x1 - slot.x0) / 2.0,
        })
        .collect();
    let placed = layout::place(&wants, s.taken, s.bounds);
    let labels = texts
        .iter()
        .zip(&placed)
        // A label that would cover something is left out: the report lists every piece.
        .filter(|(_, p)| p.clean)
        .map(|((place, _, text), p)| NodeLabel {
            id: format!("pieces-{place}"),
            x: n1(p.x),
            y: n1(p.y),
            size: 9.0,
            bold: true,
            name: text.clone(),
            code: String::new(),
            leader: p.leader.map(line),
            clip: s.crosses(p.rect)
                || p.leader.is_some_and(|(x1, y1, x2, y2)| {
                    s.crosses(Rect::new(x1.min(x2), y1.min(y2), x1.max(x2), y1.max(y2)))
                }),
        })
        .collect();
    (marks, more, labels)
}

/// Which nodes' marks a part of the picture draws, and where.
#[derive(Clone, Copy)]
pub(super) struct Part<'a> {
    pub(super) to: To<'a>,
    pub(super) which: &'a dyn Fn(&str) -> bool,
    /// Whether a node's name is drawn beside this mark.
    pub(super) named: &'a dyn Fn(&str) -> bool,
    /// Whether this is the main map's mark (the one with the node's id and code).
    pub(super) main: bool,
    /// The frame the part is clipped to (the inset's), if any.
    pub(super) frame: Option<Rect>,
}

/// How far from its place a node's mark may draw: the ring of a capital that changed
/// hands (radius 13) and half its stroke, rounded up with room.
const MARK_REACH: f64 = 16.0;

/// The nodes' marks that `which` accepts, drawn where `to` puts them; `named`: whether
/// a node's name is drawn beside this mark (then it carries the `mark-CODE` id).
pub(super) fn node_marks(
    campaign: &Campaign,
    layers: &Layers,
    g: &Geometry,
    fill: &BTreeMap<String, String>,
    part: &Part,
) -> Vec<NodeMark> {
    let Part {
        to,
        which,
        named,
        main,
        frame,
    } = *part;
    // Only a mark that may cross the frame is clipped to it (one clipped group the
    // size of the inset was most of the phase's shared picture's drawing time).
    let crosses = |x: f64, y: f64| may_cross(frame, Rect::new(x, y, x, y), MARK_REACH);
    campaign
        .map
        .nodes()
        .filter(|n| which(n.code.as_str()))
        .map(|n| {
            let code = n.code.as_str();
            let state = layers.owners.get(code);
            let owner = state.map_or(n.owner.as_str(), |s| s.0.as_str());
            let (x, y) = to(g.nodes[code]);
            NodeMark {
                mark_id: named(code).then(|| format!("mark-{code}")),
                main,
                x: n1(x),
                y: n1(y),
                code: code.to_owned(),
                name: n.name.clone(),
                kind: n.kind.as_str(),
                capital: n.capital,
                fill: fill.get(owner).cloned().unwrap_or_else(|| "#888888".into()),
                fortification: match state.map_or(Fortification::None, |s| s.1) {
                    Fortification::None => "none",
                    Fortification::Fortified => "fortified",
                    Fortification::Breached => "breached",
                },
                besieged: layers.sieges.contains(code),
                changed: layers.changed.contains(code),
                on_move: layers.moves.iter().any(|m| m.iter().any(|c| c == code)),
                clip: crosses(x, y),
            }
        })
        .collect()
}

/// The ports' anchors of the nodes `which` accepts, drawn where `to` puts them.
pub(super) fn port_marks(
    campaign: &Campaign,
    g: &Geometry,
    to: To,
    which: &dyn Fn(&str) -> bool,
    suffix: &str,
) -> Vec<Port> {
    campaign
        .map
        .nodes()
        .filter(|n| n.port && which(n.code.as_str()))
        .map(|n| {
            let (x, y) = to(g.nodes[n.code.as_str()]);
            let r = port_box(x, y);
            Port {
                id: format!("anchor-{}{suffix}", n.code),
                x: n1(r.x0),
                y: n1(r.y1 - 1.0),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A piece or label is clipped to the frame where its box, with the reach of its
    /// strokes and halo, comes near the frame's edge; wholly inside, it is not; and a
    /// part with no frame clips nothing.
    #[test]
    fn only_what_may_cross_the_frame_is_clipped() {
        let slots = |frame| Slots {
            slot: &|_| None,
            named: &|_| true,
            suffix: "-in",
            taken: &[],
            bounds: Rect::new(0.0, 0.0, 400.0, 400.0),
            frame,
        };
        let inset = slots(Some(Rect::new(100.0, 100.0, 200.0, 200.0)));
        assert!(!inset.crosses(Rect::new(150.0, 150.0, 160.0, 159.0)));
        assert!(!inset.crosses(Rect::new(109.0, 109.0, 191.0, 191.0)));
        for near in [
            Rect::new(105.0, 150.0, 115.0, 159.0),
            Rect::new(150.0, 105.0, 160.0, 114.0),
            Rect::new(185.0, 150.0, 195.0, 159.0),
            Rect::new(150.0, 185.0, 160.0, 194.0),
            Rect::new(95.0, 150.0, 105.0, 159.0),
        ] {
            assert!(inset.crosses(near), "{near:?}");
        }
        assert!(!slots(None).crosses(Rect::new(95.0, 150.0, 105.0, 159.0)));
    }
}
