//! The rulebook's numeric tables, generated from a campaign's `rules.toml` and
//! `nations.toml`, so the numbers in `docs/rulebook.*.md` never drift from the data.
//!
//! A table stands in the markdown between `<!-- table: NAME -->` and `<!-- /table -->`;
//! [`fill`] rewrites what lies between the two markers and leaves everything else as it
//! is. `scripts/rulebook.sh` regenerates the committed files; a test fails when they
//! differ from what [`fill`] gives.

use crate::rules::Campaign;
use crate::rules::tables::{
    BattleFallback, Choice, Confiscation, DisorderPlay, EventEffect, IdleFleet, Lang, LettersTo,
    LettersTravel, Rounding, SiegeDefenderSees, StrategosTie, Tables,
};

/// Opens a generated block; the table's name follows, then ` -->`.
const OPEN: &str = "<!-- table: ";
/// Closes a generated block.
const CLOSE: &str = "<!-- /table -->";

/// Rewrites every generated block of `doc` from `campaign`. Fails on an unknown table
/// name or an unclosed block, naming the line.
pub(crate) fn fill(doc: &str, campaign: &Campaign, lang: Lang) -> Result<String, String> {
    let mut out = String::with_capacity(doc.len());
    let mut lines = doc.lines().enumerate();
    while let Some((n, line)) = lines.next() {
        out.push_str(line);
        out.push('\n');
        let Some(name) = line
            .trim()
            .strip_prefix(OPEN)
            .and_then(|r| r.strip_suffix("-->"))
            .map(str::trim)
        else {
            continue;
        };
        let body = table(name, campaign, lang)
            .ok_or_else(|| format!("line {}: unknown table `{name}`", n + 1))?;
        out.push_str(&body);
        loop {
            match lines.next() {
                Some((_, l)) if l.trim() == CLOSE => break,
                Some(_) => {}
                None => return Err(format!("line {}: table `{name}` is not closed", n + 1)),
            }
        }
        out.push_str(CLOSE);
        out.push('\n');
    }
    Ok(out)
}

/// The names of every table [`fill`] knows.
pub(crate) const NAMES: &[&str] = &[
    "calendar",
    "income",
    "loan",
    "armies",
    "works",
    "specialists",
    "fleets",
    "fleet_limits",
    "movement",
    "standing",
    "table34",
    "siege",
    "epidemic",
    "storm",
    "events",
    "objectives",
    "rulings",
];

