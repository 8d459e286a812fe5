//! The fog of war (G7), proved on generated campaigns of the shipped scenario: no hidden
//! fact of another nation reaches anything a club is sent (a leak test with marker
//! values; `fog/site.rs` the same for every file of the public site), a club's report
//! does not change when something it cannot see changes (non-interference), and the
//! words of the reports are pinned by snapshots.
//!
//! `cargo test --test integration fog::` runs 30 campaigns; `GIGLIO_LONG=1` runs 1 000.

use giglio::battle::card;
use giglio::battle::ruleset::Ruleset;
use giglio::bots;
use giglio::report::{self, club};
use giglio::rules::battles::BattleOutcome;
use giglio::rules::dice::{Seed, SeededDice, phase_seed};
use giglio::rules::ids::{ArmyId, DiplomatId, FleetId, SeaCode};
use giglio::rules::order::{Objective, OrderKind, OrderSet};
use giglio::rules::outcome::{Audience, Betrayal, Done, Event, Happening, Outcome, Reason};
use giglio::rules::resolve::{Resolution, check_orders, resolve};
use giglio::rules::tables::{Choice, Lang, ObjectiveKind};
use giglio::rules::visibility::{self, ClubName, ClubView, EventView, PhaseFacts};
use giglio::rules::world::{
    Alliance, Army, Diplomat, Fleet, FleetAt, Garrison, Loan, Work, WorkKind, World,
};
use giglio::rules::{Campaign, NationCode, NodeCode};
use giglio::scenario::{self, Source};
use giglio::simulate;
use giglio::storage::Club;
use giglio::words::Words;
use giglio::words::explain;
use minijinja::Environment;
use proptest::prelude::*;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;
use std::time::Instant;

mod interference;
mod leak;
/// Letters between clubs (G5.3) never reach a third club, on the real binary.
mod letters;
mod sent;
mod site;
/// Every outcome told to the club it concerns and to no other (issue 29).
mod told;

use sent::*;

// ---- the shipped campaign -----------------------------------------------------------

/// The shipped campaign, its default ruleset, the built-in templates and one club per
/// played nation (every other club writes in English, so both languages are checked).
struct Shipped {
    campaign: Campaign,
    ruleset: Ruleset,
    env: Environment<'static>,
    clubs: Vec<Club>,
}

fn shipped() -> &'static Shipped {
    static S: OnceLock<Shipped> = OnceLock::new();
    S.get_or_init(|| {
        let source = Source::builtin("il-giglio").expect("built in");
        let campaign = scenario::load(&source).expect("the shipped campaign loads");
        let ruleset = scenario::rulesets(&source)
            .expect("its rulesets load")
            .into_iter()
            .find(|r| r.id == campaign.default_ruleset)
            .expect("the default ruleset is shipped");
        let mut clubs = scenario::clubs::default_clubs(&campaign);
        for (i, c) in clubs.iter_mut().enumerate() {
            c.lang = if i % 2 == 0 { Lang::It } else { Lang::En };
        }
        let env = report::environment(None, giglio::words::Words::load(None).expect("catalogue"))
            .expect("the built-in templates load");
        Shipped {
            campaign,
            ruleset,
            env,
            clubs,
        }
    })
}

fn nations(s: &Shipped) -> Vec<NationCode> {
    s.clubs
        .iter()
        .map(|c| NationCode::from(c.nation.as_str()))
        .collect()
}

/// A small deterministic generator (SplitMix64): the tests need no OS randomness.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        usize::try_from(self.next() % n.max(1) as u64).unwrap_or(0)
    }

    fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i + 1);
            v.swap(i, j);
        }
    }
}

// ---- bot campaigns --------------------------------------------------------------------

/// One phase of a bot campaign, ready to resolve: the world it opens with, the bots'
/// orders, the auto-resolved results of last round's battles, the phase's seed.
struct Phase {
    world: World,
    orders: BTreeMap<NationCode, OrderSet>,
    results: BTreeMap<String, BattleOutcome>,
    seed: Seed,
}

