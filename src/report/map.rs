//! The map picture: an SVG of the land and sea, nodes by owner, roads, sea zones, lanes
//! and ports; with one club's own pieces, the foreign markers it sees and its round
//! (moves, battles, sieges, places that changed hands), or every piece for the referee.
//!
//! Only public facts (G7.1: owners and fortifications), the pieces of the club the
//! picture is for and, from its view, the markers it sees are drawn.
//!
//! The picture has two parts split by [`png::OVERLAY`]: a base that is the same for
//! every picture of the campaign in a language (land, sea, roads, names, ports, the
//! legend), rasterized once and reused, and an overlay of what changes (owners,
//! pieces, the round, title).
//! Labels are placed so none overlaps another, a node or a place pieces go to (see
//! [`super::layout`]).

use super::layout::{self, Rect, Want};
use crate::error::Result;
use crate::rules::tables::Lang;
use crate::rules::visibility::ClubView;
use crate::rules::world::{FleetAt, Fortification};
use crate::rules::{Campaign, World};
use crate::t;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Arc, Mutex, OnceLock};

/// Width of the picture in SVG units (pixels at 1×).
pub(crate) const WIDTH: f64 = 1400.0;
const MARGIN: f64 = 60.0;
/// The band at the top kept for the title.
const TITLE_BAND: f64 = 46.0;
/// How many pieces are drawn side by side at a node; more are counted (`+n`).
const SLOT_PIECES: usize = 3;
/// A piece's icon: width and height, and the gap between two.
const ICON_W: f64 = 10.0;
const ICON_H: f64 = 9.0;
const ICON_GAP: f64 = 0.0;
/// The legend: columns, column width, row height.
const LEGEND_COLUMNS: usize = 5;
const LEGEND_COLUMN_W: f64 = 272.0;
const LEGEND_ROW_H: f64 = 18.0;
/// The symbols the legend explains, besides the nations.
const LEGEND_SYMBOLS: [&str; 15] = [
    "city",
    "capital",
    "fortress",
    "village",
    "port",
    "fortified",
    "breached",
    "besieged",
    "changed",
    "army",
    "fleet",
    "diplomat",
    "garrison",
    "marker",
    "move",
];

#[derive(Serialize)]
struct Picture<'a> {
    title: String,
    width: u32,
    /// The map's height; the legend band follows, to `full_height`.
    height: u32,
    full_height: u32,
    patterns: Vec<Pattern>,
    lands: Vec<String>,
    roads: Vec<Line>,
    lanes: Vec<Line>,
    port_links: Vec<Line>,
    seas: Vec<Label>,
    ports: Vec<Point>,
    labels: &'a [NodeLabel],
    nodes: Vec<NodeMark>,
    moves: Vec<String>,
    battles: Vec<Point>,
    pieces: Vec<PieceMark>,
    more: Vec<Label>,
    piece_labels: Vec<NodeLabel>,
    legend_nations: Vec<LegendNation>,
    legend_symbols: Vec<LegendSymbol>,
    legend_y: f64,
}

/// A hatching for the nations whose colour another nation already has.
#[derive(Serialize)]
struct Pattern {
    id: String,
    colour: String,
}

#[derive(Serialize)]
struct LegendNation {
    x: f64,
    y: f64,
    code: String,
    name: String,
    fill: String,
}

#[derive(Serialize)]
struct LegendSymbol {
    x: f64,
    y: f64,
    kind: &'static str,
    text: String,
}

#[derive(Serialize, schemars::JsonSchema)]
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
struct Point {
    x: String,
    y: String,
}

/// A placed label: its text, where its baseline starts, and its leader line if any.
#[derive(Serialize)]
struct NodeLabel {
    id: String,
    x: String,
    y: String,
    size: f64,
    bold: bool,
    name: String,
    code: String,
    leader: Option<Line>,
}