/// Renders one table by name, in markdown, ending with a newline.
fn table(name: &str, c: &Campaign, lang: Lang) -> Option<String> {
    let t = &c.tables;
    let w = Words::of(lang);
    let rows: Vec<[String; 2]> = match name {
        "calendar" => vec![
            [w.years.into(), t.calendar.years.to_string()],
            [w.first_year.into(), t.calendar.start_year.to_string()],
            [w.rounds.into(), t.calendar.rounds.to_string()],
            [w.months.into(), months(t, lang)],
        ],
        "income" => vec![
            [w.village.into(), duc(t.income.village, w)],
            [w.fortress.into(), duc(t.income.fortress, w)],
            [w.city.into(), duc(t.income.city, w)],
            [w.capital.into(), duc(t.income.capital, w)],
        ],
        "loan" => vec![
            [
                w.loan_limit.into(),
                format!("{}%", t.loan.limit_percent_of_city_income),
            ],
            [w.interest.into(), format!("{}%", t.loan.interest_percent)],
            [w.rounding.into(), rounding(t.loan.interest_rounding, w)],
            [w.fleet_value.into(), duc(t.loan.fleet_value, w)],
        ],
        "armies" => vec![
            [w.max_armies.into(), t.armies.max_armies.to_string()],
            [w.min_raise.into(), duc(t.armies.min_raise, w)],
            [w.detach.into(), duc(t.garrison.detach_cost, w)],
            [w.upkeep.into(), duc(t.rulings.army_upkeep, w)],
        ],
        "works" => vec![
            [w.fortify_city.into(), duc(t.works.fortify_city, w)],
            [w.fortify_village.into(), duc(t.works.fortify_village, w)],
            [w.repair.into(), duc(t.works.repair, w)],
        ],
        "specialists" => vec![
            [w.sapper.into(), duc(t.specialists.sapper, w)],
            [w.diplomat.into(), duc(t.specialists.diplomat, w)],
            [w.spy.into(), duc(t.specialists.spy, w)],
            [w.assassin.into(), duc(t.specialists.assassin, w)],
            [
                w.assassin_hits.into(),
                faces(&t.specialists.assassin_succeeds_on, w),
            ],
        ],
        "fleets" => vec![
            [w.fleet_cost.into(), duc(t.fleets.cost, w)],
            [w.landing.into(), t.fleets.landing_rounds.to_string()],
        ],
        "fleet_limits" => return Some(fleet_limits(c, lang, w)),
        "movement" => vec![
            [w.home_steps.into(), t.movement.home_steps.to_string()],
            [w.border_steps.into(), t.movement.border_steps.to_string()],
            [w.abroad_steps.into(), t.rulings.abroad_steps.to_string()],
        ],
        "standing" => vec![
            [
                w.on_contact.into(),
                standing(t.encounters.default_on_contact, lang, w),
            ],
            [
                w.when_contacted.into(),
                standing(t.encounters.default_when_contacted, lang, w),
            ],
        ],
        "table34" => return Some(table34(t, lang, w)),
        "siege" => return Some(siege(t, w)),
        "epidemic" => vec![[w.epidemic.into(), faces(&t.epidemic.destroys_on, w)]],
        "storm" => vec![
            [w.storm.into(), faces(&t.fleets.storm_on, w)],
            [w.lost.into(), faces(&t.fleets.lost_on, w)],
        ],
        "events" => return Some(events(t, lang, w)),
        "objectives" => return Some(objectives(t, lang, w)),
        "rulings" => return Some(rulings(t, w)),
        _ => return None,
    };
    Some(pairs(w.what, w.value, &rows))
}

/// A two-column table.
fn pairs(head_a: &str, head_b: &str, rows: &[[String; 2]]) -> String {
    let mut s = format!("| {head_a} | {head_b} |\n|---|---|\n");
    for [a, b] in rows {
        s.push_str(&format!("| {a} | {b} |\n"));
    }
    s
}

fn duc(n: i64, w: &Words) -> String {
    format!("{n} {}", if n == 1 { w.ducat } else { w.ducats })
}

fn faces(f: &[u8], w: &Words) -> String {
    let list: Vec<String> = f.iter().map(u8::to_string).collect();
    format!("{} {}", w.d6_on, list.join(", "))
}

fn months(t: &Tables, lang: Lang) -> String {
    (1..=t.calendar.rounds)
        .map(|r| format!("{r} {}", t.calendar.month(r, lang)))
        .collect::<Vec<_>>()
        .join(", ")
}

fn rounding(r: Rounding, w: &Words) -> String {
    match r {
        Rounding::Up => w.round_up,
        Rounding::Down => w.round_down,
        Rounding::Nearest => w.round_nearest,
    }
    .into()
}

fn choice(c: Choice, w: &Words) -> &'static str {
    match c {
        Choice::Stop => w.stop,
        Choice::Retreat => w.retreat,
        Choice::Attack => w.attack,
        Choice::Withdraw => w.withdraw,
    }
}

/// A standing choice as an order file writes it, with its Italian name in Italian.
fn standing(c: Choice, lang: Lang, w: &Words) -> String {
    let code = serde_json::to_value(c)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default();
    match lang {
        Lang::It => format!("`{code}` ({})", choice(c, w)),
        Lang::En => format!("`{code}`"),
    }
}

/// G2b.6: the fleet limit of every nation, in the order of `nations.toml`.
fn fleet_limits(c: &Campaign, lang: Lang, w: &Words) -> String {
    let rows: Vec<[String; 2]> = c
        .nations
        .iter()
        .map(|n| {
            let name = match lang {
                Lang::It => &n.name_it,
                Lang::En => &n.name_en,
            };
            [
                format!("{name} ({})", n.code.as_str()),
                n.fleet_limit.to_string(),
            ]
        })
        .collect();
    pairs(w.nation, w.max_fleets, &rows)
}

