//! The map picture: an SVG of the land and sea, nodes by owner, roads, sea zones, lanes
//! and ports; with one club's own pieces, the foreign markers it sees and its round
//! (moves, battles, sieges, places that changed hands), or every piece for the referee.
//!
//! Only public facts (G7.1: owners and fortifications), the pieces of the club the
//! picture is for and, from its view, the markers it sees are drawn.
//!
//! The picture has two parts split by [`png::OVERLAY`]: a base that is the same for
//! every club's picture of a phase in a language (land, sea, roads, names, ports, the
//! legend, the node marks: owners, fortifications and places that changed hands are
//! public, and the title's campaign and phase), rasterized and compressed once and
//! reused, and an overlay of what is the club's (its pieces, its round, its sieges, its
//! name in the title). The marks of the nodes a
//! club's moves pass through are drawn again over the moves, as they always stood.
//! The base is split again by [`png::PHASE`] before the node marks: what is before it
//! (the legend too, which names nations and symbols, never a phase's state) is the same
//! from phase to phase and is rasterized once a process.
//! Labels are placed so none overlaps another, a node or a place pieces go to (see
//! [`super::layout`]).

use super::layout::Rect;
use super::names::{self, Inset};
use layers::{
    Part, Slots, To, land_paths, move_paths, node_marks, piece_marks, port_marks, segments,
};

mod layers;
mod prefix;
mod title;
use crate::error::Result;
use crate::rules::tables::Lang;
use crate::rules::visibility::ClubView;
use crate::rules::world::{FleetAt, Fortification};
use crate::rules::{Campaign, World};
use crate::t;
#[doc(hidden)]
pub use prefix::forget as forget_static_text;
pub use prefix::forget_phase_texts;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Arc, Mutex, OnceLock};

/// Width of the picture in SVG units (pixels at 1×).
pub(crate) const WIDTH: f64 = 1400.0;
pub(crate) const MARGIN: f64 = 60.0;
/// The band at the top kept for the title.
pub(crate) const TITLE_BAND: f64 = 46.0;
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
    /// The whole title, what a reader's pointer is told.
    title: String,
    /// The title's part every club's picture of the phase shares, written with the
    /// phase's node marks (empty for none), and the club's own part, written in its
    /// overlay at `own_x` (empty for none): `title::parts`.
    heading: String,
    own_title: String,
    own_x: f64,
    /// The height of the band the title stands on ([`TITLE_BAND`]).
    title_band: f64,
    width: u32,
    /// The map's height; the legend band follows, to `full_height`.
    height: u32,
    full_height: u32,
    patterns: Vec<Pattern>,
    seas: Vec<Sea>,
    #[serde(flatten)]
    drawn: Drawn<'a>,
    legend_nations: Vec<LegendNation>,
    legend_symbols: Vec<LegendSymbol>,
    legend_y: f64,
    /// The enlarged part of the map below it, where the map cannot hold its names.
    inset: Option<InsetPicture<'a>>,
    /// Whether the phase's node marks are kept (`prefix::PhaseKey`): the built-in
    /// template then leaves its node layers out, and `nodes` holds only the marks the
    /// club's overlay reads.
    phase_kept: bool,
}

/// The inset as drawn: its frame, the dashed box of the main map it enlarges, and the
/// same layers as the main map's for the places inside (names with the ids the main
/// map would give them, so a test measures both alike).
#[derive(Serialize)]
struct InsetPicture<'a> {
    x: String,
    y: String,
    w: String,
    h: String,
    src_x: String,
    src_y: String,
    src_w: String,
    src_h: String,
    caption: String,
    #[serde(flatten)]
    drawn: Drawn<'a>,
}

/// What the main map and its inset both draw, each for its own places and in its own
/// coordinates (the templates read the same names on either).
#[derive(Serialize)]
struct Drawn<'a> {
    lands: Vec<String>,
    roads: Vec<Line>,
    lanes: Vec<Line>,
    port_links: Vec<Line>,
    ports: Vec<Port>,
    labels: &'a [NodeLabel],
    nodes: Vec<NodeMark>,
    moves: Vec<Move>,
    battles: Vec<Point>,
    pieces: Vec<PieceMark>,
    more: Vec<Label>,
    piece_labels: Vec<NodeLabel>,
}

/// A sea zone's name, centred on `x`.
#[derive(Clone, Serialize)]
struct Sea {
    id: String,
    x: String,
    y: String,
    name: String,
}

/// A sea zone's name as placed once for every picture, in each language (placed with
/// room for the longer).
struct SeaLabel {
    sea: Sea,
    name_en: String,
}

