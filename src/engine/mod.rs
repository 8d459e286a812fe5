//! Running a phase for the referee: gather the active order files, check the phase is
//! ready, resolve it with the phase's seeded dice, and save the result in one
//! transaction. The shell around `rules::resolve`.

use crate::engine::post::Mailing;
use crate::error::{Error, Result};
use crate::orders;
use crate::rules::battles::BattleOutcome;
use crate::rules::calendar::Phase;
use crate::rules::dice::{Dice, Roll, SeededDice};
use crate::rules::exchange::{Asked, Exchange};
use crate::rules::order::OrderSet;
use crate::rules::resolve::{Resolution, Unresolvable, resolve_with, with_steps};
use crate::rules::tables::Lang;
use crate::rules::{Campaign, NationCode, World};
use crate::storage::{Advance, Store};
use crate::words::Words;
use std::collections::BTreeMap;

mod audit;
mod battles;
pub(crate) mod couriers;
pub(crate) mod deadline;
pub(crate) mod desk;
pub(crate) mod disorder;
pub(crate) mod exchange;
pub(crate) mod late;
pub mod paperwork;
pub mod post;
pub mod reveal;
pub mod site;
pub(crate) mod waits;
pub(crate) mod welcomes;

pub(crate) use audit::{Audit, audit};
pub(crate) use battles::{
    BattleState, News, auto_allowed, auto_resolve, battle_card, battle_state, dated_battles,
    find_battle, game_name, intended_ruleset, issued_ruleset, names_of, news_mail, play_by, record,
    sent_result, settle, waiting_battles,
};

/// A phase ready to be resolved.
pub struct Prepared {
    pub world: World,
    pub orders: BTreeMap<NationCode, OrderSet>,
    /// The results of last round's battles that are settled.
    pub(crate) results: BTreeMap<String, BattleOutcome>,
    /// Clubs whose orders the phase waits for and has not received.
    pub(crate) missing: Vec<NationCode>,
    /// Clubs whose active file had parts left out on reading, or, in the first spring,
    /// chose no objective: likely to send it again, so an early resolution waits for
    /// them (a play-test's club misspelt its objective and the spring went in the same
    /// pass, its receipt saying it could still send another file).
    pub(crate) flawed: Vec<NationCode>,
    /// G3c.3: the steps the phase took so far, and the clubs' answers to its encounters.
    pub(crate) steps: Vec<crate::storage::StepRow>,
    pub(crate) exchange: Exchange,
    /// G5.3: the couriers of the letters read while the phase was open, which set out
    /// at its resolution (an input of the phase, as its orders are).
    pub(crate) posted: Vec<crate::rules::couriers::Courier>,
}

/// Whether the open phase goes before its deadline at the service's next pass (`[run]
/// early`): every club's orders in and none with parts left out, the clock not held, and
/// not the winter (which takes no orders). A battle's update says "the round is resolved
/// now" only then (a play-test's update said so while the clock was held).
pub(crate) fn goes_early(
    store: &Store,
    c: &Campaign,
    config: &crate::mail::config::Config,
    words: &Words,
) -> Result<bool> {
    if !config.run.early || store.service()?.held_since.is_some() {
        return Ok(false);
    }
    let current = store.current()?;
    if matches!(current.id.phase, Phase::Winter) || current.resolved_at.is_some() {
        return Ok(false);
    }
    let p = prepare(store, c, words)?;
    Ok(p.missing.is_empty() && p.flawed.is_empty())
}

