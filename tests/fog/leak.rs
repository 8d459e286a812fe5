//! The leak test: no marked hidden fact reaches anything a club is sent, and checking
//! orders is not a scout.

use super::*;

/// The kinds of event that every club may learn (G7.1): changes of the political map
/// and of fortifications, the calendar, the storm, the year's move order, and that a
/// battle was fought (where, between whom, who won: the bulletin's "battles fought";
/// sizes and losses stay with the two sides). A new public kind must be judged
/// against G7 and added here.
fn public_kind(what: &Happening) -> bool {
    matches!(
        what,
        Happening::NodeTaken { .. }
            | Happening::Surrendered { .. }
            | Happening::WorksComplete { .. }
            | Happening::Breached { .. }
            | Happening::FortificationsDestroyed { .. }
            | Happening::StormRoll { .. }
            | Happening::MoveOrder { .. }
            | Happening::BattleFought { .. }
            | Happening::CampaignEnds
    )
}

/// What checking one branch found.
#[derive(Default)]
struct Tally {
    branches: usize,
    reports: usize,
    parts: usize,
    /// Battle updates checked (so the check is known to have run on some).
    updates: usize,
    /// Encounters asked in contact-exchange mode, likewise.
    asks: usize,
    problems: Vec<String>,
}

/// Checks every message of a branch: nothing hidden from a club reaches it, and what
/// is its own does (so the check can fail).
fn check_branch(b: &Branch, tally: &mut Tally, with_png: bool) {
    tally.branches += 1;
    let key = b.before.phase.key();
    let bulletins: BTreeMap<Lang, club::Rendered> =
        [Lang::It, Lang::En].map(|l| (l, bulletin(b, l))).into();
    check_public(b, &bulletins, tally);
    for (club, (view, r)) in shipped().clubs.iter().zip(reports(b, with_png)) {
        let me = NationCode::from(club.nation.as_str());
        let hidden = hidden_from(b, Some(&me)).without(&known_to(b, &me));
        tally.reports += 1;
        for (what, text) in mail(b, club, &r, &bulletins[&club.lang]) {
            tally.parts += 1;
            tally.updates += usize::from(what.starts_with("update "));
            tally.asks += usize::from(what == "encounter text");
            for leak in leaks(&text, &hidden) {
                tally.problems.push(format!("{key}: {me} {what}: {leak}"));
            }
        }
        tally.problems.extend(
            own_facts_missing(b, &me, &view, &r)
                .into_iter()
                .map(|p| format!("{key}: {me}: {p}")),
        );
    }
}

/// Public events are of the public kinds, and the bulletin tells no nation's hidden
/// facts.
fn check_public(b: &Branch, bulletins: &BTreeMap<Lang, club::Rendered>, tally: &mut Tally) {
    let key = b.before.phase.key();
    for e in &b.resolution.events {
        if e.audience == Audience::Public && !public_kind(&e.what) {
            tally
                .problems
                .push(format!("{key}: public event {:?}", e.what));
        }
    }
    let everything = hidden_from(b, None);
    for (l, r) in bulletins {
        for (what, text) in [("text", &r.text), ("html", &r.html), ("map", &r.svg)] {
            for leak in leaks(text, &everything) {
                tally
                    .problems
                    .push(format!("{key}: bulletin {l:?} {what}: {leak}"));
            }
        }
    }
}

/// Every club's view and rendered report, in club order; `with_png` goes the way the
/// mail goes (`club_reports`, map pictures drawn), else the pictures are skipped.
fn reports(b: &Branch, with_png: bool) -> Vec<(ClubView, club::Rendered)> {
    let s = shipped();
    if !with_png {
        return s
            .clubs
            .iter()
            .map(|c| {
                let v = view_of(b, c);
                let r = render(&v);
                (v, r)
            })
            .collect();
    }
    let reports = club::club_reports(
        &s.env,
        &s.campaign,
        &b.before,
        &b.resolution,
        &s.clubs,
        &facts(&b.before),
        &|_| "cid:map".into(),
    )
    .expect("the reports render");
    assert_eq!(reports.len(), s.clubs.len(), "one report per club");
    for r in &reports {
        assert!(r.png.starts_with(b"\x89PNG"), "a map picture is a PNG");
    }
    reports.into_iter().map(|r| (r.view, r.rendered)).collect()
}