/// G3c.2: Table 34, the moving side down, the other side across.
fn table34(t: &Tables, lang: Lang, w: &Words) -> String {
    let mut s = format!("| {} |", w.hand_other);
    for o in Choice::ALL {
        s.push_str(&format!(" {} |", choice(o, w)));
    }
    s.push_str("\n|---|---|---|---|---|\n");
    for h in [Choice::Stop, Choice::Retreat, Choice::Attack] {
        s.push_str(&format!("| **{}** |", choice(h, w)));
        for o in Choice::ALL {
            let cell = t.encounters.lookup(h, o).map_or("—", |c| match lang {
                Lang::It => c.text_it.as_str(),
                Lang::En => c.text_en.as_str(),
            });
            s.push_str(&format!(" {cell} |"));
        }
        s.push('\n');
    }
    s
}

/// G3d.2, G3d.4: Table 35, the siege roll's modifiers.
fn siege(t: &Tables, w: &Words) -> String {
    let g = &t.siege;
    let m = |n: i32| format!("{n:+}");
    let rows = vec![
        [w.per_round_spent.into(), m(g.per_round_spent)],
        [w.besieger_sapper.into(), m(g.besieger_sapper)],
        [
            format!("{} {} {}", w.bribe_each, g.bribe_step, w.ducats_of_bribe),
            m(g.per_bribe_step),
        ],
        [w.garrison_present.into(), m(g.garrison_present)],
        [w.defender_sapper.into(), m(g.defender_sapper)],
        [w.fortified_city.into(), m(g.fortified_city)],
        [w.in_fortress.into(), m(g.fortress)],
        [w.fortified_village.into(), m(g.fortified_village)],
        [w.target.into(), g.target.to_string()],
        [w.siege_cost.into(), duc(g.army_cost_per_round, w)],
    ];
    pairs(w.modifier, w.value, &rows)
}

/// G4.3: Table 36, with the faces of the first roll that lead to it.
fn events(t: &Tables, lang: Lang, w: &Words) -> String {
    let mut s = format!(
        "{}: {}\n\n| 1d6 | {} | {} |\n|---|---|---|\n",
        w.events_trigger,
        faces(&t.events.trigger_on, w),
        w.event,
        w.effect
    );
    for e in &t.events.entry {
        let name = match lang {
            Lang::It => &e.name_it,
            Lang::En => &e.name_en,
        };
        let effect = match &e.effect {
            EventEffect::Epidemic => w.eff_epidemic.to_owned(),
            EventEffect::CityIncomePercent { percent } => {
                format!("{} {percent}% {}", w.eff_cities, w.eff_of_income)
            }
            EventEffect::VillageIncome { ducats } => {
                format!("{} {}", w.eff_villages, duc(*ducats, w))
            }
            EventEffect::BreachRandomFortified if t.rulings.disaster_destroys_fortifications => {
                w.eff_destroy.to_owned()
            }
            EventEffect::BreachRandomFortified => w.eff_breach.to_owned(),
        };
        s.push_str(&format!("| {} | {name} | {effect} |\n", e.roll));
    }
    s
}

/// G8.1: the objectives, with the id an order file uses.
fn objectives(t: &Tables, lang: Lang, w: &Words) -> String {
    let rows: Vec<[String; 2]> = t
        .victory
        .objective
        .iter()
        .map(|o| {
            let name = match lang {
                Lang::It => &o.name_it,
                Lang::En => &o.name_en,
            };
            let id = serde_json::to_value(o.id)
                .ok()
                .and_then(|v| v.as_str().map(str::to_owned))
                .unwrap_or_default();
            [name.clone(), format!("`{id}`")]
        })
        .collect();
    pairs(w.objective, w.in_orders, &rows)
}

