//! The sheet offers everything (issue 29 point 6), in both languages: each specialist
//! with its own example and no list printed twice, the clubs a Strategos move order may
//! list, a transfer where two armies stand together, each piece's standing choices as
//! they are now (with the spy's condition when the club has a spy), the assassin's
//! missions, what a bribe buys.

use super::*;
use crate::rules::calendar::Phase;
use crate::rules::tables::Choice;
use crate::rules::world::{Army, Fortification, Stance};
use crate::rules::{ArmyId, FleetId, NodeCode, PhaseId, World};

fn shipped() -> Campaign {
    let source = crate::scenario::Source::builtin("il-giglio").expect("built in");
    crate::scenario::load(&source).expect("the shipped campaign loads")
}

fn sheet(c: &Campaign, w: &World, lang: Lang) -> String {
    let words = Words::load(None).expect("catalogue");
    let a = attachments(
        &words,
        c,
        w,
        &NationCode::from("V"),
        lang,
        Some("1494-05-01 12:00"),
        &Default::default(),
    );
    String::from_utf8(a[0].bytes.clone()).expect("text")
}

/// The shipped campaign's start, every nation a club plays by default in play.
fn opening(c: &Campaign) -> World {
    let clubs: Vec<NationCode> = c
        .nations
        .iter()
        .filter(|n| n.played)
        .map(|n| n.code.clone())
        .collect();
    World::start(c, &clubs)
}

/// The shipped start with a second Venetian army at V-A1's node (V-A3).
fn start(c: &Campaign) -> World {
    let mut w = opening(c);
    let v = NationCode::from("V");
    let node = w.armies[&ArmyId::from("V-A1")].node.clone();
    assert_eq!(w.raise_army(&v, &node, 100), ArmyId::from("V-A3"));
    w
}

/// Every list of places a sheet writes, none printed twice, none naming a place twice.
fn lists_once(sheet: &str) {
    let lists: Vec<&str> = sheet
        .lines()
        .filter(|l| l.contains(", any of: ") || l.contains(", a scelta: "))
        .collect();
    for (i, l) in lists.iter().enumerate() {
        assert!(!lists[..i].contains(l), "printed twice: {l}");
        let places: Vec<&str> = l
            .split_once(": ")
            .map_or("", |(_, rest)| rest)
            .split(", ")
            .collect();
        let mut seen = std::collections::BTreeSet::new();
        for p in &places {
            assert!(seen.insert(*p), "{p} twice in: {l}");
        }
    }
}

#[test]
fn a_spring_sheet_shows_every_specialist_the_strategos_clubs_and_transfers() {
    let c = shipped();
    let w = start(&c);
    for lang in [Lang::It, Lang::En] {
        let s = sheet(&c, &w, lang);
        lists_once(&s);
        for specialist in ["sapper", "diplomat", "spy", "assassin"] {
            assert!(
                s.contains(&format!("# [[hire]]\n# specialist = \"{specialist}\"\n")),
                "{lang:?}: no example of a {specialist}:\n{s}"
            );
        }
        // The diplomat's places are listed on their own line, not after the sapper's,
        // the kind named in the club's words with the file's key beside it.
        let diplomat = match lang {
            Lang::It => "# ingaggio di un diplomatico (hire), a scelta: ",
            Lang::En => "# hire a diplomat (hire), ",
        };
        assert!(
            s.lines()
                .any(|l| l.starts_with(diplomat) && l.contains("V9 Cervia")),
            "{s}"
        );
        let clubs = s
            .lines()
            .find(|l| l.contains("move_order"))
            .expect("the clubs a move order may list");
        for n in &w.clubs {
            assert!(clubs.contains(&format!("{n} ")), "{n} missing: {clubs}");
        }
        assert!(
            s.contains("# [[transfer]]\n# from = \"V-A1\"\n# to = \"V-A3\"\n"),
            "{lang:?}: no transfer between the two armies at one node:\n{s}"
        );
    }
}

