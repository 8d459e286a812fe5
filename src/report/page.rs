//! The order page attached to every club report (`ordini-V-1494-r03.html`): one
//! self-contained HTML file (no server, no network, no external file) with the club's
//! map, its pieces and, for each, the orders the rules allow this phase, so a club
//! clicks its orders and the page writes the order file.
//!
//! Every order the page offers, every place it refuses (with the rule) and every cost
//! comes from the rules (`rules::options`, the sheet's own computation, and
//! `rules::choices`), in the club's own world (`club_world`), embedded as JSON; each
//! order's lines in the file are written here (`orders::unparse_order`). The page's
//! script (`templates/page.js`) only sums, flags and assembles: it knows no rule.

use super::sheet::Attachment;
use crate::orders::unparse_order;
use crate::rules::choices::{Choices, Priced};
use crate::rules::options::Options;
use crate::rules::order::{AssassinTarget, FleetTo, OrderKind, Piece, SapperAt, SpyCondition};
use crate::rules::tables::{Choice, Lang};
use crate::rules::{Campaign, NationCode, World};
use crate::t;
use crate::words::Words;
use serde::Serialize;
use std::collections::BTreeMap;

/// Stands for an order's value in its file lines and words, filled in by the page.
const VALUE: &str = "{v}";
/// A value no order is given, replaced by [`VALUE`] in an order's lines.
const SENTINEL: i64 = 987_654_321;
/// Stands for a Strategos bid's move order in its file lines and words.
const SEQ: &str = "{seq}";

/// The page's file name: `ordini-V-1494-r03.html`, beside the sheet's `.toml`.
pub fn file_name(lang: Lang, nation: &NationCode, phase_key: &str) -> String {
    super::sheet::file_name(lang, nation, phase_key).replace(".toml", ".html")
}

/// What a page is made of.
pub struct PageInput<'a> {
    pub campaign: &'a Campaign,
    /// The open phase's world (the referee's: it is projected to the club's own here).
    pub world: &'a World,
    pub nation: &'a NationCode,
    pub lang: Lang,
    pub deadline: Option<&'a str>,
    /// The club's map as its report draws it (`map::render_view`).
    pub map_svg: &'a str,
    /// The address clubs send orders to.
    pub orders_to: &'a str,
}

/// One order the page offers.
#[derive(Serialize)]
struct Offer {
    /// Unique in the page.
    key: String,
    /// The kind of order, to show offers of one kind together (`page-g-<group>`).
    group: &'static str,
    /// Offers of one slot replace each other (one action per piece and round, one
    /// loan, one objective…).
    slot: String,
    label: String,
    /// The order's lines in the file; `{v}` stands for its value.
    toml: String,
    /// A top-level key (loan, objective, Strategos), written before the tables.
    top: bool,
    /// For an alliance: the list key and the quoted item.
    #[serde(skip_serializing_if = "Option::is_none")]
    list: Option<(String, String)>,
    /// What it is drawn along on the map: the piece's place, then the path.
    path: Vec<String>,
    /// The default value, for an order that has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    value: Option<i64>,
    /// The least value and the rule that sets it.
    #[serde(skip_serializing_if = "Option::is_none")]
    min: Option<(i64, String)>,
    /// The greatest value and the rule that sets it.
    #[serde(skip_serializing_if = "Option::is_none")]
    max: Option<(i64, String)>,
    /// Ducats from the treasury at the default value, and per ducat of value more.
    cost: i64,
    per: i64,
    /// Choices made inside the order (a spy's two branches), each written where
    /// `{name}` stands in its lines and words.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    picks: Vec<Pick>,
    /// For a Strategos bid: the clubs its move order may name (code, name), written
    /// where `{seq}` stands; the club clicks them in turn.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    seq: Vec<(String, String)>,
}

/// One choice inside an order: its options as (the file's value, the words).
#[derive(Serialize)]
struct Pick {
    name: &'static str,
    label: String,
    options: Vec<(String, String)>,
}

#[derive(Serialize)]
struct PagePiece {
    id: String,
    at: String,
    label: String,
    idle: String,
    offers: Vec<Offer>,
    /// Place → the rule that refuses it.
    refused: BTreeMap<String, String>,
}

#[derive(Serialize)]
struct PageData {
    lang: &'static str,
    club: String,
    phase: String,
    file: String,
    to: String,
    subject: String,
    spring: bool,
    /// What spring orders may spend (spring), and the rule a too dear order breaks.
    treasury: i64,
    treasury_rule: String,
    words: BTreeMap<String, String>,
    /// Code → x, y on the map, and the place's name.
    places: BTreeMap<String, (f64, f64, String)>,
    pieces: Vec<PagePiece>,
    general: Vec<Offer>,
}

