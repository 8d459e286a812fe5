//! Fog of war (G7): what one club may know, projected from the world and a phase's
//! resolution into a [`ClubView`], and what everyone may know, into a [`PublicView`].
//!
//! Reports are rendered from these views only: a template cannot reach a fact that is
//! not in the view, so this file is the one place that decides what a club learns.
//! Everything else (treasuries of others, loans, events, specialists, alliances,
//! objectives, orders, whether a marker is a diplomat) stays out (G7.4).

use super::calendar::PhaseId;
use super::campaign::Campaign;
use super::ids::{Ducats, NationCode, NodeCode, natural_cmp};
use super::ledger::{Entry, Item};
use super::outcome::{Audience, Event, Happening, Outcome};
use super::resolve::Resolution;
use super::say::Say;
use super::tables::{Lang, ObjectiveKind};
use super::victory;
use super::world::{FleetAt, Fortification, World};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

mod alliances;
pub mod compare;
mod seen;
mod sequence;
use sequence::audience_includes;
mod walls;
pub use seen::seen_by;
use walls::WallsView;

/// Facts about the phase that the shell knows and that are public: the deadline of the
/// next phase, the seed commitment and the revealed seed, which clubs sent orders.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct PhaseFacts {
    /// The next phase's deadline, in the campaign's time zone, as written to clubs.
    pub deadline: Option<String>,
    /// Hex SHA-256 of the next phase's seed, published before its orders are due.
    pub next_seed_commitment: Option<String>,
    /// The seed of the phase just resolved, so anyone can re-roll its dice.
    pub revealed_seed: Option<String>,
    /// G7.1: the clubs whose orders were received for the phase just resolved.
    pub sent_orders: Vec<NationCode>,
    /// The clubs whose counted file reached the mailbox after the deadline, with when
    /// (as written to clubs). Each club is told only its own: never serialized here.
    #[serde(skip)]
    pub late: BTreeMap<NationCode, String>,
    /// The clubs whose late file the referee refused (`giglio late --refuse`), with when
    /// it arrived: the report keeps the record (a play-test's report said the club had
    /// sent nothing). Each club is told only its own.
    #[serde(skip)]
    pub late_refused: BTreeMap<NationCode, String>,
    /// G0: the nations in civil disorder once the phase is resolved (every club was told
    /// when one fell into it). Each club's report says whether its own is.
    #[serde(skip)]
    pub disorder: BTreeSet<NationCode>,
    /// The clubs that had received a report of this phase before an undo withdrew it
    /// (under the ruling `fresh_seed_after_undo`): each new report says it replaces
    /// that one (a play-test's club had two reports of one subject and went by the
    /// date). Each club is told only its own.
    #[serde(skip)]
    pub replaces: BTreeSet<NationCode>,
}

/// A phase, by key and in words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct PhaseName {
    pub(crate) key: String,
    pub(crate) name: String,
}

/// A node of the political map (G7.1: public).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct NodeView {
    pub(crate) code: NodeCode,
    pub(crate) name: String,
    pub(crate) owner: NationCode,
    pub(crate) owner_name: String,
    pub(crate) fortification: &'static str,
}

/// One of the club's own armies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct ArmyView {
    pub(crate) id: String,
    pub(crate) node: NodeCode,
    pub(crate) node_name: String,
    pub(crate) value: Ducats,
    pub(crate) sapper: bool,
    pub(crate) inside: bool,
    pub(crate) aboard: Option<String>,
    /// Where its fleet is, as a club reads a place, while it is aboard: the army's node
    /// is the port it embarked at (a play-test read an army at sea as in port).
    pub(crate) aboard_at: Option<String>,
}

/// One of the club's own fleets or diplomats, or a garrison: a piece and where it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct PieceView {
    pub(crate) id: String,
    /// A node or sea zone code.
    pub(crate) at: String,
    pub(crate) at_name: String,
    /// Ducats, for a garrison; 0 for a fleet or diplomat.
    pub(crate) value: Ducats,
}

/// A foreign piece seen (G7.2): an army or diplomat ashore, or a fleet in port or at
/// sea, as an anonymous marker without size.
///
/// "Anonymous" is read as: no id, no size, no kind. The marker does show its nation, as
/// the counters on the table show their colours: a club must know whose force stops
/// its march (G3b.4 tells enemy from neutral, G5 an ally from an enemy), and the node's
/// owner is public anyway. Nothing says whether a land marker is an army or a diplomat
/// (G7.4), and foreign garrisons are not pieces: they are met, not seen (G3b.4).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub(crate) struct Marker {
    /// A node or sea zone code.
    pub(crate) at: String,
    pub(crate) at_name: String,
    pub(crate) nation: NationCode,
    pub(crate) sea: bool,
    /// It stands in a place of the club's own (the report says so: a play-test's club
    /// read two enemy armies in its cities only in the list of markers).
    pub(crate) ours: bool,
}