/// Every `[rulings]` switch with the value this campaign ships.
fn rulings(t: &Tables, w: &Words) -> String {
    let r = &t.rulings;
    let list = |v: &[Confiscation]| {
        let names: Vec<&str> = v
            .iter()
            .map(|c| match c {
                Confiscation::Treasury => "\"treasury\"",
                Confiscation::Armies => "\"armies\"",
                Confiscation::Fleets => "\"fleets\"",
                Confiscation::Garrisons => "\"garrisons\"",
            })
            .collect();
        format!("[{}]", names.join(", "))
    };
    let tie = match r.strategos_tie {
        StrategosTie::NoWinner => "\"no_winner\"",
        StrategosTie::RollOff => "\"roll_off\"",
    };
    let rows: Vec<[String; 3]> = vec![
        [
            "G0",
            "civil_disorder_after",
            &r.civil_disorder_after.to_string(),
        ],
        [
            "G0",
            "civil_disorder_play",
            match r.civil_disorder_play {
                DisorderPlay::Stand => "\"stand\"",
                DisorderPlay::Bot => "\"bot\"",
            },
        ],
        [
            "G1.3",
            "battle_dice_stream",
            &r.battle_dice_stream.to_string(),
        ],
        [
            "G1.3",
            "fresh_seed_after_undo",
            &r.fresh_seed_after_undo.to_string(),
        ],
        [
            "G2a.3",
            "loan_confiscation_order",
            &list(&r.loan_confiscation_order),
        ],
        [
            "G2a.3",
            "loan_unpaid_carried",
            &r.loan_unpaid_carried.to_string(),
        ],
        [
            "G2b.1",
            "reinforce_only_in_owned_city",
            &r.reinforce_only_in_owned_city.to_string(),
        ],
        [
            "G2b.3",
            "works_at_once_in_owned_nodes",
            &r.works_at_once_in_owned_nodes.to_string(),
        ],
        [
            "G2b.3",
            "garrison_in_enemy_node_with_army",
            &r.garrison_in_enemy_node_with_army.to_string(),
        ],
        [
            "G2b.3",
            "garrison_and_transfer_in_rounds",
            &r.garrison_and_transfer_in_rounds.to_string(),
        ],
        [
            "G2b.4",
            "works_where_held_or_army",
            &r.works_where_held_or_army.to_string(),
        ],
        [
            "G2b.4",
            "garrison_and_works_where_held",
            &r.garrison_and_works_where_held.to_string(),
        ],
        [
            "G3c.7",
            "armies_in_battle_stay",
            &r.armies_in_battle_stay.to_string(),
        ],
        [
            "G3c.7",
            "armies_in_battle_stay_ashore",
            &r.armies_in_battle_stay_ashore.to_string(),
        ],
        [
            "G3d.2",
            "siege_waits_for_battle",
            &r.siege_waits_for_battle.to_string(),
        ],
        [
            "G3c.7",
            "battle_lapses_when_a_side_is_gone",
            &r.battle_lapses_when_a_side_is_gone.to_string(),
        ],
        [
            "G5.2",
            "diplomat_encounters_betray",
            &r.diplomat_encounters_betray.to_string(),
        ],
        [
            "G5.2",
            "betrayal_ends_alliance",
            &r.betrayal_ends_alliance.to_string(),
        ],
        [
            "G3c.4",
            "plain_choice_clears_spy_condition",
            &r.plain_choice_clears_spy_condition.to_string(),
        ],
        [
            "G2b.5",
            "commander_killed_rounds",
            &r.commander_killed_rounds.to_string(),
        ],
        ["G2b.5", "strategos_tie", tie],
        [
            "G2b.5",
            "assassin_spent_without_target",
            &r.assassin_spent_without_target.to_string(),
        ],
        ["G2b.8", "army_upkeep", &r.army_upkeep.to_string()],
        ["G3b.3", "abroad_steps", &r.abroad_steps.to_string()],
        ["G3c.3", "contact_exchange", &r.contact_exchange.to_string()],
        [
            "G3c.7",
            "battle_results_at_once",
            &r.battle_results_at_once.to_string(),
        ],
        ["G3c.7", "battle_play_days", &r.battle_play_days.to_string()],
        [
            "G3c.7",
            "battle_fallback",
            match r.battle_fallback {
                BattleFallback::Auto => "\"auto\"",
                BattleFallback::Hold => "\"hold\"",
            },
        ],
        [
            "G3e.1",
            "idle_fleet_at_sea",
            match r.idle_fleet_at_sea {
                IdleFleet::PortOnZone => "\"port_on_zone\"",
                IdleFleet::SailsHome => "\"sails_home\"",
            },
        ],
        [
            "G4.3",
            "disaster_destroys_fortifications",
            &r.disaster_destroys_fortifications.to_string(),
        ],
        [
            "G3d.2",
            "one_siege_per_place",
            &r.one_siege_per_place.to_string(),
        ],
        [
            "G3d.2",
            "siege_stands_until_lifted",
            &r.siege_stands_until_lifted.to_string(),
        ],
        [
            "G3d.2",
            "siege_defender_sees",
            match r.siege_defender_sees {
                SiegeDefenderSees::DieAndKnownModifiers => "\"die_and_known_modifiers\"",
                SiegeDefenderSees::Outcome => "\"outcome\"",
            },
        ],
        [
            "G3d.2",
            "bribe_step_english_text",
            &r.bribe_step_english_text.to_string(),
        ],
        [
            "G5.2",
            "alliance_needs_both",
            &r.alliance_needs_both.to_string(),
        ],
        [
            "G5.3",
            "letters",
            match r.letters {
                LettersTo::Off => "\"off\"",
                LettersTo::Any => "\"any\"",
                LettersTo::Contact => "\"contact\"",
            },
        ],
        [
            "G5.3",
            "letters_anonymous",
            &r.letters_anonymous.to_string(),
        ],
        [
            "G5.3",
            "letters_referee_copy",
            &r.letters_referee_copy.to_string(),
        ],
        [
            "G5.3",
            "letters_in_winter",
            &r.letters_in_winter.to_string(),
        ],
        [
            "G5.3",
            "letters_per_phase",
            &r.letters_per_phase.to_string(),
        ],
        [
            "G5.3",
            "letters_max_chars",
            &r.letters_max_chars.to_string(),
        ],
        [
            "G5.3",
            "letters_travel",
            match r.letters_travel {
                LettersTravel::NextMail => "\"next_mail\"",
                LettersTravel::Courier => "\"courier\"",
            },
        ],
        [
            "G6.3",
            "extension_max_hours",
            &r.extension_max_hours.to_string(),
        ],
        [
            "G6.3",
            "extensions_per_year",
            &r.extensions_per_year.to_string(),
        ],
        [
            "G7.2",
            "see_adjacent_nodes",
            &r.see_adjacent_nodes.to_string(),
        ],
    ]
    .into_iter()
    .map(|[a, b, c]| [a.to_owned(), format!("`{b}`"), format!("`{c}`")])
    .collect();
    let mut s = format!(
        "| {} | {} | {} |\n|---|---|---|\n",
        w.rule, w.switch, w.shipped
    );
    for [a, b, c] in rows {
        s.push_str(&format!("| {a} | {b} | {c} |\n"));
    }
    s
}

