//! The fog of war (G7), proved on generated campaigns of the shipped scenario: no hidden
//! fact of another nation reaches anything a club is sent (a leak test with marker
//! values), a club's report does not change when something it cannot see changes
//! (non-interference), and the words of the reports are pinned by snapshots.
//!
//! `cargo test --test integration fog::` runs 30 campaigns; `GIGLIO_LONG=1` runs 1 000.

use giglio::battle::card;
use giglio::battle::ruleset::Ruleset;
use giglio::bots;
use giglio::report::{self, club, explain};
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
use minijinja::Environment;
use proptest::prelude::*;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;
use std::time::Instant;

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
        let env = report::environment(None).expect("the built-in templates load");
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
            &Words::builtin(),
            &Happening::AllianceFormed {
                members: a.members.clone(),
            },
            lang,
        ));
        for (by, against) in [(x, y), (y, x)] {
            out.push(explain::happening(
                &Words::builtin(),
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
                &Words::builtin(),
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
            Happening::EnemySize { ducats, .. } => {
                f.numbers.insert(*ducats);
            }
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

// ---- what a club is sent -------------------------------------------------------------------

/// The shell's facts of a phase, fixed: the snapshots must not move.
fn facts(w: &World) -> PhaseFacts {
    PhaseFacts {
        deadline: Some("1494-05-01 12:00 (Europe/Rome)".into()),
        next_seed_commitment: Some("ab".repeat(32)),
        revealed_seed: Some("cd".repeat(32)),
        sent_orders: w.clubs.iter().cloned().collect(),
    }
}

/// What `club` may know of a branch (G7.2–G7.4).
fn view_of(b: &Branch, club: &Club) -> ClubView {
    let s = shipped();
    let nation = NationCode::from(club.nation.as_str());
    visibility::club_view(
        &s.campaign,
        &report::explain(&s.env, &s.campaign),
        &b.before,
        &b.resolution,
        ClubName {
            nation: &nation,
            name: &club.name,
            lang: club.lang,
        },
        &facts(&b.before),
    )
}

/// A club's report in its three forms, from its view alone.
fn render(view: &ClubView) -> club::Rendered {
    let s = shipped();
    club::club_report(&s.env, &s.campaign, view, "cid:map").expect("a report renders")
}

/// The public bulletin of a branch (G7.1).
fn bulletin(b: &Branch, lang: Lang) -> club::Rendered {
    let s = shipped();
    let view = club::public(
        &s.env,
        &s.campaign,
        &b.before,
        &b.resolution,
        lang,
        &facts(&b.before),
    );
    club::bulletin(&s.env, &s.campaign, &view, b.now(), "bulletin.png").expect("renders")
}

/// The cards of the club's pending battles, text and HTML, as the mail attaches them.
fn cards(b: &Branch, club: &Club) -> Vec<(String, String)> {
    let s = shipped();
    let names: BTreeMap<String, String> = s
        .clubs
        .iter()
        .map(|c| (c.nation.clone(), c.name.clone()))
        .collect();
    let nation = NationCode::from(club.nation.as_str());
    let mut out = Vec::new();
    for bt in own_battles(b.now(), &nation) {
        let card = card::for_battle(&s.campaign, bt, &names, &s.ruleset);
        for html in [false, true] {
            let text = club::card_text(&s.env, &card, &s.ruleset, html).expect("a card renders");
            out.push((format!("card {} (html {html})", bt.id), text));
        }
    }
    out
}

/// Everything of one phase a club is sent, by part: its report (text, HTML, map
/// picture), the bulletin and the cards of its pending battles, as `phase_messages`
/// composes them (without a campaign database: the cards use the built-in orders of
/// battle).
fn mail(
    b: &Branch,
    club: &Club,
    r: &club::Rendered,
    bulletin: &club::Rendered,
) -> Vec<(String, String)> {
    let mut parts = vec![
        ("report text".to_owned(), r.text.clone()),
        ("report html".to_owned(), r.html.clone()),
        ("report map".to_owned(), r.svg.clone()),
        ("bulletin text".to_owned(), bulletin.text.clone()),
    ];
    parts.extend(cards(b, club));
    parts.extend(next_orders(b, club));
    parts.extend(battle_news(b, club));
    parts.extend(order_page(b, club, &r.svg));
    parts.extend(encounter_asks(b, club));
    parts
}

/// The shipped campaign in contact-exchange mode (G3c.3).
fn exchange_campaign() -> &'static Campaign {
    static C: OnceLock<Campaign> = OnceLock::new();
    C.get_or_init(|| {
        let mut c = shipped().campaign.clone();
        c.tables.rulings.contact_exchange = true;
        c
    })
}

/// What a club is asked when, in contact-exchange mode, the round stops at its first
/// encounter: the same round up to there (same world, orders and dice), so what the
/// club may know of it is what the branch tells it.
fn encounter_asks(b: &Branch, club: &Club) -> Vec<(String, String)> {
    use giglio::rules::exchange::Exchange;
    use giglio::rules::resolve::{Unresolvable, resolve_with};
    if b.before.phase.round().is_none() {
        return Vec::new();
    }
    let asking = Exchange {
        asking: true,
        ..Exchange::default()
    };
    let c = exchange_campaign();
    let mut dice = SeededDice::new(b.seed);
    let Err(Unresolvable::Encounter(asked)) =
        resolve_with(c, &b.before, &b.orders, &b.results, &asking, &mut dice)
    else {
        return Vec::new();
    };
    let me = NationCode::from(club.nation.as_str());
    let Some(view) = giglio::rules::visibility::asked_for(&asked, &me) else {
        return Vec::new();
    };
    let words = giglio::words::Words::builtin();
    let key = b.before.phase.key();
    let a = giglio::report::asked::Ask {
        campaign: c,
        view: &view,
        nation: &me,
        phase_key: &key,
        phase_name: &key,
        deadline: None,
        lang: club.lang,
    };
    let (subject, text) = giglio::report::asked::text(&words, &a);
    vec![
        ("encounter text".to_owned(), format!("{subject}\n{text}")),
        (
            "encounter file".to_owned(),
            giglio::report::asked::reply_file(&words, &a),
        ),
    ]
}

/// What a club is mailed about each of its pending battles once its result is settled
/// (ruling `battle_results_at_once`): the update (what happened, its armies now) with the
/// fresh order sheet from the world after the step, and the notice of two differing
/// results. Both outcomes lose nothing, so the markers stay what they were.
fn battle_news(b: &Branch, club: &Club) -> Vec<(String, String)> {
    let s = shipped();
    let me = NationCode::from(club.nation.as_str());
    let words = giglio::words::Words::builtin();
    let mut out = Vec::new();
    for bt in own_battles(b.now(), &me) {
        let outcome = |winner: &NationCode| BattleOutcome {
            battle: bt.id.clone(),
            winner: Some(winner.clone()),
            attacker_loss: 0,
            defender_loss: 0,
            source: giglio::rules::battles::ResultSource::Table,
            provisional: false,
            reason: String::new(),
        };
        let won = outcome(&bt.attacker.nation);
        let mut dice = SeededDice::new([3; 32]);
        let Some(step) =
            giglio::rules::resolve::apply_battle(&s.campaign, b.now(), &won, &mut dice)
        else {
            continue;
        };
        let events = visibility::events_for(&step.events, &me);
        let own = visibility::club_world(&step.world, &me);
        let (_, text) = giglio::report::news::update(
            &words,
            &giglio::report::news::Update {
                campaign: &s.campaign,
                battle: bt,
                outcome: &won,
                events: &events,
                world: &own,
                nation: &me,
                lang: club.lang,
                phase_name: "-",
                deadline: None,
                orders_sent: None,
                sheet: "-",
            },
        );
        out.push((format!("update {}", bt.id), text));
        let (_, text) = giglio::report::news::dispute(
            &words,
            club.lang,
            &s.campaign,
            bt,
            &won,
            &outcome(&bt.defender.nation),
        );
        out.push((format!("dispute {}", bt.id), text));
        for a in giglio::report::sheet::attachments(
            &words,
            &s.campaign,
            &step.world,
            &me,
            club.lang,
            None,
            &definition(),
        ) {
            let text = String::from_utf8(a.bytes).expect("attachments are text");
            out.push((format!("update {}", a.name), without_definition(&text)));
        }
        // The order page of the open phase the update carries, on the club's map of
        // the world after the step (nothing resolved yet).
        let none = giglio::rules::resolve::Resolution {
            next: Some(step.world.clone()),
            outcomes: Vec::new(),
            events: Vec::new(),
            ledger: Default::default(),
        };
        let view = visibility::club_view(
            &s.campaign,
            &report::explain(&s.env, &s.campaign),
            &step.world,
            &none,
            ClubName {
                nation: &me,
                name: &club.name,
                lang: club.lang,
            },
            &Default::default(),
        );
        let map = giglio::report::map::render_view(&s.campaign, &view, &s.env)
            .expect("the club's map draws");
        let page = giglio::report::page::attachment(
            &words,
            &giglio::report::page::PageInput {
                campaign: &s.campaign,
                world: &step.world,
                nation: &me,
                lang: club.lang,
                deadline: None,
                map_svg: &map,
                orders_to: "arbitro@giglio.invalid",
            },
        );
        let text = String::from_utf8(page.bytes).expect("the page is text");
        out.push((format!("update {}", page.name), text));
    }
    out
}

/// The order page the report carries (none once the campaign is over), drawn on the
/// report's own map: its embedded data (pieces, offers, refusals, costs) and words.
fn order_page(b: &Branch, club: &Club, map_svg: &str) -> Option<(String, String)> {
    b.resolution.next.as_ref()?;
    let s = shipped();
    let me = NationCode::from(club.nation.as_str());
    let input = giglio::report::page::PageInput {
        campaign: &s.campaign,
        world: b.now(),
        nation: &me,
        lang: club.lang,
        deadline: Some("2026-12-02 21:00 Europe/Rome"),
        map_svg,
        orders_to: "arbitro@giglio.invalid",
    };
    let page = giglio::report::page::attachment(&giglio::words::Words::builtin(), &input);
    let text = String::from_utf8(page.bytes).expect("the page is text");
    Some((page.name, text))
}

/// The files for the club's next orders that its report carries: the pre-filled order
/// sheet and the view file of its offline check (none once the campaign is over).
fn next_orders(b: &Branch, club: &Club) -> Vec<(String, String)> {
    if b.resolution.next.is_none() {
        return Vec::new();
    }
    let s = shipped();
    let me = NationCode::from(club.nation.as_str());
    giglio::report::sheet::attachments(
        &giglio::words::Words::builtin(),
        &s.campaign,
        b.now(),
        &me,
        club.lang,
        Some("2026-12-02 21:00 Europe/Rome"),
        &definition(),
    )
    .into_iter()
    .map(|a| {
        let text = String::from_utf8(a.bytes).expect("attachments are text");
        (a.name.clone(), without_definition(&text))
    })
    .collect()
}

/// The view file without the campaign definition it carries: the definition is the
/// same public file for every club whatever the world holds (its event and objective
/// names would read as the leak test's phrases), so what is checked is the club's world.
fn without_definition(text: &str) -> String {
    let Ok(mut v) = serde_json::from_str::<serde_json::Value>(text) else {
        return text.to_owned();
    };
    let Some(obj) = v.as_object_mut() else {
        return text.to_owned();
    };
    let carried = obj
        .remove("definition")
        .expect("a view file carries the definition");
    assert_eq!(
        serde_json::to_value(definition()).expect("json"),
        carried,
        "the view file carries the campaign definition as it is"
    );
    v.to_string()
}

/// The shipped definition's files, as the view file carries them.
fn definition() -> BTreeMap<String, String> {
    Source::builtin("il-giglio").expect("built in").files
}

// ---- the leak test -------------------------------------------------------------------------

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

// ---- non-interference -----------------------------------------------------------------------

/// Marked branches of a few campaigns: the worlds the property tests change.
fn pool() -> &'static Vec<Branch> {
    static P: OnceLock<Vec<Branch>> = OnceLock::new();
    P.get_or_init(|| {
        let mut out = Vec::new();
        for k in 0..2 {
            let mut rng = Rng(k + 100);
            for p in &play(100 + k, 16) {
                out.push(marked_branch(p, &mut rng));
            }
        }
        out
    })
}

/// Something a club cannot see (G7.2–G7.4), changed; the numbers pick what.
#[derive(Clone, Debug)]
enum Hidden {
    Treasury(usize, i64),
    Loan(usize),
    Objective(usize, usize),
    Events(usize, usize),
    Specialists(usize),
    NodeSapper(usize, usize),
    Strategos(usize),
    Works(usize, usize),
    ArmyValue(usize, i64),
    Stance(usize),
    GarrisonValue(usize, i64),
    UnseenArmy(usize, usize),
    MoveUnseenArmy(usize, usize),
    ArmyIsDiplomat(usize),
    DiplomatIsArmy(usize),
    UnseenFleet(usize, usize),
    Alliance(usize, usize),
    OthersOutcome(usize),
    OthersEvent(usize, bool),
    OthersLedger(usize, i64),
}

fn hidden() -> impl Strategy<Value = Hidden> {
    let i = || 0usize..1000;
    prop_oneof![
        (i(), 1i64..500).prop_map(|(a, b)| Hidden::Treasury(a, b)),
        i().prop_map(Hidden::Loan),
        (i(), i()).prop_map(|(a, b)| Hidden::Objective(a, b)),
        (i(), i()).prop_map(|(a, b)| Hidden::Events(a, b)),
        i().prop_map(Hidden::Specialists),
        (i(), i()).prop_map(|(a, b)| Hidden::NodeSapper(a, b)),
        i().prop_map(Hidden::Strategos),
        (i(), i()).prop_map(|(a, b)| Hidden::Works(a, b)),
        (i(), 1i64..500).prop_map(|(a, b)| Hidden::ArmyValue(a, b)),
        i().prop_map(Hidden::Stance),
        (i(), 1i64..500).prop_map(|(a, b)| Hidden::GarrisonValue(a, b)),
        (i(), i()).prop_map(|(a, b)| Hidden::UnseenArmy(a, b)),
        (i(), i()).prop_map(|(a, b)| Hidden::MoveUnseenArmy(a, b)),
        i().prop_map(Hidden::ArmyIsDiplomat),
        i().prop_map(Hidden::DiplomatIsArmy),
        (i(), i()).prop_map(|(a, b)| Hidden::UnseenFleet(a, b)),
        (i(), i()).prop_map(|(a, b)| Hidden::Alliance(a, b)),
        i().prop_map(Hidden::OthersOutcome),
        (i(), any::<bool>()).prop_map(|(a, b)| Hidden::OthersEvent(a, b)),
        (i(), 1i64..500).prop_map(|(a, b)| Hidden::OthersLedger(a, b)),
    ]
}

fn pick<T: Clone>(v: &[T], i: usize) -> Option<T> {
    (!v.is_empty()).then(|| v[i % v.len()].clone())
}

/// The other nations (clubs and neutrals).
fn others(w: &World, me: &NationCode) -> Vec<NationCode> {
    w.nations.keys().filter(|n| *n != me).cloned().collect()
}

fn other_clubs(w: &World, me: &NationCode) -> Vec<NationCode> {
    w.clubs.iter().filter(|n| *n != me).cloned().collect()
}

/// Armies that nothing else refers to (no battle, siege or fleet), so they can be
/// moved or swapped without breaking the world.
fn free_armies(w: &World, me: &NationCode) -> Vec<ArmyId> {
    w.armies
        .values()
        .filter(|a| &a.nation != me && a.ashore())
        .filter(|a| {
            !w.sieges.iter().any(|s| s.besieger == a.id)
                && !w
                    .battles
                    .iter()
                    .any(|b| b.attacker.armies.contains(&a.id) || b.defender.armies.contains(&a.id))
        })
        .map(|a| a.id.clone())
        .collect()
}

/// Applies a hidden change to the branch as `me` would receive it; `None` when the
/// branch offers nothing to change.
fn apply(b: &mut Branch, me: &NationCode, h: &Hidden) -> Option<()> {
    match *h {
        Hidden::Treasury(..)
        | Hidden::Loan(_)
        | Hidden::Objective(..)
        | Hidden::Events(..)
        | Hidden::Specialists(_) => change_nation(b, me, h),
        Hidden::NodeSapper(..)
        | Hidden::Strategos(_)
        | Hidden::Works(..)
        | Hidden::Alliance(..) => change_state(b, me, h),
        Hidden::OthersOutcome(_) | Hidden::OthersEvent(..) | Hidden::OthersLedger(..) => {
            change_resolution(b, me, h)
        }
        _ => change_pieces(b, me, h),
    }
}

/// Another nation's treasury, loan, objective, events or specialists (G7.4).
fn change_nation(b: &mut Branch, me: &NationCode, h: &Hidden) -> Option<()> {
    let c = &shipped().campaign;
    let (among, i) = match *h {
        Hidden::Objective(i, _) | Hidden::Events(i, _) => (other_clubs(b.now(), me), i),
        Hidden::Treasury(i, _) | Hidden::Loan(i) | Hidden::Specialists(i) => {
            (others(b.now(), me), i)
        }
        _ => return None,
    };
    let n = pick(&among, i)?;
    let st = b.now_mut().nations.get_mut(&n)?;
    match *h {
        Hidden::Treasury(_, d) => st.treasury += d,
        Hidden::Loan(_) => {
            st.loan = match st.loan {
                Some(_) => None,
                None => Some(Loan {
                    year: 1494,
                    principal: 123,
                    interest: 31,
                }),
            }
        }
        Hidden::Objective(_, k) => {
            let kind = pick(&c.tables.victory.objective, k)?.id;
            let target = (kind == ObjectiveKind::ConquerNation).then(|| me.clone());
            st.objective = Some(Objective { kind, target });
        }
        Hidden::Events(_, k) => {
            let id = pick(&c.tables.events.entry, k)?.id;
            st.events = if st.events.contains(&id) {
                Vec::new()
            } else {
                vec![id]
            };
        }
        _ => {
            st.spy = !st.spy;
            st.assassins += 1;
        }
    }
    Some(())
}

/// Another nation's node sapper or works, who holds the Strategos, an alliance
/// between two other clubs (G5.1).
fn change_state(b: &mut Branch, me: &NationCode, h: &Hidden) -> Option<()> {
    let c = &shipped().campaign;
    let others_ = others(b.now(), me);
    let clubs = other_clubs(b.now(), me);
    let w = b.now_mut();
    match *h {
        Hidden::NodeSapper(i, k) => {
            let n = pick(&others_, i)?;
            let nodes: Vec<NodeCode> = w
                .nodes_owned_by(n.as_str())
                .map(|(k, _)| k.clone())
                .collect();
            let x = w.nodes.get_mut(&pick(&nodes, k)?)?;
            x.sapper = if x.sapper.is_some() { None } else { Some(n) };
        }
        Hidden::Strategos(i) => {
            // Who else holds it (G2b.5); whether it holds it itself, it knows.
            let n = pick(&clubs, i)?;
            if w.strategos.as_ref() == Some(me) {
                return None;
            }
            w.strategos = if w.strategos.as_ref() == Some(&n) {
                None
            } else {
                Some(n)
            };
        }
        Hidden::Works(i, k) => {
            let nodes: Vec<NodeCode> = c.map.nodes().map(|x| x.code.clone()).collect();
            w.works.push(Work {
                nation: pick(&others_, i)?,
                node: pick(&nodes, k)?,
                kind: WorkKind::Fortify,
            });
        }
        Hidden::Alliance(i, k) => {
            let mut members = [pick(&clubs, i)?, pick(&clubs, k)?];
            if members[0] == members[1] {
                return None;
            }
            members.sort();
            let had = w.alliances.len();
            w.alliances.retain(|a| a.members != members);
            if w.alliances.len() == had {
                w.alliances.push(Alliance {
                    declared_by: members.iter().cloned().collect(),
                    members,
                    betrayed_by: BTreeSet::new(),
                });
            }
        }
        _ => return None,
    }
    Some(())
}

/// Another nation's pieces: sizes and stances anywhere, pieces where the club does not
/// look, and whether a piece is an army or a diplomat wherever it is (G7.2, G7.4).
fn change_pieces(b: &mut Branch, me: &NationCode, h: &Hidden) -> Option<()> {
    let c = &shipped().campaign;
    let watched = visibility::watched_nodes(c, b.now(), me);
    let seas = visibility::watched_seas(c, b.now(), me);
    let others_ = others(b.now(), me);
    let foreign: Vec<ArmyId> = b
        .now()
        .armies
        .values()
        .filter(|a| &a.nation != me)
        .map(|a| a.id.clone())
        .collect();
    let unseen: Vec<NodeCode> = c
        .map
        .nodes()
        .map(|x| x.code.clone())
        .filter(|x| !watched.contains(x))
        .collect();
    let free = free_armies(b.now(), me);
    let w = b.now_mut();
    match *h {
        Hidden::ArmyValue(i, d) => w.armies.get_mut(&pick(&foreign, i)?)?.value += d,
        Hidden::Stance(i) => {
            let a = w.armies.get_mut(&pick(&foreign, i)?)?;
            a.stance.retreat_to = Some(NodeCode::from("V0"));
        }
        Hidden::GarrisonValue(i, d) => {
            let nodes: Vec<NodeCode> = w
                .nodes
                .iter()
                .filter(|(_, x)| x.garrison.as_ref().is_some_and(|g| &g.nation != me))
                .map(|(k, _)| k.clone())
                .collect();
            w.nodes.get_mut(&pick(&nodes, i)?)?.garrison.as_mut()?.value += d;
        }
        Hidden::UnseenArmy(i, k) => {
            w.raise_army(&pick(&others_, i)?, &pick(&unseen, k)?, 250);
        }
        Hidden::MoveUnseenArmy(i, k) => {
            let away: Vec<ArmyId> = free
                .into_iter()
                .filter(|id| !watched.contains(&w.armies[id].node))
                .collect();
            w.armies.get_mut(&pick(&away, i)?)?.node = pick(&unseen, k)?;
        }
        Hidden::ArmyIsDiplomat(i) => {
            let a = w.armies.remove(&pick(&free, i)?)?;
            w.place_diplomat(&a.nation, &a.node);
        }
        Hidden::DiplomatIsArmy(i) => {
            let ids: Vec<DiplomatId> = w
                .diplomats
                .values()
                .filter(|d| &d.nation != me)
                .map(|d| d.id.clone())
                .collect();
            let d: Diplomat = w.diplomats.remove(&pick(&ids, i)?)?;
            let id = ArmyId(format!("{}-A77", d.nation));
            w.armies
                .insert(id.clone(), Army::new(id, d.nation, d.node, 640));
        }
        Hidden::UnseenFleet(i, k) => {
            let n = pick(&others_, i)?;
            let away: Vec<SeaCode> = c
                .map
                .seas()
                .map(|s| s.code.clone())
                .filter(|s| !seas.contains(s.as_str()))
                .collect();
            let id = FleetId(format!("{n}-F9"));
            let at = FleetAt::Sea(pick(&away, k)?);
            let fleet = Fleet {
                id: id.clone(),
                nation: n,
                at,
                cargo: None,
            };
            w.fleets.insert(id, fleet);
        }
        _ => return None,
    }
    Some(())
}

/// What the resolution told others: their orders' outcomes, their events and the
/// referee's, their ledger (G7.4).
fn change_resolution(b: &mut Branch, me: &NationCode, h: &Hidden) -> Option<()> {
    let others_ = others(b.now(), me);
    let r = &mut b.resolution;
    match *h {
        Hidden::OthersOutcome(i) => {
            let idx: Vec<usize> = (0..r.outcomes.len())
                .filter(|j| &r.outcomes[*j].nation != me)
                .collect();
            let o = &mut r.outcomes[pick(&idx, i)?];
            o.result = match o.result {
                Outcome::Done(_) => Outcome::rejected("G0", Reason::WrongPhase),
                Outcome::Rejected { .. } => Outcome::rejected(
                    "G2b.7",
                    Reason::MissingDucats {
                        cost: 10,
                        treasury: 9,
                    },
                ),
            };
        }
        Hidden::OthersEvent(i, true) => {
            let n = pick(&others_, i)?;
            r.events.push(Event {
                audience: Audience::Nation(n.clone()),
                rule: "G3c.4".into(),
                what: Happening::EnemySize {
                    node: NodeCode::from("V0"),
                    ducats: 4242,
                },
            });
            r.events.push(Event {
                audience: Audience::Referee,
                rule: "G5.2".into(),
                what: Happening::AllianceBetrayed {
                    by: n,
                    against: me.clone(),
                    how: Some(Betrayal::WhenContacted {
                        node: NodeCode::from("V0"),
                    }),
                },
            });
        }
        Hidden::OthersEvent(i, false) => {
            let not_mine = |e: &Event| match &e.audience {
                Audience::Public => false,
                Audience::Nation(n) => n != me,
                Audience::Referee => true,
            };
            let idx: Vec<usize> = (0..r.events.len())
                .filter(|j| not_mine(&r.events[*j]))
                .collect();
            r.events.remove(pick(&idx, i)?);
        }
        Hidden::OthersLedger(i, d) => {
            let idx: Vec<usize> = (0..r.ledger.entries.len())
                .filter(|j| &r.ledger.entries[*j].nation != me)
                .collect();
            r.ledger.entries[pick(&idx, i)?].amount += d;
        }
        _ => return None,
    }
    Some(())
}

/// A club's view as JSON, its report in its three forms, and the files for its next
/// orders (sheet, view file and order page).
fn seen(b: &Branch, club: &Club) -> (String, String, String, String, String) {
    let v = view_of(b, club);
    let r = render(&v);
    let next: String = next_orders(b, club)
        .into_iter()
        .chain(order_page(b, club, &r.svg))
        .map(|(name, text)| format!("== {name}\n{text}"))
        .collect();
    (
        serde_json::to_string(&v).expect("json"),
        r.text,
        r.html,
        r.svg,
        next,
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, max_global_rejects: 4096, .. ProptestConfig::default() })]

    /// Issue 8 item 9: what a club cannot see does not change what it is told.
    #[test]
    fn what_a_club_cannot_see_does_not_change_its_report(
        state in 0usize..1000,
        who in 0usize..1000,
        change in hidden(),
    ) {
        let s = shipped();
        let pool = pool();
        let b = &pool[state % pool.len()];
        let club = &s.clubs[who % s.clubs.len()];
        let me = NationCode::from(club.nation.as_str());
        let mut changed = b.clone();
        let applied = apply(&mut changed, &me, &change);
        prop_assume!(applied.is_some());
        let world_changed = serde_json::to_string(changed.now()).expect("json") != serde_json::to_string(b.now()).expect("json")
            || changed.resolution != b.resolution;
        prop_assume!(world_changed);
        let (v1, t1, h1, m1, n1) = seen(b, club);
        let (v2, t2, h2, m2, n2) = seen(&changed, club);
        prop_assert_eq!(v1, v2, "view changed by {:?}", change);
        prop_assert_eq!(t1, t2);
        prop_assert_eq!(h1, h2);
        prop_assert_eq!(m1, m2);
        prop_assert_eq!(n1, n2, "order sheet, view file or order page changed by {:?}", change);
    }

}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, .. ProptestConfig::default() })]

    /// The converse, so the property can fail: what a club sees does change it.
    #[test]
    fn what_a_club_sees_changes_its_report(
        state in 0usize..1000,
        who in 0usize..1000,
        d in 1i64..500,
        k in 0usize..1000,
    ) {
        let s = shipped();
        let pool = pool();
        let b = &pool[state % pool.len()];
        let club = &s.clubs[who % s.clubs.len()];
        let me = NationCode::from(club.nation.as_str());
        let (v0, t0, h0, _, _) = seen(b, club);
        // Its own treasury.
        let mut own = b.clone();
        own.now_mut().nations.get_mut(&me).expect("a club").treasury += d;
        let (v1, t1, h1, _, _) = seen(&own, club);
        prop_assert_ne!(&v0, &v1);
        prop_assert_ne!(&t0, &t1);
        prop_assert_ne!(&h0, &h1);
        // A foreign army arriving in a node it watches shows as a marker.
        let c = &s.campaign;
        let watched: Vec<NodeCode> = visibility::watched_nodes(c, b.now(), &me).into_iter().collect();
        let stranger = others(b.now(), &me)[k % 3].clone();
        let mut seen_army = b.clone();
        seen_army.now_mut().raise_army(&stranger, &watched[k % watched.len()], 77);
        let (v2, t2, _, _, _) = seen(&seen_army, club);
        prop_assert_ne!(&v0, &v2);
        prop_assert_ne!(&t0, &t2);
    }
}

