//! The pre-filled order sheet attached to every club report: a valid order file for the
//! open phase with the header filled in (the secret left for the club to type), and, as
//! comments in the club's language, every piece with what it does if the club sends
//! nothing and the orders it may give (from `rules::menu`, which sees only the
//! club's own world).

use crate::orders::unparse_order;
use crate::rules::menu::{Idle, NoRaise, Options, PieceKind, PieceOptions, SpringOptions};
use crate::rules::order::{OrderKind, Piece};
use crate::rules::tables::Lang;
use crate::rules::{Campaign, NationCode};
use crate::t;
use crate::words::Words;
use std::fmt::Write as _;

/// What a sheet is made of.
pub(crate) struct SheetInput<'a> {
    pub(crate) campaign: &'a Campaign,
    pub(crate) nation: &'a NationCode,
    pub(crate) lang: Lang,
    /// The open phase's key (`1494-r03`) and its name in the club's language.
    pub(crate) phase_key: &'a str,
    pub(crate) phase_name: &'a str,
    pub(crate) deadline: Option<&'a str>,
    pub(crate) options: &'a Options,
    /// The club's battles waiting for their result (from its own world).
    pub(crate) battles: &'a [crate::rules::world::Battle],
    /// The nations played by clubs (a battle against any other is the referee's, G0).
    pub(crate) clubs: &'a std::collections::BTreeSet<NationCode>,
    /// Whether the order page carries the club's view (the check then reads the page).
    pub(crate) page: bool,
    /// G0: the club's nation is in civil disorder, which this file ends.
    pub(crate) in_disorder: bool,
    /// Where the club sees a foreign marker on land, with its nation (`OwnWorld::seen`).
    pub(crate) seen: &'a [(String, NationCode)],
}

/// The file name of a club's sheet for a phase: `ordini-V-1494-r03.toml`, the season's
/// word in the club's language (`ordini-V-1494-primavera.toml`, `orders-V-1494-spring.toml`;
/// a play-test read the English word in an Italian name as a slip). Only a name: the file
/// says its phase by its `phase` key.
pub(crate) fn file_name(lang: Lang, nation: &NationCode, phase_key: &str) -> String {
    let stem = match lang {
        Lang::It => "ordini",
        Lang::En => "orders",
    };
    format!("{stem}-{nation}-{}.toml", named_key(lang, phase_key))
}

/// A phase key as a file name says it to the club: its season in the club's language
/// (`1494-primavera`, `1494-inverno`; rounds stay `1494-r03`).
fn named_key(lang: Lang, phase_key: &str) -> String {
    match lang {
        Lang::It => phase_key
            .replace("-spring", "-primavera")
            .replace("-winter", "-inverno"),
        Lang::En => phase_key.to_owned(),
    }
}

/// The view file's type, as attached.
pub(crate) const VIEW_MIME: &str = "application/gzip";

/// The file name of the club's view that `giglio orders check --view` reads, its season
/// named as the sheet's beside it is (a play-test's club found
/// `giglio-V-1494-winter.json.gz` next to `ordini-V-1494-inverno.toml`).
pub(crate) fn view_file_name(lang: Lang, nation: &NationCode, phase_key: &str) -> String {
    format!("giglio-{nation}-{}.json.gz", named_key(lang, phase_key))
}

/// Writes text as TOML comment lines.
fn comment(out: &mut String, text: &str) {
    for line in text.lines() {
        if line.is_empty() {
            out.push_str("#\n");
        } else {
            let _ = writeln!(out, "# {line}");
        }
    }
}

/// Writes an order as commented lines, ready to uncomment.
fn commented_order(out: &mut String, kind: &OrderKind) {
    for line in unparse_order(kind).lines() {
        let _ = writeln!(out, "# {line}");
    }
}

/// What an order is about, to list the alternatives of one kind: a node, sea zone or
/// army.
fn target(kind: &OrderKind) -> Option<String> {
    use crate::rules::order::{FleetTo, SapperAt};
    match kind {
        OrderKind::Raise { node, .. }
        | OrderKind::Fortify { node }
        | OrderKind::Repair { node }
        | OrderKind::HireDiplomat { node }
        | OrderKind::Land { node, .. }
        | OrderKind::HireSapper {
            at: SapperAt::Node(node),
        } => Some(node.to_string()),
        OrderKind::BuildFleet { port } => Some(port.to_string()),
        OrderKind::FleetMove { to, .. } => Some(match to {
            FleetTo::Sea(z) => z.to_string(),
            FleetTo::Port(p) => p.to_string(),
        }),
        OrderKind::Embark { army, .. } => Some(army.to_string()),
        _ => None,
    }
}

