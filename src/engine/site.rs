//! The public site from the campaign database (`giglio site`, and after every phase where
//! `giglio.toml` names `[site] out`): every resolved phase as stored (its world, its
//! resolution, the bulletin's facts), every year whose winter is resolved, rendered by
//! `report::site` and written into a new folder that is then swapped in, so a reader
//! never sees half a site. The bulletins and maps come from the stored phases, not from
//! mail: archiving delivered mail loses nothing from the site.

use crate::engine::deadline;
use crate::error::{Error, Result};
use crate::report::site::{SiteFile, SiteInput, SitePhase};
use crate::rules::chronicle::YearRecord;
use crate::rules::visibility::PhaseFacts;
use crate::rules::{Campaign, NationCode, Phase};
use crate::storage::Store;
use minijinja::Environment;
use std::path::{Path, PathBuf};

/// What publishing wrote.
#[derive(Clone, Debug, serde::Serialize, schemars::JsonSchema)]
pub struct Published {
    /// The site's folder.
    pub out: String,
    /// The phases it shows.
    pub phases: usize,
    /// Whether the campaign is over (the verdict is on the site).
    pub over: bool,
    /// Whether the reveal is on the site.
    pub revealed: bool,
    /// Every file written, by path inside the folder.
    pub files: Vec<String>,
}

/// Every resolved phase as stored, oldest first, with the facts of its bulletin.
pub fn phases(store: &Store, campaign: &Campaign) -> Result<Vec<SitePhase>> {
    let rows = store.phases()?;
    let mut out = Vec::new();
    for (i, p) in rows.iter().enumerate() {
        let Some(resolved_at) = &p.resolved_at else {
            continue;
        };
        let Some((resolution, facts)) = resolved(store, campaign, &rows, i)? else {
            continue;
        };
        out.push(SitePhase {
            before: p.world.clone(),
            resolution,
            facts,
            resolved_at: resolved_at.clone(),
        });
    }
    Ok(out)
}

/// The stored phase `rows[i]` as it was resolved: its resolution (with the world it
/// opened) and the facts its reports told (the next deadline in the campaign's zone, the
/// seeds, who sent orders). `None` when it is not resolved.
pub(crate) fn resolved(
    store: &Store,
    campaign: &Campaign,
    rows: &[crate::storage::PhaseRow],
    i: usize,
) -> Result<Option<(crate::rules::resolve::Resolution, PhaseFacts)>> {
    let p = &rows[i];
    let key = p.id.key();
    let Some(mut resolution) = store.resolution(&key)? else {
        return Ok(None);
    };
    let next = rows.get(i + 1);
    resolution.next = next.map(|n| n.world.clone());
    let tz = deadline::zone(&campaign.time_zone)?;
    let deadline = match next {
        Some(n) => store
            .deadline(&n.id.key())?
            .map(|d| deadline::display(&d, tz)),
        None => None,
    };
    let sent: Vec<NationCode> = store
        .orders(&key, true)?
        .into_iter()
        .map(|o| NationCode::from(o.nation.as_str()))
        .collect();
    let facts = PhaseFacts {
        deadline,
        next_seed_commitment: next.map(|n| n.seed_commitment.clone()),
        revealed_seed: p.revealed_seed.clone(),
        sent_orders: p
            .world
            .clubs
            .iter()
            .filter(|c| sent.contains(c))
            .cloned()
            .collect(),
        late: Default::default(),
        late_refused: Default::default(),
        disorder: Default::default(),
        replaces: Default::default(),
    };
    Ok(Some((resolution, facts)))
}

/// Every year whose winter is resolved, oldest first.
pub fn years(store: &Store, phases: &[SitePhase]) -> Result<Vec<YearRecord>> {
    phases
        .iter()
        .filter(|p| p.before.phase.phase == Phase::Winter)
        .map(|p| super::paperwork::year_record(store, p.before.phase.year, None))
        .collect()
}

/// The campaign's stable name in the feed's ids: the seed commitment of its first phase
/// (public from the start, and different for every campaign).
fn campaign_id(store: &Store) -> Result<String> {
    let rows = store.phases()?;
    Ok(rows
        .first()
        .map(|p| p.seed_commitment.chars().take(16).collect())
        .unwrap_or_default())
}