// ---------------------------------------------------------------------------------------
// The words of the generated tables, in both languages. They are part of the rulebook
// (a document), not of the mail; kept here, in one place, beside the code that uses them.
// ---------------------------------------------------------------------------------------

/// The headings and labels of the generated tables in one language.
struct Words {
    what: &'static str,
    value: &'static str,
    ducat: &'static str,
    ducats: &'static str,
    d6_on: &'static str,
    years: &'static str,
    first_year: &'static str,
    rounds: &'static str,
    months: &'static str,
    village: &'static str,
    fortress: &'static str,
    city: &'static str,
    capital: &'static str,
    loan_limit: &'static str,
    interest: &'static str,
    rounding: &'static str,
    round_up: &'static str,
    round_down: &'static str,
    round_nearest: &'static str,
    fleet_value: &'static str,
    max_armies: &'static str,
    min_raise: &'static str,
    detach: &'static str,
    upkeep: &'static str,
    fortify_city: &'static str,
    fortify_village: &'static str,
    repair: &'static str,
    sapper: &'static str,
    diplomat: &'static str,
    spy: &'static str,
    assassin: &'static str,
    assassin_hits: &'static str,
    fleet_cost: &'static str,
    landing: &'static str,
    nation: &'static str,
    max_fleets: &'static str,
    home_steps: &'static str,
    border_steps: &'static str,
    abroad_steps: &'static str,
    on_contact: &'static str,
    when_contacted: &'static str,
    stop: &'static str,
    retreat: &'static str,
    attack: &'static str,
    withdraw: &'static str,
    hand_other: &'static str,
    modifier: &'static str,
    per_round_spent: &'static str,
    besieger_sapper: &'static str,
    bribe_each: &'static str,
    ducats_of_bribe: &'static str,
    garrison_present: &'static str,
    defender_sapper: &'static str,
    fortified_city: &'static str,
    in_fortress: &'static str,
    fortified_village: &'static str,
    target: &'static str,
    siege_cost: &'static str,
    epidemic: &'static str,
    storm: &'static str,
    lost: &'static str,
    events_trigger: &'static str,
    event: &'static str,
    effect: &'static str,
    eff_epidemic: &'static str,
    eff_cities: &'static str,
    eff_of_income: &'static str,
    eff_villages: &'static str,
    eff_breach: &'static str,
    eff_destroy: &'static str,
    objective: &'static str,
    in_orders: &'static str,
    rule: &'static str,
    switch: &'static str,
    shipped: &'static str,
}

