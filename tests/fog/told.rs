//! Every outcome told to the club it concerns (issue 29 point 5), and to no other: a
//! fleet's storm roll, a force's epidemic roll, a Strategos bid that lost, the enemy's
//! retreat in the winner's update, works and a sapper lost with a place. Each is found,
//! in its club's language, in everything its club is sent, and in nothing another club
//! is sent.

use super::*;
use giglio::rules::dice::Dice;

/// A fact in words as a club reads it: places by their names (`Explain` with the
/// shipped campaign), as every report and update words them.
fn said(what: &Happening, lang: Lang) -> String {
    let words = Words::load(None).expect("catalogue");
    explain::happening_named(&words, &shipped().campaign, what, lang)
}

/// Whether a fact is one of those told since issue 29 to the club it concerns alone.
fn told_since(what: &Happening) -> bool {
    what.told_since_issue_29()
}

/// Everything `club` is sent for a branch, in one text.
fn sent(b: &Branch, club: &Club) -> String {
    let r = render(&view_of(b, club));
    let bulletin = bulletin(b, club.lang);
    mail(b, club, &r, &bulletin)
        .into_iter()
        .map(|(_, t)| t)
        .collect::<Vec<_>>()
        .join("\n")
}

/// Checks that every new fact of the branch reads, in its club's language, in what that
/// club is sent, and in nothing another club is sent, nor do `secrets` (ids, amounts).
/// Returns how many facts were checked.
fn told_to_its_club_alone(b: &Branch, secrets: &[String]) -> usize {
    let s = shipped();
    let facts: Vec<&Event> = b
        .resolution
        .events
        .iter()
        .filter(|e| told_since(&e.what))
        .collect();
    for club in &s.clubs {
        let me = NationCode::from(club.nation.as_str());
        let text = sent(b, club);
        for e in &facts {
            let sentence = said(&e.what, club.lang);
            let mine = matches!(&e.audience, Audience::Nation(n) if n == &me);
            assert_eq!(
                text.contains(&sentence),
                mine,
                "{me} ({:?}) {} {sentence:?}",
                club.lang,
                if mine { "is not told" } else { "is told" }
            );
        }
        let concerned = facts
            .iter()
            .any(|e| matches!(&e.audience, Audience::Nation(n) if n == &me));
        if !concerned {
            for x in secrets {
                assert!(!shows(&text, x, id_char), "{me} reads {x}");
            }
        }
    }
    facts.len()
}

/// A round from the shipped start with `fleets` only, under scripted-free seeded dice:
/// the first seed whose round raises a storm.
fn storm_branch() -> Branch {
    use giglio::rules::calendar::{Phase as Season, PhaseId};
    let s = shipped();
    let c = &s.campaign;
    let mut w = World::start(c, &nations(s));
    w.phase = PhaseId {
        year: 1494,
        phase: Season::Round(4),
    };
    w.fleets.clear();
    let v = NationCode::from("V");
    let id = FleetId::from("V-F1");
    w.fleets.insert(
        id.clone(),
        Fleet {
            id: id.clone(),
            nation: v.clone(),
            at: FleetAt::Sea(SeaCode::from("ADN")),
            cargo: None,
        },
    );
    let orders = BTreeMap::from([(
        v,
        OrderSet::from_kinds([OrderKind::FleetMove {
            fleet: id,
            to: giglio::rules::order::FleetTo::Sea(SeaCode::from("ADC")),
        }]),
    )]);
    for k in 0..=255u8 {
        let mut dice = SeededDice::new([k; 32]);
        let resolution = resolve(c, &w, &orders, &BTreeMap::new(), &mut dice).expect("resolves");
        let stormy = dice.log().iter().any(|r| r.event == "storm/r04/V-F1");
        if stormy {
            return Branch {
                before: w,
                orders,
                results: BTreeMap::new(),
                seed: [k; 32],
                resolution,
            };
        }
    }
    panic!("no seed of 256 raised a storm");
}

