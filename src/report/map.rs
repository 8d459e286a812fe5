//! The map picture: an SVG of nodes coloured by owner, roads, sea zones, sea lanes and
//! ports, optionally with one club's own pieces and the foreign markers it sees.
//!
//! Only public facts (G7.1: owners and fortifications), the pieces of the club the
//! picture is for and, from its view, the markers it sees are drawn.

use crate::error::Result;
use crate::rules::visibility::ClubView;
use crate::rules::world::{FleetAt, Fortification};
use crate::rules::{Campaign, World};
use serde::Serialize;
use std::collections::BTreeMap;

/// Width of the picture in SVG units (pixels at 1×).
const WIDTH: f64 = 1400.0;
const MARGIN: f64 = 60.0;

#[derive(Serialize)]
struct Picture {
    title: String,
    width: u32,
    height: u32,
    nations: Vec<Legend>,
    roads: Vec<Line>,
    lanes: Vec<Line>,
    port_links: Vec<Line>,
    seas: Vec<Label>,
    nodes: Vec<NodeMark>,
    armies: Vec<Piece>,
    fleets: Vec<Piece>,
    /// Foreign pieces seen (G7.2), anonymous and without size.
    markers: Vec<Piece>,
}

#[derive(Serialize)]
struct Legend {
    code: String,
    name: String,
    colour: String,
}

#[derive(Serialize)]
struct Line {
    x1: String,
    y1: String,
    x2: String,
    y2: String,
}

#[derive(Serialize)]
struct Label {
    x: String,
    y: String,
    name: String,
}

#[derive(Serialize)]
struct NodeMark {
    x: String,
    y: String,
    /// Where the label goes, chosen so labels do not overlap (see [`place_labels`]).
    label_x: String,
    label_y: String,
    anchor: &'static str,
    code: String,
    name: String,
    kind: &'static str,
    capital: bool,
    port: bool,
    colour: String,
    fortification: &'static str,
}

#[derive(Serialize)]
struct Piece {
    x: String,
    y: String,
    label: String,
    colour: String,
}

/// Projects latitude/longitude onto the picture (equirectangular, true at mid-latitude).
struct Projection {
    lon0: f64,
    lat1: f64,
    scale_x: f64,
    scale_y: f64,
}

impl Projection {
    fn fit(points: &[(f64, f64)]) -> (Projection, f64) {
        let (mut lat0, mut lat1, mut lon0, mut lon1) = (90.0f64, -90.0f64, 180.0f64, -180.0f64);
        for &(lat, lon) in points {
            lat0 = lat0.min(lat);
            lat1 = lat1.max(lat);
            lon0 = lon0.min(lon);
            lon1 = lon1.max(lon);
        }
        let k = ((lat0 + lat1) / 2.0).to_radians().cos();
        let span_x = ((lon1 - lon0) * k).max(1e-6);
        let scale = (WIDTH - 2.0 * MARGIN) / span_x;
        let height = (lat1 - lat0).max(1e-6) * scale + 2.0 * MARGIN;
        let p = Projection {
            lon0,
            lat1,
            scale_x: scale * k,
            scale_y: scale,
        };
        (p, height)
    }

    fn xy_f(&self, lat: f64, lon: f64) -> (f64, f64) {
        let x = MARGIN + (lon - self.lon0) * self.scale_x;
        let y = MARGIN + (self.lat1 - lat) * self.scale_y;
        (x, y)
    }

    fn xy(&self, lat: f64, lon: f64) -> (String, String) {
        // One decimal keeps the SVG small and byte-stable.
        let (x, y) = self.xy_f(lat, lon);
        (format!("{x:.1}"), format!("{y:.1}"))
    }
}

/// An axis-aligned box: left, top, right, bottom.
type Rect = (f64, f64, f64, f64);

fn overlap(a: Rect, b: Rect) -> f64 {
    let w = (a.2.min(b.2) - a.0.max(b.0)).max(0.0);
    let h = (a.3.min(b.3) - a.1.max(b.1)).max(0.0);
    w * h
}