impl Words {
    fn of(lang: Lang) -> &'static Words {
        match lang {
            Lang::It => &IT,
            Lang::En => &EN,
        }
    }
}

const IT: Words = Words {
    what: "voce",
    value: "valore",
    ducat: "ducato",
    ducats: "ducati",
    d6_on: "1d6 con",
    years: "anni di campagna",
    first_year: "primo anno",
    rounds: "turni d'estate per anno",
    months: "mesi dei turni",
    village: "villaggio",
    fortress: "fortezza",
    city: "città",
    capital: "capitale",
    loan_limit: "prestito massimo, sul gettito delle città",
    interest: "interesse, sul prestito",
    rounding: "arrotondamento dell'interesse",
    round_up: "per eccesso",
    round_down: "per difetto",
    round_nearest: "al più vicino",
    fleet_value: "valore di una flotta confiscata",
    max_armies: "armate al massimo per club",
    min_raise: "valore minimo di una nuova armata",
    detach: "costo per distaccare una guarnigione",
    upkeep: "mantenimento per armata a primavera",
    fortify_city: "fortificare una città",
    fortify_village: "fortificare un villaggio",
    repair: "riparare una piazza espugnata",
    sapper: "geniere",
    diplomat: "diplomatico",
    spy: "spia",
    assassin: "assassino",
    assassin_hits: "l'assassino riesce",
    fleet_cost: "costruire una flotta",
    landing: "turni per sbarcare",
    nation: "nazione",
    max_fleets: "flotte al massimo",
    home_steps: "nodi nel proprio territorio",
    border_steps: "passi oltre il confine (solo il primo passo)",
    abroad_steps: "nodi se si parte in territorio straniero",
    on_contact: "`on_contact` (chi muove contro una forza)",
    when_contacted: "`when_contacted` (chi viene raggiunto)",
    stop: "fermarsi",
    retreat: "ripiegare",
    attack: "attaccare",
    withdraw: "rinchiudersi",
    hand_other: "di mano ＼ non di mano",
    modifier: "modificatore",
    per_round_spent: "per ogni turno intero già passato in assedio",
    besieger_sapper: "l'assediante ha un geniere",
    bribe_each: "per ogni",
    ducats_of_bribe: "ducati di corruzione spesi in questo turno",
    garrison_present: "guarnigione presente",
    defender_sapper: "il difensore ha un geniere",
    fortified_city: "difensore in una città fortificata",
    in_fortress: "difensore in una fortezza",
    fortified_village: "villaggio fortificato",
    target: "la piazza si arrende con un totale di almeno",
    siege_cost: "perdita dell'armata assediante per turno",
    epidemic: "ogni armata e guarnigione della città colpita è distrutta",
    storm: "la tempesta arriva",
    lost: "una flotta in mare è persa",
    events_trigger: "Si tira sulla tabella con",
    event: "evento",
    effect: "effetto l'anno seguente",
    eff_epidemic: "epidemia in una città a caso all'inizio dell'estate (G3a.1)",
    eff_cities: "le città rendono il",
    eff_of_income: "del normale",
    eff_villages: "i villaggi rendono",
    eff_breach: "una piazza fortificata a caso è smantellata (va riparata, G2b.4)",
    eff_destroy: "le fortificazioni di una piazza a caso sono distrutte (vanno rifatte, G2b.4; una fortezza è smantellata)",
    objective: "obiettivo",
    in_orders: "negli ordini",
    rule: "regola",
    switch: "interruttore",
    shipped: "valore in rules.toml",
};

