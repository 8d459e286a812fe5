//! The page's data: what its script reads as JSON (the club, the phase, the words, the
//! map's places, and every offer of every piece and of the nation).

use super::PageInput;
use crate::orders::unparse_order;
use crate::report::sheet::OwnWorld;
use crate::rules::Campaign;
use crate::rules::menu::Options;
use crate::rules::menu::choices::{Choices, Priced};
use crate::rules::order::OrderKind;
use crate::rules::tables::Lang;
use crate::t;
use crate::words::Words;
use serde::Serialize;
use std::collections::BTreeMap;

/// One order the page offers.
#[derive(Serialize)]
pub(super) struct Offer {
    /// Unique in the page.
    pub(super) key: String,
    /// The kind of order, to show offers of one kind together (`page-g-<group>`).
    pub(super) group: &'static str,
    /// Offers of one slot replace each other (one action per piece and round, one
    /// loan, one objective…).
    pub(super) slot: String,
    pub(super) label: String,
    /// The order's lines in the file; `{v}` stands for its value.
    pub(super) toml: String,
    /// A top-level key (loan, objective, Strategos), written before the tables.
    pub(super) top: bool,
    /// Written before the other tables: an order on an army's ducats (a garrison, a
    /// transfer, a reinforcement), which the rules carry out where the army stands when
    /// they reach it in the file, is judged where the menu judged it, before any move.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub(super) early: bool,
    /// For an alliance: the list key and the quoted item.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) list: Option<(String, String)>,
    /// What it is drawn along on the map: the piece's place, then the path.
    pub(super) path: Vec<String>,
    /// The default value, for an order that has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) value: Option<i64>,
    /// The least value and the rule that sets it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) min: Option<(i64, String)>,
    /// The greatest value and the rule that sets it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) max: Option<(i64, String)>,
    /// The army its value comes out of, with every other order that draws on it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) draw: Option<Draw>,
    /// The club's pieces it names (an army its value draws down to nothing is gone, and
    /// no other order may name it).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) names: Vec<String>,
    /// Another piece's slot it takes too: an embarking takes its army's act (a move or a
    /// siege of that army, chosen with it, is refused: the army would not be there).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) takes: Option<String>,
    /// Ducats from the treasury at the default value, and per ducat of value more.
    pub(super) cost: i64,
    pub(super) per: i64,
    /// Choices made inside the order (a spy's two branches), each written where
    /// `{name}` stands in its lines and words.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) picks: Vec<Pick>,
    /// For a Strategos bid: the clubs its move order may name (code, name), written
    /// where `{seq}` stands; the club clicks them in turn.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(super) seq: Vec<(String, String)>,
}

/// What an order takes from an army (a garrison, a transfer): its value and `fixed`
/// more; all the orders that draw on one army may take at most its value
/// (`PageData::armies`), as the rule says.
#[derive(Serialize)]
pub(super) struct Draw {
    pub(super) army: String,
    pub(super) fixed: i64,
    pub(super) rule: String,
}

/// One choice inside an order: its options as (the file's value, the words).
#[derive(Serialize)]
pub(super) struct Pick {
    pub(super) name: &'static str,
    pub(super) label: String,
    pub(super) options: Vec<(String, String)>,
}

#[derive(Serialize)]
pub(super) struct PagePiece {
    pub(super) id: String,
    pub(super) at: String,
    pub(super) label: String,
    pub(super) idle: String,
    pub(super) offers: Vec<Offer>,
    /// Place → the rule that refuses it.
    pub(super) refused: BTreeMap<String, String>,
}