/// Whether phase `key`, opened again by `undo` with `world` and its files as they stand,
/// goes at the service's first pass once the clock runs (`[run] early`): a file from
/// every club, none with parts left out, and not the winter. `undo` asks before the
/// phase is open again, so its correction can say so (a play-test's clubs were told
/// they could send a new file until the deadline, and the phase went a minute after
/// `resume`); the same test as [`goes_early`], which asks of the open phase.
pub(crate) fn goes_early_when_reopened(
    store: &Store,
    c: &Campaign,
    config: &crate::mail::config::Config,
    words: &Words,
    world: &World,
) -> Result<bool> {
    if !config.run.early || matches!(world.phase.phase, Phase::Winter) {
        return Ok(false);
    }
    let (orders, flawed) = files_of(store, c, words, world)?;
    Ok(flawed.is_empty() && world.clubs.iter().all(|n| orders.contains_key(n)))
}

/// Gathers the open phase's world and active orders.
pub fn prepare(store: &Store, campaign: &Campaign, words: &Words) -> Result<Prepared> {
    let current = store.current()?;
    if current.resolved_at.is_some() {
        return Err(Error::user(
            "the campaign is over: its last winter is resolved (`giglio undo` reopens it)",
        ));
    }
    let world = current.world;
    let key = world.phase.key();
    let (orders, flawed) = files_of(store, campaign, words, &world)?;
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
    for b in &world.battles {
        if let BattleState::Agreed { outcome } = battle_state(store, b)? {
            results.insert(b.id.clone(), outcome);
        }
    }
    let steps = store.steps(&key)?;
    let exchange = exchange::exchange_of(&steps);
    // Once the round stopped at an encounter its orders are closed: nobody is missing.
    let missing = if exchange::round_begun(&steps) {
        Vec::new()
    } else {
        missing
    };
    let posted = couriers::posted(store, campaign, &world, &key)?;
    Ok(Prepared {
        flawed,
        world,
        orders,
        results,
        missing,
        steps,
        exchange,
        posted,
    })
}

/// The orders each club's active file gives phase `world.phase`, and the clubs whose
/// file has parts left out (or, in the first spring, no objective): such a file holds
/// early resolution until a new file or the deadline.
fn files_of(
    store: &Store,
    campaign: &Campaign,
    words: &Words,
    world: &World,
) -> Result<(BTreeMap<NationCode, OrderSet>, Vec<NationCode>)> {
    let key = world.phase.key();
    let mut orders = BTreeMap::new();
    let mut flawed = Vec::new();
    let first_spring = matches!(world.phase.phase, Phase::Spring)
        && world.phase.year == campaign.tables.calendar.start_year;
    for f in store.orders(&key, true)? {
        let shown = format!("{} orders of {} (receipt {})", key, f.nation, f.id);
        let lowered = orders::lower(
            &shown,
            f.text.as_bytes(),
            campaign,
            Some(world.phase),
            words,
            Lang::En,
        );
        if let Some(h) = lowered.header {
            let no_objective = first_spring
                && !(lowered.orders.orders.iter())
                    .any(|o| matches!(o.kind, crate::rules::order::OrderKind::Objective(_)));
            if !lowered.diagnostics.is_empty() || no_objective {
                flawed.push(h.club.clone());
            }
            orders.insert(h.club, phase_orders(campaign, lowered.orders));
        }
    }
    Ok((orders, flawed))
}

/// The orders a phase resolves from a club's file: under the ruling
/// `battle_results_at_once`, the battle results and orders of battle it carries were
/// taken when the file arrived (they are not orders of the phase); before that ruling
/// they stay, and the rules refuse them as they always did.
fn phase_orders(campaign: &Campaign, set: OrderSet) -> OrderSet {
    crate::submission::battle_kinds(campaign, &set).1
}

/// What the open phase's steps produced, in order.
fn steps_of(p: &Prepared) -> Vec<crate::rules::resolve::StepResolution> {
    p.steps.iter().map(|s| s.result.clone()).collect()
}