const EN: Words = Words {
    what: "item",
    value: "value",
    ducat: "ducat",
    ducats: "ducats",
    d6_on: "1d6 on",
    years: "years of the campaign",
    first_year: "first year",
    rounds: "summer rounds a year",
    months: "months of the rounds",
    village: "village",
    fortress: "fortress",
    city: "city",
    capital: "capital",
    loan_limit: "largest loan, of what the cities pay",
    interest: "interest, of the loan",
    rounding: "interest rounded",
    round_up: "up",
    round_down: "down",
    round_nearest: "to the nearest ducat",
    fleet_value: "value of a confiscated fleet",
    max_armies: "most armies per club",
    min_raise: "smallest value of a new army",
    detach: "cost of detaching a garrison",
    upkeep: "upkeep per army each spring",
    fortify_city: "fortify a city",
    fortify_village: "fortify a village",
    repair: "repair a breached place",
    sapper: "sapper",
    diplomat: "diplomat",
    spy: "spy",
    assassin: "assassin",
    assassin_hits: "the assassin succeeds",
    fleet_cost: "build a fleet",
    landing: "rounds to land",
    nation: "nation",
    max_fleets: "most fleets",
    home_steps: "nodes along one's own territory",
    border_steps: "steps across the border (first step only)",
    abroad_steps: "nodes when starting abroad",
    on_contact: "`on_contact` (moving into a force)",
    when_contacted: "`when_contacted` (a force moves in)",
    stop: "stop",
    retreat: "retreat",
    attack: "attack",
    withdraw: "withdraw",
    hand_other: "moving side ＼ other",
    modifier: "modifier",
    per_round_spent: "each whole round already spent in the siege",
    besieger_sapper: "the besieger has a sapper",
    bribe_each: "each",
    ducats_of_bribe: "ducats of bribe spent this round",
    garrison_present: "garrison present",
    defender_sapper: "the defender has a sapper",
    fortified_city: "defender in a fortified city",
    in_fortress: "defender in a fortress",
    fortified_village: "fortified village",
    target: "the place surrenders on a total of at least",
    siege_cost: "the besieging army loses each round",
    epidemic: "each army and garrison in the struck city is destroyed",
    storm: "a storm comes",
    lost: "a fleet at sea is lost",
    events_trigger: "A club rolls on the table on",
    event: "event",
    effect: "effect next year",
    eff_epidemic: "an epidemic in a random city at the start of summer (G3a.1)",
    eff_cities: "cities pay",
    eff_of_income: "of their income",
    eff_villages: "villages pay",
    eff_breach: "a random fortified place is breached (repair it, G2b.4)",
    eff_destroy: "the fortifications of a random fortified place are destroyed (fortify it again, G2b.4; a fortress is breached)",
    objective: "objective",
    in_orders: "in orders",
    rule: "rule",
    switch: "switch",
    shipped: "value in rules.toml",
};