/// The outcome of one of the club's own orders.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct OrderView {
    pub(crate) seq: u32,
    /// The order's name as order files write it (`raise`).
    pub(crate) order: String,
    /// Its kind in the club's language (`arruolamento`).
    pub(crate) name: String,
    pub(crate) done: bool,
    pub(crate) text: String,
    /// For a move carried out: the places the piece went through, where it started
    /// first (node or sea zone codes), for the map's arrows; empty otherwise.
    pub(crate) path: Vec<String>,
}

/// An event the club may learn of, in words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EventView {
    pub rule: String,
    pub text: String,
}

/// One of the club's own ledger lines.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct LedgerLine {
    /// A line of the treasury (the report runs them from its opening to its closing).
    pub(crate) treasury: bool,
    pub(crate) account: String,
    pub(crate) item: String,
    pub(crate) amount: Ducats,
    pub(crate) rule: String,
}

/// A battle the club is a party to and that waits for its result (G3c.7).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct BattleView {
    pub(crate) id: String,
    pub(crate) node: NodeCode,
    pub(crate) node_name: String,
    pub(crate) opponent: NationCode,
    pub(crate) opponent_name: String,
    /// `attacker` or `defender`.
    pub(crate) role: &'static str,
    pub(crate) rearguard: bool,
}

/// The club's own standing against its own objective (G8), and nothing of others'.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StandingView {
    pub(crate) objective: String,
    /// The objective's id (`most_cities`): what the measure counts.
    pub kind: ObjectiveKind,
    /// The club's own measure (nodes held, ducats…).
    pub(crate) measure: i64,
    /// The best measure of any other club, for a "most" objective, when it follows from
    /// public facts (the political map); `None` otherwise.
    pub leader: Option<i64>,
    /// Whether it is met as things stand; `None` when telling would reveal other
    /// clubs' hidden facts (their treasuries, fleets or alliances, G7.4).
    pub(crate) met: Option<bool>,
}

/// Everything one club may know after a phase (G7.2–G7.4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ClubView {
    pub(crate) campaign: String,
    pub lang: Lang,
    pub(crate) nation: NationCode,
    pub(crate) nation_name: String,
    pub(crate) club_name: String,
    /// The phase just resolved.
    pub(crate) phase: PhaseName,
    /// The phase now open, if the campaign goes on.
    pub(crate) next_phase: Option<PhaseName>,
    pub(crate) facts: PhaseFacts,
    pub(crate) treasury: Ducats,
    /// The treasury the phase opened with: the ledger's lines run from it to `treasury`.
    pub(crate) treasury_opening: Ducats,
    /// Ducats due next spring for a loan, if any.
    pub(crate) loan_due: Option<Ducats>,
    pub(crate) spy: bool,
    pub(crate) assassins: u32,
    pub(crate) strategos: bool,
    /// Its own nodes whose defence one of its sappers strengthens (G2b.5): a specialist
    /// of its own, so it is told (G7.2).
    pub(crate) node_sappers: Vec<NodeCode>,
    /// The names of its own winter events in effect.
    pub(crate) events_in_effect: Vec<String>,
    pub standing: Option<StandingView>,
    pub(crate) armies: Vec<ArmyView>,
    pub(crate) fleets: Vec<PieceView>,
    pub(crate) diplomats: Vec<PieceView>,
    pub(crate) garrisons: Vec<PieceView>,
    /// Nodes its armies besiege, and its own nodes under siege.
    pub(crate) besieging: Vec<NodeCode>,
    pub(crate) besieged: Vec<NodeCode>,
    /// The names of the places of `besieging` and `besieged`, by code: a club reads
    /// places by their names.
    pub(crate) siege_places: BTreeMap<NodeCode, String>,
    /// Enemy walls held against its armies standing before them, and by what, as far
    /// as it can tell.
    pub(crate) walls: Vec<WallsView>,
    pub(crate) markers: Vec<Marker>,
    pub(crate) orders: Vec<OrderView>,
    /// The file's numbers below its last order's that have no outcome here: a battle
    /// result, a letter, an extension or a part that did not read (its receipt told
    /// what became of it). A report that starts at #2 says why.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) order_gaps: Vec<u32>,
    /// When the club's counted file reached the mailbox, where that was after the
    /// deadline: a late file's receipt could not say whether it would count.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) late_file: Option<String>,
    /// When the club's late file that the referee refused reached the mailbox.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) late_refused: Option<String>,
    /// This report replaces one of the same phase that an undo withdrew.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(crate) replaces: bool,
    /// G0: the club's nation is in civil disorder: its pieces stand on their standing
    /// choices until an order file of its own comes.
    /// How it is played meanwhile: `stand` or `bot` (the ruling `civil_disorder_play`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) in_disorder: Option<crate::rules::tables::DisorderPlay>,
    /// G5.2: the alliances the club declared, and where each stands after the phase.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) alliances: Vec<alliances::AllianceView>,
    /// Every army, fleet and diplomat of the club stands where it stood before the phase
    /// (none moved, sailed, fell or was raised): what a report may say of a club that
    /// sent no orders.
    pub(crate) stood: bool,
    pub events: Vec<EventView>,
    pub(crate) ledger: Vec<LedgerLine>,
    pub(crate) battles: Vec<BattleView>,
    /// Its own nodes, and the whole political map (G7.1).
    pub(crate) own_nodes: Vec<NodeView>,
    pub(crate) political: Vec<NodeView>,
    /// Nodes whose owner changed in the phase just resolved (G7.1: owners are public).
    pub(crate) changed_hands: Vec<NodeCode>,
    /// Every nation's name in the club's language, by code (the campaign's, public): a
    /// report names the nations of its markers and of who sent orders.
    pub(crate) names: BTreeMap<NationCode, String>,
}

