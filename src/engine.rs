//! Running a phase for the referee: gather the active order files, check the phase is
//! ready, resolve it with the phase's seeded dice, and save the result in one
//! transaction. The shell around `rules::resolve`.

use crate::diag::Diagnostic;
use crate::error::{Error, Result};
use crate::mail::outbox::{self, Mailing};
use crate::orders;
use crate::rules::battles::{BattleOutcome, ResultSource};
use crate::rules::calendar::Phase;
use crate::rules::dice::{Dice, Roll, SeededDice};
use crate::rules::order::OrderSet;
use crate::rules::resolve::{Resolution, Unresolvable, resolve};
use crate::rules::tables::Lang;
use crate::rules::world::Battle;
use crate::rules::{Campaign, NationCode, World};
use crate::storage::{Advance, Store};
use std::collections::BTreeMap;

/// Where a pending battle's result stands.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case", tag = "state")]
pub enum BattleState {
    /// No usable result yet: these clubs have not sent theirs.
    Waiting { missing: Vec<NationCode> },
    /// Both clubs sent results that differ: the referee rules (`giglio battle rule`).
    Disputed,
    /// The result to apply: the referee's ruling, an auto-resolve, or two agreeing
    /// club results, in that order of precedence.
    Agreed { outcome: BattleOutcome },
}

/// Returns where a battle's result stands, from its stored results.
pub fn battle_state(store: &Store, battle: &Battle) -> Result<BattleState> {
    let results = store.results(&battle.id)?;
    let latest = |source: &str| {
        results
            .iter()
            .rev()
            .find(|r| r.source == source)
            .map(|r| r.outcome.clone())
    };
    if let Some(o) = latest("referee").or_else(|| latest("auto")) {
        return Ok(BattleState::Agreed { outcome: o });
    }
    let a = latest(battle.attacker.nation.as_str());
    let d = latest(battle.defender.nation.as_str());
    Ok(match (a, d) {
        (Some(a), Some(d)) if same_result(&a, &d) => BattleState::Agreed {
            outcome: BattleOutcome {
                source: ResultSource::Table,
                ..a
            },
        },
        (Some(_), Some(_)) => BattleState::Disputed,
        (a, d) => BattleState::Waiting {
            missing: [
                (a.is_none(), &battle.attacker.nation),
                (d.is_none(), &battle.defender.nation),
            ]
            .into_iter()
            .filter(|(m, _)| *m)
            .map(|(_, n)| n.clone())
            .collect(),
        },
    })
}

/// Two clubs' results agree when they name the same winner and the same losses.
fn same_result(a: &BattleOutcome, b: &BattleOutcome) -> bool {
    a.winner == b.winner && a.attacker_loss == b.attacker_loss && a.defender_loss == b.defender_loss
}

/// A phase ready to be resolved.
pub struct Prepared {
    pub world: World,
    pub orders: BTreeMap<NationCode, OrderSet>,
    /// The results of last round's battles that are settled.
    pub results: BTreeMap<String, BattleOutcome>,
    /// Every pending battle and where its result stands.
    pub battles: Vec<(String, BattleState)>,
    /// Clubs whose orders the phase waits for and has not received.
    pub missing: Vec<NationCode>,
    /// Problems in stored files (possible only if the definition was edited since).
    pub problems: Vec<Diagnostic>,
}

