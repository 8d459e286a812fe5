//! Spring (G2): income, loans, spending orders, alliances and the Strategos auction.
//!
//! Order of resolution, nation by nation in code order: income (G2a.1–2), repayment of
//! last year's loan with confiscation if need be (G2a.3), upkeep (G2b.8), this year's
//! loan, then every other order in the order written; after every club: alliances
//! (G5.2) and the Strategos auction with the year's move order (G2b.5).

use super::forces::{at_named_node, garrison, own_army, transfer};
use super::ids::{Ducats, NationCode, NodeCode, natural_cmp};
use super::ledger::{Account, Item};
use super::map::NodeKind;
use super::order::{Objective, Order, OrderKind, OrderSet, SapperAt};
use super::outcome::{Audience, Done, Happening, Outcome, Reason};
use super::step::Step;
use super::tables::{Confiscation, EventEffect, ObjectiveKind, StrategosTie};
use super::world::{Alliance, Fortification, Loan, Work, WorkKind};
use std::collections::{BTreeMap, BTreeSet};

pub(super) fn resolve(s: &mut Step, orders: &BTreeMap<NationCode, OrderSet>) {
    let nations: Vec<NationCode> = s.w.nations.keys().cloned().collect();
    let mut city_income = BTreeMap::new();
    for n in &nations {
        city_income.insert(n.clone(), collect_income(s, n));
        repay_loan(s, n);
        upkeep(s, n);
    }
    let standing = standing_alliances(s);
    let mut bids = Vec::new();
    let none = OrderSet::default();
    for n in &nations {
        let set = orders.get(n).unwrap_or(&none);
        // Loans first, so money borrowed this spring can pay for this spring's orders.
        let (loans, rest): (Vec<&Order>, Vec<&Order>) = set
            .orders
            .iter()
            .partition(|o| matches!(o.kind, OrderKind::Loan { .. }));
        for o in loans.into_iter().chain(rest) {
            if let OrderKind::StrategosBid { amount, move_order } = &o.kind {
                bids.push(Bid {
                    nation: n.clone(),
                    amount: *amount,
                    move_order: move_order.clone(),
                    outcome: s.outcomes.len(),
                });
                if bids.iter().filter(|b| &b.nation == n).count() > 1 {
                    s.outcome(n, o, Outcome::rejected("G2b.5", Reason::BidTwice));
                    bids.pop();
                } else {
                    // Placeholder, settled by the auction once every club has spent.
                    s.outcome(n, o, Outcome::Done(Done::BidSealed { amount: *amount }));
                }
                continue;
            }
            let result = apply(s, n, o, city_income[n]).unwrap_or_else(|rejected| rejected);
            s.outcome(n, o, result);
        }
    }
    form_alliances(s, &standing);
    auction(s, bids);
}

/// G2a.1–2: income of every owned node, with last winter's events; returns what the
/// nation's cities paid (the base of the loan limit).
fn collect_income(s: &mut Step, nation: &NationCode) -> Ducats {
    let income = &s.c.tables.income;
    let effects: Vec<EventEffect> =
        s.w.nation(nation.as_str())
            .map(|n| n.events.clone())
            .unwrap_or_default()
            .iter()
            .filter_map(|id| s.c.tables.events.entry.iter().find(|e| &e.id == id))
            .map(|e| e.effect.clone())
            .collect();
    let city_percent: u32 = effects
        .iter()
        .filter_map(|e| match e {
            EventEffect::CityIncomePercent { percent } => Some(*percent),
            _ => None,
        })
        .fold(100, |acc, p| acc * p / 100);
    let village = effects
        .iter()
        .rev()
        .find_map(|e| match e {
            EventEffect::VillageIncome { ducats } => Some(*ducats),
            _ => None,
        })
        .unwrap_or(income.village);
    let mut total = 0;
    let mut cities = 0;
    let owned: Vec<NodeCode> =
        s.w.nodes_owned_by(nation.as_str())
            .map(|(c, _)| c.clone())
            .collect();
    for code in owned {
        let Some(node) = s.c.map.node(code.as_str()) else {
            continue;
        };
        let (amount, rule) = match node.kind {
            NodeKind::City => {
                let base = if node.capital {
                    income.capital
                } else {
                    income.city
                };
                let pays = base * Ducats::from(city_percent) / 100;
                cities += pays;
                (
                    pays,
                    if city_percent == 100 {
                        "G2a.1"
                    } else {
                        "G2a.2"
                    },
                )
            }
            NodeKind::Fortress => (income.fortress, "G2a.1"),
            NodeKind::Village => (
                village,
                if village == income.village {
                    "G2a.1"
                } else {
                    "G2a.2"
                },
            ),
        };
        total += amount;
        s.treasury_add(nation, amount, rule, Item::Income { node: code });
    }
    if total > 0 {
        s.event(
            Audience::Nation(nation.clone()),
            "G2a.1",
            Happening::Income {
                nation: nation.clone(),
                amount: total,
            },
        );
    }
    cities
}

