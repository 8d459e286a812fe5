//! `giglio log`: the journal of every state change, and the dice rolled.

use super::json::{DieRow, LogOut};
use super::ui;
use crate::error::Result;
use crate::storage::Store;
use std::path::Path;

/// Show the journal (what ran, when) or, with --dice, every die rolled with its purpose.
#[derive(Debug, clap::Args)]
pub(crate) struct LogArgs {
    /// Show the dice log instead of the journal.
    #[arg(long)]
    pub(crate) dice: bool,
    /// Only this phase (`1494-spring`, `1494-r03`, `1494-winter`), with --dice.
    #[arg(long, value_name = "PHASE")]
    pub(crate) phase: Option<String>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub(crate) json: bool,
}

pub(crate) fn cmd_log(dir: &Path, args: LogArgs) -> Result<()> {
    let store = Store::open_read(dir)?;
    if args.dice {
        let dice = store.dice_log(args.phase.as_deref())?;
        if args.json {
            let rows: Vec<DieRow> = dice
                .iter()
                .map(|d| DieRow {
                    phase: &d.phase,
                    source: d.source.to_string(),
                    source_seq: d.source_seq,
                    roll: &d.roll,
                    seed: d.seed.as_deref(),
                })
                .collect();
            return ui::out_json(&LogOut::Dice(rows));
        }
        let mut text = String::new();
        let mut said: Option<(&str, &crate::storage::DieSource)> = None;
        for d in &dice {
            // A battle that drew from an earlier seed says so once, before its rolls
            // (a play-test's club checked them with the new seed and found other faces).
            if let Some(seed) = &d.seed
                && said != Some((d.phase.as_str(), &d.source))
            {
                text.push_str(&format!(
                    "{} {}: resolved before the phase was undone, its dice drawn from the seed the withdrawn report revealed, {seed} (check them with that seed)\n",
                    d.phase, d.source
                ));
                said = Some((d.phase.as_str(), &d.source));
            }
            let r = &d.roll;
            text.push_str(&format!(
                "{} #{:<3} d{}={:<2} {:<28} {}\n",
                d.phase, r.seq, r.sides, r.value, r.event, r.purpose
            ));
        }
        if dice.is_empty() {
            text.push_str("no dice rolled yet: dice are rolled when a phase is resolved\n");
        }
        ui::out(&text);
        return Ok(());
    }
    let journal = store.journal()?;
    if args.json {
        return ui::out_json(&LogOut::Journal(&journal));
    }
    // The referee reads times in the campaign's zone, as its digests give them (a
    // play-test's referee met UTC here and Rome time there).
    let tz = super::campaign_of(dir)
        .ok()
        .and_then(|(c, _)| crate::engine::deadline::zone(&c.time_zone).ok());
    let mut text = String::new();
    for j in &journal {
        let (at, description) = match tz {
            Some(tz) => (
                crate::engine::deadline::display_seconds(&j.at, tz),
                crate::engine::deadline::times_in_zone(&j.description, tz),
            ),
            None => (j.at.clone(), j.description.clone()),
        };
        text.push_str(&format!("{:>4} {at} [{}] {description}\n", j.id, j.command));
    }
    ui::out(&text);
    Ok(())
}
