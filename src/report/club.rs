//! The messages of a phase: each club's report (text, HTML and its map picture), the
//! public bulletin and the referee's report, rendered through `templates/`.
//!
//! Club templates receive only the club's [`ClubView`] and the words of its language:
//! what a club may learn is decided in `rules::visibility`, never here.

use super::{png, template_error};
use crate::error::Result;
use crate::rules::outcome::Audience;
use crate::rules::resolve::Resolution;
use crate::rules::say::Say;
use crate::rules::tables::Lang;
use crate::rules::visibility::{
    ClubName, ClubView, PhaseFacts, PublicView, club_view, public_view,
};
use crate::rules::{Campaign, World};
use crate::scenario::clubs::Club;
use minijinja::Environment;
use minijinja::value::{Serde, Value};
use serde::Serialize;

/// A report in its three forms.
#[derive(Clone, Debug)]
pub struct Rendered {
    pub text: String,
    pub html: String,
    pub svg: String,
}

/// Returns the words of the reports in a language: every message of the catalogue
/// without arguments, as templates read them (`L.<id>`).
pub(crate) fn labels(env: &Environment, lang: Lang) -> Result<Value> {
    Ok(crate::words::from_env(env).label_value(lang))
}

/// A club's report as text alone, without its map picture: for checks that read many
/// reports (the words scan of a whole campaign).
pub fn club_report_text(env: &Environment, view: &ClubView) -> Result<String> {
    render_both(env, "report", view.lang, Value::from(Serde(view)), "").map(|(text, _)| text)
}

/// Renders a view through `<stem>.txt` and `<stem>.html` with the words of its
/// language; `map_src` is how the HTML refers to the map picture.
pub(crate) fn render_both(
    env: &Environment,
    stem: &str,
    lang: Lang,
    v: Value,
    map_src: &str,
) -> Result<(String, String)> {
    render_with(env, stem, lang, v, map_src, None, &[])
}

/// The same, with the crop of the map the HTML shows in its column (`crop`, none for
/// the whole map) and the charts it draws (SVG inline, with their numbers as a table).
pub(crate) fn render_with(
    env: &Environment,
    stem: &str,
    lang: Lang,
    v: Value,
    map_src: &str,
    crop: Option<&super::crop::Crop>,
    charts: &[super::chart::Chart],
) -> Result<(String, String)> {
    let l = labels(env, lang)?;
    let text = render(
        env,
        &format!("{stem}.txt"),
        minijinja::context! { v => v.clone(), L => l.clone() },
    )?;
    let html = render(
        env,
        &format!("{stem}.html"),
        minijinja::context! { v => v, L => l, map_src => map_src, crop => crop.map(|c| Value::from(Serde(c))), charts => Value::from(Serde(charts)) },
    )?;
    if matches!(stem, "report" | "year" | "chronicle") {
        // Clubs have no copy of the rulebook at hand: each rule id a round report, a
        // yearly report or the chronicle cites is explained where it stands and at the
        // end (src/report/glossary.rs).
        let heading = crate::words::from_env(env).plain(lang, "rulebook-glossary");
        return Ok((
            super::glossary::text(&text, lang, &heading),
            super::glossary::html(&html, lang, &heading),
        ));
    }
    Ok((text, html))
}

pub(super) fn render(env: &Environment, name: &str, ctx: Value) -> Result<String> {
    let mut out = env
        .get_template(name)
        .map_err(|e| template_error(name, &e))?
        .render(ctx)
        .map_err(|e| template_error(name, &e))?;
    if !out.ends_with('\n') {
        out.push('\n');
    }
    Ok(out)
}

/// Renders one club's report; `map_src` is how the HTML refers to the map picture.
pub fn club_report(
    env: &Environment,
    campaign: &Campaign,
    view: &ClubView,
    map_src: &str,
) -> Result<Rendered> {
    let crop = super::crop::of(campaign, view);
    let (text, html) = render_with(
        env,
        "report",
        view.lang,
        Value::from(Serde(view)),
        map_src,
        crop.as_ref(),
        &[],
    )?;
    let svg = super::map::render_view(campaign, view, env)?;
    Ok(Rendered { text, html, svg })
}