/// Plays campaign `k` (every club a bot) for `phases` phases and returns each phase.
fn play(k: u64, phases: usize) -> Vec<Phase> {
    let s = shipped();
    let c = &s.campaign;
    let clubs = nations(s);
    let names: BTreeMap<String, String> = s
        .clubs
        .iter()
        .map(|c| (c.nation.clone(), c.name.clone()))
        .collect();
    let master = simulate::run_seed(0xF06, k);
    let mut w = World::start(c, &clubs);
    let mut out = Vec::new();
    for _ in 0..phases {
        let seed = phase_seed(&master, &w.phase.key());
        let orders: BTreeMap<NationCode, OrderSet> = clubs
            .iter()
            .map(|n| (n.clone(), bots::orders(c, &w, n)))
            .collect();
        let results = w
            .battles
            .iter()
            .map(|b| {
                let o = simulate::auto_outcome(c, b, &s.ruleset, &names, seed)
                    .expect("a battle auto-resolves");
                (b.id.clone(), o)
            })
            .collect();
        let phase = Phase {
            world: w.clone(),
            orders,
            results,
            seed,
        };
        let r = resolve(
            c,
            &phase.world,
            &phase.orders,
            &phase.results,
            &mut SeededDice::new(seed),
        )
        .expect("a bot phase resolves");
        out.push(phase);
        match r.next {
            Some(next) => w = next,
            None => break,
        }
    }
    out
}

// ---- marking every hidden fact ------------------------------------------------------------

/// A phase resolved from a marked world: `before` carries a distinctive value on every
/// hidden fact, and `resolution` is what the rules made of it.
#[derive(Clone)]
struct Branch {
    before: World,
    orders: BTreeMap<NationCode, OrderSet>,
    /// The battle results and the seed the phase was resolved with.
    results: BTreeMap<String, BattleOutcome>,
    seed: [u8; 32],
    resolution: Resolution,
}

impl Branch {
    /// The world as it stands after the phase.
    fn now(&self) -> &World {
        self.resolution.next.as_ref().unwrap_or(&self.before)
    }

    fn now_mut(&mut self) -> &mut World {
        self.resolution.next.as_mut().unwrap_or(&mut self.before)
    }
}

/// Marker values: numbers no rule produces, spaced so that what a phase adds or spends
/// cannot carry one nation's value onto another's. Armies stay five-digit: a battle
/// card lists a side's units, one per few dozen ducats.
/// A treasury pays its loan and its bid in spring (G2a.3, G2b.5) and still has money.
const TREASURY: i64 = 7_000_123;
const LOAN: i64 = 1_000_045;
const INTEREST: i64 = 300_067;
const BID: i64 = 4_000_089;
const GARRISON: i64 = 2_000_053;
const STEP: i64 = 10_000;
const ARMY: i64 = 20_017;
const ARMY_STEP: i64 = 100;
/// Below this a number is not a marker: small values occur in any text.
const DISTINCT: i64 = 10_000;

fn at(i: usize) -> i64 {
    i64::try_from(i).unwrap_or(0) * STEP
}