#[derive(Serialize)]
pub(super) struct PageData {
    pub(super) lang: &'static str,
    pub(super) club: String,
    pub(super) phase: String,
    pub(super) file: String,
    pub(super) to: String,
    pub(super) subject: String,
    pub(super) spring: bool,
    /// Whether the orders spend the treasury: in spring, and in a round with a bribe to
    /// pay (G3d.3).
    pub(super) pays: bool,
    /// What spring orders (or a round's bribes) may spend, and the rule a too dear order
    /// breaks.
    pub(super) treasury: i64,
    pub(super) treasury_rule: String,
    /// Army id → the value its orders may draw on together.
    pub(super) armies: BTreeMap<String, i64>,
    /// Rule id → the rule in a line in the club's language (its title and first
    /// sentence, from the rulebook): every rule the page may refuse with.
    pub(super) rules: BTreeMap<String, String>,
    pub(super) words: BTreeMap<String, String>,
    /// Code → x, y on the map, and the place's name.
    pub(super) places: BTreeMap<String, (f64, f64, String)>,
    pub(super) pieces: Vec<PagePiece>,
    pub(super) general: Vec<Offer>,
    /// G5.3: the clubs it may write a letter to (code, name), and whether a letter may
    /// go unsigned.
    pub(super) letters: Vec<(String, String)>,
    pub(super) anonymous: bool,
    /// G5.3: the most characters a letter may have, and the most letters in one phase
    /// (this file's; the referee counts those of earlier files too), where the campaign
    /// sets them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) letter_chars: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) letters_per_phase: Option<u32>,
}

/// The rule of letters (G5.3): who may write to whom, how long, how many.
const LETTER_RULE: &str = "G5.3";

/// The page's own words, without arguments (or with `{…}` for the script to fill in).
const WORDS: &[&str] = &[
    "page-intro",
    "page-intro-spring",
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
    "page-choose-list",
    "page-choose-none",
    "page-not-offered",
    "page-receipt",
    "page-move-order",
    "page-move-order-clear",
    "page-letters",
    "page-letter-to",
    "page-letter-text",
    "page-letter-anonymous",
    "page-letter-add",
    "page-letter-incomplete",
];

/// The groups' titles, by group.
pub(super) const GROUPS: &[&str] = &[
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

/// What the page's script reads: the club, the phase, the words, the places, and the
/// offers of every piece and of the nation.
pub(super) fn data(words: &Words, p: &PageInput, own_world: &OwnWorld) -> PageData {
    let (c, l, nation) = (p.campaign, p.lang, p.nation);
    let (options, own) = (&own_world.options, &own_world.world);
    // The nodes where the club sees a foreign force on land: what it may aim at (found
    // once with the club's world, for the sheet too).
    let seen: std::collections::BTreeSet<crate::rules::NodeCode> = (own_world.seen.iter())
        .map(|(at, _)| crate::rules::NodeCode(at.clone()))
        .collect();
    let choices = options.choices(c, own, nation, &seen);
    let key = own.phase.key();
    let g = crate::report::map::Geometry::of(c);
    let mut places = BTreeMap::new();
    for (code, &(x, y)) in g.nodes.iter().chain(g.seas.iter()) {
        places.insert(code.clone(), (x, y, c.place_name_in(code, l)));
    }
    let word_map = word_map(words, l, p.deadline);
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
    let mut data = PageData {
        lang: match l {
            Lang::It => "it",
            Lang::En => "en",
        },
        club: nation.to_string(),
        phase: key.clone(),
        file: crate::report::sheet::file_name(l, nation, &key),
        to: p.orders_to.to_owned(),
        // The phase by its name, as every mail names it; the key stays in the file.
        subject: t!(
            words,
            l,
            "page-subject",
            club = nation.as_str(),
            phase = crate::words::phases::phase_name(words, &c.tables.calendar, own.phase, l)
        ),
        spring: options.spring.is_some(),
        pays: options.spring.is_some() || choices.bribes.is_some(),
        treasury: match (&options.spring, &choices.bribes) {
            (Some(s), _) => s.spendable,
            (None, Some((t, _))) => *t,
            _ => 0,
        },
        treasury_rule: match &choices.bribes {
            Some((_, rule)) if options.spring.is_none() => rule.clone(),
            _ => choices.treasury_rule.clone().unwrap_or_default(),
        },
        armies: choices.armies.clone(),
        rules: BTreeMap::new(),
        words: word_map,
        places,
        pieces,
        general,
        letters: options
            .letters
            .iter()
            .map(|n| (n.to_string(), c.nation_name(n.as_str(), l)))
            .collect(),
        anonymous: c.tables.rulings.letters_anonymous,
        // The rules' own check says how long a letter may be.
        letter_chars: match crate::rules::letters::may_write(c, own, false, usize::MAX) {
            Err(crate::rules::letters::Refusal::TooLong { max }) => Some(max),
            _ => None,
        },
        letters_per_phase: Some(c.tables.rulings.letters_per_phase).filter(|m| *m > 0),
    };
    data.rules = rule_texts(&data, l);
    // Only the armies orders draw on can be emptied: the others' names are left out.
    let offers =
        (data.general.iter_mut()).chain(data.pieces.iter_mut().flat_map(|p| &mut p.offers));
    for o in offers {
        o.names.retain(|n| data.armies.contains_key(n));
    }
    data
}

/// The rule an embarking cites when its army is given another order too.
const EMBARK_RULE: &str = "G3e.3";

/// Every rule the page may refuse with, each in a line in the club's language.
fn rule_texts(d: &PageData, l: Lang) -> BTreeMap<String, String> {
    let mut ids: Vec<&str> = vec![d.treasury_rule.as_str()];
    let offers = d
        .general
        .iter()
        .chain(d.pieces.iter().flat_map(|p| &p.offers));
    for o in offers {
        ids.extend(o.min.iter().chain(&o.max).map(|(_, r)| r.as_str()));
        ids.extend(o.draw.iter().map(|dr| dr.rule.as_str()));
        // An embarking is refused beside its army's own move by G3e.3 (`page-taken`).
        if o.takes.is_some() {
            ids.push(EMBARK_RULE);
        }
    }
    for p in &d.pieces {
        ids.extend(p.refused.values().map(String::as_str));
    }
    if !d.letters.is_empty() {
        ids.push(LETTER_RULE);
    }
    // Each rule once: the offers of every piece cite the same few.
    let ids: std::collections::BTreeSet<&str> =
        ids.into_iter().filter(|id| !id.is_empty()).collect();
    ids.into_iter()
        .filter_map(|id| Some((id.to_owned(), crate::rulebook::rule(id, l)?.summary())))
        .collect()
}

/// The page's words in the club's language: its own, the groups' titles, and those the
/// script fills in (`{rule}`, `{left}`…).
fn word_map(words: &Words, l: Lang, deadline: Option<&str>) -> BTreeMap<String, String> {
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
        ("page-treasury-bribes", vec!["treasury"]),
        ("page-army-short", vec!["army", "have", "needed", "rule"]),
        ("page-army-gone", vec!["army", "have", "rule"]),
        ("page-taken", vec!["piece", "rule"]),
        ("page-meet", vec!["node"]),
        ("page-letter-chosen", vec!["to"]),
        ("page-letter-too-long", vec!["max", "rule"]),
        ("page-letter-too-many", vec!["max", "rule"]),
    ];
    for (id, args) in placeholders {
        let mut a = crate::words::Args::new();
        for name in args {
            a.set(name, format!("{{{name}}}"));
        }
        word_map.insert(id.to_owned(), words.get(l, id, &a));
    }
    if let Some(d) = deadline {
        word_map.insert(
            "deadline".into(),
            t!(words, l, "sheet-deadline", deadline = d),
        );
    }
    word_map
}