#[derive(Serialize)]
struct NodeMark {
    x: String,
    y: String,
    code: String,
    /// The node's name (its label is in `labels`; kept here for templates written
    /// before labels were placed apart).
    name: String,
    kind: &'static str,
    capital: bool,
    fill: String,
    fortification: &'static str,
    besieged: bool,
    changed: bool,
}

#[derive(Serialize)]
struct PieceMark {
    id: String,
    /// `army`, `fleet`, `diplomat`, `garrison` or `marker`.
    kind: &'static str,
    x: String,
    y: String,
    fill: String,
    /// What a reader pointing at it is told: its id and size, or whose it is.
    title: String,
}

/// What a piece is, for its icon.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    Army,
    Fleet,
    Diplomat,
    Garrison,
    Marker,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Army => "army",
            Kind::Fleet => "fleet",
            Kind::Diplomat => "diplomat",
            Kind::Garrison => "garrison",
            Kind::Marker => "marker",
        }
    }
}

/// A piece to draw: where it is (node or sea zone code), whose, and what is written
/// by it (its id and size; nothing for a foreign marker).
pub(crate) struct At {
    pub(crate) at: String,
    pub(crate) kind: Kind,
    pub(crate) nation: String,
    pub(crate) label: Option<String>,
}

/// What goes on the picture besides the map itself.
pub(crate) struct Layers {
    pub(crate) title: String,
    pub(crate) lang: Lang,
    /// Node → (owner, fortification).
    pub(crate) owners: BTreeMap<String, (String, Fortification)>,
    pub(crate) pieces: Vec<At>,
    /// Paths moved this round (node codes), drawn as arrows.
    pub(crate) moves: Vec<Vec<String>>,
    pub(crate) battles: BTreeSet<String>,
    pub(crate) sieges: BTreeSet<String>,
    pub(crate) changed: BTreeSet<String>,
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

    fn xy(&self, lat: f64, lon: f64) -> (f64, f64) {
        let x = MARGIN + (lon - self.lon0) * self.scale_x;
        let y = MARGIN + (self.lat1 - lat) * self.scale_y;
        (x, y)
    }
}

/// One decimal keeps the SVG small and byte-stable.
fn n1(v: f64) -> String {
    format!("{v:.1}")
}

/// Where everything of the map itself is: computed from the campaign alone, so the
/// same for every picture of it.
pub(crate) struct Geometry {
    proj: Projection,
    pub(crate) height: f64,
    pub(crate) nodes: BTreeMap<String, (f64, f64)>,
    pub(crate) seas: BTreeMap<String, (f64, f64)>,
}

impl Geometry {
    pub(crate) fn of(campaign: &Campaign) -> Geometry {
        let map = &campaign.map;
        let points: Vec<(f64, f64)> = map
            .nodes()
            .map(|n| (n.lat, n.lon))
            .chain(map.seas().map(|s| (s.lat, s.lon)))
            .collect();
        let (proj, height) = Projection::fit(&points);
        let nodes = map
            .nodes()
            .map(|n| (n.code.to_string(), proj.xy(n.lat, n.lon)))
            .collect();
        let seas = map
            .seas()
            .map(|s| (s.code.to_string(), proj.xy(s.lat, s.lon)))
            .collect();
        Geometry {
            proj,
            height: height.ceil(),
            nodes,
            seas,
        }
    }

    pub(crate) fn place(&self, code: &str) -> Option<(f64, f64)> {
        self.nodes
            .get(code)
            .or_else(|| self.seas.get(code))
            .copied()
    }

    /// The box where a place's pieces are drawn, side by side: above a node, below a
    /// sea zone's name.
    pub(crate) fn slot(&self, code: &str) -> Option<Rect> {
        let w = SLOT_PIECES as f64 * (ICON_W + ICON_GAP);
        if let Some(&(x, y)) = self.nodes.get(code) {
            return Some(Rect::new(
                x - w / 2.0,
                y - 9.0 - ICON_H,
                x + w / 2.0,
                y - 8.0,
            ));
        }
        let &(x, y) = self.seas.get(code)?;
        Some(Rect::new(
            x - w / 2.0,
            y + 4.0,
            x + w / 2.0,
            y + 5.0 + ICON_H,
        ))
    }
}