/// The key an order is written under in the file (`fleet_move`, `loan`), with the
/// specialist for a `hire`: sappers, diplomats, spies and assassins are listed and shown
/// apart, each with its own example (a sapper's nodes are not a diplomat's).
fn key_of(kind: &OrderKind) -> String {
    use crate::rules::order::SapperAt;
    match kind {
        OrderKind::HireSapper {
            at: SapperAt::Node(_),
        } => return "hire sapper".into(),
        OrderKind::HireDiplomat { .. } => return "hire diplomat".into(),
        OrderKind::HireSpy => return "hire spy".into(),
        OrderKind::HireAssassin => return "hire assassin".into(),
        _ => {}
    }
    let text = unparse_order(kind);
    let first = text.lines().next().unwrap_or_default();
    first
        .trim_start_matches("[[")
        .split([']', ' '])
        .next()
        .unwrap_or_default()
        .to_owned()
}

/// Writes orders grouped by kind: for a kind with several alternatives, the list of
/// what each is about, then one of them as an example to uncomment.
fn grouped(out: &mut String, w: &Words, s: &SheetInput, orders: &[&OrderKind]) {
    // Each order's key once: the codec writes the order to find it. An army's boarding
    // comes first: orders are carried out in the file's order, and an army embarked
    // above its fleet's move sails with it (a sheet that listed the move first had a
    // club that uncommented both leave its army on the quay).
    let mut keyed: Vec<(String, &OrderKind)> = orders.iter().map(|o| (key_of(o), *o)).collect();
    keyed.sort_by_key(|(_, o)| !matches!(o, OrderKind::Embark { .. }));
    let mut kinds: Vec<&str> = Vec::new();
    for (key, _) in &keyed {
        if !kinds.contains(&key.as_str()) {
            kinds.push(key);
        }
    }
    for kind in kinds {
        let group: Vec<&OrderKind> = keyed
            .iter()
            .filter(|(key, _)| key == kind)
            .map(|(_, o)| *o)
            .collect();
        let targets: Vec<String> = group
            .iter()
            .filter_map(|o| target(o))
            .map(|t| {
                let name = s.campaign.place_name_in(&t, s.lang);
                if name.is_empty() || name == t {
                    t
                } else {
                    format!("{t} {name}")
                }
            })
            .collect();
        out.push_str(
            "#
",
        );
        // One alternative is named too when it is a place: `to = "ADN"` alone does
        // not say which sea that is.
        let one_place = group.len() == 1
            && group
                .first()
                .and_then(|o| target(o))
                .is_some_and(|t| s.campaign.place_name_in(&t, s.lang) != t);
        if (group.len() > 1 || one_place) && !targets.is_empty() {
            // The kind in the club's words, the file's key beside it where they differ.
            let label = w.plain(
                s.lang,
                &format!("order-name-{}", group[0].name().replace(' ', "-")),
            );
            // The key as the file writes it: `hire`, whichever specialist it hires.
            let key = kind.split(' ').next().unwrap_or(kind);
            let named = if label == key {
                label
            } else {
                format!("{label} ({key})")
            };
            let line = t!(
                w,
                s.lang,
                if one_place {
                    "sheet-one"
                } else {
                    "sheet-group"
                },
                order = named,
                targets = targets.join(", ")
            );
            comment(out, &line);
        }
        commented_order(out, group[0]);
    }
}

/// Renders the sheet.
pub(crate) fn render(words: &Words, s: &SheetInput) -> String {
    let (w, l, c) = (words, s.lang, s.campaign);
    let nation_name = c
        .nation(s.nation.as_str())
        .map_or(s.nation.to_string(), |n| match l {
            Lang::It => n.name_it.clone(),
            Lang::En => n.name_en.clone(),
        });
    let mut out = String::new();
    let mut intro = t!(
        w,
        l,
        "sheet-title",
        // "Spagna (Corone d'Aragona in Italia, S)": one pair of brackets.
        nation = crate::rules::campaign::name_with_code(&nation_name, s.nation.as_str()),
        phase = s.phase_name
    );
    intro.push('\n');
    // The winter takes no orders: its sheet says so instead of a deadline to send by (a
    // play-test's clubs could not tell whether to send a winter file, or when).
    let winter = s.phase_key.ends_with("-winter");
    intro.push_str(&match s.deadline {
        _ if winter => w.plain(l, "sheet-winter"),
        Some(d) => t!(w, l, "sheet-deadline", deadline = d),
        None => w.plain(l, "sheet-no-deadline"),
    });
    if s.in_disorder && !winter {
        intro.push_str("\n\n");
        intro.push_str(&w.plain(l, "sheet-in-disorder"));
    }
    let parts: &[&str] = if winter {
        &["sheet-secret"]
    } else {
        &["sheet-secret", "sheet-as-is", "sheet-how", "sheet-send"]
    };
    for id in parts {
        intro.push_str("\n\n");
        intro.push_str(&w.plain(l, id));
    }
    intro.push_str("\n\n");
    let file = file_name(l, s.nation, s.phase_key);
    let view = if s.page {
        super::page::file_name(l, s.nation, s.phase_key)
    } else {
        view_file_name(l, s.nation, s.phase_key)
    };
    intro.push_str(&t!(
        w,
        l,
        "sheet-check",
        file = file.as_str(),
        view = view.as_str()
    ));
    comment(&mut out, &intro);
    let _ = write!(
        out,
        "\nclub = {:?}\nphase = {:?}\nsecret = \"\"\n",
        s.nation.as_str(),
        s.phase_key
    );
    if let Some(spring) = &s.options.spring {
        spring_keys(&mut out, w, s, spring);
    }
    for p in &s.options.pieces {
        piece(&mut out, w, s, p);
    }
    encounter_note(&mut out, w, s);
    choices::assassins(&mut out, w, s);
    for b in s.battles {
        battle_stub(&mut out, w, s, b);
    }
    if let Some(spring) = &s.options.spring {
        spring_tables(&mut out, w, s, spring);
    }
    letters(&mut out, w, s);
    extension(&mut out, w, s);
    out
}