/// G2a.3: last year's loan is repaid in full with interest, before any spending;
/// what cannot be paid is confiscated in the order of the ruling.
fn repay_loan(s: &mut Step, nation: &NationCode) {
    let Some(loan) = s.w.nations.get_mut(nation).and_then(|n| n.loan.take()) else {
        return;
    };
    let due = loan.due();
    let treasury = s.treasury(nation.as_str());
    if treasury >= due {
        s.treasury_add(nation, -loan.principal, "G2a.3", Item::LoanRepayment);
        s.treasury_add(nation, -loan.interest, "G2a.3", Item::Interest);
        s.event(
            Audience::Nation(nation.clone()),
            "G2a.3",
            Happening::LoanRepaid {
                nation: nation.clone(),
                amount: due,
            },
        );
        return;
    }
    let mut owed = due;
    for what in s.c.tables.rulings.loan_confiscation_order.clone() {
        if owed == 0 {
            break;
        }
        match what {
            Confiscation::Treasury => {
                let take = s.treasury(nation.as_str()).min(owed);
                s.treasury_add(nation, -take, "G2a.3", Item::Confiscation);
                owed -= take;
            }
            Confiscation::Armies => {
                while owed > 0 {
                    // The largest army first; among equals, the lowest id.
                    let Some((id, value)) =
                        s.w.armies_of(nation.as_str())
                            .map(|a| (a.id.clone(), a.value))
                            .max_by(|a, b| a.1.cmp(&b.1).then(b.0.cmp(&a.0)))
                    else {
                        break;
                    };
                    let take = value.min(owed);
                    s.army_add(&id, -take, "G2a.3", Item::Confiscation);
                    owed -= take;
                }
            }
            Confiscation::Garrisons => owed -= confiscate_garrisons(s, nation, owed),
            Confiscation::Fleets => {
                let value = s.c.tables.loan.fleet_value;
                while owed > 0 {
                    let Some(id) = s.w.fleets_of(nation.as_str()).map(|f| f.id.clone()).next()
                    else {
                        break;
                    };
                    s.w.fleets.remove(&id);
                    // A fleet is seized whole and counts its confiscation value.
                    s.ledger.add(
                        nation,
                        Account::Fleet(id),
                        -value,
                        "G2a.3",
                        Item::Confiscation,
                    );
                    owed -= value.min(owed);
                }
            }
        }
    }
    // What nothing could cover stays owed, due next spring without new interest
    // (ruling `loan_unpaid_carried`); before the ruling it was written off.
    let carried = owed > 0 && s.c.tables.rulings.loan_unpaid_carried;
    if carried && let Some(state) = s.w.nations.get_mut(nation) {
        state.loan = Some(Loan {
            year: s.w.phase.year,
            principal: owed,
            interest: 0,
        });
    }
    s.event(
        Audience::Nation(nation.clone()),
        "G2a.3",
        Happening::LoanDefault {
            nation: nation.clone(),
            due,
            paid: due - owed,
            unpaid: owed,
            carried,
        },
    );
}

