//! `giglio map`: check a campaign definition, list the map, draw it as SVG.

use super::json::{MapListing, NodeRow, SeaRow};
use super::{DEFINITION_DIR, load_definition, ui};
use crate::error::{Error, Result};
use crate::report;
use crate::rules::world::Fortification;
use crate::rules::{Campaign, World};
use crate::storage::Store;
use std::path::{Path, PathBuf};

/// Check, list or draw the map.
#[derive(Debug, clap::Subcommand)]
pub(crate) enum MapCommand {
    /// Check a campaign definition and report every problem as file:line:col.
    Check(CheckArgs),
    /// List nodes, roads, sea zones, lanes, ports and bans.
    Show(ShowArgs),
    /// Draw the political map as SVG.
    Render(RenderArgs),
}

#[derive(Debug, clap::Args)]
pub(crate) struct CheckArgs {
    /// A built-in campaign name or a definition directory; default: the campaign's own
    /// definition (DIR/campaign), or the built-in `il-giglio` outside a campaign.
    pub(crate) path: Option<String>,
}

#[derive(Debug, clap::Args)]
pub(crate) struct ShowArgs {
    /// Print JSON instead of text.
    #[arg(long)]
    pub(crate) json: bool,
    /// Show a definition instead of the campaign in DIR.
    #[arg(long, value_name = "NAME|PATH")]
    pub(crate) campaign: Option<String>,
}

#[derive(Debug, clap::Args)]
pub(crate) struct RenderArgs {
    /// Where to write the SVG.
    #[arg(long, value_name = "FILE.svg")]
    pub(crate) out: PathBuf,
    /// Draw this club's own pieces too.
    #[arg(long, value_name = "CODE")]
    pub(crate) club: Option<String>,
    /// Draw a definition's starting position instead of the campaign in DIR.
    #[arg(long, value_name = "NAME|PATH")]
    pub(crate) campaign: Option<String>,
}

pub(crate) fn cmd_map(dir: &Path, cmd: MapCommand) -> Result<()> {
    match cmd {
        MapCommand::Check(a) => check(dir, a),
        MapCommand::Show(a) => show(dir, a),
        MapCommand::Render(a) => render(dir, a),
    }
}

/// Finds the definition a map command is about: given, the campaign's own, or built-in.
fn definition_path(dir: &Path, given: Option<String>) -> String {
    given.unwrap_or_else(|| {
        let own = dir.join(DEFINITION_DIR);
        if own.is_dir() {
            own.to_string_lossy().into_owned()
        } else {
            "il-giglio".to_owned()
        }
    })
}

/// The campaign and world a map command draws: a campaign's current world, or a
/// definition's starting position.
fn campaign_and_world(dir: &Path, given: Option<String>) -> Result<(Campaign, World)> {
    match given {
        Some(def) => {
            let (campaign, _) = load_definition(&def)?;
            let played: Vec<_> = campaign
                .nations
                .iter()
                .filter(|n| n.played)
                .map(|n| n.code.clone())
                .collect();
            let world = World::start(&campaign, &played);
            Ok((campaign, world))
        }
        None => {
            let store = Store::open_read(dir)?;
            let (campaign, _) = super::campaign_of(dir)?;
            Ok((campaign, store.current()?.world))
        }
    }
}

fn check(dir: &Path, a: CheckArgs) -> Result<()> {
    let path = definition_path(dir, a.path);
    let (c, source) = load_definition(&path)?;
    let rulesets =
        crate::scenario::rulesets(&source).map_err(|d| super::invalid_files(d, Some(&source)))?;
    let m = &c.map;
    let ports = m.nodes().filter(|n| n.port).count();
    ui::out(&format!(
        "ok: {path}: {} nations, {} nodes, {} roads, {} sea zones, {} sea lanes, {} ports, {} bans, {} rulesets\n",
        c.nations.len(),
        m.node_count(),
        m.roads().len(),
        m.seas().count(),
        m.lanes().len(),
        ports,
        m.bans().len(),
        rulesets.len()
    ));
    Ok(())
}

fn show(dir: &Path, a: ShowArgs) -> Result<()> {
    let (c, world) = campaign_and_world(dir, a.campaign)?;
    let m = &c.map;
    let listing = MapListing {
        nodes: m
            .nodes()
            .map(|n| {
                let state = world.nodes.get(&n.code);
                NodeRow {
                    code: n.code.to_string(),
                    name: n.name.clone(),
                    kind: n.kind.as_str(),
                    capital: n.capital,
                    port: n.port,
                    owner: state.map_or(n.owner.to_string(), |s| s.owner.to_string()),
                    fortification: state.map_or(Fortification::None, |s| s.fortification),
                    roads: m
                        .neighbours(n.code.as_str())
                        .map(ToString::to_string)
                        .collect(),
                    seas: m
                        .seas_of_port(n.code.as_str())
                        .into_iter()
                        .map(ToString::to_string)
                        .collect(),
                }
            })
            .collect(),
        seas: m
            .seas()
            .map(|s| SeaRow {
                code: s.code.to_string(),
                name: s.name.clone(),
                lanes: m
                    .sea_neighbours(s.code.as_str())
                    .map(ToString::to_string)
                    .collect(),
                ports: m
                    .ports_on(s.code.as_str())
                    .map(ToString::to_string)
                    .collect(),
            })
            .collect(),
        bans: m.bans().to_vec(),
    };
    if a.json {
        return ui::out_json(&listing);
    }
    let mut text = String::new();
    for n in &listing.nodes {
        let flags = [(n.capital, "capital"), (n.port, "port")]
            .iter()
            .filter(|(on, _)| *on)
            .map(|(_, s)| *s)
            .collect::<Vec<_>>()
            .join(",");
        let fort = match n.fortification {
            Fortification::None => "open",
            Fortification::Fortified => "fortified",
            Fortification::Breached => "breached",
        };
        text.push_str(&format!(
            "{:<6} {:<22} {:<8} {:<9} {:<12} owner {:<4} roads {}{}\n",
            n.code,
            n.name,
            n.kind,
            fort,
            flags,
            n.owner,
            n.roads.join(" "),
            if n.seas.is_empty() {
                String::new()
            } else {
                format!("  seas {}", n.seas.join(" "))
            }
        ));
    }
    for s in &listing.seas {
        text.push_str(&format!(
            "{:<6} {:<26} lanes {}  ports {}\n",
            s.code,
            s.name,
            s.lanes.join(" "),
            s.ports.join(" ")
        ));
    }
    for b in &listing.bans {
        text.push_str(&format!(
            "ban: {} may not move {} → {} in rounds {:?}  {}\n",
            b.nation, b.from, b.to, b.rounds, b.note
        ));
    }
    ui::out(&text);
    Ok(())
}

fn render(dir: &Path, a: RenderArgs) -> Result<()> {
    let (c, world) = campaign_and_world(dir, a.campaign)?;
    if let Some(club) = &a.club
        && c.nation(club).is_none()
    {
        return Err(Error::user(format!(
            "`{club}` is not a nation of this campaign"
        )));
    }
    let env = report::environment(Some(&dir.join("templates")), super::words_of(dir)?)?;
    // The referee's own map shows every piece; with --club, that club's.
    let svg = match a.club.as_deref() {
        Some(club) => {
            report::map::render(&c, &world, Some(club), crate::rules::tables::Lang::It, &env)?
        }
        None => report::map::render_referee(&c, &world, &env)?,
    };
    std::fs::write(&a.out, svg).map_err(|e| Error::write_at(&a.out, e))?;
    ui::out(&format!("wrote {}\n", a.out.display()));
    Ok(())
}
