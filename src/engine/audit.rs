//! `giglio audit`: a resolved phase recomputed from its revealed seeds, stored
//! definition, orders and battle results, step by step, and compared with what was
//! stored — the clubs' check on the referee.

use super::battles::{
    AutoDetail, BattleState, battle_card, battle_state, intended_ruleset, issued_ruleset,
};
use crate::error::{Error, Result};
use crate::orders;
use crate::rules::dice::{Dice, Roll, SeededDice};
use crate::rules::resolve::{Resolution, Unresolvable, apply_battle, resolve_with, with_steps};
use crate::rules::tables::Lang;
use crate::rules::{Campaign, World};
use crate::storage::StepRow;
use crate::storage::Store;
use std::collections::BTreeMap;

/// Recomputes the battles auto-resolved while a phase was open, from its revealed seed,
/// and says where an outcome or a roll differs from what was stored.
fn audit_battles(
    store: &Store,
    campaign: &Campaign,
    source: &crate::scenario::Source,
    world: &World,
    key: &str,
    seed: crate::rules::dice::Seed,
) -> Result<Vec<String>> {
    let mut details = Vec::new();
    let rulesets = crate::scenario::rulesets(source).map_err(|d| {
        Error::internal(format!("stored rulesets do not load: {} problems", d.len()))
    })?;
    for b in &world.battles {
        for r in store.results(&b.id)? {
            if r.source != crate::rules::battles::SetBy::Auto || r.phase != key {
                continue;
            }
            let detail = r
                .detail
                .as_deref()
                .and_then(|d| serde_json::from_str::<AutoDetail>(d).ok());
            let (ruleset, readings, draw) = match detail {
                Some(d) => (d.ruleset, d.readings, d.draw),
                None => (intended_ruleset(store, campaign, b)?, None, 0),
            };
            // A battle resolved before the phase was undone and opened again drew from
            // the seed that resolution revealed (the ruling `fresh_seed_after_undo`).
            let seed = if draw == store.draw(key)? {
                seed
            } else if let Some(spent) = store.spent_seed(key, draw)? {
                spent
            } else {
                details.push(format!(
                    "battle {}: the seed of draw {draw} it was resolved under is not on record",
                    b.id
                ));
                continue;
            };
            // A result that kept its readings was resolved with the game as issued
            // (`battle auto` keeps to it); an older one with the phase's definition.
            let issued =
                issued_ruleset(store, b)?.filter(|rs| readings.is_some() && rs.id == ruleset);
            let Some(rs) = issued
                .as_ref()
                .or_else(|| rulesets.iter().find(|x| x.id == ruleset))
            else {
                details.push(format!(
                    "battle {}: ruleset {ruleset} is not in the stored definition",
                    b.id
                ));
                continue;
            };
            // The card's play-by date is no input of the auto-resolver.
            let mut card = battle_card(store, campaign, b, &[], rs, &r.received_at)?;
            if let Some(readings) = readings {
                card.battle.readings = readings;
            }
            // The dice the campaign's ruling gave the battle when it was resolved.
            let mut dice = crate::rules::dice::BattleDice::new(
                seed,
                &card.battle.id,
                campaign.tables.rulings.battle_dice_stream,
            );
            let Ok((outcome, _)) = crate::battle::auto_outcome(&card, rs, &mut dice) else {
                details.push(format!("battle {} no longer auto-resolves", b.id));
                continue;
            };
            if outcome != r.outcome {
                details.push(format!(
                    "battle {}: the auto-resolved outcome differs from the one stored",
                    b.id
                ));
            }
            // A roll is its event, die and face; its purpose is words, which may be
            // reworded between versions without changing any result.
            let face = |r: &Roll| (r.event.clone(), r.sides, r.value);
            let recomputed: Vec<_> = dice.log().iter().map(face).collect();
            let stored: Vec<_> = store
                .battle_dice(key)?
                .iter()
                .map(|(_, roll)| face(roll))
                .filter(|f| recomputed.iter().any(|x| x.0 == f.0))
                .collect();
            // Results stored before rolls were kept have none: their outcome is checked.
            if !stored.is_empty() && stored != recomputed {
                details.push(format!(
                    "battle {}: the auto-resolve's dice differ from those stored",
                    b.id
                ));
            }
        }
    }
    Ok(details)
}