#[test]
fn a_round_sheet_shows_standing_choices_now_the_spy_the_assassin_and_the_bribe() {
    let c = shipped();
    let mut w = start(&c);
    w.phase = PhaseId {
        year: 1494,
        phase: Phase::Round(4),
    };
    let v = NationCode::from("V");
    let st = w.nations.get_mut(&v).expect("Venice");
    st.spy = true;
    st.assassins = 1;
    w.armies
        .get_mut(&ArmyId::from("V-A1"))
        .expect("V-A1")
        .stance = Stance {
        on_contact: Some(Choice::Attack),
        when_contacted: Some(Choice::Withdraw),
        spy: None,
        retreat_to: None,
    };
    // V-A9 before Florentine Modigliana (F8), fortified, arrived two rounds ago.
    let f8 = NodeCode::from("F8");
    w.armies.retain(|_, a| a.node != f8);
    w.nodes.get_mut(&f8).expect("F8").fortification = Fortification::Fortified;
    let id = ArmyId::from("V-A9");
    let mut army = Army::new(id.clone(), v.clone(), f8.clone(), 300);
    army.arrived = Some(PhaseId {
        year: 1494,
        phase: Phase::Round(2),
    });
    w.armies.insert(id, army);
    // A Florentine army V-A9 watches from Modigliana: a commander an assassin may seek.
    let f7 = NodeCode::from("F7");
    let fa = ArmyId::from("F-A9");
    w.armies
        .insert(fa.clone(), Army::new(fa, NationCode::from("F"), f7, 200));
    let step = c.tables.siege.bribe_step;
    for (lang, now, bribe) in [
        (
            Lang::En,
            "# Its standing choices now (G3c.3): on contact \"attack\", when contacted \"withdraw\"",
            format!("each {step} ducats buy +1 on the roll"),
        ),
        (
            Lang::It,
            "# Le sue scelte permanenti ora (G3c.3): al contatto \"attack\" (attaccare), quando contattata \"withdraw\" (rinchiudersi nella fortificazione)",
            format!("ogni {step} ducati comprano +1 sul tiro"),
        ),
    ] {
        let s = sheet(&c, &w, lang);
        lists_once(&s);
        assert!(s.contains(now), "{lang:?}:\n{s}");
        // The values are what the file takes; an Italian sheet glosses them once.
        let (on, when) = (
            "stop | retreat | attack",
            "stop | retreat | attack | withdraw",
        );
        assert_eq!(
            s.contains("# Le scelte, come le scrive il file: stop (fermarsi) | retreat (ripiegare) | attack (attaccare) | withdraw (rinchiudersi nella fortificazione)."),
            lang == Lang::It,
            "{lang:?}:\n{s}"
        );
        assert!(
            s.contains(&format!(
                "# [[stance]]\n# piece = \"V-A1\"\n# on_contact = \"attack\"          # {on}\n# when_contacted = \"withdraw\"      # {when}\n# spy = {{ enemy_at_most = 200, then = \"attack\", otherwise = \"retreat\" }}\n"
            )),
            "{lang:?}: the stance as it is, with the spy's condition:\n{s}"
        );
        assert!(s.contains("# [[assassin]]\n# target = \"spy\"\n"), "{s}");
        let seen = match lang {
            Lang::En => "# Where you see a foreign force now (a marker:",
            Lang::It => "# Dove vedete ora una forza straniera (un segnalino:",
        };
        let line: String = s
            .split("\n# ")
            .find(|l| l.starts_with(&seen[2..]))
            .unwrap_or_else(|| panic!("{lang:?}: where a commander may be:\n{s}"))
            .to_owned();
        assert!(line.contains("F7 "), "{lang:?}: {line}");
        assert!(s.contains(&bribe), "{lang:?}: what a bribe buys:\n{s}");
        assert!(
            s.contains("# [[transfer]]\n# from = \"V-A1\"\n# to = \"V-A3\"\n"),
            "{lang:?}: a transfer in a round (ruling garrison_and_transfer_in_rounds):\n{s}"
        );
    }
    // Without a spy or an assassin, neither is offered.
    let st = w.nations.get_mut(&v).expect("Venice");
    st.spy = false;
    st.assassins = 0;
    let s = sheet(&c, &w, Lang::En);
    assert!(!s.contains("# spy = {"), "{s}");
    assert!(!s.contains("[[assassin]]"), "{s}");
}

/// A play-test read "Raising, fortifying…" on a sheet that offered no raise (three
/// armies already) and looked for the order: the heading names what is offered and the
/// sheet says why no army can be raised.
#[test]
fn a_spring_sheet_says_why_no_army_can_be_raised() {
    let c = shipped();
    let two = opening(&c);
    let max = c.tables.armies.max_armies;
    let mut full = two.clone();
    let v = NationCode::from("V");
    let node = full.armies[&ArmyId::from("V-A1")].node.clone();
    while (full.armies_of("V").count() as u32) < max {
        full.raise_army(&v, &node, 100);
    }
    for (lang, offered, most) in [
        (
            Lang::En,
            "# Raising, fortifying",
            format!("you have {max} armies, the most"),
        ),
        (
            Lang::It,
            "# Arruolare, fortificare",
            format!("ne avete {max}, il massimo"),
        ),
    ] {
        let s = sheet(&c, &two, lang);
        assert!(s.contains(offered) && !s.contains(&most), "{lang:?}:\n{s}");
        let s = sheet(&c, &full, lang);
        assert!(
            !s.contains(offered),
            "{lang:?}: raising offered at the most:\n{s}"
        );
        assert!(s.contains(&most), "{lang:?}: no reason given:\n{s}");
    }
}

