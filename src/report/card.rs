//! The battle card as a table reads it (text, HTML, and the TOML card's comments), in
//! one language and for one reader: the club it is mailed to (its side named in the
//! header, its own club in the result file's header) or the referee. The notes for the
//! table (`battle::table_notes`) and the ruleset's readings (`locales/*/readings.ftl`)
//! are worded here; the card itself decides nothing.

use super::club::render;
use crate::battle::card::{BattleKind, Card};
use crate::battle::notes::{Arg, Note};
use crate::battle::ruleset::Ruleset;
use crate::error::{Error, Result};
use crate::rules::Campaign;
use crate::rules::tables::Lang;
use crate::words::{Args, Words};
use minijinja::Environment;
use minijinja::value::{Serde, Value};
use serde::Serialize;
use std::collections::BTreeMap;

/// Whom a card is written for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardFor {
    pub lang: Lang,
    /// The receiving club's nation; `None` for the referee's copy.
    pub reader: Option<String>,
    /// The round's month in `lang` (the card keeps the campaign's English name).
    pub month: String,
    /// Each nation's name in `lang` with its code (`Repubblica di Venezia (V)`), by
    /// code: the card's data keeps codes, a reader knows nations by their names.
    nations: BTreeMap<String, String>,
}

impl CardFor {
    /// A card for `reader` (or the referee) in `lang`; the month and the nations are
    /// named in `lang` when the campaign is at hand.
    pub fn new(
        card: &Card,
        lang: Lang,
        reader: Option<&str>,
        campaign: Option<&Campaign>,
    ) -> CardFor {
        let calendar = campaign.map(|c| &c.tables.calendar);
        let month = calendar
            .and_then(|c| c.month_in(&card.battle.month, lang))
            .unwrap_or(&card.battle.month);
        // Italian writes months lower-case, as running text has them ("Mese: maggio").
        let month = match (lang, calendar) {
            (Lang::It, Some(_)) => month.to_lowercase(),
            _ => month.to_owned(),
        };
        let nations = campaign
            .map(|c| {
                c.nations
                    .iter()
                    .map(|n| {
                        let code = n.code.to_string();
                        let said = c.nation_said(&code, lang);
                        (code, said)
                    })
                    .collect()
            })
            .unwrap_or_default();
        CardFor {
            lang,
            reader: reader.map(str::to_owned),
            month,
            nations,
        }
    }

    /// A nation as the reader reads it: its name and code, or its code alone.
    fn nation(&self, code: &str) -> String {
        self.nations
            .get(code)
            .cloned()
            .unwrap_or_else(|| code.to_owned())
    }

    /// The referee's copy in English, the month as the card has it.
    pub fn referee(card: &Card) -> CardFor {
        CardFor::new(card, Lang::En, None, None)
    }

    /// The card as the reader may read it: a club learns only its own armies' ids (an
    /// enemy's pieces are anonymous markers to it, G7.2); the referee's copy is whole.
    fn shown<'c>(&self, card: &'c Card) -> std::borrow::Cow<'c, Card> {
        let Some(reader) = self.reader.as_deref() else {
            return std::borrow::Cow::Borrowed(card);
        };
        let theirs = |l: &crate::battle::card::Linked| l.sides.iter().any(|s| s == reader);
        if card
            .sides
            .iter()
            .all(|s| s.nation == reader || (s.armies.is_empty() && !s.sapper))
            && card.battle.also.iter().all(theirs)
        {
            return std::borrow::Cow::Borrowed(card);
        }
        let mut own = card.clone();
        for side in own.sides.iter_mut().filter(|s| s.nation != reader) {
            side.armies.clear();
            // The other club's sapper is its specialist (G7.4), and a battle does not
            // use it: not shown (a play-test's card named the enemy's).
            side.sapper = false;
        }
        // Another battle at the place is told to its own sides only (G7.3).
        own.battle.also.retain(theirs);
        std::borrow::Cow::Owned(own)
    }

    /// The index of the reader's side on the card, if the reader is one of its sides.
    fn side(&self, card: &Card) -> Option<usize> {
        let reader = self.reader.as_deref()?;
        card.sides.iter().position(|s| s.nation == reader)
    }
}