/// Marks every hidden fact of `w` with a unique value: treasuries, loans, armies,
/// garrisons; gives each club a different objective, some clubs a different winter
/// event, diplomats, spies, sappers, and declares alliances.
fn mark(c: &Campaign, w: &mut World, rng: &mut Rng) {
    for (j, st) in w.nations.values_mut().enumerate() {
        st.treasury = TREASURY + at(j);
        st.loan = Some(Loan {
            year: w.phase.year,
            principal: LOAN + at(j),
            interest: INTEREST + at(j),
        });
    }
    for (i, a) in w.armies.values_mut().enumerate() {
        a.value = ARMY + i64::try_from(i).unwrap_or(0) * ARMY_STEP;
    }
    for (g, garrison) in w
        .nodes
        .values_mut()
        .filter_map(|n| n.garrison.as_mut())
        .enumerate()
    {
        garrison.value = GARRISON + at(g);
    }
    let mut clubs: Vec<NationCode> = w.clubs.iter().cloned().collect();
    rng.shuffle(&mut clubs);
    let mut kinds: Vec<ObjectiveKind> = c.tables.victory.objective.iter().map(|o| o.id).collect();
    rng.shuffle(&mut kinds);
    let mut events: Vec<String> = c.tables.events.entry.iter().map(|e| e.id.clone()).collect();
    rng.shuffle(&mut events);
    for (i, n) in clubs.iter().enumerate() {
        let target = (kinds[i] == ObjectiveKind::ConquerNation)
            .then(|| clubs[(i + 1) % clubs.len()].clone());
        let st = w.nations.get_mut(n).expect("every club has a state");
        st.objective = Some(Objective {
            kind: kinds[i],
            target,
        });
        st.events = events.get(i).cloned().into_iter().collect();
        st.spy = rng.below(2) == 0;
        st.assassins = u32::try_from(rng.below(2)).unwrap_or(0);
    }
    for n in &clubs {
        place_diplomat(c, w, n, rng);
        let own: Vec<NodeCode> = w
            .nodes_owned_by(n.as_str())
            .map(|(k, _)| k.clone())
            .collect();
        if let Some(node) = own.get(rng.below(own.len().max(1))) {
            w.nodes.get_mut(node).expect("owned").sapper = Some(n.clone());
        }
    }
    for pair in clubs.chunks(2).take(2) {
        if let [a, b] = pair {
            let mut members = [a.clone(), b.clone()];
            members.sort();
            w.alliances.retain(|x| x.members != members);
            w.alliances.push(Alliance {
                declared_by: members.iter().cloned().collect(),
                members,
                betrayed_by: BTreeSet::new(),
            });
        }
    }
}

/// Places a diplomat of `n` in a node where no other nation has a force (G3b.5).
fn place_diplomat(c: &Campaign, w: &mut World, n: &NationCode, rng: &mut Rng) {
    let free: Vec<NodeCode> = c
        .map
        .nodes()
        .map(|x| x.code.clone())
        .filter(|code| {
            let foreign_army = w.armies.values().any(|a| &a.node == code && &a.nation != n);
            let foreign_diplomat = w
                .diplomats
                .values()
                .any(|d| &d.node == code && &d.nation != n);
            let foreign_garrison = w.nodes[code]
                .garrison
                .as_ref()
                .is_some_and(|g| &g.nation != n);
            !foreign_army && !foreign_diplomat && !foreign_garrison
        })
        .collect();
    if let Some(node) = free.get(rng.below(free.len().max(1))) {
        w.place_diplomat(n, node);
    }
}

/// Marks the bids of the Strategos auction: bids are orders (G7.4).
fn mark_bids(w: &World, orders: &mut BTreeMap<NationCode, OrderSet>) {
    let index: BTreeMap<&NationCode, usize> = w.nations.keys().zip(0..).collect();
    for (n, set) in orders.iter_mut() {
        for o in &mut set.orders {
            if let OrderKind::StrategosBid { amount, .. } = &mut o.kind {
                *amount = BID + at(index[n]);
            }
        }
    }
}

/// Resolves phase `p` from a marked copy of its world, with its bots' orders (made from
/// the unmarked world, so the bots stay sensible) and marked bids.
fn marked_branch(p: &Phase, rng: &mut Rng) -> Branch {
    let c = &shipped().campaign;
    let mut before = p.world.clone();
    mark(c, &mut before, rng);
    let mut orders = p.orders.clone();
    mark_bids(&before, &mut orders);
    let resolution = resolve(
        c,
        &before,
        &orders,
        &p.results,
        &mut SeededDice::new(p.seed),
    )
    .expect("a marked phase resolves");
    Branch {
        before,
        orders,
        results: p.results.clone(),
        seed: p.seed,
        resolution,
    }
}

// ---- what a club may and may not be told ----------------------------------------------

