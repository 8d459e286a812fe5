//! `giglio new`: creates a campaign directory from a campaign definition.

use super::{DEFINITION_DIR, load_definition, ui};
use crate::auth;
use crate::error::{Error, Result};
use crate::rules::dice::Seed;
use crate::rules::{NationCode, World};
use crate::scenario::clubs;
use crate::storage::{NewCampaign, Store};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Create a campaign: the database, a copy of the definition, the clubs.
///
/// The definition is copied into DIR/campaign/, where the referee may edit its
/// numbers; `giglio map check` checks the edited copy.
#[derive(Debug, clap::Args)]
pub(crate) struct NewArgs {
    /// The campaign directory to create.
    pub(crate) dir: PathBuf,
    /// A built-in campaign name or a definition directory.
    #[arg(long, value_name = "NAME|PATH", default_value = "il-giglio")]
    pub(crate) campaign: String,
    /// Seed the campaign's dice from this number (reproducible); default: random.
    #[arg(long, value_name = "N")]
    pub(crate) seed: Option<u64>,
    /// TOML file mapping nations to clubs (name, e-mail addresses, language).
    #[arg(long, value_name = "FILE")]
    pub(crate) clubs: Option<PathBuf>,
    /// The From of every message giglio sends (`"Arbitro <arbitro@club.it>"`), written
    /// to giglio.toml before the welcomes are composed: they tell clubs where to write.
    #[arg(long, value_name = "MAILBOX")]
    pub(crate) from: Option<String>,
    /// The referee's address for the referee's report and every alert (repeatable).
    #[arg(long, value_name = "ADDRESS")]
    pub(crate) referee: Vec<String>,
    /// Where clubs send their orders, when not to --from.
    #[arg(long, value_name = "ADDRESS")]
    pub(crate) orders: Option<String>,
    /// Leave the clubs' secrets out of their welcome messages: you hand them over
    /// another way (they are printed here once either way).
    #[arg(long)]
    pub(crate) secrets_by_hand: bool,
    /// Queue no welcome messages (`giglio welcome` queues them later, without secrets).
    #[arg(long, conflicts_with = "secrets_by_hand")]
    pub(crate) no_welcome: bool,
    /// Print JSON instead of text (the secrets in it, shown once all the same).
    #[arg(long)]
    pub(crate) json: bool,
}

/// Returns the master seed for a number given with `--seed`.
fn master_seed_from(n: u64) -> Seed {
    let mut h = Sha256::new();
    h.update(b"giglio/master-seed/v1\0");
    h.update(n.to_string().as_bytes());
    h.finalize().into()
}

fn random_master_seed() -> Result<Seed> {
    let mut seed = [0u8; 32];
    getrandom::fill(&mut seed)
        .map_err(|e| Error::io(format!("the system gave no random seed: {e}")))?;
    Ok(seed)
}

pub(crate) fn cmd_new(_: &Path, args: NewArgs) -> Result<()> {
    let (mut store, secrets) = create(&args)?;
    // The secrets are printed whatever becomes of the welcomes: they exist nowhere else.
    let welcomes = queue_welcomes(&mut store, &args, &secrets);
    let current = store.current()?;
    let clubs = store.clubs()?;
    if args.json {
        return ui::out_json(&super::json::Created {
            campaign: store.name()?,
            dir: args.dir.display().to_string(),
            phase: current.id.key(),
            seed_commitment: current.seed_commitment.clone(),
            clubs,
            secrets,
            welcomes_queued: *welcomes.as_ref().unwrap_or(&0),
            welcome_error: welcomes.as_ref().err().map(|e| format!("{e:#}")),
        });
    }
    let mut text = format!(
        "created campaign `{}` in {}\nopen phase: {}\nseed commitment: {}\nclubs:\n",
        store.name()?,
        args.dir.display(),
        current.id,
        current.seed_commitment
    );
    for c in &clubs {
        text.push_str(&format!(
            "  {:<4} {} <{}> ({})\n",
            c.nation,
            c.name,
            c.emails.join(", "),
            c.lang.as_str()
        ));
    }
    text.push_str("club secrets (shown once: send each to its club; `giglio club secret CODE --rotate` issues a new one):\n");
    for (nation, secret) in &secrets {
        text.push_str(&format!("  {nation:<4} {secret}\n"));
    }
    match &welcomes {
        Err(e) => text.push_str(&format!(
            "the welcome messages could not be queued: {e:#}\n(`giglio welcome` queues them later, without the secrets)\n"
        )),
        Ok(0) => {}
        Ok(welcomes) => text.push_str(&format!(
            "{} queued ({}); `giglio -C {} mail send` delivers them\n",
            ui::count(*welcomes, "welcome message"),
            if args.secrets_by_hand {
                "without the secrets"
            } else {
                "each with its club's secret, kept until delivered"
            },
            args.dir.display()
        )),
    }
    text.push_str(&format!(
        "the definition is in {}/{DEFINITION_DIR}/; `giglio -C {} status` shows what the phase waits for\n",
        args.dir.display(),
        args.dir.display()
    ));
    ui::out(&text);
    Ok(())
}