/// Resolves a prepared phase with the given dice: its resolution, or the encounter the
/// round stops at (contact-exchange mode, G3c.3).
pub fn run(
    campaign: &Campaign,
    p: &Prepared,
    dice: &mut dyn Dice,
) -> Result<std::result::Result<Resolution, Box<Asked>>> {
    let world = if p.posted.is_empty() {
        std::borrow::Cow::Borrowed(&p.world)
    } else {
        let mut w = p.world.clone();
        w.couriers.extend(p.posted.iter().cloned());
        std::borrow::Cow::Owned(w)
    };
    match resolve_with(campaign, &world, &p.orders, &p.results, &p.exchange, dice) {
        Ok(r) => Ok(Ok(r)),
        Err(Unresolvable::Encounter(asked)) => Ok(Err(asked)),
        Err(Unresolvable::BattlesPending(ids)) => Err(Error::user(format!(
            "{} cannot be resolved while battles wait for their result: {} (see `giglio battle list`)",
            p.world.phase,
            ids.join(", ")
        ))),
    }
}

/// What `resolve_open_phase` did.
pub enum Ran {
    /// The phase is resolved (with `dry_run`: would be).
    Resolved(Box<Resolved>),
    /// The round stopped at an encounter and asked the clubs (with `dry_run`: would).
    Paused(Box<Paused>),
}

/// A resolved phase.
pub struct Resolved {
    pub(crate) resolution: Resolution,
    pub(crate) rolls: Vec<Roll>,
    pub(crate) before: World,
}

/// A round stopped at an encounter (G3c.3).
pub struct Paused {
    pub(crate) asked: Asked,
    pub(crate) deadline: Option<String>,
    /// The encounter closed on the way, if the last one was waiting past its deadline.
    pub(crate) closed: Option<String>,
    pub(crate) queued: usize,
}

impl Ran {
    /// The resolution, if the phase was resolved.
    pub(crate) fn resolved(self) -> Option<Resolved> {
        match self {
            Ran::Resolved(r) => Some(*r),
            Ran::Paused(_) => None,
        }
    }
}

/// Resolves the open phase and saves it, refusing while clubs' orders are missing
/// unless `force` or the phase's deadline has passed (missing clubs then hold). With
/// `dry_run`, nothing is saved. With `mailing`, every report of the phase is rendered
/// and queued in the same transaction that saves it.
///
/// In contact-exchange mode (G3c.3) a round may stop at an encounter instead: the
/// encounter is saved as a step of the phase and its clubs are asked, each in one
/// transaction; the next call goes on from there once the choices are in, or closes the
/// encounter at its deadline (or with `force`), standing choices speaking for the clubs
/// that did not answer.
#[allow(clippy::too_many_arguments)]
pub fn resolve_open_phase(
    store: &mut Store,
    campaign: &Campaign,
    force: bool,
    dry_run: bool,
    now: &str,
    command: &str,
    words: &Words,
    mailing: Option<&Mailing>,
) -> Result<Ran> {
    let mut p = prepare(store, campaign, words)?;
    let key = p.world.phase.key();
    let deadline = store.deadline(&key)?;
    let past_deadline = deadline
        .as_deref()
        .is_some_and(|d| crate::engine::deadline::reached(d, now));
    if !p.missing.is_empty() && !force && !dry_run && !past_deadline {
        let list: Vec<&str> = p.missing.iter().map(NationCode::as_str).collect();
        let due = match (
            &deadline,
            crate::engine::deadline::zone(&campaign.time_zone),
        ) {
            (Some(d), Ok(tz)) => format!(
                " (orders are due {})",
                crate::engine::deadline::display(d, tz)
            ),
            (Some(d), Err(_)) => format!(" (orders are due {d})"),
            (None, _) => String::new(),
        };
        return Err(Error::user(format!(
            "{} waits for orders from {}{due}; resolve with `--force` to let them hold",
            p.world.phase,
            list.join(", ")
        )));
    }
    let closed = close_waiting(store, &mut p, force, dry_run, now, command)?;
    let mut dice = SeededDice::new(store.phase_seed()?);
    let resolution = match run(campaign, &p, &mut dice)? {
        Ok(r) => with_steps(&steps_of(&p), r),
        Err(asked) => {
            return ask(
                store, campaign, &p, *asked, closed, dry_run, now, command, mailing,
            );
        }
    };
    let rolls = dice.log().to_vec();
    if !dry_run {
        let (mut outbox, next_deadline) = match mailing {
            Some(m) => {
                crate::failpoint::hit("resolve.render.before");
                let mail = phase_mail(store, campaign, &p, &resolution, rolls.len(), m, now)?;
                crate::failpoint::hit("resolve.render.after");
                mail
            }
            None => (Vec::new(), None),
        };
        let copies = match mailing {
            Some(m) => {
                let (letters, copies) = couriers_mail(store, campaign, &p, &resolution, m, now)?;
                outbox.extend(letters);
                copies
            }
            None => Vec::new(),
        };
        let description = match &resolution.next {
            Some(next) => format!(
                "resolve {}: {} is open; {} queued",
                p.world.phase,
                next.phase,
                crate::storage::counted(outbox.len(), "message", "messages")
            ),
            None => format!(
                "resolve {}: the campaign is over; {} queued",
                p.world.phase,
                crate::storage::counted(outbox.len(), "message", "messages")
            ),
        };
        let source = mailing.map(|m| crate::scenario::Source {
            root: String::new(),
            files: m.definition.clone(),
        });
        let hash = source.as_ref().map(crate::scenario::Source::hash);
        store.advance(Advance {
            definition: hash.as_deref().zip(source.as_ref().map(|s| &s.files)),
            next: resolution.next.as_ref(),
            resolution: Some(&resolution),
            rolls: &rolls,
            now,
            command,
            description: &description,
            outbox: &outbox,
            deadline: next_deadline.as_deref(),
            letters: &copies,
        })?;
    }
    Ok(Ran::Resolved(Box::new(Resolved {
        resolution,
        rolls,
        before: p.world,
    })))
}

