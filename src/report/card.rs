//! The battle card as a table reads it (text, HTML, and the TOML card's comments), in
//! one language and for one reader: the club it is mailed to (its side named in the
//! header, its own club in the result file's header) or the referee. The notes for the
//! table (`battle::table_notes`) are worded here; the card itself decides nothing.

use super::club::render;
use crate::battle::card::{BattleKind, Card};
use crate::battle::notes::{Arg, Note};
use crate::battle::ruleset::Ruleset;
use crate::error::{Error, Result};
use crate::rules::tables::{CalendarTable, Lang};
use crate::words::{Args, Words};
use minijinja::Environment;
use minijinja::value::{Serde, Value};
use std::collections::BTreeMap;

/// Whom a card is written for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardFor {
    pub lang: Lang,
    /// The receiving club's nation; `None` for the referee's copy.
    pub reader: Option<String>,
    /// The round's month in `lang` (the card keeps the campaign's English name).
    pub month: String,
}

impl CardFor {
    /// A card for `reader` (or the referee) in `lang`; the month is named in `lang` when
    /// the campaign's calendar is at hand.
    pub fn new(
        card: &Card,
        lang: Lang,
        reader: Option<&str>,
        calendar: Option<&CalendarTable>,
    ) -> CardFor {
        let month = calendar
            .and_then(|c| c.month_in(&card.battle.month, lang))
            .unwrap_or(&card.battle.month)
            .to_owned();
        CardFor {
            lang,
            reader: reader.map(str::to_owned),
            month,
        }
    }

    /// The referee's copy in English, the month as the card has it.
    pub fn referee(card: &Card) -> CardFor {
        CardFor::new(card, Lang::En, None, None)
    }

    /// The index of the reader's side on the card, if the reader is one of its sides.
    fn side(&self, card: &Card) -> Option<usize> {
        let reader = self.reader.as_deref()?;
        card.sides.iter().position(|s| s.nation == reader)
    }
}

/// Words one note in `lang`.
pub fn note_text(words: &Words, lang: Lang, note: &Note) -> String {
    let mut args = Args::new();
    for (name, arg) in &note.args {
        match arg {
            Arg::Int(n) => args.set(*name, *n),
            Arg::Text(t) => args.set(*name, t.clone()),
            Arg::Word(id) => args.set(*name, words.plain(lang, id)),
        }
    }
    words.get(lang, note.id, &args)
}

/// The notes for the table, worded (a card the resolver refuses says why in place of
/// its game's numbers).
pub fn notes(words: &Words, lang: Lang, card: &Card, rs: &Ruleset) -> Vec<String> {
    crate::battle::table_notes(card, rs)
        .iter()
        .map(|n| note_text(words, lang, n))
        .collect()
}

/// A card's table, deployment and victory in `lang`: Italian when the ruleset has its
/// `[it]` words and the card carries this ruleset's English ones; otherwise as the card
/// has them.
fn prose(rs: &Ruleset, card: &Card, lang: Lang) -> [String; 3] {
    let b = &card.battle;
    let english = [b.table.clone(), b.deployment.clone(), b.victory.clone()];
    let Some(it) = rs.it.as_ref().filter(|_| lang == Lang::It) else {
        return english;
    };
    let pick =
        |mine: &str, theirs: &str, card: &str| if mine == card { theirs } else { card }.to_owned();
    let deployment = if b.deployment == rs.rearguard_deployment {
        it.rearguard_deployment.clone()
    } else {
        pick(&rs.deployment, &it.deployment, &b.deployment)
    };
    [
        pick(&rs.table, &it.table, &b.table),
        deployment,
        pick(&rs.victory, &it.victory, &b.victory),
    ]
}

/// The header line: which side is the reader's, or the referee's copy.
fn header(words: &Words, card: &Card, view: &CardFor) -> String {
    let lang = view.lang;
    let role = |r: &str| words.plain(lang, &format!("battle-card-role-{r}"));
    match view.side(card) {
        Some(i) => {
            let (me, them) = (&card.sides[i], &card.sides[1 - i]);
            // A neutral nation has no club (the card writes `neutral CODE`): it sends no
            // result, and the reader is told who decides instead (G0).
            let neutral = them.club == format!("neutral {}", them.nation);
            let other_club = if neutral {
                words.plain(lang, "battle-card-neutral-side")
            } else {
                them.club.clone()
            };
            let mut line = crate::t!(
                words,
                lang,
                "battle-card-for",
                club = me.club.clone(),
                nation = me.nation.clone(),
                side = me.key.clone(),
                role = role(&me.role),
                other = them.key.clone(),
                other_role = role(&them.role),
                other_club = other_club,
                other_nation = them.nation.clone(),
            );
            if neutral {
                line.push(' ');
                line.push_str(&crate::t!(
                    words,
                    lang,
                    "battle-card-neutral-decides",
                    nation = them.nation.clone()
                ));
            }
            line
        }
        None => crate::t!(
            words,
            lang,
            "battle-card-for-referee",
            kind = match card.battle.kind {
                BattleKind::Battle => "battle",
                BattleKind::Rearguard => "rearguard",
            }
        ),
    }
}