/// G6.3: where the campaign grants extensions and the phase has a deadline, a commented
/// `[extension]` to ask for more time.
fn extension(out: &mut String, w: &Words, s: &SheetInput) {
    let r = &s.campaign.tables.rulings;
    if r.extension_max_hours == 0 || s.deadline.is_none() {
        return;
    }
    let l = s.lang;
    let _ = writeln!(out, "\n# ==== {} ====", w.plain(l, "sheet-extension-title"));
    comment(
        out,
        &t!(
            w,
            l,
            "sheet-extension",
            max = r.extension_max_hours as i64,
            per_year = r.extensions_per_year as i64
        ),
    );
    let _ = writeln!(
        out,
        "# [extension]\n# hours = 24\n# reason = {:?}",
        w.plain(l, "sheet-extension-reason")
    );
}

/// G5.3: the clubs it may write to, and a commented `[[letter]]` to fill in.
fn letters(out: &mut String, w: &Words, s: &SheetInput) {
    let Some(first) = s.options.letters.first() else {
        return;
    };
    let l = s.lang;
    let names: Vec<String> = s
        .options
        .letters
        .iter()
        .map(|n| s.campaign.nation_said(n.as_str(), l))
        .collect();
    let _ = writeln!(out, "\n# ==== {} ====", w.plain(l, "sheet-letters-title"));
    // Which order holds the club's place in the phase, if it takes any: a play-test's
    // spring sheet offered a `[[stance]]`, an order of the rounds only.
    let phase = if s.phase_key.ends_with("-winter") {
        "winter"
    } else if s.phase_key.ends_with("-spring") {
        "spring"
    } else {
        "round"
    };
    comment(out, &t!(w, l, "sheet-letters", clubs = names.join(", ")));
    comment(out, &w.plain(l, &format!("sheet-letters-{phase}")));
    let _ = writeln!(
        out,
        "# [[letter]]\n# to = [{:?}]\n# text = {:?}",
        first.as_str(),
        w.plain(l, "sheet-letter-text")
    );
    if s.campaign.tables.rulings.letters_anonymous {
        comment(out, &w.plain(l, "sheet-letter-anonymous"));
    }
}