/// Gathers the open phase's world and active orders.
pub fn prepare(store: &Store, campaign: &Campaign) -> Result<Prepared> {
    let current = store.current()?;
    if current.resolved_at.is_some() {
        return Err(Error::user(
            "the campaign is over: its last winter is resolved (`giglio undo` reopens it)",
        ));
    }
    let world = current.world;
    let key = world.phase.key();
    let mut orders = BTreeMap::new();
    let mut problems = Vec::new();
    for f in store.orders(&key, true)? {
        let shown = format!("{} orders of {} (receipt {})", key, f.nation, f.id);
        let lowered = orders::lower(
            &shown,
            f.text.as_bytes(),
            campaign,
            Some(world.phase),
            Lang::En,
        );
        problems.extend(lowered.fatal);
        problems.extend(lowered.diagnostics);
        if let Some(h) = lowered.header {
            orders.insert(h.club, lowered.orders);
        }
    }
    let waits = !matches!(world.phase.phase, Phase::Winter);
    let missing = if waits {
        world
            .clubs
            .iter()
            .filter(|c| !orders.contains_key(*c))
            .cloned()
            .collect()
    } else {
        Vec::new()
    };
    let mut results = BTreeMap::new();
    let mut battles = Vec::new();
    for b in &world.battles {
        let state = battle_state(store, b)?;
        if let BattleState::Agreed { outcome } = &state {
            results.insert(b.id.clone(), outcome.clone());
        }
        battles.push((b.id.clone(), state));
    }
    Ok(Prepared {
        world,
        orders,
        results,
        battles,
        missing,
        problems,
    })
}

/// Resolves a prepared phase with the given dice.
pub fn run(campaign: &Campaign, p: &Prepared, dice: &mut dyn Dice) -> Result<Resolution> {
    resolve(campaign, &p.world, &p.orders, &p.results, dice).map_err(|e| match e {
        Unresolvable::BattlesPending(ids) => Error::user(format!(
            "{} cannot be resolved while battles wait for their result: {} (see `giglio battle list`)",
            p.world.phase,
            ids.join(", ")
        )),
        Unresolvable::ContactExchange => Error::user(
            "contact_exchange = true in rules.toml: this version settles encounters by standing choices only; set it to false",
        ),
    })
}

/// What `resolve_open_phase` did.
pub struct Resolved {
    pub resolution: Resolution,
    pub rolls: Vec<Roll>,
    pub before: World,
}

/// Resolves the open phase and saves it, refusing while clubs' orders are missing
/// unless `force` or the phase's deadline has passed (missing clubs then hold). With
/// `dry_run`, nothing is saved. With `mailing`, every report of the phase is rendered
/// and queued in the same transaction that saves it.
pub fn resolve_open_phase(
    store: &mut Store,
    campaign: &Campaign,
    force: bool,
    dry_run: bool,
    now: &str,
    command: &str,
    mailing: Option<&Mailing>,
) -> Result<Resolved> {
    let p = prepare(store, campaign)?;
    let key = p.world.phase.key();
    let deadline = store.deadline(&key)?;
    let past_deadline = deadline
        .as_deref()
        .is_some_and(|d| crate::mail::deadline::passed(d, now));
    if !p.missing.is_empty() && !force && !dry_run && !past_deadline {
        let list: Vec<&str> = p.missing.iter().map(NationCode::as_str).collect();
        let due = match &deadline {
            Some(d) => format!(" (orders are due {d})"),
            None => String::new(),
        };
        return Err(Error::user(format!(
            "{} waits for orders from {}{due}; resolve with `--force` to let them hold",
            p.world.phase,
            list.join(", ")
        )));
    }
    let mut dice = SeededDice::new(store.phase_seed()?);
    let resolution = run(campaign, &p, &mut dice)?;
    let rolls = dice.log().to_vec();
    if !dry_run {
        let (outbox, next_deadline) = match mailing {
            Some(m) => {
                crate::failpoint::hit("resolve.render.before");
                let mail = phase_mail(store, campaign, &p, &resolution, rolls.len(), m, now)?;
                crate::failpoint::hit("resolve.render.after");
                mail
            }
            None => (Vec::new(), None),
        };
        let description = match &resolution.next {
            Some(next) => format!(
                "resolve {}: {} is open; {} messages queued",
                p.world.phase,
                next.phase,
                outbox.len()
            ),
            None => format!(
                "resolve {}: the campaign is over; {} messages queued",
                p.world.phase,
                outbox.len()
            ),
        };
        store.advance(Advance {
            next: resolution.next.as_ref(),
            resolution: Some(&resolution),
            rolls: &rolls,
            now,
            command,
            description: &description,
            outbox: &outbox,
            deadline: next_deadline.as_deref(),
        })?;
    }
    Ok(Resolved {
        resolution,
        rolls,
        before: p.world,
    })
}