/// The radius of a node's mark.
fn mark_radius(kind: &str, capital: bool) -> f64 {
    match (kind, capital) {
        (_, true) => 8.0,
        ("city", _) => 6.0,
        ("fortress", _) => 5.0,
        _ => 4.0,
    }
}

/// Each nation's fill: its colour, hatched when an earlier nation has the same colour
/// (the shipped palette is colour-blind safe, and hatching tells the pairs apart).
fn fills(campaign: &Campaign) -> (BTreeMap<String, String>, Vec<Pattern>) {
    let mut seen = BTreeSet::new();
    let mut fill = BTreeMap::new();
    let mut patterns = Vec::new();
    for n in &campaign.nations {
        let colour = n.colour.to_lowercase();
        if seen.insert(colour.clone()) {
            fill.insert(n.code.to_string(), colour);
        } else {
            let id = format!("hatch-{}", n.code);
            fill.insert(n.code.to_string(), format!("url(#{id})"));
            patterns.push(Pattern { id, colour });
        }
    }
    (fill, patterns)
}

/// Renders the political map with no pieces: the bulletin's and the yearly picture.
pub(crate) fn render(
    campaign: &Campaign,
    world: &World,
    club: Option<&str>,
    env: &minijinja::Environment,
) -> Result<String> {
    let pieces = match club {
        Some(club) => world_pieces(world, |n| n == club),
        None => Vec::new(),
    };
    let phase = crate::words::explain::phase_name(
        &crate::words::from_env(env),
        &campaign.tables.calendar,
        world.phase,
        Lang::It,
    );
    // A picture shared by every language is titled in the game's own, Italian, as its
    // title and the nations' names already are (a club's own map is in its language).
    let title = match club.and_then(|c| campaign.nation(c)) {
        Some(n) => format!("{} — {} — {phase}", campaign.title_it, n.name_it),
        None => format!("{} — {phase}", campaign.title_it),
    };
    draw(campaign, &world_layers(world, title, pieces), env)
}

/// Renders the referee's map: every piece of every nation, with its id and size.
pub fn render_referee(
    campaign: &Campaign,
    world: &World,
    env: &minijinja::Environment,
) -> Result<String> {
    let phase = crate::words::explain::phase_name(
        &crate::words::from_env(env),
        &campaign.tables.calendar,
        world.phase,
        Lang::It,
    );
    let title = format!("{} — {phase}", campaign.title_it);
    let pieces = world_pieces(world, |_| true);
    draw(campaign, &world_layers(world, title, pieces), env)
}

fn world_layers(world: &World, title: String, pieces: Vec<At>) -> Layers {
    let owners = world
        .nodes
        .iter()
        .map(|(c, n)| (c.to_string(), (n.owner.to_string(), n.fortification)))
        .collect();
    Layers {
        title,
        lang: Lang::It,
        owners,
        pieces,
        moves: Vec::new(),
        battles: BTreeSet::new(),
        sieges: world.sieges.iter().map(|s| s.node.to_string()).collect(),
        changed: BTreeSet::new(),
    }
}

/// The pieces of the nations `whose` accepts, as the referee knows them.
fn world_pieces(world: &World, whose: impl Fn(&str) -> bool) -> Vec<At> {
    let mut out = Vec::new();
    for a in world.armies.values().filter(|a| whose(a.nation.as_str())) {
        out.push(At {
            at: a.node.to_string(),
            kind: Kind::Army,
            nation: a.nation.to_string(),
            label: Some(format!("{} {}", a.id, a.value)),
        });
    }
    for f in world.fleets.values().filter(|f| whose(f.nation.as_str())) {
        let at = match &f.at {
            FleetAt::Port(p) => p.to_string(),
            FleetAt::Sea(s) => s.to_string(),
        };
        out.push(At {
            at,
            kind: Kind::Fleet,
            nation: f.nation.to_string(),
            label: Some(f.id.to_string()),
        });
    }
    for d in world
        .diplomats
        .values()
        .filter(|d| whose(d.nation.as_str()))
    {
        out.push(At {
            at: d.node.to_string(),
            kind: Kind::Diplomat,
            nation: d.nation.to_string(),
            label: Some(d.id.to_string()),
        });
    }
    for (code, n) in &world.nodes {
        if let Some(g) = n.garrison.as_ref().filter(|g| whose(g.nation.as_str())) {
            out.push(At {
                at: code.to_string(),
                kind: Kind::Garrison,
                nation: g.nation.to_string(),
                label: None,
            });
        }
    }
    out
}

