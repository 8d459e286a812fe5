//! The rules' typed facts in words: outcomes of orders, events, ledger entries and phase
//! names, through the message catalogue (`locales/*/outcomes.ftl`, `ledger.ftl`,
//! `phases.ftl`). The one implementation of [`rules::say::Say`](crate::rules::say::Say).
//!
//! A fact's message id is its type's prefix and its serialized kind (`done-raised`,
//! `reason-too-far`, `happening-siege-roll`, `item-income`), and its fields are the
//! message's arguments, so a new kind needs one message per language and no code: the
//! catalogue test below checks that every kind the rules define has one. Fields that
//! are enums become selector arguments (`$cause` = `lost_in_battle`), a one-key object
//! `{ "army": "V-A1" }` gives `$what = army` and `$army = V-A1`, booleans read `true` or
//! `false`, an absent value `none`, and lists are joined.

use crate::rules::calendar::PhaseId;
use crate::rules::ledger::{Account, Item};
use crate::rules::outcome::{Happening, Outcome};
use crate::rules::say::Say;
use crate::rules::tables::{CalendarTable, EventEntry, Lang};
use crate::t;
use crate::words::{Args, Words};
use serde::Serialize;
use serde_json::Value;
use std::collections::BTreeMap;
use std::sync::Arc;

/// The catalogue, the campaign's calendar (the months of the rounds) and its places'
/// names.
#[derive(Clone, Debug)]
pub struct Explain {
    words: Words,
    calendar: CalendarTable,
    places: Arc<Places>,
}

/// Each node's and sea zone's code with the words a club reads for it (`Modigliana
/// (F8)`, `Golfo di Venezia (ADN)`): a club learns places by their names on the map,
/// so a fact never names a place by its code alone. And each nation's code with its
/// name in each language: "la Repubblica di Venezia incassa", never "V incassa".
#[derive(Debug, Default)]
pub(crate) struct Places {
    places: BTreeMap<String, String>,
    /// The sea zones whose English name differs, said in English.
    places_en: BTreeMap<String, String>,
    nations: BTreeMap<String, (String, String)>,
}

/// The fields of the rules' facts that hold a nation's code (`from` and `to` hold a
/// place in a move and a nation in a transfer of ducats: a place's code is named first).
const NATION_FIELDS: &[&str] = &[
    "nation", "with", "order", "members", "hand", "other", "attacker", "defender", "gone",
    "besieger", "by", "against", "winner", "from", "to", "owner",
];

impl Places {
    /// The words for the code `s` in field `key`, if it names a place or a nation.
    fn said(&self, key: &str, s: &str, lang: Lang) -> Option<&str> {
        if let Some(p) = (self.places_en.get(s)).filter(|_| lang == Lang::En) {
            return Some(p);
        }
        if let Some(p) = self.places.get(s) {
            return Some(p);
        }
        if !NATION_FIELDS.contains(&key) {
            return None;
        }
        self.nations.get(s).map(|(it, en)| match lang {
            Lang::It => it.as_str(),
            Lang::En => en.as_str(),
        })
    }
}

impl Explain {
    /// Words from `words`, months and places from `campaign`.
    pub fn new(words: Words, campaign: &crate::rules::Campaign) -> Explain {
        Explain {
            words,
            calendar: campaign.tables.calendar.clone(),
            places: Arc::new(places(campaign)),
        }
    }
}

/// The campaign's places by code (see [`Places`]).
fn places(c: &crate::rules::Campaign) -> Places {
    let nodes = c.map.nodes().map(|n| (n.code.to_string(), n.name.clone()));
    let seas = c.map.seas().map(|s| (s.code.to_string(), s.name.clone()));
    let places = nodes
        .chain(seas)
        .map(|(code, name)| {
            let said = format!("{name} ({code})");
            (code, said)
        })
        .collect();
    let places_en = c
        .map
        .seas()
        .filter(|s| s.name_in(Lang::En) != s.name)
        .map(|s| {
            (
                s.code.to_string(),
                format!("{} ({})", s.name_in(Lang::En), s.code),
            )
        })
        .collect();
    let nations = c
        .nations
        .iter()
        .map(|n| {
            let code = n.code.to_string();
            (code, (n.name_it.clone(), n.name_en.clone()))
        })
        .collect();
    Places {
        places,
        places_en,
        nations,
    }
}