/// Facts as they can show in a text: numbers, piece ids, phrases.
#[derive(Default, Debug)]
struct Facts {
    numbers: BTreeSet<i64>,
    ids: BTreeSet<String>,
    phrases: BTreeSet<String>,
}

impl Facts {
    fn without(mut self, known: &Facts) -> Facts {
        self.numbers.retain(|n| !known.numbers.contains(n));
        self.ids.retain(|n| !known.ids.contains(n));
        self.phrases.retain(|n| !known.phrases.contains(n));
        self
    }
}

/// Adds nation `n`'s hidden facts in `w` (and its bids in `orders`) to `f`.
fn facts_of(
    c: &Campaign,
    w: &World,
    orders: &BTreeMap<NationCode, OrderSet>,
    n: &NationCode,
    f: &mut Facts,
) {
    if let Some(st) = w.nation(n.as_str()) {
        f.numbers.insert(st.treasury);
        if let Some(l) = &st.loan {
            f.numbers.extend([l.principal, l.interest, l.due()]);
        }
        if let Some(o) = &st.objective
            && let Some(e) = c.tables.victory.objective.iter().find(|e| e.id == o.kind)
        {
            f.phrases.extend([e.name_it.clone(), e.name_en.clone()]);
        }
        for id in &st.events {
            if let Some(e) = c.tables.events.entry.iter().find(|e| &e.id == id) {
                f.phrases.extend([e.name_it.clone(), e.name_en.clone()]);
            }
        }
    }
    for a in w.armies_of(n.as_str()) {
        f.numbers.insert(a.value);
        f.ids.insert(a.id.to_string());
    }
    for x in w.fleets_of(n.as_str()) {
        f.ids.insert(x.id.to_string());
    }
    for d in w.diplomats.values().filter(|d| &d.nation == n) {
        f.ids.insert(d.id.to_string());
    }
    for g in w.nodes.values().filter_map(|x| x.garrison.as_ref()) {
        if &g.nation == n {
            f.numbers.insert(g.value);
        }
    }
    for o in orders.get(n).map_or(&[][..], |s| &s.orders[..]) {
        if let OrderKind::StrategosBid { amount, .. } = &o.kind {
            f.numbers.insert(*amount);
        }
    }
    f.numbers.retain(|v| v.abs() >= DISTINCT);
}

/// The phrases that would tell an alliance (G5.1, G7.4).
fn alliance_phrases(a: &Alliance) -> Vec<String> {
    let [x, y] = &a.members;
    let mut out = Vec::new();
    for lang in [Lang::It, Lang::En] {
        out.push(explain::happening(
            &Words::load(None).expect("catalogue"),
            &Happening::AllianceFormed {
                members: a.members.clone(),
            },
            lang,
        ));
        for (by, against) in [(x, y), (y, x)] {
            out.push(explain::happening(
                &Words::load(None).expect("catalogue"),
                // Without its reason: a prefix of every betrayal's sentence.
                &Happening::AllianceBetrayed {
                    by: by.clone(),
                    against: against.clone(),
                    how: None,
                },
                lang,
            ));
        }
    }
    out
}

/// The words that would tell that a piece of `nation` was a diplomat (G7.4), wherever.
fn diplomat_phrases(nation: &NationCode) -> Vec<String> {
    [Lang::It, Lang::En]
        .map(|lang| {
            let text = explain::happening(
                &Words::load(None).expect("catalogue"),
                &Happening::DiplomatRevealed {
                    nation: nation.clone(),
                    node: NodeCode::from("§"),
                },
                lang,
            );
            text.split_once('§')
                .map_or(text.clone(), |(_, rest)| rest.to_owned())
        })
        .into()
}

/// Everything in a branch that `club` may not be told (every nation's, for `None`).
fn hidden_from(b: &Branch, club: Option<&NationCode>) -> Facts {
    let c = &shipped().campaign;
    let mut f = Facts::default();
    for w in [&b.before, b.now()] {
        for n in w.nations.keys().filter(|n| Some(*n) != club) {
            facts_of(c, w, &b.orders, n, &mut f);
        }
        for a in &w.alliances {
            if club.is_none_or(|me| !a.members.contains(me)) {
                f.phrases.extend(alliance_phrases(a));
            }
        }
        for d in w.diplomats.values().filter(|d| Some(&d.nation) != club) {
            f.phrases.extend(diplomat_phrases(&d.nation));
        }
    }
    f
}