/// The page's own words, without arguments (or with `{…}` for the script to fill in).
const WORDS: &[&str] = &[
    "page-intro",
    "page-open",
    "page-pieces",
    "page-general",
    "page-orders",
    "page-none",
    "page-remove",
    "page-secret",
    "page-secret-note",
    "page-file",
    "page-copy",
    "page-copied",
    "page-save",
    "page-mail",
    "page-choose",
    "page-not-offered",
    "page-receipt",
    "page-move-order",
    "page-move-order-clear",
];

/// Renders the page.
pub fn render(words: &Words, p: &PageInput) -> String {
    own_render(
        words,
        p,
        &super::sheet::OwnWorld::of(p.campaign, p.world, p.nation),
    )
}

/// [`render`] with the club's own world and options already made (the sheet's).
fn own_render(words: &Words, p: &PageInput, own: &super::sheet::OwnWorld) -> String {
    let data = data(words, p, own);
    let json = serde_json::to_string(&data)
        .unwrap_or_default()
        // Inside a <script> element nothing may close it.
        .replace("</", "<\\/");
    let title = t!(
        words,
        p.lang,
        "page-title",
        nation = nation_name(p.campaign, p.nation.as_str(), p.lang),
        phase = data.phase.as_str()
    );
    include_str!("../../templates/page.html")
        .replace("{{lang}}", data.lang)
        .replace("{{title}}", &html_escape(&title))
        .replace("{{map}}", map_body(p.map_svg))
        .replace("{{script}}", include_str!("../../templates/page.js"))
        .replace("{{data}}", &json)
}

/// The page as an attachment.
pub fn attachment(words: &Words, p: &PageInput) -> Attachment {
    own_attachment(
        words,
        p,
        &super::sheet::OwnWorld::of(p.campaign, p.world, p.nation),
    )
}

/// [`attachment`] with the club's own world and options already made (the sheet's).
pub fn own_attachment(words: &Words, p: &PageInput, own: &super::sheet::OwnWorld) -> Attachment {
    Attachment {
        name: file_name(p.lang, p.nation, &own.world.phase.key()),
        mime: "text/html; charset=utf-8",
        bytes: own_render(words, p, own).into_bytes(),
    }
}

/// The lines a mail that carries the page adds to its text: what the page is and how
/// to open it (save it, then open it in a browser).
pub fn note(words: &Words, lang: Lang, name: &str) -> String {
    format!("\n{}\n", t!(words, lang, "page-note", page = name))
}

/// The same, as a paragraph before the end of an HTML body.
pub fn note_html(html: &str, words: &Words, lang: Lang, name: &str) -> String {
    let p = format!(
        "<p class=\"order-page\">{}</p>\n",
        html_escape(&t!(words, lang, "page-note", page = name))
    );
    match html.rfind("</body>") {
        Some(i) => format!("{}{p}{}", &html[..i], &html[i..]),
        None => format!("{html}{p}"),
    }
}

/// The SVG element itself, without the XML declaration before it.
fn map_body(svg: &str) -> &str {
    svg.find("<svg").map_or(svg, |i| &svg[i..])
}

fn html_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn nation_name(c: &Campaign, code: &str, lang: Lang) -> String {
    c.nation(code).map_or(code.to_owned(), |n| match lang {
        Lang::It => n.name_it.clone(),
        Lang::En => n.name_en.clone(),
    })
}

fn place_name(c: &Campaign, code: &str) -> String {
    c.map
        .node(code)
        .map(|n| n.name.clone())
        .or_else(|| c.map.sea(code).map(|s| s.name.clone()))
        .unwrap_or_default()
}