impl Say for Explain {
    fn outcome(&self, o: &Outcome, lang: Lang) -> String {
        said_outcome(&self.words, Some(&self.places), o, lang)
    }

    fn happening(&self, h: &Happening, lang: Lang) -> String {
        render(
            &self.words,
            Some(&self.places),
            lang,
            "happening",
            "happening",
            h,
        )
    }

    fn account(&self, a: &Account, lang: Lang) -> String {
        account(&self.words, a, lang)
    }

    fn item(&self, i: &Item, lang: Lang) -> String {
        render(&self.words, Some(&self.places), lang, "item", "item", i)
    }

    fn item_kind(&self, key: &str, lang: Lang) -> String {
        self.words
            .plain(lang, &format!("item-kind-{}", key.replace('_', "-")))
    }

    fn phase(&self, id: PhaseId, lang: Lang) -> String {
        phase_name(&self.words, &self.calendar, id, lang)
    }

    fn year(&self, year: u16, lang: Lang) -> String {
        t!(self.words, lang, "year-title", year = year.to_string())
    }

    fn order_name(&self, name: &str, lang: Lang) -> String {
        if ORDER_NAMES.contains(&name) {
            self.words
                .plain(lang, &format!("order-name-{}", name.replace(' ', "-")))
        } else {
            name.to_owned()
        }
    }

    fn event_in_effect(&self, e: &EventEntry, lang: Lang) -> String {
        use crate::rules::tables::EventEffect;
        let (effect, amount) = match e.effect {
            EventEffect::Epidemic => ("epidemic", 0),
            EventEffect::CityIncomePercent { percent } => ("cities", i64::from(percent)),
            EventEffect::VillageIncome { ducats } => ("villages", ducats),
            EventEffect::BreachRandomFortified => ("other", 0),
        };
        let name = match lang {
            Lang::It => e.name_it.as_str(),
            Lang::En => e.name_en.as_str(),
        };
        t!(
            self.words,
            lang,
            "event-in-effect",
            name = name,
            effect = effect,
            amount = amount
        )
    }
}

/// The order names outcomes store (`OrderKind::name`), each with an `order-name-…`
/// entry in the catalogue; a name of an earlier version not among them is shown as it is.
const ORDER_NAMES: &[&str] = &[
    "loan",
    "raise",
    "reinforce",
    "transfer",
    "garrison",
    "fortify",
    "repair",
    "hire sapper",
    "hire diplomat",
    "hire spy",
    "hire assassin",
    "fleet",
    "alliance",
    "objective",
    "strategos",
    "move",
    "stance",
    "siege",
    "assassin",
    "fleet move",
    "embark",
    "land",
    "encounter",
    "battle result",
    "order of battle",
];

/// What became of an order, in words (places by their codes: the referee's terminal).
pub fn outcome(w: &Words, o: &Outcome, lang: Lang) -> String {
    said_outcome(w, None, o, lang)
}

/// What became of an order, in words, places by `places` where given.
fn said_outcome(w: &Words, places: Option<&Places>, o: &Outcome, lang: Lang) -> String {
    match o {
        Outcome::Done(d) => render(w, places, lang, "done", "done", d),
        Outcome::Rejected { rule, reason } => t!(
            w,
            lang,
            if reason.thwarted() {
                "outcome-thwarted"
            } else {
                "outcome-rejected"
            },
            rule = rule.as_str(),
            reason = render(w, places, lang, "reason", "reason", reason)
        ),
    }
}

/// Why an order was rejected, in words (without the rule id).
pub(crate) fn reason(w: &Words, r: &crate::rules::outcome::Reason, lang: Lang) -> String {
    render(w, None, lang, "reason", "reason", r)
}

/// Why an order was rejected, its places and nations named as a club reads them
/// ("Cremona (M4) non è una piazza fortificata", not "M4 …": a play-test's receipt).
pub(crate) fn reason_named(
    w: &Words,
    campaign: &crate::rules::Campaign,
    r: &crate::rules::outcome::Reason,
    lang: Lang,
) -> String {
    render(w, Some(&places(campaign)), lang, "reason", "reason", r)
}