/// What `club` knows: its own facts, what its spy and its battles told it (G7.3).
fn known_to(b: &Branch, club: &NationCode) -> Facts {
    let c = &shipped().campaign;
    let mut f = Facts::default();
    for w in [&b.before, b.now()] {
        facts_of(c, w, &b.orders, club, &mut f);
        for a in w.alliances.iter().filter(|a| a.members.contains(club)) {
            f.phrases.extend(alliance_phrases(a));
        }
    }
    for e in told(&b.resolution.events, club) {
        match &e.what {
            // The spy's size, and the place's garrison within it (G3c.4).
            Happening::EnemySize {
                ducats, garrison, ..
            } => f.numbers.extend([*ducats, *garrison]),
            Happening::BattleLosses {
                attacker_loss,
                defender_loss,
                ..
            } => f.numbers.extend([*attacker_loss, *defender_loss]),
            // Its own army met the diplomat (G3c.5).
            Happening::DiplomatRevealed { nation, .. } => {
                f.phrases.extend(diplomat_phrases(nation))
            }
            _ => {}
        }
    }
    // A battle card shows the other side's size: fighting reveals it (G7.3).
    for bt in own_battles(b.now(), club) {
        f.numbers.extend([bt.attacker.ducats, bt.defender.ducats]);
    }
    f
}

fn told<'a>(events: &'a [Event], club: &'a NationCode) -> impl Iterator<Item = &'a Event> + 'a {
    events
        .iter()
        .filter(move |e| matches!(&e.audience, Audience::Nation(n) if n == club))
}

fn own_battles<'a>(
    w: &'a World,
    club: &'a NationCode,
) -> impl Iterator<Item = &'a giglio::rules::world::Battle> + 'a {
    w.battles
        .iter()
        .filter(move |b| &b.attacker.nation == club || &b.defender.nation == club)
}

/// Returns whether `needle` is written in `text` as a whole word, a word being made of
/// the characters `inside` accepts (`20017` is not in `120017`, `V-A1` not in `SV-A1`).
fn shows(text: &str, needle: &str, inside: fn(char) -> bool) -> bool {
    text.match_indices(needle).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + needle.len()..].chars().next();
        !before.is_some_and(inside) && !after.is_some_and(inside)
    })
}

fn digit(ch: char) -> bool {
    ch.is_ascii_digit()
}

fn id_char(ch: char) -> bool {
    ch.is_ascii_alphanumeric() || ch == '-'
}

/// Returns what of `hidden` shows in `text`.
fn leaks(text: &str, hidden: &Facts) -> Vec<String> {
    let mut out: Vec<String> = hidden
        .numbers
        .iter()
        .filter(|n| shows(text, &n.abs().to_string(), digit))
        .map(|n| format!("number {n}"))
        .collect();
    out.extend(
        hidden
            .ids
            .iter()
            .filter(|id| shows(text, id, id_char))
            .map(|id| format!("id {id}")),
    );
    out.extend(
        hidden
            .phrases
            .iter()
            .filter(|p| text.contains(p.as_str()))
            .map(|p| format!("phrase {p:?}")),
    );
    out
}

// ---- snapshots of the words ------------------------------------------------------------

/// The first spring of a fixed bot campaign, resolved: its reports as clubs read them.
fn snapshot_branch() -> Branch {
    let p = play(7, 1).remove(0);
    let resolution = resolve(
        &shipped().campaign,
        &p.world,
        &p.orders,
        &p.results,
        &mut SeededDice::new(p.seed),
    )
    .expect("resolves");
    Branch {
        before: p.world,
        orders: p.orders,
        results: p.results,
        seed: p.seed,
        resolution,
    }
}