/// Chooses where each node's label goes: right, left, above or below its mark,
/// whichever overlaps the labels and marks already placed least. Capitals are placed
/// first, so they keep the best spots. Deterministic: same map, same picture.
///
/// Input per node: (x, y, label width, font size, capital); output: (x, y, anchor).
fn place_labels(nodes: &[(f64, f64, f64, f64, bool)]) -> Vec<(f64, f64, &'static str)> {
    let marks: Vec<Rect> = nodes
        .iter()
        .map(|&(x, y, ..)| (x - 7.0, y - 7.0, x + 7.0, y + 7.0))
        .collect();
    let mut order: Vec<usize> = (0..nodes.len()).collect();
    order.sort_by_key(|&i| !nodes[i].4);
    let mut placed: Vec<Rect> = Vec::new();
    let mut out = vec![(0.0, 0.0, "start"); nodes.len()];
    for i in order {
        let (x, y, w, h, _) = nodes[i];
        let candidates = [
            (
                x + 9.0,
                y + 4.0,
                "start",
                (x + 9.0, y - h + 4.0, x + 9.0 + w, y + 4.0),
            ),
            (
                x - 9.0,
                y + 4.0,
                "end",
                (x - 9.0 - w, y - h + 4.0, x - 9.0, y + 4.0),
            ),
            (
                x,
                y - 10.0,
                "middle",
                (x - w / 2.0, y - 10.0 - h, x + w / 2.0, y - 10.0),
            ),
            (
                x,
                y + 8.0 + h,
                "middle",
                (x - w / 2.0, y + 8.0, x + w / 2.0, y + 8.0 + h),
            ),
            (
                x + 7.0,
                y - 7.0,
                "start",
                (x + 7.0, y - 7.0 - h, x + 7.0 + w, y - 7.0),
            ),
            (
                x + 7.0,
                y + 7.0 + h,
                "start",
                (x + 7.0, y + 7.0, x + 7.0 + w, y + 7.0 + h),
            ),
        ];
        let cost = |r: Rect| -> f64 {
            let labels: f64 = placed.iter().map(|p| overlap(r, *p)).sum();
            let others: f64 = marks
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != i)
                .map(|(_, m)| overlap(r, *m))
                .sum();
            // A label outside the picture is worse than any overlap.
            let outside = if r.0 < 2.0 || r.2 > WIDTH - 2.0 {
                1e9
            } else {
                0.0
            };
            labels + others + outside
        };
        let best = candidates
            .iter()
            .enumerate()
            // Ties keep the earlier (preferred) position.
            .min_by(|a, b| cost(a.1.3).total_cmp(&cost(b.1.3)).then(a.0.cmp(&b.0)))
            .map(|(_, c)| *c)
            .unwrap_or(candidates[0]);
        placed.push(best.3);
        out[i] = (best.0, best.1, best.2);
    }
    out
}

/// A piece to draw: where it is (node or sea zone code) and its label.
struct At {
    at: String,
    label: String,
    colour: String,
}

/// What goes on the political map.
struct Layers {
    title: String,
    /// Node → (owner, fortification).
    owners: BTreeMap<String, (String, Fortification)>,
    armies: Vec<At>,
    fleets: Vec<At>,
    markers: Vec<At>,
}