/// G2a.3: confiscates up to `owed` from the club's garrisons, the largest first (among
/// equals the first node in natural order); a garrison taken whole is gone. Returns
/// what was taken.
fn confiscate_garrisons(s: &mut Step, nation: &NationCode, owed: Ducats) -> Ducats {
    let mut taken = 0;
    while taken < owed {
        let Some((node, value)) =
            s.w.nodes
                .iter()
                .filter_map(|(c, x)| {
                    x.garrison
                        .as_ref()
                        .filter(|g| &g.nation == nation && g.value > 0)
                        .map(|g| (c.clone(), g.value))
                })
                .max_by(|a, b| a.1.cmp(&b.1).then(natural_cmp(b.0.as_str(), a.0.as_str())))
        else {
            break;
        };
        let take = value.min(owed - taken);
        if let Some(x) = s.w.nodes.get_mut(&node) {
            if take >= value {
                x.garrison = None;
            } else if let Some(g) = x.garrison.as_mut() {
                g.value -= take;
            }
        }
        s.ledger.add(
            nation,
            Account::Garrison(node),
            -take,
            "G2a.3",
            Item::Confiscation,
        );
        taken += take;
    }
    taken
}

/// G2b.8: upkeep per army, from the treasury, else from the army itself.
fn upkeep(s: &mut Step, nation: &NationCode) {
    let rate = s.c.tables.rulings.army_upkeep;
    if rate <= 0 {
        return;
    }
    let armies: Vec<_> =
        s.w.armies_of(nation.as_str())
            .map(|a| a.id.clone())
            .collect();
    for id in armies {
        let from_treasury = s.treasury(nation.as_str()).min(rate);
        s.treasury_add(nation, -from_treasury, "G2b.8", Item::Upkeep);
        if rate > from_treasury {
            s.army_add(&id, -(rate - from_treasury), "G2b.8", Item::Upkeep);
        }
    }
}

type Applied = Result<Outcome, Outcome>;

fn reject(rule: &str, reason: Reason) -> Outcome {
    Outcome::rejected(rule, reason)
}