/// A piece that is a party to two battles at one place is told both (a play-test's
/// sheet named only the first).
#[test]
fn a_piece_in_two_battles_is_told_both() {
    let c = shipped();
    let words = Words::load(None).expect("catalogue");
    let idle = Idle::InBattle {
        battle: "1494-r01-F7".into(),
        also: vec!["1494-r01-F7-2".into()],
    };
    for lang in [Lang::It, Lang::En] {
        let said = idle_text(&words, lang, &c, &idle, "F7", "F-A2");
        assert!(
            said.contains("1494-r01-F7, 1494-r01-F7-2"),
            "{lang:?}: {said}"
        );
    }
}

/// The shipped campaign in its second summer round, with Venice's first fleet and the
/// port it starts in.
fn venice_fleet_in_port() -> (Campaign, World, FleetId, NodeCode) {
    use crate::rules::world::FleetAt;
    let c = shipped();
    let mut w = start(&c);
    w.phase = PhaseId {
        year: 1494,
        phase: Phase::Round(2),
    };
    let v = NationCode::from("V");
    let fleet = (w.fleets.values().find(|f| f.nation == v))
        .map(|f| f.id.clone())
        .expect("Venice has a fleet");
    let FleetAt::Port(port) = w.fleets[&fleet].at.clone() else {
        panic!("fleets start in port")
    };
    (c, w, fleet, port)
}

/// A fleet in port with its army aboard: the sheet says a landing comes from a sea zone
/// the round after sailing, and what blocks one (a play-test sent a sail and a landing
/// in one round, then met landings blocked by garrisons).
#[test]
fn a_fleet_carrying_an_army_says_how_and_where_it_may_land() {
    use crate::rules::world::FleetAt;
    let (c, mut w, fleet, port) = venice_fleet_in_port();
    let army = ArmyId::from("V-A1");
    let a = w.armies.get_mut(&army).expect("V-A1");
    a.node = port.clone();
    a.aboard = Some(fleet.clone());
    w.fleets.get_mut(&fleet).expect("fleet").cargo = Some(army);
    for (lang, said) in [
        (Lang::En, "takes a [[land]] order there next round (G3e.3)"),
        (
            Lang::It,
            "riceve un ordine [[land]] da lì nel turno seguente (G3e.3)",
        ),
    ] {
        let s = sheet(&c, &w, lang);
        assert!(s.contains(said), "{lang:?}:\n{s}");
        assert!(
            s.contains("G3e.3): the army stays aboard") || lang == Lang::It,
            "{s}"
        );
    }
    // In its own port the fleet may land it at once: offered, and the army's heading
    // says its fleet lands it (a play-test's club read "no order is possible" there, and
    // sailed out and back).
    let s = sheet(&c, &w, Lang::En);
    let land = format!("# [[land]]\n# fleet = \"{fleet}\"\n# node = \"{port}\"");
    assert!(s.contains(&land), "{land}\n{s}");
    assert!(
        s.find(&land) < s.find("The fleet may land its army here"),
        "{s}"
    );
    assert!(
        s.contains("The fleet may land its army here, in its port, this round with the [[land]] above.")
            && s.contains(&format!("An army aboard takes no order of its own: fleet {fleet} carries it, and lands it with the fleet's [[land]] order (G3e.3)."))
            && !s.contains("No order is possible for this piece"),
        "{s}"
    );
    let it = sheet(&c, &w, Lang::It);
    assert!(
        it.contains("La flotta può sbarcare l'armata qui, nel suo porto, in questo turno")
            && it.contains("Un'armata a bordo non riceve ordini propri"),
        "{it}"
    );
    // A port that passed to another nation is not the fleet's port: no landing there is
    // offered (a play-test's sheet offered its lost Durazzo, where the enemy stood).
    let mut lost = w.clone();
    lost.nodes.get_mut(&port).expect("the port").owner = NationCode::from("T");
    let s = sheet(&c, &lost, Lang::En);
    assert!(
        !s.contains(&land) && !s.contains("The fleet may land its army here"),
        "{s}"
    );
    // At sea, the army's heading puts it where its fleet is, not in the port it left
    // (a play-test's sheet put an army at sea in Messina).
    let sea = c.map.seas_of_port(port.as_str())[0].clone();
    w.fleets.get_mut(&fleet).expect("fleet").at = FleetAt::Sea(sea.clone());
    let s = sheet(&c, &w, Lang::En);
    let heading = format!(
        "# ==== Army V-A1 aboard fleet {fleet}, in the {} ({sea}),",
        c.place_name_in(sea.as_str(), Lang::En)
    );
    assert!(s.contains(&heading), "{heading}\n{s}");
}

