//! `giglio resolve`: resolve the open phase (spring, a summer round, winter).

use super::ui;
use crate::engine;
use crate::error::Result;
use crate::report::diff::diff;
use crate::report::explain;
use crate::rules::outcome::{Audience, Outcome};
use crate::rules::tables::Lang;
use crate::storage::Store;
use crate::words::Words;
use serde::Serialize;
use std::path::Path;

/// Resolve the open phase with the orders received, roll its dice, and open the next.
#[derive(Debug, clap::Args)]
pub struct ResolveArgs {
    /// Show what would happen (outcomes, events, state changes) and save nothing.
    #[arg(long)]
    pub dry_run: bool,
    /// Resolve even though some clubs sent no orders: they hold.
    #[arg(long)]
    pub force: bool,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

#[derive(Serialize)]
struct Summary<'a> {
    phase: String,
    next: Option<String>,
    dry_run: bool,
    resolution: &'a crate::rules::resolve::Resolution,
    rolls: &'a [crate::rules::dice::Roll],
    changes: Vec<String>,
}

pub fn cmd_resolve(dir: &Path, a: ResolveArgs) -> Result<()> {
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
    let r = engine::resolve_open_phase(
        &mut store,
        &campaign,
        a.force,
        a.dry_run,
        &super::now(),
        command,
        Some(&parts.mailing()),
    )?;
    let after = r
        .resolution
        .next
        .clone()
        .unwrap_or_else(|| r.before.clone());
    let summary = Summary {
        phase: r.before.phase.key(),
        next: r.resolution.next.as_ref().map(|w| w.phase.key()),
        dry_run: a.dry_run,
        resolution: &r.resolution,
        rolls: &r.rolls,
        changes: diff(&r.before, &after),
    };
    if a.json {
        return ui::out_json(&summary);
    }
    let lang = Lang::En;
    let words = Words::builtin();
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
