//! The welcome message's text: who the club plays, its treasury, holdings and forces,
//! the objectives it may choose and how each is measured, the first deadline and how
//! to play by mail. Built from the club's own world only (`club_world`).

use crate::rules::map::NodeKind;
use crate::rules::tables::Lang;
use crate::rules::world::Fortification;
use crate::rules::{Campaign, NationCode, World};
use crate::t;
use crate::words::Words;

/// What the welcome says beyond the club's own world.
pub(crate) struct WelcomeInput<'a> {
    pub(crate) campaign: &'a Campaign,
    /// The club's own world (`rules::visibility::club_world`) at the open phase.
    pub(crate) world: &'a World,
    pub(crate) nation: &'a NationCode,
    pub(crate) club_name: &'a str,
    pub(crate) lang: Lang,
    /// The club's secret, when the referee sends it by mail.
    pub(crate) secret: Secret<'a>,
    pub(crate) deadline: Option<&'a str>,
    /// Where clubs send their orders.
    pub(crate) orders_address: &'a str,
    /// The names of the attached files.
    pub(crate) sheet: &'a str,
    pub(crate) view: &'a str,
    pub(crate) map: &'a str,
    pub(crate) rulebook: Option<&'a str>,
    /// The attached club's guide's file name, if it is attached.
    pub(crate) guide: Option<&'a str>,
}