fn data(words: &Words, p: &PageInput, own: &super::sheet::OwnWorld) -> PageData {
    let (c, l, nation) = (p.campaign, p.lang, p.nation);
    let (options, own) = (&own.options, &own.world);
    // The nodes where the club sees a foreign force on land: what it may aim at.
    let seen: std::collections::BTreeSet<crate::rules::NodeCode> =
        crate::rules::visibility::markers(c, p.world, nation)
            .into_iter()
            .filter(|m| !m.sea)
            .map(|m| crate::rules::NodeCode(m.at))
            .collect();
    let choices = crate::rules::choices::choices(c, own, nation, options, &seen);
    let key = own.phase.key();
    let g = super::map::Geometry::of(c);
    let mut places = BTreeMap::new();
    for (code, &(x, y)) in g.nodes.iter().chain(g.seas.iter()) {
        places.insert(code.clone(), (x, y, place_name(c, code)));
    }
    let mut word_map: BTreeMap<String, String> = WORDS
        .iter()
        .map(|id| ((*id).to_owned(), words.plain(l, id)))
        .collect();
    for g in GROUPS {
        let id = format!("page-g-{g}");
        word_map.insert(id.clone(), words.plain(l, &id));
    }
    let placeholders = [
        ("page-refused", vec!["rule"]),
        ("page-too-dear", vec!["rule", "left"]),
        ("page-too-small", vec!["rule", "min"]),
        ("page-too-large", vec!["rule", "max"]),
        ("page-left", vec!["left"]),
        ("page-treasury", vec!["treasury"]),
        ("page-meet", vec!["node"]),
    ];
    for (id, args) in placeholders {
        let mut a = crate::words::Args::new();
        for name in args {
            a.set(name, format!("{{{name}}}"));
        }
        word_map.insert(id.to_owned(), words.get(l, id, &a));
    }
    if let Some(d) = p.deadline {
        word_map.insert(
            "deadline".into(),
            t!(words, l, "sheet-deadline", deadline = d),
        );
    }
    let spring_prices: BTreeMap<String, &Priced> = choices
        .spring
        .iter()
        .map(|pr| (unparse_order(&pr.order), pr))
        .collect();
    let ctx = Ctx {
        words,
        c,
        l,
        choices: &choices,
        prices: &spring_prices,
        options,
    };
    let pieces = options.pieces.iter().map(|pc| ctx.piece(pc)).collect();
    let general = ctx.general();
    PageData {
        lang: match l {
            Lang::It => "it",
            Lang::En => "en",
        },
        club: nation.to_string(),
        phase: key.clone(),
        file: super::sheet::file_name(l, nation, &key),
        to: p.orders_to.to_owned(),
        subject: t!(
            words,
            l,
            "page-subject",
            club = nation.as_str(),
            phase = key.as_str()
        ),
        spring: options.spring.is_some(),
        treasury: options.spring.as_ref().map_or(0, |s| s.spendable),
        treasury_rule: choices.treasury_rule.clone().unwrap_or_default(),
        words: word_map,
        places,
        pieces,
        general,
    }
}

/// What every offer is built from.
struct Ctx<'a> {
    words: &'a Words,
    c: &'a Campaign,
    l: Lang,
    choices: &'a Choices,
    prices: &'a BTreeMap<String, &'a Priced>,
    options: &'a Options,
}