#[test]
fn a_fleets_storm_roll_is_told_to_its_club_alone() {
    let b = storm_branch();
    assert_eq!(
        told_to_its_club_alone(&b, &["V-F1".to_owned()]),
        1,
        "the fleet's roll was told"
    );
}

/// Venice struck by the epidemic in round 1: every roll of its armies and garrisons.
#[test]
fn epidemic_rolls_are_told_to_the_forces_club_alone() {
    use giglio::rules::calendar::{Phase as Season, PhaseId};
    let s = shipped();
    let c = &s.campaign;
    let mut w = World::start(c, &nations(s));
    w.phase = PhaseId {
        year: 1494,
        phase: Season::Round(1),
    };
    for n in w.nations.values_mut() {
        n.events.clear();
    }
    w.nations
        .get_mut(&NationCode::from("V"))
        .expect("Venice")
        .events = vec!["epidemic".into()];
    // Every Venetian place holds a garrison, so the city drawn has a force to roll.
    for x in w.nodes.values_mut().filter(|x| x.owner.as_str() == "V") {
        x.garrison = Some(Garrison {
            nation: NationCode::from("V"),
            value: 40,
        });
    }
    let resolution = resolve(
        c,
        &w,
        &BTreeMap::new(),
        &BTreeMap::new(),
        &mut SeededDice::new([5; 32]),
    )
    .expect("resolves");
    let b = Branch {
        before: w,
        orders: BTreeMap::new(),
        results: BTreeMap::new(),
        seed: [5; 32],
        resolution,
    };
    assert!(
        told_to_its_club_alone(&b, &[]) > 0,
        "the epidemic rolled for Venice's forces"
    );
}

/// A spring auction: Venice bids 61 and wins, Milan bids 43 and hears it lost and paid
/// nothing; nobody else hears a word of it, and Milan never reads Venice's 61.
#[test]
fn a_lost_bid_is_told_to_its_bidder_alone() {
    let s = shipped();
    let c = &s.campaign;
    let w = World::start(c, &nations(s));
    let bid = |amount| {
        OrderSet::from_kinds([OrderKind::StrategosBid {
            amount,
            move_order: Vec::new(),
        }])
    };
    let orders = BTreeMap::from([
        (NationCode::from("V"), bid(61)),
        (NationCode::from("M"), bid(43)),
    ]);
    let resolution = resolve(
        c,
        &w,
        &orders,
        &BTreeMap::new(),
        &mut SeededDice::new([9; 32]),
    )
    .expect("resolves");
    let b = Branch {
        before: w,
        orders,
        results: BTreeMap::new(),
        seed: [9; 32],
        resolution,
    };
    assert_eq!(told_to_its_club_alone(&b, &[]), 1, "Milan's lost bid");
    let m = s.clubs.iter().find(|x| x.nation == "M").expect("Milan");
    // Its words, not the pictures' coordinates, where any number turns up.
    let r = render(&view_of(&b, m));
    let words: String = mail(&b, m, &r, &bulletin(&b, m.lang))
        .into_iter()
        .filter(|(what, _)| {
            !what.contains("map") && !what.contains("html") && !what.contains("page")
        })
        .map(|(_, t)| t)
        .collect();
    assert!(words.contains("43"), "Milan reads its own bid");
    assert!(!shows(&words, "61", digit), "Milan reads Venice's bid");
}

