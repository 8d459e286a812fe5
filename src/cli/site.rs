//! `giglio site`: the campaign in public, a static site of what every club may know
//! (each phase's bulletin and map, holdings over time, battles and sieges, the
//! chronicles, the verdict once over) and an Atom feed, written to a folder as a whole.

use super::ui;
use crate::error::{Error, Result};
use crate::storage::Store;
use std::path::{Path, PathBuf};

/// Write the campaign's public site (Italian and English, with an Atom feed) into a
/// folder: a new folder swapped in for the old, so a reader never sees half a site.
#[derive(Debug, clap::Args)]
pub(crate) struct SiteArgs {
    /// The site's folder (default: `[site] out` of giglio.toml).
    #[arg(long, value_name = "DIR")]
    pub(crate) out: Option<PathBuf>,
    /// The address the site is published at, for the feed's links (default: `[site]
    /// url` of giglio.toml; else the links are relative).
    #[arg(long, value_name = "URL")]
    pub(crate) url: Option<String>,
    /// Print JSON instead: the folder, the phases shown and every file written.
    #[arg(long)]
    pub(crate) json: bool,
}

pub(crate) fn cmd_site(dir: &Path, a: SiteArgs) -> Result<()> {
    let config = crate::mail::config::load(dir)?;
    let url = a.url.or(config.site.url);
    let out = match a.out {
        Some(out) => out,
        None => config.site.out.map(|o| dir.join(o)).ok_or_else(|| {
            Error::user(
                "say where the site goes: `giglio site --out DIR`, or `[site] out = \"…\"` \
                     in giglio.toml",
            )
        })?,
    };
    let store = Store::open_read(dir)?;
    let (campaign, _) = super::campaign_of(dir)?;
    let env = crate::report::environment(Some(&dir.join("templates")), super::words_of(dir)?)?;
    let done = crate::engine::site::publish(&store, &campaign, &env, &out, url.as_deref())?;
    if a.json {
        return ui::out_json(&done);
    }
    ui::out(&format!(
        "the site of {} written to {} ({}); open {}\n",
        ui::count(done.phases as usize, "phase"),
        out.display(),
        ui::count(done.files.len(), "file"),
        out.join("index.html").display()
    ));
    Ok(())
}