impl Ctx<'_> {
    fn piece(&self, pc: &crate::rules::options::PieceOptions) -> PagePiece {
        let (w, l) = (self.words, self.l);
        let label = super::sheet::piece_title(w, l, self.c, pc);
        let idle = super::sheet::idle_text(w, l, &pc.idle, &pc.at, &pc.id);
        let mut offers: Vec<Offer> = pc
            .orders
            .iter()
            .map(|o| self.offer(o, &pc.id, &pc.at))
            .collect();
        for o in self.choices.stances.get(&pc.id).into_iter().flatten() {
            offers.push(self.offer(o, &pc.id, &pc.at));
        }
        for o in self.choices.retreats.get(&pc.id).into_iter().flatten() {
            offers.push(self.offer(o, &pc.id, &pc.at));
        }
        if let Some(spy) = self.choices.spies.get(&pc.id) {
            offers.push(self.spy_offer(pc, spy));
        }
        let piece_prices = self.choices.spring.iter().filter(
            |pr| matches!(&pr.order, OrderKind::Transfer { from, .. } if from.as_str() == pc.id),
        );
        for pr in piece_prices {
            offers.push(self.offer(&pr.order, &pc.id, &pc.at));
        }
        let refused = self
            .choices
            .refused
            .get(&pc.id)
            .into_iter()
            .flatten()
            .map(|r| (r.target.clone(), r.rule.clone()))
            .collect();
        PagePiece {
            id: pc.id.clone(),
            at: pc.at.clone(),
            label,
            idle,
            offers,
            refused,
        }
    }

    /// The orders that are no piece's: the spring's, and the assassins of a round.
    fn general(&self) -> Vec<Offer> {
        let mut out: Vec<Offer> = Vec::new();
        let piece_orders: Vec<String> = self
            .options
            .pieces
            .iter()
            .flat_map(|p| p.orders.iter().map(unparse_order))
            .collect();
        for pr in &self.choices.spring {
            let text = unparse_order(&pr.order);
            if piece_orders.contains(&text) || matches!(pr.order, OrderKind::Transfer { .. }) {
                continue;
            }
            out.push(self.offer(&pr.order, "", ""));
        }
        for o in &self.choices.assassins {
            out.push(self.offer(o, "", ""));
        }
        out
    }

    fn offer(&self, o: &OrderKind, piece: &str, at: &str) -> Offer {
        let (w, l, c) = (self.words, self.l, self.c);
        let text = unparse_order(o);
        let price = self.prices.get(&text);
        let value = value_of(o);
        let toml = match value {
            Some(_) => {
                unparse_order(&with_value(o, SENTINEL)).replace(&SENTINEL.to_string(), VALUE)
            }
            None => text.clone(),
        };
        let top = !toml.starts_with("[[");
        let name = |code: &str| place_name(c, code);
        let mut path: Vec<String> = if at.is_empty() {
            Vec::new()
        } else {
            vec![at.to_owned()]
        };
        let slot_piece = |kind: &str| format!("{kind}:{piece}");
        let (slot, label) = match o {
            OrderKind::Move { piece: pc, path: p } => {
                let id = match pc {
                    Piece::Army(a) => a.to_string(),
                    Piece::Diplomat(d) => d.to_string(),
                };
                let last = p.last().map(|n| n.to_string()).unwrap_or_default();
                path = p.iter().map(|n| n.to_string()).collect();
                let shown: Vec<&str> = p.iter().map(|n| n.as_str()).collect();
                (
                    slot_piece("act"),
                    t!(
                        w,
                        l,
                        "page-o-move",
                        piece = id,
                        node = last.as_str(),
                        name = name(&last),
                        path = shown.join(" → ")
                    ),
                )
            }
            OrderKind::Siege { army, .. } => (
                slot_piece("act"),
                t!(
                    w,
                    l,
                    "page-o-siege",
                    army = army.as_str(),
                    node = at,
                    v = VALUE
                ),
            ),
            OrderKind::Stance {
                retreat_to: Some(n),
                ..
            } => {
                // Drawn at the node only: it is no move.
                path = vec![n.to_string()];
                (
                    slot_piece("retreat"),
                    t!(
                        w,
                        l,
                        "page-o-retreat",
                        piece = piece,
                        node = n.as_str(),
                        name = name(n.as_str())
                    ),
                )
            }
            OrderKind::Stance { spy: Some(_), .. } => (
                slot_piece("spy"),
                t!(
                    w,
                    l,
                    "page-o-spy-stance",
                    piece = piece,
                    v = VALUE,
                    then = "{then}",
                    otherwise = "{otherwise}"
                ),
            ),
            OrderKind::Stance {
                on_contact,
                when_contacted,
                ..
            } => (
                slot_piece("stance"),
                t!(
                    w,
                    l,
                    "page-o-stance",
                    piece = piece,
                    on = self.choice(*on_contact),
                    when = self.choice(*when_contacted)
                ),
            ),
            OrderKind::FleetMove { fleet, to } => {
                let to = match to {
                    FleetTo::Sea(z) => z.to_string(),
                    FleetTo::Port(p) => p.to_string(),
                };
                path.push(to.clone());
                (
                    slot_piece("act"),
                    t!(
                        w,
                        l,
                        "page-o-fleet-move",
                        fleet = fleet.as_str(),
                        to = to.as_str(),
                        name = name(&to)
                    ),
                )
            }
            OrderKind::Embark { fleet, army } => (
                slot_piece("act"),
                t!(
                    w,
                    l,
                    "page-o-embark",
                    army = army.as_str(),
                    fleet = fleet.as_str()
                ),
            ),
            OrderKind::Land { fleet, node } => {
                path.push(node.to_string());
                (
                    slot_piece("act"),
                    t!(
                        w,
                        l,
                        "page-o-land",
                        fleet = fleet.as_str(),
                        node = node.as_str(),
                        name = name(node.as_str())
                    ),
                )
            }
            OrderKind::Assassin {
                target: AssassinTarget::Spy(n),
            } => (
                text.clone(),
                t!(
                    w,
                    l,
                    "page-o-assassin-spy",
                    nation = nation_name(c, n.as_str(), l)
                ),
            ),
            OrderKind::Assassin { target } => {
                let (id, node) = match target {
                    AssassinTarget::NodeSapper(n) => ("page-o-assassin-sapper", n.to_string()),
                    AssassinTarget::CommanderAt(n) => ("page-o-assassin", n.to_string()),
                    _ => ("page-o-assassin", String::new()),
                };
                path.push(node.clone());
                (
                    text.clone(),
                    t!(w, l, id, node = node.as_str(), name = name(&node)),
                )
            }
            OrderKind::Raise { node, .. } => {
                path.push(node.to_string());
                (
                    text.clone(),
                    t!(
                        w,
                        l,
                        "page-o-raise",
                        node = node.as_str(),
                        name = name(node.as_str()),
                        v = VALUE
                    ),
                )
            }
            OrderKind::Reinforce { army, .. } => (
                slot_piece("reinforce"),
                t!(w, l, "page-o-reinforce", army = army.as_str(), v = VALUE),
            ),
            OrderKind::Transfer { from, to, .. } => (
                format!("transfer:{from}:{to}"),
                t!(
                    w,
                    l,
                    "page-o-transfer",
                    from = from.as_str(),
                    to = to.as_str(),
                    v = VALUE
                ),
            ),
            OrderKind::Garrison { army, .. } => (
                slot_piece("garrison"),
                t!(w, l, "page-o-garrison", army = army.as_str(), v = VALUE),
            ),
            OrderKind::Fortify { node } => {
                path.push(node.to_string());
                (
                    text.clone(),
                    t!(
                        w,
                        l,
                        "page-o-fortify",
                        node = node.as_str(),
                        name = name(node.as_str())
                    ),
                )
            }
            OrderKind::Repair { node } => {
                path.push(node.to_string());
                (
                    text.clone(),
                    t!(
                        w,
                        l,
                        "page-o-repair",
                        node = node.as_str(),
                        name = name(node.as_str())
                    ),
                )
            }
            OrderKind::HireSapper {
                at: SapperAt::Army(a),
            } => (
                text.clone(),
                t!(w, l, "page-o-sapper-army", army = a.as_str()),
            ),
            OrderKind::HireSapper {
                at: SapperAt::Node(n),
            } => {
                path.push(n.to_string());
                (
                    text.clone(),
                    t!(
                        w,
                        l,
                        "page-o-sapper-node",
                        node = n.as_str(),
                        name = name(n.as_str())
                    ),
                )
            }
            OrderKind::HireDiplomat { node } => {
                path.push(node.to_string());
                (
                    text.clone(),
                    t!(
                        w,
                        l,
                        "page-o-diplomat",
                        node = node.as_str(),
                        name = name(node.as_str())
                    ),
                )
            }
            OrderKind::HireSpy => (text.clone(), w.plain(l, "page-o-spy")),
            OrderKind::HireAssassin => (text.clone(), w.plain(l, "page-o-hire-assassin")),
            OrderKind::BuildFleet { port } => {
                path.push(port.to_string());
                (
                    text.clone(),
                    t!(
                        w,
                        l,
                        "page-o-build-fleet",
                        node = port.as_str(),
                        name = name(port.as_str())
                    ),
                )
            }
            OrderKind::Loan { .. } => ("loan".into(), t!(w, l, "page-o-loan", v = VALUE)),
            OrderKind::Objective(obj) => {
                let entry = c.tables.victory.objective.iter().find(|e| e.id == obj.kind);
                let mut what = entry.map_or(String::new(), |e| {
                    super::explain::objective_name(e, l).to_owned()
                });
                if let Some(t) = &obj.target {
                    what = format!("{what}: {}", nation_name(c, t.as_str(), l));
                }
                (
                    "objective".into(),
                    t!(w, l, "page-o-objective", name = what),
                )
            }
            OrderKind::Alliance { with } => (
                text.clone(),
                t!(
                    w,
                    l,
                    "page-o-alliance",
                    nation = nation_name(c, with.as_str(), l)
                ),
            ),
            OrderKind::StrategosBid { .. } if !self.choices.move_order.is_empty() => (
                "strategos".into(),
                t!(w, l, "page-o-strategos-order", v = VALUE, seq = SEQ),
            ),
            OrderKind::StrategosBid { .. } => {
                ("strategos".into(), t!(w, l, "page-o-strategos", v = VALUE))
            }
            _ => (text.clone(), text.clone()),
        };
        let list = match o {
            OrderKind::Alliance { with } => {
                Some(("alliances".to_owned(), format!("{:?}", with.as_str())))
            }
            _ => None,
        };
        let min = match (o, &self.choices.min_raise) {
            (OrderKind::Raise { .. }, Some(m)) => Some(m.clone()),
            _ => value.map(|_| {
                (
                    if matches!(o, OrderKind::Siege { .. } | OrderKind::Stance { .. }) {
                        0
                    } else {
                        1
                    },
                    String::new(),
                )
            }),
        };
        let seq = match o {
            OrderKind::StrategosBid { .. } => self
                .choices
                .move_order
                .iter()
                .map(|n| (n.to_string(), nation_name(c, n.as_str(), l)))
                .collect(),
            _ => Vec::new(),
        };
        // The bid's move order is the club's to click: `{seq}` in its lines.
        let toml = if seq.is_empty() {
            toml
        } else {
            let empty = OrderKind::StrategosBid {
                amount: SENTINEL,
                move_order: Vec::new(),
            };
            unparse_order(&empty)
                .replace(&SENTINEL.to_string(), VALUE)
                .replace("move_order = []", &format!("move_order = [{SEQ}]"))
        };
        let max = match (o, &self.choices.loan_limit) {
            (OrderKind::Loan { .. }, Some(m)) => Some(m.clone()),
            _ => None,
        };
        Offer {
            key: text.replace('\n', " "),
            group: group(o),
            slot,
            label,
            toml,
            top,
            list,
            path,
            value,
            min,
            max,
            cost: price.map_or(0, |p| p.cost),
            per: price.map_or(0, |p| p.per_value),
            picks: Vec::new(),
            seq,
        }
    }

    /// A spy's condition for a piece (G3c.4): the enemy's size is the offer's value,
    /// its two branches are picked among the choices the rules accept.
    fn spy_offer(&self, pc: &crate::rules::options::PieceOptions, choices: &[Choice]) -> Offer {
        let piece = match pc.kind {
            crate::rules::options::PieceKind::Army => Piece::Army(pc.id.as_str().into()),
            _ => Piece::Diplomat(pc.id.as_str().into()),
        };
        let order = OrderKind::Stance {
            piece,
            on_contact: None,
            when_contacted: None,
            spy: Some(SpyCondition {
                enemy_at_most: 0,
                then: Choice::Withdraw,
                otherwise: Choice::Attack,
            }),
            retreat_to: None,
        };
        let mut offer = self.offer(&order, &pc.id, &pc.at);
        offer.toml = offer
            .toml
            .replace("then = \"withdraw\"", "then = {then}")
            .replace("otherwise = \"attack\"", "otherwise = {otherwise}");
        let options: Vec<(String, String)> = choices
            .iter()
            .map(|&ch| (format!("{:?}", choice_code(ch)), self.choice(Some(ch))))
            .collect();
        offer.picks = vec![
            Pick {
                name: "then",
                label: self.words.plain(self.l, "page-spy-then"),
                options: options.clone(),
            },
            Pick {
                name: "otherwise",
                label: self.words.plain(self.l, "page-spy-otherwise"),
                options,
            },
        ];
        offer
    }

    fn choice(&self, c: Option<Choice>) -> String {
        let id = match c {
            Some(Choice::Stop) | None => "page-choice-stop",
            Some(Choice::Retreat) => "page-choice-retreat",
            Some(Choice::Attack) => "page-choice-attack",
            Some(Choice::Withdraw) => "page-choice-withdraw",
        };
        self.words.plain(self.l, id)
    }
}