/// What the welcome says of the secret.
#[derive(Clone, Copy)]
pub(crate) enum Secret<'a> {
    /// Written in the message (redacted from the stored copy once delivered).
    Mailed(&'a str),
    /// Handed over another way by the referee.
    ByHand,
    /// A welcome sent again: the club keeps the secret it has.
    Kept,
    /// Written in the message, replacing any secret the club had (`club secret
    /// --rotate`).
    Renewed(&'a str),
}

/// Returns the welcome's subject and text.
pub(crate) fn render(words: &Words, s: &WelcomeInput) -> (String, String) {
    let (w, l, c) = (words, s.lang, s.campaign);
    let nation = c
        .nation(s.nation.as_str())
        .map_or(s.nation.to_string(), |n| match l {
            Lang::It => n.name_it.clone(),
            Lang::En => n.name_en.clone(),
        });
    // The game's name is the same in every language.
    let title = c.title_it.clone();
    let subject = t!(w, l, "welcome-subject", nation = nation.as_str());
    let phase = crate::words::explain::phase_name(w, &c.tables.calendar, s.world.phase, l);
    let mut parts = vec![t!(
        w,
        l,
        "welcome-hello",
        campaign = title.as_str(),
        club = s.club_name,
        nation = crate::rules::campaign::name_with_code(&nation, s.nation.as_str())
    )];
    // A welcome sent once the campaign has begun (a secret rotated, a club joining
    // late) names the next deadline, not the first; a rotated secret says the old one
    // no longer works (a play-test's club read such a welcome as a first one).
    let begun = s.world.phase
        != crate::rules::PhaseId {
            year: c.tables.calendar.start_year,
            phase: crate::rules::Phase::Spring,
        };
    parts.push(match s.secret {
        Secret::Renewed(secret) => format!(
            "{}\n\n{}",
            t!(w, l, "welcome-secret", secret = secret),
            w.plain(l, "welcome-secret-renewed")
        ),
        Secret::Mailed(secret) => t!(w, l, "welcome-secret", secret = secret),
        Secret::ByHand => w.plain(l, "welcome-secret-by-hand"),
        Secret::Kept => w.plain(l, "welcome-no-secret"),
    });
    parts.push(match s.deadline {
        Some(d) => t!(
            w,
            l,
            if begun {
                "welcome-deadline-next"
            } else {
                "welcome-deadline"
            },
            phase = phase.as_str(),
            deadline = d
        ),
        None => t!(
            w,
            l,
            if begun {
                "welcome-no-deadline-next"
            } else {
                "welcome-no-deadline"
            },
            phase = phase.as_str()
        ),
    });
    parts.push(t!(
        w,
        l,
        "welcome-how",
        sheet = s.sheet,
        phase = phase.as_str(),
        address = s.orders_address
    ));
    // The view travels inside the order page when the page is sent (its name ends so).
    let page = s.view.ends_with(".html").to_string();
    parts.push(t!(
        w,
        l,
        "welcome-check",
        sheet = s.sheet,
        view = s.view,
        page = page
    ));
    parts.push(position(w, s));
    parts.push(objectives(w, s));
    parts.push(match s.rulebook {
        Some(r) => t!(
            w,
            l,
            "welcome-attached",
            sheet = s.sheet,
            map = s.map,
            rulebook = r,
            view = s.view
        ),
        None => t!(
            w,
            l,
            "welcome-attached-no-rulebook",
            sheet = s.sheet,
            map = s.map,
            view = s.view
        ),
    });
    if let Some(g) = s.guide {
        parts.push(t!(w, l, "welcome-guide", guide = g));
    }
    let mut text = parts.join("\n\n");
    text.push('\n');
    (subject, text)
}

/// The treasury, holdings and forces.
fn position(w: &Words, s: &WelcomeInput) -> String {
    let (l, c, world) = (s.lang, s.campaign, s.world);
    let treasury = world.nations.get(s.nation).map_or(0, |n| n.treasury);
    let mut out = t!(w, l, "welcome-treasury", treasury = treasury);
    let mut nodes: Vec<_> = world
        .nodes
        .iter()
        .filter(|(_, n)| &n.owner == s.nation)
        .collect();
    nodes.sort_by(|a, b| crate::rules::ids::natural_cmp(a.0.as_str(), b.0.as_str()));
    out.push_str("\n\n");
    out.push_str(&t!(w, l, "welcome-holdings", count = nodes.len() as i64));
    for (code, state) in nodes {
        let Some(node) = c.map.node(code.as_str()) else {
            continue;
        };
        let mut what = vec![w.plain(
            l,
            match node.kind {
                NodeKind::City => "welcome-node-city",
                NodeKind::Fortress => "welcome-node-fortress",
                NodeKind::Village => "welcome-node-village",
            },
        )];
        if node.capital {
            what.push(w.plain(l, "welcome-node-capital"));
        }
        if node.port {
            what.push(w.plain(l, "welcome-node-port"));
        }
        if state.fortification == Fortification::Fortified && node.kind != NodeKind::Fortress {
            what.push(w.plain(l, "welcome-node-fortified"));
        }
        // The garrison a club plans its spring with (a play-test met them only in the
        // first report).
        if let Some(g) = &state.garrison {
            what.push(t!(w, l, "welcome-node-garrison", value = g.value));
        }
        out.push_str("\n  ");
        out.push_str(&t!(
            w,
            l,
            "welcome-node",
            code = code.as_str(),
            name = node.name.as_str(),
            what = what.join(", ")
        ));
    }
    out.push_str("\n\n");
    let armies: Vec<_> = world
        .armies
        .values()
        .filter(|a| &a.nation == s.nation)
        .collect();
    if armies.is_empty() {
        out.push_str(&w.plain(l, "welcome-no-armies"));
    } else {
        out.push_str(&t!(
            w,
            l,
            "welcome-armies",
            max = c.tables.armies.max_armies
        ));
        for a in armies {
            let name = c.map.node(a.node.as_str()).map_or("", |n| n.name.as_str());
            out.push_str("\n  ");
            // An army aboard is where its fleet is (a play-test's welcome put it ashore).
            if let Some(fleet) = &a.aboard {
                out.push_str(&t!(
                    w,
                    l,
                    "welcome-army-aboard",
                    id = a.id.as_str(),
                    fleet = fleet.as_str(),
                    value = a.value
                ));
                continue;
            }
            out.push_str(&t!(
                w,
                l,
                "welcome-army",
                id = a.id.as_str(),
                node = a.node.as_str(),
                name = name,
                value = a.value
            ));
        }
    }
    out.push_str("\n\n");
    let limit = c.nation(s.nation.as_str()).map_or(0, |n| n.fleet_limit);
    let fleets: Vec<_> = world
        .fleets
        .values()
        .filter(|f| &f.nation == s.nation)
        .collect();
    if fleets.is_empty() {
        out.push_str(&t!(
            w,
            l,
            "welcome-no-fleets",
            limit = limit,
            cost = c.tables.fleets.cost
        ));
    } else {
        out.push_str(&t!(w, l, "welcome-fleets", limit = limit));
        for f in fleets {
            let at = match &f.at {
                crate::rules::world::FleetAt::Port(p) => p.to_string(),
                crate::rules::world::FleetAt::Sea(z) => z.to_string(),
            };
            let name = c.place_name_in(&at, s.lang);
            out.push_str("\n  ");
            out.push_str(&t!(
                w,
                l,
                "welcome-fleet",
                id = f.id.as_str(),
                at = at.as_str(),
                name = name,
                sea = if c.map.node(&at).is_none() {
                    "yes"
                } else {
                    "no"
                }
            ));
        }
    }
    out
}

/// The objectives the club may choose, and how each is measured.
fn objectives(w: &Words, s: &WelcomeInput) -> String {
    let l = s.lang;
    // Chosen already (a welcome sent again later): the club's own, not the list.
    let chosen = (s.world.nations.get(s.nation)).and_then(|n| n.objective.as_ref());
    let entry =
        chosen.and_then(|o| (s.campaign.tables.victory.objective.iter()).find(|e| e.id == o.kind));
    if let (Some(o), Some(e)) = (chosen, entry) {
        let name = crate::words::explain::objective_name(e, l);
        let target = o.target.as_ref().map_or(String::new(), |t| {
            format!(" ({})", s.campaign.nation_name(t.as_str(), l))
        });
        return t!(
            w,
            l,
            "welcome-objective-chosen",
            name = format!("{name}{target}")
        );
    }
    let mut out = w.plain(l, "welcome-objectives");
    let possible = |o: &&crate::rules::tables::ObjectiveEntry| {
        crate::rules::victory::objective_possible(s.campaign, s.nation, o.id)
    };
    for o in s.campaign.tables.victory.objective.iter().filter(possible) {
        let kind = crate::words::explain::objective_key(o.id);
        let name = crate::words::explain::objective_name(o, l);
        let measure = w.plain(l, &format!("objective-measure-{kind}"));
        // An objective with a target is shown with one (another club's nation), so that
        // the line copied as it stands is a valid order.
        let target = match o.id {
            crate::rules::tables::ObjectiveKind::ConquerNation => s
                .world
                .clubs
                .iter()
                .find(|n| *n != s.nation)
                .map_or_else(|| "none".to_owned(), ToString::to_string),
            _ => "none".to_owned(),
        };
        out.push_str("\n  - ");
        out.push_str(&t!(
            w,
            l,
            "welcome-objective",
            name = name,
            kind = kind.as_str(),
            target = target,
            measure = measure
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::order::Objective;
    use crate::rules::tables::ObjectiveKind;

    /// A welcome sent again later (a secret rotated): the club's army aboard is said to
    /// be aboard, and its chosen objective is named instead of the list to choose from
    /// (a play-test's welcome put an army aboard ashore and offered every objective).
    #[test]
    fn a_later_welcome_tells_the_club_as_it_stands() {
        let c = crate::fixtures::shipped();
        let t = NationCode::from("T");
        let clubs = [NationCode::from("V"), t.clone()];
        let mut world = World::start(&c, &clubs);
        world.phase = crate::rules::PhaseId {
            year: 1495,
            phase: crate::rules::Phase::Round(2),
        };
        let fleet = (world.fleets.values().find(|f| f.nation == t))
            .map(|f| f.id.clone())
            .expect("a Turkish fleet");
        let army = (world.armies.values_mut().find(|a| a.nation == t)).expect("a Turkish army");
        army.aboard = Some(fleet.clone());
        let army = army.id.clone();
        world.nations.get_mut(&t).expect("T").objective = Some(Objective {
            kind: ObjectiveKind::MostCities,
            target: None,
        });
        let words = Words::load(None).expect("catalogue");
        let (_, text) = render(
            &words,
            &WelcomeInput {
                campaign: &c,
                world: &world,
                nation: &t,
                club_name: "Sublime Porte Wargamers",
                lang: Lang::En,
                secret: Secret::Renewed("AAAA-BBBB-CCCC-DDDD-EEEE"),
                deadline: Some("2026-12-20 21:00"),
                orders_address: "arbitro@giglio-club.it",
                sheet: "orders-T-1495-r02.toml",
                view: "orders-T-1495-r02.html",
                map: "map-T.png",
                rulebook: None,
                guide: None,
            },
        );
        assert!(
            text.contains(&format!("{army} aboard fleet {fleet}, ")),
            "{text}"
        );
        assert!(
            text.contains("Your secret objective (G8.1), chosen in your first spring file: ")
                && !text.contains("is chosen in your first spring file, from these"),
            "{text}"
        );
        assert!(text.contains("The next deadline for orders ("), "{text}");
        assert!(text.contains("This secret is new"), "{text}");
    }
}
