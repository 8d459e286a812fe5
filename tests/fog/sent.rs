//! What a club is sent in a generated campaign: its report, bulletin, cards, mails,
//! encounter asks, battle news, order page and next orders, built as the shell builds them.

use super::*;

/// The shell's facts of a phase, fixed: the snapshots must not move.
pub(super) fn facts(w: &World) -> PhaseFacts {
    PhaseFacts {
        deadline: Some("1494-05-01 12:00 (Europe/Rome)".into()),
        next_seed_commitment: Some("ab".repeat(32)),
        revealed_seed: Some("cd".repeat(32)),
        sent_orders: w.clubs.iter().cloned().collect(),
        // Every club's file late: each report may tell its own club only.
        late: w
            .clubs
            .iter()
            .map(|n| (n.clone(), "1494-05-02 12:03 Europe/Rome".to_string()))
            .collect(),
        late_refused: w
            .clubs
            .iter()
            .map(|n| (n.clone(), "1494-05-02 12:07 Europe/Rome".to_string()))
            .collect(),
        // Civil disorder is told to every club when it falls (public), so the fog's
        // snapshots leave it out.
        disorder: Default::default(),
        // A report that replaces a withdrawn one says so in a fixed line, of the club's
        // own mail: the snapshots leave it out.
        replaces: Default::default(),
    }
}