/// What one club's picture holds (G7): the political map, its own pieces, the foreign
/// markers it sees and its round. Taken from its [`ClubView`] only.
fn view_layers(view: &ClubView) -> Layers {
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
    let own = view.nation.to_string();
    let mut pieces: Vec<At> = Vec::new();
    for a in view.armies.iter().filter(|a| a.aboard.is_none()) {
        pieces.push(At {
            at: a.node.to_string(),
            kind: Kind::Army,
            nation: own.clone(),
            label: Some(format!("{} {}", a.id, a.value)),
        });
    }
    for (list, kind) in [
        (&view.fleets, Kind::Fleet),
        (&view.diplomats, Kind::Diplomat),
    ] {
        for p in list {
            pieces.push(At {
                at: p.at.clone(),
                kind,
                nation: own.clone(),
                label: Some(p.id.clone()),
            });
        }
    }
    for g in &view.garrisons {
        pieces.push(At {
            at: g.at.clone(),
            kind: Kind::Garrison,
            nation: own.clone(),
            label: None,
        });
    }
    for m in &view.markers {
        pieces.push(At {
            at: m.at.clone(),
            kind: Kind::Marker,
            nation: m.nation.to_string(),
            label: None,
        });
    }
    let title = format!(
        "{} — {} — {}",
        view.campaign,
        view.nation_name,
        view.next_phase.as_ref().unwrap_or(&view.phase).name
    );
    Layers {
        title,
        lang: view.lang,
        owners,
        pieces,
        moves: view
            .orders
            .iter()
            .filter(|o| o.path.len() > 1)
            .map(|o| o.path.iter().map(|c| c.to_string()).collect())
            .collect(),
        battles: view.battles.iter().map(|b| b.node.to_string()).collect(),
        sieges: view
            .besieging
            .iter()
            .chain(&view.besieged)
            .map(|c| c.to_string())
            .collect(),
        changed: view.changed_hands.iter().map(|c| c.to_string()).collect(),
    }
}

/// Renders what one club knows (G7), drawn from its [`ClubView`] only.
pub fn render_view(
    campaign: &Campaign,
    view: &ClubView,
    env: &minijinja::Environment,
) -> Result<String> {
    draw(campaign, &view_layers(view), env)
}

/// The base's labels: one per node, placed once per campaign.
struct BaseLabels {
    labels: Vec<NodeLabel>,
    /// Every box the overlay must not cover: labels, marks, ports, slots.
    taken: Vec<Rect>,
}

/// What the base's labels are placed from: the map's nodes and sea zones.
type BaseKey = (
    Vec<crate::rules::map::Node>,
    Vec<crate::rules::map::SeaZone>,
);