/// Applies one spending order, whole or not at all.
fn apply(s: &mut Step, n: &NationCode, o: &Order, city_income: Ducats) -> Applied {
    let t = s.c.tables.clone();
    let done = |d: Done| Ok(Outcome::Done(d));
    match &o.kind {
        OrderKind::Loan { amount } => {
            let year = s.w.phase.year;
            if s.w
                .nation(n.as_str())
                .and_then(|x| x.loan.as_ref())
                .is_some_and(|l| l.year == year)
            {
                return Err(reject("G2a.3", Reason::LoanTwice));
            }
            let limit = city_income * Ducats::from(t.loan.limit_percent_of_city_income) / 100;
            if *amount > limit {
                return Err(reject("G2a.3", Reason::LoanTooLarge { limit }));
            }
            let interest = t
                .loan
                .interest_rounding
                .apply(amount * Ducats::from(t.loan.interest_percent), 100);
            s.treasury_add(n, *amount, "G2a.3", Item::Loan);
            if let Some(x) = s.w.nations.get_mut(n) {
                x.loan = Some(Loan {
                    year,
                    principal: *amount,
                    interest,
                });
            }
            done(Done::Loan {
                amount: *amount,
                due: amount + interest,
            })
        }
        OrderKind::Raise { node, value } => {
            owned_city(s, n, node, "G2b.1")?;
            let count = s.w.armies_of(n.as_str()).count() as u32;
            if count >= t.armies.max_armies {
                return Err(reject(
                    "G2b.1",
                    Reason::TooManyArmies {
                        max: t.armies.max_armies,
                    },
                ));
            }
            if *value < t.armies.min_raise {
                return Err(reject(
                    "G2b.1",
                    Reason::ValueTooSmall {
                        min: t.armies.min_raise,
                    },
                ));
            }
            s.pay(n, *value, "G2b.1", Item::Raise)?;
            let army = s.w.raise_army(n, node, 0);
            // The index of who stands where learns of the new army at once: a later
            // order of the same spring (a garrison into an enemy node, G2b.3) asks it.
            s.occ.refresh_army(&s.w, &army);
            s.army_add(&army, *value, "G2b.1", Item::Raise);
            done(Done::Raised {
                army,
                node: node.clone(),
                value: *value,
            })
        }
        OrderKind::Reinforce { army, value } => {
            let at = own_army(s, n, army, "G2b.1")?;
            if t.rulings.reinforce_only_in_owned_city {
                owned_city(s, n, &at, "G2b.1")?;
            }
            s.pay(n, *value, "G2b.1", Item::Reinforce)?;
            s.army_add(army, *value, "G2b.1", Item::Reinforce);
            done(Done::Reinforced {
                army: army.clone(),
                value: *value,
            })
        }
        OrderKind::Transfer { from, to, value } => transfer(s, n, from, to, *value),
        OrderKind::Garrison { army, value, node } => {
            at_named_node(s, army, node.as_ref()).and_then(|()| garrison(s, n, army, *value))
        }
        OrderKind::Fortify { node } => {
            let kind = s.c.map.node(node.as_str()).map(|x| x.kind);
            let cost = match kind {
                Some(NodeKind::Fortress) => {
                    return Err(reject(
                        "G2b.4",
                        Reason::CannotFortifyFortress { node: node.clone() },
                    ));
                }
                Some(NodeKind::City) => t.works.fortify_city,
                _ => t.works.fortify_village,
            };
            match s.w.nodes[node].fortification {
                Fortification::Fortified => {
                    return Err(reject(
                        "G2b.4",
                        Reason::AlreadyFortified { node: node.clone() },
                    ));
                }
                Fortification::Breached => {
                    return Err(reject(
                        "G2b.4",
                        Reason::BreachedUseRepair { node: node.clone() },
                    ));
                }
                Fortification::None => {}
            }
            works(s, n, node, WorkKind::Fortify, cost)
        }
        OrderKind::Repair { node } => {
            if s.w.nodes[node].fortification != Fortification::Breached {
                return Err(reject("G2b.4", Reason::NotBreached { node: node.clone() }));
            }
            works(s, n, node, WorkKind::Repair, t.works.repair)
        }
        OrderKind::HireSapper { at } => {
            match at {
                SapperAt::Army(army) => {
                    own_army(s, n, army, "G2b.5")?;
                    if s.w.armies[army].sapper {
                        return Err(reject("G2b.5", Reason::SapperAlready));
                    }
                }
                SapperAt::Node(node) => {
                    let state = &s.w.nodes[node];
                    if &state.owner != n {
                        return Err(reject("G2b.5", Reason::NotYourNode { node: node.clone() }));
                    }
                    if state.fortification != Fortification::Fortified {
                        return Err(reject("G2b.5", Reason::NotFortified { node: node.clone() }));
                    }
                    if state.sapper.is_some() {
                        return Err(reject("G2b.5", Reason::SapperAlready));
                    }
                }
            }
            s.pay(n, t.specialists.sapper, "G2b.5", Item::Sapper)?;
            match at {
                SapperAt::Army(army) => s.w.armies.get_mut(army).expect("checked").sapper = true,
                SapperAt::Node(node) => {
                    s.w.nodes.get_mut(node).expect("checked").sapper = Some(n.clone())
                }
            }
            done(Done::SapperHired { at: at.clone() })
        }
        OrderKind::HireDiplomat { node } => {
            if &s.w.nodes[node].owner != n {
                return Err(reject("G2b.5", Reason::NotYourNode { node: node.clone() }));
            }
            s.pay(n, t.specialists.diplomat, "G2b.5", Item::Diplomat)?;
            let diplomat = s.w.place_diplomat(n, node);
            // The index of who stands where learns of the new diplomat at once, as of a
            // raised army: a later order of the same spring asks it.
            s.occ.refresh_diplomat(&s.w, &diplomat);
            done(Done::DiplomatHired {
                diplomat,
                node: node.clone(),
            })
        }
        OrderKind::HireSpy => {
            if s.w.nation(n.as_str()).is_some_and(|x| x.spy) {
                return Err(reject("G2b.5", Reason::SpyAlready));
            }
            s.pay(n, t.specialists.spy, "G2b.5", Item::Spy)?;
            s.w.nations
                .get_mut(n)
                .expect("every nation has a state")
                .spy = true;
            done(Done::SpyHired)
        }
        OrderKind::HireAssassin => {
            s.pay(n, t.specialists.assassin, "G2b.5", Item::Assassin)?;
            s.w.nations
                .get_mut(n)
                .expect("every nation has a state")
                .assassins += 1;
            done(Done::AssassinHired)
        }
        OrderKind::BuildFleet { port } => {
            let is_port = s.c.map.node(port.as_str()).is_some_and(|x| x.port);
            if !is_port {
                return Err(reject("G2b.6", Reason::NotAPort { node: port.clone() }));
            }
            if &s.w.nodes[port].owner != n {
                return Err(reject("G2b.6", Reason::NotYourNode { node: port.clone() }));
            }
            let limit = s.c.nation(n.as_str()).map_or(0, |x| x.fleet_limit);
            if s.w.fleets_of(n.as_str()).count() as u32 >= limit {
                return Err(reject("G2b.6", Reason::FleetLimit { limit }));
            }
            s.pay(n, t.fleets.cost, "G2b.6", Item::Fleet)?;
            let fleet = s.w.build_fleet(n, port);
            done(Done::FleetBuilt {
                fleet,
                port: port.clone(),
            })
        }
        OrderKind::Alliance { with } => {
            if with == n {
                return Err(reject("G5.2", Reason::SelfAlliance));
            }
            if s.c.nation(with.as_str()).is_none() {
                return Err(reject(
                    "G5.2",
                    Reason::UnknownNation {
                        nation: with.clone(),
                    },
                ));
            }
            let mut members = [n.clone(), with.clone()];
            members.sort();
            match s.w.alliances.iter_mut().find(|a| a.members == members) {
                Some(a) => {
                    a.declared_by.insert(n.clone());
                }
                None => s.w.alliances.push(Alliance {
                    members,
                    declared_by: BTreeSet::from([n.clone()]),
                    betrayed_by: BTreeSet::new(),
                }),
            }
            done(Done::AllianceDeclared { with: with.clone() })
        }
        OrderKind::Objective(objective) => choose_objective(s, n, objective),
        OrderKind::StrategosBid { .. } => unreachable!("bids are settled by the auction"),
        _ => Err(reject("G1.1", Reason::WrongPhase)),
    }
}