/// What every club may know after a phase (G7.1): the bulletin.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PublicView {
    pub(crate) campaign: String,
    pub(crate) lang: Lang,
    pub(crate) phase: PhaseName,
    pub(crate) next_phase: Option<PhaseName>,
    pub(crate) facts: PhaseFacts,
    /// Every club and whether its orders were received.
    pub(crate) clubs: Vec<ClubLine>,
    pub(crate) events: Vec<EventView>,
    /// Nodes owned per nation, most first.
    pub(crate) holdings: Vec<Holding>,
    pub(crate) political: Vec<NodeView>,
}

/// A club in the bulletin.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct ClubLine {
    pub(crate) nation: NationCode,
    pub(crate) name: String,
    pub(crate) sent_orders: bool,
}

/// How many nodes a nation holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct Holding {
    pub(crate) nation: NationCode,
    pub(crate) name: String,
    pub(crate) nodes: usize,
}

/// The names a view needs from outside the rules: the club's own name.
pub struct ClubName<'a> {
    pub nation: &'a NationCode,
    pub name: &'a str,
    pub lang: Lang,
}

fn phase_name(say: &dyn Say, id: PhaseId, lang: Lang) -> PhaseName {
    PhaseName {
        key: id.key(),
        name: say.phase(id, lang),
    }
}

fn fortification_word(f: Fortification) -> &'static str {
    match f {
        Fortification::None => "none",
        Fortification::Fortified => "fortified",
        Fortification::Breached => "breached",
    }
}

/// The places a move carried out went through, its start first (empty for any other
/// outcome): an army's or diplomat's path, or a fleet's one step.
fn moved_path(before: &World, result: &Outcome) -> Vec<String> {
    use super::outcome::Done;
    let (start, rest): (Option<String>, Vec<String>) = match result {
        Outcome::Done(Done::Moved { piece, path }) => (
            before
                .armies
                .values()
                .find(|a| a.id.as_str() == piece)
                .map(|a| a.node.to_string())
                .or_else(|| {
                    before
                        .diplomats
                        .values()
                        .find(|d| d.id.as_str() == piece)
                        .map(|d| d.node.to_string())
                }),
            path.iter().map(|n| n.to_string()).collect(),
        ),
        Outcome::Done(Done::FleetMoved { fleet, to }) => (
            before.fleets.get(fleet).map(|f| match &f.at {
                FleetAt::Port(p) => p.to_string(),
                FleetAt::Sea(s) => s.to_string(),
            }),
            vec![to.clone()],
        ),
        _ => return Vec::new(),
    };
    let Some(start) = start else {
        return Vec::new();
    };
    let mut out = vec![start];
    for p in rest {
        if out.last() != Some(&p) {
            out.push(p);
        }
    }
    out
}

/// The political map: every node, its owner and fortification (G7.1).
fn political(c: &Campaign, w: &World, lang: Lang) -> Vec<NodeView> {
    let mut out: Vec<NodeView> = w
        .nodes
        .iter()
        .map(|(code, n)| NodeView {
            code: code.clone(),
            name: c.place_name(code.as_str()),
            owner: n.owner.clone(),
            owner_name: c.nation_name(n.owner.as_str(), lang),
            fortification: fortification_word(n.fortification),
        })
        .collect();
    out.sort_by(|a, b| natural_cmp(a.code.as_str(), b.code.as_str()));
    out
}

/// Puts each run of consecutive income entries in the natural order of their nodes
/// (V0, V1, V2 … V10); every other entry keeps the order it happened in.
fn sort_income_runs(entries: &mut [&Entry]) {
    let node = |e: &Entry| match &e.item {
        Item::Income { node } => Some(node.as_str().to_owned()),
        _ => None,
    };
    let mut i = 0;
    while i < entries.len() {
        let run = entries[i..]
            .iter()
            .take_while(|e| node(e).is_some())
            .count();
        if run > 1 {
            entries[i..i + run].sort_by(|a, b| {
                natural_cmp(&node(a).unwrap_or_default(), &node(b).unwrap_or_default())
            });
        }
        i += run.max(1);
    }
}

/// The events `nation` may be told, in order: the public ones and its own.
pub fn events_for<'a>(events: &'a [Event], nation: &NationCode) -> Vec<&'a Event> {
    events
        .iter()
        .filter(|e| audience_includes(e, nation))
        .collect()
}