/// The base's labels of a campaign, placed once per process and shared by every
/// picture drawn of it (placing them is most of the cost of a map's SVG, and every
/// club's map of every phase has the same). Keyed by the nodes and sea zones
/// themselves, so a changed map is never missed.
fn cached_base_labels(campaign: &Campaign, g: &Geometry) -> Arc<BaseLabels> {
    type Cache = Mutex<Vec<(BaseKey, Arc<BaseLabels>)>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    /// Campaigns kept: a process draws one, tests a few.
    const KEPT: usize = 4;
    let lock = |m: &'static Cache| m.lock().unwrap_or_else(|e| e.into_inner());
    let cache = CACHE.get_or_init(Default::default);
    let key: BaseKey = (
        campaign.map.nodes().cloned().collect(),
        campaign.map.seas().cloned().collect(),
    );
    if let Some((_, b)) = lock(cache).iter().find(|(k, _)| *k == key) {
        return b.clone();
    }
    // Placed outside the lock: two threads may both place them once, the same way.
    let b = Arc::new(base_labels(campaign, g));
    let mut kept = lock(cache);
    if !kept.iter().any(|(k, _)| *k == key) {
        if kept.len() >= KEPT {
            kept.remove(0);
        }
        kept.push((key, b.clone()));
    }
    b
}