#[test]
fn a_report_reads_the_same_in_italian() {
    let b = snapshot_branch();
    let mut club = shipped().clubs[0].clone();
    club.lang = Lang::It;
    insta::assert_snapshot!("report_it", render(&view_of(&b, &club)).text);
}

#[test]
fn a_report_reads_the_same_in_english() {
    let b = snapshot_branch();
    let mut club = shipped().clubs[0].clone();
    club.lang = Lang::En;
    insta::assert_snapshot!("report_en", render(&view_of(&b, &club)).text);
}

/// Every rule id a report cites is explained in it: a line of the text report's glossary,
/// a tooltip and a footnote in the HTML, in the club's language (the rulebook's words
/// only: a glossary tells nothing of the world).
#[test]
fn a_reports_rule_ids_are_explained_where_they_stand() {
    let b = snapshot_branch();
    for (lang, heading) in [
        (Lang::It, "Regole citate in questo rapporto"),
        (Lang::En, "Rules cited in this report"),
    ] {
        let mut club = shipped().clubs[0].clone();
        club.lang = lang;
        let r = render(&view_of(&b, &club));
        let (body, glossary) = r
            .text
            .split_once(&format!("== {heading}\n"))
            .expect("glossary");
        let cited = giglio::report::glossary::cited(body);
        assert!(cited.len() >= 4, "{cited:?}");
        for id in &cited {
            let rule = giglio::rulebook::rule(id, lang).expect("in the rulebook");
            assert!(
                glossary.contains(&format!("  {id} {}\n", rule.summary())),
                "{id}"
            );
            let tip = format!(
                "<abbr class=\"rule\" title=\"{}\">{id}</abbr>",
                rule.summary().replace('"', "&quot;")
            );
            assert!(r.html.contains(&tip), "{id} has no tooltip ({lang:?})");
            assert!(
                r.html.contains(&format!("<dt id=\"rule-{id}\">{id}</dt>")),
                "{id}"
            );
        }
        assert!(
            r.html
                .contains(&format!("<section id=\"glossary\">\n<h2>{heading}</h2>"))
        );
    }
}

#[test]
fn the_bulletin_reads_the_same() {
    let b = snapshot_branch();
    insta::assert_snapshot!("bulletin_it", bulletin(&b, Lang::It).text);
}

// ---- siege rolls told to the besieged (G3d.2, G7) ---------------------------------------

/// A bribe no rule produces anywhere else, and a number no coordinate of the map
/// picture (at most its height, ~2 300) is: 7 237 steps of the table's bribe.
const SIEGE_BRIBE_STEPS: i64 = 7237;

/// Venice besieges Florentine Modigliana with a sapper and a marked bribe, a round after
/// arriving: the phase, resolved.
fn siege_branch() -> Branch {
    use giglio::rules::calendar::{Phase as Season, PhaseId};
    let s = shipped();
    let c = &s.campaign;
    let mut w = World::start(c, &nations(s));
    let (v, f) = (NationCode::from("V"), NationCode::from("F"));
    assert!(
        w.is_club("V") && w.is_club("F"),
        "both play in the shipped start"
    );
    w.phase = PhaseId {
        year: 1494,
        phase: Season::Round(4),
    };
    let node = NodeCode::from("F8");
    w.armies.retain(|_, a| a.node != node);
    let x = w.nodes.get_mut(&node).expect("F8 exists");
    x.fortification = giglio::rules::world::Fortification::Fortified;
    x.garrison = Some(Garrison {
        nation: f.clone(),
        value: 40,
    });
    let bribe = SIEGE_BRIBE_STEPS * c.tables.siege.bribe_step;
    w.nations.get_mut(&v).expect("Venice").treasury = bribe + 1;
    let id = ArmyId::from("V-A9");
    let army = Army {
        id: id.clone(),
        nation: v.clone(),
        node: node.clone(),
        value: 300,
        sapper: true,
        stance: Default::default(),
        inside: false,
        arrived: Some(PhaseId {
            year: 1494,
            phase: Season::Round(2),
        }),
        stunned: None,
        aboard: None,
    };
    w.armies.insert(id.clone(), army);
    let set = OrderSet::from_kinds([OrderKind::Siege {
        army: id,
        bribe,
        lift: false,
    }]);
    let orders = BTreeMap::from([(v, set)]);
    let resolution = resolve(
        c,
        &w,
        &orders,
        &BTreeMap::new(),
        &mut SeededDice::new([7; 32]),
    )
    .expect("the round resolves");
    Branch {
        before: w,
        orders,
        results: BTreeMap::new(),
        seed: [7; 32],
        resolution,
    }
}