/// The nodes in which a club sees foreign pieces (G7.2): those it owns or occupies
/// with an army ashore, and every node adjacent to those by road unless the campaign's
/// ruling `see_adjacent_nodes` is off.
pub fn watched_nodes(c: &Campaign, w: &World, nation: &NationCode) -> BTreeSet<NodeCode> {
    let mut base: BTreeSet<NodeCode> = w
        .nodes_owned_by(nation.as_str())
        .map(|(code, _)| code.clone())
        .collect();
    base.extend(
        w.armies_of(nation.as_str())
            .filter(|a| a.ashore())
            .map(|a| a.node.clone()),
    );
    if !c.tables.rulings.see_adjacent_nodes {
        return base;
    }
    let mut seen = base.clone();
    for code in &base {
        seen.extend(c.map.neighbours(code.as_str()).cloned());
    }
    seen
}

/// The sea zones in which a club sees foreign fleets (G7.2): those adjacent to its
/// ports or to its fleets.
pub fn watched_seas(c: &Campaign, w: &World, nation: &NationCode) -> BTreeSet<String> {
    let mut seas = BTreeSet::new();
    for (code, _) in w.nodes_owned_by(nation.as_str()) {
        seas.extend(
            c.map
                .seas_of_port(code.as_str())
                .into_iter()
                .map(|s| s.to_string()),
        );
    }
    for f in w.fleets_of(nation.as_str()) {
        match &f.at {
            FleetAt::Port(p) => seas.extend(
                c.map
                    .seas_of_port(p.as_str())
                    .into_iter()
                    .map(|s| s.to_string()),
            ),
            FleetAt::Sea(s) => {
                seas.insert(s.to_string());
                seas.extend(c.map.sea_neighbours(s.as_str()).map(|s| s.to_string()));
            }
        }
    }
    seas
}

/// The foreign pieces a club sees, as anonymous markers (G7.2), places named in `lang`.
pub(crate) fn markers(c: &Campaign, w: &World, nation: &NationCode, lang: Lang) -> Vec<Marker> {
    let nodes = watched_nodes(c, w, nation);
    let seas = watched_seas(c, w, nation);
    let ours = |at: &str| w.nodes.get(at).is_some_and(|n| &n.owner == nation);
    let land = |at: &NodeCode, owner: &NationCode| Marker {
        at: at.to_string(),
        at_name: c.place_name(at.as_str()),
        nation: owner.clone(),
        sea: false,
        ours: ours(at.as_str()),
    };
    let mut out: Vec<Marker> = w
        .armies
        .values()
        .filter(|a| &a.nation != nation && a.ashore() && nodes.contains(&a.node))
        .map(|a| land(&a.node, &a.nation))
        .chain(
            w.diplomats
                .values()
                .filter(|d| &d.nation != nation && nodes.contains(&d.node))
                .map(|d| land(&d.node, &d.nation)),
        )
        .collect();
    for f in w.fleets.values().filter(|f| &f.nation != nation) {
        let (at, sea, visible) = match &f.at {
            FleetAt::Port(p) => (p.to_string(), false, nodes.contains(p)),
            FleetAt::Sea(s) => (s.to_string(), true, seas.contains(s.as_str())),
        };
        if visible {
            out.push(Marker {
                at_name: c.place_name_in(&at, lang),
                ours: !sea && ours(&at),
                at,
                nation: f.nation.clone(),
                sea,
            });
        }
    }
    // Sorted, so the order says nothing about piece ids (and so nothing about which
    // marker is a diplomat).
    out.sort();
    out
}

/// The club's own standing; whether it is met is told only when that follows from
/// public facts (the political map) or the club's own.
fn standing(c: &Campaign, w: &World, nation: &NationCode, lang: Lang) -> Option<StandingView> {
    let verdict = victory::standings(c, w);
    let s = verdict
        .standings
        .into_iter()
        .find(|s| &s.nation == nation)?;
    let kind = s.objective?;
    let entry = c.tables.victory.objective.iter().find(|o| o.id == kind);
    let mut objective = entry.map_or_else(
        || format!("{kind:?}"),
        |e| match lang {
            Lang::It => e.name_it.clone(),
            Lang::En => e.name_en.clone(),
        },
    );
    if let Some(t) = &s.target {
        objective = format!("{objective}: {}", c.nation_name(t.as_str(), lang));
    }
    let public = matches!(
        kind,
        ObjectiveKind::KeepPossessions
            | ObjectiveKind::ConquerNation
            | ObjectiveKind::MostCapitals
            | ObjectiveKind::MostCities
            | ObjectiveKind::MostFortresses
            | ObjectiveKind::MostVillages
            | ObjectiveKind::MostPorts
    );
    let most = !matches!(
        kind,
        ObjectiveKind::KeepPossessions | ObjectiveKind::ConquerNation
    );
    Some(StandingView {
        objective,
        kind,
        measure: s.measure,
        leader: s.rival_best.filter(|_| public && most),
        met: public.then_some(s.met),
    })
}

