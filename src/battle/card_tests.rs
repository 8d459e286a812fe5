//! What the four games' card tests share (issue 29 point 4): a card rendered for the
//! table in both languages, and the check that a number the resolver uses for the
//! battle is written among the card's notes, as a number of its own.

use super::card::{BattleKind, Card, NodeKind, Place, SideSpec, Terrain};
use super::ruleset::Ruleset;
use crate::report::card::{CardFor, text};
use crate::rules::tables::Lang;

/// A campaign battle's card built from `rs`'s templates: `a` ducats attack `b`.
pub(crate) fn card(rs: &Ruleset, place: (NodeKind, Terrain, bool), a: i64, b: i64) -> Card {
    let side = |nation: &str, role: &str, ducats| SideSpec {
        nation: nation.into(),
        club: format!("Club {nation}"),
        role: role.into(),
        ducats,
        sapper: false,
        commander_killed: false,
    };
    Card::build(
        "1495-r03-X1",
        BattleKind::Battle,
        rs,
        Place {
            node: "X1".into(),
            node_name: "Xanto".into(),
            node_kind: place.0,
            terrain: place.1,
            fortified: place.2,
            month: "May".into(),
        },
        [side("V", "attacker", a), side("M", "defender", b)],
    )
}

/// The card as side A's club reads it, text, in Italian and in English.
pub(crate) fn both(card: &Card, rs: &Ruleset) -> [(Lang, String); 2] {
    let env = crate::report::environment(None, crate::words::Words::load(None).expect("words"))
        .expect("templates");
    [Lang::It, Lang::En].map(|lang| {
        let view = CardFor::new(card, lang, Some("V"), None);
        (
            lang,
            text(&env, card, rs, &view, false).expect("the card renders"),
        )
    })
}

/// The card's notes for the table: the lines under its heading, up to the blank line.
pub(crate) fn notes(text: &str) -> String {
    text.lines()
        .skip_while(|l| !l.starts_with("  - "))
        .take_while(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Whether `n` is written in `text` as a number of its own (`6` is not in `16` or `6.5`).
fn shows_number(text: &str, n: i64) -> bool {
    let needle = n.to_string();
    text.match_indices(&needle).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + needle.len()..].chars().next();
        let digit = |c: Option<char>| c.is_some_and(|c| c.is_ascii_digit());
        let signed = n >= 0 && before == Some('-');
        !digit(before) && !digit(after) && !signed
    })
}

/// Asserts each number is among the notes of both languages' cards, and the card reads
/// in one language: the Italian notes hold no English note's opening words.
pub(crate) fn assert_numbers(cards: &[(Lang, String); 2], numbers: &[(&str, i64)]) {
    for (lang, text) in cards {
        let block = notes(text);
        assert!(!block.is_empty(), "no notes on the card:\n{text}");
        for (what, n) in numbers {
            assert!(
                shows_number(&block, *n),
                "{lang:?}: {what} = {n} is not on the card's notes:\n{block}"
            );
        }
    }
    let it = notes(&cards[0].1);
    for english in ["Losses (", "Side A", "Victory (", "Ground:", " turns"] {
        assert!(
            !it.contains(english),
            "{english:?} in the Italian notes:\n{it}"
        );
    }
}

#[test]
fn a_number_is_found_only_as_a_number_of_its_own() {
    assert!(shows_number("at least 6 units", 6));
    assert!(!shows_number("at least 16 units", 6));
    assert!(shows_number("fire -1, melee -1", -1));
    assert!(!shows_number("fire -1", 1));
    assert!(shows_number("A-U1 2/3", 3));
}

/// A ruleset the campaign ships, by id (`vgf` for any id not listed).
pub(crate) fn shipped(id: &str) -> Ruleset {
    let text = match id {
        "mon1628" => include_str!("../../campaigns/il-giglio/rulesets/mon1628.toml"),
        "leg1176" => include_str!("../../campaigns/il-giglio/rulesets/leg1176.toml"),
        "ott1625" => include_str!("../../campaigns/il-giglio/rulesets/ott1625.toml"),
        "pia1746" => include_str!("../../campaigns/il-giglio/rulesets/pia1746.toml"),
        "armati" => include_str!("../../campaigns/il-giglio/rulesets/armati.toml"),
        _ => include_str!("../../campaigns/il-giglio/rulesets/vgf.toml"),
    };
    Ruleset::parse(text).expect("the shipped ruleset parses")
}

/// Issue 29 point 7: every shipped game has its Italian name; its Italian template names
/// each name a template; the name a reader reads is the one of their language.
#[test]
fn every_shipped_game_is_named_in_both_languages() {
    for id in ["mon1628", "leg1176", "ott1625", "pia1746", "armati", "vgf"] {
        let rs = shipped(id);
        let it = rs.it.as_ref().and_then(|p| p.name.as_deref());
        assert!(it.is_some(), "{id}: no Italian name");
        assert_eq!(rs.name_in(Lang::It), it.unwrap_or_default());
        assert_eq!(rs.name_in(Lang::En), rs.name);
        assert!(rs.stray_template_names().is_empty(), "{id}");
    }
    assert_eq!(
        shipped("mon1628").name_in(Lang::It),
        "La Seconda Guerra del Monferrato 1628–1630 (Combattimento Campale)"
    );
    let leg = shipped("leg1176");
    assert_eq!(
        leg.template_name_in("Knights (A cavalry) 2", Lang::It)
            .as_deref(),
        Some("Cavalieri (cavalleria A) 2")
    );
    assert_eq!(leg.template_name_in("Knights (A cavalry)", Lang::En), None);
    assert_eq!(
        leg.template_name_in("Knights (A cavalry) x", Lang::It),
        None
    );
}

/// Issue 29 point 7: an Italian card names the template units and leaders in Italian
/// (Legnano's and Piacenza's templates are English), the English card and the card's
/// data keep the ruleset's names.
#[test]
fn an_italian_card_names_template_units_in_italian() {
    for id in ["leg1176", "pia1746"] {
        let rs = shipped(id);
        let c = card(&rs, (NodeKind::City, Terrain::Plain, false), 600, 400);
        let [(_, it), (_, en)] = both(&c, &rs);
        let english: Vec<&String> = rs
            .templates
            .iter()
            .map(|t| &t.name)
            .chain(rs.leader_templates.iter().map(|t| &t.name))
            .collect();
        let mut named = 0;
        for side in &c.sides {
            let names = side
                .units
                .iter()
                .map(|u| &u.name)
                .chain(side.leaders.iter().map(|l| &l.name));
            for name in names {
                let italian = rs
                    .template_name_in(name, Lang::It)
                    .expect("an Italian name");
                assert!(it.contains(&italian), "{id}: {italian} in {it}");
                assert!(en.contains(name.as_str()), "{id}: {name} in {en}");
                named += 1;
            }
        }
        assert!(named > 4, "{id}");
        for name in english {
            // "Leader" is also a word of the card's own; the unit lines are checked.
            let line = format!(" {name}");
            assert!(
                !it.lines()
                    .any(|l| l.starts_with("  ") && l.contains(&line) && name != "Leader"),
                "{id}: `{name}` on the Italian card:\n{it}"
            );
        }
    }
}
