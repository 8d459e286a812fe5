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
            "il geniere dell'armata F-A1 di S è ucciso",
            "il geniere di S a F7 è ucciso",
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
    assert_eq!(outcome(&w(), &moved, Lang::En), "V-A1 moves: V1 → V2 → V10");
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
        "siege of F8 (V-A1 and V-A2): 1d6=4 +0 (no whole round spent yet: the first roll gets +0) \
         +1 (a sapper with the besiegers) +2 (50 ducats of bribe) -1 (a fortified village) = 6, \
         needs 7: the place holds, the siege goes on"
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

/// Issue 29 point 5: each outcome told to the club it concerns reads in both languages,
/// with the roll and what it meant, or the rule that decided.
#[test]
fn every_outcome_told_to_its_club_reads_in_both_languages() {
    use crate::rules::outcome::{Betrayal, NoBetrayal};
    use crate::rules::world::WorkKind;
    let both = |h: Happening| (happening(&w(), &h, Lang::It), happening(&w(), &h, Lang::En));
    let storm = |roll: u8, lost: bool| Happening::FleetStormRoll {
        nation: "V".into(),
        fleet: "V-F1".into(),
        roll,
        lost_on: vec![6],
        lost,
    };
    assert_eq!(
        both(storm(3, false)),
        (
            "la flotta V-F1 nella tempesta: 1d6=3, persa con 6: si salva".to_owned(),
            "fleet V-F1 in the storm: 1d6=3, lost on 6: it comes through".to_owned()
        )
    );
    assert_eq!(
        both(storm(6, true)).1,
        "fleet V-F1 in the storm: 1d6=6, lost on 6: it is lost, with any army aboard"
    );
    let epidemic = |what: Force, roll: u8, destroyed: bool| Happening::EpidemicRoll {
        nation: "V".into(),
        node: "V3".into(),
        what,
        roll,
        destroys_on: vec![4, 5, 6],
        destroyed,
    };
    assert_eq!(
        both(epidemic(Force::Army("V-A1".into()), 2, false)),
        (
            "l'armata V-A1 a V3 tira contro l'epidemia: 1d6=2, distrutta con 4, 5 o 6: si salva"
                .to_owned(),
            "army V-A1 at V3 rolls against the epidemic: 1d6=2, destroyed on 4, 5 or 6: it survives"
                .to_owned()
        )
    );
    assert_eq!(
        both(epidemic(Force::Garrison, 5, true)).1,
        "the garrison at V3 rolls against the epidemic: 1d6=5, destroyed on 4, 5 or 6: it is destroyed"
    );
    let outbid = |roll_off: bool| Happening::StrategosOutbid { bid: 60, roll_off };
    assert_eq!(
        both(outbid(false)),
        (
            "la vostra offerta di 60 ducati per lo Strategos non era la più alta: quest'anno lo Strategos è di un altro club; G7.4 ne tiene segreto il nome, ma l'ordine di movimento dell'estate, scelto da lui, è pubblico; non pagate nulla".to_owned(),
            "your bid of 60 ducats for the Strategos was not the highest: another club holds it this year; G7.4 keeps its name secret, though the summer's move order, which it chose, is public; you pay nothing".to_owned()
        )
    );
    assert!(both(outbid(true)).1.contains("lost the roll-off"));
    assert!(both(outbid(true)).0.contains("spareggio"));
    assert!(
        both(Happening::StrategosTie { bid: 60 })
            .1
            .ends_with("the summer's move order is drawn at random, and nobody pays")
    );
    assert_eq!(
        both(Happening::StrategosTiedAbove { bid: 40 }),
        (
            "la vostra offerta di 40 ducati per lo Strategos non era la più alta, e le offerte più alte erano pari: quest'anno nessun club ha lo Strategos, l'ordine di movimento dell'estate è tirato a sorte e non pagate nulla".to_owned(),
            "your bid of 40 ducats for the Strategos was not the highest, and the highest bids tied: no club holds the Strategos this year, the summer's move order is drawn at random, and you pay nothing".to_owned()
        )
    );
    assert!(
        both(Happening::StrategosTie { bid: 60 })
            .0
            .ends_with("l'ordine di movimento dell'estate è tirato a sorte e nessuno paga")
    );
    let fell_back = |destroyed: bool| Happening::EnemyFellBack {
        battle: "B1".into(),
        nation: "F".into(),
        from: "V3".into(),
        destroyed,
        draw: false,
        rearguard: false,
        own_place: false,
    };
    assert_eq!(
        both(fell_back(false)),
        (
            "battaglia B1: le forze di F ripiegano da V3; la battaglia è vostra (una battaglia vinta non cambia da sola il padrone di un luogo, G3b.8: il luogo di un'altra nazione si prende, se non fortificato, restandovi soli a fine turno, se fortificato, con un assedio)".to_owned(),
            "battle B1: the forces of F fall back from V3; the battle is yours (a battle won changes no place's owner by itself, G3b.8: another nation's place is taken, if unfortified, by standing alone in it at the round's end, if fortified, by siege)".to_owned()
        )
    );
    assert!(both(fell_back(true)).1.contains("nowhere to fall back"));
    // In the winner's own place, no word on taking another nation's (a play-test's
    // winner in its own city read how to take a place).
    let own = both(Happening::EnemyFellBack {
        battle: "B1".into(),
        nation: "F".into(),
        from: "V3".into(),
        destroyed: false,
        draw: false,
        rearguard: false,
        own_place: true,
    });
    assert_eq!(
        own,
        (
            "battaglia B1: le forze di F ripiegano da V3; la battaglia è vostra, e il luogo resta vostro".to_owned(),
            "battle B1: the forces of F fall back from V3; the battle is yours, and the place stays yours".to_owned()
        )
    );
    // A draw is not a win: the side that stayed is not told the battle is its own
    // (a play-test read "a draw" and "the battle is yours" in one update).
    let drawn = both(Happening::EnemyFellBack {
        battle: "B1".into(),
        nation: "F".into(),
        from: "V3".into(),
        destroyed: false,
        draw: true,
        rearguard: false,
        own_place: false,
    });
    assert_eq!(
        drawn,
        (
            "battaglia B1: pareggio; le forze di F, che attaccavano, ripiegano da V3 (in un pareggio ripiega chi attacca, G3c.8), e nessun luogo cambia padrone per questo".to_owned(),
            "battle B1: a draw; the forces of F, the attacker, fall back from V3 (on a draw the attacker falls back, G3c.8), and no place changes hands by it".to_owned()
        )
    );
    // A rearguard falls back whoever won: its falling back is no win for the other side
    // (a play-test's loser read "the battle is yours").
    let (it, en) = both(Happening::EnemyFellBack {
        battle: "B1".into(),
        nation: "F".into(),
        from: "V3".into(),
        destroyed: false,
        draw: false,
        rearguard: true,
        own_place: false,
    });
    assert!(en.contains("the rearguard of F falls back from V3, as a rearguard does whoever won the action (G3c.9)") && !en.contains("yours"), "{en}");
    assert!(
        it.contains("la retroguardia di F ripiega da V3") && !it.contains("vostra"),
        "{it}"
    );
    assert_eq!(
        both(Happening::EnemyDestroyed {
            battle: "B1".into(),
            nation: "F".into(),
            node: "V3".into(),
        })
        .1,
        "battle B1: the forces of F that fought it at V3 are destroyed by their losses"
    );
    let surrendered = |breached: bool| Happening::Surrendered {
        node: "F8".into(),
        from: "F".into(),
        to: "V".into(),
        breached,
    };
    assert_eq!(
        both(surrendered(true)),
        (
            "F8 si arrende: passa da F a V; le sue mura cadono: ha una breccia finché non viene riparata (G3d.5)".to_owned(),
            "F8 surrenders: it passes from F to V; its walls fall: it is breached until repaired (G3d.5)".to_owned()
        )
    );
    // Stored before the walls were recorded: read as it always did.
    let old: Happening =
        serde_json::from_str(r#"{"happening":"surrendered","node":"F8","from":"F","to":"V"}"#)
            .unwrap();
    assert_eq!(old, surrendered(false));
    assert_eq!(both(old).1, "F8 surrenders: it passes from F to V");
    // The besieger hears what it took (a play-test's victor never learnt of the army
    // destroyed inside).
    let took = |garrison: bool, armies: u32| Happening::SurrenderTook {
        node: "F8".into(),
        from: "F".into(),
        garrison,
        armies,
    };
    assert_eq!(
        both(took(true, 1)),
        (
            "F8 si arrende a voi, e la resa distrugge ciò che vi stava dentro (G3d.2): la sua guarnigione e un'armata di F".to_owned(),
            "F8 surrenders to you, and the surrender destroys what stood inside (G3d.2): its garrison and one army of F".to_owned()
        )
    );
    assert!(
        both(took(false, 2))
            .1
            .ends_with("2 armies of F, with no garrison")
    );
    let works = |kind: WorkKind| Happening::WorksCaptured {
        node: "F8".into(),
        nation: "F".into(),
        kind,
    };
    assert_eq!(
        both(works(WorkKind::Fortify)),
        (
            "i lavori di fortificazione che avete pagato a F8 sono perduti: la piazza è passata di mano".to_owned(),
            "the fortification works you paid for at F8 are lost: the place has changed hands".to_owned()
        )
    );
    assert!(
        both(works(WorkKind::Repair))
            .0
            .starts_with("le riparazioni")
    );
    assert_eq!(
        both(Happening::SapperCaptured {
            node: "F8".into(),
            nation: "F".into(),
        })
        .1,
        "your sapper at F8 is lost: the place has changed hands"
    );
    let no_betrayal = |why: NoBetrayal| Happening::AllyAttackNoBetrayal {
        by: "M".into(),
        against: "V".into(),
        why,
        how: Betrayal::OnContact { node: "V3".into() },
    };
    assert_eq!(
        both(no_betrayal(NoBetrayal::NeverStood)),
        (
            "M vi ha attaccato a V3 (la sua scelta permanente al contatto, G3c.3), e non tradisce alcuna alleanza: l'alleanza che avete dichiarato non è mai esistita, perché M non l'aveva dichiarata (un'alleanza esiste quando l'hanno dichiarata entrambi, G5.2)".to_owned(),
            "M attacked you at V3 (its standing choice on contact, G3c.3), and betrays no alliance: the alliance you declared never stood, as M had not declared it (an alliance exists once both have, G5.2)".to_owned()
        )
    );
    assert!(
        both(no_betrayal(NoBetrayal::AlreadyBroken))
            .1
            .ends_with("M had already broken the alliance (G5.2)")
    );
    let (it, en) = both(no_betrayal(NoBetrayal::BrokenByAttacked));
    assert!(en.ends_with("you had broken the alliance yourselves, and a broken alliance binds neither side (G5.2)"), "{en}");
    assert!(it.ends_with("l'avevate già rotta voi, e un'alleanza rotta non vincola più nessuna delle due parti (G5.2)"), "{it}");
}

/// Every order name outcomes store (`OrderKind::name`) is named in both languages: read
/// from the function itself, so a new order kind without words fails here.
#[test]
fn every_order_name_has_its_words() {
    let source = include_str!("../../rules/order.rs");
    let body = &source[source
        .find("pub(crate) fn name(&self) -> &'static str {")
        .expect("OrderKind::name")..];
    let body = &body[..body.find("\n    }\n").expect("its end")];
    let names: Vec<&str> = body
        .lines()
        .filter_map(|l| l.split("=> \"").nth(1))
        .map(|l| l.trim_end_matches("\","))
        .collect();
    assert_eq!(names.len(), 25, "{names:?}");
    for name in names {
        assert!(ORDER_NAMES.contains(&name), "{name} has no words");
    }
    let w = crate::words::Words::load(None).expect("catalogue");
    let say = Explain::new(w, &crate::fixtures::shipped());
    use crate::rules::say::Say as _;
    assert_eq!(say.order_name("fleet move", Lang::It), "navigazione");
    assert_eq!(
        say.order_name("hire sapper", Lang::It),
        "ingaggio di un geniere"
    );
    assert_eq!(say.order_name("raise", Lang::En), "raise");
    assert_eq!(say.order_name("an old name", Lang::It), "an old name");
}

/// Issue 29 (playtest): a club reads places by their names, so every place a fact names
/// (a field's value or each node of a path) is worded with its name beside its code,
/// sea zones included; the referee's terminal (no campaign) keeps the codes.
#[test]
fn facts_name_their_places_by_name_and_code() {
    use crate::rules::outcome::Happening;
    use crate::rules::say::Say as _;
    let c = crate::fixtures::shipped();
    let say = Explain::new(w(), &c);
    let sailed = Outcome::Done(Done::FleetMoved {
        fleet: "V-F1".into(),
        to: "ADN".into(),
    });
    assert_eq!(
        say.outcome(&sailed, Lang::It),
        "la flotta V-F1 va nel Golfo di Venezia (ADN)"
    );
    let moved = Outcome::Done(Done::Moved {
        piece: "V-A1".into(),
        path: vec!["V0".into(), "V1".into()],
    });
    assert_eq!(
        say.outcome(&moved, Lang::En),
        "V-A1 moves: Venezia (V0) → Padova (V1)"
    );
    let sailed_en = say.outcome(&sailed, Lang::En);
    // A sea zone takes its English name in English (a play-test's English club read
    // the Italian names of the seas); the shipped campaign names every one.
    assert!(c.map.seas().all(|z| z.name_en.is_some()));
    assert_eq!(sailed_en, "fleet V-F1 sails to the Gulf of Venice (ADN)");
    assert_eq!(
        say.outcome(&sailed, Lang::It),
        "la flotta V-F1 va nel Golfo di Venezia (ADN)"
    );
    let fell_back = Happening::Retreated {
        nation: "F".into(),
        from: "F8".into(),
        to: "F7".into(),
        draw: false,
    };
    let said = say.happening(&fell_back, Lang::It);
    let drawn = say.happening(
        &Happening::Retreated {
            nation: "F".into(),
            from: "F8".into(),
            to: "F7".into(),
            draw: true,
        },
        Lang::En,
    );
    assert!(
        drawn.ends_with("(a draw: on a draw the attacker falls back, G3c.8)"),
        "{drawn}"
    );
    assert!(
        said.contains("da Modigliana (F8) a Castrocaro (F7)")
            && said.contains("della Repubblica di Firenze"),
        "{said}"
    );
    // Without the campaign's places (the referee's terminal), codes as stored.
    assert_eq!(outcome(&w(), &sailed, Lang::It), "la flotta V-F1 va a ADN");
}

/// Issue 29 (playtest): a club reads nations by their names in running text ("la
/// Repubblica di Venezia incassa", never "V incassa"), each with its article, lists
/// too; a code that is no nation (a typo in an order) stays as written.
#[test]
fn facts_name_their_nations_with_their_articles() {
    use crate::rules::outcome::Happening;
    use crate::rules::say::Say as _;
    let c = crate::fixtures::shipped();
    let say = Explain::new(w(), &c);
    let income = Happening::Income {
        nation: "V".into(),
        amount: 120,
    };
    assert_eq!(
        say.happening(&income, Lang::It),
        "la Repubblica di Venezia incassa 120 ducati"
    );
    assert!(
        say.happening(&income, Lang::En)
            .starts_with("the Republic of Venice")
    );
    // A plural nation takes a plural verb and possessive (a play-test read "the Papal
    // States betray its alliance").
    let betrayed = Happening::AllianceBetrayed {
        by: "P".into(),
        against: "V".into(),
        how: None,
    };
    let said = say.happening(&betrayed, Lang::En);
    assert!(
        said.starts_with("the Papal States betray their alliance with the Republic of Venice"),
        "{said}"
    );
    let order = Happening::MoveOrder {
        order: vec!["F".into(), "V".into()],
    };
    let said = say.happening(&order, Lang::It);
    assert!(
        said.contains("la Repubblica di Firenze e la Repubblica di Venezia"),
        "{said}"
    );
    // The referee's terminal keeps the codes.
    assert_eq!(happening(&w(), &income, Lang::It), "V incassa 120 ducati");
}

/// A garrison alone has no choice at an encounter (G3c.3): its club is told it stays
/// within its walls, not that it chose to shut itself in (issue 29, play-test 5); an
/// event stored before the flag reads as it did.
#[test]
fn a_garrison_alone_is_told_it_stays_within_its_walls() {
    use crate::rules::tables::Choice;
    let stored = r#"{"happening":"encounter","node":"F7","hand":"V","other":"F","text_it":"x","text_en":"x","hand_choice":"attack","other_choice":"withdraw"}"#;
    let old: Happening = serde_json::from_str(stored).unwrap();
    assert!(happening(&w(), &old, Lang::It).contains("rinchiudersi nella sua fortificazione"));
    let Happening::Encounter {
        node,
        hand,
        other,
        text_it,
        text_en,
        ..
    } = old
    else {
        unreachable!()
    };
    let walls = Happening::Encounter {
        node: node.clone(),
        hand: hand.clone(),
        other: other.clone(),
        text_it: text_it.clone(),
        text_en: text_en.clone(),
        hand_choice: Some(Choice::Attack),
        other_choice: Some(Choice::Withdraw),
        other_walls: true,
        other_meant: None,
        allies: false,
        no_battle: false,
        no_siege: false,
        other_chose: false,
    };
    let it = happening(&w(), &walls, Lang::It);
    assert!(
        it.contains("di restare dentro le sue mura, come fanno sempre una guarnigione")
            && !it.contains("rinchiudersi"),
        "{it}"
    );
    let en = happening(&w(), &walls, Lang::En);
    assert!(
        en.contains("chose nothing: it stays within its walls"),
        "{en}"
    );
    // A standing "withdraw" with no fortification of its own there: the side is told
    // why it stopped (a play-test's club read only "chose to stop").
    let stopped = Happening::Encounter {
        node,
        hand,
        other,
        text_it,
        text_en,
        hand_choice: Some(Choice::Attack),
        other_choice: Some(Choice::Stop),
        other_walls: false,
        other_meant: Some(Choice::Withdraw),
        allies: false,
        no_battle: false,
        no_siege: false,
        other_chose: false,
    };
    let en = happening(&w(), &stopped, Lang::En);
    assert!(
        en.contains("chose to stop — your standing choice, to withdraw, could not be kept: no fortification of yours stands there"),
        "{en}"
    );
    // Play-test 44: the side that chose to withdraw read "(or it had no choice…)" of
    // its own choice. Its own event says it chose; the hand's keeps the hedge (G7).
    let mut own = walls.clone();
    if let Happening::Encounter {
        other_walls,
        other_chose,
        ..
    } = &mut own
    {
        (*other_walls, *other_chose) = (false, true);
    }
    let en = happening(&w(), &own, Lang::En);
    assert!(
        en.contains("chose to withdraw into its fortification (your own choice)")
            && !en.contains("no choice"),
        "{en}"
    );
    let it = happening(&w(), &own, Lang::It);
    assert!(
        it.contains("rinchiudersi nella sua fortificazione (la vostra scelta)")
            && !it.contains("non aveva scelta"),
        "{it}"
    );
    if let Happening::Encounter { other_chose, .. } = &mut own {
        *other_chose = false;
    }
    assert!(happening(&w(), &own, Lang::En).contains("(or it had no choice"));
}

/// A play-test's assassin report read "the assassin struck" alone: the sender reads whom
/// it struck and what that does; a failure reads as a mission that found no target
/// (G7.4); an outcome stored
/// before reads as it always did.
#[test]
fn an_assassin_says_whom_it_struck_and_what_that_does() {
    use crate::rules::outcome::Struck;
    let sent = |success, struck| {
        Outcome::Done(Done::AssassinSent {
            success,
            against: Some("P".into()),
            struck: Some(struck),
        })
    };
    assert_eq!(
        outcome(&w(), &sent(true, Struck::Commander), Lang::En),
        "the assassin struck: a commander of P is killed, and its army cannot move or attack in the round after this one (G2b.5)"
    );
    assert_eq!(
        outcome(&w(), &sent(true, Struck::Spy), Lang::It),
        "l'assassino ha colpito: la spia di P è uccisa"
    );
    // Play-test 45: a failure read "its roll missed (the target was there)", and a
    // mission with no target "found no target": the sender learnt whether the other
    // club had a spy (G7.4). Both read alike, in both languages.
    for lang in [Lang::En, Lang::It] {
        let failed = outcome(&w(), &sent(false, Struck::Spy), lang);
        assert_eq!(
            failed,
            outcome(&w(), &Outcome::Done(Done::AssassinFoundNoTarget), lang)
        );
        assert!(!failed.contains('P'), "{failed}");
    }
    assert_eq!(
        outcome(&w(), &sent(false, Struck::Sapper), Lang::En),
        "the assassin failed: no effect, and the mission is spent"
    );
    let old: Outcome = serde_json::from_str(r#"{"done":{"done":"assassin_sent","success":true}}"#)
        .expect("old outcome");
    assert_eq!(outcome(&w(), &old, Lang::It), "l'assassino ha colpito");
}

/// Table 36's own roll is told beside the event it drew, with what the event does (a
/// play-test's club read "famine" and not why its income fell; another read of a
/// disaster and a breach, never linked); an event stored before the face or the effect
/// was recorded reads as it always did.
#[test]
fn a_winter_event_names_the_tables_roll_and_what_it_does() {
    let event = |face, effect: Option<&str>, amount, struck: Option<&str>| Happening::WinterEvent {
        nation: "V".into(),
        event: "famine".into(),
        name_it: "Carestia".into(),
        name_en: "Famine".into(),
        face,
        effect: effect.map(str::to_owned),
        amount,
        struck: struck.map(Into::into),
    };
    assert_eq!(
        happening(&w(), &event(Some(2), None, None, None), Lang::En),
        "V: Famine for next year (Table 36, second roll: 2)"
    );
    assert_eq!(
        happening(&w(), &event(None, None, None, None), Lang::It),
        "V: Carestia per il prossimo anno"
    );
    assert_eq!(
        happening(
            &w(),
            &event(Some(2), Some("cities"), Some(50), None),
            Lang::En
        ),
        "V: Famine for next year (Table 36, second roll: 2): its cities pay 50% of their income next spring (G2a.2)"
    );
    assert_eq!(
        happening(
            &w(),
            &event(Some(2), Some("cities"), Some(50), None),
            Lang::It
        ),
        "V: Carestia per il prossimo anno (Tabella 36, secondo tiro: 2): la prossima primavera le sue città rendono il 50% del normale (G2a.2)"
    );
    let disaster = happening(
        &w(),
        &event(Some(6), Some("breach"), None, Some("V14")),
        Lang::En,
    );
    assert!(
        disaster.ends_with(": it strikes V14 at once, whose walls are breached (repair them in spring, G2b.4), and does nothing more next year"),
        "{disaster}"
    );
}

/// A winter's event roll says what it meant: an event drawn on the table's faces, none
/// on the others (a play-test's clubs read "rolls for events: 4" and could not tell);
/// a roll stored before the faces were recorded reads as it always did.
#[test]
fn an_event_roll_says_what_it_meant() {
    let roll = |roll, drawn_on: Vec<u8>| Happening::EventRoll {
        nation: "V".into(),
        roll,
        drawn_on,
    };
    assert_eq!(
        happening(&w(), &roll(4, vec![6]), Lang::En),
        "V rolls for events: 4: no event (one is drawn only on 6)"
    );
    assert_eq!(
        happening(&w(), &roll(6, vec![6]), Lang::It),
        "V tira per gli eventi: 6: si estrae un evento dalla Tabella 36"
    );
    assert_eq!(
        happening(&w(), &roll(5, vec![5, 6]), Lang::It),
        "V tira per gli eventi: 5: si estrae un evento dalla Tabella 36"
    );
    assert_eq!(
        happening(&w(), &roll(1, vec![5, 6]), Lang::En),
        "V rolls for events: 1: no event (one is drawn only on 5 or 6)"
    );
    assert_eq!(
        happening(&w(), &roll(4, Vec::new()), Lang::En),
        "V rolls for events: 4"
    );
}

/// A fleet pushed back says where it met whose fleets (a play-test's clubs read only
/// "pushed back"); one stored before reads as it always did.
#[test]
fn a_fleet_pushed_back_says_whom_it_met_and_where() {
    let pushed = |at: Option<&str>, by: Vec<&str>| Happening::FleetPushedBack {
        nation: "P".into(),
        fleet: "P-F1".into(),
        to: "TIS".into(),
        at: at.map(str::to_owned),
        by: by.into_iter().map(Into::into).collect(),
    };
    assert_eq!(
        happening(&w(), &pushed(Some("TIC"), vec!["S"]), Lang::En),
        "fleet P-F1 of P met at least as many fleets of S in TIC and is pushed back to TIS"
    );
    assert_eq!(
        happening(&w(), &pushed(None, Vec::new()), Lang::En),
        "fleet P-F1 of P is pushed back to TIS"
    );
    assert!(
        happening(&w(), &pushed(Some("TIC"), vec!["S"]), Lang::It)
            .starts_with("la flotta P-F1 di P ha incontrato almeno altrettante flotte di S"),
        "{}",
        happening(&w(), &pushed(Some("TIC"), vec!["S"]), Lang::It)
    );
}

/// The move order names its nations as a sentence does, each with its article (a
/// play-test read "Papal States and Republic of Florence").
#[test]
fn the_move_order_names_nations_with_their_articles() {
    let source = crate::scenario::Source::builtin("il-giglio").expect("built in");
    let c = crate::scenario::load(&source).expect("the shipped campaign loads");
    let order = Happening::MoveOrder {
        order: vec!["S".into(), "P".into(), "F".into()],
    };
    assert_eq!(
        happening_named(&w(), &c, &order, Lang::En),
        "the summer's move order: Spain (the Aragonese crowns in Italy), the Papal States and the Republic of Florence"
    );
    assert_eq!(
        happening_named(&w(), &c, &order, Lang::It),
        "ordine di movimento dell'estate: la Spagna (Corone d'Aragona in Italia), lo Stato della Chiesa e la Repubblica di Firenze"
    );
}

#[test]
fn an_order_the_round_stopped_is_not_carried_out_where_an_unlawful_one_is_rejected() {
    // A play-test's Spain read its landing, turned back by the holders of the port, as
    // "rejected", the word of an order the rules refuse.
    let w = w();
    let blocked = Outcome::rejected("G3e.3", Reason::LandingBlocked { node: "P1".into() });
    let en = outcome(&w, &blocked, Lang::En);
    assert!(en.starts_with("not carried out (G3e.3): "), "{en}");
    let it = outcome(&w, &blocked, Lang::It);
    assert!(it.starts_with("non eseguito (G3e.3): "), "{it}");
    let gone = outcome(
        &w,
        &Outcome::rejected("G2b.5", Reason::TargetNotFound),
        Lang::En,
    );
    assert!(gone.starts_with("not carried out (G2b.5): "), "{gone}");
    let unlawful = Outcome::rejected("G2b.7", Reason::NotInPort);
    assert!(outcome(&w, &unlawful, Lang::En).starts_with("rejected (G2b.7): "));
    assert!(outcome(&w, &unlawful, Lang::It).starts_with("respinto (G2b.7): "));
}

#[test]
fn allies_who_meet_are_told_that_they_are_allies() {
    // A play-test's Milan read Table 34's "may besiege next round" at its ally's city
    // as an invitation; another's read "an attack betrays" where its standing attack met
    // walls, and no battle (so no betrayal) followed.
    use crate::rules::tables::Choice;
    let met = |allies, other_choice| Happening::Encounter {
        node: "V6".into(),
        hand: "M".into(),
        other: "V".into(),
        text_it: "l'altro si rinchiude".into(),
        text_en: "the other side is inside its fortification".into(),
        hand_choice: Some(Choice::Attack),
        other_choice: Some(other_choice),
        other_walls: false,
        other_meant: None,
        allies,
        no_battle: false,
        no_siege: false,
        other_chose: false,
    };
    use crate::rules::say::Say as _;
    let c = crate::fixtures::shipped();
    let say = Explain::new(w(), &c);
    let en = say.happening(&met(true, Choice::Stop), Lang::En);
    assert!(
        en.ends_with(". The Duchy of Milan and the Republic of Venice are allies: they meet as any two nations do, and an attack or a siege of either by the other betrays the alliance (G5.2)"),
        "{en}"
    );
    let walls = say.happening(&met(true, Choice::Withdraw), Lang::En);
    assert!(
        walls.ends_with(" are allies: they meet as any two nations do; no battle is fought against a force within its walls, so this meeting betrays nothing, but a siege of the place would betray the alliance (G5.2)"),
        "{walls}"
    );
    let it = say.happening(&met(true, Choice::Withdraw), Lang::It);
    assert!(
        it.contains(". Il Ducato di Milano e la Repubblica di Venezia sono alleati: si incontrano come due nazioni qualsiasi; contro una forza entro le sue mura non si combatte"),
        "{it}"
    );
    // Two republics agree in the feminine (play-test 46 read "sono alleati").
    let mut two = met(true, Choice::Stop);
    if let Happening::Encounter { hand, .. } = &mut two {
        *hand = "F".into();
    }
    let it = say.happening(&two, Lang::It);
    assert!(
        it.contains("La Repubblica di Firenze e la Repubblica di Venezia sono alleate:"),
        "{it}"
    );
    assert!(
        !say.happening(&met(false, Choice::Stop), Lang::En)
            .contains("allies")
    );
    // A diplomat never fights: Table 34's battle is said not to be fought (a play-test's
    // clubs read "battle" and found none).
    let mut diplomat = met(false, Choice::Attack);
    if let Happening::Encounter { no_battle, .. } = &mut diplomat {
        *no_battle = true;
    }
    let en = say.happening(&diplomat, Lang::En);
    assert!(
        en.contains(": no battle is fought, as a diplomat never fights (G3c.5), whatever Table 34 reads; it reads "),
        "the outcome first (a play-test read \"battle\" then \"no battle\"): {en}"
    );
    let it = say.happening(&diplomat, Lang::It);
    assert!(
        it.contains(": non si combatte nessuna battaglia, perché un diplomatico non combatte mai (G3c.5), qualunque cosa dica la Tabella 34, che dice "),
        "{it}"
    );
    // Nor besieges: Table 34's "may besiege" is said not to apply (a play-test's
    // diplomat read "chi muove può assediare").
    let mut envoy = met(false, Choice::Withdraw);
    if let Happening::Encounter { no_siege, .. } = &mut envoy {
        *no_siege = true;
    }
    let en = say.happening(&envoy, Lang::En);
    assert!(
        en.contains(": the Republic of Venice is inside its fortification, and no siege follows: a diplomat never besieges, only an army does (G3d.1) (Table 34"),
        "Table 34's \"may besiege\" is not quoted (a play-test read both): {en}"
    );
    let it = say.happening(&envoy, Lang::It);
    assert!(
        it.contains(": la Repubblica di Venezia è dentro la sua fortificazione, e non segue nessun assedio: un diplomatico non assedia mai, assedia solo un'armata (G3d.1) (Tabella 34"),
        "{it}"
    );
    assert!(
        !en.contains("may besiege") && !it.contains("assediare"),
        "{en}\n{it}"
    );
    assert!(
        !say.happening(&met(false, Choice::Withdraw), Lang::En)
            .contains("no siege")
    );
}

/// A place's owner is named, not left as its code (a play-test read "piazza fortificata
/// di P").
#[test]
fn walls_nobody_holds_name_their_owner() {
    use crate::rules::say::Say as _;
    let c = crate::fixtures::shipped();
    let say = Explain::new(w(), &c);
    let h = Happening::BeforeWalls {
        army: "V-A1".into(),
        node: "P6".into(),
        owner: "P".into(),
    };
    let it = say.happening(&h, Lang::It);
    assert!(
        it.contains("piazza fortificata dello Stato della Chiesa che nessuna forza tiene"),
        "{it}"
    );
    let en = say.happening(&h, Lang::En);
    assert!(
        en.contains("a fortified place of the Papal States that no force holds"),
        "{en}"
    );
}

/// The side that drove enemy fleets off is told what became of them, its fleets counted
/// in the words (a play-test's clash was told to the side pushed back only).
#[test]
fn a_clash_won_says_what_became_of_the_enemy() {
    use crate::rules::outcome::ClashFate;
    use crate::rules::say::Say as _;
    let c = crate::fixtures::shipped();
    let say = Explain::new(w(), &c);
    let won = |fleets: Vec<&str>, fate| Happening::FleetClashWon {
        nation: "V".into(),
        fleets: fleets.into_iter().map(Into::into).collect(),
        at: "ADC".into(),
        against: "P".into(),
        fate,
    };
    let en = say.happening(&won(vec!["V-F1", "V-F2"], ClashFate::PushedBack), Lang::En);
    assert!(
        en.starts_with("fleets V-F1 and V-F2 of the Republic of Venice met fewer fleets of the Papal States in the ")
            && en.ends_with(": those were pushed back where they came from (G3e.2)"),
        "{en}"
    );
    let it = say.happening(&won(vec!["V-F1"], ClashFate::Destroyed), Lang::It);
    assert!(
        it.starts_with("la flotta V-F1 della Repubblica di Venezia ha incontrato meno flotte dello Stato della Chiesa ")
            && it.ends_with(": la loro, sola e senza dove andare, è distrutta (G3e.2)"),
        "{it}"
    );
}

/// A besieger that cannot attack says whether the club's other armies roll the siege
/// without it (play-test 40), and a stored event without them reads as it always did.
#[test]
fn a_waiting_besieger_names_the_armies_that_roll_without_it() {
    let waits = |others: &[&str]| Happening::SiegeWaits {
        node: "F8".into(),
        army: "T-A1".into(),
        others: others.iter().map(|&a| a.into()).collect(),
    };
    let both = |h: Happening| (happening(&w(), &h, Lang::It), happening(&w(), &h, Lang::En));
    assert_eq!(
        both(waits(&["T-A2"])),
        (
            "T-A1 non può attaccare in questo turno e non prende parte all'assedio di F8, che T-A2 tira senza di essa".to_owned(),
            "T-A1 cannot attack this round and takes no part in the siege of F8, which T-A2 rolls without it".to_owned()
        )
    );
    assert!(
        both(waits(&["T-A2", "T-A3"]))
            .1
            .ends_with("which T-A2 and T-A3 roll without it")
    );
    let old: Happening =
        serde_json::from_str(r#"{"happening":"siege_waits","node":"F8","army":"T-A1"}"#)
            .expect("stored");
    assert_eq!(old, waits(&[]));
    assert_eq!(
        both(old).1,
        "the siege of F8 is not rolled this round: T-A1 cannot attack"
    );
}