/// Renders the public bulletin.
pub fn bulletin(
    env: &Environment,
    campaign: &Campaign,
    view: &PublicView,
    now: &World,
    map_src: &str,
) -> Result<Rendered> {
    let (text, html) = render_both(
        env,
        "bulletin",
        view.lang,
        Value::from(Serde(view)),
        map_src,
    )?;
    let svg = super::map::render(campaign, now, None, view.lang, env)?;
    Ok(Rendered { text, html, svg })
}

/// The public bulletin's text alone: what a phase's mail carries of it (the file beside
/// every club's report and the referee's); its page and map are the site's.
pub fn bulletin_text(env: &Environment, view: &PublicView) -> Result<String> {
    let l = labels(env, view.lang)?;
    render(
        env,
        "bulletin.txt",
        minijinja::context! { v => Value::from(Serde(view)), L => l },
    )
}

/// What the referee's report shows: everything.
#[derive(Serialize)]
pub(crate) struct RefereeView {
    /// The referee's language: the labels the template reads.
    #[serde(skip)]
    pub(crate) lang: Lang,
    pub(crate) campaign: String,
    pub(crate) phase: String,
    pub(crate) phase_key: String,
    pub(crate) next_phase: Option<String>,
    pub(crate) deadline: Option<String>,
    pub(crate) sent_orders: Vec<String>,
    pub(crate) missing: Vec<String>,
    pub(crate) rolls: usize,
    pub(crate) outcomes: Vec<RefereeOutcome>,
    pub(crate) events: Vec<RefereeEvent>,
    pub(crate) nations: Vec<NationLine>,
    pub(crate) battles: Vec<String>,
    pub(crate) messages: Vec<String>,
}

#[derive(Serialize)]
pub(crate) struct RefereeOutcome {
    pub(crate) nation: String,
    pub(crate) seq: u32,
    pub(crate) order: String,
    pub(crate) text: String,
}

#[derive(Serialize)]
pub(crate) struct RefereeEvent {
    pub(crate) audience: String,
    pub(crate) rule: String,
    pub(crate) text: String,
}

#[derive(Serialize)]
pub(crate) struct NationLine {
    pub(crate) nation: String,
    pub(crate) treasury: i64,
    pub(crate) loan_due: Option<i64>,
    pub(crate) armies: usize,
    army_ducats: i64,
    pub(crate) fleets: usize,
    pub(crate) nodes: usize,
    pub(crate) objective: Option<String>,
}

/// Builds the referee's view of a resolved phase, in the referee's language
/// (`[mail] referee_lang`).
pub(crate) fn referee_view(
    env: &Environment,
    campaign: &Campaign,
    (before, resolution): (&World, &Resolution),
    facts: &PhaseFacts,
    rolls: usize,
    messages: Vec<String>,
    lang: Lang,
) -> RefereeView {
    let now = resolution.next.as_ref().unwrap_or(before);
    let say = super::explain(env, campaign);
    let words = crate::words::from_env(env);
    let phase_name =
        |id| crate::words::phases::phase_name(&words, &campaign.tables.calendar, id, lang);
    let nations = now
        .nations
        .iter()
        .map(|(code, n)| NationLine {
            nation: code.to_string(),
            treasury: n.treasury,
            loan_due: n.loan.as_ref().map(|l| l.due()),
            armies: now.armies_of(code.as_str()).count(),
            army_ducats: now.armies_of(code.as_str()).map(|a| a.value).sum(),
            fleets: now.fleets_of(code.as_str()).count(),
            nodes: now.nodes_owned_by(code.as_str()).count(),
            objective: n.objective.as_ref().map(|o| {
                crate::words::explain::objective(
                    campaign,
                    o.kind,
                    o.target.as_ref().map(|t| t.as_str()),
                    lang,
                )
            }),
        })
        .collect();
    RefereeView {
        lang,
        campaign: campaign.title_it.clone(),
        phase: phase_name(before.phase),
        phase_key: before.phase.key(),
        next_phase: resolution.next.as_ref().map(|w| phase_name(w.phase)),
        deadline: facts.deadline.clone(),
        sent_orders: facts.sent_orders.iter().map(|n| n.to_string()).collect(),
        missing: before
            .clubs
            .iter()
            .filter(|c| !facts.sent_orders.contains(c))
            .map(|c| c.to_string())
            .collect(),
        rolls,
        outcomes: resolution
            .outcomes
            .iter()
            .map(|o| RefereeOutcome {
                nation: o.nation.to_string(),
                seq: o.at.seq,
                order: say.order_name(&o.order, lang),
                text: say.outcome(&o.result, lang),
            })
            .collect(),
        events: resolution
            .events
            .iter()
            .map(|e| RefereeEvent {
                audience: match &e.audience {
                    Audience::Public => words.plain(lang, "referee-audience-public"),
                    Audience::Nation(n) => n.to_string(),
                    Audience::Referee => words.plain(lang, "referee-audience-referee"),
                },
                rule: e.rule.clone(),
                // As its club reads it (a siege's defender sees no modifiers, G7): a
                // play-test's referee read the bribe in Milano's line and feared a leak.
                text: match &e.audience {
                    Audience::Nation(n) => say.happening(
                        &crate::rules::visibility::seen_by(
                            &e.what,
                            n,
                            campaign.tables.rulings.siege_defender_sees,
                        ),
                        lang,
                    ),
                    _ => say.happening(&e.what, lang),
                },
            })
            .collect(),
        nations,
        battles: now
            .battles
            .iter()
            .map(|b| {
                crate::t!(
                    words,
                    lang,
                    "referee-battle-line",
                    id = b.id.as_str(),
                    node = b.node.to_string(),
                    attacker = b.attacker.nation.to_string(),
                    defender = b.defender.nation.to_string()
                )
            })
            .collect(),
        messages,
    }
}

