//! `giglio resolve`: resolve the open phase (spring, a summer round, winter).

use super::json::{ResolveOut, ResolvePaused, ResolveSummary};
use super::ui;
use crate::engine;
use crate::error::Result;
use crate::report::diff::diff;
use crate::rules::outcome::{Audience, Outcome};
use crate::rules::tables::Lang;
use crate::storage::Store;
use crate::words::explain;
use std::path::Path;

/// Resolve the open phase with the orders received, roll its dice, and open the next.
#[derive(Debug, clap::Args)]
pub(crate) struct ResolveArgs {
    /// Show what would happen (outcomes, events, state changes) and save nothing.
    #[arg(long)]
    pub(crate) dry_run: bool,
    /// Resolve even though some clubs sent no orders: they hold.
    #[arg(long)]
    pub(crate) force: bool,
    /// With --dry-run: write every message the resolution would send (each club's
    /// report, the bulletin, the referee's report) into DIR as .eml files, to read
    /// before anything is official.
    #[arg(long, value_name = "DIR", requires = "dry_run")]
    pub(crate) out: Option<std::path::PathBuf>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub(crate) json: bool,
}

/// Says where the round stopped and whom it asked.
fn paused(p: &engine::Paused, dry_run: bool, json: bool) -> Result<()> {
    let a = &p.asked;
    let phase =
        a.id.rsplit_once("-e")
            .map_or(a.id.as_str(), |x| x.0)
            .to_owned();
    if json {
        return ui::out_json(&ResolveOut::Paused(ResolvePaused {
            phase,
            dry_run,
            paused_at: a,
            deadline: p.deadline.as_deref(),
            closed: p.closed.as_deref(),
            queued: p.queued,
        }));
    }
    let mut out = String::new();
    if let Some(c) = &p.closed {
        out.push_str(&format!(
            "encounter {c} closed: standing choices speak for the clubs that did not answer\n"
        ));
    }
    let asked: Vec<&str> = a
        .sides()
        .into_iter()
        .filter(|s| s.asked)
        .map(|s| s.nation.as_str())
        .collect();
    let verb = if dry_run { "would stop" } else { "stopped" };
    out.push_str(&format!(
        "{phase} {verb} at encounter {} at {}: {} (the moving side, from {}) meets {}; asked: {}\n",
        a.id,
        a.node,
        a.hand.nation,
        a.from,
        a.other.nation,
        asked.join(", ")
    ));
    if !dry_run {
        let due = p
            .deadline
            .as_deref()
            .unwrap_or("none: close it with `giglio resolve --force`");
        out.push_str(&format!(
            "{} queued (send them with `giglio mail send`); replies due {due}; `giglio resolve` goes on once they are in\n",
            ui::count(p.queued, "message")
        ));
    }
    ui::out(&out);
    Ok(())
}