/// Renders every message a resolution sends (reports, bulletin, the referee's) and the
/// next phase's deadline; `resolve` queues them, `resolve --dry-run --out` shows them.
fn phase_mail(
    store: &Store,
    campaign: &Campaign,
    p: &Prepared,
    resolution: &Resolution,
    rolls: usize,
    m: &Mailing,
    now: &str,
) -> Result<(Vec<crate::storage::OutMessage>, Option<String>)> {
    let sent: Vec<NationCode> = p.orders.keys().cloned().collect();
    let (facts, deadline) =
        outbox::facts(store, campaign, &p.world, resolution, &sent, m.config, now)?;
    let phase = outbox::ResolvedPhase {
        before: &p.world,
        resolution,
        facts: &facts,
        rolls,
    };
    let msgs = outbox::phase_messages(store, campaign, &phase, m, now)?;
    Ok((msgs, deadline))
}

/// What `resolve --dry-run` would send: the messages of resolving the open phase now,
/// rendered exactly as `resolve` would queue them; nothing is saved.
pub fn preview_mail(
    store: &Store,
    campaign: &Campaign,
    now: &str,
    mailing: &Mailing,
) -> Result<Vec<crate::storage::OutMessage>> {
    let p = prepare(store, campaign)?;
    let mut dice = SeededDice::new(store.phase_seed()?);
    let resolution = run(campaign, &p, &mut dice)?;
    let rolls = dice.log().len();
    Ok(phase_mail(store, campaign, &p, &resolution, rolls, mailing, now)?.0)
}

/// Builds a pending battle's card for a ruleset: the campaign's view of both sides,
/// with a club's own order of battle (§0.5) in place of the templates when it sent one.
pub fn battle_card(
    store: &Store,
    c: &Campaign,
    b: &Battle,
    rs: &crate::battle::ruleset::Ruleset,
) -> Result<crate::battle::card::Card> {
    use crate::battle::card;
    use crate::rules::order::{OobLeader, OobUnit};
    let clubs: BTreeMap<String, String> = store
        .clubs()?
        .into_iter()
        .map(|c| (c.nation, c.name))
        .collect();
    let mut card = card::for_battle(c, b, &clubs, rs);
    for side in &mut card.sides {
        if let Some(json) = store.oob(&b.id, &side.nation, &rs.id)? {
            let (units, leaders): (Vec<OobUnit>, Vec<OobLeader>) = serde_json::from_str(&json)
                .map_err(|e| Error::Internal(format!("stored order of battle: {e}")))?;
            card::use_club_oob(side, &units, &leaders);
        }
    }
    Ok(card)
}

/// Finds a battle by id: pending in the open phase, or settled in an earlier one (its
/// card can be shown again). Returns it with whether it is still pending.
pub fn find_battle(store: &Store, id: &str) -> Result<Option<(Battle, bool)>> {
    let current = store.current()?;
    if let Some(b) = current.world.battles.iter().find(|b| b.id == id) {
        return Ok(Some((b.clone(), true)));
    }
    Ok(store
        .phases()?
        .into_iter()
        .rev()
        .find_map(|p| p.world.battles.into_iter().find(|b| b.id == id))
        .map(|b| (b, false)))
}

/// What an auto-resolve keeps beside its outcome: the ruleset, the tactical result and
/// every roll (the rolls also go to the dice log, one row each).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct AutoDetail {
    pub ruleset: String,
    pub result: Option<crate::battle::result::TacticalResult>,
    pub rolls: Vec<Roll>,
}

/// What [`auto_resolve`] did.
pub struct AutoResolved {
    pub outcome: BattleOutcome,
    pub rolls: usize,
}

