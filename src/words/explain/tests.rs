//! The rules' facts in words: every kind has its message, old stored events read the
//! same, plurals agree.

use super::*;
use crate::rules::order::SapperAt;
use crate::rules::outcome::{Cause, Done, Force, Reason, Specialist};

/// The variants of `pub enum <name>` in a source file: the indented names that open a
/// line inside its braces.
fn variants(source: &str, name: &str) -> Vec<String> {
    let start = source
        .find(&format!("pub enum {name} {{"))
        .unwrap_or_else(|| panic!("no enum {name}"));
    let body = &source[start..];
    let end = body.find("\n}\n").expect("the enum closes");
    body[..end]
        .lines()
        .skip(1)
        .filter_map(|l| {
            let l = l.strip_prefix("    ")?;
            let first = l.chars().next()?;
            if !first.is_ascii_uppercase() {
                return None;
            }
            let ident: String = l
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric())
                .collect();
            Some(ident)
        })
        .collect()
}

fn kebab(ident: &str) -> String {
    let mut out = String::new();
    for (i, c) in ident.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            out.push('-');
        }
        out.push(c.to_ascii_lowercase());
    }
    out
}

#[test]
fn every_kind_of_fact_has_its_message_in_both_languages() {
    let outcome = include_str!("../../rules/outcome.rs");
    let ledger = include_str!("../../rules/ledger.rs");
    let mut wanted = Vec::new();
    for (src, enum_name, prefix) in [
        (outcome, "Done", "done"),
        (outcome, "Reason", "reason"),
        (outcome, "Happening", "happening"),
        (ledger, "Item", "item"),
        (ledger, "Item", "item-kind"),
        (ledger, "Account", "account"),
    ] {
        let found = variants(src, enum_name);
        assert!(found.len() > 3, "{enum_name}: {found:?}");
        wanted.extend(found.iter().map(|v| format!("{prefix}-{}", kebab(v))));
    }
    for lang in crate::words::LANGS {
        let missing: Vec<&String> = wanted
            .iter()
            .filter(|id| crate::words::message_arguments(lang, id).is_none())
            .collect();
        assert!(
            missing.is_empty(),
            "{}: no message {missing:?}",
            lang.as_str()
        );
    }
}

fn w() -> Words {
    Words::load(None).expect("catalogue")
}

#[test]
fn events_stored_with_words_read_as_they_always_did() {
    // The stored form of earlier versions: English words inside the event.
    let old = r#"[
 {"happening":"force_destroyed","nation":"S","what":"garrison of S6","node":"S6","cause":"surrendered"},
 {"happening":"force_destroyed","nation":"S","what":"S4","node":"S6","cause":"lost at sea"},
 {"happening":"specialist_killed","nation":"S","what":"the sapper of F-A1"},
 {"happening":"specialist_killed","nation":"S","what":"the sapper of F7"},
 {"happening":"specialist_killed","nation":"S","what":"diplomat S-D2"},
 {"happening":"specialist_killed","nation":"S","what":"the spy"}
]"#;
    let read: Vec<Happening> = serde_json::from_str(old).unwrap();
    let it: Vec<String> = read.iter().map(|h| happening(&w(), h, Lang::It)).collect();
    let en: Vec<String> = read.iter().map(|h| happening(&w(), h, Lang::En)).collect();
    assert_eq!(
        it,
        [
            "la guarnigione di S a S6 è distrutta (per la resa)",
            // Issue 31, point 8: lost at sea, from its port of embarkation.
            "l'armata S4 di S, imbarcata a S6, è perduta in mare con la sua flotta",
            "il guastatore dell'armata F-A1 di S è ucciso",
            "il guastatore di S a F7 è ucciso",
            "il diplomatico S-D2 di S è ucciso",
            "la spia di S è uccisa",
        ]
    );
    assert_eq!(
        en,
        [
            "the garrison of S at S6 is destroyed (the place surrendered)",
            "army S4 of S, embarked at S6, is lost at sea with its fleet",
            "the sapper of army F-A1 of S is killed",
            "the sapper of S at F7 is killed",
            "diplomat S-D2 of S is killed",
            "the spy of S is killed",
        ]
    );
    // The typed form reads the same.
    let typed = Happening::ForceDestroyed {
        nation: "S".into(),
        what: Force::Garrison,
        node: "S6".into(),
        cause: Cause::Surrendered,
    };
    assert_eq!(happening(&w(), &typed, Lang::It), it[0]);
    let killed = Happening::SpecialistKilled {
        nation: "S".into(),
        what: Specialist::Sapper(SapperAt::Node("F7".into())),
    };
    assert_eq!(happening(&w(), &killed, Lang::En), en[3]);
}

#[test]
fn numbers_agree_with_their_nouns() {
    let far = |max| {
        outcome(
            &w(),
            &Outcome::rejected("G3b.2", Reason::TooFar { max }),
            Lang::En,
        )
    };
    assert_eq!(
        far(1),
        "rejected (G3b.2): too far: at most 1 node this round"
    );
    assert_eq!(
        far(2),
        "rejected (G3b.2): too far: at most 2 nodes this round"
    );
    let missing = Outcome::rejected(
        "G2b.7",
        Reason::MissingDucats {
            cost: 100,
            treasury: 60,
        },
    );
    assert_eq!(
        outcome(&w(), &missing, Lang::It),
        "respinto (G2b.7): costa 100 ducati ma la tesoreria ne ha 60: ne mancano 40"
    );
}