/// Checks that `node` is a city the club owns.
fn owned_city(s: &Step, n: &NationCode, node: &NodeCode, rule: &str) -> Result<(), Outcome> {
    if s.w.nodes.get(node).is_none_or(|x| &x.owner != n) {
        return Err(reject(rule, Reason::NotYourNode { node: node.clone() }));
    }
    if s.c
        .map
        .node(node.as_str())
        .is_none_or(|x| x.kind != NodeKind::City)
    {
        return Err(reject(rule, Reason::NotACity { node: node.clone() }));
    }
    Ok(())
}

/// G2b.3–4: works take effect at once in an owned node (the amendment, a ruling) and
/// in an enemy node where the club's army stands; elsewhere they take a year and
/// complete in winter (G4.1).
fn works(s: &mut Step, n: &NationCode, node: &NodeCode, kind: WorkKind, cost: Ducats) -> Applied {
    if s.w.works.iter().any(|w| &w.node == node) {
        return Err(reject(
            "G2b.4",
            Reason::AlreadyFortified { node: node.clone() },
        ));
    }
    let owned = &s.w.nodes[node].owner == n;
    let army_there = s.w.armies_of(n.as_str()).any(|a| &a.node == node);
    // The ruling: works only where the club holds the node or its army stands.
    // The ruling `garrison_and_works_where_held`: only where the club holds the node.
    if s.c.tables.rulings.garrison_and_works_where_held && !owned {
        return Err(reject("G2b.4", Reason::NotYourNode { node: node.clone() }));
    }
    if s.c.tables.rulings.works_where_held_or_army && !owned && !army_there {
        return Err(reject(
            "G2b.4",
            Reason::NotHeldNoArmy { node: node.clone() },
        ));
    }
    let at_once = if owned {
        s.c.tables.rulings.works_at_once_in_owned_nodes
    } else {
        army_there
    };
    let item = match kind {
        WorkKind::Fortify => Item::Fortify { node: node.clone() },
        WorkKind::Repair => Item::Repair { node: node.clone() },
    };
    s.pay(n, cost, "G2b.4", item)?;
    if at_once {
        s.w.nodes.get_mut(node).expect("checked").fortification = Fortification::Fortified;
    } else {
        s.w.works.push(Work {
            nation: n.clone(),
            node: node.clone(),
            kind,
        });
    }
    Ok(Outcome::Done(match kind {
        WorkKind::Fortify => Done::Fortified {
            node: node.clone(),
            at_once,
        },
        WorkKind::Repair => Done::Repaired {
            node: node.clone(),
            at_once,
        },
    }))
}