/// Recomputes each step of a phase from the world before it (the opening world, then
/// each step's), what it applied and its revealed seed; says where a step differs.
fn audit_steps(campaign: &Campaign, opening: &World, steps: &[StepRow]) -> Vec<String> {
    let mut details = Vec::new();
    let mut world = opening.clone();
    for step in steps {
        let at = format!("step {}", step.n);
        let seed: Option<crate::rules::dice::Seed> = step
            .revealed_seed
            .as_deref()
            .and_then(|h| hex::decode(h).ok())
            .and_then(|b| b.try_into().ok());
        let Some(seed) = seed else {
            details.push(format!("{at}: its seed is not revealed"));
            break;
        };
        if crate::rules::dice::seed_commitment(&seed) != step.seed_commitment {
            details.push(format!(
                "{at}: the revealed seed does not hash to its commitment"
            ));
        }
        // The exchange's steps (G3c.3) carry inputs only: the world stays as it was.
        // Where the round stopped is checked with the phase's replay (`audit`).
        if step.kind != "battle" {
            if step.result.world != world || !step.rolls.is_empty() {
                details.push(format!("{at}: a {} step changed the world", step.kind));
            }
            continue;
        }
        let Ok(outcome) = serde_json::from_str(&step.input) else {
            details.push(format!("{at}: what it applied does not read"));
            break;
        };
        let mut dice = SeededDice::new(seed);
        match apply_battle(campaign, &world, &outcome, &mut dice) {
            Some(done)
                if done.world == step.result.world
                    && done.ledger == step.result.ledger
                    && events_as_worded_before(&done.events)
                        == events_as_worded_before(&step.result.events)
                    && dice.log() == step.rolls.as_slice() => {}
            Some(_) => details.push(format!(
                "{at}: the world, events or dice differ from those stored"
            )),
            None => details.push(format!("{at}: its battle was not pending")),
        }
        // Go on from what was stored, so one difference is not counted at every step.
        world = step.result.world.clone();
    }
    details
}

/// G3c.3: replays the round with the answers each asked encounter had before it was
/// asked, and says where the round would not have stopped at that encounter.
fn audit_encounters(
    campaign: &Campaign,
    world: &World,
    orders: &BTreeMap<crate::rules::NationCode, crate::rules::order::OrderSet>,
    results: &BTreeMap<String, crate::rules::battles::BattleOutcome>,
    steps: &[StepRow],
    seed: crate::rules::dice::Seed,
) -> Vec<String> {
    let mut details = Vec::new();
    for (i, step) in steps.iter().enumerate() {
        if step.kind != super::exchange::ASKED {
            continue;
        }
        let Ok(stored) = serde_json::from_str::<super::exchange::AskedStep>(&step.input) else {
            details.push(format!(
                "step {}: the encounter asked does not read",
                step.n
            ));
            continue;
        };
        let exchange = super::exchange::exchange_of(&steps[..i]);
        let mut dice = SeededDice::new(seed);
        match resolve_with(campaign, world, orders, results, &exchange, &mut dice) {
            Err(Unresolvable::Encounter(a)) if *a == stored.asked => {}
            _ => details.push(format!(
                "step {}: the round would not stop at encounter {} as stored",
                step.n, stored.asked.id
            )),
        }
    }
    details
}

/// What an audit of one resolved phase found.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub(crate) struct Audit {
    pub(crate) phase: String,
    /// The revealed seed hashes to the commitment published when the phase opened.
    seed_matches_commitment: bool,
    /// Recomputing every roll gives the stored dice log.
    rolls_match: bool,
    /// Recomputing the phase gives the stored outcomes, events and ledger.
    resolution_matches: bool,
    /// …and the stored world of the next phase.
    next_world_matches: bool,
    /// Recomputing every battle auto-resolved while the phase was open gives the stored
    /// outcomes and rolls.
    battles_match: bool,
    /// Recomputing every step the phase took before its resolution (a battle's result
    /// applied) from the world before it, what it applied and its revealed seed gives
    /// the stored world, events and dice.
    steps_match: bool,
    pub(crate) details: Vec<String>,
}

impl Audit {
    /// Returns whether everything matched.
    pub(crate) fn ok(&self) -> bool {
        self.seed_matches_commitment
            && self.rolls_match
            && self.resolution_matches
            && self.next_world_matches
            && self.battles_match
            && self.steps_match
    }
}