/// Renders the referee's report, in the view's language.
pub(crate) fn referee(env: &Environment, view: &RefereeView) -> Result<String> {
    let l = labels(env, view.lang)?;
    render(
        env,
        "referee.txt",
        minijinja::context! { r => Value::from(Serde(view)), L => l },
    )
}

/// One club's report with its picture, ready for mail or disk.
pub struct ClubReport {
    pub(crate) club: Club,
    pub view: ClubView,
    pub rendered: Rendered,
    pub png: Vec<u8>,
}

/// Builds and renders every club's report of a resolved phase. Maps are drawn on all
/// cores (the PNG is most of the cost); the result is in club order whatever the
/// number of threads.
pub fn club_reports(
    env: &Environment,
    campaign: &Campaign,
    before: &World,
    resolution: &Resolution,
    clubs: &[Club],
    facts: &PhaseFacts,
    map_src: &(dyn Fn(&Club) -> String + Sync),
) -> Result<Vec<ClubReport>> {
    let mut out =
        club_reports_unpictured(env, campaign, before, resolution, clubs, facts, map_src)?;
    let pngs = parallel_png(out.iter().map(|r| r.rendered.svg.as_str()).collect())?;
    for (r, png) in out.iter_mut().zip(pngs) {
        r.png = png;
    }
    Ok(out)
}

/// The same without the map pictures (`png` left empty), for a caller that draws them
/// while it does other work ([`parallel_png`]). The reports are written on every core
/// too, a task a club (each is its club's alone), and returned in club order.
pub(crate) fn club_reports_unpictured(
    env: &Environment,
    campaign: &Campaign,
    before: &World,
    resolution: &Resolution,
    clubs: &[Club],
    facts: &PhaseFacts,
    map_src: &(dyn Fn(&Club) -> String + Sync),
) -> Result<Vec<ClubReport>> {
    use rayon::prelude::*;
    let playing: Vec<&Club> = clubs.iter().filter(|c| before.is_club(&c.nation)).collect();
    // Each club's report a task of its own (rayon), so a core free takes the next.
    let words = super::explain(env, campaign);
    (playing.par_iter())
        .map_init(
            || words.clone(),
            |say, club| {
                let nation = crate::rules::NationCode::from(club.nation.as_str());
                let view = club_view(
                    campaign,
                    say,
                    before,
                    resolution,
                    ClubName {
                        nation: &nation,
                        name: &club.name,
                        lang: club.lang,
                    },
                    facts,
                );
                let rendered = club_report(env, campaign, &view, &map_src(club))?;
                Ok(ClubReport {
                    club: (*club).clone(),
                    view,
                    rendered,
                    png: Vec::new(),
                })
            },
        )
        .collect()
}