/// Where each army, fleet and diplomat of a nation stands, by id: its node or sea zone,
/// whether inside the walls, and the fleet it is aboard.
fn pieces_where(w: &World, nation: &str) -> Vec<(String, String, bool, Option<String>)> {
    let armies = w.armies_of(nation).map(|a| {
        let aboard = a.aboard.as_ref().map(|f| f.to_string());
        (a.id.to_string(), a.node.to_string(), a.inside, aboard)
    });
    let fleets = w.fleets_of(nation).map(|f| {
        let at = match &f.at {
            FleetAt::Port(n) => n.to_string(),
            FleetAt::Sea(s) => s.to_string(),
        };
        (f.id.to_string(), at, false, None)
    });
    let diplomats = w
        .diplomats
        .values()
        .filter(|d| d.nation.as_str() == nation)
        .map(|d| (d.id.to_string(), d.node.to_string(), false, None));
    armies.chain(fleets).chain(diplomats).collect()
}

/// Projects what `club` may know after the phase `before` was resolved into
/// `resolution` (whose next world, if any, is the state now).
pub fn club_view(
    c: &Campaign,
    say: &dyn Say,
    before: &World,
    resolution: &Resolution,
    club: ClubName,
    facts: &PhaseFacts,
) -> ClubView {
    let now = resolution.next.as_ref().unwrap_or(before);
    let nation = club.nation;
    let lang = club.lang;
    let own = now.nation(nation.as_str());
    let mut armies: Vec<ArmyView> = now
        .armies_of(nation.as_str())
        .map(|a| ArmyView {
            id: a.id.to_string(),
            node: a.node.clone(),
            node_name: c.place_name(a.node.as_str()),
            value: a.value,
            sapper: a.sapper,
            inside: a.inside,
            aboard: a.aboard.as_ref().map(|f| f.to_string()),
            aboard_at: a.aboard.as_ref().map(|f| {
                c.place_said_in(
                    match now.fleets.get(f).map(|f| &f.at) {
                        Some(FleetAt::Port(p)) => p.as_str(),
                        Some(FleetAt::Sea(z)) => z.as_str(),
                        None => a.node.as_str(),
                    },
                    lang,
                )
            }),
        })
        .collect();
    armies.sort_by(|a, b| natural_cmp(&a.id, &b.id));
    let mut fleets: Vec<PieceView> = now
        .fleets_of(nation.as_str())
        .map(|f| {
            let at = match &f.at {
                FleetAt::Port(p) => p.to_string(),
                FleetAt::Sea(s) => s.to_string(),
            };
            PieceView {
                id: f.id.to_string(),
                at_name: c.place_name_in(&at, lang),
                at,
                value: 0,
            }
        })
        .collect();
    let mut diplomats: Vec<PieceView> = now
        .diplomats
        .values()
        .filter(|d| &d.nation == nation)
        .map(|d| PieceView {
            id: d.id.to_string(),
            at: d.node.to_string(),
            at_name: c.place_name(d.node.as_str()),
            value: 0,
        })
        .collect();
    let mut garrisons: Vec<PieceView> = now
        .nodes
        .iter()
        .filter_map(|(code, n)| {
            let g = n.garrison.as_ref().filter(|g| &g.nation == nation)?;
            Some(PieceView {
                id: code.to_string(),
                at: code.to_string(),
                at_name: c.place_name(code.as_str()),
                value: g.value,
            })
        })
        .collect();
    for list in [&mut fleets, &mut diplomats, &mut garrisons] {
        list.sort_by(|a, b| natural_cmp(&a.id, &b.id));
    }
    // Places in natural order, each once (two armies may besiege one place).
    let places = |it: &mut dyn Iterator<Item = NodeCode>| -> Vec<NodeCode> {
        let mut v: Vec<NodeCode> = it.collect::<BTreeSet<_>>().into_iter().collect();
        v.sort_by(|a, b| natural_cmp(a.as_str(), b.as_str()));
        v
    };
    let besieging = places(
        &mut now
            .sieges
            .iter()
            .filter(|s| {
                now.armies
                    .get(&s.besieger)
                    .is_some_and(|a| &a.nation == nation)
            })
            .map(|s| s.node.clone()),
    );
    let besieged = places(
        &mut now
            .sieges
            .iter()
            .filter(|s| now.nodes.get(&s.node).is_some_and(|n| &n.owner == nation))
            .map(|s| s.node.clone()),
    );
    // In the order the club wrote them (the file's numbers), not the order they were
    // resolved in: a club reads its report beside its file (a stable sort, so an
    // order with several outcomes keeps them in the order they happened).
    let mut orders: Vec<OrderView> = resolution
        .outcomes
        .iter()
        .filter(|o| &o.nation == nation)
        .map(|o| OrderView {
            seq: o.at.seq,
            order: o.order.clone(),
            name: say.order_name(&o.order, lang),
            done: matches!(o.result, Outcome::Done(_)),
            text: sequence::with_fate(
                say.outcome(&o.result, lang),
                &o.result,
                resolution,
                nation,
                say,
                lang,
            ),
            path: moved_path(before, &o.result),
        })
        .collect();
    orders.sort_by_key(|o| o.seq);
    let order_gaps = orders.last().map_or_else(Vec::new, |last| {
        (1..last.seq)
            .filter(|n| !orders.iter().any(|o| o.seq == *n))
            .collect()
    });
    let events = sequence::battles_first(&resolution.events)
        .into_iter()
        .filter(|e| audience_includes(e, nation))
        .map(|e| EventView {
            rule: e.rule.clone(),
            text: say.happening(
                &seen_by(&e.what, nation, c.tables.rulings.siege_defender_sees),
                lang,
            ),
        })
        .collect();
    let mut entries: Vec<&Entry> = resolution
        .ledger
        .entries
        .iter()
        .filter(|e| &e.nation == nation)
        .collect();
    sort_income_runs(&mut entries);
    let ledger = entries
        .into_iter()
        .map(|e| LedgerLine {
            treasury: e.account == super::ledger::Account::Treasury,
            account: say.account(&e.account, lang),
            item: say.item(&e.item, lang),
            amount: e.amount,
            rule: e.rule.clone(),
        })
        .collect();
    let battles = now
        .battles
        .iter()
        .filter_map(|b| {
            let (role, opponent) = if &b.attacker.nation == nation {
                ("attacker", &b.defender.nation)
            } else if &b.defender.nation == nation {
                ("defender", &b.attacker.nation)
            } else {
                return None;
            };
            Some(BattleView {
                id: b.id.clone(),
                node: b.node.clone(),
                node_name: c.place_name(b.node.as_str()),
                opponent: opponent.clone(),
                opponent_name: c.nation_name(opponent.as_str(), lang),
                role,
                rearguard: b.kind == super::world::BattleKind::Rearguard,
            })
        })
        .collect();
    let political = political(c, now, lang);
    let own_nodes = political
        .iter()
        .filter(|n| &n.owner == nation)
        .cloned()
        .collect();
    // Each with what it does; a disaster struck in the winter that drew it, and is
    // not in effect (a play-test's club read "Disaster" in force the year after).
    let events_in_effect = own.map_or_else(Vec::new, |s| {
        s.events
            .iter()
            .filter_map(
                |id| match c.tables.events.entry.iter().find(|e| &e.id == id) {
                    Some(e) if e.effect == super::tables::EventEffect::BreachRandomFortified => {
                        None
                    }
                    Some(e) => Some(say.event_in_effect(e, lang)),
                    None => Some(winter_event_name(c, id, lang)),
                },
            )
            .collect()
    });
    // `before` is the world after the phase's steps (a battle's result applied while
    // the phase was open): forces that fell back in such a step did not stand.
    let fell_back = resolution.events.iter().any(|e| {
        matches!(&e.what, super::outcome::Happening::Retreated { nation: n, .. } if n == nation)
    });
    let stood =
        !fell_back && pieces_where(before, nation.as_str()) == pieces_where(now, nation.as_str());
    ClubView {
        stood,
        campaign: title(c, lang),
        lang,
        nation: nation.clone(),
        nation_name: c.nation_name(nation.as_str(), lang),
        club_name: club.name.to_owned(),
        phase: phase_name(say, before.phase, lang),
        next_phase: resolution
            .next
            .as_ref()
            .map(|w| phase_name(say, w.phase, lang)),
        facts: facts.clone(),
        treasury: own.map_or(0, |s| s.treasury),
        treasury_opening: before.nation(nation.as_str()).map_or(0, |s| s.treasury),
        loan_due: own.and_then(|s| s.loan.as_ref()).map(|l| l.due()),
        spy: own.is_some_and(|s| s.spy),
        assassins: own.map_or(0, |s| s.assassins),
        strategos: now.strategos.as_ref() == Some(nation),
        node_sappers: now
            .nodes
            .iter()
            .filter(|(_, n)| n.sapper.as_ref() == Some(nation))
            .map(|(code, _)| code.clone())
            .collect(),
        events_in_effect,
        standing: standing(c, now, nation, lang),
        armies,
        fleets,
        diplomats,
        garrisons,
        siege_places: besieging
            .iter()
            .chain(&besieged)
            .map(|n| (n.clone(), c.place_name(n.as_str())))
            .collect(),
        besieging,
        besieged,
        walls: walls::walls(c, now, nation),
        markers: markers(c, now, nation, lang),
        order_gaps,
        late_file: facts.late.get(nation).cloned(),
        late_refused: facts.late_refused.get(nation).cloned(),
        replaces: facts.replaces.contains(nation),
        in_disorder: facts
            .disorder
            .contains(nation)
            .then_some(c.tables.rulings.civil_disorder_play),
        alliances: alliances::alliances(c, now, nation, |n| {
            super::campaign::name_with_code(&c.nation_name(n.as_str(), lang), n.as_str())
        }),
        orders,
        events,
        ledger,
        battles,
        own_nodes,
        changed_hands: now
            .nodes
            .iter()
            .filter(|(code, n)| before.nodes.get(*code).is_some_and(|b| b.owner != n.owner))
            .map(|(code, _)| code.clone())
            .collect(),
        political,
        names: c
            .nations
            .iter()
            .map(|n| (n.code.clone(), c.nation_name(n.code.as_str(), lang)))
            .collect(),
    }
}

