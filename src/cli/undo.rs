//! `giglio undo`: reopens earlier phases exactly as they were.

use super::json::UndoOut;
use super::ui;
use crate::error::{Error, Result};
use crate::rules::tables::Lang;
use crate::storage::{OutMessage, Status, Store};
use std::path::Path;

/// Undo the last resolution (or the last N): the phase is open again, exactly as it was
/// before it was resolved (same world, its orders kept), its dice drawn anew under the
/// ruling `fresh_seed_after_undo` (its reports revealed its seed). A step the open
/// phase took (a battle's result applied during it) is undone first, one at a time.
#[derive(Debug, clap::Args)]
pub(crate) struct UndoArgs {
    /// How many resolutions to undo, newest first; each is its own transaction, so an
    /// interrupted undo leaves the campaign at a whole phase.
    #[arg(long, default_value_t = 1)]
    pub(crate) steps: u32,
    /// Why, told to the clubs in the correction each receives (a play-test's clubs were
    /// told a phase was open again and not why).
    #[arg(long, value_name = "TEXT")]
    pub(crate) reason: Option<String>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub(crate) json: bool,
}

pub(crate) fn cmd_undo(dir: &Path, a: UndoArgs) -> Result<()> {
    if a.steps == 0 {
        return Err(Error::user("`--steps` must be at least 1"));
    }
    let mut store = Store::open_write(dir, "undo")?;
    let (campaign, _) = super::campaign_of(dir)?;
    let now = super::now();
    let mut out = UndoOut {
        open: String::new(),
        undone: Vec::new(),
        steps_undone: Vec::new(),
        battles_reopened: Vec::new(),
        corrected: Vec::new(),
        held: false,
        redrawn: false,
    };
    let mut shown = String::new();
    for _ in 0..a.steps {
        // The open phase's steps go first, newest first: each is its own undo.
        if let Some(step) = store.undo_step_target()? {
            let corrections = step_corrections(dir, &store, &campaign, &step, &now)?;
            for m in &corrections {
                let nation = m.nation.clone().unwrap_or_default();
                if !out.corrected.contains(&nation) {
                    out.corrected.push(nation);
                }
            }
            let withdrawn = crate::storage::withdrawn_by_undo(&step);
            if let Some(o) = step_battle(&step) {
                out.battles_reopened.push(format!(
                    "{}: {}",
                    o.battle,
                    if withdrawn.is_some() {
                        "withdrawn"
                    } else {
                        "kept"
                    }
                ));
            }
            let done = store.undo_step(&now, "undo", &corrections)?;
            out.steps_undone
                .push(format!("{} step {}", done.phase, done.n));
            out.open = done.phase.clone();
            shown = format!("{} (before its step {})", done.phase, done.n);
            continue;
        }
        let Some(target) = store.undo_target()? else {
            store.undo(&now, "undo")?;
            continue;
        };
        let key = target.key();
        let corrections = corrections(dir, &store, &campaign, target, a.reason.as_deref(), &now)?;
        for m in &corrections {
            let nation = m.nation.clone().unwrap_or_default();
            ui::warn(&format!(
                "the reports of {key} already went to {nation}: a correction is queued"
            ));
            if !out.corrected.contains(&nation) {
                out.corrected.push(nation);
            }
        }
        let redraw = campaign.tables.rulings.fresh_seed_after_undo;
        let open =
            store.undo_correcting(&now, "undo", &corrections, (redraw, a.reason.as_deref()))?;
        out.redrawn |= redraw;
        out.undone.push(key);
        out.open = open.key();
        shown = open.to_string();
    }
    // A campaign the service keeps is held, or `giglio run` would resolve the phase
    // again at its next pass, before the referee has done what the undo was for.
    if store.service()?.last_pass.is_some() {
        out.held = crate::service::hold::hold(
            &mut store,
            &format!("undo: {} is open again", out.open),
            None,
            &now,
            "undo",
        )?
        .is_some()
            || store.service()?.held_since.is_some();
    }
    // The public site, where giglio.toml keeps one, loses the phases undone.
    if !out.undone.is_empty() {
        let parts = super::MailParts::load(dir)?;
        if let Err(e) =
            crate::engine::site::after_phase(&store, dir, &campaign, &parts.env, &parts.config)
        {
            ui::warn(&format!("the public site could not be written: {e:#}"));
        }
    }
    if a.json {
        return ui::out_json(&out);
    }
    let mut text = format!("undone: {shown} is open again\n");
    if out.redrawn {
        text.push_str(&format!(
            "its dice are drawn anew (the ruling fresh_seed_after_undo): the seed its reports revealed no longer counts; the new commitment is {}\n",
            store.current()?.seed_commitment
        ));
    }
    if out.held {
        text.push_str(
            "the clock is held, so `giglio run` does not resolve it again at once: `giglio resume` when ready\n",
        );
        let config = crate::mail::config::load(dir)?;
        let world = store.current()?.world;
        let words = super::words_of(dir)?;
        if crate::engine::goes_early_when_reopened(&store, &campaign, &config, &words, &world)? {
            text.push_str(
                "[run] early is on and every club's orders are in: the first pass after `giglio resume` resolves it again; to let the clubs send new files first, set early = false in giglio.toml, or resolve it yourself\n",
            );
        }
    }
    for b in &out.battles_reopened {
        let (id, what) = b.split_once(": ").unwrap_or((b, ""));
        text.push_str(&if what == "withdrawn" {
            format!(
                "the result of battle {id} that the step applied (your ruling or its auto-resolve) is withdrawn: the battle waits for its result again\n"
            )
        } else {
            format!(
                "the clubs' results for battle {id} stay recorded: they apply when the phase is resolved, unless `giglio battle rule {id}` replaces them\n"
            )
        });
    }
    if !out.corrected.is_empty() {
        text.push_str(&format!(
            "corrections queued for {}; send them with `giglio mail send`\n",
            out.corrected.join(", ")
        ));
    }
    ui::out(&text);
    Ok(())
}