/// A choice as the order file writes it.
fn choice_code(c: Choice) -> &'static str {
    match c {
        Choice::Stop => "stop",
        Choice::Retreat => "retreat",
        Choice::Attack => "attack",
        Choice::Withdraw => "withdraw",
    }
}

/// An order's value, for an order that has one.
fn value_of(o: &OrderKind) -> Option<i64> {
    match o {
        OrderKind::Stance {
            spy: Some(SpyCondition { enemy_at_most, .. }),
            ..
        } => Some(*enemy_at_most),
        OrderKind::Raise { value, .. }
        | OrderKind::Reinforce { value, .. }
        | OrderKind::Transfer { value, .. }
        | OrderKind::Garrison { value, .. } => Some(*value),
        OrderKind::Loan { amount } | OrderKind::StrategosBid { amount, .. } => Some(*amount),
        OrderKind::Siege { bribe, .. } => Some(*bribe),
        _ => None,
    }
}

fn with_value(o: &OrderKind, v: i64) -> OrderKind {
    let mut o = o.clone();
    match &mut o {
        OrderKind::Raise { value, .. }
        | OrderKind::Reinforce { value, .. }
        | OrderKind::Transfer { value, .. }
        | OrderKind::Garrison { value, .. } => *value = v,
        OrderKind::Loan { amount } | OrderKind::StrategosBid { amount, .. } => *amount = v,
        OrderKind::Siege { bribe, .. } => *bribe = v,
        OrderKind::Stance { spy: Some(sp), .. } => sp.enemy_at_most = v,
        _ => {}
    }
    o
}