/// Renders the political map, with `club`'s own pieces when given (the referee's
/// picture; clubs get [`render_view`]).
pub fn render(
    campaign: &Campaign,
    world: &World,
    club: Option<&str>,
    env: &minijinja::Environment,
) -> Result<String> {
    let owners = world
        .nodes
        .iter()
        .map(|(c, n)| (c.to_string(), (n.owner.to_string(), n.fortification)))
        .collect();
    let (mut armies, mut fleets) = (Vec::new(), Vec::new());
    if let Some(club) = club {
        for a in world.armies_of(club) {
            armies.push(At {
                at: a.node.to_string(),
                label: format!("{} {}", a.id, a.value),
                colour: "#ffffff".into(),
            });
        }
        for f in world.fleets_of(club) {
            let at = match &f.at {
                FleetAt::Port(p) => p.to_string(),
                FleetAt::Sea(s) => s.to_string(),
            };
            fleets.push(At {
                at,
                label: f.id.to_string(),
                colour: "#ffffff".into(),
            });
        }
    }
    // A picture shared by every language is titled in the game's own, Italian, as its
    // title and the nations' names already are (a club's own map is in its language).
    let phase = super::explain::phase_name(
        &crate::words::from_env(env),
        &campaign.tables.calendar,
        world.phase,
        crate::rules::tables::Lang::It,
    );
    let title = match club.and_then(|c| campaign.nation(c)) {
        Some(n) => format!("{} — {} — {phase}", campaign.title_it, n.name_it),
        None => format!("{} — {phase}", campaign.title_it),
    };
    let layers = Layers {
        title,
        owners,
        armies,
        fleets,
        markers: Vec::new(),
    };
    draw(campaign, &layers, env)
}

/// Renders what one club knows (G7): the political map, its own pieces and the
/// foreign markers it sees. Drawn from its [`ClubView`] only.
pub fn render_view(
    campaign: &Campaign,
    view: &ClubView,
    env: &minijinja::Environment,
) -> Result<String> {
    let owners = view
        .political
        .iter()
        .map(|n| {
            let f = match n.fortification {
                "fortified" => Fortification::Fortified,
                "breached" => Fortification::Breached,
                _ => Fortification::None,
            };
            (n.code.to_string(), (n.owner.to_string(), f))
        })
        .collect();
    let colour = |code: &str| {
        campaign
            .nation(code)
            .map_or("#888888".to_owned(), |n| n.colour.clone())
    };
    let armies = view
        .armies
        .iter()
        .filter(|a| a.aboard.is_none())
        .map(|a| At {
            at: a.node.to_string(),
            label: format!("{} {}", a.id, a.value),
            colour: "#ffffff".into(),
        })
        .chain(view.diplomats.iter().map(|d| At {
            at: d.at.clone(),
            label: d.id.clone(),
            colour: "#ffffff".into(),
        }))
        .collect();
    let fleets = view
        .fleets
        .iter()
        .map(|f| At {
            at: f.at.clone(),
            label: f.id.clone(),
            colour: "#ffffff".into(),
        })
        .collect();
    let markers = view
        .markers
        .iter()
        .map(|m| At {
            at: m.at.clone(),
            label: m.nation.to_string(),
            colour: colour(m.nation.as_str()),
        })
        .collect();
    let title = format!(
        "{} — {} — {}",
        view.campaign,
        view.nation_name,
        view.next_phase.as_ref().unwrap_or(&view.phase).name
    );
    let layers = Layers {
        title,
        owners,
        armies,
        fleets,
        markers,
    };
    draw(campaign, &layers, env)
}