/// Every kind of hidden change finds something to change in the pool, so the property
/// above is not vacuous for any of them.
#[test]
fn every_hidden_change_applies_somewhere() {
    let s = shipped();
    let kinds = [
        Hidden::Treasury(1, 5),
        Hidden::Loan(1),
        Hidden::Objective(1, 2),
        Hidden::Events(1, 2),
        Hidden::Specialists(1),
        Hidden::NodeSapper(1, 1),
        Hidden::Strategos(1),
        Hidden::Works(1, 1),
        Hidden::ArmyValue(1, 5),
        Hidden::Stance(1),
        Hidden::GarrisonValue(1, 5),
        Hidden::UnseenArmy(1, 1),
        Hidden::MoveUnseenArmy(1, 1),
        Hidden::ArmyIsDiplomat(1),
        Hidden::DiplomatIsArmy(1),
        Hidden::UnseenFleet(1, 1),
        Hidden::Alliance(1, 2),
        Hidden::OthersOutcome(1),
        Hidden::OthersEvent(1, true),
        Hidden::OthersEvent(1, false),
        Hidden::OthersLedger(1, 5),
    ];
    for h in &kinds {
        let found = pool().iter().any(|b| {
            s.clubs.iter().any(|club| {
                let me = NationCode::from(club.nation.as_str());
                let mut changed = b.clone();
                apply(&mut changed, &me, h).is_some()
                    && (changed.now() != b.now() || changed.resolution != b.resolution)
                    && seen(&changed, club) == seen(b, club)
            })
        });
        assert!(found, "{h:?} never applies");
    }
}