fn base_labels(campaign: &Campaign, g: &Geometry) -> BaseLabels {
    let map = &campaign.map;
    let mut obstacles: Vec<Rect> = Vec::new();
    for n in map.nodes() {
        let (x, y) = g.nodes[n.code.as_str()];
        let r = mark_radius(n.kind.as_str(), n.capital) + 2.0;
        obstacles.push(Rect::around(x, y, r));
        if n.port {
            obstacles.push(port_box(x, y));
        }
        obstacles.extend(g.slot(n.code.as_str()));
    }
    for s in map.seas() {
        let (x, y) = g.seas[s.code.as_str()];
        let w = layout::text_width(&s.name, 13.0, false);
        obstacles.push(Rect::new(x - w / 2.0, y - 11.0, x + w / 2.0, y + 4.0));
        obstacles.extend(g.slot(s.code.as_str()));
    }
    // Capitals first, so they keep the best places; then the most crowded, which
    // have the fewest places left; ties in the map's order.
    let crowd = |code: &str| {
        let (x, y) = g.nodes[code];
        g.nodes
            .values()
            .filter(|(a, b)| (a - x).abs() < 60.0 && (b - y).abs() < 40.0)
            .count()
    };
    let mut order: Vec<_> = map.nodes().collect();
    order.sort_by_key(|n| (!n.capital, std::cmp::Reverse(crowd(n.code.as_str()))));
    let wants: Vec<Want> = order
        .iter()
        .map(|n| {
            let (x, y) = g.nodes[n.code.as_str()];
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
    let bounds = Rect::new(2.0, TITLE_BAND, WIDTH - 2.0, g.height - 2.0);
    let placed = layout::place(&wants, &obstacles, bounds);
    let labels = order
        .iter()
        .zip(&wants)
        .zip(&placed)
        .map(|((n, w), p)| NodeLabel {
            id: format!("label-{}", n.code),
            x: n1(p.x),
            y: n1(p.y),
            size: w.size,
            bold: n.capital,
            name: n.name.clone(),
            code: n.code.to_string(),
            leader: p.leader.map(line),
        })
        .collect();
    obstacles.extend(placed.iter().map(|p| p.rect));
    BaseLabels {
        labels,
        taken: obstacles,
    }
}

/// Where a port's anchor is drawn: left of its node.
fn port_box(x: f64, y: f64) -> Rect {
    Rect::new(x - 19.0, y - 5.0, x - 8.0, y + 6.0)
}

fn line((x1, y1, x2, y2): (f64, f64, f64, f64)) -> Line {
    Line {
        x1: n1(x1),
        y1: n1(y1),
        x2: n1(x2),
        y2: n1(y2),
    }
}

/// The land as SVG paths, one per ring.
fn land_paths(campaign: &Campaign, g: &Geometry) -> Vec<String> {
    campaign
        .land
        .iter()
        .map(|ring| {
            let mut d = String::with_capacity(ring.len() * 12);
            for (i, &(lon, lat)) in ring.iter().enumerate() {
                let (x, y) = g.proj.xy(lat, lon);
                d.push_str(if i == 0 { "M" } else { "L" });
                d.push_str(&format!("{x:.1} {y:.1}"));
            }
            d.push('Z');
            d
        })
        .collect()
}

/// The round's moves as arrow paths through the places of each path.
fn move_paths(layers: &Layers, g: &Geometry) -> Vec<String> {
    layers
        .moves
        .iter()
        .filter_map(|path| {
            let pts: Vec<(f64, f64)> = path.iter().filter_map(|c| g.place(c)).collect();
            if pts.len() < 2 {
                return None;
            }
            let mut d = String::new();
            for (i, (x, y)) in pts.iter().enumerate() {
                d.push_str(if i == 0 { "M" } else { " L" });
                d.push_str(&format!("{x:.1} {y:.1}"));
            }
            Some(d)
        })
        .collect()
}

/// The pieces' icons, side by side in their place's slot, and their labels placed
/// where they cover nothing of the base.
fn piece_marks(
    layers: &Layers,
    g: &Geometry,
    fill: &BTreeMap<String, String>,
    base: &BaseLabels,
) -> (Vec<PieceMark>, Vec<Label>, Vec<NodeLabel>) {
    let mut by_place: BTreeMap<&str, Vec<&At>> = BTreeMap::new();
    for p in &layers.pieces {
        if g.slot(&p.at).is_some() {
            by_place.entry(p.at.as_str()).or_default().push(p);
        }
    }
    let (mut marks, mut more, mut texts) = (Vec::new(), Vec::new(), Vec::new());
    for (place, list) in &by_place {
        let Some(slot) = g.slot(place) else { continue };
        let shown = if list.len() > SLOT_PIECES {
            SLOT_PIECES - 1
        } else {
            list.len()
        };
        let width = SLOT_PIECES.min(list.len()) as f64 * (ICON_W + ICON_GAP);
        let x0 = (slot.x0 + slot.x1) / 2.0 - width / 2.0;
        for (i, p) in list.iter().take(shown).enumerate() {
            marks.push(PieceMark {
                id: format!("piece-{place}-{i}"),
                kind: p.kind.name(),
                x: n1(x0 + i as f64 * (ICON_W + ICON_GAP)),
                y: n1(slot.y0),
                fill: fill
                    .get(&p.nation)
                    .cloned()
                    .unwrap_or_else(|| "#888888".into()),
                title: p.label.clone().unwrap_or_else(|| p.nation.clone()),
            });
        }
        if shown < list.len() {
            more.push(Label {
                x: n1(x0 + shown as f64 * (ICON_W + ICON_GAP) + 1.0),
                y: n1(slot.y1 - 1.0),
                name: format!("+{}", list.len() - shown),
            });
        }
        let words: Vec<&str> = list.iter().filter_map(|p| p.label.as_deref()).collect();
        if !words.is_empty() {
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
    let bounds = Rect::new(2.0, TITLE_BAND, WIDTH - 2.0, g.height - 2.0);
    let placed = layout::place(&wants, &base.taken, bounds);
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
        })
        .collect();
    (marks, more, labels)
}

fn legend(
    campaign: &Campaign,
    layers: &Layers,
    env: &minijinja::Environment,
    fill: &BTreeMap<String, String>,
    top: f64,
) -> (Vec<LegendNation>, Vec<LegendSymbol>) {
    let words = crate::words::from_env(env);
    let at = |i: usize| {
        (
            20.0 + (i % LEGEND_COLUMNS) as f64 * LEGEND_COLUMN_W,
            top + 24.0 + (i / LEGEND_COLUMNS) as f64 * LEGEND_ROW_H,
        )
    };
    let nations: Vec<LegendNation> = campaign
        .nations
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let (x, y) = at(i);
            LegendNation {
                x,
                y,
                code: n.code.to_string(),
                name: match layers.lang {
                    Lang::It => n.name_it.clone(),
                    Lang::En => n.name_en.clone(),
                },
                fill: fill.get(n.code.as_str()).cloned().unwrap_or_default(),
            }
        })
        .collect();
    let first = nations.len().div_ceil(LEGEND_COLUMNS) * LEGEND_COLUMNS;
    let symbols = LEGEND_SYMBOLS
        .iter()
        .enumerate()
        .map(|(i, kind)| {
            let (x, y) = at(first + i);
            LegendSymbol {
                x,
                y,
                kind,
                text: t!(words, layers.lang, &format!("map-legend-{kind}")),
            }
        })
        .collect();
    (nations, symbols)
}