/// The club's own facts that its report fails to show: the check of the check.
fn own_facts_missing(
    b: &Branch,
    me: &NationCode,
    view: &ClubView,
    r: &club::Rendered,
) -> Vec<String> {
    let c = &shipped().campaign;
    let now = b.now();
    let st = now.nation(me.as_str()).expect("a club has a state");
    let mut want: Vec<i64> = vec![st.treasury];
    want.extend(st.loan.as_ref().map(Loan::due));
    want.extend(now.armies_of(me.as_str()).map(|a| a.value));
    let mut phrases: Vec<String> = Vec::new();
    if let Some(o) = &st.objective
        && let Some(e) = c.tables.victory.objective.iter().find(|e| e.id == o.kind)
    {
        phrases.push(match view.lang {
            Lang::It => e.name_it.clone(),
            Lang::En => e.name_en.clone(),
        });
    }
    for id in &st.events {
        let e = c
            .tables
            .events
            .entry
            .iter()
            .find(|e| &e.id == id)
            .expect("an event");
        // A disaster strikes in the winter that draws it, told then; it is not in force
        // the year after, and the reports after it do not name it.
        let effect = serde_json::to_value(e).expect("JSON")["effect"].clone();
        if effect == "breach_random_fortified" {
            continue;
        }
        phrases.push(match view.lang {
            Lang::It => e.name_it.clone(),
            Lang::En => e.name_en.clone(),
        });
    }
    let mut out = Vec::new();
    for (what, text) in [("text", &r.text), ("html", &r.html)] {
        for v in &want {
            if !shows(text, &v.to_string(), digit) {
                out.push(format!("its own {v} is missing from its report {what}"));
            }
        }
        for p in &phrases {
            if !text.contains(p.as_str()) {
                out.push(format!("its own {p:?} is missing from its report {what}"));
            }
        }
    }
    out
}

/// Plays campaign `k` and checks marked branches at two of its phases.
fn check_campaign(k: u64, tally: &mut Tally) {
    let mut rng = Rng(k.wrapping_mul(0x5DEE_CE66D) ^ 0xF06);
    // Up to two years and a spring: 12 phases a year.
    let length = 1 + rng.below(25);
    let phases = play(k, length);
    // A phase drawn at random (most are summer rounds), then a spring or a winter by
    // turns: the seasons of money, bids, objectives and events.
    let season = if k.is_multiple_of(2) {
        giglio::rules::Phase::Spring
    } else {
        giglio::rules::Phase::Winter
    };
    let seasonal: Vec<usize> = (0..phases.len())
        .filter(|i| phases[*i].world.phase.phase == season)
        .collect();
    let mut picks = vec![rng.below(phases.len())];
    picks.extend(seasonal.get(rng.below(seasonal.len().max(1))));
    picks.dedup();
    for (n, i) in picks.into_iter().enumerate() {
        let b = marked_branch(&phases[i], &mut rng);
        // The pictures are pixels: drawn once, to go the way the mail goes.
        check_branch(&b, tally, n == 0 && k == 0);
    }
}

fn campaigns() -> u64 {
    if std::env::var_os("GIGLIO_LONG").is_some_and(|v| v == "1") {
        1_000
    } else {
        30
    }
}

#[test]
fn no_hidden_fact_reaches_a_club() {
    let started = Instant::now();
    let mut tally = Tally::default();
    for k in 0..campaigns() {
        check_campaign(k, &mut tally);
        assert!(
            tally.problems.is_empty(),
            "campaign {k}: {} problems, first ones:\n{}",
            tally.problems.len(),
            tally.problems[..tally.problems.len().min(20)].join("\n")
        );
    }
    eprintln!(
        "fog: {} campaigns, {} marked phases, {} club reports, {} parts checked ({} of battle updates, {} encounters asked) in {:.1?}",
        campaigns(),
        tally.branches,
        tally.reports,
        tally.parts,
        tally.updates,
        tally.asks,
        started.elapsed()
    );
    assert!(tally.updates > 0, "no battle update was checked");
    assert!(tally.asks > 0, "no encounter asked was checked");
}