/// G3c.3: once every choice of the encounter the round stands at is in, the round goes
/// on at once (as `resolve` would: to the next encounter, which is asked, or to its end,
/// whose reports are queued). `None` when it is not waiting for that.
pub(crate) fn go_on(
    store: &mut Store,
    campaign: &Campaign,
    now: &str,
    command: &str,
    words: &Words,
    mailing: Option<&Mailing>,
) -> Result<Option<Ran>> {
    let current = store.current()?;
    if current.resolved_at.is_some() {
        return Ok(None);
    }
    let steps = store.steps(&current.id.key())?;
    let answered = exchange::exchange_of(&steps);
    let ready =
        exchange::current_encounter(&steps).is_some_and(|c| c.asked.waiting(&answered).is_empty());
    if !ready {
        return Ok(None);
    }
    resolve_open_phase(store, campaign, false, false, now, command, words, mailing).map(Some)
}

/// G3c.3: the encounter the round waits at, closed if its deadline has passed or the
/// referee forces it (standing choices then speak for the clubs that did not answer);
/// refused otherwise. Returns the id of the encounter closed.
fn close_waiting(
    store: &mut Store,
    p: &mut Prepared,
    force: bool,
    dry_run: bool,
    now: &str,
    command: &str,
) -> Result<Option<String>> {
    let Some((open, waiting)) = exchange::open_encounter(&p.steps) else {
        return Ok(None);
    };
    let passed = open
        .deadline
        .as_deref()
        .is_some_and(|d| crate::engine::deadline::reached(d, now));
    let names: Vec<&str> = waiting.iter().map(NationCode::as_str).collect();
    if !force && !passed && !dry_run {
        let due = open
            .deadline
            .as_deref()
            .map(|d| format!(" (due {d})"))
            .unwrap_or_default();
        return Err(Error::user(format!(
            "{} waits for the choices of {} at encounter {}{due}; resolve with `--force` to let their standing choices speak",
            p.world.phase,
            names.join(", "),
            open.asked.id
        )));
    }
    let close = exchange::CloseStep {
        encounter: open.asked.id.clone(),
        number: open.asked.number,
        waited_for: waiting,
    };
    if !dry_run {
        let step = exchange::step(exchange::CLOSE, &close, &p.world, Vec::new())?;
        let s = crate::storage::Settlement {
            steps: vec![step],
            ..Default::default()
        };
        store.settle(&s, &[], now, command)?;
        p.steps = store.steps(&p.world.phase.key())?;
    }
    p.exchange.closed = p.exchange.closed.max(open.asked.number);
    Ok(Some(open.asked.id))
}