/// Words one note in the reader's language, its nations by their names.
fn note_text(words: &Words, view: &CardFor, note: &Note) -> String {
    let mut args = Args::new();
    for (name, arg) in &note.args {
        match arg {
            Arg::Int(n) => args.set(*name, *n),
            Arg::Text(t) => args.set(*name, t.clone()),
            Arg::Word(id) => args.set(*name, words.plain(view.lang, id)),
            Arg::Nation(code) if code.is_empty() => args.set(*name, ""),
            Arg::Nation(code) => args.set(*name, view.nation(code)),
        }
    }
    words.get(view.lang, note.id, &args)
}

/// The notes for the table, worded (a card the resolver refuses says why in place of
/// its game's numbers).
fn notes(words: &Words, view: &CardFor, card: &Card, rs: &Ruleset) -> Vec<String> {
    crate::battle::table_notes(card, rs)
        .iter()
        .map(|n| note_text(words, view, n))
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
                nation = view.nation(&me.nation),
                side = me.key.clone(),
                role = role(&me.role),
                other = them.key.clone(),
                other_role = role(&them.role),
                other_club = other_club,
                other_nation = view.nation(&them.nation),
            );
            if neutral {
                line.push(' ');
                line.push_str(&crate::t!(
                    words,
                    lang,
                    "battle-card-neutral-decides",
                    nation = view.nation(&them.nation)
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
            // MON's guastatori never fire in field combat: their value is the [ ] one
            // for mines (§9), written so (a play-test's table read "fire 3").
            let shown = if u.kind == "guast" {
                let mut r = u.ratings.clone();
                if let Some(v) = r.remove("fire") {
                    r.insert("mines".to_owned(), v);
                }
                worded(&r)
            } else {
                worded(&u.ratings)
            };
            out.insert(u.id.clone(), shown);
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

/// One READING on the card as the table reads it: its name and value as the ruleset
/// writes them (the referee's reference), and what it means for the table in the
/// reader's language.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Reading {
    pub name: String,
    pub value: String,
    /// `None` for a reading the catalogue has no words for (shown as `name=value`).
    pub sentence: Option<String>,
}

/// What reading `name` set to `value` means for the table, in `lang`
/// (`locales/*/readings.ftl`); `None` when the catalogue has no words for it.
pub fn reading_text(words: &Words, lang: Lang, name: &str, value: &str) -> Option<String> {
    let id = format!("reading-{name}");
    if !words.has(lang, &id) {
        return None;
    }
    // A list value (terrains, place kinds) with each item in words where the card's own
    // words name it.
    let item = |item: &str| {
        ["battle-card-terrain-", "battle-card-node-"]
            .iter()
            .map(|prefix| format!("{prefix}{item}"))
            .find(|id| words.has(lang, id))
            .map_or_else(|| item.to_owned(), |id| words.plain(lang, &id))
    };
    let list = value
        .split(',')
        .map(str::trim)
        .filter(|i| !i.is_empty())
        .map(item)
        .collect::<Vec<_>>()
        .join(", ");
    let mut args = Args::new();
    args.set("key", crate::words::variant_key(value));
    args.set("value", value.to_owned());
    args.set("list", list);
    words.try_get(lang, &id, &args).ok()
}

/// The card's readings, each worded for the table in `lang`.
pub fn readings(words: &Words, lang: Lang, card: &Card) -> Vec<Reading> {
    card.battle
        .readings
        .iter()
        .map(|(name, value)| Reading {
            name: name.clone(),
            value: value.clone(),
            sentence: reading_text(words, lang, name, value),
        })
        .collect()
}

/// Renders a battle card as text or HTML, for the clubs and the table.
pub fn text(
    env: &Environment,
    card: &Card,
    rs: &Ruleset,
    view: &CardFor,
    html: bool,
) -> Result<String> {
    let card = &*view.shown(card);
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
        notes => notes(&words, view, card, rs),
        rated => rated(&words, view.lang, card),
        // The readings in force, each with what it means for the table in `lang`; a
        // club's copy leaves out those that matter only in a full game (the mail's
        // weight: the referee's copy lists them all).
        readings => Value::from(Serde(
            readings(&words, view.lang, card)
                .into_iter()
                .filter(|r| mine.is_none() || !crate::battle::full_game_only(&r.name))
                .collect::<Vec<_>>()
        )),
        full_game_only => if mine.is_some() {
            (card.battle.readings.keys())
                .filter(|n| crate::battle::full_game_only(n))
                .count()
        } else {
            0
        },
        game => rs.name_in(view.lang),
        // Each unit's and leader's name in the reader's language where the ruleset's
        // words give it.
        names => names(rs, card, view.lang),
        // The reader's side on the card (0 or 1), or none for the referee's copy; the
        // result file's header is written for the reader's club.
        mine => mine,
        me => mine.unwrap_or(0),
        // The other battles at the place the reader may know of, each with its sides.
        also => card
            .battle
            .also
            .iter()
            .map(|l| {
                crate::t!(
                    words,
                    view.lang,
                    "battle-card-also-one",
                    battle = l.id.as_str(),
                    attacker = view.nation(&l.sides[0]),
                    defender = view.nation(&l.sides[1])
                )
            })
            .collect::<Vec<_>>(),
        // The card's nations by their names (each side's, and the walls' holder).
        nations => card
            .sides
            .iter()
            .map(|s| s.nation.clone())
            .chain(card.battle.walls_held_by.clone())
            .map(|code| (code.clone(), view.nation(&code)))
            .collect::<BTreeMap<_, _>>(),
    };
    render(env, name, ctx)
}

/// The TOML card (what `giglio battle auto` and a program read), its comments the card
/// in words in `view.lang`: every line of the text card, commented.
pub fn toml(env: &Environment, card: &Card, rs: &Ruleset, view: &CardFor) -> Result<String> {
    let card = &*view.shown(card);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battle::card::{NodeKind, Terrain};
    use crate::battle::card_tests::{both, card, shipped};
    use crate::battle::known_readings;
    use crate::battle::ruleset::Game;
    use std::collections::BTreeSet;

    /// Every reading a game has, with the values the comments of its shipped ruleset
    /// name (the value it ships and each alternative); `None` for a number or a list,
    /// worded from the value itself.
    const ALTERNATIVES: &[(&str, Option<&[&str]>)] = &[
        ("MON_breach_fire_floor", Some(&["1", "0"])),
        ("MON_commander_difficult", Some(&["at_3_or_more", "always"])),
        ("MON_commander_killed", Some(&["cannot_attack", "ignored"])),
        (
            "MON_continue_policy",
            Some(&["round_winner", "rational", "single_round"]),
        ),
        ("MON_difficult_terrain", None),
        (
            "MON_fort_applies",
            Some(&["defender_inside", "fortified_node"]),
        ),
        (
            "MON_fortified_node",
            Some(&["village_plus_fort", "village_only", "none"]),
        ),
        (
            "MON_fortress_option_holder",
            Some(&["any", "defender_holds"]),
        ),
        ("MON_fortress_option_nodes", None),
        ("MON_max_rounds", None),
        (
            "MON_protection_rounds",
            Some(&["every_round", "first_round"]),
        ),
        (
            "MON_raid_camp_morale",
            Some(&["plus2_total", "plus1_plus2"]),
        ),
        (
            "MON_raid_enemy_units",
            Some(&["combat_units_only", "all_counters"]),
        ),
        (
            "MON_reinforcement_roll",
            Some(&["early_from_next_turn", "literal"]),
        ),
        ("MON_starting_player", Some(&["pro_france", "pro_spain"])),
        ("LEG_attacker_policy", Some(&["even_odds", "column"])),
        (
            "LEG_carroccio_cavalry_neighbour",
            Some(&["defends", "destroyed"]),
        ),
        (
            "LEG_carroccio_level",
            Some(&["attack", "attack_and_defence"]),
        ),
        ("LEG_crt_clamp", Some(&["index", "row"])),
        ("LEG_facing_mods", Some(&["no_double", "cumulative"])),
        ("LEG_forest_cavalry", Some(&["into_or_out", "into"])),
        ("LEG_good_morale_friend", Some(&["ordered", "grade_a"])),
        ("LEG_leader_drm", Some(&["best", "sum"])),
        ("LEG_morale_compare", Some(&["best", "worst"])),
        ("LEG_odds_rounding", Some(&["down", "up"])),
        ("LEG_result_hits", Some(&["all", "one"])),
        ("LEG_rout_level_compare", Some(&["exceeds", "reaches"])),
        ("LEG_rout_rally_near_enemy", Some(&["stays", "retreats"])),
        ("LEG_variable_combat", Some(&["adverse", "each_combat"])),
        ("LEG_vp_leader", Some(&["killed", "none"])),
        ("LEG_vp_unit", Some(&["grade", "combat_value"])),
        ("OTT_duel_tie", Some(&["reroll"])),
        ("OTT_end_roll", Some(&["each_full_turn", "once_at_18"])),
        (
            "OTT_fort_applies",
            Some(&["defender_inside", "fortified_node"]),
        ),
        ("OTT_genoa_retreat", Some(&["own_edge"])),
        ("OTT_infantry_mp", None),
        ("OTT_melee_choice", Some(&["by_odds", "always"])),
        ("OTT_morale_test", Some(&["literal", "inverted"])),
        ("OTT_second_die", Some(&["same", "bare"])),
        ("OTT_surrender_abs", Some(&["on", "off"])),
        ("PIA_austrian_win_objectives", Some(&["0-1", "literal"])),
        (
            "PIA_cavalry_post_attack",
            Some(&["second_disorder", "marker_only"]),
        ),
        ("PIA_charged_routed_retreat", Some(&["3", "2"])),
        ("PIA_cic_staff_vp", None),
        ("PIA_depth_threshold", Some(&["ge3", "ge2"])),
        (
            "PIA_disorder_removal",
            Some(&["reorganization_only", "end_of_turn"]),
        ),
        ("PIA_flags", Some(&["standard_bearers"])),
        (
            "PIA_fort_applies",
            Some(&["defender_inside", "fortified_node"]),
        ),
        (
            "PIA_light_cavalry",
            Some(&["cavalry_rules", "light_effects"]),
        ),
        ("PIA_occupy", Some(&["non_routed", "any_unit"])),
        ("PIA_second_disorder_retreat", Some(&["retreat", "stay"])),
        ("PIA_smoke_floor", Some(&["both", "total_only"])),
        ("PIA_wing_pairs", Some(&["until_all", "two_pairs"])),
    ];

    const SHIPPED: [&str; 4] = ["mon1628", "leg1176", "ott1625", "pia1746"];

    /// A value no ruleset writes: what a reading's last variant says.
    const UNLISTED: &str = "zz-unlisted";

    fn words() -> Words {
        Words::load(None).expect("the catalogue")
    }

    /// Whether `value` gets a variant of its own: the sentence is not the last
    /// variant's with the value put in.
    fn specific(words: &Words, lang: Lang, name: &str, value: &str) -> bool {
        let said = reading_text(words, lang, name, value);
        let fallback =
            reading_text(words, lang, name, UNLISTED).map(|s| s.replace(UNLISTED, value));
        said.is_some() && said != fallback
    }

    /// Whether `w` is in `text` as a word of its own (`up` is not in `upper`).
    fn has_word(text: &str, w: &str) -> bool {
        let part = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
        text.match_indices(w).any(|(i, _)| {
            !part(text[..i].chars().next_back()) && !part(text[i + w.len()..].chars().next())
        })
    }

    #[test]
    fn the_table_of_alternatives_lists_every_reading_of_every_game() {
        let listed: BTreeSet<&str> = ALTERNATIVES.iter().map(|(n, _)| *n).collect();
        assert_eq!(listed.len(), ALTERNATIVES.len(), "a reading listed twice");
        let known: BTreeSet<&str> = [Game::Mon, Game::Leg, Game::Ott, Game::Pia, Game::Points]
            .into_iter()
            .flat_map(known_readings)
            .copied()
            .collect();
        assert_eq!(listed, known);
    }

    /// Each alternative listed is one the shipped ruleset's file names, and each value a
    /// shipped ruleset sets is one listed (a new alternative must be worded).
    #[test]
    fn the_alternatives_are_the_shipped_rulesets() {
        let mut shipped_names = BTreeSet::new();
        for id in SHIPPED {
            let rs = shipped(id);
            let text = std::fs::read_to_string(format!(
                "{}/campaigns/il-giglio/rulesets/{id}.toml",
                env!("CARGO_MANIFEST_DIR")
            ))
            .expect("the shipped ruleset");
            for (name, value) in &rs.readings {
                shipped_names.insert(name.clone());
                let (_, alts) = ALTERNATIVES
                    .iter()
                    .find(|(n, _)| n == name)
                    .unwrap_or_else(|| panic!("{id}: {name} is not in the table"));
                if let Some(alts) = alts {
                    assert!(alts.contains(&value.as_str()), "{id}: {name} = {value:?}");
                }
            }
            for (name, alts) in ALTERNATIVES {
                if !rs.readings.contains_key(*name) {
                    continue;
                }
                for alt in alts.iter().flat_map(|a| a.iter()) {
                    assert!(
                        has_word(&text, alt),
                        "{id}: the alternative {alt} of {name} is not in the ruleset's comments"
                    );
                }
            }
        }
        let every: BTreeSet<String> = ALTERNATIVES.iter().map(|(n, _)| n.to_string()).collect();
        assert_eq!(shipped_names, every, "a reading no shipped ruleset sets");
    }

    /// Issue 29 point 4: every reading of every game has its words in both languages, a
    /// variant of its own for every value its ruleset's comments name, and a last
    /// variant that still says what the reading is about.
    #[test]
    fn every_reading_is_worded_in_both_languages() {
        let words = words();
        for lang in [Lang::It, Lang::En] {
            for (name, alts) in ALTERNATIVES {
                let other = reading_text(&words, lang, name, UNLISTED)
                    .unwrap_or_else(|| panic!("{lang:?}: no words for {name}"));
                assert!(
                    other.len() > UNLISTED.len() + 20 && !other.contains("reading-"),
                    "{lang:?}: {name}: {other}"
                );
                match alts {
                    Some(alts) => {
                        assert!(other.contains(UNLISTED), "{lang:?}: {name}: {other}");
                        let mut seen = BTreeSet::new();
                        for alt in *alts {
                            assert!(
                                specific(&words, lang, name, alt),
                                "{lang:?}: {name} = {alt:?} falls to the last variant"
                            );
                            let said = reading_text(&words, lang, name, alt);
                            assert!(
                                seen.insert(said),
                                "{lang:?}: {name} = {alt:?} reads as another"
                            );
                        }
                    }
                    None => {
                        for id in SHIPPED {
                            let Some(v) = shipped(id).readings.get(*name).cloned() else {
                                continue;
                            };
                            let said = reading_text(&words, lang, name, &v).expect("words");
                            let number = v.parse::<i64>().is_ok();
                            assert!(
                                said.len() > 30 && (!number || said.contains(v.as_str())),
                                "{lang:?}: {name} = {v:?}: {said}"
                            );
                        }
                    }
                }
            }
        }
    }

    /// A list reading names its items in the reader's words; an empty one says none.
    #[test]
    fn a_list_reading_is_in_the_readers_words() {
        let words = words();
        let it =
            reading_text(&words, Lang::It, "MON_difficult_terrain", "hills,marsh").expect("words");
        assert!(it.contains("colline, palude"), "{it}");
        let en = reading_text(
            &words,
            Lang::En,
            "MON_fortress_option_nodes",
            "fortress,city",
        )
        .expect("words");
        assert!(en.contains("fortress, city"), "{en}");
        let never = reading_text(&words, Lang::En, "MON_fortress_option_nodes", "").expect("words");
        assert!(never.starts_with("No place"), "{never}");
        assert_eq!(
            reading_text(&words, Lang::En, "MON_no_such_reading", "x"),
            None
        );
    }

    /// The card shows each reading in the reader's language; the referee's copy (text,
    /// HTML and the TOML card's comments) gives its name and value beside it. A club's
    /// copy leaves those out: a play-test's Italian club read giglio's English ids
    /// (`MON_fortress_option_holder=defender_holds`) in its card. A club's copy also
    /// leaves out the readings that matter only in a full game, and says how many.
    #[test]
    fn a_card_shows_each_reading_in_words_and_by_name() {
        let rs = shipped("mon1628");
        let c = card(&rs, (NodeKind::City, Terrain::Hills, true), 400, 300);
        let [(_, it), (_, en)] = both(&c, &rs);
        assert!(
            it.contains("  · Una Battaglia maggiore (MON §7.2) dura al massimo 20 riprese di combattimento.\n")
                && it.contains("  · altre 5 letture contano solo in una partita intera di")
                && !it.contains("Pro-Francia"),
            "{it}"
        );
        assert!(
            en.contains("  · 5 more readings matter only in a full game of")
                && !en.contains("Pro-France"),
            "{en}"
        );
        let env = crate::report::environment(None, words()).expect("templates");
        for lang in [Lang::It, Lang::En] {
            let club = text(
                &env,
                &c,
                &rs,
                &CardFor::new(&c, lang, Some("V"), None),
                false,
            )
            .expect("the club's card");
            let referee = text(&env, &c, &rs, &CardFor::new(&c, lang, None, None), false)
                .expect("the referee's card");
            for (name, value) in &rs.readings {
                assert!(!club.contains(&format!("{name}=")), "{name} in {club}");
                let line = referee
                    .lines()
                    .find(|l| l.ends_with(&format!("({name}={value})")))
                    .unwrap_or_else(|| panic!("{name} in {referee}"));
                assert!(
                    line.starts_with("  · ") && line.len() > name.len() + 30,
                    "{line}"
                );
            }
        }
        let view = CardFor::new(&c, Lang::It, None, None);
        let html = text(&env, &c, &rs, &view, true).expect("html");
        assert!(
            html.contains("<li>Inizia il giocatore Pro-Francia")
                && html.contains("<code>MON_max_rounds=20</code>"),
            "{html}"
        );
        let club = CardFor::new(&c, Lang::It, Some("V"), None);
        let html = text(&env, &c, &rs, &club, true).expect("html");
        assert!(!html.contains("MON_max_rounds=20"), "{html}");
        let toml = toml(&env, &c, &rs, &view).expect("toml");
        assert!(toml.contains("#   · Una Battaglia maggiore (MON §7.2) dura al massimo 20 riprese di combattimento. (MON_max_rounds=20)"), "{toml}");
    }

    /// The other side's sapper is its club's specialist (G7.4): a club's card names its
    /// own, never the enemy's (a play-test's card told Florence of Spain's).
    #[test]
    fn a_card_names_the_readers_own_sapper_only() {
        let rs = shipped("mon1628");
        let mut c = card(&rs, (NodeKind::City, Terrain::Hills, true), 400, 300);
        c.sides[1].sapper = true;
        let env = crate::report::environment(None, words()).expect("templates");
        let text_for = |reader: Option<&str>| {
            text(
                &env,
                &c,
                &rs,
                &CardFor::new(&c, Lang::En, reader, None),
                false,
            )
            .expect("renders")
        };
        let said = "with a campaign sapper";
        assert!(
            !text_for(Some("V")).contains(said),
            "{}",
            text_for(Some("V"))
        );
        let m = c.sides[1].nation.clone();
        assert!(text_for(Some(&m)).contains(said), "{}", text_for(Some(&m)));
        assert!(text_for(None).contains(said), "the referee's copy");
    }

    /// A rearguard card says what winning the action means, and that the rearguard
    /// falls back whatever the result (a play-test's clubs read the battle's block).
    #[test]
    fn a_rearguard_card_says_what_winning_it_means() {
        let rs = shipped("mon1628");
        let mut c = card(&rs, (NodeKind::City, Terrain::Hills, false), 400, 300);
        let [(_, it), (_, en)] = both(&c, &rs);
        assert!(!en.contains("In a rearguard action"), "{en}");
        assert!(!it.contains("retroguardia (chi difende) vince"), "{it}");
        c.battle.kind = crate::battle::card::BattleKind::Rearguard;
        let [(_, it), (_, en)] = both(&c, &rs);
        // Its victory line is the rearguard's, not the battle's with its walls (a
        // play-test read a fortress's extra loss on a card of an action in the field).
        let victory = en
            .lines()
            .find(|l| l.starts_with("Victory: "))
            .expect("the victory line");
        assert!(
            victory.contains("the rearguard (the defender) wins") && !victory.contains("fortress"),
            "{victory}"
        );
        assert!(
            en.contains("the rearguard (the defender) wins when more of its units leave the table by the far edge than it lost"),
            "{en}"
        );
        assert!(
            it.contains("la retroguardia (chi difende) vince quando"),
            "{it}"
        );
        // A draw says what a draw does in a rearguard action, not in a battle (a
        // play-test's clubs read "the attacker then falls back" beside it).
        assert!(
            en.contains(
                "or leave the line out for a draw (the rearguard falls back all the same, G3c.9)"
            ) && !en.contains("the attacker then falls back"),
            "{en}"
        );
        assert!(
            it.contains("la retroguardia ripiega comunque, G3c.9"),
            "{it}"
        );
    }
}