/// The spring's money and the orders written as keys of the file (loan, objective,
/// Strategos bid, alliances), which TOML wants before any `[[table]]`.
fn spring_keys(out: &mut String, w: &Words, s: &SheetInput, sp: &SpringOptions) {
    let (l, c) = (s.lang, s.campaign);
    out.push('\n');
    let mut text = t!(
        w,
        l,
        "sheet-spring-money",
        treasury = sp.treasury,
        spendable = sp.spendable
    );
    text.push('\n');
    text.push_str(&if sp.loan_limit > 0 {
        t!(
            w,
            l,
            "sheet-spring-loan",
            limit = sp.loan_limit,
            interest = c.tables.loan.interest_percent
        )
    } else {
        w.plain(l, "sheet-spring-no-loan")
    });
    let tb = &c.tables;
    text.push('\n');
    text.push_str(&t!(
        w,
        l,
        "sheet-spring-costs",
        min_raise = tb.armies.min_raise,
        max_armies = tb.armies.max_armies,
        fortify_city = tb.works.fortify_city,
        fortify_village = tb.works.fortify_village,
        repair = tb.works.repair,
        garrison = tb.garrison.detach_cost,
        sapper = tb.specialists.sapper,
        diplomat = tb.specialists.diplomat,
        spy = tb.specialists.spy,
        assassin = tb.specialists.assassin,
        // A nation that may have no fleet is not told what one costs (a play-test read
        // the price as an offer the welcome had said it did not have).
        fleet = if offers_fleets(sp) {
            tb.fleets.cost.to_string()
        } else {
            "none".to_owned()
        }
    ));
    comment(out, &text);
    if let Some(loan) = sp
        .orders
        .iter()
        .find(|o| matches!(o, OrderKind::Loan { .. }))
    {
        commented_order(out, loan);
    }
    if sp.first_spring {
        out.push('\n');
        let mut text = w.plain(l, "sheet-spring-objective");
        for o in (tb.victory.objective.iter())
            .filter(|o| crate::rules::victory::objective_possible(c, s.nation, o.id))
        {
            let kind = crate::words::explain::objective_key(o.id);
            let name = crate::words::explain::objective_name(o, l);
            text.push('\n');
            text.push_str("  ");
            text.push_str(&t!(
                w,
                l,
                "sheet-spring-objective-kind",
                kind = kind.as_str(),
                name = name
            ));
        }
        comment(out, &text);
        out.push_str("# objective = { kind = \"most_cities\" }\n");
        let other = other_club(c, s);
        let _ = writeln!(
            out,
            "# objective = {{ kind = \"conquer_nation\", target = {other:?} }}"
        );
    }
    out.push('\n');
    let mut text = w.plain(l, "sheet-spring-strategos");
    if !sp.move_order_clubs.is_empty() {
        let clubs: Vec<String> = sp
            .move_order_clubs
            .iter()
            .map(|n| format!("{n} {}", c.nation_name(n.as_str(), l)))
            .collect();
        text.push('\n');
        text.push_str(&t!(
            w,
            l,
            "sheet-spring-strategos-clubs",
            clubs = clubs.join(", ")
        ));
    }
    comment(out, &text);
    let _ = writeln!(
        out,
        "# strategos = {{ bid = 50, move_order = [{:?}] }}",
        s.nation.as_str()
    );
    comment(out, &w.plain(l, "sheet-spring-alliances"));
    // Its own alliances and declarations on record (a play-test's club could not tell
    // whether writing `alliances` again replaced the declaration it had made).
    let named = |list: &[NationCode]| {
        let names: Vec<String> = (list.iter())
            .map(|n| format!("{n} {}", c.nation_name(n.as_str(), l)))
            .collect();
        if names.is_empty() {
            w.plain(l, "sheet-none")
        } else {
            names.join(", ")
        }
    };
    comment(
        out,
        &t!(
            w,
            l,
            "sheet-spring-alliances-now",
            allies = named(&s.options.allies),
            declared = named(&s.options.declared),
            broken = if s.options.broken.is_empty() {
                "none".to_owned()
            } else {
                named(&s.options.broken)
            }
        ),
    );
    // Never a nation whose alliance was broken: declaring it again makes nothing (a
    // play-test's sheet, every other club's alliance broken, offered one all the same).
    let o = s.options;
    let example = (s.clubs.iter())
        .filter(|n| *n != s.nation && !o.broken.contains(n))
        .min_by_key(|n| o.allies.contains(n) || o.declared.contains(n));
    if let Some(other) = example {
        let _ = writeln!(out, "# alliances = [{:?}]", other.as_str());
    }
}

/// Another club's nation, for the spring's examples (a play-test's sheet named a neutral
/// nation, and its club wondered whether one could be a target or an ally); any other
/// nation where the club plays alone.
fn other_club(c: &Campaign, s: &SheetInput) -> String {
    // Not one it is allied with, waits for or whose alliance was broken: an example
    // that changes nothing (a play-test's sheet offered a broken alliance again).
    let o = s.options;
    let fresh = |n: &&NationCode| {
        *n != s.nation
            && ![&o.allies, &o.declared, &o.broken]
                .iter()
                .any(|l| l.contains(n))
    };
    (s.clubs.iter().find(fresh))
        .or_else(|| s.clubs.iter().find(|n| *n != s.nation))
        .or_else(|| c.nations.iter().map(|n| &n.code).find(|n| *n != s.nation))
        .map_or("M".to_owned(), ToString::to_string)
}

/// The spring orders that are not a piece's, as commented tables.
fn spring_tables(out: &mut String, w: &Words, s: &SheetInput, sp: &SpringOptions) {
    let rest: Vec<&OrderKind> = sp
        .orders
        .iter()
        .filter(|o| !matches!(o, OrderKind::Loan { .. }))
        .collect();
    if rest.is_empty() {
        return;
    }
    out.push('\n');
    let offered = t!(
        w,
        s.lang,
        "sheet-spring-orders-offered",
        raise = if sp.no_raise.is_none() { "yes" } else { "no" },
        fleets = if offers_fleets(sp) { "yes" } else { "no" }
    );
    let heading = match sp.no_raise {
        None => offered,
        Some(why) => {
            let reason = match why {
                NoRaise::MostArmies { max } => t!(w, s.lang, "sheet-no-raise-most", max = max),
                NoRaise::Treasury { min } => t!(
                    w,
                    s.lang,
                    "sheet-no-raise-treasury",
                    min = min,
                    spendable = sp.spendable
                ),
                NoRaise::NoCity => w.plain(s.lang, "sheet-no-raise-city"),
            };
            format!("{reason}\n{offered}")
        }
    };
    comment(out, &heading);
    grouped(out, w, s, &rest);
}