/// G8.1: the objective, secretly, in the first spring.
fn choose_objective(s: &mut Step, n: &NationCode, objective: &Objective) -> Applied {
    if s.w.phase.year != s.c.tables.calendar.start_year {
        return Err(reject("G8.1", Reason::ObjectiveNotFirstSpring));
    }
    let state = s.w.nations.get_mut(n).expect("every nation has a state");
    if state.objective.is_some() {
        return Err(reject("G8.1", Reason::ObjectiveTwice));
    }
    if objective.kind == ObjectiveKind::ConquerNation {
        match &objective.target {
            None => return Err(reject("G8.1", Reason::ObjectiveNeedsTarget)),
            Some(t) if t == n => return Err(reject("G8.1", Reason::ObjectiveTargetSelf)),
            Some(t) if s.c.nation(t.as_str()).is_none() => {
                return Err(reject("G8.1", Reason::UnknownNation { nation: t.clone() }));
            }
            Some(_) => {}
        }
    }
    s.w.nations.get_mut(n).expect("checked").objective = Some(objective.clone());
    Ok(Outcome::Done(Done::ObjectiveChosen))
}

/// Returns the alliances that stand (G5.2), as their members.
fn standing_alliances(s: &Step) -> Vec<[NationCode; 2]> {
    let needs_both = s.c.tables.rulings.alliance_needs_both;
    s.w.alliances
        .iter()
        .filter(|a| a.betrayed_by.is_empty())
        .filter(|a| {
            if needs_both {
                a.declared_by.len() == 2
            } else {
                !a.declared_by.is_empty()
            }
        })
        .map(|a| a.members.clone())
        .collect()
}

/// G5.2: an alliance declared by both sides exists from now on; each member hears of
/// it once, the spring it forms. A club that declared one this spring the other side has
/// not declared hears that it does not stand.
fn form_alliances(s: &mut Step, standing_before: &[[NationCode; 2]]) {
    if s.c.tables.rulings.alliance_needs_both {
        let declared: Vec<(NationCode, NationCode)> = s
            .outcomes
            .iter()
            .filter_map(|o| match &o.result {
                Outcome::Done(Done::AllianceDeclared { with }) => {
                    Some((o.nation.clone(), with.clone()))
                }
                _ => None,
            })
            .collect();
        for (n, with) in declared {
            let between = |a: &&Alliance| a.members.contains(&n) && a.members.contains(&with);
            let broken = s.c.tables.rulings.betrayal_ends_alliance
                && s.w
                    .alliances
                    .iter()
                    .filter(between)
                    .any(|a| !a.betrayed_by.is_empty());
            let one_sided = (s.w.alliances.iter().filter(between)).any(|a| a.declared_by.len() < 2);
            if broken {
                s.event(
                    Audience::Nation(n),
                    "G5.2",
                    Happening::AllianceStaysBroken { with },
                );
            } else if one_sided {
                s.event(
                    Audience::Nation(n),
                    "G5.2",
                    Happening::AllianceOneSided { with },
                );
            }
        }
    }
    for members in standing_alliances(s) {
        if standing_before.contains(&members) {
            continue;
        }
        for m in &members {
            s.event(
                Audience::Nation(m.clone()),
                "G5.2",
                Happening::AllianceFormed {
                    members: members.clone(),
                },
            );
        }
    }
}

struct Bid {
    nation: NationCode,
    amount: Ducats,
    move_order: Vec<NationCode>,
    /// Index of the bid's placeholder outcome.
    outcome: usize,
}