/// A port's anchor.
#[derive(Serialize)]
struct Port {
    id: String,
    x: String,
    y: String,
}

/// A move of the round: its path and its arrowhead (a triangle drawn as such, its size
/// the same in every viewer and at the size the picture is sent).
#[derive(Serialize)]
struct Move {
    id: String,
    arrow_id: String,
    d: String,
    head: String,
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
    /// Whether it may cross the inset's frame: it is clipped to it.
    clip: bool,
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
    /// Whether it (leader line and all) may cross the inset's frame: it is clipped to it.
    clip: bool,
}

#[derive(Clone, Serialize)]
struct NodeMark {
    /// The mark's id (`mark-CODE`) where its name is drawn beside it: on the main map,
    /// or in the inset for the places it enlarges.
    mark_id: Option<String>,
    /// Whether this is the main map's mark (the one with the node's id and code).
    main: bool,
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
    /// Whether a move of the picture's club passes through the node: its mark, drawn
    /// in the phase's shared layer under the moves, is drawn again over them.
    on_move: bool,
    /// Whether the mark, in the inset, may cross its frame: it is clipped to it.
    clip: bool,
}

impl NodeMark {
    /// Hashes the mark as the phase's shared layer draws it, the same for every club:
    /// without whether the club's moves pass it (`prefix::PhaseKey`). Every other field
    /// is named, so that a field added is hashed or left out on purpose.
    fn hash_shared(&self, h: &mut impl std::hash::Hasher) {
        use std::hash::Hash as _;
        let NodeMark {
            mark_id,
            main,
            x,
            y,
            code,
            name,
            kind,
            capital,
            fill,
            fortification,
            besieged,
            changed,
            on_move: _,
            clip,
        } = self;
        (mark_id, main, x, y, code, name, kind).hash(h);
        (capital, fill, fortification, besieged, changed, clip).hash(h);
    }
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
    /// Whether it may cross the inset's frame: it is clipped to it.
    clip: bool,
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
    pub(crate) title: title::Title,
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
    /// The campaign's geometry, worked out once a process for each campaign drawn (by
    /// its picture digest): every club's map and order page and the crop of its report
    /// read it, and projecting every place anew was a percent of a phase.
    pub(crate) fn of(campaign: &Campaign) -> Arc<Geometry> {
        /// Campaigns whose geometry is kept: a process draws one, tests a few.
        const KEPT: usize = 4;
        static GEOMETRIES: Mutex<Vec<(u128, Arc<Geometry>)>> = Mutex::new(Vec::new());
        let key = prefix::campaign_digest(campaign);
        // A panic elsewhere while holding it leaves only whole geometries behind.
        let lock = || GEOMETRIES.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, g)) = lock().iter().find(|(k, _)| *k == key) {
            return g.clone();
        }
        let g = Arc::new(Geometry::made(campaign));
        let mut kept = lock();
        if kept.len() >= KEPT {
            kept.remove(0);
        }
        kept.push((key, g.clone()));
        g
    }

    fn made(campaign: &Campaign) -> Geometry {
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
        if let Some(&(x, y)) = self.nodes.get(code) {
            return Some(node_slot(x, y));
        }
        let &(x, y) = self.seas.get(code)?;
        Some(sea_slot(x, y))
    }
}

/// The box above a node drawn at (x, y) where its pieces are drawn.
pub(crate) fn node_slot(x: f64, y: f64) -> Rect {
    let w = SLOT_PIECES as f64 * (ICON_W + ICON_GAP);
    Rect::new(x - w / 2.0, y - 9.0 - ICON_H, x + w / 2.0, y - 8.0)
}

/// The box below a sea zone's point where its pieces are drawn.
pub(crate) fn sea_slot(x: f64, y: f64) -> Rect {
    let w = SLOT_PIECES as f64 * (ICON_W + ICON_GAP);
    Rect::new(x - w / 2.0, y + 4.0, x + w / 2.0, y + 5.0 + ICON_H)
}

/// The radius of a node's mark.
pub(crate) fn mark_radius(kind: &str, capital: bool) -> f64 {
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
    lang: Lang,
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
        lang,
    );
    // Drawn in the reader's language: its title, legend and the seas' names (a
    // play-test's English site showed an Italian map).
    let (game, nation) = match lang {
        Lang::It => (
            &campaign.title_it,
            club.and_then(|c| campaign.nation(c)).map(|n| &n.name_it),
        ),
        Lang::En => (
            &campaign.title_en,
            club.and_then(|c| campaign.nation(c)).map(|n| &n.name_en),
        ),
    };
    let title = title::Title::of(game, nation.map(String::as_str), &phase);
    draw(campaign, &world_layers(world, title, pieces, lang), env)
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
    let title = title::Title::of(&campaign.title_it, None, &phase);
    let pieces = world_pieces(world, |_| true);
    draw(campaign, &world_layers(world, title, pieces, Lang::It), env)
}