/// Rasterizes pictures on every core, keeping their order (rayon's pool: a caller that
/// has other work for the cores meanwhile joins it with this, as a phase's messages
/// do). Each picture depends on its SVG alone, so the bytes are the same for any
/// number of threads.
pub fn parallel_png(svgs: Vec<&str>) -> Result<Vec<Vec<u8>>> {
    use rayon::prelude::*;
    svgs.par_iter().map(|svg| png::map_to_png(svg)).collect()
}

/// The public bulletin of a phase in a language.
pub fn public(
    env: &Environment,
    campaign: &Campaign,
    before: &World,
    resolution: &Resolution,
    lang: Lang,
    facts: &PhaseFacts,
) -> PublicView {
    public_view(
        campaign,
        &super::explain(env, campaign),
        before,
        resolution,
        lang,
        facts,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::tables::Lang;
    use crate::rules::visibility::{ClubName, PhaseFacts, club_view};
    use crate::rules::world::FleetAt;
    use crate::rules::{NationCode, World};

    /// The shipped campaign and its 1494 start, every nation a club's.
    fn shipped_start() -> (Campaign, World) {
        let source = crate::scenario::Source::builtin("il-giglio").expect("built in");
        let c = crate::scenario::load(&source).expect("the shipped campaign loads");
        let codes: Vec<NationCode> = c.nations.iter().map(|n| n.code.clone()).collect();
        let start = World::start(&c, &codes);
        (c, start)
    }

    fn text(c: &Campaign, before: &World, now: &World, lang: Lang) -> String {
        let words = crate::words::Words::load(None).expect("catalogue");
        let env = crate::report::environment(None, words.clone()).expect("templates");
        let say = crate::words::explain::Explain::new(words, c);
        let r = Resolution {
            next: Some(now.clone()),
            outcomes: Vec::new(),
            events: Vec::new(),
            ledger: Default::default(),
        };
        let nation = NationCode::from("V");
        let club = ClubName {
            nation: &nation,
            name: "club",
            lang,
        };
        let view = club_view(c, &say, before, &r, club, &PhaseFacts::default());
        club_report_text(&env, &view).expect("renders")
    }

    /// Play-test 47: the note under the foreign pieces spoke of "what your spy told" to
    /// a club that never had one; it does only beside a spy in the club's service.
    #[test]
    fn the_markers_note_speaks_of_a_spy_only_to_a_club_with_one() {
        let (c, before) = shipped_start();
        let mut now = before.clone();
        for (spy, lang, said) in [
            (false, Lang::En, "your spy"),
            (true, Lang::En, "your spy"),
            (false, Lang::It, "vostra spia"),
            (true, Lang::It, "vostra spia"),
        ] {
            now.nations.get_mut("V").expect("V").spy = spy;
            let t = text(&c, &before, &now, lang);
            assert_eq!(t.contains(said), spy, "{lang:?} spy {spy}:\n{t}");
        }
    }

    /// Play-test 45: the referee's report, which words each event as its audience reads
    /// it, gave the siege's defender the besieger's modifiers (a bribe): the referee
    /// feared a leak the club's own report did not have.
    #[test]
    fn the_referees_report_words_a_siege_as_each_side_reads_it() {
        use crate::rules::outcome::{Audience, Event, Happening, SiegeModifier};
        let (c, before) = shipped_start();
        let round = Happening::SiegeRound {
            node: "M5".into(),
            besieger: "V".into(),
            armies: Vec::new(),
            roll: 5,
            modifiers: vec![SiegeModifier::Bribe {
                ducats: 25,
                value: 1,
            }],
            total: Some(6),
            needed: 7,
            fell: false,
        };
        let to = |n: &str| Event {
            audience: Audience::Nation(n.into()),
            rule: "G3d.2".into(),
            what: round.clone(),
        };
        let r = Resolution {
            next: Some(before.clone()),
            outcomes: Vec::new(),
            events: vec![to("V"), to("M")],
            ledger: Default::default(),
        };
        let words = crate::words::Words::load(None).expect("catalogue");
        let env = crate::report::environment(None, words).expect("templates");
        let view = referee_view(
            &env,
            &c,
            (&before, &r),
            &PhaseFacts::default(),
            0,
            Vec::new(),
            Lang::En,
        );
        let [v, m] = [0, 1].map(|i| view.events[i].text.clone());
        assert!(v.contains("ducats of bribe"), "{v}");
        assert!(!m.contains("bribe"), "{m}");
    }

    /// Play-test 44: a report's ledger gave the movements alone, and a club could not
    /// check them against its treasury: it opens with the treasury the phase found and
    /// closes with the one it left, the treasury's lines the difference, other accounts'
    /// lines after.
    #[test]
    fn the_ledger_runs_from_the_treasury_found_to_the_one_left() {
        use crate::rules::ledger::{Account, Entry, Item, Ledger};
        let (c, before) = shipped_start();
        let mut now = before.clone();
        let opened = before.nation("V").expect("V").treasury;
        now.nations.get_mut("V").expect("V").treasury = opened + 40 - 35;
        let entry = |amount, item| Entry {
            nation: NationCode::from("V"),
            account: Account::Treasury,
            amount,
            rule: "G2a.1".into(),
            item,
        };
        let node = c.map.nodes().next().expect("a node").code.clone();
        let r = Resolution {
            next: Some(now.clone()),
            outcomes: Vec::new(),
            events: Vec::new(),
            ledger: Ledger {
                entries: vec![
                    entry(40, Item::Income { node }),
                    Entry {
                        account: Account::Army("V-A1".into()),
                        ..entry(-80, Item::Transfer)
                    },
                    entry(-35, Item::Spy),
                ],
            },
        };
        let words = crate::words::Words::load(None).expect("catalogue");
        let env = crate::report::environment(None, words.clone()).expect("templates");
        let say = crate::words::explain::Explain::new(words, &c);
        for (lang, start, end) in [
            (Lang::En, "treasury at the start", "treasury at its end"),
            (Lang::It, "tesoro all'inizio", "tesoro alla fine"),
        ] {
            let nation = NationCode::from("V");
            let club = ClubName {
                nation: &nation,
                name: "club",
                lang,
            };
            let view = club_view(&c, &say, &before, &r, club, &PhaseFacts::default());
            let t = club_report_text(&env, &view).expect("renders");
            let lines: Vec<&str> = t.lines().map(str::trim).collect();
            let at = |s: &str| {
                lines
                    .iter()
                    .position(|l| l.contains(s))
                    .unwrap_or_else(|| panic!("{s} in\n{t}"))
            };
            let (first, last) = (at(start), at(end));
            assert!(
                lines[first].starts_with(&opened.to_string()),
                "{}",
                lines[first]
            );
            assert!(
                lines[last].starts_with(&(opened + 5).to_string()),
                "{}",
                lines[last]
            );
            assert!(lines[first + 1].starts_with("+40") && lines[first + 2].starts_with("-35"));
            assert_eq!(last, first + 3, "{t}");
            // An army's line comes after the treasury's closing (play-test 46 read
            // "630 / -80 army V-A3 / 630" as a sum that did not add up).
            assert!(lines[last + 1].starts_with("-80"), "{t}");
            let html = club_report(&env, &c, &view, "cid:map").expect("HTML").html;
            assert!(
                html.contains(&format!("<td class=\"amount\">{opened}</td>")),
                "{html}"
            );
        }
    }

    /// An army aboard a fleet at sea is where its fleet is, not at the port it left (a
    /// play-test read "V-A3 … Venezia (V0), imbarcato su V-F1" while V-F1 was at sea).
    #[test]
    fn an_army_aboard_is_shown_where_its_fleet_is() {
        let (c, before) = shipped_start();
        let fleet = (before.fleets_of("V").next())
            .expect("V has a fleet")
            .id
            .clone();
        let army = (before.armies_of("V").next())
            .expect("V has an army")
            .id
            .clone();
        let mut now = before.clone();
        let sea = c.map.seas().next().expect("a sea zone").code.clone();
        let f = now.fleets.get_mut(&fleet).expect("the fleet");
        f.at = FleetAt::Sea(sea.clone());
        f.cargo = Some(army.clone());
        now.armies.get_mut(&army).expect("the army").aboard = Some(fleet.clone());
        for (lang, aboard) in [(Lang::En, "aboard"), (Lang::It, "a bordo di")] {
            let at = c.place_said_in(sea.as_str(), lang);
            let t = text(&c, &before, &now, lang);
            let line = t
                .lines()
                .find(|l| l.trim_start().starts_with(&format!("{army} ")))
                .unwrap_or_else(|| panic!("{army} in\n{t}"));
            assert!(line.ends_with(&format!("{aboard} {fleet}, {at}")), "{line}");
        }
    }

    /// Issue 31 point 8: a report to a club that sent no orders says its forces held
    /// only where every piece stands where it stood; beside a fleet moved it says the
    /// rules moved them, and the events tell how.
    #[test]
    fn no_orders_says_held_only_when_nothing_moved() {
        let (c, before) = shipped_start();
        let fleet = before
            .fleets_of("V")
            .next()
            .expect("V has a fleet")
            .id
            .clone();
        let mut sailed = before.clone();
        let f = sailed.fleets.get_mut(&fleet).expect("the fleet");
        let sea = c.map.seas().next().expect("a sea zone").code.clone();
        f.at = FleetAt::Sea(sea);
        for lang in [Lang::En, Lang::It] {
            let stood = text(&c, &before, &before, lang);
            let moved = text(&c, &before, &sailed, lang);
            let held = if lang == Lang::En {
                "your pieces were given none and kept their standing orders; what befell them is told below"
            } else {
                "i vostri pezzi non ne hanno avuti e hanno tenuto i loro ordini permanenti; quel che è accaduto loro è detto qui sotto"
            };
            assert!(stood.contains(held), "{stood}");
            assert!(!moved.contains(held), "{moved}");
            let told = if lang == Lang::En {
                "below is what your forces did under the rules and their standing orders alone"
            } else {
                "qui sotto, ciò che le vostre forze hanno fatto secondo le sole regole"
            };
            assert!(moved.contains(told), "{moved}");
        }
    }

    /// A play-test's Milan met Venetians who withdrew into Bergamo and could not tell
    /// what held the walls: where no marker stands, the report says a garrison does;
    /// where one does, that its forces seen there hold them, perhaps with a garrison.
    #[test]
    fn walls_held_say_what_holds_them_as_far_as_the_club_sees() {
        use crate::rules::ids::{ArmyId, NodeCode};
        use crate::rules::world::{Army, Fortification, Garrison};
        let (c, before) = shipped_start();
        let lodi = NodeCode::from("M3");
        let mut now = before.clone();
        let node = now.nodes.get_mut(&lodi).expect("Lodi");
        node.fortification = Fortification::Fortified;
        node.garrison = Some(Garrison {
            nation: NationCode::from("M"),
            value: 40,
        });
        let v = ArmyId::from("V-A9");
        now.armies.insert(
            v.clone(),
            Army::new(v, NationCode::from("V"), lodi.clone(), 300),
        );
        let en = text(&c, &before, &now, Lang::En);
        assert!(
            en.contains("Lodi (M3): walls held by the Duchy of Milan: a garrison alone (no army or diplomat of theirs is seen there)"),
            "{en}"
        );
        let it = text(&c, &before, &now, Lang::It);
        assert!(
            it.contains("mura tenute dal Ducato di Milano: una guarnigione sola"),
            "{it}"
        );
        let m = ArmyId::from("M-A9");
        let mut inside = Army::new(m.clone(), NationCode::from("M"), lodi, 200);
        inside.inside = true;
        now.armies.insert(m, inside);
        let en = text(&c, &before, &now, Lang::En);
        assert!(
            en.contains(
                "walls held by the Duchy of Milan: their forces seen there, perhaps with a garrison"
            ),
            "{en}"
        );
    }

    /// The round 10 report opens the winter, which takes no orders: no "orders due"
    /// line (a play-test's club read it as orders wanted).
    #[test]
    fn the_report_opening_the_winter_asks_no_orders() {
        use crate::rules::calendar::{Phase, PhaseId};
        let (c, mut before) = shipped_start();
        before.phase = PhaseId {
            year: 1494,
            phase: Phase::Round(10),
        };
        let mut now = before.clone();
        now.phase = PhaseId {
            year: 1494,
            phase: Phase::Winter,
        };
        let en = text(&c, &before, &now, Lang::En);
        assert!(
            en.contains("The winter takes no orders: the referee resolves it")
                && !en.contains("Orders due"),
            "{en}"
        );
        let it = text(&c, &before, &now, Lang::It);
        assert!(
            it.contains("L'inverno non prende ordini: lo risolve l'arbitro"),
            "{it}"
        );
    }
}