fn draw(campaign: &Campaign, layers: &Layers, env: &minijinja::Environment) -> Result<String> {
    let map = &campaign.map;
    let points: Vec<(f64, f64)> = map
        .nodes()
        .map(|n| (n.lat, n.lon))
        .chain(map.seas().map(|s| (s.lat, s.lon)))
        .collect();
    let (proj, height) = Projection::fit(&points);
    let colour: BTreeMap<&str, &str> = campaign
        .nations
        .iter()
        .map(|n| (n.code.as_str(), n.colour.as_str()))
        .collect();
    let node_xy = |code: &str| map.node(code).map(|n| proj.xy(n.lat, n.lon));
    let line = |a: (String, String), b: (String, String)| Line {
        x1: a.0,
        y1: a.1,
        x2: b.0,
        y2: b.1,
    };
    let roads = map
        .roads()
        .into_iter()
        .filter_map(|(a, b)| Some(line(node_xy(a.as_str())?, node_xy(b.as_str())?)))
        .collect();
    let sea_xy = |code: &str| map.sea(code).map(|s| proj.xy(s.lat, s.lon));
    let lanes = map
        .lanes()
        .into_iter()
        .filter_map(|(a, b)| Some(line(sea_xy(a.as_str())?, sea_xy(b.as_str())?)))
        .collect();
    let mut port_links = Vec::new();
    for s in map.seas() {
        for p in map.ports_on(s.code.as_str()) {
            if let (Some(a), Some(b)) = (sea_xy(s.code.as_str()), node_xy(p.as_str())) {
                port_links.push(line(a, b));
            }
        }
    }
    let seas = map
        .seas()
        .map(|s| {
            let (x, y) = proj.xy(s.lat, s.lon);
            Label {
                x,
                y,
                name: s.name.clone(),
            }
        })
        .collect();
    let placed = place_labels(
        &map.nodes()
            .map(|n| {
                let (x, y) = proj.xy_f(n.lat, n.lon);
                let size = if n.capital { 12.0 } else { 10.0 };
                // Name, a space and the code in a smaller font.
                let width = (n.name.chars().count() as f64 + 1.0) * size * 0.58
                    + n.code.as_str().len() as f64 * 8.0 * 0.62;
                (x, y, width, size, n.capital)
            })
            .collect::<Vec<_>>(),
    );
    let nodes = map
        .nodes()
        .zip(placed)
        .map(|(n, (label_x, label_y, anchor))| {
            let state = layers.owners.get(n.code.as_str());
            let owner = state.map_or(n.owner.as_str(), |s| s.0.as_str());
            let (x, y) = proj.xy(n.lat, n.lon);
            NodeMark {
                x,
                y,
                label_x: format!("{label_x:.1}"),
                label_y: format!("{label_y:.1}"),
                anchor,
                code: n.code.to_string(),
                name: n.name.clone(),
                kind: n.kind.as_str(),
                capital: n.capital,
                port: n.port,
                colour: colour.get(owner).copied().unwrap_or("#888888").to_owned(),
                fortification: match state.map_or(Fortification::None, |s| s.1) {
                    Fortification::None => "none",
                    Fortification::Fortified => "fortified",
                    Fortification::Breached => "breached",
                },
            }
        })
        .collect();
    let place = |code: &str| node_xy(code).or_else(|| sea_xy(code));
    let pieces = |list: &[At]| -> Vec<Piece> {
        // Several pieces at one place are stacked, so none hides another.
        let mut stacked: BTreeMap<&str, usize> = BTreeMap::new();
        list.iter()
            .filter_map(|p| {
                let (x, y) = place(&p.at)?;
                let k = stacked.entry(p.at.as_str()).or_default();
                let dy = *k as f64 * 13.0;
                *k += 1;
                let y = y.parse::<f64>().unwrap_or(0.0) - dy;
                Some(Piece {
                    x,
                    y: format!("{y:.1}"),
                    label: p.label.clone(),
                    colour: p.colour.clone(),
                })
            })
            .collect()
    };
    let armies = pieces(&layers.armies);
    let fleets = pieces(&layers.fleets);
    let markers = pieces(&layers.markers);
    let title = layers.title.clone();
    let picture = Picture {
        title,
        width: WIDTH as u32,
        height: height.ceil() as u32,
        nations: campaign
            .nations
            .iter()
            .map(|n| Legend {
                code: n.code.to_string(),
                name: n.name_it.clone(),
                colour: n.colour.clone(),
            })
            .collect(),
        roads,
        lanes,
        port_links,
        seas,
        nodes,
        armies,
        fleets,
        markers,
    };
    let tmpl = env
        .get_template("map.svg")
        .map_err(|e| super::template_error("map.svg", &e))?;
    tmpl.render(minijinja::value::Serde(&picture))
        .map_err(|e| super::template_error("map.svg", &e))
}