/// Florence's works under way and its sapper at Modigliana, lost when the place
/// surrenders to Venice: Florence alone is told; everyone reads that the walls fell;
/// Venice alone reads what it took (the garrison destroyed inside).
#[test]
fn what_a_surrender_takes_is_told_to_the_club_that_paid_for_it() {
    let mut b = siege_branch();
    let f = NationCode::from("F");
    let node = NodeCode::from("F8");
    b.before.works.push(Work {
        nation: f.clone(),
        node: node.clone(),
        kind: WorkKind::Fortify,
    });
    b.before.nodes.get_mut(&node).expect("F8").sapper = Some(f);
    let c = &shipped().campaign;
    b.resolution = resolve(
        c,
        &b.before,
        &b.orders,
        &BTreeMap::new(),
        &mut SeededDice::new(b.seed),
    )
    .expect("resolves");
    assert!(
        b.resolution
            .events
            .iter()
            .any(|e| matches!(e.what, Happening::Surrendered { breached: true, .. })),
        "the place fell, its walls with it"
    );
    assert!(
        b.resolution.events.iter().any(|e| matches!(
            &e.what,
            Happening::SurrenderTook { garrison: true, .. }
        ) && e.audience
            == Audience::Nation(NationCode::from("V"))),
        "{:?}",
        b.resolution.events
    );
    assert_eq!(
        told_to_its_club_alone(&b, &[]),
        3,
        "the works and the sapper, to Florence; what it took, to Venice"
    );
}

/// The winner of a battle reads in its update that the enemy fell back (not where to);
/// the loser reads where its own forces went, and nobody else reads either.
#[test]
fn the_winner_reads_the_enemys_retreat_in_its_update() {
    let s = shipped();
    let (b, battle) = (0..40)
        .find_map(|k| {
            let phases = play(k, 8);
            (0..phases.len() - 1).find_map(|i| {
                if phases[i + 1].world.battles.is_empty() {
                    return None;
                }
                let b = marked_branch(&phases[i], &mut Rng(k));
                let bt = b
                    .now()
                    .battles
                    .iter()
                    .find(|x| !x.defender.armies.is_empty())?
                    .clone();
                Some((b, bt))
            })
        })
        .expect("a bot campaign fights a battle");
    let won = BattleOutcome {
        battle: battle.id.clone(),
        winner: Some(battle.attacker.nation.clone()),
        attacker_loss: 0,
        defender_loss: 0,
        source: giglio::rules::battles::ResultSource::Table,
        provisional: false,
        reason: String::new(),
    };
    let step = giglio::rules::resolve::apply_battle(
        &s.campaign,
        b.now(),
        &won,
        &mut SeededDice::new([3; 32]),
    )
    .expect("the battle is pending");
    let fell_back: Vec<&Event> = step
        .events
        .iter()
        .filter(|e| matches!(e.what, Happening::EnemyFellBack { .. }))
        .collect();
    assert_eq!(fell_back.len(), 1, "{:?}", step.events);
    assert_eq!(
        fell_back[0].audience,
        Audience::Nation(battle.attacker.nation.clone())
    );
    for club in &s.clubs {
        let news: String = battle_news(&b, club)
            .into_iter()
            .filter(|(what, _)| what == &format!("update {}", battle.id))
            .map(|(_, t)| t)
            .collect();
        let sentence = said(&fell_back[0].what, club.lang);
        let winner = club.nation == battle.attacker.nation.as_str();
        assert_eq!(
            news.contains(&sentence),
            winner,
            "{}: {sentence}",
            club.nation
        );
        if club.nation != battle.defender.nation.as_str() {
            assert!(
                !news.contains(
                    &said(
                        &Happening::Retreated {
                            nation: battle.defender.nation.clone(),
                            from: battle.node.clone(),
                            to: NodeCode::from("§"),
                            draw: false,
                        },
                        club.lang,
                    )
                    .replace("§", "")
                ),
                "{} reads where the loser went",
                club.nation
            );
        }
    }
}