/// Whether the spring's sheet offers a fleet (G2b: a nation with a port of its own).
fn offers_fleets(sp: &SpringOptions) -> bool {
    sp.orders
        .iter()
        .any(|o| matches!(o, OrderKind::BuildFleet { .. }))
}

fn piece(out: &mut String, w: &Words, s: &SheetInput, p: &PieceOptions) {
    let (l, c) = (s.lang, s.campaign);
    let title = piece_title(w, l, c, s.options, p);
    let idle = idle_text(w, l, c, &p.idle, &p.at, &p.id);
    let _ = writeln!(out, "\n# ==== {title} ====");
    comment(out, &idle);
    let moves: Vec<&Vec<crate::rules::NodeCode>> = p
        .orders
        .iter()
        .filter_map(|o| match o {
            OrderKind::Move { path, .. } => Some(path),
            _ => None,
        })
        .collect();
    if let Some(first) = p
        .orders
        .iter()
        .find(|o| matches!(o, OrderKind::Move { .. }))
    {
        let mut text = w.plain(l, "sheet-moves");
        for path in &moves {
            let last = path.last().map(|n| n.as_str()).unwrap_or_default();
            let shown: Vec<String> = path.iter().map(|n| format!("{:?}", n.as_str())).collect();
            text.push_str("\n  ");
            text.push_str(&t!(
                w,
                l,
                "sheet-move-line",
                node = last,
                name = c.place_name(last),
                path = format!("[{}]", shown.join(", "))
            ));
        }
        // A round's garrison may be left at a node of the path as the army passes.
        if p.orders
            .iter()
            .any(|o| matches!(o, OrderKind::Garrison { .. }))
        {
            text.push('\n');
            text.push_str(&w.plain(l, "sheet-garrison-on-the-way"));
        }
        text.push('\n');
        text.push_str(&w.plain(l, "sheet-example"));
        comment(out, &text);
        commented_order(out, first);
    }
    let others: Vec<&OrderKind> = p
        .orders
        .iter()
        .filter(|o| !matches!(o, OrderKind::Move { .. }))
        .collect();
    if !others.is_empty() {
        comment(out, &w.plain(l, "sheet-orders"));
        grouped(out, w, s, &others);
    }
    if p.kind == PieceKind::Fleet {
        fleet_notes(out, w, s, p);
    }
    // G3d.3: what a bribe buys, where the piece may besiege (issue 29: a bribe short of
    // a step buys nothing, said before it is paid); said once a sheet, at the first
    // piece that may besiege (the mail's weight).
    let besieges = |q: &PieceOptions| {
        q.orders
            .iter()
            .any(|o| matches!(o, OrderKind::Siege { lift: false, .. }))
    };
    let first = s.options.pieces.iter().find(|q| besieges(q));
    if besieges(p) && first.is_some_and(|q| q.id == p.id) {
        let step = c.tables.siege.bribe_step;
        comment(
            out,
            &t!(
                w,
                l,
                "sheet-siege-bribe",
                step = step,
                per = c.tables.siege.per_bribe_step as i64,
                short = (step - 5).max(1)
            ),
        );
        // What the roll needs, every modifier of Table 35 (a play-test's club paid a
        // bribe that could not make its roll succeed, not knowing the target).
        let t = &c.tables.siege;
        comment(
            out,
            &t!(
                w,
                l,
                "sheet-siege-roll",
                per_round = format!("{:+}", t.per_round_spent),
                sapper = format!("{:+}", t.besieger_sapper),
                per = format!("{:+}", t.per_bribe_step),
                step = step,
                garrison = format!("{:+}", t.garrison_present),
                defender_sapper = format!("{:+}", t.defender_sapper),
                city = format!("{:+}", t.fortified_city),
                fortress = format!("{:+}", t.fortress),
                village = format!("{:+}", t.fortified_village),
                target = i64::from(t.target)
            ),
        );
        // What a siege costs the army each round (a play-test saw the 10 ducats in the
        // report only, after the first round).
        comment(
            out,
            &t!(
                w,
                l,
                "sheet-siege-cost",
                cost = c.tables.siege.army_cost_per_round
            ),
        );
    }
    if p.inside {
        comment(out, &w.plain(l, "sheet-inside"));
    }
    if let Some(ally) = &p.besieges_ally {
        comment(
            out,
            &t!(
                w,
                l,
                "sheet-siege-ally",
                ally = c.nation_name(ally.as_str(), l),
                army = p.id.as_str()
            ),
        );
    }
    if p.stunned {
        // A play-test's club read "no order is possible" for an army whose commander
        // was killed, and could not change how it met the attack that came.
        comment(out, &w.plain(l, "sheet-stunned"));
        choices::stance(out, w, s, &p.id, p.stance.as_ref());
        return;
    }
    if p.orders.is_empty() {
        // An army aboard is landed by its fleet's order (a play-test's club read "no
        // order is possible" of an army aboard in its own port, and sailed out and back).
        match &p.idle {
            Idle::Aboard { fleet }
                if s.options.spring.is_none() && !s.phase_key.ends_with("-winter") =>
            {
                comment(
                    out,
                    &t!(w, l, "sheet-aboard-orders", fleet = fleet.as_str()),
                );
            }
            _ => comment(out, &w.plain(l, "sheet-nothing")),
        }
    }
    // A stance is always possible for a piece ashore in a round: its choices now, and
    // the order that changes them, written with them.
    if let Some(OrderKind::Move { piece, .. }) = p.orders.first() {
        let id = match piece {
            Piece::Army(a) => a.to_string(),
            Piece::Diplomat(d) => d.to_string(),
        };
        choices::stance(out, w, s, &id, p.stance.as_ref());
    }
}

