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