/// The kind of an order, as the page groups offers.
fn group(o: &OrderKind) -> &'static str {
    match o {
        OrderKind::Move { .. } => "move",
        OrderKind::Siege { .. } => "siege",
        OrderKind::Stance {
            retreat_to: Some(_),
            ..
        } => "retreat",
        OrderKind::Stance { spy: Some(_), .. } => "spy",
        OrderKind::Stance { .. } => "stance",
        OrderKind::FleetMove { .. } => "fleet-move",
        OrderKind::Embark { .. } | OrderKind::Land { .. } => "embark",
        OrderKind::Assassin { .. } => "assassin",
        OrderKind::Raise { .. } => "raise",
        OrderKind::Reinforce { .. } | OrderKind::Transfer { .. } | OrderKind::Garrison { .. } => {
            "army"
        }
        OrderKind::Fortify { .. } | OrderKind::Repair { .. } => "works",
        OrderKind::HireSapper { .. } => "sapper",
        OrderKind::HireDiplomat { .. } | OrderKind::HireSpy | OrderKind::HireAssassin => "hire",
        OrderKind::BuildFleet { .. } => "fleet",
        OrderKind::Loan { .. } => "loan",
        OrderKind::Objective(_) => "objective",
        OrderKind::Alliance { .. } => "alliance",
        OrderKind::StrategosBid { .. } => "strategos",
        _ => "other",
    }
}