/// A short correction to every club that received a report of the phase whose
/// resolution is undone, in its language: with the referee's reason, the deadline that
/// stands, and whether the clock is held until the referee goes on (a play-test's clubs
/// were told none of it, then of a clock "stopped" they had not heard of).
fn corrections(
    dir: &Path,
    store: &Store,
    campaign: &crate::rules::Campaign,
    phase: crate::rules::PhaseId,
    reason: Option<&str>,
    now: &str,
) -> Result<Vec<OutMessage>> {
    let key = phase.key();
    let sent = store.outbox(Some(Status::Sent))?;
    let received: Vec<&str> = sent
        .iter()
        .filter(|r| r.kind == "report" && r.phase.as_deref() == Some(key.as_str()))
        .filter_map(|r| r.nation.as_deref())
        .collect();
    if received.is_empty() {
        return Ok(Vec::new());
    }
    let config = crate::mail::config::load(dir)?;
    let title = campaign.title_it.as_str();
    let tz = crate::engine::deadline::zone(&campaign.time_zone)?;
    let (deadline, due) = match store.deadline(&key)? {
        Some(d) if crate::engine::deadline::passed(&d, now) => {
            ("passed", crate::engine::deadline::display(&d, tz))
        }
        Some(d) => ("ahead", crate::engine::deadline::display(&d, tz)),
        None => ("none", String::new()),
    };
    // The service's campaign is held by the undo (below), until `giglio resume`.
    let held = if store.service()?.last_pass.is_some() {
        "yes"
    } else {
        "no"
    };
    // With early resolution and every club's file still in, the phase goes again at the
    // service's first pass once the clock runs (a play-test's clubs were told they could
    // send a new file until the deadline, and the phase went a minute after `resume`).
    let world = store
        .phases()?
        .into_iter()
        .find(|p| p.id == phase)
        .map(|p| p.world)
        .ok_or_else(|| Error::internal(format!("no stored phase {key}")))?;
    let words = super::words_of(dir)?;
    let early =
        if crate::engine::goes_early_when_reopened(store, campaign, &config, &words, &world)? {
            "yes"
        } else {
            "no"
        };
    let reason = reason.map(str::trim).filter(|r| !r.is_empty());
    // Under the ruling, the phase's dice are drawn anew: its reports revealed its seed.
    let (dice, commitment) = if campaign.tables.rulings.fresh_seed_after_undo {
        ("fresh", store.redrawn_commitment(&key)?)
    } else {
        ("same", String::new())
    };
    // A battle the game resolved while the phase was open keeps its result and the seed
    // it drew from (a play-test's club read that seed "no longer counts").
    let kept = if store.battle_dice(&key)?.is_empty() {
        "no"
    } else {
        "yes"
    };
    let say = |w: &crate::words::Words, lang: Lang, name: &str| {
        (
            crate::t!(w, lang, "desk-undo-subject", campaign = title, phase = name),
            crate::t!(
                w,
                lang,
                "desk-undo-text",
                phase = name,
                has_reason = if reason.is_some() { "yes" } else { "no" },
                reason = reason.unwrap_or_default(),
                deadline = deadline,
                due = due.clone(),
                held = held,
                early = early,
                dice = dice,
                commitment = commitment.clone(),
                kept = kept
            ),
        )
    };
    let clubs = store.clubs()?;
    let told: Vec<&crate::storage::Club> = clubs
        .iter()
        .filter(|c| received.contains(&c.nation.as_str()))
        .collect();
    let notice = crate::engine::post::notice::Notice {
        kind: "correction",
        phase,
        salt: format!("undo {now}"),
        say: &say,
    };
    crate::engine::post::notice::to_clubs(
        campaign,
        &config,
        &told,
        &notice,
        &super::words_of(dir)?,
        now,
    )
}