/// A resolution with the reasons that later versions name more precisely put back as
/// they were stored before (a move too far into or from foreign territory was plain
/// "too far"), and without the explanations they add to events (the Table 34 cell of an
/// encounter, what made a betrayal), so that audit compares facts, not the precision
/// of their words.
fn as_worded_before(r: &Resolution) -> Resolution {
    use crate::rules::outcome::{Outcome, Reason};
    let mut r = r.clone();
    r.events = events_as_worded_before(&r.events);
    for o in &mut r.outcomes {
        if let Outcome::Rejected { reason, .. } = &mut o.result
            && let Reason::TooFarIntoForeign { max } | Reason::TooFarFromAbroad { max } = *reason
        {
            *reason = Reason::TooFar { max };
        }
        // Whom an assassin went for was not recorded before issue 29.
        if let Outcome::Done(crate::rules::outcome::Done::AssassinSent {
            against, struck, ..
        }) = &mut o.result
        {
            *against = None;
            *struck = None;
        }
        // Lifting a siege the army had marched away from was refused before issue 29.
        if let Outcome::Done(crate::rules::outcome::Done::SiegeLeft { army, .. }) = &o.result {
            o.result = Outcome::rejected("G3d.2", Reason::NotBesieging { army: army.clone() });
        }
    }
    r
}

/// Events without what later versions tell the clubs besides the facts stored before
/// (issue 29: each fleet's storm roll, each force's epidemic roll, an outbid Strategos
/// bid, the enemy's retreat told to the side that stayed, works and sappers lost with a
/// place, an ally's attack that betrayed nothing; the walls of a place that surrendered),
/// and without the explanations added to events (the Table 34 cell of an encounter,
/// what made a betrayal). Every one of them follows from facts stored before.
pub(crate) fn events_as_worded_before(
    events: &[crate::rules::outcome::Event],
) -> Vec<crate::rules::outcome::Event> {
    use crate::rules::outcome::Happening;
    let mut events: Vec<_> = events
        .iter()
        .filter(|e| !e.what.told_since_issue_29())
        .cloned()
        .collect();
    for e in &mut events {
        match &mut e.what {
            Happening::Encounter {
                hand_choice,
                other_choice,
                other_walls,
                other_meant,
                allies,
                no_battle,
                no_siege,
                other_chose,
                ..
            } => {
                *hand_choice = None;
                *other_choice = None;
                *other_walls = false;
                *other_meant = None;
                *allies = false;
                *no_battle = false;
                *no_siege = false;
                *other_chose = false;
            }
            Happening::AllianceBetrayed { how, .. } => *how = None,
            Happening::Surrendered { breached, .. } => *breached = false,
            Happening::Retreated { draw, .. } => *draw = false,
            Happening::EnemySize { garrison, .. } => *garrison = 0,
            Happening::SiegeWaits { others, .. } => others.clear(),
            Happening::EnemyFellBack { own_place, .. } => *own_place = false,
            Happening::WinterEvent {
                face,
                effect,
                amount,
                struck,
                ..
            } => {
                *face = None;
                *effect = None;
                *amount = None;
                *struck = None;
            }
            Happening::EventRoll { drawn_on, .. } => drawn_on.clear(),
            Happening::FleetPushedBack { at, by, .. } => {
                *at = None;
                by.clear();
            }
            _ => {}
        }
    }
    events
}

