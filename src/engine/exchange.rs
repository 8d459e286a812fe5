//! The contact-exchange mode for the referee (G3c.3, ruling `contact_exchange`): an
//! encounter the round stopped at, each club's reply and the closing of an encounter at
//! its deadline are steps of the open phase, like a battle's applied result, so `undo`
//! takes them back one by one and `audit` replays them. The clubs' answers so far are
//! read back from those steps (see `rules::exchange` for how the round is split).

use crate::error::{Error, Result};
use crate::rules::NationCode;
use crate::rules::exchange::{Asked, Exchange, encounter_number};
use crate::rules::resolve::StepResolution;
use crate::rules::tables::Choice;
use crate::rules::world::World;
use crate::storage::{NewStep, StepRow};
use serde::{Deserialize, Serialize};

/// The kinds of step of the exchange.
pub(crate) const ASKED: &str = "encounter";
pub(crate) const REPLY: &str = "reply";
pub(crate) const CLOSE: &str = "close";

/// An encounter the round stopped at, and until when the clubs may answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct AskedStep {
    pub(crate) asked: Asked,
    /// RFC 3339; `None` when the configuration sets none (the referee closes it).
    pub(crate) deadline: Option<String>,
}

/// A club's choice for an encounter.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct ReplyStep {
    pub(crate) encounter: String,
    pub(crate) number: u32,
    pub(crate) nation: NationCode,
    pub(crate) choice: Choice,
    /// The SHA-256 of the file that carried it.
    pub(crate) receipt: String,
}

/// An encounter closed without every choice: standing choices speak for the clubs
/// that did not answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct CloseStep {
    pub(crate) encounter: String,
    pub(crate) number: u32,
    pub(crate) waited_for: Vec<NationCode>,
}

/// The clubs' answers so far, from the open phase's steps.
pub(crate) fn exchange_of(steps: &[StepRow]) -> Exchange {
    let mut x = Exchange {
        asking: true,
        ..Exchange::default()
    };
    for s in steps {
        match s.kind.as_str() {
            REPLY => {
                if let Ok(r) = serde_json::from_str::<ReplyStep>(&s.input) {
                    x.choices
                        .entry(r.number)
                        .or_default()
                        .insert(r.nation, r.choice);
                }
            }
            CLOSE => {
                if let Ok(c) = serde_json::from_str::<CloseStep>(&s.input) {
                    x.closed = x.closed.max(c.number);
                }
            }
            _ => {}
        }
    }
    x
}

/// The encounters the open phase has asked, in order.
fn asked_steps(steps: &[StepRow]) -> Vec<AskedStep> {
    steps
        .iter()
        .filter(|s| s.kind == ASKED)
        .filter_map(|s| serde_json::from_str(&s.input).ok())
        .collect()
}

/// The encounter the round stands at: the last one asked, unless it was closed. Its
/// replies may change until the round moves on (the next `resolve`).
pub(crate) fn current_encounter(steps: &[StepRow]) -> Option<AskedStep> {
    let x = exchange_of(steps);
    asked_steps(steps)
        .pop()
        .filter(|last| last.asked.number > x.closed)
}

/// The encounter the round stands at, if it still waits for a club's choice, with the
/// clubs it waits for.
pub(crate) fn open_encounter(steps: &[StepRow]) -> Option<(AskedStep, Vec<NationCode>)> {
    let x = exchange_of(steps);
    let current = current_encounter(steps)?;
    let waiting = current.asked.waiting(&x);
    (!waiting.is_empty()).then_some((current, waiting))
}

/// Whether the round has begun to be resolved: once it has stopped at an encounter, its
/// orders can no longer change (the round is replayed from them).
pub(crate) fn round_begun(steps: &[StepRow]) -> bool {
    steps.iter().any(|s| s.kind == ASKED)
}

/// A step that changes nothing in the world: the exchange's steps carry only inputs.
pub(crate) fn step(
    kind: &str,
    input: &impl Serialize,
    world: &World,
    messages: Vec<String>,
) -> Result<NewStep> {
    Ok(NewStep {
        kind: kind.to_owned(),
        input: serde_json::to_string(input).map_err(|e| Error::internal(e.to_string()))?,
        result: StepResolution {
            world: world.clone(),
            events: Vec::new(),
            ledger: Default::default(),
        },
        rolls: Vec::new(),
        messages,
    })
}