/// A short correction to every club that received the update of the step taken back.
fn step_corrections(
    dir: &Path,
    store: &Store,
    campaign: &crate::rules::Campaign,
    step: &crate::storage::StepRow,
    now: &str,
) -> Result<Vec<OutMessage>> {
    let sent = store.outbox(Some(Status::Sent))?;
    let received: Vec<&str> = sent
        .iter()
        .filter(|r| step.messages.contains(&r.message_id))
        .filter_map(|r| r.nation.as_deref())
        .collect();
    if received.is_empty() {
        return Ok(Vec::new());
    }
    // What the step was about: a battle's result, or an encounter asked (G3c.3).
    let asked = serde_json::from_str::<crate::engine::exchange::AskedStep>(&step.input)
        .ok()
        .filter(|_| step.kind == crate::engine::exchange::ASKED)
        .map(|a| a.asked.id);
    let battle = step_battle(step).map(|o| o.battle).unwrap_or_default();
    // A ruling or an auto-resolve is withdrawn with its step; the clubs' results stay.
    let kept = crate::storage::withdrawn_by_undo(step).is_none();
    let phase = crate::rules::PhaseId::parse_key(&step.phase)
        .ok_or_else(|| Error::internal(format!("stored phase key {}", step.phase)))?;
    let config = crate::mail::config::load(dir)?;
    let title = campaign.title_it.as_str();
    let say = |w: &crate::words::Words, lang: Lang, name: &str| {
        if let Some(id) = &asked {
            return (
                crate::t!(
                    w,
                    lang,
                    "desk-undo-encounter-subject",
                    campaign = title,
                    id = id.as_str(),
                    phase = name
                ),
                crate::t!(
                    w,
                    lang,
                    "desk-undo-encounter-text",
                    id = id.as_str(),
                    phase = name
                ),
            );
        }
        (
            crate::t!(
                w,
                lang,
                "desk-undo-step-subject",
                campaign = title,
                phase = name
            ),
            crate::t!(
                w,
                lang,
                if kept {
                    "desk-undo-step-kept-text"
                } else {
                    "desk-undo-step-text"
                },
                phase = name,
                battle = battle.as_str()
            ),
        )
    };
    let clubs = store.clubs()?;
    let told: Vec<&crate::storage::Club> = clubs
        .iter()
        .filter(|c| received.contains(&c.nation.as_str()))
        .collect();
    let notice = crate::engine::post::notice::Notice {
        kind: "correction",
        phase,
        salt: format!("undo {} step {} {now}", step.phase, step.n),
        say: &say,
    };
    crate::engine::post::notice::to_clubs(
        campaign,
        &config,
        &told,
        &notice,
        &super::words_of(dir)?,
        now,
    )
}

/// The battle's outcome a step applied; `None` for a step of another kind.
fn step_battle(step: &crate::storage::StepRow) -> Option<crate::rules::battles::BattleOutcome> {
    (step.kind == "battle")
        .then(|| serde_json::from_str(&step.input).ok())
        .flatten()
}