/// Markers do not tell an army from a diplomat, by count, order or place (G7.4); the
/// property above swaps pieces, this pins one swap by hand so it cannot pass vacuously.
#[test]
fn a_seen_diplomat_looks_like_an_army() {
    let s = shipped();
    let c = &s.campaign;
    let b = &pool()[3];
    let club = &s.clubs[0];
    let me = NationCode::from(club.nation.as_str());
    let watched = visibility::watched_nodes(c, b.now(), &me);
    let node = watched
        .iter()
        .find(|n| b.now().nodes[*n].owner != me)
        .expect("a foreign node in sight")
        .clone();
    let stranger = b.now().nodes[&node].owner.clone();
    let mut army = b.clone();
    army.now_mut().raise_army(&stranger, &node, 300);
    let mut diplomat = b.clone();
    diplomat.now_mut().place_diplomat(&stranger, &node);
    let (va, ta, ha, ma, na) = seen(&army, club);
    let (vd, td, hd, md, nd) = seen(&diplomat, club);
    assert_eq!(va, vd);
    assert_eq!((ta, ha, ma), (td, hd, md));
    assert_eq!(na, nd, "the sheet does not tell an army from a diplomat");
    assert_ne!(va, seen(b, club).0, "the piece is seen at all");
}

/// G7.2 read with the campaign's ruling `see_adjacent_nodes`: off, a club sees only
/// the nodes it owns or occupies.
#[test]
fn the_ruling_on_adjacent_nodes_is_honoured() {
    let s = shipped();
    let mut c = s.campaign.clone();
    let w = play(4, 1).remove(0).world;
    let me = NationCode::from("V");
    let wide = visibility::watched_nodes(&c, &w, &me);
    c.tables.rulings.see_adjacent_nodes = false;
    let narrow = visibility::watched_nodes(&c, &w, &me);
    let own: BTreeSet<NodeCode> = w
        .nodes_owned_by("V")
        .map(|(k, _)| k.clone())
        .chain(w.armies_of("V").map(|a| a.node.clone()))
        .collect();
    assert_eq!(narrow, own);
    assert!(
        wide.len() > narrow.len(),
        "adjacent nodes add to what is seen"
    );
}

