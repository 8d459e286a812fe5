//! One offer of the page: the order's lines in the file (written by the orders' codec,
//! with `{v}` where the club types the value), its words, its slot, what it is drawn
//! along, its bounds and its cost.

use super::data::{Ctx, Draw, Offer, Pick};
use super::{SENTINEL, SEQ, VALUE};
use crate::orders::{quoted, unparse_order};
use crate::rules::order::{AssassinTarget, FleetTo, OrderKind, Piece, SapperAt, SpyCondition};
use crate::rules::tables::Choice;
use crate::t;

/// The rule of an order file's own bounds on a value (G6.2).
const FILE_RULE: &str = "G6.2";

impl Ctx<'_> {
    /// The offer of order `o`, of `piece` standing at `at` (both empty for the nation's).
    pub(super) fn offer(&self, o: &OrderKind, piece: &str, at: &str) -> Offer {
        let text = unparse_order(o);
        let price = self.prices.get(&text);
        let value = value_of(o);
        let mut path: Vec<String> = if at.is_empty() {
            Vec::new()
        } else {
            vec![at.to_owned()]
        };
        let (slot, label) = self.slot_and_label(o, piece, at, &text, &mut path);
        let seq = self.seq(o);
        let toml = lines(o, &text, value, !seq.is_empty());
        Offer {
            key: text.replace('\n', " "),
            group: group(o),
            slot,
            label,
            top: !toml.starts_with("[["),
            early: matches!(
                o,
                OrderKind::Garrison { node: None, .. }
                    | OrderKind::Transfer { .. }
                    | OrderKind::Reinforce { .. }
            ),
            toml,
            list: match o {
                OrderKind::Alliance { with } => {
                    Some(("alliances".to_owned(), quoted(with.as_str())))
                }
                _ => None,
            },
            path,
            value,
            min: self.min(o, value),
            max: self.max(o),
            draw: self
                .bound(o)
                .and_then(|b| b.draw.clone())
                .map(|(a, fixed, rule)| Draw {
                    army: a.to_string(),
                    fixed,
                    rule,
                }),
            names: o.pieces(),
            takes: match o {
                OrderKind::Embark { army, .. } => Some(format!("act:{army}")),
                _ => None,
            },
            cost: price.map_or(0, |p| p.cost),
            per: match (o, &self.choices.bribes) {
                (OrderKind::Siege { .. }, Some(_)) => 1,
                _ => price.map_or(0, |p| p.per_value),
            },
            picks: Vec::new(),
            seq,
        }
    }

    /// The least value of an order that has one, and the rule that sets it: a new
    /// army's least value (G2b.1), else the least an order file may give (G6.2, as the
    /// orders' reader takes it).
    fn min(&self, o: &OrderKind, value: Option<i64>) -> Option<(i64, String)> {
        value?;
        let file = crate::orders::value_range(o).map(|(least, _)| (least, FILE_RULE.to_owned()));
        match (o, &self.choices.min_raise) {
            (OrderKind::Raise { .. }, Some(m)) => Some(m.clone()),
            _ => file,
        }
    }

    /// The most an order that has a value may carry on its own, and the rule: the
    /// rules' bound (a loan's limit), else the most an order file may give (G6.2).
    fn max(&self, o: &OrderKind) -> Option<(i64, String)> {
        let file = crate::orders::value_range(o).map(|(_, most)| (most, FILE_RULE.to_owned()));
        match self.bound(o).and_then(|b| b.max.clone()) {
            Some(m) if file.as_ref().is_none_or(|f| m.0 <= f.0) => Some(m),
            _ => file,
        }
    }

    /// The rules' bounds of an offered order's value ([`crate::rules::menu::bounds`]).
    fn bound(&self, o: &OrderKind) -> Option<&crate::rules::menu::bounds::Bounds> {
        (self.choices.bounds.iter())
            .find(|(x, _)| x == o)
            .map(|(_, b)| b)
    }

    /// For a Strategos bid: the clubs its move order may name (code, name).
    fn seq(&self, o: &OrderKind) -> Vec<(String, String)> {
        match o {
            OrderKind::StrategosBid { .. } => self
                .choices
                .move_order
                .iter()
                .map(|n| (n.to_string(), self.c.nation_name(n.as_str(), self.l)))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// The slot an offer replaces others of, and its words; adds to `path` what the
    /// order is drawn along.
    fn slot_and_label(
        &self,
        o: &OrderKind,
        piece: &str,
        at: &str,
        text: &str,
        path: &mut Vec<String>,
    ) -> (String, String) {
        let slot = |kind: &str| format!("{kind}:{piece}");
        match o {
            OrderKind::Move { .. } | OrderKind::Siege { .. } => {
                (slot("act"), self.road_label(o, at, path))
            }
            OrderKind::Stance { .. } => self.stance_label(o, piece, path),
            OrderKind::FleetMove { .. } | OrderKind::Embark { .. } | OrderKind::Land { .. } => {
                (slot("act"), self.sea_label(o, path))
            }
            OrderKind::Reinforce { army, .. } => (
                slot("reinforce"),
                t!(
                    self.words,
                    self.l,
                    "page-o-reinforce",
                    army = army.as_str(),
                    v = VALUE
                ),
            ),
            OrderKind::Garrison { army, .. } => (
                slot("garrison"),
                t!(
                    self.words,
                    self.l,
                    "page-o-garrison",
                    army = army.as_str(),
                    v = VALUE
                ),
            ),
            OrderKind::Transfer { from, to, .. } => (
                format!("transfer:{from}:{to}"),
                t!(
                    self.words,
                    self.l,
                    "page-o-transfer",
                    from = from.as_str(),
                    to = to.as_str(),
                    v = VALUE
                ),
            ),
            OrderKind::Loan { .. } | OrderKind::Objective(_) | OrderKind::StrategosBid { .. } => {
                self.top_label(o)
            }
            _ => (text.to_owned(), self.nation_label(o, text, path)),
        }
    }

    /// The words of a piece's move or siege; a move is drawn along its path.
    fn road_label(&self, o: &OrderKind, at: &str, path: &mut Vec<String>) -> String {
        let (w, l) = (self.words, self.l);
        match o {
            OrderKind::Move { piece: pc, path: p } => {
                let id = match pc {
                    Piece::Army(a) => a.to_string(),
                    Piece::Diplomat(d) => d.to_string(),
                };
                let last = p.last().map(|n| n.to_string()).unwrap_or_default();
                *path = p.iter().map(|n| n.to_string()).collect();
                let shown: Vec<&str> = p.iter().map(|n| n.as_str()).collect();
                let name = self.c.place_name(&last);
                t!(
                    w,
                    l,
                    "page-o-move",
                    piece = id,
                    node = last.as_str(),
                    name = name,
                    path = shown.join(" → ")
                )
            }
            OrderKind::Siege { army, .. } => t!(
                w,
                l,
                "page-o-siege",
                army = army.as_str(),
                // The place by name and code, as every other label names it.
                node = self.c.place_said(at),
                v = VALUE
            ),
            _ => unreachable!("a move or a siege: {o:?}"),
        }
    }

    /// The words of a piece's stance: its fallback node, its spy's condition, its
    /// choices on contact.
    fn stance_label(&self, o: &OrderKind, piece: &str, path: &mut Vec<String>) -> (String, String) {
        let (w, l) = (self.words, self.l);
        let slot = |kind: &str| format!("{kind}:{piece}");
        match o {
            OrderKind::Stance {
                retreat_to: Some(n),
                ..
            } => {
                // Drawn at the node only: it is no move.
                *path = vec![n.to_string()];
                let name = self.c.place_name(n.as_str());
                let words = t!(
                    w,
                    l,
                    "page-o-retreat",
                    piece = piece,
                    node = n.as_str(),
                    name = name
                );
                (slot("retreat"), words)
            }
            OrderKind::Stance { spy: Some(_), .. } => (
                slot("spy"),
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
                piece: of,
                on_contact,
                when_contacted,
                ..
            } => {
                let (on, when) = (self.choice(*on_contact), self.choice(*when_contacted));
                // The piece's kind: Italian agrees with it (un'armata è contattata).
                let kind = match of {
                    crate::rules::order::Piece::Army(_) => "army",
                    crate::rules::order::Piece::Diplomat(_) => "diplomat",
                };
                let words = t!(
                    w,
                    l,
                    "page-o-stance-of",
                    piece = piece,
                    kind = kind,
                    on = on,
                    when = when
                );
                (slot("stance"), words)
            }
            _ => unreachable!("a stance: {o:?}"),
        }
    }

    /// The words of a fleet's order; adds where it goes to `path`.
    fn sea_label(&self, o: &OrderKind, path: &mut Vec<String>) -> String {
        let (w, l) = (self.words, self.l);
        match o {
            OrderKind::FleetMove { fleet, to } => {
                let to = match to {
                    FleetTo::Sea(z) => z.to_string(),
                    FleetTo::Port(p) => p.to_string(),
                };
                path.push(to.clone());
                let name = self.c.place_name_in(&to, l);
                t!(
                    w,
                    l,
                    "page-o-fleet-move",
                    fleet = fleet.as_str(),
                    to = to.as_str(),
                    name = name
                )
            }
            OrderKind::Embark { fleet, army } => t!(
                w,
                l,
                "page-o-embark",
                army = army.as_str(),
                fleet = fleet.as_str()
            ),
            OrderKind::Land { fleet, node } => {
                path.push(node.to_string());
                let name = self.c.place_name(node.as_str());
                t!(
                    w,
                    l,
                    "page-o-land",
                    fleet = fleet.as_str(),
                    node = node.as_str(),
                    name = name
                )
            }
            _ => unreachable!("a fleet's order: {o:?}"),
        }
    }

    /// The words of an order written as a key of the file: a loan, an objective, a bid.
    fn top_label(&self, o: &OrderKind) -> (String, String) {
        let (w, l, c) = (self.words, self.l, self.c);
        match o {
            OrderKind::Loan { .. } => ("loan".into(), t!(w, l, "page-o-loan", v = VALUE)),
            OrderKind::Objective(obj) => {
                let entry = c.tables.victory.objective.iter().find(|e| e.id == obj.kind);
                let mut what = entry.map_or(String::new(), |e| {
                    crate::words::explain::objective_name(e, l).to_owned()
                });
                if let Some(t) = &obj.target {
                    what = format!("{what}: {}", c.nation_name(t.as_str(), l));
                }
                (
                    "objective".into(),
                    t!(w, l, "page-o-objective", name = what),
                )
            }
            OrderKind::StrategosBid { .. } if !self.choices.move_order.is_empty() => (
                "strategos".into(),
                t!(w, l, "page-o-strategos-order", v = VALUE, seq = SEQ),
            ),
            OrderKind::StrategosBid { .. } => {
                ("strategos".into(), t!(w, l, "page-o-strategos", v = VALUE))
            }
            _ => unreachable!("an order written as a key: {o:?}"),
        }
    }

    /// The words of an order that is its own slot (the nation's spring orders, an
    /// assassin's mission); adds the place it is about to `path`.
    fn nation_label(&self, o: &OrderKind, text: &str, path: &mut Vec<String>) -> String {
        let (w, l, c) = (self.words, self.l, self.c);
        let mut at = |id: &str, node: &str| {
            path.push(node.to_owned());
            let name = c.place_name(node);
            t!(w, l, id, node = node, name = name)
        };
        match o {
            OrderKind::Raise { node, .. } => {
                path.push(node.to_string());
                let name = c.place_name(node.as_str());
                t!(
                    w,
                    l,
                    "page-o-raise",
                    node = node.as_str(),
                    name = name,
                    v = VALUE
                )
            }
            OrderKind::Fortify { node } => at("page-o-fortify", node.as_str()),
            OrderKind::Repair { node } => at("page-o-repair", node.as_str()),
            OrderKind::HireSapper {
                at: SapperAt::Node(n),
            } => at("page-o-sapper-node", n.as_str()),
            OrderKind::HireDiplomat { node } => at("page-o-diplomat", node.as_str()),
            OrderKind::BuildFleet { port } => at("page-o-build-fleet", port.as_str()),
            OrderKind::HireSapper {
                at: SapperAt::Army(a),
            } => t!(w, l, "page-o-sapper-army", army = a.as_str()),
            OrderKind::HireSpy => w.plain(l, "page-o-spy"),
            OrderKind::HireAssassin => w.plain(l, "page-o-hire-assassin"),
            OrderKind::Alliance { with } => {
                t!(
                    w,
                    l,
                    "page-o-alliance",
                    nation = c.nation_name(with.as_str(), l)
                )
            }
            OrderKind::Assassin {
                target: AssassinTarget::Spy(n),
            } => t!(
                w,
                l,
                "page-o-assassin-spy",
                nation = c.nation_name(n.as_str(), l)
            ),
            OrderKind::Assassin { target } => match target {
                AssassinTarget::NodeSapper(n) => at("page-o-assassin-sapper", n.as_str()),
                AssassinTarget::CommanderAt(n) => at("page-o-assassin", n.as_str()),
                _ => at("page-o-assassin", ""),
            },
            _ => text.to_owned(),
        }
    }

    /// A spy's condition for a piece (G3c.4): the enemy's size is the offer's value,
    /// its two branches are picked among the choices the rules accept.
    pub(super) fn spy_offer(
        &self,
        pc: &crate::rules::menu::PieceOptions,
        choices: &[Choice],
    ) -> Offer {
        let piece = match pc.kind {
            crate::rules::menu::PieceKind::Army => Piece::Army(pc.id.as_str().into()),
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
            .replace(&format!("then = {}", quoted("withdraw")), "then = {then}")
            .replace(
                &format!("otherwise = {}", quoted("attack")),
                "otherwise = {otherwise}",
            );
        let options: Vec<(String, String)> = choices
            .iter()
            .map(|&ch| (quoted(choice_code(ch)), self.choice(Some(ch))))
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

/// The order's lines in the file: `{v}` where its value stands, and for a Strategos
/// bid whose move order the club clicks, `{seq}` in its list.
fn lines(o: &OrderKind, text: &str, value: Option<i64>, clicked_seq: bool) -> String {
    if clicked_seq {
        let empty = OrderKind::StrategosBid {
            amount: SENTINEL,
            move_order: Vec::new(),
        };
        return unparse_order(&empty)
            .replace(&SENTINEL.to_string(), VALUE)
            .replace("move_order = []", &format!("move_order = [{SEQ}]"));
    }
    match value {
        Some(_) => unparse_order(&with_value(o, SENTINEL)).replace(&SENTINEL.to_string(), VALUE),
        None => text.to_owned(),
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

/// An order's value, for an order that has one: its ducats (the rules' own reading,
/// `rules::menu::bounds`), or a spy condition's enemy size.
fn value_of(o: &OrderKind) -> Option<i64> {
    match o {
        OrderKind::Stance {
            spy: Some(SpyCondition { enemy_at_most, .. }),
            ..
        } => Some(*enemy_at_most),
        _ => crate::rules::menu::bounds::value_of(o),
    }
}

/// The order with value `v` (as [`value_of`] reads it); an order without one as it is.
fn with_value(o: &OrderKind, v: i64) -> OrderKind {
    if let OrderKind::Stance { spy: Some(_), .. } = o {
        let mut o = o.clone();
        if let OrderKind::Stance { spy: Some(sp), .. } = &mut o {
            sp.enemy_at_most = v;
        }
        return o;
    }
    crate::rules::menu::bounds::with_value(o, v).unwrap_or_else(|| o.clone())
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