/// What happened, in words.
pub fn happening(w: &Words, h: &Happening, lang: Lang) -> String {
    render(w, None, lang, "happening", "happening", h)
}

/// What happened, in words, its places named as a club reads them (`Padova (V1)`).
pub fn happening_named(
    w: &Words,
    campaign: &crate::rules::Campaign,
    h: &Happening,
    lang: Lang,
) -> String {
    render(
        w,
        Some(&places(campaign)),
        lang,
        "happening",
        "happening",
        h,
    )
}

/// What differs for a club between a withdrawn report and the new one, its places and
/// nations named as a club reads them.
pub fn difference(
    w: &Words,
    campaign: &crate::rules::Campaign,
    d: &crate::rules::visibility::compare::Difference,
    lang: Lang,
) -> String {
    render(w, Some(&places(campaign)), lang, "changed", "changed", d)
}

/// A ledger account, in words.
pub(crate) fn account(w: &Words, a: &Account, lang: Lang) -> String {
    match serde_json::to_value(a).unwrap_or(Value::Null) {
        Value::Object(m) => {
            let Some((kind, id)) = m.into_iter().next() else {
                return String::new();
            };
            let mut args = Args::new();
            put(&mut args, "id", &id, lang);
            w.get(lang, &format!("account-{}", kind.replace('_', "-")), &args)
        }
        Value::String(kind) => w.plain(lang, &format!("account-{}", kind.replace('_', "-"))),
        _ => String::new(),
    }
}

/// A ledger entry's label, in words.
pub(crate) fn item(w: &Words, i: &Item, lang: Lang) -> String {
    render(w, None, lang, "item", "item", i)
}

pub(crate) use crate::words::phases::phase_name;

/// An objective by the names the campaign gives it (`rules.toml`), with its target
/// nation's name: never the type's internal name.
pub(crate) fn objective(
    c: &crate::rules::Campaign,
    kind: crate::rules::tables::ObjectiveKind,
    target: Option<&str>,
    lang: Lang,
) -> String {
    let entry = c.tables.victory.objective.iter().find(|o| o.id == kind);
    let name = match (entry, lang) {
        (Some(e), Lang::It) => e.name_it.clone(),
        (Some(e), Lang::En) => e.name_en.clone(),
        (None, _) => scalar(&serde_json::to_value(kind).unwrap_or(Value::Null)).replace('_', " "),
    };
    match target {
        Some(t) => {
            let nation = c.nation(t).map_or_else(
                || t.to_owned(),
                |n| match lang {
                    Lang::It => n.name_it.clone(),
                    Lang::En => n.name_en.clone(),
                },
            );
            format!("{name}: {nation}")
        }
        None => name,
    }
}

/// A nation's name in a language (its code if the definition does not know it).
pub(crate) fn nation_name(
    c: &crate::rules::Campaign,
    code: &crate::rules::NationCode,
    l: Lang,
) -> String {
    c.nation_name(code.as_str(), l)
}

/// A node's name with its code: `Verona (V3)`.
pub(crate) fn node_name(c: &crate::rules::Campaign, code: &str) -> String {
    c.map
        .node(code)
        .map_or(code.to_owned(), |n| format!("{} ({code})", n.name))
}

/// Renders a value tagged with `tag` as message `<prefix>-<kind>`, each place code among
/// its fields (a field's whole value, or an item of a list such as a path) worded by
/// `places` where given.
fn render(
    w: &Words,
    places: Option<&Places>,
    lang: Lang,
    prefix: &str,
    tag: &str,
    value: &impl Serialize,
) -> String {
    let Value::Object(map) = serde_json::to_value(value).unwrap_or(Value::Null) else {
        return String::new();
    };
    let kind = map
        .get(tag)
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned();
    let mut args = Args::new();
    for (k, v) in map.iter().filter(|(k, _)| *k != tag) {
        match places {
            Some(p) => put(&mut args, k, &named(k, v, p, lang), lang),
            None => put(&mut args, k, v, lang),
        }
    }
    derived(&kind, &map, lang, &mut args);
    if let Some(Value::Array(ms)) = map.get("modifiers") {
        args.set("modifiers", siege::modifiers(w, lang, ms));
    }
    w.get(lang, &format!("{prefix}-{}", kind.replace('_', "-")), &args)
}