/// A garrison is never a marker: it is met, not seen; its size is never told.
#[test]
fn a_foreign_garrison_is_not_told() {
    let s = shipped();
    let b = &pool()[0];
    for club in &s.clubs {
        let me = NationCode::from(club.nation.as_str());
        let mut g = b.clone();
        let foreign = |x: &giglio::rules::world::NodeState| {
            x.garrison.as_ref().is_some_and(|gar| gar.nation != me)
        };
        let node = g
            .now()
            .nodes
            .iter()
            .find(|(_, x)| foreign(x))
            .map(|(k, _)| k.clone())
            .expect("some foreign garrison");
        g.now_mut().nodes.get_mut(&node).expect("a node").garrison = None;
        assert_eq!(seen(b, club), seen(&g, club));
        g.now_mut()
            .nodes
            .values_mut()
            .filter(|x| x.owner != me)
            .for_each(|x| {
                x.garrison = Some(Garrison {
                    nation: x.owner.clone(),
                    value: 999,
                })
            });
        assert_eq!(seen(b, club).0, seen(&g, club).0);
    }
}

/// The explanations of an encounter (the Table 34 cell: both sides' choices) and of a
/// betrayal (what made it one) reach the two sides and nobody else; a club's standing
/// names the best other club's figure only where the political map tells it.
#[test]
fn explanations_reach_only_the_clubs_they_concern() {
    let s = shipped();
    let b = &pool()[0];
    let [a, d, third] = [&s.clubs[0], &s.clubs[1], &s.clubs[2]];
    let (na, nd) = (
        NationCode::from(a.nation.as_str()),
        NationCode::from(d.nation.as_str()),
    );
    let node = NodeCode::from("F7");
    let mut g = b.clone();
    for who in [&na, &nd] {
        g.resolution.events.push(Event {
            audience: Audience::Nation(who.clone()),
            rule: "G3c.2".into(),
            what: Happening::Encounter {
                node: node.clone(),
                hand: na.clone(),
                other: nd.clone(),
                text_it: "battaglia".into(),
                text_en: "battle".into(),
                hand_choice: Some(Choice::Attack),
                other_choice: Some(Choice::Retreat),
            },
        });
        g.resolution.events.push(Event {
            audience: Audience::Nation(who.clone()),
            rule: "G5.2".into(),
            what: Happening::AllianceBetrayed {
                by: na.clone(),
                against: nd.clone(),
                how: Some(Betrayal::OnContact { node: node.clone() }),
            },
        });
    }
    assert_eq!(
        seen(b, third),
        seen(&g, third),
        "a third club learns nothing"
    );
    for club in [a, d] {
        let (_, text, ..) = seen(&g, club);
        let (cell, why) = match club.lang {
            Lang::It => ("Tabella 34", "scelta permanente al contatto"),
            Lang::En => ("Table 34", "standing choice on contact"),
        };
        assert!(
            text.contains(cell),
            "{}: the Table 34 cell is told",
            club.nation
        );
        assert!(
            text.contains(why),
            "{}: the betrayal is explained",
            club.nation
        );
    }
    // The best other figure of a "most" objective is told only where it is public.
    for club in &s.clubs {
        let v = view_of(b, club);
        if let Some(st) = &v.standing {
            let public = !matches!(
                st.kind,
                ObjectiveKind::MostDucats
                    | ObjectiveKind::MostFleets
                    | ObjectiveKind::MostAlliancesHonoured
                    | ObjectiveKind::MostAlliancesBetrayed
            );
            assert!(
                public || st.leader.is_none(),
                "{}: {:?}",
                club.nation,
                st.kind
            );
        }
    }
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

/// A bribe no rule produces anywhere else: 1 237 steps of the table's bribe.
const SIEGE_BRIBE_STEPS: i64 = 1237;

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

#[test]
fn a_defender_reads_the_siege_die_never_the_total_nor_the_besiegers_bribe_or_sapper() {
    let b = siege_branch();
    let total = b
        .resolution
        .events
        .iter()
        .find_map(|e| match &e.what {
            Happening::SiegeRound { total, .. } => *total,
            _ => None,
        })
        .expect("the siege was rolled");
    let s = shipped();
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
        assert!(text.contains("1d6="), "{nation} is told of the roll");
        let seen: Vec<&String> = secrets.iter().filter(|x| shows(&text, x, digit)).collect();
        if nation == "F" {
            assert!(seen.is_empty(), "the defender reads {seen:?}");
        } else {
            // The besieger reads its own roll whole: the test sees what it looks for.
            assert_eq!(seen.len(), secrets.len(), "the besieger reads {seen:?}");
        }
    }
}