/// G3c.3: the round stopped at an encounter: saves it as a step of the phase and asks
/// its clubs, in one transaction (with `dry_run`, says what would be asked).
#[allow(clippy::too_many_arguments)]
fn ask(
    store: &mut Store,
    campaign: &Campaign,
    p: &Prepared,
    asked: Asked,
    closed: Option<String>,
    dry_run: bool,
    now: &str,
    command: &str,
    mailing: Option<&Mailing>,
) -> Result<Ran> {
    let deadline = match mailing {
        Some(m) => crate::engine::deadline::encounter_deadline(now, &m.config.deadlines)?,
        None => None,
    };
    let step = exchange::AskedStep { asked, deadline };
    let mut queued = 0;
    if !dry_run {
        let messages = match mailing {
            Some(m) => crate::engine::post::encounters::ask(
                store,
                campaign,
                m.config,
                &step,
                &m.words(),
                now,
            )?,
            None => Vec::new(),
        };
        let ids = messages.iter().map(|m| m.message_id.clone()).collect();
        let s = crate::storage::Settlement {
            steps: vec![exchange::step(exchange::ASKED, &step, &p.world, ids)?],
            ..Default::default()
        };
        store.settle(&s, &messages, now, command)?;
        queued = messages.len();
    }
    Ok(Ran::Paused(Box::new(Paused {
        asked: step.asked,
        deadline: step.deadline,
        closed,
        queued,
    })))
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
    let paper = paperwork::gather(store, campaign, &p.world, resolution, &sent, m, now)?;
    let phase = paper.phase(&p.world, resolution, rolls);
    let mut msgs = post::phase_messages(campaign, &phase, m, now)?;
    msgs.extend(after_undo(
        store,
        campaign,
        (p.world.phase, resolution),
        &msgs,
        m,
        now,
    )?);
    Ok((msgs, paper.deadline))
}

/// After `undo` sent a club a correction, the phase resolved again either gives it the
/// very report it already received (not sent twice: same bytes, same Message-ID), and
/// the club is told in a line that it stands; or a new report, and the club is told what
/// differs in its own forces, treasury and places from the withdrawn one (a play-test's
/// club had to compare the two reports by hand).
fn after_undo(
    store: &Store,
    campaign: &Campaign,
    (id, resolution): (crate::rules::PhaseId, &Resolution),
    msgs: &[crate::storage::OutMessage],
    m: &Mailing,
    now: &str,
) -> Result<Vec<crate::storage::OutMessage>> {
    let phase = id.key();
    let corrected: Vec<String> = store
        .outbox(None)?
        .into_iter()
        .filter(|r| r.kind == "correction" && r.phase.as_deref() == Some(phase.as_str()))
        .filter_map(|r| r.nation)
        .collect();
    if corrected.is_empty() {
        return Ok(Vec::new());
    }
    let withdrawn = store.withdrawn_world(&phase)?;
    let clubs = store.clubs()?;
    let words = m.words();
    let mut out = Vec::new();
    for msg in msgs.iter().filter(|x| x.kind == "report") {
        let Some(nation) = &msg.nation else { continue };
        let Some(club) = clubs.iter().find(|c| &c.nation == nation) else {
            continue;
        };
        if !corrected.contains(nation) {
            continue;
        }
        let lines = if store.has_message(&msg.message_id)? {
            None
        } else {
            match (&withdrawn, &resolution.next) {
                (Some(was), Some(now_world)) => Some(
                    crate::rules::visibility::compare::differences(
                        campaign,
                        was,
                        now_world,
                        &NationCode::from(club.nation.as_str()),
                    )
                    .iter()
                    .map(|d| crate::words::explain::difference(&words, campaign, d, club.lang))
                    .collect::<Vec<_>>(),
                ),
                // A campaign's last phase opens no world: its report says it all.
                _ => continue,
            }
        };
        let notice = post::notice::Notice {
            kind: "correction",
            phase: id,
            salt: match &lines {
                None => format!("unchanged {now}"),
                Some(_) => format!("changed {now}"),
            },
            say: &|w: &Words, lang, name: &str| {
                say_after_undo(w, lang, campaign, name, lines.as_deref())
            },
        };
        out.extend(post::notice::to_clubs(
            campaign,
            m.config,
            &[club],
            &notice,
            &words,
            now,
        )?);
    }
    Ok(out)
}