/// An empty fleet in port with an army of the club there: the sheet says the army may
/// board and sail in the same round, embark written first (a play-test's club lost a
/// round to embark, then sail); a fleet no army may board says nothing of it.
#[test]
fn an_army_may_board_and_sail_in_one_round() {
    let (c, mut w, fleet, port) = venice_fleet_in_port();
    let v = NationCode::from("V");
    let said = "write the army's [[embark]] above the fleet's [[fleet_move]]";
    let alone = sheet(&c, &w, Lang::En);
    let boardable = (w.armies.values()).any(|a| a.nation == v && a.node == port);
    assert_eq!(alone.contains(said), boardable, "{alone}");
    w.armies.get_mut(&ArmyId::from("V-A1")).expect("V-A1").node = port.clone();
    let s = sheet(&c, &w, Lang::En);
    let block: String = s
        .split("# ====")
        .find(|b| b.contains(&format!("{fleet} ")) && b.contains("[[fleet_move]]"))
        .unwrap_or_else(|| panic!("{fleet}'s block in\n{s}"))
        .to_owned();
    assert!(block.contains(said), "{block}");
    // Uncommented as they stand, the two sail together: the embark comes first.
    let (embark, sail) = (block.find("# [[embark]]"), block.find("# [[fleet_move]]"));
    assert!(embark.is_some() && embark < sail, "{block}");
    let it = sheet(&c, &w, Lang::It);
    assert!(
        it.contains("scrivete l'[[embark]] dell'armata sopra il [[fleet_move]] della flotta"),
        "{it}"
    );
}

/// A play-test's army whose commander was killed read "no order is possible" and could
/// not change how it met the attack that came: the sheet says why it cannot move and
/// offers its standing choices.
#[test]
fn a_stunned_army_is_told_why_and_offered_its_standing_choices() {
    let c = shipped();
    let mut w = start(&c);
    w.phase = PhaseId {
        year: 1494,
        phase: Phase::Round(2),
    };
    w.armies
        .get_mut(&ArmyId::from("V-A1"))
        .expect("V-A1")
        .stunned = Some(w.phase);
    for (lang, why) in [
        (Lang::En, "# Its commander was killed (G2b.5)"),
        (Lang::It, "# Il suo comandante è stato ucciso (G2b.5)"),
    ] {
        let s = sheet(&c, &w, lang);
        let block: String = s
            .split("# ====")
            .find(|b| b.contains("V-A1 "))
            .unwrap_or_else(|| panic!("V-A1's block in\n{s}"))
            .to_owned();
        assert!(block.contains(why), "{lang:?}:\n{block}");
        assert!(
            block.contains("# [[stance]]\n# piece = \"V-A1\""),
            "{lang:?}:\n{block}"
        );
        assert!(!block.contains("[[move]]"), "{lang:?}:\n{block}");
        assert!(
            !block.contains("No order is possible") && !block.contains("Nessun ordine possibile"),
            "{lang:?}:\n{block}"
        );
    }
    // Besieging, its siege stands but is not rolled: a play-test's sheet said it would be
    // rolled at the round's end, and the round refused the army's siege.
    let node = w.armies[&ArmyId::from("V-A1")].node.clone();
    w.sieges.push(crate::rules::world::Siege {
        node,
        besieger: ArmyId::from("V-A1"),
        rounds_spent: 1,
    });
    let s = sheet(&c, &w, Lang::En);
    assert!(
        s.contains("this army does not roll it this round, for its commander was killed (G2b.5)")
            && !s.contains("rolled at the end of the round"),
        "{s}"
    );
}

