//! `giglio letters`: every letter the clubs sent one another (G5.3), as the referee keeps
//! them: who wrote, to whom, when it was read, and where each copy stands.

use super::ui;
use crate::error::Result;
use crate::storage::{LetterRow, Store};
use std::path::Path;

/// Show every letter between clubs: writer, addressees, when read, each copy's fate.
#[derive(Debug, clap::Args)]
pub(crate) struct LettersArgs {
    /// Only letters read while this phase was open (`1494-spring`, `1494-r03`).
    #[arg(long, value_name = "PHASE")]
    pub(crate) phase: Option<String>,
    /// Only letters this nation wrote or received.
    #[arg(long, value_name = "CODE")]
    pub(crate) club: Option<String>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub(crate) json: bool,
}

pub(crate) fn cmd_letters(dir: &Path, args: LettersArgs) -> Result<()> {
    let store = Store::open_read(dir)?;
    let letters: Vec<LetterRow> = store
        .letters()?
        .into_iter()
        .filter(|l| args.phase.as_ref().is_none_or(|p| &l.phase == p))
        .filter(|l| {
            args.club
                .as_ref()
                .is_none_or(|c| &l.sender == c || l.recipients.contains(c))
        })
        .collect();
    if args.json {
        return ui::out_json(&letters);
    }
    ui::out(&text(&letters));
    Ok(())
}

/// The letters as the referee reads them in a terminal.
fn text(letters: &[LetterRow]) -> String {
    if letters.is_empty() {
        return "no letters: clubs write them as [[letter]] entries in the files they mail\n"
            .to_owned();
    }
    let mut out = String::new();
    for l in letters {
        out.push_str(&format!(
            "#{} {} {} -> {}{}{}\n    written {}, read {}\n",
            l.id,
            l.phase,
            l.sender,
            l.recipients.join(", "),
            if l.anonymous { " (unsigned)" } else { "" },
            l.withdrawn_at
                .as_ref()
                .map(|w| format!(" (taken back by undo {w})"))
                .unwrap_or_default(),
            l.written_at,
            l.received_at
        ));
        for c in &l.copies {
            let to = c.nation.as_deref().unwrap_or("referee");
            let when = c
                .sent_at
                .as_ref()
                .map(|s| format!(" {s}"))
                .unwrap_or_default();
            out.push_str(&format!("    {to}: {}{when}\n", c.status));
        }
        for line in l.text.lines() {
            out.push_str(&format!("    | {line}\n"));
        }
        out.push('\n');
    }
    out
}