/// Arguments computed from the fields: what a message cannot compute, and the words the
/// campaign's data gives in each language.
fn derived(kind: &str, map: &serde_json::Map<String, Value>, lang: Lang, args: &mut Args) {
    let num = |k: &str| map.get(k).and_then(Value::as_i64).unwrap_or(0);
    let text = |it: &str, en: &str| {
        let k = match lang {
            Lang::It => it,
            Lang::En => en,
        };
        map.get(k)
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned()
    };
    match kind {
        "missing_ducats" => args.set("missing", num("cost") - num("treasury")),
        "winter_event" => {
            args.set("name", text("name_it", "name_en"));
            // Stored before the table's face was recorded.
            if !map.contains_key("face") {
                args.set("face", "none");
            }
            // Stored before the event's effect was told; a disaster with no place.
            if !map.contains_key("effect") {
                args.set("effect", "none");
            }
            if !map.contains_key("amount") {
                args.set("amount", 0);
            }
            if !map.contains_key("struck") {
                args.set("struck", "");
            }
        }
        "fleet_clash_won" => {
            let n = map
                .get("fleets")
                .and_then(Value::as_array)
                .map_or(1, Vec::len);
            args.set("count", n as i64);
        }
        // Written without the field when none, and before it existed.
        "enemy_size" if !map.contains_key("garrison") => args.set("garrison", 0),
        // Written without the field when none, and before it existed.
        "siege_waits" => {
            let n = map
                .get("others")
                .and_then(Value::as_array)
                .map_or(0, Vec::len);
            if n == 0 {
                args.set("others", "none");
            }
            args.set("count", n as i64);
        }
        // Written without the field when false, and before it existed.
        "stance_set" if !map.contains_key("spy_cleared") => {
            args.set("spy_cleared", "false");
        }
        // Each flag written without the field when false, and before it existed (a
        // rearguard told as such, a draw, the winner's own place).
        "enemy_fell_back" => {
            for k in ["own_place", "rearguard", "draw"] {
                if !map.contains_key(k) {
                    args.set(k, "false");
                }
            }
        }
        "encounter" => {
            args.set("text", text("text_it", "text_en"));
            // Events stored before the Table 34 cell was recorded have no choices.
            for k in ["hand_choice", "other_choice", "other_meant"] {
                if !map.contains_key(k) {
                    args.set(k, "none");
                }
            }
            // A side with no choice stays within its walls (G3c.3): said so, not as if
            // the club had chosen to shut itself in.
            if map.get("other_walls").and_then(Value::as_bool) == Some(true) {
                args.set("other_choice", "walls");
            }
            // The other side's own withdrawal, told without the hedge a withdrawal
            // seen from outside (or stored before it was told apart) needs.
            if map.get("other_chose").and_then(Value::as_bool) == Some(true)
                && map.get("other_choice").and_then(Value::as_str) == Some("withdraw")
            {
                args.set("other_choice", "withdraw_own");
            }
            // Stored before allies were told as such.
            if !map.contains_key("allies") {
                args.set("allies", "false");
            }
            for k in ["no_battle", "no_siege"] {
                if !map.contains_key(k) {
                    args.set(k, "false");
                }
            }
        }
        "event_roll" => {
            // Stored before the table's faces were recorded: the roll alone.
            let faces = map.get("drawn_on").and_then(Value::as_array);
            match faces {
                Some(faces) if !faces.is_empty() => {
                    let hit = faces.iter().any(|f| f.as_i64() == Some(num("roll")));
                    args.set("drawn", if hit { "true" } else { "false" });
                }
                _ => {
                    args.set("drawn_on", "none");
                    args.set("drawn", "none");
                }
            }
        }
        // Stored before where and by whom was recorded.
        "fleet_pushed_back" if !map.contains_key("at") => {
            args.set("at", "none");
            args.set("by", "none");
        }
        // Stored before whom the assassin went for was recorded.
        "assassin_sent" if !map.contains_key("struck") => {
            args.set("struck", "none");
            args.set("against", "none");
        }
        // Stored before what made the betrayal was recorded.
        "alliance_betrayed" if !map.contains_key("how") => args.set("how", "none"),
        // Stored before the unpaid rest could stay owed.
        "loan_default" if !map.contains_key("carried") => args.set("carried", "false"),
        // The walls are written only when they fell (and were not recorded before).
        "surrendered" if !map.contains_key("breached") => args.set("breached", "false"),
        // A draw is written only when it was one (and was not recorded before).
        "retreated" if !map.contains_key("draw") => args.set("draw", "false"),
        _ => {}
    }
}

