//! `giglio late`: the files that arrived after the open phase's deadline, and the
//! referee's word on each (accept or refuse), the club told.

use super::ui;
use crate::error::Result;
use crate::storage::{LateFile, LateVerdict, Store};
use std::path::Path;

/// List the files that reached the mailbox after the open phase's deadline (each counts
/// until refused), or give the referee's word on one: the club is told either way.
#[derive(Debug, clap::Args)]
pub(crate) struct LateArgs {
    /// Accept the club's late file: it counts (the club is told).
    #[arg(long, value_name = "CODE", conflicts_with = "refuse")]
    pub(crate) accept: Option<String>,
    /// Refuse the club's late file: its last file from before the deadline counts
    /// again, or none (the club is told).
    #[arg(long, value_name = "CODE")]
    pub(crate) refuse: Option<String>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub(crate) json: bool,
}

/// What `giglio late --json` prints.
#[derive(Debug, serde::Serialize, schemars::JsonSchema)]
pub(crate) struct LateOut {
    /// The open phase.
    pub(crate) phase: String,
    /// Its deadline (RFC 3339 UTC); null when it has none (nothing is late).
    pub(crate) deadline: Option<String>,
    /// Each club's latest file that arrived after the deadline.
    pub(crate) files: Vec<LateFile>,
}

pub(crate) fn cmd_late(dir: &Path, a: LateArgs) -> Result<()> {
    let decision = match (&a.accept, &a.refuse) {
        (Some(n), _) => Some((n.as_str(), LateVerdict::Accept)),
        (None, Some(n)) => Some((n.as_str(), LateVerdict::Refuse)),
        (None, None) => None,
    };
    let mut said = String::new();
    if let Some((nation, verdict)) = decision {
        let loaded = super::loaded(dir)?;
        let command = match verdict {
            LateVerdict::Accept => format!("late --accept {nation}"),
            LateVerdict::Refuse => format!("late --refuse {nation}"),
        };
        let mut store = Store::open_write(dir, &command)?;
        crate::engine::late::decide(
            &mut store,
            &loaded.campaign,
            &loaded.config,
            &loaded.words,
            (nation, verdict),
            (&super::now(), &command),
        )?;
        said = format!(
            "the late file of {nation} is {}; a notice is queued to tell the club (`giglio mail send`)\n",
            match verdict {
                LateVerdict::Accept => "accepted: it counts",
                LateVerdict::Refuse => "refused: it no longer counts",
            }
        );
    }
    let store = Store::open_read(dir)?;
    let (phase, deadline, files) = crate::engine::late::list(&store)?;
    if a.json {
        return ui::out_json(&LateOut {
            phase,
            deadline,
            files,
        });
    }
    let mut out = said;
    // Both times in the campaign's zone, as clubs read them, so they compare at a glance.
    let campaign = super::campaign_of(dir)?.0;
    let tz = crate::engine::deadline::zone(&campaign.time_zone)?;
    let shown = |t: &str| crate::engine::deadline::display_seconds(t, tz);
    let deadline = deadline.as_deref().map(shown);
    match &deadline {
        None => out.push_str(&format!("{phase} has no deadline: no file is late\n")),
        Some(d) if files.is_empty() => {
            out.push_str(&format!(
                "no file of {phase} arrived after its deadline ({d})\n"
            ));
        }
        Some(d) => {
            out.push_str(&format!(
                "files of {phase} that arrived after its deadline ({d}):\n"
            ));
            for f in &files {
                let state = match (f.verdict.as_deref(), f.active) {
                    (Some("refused"), _) => "refused",
                    (Some(_), _) => "accepted: counts",
                    (None, true) => "counts until refused (`giglio late --refuse CODE`)",
                    (None, false) => "replaced",
                };
                out.push_str(&format!(
                    "  {:<4} arrived {}  sha256 {}…  {state}\n",
                    f.nation,
                    shown(&f.received_at),
                    &f.sha256[..f.sha256.len().min(12)]
                ));
            }
        }
    }
    ui::out(&out);
    Ok(())
}
