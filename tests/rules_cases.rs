//! The rules cases: `tests/cases/<area>/<nnn>_<slug>.toml`, each a prestate, the clubs'
//! orders, scripted dice and the expected result, walked by one runner (like the DATC
//! cases of Diplomacy adjudicators). Every case also checks the ledger: for every
//! nation and account, closing = opening + Σ entries, and no treasury below zero.
//!
//! The case format is documented in `tests/cases/README.md`.

use giglio::rules::battles::BattleOutcome;
use giglio::rules::dice::{Dice, ScriptedDice, ScriptedRoll, SeededDice};
use giglio::rules::ledger::Account;
use giglio::rules::order::{Objective, OrderSet};
use giglio::rules::outcome::Outcome;
use giglio::rules::resolve::{Resolution, resolve};
use giglio::rules::tables::{Lang, ObjectiveKind};
use giglio::rules::world::{
    Alliance, Army, Battle, BattleKind, Fleet, FleetAt, Fortification, Garrison, Loan, Siege,
    Stance, Work, WorkKind,
};
use giglio::rules::{ArmyId, Campaign, FleetId, NationCode, NodeCode, PhaseId, SeaCode, World};
use giglio::scenario::{self, Source};
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    description: String,
    rules: Vec<String>,
    #[serde(default)]
    phase: Option<String>,
    #[serde(default)]
    rolls: Option<Vec<Roll>>,
    /// Rulings switched from the shipped `rules.toml` (`[rulings]`) for this case.
    #[serde(default)]
    rulings: toml::Table,
    #[serde(default)]
    prestate: Prestate,
    #[serde(default)]
    orders: BTreeMap<String, String>,
    expect: Expect,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum Roll {
    Value(u8),
    Named { event: String, value: u8 },
}