/// The game's name: Il Giglio in every language (the campaign's Italian title), so a
/// club's mail and the referee's carry the same name.
fn title(c: &Campaign, _lang: Lang) -> String {
    c.title_it.clone()
}

fn winter_event_name(c: &Campaign, id: &str, lang: Lang) -> String {
    c.tables
        .events
        .entry
        .iter()
        .find(|e| e.id == id)
        .map_or_else(
            || id.to_owned(),
            |e| match lang {
                Lang::It => e.name_it.clone(),
                Lang::En => e.name_en.clone(),
            },
        )
}

/// Projects what every club may know after a phase (G7.1): the public bulletin.
pub(crate) fn public_view(
    c: &Campaign,
    say: &dyn Say,
    before: &World,
    resolution: &Resolution,
    lang: Lang,
    facts: &PhaseFacts,
) -> PublicView {
    let now = resolution.next.as_ref().unwrap_or(before);
    let clubs = now
        .clubs
        .iter()
        .map(|n| ClubLine {
            nation: n.clone(),
            name: c.nation_name(n.as_str(), lang),
            sent_orders: facts.sent_orders.contains(n),
        })
        .collect();
    let events = sequence::battles_first(&resolution.events)
        .into_iter()
        .filter(|e| e.audience == Audience::Public)
        .map(|e| EventView {
            rule: e.rule.clone(),
            text: say.happening(&e.what, lang),
        })
        .collect();
    let mut holdings: Vec<Holding> = c
        .nations
        .iter()
        .map(|n| Holding {
            nation: n.code.clone(),
            name: c.nation_name(n.code.as_str(), lang),
            nodes: now.nodes_owned_by(n.code.as_str()).count(),
        })
        .filter(|h| h.nodes > 0)
        .collect();
    holdings.sort_by(|a, b| b.nodes.cmp(&a.nodes).then(a.nation.cmp(&b.nation)));
    PublicView {
        campaign: title(c, lang),
        lang,
        phase: phase_name(say, before.phase, lang),
        next_phase: resolution
            .next
            .as_ref()
            .map(|w| phase_name(say, w.phase, lang)),
        facts: facts.clone(),
        clubs,
        events,
        holdings,
        political: political(c, now, lang),
    }
}