/// What every offer is built from.
pub(super) struct Ctx<'a> {
    pub(super) words: &'a Words,
    pub(super) c: &'a Campaign,
    pub(super) l: Lang,
    pub(super) choices: &'a Choices,
    pub(super) prices: &'a BTreeMap<String, &'a Priced>,
    pub(super) options: &'a Options,
}

impl Ctx<'_> {
    pub(super) fn piece(&self, pc: &crate::rules::menu::PieceOptions) -> PagePiece {
        let (w, l) = (self.words, self.l);
        let label = crate::report::sheet::piece_title(w, l, self.c, self.options, pc);
        let idle = crate::report::sheet::idle_text(w, l, self.c, &pc.idle, &pc.at, &pc.id);
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
            // The sheet's options offer a transfer to each army standing with it: the
            // page's priced one replaces it, one offer per pair.
            if let OrderKind::Transfer { from, to, .. } = &pr.order {
                offers.retain(|o| o.slot != format!("transfer:{from}:{to}"));
            }
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
    pub(super) fn general(&self) -> Vec<Offer> {
        let mut out: Vec<Offer> = Vec::new();
        // The pieces' orders as written, to leave out the spring orders a piece offers
        // (none to leave out in a round, which has no spring orders: not written then).
        let piece_orders: std::collections::BTreeSet<String> = if self.choices.spring.is_empty() {
            Default::default()
        } else {
            (self.options.pieces.iter())
                .flat_map(|p| p.orders.iter().map(unparse_order))
                .collect()
        };
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
}