/// G2b.5: the sealed-bid auction for the Strategos, then the year's move order.
fn auction(s: &mut Step, bids: Vec<Bid>) {
    // A bid the treasury cannot pay once all spending is done is rejected (G2b.7).
    let mut valid = Vec::new();
    for b in bids {
        let treasury = s.treasury(b.nation.as_str());
        if b.amount > treasury {
            s.outcomes[b.outcome].result = Outcome::rejected(
                "G2b.7",
                Reason::MissingDucats {
                    cost: b.amount,
                    treasury,
                },
            );
        } else if b.amount > 0 {
            valid.push(b);
        }
    }
    let best = valid.iter().map(|b| b.amount).max();
    let mut winner: Option<&Bid> = None;
    if let Some(best) = best {
        let tied: Vec<&Bid> = valid.iter().filter(|b| b.amount == best).collect();
        if tied.len() == 1 {
            winner = Some(tied[0]);
        } else {
            match s.c.tables.rulings.strategos_tie {
                // Bids are sealed orders (G7.4): only the tied bidders learn of the tie.
                StrategosTie::NoWinner => {
                    let tied: Vec<NationCode> = tied.iter().map(|b| b.nation.clone()).collect();
                    for n in tied {
                        s.event(
                            Audience::Nation(n),
                            "G2b.5",
                            Happening::StrategosTie { bid: best },
                        );
                    }
                    // A lower bidder learns its bid lost and that nobody holds the
                    // Strategos (a play-test's club was told nothing), not who tied.
                    for b in valid.iter().filter(|b| b.amount < best) {
                        s.event(
                            Audience::Nation(b.nation.clone()),
                            "G2b.5",
                            Happening::StrategosTiedAbove { bid: b.amount },
                        );
                    }
                }
                StrategosTie::RollOff => winner = Some(roll_off(s, &tied)),
            }
        }
    } else {
        // Told to the referee only: were it public, its absence would tell every club
        // that someone bid (G7.4).
        s.event(Audience::Referee, "G2b.5", Happening::StrategosNone);
    }
    let clubs: Vec<NationCode> = s.w.clubs.iter().cloned().collect();
    let order = match winner {
        Some(w) => {
            let (nation, amount) = (w.nation.clone(), w.amount);
            s.treasury_add(&nation, -amount, "G2b.5", Item::Strategos);
            // The winner alone learns its win and its price: bids are orders and the
            // price is treasury (G7.4). Every club learns the move order (G3b.1).
            s.event(
                Audience::Nation(nation.clone()),
                "G2b.5",
                Happening::StrategosWon {
                    nation: nation.clone(),
                    bid: amount,
                },
            );
            let mut chosen: Vec<NationCode> = Vec::new();
            for c in w.move_order.iter().chain(std::iter::once(&nation)) {
                if clubs.contains(c) && !chosen.contains(c) {
                    chosen.push(c.clone());
                }
            }
            let rest: Vec<NationCode> = clubs
                .iter()
                .filter(|c| !chosen.contains(c))
                .cloned()
                .collect();
            chosen.extend(shuffle(s, rest, "spring/move-order"));
            s.w.strategos = Some(nation);
            // Every other valid bidder learns its bid lost and cost nothing, not who won
            // (G7.4): a roll-off's loser tied at the best bid.
            for b in valid.iter().filter(|b| b.nation != w.nation) {
                s.event(
                    Audience::Nation(b.nation.clone()),
                    "G2b.5",
                    Happening::StrategosOutbid {
                        bid: b.amount,
                        roll_off: b.amount == amount,
                    },
                );
            }
            chosen
        }
        None => {
            s.w.strategos = None;
            shuffle(s, clubs, "spring/move-order")
        }
    };
    s.w.move_order = order.clone();
    s.event(Audience::Public, "G3b.1", Happening::MoveOrder { order });
}

/// Tied bidders roll 1d6 until one rolls highest.
fn roll_off<'b>(s: &mut Step, tied: &[&'b Bid]) -> &'b Bid {
    let mut left: Vec<&Bid> = tied.to_vec();
    let mut round = 1;
    while left.len() > 1 {
        let rolls: Vec<u8> = left
            .iter()
            .map(|b| {
                s.dice.d6(
                    &format!("spring/strategos-roll-off/{round}/{}", b.nation),
                    "Strategos tie: roll-off",
                )
            })
            .collect();
        let top = rolls.iter().copied().max().unwrap_or(0);
        left = left
            .into_iter()
            .zip(rolls)
            .filter(|(_, r)| *r == top)
            .map(|(b, _)| b)
            .collect();
        round += 1;
    }
    left[0]
}

/// Shuffles nations with logged dice (Fisher–Yates), for a random move order.
fn shuffle(s: &mut Step, mut items: Vec<NationCode>, event: &str) -> Vec<NationCode> {
    for i in (1..items.len()).rev() {
        let listed: Vec<String> = items[..=i]
            .iter()
            .enumerate()
            .map(|(k, n)| format!("{}={n}", k + 1))
            .collect();
        let j = s.dice.pick(
            &format!("{event}/{i}"),
            i + 1,
            &format!(
                "the summer's move order, drawn at random: the club in place {} is {}",
                i + 1,
                listed.join(", ")
            ),
        );
        items.swap(i, j);
    }
    items
}