#[test]
fn flags_lists_and_absent_values_read_as_words() {
    let moved = Outcome::Done(Done::Moved {
        piece: "V-A1".into(),
        path: vec!["V1".into(), "V2".into(), "V10".into()],
    });
    assert_eq!(outcome(&w(), &moved, Lang::En), "V-A1 moves V1 → V2 → V10");
    let draw = Happening::BattleFought {
        id: "B1".into(),
        node: "V3".into(),
        attacker: "V".into(),
        defender: "M".into(),
        winner: None,
        provisional: true,
    };
    assert_eq!(
        happening(&w(), &draw, Lang::It),
        "battaglia B1 a V3, V contro M: pareggio (con tabelle provvisorie)"
    );
    let formed = Happening::AllianceFormed {
        members: ["V".into(), "M".into()],
    };
    assert_eq!(
        happening(&w(), &formed, Lang::En),
        "alliance formed between V and M"
    );
    assert_eq!(
        account(&w(), &Account::Army("V-A1".into()), Lang::It),
        "armata V-A1"
    );
    assert_eq!(account(&w(), &Account::Treasury, Lang::En), "treasury");
}

#[test]
fn codes_sort_as_a_person_reads_them() {
    use crate::rules::ids::natural_cmp;
    let mut codes = vec!["V10", "V2", "V1", "V0", "V11", "M3", "V-A10", "V-A9", "V02"];
    codes.sort_by(|a, b| natural_cmp(a, b));
    assert_eq!(
        codes,
        ["M3", "V-A9", "V-A10", "V0", "V1", "V2", "V02", "V10", "V11"]
    );
}

#[test]
fn a_storm_roll_says_what_it_means_and_an_old_one_reads_as_before() {
    let calm = Happening::StormRoll {
        roll: 2,
        storm: Some(false),
    };
    assert_eq!(
        happening(&w(), &calm, Lang::En),
        "storm roll: 2: calm seas, no fleet is at risk this round"
    );
    let old: Happening = serde_json::from_str(r#"{"happening":"storm_roll","roll":6}"#).unwrap();
    assert_eq!(happening(&w(), &old, Lang::It), "tiro della tempesta: 6");
}

/// A siege round with every modifier named: V-A1 and V-A2 before Modigliana, first roll.
fn first_siege_round() -> Happening {
    use crate::rules::outcome::SiegeModifier as M;
    Happening::SiegeRound {
        node: "F8".into(),
        besieger: "V".into(),
        armies: vec!["V-A1".into(), "V-A2".into()],
        roll: 4,
        modifiers: vec![
            M::RoundsSpent {
                rounds: 0,
                value: 0,
            },
            M::BesiegerSapper { value: 1 },
            M::Bribe {
                ducats: 50,
                value: 2,
            },
            M::FortifiedVillage { value: -1 },
        ],
        total: Some(6),
        needed: 7,
        fell: false,
    }
}

#[test]
fn a_siege_roll_names_each_modifier_and_the_first_roll_gets_nothing_for_rounds() {
    let en = happening(&w(), &first_siege_round(), Lang::En);
    assert_eq!(
        en,
        "siege of F8 (V-A1, V-A2): 1d6=4 +0 (no whole round spent yet: the first roll gets +0) \
         +1 (a sapper with the besiegers) +2 (50 ducats of bribe) -1 (a fortified village) = 6, \
         needs 7: the place holds, the siege goes on next round"
    );
    let it = happening(&w(), &first_siege_round(), Lang::It);
    assert!(it.contains("il primo tiro ha +0"), "{it}");
    assert!(it.contains("+2 (50 ducati di corruzione)"), "{it}");
    assert!(it.contains("= 6, serve 7"), "{it}");
}

#[test]
fn a_defender_reads_the_die_and_what_it_can_know_never_the_total() {
    // Campaigns written before the ruling `siege_defender_sees`.
    let old_ruling = crate::rules::tables::SiegeDefenderSees::DieAndKnownModifiers;
    let seen = crate::rules::visibility::seen_by(&first_siege_round(), &"F".into(), old_ruling);
    for lang in crate::words::LANGS {
        let text = happening(&w(), &seen, lang);
        assert!(text.contains("1d6=4"), "{text}");
        assert!(text.contains("+0"), "{text}");
        assert!(text.contains("-1"), "{text}");
        for hidden in ["= 6", "50", "+2", "+1", "V-A1"] {
            assert!(!text.contains(hidden), "{hidden} in {text}");
        }
    }
    // The besieger reads its own roll whole.
    let own = crate::rules::visibility::seen_by(&first_siege_round(), &"V".into(), old_ruling);
    assert_eq!(own, first_siege_round());
    // An old stored roll read by its defender: the die, not the total.
    let old = Happening::SiegeRoll {
        node: "F7".into(),
        besieger: "V".into(),
        roll: 4,
        total: 7,
        needed: 7,
    };
    let text = happening(
        &w(),
        &crate::rules::visibility::seen_by(&old, &"F".into(), old_ruling),
        Lang::It,
    );
    assert!(text.contains("1d6=4") && !text.contains("totale"), "{text}");
}

#[test]
fn under_the_ruling_a_defender_reads_who_besieges_and_the_outcome_only() {
    let outcome = crate::rules::tables::SiegeDefenderSees::Outcome;
    let seen = crate::rules::visibility::seen_by(&first_siege_round(), &"F".into(), outcome);
    for lang in crate::words::LANGS {
        let text = happening(&w(), &seen, lang);
        assert!(text.contains("F8"), "{text}");
        for hidden in ["1d6", "+0", "-1", "= 6", "50", "+2", "V-A1", " 7"] {
            assert!(!text.contains(hidden), "{hidden} in {text}");
        }
    }
    // The besieger still reads its own roll whole.
    let own = crate::rules::visibility::seen_by(&first_siege_round(), &"V".into(), outcome);
    assert_eq!(own, first_siege_round());
}