/// G3c.2–3, once a sheet where a piece may move: what `on_contact` meets where the other
/// side stands on the table's default, as a neutral army always does (G0 gives it no
/// orders), in the campaign's own Table 34 words (a play-test's piece was turned back at
/// a neutral's node, and only the encounter's line said why).
fn encounter_note(out: &mut String, w: &Words, s: &SheetInput) {
    let moves = s
        .options
        .pieces
        .iter()
        .any(|p| matches!(p.orders.first(), Some(OrderKind::Move { .. })));
    if !moves {
        return;
    }
    use crate::rules::tables::Choice;
    let e = &s.campaign.tables.encounters;
    let stands = e.default_when_contacted;
    let cell = |hand: Choice| {
        e.lookup(hand, stands)
            .map_or_else(String::new, |c| match s.lang {
                Lang::It => c.text_it.clone(),
                Lang::En => c.text_en.clone(),
            })
    };
    let text = t!(
        w,
        s.lang,
        "sheet-encounter-stands",
        default = choices::choice_said(w, s.lang, &choices::choice_word(stands)),
        stop = cell(Choice::Stop),
        attack = cell(Choice::Attack),
        retreat = cell(Choice::Retreat)
    );
    out.push('\n');
    comment(out, &text);
    // What a standing choice cannot do, said once (a play-test's "withdraw" became a stop,
    // and an attack on an ally's force betrayed an alliance, neither foreseen); the
    // choices in the club's words once, not beside every piece's stance (the mail's
    // weight).
    comment(out, &w.plain(s.lang, "sheet-stance-limits"));
    let glossed = choices::choices_said(w, s.lang, &["stop", "retreat", "attack", "withdraw"]);
    if glossed != "stop | retreat | attack | withdraw" {
        comment(out, &t!(w, s.lang, "sheet-stance-words", choices = glossed));
    }
}

/// A battle waiting for the club's result: a commented `[[battle_result]]` to fill in
/// once it is fought at the table (its winner and each side's loss in ducats).
fn battle_stub(out: &mut String, w: &Words, s: &SheetInput, b: &crate::rules::world::Battle) {
    let l = s.lang;
    let _ = writeln!(
        out,
        "\n# ==== {} ====",
        t!(
            w,
            l,
            "sheet-battle",
            battle = b.id.as_str(),
            node = b.node.as_str(),
            name = s.campaign.place_name(b.node.as_str()),
            // Nations by their names, their codes beside (the result block writes codes).
            attacker = nation_said(s.campaign, b.attacker.nation.as_str(), l),
            attacker_ducats = b.attacker.ducats,
            defender = nation_said(s.campaign, b.defender.nation.as_str(), l),
            defender_ducats = b.defender.ducats
        )
    );
    let other = if b.attacker.nation == *s.nation {
        &b.defender.nation
    } else {
        &b.attacker.nation
    };
    // A neutral nation sends no result: the referee decides (G0), never "two agreeing".
    let how = if !s.campaign.tables.rulings.battle_results_at_once {
        "sheet-battle-result-later"
    } else if !s.clubs.contains(other) {
        "sheet-battle-result-neutral"
    } else {
        "sheet-battle-result"
    };
    comment(out, &w.plain(l, how));
    commented_order(
        out,
        &OrderKind::BattleResult {
            battle: b.id.clone(),
            winner: Some(s.nation.clone()),
            losses: vec![
                (b.attacker.nation.clone(), 0),
                (b.defender.nation.clone(), 0),
            ],
        },
    );
}