fn world_layers(world: &World, title: title::Title, pieces: Vec<At>, lang: Lang) -> Layers {
    let owners = world
        .nodes
        .iter()
        .map(|(c, n)| (c.to_string(), (n.owner.to_string(), n.fortification)))
        .collect();
    Layers {
        title,
        lang,
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
fn view_layers(view: &ClubView, env: &minijinja::Environment) -> Layers {
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
    // The picture shows where the pieces stand once the phase is resolved, with that
    // phase's moves drawn: it is titled "after" it (a play-test read the open phase's
    // name as the time of the moves).
    let when = match &view.next_phase {
        Some(_) => crate::t!(
            crate::words::from_env(env),
            view.lang,
            "map-title-after",
            phase = view.phase.name.as_str()
        ),
        None => view.phase.name.clone(),
    };
    let title = title::Title::of(&view.campaign, Some(&view.nation_name), &when);
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
    draw(campaign, &view_layers(view, env), env)
}

/// The base's names, placed once per campaign (see [`super::names`]): the sea zones',
/// the nodes' on the main map, and the inset's where there is one.
struct BaseLabels {
    seas: Vec<SeaLabel>,
    labels: Vec<NodeLabel>,
    /// Every box of the main map a piece's label must not cover: names, marks, ports,
    /// slots.
    taken: Vec<Rect>,
    inset: Option<InsetLabels>,
}

/// The inset's part of the base: where it is, its names, its boxes taken.
struct InsetLabels {
    inset: Inset,
    labels: Vec<NodeLabel>,
    taken: Vec<Rect>,
}

/// The base's labels of a campaign, placed once per process and shared by every
/// picture drawn of it (placing them is most of the cost of a map's SVG, and every
/// club's map of every phase has the same). Keyed by the digest of what the map is
/// drawn from (`prefix::campaign_digest`: the nodes and sea zones among it), so a
/// changed map is never missed.
fn cached_base_labels(campaign: &Campaign, g: &Geometry, key: u128) -> Arc<BaseLabels> {
    type Cache = Mutex<Vec<(u128, Arc<BaseLabels>)>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    /// Campaigns kept: a process draws one, tests a few.
    const KEPT: usize = 4;
    let lock = |m: &'static Cache| m.lock().unwrap_or_else(|e| e.into_inner());
    let cache = CACHE.get_or_init(Default::default);
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
    let placed = names::place(campaign, g);
    let nodes: BTreeMap<&str, &crate::rules::map::Node> =
        campaign.map.nodes().map(|n| (n.code.as_str(), n)).collect();
    let labels = |part: &names::Part| -> Vec<NodeLabel> {
        part.names
            .iter()
            .map(|n| {
                let node = nodes[n.code.as_str()];
                NodeLabel {
                    id: format!("label-{}", n.code),
                    x: n1(n.placed.x),
                    y: n1(n.placed.y),
                    size: n.want.size,
                    bold: node.capital,
                    name: node.name.clone(),
                    code: n.code.clone(),
                    leader: n.placed.leader.map(line),
                    // The static layer's inset is clipped whole, drawn once a process.
                    clip: false,
                }
            })
            .collect()
    };
    let seas = placed
        .seas
        .iter()
        .filter_map(|(code, x, y)| {
            let s = campaign.map.seas().find(|s| s.code.as_str() == code)?;
            Some(SeaLabel {
                sea: Sea {
                    id: format!("sea-{code}"),
                    x: n1(*x),
                    y: n1(*y),
                    name: s.name_in(Lang::It).to_owned(),
                },
                name_en: s.name_in(Lang::En).to_owned(),
            })
        })
        .collect();
    BaseLabels {
        seas,
        labels: labels(&placed.main),
        inset: placed.inset.as_ref().map(|(inset, part)| InsetLabels {
            inset: inset.clone(),
            labels: labels(part),
            taken: part.taken.clone(),
        }),
        taken: placed.main.taken,
    }
}

/// The campaign's inset, if its map has one: the same for every picture of it.
pub(crate) fn inset(campaign: &Campaign) -> Option<Inset> {
    let g = Geometry::of(campaign);
    cached_base_labels(campaign, &g, prefix::campaign_digest(campaign))
        .inset
        .as_ref()
        .map(|i| i.inset.clone())
}

/// Where a port's anchor is drawn: left of its node.
pub(crate) fn port_box(x: f64, y: f64) -> Rect {
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

/// The static layer `make` draws, where the picture is written whole; else empty (its
/// text is kept: `prefix`).
fn written<T: Default>(whole: bool, make: impl FnOnce() -> T) -> T {
    if whole { make() } else { T::default() }
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
    let digest = prefix::campaign_digest(campaign);
    let base = cached_base_labels(campaign, &g, digest);
    let inset = base.inset.as_ref();
    let band = inset.map_or(0.0, |i| i.inset.band(g.height));
    let legend_y = g.height + band;
    let (legend_nations, legend_symbols) = legend(campaign, layers, env, &fill, legend_y);
    let words = crate::words::from_env(env);
    let caption = t!(words, layers.lang, "map-inset");
    // The static text (land, roads, names, legend) is written once a process: kept,
    // the picture is written with its static layers empty and follows it.
    let key = prefix::Key::of(
        env,
        digest,
        layers.lang,
        &(&legend_nations, &legend_symbols, &caption),
    );
    let kept = key.as_ref().and_then(prefix::get);
    let whole = kept.is_none();
    // The roads, lanes and port links are static layers: placed only where the
    // picture is written whole.
    let pair = |a: &str, b: &str| Some((g.place(a)?, g.place(b)?));
    let (roads, lanes, port_links) = written(whole, || {
        let roads: Vec<_> = map
            .roads()
            .into_iter()
            .filter_map(|(a, b)| pair(a.as_str(), b.as_str()))
            .collect();
        let lanes: Vec<_> = map
            .lanes()
            .into_iter()
            .filter_map(|(a, b)| pair(a.as_str(), b.as_str()))
            .collect();
        let mut port_links = Vec::new();
        for s in map.seas() {
            for p in map.ports_on(s.code.as_str()) {
                port_links.extend(pair(s.code.as_str(), p.as_str()));
            }
        }
        (roads, lanes, port_links)
    });
    let in_inset = |code: &str| inset.is_some_and(|i| i.inset.nodes.contains(code));
    let same = |p: (f64, f64)| p;
    let radius = |code: &str| {
        map.nodes()
            .find(|n| n.code.as_str() == code)
            .map_or(4.0, |n| mark_radius(n.kind.as_str(), n.capital) + 1.0)
    };
    let battle_points = |to: To, which: &dyn Fn(&str) -> bool| -> Vec<Point> {
        layers
            .battles
            .iter()
            .filter(|c| which(c))
            .filter_map(|c| g.place(c))
            .map(|p| {
                let (x, y) = to(p);
                Point { x: n1(x), y: n1(y) }
            })
            .collect()
    };
    let main_bounds = Rect::new(2.0, TITLE_BAND, WIDTH - 2.0, g.height - 2.0);
    let (pieces, more, piece_labels) = piece_marks(
        layers,
        &fill,
        &Slots {
            slot: &|c| g.slot(c),
            named: &|c| !in_inset(c),
            suffix: "",
            taken: &base.taken,
            bounds: main_bounds,
            frame: None,
        },
    );
    let inset_picture = match inset {
        None => None,
        Some(il) => {
            let i = &il.inset;
            let to = |p: (f64, f64)| i.xy(p);
            let place = |c: &str| g.place(c).map(to);
            let (pieces, more, piece_labels) = piece_marks(
                layers,
                &fill,
                &Slots {
                    slot: &|c| {
                        let &(x, y) = g.nodes.get(c).filter(|_| in_inset(c))?;
                        let (x, y) = i.xy((x, y));
                        Some(node_slot(x, y))
                    },
                    named: &in_inset,
                    suffix: "-in",
                    taken: &il.taken,
                    bounds: Rect::new(
                        i.dst.x0 + 2.0,
                        i.dst.y0 + 2.0,
                        i.dst.x1 - 2.0,
                        i.dst.y1 - 2.0,
                    ),
                    frame: Some(i.dst),
                },
            );
            Some(InsetPicture {
                x: n1(i.dst.x0),
                y: n1(i.dst.y0),
                w: n1(i.dst.x1 - i.dst.x0),
                h: n1(i.dst.y1 - i.dst.y0),
                src_x: n1(i.src.x0),
                src_y: n1(i.src.y0),
                src_w: n1(i.src.x1 - i.src.x0),
                src_h: n1(i.src.y1 - i.src.y0),
                caption: caption.clone(),
                drawn: Drawn {
                    lands: written(whole, || land_paths(campaign, &g, &to, Some(&i.src))),
                    roads: written(whole, || segments(&roads, &to, Some(&i.src))),
                    lanes: written(whole, || segments(&lanes, &to, Some(&i.src))),
                    port_links: written(whole, || segments(&port_links, &to, Some(&i.src))),
                    ports: written(whole, || port_marks(campaign, &g, &to, &in_inset, "-in")),
                    labels: if whole { &il.labels } else { &[] },
                    nodes: node_marks(
                        campaign,
                        layers,
                        &g,
                        &fill,
                        &Part {
                            to: &to,
                            which: &in_inset,
                            named: &in_inset,
                            main: false,
                            frame: Some(i.dst),
                        },
                    ),
                    moves: move_paths(
                        layers,
                        &place,
                        &radius,
                        &|path| path.iter().any(|c| in_inset(c)),
                        "-in",
                    ),
                    battles: battle_points(&to, &in_inset),
                    pieces,
                    more,
                    piece_labels,
                },
            })
        }
    };
    let (patterns, legend_nations, legend_symbols) = if whole {
        (patterns, legend_nations, legend_symbols)
    } else {
        Default::default()
    };
    let (heading, own_title, own_x) = title::parts(&layers.title);
    let mut picture = Picture {
        title: layers.title.full.clone(),
        heading,
        own_title,
        own_x,
        title_band: TITLE_BAND,
        width: WIDTH as u32,
        height: g.height as u32,
        full_height: (legend_y + legend_height(campaign)).ceil() as u32,
        patterns,
        seas: (base.seas.iter())
            .filter(|_| whole)
            .map(|s| match layers.lang {
                Lang::It => s.sea.clone(),
                Lang::En => Sea {
                    name: s.name_en.clone(),
                    ..s.sea.clone()
                },
            })
            .collect(),
        drawn: Drawn {
            lands: written(whole, || land_paths(campaign, &g, &same, None)),
            roads: written(whole, || segments(&roads, &same, None)),
            lanes: written(whole, || segments(&lanes, &same, None)),
            port_links: written(whole, || segments(&port_links, &same, None)),
            ports: written(whole, || port_marks(campaign, &g, &same, &|_| true, "")),
            labels: if whole { &base.labels } else { &[] },
            nodes: node_marks(
                campaign,
                layers,
                &g,
                &fill,
                &Part {
                    to: &same,
                    which: &|_| true,
                    named: &|c| !in_inset(c),
                    main: true,
                    frame: None,
                },
            ),
            moves: move_paths(layers, &|c| g.place(c), &radius, &|_| true, ""),
            battles: battle_points(&same, &|_| true),
            pieces,
            more,
            piece_labels,
        },
        legend_nations,
        legend_symbols,
        legend_y,
        inset: inset_picture,
        phase_kept: false,
    };
    // The phase's node marks are every club's of the phase and language: written once
    // and kept, a club's picture is written without them and they are put back.
    let phase_key = key.map(|k| {
        let inset = picture.inset.as_ref().map(|i| &i.drawn.nodes[..]);
        prefix::PhaseKey::of(k, &picture.heading, &picture.drawn.nodes, inset)
    });
    let phase_kept = phase_key.as_ref().and_then(prefix::phase_get);
    if phase_kept.is_some() {
        picture.phase_kept = true;
        // Past the shared layer, the template reads the marks a club's move passes
        // and the besieged alone.
        let over = |n: &NodeMark| n.on_move || n.besieged;
        picture.drawn.nodes.retain(over);
        if let Some(i) = &mut picture.inset {
            i.drawn.nodes.retain(over);
        }
    }
    let tmpl = env
        .get_template("map.svg")
        .map_err(|e| super::template_error("map.svg", &e))?;
    let svg = tmpl
        .render(minijinja::value::Serde(&picture))
        .map_err(|e| super::template_error("map.svg", &e))?;
    let lost = || crate::error::Error::internal("the map picture lost its phase mark");
    let svg = match (phase_key, phase_kept) {
        (_, Some(nodes)) => prefix::phase_join(&nodes, &svg).ok_or_else(lost)?,
        (Some(phase_key), None) => {
            prefix::phase_keep(phase_key, &svg);
            svg
        }
        (None, None) => svg,
    };
    match (key, kept) {
        (Some(key), None) => {
            prefix::keep(key, &svg);
            Ok(svg)
        }
        (_, Some(kept)) => prefix::join(&kept, &svg).ok_or_else(lost),
        (None, None) => Ok(svg),
    }
}