/// Sets argument `key` from a field's value (see the module's documentation).
fn put(args: &mut Args, key: &str, v: &Value, lang: Lang) {
    match v {
        Value::String(s) => args.set(key.to_owned(), s.clone()),
        Value::Number(n) => match n.as_i64() {
            Some(i) => args.set(key.to_owned(), i),
            None => args.set(key.to_owned(), n.as_f64().unwrap_or_default()),
        },
        Value::Bool(b) => args.set(key.to_owned(), if *b { "true" } else { "false" }),
        Value::Null => args.set(key.to_owned(), "none"),
        Value::Array(xs) => {
            let parts: Vec<String> = xs.iter().map(scalar).collect();
            for (i, p) in parts.iter().enumerate() {
                args.set(format!("{key}_{}", i + 1), p.clone());
            }
            let joined = match key {
                "path" => parts.join(" → "),
                // The faces of a die that do something: any one of them.
                "destroys_on" | "drawn_on" => listed_or(&parts, lang),
                _ => listed(&parts, lang),
            };
            args.set(key.to_owned(), joined);
        }
        Value::Object(m) => {
            if let Some((kind, inner)) = m.iter().next() {
                args.set(key.to_owned(), kind.clone());
                put(args, kind, inner, lang);
            }
        }
    }
}

/// A list as running text says it: "Padova, Vicenza e Verona", "Padua, Vicenza and
/// Verona" (a play-test read the commas alone as a list cut short).
pub(crate) fn listed(parts: &[String], lang: Lang) -> String {
    joined(parts, if lang == Lang::It { "e" } else { "and" })
}

/// A list of alternatives: "4, 5 o 6", "4, 5 or 6".
fn listed_or(parts: &[String], lang: Lang) -> String {
    joined(parts, if lang == Lang::It { "o" } else { "or" })
}

fn joined(parts: &[String], last_word: &str) -> String {
    match parts {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} {last_word} {last}", init.join(", ")),
    }
}

/// `v`, the value of field `key`, with each place code in it and each nation code of a
/// nation's field worded (see [`render`]); numbers, flags and the modifiers' objects of
/// more than one key are left as they are.
fn named(key: &str, v: &Value, places: &Places, lang: Lang) -> Value {
    match v {
        Value::String(s) => places
            .said(key, s, lang)
            .map_or_else(|| v.clone(), |said| Value::String(said.to_owned())),
        // The move order's nations each with the article a sentence gives them ("the
        // Papal States and the Republic of Florence": a play-test read them bare).
        Value::Array(xs) if key == "order" => Value::Array(
            xs.iter()
                .map(|x| match named(key, x, places, lang) {
                    Value::String(name) if Some(name.as_str()) != x.as_str() => {
                        Value::String(super::article::before(lang, "", &name))
                    }
                    other => other,
                })
                .collect(),
        ),
        Value::Array(xs) => Value::Array(xs.iter().map(|x| named(key, x, places, lang)).collect()),
        Value::Object(m) if m.len() == 1 => Value::Object(
            m.iter()
                .map(|(k, inner)| (k.clone(), named(k, inner, places, lang)))
                .collect(),
        ),
        other => other.clone(),
    }
}

fn scalar(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

mod siege;
#[cfg(test)]
mod tests;

/// The key an objective is written with in an order file (`most_cities`).
pub(crate) fn objective_key(kind: crate::rules::tables::ObjectiveKind) -> String {
    serde_json::to_value(kind)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

/// An objective's name in the campaign's own words, in a language.
pub(crate) fn objective_name(o: &crate::rules::tables::ObjectiveEntry, lang: Lang) -> &str {
    match lang {
        Lang::It => &o.name_it,
        Lang::En => &o.name_en,
    }
}