/// A Venetian army walks into Milanese Lodi, fortified and held by no force: Venice
/// reads that only a siege takes it, Milan that a Venetian force stands in its place
/// (an army or a diplomat: it cannot tell); nobody else reads a word of either.
#[test]
fn a_force_before_empty_walls_is_told_to_both_clubs_alone() {
    use giglio::rules::calendar::{Phase as Season, PhaseId};
    use giglio::rules::order::Piece;
    let s = shipped();
    let c = &s.campaign;
    let mut w = World::start(c, &nations(s));
    w.phase = PhaseId {
        year: 1494,
        phase: Season::Round(2),
    };
    w.armies.clear();
    let v = NationCode::from("V");
    let id = ArmyId::from("V-A1");
    w.armies.insert(
        id.clone(),
        giglio::rules::world::Army::new(id.clone(), v.clone(), NodeCode::from("V6"), 373),
    );
    let orders = BTreeMap::from([(
        v,
        OrderSet::from_kinds([OrderKind::Move {
            piece: Piece::Army(id),
            path: vec![NodeCode::from("V6"), NodeCode::from("M3")],
        }]),
    )]);
    let resolution = resolve(
        c,
        &w,
        &orders,
        &BTreeMap::new(),
        &mut SeededDice::new([3; 32]),
    )
    .expect("resolves");
    let b = Branch {
        before: w,
        orders,
        results: BTreeMap::new(),
        seed: [3; 32],
        resolution,
    };
    assert_eq!(
        told_to_its_club_alone(&b, &["V-A1".into()]),
        2,
        "Venice's army before the walls, Milan's place with a force in it"
    );
    // Milan is told of the force, not which piece nor its size.
    let m = s.clubs.iter().find(|x| x.nation == "M").expect("Milan");
    let text = sent(&b, m);
    assert!(!shows(&text, "V-A1", id_char), "Milan reads the army's id");
}

/// A fleet pushed back in the round it sailed: its club's order line says so after
/// where it sailed (a play-test's report said "sails to OTR" of a fleet back in its
/// port), and only its own club reads it there.
#[test]
fn a_fleet_pushed_back_is_told_on_its_orders_line() {
    use giglio::rules::calendar::{Phase as Season, PhaseId};
    let s = shipped();
    let c = &s.campaign;
    let mut w = World::start(c, &nations(s));
    w.phase = PhaseId {
        year: 1494,
        phase: Season::Round(3),
    };
    w.fleets.clear();
    let mut orders = BTreeMap::new();
    for (nation, port) in [("V", "V11"), ("P", "P6")] {
        let id = FleetId::from(format!("{nation}-F1").as_str());
        w.fleets.insert(
            id.clone(),
            Fleet {
                id: id.clone(),
                nation: NationCode::from(nation),
                at: FleetAt::Port(NodeCode::from(port)),
                cargo: None,
            },
        );
        orders.insert(
            NationCode::from(nation),
            OrderSet::from_kinds([OrderKind::FleetMove {
                fleet: id,
                to: giglio::rules::order::FleetTo::Sea(SeaCode::from("ADC")),
            }]),
        );
    }
    // The first seed whose round pushes Venice's fleet back (no storm sinks it first).
    let b = (0..=255u8)
        .find_map(|k| {
            let resolution = resolve(
                c,
                &w,
                &orders,
                &BTreeMap::new(),
                &mut SeededDice::new([k; 32]),
            )
            .expect("resolves");
            let pushed = resolution.events.iter().any(|e| {
                matches!(&e.what, Happening::FleetPushedBack { fleet, .. } if fleet.as_str() == "V-F1")
            });
            pushed.then(|| Branch {
                before: w.clone(),
                orders: orders.clone(),
                results: BTreeMap::new(),
                seed: [k; 32],
                resolution,
            })
        })
        .expect("a seed of 256 pushes the fleet back");
    let pushed = b
        .resolution
        .events
        .iter()
        .find(|e| matches!(&e.what, Happening::FleetPushedBack { fleet, .. } if fleet.as_str() == "V-F1"))
        .expect("the event");
    for club in s
        .clubs
        .iter()
        .filter(|c| ["V", "P"].contains(&c.nation.as_str()))
    {
        let text = render(&view_of(&b, club)).text;
        let line = text
            .lines()
            .find(|l| l.trim_start().starts_with("#1 "))
            .unwrap_or_else(|| panic!("{}'s order line: {text}", club.nation));
        let sentence = said(&pushed.what, club.lang);
        assert_eq!(
            line.contains(&format!("; {sentence} (G3e.2)")),
            club.nation == "V",
            "{}: {line}",
            club.nation
        );
    }
}
