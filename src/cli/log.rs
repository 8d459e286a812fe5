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
                })
                .collect();
            return ui::out_json(&LogOut::Dice(rows));
        }
        let mut text = String::new();
        for d in &dice {
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
    let mut text = String::new();
    for j in &journal {
        text.push_str(&format!(
            "{:>4} {} [{}] {}\n",
            j.id, j.at, j.command, j.description
        ));
    }
    ui::out(&text);
    Ok(())
}