/// The ruleset a battle was meant for: the one whose card the clubs received, the
/// campaign's default.
pub fn intended_ruleset(c: &Campaign) -> &str {
    &c.default_ruleset
}

/// Refuses an auto-resolve that would shop for a result: a battle is auto-resolved once,
/// with the ruleset it was meant for, and never over a referee's ruling or two clubs'
/// agreeing results. Only a new referee ruling replaces an auto-resolved result.
pub fn auto_allowed(store: &Store, c: &Campaign, b: &Battle, ruleset: &str) -> Result<()> {
    let intended = intended_ruleset(c);
    if ruleset != intended {
        return Err(Error::user(format!(
            "battle {} is meant for {intended} (the campaign's default ruleset, the card the clubs received): auto-resolve it with {intended}, or fight it on the table",
            b.id
        )));
    }
    let results = store.results(&b.id)?;
    if let Some(r) = results.iter().find(|r| r.source == "auto") {
        return Err(Error::user(format!(
            "battle {} was already auto-resolved ({}): a second auto-resolve is refused; only a referee ruling (`giglio battle rule … --reason`) replaces it",
            b.id, r.received_at
        )));
    }
    if results.iter().any(|r| r.source == "referee") {
        return Err(Error::user(format!(
            "battle {} has a referee ruling: only a new ruling (`giglio battle rule … --reason`) replaces it",
            b.id
        )));
    }
    if let BattleState::Agreed { .. } = battle_state(store, b)? {
        return Err(Error::user(format!(
            "both clubs sent agreeing results for battle {}: the auto-resolver never replaces them",
            b.id
        )));
    }
    Ok(())
}

