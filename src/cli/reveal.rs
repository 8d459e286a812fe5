//! `giglio reveal`: once the final verdict is in, the reveal to every club and the
//! referee (each club's objective and how it fared, every phase's orders and dice, the
//! season as a film), queued once; for a campaign that ended before giglio sent it by
//! itself. The public site, where giglio.toml keeps one, gains it too.

use super::ui;
use crate::error::Result;
use crate::storage::Store;
use std::path::Path;

/// Queue the reveal of a campaign that is over to every club and the referee (once),
/// and rewrite the public site where giglio.toml keeps one; `giglio mail send` sends it.
#[derive(Debug, clap::Args)]
pub(crate) struct RevealArgs {
    /// Print JSON instead: what was queued, to whom, the film's frames and size.
    #[arg(long)]
    pub(crate) json: bool,
}

pub(crate) fn cmd_reveal(dir: &Path, a: RevealArgs) -> Result<()> {
    let mut store = Store::open_write(dir, "reveal")?;
    let (campaign, _) = super::campaign_of(dir)?;
    let parts = super::MailParts::load(dir)?;
    let done = crate::engine::reveal::queue(
        &mut store,
        &campaign,
        &parts.mailing(),
        &super::now(),
        "reveal",
    )?;
    if let Err(e) =
        crate::engine::site::after_phase(&store, dir, &campaign, &parts.env, &parts.config)
    {
        ui::warn(&format!("the public site could not be written: {e:#}"));
    }
    if a.json {
        return ui::out_json(&done);
    }
    let line = if done.already {
        format!(
            "the reveal was queued before ({}): nothing queued again\n",
            done.to.join(", ")
        )
    } else {
        format!(
            "the reveal queued to {} ({}); the film: {} frames, {} bytes; send it with `giglio mail send`\n",
            done.queued,
            done.to.join(", "),
            done.frames,
            done.film_bytes
        )
    };
    ui::out(&line);
    Ok(())
}