/// Renders the whole site from the store (and, once the campaign is over, its reveal);
/// `base_url` is the site's address for the feed's links.
pub fn render(
    store: &Store,
    campaign: &Campaign,
    env: &Environment,
    base_url: Option<&str>,
) -> Result<Vec<SiteFile>> {
    let phases = phases(store, campaign)?;
    let years = years(store, &phases)?;
    let id = campaign_id(store)?;
    // After the final verdict nothing is secret (G8): the site gains the reveal.
    let reveal = super::reveal::site_files(store, campaign, env, &phases)?;
    let input = SiteInput {
        campaign,
        id: &id,
        phases: &phases,
        years: &years,
        base_url,
        reveal,
    };
    crate::report::site::render(env, &input)
}

/// Renders the site and writes it to `out` as a whole: into a new folder beside it, then
/// swapped in by renames, the old one removed.
pub fn publish(
    store: &Store,
    campaign: &Campaign,
    env: &Environment,
    out: &Path,
    base_url: Option<&str>,
) -> Result<Published> {
    let files = render(store, campaign, env, base_url)?;
    let first = crate::report::site::maps_dir(crate::report::site::LANGS[0]);
    let phases = files.iter().filter(|f| f.path.starts_with(&first)).count();
    let over = store
        .phase_list()?
        .last()
        .is_some_and(|(_, resolved_at)| resolved_at.is_some());
    let revealed = files.iter().any(|f| f.path.ends_with("reveal.html"));
    write_swapped(out, &files)?;
    Ok(Published {
        out: out.display().to_string(),
        phases,
        over,
        revealed,
        files: files.into_iter().map(|f| f.path).collect(),
    })
}

/// A sibling of `out` named with a suffix (`site` → `.site.new`).
fn sibling(out: &Path, suffix: &str) -> Result<PathBuf> {
    let name = out
        .file_name()
        .ok_or_else(|| Error::user(format!("{} names no folder", out.display())))?;
    let mut hidden = std::ffi::OsString::from(".");
    hidden.push(name);
    hidden.push(suffix);
    Ok(out.with_file_name(hidden))
}

/// Writes `files` into a new folder beside `out` and puts it in `out`'s place: a reader
/// sees the old site or the new one, whole. A folder left by an interrupted run is
/// cleared first.
fn write_swapped(out: &Path, files: &[SiteFile]) -> Result<()> {
    if let Some(parent) = out.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).map_err(|e| Error::io_at(parent, e))?;
    }
    let new = sibling(out, ".new")?;
    let old = sibling(out, ".old")?;
    for stale in [&new, &old] {
        if stale.exists() {
            std::fs::remove_dir_all(stale).map_err(|e| Error::io_at(stale, e))?;
        }
    }
    for f in files {
        let path = new.join(&f.path);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| Error::io_at(dir, e))?;
        }
        std::fs::write(&path, &f.bytes).map_err(|e| Error::write_at(&path, e))?;
    }
    if out.exists() {
        if !out.join("index.html").is_file() && !is_empty(out)? {
            return Err(Error::user(format!(
                "{} holds something that is not a giglio site: choose another folder",
                out.display()
            )));
        }
        swap(&new, out, &old)?;
        std::fs::remove_dir_all(&new).map_err(|e| Error::io_at(&new, e))?;
    } else {
        std::fs::rename(&new, out).map_err(|e| Error::io_at(out, e))?;
    }
    Ok(())
}

/// Puts `new` in `out`'s place and the old site at `new`: in one step where the system
/// can exchange two names (Linux's renameat2), else by two renames through `old`.
fn swap(new: &Path, out: &Path, old: &Path) -> Result<()> {
    use rustix::fs::{CWD, RenameFlags, renameat_with};
    if renameat_with(CWD, new, CWD, out, RenameFlags::EXCHANGE).is_ok() {
        return Ok(());
    }
    std::fs::rename(out, old).map_err(|e| Error::io_at(out, e))?;
    std::fs::rename(new, out).map_err(|e| Error::io_at(out, e))?;
    std::fs::rename(old, new).map_err(|e| Error::io_at(old, e))
}

fn is_empty(dir: &Path) -> Result<bool> {
    Ok(std::fs::read_dir(dir)
        .map_err(|e| Error::io_at(dir, e))?
        .next()
        .is_none())
}

/// After a phase is resolved: rewrites the site where `giglio.toml` names `[site] out`
/// (relative to the campaign directory `dir`); `None` where it names none.
pub fn after_phase(
    store: &Store,
    dir: &Path,
    campaign: &Campaign,
    env: &Environment,
    config: &crate::mail::config::Config,
) -> Result<Option<Published>> {
    let Some(out) = &config.site.out else {
        return Ok(None);
    };
    publish(
        store,
        campaign,
        env,
        &dir.join(out),
        config.site.url.as_deref(),
    )
    .map(Some)
}