/// A piece's title, in words: the sheet's heading and the order page's label.
pub(crate) fn piece_title(
    w: &Words,
    l: Lang,
    c: &Campaign,
    options: &Options,
    p: &PieceOptions,
) -> String {
    let name = c.place_name_in(&p.at, l);
    // An army aboard is where its fleet is, not at the port it embarked at (a
    // play-test's sheet put an army at sea in Messina).
    let fleet = match &p.idle {
        Idle::Aboard { fleet } => (options.pieces.iter()).find(|f| &f.id == fleet),
        _ => None,
    };
    if let Some(f) = fleet {
        return t!(
            w,
            l,
            "sheet-army-aboard",
            id = p.id.as_str(),
            fleet = f.id.as_str(),
            at = f.at.as_str(),
            name = c.place_name_in(&f.at, l),
            value = p.value,
            sapper = if p.sapper { "yes" } else { "no" },
            sea = if c.map.node(&f.at).is_none() {
                "yes"
            } else {
                "no"
            }
        );
    }
    match p.kind {
        PieceKind::Army => t!(
            w,
            l,
            "sheet-army",
            id = p.id.as_str(),
            node = p.at.as_str(),
            name = name.as_str(),
            value = p.value,
            sapper = if p.sapper { "yes" } else { "no" }
        ),
        PieceKind::Diplomat => t!(
            w,
            l,
            "sheet-diplomat",
            id = p.id.as_str(),
            node = p.at.as_str(),
            name = name.as_str()
        ),
        PieceKind::Fleet => t!(
            w,
            l,
            "sheet-fleet",
            id = p.id.as_str(),
            at = p.at.as_str(),
            name = name.as_str(),
            sea = if c.map.node(&p.at).is_none() {
                "yes"
            } else {
                "no"
            }
        ),
    }
}

/// G3e.3, beside a fleet carrying an army: how a landing goes (a play-test's club sent
/// a sail and a landing in one round, and landings the enemy's garrisons blocked);
/// beside an empty fleet an army may board: that the two sail in the same round (a
/// play-test's club lost a round to embark first, then sail).
fn fleet_notes(out: &mut String, w: &Words, s: &SheetInput, p: &PieceOptions) {
    let carries = s
        .options
        .pieces
        .iter()
        .any(|q| matches!(&q.idle, Idle::Aboard { fleet } if fleet.as_str() == p.id));
    let in_port = s.campaign.map.node(&p.at).is_some();
    if !carries {
        let boards = s.options.pieces.iter().any(|q| {
            q.orders
                .iter()
                .any(|o| matches!(o, OrderKind::Embark { fleet, .. } if fleet.as_str() == p.id))
        });
        if in_port && boards {
            comment(out, &w.plain(s.lang, "sheet-embark-and-sail"));
        }
        return;
    }
    let lands = p.orders.iter().any(|o| matches!(o, OrderKind::Land { .. }));
    // Only where the land is offered: a port lost to another nation is not its port.
    if in_port && lands {
        comment(out, &w.plain(s.lang, "sheet-land-from-port"));
    }
    if lands || in_port {
        comment(out, &w.plain(s.lang, "sheet-land-blocked"));
    }
}

/// What a piece does if the club sends nothing, in words: the sheet's line and the
/// order page's.
pub(crate) fn idle_text(
    w: &Words,
    l: Lang,
    c: &Campaign,
    idle: &Idle,
    at: &str,
    piece: &str,
) -> String {
    let at = c.place_said_in(at, l);
    let at = at.as_str();
    let said = |code: &str| c.place_said_in(code, l);
    match idle {
        Idle::Holds => t!(w, l, "sheet-idle-holds", at = at),
        Idle::Aboard { fleet } => t!(w, l, "sheet-idle-aboard", fleet = fleet.as_str()),
        Idle::SiegeEnds { node } => t!(w, l, "sheet-idle-siege-ends", node = said(node.as_str())),
        Idle::SiegeWaits { node } => {
            t!(w, l, "sheet-idle-siege-waits", node = said(node.as_str()))
        }
        Idle::SiegeStunned { node } => t!(
            w,
            l,
            "sheet-idle-siege-stunned",
            node = said(node.as_str()),
            army = piece
        ),
        Idle::SiegeGoesOn { node } => t!(
            w,
            l,
            "sheet-idle-siege-goes-on",
            node = said(node.as_str()),
            army = piece
        ),
        Idle::FleetToPort { port } => {
            t!(w, l, "sheet-idle-fleet-to-port", port = said(port.as_str()))
        }
        Idle::FleetToward { sea, port } => t!(
            w,
            l,
            "sheet-idle-fleet-toward",
            sea = said(sea.as_str()),
            port = said(port.as_str())
        ),
        Idle::FleetStaysAtSea => t!(w, l, "sheet-idle-fleet-at-sea", at = at),
        Idle::FleetLost => t!(w, l, "sheet-idle-fleet-lost", at = at),
        Idle::FleetInPort => t!(w, l, "sheet-idle-fleet-in-port", at = at),
        Idle::FleetWaitsAtSea => t!(w, l, "sheet-idle-fleet-waits", at = at),
        Idle::InBattle { battle, also } if also.is_empty() => {
            t!(w, l, "sheet-idle-in-battle", battle = battle.as_str())
        }
        Idle::InBattle { battle, also } => t!(
            w,
            l,
            "sheet-idle-in-battles",
            battles = format!("{battle}, {}", also.join(", "))
        ),
    }
}