/// Creates the campaign described by `args`; returns its store (holding the lock) and
/// the clubs' secrets, which are stored only as hashes.
pub(crate) fn create(args: &NewArgs) -> Result<(Store, BTreeMap<String, String>)> {
    // The addresses checked before anything is written.
    let text = config_text(args)?;
    let (campaign, source) = load_definition(&args.campaign)?;
    let clubs = match &args.clubs {
        None => clubs::default_clubs(&campaign),
        Some(path) => {
            let text = read_small(path)?;
            let shown = path.display().to_string();
            clubs::parse(&shown, &text, &campaign).map_err(|diags| {
                let rendered: String = diags.iter().map(|d| d.render(&text)).collect();
                Error::invalid(
                    format!(
                        "the clubs file is invalid: {}",
                        ui::count(diags.len(), "problem")
                    ),
                    diags,
                    rendered,
                )
            })?
        }
    };
    let master_seed = match args.seed {
        Some(n) => master_seed_from(n),
        None => random_master_seed()?,
    };
    let club_nations: Vec<NationCode> =
        clubs.iter().map(|c| NationCode(c.nation.clone())).collect();
    let world = World::start(&campaign, &club_nations);
    let def_dir = args.dir.join(DEFINITION_DIR);
    if args.dir.join(crate::storage::DB_FILE).exists() {
        return Err(Error::user(format!(
            "{} already holds a campaign; choose another directory",
            args.dir.display()
        )));
    }
    std::fs::create_dir_all(&def_dir).map_err(|e| Error::io_at(&def_dir, e))?;
    for (name, text) in &source.files {
        let path = def_dir.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| Error::io_at(parent, e))?;
        }
        std::fs::write(&path, text).map_err(|e| Error::write_at(&path, e))?;
    }
    let config_path = args.dir.join(crate::mail::config::CONFIG_FILE);
    let given = args.from.is_some() || !args.referee.is_empty() || args.orders.is_some();
    if !config_path.exists() {
        std::fs::write(&config_path, text).map_err(|e| Error::write_at(&config_path, e))?;
    } else if given {
        return Err(Error::user(format!(
            "{} exists already: set [mail] from, referee and orders there, not with giglio new",
            config_path.display()
        )));
    }
    let config = crate::mail::config::load(&args.dir)?;
    // The mailbox giglio.toml names, made now: mail can be delivered into it before
    // the service's first pass.
    if let Some(md) = &config.intake.maildir {
        crate::mail::maildir::create(&args.dir.join(md))?;
    }
    let mut secrets = BTreeMap::new();
    let mut hashes = BTreeMap::new();
    for c in &clubs {
        let secret = auth::issue()?;
        hashes.insert(c.nation.clone(), auth::hash(&secret)?);
        secrets.insert(c.nation.clone(), secret);
    }
    let now = super::now();
    let command = format!("new {}", args.dir.display());
    let mut store = Store::create(
        &args.dir,
        NewCampaign {
            name: &campaign.name,
            master_seed,
            definition: &source.files,
            definition_hash: &source.hash(),
            clubs: &clubs,
            secrets: &hashes,
            world: &world,
            now: &now,
            command: &command,
        },
    )?;
    // The first phase's deadline, from giglio.toml's [deadlines].
    let tz = crate::engine::deadline::zone(&campaign.time_zone)?;
    if let Some(at) =
        crate::engine::deadline::default_for(world.phase, &now, &config.deadlines, tz)?
    {
        store.set_deadline(&world.phase.key(), &at, &now, &command)?;
    }
    Ok((store, secrets))
}

/// Queues every club's welcome (with its secret unless the referee hands secrets over
/// by hand); returns how many.
/// The `giglio.toml` a new campaign starts with: the template, with the addresses the
/// referee gave (each checked as a mailbox first).
fn config_text(args: &NewArgs) -> Result<String> {
    let quoted = |flag: &str, s: &str| -> Result<String> {
        crate::mail::compose::mailbox(s).map_err(|e| Error::user(format!("--{flag}: {e:#}")))?;
        Ok(toml::Value::String(s.trim().to_owned()).to_string())
    };
    let mut text = crate::mail::config::TEMPLATE.to_owned();
    if let Some(from) = &args.from {
        let line = format!("from = {}", quoted("from", from)?);
        text = text.replacen(
            "from = \"Arbitro del Giglio <arbitro@giglio.invalid>\"",
            &line,
            1,
        );
    }
    if !args.referee.is_empty() {
        let list: Vec<String> = args
            .referee
            .iter()
            .map(|r| quoted("referee", r))
            .collect::<Result<_>>()?;
        text = text.replacen(
            "referee = []",
            &format!("referee = [{}]", list.join(", ")),
            1,
        );
    }
    if let Some(orders) = &args.orders {
        let line = format!("orders = {}", quoted("orders", orders)?);
        text = text.replacen("# orders = \"ordini@example.org\"", &line, 1);
    }
    Ok(text)
}

fn queue_welcomes(
    store: &mut Store,
    args: &NewArgs,
    secrets: &BTreeMap<String, String>,
) -> Result<usize> {
    if args.no_welcome {
        return Ok(0);
    }
    let none = BTreeMap::new();
    let mailed = if args.secrets_by_hand { &none } else { secrets };
    super::welcome::queue(store, &args.dir, None, mailed, false)
}

/// Largest clubs file read.
const MAX_CLUBS_FILE: u64 = 256 * 1024;

fn read_small(path: &Path) -> Result<String> {
    let meta = std::fs::metadata(path)
        .map_err(|e| Error::user(format!("cannot read {}: {e}", path.display())))?;
    if meta.len() > MAX_CLUBS_FILE {
        return Err(Error::user(format!(
            "{} is {} bytes; a clubs file may have at most {MAX_CLUBS_FILE}",
            path.display(),
            meta.len()
        )));
    }
    let bytes = std::fs::read(path).map_err(|e| Error::read_at(path, e))?;
    String::from_utf8(bytes)
        .map_err(|_| Error::user(format!("{} is not valid UTF-8", path.display())))
}
