//! `giglio demo`: a demo campaign, made and shown in one command, with no server and
//! no network.

use super::new::{NewArgs, create};
use super::status::{StatusArgs, cmd_status};
use super::ui;
use crate::error::{Error, Result};
use crate::report;
use std::path::{Path, PathBuf};

/// Create a demo campaign of Il Giglio (seed 1494), show its status and draw its map.
#[derive(Debug, clap::Args)]
pub struct DemoArgs {
    /// Where to create it; a previous demo there is replaced.
    #[arg(default_value = "giglio-demo")]
    pub dir: PathBuf,
}

/// Marks a directory as made by `giglio demo`, so it may be replaced by the next one.
const MARKER: &str = "DEMO";

pub fn cmd_demo(args: DemoArgs) -> Result<()> {
    clear_previous(&args.dir)?;
    let (store, _secrets) = create(&NewArgs {
        dir: args.dir.clone(),
        campaign: "il-giglio".into(),
        seed: Some(1494),
        clubs: None,
    })?;
    std::fs::write(
        args.dir.join(MARKER),
        "made by `giglio demo`; the next demo may replace this directory\n",
    )?;
    let (campaign, _) = super::campaign_of(&args.dir)?;
    let world = store.current()?.world;
    drop(store);
    let env = report::environment(None)?;
    let svg_path = args.dir.join("map.svg");
    std::fs::write(
        &svg_path,
        report::map::render(&campaign, &world, None, &env)?,
    )?;
    ui::out(&format!(
        "demo campaign created in {}\n\n",
        args.dir.display()
    ));
    cmd_status(&args.dir, StatusArgs { json: false })?;
    ui::out(&format!(
        "\nmap: {}\ntry: giglio -C {} map show | head\n     giglio -C {} export --json | head -40\n",
        svg_path.display(),
        args.dir.display(),
        args.dir.display()
    ));
    Ok(())
}

/// Removes a previous demo; refuses to touch a directory that holds anything else.
fn clear_previous(dir: &Path) -> Result<()> {
    if !dir.exists() {
        return Ok(());
    }
    let is_demo = dir.join(MARKER).is_file();
    let empty = std::fs::read_dir(dir)?.next().is_none();
    if empty {
        return Ok(());
    }
    if !is_demo {
        return Err(Error::user(format!(
            "{} exists and was not made by `giglio demo`; choose another directory",
            dir.display()
        )));
    }
    std::fs::remove_dir_all(dir)?;
    Ok(())
}
