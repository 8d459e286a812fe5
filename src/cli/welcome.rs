//! `giglio welcome`: queues a club's welcome again (its position as it stands, its order
//! sheet, its map), without its secret: giglio keeps no copy of a secret.

use super::ui;
use crate::error::{Error, Result};
use crate::storage::Store;
use std::path::Path;

/// Queue the welcome message again for every club, or one: its nation, position, the
/// objectives, how to play by mail, and the order sheet of the open phase. It never
/// carries the secret (`giglio club secret CODE --rotate` issues a new one).
#[derive(Debug, clap::Args)]
pub(crate) struct WelcomeArgs {
    /// The club's nation code; default: every club.
    #[arg(long, value_name = "CODE")]
    pub(crate) club: Option<String>,
}

pub(crate) fn cmd_welcome(dir: &Path, args: WelcomeArgs) -> Result<()> {
    let mut store = Store::open_write(dir, "welcome")?;
    let n = queue(
        &mut store,
        dir,
        args.club.as_deref(),
        &Default::default(),
        true,
    )?;
    ui::out(&format!(
        "{} queued; `giglio mail send` delivers them\n",
        ui::count(n, "welcome message")
    ));
    Ok(())
}

/// Queues the welcome of every club (or `only` one): with its secret where `secrets`
/// holds one, else saying the club keeps its own (`kept`) or gets it another way.
pub(crate) fn queue(
    store: &mut Store,
    dir: &Path,
    only: Option<&str>,
    secrets: &std::collections::BTreeMap<String, String>,
    kept: bool,
) -> Result<usize> {
    let mut clubs = store.clubs()?;
    if let Some(code) = only {
        clubs.retain(|c| c.nation == code);
        if clubs.is_empty() {
            return Err(Error::user(format!("no club plays {code}")));
        }
    }
    let msgs = messages(store, dir, &clubs, secrets, kept)?;
    let now = super::now();
    store.queue(&msgs, &now, "welcome messages")?;
    Ok(msgs.len())
}

/// The welcome of each of `clubs` (those that play a nation), with its position as it
/// stands, without queueing them: a nation handed to a new club queues its welcome in
/// the same transaction as the change.
pub(crate) fn messages(
    store: &Store,
    dir: &Path,
    clubs: &[crate::storage::Club],
    secrets: &std::collections::BTreeMap<String, String>,
    kept: bool,
) -> Result<Vec<crate::storage::OutMessage>> {
    with_welcome(store, dir, |w| {
        crate::engine::post::welcome::messages(w, clubs, secrets, kept)
    })
}

/// Runs `f` with what the welcomes of the open phase are written from (the
/// templates, `giglio.toml`, the campaign, its opening); refused once the campaign is
/// over.
pub(crate) fn with_welcome<R>(
    store: &Store,
    dir: &Path,
    f: impl FnOnce(&crate::engine::post::welcome::Welcome) -> Result<R>,
) -> Result<R> {
    let parts = super::MailParts::load(dir)?;
    let (campaign, _) = super::campaign_of(dir)?;
    let Some(o) = crate::engine::welcomes::opening(store, &campaign)? else {
        return Err(Error::user(
            "the campaign is over: there is nothing to welcome a club to",
        ));
    };
    let now = super::now();
    let w = crate::engine::post::welcome::Welcome {
        env: &parts.env,
        config: &parts.config,
        campaign: &campaign,
        world: &o.world,
        definition: &parts.definition,
        deadline: o.deadline.as_deref(),
        now: &now,
    };
    f(&w)
}