/// Each unit's and leader's kind and ratings in words, by id (`A-U1` → "infantry ·
/// fire 3 attacking, fire 4 defending, two steps"): the raw keys are the ruleset's
/// data, which a table reading the card in its language should not have to decode.
/// A key the catalogue has no words for is shown as `key=value`, as the ruleset has it.
fn rated(words: &Words, lang: Lang, card: &Card) -> BTreeMap<String, String> {
    let rating = |k: &str, v: i64| {
        let id = format!("battle-rating-{k}");
        if words.has(lang, &id) {
            crate::t!(words, lang, &id, v = v)
        } else {
            format!("{k}={v}")
        }
    };
    let worded = |ratings: &BTreeMap<String, i64>| {
        ratings
            .iter()
            .map(|(k, &v)| rating(k, v))
            .filter(|w| !w.is_empty())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let kind = |k: &str| {
        let id = format!("battle-unit-kind-{k}");
        if words.has(lang, &id) {
            words.plain(lang, &id)
        } else {
            k.to_owned()
        }
    };
    let mut out = BTreeMap::new();
    for side in &card.sides {
        for l in &side.leaders {
            out.insert(l.id.clone(), worded(&l.ratings));
        }
        for u in &side.units {
            out.insert(u.id.clone(), worded(&u.ratings));
            out.insert(format!("{}/kind", u.id), kind(&u.kind));
        }
    }
    out
}

/// Each unit's and leader's name as the reader reads it (id → name): a name the card
/// took from a template in the reader's language where the ruleset's words give it
/// (`[it.templates]`), any other as the card has it (a club's own order of battle names
/// its units itself). The card's data keeps the ruleset's names.
fn names(rs: &Ruleset, card: &Card, lang: Lang) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for side in &card.sides {
        let from_templates = side.oob != "club";
        let named = side
            .leaders
            .iter()
            .map(|l| (&l.id, &l.name))
            .chain(side.units.iter().map(|u| (&u.id, &u.name)));
        for (id, name) in named {
            let worded = from_templates
                .then(|| rs.template_name_in(name, lang))
                .flatten()
                .unwrap_or_else(|| name.clone());
            out.insert(id.clone(), worded);
        }
    }
    out
}

/// Renders a battle card as text or HTML, for the clubs and the table.
pub fn text(
    env: &Environment,
    card: &Card,
    rs: &Ruleset,
    view: &CardFor,
    html: bool,
) -> Result<String> {
    let words = crate::words::from_env(env);
    let name = if html { "card.html" } else { "card.txt" };
    let points = crate::battle::points_check(card, rs).unwrap_or_default();
    let mine = view.side(card);
    let ctx = minijinja::context! {
        card => Value::from(Serde(card)),
        provisional_tables => rs
            .provisional_tables()
            .iter()
            .map(|t| crate::t!(words, view.lang, "battle-table-name", table = *t))
            .collect::<Vec<_>>()
            .join(", "),
        points => Value::from(Serde(&points)),
        lang => view.lang.as_str(),
        // The table, deployment and victory in the reader's language where the ruleset
        // has them.
        prose => prose(rs, card, view.lang),
        month => view.month.clone(),
        header => header(&words, card, view),
        notes => notes(&words, view.lang, card, rs),
        rated => rated(&words, view.lang, card),
        game => rs.name_in(view.lang),
        // Each unit's and leader's name in the reader's language where the ruleset's
        // words give it.
        names => names(rs, card, view.lang),
        // The reader's side on the card (0 or 1), or none for the referee's copy; the
        // result file's header is written for the reader's club.
        mine => mine,
        me => mine.unwrap_or(0),
    };
    render(env, name, ctx)
}

/// The TOML card (what `giglio battle auto` and a program read), its comments the card
/// in words in `view.lang`: every line of the text card, commented.
pub fn toml(env: &Environment, card: &Card, rs: &Ruleset, view: &CardFor) -> Result<String> {
    let words = crate::words::from_env(env);
    let data = toml::to_string(card).map_err(|e| Error::internal(e.to_string()))?;
    let mut out = format!(
        "# {}\n#\n",
        words.plain(view.lang, "battle-card-toml-intro")
    );
    for line in text(env, card, rs, view, false)?.lines() {
        if line.is_empty() {
            out.push_str("#\n");
        } else {
            out.push_str("# ");
            out.push_str(line);
            out.push('\n');
        }
    }
    out.push('\n');
    out.push_str(&data);
    Ok(out)
}