/// The groups' titles, by group.
const GROUPS: &[&str] = &[
    "move",
    "siege",
    "stance",
    "retreat",
    "spy",
    "fleet-move",
    "embark",
    "assassin",
    "raise",
    "army",
    "works",
    "sapper",
    "hire",
    "fleet",
    "loan",
    "objective",
    "alliance",
    "strategos",
    "other",
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::order::OrderKind;

    fn shipped() -> Campaign {
        let source = crate::scenario::Source::builtin("il-giglio").expect("built in");
        crate::scenario::load(&source).expect("the shipped campaign loads")
    }

    /// The page of `nation` in `world`, and its embedded data.
    fn page(c: &Campaign, world: &World, nation: &NationCode) -> (String, serde_json::Value) {
        let svg = "<?xml version=\"1.0\"?><svg xmlns=\"http://www.w3.org/2000/svg\"></svg>";
        let html = render(
            &Words::load(None).expect("catalogue"),
            &PageInput {
                campaign: c,
                world,
                nation,
                lang: Lang::En,
                deadline: None,
                map_svg: svg,
                orders_to: "referee@example.org",
            },
        );
        let start = html.find("id=\"pg-data\">").expect("the data") + "id=\"pg-data\">".len();
        let end = start + html[start..].find("</script>").expect("its end");
        let data = serde_json::from_str(&html[start..end].replace("<\\/", "</")).expect("JSON");
        (html, data)
    }

    /// Every order the sheet suggests is offered by the page (the same computation), in
    /// spring and in a summer round.
    #[test]
    fn the_page_offers_every_order_of_the_sheet() {
        let c = shipped();
        let v = NationCode::from("V");
        let start = World::start(&c, &[v.clone(), NationCode::from("M")]);
        let mut dice = crate::rules::dice::SeededDice::new([1; 32]);
        let round = crate::rules::resolve::resolve(
            &c,
            &start,
            &Default::default(),
            &Default::default(),
            &mut dice,
        )
        .expect("the spring resolves")
        .next
        .expect("a round opens");
        for world in [&start, &round] {
            let own = crate::rules::visibility::club_world(world, &v);
            let options = crate::rules::options::options(&c, &own, &v);
            let (_, data) = page(&c, world, &v);
            let mut keys: Vec<String> = data["general"]
                .as_array()
                .expect("general offers")
                .iter()
                .chain(
                    data["pieces"]
                        .as_array()
                        .expect("pieces")
                        .iter()
                        .flat_map(|p| p["offers"].as_array().expect("offers")),
                )
                .map(|o| o["key"].as_str().expect("a key").to_owned())
                .collect();
            keys.sort();
            let sheet: Vec<&OrderKind> = options
                .pieces
                .iter()
                .flat_map(|p| &p.orders)
                .chain(options.spring.iter().flat_map(|s| &s.orders))
                .collect();
            assert!(!sheet.is_empty());
            for o in sheet {
                let key = unparse_order(o).replace('\n', " ");
                assert!(keys.binary_search(&key).is_ok(), "{key} is not offered");
            }
        }
    }

    /// The page needs nothing outside itself: no script, style, picture or font from
    /// elsewhere, and a policy that forbids fetching any.
    #[test]
    fn the_page_needs_no_other_file() {
        let c = shipped();
        let v = NationCode::from("V");
        let world = World::start(&c, std::slice::from_ref(&v));
        let (html, data) = page(&c, &world, &v);
        for outside in [
            "src=",
            "<link",
            "@import",
            "url(http",
            "href=\"http",
            "fetch(",
        ] {
            assert!(!html.contains(outside), "the page holds {outside}");
        }
        assert!(html.contains("default-src 'none'"));
        assert_eq!(data["to"], "referee@example.org");
        assert_eq!(data["file"], "orders-V-1494-spring.toml");
        assert!(data["treasury"].as_i64().expect("the treasury") > 0);
    }

    /// The offers of every piece and the nation's, by group.
    fn offers<'d>(data: &'d serde_json::Value, group: &str) -> Vec<&'d serde_json::Value> {
        data["general"]
            .as_array()
            .expect("general offers")
            .iter()
            .chain(
                data["pieces"]
                    .as_array()
                    .expect("pieces")
                    .iter()
                    .flat_map(|p| p["offers"].as_array().expect("offers")),
            )
            .filter(|o| o["group"] == group)
            .collect()
    }

    /// The first summer round after a spring without orders, of V and M.
    fn first_round(c: &Campaign) -> World {
        let start = World::start(c, &[NationCode::from("V"), NationCode::from("M")]);
        let mut dice = crate::rules::dice::SeededDice::new([1; 32]);
        crate::rules::resolve::resolve(
            c,
            &start,
            &Default::default(),
            &Default::default(),
            &mut dice,
        )
        .expect("the spring resolves")
        .next
        .expect("a round opens")
    }

    /// The Strategos bid lets the club click its move order among the clubs in play,
    /// and the file's line takes the order clicked.
    #[test]
    fn the_strategos_bid_offers_the_move_order() {
        let c = shipped();
        let v = NationCode::from("V");
        let world = World::start(&c, &[v.clone(), NationCode::from("M")]);
        let (_, data) = page(&c, &world, &v);
        let bids = offers(&data, "strategos");
        assert_eq!(bids.len(), 1);
        let seq: Vec<&str> = bids[0]["seq"]
            .as_array()
            .expect("the clubs to click")
            .iter()
            .map(|p| p[0].as_str().expect("a code"))
            .collect();
        assert_eq!(seq, ["M", "V"]);
        assert_eq!(
            bids[0]["toml"],
            "strategos = { bid = {v}, move_order = [{seq}] }"
        );
        assert!(bids[0]["label"].as_str().expect("words").contains("{seq}"));
    }

    /// A road piece is offered the nodes to retreat to around where it may meet the
    /// enemy, drawn at the node; with a spy, a condition whose branches are the
    /// choices the rules accept; without one, no condition.
    #[test]
    fn stances_offer_the_fallback_node_and_the_spy() {
        let c = shipped();
        let v = NationCode::from("V");
        let mut round = first_round(&c);
        let (_, data) = page(&c, &round, &v);
        assert!(offers(&data, "spy").is_empty(), "no spy, no condition");
        let army = data["pieces"]
            .as_array()
            .expect("pieces")
            .iter()
            .find(|p| {
                p["offers"]
                    .as_array()
                    .is_some_and(|o| o.iter().any(|o| o["group"] == "retreat"))
            })
            .expect("a piece with fallback nodes");
        let at = army["at"].as_str().expect("where it stands");
        let retreats: Vec<&serde_json::Value> = army["offers"]
            .as_array()
            .expect("offers")
            .iter()
            .filter(|o| o["group"] == "retreat")
            .collect();
        let targets: Vec<&str> = retreats
            .iter()
            .map(|o| o["path"][0].as_str().expect("the node"))
            .collect();
        for n in c.map.neighbours(at) {
            assert!(targets.contains(&n.as_str()), "{n} beside {at} is offered");
        }
        assert!(
            retreats
                .iter()
                .all(|o| o["path"].as_array().map(Vec::len) == Some(1))
        );
        assert!(
            retreats[0]["toml"]
                .as_str()
                .expect("lines")
                .contains("retreat_to = ")
        );
        round.nations.get_mut(&v).expect("V plays").spy = true;
        let (_, data) = page(&c, &round, &v);
        let spies = offers(&data, "spy");
        assert!(!spies.is_empty());
        let toml = spies[0]["toml"].as_str().expect("lines");
        assert!(
            toml.contains("spy = { enemy_at_most = {v}, then = {then}, otherwise = {otherwise} }"),
            "{toml}"
        );
        let picks = spies[0]["picks"].as_array().expect("the branches");
        assert_eq!(picks.len(), 2);
        let codes: Vec<&str> = picks[0]["options"]
            .as_array()
            .expect("options")
            .iter()
            .map(|o| o[0].as_str().expect("a value"))
            .collect();
        assert_eq!(
            codes,
            ["\"stop\"", "\"retreat\"", "\"attack\"", "\"withdraw\""]
        );
    }

    /// With an assassin, a club is offered the commander where it sees a foreign force
    /// and the spy of every other club, never a node it does not see; without one,
    /// nothing.
    #[test]
    fn assassins_are_offered_every_target_the_club_can_name() {
        let c = shipped();
        let (v, m) = (NationCode::from("V"), NationCode::from("M"));
        let mut round = first_round(&c);
        let (_, data) = page(&c, &round, &v);
        assert!(
            offers(&data, "assassin").is_empty(),
            "no assassin, no mission"
        );
        round.nations.get_mut(&v).expect("V plays").assassins = 1;
        let seen = crate::rules::visibility::watched_nodes(&c, &round, &v);
        let here = round
            .armies
            .values()
            .find(|a| a.nation == v)
            .map(|a| a.node.clone())
            .expect("a Venetian army");
        let near = c
            .map
            .neighbours(here.as_str())
            .find(|n| round.nodes.get(*n).is_some_and(|x| x.owner != v))
            .or_else(|| c.map.neighbours(here.as_str()).next())
            .cloned()
            .expect("a neighbour");
        let far = c
            .map
            .nodes()
            .map(|n| n.code.clone())
            .find(|n| !seen.contains(n))
            .expect("a node V does not see");
        let mut milan = round
            .armies
            .values()
            .filter(|a| a.nation == m)
            .map(|a| a.id.clone());
        let (a1, a2) = (
            milan.next().expect("an army"),
            milan.next().expect("another"),
        );
        round.armies.get_mut(&a1).expect("it").node = near.clone();
        round.armies.get_mut(&a2).expect("it").node = far.clone();
        let (html, data) = page(&c, &round, &v);
        let keys: Vec<&str> = offers(&data, "assassin")
            .iter()
            .map(|o| o["key"].as_str().expect("a key"))
            .collect();
        assert!(
            keys.contains(
                &format!("[[assassin]] target = \"commander\" node = \"{near}\"").as_str()
            ),
            "{keys:?}"
        );
        assert!(
            keys.contains(&"[[assassin]] target = \"spy\" nation = \"M\""),
            "{keys:?}"
        );
        assert!(
            !keys.iter().any(|k| k.contains(&format!("\"{far}\""))),
            "a node V does not see: {keys:?}"
        );
        assert!(!html.contains(a1.as_str()) && !html.contains(a2.as_str()));
    }
}