/// The battles and sieges of a phase as everyone may know them (G7.1, G7.3): the
/// bulletin's public events of those kinds, in its words, and nothing the bulletin does
/// not say (sizes and losses stay with the two sides). The public site lists them, each
/// with the round a battle was fought in where its result came in a later phase
/// (`applied`): a play-test's site dated a March battle by May's bulletin.
pub(crate) fn public_battles(
    say: &dyn Say,
    resolution: &Resolution,
    applied: PhaseId,
    lang: Lang,
) -> Vec<(Option<PhaseName>, EventView)> {
    resolution
        .events
        .iter()
        .filter(|e| e.audience == Audience::Public)
        .filter(|e| {
            matches!(
                e.what,
                Happening::BattleFought { .. }
                    | Happening::Breached { .. }
                    | Happening::Surrendered { .. }
                    | Happening::FortificationsDestroyed { .. }
            )
        })
        .map(|e| {
            let fought = match &e.what {
                Happening::BattleFought { id, .. } => {
                    Some(PhaseId::battle_fought_in(id, applied)).filter(|f| *f != applied)
                }
                _ => None,
            };
            let view = EventView {
                rule: e.rule.clone(),
                text: say.happening(&e.what, lang),
            };
            (fought.map(|f| phase_name(say, f, lang)), view)
        })
        .collect()
}