/// The checker itself finds a leak: another club's treasury written into a report.
#[test]
fn the_leak_check_finds_a_planted_leak() {
    let phases = play(1, 2);
    let b = marked_branch(&phases[1], &mut Rng(1));
    let s = shipped();
    let club = &s.clubs[0];
    let me = NationCode::from(club.nation.as_str());
    let other = &s.clubs[1].nation;
    let theirs = b.now().nation(other).expect("a state").treasury;
    let mut view = view_of(&b, club);
    let hidden = hidden_from(&b, Some(&me)).without(&known_to(&b, &me));
    assert!(
        leaks(&render(&view).text, &hidden).is_empty(),
        "clean to start with"
    );
    view.events.push(EventView {
        rule: "G0".into(),
        text: format!("{other} holds {theirs} ducats"),
    });
    let found = leaks(&render(&view).text, &hidden);
    assert_eq!(found, vec![format!("number {theirs}")]);
    let mut tally = Tally::default();
    check_branch(&b, &mut tally, false);
    assert!(tally.problems.is_empty(), "{:?}", tally.problems);
    assert_eq!(tally.reports, s.clubs.len());
}

// ---- the check of orders is not a scout -----------------------------------------------

/// `giglio orders check` may be run at will before the deadline: whether an assassin's
/// target is there must not change what it says (G7.4).
#[test]
fn checking_orders_does_not_tell_whether_a_target_is_there() {
    let s = shipped();
    let c = &s.campaign;
    let phases = play(2, 2);
    let mut w = phases[1].world.clone();
    assert!(w.phase.round().is_some(), "a summer round");
    let me = NationCode::from("V");
    w.nations.get_mut(&me).expect("V").assassins = 1;
    let target = NodeCode::from("M3");
    let orders = OrderSet::from_kinds([OrderKind::Assassin {
        target: giglio::rules::order::AssassinTarget::CommanderAt(target.clone()),
    }]);
    let mut with = w.clone();
    with.armies.retain(|_, a| a.node != target);
    let without = with.clone();
    with.raise_army(&NationCode::from("M"), &target, 200);
    let a = check_orders(c, &with, &me, &orders).expect("checks");
    let b = check_orders(c, &without, &me, &orders).expect("checks");
    // The same words, not only the same count of rejections: an "assassin sent" shown
    // only when the target is there would tell as much.
    assert_eq!(a, b);
    // At the resolution itself the mission learns it, and is spent: that is the ruling
    // (G2b.5).
    let mut dice = SeededDice::new([3; 32]);
    let all = BTreeMap::from([(me.clone(), orders)]);
    let r = resolve(c, &without, &all, &BTreeMap::new(), &mut dice).expect("resolves");
    assert!(
        r.outcomes
            .iter()
            .any(|o| o.result == Outcome::Done(Done::AssassinFoundNoTarget))
    );
    let next = r.next.as_ref().expect("the campaign goes on");
    assert_eq!(next.nations[&me].assassins, 0);
    // It is spent, but its words are a failed roll's: whether the target was there
    // stays Milano's (play-test 45 read "its roll missed (the target was there)").
    let words = giglio::words::Words::load(None).expect("catalogue");
    let failed = Outcome::Done(Done::AssassinSent {
        success: false,
        against: Some(NationCode::from("M")),
        struck: Some(giglio::rules::outcome::Struck::Commander),
    });
    for lang in [Lang::It, Lang::En] {
        let none = Outcome::Done(Done::AssassinFoundNoTarget);
        let said = |o: &Outcome| giglio::words::explain::outcome(&words, o, lang);
        assert_eq!(said(&none), said(&failed), "{lang:?}");
    }
}

/// Naming another nation's piece in an order says "not yours" whether it exists or
/// not: order outcomes are no census of foreign pieces (G7.4).
#[test]
fn a_foreign_id_reads_the_same_whether_or_not_it_exists() {
    let s = shipped();
    let c = &s.campaign;
    let w = play(3, 1).remove(0).world;
    let me = NationCode::from("V");
    let existing = w
        .armies_of("M")
        .next()
        .expect("Milano has an army")
        .id
        .clone();
    let missing = ArmyId::from("M-A99");
    let outcome = |army: &ArmyId| {
        let o = OrderSet::from_kinds([OrderKind::Reinforce {
            army: army.clone(),
            value: 10,
        }]);
        let r = check_orders(c, &w, &me, &o).expect("checks");
        match &r[0].result {
            Outcome::Rejected { reason, .. } => format!("{reason:?}").replace(army.as_str(), "ID"),
            other => format!("{other:?}"),
        }
    };
    assert_eq!(outcome(&existing), outcome(&missing));
    assert!(
        outcome(&missing).contains("NotYourArmy"),
        "{}",
        outcome(&missing)
    );
}