/// What `club` may know of a branch (G7.2–G7.4).
pub(super) fn view_of(b: &Branch, club: &Club) -> ClubView {
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
pub(super) fn render(view: &ClubView) -> club::Rendered {
    let s = shipped();
    club::club_report(&s.env, &s.campaign, view, "cid:map").expect("a report renders")
}

/// The public bulletin of a branch (G7.1).
pub(super) fn bulletin(b: &Branch, lang: Lang) -> club::Rendered {
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

/// The cards of the club's pending battles, text and HTML, in the club's language and
/// written for its side, as the mail attaches them; and the TOML card with its comments.
pub(super) fn cards(b: &Branch, club: &Club) -> Vec<(String, String)> {
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
        let view = giglio::report::card::CardFor::new(
            &card,
            club.lang,
            Some(&club.nation),
            Some(&s.campaign),
        );
        for html in [false, true] {
            let text = giglio::report::card::text(&s.env, &card, &s.ruleset, &view, html)
                .expect("a card renders");
            out.push((format!("card {} (html {html})", bt.id), text));
        }
        let toml = giglio::report::card::toml(&s.env, &card, &s.ruleset, &view).expect("toml");
        out.push((format!("card {} (toml)", bt.id), toml));
    }
    out
}

/// Everything of one phase a club is sent, by part: its report (text, HTML, map
/// picture), the bulletin and the cards of its pending battles, as `phase_messages`
/// composes them (without a campaign database: the cards use the built-in orders of
/// battle).
pub(super) fn mail(
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
    parts.extend(after_undo(b, club));
    parts
}

/// What a club is told when, after `undo`, the phase's new resolution differs from the
/// withdrawn one: its own differences between two worlds (here the branch's world
/// before the phase stands for the withdrawn report's, the one after for the new).
pub(super) fn after_undo(b: &Branch, club: &Club) -> Vec<(String, String)> {
    let s = shipped();
    let me = NationCode::from(club.nation.as_str());
    let words = giglio::words::Words::load(None).expect("catalogue");
    let lines: Vec<String> =
        giglio::rules::visibility::compare::differences(&s.campaign, &b.before, b.now(), &me)
            .iter()
            .map(|d| giglio::words::explain::difference(&words, &s.campaign, d, club.lang))
            .collect();
    vec![("after undo".to_owned(), lines.join("\n"))]
}

/// The shipped campaign in contact-exchange mode (G3c.3).
pub(super) fn exchange_campaign() -> &'static Campaign {
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
pub(super) fn encounter_asks(b: &Branch, club: &Club) -> Vec<(String, String)> {
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
    let words = giglio::words::Words::load(None).expect("catalogue");
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
pub(super) fn battle_news(b: &Branch, club: &Club) -> Vec<(String, String)> {
    let s = shipped();
    let me = NationCode::from(club.nation.as_str());
    let words = giglio::words::Words::load(None).expect("catalogue");
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
        let update = giglio::report::news::Update {
            campaign: &s.campaign,
            battle: bt,
            game: Some("Monferrato 1628"),
            reduced_percent: Some(0),
            outcome: &won,
            account: None,
            set_aside: None,
            events: &events,
            world: &own,
            nation: &me,
            lang: club.lang,
            phase_name: "-",
            deadline: None,
            deadline_passed: false,
            early: false,
            orders_sent: None,
            sheet: "-",
            referee_auto: None,
        };
        let (_, text) = giglio::report::news::update(&words, &update);
        out.push((format!("update {}", bt.id), text));
        // With results applied at the next resolution: the notice of an auto-resolve.
        let auto = BattleOutcome {
            source: giglio::rules::battles::ResultSource::Auto,
            ..won.clone()
        };
        let mailed = [(me.clone(), outcome(&bt.defender.nation))];
        let (_, text) = giglio::report::news::settled_later(
            &words,
            club.lang,
            &giglio::report::news::Update {
                outcome: &auto,
                set_aside: visibility::set_aside_for(&mailed, &auto, &me),
                events: &[],
                // The referee's words and the card's date: nothing of the world.
                referee_auto: Some(giglio::report::news::RefereeAuto {
                    reason: "the table could not meet",
                    play_by: Some("2026-12-08 21:00"),
                }),
                ..update
            },
            "-",
        );
        out.push((format!("settled later {}", bt.id), text));
        // The notice to a club the result concerns though it fought no side of it.
        let (_, text) = giglio::report::news::bystander(
            &words,
            &giglio::report::news::Bystander {
                campaign: &s.campaign,
                battle: bt,
                events: &events,
                lang: club.lang,
                phase_name: "-",
                sheet: None,
            },
        );
        out.push((format!("bystander {}", bt.id), text));
        let (_, text) = giglio::report::news::dispute(
            &words,
            club.lang,
            &s.campaign,
            bt,
            &won,
            &outcome(&bt.defender.nation),
            Some("2026-09-08 10:00 Europe/Rome"),
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
            let text = attached_text(&a.name, a.bytes);
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
pub(super) fn order_page(b: &Branch, club: &Club, map_svg: &str) -> Option<(String, String)> {
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
    let page = giglio::report::page::attachment(
        &giglio::words::Words::load(None).expect("catalogue"),
        &input,
    );
    let html = String::from_utf8(page.bytes).expect("the page is text");
    Some((page.name, as_read(&html)))
}

/// An order page as the club reads it: its packed parts (map, data, script) unpacked in
/// place, and its packed view (gzipped JSON in base64) unpacked beside it. Base64 says
/// nothing, and a hidden number could show in it by chance (`22217` did once the
/// deflate bytes changed); what is checked is what the page holds.
fn as_read(html: &str) -> String {
    let page = giglio::report::page::unpacked(html).expect("the page is packed");
    let open = "id=\"pg-view\">";
    let Some(at) = page.find(open) else {
        return page;
    };
    let from = at + open.len();
    let to = from
        + page[from..]
            .find("</script>")
            .expect("the view's element ends");
    let base64: String = page[from..to]
        .chars()
        .filter(|c| !c.is_ascii_whitespace())
        .collect();
    use base64::Engine as _;
    let packed = base64::engine::general_purpose::STANDARD
        .decode(base64)
        .expect("the view is base64");
    let view = without_definition(&attached_text("view.json.gz", packed));
    format!("{}{}", &page[..from], &page[to..]) + &view
}

/// The files for the club's next orders that its report carries: the pre-filled order
/// sheet and the view file of its offline check (none once the campaign is over).
pub(super) fn next_orders(b: &Branch, club: &Club) -> Vec<(String, String)> {
    if b.resolution.next.is_none() {
        return Vec::new();
    }
    let s = shipped();
    let me = NationCode::from(club.nation.as_str());
    giglio::report::sheet::attachments(
        &giglio::words::Words::load(None).expect("catalogue"),
        &s.campaign,
        b.now(),
        &me,
        club.lang,
        Some("2026-12-02 21:00 Europe/Rome"),
        &definition(),
    )
    .into_iter()
    .map(|a| {
        let text = attached_text(&a.name, a.bytes);
        (a.name.clone(), without_definition(&text))
    })
    .collect()
}

/// An attachment's text as the club reads it: the view file (`.json.gz`) unpacked, so
/// the leak test reads what it holds and not its compressed bytes.
pub(super) fn attached_text(name: &str, bytes: Vec<u8>) -> String {
    let bytes = if name.ends_with(".gz") {
        use std::io::Read;
        let mut out = Vec::new();
        flate2::read::GzDecoder::new(bytes.as_slice())
            .read_to_end(&mut out)
            .expect("the view file unpacks");
        out
    } else {
        bytes
    };
    String::from_utf8(bytes).expect("attachments are text")
}

/// The view file without the campaign definition it carries: the definition is the
/// same public file for every club whatever the world holds (its event and objective
/// names would read as the leak test's phrases), so what is checked is the club's world.
pub(super) fn without_definition(text: &str) -> String {
    let Ok(mut v) = serde_json::from_str::<serde_json::Value>(text) else {
        return text.to_owned();
    };
    let Some(obj) = v.as_object_mut() else {
        return text.to_owned();
    };
    let carried = obj
        .remove("definition")
        .expect("a view file carries the definition");
    // The shipped campaign's files, unchanged, travel as their hashes (issue 30.5).
    let shipped = obj
        .remove("shipped")
        .expect("a view file names the shipped files it leaves out");
    assert_eq!(
        carried,
        serde_json::json!({}),
        "the shipped definition travels by hash"
    );
    let names: Vec<&String> = shipped.as_object().expect("by name").keys().collect();
    assert_eq!(
        names,
        definition().keys().collect::<Vec<_>>(),
        "every file of the campaign definition, by its hash"
    );
    v.to_string()
}

/// The shipped definition's files, as the view file carries them.
pub(super) fn definition() -> BTreeMap<String, String> {
    Source::builtin("il-giglio").expect("built in").files
}