/// Auto-resolves a pending battle once with its intended ruleset and the open phase's
/// seeded dice (event ids carry the battle id), and records the outcome with every roll
/// in one transaction. Refused as [`auto_allowed`] says.
pub fn auto_resolve(
    store: &mut Store,
    c: &Campaign,
    b: &Battle,
    rs: &crate::battle::ruleset::Ruleset,
    now: &str,
    command: &str,
) -> Result<AutoResolved> {
    auto_allowed(store, c, b, &rs.id)?;
    let card = battle_card(store, c, b, rs)?;
    let mut dice = SeededDice::new(store.phase_seed()?);
    let (outcome, result) = crate::battle::auto_outcome(&card, rs, &mut dice)
        .map_err(|e| Error::user(e.to_string()))?;
    let detail = AutoDetail {
        ruleset: rs.id.clone(),
        result,
        rolls: dice.log().to_vec(),
    };
    let json = serde_json::to_string(&detail).map_err(|e| Error::Internal(e.to_string()))?;
    let phase = store.current()?.id.key();
    store.record_battle_result(
        &crate::storage::StoredResult {
            id: 0,
            battle: b.id.clone(),
            phase,
            source: "auto".into(),
            received_at: now.to_owned(),
            outcome: outcome.clone(),
            detail: Some(json),
        },
        dice.log(),
        &[],
        command,
    )?;
    Ok(AutoResolved {
        outcome,
        rolls: dice.log().len(),
    })
}

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
        Error::Internal(format!("stored rulesets do not load: {} problems", d.len()))
    })?;
    for b in &world.battles {
        for r in store.results(&b.id)? {
            if r.source != "auto" || r.phase != key {
                continue;
            }
            let ruleset = r
                .detail
                .as_deref()
                .and_then(|d| serde_json::from_str::<AutoDetail>(d).ok())
                .map_or_else(|| intended_ruleset(campaign).to_owned(), |d| d.ruleset);
            let Some(rs) = rulesets.iter().find(|x| x.id == ruleset) else {
                details.push(format!(
                    "battle {}: ruleset {ruleset} is not in the stored definition",
                    b.id
                ));
                continue;
            };
            let card = battle_card(store, campaign, b, rs)?;
            let mut dice = SeededDice::new(seed);
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

/// What an audit of one resolved phase found.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Audit {
    pub phase: String,
    /// The revealed seed hashes to the commitment published when the phase opened.
    pub seed_matches_commitment: bool,
    /// Recomputing every roll gives the stored dice log.
    pub rolls_match: bool,
    /// Recomputing the phase gives the stored outcomes, events and ledger.
    pub resolution_matches: bool,
    /// …and the stored world of the next phase.
    pub next_world_matches: bool,
    /// Recomputing every battle auto-resolved while the phase was open gives the stored
    /// outcomes and rolls.
    pub battles_match: bool,
    pub details: Vec<String>,
}

impl Audit {
    /// Returns whether everything matched.
    pub fn ok(&self) -> bool {
        self.seed_matches_commitment
            && self.rolls_match
            && self.resolution_matches
            && self.next_world_matches
            && self.battles_match
    }
}

/// A resolution with the reasons that later versions name more precisely put back as
/// they were stored before (a move too far into or from foreign territory was plain
/// "too far"), and without the explanations they add to events (the Table 34 cell of an
/// encounter, what made a betrayal), so that audit compares facts, not the precision
/// of their words.
fn as_worded_before(r: &Resolution) -> Resolution {
    use crate::rules::outcome::{Happening, Outcome, Reason};
    let mut r = r.clone();
    for e in &mut r.events {
        match &mut e.what {
            Happening::Encounter {
                hand_choice,
                other_choice,
                ..
            } => {
                *hand_choice = None;
                *other_choice = None;
            }
            Happening::AllianceBetrayed { how, .. } => *how = None,
            _ => {}
        }
    }
    for o in &mut r.outcomes {
        if let Outcome::Rejected { reason, .. } = &mut o.result
            && let Reason::TooFarIntoForeign { max } | Reason::TooFarFromAbroad { max } = *reason
        {
            *reason = Reason::TooFar { max };
        }
    }
    r
}

/// Recomputes a resolved phase from its revealed seed, its stored definition, orders
/// and battle results, and compares every roll and result with what was stored: the
/// clubs' check on the referee.
pub fn audit(store: &Store, key: &str) -> Result<Audit> {
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
        .ok_or_else(|| Error::Internal("stored seed is not 32 bytes".into()))?;
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
        Error::Internal(format!(
            "stored definition does not load: {} problems",
            d.len()
        ))
    })?;
    // The inputs as they were when the phase was resolved.
    let mut orders = BTreeMap::new();
    for f in store.orders(key, true)? {
        let lowered = orders::lower("audit", f.text.as_bytes(), &campaign, Some(p.id), Lang::En);
        if let Some(h) = lowered.header {
            orders.insert(h.club, lowered.orders);
        }
    }
    let mut results = BTreeMap::new();
    for b in &p.world.battles {
        if let BattleState::Agreed { outcome } = battle_state(store, b)? {
            results.insert(b.id.clone(), outcome);
        }
    }
    let mut dice = SeededDice::new(seed);
    let replayed = resolve(&campaign, &p.world, &orders, &results, &mut dice)
        .map_err(|e| Error::Internal(format!("the phase no longer resolves: {e:?}")))?;
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
    let recomputed = Resolution {
        next: None,
        ..replayed.clone()
    };
    let resolution_matches =
        stored.map(|r| as_worded_before(&r)) == Some(as_worded_before(&recomputed));
    if !resolution_matches {
        details.push("the outcomes, events or ledger differ from those stored".into());
    }
    let next_world_matches = match (phases.get(idx + 1), &replayed.next) {
        (Some(next), Some(w)) => &next.world == w,
        (None, None) => true,
        _ => false,
    };
    if !next_world_matches {
        details.push("the world of the next phase differs from the one stored".into());
    }
    let battle_details = audit_battles(store, &campaign, &source, &p.world, key, seed)?;
    let battles_match = battle_details.is_empty();
    details.extend(battle_details);
    Ok(Audit {
        phase: key.to_owned(),
        battles_match,
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
}