/// G3d.2, G7, ruling `siege_defender_sees`: under the shipped `"outcome"`, the defender of
/// a besieged place is told who besieges it and whether it held, nothing of the roll (no
/// die, no modifier, no total, no bribe); a campaign written before the ruling tells it
/// the die and the modifiers it can know, never the total nor the besieger's bribe or
/// sapper. The besieger reads its own roll whole under either.
#[test]
fn a_defender_reads_the_siege_outcome_only_and_before_the_ruling_the_die_never_the_total() {
    use giglio::rules::tables::SiegeDefenderSees;
    let b = siege_branch();
    let (roll, total) = b
        .resolution
        .events
        .iter()
        .find_map(|e| match &e.what {
            Happening::SiegeRound { roll, total, .. } => Some((*roll, (*total)?)),
            _ => None,
        })
        .expect("the siege was rolled");
    let s = shipped();
    assert_eq!(
        s.campaign.tables.rulings.siege_defender_sees,
        SiegeDefenderSees::Outcome,
        "the shipped ruling"
    );
    let bribe = SIEGE_BRIBE_STEPS * s.campaign.tables.siege.bribe_step;
    let secrets = [
        total.to_string(),
        bribe.to_string(),
        SIEGE_BRIBE_STEPS.to_string(),
    ];
    for nation in ["F", "V"] {
        let club = s.clubs.iter().find(|c| c.nation == nation).expect("a club");
        let r = render(&view_of(&b, club));
        let bulletin = bulletin(&b, club.lang);
        let parts = mail(&b, club, &r, &bulletin);
        let text: String = parts.iter().map(|(_, t)| t.as_str()).collect();
        let seen: Vec<&String> = secrets.iter().filter(|x| shows(&text, x, digit)).collect();
        if nation == "F" {
            assert!(text.contains("F8"), "the defender is told of the siege");
            assert!(!text.contains("1d6="), "the defender reads no die");
            assert!(seen.is_empty(), "the defender reads {seen:?}");
        } else {
            assert!(text.contains(&format!("1d6={roll}")), "the besieger's die");
            // The besieger reads its own roll whole: the test sees what it looks for.
            assert_eq!(seen.len(), secrets.len(), "the besieger reads {seen:?}");
        }
    }
    // A campaign written before the ruling: the defender reads the die, not the rest.
    let mut old = s.campaign.clone();
    old.tables.rulings.siege_defender_sees = SiegeDefenderSees::default();
    assert_eq!(
        old.tables.rulings.siege_defender_sees,
        SiegeDefenderSees::DieAndKnownModifiers
    );
    let f = s.clubs.iter().find(|c| c.nation == "F").expect("F");
    let nation = NationCode::from("F");
    let view = visibility::club_view(
        &old,
        &report::explain(&s.env, &old),
        &b.before,
        &b.resolution,
        ClubName {
            nation: &nation,
            name: &f.name,
            lang: f.lang,
        },
        &facts(&b.before),
    );
    let r = club::club_report(&s.env, &old, &view, "cid:map").expect("renders");
    assert!(r.text.contains(&format!("1d6={roll}")), "{}", r.text);
    let seen: Vec<&String> = secrets
        .iter()
        .filter(|x| shows(&r.text, x, digit))
        .collect();
    assert!(seen.is_empty(), "the defender reads {seen:?}");
}