/// Recomputes a resolved phase from its revealed seed, its stored definition, orders
/// and battle results, and compares every roll and result with what was stored: the
/// clubs' check on the referee.
pub(crate) fn audit(store: &Store, key: &str, words: &crate::words::Words) -> Result<Audit> {
    let phases = store.phases()?;
    let idx = phases
        .iter()
        .position(|p| p.id.key() == key)
        .ok_or_else(|| Error::user(format!("no phase `{key}` in this campaign")))?;
    let p = &phases[idx];
    let Some(seed_hex) = &p.revealed_seed else {
        return Err(Error::user(format!(
            "{} is not resolved: its seed is still secret",
            p.id
        )));
    };
    let seed: crate::rules::dice::Seed = hex::decode(seed_hex)
        .ok()
        .and_then(|b| b.try_into().ok())
        .ok_or_else(|| Error::internal("stored seed is not 32 bytes"))?;
    let mut details = Vec::new();
    let seed_matches_commitment = crate::rules::dice::seed_commitment(&seed) == p.seed_commitment;
    if !seed_matches_commitment {
        details.push("the revealed seed does not hash to the published commitment".into());
    }
    let source = crate::scenario::Source {
        root: format!("stored definition {}", &p.definition_hash[..12]),
        files: store.definition(&p.definition_hash)?,
    };
    let campaign = crate::scenario::load(&source).map_err(|d| {
        Error::internal(format!(
            "stored definition does not load: {} problems",
            d.len()
        ))
    })?;
    // The inputs as they were when the phase was resolved.
    let mut orders = BTreeMap::new();
    for f in store.orders(key, true)? {
        let lowered = orders::lower(
            "audit",
            f.text.as_bytes(),
            &campaign,
            Some(p.id),
            words,
            Lang::En,
        );
        if let Some(h) = lowered.header {
            orders.insert(h.club, super::phase_orders(&campaign, lowered.orders));
        }
    }
    let mut results = BTreeMap::new();
    for b in &p.world.battles {
        if let BattleState::Agreed { outcome } = battle_state(store, b)? {
            results.insert(b.id.clone(), outcome);
        }
    }
    // G5.3: the couriers of the letters read while it was open set out at its end.
    let world = super::couriers::with_posted(store, &campaign, &p.world, key)?;
    let steps = store.steps(key)?;
    let step_details = audit_steps(&campaign, &p.opening, &steps);
    let steps_match = step_details.is_empty();
    details.extend(step_details);
    let before_encounters = details.len();
    details.extend(audit_encounters(
        &campaign, &world, &orders, &results, &steps, seed,
    ));
    let steps_match = steps_match && details.len() == before_encounters;
    let mut dice = SeededDice::new(seed);
    let exchange = super::exchange::exchange_of(&steps);
    let replayed = resolve_with(&campaign, &world, &orders, &results, &exchange, &mut dice)
        .map_err(|e| Error::internal(format!("the phase no longer resolves: {e:?}")))?;
    let stored_rolls: Vec<Roll> = store
        .phase_dice(Some(key))?
        .into_iter()
        .map(|(_, r)| r)
        .collect();
    // A roll's purpose is words, which later versions may write more fully (a random
    // pick now names its list): the die, its event, faces and value are what count.
    let same_die = |a: &Roll, b: &Roll| {
        (a.seq, &a.event, a.sides, a.value) == (b.seq, &b.event, b.sides, b.value)
    };
    let rolls_match = dice.log().len() == stored_rolls.len()
        && dice
            .log()
            .iter()
            .zip(&stored_rolls)
            .all(|(a, b)| same_die(a, b));
    if !rolls_match {
        let first = dice
            .log()
            .iter()
            .zip(&stored_rolls)
            .position(|(a, b)| !same_die(a, b))
            .unwrap_or(dice.log().len().min(stored_rolls.len()));
        details.push(format!(
            "the dice differ from roll #{} on ({} recomputed, {} stored)",
            first + 1,
            dice.log().len(),
            stored_rolls.len()
        ));
    }
    let stored = store.resolution(key)?;
    let done: Vec<_> = steps.iter().map(|s| s.result.clone()).collect();
    let recomputed = with_steps(
        &done,
        Resolution {
            next: None,
            ..replayed.clone()
        },
    );
    let resolution_matches =
        stored.map(|r| as_worded_before(&r)) == Some(as_worded_before(&recomputed));
    if !resolution_matches {
        details.push("the outcomes, events or ledger differ from those stored".into());
    }
    let next_world_matches = match (phases.get(idx + 1), &replayed.next) {
        (Some(next), Some(w)) => {
            // A club that left at the next phase's opening made its nation neutral
            // there (`giglio club leave`): the referee's act, not the phase's.
            let mut w = w.clone();
            for nation in store.turned_neutral(&next.id.key())? {
                w.clubs.remove(nation.as_str());
            }
            next.opening == w
        }
        (None, None) => true,
        _ => false,
    };
    if !next_world_matches {
        details.push("the world of the next phase differs from the one stored".into());
    }
    let battle_details = audit_battles(store, &campaign, &source, &p.opening, key, seed)?;
    let battles_match = battle_details.is_empty();
    details.extend(battle_details);
    Ok(Audit {
        phase: key.to_owned(),
        battles_match,
        steps_match,
        seed_matches_commitment,
        rolls_match,
        resolution_matches,
        next_world_matches,
        details,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::order::OrderRef;
    use crate::rules::outcome::{
        Audience, Betrayal, Event, Happening, OrderOutcome, Outcome, Reason,
    };
    use crate::rules::tables::Choice;
    use crate::rules::{NationCode, NodeCode};

    /// A phase stored before the explanations existed and the same phase recomputed
    /// today compare equal; a different fact does not.
    #[test]
    fn audit_compares_facts_not_the_explanations_added_since() {
        let v = NationCode::from("V");
        let resolution =
            |reason: Reason, choice: Option<Choice>, how: Option<Betrayal>| Resolution {
                next: None,
                outcomes: vec![OrderOutcome {
                    nation: v.clone(),
                    at: OrderRef {
                        seq: 1,
                        start: 0,
                        end: 1,
                    },
                    order: "move".into(),
                    result: Outcome::rejected("G3b.3", reason),
                }],
                events: vec![
                    Event {
                        audience: Audience::Nation(v.clone()),
                        rule: "G3c.2".into(),
                        what: Happening::Encounter {
                            node: NodeCode::from("F7"),
                            hand: v.clone(),
                            other: NationCode::from("F"),
                            text_it: "battaglia".into(),
                            text_en: "battle".into(),
                            hand_choice: choice,
                            other_choice: choice,
                            other_walls: choice.is_some(),
                            other_meant: choice,
                            allies: choice.is_some(),
                            no_battle: choice.is_some(),
                            no_siege: choice.is_some(),
                            other_chose: choice.is_some(),
                        },
                    },
                    Event {
                        audience: Audience::Nation(v.clone()),
                        rule: "G5.2".into(),
                        what: Happening::AllianceBetrayed {
                            by: v.clone(),
                            against: NationCode::from("F"),
                            how,
                        },
                    },
                ],
                ledger: Default::default(),
            };
        let stored = resolution(Reason::TooFar { max: 1 }, None, None);
        let today = resolution(
            Reason::TooFarIntoForeign { max: 1 },
            Some(Choice::Attack),
            Some(Betrayal::Assassin),
        );
        assert_ne!(stored, today);
        assert_eq!(as_worded_before(&stored), as_worded_before(&today));
        let other = resolution(Reason::TooFarIntoForeign { max: 2 }, None, None);
        assert_ne!(as_worded_before(&stored), as_worded_before(&other));
    }

    /// Issue 29: a phase stored before clubs were told their own rolls, a lost bid, the
    /// enemy's fate, the walls of a surrendered place, what a capture took and an ally's
    /// attack that betrayed nothing compares equal to the same phase recomputed today,
    /// which tells them; a fact that differs still differs.
    #[test]
    fn audit_compares_past_phases_without_what_clubs_are_told_since() {
        use crate::rules::outcome::{Force, NoBetrayal};
        use crate::rules::world::WorkKind;
        let (v, f) = (NationCode::from("V"), NationCode::from("F"));
        let ev = |what: Happening| Event {
            audience: Audience::Nation(v.clone()),
            rule: "G0".into(),
            what,
        };
        let surrendered = |breached: bool| Event {
            audience: Audience::Public,
            rule: "G3d.2".into(),
            what: Happening::Surrendered {
                node: NodeCode::from("F8"),
                from: f.clone(),
                to: v.clone(),
                breached,
            },
        };
        let with = |events: Vec<Event>| Resolution {
            next: None,
            outcomes: Vec::new(),
            events,
            ledger: Default::default(),
        };
        let stored = with(vec![
            surrendered(false),
            ev(Happening::StormRoll {
                roll: 6,
                storm: Some(true),
            }),
        ]);
        let told = vec![
            ev(Happening::FleetStormRoll {
                nation: v.clone(),
                fleet: "V-F1".into(),
                roll: 3,
                lost_on: vec![6],
                lost: false,
            }),
            ev(Happening::EpidemicRoll {
                nation: v.clone(),
                node: NodeCode::from("V0"),
                what: Force::Garrison,
                roll: 2,
                destroys_on: vec![4, 5, 6],
                destroyed: false,
            }),
            ev(Happening::StrategosOutbid {
                bid: 40,
                roll_off: false,
            }),
            ev(Happening::EnemyFellBack {
                battle: "B".into(),
                nation: f.clone(),
                from: NodeCode::from("F7"),
                destroyed: false,
                draw: false,
                rearguard: false,
                own_place: false,
            }),
            ev(Happening::EnemyDestroyed {
                battle: "B".into(),
                nation: f.clone(),
                node: NodeCode::from("F7"),
            }),
            ev(Happening::SurrenderTook {
                node: NodeCode::from("F8"),
                from: f.clone(),
                garrison: true,
                armies: 1,
            }),
            ev(Happening::WorksCaptured {
                node: NodeCode::from("F8"),
                nation: v.clone(),
                kind: WorkKind::Fortify,
            }),
            ev(Happening::SapperCaptured {
                node: NodeCode::from("F8"),
                nation: v.clone(),
            }),
            ev(Happening::AllyAttackNoBetrayal {
                by: f.clone(),
                against: v.clone(),
                why: NoBetrayal::NeverStood,
                how: Betrayal::Assassin,
            }),
        ];
        let mut events = vec![surrendered(true)];
        events.extend(told.clone());
        events.push(ev(Happening::StormRoll {
            roll: 6,
            storm: Some(true),
        }));
        let today = with(events);
        assert_ne!(stored, today);
        assert_eq!(as_worded_before(&stored), as_worded_before(&today));
        let other = with(vec![
            surrendered(true),
            ev(Happening::StormRoll {
                roll: 5,
                storm: Some(false),
            }),
        ]);
        assert_ne!(as_worded_before(&stored), as_worded_before(&other));
    }
}
