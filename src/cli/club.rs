//! `giglio club`: the clubs of the campaign and their secrets.

use super::ui;
use crate::auth;
use crate::error::{Error, Result};
use crate::storage::Store;
use std::path::Path;

/// List clubs, or issue a club a new secret.
#[derive(Debug, clap::Subcommand)]
pub enum ClubCommand {
    /// List the clubs: nation, name, addresses, language.
    List {
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Issue a club a new secret (the old one stops working at once).
    Secret {
        /// The club's nation code.
        nation: String,
        /// Required: says you mean to replace the secret.
        #[arg(long)]
        rotate: bool,
    },
}

pub fn cmd_club(dir: &Path, cmd: ClubCommand) -> Result<()> {
    match cmd {
        ClubCommand::List { json } => {
            let store = Store::open_read(dir)?;
            let clubs = store.clubs()?;
            if json {
                return ui::out_json(&clubs);
            }
            let mut out = String::new();
            for c in &clubs {
                out.push_str(&format!(
                    "{:<4} {} <{}> ({})\n",
                    c.nation,
                    c.name,
                    c.emails.join(", "),
                    c.lang.as_str()
                ));
            }
            ui::out(&out);
            Ok(())
        }
        ClubCommand::Secret { nation, rotate } => {
            if !rotate {
                return Err(Error::user(
                    "secrets are stored only as hashes and cannot be shown again; use `--rotate` to issue a new one",
                ));
            }
            let mut store = Store::open_write(dir, &format!("club secret {nation} --rotate"))?;
            let secret = auth::issue()?;
            store.set_secret_hash(
                &nation,
                &auth::hash(&secret)?,
                &super::now(),
                &format!("club secret {nation} --rotate"),
            )?;
            ui::out(&format!(
                "new secret of the club of {nation} (shown once; the old one no longer works):\n  {secret}\n"
            ));
            Ok(())
        }
    }
}