/// A play-test's club went on with a siege begun before its alliance with the place's
/// owner and learnt only from the report that it had betrayed it: the sheet warns on the
/// piece, and the spring sheet lists the club's alliances and its declarations on record.
#[test]
fn a_standing_siege_of_an_ally_is_warned_and_alliances_are_listed() {
    use crate::rules::world::{Alliance, Siege};
    use std::collections::BTreeSet;
    let c = shipped();
    let mut w = start(&c);
    let (v, m, f) = (
        NationCode::from("V"),
        NationCode::from("M"),
        NationCode::from("F"),
    );
    w.alliances.push(Alliance {
        members: [m.clone(), v.clone()],
        declared_by: BTreeSet::from([m.clone(), v.clone()]),
        betrayed_by: BTreeSet::new(),
    });
    w.alliances.push(Alliance {
        members: [f.clone(), v.clone()],
        declared_by: BTreeSet::from([v.clone()]),
        betrayed_by: BTreeSet::new(),
    });
    let spring = sheet(&c, &w, Lang::En);
    assert!(
        spring.contains("# Your alliances now: M Duchy of Milan. Your declarations on record, waiting for the other nation's: F Republic of Florence."),
        "{spring}"
    );
    // An alliance the other member betrayed is no alliance now (a play-test's sheet
    // still called it standing: the club's own world had dropped the betrayal).
    let mut broken = w.clone();
    broken.alliances[0].betrayed_by.insert(m.clone());
    let spring = sheet(&c, &broken, Lang::En);
    assert!(
        spring.contains("# Your alliances now: none. Your declarations on record, waiting for the other nation's: F Republic of Florence. Broken by a betrayal, for the rest of the campaign (G5.2): M Duchy of Milan."),
        "{spring}"
    );
    // The example names a nation the club is neither allied with nor waiting for.
    assert!(
        spring.contains("# alliances = [")
            && !spring.contains("# alliances = [\"M\"]")
            && !spring.contains("# alliances = [\"F\"]"),
        "{spring}"
    );
    w.phase = PhaseId {
        year: 1494,
        phase: Phase::Round(3),
    };
    let lodi = NodeCode::from("M3");
    w.nodes.get_mut(&lodi).expect("Lodi").fortification = Fortification::Fortified;
    let id = ArmyId::from("V-A9");
    w.armies
        .insert(id.clone(), Army::new(id.clone(), v, lodi.clone(), 300));
    w.sieges.push(Siege {
        node: lodi,
        besieger: id,
        rounds_spent: 1,
    });
    for (lang, warned) in [
        (
            Lang::En,
            "# Warning: this army's standing siege is of a place of your ally, the Duchy of Milan",
        ),
        (
            Lang::It,
            "# Attenzione: l'assedio permanente di questa armata è a una piazza del vostro alleato, il Ducato di Milano",
        ),
    ] {
        let s = sheet(&c, &w, lang);
        assert!(s.contains(warned), "{lang:?}:\n{s}");
    }
}

/// An army's heading says whether its sapper is with it (a play-test's club could not
/// tell from the sheet whether the sapper it hired was still there).
#[test]
fn an_armys_heading_says_it_has_its_sapper() {
    let (c, mut w, _, _) = venice_fleet_in_port();
    let army = ArmyId::from("V-A1");
    w.armies.get_mut(&army).expect("V-A1").sapper = true;
    let en = sheet(&c, &w, Lang::En);
    let line = en
        .lines()
        .find(|l| l.starts_with("# ==== Army V-A1 "))
        .unwrap_or_else(|| panic!("{en}"));
    assert!(line.ends_with(" ducats, with its sapper ===="), "{line}");
    let it = sheet(&c, &w, Lang::It);
    assert!(it.contains(" ducati, con il suo geniere ===="), "{it}");
    w.armies.get_mut(&army).expect("V-A1").sapper = false;
    assert!(!sheet(&c, &w, Lang::En).contains("with its sapper"));
}

/// "1 ducato", not "1 ducati" (a play-test's sheet).
#[test]
fn a_spy_condition_of_one_ducat_is_singular() {
    let w = Words::load(None).expect("catalogue");
    let said = |l: Lang, n: i64| {
        crate::t!(
            &w,
            l,
            "sheet-stance-spy-now",
            at_most = n,
            then = "x",
            otherwise = "y"
        )
    };
    assert!(
        said(Lang::It, 1).contains("al massimo 1 ducato sceglie"),
        "{}",
        said(Lang::It, 1)
    );
    assert!(said(Lang::It, 2).contains("al massimo 2 ducati sceglie"));
    assert!(
        said(Lang::En, 1).contains("at most 1 ducat it chooses"),
        "{}",
        said(Lang::En, 1)
    );
}