/// A file attached to a club's mail.
pub struct Attachment {
    pub name: String,
    pub(crate) mime: &'static str,
    pub bytes: Vec<u8>,
}

/// A club's own world (the fog's projection of the open phase's, `club_world`) and
/// the orders the rules offer it there: what the sheet, the view file and the order
/// page are all made from, so a mail that carries the three projects and judges once.
pub struct OwnWorld {
    pub(crate) world: crate::rules::World,
    pub(crate) options: Options,
    /// G0: the club's nation is in civil disorder (the phase's report knows it; the
    /// sheet tells that this file ends it).
    pub(crate) in_disorder: bool,
    /// The nodes where the club sees a foreign marker on land, with its nation (G7.2):
    /// where an assassin may seek a commander.
    pub(crate) seen: Vec<(String, NationCode)>,
}

impl OwnWorld {
    /// Projects `world` (the referee's) to `nation`'s own and finds its options.
    pub(crate) fn of(
        campaign: &Campaign,
        world: &crate::rules::World,
        nation: &NationCode,
    ) -> Self {
        let mut seen: Vec<(String, NationCode)> =
            crate::rules::visibility::markers(campaign, world, nation, Lang::It)
                .into_iter()
                .filter(|m| !m.sea)
                .map(|m| (m.at, m.nation))
                .collect();
        seen.dedup();
        let world = crate::rules::visibility::club_world(world, nation);
        let options = crate::rules::menu::options(campaign, &world, nation);
        OwnWorld {
            world,
            options,
            in_disorder: false,
            seen,
        }
    }
}

/// What every club mail for an open phase carries for its next orders: the pre-filled
/// order sheet and the club's view file for its own offline check. `world` is the open
/// phase's world (the referee's: it is projected to the club's own here).
pub fn attachments(
    words: &Words,
    campaign: &Campaign,
    world: &crate::rules::World,
    nation: &NationCode,
    lang: Lang,
    deadline: Option<&str>,
    definition: &std::collections::BTreeMap<String, String>,
) -> Vec<Attachment> {
    let own = OwnWorld::of(campaign, world, nation);
    own_attachments(
        words, campaign, &own, nation, lang, deadline, definition, false,
    )
}

/// [`attachments`] from the club's own world, already projected and judged. With
/// `page`, the sheet's check reads the order page, which will carry the view
/// (`page::with_view`).
#[allow(clippy::too_many_arguments)]
pub(crate) fn own_attachments(
    words: &Words,
    campaign: &Campaign,
    own: &OwnWorld,
    nation: &NationCode,
    lang: Lang,
    deadline: Option<&str>,
    definition: &std::collections::BTreeMap<String, String>,
    page: bool,
) -> Vec<Attachment> {
    let key = own.world.phase.key();
    let phase_name =
        crate::words::explain::phase_name(words, &campaign.tables.calendar, own.world.phase, lang);
    let sheet = render(
        words,
        &SheetInput {
            campaign,
            nation,
            lang,
            phase_key: &key,
            phase_name: &phase_name,
            deadline,
            options: &own.options,
            battles: &own.world.battles,
            clubs: &own.world.clubs,
            page,
            in_disorder: own.in_disorder,
            seen: &own.seen,
        },
    );
    vec![
        Attachment {
            name: file_name(lang, nation, &key),
            mime: "application/toml; charset=utf-8",
            bytes: sheet.into_bytes(),
        },
        Attachment {
            name: view_file_name(lang, nation, &key),
            mime: VIEW_MIME,
            bytes: super::kit::pack(&super::kit::build_own(&own.world, nation, lang, definition)),
        },
    ]
}

mod choices;
#[cfg(test)]
mod tests;

/// A nation as running text names it, its code beside: `Repubblica di Venezia (V)`.
fn nation_said(c: &Campaign, code: &str, l: Lang) -> String {
    c.nation_said(code, l)
}