/// The notice after a phase resolved again: its report stands (`lines` `None`), or what
/// differs from the withdrawn one (`lines`, empty where only the account differs).
fn say_after_undo(
    w: &Words,
    lang: Lang,
    campaign: &Campaign,
    name: &str,
    lines: Option<&[String]>,
) -> (String, String) {
    let title = campaign.title_it.as_str();
    let Some(lines) = lines else {
        return (
            crate::t!(
                w,
                lang,
                "desk-unchanged-subject",
                campaign = title,
                phase = name
            ),
            crate::t!(w, lang, "desk-unchanged-text", phase = name),
        );
    };
    let list: String = lines.iter().map(|l| format!("\n- {l}")).collect();
    (
        crate::t!(
            w,
            lang,
            "desk-changed-subject",
            campaign = title,
            phase = name
        ),
        crate::t!(
            w,
            lang,
            "desk-changed-text",
            phase = name,
            count = lines.len() as i64,
            list = list
        ),
    )
}

/// G5.3: the letters the phase's couriers bring, and those its spies read on the way.
fn couriers_mail(
    store: &Store,
    campaign: &Campaign,
    p: &Prepared,
    resolution: &Resolution,
    m: &Mailing,
    now: &str,
) -> Result<(Vec<crate::storage::OutMessage>, Vec<couriers::Copy>)> {
    let words = m.words();
    let post = couriers::Post {
        campaign,
        words: &words,
        config: m.config,
        now,
    };
    couriers::mail(store, &post, &p.world.phase.key(), resolution)
}

/// What `resolve --dry-run` would send: the messages of resolving the open phase now,
/// rendered exactly as `resolve` would queue them; nothing is saved.
pub(crate) fn preview_mail(
    store: &Store,
    campaign: &Campaign,
    now: &str,
    mailing: &Mailing,
) -> Result<Vec<crate::storage::OutMessage>> {
    let mut p = prepare(store, campaign, &crate::words::from_env(mailing.env))?;
    // A preview goes as far as the round can: an encounter still waiting is taken at
    // standing choices, and a round that would stop at an encounter sends nothing yet.
    if let Some((open, _)) = exchange::open_encounter(&p.steps) {
        p.exchange.closed = p.exchange.closed.max(open.asked.number);
    }
    let mut dice = SeededDice::new(store.phase_seed()?);
    let Ok(r) = run(campaign, &p, &mut dice)? else {
        return Ok(Vec::new());
    };
    let resolution = with_steps(&steps_of(&p), r);
    let rolls = dice.log().len();
    let mut mail = phase_mail(store, campaign, &p, &resolution, rolls, mailing, now)?.0;
    mail.extend(couriers_mail(store, campaign, &p, &resolution, mailing, now)?.0);
    Ok(mail)
}