#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Prestate {
    clubs: Option<Vec<String>>,
    #[serde(default)]
    treasury: BTreeMap<String, i64>,
    #[serde(default)]
    owner: BTreeMap<String, String>,
    #[serde(default)]
    fortification: BTreeMap<String, Fortification>,
    #[serde(default)]
    garrison: BTreeMap<String, i64>,
    armies: Option<Vec<PreArmy>>,
    fleets: Option<Vec<PreFleet>>,
    #[serde(default)]
    loan: BTreeMap<String, Loan>,
    #[serde(default)]
    events: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    spy: BTreeMap<String, bool>,
    #[serde(default)]
    assassins: BTreeMap<String, u32>,
    #[serde(default)]
    objective: BTreeMap<String, ObjectiveKind>,
    #[serde(default)]
    alliances: Vec<PreAlliance>,
    #[serde(default)]
    works: Vec<PreWork>,
    #[serde(default)]
    diplomats: Vec<PreDiplomat>,
    #[serde(default)]
    node_sapper: BTreeMap<String, String>,
    #[serde(default)]
    move_order: Vec<String>,
    #[serde(default)]
    sieges: Vec<Siege>,
    /// Battles pending from the previous round…
    #[serde(default)]
    battles: Vec<Battle>,
    /// …and their results, applied at the opening of this phase (G3c.7–G3c.9).
    #[serde(default)]
    results: BTreeMap<String, BattleOutcome>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PreArmy {
    id: String,
    node: String,
    value: i64,
    #[serde(default)]
    sapper: bool,
    #[serde(default)]
    stance: Stance,
    #[serde(default)]
    inside: bool,
    /// The phase key of the round it arrived (G3d.1).
    #[serde(default)]
    arrived: Option<String>,
    /// The phase key of the round it cannot move or attack (G2b.5).
    #[serde(default)]
    stunned: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PreFleet {
    id: String,
    /// In this port…
    #[serde(default)]
    port: Option<String>,
    /// …or at sea in this zone.
    #[serde(default)]
    sea: Option<String>,
    /// The army it carries (listed in `armies` too; its node is where it embarked).
    #[serde(default)]
    cargo: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PreAlliance {
    members: [String; 2],
    declared_by: Vec<String>,
    /// Members that betrayed it in an earlier phase.
    #[serde(default)]
    betrayed_by: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PreWork {
    nation: String,
    node: String,
    kind: WorkKind,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PreDiplomat {
    id: String,
    node: String,
    #[serde(default)]
    stance: Stance,
}

#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Expect {
    /// The phase open afterwards, or "over".
    phase: Option<String>,
    /// Per nation, in the order resolved: "done" or the rule id of the rejection.
    #[serde(default)]
    outcomes: BTreeMap<String, Vec<String>>,
    /// Per nation, the reason tag of each rejection, in order.
    #[serde(default)]
    reasons: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    treasury: BTreeMap<String, i64>,
    #[serde(default)]
    army: BTreeMap<String, i64>,
    #[serde(default)]
    army_node: BTreeMap<String, String>,
    #[serde(default)]
    no_army: Vec<String>,
    #[serde(default)]
    army_sapper: BTreeMap<String, bool>,
    #[serde(default)]
    fortification: BTreeMap<String, Fortification>,
    #[serde(default)]
    garrison: BTreeMap<String, i64>,
    #[serde(default)]
    node_sapper: BTreeMap<String, String>,
    #[serde(default)]
    loan_due: BTreeMap<String, i64>,
    #[serde(default)]
    events_in_effect: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    happenings: Vec<String>,
    #[serde(default)]
    no_happenings: Vec<String>,
    /// Event tags each club is told (`rules::visibility::events_for`, the one place that
    /// decides), and tags it must not be told.
    #[serde(default)]
    told: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    not_told: BTreeMap<String, Vec<String>>,
    /// Facts told with a happening: per club, a happening's tag and fields it carries
    /// (`{ V = [{ happening = "encounter", allies = true }] }`), each one a happening
    /// told to the club must carry (a flag `false` matches one left out).
    #[serde(default)]
    told_with: BTreeMap<String, Vec<toml::Table>>,
    move_order: Option<Vec<String>>,
    /// The Strategos, or "" for none.
    strategos: Option<String>,
    #[serde(default)]
    fleets: BTreeMap<String, usize>,
    #[serde(default)]
    diplomats: BTreeMap<String, usize>,
    #[serde(default)]
    spy: BTreeMap<String, bool>,
    #[serde(default)]
    assassins: BTreeMap<String, u32>,
    #[serde(default)]
    objective: BTreeMap<String, ObjectiveKind>,
    #[serde(default)]
    alliance_declared_by: Vec<PreAlliance>,
    #[serde(default)]
    works: Vec<String>,
    #[serde(default)]
    ledger: Vec<ExpectEntry>,
    // ---- summer ----
    #[serde(default)]
    owner: BTreeMap<String, String>,
    /// The ids of the battles pending afterwards, exactly.
    battles: Option<Vec<String>>,
    #[serde(default)]
    battle: Vec<ExpectBattle>,
    #[serde(default)]
    fleet_at: BTreeMap<String, String>,
    #[serde(default)]
    no_fleet: Vec<String>,
    #[serde(default)]
    army_inside: BTreeMap<String, bool>,
    /// The fleet an army is aboard, or "" for ashore.
    #[serde(default)]
    army_aboard: BTreeMap<String, String>,
    /// The round an army cannot move or attack, or "".
    #[serde(default)]
    army_stunned: BTreeMap<String, String>,
    /// The sieges under way afterwards, exactly.
    sieges: Option<Vec<Siege>>,
    #[serde(default)]
    betrayed: Vec<ExpectBetrayal>,
    #[serde(default)]
    diplomat_node: BTreeMap<String, String>,
    #[serde(default)]
    no_diplomat: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ExpectBattle {
    id: String,
    kind: BattleKind,
    attacker: String,
    defender: String,
    #[serde(default)]
    attacker_ducats: Option<i64>,
    #[serde(default)]
    defender_ducats: Option<i64>,
    /// G2b.5: the attacking side is marked as having lost its commander (its card says
    /// it defends and cannot attack).
    #[serde(default)]
    attacker_commander_killed: Option<bool>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ExpectBetrayal {
    members: [String; 2],
    betrayed_by: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ExpectEntry {
    nation: String,
    rule: String,
    amount: i64,
}

fn campaign() -> Campaign {
    scenario::load(&Source::builtin("il-giglio").expect("built in")).expect("loads")
}

fn nc(s: &str) -> NationCode {
    NationCode(s.to_owned())
}

/// Builds the case's world from the shipped start and the prestate.
fn prestate(c: &Campaign, case: &Case) -> Result<World, String> {
    let p = &case.prestate;
    let clubs: Vec<NationCode> = match &p.clubs {
        Some(list) => list.iter().map(|s| nc(s)).collect(),
        None => c
            .nations
            .iter()
            .filter(|n| n.played)
            .map(|n| n.code.clone())
            .collect(),
    };
    let mut w = World::start(c, &clubs);
    if let Some(key) = &case.phase {
        w.phase = PhaseId::parse_key(key).ok_or(format!("bad phase {key}"))?;
    }
    let nation = |w: &mut World, n: &str| -> Result<_, String> {
        w.nations
            .get_mut(n)
            .map(|_| ())
            .ok_or(format!("unknown nation {n}"))
    };
    for (n, v) in &p.treasury {
        nation(&mut w, n)?;
        w.nations.get_mut(n.as_str()).expect("checked").treasury = *v;
    }
    for (node, owner) in &p.owner {
        w.nodes
            .get_mut(node.as_str())
            .ok_or(format!("unknown node {node}"))?
            .owner = nc(owner);
    }
    for (node, f) in &p.fortification {
        w.nodes
            .get_mut(node.as_str())
            .ok_or(format!("unknown node {node}"))?
            .fortification = *f;
    }
    for (node, value) in &p.garrison {
        let state = w
            .nodes
            .get_mut(node.as_str())
            .ok_or(format!("unknown node {node}"))?;
        state.garrison = (*value > 0).then(|| Garrison {
            nation: state.owner.clone(),
            value: *value,
        });
    }
    if let Some(armies) = &p.armies {
        w.armies.clear();
        for a in armies {
            let (n, serial) =
                a.id.split_once("-A")
                    .ok_or(format!("bad army id {}", a.id))?;
            let serial: u32 = serial
                .parse()
                .map_err(|_| format!("bad army id {}", a.id))?;
            let s = &mut w
                .nations
                .get_mut(n)
                .ok_or(format!("unknown nation {n}"))?
                .serials;
            s.army = s.army.max(serial);
            let mut army = Army::new(
                ArmyId(a.id.clone()),
                nc(n),
                NodeCode(a.node.clone()),
                a.value,
            );
            army.sapper = a.sapper;
            army.stance = a.stance.clone();
            army.inside = a.inside;
            let phase = |k: &Option<String>| {
                k.as_ref()
                    .map(|k| PhaseId::parse_key(k).ok_or(format!("bad phase {k}")))
                    .transpose()
            };
            army.arrived = phase(&a.arrived)?;
            army.stunned = phase(&a.stunned)?;
            w.armies.insert(ArmyId(a.id.clone()), army);
        }
    }
    if let Some(fleets) = &p.fleets {
        w.fleets.clear();
        for f in fleets {
            let (n, serial) =
                f.id.split_once("-F")
                    .ok_or(format!("bad fleet id {}", f.id))?;
            let serial: u32 = serial
                .parse()
                .map_err(|_| format!("bad fleet id {}", f.id))?;
            let s = &mut w
                .nations
                .get_mut(n)
                .ok_or(format!("unknown nation {n}"))?
                .serials;
            s.fleet = s.fleet.max(serial);
            let at = match (&f.port, &f.sea) {
                (Some(p), None) => FleetAt::Port(NodeCode(p.clone())),
                (None, Some(z)) => FleetAt::Sea(SeaCode(z.clone())),
                _ => {
                    return Err(format!(
                        "fleet {} needs exactly one of `port` and `sea`",
                        f.id
                    ));
                }
            };
            let cargo = f.cargo.as_ref().map(|a| ArmyId(a.clone()));
            if let Some(a) = &cargo {
                w.armies
                    .get_mut(a)
                    .ok_or(format!("cargo {a} is not in `armies`"))?
                    .aboard = Some(FleetId(f.id.clone()));
            }
            w.fleets.insert(
                FleetId(f.id.clone()),
                Fleet {
                    id: FleetId(f.id.clone()),
                    nation: nc(n),
                    at,
                    cargo,
                },
            );
        }
    }
    for (n, loan) in &p.loan {
        nation(&mut w, n)?;
        w.nations.get_mut(n.as_str()).expect("checked").loan = Some(loan.clone());
    }
    for (n, events) in &p.events {
        nation(&mut w, n)?;
        w.nations.get_mut(n.as_str()).expect("checked").events = events.clone();
    }
    for (n, v) in &p.spy {
        nation(&mut w, n)?;
        w.nations.get_mut(n.as_str()).expect("checked").spy = *v;
    }
    for (n, v) in &p.assassins {
        nation(&mut w, n)?;
        w.nations.get_mut(n.as_str()).expect("checked").assassins = *v;
    }
    for (n, kind) in &p.objective {
        nation(&mut w, n)?;
        w.nations.get_mut(n.as_str()).expect("checked").objective = Some(Objective {
            kind: *kind,
            target: None,
        });
    }
    for a in &p.alliances {
        let mut members = [nc(&a.members[0]), nc(&a.members[1])];
        members.sort();
        w.alliances.push(Alliance {
            members,
            declared_by: a.declared_by.iter().map(|s| nc(s)).collect(),
            betrayed_by: a.betrayed_by.iter().map(|s| nc(s)).collect(),
        });
    }
    for work in &p.works {
        w.works.push(Work {
            nation: nc(&work.nation),
            node: NodeCode(work.node.clone()),
            kind: work.kind,
        });
    }
    for d in &p.diplomats {
        let n =
            d.id.split_once("-D")
                .ok_or(format!("bad diplomat id {}", d.id))?
                .0;
        let id = w.place_diplomat(&nc(n), &NodeCode(d.node.clone()));
        if let Some(x) = w.diplomats.get_mut(&id) {
            x.stance = d.stance.clone();
        }
        if id.as_str() != d.id {
            return Err(format!(
                "diplomat ids must run from 1 per nation: got {} for {}",
                id, d.id
            ));
        }
    }
    if !p.move_order.is_empty() {
        w.move_order = p.move_order.iter().map(|s| nc(s)).collect();
    }
    w.sieges = p.sieges.clone();
    w.battles = p.battles.clone();
    for (node, n) in &p.node_sapper {
        w.nodes
            .get_mut(node.as_str())
            .ok_or(format!("unknown node {node}"))?
            .sapper = Some(nc(n));
    }
    Ok(w)
}

/// Lowers each club's order text, with the header added.
fn orders(c: &Campaign, w: &World, case: &Case) -> Result<BTreeMap<NationCode, OrderSet>, String> {
    let mut out = BTreeMap::new();
    for (nation, body) in &case.orders {
        let text = format!("club = \"{nation}\"\nphase = \"{}\"\n{body}", w.phase.key());
        let lowered = giglio::orders::lower(
            nation,
            text.as_bytes(),
            c,
            Some(w.phase),
            &giglio::words::Words::load(None).expect("catalogue"),
            Lang::En,
        );
        if lowered.all().next().is_some() {
            let d: Vec<String> = lowered.all().map(ToString::to_string).collect();
            return Err(format!(
                "orders of {nation} do not lower:\n  {}",
                d.join("\n  ")
            ));
        }
        out.insert(nc(nation), lowered.orders);
    }
    Ok(out)
}

/// The invariants every resolution keeps: the ledger explains every ducat.
pub fn check_conservation(before: &World, r: &Resolution) -> Vec<String> {
    let mut problems = Vec::new();
    let Some(after) = r.next.as_ref() else {
        return problems;
    };
    for (code, n) in &after.nations {
        let opening = before.nations.get(code).map_or(0, |x| x.treasury);
        let sum = r.ledger.sum(code.as_str(), &Account::Treasury);
        if n.treasury != opening + sum {
            problems.push(format!(
                "{code} treasury {} ≠ opening {opening} + entries {sum}",
                n.treasury
            ));
        }
        if n.treasury < 0 {
            problems.push(format!("{code} treasury is negative: {}", n.treasury));
        }
    }
    let ids: BTreeSet<&ArmyId> = before.armies.keys().chain(after.armies.keys()).collect();
    for id in ids {
        let nation = before
            .armies
            .get(id)
            .or(after.armies.get(id))
            .map(|a| a.nation.clone())
            .expect("in one of them");
        let opening = before.armies.get(id).map_or(0, |a| a.value);
        let closing = after.armies.get(id).map_or(0, |a| a.value);
        let sum = r.ledger.sum(nation.as_str(), &Account::Army(id.clone()));
        if closing != opening + sum {
            problems.push(format!(
                "army {id} value {closing} ≠ opening {opening} + entries {sum}"
            ));
        }
        if closing < 0 {
            problems.push(format!("army {id} value is negative"));
        }
    }
    for code in after.nodes.keys() {
        let value = |w: &World| {
            w.nodes
                .get(code)
                .and_then(|n| n.garrison.as_ref())
                .map_or(0, |g| g.value)
        };
        // A node holds one garrison at a time, whoever's: its account across nations
        // (a garrison captured in a surrender is its old owner's entry).
        let account = Account::Garrison(code.clone());
        let sum: i64 = r
            .ledger
            .entries
            .iter()
            .filter(|e| e.account == account)
            .map(|e| e.amount)
            .sum();
        if value(after) != value(before) + sum {
            problems.push(format!(
                "garrison {code} {} ≠ opening {} + entries {sum}",
                value(after),
                value(before)
            ));
        }
    }
    problems
}

fn tag<T: serde::Serialize>(v: &T, field: &str) -> String {
    serde_json::to_value(v)
        .ok()
        .and_then(|j| j.get(field).and_then(|t| t.as_str()).map(str::to_owned))
        .unwrap_or_default()
}

/// The campaign with the case's rulings switched.
fn with_rulings(c: &Campaign, switched: &toml::Table) -> Result<Campaign, String> {
    let mut rulings = toml::Table::try_from(&c.tables.rulings).map_err(|e| e.to_string())?;
    for (k, v) in switched {
        if rulings.insert(k.clone(), v.clone()).is_none() {
            return Err(format!("rulings: no ruling `{k}`"));
        }
    }
    let mut c = c.clone();
    c.tables.rulings = rulings.try_into().map_err(|e| format!("rulings: {e}"))?;
    Ok(c)
}

fn check_case(c: &Campaign, case: &Case) -> Vec<String> {
    let c = &match with_rulings(c, &case.rulings) {
        Ok(c) => c,
        Err(e) => return vec![e],
    };
    let mut bad = Vec::new();
    let before = match prestate(c, case) {
        Ok(w) => w,
        Err(e) => return vec![format!("prestate: {e}")],
    };
    let orders = match orders(c, &before, case) {
        Ok(o) => o,
        Err(e) => return vec![e],
    };
    let (r, dice_problems) = match &case.rolls {
        Some(rolls) => {
            let script = rolls.iter().map(|r| match r {
                Roll::Value(v) => ScriptedRoll {
                    event: None,
                    value: *v,
                },
                Roll::Named { event, value } => ScriptedRoll {
                    event: Some(event.clone()),
                    value: *value,
                },
            });
            let mut dice = ScriptedDice::new(script);
            let r = resolve(c, &before, &orders, &case.prestate.results, &mut dice);
            let log: Vec<String> = dice
                .log()
                .iter()
                .map(|r| format!("{}={}", r.event, r.value))
                .collect();
            let problems: Vec<String> = dice
                .problems()
                .into_iter()
                .map(|p| format!("dice: {p} (rolled: {})", log.join(", ")))
                .collect();
            (r, problems)
        }
        None => {
            let mut dice = SeededDice::new([9; 32]);
            (
                resolve(c, &before, &orders, &case.prestate.results, &mut dice),
                Vec::new(),
            )
        }
    };
    bad.extend(dice_problems);
    let r = match r {
        Ok(r) => r,
        Err(e) => return vec![format!("unresolvable: {e:?}")],
    };
    bad.extend(check_conservation(&before, &r));
    let e = &case.expect;
    let after = r.next.clone().unwrap_or_else(|| before.clone());
    let mut want = |what: String, ok: bool| {
        if !ok {
            bad.push(what);
        }
    };
    if let Some(p) = &e.phase {
        let got = r.next.as_ref().map_or("over".to_owned(), |w| w.phase.key());
        want(format!("phase: want {p}, got {got}"), &got == p);
    }
    for (n, list) in &e.outcomes {
        let got: Vec<String> = r
            .outcomes
            .iter()
            .filter(|o| o.nation.as_str() == n)
            .map(|o| match &o.result {
                Outcome::Done(_) => "done".to_owned(),
                Outcome::Rejected { rule, .. } => rule.clone(),
            })
            .collect();
        want(
            format!("outcomes of {n}: want {list:?}, got {got:?}"),
            &got == list,
        );
    }
    for (n, list) in &e.reasons {
        let got: Vec<String> = r
            .outcomes
            .iter()
            .filter(|o| o.nation.as_str() == n)
            .filter_map(|o| match &o.result {
                Outcome::Rejected { reason, .. } => Some(tag(reason, "reason")),
                Outcome::Done(_) => None,
            })
            .collect();
        want(
            format!("reasons of {n}: want {list:?}, got {got:?}"),
            &got == list,
        );
    }
    for (n, v) in &e.treasury {
        let got = after.nation(n).map_or(-1, |x| x.treasury);
        want(format!("treasury of {n}: want {v}, got {got}"), got == *v);
    }
    for (id, v) in &e.army {
        let got = after.armies.get(id.as_str()).map(|a| a.value);
        want(
            format!("army {id}: want value {v}, got {got:?}"),
            got == Some(*v),
        );
    }
    for (id, node) in &e.army_node {
        let got = after.armies.get(id.as_str()).map(|a| a.node.to_string());
        want(
            format!("army {id}: want at {node}, got {got:?}"),
            got.as_deref() == Some(node.as_str()),
        );
    }
    for id in &e.no_army {
        want(
            format!("army {id} should not exist"),
            !after.armies.contains_key(id.as_str()),
        );
    }
    for (id, v) in &e.army_sapper {
        let got = after.armies.get(id.as_str()).map(|a| a.sapper);
        want(
            format!("army {id} sapper: want {v}, got {got:?}"),
            got == Some(*v),
        );
    }
    for (node, f) in &e.fortification {
        let got = after.nodes.get(node.as_str()).map(|n| n.fortification);
        want(
            format!("{node} fortification: want {f:?}, got {got:?}"),
            got == Some(*f),
        );
    }
    for (node, v) in &e.garrison {
        let got = after
            .nodes
            .get(node.as_str())
            .and_then(|n| n.garrison.as_ref())
            .map_or(0, |g| g.value);
        want(format!("{node} garrison: want {v}, got {got}"), got == *v);
    }
    for (node, n) in &e.node_sapper {
        let got = after
            .nodes
            .get(node.as_str())
            .and_then(|x| x.sapper.as_ref())
            .map(|s| s.to_string())
            .unwrap_or_default();
        want(format!("{node} sapper: want `{n}`, got `{got}`"), &got == n);
    }
    for (n, v) in &e.loan_due {
        let got = after
            .nation(n)
            .and_then(|x| x.loan.as_ref())
            .map_or(0, |l| l.due());
        want(format!("loan due of {n}: want {v}, got {got}"), got == *v);
    }
    for (n, v) in &e.events_in_effect {
        let got = after
            .nation(n)
            .map(|x| x.events.clone())
            .unwrap_or_default();
        want(format!("events of {n}: want {v:?}, got {got:?}"), &got == v);
    }
    let happened: Vec<String> = r
        .events
        .iter()
        .map(|ev| tag(&ev.what, "happening"))
        .collect();
    for h in &e.happenings {
        want(
            format!("happening `{h}` missing; got {happened:?}"),
            happened.contains(h),
        );
    }
    for h in &e.no_happenings {
        want(
            format!("happening `{h}` should not happen"),
            !happened.contains(h),
        );
    }
    let told_to = |n: &str| -> Vec<String> {
        giglio::rules::visibility::events_for(&r.events, &NationCode::from(n))
            .into_iter()
            .map(|ev| tag(&ev.what, "happening"))
            .collect()
    };
    for (n, tags) in &e.told {
        let got = told_to(n);
        for h in tags {
            want(
                format!("{n} is not told `{h}`; told {got:?}"),
                got.contains(h),
            );
        }
    }
    for (n, tags) in &e.not_told {
        let got = told_to(n);
        for h in tags {
            want(format!("{n} is told `{h}`"), !got.contains(h));
        }
    }
    for (n, wanted) in &e.told_with {
        let told: Vec<serde_json::Value> =
            giglio::rules::visibility::events_for(&r.events, &NationCode::from(n.as_str()))
                .into_iter()
                .map(|ev| serde_json::to_value(&ev.what).expect("a happening serializes"))
                .collect();
        for w in wanted {
            let fields = serde_json::to_value(w).expect("a table");
            // A flag left out of a stored happening when false reads as false.
            let carries = |h: &serde_json::Value| {
                fields.as_object().is_some_and(|f| {
                    f.iter().all(|(k, v)| {
                        h.get(k) == Some(v)
                            || (v == &serde_json::Value::Bool(false) && h.get(k).is_none())
                    })
                })
            };
            want(
                format!("{n} is told no happening with {fields}; told {told:?}"),
                told.iter().any(carries),
            );
        }
    }
    if let Some(order) = &e.move_order {
        let got: Vec<String> = after.move_order.iter().map(ToString::to_string).collect();
        want(
            format!("move order: want {order:?}, got {got:?}"),
            &got == order,
        );
    }
    if let Some(s) = &e.strategos {
        let got = after
            .strategos
            .as_ref()
            .map_or(String::new(), ToString::to_string);
        want(format!("Strategos: want `{s}`, got `{got}`"), &got == s);
    }
    for (n, v) in &e.fleets {
        let got = after.fleets_of(n).count();
        want(format!("fleets of {n}: want {v}, got {got}"), got == *v);
    }
    for (n, v) in &e.diplomats {
        let got = after
            .diplomats
            .values()
            .filter(|d| d.nation.as_str() == n)
            .count();
        want(format!("diplomats of {n}: want {v}, got {got}"), got == *v);
    }
    for (n, v) in &e.spy {
        let got = after.nation(n).is_some_and(|x| x.spy);
        want(format!("spy of {n}: want {v}, got {got}"), got == *v);
    }
    for (n, v) in &e.assassins {
        let got = after.nation(n).map_or(0, |x| x.assassins);
        want(format!("assassins of {n}: want {v}, got {got}"), got == *v);
    }
    for (n, k) in &e.objective {
        let got = after
            .nation(n)
            .and_then(|x| x.objective.as_ref())
            .map(|o| o.kind);
        want(
            format!("objective of {n}: want {k:?}, got {got:?}"),
            got == Some(*k),
        );
    }
    for a in &e.alliance_declared_by {
        let mut members = [nc(&a.members[0]), nc(&a.members[1])];
        members.sort();
        let got: Option<Vec<String>> = after
            .alliances
            .iter()
            .find(|x| x.members == members)
            .map(|x| x.declared_by.iter().map(ToString::to_string).collect());
        let mut wanted = a.declared_by.clone();
        wanted.sort();
        want(
            format!("alliance {members:?}: want declared by {wanted:?}, got {got:?}"),
            got.as_ref() == Some(&wanted),
        );
    }
    if !e.works.is_empty() || after.works.len() != before.works.len() {
        let got: Vec<String> = after.works.iter().map(|w| w.node.to_string()).collect();
        want(
            format!("works: want {:?}, got {got:?}", e.works),
            got == e.works,
        );
    }
    for (node, n) in &e.owner {
        let got = after.nodes.get(node.as_str()).map(|x| x.owner.to_string());
        want(
            format!("{node} owner: want {n}, got {got:?}"),
            got.as_deref() == Some(n.as_str()),
        );
    }
    if let Some(ids) = &e.battles {
        let got: Vec<String> = after.battles.iter().map(|b| b.id.clone()).collect();
        want(format!("battles: want {ids:?}, got {got:?}"), &got == ids);
    }
    for b in &e.battle {
        let got = after.battles.iter().find(|x| x.id == b.id);
        let ok = got.is_some_and(|x| {
            x.kind == b.kind
                && x.attacker.nation.as_str() == b.attacker
                && x.defender.nation.as_str() == b.defender
                && b.attacker_ducats.is_none_or(|d| d == x.attacker.ducats)
                && b.defender_ducats.is_none_or(|d| d == x.defender.ducats)
                && b.attacker_commander_killed.is_none_or(|k| {
                    serde_json::to_value(&x.attacker).expect("a side serializes")
                        ["commander_killed"]
                        == k
                })
        });
        want(
            format!(
                "battle {}: want {:?} {} against {}, got {got:?}",
                b.id, b.kind, b.attacker, b.defender
            ),
            ok,
        );
    }
    for (id, at) in &e.fleet_at {
        let got = after.fleets.get(id.as_str()).map(|f| match &f.at {
            FleetAt::Port(p) => p.to_string(),
            FleetAt::Sea(z) => z.to_string(),
        });
        want(
            format!("fleet {id}: want at {at}, got {got:?}"),
            got.as_deref() == Some(at.as_str()),
        );
    }
    for id in &e.no_fleet {
        want(
            format!("fleet {id} should not exist"),
            !after.fleets.contains_key(id.as_str()),
        );
    }
    for (id, v) in &e.army_inside {
        let got = after.armies.get(id.as_str()).map(|a| a.inside);
        want(
            format!("army {id} inside: want {v}, got {got:?}"),
            got == Some(*v),
        );
    }
    for (id, f) in &e.army_aboard {
        let got = after
            .armies
            .get(id.as_str())
            .map(|a| a.aboard.as_ref().map_or(String::new(), ToString::to_string));
        want(
            format!("army {id} aboard: want `{f}`, got {got:?}"),
            got.as_deref() == Some(f.as_str()),
        );
    }
    for (id, p) in &e.army_stunned {
        let got = after
            .armies
            .get(id.as_str())
            .map(|a| a.stunned.map_or(String::new(), |x| x.key()));
        want(
            format!("army {id} stunned: want `{p}`, got {got:?}"),
            got.as_deref() == Some(p.as_str()),
        );
    }
    if let Some(sieges) = &e.sieges {
        want(
            format!("sieges: want {sieges:?}, got {:?}", after.sieges),
            &after.sieges == sieges,
        );
    }
    for b in &e.betrayed {
        let mut members = [nc(&b.members[0]), nc(&b.members[1])];
        members.sort();
        let got: Option<Vec<String>> = after
            .alliances
            .iter()
            .find(|x| x.members == members)
            .map(|x| x.betrayed_by.iter().map(ToString::to_string).collect());
        let mut wanted = b.betrayed_by.clone();
        wanted.sort();
        want(
            format!("alliance {members:?}: want betrayed by {wanted:?}, got {got:?}"),
            got.as_ref() == Some(&wanted),
        );
    }
    for (id, node) in &e.diplomat_node {
        let got = after.diplomats.get(id.as_str()).map(|d| d.node.to_string());
        want(
            format!("diplomat {id}: want at {node}, got {got:?}"),
            got.as_deref() == Some(node.as_str()),
        );
    }
    for id in &e.no_diplomat {
        want(
            format!("diplomat {id} should not exist"),
            !after.diplomats.contains_key(id.as_str()),
        );
    }
    for x in &e.ledger {
        let found =
            r.ledger.entries.iter().any(|en| {
                en.nation.as_str() == x.nation && en.rule == x.rule && en.amount == x.amount
            });
        want(
            format!(
                "ledger entry {} {} {:+} missing",
                x.nation, x.rule, x.amount
            ),
            found,
        );
    }
    bad
}

fn run_area(area: &str, min_cases: usize) {
    let c = campaign();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/cases")
        .join(area);
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .expect("cases dir")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    paths.sort();
    assert!(
        paths.len() >= min_cases,
        "{area}: {} cases, want at least {min_cases}",
        paths.len()
    );
    let mut failures = Vec::new();
    let mut covered = BTreeSet::new();
    for p in &paths {
        let name = p
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let case: Case = match toml::from_str(&std::fs::read_to_string(p).expect("read")) {
            Ok(c) => c,
            Err(e) => {
                failures.push(format!("{name}: unreadable case: {e}"));
                continue;
            }
        };
        assert!(
            !case.description.is_empty() && !case.rules.is_empty(),
            "{name}: a case says what it pins and which rules"
        );
        covered.extend(case.rules.iter().cloned());
        let problems = check_case(&c, &case);
        if !problems.is_empty() {
            failures.push(format!(
                "{name} ({}):\n    {}",
                case.description,
                problems.join("\n    ")
            ));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn spring_cases() {
    run_area("spring", 30);
}

#[test]
fn summer_cases() {
    run_area("summer", 1);
}

#[test]
fn winter_cases() {
    run_area("winter", 10);
}

/// The rule ids the cases of every folder pin.
fn covered_by_cases() -> BTreeSet<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let mut covered = BTreeSet::new();
    for area in ["spring", "summer", "winter"] {
        for e in std::fs::read_dir(root.join(area)).expect("cases dir") {
            let p = e.expect("entry").path();
            if p.extension().is_some_and(|x| x == "toml") {
                let text = std::fs::read_to_string(&p).expect("read");
                let case: Case = toml::from_str(&text).expect("a case reads");
                covered.extend(case.rules);
            }
        }
    }
    covered
}

/// Every rule of the rulebook has a rules case, or `tests/cases/elsewhere.toml` names
/// the test that pins it instead (or says why none does yet); a rule listed there has no
/// case, so the list stays true as cases are added.
#[test]
fn every_rule_has_a_case_or_says_where_it_is_tested() {
    #[derive(Deserialize)]
    struct Elsewhere {
        elsewhere: BTreeMap<String, String>,
    }
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/elsewhere.toml");
    let listed: Elsewhere =
        toml::from_str(&std::fs::read_to_string(path).expect("read")).expect("it reads");
    let covered = covered_by_cases();
    let ids = giglio::rulebook::ids();
    // A heading (G2, G3c, §0) is accounted for through the rules under it.
    let under = |heading: &str, id: &str| {
        id.len() > heading.len()
            && id.starts_with(heading)
            && id[heading.len()..].starts_with(|c: char| c == '.' || c.is_ascii_lowercase())
    };
    let has_case = |id: &str| covered.iter().any(|c| c == id || under(id, c));
    let accounted = |id: &str| {
        has_case(id)
            || listed.elsewhere.contains_key(id)
            || listed.elsewhere.keys().any(|l| under(id, l))
    };
    let missing: Vec<&str> = ids.iter().copied().filter(|id| !accounted(id)).collect();
    assert!(
        missing.is_empty(),
        "rules with no case and no line in elsewhere.toml: {missing:?}"
    );
    for (id, why) in &listed.elsewhere {
        assert!(
            ids.contains(&id.as_str()),
            "elsewhere.toml: {id} is not in the rulebook"
        );
        assert!(
            !has_case(id),
            "elsewhere.toml: {id} has a case now ({why}): take its line out"
        );
        assert!(!why.trim().is_empty(), "elsewhere.toml: {id} says nothing");
    }
}

#[test]
fn the_conservation_check_can_fail() {
    // A resolution whose ledger misses a movement must be caught.
    let c = campaign();
    let before = World::start(&c, &[nc("V")]);
    let mut after = before.clone();
    after.nations.get_mut("V").expect("V").treasury += 1;
    let r = Resolution {
        next: Some(after),
        outcomes: Vec::new(),
        events: Vec::new(),
        ledger: Default::default(),
    };
    assert_eq!(check_conservation(&before, &r).len(), 1);
}