/// What one club knows of the open phase, as a world: its own pieces, treasury,
/// specialists, loan, objective, sieges and battles, and the public map (G7.1: owners and
/// fortification states, the calendar). Everything else is left out: other nations'
/// pieces, garrisons, treasuries, objectives and alliances, and the pieces of the other
/// side of its battles (G7.3, G7.4). The other side's size in a battle stays: the
/// battle's card gives it to both clubs for the table (G7.3: its own battles), and a
/// result the club sends is checked against it.
///
/// The club's order sheet, the options it lists and the club's own offline check are
/// all computed from this world, so none of them can tell a hidden fact.
pub fn club_world(w: &World, nation: &NationCode) -> World {
    let mine = |n: &NationCode| n == nation;
    let mut k = w.clone();
    for node in k.nodes.values_mut() {
        if node.garrison.as_ref().is_some_and(|g| !mine(&g.nation)) {
            node.garrison = None;
        }
        if node.sapper.as_ref().is_some_and(|s| !mine(s)) {
            node.sapper = None;
        }
    }
    k.nations.retain(|n, _| mine(n));
    k.armies.retain(|_, a| mine(&a.nation));
    k.fleets.retain(|_, f| mine(&f.nation));
    k.diplomats.retain(|_, d| mine(&d.nation));
    // G5.3: a courier's letter is the referee's, even one the club wrote (G7.4).
    k.couriers.clear();
    let own_node = |node: &NodeCode| w.nodes.get(node).is_some_and(|s| mine(&s.owner));
    k.sieges.retain(|s| {
        w.armies.get(&s.besieger).is_some_and(|a| mine(&a.nation)) || own_node(&s.node)
    });
    // Another club's besieging army is not a piece the club may know by id.
    for s in &mut k.sieges {
        if !w.armies.get(&s.besieger).is_some_and(|a| mine(&a.nation)) {
            s.besieger = super::ids::ArmyId(String::new());
        }
    }
    k.alliances.retain(|a| a.declared_by.contains(nation));
    for a in &mut k.alliances {
        // The other's declaration is its secret until both have declared: then the
        // alliance is formed and both clubs were told (G5.2).
        let formed = a.declared_by.len() == 2;
        a.declared_by.retain(|n| n == nation || formed);
        // A betrayal is told to both members when it is recorded (`forces::betray`):
        // the club knows who broke an alliance it declared, and its sheet must not
        // call a broken alliance standing (a play-test's sheet did).
    }
    k.works.retain(|wk| mine(&wk.nation));
    if k.strategos.as_ref().is_some_and(|s| !mine(s)) {
        k.strategos = None;
    }
    k.move_order.clear();
    k.battles
        .retain(|b| mine(&b.attacker.nation) || mine(&b.defender.nation));
    for b in &mut k.battles {
        for side in [&mut b.attacker, &mut b.defender] {
            if !mine(&side.nation) {
                side.armies.clear();
                side.sapper = false;
                side.commander_killed = false;
                side.came_from = None;
            }
        }
    }
    k
}

/// What a club may read of an encounter the round stopped at (G3c.3, G7): its own side
/// whole (pieces, options, standing choice, what its spy saw), of the other side only
/// the nation and whether its garrison stands there, and where its own piece came from
/// when it is the side in hand. `None` if the club is not one of the two sides.
pub fn asked_for(a: &super::exchange::Asked, nation: &NationCode) -> Option<AskView> {
    let (mine, theirs, in_hand) = if &a.hand.nation == nation {
        (&a.hand, &a.other, true)
    } else if &a.other.nation == nation {
        (&a.other, &a.hand, false)
    } else {
        return None;
    };
    Some(AskView {
        id: a.id.clone(),
        node: a.node.clone(),
        in_hand,
        from: in_hand.then(|| a.from.clone()),
        mine: mine.clone(),
        other: theirs.nation.clone(),
        other_garrison: theirs.garrison,
    })
}

/// The result a club mailed for its own battle, when the result that counts is the
/// referee's ruling or an auto-resolve (G3c.7: either counts over the clubs' results):
/// what the club is told was set aside, and where the clubs' results stood (what its
/// receipts and a dispute notice already told it). Never the other club's result
/// itself: that is its orders (G7.4). `mailed` is each club's latest result.
pub fn set_aside_for<'a>(
    mailed: &'a [(NationCode, super::battles::BattleOutcome)],
    counted: &super::battles::BattleOutcome,
    nation: &NationCode,
) -> Option<SetAside<'a>> {
    use super::battles::ResultSource;
    if counted.source == ResultSource::Table {
        return None;
    }
    let mine = mailed.iter().find(|(n, _)| n == nation).map(|(_, o)| o)?;
    // A ruling that gives the club's own result confirms it: nothing is set aside.
    if counted.source == ResultSource::Referee && super::battles::same_result(mine, counted) {
        return None;
    }
    let theirs = mailed.iter().find(|(n, _)| n != nation).map(|(_, o)| o);
    let clubs = match theirs {
        None => ClubsResults::OtherMissing,
        Some(t) if super::battles::same_result(mine, t) => ClubsResults::Agreed,
        Some(_) => ClubsResults::Disputed,
    };
    Some(SetAside { mine, clubs })
}

/// A club's mailed result set aside ([`set_aside_for`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SetAside<'a> {
    pub mine: &'a super::battles::BattleOutcome,
    pub clubs: ClubsResults,
}

/// Where the two clubs' results stood when a ruling or an auto-resolve was applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClubsResults {
    /// The other club had sent none.
    OtherMissing,
    /// The two differed.
    Disputed,
    /// The two agreed (the ruling came first).
    Agreed,
}

/// An asked encounter as one club may read it ([`asked_for`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AskView {
    pub(crate) id: String,
    pub(crate) node: NodeCode,
    /// Whether the club's piece moved in (the side in hand, G3c.1).
    pub(crate) in_hand: bool,
    pub(crate) from: Option<NodeCode>,
    pub(crate) mine: super::exchange::AskedSide,
    pub(crate) other: NationCode,
    pub(crate) other_garrison: bool,
}