/// Why a club's reply cannot be taken, if it cannot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum ReplyProblem {
    /// No encounter of that id is waiting in this phase.
    NoSuchEncounter,
    /// The club is not asked in that encounter.
    NotAsked,
    /// Not one of the club's options.
    NotAnOption(Vec<Choice>),
}

/// Judges a club's reply against the open phase's steps: the encounter must be the one
/// the round stands at (a club may change its choice until the round moves on; whether
/// the other side has answered is never told), the club one of its asked sides, the
/// choice one of its options.
pub(crate) fn judge_reply(
    steps: &[StepRow],
    phase_key: &str,
    nation: &NationCode,
    id: &str,
    choice: Choice,
) -> std::result::Result<u32, ReplyProblem> {
    let number = encounter_number(phase_key, id).ok_or(ReplyProblem::NoSuchEncounter)?;
    let open = current_encounter(steps).ok_or(ReplyProblem::NoSuchEncounter)?;
    if open.asked.number != number {
        return Err(ReplyProblem::NoSuchEncounter);
    }
    let side = open
        .asked
        .side_of(nation)
        .filter(|s| s.asked)
        .ok_or(ReplyProblem::NotAsked)?;
    if !side.options.contains(&choice) {
        return Err(ReplyProblem::NotAnOption(side.options.clone()));
    }
    Ok(number)
}

/// Where an encounter's deadline moved by an outage of the service or a hold is kept:
/// the deadline table, under the phase and the encounter (its asking step is history
/// and keeps the deadline first set).
pub(crate) fn deadline_key(phase: &str, encounter: &str) -> String {
    format!("{phase}#{encounter}")
}

/// An open encounter's deadline as it stands: moved on by an outage or a hold, else as
/// it was asked.
pub(crate) fn deadline_of(
    store: &crate::storage::Store,
    phase: &str,
    open: &AskedStep,
) -> crate::error::Result<Option<String>> {
    Ok(store
        .deadline(&deadline_key(phase, &open.asked.id))?
        .or_else(|| open.deadline.clone()))
}

/// The open encounter of a phase whose clubs are still awaited, with its deadline as it
/// stands, and the clubs it waits for.
pub(crate) fn open_deadline(
    store: &crate::storage::Store,
    phase: &str,
) -> crate::error::Result<Option<(AskedStep, String, Vec<NationCode>)>> {
    let steps = store.steps(phase)?;
    let Some((open, waiting)) = open_encounter(&steps) else {
        return Ok(None);
    };
    Ok(deadline_of(store, phase, &open)?.map(|d| (open, d, waiting)))
}

/// The notices of an open encounter's deadline moved on (by an outage or a hold), to
/// each club it waits for, in its language: `why` names the sentence, `span` how long.
pub(crate) fn moved_notices(
    store: &crate::storage::Store,
    (campaign, config, words): (
        &crate::rules::Campaign,
        &crate::mail::config::Config,
        &crate::words::Words,
    ),
    (phase, open, to): (&str, &AskedStep, &str),
    (why, minutes): (&'static str, i64),
    now: &str,
) -> Result<Vec<crate::storage::OutMessage>> {
    let steps = store.steps(phase)?;
    let waiting = open_encounter(&steps).map(|(_, w)| w).unwrap_or_default();
    let clubs = store.clubs()?;
    let told: Vec<&crate::storage::Club> = clubs
        .iter()
        .filter(|c| waiting.iter().any(|n| n.as_str() == c.nation))
        .collect();
    let tz = super::deadline::zone(&campaign.time_zone)?;
    let due = super::deadline::display(to, tz);
    let title = campaign.title_it.as_str();
    let id = open.asked.id.as_str();
    let say = |w: &crate::words::Words, lang: crate::rules::tables::Lang, name: &str| {
        (
            crate::t!(
                w,
                lang,
                "exchange-deadline-subject",
                campaign = title,
                id = id,
                phase = name
            ),
            crate::t!(
                w,
                lang,
                why,
                id = id,
                phase = name,
                due = due.as_str(),
                span = crate::words::span(w, lang, minutes)
            ),
        )
    };
    let notice = super::post::notice::Notice {
        kind: "deadline",
        phase: store.current()?.id,
        salt: format!("{why} {id} {to}"),
        say: &say,
    };
    super::post::notice::to_clubs(campaign, config, &told, &notice, words, now)
}