pub(crate) fn cmd_resolve(dir: &Path, a: ResolveArgs) -> Result<()> {
    let command = if a.dry_run {
        "resolve --dry-run"
    } else {
        "resolve"
    };
    let mut store = if a.dry_run {
        Store::open_read(dir)?
    } else {
        Store::open_write(dir, command)?
    };
    let (campaign, _) = super::campaign_of(dir)?;
    let parts = super::MailParts::load(dir)?;
    let now = super::now();
    // G0: clubs silent long enough fall into civil disorder as the phase goes, when it
    // goes without them (forced, or past its deadline).
    if !a.dry_run {
        let key = store.current()?.id.key();
        let past = store
            .deadline(&key)?
            .is_some_and(|d| engine::deadline::passed(&d, &now));
        if a.force || past {
            engine::disorder::before_resolving(
                &mut store,
                &campaign,
                &parts.config,
                &super::words_of(dir)?,
                &now,
                command,
            )?;
        }
    }
    let ran = engine::resolve_open_phase(
        &mut store,
        &campaign,
        a.force,
        a.dry_run,
        &super::now(),
        command,
        &super::words_of(dir)?,
        Some(&parts.mailing()),
    )?;
    let r = match ran {
        engine::Ran::Resolved(r) => *r,
        engine::Ran::Paused(p) => return paused(&p, a.dry_run, a.json),
    };
    // The public site, where giglio.toml keeps one: rewritten whole after the phase; the
    // phase stands saved if the site cannot be written (`giglio site` tries again).
    // After the last winter's verdict, the reveal to every club and the referee (G8).
    if !a.dry_run && r.resolution.next.is_none() {
        crate::engine::reveal::queue(&mut store, &campaign, &parts.mailing(), &now, command)?;
    }
    if !a.dry_run
        && let Err(e) =
            crate::engine::site::after_phase(&store, dir, &campaign, &parts.env, &parts.config)
    {
        ui::warn(&format!("the public site could not be written: {e:#}"));
    }
    let preview = match &a.out {
        Some(out) => write_preview(
            out,
            &crate::engine::preview_mail(&store, &campaign, &super::now(), &parts.mailing())?,
        )?,
        None => Vec::new(),
    };
    let after = r
        .resolution
        .next
        .clone()
        .unwrap_or_else(|| r.before.clone());
    let summary = ResolveSummary {
        phase: r.before.phase.key(),
        next: r.resolution.next.as_ref().map(|w| w.phase.key()),
        dry_run: a.dry_run,
        resolution: &r.resolution,
        rolls: &r.rolls,
        changes: diff(&r.before, &after),
        preview,
    };
    if a.json {
        return ui::out_json(&ResolveOut::Resolved(summary));
    }
    let lang = Lang::En;
    let words = super::words_of(dir)?;
    let mut out = String::new();
    let verb = if a.dry_run {
        "would resolve"
    } else {
        "resolved"
    };
    out.push_str(&format!("{verb} {}\n", r.before.phase));
    let done = r
        .resolution
        .outcomes
        .iter()
        .filter(|o| matches!(o.result, Outcome::Done(_)))
        .count();
    out.push_str(&format!(
        "orders: {done} carried out, {} rejected\n",
        r.resolution.outcomes.len() - done
    ));
    for o in &r.resolution.outcomes {
        out.push_str(&format!(
            "  {:<4} #{:<3} {:<14} {}\n",
            o.nation,
            o.at.seq,
            o.order,
            explain::outcome(&words, &o.result, lang)
        ));
    }
    out.push_str("events:\n");
    for e in &r.resolution.events {
        let who = match &e.audience {
            Audience::Public => "public".to_owned(),
            Audience::Nation(n) => n.to_string(),
            Audience::Referee => "referee".to_owned(),
        };
        out.push_str(&format!(
            "  [{who}] ({}) {}\n",
            e.rule,
            explain::happening(&words, &e.what, lang)
        ));
    }
    if !r.rolls.is_empty() {
        out.push_str(&format!(
            "dice: {} rolled (`giglio log --dice --phase {}`)\n",
            r.rolls.len(),
            r.before.phase.key()
        ));
    }
    if a.dry_run {
        out.push_str("changes:\n");
        for line in &summary.changes {
            out.push_str(&format!("  {line}\n"));
        }
        if let Some(dir) = &a.out {
            out.push_str(&format!(
                "{} it would send written to {}\n",
                ui::count(summary.preview.len(), "message"),
                dir.display()
            ));
        }
        out.push_str("nothing was saved (dry run)\n");
    } else {
        match &r.resolution.next {
            Some(next) => out.push_str(&format!("{} is open\n", next.phase)),
            None => out.push_str("the campaign is over\n"),
        }
    }
    ui::out(&out);
    Ok(())
}

/// Writes each message as `KIND-NATION.eml` (`referee` for the referee's) and returns
/// the paths written.
fn write_preview(dir: &Path, msgs: &[crate::storage::OutMessage]) -> Result<Vec<String>> {
    std::fs::create_dir_all(dir).map_err(|e| crate::error::Error::io_at(dir, e))?;
    let mut written = Vec::new();
    for m in msgs {
        let who = m.nation.as_deref().unwrap_or("referee");
        let mut path = dir.join(format!("{}-{who}.eml", m.kind));
        let mut n = 1;
        while written.contains(&path.display().to_string()) {
            n += 1;
            path = dir.join(format!("{}-{who}-{n}.eml", m.kind));
        }
        std::fs::write(&path, &m.raw).map_err(|e| crate::error::Error::write_at(&path, e))?;
        written.push(path.display().to_string());
    }
    Ok(written)
}