/// The legend band's height for a campaign: the same for every picture of it.
fn legend_height(campaign: &Campaign) -> f64 {
    let rows = campaign.nations.len().div_ceil(LEGEND_COLUMNS)
        + LEGEND_SYMBOLS.len().div_ceil(LEGEND_COLUMNS);
    24.0 + rows as f64 * LEGEND_ROW_H
}

pub(crate) fn draw(
    campaign: &Campaign,
    layers: &Layers,
    env: &minijinja::Environment,
) -> Result<String> {
    let map = &campaign.map;
    let g = Geometry::of(campaign);
    let (fill, patterns) = fills(campaign);
    let at = |code: &str| g.place(code).map(|(x, y)| (n1(x), n1(y)));
    let join = |a: (String, String), b: (String, String)| Line {
        x1: a.0,
        y1: a.1,
        x2: b.0,
        y2: b.1,
    };
    let roads = map
        .roads()
        .into_iter()
        .filter_map(|(a, b)| Some(join(at(a.as_str())?, at(b.as_str())?)))
        .collect();
    let lanes = map
        .lanes()
        .into_iter()
        .filter_map(|(a, b)| Some(join(at(a.as_str())?, at(b.as_str())?)))
        .collect();
    let mut port_links = Vec::new();
    for s in map.seas() {
        for p in map.ports_on(s.code.as_str()) {
            if let (Some(a), Some(b)) = (at(s.code.as_str()), at(p.as_str())) {
                port_links.push(join(a, b));
            }
        }
    }
    let seas = map
        .seas()
        .map(|s| {
            let (x, y) = g.seas[s.code.as_str()];
            Label {
                x: n1(x),
                y: n1(y),
                name: s.name.clone(),
            }
        })
        .collect();
    let ports = map
        .nodes()
        .filter(|n| n.port)
        .map(|n| {
            let r = port_box(g.nodes[n.code.as_str()].0, g.nodes[n.code.as_str()].1);
            Point {
                x: n1(r.x0),
                y: n1(r.y1 - 1.0),
            }
        })
        .collect();
    let base = cached_base_labels(campaign, &g);
    let nodes = map
        .nodes()
        .map(|n| {
            let code = n.code.as_str();
            let state = layers.owners.get(code);
            let owner = state.map_or(n.owner.as_str(), |s| s.0.as_str());
            let (x, y) = g.nodes[code];
            NodeMark {
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
            }
        })
        .collect();
    let battles = layers
        .battles
        .iter()
        .filter_map(|c| at(c))
        .map(|(x, y)| Point { x, y })
        .collect();
    let (pieces, more, piece_labels) = piece_marks(layers, &g, &fill, &base);
    let (legend_nations, legend_symbols) = legend(campaign, layers, env, &fill, g.height);
    let picture = Picture {
        title: layers.title.clone(),
        width: WIDTH as u32,
        height: g.height as u32,
        full_height: (g.height + legend_height(campaign)).ceil() as u32,
        patterns,
        lands: land_paths(campaign, &g),
        roads,
        lanes,
        port_links,
        seas,
        ports,
        labels: &base.labels,
        nodes,
        moves: move_paths(layers, &g),
        battles,
        pieces,
        more,
        piece_labels,
        legend_nations,
        legend_symbols,
        legend_y: g.height,
    };
    let tmpl = env
        .get_template("map.svg")
        .map_err(|e| super::template_error("map.svg", &e))?;
    let svg = tmpl
        .render(minijinja::value::Serde(&picture))
        .map_err(|e| super::template_error("map.svg", &e))?;
    Ok(svg)
}
